"""One realization per source value across the file.

A CheckList keeps one lexicon entry per source value, shared by every template
that uses the lexicon; what differs between templates (a case ending glued to
the value, a preposition the template puts after it) is template text.  So a
value's *form* is a property of the language file, not of a group.

From co-variation (:mod:`.regions`) every instance gives each occurrence a
*core*: the units that come with its value.  This module turns cores into
forms and the material beside them into frame or form:

* the core a value shows in most of its instances is its form; a core that
  holds the form plus material every value of the slot has in that group
  (``Johnga`` where every name reads ``…ga``) is the form plus a frame affix
  of that group; a core that holds neither is a form of its own (a case form
  a template selects, an agreement form);
* material beside a core — units no value claims and frame units — joins the
  form or stays in the frame as :mod:`.edges` decides.
"""

from __future__ import annotations

import bisect
import itertools
import math
import os
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

from tea_solver.tokenize import PUNCT

from .regions import GroupRegions
from .source import content_part, edge_word_counts, whole_word_spans
from .units import graphemes, same_stem, word_char, written_spaced


class Edge(NamedTuple):
    """One unit beside a core, counted outwards (depth 1 touches the core).
    (A tuple: a file makes one per unit beside every core.)"""

    text: str
    frame: bool         # a frame unit of the group (else a unit no value claimed)
    glued: bool         # no whitespace between it and the unit on its inner side
    start: int
    end: int
    kind: int = 0       # WORD, CHAR or PUNCT (:mod:`.units`)
    index: int = 0      # the unit's index in its field


#: builds an :class:`Edge` from all its fields without the generated
#: ``__new__`` (a Python call per tuple, one per unit beside every core)
_new = tuple.__new__


@dataclass
class Obs:
    """One occurrence in one instance: its core and what lies beside it."""

    group: int
    inst: int
    field: int
    lexval: tuple
    slot: tuple
    core: str
    start: int              # character offsets of the core
    end: int
    units: list = field(default_factory=list)   # the core's own units, as Edges, in order
    left: list = field(default_factory=list)    # Edges beside the core, nearest first
    right: list = field(default_factory=list)
    left_stop: tuple | None = None   # slot whose core the left edges run into
    right_stop: tuple | None = None


def observations(groups: Sequence[GroupRegions], max_depth: int = 6) -> list[Obs]:
    """Every occurrence's core and its edges, over the file."""
    out = []
    for g, gr in enumerate(groups):
        for i, (fields, pieces) in enumerate(zip(gr.texts, gr.pieces)):
            owner = {}
            for p in pieces:
                for k in range(p.first, p.last + 1):
                    owner[(p.field, k)] = p
            for p in pieces:
                t = fields[p.field]
                ob = Obs(g, i, p.field, p.occ.lexval, p.occ.slot,
                         t.text[t.starts[p.first]:t.ends[p.last]],
                         t.starts[p.first], t.ends[p.last])
                ob.occ = p.occ
                ob.units = [_new(Edge, (t.units[k], bool(gr.frame[i][p.field][k]),
                                        bool(t.glued[k]), t.starts[k], t.ends[k], t.kinds[k],
                                        k))
                            for k in range(p.first, p.last + 1)]
                for side, edges in ((-1, ob.left), (1, ob.right)):
                    k = p.first - 1 if side < 0 else p.last + 1
                    inner = p.first if side < 0 else p.last
                    while 0 <= k < len(t) and len(edges) < max_depth:
                        other = owner.get((p.field, k))
                        if other is not None:
                            if side < 0:
                                ob.left_stop = other.occ.slot
                            else:
                                ob.right_stop = other.occ.slot
                            break
                        glued = t.glued[max(k, inner)] if side > 0 else t.glued[inner]
                        edges.append(_new(Edge, (t.units[k], bool(gr.frame[i][p.field][k]),
                                                 bool(glued), t.starts[k], t.ends[k],
                                                 t.kinds[k], k)))
                        inner = k
                        k += side
                out.append(ob)
    return out


def main_forms(obs: Sequence[Obs]) -> dict:
    """Per lexical value, its cores with their counts (most common first)."""
    by: dict = defaultdict(Counter)
    for o in obs:
        by[o.lexval][o.core] += 1
    return by


def extents(obs: Sequence[Obs], probs: dict, by_key: dict, words: dict) -> list[tuple[int, int]]:
    """Each observation's value span after the edge decisions (:mod:`.edges`).

    Per side, the core's outer units leave it while their probability is
    below one half (at least one unit stays); where none leaves, the units
    beside it join while theirs is at least one half.  A decision is made
    per lexical value and position, and applied where the observation shows
    the value's word there (``words``, from :func:`.edges.features`: a
    corrupted instance that shows another keeps its core).

    A value does not end in a joiner — a hyphen glued to what follows it:
    the written word goes on.  Where the value keeps the joiner, the glued
    unit beyond it is the rest of its word and stays or joins with it
    (``čüfe-fı`` / ``čüfe-fun``: the case ending, a separate unit behind
    the hyphen, differs between templates, so on its own it is no unit the
    value shows in every group — and the value, never written bare, would
    read ``čüfe-``), unless it is a frame unit.
    """
    at: dict = {}
    for key, cs in by_key.items():
        for c in cs:
            at[(c.obs, c.side, c.depth)] = c
    out = []
    for n, o in enumerate(obs):
        start, end = o.start, o.end
        for side in (-1, 1):
            stripped = 0
            while True:
                key = (o.lexval, side, -stripped)
                c = at.get((n, side, -stripped))
                if c is None or probs.get(key, 1.0) >= 0.5 or c.text != words[key]:
                    break
                stripped += 1
            if stripped:
                # (at least one core unit stays: the candidates stop short of
                # the last; core units are glued to the unit before them)
                kept = o.units[-stripped - 1] if side > 0 else o.units[stripped]
                gone = o.units[-stripped] if side > 0 else o.units[stripped - 1]
                if _dash(kept) and (gone.glued if side > 0 else kept.glued):
                    stripped -= 1   # the unit behind a joiner the core keeps
            if stripped:
                keep = o.units[:len(o.units) - stripped] if side > 0 else o.units[stripped:]
                if side > 0:
                    end = keep[-1].end
                else:
                    start = keep[0].start
                continue
            depth = 1
            inner = o.units[-1] if side > 0 else o.units[0]
            while True:
                key = (o.lexval, side, depth)
                c = at.get((n, side, depth))
                if c is None:
                    break
                rest = _joins(inner, c) and not c.frame     # the rest of a hyphenated word
                if probs.get(key, 0.0) < 0.5 and not rest:
                    break
                inner = c
                # (a word of the value's own that each template writes
                # otherwise: that group's, :func:`.edges._own_edge_words`)
                m = words.get((key, o.group)) or words[key]
                if c.text == m or same_stem(c.text, m) or rest:
                    if side > 0:
                        end = c.end
                    else:
                        start = c.start
                    depth += 1
                    continue
                # the unit is the value's word with an affix glued to its far
                # side (``وسيارة``: ``و`` + ``سيارة``; ``čełehü``: ``če`` +
                # agreement ``łe`` + the template's ``hü``): the whole word
                # joins, and :func:`settle` takes off what is the template's
                if side < 0 and c.text.endswith(m):
                    start = c.start
                elif side > 0 and c.text.startswith(m):
                    end = c.end
                break
        out.append((start, end))
    return _resolve_overlaps(obs, out, probs, at)


def _dash(unit) -> bool:
    """Is the unit (an Edge or a :class:`.edges.Candidate`) a dash
    punctuation mark (Unicode Pd: a hyphen, a maqaf), which joins the
    pieces of one written word?"""
    return len(unit.text) == 1 and unicodedata.category(unit.text) == "Pd"


def _joins(inner, outer) -> bool:
    """Is ``inner`` a joiner (:func:`_dash`) that ``outer``, the unit beside
    it outwards, is glued to?  (A unit beside a core is ``glued`` when no
    space separates it from the unit on its inner side.)"""
    return _dash(inner) and outer.glued


def _resolve_overlaps(obs, ext: list, probs: dict, at: dict) -> list:
    """Two values of one instance that both took the units between them
    (each found them its own): the units go to the value that claims them
    with the higher probability, unit by unit from the far side."""
    by_field: dict = defaultdict(list)
    for n, o in enumerate(obs):
        by_field[(o.group, o.inst, o.field)].append(n)
    ext = list(ext)
    for members in by_field.values():
        members.sort(key=lambda n: ext[n])
        for a, b in zip(members, members[1:]):
            (sa, ea), (sb, eb) = ext[a], ext[b]
            if ea <= sb:
                continue
            # units in the overlap, as candidates of a (right side) and b (left)
            pa = {c.start: probs.get((obs[a].lexval, 1, d), 0.0)
                  for d in range(1, 4) if (c := at.get((a, 1, d))) is not None}
            pb = {c.start: probs.get((obs[b].lexval, -1, d), 0.0)
                  for d in range(1, 4) if (c := at.get((b, -1, d))) is not None}
            # the boundary: every overlapping unit goes to the side valuing it more
            starts = sorted(x for x in set(pa) | set(pb) if sb <= x < ea)
            cut = ea
            for x in starts:
                if pb.get(x, 0.0) > pa.get(x, 0.0):
                    cut = x
                    break
            ext[a] = (sa, min(ea, cut) if cut > sa else ea)
            ext[b] = (max(sb, cut) if cut < eb else sb, eb)
            if ext[a][1] > ext[b][0]:
                ext[b] = (ext[a][1], eb)
            # a cut falls on unit bounds: the space between two words is
            # neither value's (`` böñü`` read after the word its neighbour kept)
            ext[a] = (ext[a][0], _unit_end_before(obs[a], ext[a][1], ext[a][0]))
            ext[b] = (_unit_start_after(obs[b], ext[b][0], ext[b][1]), ext[b][1])
    return ext


