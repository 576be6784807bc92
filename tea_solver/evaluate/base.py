"""What every metric family shares: loaded CheckLists, helpers, the registry.

A metric family is a small class in the spirit of sacrebleu's metrics: it is
constructed with its parameters, has a :meth:`Metric.signature` that records
every parameter that changes its numbers (so a table can always be traced back
to how it was made), and scores one CheckList at a time
(:meth:`Metric.score`), optionally against a reference CheckList.
Families register themselves with :func:`register`; :data:`METRICS` maps a
family name to its class.
"""

from __future__ import annotations

import copy
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from tea_solver.errors import InputError
from tea_solver.io.atomic import read_text
from tea_solver.io.checklist import (FORMAT, PreparedTemplate, normalize_checklist,
                                     parse_json_document, validate_checklist)
from tea_solver.template import canonical

#: Joins the fields of a multi-field template or instance (as ``canonical`` does).
FIELD_SEP = "\u241e"
MCL_GOLD_FORMAT = "mcl-bench-gold/1"

_WS = re.compile(r"\s+")


def norm_ws(text: Any) -> str:
    """A string or list of strings as one whitespace-collapsed string.

    Fields are collapsed one by one and joined with U+241E, so that two
    multi-field instances compare equal exactly when every field does.
    """
    if isinstance(text, str):
        return _WS.sub(" ", text).strip()
    return FIELD_SEP.join(_WS.sub(" ", t).strip() for t in text)


@dataclass
class LoadedChecklist:
    """A validated CheckList document with its prepared templates.

    ``name`` labels the CheckList in tables (the file name without extension,
    made unique by the loader); ``prepared[i]`` belongs to
    ``doc["templates"][i]``.
    """

    name: str
    doc: dict
    prepared: list = field(default_factory=list)   # PreparedTemplate
    path: str | None = None

    @property
    def lang(self) -> str | None:
        return self.doc.get("lang")

    @property
    def templates(self) -> list:
        return self.doc.get("templates", [])

    def group_of(self, i: int) -> str | None:
        """The ``source_template_id`` of template ``i`` (None if absent)."""
        g = self.templates[i].get("source_template_id")
        return g if isinstance(g, str) else None

    def all_grouped(self) -> bool:
        return all(self.group_of(i) is not None for i in range(len(self.templates)))


def skeleton(p: PreparedTemplate) -> str:
    """The canonical, lexicon-name agnostic skeleton of a template."""
    return canonical(p.template)


def value_sets(p: PreparedTemplate) -> tuple:
    """Canonical slot ``(lexicon id, index)`` -> frozenset of whitespace-collapsed values.

    The value set of a tuple slot ``{key[i]}`` is the set of the i-th elements;
    draws of one lexicon (``{key}``, ``{key1}``) share one canonical lexicon and
    so one set.  Sorted, hashable: two templates are *strictly* equal when
    their skeletons and these tuples are.
    """
    lex: dict = {}
    out: dict = {}
    for s in p.template.slots():
        lex.setdefault(s.base, len(lex))
        key = (lex[s.base], s.index)
        if key not in out:
            out[key] = frozenset(norm_ws(v if s.index is None else v[s.index])
                                 for v in p.values[s.base])
    return tuple(sorted(out.items(), key=lambda kv: (kv[0][0], -1 if kv[0][1] is None
                                                     else kv[0][1])))


# --------------------------------------------------------------------------- #
# Loading

