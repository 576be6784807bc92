"""Support counts and the ``--min-support`` filter.

A mistranslation yields a template that covers few instances; a correct one
covers many.  The cover chooses templates; here every instance is *assigned* to
one chosen template (the one with the largest coverage that generates it, ties
to the earlier one), a template's support is the number of input instances
assigned to it, and templates below the threshold are dropped.  Dropping
re-assigns what the dropped template shared with others, so the filter repeats
until no template falls below the threshold (it only ever removes templates,
so it stops).
"""

from __future__ import annotations

from typing import Sequence


def assign(chosen: Sequence[int], sets: Sequence, n_items: int) -> list[int | None]:
    """For every item, the position in ``chosen`` of the template it is assigned to.

    ``sets[t]`` is a bitset (int) or the item indices of set ``t``
    (:meth:`tea_solver.cover.CoverProblem.member_lists`).
    """
    members = [_items(sets[t]) for t in chosen]
    order = sorted(range(len(chosen)), key=lambda p: (-len(members[p]), p))
    owner: list[int | None] = [None] * n_items
    for p in order:
        for i in members[p]:
            if owner[i] is None:
                owner[i] = p
    return owner


def _items(s) -> list[int]:
    """Item indices of a set given as a bitset or as a sequence of indices."""
    if isinstance(s, int):
        out, i = [], 0
        while s:
            low = s & -s
            out.append(low.bit_length() - 1)
            s ^= low
        return out
    return [int(i) for i in s]


def support_counts(owner: Sequence[int | None], weights: Sequence[int], n_chosen: int) -> list[int]:
    counts = [0] * n_chosen
    for i, p in enumerate(owner):
        if p is not None:
            counts[p] += weights[i]
    return counts


def filter_by_support(chosen: Sequence[int], sets: Sequence, weights: Sequence[int],
                      min_support: int, dropped: list | None = None
                      ) -> tuple[list[int], list[int], list[int | None]]:
    """Drop chosen templates whose support is below ``min_support``.

    Returns the kept template indices, their supports and the item → position
    (in the kept list) assignment; items of dropped templates that no kept
    template generates are left unassigned (``None``).  Templates whose support
    is zero are always dropped: the cover never needs them.  ``dropped``, when
    given, receives ``(template index, support when dropped)`` for every
    template the threshold removed (support above zero), so the report can say
    which templates the filter took out.
    """
    kept = list(chosen)
    threshold = max(1, min_support)
    while True:
        owner = assign(kept, sets, len(weights))
        counts = support_counts(owner, weights, len(kept))
        low = [p for p, c in enumerate(counts) if c < threshold]
        if not low:
            return kept, counts, owner
        # drop the weakest first, one at a time: its instances may lift another
        worst = min(low, key=lambda p: (counts[p], -p))
        if dropped is not None and counts[worst] > 0:
            dropped.append((kept[worst], counts[worst]))
        kept.pop(worst)