def agreement_gaps(obs: Sequence[Obs], ext: Sequence[tuple], groups: Sequence[GroupRegions],
                   share: float = 0.9) -> list:
    """Give the material glued to a value that another value of its
    instance chooses to the value it is glued to: agreement.

    Agreement morphology sits on the word that agrees and is chosen by
    another (the controller): the ending the adverb takes after each class
    of states (``ณิ`` / ``ฆี`` / nothing), the marker a nationality takes
    after a class of professions.  Over the file such material is a function
    of the controller's value and not of the agreeing value's (every adverb
    takes all three endings) — and it has no constant place in the frame.
    Where neither edge decision took it (:func:`extents`: its identity
    beside the agreeing value is low by construction), it is read here: the
    units beside a value that vary, are glued to it and lie in no other
    value's span join it when, for some other slot of the instance, each of
    that slot's values seen twice or more shows one text there in at least
    ``share`` of its readings, and the agreeing value's own values do not —
    in one group: a value agrees with one word in one template and with
    another, or none, in the next.
    Material a value chooses itself (a preposition each state selects) is
    no agreement and stays where the edges put it.  The value's forms become
    its agreeing variants (:func:`settle`).
    """
    ext = list(ext)
    by_inst = _by_instance(obs)
    records: dict = defaultdict(list)       # (group, slot, side) -> [(n, run end, text, others)]
    runs: dict = defaultdict(list)          # (lexval, side) -> the unit texts of its runs
    for members in by_inst.values():
        for n in members:
            o = obs[n]
            taken = [ext[m] for m in members if m != n and obs[m].field == o.field]
            others = {obs[m].slot: obs[m].lexval for m in members if m != n}
            for side, edges in ((-1, o.left), (1, o.right)):
                # the run from the core outward, what the edges took included
                # (a value's own last syllable, then the ending)
                run, stop = [], None
                for i, e in enumerate(edges):
                    if e.frame or not e.glued or e.kind == PUNCT or \
                            any(a < e.end and e.start < b for a, b in taken):
                        # a frame unit whose text the instance writes again
                        # just beyond it, outside the frame (``ไภุพึพึ``,
                        # ``ไภุพึถึ๋พึ``): the frame was matched at the
                        # value's copy, and that one may be the value's
                        if e.frame and e.glued and e.kind != PUNCT and any(
                                x.text == e.text and not x.frame for x in edges[i + 1:i + 4]):
                            stop = e.text
                        break
                    run.append(e)
                records[(o.group, o.slot, side)].append((n, run, others))
                runs[(o.lexval, side)].append((tuple(e.text for e in run), stop))
    # the value's own material in its runs: the longest start (from the core
    # out) nearly all its runs over the file share.  Where most of them show
    # it, a run that stops at a frame unit the instance writes again just
    # beyond it, which continues that start, shares it too: where the
    # template's unit after the value is the value's last unit again
    # (``ไภุพึ`` before the template's ``พึ``), which of the two is the
    # frame's the text does not say.  (An article the frame takes in some
    # groups, written once, is no such case: the value's runs there show no
    # copy of it.)
    own: dict = {}
    for key, texts in runs.items():
        k = 0
        while True:
            c = Counter(t[:k + 1] for t, _stop in texts if len(t) > k).most_common(1)
            if not c:
                break
            start, held = c[0]
            if 2 * held > len(texts):
                held += sum(1 for t, stop in texts
                            if len(t) == k and stop == start[k] and t == start[:k])
            if held < share * len(texts):
                break
            k += 1
        own[key] = k
    for key in list(records):
        rows = []
        for n, run, others in records[key]:
            o = obs[n]
            side = key[2]
            edge_at = ext[n][0] if side < 0 else ext[n][1]
            if run:
                edge_at = min(edge_at, run[-1].start) if side < 0 else max(edge_at, run[-1].end)
            rest = run[own[(o.lexval, side)]:]
            text = "".join(e.text for e in (rest[::-1] if side < 0 else rest))
            rows.append((n, edge_at, text, others))
        records[key] = rows

    def determined(rows, key) -> bool | None:
        """Does ``key``'s value fix the text?  (:func:`_determined`)"""
        return _determined(((key(r), r[2]) for r in rows), share)

    for (_g, slot, side), rows in records.items():
        if len({r[2] for r in rows}) < 2 or \
                determined(rows, lambda r: obs[r[0]].lexval) is not False:
            continue    # one text every time, the value's own choice, or too few to tell
        controllers = {sl for r in rows for sl in r[3] if sl != slot}
        if not any(determined(rows, lambda r, c=c: r[3].get(c)) for c in controllers):
            continue
        # every reading of the slot takes its run: the ending where there is
        # one, and the value's own material before it either way (one form of
        # the value with the ending and without)
        for n, edge_at, _text, _others in rows:
            ext[n] = (edge_at, ext[n][1]) if side < 0 else (ext[n][0], edge_at)
    return ext


def _by_instance(obs: Sequence[Obs]) -> dict:
    """``(group, instance)`` -> the indices of its observations."""
    out: dict = defaultdict(list)
    for n, o in enumerate(obs):
        out[(o.group, o.inst)].append(n)
    return out


def _determined(keyed, share: float) -> bool | None:
    """Does a key fix the outcome?  ``keyed``: ``(key, outcome)`` per row
    (key None where the row has none).  True where each key seen twice or
    more gives one outcome in at least ``share`` of its rows; None where
    those keys cover fewer than half the rows (too few to tell)."""
    by_value: dict = defaultdict(Counter)
    rows = 0
    for k, outcome in keyed:
        rows += 1
        if k is not None:
            by_value[k][outcome] += 1
    seen = [c for c in by_value.values() if sum(c.values()) >= 2]
    total = sum(sum(c.values()) for c in seen)
    if 2 * total < rows:
        return None
    return sum(c.most_common(1)[0][1] for c in seen) >= share * total


def _chosen_by_another_slot(flags: Sequence[tuple], obs: Sequence[Obs], by_inst: dict,
                            share: float) -> bool:
    """Does another slot's value say which observations carry a unit?
    ``flags``: ``(observation, carries)``.  True where both outcomes occur and
    another slot of the instances determines them (:func:`_determined`, as
    :func:`agreement_gaps` tells an agreement ending)."""
    if len({c for _n, c in flags}) < 2:
        return False
    others = [{obs[m].slot: obs[m].lexval for m in by_inst[(obs[n].group, obs[n].inst)]
               if m != n} for n, _c in flags]
    slots = {sl for row in others for sl in row} - {obs[n].slot for n, _c in flags}
    return any(_determined(((row.get(sl), c) for row, (_n, c) in zip(others, flags)), share)
               for sl in sorted(slots, key=repr))


def _unit_start_after(o, pos: int, end: int) -> int:
    """The first start of one of ``o``'s units (core or beside it) at or
    after ``pos`` and before ``end``; ``pos`` itself where none is."""
    starts = [e.start for e in (*o.units, *o.left, *o.right) if pos <= e.start < end]
    return min(starts) if starts else pos


def _unit_end_before(o, pos: int, start: int) -> int:
    """The last end of one of ``o``'s units at or before ``pos`` and after
    ``start``; ``pos`` itself where none is."""
    ends = [e.end for e in (*o.units, *o.left, *o.right) if start < e.end <= pos]
    return max(ends) if ends else pos


@dataclass
class Settled:
    """The file's forms and every observation's final span.

    ``spans[n]`` is ``(start, end)`` of observation ``n`` in its field, or
    None where its text is none of its value's forms (a corrupted instance:
    the value is left in the text, and the cover decides about the instance).
    ``forms[lexval]`` are the value's forms, most frequent first; ``affixes``
    lists ``(group, slot, prefix, suffix)`` for template affixes found.
    """

    spans: list
    forms: dict
    affixes: list


