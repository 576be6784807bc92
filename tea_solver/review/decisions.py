"""The verifier's decisions: one per target template, as JSON (the page) or TSV.

A decision is ``accept``, ``edit`` (new template text and/or lexicons), ``delete`` or
``pending`` (not looked at yet: kept as it is).  Both files name the target they were
made for by its SHA-256, and carry, for edited templates, the instances the original
covered (``covered``), so that ``review import`` can re-check an edit with nothing but
the target and the decisions.

JSON (``review.html`` downloads it)::

    {"format": "tea-review-decisions/1", "target": "hi.json", "target_sha256": "…",
     "decisions": [{"id": "g#0", "action": "accept"},
                   {"id": "g#1", "action": "edit", "template": "…", "lexicons": {…},
                    "covered": [["g/3", "…"], …]},
                   {"id": "g#2", "action": "delete"}]}

TSV (``review.tsv``, one row per template, for a spreadsheet): the columns
:data:`TSV_COLUMNS`; ``template`` is the text (a JSON list for a multi-field template),
``lexicons`` and ``covered`` are JSON, ``action`` is one of :data:`ACTIONS` (empty:
pending).  Cells are quoted the way spreadsheets write TSV (Python's ``excel-tab``).

Parsing validates the file's *shape* and raises :class:`InputError` naming the file,
the line and the problem; whether an edited template is a usable template is checked
by :mod:`.apply`, against the target.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from tea_solver.errors import InputError
from tea_solver.io.atomic import read_text
from tea_solver.io.checklist import _locate, json_type_name, parse_json_document

DECISIONS_FORMAT = "tea-review-decisions/1"
ACTIONS = ("accept", "edit", "delete", "pending")
TSV_COLUMNS = ("id", "source_template_id", "action", "template", "lexicons", "support",
               "flags", "examples", "covered", "target_sha256")
_REQUIRED = ("id", "action", "template", "lexicons", "target_sha256")


@dataclass
class Decision:
    """One template's decision; ``line`` is where it stands in the decisions file."""

    id: str
    action: str
    template: Any = None          # edit: the new text (str, or list of str)
    lexicons: dict | None = None  # edit: the new lexicons (every key the text uses)
    covered: list | None = None   # [[instance id, target], ...] the original covered
    line: int | None = None


@dataclass
class DecisionFile:
    """A parsed decisions file: the target it names and the decisions by template id."""

    path: str
    target_sha256: str
    decisions: dict  # id -> Decision


def read_decisions(path: str, target_templates: Mapping[str, Mapping]) -> DecisionFile:
    """Parse a ``.json`` or ``.tsv`` decisions file (by extension; else by content).

    ``target_templates``: the target's template objects by id, used to tell an edit
    from an unchanged row in a TSV and to reject unknown ids.
    """
    text = read_text(path)
    tsv = path.lower().endswith((".tsv", ".tab", ".txt")) or \
        (not path.lower().endswith(".json") and not text.lstrip().startswith("{"))
    result = _read_tsv(path, text, target_templates) if tsv else _read_json(path, text)
    for d in result.decisions.values():
        if d.id not in target_templates:
            raise InputError("decision for template '%s', which the target does not have"
                             % d.id, path=path, line=d.line)
    return result


# --------------------------------------------------------------------------- JSON

def _read_json(path: str, text: str) -> DecisionFile:
    doc = parse_json_document(text, path)
    if not isinstance(doc, dict):
        raise InputError("top level must be a JSON object, not %s" % json_type_name(doc),
                         path=path, line=1)
    if doc.get("format") != DECISIONS_FORMAT:
        raise InputError("not a decisions file: 'format' must be \"%s\"" % DECISIONS_FORMAT,
                         path=path, line=_locate(text, ("format",)))
    sha = doc.get("target_sha256")
    if not isinstance(sha, str) or not sha:
        raise InputError("missing field 'target_sha256' (the target this file was made for)",
                         path=path, line=_locate(text, ("target_sha256",)))
    items = doc.get("decisions")
    if not isinstance(items, list):
        raise InputError("field 'decisions' must be a list", path=path,
                         line=_locate(text, ("decisions",)))
    covered_extra = doc.get("covered") if isinstance(doc.get("covered"), dict) else {}
    decisions: dict[str, Decision] = {}
    for k, item in enumerate(items):
        line = _locate(text, ("decisions", k))
        if not isinstance(item, dict):
            raise InputError("decision %d must be an object" % (k + 1), path=path, line=line)
        d = _decision(item.get("id"), item.get("action"), item.get("template"),
                      item.get("lexicons"), item.get("covered",
                                                     covered_extra.get(item.get("id"))),
                      path, line)
        _add(decisions, d, path)
    return DecisionFile(path, sha, decisions)


# --------------------------------------------------------------------------- TSV

