"""Step 1, alignment-guided: keys from the source slots the target spans translate.

The word graph cannot tell one CITY key from ``Las {X}`` + ``New {Y}``, and
never forms a key from a value longer than k tokens.  But every instance of a
group comes from the same source template and differs from its siblings only
in its slot fills — the strongest signal available, and it needs no model.

The default aligner (``cooccurrence``) labels each target token with the source
slot value it translates, from statistics over the group itself:

1. A *lexical value* is ``(lexicon, source value)``; the cardinals of one
   lexicon share values (``Mary`` as ``first_name`` or ``first_name1`` is one
   value), so a name token is learnt from both positions.
2. A target token t is labelled with the value v of its instance that it
   predicts best, P(v | t) = #(instances with t and v) / #(instances with t),
   if that is at least ``threshold``; tokens every value shares (``est``, the
   frame) predict no value and stay literal.  Agreement forms (*acha* /
   *achi*) each predict their source value, so both are terminals of it.
3. Consecutive tokens with one label form a span: multi-word values of any
   length (``आयु में अधिक बड़ा``) stay whole; a single unlabelled token between
   two tokens of one value is absorbed when it comes with that value every time.
4. An *optional* token next to a value's span belongs to the value: it comes
   with the value every time, and some other value of the lexicon goes without
   it — ``plus`` in ``plus grand`` (``est meilleur que`` has none), while ``est``
   (present for every value) stays in the frame, and a position every value
   fills with *some* word (German ``über`` / ``wegen`` / ``für``) stays literal.
5. The span is then the draw of the instance whose value it is
   (``first_name1``), so Step 2's cardinals follow the source.

In scripts without spaces every character is a token and values share
characters all the time; step 4 is then done by the characters' own rules
(:mod:`tea_solver.keys.chars`): a stray piece of a value inside another goes
back, spans grow over the characters their value always has beside them, and
the text between two spans is shared out between the two values and the
frame.

A target key is named after its source lexicon (``first_name``, ``adj``); a
source slot ``{adj[1]}`` gives a target slot ``{adj[1]}``, whose tuple entries
hold the translated element at position 1 (other positions, which the
template does not use, are empty strings).

6. *Realizations* (:mod:`tea_solver.keys.realize`): what each value reads as is learnt from
   all its spans (``rất nhiều`` for *extremely*, although ``nhiều`` alone is
   shared with ``nhiều hy vọng``), and every instance is relabelled by placing
   its values' realizations in the group's slot order, so that values sharing
   words no longer trade them at the boundary of adjacent slots.

With few instances per group, values meet by chance (*curious* drawn twice,
both times beside *highly*): step 2 then also asks the co-occurrence counts
of the whole file (:func:`pooled_stats`), where each value is drawn beside
many others, and a value's translation comes with it every time
(:func:`_labels_cooccurrence`); a word copied away from its value's span, or
a word two values share (:func:`_release_repeats`, :func:`_share_repeats`),
is placed by where the value's span is.

Steps 1–6 see one group; :mod:`tea_solver.keys.crossgroup` then refines the
spans with what the other groups of the file show about the same lexicons
(``एक`` in every Hindi animal, ``و`` glued to the second noun), and
:meth:`GroupAlignment.settle` reruns step 4 where words left the frame.

``--aligner simalign`` replaces steps 2–3 with SimAlign's word alignment
between source and target (mBERT or any Hugging Face encoder; see
:mod:`tea_solver.keys.simalign_backend`); steps 4–5 are shared.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Sequence

from tea_solver.errors import InputError
from tea_solver.keys.base import Key
from tea_solver.template import split_cardinal, valid_lexicon_name
from tea_solver.tokenize import Segmented, is_char_token, segment

THRESHOLD = 0.75        # minimum P(value | token) for a token to translate a value
CONSISTENT = 0.9        # share of a value's instances an absorbed token must appear in
MAX_ABSORB_ROUNDS = 3   # passes of optional-neighbour absorption
STEM_SHARED = 0.5       # shared prefix share that makes a token a form of a value's translation


@dataclass(frozen=True)
class Draw:
    """One filled slot of an instance: ``first_name1`` = Mary, element indices used."""

    name: str
    base: str
    value: object           # str, or tuple for tuple entries
    indices: tuple          # tuple elements the source shows, in source order; () for str

    @property
    def lexval(self):
        return (self.base, self.value)


def _value_key(v):
    return tuple(v) if isinstance(v, list) else v


def _whole_word(value: str) -> str:
    """A regular expression for ``value`` standing as a whole word."""
    return r"(?<!\w)" + re.escape(value) + r"(?!\w)"


def _occurs(text: str, value: str) -> int:
    """Position of ``value`` as a whole word in ``text`` (-1 if absent)."""
    m = re.search(_whole_word(value), text)
    return m.start() if m else -1


def instance_draws(fill: dict, source: Sequence[str]) -> list[Draw]:
    """The draws of an instance, with the tuple elements its source shows."""
    src = "\n".join(source)
    draws = []
    for name in sorted(fill):
        base, _card = split_cardinal(name)
        if not valid_lexicon_name(base):
            continue
        value = fill[name]
        if isinstance(value, list):
            pos = sorted((p, i) for i, v in enumerate(value) if (p := _occurs(src, v)) >= 0)
            indices = tuple(i for _p, i in pos) or (0,)
        else:
            indices = ()
        draws.append(Draw(name, base, _value_key(value), indices))
    return draws


@dataclass
class Span:
    field: int
    start: int          # token index
    end: int            # token index, exclusive
    draw: Draw
    occurrence: int = 0  # k-th span of this draw in its instance
    trim_left: str = ""  # text at the start of the first token left in the frame (``و``)
    trim_right: str = ""  # text at the end of the last token left in the frame (``ની``)
    text: str = ""       # the value as it reads in the target, trims applied

    @property
    def index(self):
        """The tuple element this span shows (None for plain values)."""
        ind = self.draw.indices
        return ind[min(self.occurrence, len(ind) - 1)] if ind else None

    @property
    def slot(self) -> tuple:
        """``(lexicon, tuple element)``: one target key per slot."""
        return (self.draw.base, self.index)

    def chars(self, seg: Segmented) -> tuple[int, int]:
        """Character offsets of the value in its field, trims applied."""
        return (seg.spans[self.start].start + len(self.trim_left),
                seg.spans[self.end - 1].end - len(self.trim_right))


@dataclass
class GroupAlignment:
    """One group's aligned targets: what Step 1 learnt, before keys are built.

    ``labels[i][f][t]`` is the :class:`Draw` that token t of field f of
    instance i translates (None: frame).  ``trims`` maps ``(draw name,
    occurrence, side)`` to an affix the span at that place leaves in the frame
    (side -1: at its start, +1: at its end), where its text has it;
    :mod:`tea_solver.keys.crossgroup` fills it from evidence across groups.
    ``agreement``: which target form each value of one slot took beside each
    value of another, over the whole file
    (:func:`tea_solver.agreement.agreement_evidence`); empty when the group
    was aligned on its own.
    """

    items: list             # per instance: tuple of Segmented, one per target field
    draws: list             # per instance: list of Draw
    labels: list            # per instance, per field, per token: Draw or None
    sources: list = field(default_factory=list)  # per instance: its source text
    trims: dict = field(default_factory=dict)
    agreement: dict = field(default_factory=dict)

    def settle(self, unframed: frozenset = frozenset(), consistent: float = CONSISTENT) -> bool:
        """Re-run the optional-neighbour absorption after labels changed
        (:mod:`~tea_solver.keys.crossgroup`); words in ``unframed`` were found
        to belong to values, so they no longer count as frame.  Returns
        whether a span grew."""
        return _absorb_rounds(self.items, self.labels, consistent,
                              _Stats(self.items, self.draws), {}, unframed)

    def spans(self) -> list[list[Span]]:
        """Per instance, its aligned spans in field and token order."""
        out = []
        for segs, per_field in zip(self.items, self.labels):
            seen: Counter = Counter()
            row_spans = []
            for f, row in enumerate(per_field):
                for s in _runs(row, f):
                    s.occurrence = seen[s.draw.name]
                    seen[s.draw.name] += 1
                    if self.trims:
                        _apply_trims(s, segs[f], self.trims)
                    a, b = s.chars(segs[f])
                    s.text = segs[f].text[a:b]
                    row_spans.append(s)
            out.append(row_spans)
        return out


def _apply_trims(span: Span, seg: Segmented, trims: dict) -> None:
    text = seg.surface(span.start, span.end)
    left = trims.get((span.draw.name, span.occurrence, -1), "")
    right = trims.get((span.draw.name, span.occurrence, 1), "")
    first, last = seg.tokens[span.start], seg.tokens[span.end - 1]
    if left and first.startswith(left) and len(first) > len(left) \
            and len(text) > len(left) + len(right):
        span.trim_left = left
    if right and last.endswith(right) and len(last) > len(right) \
            and len(text) > len(span.trim_left) + len(right):
        span.trim_right = right


def _stem_similarity(a: str, b: str) -> float:
    """Shared prefix over the longer length: ``pakistanaise`` ~ ``pakistanais``."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n / max(len(a), len(b), 1)


