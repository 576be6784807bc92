"""The set-cover problem of Step 3, its result, and the exact reduction run before the ILP.

One group's problem: items are the group's instances ``0..n_items-1``; candidate ``t``
covers the items whose bits are set in ``sets[t]`` (a Python int used as a bitset, so
union, intersection and subset tests are single big-int operations).  The objective is
lexicographic: fewest sets first, then -- only when ``costs`` is given -- the lowest total
secondary cost (e.g. over-generation) among the minimum-cardinality covers.

:func:`reduce_problem` shrinks a problem without changing that optimum.  Every rule is
proved safe for the lexicographic objective, so the solvers can work on the (usually
tiny) reduced problem and lift the answer back with :meth:`Reduction.lift`.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

import numpy as np

#: The subset (set-dominance) pass is skipped when ``candidates * items`` exceeds this,
#: which bounds its worst case; ``stats["subset_pass"]`` records whether it ran.
MAX_SUBSET_WORK = 50_000_000


@dataclass(frozen=True)
class CoverProblem:
    """A weighted-tie-break set-cover instance (see the module docstring).

    ``sets`` and ``costs`` are stored as tuples so that a problem is hashable and cannot
    change under a solver; lists are accepted and converted.
    """

    n_items: int
    sets: tuple[int, ...]
    costs: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "sets", tuple(self.sets))
        if self.costs is not None:
            object.__setattr__(self, "costs", tuple(self.costs))
        self._validate()

    def _validate(self) -> None:
        """Reject malformed input early: a bad bit or cost would silently corrupt a cover."""
        if self.n_items < 0:
            raise ValueError(f"n_items must be >= 0, got {self.n_items}")
        limit = 1 << self.n_items
        for index, bits in enumerate(self.sets):
            if not isinstance(bits, int) or bits < 0 or bits >= limit:
                raise ValueError(f"set {index} is not a bitset over {self.n_items} items")
        if self.costs is None:
            return
        if len(self.costs) != len(self.sets):
            raise ValueError(f"{len(self.costs)} costs for {len(self.sets)} sets")
        if any(not isinstance(c, int) or c < 0 for c in self.costs):
            raise ValueError("costs must be non-negative integers")

    def cost(self, index: int) -> int:
        """Secondary cost of set ``index``; 0 for every set when no costs are given."""
        return 0 if self.costs is None else self.costs[index]

    def total_cost(self, chosen: list[int]) -> int:
        """Secondary cost of a selection of sets."""
        return sum(self.cost(t) for t in chosen)

    def coverable(self) -> int:
        """Bitset of the items at least one set covers."""
        mask = 0
        for bits in self.sets:
            mask |= bits
        return mask

    def uncovered(self) -> int:
        """Number of items no set covers; solvers skip them instead of failing."""
        return self.n_items - self.coverable().bit_count()

    def covered_by(self, chosen: list[int]) -> int:
        """Bitset of the items a selection of sets covers."""
        mask = 0
        for t in chosen:
            mask |= self.sets[t]
        return mask


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


def reduce_problem(problem: CoverProblem, max_subset_work: int = MAX_SUBSET_WORK) -> Reduction:
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
       dominated by an undominated one.  Skipped when ``sets * items > max_subset_work``.
    4. *Item dominance.*  If every set covering item ``a`` also covers item ``b``, covering
       ``a`` covers ``b`` and ``b``'s constraint is implied: ``b`` is dropped.  Of items
       with identical covering sets the lowest index is kept.
    5. *Forced sets.*  An item covered by exactly one set forces that set into every
       cover; the set and the items it covers leave the problem.

    Dropping sets can make items dominated or forced and vice versa, hence the rounds.
    The procedure is deterministic (no hashing order or randomness reaches a decision).
    """
    state = _State.start(problem)
    stats = {"candidates": len(problem.sets), "coverable": state.n_live_items(),
             "duplicates": 0, "dominated_sets": 0, "dominated_items": 0, "rounds": 0,
             "subset_pass": "done" if _subset_pass_allowed(state, max_subset_work) else "skipped"}
    forced: list[int] = []
    while state.n_sets():
        stats["rounds"] += 1
        before = state.shape()
        state.drop_empty()
        stats["duplicates"] += state.keep_sets(_unique_sets(state))
        if stats["subset_pass"] == "done":
            stats["dominated_sets"] += state.keep_sets(_undominated_sets(state))
        stats["dominated_items"] += state.keep_items(_undominated_items(state))
        forced.extend(state.take_forced())
        if state.shape() == before:
            break
    state.drop_empty()
    stats.update(after_reduction=state.n_sets(), items_after_reduction=state.n_live_items(),
                 forced=len(forced))
    return Reduction(state.to_problem(problem), tuple(int(t) for t in state.set_ids),
                     tuple(int(i) for i in state.item_ids), tuple(sorted(forced)), stats)


def _subset_pass_allowed(state: _State, max_subset_work: int) -> bool:
    return state.n_sets() * state.n_live_items() <= max_subset_work


