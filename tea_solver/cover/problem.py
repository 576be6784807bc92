"""The set-cover problem of Step 3, its result, and the exact reduction run before the ILP.

One group's problem: items are the group's instances ``0..n_items-1``; candidate ``t``
covers the items :meth:`CoverProblem.members` lists.  The objective is lexicographic:
fewest sets first, then -- only when ``costs`` is given -- the lowest total secondary cost
(e.g. over-generation) among the minimum-cardinality covers.

Why sparse.  A group's candidates are mostly specific: at 100,000 instances a group has
some 400,000 candidates, three quarters of them covering one instance, and 1.6 million
(candidate, instance) pairs in all.  Python-int bitsets cost as many bits as the highest
item they hold (2.4 GB for those candidates) and a dense incidence matrix 40 GB, so the
sets are stored as compressed rows (``indptr``/``indices``, numpy) and every rule below
works on them in time about linear in the pairs.  The bitset view (:attr:`sets`, built on
first use) remains for small problems and callers that want it.

:func:`reduce_problem` shrinks a problem without changing that optimum.  Every rule is
proved safe for the lexicographic objective, so the solvers can work on the (usually
tiny) reduced problem and lift the answer back with :meth:`Reduction.lift`.  It stops
early -- still exact, only less reduced -- when its work budget or its wall-clock
deadline runs out, which is how ``--time-limit`` bounds the whole cover stage.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import chain
from time import perf_counter
from typing import Iterable, Sequence

import numpy as np

#: Default budget of the set-dominance pass, in candidate-superset checks (each one a
#: vectorised subset test); beyond it the remaining sets are kept (``subset_pass: "cut"``).
MAX_SUBSET_WORK = 2_000_000
#: Below this many (set, item) cells the dominance pass uses bitsets (fast on dense sets).
MAX_DENSE = 50_000_000


class CoverProblem:
    """A weighted-tie-break set-cover instance (see the module docstring).

    ``CoverProblem(n_items, sets, costs)`` takes the sets as bitsets (Python ints);
    :meth:`from_members` takes lists of item indices, without ever building a bitset.
    Immutable once made; malformed input is rejected early, since a bad item or cost
    would silently corrupt a cover.
    """

    __slots__ = ("n_items", "indptr", "indices", "costs", "_sets", "_columns")

    def __init__(self, n_items: int, sets: Iterable[int] = (), costs: Sequence[int] | None = None):
        sets = tuple(sets)
        if not isinstance(n_items, int) or n_items < 0:
            raise ValueError(f"n_items must be >= 0, got {n_items}")
        limit = 1 << n_items
        members = []
        for index, bits in enumerate(sets):
            if not isinstance(bits, int) or bits < 0 or bits >= limit:
                raise ValueError(f"set {index} is not a bitset over {n_items} items")
            members.append(_bit_indices(bits))
        self._init(n_items, members, costs)
        self._sets = sets

    @classmethod
    def from_members(cls, n_items: int, members: Iterable[Iterable[int]],
                     costs: Sequence[int] | None = None) -> "CoverProblem":
        """A problem whose set ``t`` covers the items ``members[t]`` (any order, repeats ok)."""
        if not isinstance(n_items, int) or n_items < 0:
            raise ValueError(f"n_items must be >= 0, got {n_items}")
        members = [m if isinstance(m, list) else list(m) for m in members]
        fast = _sorted_rows(n_items, members)
        if fast is not None:
            self = cls.__new__(cls)
            self._init_csr(n_items, *fast, costs)
            self._sets = None
            return self
        arrays = []
        for index, m in enumerate(members):
            a = np.unique(np.fromiter(m, dtype=np.int64))
            if a.size and (a[0] < 0 or a[-1] >= n_items):
                raise ValueError(f"set {index} holds an item outside 0..{n_items - 1}")
            arrays.append(a)
        self = cls.__new__(cls)
        self._init(n_items, arrays, costs)
        self._sets = None
        return self

    @classmethod
    def _from_csr(cls, n_items: int, indptr: np.ndarray, indices: np.ndarray,
                  costs: tuple | None) -> "CoverProblem":
        """Trusted constructor (sorted, in-range rows): the reduction's output."""
        self = cls.__new__(cls)
        self.n_items, self.indptr, self.indices, self.costs = n_items, indptr, indices, costs
        self._sets = self._columns = None
        return self

    def _init(self, n_items: int, members: list, costs) -> None:
        lengths = np.fromiter((len(m) for m in members), dtype=np.int64, count=len(members))
        indptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        indices = (np.concatenate(members).astype(np.int64) if members
                   else np.zeros(0, dtype=np.int64))
        self._init_csr(n_items, indptr, indices, costs)

    def _init_csr(self, n_items: int, indptr: np.ndarray, indices: np.ndarray, costs) -> None:
        """Set the rows (sorted, in range) and check the costs against them."""
        self.n_items = n_items
        self.indptr, self.indices = indptr, indices
        n_sets = len(indptr) - 1
        if costs is not None:
            costs = tuple(costs)
            if len(costs) != n_sets:
                raise ValueError(f"{len(costs)} costs for {n_sets} sets")
            if any(not isinstance(c, int) or c < 0 for c in costs):
                raise ValueError("costs must be non-negative integers")
        self.costs = costs
        self._columns = None

    # --- views -------------------------------------------------------------------------

    @property
    def n_sets(self) -> int:
        return len(self.indptr) - 1

    @property
    def sets(self) -> tuple[int, ...]:
        """The sets as bitsets (built on first use: costly for large problems)."""
        if self._sets is None:
            self._sets = tuple(_bits_of(self.members(t)) for t in range(self.n_sets))
        return self._sets

    def members(self, t: int) -> np.ndarray:
        """Sorted item indices of set ``t`` (a read-only view)."""
        return self.indices[self.indptr[t]:self.indptr[t + 1]]

    def member_lists(self) -> "MemberView":
        """``view[t]`` is :meth:`members` of ``t``: what :mod:`tea_solver.support` takes."""
        return MemberView(self)

    def sizes(self) -> np.ndarray:
        return np.diff(self.indptr)

    def columns(self) -> tuple[np.ndarray, np.ndarray]:
        """``(colptr, rows)``: the sets covering item ``i`` are ``rows[colptr[i]:colptr[i+1]]``,
        in increasing order."""
        if self._columns is None:
            self._columns = _transpose(self.indptr, self.indices, self.n_items)
        return self._columns

    def cost(self, index: int) -> int:
        """Secondary cost of set ``index``; 0 for every set when no costs are given."""
        return 0 if self.costs is None else self.costs[index]

    def cost_array(self) -> np.ndarray:
        return (np.zeros(self.n_sets, dtype=np.int64) if self.costs is None
                else np.asarray(self.costs, dtype=np.int64))

    def total_cost(self, chosen: Sequence[int]) -> int:
        """Secondary cost of a selection of sets."""
        return sum(self.cost(t) for t in chosen)

    def coverable_mask(self) -> np.ndarray:
        """Boolean array: does some set cover item ``i``?"""
        mask = np.zeros(self.n_items, dtype=bool)
        mask[self.indices] = True
        return mask

    def covered_mask(self, chosen: Sequence[int]) -> np.ndarray:
        mask = np.zeros(self.n_items, dtype=bool)
        for t in chosen:
            mask[self.members(t)] = True
        return mask

    def coverable(self) -> int:
        """Bitset of the items at least one set covers."""
        return _bits_of(np.flatnonzero(self.coverable_mask()))

    def uncovered(self) -> int:
        """Number of items no set covers; solvers skip them instead of failing."""
        return self.n_items - int(self.coverable_mask().sum())

    def covered_by(self, chosen: Sequence[int]) -> int:
        """Bitset of the items a selection of sets covers."""
        return _bits_of(np.flatnonzero(self.covered_mask(chosen)))

    def covers_all(self, chosen: Sequence[int]) -> bool:
        """Does the selection cover every coverable item?"""
        return bool(np.array_equal(self.covered_mask(chosen), self.coverable_mask()))


