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
characters all the time; step 4 is then done by the characters' own rules:
a stray piece of a value inside another goes back
(:func:`_drop_stray_runs`), spans grow over the characters their value
always has beside them (:func:`_grow_char_spans`), and the text between two
spans is shared out between the two values and the frame
(:func:`_partition_char_gaps`).

A target key is named after its source lexicon (``first_name``, ``adj``); a
source slot ``{adj[1]}`` gives a target slot ``{adj[1]}``, whose tuple entries
hold the translated element at position 1 (other positions, which the
template does not use, are empty strings).

6. *Realizations* (:func:`_realize`): what each value reads as is learnt from
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
SHARED_CHARS = 3        # unsegmented scripts: values that may share a character
MAX_ABSORB_ROUNDS = 3   # passes of optional-neighbour absorption
STEM_SHARED = 0.5       # shared prefix share that makes a token a form of a value's translation
MAX_GROW_ROUNDS = 16    # passes of character growth (each grows a span by one)
CLUSTER_GAP = 6         # unlabelled characters that may split one value's span


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


def _occurs(text: str, value: str) -> int:
    """Position of ``value`` as a whole word in ``text`` (-1 if absent)."""
    m = re.search(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text)
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


def _merged_runs(seg, row) -> list:
    """``(start, end, draw)`` of the runs of one row, pieces of one value with
    at most ``CLUSTER_GAP`` unlabelled characters between them taken as one."""
    out = []
    for r in _runs(row, 0):
        if out and out[-1][2] == r.draw and r.start - out[-1][1] <= CLUSTER_GAP \
                and all(row[t] is None and is_char_token(seg.tokens[t])
                        for t in range(out[-1][1], r.start)):
            out[-1][1] = r.end
        else:
            out.append([r.start, r.end, r.draw])
    return out


