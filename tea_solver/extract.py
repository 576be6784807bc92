"""The TEA pipeline for one group, and for a whole instance file.

One *group* is the set of instances that share a source ``template_id``;
extraction runs per group (SPEC §2):

1. segment every target (:mod:`tea_solver.tokenize`);
2. Step 1, keys (:mod:`tea_solver.keys`);
3. Step 2, candidates: every template that generates each distinct target
   (:mod:`tea_solver.candidates`), giving one coverage set per template;
4. Step 3, cover: the fewest templates that generate every target
   (:mod:`tea_solver.cover`: greedy baseline or exact CP-SAT);
5. support counts and the min-support filter (:mod:`tea_solver.support`);
6. template objects with their lexicons (:mod:`tea_solver.output`).

Identical targets are one item of the cover (they need the same template) but
count one by one in ``support`` and ``covered``.
"""

from __future__ import annotations

import gc
import math
import time
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from typing import Iterable, Sequence

from tea_solver import __version__
from tea_solver.agreement import MISFIT_COST
from tea_solver.candidates import KeyIndex, instance_candidates, shape_slots
from tea_solver.cover import CoverProblem, greedy_cover, ilp_cover
from tea_solver.cover.greedy import greedy_order
from tea_solver.cover.partial import budget_cover, budget_cover_total, partial_cover
from tea_solver.io.records import Instance
from tea_solver.keys.base import Key
from tea_solver.keys.model.units import written_spaced
from tea_solver.output import build_templates, output_names, shape_text
from tea_solver.progress import bar as progress_bar
from tea_solver.recover import recover_values, undouble
from tea_solver.support import filter_by_support
from tea_solver.tokenize import Segmented, segment
from tea_solver.workers import GroupPool

CARRIED_EXCLUDE = frozenset({"id", "template_id", "source", "target", "fill", "lang"})


@dataclass(frozen=True)
class ExtractOptions:
    """Every setting that changes the output (recorded in ``report.settings``)."""

    solver: str = "ilp"             # "ilp" (exact, CP-SAT) or "greedy" (the paper)
    keys: str = "align"             # "align" (alignment-guided) or "graph" (the paper)
    k: int = 2                      # graph: at most k tokens between two nodes
    paths: str = "attested"         # graph: "attested" or "graph" paths
    normalize_keys: bool = True     # graph: strip shared affixes, merge equal keys
    match: str = "token"            # "token" or "substring" terminal matching
    key_selection: str = "all"      # "all" keys at once, or "iterative" (paper Step 3)
    min_support: int = 1
    time_limit: float = 30.0        # per group, CP-SAT deterministic seconds
    seed: int = 0
    max_candidates: int = 4096      # per instance; beyond it enumeration is cut
    aligner: str = "cooccurrence"   # align: which aligner
    align_model: str | None = None  # align: SimAlign model (hub id or path)
    align_method: str = "itermax"   # align: SimAlign method
    agreement: bool = True          # align: split/couple templates whose slots agree
    align_anywhere: bool = False    # align: match terminals anywhere, not only aligned spans
    outliers: str = "auto"          # align: leave out instances the model finds corrupted ("off": full cover)
    cross_group: bool = True        # align: refine spans with evidence from other groups
    budget: int | None = None       # at most this many templates per group (partial cover)
    budget_total: int | None = None  # at most this many templates over the whole file

    def settings(self) -> dict:
        d = asdict(self)
        if self.keys == "align":      # the Step-1 model's parameters (tea_solver.keys.model)
            from tea_solver.keys.model.params import ModelParams
            d["model"] = ModelParams().as_dict()
        d["tool"] = "tea-solver %s" % __version__
        return d


@dataclass
class GroupResult:
    template_id: str
    templates: list = field(default_factory=list)
    report: dict = field(default_factory=dict)


def find_keys(segs: Sequence[Segmented], instances: Sequence[Instance],
              opts: ExtractOptions, alignment=None) -> tuple[list[Key], dict | None]:
    """Step 1 by the selected method: the keys, and for alignment keys where
    each target's aligned spans are (Step 2 replaces only those, unless
    ``align_anywhere``).  ``alignment``: the group's alignment, when
    :func:`extract` made it with the whole file in view."""
    if opts.keys == "graph":
        from tea_solver.keys.graph import graph_keys
        return graph_keys(segs, opts.k, paths=opts.paths, normalize=opts.normalize_keys), None
    if opts.keys == "align":
        from tea_solver.keys.model import group_keys
        if alignment is None:
            alignment = align_file(OrderedDict([("", list(instances))]), opts)[0][0]
        keys, positions = group_keys(alignment)
        return keys, (None if opts.align_anywhere else positions)
    raise ValueError("unknown key method %r" % opts.keys)


