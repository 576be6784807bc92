"""The error corpus: every bad input fails with one clear line.

tests/bad_inputs/expected.json maps a file name to the kind of reader
("checklist" or "instances"), a substring of the expected message and the
expected line (null when the problem has no line).  A file listed there but
absent is the "missing file" case.  Checklists that parse as JSON also go
through ``expand_checklist``, which must reject them too (without a line: it
has no text to count lines in).
"""

from __future__ import annotations

import json
import os

import pytest

from tea_solver.errors import InputError
from tea_solver.expand import expand_checklist
from tea_solver.io import load_checklist, load_instances

HERE = os.path.join(os.path.dirname(__file__), "bad_inputs")
with open(os.path.join(HERE, "expected.json"), encoding="utf-8") as _f:
    EXPECTED = json.load(_f)


def _check(err: InputError, path: str, case: dict, line_expected: bool = True) -> None:
    text = str(err)
    assert "\n" not in text, text
    assert text.startswith(path + (":" if (case["line"] and line_expected) else ": ")), text
    assert case["message"] in text, text
    if line_expected:
        assert err.line == case["line"], text
        if case["line"] is not None:
            assert text.startswith("%s:%d: " % (path, case["line"])), text


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_input(name):
    case = EXPECTED[name]
    path = os.path.join(HERE, name)
    if case["kind"] == "checklist":
        with pytest.raises(InputError) as ei:
            load_checklist(path)
    else:
        with pytest.raises(InputError) as ei:
            load_instances(path, need_source=case.get("need_source", False))
    _check(ei.value, path, case)


@pytest.mark.parametrize("name", sorted(n for n, c in EXPECTED.items()
                                        if c["kind"] == "checklist"))
def test_bad_checklist_through_expand(name):
    path = os.path.join(HERE, name)
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError, RecursionError):
        pytest.skip("not a JSON document: the reader's case only")
    with pytest.raises(InputError) as ei:
        expand_checklist(doc, path=path)
    _check(ei.value, path, EXPECTED[name], line_expected=False)
    assert ei.value.line is None


def test_corpus_is_complete():
    """Every file in the corpus directory has an expectation (and vice versa)."""
    on_disk = set(os.listdir(HERE)) - {"expected.json"}
    assert on_disk <= set(EXPECTED)
    absent = set(EXPECTED) - on_disk
    assert all("No such file" in EXPECTED[n]["message"] for n in absent)
    assert len(EXPECTED) >= 60