class _Stats:
    """Co-occurrence counts of target tokens and source values over one group."""

    def __init__(self, items: Sequence[tuple], draws: Sequence[list]):
        self.tok: Counter = Counter()
        self.joint: Counter = Counter()
        self.val: Counter = Counter()
        self.values_of: dict = defaultdict(set)
        for segs, ds in zip(items, draws):
            toks = {t for seg in segs for t in seg.tokens}
            lvs = {d.lexval for d in ds}
            self.tok.update(toks)
            self.val.update(lvs)
            for lv in lvs:
                self.values_of[lv[0]].add(lv)
                for t in toks:
                    self.joint[(t, lv)] += 1

    def predicts(self, t: str, lv) -> float:
        """P(value | token)."""
        return self.joint[(t, lv)] / self.tok[t]

    def follows(self, t: str, lv) -> float:
        """P(token | value)."""
        return self.joint[(t, lv)] / self.val[lv]

    def sharing(self, t: str, base: str, consistent: float) -> int:
        """How many values of lexicon ``base`` come with ``t`` (nearly) every time."""
        return sum(1 for lv in self.values_of[base] if self.follows(t, lv) >= consistent)

    def frame(self, t: str, base: str, consistent: float) -> bool:
        """Does ``t`` come with (nearly) every value of lexicon ``base``?"""
        return all(self.follows(t, lv) >= consistent for lv in self.values_of[base])

    def main_forms(self, threshold: float) -> dict:
        """Per value, the token that best translates it (for stem tie-breaks)."""
        best: dict = {}
        for (t, lv), j in self.joint.items():
            if j / self.tok[t] >= threshold:
                key = (j / self.val[lv], j, t)
                if lv not in best or key > best[lv][0]:
                    best[lv] = (key, t)
        return {lv: t for lv, (_k, t) in best.items()}


