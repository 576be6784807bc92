"""Step 2 of TEA: every template that generates an instance (Algorithm 1).

For one instance, each *matched terminal* — an occurrence of some key's
terminal in the target — is independently replaced by its key or kept
(REPLACE-MATCHED-STRING); overlapping matches exclude each other.  Slots are
then renamed so that the draws of one key appear as cardinals 0, 1, … in order
of first appearance, equal values sharing a cardinal and distinct values taking
distinct ones (RENAME-NONTERMINAL-CARDINALS).

A candidate template is a hashable *shape*: one tuple per field, each part a
literal ``str`` (cut from the instance, spaces included) or a slot
``(key_id, cardinal)``.  Equal shapes from different instances are the same
template, so a dict from shape to covered instances gives the coverage sets of
the cover stage directly.

Matching (``match=``):

``"token"`` (default)
    terminals match whole tokens only; a value never starts or ends inside a
    word (for unsegmented scripts every character is a token, so this costs
    nothing there).
``"substring"``
    the paper's raw substring match: a terminal matches anywhere, also inside a
    longer word (sub-word inflection), at the price of many more candidates.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from typing import Iterator, Sequence

from tea_solver.keys.base import Key
from tea_solver.tokenize import Segmented

MATCH_MODES = ("token", "substring")

# a match: (field, char_start, char_end, key_id)
Match = tuple


class KeyIndex:
    """Keys arranged for fast matching of their terminals in a target."""

    def __init__(self, keys: Sequence[Key], mode: str = "token", positions: dict | None = None,
                 targets: Sequence[Sequence[Segmented]] | None = None):
        """``targets``: the group's distinct targets (segmented fields), which tell the
        frame from the values when an instance has more candidates than the cap allows
        (:meth:`over_cap`)."""
        if mode not in MATCH_MODES:
            raise ValueError("match must be one of %s" % ", ".join(MATCH_MODES))
        self.mode = mode
        self.keys = list(keys)
        self.positions = positions
        self.targets = targets
        self._common: set | None = None
        self.ids = {key.id for key in self.keys}
        self.by_first: dict[str, list] = defaultdict(list)
        self.surfaces: list[tuple[str, int]] = []
        for key in self.keys:
            for term in sorted(key.terminals):
                self.by_first[term[0]].append((term, key.id))
                self.surfaces.append((key.texts.get(term) or " ".join(term), key.id))

    def matches(self, segs: Sequence[Segmented]) -> list[Match]:
        """All matched terminals of an instance, sorted by position then key.

        With ``positions`` (alignment keys) the matches are the spans aligned in
        this very target, not every occurrence of a terminal.
        """
        if self.positions is not None:
            where = self.positions.get(tuple(seg.text for seg in segs), ())
            return [m for m in where if m[3] in self.ids]
        found = set()
        for f, seg in enumerate(segs):
            if self.mode == "token":
                toks = seg.tokens
                for i, tok in enumerate(toks):
                    for term, kid in self.by_first.get(tok, ()):
                        j = i + len(term)
                        if toks[i:j] == term:
                            found.add((f, seg.spans[i].start, seg.spans[j - 1].end, kid))
            else:
                text = seg.text
                for surf, kid in self.surfaces:
                    p = text.find(surf)
                    while p >= 0 and surf:
                        found.add((f, p, p + len(surf), kid))
                        p = text.find(surf, p + 1)
        return sorted(found)


    def frame_tokens(self, seg: Segmented) -> list[bool]:
        """For each token of ``seg``: is it frame -- does the token with its two
        neighbours occur in every target of the group?  (Without ``targets``: none.)"""
        if self.targets is None:
            return [False] * len(seg.tokens)
        if self._common is None:
            common = None
            for segs in self.targets:
                seen = {w for s in segs for w in _windows(s)}
                common = seen if common is None else common & seen
            self._common = common or set()
        return [w in self._common for w in _windows(seg)]

    def over_cap(self, segs: Sequence[Segmented], matches: list[Match]) -> list[Match]:
        """The matches of an instance whose subsets number more than the cap, thinned.

        TEA replaces every subset of the non-overlapping matches, and in a script
        without spaces every character is a token: the word graph then makes keys of
        character n-grams of the frame and of pieces of values, an instance matches a
        hundred terminals, and the subsets number 10**10 (Thai, Burmese, Japanese).  Cut
        at the cap in enumeration order, the candidates kept would be arbitrary -- and
        every instance of the group would still cost the cap's worth of candidates,
        which made a 300-instance group take minutes and gigabytes.  Instead:

        1. a match holding a frame token (:meth:`frame_tokens`: the same three tokens
           occur in every target) is dropped -- a slot there would take the frame's
           text in every instance; a match may still take the frame token next to a
           value;
        2. a match inside a longer match is dropped (the longest terminal at each place,
           as a word segmenter's maximal munch).

        What is left (Thai intensifiers: from 10**10 subsets to about 40) is enumerated
        in full if it fits, else cut at the cap as before.  Instances within the cap are
        never thinned (the paper's Step 2 exactly).
        """
        frame = [self.frame_tokens(seg) for seg in segs]
        kept = []
        for m in matches:
            f, s, e, _kid = m
            spans = segs[f].spans
            first = bisect_right([sp.end for sp in spans], s)
            if not any(frame[f][i] for i in range(first, len(spans)) if spans[i].start < e):
                kept.append(m)
        return [m for m in kept
                if not any(o is not m and o[0] == m[0] and o[1] <= m[1] and m[2] <= o[2]
                           for o in kept)]


def _windows(seg: Segmented) -> list[tuple]:
    """Each token of ``seg`` with its left and right neighbour (text edges padded)."""
    toks = ("\x02",) + seg.tokens + ("\x03",)
    return [toks[i:i + 3] for i in range(len(seg.tokens))]


def count_subsets(matches: Sequence[Match]) -> int:
    """How many subsets of pairwise non-overlapping matches there are (matches sorted as
    :meth:`KeyIndex.matches` gives them), without listing them: with ``S[j]`` the count
    over matches ``j..``, ``S[j] = S[j + 1] + S[next compatible after j]``."""
    starts = [(f, s) for f, s, _e, _k in matches]
    n = len(matches)
    count = [1] * (n + 1)
    for j in range(n - 1, -1, -1):
        f, _s, e, _k = matches[j]
        count[j] = count[j + 1] + count[bisect_left(starts, (f, e), j + 1)]
    return count[0]


def _subsets(matches: Sequence[Match]) -> Iterator[tuple]:
    """Every set of pairwise non-overlapping matches (replace-first order)."""
    n = len(matches)
    chosen: list[int] = []

    def rec(j: int, last_f: int, last_e: int):
        if j == n:
            yield tuple(chosen)
            return
        f, s, e, _k = matches[j]
        if f != last_f or s >= last_e:
            chosen.append(j)
            yield from rec(j + 1, f, e)
            chosen.pop()
        yield from rec(j + 1, last_f, last_e)

    yield from rec(0, -1, -1)


def build_shape(texts: Sequence[str], matches: Sequence[Match], chosen: Sequence[int]):
    """Replace the chosen matches by slots and rename cardinals.

    Returns ``(shape, fills)``: ``fills`` maps each slot ``(key_id, cardinal)``
    to the text it stands for in this instance.
    """
    fields: list[list] = [[] for _ in texts]
    pos = [0] * len(texts)
    cards: dict[int, dict[str, int]] = {}
    fills: dict[tuple[int, int], str] = {}
    for j in chosen:
        f, s, e, kid = matches[j]
        text = texts[f]
        if s > pos[f]:
            fields[f].append(text[pos[f]:s])
        value = text[s:e]
        per_key = cards.setdefault(kid, {})
        card = per_key.setdefault(value, len(per_key))
        fields[f].append((kid, card))
        fills[(kid, card)] = value
        pos[f] = e
    for f, text in enumerate(texts):
        if pos[f] < len(text):
            fields[f].append(text[pos[f]:])
    return tuple(tuple(parts) for parts in fields), fills


def _enumerate(texts: Sequence[str], matches: Sequence[Match], out: dict,
               cap: int | None) -> bool:
    """Add ``shape -> fills`` to ``out`` for every subset :func:`_subsets` yields, in its
    order (a shape already in ``out`` keeps its first fills), built incrementally: each
    step adds or removes one slot, so a subset costs about one tuple copy instead of a
    pass over all its matches (:func:`build_shape`).  Returns True where ``cap`` cut the
    enumeration: a subset with a slot was reached with ``cap - 1`` shapes in ``out``.

    The order is :func:`_subsets`' (include-first depth first): the subsets whose next
    match is ``j`` come before those whose next match is ``j + 1``, and the subset with
    no further match comes last.  After choosing ``j`` the compatible matches are exactly
    those from ``nxt[j]`` on (sorted by field and start), so no step looks at a match it
    cannot take -- the old recursion walked past every excluded match of every subset,
    which made an instance with a hundred matches (scripts without spaces) cost a
    hundred steps per candidate.  A plain recursion that stores each shape where it is
    made, not a generator: a candidate yielded from depth ``d`` passed through ``d``
    generator frames, which was most of the time Step 2 spent.
    """
    n = len(matches)
    starts = [(f, s) for f, s, _e, _k in matches]
    nxt = [bisect_left(starts, (f, e), j + 1) for j, (f, _s, e, _k) in enumerate(matches)]
    n_fields = len(texts)
    parts: list[list] = [[] for _ in texts]
    pos = [0] * n_fields
    cards: dict = {}
    fills: dict = {}
    limit = cap - 1 if cap is not None else None

    def shape() -> tuple:
        if n_fields == 1:
            text, p = texts[0], pos[0]
            return ((*parts[0], text[p:]),) if p < len(text) else (tuple(parts[0]),)
        return tuple(tuple(parts[f]) + ((texts[f][pos[f]:],) if pos[f] < len(texts[f]) else ())
                     for f in range(n_fields))

    def rec(j0: int, depth: int) -> bool:
        for j in range(j0, n):
            f, s, e, kid = matches[j]
            text, before = texts[f], pos[f]
            added = 1
            if s > before:
                parts[f].append(text[before:s])
                added = 2
            value = text[s:e]
            per_key = cards.setdefault(kid, {})
            card = per_key.get(value)
            new = card is None
            if new:
                card = per_key[value] = len(per_key)
                fills[(kid, card)] = value
            parts[f].append((kid, card))
            pos[f] = e
            if rec(nxt[j], depth + 1):
                return True
            pos[f] = before
            del parts[f][-added:]
            if new:
                del per_key[value], fills[(kid, card)]
        if limit is not None and depth > 0 and len(out) >= limit:
            return True
        got = shape()
        if got not in out:
            out[got] = dict(fills)
        return False

    return rec(0, 0)


def instance_candidates(segs: Sequence[Segmented], index: KeyIndex,
                        cap: int | None = None) -> tuple[list, bool]:
    """All candidate shapes of one instance (with fills), and whether ``cap`` cut them.

    The instance itself (no slot) is always a candidate, so every instance can
    be covered whatever the cap.  Within the cap: the same candidates, fills and
    order as :func:`build_shape` over :func:`_subsets`.  Above it the matches are
    first thinned (:meth:`KeyIndex.over_cap`); ``True`` then says the instance was
    cut.
    """
    texts = [seg.text for seg in segs]
    matches = index.matches(segs)
    out: dict = {}
    truncated = False
    if cap is not None and count_subsets(matches) > cap:
        matches = index.over_cap(segs, matches)
        truncated = True
    if _enumerate(texts, matches, out, cap):
        truncated = True
    if truncated:
        shape, fills = build_shape(texts, matches, ())
        out.setdefault(shape, fills)
    return list(out.items()), truncated


def shape_slots(shape) -> list[tuple[int, int]]:
    """Slots of a shape in order of appearance (repeats included)."""
    return [p for field in shape for p in field if not isinstance(p, str)]
