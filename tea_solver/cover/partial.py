"""Budgeted and partial covers: leave some instances uncovered, on purpose and with a proof.

The full cover (:mod:`.ilp`) must generate every instance, so one mistranslated instance
costs one template.  Two relaxations of it serve a human verifier and noisy data; both
are one CP-SAT model over the same :class:`~.problem.CoverProblem` (read only here):

* **penalty form** (:func:`partial_cover`) -- minimise
  ``sum cost_t * x_t + sum penalty_i * (1 - covered_i)``: a template is worth taking only
  if the instances it alone covers are worth more than it costs.  With unit template
  costs and ``penalty_i = p * weight_i`` this is "templates + p x uncovered instances", the
  noise-robust form: an instance seen once, with ``p < 1``, is not worth a template.  With
  every penalty above every template cost it is the full cover (tested);
* **budget form** (:func:`budget_cover`, :func:`budget_cover_total`) -- at most ``B``
  templates (per group, and/or in total over several groups) covering the greatest
  weight of instances (weights: how many input instances share a target, so the
  coverage is weighted by support).  A verifier with time for 50 templates gets the 50
  that cover the most.

Both forms come with the classic greedy beside them (:func:`greedy_partial_cover`:
best cost per newly covered penalty while that is below 1; :func:`greedy_budget_cover`:
largest newly covered weight until the budget is spent), which is also CP-SAT's hint and
fallback, so the exact answer is never worse than greedy's.  Every result carries a
*proven* bound on its objective (CP-SAT's, else a cheap combinatorial one), and
``status`` is ``"OPTIMAL"`` exactly when the objective reaches that bound.

Secondary costs (``problem.costs``, the over-generation of each template) break ties as
in the full cover: once the primary objective is proven optimal, a second phase looks,
among selections with that objective, for the fewest templates (budget form) and the
lowest total secondary cost.

Time: ``time_limit`` is CP-SAT *deterministic* time (reproducible on any machine), with a
wall-clock safety net of ``3 * time_limit + 1`` seconds, as in :mod:`.ilp`.  One worker
and a fixed seed make the answer a function of the input.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from fractions import Fraction
from math import ceil, floor
from time import perf_counter
from typing import Sequence

from ortools.sat.python import cp_model

from .ilp import TimeBudget, run_cp_sat
from .problem import CoverProblem

_TOLERANCE = 1e-6
PENALTY, BUDGET = "penalty", "budget"


# --------------------------------------------------------------------------- results

@dataclass
class PartialResult:
    """The answer of a partial or budgeted cover for one :class:`CoverProblem`.

    ``objective`` is what the form optimises: for ``form == "penalty"`` the total
    ``template costs + penalties of the uncovered items`` (minimised, ``bound`` is a
    proven *lower* bound); for ``form == "budget"`` the covered weight (maximised,
    ``bound`` is a proven *upper* bound).  ``status`` is ``"OPTIMAL"`` only when
    ``objective == bound``, ``"FEASIBLE"`` for an unproved CP-SAT answer and ``"GREEDY"``
    for the greedy baseline.  Weights are the penalties (penalty form) or the item
    weights (budget form); ``coverable_weight`` counts the items some set covers, so
    ``given_up`` is the weight the selection leaves uncovered although it could cover it.
    """

    form: str
    chosen: list[int]
    status: str
    objective: int
    bound: int
    covered: int                  # bitset of the items the chosen sets cover
    covered_weight: int
    coverable_weight: int
    greedy_objective: int
    greedy_chosen: list[int]
    n_items: int
    seconds: float
    stats: dict = field(default_factory=dict)

    @property
    def size(self) -> int:
        """Number of chosen sets (templates)."""
        return len(self.chosen)

    @property
    def given_up(self) -> int:
        """Weight of the coverable items left uncovered."""
        return self.coverable_weight - self.covered_weight

    @property
    def gap(self) -> int:
        """Distance between the objective and its proven bound (0: optimal)."""
        return abs(self.objective - self.bound)

    @property
    def uncovered_items(self) -> list[int]:
        """Items (indices) the chosen sets do not cover, uncoverable ones included."""
        return [i for i in range(self.n_items) if not self.covered >> i & 1]


@dataclass
class GroupShare:
    """One group's part of a :func:`budget_cover_total` answer (indices local to it)."""

    chosen: list[int]
    covered: int
    covered_weight: int
    coverable_weight: int
    n_items: int

    @property
    def given_up(self) -> int:
        return self.coverable_weight - self.covered_weight

    @property
    def uncovered_items(self) -> list[int]:
        return [i for i in range(self.n_items) if not self.covered >> i & 1]


