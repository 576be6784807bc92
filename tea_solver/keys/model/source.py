"""The source side of an instance: its draws, and what the source says about them.

Each instance records which value filled each source slot (``fill``).  A
*lexical value* is ``(lexicon, element, value)``: the cardinals of one lexicon
share values (``Mary`` as ``first_name`` or ``first_name1`` is one value, its
translation the same), and the elements of a tuple entry are values of their
own (``smarter`` and ``smart`` of ``adj``).  A draw whose source shows several
elements of its tuple (``{adj[0]} … {adj[1]}``) has one *occurrence* per
element, in source order; a value the source shows twice (``{s} … {s}``) has
two occurrences of the same element.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations, product
from typing import Sequence

import regex

from tea_solver.template import split_cardinal, valid_lexicon_name


@dataclass(frozen=True)
class Draw:
    """One filled slot of an instance: ``first_name1`` = Mary."""

    name: str               # slot as written in the template, without brackets
    base: str               # lexicon (cardinal stripped)
    value: object           # str, or tuple of str for tuple entries
    elements: tuple         # tuple elements the source shows, in source order; () for str

    def shown(self, element: int | None) -> str:
        """The source text of one element (the value itself for plain values)."""
        return self.value if element is None else self.value[element]


@dataclass(frozen=True)
class Occurrence:
    """One place where the source shows a draw: the unit a target span translates."""

    draw: Draw
    element: int | None     # tuple element, None for plain values
    nth: int                # 0 for the first place the source shows this element, 1 …
    # (field, start, end) of this place in the source, where the group's
    # source template says which of the value's matches it is
    # (:func:`group_occurrences`); None: the nth whole-word match
    at: tuple | None = field(default=None, compare=False)

    # Occurrences key most of the model's dictionaries: the hash, lexval, slot
    # and place are asked half a million times a file, so each is computed
    # once and kept in the instance's __dict__ (outside the fields equality
    # compares).  A pickle carries the fields only: a string's hash differs
    # between processes.

    def __hash__(self) -> int:
        got = self.__dict__.get("_hash")
        if got is None:
            got = self.__dict__["_hash"] = hash((self.draw, self.element, self.nth))
        return got

    def __reduce__(self):
        return (Occurrence, (self.draw, self.element, self.nth, self.at))

    @cached_property
    def lexval(self) -> tuple:
        """The lexical value: the same in every group and every cardinal."""
        return (self.draw.base, self.element, self.draw.shown(self.element))

    @cached_property
    def slot(self) -> tuple:
        """``(lexicon, element)``: one target key per slot."""
        return (self.draw.base, self.element)

    @cached_property
    def place(self) -> tuple:
        """Where it stands in its group's template: its draw, tuple element
        and repeat (``first_name`` and ``first_name1`` are two places)."""
        return (self.draw.name, self.element, self.nth)


@lru_cache(maxsize=4096)
def whole_word(value: str) -> regex.Pattern:
    """``value`` standing as whole words: no letter, digit or combining mark
    (the ``regex`` module's ``\\w``) on either side."""
    return regex.compile(r"(?<!\w)" + re.escape(value) + r"(?!\w)")


_WORD_CHAR = regex.compile(r"\w")


def whole_word_spans(text: str, source: str) -> list:
    """``(start, end)`` of each match of :func:`whole_word` ``(text)`` in
    ``source``, left to right: what ``whole_word(text).finditer(source)``
    gives, found with ``str.find`` and a ``\\w`` test of the character on
    either side instead of compiling a pattern per value (the model asks it
    of every value in every instance; more distinct values than
    :func:`whole_word`'s cache holds made it compile again and again).  The
    pattern is a literal between two one-character lookarounds, so its
    matches are the literal's occurrences, tried left to right, with no
    ``\\w`` just before or just after, each search resuming after the last
    match -- as the regex engine scans."""
    if not text:
        return [m.span() for m in whole_word(text).finditer(source)]
    n, end = len(text), len(source)
    word = _WORD_CHAR.match
    out = []
    k = source.find(text)
    while k >= 0:
        if (k == 0 or word(source, k - 1) is None) and \
                (k + n == end or word(source, k + n) is None):
            out.append((k, k + n))
            k = source.find(text, k + n)
        else:
            k = source.find(text, k + 1)
    return out


def value_spans(text: str, source: str) -> list:
    """Where a value stands in its source: its whole-word matches
    (:func:`whole_word_spans`), and those of its capitalised form (a
    template that begins with a slot writes the value capitalised: *I don't
    think, …* for ``{neg}`` = *i don't think*), left to right."""
    hits = whole_word_spans(text, source)
    upper = text[:1].upper() + text[1:]
    if upper != text:
        hits = sorted(set(hits) | set(whole_word_spans(upper, source)))
    return hits


def instance_draws(fill: dict, source: Sequence[str]) -> list[Draw]:
    """The draws of an instance, with the tuple elements its source shows."""
    src = "\n".join(source)
    draws = []
    for name in sorted(fill):
        base, _card = split_cardinal(name)
        if not valid_lexicon_name(base):
            continue
        value = fill[name]
        if isinstance(value, list):
            value = tuple(value)
            pos = []
            for i, v in enumerate(value):
                hits = value_spans(v, src) if v else None
                if hits:
                    pos.append((hits[0][0], i))
            elements = tuple(i for _p, i in sorted(pos)) or (0,)
        else:
            elements = ()
        draws.append(Draw(name, base, value, elements))
    return draws


#: Readings of one source tried at most (products of match subsets); beyond
#: it, an instance is read as "every match not inside another value's".
MAX_READINGS = 4096


def group_occurrences(draws: Sequence[Sequence[Draw]], sources: Sequence[Sequence[str]]
                      ) -> list[list[Occurrence]]:
    """Per instance of one group, the places its source shows each draw: the
    matches of the values that the group's one source template puts there.

    A value's text can stand in the source where its slot does not: inside
    another slot's value (*the* of ``{it}`` in *all that I've seen over the
    years*, *I* of ``{i}`` in *I've*) or as a frame word (the *that* of
    ``…, that {it}`` where ``{it}`` = *that*).  Counting every match gave the
    value a second place, and the model then looked for a second translation
    of it -- which cut the other value's translation in two.  The instances
    of a group were expanded from one template, so the reading is the one
    that leaves the same frame in the most instances: each instance's
    readings (a non-empty set of its value's matches per draw, no two places
    overlapping) are written as templates, and the template most instances
    can be read as wins.  Where several tie (a group of one instance, or one
    whose instances all draw the ambiguous value), the reading with the most
    places does -- what counting every match gave -- less the matches that
    lie inside a longer match of another draw.
    """
    readings = [_readings(ds, src) for ds, src in zip(draws, sources)]
    support: Counter = Counter()
    for rs in readings:
        support.update({text for text, _places, _n in rs})
    out = []
    for ds, src, rs in zip(draws, sources, readings):
        best = max(rs, key=lambda r: (support[r[0]], r[2], r[0]))
        out.append(_occurrences_at(ds, tuple(src), best[1]))
    return out


def _readings(draws: Sequence[Draw], source: Sequence[str]) -> list[tuple]:
    """``(template text, places, how many)`` for each way to read ``source``
    as a template with these draws (``places``: per draw element, the
    chosen matches as ``(start, end)`` in the joined source)."""
    src = "\n".join(source)
    keys, hits = [], []
    for d in draws:
        for element in (d.elements or (None,)):
            text = d.shown(element)
            keys.append((d.name, element))
            hits.append(value_spans(text, src) if text else [])
    # every match not strictly inside a longer match of another draw
    # (the reading a tie falls back on)
    outer = []
    for k, hs in enumerate(hits):
        outer.append([h for h in hs if not any(
            j != k and a <= h[0] and h[1] <= b and b - a > h[1] - h[0]
            for j, other in enumerate(hits) for a, b in other)])
    options = [[c for r in range(len(hs), 0, -1) for c in combinations(hs, r)] or [()]
               for hs in hits]
    total = 1
    for o in options:
        total *= len(o)
    if total > MAX_READINGS:
        options = [[tuple(hs)] for hs in outer]
    out = []
    for choice in product(*options):
        spans = sorted((a, b, k) for k, c in enumerate(choice) for a, b in c)
        if any(b1 > a2 for (_a1, b1, _k1), (a2, _b2, _k2) in zip(spans, spans[1:])):
            continue
        parts, at = [], 0
        for a, b, k in spans:
            parts.append(src[at:a])
            parts.append("\x00%s\x01%s\x00" % keys[k])
            at = b
        parts.append(src[at:])
        out.append(("".join(parts), dict(zip(keys, choice)), len(spans)))
    if not out:
        out.append(("", dict(zip(keys, (tuple(hs) for hs in outer))), 0))
    return out


def _occurrences_at(draws: Sequence[Draw], source: tuple, places: dict) -> list[Occurrence]:
    """The occurrences of one instance at the chosen matches (one with no
    place where the source shows a value nowhere)."""
    starts = [0]
    for part in source[:-1]:
        starts.append(starts[-1] + len(part) + 1)
    out = []
    for d in draws:
        for element in (d.elements or (None,)):
            chosen = sorted(places.get((d.name, element), ()))
            if not chosen:
                out.append(Occurrence(d, element, 0))
                continue
            for k, (a, b) in enumerate(chosen):
                f = bisect_right(starts, a) - 1
                out.append(Occurrence(d, element, k, (f, a - starts[f], b - starts[f])))
    return out


def source_positions(occs: Sequence[Occurrence], source: Sequence[str]) -> dict:
    """Occurrence → (field, start, end) of the value in the source, where found
    (keyed by the caller's own occurrence objects, in the order found): its
    place in the group's template (:func:`group_occurrences`), else its nth
    whole-word match."""
    occs = list(occs)
    rest = [o for o in occs if o.at is None]
    found = _source_positions(tuple((o.draw.shown(o.element), o.nth) for o in rest),
                              tuple(source)) if rest else ()
    at = {id(o): o.at for o in occs if o.at is not None}
    at.update((id(rest[n]), pos) for n, pos in found)
    return {o: at[id(o)] for _f, _n, o in sorted((at[id(o)][0], n, o)
                                                 for n, o in enumerate(occs) if id(o) in at)}


@lru_cache(maxsize=1 << 16)
def _source_positions(shown: tuple, source: tuple) -> tuple:
    """``(index, (field, start, end))`` for each ``(text, nth)`` of ``shown``
    found in the source, in the order found.  Cached on the strings alone (the
    regions, the evidence and the source spans each ask it of every
    instance): a cache keyed by occurrence objects would hand one instance
    another's equal objects, and the model compares occurrences by identity
    too."""
    out: list = []
    done: set = set()
    for f, src in enumerate(source):
        for n, (text, nth) in enumerate(shown):
            if n in done:
                continue
            hits = [a for a, _b in whole_word_spans(text, src)]
            if nth < len(hits):
                a = hits[nth]
                out.append((n, (f, a, a + len(text))))
                done.add(n)
    return tuple(out)


def adjacent_pairs(occs: Sequence[Occurrence], source: Sequence[str]) -> set:
    """Pairs of occurrences whose source values touch (only spaces between):
    ``{somewhat} {s}``.  Target material between their translations
    translates no source frame word."""
    pos = sorted(((f, a, b, o) for o, (f, a, b) in source_positions(occs, source).items()),
                 key=lambda x: (x[0], x[1]))
    out = set()
    for (f1, a1, b1, o1), (f2, a2, b2, o2) in zip(pos, pos[1:]):
        if f1 == f2 and not source[f1][b1:a2].strip():
            out.add((o1, o2))
            out.add((o2, o1))
    return out


def sibling_strings(o: Occurrence) -> tuple:
    """The other elements of a tuple entry (empty for plain values)."""
    if o.element is None:
        return ()
    return tuple(x for k, x in enumerate(o.draw.value) if k != o.element)


def edge_word_counts(values) -> tuple[Counter, Counter]:
    """How many multi-word source values of a slot start, and end, with each word."""
    multi = [v.split() for v in values if len(v.split()) > 1]
    return Counter(w[0].lower() for w in multi), Counter(w[-1].lower() for w in multi)


def content_part(value: str, firsts: Counter, lasts: Counter) -> str:
    """``value`` without the function words it shares with the slot's other
    source values at its edges (``a DJ`` → ``DJ`` where ``a doctor`` and
    ``a nurse`` are values too; ``firsts``, ``lasts``: :func:`edge_word_counts`
    of the slot's values): the part a target can copy from the source by
    right, where the function words are translated like the frame's.  The
    value itself where nothing is shared or nothing else would be left."""
    words = value.split()
    if len(words) < 2:
        return value
    first, last = 0, len(words)
    if firsts[words[0].lower()] >= 2:
        first = 1
    if lasts[words[-1].lower()] >= 2 and last - 1 > first:
        last -= 1
    if first >= last:
        return value
    return " ".join(words[first:last])