@dataclass
class _State:
    """The shrinking problem: an incidence matrix with the original ids of rows and columns.

    Rows are sets, columns are items; ``matrix[r, c]`` is True when set ``set_ids[r]``
    covers item ``item_ids[c]``.  numpy makes the transposes and filters cheap, while the
    rules themselves work on packed Python-int bitsets.
    """

    matrix: np.ndarray
    set_ids: np.ndarray
    item_ids: np.ndarray
    costs: np.ndarray

    @classmethod
    def start(cls, problem: CoverProblem) -> _State:
        costs = np.zeros(len(problem.sets), dtype=np.int64) if problem.costs is None \
            else np.asarray(problem.costs, dtype=np.int64)
        return cls(incidence(problem.sets, problem.n_items),
                   np.arange(len(problem.sets)), np.arange(problem.n_items), costs)

    def n_sets(self) -> int:
        return self.matrix.shape[0]

    def n_live_items(self) -> int:
        return int(self.matrix.any(axis=0).sum())

    def shape(self) -> tuple[int, int]:
        return self.matrix.shape

    def keys(self) -> list[tuple[int, int]]:
        """Tie-break key of each row: lower cost first, then lower original index."""
        return list(zip(self.costs.tolist(), self.set_ids.tolist()))

    def keep_sets(self, keep: np.ndarray) -> int:
        """Keep the rows where ``keep`` is True; return how many were dropped."""
        self.matrix, self.set_ids, self.costs = \
            self.matrix[keep], self.set_ids[keep], self.costs[keep]
        return int((~keep).sum())

    def keep_items(self, keep: np.ndarray) -> int:
        """Keep the columns where ``keep`` is True; return how many were dropped."""
        self.matrix, self.item_ids = self.matrix[:, keep], self.item_ids[keep]
        return int((~keep).sum())

    def drop_empty(self) -> None:
        """Rule 1: drop items nothing covers, then sets that cover nothing."""
        self.keep_items(self.matrix.any(axis=0))
        self.keep_sets(self.matrix.any(axis=1))

    def take_forced(self) -> list[int]:
        """Rule 5: remove the sets that are some item's only cover; return their ids."""
        single = self.matrix.sum(axis=0) == 1
        if not single.any():
            return []
        rows = np.unique(self.matrix[:, single].argmax(axis=0))
        forced = self.set_ids[rows].tolist()
        self.keep_items(~self.matrix[rows].any(axis=0))
        is_forced = np.zeros(self.n_sets(), dtype=bool)
        is_forced[rows] = True
        self.keep_sets(~is_forced)
        return forced

    def to_problem(self, original: CoverProblem) -> CoverProblem:
        costs = None if original.costs is None else tuple(self.costs.tolist())
        return CoverProblem(self.matrix.shape[1], tuple(pack_rows(self.matrix)), costs)


def _unique_sets(state: _State) -> np.ndarray:
    """Rule 2: mask keeping the lowest ``(cost, index)`` row of each distinct coverage."""
    best: dict[int, int] = {}
    keys = state.keys()
    for row, bits in enumerate(pack_rows(state.matrix)):
        if bits not in best or keys[row] < keys[best[bits]]:
            best[bits] = row
    keep = np.zeros(state.n_sets(), dtype=bool)
    keep[list(best.values())] = True
    return keep


def _undominated_sets(state: _State) -> np.ndarray:
    """Rule 3 (rows must be distinct): mask of rows no cheaper-or-equal strict superset has.

    Rows are renumbered by ``(cost, index)`` so that "cost <= mine" is a bit prefix; a
    row's possible dominators are the AND of its items' columns within that prefix.  The
    items are visited rarest first, so the AND usually becomes empty after a step or two.
    """
    order = sorted(range(state.n_sets()), key=state.keys().__getitem__)
    matrix = state.matrix[order]
    matrix = matrix[:, np.argsort(matrix.sum(axis=0), kind="stable")]
    columns = pack_columns(matrix)
    sorted_costs = state.costs[order].tolist()
    keep = np.ones(state.n_sets(), dtype=bool)
    for position, row in enumerate(matrix):
        prefix = bisect_right(sorted_costs, sorted_costs[position])
        rivals = ((1 << prefix) - 1) & ~(1 << position)
        for item in np.flatnonzero(row).tolist():
            rivals &= columns[item]
            if not rivals:
                break
        keep[order[position]] = not rivals
    return keep


def _undominated_items(state: _State) -> np.ndarray:
    """Rule 4: mask of the items whose constraint another item's constraint does not imply.

    ``implied[a]`` is the AND of the sets covering ``a``: the items every cover of ``a``
    also covers.  Identical columns are resolved first (lowest index kept), so among the
    representatives any implication is strict and dropping all implied items is safe.
    """
    keep = _unique_items(state)
    rows = pack_rows(state.matrix)
    by_size = np.argsort(state.matrix.sum(axis=1), kind="stable")
    representatives = np.flatnonzero(keep).tolist()
    dominated = 0
    for item in representatives:
        implied = -1
        for row in by_size[state.matrix[by_size, item]].tolist():
            implied &= rows[row]
            if implied == 1 << item:
                break
        dominated |= implied & ~(1 << item)
    for item in representatives:
        keep[item] = not dominated >> item & 1
    return keep


def _unique_items(state: _State) -> np.ndarray:
    """Mask keeping the lowest-index item of each group with identical covering sets."""
    seen: set[int] = set()
    keep = np.zeros(state.matrix.shape[1], dtype=bool)
    for item, column in enumerate(pack_columns(state.matrix)):
        keep[item] = column not in seen
        seen.add(column)
    return keep


def incidence(sets: tuple[int, ...] | list[int], n_items: int) -> np.ndarray:
    """Boolean matrix ``[set, item]`` of bitsets (one ``to_bytes`` per set, no bit loops)."""
    width = max(1, (n_items + 7) // 8)
    buffer = b"".join(bits.to_bytes(width, "little") for bits in sets)
    packed = np.frombuffer(buffer, dtype=np.uint8).reshape(len(sets), width)
    return np.unpackbits(packed, axis=1, bitorder="little")[:, :n_items].astype(bool)


def pack_rows(matrix: np.ndarray) -> list[int]:
    """Each row of a boolean matrix as a bitset over its columns."""
    packed = np.packbits(matrix, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def pack_columns(matrix: np.ndarray) -> list[int]:
    """Each column of a boolean matrix as a bitset over its rows."""
    return pack_rows(matrix.T)
