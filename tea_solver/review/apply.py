"""``review import``: apply a verifier's decisions to the target they were made for.

* The decisions must name this target: the SHA-256 of its bytes, as the export wrote it.
* Every edited template is validated with the project's own slot grammar and lexicon
  rules (:func:`tea_solver.io.checklist.prepare_template`): a bad edit is the decisions
  file's error (exit 2, its line), never a broken output.
* Every edited template is re-checked against the instances the original covered
  (carried by the decisions file, see :mod:`.bundle`): the report lists, per template,
  the instances the edit no longer generates.  That is information, not an error -- a
  verifier may drop a mistranslated instance on purpose.
* With no edit and no deletion the output is the target, byte for byte: accepting
  everything changes nothing.  Otherwise the verified CheckList is the target without
  the deleted templates, with the edits, and with ``report.verification``.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from tea_solver.errors import InputError
from tea_solver.io.checklist import (PreparedTemplate, Problem, dump_checklist,
                                     normalize_checklist, prepare_template, validate_checklist)
from tea_solver.template import generates

from .decisions import Decision, DecisionFile

VERIFICATION_FORMAT = "tea-verification/1"


@dataclass
class Outcome:
    """What :func:`apply_decisions` made: the output bytes and what happened."""

    data: bytes
    counts: dict
    templates: list = field(default_factory=list)   # per decided template: id, action, lost

    @property
    def changed(self) -> bool:
        return bool(self.counts["edit"] or self.counts["delete"])


def target_view(doc: Mapping, prepared: Sequence[PreparedTemplate]) -> dict:
    """Template id -> ``{"template", "lexicons"}`` as the export shows them (lexicons
    resolved: the template's own plus the document's, duplicates once)."""
    return {p.id: {"template": t["template"],
                   "lexicons": {b: list(v) for b, v in p.values.items()}}
            for t, p in zip(doc["templates"], prepared)}


def apply_decisions(target_bytes: bytes, doc: dict, sha256: str,
                    decisions: DecisionFile) -> Outcome:
    """Apply ``decisions`` to the target ``doc`` (whose file bytes are ``target_bytes``).

    Raises :class:`InputError` (naming the decisions file and line) when the decisions
    belong to another target or an edit is not a usable template.
    """
    if decisions.target_sha256 != sha256:
        raise InputError("these decisions were made for another target (sha256 %s…, this "
                         "target is %s…)" % (decisions.target_sha256[:12], sha256[:12]),
                         path=decisions.path)
    counts = OrderedDict((a, 0) for a in ("accept", "edit", "delete", "pending"))
    out_templates = []
    rows = []
    for tobj in doc["templates"]:
        d = decisions.decisions.get(tobj["id"])
        action = d.action if d is not None else "pending"
        counts[action] += 1
        if action == "delete":
            rows.append(OrderedDict([("id", tobj["id"]), ("action", "delete")]))
            continue
        if action != "edit":
            out_templates.append(tobj)
            if d is not None:
                rows.append(OrderedDict([("id", tobj["id"]), ("action", action)]))
            continue
        edited = _edited(tobj, d, doc.get("lexicons"), decisions.path)
        out_templates.append(edited.obj)
        rows.append(_recheck(tobj, d, edited))
    if not counts["edit"] and not counts["delete"]:
        return Outcome(target_bytes, dict(counts), rows)
    verified = copy.deepcopy({k: v for k, v in doc.items() if k != "templates"})
    verified["templates"] = out_templates
    verified.setdefault("report", {})
    if not isinstance(verified["report"], dict):
        verified["report"] = {}
    verified["report"]["verification"] = OrderedDict([
        ("format", VERIFICATION_FORMAT), ("target_sha256", sha256),
        ("decisions", dict(counts)), ("templates", rows)])
    # the whole document once more: an edit can clash with nothing else, but be sure
    validate_checklist(verified, decisions.path)
    return Outcome(dump_checklist(verified).encode("utf-8"), dict(counts), rows)


@dataclass
class _Edited:
    obj: dict
    prepared: PreparedTemplate


def _edited(tobj: Mapping, d: Decision, doc_lexicons, path: str) -> _Edited:
    """The edited template object, validated; NFC like every text tea_solver reads."""
    obj = copy.deepcopy(dict(tobj))
    if d.template is not None:
        obj["template"] = d.template
    if d.lexicons is not None:
        obj["lexicons"] = copy.deepcopy(d.lexicons)
    holder = {"templates": [obj]}
    normalize_checklist(holder)
    try:
        prepared = prepare_template(obj, doc_lexicons)
    except Problem as p:
        raise InputError("edited %s" % p.message, path=path, line=d.line) from None
    # keep only the lexicons the edited text uses (a slot removed takes its lexicon along)
    used = prepared.template.bases()
    if isinstance(obj.get("lexicons"), dict):
        obj["lexicons"] = {k: v for k, v in obj["lexicons"].items() if k in used}
    return _Edited(obj, prepared)


def _recheck(original: Mapping, d: Decision, edited: _Edited) -> dict:
    """Which of the instances the original covered the edit no longer generates."""
    row = OrderedDict([("id", original["id"]), ("action", "edit"),
                       ("template_changed", edited.obj["template"] != original["template"]),
                       ("lexicons_changed",
                        edited.obj.get("lexicons") != original.get("lexicons"))])
    if d.covered is None:
        row["rechecked"] = False
        return row
    p = edited.prepared
    lost = [iid for iid, target in d.covered
            if not generates(p.template, p.values, _nfc(target))]
    row.update(rechecked=True, covered=len(d.covered), lost=lost)
    return row


def _nfc(target):
    holder = {"templates": [{"template": target}]}
    normalize_checklist(holder)
    return holder["templates"][0]["template"]
