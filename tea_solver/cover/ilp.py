"""Exact set cover: reduction, then a CP-SAT model, then an optional cost phase.

Phase 1 minimises the number of sets; phase 2 (only with ``costs`` and a proven phase-1
optimum) fixes that number and minimises the total secondary cost.  The answer is never
larger than greedy's: greedy is the hint and the fallback.

Determinism: CP-SAT runs with one worker and a fixed seed by default, and its budget is
*deterministic* time (``max_deterministic_time``, a count of work units), so the same
input gives the same cover on any machine speed.  A wall-clock limit of
``3 * time_limit + 1`` seconds on the whole stage (greedy, reduction, CP-SAT, LP bound)
is only a safety net; if it fires, the result may depend on the machine
(``stats["wall_limit_hit"]``, or ``stats["cut"] == "time"`` for the reduction, says so).
The reduction may use ``time_limit`` wall-clock seconds, CP-SAT the rest of the net.  With ``workers > 1`` CP-SAT's
parallel portfolio is faster but not reproducible run to run.

``linearization_level = 2`` puts the full LP relaxation into the search.  Without it a
single worker proves almost nothing on set cover (its bound stays 0): on a random
40-item, 120-set instance it went from no proof in 60 units to a proof in 0.1.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from time import perf_counter

from ortools.sat.python import cp_model

from tea_solver import signals

from .greedy import cheap_lower_bound, greedy_order
from .problem import CoverProblem, CoverResult, Reduction, reduce_problem

_TOLERANCE = 1e-6


def ilp_cover(problem: CoverProblem, time_limit: float = 30.0, seed: int = 0,
              workers: int = 1, hint: list[int] | None = None) -> CoverResult:
    """Minimum-cardinality cover of every coverable item (then cheapest, with ``costs``).

    ``time_limit`` is CP-SAT deterministic time shared by both phases, and bounds the
    whole call's wall-clock time to about ``3 * time_limit + 1`` seconds (see the module
    docstring): a reduction cut short leaves CP-SAT a larger problem, never a wrong one.  ``hint`` (original set indices) replaces the
    greedy hint; sets the reduction removed are dropped from it.  ``status`` is CP-SAT's
    word: ``"OPTIMAL"`` only when it proved phase 1 optimal (or the reduction alone solved
    the problem), else ``"FEASIBLE"`` -- also when CP-SAT found nothing and greedy is
    returned.  ``lower_bound`` is the best of CP-SAT's bound, the LP relaxation (computed
    only without a proof) and the cheap bounds, each plus the forced sets.
    """
    start = perf_counter()
    budget = TimeBudget(time_limit, start)
    greedy = greedy_order(problem)
    # the reduction may use the limit's worth of wall-clock time, CP-SAT what is left of
    # the safety net: the whole stage ends within about 3 * time_limit + 1 seconds
    reduction = reduce_problem(problem, deadline=start + time_limit)
    outcome = _solve_reduced(problem, reduction, greedy, hint, seed, workers, budget)
    stats = {**reduction.stats, **outcome.stats, "cost": problem.total_cost(outcome.chosen),
             "deterministic_time": budget.used, "wall_limit_hit": budget.wall_limit_hit}
    return CoverResult(chosen=outcome.chosen, status=outcome.status,
                       lower_bound=outcome.lower_bound, greedy_size=len(greedy),
                       uncovered=problem.uncovered(), seconds=perf_counter() - start,
                       stats=stats)


@dataclass
class _Outcome:
    """The parts of a :class:`CoverResult` the solving stage decides."""

    chosen: list[int]
    status: str
    lower_bound: int
    stats: dict


@dataclass
class TimeBudget:
    """Deterministic time left for CP-SAT, plus the wall-clock safety net of the stage."""

    limit: float
    start: float  # perf_counter() when the cover stage started
    used: float = 0.0
    wall_limit_hit: bool = False

    def left(self) -> float:
        return max(0.0, self.limit - self.used)

    def wall_left(self) -> float:
        return max(0.0, 3 * self.limit + 1 - (perf_counter() - self.start))


def _solve_reduced(problem: CoverProblem, reduction: Reduction, greedy: list[int],
                   hint: list[int] | None, seed: int, workers: int,
                   budget: TimeBudget) -> _Outcome:
    """Solve the reduced problem and lift the answer; trivial when nothing is left."""
    reduced = reduction.problem
    forced = len(reduction.forced)
    if reduced.n_items == 0:
        # The forced sets belong to every cover and cover everything: a proven optimum.
        return _Outcome(reduction.lift([]), "OPTIMAL", forced,
                        {"phase1": "REDUCED", "phase2": "NOT_NEEDED"})
    incumbent = min(sorted(greedy), reduction.lift(greedy_order(reduced)),
                    key=lambda c: (len(c), problem.total_cost(c), c))
    start_hint = reduction.lower(hint if hint is not None else incumbent)
    try:
        solver, status, solution = run_cp_sat(*_cover_model(reduced, start_hint, budget), budget,
                                        seed, workers)
    except _NoTime:   # the stage's wall-clock time ran out before CP-SAT could start
        solver, status, solution = None, "NO_TIME", None
    stats = {"phase1": status, "phase2": "NO_COSTS" if reduced.costs is None else "SKIPPED"}
    if status == "OPTIMAL":
        if reduced.costs is not None:
            solution = _phase2(reduced, solution, stats, seed, workers, budget)
        return _Outcome(reduction.lift(solution), "OPTIMAL", len(solution) + forced, stats)
    chosen = incumbent
    if solution is not None and len(solution) + forced < len(incumbent):
        chosen = reduction.lift(solution)
    bounds = [cheap_lower_bound(problem)]
    if status == "FEASIBLE":
        bounds.append(forced + ceil(solver.best_objective_bound - _TOLERANCE))
    lp = _lp_bound(reduced, budget)
    stats["lp_bound"] = None if lp is None else forced + lp
    if lp is not None:
        bounds.append(forced + lp)
    return _Outcome(chosen, "FEASIBLE", max(bounds), stats)


def _phase2(reduced: CoverProblem, solution: list[int], stats: dict, seed: int,
            workers: int, budget: TimeBudget) -> list[int]:
    """Among covers of the proven minimum size, look for a cheaper one than ``solution``.

    Runs on the deterministic time phase 1 left; keeps ``solution`` unless CP-SAT finds a
    strictly cheaper cover, so the size stays optimal whatever phase 2's status.
    """
    if budget.left() <= 0:
        stats["phase2"] = "NO_TIME"
        return solution
    try:
        model, xs = _cover_model(reduced, solution, budget)
    except _NoTime:
        stats["phase2"] = "NO_TIME"
        return solution
    model.add(cp_model.LinearExpr.sum(xs) == len(solution))
    model.minimize(cp_model.LinearExpr.weighted_sum(xs, reduced.costs))
    _, stats["phase2"], cheaper = run_cp_sat(model, xs, budget, seed, workers)
    if cheaper is not None and reduced.total_cost(cheaper) < reduced.total_cost(solution):
        return cheaper
    return solution


class _NoTime(Exception):
    """The cover stage's wall-clock net ran out while a model was being built."""


