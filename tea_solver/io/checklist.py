"""CheckList documents (SPEC §1): read, validate, prepare for expansion, write.

Why validation lives here, in one place: every consumer of a CheckList (the
expander, the evaluator, a target CheckList written by ``extract`` and read back)
must agree on what a usable document is, and a bad document must fail on load
with one line naming the file, the line and the problem -- not deep inside a
later stage with a KeyError.  After :func:`load_checklist` succeeds, every
template is guaranteed to generate at least one instance.

Policies (decided here, tested in tests/test_io.py and tests/bad_inputs/):

* ``format`` is required and must be ``"tea-checklist/1"``; ``templates`` is
  required (an empty list is allowed: a target CheckList may have no template);
  document-level ``lexicons`` and ``lang`` are optional.
* Every template needs a non-empty string ``id``, unique in the document (ids
  name the instance groups, so two templates with one id would be merged).
* A lexicon is a non-empty list; each value a string or a non-empty list of
  strings (a tuple entry).  Lexicon names follow :func:`valid_lexicon_name`.
  Duplicate values are allowed and count once: expansion compares by value.
* A template's slots must fit the lexicons it uses: ``{key[i]}`` needs tuple
  entries with more than ``i`` elements, ``{key}`` needs string entries, and
  ``n`` cardinal draws ``{key}``, ``{key1}``, … need ``n`` different values.
* Unicode: template strings and lexicon values are kept exactly as written
  (expansion must produce the user's characters, and NFC rewrites real text:
  nukta letters are composition exclusions); :func:`read_checklist_file`
  counts the strings not in NFC.  :func:`normalize_checklist` exists for
  comparisons (``evaluate`` matches templates on NFC copies), never for output.
* Line numbers for problems found after parsing (say, an unknown lexicon key)
  are found by re-scanning the text along the JSON path of the offending value.
"""

from __future__ import annotations

import json
import math
import os
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..errors import InputError
from ..template import (Template, TemplateSyntaxError, parse_template, slot_value,
                        valid_lexicon_name)
from . import jsontext
from .atomic import JSON_WS, read_text

FORMAT = "tea-checklist/1"

#: Template-object fields with a meaning; every other field is carried along.
TEMPLATE_FIELDS = ("id", "template", "lexicons")


# --------------------------------------------------------------------------- #
# Problems and where they are

class Problem(ValueError):
    """A validation failure not yet tied to a file: message + JSON path.

    Validation code raises this; the caller that knows the file (and its text)
    turns it into an :class:`InputError` with a line number.
    """

    def __init__(self, message: str, where: tuple = ()):
        super().__init__(message)
        self.message = message
        self.where = where


def _locate(text: str, where: tuple) -> int | None:
    """1-based line of the JSON value at path ``where`` in ``text``.

    Walks only along the path and skips other values with the C scanner, so it
    is linear and needs no recursion.  Duplicate keys resolve to the last one,
    as ``json.loads`` does.  If the path leaves the document, the line of the
    deepest value reached is returned.
    """
    dec = json.JSONDecoder()
    n = len(text)

    def ws(i: int) -> int:
        while i < n and text[i] in JSON_WS:
            i += 1
        return i

    def skip(i: int) -> int:
        return dec.raw_decode(text, i)[1]

    try:
        pos = ws(0)
        for key in where:
            if pos >= n:
                break
            found = None
            if text[pos] == "{" and isinstance(key, str):
                i = ws(pos + 1)
                while i < n and text[i] != "}":
                    k, i = json.decoder.scanstring(text, i + 1)
                    i = ws(ws(i) + 1)          # ':' and the value's start
                    if k == key:
                        found = i
                    i = ws(skip(i))
                    if i < n and text[i] == ",":
                        i = ws(i + 1)
            elif text[pos] == "[" and isinstance(key, int):
                i, k = ws(pos + 1), 0
                while i < n and text[i] != "]":
                    if k == key:
                        found = i
                        break
                    i = ws(skip(i))
                    if i < n and text[i] == ",":
                        i = ws(i + 1)
                    k += 1
            if found is None:
                break
            pos = found
    except (ValueError, IndexError):   # cannot happen on text json accepted
        return None
    return text.count("\n", 0, pos) + 1


def _short(value: Any, limit: int = 60) -> str:
    """A value as JSON for a message, cut to ``limit`` characters."""
    s = json.dumps(value, ensure_ascii=False)
    return s if len(s) <= limit else s[: limit - 1] + "…"