def _labels_cooccurrence(items: Sequence[tuple], draws: Sequence[list], stats: _Stats,
                         threshold: float, consistent: float, pooled: "_Stats | None" = None):
    """Per instance, per field, per token: the Draw it translates (or None).

    A token translates value v of its instance when it predicts v
    (P(v | t) >= threshold).  Ties go first to a value the token also
    predicts over the whole file (``pooled``, see :func:`pooled_stats`), then
    to the value whose main translation, or another token that predicts it,
    shares the token's stem (agreement forms: ``bolshoj`` beside ``bolshim``),
    then to the higher P(t | v).

    Few instances per group make coincidences (a value drawn twice, both
    times beside the same name or intensifier), and three rules keep them
    from deciding:

    * *file support* (``pooled`` only): a candidate value must be one the
      token predicts over the file, or one that brings the token over the
      file (P(t | v) >= consistent: ``快`` is in ``更快`` and ``愉快``, yet
      *faster* always has it).  Neither: the token met the value by chance in
      this group's sample (``hamu`` of *passionate* and *curious*, seen three
      times in four beside *Chen*); it is left to the later steps, as when
      no value passes the threshold.
    * *the file decides*: a token that predicts some of its candidates over
      the file is not one those values share; the others drop out, and
      :func:`_resolve` does not hand it to a neighbour (``hautement
      curieux``, where *curious* was drawn only beside *highly*).  The
      file's evidence counts only as yes/no: a token predicting no value
      over the file says nothing about which it translates.
    * *consistency*: a value's translation shows in (nearly) every instance
      of it, so a candidate another candidate beats both on stem similarity
      and on P(t | v) (by more than ``consistent``) is not sharing the token
      either (``lớn`` of *older*, every time, beside *Priya* once in eight).
      The stem condition keeps an agreement form, which comes with its
      value only part of the time (``indienne``), beside a name it met
      every time.

    Without either kind of evidence, the token is shared: ``リ`` in both
    ``メアリー`` and ``プリヤ`` comes with both names every time.

    A word two values of a lexicon take every time is neither's translation
    even when the more frequent one predicts it, if the other accounts for
    (nearly) all the rest of its occurrences (seen with it twice at least):
    Russian ``об этом проекте`` after *vocal* and after the rarer *open* is
    their shared frame; labelled *vocal*, it would end that value's span at
    the full stop, and the optional-neighbour rule would then pull every
    other state's frame words into its value.  Characters of unsegmented
    scripts are left to :func:`_grow_char_spans`.

    A word two values share (``peu`` in ``quelque peu`` / ``un peu``) predicts
    neither; it joins its value later, as an optional neighbour
    (:func:`_absorb_affixes`), or as the only word left for a value
    (:func:`_rescue_unlabelled`).  In scripts without spaces a token is a
    character, and values share characters all the time (``メアリー`` /
    ``アフメド``): such characters join the span of a neighbour that predicts
    the value (:func:`_grow_char_spans`).
    """
    main = stats.main_forms(threshold)
    forms: dict = defaultdict(list)
    for (t, lv), j in stats.joint.items():
        if j / stats.tok[t] >= threshold:
            forms[lv].append(t)
    cache: dict = {}
    sharing: dict = {}

    def stem(t: str, lv) -> float:
        # the token's stem against the value's main translation, or against
        # another form of the value (``большой`` beside ``большим``)
        if (t, lv) not in cache:
            cache[(t, lv)] = max([_stem_similarity(t, main.get(lv, ""))]
                                 + [_stem_similarity(t, f) for f in forms[lv] if f != t])
        return cache[(t, lv)]

    def shared(t: str, lv) -> bool:
        # another value of the lexicon comes with t every time and accounts
        # for (nearly) all of t's occurrences that lv does not
        if (t, lv) not in sharing:
            rest = 1 - stats.predicts(t, lv)
            sharing[(t, lv)] = rest > 0 and not is_char_token(t) and any(
                o != lv and stats.follows(t, o) >= consistent and stats.joint[(t, o)] >= 2
                and stats.predicts(t, o) >= consistent * rest
                for o in stats.values_of[lv[0]])
        return sharing[(t, lv)]

    labels = []
    for segs, ds in zip(items, draws):
        per_field = []
        for seg in segs:
            options = []
            for t in seg.tokens:
                scored = []
                for d in ds:
                    p, q = stats.predicts(t, d.lexval), stats.follows(t, d.lexval)
                    if p < threshold or shared(t, d.lexval):
                        continue
                    clear = pooled is not None and pooled.predicts(t, d.lexval) >= threshold
                    if pooled is not None and not clear \
                            and pooled.follows(t, d.lexval) < consistent:
                        continue    # a coincidence of the group's sample
                    scored.append(((min(p, threshold), clear, stem(t, d.lexval), q, p, d.name), d))
                scored.sort(key=lambda x: x[0], reverse=True)
                # the file singles out one reading: not a token the values share
                kept = [(k, d) for k, d in scored if k[1]] or scored
                # nor with a value another candidate beats on stem and on P(t | v)
                kept = [(k, d) for k, d in kept
                        if not any(o[2] >= k[2] and consistent * o[3] > k[3] for o, _e in kept)]
                if _own_stem([(k[0],) + k[2:] for k, _d in kept]):
                    kept = kept[:1]
                options.append([d for _k, d in kept])
            per_field.append(_resolve(options))
        labels.append(per_field)
    return labels


