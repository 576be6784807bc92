"""``export --format checklist``: a CheckList for the ``checklist`` package's editor.

People run CheckLists with the original tool (`checklist`, Ribeiro et al.), whose
``Editor.template(templates, **lexicons)`` fills templates with Python's ``str.format``.
Our slot grammar was chosen to be CheckList's, so a template passes as it is:
``{key}``, cardinals ``{key1}``, tuple elements ``{key[0]}`` (a tuple entry is a list,
indexed by ``format``), ``{a:key}``, literal ``{{ }}``, and a multi-field template is a
list of strings filled with one draw.  Two things differ and are handled here:

* **names**: the editor's own keyword parameters (``labels``, ``meta``, ``nsamples``,
  ...) and ``mask`` (filled by a language model) cannot be lexicon names; such a
  lexicon is renamed ``<name>_lex`` in the template and its lexicons;
* **distinct cardinals**: our cardinals of one lexicon take different values; the
  editor's only switch for that is ``remove_duplicates=True``, which drops a fill where
  *any* two slot values are equal.  It is set for templates with cardinals, and the
  template is marked ``"exact": false`` when two of its lexicons share a value (then the
  editor drops fills we would keep); :func:`to_editor` returns those ids.

The file (``checklist-editor/1``)::

    {"format": "checklist-editor/1", "lang": "hi", "usage": "...",
     "templates": [{"id": "...", "template": "...", "lexicons": {...},
                    "remove_duplicates": false, "exact": true,
                    "labels": 2, "meta": {"source_template_id": ..., "support": ...}}]}

and is used as::

    from checklist.editor import Editor
    editor = Editor()
    for t in json.load(open(PATH))["templates"]:
        ret = editor.template(t["template"], remove_duplicates=t["remove_duplicates"],
                              labels=t.get("labels"), meta=True, **t["lexicons"])
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Mapping, Sequence

from tea_solver.io.checklist import PreparedTemplate
from tea_solver.template import Slot, Template, format_template

EDITOR_FORMAT = "checklist-editor/1"
#: Keyword parameters of ``Editor.template`` (checklist 0.0.11) and its special ``mask``.
RESERVED = frozenset({"templates", "nsamples", "product", "remove_duplicates", "mask_only",
                      "unroll", "labels", "meta", "save", "self", "mask"})
USAGE = ("from checklist.editor import Editor; editor = Editor(); "
         "ret = editor.template(t['template'], remove_duplicates=t['remove_duplicates'], "
         "labels=t.get('labels'), meta=True, **t['lexicons'])")
#: Fields of a template object that are not metadata.
_OWN = ("id", "template", "lexicons", "label")


def to_editor(doc: Mapping, prepared: Sequence[PreparedTemplate]) -> tuple[dict, list]:
    """The editor document of a validated CheckList, and the ids of inexact templates."""
    out = []
    inexact = []
    for tobj, prep in zip(doc["templates"], prepared):
        names = {base: _free_name(base, prep.values) for base in prep.values}
        template = _renamed(prep.template, names)
        lexicons = {names[b]: [list(v) if isinstance(v, list) else v for v in vals]
                    for b, vals in prep.values.items()}
        cardinals = any(n > 1 for n in prep.draw_counts().values())
        exact = not cardinals or not _shared_value(prep.values)
        if not exact:
            inexact.append(prep.id)
        entry: dict = {"id": prep.id, "template": format_template(template),
                       "lexicons": lexicons, "remove_duplicates": cardinals, "exact": exact}
        if isinstance(tobj.get("label"), int) and not isinstance(tobj.get("label"), bool):
            entry["labels"] = tobj["label"]
        meta = {k: v for k, v in tobj.items() if k not in _OWN}
        if meta:
            entry["meta"] = meta
        out.append(entry)
    editor = {"format": EDITOR_FORMAT}
    if doc.get("lang"):
        editor["lang"] = doc["lang"]
    editor["usage"] = USAGE
    editor["templates"] = out
    return editor, inexact


def dump_editor(editor: Mapping) -> str:
    return json.dumps(editor, ensure_ascii=False, indent=2) + "\n"


def _free_name(base: str, values: Mapping) -> str:
    """``base``, or ``base_lex`` (``base_lex_lex`` ...) if the editor reserves it."""
    name = base
    while name in RESERVED or (name != base and name in values):
        name += "_lex"
    return name


def _renamed(t: Template, names: Mapping[str, str]) -> Template:
    fields = tuple(tuple(replace(p, base=names[p.base]) if isinstance(p, Slot) else p
                         for p in f) for f in t.fields)
    return Template(fields, t.multi)


def _shared_value(values: Mapping) -> bool:
    """Does a value (or tuple element) occur in two different lexicons?"""
    seen: dict = {}
    for base, vals in values.items():
        for v in vals:
            for piece in ([v] if isinstance(v, str) else v):
                if seen.setdefault(piece, base) != base:
                    return True
    return False