def template_cost(shape, values: dict, covered: int, full_slots: int | None = None,
                  slots: list | None = None) -> int:
    """Secondary objective among covers of minimum size: over-generation.

    ``values`` maps each key of the shape to the set of values its slots take
    over the covered items.  The template generates Π falling(|values|, draws)
    strings (cardinals of one key are distinct) of which ``covered`` were seen;
    the cost is ten times log2 of that ratio plus one per slot, so a tight
    template beats a loose one (``{very} {state}`` beats one ``{very state}``
    slot of 150 glued values) and a slot that never varies is not free.

    With alignment keys every slot translates a source slot, so a slot is
    worth keeping even where it takes one value (the variant template of the
    one state that takes some preposition): given ``full_slots``, the one per
    slot is charged per slot *missing* against it instead.  ``slots``: the
    shape's :func:`shape_slots`, where the caller has them already.
    """
    draws: dict[int, int] = {}
    if slots is None:
        slots = shape_slots(shape)
    for kid, card in slots:
        draws[kid] = max(draws.get(kid, 0), card + 1)
    log_size = 0.0
    for kid, d in draws.items():
        log_size += _log_falling(len(values[kid]), d)
    over = int(round(10 * max(0.0, log_size - math.log2(covered))))
    if full_slots is not None:
        return over + max(0, full_slots - len(slots))
    return over + len(slots)


@lru_cache(maxsize=1 << 14)
def _log_falling(n: int, d: int) -> float:
    """``log2`` of the falling factorial ``n (n-1) … (n-d+1)`` (each factor at
    least 1), summed factor by factor as :func:`template_cost` always did.
    Cached: a pure function of two integers, asked once per key of every
    candidate of every group, mostly with the same few arguments."""
    return sum(math.log2(max(1, n - j)) for j in range(d))


#: at most this many (shape, fills) candidates of a group are kept from the
#: first pass for reading the kept templates' fills back; a larger group
#: enumerates its candidates a second time instead (memory over time)
KEEP_CANDIDATES = 500_000


def coverage(items: Sequence[tuple], index: KeyIndex, cap: int, keep: bool = False):
    """Candidate statistics over the items, in order of discovery.

    Returns ``(cover, values, truncated, kept)``: shape → covered item
    indices, shape → {key id: values its slots take}, how many items hit
    ``cap``, and (with ``keep``) each item's ``(shape, fills)`` candidates
    while they number :data:`KEEP_CANDIDATES` or fewer in all, else None.
    """
    cov: dict = OrderedDict()
    values: dict = {}
    truncated = 0
    kept: list | None = [] if keep else None
    n_kept = 0
    for i, segs in enumerate(items):
        cands, cut = instance_candidates(segs, index, cap)
        truncated += cut
        if kept is not None:
            n_kept += len(cands)
            if n_kept <= KEEP_CANDIDATES:
                kept.append(cands)
            else:
                kept = None
        # (get, then insert where missing: setdefault's default, a new list,
        # dict or set, was built for every candidate and fill and mostly thrown away)
        for shape, fills in cands:
            members = cov.get(shape)
            if members is None:
                members = cov[shape] = []
                per_key = values[shape] = {}
            else:
                per_key = values[shape]
            members.append(i)
            for (kid, _card), value in fills.items():
                seen = per_key.get(kid)
                if seen is None:
                    seen = per_key[kid] = set()
                seen.add(value)
    return cov, values, truncated, kept


def select_keys_iteratively(items: Sequence[tuple], keys: Sequence[Key], match: str,
                            cap: int, positions: dict | None = None) -> list[Key]:
    """The paper's Step 3: start with no key, add the key that shrinks the
    (greedy) cover most, stop when no key shrinks it.  Ties go to the lower id."""
    chosen: list[Key] = []
    best = _greedy_size(items, chosen, match, cap, positions)
    remaining = list(keys)
    while remaining:
        trials = [(_greedy_size(items, chosen + [key], match, cap, positions), key.id, key)
                  for key in remaining]
        size, _, key = min(trials, key=lambda t: (t[0], t[1]))
        if size >= best:
            break
        best = size
        chosen.append(key)
        remaining.remove(key)
    return chosen


