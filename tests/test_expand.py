"""CheckList expansion: order, fills, cardinals, tuples, sampling."""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tea_solver.errors import InputError
from tea_solver.expand import (count_combinations, expand_checklist, expand_template,
                               iter_expanded, sample_indices, unrank)
from tea_solver.io import load_checklist
from tea_solver.io.checklist import prepare_template
from tea_solver.template import generates, parse_template, render, split_cardinal

SENTIMENT = "/work/shared/data/checklist-sentiment/sentiment_mft.json"


def doc_of(*templates, lexicons=None, lang="en"):
    d = {"format": "tea-checklist/1", "lang": lang, "lexicons": lexicons or {},
         "templates": list(templates)}
    if lang is None:
        del d["lang"]
    return d


# --------------------------------------------------------------------------- #
# Examples

def test_simple_expansion_order_and_fields():
    t = {"id": "t", "template": "{it} {air_noun} {be} {a:adj}.",
         "lexicons": {"it": ["The", "This"], "be": ["is"]},
         "label": 2, "capability": "Vocabulary", "test": "words", "target": "no!"}
    doc = doc_of(t, lexicons={"air_noun": ["flight", "seat"], "adj": ["old", "good"]})
    out = expand_checklist(doc)
    assert [r["source"] for r in out] == [
        "The flight is an old.", "The flight is a good.", "The seat is an old.",
        "The seat is a good.", "This flight is an old.", "This flight is a good.",
        "This seat is an old.", "This seat is a good."]
    assert out[1] == {"id": "t/1", "template_id": "t", "source": "The flight is a good.",
                      "fill": {"it": "The", "air_noun": "flight", "be": "is", "adj": "good"},
                      "lang": "en", "label": 2, "capability": "Vocabulary", "test": "words"}
    assert [r["id"] for r in out] == ["t/%d" % n for n in range(8)]


def test_cardinals_take_different_values_and_duplicates_count_once():
    t = {"id": "c", "template": "{name} and {name1}",
         "lexicons": {"name": ["Ann", "Bob", "Ann", "Cy"]}}
    out = [text for _fill, text in expand_template(t)]
    assert out == ["Ann and Bob", "Ann and Cy", "Bob and Ann", "Bob and Cy",
                   "Cy and Ann", "Cy and Bob"]
    assert count_combinations(t) == 6


def test_tuple_slots_share_one_entry_and_fill_holds_the_list():
    t = {"id": "x", "template": "{name} is {adj[0]} than {name1}, who is {adj[1]}.",
         "lexicons": {"adj": [["older", "old"], ["taller", "tall"]], "name": ["A", "B"]}}
    got = list(expand_template(t))
    assert len(got) == 4
    fill, text = got[0]
    assert fill == {"name": "A", "adj": ["older", "old"], "name1": "B"}
    assert text == "A is older than B, who is old."


def test_multi_field_template_gives_list_source():
    t = {"id": "nli", "template": ["{name} is here.", "{name} is {{not}} away."],
         "lexicons": {"name": ["Ann"]}, "label": "entailment"}
    (r,) = expand_checklist(doc_of(t))
    assert r["source"] == ["Ann is here.", "Ann is {not} away."]


def test_lang_override_and_absent_lang():
    t = {"id": "t", "template": "x"}
    assert expand_checklist(doc_of(t), lang="hi")[0]["lang"] == "hi"
    assert "lang" not in expand_checklist(doc_of(t, lang=None))[0]


def test_extras_are_copies():
    t = {"id": "t", "template": "{k}", "lexicons": {"k": ["a", "b"]}, "meta": {"x": [1]}}
    a, b = expand_checklist(doc_of(t))
    a["meta"]["x"].append(2)
    assert b["meta"] == {"x": [1]} and t["meta"] == {"x": [1]}


def test_unfillable_templates_are_input_errors():
    with pytest.raises(InputError, match=r"slot \{k2\} needs 3 different values"):
        expand_template({"id": "t", "template": "{k}{k1}{k2}", "lexicons": {"k": ["a", "b"]}})
    with pytest.raises(InputError, match="empty lexicon 'k'"):
        count_combinations({"id": "t", "template": "{k}"}, {"k": []})
    with pytest.raises(InputError, match="unknown lexicon key 'k'"):
        expand_checklist(doc_of({"id": "t", "template": "{k}"}), path="doc.json")


