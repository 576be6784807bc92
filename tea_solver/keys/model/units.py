"""Units of a target text: the smallest pieces the model ever cuts between.

A value may start or end inside a whitespace word (``Johnga``, ``Mary'den``,
``koiran``), so the model cuts at *grapheme* boundaries, never at code points:
a vowel sign, a stacked consonant or a tone mark never leaves its base.  On top
of Unicode's extended grapheme clusters (``regex``'s ``\\X``) five rules, all by
Unicode properties, keep a syllable's pieces together where the cluster rules
do not:

* a cluster that starts with a mark joins the one before it (Myanmar ``ာ``,
  which the cluster rules leave alone);
* a cluster that ends with an invisible stacker (Myanmar ``္``, Khmer ``្``)
  joins the one after it (a stacked consonant);
* a cluster that ends with a pure killer (Myanmar asat ``်``) joins the one
  before it (a syllable's final consonant);
* a prepended vowel (Thai/Lao ``เ``, ``แ`` …, Logical_Order_Exception) joins the
  cluster after it;
* a cluster that starts with a dependent vowel written as a letter
  (Indic_Syllabic_Category Vowel_Dependent but not a mark: Thai/Lao ``า``,
  ``ะ``) joins the one before it: Unicode gives these vowels category Lo, so
  the cluster rules let a value start between ``ฐ`` and ``า`` of ``ฐา``.

Statistics need coarser units: a :class:`Text` groups graphemes into *units*:
a run of word graphemes (letters, marks, digits) in a script written with
spaces, one grapheme in a script written without them (Han, Kana, Thai,
Myanmar, Khmer, …; see :func:`tea_solver.tokenize.char_class`), one
punctuation grapheme.  Whitespace belongs to no unit.  ``glued[k]`` says that
no whitespace separates unit ``k - 1`` from unit ``k`` — word boundaries are
evidence for the model, not limits.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

import regex

from tea_solver.tokenize import CHAR, PUNCT, SPACE, WORD, char_class

_CLUSTER = regex.compile(r"\X")
_MARK_START = regex.compile(r"\p{M}")
_STACKER = regex.compile(r"\p{InSC=Invisible_Stacker}")
_KILLER = regex.compile(r"\p{InSC=Pure_Killer}")
_PREPENDED = regex.compile(r"\p{Logical_Order_Exception}")
_SPACING_VOWEL = regex.compile(r"[\p{InSC=Vowel_Dependent}--\p{M}--\p{Logical_Order_Exception}]",
                               regex.V1)
# a code point that can share a grapheme with its neighbour: whatever the cluster
# rules treat specially (every Grapheme_Cluster_Break value but Other; a line feed
# is a cluster of its own), a mark, or what the five rules above join
_JOINS = regex.compile(r"[^\p{Grapheme_Cluster_Break=Other}\n]|\p{M}"
                       r"|\p{Logical_Order_Exception}|\p{InSC=Invisible_Stacker}"
                       r"|\p{InSC=Pure_Killer}|\p{InSC=Vowel_Dependent}")


@lru_cache(maxsize=200000)
def graphemes(text: str) -> tuple:
    """Character offsets of the grapheme boundaries of ``text`` (0 … len)."""
    if not _JOINS.search(text):
        # no code point joins another (most Latin, Cyrillic, Han text): one
        # grapheme per code point, without running the cluster rules
        return tuple(range(len(text) + 1))
    return _graphemes_by_rules(text)


def _graphemes_by_rules(text: str) -> tuple:
    """:func:`graphemes` by the cluster rules and the five joining rules."""
    pieces = [m.group() for m in _CLUSTER.finditer(text)]
    merged: list[str] = []
    join_next = False
    for p in pieces:
        if merged and (join_next or (_MARK_START.match(p) and not merged[-1].isspace())
                       or (_SPACING_VOWEL.match(p) and char_class(merged[-1][-1]) in (CHAR, WORD))
                       or (_KILLER.search(p[-1]) and len(p) > 1 and not merged[-1].isspace()
                           and char_class(merged[-1][0]) != PUNCT)):
            merged[-1] += p
        else:
            merged.append(p)
        join_next = bool(_STACKER.match(p[-1]) or (len(p) == 1 and _PREPENDED.match(p)))
    cuts = [0]
    for p in merged:
        cuts.append(cuts[-1] + len(p))
    return tuple(cuts)


@dataclass(frozen=True)
class Text:
    """One target field cut into units (see the module docstring).

    ``starts``/``ends`` are the character offsets of each unit; ``kinds`` is
    WORD, CHAR or PUNCT; ``glued[k]`` is True when unit k touches unit k-1.
    ``cuts`` are every grapheme boundary of the text: a span of the model
    always starts and ends on one of them.
    """

    text: str
    starts: tuple
    ends: tuple
    kinds: tuple
    glued: tuple
    cuts: frozenset
    units: tuple            # the units' texts

    def __len__(self) -> int:
        return len(self.starts)


@lru_cache(maxsize=200000)
def cut(text: str) -> Text:
    """The units of ``text`` (cached: instances of a file repeat their texts)."""
    bounds = graphemes(text)
    starts, ends, kinds, glued = [], [], [], []
    prev_end = None
    k = 0
    n = len(bounds) - 1
    while k < n:
        a, b = bounds[k], bounds[k + 1]
        kind = char_class(text[a])
        if kind == SPACE:
            k += 1
            continue
        if kind == WORD:
            j = k + 1
            while j < n and char_class(text[bounds[j]]) == WORD:
                j += 1
            b = bounds[j]
            k = j
        else:
            k += 1
        starts.append(a)
        ends.append(b)
        kinds.append(kind)
        glued.append(prev_end is not None and prev_end == a)
        prev_end = b
    return Text(text, tuple(starts), tuple(ends), tuple(kinds), tuple(glued), frozenset(bounds),
                tuple(text[a:b] for a, b in zip(starts, ends)))


def same_word(text: str, m: str, side: int, stem: bool = False) -> bool:
    """``text`` is ``m``, ``m`` with a template affix glued on its far side, or
    another case of the same word (``машину`` beside ``машина``: a common stem
    of three letters or more and most of each word).  A word of one letter is
    no word's end by that alone: many words end in ``a`` (``Za``, *who*, is
    not ``a``, *than*, with ``Z`` glued on) -- unless ``m`` is a stem every
    group's reading extends with a template affix (``stem``:
    :func:`stem_before_affixes`, ``f`` of ``fö`` / ``fu``)."""
    if text == m:
        return True
    if (text.endswith(m) if side < 0 else text.startswith(m)) and \
            (stem or len(_clusters(m)) > 1):
        return True
    return same_stem(text, m)


def inner_word(per_group, side: int, share: float = 0.75) -> str | None:
    """Of the readings a value shows at one place, one Counter per group, the
    word itself: the shortest group reading that every other extends on its
    far side (``sayara`` where one template glues ``w`` on: ``wsayara``),
    whichever is the more frequent.  Where a group's readings alternate (at
    least ``1 - share`` of them read otherwise: an agreement ending that
    follows another slot's value, ``če`` / ``čełe``), each reading that is a
    fair part of them counts; the whole word joins the value and the forms
    keep the agreement ending (:func:`.forms.extents`).  None where the
    readings are not one word."""
    tops = set()
    for c in per_group:
        top, k = c.most_common(1)[0]
        if k < share * sum(c.values()):
            # readings that alternate inside the group: each one that is a
            # fair part of them is the word with or without an ending
            tops.update(t for t, j in c.items() if j >= (1 - share) * sum(c.values()))
        else:
            tops.add(top)
    pairs = alternating_pairs(per_group, share)
    inner = [t for t in tops
             if all(same_word(x, t, side, stem=frozenset((x, t)) in pairs) for x in tops)]
    if inner:
        return min(inner, key=lambda t: (len(t), t))
    # else a reading some group shows twice or more, short of a fair part of
    # its readings, that every reading above extends on its far side: the
    # bare word, which a group's sample shows less often than the endings
    # another slot's draws choose (*Brazilian* ``Kananan dı``: ``dıkamuk``
    # and ``dımuk`` alternate in three groups, and in the fourth ``dıka``
    # came in 25 instances of 29, ``dı`` in four -- no reading above was
    # the others' word, the value's ``dı`` was left to the templates, and
    # each gave *Brazilian* a template of its own: seed 97 ``mix-all``)
    def extends(x: str, t: str) -> bool:
        return x.endswith(t) if side < 0 else x.startswith(t)
    bare = {t for c in per_group for t, j in c.items()
            if j >= 2 and t not in tops and len(_clusters(t)) > 1
            and all(extends(x, t) for x in tops)}
    return max(bare, key=lambda t: (len(t), t)) if bare else None


def alternating_pairs(per_group, share: float = 0.75) -> set:
    """The pairs of readings that alternate inside one group: both a fair
    part (``1 - share``) of the group's readings at the place and seen twice
    there at least, where its most common one falls short of ``share``.
    Two readings one template writes beside the same value by turns differ
    by what another slot's draw chooses -- an agreement ending -- so the
    shorter is the word and the longer the word with the ending, even where
    the word is one letter (``i`` / ``isi`` after *quite*'s ``čıtura``:
    ``si`` follows the state's class); a one-letter word that only *ends*
    another group's reading is no evidence of that (:func:`same_word`), nor
    is one reading in three (a corrupted copy, ``ပ`` for ``ပု``, in a group
    of three instances)."""
    out = set()
    for c in per_group:
        total = sum(c.values())
        if not total or c.most_common(1)[0][1] >= share * total:
            continue
        alt = sorted(t for t, j in c.items() if j >= max(2.0, (1 - share) * total))
        out.update(frozenset((a, b)) for i, a in enumerate(alt) for b in alt[i + 1:])
    return out


def stem_before_affixes(per_group: dict, side: int, is_affix,
                        share: float = 0.75) -> str | None:
    """The word a value shows at one place when every group glues its own
    affix on the word's far side (``tıjo`` / ``tıšu`` / ``tıjö``: ``tı`` + the
    template's ``jo`` / ``šu`` / ``jö``), so that no group's reading is the
    bare word :func:`inner_word` looks for.  ``per_group``: group → Counter of
    readings; ``is_affix(group, tail)``: does the group's template glue
    ``tail`` on other values of the slot too?  The word is the readings'
    longest common part on the inner side (whole grapheme clusters), and
    only where each group's remainder is such an affix (or nothing); else
    None.

    A group whose readings alternate (at least ``1 - share`` of them each:
    an agreement ending another slot's draw chooses, ``a`` / ``ahut``,
    ``ala`` / ``ahutla``) offers each alternant that shares its start with
    the group's most common reading, and one of them leaving nothing or the
    template's affix is enough: the ending is the group's own alternation,
    kept by the forms, whichever alternant its sample happens to show more
    often.  (A reading that shares nothing with the common one is no
    alternant of it: a corrupted copy, ``vo`` beside four ``wi``.)  Where
    the alternants give no word, each group's most common reading alone."""
    alternants = {g: _alternants(c, side, share) for g, c in per_group.items() if c}
    tops = {g: [c.most_common(1)[0][0]] for g, c in per_group.items() if c}
    for readings in (alternants, tops):
        word = _common_stem(readings, side, is_affix)
        if word is not None:
            return word
    return None


def _common_stem(readings: dict, side: int, is_affix) -> str | None:
    """The longest common inner part (grapheme clusters) of every group's
    readings (group → list), where at least two readings differ and each
    group has one whose remainder is nothing or the template's affix."""
    union = sorted(set().union(*readings.values())) if readings else []
    if len(union) < 2:
        return None
    views = [_clusters(t) if side > 0 else _clusters(t)[::-1] for t in union]
    common = 0
    first = views[0]
    while all(len(v) > common and v[common] == first[common] for v in views):
        common += 1
    if not common:
        return None
    word = "".join(first[:common] if side > 0 else first[:common][::-1])
    for g, texts in readings.items():
        rests = [t[len(word):] if side > 0 else t[:len(t) - len(word)] for t in texts]
        if not any(not rest or is_affix(g, rest) for rest in rests):
            return None
    return word


def _alternants(readings: Counter, side: int, share: float) -> list:
    """A group's readings at one place: its most common one, and, where the
    group alternates (the most common falls short of ``share``), each other
    that is a fair part (``1 - share``) of them and begins (on the inner
    side) with the same grapheme cluster."""
    top, k = readings.most_common(1)[0]
    total = sum(readings.values())
    if k >= share * total:
        return [top]
    head = _clusters(top)[0 if side > 0 else -1]
    return sorted(t for t, j in readings.items()
                  if j >= (1 - share) * total
                  and (_clusters(t)[0] if side > 0 else _clusters(t)[-1]) == head)


def _clusters(text: str) -> list:
    b = graphemes(text)
    return [text[b[k]:b[k + 1]] for k in range(len(b) - 1)]


def glued_run(text: str, pos: int, side: int, spaced: bool) -> str:
    """The word material glued to offset ``pos`` of ``text`` on ``side``
    (-1 before it, +1 after it): the run of :func:`word_char` up to a space
    or punctuation where the script has spaces (``hos`` of ``ranvorpahos.``),
    else the one grapheme cluster there (a syllable of a script without
    spaces runs on into the sentence); '' where nothing is glued."""
    if side > 0:
        end = pos
        while end < len(text) and word_char(text[end]):
            end += 1
        run = text[pos:end]
        if not spaced and run:
            cuts = graphemes(run)
            run = run[:cuts[1]]
        return run
    start = pos
    while start > 0 and word_char(text[start - 1]):
        start -= 1
    run = text[start:pos]
    if not spaced and run:
        cuts = graphemes(run)
        run = run[cuts[-2]:]
    return run


def word_char(ch: str) -> bool:
    """Is ``ch`` part of a word in any script: a letter, a digit, or a
    combining mark?  ``str.isalnum`` (and the ``re`` module's ``\\w``) says
    no to the vowel signs, viramas and tone marks that end most Devanagari,
    Thai or Khmer words (``अच्छा``, ``ผึ้``), so a test on them alone would
    take a word's last letter for a word boundary."""
    return ch.isalnum() or _mark(ch)


def _mark(ch: str) -> bool:
    return unicodedata.category(ch)[0] == "M"


def letters(text: str) -> bool:
    """Is ``text`` one word of letters (combining marks included)?"""
    return bool(text) and all(ch.isalpha() or _mark(ch) for ch in text)


def same_stem(a: str, b: str) -> bool:
    """Two inflected forms of one word (``машину`` / ``машина``): they share a
    stem of at least three letters that is most (60 %) of the longer one."""
    if not (letters(a) and letters(b)):
        return False
    n = len(os.path.commonprefix([a, b]))
    return n >= 3 and n >= 0.6 * max(len(a), len(b))


def edit_tokens(text: str, spaced: bool) -> list:
    """The tokens a corruption drops, doubles, replaces or swaps: whitespace
    words where the script has spaces (``¿Cuál`` is one, whatever its
    punctuation and combining marks), grapheme clusters where it has none."""
    if spaced:
        return text.split()
    cuts = graphemes(text)
    return [text[a:b] for a, b in zip(cuts, cuts[1:]) if not text[a:b].isspace()]


_NONSPACE = re.compile(r"\S+")


def edit_spans(text: str, spaced: bool) -> list[tuple[int, int]]:
    """``(start, end)`` of each of :func:`edit_tokens`' tokens in ``text``."""
    if spaced:
        return [m.span() for m in _NONSPACE.finditer(text)]
    cuts = graphemes(text)
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if not text[a:b].isspace()]


