"""The paper's greedy set cover, and cheap lower bounds to report beside it.

Greedy repeatedly takes the set covering the most still-uncovered items.  It is the
baseline the exact ILP is compared with, and the ILP's starting hint and fallback.
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from math import ceil
from time import perf_counter

import numpy as np

from .problem import CoverProblem, CoverResult


def greedy_cover(problem: CoverProblem, **_ignored) -> CoverResult:
    """Greedy cover of every coverable item; status ``"GREEDY"``.

    Keyword options meant for other solvers (``time_limit``, ``seed`` ...) are accepted and
    ignored so that callers can switch solvers without changing the call.
    """
    start = perf_counter()
    chosen = greedy_order(problem)
    stats = {"candidates": problem.n_sets, "cost": problem.total_cost(chosen)}
    return CoverResult(chosen=sorted(chosen), status="GREEDY",
                       lower_bound=cheap_lower_bound(problem), greedy_size=len(chosen),
                       uncovered=problem.uncovered(), seconds=perf_counter() - start,
                       stats=stats)


def greedy_order(problem: CoverProblem) -> list[int]:
    """Indices of the sets greedy picks, in pick order.

    Ties on the number of newly covered items go to the lower cost, then the lower index,
    so the result is fully deterministic.  The greedy is *lazy*: a set's gain can only
    shrink, so a heap of possibly stale gains is exact if a popped entry whose gain is
    still current is taken -- every other entry's true key is no better than its stale
    one.  Each pick then re-counts only a few sets instead of all of them.
    """
    remaining = problem.coverable_mask()
    left = int(remaining.sum())
    sizes = problem.sizes().tolist()
    heap = [(-size, problem.cost(t), t) for t, size in enumerate(sizes) if size]
    heapq.heapify(heap)
    chosen: list[int] = []
    while left:
        stale_gain, cost, t = heapq.heappop(heap)
        members = problem.members(t)
        gain = int(remaining[members].sum())
        if gain == -stale_gain:
            chosen.append(t)
            remaining[members] = False
            left -= gain
        elif gain:
            heapq.heappush(heap, (-gain, cost, t))
    return chosen


def cheap_lower_bound(problem: CoverProblem) -> int:
    """A proven lower bound on the minimum number of sets, without an LP solver.

    The larger of two classic bounds (both >= 1 whenever an item is coverable, and the
    first is at least ``ceil(coverable / largest set)``).
    """
    return max(fractional_bound(problem), packing_bound(problem))


def fractional_bound(problem: CoverProblem) -> int:
    """``ceil(sum over items of 1 / size of the largest set covering it)``.

    Valid because a set ``S`` charges each of its items at most ``1/|S|``, so every set
    of a cover contributes at most 1 to the sum.  Computed exactly with fractions.
    """
    remaining = problem.coverable_mask()
    left = int(remaining.sum())
    sizes = problem.sizes()
    total = Fraction(0)
    for t in np.argsort(-sizes, kind="stable").tolist():
        if not left:
            break
        members = problem.members(t)
        fresh = int(remaining[members].sum())
        if fresh:
            total += Fraction(fresh, int(sizes[t]))
            remaining[members] = False
            left -= fresh
    return ceil(total)


def packing_bound(problem: CoverProblem) -> int:
    """Size of a greedy packing: items no two of which share a set need distinct sets.

    Items are tried rarest first (fewest covering sets), which tends to find larger
    packings; ``blocked`` marks the sets already used by a packed item.
    """
    colptr, rows = problem.columns()
    counts = np.diff(colptr)
    blocked = np.zeros(problem.n_sets, dtype=bool)
    packed = 0
    for item in np.argsort(counts, kind="stable").tolist():
        if not counts[item]:
            continue
        column = rows[colptr[item]:colptr[item + 1]]
        if not blocked[column].any():
            blocked[column] = True
            packed += 1
    return packed
