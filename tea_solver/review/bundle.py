"""What a verifier sees: a target CheckList arranged for review, with its evidence.

:func:`build_review` turns a target CheckList (``extract``'s output) into the *review
bundle*, the data behind ``review.html`` and ``review.tsv``: per source template, its
text and a few source sentences; per target template, its lexicons, support, a few
covered instances (source <-> target), flags worth a human look, and the list of
instances it covers.

That last list is what ``review import`` needs to re-check an edited template (does the
edit still generate what the original generated?), and a target file does not hold it,
so it is stored in the export and carried by the decisions file.  With the instance file
``extract`` read (``--instances``), a template covers the instances of its group that it
generates (checked exactly with :func:`tea_solver.template.generates`).  Without it, the
strings the template generates stand in for them (a seeded sample of at most ``cap``
per template: :func:`tea_solver.expand.iter_expanded`), and the bundle says so
(``covered_from``).

The bundle names the target by the SHA-256 of its bytes, so decisions made on one
target are never applied to another.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import OrderedDict
from typing import Any, Mapping, Sequence

from tea_solver.expand import iter_expanded
from tea_solver.io.checklist import PreparedTemplate
from tea_solver.io.records import Instance
from tea_solver.template import canonical, generates

REVIEW_FORMAT = "tea-review/1"
#: Instances shown per template (the page and the TSV); every covered one is kept for
#: the re-check.
DEFAULT_EXAMPLES = 3
#: Without an instance file: generated strings per template standing in for instances.
DEFAULT_CAP = 200
#: Flag a template whose support is at most this, or below LOW_SHARE of its group.
LOW_SUPPORT, LOW_SHARE = 1, 0.05
#: Scripts written right to left (ISO 639-1 codes); the page sets ``dir`` from them, and
#: ``dir="auto"`` on every piece of target text handles the rest.
RTL_LANGS = frozenset({"ar", "arc", "dv", "fa", "he", "iw", "ks", "ku", "ps", "sd", "ug",
                       "ur", "yi"})
UNGROUPED = "*"
_CANONICAL_SLOT = re.compile(r"\{(?:a:)?L\d+\.\d+(?:\[\d+\])?\}")


def sha256_of(path: str | os.PathLike) -> str:
    """Hex SHA-256 of a file's bytes: the identity decisions are checked against."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def build_review(doc: Mapping, prepared: Sequence[PreparedTemplate], sha256: str, name: str,
                 *, instances: Sequence[Instance] | None = None,
                 source: Mapping | None = None, examples: int = DEFAULT_EXAMPLES,
                 cap: int = DEFAULT_CAP) -> dict:
    """The review bundle of a validated target CheckList (see the module docstring).

    ``prepared[i]`` is ``doc["templates"][i]`` checked (``validate_checklist``);
    ``instances``: the instance file ``extract`` read; ``source``: the source CheckList
    (for the source templates' text).  Deterministic: the same inputs give the same
    bundle.
    """
    by_group: dict[str, list[Instance]] = OrderedDict()
    for inst in instances or ():
        by_group.setdefault(inst.template_id, []).append(inst)
    source_text = {t.get("id"): t.get("template") for t in (source or {}).get("templates", [])
                   if isinstance(t, dict)}
    report_groups = {g.get("template_id"): g for g in (doc.get("report") or {}).get("groups", [])
                     if isinstance(g, dict)}
    groups: dict[str, dict] = OrderedDict()
    for gid in report_groups:
        groups[gid] = _group(gid)
    for tobj, prep in zip(doc["templates"], prepared):
        gid = tobj.get("source_template_id")
        gid = gid if isinstance(gid, str) else UNGROUPED
        group = groups.setdefault(gid, _group(gid))
        group["templates"].append(_template_entry(tobj, prep, by_group.get(gid), examples,
                                                  cap, doc.get("lang")))
    for gid, group in groups.items():
        members = by_group.get(gid, [])
        group["source"] = source_text.get(gid)
        group["source_examples"] = _unique([_text(i.source) for i in members
                                            if i.source is not None])[:examples]
        group["instances"] = len(members) if instances is not None else \
            report_groups.get(gid, {}).get("instances")
        group["uncovered"] = _uncovered(group, members, report_groups.get(gid), instances)
        _flag_group(group)
    lang = doc.get("lang")
    return {
        "format": REVIEW_FORMAT, "target": name, "target_sha256": sha256,
        "lang": lang, "rtl": isinstance(lang, str) and lang.split("-")[0].lower() in RTL_LANGS,
        "covered_from": "instances" if instances is not None else "expansion",
        "templates": len(doc["templates"]),
        "groups": [g for g in groups.values() if g["templates"] or g["uncovered"]],
    }


def _group(gid: str) -> dict:
    return {"id": gid, "templates": []}


