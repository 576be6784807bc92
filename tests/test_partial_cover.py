"""Budgeted and partial covers: brute-force cross-checks, greedy vs ILP, proofs and bounds."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tea_solver.cover import CoverProblem, ilp_cover
from tea_solver.cover.partial import (budget_cover, budget_cover_total, greedy_budget_cover,
                                      greedy_partial_cover, partial_cover)

PROPERTY = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def bits(*items: int) -> int:
    return sum(1 << i for i in items)


def greedy_trap() -> CoverProblem:
    """Two rows of 7 items (the optimum) and columns of 8, 4 and 2 that greedy prefers."""
    row0, row1 = bits(*range(7)), bits(*range(7, 14))

    def column(first: int, width: int) -> int:
        return bits(*range(first, first + width), *range(first + 7, first + 7 + width))
    return CoverProblem(14, (row0, row1, column(0, 4), column(4, 2), column(6, 1)))


def weight(problem_bits: int, weights) -> int:
    return sum(w for i, w in enumerate(weights) if problem_bits >> i & 1)


def brute_budget(problem: CoverProblem, weights, budget: int) -> int:
    best = 0
    for size in range(min(budget, len(problem.sets)) + 1):
        for c in combinations(range(len(problem.sets)), size):
            best = max(best, weight(problem.covered_by(list(c)), weights))
    return best


def brute_penalty(problem: CoverProblem, penalties, costs=None) -> int:
    costs = costs or [1] * len(problem.sets)
    best = None
    for size in range(len(problem.sets) + 1):
        for c in combinations(range(len(problem.sets)), size):
            covered = problem.covered_by(list(c))
            value = sum(costs[t] for t in c) + sum(
                p for i, p in enumerate(penalties) if not covered >> i & 1)
            best = value if best is None else min(best, value)
    return best


@st.composite
def weighted_problems(draw, max_sets: int = 8, max_items: int = 9):
    n_items = draw(st.integers(0, max_items))
    n_sets = draw(st.integers(0, max_sets))
    sets = draw(st.lists(st.integers(0, (1 << n_items) - 1), min_size=n_sets, max_size=n_sets))
    costs = draw(st.one_of(st.none(), st.lists(st.integers(0, 5), min_size=n_sets,
                                               max_size=n_sets).map(tuple)))
    weights = draw(st.lists(st.integers(0, 4), min_size=n_items, max_size=n_items))
    return CoverProblem(n_items, sets, costs), weights


def assert_consistent(problem: CoverProblem, weights, result) -> None:
    """Invariants of every result, whatever the form and status."""
    assert result.chosen == sorted(set(result.chosen))
    assert result.covered == problem.covered_by(result.chosen)
    assert result.covered_weight == weight(result.covered, weights)
    assert result.given_up == weight(problem.coverable(), weights) - result.covered_weight
    assert result.given_up >= 0
    if result.form == "budget":
        assert result.objective == result.covered_weight <= result.bound
    else:
        assert result.objective >= result.bound
    if result.status == "OPTIMAL":
        assert result.objective == result.bound
    else:
        assert result.status == "GREEDY" or result.objective != result.bound


# --- hand cases -------------------------------------------------------------------------

def test_budget_beats_greedy_on_the_trap():
    problem, weights = greedy_trap(), [1] * 14
    greedy = greedy_budget_cover(problem, weights, 2)
    exact = budget_cover(problem, weights, 2)
    assert greedy.chosen == [2, 3] and greedy.objective == 12 and greedy.status == "GREEDY"
    assert exact.chosen == [0, 1] and exact.objective == 14
    assert (exact.status, exact.bound, exact.given_up, exact.greedy_objective) == \
        ("OPTIMAL", 14, 0, 12)


def test_budget_one_takes_the_heaviest_set_and_reports_what_it_gives_up():
    problem = greedy_trap()
    weights = [1] * 7 + [5] * 7      # row 1 stands for many duplicate instances
    result = budget_cover(problem, weights, 1)
    assert result.chosen == [1] and result.objective == 35
    assert result.given_up == 7 and result.uncovered_items == list(range(7))
    assert result.status == "OPTIMAL"


def test_budget_prefers_fewer_then_cheaper_sets_among_equal_coverage():
    # Sets 0 and 1 together equal set 2; set 3 duplicates set 2 at a lower secondary cost.
    problem = CoverProblem(4, (bits(0, 1), bits(2, 3), bits(0, 1, 2, 3), bits(0, 1, 2, 3)),
                           (0, 0, 5, 1))
    result = budget_cover(problem, [1] * 4, 3)
    assert result.chosen == [3] and result.objective == 4 and result.status == "OPTIMAL"


def test_penalty_drops_the_rare_template():
    # One template explains 9 instances, a second one only the odd one out.
    problem = CoverProblem(10, (bits(*range(9)), bits(9)))
    cheap = partial_cover(problem, [0] * 10)
    assert cheap.chosen == []            # penalties of 0: nothing is worth a template
    half = partial_cover(problem, [2] * 9 + [0])
    assert half.chosen == [0] and half.uncovered_items == [9] and half.objective == 1
    full = partial_cover(problem, [2] * 10)
    assert full.chosen == [0, 1] and full.objective == 2 and full.given_up == 0


def test_penalty_counts_unavoidable_penalties():
    problem = CoverProblem(3, (bits(0, 1),))
    result = partial_cover(problem, [2, 2, 7])
    assert result.chosen == [0] and result.objective == 1 + 7 and result.bound == 8
    assert result.status == "OPTIMAL" and result.uncovered_items == [2]


def test_penalty_greedy_is_worse_on_the_trap():
    problem = greedy_trap()
    greedy = greedy_partial_cover(problem, [3] * 14)
    exact = partial_cover(problem, [3] * 14)
    assert greedy.chosen == [2, 3, 4] and greedy.objective == 3
    assert exact.chosen == [0, 1] and exact.objective == 2 and exact.status == "OPTIMAL"


def test_total_budget_shares_templates_between_groups():
    # Group A needs 2 templates for its 4 instances, group B one for its 10.
    a = CoverProblem(4, (bits(0, 1), bits(2, 3)))
    b = CoverProblem(10, (bits(*range(10)), bits(0)))
    result = budget_cover_total([a, b], [[1] * 4, [1] * 10], 2)
    assert [g.chosen for g in result.groups] == [[0], [0]] or \
        [g.chosen for g in result.groups] == [[1], [0]]
    assert result.objective == 12 and result.bound == 12 and result.status == "OPTIMAL"
    assert result.given_up == 2 and sum(g.given_up for g in result.groups) == 2
    capped = budget_cover_total([a, b], [[1] * 4, [1] * 10], 3, budget=1)
    assert capped.size == 2 and capped.objective == 12
    roomy = budget_cover_total([a, b], [[1] * 4, [1] * 10], 3)
    assert roomy.objective == 14 and roomy.size == 3


def test_tiny_time_limit_is_never_reported_optimal():
    rng = random.Random(1)
    sets = [sum(1 << i for i in range(40) if rng.random() < 0.15) for _ in range(120)]
    problem = CoverProblem(40, sets)
    rushed = budget_cover(problem, [1] * 40, 5, time_limit=1e-6)
    assert_consistent(problem, [1] * 40, rushed)
    assert rushed.status == "FEASIBLE" and rushed.bound > rushed.objective
    assert rushed.objective >= rushed.greedy_objective
    proved = budget_cover(problem, [1] * 40, 5, time_limit=30)
    assert proved.status == "OPTIMAL" and rushed.bound >= proved.objective >= rushed.objective


def test_same_input_same_answer():
    rng = random.Random(3)
    sets = [sum(1 << i for i in range(60) if rng.random() < 0.08) for _ in range(200)]
    problem = CoverProblem(60, sets, tuple(rng.randrange(9) for _ in sets))
    weights = [rng.randrange(1, 4) for _ in range(60)]
    for run in (lambda: budget_cover(problem, weights, 6, time_limit=0.3),
                lambda: partial_cover(problem, weights, time_limit=0.3)):
        first, second = run(), run()
        assert (first.chosen, first.status, first.bound) == \
            (second.chosen, second.status, second.bound)


@pytest.mark.parametrize("call", [
    lambda p: budget_cover(p, [1, 1], 1),                   # wrong number of weights
    lambda p: budget_cover(p, [1, 1, 1], -1),               # negative budget
    lambda p: partial_cover(p, [1, -1, 1]),                 # negative penalty
    lambda p: partial_cover(p, [1, 1, 1], costs=[1]),       # wrong number of costs
    lambda p: budget_cover(p, [1, 1, 1], 1, solver="lp"),   # unknown solver
    lambda p: budget_cover_total([p], [], 1),               # weights per problem
])
def test_bad_arguments_are_rejected(call):
    with pytest.raises(ValueError):
        call(CoverProblem(3, (bits(0, 1), bits(2))))


# --- properties ---------------------------------------------------------------------------

@PROPERTY
@given(weighted_problems(), st.integers(0, 4))
def test_budget_ilp_is_exact_and_at_least_greedy(case, budget):
    problem, weights = case
    exact = budget_cover(problem, weights, budget, time_limit=5.0)
    greedy = greedy_budget_cover(problem, weights, budget)
    for result in (exact, greedy):
        assert_consistent(problem, weights, result)
        assert len(result.chosen) <= budget
    optimum = brute_budget(problem, weights, budget)
    assert exact.status == "OPTIMAL" and exact.objective == optimum
    assert exact.objective >= greedy.objective == exact.greedy_objective
    assert greedy.bound >= optimum


@PROPERTY
@given(weighted_problems(), st.booleans())
def test_penalty_ilp_is_exact_and_at_most_greedy(case, unit_costs):
    problem, penalties = case
    costs = None if unit_costs else [(7 * t) % 4 for t in range(len(problem.sets))]
    exact = partial_cover(problem, penalties, costs=costs, time_limit=5.0)
    greedy = greedy_partial_cover(problem, penalties, costs=costs)
    for result in (exact, greedy):
        assert_consistent(problem, penalties, result)
    optimum = brute_penalty(problem, penalties, costs)
    assert exact.status == "OPTIMAL" and exact.objective == optimum
    assert exact.objective <= greedy.objective == exact.greedy_objective
    assert greedy.bound <= optimum


@PROPERTY
@given(weighted_problems())
def test_penalty_above_every_template_cost_is_the_full_cover(case):
    problem, _ = case
    result = partial_cover(problem, [2] * problem.n_items)   # unit costs < penalty 2
    full = ilp_cover(problem)
    assert result.covered == problem.coverable()
    assert len(result.chosen) == len(full.chosen)
    assert result.objective == len(full.chosen) + 2 * problem.uncovered()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(weighted_problems(max_sets=4, max_items=5), min_size=1, max_size=3),
       st.integers(0, 5), st.one_of(st.none(), st.integers(0, 2)))
def test_total_budget_is_exact(cases, total, per_group):
    problems = [p for p, _ in cases]
    weights = [w for _, w in cases]
    result = budget_cover_total(problems, weights, total, budget=per_group, time_limit=5.0)
    greedy = budget_cover_total(problems, weights, total, budget=per_group, solver="greedy")
    assert result.size <= total and greedy.size <= total
    if per_group is not None:
        assert all(len(g.chosen) <= per_group for g in result.groups + greedy.groups)
    for share, problem, ws in zip(result.groups, problems, weights):
        assert share.covered == problem.covered_by(share.chosen)
        assert share.covered_weight == weight(share.covered, ws)
    # brute force over the merged problem: all selections with the caps
    merged_sets = [(g, t) for g, p in enumerate(problems) for t in range(len(p.sets))]
    best = 0
    for size in range(min(total, len(merged_sets)) + 1):
        for pick in combinations(merged_sets, size):
            if per_group is not None and any(
                    sum(1 for g, _ in pick if g == h) > per_group for h in range(len(problems))):
                continue
            best = max(best, sum(weight(p.covered_by([t for g, t in pick if g == h]), ws)
                                 for h, (p, ws) in enumerate(zip(problems, weights))))
    assert result.status == "OPTIMAL" and result.objective == best >= greedy.objective
    assert result.objective == sum(g.covered_weight for g in result.groups)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(10, 60), st.integers(5, 80),
       st.floats(0.02, 0.3), st.integers(1, 8))
def test_invariants_on_larger_problems_under_a_short_limit(seed, n_items, n_sets, density,
                                                            budget):
    rng = random.Random(seed)
    sets = [sum(1 << i for i in range(n_items) if rng.random() < density)
            for _ in range(n_sets)]
    problem = CoverProblem(n_items, sets, tuple(rng.randrange(10) for _ in sets))
    weights = [rng.randrange(0, 4) for _ in range(n_items)]
    for result in (budget_cover(problem, weights, budget, time_limit=0.05),
                   partial_cover(problem, weights, time_limit=0.05)):
        assert_consistent(problem, weights, result)
        assert result.status in ("OPTIMAL", "FEASIBLE")
        if result.form == "budget":
            assert len(result.chosen) <= budget
            assert result.objective >= result.greedy_objective
        else:
            assert result.objective <= result.greedy_objective