@pytest.mark.parametrize("bad", [0, -1, 1.5, "3", True])
def test_max_per_template_must_be_positive_int(bad):
    with pytest.raises(InputError, match="--max-per-template"):
        expand_checklist(doc_of({"id": "t", "template": "x"}), max_per_template=bad)


@pytest.mark.skipif(not os.path.exists(SENTIMENT), reason="shared data not mounted")
def test_sentiment_suite_counts():
    doc = load_checklist(SENTIMENT)
    t10 = next(t for t in doc["templates"] if t["id"] == "sa-vocabulary-010")
    assert count_combinations(t10, doc["lexicons"]) == 3 * 13 * 2 * 19
    sample = expand_checklist(doc, max_per_template=7, seed=3)
    by_t: dict = {}
    for r in sample:
        by_t.setdefault(r["template_id"], []).append(r)
    assert set(by_t) == {t["id"] for t in doc["templates"]}
    for tid, recs in by_t.items():
        t = next(t for t in doc["templates"] if t["id"] == tid)
        assert len(recs) == min(7, count_combinations(t, doc["lexicons"]))
        tt = parse_template(t["template"])
        lex = {**doc["lexicons"], **t.get("lexicons", {})}
        assert all(generates(tt, lex, r["source"]) for r in recs)


# --------------------------------------------------------------------------- #
# Sampling

def test_sampling_huge_products_is_fast_and_valid():
    names = ["n%02d" % i for i in range(30)]
    t = {"id": "big", "template": " ".join("{name%s}" % ("" if i == 0 else i)
                                            for i in range(10)),
         "lexicons": {"name": names}}
    assert count_combinations(t) == math.perm(30, 10)
    start = time.perf_counter()
    out = expand_checklist(doc_of(t), max_per_template=50, seed=7)
    assert time.perf_counter() - start < 2
    assert len(out) == 50
    for r in out:
        vals = list(r["fill"].values())
        assert len(set(vals)) == 10 and r["source"] == " ".join(vals)
    ids = [int(r["id"].split("/")[1]) for r in out]
    assert ids == sorted(set(ids))
    assert out == expand_checklist(doc_of(t), max_per_template=50, seed=7)
    assert out != expand_checklist(doc_of(t), max_per_template=50, seed=8)


def test_sample_of_a_template_ignores_the_other_templates():
    a = {"id": "a", "template": "{k} {k1}", "lexicons": {"k": list("abcdefgh")}}
    b = {"id": "b", "template": "{k}", "lexicons": {"k": list("xyz")}}
    alone = expand_checklist(doc_of(a), max_per_template=5, seed=1)
    both = expand_checklist(doc_of(b, a), max_per_template=5, seed=1)
    assert [r for r in both if r["template_id"] == "a"] == alone


def test_sample_indices_is_uniform_enough():
    rng = random.Random(0)
    counts = [0] * 10
    for _ in range(3000):
        for i in sample_indices(10, 3, rng):
            counts[i] += 1
    assert all(800 < c < 1000 for c in counts)          # expected 900 each
    assert sample_indices(5, 9, rng) == [0, 1, 2, 3, 4]
    big = sample_indices(10 ** 30, 4, random.Random(1))
    assert len(set(big)) == 4 and big == sorted(big) and all(0 <= i < 10 ** 30 for i in big)


def test_iter_expanded_validates_before_yielding():
    gen_doc = doc_of({"id": "ok", "template": "x"}, {"id": "bad", "template": "{nope}"})
    with pytest.raises(InputError):
        iter_expanded(gen_doc)


# --------------------------------------------------------------------------- #
# Properties

WORDS = ["x", "y", "z", "ab", "é", "{", "}", ""]
BASES = ["alpha", "beta", "gamma"]


