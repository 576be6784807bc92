"""Bounded resources: expansion counted before it is made, inputs read under size
and line-length bounds, ``--jobs`` capped at the cores.  Each refusal: exit 2, one
line, no output file, the input intact."""

from __future__ import annotations

import hashlib
import json
import math

import pytest
from hypothesis import given, settings, strategies as st

from test_cli import assert_one_error_line, leftovers, run_main
from tea_solver.workers import available_cores
from tea_solver.errors import InputError
from tea_solver.expand import count_instances, expand_checklist
from tea_solver.io import dump_instances, validate_checklist

#: 300 bytes that expand to 10**18 instances (six draws from a 1,000-value lexicon)
BOMB = {"format": "tea-checklist/1",
        "lexicons": {"w": ["w%d" % i for i in range(1000)]},
        "templates": [{"id": "bomb", "template": "{w} {w1} {w2} {w3} {w4} {w5}"}]}


def write(tmp_path, name, doc):
    p = tmp_path / name
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


def test_expansion_bomb_is_refused_before_it_is_made(tmp_path, capsys):
    src = write(tmp_path, "bomb.json", BOMB)
    rc, _, err = run_main(["expand", src, "-o", tmp_path / "out.jsonl"], capsys)
    assert rc == 2
    assert_one_error_line(err, "bomb.json: ", "template 'bomb' expands to %s instances"
                          % format(math.perm(1000, 6), ","), "--max-instances 1,000,000")
    assert leftovers(tmp_path) == ["bomb.json"]
    rc, _, err = run_main(["expand", src, "-o", tmp_path / "out.jsonl",
                           "--max-per-template", "7"], capsys)
    assert rc == 0 and err == ["wrote 7 instances to %s" % (tmp_path / "out.jsonl")]


def test_total_over_templates_is_bounded_and_the_bound_can_be_raised(tmp_path, capsys,
                                                                       tiny_checklist):
    src = write(tmp_path, "cl.json", tiny_checklist)
    out = tmp_path / "out.jsonl"
    rc, _, err = run_main(["expand", src, "-o", out, "--max-instances", "20"], capsys)
    assert rc == 2
    assert_one_error_line(err, "the CheckList expands to 36 instances, more than "
                          "--max-instances 20", "largest: template 'tiny-003', 18")
    assert leftovers(tmp_path) == ["cl.json"]
    rc, _, err = run_main(["expand", src, "-o", out, "--max-instances", "36"], capsys)
    assert rc == 0
    assert out.read_text(encoding="utf-8") == dump_instances(expand_checklist(tiny_checklist))


@settings(max_examples=40, deadline=None)
@given(sizes=st.lists(st.integers(1, 5), min_size=1, max_size=3),
       draws=st.lists(st.integers(1, 3), min_size=1, max_size=3),
       tuple_arity=st.integers(0, 2), cap=st.one_of(st.none(), st.integers(1, 30)))
def test_counting_matches_the_expansion(sizes, draws, tuple_arity, cap):
    lexicons, slots = {}, []
    for k, (size, d) in enumerate(zip(sizes, draws)):
        name = "lex" + "abc"[k]
        if tuple_arity and k == 0:
            lexicons[name] = [["%s%d_%d" % (name, i, j) for j in range(tuple_arity + 1)]
                              for i in range(size)]
            slots += ["{%s%s[%d]}" % (name, c or "", tuple_arity) for c in range(min(d, size))]
        else:
            lexicons[name] = ["%s%d" % (name, i) for i in range(size)]
            slots += ["{%s%s}" % (name, c or "") for c in range(min(d, size))]
    doc = {"format": "tea-checklist/1", "lexicons": lexicons,
           "templates": [{"id": "t", "template": " ".join(slots)}]}
    [(tid, n)] = count_instances(validate_checklist(doc), cap)
    assert tid == "t" and n == len(expand_checklist(doc, max_per_template=cap))
    assert len(expand_checklist(doc, max_per_template=cap, max_instances=n)) == n
    with pytest.raises(InputError, match="expands to %s instances" % format(n, ",")):
        expand_checklist(doc, max_per_template=cap, max_instances=n - 1)


def test_input_size_bound(tmp_path, capsys, tiny_checklist):
    src = write(tmp_path, "cl.json", tiny_checklist)
    before = hashlib.sha256(src.read_bytes()).hexdigest()
    rc, _, err = run_main(["expand", src, "-o", tmp_path / "o.jsonl", "--max-input-size", "100"],
                          capsys)
    assert rc == 2
    assert_one_error_line(err, "cl.json: file is larger than 100 bytes (--max-input-size 100)")
    assert hashlib.sha256(src.read_bytes()).hexdigest() == before
    rc, _, err = run_main(["evaluate", src, "--max-input-size", "200"], capsys)
    assert rc == 2 and "--max-input-size 200)" in err[0]
    assert leftovers(tmp_path) == ["cl.json"]


def test_jsonl_is_refused_at_the_first_long_line(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    lines = ['{"id": "t/%d", "template_id": "t", "target": "a %s c"}' % (i, "b" * (10 * i))
             for i in range(1, 40)]
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rc, _, err = run_main(["extract", src, "-o", tmp_path / "o.json", "--max-line-length",
                           "300"], capsys)
    assert rc == 2
    first_long = next(n for n, line in enumerate(lines, 1) if len(line) > 300)
    assert_one_error_line(err, "in.jsonl:%d: line is longer than 300 bytes" % first_long)
    rc, _, err = run_main(["extract", src, "-o", tmp_path / "o.json", "--max-input-size",
                           "2K"], capsys)
    assert rc == 2 and "file is larger than 2,048 bytes" in err[0]
    assert leftovers(tmp_path) == ["in.jsonl"]


@pytest.mark.parametrize("command", ["expand", "extract"])
def test_dev_zero_is_refused_within_the_bounds(tmp_path, capsys, command):
    rc, _, err = run_main([command, "/dev/zero", "-o", tmp_path / "out", "--max-input-size",
                           "4M", "--max-line-length", "1M"], capsys)
    assert rc == 2
    assert_one_error_line(err, "/dev/zero")
    assert ("line is longer than" in err[0]) == (command == "extract")
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("value", ["0", "-1", "1X", "abc", "9" * 30])
def test_bad_sizes_are_usage_errors(tmp_path, capsys, value):
    rc, _, err = run_main(["extract", "x.jsonl", "-o", tmp_path / "o.json",
                           "--max-input-size", value], capsys)
    assert rc == 2
    assert_one_error_line(err, "--max-input-size", "expected a size")


def test_jobs_above_the_cores_are_capped_with_a_warning(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"id": "g%d/%d" % (g, i), "template_id": "g%d" % g,
                                       "target": "x %d y" % i}) + "\n"
                           for g in range(3) for i in range(3)), encoding="utf-8")
    out = tmp_path / "out.json"
    rc, _, err = run_main(["extract", src, "-o", out, "--keys", "graph", "--jobs", "4096"],
                          capsys)
    cores = available_cores()
    assert rc == 0
    assert err[0] == ("tea-solver: warning: --jobs 4096 is more than the %d available cores; "
                      "using %d" % (cores, cores))
    assert len(err) == 2 and err[1].startswith("wrote ")
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "tea-checklist/1"