def settle(obs: Sequence[Obs], ext: Sequence[tuple], groups: Sequence[GroupRegions],
           affix_share: float, licenses: dict | None = None,
           agree_share: float = 0.9) -> Settled:
    """Forms per value, and glued template affixes split off (module docstring).

    A span that reads as a form of its value plus a glued prefix or suffix is
    that form plus a *template affix* when, in its group, the value's spans
    carry that affix at least ``affix_share`` of the time and at least one
    other value of the slot carries one too (``Johnga``, ``Maryga``: the
    template writes ``{first_name}ga``).  The value's form is then what it
    reads elsewhere.  A value that carries the affix only beside some values
    of another slot (``pakistanaise`` beside *actress*) is agreeing, not
    taking an affix: that is a form of its own -- and so is an affix that
    some readings at the place lack where, and only where, another slot of
    the instance takes certain values (``agree_share`` of the readings
    carrying it at least, else :func:`_chosen_by_another_slot`): an ending
    the states of four classes in five take is on most of every adverb's
    readings, and is still no template's (the fifth class reads every adverb
    bare).
    """
    by_inst = _by_instance(obs)

    def field(n: int):
        o = obs[n]
        return groups[o.group].texts[o.inst][o.field]

    siblings = _tuple_siblings(groups)

    def text(n: int) -> str:
        return field(n).text

    strings = [text(n)[a:b] for n, (a, b) in enumerate(ext)]
    counts: dict = defaultdict(Counter)
    for n, o in enumerate(obs):
        counts[o.lexval][strings[n]] += 1
    # a value's main form is its stem: the shortest reading that something
    # selects (:func:`_conditioned`) and that its most common reading starts
    # or ends with — ``bıšu`` where templates write ``bıšułu`` more often, so
    # that the suffix can be found to be the template's (``{s}łu``)
    # per place of a slot in a group's template (``first_name`` and
    # ``first_name1`` take different cases)
    def place(o) -> tuple:
        return (o.group, o.occ.place)

    selected, by_place = _conditioned(obs, strings, place)
    # (what the other values of a slot read, to tell a stem's affixes: a
    # template's affix is glued on the slot's other values too)
    slot_readings: dict = defaultdict(set)
    for v, c in counts.items():
        slot_readings[v[:2]].update((v, s_) for s_ in c)

    def affix_support(v: tuple, pre: str, suf: str) -> int:
        if not pre and not suf:
            return 0
        return len({w for w, s_ in slot_readings[v[:2]] if w != v and len(s_) > len(pre) + len(suf)
                    and s_.startswith(pre) and s_.endswith(suf)})
    # (a stem's affixes carried by ¾ of the slot's other values, two at least)
    least = {slot: max(2, math.ceil(affix_share * (len({w for w, _s in rs}) - 1)))
             for slot, rs in slot_readings.items()}
    main = {v: _stem(v, c, selected, by_place, affix_support, least[v[:2]])
            for v, c in counts.items()}
    # a value the target copies from the source (a name, a number, a word
    # left untranslated, or everything when the "translation" is the source)
    # reads as its source text, whatever the templates glue to it: where most
    # of its instances show that text as a whole word, the span is there
    ext = list(ext)
    _extend_truncated(obs, ext, strings, main, field, place)
    anchored: set = set()
    glued_in: dict = defaultdict(set)
    by_val: dict = defaultdict(list)
    for n, o in enumerate(obs):
        by_val[o.lexval].append(n)
    found: dict = {}                # obs -> (whole-word hits, inside hit, affix key)
    # where each observation shows its value's source text as whole words
    whole_of = {n: _whole_hits(field(n), v[2])
                for v, members in by_val.items() if v[2] for n in members}
    loan = _loan_contents(by_val, whole_of)
    for v, members in by_val.items():
        src = v[2]
        if not src:
            continue
        content = loan.get(v)
        for n in members:
            o = obs[n]
            a, b = ext[n]
            t = field(n)
            whole = whole_of[n]
            if content and whole:
                whole = sorted(set(whole) | set(_whole_hits(t, content)))
            k = t.text.find(src, a, b)     # inside its span: a glued affix beside it
            while k >= 0 and (k not in t.cuts or k + len(src) not in t.cuts):
                k = t.text.find(src, k + 1, b)
            key = None
            if k >= 0 and not whole:
                key = (o.group, (o.occ.draw.name, o.occ.element), t.text[a:k],
                       t.text[k + len(src):b])
                glued_in[key].add(v)
            found[n] = (whole, (k, k + len(src)) if key else None, key)
    # a source text found only inside a longer word is a copy with an affix
    # glued on where other values of the slot show the same affix there
    # (``Maryji``, ``Johnji``); alone it is a coincidence (``rich`` in ``riche``)
    for v, members in by_val.items():
        if not v[2]:
            continue
        hits = {}
        for n in members:
            whole, inside, key = found[n]
            hits[n] = whole or ([inside] if inside and len(glued_in[key]) >= 2 else [])
        if sum(1 for n in members if hits[n]) < affix_share * len(members):
            continue
        # a loanword among translated values (``DJ`` of *a DJ*, ``a DJ
        # dam`` beside ``a mamıdu dam``) whose extent the edges carried past
        # the copy to words beside it, as they carry every value of the
        # slot's (the class word ``dam`` half the professions end in), is
        # one of them: the edges' extent stands, and the template's affix
        # comes off it as off theirs (``damko``).  Anchored on the copy, its
        # span dropped the word, and the value got a template of its own
        # (``{profession} damko.``) in every group (seed 92 ``mix-all``)
        if v in loan and 2 * sum(
                1 for n in members
                if _spaced_beyond(field(n).text, ext[n], _whole_hits(field(n), loan[v]))) \
                > len(members):
            continue
        anchored.add(v)
        taken = Counter()
        for n in members:
            if not hits[n]:
                continue
            a, b = ext[n]
            ext[n] = min(hits[n], key=lambda h: (-(min(b, h[1]) - max(a, h[0])),
                                                 abs(h[0] - a)))
            strings[n] = text(n)[ext[n][0]:ext[n][1]]
            taken[strings[n]] += 1
        main[v] = max(taken, key=lambda s_: (taken[s_], s_ == v[2], s_)) if taken else v[2]

    # candidate affix decompositions against the value's main form, else
    # against the value's other readings (selected ones first, then any
    # read twice or more; longest first) where that gives an affix the main
    # forms give at the place: an agreement form takes the template's affix
    # as the main form does (``etü Tilečo`` beside ``etü Tilehičo``, where
    # the template writes ``{nationality}čo`` and the profession's class
    # chooses ``hi``; ``etü Tile`` is read bare only where a template glues
    # nothing), while a corrupted reading stays none (``vırła mötösü``, where
    # another value's word ``vırła`` is read)
    others: dict = {}
    for v, c in counts.items():
        others[v] = sorted((s_ for s_, k in c.items() if s_ and s_ != main[v] and k >= 2),
                           key=lambda s_: ((v, s_) not in selected, -len(s_), s_))

    def split_with(n: int, m: str):
        s = strings[n]
        if not m or len(m) >= len(s):
            return None
        a, b = ext[n]
        t = field(n)

        def on_cuts(k: int) -> bool:
            # cuts on grapheme boundaries only (a vowel sign never leaves its base)
            return (k == 0 or a + k in t.cuts) and (k + len(m) == len(s)
                                                    or a + k + len(m) in t.cuts)
        # the form at an end of the reading, where it stands there, leaves one
        # affix where the first occurrence inside would leave two: a one-letter
        # value ``e`` behind the template's ``wek`` reads ``weke``, which is
        # ``wek`` + ``e``, not ``w`` + ``e`` + ``ke`` (an affix that no other
        # value of the slot carries, so ``wek`` came off no value)
        ends = [k for k in (0, len(s) - len(m)) if s.startswith(m, k) and on_cuts(k)]
        k = ends[0] if ends else s.find(m)
        if k < 0 or not on_cuts(k):
            return None
        return s[:k], s[k + len(m):]

    by_main = [split_with(n, main[o.lexval]) if main[o.lexval] else None
               for n, o in enumerate(obs)]
    at_place: dict = defaultdict(set)
    for n, o in enumerate(obs):
        if by_main[n] is not None:
            at_place[place(o)].add(by_main[n])

    def split(n: int):
        if by_main[n] is not None or strings[n] == main[obs[n].lexval]:
            return by_main[n]
        for m in others.get(obs[n].lexval, []):
            got = split_with(n, m)
            if got is not None and got in at_place[place(obs[n])]:
                return got
        return None

    def cut_off(n: int) -> tuple:
        """The affix the edges already cut off a bare reading: the rest of
        the word its span starts or ends inside (``و`` of ``وسيارة إطفاء``),
        or ``("",)``."""
        a, b = ext[n]
        t = field(n)
        k = bisect.bisect_right(t.starts, a) - 1
        pre = t.text[t.starts[k]:a] if 0 <= k and a < t.ends[k] else ""
        k = bisect.bisect_left(t.ends, b)
        suf = t.text[b:t.ends[k]] if k < len(t.ends) and t.starts[k] < b else ""
        return (pre, suf) if pre or suf else ("",)

    cuts = [cut_off(n) for n in range(len(obs))]
    # per place and value: what the value reads there, when one reading is
    # most of its instances — an affix (``affixed``), the bare form (``("",)``;
    # a bare reading whose edges were cut inside a word carries the affix cut
    # off: it is the template's on this value too) or something else (None);
    # ``decided`` counts them per place over the values seen there twice or more
    per_pv: dict = defaultdict(list)        # (place, lexval) -> [(n, split)]
    for n, o in enumerate(obs):
        per_pv[(place(o), o.lexval)].append((n, split(n)))
    affixed: dict = {}                      # (place, lexval) -> (pre, suf)
    decided: dict = defaultdict(Counter)    # place -> Counter of readings
    for (pl, v), items in per_pv.items():
        readings = [s if s is not None else cuts[n] if strings[n] == main[v] else None
                    for n, s in items]
        # a reading that is neither the value's form nor that form with an
        # affix, and that no other instance there repeats, is a stray (a
        # corrupted copy whose value's place went to a name or a word put in):
        # it is no reading of the value, and does not vote at the place; a
        # foreign reading the value repeats there (an inflected form of its
        # own, ``jaluklin`` beside ``loti``) still does
        foreign = Counter(strings[n] for (n, _s), r in zip(items, readings) if r is None)
        readings = [r for (n, _s), r in zip(items, readings)
                    if r is not None or foreign[strings[n]] > 1] or readings
        best, k = Counter(readings).most_common(1)[0]
        if k < affix_share * len(readings):
            # no one reading: an agreement ending that alternates with another
            # slot's value inside the template's affix (``ečönihü`` /
            # ``ečöniłehü``) — what the readings share outside is the place's
            best = _outer_shared(readings, affix_share)
            if best is None:
                continue
        if best is not None and len(best) == 2:
            affixed[(pl, v)] = best
        if len(items) >= 2:
            decided[pl][best] += 1
    # values that read an agreement ending inside the template's affix every
    # time (``łehü``) beside values that read the template's alone (``hü``):
    # the place's affix is what all of them share outside
    for pl, shared in _stacked(affixed).items():
        for key in [k for k in affixed if k[0] == pl]:
            affixed[key] = shared
        merged: Counter = Counter()
        for a, k in decided[pl].items():
            merged[shared if a is not None and len(a) == 2 and _extends(a, shared) else a] += k
        decided[pl] = merged
    place_values: Counter = Counter(p for p, _v in per_pv)
    affix_values: Counter = Counter((p, a) for (p, _v), a in affixed.items())
    # (per place, its affixes and how many values carry each)
    at_place: dict = defaultdict(dict)
    for (p, a), k in affix_values.items():
        at_place[p][a] = k
    attested = _attested_allomorphs(at_place)
    spans: list = list(ext)
    affixes = set()
    placed: dict = defaultdict(set)         # place -> its template affix (and allomorphs)
    # the affixes the file-level rule below takes off a place
    # (:func:`_general_affixes`: other lexicons carry them too) are left to
    # it; the place-level allomorph rule is for the others (found once, the
    # first time a place has allomorphs: most files have none) — at this
    # group and slot: ``bol`` / ``böl`` after the animals, where the vehicles
    # elsewhere carry ``bol`` alone, is no set the file-level rule takes off
    # here, and each allomorph counts the other's values
    # (on the readings before any affix comes off here)
    before = [cuts[n][0] + st + cuts[n][1] if len(cuts[n]) == 2 else st
              for n, st in enumerate(strings)]
    general: list = []

    def allomorphs(pl, slot: tuple, affix: tuple) -> set:
        found = _place_allomorphs(affix, at_place[pl], attested)
        if len(found) > 1 and not general:
            general.append(set(_general_affixes(obs, before, anchored, share=affix_share,
                                                siblings=siblings)))
        taken_here = len(found) > 1 and (pl[0], slot) + affix in general[0]
        return {affix} if taken_here else found

    def take_off(n: int, pre: str, suf: str) -> None:
        """Split a template affix off observation ``n``'s span, on grapheme
        cuts only (a vowel sign never leaves its base)."""
        a, b = ext[n]
        cuts_n = field(n).cuts
        if a + len(pre) in cuts_n and b - len(suf) in cuts_n:
            spans[n] = (a + len(pre), b - len(suf))
            strings[n] = strings[n][len(pre):len(strings[n]) - len(suf)]
    readings_at: dict = defaultdict(list)   # place -> (observation, split) of every value
    for (p, _v), items in per_pv.items():
        readings_at[p].extend(items)
    for key, (pre, suf) in affixed.items():
        pl, _v = key
        # an affix in harmony with its value (``hos`` / ``hös``) is one
        # affix: its allomorphs count with it, and are no other reading
        slot = obs[per_pv[key][0][0]].slot
        forms_of = allomorphs(pl, slot, (pre, suf))
        carried = sum(affix_values[(pl, a)] for a in forms_of)
        others = sum(k for a, k in decided[pl].items() if a not in forms_of | {("",)})
        if place_values[pl] > 1 and (carried < 2 or carried < affix_share * place_values[pl]
                                     or others):
            # an affix a few values take is their inflection (``быка``, and
            # ``кошку`` beside it), not the template's: the template's is the
            # same on every value there (a value that reads otherwise every
            # time, ``jaluklin`` beside ``loti``, makes them inflected forms;
            # one whose instances disagree, corrupted, says nothing)
            continue
        # the template's affix is on (nearly) every reading at the place; one
        # that another slot's value chooses (every instance with one class of
        # states reads the adverb bare) is agreement, the values' forms
        there = [(n, s is not None and any(_extends(s, a) for a in forms_of))
                 for n, s in readings_at[pl]]
        if sum(c for _n, c in there) < agree_share * len(there) and \
                _chosen_by_another_slot(there, obs, by_inst, agree_share):
            continue
        for n, s in per_pv[key]:
            if s is not None and _extends(s, (pre, suf)):
                take_off(n, pre, suf)
        affixes.add((pl[0], obs[per_pv[key][0][0]].slot, pre, suf))
        placed[pl].add((pre, suf))
    # a value that never reads bare (every template glues its affix on it:
    # ``hatno-nuthu``) took the affix into its main form; where the place's
    # affix is the template's, it comes off that value too (whichever of its
    # allomorphs the value ends in: ``irötü`` where the place's are ``tu`` /
    # ``tü``)
    def carries_whole(n: int, s, v: tuple, pre: str, suf: str) -> bool:
        # observation ``n`` reads the value's main form, untouched, and that
        # form is something with the affix around it
        st = strings[n]
        return s is None and st == main[v] and spans[n] == ext[n] and \
            st.startswith(pre) and st.endswith(suf) and len(st) > len(pre) + len(suf)

    for (pl, v), items in per_pv.items():
        if pl not in placed or v in anchored or (pl, v) in affixed:
            continue
        for pre, suf in sorted(placed[pl]):
            if len(pre) + len(suf) < _MIN_AFFIX:     # one letter: as likely the stem's own
                continue
            for n, s in items:
                if carries_whole(n, s, v, pre, suf):
                    take_off(n, pre, suf)
    # ... and where the value ends in the place's affix's allomorph instead,
    # one letter apart (vowel harmony), that some place of the file takes off
    # the slot's values as the template's, off this value too (leaving what
    # the value reads there): ``obıpın`` where the place's affix is ``pin``
    # -- the three animals with back vowels take ``pın``, as every animal
    # does in another template, where ``obı`` is read -- is ``obı`` and the
    # template's ``pın``.  Kept whole, the three read ``obıpın`` here and
    # ``obı`` there, and took the template's suffix into a form of their own
    # (``k'{animal} nu``, a fifth of the instances; seed 95
    # ``mix-agglutinative``)
    slot_affixes: dict = defaultdict(set)
    for _g, slot, pre, suf in affixes:
        slot_affixes[slot].add((pre, suf))
    cut_reading: dict = defaultdict(set)    # value -> its readings an affix came off
    for n, o in enumerate(obs):
        if spans[n] != ext[n]:
            cut_reading[o.lexval].add(strings[n])
    for (pl, v), items in per_pv.items():
        if pl not in placed or v in anchored or (pl, v) in affixed:
            continue
        harmony = {b for a in placed[pl] for b in slot_affixes[obs[items[0][0]].slot]
                   if b not in placed[pl] and _one_letter_forms(a, b)}
        for pre, suf in sorted(harmony):
            for n, s in items:
                if carries_whole(n, s, v, pre, suf) and \
                        strings[n][len(pre):len(strings[n]) - len(suf)] in cut_reading[v]:
                    take_off(n, pre, suf)
    # a general affix is looked for on the readings with what the edges cut
    # off inside a word put back (``čöčö ni`` of ``čöčö nijök``: the value's
    # last word is shared, the edges kept the suffix out of it)
    restored = [cuts[n][0] + st + cuts[n][1] if len(cuts[n]) == 2 and spans[n] == ext[n] else st
                for n, st in enumerate(strings)]
    spaced: dict = {}
    # (a lexicon whose affix came off at a place above still carries it:
    # ``bol`` taken off the animals there counts for the vehicles here)
    for g, slot, pre, suf in _general_affixes(obs, restored, anchored, share=affix_share,
                                              taken=affixes, siblings=siblings):
        if g not in spaced:
            spaced[g] = written_spaced(t.text for fields in groups[g].texts for t in fields)
        if not spaced[g] and _licensed((licenses or {}).get(slot), pre, suf):
            continue
        for n, o in enumerate(obs):
            if (o.group, o.slot) != (g, slot) or spans[n] is None or o.lexval in anchored:
                continue
            st = strings[n]
            if st.startswith(pre) and st.endswith(suf) and len(st) > len(pre) + len(suf):
                a, b = spans[n]
                spans[n] = (a + len(pre), b - len(suf))
                strings[n] = st[len(pre):len(st) - len(suf)]
        affixes.add((g, slot, pre, suf))
    counts = defaultdict(Counter)
    for n, o in enumerate(obs):
        counts[o.lexval][strings[n]] += 1
    forms = {}
    conditioned, _by_place = _conditioned(obs, strings, place)
    for v, c in counts.items():
        ranked = [s for s, _k in c.most_common()]
        forms[v] = [ranked[0]] + [s for s in ranked[1:]
                                  if (v, s) in conditioned and not _misplaced(s, ranked[0])]
    # (the stretches where two values meet, once: cutting again moves spans
    # within them only)
    stretches = _stretches(obs, spans, text)
    for v, s in _cut_elsewhere(obs, spans, strings, forms, text, stretches):
        forms[v].remove(s)
    _recut(obs, spans, strings, forms, text, stretches)
    for n, o in enumerate(obs):
        if strings[n] not in forms[o.lexval]:
            spans[n] = None
    return Settled(spans, forms, sorted(affixes))


