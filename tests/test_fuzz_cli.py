"""Fuzzing the command line: random bytes, random JSON, random multi-script noisy
instances.  Whatever the input: exit 0 or 2 (never 1, an internal error), an error
is one stderr line, nothing is left behind but a complete output, the input is intact.

Bounded: a few dozen examples per strategy, a couple of minutes in all.
"""

from __future__ import annotations

import json
import os
import tempfile

from hypothesis import HealthCheck, given, settings, strategies as st

from tea_solver.cli import main

FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                   HealthCheck.function_scoped_fixture])


def run(argv, capsys) -> tuple[int, list]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, err.splitlines()


def check(command: str, content: bytes, capsys, extra=()) -> int:
    """Run ``command`` on a file holding ``content``; assert the contract; exit status."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "input")
        out = os.path.join(tmp, "output")
        with open(src, "wb") as f:
            f.write(content)
        rc, err = run([command, src, "-o", out, *extra], capsys)
        assert rc in (0, 2), (rc, err)
        with open(src, "rb") as f:
            assert f.read() == content                      # input intact
        left = sorted(os.listdir(tmp))
        if rc == 2:
            assert len(err) == 1 and err[0].startswith("tea-solver: error: "), err
            assert left == ["input"], left                  # no output, no temporary file
        else:
            assert err and err[-1].startswith("wrote "), err
            assert all(e.startswith("tea-solver: warning: ") for e in err[:-1]), err
            assert left == ["input", "output"], left
            with open(out, encoding="utf-8") as f:
                text = f.read()
            if command == "extract":
                json.loads(text, parse_constant=_no_constant)
            else:
                for line in text.splitlines():
                    json.loads(line, parse_constant=_no_constant)
        return rc


def _no_constant(name):
    raise AssertionError("non-JSON constant %s written" % name)


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes(capsys, content):
    check("extract", content, capsys)
    check("expand", content, capsys)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
FIELDS = st.sampled_from(["id", "template_id", "target", "source", "fill", "lang", "label",
                          "format", "templates", "lexicons", "template"])


@FUZZ
@given(st.lists(st.dictionaries(FIELDS, JSON, max_size=5) | JSON, min_size=1, max_size=5))
def test_random_json(capsys, values):
    lines = "\n".join(json.dumps(v, ensure_ascii=False) for v in values).encode()
    check("extract", lines, capsys)
    check("expand", json.dumps(values[0]).encode(), capsys)


WORDS = {
    "latin": ["le", "chat", "est", "très", "grand", "Marie", "que", "plus"],
    "devanagari": ["बहुत", "अच्छा", "है", "क़िला", "राम", "से"],
    "thai": ["แมว", "ใหญ่", "มาก", "กว่า", "สมชาย"],
    "cjk": ["猫", "很", "大", "比", "王", "です", "より"],
    "arabic": ["القط", "كبير", "جدا", "من", "أحمد"],
}


@st.composite
def noisy_instances(draw):
    script = draw(st.sampled_from(sorted(WORDS)))
    joiner = "" if script in ("thai", "cjk") else " "
    vocab = WORDS[script] + draw(st.lists(st.sampled_from(WORDS["latin"]), max_size=2))
    frame = draw(st.lists(st.sampled_from(vocab), min_size=1, max_size=4))
    fillers = draw(st.lists(st.sampled_from(vocab), min_size=2, max_size=5, unique=True))
    records = []
    for i in range(draw(st.integers(1, 25))):
        value = draw(st.sampled_from(fillers))
        words = frame[:1] + [value] + frame[1:]
        if draw(st.integers(0, 9)) == 0:                 # noise: drop, swap or repeat a word
            op = draw(st.sampled_from(["drop", "swap", "repeat"]))
            k = draw(st.integers(0, len(words) - 1))
            if op == "drop" and len(words) > 1:
                del words[k]
            elif op == "swap":
                words[0], words[k] = words[k], words[0]
            else:
                words.insert(k, words[k])
        rec = {"id": "g%d/%d" % (i % 2, i), "template_id": "g%d" % (i % 2),
               "target": joiner.join(words) + draw(st.sampled_from(["", ".", "।", "。"]))}
        if draw(st.booleans()):
            rec["source"] = "The x is %s." % value
            rec["fill"] = {"x": value}
        if draw(st.integers(0, 19)) == 0:                 # the odd broken record
            rec.pop(draw(st.sampled_from(["target", "template_id", "id"])), None)
        records.append(rec)
    return records


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                   HealthCheck.function_scoped_fixture])
@given(noisy_instances(), st.sampled_from([["--keys", "graph"], ["--keys", "align"],
                                           ["--solver", "greedy"],
                                           ["--min-support", "2", "--time-limit", "0.5"]]))
def test_random_multi_script_noisy_instances(capsys, records, options):
    content = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()
    check("extract", content, capsys, options)
