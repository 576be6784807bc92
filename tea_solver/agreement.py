"""Agreement: split a template whose slots do not vary independently.

A template generates the Cartesian product of its slots' values.  When one
*source* value of slot B is translated by several target forms (Hindi
``लंबा`` / ``लंबी`` for *tall*) and the form is decided by the value of another
slot A (the first name's gender), the product contains strings no one wrote
(``मैरी … लंबा``).  Two remedies, chosen by the data:

* **class split** (lexicon-conditioned variants): the values of A fall into a
  few classes, each selecting one form of every multi-form B value; one
  template per class, with its A values and the B forms of its class
  (values of B with a single form go to every class);
* **coupled tuple key**: when every class is a single A value (a one-to-one
  dependency, as an adjective that agrees with each noun separately), one
  template whose A and B slots become ``{a_b[0]}`` / ``{a_b[1]}`` of one tuple
  key whose entries are the attested (A, B) pairs — unless the file shows A
  values sharing a form (:func:`_shared_classes`): then the group merely drew
  one value of each class, and it is split by class as the groups that drew
  more are.

Only what the *value forms* justify is split: a combination merely unseen
(the group saw a sample) is no evidence, so A's classes are merged wherever
their observed forms do not contradict each other.  With few instances per
group an A value may meet no multi-form B value at all, or too few to tell
its class from another's; the other groups of the file, which draw the same
values, then say which form it selects (:func:`agreement_evidence`): a source
value's class (a profession's gender) does not change between sentences.
Detection needs to know which source value a target form translates, so it runs on alignment keys
(:mod:`tea_solver.keys.align`); graph keys carry no such information and are
left as they are.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Mapping, Sequence

#: share of a value's observations one form must hold to count as the form it selects
CONSISTENT = 0.9
from tea_solver.keys.base import Key
from tea_solver.tokenize import token_strings

Slot = tuple  # (key id, cardinal)


@dataclass
class Part:
    """One output template cut from a candidate shape.

    ``values`` overrides the lexicon values per key id; ``items`` are the
    covered item indices this part generates; ``coupled`` is ``(A, B)`` when
    the two slots become elements 0 and 1 of one tuple key with ``pairs``.
    """

    values: dict
    items: list
    coupled: tuple | None = None
    pairs: list = field(default_factory=list)


def _sources(key: Key) -> dict:
    """Target form (text, and its tokens) → source values it translated."""
    out: dict = {}
    for term, srcs in key.sources.items():
        out[term] = srcs
        text = key.texts.get(term)
        if text is not None:
            out[text] = srcs
    return out


def _source_of(src_map: dict, text: str) -> frozenset:
    return src_map.get(text) or src_map.get(tuple(token_strings(text))) or frozenset()


def _classes(item_fills, a: Slot, b: Slot, multi: set, src_map: dict,
             elsewhere: Mapping | None = None, tolerance: int = 0, rate: float = 0.0):
    """Group A's values by the B forms they select, and how many observations
    contradict that (:func:`_joint_classes`); None if A does not decide them."""
    return _joint_classes(item_fills, a, [(b, multi, src_map, elsewhere)], tolerance, rate)


def _joint_classes(item_fills, a: Slot, deps: Sequence[tuple], tolerance: int = 0,
                   rate: float = 0.0):
    """Group A's values by the forms they select in every dependent slot:
    ``(classes, contradictions)``, or None.

    ``deps`` holds ``(B, multi, src_map, elsewhere)`` per slot B whose
    multi-form source values A decides; a class's signature maps
    ``(B, source value)`` to the form.  None if A does not decide some B's
    form.  ``elsewhere``: A value → {B source value: form} the other groups
    of the file show it selecting (:func:`_file_signatures`, or None); it
    completes what the group saw, to tell the classes apart, but a class's
    forms stay those its members were seen with here -- save in a noisy
    file, where the group's readings of another form than the file shows
    the value selecting are contradictions, not the value's form.

    An A value selects, of each B source value, the form most of its
    observations show; an observation with another form contradicts the
    dependency.  ``tolerance`` is how many contradicting observations the
    file's noise explains (:func:`noise_tolerance`; 0 in a clean file, where
    one contradiction means A does not decide B): a corrupted copy that put
    another form of a value in (``zunčujuhas`` for ``zunčuju``) does not stop
    the split, it is left out of every part (reported uncovered).  A tie
    between two forms is no majority: in a clean file A then does not decide
    B; in a noisy one (a value seen twice, one copy corrupted) the group says
    nothing of that form -- the file's evidence (``elsewhere``) does, or the
    value joins the first class its other forms allow -- and the minority
    observations count as contradictions.  ``rate``: the file's share of
    corrupted instances; a class of A values whose readings differ from
    another class's in no more than the noise explains is no class
    (:func:`_absorb_noise_classes`).
    """
    counts: dict = defaultdict(Counter)
    for _i, fills in item_fills:
        for b, multi, src_map, _elsewhere in deps:
            form = fills[b]
            for src in _source_of(src_map, form) & multi:
                counts[(fills[a], (b, src))][form] += 1
    sig: dict = defaultdict(dict)
    contradictions = 0
    file_forms = {b: elsewhere or {} for b, _multi, _src_map, elsewhere in deps}
    for (value, dep), forms in sorted(counts.items(), key=repr):
        ranked = forms.most_common()
        # in a noisy file, the form the whole file shows the value selecting
        # (nearly every time) outweighs this group's few readings of another:
        # a source value's class does not change between sentences, and a
        # corrupted copy that happens to read another class's form
        # (``ฝาแฎื๊จึ้`` without the ending beside a profession whose other
        # readings, here and in the file, take it) gives it no class of its own
        chosen = file_forms[dep[0]].get(value, {}).get(dep[1]) if tolerance else None
        if chosen is not None and chosen != ranked[0][0]:
            contradictions += sum(forms.values()) - forms.get(chosen, 0)
            sig.setdefault(value, {})   # the value is A's, its form here the file's
            if contradictions > tolerance:
                return None
            continue
        contradictions += sum(forms.values()) - ranked[0][1]
        if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
            if not tolerance:
                return None
            sig.setdefault(value, {})   # the value is A's, its form here undecided
        else:
            sig[value][dep] = ranked[0][0]
        if contradictions > tolerance:
            return None
    full = {v: dict(forms) for v, forms in sig.items()}
    for b, _multi, _src_map, elsewhere in deps:
        for value, forms in sorted((elsewhere or {}).items()):
            for src, form in forms.items():
                full.setdefault(value, {}).setdefault((b, src), form)
    classes: list[tuple[dict, dict, list]] = []
    for value in sorted(full):
        for merged, seen, members in classes:
            if all(merged.get(s, f) == f for s, f in full[value].items()):
                merged.update(full[value])
                seen.update(sig.get(value, {}))
                members.append(value)
                break
        else:
            classes.append((dict(full[value]), dict(sig.get(value, {})), [value]))
    if tolerance:
        classes, contradictions = _absorb_noise_classes(classes, counts, sig, rate,
                                                        tolerance, contradictions)
    # A values never seen with a multi-form B value join every class
    free = sorted({fills[a] for _i, fills in item_fills} - set(full))
    return [(seen, members + free) for _merged, seen, members in classes], contradictions


def _absorb_noise_classes(classes: list, counts: Mapping, sig: Mapping, rate: float,
                          tolerance: int, contradictions: int) -> tuple[list, int]:
    """Merge away the classes a few corrupted readings made, in a noisy file.

    A class is cut wherever one A value's reading of a B value differs from
    another's; one corrupted copy that dropped a marker (``ปูษูญื`` for
    ``ปูษูญืโธึ`` beside a profession seen eight times) gives that profession
    a class of its own, a template of its own beside the right class's.
    Weakest class first (fewest observations), each of its A values joins
    the other class whose forms its observations contradict least, if they
    contradict it no more than noise explains for that value -- fewer than
    half of its ``n`` observations, and as many or more of ``n`` corrupted
    at the file's rate has a chance of at least ``noise_alpha``, the test
    :func:`~tea_solver.keys.model.noisy_file` makes (one odd reading of five,
    six or eight does, one of one or two does not) -- and the
    group's contradictions stay within ``tolerance``.  A class of values
    whose every reading differs (a gender, a harmony class) is never merged:
    its contradictions are all its observations.
    """
    from tea_solver.keys.model import binomial_tail
    from tea_solver.keys.model.params import ModelParams
    alpha = ModelParams().noise_alpha
    readings: dict = defaultdict(dict)      # A value -> dep -> Counter of forms
    for (value, dep), forms in counts.items():
        readings[value][dep] = forms
    # (a Counter: a class member with no reading of a multi-form value, an A
    # value that met none, has no observations -- not a missing key)
    seen_n = Counter({v: sum(sum(f.values()) for f in deps.values())
                      for v, deps in readings.items()})

    def against(value, merged) -> int:
        return sum(n for dep, forms in readings[value].items() if dep in merged
                   for form, n in forms.items() if form != merged[dep])

    alive = list(range(len(classes)))
    weakest = sorted(alive, key=lambda k: (sum(seen_n[v] for v in classes[k][2]), k))
    for k in weakest:
        others = [j for j in alive if j != k]
        if not others:
            break
        moves, extra = [], 0
        for value in classes[k][2]:
            cost, j = min((against(value, classes[j][0]), j) for j in others)
            if cost and (2 * cost >= seen_n[value]
                         or binomial_tail(cost, seen_n[value], rate) < alpha):
                break
            moves.append((value, j))
            extra += cost
        else:
            if contradictions + extra > tolerance:
                continue
            for value, j in moves:
                merged, seen, members = classes[j]
                members.append(value)
                for dep, form in sig.get(value, {}).items():
                    if merged.setdefault(dep, form) == form:
                        seen.setdefault(dep, form)
            contradictions += extra
            alive.remove(k)
    return [classes[k] for k in alive], contradictions


def agreement_evidence(alignments) -> list[dict]:
    """Per group of a file: which target form each source value of a slot B
    took beside each source value of another slot A, in the whole file.

    ``(A slot, A source value, B slot, B source value) → Counter of B forms``,
    kept for the slot pairs the group itself has.  The groups of a file draw
    the same lexicon values; where a group saw an A value only beside B
    values whose form never changes (``bangladesí``), another group shows
    which form it selects (``brasileño``, not ``brasileña``).
    """
    pooled: dict = defaultdict(Counter)
    pairs_of = []
    for al in alignments:
        pairs = set()
        for spans in al.spans:
            # each span's slot, value and text read once (properties of a
            # property), not once per pair
            row = [(sp.slot, sp.value, sp.text) for sp in spans]
            for slot_a, value_a, _text_a in row:
                for slot_b, value_b, text_b in row:
                    if slot_a[0] == slot_b[0]:
                        continue
                    pooled[(slot_a, value_a, slot_b, value_b)][text_b] += 1
                    pairs.add((slot_a, slot_b))
        pairs_of.append(pairs)
    return [{k: c for k, c in pooled.items() if (k[0], k[2]) in pairs}
            for pairs in pairs_of]


def _file_signatures(item_fills, a: Slot, b: Slot, keys: Mapping[int, Key], multi: set,
                     forms: Mapping, evidence: Mapping) -> dict:
    """A value → {B source value: the form the file shows it selecting}.

    Only forms this group has for that B value count (another sentence may
    inflect it otherwise: a case form), and only where one form holds
    (nearly) all of the file's observations (:func:`selected_form`), two at
    least: one sentence elsewhere may take B's form from another slot (the
    verb of *…, given that I am from Brazil, that I admire the food* agrees
    with the clause before it, not with *food*), and a pair seen once cannot
    tell that from a selection -- read as one, it made *food* contradict
    its class and a template of its own; an A text that translates several
    source values says nothing.
    """
    slot_a, slot_b = _evidence_slots(keys, a, b)
    src_a = _sources(keys[a[0]])
    out: dict = {}
    for value in sorted({fills[a] for _i, fills in item_fills}):
        srcs = _source_of(src_a, value)
        if len(srcs) != 1:
            continue
        (src_value,) = srcs
        for src in sorted(multi, key=repr):
            form = selected_form(evidence.get((slot_a, src_value, slot_b, src)), forms[src],
                                 least=2)
            if form is not None:
                out.setdefault(value, {})[src] = form
    return out


def _evidence_slots(keys: Mapping[int, Key], a: Slot, b: Slot) -> tuple:
    """Template slots A and B as the file's evidence names them: ``(lexicon, element)``."""
    ka, kb = keys[a[0]], keys[b[0]]
    return (ka.name, ka.index), (kb.name, kb.index)