def _extend_truncated(obs: Sequence[Obs], ext: list, strings: list, main: dict,
                      field, place) -> None:
    """A main form cut short by the unit its reading ends in, made whole.

    The edges decide whole units: where a template glues its suffix onto
    the last piece of a hyphenated value (``č'ñu-fıčor``), the unit
    ``fıčor`` is the template's, and the value reads ``ñu`` there while it
    reads ``ñu-fı`` wherever nothing is glued on.  Both are readings of
    the one form; the shorter is the stem :func:`_stem` prefers, and
    ``-fı`` would become frame.  The longer reading (read twice at least:
    once may be a corrupted copy) is the form when every instance that
    reads the shorter one goes on with the rest of it in its text (on
    grapheme cuts, clear of the other values' spans) and no other
    value, at the places the longer reading is read, ends (begins) with
    that rest — else the rest is the template's affix there (``bıšu`` /
    ``bıšułu`` where every state reads ``…łu``), not the value's own.
    The longer reading may carry a template affix on its other side
    (``zuñu-fı``); the form is the shorter one with the rest (``ñu-fı``).
    Spans and strings of the shorter readings are extended in place."""
    by_val: dict = defaultdict(list)
    at_place: dict = defaultdict(list)      # place -> [(lexval, reading)]
    taken: dict = defaultdict(dict)         # (group, inst, field) -> {obs: span}
    for n, o in enumerate(obs):
        by_val[o.lexval].append(n)
        at_place[place(o)].append((o.lexval, strings[n]))
        taken[(o.group, o.inst, o.field)][n] = ext[n]
    for v, members in by_val.items():
        m = main[v]
        short = [n for n in members if m and strings[n] == m]
        if not short:
            continue
        # (a longer reading may also carry a template's affix on its other
        # side: ``zuñu-fı`` where the template writes ``zu{animal}``)
        options = set()
        # (a longer reading read once is no form: one corrupted copy, ``e
        # čepalo`` where the noise put the comparatives' ``e`` in for the
        # frame's ``pe``, would make every ``pe čepa`` read ``p`` + ``e čepa``)
        read = Counter(strings[n] for n in members)
        for r in {strings[n] for n in members if len(strings[n]) > len(m) and m in strings[n]
                  and read[strings[n]] >= 2}:
            k = r.find(m)
            if r[k + len(m):].strip():
                options.add((r, True, r[k + len(m):]))
            if r[:k].strip():
                options.add((r, False, r[:k]))
        for r, after, rest in sorted(options, key=lambda x: (-len(x[2]), x[0], x[1])):
            places = {place(obs[n]) for n in members if strings[n] == r}
            if any(w != v and len(s) > len(rest) and (s.endswith(rest) if after else s.startswith(rest))
                   for pl in places for w, s in at_place[pl]):
                continue
            form = m + rest if after else rest + m
            new = {}
            for n in short:
                a, b = ext[n]
                t = field(n)
                na, nb = (a, b + len(rest)) if after else (a - len(rest), b)
                o = obs[n]
                if na < 0 or t.text[na:nb] != form or na not in t.cuts or nb not in t.cuts or any(
                        j != n and na < y and x < nb
                        for j, (x, y) in taken[(o.group, o.inst, o.field)].items()):
                    break
                new[n] = (na, nb)
            else:
                for n, span in new.items():
                    ext[n] = span
                    strings[n] = form
                    o = obs[n]
                    taken[(o.group, o.inst, o.field)][n] = span
                main[v] = form
                break


