"""tea-solver run: the bundled demo config end to end, make-like skipping, the
config in every output's report, bad configs."""

from __future__ import annotations

import io
import json
import os
import shutil
import time

import pytest

from tea_solver.cli import main
from tea_solver.extract import extract
from tea_solver.io import read_instance_file
from tea_solver.run import run_config, review_available
from tea_solver.run.config import DEFAULTS, extract_options, load_config

DEMO = os.path.join(os.path.dirname(__file__), "..", "data", "demo")


@pytest.fixture()
def demo(tmp_path):
    """A copy of the demo data (so tests can touch its files) and a work dir."""
    data = tmp_path / "demo"
    shutil.copytree(DEMO, data, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    return str(data / "demo.toml"), str(tmp_path / "work")


def run(config, workdir, **kw):
    out = io.StringIO()
    assert run_config(config, workdir=workdir, out=out, **kw) == 0
    lines = out.getvalue().splitlines()
    return {(ln.split()[0], ln.split()[1]): ln.split()[2] for ln in lines
            if len(ln.split()) >= 3 and ln.split()[2] in ("ran", "skipped")}, out.getvalue()


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def test_demo_config_runs_offline_and_matches_the_steps(demo):
    config, work = demo
    status, text = run(config, work)
    assert status[("*", "expand")] == "ran"
    for lang in ("hi", "ja"):
        assert status[(lang, "translate")] == status[(lang, "extract")] == "ran"
        assert status[(lang, "evaluate")] == "ran"
        # translate: the table reproduces the bundled demo instances exactly
        got = read_instance_file(os.path.join(work, "%s.instances.jsonl" % lang)).records
        want = read_instance_file(os.path.join(DEMO, "%s.instances.jsonl" % lang)).records
        assert [(r.id, r.target, r.raw) for r in got] == [(r.id, r.target, r.raw) for r in want]
        # extract: the same templates as extracting the bundled instances directly
        cfg = load_config(config)
        doc = read_json(os.path.join(work, "%s.checklist.json" % lang))
        direct = extract(want, extract_options(cfg))
        assert doc["templates"] == direct["templates"]
        # the config lands in the report
        assert doc["report"]["run"]["config"]["extract"]["keys"] == "align"
        assert doc["report"]["run"]["config_file"] == os.path.abspath(config)
        assert doc["report"]["run"]["lang"] == lang
        ev = read_json(os.path.join(work, "%s.evaluation" % lang, "evaluation.json"))
        assert ev["run"]["config"]["translate"]["backend"] == "pretranslated"
        assert ev["checklists"][0]["diversity"]["summary"]["templates"] == len(doc["templates"])
        stamp = read_json(os.path.join(work, "%s.instances.jsonl.run.json" % lang))
        assert stamp["settings"]["table"].endswith("%s.table.tsv" % lang)
        assert stamp["stats"]["written"] == 66
    assert "| lang | instances |" in text
    if not review_available():
        assert "no 'review export' command" in text


def test_second_run_skips_everything(demo):
    config, work = demo
    run(config, work)
    before = {f: os.stat(os.path.join(work, f)).st_mtime_ns for f in os.listdir(work)}
    status, _ = run(config, work)
    assert set(status.values()) == {"skipped"} and len(status) >= 7
    after = {f: os.stat(os.path.join(work, f)).st_mtime_ns for f in os.listdir(work)}
    assert before == after
    status, _ = run(config, work, force=True)
    assert {v for (lang, step), v in status.items() if step != "review"} == {"ran"}


def test_touched_input_reruns_that_language_downstream(demo):
    config, work = demo
    run(config, work)
    table = os.path.join(os.path.dirname(config), "ja.table.tsv")
    time.sleep(0.01)
    os.utime(table)
    status, _ = run(config, work)
    assert status[("*", "expand")] == "skipped"
    assert [status[("hi", s)] for s in ("translate", "extract", "evaluate")] == ["skipped"] * 3
    assert [status[("ja", s)] for s in ("translate", "extract", "evaluate")] == ["ran"] * 3


def test_changed_setting_reruns_from_its_step(demo):
    config, work = demo
    run(config, work)
    with open(config, encoding="utf-8") as f:
        text = f.read()
    with open(config, "w", encoding="utf-8") as f:
        f.write(text.replace('solver = "ilp"', 'solver = "greedy"'))
    status, _ = run(config, work)
    for lang in ("hi", "ja"):
        assert status[(lang, "translate")] == "skipped"
        assert status[(lang, "extract")] == status[(lang, "evaluate")] == "ran"
    doc = read_json(os.path.join(work, "hi.checklist.json"))
    assert doc["report"]["settings"]["solver"] == "greedy"
    assert doc["report"]["run"]["settings"]["solver"] == "greedy"


def test_table_miss_stops_the_run_with_one_line(demo, capsys):
    config, work = demo
    table = os.path.join(os.path.dirname(config), "hi.table.tsv")
    with open(table, encoding="utf-8") as f:
        lines = f.readlines()
    with open(table, "w", encoding="utf-8") as f:
        f.writelines(lines[:-1])
    assert main(["run", config, "--workdir", work]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no translation in" in err[0]
    assert not os.path.exists(os.path.join(work, "hi.instances.jsonl"))
    fails = os.path.join(work, "hi.instances.jsonl.failures.jsonl")
    with open(fails, encoding="utf-8") as f:
        assert len(f.readlines()) == 1


@pytest.mark.parametrize("text,problem", [
    ('[run]\nsource = "s.json"\nlangs = ["hi"]\n[extract]\nsovler = "ilp"\n',
     "[extract] unknown setting 'sovler'"),
    ('[run]\nsource = "s.json"\nlangs = ["hi"]\n[extrct]\n', "unknown section [extrct]"),
    ('[run]\nlangs = ["hi"]\n', "[run] source"),
    ('[run]\nsource = "s.json"\n', "[run] langs"),
    ('[run]\nsource = "s.json"\nlangs = ["hi"]\n[extract]\nk = "2"\n', "[extract] k must be int"),
    ('[run]\nsource = "s.json"\nlangs = ["hi"]\n[extract]\njobs = 0\n',
     '[extract] jobs must be a positive integer or "auto", not 0'),
    ('[run]\nsource = "s.json"\nlangs = ["hi"]\n[extract]\njobs = "two"\n',
     '[extract] jobs must be a positive integer or "auto"'),
    ('[run]\nsource = "s.json"\nlangs = ["hi"]\n[translate]\nbackend = "model"\n',
     "needs model"),
    ('[run\n', "invalid TOML"),
])
def test_bad_configs_exit_2_one_line(tmp_path, capsys, text, problem):
    config = tmp_path / "c.toml"
    config.write_text(text, encoding="utf-8")
    assert main(["run", str(config), "--workdir", str(tmp_path / "w")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and problem in err[0] and str(config) in err[0]


def test_every_extract_option_is_a_config_setting():
    from dataclasses import fields
    from tea_solver.extract import ExtractOptions
    assert {f.name for f in fields(ExtractOptions)} <= set(DEFAULTS["extract"])


def test_model_backend_config_with_a_tiny_model(tmp_path):
    pytest.importorskip("torch", reason="needs the 'models' extra")
    pytest.importorskip("transformers", reason="needs the 'models' extra")
    from tiny_mt import build_nllb
    build_nllb(str(tmp_path / "tiny-nllb"))
    shutil.copy(os.path.join(DEMO, "source.json"), tmp_path / "source.json")
    config = tmp_path / "model.toml"
    config.write_text(
        '[run]\nsource = "source.json"\nlangs = ["hi", "ja"]\n'
        '[expand]\nmax_per_template = 4\n'
        '[translate]\nbackend = "model"\nmodel = "tiny-nllb"\nnum_beams = 1\n'
        'max_new_tokens = 6\ncache = "cache.sqlite3"\ntgt = {ja = "jpn_Jpan"}\n'
        '[extract]\nsolver = "greedy"\nkeys = "graph"\n', encoding="utf-8")
    work = str(tmp_path / "work")
    status, _ = run(str(config), work)
    assert status[("hi", "translate")] == status[("ja", "translate")] == "ran"
    stamp = read_json(os.path.join(work, "ja.instances.jsonl.run.json"))
    assert stamp["stats"]["settings"]["tgt"] == "jpn_Jpan"
    assert stamp["stats"]["settings"]["model"] == str(tmp_path / "tiny-nllb")
    assert stamp["stats"]["translated"] == 12
    # forced: everything runs, but the translations come from the cache
    status, _ = run(str(config), work, force=True)
    stamp = read_json(os.path.join(work, "hi.instances.jsonl.run.json"))
    assert stamp["stats"]["cached"] == 12 and stamp["stats"]["translated"] == 0


@pytest.mark.parametrize("path", ["data/demo/demo.toml", "paper_repro/paper.toml"])
def test_bundled_configs_are_valid(path):
    repo = os.path.join(os.path.dirname(__file__), "..")
    cfg = load_config(os.path.join(repo, path))
    assert os.path.exists(cfg["run"]["source"]) or "shared" in cfg["run"]["source"]
    assert extract_options(cfg).keys in ("graph", "align")


def test_review_step_runs_where_the_command_exists(demo, monkeypatch):
    """`review export` is another branch's command: where it exists (simulated
    here through the CLI contract `review export TARGET -o DIR`), the run calls
    it after extract, records it, and skips it when up to date."""
    import tea_solver.cli as cli
    import tea_solver.run as run_mod
    calls = []
    real_main = cli.main

    def main_with_review(argv=None):
        if argv and argv[:2] == ["review", "export"]:
            calls.append(argv)
            os.makedirs(argv[4], exist_ok=True)
            with open(os.path.join(argv[4], "review.html"), "w", encoding="utf-8") as f:
                f.write("<html></html>")
            return 0
        return real_main(argv)

    monkeypatch.setattr(cli, "main", main_with_review)
    monkeypatch.setattr(run_mod, "review_available", lambda: True)
    config, work = demo
    status, _ = run(config, work)
    assert status[("hi", "review")] == status[("ja", "review")] == "ran"
    assert [c[2] for c in calls] == [os.path.join(work, "%s.checklist.json" % x)
                                     for x in ("hi", "ja")]
    assert os.path.exists(os.path.join(work, "hi.review", "review.html"))
    status, _ = run(config, work)
    assert status[("hi", "review")] == "skipped" and len(calls) == 2