def _read_tsv(path: str, text: str, target_templates: Mapping[str, Mapping]) -> DecisionFile:
    reader = csv.reader(io.StringIO(text), dialect="excel-tab")
    try:
        header = next(reader)
    except (StopIteration, csv.Error) as e:
        raise InputError("unreadable TSV header (%s)" % e, path=path, line=1) from None
    header = [h.strip() for h in header]
    missing = [c for c in _REQUIRED if c not in header]
    if missing:
        raise InputError("not a decisions TSV: missing column%s %s"
                         % ("s" if len(missing) > 1 else "", ", ".join(missing)),
                         path=path, line=1)
    col = {name: header.index(name) for name in header}
    decisions: dict[str, Decision] = {}
    shas: set = set()
    line = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            raise InputError("malformed TSV: %s" % e, path=path, line=reader.line_num) from None
        line = reader.line_num - _newlines_in(row)
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise InputError("%d cells for %d columns" % (len(row), len(header)),
                             path=path, line=line)
        cell = {name: (row[i] if i < len(row) else "") for name, i in col.items()}
        tid = cell["id"].strip()
        original = target_templates.get(tid)
        if original is None:
            raise InputError("decision for template '%s', which the target does not have"
                             % tid, path=path, line=line)
        shas.add(cell["target_sha256"].strip())
        template = _tsv_template(cell["template"], original.get("template"), path, line)
        lexicons = _json_cell(cell["lexicons"], "lexicons", path, line)
        covered = _json_cell(cell["covered"], "covered", path, line) \
            if cell.get("covered", "").strip() else None
        action = cell["action"].strip().lower() or "pending"
        changed = template != original.get("template") or lexicons != original.get("lexicons")
        if changed and action in ("accept", "pending"):
            raise InputError("template '%s' was changed but its action is '%s' (write 'edit')"
                             % (tid, action), path=path, line=line)
        if action == "edit" and not changed:
            action = "accept"      # an edit that changes nothing is an acceptance
        d = _decision(tid, action, template if action == "edit" else None,
                      lexicons if action == "edit" else None, covered, path, line)
        _add(decisions, d, path)
    shas.discard("")
    if not shas:
        raise InputError("no 'target_sha256' in any row (the target this file was made for)",
                         path=path, line=1)
    if len(shas) > 1:
        raise InputError("rows name %d different targets (column target_sha256)" % len(shas),
                         path=path, line=line)
    return DecisionFile(path, shas.pop(), decisions)


def _newlines_in(row: list) -> int:
    """Line breaks inside quoted cells: ``line_num`` counts them, the row starts before."""
    return sum(cell.count("\n") for cell in row)


def _tsv_template(cell: str, original: Any, path: str, line: int) -> Any:
    """A template cell: plain text, or a JSON list where the target's template is a list."""
    if isinstance(original, list):
        value = _json_cell(cell, "template", path, line)
        if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
            raise InputError("column template: a multi-field template must be a JSON list "
                             "of strings", path=path, line=line)
        return value
    return cell


def _json_cell(cell: str, column: str, path: str, line: int) -> Any:
    try:
        return json.loads(cell)
    except ValueError as e:
        raise InputError("column %s: not valid JSON (%s)" % (column, e), path=path,
                         line=line) from None


# --------------------------------------------------------------------------- shared

def _decision(tid: Any, action: Any, template: Any, lexicons: Any, covered: Any, path: str,
              line: int | None) -> Decision:
    if not isinstance(tid, str) or not tid:
        raise InputError("decision without a template 'id'", path=path, line=line)
    if action not in ACTIONS:
        raise InputError("template '%s': action must be one of %s, not %s"
                         % (tid, ", ".join(ACTIONS), json.dumps(action, ensure_ascii=False)),
                         path=path, line=line)
    if action == "edit":
        if template is None and lexicons is None:
            raise InputError("template '%s': an edit needs 'template' or 'lexicons'" % tid,
                             path=path, line=line)
        if lexicons is not None and not isinstance(lexicons, dict):
            raise InputError("template '%s': 'lexicons' must be an object" % tid,
                             path=path, line=line)
    if covered is not None and not (isinstance(covered, list) and all(
            isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) for c in covered)):
        raise InputError("template '%s': 'covered' must be a list of [instance id, target]"
                         % tid, path=path, line=line)
    return Decision(tid, action, template, lexicons, covered, line)


def _add(decisions: dict, d: Decision, path: str) -> None:
    if d.id in decisions:
        raise InputError("second decision for template '%s' (first on line %s)"
                         % (d.id, decisions[d.id].line), path=path, line=d.line)
    decisions[d.id] = d


def tsv_text(bundle: Mapping) -> str:
    """``review.tsv`` of a review bundle: every template, action empty (pending)."""
    out = io.StringIO()
    writer = csv.writer(out, dialect="excel-tab", lineterminator="\n")
    writer.writerow(TSV_COLUMNS)
    for group in bundle["groups"]:
        for t in group["templates"]:
            text = t["template"]
            writer.writerow([
                t["id"], group["id"], "",
                text if isinstance(text, str) else _compact(text),
                _compact(t["lexicons"]), "" if t["support"] is None else t["support"],
                "; ".join(t["flags"]),
                " | ".join(_shown(e["target"]) for e in t["examples"]),
                _compact(t["covered"]), bundle["target_sha256"]])
    return out.getvalue()


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _shown(target: Any) -> str:
    return target if isinstance(target, str) else " \u241e ".join(target)


def decisions_json(sha256: str, target: str, decisions: Iterable[Decision]) -> str:
    """A JSON decisions file (what the page downloads), e.g. for scripts and tests."""
    items = []
    for d in decisions:
        item: dict = {"id": d.id, "action": d.action}
        if d.action == "edit":
            if d.template is not None:
                item["template"] = d.template
            if d.lexicons is not None:
                item["lexicons"] = d.lexicons
        if d.covered is not None:
            item["covered"] = d.covered
        items.append(item)
    return json.dumps({"format": DECISIONS_FORMAT, "target": target, "target_sha256": sha256,
                       "decisions": items}, ensure_ascii=False, indent=1) + "\n"