def _grow_char_spans(items, labels, stats: _Stats, consistent: float) -> None:
    """Scripts without spaces: grow each labelled span over the characters next
    to it that its value shares with a few other values.

    Values share characters all the time (``メアリー`` / ``アフメド``,
    ``楽観的`` / ``懐疑的``), so such a character predicts no single value.
    Next to a character that does, it belongs to that value when it comes
    with the value every time, is not shared by every value of the lexicon
    (the frame), and by at most half of them (``だ`` closes most states and
    stays in the frame; ``的`` closes 7 of 20 and joins them) — and when it
    stands at that edge of (nearly) all the value's spans, every occurrence
    counted: a character the sentence puts before one occurrence only
    (``有些`` before the second state of ``秉持{s}态度。…有些{s}``) stays out.
    Nor does a character that takes the place where the other values put
    another one before the same frame (``速く`` / ``丈夫で`` before ``ない``):
    that place belongs to the frame (:func:`_partition_char_gaps`).
    """
    for _ in range(MAX_GROW_ROUNDS):
        # (lexval, side) -> Counter of (character at that edge, the one beyond)
        edges: dict = defaultdict(Counter)
        inner = set()       # (row id, token): between two pieces of one value's span
        for segs, per_field in zip(items, labels):
            for f, (seg, row) in enumerate(zip(segs, per_field)):
                for start, end, d in _merged_runs(seg, row):
                    for t in range(start, end):
                        if row[t] is None:
                            inner.add((id(row), t))
                    for side in (-1, 1):
                        pos = start - 1 if side < 0 else end
                        edges[(d.lexval, side)][(_free(seg, row, pos),
                                                 _free(seg, row, pos + side))] += 1
        changed = False
        for segs, per_field in zip(items, labels):
            for seg, row in zip(segs, per_field):
                for i, t in enumerate(seg.tokens):
                    if row[i] is not None or not is_char_token(t):
                        continue
                    for n, side in ((i - 1, 1), (i + 1, -1)):
                        if not 0 <= n < len(row) or row[n] is None \
                                or not is_char_token(seg.tokens[n]):
                            continue
                        d = row[n]
                        at = Counter()
                        for (c, _beyond), k in edges[(d.lexval, side)].items():
                            at[c] += k
                        limit = max(SHARED_CHARS, len(stats.values_of[d.base]) // 2)
                        # other characters at that edge count against t, but
                        # not those of the value itself (an edge not grown yet)
                        against = sum(k for c, k in at.items() if c != t and (
                            c is None or stats.follows(c, d.lexval) < consistent
                            or stats.frame(c, d.base, consistent)))
                        if stats.follows(t, d.lexval) >= consistent \
                                and ((id(row), i) in inner
                                     or (at[t] >= consistent * (at[t] + against)
                                         and not _alternative(edges, stats, d, side, t,
                                                              consistent))) \
                                and not stats.frame(t, d.base, consistent) \
                                and stats.sharing(t, d.base, consistent) <= limit:
                            row[i] = d
                            changed = True
                            break
        if not changed:
            break


def _free(seg, row, pos):
    """The token at ``pos`` if it is an unlabelled one, else None."""
    return seg.tokens[pos] if 0 <= pos < len(row) and row[pos] is None else None


def _edge_of(pairs: Counter, consistent: float, first=None):
    """The (nearly) constant character at an edge (``first`` None), or the
    one beyond ``first`` there; None if it varies."""
    c = Counter()
    for (a, b), k in pairs.items():
        if first is None:
            c[a] += k
        elif a == first:
            c[b] += k
    if not c:
        return None
    tok, k = c.most_common(1)[0]
    return tok if k >= consistent * sum(c.values()) else None


def _alternative(edges, stats: _Stats, d: Draw, side: int, t: str, consistent: float) -> bool:
    """Does another value of the lexicon put a different character where ``d``
    has ``t``, before the same character (``丈夫で`` beside ``速く``, both
    before ``ない``)?"""
    beyond = _edge_of(edges[(d.lexval, side)], consistent, t)
    if beyond is None:
        return False
    for o in stats.values_of[d.base]:
        if o == d.lexval or (o, side) not in edges:
            continue
        u = _edge_of(edges[(o, side)], consistent)
        if u is not None and u != t and is_char_token(u) \
                and _edge_of(edges[(o, side)], consistent, u) == beyond:
            return True
    return False


def _lcp(seqs) -> int:
    """Length of the longest common prefix of token tuples."""
    seqs = list(seqs)
    if not seqs:
        return 0
    n = min(len(s) for s in seqs)
    for k in range(n):
        t = seqs[0][k]
        if any(s[k] != t for s in seqs):
            return k
    return n


def _lcs(seqs) -> int:
    """Length of the longest common suffix of token tuples."""
    return _lcp([s[::-1] for s in seqs])


def _common_run(seqs):
    """The longest token run every sequence contains (an anchor of the frame), or ()."""
    seqs = list(seqs)
    if not seqs or not all(seqs):
        return ()
    first = min(seqs, key=len)
    for n in range(len(first), 0, -1):
        for k in range(len(first) - n + 1):
            run = first[k:k + n]
            if all(_find(s, run) >= 0 for s in seqs):
                return run
    return ()


def _find(seq, run) -> int:
    n = len(run)
    for k in range(len(seq) - n + 1):
        if seq[k:k + n] == run:
            return k
    return -1


def _char_prefix(toks) -> int:
    """How many leading tokens are characters of an unsegmented script."""
    n = 0
    for t in toks:
        if not is_char_token(t):
            break
        n += 1
    return n


def _partition_char_gaps(items, labels, lead: dict | None = None) -> bool:
    """Scripts without spaces: share out the characters between a value's span
    and the frame by what decides their presence.

    The text between two spans (or a span and the edge) of a group reads
    *value part* + *frame* + *value part*.  Characters every instance has there
    are frame (``。``).  Of the rest, the characters that always follow one
    value (``している`` after ``心配``, ``に`` after ``本当``, ``有`` before ``几分``)
    belong to it — unless they are what another value of the same slot has
    there only sometimes (``だ`` closes ``心配している`` in one instance and not
    in another: a variant of the frame, not part of any value), or every value
    fills the place with some character (``速く`` / ``丈夫で`` before ``ない``:
    the frame varies with the value, the cover writes one template each) —
    except left of a value whose source starts with a function word
    (``lead``, see :func:`source_function_words`): the classifier that varies
    there (``一只猫`` / ``一辆卡车``, *a cat* / *a truck*) translates the article,
    as ``un`` / ``une`` does in :func:`_absorb_affixes`.
    Only character tokens move; the word-level rules
    (:func:`_absorb_affixes`) handle scripts with spaces.  Returns whether a
    span grew.
    """
    gaps: dict = defaultdict(list)
    for segs, per_field in zip(items, labels):
        for f, (seg, row) in enumerate(zip(segs, per_field)):
            runs = _runs(row, f)
            seen: Counter = Counter()
            names = []
            for r in runs:
                names.append((r.draw.name, seen[r.draw.name]))
                seen[r.draw.name] += 1
            for k in range(len(runs) + 1):
                left = runs[k - 1] if k > 0 else None
                right = runs[k] if k < len(runs) else None
                a = left.end if left else 0
                b = right.start if right else len(row)
                key = (f, names[k - 1] if left else EDGE, names[k] if right else EDGE)
                gaps[key].append((seg, row, a, b, left, right))
    changed = False
    for key in sorted(gaps, key=str):
        changed |= _partition_gap(gaps[key], lead or {})
    return changed


def _partition_gap(places, lead: dict) -> bool:
    if len(places) < 2:
        return False
    toks = [tuple(seg.tokens[a:b]) for seg, _row, a, b, _l, _r in places]
    cl = _lcp(toks)
    cr = _lcs([t[cl:] for t in toks])
    mids = [t[cl:len(t) - cr] for t in toks]
    left_ok = cl == 0 and places[0][4] is not None
    right_ok = cr == 0 and places[0][5] is not None
    if not (left_ok or right_ok):
        return False
    lefts, rights = list(mids), list(mids)
    if left_ok and right_ok:
        anchor = _common_run(mids)
        if anchor:      # frame between the two values: each side ends at it
            cut = [_find(m, anchor) for m in mids]
            lefts = [m[:c] for m, c in zip(mids, cut)]
            rights = [m[c + len(anchor):] for m, c in zip(mids, cut)]
    lvals = [p[4].draw.lexval if p[4] else None for p in places]
    rvals = [p[5].draw.lexval if p[5] else None for p in places]
    own_l, sure_l = _value_parts(lefts, lvals, rvals, -1) if left_ok else ({}, {})
    own_r, sure_r = _value_parts(rights, rvals, lvals, 1,
                                 paradigm=not lead.get(places[0][5].draw.base)) \
        if right_ok else ({}, {})
    changed = False
    for (seg, row, a, b, left, right), m in zip(places, mids):
        nl = len(own_l.get(left.draw.lexval, ())) if left_ok else 0
        nr = len(own_r.get(right.draw.lexval, ())) if right_ok else 0
        if nl + nr > len(m):
            # both values claim a character (two adjacent values seen together
            # only): the one whose part was seen beside more partners keeps it
            if nl and (not nr or sure_l[left.draw.lexval] >= sure_r[right.draw.lexval]):
                nr = max(0, len(m) - nl)
            else:
                nl = max(0, len(m) - nr)
        if nl and not is_char_token(seg.tokens[left.end - 1]):
            nl = 0
        if nr and not is_char_token(seg.tokens[right.start]):
            nr = 0
        for t in range(a, a + nl):
            if row[t] is None:
                row[t] = left.draw
                changed = True
        for t in range(b - nr, b):
            if row[t] is None:
                row[t] = right.draw
                changed = True
    return changed


def _shared_prefix(seqs, share: float) -> tuple:
    """The longest prefix that at least ``share`` of the sequences start with."""
    out = ()
    while True:
        k = len(out) + 1
        heads = Counter(s[:k] for s in seqs if len(s) >= k)
        if not heads:
            return out
        head, n = heads.most_common(1)[0]
        if n < share * len(seqs):
            return out
        out = head


def _value_parts(regions, owners, partners, side: int, consistent: float = CONSISTENT,
                 paradigm: bool = True) -> tuple[dict, dict]:
    """Per value (``owners``), the characters of its region next to its span
    that it (nearly) always has there; ``side`` -1: the region follows the
    span (read from its start), +1: it precedes it (read from its end).
    Also returns, per value, how many different ``partners`` (the value on
    the region's other side) its part was learnt beside.  ``paradigm``: a
    place every value fills stays in the frame (see
    :func:`_partition_char_gaps`)."""
    if side > 0:
        regions = [r[::-1] for r in regions]
    by_owner: dict = defaultdict(list)
    partner_of: dict = defaultdict(set)
    for r, o, p in zip(regions, owners, partners):
        by_owner[o].append(r)
        partner_of[o].add(p)
    part = {}
    for o, rs in by_owner.items():
        own = _shared_prefix(rs, consistent)
        part[o] = own[:_char_prefix(own)]
    # what an instance has beyond its value's part varies for one value: a
    # variant of the frame wherever it shows (``だ``), also where a value that
    # always has it would take it along
    variants = {r[len(part[o]):] for r, o in zip(regions, owners)} - {()}
    for o, own in part.items():
        for k in range(len(own)):
            if own[k:] in variants:
                part[o] = own[:k]
                break
    if paradigm and len(part) >= 2 and all(part.values()):
        # every value fills the place with something: a paradigm of the frame
        # (``く`` / ``で`` before ``ない``); a value keeps what precedes the
        # ending it shares with another value (``強い`` + ``で``)
        cut = {}
        for o, own in part.items():
            shared = max((k for k in range(1, len(own) + 1)
                          for q, other in part.items()
                          if q != o and len(other) >= k and other[-k:] == own[-k:]),
                         default=len(own))
            cut[o] = own[:len(own) - shared]
        part = cut
    parts = {o: own[::-1] if side > 0 else own for o, own in part.items()}
    return parts, {o: len(partner_of[o]) for o in part}


def _source_count(source: str, d: Draw) -> int:
    """How many times the source shows draw ``d``'s value (its shown elements)."""
    shown = [d.value] if isinstance(d.value, str) else [d.value[i] for i in d.indices]
    return sum(len(re.findall(r"(?<!\w)" + re.escape(v) + r"(?!\w)", source)) for v in shown)


def _clusters(segs, per_field, d) -> list:
    """Draw ``d``'s clusters in one instance: runs with nothing but a few
    unlabelled characters between them (``ブ`` ``ラジ`` ``ル``), as
    ``[labelled tokens, field, runs]``."""
    clusters = []
    for f, row in enumerate(per_field):
        last = None
        toks = segs[f].tokens
        for r in _runs(row, f):
            if r.draw != d:
                last = None     # another value in between ends a cluster
            elif last is not None and r.start - last[2][-1].end <= CLUSTER_GAP \
                    and all(is_char_token(t) for t in toks[last[2][-1].end:r.start]):
                last[0] += r.end - r.start
                last[2].append(r)
            else:
                last = [r.end - r.start, f, [r]]
                clusters.append(last)
    return clusters


def _drop_stray_runs(items, draws, sources, labels, stats: _Stats,
                     consistent: float = CONSISTENT) -> None:
    """Unsegmented scripts: a value the source shows once has one span.

    A character that predicts one value also turns up inside another
    (``信`` of ``信じられないほど`` in ``自信満々``, ``ェ`` of ``ナイジェリア`` in
    ``ウェイトレス``, ``ん`` of ``いくぶん`` in ``喜んでいる``).  Such a stray run
    of a value with more clusters (runs with only unlabelled characters
    between them) than the source has occurrences is taken back: where it
    splits another value's span in two (and is smaller than the value's
    largest cluster) it joins that value, elsewhere it goes
    back unlabelled for the gap rules to share out — the smallest clusters
    first; of equal ones, those with fewer free neighbours that come with the
    value (``美`` of ``美国`` has ``国``; the ``美`` of ``美术家`` has none), then
    those that touch another value's span."""
    for segs, ds, src, per_field in zip(items, draws, sources, labels):
        excess, largest = {}, {}
        for d in ds:
            clusters = _clusters(segs, per_field, d)
            excess[d] = len(clusters) - max(1, _source_count(src, d))
            largest[d] = max((c[0] for c in clusters), default=0)
        for f, row in enumerate(per_field):
            runs = _runs(row, f)
            for left, mid, right in zip(runs, runs[1:], runs[2:]):
                if left.draw == right.draw != mid.draw and excess.get(mid.draw, 0) > 0 \
                        and mid.end - mid.start < largest[mid.draw] \
                        and left.end == mid.start and mid.end == right.start \
                        and all(is_char_token(t) for t in segs[f].tokens[mid.start:mid.end]):
                    for t in range(mid.start, mid.end):
                        row[t] = left.draw
        drop = []
        for d in ds:
            clusters = _clusters(segs, per_field, d)
            n = len(clusters) - max(1, _source_count(src, d))
            if n <= 0:
                continue

            def touches(c):
                row = per_field[c[1]]
                a, b = c[2][0].start - 1, c[2][-1].end
                return any(0 <= t < len(row) and row[t] not in (None, d) for t in (a, b))

            def extends(c):
                """Free neighbours that come with the value (``国`` of ``美国``)."""
                row, toks = per_field[c[1]], segs[c[1]].tokens
                a, b = c[2][0].start - 1, c[2][-1].end
                return sum(1 for t in (a, b) if 0 <= t < len(row) and row[t] is None
                           and is_char_token(toks[t])
                           and stats.follows(toks[t], d.lexval) >= consistent
                           and not stats.frame(toks[t], d.base, consistent))
            clusters.sort(key=lambda c: (c[0], extends(c), not touches(c), -c[1],
                                         -c[2][0].start))
            drop.extend(clusters[:n])
        for _n, f, runs in drop:
            if all(is_char_token(t) for r in runs for t in segs[f].tokens[r.start:r.end]):
                for r in runs:
                    for t in range(r.start, r.end):
                        per_field[f][t] = None


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
    return len(re.findall(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text))


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
                               if any(_contains(tuple(seg.tokens), cand) for seg in items[i]))
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
                            if any(_contains(tuple(seg.tokens), h)
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


def _contains(big: tuple, small: tuple) -> bool:
    n = len(small)
    return any(big[j:j + n] == small for j in range(len(big) - n + 1))


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
    terms: dict[tuple, dict] = defaultdict(dict)
    sources: dict[tuple, dict] = defaultdict(lambda: defaultdict(set))
    located: dict[tuple, list] = {}
    for segs, sp in zip(alignment.items, alignment.spans()):
        where = []
        located.setdefault(tuple(seg.text for seg in segs), where)
        for s in sp:
            seg: Segmented = segs[s.field]
            a, b = s.chars(seg)
            tup = seg.tokens[s.start:s.end]
            if s.trim_left or s.trim_right:   # a sub-word value: its text is its terminal
                tup = (s.text,)
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