@dataclass
class TotalBudgetResult:
    """:func:`budget_cover_total`: the joint objective, its proof, and each group's share."""

    groups: list[GroupShare]
    status: str
    objective: int                # covered weight over all groups
    bound: int                    # proven upper bound on it
    coverable_weight: int
    greedy_objective: int
    seconds: float
    stats: dict = field(default_factory=dict)

    @property
    def size(self) -> int:
        return sum(len(g.chosen) for g in self.groups)

    @property
    def given_up(self) -> int:
        return self.coverable_weight - self.objective


# --------------------------------------------------------------------------- public API

def partial_cover(problem: CoverProblem, penalties: Sequence[int], *,
                  costs: Sequence[int] | None = None, solver: str = "ilp",
                  time_limit: float = 30.0, seed: int = 0, workers: int = 1) -> PartialResult:
    """Minimise ``sum costs[t] * x_t + sum penalties[i] * (1 - covered_i)`` (CP-SAT).

    ``penalties``: one non-negative integer per item (e.g. ``p * weight_i``, so duplicate
    targets count).  ``costs``: the price of each set, one per template by default (so
    the objective reads "templates + penalties given up").  ``problem.costs`` only break
    ties among optimal selections.  ``solver="greedy"`` returns the baseline alone.
    The objective includes the penalties of items no set covers (unavoidable).
    """
    spec = _Spec.build(problem, penalties, PENALTY, costs=costs)
    return _run_single(spec, solver, time_limit, seed, workers)


def greedy_partial_cover(problem: CoverProblem, penalties: Sequence[int], *,
                         costs: Sequence[int] | None = None) -> PartialResult:
    """The classic weighted greedy for the penalty form (status ``"GREEDY"``).

    Repeatedly takes the set with the lowest ``cost / newly covered penalty`` while that
    ratio is below 1, i.e. while taking it lowers the objective; ties go to the lower
    secondary cost, then the lower index.
    """
    return partial_cover(problem, penalties, costs=costs, solver="greedy")


def budget_cover(problem: CoverProblem, weights: Sequence[int], budget: int, *,
                 solver: str = "ilp", time_limit: float = 30.0, seed: int = 0,
                 workers: int = 1) -> PartialResult:
    """At most ``budget`` sets covering the greatest total ``weights`` of items (CP-SAT).

    ``weights``: one non-negative integer per item (support: how many input instances
    the item stands for).  Among the selections of maximum weight, the fewest sets and
    then the lowest ``problem.costs`` are preferred (phase 2, only after a proof).
    ``solver="greedy"`` returns the baseline alone.
    """
    _check_budget(budget, "budget")
    spec = _Spec.build(problem, weights, BUDGET, total_cap=budget)
    return _run_single(spec, solver, time_limit, seed, workers)


def greedy_budget_cover(problem: CoverProblem, weights: Sequence[int],
                        budget: int) -> PartialResult:
    """The classic greedy for maximum coverage (status ``"GREEDY"``).

    Repeatedly takes the set covering the greatest weight of still uncovered items, until
    ``budget`` sets are taken or no set adds weight; ties go to the lower secondary cost,
    then the lower index.  A ``1 - 1/e`` approximation.
    """
    return budget_cover(problem, weights, budget, solver="greedy")


