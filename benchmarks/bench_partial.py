"""Budgeted and penalty covers: greedy vs CP-SAT on seeded random instances.

Same instance families as ``bench_cover.py`` (``uniform`` and ``planted``), with item
weights drawn from 1-4 (duplicate instances).  For each budget B: the covered weight of
greedy and of CP-SAT, the proven upper bound, the status, and the ratio exact/greedy;
then the penalty form (templates + p x uncovered weight) for a few p.  Prints tables,
makes no timing assertions.  Usage::

    python benchmarks/bench_partial.py [--time-limit 5] [--seeds 2]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_cover import planted, uniform  # noqa: E402

from tea_solver.cover import budget_cover, greedy_budget_cover, partial_cover  # noqa: E402
from tea_solver.cover.partial import greedy_partial_cover  # noqa: E402

FAMILIES = [("uniform", uniform, (100, 1_000, 0.05)), ("planted", planted, (300, 20, 3_000))]
BUDGETS = (3, 8, 15)
PENALTIES = (1, 3)   # p per unit of weight; templates cost 1 each


def table(rows: list) -> str:
    widths = [max(len(str(r[c])) for r in rows) for c in range(len(rows[0]))]
    return "\n".join("  ".join(str(v).rjust(w) for v, w in zip(r, widths)) for r in rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=5.0)
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args(argv)
    budget_rows = [("family", "seed", "B", "greedy", "ilp", "bound", "status", "ilp/greedy",
                    "given_up", "ilp_sec")]
    penalty_rows = [("family", "seed", "p", "greedy_obj", "ilp_obj", "bound", "status",
                     "templates", "uncovered_w", "ilp_sec")]
    for seed in range(args.seeds):
        for name, make, size in FAMILIES:
            problem = make(seed, *size)
            rng = random.Random(seed)
            weights = [rng.randint(1, 4) for _ in range(problem.n_items)]
            for b in BUDGETS:
                g = greedy_budget_cover(problem, weights, b)
                r = budget_cover(problem, weights, b, time_limit=args.time_limit, seed=seed)
                budget_rows.append((name, seed, b, g.objective, r.objective, r.bound, r.status,
                                    "%.3f" % (r.objective / max(g.objective, 1)), r.given_up,
                                    "%.2f" % r.seconds))
            for p in PENALTIES:
                pen = [p * w for w in weights]
                g = greedy_partial_cover(problem, pen)
                r = partial_cover(problem, pen, time_limit=args.time_limit, seed=seed)
                penalty_rows.append((name, seed, p, g.objective, r.objective, r.bound, r.status,
                                     r.size, r.given_up, "%.2f" % r.seconds))
    print("Budget form: covered weight with at most B sets (higher is better)\n")
    print(table(budget_rows))
    print("\nPenalty form: sets + p x uncovered weight (lower is better)\n")
    print(table(penalty_rows))
    print("\ntime limit %s deterministic units per solve; bound = proven bound on the "
          "objective" % args.time_limit)


if __name__ == "__main__":
    main()