def _cover_model(problem: CoverProblem, hint: list[int], budget: TimeBudget | None = None
                 ) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """``x_t`` binary per set, one clause per item, minimise ``sum x``; fully hinted.

    Building the model of a large problem takes seconds of Python, so with a ``budget``
    the wall clock is looked at as it goes (:class:`_NoTime` when it is out).
    """
    def check(step: int) -> None:
        if budget is not None and step % 4096 == 0 and budget.wall_left() <= 0:
            budget.wall_limit_hit = True
            raise _NoTime
    check(0)
    model = cp_model.CpModel()
    xs = []
    for j in range(problem.n_sets):
        check(j)
        xs.append(model.new_bool_var(f"x{j}"))
    for i, covering in enumerate(_covering_sets(problem)):
        check(i)
        model.add_bool_or([xs[j] for j in covering])
    model.minimize(cp_model.LinearExpr.sum(xs))
    hinted = set(hint)
    for j, x in enumerate(xs):
        check(j)
        model.add_hint(x, j in hinted)
    return model, xs


def _covering_sets(problem: CoverProblem) -> list[list[int]]:
    """For each item, the indices of the sets that cover it."""
    colptr, rows = problem.columns()
    rows = rows.tolist()
    bounds = colptr.tolist()
    return [rows[bounds[i]:bounds[i + 1]] for i in range(problem.n_items)]