@st.composite
def cases(draw):
    """A random template over random small lexicons (maybe unfillable)."""
    lexicons = {}
    for base in draw(st.lists(st.sampled_from(BASES), min_size=1, max_size=3, unique=True)):
        if draw(st.booleans()):
            lexicons[base] = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4))
        else:
            arity = draw(st.integers(2, 3))
            lexicons[base] = draw(st.lists(
                st.lists(st.sampled_from(WORDS), min_size=arity, max_size=arity),
                min_size=1, max_size=3))
    slots = []
    for _ in range(draw(st.integers(1, 5))):
        base = draw(st.sampled_from(sorted(lexicons)))
        card = draw(st.sampled_from(["", "", "1", "2"]))
        art = draw(st.booleans())
        if isinstance(lexicons[base][0], list):
            idx = "[%d]" % draw(st.integers(0, min(len(e) for e in lexicons[base]) - 1))
        else:
            idx = ""
        slots.append("{%s%s%s%s}" % ("a:" if art else "", base, card, idx))
    seps = draw(st.lists(st.sampled_from([" ", "-", "{{", "}}", ""]),
                         min_size=len(slots) + 1, max_size=len(slots) + 1))
    text = seps[0] + "".join(s + p for s, p in zip(slots, seps[1:]))
    if len(slots) > 1 and draw(st.booleans()):
        cut = text.index(slots[1])
        text = [text[:cut], text[cut:]]
    own = draw(st.booleans())
    tobj = {"id": "t", "template": text, "label": 1}
    if own:
        tobj["lexicons"] = lexicons
        return tobj, {}
    return tobj, lexicons


def _key(v):
    return v if isinstance(v, str) else tuple(v)


def brute_force(tobj, lexicons):
    """Every valid fill, by the definition (product, filter, dedup by value)."""
    t = parse_template(tobj["template"])
    lex = {**lexicons, **tobj.get("lexicons", {})}
    draws = t.draws()
    out = []
    seen = set()
    for combo in itertools.product(*(lex[b] for b, _ in draws)):
        keys = [(b, _key(v)) for (b, _), v in zip(draws, combo)]
        if len(set(keys)) < len(keys):
            continue
        if tuple(keys) in seen:
            continue
        seen.add(tuple(keys))
        out.append({b + c: (list(v) if isinstance(v, list) else v)
                    for (b, c), v in zip(draws, combo)})
    return out


def fillable(tobj, lexicons):
    t = parse_template(tobj["template"])
    lex = {**lexicons, **tobj.get("lexicons", {})}
    need: dict = {}
    for b, _c in t.draws():
        need[b] = need.get(b, 0) + 1
    return all(len({_key(v) for v in lex[b]}) >= n for b, n in need.items())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_expansion_properties(case):
    tobj, lexicons = case
    if not fillable(tobj, lexicons):
        with pytest.raises(InputError, match="needs .* different values"):
            expand_template(tobj, lexicons)
        return
    t = parse_template(tobj["template"])
    lex = {**lexicons, **tobj.get("lexicons", {})}
    got = list(expand_template(tobj, lexicons))
    expected = brute_force(tobj, lexicons)
    assert [f for f, _ in got] == expected              # same fills, same order
    assert count_combinations(tobj, lexicons) == len(expected)
    for fill, text in got:
        assignment = {split_cardinal(name): v for name, v in fill.items()}
        assert render(t, assignment) == text
        assert generates(t, lex, text)
        by_base: dict = {}
        for (base, _card), v in assignment.items():
            by_base.setdefault(base, []).append(_key(v))
            assert _key(v) in {_key(e) for e in lex[base]}   # tuple slots: one entry
        for vals in by_base.values():
            assert len(set(vals)) == len(vals)           # cardinals differ
    p = prepare_template(tobj, lexicons)
    assert [unrank(p, i) for i in range(len(got))] == [
        tuple(_index(p, b, f[b + c]) for b, c in p.draws) for f, _ in got]


def _index(p, base, value):
    return [_key(v) for v in p.values[base]].index(_key(value))


@settings(max_examples=80, deadline=None)
@given(cases(), st.integers(1, 6), st.integers(0, 3))
def test_sampling_properties(case, n, seed):
    tobj, lexicons = case
    if not fillable(tobj, lexicons):
        return
    doc = doc_of(tobj, lexicons=lexicons)
    full = expand_checklist(doc)
    a = expand_checklist(doc, max_per_template=n, seed=seed)
    assert a == expand_checklist(doc, max_per_template=n, seed=seed)
    assert len(a) == min(n, len(full))
    by_id = {r["id"]: r for r in full}
    assert all(by_id[r["id"]] == r for r in a)          # a subset, same ids
    ids = [int(r["id"].split("/")[1]) for r in a]
    assert ids == sorted(set(ids))
    json.dumps(a)                                         # plain JSON values
