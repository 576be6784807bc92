"""Step 1 across groups: evidence about a lexicon that one group cannot give.

Within one group, a word that comes with every value of a slot looks like
frame: Hindi ``एक`` (a) before every animal, ``अधिक`` (more) before every
comparative.  Yet a human translator puts them in the lexicon (``एक कुत्ता``,
``अधिक चतुर``), because they translate part of the *source value* (``a dog``,
``smarter``), not of the source frame.  And the reverse: Arabic ``و`` (and)
glued to a noun, or Gujarati ``ની`` (genitive) glued to a name, look like part
of the value within a group, but belong to the frame of that one sentence.

The instance file holds many groups that share lexicons, and they tell the
two apart.  Rules (each needs the slot in at least ``MIN_GROUPS`` groups, so a
single sentence never decides):

1. **Determiners** (``--keys align`` only; :func:`_absorb_determiners`): the
   source values of a lexicon start with a function word (``a`` / ``an``, see
   :func:`~tea_solver.keys.align.source_function_words`).  A target word that
   stands directly left of *every* such lexicon's spans, in every group, and
   never left of a lexicon whose source values have no function word, is the
   function word's translation: it joins the values.  Two such lexicons at
   least, so one repeated frame word (Swahili ``ni`` before professions, "is")
   is not taken for an article.  Languages with measure words put one
   between the article and the noun, chosen by the noun's class (Vietnamese
   ``một con`` before animals, ``một chiếc`` before vehicles, ``một`` before
   professions): the article is then the word the lexicons share *beyond* a
   word that stands before every value of the lexicon in every group, and
   both join the values (``DETERMINER_WORDS`` words at most).
2. **Tuple contrast** (:func:`_absorb_contrast`): the elements of one tuple
   entry are different source words (``smarter`` / ``smart``), so their
   translations should differ too.  When a slot ``adj[0]`` has the same target
   forms as its sibling ``adj[1]`` for most entries, and a word stands next to
   ``adj[0]`` on one side in every group (``अधिक``), that word is what makes
   the comparative: it joins ``adj[0]``'s values.  One word per tuple: where
   both sides qualify, the one that stands next to the siblings least.  A word that also stands
   there next to an unrelated lexicon in half of its places or more (a
   copula, Japanese ``で``) is frame, and stays.
3. **Context affixes** (:func:`_trim_affixes`): all spans of one slot in one
   sentence share a sub-word prefix or suffix that the same values lack in
   another group (``ودراجة`` here, ``دراجة`` there): the affix belongs to
   this sentence's frame, and the value is the bare form (``و{vehicle}``).
4. **Sentence-local words** (:func:`_release_local_words`): a word that
   several values (not all) take at one edge of their spans in one sentence,
   while the same entries read without it, one word shorter, in every other
   group (Russian ``менее жесткий`` for *less tough*, ``жестче`` elsewhere),
   translates that sentence's frame: it goes back to the frame, and the
   cover writes the variant (``Кто менее {adj[1]}?``).
5. **Realization agreement** (:func:`_agree_realizations`): a value reads
   the same in every group; where its spans in one group are part of the
   form its spans take in most places, and the missing words stand around
   every value of the slot in that group (so the group alone took them for
   frame), they grow to that form (``cao hơn`` in a small group where
   ``hơn`` follows every comparative).

In scripts without spaces (every character a token) three more rules apply:

4. **One form per value** (:func:`_harmonize_forms`): a value reads the same in
   every sentence; spans that read otherwise (``速く`` before ``ない`` beside
   ``速`` before ``です``) are re-cut to the form most groups show.
5. **Characters no source word explains** (:func:`_absorb_unbound`): a run of
   characters beside a slot in every group while the source words beside it
   differ (``人`` after every nationality) joins the values, up to a
   character that also stands beside another lexicon (a copula).
6. **Comparatives by the source** (in :func:`_absorb_contrast`): where the
   source elements of a tuple differ by an affix (*smarter* / *smart*), the
   character beside ``adj[0]`` in every group (``更``) joins it even though
   the target forms of the elements differ.

The rules change a :class:`~tea_solver.keys.align.GroupAlignment` in place
and return one line per decision for the report.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Sequence

from tea_solver.keys.align import (CONSISTENT, EDGE, SLOT, GroupAlignment, Span, _runs,
                                   _source_count, source_function_words)
from tea_solver.keys.chars import _find, _shared_prefix
from tea_solver.tokenize import is_char_token, segment

MIN_GROUPS = 2          # a lexicon must show in this many groups for a rule to apply
DETERMINER_WORDS = 2    # an article and a measure word (classifier) at most
MIN_SHARED = 3          # values two places must share to compare their forms
SIDES = (-1, 1)


@dataclass
class _Place:
    """Where one slot's spans sit in one group: one draw name and occurrence."""

    group: int
    name: str
    occurrence: int
    slot: tuple
    spans: list             # (instance, Span)