def json_type_name(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            int: "a number", float: "a number", type(None): "null"}.get(type(value),
                                                                         type(value).__name__)


# --------------------------------------------------------------------------- #
# Lexicons

def check_lexicon_value(name: str, value: Any, where: tuple) -> None:
    """A lexicon is a non-empty list of strings or non-empty lists of strings."""
    if not isinstance(value, list):
        raise Problem("lexicon '%s' must be a list of values, not %s"
                      % (name, json_type_name(value)), where)
    if not value:
        raise Problem("empty lexicon '%s'" % name, where)
    for i, entry in enumerate(value):
        if isinstance(entry, str):
            continue
        if (isinstance(entry, list) and entry
                and all(isinstance(x, str) for x in entry)):
            continue
        raise Problem("lexicon '%s' value %s must be a string or a non-empty list "
                      "of strings" % (name, _short(entry)), where + (i,))


def check_lexicons(lexicons: Any, where: tuple) -> None:
    """A ``lexicons`` object: valid names, valid values."""
    if not isinstance(lexicons, dict):
        raise Problem("field 'lexicons' must be an object mapping names to lists, "
                      "not %s" % json_type_name(lexicons), where)
    for name, value in lexicons.items():
        if not valid_lexicon_name(name):
            if name[-1:].isdigit() and valid_lexicon_name(name.rstrip("0123456789")):
                why = "ends in a digit (a trailing number is a cardinal)"
            else:
                why = "is not a name ([A-Za-z_][A-Za-z0-9_]*)"
            raise Problem("lexicon name '%s' %s" % (name, why), where + (name,))
        check_lexicon_value(name, value, where + (name,))


def _entry_key(entry: Any) -> Any:
    """Hashable identity of a lexicon value: duplicates count once."""
    return entry if isinstance(entry, str) else tuple(entry)


# --------------------------------------------------------------------------- #
# Templates

@dataclass
class PreparedTemplate:
    """A template object checked against its lexicons, ready to expand.

    ``values[base]`` holds the lexicon's distinct values in order of first
    occurrence (strings, or lists for tuple entries); ``draws`` the distinct
    ``(base, card)`` draws in order of first appearance -- the expansion order.
    """

    id: str
    template: Template
    draws: list
    values: dict
    extras: dict = field(default_factory=dict)

    def draw_counts(self) -> dict:
        """base -> number of draws (cardinals) of that lexicon."""
        out: dict = {}
        for base, _card in self.draws:
            out[base] = out.get(base, 0) + 1
        return out

    def size(self) -> int:
        """Number of valid fills: distinct draws of one lexicon differ."""
        total = 1
        for base, d in self.draw_counts().items():
            total *= math.perm(len(self.values[base]), d)
        return total


def prepare_template(tobj: Any, doc_lexicons: Mapping | None,
                     where: tuple = ()) -> PreparedTemplate:
    """Check one template object against its lexicons (raises :class:`Problem`).

    ``where`` is the JSON path of ``tobj`` in its document, for line numbers;
    ``doc_lexicons`` lexicons it uses are checked here as well, so a template
    can be prepared on its own (``expand_template``).
    """
    if not isinstance(tobj, dict):
        raise Problem("%s must be an object, not %s" % (_which(where), json_type_name(tobj)),
                      where)
    tid = tobj.get("id")
    if "id" not in tobj:
        raise Problem("%s: missing field 'id'" % _which(where), where)
    if not isinstance(tid, str) or not tid:
        raise Problem("%s: field 'id' must be a non-empty string" % _which(where),
                      where + ("id",))
    label = "template '%s': " % tid
    try:
        parsed = _parse(tobj, where)
        own = tobj.get("lexicons")
        if own is not None:
            check_lexicons(own, where + ("lexicons",))
        lexicons = _resolve(parsed, own, doc_lexicons, where)
        _check_fit(parsed, lexicons)
        values = {base: _distinct(entries) for base, (entries, _w) in lexicons.items()}
        prepared = PreparedTemplate(tid, parsed, parsed.draws(), values,
                                    {k: v for k, v in tobj.items()
                                     if k not in TEMPLATE_FIELDS})
        _check_cardinals(prepared, where + ("template",))
    except Problem as p:
        raise Problem(label + p.message, p.where) from None
    return prepared


