"""Ablation over k x solver x keys.

For every data set and every configuration (k in --k, solver in --solvers,
keys in --keys) extract a target CheckList through the library and record the
number of templates, the cover, its proven bound and gap, the seconds, and --
with a gold (``--mcl``) -- strict and lenient template P/R/F1 (and, with
``--lang``, language-level P/R).  A configuration that raises (say ``--keys
align`` before it exists) is recorded with ``status=error`` and skipped with a
printed note.  ``k`` is a parameter of graph keys; it is passed to every key
method and recorded as given.

Writes into --out: ``ablate_k.csv`` (one row per data set and configuration),
``ablate_k_summary.csv`` (per configuration: sums, and macro means over data
sets), ``ablate_k.md`` and ``ablate_k.png``.

    python -m experiments.ablate_k --mcl --out results/ablate_k
    python -m experiments.ablate_k --instances my.instances.jsonl --k 1 2 3
"""

from __future__ import annotations

import itertools
import os
import sys
from collections import OrderedDict

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from experiments import common  # noqa: E402

ROW_COLUMNS = ["dataset", "keys", "k", "solver", "status", "templates", "cover", "greedy_cover",
               "bound", "gap", "optimal_groups", "groups", "seconds", "strict_P", "strict_R",
               "strict_F1", "lenient_P", "lenient_R", "lenient_F1", "lang_P", "lang_R",
               "error"]
SUMMARY_COLUMNS = ["keys", "k", "solver", "datasets", "errors", "templates", "cover", "bound",
                   "gap", "optimal_groups", "groups", "seconds", "strict_F1", "lenient_F1",
                   "lenient_P", "lenient_R", "lang_P", "lang_R"]


def run(argv=None) -> int:
    p = common.parser(__doc__.split("\n\n")[0], "ablate_k")
    p.add_argument("--k", nargs="+", type=int, default=None,
                   help="values of k (default 1 2 3 4; quick: 1 2)")
    p.add_argument("--solvers", nargs="+", default=["greedy", "ilp"], choices=["greedy", "ilp"])
    p.add_argument("--keys", nargs="+", default=["graph", "align"])
    p.add_argument("--lang", action="store_true",
                   help="also language-level P/R (slower: expands every template)")
    args = p.parse_args(argv)
    common.finish_args(args)
    if args.k is None:
        args.k = [1, 2] if args.quick else [1, 2, 3, 4]
    datasets = common.load_datasets(args)
    configs = list(itertools.product(args.keys, args.k, args.solvers))
    rows = []
    bar = common.progress(len(datasets) * len(configs), "ablate_k", args.no_progress)
    for ds in datasets:
        for keys, k, solver in configs:
            row = OrderedDict([("dataset", ds.name), ("keys", keys), ("k", k),
                               ("solver", solver)])
            try:
                opts = common.options(solver=solver, keys=keys, k=k, seed=args.seed,
                                      max_candidates=args.max_candidates,
                                      time_limit=args.time_limit)
                doc, secs = common.run_extract(ds.instances, opts)
                row["status"] = "ok"
                row.update(common.cost_summary(doc))
                row["seconds"] = round(secs, 3)
                row.update(common.score(doc, ds.gold, language=args.lang))
            except Exception as e:   # noqa: BLE001 - record, note, go on
                row["status"] = "error"
                row["error"] = "%s: %s" % (type(e).__name__, e)
                common.note("note: %s keys=%s k=%d solver=%s failed (%s); skipped"
                            % (ds.name, keys, k, solver, row["error"]), bar)
            rows.append(row)
            bar.update(1)
    bar.close()
    summary = summarize(rows, configs)
    common.ensure_dir(args.out)
    common.write_csv(os.path.join(args.out, "ablate_k.csv"), rows, ROW_COLUMNS)
    common.write_csv(os.path.join(args.out, "ablate_k_summary.csv"), summary, SUMMARY_COLUMNS)
    cols = [c for c in SUMMARY_COLUMNS if any(r.get(c) is not None for r in summary)]
    common.write_markdown(os.path.join(args.out, "ablate_k.md"), [
        ("k x solver x keys (%s; %d data sets, max-per-group %d, seed %d)"
         % ("MCL dev" if args.mcl else "instance files", len(datasets), args.max_per_group,
            args.seed), summary, cols)])
    plot(summary, os.path.join(args.out, "ablate_k.png"))
    print(common.markdown(summary, cols), end="")
    print("wrote %s" % args.out, file=sys.stderr)
    return 0


def summarize(rows, configs) -> list:
    out = []
    for keys, k, solver in configs:
        rs = [r for r in rows if (r["keys"], r["k"], r["solver"]) == (keys, k, solver)]
        ok = [r for r in rs if r["status"] == "ok"]
        s = OrderedDict([("keys", keys), ("k", k), ("solver", solver), ("datasets", len(ok)),
                         ("errors", len(rs) - len(ok))])
        for c in ("templates", "cover", "bound", "gap", "optimal_groups", "groups"):
            s[c] = sum(r[c] for r in ok) if ok else None
        s["seconds"] = round(sum(r["seconds"] for r in ok), 3) if ok else None
        for c in ("strict_F1", "lenient_F1", "lenient_P", "lenient_R", "lang_P", "lang_R"):
            s[c] = common.mean(r.get(c) for r in ok)   # macro over data sets
        out.append(s)
    return out


KEY_COLORS = {"graph": "tab:blue", "align": "tab:red"}


def plot(summary, path) -> None:
    plt = common.pyplot()
    if plt is None:
        return
    fig, axes = plt.subplots(1, 4, figsize=(17, 4))
    series = OrderedDict()
    for s in summary:
        if s["datasets"]:
            series.setdefault((s["keys"], s["solver"]), []).append(s)
    panels = [("templates", "templates (sum over data sets)", "templates"),
              ("lenient_F1", "lenient template F1 (macro)", "lenient F1 vs gold"),
              ("strict_F1", "strict template F1 (macro)", "strict F1 vs gold"),
              ("seconds", "seconds (sum)", "run time")]
    for n, (keys, solver) in enumerate(series):
        ss = series[(keys, solver)]
        ks = [s["k"] for s in ss]
        kw = dict(color=KEY_COLORS.get(keys, "C%d" % n),
                  linestyle="-" if solver == "ilp" else "--",
                  marker="o" if solver == "ilp" else "s",
                  alpha=1.0 if solver == "ilp" else 0.6, label="%s / %s" % (keys, solver))
        for ax, (col, _ylabel, _title) in zip(axes, panels):
            if any(s[col] is not None for s in ss):
                ax.plot(ks, [s[col] for s in ss], **kw)
    all_k = sorted({s["k"] for s in summary})
    for ax, (_col, ylabel, title) in zip(axes, panels):
        ax.set(xlabel="k", ylabel=ylabel, title=title)
        ax.set_xticks(all_k)
        ax.grid(alpha=0.3)
    if axes[0].lines:
        axes[0].legend(fontsize=8)
    common.save_figure(fig, path, "Ablation over k x solver x keys")


def main(argv=None) -> int:
    return common.main_wrapper(run, argv)


if __name__ == "__main__":
    sys.exit(main())
