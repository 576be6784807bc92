"""The English side: templates and lexicons a pseudo-language translates.

Two readers give the same :class:`Source` shape:

* :func:`read_mcl` — the English column of a MultiCheckList TSV (the layout of
  ``shared/data/multichecklist/README.md``): blocks of ``Context``/``Question``
  template rows and lexicon rows.  Slots are bound to lexicon rows the way the
  measuring instrument (``shared/tools/mcl_bench.py``) binds them: ``{s}`` draws
  from ``state``, a key without rows in its block borrows the latest earlier
  block's rows, ``{first_name}`` is the instrument's fixed list of names (the
  same in source and target, so never translated).  A block whose templates do
  not follow the slot grammar (the properties test, ``{p.v1}``) is left out, as
  the instrument leaves it out.
* :func:`read_checklist` — a SPEC §1 CheckList (``tea-checklist/1``) such as
  the sentiment suite: document lexicons, and template-level lexicons that
  shadow them for one template.

Only English is read; target text is made by :mod:`benchmarks.synth.language`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from tea_solver.errors import InputError
from tea_solver.io.atomic import read_text
from tea_solver.template import Template, TemplateSyntaxError, parse_template

#: the instrument's fixed names lexicon (mcl_bench.NAME_KEY) and slot aliases
#: (mcl_bench.KEY_ALIASES); tests/test_synth.py checks they still agree
NAME_KEY = "first_name"
KEY_ALIASES = {"s": "state"}
TEMPLATE_FIELDS = ("Context", "Question")
_KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass
class Lexicon:
    """One lexicon: ``entries`` are English strings, or tuples for tuple keys."""

    ident: str
    key: str
    entries: list
    arity: int | None = None
    fixed: bool = False              # never translated (names)
    lines: list = field(default_factory=list)   # TSV line of each entry (MCL)


@dataclass
class SourceTemplate:
    """One English template and the lexicon each of its slot bases draws from."""

    id: str
    text: str
    parsed: Template
    lexicon_of: dict                 # slot base -> Lexicon.ident
    line: int | None = None          # TSV line (MCL)
    block: int | None = None


@dataclass
class Source:
    kind: str                        # 'mcl' or 'checklist'
    lexicons: dict                   # ident -> Lexicon
    templates: list                  # [SourceTemplate]
    rows: list = field(default_factory=list)    # MCL: the TSV rows (Field, en, ...)
    path: str = ""

    def template(self, tid: str) -> SourceTemplate:
        for t in self.templates:
            if t.id == tid:
                return t
        raise KeyError(tid)

    def lexicon(self, t: SourceTemplate, base: str) -> Lexicon:
        return self.lexicons[t.lexicon_of[base]]


# --------------------------------------------------------------------------- #
# MultiCheckList TSV

def _tuple(cell: str, arity: int | None):
    if not arity:
        return cell
    return tuple(x.strip() for x in cell.split(", "))


def read_mcl(path: str | Path) -> Source:
    """The English column of a MultiCheckList TSV."""
    path = str(path)
    text = read_text(path)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    rows = [ln.rstrip("\r").split("\t") for ln in lines]
    if not rows or len(rows[0]) < 2 or rows[0][0].strip() != "Field" \
            or rows[0][1].strip() != "en":
        raise InputError("header must start with Field, en", path=path, line=1)
    blocks = []          # [{'name', 'templates': [(line, en)], 'lex': {key: [(line, en)]}}]
    block = None
    for ln, row in enumerate(rows[1:], 2):
        fld = row[0].strip()
        en = row[1].strip() if len(row) > 1 else ""
        if not fld and not any(c.strip() for c in row[1:]):
            block = None
            continue
        if fld == "Name":
            block = {"name": en, "templates": [], "lex": {}, "line": ln}
            blocks.append(block)
            continue
        if block is None:
            raise InputError("row %r outside a test block" % fld, path=path, line=ln)
        if fld in TEMPLATE_FIELDS:
            block["templates"].append((ln, fld, en))
        elif fld not in ("Capability", "Answer"):
            if not _KEY_RE.match(fld) or fld[-1].isdigit():
                raise InputError("bad lexicon key %r" % fld, path=path, line=ln)
            block["lex"].setdefault(fld, []).append((ln, en))
    lexicons = {NAME_KEY: Lexicon(NAME_KEY, NAME_KEY, [], fixed=True)}
    templates = []
    latest = {}          # key -> ident of the latest block holding rows for it
    for bi, b in enumerate(blocks):
        try:
            parsed = [(ln, fld, en, parse_template(en)) for ln, fld, en in b["templates"]]
        except TemplateSyntaxError:
            continue                     # e.g. {p.v1}: the instrument skips this test too
        own = {}
        for key, entries in b["lex"].items():
            ident = "%s@%d" % (key, bi)
            lexicons[ident] = Lexicon(ident, key, [en for _ln, en in entries],
                                      lines=[ln for ln, _en in entries])
            own[key] = ident
        for ln, fld, en, tp in parsed:
            lexicon_of = {}
            for slot in tp.slots():
                if slot.base == NAME_KEY:
                    lexicon_of[slot.base] = NAME_KEY
                    continue
                key = KEY_ALIASES.get(slot.base, slot.base)
                ident = own.get(key) or latest.get(key)
                if ident is None:
                    raise InputError("no lexicon rows for slot {%s}" % slot.name,
                                     path=path, line=ln)
                lexicon_of[slot.base] = ident
                if slot.index is not None:
                    lex = lexicons[ident]
                    lex.arity = max(lex.arity or 0, slot.index + 1)
            templates.append(SourceTemplate("L%d" % ln, en, tp, lexicon_of, line=ln, block=bi))
        latest.update(own)
    for lex in lexicons.values():
        if lex.arity:
            lex.entries = [_tuple(e, lex.arity) for e in lex.entries]
            if any(len(e) != len(lex.entries[0]) for e in lex.entries):
                raise InputError("lexicon %r: English tuples of unequal arity" % lex.key,
                                 path=path, line=lex.lines[0] if lex.lines else None)
            lex.arity = len(lex.entries[0])
    used = {i for t in templates for i in t.lexicon_of.values()}
    lexicons = {k: v for k, v in lexicons.items() if k in used or k == NAME_KEY}
    return Source("mcl", lexicons, templates, rows=rows, path=path)


# --------------------------------------------------------------------------- #
# SPEC §1 CheckList

def read_checklist(path: str | Path) -> Source:
    """A ``tea-checklist/1`` document (single-string templates)."""
    path = str(path)
    try:
        doc = json.loads(read_text(path))
    except ValueError as e:
        raise InputError("not a JSON document: %s" % e, path=path) from None
    return checklist_source(doc, path)


def checklist_source(doc: dict, path: str = "<checklist>") -> Source:
    if not isinstance(doc, dict) or not isinstance(doc.get("templates"), list):
        raise InputError("not a CheckList document (no \"templates\" list)", path=path)
    lexicons, templates = {}, []

    def add(ident, key, values):
        if not isinstance(values, list):
            raise InputError("lexicon %r is not a list" % key, path=path)
        arity = None
        entries = []
        for v in values:
            if isinstance(v, list):
                arity = len(v)
                entries.append(tuple(v))
            else:
                entries.append(v)
        lexicons[ident] = Lexicon(ident, key, entries, arity=arity)

    for key, values in (doc.get("lexicons") or {}).items():
        add(key, key, values)
    for n, t in enumerate(doc["templates"]):
        tid = t.get("id") if isinstance(t, dict) else None
        text = t.get("template") if isinstance(t, dict) else None
        if not isinstance(tid, str) or not isinstance(text, str):
            raise InputError("template %d: needs a string \"id\" and a single-string "
                             "\"template\" (multi-field templates are not translated)"
                             % (n + 1), path=path)
        try:
            tp = parse_template(text)
        except TemplateSyntaxError as e:
            raise InputError("template %s: %s" % (tid, e), path=path) from None
        own = t.get("lexicons") or {}
        lexicon_of = {}
        for slot in tp.slots():
            if slot.base in own:
                ident = "%s:%s" % (tid, slot.base)
                if ident not in lexicons:
                    add(ident, slot.base, own[slot.base])
            elif slot.base in lexicons:
                ident = slot.base
            else:
                raise InputError("template %s: unknown lexicon {%s}" % (tid, slot.base),
                                 path=path)
            lexicon_of[slot.base] = ident
        templates.append(SourceTemplate(tid, text, tp, lexicon_of))
    return Source("checklist", lexicons, templates, path=path)