def selected_form(seen: Counter | None, forms, least: int = 1) -> str | None:
    """The form an A value selects of a B value, from the file's counts of
    its forms beside it (``seen``): the one that holds ``CONSISTENT`` of the
    observations among ``forms`` (the B value's forms in this group), and
    ``least`` observations at least, or None.  (Not looser in a noisy file: a
    pair of values is seen a few times, and two readings of three, which a
    tenth of noise explains as well as no selection at all, split a group's
    animals by the vehicle beside them.)"""
    counts = Counter({f: n for f, n in (seen or {}).items() if f in forms})
    if sum(counts.values()) < least:
        return None
    form, n = counts.most_common(1)[0]
    return form if n >= CONSISTENT * sum(counts.values()) else None


def _shared_classes(evidence: Mapping, keys: Mapping[int, Key], a: Slot, b: Slot,
                    multi: set, forms: Mapping) -> bool:
    """Does the file show A's values sharing the form they select (two or more
    A values selecting one form of a B value that has two forms or more over
    the file)?  Then the dependency is a class one (a gender, a harmony class),
    not one-to-one: a template whose A values happen to fall one per class is
    split by class, as the templates holding more of each class are, rather
    than coupled into a tuple key."""
    slot_a, slot_b = _evidence_slots(keys, a, b)
    selects: dict = defaultdict(dict)       # B source value -> A source value -> form
    for (sa, va, sb, vb), seen in evidence.items():
        if sa != slot_a or sb != slot_b or vb not in multi:
            continue
        form = selected_form(seen, forms[vb])
        if form is not None:
            selects[vb][va] = form
    return any(len(set(by_a.values())) >= 2 and len(by_a) > len(set(by_a.values()))
               for by_a in selects.values())


