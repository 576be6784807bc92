"""Ablation over the support threshold, on clean and on noisy input.

For every data set and noise rate (``--noise``; 0 = clean; see
``experiments/noise.py`` for the operations), and every threshold -- absolute
(``--abs``: min-support N) and relative to the group size (``--rel``: r ->
min-support max(1, ceil(r * group size)), per source template) -- extract a
target CheckList and count:

  templates         templates kept
  noise_templates   kept templates whose skeleton the clean run (same
                    configuration, no threshold) does not have: templates that
                    exist only because of the noise (multiset excess, per group)
  correct           kept templates that match a *correct* template leniently:
                    the gold's (``--mcl``), else the clean run's
  correct_lost      correct templates of the clean run without threshold that
                    this run no longer has (what the threshold costs)
  coverage_clean    share of the clean instances a kept template generates
  coverage_noisy    share of the corrupted instances a kept template still
                    generates (noise that survived)
  strict/lenient P R (with a gold)

The cover does not depend on the threshold, so each (data set, noise rate) is
extracted once without threshold and every threshold is then applied to that
cover with the extractor's own filter (``tea_solver.support.filter_by_support``:
templates below the threshold are dropped weakest first and their instances
re-assigned); coverage sets are the templates' languages over the group's
distinct targets (:class:`experiments.common.SupportFilter`), which equals
``extract --min-support N`` (a test checks this) up to ties in the assignment.
Writes ``ablate_support.csv`` (per data set), ``ablate_support_summary.csv``
(summed over data sets), ``ablate_support.md`` and ``ablate_support.png``.

    python -m experiments.ablate_support --mcl --out results/ablate_support
    python -m experiments.ablate_support --instances my.jsonl --noise 0 0.1 0.3
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter, OrderedDict
from dataclasses import replace

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from experiments import common, noise  # noqa: E402
from tea_solver.template import canonical, parse_template  # noqa: E402

ROW_COLUMNS = ["dataset", "noise", "kind", "threshold", "templates", "noise_templates",
               "correct", "correct_lost", "coverage_clean", "coverage_noisy",
               "noisy_instances", "instances", "strict_P", "strict_R", "lenient_P",
               "lenient_R", "lenient_F1", "seconds"]
SUMMARY_COLUMNS = ["noise", "kind", "threshold", "templates", "noise_templates", "correct",
                   "correct_lost", "coverage_clean", "coverage_noisy", "lenient_P",
                   "lenient_R", "lenient_F1"]


def skeletons_by_group(templates) -> dict:
    out: dict = {}
    for t in templates:
        out.setdefault(t["source_template_id"], Counter())[canonical(
            parse_template(t["template"]))] += 1
    return out


def excess(pred: dict, ref: dict) -> int:
    """Templates of ``pred`` not matched one-to-one by ``ref`` (per group)."""
    return sum(sum((c - ref.get(g, Counter())).values()) for g, c in pred.items())


def matched(pred: dict, ref: dict) -> int:
    return sum(sum((c & ref.get(g, Counter())).values()) for g, c in pred.items())


def run(argv=None) -> int:
    p = common.parser(__doc__.split("\n\n")[0], "ablate_support")
    p.add_argument("--abs", nargs="+", type=int, default=[1, 2, 3, 5, 10],
                   help="absolute thresholds (min-support)")
    p.add_argument("--rel", nargs="+", type=float, default=[0.01, 0.02, 0.05, 0.1],
                   help="thresholds relative to the group size")
    p.add_argument("--noise", nargs="+", type=float, default=[0.0, 0.1, 0.2],
                   help="noise rates (share of instances corrupted once)")
    p.add_argument("--ops", nargs="+", default=list(noise.OPS), choices=noise.OPS)
    p.add_argument("--solver", default="ilp", choices=["ilp", "greedy"])
    p.add_argument("--keys", default="graph")
    p.add_argument("--k", type=int, default=2)
    args = p.parse_args(argv)
    common.finish_args(args)
    if args.quick and args.noise == [0.0, 0.1, 0.2]:
        args.noise = [0.0, 0.1]
    if args.quick and args.abs == [1, 2, 3, 5, 10]:
        args.abs = [1, 2, 5]
    if args.quick and args.rel == [0.01, 0.02, 0.05, 0.1]:
        args.rel = [0.05, 0.1]
    thresholds = [("abs", a) for a in args.abs] + [("rel", r) for r in args.rel]
    datasets = common.load_datasets(args)
    opts = common.options(solver=args.solver, keys=args.keys, k=args.k, seed=args.seed,
                          max_candidates=args.max_candidates, time_limit=args.time_limit)
    rows = []
    bar = common.progress(len(datasets) * len(args.noise), "ablate_support", args.no_progress)
    for ds in datasets:
        clean_doc = None
        for rate in sorted(args.noise, key=lambda r: r != 0):    # the clean run first
            t0 = time.perf_counter()
            insts, noisy_ids, _ = noise.add_noise(ds.instances, rate, args.seed, ds.name,
                                                  args.ops)
            doc, _ = common.run_extract(insts, replace(opts, min_support=1))
            if clean_doc is None:
                clean_doc = doc if rate == 0 else common.run_extract(
                    ds.instances, replace(opts, min_support=1))[0]
            clean_sk = skeletons_by_group(clean_doc["templates"])
            correct_ref = (skeletons_by_group(ds.gold.templates) if ds.gold is not None
                           else clean_sk)
            correct_clean = matched(clean_sk, correct_ref)
            filt = common.SupportFilter(doc, insts)
            for kind, value in thresholds:
                thr = (lambda n, v=value: v) if kind == "abs" else \
                    common.relative_threshold(value)
                kept_doc, covered = filt.apply(thr)
                sk = skeletons_by_group(kept_doc["templates"])
                row = OrderedDict([("dataset", ds.name), ("noise", rate), ("kind", kind),
                                   ("threshold", value),
                                   ("templates", len(kept_doc["templates"])),
                                   ("noise_templates", excess(sk, clean_sk)),
                                   ("correct", matched(sk, correct_ref))])
                row["correct_lost"] = correct_clean - row["correct"]
                n_clean = len(insts) - len(noisy_ids)
                row["coverage_clean"] = (sum(1 for i in covered if i not in noisy_ids)
                                         / n_clean if n_clean else None)
                row["coverage_noisy"] = (sum(1 for i in covered if i in noisy_ids)
                                         / len(noisy_ids) if noisy_ids else None)
                row["noisy_instances"] = len(noisy_ids)
                row["instances"] = len(insts)
                row.update({k: v for k, v in common.score(kept_doc, ds.gold).items()
                            if k in ROW_COLUMNS})
                row["seconds"] = None
                rows.append(row)
            for row in rows[-len(thresholds):]:
                row["seconds"] = round(time.perf_counter() - t0, 3)
            bar.update(1)
    bar.close()
    summary = summarize(rows, args.noise, thresholds)
    common.ensure_dir(args.out)
    common.write_csv(os.path.join(args.out, "ablate_support.csv"), rows, ROW_COLUMNS)
    common.write_csv(os.path.join(args.out, "ablate_support_summary.csv"), summary,
                     SUMMARY_COLUMNS)
    cols = [c for c in SUMMARY_COLUMNS if any(r.get(c) is not None for r in summary)]
    common.write_markdown(os.path.join(args.out, "ablate_support.md"), [
        ("support threshold x noise (%s; %d data sets, %s/%s k=%d, max-per-group %d, seed %d)"
         % ("MCL dev" if args.mcl else "instance files", len(datasets), args.keys,
            args.solver, args.k, args.max_per_group, args.seed), summary, cols)])
    plot(summary, args.noise, os.path.join(args.out, "ablate_support.png"))
    print(common.markdown(summary, cols), end="")
    print("wrote %s" % args.out, file=sys.stderr)
    return 0


def summarize(rows, rates, thresholds) -> list:
    out = []
    for rate in rates:
        for kind, value in thresholds:
            rs = [r for r in rows if (r["noise"], r["kind"], r["threshold"]) == (rate, kind,
                                                                                 value)]
            s = OrderedDict([("noise", rate), ("kind", kind), ("threshold", value)])
            for c in ("templates", "noise_templates", "correct", "correct_lost"):
                s[c] = sum(r[c] for r in rs)
            for c in ("coverage_clean", "coverage_noisy", "lenient_P", "lenient_R",
                      "lenient_F1"):
                s[c] = common.mean(r.get(c) for r in rs)
            out.append(s)
    return out


def plot(summary, rates, path) -> None:
    plt = common.pyplot()
    if plt is None:
        return
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.5))
    for row, kind in enumerate(("abs", "rel")):
        for n, rate in enumerate(rates):
            ss = [s for s in summary if s["kind"] == kind and s["noise"] == rate]
            if not ss:
                continue
            xs = [s["threshold"] for s in ss]
            axes[row][0].plot(xs, [s["noise_templates"] for s in ss], "-o", color="C%d" % n,
                              label="noise %.2f" % rate)
            axes[row][1].plot(xs, [s["correct_lost"] for s in ss], "--s", color="C%d" % n,
                              label="noise %.2f" % rate)
        what = "min-support (absolute)" if kind == "abs" else "min-support / group size"
        axes[row][0].set(xlabel=what, ylabel="noise templates kept",
                         title="noisy templates that survive (%s)" % kind)
        axes[row][1].set(xlabel=what, ylabel="correct templates lost",
                         title="correct templates lost (%s)" % kind)
        for ax in axes[row]:
            ax.grid(alpha=0.3)
            if ax.lines:
                ax.legend(fontsize=8)
            if kind == "abs":
                ax.set_xscale("log")
                ax.set_xticks(sorted({s["threshold"] for s in summary if s["kind"] == "abs"}))
                ax.get_xaxis().set_major_formatter(
                    __import__("matplotlib").ticker.ScalarFormatter())
    common.save_figure(fig, path, "Support threshold on clean and noisy translations")


def main(argv=None) -> int:
    return common.main_wrapper(run, argv)


if __name__ == "__main__":
    sys.exit(main())