class MemberView(Sequence):
    """Read-only sequence of the member arrays of a problem's sets."""

    def __init__(self, problem: CoverProblem):
        self._p = problem

    def __len__(self) -> int:
        return self._p.n_sets

    def __getitem__(self, t):
        return self._p.members(t)


def _sorted_rows(n_items: int, members: list) -> tuple[np.ndarray, np.ndarray] | None:
    """``(indptr, indices)`` of ``members`` in one pass, where every row is already
    strictly increasing and within ``0..n_items-1`` (what :func:`tea_solver.extract.coverage`
    gives: each item appended once, in order); None otherwise, for the row-by-row path
    (``np.unique`` per row, which also names the first bad row).  One array for all
    rows instead of a ``np.unique`` call per row: a group has tens of thousands of
    candidates, most covering one or two items."""
    lengths = np.fromiter((len(m) for m in members), dtype=np.int64, count=len(members))
    indptr = np.zeros(len(members) + 1, dtype=np.int64)
    np.cumsum(lengths, out=indptr[1:])
    total = int(indptr[-1])
    try:
        indices = np.fromiter(chain.from_iterable(members), dtype=np.int64, count=total)
    except (TypeError, ValueError, OverflowError):
        return None
    if total:
        if indices.min() < 0 or indices.max() >= n_items:
            return None
        steps = np.diff(indices)
        # a step inside a row (not onto the next row's first item) must be positive
        inside = np.ones(len(steps), dtype=bool)
        starts = indptr[1:-1]
        inside[starts[(starts > 0) & (starts < total)] - 1] = False
        if not np.all(steps[inside] > 0):
            return None
    return indptr, indices


