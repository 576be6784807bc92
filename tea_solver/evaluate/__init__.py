"""Evaluation harness: compare CheckLists on diversity, correctness, utility, cost.

From Python::

    from tea_solver.evaluate import evaluate, PredictionsFile
    record = evaluate(["ilp.json", "greedy.json"], reference="human.json",
                      predictor=PredictionsFile("preds.jsonl"))
    record["tables"]["summary"]          # (columns, rows)

From the command line (``tea-solver evaluate``) through :func:`run_evaluate`,
which prints the summary table and writes every table as CSV, all of them as
Markdown (``tables.md``) and the full record as ``evaluation.json`` into
``out_dir``.

Metric families (a registry, :data:`METRICS`, in the spirit of sacrebleu: each
family has a signature recording every parameter that changes its numbers):

========================  ==============================================  ==========
family                    columns                                         needs
========================  ==============================================  ==========
``diversity``             templates, lexicon_values, CT-BLEU, ...         --
``correctness``           strict/lenient P R F1, lang_P, lang_R           reference
``utility``               FR (macro over capabilities), FR_micro,         a model or
                          FR-diff vs the reference (or the first          predictions
                          CheckList)
``cost``                  greedy, cover, bound, gap, optimal, seconds     ``report``
``verification``          kept, edited, deleted, added, edit_rate         ``verified``
========================  ==============================================  ==========

With ``verified`` (``--verified VER.json``, written by ``review import``) the verified
CheckList is the reference, so correctness is the paper's TEA vs VER template P/R and
FR-diff is against VER; the ``verification`` family counts what the verifier changed.

Definitions are in each module's docstring (CT-BLEU: :mod:`.diversity`).
A reference may be a CheckList or a MultiCheckList gold file written by
``shared/tools/mcl_bench.py gen`` (``mcl-bench-gold/1``), converted on load.
"""

from __future__ import annotations

import os
import sys
from collections import OrderedDict
from typing import Any, Sequence

from tea_solver.errors import InputError, one_line

from .base import (METRICS, LoadedChecklist, Metric, from_doc, load, mcl_gold_to_checklist,
                   register, unique_names)
from .correctness import DEFAULT_CAP, Correctness, compare
from .cost import Cost
from .diversity import Diversity, cross_bleu, ct_bleu, skeleton_string
from .tables import columns_of, markdown, write_tables
from .verification import Verification, verification_counts
from .utility import (DEFAULT_MAX_PER_TEMPLATE, PipelinePredictor, PredictionsFile, Predictor,
                      Utility, failure_rates, fr_diff, label_to_int, parse_label_map)

__all__ = [
    "METRICS", "Correctness", "Cost", "Diversity", "LoadedChecklist", "Metric",
    "PipelinePredictor", "PredictionsFile", "Predictor", "Utility", "Verification",
    "compare", "cross_bleu",
    "ct_bleu", "evaluate", "failure_rates", "fr_diff", "from_doc", "label_to_int", "load",
    "mcl_gold_to_checklist", "parse_label_map", "register", "run_evaluate",
    "skeleton_string", "verification_counts",
]

SUMMARY_FIRST = ["checklist", "role", "lang"]
#: Columns of the summary printed by ``tea-solver evaluate`` (all are in the files).
PRINTED = ["checklist", "role", "templates", "lexicon_values", "CT-BLEU", "strict_P",
           "strict_R", "lenient_P", "lenient_R", "lang_P", "lang_R", "FR", "FR-diff",
           "greedy", "cover", "bound", "gap", "optimal", "seconds", "edited", "deleted",
           "edit_rate"]


def _as_loaded(items: Sequence[Any], names: Sequence[str] | None = None) -> list:
    out = []
    labels = list(names) if names else [None] * len(items)
    for item, label in zip(items, labels):
        if isinstance(item, LoadedChecklist):
            out.append(item)
        elif isinstance(item, dict):
            out.append(from_doc(item, label or "checklist%d" % (len(out) + 1)))
        else:
            out.append(load(item, label))
    if not names:
        for cl, n in zip(out, unique_names([cl.name for cl in out])):
            cl.name = n
    return out


