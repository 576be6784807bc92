"""What every key finder produces: :class:`Key`, a lexicon candidate.

A key is a set of *terminals*: token sequences that can fill one slot.  Step 2
(:mod:`tea_solver.candidates`) replaces matched terminals by their key.  Key
finders (the paper's word graph, alignment-guided grouping) differ only in how
they choose the terminals and the key's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence


@dataclass(frozen=True)
class Key:
    """One key of a group.

    ``terminals`` are token tuples (see :mod:`tea_solver.tokenize`); the text a
    slot shows is always cut from the instance it came from, so spacing inside a
    multi-token value is reproduced exactly.  ``name`` is the lexicon name the
    output uses (``[A-Za-z_][A-Za-z0-9_]*``, no trailing digit); ``index`` makes
    the slot a tuple element ``{name[index]}``; ``origin`` says where the key
    came from, for reports; ``sources`` (alignment keys only) maps each
    terminal to the source values it translated, which is what agreement
    detection (:mod:`tea_solver.agreement`) needs.
    """

    id: int
    name: str
    terminals: frozenset
    index: int | None = None
    origin: str = ""
    texts: dict = field(default_factory=dict, compare=False, hash=False)
    # alignment keys: terminal -> the source values it translated (for agreement)
    sources: dict = field(default_factory=dict, compare=False, hash=False)


def letters(n: int) -> str:
    """0 → 'a', 25 → 'z', 26 → 'aa', … (names that never end in a digit)."""
    s = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(ord("a") + r) + s
    return s


def consolidate(keys: Sequence[Key], mode: str = "overlap", threshold: float = 0.5) -> list[Key]:
    """Merge keys that stand for one lexical class.

    The word graph gives one key per node pair, so one class (first names, say)
    shows up as many keys with nearly the same terminals — names after
    ``plus … que`` and names after ``grand .`` — which multiplies Step 2's
    candidates without adding any template the cover could need:

    ``"subset"``
        drop a key whose terminals are a subset of another key's; every slot
        it could fill, the larger key fills too (the output lists only the
        values a template's instances use, so nothing is over-generated).
    ``"overlap"`` (default)
        also merge keys whose overlap coefficient |A∩B| / min(|A|, |B|) is at
        least ``threshold`` (transitively), then drop subsets.
    ``"none"``
        keep the keys as found (the paper).

    Merged keys keep the smallest id and name of their members; surfaces merge.
    """
    if mode == "none":
        return list(keys)
    if mode not in ("subset", "overlap"):
        raise ValueError("merge mode must be none, subset or overlap")
    keys = sorted(keys, key=lambda k: k.id)
    parent = list(range(len(keys)))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    if mode == "overlap":
        by_term: dict = {}
        for n, key in enumerate(keys):
            for t in key.terminals:
                by_term.setdefault(t, []).append(n)
        shared: dict = {}
        for members in by_term.values():
            for x in range(len(members)):
                for y in range(x + 1, len(members)):
                    pair = (members[x], members[y])
                    shared[pair] = shared.get(pair, 0) + 1
        for (a, b), common in sorted(shared.items()):
            small = min(len(keys[a].terminals), len(keys[b].terminals))
            if common >= threshold * small:
                ra, rb = find(a), find(b)
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
    merged: dict[int, Key] = {}
    for n, key in enumerate(keys):
        r = find(n)
        if r not in merged:
            merged[r] = Key(keys[r].id, keys[r].name, frozenset(), keys[r].index,
                            keys[r].origin, {})
        m = merged[r]
        texts = dict(m.texts)
        for t in key.terminals:
            texts.setdefault(t, key.texts.get(t) or " ".join(t))
        merged[r] = Key(m.id, m.name, m.terminals | key.terminals, m.index, m.origin, texts)
    out = sorted(merged.values(), key=lambda k: k.id)
    # drop keys contained in another (ties: keep the lower id)
    kept = []
    for key in out:
        if not any(o is not key and key.terminals <= o.terminals
                   and (key.terminals != o.terminals or o.id < key.id) for o in out):
            kept.append(key)
    return kept