def _own_stem(keys: Sequence[tuple]) -> bool:
    """Is the best-scored value of a token decided by its stem?

    An agreement form predicts its own value *and* the value it agrees with:
    Russian ``чрезвычайной`` (extremely, feminine) comes almost only with the
    feminine noun *confident* beside it.  When the token shares its stem
    (at least ``STEM_SHARED`` of the longer word) with the main translation of
    one value (``чрезвычайно``) and less with every other value's, it is a form
    of that value, and :func:`_resolve`'s neighbour rule (meant for characters
    two names share, ``リ``) must not hand it to the noun next to it.  Only
    the tie-break decides: a value that predicts the token better still wins
    by the first criterion, and a token with no stem match (a character) keeps
    all its options.
    """
    if len(keys) < 2:
        return False
    return keys[0][0] == keys[1][0] and keys[0][1] >= STEM_SHARED and keys[0][1] > keys[1][1]


def _resolve(options: list[list]) -> list:
    """Pick one label per token; a token several values of the instance could
    own (``リ`` in both ``メアリー`` and ``プリヤ``) joins the value of its
    neighbours, so a value's span is not cut in two."""
    row = [opts[0] if len(opts) == 1 else None for opts in options]
    for _ in range(len(row)):
        changed = False
        for i, opts in enumerate(options):
            if row[i] is not None or len(opts) < 2:
                continue
            for n in (i - 1, i + 1):
                if 0 <= n < len(row) and row[n] in opts:
                    row[i] = row[n]
                    changed = True
                    break
        if not changed:
            break
    return [r if r is not None or not opts else opts[0] for r, opts in zip(row, options)]


def _rescue_unlabelled(items, draws, labels, stats: _Stats, consistent: float,
                       sources: Sequence[str] | None = None):
    """Give a draw that got no token its most faithful unlabelled token.

    ``camion`` (truck) is shared with ``camion de pompier`` (fire truck), so it
    predicts neither value well; but in an instance whose truck has no token
    yet, the token that comes with *truck* every time and is not part of the
    frame is its translation.  Every occurrence of it is labelled (a slot the
    source repeats) — but of a character that occurs more often than the
    source shows the value, only those that touch no other value's span
    (``美`` of ``美国``, not the one in ``美术家``).
    """
    for segs, ds, src, per_field in zip(items, draws, sources or [""] * len(items), labels):
        have = {d for row in per_field for d in row if d is not None}
        for d in ds:
            if d in have:
                continue
            best, best_key = None, None
            for f, (seg, row) in enumerate(zip(segs, per_field)):
                for i, t in enumerate(seg.tokens):
                    if row[i] is not None:
                        continue
                    q = stats.follows(t, d.lexval)
                    if q < consistent or stats.frame(t, d.base, consistent):
                        continue
                    key = (q, stats.predicts(t, d.lexval), -f, -i)
                    if best_key is None or key > best_key:
                        best, best_key = (f, i), key
            if best is not None:    # every occurrence: a slot the source repeats
                word = segs[best[0]].tokens[best[1]]
                hits = [(f, i) for f, (seg, row) in enumerate(zip(segs, per_field))
                        for i, t in enumerate(seg.tokens) if t == word and row[i] is None]
                if is_char_token(word) and len(hits) > _source_count(src, d):
                    # a character also turns up inside other values (``美`` of
                    # ``美国`` in ``美术家``): those that touch no other span
                    def touches(fi):
                        row = per_field[fi[0]]
                        return any(0 <= t < len(row) and row[t] not in (None, d)
                                   for t in (fi[1] - 1, fi[1] + 1))
                    free = [h for h in hits if not touches(h)]
                    hits = free or hits
                for f, i in hits:
                    per_field[f][i] = d