def _class_forms_from_file(kept: list, template_values: Sequence, members: set,
                           others: Sequence, a: Slot, dep: Slot, keys: Mapping[int, Key],
                           dep_map: dict, evidence: Mapping) -> list:
    """A class's forms of slot ``dep`` where its own instances do not show them.

    A class part keeps the forms its instances show, and a value's one form
    in the template goes to every class.  Where a value's instances beside
    this class were all corrupted copies (left out of the cover), the part
    has no form of it, or only the form the *other* classes show (the
    template's one form, ``hidumzu``, *very* beside the states that take
    ``-zu``).  The file says which form each A value selects (a source
    value's class does not change between sentences): where every A value
    of this class that the file shows selects one form F of the B value,
    and A values of the other classes select the forms the part holds and
    never F, F replaces them in this part (``hidum`` beside the states that
    take no ending).  An A value the file never shows beside that B value
    selects what its class mates select: the A values that select what it
    selects of every B value (two at least) whose form some A value decides.
    A form the other classes select too is no class difference and changes
    nothing.
    """
    slot_a, slot_b = _evidence_slots(keys, a, dep)
    src_a = _sources(keys[a[0]])

    def a_sources(texts) -> set:
        out: set = set()
        for t in texts:
            srcs = _source_of(src_a, t)
            if len(srcs) == 1:
                out |= srcs
        return out
    mine, theirs = a_sources(members), a_sources(others)
    if not mine or not theirs:
        return kept
    file_forms: dict = defaultdict(set)
    for (sa, _va, sb, vb), seen in evidence.items():
        if sa == slot_a and sb == slot_b:
            file_forms[vb].update(seen)
    # per A source value, the form it selects of each B source value
    selects: dict = defaultdict(dict)
    for (sa, va, sb, vb), seen in evidence.items():
        if sa == slot_a and sb == slot_b:
            form = selected_form(seen, file_forms[vb])
            if form is not None:
                selects[va][vb] = form
    # the B values whose form the A value decides somewhere in the file
    telling = {vb for vb in {vb for by_b in selects.values() for vb in by_b}
               if len({by_b[vb] for by_b in selects.values() if vb in by_b}) > 1}

    class_of: dict = {}

    def mates(va) -> list:
        """The A values of the file that select what ``va`` selects of every
        B value both are seen with whose form an A value decides (two at
        least): its class over the file (once per A value)."""
        if va not in class_of:
            own = {vb: f for vb, f in selects.get(va, {}).items() if vb in telling}
            out = []
            for other in sorted(selects, key=repr):
                common = [vb for vb in own if vb in selects[other]]
                if other != va and len(common) >= 2 and \
                        all(selects[other][vb] == own[vb] for vb in common):
                    out.append(other)
            class_of[va] = out
        return class_of[va]

    def selected(a_srcs: set, src, by_class: bool = False) -> set:
        got = set()
        for va in sorted(a_srcs, key=repr):
            form = selects.get(va, {}).get(src)
            if form is None and by_class:
                # never seen beside this B value: what its class mates select
                theirs_ = {selects[m][src] for m in mates(va) if src in selects[m]}
                form = next(iter(theirs_)) if len(theirs_) == 1 else None
            if form is not None:
                got.add(form)
        return got
    out = list(kept)
    b_sources = []
    for v in template_values:
        srcs = _source_of(dep_map, v)
        if len(srcs) == 1 and next(iter(srcs)) not in b_sources:
            b_sources.append(next(iter(srcs)))
    for src in b_sources:
        here = selected(mine, src, by_class=True)
        if len(here) != 1:
            continue
        (form,) = here
        there = selected(theirs, src)
        held = [v for v in out if _source_of(dep_map, v) == {src}]
        if form in held or form in there or not there or not all(h in there for h in held):
            continue
        at = out.index(held[0]) if held else len(out)
        out = [v for v in out if v not in held]
        out.insert(min(at, len(out)), form)
    return out


