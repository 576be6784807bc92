"""Correctness of a CheckList against a reference CheckList.

Template level (as in the paper, one-to-one):
  Templates are compared within *groups*: when every template of both
  CheckLists has a ``source_template_id``, a group is one source template;
  otherwise the whole document is one group.  Within a group, a predicted and
  a reference template match

  * **leniently** when their canonical skeletons are equal
    (:func:`tea_solver.template.canonical`: lexicon names do not matter,
    cardinals, tuple indices and articles do, whitespace runs are collapsed);
  * **strictly** when, in addition, every canonical slot ``(lexicon, index)``
    takes the same *set* of values (for a tuple slot ``{key[i]}``, the set of
    i-th elements; values whitespace-collapsed).

  Matching is one-to-one: the number of matches in a group is the size of the
  multiset intersection of the two sides' keys (a maximum matching, since a
  match is an equality).  P = matches / predicted templates, R = matches /
  reference templates, summed over groups (micro).

Language level (over-generation):
  Each side's *language* in a group is the set of strings its templates
  generate (whitespace-collapsed; fields of multi-field templates joined with
  U+241E).  ``lang_P`` = share of predicted strings the reference templates
  generate (1 - over-generation), ``lang_R`` = share of reference strings the
  predicted templates generate, pooled over (group, string) pairs.  A template
  with more than ``cap`` instances is expanded to a seeded sample of ``cap``
  (``tea_solver.expand``'s sampling) and membership in its language is then
  decided exactly with :func:`tea_solver.template.generates`; the number of
  such templates is reported as ``capped``.
"""

from __future__ import annotations

from collections import Counter, OrderedDict

from tea_solver.expand import iter_expanded
from tea_solver.template import generates

from .base import LoadedChecklist, Metric, f1, norm_ws, ratio, register, sig, skeleton, value_sets

DEFAULT_CAP = 200000   # as shared/tools/mcl_bench.py
ALL = "*"


def groups_of(cl: LoadedChecklist, by_group: bool) -> "OrderedDict[str, list]":
    """Group key -> template indices (one group ``*`` when not ``by_group``)."""
    out: OrderedDict = OrderedDict()
    for i in range(len(cl.prepared)):
        out.setdefault(cl.group_of(i) if by_group else ALL, []).append(i)
    return out


class Language:
    """The strings a set of templates generates (capped expansion + exact check)."""

    def __init__(self, cl: LoadedChecklist, members: list, strings: dict, capped: set):
        self.templates = [cl.prepared[i] for i in members]
        self.strings: dict = {}            # normalized -> raw
        self.incomplete = []
        for i in members:
            tid = cl.prepared[i].id
            for raw in strings.get(tid, ()):
                self.strings.setdefault(norm_ws(raw), raw)
            if tid in capped:
                self.incomplete.append(cl.prepared[i])

    def __contains__(self, item: tuple) -> bool:
        normalized, raw = item
        if normalized in self.strings:
            return True
        return any(generates(p.template, p.values, raw) for p in self.incomplete)


def expansions(cl: LoadedChecklist, cap: int, seed: int = 0) -> tuple[dict, set]:
    """template id -> generated strings (sampled above ``cap``), and the capped ids."""
    strings: dict = {}
    for rec in iter_expanded(cl.doc, max_per_template=cap, seed=seed, path=cl.name):
        strings.setdefault(rec["template_id"], []).append(rec["source"])
    capped = {p.id for p in cl.prepared if p.size() > cap}
    return strings, capped


def compare(pred: LoadedChecklist, ref: LoadedChecklist, cap: int = DEFAULT_CAP,
            seed: int = 0, language: bool = True) -> dict:
    """Template and language-level counts and metrics of ``pred`` against ``ref``."""
    by_group = pred.all_grouped() and ref.all_grouped()
    pg, rg = groups_of(pred, by_group), groups_of(ref, by_group)
    if language:
        p_strings, p_capped = expansions(pred, cap, seed)
        r_strings, r_capped = expansions(ref, cap, seed)
    rows = []
    tot: Counter = Counter()
    for g in list(rg) + [g for g in pg if g not in rg]:
        pm, rm = pg.get(g, []), rg.get(g, [])
        psk = Counter(skeleton(pred.prepared[i]) for i in pm)
        rsk = Counter(skeleton(ref.prepared[i]) for i in rm)
        pst = Counter((skeleton(pred.prepared[i]), value_sets(pred.prepared[i])) for i in pm)
        rst = Counter((skeleton(ref.prepared[i]), value_sets(ref.prepared[i])) for i in rm)
        row = OrderedDict([("group", g), ("reference", len(rm)), ("predicted", len(pm)),
                           ("lenient_tp", sum((psk & rsk).values())),
                           ("strict_tp", sum((pst & rst).values()))])
        if language:
            P = Language(pred, pm, p_strings, p_capped)
            R = Language(ref, rm, r_strings, r_capped)
            row["pred_strings"] = len(P.strings)
            row["ref_strings"] = len(R.strings)
            row["pred_in_ref"] = sum(1 for s in P.strings.items() if s in R)
            row["ref_in_pred"] = sum(1 for s in R.strings.items() if s in P)
        rows.append(row)
        for k, v in row.items():
            if k != "group":
                tot[k] += v
    out = metrics_from_counts(tot)
    out["by_group"] = by_group
    out["capped"] = (len(p_capped) + len(r_capped)) if language else 0
    out["groups"] = rows
    return out


def metrics_from_counts(c) -> dict:
    lp, lr = ratio(c["lenient_tp"], c["predicted"]), ratio(c["lenient_tp"], c["reference"])
    sp, sr = ratio(c["strict_tp"], c["predicted"]), ratio(c["strict_tp"], c["reference"])
    out = OrderedDict([
        ("strict_P", sp), ("strict_R", sr), ("strict_F1", f1(sp, sr)),
        ("lenient_P", lp), ("lenient_R", lr), ("lenient_F1", f1(lp, lr)),
        ("count_ratio", ratio(c["predicted"], c["reference"]))])
    if "pred_strings" in c:
        out["lang_P"] = ratio(c["pred_in_ref"], c["pred_strings"])
        out["lang_R"] = ratio(c["ref_in_pred"], c["ref_strings"])
    out["counts"] = dict(c)
    return out


@register
class Correctness(Metric):
    """Template P/R (strict, lenient) and language-level P/R against a reference."""

    name = "correctness"
    needs_reference = True

    def __init__(self, cap: int = DEFAULT_CAP, seed: int = 0, language: bool = True):
        self.cap, self.seed, self.language = cap, seed, language

    def signature(self) -> str:
        return sig("correctness", match="one-to-one", group="source_template_id/document",
                   lang="yes" if self.language else "no", cap=self.cap, seed=self.seed)

    def score(self, cl: LoadedChecklist, reference: LoadedChecklist | None = None) -> dict:
        if reference is None:
            raise ValueError("correctness needs a reference CheckList")
        res = compare(cl, reference, self.cap, self.seed, self.language)
        keys = ["strict_P", "strict_R", "strict_F1", "lenient_P", "lenient_R", "lenient_F1"]
        if self.language:
            keys += ["lang_P", "lang_R"]
        summary = OrderedDict((k, res[k]) for k in keys)
        return {"summary": summary, "counts": res["counts"], "by_group": res["by_group"],
                "capped_templates": res["capped"], "groups": res["groups"]}