def _which(where: tuple) -> str:
    """'template 3' (1-based) for a template without a usable id."""
    if where and isinstance(where[-1], int):
        return "template %d" % (where[-1] + 1)
    return "template"


def _parse(tobj: dict, where: tuple) -> Template:
    if "template" not in tobj:
        raise Problem("missing field 'template'", where)
    text = tobj["template"]
    if not (isinstance(text, str) or (isinstance(text, list) and text
                                      and all(isinstance(t, str) for t in text))):
        raise Problem("field 'template' must be a string or a non-empty list of strings",
                      where + ("template",))
    fields = [text] if isinstance(text, str) else text
    for k, f in enumerate(fields):
        try:
            parse_template(f)
        except TemplateSyntaxError as e:
            at = where + ("template",) + (() if isinstance(text, str) else (k,))
            pre = "" if isinstance(text, str) else "field %d: " % (k + 1)
            raise Problem(pre + str(e), at) from None
    return parse_template(text)


def _resolve(t: Template, own: Mapping | None, doc: Mapping | None,
             where: tuple) -> dict:
    """base -> (entries, JSON path of the lexicon); the template's own wins."""
    out = {}
    for s in t.slots():
        if s.base in out:
            continue
        if own and s.base in own:
            out[s.base] = (own[s.base], where + ("lexicons", s.base))
        elif isinstance(doc, Mapping) and s.base in doc:
            at = ("lexicons", s.base)
            check_lexicon_value(s.base, doc[s.base], at)
            out[s.base] = (doc[s.base], at)
        else:
            raise Problem("unknown lexicon key '%s' in slot %s" % (s.base, s.text()),
                          where + ("template",))
    return out


def _check_fit(t: Template, lexicons: dict) -> None:
    """Every slot must render with every value of its lexicon.

    Checking statically (not per fill) means a template either expands fully or
    fails on load; tuple entries of different lengths are fine as long as no
    slot indexes past the shortest.
    """
    seen = set()
    for s in t.slots():
        if (s.base, s.index) in seen:
            continue
        seen.add((s.base, s.index))
        entries, at = lexicons[s.base]
        for i, entry in enumerate(entries):
            if s.index is None and not isinstance(entry, str):
                raise Problem("slot %s has no index but lexicon '%s' has tuple value %s "
                              "(write {%s[0]}, …)" % (s.text(), s.base, _short(entry),
                                                       s.name), at + (i,))
            if s.index is not None and isinstance(entry, str):
                raise Problem("slot %s indexes a tuple but lexicon '%s' has string "
                              "value %s" % (s.text(), s.base, _short(entry)), at + (i,))
            if s.index is not None and s.index >= len(entry):
                raise Problem("slot %s is out of range: lexicon '%s' value %s has %d "
                              "element%s" % (s.text(), s.base, _short(entry), len(entry),
                                             "" if len(entry) == 1 else "s"), at + (i,))
            slot_value(s, entry)   # the grammar's own check; cannot fail here


def _distinct(entries: Iterable) -> list:
    seen: dict = {}
    for e in entries:
        seen.setdefault(_entry_key(e), e)
    return list(seen.values())


def _check_cardinals(p: PreparedTemplate, where: tuple) -> None:
    """``n`` draws of one lexicon need ``n`` different values (``where``: the text)."""
    used: dict = {}
    for s in p.template.slots():
        if s.draw in used.setdefault(s.base, []):
            continue
        used[s.base].append(s.draw)
        have = len(p.values[s.base])
        if len(used[s.base]) > have:
            raise Problem("slot %s needs %d different values but lexicon '%s' has %d"
                          % (s.text(), len(used[s.base]), s.base, have), where)


# --------------------------------------------------------------------------- #
# Documents