_SLOT = re.compile("(\0[^\1]*\1)")


def frame_parts(field: str) -> list[str]:
    """A frame field's texts and :func:`slot_mark` marks, in order (no empty
    texts)."""
    return [p for p in _SLOT.split(field) if p]


def is_slot_mark(piece: str) -> bool:
    """Is a piece of :func:`frame_parts` a slot's mark?"""
    return _SLOT.fullmatch(piece) is not None


@lru_cache(maxsize=None)
def slot_mark(slot) -> str:
    """A slot written inside a frame string: one token, no spaces.  (Cached:
    a file has a few slots, and every frame of every instance writes them.)"""
    return "\0%s\1" % str(slot).replace(" ", "")


def written_spaced(texts: Iterable[str]) -> bool:
    """Is the script of these texts written with spaces between words (none of
    their letters is of a script that does not; or half of them at least hold
    one and most of their letters are of a script that spaces its words)?
    A script without spaces may still put one between
    sentences (``Maryธื่ฏึฟา่ฑิ่ Johnธื่ฏึอูยั``) or phrases; its letters
    are units of their own (:func:`cut`), and its texts are read as
    unspaced, however many spaces they hold.  Decided once for a group, so
    that a frame whose only space a corruption swallowed into a value is
    still counted in words."""
    texts = list(texts)
    letters = unspaced = 0
    # each distinct character once, with its count (a group's texts repeat a
    # few dozen letters thousands of times)
    seen: Counter = Counter()
    for t in texts:
        seen.update(t)
    for ch, k in seen.items():
        # a letter or a mark: the vowel signs and stacked consonants of an
        # abugida are marks, half its writing (``ថែហុឈុះ``: three letters,
        # four marks), and counting its letters alone let a sentence with two
        # Latin names in it read as spaced
        if unicodedata.category(ch)[0] in "LM":
            letters += k
            unspaced += k * (char_class(ch) == CHAR)
    # (a group of one-word texts, ``{pos_adj}``, shows no spaces to go by: a
    # text with no letter of a script written without them is spaced)
    if letters and not unspaced:
        return True
    return 2 * sum(" " in t for t in texts) >= len(texts) > 0 and 2 * unspaced < letters


