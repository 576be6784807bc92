"""Step 3: choose few templates -- a set cover over the candidates' coverage sets.

``greedy`` is the paper's baseline; ``ilp`` is the exact CP-SAT model (reduction, greedy
hint, proven status and lower bound).  Both take a :class:`CoverProblem` and return a
:class:`CoverResult`; :func:`solve` picks one by name, as the command line does.
``partial`` holds the budgeted and penalty (partial) covers, which may leave instances
uncovered on purpose (:class:`PartialResult`).
"""

from __future__ import annotations

from typing import Callable

from .greedy import greedy_cover
from .ilp import ilp_cover
from .partial import (PartialResult, TotalBudgetResult, budget_cover, budget_cover_total,
                      greedy_budget_cover, greedy_partial_cover, partial_cover)
from .problem import CoverProblem, CoverResult, Reduction, reduce_problem

SOLVERS: dict[str, Callable[..., CoverResult]] = {"greedy": greedy_cover, "ilp": ilp_cover}


def solve(problem: CoverProblem, solver: str = "ilp", **opts) -> CoverResult:
    """Run the named solver; ``opts`` go to it (greedy ignores the ILP's options)."""
    if solver not in SOLVERS:
        raise ValueError(f"unknown cover solver {solver!r}; choose from {sorted(SOLVERS)}")
    return SOLVERS[solver](problem, **opts)


__all__ = ["CoverProblem", "CoverResult", "PartialResult", "Reduction", "SOLVERS",
           "TotalBudgetResult", "budget_cover", "budget_cover_total", "greedy_budget_cover",
           "greedy_cover", "greedy_partial_cover", "ilp_cover", "partial_cover",
           "reduce_problem", "solve"]
