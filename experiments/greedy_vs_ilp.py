"""Greedy (the paper) vs exact ILP (CP-SAT): cover sizes, optimality gap, run time.

For every data set, extract with ``--solver greedy`` and with ``--solver ilp``
(same keys, k, seed) and record per group (source template): the two cover
sizes, the ILP's status and proven lower bound, the gap (ILP cover - bound; 0
when proven optimal), greedy - ILP, and both solvers' seconds; per data set,
the sums and -- with a gold (``--mcl``) -- both solvers' template F1.

Writes ``greedy_vs_ilp_groups.csv``, ``greedy_vs_ilp.csv`` (per data set),
``greedy_vs_ilp_dist.csv`` (how many groups have each greedy - ILP
difference and each gap), ``greedy_vs_ilp.md`` and ``greedy_vs_ilp.png``
(distribution of cover sizes, of greedy - ILP, of the gap, and run time).

    python -m experiments.greedy_vs_ilp --mcl --out results/greedy_vs_ilp
    python -m experiments.greedy_vs_ilp --instances my.instances.jsonl
"""

from __future__ import annotations

import os
import sys
from collections import Counter, OrderedDict

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from experiments import common  # noqa: E402

GROUP_COLUMNS = ["dataset", "group", "instances", "greedy", "ilp", "lower_bound", "status",
                 "gap", "greedy_minus_ilp", "greedy_seconds", "ilp_seconds"]
DATASET_COLUMNS = ["dataset", "groups", "greedy", "ilp", "bound", "gap", "optimal_groups",
                   "greedy_better_groups", "ilp_better_groups", "greedy_seconds",
                   "ilp_seconds", "greedy_lenient_F1", "ilp_lenient_F1", "greedy_strict_F1",
                   "ilp_strict_F1"]


def cover_size(g: dict) -> int:
    return g.get("cover_size", g["templates"])


def run(argv=None) -> int:
    p = common.parser(__doc__.split("\n\n")[0], "greedy_vs_ilp")
    p.add_argument("--keys", default="graph")
    p.add_argument("--k", type=int, default=2)
    args = p.parse_args(argv)
    common.finish_args(args)
    datasets = common.load_datasets(args)
    groups, per_ds = [], []
    bar = common.progress(2 * len(datasets), "greedy_vs_ilp", args.no_progress)
    for ds in datasets:
        docs = {}
        for solver in ("greedy", "ilp"):
            opts = common.options(solver=solver, keys=args.keys, k=args.k, seed=args.seed,
                                  max_candidates=args.max_candidates,
                                  time_limit=args.time_limit)
            docs[solver], _ = common.run_extract(ds.instances, opts)
            bar.update(1)
        g_rep = {g["template_id"]: g for g in docs["greedy"]["report"]["groups"]}
        rows = []
        for ig in docs["ilp"]["report"]["groups"]:
            gg = g_rep[ig["template_id"]]
            row = OrderedDict([
                ("dataset", ds.name), ("group", ig["template_id"]),
                ("instances", ig["instances"]), ("greedy", cover_size(gg)),
                ("ilp", cover_size(ig)), ("lower_bound", ig["lower_bound"]),
                ("status", ig["status"]), ("gap", cover_size(ig) - ig["lower_bound"]),
                ("greedy_minus_ilp", cover_size(gg) - cover_size(ig)),
                ("greedy_seconds", gg["seconds"]), ("ilp_seconds", ig["seconds"])])
            rows.append(row)
        groups.extend(rows)
        d = OrderedDict([("dataset", ds.name), ("groups", len(rows)),
                         ("greedy", sum(r["greedy"] for r in rows)),
                         ("ilp", sum(r["ilp"] for r in rows)),
                         ("bound", sum(r["lower_bound"] for r in rows)),
                         ("gap", sum(r["gap"] for r in rows)),
                         ("optimal_groups", sum(r["status"] == "OPTIMAL" for r in rows)),
                         ("greedy_better_groups", sum(r["greedy_minus_ilp"] < 0 for r in rows)),
                         ("ilp_better_groups", sum(r["greedy_minus_ilp"] > 0 for r in rows)),
                         ("greedy_seconds", round(sum(r["greedy_seconds"] for r in rows), 3)),
                         ("ilp_seconds", round(sum(r["ilp_seconds"] for r in rows), 3))])
        if ds.gold is not None:
            for solver in ("greedy", "ilp"):
                sc = common.score(docs[solver], ds.gold)
                d["%s_lenient_F1" % solver] = sc["lenient_F1"]
                d["%s_strict_F1" % solver] = sc["strict_F1"]
        per_ds.append(d)
    bar.close()
    total = OrderedDict([("dataset", "all")])
    for c in DATASET_COLUMNS[1:]:
        vals = [d.get(c) for d in per_ds if d.get(c) is not None]
        if not vals:
            total[c] = None
        elif c.endswith("_F1"):
            total[c] = common.mean(vals)                      # macro over data sets
        else:
            total[c] = round(sum(vals), 3) if isinstance(vals[0], float) else sum(vals)
    per_ds.append(total)
    dist = distribution(groups)

    common.ensure_dir(args.out)
    common.write_csv(os.path.join(args.out, "greedy_vs_ilp_groups.csv"), groups, GROUP_COLUMNS)
    common.write_csv(os.path.join(args.out, "greedy_vs_ilp.csv"), per_ds, DATASET_COLUMNS)
    common.write_csv(os.path.join(args.out, "greedy_vs_ilp_dist.csv"), dist)
    cols = [c for c in DATASET_COLUMNS if any(r.get(c) is not None for r in per_ds)]
    common.write_markdown(os.path.join(args.out, "greedy_vs_ilp.md"), [
        ("greedy vs ILP per data set (%s; %s keys, k=%d, max-per-group %d, seed %d)"
         % ("MCL dev" if args.mcl else "instance files", args.keys, args.k,
            args.max_per_group, args.seed), per_ds, cols),
        ("groups by greedy - ILP and by gap", dist, None)])
    plot(groups, os.path.join(args.out, "greedy_vs_ilp.png"))
    print(common.markdown(per_ds, cols), end="")
    print(common.markdown(dist), end="")
    print("wrote %s" % args.out, file=sys.stderr)
    return 0