def _greedy_size(items, keys, match, cap, positions=None) -> int:
    cov, _, _, _ = coverage(items, KeyIndex(keys, match, positions), cap)
    return len(greedy_order(CoverProblem.from_members(len(items), cov.values())))


def _carried_fields(instances: Sequence[Instance]) -> dict:
    """Extra fields (label, capability, …) every instance of the group shares."""
    first = instances[0].raw
    out = {}
    for name, value in first.items():
        if name in CARRIED_EXCLUDE:
            continue
        if all(inst.raw.get(name, object()) == value for inst in instances[1:]):
            out[name] = value
    return out


@dataclass
class _Prepared:
    """One group after Steps 1-2: its cover problem and what building templates needs."""

    items: list
    weights: list
    keys: list
    index: KeyIndex
    shapes: list
    sets: object                    # the problem's member lists (MemberView)
    problem: CoverProblem
    truncated: int
    multi: bool
    candidates: list | None = None  # per item, its (shape, fills) (:func:`coverage`), if kept


def _prepare_group(instances: Sequence[Instance], opts: ExtractOptions,
                   alignment=None) -> _Prepared:
    """Steps 1-2 for one group: keys, candidates, and the cover problem over them."""
    multi = instances[0].multi
    # distinct targets are the cover's items; weights count the duplicates
    item_of: dict[tuple, int] = OrderedDict()
    weights: list[int] = []
    for inst in instances:
        i = item_of.setdefault(inst.target, len(item_of))
        if i == len(weights):
            weights.append(0)
        weights[i] += 1
    targets = list(item_of)
    items = [tuple(segment(t) for t in target) for target in targets]
    all_segs = [seg for segs in items for seg in segs]

    keys, positions = find_keys(all_segs, instances, opts, alignment)
    if opts.key_selection == "iterative":
        keys = select_keys_iteratively(items, keys, opts.match, opts.max_candidates, positions)
    elif opts.key_selection != "all":
        raise ValueError("key_selection must be 'all' or 'iterative'")
    index = KeyIndex(keys, opts.match, positions, targets=items)

    cov, values, truncated, kept = coverage(items, index, opts.max_candidates, keep=True)
    shapes = list(cov)
    slots = [shape_slots(s) for s in shapes]
    full = max((len(sl) for sl in slots), default=0) if opts.keys == "align" else None
    costs = tuple(template_cost(s, values[s], len(cov[s]), full, sl)
                  for s, sl in zip(shapes, slots))
    del slots
    del values
    problem = CoverProblem.from_members(len(items), cov.values(), costs)
    del cov
    return _Prepared(items, weights, keys, index, shapes, problem.member_lists(), problem,
                     truncated, multi, kept)


def group_problem(instances: Sequence[Instance], opts: ExtractOptions,
                  alignment=None) -> tuple[CoverProblem, list]:
    """The group's cover problem and item weights (``--budget-total`` solves them jointly)."""
    prep = _prepare_group(instances, opts, alignment)
    return prep.problem, prep.weights


