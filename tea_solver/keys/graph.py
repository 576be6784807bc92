"""Step 1 of TEA: keys from the word graph (the paper's grouping).

The word graph of a group has one node per token string plus sentence start
and end nodes, and an edge A→B whenever B directly follows A in some target.
Between two nodes u and v, the different paths of length ≤ k+1 (at most k
intermediate tokens) are alternatives that can stand in the same place: their
intermediate token sequences become the *terminals* of one key.

Where the paper is ambiguous we made the choice a parameter:

``paths="attested"`` (default)
    a path counts only if its tokens occur contiguously between u and v in some
    target.  ``"graph"`` takes every path of the graph, also combinations no
    target contains (they can only matter where they occur elsewhere as
    substrings, and they cost time).
Empty paths (a direct edge u→v) are not terminals: an empty value would match
    between every two tokens, and where its spaces go is undefined (``is  good``
    vs ``is good``), which would break exact regeneration.  Optional words are
    therefore separate templates, as in the paper's example.
``normalize=True`` (default; ``False`` is the paper verbatim)
    a key whose terminals all start (or end) with the same token — ``Mary est``,
    ``John est`` — is a real key glued to a constant; the constant is stripped
    and keys with equal terminal sets are merged, whichever node pair produced
    them (the names before ``est`` and after ``que`` are one key, so their two
    slots become the cardinals ``{k}`` … ``{k1}``).  This changes no cover size
    that matters but removes most of the candidate blow-up of Step 2.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Sequence

import networkx as nx

from tea_solver.keys.base import Key, consolidate, letters
from tea_solver.tokenize import Segmented, is_char_token

BOS, EOS = "\u0002<s>", "\u0003</s>"   # cannot be tokens: control characters


def build_word_graph(sequences: Iterable[Sequence[str]]) -> nx.DiGraph:
    """Nodes are token strings plus BOS/EOS; edge weight = times A precedes B."""
    g = nx.DiGraph()
    for seq in sequences:
        path = [BOS, *seq, EOS]
        for a, b in zip(path, path[1:]):
            if g.has_edge(a, b):
                g[a][b]["weight"] += 1
            else:
                g.add_edge(a, b, weight=1)
    return g


def path_length(mid: Sequence[str], char_span: int) -> int:
    """Length of an intermediate path, in words.

    A token of a segmented script is one word.  In scripts written without
    spaces every character is a token, and a word is several of them, so
    ``char_span`` consecutive character tokens count as one word: with the
    paper's k = 2 and ``char_span=3``, a Japanese value of up to six characters
    (``サービス``, ``素晴らしかった`` is seven) can still be a terminal.
    """
    chars = sum(1 for t in mid if is_char_token(t))
    return len(mid) - chars + -(-chars // char_span)


def _attested_paths(segs: Iterable[Segmented], k: int, char_span: int):
    """(u, v) → set of intermediate token tuples seen contiguously between them."""
    found: dict[tuple[str, str], set] = defaultdict(set)
    for seg in segs:
        path = (BOS, *seg.tokens, EOS)
        n = len(path)
        for i in range(n):
            for j in range(i + 2, n):
                mid = path[i + 1:j]
                if path_length(mid, char_span) > k:
                    break
                found[(path[i], path[j])].add(mid)
    return found


def _graph_paths(segs: Sequence[Segmented], k: int, char_span: int):
    """(u, v) → set of intermediate tuples over all graph paths of ≤ k+1 edges."""
    g = build_word_graph(seg.tokens for seg in segs)
    found: dict[tuple[str, str], set] = defaultdict(set)
    for u in sorted(g.nodes):
        stack = [(u, ())]
        while stack:
            node, mid = stack.pop()
            for v in sorted(g.successors(node)):
                if mid:
                    found[(u, v)].add(mid)
                if v not in (BOS, EOS) and path_length(mid + (v,), char_span) <= k:
                    stack.append((v, mid + (v,)))
    return found


def surfaces(segs: Iterable[Segmented], k: int) -> tuple[dict, dict]:
    """Exact text of every contiguous token sequence of length ≤ k (first seen),
    and the spacing first seen on every edge — to spell unattested paths."""
    text: dict[tuple, str] = {}
    sep: dict[tuple[str, str], str] = {}
    for seg in segs:
        n = len(seg.tokens)
        for i in range(n):
            if i + 1 < n:
                sep.setdefault(seg.tokens[i:i + 2], seg.gap(i))
            for j in range(i + 1, min(n, i + k) + 1):
                text.setdefault(seg.tokens[i:j], seg.surface(i, j))
    return text, sep


def spell(t: tuple, text: dict, sep: dict) -> str:
    """Surface of a token tuple: as attested, else joined with edge spacing."""
    if t in text:
        return text[t]
    return "".join(a + sep.get((a, b), " ") for a, b in zip(t, t[1:])) + t[-1]


def _strip_common(terms: set) -> frozenset:
    """Drop tokens every terminal shares at its start or end.

    A terminal that becomes empty is dropped: ``{est, est très, est assez}`` is
    the intensifier key ``{très, assez}`` with an optional slot, and empty
    values are not terminals (see the module docstring).
    """
    terms = set(terms)
    while len(terms) > 1:
        if len({t[0] for t in terms}) == 1:
            terms = {t[1:] for t in terms if len(t) > 1}
        elif len({t[-1] for t in terms}) == 1:
            terms = {t[:-1] for t in terms if len(t) > 1}
        else:
            break
    return frozenset(terms)


def graph_keys(segs: Sequence[Segmented], k: int = 2, *, paths: str = "attested",
               char_span: int = 3,
               normalize: bool = True, merge: str = "overlap",
               merge_threshold: float = 0.5, min_terminals: int = 2,
               prefix: str = "key_") -> list[Key]:
    """Keys of one group from its segmented targets (every field of every instance).

    Deterministic: keys are ordered by their sorted terminals and named
    ``key_a``, ``key_b``, … in that order.
    """
    if k < 1:
        raise ValueError("k must be >= 1")
    if paths == "attested":
        found = _attested_paths(segs, k, char_span)
    elif paths == "graph":
        found = _graph_paths(segs, k, char_span)
    else:
        raise ValueError("paths must be 'attested' or 'graph'")
    sets: dict[frozenset, list] = {}
    for (u, v), terms in found.items():
        if len(terms) < min_terminals:
            continue
        fs = _strip_common(terms) if normalize else frozenset(terms)
        if len(fs) < min_terminals:
            continue
        sets.setdefault(fs, []).append((u, v))
    text, sep = surfaces(segs, k * char_span)
    ordered = sorted(sets.items(), key=lambda kv: sorted(kv[0]))
    keys = []
    for i, (terms, pairs) in enumerate(ordered):
        u, v = min(pairs)
        origin = "graph:(%s, %s)" % (u.strip("\u0002\u0003"), v.strip("\u0002\u0003"))
        if len(pairs) > 1:
            origin += " +%d pairs" % (len(pairs) - 1)
        texts = {t: spell(t, text, sep) for t in terms}
        keys.append(Key(id=i, name=prefix + letters(i), terminals=terms, origin=origin,
                        texts=texts))
    return consolidate(keys, merge, merge_threshold)