def _neighbour(alignment: GroupAlignment, i: int, span: Span, side: int) -> str:
    row = alignment.labels[i][span.field]
    pos = span.start - 1 if side < 0 else span.end
    if not 0 <= pos < len(row):
        return EDGE
    if row[pos] is not None:
        return SLOT
    return alignment.items[i][span.field].tokens[pos]


def _places(alignments: Sequence[GroupAlignment]) -> list[_Place]:
    out: dict = {}
    for g, al in enumerate(alignments):
        for i, spans in enumerate(al.spans()):
            for s in spans:
                key = (g, s.draw.name, s.occurrence)
                if key not in out:
                    out[key] = _Place(g, s.draw.name, s.occurrence, s.slot, [])
                out[key].spans.append((i, s))
    return [out[k] for k in sorted(out, key=lambda k: (k[0], k[1], k[2]))]


def _attached(al: GroupAlignment, place: _Place, side: int, consistent: float):
    """The frame word next to (nearly) every span of a place on ``side``, if any.

    A span that already holds the word (``आयु में अधिक बड़ा``) agrees with it.
    """
    near = Counter(_neighbour(al, i, s, side) for i, s in place.spans)
    if not near:
        return None
    w, n = near.most_common(1)[0]
    if w in (EDGE, SLOT) or n < 0.5 * len(place.spans):
        return None
    inside = sum(1 for i, s in place.spans
                 if _neighbour(al, i, s, side) != w
                 and w in al.items[i][s.field].tokens[s.start:s.end])
    return w if n + inside >= consistent * len(place.spans) else None


def _by_slot(places: Sequence[_Place]) -> dict:
    out = defaultdict(list)
    for p in places:
        out[p.slot].append(p)
    return out


def _slot_attachment(alignments, by_slot: dict, consistent: float) -> dict:
    """(slot, side) -> (the word attached at every place of the slot, if it
    shows in ``MIN_GROUPS`` groups; Counter word -> share of places)."""
    out = {}
    for slot, places in by_slot.items():
        for side in SIDES:
            words = [_attached(alignments[p.group], p, side, consistent) for p in places]
            groups = {p.group for p in places}
            everywhere = words[0] if len(set(words)) == 1 and len(groups) >= MIN_GROUPS \
                else None
            share = Counter()
            for w in words:
                if w is not None:
                    share[w] += 1 / len(words)
            out[(slot, side)] = (everywhere, share)
    return out


def _absorb(alignments, places: Sequence[_Place], side: int, word: str, moved: dict) -> None:
    """Label ``word`` next to each span of the places with the span's draw;
    ``moved`` collects, per group, the words that left the frame."""
    for p in places:
        al = alignments[p.group]
        for i, s in p.spans:
            if _neighbour(al, i, s, side) == word:
                row = al.labels[i][s.field]
                row[s.start - 1 if side < 0 else s.end] = s.draw
                moved[p.group].add(word)


def _beyond_attached(al: GroupAlignment, place: _Place, side: int, word: str,
                     consistent: float):
    """The frame word beyond ``word`` (attached to the place on ``side``) in
    (nearly) every span of the place, if any."""
    near: Counter = Counter()
    for i, s in place.spans:
        row = al.labels[i][s.field]
        toks = al.items[i][s.field].tokens
        p1 = s.start - 1 if side < 0 else s.end
        p2 = p1 + side
        if 0 <= p1 < len(row) and row[p1] is None and toks[p1] == word:
            near[EDGE if not 0 <= p2 < len(row) else SLOT if row[p2] is not None
                 else toks[p2]] += 1
    if not near:
        return None
    w, n = near.most_common(1)[0]
    return w if w not in (EDGE, SLOT) and n >= consistent * len(place.spans) else None


def _absorb_chain(alignments, places: Sequence[_Place], side: int, words: tuple,
                  moved: dict) -> None:
    """Label the frame words ``words`` (nearest first) next to each span of the
    places with the span's draw, where all of them stand there."""
    for p in places:
        al = alignments[p.group]
        for i, s in p.spans:
            row = al.labels[i][s.field]
            toks = al.items[i][s.field].tokens
            pos = [(s.start - 1 - k) if side < 0 else (s.end + k) for k in range(len(words))]
            if all(0 <= q < len(row) and row[q] is None and toks[q] == w
                   for q, w in zip(pos, words)):
                for q in pos:
                    row[q] = s.draw
                moved[p.group].update(words)