def extract_group(template_id: str, instances: Sequence[Instance],
                  opts: ExtractOptions, alignment=None, share=None) -> GroupResult:
    """Run the whole pipeline on one group (pure function of its inputs).

    ``alignment`` (``--keys align``): the group's spans as refined across the
    file (:func:`align_file`); without it the group is aligned on its own.
    ``share`` (``--budget-total``): ``(chosen sets, report block)`` of the joint
    budgeted cover, which replaces this group's own cover.
    """
    t0 = time.perf_counter()
    prep = _prepare_group(instances, opts, alignment)
    items, weights, keys, index, shapes, sets, problem = (
        prep.items, prep.weights, prep.keys, prep.index, prep.shapes, prep.sets, prep.problem)
    by_id = {key.id: key for key in keys}
    budget = None
    if share is not None:
        result, budget = _ShareResult(share[0]), dict(share[1])
    elif opts.budget is not None:
        result = budget_cover(problem, weights, opts.budget, solver=opts.solver,
                              time_limit=opts.time_limit, seed=opts.seed)
        budget = _budget_block(result, opts.budget)
    elif (outlier_costs := _outlier_costs(opts, alignment)) is not None:
        template_cost, penalty = outlier_costs
        odd = _odd_items(instances, alignment)
        pres = partial_cover(problem, [(1 if odd[i] else penalty) * w
                                       for i, w in enumerate(weights)],
                             costs=[template_cost] * len(sets), solver=opts.solver,
                             time_limit=opts.time_limit, seed=opts.seed)
        result = _ShareResult(pres.chosen)
        budget = _outlier_block(pres, alignment.noise_rate, template_cost, penalty)
    elif opts.solver == "ilp":
        result = ilp_cover(problem, time_limit=opts.time_limit, seed=opts.seed)
    elif opts.solver == "greedy":
        result = greedy_cover(problem)
    else:
        raise ValueError("unknown solver %r" % opts.solver)

    filtered: list = []
    kept, supports, owner = filter_by_support(result.chosen, sets, weights, opts.min_support,
                                              dropped=filtered)
    kept_shapes = [shapes[c] for c in kept]
    # most support first, then the template whose first instance comes first
    order = sorted(range(len(kept)), key=lambda p: (-supports[p], int(sets[kept[p]][0])))
    kept_shapes = [kept_shapes[p] for p in order]
    generated = problem.covered_mask(kept)

    # fills of every covered item for every kept shape (a second, cheap pass)
    wanted = {shape: n for n, shape in enumerate(kept_shapes)}
    item_fills: list[list] = [[] for _ in kept_shapes]
    for i, segs in enumerate(items):
        if not generated[i]:
            continue
        cands = (prep.candidates[i] if prep.candidates is not None
                 else instance_candidates(segs, index, opts.max_candidates)[0])
        for shape, f in cands:
            n = wanted.get(shape)
            if n is not None:
                item_fills[n].append((i, f))
    if budget is not None and budget.get("scope") == "outliers":
        # a doubled frame word taken into a value seen once: a corrupted copy
        undoubled = undouble(kept_shapes, item_fills, written_spaced(
            seg.text for segs in items for seg in segs))
        owner = [None if i in undoubled else p for i, p in enumerate(owner)]
        learned: dict = {}
        budget["recovered"] = len(undoubled) + recover_values(
            items, generated, index, opts.max_candidates, kept_shapes, item_fills, by_id,
            _item_occurrences(instances, alignment), alignment.forms, alignment.glue,
            learned, alignment.agreement, alignment.company, alignment.predicted)
        split_keys = _with_sources(by_id, learned)
    else:
        split_keys = by_id
    n_of_position = {p: n for n, p in enumerate(order)}
    assigned = [n_of_position[p] if p is not None else None for p in owner]

    carried = _carried_fields(instances)
    dropped = [{"template": shape_text(shapes[t], output_names([shapes[t]], by_id), by_id,
                                       prep.multi), "support": n} for t, n in filtered]
    left_out: set = set()
    outliers = budget is not None and budget.get("scope") == "outliers"
    templates = build_templates(template_id, kept_shapes, item_fills, assigned, weights,
                                split_keys,
                                prep.multi, agreement=opts.agreement,
                                min_support=opts.min_support,
                                evidence=alignment.agreement if alignment is not None else None,
                                dropped=dropped,
                                noise_rate=alignment.noise_rate if outliers else None,
                                left_out=left_out)
    for obj in templates:
        for name, value in carried.items():
            obj.setdefault(name, value)

    covered = sum(t["support"] for t in templates)
    report = OrderedDict([
        ("template_id", template_id),
        ("instances", len(instances)),
        ("templates", len(templates)),
        ("solver", opts.solver),
        ("status", budget["status"] if budget else result.status),
        ("greedy_templates", budget.get("greedy_templates") if budget else result.greedy_size),
        # a budgeted cover bounds the covered weight, not the number of templates
        ("lower_bound", None if budget else result.lower_bound),
        ("covered", covered),
        ("seconds", round(time.perf_counter() - t0, 3)),
        ("distinct_targets", len(items)),
        ("keys", len(keys)),
        ("candidates", len(shapes)),
        ("cover_size", len(result.chosen)),
        ("truncated_instances", prep.truncated),
        ("dropped", dropped),           # templates --min-support removed, with their support
    ])
    if budget is not None:
        lost = {i for i, p in enumerate(owner) if p is None} | left_out
        item_of = {t: i for i, t in enumerate(dict.fromkeys(inst.target for inst in instances))}
        budget["uncovered"] = [inst.id for inst in instances if item_of[inst.target] in lost]
        report["outliers" if budget.get("scope") == "outliers" else "budget"] = budget
    return GroupResult(template_id, templates, dict(report))


