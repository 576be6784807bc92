"""Cost of the solve, read from the ``report`` of a target CheckList (SPEC §4).

Per group (source template): the templates chosen, the greedy cover size, the
solver's status, the proven lower bound, the gap and the seconds.  ``gap`` is
``templates - lower_bound`` (0 means proven optimal) and ``rel_gap`` is
``gap / templates``.  Cover sizes are taken before the support filter
(``cover_size``) when the report has it, since that is what the solver
optimised; ``templates`` (after the filter) is reported as well.

Summary columns: ``groups``, ``greedy`` (sum of greedy cover sizes),
``cover`` (sum of the chosen cover sizes), ``bound`` (sum of lower bounds),
``gap`` (cover - bound), ``optimal`` (groups with status OPTIMAL),
``seconds`` (sum), ``templates_per_group`` (mean cover size).  A CheckList
without a report (a human-made one) has no cost: its row is empty.
"""

from __future__ import annotations

from collections import Counter, OrderedDict

from .base import LoadedChecklist, Metric, register, sig


def _num(x):
    return x if isinstance(x, (int, float)) and not isinstance(x, bool) else None


def group_rows(report: dict) -> list:
    rows = []
    for g in report.get("groups") or []:
        if not isinstance(g, dict):
            continue
        cover = _num(g.get("cover_size"))
        templates = _num(g.get("templates"))
        size = cover if cover is not None else templates
        lb = _num(g.get("lower_bound"))
        gap = size - lb if size is not None and lb is not None else None
        rows.append(OrderedDict([
            ("group", g.get("template_id")), ("instances", _num(g.get("instances"))),
            ("solver", g.get("solver")), ("status", g.get("status")),
            ("greedy", _num(g.get("greedy_templates"))), ("cover", size),
            ("templates", templates), ("lower_bound", lb), ("gap", gap),
            ("rel_gap", gap / size if gap is not None and size else
             (0.0 if gap == 0 else None)),
            ("seconds", _num(g.get("seconds")))]))
    return rows


def summarize(rows: list) -> OrderedDict:
    def total(key):
        vals = [r[key] for r in rows if r[key] is not None]
        return sum(vals) if vals else None

    statuses = Counter(r["status"] for r in rows)
    cover = total("cover")
    bound = total("lower_bound")
    return OrderedDict([
        ("groups", len(rows)), ("greedy", total("greedy")), ("cover", cover),
        ("bound", bound),
        ("gap", cover - bound if cover is not None and bound is not None else None),
        ("optimal", statuses.get("OPTIMAL", 0)),
        ("seconds", round(total("seconds"), 3) if total("seconds") is not None else None),
        ("templates_per_group", cover / len(rows) if rows and cover is not None else None)])


@register
class Cost(Metric):
    """Solver statistics of a target CheckList (``report.groups``)."""

    name = "cost"

    def signature(self) -> str:
        return sig("cost", source="report.groups", gap="cover-lower_bound")

    def score(self, cl: LoadedChecklist, reference: LoadedChecklist | None = None) -> dict:
        report = cl.doc.get("report")
        if not isinstance(report, dict) or not report.get("groups"):
            return {"summary": OrderedDict(), "groups": [], "settings": None}
        rows = group_rows(report)
        settings = report.get("settings") if isinstance(report.get("settings"), dict) else None
        summary = summarize(rows)
        solvers = sorted({str(r["solver"]) for r in rows if r["solver"]})
        summary["solver"] = ",".join(solvers) or None
        summary.move_to_end("solver", last=False)
        return {"summary": summary, "groups": rows, "settings": settings,
                "statuses": dict(Counter(r["status"] for r in rows))}