def _extends(reading: tuple, affix: tuple) -> bool:
    """Does the ``(prefix, suffix)`` reading carry ``affix`` on its outside?"""
    return reading[0].startswith(affix[0]) and reading[1].endswith(affix[1])


def _outer_part(affixes) -> tuple:
    """The outer part every ``(prefix, suffix)`` shares: the prefixes'
    common beginning, the suffixes' common end."""
    return (os.path.commonprefix([a[0] for a in affixes]),
            os.path.commonprefix([a[1][::-1] for a in affixes])[::-1])


def _outer_shared(readings: list, share: float) -> tuple | None:
    """The affix that ``share`` of a value's readings at a place carry on
    their outside, whatever they carry inside it; None where they share none
    of ``_MIN_AFFIX`` letters or more."""
    split = [r for r in readings if r is not None and len(r) == 2]
    if len(split) < share * len(readings):
        return None
    pre, suf = _outer_part(split)
    return (pre, suf) if len(pre) + len(suf) >= _MIN_AFFIX else None


def _stacked(affixed: dict) -> dict:
    """Places whose values read different affixes that share an outer part
    of ``_MIN_AFFIX`` letters or more: place -> that part."""
    by_pl: dict = defaultdict(set)
    for (pl, _v), a in affixed.items():
        by_pl[pl].add(a)
    out = {}
    for pl, found in by_pl.items():
        if len(found) >= 2:
            pre, suf = _outer_part(found)
            if len(pre) + len(suf) >= _MIN_AFFIX:
                out[pl] = (pre, suf)
    return out


def _loan_contents(by_val: dict, whole_of: dict) -> dict:
    """Values copied from the source where their slot's others are translated
    (a loanword, ``a DJ`` among ``a dałok``, ``a amo``): value → the part of
    its source text without the function words it shares with the slot's
    other values (:func:`.source.content_part`).  Those function words are
    translated like the others' — where the target's own article is spelled
    like the source's (``a``), the copy's is the frame's article too, as the
    edges decide it beside every other value.  Where most of the slot's
    values are copies (the "translation" is the source), nothing: the copy
    is the value, function words and all.  ``whole_of``: per observation,
    where its value's source text stands as whole words (:func:`_whole_hits`)."""
    slot_sources: dict = defaultdict(set)
    for v in by_val:
        if v[2]:
            slot_sources[v[:2]].add(v[2])
    edges = {slot: edge_word_counts(values) for slot, values in slot_sources.items()}
    copied: dict = defaultdict(list)      # slot -> (value, copied?) for values with function words
    content: dict = {}
    for v, members in by_val.items():
        if not v[2]:
            continue
        part = content_part(v[2], *edges[v[:2]])
        if part == v[2]:
            continue
        content[v] = part
        hits = sum(1 for n in members if whole_of[n])
        copied[v[:2]].append((v, 2 * hits > len(members)))
    out = {}
    for slot, flags in copied.items():
        if 2 * sum(c for _v, c in flags) < len(flags):
            out.update((v, content[v]) for v, c in flags if c)
    return out


def _spaced_beyond(text: str, span: tuple, hits: Sequence[tuple]) -> bool:
    """Does ``span`` hold one of ``hits`` whole and reach past it, on some
    side, across a space (a word of its own beside the copy, not an affix
    glued to it)?"""
    a, b = span
    for h0, h1 in hits:
        if a <= h0 and h1 <= b and (a < h0 and text[h0 - 1].isspace()
                                    or h1 < b and text[h1].isspace()):
            return True
    return False


def _whole_hits(t, src: str) -> list:
    """Where ``src`` stands as whole words of ``t``: between non-word characters,
    or exactly on units (a Latin name in Japanese text, ``MaryはChenより``: the
    script changes at its edges, so it is a unit of its own)."""
    hits = set(whole_word_spans(src, t.text))      # (:func:`.source.whole_word`)
    k = t.text.find(src)
    if k >= 0:
        # (the unit bounds as sets only where the text shows ``src`` at all:
        # most values' source text is nowhere in their translation)
        starts, ends = set(t.starts), set(t.ends)
        while k >= 0:
            if k in starts and k + len(src) in ends:
                hits.add((k, k + len(src)))
            k = t.text.find(src, k + 1)
    return sorted(hits)


#: the shortest glued affix the file's evidence splits off a value (one shared
#: or differing letter is as often a coincidence or a fused ending)
_MIN_AFFIX = 2


def _licensed(lic: tuple | None, pre: str, suf: str) -> bool:
    """Do the slot's source values carry a shared function word on the
    affix's side (``a dog``, ``an iguana``: the article before every
    animal; :func:`.edges.source_licenses`)?

    In a script without spaces the classifier or article every animal
    takes in the target (``ฏึ``) is glued to the noun and to the frame
    alike, and :func:`_own_words` sees no word there; that the source
    values hold a word the frame does not translate is what says the piece
    is the values' own.  A general affix on that side does not come off."""
    if lic is None or lic[0] < 0.5:
        return False
    return bool(pre) and lic[2] == -1 or bool(suf) and lic[2] == 1


def _one_letter_forms(a: tuple, b: tuple) -> bool:
    """Are two glued affixes (``(prefix, suffix)``, one of them empty) on the
    same side, as long, ``_MIN_AFFIX`` graphemes or more, one letter apart?"""
    if bool(a[0]) != bool(b[0]) or bool(a[1]) != bool(b[1]) or (a[0] and a[1]):
        return False
    x, y = (a[0], b[0]) if a[0] else (a[1], b[1])
    return x != y and len(x) >= _MIN_AFFIX and _one_letter_apart((x, y))


