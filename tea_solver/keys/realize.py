"""Step 1, alignment-guided: what each value reads as (its *realization*).

A source value has one rendering in a human translation (or a few agreement
forms) wherever it occurs.  :func:`_realize` learns each value's rendering
from all its spans and relabels every instance by placing its values'
renderings in the group's slot order, so that values sharing words across
adjacent slots (``rất`` / ``rất nhiều`` before ``nhiều hy vọng``) stop
trading them at the boundary.  It runs last in
:func:`tea_solver.keys.align.align_group`.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from tea_solver.keys.align import EDGE, Draw, _runs, _Stats
from tea_solver.keys.chars import _find
from tea_solver.tokenize import is_char_token

SIBLING_CONTEXT = 0.5    # share of the context beyond a grown word that siblings have beside them
MAX_EXTEND = 3           # tokens a realization may grow on each side of its core
MAX_MATCHINGS = 4000     # search bound per instance when matching realizations


def _span_index(d: Draw, occurrence: int):
    ind = d.indices
    return ind[min(occurrence, len(ind) - 1)] if ind else None


def _collect_spans(items, labels) -> list:
    """Per instance: (field, start, end, draw, realization key) of its spans;
    the key is ``(lexical value, tuple element)``, as :attr:`Span.slot`."""
    out = []
    for per_field in labels:
        seen: Counter = Counter()
        row_spans = []
        for f, row in enumerate(per_field):
            for s in _runs(row, f):
                k = seen[s.draw.name]
                seen[s.draw.name] += 1
                row_spans.append((f, s.start, s.end, s.draw,
                                  (s.draw.lexval, _span_index(s.draw, k))))
        out.append(row_spans)
    return out


def _covered(beyond: Counter, support: Counter) -> float:
    """Share of ``beyond`` on tokens that at least two other values have
    right next to them (``support``: token -> how many other values)."""
    total = sum(beyond.values())
    return sum(c for t, c in beyond.items() if support[t] >= 2) / total if total else 0.0


def _realizations(items, draws, labels, stats: _Stats, consistent: float) -> dict:
    """Per realization key, the target token sequences that realize it.

    In a human translation a source value has one rendering (or a few
    agreement forms) wherever it occurs.  A value's *core* is a form its spans
    take (``hy vọng``); the core grows by a neighbour ``t`` on one side when

    * ``t`` is the word most often there, and the grown form occurs in
      (nearly) every instance of that core (somewhere: a miscut elsewhere in
      the instance does not count against it);
    * the context beyond ``t`` is context the *other* values of the slot have
      right next to them (at least two of them have each such token, for at
      least ``SIBLING_CONTEXT`` of the spans): then ``t`` is an optional word
      only this value has (``nhiều hy vọng`` / ``bi quan``, where ``nhiều`` and
      ``quan`` are shared with other values, so co-occurrence could not claim
      them).  A word the frame puts next to every value (``est``), or a
      paradigm position every value fills with some word (``über`` /
      ``für``), has beyond it a context no sibling has next to it, so it
      stays outside;
    * ``t`` is not governed by another slot's value (:func:`_governed`).

    Forms are taken in order of frequency; a form whose instances (nearly)
    all contain a more frequent form of the value is a miscut of that one
    (``nhiều`` of ``rất nhiều``, ``đặc biệt đặc biệt`` where two values read
    ``đặc biệt``) and is dropped; agreement forms (``acha`` / ``achi``) do not
    occur together, and stay.  A form seen once, where the value has a more
    frequent one, is noise.  Word tokens only: a character of an unsegmented
    script is no word of its own.
    """
    spans = _collect_spans(items, labels)
    beside: dict = defaultdict(lambda: defaultdict(Counter))    # (name, side) -> key -> tokens
    by_form: dict = defaultdict(lambda: defaultdict(list))      # key -> form -> places
    for i, row_spans in enumerate(spans):
        for f, a, b, d, key in row_spans:
            toks = items[i][f].tokens
            form = tuple(toks[a:b])
            if any(is_char_token(t) for t in form):
                continue
            by_form[key][form].append((i, f, a, b))
            for side in (-1, 1):
                p = a - 1 if side < 0 else b
                beside[(d.name, side)][key][toks[p] if 0 <= p < len(toks) else EDGE] += 1
    names_of: dict = defaultdict(set)
    for row_spans in spans:
        for _f, _a, _b, d, key in row_spans:
            names_of[key].add(d.name)
    out: dict = {}
    for key, forms in by_form.items():
        best = max(len(v) for v in forms.values())
        grown: Counter = Counter()
        seen_in: dict = {}
        for form, places in forms.items():
            if len(places) < 2 and len(places) < best:
                continue
            ext = {-1: [], 1: []}
            for side in (-1, 1):
                others = _support(beside, names_of[key], key, side)
                live = places
                grown_form = tuple(reversed(ext[-1])) + form
                for k in range(1, MAX_EXTEND + 1):
                    here: dict = defaultdict(set)     # token -> instances
                    for i, f, a, b in live:
                        toks = items[i][f].tokens
                        p = a - k if side < 0 else b - 1 + k
                        here[toks[p] if 0 <= p < len(toks) else EDGE].add(i)
                    t = max(sorted(here), key=lambda w: len(here[w]))
                    if t == EDGE or is_char_token(t):
                        break
                    cand = (t,) + grown_form if side < 0 else grown_form + (t,)
                    insts = {i for i, *_r in live}
                    have = sum(1 for i in insts
                               if any(_find(tuple(seg.tokens), cand) >= 0 for seg in items[i]))
                    if have < consistent * len(insts):
                        break
                    beyond: Counter = Counter()
                    kept = []
                    for i, f, a, b in live:
                        toks = items[i][f].tokens
                        p = a - k if side < 0 else b - 1 + k
                        if 0 <= p < len(toks) and toks[p] == t:
                            kept.append((i, f, a, b))
                            q = p + side
                            beyond[toks[q] if 0 <= q < len(toks) else EDGE] += 1
                    if _covered(beyond, others) < SIBLING_CONTEXT \
                            or _governed(t, kept, draws, key, stats, consistent):
                        break
                    ext[side].append(t)
                    grown_form = cand
                    live = kept
            g = tuple(reversed(ext[-1])) + form + tuple(ext[1])
            grown[g] += len(places)
            seen_in.setdefault(g, []).extend(i for i, _f, _a, _b in places)
        kept_forms: list = []
        for g, _n in sorted(grown.items(), key=lambda kv: (-kv[1], kv[0])):
            where = seen_in[g]
            explained = sum(1 for i in where
                            if any(_find(tuple(seg.tokens), h) >= 0
                                   for h in kept_forms for seg in items[i]))
            if explained < consistent * len(where):
                kept_forms.append(g)
        out[key] = kept_forms
    return out


def _governed(t: str, places, draws, key, stats: _Stats, consistent: float) -> bool:
    """Does another slot's value bring ``t`` along wherever it occurs?

    Russian ``c`` (with) stands before the intensifier only when the state
    is a noun (``c большим оптимизмом``, but ``крайне оптимистично``): the
    intensifier form that always has it (``большим``) agrees with the state,
    and ``c`` comes with the *state* value every time, in sentences with any
    intensifier.  Such a word is governed by the other slot: it stays in the
    frame (the cover writes one variant per governing class), as the human
    template does.  A word every instance of the group has (the frame's own
    ``hơn`` in ``cao hơn hơn``) is governed by nobody."""
    if stats.tok[t] >= consistent * len(draws):
        return False
    governed = 0
    for i, *_rest in places:
        if any(d.lexval != key[0]
               and stats.follows(t, d.lexval) >= consistent for d in draws[i]):
            governed += 1
    return governed >= consistent * len(places)


def _support(beside, names, key, side) -> Counter:
    """Token -> how many values other than ``key`` of the slots ``names``
    have it right next to them on ``side``."""
    out: Counter = Counter()
    for name in names:
        for k2, c in beside[(name, side)].items():
            if k2 != key:
                out.update(set(c))
    return out


def _match_order(segs, order, forms_of) -> list | None:
    """Place each slot of ``order`` (per field: ``(draw, realization key)`` in
    text order) on an occurrence of one of its forms, left to right without
    overlap; a value the source repeats takes one form wherever it stands (a
    template repeats one slot).  Returns the placements ``(field, start, end,
    draw)`` that cover most tokens (ties: leftmost), or None where some slot
    has no place."""
    flat = [(f, d, key) for f, keys in enumerate(order) for d, key in keys]
    best = [None, None]
    budget = [MAX_MATCHINGS]

    def search(j, pos, acc, covered, chosen):
        if budget[0] <= 0:
            return
        if j == len(flat):
            budget[0] -= 1
            score = (covered, [-a for _f, a, _b, _d in acc])
            if best[0] is None or score > best[0]:
                best[0], best[1] = score, list(acc)
            return
        f, d, key = flat[j]
        if j and flat[j - 1][0] != f:
            pos = 0
        toks = segs[f].tokens if f < len(segs) else ()
        forms = [chosen[key]] if key in chosen else \
            sorted(forms_of.get(key, ()), key=lambda g: (-len(g), g))
        for form in forms:
            n = len(form)
            for a in range(pos, len(toks) - n + 1):
                if tuple(toks[a:a + n]) == form:
                    acc.append((f, a, a + n, d))
                    search(j + 1, a + n, acc, covered + n, {**chosen, key: form})
                    acc.pop()

    search(0, 0, [], 0, {})
    return best[1]


def _realize(items, draws, labels, stats: _Stats, consistent: float) -> None:
    """Relabel each instance by its values' realizations
    (:func:`_realizations`) instead of token by token.

    Where values share words (``rất`` / ``rất nhiều``, an intensifier and a
    state both read ``đặc biệt``) and their slots are adjacent, per-token
    co-occurrence puts the boundary in the wrong place in some instances,
    and each such instance becomes a template of its own.  Knowing what
    each value reads as, the split is no longer a guess: the instance's slots,
    in the order of the group's most common arrangement that fits (its own
    arrangement is one of them), are placed on occurrences of their values'
    realizations, left to right, covering as many tokens as possible.  An
    instance where no arrangement fits (a value without a known realization,
    an agreement form seen once) keeps its labels.  Fields holding characters
    of unsegmented scripts are left alone.
    """
    forms_of = _realizations(items, draws, labels, stats, consistent)
    spans = _collect_spans(items, labels)
    orders: Counter = Counter()
    inst_order = []
    for per_field, row_spans in zip(labels, spans):
        order = [[] for _ in per_field]
        for f, _a, _b, d, _key in row_spans:
            order[f].append(d.name)
        o = tuple(tuple(x) for x in order)
        inst_order.append(o)
        orders[o] += 1
    ranked = [o for o, _c in sorted(orders.items(), key=lambda kv: -kv[1])]
    placed_in: Counter = Counter()
    for o in inst_order:
        placed_in.update({n for names in o for n in names})
    for i, (segs, ds, per_field) in enumerate(zip(items, draws, labels)):
        if any(is_char_token(t) for seg in segs for t in seg.tokens):
            continue
        by_name = {d.name: d for d in ds}
        # a slot the group places in most instances must be placed here too
        required = {n for n in by_name if 2 * placed_in[n] > len(items)}
        for order in ranked:
            if len(order) != len(segs) or any(n not in by_name for o in order for n in o) \
                    or not required <= {n for o in order for n in o}:
                continue
            seen: Counter = Counter()
            keyed = []
            for names in order:
                row = []
                for n in names:
                    d = by_name[n]
                    row.append((d, (d.lexval, _span_index(d, seen[n]))))
                    seen[n] += 1
                keyed.append(row)
            placed = _match_order(segs, keyed, forms_of)
            if placed is None:
                continue
            for f, row in enumerate(per_field):
                for t in range(len(row)):
                    row[t] = None
            for f, a, b, d in placed:
                for t in range(a, b):
                    per_field[f][t] = d
            break
