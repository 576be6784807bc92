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
from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
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
        return (Occurrence, (self.draw, self.element, self.nth))

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


def count_in(source: str, text: str) -> int:
    """How many times ``text`` stands as a whole word (or phrase) in ``source``."""
    if not text:
        return 0
    return len(whole_word_spans(text, source))


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
                hits = whole_word_spans(v, src) if v else None
                if hits:
                    pos.append((hits[0][0], i))
            elements = tuple(i for _p, i in sorted(pos)) or (0,)
        else:
            elements = ()
        draws.append(Draw(name, base, value, elements))
    return draws


def occurrences(draws: Sequence[Draw], source: Sequence[str]) -> list[Occurrence]:
    """Every place the source shows a draw (at least one per element)."""
    src = "\n".join(source)
    out = []
    for d in draws:
        for element in (d.elements or (None,)):
            n = max(1, count_in(src, d.shown(element)))
            # cardinals of one lexicon with the same value cannot both be drawn
            # (distinct draws), so the count is this draw's own
            out.extend(Occurrence(d, element, k) for k in range(n))
    return out


def source_positions(occs: Sequence[Occurrence], source: Sequence[str]) -> dict:
    """Occurrence → (field, start, end) of the value in the source, where found
    (keyed by the caller's own occurrence objects, in the order found)."""
    occs = list(occs)
    found = _source_positions(tuple((o.draw.shown(o.element), o.nth) for o in occs),
                              tuple(source))
    return {occs[n]: pos for n, pos in found}


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
