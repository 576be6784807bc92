"""Greedy vs exact ILP set cover on seeded random instances: sizes, bounds, seconds.

Two families:

* ``uniform``  -- every set takes each item independently with probability ``density``;
  hard for exact solvers, greedy is usually close.
* ``planted``  -- items fall into ``blocks`` hidden templates (so the optimum is at most
  ``blocks``), plus many random subsets of blocks (what the reduction removes) and a few
  decoys that mix halves of three blocks and so are larger than a block (greedy takes
  them first).  This is the shape of a TEA group: few general templates, many specific
  ones, some misleading ones.

Prints a table; makes no timing assertions.  Usage::

    python benchmarks/bench_cover.py [--time-limit 5] [--seeds 2] [--workers 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tea_solver.cover import CoverProblem, greedy_cover, ilp_cover  # noqa: E402

UNIFORM = [(40, 120, 0.15), (100, 1_000, 0.05), (300, 5_000, 0.02), (300, 50_000, 0.01)]
PLANTED = [(60, 6, 300), (300, 20, 3_000), (1_000, 40, 20_000)]
DECOY_SHARE = 0.02
COLUMNS = ("family", "items", "sets", "seed", "reduced", "greedy", "g_sec",
           "ilp", "status", "lb", "ilp_sec", "greedy/ilp")


def uniform(seed: int, n_items: int, n_sets: int, density: float) -> CoverProblem:
    rng = random.Random(seed)
    sets = [sum(1 << i for i in range(n_items) if rng.random() < density) for _ in range(n_sets)]
    return CoverProblem(n_items, sets, tuple(rng.randrange(100) for _ in sets))


def planted(seed: int, n_items: int, n_blocks: int, n_sets: int) -> CoverProblem:
    rng = random.Random(seed)
    blocks = _partition(rng, n_items, n_blocks)
    sets = list(blocks)
    while len(sets) < n_sets:
        if rng.random() < DECOY_SHARE:
            sets.append(_decoy(rng, blocks))
        else:
            sets.append(_sample(rng, rng.choice(blocks), rng.uniform(0.1, 0.9)))
    rng.shuffle(sets)
    return CoverProblem(n_items, sets, tuple(rng.randrange(100) for _ in sets))


def _partition(rng: random.Random, n_items: int, n_blocks: int) -> list[int]:
    blocks = [0] * n_blocks
    for item in range(n_items):
        blocks[item % n_blocks if item < n_blocks else rng.randrange(n_blocks)] |= 1 << item
    return blocks


def _sample(rng: random.Random, bits: int, keep: float) -> int:
    items = [i for i in range(bits.bit_length()) if bits >> i & 1]
    return sum(1 << i for i in items if rng.random() < keep) or 1 << rng.choice(items)


def _decoy(rng: random.Random, blocks: list[int]) -> int:
    """Halves of a few blocks, together a little larger than a block on average."""
    chosen = rng.sample(blocks, k=min(len(blocks), 3))
    return _sample(rng, chosen[0] | chosen[1 % len(chosen)] | chosen[2 % len(chosen)], 0.45)


def row(family: str, problem: CoverProblem, seed: int, time_limit: float,
        workers: int) -> tuple:
    greedy = greedy_cover(problem)
    ilp = ilp_cover(problem, time_limit=time_limit, seed=seed, workers=workers)
    reduced = f"{ilp.stats['after_reduction']}x{ilp.stats['items_after_reduction']}"
    return (family, problem.n_items, len(problem.sets), seed, reduced, greedy.greedy_size,
            f"{greedy.seconds:.3f}", ilp.size, ilp.status, ilp.lower_bound,
            f"{ilp.seconds:.2f}", f"{greedy.greedy_size / max(ilp.size, 1):.3f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-limit", type=float, default=5.0,
                        help="CP-SAT deterministic time per instance (default 5)")
    parser.add_argument("--seeds", type=int, default=2, help="instances per size (default 2)")
    parser.add_argument("--workers", type=int, default=1,
                        help="CP-SAT workers (default 1; more is faster but not reproducible)")
    args = parser.parse_args(argv)
    rows = [COLUMNS]
    for seed in range(args.seeds):
        rows += [row("uniform", uniform(seed, *size), seed, args.time_limit, args.workers)
                 for size in UNIFORM]
        rows += [row("planted", planted(seed, *size), seed, args.time_limit, args.workers)
                 for size in PLANTED]
    widths = [max(len(str(r[c])) for r in rows) for c in range(len(COLUMNS))]
    for r in rows:
        print("  ".join(str(v).rjust(w) for v, w in zip(r, widths)))
    print(f"\ntime limit {args.time_limit} deterministic units per instance, "
          f"{args.workers} worker(s); "
          "reduced = sets x items after the exact reduction; lb = proven lower bound")


if __name__ == "__main__":
    main()