def _bit_indices(bits: int) -> np.ndarray:
    if not bits:
        return np.zeros(0, dtype=np.int64)
    raw = np.frombuffer(bits.to_bytes((bits.bit_length() + 7) // 8, "little"), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little")).astype(np.int64)


def _bits_of(items: np.ndarray) -> int:
    if not len(items):
        return 0
    flags = np.zeros(int(items[-1]) + 1 if len(items) else 0, dtype=bool)
    flags[items] = True
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def _transpose(indptr: np.ndarray, indices: np.ndarray, n_cols: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """CSR -> CSC: column pointers and, per column, its rows in increasing order."""
    rows = np.repeat(np.arange(len(indptr) - 1, dtype=np.int64), np.diff(indptr))
    order = np.argsort(indices, kind="stable")
    colptr = np.concatenate([[0], np.cumsum(np.bincount(indices, minlength=n_cols))])
    return colptr.astype(np.int64), rows[order]


@dataclass
class CoverResult:
    """A solver's answer for one :class:`CoverProblem` (field meanings in SPEC §4 terms).

    ``status`` is ``"OPTIMAL"`` only with a proof, ``"FEASIBLE"`` for an unproved ILP cover
    and ``"GREEDY"`` for the greedy baseline; ``lower_bound`` is always a proven bound on
    the number of sets, so ``lower_bound <= len(chosen)`` and equality means optimal.
    """

    chosen: list[int]
    status: str
    lower_bound: int
    greedy_size: int
    uncovered: int
    seconds: float
    stats: dict = field(default_factory=dict)

    @property
    def size(self) -> int:
        """Number of chosen sets (templates)."""
        return len(self.chosen)


@dataclass(frozen=True)
class Reduction:
    """What :func:`reduce_problem` returns.

    ``problem`` is the reduced problem: its set ``j`` is the original set ``set_ids[j]``
    restricted to the surviving items, and its item ``i`` is the original item
    ``item_ids[i]``.  ``forced`` lists the original sets every cover must contain.  Any
    cover ``C`` of ``problem`` gives the original cover ``lift(C)`` of every coverable item,
    and an optimal ``C`` gives an optimal lift (same lexicographic objective, shifted by
    the forced sets).
    """

    problem: CoverProblem
    set_ids: tuple[int, ...]
    item_ids: tuple[int, ...]
    forced: tuple[int, ...]
    stats: dict

    def lift(self, chosen: list[int]) -> list[int]:
        """Map reduced set indices back to a sorted list of original indices, plus forced."""
        return sorted([*self.forced, *(self.set_ids[j] for j in chosen)])

    def lower(self, chosen: list[int]) -> list[int]:
        """Map original set indices to the reduced ones that survived (for solver hints)."""
        position = {t: j for j, t in enumerate(self.set_ids)}
        return sorted(position[t] for t in chosen if t in position)


def reduce_problem(problem: CoverProblem, max_subset_work: int = MAX_SUBSET_WORK,
                   deadline: float | None = None) -> Reduction:
    """Apply the exact reduction rules below until none fires; return a :class:`Reduction`.

    Rules, applied in this order in each round (each one keeps an optimal lexicographic
    cover -- fewest sets, then lowest cost -- within reach):

    1. *Uncovered items and empty sets.*  Items no set covers are dropped (they are
       reported, never an error); sets that cover no remaining item are dropped.
    2. *Identical coverage.*  Of sets with the same coverage keep one, the lowest
       ``(cost, index)``: the others are interchangeable and never cheaper.
    3. *Set dominance.*  A set that is a strict subset of another set with cost ``<=`` its
       own is dropped: swapping it for the superset never adds a set or cost.  "Dominates"
       is a strict partial order, so dropping every dominated set at once is safe: each is
       dominated by an undominated one.  A set's possible supersets are the sets covering
       its rarest item; the pass stops (keeping the sets it has not examined) after
       ``max_subset_work`` such checks in all, and is skipped when that is negative.
    4. *Item dominance.*  If every set covering item ``a`` also covers item ``b``, covering
       ``a`` covers ``b`` and ``b``'s constraint is implied: ``b`` is dropped.  Of items
       with identical covering sets the lowest index is kept.
    5. *Forced sets.*  An item covered by exactly one set forces that set into every
       cover; the set and the items it covers leave the problem.

    Dropping sets can make items dominated or forced and vice versa, hence the rounds.
    The procedure is deterministic (no hashing order or randomness reaches a decision)
    unless ``deadline`` (a ``time.perf_counter()`` value) passes: then the rule under way
    applies what it has found, and the reduction stops there (``stats["cut"] == "time"``).
    """
    state = _State.start(problem)
    stats = {"candidates": problem.n_sets, "coverable": state.n_live_items(),
             "duplicates": 0, "dominated_sets": 0, "dominated_items": 0, "rounds": 0,
             "subset_pass": "done" if max_subset_work >= 0 else "skipped", "cut": None}
    clock = _Clock(deadline)
    budget = [max_subset_work]
    forced: list[int] = []
    while not clock.out() and state.n_sets():
        stats["rounds"] += 1
        before = state.shape()
        state.drop_empty()
        stats["duplicates"] += state.keep_sets(_unique_sets(state))
        if stats["subset_pass"] != "skipped" and not clock.out():
            keep, cut = _undominated_sets(state, budget, clock)
            stats["dominated_sets"] += state.keep_sets(keep)
            if cut and stats["subset_pass"] == "done":
                stats["subset_pass"] = "cut"
        if not clock.out():
            stats["dominated_items"] += state.keep_items(_undominated_items(state, clock))
        forced.extend(state.take_forced())
        if state.shape() == before:
            break
    state.drop_empty()
    if clock.hit:
        stats["cut"] = "time"
    stats.update(after_reduction=state.n_sets(), items_after_reduction=state.n_live_items(),
                 forced=len(forced))
    return Reduction(state.to_problem(), tuple(state.set_ids.tolist()),
                     tuple(np.flatnonzero(state.item_alive).tolist()), tuple(sorted(forced)),
                     stats)


class _Clock:
    """The reduction's wall-clock deadline, looked at every few hundred steps."""

    def __init__(self, deadline: float | None):
        self.deadline = deadline
        self.hit = False

    def out(self) -> bool:
        if self.deadline is not None and not self.hit and perf_counter() > self.deadline:
            self.hit = True
        return self.hit


@dataclass
class _State:
    """The shrinking problem: compressed rows of the live sets over the live items.

    ``set_ids`` are the original ids of the rows (increasing), ``indices`` hold original
    item ids, ``item_alive`` marks the items still in the problem.
    """

    n_items: int
    indptr: np.ndarray
    indices: np.ndarray
    set_ids: np.ndarray
    costs: np.ndarray
    item_alive: np.ndarray
    has_costs: bool

    @classmethod
    def start(cls, problem: CoverProblem) -> _State:
        return cls(problem.n_items, problem.indptr.copy(), problem.indices.copy(),
                   np.arange(problem.n_sets, dtype=np.int64), problem.cost_array(),
                   np.ones(problem.n_items, dtype=bool), problem.costs is not None)

    def n_sets(self) -> int:
        return len(self.set_ids)

    def n_live_items(self) -> int:
        counts = np.bincount(self.indices, minlength=self.n_items)
        return int(((counts > 0) & self.item_alive).sum())

    def shape(self) -> tuple[int, int]:
        return self.n_sets(), int(self.item_alive.sum())

    def sizes(self) -> np.ndarray:
        return np.diff(self.indptr)

    def row(self, r: int) -> np.ndarray:
        return self.indices[self.indptr[r]:self.indptr[r + 1]]

    def columns(self) -> tuple[np.ndarray, np.ndarray]:
        return _transpose(self.indptr, self.indices, self.n_items)

    def _filter(self, keep_rows: np.ndarray) -> None:
        """Keep the rows where ``keep_rows`` is True and the entries of live items."""
        lengths = np.diff(self.indptr)
        row_of = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
        entry = self.item_alive[self.indices] & keep_rows[row_of]
        new_lengths = np.bincount(row_of[entry], minlength=len(lengths))[keep_rows]
        self.indices = self.indices[entry]
        self.indptr = np.concatenate([[0], np.cumsum(new_lengths)]).astype(np.int64)
        self.set_ids, self.costs = self.set_ids[keep_rows], self.costs[keep_rows]

    def keep_sets(self, keep: np.ndarray) -> int:
        """Keep the rows where ``keep`` is True; return how many were dropped."""
        dropped = int((~keep).sum())
        if dropped:
            self._filter(keep)
        return dropped

    def keep_items(self, drop: np.ndarray) -> int:
        """Drop the (original) item ids in ``drop``; return how many were live."""
        drop = drop[self.item_alive[drop]]
        if len(drop):
            self.item_alive[drop] = False
            self._filter(np.ones(self.n_sets(), dtype=bool))
        return len(drop)

    def drop_empty(self) -> None:
        """Rule 1: drop items nothing covers, then sets that cover nothing."""
        counts = np.bincount(self.indices, minlength=self.n_items)
        self.item_alive &= counts > 0
        self.keep_sets(self.sizes() > 0)

    def take_forced(self) -> list[int]:
        """Rule 5: remove the sets that are some item's only cover; return their ids."""
        colptr, rows = self.columns()
        counts = np.diff(colptr)
        single = np.flatnonzero((counts == 1) & self.item_alive)
        if not len(single):
            return []
        forced_rows = np.unique(rows[colptr[single]])
        covered = np.concatenate([self.row(r) for r in forced_rows.tolist()])
        self.item_alive[covered] = False
        keep = np.ones(self.n_sets(), dtype=bool)
        keep[forced_rows] = False
        forced = self.set_ids[forced_rows].tolist()
        self._filter(keep)
        return forced

    def to_problem(self) -> CoverProblem:
        """The live sets over the live items, items renumbered ``0..k-1`` in id order."""
        live = np.flatnonzero(self.item_alive)
        new_id = np.full(self.n_items, -1, dtype=np.int64)
        new_id[live] = np.arange(len(live), dtype=np.int64)
        return CoverProblem._from_csr(len(live), self.indptr.copy(), new_id[self.indices],
                                      tuple(self.costs.tolist()) if self.has_costs else None)


def _unique_sets(state: _State) -> np.ndarray:
    """Rule 2: mask keeping the lowest ``(cost, index)`` row of each distinct coverage."""
    order = np.lexsort((state.set_ids, state.costs))
    keep = np.zeros(state.n_sets(), dtype=bool)
    seen: set = set()
    # rows as slices of Python lists: a numpy slice per row cost more than the check
    indptr, indices = state.indptr.tolist(), state.indices.tolist()
    for r in order.tolist():
        key = tuple(indices[indptr[r]:indptr[r + 1]])
        if key not in seen:
            seen.add(key)
            keep[r] = True
    return keep


def _undominated_sets(state: _State, budget: list, clock: _Clock) -> tuple[np.ndarray, bool]:
    """Rule 3 (rows must be distinct): mask of rows no cheaper-or-equal strict superset has,
    and whether the work budget or the clock cut the pass short.

    Any superset of a row covers the row's rarest item, so the rivals of a row are the
    other rows covering that item with cost ``<=`` its own and more items; each is tested
    with one vectorised subset check.  One-item rows (most of a large group) need no
    check: any other row covering the item is a strict superset (rows are distinct), so
    such a row is dominated as soon as one of them costs no more.
    """
    n = state.n_sets()
    keep = np.ones(n, dtype=bool)
    if n < 2:
        return keep, False
    if n * state.n_items <= MAX_DENSE:
        return _undominated_sets_dense(state), False
    sizes = state.sizes()
    costs = state.costs
    colptr, rows = state.columns()
    counts = np.diff(colptr)
    # one-item rows: dominated iff >= 2 rows covering the item cost <= this row's cost
    ones = np.flatnonzero(sizes == 1)
    if len(ones):
        item = state.indices[state.indptr[ones]]
        entry_cost = costs[rows]
        entry_item = np.repeat(np.arange(state.n_items, dtype=np.int64), counts)
        scale = int(costs.max()) + 1 if len(costs) else 1
        keys = np.sort(entry_item * scale + entry_cost)
        at_most = np.searchsorted(keys, item * scale + costs[ones], side="right") - colptr[item]
        keep[ones[at_most >= 2]] = False
    indptr, indices = state.indptr, state.indices
    cut = False
    for step, r in enumerate(np.flatnonzero(sizes > 1).tolist()):
        if budget[0] <= 0 or (step & 255 == 0 and clock.out()):
            cut = True
            break
        mine = indices[indptr[r]:indptr[r + 1]]
        rarest = mine[np.argmin(counts[mine])]
        rivals = rows[colptr[rarest]:colptr[rarest + 1]]
        rivals = rivals[(sizes[rivals] > len(mine)) & (costs[rivals] <= costs[r])]
        for t in rivals.tolist():
            budget[0] -= 1
            theirs = indices[indptr[t]:indptr[t + 1]]
            pos = np.searchsorted(theirs, mine)
            if (pos < len(theirs)).all() and (theirs[pos] == mine).all():
                keep[r] = False
                break
    return keep, cut


def _undominated_sets_dense(state: _State) -> np.ndarray:
    """Rule 3 on a small problem, with bitsets: the same mask as the sparse pass, faster
    where sets are many and dense.

    Rows are renumbered by ``(cost, index)`` so that "cost <= mine" is a bit prefix; a
    row's possible dominators are the AND of its items' columns within that prefix.  The
    items are visited rarest first, so the AND usually becomes empty after a step or two.
    """
    order = np.lexsort((state.set_ids, state.costs))
    matrix = np.zeros((state.n_sets(), state.n_items), dtype=bool)
    rank = np.empty(state.n_sets(), dtype=np.int64)
    rank[order] = np.arange(state.n_sets())
    matrix[np.repeat(rank, state.sizes()), state.indices] = True
    packed = np.packbits(matrix.T, axis=1, bitorder="little")
    columns = [int.from_bytes(row.tobytes(), "little") for row in packed]
    counts = matrix.sum(axis=0)
    del matrix, packed
    sorted_costs = state.costs[order].tolist()
    # every row's items rarest first (a stable sort of the row by count), for all rows
    # in one lexsort: sorting each row apart cost a few numpy calls on a tiny array per row
    sizes = state.sizes()
    row_of = np.repeat(np.arange(state.n_sets(), dtype=np.int64), sizes)
    entry_order = np.lexsort((np.arange(len(state.indices)), counts[state.indices], row_of))
    rarest_first = state.indices[entry_order].tolist()
    indptr = state.indptr.tolist()
    keep = np.ones(state.n_sets(), dtype=bool)
    position_limit: dict = {}
    for position, r in enumerate(order.tolist()):
        cost = sorted_costs[position]
        prefix = position_limit.get(cost)
        if prefix is None:
            prefix = position_limit[cost] = bisect_right(sorted_costs, cost)
        rivals = ((1 << prefix) - 1) & ~(1 << position)
        for item in rarest_first[indptr[r]:indptr[r + 1]]:
            rivals &= columns[item]
            if not rivals:
                break
        keep[r] = not rivals
    return keep


def _undominated_items(state: _State, clock: _Clock) -> np.ndarray:
    """Rule 4: the (original) ids of the items whose constraint another item's implies.

    ``implied[a]`` is the intersection of the rows covering ``a``: the items every cover
    of ``a`` also covers.  Identical columns are resolved first (lowest index kept), so
    among the representatives any implication is strict and dropping all implied items
    is safe.  An item one of whose rows covers it alone implies nothing (most items of a
    large group) and is skipped without a look.
    """
    colptr, rows = state.columns()
    sizes = state.sizes()
    live = np.flatnonzero(state.item_alive & (np.diff(colptr) > 0))
    dropped: list = []
    representatives = []
    seen: set = set()
    for i in live.tolist():
        key = rows[colptr[i]:colptr[i + 1]].tobytes()
        if key in seen:
            dropped.append(i)
        else:
            seen.add(key)
            representatives.append(i)
    if not representatives:
        return np.asarray(dropped, dtype=np.int64)
    reps = np.asarray(representatives, dtype=np.int64)
    entry_size = sizes[rows]
    smallest = np.minimum.reduceat(entry_size, colptr[reps]) if len(rows) else sizes[:0]
    dominated = np.zeros(state.n_items, dtype=bool)
    todo = reps[smallest > 1].tolist()
    if todo:
        # as Python lists, each column's rows smallest first (a stable sort of the
        # column by row size, for all columns in one lexsort) and each row's items:
        # the loop below reads a few tiny slices per item, which numpy made cost more
        # in call overhead than the intersections themselves
        col_of = np.repeat(np.arange(state.n_items, dtype=np.int64), np.diff(colptr))
        by_size = rows[np.lexsort((np.arange(len(rows)), entry_size, col_of))].tolist()
        col_at, row_at = colptr.tolist(), state.indptr.tolist()
        items = state.indices.tolist()
    for step, a in enumerate(todo):
        if step & 255 == 0 and clock.out():
            break
        mine = by_size[col_at[a]:col_at[a + 1]]
        implied = set(items[row_at[mine[0]]:row_at[mine[0] + 1]])
        for t in mine[1:]:
            implied.intersection_update(items[row_at[t]:row_at[t + 1]])
            if len(implied) == 1:
                break
        implied.discard(a)
        dominated[list(implied)] = True
    return np.concatenate([np.asarray(dropped, dtype=np.int64), reps[dominated[reps]]])
