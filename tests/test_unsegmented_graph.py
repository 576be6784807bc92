"""Graph keys on scripts without spaces (Thai, Burmese): Step 2 stays small and exact.

Every character is a token there, so the word graph makes keys of character n-grams of
the frame and of pieces of values; an instance used to match about a hundred terminals
(10**10 candidate subsets, cut at --max-candidates, minutes and gigabytes per group).
Instances over the cap are now thinned (``KeyIndex.over_cap``): frame matches dropped,
the longest match kept at each place.  Instances within the cap are untouched.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings, strategies as st

from tea_solver.candidates import (KeyIndex, _subsets, build_shape, count_subsets,
                                   instance_candidates)
from tea_solver.extract import ExtractOptions, extract
from tea_solver.io.instances import parse_instance
from tea_solver.keys.base import Key
from tea_solver.template import generates, parse_template
from tea_solver.tokenize import segment

# a small syllable inventory, so that characters recur across the frame and the values
# as they do in real text (that is what makes character n-gram keys of the frame)
THAI = ([chr(c) for c in range(0x0E01, 0x0E07)], ["\u0E31", "\u0E34", "\u0E35", "\u0E38", ""],
        ["\u0E48", "\u0E49", ""])
BURMESE = ([chr(c) for c in range(0x1000, 0x1006)], ["\u102B", "\u102D", "\u102F", "\u1031", ""],
           ["\u103B", "\u103D", ""])


def word(w: str, script) -> str:
    """A made-up word of two or three syllables (consonant, vowel sign, tone or medial)."""
    cons, signs, extra = script
    h = hashlib.sha256(w.encode()).digest()
    return "".join(cons[h[3 * k] % len(cons)] + signs[h[3 * k + 1] % len(signs)]
                   + extra[h[3 * k + 2] % len(extra)] for k in range(2 + h[0] % 2))


def group(script, n=120, seed=0) -> list:
    """An intensifier group, 'translated' word by word and written without spaces."""
    rng = random.Random(seed)
    names = ["John", "Mary", "Chen", "Priya", "Omar", "Lena"]
    very = ["very", "extremely", "highly", "really", "quite"]
    states = ["happy", "sad", "skeptical", "pleased", "open", "angry", "calm"]
    out = []
    for i in range(n):
        a, b = rng.sample(names, 2)
        v, s = rng.choice(very), rng.choice(states)
        src = "%s is %s %s about the project. %s is %s about the project." % (a, v, s, b, s)
        tgt = "".join(w if w in names else word(w, script)
                      for w in src.replace(".", " .").split()).replace(".", "\u0E2F")
        out.append(parse_instance({"id": "g/%d" % i, "template_id": "g", "target": tgt,
                                   "source": src, "fill": {"first_name": a, "first_name1": b,
                                                           "very": v, "state": s}}, i + 1)[0])
    return out


@pytest.mark.parametrize("script", [THAI, BURMESE], ids=["thai", "burmese"])
def test_graph_keys_stay_exact_and_small_without_spaces(script):
    instances = group(script)
    doc = extract(instances, ExtractOptions(keys="graph", solver="ilp", time_limit=5),
                  progress=False)
    [report] = doc["report"]["groups"]
    assert report["truncated_instances"] > len(instances) // 2   # over the cap: thinned
    assert report["candidates"] < 20 * len(instances)  # not cap x instances
    parsed = [(parse_template(t["template"]), t["lexicons"]) for t in doc["templates"]]
    for inst in instances:
        assert any(generates(p, lx, inst.target_value) for p, lx in parsed)
    assert report["templates"] < len(instances) // 2


def test_frame_tokens_are_the_ones_every_target_has_in_context():
    instances = group(THAI, n=40)
    items = [tuple(segment(t) for t in inst.target) for inst in instances]
    index = KeyIndex([], targets=items)
    seg = items[0][0]
    frame = index.frame_tokens(seg)
    about = word("about", THAI) + word("the", THAI)
    start = seg.text.index(about) + len(about)         # inside "... the project"
    inside = [i for i, sp in enumerate(seg.spans) if sp.start >= start][:2]
    assert all(frame[i] for i in inside)
    assert not frame[0]                                # the name varies
    assert KeyIndex([]).frame_tokens(seg) == [False] * len(seg.tokens)


def test_thinning_keeps_value_matches_and_drops_frame_and_nested_ones():
    text = "aa XX bb cc dd"
    items = [(segment(t),) for t in ("aa XX bb cc dd", "aa YY bb cc dd", "aa ZZ bb cc dd")]
    keys = [Key(0, "v", frozenset({("XX",), ("YY",)})),
            Key(1, "f", frozenset({("cc",), ("zz",)})),          # frame text
            Key(2, "w", frozenset({("XX", "bb"), ("YY", "bb")}))]
    index = KeyIndex(keys, targets=items)
    seg = segment(text)
    kept = index.over_cap([seg], index.matches([seg]))
    assert [text[s:e] for _f, s, e, _k in kept] == ["XX bb"]   # XX is inside XX bb
    assert count_subsets(index.matches([seg])) == 6
    cands, truncated = instance_candidates([seg], index, cap=2)
    assert truncated
    assert cands == [((("aa ", (2, 0), " cc dd"),), {(2, 0): "XX bb"}), (((text,),), {})]
    assert instance_candidates([seg], index, cap=6) == \
        (instance_candidates([seg], index)[0], False)           # within the cap: untouched


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 12), st.integers(1, 4),
                          st.integers(0, 2)), max_size=12))
def test_count_subsets_counts_the_enumeration(raw):
    matches = sorted({(f, s, s + length, k) for f, s, length, k in raw})
    assert count_subsets(matches) == sum(1 for _ in _subsets(matches))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c", "ab", "x"]), min_size=1, max_size=9),
       st.lists(st.lists(st.sampled_from(["a", "b", "c", "ab", "x"]), min_size=1, max_size=2),
                min_size=1, max_size=5))
def test_within_the_cap_step_two_is_the_paper_exactly(words, terms):
    """The incremental enumeration gives build_shape over every subset, in order."""
    text = " ".join(words)
    keys = [Key(n, "k%d" % n, frozenset({tuple(t)})) for n, t in enumerate(terms)]
    index = KeyIndex(keys)
    seg = segment(text)
    matches = index.matches([seg])
    expected: dict = {}
    for chosen in _subsets(matches):
        shape, fills = build_shape([text], matches, chosen)
        expected.setdefault(shape, fills)
    got, truncated = instance_candidates([seg], index)
    assert not truncated and got == list(expected.items())