def _outlier_costs(opts: "ExtractOptions", alignment) -> tuple[int, int] | None:
    """Template cost and the penalty of leaving out a sound instance in the
    noise-robust cover, or None for the full cover.

    The Step-1 model flags instances whose frame is at odds with all their
    values (:func:`tea_solver.keys.model.suspicious`) and estimates from them
    the share ρ of corrupted instances in the file.  Unless ρ is above
    ``prior_template`` (π: the prior share of clean instances that need a
    template of their own) by more than chance explains
    (:func:`tea_solver.keys.model.noisy_file`), the file is clean and the
    cover is the full one.  Otherwise a flagged instance costs next to nothing to leave out (it is
    explained as a corrupted copy), a sound one costs three templates (``agreement.MISFIT_COST``; it is
    always covered), and a template costs ``log 1/π``.  Costs are in
    thousandths of a nat (CP-SAT takes integers).
    """
    rate = getattr(alignment, "noise_rate", None)
    if opts.outliers != "auto" or rate is None or opts.budget is not None \
            or alignment.suspicious is None:
        return None
    from tea_solver.keys.model.params import ModelParams
    prior = ModelParams().prior_template
    if not getattr(alignment, "noisy", False):
        return None
    template_cost = int(round(1000 * math.log(1 / prior)))
    return template_cost, MISFIT_COST * template_cost


def _with_sources(by_id: dict, learned: dict) -> dict:
    """The keys by id, each with the source values of the texts the outliers
    gave back (:func:`tea_solver.recover.recover_values`) added to its
    ``sources``, which agreement reads to tell a value's forms apart."""
    out = dict(by_id)
    for kid, texts in learned.items():
        key = by_id[kid]
        sources, names = dict(key.sources), dict(key.texts)
        for text, srcs in texts.items():
            term = (text,)
            sources[term] = frozenset(sources.get(term, frozenset()) | srcs)
            names.setdefault(term, text)
        out[kid] = replace(key, sources=sources, texts=names)
    return out


def _item_occurrences(instances: Sequence[Instance], alignment) -> list | None:
    """Per distinct target (cover item): the source occurrences of each of its
    instances, once per distinct list (what
    :func:`tea_solver.recover.recover_values` writes out).  Two instances
    share a text with different fills where a corruption replaced the one
    value they differ in; each still has its own value to give back."""
    if alignment.occurrences is None:
        return None
    per: dict = {}
    for inst, occs in zip(instances, alignment.occurrences):
        seen = per.setdefault(inst.target, [])
        if occs not in seen:
            seen.append(occs)
    return list(per.values())


def _odd_items(instances: Sequence[Instance], alignment) -> list:
    """Per distinct target (cover item): flagged as corrupted by the model."""
    odd: dict = {}
    for inst, flag in zip(instances, alignment.suspicious):
        odd[inst.target] = odd.get(inst.target, True) and flag
    return list(odd.values())


def _outlier_block(result, rate: float, template_cost: int, penalty: int) -> dict:
    """``report.groups[].outliers``: the noise-robust cover's costs, proof and what it left out."""
    return OrderedDict([("scope", "outliers"), ("noise_rate", round(rate, 4)),
                        ("template_cost", template_cost), ("penalty", penalty),
                        ("status", result.status), ("objective", result.objective),
                        ("bound", result.bound), ("greedy_objective", result.greedy_objective),
                        ("greedy_templates", len(result.greedy_chosen))])


@dataclass
class _ShareResult:
    """A group's part of the joint ``--budget-total`` cover, or a noise-robust
    cover, shaped as a cover result."""

    chosen: list


