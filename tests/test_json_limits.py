"""What ``json`` accepts but JSON does not, through the command line: exit 2,
one line naming the file and the line, no output file, the input intact.

The policy (reject on input) is :mod:`tea_solver.io.jsontext`; the error corpus
(tests/bad_inputs/) checks the readers' messages, these the commands.
"""

from __future__ import annotations

import hashlib
import json
import math

import pytest

from test_cli import assert_one_error_line, leftovers, run_main
from tea_solver.io import dump_checklist, dump_instances
from tea_solver.io.jsontext import MAX_DEPTH, check_value, loads, JSONProblem

GOOD = '{"id": "t/0", "template_id": "t", "target": "a b c"}\n'
BAD_VALUES = {
    "nan": ("NaN", "NaN is not a JSON number"),
    "infinity": ("Infinity", "number Infinity is out of range"),
    "overflow": ("1e400", "number 1e400 is out of range"),
    "huge_int": ("9" * 5000, "(5000 digits) is out of range"),
    "int64": ("-9223372036854775809", "out of range"),
    "surrogate": ('"x\\ud800y"', "lone surrogate \\ud800"),
    "deep": ("[" * 3000 + "]" * 3000, "nested deeper than %d levels" % MAX_DEPTH),
    "deep_under_recursion_limit": ("[" * 500 + "]" * 500, "nested deeper than"),
}


def sha(p):
    return hashlib.sha256(p.read_bytes()).hexdigest()


@pytest.mark.parametrize("case", sorted(BAD_VALUES))
def test_extract_rejects_non_json_values_with_the_line(tmp_path, capsys, case):
    literal, needle = BAD_VALUES[case]
    src = tmp_path / "in.jsonl"
    src.write_text(GOOD + "\n" + '{"id": "t/1", "template_id": "t", "target": "a d c", '
                   '"extra": %s}\n' % literal, encoding="utf-8")
    before = sha(src)
    rc, _, err = run_main(["extract", src, "-o", tmp_path / "out.json"], capsys)
    assert rc == 2
    assert_one_error_line(err, "in.jsonl:3: ", needle)
    assert sha(src) == before and leftovers(tmp_path) == ["in.jsonl"]


@pytest.mark.parametrize("case", sorted(BAD_VALUES))
def test_expand_rejects_non_json_values_with_the_line(tmp_path, capsys, case):
    literal, needle = BAD_VALUES[case]
    src = tmp_path / "cl.json"
    src.write_text('{\n "format": "tea-checklist/1",\n "lexicons": {"x": ["a", "b"]},\n'
                   ' "templates": [\n  {"id": "t", "template": "{x} c",\n'
                   '   "meta": %s}\n ]\n}\n' % literal, encoding="utf-8")
    rc, _, err = run_main(["expand", src, "-o", tmp_path / "out.jsonl"], capsys)
    assert rc == 2
    assert_one_error_line(err, "cl.json:6: ", needle)
    assert leftovers(tmp_path) == ["cl.json"]


def test_evaluate_predictions_reject_non_json_values(tmp_path, capsys):
    cl = tmp_path / "cl.json"
    cl.write_text(json.dumps({"format": "tea-checklist/1", "templates": [
        {"id": "t", "template": "a {x}", "lexicons": {"x": ["b", "c"]}, "label": 1}]}),
        encoding="utf-8")
    preds = tmp_path / "p.jsonl"
    preds.write_text('{"text": "a b", "pred": 1}\n{"text": "a c", "pred": NaN}\n',
                     encoding="utf-8")
    rc, _, err = run_main(["evaluate", cl, "--predictions", preds, "-o", tmp_path / "o"],
                          capsys)
    assert rc == 2
    assert_one_error_line(err, "p.jsonl:2: ", "NaN is not a JSON number")
    assert leftovers(tmp_path) == ["cl.json", "p.jsonl"]


def test_large_valid_numbers_are_kept_and_written_as_json(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    recs = [{"id": "t/%d" % i, "template_id": "t", "target": "a %s c" % w,
             "label": 2 ** 63 - 1, "score": 1.5e308, "tiny": -5e-324}
            for i, w in enumerate(["b", "d", "e"])]
    src.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    out = tmp_path / "out.json"
    rc, _, err = run_main(["extract", src, "-o", out, "--keys", "graph"], capsys)
    assert rc == 0, err
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert all(t["label"] == 2 ** 63 - 1 and t["score"] == 1.5e308 for t in doc["templates"])


def test_writers_refuse_non_json_numbers():
    with pytest.raises(ValueError):
        dump_checklist({"format": "tea-checklist/1", "templates": [], "x": math.inf})
    with pytest.raises(ValueError):
        dump_instances([{"x": math.nan}])


def test_loads_and_check_value_agree():
    for literal, _needle in BAD_VALUES.values():
        text = '{"a": [1, %s]}' % literal
        with pytest.raises(JSONProblem):
            loads(text)
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            continue                       # Python's own reader refuses it as well
        assert check_value(value) is not None
    assert check_value(json.loads('{"a": [1, 2.5, "\\ud83d\\ude00", [[[]]]]}')) is None
    assert loads('["\\ud83d\\ude00"]') == ["\U0001F600"]      # a surrogate *pair* is fine


@pytest.mark.parametrize("command", ["extract", "expand", "evaluate"])
@pytest.mark.parametrize("seed", ["2147483648", "-1", "9" * 5000, "1.5"])
def test_seed_out_of_cp_sat_range_is_a_usage_error(tmp_path, capsys, command, seed):
    src = tmp_path / "in.jsonl"
    src.write_text(GOOD, encoding="utf-8")
    argv = [command, src] + (["-o", tmp_path / "out"] if command != "evaluate" else [])
    rc, _, err = run_main(argv + ["--seed", seed], capsys)
    assert rc == 2
    assert_one_error_line(err, "--seed", "expected an integer from 0 to 2147483647")
    assert len(err[0]) < 200 and leftovers(tmp_path) == ["in.jsonl"]


def test_seed_at_the_top_of_the_range_runs(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text(GOOD + GOOD.replace("t/0", "t/1").replace("a b c", "a d c"),
                   encoding="utf-8")
    rc, _, err = run_main(["extract", src, "-o", tmp_path / "o.json", "--seed", "2147483647",
                           "--solver", "ilp"], capsys)
    assert rc == 0, err


def test_file_name_with_a_newline_is_one_line(tmp_path, capsys):
    src = tmp_path / "bad\nname.jsonl"
    src.write_text('{"id": "t/0", "template_id": "t"}\n', encoding="utf-8")
    rc, _, err = run_main(["extract", src, "-o", tmp_path / "out\r.json"], capsys)
    assert rc == 2
    assert_one_error_line(err, "bad\\nname.jsonl:1: ", "missing field 'target'")
    src.write_text(GOOD, encoding="utf-8")
    rc, _, err = run_main(["extract", src, "-o", tmp_path / "out\n.json", "--keys", "graph"],
                          capsys)
    assert rc == 0 and err == ["wrote 1 templates for 1 groups to %s"
                               % str(tmp_path / "out\\n.json")]


def test_ids_with_newlines_in_messages_are_one_line(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "a\\nb", "template_id": "t", "target": "x"}\n'
                   '{"id": "a\\nb", "template_id": "t", "target": "y"}\n', encoding="utf-8")
    rc, _, err = run_main(["extract", src, "-o", tmp_path / "out.json"], capsys)
    assert rc == 2
    assert_one_error_line(err, "in.jsonl:2: ", "duplicate instance id 'a\\nb'")