def evaluate(checklists: Sequence[Any], reference: Any = None, *,
             predictor: Predictor | None = None, names: Sequence[str] | None = None,
             max_per_template: int | None = DEFAULT_MAX_PER_TEMPLATE, seed: int = 0,
             label_map: Any = None, cap: int = DEFAULT_CAP, language: bool = True,
             ct_bleu_scope: str = "document", ct_bleu_tokenize: str | None = None,
             progress: bool = False, verified: Any = None) -> dict:
    """Score CheckLists (paths, documents or :class:`LoadedChecklist`).

    ``verified``: the verified version of the CheckLists (``review import``); it becomes
    the reference and adds the ``verification`` family (edits, deletions).

    Returns the JSON record: per CheckList every family's result, the
    signatures, FR-diffs, and ``tables`` (name -> (columns, rows)).
    """
    if not checklists:
        raise InputError("evaluate needs at least one CheckList")
    cls = _as_loaded(list(checklists), names)
    if verified is not None:
        if reference is not None:
            raise InputError("give --reference or --verified, not both")
        reference = verified
    ref = None
    if reference is not None:
        ref = _as_loaded([reference])[0]
        if ref.name in {c.name for c in cls}:
            ref.name += " (reference)"
    families: list[Metric] = [Diversity(ct_bleu_scope, ct_bleu_tokenize)]
    if ref is not None:
        families.append(Correctness(cap=cap, seed=seed, language=language))
    if predictor is not None:
        families.append(Utility(predictor, max_per_template, seed, label_map))
    families.append(Cost())
    if verified is not None:
        families.append(Verification())

    entries = [(cl, "") for cl in cls] + ([(ref, "reference")] if ref is not None else [])
    results = []
    for cl, role in entries:
        if progress:
            print("evaluate: %s" % cl.name, file=sys.stderr)
        res = OrderedDict([("name", cl.name), ("role", role or "checklist"),
                           ("path", cl.path), ("lang", cl.lang)])
        for fam in families:
            if fam.needs_reference and role == "reference":
                continue
            res[fam.name] = fam.score(cl, ref)
        results.append(res)

    # FR-diff against the reference, else against the first CheckList
    diffs = []
    if predictor is not None:
        base = results[-1] if ref is not None else results[0]
        for res in results:
            if res is base:
                continue
            d = fr_diff(res["utility"], base["utility"])
            d.update({"checklist": res["name"], "baseline": base["name"]})
            diffs.append(d)
            res["utility"]["summary"]["FR-diff"] = d["FR-diff"]
            res["utility"]["summary"]["|FR-diff|"] = d["|FR-diff|"]

    record = OrderedDict([
        ("tool", "tea-solver evaluate"),
        ("signatures", OrderedDict((f.name, f.signature()) for f in families)),
        ("reference", ref.name if ref is not None else None),
        ("checklists", results), ("fr_diff", diffs)])
    record["tables"] = build_tables(results, diffs)
    return record


def build_tables(results: list, diffs: list) -> "OrderedDict[str, tuple]":
    """The record's tables: name -> (columns, rows)."""
    summary = []
    for res in results:
        row = OrderedDict([("checklist", res["name"]),
                           ("role", "" if res["role"] == "checklist" else res["role"]),
                           ("lang", res["lang"])])
        for fam in ("diversity", "correctness", "utility", "cost", "verification"):
            if fam in res:
                row.update(res[fam]["summary"])
        summary.append(row)
    tables: OrderedDict = OrderedDict()
    tables["summary"] = (columns_of(summary, SUMMARY_FIRST), summary)
    corr = [OrderedDict([("checklist", r["name"])] + list(g.items()))
            for r in results if "correctness" in r for g in r["correctness"]["groups"]]
    if corr:
        tables["correctness_by_group"] = (columns_of(corr), corr)
    fr = []
    diff_of = {d["checklist"]: d for d in diffs}
    for r in results:
        if "utility" not in r:
            continue
        d = diff_of.get(r["name"], {}).get("per_capability", {})
        for cap, v in r["utility"]["capabilities"].items():
            fr.append(OrderedDict([("checklist", r["name"]), ("capability", cap),
                                   ("tests", v["tests"]), ("failures", v["failures"]),
                                   ("FR", v["FR"]), ("FR-diff", d.get(cap))]))
    if fr:
        tables["fr_by_capability"] = (columns_of(fr), fr)
    cost = [OrderedDict([("checklist", r["name"])] + list(g.items()))
            for r in results if "cost" in r for g in r["cost"]["groups"]]
    if cost:
        tables["cost_by_group"] = (columns_of(cost), cost)
    return tables


def run_evaluate(checklists: Sequence[str], reference: str | None = None,
                 out_dir: str | None = None, *, predictions: str | None = None,
                 model: str | None = None, label_map: str | None = None,
                 max_per_template: int | None = DEFAULT_MAX_PER_TEMPLATE, seed: int = 0,
                 cap: int = DEFAULT_CAP, ct_bleu_scope: str = "document",
                 ct_bleu_tokenize: str | None = None, batch_size: int = 32,
                 device: Any = None, out=None, verified: str | None = None) -> int:
    """``tea-solver evaluate``: print the summary table, write the tables; exit status.

    Raises :class:`InputError` for bad input (the CLI prints it, exit 2).
    """
    out = out or sys.stdout
    if predictions and model:
        raise InputError("give --predictions or --model, not both")
    predictor: Predictor | None = None
    if predictions:
        predictor = PredictionsFile(predictions, label_map)
    elif model:
        predictor = PipelinePredictor(model, label_map, batch_size=batch_size, device=device)
    record = evaluate(checklists, reference, predictor=predictor,
                      max_per_template=max_per_template, seed=seed, label_map=label_map,
                      cap=cap, ct_bleu_scope=ct_bleu_scope, ct_bleu_tokenize=ct_bleu_tokenize,
                      verified=verified)
    columns, rows = record["tables"]["summary"]
    print(markdown(rows, [c for c in PRINTED if c in columns]), file=out, end="")
    for name, s in record["signatures"].items():
        print("%s: %s" % (name, s), file=out)
    if out_dir:
        inputs = [*checklists, reference, predictions]
        written = write_tables(out_dir, record["tables"], _json_record(record),
                               title="tea-solver evaluate",
                               inputs=[p for p in inputs if isinstance(p, (str, os.PathLike))])
        print(one_line("wrote %d files to %s" % (len(written), out_dir)), file=sys.stderr)
    return 0


def _json_record(record: dict) -> dict:
    """The record without the (CSV-duplicated) tables, ready for JSON."""
    return OrderedDict((k, v) for k, v in record.items() if k != "tables")
