"""The cover stage at scale: sparse sets, a reduction bounded by work and by time.

A 100,000-instance group has ~400,000 candidates, mostly covering one instance; the
cover stage stores them as item lists (no bitsets, no dense matrix) and its reduction
stops -- still exact -- when ``--time-limit`` runs out.  Timings are in
``benchmarks/bench_large.py``; these tests check behaviour.
"""

from __future__ import annotations

import random
from time import perf_counter

from hypothesis import given

from test_cover import PROPERTY, assert_valid, brute_force, tiny_problems
import tea_solver.cover.problem as problem_module
from tea_solver.cover import CoverProblem, greedy_cover, ilp_cover, reduce_problem
from tea_solver.cover.greedy import cheap_lower_bound, greedy_order


DENSE = problem_module.MAX_DENSE


def group_like(n_items: int, seed: int = 0) -> CoverProblem:
    """The shape of a big TEA group: one general template, some partial ones, and
    one- or two-instance candidates for everything else."""
    rng = random.Random(seed)
    members = [range(n_items)]
    for _ in range(n_items // 50):
        start = rng.randrange(n_items)
        members.append([(start + k * 7) % n_items for k in range(rng.randint(2, 60))])
    for i in range(n_items):
        members.append([i])
        members.append([i, rng.randrange(n_items)])
    costs = [0 if len(m) == 1 else rng.randrange(1, 40) for m in members]
    return CoverProblem.from_members(n_items, members, costs)


@PROPERTY
@given(tiny_problems())
def test_member_lists_and_bitsets_are_one_problem(problem):
    again = CoverProblem.from_members(problem.n_items,
                                      [problem.members(t).tolist() for t in range(problem.n_sets)],
                                      problem.costs)
    assert again.sets == problem.sets and again.costs == problem.costs
    assert greedy_order(again) == greedy_order(problem)
    assert cheap_lower_bound(again) == cheap_lower_bound(problem)
    assert again.coverable() == problem.coverable() and again.uncovered() == problem.uncovered()


def assert_reduction_exact(problem, reduction) -> None:
    """The reduced problem's optimum plus the forced sets is the original optimum."""
    size, cost = brute_force(reduction.problem)
    forced_cost = problem.total_cost(list(reduction.forced))
    assert (size + len(reduction.forced), cost + forced_cost) == brute_force(problem)


@PROPERTY
@given(tiny_problems(max_sets=9))
def test_a_reduction_out_of_time_is_still_exact(problem):
    reduction = reduce_problem(problem, deadline=perf_counter() - 1)
    assert reduction.stats["cut"] == "time"
    assert_reduction_exact(problem, reduction)


@PROPERTY
@given(tiny_problems(max_sets=9))
def test_a_subset_pass_out_of_work_is_still_exact(problem):
    reduction = reduce_problem(problem, max_subset_work=0)
    assert reduction.stats["subset_pass"] in ("done", "cut")
    assert_reduction_exact(problem, reduction)


@PROPERTY
@given(tiny_problems(max_sets=12))
def test_sparse_and_bitset_dominance_passes_agree(problem):
    """Large problems take the sparse set-dominance pass, small ones the bitset pass."""
    dense = reduce_problem(problem)
    try:
        problem_module.MAX_DENSE = 0
        sparse = reduce_problem(problem)
    finally:
        problem_module.MAX_DENSE = DENSE
    assert (sparse.set_ids, sparse.item_ids, sparse.forced, sparse.stats) == \
        (dense.set_ids, dense.item_ids, dense.forced, dense.stats)


def test_large_group_is_solved_without_bitsets():
    problem = group_like(60_000)
    assert problem._sets is None
    greedy = greedy_cover(problem)
    result = ilp_cover(problem, time_limit=120)
    assert problem._sets is None                    # nothing asked for the bitset view
    assert problem.covers_all(result.chosen) and problem.covers_all(greedy.chosen)
    assert result.chosen == [0] and result.status == "OPTIMAL" and result.lower_bound == 1
    assert greedy.chosen == [0] and result.stats["cut"] is None


def test_time_limit_bounds_the_reduction():
    problem = group_like(60_000, seed=1)
    full = ilp_cover(problem, time_limit=120)       # ample: the reduction takes seconds
    assert full.stats["cut"] is None
    cut = ilp_cover(problem, time_limit=1e-6)       # no time at all: the reduction stops
    assert cut.stats["cut"] == "time"
    assert_valid(problem, cut)
    assert len(cut.chosen) <= cut.greedy_size == full.greedy_size
    assert cut.lower_bound <= len(full.chosen)