def _absorb_determiners(alignments, by_slot, attach, notes, moved,
                        consistent: float = CONSISTENT) -> None:
    """Rule 1.  The determiner is the word left of every article lexicon's
    spans, in every group (``ek``); or, in languages that put a measure word
    (classifier) between the article and the noun (``một con chó``, ``một
    chiếc xe``), the word beyond a per-lexicon word that is itself there in
    every group: then both join the values, up to ``DETERMINER_WORDS`` words.
    Each lexicon takes the shortest such run whose outer word qualifies."""
    draws = [ds for al in alignments for ds in al.draws]
    lead = source_function_words(draws)
    side = -1
    chains = {}
    for slot, places in by_slot.items():
        word = attach[(slot, side)][0]
        if word is None or not lead.get(slot[0]):
            continue
        chain = [word]
        while len(chain) < DETERMINER_WORDS:
            beyond = {_beyond_attached(alignments[p.group], p, side, chain[-1], consistent)
                      for p in places}
            if len(beyond) != 1 or None in beyond:
                break
            chain.append(beyond.pop())
        chains[slot] = chain
    holders = defaultdict(set)       # word -> article lexicons it stands before
    for slot, chain in chains.items():
        for w in chain:
            holders[w].add(slot[0])
    for slot in sorted(chains, key=str):
        chain = chains[slot]
        for k, word in enumerate(chain, 1):
            if len(holders[word]) < 2:
                continue
            veto = [s for s in by_slot if not lead.get(s[0]) and word in attach[(s, side)][1]]
            if veto:
                break
            run = tuple(chain[:k])
            _absorb_chain(alignments, by_slot[slot], side, run, moved)
            if k == 1:
                notes.append("determiner %r joins %s (left of it in every group)"
                             % (word, _slot_name(slot)))
            else:
                notes.append("determiner %r joins %s with %s (left of it in every group)"
                             % (word, _slot_name(slot), " ".join(repr(w) for w in run[:-1])))
            break


def _forms(places: Sequence[_Place]) -> dict:
    """Source value -> its most frequent target text over the places."""
    counts: dict = defaultdict(Counter)
    for p in places:
        for _i, s in p.spans:
            counts[s.draw.value][s.text] += 1
    return {v: c.most_common(1)[0][0] for v, c in counts.items()}


def _absorb_contrast(alignments, by_slot, attach, notes, moved) -> None:
    """Rule 2 (and 6).  A tuple element needs a word of its own when its
    target forms equal its sibling's for most entries.  In unsegmented
    scripts the source can tell instead: where the element's source words
    extend the sibling's (*smarter* / *smart*, an affix the translation must
    render somewhere) a character beside it in every group is that
    rendering.  Word scripts keep the target-form test only: there a word
    beside a comparative in every group is as often a copula or *than*."""
    forms = {slot: _forms(places) for slot, places in by_slot.items()}
    contrasted = set()      # tuple lexicons whose elements a word now tells apart
    for slot, places in sorted(by_slot.items(), key=lambda kv: str(kv[0])):
        base, index = slot
        if index is None or base in contrasted:
            continue
        siblings = [s for s in by_slot if s[0] == base and s[1] is not None and s != slot]
        same = shared = marked = 0
        for sib in siblings:
            for value, text in forms[slot].items():
                other = forms[sib].get(value)
                if other is None or value[index] == value[sib[1]]:
                    continue
                shared += 1
                same += other == text
                mine, theirs = value[index], value[sib[1]]
                marked += mine.startswith(theirs) or mine.endswith(theirs)
        if shared < MIN_SHARED:
            continue
        by_form = same >= 0.5 * shared
        if not by_form and marked < 0.5 * shared:
            continue
        options = []
        for side in SIDES:
            word = attach[(slot, side)][0]
            if word is None or not any(ch.isalnum() for ch in word):
                continue    # punctuation makes no comparative
            if not by_form and not is_char_token(word):
                continue    # source-side evidence: unsegmented scripts only
            frame = [s for s in by_slot if s[0] != base and attach[(s, side)][1][word] >= 0.5]
            if frame:
                continue
            # one word makes the contrast: the one the siblings go without most
            near_sibling = max(attach[(sib, side)][1][word] for sib in siblings)
            options.append((near_sibling, side, word))
        if options:
            _near, side, word = min(options)
            _absorb(alignments, places, side, word, moved)
            contrasted.add(base)
            if by_form:
                notes.append("%r joins %s: its target forms equal %s's for %d of %d entries"
                             % (word, _slot_name(slot), "/".join(_slot_name(s) for s in siblings),
                                same, shared))
            else:
                notes.append("%r joins %s: its source words extend %s's for %d of %d entries"
                             % (word, _slot_name(slot), "/".join(_slot_name(s) for s in siblings),
                                marked, shared))


def _common_affix(texts: Sequence[str], side: int) -> str:
    if side > 0:
        return _common_affix([t[::-1] for t in texts], -1)[::-1]
    first = min(texts)
    last = max(texts)
    n = 0
    while n < len(first) and first[n] == last[n]:
        n += 1
    return first[:n]


