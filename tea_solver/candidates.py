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

from collections import defaultdict
from typing import Iterator, Sequence

from tea_solver.keys.base import Key
from tea_solver.tokenize import Segmented

MATCH_MODES = ("token", "substring")

# a match: (field, char_start, char_end, key_id)
Match = tuple


class KeyIndex:
    """Keys arranged for fast matching of their terminals in a target."""

    def __init__(self, keys: Sequence[Key], mode: str = "token", positions: dict | None = None):
        if mode not in MATCH_MODES:
            raise ValueError("match must be one of %s" % ", ".join(MATCH_MODES))
        self.mode = mode
        self.keys = list(keys)
        self.positions = positions
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


def instance_candidates(segs: Sequence[Segmented], index: KeyIndex,
                        cap: int | None = None) -> tuple[list, bool]:
    """All candidate shapes of one instance (with fills), and whether ``cap`` cut them.

    The instance itself (no slot) is always a candidate, so every instance can
    be covered whatever the cap.
    """
    texts = [seg.text for seg in segs]
    matches = index.matches(segs)
    out: dict = {}
    truncated = False
    for chosen in _subsets(matches):
        if cap is not None and len(out) >= cap - 1 and chosen:
            truncated = True
            break
        shape, fills = build_shape(texts, matches, chosen)
        out.setdefault(shape, fills)
    if truncated:
        shape, fills = build_shape(texts, matches, ())
        out.setdefault(shape, fills)
    return list(out.items()), truncated


def shape_slots(shape) -> list[tuple[int, int]]:
    """Slots of a shape in order of appearance (repeats included)."""
    return [p for field in shape for p in field if not isinstance(p, str)]