def run_cp_sat(model: cp_model.CpModel, xs: list[cp_model.IntVar], budget: TimeBudget, seed: int,
               workers: int, what: str = "set-cover"
               ) -> tuple[cp_model.CpSolver, str, list[int] | None]:
    """Solve under the remaining budget; return the solver, its status and the chosen sets.

    Shared by every cover model (:mod:`.partial` too), so each gets the same limits,
    the same Ctrl-C handling and the same CP-SAT settings.
    """
    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = budget.left()
    solver.parameters.max_time_in_seconds = budget.wall_left()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    solver.parameters.linearization_level = 2  # the LP relaxation is what proves covers optimal
    # CP-SAT 9.15's symmetry handling ignores every time limit and stop request on large
    # cover models (a 60,000-item group's phase 2 ran for hours after "Found orbitope");
    # set cover gains little from it, and a limit that is not honoured is no limit.
    solver.parameters.symmetry_level = 0
    # Ctrl-C must reach Python (CP-SAT would swallow it and carry on with the next
    # group); tea_solver.signals stops the search from its watcher thread instead.
    solver.parameters.catch_sigint_signal = False
    with signals.stoppable(solver.stop_search):
        status = solver.status_name(solver.solve(model))
    budget.used += solver.deterministic_time
    budget.wall_limit_hit |= solver.wall_time >= 0.99 * solver.parameters.max_time_in_seconds
    if status in ("INFEASIBLE", "MODEL_INVALID"):
        raise RuntimeError(f"CP-SAT returned {status} on a {what} model")
    if status not in ("OPTIMAL", "FEASIBLE"):
        return solver, status, None
    return solver, status, [j for j, x in enumerate(xs) if solver.boolean_value(x)]


def _lp_bound(problem: CoverProblem, budget: TimeBudget) -> int | None:
    """``ceil`` of the LP relaxation's optimum (GLOP), or None if GLOP does not finish.

    Only computed without a proof: CP-SAT's own bound includes the root LP once it has
    solved it, but a short run may stop before that.  GLOP gets the same deterministic
    limit as CP-SAT (so the bound does not depend on machine speed) and the wall-clock
    safety net.  The small tolerance keeps floating-point noise (2.0000000001) from
    adding a spurious unit.
    """
    if budget.wall_left() <= 0:
        return None
    # imported here: most runs prove optimality and never ask for the bound,
    # and the linear solver's module takes a tenth of a second to load
    from ortools.linear_solver import pywraplp
    lp = pywraplp.Solver.CreateSolver("GLOP")
    lp.SetSolverSpecificParametersAsString(f"max_deterministic_time: {budget.limit!r}")
    xs = [lp.NumVar(0.0, 1.0, f"x{j}") for j in range(problem.n_sets)]
    for i, covering in enumerate(_covering_sets(problem)):
        if i % 4096 == 0 and budget.wall_left() <= 0:
            return None
        lp.Add(lp.Sum([xs[j] for j in covering]) >= 1)
    lp.Minimize(lp.Sum(xs))
    if budget.wall_left() <= 0:
        return None
    lp.SetTimeLimit(max(1, int(budget.wall_left() * 1000)))
    if lp.Solve() != pywraplp.Solver.OPTIMAL:
        return None
    return ceil(lp.Objective().Value() - _TOLERANCE)