def _release_repeats(items, draws, sources, labels) -> None:
    """Unlabel the copies of a word that sit away from its value's span.

    Labels are learnt from which words an instance *has*, not where: in
    ``un camión de bomberos y un conejillo de Indias`` both ``de`` get the
    label of *guinea pig* when, in a small sample, ``de`` came mostly with
    it.  A value the source shows once is translated once, in one place: the
    copies of a word outside the value's longest span (when that span holds
    the word too) belong to the frame or another value, and the later steps
    place them (``camión de`` joins *fire truck* as an optional neighbour).
    Must not fire for a value the source repeats (``{s} … {s}``: each copy
    is a span of its own), nor where the span holds no copy of the word.
    """
    for segs, ds, source, per_field in zip(items, draws, sources, labels):
        once = {d for d in ds if len(d.indices) <= 1 and _count(source, _shown(d)) == 1}
        for seg, row in zip(segs, per_field):
            runs = [r for r in _runs(row, 0) if r.draw in once]
            longest: dict = {}
            for r in runs:     # the first of the longest spans, if two tokens or more
                best = longest.get(r.draw)
                if r.end - r.start >= 2 and (best is None
                                             or r.end - r.start > best.end - best.start):
                    longest[r.draw] = r
            for r in runs:
                main = longest.get(r.draw)
                if main is None or r is main:
                    continue
                inside = set(seg.tokens[main.start:main.end])
                for i in range(r.start, r.end):
                    if seg.tokens[i] in inside:
                        row[i] = None


