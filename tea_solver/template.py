"""CheckList templates: slot syntax, parsing, rendering, matching.

This is the one place that knows the slot grammar of SPEC §1, so that the
expander, the extractor's writer and the evaluator can never disagree on it:

========  =================================================================
``{key}``     one value of lexicon ``key``
``{key1}``    a further, *different* draw from ``key`` (a cardinal)
``{key[i]}``  element ``i`` of a tuple entry; all ``{key[..]}`` share the entry
``{a:key}``   ``key`` preceded by the English indefinite article
``{{ }}``     literal braces
========  =================================================================

A template is parsed into :class:`Template`: one tuple of *parts* per field,
each part a literal ``str`` or a :class:`Slot`.  Multi-field templates (NLI,
QA) keep their fields apart; they are never merged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping, Sequence, Union

NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_SLOT_BODY = re.compile(r"(?:(a):)?([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?\Z")
_CARDINAL = re.compile(r"(.*?[^\d])(\d+)\Z")

TemplateText = Union[str, Sequence[str]]
Value = Union[str, Sequence[str]]


class TemplateSyntaxError(ValueError):
    """A template string that does not follow the slot grammar."""


@dataclass(frozen=True, order=True)
class Slot:
    """One slot: ``{a:base<card>[index]}``.

    ``card`` is the cardinal suffix as written ('' for none, '1', '2', …), so
    that a template round-trips character for character.
    """

    base: str
    card: str = ""
    index: int | None = None
    article: bool = False

    @property
    def name(self) -> str:
        """The slot name as written (``first_name1``), the key of ``fill``."""
        return self.base + self.card

    @property
    def draw(self) -> tuple[str, str]:
        """Slots with the same draw take the same lexicon entry."""
        return (self.base, self.card)

    def text(self) -> str:
        body = ("a:" if self.article else "") + self.name
        if self.index is not None:
            body += "[%d]" % self.index
        return "{" + body + "}"


Part = Union[str, Slot]
Field = tuple  # tuple[Part, ...]


@dataclass(frozen=True)
class Template:
    """A parsed template: ``fields`` holds one tuple of parts per field.

    ``multi`` records whether the template was written as a list (even a list
    of one string), so that :func:`format_template` gives back the same shape.
    """

    fields: tuple
    multi: bool = False

    def slots(self) -> Iterator[Slot]:
        for field in self.fields:
            for p in field:
                if isinstance(p, Slot):
                    yield p

    def draws(self) -> list[tuple[str, str]]:
        """Distinct draws ``(base, card)`` in order of first appearance."""
        seen: dict[tuple[str, str], None] = {}
        for s in self.slots():
            seen.setdefault(s.draw, None)
        return list(seen)

    def bases(self) -> list[str]:
        """Lexicon keys used, in order of first appearance."""
        seen: dict[str, None] = {}
        for s in self.slots():
            seen.setdefault(s.base, None)
        return list(seen)


def split_cardinal(name: str) -> tuple[str, str]:
    """``first_name12`` → ``('first_name', '12')``; ``adj`` → ``('adj', '')``."""
    m = _CARDINAL.match(name)
    return (m.group(1), m.group(2)) if m else (name, "")


def valid_lexicon_name(name: str) -> bool:
    """Lexicon names match ``[A-Za-z_][A-Za-z0-9_]*`` and never end in a digit."""
    return bool(NAME_RE.match(name)) and not name[-1].isdigit()


def parse_field(text: str) -> tuple:
    """One template string → tuple of parts (adjacent literals merged)."""
    if not isinstance(text, str):
        raise TemplateSyntaxError("template field is not a string")
    parts: list[Part] = []
    buf: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "{":
            if text.startswith("{{", i):
                buf.append("{")
                i += 2
                continue
            j = text.find("}", i)
            if j < 0 or "{" in text[i + 1 : j]:
                raise TemplateSyntaxError("unbalanced '{' at character %d" % (i + 1))
            body = text[i + 1 : j]
            m = _SLOT_BODY.match(body)
            if not m:
                raise TemplateSyntaxError("bad slot syntax '{%s}'" % body)
            art, name, idx = m.groups()
            base, card = split_cardinal(name)
            if buf:
                parts.append("".join(buf))
                buf = []
            parts.append(Slot(base, card, None if idx is None else int(idx), bool(art)))
            i = j + 1
        elif c == "}":
            if text.startswith("}}", i):
                buf.append("}")
                i += 2
                continue
            raise TemplateSyntaxError("unbalanced '}' at character %d" % (i + 1))
        else:
            buf.append(c)
            i += 1
    if buf:
        parts.append("".join(buf))
    return tuple(parts)


def parse_template(text: TemplateText) -> Template:
    """A template string, or list of strings (multi-field), → :class:`Template`."""
    if isinstance(text, str):
        return Template((parse_field(text),), multi=False)
    if isinstance(text, (list, tuple)) and text and all(isinstance(t, str) for t in text):
        return Template(tuple(parse_field(t) for t in text), multi=True)
    raise TemplateSyntaxError("template must be a string or a non-empty list of strings")


def escape(literal: str) -> str:
    """Literal text → template text (braces doubled)."""
    return literal.replace("{", "{{").replace("}", "}}")


def format_field(parts: Iterable[Part]) -> str:
    return "".join(p.text() if isinstance(p, Slot) else escape(p) for p in parts)


def format_template(t: Template) -> TemplateText:
    """Inverse of :func:`parse_template` (same shape: string or list)."""
    fields = [format_field(f) for f in t.fields]
    return fields if t.multi else fields[0]


def article(value: str) -> str:
    """English indefinite article as CheckList adds it: 'an' before a vowel letter."""
    return ("an " if value[:1].lower() in "aeiou" else "a ") + value


def slot_value(slot: Slot, entry: Value) -> str:
    """The text a slot shows for one lexicon entry (tuple element, article)."""
    if slot.index is not None:
        if isinstance(entry, str):
            raise TemplateSyntaxError("slot %s indexes a plain string entry" % slot.text())
        v = entry[slot.index]
    else:
        if not isinstance(entry, str):
            raise TemplateSyntaxError("slot %s needs an index: its entries are tuples"
                                      % slot.text())
        v = entry
    return article(v) if slot.article else v


def render(t: Template, assignment: Mapping[tuple[str, str], Value]) -> Union[str, list]:
    """Fill every slot from ``assignment`` (draw → lexicon entry).

    Returns a string, or a list of strings for a multi-field template.
    """
    out = []
    for field in t.fields:
        out.append("".join(slot_value(p, assignment[p.draw]) if isinstance(p, Slot) else p
                           for p in field))
    return out if t.multi else out[0]


def canonical(t: Template) -> str:
    """A name-agnostic skeleton for comparing templates across runs and people.

    Lexicons are renamed ``L0, L1, …`` by first appearance, draws of one lexicon
    ``.0, .1, …``; indices and articles are kept; whitespace runs collapse to one
    space.  ``{a} x {a1}`` and ``{b} x {b1}`` are equal; ``{a} x {b}`` is not.
    """
    lex: dict[str, int] = {}
    draws: dict[tuple[str, str], int] = {}
    per_lex: dict[str, int] = {}
    fields = []
    for field in t.fields:
        out = []
        for p in field:
            if isinstance(p, Slot):
                lex.setdefault(p.base, len(lex))
                if p.draw not in draws:
                    draws[p.draw] = per_lex.get(p.base, 0)
                    per_lex[p.base] = draws[p.draw] + 1
                out.append("{%sL%d.%d%s}" % ("a:" if p.article else "", lex[p.base],
                                             draws[p.draw],
                                             "" if p.index is None else "[%d]" % p.index))
            else:
                out.append(escape(p))
        fields.append(" ".join("".join(out).split()))
    return "\u241e".join(fields)


def generates(t: Template, lexicons: Mapping[str, Sequence[Value]], text: TemplateText) -> bool:
    """Does ``t`` with ``lexicons`` generate exactly ``text`` (same characters)?

    A backtracking matcher: cardinals of one lexicon must take different entries,
    all slots of one draw the same entry.  Used by tests and by the evaluator to
    check exactness without expanding the template's whole language.
    """
    texts = [text] if isinstance(text, str) else list(text)
    if len(texts) != len(t.fields) or (t.multi != (not isinstance(text, str))):
        return False
    # Flatten fields with a separator that cannot occur in a lexicon value match.
    items: list = []
    target = ""
    for k, (field, s) in enumerate(zip(t.fields, texts)):
        if k:
            items.append("\x00")
            target += "\x00"
        items.extend(field)
        target += s
    assign: dict[tuple[str, str], int] = {}

    def entry_key(base: str, e: int):
        v = lexicons[base][e]
        return v if isinstance(v, str) else tuple(v)

    def rec(k: int, pos: int) -> bool:
        if k == len(items):
            return pos == len(target)
        p = items[k]
        if isinstance(p, str):
            return target.startswith(p, pos) and rec(k + 1, pos + len(p))
        entries = lexicons.get(p.base, ())
        if p.draw in assign:
            v = slot_value(p, entries[assign[p.draw]])
            return target.startswith(v, pos) and rec(k + 1, pos + len(v))
        # cardinals of one lexicon take different *values* (as the expander does)
        taken = {entry_key(d[0], e) for d, e in assign.items() if d[0] == p.base}
        for e, entry in enumerate(entries):
            if entry_key(p.base, e) in taken:
                continue
            try:
                v = slot_value(p, entry)
            except (TemplateSyntaxError, IndexError):
                continue
            if target.startswith(v, pos):
                assign[p.draw] = e
                if rec(k + 1, pos + len(v)):
                    return True
                del assign[p.draw]
        return False

    return rec(0, 0)
