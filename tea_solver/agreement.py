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
  key whose entries are the attested (A, B) pairs.

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

from tea_solver.keys.align import CONSISTENT
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
             elsewhere: Mapping | None = None):
    """Group A's values by the B forms they select; None if A does not decide them.

    ``elsewhere``: A value → {B source value: form} the other groups of the
    file show it selecting (:func:`_file_signatures`); it completes what the
    group saw, to tell the classes apart, but a class's B forms stay those
    its members were seen with here.
    """
    sig: dict = defaultdict(dict)
    for _i, fills in item_fills:
        form = fills[b]
        for src in _source_of(src_map, form) & multi:
            seen = sig[fills[a]].get(src)
            if seen is not None and seen != form:
                return None
            sig[fills[a]][src] = form
    full = {v: dict(forms) for v, forms in sig.items()}
    for value, forms in sorted((elsewhere or {}).items()):
        for src, form in forms.items():
            full.setdefault(value, {}).setdefault(src, form)
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
    # A values never seen with a multi-form B value join every class
    free = sorted({fills[a] for _i, fills in item_fills} - set(full))
    return [(seen, members + free) for _merged, seen, members in classes]


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
        for spans in al.spans():
            for sa in spans:
                for sb in spans:
                    if sa.slot[0] == sb.slot[0]:
                        continue
                    pooled[(sa.slot, sa.draw.value, sb.slot, sb.draw.value)][sb.text] += 1
                    pairs.add((sa.slot, sb.slot))
        pairs_of.append(pairs)
    return [{k: c for k, c in pooled.items() if (k[0], k[2]) in pairs}
            for pairs in pairs_of]


def _file_signatures(item_fills, a: Slot, b: Slot, keys: Mapping[int, Key], multi: set,
                     forms: Mapping, evidence: Mapping) -> dict:
    """A value → {B source value: the form the file shows it selecting}.

    Only forms this group has for that B value count (another sentence may
    inflect it otherwise: a case form), and only where one form holds
    (nearly) all of the file's observations; an A text that translates
    several source values says nothing.
    """
    ka, kb = keys[a[0]], keys[b[0]]
    slot_a, slot_b = (ka.name, ka.index), (kb.name, kb.index)
    src_a = _sources(ka)
    out: dict = {}
    for value in sorted({fills[a] for _i, fills in item_fills}):
        srcs = _source_of(src_a, value)
        if len(srcs) != 1:
            continue
        (src_value,) = srcs
        for src in sorted(multi, key=repr):
            seen = evidence.get((slot_a, src_value, slot_b, src))
            if not seen:
                continue
            counts = Counter({f: n for f, n in seen.items() if f in forms[src]})
            if not counts:
                continue
            form, n = counts.most_common(1)[0]
            if n >= CONSISTENT * sum(counts.values()):
                out.setdefault(value, {})[src] = form
    return out


def split_by_agreement(shape, item_fills: Sequence[tuple], keys: Mapping[int, Key],
                       values: Mapping[int, list], evidence: Mapping | None = None
                       ) -> list[Part]:
    """Parts of one chosen template (just one, unsplit, when nothing agrees).

    ``item_fills`` holds ``(item index, {slot: text})`` for every item the
    template generates; ``values`` are its lexicons (key id → values);
    ``evidence`` the file's :func:`agreement_evidence` for the group.
    """
    whole = [Part(dict(values), [i for i, _f in item_fills])]
    slots = sorted({p for parts in shape for p in parts if not isinstance(p, str)})
    draws: dict = defaultdict(int)
    for kid, _card in slots:
        draws[kid] += 1
    best = None
    for b in slots:
        src_map = _sources(keys[b[0]])
        if not src_map:
            continue
        forms: dict = defaultdict(set)
        for _i, fills in item_fills:
            for src in _source_of(src_map, fills[b]):
                forms[src].add(fills[b])
        multi = {src for src, fs in forms.items() if len(fs) > 1}
        if not multi:
            continue
        for a in slots:
            # a lexicon is shared by all draws of a key, so A's values can only
            # be restricted when A is the key's one draw in the template
            if a[0] == b[0] or draws[a[0]] > 1:
                continue
            elsewhere = _file_signatures(item_fills, a, b, keys, multi, forms, evidence) \
                if evidence else None
            classes = _classes(item_fills, a, b, multi, src_map, elsewhere)
            if classes is None or len(classes) < 2:
                continue
            if best is None or len(classes) < len(best[2]):
                best = (a, b, classes, multi, src_map)
    if best is None:
        return whole
    a, b, classes, multi, src_map = best
    a_vals = {f[a] for _i, f in item_fills}
    if all(len(members) == 1 for _m, members in classes) and len(a_vals) >= 3 \
            and draws[b[0]] == 1:
        pairs = list(dict.fromkeys((f[a], f[b]) for _i, f in item_fills))
        return [Part(dict(values), [i for i, _f in item_fills], coupled=(a, b), pairs=pairs)]
    parts = []
    for merged, members in classes:
        keep = set(members)
        items = [(i, f) for i, f in item_fills if f[a] in keep]
        if not items:
            continue
        allowed = set(merged.values())
        b_vals = [v for v in values[b[0]]
                  if v in allowed or not (_source_of(src_map, v) & multi)]
        vals = dict(values)
        vals[a[0]] = [v for v in values[a[0]] if v in keep]
        vals[b[0]] = b_vals
        if not all(f[s] in vals[s[0]] for _i, f in items for s in slots):
            return whole        # never trade exactness for a split
        parts.append(Part(vals, [i for i, _f in items]))
    return parts