def _agree_realizations(alignments, notes, names, consistent) -> None:
    """A value reads the same in every group: grow its spans to the form it
    takes where it is seen most.

    In a small group a word that comes with every value (Vietnamese ``hơn``
    after every comparative of a 20-instance question) is frame by every
    statistic the group has, while the large group beside it, whose frame has
    one ``hơn`` of its own, shows it is part of each value (``cao hơn``).  A
    human lexicon has one entry per value, so where a value's spans in one
    place (group, slot) read ``h`` and the value's dominant form ``g`` across
    the file (the form of most of its spans, in a group other than this one)
    contains ``h`` with frame words around it that stand right there in
    (nearly) every instance, the spans grow to ``g``.  A value the source
    repeats grows in an instance only where every occurrence can (a template
    repeats one slot, so both must read alike).  It must not fire on a
    minority form (the dominant form holds most spans of the value), nor
    where the words do not stand around (nearly) every span of the slot in
    the group (:func:`_frame_for_all`: there the group itself tells frame
    from value), nor on characters of unsegmented scripts, where a
    coincidence of one character is cheap.
    """
    places = _places(alignments)
    total: dict = defaultdict(Counter)
    where: dict = defaultdict(lambda: defaultdict(set))
    for p in places:
        al = alignments[p.group]
        for i, s in p.spans:
            form = tuple(al.items[i][s.field].tokens[s.start:s.end])
            total[(p.slot, s.draw.value)][form] += 1
            where[(p.slot, s.draw.value)][form].add(p.group)
    merged: dict = defaultdict(list)    # a value the source repeats: all its places
    for p in places:
        merged[(p.group, p.name, p.slot)].extend(p.spans)
    for (group, name, slot), spans_all in sorted(merged.items(), key=lambda kv: str(kv[0])):
        al = alignments[group]
        by_value: dict = defaultdict(lambda: defaultdict(list))
        for i, s in spans_all:
            by_value[s.draw.value][i].append(s)
        for value, per_inst in sorted(by_value.items(), key=lambda kv: str(kv[0])):
            counts = total[(slot, value)]
            g, n = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
            if 2 * n <= sum(counts.values()) or where[(slot, value)][g] == {group} \
                    or any(is_char_token(t) for t in g):
                continue
            if not _frame_for_all(al, spans_all, value, g, consistent):
                continue
            grow, fits = [], 0
            for i, spans in per_inst.items():
                mine = [_grown_to(al, i, s, g) for s in spans]
                if all(m is not None for m in mine):
                    fits += 1
                    grow.extend((i, s, a, b) for s, (a, b) in zip(spans, mine)
                                if (a, b) != (s.start, s.end))
            if not grow or fits < consistent * len(per_inst):
                continue
            for i, s, a, b in grow:
                row = al.labels[i][s.field]
                for t in range(a, b):
                    row[t] = s.draw
            notes.append("%s: {%s} %r reads %r as elsewhere"
                         % (names[group], name, value, " ".join(g)))


def _frame_for_all(al: GroupAlignment, spans, value, g: tuple, consistent: float) -> bool:
    """Do the words ``g`` adds to this value's form here stand around (nearly)
    every span of the slot in the group, whatever its value?  That is the
    case the rule is for: a word that comes with every value looks like frame
    to the group.  A word that comes with some values only (a paradigm word,
    Russian ``относится`` after adverb states but not after verbs) is told
    apart by the group itself, and stays as the group has it."""
    first = next(((i, s) for i, s in spans if s.draw.value == value), None)
    if first is None:
        return False
    i0, s0 = first
    toks = al.items[i0][s0.field].tokens
    h = tuple(toks[s0.start:s0.end])
    o = next((o for o in range(len(g) - len(h) + 1) if g[o:o + len(h)] == h), None)
    if o is None or len(h) >= len(g):
        return False
    left, right = g[:o], g[o + len(h):]
    around = 0
    for i, s in spans:
        t = al.items[i][s.field].tokens
        a, b = s.start - len(left), s.end + len(right)
        if 0 <= a and b <= len(t) and tuple(t[a:s.start]) == left \
                and tuple(t[s.end:b]) == right:
            around += 1
    return around >= consistent * len(spans)


def _grown_to(al: GroupAlignment, i: int, s: Span, g: tuple):
    """Token range of ``g`` around span ``s`` where its other words stand in
    the frame right there (the span's own range where it reads ``g``), else
    None."""
    toks = al.items[i][s.field].tokens
    h = tuple(toks[s.start:s.end])
    if h == g:
        return (s.start, s.end)
    row = al.labels[i][s.field]
    for o in range(len(g) - len(h) + 1):
        a = s.start - o
        b = a + len(g)
        if len(h) < len(g) and g[o:o + len(h)] == h and 0 <= a and b <= len(toks) \
                and tuple(toks[a:b]) == g \
                and all(row[t] is None for t in range(a, b) if not s.start <= t < s.end):
            return (a, b)
    return None