def _budget_block(result, budget: int | None, scope: str = "group") -> dict:
    """``report.groups[].budget``: what the budgeted cover kept, gave up and proved.

    Weights are instances (duplicates of a target count), so ``covered`` and
    ``given_up`` are numbers of input instances; ``upper_bound`` is the proven
    bound on ``covered``.  With ``scope == "total"`` the status and the bound
    are the joint ones, in ``report.budget_total``.  ``uncovered`` (added by
    :func:`extract_group`) lists the instances no written template generates.
    """
    block = OrderedDict([("scope", scope), ("budget", budget), ("status", result.status),
                         ("covered", result.covered_weight),
                         ("coverable", result.coverable_weight),
                         ("given_up", result.given_up)])
    if scope == "group":
        block["upper_bound"] = result.bound
        block["greedy_covered"] = result.greedy_objective
        block["greedy_templates"] = len(result.greedy_chosen)
    return dict(block)


def group_instances(instances: Iterable[Instance]) -> "OrderedDict[str, list]":
    """Instances by ``template_id``, groups in order of first appearance."""
    groups: OrderedDict[str, list] = OrderedDict()
    for inst in instances:
        groups.setdefault(inst.template_id, []).append(inst)
    return groups


def _run_group(args):
    template_id, instances, opts, alignment, *share = args
    with few_full_collections():        # (in a worker process too)
        return extract_group(template_id, instances, opts, alignment, *share)


def _run_problem(args):
    _template_id, instances, opts, alignment = args
    with few_full_collections():
        return group_problem(instances, opts, alignment)


#: the oldest generation's collection threshold while extracting (CPython's default is 10)
FULL_COLLECTION_THRESHOLD = 10_000


@contextmanager
def few_full_collections():
    """Defer the garbage collector's full collections while the pipeline runs.

    Extraction builds millions of small objects that live until it ends (the
    model's counts and bitsets, every candidate's shape and fills), so CPython's
    full collections -- one whenever the surviving objects have grown by a
    quarter, each a pass over every one of them -- found almost nothing to free
    and took a fifth of the time (2.1 s of French's 14 s of CPU).  Young
    collections go on as before, so short-lived cycles are still freed; the
    thresholds are restored on the way out.  Collection decides only when
    unreachable objects are freed, never a result.
    """
    before = gc.get_threshold()
    gc.set_threshold(before[0], before[1], max(before[2], FULL_COLLECTION_THRESHOLD))
    try:
        yield
    finally:
        gc.set_threshold(*before)


def joint_budget(tasks: list, opts: ExtractOptions, pool: "GroupPool | None" = None
                 ) -> tuple[list, dict]:
    """``--budget-total``: one budgeted cover over every group's cover problem.

    Steps 1-2 run per group (in parallel), the joint CP-SAT model then shares
    ``opts.budget_total`` templates between the groups (at most ``opts.budget``
    each, when given) so as to cover the most instances; its time limit is
    ``opts.time_limit`` per group.  Returns each task with its share appended
    (for :func:`extract_group`) and ``report.budget_total``.
    """
    problems = (pool or GroupPool(1, 0)).map(_run_problem, tasks, None,
                                             [len(t[1]) for t in tasks])
    total = budget_cover_total([p for p, _ in problems], [w for _, w in problems],
                               opts.budget_total, budget=opts.budget, solver=opts.solver,
                               time_limit=opts.time_limit * max(1, len(tasks)),
                               seed=opts.seed)
    shares = []
    for task, part in zip(tasks, total.groups):
        block = OrderedDict([("scope", "total"), ("budget", opts.budget),
                             ("status", total.status), ("covered", part.covered_weight),
                             ("coverable", part.coverable_weight),
                             ("given_up", part.given_up)])
        shares.append(task + ((part.chosen, dict(block)),))
    report = OrderedDict([
        ("budget_total", opts.budget_total), ("budget", opts.budget), ("solver", opts.solver),
        ("status", total.status), ("templates", total.size), ("covered", total.objective),
        ("upper_bound", total.bound), ("coverable", total.coverable_weight),
        ("given_up", total.given_up), ("greedy_covered", total.greedy_objective),
        ("seconds", round(total.seconds, 3))])
    return shares, dict(report)


