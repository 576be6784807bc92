"""Readers and writers of SPEC §1-2, and the atomic writer: the accepting side.

The rejecting side (one file per bad input) is tests/test_bad_inputs.py.
"""

from __future__ import annotations

import json
import os
import stat
import unicodedata

import pytest

from tea_solver.errors import InputError
from tea_solver.io import (Instance, dump_checklist, dump_instances, instance_to_dict,
                           load_checklist, load_instances, read_checklist_file,
                           read_instance_file, read_text, validate_checklist,
                           write_atomic)

SENTIMENT = "/work/shared/data/checklist-sentiment/sentiment_mft.json"
NFD_CAFE = unicodedata.normalize("NFD", "café")


def _write(tmp_path, name, text: str | bytes):
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return str(p)


def _jsonl(*objs) -> str:
    return "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs)


def _doc(**kw):
    d = {"format": "tea-checklist/1", "lang": "en",
         "lexicons": {"city": ["Paris", "Rome"]},
         "templates": [{"id": "t1", "template": "I like {city}.", "label": 1}]}
    d.update(kw)
    return d


# --------------------------------------------------------------------------- #
# CheckList documents

@pytest.mark.skipif(not os.path.exists(SENTIMENT), reason="shared data not mounted")
def test_loads_the_sentiment_suite():
    doc = load_checklist(SENTIMENT)
    assert doc["format"] == "tea-checklist/1"
    assert len(doc["templates"]) == 90


def test_load_keeps_extra_fields_and_order(tmp_path):
    doc = _doc(source="somewhere", report={"groups": []})
    doc["templates"][0].update(source_template_id="x", support=3)
    p = _write(tmp_path, "c.json", json.dumps(doc))
    got = load_checklist(p)
    assert got == doc
    assert list(got) == list(doc)
    assert dump_checklist(got) == json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def test_dump_checklist_is_utf8_and_round_trips(tmp_path):
    doc = _doc(lexicons={"city": ["Zürich", "मुंबई"]})
    text = dump_checklist(doc)
    assert "Zürich" in text and "मुंबई" in text and text.endswith("}\n")
    p = _write(tmp_path, "c.json", text)
    assert load_checklist(p) == doc


def test_empty_template_list_is_allowed(tmp_path):
    assert load_checklist(_write(tmp_path, "c.json", json.dumps(_doc(templates=[]))))[
        "templates"] == []


def test_literal_braces_duplicates_and_bom(tmp_path):
    doc = _doc(templates=[{"id": "t", "template": "{{x}} {city} {city1}"}],
               lexicons={"city": ["Paris", "Rome", "Paris"]})
    p = _write(tmp_path, "c.json", b"\xef\xbb\xbf" + json.dumps(doc).encode())
    assert load_checklist(p) == doc


def test_checklist_text_is_kept_as_written(tmp_path):
    """Not NFC is counted, never rewritten: expansion must give the user's characters."""
    doc = _doc(lexicons={"city": [NFD_CAFE, "Rome"], "pair": [[NFD_CAFE, "x"]]},
               templates=[{"id": "t", "template": NFD_CAFE + " {city} {pair[1]}"}])
    f = read_checklist_file(_write(tmp_path, "c.json", json.dumps(doc)))
    assert f.non_nfc == 3
    assert f.doc == doc
    assert f.doc["lexicons"]["city"][0] == NFD_CAFE != "café"
    assert [t.id for t in f.templates] == ["t"]


def test_validate_without_text_gives_no_line():
    with pytest.raises(InputError) as ei:
        validate_checklist(_doc(templates=[{"id": "t", "template": "{nope}"}]), "mem.json")
    assert ei.value.line is None
    assert str(ei.value) == "mem.json: template 't': unknown lexicon key 'nope' in slot {nope}"


def test_line_numbers_follow_the_json_path(tmp_path):
    doc = _doc(templates=[{"id": "t%d" % i, "template": "{city}"} for i in range(5)]
               + [{"id": "bad", "template": "{town}"}])
    text = json.dumps(doc, indent=1)
    p = _write(tmp_path, "c.json", text)
    with pytest.raises(InputError) as ei:
        load_checklist(p)
    lines = text.split("\n")
    assert '"{town}"' in lines[ei.value.line - 1]


def test_own_lexicon_wins_and_may_shadow(tmp_path):
    doc = _doc(templates=[{"id": "t", "template": "{city}",
                           "lexicons": {"city": [["a", "b"]]}}])
    # the document-level "city" holds strings, the template's own holds tuples:
    # {city} without index must be checked against the template's own lexicon
    with pytest.raises(InputError, match="has no index"):
        validate_checklist(doc)
    doc["templates"][0]["template"] = "{city[1]}"
    validate_checklist(doc)


# --------------------------------------------------------------------------- #
# Instances

I0 = {"id": "t/0", "template_id": "t", "source": "The {x} flight.", "fill": {"a": "x"},
      "target": "Der {x} Flug.", "lang": "de", "label": 2}


def test_instances_round_trip(tmp_path):
    i1 = dict(I0, id="t/1", extra={"nested": [1, 2]})
    p = _write(tmp_path, "i.jsonl", _jsonl(I0, i1))
    recs = load_instances(p)
    assert [r.id for r in recs] == ["t/0", "t/1"]
    r = recs[0]
    assert r.target == ("Der {x} Flug.",) and not r.multi     # literal braces are data
    assert r.source == ("The {x} flight.",) and r.fill == {"a": "x"}
    assert r.lang == "de" and r.line == 1 and r.raw == I0
    assert instance_to_dict(r) == I0
    assert list(instance_to_dict(r)) == ["id", "template_id", "source", "fill", "target",
                                         "lang", "label"]
    assert dump_instances(recs) == _jsonl(I0, i1)