def budget_cover_total(problems: Sequence[CoverProblem], weights: Sequence[Sequence[int]],
                       budget_total: int, *, budget: int | None = None, solver: str = "ilp",
                       time_limit: float = 30.0, seed: int = 0,
                       workers: int = 1) -> TotalBudgetResult:
    """At most ``budget_total`` sets over all ``problems`` (and at most ``budget`` per
    problem, when given) covering the greatest total weight: one joint CP-SAT model.

    Groups compete for the budget: a group whose instances are all alike gets one
    template while a diverse one gets several.  Returns the joint status and bound and,
    per problem, its chosen sets (indices local to that problem).
    """
    _check_budget(budget_total, "budget_total")
    if budget is not None:
        _check_budget(budget, "budget")
    if len(problems) != len(weights):
        raise ValueError(f"{len(weights)} weight lists for {len(problems)} problems")
    merged, group_of, offsets = _merge(problems)
    flat = [w for ws, p in zip(weights, problems) for w in _check_weights(ws, p.n_items)]
    spec = _Spec.build(merged, flat, BUDGET, total_cap=budget_total, group_of=group_of,
                       group_cap=budget)
    result = _run_single(spec, solver, time_limit, seed, workers)
    shares = []
    for g, problem in enumerate(problems):
        local = [t - offsets[g][0] for t in result.chosen if group_of[t] == g]
        covered = result.covered >> offsets[g][1] & ((1 << problem.n_items) - 1)
        ws = weights[g]
        shares.append(GroupShare(local, covered, _weight_of(covered, ws),
                                 _weight_of(problem.coverable(), ws), problem.n_items))
    return TotalBudgetResult(shares, result.status, result.objective, result.bound,
                             result.coverable_weight, result.greedy_objective, result.seconds,
                             result.stats)


# --------------------------------------------------------------------------- the model

@dataclass
class _Spec:
    """One problem in either form, reduced for the solver.

    Reduction (safe for both forms and for per-group caps): sets covering nothing and
    items of zero weight are dropped; of sets with identical coverage the one with the
    lowest ``(primary cost, secondary cost, index)`` stays; items covered by exactly the
    same sets become one item carrying their summed weight.
    """

    problem: CoverProblem
    form: str
    weights: list[int]            # per original item
    primary: list[int]            # per original set (penalty form); zeros for budget
    total_cap: int | None
    group_of: list[int] | None
    group_cap: int | None
    # reduced problem
    reps: list[int]               # reduced set j -> original set
    rep_of: dict                  # original set -> reduced set (duplicates map too)
    class_weight: list[int]       # reduced item c -> summed weight
    class_sets: list[list[int]]   # reduced item c -> reduced sets covering it
    set_classes: list[int]        # reduced set j -> bitset over reduced items

    @classmethod
    def build(cls, problem: CoverProblem, weights: Sequence[int], form: str, *,
              costs: Sequence[int] | None = None, total_cap: int | None = None,
              group_of: list[int] | None = None, group_cap: int | None = None) -> "_Spec":
        weights = _check_weights(weights, problem.n_items)
        if costs is None:
            primary = [1 if form == PENALTY else 0] * len(problem.sets)
        else:
            primary = list(costs)
            if len(primary) != len(problem.sets) or any(
                    not isinstance(c, int) or c < 0 for c in primary):
                raise ValueError("costs must be one non-negative integer per set")
        reps, rep_of = [], {}
        by_bits: dict[int, int] = {}
        order = sorted(range(len(problem.sets)),
                       key=lambda t: (primary[t], problem.cost(t), t))
        live = sum(1 << i for i, w in enumerate(weights) if w)
        for t in order:
            bits = problem.sets[t] & live
            if not bits:
                continue
            key = bits if group_of is None else (group_of[t], bits)
            if key not in by_bits:
                by_bits[key] = len(reps)
                reps.append(t)
            rep_of[t] = by_bits[key]
        # keep the representatives in index order, so the model does not depend on costs
        position = {t: j for j, t in enumerate(sorted(reps))}
        rep_of = {t: position[reps[j]] for t, j in rep_of.items()}
        reps = sorted(reps)
        covering: list[list[int]] = [[] for _ in range(problem.n_items)]
        for j, t in enumerate(reps):
            for i in _bits(problem.sets[t] & live):
                covering[i].append(j)
        classes: dict[tuple, int] = {}
        class_weight: list[int] = []
        class_sets: list[list[int]] = []
        set_classes = [0] * len(reps)
        for i, sets in enumerate(covering):
            if not sets:
                continue
            c = classes.setdefault(tuple(sets), len(class_weight))
            if c == len(class_weight):
                class_weight.append(0)
                class_sets.append(sets)
                for j in sets:
                    set_classes[j] |= 1 << c
            class_weight[c] += weights[i]
        return cls(problem, form, weights, primary, total_cap, group_of, group_cap, reps,
                   rep_of, class_weight, class_sets, set_classes)

    # -- evaluation on the original problem (exact; never trusts the solver's y/u)
    def objective(self, chosen: list[int]) -> int:
        covered = self.problem.covered_by(chosen)
        if self.form == BUDGET:
            return _weight_of(covered, self.weights)
        return sum(self.primary[t] for t in chosen) + \
            sum(w for i, w in enumerate(self.weights) if not covered >> i & 1)

    def better(self, a: list[int], b: list[int]) -> list[int]:
        """The better selection: objective, then fewer sets, then secondary cost, then a."""
        def key(c):
            obj = self.objective(c)
            return (-obj if self.form == BUDGET else obj, len(c), self.problem.total_cost(c))
        return b if key(b) < key(a) else a

    def lift(self, reduced: list[int]) -> list[int]:
        return sorted(self.reps[j] for j in reduced)

    def lower(self, chosen: list[int]) -> list[int]:
        return sorted({self.rep_of[t] for t in chosen if t in self.rep_of})

    def caps(self) -> list[tuple[list[int], int]]:
        """(reduced sets, at most how many of them) for every budget constraint."""
        out = []
        if self.total_cap is not None:
            out.append((list(range(len(self.reps))), self.total_cap))
        if self.group_cap is not None and self.group_of is not None:
            members: dict[int, list[int]] = {}
            for j, t in enumerate(self.reps):
                members.setdefault(self.group_of[t], []).append(j)
            out.extend((js, self.group_cap) for _g, js in sorted(members.items()))
        return out