def _attested_allomorphs(at_place: dict) -> set:
    """The pairs of affixes that some place shows as allomorphs, each on two
    values or more (:func:`_place_allomorphs`; ``at_place``: place -> affix
    -> how many values carry it): the file's harmony pairs."""
    return {frozenset((a, b)) for carried in at_place.values()
            for a, b in itertools.combinations([a for a, k in carried.items() if k >= 2], 2)
            if _one_letter_forms(a, b)}


def _place_allomorphs(affix: tuple, carried: dict, attested: set = frozenset()) -> set:
    """``affix`` and the affixes of its place that are its allomorphs
    (``carried``: the place's affixes -> how many values carry each): on the
    same side, as long (``_MIN_AFFIX`` graphemes or more), one letter
    different, each on two values or more (vowel harmony: ``hos`` after back
    vowels, ``hös`` after front ones — each value reads one of them every
    time, where an agreeing ending alternates with another slot's value), or
    on one value where another place of the file shows the pair so
    (``attested``: ``wülpiböl``, the one vehicle whose vowels take ``böl``
    where nine take ``bol``, as the animals of another template do).
    Just ``{affix}`` when it has none."""
    out = {affix}
    k0 = carried.get(affix, 0)
    if affix[0] and affix[1] or len(affix[0] or affix[1]) < _MIN_AFFIX or not k0:
        return out
    for other, k in carried.items():
        if other != affix and _one_letter_forms(affix, other) and \
                (k >= 2 and k0 >= 2 or frozenset((affix, other)) in attested):
            out.add(other)
    return out


def _tuple_siblings(groups: Sequence[GroupRegions]) -> dict:
    """Per value of a tuple element (*faster*, of ``(faster, fast)``), the
    values of the tuple's other elements (*fast*)."""
    out: dict = defaultdict(set)
    for gr in groups:
        for occs in gr.occs:
            for o in occs:
                if o.element is None:
                    continue
                for e in range(len(o.draw.value)):
                    if e != o.element:
                        out[o.lexval].add((o.draw.base, e, o.draw.value[e]))
    return out


def _general_affixes(obs, strings: list, anchored: set = frozenset(),
                     min_len: int = _MIN_AFFIX, share: float = 0.75,
                     taken: set = frozenset(), siblings: dict | None = None) -> list:
    """Glued affixes that the values of a slot carry in a group, and that
    the values of another lexicon carry too: ``(group, slot, prefix, suffix)``.

    A predicate ending (``…zi``) that every adjective and every state takes
    in every sentence never comes off in this file, so identity across
    groups cannot show it is the template's; that it ends values of several
    lexicons alike does — a lexicon entry is its value's own word (``taken``:
    ``(group, slot, prefix, suffix)`` already taken off the values at a place,
    a lexicon that still counts as carrying the affix).  Only
    affixes of ``min_len`` graphemes or more, glued to a word, count (one
    shared final letter is more often a coincidence of the words).
    "The values carry it" means ``share`` of them (their most common
    reading) and of their instances: a corrupted instance that is a value's
    only one (a frame word read as the value) must not hide the template's
    affix from the other values.

    An affix that alone tells a tuple's elements apart is theirs, whatever
    else carries it (``siblings``: value -> the other elements of its
    tuples): where the values of a place, the affix off, read what their
    sibling elements read (*faster* ``muwote``, *fast* ``muwo``), the affix
    translates the difference between the two source words, the
    comparative's ``-er``, though a template glues a genitive of the same
    letters to names (``Johnte``).
    """
    per: dict = defaultdict(lambda: defaultdict(Counter))
    readings: dict = defaultdict(Counter)
    for n, o in enumerate(obs):
        readings[o.lexval][strings[n]] += 1
        if o.lexval not in anchored:
            per[(o.group, o.slot)][o.lexval][strings[n]] += 1
    usual = {v: c.most_common(1)[0][0] for v, c in readings.items()}

    def tells_apart(by_val: dict, modal: list, side: int, affixes) -> bool:
        if not siblings:
            return False
        told = 0
        for v, m in zip(by_val, modal):
            bare = {m[:len(m) - len(a)] if side > 0 else m[len(a):] for a in affixes
                    if len(m) > len(a) and (m.endswith(a) if side > 0 else m.startswith(a))}
            if bare & {usual[w] for w in siblings.get(v, ()) if w in usual}:
                told += 1
        return told >= share * len(modal)
    found: dict = defaultdict(set)           # (side, affix) -> {(group, slot)}
    options: dict = {}                       # (group, slot, side) -> affix sets
    for (g, slot), by_val in per.items():
        if len(by_val) < 2:
            continue
        modal = [c.most_common(1)[0][0] for c in by_val.values()]
        total = sum(sum(c.values()) for c in by_val.values())
        for side in (-1, 1):
            passing = []
            for affixes in _affix_options(modal, side, min_len, share):
                carrying = sum(k for c in by_val.values() for st, k in c.items()
                               if any(len(st) > len(a) and
                                      (st.endswith(a) if side > 0 else st.startswith(a))
                                      for a in affixes))
                if carrying < share * total or tells_apart(by_val, modal, side, affixes):
                    continue
                passing.append(affixes)
                for a in affixes:
                    found[(side, a)].add((g, slot))
            if passing:
                options[(g, slot, side)] = passing
    for g, slot, pre, suf in taken:
        if bool(pre) != bool(suf):
            found[(1, suf) if suf else (-1, pre)].add((g, slot))
    general = {key for key, places in found.items()
               if len({slot[0] for _g, slot in places}) >= 2}
    chosen: dict = defaultdict(list)        # (side, affix) -> [(group, slot)]
    harmony: dict = defaultdict(set)        # (side, affix) -> its allomorphs in a chosen set
    for (g, slot, side), passing in options.items():
        # the preferred set whose affix other lexicons carry too: a
        # comparative's harmonised ``šıl``/``šil`` before the template's
        # ``no``/``nö`` makes ``lno``/``lnö`` the longest set, an adjective's
        # alone; ``no``/``nö`` is the template's.  A set of allomorphs one
        # of which other lexicons carry is that affix in harmony with the
        # values (``ñil`` / ``ñıl`` after the first object, where the second
        # takes ``ñıl`` alone and the back-vowelled values never read bare):
        # the template's too
        for affixes in passing:
            if any((side, a) in general for a in affixes):
                for a in affixes:
                    chosen[(side, a)].append((g, slot))
                    harmony[(side, a)].update(b for b in affixes if b != a)
                break
    # where most values take one form of such a set, the few that take
    # another take it in harmony too (``je-nelñil``, the one front-vowelled
    # animal, where twelve read ``ñıl``)
    def carries(pl, side: int, b: str) -> bool:
        return any(len(st) > len(b) and (st.endswith(b) if side > 0 else st.startswith(b))
                   for c in per[pl].values() for st in c)
    added = [((side, b), pl) for (side, a), places in chosen.items()
             for b in sorted(harmony.get((side, a), ())) for pl in places
             if carries(pl, side, b)]
    for key, pl in added:
        if pl not in chosen[key]:
            chosen[key].append(pl)
    out = []
    for (side, affix), places in chosen.items():
        for g, slot in places:
            out.append((g, slot, "" if side > 0 else affix, affix if side > 0 else ""))
    return out


def _affix_options(modal: Sequence[str], side: int, min_len: int, share: float):
    """The affix sets the values of a slot may carry on ``side``, preferred
    first: the longest shared affix and, where it is one of a set of
    allomorphs (``wı`` on most values, ``wi`` on the rest), the set; then
    the same at shorter lengths.  Endings that each end in the shared affix
    (``rčum`` / ``učum`` / ``ıčum`` beside ``čum``) are the stems' letters
    before it, not its forms: those are looked for at its length."""
    below = None
    while True:
        shared = _shared_affix(modal, side, min_len, share, below)
        allo = _allomorphs(modal, side, min_len, share=share, below=below)
        if allo and shared and all(a != shared[0] and _end(a, len(shared[0]), side) == shared[0]
                                   for a in allo):
            # a set whose forms all end in the shared affix differ beside it,
            # in the stems' last letters (``rčum`` / ``učum`` / ``ıčum``):
            # the affix's own forms are looked for at its length
            # (``čum`` / ``čüm``)
            allo = _allomorphs(modal, side, min_len, share=share, below=len(shared[0]) + 1)
        options = [allo] if allo and shared and shared[0] in allo else [shared, allo]
        options = [o for o in options if o]
        if not options:
            return
        yield from (o for o in options if _own_words(modal, o, side))
        below = min(len(o[0]) for o in options)


def _own_words(modal: Sequence[str], affixes: tuple, side: int) -> bool:
    """Is each affix glued to the value's own word — does what remains of
    the word it is glued to differ between the values, as the values do?

    An affix is a piece of a word whose other piece is the value's.  Where
    the rest of the word is one of a few strings many values share (``nük``
    and ``nüm`` before every profession: ``nü`` + ``k``/``m``; ``nen``/``vel``
    read as ``ne``/``ve`` + ``n``/``l``), the affix and that rest are one
    recurring word (an article that agrees with its noun), not an affix: the
    edges decide it as a word.  Different means at least as many different
    rests as half the values that carry the affix."""
    rests = []
    for m in modal:
        for a in affixes:
            if len(m) > len(a) and (m.endswith(a) if side > 0 else m.startswith(a)):
                rest = m[:-len(a)] if side > 0 else m[len(a):]
                words = rest.split()
                rests.append((words[-1] if side > 0 else words[0]) if words else "")
                break
    return 2 * len(set(rests)) >= len(rests)


