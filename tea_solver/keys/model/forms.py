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

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Sequence

from .regions import GroupRegions


@dataclass
class Edge:
    """One unit beside a core, counted outwards (depth 1 touches the core)."""

    text: str
    frame: bool         # a frame unit of the group (else a unit no value claimed)
    glued: bool         # no whitespace between it and the unit on its inner side
    start: int
    end: int
    kind: int = 0       # WORD, CHAR or PUNCT (:mod:`.units`)
    index: int = 0      # the unit's index in its field


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


def observations(groups: Sequence[GroupRegions], max_depth: int = 3) -> list[Obs]:
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
                ob.units = [Edge(t.units[k], bool(gr.frame[i][p.field][k]),
                                 bool(t.glued[k]), t.starts[k], t.ends[k], t.kinds[k], k)
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
                        edges.append(Edge(t.units[k], bool(gr.frame[i][p.field][k]),
                                          bool(glued), t.starts[k], t.ends[k], t.kinds[k], k))
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


def extents(obs: Sequence[Obs], probs: dict, by_key: dict) -> list[tuple[int, int]]:
    """Each observation's value span after the edge decisions (:mod:`.edges`).

    Per side, the core's outer units leave it while their probability is
    below one half (at least one unit stays); where none leaves, the units
    beside it join while theirs is at least one half.  A decision is made
    per lexical value and position, and applied where the observation shows
    the unit the value usually shows there (a corrupted instance that shows
    another keeps its core).
    """
    modal = {k: Counter(c.text for c in cs).most_common(1)[0][0] for k, cs in by_key.items()}
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
                if c is None or probs.get(key, 1.0) >= 0.5 or c.text != modal[key]:
                    break
                stripped += 1
            if stripped:
                keep = o.units[:len(o.units) - stripped] if side > 0 else o.units[stripped:]
                if side > 0:
                    end = keep[-1].end
                else:
                    start = keep[0].start
                continue
            depth = 1
            while True:
                key = (o.lexval, side, depth)
                c = at.get((n, side, depth))
                if c is None or probs.get(key, 0.0) < 0.5 or c.text != modal[key]:
                    break
                if side > 0:
                    end = c.end
                else:
                    start = c.start
                depth += 1
        out.append((start, end))
    return _resolve_overlaps(obs, out, probs, at, modal)


def _resolve_overlaps(obs, ext: list, probs: dict, at: dict, modal: dict) -> list:
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
            cut = sb
            for d in range(1, 4):
                c = at.get((b, -1, d))
                if c is None or c.start < sb or c.end > ea:
                    break
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
    return ext


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
           affix_share: float) -> Settled:
    """Forms per value, and glued template affixes split off (module docstring).

    A span that reads as a form of its value plus a glued prefix or suffix is
    that form plus a *template affix* when, in its group, the value's spans
    carry that affix at least ``affix_share`` of the time and at least one
    other value of the slot carries one too (``Johnga``, ``Maryga``: the
    template writes ``{first_name}ga``).  The value's form is then what it
    reads elsewhere.  A value that carries the affix only beside some values
    of another slot (``pakistanaise`` beside *actress*) is agreeing, not
    taking an affix: that is a form of its own.
    """
    def text(n: int) -> str:
        o = obs[n]
        return groups[o.group].texts[o.inst][o.field].text

    strings = [text(n)[a:b] for n, (a, b) in enumerate(ext)]
    counts: dict = defaultdict(Counter)
    for n, o in enumerate(obs):
        counts[o.lexval][strings[n]] += 1
    main = {v: c.most_common(1)[0][0] for v, c in counts.items()}

    # candidate affix decompositions against the value's main form
    def split(n: int):
        s, m = strings[n], main[obs[n].lexval]
        if s == m or not m:
            return None
        k = s.find(m)
        if k < 0:
            return None
        a, b = ext[n]
        t = groups[obs[n].group].texts[obs[n].inst][obs[n].field]
        pre, suf = s[:k], s[k + len(m):]
        # cuts on grapheme boundaries only (a vowel sign never leaves its base)
        if (pre and a + k not in t.cuts) or (suf and a + k + len(m) not in t.cuts):
            return None
        return pre, suf

    per_gv: dict = defaultdict(list)        # (group, slot, lexval) -> [(n, split)]
    for n, o in enumerate(obs):
        per_gv[(o.group, o.slot, o.lexval)].append((n, split(n)))
    affixed: dict = {}                      # (group, slot, lexval) -> (pre, suf)
    for key, items in per_gv.items():
        sp = Counter(s for _n, s in items if s is not None)
        if sp:
            best, k = sp.most_common(1)[0]
            if k >= affix_share * len(items):
                affixed[key] = best
    slot_affixed: Counter = Counter((g, s) for g, s, _v in affixed)
    spans: list = list(ext)
    affixes = set()
    for key, (pre, suf) in affixed.items():
        g, slot, v = key
        if slot_affixed[(g, slot)] < 2 and len({k[2] for k in per_gv if k[:2] == (g, slot)}) > 1:
            continue            # one value with an affix among several: a form of its own
        for n, s in per_gv[key]:
            if s == (pre, suf):
                a, b = ext[n]
                spans[n] = (a + len(pre), b - len(suf))
                strings[n] = strings[n][len(pre):len(strings[n]) - len(suf)]
        affixes.add((g, slot, pre, suf))
    counts = defaultdict(Counter)
    for n, o in enumerate(obs):
        counts[o.lexval][strings[n]] += 1
    forms = {}
    for v, c in counts.items():
        ranked = [s for s, _k in c.most_common()]
        forms[v] = [ranked[0]] + [s for s in ranked[1:] if c[s] >= 2]
    for n, o in enumerate(obs):
        if strings[n] not in forms[o.lexval]:
            spans[n] = None
    return Settled(spans, forms, sorted(affixes))