MAX_SPLITS = 3      # nested class splits of one template (independent agreements)

#: what one observation that contradicts a split costs, in templates.  Where
#: the file is noisy several slots may each "decide" a form within the noise
#: tolerance; the split kept is the one that explains the group at least
#: cost: one unit per part, and per contradicting observation (an instance
#: the parts leave uncovered) what the noise-robust cover charges for leaving
#: a sound instance out (:func:`tea_solver.extract._outlier_costs` reads it here).
#: A first name "deciding" a nationality's gender, 54 observations against
#: it, loses to the profession that decides it with none.  In a clean file no
#: contradiction is tolerated and the fewest parts win, as before.
MISFIT_COST = 3


def noise_tolerance(noise_rate: float | None, observations: int) -> int:
    """How many of a template's observations may contradict a dependency and
    still be explained as corrupted copies: the file's estimated share of
    corrupted instances times the observations, rounded down (0 in a file
    the model finds clean, ``noise_rate`` None)."""
    return int(noise_rate * observations) if noise_rate else 0


def split_by_agreement(shape, item_fills: Sequence[tuple], keys: Mapping[int, Key],
                       values: Mapping[int, list], evidence: Mapping | None = None,
                       depth: int = 0, noise_rate: float | None = None) -> list[Part]:
    """Parts of one chosen template (just one, unsplit, when nothing agrees).

    ``item_fills`` holds ``(item index, {slot: text})`` for every item the
    template generates; ``values`` are its lexicons (key id → values);
    ``evidence`` the file's :func:`agreement_evidence` for the group;
    ``noise_rate`` the file's share of corrupted instances where the cover
    leaves outliers out (None: every item is generated by a part).

    A class split restricts A and every slot whose forms A decides; a slot
    decided by another slot (an intensifier that agrees with the noun, a verb
    that agrees with the subject) keeps its forms, and each part is split
    again by what decides them (``MAX_SPLITS`` levels at most).
    """
    parts = _split_once(shape, item_fills, keys, values, evidence, noise_rate or 0.0)
    if len(parts) < 2 or depth + 1 >= MAX_SPLITS:
        return parts
    out = []
    for part in parts:
        if part.coupled:
            out.append(part)
            continue
        mine = set(part.items)
        own = [(i, f) for i, f in item_fills if i in mine]
        out.extend(split_by_agreement(shape, own, keys, part.values, evidence, depth + 1,
                                      noise_rate))
    return out