def _run_single(spec: _Spec, solver: str, time_limit: float, seed: int,
                workers: int) -> PartialResult:
    if solver not in ("ilp", "greedy"):
        raise ValueError(f"unknown solver {solver!r}; choose 'ilp' or 'greedy'")
    start = perf_counter()
    greedy = spec.lift(_greedy(spec))
    cheap = _cheap_bound(spec)
    stats = {"sets": len(spec.problem.sets), "reduced_sets": len(spec.reps),
             "reduced_items": len(spec.class_weight)}
    if solver == "greedy":
        chosen, status, bound = greedy, "GREEDY", cheap
    else:
        chosen, bound = _solve_cp(spec, greedy, cheap, time_limit, seed, workers, stats)
        objective = spec.objective(chosen)
        status = "OPTIMAL" if objective == bound else "FEASIBLE"
    covered = spec.problem.covered_by(chosen)
    return PartialResult(
        form=spec.form, chosen=chosen, status=status, objective=spec.objective(chosen),
        bound=bound, covered=covered, covered_weight=_weight_of(covered, spec.weights),
        coverable_weight=_weight_of(spec.problem.coverable(), spec.weights),
        greedy_objective=spec.objective(greedy), greedy_chosen=greedy,
        n_items=spec.problem.n_items, seconds=perf_counter() - start, stats=stats)


def _solve_cp(spec: _Spec, greedy: list[int], cheap: int, time_limit: float, seed: int,
              workers: int, stats: dict) -> tuple[list[int], int]:
    """Phase 1 (the form's objective), then phase 2 (ties) after a proof.

    Returns the chosen original sets and the proven bound on the objective.  The bound
    is CP-SAT's when it has one, tightened by the cheap bound; the selection is the
    better of CP-SAT's and greedy's, so never worse than the baseline.
    """
    if not spec.reps:                      # nothing worth covering: the empty selection
        stats.update(phase1="TRIVIAL", phase2="NOT_NEEDED")
        return [], spec.objective([])
    clock = TimeBudget(time_limit, perf_counter())
    model, xs, _objective = _model(spec, spec.lower(greedy))
    cp, status, solution = run_cp_sat(model, xs, clock, seed, workers, "partial-cover")
    stats["phase1"] = status
    chosen = greedy if solution is None else spec.better(greedy, spec.lift(solution))
    offset = _constant(spec)
    bound = cheap
    if status in ("OPTIMAL", "FEASIBLE"):
        if spec.form == BUDGET:
            bound = min(cheap, floor(cp.best_objective_bound + _TOLERANCE))
        else:
            bound = max(cheap, offset + ceil(cp.best_objective_bound - _TOLERANCE))
    stats["phase2"] = "SKIPPED"
    if status == "OPTIMAL" and spec.objective(chosen) == bound:
        chosen = _phase2(spec, chosen, bound - offset, clock, seed, workers, stats)
    stats.update(deterministic_time=clock.used, wall_limit_hit=clock.wall_limit_hit)
    return chosen, bound