def frame_tokens(field: str, spaced: bool, chars: bool = False) -> list:
    """A frame's tokens for counting corruptions (:func:`edit_tokens`), its
    slots written with :func:`slot_mark`: where the script has spaces
    (``spaced``, the group's: :func:`written_spaced`), its whitespace words, a
    slot and the text glued to it being one (``{first_name}sat``); else its
    slots and grapheme clusters, or (``chars``) its slots and code points —
    a corruption that replaces a vowel sign by another character is one edit
    of code points and two of grapheme clusters, one that drops a whole
    cluster the reverse, so an unspaced frame is compared both ways."""
    if spaced:
        return field.split()
    out: list = []
    for k, piece in enumerate(_SLOT.split(field)):
        if k % 2:
            out.append(piece)
        elif chars:
            out.extend(ch for ch in piece if not ch.isspace())
        else:
            out.extend(edit_tokens(piece, False))
    return out


def edit_views(fields: Iterable[str], spaced: bool, separated: bool = False) -> tuple:
    """A frame's tokens (its fields' :func:`frame_tokens`, a ``None`` between
    fields where ``separated``) in each way a corruption is counted: one view,
    words, where the script has spaces; two, grapheme clusters and code
    points, where it has none.  Two frames are one corruption apart when they
    are in some view."""
    fields = list(fields)
    views = []
    for chars in ((False,) if spaced else (False, True)):
        out: list = []
        for k, field in enumerate(fields):
            if k and separated:
                out.append(None)
            out.extend(frame_tokens(field, spaced, chars))
        views.append(tuple(out))
    return tuple(views)


