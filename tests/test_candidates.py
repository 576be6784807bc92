"""Step 2: candidate templates of an instance (Algorithm 1, tea_solver.candidates)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tea_solver.candidates import KeyIndex, build_shape, instance_candidates, shape_slots
from tea_solver.keys.base import Key
from tea_solver.output import shape_text
from tea_solver.template import generates, parse_template
from tea_solver.tokenize import segment

PROPERTY = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

PAPER = "Paris is beautiful. London is cold. Paris is bigger."


def key(kid, name, *values, index=None):
    terms = frozenset(tuple(segment(v).tokens) for v in values)
    return Key(id=kid, name=name, terminals=terms, index=index, origin="test",
               texts={tuple(segment(v).tokens): v for v in values})


CITY = key(0, "CITY", "Paris", "London")


def texts_of(cands, keys, names=None, multi=False):
    by_id = {k.id: k for k in keys}
    names = names or {k.id: k.name for k in keys}
    return [shape_text(shape, names, by_id, multi) for shape, _fills in cands]


def render_back(shape, fills, keys, multi=False):
    """Template text + lexicons of one candidate; it must generate its instance."""
    by_id = {k.id: k for k in keys}
    names = {k.id: k.name for k in keys}
    text = shape_text(shape, names, by_id, multi)
    lex: dict = {}
    for (kid, _card), value in fills.items():
        index = by_id[kid].index
        entry = value if index is None else [""] * index + [value]
        if entry not in lex.setdefault(names[kid], []):
            lex[names[kid]].append(entry)
    return text, lex


# --------------------------------------------------------------------------- #
# The paper's worked example

def test_paper_example_matches():
    index = KeyIndex([CITY])
    matches = index.matches([segment(PAPER)])
    assert [(f, PAPER[s:e], k) for f, s, e, k in matches] == \
        [(0, "Paris", 0), (0, "London", 0), (0, "Paris", 0)]


def test_paper_example_eight_candidates():
    cands, truncated = instance_candidates([segment(PAPER)], KeyIndex([CITY]))
    assert not truncated
    assert len(cands) == 2 ** 3
    texts = texts_of(cands, [CITY])
    assert len(set(texts)) == 8
    # keep both 'Paris', replace 'London': the first replaced city is cardinal 0 (no digit)
    assert "Paris is beautiful. {CITY} is cold. Paris is bigger." in texts
    # all replaced: equal values share a cardinal, distinct values get distinct ones
    assert "{CITY} is beautiful. {CITY1} is cold. {CITY} is bigger." in texts
    assert PAPER in texts                                      # nothing replaced
    assert "{CITY} is beautiful. London is cold. {CITY} is bigger." in texts
    assert "{CITY} is beautiful. London is cold. Paris is bigger." in texts
    assert "Paris is beautiful. London is cold. {CITY} is bigger." in texts
    assert "{CITY} is beautiful. {CITY1} is cold. Paris is bigger." in texts
    assert "Paris is beautiful. {CITY} is cold. {CITY1} is bigger." in texts


def test_paper_example_build_shape_directly():
    segs = [segment(PAPER)]
    matches = KeyIndex([CITY]).matches(segs)
    shape, fills = build_shape([PAPER], matches, [1])
    assert shape == (("Paris is beautiful. ", (0, 0), " is cold. Paris is bigger."),)
    assert fills == {(0, 0): "London"}
    shape, fills = build_shape([PAPER], matches, [0, 1, 2])
    assert shape_slots(shape) == [(0, 0), (0, 1), (0, 0)]
    assert fills == {(0, 0): "Paris", (0, 1): "London"}
    assert shape_text(shape, {0: "CITY"}, {0: CITY}, False) == \
        "{CITY} is beautiful. {CITY1} is cold. {CITY} is bigger."


def test_every_candidate_regenerates_its_instance():
    cands, _ = instance_candidates([segment(PAPER)], KeyIndex([CITY]))
    for shape, fills in cands:
        text, lex = render_back(shape, fills, [CITY])
        assert generates(parse_template(text), lex, PAPER), text


def test_cardinals_are_canonical_across_instances():
    """Two instances with different values but the same structure give one shape."""
    index = KeyIndex([CITY])
    a = "Paris is bigger than London."
    b = "London is bigger than Paris."
    ca = dict(instance_candidates([segment(a)], index)[0])
    cb = dict(instance_candidates([segment(b)], index)[0])
    both = [s for s in ca if s in cb]
    texts = {shape_text(s, {0: "CITY"}, {0: CITY}, False) for s in both}
    assert texts == {"{CITY} is bigger than {CITY1}."}
    s = next(iter(both))
    assert ca[s] == {(0, 0): "Paris", (0, 1): "London"}
    assert cb[s] == {(0, 0): "London", (0, 1): "Paris"}


def test_same_value_twice_shares_cardinal_even_across_keys():
    adj = key(1, "ADJ", "big", "cold")
    text = "Paris is big and Paris is cold."
    cands, _ = instance_candidates([segment(text)], KeyIndex([CITY, adj]))
    texts = texts_of(cands, [CITY, adj])
    assert len(cands) == 2 ** 4
    assert "{CITY} is {ADJ} and {CITY} is {ADJ1}." in texts
    assert "{CITY} is big and {CITY} is {ADJ}." in texts
    # cardinals count per key: the first ADJ slot is 0 whichever CITY slots exist
    assert "Paris is {ADJ} and {CITY} is cold." in texts


# --------------------------------------------------------------------------- #
# Overlaps, matching modes

def test_overlapping_matches_exclude_each_other():
    ny = key(0, "PLACE", "New York", "Lima")
    york = key(1, "NAME", "York", "Kent")
    text = "New York is big."
    index = KeyIndex([ny, york])
    matches = index.matches([segment(text)])
    assert [(text[s:e], k) for _f, s, e, k in matches] == [("New York", 0), ("York", 1)]
    cands, _ = instance_candidates([segment(text)], index)
    texts = sorted(texts_of(cands, [ny, york]))
    assert texts == sorted(["New York is big.", "{PLACE} is big.", "New {NAME} is big."])
    for shape, _ in cands:
        assert len(shape_slots(shape)) <= 1


def test_overlap_within_one_key():
    k = key(0, "K", "a b", "b c")
    cands, _ = instance_candidates([segment("a b c")], KeyIndex([k]))
    assert sorted(texts_of(cands, [k])) == sorted(["a b c", "{K} c", "a {K}"])


def test_adjacent_matches_do_not_overlap():
    k = key(0, "K", "a", "b")
    cands, _ = instance_candidates([segment("a b")], KeyIndex([k]))
    assert "{K} {K1}" in texts_of(cands, [k])
    assert len(cands) == 4


def test_token_matching_needs_word_boundaries():
    cat = key(0, "ANIMAL", "cat", "dog")
    text = "cats and a cat"
    m = KeyIndex([cat], "token").matches([segment(text)])
    assert [(s, e) for _f, s, e, _k in m] == [(11, 14)]
    cands, _ = instance_candidates([segment(text)], KeyIndex([cat], "token"))
    assert sorted(texts_of(cands, [cat])) == sorted(["cats and a cat", "cats and a {ANIMAL}"])


def test_substring_matching_matches_inside_words():
    cat = key(0, "ANIMAL", "cat", "dog")
    text = "cats and a cat"
    index = KeyIndex([cat], "substring")
    m = index.matches([segment(text)])
    assert [(s, e) for _f, s, e, _k in m] == [(0, 3), (11, 14)]
    cands, _ = instance_candidates([segment(text)], index)
    texts = texts_of(cands, [cat])
    assert "{ANIMAL}s and a cat" in texts
    assert "{ANIMAL}s and a {ANIMAL}" in texts
    assert len(cands) == 4
    for shape, fills in cands:
        t, lex = render_back(shape, fills, [cat])
        assert generates(parse_template(t), lex, text)


def test_unsegmented_token_matching_is_per_character():
    k = key(0, "CITY", "東京", "大阪")
    text = "東京は大阪より大きい。"
    cands, _ = instance_candidates([segment(text)], KeyIndex([k]))
    assert "{CITY}は{CITY1}より大きい。" in texts_of(cands, [k])


def test_bad_match_mode():
    with pytest.raises(ValueError):
        KeyIndex([CITY], "regex")


# --------------------------------------------------------------------------- #
# The cap

def test_cap_keeps_literal_instance_and_reports_truncation():
    k = key(0, "W", "a", "b")
    text = " ".join("ab"[i % 2] for i in range(10))       # 10 matches: 1024 subsets
    full, truncated = instance_candidates([segment(text)], KeyIndex([k]))
    assert not truncated and len(full) == 1024
    for cap in (1, 2, 5, 100):
        cands, truncated = instance_candidates([segment(text)], KeyIndex([k]), cap=cap)
        assert truncated
        assert 1 <= len(cands) <= cap
        literal = [s for s, _ in cands if not shape_slots(s)]
        assert literal == [((text,),)]
    cands, truncated = instance_candidates([segment(text)], KeyIndex([k]), cap=1024)
    assert not truncated and len(cands) == 1024
    cands, truncated = instance_candidates([segment(text)], KeyIndex([k]), cap=1023)
    assert truncated and len(cands) <= 1023
    assert ((text,),) in dict(cands)


# --------------------------------------------------------------------------- #
# Multi-field instances

def test_multi_field_instance_keeps_fields_apart():
    segs = [segment("Paris is bigger than London."), segment("Is London small?")]
    cands, _ = instance_candidates(segs, KeyIndex([CITY]))
    assert len(cands) == 8
    for shape, fills in cands:
        assert len(shape) == 2
        text, lex = render_back(shape, fills, [CITY], multi=True)
        assert isinstance(text, list) and len(text) == 2
        assert generates(parse_template(text), lex, ["Paris is bigger than London.",
                                                     "Is London small?"])
    texts = texts_of(cands, [CITY], multi=True)
    # one value shares its cardinal across fields
    assert ["{CITY} is bigger than {CITY1}.", "Is {CITY1} small?"] in texts
    assert ["Paris is bigger than {CITY}.", "Is {CITY} small?"] in texts
    assert ["Paris is bigger than London.", "Is {CITY} small?"] in texts


def test_multi_field_match_never_spans_fields():
    k = key(0, "K", "a b", "c d")
    segs = [segment("x a"), segment("b y")]
    assert KeyIndex([k]).matches(segs) == []
    cands, _ = instance_candidates(segs, KeyIndex([k]))
    assert [s for s, _ in cands] == [(("x a",), ("b y",))]


def test_multi_field_empty_remainder_keeps_field():
    segs = [segment("Paris"), segment("London")]
    cands, _ = instance_candidates(segs, KeyIndex([CITY]))
    shapes = [s for s, _ in cands]
    assert (((0, 0),), ((0, 1),)) in shapes
    assert all(len(s) == 2 for s in shapes)


def test_tuple_key_renders_index_and_tuple_lexicon():
    adj = key(0, "adj", "plus grand", "plus petit", index=0)
    text = "Mary est plus grand que John."
    cands, _ = instance_candidates([segment(text)], KeyIndex([adj]))
    shape = next(s for s, _ in cands if shape_slots(s))
    fills = dict(cands)[shape]
    t, lex = render_back(shape, fills, [adj])
    assert t == "Mary est {adj[0]} que John."
    assert lex == {"adj": [["plus grand"]]}
    assert generates(parse_template(t), lex, text)


# --------------------------------------------------------------------------- #
# Properties

SENT = st.lists(st.sampled_from(["Paris", "London", "is", "big", "and", "New York", "."]),
                min_size=1, max_size=8).map(" ".join)


@PROPERTY
@given(SENT, st.sampled_from(["token", "substring"]))
def test_candidates_all_regenerate_and_count(text, mode):
    keys = [key(0, "CITY", "Paris", "London", "New York"), key(1, "ADJ", "big", "York")]
    index = KeyIndex(keys, mode)
    segs = [segment(text)]
    matches = index.matches(segs)
    cands, truncated = instance_candidates(segs, index)
    assert not truncated
    # number of non-overlapping subsets of the matches, by brute force
    n = len(matches)
    expected = 0
    for mask in range(1 << n):
        chosen = [matches[j] for j in range(n) if mask >> j & 1]
        if all(a[2] <= b[1] for a, b in zip(chosen, chosen[1:])):
            expected += 1
    assert len(cands) == expected
    for shape, fills in cands:
        t, lex = render_back(shape, fills, keys)
        assert generates(parse_template(t), lex, text), (text, t, lex)
        # cardinals of each key are 0..n-1 in order of first appearance
        for kid in (0, 1):
            cards = [c for k, c in shape_slots(shape) if k == kid]
            firsts = list(dict.fromkeys(cards))
            assert firsts == list(range(len(firsts)))