def distribution(groups) -> list:
    diff = Counter(r["greedy_minus_ilp"] for r in groups)
    gap = Counter(r["gap"] for r in groups)
    out = []
    for v in sorted(set(diff) | set(gap)):
        out.append(OrderedDict([("value", v), ("groups_with_greedy_minus_ilp", diff.get(v, 0)),
                                ("groups_with_gap", gap.get(v, 0))]))
    return out


def plot(groups, path) -> None:
    plt = common.pyplot()
    if plt is None or not groups:
        return
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    sizes = sorted({r["greedy"] for r in groups} | {r["ilp"] for r in groups})
    g_counts = Counter(r["greedy"] for r in groups)
    i_counts = Counter(r["ilp"] for r in groups)
    xs = range(len(sizes))
    axes[0][0].bar([x - 0.2 for x in xs], [g_counts[s] for s in sizes], 0.4, label="greedy")
    axes[0][0].bar([x + 0.2 for x in xs], [i_counts[s] for s in sizes], 0.4, label="ILP")
    axes[0][0].set_xticks(list(xs), [str(s) for s in sizes])
    axes[0][0].set(xlabel="templates per group (cover size)", ylabel="groups",
                   title="cover sizes")
    axes[0][0].legend()
    d = Counter(r["greedy_minus_ilp"] for r in groups)
    axes[0][1].bar([str(v) for v in sorted(d)], [d[v] for v in sorted(d)], color="C2")
    axes[0][1].set(xlabel="greedy - ILP (templates)", ylabel="groups",
                   title="how much larger the greedy cover is")
    gp = Counter(r["gap"] for r in groups)
    axes[1][0].bar([str(v) for v in sorted(gp)], [gp[v] for v in sorted(gp)], color="C3")
    axes[1][0].set(xlabel="ILP cover - proven lower bound", ylabel="groups",
                   title="optimality gap (0 = proven optimal)")
    gs = [max(r["greedy_seconds"], 1e-3) for r in groups]
    ilps = [max(r["ilp_seconds"], 1e-3) for r in groups]
    axes[1][1].scatter(gs, ilps, s=12, alpha=0.6)
    lo, hi = min(gs + ilps), max(gs + ilps)
    axes[1][1].plot([lo, hi], [lo, hi], "k--", lw=0.8, label="equal time")
    axes[1][1].set(xscale="log", yscale="log", xlabel="greedy run seconds (per group)",
                   ylabel="ILP run seconds (per group)", title="run time per group")
    axes[1][1].legend()
    for ax in axes.flat:
        ax.grid(alpha=0.3)
    common.save_figure(fig, path, "Greedy vs exact ILP (%d groups)" % len(groups))


def main(argv=None) -> int:
    return common.main_wrapper(run, argv)


if __name__ == "__main__":
    sys.exit(main())
