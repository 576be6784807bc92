"""Step 1: the word graph and its keys (tea_solver.keys.graph, tea_solver.keys.base)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tea_solver.keys.base import Key, consolidate, letters
from tea_solver.keys.graph import (BOS, EOS, _strip_common, build_word_graph, graph_keys,
                                   path_length)
from tea_solver.template import valid_lexicon_name
from tea_solver.tokenize import segment

PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

CITIES = ["Paris is big.", "London is big.", "Paris is cold."]


def segs_of(texts):
    return [segment(t) for t in texts]


def terminal_sets(keys):
    return {k.terminals for k in keys}


def t(*words):
    return tuple(words)


# --------------------------------------------------------------------------- #
# The word graph

def test_word_graph_edges_and_weights():
    g = build_word_graph(s.tokens for s in segs_of(CITIES))
    assert set(g.nodes) == {BOS, EOS, "Paris", "London", "is", "big", "cold", "."}
    assert set(g.edges) == {(BOS, "Paris"), (BOS, "London"), ("Paris", "is"), ("London", "is"),
                            ("is", "big"), ("is", "cold"), ("big", "."), ("cold", "."),
                            (".", EOS)}
    assert g[BOS]["Paris"]["weight"] == 2
    assert g["is"]["big"]["weight"] == 2
    assert g["is"]["cold"]["weight"] == 1
    assert g["."][EOS]["weight"] == 3


def test_word_graph_repeated_token_is_one_node():
    g = build_word_graph([["a", "b", "a", "b"]])
    assert g["a"]["b"]["weight"] == 2
    assert g.has_edge("b", "a")
    assert g.number_of_nodes() == 4


def test_bos_eos_cannot_collide_with_tokens():
    for text in ["<s> x </s>", "s / s"]:
        assert BOS not in segment(text).tokens and EOS not in segment(text).tokens


# --------------------------------------------------------------------------- #
# Keys of a hand example

def test_hand_example_city_and_adjective_keys():
    keys = graph_keys(segs_of(CITIES), k=2)
    assert terminal_sets(keys) == {frozenset({t("Paris"), t("London")}),
                                   frozenset({t("big"), t("cold")})}
    city = next(k for k in keys if t("Paris") in k.terminals)
    adj = next(k for k in keys if t("big") in k.terminals)
    assert city.texts[t("London")] == "London"
    assert adj.texts[t("cold")] == "cold"
    # deterministic order and names: sorted by terminals ('London' < 'big')
    assert [k.name for k in keys] == ["key_a", "key_b"]
    assert keys[0] is city and keys[1] is adj
    assert all(k.origin.startswith("graph") for k in keys)


def test_hand_example_without_normalisation_keeps_glued_keys():
    keys = graph_keys(segs_of(CITIES), k=2, normalize=False, merge="none")
    sets = terminal_sets(keys)
    assert frozenset({t("Paris"), t("London")}) in sets
    assert frozenset({t("big"), t("cold")}) in sets
    assert frozenset({t("Paris", "is"), t("London", "is")}) in sets
    assert frozenset({t("is", "big"), t("is", "cold")}) in sets
    assert frozenset({t("big", "."), t("cold", ".")}) in sets
    assert len(keys) == 5


def test_single_alternative_is_no_key():
    # every node pair has one path only: nothing varies
    assert graph_keys(segs_of(["Paris is big.", "Paris is big."])) == []
    assert graph_keys(segs_of(["Paris is big."])) == []


def test_direct_edge_is_not_an_empty_terminal():
    # 'is big' and 'is very big': the pair (is, big) has the path 'very' and the
    # direct edge; the empty alternative must not become a terminal
    keys = graph_keys(segs_of(["It is big.", "It is very big.", "It is rather big."]),
                      normalize=False, merge="none")
    assert keys, "very/rather should form a key"
    assert all(len(term) > 0 for k in keys for term in k.terminals)
    assert frozenset({t("very"), t("rather")}) in terminal_sets(keys)


def test_multi_token_terminal_keeps_its_spacing():
    keys = graph_keys(segs_of(["I love New  York .", "I love Paris ."]), k=2)
    key = next(k for k in keys if t("Paris") in k.terminals)
    assert t("New", "York") in key.terminals
    assert key.texts[t("New", "York")] == "New  York"


# --------------------------------------------------------------------------- #
# k bounds the path length

def test_k_bounds_path_length():
    texts = ["I love New York City .", "I love Paris ."]
    def has_city(keys):
        return any(t("New", "York", "City") in k.terminals for k in keys)
    assert not has_city(graph_keys(segs_of(texts), k=2))
    assert not has_city(graph_keys(segs_of(texts), k=1))
    k3 = graph_keys(segs_of(texts), k=3)
    assert has_city(k3)
    assert frozenset({t("New", "York", "City"), t("Paris")}) in terminal_sets(k3)


def test_k1_only_single_tokens():
    texts = ["A x B", "A y B", "A p q B", "A r s B"]
    for k in (1, 2, 3):
        keys = graph_keys(segs_of(texts), k=k, normalize=False, merge="none")
        longest = max(len(term) for key in keys for term in key.terminals)
        assert longest <= k
    k1 = graph_keys(segs_of(texts), k=1, normalize=False, merge="none")
    assert frozenset({t("x"), t("y")}) in terminal_sets(k1)
    assert not any(t("p", "q") in key.terminals for key in k1)


def test_k_must_be_positive():
    with pytest.raises(ValueError):
        graph_keys(segs_of(CITIES), k=0)
    with pytest.raises(ValueError):
        graph_keys(segs_of(CITIES), paths="everything")


def test_unsegmented_path_length_counts_characters_in_words():
    # 3 kana count as one word (char_span=3); latin tokens count one each
    assert path_length(("と", "う", "き"), 3) == 1
    assert path_length(("と", "う", "き", "ょ"), 3) == 2
    assert path_length(("と", "う", "き", "ょ", "う", "だ", "よ"), 3) == 3
    assert path_length(("New", "York"), 3) == 2
    assert path_length(("New", "と"), 3) == 2
    assert path_length(("と",), 1) == 1


def test_unsegmented_k_bounds_in_characters():
    # values of 6 characters are terminals at k=2 (char_span 3), 7 are not
    six = ["東京はサービスだ。", "東京はたべものだ。"]          # サービス 4, たべもの 4
    keys = graph_keys(segs_of(six), k=2)
    assert frozenset({t(*"サービス"), t(*"たべもの")}) in terminal_sets(keys)
    seven = ["東京はあいうえおかきだ。", "東京はさしすせそたちだ。"]
    keys7 = graph_keys(segs_of(seven), k=2)
    assert not any(t(*"あいうえおかき") in k.terminals for k in keys7)
    assert any(t(*"あいうえおかき") in k.terminals for k in graph_keys(segs_of(seven), k=3))


# --------------------------------------------------------------------------- #
# paths="graph" is a superset of paths="attested"

def test_graph_paths_include_unattested_combinations():
    texts = ["u a b v", "u c d v", "a d"]
    att = graph_keys(segs_of(texts), paths="attested", normalize=False, merge="none")
    gra = graph_keys(segs_of(texts), paths="graph", normalize=False, merge="none")
    att_terms = {term for k in att for term in k.terminals}
    gra_terms = {term for k in gra for term in k.terminals}
    assert att_terms <= gra_terms
    # 'a d' between u and v occurs in no target, but the graph has u->a->d->v
    assert not any({t("a", "d"), t("a", "b")} <= k.terminals and t("c", "d") in k.terminals
                   for k in att)
    assert any({t("a", "d"), t("a", "b"), t("c", "d")} <= k.terminals for k in gra)


WORDS = st.lists(st.lists(st.sampled_from(["a", "b", "c", "d", "e", "."]), min_size=1,
                          max_size=6), min_size=1, max_size=6)


@PROPERTY
@given(WORDS, st.integers(1, 3))
def test_graph_paths_superset_of_attested(seqs, k):
    segs = segs_of(" ".join(s) for s in seqs)
    att = graph_keys(segs, k=k, paths="attested", normalize=False, merge="none")
    gra = graph_keys(segs, k=k, paths="graph", normalize=False, merge="none")
    for key in att:
        assert any(key.terminals <= g.terminals for g in gra), key
    # every attested terminal really occurs in some target, and is <= k tokens
    for key in att:
        for term in key.terminals:
            assert 1 <= len(term) <= k
            assert any(term == s.tokens[i:i + len(term)]
                       for s in segs for i in range(len(s.tokens)))


# --------------------------------------------------------------------------- #
# normalize strips shared affixes

def test_strip_common_prefix_and_suffix():
    assert _strip_common({t("Mary", "est"), t("John", "est")}) == {t("Mary"), t("John")}
    assert _strip_common({t("est", "Mary"), t("est", "John")}) == {t("Mary"), t("John")}
    assert _strip_common({t("est", "très"), t("est", "assez"), t("est")}) == \
        {t("très"), t("assez")}
    assert _strip_common({t("a"), t("b")}) == {t("a"), t("b")}
    assert _strip_common({t("x", "a", "y"), t("x", "b", "y")}) == {t("a"), t("b")}


def test_normalize_merges_glued_keys():
    texts = ["Mary est grand.", "John est grand.", "Mary est petit.", "John est petit."]
    raw = graph_keys(segs_of(texts), normalize=False, merge="none")
    norm = graph_keys(segs_of(texts), normalize=True, merge="none")
    assert frozenset({t("Mary", "est"), t("John", "est")}) in terminal_sets(raw)
    assert frozenset({t("Mary", "est"), t("John", "est")}) not in terminal_sets(norm)
    assert frozenset({t("Mary"), t("John")}) in terminal_sets(norm)
    assert len(norm) < len(raw)
    # after normalisation no key is glued to a constant
    for key in norm:
        terms = key.terminals
        assert len({x[0] for x in terms}) > 1 and len({x[-1] for x in terms}) > 1, key


@PROPERTY
@given(WORDS)
def test_normalized_keys_share_no_affix(seqs):
    for key in graph_keys(segs_of(" ".join(s) for s in seqs), normalize=True, merge="none"):
        assert len(key.terminals) >= 2
        assert len({x[0] for x in key.terminals}) > 1
        assert len({x[-1] for x in key.terminals}) > 1


# --------------------------------------------------------------------------- #
# consolidate

def K(i, *terms, name=None):
    ts = frozenset(t(*x.split()) for x in terms)
    return Key(id=i, name=name or "key_" + letters(i), terminals=ts, origin="graph:test",
               texts={x: " ".join(x) for x in ts})


def test_consolidate_none_keeps_everything():
    keys = [K(0, "a", "b", "c"), K(1, "a", "b"), K(2, "x", "y")]
    assert consolidate(keys, "none") == keys


def test_consolidate_subset_drops_contained_keys():
    keys = [K(0, "a", "b", "c"), K(1, "a", "b"), K(2, "x", "y"), K(3, "c", "d")]
    out = consolidate(keys, "subset")
    assert [k.id for k in out] == [0, 2, 3]
    assert out[0].terminals == keys[0].terminals


def test_consolidate_subset_equal_sets_keep_lower_id():
    out = consolidate([K(5, "a", "b"), K(2, "a", "b")], "subset")
    assert [k.id for k in out] == [2]


def test_consolidate_overlap_merges_by_threshold():
    keys = [K(0, "a", "b", "c"), K(1, "c", "d"), K(2, "x", "y")]
    out = consolidate(keys, "overlap", threshold=0.5)       # 1/min(3,2) = 0.5
    assert [k.id for k in out] == [0, 2]
    assert out[0].terminals == frozenset({t("a"), t("b"), t("c"), t("d")})
    assert out[0].name == "key_a"
    assert out[0].texts[t("d")] == "d"                     # surfaces merge
    out = consolidate(keys, "overlap", threshold=0.6)
    assert [k.id for k in out] == [0, 1, 2]


def test_consolidate_overlap_is_transitive():
    keys = [K(0, "a", "b"), K(1, "b", "c"), K(2, "c", "d"), K(3, "p", "q")]
    out = consolidate(keys, "overlap", threshold=0.5)
    assert [k.id for k in out] == [0, 3]
    assert out[0].terminals == frozenset({t("a"), t("b"), t("c"), t("d")})


def test_consolidate_does_not_depend_on_input_order():
    keys = [K(0, "a", "b", "c"), K(1, "c", "d"), K(2, "x", "y"), K(3, "a", "b")]
    for mode in ("subset", "overlap"):
        ref = consolidate(keys, mode)
        for seed in range(5):
            shuffled = keys[:]
            random.Random(seed).shuffle(shuffled)
            got = consolidate(shuffled, mode)
            assert [(k.id, k.name, k.terminals) for k in got] == \
                [(k.id, k.name, k.terminals) for k in ref]


def test_consolidate_bad_mode():
    with pytest.raises(ValueError):
        consolidate([K(0, "a", "b")], "union")


def test_graph_keys_merge_modes_differ():
    # names after 'est' and after 'que' overlap but are not equal
    texts = ["Mary est plus grande que John.", "John est plus grand que Ahmed.",
             "Ahmed est plus grand que Mary.", "Priya est plus grande que John."]
    none = graph_keys(segs_of(texts), merge="none")
    over = graph_keys(segs_of(texts), merge="overlap")
    assert len(over) <= len(none)
    names = [k for k in over if t("Mary") in k.terminals]
    assert len(names) == 1
    assert {t("Mary"), t("John"), t("Ahmed"), t("Priya")} <= names[0].terminals


# --------------------------------------------------------------------------- #
# Determinism and names

def test_letters():
    assert [letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == \
        ["a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa"]


def test_keys_deterministic_under_target_order():
    texts = ["Mary est plus grande que John.", "John est plus grand que Ahmed.",
             "Ahmed est plus petit que Mary.", "Priya est plus grande que Ahmed.",
             "John est très grand.", "Mary est assez petite."]
    ref = graph_keys(segs_of(texts))
    assert ref
    for seed in range(6):
        shuffled = texts[:]
        random.Random(seed).shuffle(shuffled)
        got = graph_keys(segs_of(shuffled))
        assert [(k.id, k.name, k.terminals, k.texts) for k in got] == \
            [(k.id, k.name, k.terminals, k.texts) for k in ref]


@PROPERTY
@given(WORDS, st.sampled_from(["none", "subset", "overlap"]), st.booleans())
def test_key_names_valid_unique_and_ordered(seqs, merge, normalize):
    keys = graph_keys(segs_of(" ".join(s) for s in seqs), merge=merge, normalize=normalize)
    ids = [k.id for k in keys]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    names = [k.name for k in keys]
    assert len(set(names)) == len(names)
    for key in keys:
        assert valid_lexicon_name(key.name), key.name
        assert key.name == "key_" + letters(key.id)
        assert set(key.texts) >= set(key.terminals)
    assert keys == graph_keys(segs_of(" ".join(s) for s in seqs), merge=merge,
                              normalize=normalize)