def _trim_affixes(alignments, places, notes, names, consistent) -> None:
    by_slot = _by_slot(places)
    forms = {id(p): _forms([p]) for p in places}
    for p in places:
        mine = forms[id(p)]
        if len(mine) < MIN_SHARED:
            continue
        for side in SIDES:
            affix = _common_affix(sorted(set(mine.values())), side)
            if not affix:
                continue
            al = alignments[p.group]
            edge_tokens = [al.items[i][s.field].tokens[s.start if side < 0 else s.end - 1]
                           for i, s in p.spans]
            if any(len(t) <= len(affix) for t in edge_tokens):
                continue    # the affix is a whole token: not a sub-word piece
            for q in by_slot[p.slot]:
                if q is p:
                    continue
                theirs = forms[id(q)]
                both = [v for v in mine if v in theirs]
                bare = [v for v in both if _strip(mine[v], affix, side) == theirs[v]]
                if len(both) >= MIN_SHARED and len(bare) >= consistent * len(both):
                    al.trims[(p.name, p.occurrence, side)] = affix
                    notes.append("%s: %r stays in the frame %s {%s} (bare in %s)"
                                 % (names[p.group], affix, "before" if side < 0 else "after",
                                    p.name, names[q.group]))
                    break


def _strip(text: str, affix: str, side: int) -> str:
    if side < 0:
        return text[len(affix):] if text.startswith(affix) else text
    return text[:-len(affix)] if text.endswith(affix) else text


def _slot_name(slot) -> str:
    base, index = slot
    return base if index is None else "%s[%d]" % (base, index)


MAX_GAP = 2             # tokens between two spans the gap rule hands to one of them


def _shown(span: Span) -> str:
    v = span.draw.value
    return v if isinstance(v, str) else v[span.index]


def _adjacent_in_source(source: str, a: Span, b: Span) -> bool:
    return re.search(r"(?<!\w)%s\s+%s(?!\w)" % (re.escape(_shown(a)), re.escape(_shown(b))),
                     source) is not None


def _split_gaps(alignments, notes, moved, names, consistent) -> None:
    """Words between two values whose source values are adjacent (``{somewhat}
    {s}``: ``थोड़ा सा चिंतित``) translate no source frame word, so they belong
    to one of the two values: to the one that has them next to it (nearly)
    always across the file, and more often than the other (``सा`` follows
    every *somewhat* value; it precedes a state only after *somewhat*)."""
    places = _places(alignments)
    right, left, total = Counter(), Counter(), Counter()
    for p in places:
        al = alignments[p.group]
        for i, s in p.spans:
            total[p.slot] += 1
            right[(p.slot, _neighbour(al, i, s, 1))] += 1
            left[(p.slot, _neighbour(al, i, s, -1))] += 1
    decided: dict = {}
    for g, al in enumerate(alignments):
        for i, spans in enumerate(al.spans()):
            for a, b in zip(spans, spans[1:]):
                if a.field != b.field or not 0 < b.start - a.end <= MAX_GAP:
                    continue
                row = al.labels[i][a.field]
                if any(row[t] is not None for t in range(a.end, b.start)) \
                        or not _adjacent_in_source(al.sources[i], a, b):
                    continue
                toks = al.items[i][a.field].tokens
                gap = tuple(toks[a.end:b.start])
                key = (g, a.slot, b.slot, gap)
                if key not in decided:
                    ra = right[(a.slot, gap[0])] / total[a.slot]
                    lb = left[(b.slot, gap[-1])] / total[b.slot]
                    decided[key] = (-1 if ra > lb else 1) if max(ra, lb) >= consistent \
                        and ra != lb else 0
                    if decided[key]:
                        notes.append("%s: %r between {%s} and {%s} (adjacent in the source) "
                                     "joins {%s}" % (names[g], " ".join(gap), a.draw.name,
                                                     b.draw.name, (a if ra > lb else b).draw.name))
                if decided[key]:
                    owner = a.draw if decided[key] < 0 else b.draw
                    for t in range(a.end, b.start):
                        row[t] = owner
                    moved[g].update(gap)