def _end(m: str, n: int, side: int) -> str:
    return m[-n:] if side > 0 else m[:n]


def _ends(modal: Sequence[str], n: int, side: int) -> Counter:
    """The ``n``-letter endings (``side`` 1) or beginnings (-1) of the values
    longer than ``n`` whose cut there falls between graphemes: an affix never
    takes half of one (the ``ထ္`` of a stacked ``ထ္ထိံ``)."""
    return Counter(_end(m, n, side) for m in modal
                   if len(m) > n and (len(m) - n if side > 0 else n) in graphemes(m))


def _glued(modal: Sequence[str], ends, n: int, side: int) -> bool:
    """Is each ending in ``ends`` (``n`` letters on ``side``) glued to the
    word of every value that carries it (a letter beside it, not a space)?"""
    return all(word_char(m[-n - 1] if side > 0 else m[n])
               for m in modal if len(m) > n and _end(m, n, side) in ends)


def _shared_affix(modal: Sequence[str], side: int, min_len: int,
                  share: float, below: int | None = None) -> tuple | None:
    """The longest glued ending (``side`` 1) or beginning (-1) of
    ``min_len`` letters or more (and fewer than ``below``) that ``share`` of
    the values carry with more of the value beside it, as a one-element
    tuple; None where there is none."""
    best = None
    top = max(len(m) for m in modal)
    for n in range(min_len, top if below is None else min(top, below)):
        if not any(len(m) > n for m in modal):
            break
        ends = _ends(modal, n, side)
        if not ends:
            continue
        end, k = ends.most_common(1)[0]
        if k < share * len(modal):
            break
        best = (n, end)
    if best is None:
        return None
    n, end = best
    if any(ch.isspace() for ch in end) or not end.strip() or not _glued(modal, {end}, n, side):
        return None
    return (end,)


def _allomorphs(modal: Sequence[str], side: int, min_len: int, most: int = 4,
                share: float = 1.0, below: int | None = None) -> tuple | None:
    """The forms of one glued affix that alternate with the value (vowel
    harmony ``łu``/``łü``, assimilation ``da``/``ta``): the longest ending
    (``side`` 1) or beginning (-1) length (under ``below``) at which
    ``share`` of the values show one of two to ``most`` strings, each on two
    values or more, differing from each other in one letter.  None where
    there is no such set."""
    if len(modal) < 4:
        return None
    # (as long as the values that carry it leave letters before it: a
    # corrupted reading two letters long, ``DJ``, says nothing of the others)
    top = min(4, max(len(m) for m in modal) - 1)
    if below is not None:
        top = min(top, below - 1)
    for n in range(top, min_len - 1, -1):
        seen = _ends(modal, n, side)
        ends = {e: k for e, k in seen.items() if k >= 2}
        if not 2 <= len(ends) <= most or sum(ends.values()) < share * len(modal):
            continue
        if any(not word_char(ch) for e in ends for ch in e):
            continue
        if not all(sum(x != y for x, y in zip(a, b)) == 1
                   for a, b in itertools.combinations(ends, 2)):
            continue
        if _glued(modal, ends, n, side):
            return tuple(sorted(ends))
    return None


def _stem(v: tuple, readings: Counter, selected: set, by_place: set, affix_support=None,
          least: int = 2) -> str:
    """The value's main form: its most common reading, the shortest selected
    reading that the most common one starts or ends with, or the core that
    the readings templates select share."""
    best = readings.most_common(1)[0][0]
    for s in sorted(readings, key=lambda s: (len(s), s)):
        if s and len(s) < len(best) and (v, s) in selected and \
                (best.startswith(s) or best.endswith(s)):
            return s
    # no reading is the others' stem: each template glues its own affix
    # (``kalot`` in one, ``lotpo`` in another) — the stem is what every
    # reading a template selects contains (not a form another slot's value
    # selects: ``американка`` beside a woman's name is agreement), each
    # template's part two letters or more (one letter that differs,
    # ``loti``/``loto``, is as likely a fused ending that replaced the stem's
    # own vowel: a lexicon variant).  It only proposes: an affix comes off
    # where every value of the place carries it (:func:`settle`)
    sel = sorted(s for s in readings if (v, s) in by_place)
    if len(sel) >= 2 and best in sel:
        core = _common_core(sel, (lambda pre, suf: affix_support(v, pre, suf))
                            if affix_support else None)
        if core and all(len(s) - len(core) >= _MIN_AFFIX for s in sel):
            if affix_support:
                core = _template_edges(core, sel, lambda pre, suf: affix_support(v, pre, suf),
                                       least)
            return core
        # the longest shared text may hold a letter of one template's affix
        # (*a dog* ``ve`` reads ``vevel`` and ``velo``, where the templates
        # glue ``vel`` and ``lo`` on every animal: they share ``vel``, which
        # leaves ``o`` of ``velo``, one letter): a shorter core whose every
        # affix ``least`` of the slot's other values carry is the stem -- not
        # where the shared text is a reading itself, the value read bare
        # (``سيارة`` beside ``وسيارة``), nor where the readings differ in one
        # letter only, an ending that alternates (``zenmi`` / ``zenmı``, by
        # another slot's class: agreement, not two templates' affixes)
        if affix_support and core not in sel and not _one_letter_apart(sel):
            core = _supported_core(sel, lambda pre, suf: affix_support(v, pre, suf), least)
            if core:
                return core
    return best


def _template_edges(core: str, texts: Sequence[str], support, least: int) -> str:
    """The core with the graphemes at its edges that the slot's other values
    carry there as often handed to the templates' affixes.

    The longest text a value's readings share can end in a letter every
    template glues after every value of the slot (*a cat* ``düłün`` and
    ``düłun``, where every animal and vehicle reads ``…łün`` / ``…łun``: they
    share ``düł``).  Written in the value, that letter is written once per
    value of the lexicon; written in the template, once per template -- and
    it is the template's when the slot's other values carry the longer affix
    (``łün``) as many times as the shorter (``ün``), ``least`` of them at
    least.  A letter only some values end in (``o`` of ``bueno`` beside
    ``feliz``) lowers the count and stays in the value."""
    def affixes(at: list, c: str) -> list:
        return [(t[:k], t[k + len(c):]) for t, k in zip(texts, at)]

    def carried(pairs) -> list:
        return [support(pre, suf) for pre, suf in pairs]

    at = [t.find(core) for t in texts]
    if min(at) < 0:
        return core
    counts = carried(affixes(at, core))
    while True:
        cuts = graphemes(core)
        if len(cuts) < 3:
            return core
        options = []
        for shorter, moved in ((core[cuts[1]:], cuts[1]), (core[:cuts[-2]], 0)):
            if shorter != shorter.strip() or not word_char(shorter[0]) or \
                    not word_char(shorter[-1]):
                continue
            there = [k + moved for k in at]
            got = carried(affixes(there, shorter))
            if all(g >= max(c, least) for g, c in zip(got, counts)):
                options.append((sum(got), shorter, there, got))
        if not options:
            return core
        _total, core, at, counts = max(options, key=lambda o: (o[0], o[1]))


def _one_letter_apart(texts: Sequence[str]) -> bool:
    """Do the texts have one length and differ at one position at most?"""
    if len({len(t) for t in texts}) != 1:
        return False
    return sum(len(set(column)) > 1 for column in zip(*texts)) <= 1


def _supported_core(texts: Sequence[str], support, least: int = 2) -> str:
    """The longest string every text contains, that leaves each text a
    prefix, a suffix or both, each of ``_MIN_AFFIX`` letters or more, that
    ``least`` other values of the slot carry too (``support(prefix,
    suffix)``; one letter either side is as likely the stem's own, a fused
    ending: ``d'ni do`` / ``d'ni dı`` is no ``d`` + ``'ni d`` + ending); of
    several alike, the one whose affixes are carried most; ``""`` where there
    is none."""
    def carried(c: str) -> int:
        total = 0
        for t in texts:
            k = t.find(c)
            pre, suf = t[:k], t[k + len(c):]
            if not (pre or suf) or any(a and len(a) < _MIN_AFFIX for a in (pre, suf)):
                return 0
            got = support(pre, suf)
            if got < least:
                return 0
            total += got
        return total
    for found in _shared_texts(texts):
        scored = [(c, carried(c)) for c in found]
        scored = [(c, k) for c, k in scored if k]
        if scored:
            return max(scored, key=lambda f: f[1])[0]
    return ""


def _shared_texts(texts: Sequence[str]):
    """The strings every text contains (none with a space at either end),
    longest first: per length, a list in the order the shortest text holds
    them."""
    short = min(texts, key=lambda t: (len(t), t))
    for n in range(len(short), 0, -1):
        found = []
        for i in range(len(short) - n + 1):
            c = short[i:i + n]
            if c == c.strip() and c not in found and all(c in t for t in texts):
                found.append(c)
        if found:
            yield found


def _common_core(texts: Sequence[str], support=None) -> str:
    """The longest string every text contains; of several, the one whose
    affixes -- what each text holds before and after it -- the slot's
    other values carry most (``support(prefix, suffix)``: how many of them
    read with both around something of their own): ``ı`` of ``rolı`` and ``ınor``, whose
    ``rol`` and ``nor`` the templates glue on every animal, not the ``r``
    both hold too (``olı``, ``ıno``); else the first found."""
    for found in _shared_texts(texts):
        if support is None or len(found) == 1:
            return found[0]

        def carried(c: str) -> int:
            total = 0
            for t in texts:
                k = t.find(c)
                total += support(t[:k], t[k + len(c):])
            return total
        return max(found, key=lambda c: (carried(c), -found.index(c)))
    return ""


