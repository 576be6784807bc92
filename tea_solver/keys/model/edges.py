"""Which units at the edge of a value's core belong to the value: one
decision model for every edge, every lexicon and every script.

A core (:mod:`.regions`) holds the units that co-vary with a value.  Its
outer units may still be frame (a preposition five states take, ``với``; a
case phrase the template needs, ``für das Projekt``), and the frame units
beside it may still be the value's (the article every animal has, ``एक``;
the ``अधिक`` (*more*) of every comparative; the ``人`` of every Japanese
demonym).  Co-variation cannot tell: within a file they come with the value
every time.  What tells is how the material sits in the file and what the
*source* shows.  Each candidate unit — the core's outer units (depth 0, -1,
…) and the units beside it (depth 1, 2, …) — is described, per lexical value
and position, by:

``frame``        the unit is frame (constant in its group) rather than varying;
``glued``        no space between it and the unit on its inner side;
``unseg``        a unit of a script written without spaces;
``identity``     the values show the same unit there in (nearly) every group
                 they occur in (a value has one form in the file; what one
                 template adds is that template's), pooled over the values
                 that show it at the same place (from the core out, and by
                 its distance to the frame: the lower), each group voting
                 once for what most of the pool's values show there, unless
                 the value shows it in every group where the others it is
                 pooled with do not (a group that shows the value once votes
                 with half a voice, and a reading seen nowhere else in the
                 file one corruption from the unit -- in a script without
                 spaces, as a pair with the unit inside it -- is a corrupted
                 copy, not a vote against; a group where a fair share of the
                 value's readings stand at the frame there votes against:
                 what is there only beside another value's core is that
                 value's);
``own_word``     the value shows a varying word there that no other value
                 of the slot shows, in every group, written differently by
                 the templates (a case ending on its last word): the value's,
                 each template's form kept, whatever ``identity`` says;
``share``/``fill``  how many of the lexicon's values show the same unit there,
                 and how many *select* one (nearly all their readings there
                 show it, twice at least, and a quarter of their readings
                 reach the place);
``paradigm``     how few distinct units the lexicon's values select there (one
                 of four prepositions for twenty states, two articles for
                 thirteen animals: a paradigm; each value its own word: none;
                 a neighbouring slot's word, or what a corrupted copy shows,
                 is selected by no value);
``lic_func``     the source values carry function words besides their content
                 word: a first or last word several values share (``a dog`` /
                 ``an iguana``, ``I can't say`` / ``I don't think``); on a
                 side (``lic_side``), the share of the slot's values with one
                 there (*I can't say I* has one on each side), on the side
                 most of them carry theirs, and on the other (either, on a
                 tie) where ``aligned`` says so;
``beyond_func``  the unit lies beyond the translation of that function word:
                 a unit nearer the value stands with the values of every
                 lexicon whose source values carry it (the article that
                 begins professions, animals and vehicles alike), and this
                 one does not (a case prefix the objects of two verbs take
                 before it): the value's source ends at the function word,
                 so the unit is neither licensed nor glued to the value;
``lic_contrast`` the value is a tuple element whose source contains its
                 sibling's (*smarter* ⊃ *smart*): the target may mark the
                 difference (``अधिक``, ``hơn``, ``更``);
``lic_adjacent`` the unit lies between this value and another whose source
                 slot touches it (``{somewhat} {s}``): no source frame word is
                 there for it to translate;
``generality``   the share of the unit's occurrences in groups without a
                 lexicon of this licence (a copula ``है``, in every group:
                 high; ``एक``, only where values carry articles: low); in a
                 script without spaces, of the unit together with the unit
                 beyond it where the value's readings show that pair every
                 time (a syllable is part of many words: the ``ဗါ`` of the
                 comparatives, and of another template's frame phrase);
``ibm``          the posterior mass an IBM Model 1 of the file (:mod:`.ibm`)
                 puts on the value's own source words;
``aligned``      a frame unit to which the alignment gives more of its mass
                 on the values' words than on the source frame's: it
                 translates no frame word (``Hi`` before *I can't say* in a
                 template whose source frame has no *I*), so a licence counts
                 for it however general the unit is in the file;
``ibm_beside``   the mass it puts on the source word beside the slot on that
                 side (*less* before *tough*);
``governed``     one and the same source word of the frame stands beside the
                 slot on that side in every sentence (*about*): in a script
                 without spaces, where no space shows a separate word, a
                 paradigm there, beside the frame (``beside_frame``), that
                 (nearly) every value takes a word of (``cover``) translates
                 it (the preposition each state selects), while one where
                 the slot meets punctuation or another slot is the values'
                 ending; where spaces show a separate word, that word
                 translates the frame word when the alignment gives it to
                 that source word (``translates_frame``: ``менее``, which the
                 translator wrote for *less* before four adjectives and fused
                 into the others, ``слабее``, is the template's).

Each candidate's log-odds of belonging to the value is :func:`score`: a
frame unit stays the template's unless licensed or part of the value's
written word; a varying unit stays the value's unless it is a separate,
unlicensed word from a paradigm.  The weights are
:class:`~.params.ModelParams` fields with the meaning their comments give,
not fitted to any language; ``experiments/edge_decisions.py`` measures the
decisions against annotated files.  A unit joins the value when its
probability is at least one half — outward from the core, one depth at a
time — and a core's outer unit leaves it, inward, when it is below.
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import NamedTuple, Sequence

from tea_solver.tokenize import CHAR

from .forms import Obs
from .source import edge_word_counts
from .units import (alternating_pairs, inner_word, one_edit, same_stem, same_word,
                    stem_before_affixes, word_char)

#: the raw features of one candidate (:func:`features`)
FEATURES = ("inner", "frame", "glued", "unseg", "identity", "share", "fill", "paradigm",
            "whole_form", "lic_func", "lic_side", "lic_contrast", "lic_adjacent", "func_words",
            "frame_depth", "generality", "generality_slot", "ibm", "unbound", "governed", "bound",
            "depth", "beside_frame", "cover", "ibm_beside", "beyond_func", "aligned")

IBM_SAMPLE = 24    # units of a key whose alignment mass is averaged
IDENTITY = 0.9     # share of (value, group) pairs that must agree for a unit to join
MAX_INNER = 3       # core units considered for leaving, per side
MAX_OUTER = 6       # units beside a core considered for joining, per side
SELECTS = 0.75      # share of a value's readings at a place that show the text it selects
REACHES = 0.25      # share of a value's readings that must reach a place for it to select there


class Candidate(NamedTuple):
    """One unit at ``depth`` on ``side`` of one observation's core (a tuple:
    a file makes one per unit beside every core, a hundred thousand and more)."""

    obs: int
    side: int           # -1 left, +1 right
    depth: int          # <= 0: the core's own outer units; >= 1: beside it
    text: str
    frame: bool
    glued: bool
    unseg: bool
    start: int
    end: int
    unit: int           # index of the unit in its field
    to_frame: int = 0   # varying units: how many units from it to the frame, itself included
    frame_depth: int = 0  # frame units: how many frame units from the core to it, itself included


#: builds a :class:`Candidate` from all its fields without the generated
#: ``__new__`` (a Python call per tuple, over a hundred thousand per file)
_new = tuple.__new__


def candidates(n: int, o: Obs) -> list[Candidate]:
    """The candidate units of observation ``n`` (see the module docstring)."""
    out = []
    for side, outer in ((-1, o.left), (1, o.right)):
        inner = o.units[::-1] if side > 0 else o.units      # edge first
        # varying units outward of the core up to the frame (None: no frame in reach)
        j = 0
        while j < len(outer) and not outer[j].frame:
            j += 1
        beyond = j if j < len(outer) else None
        for k in range(min(MAX_INNER, len(o.units) - 1)):
            e, nxt = inner[k], inner[k + 1]
            glued = nxt.end == e.start if side > 0 else e.end == nxt.start
            to_frame = k + 1 + beyond if beyond is not None else 0
            out.append(_new(Candidate, (n, side, -k, e.text, e.frame, glued, e.kind == CHAR,
                                        e.start, e.end, e.index, to_frame, 0)))
        frames_seen = 0
        for k, e in enumerate(outer[:MAX_OUTER]):
            to_frame = 0
            if e.frame:
                frames_seen += 1
            elif not frames_seen:
                # (only a unit between the core and the frame stands at a
                # distance to it: one beyond a frame unit is another
                # stretch's -- ``Ju`` of ``{i}`` four units past *I can't
                # say*'s comma, pooled with the ``Ju`` that ends *I can't say
                # I* one unit before its frame, voted against that ``Ju``)
                j = k
                while j < len(outer) and not outer[j].frame:
                    j += 1
                to_frame = j - k if j < len(outer) or len(outer) < MAX_OUTER else 0
            frame_depth = frames_seen if e.frame else 0
            out.append(_new(Candidate, (n, side, k + 1, e.text, e.frame, e.glued,
                                        e.kind == CHAR, e.start, e.end, e.index, to_frame,
                                        frame_depth)))
    return out


@dataclass
class Evidence:
    """What the file says beyond the observations themselves (built by
    :func:`tea_solver.keys.model.fit_file`)."""

    licenses: dict          # slot -> (lic_func, lic_contrast, func side, n_func, shares, words)
    adjacent: dict          # (group, inst) -> set of source-adjacent occurrence pairs
    group_units: list       # per group: Counter of unit texts
    group_slots: list       # per group: set of slots
    ibm: object = None      # .ibm.Alignment, or None
    ibm_spans: dict = None  # (group, inst, occurrence) -> [(start, end)] in the joined source
    ibm_row: dict = None    # (group, inst) -> row of the alignment
    unit_base: dict = None  # (group, inst, field) -> index of the field's first unit in the row
    unbound: dict = None    # (slot or value, side) -> 1.0 if the source word beside it differs between groups
    bound: dict = None      # (group, slot) -> frame unit texts that translate the slot (slot_bound_units)
    odd: dict = None        # (group, inst) -> (field, unit) places near a corruption of its frame
    unit_pairs: dict = None  # (unit, next unit) -> count, both of a script without spaces
    governed: dict = None   # (slot, side) -> 1.0 if one and the same source word stands there in every group
    beside_spans: dict = None  # (group, inst, occurrence, side) -> [(start, end)] of the source word beside it
    content_spans: dict = None  # as ibm_spans, less the edge function words the slot's values share
    all_value_spans: list = None  # per alignment row: the source spans of all its values


#: the licences of a slot :func:`source_licenses` has nothing on
NO_LICENCE = (0.0, 0.0, 0, 0, (0.0, 0.0), (frozenset(), frozenset()))


def source_licenses(sources: dict, siblings: dict) -> dict:
    """Per lexicon slot: ``(lic_func, lic_contrast, side, n_func, shares, words)``
    (module docstring).

    ``sources``: slot → set of source value strings; ``siblings``: slot → set
    of ``(value, other elements of its tuple entry)``.  ``side`` is where
    most values carry their shared function words (-1 first, +1 last, 0 as
    many on each side); ``n_func`` how many a value has at most (``a dog``:
    1); ``shares``: per side (first, last), the share of the values with a
    shared word there; ``words``: per side, the shared words themselves.
    """
    out = {}
    for slot, values in sources.items():
        values = sorted(values)
        multi = [v.split() for v in values if len(v.split()) > 1]
        firsts, lasts = edge_word_counts(values)
        n_first = sum(1 for w in multi if firsts[w[0].lower()] >= 2)
        n_last = sum(1 for w in multi if lasts[w[-1].lower()] >= 2)
        func = sum(1 for w in multi if firsts[w[0].lower()] >= 2 or lasts[w[-1].lower()] >= 2)
        sib = siblings.get(slot, ())
        contrast = sum(1 for v, others in sib
                       if any(x and x != v and x.lower() in v.lower() for x in others))
        side = -1 if n_first > n_last else (1 if n_last > n_first else 0)
        n_func = max((sum(1 for x in (w[0], w[-1]) if firsts[w[0].lower()] >= 2 and x is w[0]
                          or lasts[w[-1].lower()] >= 2 and x is w[-1]) for w in multi), default=0)
        out[slot] = (func / len(values) if values else 0.0,
                     contrast / len(sib) if sib else 0.0, side, n_func,
                     (n_first / len(values), n_last / len(values)) if values else (0.0, 0.0),
                     (frozenset(w for w, n in firsts.items() if n >= 2),
                      frozenset(w for w, n in lasts.items() if n >= 2)))
    return out


def _licence_kind(lic: tuple) -> str | None:
    if lic[0] >= 0.5:
        return "func"
    if lic[1] >= 0.5:
        return "contrast"
    return None


def features(obs: Sequence[Obs], ev: Evidence) -> tuple[dict, dict, dict]:
    """Features per decision key ``(lexval, side, depth)``, each key's
    candidates (the units it decides, one per observation that has one), and
    each key's *word*: the text the value shows there, without an affix one
    template glues on (:func:`.units.inner_word`; else the most common), and
    under ``(key, group)`` the group's own where the value shows a word of
    its own that the templates write differently (:func:`_own_edge_words`)."""
    by_key: dict = defaultdict(list)
    slot_vals: dict = defaultdict(set)
    val_groups: dict = defaultdict(set)
    val_seen: Counter = Counter()       # (lexval, group) -> the value's observations there
    core_seen: Counter = Counter()      # (lexval, core text) -> observations over the file
    # per group and slot, each value's core (a template affix is glued on the
    # cores of most of the slot's values: ``löšu``, ``so-šu``)
    cores: dict = defaultdict(dict)
    edge_text: dict = defaultdict(Counter)  # (lexval, side) -> texts of its cores' edge unit
    obs_at: dict = defaultdict(list)        # (group, slot) -> its observations
    for n, o in enumerate(obs):
        slot_vals[o.slot].add(o.lexval)
        val_groups[o.lexval].add(o.group)
        val_seen[(o.lexval, o.group)] += 1
        core_seen[(o.lexval, o.core)] += 1
        cores[(o.group, o.slot)].setdefault(o.lexval, o.core)
        obs_at[(o.group, o.slot)].append(n)
        if o.units:
            edge_text[(o.lexval, -1)][o.units[0].text] += 1
            edge_text[(o.lexval, 1)][o.units[-1].text] += 1
        for c in candidates(n, o):
            by_key[(o.lexval, c.side, c.depth)].append(c)
    modal = {k: Counter(c.text for c in cs).most_common(1)[0][0] for k, cs in by_key.items()}
    # each key's candidates that show its modal text: listed once here, for
    # the passes below that each filtered them again
    at_modal = {k: [c for c in cs if c.text == modal[k]] for k, cs in by_key.items()}
    kinds = {slot: _licence_kind(lic) for slot, lic in ev.licenses.items()}
    # every unit occurrence outside value cores, and the slots whose cores it
    # stands beside (within MAX_OUTER units)
    in_core: Counter = Counter()
    for o in obs:
        for e in o.units:
            in_core[e.text] += 1
    totals: Counter = Counter()
    for c in ev.group_units:
        totals.update(c)
    beside: dict = defaultdict(set)             # (group, inst, field, unit) -> slots
    text_of: dict = {}
    for o in obs:
        g, i, fld, sl = o.group, o.inst, o.field, o.slot
        for edges in (o.left, o.right):
            for e in edges[:MAX_OUTER]:
                place = (g, i, fld, e.index)
                beside[place].add(sl)
                text_of[place] = e.text
    near_slot, near_kind = _near_counts(beside, text_of, kinds)

    # In a script without spaces a unit is a syllable, and one syllable is part
    # of many unrelated words (``ဗါ`` of a comparative, and of a frame phrase
    # three groups write): there a unit's generality is its generality
    # together with its outward neighbour, the pair counted as the unit is
    # above
    # (pairs with a unit in a value's core are the value's: not counted).
    # Only the pairs some decision asks about are counted.
    pairs_total = ev.unit_pairs or Counter()
    pair_for: dict = {}
    for key, cs_all in by_key.items():
        v, side, depth = key
        outward = modal.get((v, side, depth + 1)) if depth >= 1 else None
        if outward is None:
            continue
        m = modal[key]
        cs = at_modal[key]
        if 2 * sum(c.unseg for c in cs) > len(cs) and \
                len(at_modal[(v, side, depth + 1)]) >= IDENTITY * len(cs):
            # (the value's readings show the pair (nearly) every time: here
            # the pair, not the syllable, is the word)
            pr = (m, outward) if side > 0 else (outward, m)
            if pairs_total[pr]:
                pair_for[key] = pr
    needed = set(pair_for.values())
    pairs_free: Counter = Counter({pr: pairs_total[pr] for pr in needed})
    pair_near_slot, pair_near_kind = Counter(), Counter()
    if needed:
        core_unit = {(o.group, o.inst, o.field, e.index): e for o in obs for e in o.units}
        touched: set = set()
        pair_beside: dict = defaultdict(set)    # (group, inst, field, first unit) -> slots
        pair_of: dict = {}
        for o in obs:
            g, i, fld, sl = o.group, o.inst, o.field, o.slot
            first, last = o.units[0].index, o.units[-1].index
            left = o.left[0] if o.left else core_unit.get((g, i, fld, first - 1))
            right = o.right[0] if o.right else core_unit.get((g, i, fld, last + 1))
            run = ([left] if left else []) + o.units + ([right] if right else [])
            for a, b in zip(run, run[1:]):
                if (a.text, b.text) in needed and a.kind == CHAR and b.kind == CHAR \
                        and (g, i, fld, a.index) not in touched:
                    touched.add((g, i, fld, a.index))
                    pairs_free[(a.text, b.text)] -= 1
            for side, edges in ((-1, o.left), (1, o.right)):
                for a, b in zip(edges[:MAX_OUTER], edges[1:MAX_OUTER + 1]):
                    first_, second = (a, b) if side > 0 else (b, a)
                    pr = (first_.text, second.text)
                    if pr in needed and a.kind == CHAR and b.kind == CHAR:
                        place = (g, i, fld, first_.index)
                        pair_beside[place].add(sl)
                        pair_of[place] = pr
        pair_near_slot, pair_near_kind = _near_counts(pair_beside, pair_of, kinds)

    func_slots = [sl for sl, kind in kinds.items() if kind == "func"]
    with_every = _with_every_lexicon(obs, func_slots)

    def generality(u, slot: tuple, free: int, near: tuple) -> tuple[float, float]:
        # of u's ``free`` occurrences outside value cores, the share NOT beside
        # a core of this slot's licence kind, and NOT beside a core of this slot
        # (``near``: those counts, by unit and slot, by unit and kind)
        free = max(free, 1)
        kind = kinds.get(slot)
        g_slot = max(0.0, 1.0 - near[0][(u, slot)] / free)
        g_kind = max(0.0, 1.0 - near[1][(u, kind)] / free) if kind else g_slot
        return g_kind, g_slot

    # the complete cores the slot's values show (a unit that is a whole value
    # elsewhere is content, not a paradigm word: ``rất`` of ``rất nhiều``)
    whole_forms: dict = defaultdict(set)
    core_counts: dict = defaultdict(Counter)
    for o in obs:
        core_counts[o.lexval][o.core] += 1
    for v, c in core_counts.items():
        whole_forms[v[:2]].add(c.most_common(1)[0][0])
    # per position the distinct texts the slot's values show there.  Units
    # between a core and the frame are placed by their distance to the frame
    # (the preposition before ``dự án`` is the last, whatever the length of
    # the value before it); others by their depth.  A value's distance is
    # the one the slot's values most often stand at, of those it reaches in
    # a fair share of its readings (``REACHES``): where the groups' templates
    # differ by a word between the value and the frame (``относится к этому``
    # / ``относится этому``), a value drawn a little more often where the
    # word is missing stands at the place its fellows do, not one nearer
    # the frame alone, among the words of no paradigm
    place: dict = {}
    dists = {key: Counter(c.to_frame for c in at_modal[key]) for key in by_key}
    usual_dist: dict = defaultdict(Counter)     # (slot, side, depth) -> values per modal distance
    for key, ds in dists.items():
        if ds:
            usual_dist[(key[0][:2], key[1], key[2])][ds.most_common(1)[0][0]] += 1
    for key in by_key:
        ds = dists[key]
        votes = usual_dist[(key[0][:2], key[1], key[2])]
        reached = [d for d, n in ds.items() if n >= REACHES * sum(ds.values())]
        d = max(reached, key=lambda d: (votes[d], ds[d], -d)) if reached else 0
        place[key] = (key[0][:2], key[1], ("frame", d) if d else ("depth", key[2]))
    # a value selects the text it shows at a place when (nearly) all its
    # readings there show it, twice at least, and a fair share of its readings
    # reach that place (not only copies a corruption made longer).  What a
    # neighbouring slot's translation happens to put beside the value (``hơi``,
    # *somewhat*, before most adjectives) alternates with that slot's draws,
    # not with this value, and a text corrupted copies show is no evidence:
    # neither is a paradigm word, nor fills the place
    n_obs = Counter(o.lexval for o in obs)

    def readings(key) -> int:
        # (a copy of the unit inside, a word written twice, is no reading of
        # the place: two doubled instances of eleven of a value drawn in one
        # group left its ``łul``, *than*, short of the share, and alone the
        # value's one group made the comparative frame word its own)
        shown, cs = len(at_modal[key]), by_key[key]
        if shown >= SELECTS * len(cs):
            return len(cs)
        m = modal[key]
        return len(cs) - sum(1 for c in cs if c.text != m and not c.frame
                             and _doubled(obs[c.obs], c))

    selects = {key: len(at_modal[key]) >= max(2, SELECTS * readings(key))
               and len(by_key[key]) >= REACHES * n_obs[key[0]]
               for key, m in modal.items()}
    position: dict = defaultdict(list)
    for key, m in modal.items():
        if selects[key]:
            position[place[key]].append(m)
    # per slot and place: how many of its values show each text there most
    # often, and how many select what they show
    shows: Counter = Counter((v[:2], side, depth, m) for (v, side, depth), m in modal.items())
    selecting: Counter = Counter((v[:2], side, depth)
                                 for (v, side, depth), s in selects.items() if s)
    own_word = _own_edge_words(obs, by_key, val_groups)
    # per group, slot and place, for each frame unit there: the words the
    # values that stand beside it have at that place (their modal texts)
    framed_by: dict = defaultdict(set)
    for key, cs in by_key.items():
        if key[2] >= 1:
            for c in cs:
                if c.frame:
                    framed_by[(obs[c.obs].group, key[0][:2], key[1], key[2], c.text)].add(modal[key])
    # identity, pooled over the values of a slot that show the same unit at
    # the same place: (value, group) pairs where the value's instances show it
    agree: Counter = Counter()
    pairs: Counter = Counter()
    pool_of: dict = {}
    near_pool_of: dict = {}     # key -> its pool by distance to the frame, where it has one
    own: dict = defaultdict(dict)       # key -> group -> (agree, pairs) of its value alone
    in_group: dict = defaultdict(lambda: [0.0, 0.0])    # (pool, group) -> [agree, pairs]
    words: dict = {}
    odd = ev.odd or {}
    scrambled = _scrambled_copies(obs)
    # per (value, group): its observations whose core lies away from a
    # corruption of their instance's frame (``ev.odd``)
    val_clear: Counter = Counter()
    for o in obs:
        near = odd.get((o.group, o.inst), ())
        if not any((o.field, u.index) in near for u in o.units):
            val_clear[(o.lexval, o.group)] += 1
    for key, cs_all in by_key.items():
        v, side, depth = key
        m = modal[key]
        per_group: dict = defaultdict(Counter)
        intact: dict = defaultdict(Counter)     # readings away from any corruption
        at_frame: Counter = Counter()           # group -> intact readings at the frame here
        showing: Counter = Counter()            # group -> intact readings showing the word
        by_slot: Counter = Counter()            # group -> of those, beside another slot's core
        for c in cs_all:
            o = obs[c.obs]
            per_group[o.group][c.text] += 1
            if not _displaced(o, c, odd.get((o.group, o.inst))) and \
                    c.obs not in scrambled and \
                    not (c.text != m and not c.frame and _doubled(o, c)):
                intact[o.group][c.text] += 1
                if c.frame and c.frame_depth == 1 and c.text != m:
                    at_frame[o.group] += 1
                elif c.text == m:
                    showing[o.group] += 1
                    by_slot[o.group] += (o.left_stop if side < 0 else o.right_stop) is not None
        # the word itself: the shortest of the groups' readings that the others
        # extend on the far side (``sayara`` where another group glues ``w``
        # on), whichever of them is the more frequent
        inner = inner_word(per_group.values(), side)
        stem = None if inner else \
            stem_before_affixes(per_group, side, _template_affix(cores, v, side))
        m = words[key] = inner or stem or m
        alternates = alternating_pairs(per_group.values()) if inner else set()
        for g, t in own_word.get(key, {}).items():
            words[(key, g)] = t
        # a value that does not select the unit votes for itself only: a
        # reading seen once in the whole file (a corrupted copy cut short, so
        # the neighbour stands a unit further out), or a neighbouring slot's
        # word the value shows only with some of that slot's draws
        # (values pool where they show the same units all the way from the
        # core: ``า`` after ``ง`` that a value ends in is not the ``า`` of a
        # frame word ``ธา`` some values take in one template)
        # (and a unit a value shows as its own material pools with no value
        # that has the same text there as a frame unit: ``ကေ`` a state's
        # translation begins with, after the frame's own ``ကေ`` every other
        # state stands beside)
        shown = at_modal[key]
        framed = 2 * sum(c.frame for c in shown) > len(shown)
        if framed:
            where = ("frame", Counter(c.frame_depth for c in shown).most_common(1)[0][0])
        else:
            where = (depth, tuple(modal.get((v, side, d)) for d in range(1, depth)))
        pool = pool_of[key] = (v[:2], side, where, m) if selects[key] else ("alone", key)
        # a varying unit that stands a fixed number of units before the frame
        # pools also with the values showing the same text at that distance,
        # whatever lies between (below)
        near = place[key][2]
        pools = [pool]
        if selects[key] and not framed and near[0] == "frame":
            near_pool_of[key] = (v[:2], side, ("before", near[1]), m)
            pools.append(near_pool_of[key])
        # a group whose only readings stand near a corruption of their
        # instance's frame (``ev.odd``) does not vote, unless no group has
        # any other
        if not any(intact.values()):
            intact = per_group

        # a reading seen nowhere else in the file, one character from the
        # word (``យះៅ`` for ``យៅ``), is a corrupted copy of it, not a
        # reading of the group's own: one such copy, the only reading of one
        # group in four, held a syllable every clean reading shows below
        # IDENTITY.  In a script without spaces a unit is a character, and
        # any character replacing one is seen elsewhere in the file: there
        # the reading together with the unit on its inner side is what is
        # seen nowhere else (``看酷`` for ``看好``; ``看不`` where a swap put
        # the frame's ``不`` after ``看``) -- unless another value of the
        # slot shows the same unit beside it in the group (there, or
        # varying at any distance: ``熱心な`` beside ``慎重な``): then the
        # template writes it (the form every adjective takes in one
        # question, each pair seen once)
        inner_unit = modal.get((v, side, depth - 1)) if depth > 1 else \
            edge_text[(v, side)].most_common(1)[0][0] if depth == 1 else None

        def seen_nowhere_else(r, g) -> bool:
            if totals[r] == 1:
                return True
            if inner_unit is None or \
                    pairs_total[(inner_unit, r) if side > 0 else (r, inner_unit)] != 1:
                return False
            return not any(c.side == side and c.text == r and c.depth >= 1 and
                           (c.depth == depth or not c.frame)
                           for n in obs_at[(g, v[:2])] if obs[n].lexval != v
                           for c in candidates(n, obs[n]))

        def agrees(r, g) -> bool:
            # (a frame unit that values with another word at the place stand
            # beside too is the template's, whatever it ends in: ``jurwı``,
            # *least*, before every state of a question, is no class word
            # ``wı`` with ``jur`` glued on -- the states of class ``jö``
            # stand beside it as well -- and counted as one it held the
            # class word ``wı`` in every group, while ``jö`` and ``ba``,
            # beside the question's *least* in two groups of fourteen, were
            # not: ``wı`` alone of the paradigm joined its states' values)
            if r == m:
                return True
            return same_word(r, m, side, stem=stem is not None or
                             frozenset((r, m)) in alternates) and \
                framed_by.get((g, v[:2], side, depth, r), {m}) <= {m}

        def corrupted(r, g) -> bool:
            # (a corrupted copy is no reading of the group's: it abstains.
            # Counted as agreeing, the one copy in a question -- ``方`` that a
            # swap put before *nicer* -- made the comparative template's
            # ``り`` the value's own, "shown in every group" where the other
            # values show ``が``)
            return not agrees(r, g) and one_edit(r, m) and seen_nowhere_else(r, g)
        for g in val_groups[v]:
            # a group that shows the value once votes with half a voice: one
            # corrupted instance there must not undo what the others agree on
            if per_group.get(g) and not intact.get(g):
                continue
            # nor does one with no reading at the place whose every instance
            # of the value has its core in the corrupted stretch: a swap in
            # a question's first word (``ឹនំ`` for ``នឹំ``) left two units no
            # frame claims, the value's core went to them, and the one
            # instance voted, with nothing beside that core, against the
            # syllable ``ឈោ`` the fourteen others all show
            if not per_group.get(g) and not val_clear[(v, g)]:
                continue
            # nor does a group that shows the value once with a core the file
            # shows for it nowhere else, where other groups show it: a word
            # of the value dropped (``Ai tuổi hơn?`` for *older*, ``lớn tuổi
            # hơn`` in every other sentence) moved every unit one place in,
            # and the frame's ``hơn`` voted against the ``tuổi`` the value
            # has beside ``lớn`` in all fourteen instances of the other group
            if val_seen[(v, g)] == 1 and len(val_groups[v]) > 1 and \
                    core_seen[(v, cores[(g, v[:2])][v])] == 1:
                continue
            # (a group with no reading at the place counts the value's own
            # instances there: a value seen once, whose one instance a
            # corruption left with nothing beside its core, is as weak a
            # witness as one showing a stray unit)
            seen = sum(intact[g].values()) if intact.get(g) else val_seen[(v, g)]
            w = min(1.0, seen / 2)
            top = intact[g].most_common(2) if intact.get(g) else []
            # a group split evenly between a reading that agrees and one that
            # does not (two instances, one of them corrupted: ``一位术美家``
            # beside ``一位美术家``) says nothing about what it writes there
            # -- unless the readings that do not show it stand at the frame
            # there, a fair share of them, and those that show it stand
            # beside another value's core: a value's own material stands
            # between it and the frame in every reading, and what stands
            # there only where another value's core is beside it (the
            # ending ``หุ๋`` the adverb takes before *excited*, read in the
            # one sentence of each instance that has an adverb, while the
            # other sentence's *excited* stands at the frame's ``ทู``) is
            # that value's: the group says it is not the value's.  (A
            # corruption that moved a frame word beside the value, ``ñü``
            # swapped in after *engineer* in two instances of eight, leaves
            # the readings that show the word before the frame: no vote.)
            beside_only = depth >= 1 and not framed and showing[g] > 0 and \
                at_frame[g] >= max(2, REACHES * sum(intact[g].values())) and \
                by_slot[g] >= IDENTITY * showing[g]
            if beside_only:
                a = 0.0
            else:
                if len(top) == 2 and top[0][1] == top[1][1] and \
                        agrees(top[0][0], g) != agrees(top[1][0], g):
                    continue
                shown = top[0][0] if top else None
                if shown is not None and corrupted(shown, g):
                    continue
                a = w * (shown is not None and agrees(shown, g))
            own[key][g] = (a, w)
            for pl in pools:
                pairs[pl] += w
                agree[pl] += a
                in_group[(pl, g)][0] += a
                in_group[(pl, g)][1] += w
    # per place, the share of the slot's values whose text there is one that
    # other values select too, in every group they occur in (a paradigm that
    # translates a source word every sentence has covers every value: each
    # state takes one of the prepositions; endings that some values' words
    # share and others' lack — ``る`` of the verbs among Japanese states —
    # cover a few, and a copula that only some templates write is no
    # value's choice)
    chosen: dict = defaultdict(dict)
    for key, m in modal.items():
        if selects[key] and agree[pool_of[key]] >= IDENTITY * pairs[pool_of[key]]:
            chosen[place[key]][key[0]] = m
    cover: dict = {}
    for pl, texts in chosen.items():
        common = Counter(texts.values())
        cover[pl] = sum(common[m] >= 2 for m in texts.values()) / len(slot_vals[pl[0]])
    g_agree, g_pairs = _group_votes(in_group)
    # per frame unit text beside a slot: at how many frame units from the
    # core the slot's values (one vote each) mostly have it (``से``, *than*,
    # is the second frame unit before eighteen comparatives, beyond their
    # ``अधिक``, and the first before *older*, whose ``अधिक`` is inside it)
    # (a value that has the text twice, ``cao hơn hơn`` -- its own *more*
    # and the frame's *than* -- has it at the nearer depth)
    # (each key's most common frame depth, counted once for this and the
    # ``frame_depth`` feature)
    depth_of = {key: Counter(c.frame_depth for c in cs).most_common(1)[0][0]
                for key, cs in at_modal.items()}
    nearest: dict = {}                  # (slot, side, text, value) -> frame depth
    for key, cs in at_modal.items():
        if key[2] >= 1 and 2 * sum(c.frame for c in cs) > len(cs):
            d = depth_of[key]
            at = (key[0][:2], key[1], modal[key], key[0])
            nearest[at] = min(d, nearest.get(at, d))
    frame_depths: dict = defaultdict(Counter)
    for (slot_, side_, text, _v), d in nearest.items():
        frame_depths[(slot_, side_, text)][d] += 1
    # -- most of the slot's values, not most of those that show the text at
    # all: a frame unit six units out is within reach beside a few values
    # whose neighbours are short and beyond it beside the rest, and where
    # one intensifier of eight saw the template's ``ဃု`` four frame units
    # out, that depth was the "usual" one, and the licence of *incredibly*'s
    # own first syllable, ``ဃု`` too, no longer reached it
    usual_depth = {}
    for k, c in frame_depths.items():
        d, votes = min(c.items(), key=lambda kv: (-kv[1], kv[0]))
        if 2 * votes > len(slot_vals[k[0]]):
            usual_depth[k] = d
    # the words two values or more select at a place: per place, and
    # anywhere (the article ``ဝါ`` of one vehicle in ten, and of animals)
    shared_at = {pl: {t for t, c in Counter(texts).items() if c >= 2}
                 for pl, texts in position.items()}
    shared_any = set().union(*shared_at.values()) if shared_at else set()

    def _paradigm_of(key) -> frozenset:
        # a shared word with the words shared at its place; else the word alone
        m = modal[key]
        return frozenset(shared_at.get(place[key], set()) | {m}) if m in shared_any \
            else frozenset([m])
    out = {}
    for key, cs_all in by_key.items():
        v, side, depth = key
        slot = v[:2]
        m = modal[key]
        cs = at_modal[key]
        # the lower of the two pools' (a unit that values showing the same
        # units from the core out all keep, ``々`` + ``だ`` of 興味深々だ where
        # the one instance without ``だ`` is corrupted, is still what the
        # template writes before its full stop after sixteen other values,
        # which lack it where other templates draw them)
        identity = min(_pooled_identity(own[key], pl, g_agree, g_pairs, in_group)
                       for pl in (pool_of[key], near_pool_of.get(key)) if pl is not None)
        vals = slot_vals[slot]
        share = shows[(slot, side, depth, m)] / len(vals)
        # (values that only a stray reading gives a unit there do not count)
        fill = selecting[(slot, side, depth)] / len(vals)
        texts = position.get(place[key], [])
        # a paradigm alternates: several values, two words or more among them
        # (``với``/``về``/``tới``; ``un``/``une``); one word some values share
        # and others lack is no paradigm
        paradigm = 1.0 - len(set(texts)) / len(texts) \
            if len(texts) >= 3 and len(set(texts)) >= 2 else 0.0
        whole = float(m in whole_forms[slot])
        k = len(cs)
        adj = ibm = beside = 0.0
        frame_share = sum(c.frame for c in cs) / k
        for c in cs:
            o = obs[c.obs]
            stop = o.left_stop if side < 0 else o.right_stop
            if stop is not None and any(a is o.occ and b.slot == stop
                                        for a, b in ev.adjacent.get((o.group, o.inst), ())):
                adj += 1
        # the alignment weighs only varying units (:func:`score`); a sample of
        # a key's units estimates its mean well enough
        sample = cs[:IBM_SAMPLE] if ev.ibm is not None and frame_share < 1.0 else []
        for c in sample:
            o = obs[c.obs]
            row = ev.ibm_row[(o.group, o.inst)]
            unit = ev.unit_base[(o.group, o.inst, o.field)] + c.unit
            ibm += ev.ibm.mass(row, unit, ev.ibm_spans.get((o.group, o.inst, o.occ), ()))
            beside += ev.ibm.mass(row, unit, (ev.beside_spans or {}).get(
                (o.group, o.inst, o.occ, side), ()))
        ibm = ibm / len(sample) * k if sample else 0.5 * k
        beside = beside / len(sample) if sample else 0.0
        lic = ev.licenses.get(slot, NO_LICENCE)
        # a frame unit the alignment gives mostly to the values' words -- no
        # word of the source frame is what it translates (``Hi`` before *I
        # can't say*, where the source frame has no *I*; every value begins
        # with one).  Asked only where a licence is at stake (a sample of the
        # key's frame readings, as for ``ibm``)
        aligned = 0.0
        if ev.ibm is not None and frame_share > 0.0 and (
                adj > 0 or lic[1] > 0 or lic[4][side > 0] > 0):
            in_values = in_words = 0.0
            for c in cs[:IBM_SAMPLE]:
                if not c.frame:
                    continue
                o = obs[c.obs]
                row = ev.ibm_row[(o.group, o.inst)]
                unit = ev.unit_base[(o.group, o.inst, o.field)] + c.unit
                in_words += ev.ibm.mass(row, unit, ev.ibm.src_spans[row])
                in_values += ev.ibm.mass(row, unit, ev.all_value_spans[row])
            aligned = float(in_words > 0 and 2 * in_values > in_words)
        pr = pair_for.get(key)
        if pr is not None and pairs_free[pr] > 0:
            gen_kind, gen_slot = generality(pr, slot, pairs_free[pr],
                                            (pair_near_slot, pair_near_kind))
        else:
            gen_kind, gen_slot = generality(m, slot, totals[m] - in_core[m],
                                            (near_slot, near_kind))
        # the licence of the source's shared function words on this side: the
        # share of the slot's source values that carry one there (*I can't
        # say* begins with one, *I can't say I* has one on each side) -- on
        # the side most of them carry theirs; on the other (or on either,
        # where as many carry one on each side) only where the alignment
        # gives the unit to the values' words (``aligned``): *I can't say*
        # and *I can't say I* begin with *I* and *was not* and *did not* end
        # in *not*, and the *it* glued before *was not* (``ផួំ``, which the
        # alignment gives to the source frame's *it*) is the template's
        lic_side = lic[4][side > 0] * (1.0 if lic[2] == side else aligned)
        # a target word translating the source's shared function word stands
        # beside every lexicon that has one (``एक`` before professions,
        # animals and vehicles), not beside one alone (``وظيفته``, *his job*)
        # -- twice at least: a word seen beside a lexicon once is as likely
        # a corruption that put it in an animal's sentence (one pet sentence
        # with ``وظيفته`` made it stand beside animals and vehicles too).
        # Every lexicon that shares one of this slot's function words on
        # this side: *a* of animals and vehicles, not *some* of *some people*
        # beside the *I* of *I can't say*
        peers = [sl for sl in func_slots if ev.licenses[sl][5][side > 0] & lic[5][side > 0]]
        if lic_side and len(peers) >= 2 and \
                sum(1 for sl in peers if near_slot[(m, sl)] >= 2) < 2:
            lic_side = 0.0
        # -- and the translation is the unit nearest the value that stands
        # with every such lexicon: the value's source ends at that word, so
        # a unit beyond it that stands with some of them only is no part of
        # the value, licensed or glued (the article ``ယ္ဈု`` / ``ဌူ`` begins
        # professions, animals and vehicles alike; the case prefix ``ခါ``
        # before it, which the objects of *has* and *bought* take and the
        # professions do not, is the templates')
        # (the word nearer the value may be one of a paradigm, an article
        # that agrees, ``ဌိ`` / ``ဝါ``: the paradigm's words, those two
        # values or more show at its place, stand with every such lexicon)
        # (a word the value has there: one it selects.  A corrupted copy
        # whose core took a stray word, ``mu nočomuk`` for ``ke nočomuk``,
        # is no witness: its ``mu``, once in forty readings of *a
        # secretary*, stood "nearer the value" than the article ``ke``, and
        # took the article's licence in the noisy file -- ``ke
        # {profession}`` in every group, seed 97 ``mix-all``)
        beyond = float(bool(lic_side) and len(func_slots) >= 2 and
                       not with_every(frozenset([m]), side) and
                       any(with_every(_paradigm_of((v, side, d)), side)
                           for d in range(1 - MAX_INNER, depth)
                           if (v, side, d) in modal and selects[(v, side, d)]))
        # a licence stands for a source word the target translates (an
        # article, a comparative's marker): punctuation translates none (the
        # ``?`` of a question that alone draws the comparatives went into
        # every one, ``ro ašomtum?``, as *stronger*'s marker)
        is_word = float(any(word_char(ch) for ch in m))
        f = {
            "bias": 1.0,
            "inner": float(depth <= 0),
            "frame": frame_share,
            "glued": sum(c.glued for c in cs) / k,
            "unseg": sum(c.unseg for c in cs) / k,
            "identity": identity,
            "share": share,
            "fill": fill,
            "paradigm": paradigm * fill,
            "whole_form": whole,
            "lic_func": lic[0],
            "lic_side": lic_side * is_word,
            "lic_contrast": lic[1] * is_word,
            "lic_adjacent": adj / k * is_word,
            "generality": gen_kind,
            "generality_slot": gen_slot,
            "func_words": lic[3],
            "frame_depth": max(depth_of[key], 0),
            "ibm": ibm / k,
            "unbound": (ev.unbound or {}).get((v, side),
                                              (ev.unbound or {}).get((slot, side), 0.0)),
            "governed": (ev.governed or {}).get((slot, side), 0.0),
            "ibm_beside": beside,
            "aligned": aligned,
            "bound": sum(c.text in (ev.bound or {}).get((obs[c.obs].group, slot), ())
                         for c in cs) / k if depth == 1 else 0.0,
            "depth": float(depth),
            "beside_frame": float(place[key][2] == ("frame", 1)),
            "cover": cover.get(place[key], 0.0),
            "own_word": float(key in own_word),
            "usual_frame_depth": usual_depth.get((slot, side, m), 0),
            "beyond_func": beyond,
        }
        out[key] = derive(f)
    return out, by_key, words


def _near_counts(beside: dict, text_of: dict, kinds: dict) -> tuple[Counter, Counter]:
    """How many places of each text stand beside a core of each slot, and of
    each licence kind (``beside``: place -> the slots whose cores it is
    beside; ``text_of``: place -> its unit's text, or a pair's)."""
    # counted in plain dicts (a Counter's += is two Python-level calls; there
    # is a place per unit beside every core)
    near_slot: dict = {}
    near_kind: dict = {}
    for place, slots in beside.items():
        u = text_of[place]
        for sl in slots:
            key = (u, sl)
            near_slot[key] = near_slot.get(key, 0) + 1
        # (most places stand beside one slot: no set of kinds to build)
        for kind in ({kinds.get(sl) for sl in slots} if len(slots) > 1
                     else [kinds.get(sl)]):
            if kind is not None:
                key = (u, kind)
                near_kind[key] = near_kind.get(key, 0) + 1
    return Counter(near_slot), Counter(near_kind)


EVERY_LEXICON = 0.1    # share of a lexicon's observations a unit must stand with, to stand with it


def _with_every_lexicon(obs: Sequence[Obs], slots: Sequence[tuple]):
    """``with_every(texts, side)``: does one of the texts stand, on that side,
    with the values of every one of ``slots`` (the lexicons whose source values carry
    a function word) -- among a core's outer units or the units beside it,
    in ``EVERY_LEXICON`` of the slot's observations (twice at least)?  A
    target word translating the function word every such value carries
    does; a word one or two of those lexicons' templates write beside them
    does not."""
    wanted = set(slots)
    n_obs: Counter = Counter()
    where: dict = defaultdict(set)      # (text, slot, side) -> the observations showing it
    for n, o in enumerate(obs):
        if o.slot not in wanted:
            continue
        n_obs[o.slot] += 1
        for side, inner, outer in ((-1, o.units[:MAX_INNER], o.left[:MAX_OUTER]),
                                   (1, o.units[-MAX_INNER:], o.right[:MAX_OUTER])):
            for e in itertools.chain(inner, outer):
                where[(e.text, o.slot, side)].add(n)
    memo: dict = {}
    empty: set = set()

    def with_every(texts: frozenset, side: int) -> bool:
        got = memo.get((texts, side))
        if got is None:
            got = memo[(texts, side)] = all(
                len(set().union(*(where.get((t, sl, side), empty) for t in texts)))
                >= max(2, EVERY_LEXICON * n_obs[sl]) for sl in slots)
        return got
    return with_every


AFFIXED = 0.25     # share of a slot's other values whose written word ends in a template's affix


def _template_affix(cores: dict, v: tuple, side: int):
    """``is_affix(group, tail)`` for :func:`.units.stem_before_affixes`: the
    group's template glues ``tail`` on the far side of other values of the
    slot — two at least, and ``AFFIXED`` of them.  An affix with harmony
    allomorphs (``ño`` / ``ñö``) is one affix: another value carrying the
    tail or one of its allomorphs (the same length, one letter different,
    on two values or more) carries it, so the rarer allomorph counts as
    much as the common one.  A tail of one letter has no allomorph: one
    letter different from it is any letter, and a quarter of any slot's
    values begin with one of the letters two of them share (``gu`` / ``pu``,
    two templates' copulas before a profession, are no ``u`` with the
    templates' ``g`` / ``p`` glued on)."""
    slot = v[:2]

    def is_affix(group: int, tail: str) -> bool:
        others = [c for w, c in cores.get((group, slot), {}).items() if w != v]
        n = len(tail)
        ends = Counter((c[-n:] if side > 0 else c[:n]) for c in others if len(c) > n)
        if not ends.get(tail):
            return False
        forms = {e for e, k in ends.items()
                 if e == tail or (n > 1 and k >= 2 and sum(x != y for x, y in zip(e, tail)) == 1)}
        hits = sum(k for e, k in ends.items() if e in forms)
        return hits >= 2 and hits >= AFFIXED * len(others)
    return is_affix


def _doubled(o: Obs, c: Candidate) -> bool:
    """Is the unit beside the core a copy of the unit just inside it (the
    core's outer unit, or the candidate one depth in)?  A word written twice
    (``Ai lớn lớn tuổi hơn?``, a doubling corruption) puts the value's own
    word where its other readings show the next one; it is no reading of
    the place — unless the value's readings there mostly show that unit (a
    syllable the value itself repeats, ``ฝีฝี``: the caller asks only of a
    reading that is not the place's most common one), and unless it is a
    frame unit (``wa wa ropi``: the template's ``wa`` before *a judge*'s)."""
    if c.depth < 1:
        return False
    outer = o.right if c.side > 0 else o.left
    if c.depth == 1:
        inner = o.units[-1] if c.side > 0 else o.units[0]
    elif c.depth - 2 < len(outer):
        inner = outer[c.depth - 2]
    else:
        return False
    return inner.text == c.text


def _stretch(o: Obs) -> tuple:
    """The units an observation's value may span: its core, and on each side
    the edge units out to the last varying one that no two frame units in a
    row separate from it (the frame's ``अधिक`` between ``आयु में`` and
    ``बड़ा`` of *older*)."""
    out = [e.text for e in o.units]
    for side, edges in ((-1, o.left), (1, o.right)):
        take, run = 0, 0
        for j, e in enumerate(edges):
            run = run + 1 if e.frame else 0
            if run >= 2:
                break
            if not e.frame:
                take = j + 1
        part = [e.text for e in edges[:take]]
        out = part[::-1] + out if side < 0 else out + part
    return tuple(out)


def _scrambled_copies(obs: Sequence[Obs]) -> set:
    """The observations that show their value's usual stretch of units
    (:func:`_stretch`, read twice or more) with two neighbours swapped or
    one unit written twice (:func:`.units.one_edit`), their own stretch
    read nowhere else in the file.  No template writes a value's words in
    another order or one of them twice; a corruption does, and so puts
    another unit at the value's edge: their readings vote on nothing (one
    swap, ``आयु में बड़ा अधिक`` for *older*'s ``आयु में अधिक बड़ा``, the
    value's only instance in a question, cut ``बड़ा`` off the value in the
    comparative's fifteen instances)."""
    stretches = [_stretch(o) for o in obs]
    seen: dict = defaultdict(Counter)
    for o, st in zip(obs, stretches):
        seen[o.lexval][st] += 1
    out = set()
    for n, (o, st) in enumerate(zip(obs, stretches)):
        usual, k = seen[o.lexval].most_common(1)[0]
        if k < 2 or len(usual) < 2 or st == usual or seen[o.lexval][st] != 1:
            continue
        left = [e.text for e in o.left[:len(usual)]][::-1]
        window = left + [e.text for e in o.units] + [e.text for e in o.right[:len(usual)]]
        first, last = len(left), len(left) + len(o.units)   # the core's units in it
        for size in (len(usual), len(usual) + 1):
            for i in range(max(0, first - size + 1), min(last, len(window) - size + 1)):
                sub = tuple(window[i:i + size])
                if sub != usual and one_edit(sub, usual) and set(sub) == set(usual):
                    out.add(n)
    return out


def _displaced(o: Obs, c: "Candidate", near) -> bool:
    """Does reading ``c`` of observation ``o`` stand in, or beyond, the
    stretch a corruption of its instance's frame touched (``near``: the
    ``(field, unit)`` places :func:`~tea_solver.keys.model.corrupted_frames`
    gives)?  Beyond counts: where a swap put the frame's first word between
    the value's two (``lớn Ai tuổi hơn?`` for ``Ai lớn tuổi hơn?``), every
    unit past it stands a place further out than the value puts it, and
    ``tuổi`` voted, with half a voice, against the ``hơn`` the clean
    readings show two units after ``lớn`` (dev sample 389 ``vi``)."""
    if not near:
        return False
    if (o.field, c.unit) in near:
        return True
    if c.depth < 1:
        return False
    outer = o.right if c.side > 0 else o.left
    return any((o.field, e.index) in near for e in outer[:c.depth - 1])


def _follows_value(own: dict, pool, in_group: dict) -> bool:
    """Does the unit follow its value rather than the templates?  The value
    shows it in every group it occurs in (two at least, ``own``: group ->
    (agree, pairs)), and in one of them the other values it is pooled with
    mostly do not (``in_group``: the pool's sums per group).  ``เคั``, the
    last syllable of *slower* (``ณีชืเคั``), is a word the comparative
    template writes after some adjectives: pooled with those, which the
    question template writes without it, its identity fell below
    :data:`IDENTITY`, though *slower* shows it in the question too."""
    if sum(w for _a, w in own.values()) <= 1 or any(a < w for a, w in own.values()):
        return False
    for g, (a, w) in own.items():
        total_a, total_w = in_group[(pool, g)]
        if total_w - w > 0 and total_a - a < 0.5 * (total_w - w):
            return True
    return False


def _own_edge_words(obs: Sequence[Obs], by_key: dict, val_groups: dict) -> dict:
    """Per decision key beside a core (depth >= 1) where the value shows a
    word of its own in every group it occurs in, two groups at least: that
    word, per group.
    In each group the value's readings there (nearly) all show one varying
    unit (``SELECTS`` of them, twice at least), and no other value of the
    slot shows that unit there in that group.  What a template writes beside
    a value it writes beside others too (an affix, a preposition some values
    select) or is its frame; a varying word that only this value shows,
    wherever it is drawn, goes with the value even where the templates write
    it differently: the case ending on the last word of ``wo fełipa wen`` /
    ``wo fełipa wo`` (*a guinea pig*) makes that word another one in each
    template, and a word that also reads like the lexicon's article
    identifies no value, so co-variation leaves it out of the core."""
    top: dict = {}                      # key -> group -> its one varying reading there
    shown: Counter = Counter()          # (group, slot, side, depth, text) -> values showing it
    for key, cs in by_key.items():
        v, side, depth = key
        if depth < 1:
            continue
        per_group: dict = defaultdict(Counter)
        for c in cs:
            per_group[obs[c.obs].group][(c.text, c.frame)] += 1
        reads = {}
        for g, cnt in per_group.items():
            (text, frame), k = cnt.most_common(1)[0]
            if not frame and k >= max(2, SELECTS * sum(cnt.values())):
                reads[g] = text
            shown[(g, v[:2], side, depth, text)] += 1
        top[key] = reads
    out = {}
    for key, reads in top.items():
        v, side, depth = key
        groups = val_groups[v]
        if len(groups) >= 2 and set(reads) == groups and \
                len(set(reads.values())) >= 2 and \
                all(shown[(g, v[:2], side, depth, t)] == 1 for g, t in reads.items()):
            out[key] = reads
    return out


def _group_votes(in_group: dict) -> tuple[Counter, Counter]:
    """Per pool, the weight of the groups whose values mostly show the unit,
    and of all its groups: ``(agree, pairs)``.

    Whether a template writes a unit beside the pool's values is the
    group's behaviour, so each group votes once, with its values' weight,
    for what most of them show (half of it where they split evenly).  One
    value that reads otherwise in a group where the others show the unit is
    that value's (a corrupted instance, the only one of *faster* in a
    question, that dropped ``mwenye`` which *wiser* and *stronger* show
    there), not the template's: it does not outvote the groups that agree."""
    agree: Counter = Counter()
    pairs: Counter = Counter()
    for (pool, _g), (a, w) in in_group.items():
        if w <= 0:
            continue
        pairs[pool] += w
        agree[pool] += w if 2 * a > w else w / 2 if 2 * a == w else 0.0
    return agree, pairs


def _pooled_identity(own: dict, pool, agree: Counter, pairs: Counter, in_group: dict) -> float:
    """A value's identity at a place, from its ``pool``: 1.0 where the unit
    follows the value (:func:`_follows_value`), else the share of the pool's
    group weight that votes for the unit (:func:`_group_votes`; 0.5 without
    any)."""
    if _follows_value(own, pool, in_group):
        return 1.0
    return agree[pool] / pairs[pool] if pairs[pool] else 0.5


def admissible(key: tuple, f: dict) -> bool:
    """Can the decision go the value's way at all?  A unit beside a core joins
    the value's *form*, which is one string in the whole file, so it must
    stand there in (nearly) every group the value occurs in — ``identity``,
    pooled over the values of the slot that show it, at least
    ``IDENTITY`` (one corrupted instance in a small group does not undo
    it); a unit one template puts beside it is that template's -- unless
    it is a word of the value's own in every group (``own_word``,
    :func:`_own_edge_words`), which the value's forms keep per template."""
    return key[2] <= 0 or f["identity"] >= IDENTITY or f.get("own_word", 0.0) > 0


def derive(f: dict) -> dict:
    """The model's terms from the raw features (module docstring).

    A licence reaches as far as the source material it stands for: a
    function word licenses up to two frame units beside the value (an
    article and a classifier, ``một con``, ``一只``), a sibling contrast or a
    touching source slot one; varying units between them do not count, and
    a frame unit the slot's values mostly have further out
    (``usual_frame_depth``) is as far out for every value.  Nor does a
    function word's licence reach past the word that translates it
    (``beyond_func``): the value's source ends there, so a unit beyond it
    joins by glue no more than by licence.
    """
    f = dict(f)
    depth = f["frame_depth"]    # frame units only: varying ones are the lexicon's anyway
    func_reach = f["func_words"] + 1
    # (a licence reaches a frame unit only as far as the slot's values
    # mostly have it, too: the unit beyond the marker the others take is no
    # marker where a value holds its own)
    reach = max(depth, f.get("usual_frame_depth", 0))
    beyond = f.get("beyond_func", 0.0)
    f["licensed"] = max(f["lic_side"] * (1 - beyond) if reach <= func_reach else 0.0,
                        f["lic_contrast"] if reach <= 1 else 0.0,
                        f["lic_adjacent"] if reach <= 1 else 0.0)
    f["glued_word"] = f["glued"] * max(f["unseg"], 1.0 - f["frame"])
    # a frame unit joins by glue only where no source frame word stands on that
    # side of the slot in every sentence (a demonym's 人, not the 'about the
    # project' every state is followed by), and only one unit deep
    f["glued_frame"] = f["glued_word"] * f["unbound"] * float(depth <= 1) * (1 - beyond)
    # a paradigm word is separate where a space shows it, and a template's
    # variant where the source has a word of the frame beside the slot in
    # every sentence for it to translate (``governed``: the preposition each
    # state selects for *about*) or where (nearly) every value takes one of
    # its words (an article that agrees): a word some values share and the
    # others lack, beside a slot no source word governs, is theirs (``ve`` of
    # five animals in thirteen, where three templates of four put the full
    # stop after the animal: the others' full stop makes the place look like
    # a paradigm); in a script without spaces nothing shows a separate word,
    # and a paradigm counts only where the source has a word of the frame on
    # that side for it to translate (the preposition each
    # state selects for *about*), not where the slot meets punctuation or
    # another slot (an ending that agrees), and only beside the frame, where
    # that word stands (``อามุ`` that seven states end in, before their
    # preposition, is theirs), and where (nearly) every value takes one of
    # the paradigm's words there, as a translation of a word every sentence
    # has must (the ``る`` / ``い`` of some Japanese states is their own)
    separate = (1 - f["unseg"]) * (1 - f["glued_word"]) * \
        max(f["governed"], float(f["cover"] >= IDENTITY)) + \
        f["unseg"] * f["governed"] * f["beside_frame"] * float(f["cover"] >= IDENTITY)
    f["sep_paradigm"] = separate * float(f["paradigm"] >= 0.5) * (1 - f["whole_form"])
    # a separate word beside the value that the alignment gives to the source
    # frame word standing beside the slot in every sentence (*less* before
    # the adjective: ``менее`` the template writes for some values and fuses
    # into others, ``слабее``) translates that frame word: the template's
    f["translates_frame"] = (1 - f["unseg"]) * (1 - f["glued_word"]) * f["governed"] * \
        f.get("ibm_beside", 0.0)
    return f


def _particular(generality: float) -> float:
    """How particular a unit is to the lexicons in question: 1 when it stands
    only beside them, 0 when it stands elsewhere half of the time or more."""
    return max(0.0, 1.0 - 2.0 * generality)


def score(f: dict, p) -> float:
    """Log-odds that the unit belongs to the value (``p``: the weights of
    :class:`~.params.ModelParams`).

    A *frame* unit (the same in every instance of its group) is the
    template's unless the source licenses it for the value, or it is part of
    the value's written word — and either counts only where the unit is
    particular to this lexicon, or (the licence) where the alignment gives
    the unit to the values' words rather than the frame's (A, ``aligned``)::

        prior_frame + licence·max(L·max(π(g), A), B) + glued·W·U·(1−g′)

    A *varying* unit (it comes and goes with the values) is the value's
    unless it is a separate word from a paradigm several values share (a
    preposition the value selects: the template's variant) where the slot
    is ``governed`` or (nearly) every value takes one of its words (with
    spaces; without, where both hold and it stands beside the frame:
    :func:`derive`), or a separate word that
    translates the source frame word beside a ``governed`` slot (``менее``
    for *less*, written before some adjectives: the template's variant
    too), and the source does not license it::

        prior_varying − paradigm·max(P·(1−S), T)·(1−L) + alignment·(ibm−½)

    with L = ``licensed``, B = ``bound`` (the unit touches the value and is
    one that groups with the same source frame words lack where they lack
    the slot: it translates the slot, ``有`` of ``有点``,
    :func:`~tea_solver.keys.model.slot_bound_units`), W = ``glued_word``, U = ``unbound`` (the source
    word beside the slot on that side differs between sentences: the unit
    translates none of them; read over the groups of the value, where it
    stands in two or more), A = ``aligned``, g = ``generality`` (how often
    the unit stands away from lexicons of this licence), g′ =
    ``generality_slot`` (away from this lexicon), π(g) = max(0, 1 − 2g)
    (:func:`_particular`), P = ``sep_paradigm``, S = max(0, 2·ibm − 1) (the
    alignment is sure the word translates the value's own source words),
    T = ``translates_frame`` (a separate word, the slot governed, times
    ``ibm_beside``); a unit that is frame in some instances and varies
    in others gets the mixture.
    """
    ibm = p.w_alignment * (f["ibm"] - 0.5)
    lic, gen = f["licensed"], f["generality"]
    frame = (p.prior_frame + p.w_licence * max(lic * max(_particular(gen), f.get("aligned", 0.0)),
                                               f["bound"])
             + p.w_glued * f["glued_frame"] * (1 - f["generality_slot"]))
    # a paradigm word is the template's variant unless the alignment is sure
    # it translates the value's own source words
    sure = max(0.0, 2.0 * f["ibm"] - 1.0)
    varying = p.prior_varying - p.w_paradigm * max(f["sep_paradigm"] * (1 - sure),
                                                   f.get("translates_frame", 0.0)) * (1 - lic) + ibm
    return f["frame"] * frame + (1 - f["frame"]) * varying


def probability(f: dict, params) -> float:
    """``P(the unit belongs to the value | f)`` (:func:`score` through the logistic)."""
    z = score(f, params)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))