def _release_local_words(alignments, notes, names) -> None:
    """Give back to a sentence's frame a word that several values take in
    that sentence only.

    Russian ``Кто менее жесткий?`` / ``Кто беднее?`` (*Who is less tough /
    rich?*): ``менее`` translates the source frame word *less*, which most
    adjectives fuse into their own form; within the group it is an optional
    neighbour of four values, so it joined them (``менее жесткий``).  Across
    the file the same entries read ``жестче`` elsewhere, without it and one
    word shorter: the word belongs to this sentence, and the cover makes the
    variant ``Кто менее {adj[1]}?`` that a translator writes.

    It fires for a word that stands at the same edge of every span of two
    values or more at one place, not of all its values (then it was frame
    already), where each of those values shows in another group, never with
    the word and always as many words long as its span here without it.  It
    must not fire for a value's own first word (French ``un camion de
    pompier`` reads so in every group), nor for a word glued to it
    (``وسيارة إطفاء`` beside ``سيارة إطفاء`` keeps its length: the context
    affix rule handles it), nor for characters of an unsegmented script.
    """
    places = _places(alignments)
    elsewhere: dict = defaultdict(lambda: defaultdict(list))   # (base, value) -> group -> token tuples
    for p in places:
        al = alignments[p.group]
        for i, s in p.spans:
            toks = tuple(al.items[i][s.field].tokens[s.start:s.end])
            elsewhere[(p.slot[0], s.draw.value)][p.group].append(toks)
    for p in places:
        al = alignments[p.group]
        by_value: dict = defaultdict(list)
        for i, s in p.spans:
            by_value[s.draw.value].append((i, s))
        done: set = set()       # values whose spans changed (their Span objects are stale)
        for side in SIDES:
            edge_word: dict = {}
            for value, spans in by_value.items():
                if value in done:
                    continue
                firsts = Counter()
                for i, s in spans:
                    toks = al.items[i][s.field].tokens[s.start:s.end]
                    if len(toks) >= 2:
                        firsts[toks[0] if side < 0 else toks[-1]] += 1
                if firsts:
                    w, n = firsts.most_common(1)[0]
                    if n == len(spans) and not is_char_token(w):
                        edge_word[value] = w
            words = Counter(edge_word.values())
            for w, n in sorted(words.items()):
                if n < 2 or n == len(by_value):
                    continue
                values = [v for v, x in edge_word.items() if x == w]
                ok = True
                for v in values:
                    here = Counter(s.end - s.start for _i, s in by_value[v]).most_common(1)[0][0]
                    others = {g: ts for g, ts in elsewhere[(p.slot[0], v)].items()
                              if g != p.group}
                    if not others or any(w in t or len(t) != here - 1
                                         for ts in others.values() for t in ts):
                        ok = False
                        break
                if not ok:
                    continue
                for v in values:
                    for i, s in by_value[v]:
                        row = al.labels[i][s.field]
                        row[s.start if side < 0 else s.end - 1] = None
                done.update(values)
                notes.append("%s: %r stays in the frame %s {%s} (%d values take it here only)"
                             % (names[p.group], w, "before" if side < 0 else "after",
                                p.name, len(values)))


MAX_CHAIN = 4           # characters beyond a span the unsegmented-script rules read


def _chain(al: GroupAlignment, i: int, span: Span, side: int) -> tuple:
    """The tokens beyond a span on ``side``, outward: characters of an
    unsegmented script, ended by the first other token (EDGE past the text,
    SLOT + lexicon on another value's span) or after ``MAX_CHAIN``."""
    row = al.labels[i][span.field]
    toks = al.items[i][span.field].tokens
    pos = span.start - 1 if side < 0 else span.end
    out = []
    while len(out) < MAX_CHAIN:
        if not 0 <= pos < len(row):
            out.append(EDGE)
            break
        if row[pos] is not None:
            out.append(SLOT + row[pos].base)
            break
        out.append(toks[pos])
        if not is_char_token(toks[pos]):
            break
        pos += side
    return tuple(out)


def _source_neighbour(al: GroupAlignment, i: int, span: Span, side: int) -> str:
    """The source token next to the value the span translates (lower case;
    SLOT where another value of the instance stands there, EDGE at the end)."""
    src = al.sources[i] if i < len(al.sources) else ""
    shown = _shown(span)
    hits = [m for m in re.finditer(r"(?<!\w)%s(?!\w)" % re.escape(shown), src)]
    if not hits:
        return ""
    m = hits[min(span.occurrence, len(hits) - 1)]
    if side < 0:
        before = re.findall(r"\w+|[^\w\s]", src[:m.start()])
        tok = before[-1] if before else EDGE
    else:
        after = re.findall(r"\w+|[^\w\s]", src[m.end():])
        tok = after[0] if after else EDGE
    others = {w for d in al.draws[i] if d != span.draw
              for v in ([d.value] if isinstance(d.value, str) else [d.value[k] for k in d.indices])
              for w in re.findall(r"\w+", v)}
    return SLOT if tok in others else tok.lower()