def mcl_gold_to_checklist(gold: Mapping) -> dict:
    """A ``mcl-bench-gold/1`` file (``shared/tools/mcl_bench.py gen``) as a CheckList.

    Every gold template becomes a template object with ``source_template_id`` =
    its group's ``template_id``, its own lexicons, and the group's
    ``capability`` and ``test``; so the MultiCheckList human reference can be
    passed to ``evaluate --reference`` as it is.
    """
    templates = []
    for g in gold.get("groups") or []:
        for k, t in enumerate(g.get("templates") or []):
            obj = {"id": t.get("gold_id") or "%s#%d" % (g["template_id"], k),
                   "template": t["template"], "lexicons": t.get("lexicons") or {},
                   "source_template_id": g["template_id"]}
            for extra in ("capability", "test"):
                if g.get(extra) is not None:
                    obj[extra] = g[extra]
            templates.append(obj)
    doc = {"format": FORMAT}
    if gold.get("lang"):
        doc["lang"] = gold["lang"]
    doc["lexicons"] = {}
    doc["templates"] = templates
    return doc


def load(path: str | os.PathLike, name: str | None = None) -> LoadedChecklist:
    """Read and validate a CheckList file (or a MultiCheckList gold file).

    Raises :class:`InputError` naming the file for anything unusable.
    """
    path = os.fspath(path)
    text = read_text(path)
    doc = parse_json_document(text, path)
    if isinstance(doc, dict) and doc.get("format") == MCL_GOLD_FORMAT:
        try:
            doc = mcl_gold_to_checklist(doc)
        except (KeyError, TypeError, AttributeError) as e:
            raise InputError("malformed %s file (%s)" % (MCL_GOLD_FORMAT, e),
                             path=path) from None
        text = None
    normalize_checklist(doc)
    prepared = validate_checklist(doc, path, text=text)
    return LoadedChecklist(name or display_name(path), doc, prepared, path)


def from_doc(doc: dict, name: str) -> LoadedChecklist:
    """A CheckList already in memory (e.g. just extracted), validated.

    Scores compare NFC text, so the document is normalised -- on a copy: the
    caller's document (which may yet be written) keeps its characters.
    """
    if isinstance(doc, dict) and doc.get("format") == MCL_GOLD_FORMAT:
        doc = mcl_gold_to_checklist(doc)
    doc = copy.deepcopy(doc)
    normalize_checklist(doc)
    return LoadedChecklist(name, doc, validate_checklist(doc, name))


def display_name(path: str) -> str:
    base = os.path.basename(path)
    for ext in (".json", ".gold"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    return base or path


def unique_names(names: list) -> list:
    """Make labels unique: a repeated name gets ``#2``, ``#3``, …"""
    seen: dict = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else "%s#%d" % (n, seen[n]))
    return out


# --------------------------------------------------------------------------- #
# Registry

class Metric:
    """Base class of a metric family.

    ``name`` is the family's name in tables and in the JSON record;
    ``needs_reference`` says whether :meth:`score` needs ``reference``.
    :meth:`score` returns ``{"summary": {column: value}, ...details}``; the
    summary columns become the CheckList's row of the main table.
    """

    name = "metric"
    needs_reference = False

    def signature(self) -> str:
        return "%s|version:%s" % (self.name, _version())

    def score(self, cl: LoadedChecklist, reference: LoadedChecklist | None = None) -> dict:
        raise NotImplementedError


METRICS: dict[str, type] = {}


def register(cls: type) -> type:
    """Class decorator: add a metric family to :data:`METRICS`."""
    METRICS[cls.name] = cls
    return cls


def _version() -> str:
    from tea_solver import __version__
    return __version__


def sig(name: str, **params: Any) -> str:
    """``name|key:value|…|version:V`` (sacrebleu-style signature)."""
    parts = [name] + ["%s:%s" % (k, v) for k, v in params.items()]
    parts.append("version:%s" % _version())
    return "|".join(parts)


def ratio(a: float, b: float, empty: Any = None) -> Any:
    return a / b if b else empty


def f1(p: float | None, r: float | None) -> float | None:
    if p is None or r is None:
        return None
    return 2 * p * r / (p + r) if p + r else 0.0


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2, default=_default) + "\n"


def _default(o: Any) -> Any:
    if isinstance(o, (set, frozenset)):
        return sorted(o)
    if isinstance(o, tuple):
        return list(o)
    raise TypeError(type(o).__name__)


Progress = Callable[[str], None]