def _share_repeats(items, draws, sources, labels, stats: _Stats, consistent: float) -> None:
    """Give a draw with fewer spans than the source shows it one copy of a
    word its neighbour's span repeats.

    Two values can have one translation: *particularly particular* reads
    ``ચોક્કસ ચોક્કસ``.  The word predicts the intensifier (the state is drawn
    less often), so both copies join it, and the state has no span there
    (:func:`_rescue_unlabelled` finds only its other place).  A value the
    source shows once is translated once: when its span ends in two copies
    of a unit (a word, or words: ``đặc biệt đặc biệt``) that comes with the
    value short of a span every time (and is not its lexicon's frame), the
    copy at the span's edge on that value's side (source order) is that
    value's.  Must not fire when that value does not always bring the unit,
    or when the copy is inside the span (it would cut it in two).
    """
    for segs, ds, source, per_field in zip(items, draws, sources, labels):
        spans = Counter(r.draw for f, row in enumerate(per_field) for r in _runs(row, f))
        for d in ds:
            if spans[d] >= _count(source, _shown(d)):
                continue
            done = False
            for seg, row in zip(segs, per_field):
                for r in _runs(row, 0):
                    e = r.draw
                    if done or e == d or len(e.indices) > 1 \
                            or _count(source, _shown(e)) != 1:
                        continue
                    toks = seg.tokens[r.start:r.end]
                    after = _occurs(source, _shown(d)) > _occurs(source, _shown(e))
                    for n in range(len(toks) // 2, 0, -1):   # the longest repeated unit
                        unit = toks[-n:] if after else toks[:n]
                        if (toks[-2 * n:-n] if after else toks[n:2 * n]) != unit:
                            continue
                        if all(stats.follows(t, d.lexval) >= consistent
                               and not stats.frame(t, d.base, consistent) for t in unit):
                            for pos in (range(r.end - n, r.end) if after
                                        else range(r.start, r.start + n)):
                                row[pos] = d
                            done = True
                        break


def _shown(d: Draw) -> str:
    """The text of a draw's value the source shows (its first tuple element shown)."""
    return d.value if isinstance(d.value, str) else d.value[(d.indices or (0,))[0]]


def _count(text: str, value: str) -> int:
    """How many times ``value`` stands as a whole word in ``text``."""
    return len(re.findall(_whole_word(value), text))


def _source_count(source: str, d: Draw) -> int:
    """How many times the source shows draw ``d``'s value (its shown elements)."""
    shown = [d.value] if isinstance(d.value, str) else [d.value[i] for i in d.indices]
    return sum(_count(source, v) for v in shown)


def _give_orphans(items, draws, labels, stats: _Stats, threshold: float) -> None:
    """Give a draw that still has no token the edge word of a neighbouring
    span that predicts it.

    A rare translation (``изредка`` for *somewhat*, seen six times, five of
    them beside the state *open*) predicts the value it came with by chance
    as well as its own, and the tie went to the state, whose span then reads
    ``изредка открыто рассказывает`` while *somewhat* has no word at all.
    Every source slot is translated by something, so when the instance's
    only words that predict the orphan (P(v | t) >= ``threshold``) sit at the
    edge of another value's span of two words or more, the best of them goes
    to the orphan; the other value keeps the rest of its span.  Word tokens
    only (a character of an unsegmented script is not a word), seen twice at
    least (a word seen once predicts every value of its instance: a stray
    word of a corrupted target), and never the last word of a value, so no
    value is left without a translation.
    """
    for segs, ds, per_field in zip(items, draws, labels):
        count = Counter(d for row in per_field for d in row if d is not None)
        for d in ds:
            if count[d]:
                continue
            best, best_key = None, None
            for f, (seg, row) in enumerate(zip(segs, per_field)):
                for i, t in enumerate(seg.tokens):
                    e = row[i]
                    if e is None or e == d or count[e] < 2 or is_char_token(t):
                        continue
                    inner = (0 < i and row[i - 1] == e) and (i + 1 < len(row) and row[i + 1] == e)
                    p = stats.predicts(t, d.lexval)
                    if inner or p < threshold or stats.tok[t] < 2:
                        continue
                    key = (p, stats.follows(t, d.lexval), -f, -i)
                    if best_key is None or key > best_key:
                        best, best_key = (f, i), key
            if best is not None:
                e = per_field[best[0]][best[1]]
                per_field[best[0]][best[1]] = d
                count[e] -= 1
                count[d] += 1


def _runs(labels_row: list, f: int) -> list[Span]:
    spans = []
    i, n = 0, len(labels_row)
    while i < n:
        d = labels_row[i]
        if d is None:
            i += 1
            continue
        j = i + 1
        while j < n and labels_row[j] == d:
            j += 1
        spans.append(Span(f, i, j, d))
        i = j
    return spans


def _fill_gaps(items, labels, consistent: float, stats: _Stats):
    """Absorb a lone unlabelled token between two tokens of one value."""
    for segs, per_field in zip(items, labels):
        for seg, row in zip(segs, per_field):
            for i in range(1, len(row) - 1):
                d = row[i - 1]
                if row[i] is None and d is not None and row[i + 1] == d:
                    if stats.follows(seg.tokens[i], d.lexval) >= consistent:
                        row[i] = d


def _release_paradigm_words(items, labels) -> None:
    """Give back to the frame a word a value took from a position the frame
    fills with a word chosen by the value.

    Vietnamese ``cởi mở với dự án`` / ``bi quan về dự án`` / ``quan tâm tới dự
    án``: most states leave a preposition between their span and ``dự`` in the
    frame; ``tới`` comes with one state only, so it predicts that state and
    was labelled with it.  A value whose span runs straight into the anchor
    (``dự``) where most values have one frame word before it ends in that
    paradigm position: its last word is released, and the cover makes one
    template per preposition, as a translator would.  Word tokens only (a
    character of an unsegmented script is no paradigm word).
    """
    for side in (-1, 1):
        per_draw: dict = defaultdict(list)
        for n, (segs, per_field) in enumerate(zip(items, labels)):
            for f, (seg, row) in enumerate(zip(segs, per_field)):
                for span in _runs(row, f):
                    per_draw[span.draw.name].append((n, seg, row, span))
        for name, spans in per_draw.items():
            gapped = Counter()
            for _n, seg, row, span in spans:
                edge = span.start - 1 if side < 0 else span.end
                beyond = edge + side
                if 0 <= edge < len(row) and 0 <= beyond < len(row) \
                        and row[edge] is None and row[beyond] is None:
                    gapped[seg.tokens[beyond]] += 1
            if not gapped:
                continue
            anchor, count = gapped.most_common(1)[0]
            if count < 0.5 * len(spans):
                continue
            for _n, seg, row, span in spans:
                edge = span.start - 1 if side < 0 else span.end
                last = span.start if side < 0 else span.end - 1
                if span.end - span.start >= 2 and 0 <= edge < len(row) \
                        and row[edge] is None and seg.tokens[edge] == anchor \
                        and not is_char_token(seg.tokens[last]):
                    row[last] = None


EDGE = "\u0002"   # stands for the sentence edge beyond the first or last token
SLOT = "\u0002slot"   # stands for a neighbouring span of another value


def _neighbours(items, labels, side: int, depth: int):
    """Per (draw name, value): one Counter per distance 1..depth of the tokens
    beyond its spans on ``side`` (-1 left, +1 right); EDGE past the text, SLOT
    on a token another value owns.  The contexts of a value the source repeats
    (``{s} … {very} {s}``) are pooled: told apart, a repeat at the end of a
    sentence swallows the frame words its sibling reads (Russian ``… {s}
    относится к этому проекту.`` beside ``этим проектом {s}.``)."""
    out: dict = defaultdict(lambda: [Counter() for _ in range(depth)])
    for segs, per_field in zip(items, labels):
        for seg, row in zip(segs, per_field):
            for span in _runs(row, 0):
                counters = out[(span.draw.name, span.draw.lexval)]
                pos = span.start - 1 if side < 0 else span.end
                for k in range(depth):
                    if not 0 <= pos < len(row):
                        tok = EDGE
                    elif row[pos] is not None:
                        tok = SLOT
                    else:
                        tok = seg.tokens[pos]
                    counters[k][tok] += 1
                    if tok in (EDGE, SLOT):
                        for rest in range(k + 1, depth):
                            counters[rest][tok] += 1
                        break
                    pos += side
    return out


def _consistent(counter: Counter, share: float):
    if not counter:
        return None
    tok, n = counter.most_common(1)[0]
    return tok if n >= share * sum(counter.values()) else None


def source_function_words(draws: Sequence[list]) -> dict:
    """Lexicons whose source values all start with one or two function words.

    ``a dog``, ``an iguana``, ``a car``: the article is part of the value in
    the source, so its translation (``un`` / ``une``, ``ein`` / ``eine``) belongs
    to the target value too, although every value has one.
    """
    values: dict = defaultdict(set)
    for ds in draws:
        for d in ds:
            if isinstance(d.value, str):
                values[d.base].add(d.value)
    out = {}
    for base, vals in values.items():
        toks = [segment(v).tokens for v in vals]
        if len(vals) >= 3 and all(len(t) >= 2 for t in toks):
            out[base] = len({t[0].lower() for t in toks}) <= 2
    return out


def _absorb_affixes(items, labels, consistent: float, stats: _Stats, lead: dict,
                    unframed: frozenset = frozenset(), max_tokens: int = 4) -> bool:
    """Extend a value's spans by *optional* neighbours.

    Tokens next to value v's spans (up to ``max_tokens``) belong to v when they
    come with v every time, none is shared by every value of the lexicon, and
    some other value of the same slot sits directly where the token beyond them
    sits: ``est plus grand que`` / ``est meilleur que`` — ``plus`` is optional,
    so ``plus grand`` is the value; in ``メアリー`` / ``プリヤ`` the characters a
    name shares with another name join the name.  A neighbour that every value
    fills with *some* word (German ``über`` / ``wegen`` / ``für`` by state) is not
    optional: it stays a literal and the cover splits the template into
    variants — unless the source values themselves start with a function word
    (``lead``: ``a dog``): then the token on the left that varies with the value
    (``un`` / ``une``) is that word's translation.

    Returns whether any span grew (:func:`_absorb_rounds` repeats it).
    """
    changed = False
    for side in (-1, 1):
        near = _neighbours(items, labels, side, max_tokens + 1)
        by_slot: dict = defaultdict(list)
        for name, lv in near:
            by_slot[name].append(lv)
        absorb = {}
        for name, lvs in by_slot.items():
            seq = {lv: [_consistent(c, consistent) for c in near[(name, lv)]] for lv in lvs}
            for lv in lvs:
                base = lv[0]
                toks = seq[lv]
                for k in range(1, max_tokens + 1):
                    t = toks[k - 1]
                    if t is None or t in (EDGE, SLOT) or (
                            t not in unframed and stats.frame(t, base, 1.0)) \
                            or is_char_token(t):
                        break
                    beyond = toks[k]
                    if beyond is not None and any(seq[o][0] == beyond for o in lvs if o != lv):
                        absorb[(name, lv)] = tuple(toks[:k])
                        break
                else:
                    continue
                if (name, lv) not in absorb and side < 0 and lead.get(base) \
                        and toks[0] not in (None, EDGE, SLOT) \
                        and not stats.frame(toks[0], base, 1.0):
                    absorb[(name, lv)] = (toks[0],)
        for segs, per_field in zip(items, labels):
            for seg, row in zip(segs, per_field):
                for span in _runs(row, 0):
                    toks = absorb.get((span.draw.name, span.draw.lexval))
                    if not toks or is_char_token(
                            seg.tokens[span.start if side < 0 else span.end - 1]):
                        continue    # unsegmented scripts: :func:`_partition_char_gaps`
                    pos = [span.start - 1 - k if side < 0 else span.end + k
                           for k in range(len(toks))]
                    if all(0 <= p < len(row) and row[p] is None and seg.tokens[p] == t
                           for p, t in zip(pos, toks)):
                        for p in pos:
                            row[p] = span.draw
                        changed = True
    return changed


def _absorb_rounds(items, labels, consistent: float, stats: _Stats, lead: dict,
                   unframed: frozenset = frozenset()) -> bool:
    """:func:`_absorb_affixes` until no span grows (``MAX_ABSORB_ROUNDS`` at
    most): a value that took a neighbour can then sit where its siblings'
    neighbour sits (``un camion de pompier``: ``camion`` first, then ``un``).
    The article rule (``lead``) applies in the first round only.  Returns
    whether a span grew."""
    grew = False
    for _ in range(MAX_ABSORB_ROUNDS):
        if not _absorb_affixes(items, labels, consistent, stats, lead, unframed):
            break
        grew, lead = True, {}
    return grew


def prepare_group(instances) -> tuple[list, list, list]:
    """A group's segmented targets, draws and source texts (one per instance)."""
    items, draws, sources = [], [], []
    for inst in instances:
        if inst.source is None or inst.fill is None:
            raise InputError("instance has no 'source'/'fill' (needed by --keys align)",
                             line=inst.line or None)
        items.append(tuple(segment(t) for t in inst.target))
        draws.append(instance_draws(inst.fill, inst.source))
        sources.append("\n".join(inst.source))
    return items, draws, sources


def pooled_stats(prepared: Sequence[tuple]) -> _Stats:
    """Co-occurrence counts over every group of a file (``prepare_group``'s output).

    A lexical value ``(lexicon, source value)`` is the same value in every
    group, and its translation comes with it wherever it is drawn; the words
    it happens to be drawn beside change from group to group.  With few
    instances per group, a value seen twice, both times beside the same
    value of an adjacent slot (``highly curious``), ties with that neighbour
    for both its words within the group; over the file, ``curieux`` comes with
    *curious* in every group, and with *highly* only where the two met.  Frame
    words of one group count once per instance of it, as in that group alone,
    so they still predict no value.
    """
    items = [segs for its, _ds, _src in prepared for segs in its]
    draws = [ds for _its, dss, _src in prepared for ds in dss]
    return _Stats(items, draws)


def align_group(instances, threshold: float = THRESHOLD, consistent: float = CONSISTENT,
                aligner: str = "cooccurrence", model: str | None = None,
                method: str = "itermax", prepared: tuple | None = None,
                pooled: _Stats | None = None) -> GroupAlignment:
    """Align one group's targets with their source slots (steps 1-6 above).

    ``prepared``: the group's :func:`prepare_group` output, if the caller has
    it; ``pooled``: the file's :func:`pooled_stats`, which break ties between
    values a token predicts equally well within the group."""
    items, draws, sources = prepared if prepared is not None else prepare_group(instances)
    stats = _Stats(items, draws)
    if aligner == "cooccurrence":
        labels = _labels_cooccurrence(items, draws, stats, threshold, consistent, pooled)
        _drop_stray_runs(items, draws, sources, labels, stats, consistent)
        _grow_char_spans(items, labels, stats, consistent)
    elif aligner == "simalign":
        from tea_solver.keys.simalign_backend import labels_simalign
        labels = labels_simalign(instances, items, draws, model=model, method=method)
    else:
        raise InputError("unknown aligner %r (choose cooccurrence or simalign)" % aligner)
    _release_repeats(items, draws, sources, labels)
    _rescue_unlabelled(items, draws, labels, stats, consistent, sources)
    _give_orphans(items, draws, labels, stats, threshold)
    _fill_gaps(items, labels, consistent, stats)
    lead = source_function_words(draws)
    _partition_char_gaps(items, labels, lead)
    _release_paradigm_words(items, labels)
    _absorb_rounds(items, labels, consistent, stats, lead)
    _share_repeats(items, draws, sources, labels, stats, consistent)
    _realize(items, draws, labels, stats, consistent)
    return GroupAlignment(items, draws, labels, sources)


def align_keys(instances, opts, alignment: GroupAlignment | None = None
               ) -> tuple[list[Key], dict]:
    """One key per source lexicon (and tuple element), named after it.

    Also returns where each target's spans are: target fields → matches
    ``(field, char start, char end, key id)``, so that Step 2 can replace
    exactly the aligned spans instead of every occurrence of a terminal (a
    one-character terminal of an unsegmented script would otherwise match
    everywhere).  ``alignment`` is the group's alignment when the caller has
    already made (and refined across groups) it.
    """
    if alignment is None:
        alignment = align_group(instances, aligner=opts.aligner, model=opts.align_model,
                                method=opts.align_method)
    spans = []
    for segs, sp in zip(alignment.items, alignment.spans()):
        row = []
        for s in sp:
            seg: Segmented = segs[s.field]
            tup = seg.tokens[s.start:s.end]
            if s.trim_left or s.trim_right:   # a sub-word value: its text is its terminal
                tup = (s.text,)
            row.append((s, seg, tup))
        spans.append(row)
    rare = _rare_renderings(spans, opts.min_support)
    terms: dict[tuple, dict] = defaultdict(dict)
    sources: dict[tuple, dict] = defaultdict(lambda: defaultdict(set))
    located: dict[tuple, list] = {}
    for segs, row in zip(alignment.items, spans):
        where = []
        located.setdefault(tuple(seg.text for seg in segs), where)
        for s, seg, tup in row:
            if (s.slot, tup) in rare:
                continue
            a, b = s.chars(seg)
            terms[s.slot].setdefault(tup, s.text)
            sources[s.slot][tup].add(s.draw.value)
            where.append((s.field, a, b, s.slot))
    ids = {}
    keys = []
    for n, ((base, index), texts) in enumerate(sorted(terms.items(),
                                                      key=lambda kv: (kv[0][0], kv[0][1] or -1))):
        ids[(base, index)] = n
        keys.append(Key(id=n, name=base, terminals=frozenset(texts), index=index,
                        origin="align:%s%s" % (base, "" if index is None else "[%d]" % index),
                        texts=texts,
                        sources={t: frozenset(v) for t, v in sources[(base, index)].items()}))
    positions = {target: sorted((f, a, b, ids[k]) for f, a, b, k in where)
                 for target, where in located.items()}
    return keys, positions


def _rare_renderings(spans, min_support: int) -> set:
    """``(slot, rendering)`` pairs too rare to be lexicon values (``--min-support``).

    ``--min-support N`` drops templates seen fewer than N times, as
    mistranslations; a mistranslation *inside* a value (a dropped, doubled or
    replaced word) would otherwise survive as a lexicon value of a frequent
    template and generate strings no one wrote.  A rendering of a slot seen
    fewer than N times, while every source value it translates has another
    rendering seen N times or more, is taken for such a one: it is not a
    terminal, so its instance keeps the text literal and its template falls
    to the same threshold.  Never with N = 1 (the default keeps everything),
    and never for a source value with no frequent rendering (a value drawn
    rarely keeps its only translation).
    """
    if min_support <= 1:
        return set()
    seen: Counter = Counter()
    values: dict = defaultdict(set)                 # (slot, rendering) -> source values
    by_value: dict = defaultdict(Counter)           # (slot, source value) -> renderings
    for row in spans:
        for s, _seg, tup in row:
            v = _value_key(s.draw.value)
            seen[(s.slot, tup)] += 1
            values[(s.slot, tup)].add(v)
            by_value[(s.slot, v)][tup] += 1
    return {(slot, tup) for (slot, tup), n in seen.items()
            if n < min_support and all(
                any(m >= min_support for t, m in by_value[(slot, v)].items() if t != tup)
                for v in values[(slot, tup)])}


# The rules of scripts without spaces and the realizations build on the
# primitives above; imported last, as ``tea_solver.keys`` loads this module first.
from tea_solver.keys.chars import (_drop_stray_runs, _grow_char_spans,  # noqa: E402
                                   _partition_char_gaps)
from tea_solver.keys.realize import _realize  # noqa: E402