def prepare_checklist(doc: Any) -> list:
    """Validate a whole document; the templates, prepared (raises :class:`Problem`)."""
    if not isinstance(doc, dict):
        raise Problem("top level must be a JSON object, not %s" % json_type_name(doc))
    bad = jsontext.check_value(doc)
    if bad is not None:
        raise Problem(*bad)
    if "format" not in doc:
        raise Problem("missing field 'format' (expected \"%s\")" % FORMAT)
    if doc["format"] != FORMAT:
        raise Problem("unsupported format %s (expected \"%s\")"
                      % (_short(doc["format"]), FORMAT), ("format",))
    if "lang" in doc and not (isinstance(doc["lang"], str) and doc["lang"]):
        raise Problem("field 'lang' must be a non-empty string", ("lang",))
    lexicons = doc.get("lexicons")
    if lexicons is not None:
        check_lexicons(lexicons, ("lexicons",))
    if "templates" not in doc:
        raise Problem("missing field 'templates'")
    templates = doc["templates"]
    if not isinstance(templates, list):
        raise Problem("field 'templates' must be a list of template objects, not %s"
                      % json_type_name(templates), ("templates",))
    prepared, first = [], {}
    for i, tobj in enumerate(templates):
        p = prepare_template(tobj, lexicons, ("templates", i))
        if p.id in first:
            raise Problem("duplicate template id '%s' (first used by template %d)"
                          % (p.id, first[p.id] + 1), ("templates", i, "id"))
        first[p.id] = i
        prepared.append(p)
    return prepared


def validate_checklist(doc: Any, path: str | None = None, *,
                       text: str | None = None) -> list:
    """Raise :class:`InputError` (file, line, problem) unless ``doc`` is usable.

    ``text`` is the file's text, used only to find line numbers.  Returns the
    prepared templates, so callers that go on to expand need not check twice.
    """
    try:
        return prepare_checklist(doc)
    except Problem as p:
        line = _locate(text, p.where) if text is not None else None
        raise InputError(p.message, path=path, line=line) from None


#: Kept under its old name; the strict JSON policy lives in :mod:`.jsontext`.
json_error_message = jsontext.error_message


def parse_json_document(text: str, path: str | None) -> Any:
    """Strict ``json.loads`` (:mod:`.jsontext`): every failure is one :class:`InputError`
    line with the line number."""
    return jsontext.parse(text, path)


# --------------------------------------------------------------------------- #
# Unicode

def nfc(s: str) -> str:
    return unicodedata.normalize("NFC", s)


class _Counter:
    """NFC-normalises strings in place (comparisons only) and counts those it changed."""

    def __init__(self) -> None:
        self.changed = 0

    def value(self, v: Any) -> Any:
        """NFC a string or the strings of a list; anything else unchanged."""
        if isinstance(v, str):
            out = nfc(v)
            self.changed += out != v
            return out
        if isinstance(v, list):
            return [self.value(x) if isinstance(x, str) else x for x in v]
        return v

    def lexicons(self, lex: Any) -> None:
        if isinstance(lex, dict):
            for k, v in lex.items():
                if isinstance(v, list):
                    lex[k] = [self.value(e) for e in v]


def normalize_checklist(doc: Any) -> int:
    """NFC every template string and lexicon value, in place; strings changed.

    Tolerant of any shape (it runs before validation, so that validation sees
    the values expansion will use).
    """
    c = _Counter()
    if isinstance(doc, dict):
        c.lexicons(doc.get("lexicons"))
        templates = doc.get("templates")
        if isinstance(templates, list):
            for t in templates:
                if isinstance(t, dict):
                    if "template" in t:
                        t["template"] = c.value(t["template"])
                    c.lexicons(t.get("lexicons"))
    return c.changed


def count_non_nfc(doc: Any) -> int:
    """Template strings and lexicon values of a document that are not in NFC."""
    return normalize_checklist(json.loads(json.dumps(doc)))


# --------------------------------------------------------------------------- #
# Files

@dataclass
class ChecklistFile:
    """A loaded, validated CheckList (text as written); ``non_nfc`` strings are not NFC."""

    doc: dict
    path: str
    non_nfc: int
    templates: list = field(default_factory=list, repr=False)  # PreparedTemplate


def read_checklist_file(path: str | os.PathLike) -> ChecklistFile:
    """Read and validate a CheckList file, text as written (raises InputError)."""
    path = os.fspath(path)
    text = read_text(path)
    doc = parse_json_document(text, path)
    prepared = validate_checklist(doc, path, text=text)
    return ChecklistFile(doc, path, count_non_nfc(doc), prepared)


def load_checklist(path: str | os.PathLike) -> dict:
    """The validated document of a tea-checklist/1 file (raises InputError)."""
    return read_checklist_file(path).doc


def dump_checklist(doc: Mapping) -> str:
    """JSON text for a CheckList: keys in the order given, UTF-8 as is, indent 2.

    Not sorted: the order of fields is the writer's choice (SPEC order), and
    insertion order is deterministic already.
    """
    return jsontext.dumps(doc, ensure_ascii=False, indent=2) + "\n"