def test_multi_field_and_tuple_fill(tmp_path):
    obj = {"template_id": "nli", "source": ["P.", "H."], "target": ["p.", "h."],
           "fill": {"adj": ["older", "old"], "name1": "Ann"}}
    (r,) = load_instances(_write(tmp_path, "i.jsonl", _jsonl(obj)))
    assert r.multi and r.target == ("p.", "h.") and r.source == ("P.", "H.")
    assert r.target_value == ["p.", "h."]
    assert r.fill == {"adj": ["older", "old"], "name1": "Ann"}
    assert r.id == "nli/L1"                      # synthesized: template_id/L<line>


def test_blank_lines_crlf_and_line_numbers(tmp_path):
    text = "\n" + json.dumps(I0) + "\r\n  \n" + json.dumps(dict(I0, id="t/1")) + "\r\n\n"
    recs = load_instances(_write(tmp_path, "i.jsonl", text))
    assert [r.line for r in recs] == [2, 4]


def test_line_separators_inside_strings_are_not_line_breaks(tmp_path):
    obj = dict(I0, target="a\u2028b\u0085c\x0cd")
    (r,) = load_instances(_write(tmp_path, "i.jsonl", _jsonl(obj)))
    assert r.target == ("a\u2028b\u0085c\x0cd",)


def test_duplicate_targets_are_allowed(tmp_path):
    recs = load_instances(_write(tmp_path, "i.jsonl",
                                 _jsonl(I0, dict(I0, id="t/1"), dict(I0, id="t/2"))))
    assert len({r.target for r in recs}) == 1 and len(recs) == 3


def test_groups_have_their_own_shapes(tmp_path):
    recs = load_instances(_write(tmp_path, "i.jsonl", _jsonl(
        {"template_id": "a", "target": "x"}, {"template_id": "b", "target": ["x", "y"]},
        {"template_id": "a", "target": "z"})))
    assert [r.multi for r in recs] == [False, True, False]


def test_need_source_accepts_complete_records(tmp_path):
    assert len(load_instances(_write(tmp_path, "i.jsonl", _jsonl(I0)), need_source=True)) == 1


def test_empty_source_is_allowed_but_empty_target_is_not(tmp_path):
    (r,) = load_instances(_write(tmp_path, "i.jsonl", _jsonl(dict(I0, source=""))))
    assert r.source == ("",)


def test_huge_line_loads(tmp_path):
    big = "ä" * (5 * 1024 * 1024)
    p = _write(tmp_path, "i.jsonl", _jsonl(I0, dict(I0, id="t/1", target=big)))
    recs = load_instances(p)
    assert recs[1].target[0] == big


def test_instance_text_is_kept_as_written(tmp_path):
    objs = [dict(I0, id="t/0", target=NFD_CAFE),
            dict(I0, id="t/1", target="café", fill={"a": [NFD_CAFE, "x"]}),
            dict(I0, id="t/2", target="café", source=NFD_CAFE),
            dict(I0, id="t/3", target="café")]
    f = read_instance_file(_write(tmp_path, "i.jsonl", _jsonl(*objs)))
    assert f.non_nfc == 3
    assert f.records[0].target == (NFD_CAFE,) and f.records[3].target == ("café",)
    assert f.records[1].fill == {"a": [NFD_CAFE, "x"]}
    assert f.records[2].source == (NFD_CAFE,)
    assert [instance_to_dict(r) for r in f.records] == objs    # written back as read


def test_dump_instances_accepts_dicts():
    assert dump_instances([{"a": "é"}, {"b": 1}]) == '{"a": "é"}\n{"b": 1}\n'
    assert dump_instances([]) == ""


def test_instance_to_dict_without_raw():
    inst = Instance(id="x/1", template_id="x", target=("a", "b"), multi=True)
    assert instance_to_dict(inst) == {"id": "x/1", "template_id": "x", "target": ["a", "b"]}


# --------------------------------------------------------------------------- #
# Files: reading and atomic writing

def test_read_text_reports_line_of_bad_utf8(tmp_path):
    p = _write(tmp_path, "x", b"ok\nok\n\xc3(\n")
    with pytest.raises(InputError) as ei:
        read_text(p)
    assert ei.value.line == 3 and "invalid UTF-8 at byte 6" in str(ei.value)


def test_write_atomic_writes_and_replaces(tmp_path):
    p = tmp_path / "out.json"
    write_atomic(p, "one ✓\n")
    assert p.read_text(encoding="utf-8") == "one ✓\n"
    write_atomic(str(p), "two\n")
    assert p.read_text() == "two\n"
    assert os.listdir(tmp_path) == ["out.json"]
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o666 & ~mask


@pytest.mark.parametrize("exc", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_write_atomic_leaves_nothing_on_failure(tmp_path, monkeypatch, exc):
    p = tmp_path / "out.json"
    p.write_text("old")

    def boom(fd):
        raise exc

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(InputError if isinstance(exc, OSError) else KeyboardInterrupt) as ei:
        write_atomic(p, "new")
    if isinstance(exc, OSError):
        assert str(ei.value) == "%s: cannot write: No space left on device" % p
    assert p.read_text() == "old"
    assert os.listdir(tmp_path) == ["out.json"]


def test_write_atomic_into_missing_directory(tmp_path):
    with pytest.raises(InputError, match="cannot write: No such file or directory"):
        write_atomic(tmp_path / "nope" / "out.json", "x")
    assert os.listdir(tmp_path) == []
