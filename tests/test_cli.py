"""Command line (SPEC §3): in-process ``main`` and the installed ``tea-solver`` script."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import LATIN, REPO, SyntheticTranslator
from tea_solver.cli import main
from tea_solver.io import load_checklist, read_instance_file
from tea_solver.template import generates, parse_template

HI_DEMO = REPO / "data" / "demo" / "hi.instances.jsonl"


def run_main(argv, capsys):
    """(exit status, stdout, stderr lines) of an in-process run."""
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err.splitlines()


def assert_one_error_line(err_lines, *needles):
    assert len(err_lines) == 1, err_lines
    line = err_lines[0]
    assert line.startswith("tea-solver: error:"), line
    assert "Traceback" not in line
    for n in needles:
        assert n in line, (n, line)


def leftovers(directory: Path, keep=()):
    """Files in ``directory`` besides ``keep`` (temporary files included)."""
    return sorted(p.name for p in directory.iterdir() if p.name not in keep)


def translate_file(src: Path, dst: Path, translator) -> int:
    lines = src.read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines:
        rec = json.loads(line)
        rec["target"] = translator(rec["source"])
        out.append(json.dumps(rec, ensure_ascii=False))
    dst.write_text("\n".join(out) + "\n", encoding="utf-8")
    return len(out)


@pytest.fixture
def checklist_file(tmp_path, tiny_checklist):
    p = tmp_path / "source.json"
    p.write_text(json.dumps(tiny_checklist), encoding="utf-8")
    return p


@pytest.fixture
def instances_file(tmp_path, checklist_file, capsys):
    """The tiny checklist expanded by the CLI and translated."""
    raw = tmp_path / "expanded.jsonl"
    assert main(["expand", str(checklist_file), "-o", str(raw)]) == 0
    capsys.readouterr()
    inst = tmp_path / "instances.jsonl"
    translate_file(raw, inst, SyntheticTranslator(LATIN))
    return inst


# --------------------------------------------------------------------------- #
# Round trip

def test_expand_extract_round_trip_in_process(tmp_path, checklist_file, capsys):
    raw = tmp_path / "expanded.jsonl"
    rc, out, err = run_main(["expand", checklist_file, "-o", raw, "--seed", "3"], capsys)
    assert rc == 0, err
    assert "36 instances" in " ".join(err)
    records = [json.loads(l) for l in raw.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 9 + 9 + 18
    assert all("fill" in r and "source" in r and "target" not in r for r in records)

    inst = tmp_path / "instances.jsonl"
    translate_file(raw, inst, SyntheticTranslator(LATIN))
    target = tmp_path / "target.json"
    rc, out, err = run_main(["extract", inst, "-o", target, "--solver", "ilp"], capsys)
    assert rc == 0, err
    doc = load_checklist(target)                  # a valid CheckList, read back
    assert len(doc["templates"]) == 3
    by_group = {t["source_template_id"]: t for t in doc["templates"]}
    assert set(by_group) == {"tiny-001", "tiny-002", "tiny-003"}
    assert by_group["tiny-002"]["label"] == 0
    assert by_group["tiny-002"]["capability"] == "Negation"
    for r in read_instance_file(inst).records:
        t = by_group[r.template_id]
        assert generates(parse_template(t["template"]), t["lexicons"], r.target_value)
    assert leftovers(tmp_path) == sorted(["source.json", "expanded.jsonl", "instances.jsonl",
                                          "target.json"])


def test_extract_options_round_trip(tmp_path, instances_file, capsys):
    target = tmp_path / "greedy.json"
    rc, _out, err = run_main(["extract", instances_file, "-o", target, "--solver", "greedy",
                              "--k", "3", "--min-support", "2", "--time-limit", "5",
                              "--seed", "7", "--key-selection", "iterative"], capsys)
    assert rc == 0, err
    doc = json.loads(target.read_text(encoding="utf-8"))
    s = doc["report"]["settings"]
    assert (s["solver"], s["k"], s["min_support"], s["time_limit"], s["seed"],
            s["key_selection"]) == ("greedy", 3, 2, 5.0, 7, "iterative")
    assert all(g["status"] == "GREEDY" for g in doc["report"]["groups"])


def test_round_trip_through_installed_script(tmp_path, checklist_file):
    """One real subprocess of the ``tea-solver`` entry point: expand, then extract."""
    exe = shutil.which("tea-solver")
    cmd = [exe] if exe else [sys.executable, "-m", "tea_solver.cli"]
    raw = tmp_path / "expanded.jsonl"
    p = subprocess.run(cmd + ["expand", str(checklist_file), "-o", str(raw),
                              "--max-per-template", "5"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert len(raw.read_text(encoding="utf-8").splitlines()) == 15
    inst = tmp_path / "instances.jsonl"
    translate_file(raw, inst, SyntheticTranslator(LATIN))
    target = tmp_path / "target.json"
    p = subprocess.run(cmd + ["extract", str(inst), "-o", str(target)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout == ""
    assert "Traceback" not in p.stderr
    doc = load_checklist(target)
    assert {t["source_template_id"] for t in doc["templates"]} == \
        {"tiny-001", "tiny-002", "tiny-003"}
    # a bad argument through the real script: one line, exit 2
    p = subprocess.run(cmd + ["extract", str(inst), "-o", str(target), "--k", "0"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert_one_error_line(p.stderr.splitlines(), "--k")


# --------------------------------------------------------------------------- #
# Demo

def test_demo_subprocess(tmp_path):
    exe = shutil.which("tea-solver")
    cmd = [exe] if exe else [sys.executable, "-m", "tea_solver.cli"]
    p = subprocess.run(cmd + ["demo", "--review-dir", str(tmp_path)], capture_output=True,
                       text=True, timeout=300, cwd=str(REPO))
    assert p.returncode == 0, p.stderr
    assert "greedy" in p.stdout and "OPTIMAL" in p.stdout
    assert "Traceback" not in p.stderr
    # a table: a header naming greedy, a ruler, one OPTIMAL row per group
    lines = p.stdout.splitlines()
    ruler = next(n for n, l in enumerate(lines) if l and set(l) <= {"-", " "})
    assert "greedy" in lines[ruler - 1]
    assert sum("OPTIMAL" in l for l in lines[ruler + 1:]) >= 3
    # it ends with the review pages' paths
    assert lines[-2:] == ["  %s" % (tmp_path / lang / "review.html") for lang in ("hi", "ja")]
    assert all((tmp_path / lang / "review.html").is_file() for lang in ("hi", "ja"))


def test_demo_in_process_follows_stdout_redirection(monkeypatch, tmp_path):
    import tea_solver.demo as demo          # imported before the redirection

    def fake_extract(records, opts, progress=None, **kw):   # keep this test fast
        groups = [{"template_id": "g", "instances": len(records), "templates": 1,
                   "status": "OPTIMAL" if opts.solver == "ilp" else "GREEDY",
                   "lower_bound": 1, "seconds": 0.0, "dropped": []}]
        return {"format": "tea-checklist/1", "lexicons": {}, "templates": [],
                "report": {"groups": groups}}

    monkeypatch.setattr(demo, "extract", fake_extract)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = main(["demo", "--review-dir", str(tmp_path)])
    assert rc == 0
    assert "greedy" in buf.getvalue() and "OPTIMAL" in buf.getvalue()


# --------------------------------------------------------------------------- #
# Bad arguments: exit 2, one line, no traceback

@pytest.mark.parametrize("args,needle", [
    (["--k", "0"], "--k"),
    (["--k", "two"], "--k"),
    (["--time-limit", "-1"], "--time-limit"),
    (["--time-limit", "0"], "--time-limit"),
    (["--time-limit", "nan"], "--time-limit"),
    (["--solver", "simplex"], "--solver"),
    (["--keys", "magic"], "--keys"),
    (["--min-support", "-2"], "--min-support"),
    (["--jobs", "0"], "--jobs"),
    (["--jobs", "two"], "--jobs"),
    (["--no-such-flag"], "--no-such-flag"),
])
def test_bad_extract_arguments(tmp_path, instances_file, capsys, args, needle):
    target = tmp_path / "out.json"
    rc, out, err = run_main(["extract", instances_file, "-o", target] + args, capsys)
    assert rc == 2
    assert_one_error_line(err, needle)
    assert not target.exists()


@pytest.mark.parametrize("argv", [[], ["frobnicate"], ["extract"], ["expand", "x.json"]])
def test_bad_commands(capsys, argv):
    rc, _out, err = run_main(argv, capsys)
    assert rc == 2
    assert_one_error_line(err)


# --------------------------------------------------------------------------- #
# Bad input files: exit 2, one line naming file and line, no output left

def test_malformed_instance_file(tmp_path, capsys):
    bad = tmp_path / "in" / "bad.jsonl"
    bad.parent.mkdir()
    good = json.dumps({"id": "a", "template_id": "t", "target": "Paris is big."})
    bad.write_text(good + "\n" + '{"id": "b", "template_id": "t", "target": \n',
                   encoding="utf-8")
    outdir = tmp_path / "out"
    outdir.mkdir()
    target = outdir / "target.json"
    rc, out, err = run_main(["extract", bad, "-o", target], capsys)
    assert rc == 2
    assert_one_error_line(err, "%s:2:" % bad, "JSON")
    assert not target.exists()
    assert leftovers(outdir) == []            # no temporary file either


def test_missing_field_names_file_and_line(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    recs = [{"id": "a", "template_id": "t", "target": "x"},
            {"id": "b", "template_id": "t", "target": "y"},
            {"id": "c", "template_id": "t"}]
    bad.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    target = tmp_path / "target.json"
    target.write_text("OLD", encoding="utf-8")     # an earlier good output survives
    rc, _out, err = run_main(["extract", bad, "-o", target], capsys)
    assert rc == 2
    assert_one_error_line(err, "%s:3:" % bad, "target")
    assert target.read_text(encoding="utf-8") == "OLD"
    assert leftovers(tmp_path, keep=("bad.jsonl", "target.json")) == []


@pytest.mark.parametrize("content,needle", [("", "empty"), (b"\xff\xfe{", "UTF-8")])
def test_empty_and_undecodable_files(tmp_path, capsys, content, needle):
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    rc, _out, err = run_main(["extract", bad, "-o", tmp_path / "o.json"], capsys)
    assert rc == 2
    assert_one_error_line(err, str(bad), needle)
    assert leftovers(tmp_path, keep=("bad.jsonl",)) == []


def test_missing_input_file(tmp_path, capsys):
    rc, _out, err = run_main(["extract", tmp_path / "nope.jsonl", "-o", tmp_path / "o.json"],
                             capsys)
    assert rc == 2
    assert_one_error_line(err, "nope.jsonl")
    assert leftovers(tmp_path) == []


def test_bad_checklist_for_expand(tmp_path, capsys):
    bad = tmp_path / "cl.json"
    bad.write_text('{"format": "tea-checklist/1",\n "templates": [\n'
                   '  {"id": "t", "template": "{nokey} is here."}\n]}\n', encoding="utf-8")
    out = tmp_path / "x.jsonl"
    rc, _out, err = run_main(["expand", bad, "-o", out], capsys)
    assert rc == 2
    assert_one_error_line(err, "%s:3:" % bad, "nokey")
    assert leftovers(tmp_path, keep=("cl.json",)) == []


def test_unwritable_output_leaves_no_temp_file(tmp_path, instances_file, capsys):
    outdir = tmp_path / "out"
    outdir.mkdir()
    victim = outdir / "target.json"
    victim.mkdir()                              # cannot be replaced by a file
    rc, _out, err = run_main(["extract", instances_file, "-o", victim], capsys)
    assert rc == 2
    assert_one_error_line(err, str(victim))
    assert leftovers(outdir) == ["target.json"] and victim.is_dir()
    rc, _out, err = run_main(["extract", instances_file, "-o", tmp_path / "no" / "t.json"],
                             capsys)
    assert rc == 2
    assert_one_error_line(err, "t.json")


# --------------------------------------------------------------------------- #
# report.settings

def test_extract_demo_data_records_settings(tmp_path, capsys):
    target = tmp_path / "hi.json"
    rc, _out, err = run_main(["extract", HI_DEMO, "-o", target], capsys)
    assert rc == 0, err
    doc = json.loads(target.read_text(encoding="utf-8"))
    s = doc["report"]["settings"]
    for key in ("solver", "keys", "k", "min_support", "time_limit", "seed", "tool"):
        assert key in s, key
    assert (s["solver"], s["keys"], s["k"], s["min_support"]) == ("ilp", "align", 2, 1)
    assert s["tool"].startswith("tea-solver ")
    assert doc["lang"] == "hi"
    groups = doc["report"]["groups"]
    assert [g["template_id"] for g in groups] == ["demo-vocab-001", "demo-neg-001",
                                                  "demo-comp-001"]
    assert sum(g["instances"] for g in groups) == 66
    assert all(g["covered"] == g["instances"] for g in groups)
    recs = read_instance_file(HI_DEMO).records
    for r in recs:
        assert any(generates(parse_template(t["template"]), t["lexicons"], r.target_value)
                   for t in doc["templates"] if t["source_template_id"] == r.template_id)


def test_align_keys_fall_back_to_graph_keys_without_source(tmp_path, capsys):
    """Issue 3: ``--keys align`` on instances without ``source``/``fill`` (the
    paper's setting) extracts with graph keys, says so in one warning line and
    records it in the report; the output is the ``--keys graph`` output."""
    rows = [json.loads(line) for line in HI_DEMO.read_text(encoding="utf-8").splitlines()]
    for row in rows[1:]:
        del row["source"], row["fill"]
    inst = tmp_path / "nosource.jsonl"
    inst.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                    encoding="utf-8")
    rc, _out, err = run_main(["extract", inst, "-o", tmp_path / "align.json",
                              "--keys", "align"], capsys)
    assert rc == 0
    warnings = [line for line in err if line.startswith("tea-solver: warning:")]
    assert warnings == ["tea-solver: warning: %s:2: instance has no 'source' (needed by "
                        "--keys align); extracting with --keys graph" % inst]
    doc = json.loads((tmp_path / "align.json").read_text(encoding="utf-8"))
    assert doc["report"]["keys_fallback"]["line"] == 2
    assert doc["report"]["settings"]["keys"] == "graph"
    rc, _out, err = run_main(["extract", inst, "-o", tmp_path / "graph.json", "--keys",
                              "graph"], capsys)
    assert rc == 0 and not any("warning" in line for line in err)
    graph = json.loads((tmp_path / "graph.json").read_text(encoding="utf-8"))
    assert "keys_fallback" not in graph["report"]
    assert doc["templates"] == graph["templates"]
    # the default (align) falls back the same way, recorded but without a warning:
    # the user did not ask for align keys
    rc, _out, err = run_main(["extract", inst, "-o", tmp_path / "default.json"], capsys)
    assert rc == 0 and not any("warning" in line for line in err)
    default = json.loads((tmp_path / "default.json").read_text(encoding="utf-8"))
    assert default["report"]["keys_fallback"]["line"] == 2
    assert default["templates"] == graph["templates"]


def test_align_keys_do_not_fall_back_with_source(tmp_path, capsys):
    rc, _out, err = run_main(["extract", HI_DEMO, "-o", tmp_path / "t.json", "--keys", "align"],
                             capsys)
    assert rc == 0 and not any("warning" in line for line in err)
    doc = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert "keys_fallback" not in doc["report"] and doc["report"]["settings"]["keys"] == "align"