def _absorb_unbound(alignments, by_slot, attach, notes, moved, consistent=CONSISTENT) -> None:
    """Unsegmented scripts: characters that stand next to a slot in every group
    while the source words next to it differ (``人`` after every Chinese
    nationality: *Chinese.*, *Chinese and* …) translate no source frame word:
    they are part of the value (``中国人``).  The spans of a slot are pooled
    per group, and what (nearly) all of a group's spans have beside them
    counts.

    A run qualifies when the text beyond it differs between the groups too (a
    frame the same in every sentence, ``对这个项目`` before every intensifier,
    tells nothing), and it stops before a character that stands beside
    another lexicon (within ``MAX_CHAIN``, same side) in half its groups or
    more: Japanese ``で``, the copula of ``人です`` and ``職業はモデルです``;
    Chinese ``是`` of ``是中国人`` and ``是一位会计师``."""
    def in_groups(places):
        """The places of one slot, pooled per group: (group, [(instance, span)])."""
        out = defaultdict(list)
        for p in places:
            out[p.group].extend(p.spans)
        return sorted(out.items())

    pooled = {slot: in_groups(places) for slot, places in by_slot.items()}
    chains_of = {(slot, side): [_shared_prefix([_chain(alignments[g], i, s, side)
                                                for i, s in spans], consistent)
                                for g, spans in pooled[slot]]
                 for slot in by_slot for side in SIDES}

    def framed(ch, slot, side):
        """Does ``ch`` stand beside another lexicon, in half its groups or more?"""
        return any(sum(ch in c for c in chains_of[(other, side)])
                   >= 0.5 * len(chains_of[(other, side)])
                   for other in by_slot if other[0] != slot[0])

    for slot in sorted(by_slot, key=str):
        groups = pooled[slot]
        if len(groups) < MIN_GROUPS:
            continue
        for side in SIDES:
            chains = chains_of[(slot, side)]
            run = []
            for toks in zip(*chains):
                if len(set(toks)) > 1 or not is_char_token(toks[0]) \
                        or toks[0].startswith(SLOT):
                    break
                run.append(toks[0])
            if not run:
                continue
            beyond = {c[len(run)] if len(c) > len(run) else None for c in chains}
            if len(beyond) == 1 and None not in beyond:
                continue    # the whole stretch is one frame in every sentence
            sources = set()
            for g, spans in groups:
                near = Counter(_source_neighbour(alignments[g], i, s, side) for i, s in spans)
                sources.add(near.most_common(1)[0][0])
            if len(sources - {""}) < 2:
                continue    # one source word there in every sentence: it may be its translation
            for j, ch in enumerate(run):
                if framed(ch, slot, side):
                    run = run[:j]
                    break
            if not run:
                continue
            word = tuple(run)
            for g, spans in groups:
                al = alignments[g]
                for i, s in spans:
                    if _chain(al, i, s, side)[:len(word)] != word:
                        continue
                    row = al.labels[i][s.field]
                    for k in range(len(word)):
                        row[s.start - 1 - k if side < 0 else s.end + k] = s.draw
                    moved[g].update(word)
            notes.append("%r joins %s: next to it in every group, beside different source words %s"
                         % ("".join(run if side > 0 else run[::-1]), _slot_name(slot),
                            "/".join(sorted(sources))))


def _pools(by_slot: dict) -> dict:
    """Slot -> the slots whose values it shares forms with: itself, and the
    tuple siblings whose target forms equal (or contain) its own for most
    entries (Japanese ``年長`` for both *older* and *old*)."""
    forms = {slot: _forms(places) for slot, places in by_slot.items()}
    pool = {slot: {slot} for slot in by_slot}
    for slot in by_slot:
        for sib in by_slot:
            if sib == slot or sib[0] != slot[0] or slot[1] is None or sib[1] is None:
                continue
            shared = [v for v in forms[slot] if v in forms[sib]]
            same = sum(forms[slot][v] in forms[sib][v] or forms[sib][v] in forms[slot][v]
                       for v in shared)
            if len(shared) >= MIN_SHARED and same >= 0.5 * len(shared):
                pool[slot].add(sib)
    return {slot: min(group, key=str) for slot, group in pool.items()}


def _harmonize_forms(alignments, notes, names) -> None:
    """Unsegmented scripts: a value reads the same in every sentence.

    Where the characters a value's span takes differ between groups
    (``心配している`` in six sentences, ``心配`` in one whose few instances could
    not tell), the form most groups show is the value; among equally common
    forms, the one inside all others (``速`` before ``です``, ``速く`` before
    ``ない``, ``速い`` before ``です``: the rest is each sentence's frame).  Every
    span of the value is re-cut to that form wherever the text has it there
    (also a stray instance whose span took a neighbour's character:
    ``超级乐`` | ``观``); only characters move, and never into another value's
    span.  A recut frees characters another value may need, so this runs to a
    fixpoint; then an instance left with a span too few for a value whose
    form its text shows gets that span."""
    best = {}
    for _round in range(MAX_HARMONY_ROUNDS):
        best, changed = _harmonize_round(alignments, notes, names)
        if not changed:
            break
    _rescue_forms(alignments, best, notes, names)


MAX_HARMONY_ROUNDS = 3  # a recut can free characters another value's recut needs


