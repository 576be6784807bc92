"""Values the outliers show intact, given back to the lexicons.

A corrupted translation (a word dropped, doubled, swapped or replaced) is left
out of the noise-robust cover, but the corruption hits one place: where that
place is in the frame, the instance's values are intact, and they are values
of the template the instance is a corrupted copy of.  The CheckList a human
writes has them (its lexicons are what the instances were filled with), so
leaving them out would lose a value whose only instance was corrupted — in a
sample of a few hundred fills per template, about one template in four has
such a value at a 10 % noise rate.

An outlier gives its values to a kept template when its fullest candidate
(every value span a slot) is *one frame edit* from the template: the same
slots in the same order, and the frame text differs by one unit dropped,
doubled, replaced or swapped with its neighbour (the corruptions real MT noise
and the benchmark show).  A corruption inside a value leaves the frame as the
template's, so that instance gives nothing.  The outlier is not counted as
support and the template does not claim to generate it.
"""

from __future__ import annotations

from typing import Sequence

from tea_solver.candidates import KeyIndex, instance_candidates, shape_slots
from tea_solver.keys.model import one_edit
from tea_solver.keys.model.units import frame_tokens, slot_mark


def shape_tokens(shape) -> tuple:
    """A shape as the tokens a corruption hits (:func:`frame_tokens`, the
    model's count of corruptions), fields separated by a marker."""
    out: list = []
    for k, field in enumerate(shape):
        if k:
            out.append(None)
        out.extend(frame_tokens("".join(p if isinstance(p, str) else slot_mark(p)
                                        for p in field)))
    return tuple(out)


def recover_values(items: Sequence, generated: Sequence[bool], index: KeyIndex,
                   cap: int | None, kept_shapes: Sequence, item_fills: list) -> int:
    """Add ``(item, fills)`` to ``item_fills[n]`` for every outlier item whose
    values kept template ``n`` should list (module docstring); the number of
    items that gave values."""
    kept = [(shape_tokens(s), [kid for kid, _c in shape_slots(s)], shape_slots(s))
            for s in kept_shapes]
    given = 0
    for i, segs in enumerate(items):
        if generated[i]:
            continue
        cands, _cut = instance_candidates(segs, index, cap)
        shape, fills = max(cands, key=lambda c: len(shape_slots(c[0])))
        slots = shape_slots(shape)
        if not slots:
            continue
        mine = shape_tokens(shape)
        kids = [kid for kid, _c in slots]
        for n, (theirs, their_kids, their_slots) in enumerate(kept):
            if kids != their_kids or not one_edit(mine, theirs):
                continue
            mapped: dict = {}
            if any(mapped.setdefault(t, fills[s]) != fills[s]
                   for s, t in zip(slots, their_slots)):
                continue
            item_fills[n].append((i, mapped))
            given += 1
            break
    return given
