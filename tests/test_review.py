"""Human verification: review export, decisions (JSON and TSV), review import, evaluate."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from tea_solver.cli import main
from tea_solver.evaluate import evaluate
from tea_solver.extract import ExtractOptions, extract
from tea_solver.io import dump_checklist, read_instance_file, write_atomic
from tea_solver.review import export_review, import_review
from tea_solver.review.bundle import sha256_of
from tea_solver.template import generates, parse_template

DEMO = Path(__file__).resolve().parents[1] / "data" / "demo"
HI = str(DEMO / "hi.instances.jsonl")


@pytest.fixture(scope="module")
def target(tmp_path_factory) -> Path:
    """The demo's Hindi CheckList (alignment keys, ILP): 6 templates, one mistranslation."""
    d = tmp_path_factory.mktemp("review")
    doc = extract(read_instance_file(HI).records, ExtractOptions(keys="align", time_limit=10),
                  progress=False)
    path = d / "hi.json"
    write_atomic(path, dump_checklist(doc))
    return path


@pytest.fixture(scope="module")
def exported(target, tmp_path_factory):
    out = tmp_path_factory.mktemp("review-out")
    return export_review(str(target), str(out), instances=HI, source=str(DEMO / "source.json"))


def load(path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def template_by_id(bundle: dict) -> dict:
    return {t["id"]: t for g in bundle["groups"] for t in g["templates"]}


def decisions_file(tmp_path, sha, decisions, name="decisions.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"format": "tea-review-decisions/1", "target": "hi.json",
                                "target_sha256": sha, "decisions": decisions},
                               ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def tsv(rows) -> str:
    """Rows as a spreadsheet writes TSV."""
    buf = io.StringIO()
    csv.writer(buf, dialect="excel-tab", lineterminator="\n").writerows(rows)
    return buf.getvalue()


def write_tsv(rows, path: Path) -> Path:
    path.write_text(tsv(rows), encoding="utf-8")
    return path


def run(argv, capsys):
    rc = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return rc, captured.out, captured.err.strip().splitlines()


# --------------------------------------------------------------------------- export

def test_export_writes_one_offline_page_and_a_tsv(exported, target):
    page = Path(exported.html).read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("<html") == 1
    # no server, no network: nothing is loaded from anywhere, and the CSP forbids it
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "default-src 'none'" in page
    # every piece of target text is bidi-isolated: dir="auto" in the markup the script makes
    assert page.count('dir: "auto"') >= 8
    data = json.loads(re.search(r'<script type="application/json" id="review-data">(.*?)'
                                r'</script>', page, re.S).group(1))
    assert data == exported.bundle
    assert data["target_sha256"] == sha256_of(target)
    rows = list(csv.DictReader(io.StringIO(Path(exported.tsv).read_text(encoding="utf-8")),
                               dialect="excel-tab"))
    doc = load(target)
    assert [r["id"] for r in rows] == [t["id"] for t in doc["templates"]]
    assert all(r["action"] == "" and r["target_sha256"] == data["target_sha256"] for r in rows)


def test_bundle_holds_the_evidence_a_verifier_needs(exported):
    bundle = exported.bundle
    records = read_instance_file(HI).records
    groups = {g["id"]: g for g in bundle["groups"]}
    assert groups["demo-vocab-001"]["source"] == "The {air_noun} was {pos_adj}."
    assert groups["demo-vocab-001"]["source_examples"][0] == "The flight was good."
    for g in bundle["groups"]:
        mine = [r for r in records if r.template_id == g["id"]]
        covered = set()
        for t in g["templates"]:
            parsed = parse_template(t["template"])
            # covered = exactly the group's instances the template generates
            expect = [r.id for r in mine if generates(parsed, t["lexicons"], r.target_value)]
            assert [i for i, _ in t["covered"]] == expect and expect
            covered.update(expect)
            assert len(t["examples"]) == min(3, len(expect))
            assert all(e["source"] for e in t["examples"])
        assert [u["id"] for u in g["uncovered"]] == [r.id for r in mine if r.id not in covered]
    flags = {tid: t["flags"] for tid, t in template_by_id(bundle).items()}
    low = [tid for tid, f in flags.items() if any(x.startswith("low support") for x in f)]
    assert low == ["demo-vocab-001#2"]          # the mistranslation, seen once
    assert any(x.startswith("agreement split") for x in flags["demo-vocab-001#0"])


def test_export_without_instances_uses_what_each_template_generates(target, tmp_path):
    res = export_review(str(target), str(tmp_path / "r"))
    assert res.bundle["covered_from"] == "expansion"
    doc = load(target)
    for tobj in doc["templates"]:
        t = template_by_id(res.bundle)[tobj["id"]]
        parsed = parse_template(tobj["template"])
        assert t["covered"] and all(generates(parsed, tobj["lexicons"], s)
                                    for _, s in t["covered"])


def test_rtl_languages_are_marked(tmp_path):
    doc = {"format": "tea-checklist/1", "lang": "ar", "lexicons": {},
           "templates": [{"id": "g#0", "template": "{name} طويل.", "support": 2,
                          "source_template_id": "g", "lexicons": {"name": ["أحمد", "Omar"]}}]}
    path = tmp_path / "ar.json"
    write_atomic(path, dump_checklist(doc))
    res = export_review(str(path), str(tmp_path / "r"))
    assert res.bundle["rtl"] is True
    assert "أحمد" in Path(res.html).read_text(encoding="utf-8")


# --------------------------------------------------------------------------- round trip

@pytest.mark.parametrize("kind", ["none", "accept-json", "pending-tsv", "accept-tsv"])
def test_no_edits_round_trip_is_byte_identical(kind, exported, target, tmp_path, capsys):
    sha = exported.bundle["target_sha256"]
    ids = list(template_by_id(exported.bundle))
    if kind == "none":
        dec = decisions_file(tmp_path, sha, [])
    elif kind == "accept-json":
        dec = decisions_file(tmp_path, sha, [{"id": i, "action": "accept"} for i in ids])
    else:
        text = Path(exported.tsv).read_text(encoding="utf-8")
        if kind == "accept-tsv":
            rows = list(csv.reader(io.StringIO(text), dialect="excel-tab"))
            col = rows[0].index("action")
            for row in rows[1:]:
                row[col] = "accept"
            text = tsv(rows)
        dec = tmp_path / "decisions.tsv"
        dec.write_text(text, encoding="utf-8")
    verified = tmp_path / "verified.json"
    rc, _out, err = run(["review", "import", target, dec, "-o", verified], capsys)
    assert rc == 0, err
    assert verified.read_bytes() == target.read_bytes()
    assert any("byte for byte" in line for line in err)


# --------------------------------------------------------------------------- edits apply

def test_edits_and_deletions_apply_and_are_rechecked(exported, target, tmp_path, capsys):
    bundle = exported.bundle
    t0 = template_by_id(bundle)["demo-vocab-001#0"]
    lex = {k: list(v) for k, v in t0["lexicons"].items()}
    dropped = lex["air_noun"].pop(0)               # a verifier removes one noun
    fixed_text = "{air_noun} {pos_adj} थी ।"        # and changes the frame's spacing
    decisions = [
        {"id": "demo-vocab-001#0", "action": "edit", "template": fixed_text, "lexicons": lex,
         "covered": t0["covered"]},
        {"id": "demo-vocab-001#2", "action": "delete"},
        {"id": "demo-neg-001#0", "action": "accept"},
    ]
    dec = decisions_file(tmp_path, bundle["target_sha256"], decisions)
    verified = tmp_path / "verified.json"
    rc, _out, err = run(["review", "import", target, dec, "-o", verified], capsys)
    assert rc == 0, err
    doc, before = load(verified), load(target)
    ids = [t["id"] for t in doc["templates"]]
    assert "demo-vocab-001#2" not in ids and len(ids) == len(before["templates"]) - 1
    edited = next(t for t in doc["templates"] if t["id"] == "demo-vocab-001#0")
    assert edited["template"] == fixed_text and edited["lexicons"] == lex
    assert edited["support"] == 8                   # other fields are kept
    report = doc["report"]["verification"]
    assert report["decisions"] == {"accept": 1, "edit": 1, "delete": 1, "pending": 3}
    assert report["target_sha256"] == bundle["target_sha256"]
    row = next(r for r in report["templates"] if r["id"] == "demo-vocab-001#0")
    # the new spacing generates none of the old targets: every covered instance is lost
    assert row["lost"] == [i for i, _ in t0["covered"]] and row["covered"] == 8
    assert any("no longer generates 8 of the 8" in line for line in err)
    # the rest of the document is untouched
    assert doc["report"]["groups"] == before["report"]["groups"]
    untouched = [t for t in before["templates"] if t["id"] not in
                 ("demo-vocab-001#0", "demo-vocab-001#2")]
    assert [t for t in doc["templates"] if t["id"] in {u["id"] for u in untouched}] == untouched


def test_a_lexicon_edit_loses_exactly_the_instances_of_the_removed_value(exported, target,
                                                                         tmp_path, capsys):
    t0 = template_by_id(exported.bundle)["demo-vocab-001#0"]
    lex = {k: list(v) for k, v in t0["lexicons"].items()}
    removed = lex["pos_adj"].pop()
    dec = decisions_file(tmp_path, exported.bundle["target_sha256"],
                         [{"id": t0["id"], "action": "edit", "lexicons": lex,
                           "covered": t0["covered"]}])
    out = import_review(str(target), str(dec), str(tmp_path / "v.json"))
    row = out.templates[0]
    assert row["lost"] == [i for i, text in t0["covered"] if removed in text]
    assert row["lost"] and not row["template_changed"] and row["lexicons_changed"]


def test_tsv_edit_applies(exported, target, tmp_path, capsys):
    rows = list(csv.reader(io.StringIO(Path(exported.tsv).read_text(encoding="utf-8")),
                           dialect="excel-tab"))
    head = rows[0]
    row = next(r for r in rows[1:] if r[head.index("id")] == "demo-neg-001#1")
    row[head.index("action")] = "edit"
    row[head.index("template")] = row[head.index("template")].replace("नहीं", "न")
    victim = next(r for r in rows[1:] if r[head.index("id")] == "demo-vocab-001#2")
    victim[head.index("action")] = "delete"
    dec = write_tsv(rows, tmp_path / "d.tsv")
    verified = tmp_path / "v.json"
    rc, _out, err = run(["review", "import", target, dec, "-o", verified], capsys)
    assert rc == 0, err
    doc = load(verified)
    edited = next(t for t in doc["templates"] if t["id"] == "demo-neg-001#1")
    assert "न था" in edited["template"] and "नहीं" not in edited["template"]
    assert doc["report"]["verification"]["decisions"]["delete"] == 1
    assert any("demo-neg-001#1" in line and "no longer generates 6 of the 6" in line
               for line in err)


# --------------------------------------------------------------------------- bad decisions

def _bad_json_cases(sha):
    good = {"format": "tea-review-decisions/1", "target_sha256": sha}
    return {
        "malformed": ('{"format": "tea-review-decisions/1",\n "decisions": [\n', "malformed JSON"),
        "format": (json.dumps({**good, "format": "x", "decisions": []}), "not a decisions file"),
        "other-target": (json.dumps({**good, "target_sha256": "0" * 64, "decisions": []}),
                         "another target"),
        "unknown-id": (json.dumps({**good, "decisions": [{"id": "nope#1", "action": "accept"}]},
                                  indent=1), "does not have"),
        "action": (json.dumps({**good, "decisions": [{"id": "demo-neg-001#0",
                                                      "action": "maybe"}]}, indent=1),
                   "action must be one of"),
        "slot-syntax": (json.dumps({**good, "decisions": [
            {"id": "demo-neg-001#0", "action": "edit", "template": "{air_noun {pos_adj}"}]},
            indent=1), "unbalanced"),
        "unknown-lexicon": (json.dumps({**good, "decisions": [
            {"id": "demo-neg-001#0", "action": "edit", "template": "{plane} नहीं"}]},
            indent=1), "unknown lexicon key 'plane'"),
        "empty-lexicon": (json.dumps({**good, "decisions": [
            {"id": "demo-neg-001#0", "action": "edit",
             "lexicons": {"air_noun": [], "pos_adj": ["x"]}}]}, indent=1), "air_noun"),
        "twice": (json.dumps({**good, "decisions": [{"id": "demo-neg-001#0", "action": "accept"},
                                                     {"id": "demo-neg-001#0",
                                                      "action": "delete"}]}, indent=1),
                  "second decision"),
        "covered": (json.dumps({**good, "decisions": [{"id": "demo-neg-001#0", "action": "edit",
                                                       "template": "{air_noun}",
                                                       "covered": ["x"]}]}, indent=1),
                    "'covered'"),
    }


@pytest.mark.parametrize("case", ["malformed", "format", "other-target", "unknown-id", "action",
                                  "slot-syntax", "unknown-lexicon", "empty-lexicon", "twice",
                                  "covered"])
def test_bad_json_decisions_exit_2_with_one_line(case, exported, target, tmp_path, capsys):
    text, needle = _bad_json_cases(exported.bundle["target_sha256"])[case]
    dec = tmp_path / "bad.json"
    dec.write_text(text, encoding="utf-8")
    verified = tmp_path / "v.json"
    rc, _out, err = run(["review", "import", target, dec, "-o", verified], capsys)
    assert rc == 2
    assert len(err) == 1 and str(dec) in err[0] and needle in err[0], err
    assert "Traceback" not in err[0]
    assert not verified.exists()
    if case in ("unknown-id", "action", "slot-syntax", "twice"):
        assert re.search(r"bad\.json:\d+:", err[0])      # the line of the decision


@pytest.mark.parametrize("change,needle", [
    ("header", "missing column"),
    ("changed-but-accepted", "write 'edit'"),
    ("bad-json-cell", "column lexicons: not valid JSON"),
    ("other-target", "another target"),
])
def test_bad_tsv_decisions_exit_2_with_one_line(change, needle, exported, target, tmp_path,
                                                capsys):
    rows = list(csv.reader(io.StringIO(Path(exported.tsv).read_text(encoding="utf-8")),
                           dialect="excel-tab"))
    head = rows[0]
    if change == "header":
        rows[0] = [h for h in head if h != "target_sha256"]
    elif change == "changed-but-accepted":
        rows[2][head.index("template")] += " !"
        rows[2][head.index("action")] = "accept"
    elif change == "bad-json-cell":
        rows[3][head.index("action")] = "edit"
        rows[3][head.index("lexicons")] = "{air_noun: [}"
    else:
        for row in rows[1:]:
            row[head.index("target_sha256")] = "f" * 64
    dec = write_tsv(rows, tmp_path / "bad.tsv")
    verified = tmp_path / "v.json"
    rc, _out, err = run(["review", "import", target, dec, "-o", verified], capsys)
    assert rc == 2 and len(err) == 1 and needle in err[0], err
    assert not verified.exists()
    if change in ("changed-but-accepted", "bad-json-cell"):
        assert re.search(r"bad\.tsv:(3|4):", err[0])


def test_decisions_for_an_edited_target_are_refused(exported, target, tmp_path, capsys):
    other = tmp_path / "hi-other.json"
    other.write_bytes(target.read_bytes().replace(b'"support": 8', b'"support": 7'))
    dec = decisions_file(tmp_path, exported.bundle["target_sha256"], [])
    rc, _out, err = run(["review", "import", other, dec, "-o", tmp_path / "v.json"], capsys)
    assert rc == 2 and "another target" in err[0]


# --------------------------------------------------------------------------- evaluate

def test_evaluate_counts_the_verifiers_work(exported, target, tmp_path, capsys):
    t0 = template_by_id(exported.bundle)["demo-vocab-001#0"]
    lex = {k: list(v) for k, v in t0["lexicons"].items()}
    lex["air_noun"] = lex["air_noun"][:2] + ["जहाज़"]
    dec = decisions_file(tmp_path, exported.bundle["target_sha256"], [
        {"id": t0["id"], "action": "edit", "lexicons": lex, "covered": t0["covered"]},
        {"id": "demo-vocab-001#2", "action": "delete"}])
    verified = tmp_path / "v.json"
    import_review(str(target), str(dec), str(verified))
    record = evaluate([str(target)], verified=str(verified))
    tea = record["checklists"][0]
    v = tea["verification"]["counts"]
    assert (v["templates"], v["kept"], v["edited"], v["lexicon_edits"], v["text_edits"],
            v["deleted"], v["added"]) == (6, 4, 1, 1, 0, 1, 0)
    assert (v["values_added"], v["values_removed"]) == (1, 1)
    assert tea["verification"]["summary"]["edit_rate"] == pytest.approx(2 / 6)
    # TEA vs VER template P/R: 4 of 6 TEA templates are in VER (strictly), of its 5
    c = tea["correctness"]["summary"]
    assert c["strict_P"] == pytest.approx(4 / 6) and c["strict_R"] == pytest.approx(4 / 5)
    out_dir = tmp_path / "eval"
    rc, out, err = run(["evaluate", target, "--verified", verified, "-o", out_dir], capsys)
    assert rc == 0, err
    assert "edited" in out and "edit_rate" in out
    rc, _out, err = run(["evaluate", target, "--verified", verified, "--reference", verified],
                        capsys)
    assert rc == 2 and "not both" in err[0]