def _split_once(shape, item_fills: Sequence[tuple], keys: Mapping[int, Key],
                values: Mapping[int, list], evidence: Mapping | None,
                rate: float = 0.0) -> list[Part]:
    tolerance = noise_tolerance(rate, len(item_fills))
    whole = [Part(dict(values), [i for i, _f in item_fills])]
    slots = sorted({p for parts in shape for p in parts if not isinstance(p, str)})
    draws: dict = defaultdict(int)
    for kid, _card in slots:
        draws[kid] += 1
    best = None
    multis: dict = {}
    for b in slots:
        src_map = _sources(keys[b[0]])
        if not src_map:
            continue
        forms: dict = defaultdict(set)
        for _i, fills in item_fills:
            for src in _source_of(src_map, fills[b]):
                forms[src].add(fills[b])
        multi = {src for src, fs in forms.items() if len(fs) > 1}
        if multi:
            multis[b] = (multi, src_map, forms)
    for b in slots:
        if b not in multis:
            continue
        multi, src_map, forms = multis[b]
        for a in slots:
            # a lexicon is shared by all draws of a key, so A's values can only
            # be restricted when A is the key's one draw in the template
            if a[0] == b[0] or draws[a[0]] > 1:
                continue
            elsewhere = _file_signatures(item_fills, a, b, keys, multi, forms, evidence) \
                if evidence else None
            found = _classes(item_fills, a, b, multi, src_map, elsewhere, tolerance, rate)
            if found is None or len(found[0]) < 2:
                continue
            # a slot whose own values are agreement forms (an intensifier
            # taking the state's class ending) controls only where no slot of
            # single forms does: two slots agreeing with a third co-vary with
            # each other as well as with it, and may show one contradiction
            # fewer (in a noisy file), or as few (a clean one: ``{the}``'s
            # ``lu`` / ``lučas`` split the verbs' forms as well as the nouns'
            # classes do) -- split by the agreeing slot, every part would keep
            # the nouns of every class
            cost = (a in multis, len(found[0]) + MISFIT_COST * found[1])
            if best is None or cost < best[0]:
                best = (cost, a, b, found[0], multi, src_map, elsewhere)
    if best is None:
        return whole
    _cost, a, b, classes, multi, src_map, elsewhere = best
    a_vals = {f[a] for _i, f in item_fills}
    if all(len(members) == 1 for _m, members in classes) and len(a_vals) >= 3 \
            and draws[b[0]] == 1 and not (evidence and _shared_classes(
                evidence, keys, a, b, multi, multis[b][2])):
        pairs = list(dict.fromkeys((f[a], f[b]) for _i, f in item_fills))
        return [Part(dict(values), [i for i, _f in item_fills], coupled=(a, b), pairs=pairs)]
    # every other slot whose forms the same A decides is split with it
    deps = [(b, multi, src_map, elsewhere)]
    for other in slots:
        if other == b or other not in multis or other[0] == a[0] \
                or draws[other[0]] > 1 or other[0] in {d[0][0] for d in deps}:
            continue
        o_multi, o_map, o_forms = multis[other]
        o_else = _file_signatures(item_fills, a, other, keys, o_multi, o_forms, evidence) \
            if evidence else None
        if _classes(item_fills, a, other, o_multi, o_map, o_else, tolerance, rate) is not None:
            deps.append((other, o_multi, o_map, o_else))
    if len(deps) > 1:
        joint = _joint_classes(item_fills, a, deps, tolerance, rate)
        if joint is None:       # together they contradict more than the noise explains
            deps = deps[:1]
        else:
            classes = joint[0]
    parts = []
    misfits = 0
    for merged, members in classes:
        keep = set(members)
        items = [(i, f) for i, f in item_fills if f[a] in keep]
        if not items:
            continue
        vals = dict(values)
        vals[a[0]] = [v for v in values[a[0]] if v in keep]
        others = [m for _m, ms in classes for m in ms if m not in keep]
        for dep, dep_multi, dep_map, _else in deps:
            allowed = {form for (slot, _src), form in merged.items() if slot == dep}
            vals[dep[0]] = [v for v in values[dep[0]]
                            if v in allowed or not (_source_of(dep_map, v) & dep_multi)]
            if evidence:
                vals[dep[0]] = _class_forms_from_file(vals[dep[0]], values[dep[0]], keep,
                                                      others, a, dep, keys, dep_map, evidence)
        fits = [i for i, f in items if all(f[s] in vals[s[0]] for s in slots)]
        misfits += len(items) - len(fits)
        if misfits > tolerance:
            return whole        # never trade exactness for a split
        parts.append(Part(vals, fits))
    return parts