def _model(spec: _Spec, hint: list[int]):
    """CP-SAT model of the reduced problem; returns it, the set literals and the objective.

    Penalty form: ``u_c`` = item class ``c`` given up, one clause ``u_c or some x``;
    budget form: ``y_c`` = class covered, ``y_c -> some x``, plus the caps.
    """
    model = cp_model.CpModel()
    xs = [model.new_bool_var(f"x{j}") for j in range(len(spec.reps))]
    hinted = set(hint)
    for j, x in enumerate(xs):
        model.add_hint(x, j in hinted)
    hint_cover = 0
    for j in hinted:
        hint_cover |= spec.set_classes[j]
    flags = []
    for c, sets in enumerate(spec.class_sets):
        flag = model.new_bool_var(f"c{c}")
        covering = [xs[j] for j in sets]
        if spec.form == PENALTY:
            model.add_bool_or(covering + [flag])
            model.add_hint(flag, not hint_cover >> c & 1)
        else:
            model.add_bool_or(covering + [flag.Not()])
            model.add_hint(flag, bool(hint_cover >> c & 1))
        flags.append(flag)
    if spec.form == PENALTY:
        primary = [spec.primary[t] for t in spec.reps]
        objective = cp_model.LinearExpr.weighted_sum(xs + flags, primary + spec.class_weight)
        model.minimize(objective)
    else:
        for members, cap in spec.caps():
            model.add(cp_model.LinearExpr.sum([xs[j] for j in members]) <= cap)
        objective = cp_model.LinearExpr.weighted_sum(flags, spec.class_weight)
        model.maximize(objective)
    return model, xs, objective


def _phase2(spec: _Spec, chosen: list[int], optimum: int, clock: TimeBudget,
            seed: int, workers: int, stats: dict) -> list[int]:
    """Among selections with the proven optimum, the fewest sets (budget form) and then
    the lowest secondary cost; keeps ``chosen`` unless CP-SAT finds a strictly better one."""
    secondary = [spec.problem.cost(t) for t in spec.reps]
    if spec.form == PENALTY and not any(secondary):
        stats["phase2"] = "NO_COSTS"
        return chosen
    if clock.left() <= 0:
        stats["phase2"] = "NO_TIME"
        return chosen
    model, xs, objective = _model(spec, spec.lower(chosen))
    model.clear_objective()
    model.add(objective == optimum)     # keep the proven optimum of phase 1
    if spec.form == BUDGET:
        scale = sum(secondary) + 1
        model.minimize(cp_model.LinearExpr.weighted_sum(xs, [scale + c for c in secondary]))
    else:
        model.minimize(cp_model.LinearExpr.weighted_sum(xs, secondary))
    _, stats["phase2"], solution = run_cp_sat(model, xs, clock, seed, workers, "partial-cover")
    if solution is None:
        return chosen
    return spec.better(chosen, spec.lift(solution))


def _constant(spec: _Spec) -> int:
    """The part of the penalty objective no selection changes: uncoverable penalties."""
    if spec.form != PENALTY:
        return 0
    coverable = spec.problem.coverable()
    return sum(w for i, w in enumerate(spec.weights) if not coverable >> i & 1)


# --------------------------------------------------------------------------- greedy

def _greedy(spec: _Spec) -> list[int]:
    """The form's greedy on the reduced problem; returns reduced set indices.

    Lazy evaluation: a set's gain only shrinks as items get covered, so a heap of stale
    keys is exact when a popped entry whose key is still current is taken.
    """
    gain = _gain_function(spec)
    secondary = [spec.problem.cost(t) for t in spec.reps]
    remaining = (1 << len(spec.class_weight)) - 1
    chosen: list[int] = []
    if spec.form == PENALTY:
        primary = [spec.primary[t] for t in spec.reps]
        def key(j, g):
            return (Fraction(primary[j], g), secondary[j], j)
        heap = [key(j, g) for j in range(len(spec.reps)) if (g := gain(j, remaining))]
        heapq.heapify(heap)
        while heap:
            ratio, _, j = heapq.heappop(heap)
            g = gain(j, remaining)
            if not g:
                continue
            if Fraction(primary[j], g) != ratio:
                heapq.heappush(heap, key(j, g))
                continue
            if primary[j] >= g:             # no longer lowers the objective: stop
                break
            chosen.append(j)
            remaining &= ~spec.set_classes[j]
        return chosen
    caps = spec.caps()
    used = [0] * len(caps)
    cap_of: list[list[int]] = [[] for _ in spec.reps]
    for k, (members, _cap) in enumerate(caps):
        for j in members:
            cap_of[j].append(k)
    heap = [(-g, secondary[j], j) for j in range(len(spec.reps)) if (g := gain(j, remaining))]
    heapq.heapify(heap)
    while heap:
        stale, _, j = heapq.heappop(heap)
        if any(used[k] >= caps[k][1] for k in cap_of[j]):
            continue                        # its group (or the total) is spent
        g = gain(j, remaining)
        if not g:
            continue
        if g != -stale:
            heapq.heappush(heap, (-g, secondary[j], j))
            continue
        chosen.append(j)
        remaining &= ~spec.set_classes[j]
        for k in cap_of[j]:
            used[k] += 1
    return chosen