def _conditioned(obs: Sequence[Obs], strings: list, place) -> tuple[set, set]:
    """The ``(lexval, text)`` readings that something in the file selects,
    and those that a place in a template selects.

    A value's second form exists because something selects it: the template
    (a case the place takes: ``быка`` wherever the template writes it) or
    another slot's value (an agreement form: ``nigériane`` beside *actrice*).
    In such a context the form is what the value reads most of the time.  A
    reading no context selects — the value's text hit by a corruption, or the
    text of a neighbour's value cut into its span — is a minority wherever it
    is seen, however often a frequent value's corruptions repeat by chance.
    A reading is selected when, in some context (the value's place in a
    group's template, or the value of another slot beside it), it is at least
    half of the value's readings and seen at least twice there.
    """
    ctx: dict = defaultdict(Counter)
    by_inst = _by_instance(obs)
    for members in by_inst.values():
        # each other value once, however often the instance holds it
        # (``Ahmed`` twice must not make one corrupted reading two)
        held = {obs[m].lexval for m in members}
        for n in members:
            v = obs[n].lexval
            ctx[(v, "place", place(obs[n]))][strings[n]] += 1
            for w in held - {v}:
                ctx[(v, "with", w)][strings[n]] += 1
    out, by_place = set(), set()
    for key, c in ctx.items():
        total = sum(c.values())
        for text, k in c.items():
            if k >= 2 and 2 * k >= total:
                out.add((key[0], text))
                if key[1] == "place":
                    by_place.add((key[0], text))
    return out, by_place


def _misplaced(s: str, main: str) -> bool:
    """Is ``s`` the value's main form cut at the wrong place — the main form
    with whole words more or fewer (``hy vọng`` for ``nhiều hy vọng``)?  A form
    that differs *inside* a word (``pakistanaise`` beside ``pakistanais``: an
    agreement form) is a form of its own."""
    short, long_ = (s, main) if len(s) < len(main) else (main, s)
    k = long_.find(short)
    if k < 0 or short == long_:
        return False
    before, after = long_[:k], long_[k + len(short):]
    return (not before or not word_char(before[-1]) or not word_char(short[0])) and \
        (not after or not word_char(after[0]) or not word_char(short[-1]))


def _field_members(obs, spans: list) -> dict:
    """``(group, instance, field) -> observations`` with a span, in text order."""
    by_field: dict = defaultdict(list)
    for n, o in enumerate(obs):
        if spans[n] is not None:
            by_field[(o.group, o.inst, o.field)].append(n)
    for members in by_field.values():
        members.sort(key=lambda n: spans[n])
    return by_field


def _windows(obs, spans: list, text) -> list[list[int]]:
    """The stretches two or more values of a field may have been cut
    wrongly in, in text order: each maximal run of spans with only spaces
    between them; and each two neighbours with one word of frame text
    between them (no space inside it), which a cut in the wrong place
    leaves where both values hold the same unit (``ផិជិ`` *a little* before
    ``ជិជិ`` *pleased*, read ``ផិជិ`` + frame ``ជិ`` + ``ជិ``)."""
    out = []
    for members in _field_members(obs, spans).values():
        cur = [members[0]]
        for a, b in zip(members, members[1:]):
            gap = text(a)[spans[a][1]:spans[b][0]].strip()
            if gap == "":
                cur.append(b)
                continue
            out.append(cur)
            cur = [b]
            if not any(ch.isspace() for ch in gap):
                out.append([a, b])
        out.append(cur)
    return out


def _stretches(obs, spans: list, text) -> tuple[list, dict]:
    """The stretches two values meet in (:func:`_windows`) and the frame
    text each group usually writes between neighbours (:func:`_usual_gaps`)."""
    return _windows(obs, spans, text), _usual_gaps(obs, spans, text)


def _cut_elsewhere(obs, spans: list, strings: list, forms: dict, text,
                   stretches: tuple | None = None) -> list[tuple]:
    """The second forms that are a cut between neighbours in the wrong place.

    A reading is a form of its own where something selects it
    (:func:`_conditioned`): the class of the state beside it, for an
    agreement ending.  But where two values touch, the cut between them can
    move the same way every time they meet (``สัหูฑี๋`` *really* before
    ``หูวีกึ่ไขิ`` *concerned*, cut ``สัหูฑี๋หู`` + ``วีกึ่ไขิ``: the unit
    ``หู`` is in both words), and the pair of wrong readings is then
    selected by each other.  Such a reading is no form where, in most of the
    instances it is read in, the stretch it and its neighbours cover reads
    with the value's other forms and its neighbours' forms, in order, with
    nothing left over but the frame text the group usually writes between
    them (one form per source value across the file): an ending of its own
    would be left over.  The stretch is a run of touching values, or two
    values and the word between them (:func:`_windows`); the template's
    unit between two values may repeat the last unit of the first
    (``ไภุพึถึ๋`` + ``พึ`` + ``แชัวี๊เฅื``, read ``พึแชัวี๊เฅื``)."""
    total: Counter = Counter()
    again: set = set()
    for n, o in enumerate(obs):
        if spans[n] is not None and strings[n] != forms[o.lexval][0] \
                and strings[n] in forms[o.lexval]:
            total[(o.lexval, strings[n])] += 1
    windows, usual = stretches or _stretches(obs, spans, text)
    for run in windows:
        second = [n for n in run if strings[n] != forms[obs[n].lexval][0]
                  and strings[n] in forms[obs[n].lexval]]
        if not second or len(run) < 2 or all(n in again for n in second):
            continue
        lo, hi = spans[run[0]][0], spans[run[-1]][1]
        gaps = _gaps_of(obs, run, usual)
        for m in second:
            # each reading on its own: an agreement form beside the wrong cut
            # is read again as it is
            options = [[f for f in forms[obs[n].lexval] if n != m or f != strings[n]]
                       for n in run]
            if m not in again and _place_forms(text(run[0])[lo:hi], options, gaps) is not None:
                again.add(m)
    hits = Counter((obs[n].lexval, strings[n]) for n in again)
    return sorted(key for key, k in hits.items() if 2 * k > total[key])


def _recut(obs, spans: list, strings: list, forms: dict, text,
           stretches: tuple | None = None) -> None:
    """Cut again the values of an instance that read as none of their forms,
    where the stretch they and their neighbours cover (a run, or two values
    and the word between them, :func:`_windows`) holds every one of them in
    one of its forms, in the same order and with nothing left over (``rất
    nhiều nhiều hy vọng``: *extremely* ``rất nhiều``, *bullish* ``nhiều hy
    vọng``)."""
    windows, usual = stretches or _stretches(obs, spans, text)
    for run in windows:
        if all(strings[n] in forms[obs[n].lexval] for n in run):
            continue
        lo, hi = spans[run[0]][0], spans[run[-1]][1]
        stretch = text(run[0])[lo:hi]
        placed = _place_forms(stretch, [forms[obs[n].lexval] for n in run],
                              _gaps_of(obs, run, usual))
        if placed is None:
            continue
        for n, (a, b) in zip(run, placed):
            spans[n] = (lo + a, lo + b)
            strings[n] = stretch[a:b]


def _usual_gaps(obs, spans: list, text) -> dict:
    """``(group, field, slot, next slot) -> text``: the frame text (spaces
    stripped) most of a group's instances write between two neighbouring
    values of a field, where at least half of the instances showing them as
    neighbours write it ('' where they touch)."""
    seen: dict = defaultdict(Counter)
    for (g, _i, f), members in _field_members(obs, spans).items():
        for a, b in zip(members, members[1:]):
            seen[(g, f, obs[a].slot, obs[b].slot)][text(a)[spans[a][1]:spans[b][0]].strip()] += 1
    out = {}
    for key, c in seen.items():
        gap, k = c.most_common(1)[0]
        if 2 * k >= sum(c.values()):
            out[key] = gap
    return out


def _gaps_of(obs, run: list, usual: dict) -> list:
    """The usual frame text (:func:`_usual_gaps`) between each two
    neighbours of ``run``."""
    return [usual.get((obs[a].group, obs[a].field, obs[a].slot, obs[b].slot), "")
            for a, b in zip(run, run[1:])]


def _place_forms(stretch: str, options: list, gaps: Sequence[str] | None = None) -> list | None:
    """Positions of one form of each value in ``stretch``, in order, with only
    spaces around them and, between two of them, only spaces or the frame
    text their group usually writes there (``gaps``: one per neighbour pair;
    none: spaces only); None if there is no such reading."""
    def between_ok(k: int, gap: str) -> bool:
        gap = gap.strip()
        return gap == "" or (k > 0 and gaps is not None and gap == gaps[k - 1])

    def rec(k: int, pos: int):
        if k == len(options):
            return [] if stretch[pos:].strip() == "" else None
        for f in options[k]:
            if not f:
                continue
            j = stretch.find(f, pos)
            while j >= 0 and not between_ok(k, stretch[pos:j]):
                j = stretch.find(f, j + 1)
            if j < 0:
                continue
            rest = rec(k + 1, j + len(f))
            if rest is not None:
                return [(j, j + len(f))] + rest
        return None
    return rec(0, 0)
