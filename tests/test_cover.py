"""Set-cover stage: hand cases, brute-force cross-checks, reduction and solver invariants."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tea_solver.cover import (SOLVERS, CoverProblem, greedy_cover, ilp_cover, reduce_problem,
                              solve)

PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def bits(*items: int) -> int:
    return sum(1 << i for i in items)


def random_problem(seed: int, n_items: int, n_sets: int, density: float,
                   costs: bool = False) -> CoverProblem:
    rng = random.Random(seed)
    sets = [sum(1 << i for i in range(n_items) if rng.random() < density) for _ in range(n_sets)]
    return CoverProblem(n_items, sets, tuple(rng.randrange(10) for _ in sets) if costs else None)


def brute_force(problem: CoverProblem) -> tuple[int, int]:
    """Lexicographic optimum ``(size, cost)`` by enumeration (tiny problems only)."""
    target = problem.coverable()
    for size in range(len(problem.sets) + 1):
        costs = [problem.total_cost(list(c)) for c in combinations(range(len(problem.sets)), size)
                 if problem.covered_by(list(c)) == target]
        if costs:
            return size, min(costs)
    raise AssertionError("unreachable: all sets together cover every coverable item")


@st.composite
def tiny_problems(draw, max_sets: int = 10, max_items: int = 10) -> CoverProblem:
    n_items = draw(st.integers(0, max_items))
    n_sets = draw(st.integers(0, max_sets))
    sets = draw(st.lists(st.integers(0, (1 << n_items) - 1), min_size=n_sets, max_size=n_sets))
    costs = draw(st.one_of(st.none(), st.lists(st.integers(0, 5), min_size=n_sets,
                                               max_size=n_sets).map(tuple)))
    return CoverProblem(n_items, sets, costs)


def assert_valid(problem: CoverProblem, result) -> None:
    """Invariants every result must satisfy, whatever the solver and status."""
    assert result.chosen == sorted(set(result.chosen))
    assert problem.covered_by(result.chosen) == problem.coverable()
    assert result.uncovered == problem.uncovered()
    assert 0 <= result.lower_bound <= len(result.chosen)
    if result.status == "OPTIMAL":
        assert result.lower_bound == len(result.chosen)


# --- hand cases -------------------------------------------------------------------------

def greedy_trap() -> CoverProblem:
    """Two rows of 7 items (the optimum, 2 sets) and columns of 8, 4 and 2 that greedy prefers.

    Every item lies in its row and one column, so no item is forced.
    """
    row0, row1 = bits(*range(7)), bits(*range(7, 14))
    def column(first: int, width: int) -> int:
        return bits(*range(first, first + width), *range(first + 7, first + 7 + width))
    return CoverProblem(14, (row0, row1, column(0, 4), column(4, 2), column(6, 1)))


def test_greedy_is_suboptimal_and_ilp_is_exact():
    problem = greedy_trap()
    greedy = greedy_cover(problem)
    ilp = ilp_cover(problem)
    assert greedy.status == "GREEDY" and len(greedy.chosen) == 3
    assert greedy.chosen == [2, 3, 4]
    assert ilp.chosen == [0, 1]
    assert (ilp.status, ilp.lower_bound, ilp.greedy_size) == ("OPTIMAL", 2, 3)
    assert ilp.stats["phase1"] == "OPTIMAL"  # CP-SAT proved it, not the reduction alone
    assert ilp.stats["dominated_items"] == 8  # the 14 items collapse to 6 distinct ones


def test_forced_sets_alone_solve_the_classic_instance():
    problem = CoverProblem(6, (bits(0, 1, 2), bits(3, 4, 5), bits(1, 2, 4, 5)))
    result = ilp_cover(problem)
    assert (result.chosen, result.status, result.lower_bound) == ([0, 1], "OPTIMAL", 2)
    assert result.stats["forced"] == 2 and result.stats["phase1"] == "REDUCED"
    assert greedy_cover(problem).greedy_size == 3


@pytest.mark.parametrize("problem", [CoverProblem(0, ()), CoverProblem(3, ()),
                                     CoverProblem(3, (0, 0)), CoverProblem(0, (0,), (4,))])
def test_nothing_to_cover(problem):
    for result in (ilp_cover(problem), greedy_cover(problem)):
        assert result.chosen == [] and result.lower_bound == 0 and result.greedy_size == 0
        assert result.uncovered == problem.n_items
    assert ilp_cover(problem).status == "OPTIMAL"


def test_uncovered_items_are_skipped():
    problem = CoverProblem(5, (bits(0, 1), bits(1, 2)))
    for result in (ilp_cover(problem), greedy_cover(problem)):
        assert result.uncovered == 2
        assert_valid(problem, result)


def test_greedy_ties_go_to_lower_cost_then_lower_index():
    assert greedy_cover(CoverProblem(2, (bits(0, 1), bits(0, 1)), (3, 1))).chosen == [1]
    assert greedy_cover(CoverProblem(2, (bits(0, 1), bits(0, 1)), (2, 2))).chosen == [0]
    assert greedy_cover(CoverProblem(2, (bits(0, 1), bits(0, 1)))).chosen == [0]


def four_cycle(costs=None) -> CoverProblem:
    """Items 0..3 on a cycle, sets are its edges: exactly two covers of size 2."""
    return CoverProblem(4, (bits(0, 1), bits(2, 3), bits(1, 2), bits(3, 0)), costs)


def test_phase2_picks_the_cheaper_minimum_cover():
    # Greedy starts from the cheapest set (0) and ends at {0, 1}, cost 11; {2, 3} costs 6.
    problem = four_cycle((1, 10, 3, 3))
    assert greedy_cover(problem).chosen == [0, 1]
    result = ilp_cover(problem)
    assert result.chosen == [2, 3] and result.status == "OPTIMAL"
    assert result.stats["phase2"] == "OPTIMAL" and result.stats["cost"] == 6


def test_without_costs_there_is_no_phase2():
    result = ilp_cover(four_cycle())
    assert len(result.chosen) == 2 and result.stats["phase2"] == "NO_COSTS"


def test_tiny_time_limit_is_never_reported_optimal():
    # Needs ~0.08 units of deterministic time to prove (greedy 7, optimum 6).
    problem = random_problem(1, 40, 120, 0.15)
    rushed = ilp_cover(problem, time_limit=1e-6)
    assert rushed.status == "FEASIBLE"
    assert_valid(problem, rushed)
    assert 1 <= rushed.lower_bound < len(rushed.chosen) <= rushed.greedy_size
    proved = ilp_cover(problem)
    assert proved.status == "OPTIMAL"
    assert rushed.lower_bound <= len(proved.chosen) < proved.greedy_size


@pytest.mark.parametrize("shape", [(80, 300, 0.06), (60, 200, 0.08)])
def test_same_input_same_cover_even_under_a_time_limit(shape):
    # Both stop mid-search at 0.5 units with a cover better than greedy's: the first in
    # phase 1, the second in phase 2.
    problem = random_problem(1, *shape, costs=True)
    first, second = (ilp_cover(problem, time_limit=0.5) for _ in range(2))
    assert first.chosen == second.chosen
    assert (first.status, first.lower_bound, first.stats["phase2"]) == \
        (second.status, second.lower_bound, second.stats["phase2"])


def test_hint_is_accepted_even_when_it_is_not_a_cover():
    problem = greedy_trap()
    assert ilp_cover(problem, hint=[0, 1]).chosen == [0, 1]
    assert ilp_cover(problem, hint=[4]).chosen == [0, 1]


def test_solve_dispatches_by_name():
    problem = four_cycle()
    assert set(SOLVERS) == {"greedy", "ilp"}
    assert solve(problem, "greedy", time_limit=1.0, seed=3).status == "GREEDY"
    assert solve(problem).status == "OPTIMAL"
    with pytest.raises(ValueError, match="unknown cover solver"):
        solve(problem, "simplex")


@pytest.mark.parametrize("args", [(2, (bits(2),)), (-1, ()), (2, (1,), (1, 2)),
                                  (2, (1,), (-1,)), (2, (-1,))])
def test_malformed_problems_are_rejected(args):
    with pytest.raises(ValueError):
        CoverProblem(*args)


def test_reduction_rules_on_a_hand_case():
    problem = CoverProblem(3, (bits(0, 1), bits(0, 1), bits(1), bits(0), bits(1, 2), bits(2)),
                           (5, 4, 7, 0, 1, 0))
    reduction = reduce_problem(problem)
    # Set 0 duplicates the cheaper set 1; set 2 is a subset of set 1 and costs more; set 3 is
    # a subset too but cheaper, so it stays.  Items 0, 1, 2 imply nothing of each other.
    assert reduction.set_ids == (1, 3, 4, 5) and reduction.forced == ()
    assert (reduction.stats["duplicates"], reduction.stats["dominated_sets"]) == (1, 1)
    assert ilp_cover(problem).chosen == [3, 4]


def test_reduction_drops_implied_items_and_takes_forced_sets():
    # Item 1 is covered by every set covering item 0; item 3 only by set 2.
    problem = CoverProblem(4, (bits(0, 1), bits(0, 1, 2), bits(2, 3), bits(1, 2)))
    reduction = reduce_problem(problem)
    assert 2 in reduction.forced
    assert reduction.stats["dominated_items"] >= 1
    assert ilp_cover(problem).chosen in ([0, 2], [1, 2])


# --- properties on random problems ------------------------------------------------------

@PROPERTY
@given(tiny_problems())
def test_ilp_matches_brute_force(problem):
    result = ilp_cover(problem, time_limit=5.0)
    assert_valid(problem, result)
    assert result.status == "OPTIMAL"
    size, cost = brute_force(problem)
    assert len(result.chosen) == size
    if problem.costs is not None and result.stats["phase2"] in ("OPTIMAL", "NOT_NEEDED"):
        assert problem.total_cost(result.chosen) == cost


@PROPERTY
@given(tiny_problems())
def test_greedy_is_a_cover_with_a_valid_bound(problem):
    result = greedy_cover(problem)
    assert_valid(problem, result)
    size, _ = brute_force(problem)
    assert result.lower_bound <= size <= len(result.chosen) == result.greedy_size
    assert result.lower_bound >= (1 if problem.coverable() else 0)


@PROPERTY
@given(tiny_problems(max_sets=9))
def test_reduction_preserves_the_lexicographic_optimum(problem):
    reduction = reduce_problem(problem)
    reduced = reduction.problem
    size, cost = brute_force(reduced)
    forced_cost = problem.total_cost(list(reduction.forced))
    assert (size + len(reduction.forced), cost + forced_cost) == brute_force(problem)
    every_set = reduction.lift(list(range(len(reduced.sets))))
    assert problem.covered_by(every_set) == problem.coverable()
    assert sorted(set(every_set)) == every_set


@PROPERTY
@given(tiny_problems(max_sets=9))
def test_reduction_without_the_subset_pass_is_still_exact(problem):
    reduction = reduce_problem(problem, max_subset_work=-1)
    assert reduction.stats["subset_pass"] == "skipped"
    assert reduction.stats["dominated_sets"] == 0
    size, _ = brute_force(reduction.problem)
    assert size + len(reduction.forced) == brute_force(problem)[0]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(10, 60), st.integers(5, 80),
       st.floats(0.02, 0.3), st.booleans())
def test_ilp_invariants_on_larger_problems(seed, n_items, n_sets, density, costs):
    problem = random_problem(seed, n_items, n_sets, density, costs)
    result = ilp_cover(problem, time_limit=0.2)
    greedy = greedy_cover(problem)
    assert_valid(problem, result)
    assert len(result.chosen) <= greedy.greedy_size == result.greedy_size
    assert result.lower_bound >= greedy.lower_bound
    assert result.status in ("OPTIMAL", "FEASIBLE")