def align_file(groups: "OrderedDict[str, list]", opts: ExtractOptions,
               progress: bool | None = False) -> tuple[list, list]:
    """``--keys align``: fit the Step-1 model to the whole file
    (:mod:`tea_solver.keys.model`) and read each group's value spans off it.

    Runs in the calling process (the model needs every group at once).
    Returns the alignments in group order and notes on the fitted model (the
    template affixes it found).
    """
    from tea_solver.keys.model import STAGES, fit_file, fit_groups_apart
    from tea_solver.agreement import agreement_evidence
    aligner = {"name": opts.aligner, "model": opts.align_model, "method": opts.align_method}
    # --no-cross-group: the ablation without file-level evidence, each group its own file
    fit = fit_file if opts.cross_group else fit_groups_apart
    bar = progress_bar(len(STAGES) * (1 if opts.cross_group else len(groups)), "align",
                       progress, unit="stage")
    model = fit(groups, aligner=aligner,
                on_stage=(lambda _name: bar.update(1)) if bar else None)
    if bar:
        bar.close()
    for al, evidence in zip(model.groups, agreement_evidence(model.groups)):
        al.agreement = evidence
    notes = [{"rule": "template affix", "group": g, "slot": _slot_name(slot),
              "prefix": pre, "suffix": suf} for g, slot, pre, suf in model.affixes]
    return model.groups, notes


def _slot_name(slot) -> str:
    base, index = slot
    return base if index is None else "%s[%d]" % (base, index)


def align_fallback(instances: Sequence[Instance], opts: ExtractOptions
                   ) -> tuple[ExtractOptions, dict | None]:
    """The options to run with, and why ``--keys align`` fell back (or None).

    Alignment keys need every instance's ``source`` and ``fill`` (SPEC §2);
    a file translated without them (the paper's own setting) is still a valid
    input, so it is extracted with the paper's graph keys instead of failing,
    and the reason names the first instance that lacks them.  The report
    records it and ``report.settings`` says which keys made the output.
    """
    if opts.keys != "align":
        return opts, None
    for inst in instances:
        for name in ("source", "fill"):
            if getattr(inst, name) is None:
                return replace(opts, keys="graph"), {
                    "requested": "align", "used": "graph", "line": inst.line or None,
                    "instance": inst.id,
                    "reason": "instance has no '%s' (needed by --keys align)" % name}
    return opts, None


def extract(instances: Sequence[Instance], opts: ExtractOptions = ExtractOptions(),
            jobs: int = 1, progress: bool | None = None, lang: str | None = None) -> dict:
    """Extract a target CheckList document (SPEC §1, §4) from instances.

    Groups run in parallel on ``jobs`` processes; results are collected in input
    order, so the output does not depend on scheduling.  ``progress``: bars on
    stderr (None: on a terminal, after a few seconds; see :mod:`tea_solver.progress`).
    """
    with few_full_collections():
        return _extract(instances, opts, jobs, progress, lang)


def _extract(instances: Sequence[Instance], opts: ExtractOptions, jobs: int,
             progress: bool | None, lang: str | None) -> dict:
    """:func:`extract`'s body."""
    opts, fallback = align_fallback(instances, opts)
    groups = group_instances(instances)
    with GroupPool(jobs, len(groups)) as pool:
        alignments, notes = [None] * len(groups), None
        if opts.keys == "align":
            alignments, notes = align_file(groups, opts, progress)
        tasks = [(tid, insts, opts, al) for (tid, insts), al in zip(groups.items(), alignments)]
        bar = progress_bar(len(tasks), "extract", progress)
        budget_total = None
        if opts.budget_total is not None:
            tasks, budget_total = joint_budget(tasks, opts, pool)
        results: list[GroupResult] = pool.map(_run_group, tasks, bar,
                                              [len(t[1]) for t in tasks])
        if bar:
            bar.close()
    if lang is None:
        langs = {inst.lang for inst in instances if inst.lang}
        lang = sorted(langs)[0] if len(langs) == 1 else None
    doc: dict = OrderedDict([("format", "tea-checklist/1")])
    if lang:
        doc["lang"] = lang
    doc["lexicons"] = {}
    doc["templates"] = [t for r in results for t in r.templates]
    doc["report"] = {"settings": opts.settings(), "groups": [r.report for r in results]}
    if notes is not None:
        doc["report"]["cross_group"] = notes
    if fallback is not None:
        doc["report"]["keys_fallback"] = fallback
    if budget_total is not None:
        doc["report"]["budget_total"] = budget_total
    return dict(doc)