def _gain_function(spec: _Spec):
    """``gain(j, remaining)``: weight of the remaining reduced items set ``j`` covers."""
    weights = spec.class_weight
    if all(w == 1 for w in weights):
        return lambda j, remaining: (spec.set_classes[j] & remaining).bit_count()
    return lambda j, remaining: sum(weights[c] for c in _bits(spec.set_classes[j] & remaining))


def _cheap_bound(spec: _Spec) -> int:
    """A proven bound on the objective without a solver.

    Budget form (upper): per cap, the sum of the ``cap`` largest set weights, and per
    group its coverable weight, whichever is smaller -- summed over groups, and never
    above the total coverable weight or the largest ``total_cap`` set weights.
    Penalty form (lower): every item pays at least ``min(penalty, cost_t / |t|)`` over
    the sets ``t`` covering it (a chosen set spreads its cost over at most ``|t|`` items),
    plus the unavoidable penalties.
    """
    sizes = [spec.set_classes[j].bit_count() for j in range(len(spec.reps))]
    if spec.form == PENALTY:
        primary = [spec.primary[t] for t in spec.reps]
        total = Fraction(0)
        for c, sets in enumerate(spec.class_sets):
            share = min(Fraction(primary[j], sizes[j]) for j in sets)
            total += min(Fraction(spec.class_weight[c]), share)
        return _constant(spec) + ceil(total)
    gain = _gain_function(spec)
    everything = (1 << len(spec.class_weight)) - 1
    set_weight = [gain(j, everything) for j in range(len(spec.reps))]
    coverable = sum(spec.class_weight)
    bounds = [coverable]
    if spec.total_cap is not None:
        bounds.append(sum(sorted(set_weight, reverse=True)[:spec.total_cap]))
    if spec.group_cap is not None and spec.group_of is not None:
        per_group: dict[int, list[int]] = {}
        covers: dict[int, int] = {}
        for j, t in enumerate(spec.reps):
            g = spec.group_of[t]
            per_group.setdefault(g, []).append(set_weight[j])
            covers[g] = covers.get(g, 0) | spec.set_classes[j]
        bounds.append(sum(min(sum(sorted(ws, reverse=True)[:spec.group_cap]),
                              _weight_of(covers[g], spec.class_weight))
                          for g, ws in per_group.items()))
    return min(bounds)


# --------------------------------------------------------------------------- helpers

def _weight_of(bits: int, weights: Sequence[int]) -> int:
    """Total weight of the items in a bitset."""
    return sum(weights[i] for i in _bits(bits))




def _bits(bits: int):
    """Indices of the set bits, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _check_weights(weights: Sequence[int], n_items: int) -> list[int]:
    weights = list(weights)
    if len(weights) != n_items:
        raise ValueError(f"{len(weights)} weights for {n_items} items")
    if any(not isinstance(w, int) or isinstance(w, bool) or w < 0 for w in weights):
        raise ValueError("weights and penalties must be non-negative integers")
    return weights


def _check_budget(value: int, name: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name} must be a non-negative integer, got {value!r}")


def _merge(problems: Sequence[CoverProblem]):
    """One problem over the disjoint union of the items; set ``t`` belongs to group
    ``group_of[t]``; ``offsets[g]`` = (first set, first item) of group ``g``."""
    sets: list[int] = []
    costs: list[int] = []
    group_of: list[int] = []
    offsets = []
    shift = 0
    for g, p in enumerate(problems):
        offsets.append((len(sets), shift))
        sets.extend(bits << shift for bits in p.sets)
        costs.extend(p.cost(t) for t in range(len(p.sets)))
        group_of.extend([g] * len(p.sets))
        shift += p.n_items
    return CoverProblem(shift, tuple(sets), tuple(costs)), group_of, offsets