def one_edit(a: Sequence, b: Sequence) -> bool:
    """Do two token sequences differ by one corruption of the kinds real MT
    noise and the benchmark's noise show: a token dropped, doubled, replaced,
    or two neighbours swapped?  (Strings are sequences of characters: a
    reading one character from a word, ``យះៅ`` for ``យៅ``.)"""
    if a == b:
        return False
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        return len(diff) == 1 or _neighbours_swapped(a, b, diff)
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return dropped_at(short, long_) >= 0


def dropped_at(short: Sequence, long_: Sequence) -> int:
    """Where ``long_`` has the one token more that ``short`` lacks (``short``
    is ``long_`` with the token at that index dropped), or -1."""
    if len(long_) - len(short) != 1:
        return -1
    k = 0
    while k < len(short) and short[k] == long_[k]:
        k += 1
    return k if short[k:] == long_[k + 1:] else -1


def swapped(a: Sequence, b: Sequence) -> bool:
    """Is ``a`` ``b`` with two neighbouring tokens swapped, and nothing else
    (the one corruption of :func:`one_edit` that writes no token more, less
    or new)?"""
    return len(a) == len(b) and _neighbours_swapped(
        a, b, [k for k in range(len(a)) if a[k] != b[k]])


def _neighbours_swapped(a: Sequence, b: Sequence, diff: list) -> bool:
    """Given the positions where ``a`` and ``b`` differ, are they two
    neighbours, each holding the other's token?"""
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] \
        and a[diff[1]] == b[diff[0]]


def one_edit_in_a_view(a_views: Sequence, b_views: Sequence) -> bool:
    """Are two texts one corruption (:func:`one_edit`) apart in some way of
    counting their tokens (:func:`edit_views`, view by view)?"""
    return any(one_edit(a, b) for a, b in zip(a_views, b_views))


__all__ = ["Text", "cut", "edit_tokens", "edit_views", "frame_parts", "frame_tokens", "glued_run",
           "graphemes", "is_slot_mark", "one_edit", "same_stem", "slot_mark", "swapped", "written_spaced", "WORD", "CHAR",
           "PUNCT"]