def _harmonize_round(alignments, notes, names):
    """One pass of :func:`_harmonize_forms`: returns ((pool slot, value) ->
    its form, pool of each slot) and whether a span changed."""
    changed = False
    places = _places(alignments)
    by_slot = _by_slot(places)
    pool = _pools(by_slot)
    per_value: dict = defaultdict(lambda: defaultdict(set))
    for k, p in enumerate(places):
        for v, text in _forms([p]).items():
            per_value[(pool[p.slot], v)][tuple(segment(text).tokens)].add(k)
    best = {}
    for (slot, v), forms in sorted(per_value.items(), key=str):
        if not all(is_char_token(t) for f in forms for t in f):
            continue

        def inside_all(f):
            return all(_find(g, f) >= 0 for g in forms)
        form = max(forms, key=lambda f: (len({places[k].group for k in forms[f]}),
                                          inside_all(f), -len(f), f))
        best[(slot, v)] = form
        for k in sorted(set().union(*forms.values())):
            p = places[k]
            for old in _recut(alignments[p.group], p, v, form):
                changed = True
                notes.append("%s: %s reads %r, as elsewhere (not %r)"
                             % (names[p.group], _slot_name(p.slot), "".join(form), old))
    return (best, pool), changed


def _rescue_forms(alignments, found, notes, names) -> None:
    """An instance with fewer spans of a value than its source shows the
    value, where its text shows the value's form in unlabelled characters
    just as many times more."""
    if not found:
        return
    best, pool = found
    for g, al in enumerate(alignments):
        for i, (segs, ds, per_field) in enumerate(zip(al.items, al.draws, al.labels)):
            have = Counter(r.draw for f, row in enumerate(per_field) for r in _runs(row, f))
            for d in ds:
                if len(d.indices) > 1:
                    continue
                slot = (d.base, d.indices[0] if d.indices else None)
                form = best.get((pool.get(slot), d.value))
                if not form:
                    continue
                hits = []
                for f, (seg, row) in enumerate(zip(segs, per_field)):
                    n = len(form)
                    for j in range(len(row) - n + 1):
                        if tuple(seg.tokens[j:j + n]) == form \
                                and all(row[t] is None for t in range(j, j + n)):
                            hits.append((f, j))
                expected = _source_count(al.sources[i] if i < len(al.sources) else "", d)
                if not hits or have[d] + len(hits) != expected:
                    continue
                for f, j in hits:
                    for t in range(j, j + len(form)):
                        per_field[f][t] = d
                notes.append("%s: %s found as %r" % (names[g], d.name, "".join(form)))


def _recut(al: GroupAlignment, place: _Place, value, form: tuple) -> list:
    """Re-cut the place's spans of ``value`` to ``form``; returns the texts
    of the spans that changed."""
    n = len(form)
    changed = []
    for i, s in place.spans:
        if s.draw.value != value:
            continue
        row = al.labels[i][s.field]
        toks = al.items[i][s.field].tokens
        if tuple(toks[s.start:s.end]) == form or any(row[t] != s.draw
                                                      for t in range(s.start, s.end)):
            continue    # already the form, or changed by an earlier recut
        best = None
        for j in range(max(0, s.start - n + 1), min(s.end, len(toks) - n + 1)):
            if tuple(toks[j:j + n]) != form:
                continue
            if any(row[t] not in (None, s.draw) for t in range(j, j + n)):
                continue
            overlap = min(s.end, j + n) - max(s.start, j)
            if best is None or overlap > best[0]:
                best = (overlap, j)
        if best is None:
            continue
        j = best[1]
        moved = set(range(s.start, s.end)) ^ set(range(j, j + n))
        if not moved or not all(is_char_token(toks[t]) for t in moved):
            continue
        for t in range(s.start, s.end):
            row[t] = None
        for t in range(j, j + n):
            row[t] = s.draw
        changed.append("".join(toks[s.start:s.end]))
    return sorted(set(changed))


def refine(alignments: Sequence[GroupAlignment], names: Sequence[str] | None = None,
           consistent: float = CONSISTENT) -> list[str]:
    """Apply the rules to a file's group alignments (in place).

    ``names``: the groups' template ids, for the notes.  Returns one note per
    decision, in a deterministic order.
    """
    names = list(names) if names is not None else [str(g) for g in range(len(alignments))]
    notes: list[str] = []
    moved: dict = defaultdict(set)
    for rule in (_absorb_determiners, _absorb_contrast, _absorb_unbound):
        if rule is _absorb_unbound:
            # unsegmented scripts: one form per value before reading what
            # stands beside the spans
            _harmonize_forms(alignments, notes, names)
        by_slot = _by_slot(_places(alignments))
        attach = _slot_attachment(alignments, by_slot, consistent)
        rule(alignments, by_slot, attach, notes, moved)
    _split_gaps(alignments, notes, moved, names, consistent)
    # a word that left the frame may uncover more of a value (``आयु में``
    # before ``अधिक बड़ा``, where ``अधिक छोटा`` already reads ``आयु में``)
    for g in sorted(moved):
        alignments[g].settle(frozenset(moved[g]), consistent)
    _release_local_words(alignments, notes, names)
    _agree_realizations(alignments, notes, names, consistent)
    _trim_affixes(alignments, _places(alignments), notes, names, consistent)
    _harmonize_forms(alignments, notes, names)
    return notes
