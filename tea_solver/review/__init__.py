"""Human verification: show a target CheckList to a native speaker, take their decisions back.

The paper's best condition (TEA-ver) is TEA output corrected by a native speaker.  The
workflow, one module per step:

1. :mod:`.bundle` -- arrange a target CheckList for review, with the evidence a verifier
   needs (source template, covered instances, flags) and what re-checking an edit needs;
2. :mod:`.page` and :mod:`.decisions` -- write ``review.html`` (one static offline page:
   accept / edit / delete, decisions saved as a JSON download) and ``review.tsv`` (the
   same as a spreadsheet);
3. :mod:`.apply` -- ``review import``: validate the decisions against the target (hash,
   slot grammar), re-check edits, write the verified CheckList.

:func:`export_review` and :func:`import_review` are the two commands.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from tea_solver.io import read_instance_file, write_atomic
from tea_solver.io.atomic import read_text
from tea_solver.io.checklist import (normalize_checklist, parse_json_document,
                                     read_checklist_file, validate_checklist)

from .apply import Outcome, apply_decisions, target_view
from .bundle import DEFAULT_CAP, DEFAULT_EXAMPLES, build_review, sha256_of
from .decisions import read_decisions, tsv_text
from .page import page_html

__all__ = ["ExportResult", "Outcome", "apply_decisions", "build_review", "export_review",
           "import_review", "page_html", "read_decisions", "sha256_of", "summary_lines",
           "tsv_text"]


@dataclass
class ExportResult:
    """Paths written by :func:`export_review` and the bundle behind them."""

    html: str
    tsv: str
    bundle: dict


def export_review(target: str, out_dir: str, *, instances: str | None = None,
                  source: str | None = None, examples: int = DEFAULT_EXAMPLES,
                  cap: int = DEFAULT_CAP) -> ExportResult:
    """``review export``: write ``review.html`` and ``review.tsv`` for a target into
    ``out_dir`` (created if needed).  ``instances``: the instance file ``extract`` read
    (covered instances, source sentences); ``source``: the source CheckList."""
    loaded = read_checklist_file(target)
    records = read_instance_file(instances).records if instances else None
    source_doc = read_checklist_file(source).doc if source else None
    bundle = build_review(loaded.doc, loaded.templates, sha256_of(target),
                          os.path.basename(target), instances=records, source=source_doc,
                          examples=examples, cap=cap)
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        from tea_solver.errors import InputError
        raise InputError("cannot create directory: %s" % (e.strerror or e), path=out_dir) \
            from None
    html_path = os.path.join(out_dir, "review.html")
    tsv_path = os.path.join(out_dir, "review.tsv")
    write_atomic(html_path, page_html(bundle))
    write_atomic(tsv_path, tsv_text(bundle))
    return ExportResult(html_path, tsv_path, bundle)


def import_review(target: str, decisions: str, output: str) -> Outcome:
    """``review import``: apply a decisions file (.json or .tsv) to ``target`` and write
    the verified CheckList to ``output`` (atomically; nothing on error)."""
    with open(target, "rb") as f:
        data = f.read()
    text = read_text(target)
    doc = parse_json_document(text, target)
    normalize_checklist(doc)
    prepared = validate_checklist(doc, target, text=text)
    parsed = read_decisions(decisions, target_view(doc, prepared))
    outcome = apply_decisions(data, doc, sha256_of(target), parsed)
    write_atomic(output, outcome.data)
    return outcome


def summary_lines(outcome: Outcome, output: str) -> list:
    """What ``review import`` prints: the counts, then every edit that lost instances."""
    c = outcome.counts
    lines = ["applied decisions: %d accepted, %d edited, %d deleted, %d pending; wrote %s"
             % (c["accept"], c["edit"], c["delete"], c["pending"], output)]
    if not outcome.changed:
        lines.append("no edits or deletions: %s is the target, byte for byte" % output)
    for row in outcome.templates:
        if row["action"] != "edit":
            continue
        if not row.get("rechecked"):
            lines.append("template '%s' (edited): not re-checked, the decisions file does not "
                         "list the instances it covered" % row["id"])
        elif row["lost"]:
            lost = row["lost"]
            lines.append("template '%s' (edited) no longer generates %d of the %d instances "
                         "it covered: %s%s" % (row["id"], len(lost), row["covered"],
                                               ", ".join(lost[:10]),
                                               " …" if len(lost) > 10 else ""))
    return lines