def _template_entry(tobj: Mapping, prep: PreparedTemplate, members: Sequence[Instance] | None,
                    examples: int, cap: int, lang: Any) -> dict:
    """One template: text, lexicons as the template sees them, support, evidence."""
    if members is not None:
        literals = [p for f in prep.template.fields for p in f if isinstance(p, str)]
        covered = [i for i in members
                   if all(lit in _joined(i.target) for lit in literals)
                   and generates(prep.template, prep.values, i.target_value)]
        pairs = [[i.id, i.target_value] for i in covered]
        shown = [{"id": i.id, "source": None if i.source is None else _shape(i),
                  "target": i.target_value} for i in covered[:examples]]
    else:
        one = {"format": "tea-checklist/1", "lexicons": {},
               "templates": [{"id": prep.id, "template": tobj["template"],
                              "lexicons": {b: list(v) for b, v in prep.values.items()}}]}
        pairs = [[rec["id"], rec["source"]]
                 for rec in iter_expanded(one, max_per_template=cap, seed=0, lang=lang)]
        shown = [{"id": i, "source": None, "target": t} for i, t in pairs[:examples]]
    return {
        "id": prep.id, "template": tobj["template"],
        "lexicons": {base: list(values) for base, values in prep.values.items()},
        "support": tobj.get("support"), "frame": _slots_only(canonical(prep.template)),
        "examples": shown, "covered": pairs, "flags": [],
    }


def _uncovered(group: dict, members: Sequence[Instance], report: Mapping | None,
               instances) -> list:
    """Instances of the group no template generates (ids, with text when known)."""
    if instances is not None:
        hit = {i for t in group["templates"] for i, _ in t["covered"]}
        return [{"id": i.id, "source": None if i.source is None else _shape(i),
                 "target": i.target_value} for i in members if i.id not in hit]
    budget = (report or {}).get("budget") or {}
    return [{"id": i, "source": None, "target": None} for i in budget.get("uncovered", [])]


def _flag_group(group: dict) -> None:
    """Flags worth a human look, written as short sentences for the page and the TSV.

    * low support: a template that covers one instance, or under 5% of its group, is
      often a mistranslation;
    * agreement split: templates of one group with the same slots in the same order are
      variants (split by agreement: other lexicon classes, or another form of a frame
      word such as a verb agreeing with its noun): check that each class is right;
      a coupled tuple key (``{a_b[0]}`` ... ``{a_b[1]}``) pairs forms that agree;
    * values seen once: a lexicon value found in only one covered instance (a substring
      count, so a hint, not a proof);
    * the group's uncovered instances are flagged on the group itself.
    """
    templates = group["templates"]
    size = group.get("instances") or sum(t["support"] or 0 for t in templates)
    frames: dict[str, int] = {}
    for t in templates:
        frames[t["frame"]] = frames.get(t["frame"], 0) + 1
    for t in templates:
        support = t["support"]
        if isinstance(support, int) and (support <= LOW_SUPPORT or
                                         (size and support < LOW_SHARE * size)):
            t["flags"].append("low support: %d of %s instances" % (support, size))
        if frames[t["frame"]] > 1:
            t["flags"].append("agreement split: %d variants with these slots"
                              % frames[t["frame"]])
        if any(isinstance(v, list) and sum(1 for x in v if x) > 1
               for vals in t["lexicons"].values() for v in vals):
            t["flags"].append("coupled values: each tuple pairs forms that agree")
        once = _values_seen_once(t)
        if once:
            t["flags"].append("values seen once: " + ", ".join(once[:5])
                              + (" …" if len(once) > 5 else ""))
    group["flags"] = ["%d instances left uncovered" % len(group["uncovered"])] \
        if group["uncovered"] else []


def _values_seen_once(t: dict) -> list:
    if len(t["covered"]) < 3:
        return []
    texts = [_joined(target) for _, target in t["covered"]]
    out = []
    for vals in t["lexicons"].values():
        for v in vals:
            for piece in ([v] if isinstance(v, str) else [x for x in v if x]):
                if sum(piece in s for s in texts) == 1:
                    out.append(piece)
    return _unique(out)


def _slots_only(skeleton: str) -> str:
    """The canonical slots of a skeleton, in order, without the words between them."""
    return " ".join(_CANONICAL_SLOT.findall(skeleton))


def _shape(inst: Instance) -> Any:
    """An instance's source in the file's shape (string, or list for multi-field)."""
    return list(inst.source) if inst.multi else inst.source[0]


def _text(fields: tuple) -> Any:
    return fields[0] if len(fields) == 1 else list(fields)


def _joined(target: Any) -> str:
    return target if isinstance(target, str) else "\u241e".join(target)


def _unique(items: list) -> list:
    seen: dict = {}
    for x in items:
        key = x if isinstance(x, str) else tuple(x)
        seen.setdefault(key, x)
    return list(seen.values())
