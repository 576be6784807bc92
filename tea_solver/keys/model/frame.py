"""A group's frame: the units (nearly) every instance shares, in order.

Every instance of a group comes from one source template, so its target is
the group's frame with the values of its slots put in.  The frame is found
without knowing the values: align every instance to a *reference* instance
by longest common subsequence of units; a reference unit matched in at least
``frame_share`` of the instances is frame (a corrupted instance, a frame
variant that only some values take, or a word some values happen to share
falls short of it) -- matched against the whole reference or against its
units that many instances have at all, since a unit of the reference's own
values can tie with a frame unit and take its match.  Every instance is then aligned to that consensus frame,
and the units left over form its *regions*: runs of units between frame
units, each holding the translation of one slot or of several adjacent ones.

Where a frame unit's text is also a value's, the LCS can match either copy:
the alignment kept is the one that leaves fewer runs of other units (a value
is one run), reads a doubled stretch as a corruption only where few
instances show it alike (:func:`_systematic`), and between two readings
with as many runs that differ only in which of two neighbouring copies a
frame unit takes (:func:`_side_by_side`), the one whose runs the group's
other instances show; elsewhere the latest, where each run only it leaves
is seen more often than each run only the earliest leaves (:func:`_dominates`).
Where neither is right -- a value holding a frame unit's text in a template
that writes the unit twice, the first copy matched early and the last late
-- the alignment whose frame units stand between the units the group's
other instances show beside them (:func:`_context_alignment`), where it
fills the gaps as usually and leaves no more runs.
Which gaps between frame units the group's instances fill -- the evidence
most of these choices weigh -- is counted where an instance's alignment is
not in question (its earliest and latest readings agree on the gap): where
most values begin with the text of the frame unit before them, their
earliest readings are not the group's testimony.

The alignments run as one batched dynamic programme per group (numpy), so a
group of 30,000 instances costs a few vectorised passes, not a Python loop
per cell.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Sequence

import numpy as np

from .binomial import chi2_tail


def _lcs_matches(seqs: np.ndarray, lengths: np.ndarray, ref: np.ndarray,
                 glued: Sequence | None = None, by_value: dict | None = None,
                 frame_share: float = 1.0, touching: Sequence | None = None):
    """For every sequence (rows of ``seqs``, padded with -1), the positions a
    longest common subsequence with ``ref`` matches.

    Returns a boolean array shaped like ``seqs`` and, per row, the matched
    reference positions.  Backtracking prefers to skip a sequence unit
    before a reference unit, deterministically.  ``glued`` (per row, per
    unit: does it touch the unit before it), where the script is written
    with spaces: a doubled stretch starts a word.  ``by_value`` (value -> the
    rows that draw it) and ``frame_share``: which doubled stretches too many
    instances show alike to be corruptions (:func:`_systematic`).
    ``touching`` (per row, per unit: no whitespace between it and the unit
    before, in any script): where whitespace stands is context for which
    copy of a unit the frame's is (:func:`_frame_contexts`).
    """
    n, width = seqs.shape
    m = len(ref)
    out = np.zeros((n, width), dtype=bool)
    refpos = np.full((n, width), -1, dtype=np.int64)
    if m == 0 or width == 0:
        return out, refpos
    # table[i][r, j]: LCS of seqs[r, :i] and ref[:j]
    table = np.zeros((width + 1, n, m + 1), dtype=np.int32)
    for i in range(width):
        eq = (seqs[:, i:i + 1] == ref[None, :]) & (seqs[:, i:i + 1] >= 0)
        prev = table[i]
        t = np.maximum(prev[:, 1:], prev[:, :-1] + eq)
        t = np.maximum.accumulate(t, axis=1)
        table[i + 1, :, 1:] = t
    # backtrack each sequence twice — matching each reference unit to its
    # earliest copy, then to its latest — and keep the earliest unless the
    # latest leaves fewer runs of unmatched units (a value that contains a
    # frame unit, ``ဓီဒါဎါ`` before the frame's ``ဒါ``, must not be cut in two
    # by the frame unit's match inside it) without filling the gaps between
    # reference units less as most instances fill them (``Ahmed ផើ ពូំផើ ។``:
    # the value ends in the copula's syllable; matched late, the copula
    # would be the value's last syllable, the name's region would run into
    # the value's and the value's own gap would be empty).  Unless a run the
    # earliest leaves repeats the units just before it (``stark? stark?``):
    # that is a doubled stretch, a corruption, not a value -- where few
    # instances show it alike (:func:`_systematic`)
    # (the backtracking reads single cells: Python lists, not numpy scalars)
    # Each row's table and units are read into Python lists once, for both
    # backtrackings (they were read again for the latest alignment).
    ref_list = ref.tolist()
    earlies, gaps = [], []
    filled = Counter()
    # the alternative: each row's latest alignment, where the earliest leaves
    # runs it could join
    row_runs: list = []                 # per row, its earliest alignment's runs
    lates: dict = {}
    late_gaps: dict = {}                # per row in lates, the gaps its latest fills
    for r in range(n):
        length = int(lengths[r])
        # (the row as Python ints: _repeats compares slices of it, which on a
        # numpy row costs a numpy scalar per unit)
        rows, seq = table[:length + 1, r, :].tolist(), seqs[r, :length].tolist()
        early = _backtrack(rows, seq, ref_list, length, m, False)
        earlies.append(early)
        gaps.append(_filled_gaps(early, length))
        filled.update(gaps[-1])
        runs = _unmatched_runs({i for i, _j in early}, length)
        row_runs.append(runs)
        if len(runs) < 2:
            continue
        late = _backtrack(rows, seq, ref_list, length, m, True)
        lates[r] = (seq, runs, late, _unmatched_runs({i for i, _j in late}, length))
        late_gaps[r] = _filled_gaps(late, length)
    # the gaps most instances fill, counted where the instance's alignment is
    # not in question: a row whose earliest and latest alignments disagree
    # on whether a gap is filled does not vote on it (eight animals in
    # thirteen begin with the article ``မဲ`` and are followed by the frame's
    # particle ``မဲ``: matched early, the frame's copy is the article, and
    # the majority's earliest alignments voted the animal's gap to stand
    # after the particle, the reading the five other animals contradict)
    votes, disputed = Counter(), Counter()
    for r, filled_r in enumerate(gaps):
        moot = filled_r ^ late_gaps[r] if r in late_gaps else set()
        disputed.update(moot)
        votes.update(filled_r - moot)
    usual = {g for g in range(m + 1)
             if (2 * votes[g] > n - disputed[g] if disputed[g] < n else 2 * filled[g] > n)}
    seen: Counter = Counter()           # run texts, over both alternatives of every row

    def counts(seq, runs) -> list:
        if not seen:                    # counted once, where some row asks
            for r, runs_r in enumerate(row_runs):
                if r in lates:
                    seq_r, _runs, _late, late_runs = lates[r]
                    seen.update({tuple(seq_r[a:b + 1]) for a, b in runs_r + late_runs})
                elif runs_r:
                    seq_r = seqs[r, :int(lengths[r])].tolist()
                    seen.update({tuple(seq_r[a:b + 1]) for a, b in runs_r})
        return [seen[tuple(seq[a:b + 1])] for a, b in runs]

    def familiar(seq, runs) -> int:
        return sum(counts(seq, runs))

    chosen, doubled = list(earlies), {}
    for r, (seq, runs, late, late_runs) in lates.items():
        odd_late, odd_early = _odd_gaps(late_gaps[r], usual), _odd_gaps(gaps[r], usual)
        if late == earlies[r] or odd_late > odd_early:
            continue
        # the latest leaves fewer runs, or more runs that fill the gaps as
        # most instances do where the earliest does not, each run of its own
        # one the group's instances show more often than any of the
        # earliest's own (a
        # value whose word is the frame unit after it, *a cow* ``ku`` before
        # the frame's ``ku``: matched early, its own gap is empty and it runs
        # into the next slot's, a run no other value shows; ``有几分抱有希望``,
        # runs seen once either way, keeps the earliest)
        own_late = [x for x in late_runs if x not in runs]
        own_early = [x for x in runs if x not in late_runs]
        if len(late_runs) > len(runs) and not (
                odd_late < odd_early and _more_familiar(counts(seq, own_late),
                                                        counts(seq, own_early))):
            continue
        if len(late_runs) != len(runs):
            reps = _repeated_runs(seq, earlies[r], runs, glued[r] if glued else None)
            if reps:
                doubled[r] = (reps, late)
            else:
                chosen[r] = late
        # as many runs either way, the frame unit matched to one of two copies
        # side by side (a frame unit between two values, one of which ends in
        # its text: ``{s}ဆု{very}`` where seven states end in ``ဆု``): the
        # reading whose runs the group's other instances show more often (the
        # adverb alone, not the adverb with the state's last syllable before
        # it).  Only there: where the alignments differ more (a corrupted
        # copy that doubled a sentence), a run of a common value (a name) is
        # no evidence of where the frame stands
        elif _side_by_side(earlies[r], late) and \
                familiar(seq, late_runs) > familiar(seq, runs):
            chosen[r] = late
        # as many runs either way, where the latest fills the gaps between
        # reference units as most instances do and the earliest does not:
        # a value that begins with a frame unit's text (``ปีเฮา๋``, *really*,
        # before the state, and the frame's ``ปี`` after it): matched early,
        # the adverb's first syllable is the frame's and the gap the group's
        # instances fill with the values stands empty
        elif odd_late < odd_early:
            chosen[r] = late
        # elsewhere, only where each run only the latest leaves is seen more
        # often than each only the earliest leaves, ranked alike: a value
        # holding the frame unit after it (``ល្យោំឃើឝែ`` before the frame's
        # ``ឃើ``) is one run, not cut in two with its end glued to the next
        # slot's; a name run does not outweigh a run seen once
        elif _dominates(counts(seq, own_late), counts(seq, own_early)):
            chosen[r] = late
    # where neither the earliest nor the latest alignment is right -- a value
    # that holds a frame unit's text, in a template that writes the unit
    # twice (``{first_name}ฮึ{animal} {first_name2}ฮึ{vehicle}`` with the
    # animal ``ไอัฌีฮึฉิ``: the first ``ฮึ`` is matched early, the second
    # late) -- the alignment whose frame units stand between the units the
    # group's other instances show beside them (:func:`_context_alignment`),
    # where it fills the gaps as usually and leaves no more runs
    # (not in a row that doubles a stretch few rows double alike
    # (:func:`_systematic`): a corrupted copy, where the units beside a frame
    # unit's copy say nothing of where the frame stands -- ``Robert'za
    # Dohatoło. Dohatoło. …``, whose second full stop stands before a name as
    # the frame's does; the ``អុ អុ`` of the frame's *that* and the *that*
    # of ``{it}``, in every instance that draws it, is no corruption).  The
    # contexts are counted only in a group that has such a row.
    open_rows = [r for r, (seq, _runs, late, _late_runs) in lates.items()
                 if late != earlies[r] and r not in doubled]
    stretches = {r: _doubled_stretches(lates[r][0]) for r in open_rows}
    stretches = {r: d for r, d in stretches.items() if d}
    if stretches:
        alike = _systematic(stretches, n, by_value, frame_share)
        open_rows = [r for r in open_rows if stretches.get(r, frozenset()) <= alike]
    left_of, right_of = _frame_contexts(seqs, lengths, earlies, lates, touching) if open_rows \
        else (Counter(), Counter())
    for r in open_rows:
        seq = lates[r][0]
        weight = _context_weight(seq, left_of, right_of, touching[r] if touching else None)
        best = _context_alignment(seq, ref_list, weight)
        cur = chosen[r]
        if sorted(best) == sorted(cur) or \
                sum(weight(i, j) for i, j in best) <= sum(weight(i, j) for i, j in cur) + 1.0:
            continue
        length = len(seq)
        if _odd_gaps(_filled_gaps(best, length), usual) > _odd_gaps(_filled_gaps(cur, length), usual) \
                or len(_unmatched_runs({i for i, _j in best}, length)) > \
                len(_unmatched_runs({i for i, _j in cur}, length)):
            continue
        chosen[r] = best
    if doubled:
        systematic = _systematic({r: reps for r, (reps, _l) in doubled.items()},
                                 n, by_value, frame_share)
        for r, (reps, late) in doubled.items():
            if reps <= systematic:
                chosen[r] = late
    for r, best in enumerate(chosen):
        for i, j in best:
            out[r, i] = True
            refpos[r, i] = j
    return out, refpos


_START, _END = -2, -3      # the unit "before" a row's first unit and "after" its last
_SPACE = -4                # whitespace beside a unit (:func:`_frame_contexts`)


def _frame_contexts(seqs: np.ndarray, lengths: np.ndarray, earlies: list,
                    lates: dict, touching: Sequence | None = None) -> tuple[Counter, Counter]:
    """How often each unit stands just before and just after each reference
    unit, ``(ref position, unit)``, in the rows whose alignment is not in
    question (their earliest and latest alignments agree); with
    ``touching``, also how often whitespace stands there, ``(ref position,
    (_SPACE, bool))``: in a script without spaces, the space the frame
    writes before its ``អុ`` (*that*) tells it from the ``អុ`` a clause
    value before it holds, whatever the units beside them."""
    left_of, right_of = Counter(), Counter()
    for r, early in enumerate(earlies):
        if r in lates and lates[r][2] != early:
            continue
        length = int(lengths[r])
        seq = seqs[r, :length].tolist()
        for i, j in early:
            left_of[(j, seq[i - 1] if i > 0 else _START)] += 1
            right_of[(j, seq[i + 1] if i + 1 < length else _END)] += 1
            if touching is not None:
                left_of[(j, (_SPACE, _spaced(touching[r], i, length)))] += 1
                right_of[(j, (_SPACE, _spaced(touching[r], i + 1, length)))] += 1
    return left_of, right_of


def _spaced(touching: Sequence, i: int, length: int) -> bool | None:
    """Is there whitespace before unit ``i`` of a row (None at either end)?"""
    return None if i <= 0 or i >= length else not touching[i]


def _doubled_stretches(seq: list, longest: int = 3) -> frozenset:
    """The stretches of up to ``longest`` units the row repeats right after
    themselves."""
    n = len(seq)
    return frozenset(tuple(seq[i:i + k]) for k in range(1, longest + 1)
                     for i in range(n - 2 * k + 1) if seq[i:i + k] == seq[i + k:i + 2 * k])


def _context_weight(seq: list, left_of: Counter, right_of: Counter,
                    touching: Sequence | None = None):
    """``weight(i, j)``: how familiar the units around ``seq[i]`` are beside
    reference unit ``j``, and the whitespace on either side of it where
    ``touching`` is given (log counts of :func:`_frame_contexts`)."""
    last = len(seq) - 1
    length = len(seq)

    def weight(i: int, j: int) -> float:
        w = math.log1p(left_of[(j, seq[i - 1] if i > 0 else _START)]) + \
            math.log1p(right_of[(j, seq[i + 1] if i < last else _END)])
        if touching is not None:
            w += math.log1p(left_of[(j, (_SPACE, _spaced(touching, i, length)))]) + \
                math.log1p(right_of[(j, (_SPACE, _spaced(touching, i + 1, length)))])
        return w
    return weight


def _context_alignment(seq: list, ref: list, weight) -> list:
    """The longest common subsequence of ``seq`` and ``ref`` whose matches
    weigh most (``weight(i, j)`` for matching ``seq[i]`` to ``ref[j]``), as
    (seq position, ref position) pairs, last first: a dynamic programme in
    which a match counts ``BIG`` more than any sum of weights, so the length
    stays the longest and the weights choose among the alignments that have it."""
    n, m = len(seq), len(ref)
    big = 1e6
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        row, up = best[i], best[i - 1]
        for j in range(1, m + 1):
            b = up[j] if up[j] >= row[j - 1] else row[j - 1]
            if seq[i - 1] == ref[j - 1]:
                c = up[j - 1] + big + weight(i - 1, j - 1)
                if c > b:
                    b = c
            row[j] = b
    i, j, pairs = n, m, []
    while i > 0 and j > 0:
        if seq[i - 1] == ref[j - 1] and \
                best[i][j] == best[i - 1][j - 1] + big + weight(i - 1, j - 1):
            pairs.append((i - 1, j - 1))
            i -= 1
            j -= 1
        elif best[i][j] == best[i - 1][j]:
            i -= 1
        else:
            j -= 1
    return pairs


def _dominates(late: list, early: list) -> bool:
    """Is the latest alignment the likelier reading of the row, its runs
    scored as a unigram model of runs would (the product of how many of the
    group's instances show each: ``late``, the runs only it leaves,
    ``early``, those only the earliest leaves; as many either way), where
    each run of its own is one the group shows again?

    A run seen once is no evidence (a name's run does not outweigh it, nor
    does one seen once either way); beyond that the product, not each run
    against each: a value holding the frame's ``ญื`` (*and*) is one run
    and the profession after the frame's copy another, seen in dozens of
    instances each, though the nationality's first word, which the earliest
    match leaves alone, is itself a commoner value."""
    if len(late) != len(early) or not late or min(late) < 2:
        return False
    return math.prod(late) > math.prod(early)


def _more_familiar(late: list, early: list) -> bool:
    """Is each of the runs only the latest alignment leaves seen in more of
    the group's instances than any run only the earliest leaves (counts as
    for :func:`_dominates`, where the two need not be as many)?

    A count both lists hold is taken out of both first, once per pair: a run
    that each alignment cuts from the same material, a frame unit's copy on
    one end or the other (``ဘဲ`` that a state begins with, before the
    frame's own ``ဘဲ``: ``ဘဲဗ္ဟာ…`` or ``ဗ္ဟာ…ဘဲ``), is seen in the same
    instances either way and says nothing about which alignment is right;
    the runs left decide (the adverb's own run, seen in many instances,
    against the state run into the adverb, seen in few).  Where none of the
    earliest's is left, each of the latest's left must be seen again (a
    clause value beginning with the frame's ``អុ``, *that*, before the
    frame's own: matched early, the value runs into the slots after the
    frame's copy, a run seen once; matched late, the value is a run of its
    own, seen wherever it is drawn, and the slots after it another run seen
    once)."""
    late_left, early_left = Counter(late), Counter(early)
    both = late_left & early_left
    late_left, early_left = late_left - both, early_left - both
    return bool(late_left) and min(late_left) > (max(early_left) if early_left else 1)


def _side_by_side(early: list, late: list) -> bool:
    """Do two alignments (:func:`_backtrack`'s pairs) differ only in where
    some reference units are matched, each to one of two neighbouring
    copies of it (one per sentence where two states end in the frame's
    syllable)?"""
    e = {j: i for i, j in set(early) - set(late)}
    l_ = {j: i for i, j in set(late) - set(early)}
    return bool(e) and e.keys() == l_.keys() and all(abs(e[j] - l_[j]) == 1 for j in e)


def _repeated_runs(seq: list, pairs: list, runs: list, glued: Sequence | None) -> frozenset:
    """The runs of unmatched units an alignment (``pairs``) leaves that repeat
    the units just before them (:func:`_repeats`), each as (the reference
    position matched last before it, its units)."""
    ref_at = dict(pairs)
    out = set()
    for a, b in runs:
        if _repeats(seq, a, b, glued):
            before = max((ref_at[i] for i in range(a) if i in ref_at), default=-1)
            out.add((before, tuple(seq[a:b + 1])))
    return frozenset(out)


def _systematic(repeats: dict, n: int, by_value: dict | None, frame_share: float) -> set:
    """Of the doubled stretches the rows show (``repeats``: row -> its
    stretches, :func:`_repeated_runs`), those that are not corruptions.

    A corruption doubles a unit of one instance at random, so it is a
    stretch few instances show alike: no more than the ``1 - frame_share``
    of the group the frame itself allows to be corrupted or to differ, and
    not every instance of one value (twice or more, ``frame_share`` of them:
    what :func:`frame_units` asks of a unit that depends on a value).  A
    stretch shown more often is text that repeats the unit beside it: a
    value that ends in the frame's next syllable (``…တာံဆု`` before the
    frame's ``ဆု``), whose last syllable, read as a doubling, went to the
    frame and left the frame's own to the value."""
    count: Counter = Counter(k for reps in repeats.values() for k in reps)
    out = {k for k, c in count.items() if c > (1.0 - frame_share) * n}
    if by_value is not None:
        for rows in by_value.values():
            if len(rows) < 2:
                continue
            shown = Counter(k for r in rows for k in repeats.get(r, ()))
            out.update(k for k, c in shown.items()
                       if c >= 2 and c >= frame_share * len(rows))
    return out


def _filled_gaps(pairs: list, length: int) -> set:
    """The gaps between reference units (gap ``g``: before reference unit
    ``g``; the last, after them all) an alignment (:func:`_backtrack`'s
    pairs, last first) puts unmatched units in."""
    out, last_i, g = set(), -1, 0
    for i, j in reversed(pairs):
        if i > last_i + 1:
            out.add(g)
        last_i, g = i, j + 1
    if last_i < length - 1:
        out.add(g)
    return out


def _odd_gaps(filled: set, usual: set) -> int:
    """How many gaps an alignment fills where most instances leave them empty
    or leaves empty where most fill them (``usual``: the gaps most fill;
    both sets of gaps ``0 … m``, as :func:`_filled_gaps` numbers them, so
    the gaps at odds are their symmetric difference)."""
    return len(filled ^ usual)


def _repeats(seq, a: int, b: int, glued: Sequence | None = None) -> bool:
    """Do units ``a..b`` (inclusive) of ``seq`` (a list of unit ids) repeat the
    as many units before them?
    With ``glued`` (a script with spaces), only as whole words: a corruption
    doubles words, and ``lö`` glued to a value by a hyphen (``šosü-lö lö``)
    is the value's, before the frame's own ``lö``."""
    k = b - a + 1
    if a < k or seq[a - k:a] != seq[a:b + 1]:
        return False
    return glued is None or not (glued[a] or glued[a - k])


def _backtrack(table, seq, ref, i: int, j: int, late: bool) -> list:
    """One longest common subsequence of ``seq`` and ``ref`` as (seq
    position, ref position) pairs: each reference unit matched as early in
    the sequence as the LCS allows, or (``late``) as late.  ``table[i][j]``:
    the LCS length of ``seq[:i]`` and ``ref[:j]``."""
    pairs = []
    # the table's rows i and i - 1, looked up again only when i moves
    row, up = (table[i], table[i - 1]) if i > 0 else (None, None)
    while i > 0 and j > 0:
        cur = row[j]
        if late and seq[i - 1] == ref[j - 1] and up[j - 1] + 1 == cur:
            pairs.append((i - 1, j - 1))
            i -= 1
            j -= 1
        elif cur == up[j]:
            i -= 1
        elif cur == row[j - 1]:
            j -= 1
            continue
        else:
            pairs.append((i - 1, j - 1))
            i -= 1
            j -= 1
        if i > 0:
            row, up = up, table[i - 1]
    return pairs


def _unmatched_runs(matched: set, length: int) -> list:
    """The maximal runs of unmatched positions of a sequence, ``(first, last)``
    (``matched``: positions below ``length``): the gaps between the matched
    positions, read off them in order rather than by testing every position."""
    runs: list = []
    start = 0
    for i in sorted(matched):
        if i > start:
            runs.append((start, i - 1))
        start = i + 1
    if start < length:
        runs.append((start, length - 1))
    return runs


def _pad(seqs: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    lengths = np.array([len(s) for s in seqs], dtype=np.int64)
    width = int(lengths.max()) if len(seqs) else 0
    arr = np.full((len(seqs), width), -1, dtype=np.int64)
    for r, s in enumerate(seqs):
        arr[r, :len(s)] = s
    return arr, lengths


def frame_units(seqs: Sequence[Sequence[int]], frame_share: float,
                values: Sequence[Sequence] | None = None,
                glued: Sequence[Sequence[bool]] | None = None,
                alpha: float = 0.01,
                touching: Sequence[Sequence[bool]] | None = None) -> list[list[bool]]:
    """Per sequence (unit ids of one field of each instance), which units are frame.

    ``frame_share``: the share of instances a reference unit must be matched
    in to be frame (the rest is noise, variants and coincidences).
    ``values``: per instance, the values of its slots.  A unit that most
    instances have but that the instances of some value lack (twice or more,
    and in ``frame_share`` of them or more: a corrupted instance drops or
    moves a frame word at random, so two of a rare value's four instances can
    lack it by chance) depends on that value: the word three of
    four intensifiers share (``hơi``), the copula only some states take
    (``だ``).  It is no frame unit: it stays with the values, and the file
    decides where it belongs (:mod:`.forms`).  One instance without it is no
    evidence (a corrupted instance drops a frame word just as well).  Which
    instances lack a unit is read against the units most instances match
    (the frame candidates), not the whole reference, whose own values can
    tie with a frame unit and take its match.  A unit whose absence the
    values of a slot predict (:func:`_value_bound`, at significance
    ``alpha``) is in most instances only because values bring copies of it,
    and the frame is read again without it.  ``glued``: per sequence, which units touch the one before
    (given where the script has spaces; :func:`_repeats`); ``touching``: the
    same in any script (context for which copy of a unit the frame's is in
    the final alignment, :func:`_frame_contexts`).
    """
    if not seqs:
        return []
    arr, lengths = _pad(seqs)
    n = len(seqs)
    # document frequency of each unit id
    df: dict = {}
    for s in seqs:
        for u in set(s):
            df[u] = df.get(u, 0) + 1
    need = frame_share * n

    # the reference shows the group's most common skeleton (its units most
    # instances have, in order): a corrupted instance's skeleton is rare, and
    # a doubled frame word in the reference would split the word's matches
    # between its two copies, leaving both below ``need``
    skeleton = [tuple(u for u in s if df[u] >= need) for s in seqs]
    modal = Counter(skeleton)
    # with the skeleton's places filled as most instances fill them: a swap
    # that moves a value's word past the final full stop keeps the skeleton
    # and the length, but fills the place after the stop, and as a reference
    # it would pull the other instances' matches onto that word
    filled = [_filled_places(s, df, need) for s in seqs]
    arrangement = Counter(zip(skeleton, filled))
    # and, among those, the most common length (a word dropped or doubled
    # changes it)
    by_length = Counter(len(s) for s in seqs)

    def score(r):
        return (modal[skeleton[r]], arrangement[(skeleton[r], filled[r])], len(skeleton[r]),
                by_length[len(seqs[r])], -r)

    ref_row = max(range(n), key=score)
    ref = arr[ref_row, :lengths[ref_row]]
    by_value: dict | None = None     # value -> the rows that draw it
    if values is not None:
        by_value = {}
        for r, vs in enumerate(values):
            for v in set(vs):
                by_value.setdefault(v, []).append(r)
    # reference units found to come with values (:func:`_value_bound`): the
    # frame is read again without them
    live = np.ones(len(ref), dtype=bool)
    while True:
        idx = np.flatnonzero(live)
        _matched, refpos = _lcs_matches(arr, lengths, ref[idx], glued, by_value, frame_share)
        counts = np.bincount(refpos[refpos >= 0], minlength=len(idx))
        keep = np.zeros(len(ref), dtype=bool)
        keep[idx] = counts >= need
        # a unit most instances have (its document frequency reaches ``need``)
        # that falls short against the whole reference is counted again against
        # the reference's such units alone: a unit of the reference's own value
        # ties with it where an instance's value holds that unit before it (the
        # reference's adverb ends in ``နေး``, seven states of twenty do too, and
        # in their instances the adverb's ``နေး`` took the match from the
        # particle ``ဎိ`` after the state: matched in 221 instances of 300, the
        # particle was no frame unit, and the intensifier slot of the groups that
        # have it took the particle as the words that translate it)
        common = [int(j) for j in idx if df[int(ref[j])] >= need]
        if len(common) < len(idx) and not all(keep[j] for j in common):
            _m, common_pos = _lcs_matches(arr, lengths, ref[common], glued, by_value,
                                          frame_share)
            again = np.bincount(common_pos[common_pos >= 0], minlength=len(common))
            for k, j in enumerate(common):
                keep[j] = keep[j] or again[k] >= need
        final = final_pos = None        # the matches against ref[keep], once known
        if by_value is not None and keep.any():
            # which instances lack a unit is read against the candidate frame
            # alone: against the whole reference, a value's unit the reference
            # happens to show (``သူ`` of its adverb) can take the match from a
            # frame unit it ties with (the ``ပဲ`` before it), in every instance
            # of a value that shows the same unit
            #
            # An instance lacks a candidate only where no longest alignment with
            # the candidate frame matches it (:func:`_matchable`): the one the
            # batch keeps may match a neighbour it ties with instead (``du`` in
            # every instance of a group, where *a tractor* writes ``pum`` and
            # the article ``fu`` most vehicles take after ``du`` is a candidate:
            # the animal's ``fu`` before ``du`` matches as well as ``du`` does,
            # the earlier match was kept, and ``du`` looked as missing for *a
            # tractor* as a word the value selects)
            cand = np.flatnonzero(keep)
            cand_units = [int(u) for u in ref[cand]]
            cand_matched, candpos = _lcs_matches(arr, lengths, ref[cand], glued, by_value,
                                                 frame_share)
            for k, j in enumerate(cand):
                has = (candpos == k).any(axis=1)
                for rows in by_value.values():
                    missing = len(rows) - int(has[rows].sum())
                    if missing >= 2 and missing >= frame_share * len(rows):
                        # (read again where the batch's alignment said so)
                        missing = sum(1 for r in rows if not has[r] and not (
                            cand_units[k] in seqs[r] and _matchable(seqs[r], cand_units, k)))
                    if missing >= 2 and missing >= frame_share * len(rows):
                        keep[j] = False
                        break
            if keep.sum() == len(cand):     # no candidate dropped: those are the matches
                final, final_pos = cand_matched, candpos
                text_count = Counter(cand_units)

                def lacks(r: int, k: int) -> bool:
                    # (no longest alignment matches it, or the row writes its
                    # text fewer times than the candidates do: then some copy
                    # goes unmatched, whichever a longest alignment picks)
                    u = cand_units[k]
                    return seqs[r].count(u) < text_count[u] or \
                        not (u in seqs[r] and _matchable(seqs[r], cand_units, k))
                bound = _value_bound(candpos, len(cand), by_value, alpha, lacks)
                if bound is not None:
                    live[cand[bound]] = False
                    continue
        break
    frame = ref[keep]
    if len(frame) == 0:
        return [[False] * len(s) for s in seqs]
    if final is None or touching is not None:
        # (whitespace is context for the final alignment only: which
        # candidates the values bring is read without it -- copies of one
        # unit tie, and which of them a row leaves unmatched must not depend
        # on where the spaces stand)
        final, final_pos = _lcs_matches(arr, lengths, frame, glued, by_value, frame_share,
                                        touching)
    if glued is not None:
        _moved_frame_units(arr, lengths, frame, final, final_pos)
    return [final[r, :lengths[r]].tolist() for r in range(n)]   # Python bools


def _value_bound(candpos: np.ndarray, n_cand: int, by_value: dict, alpha: float,
                 lacks) -> int | None:
    """The candidate frame unit whose absence depends most on the values, or
    None where no absence does.

    A frame unit is missing from an instance only where a corruption dropped
    or moved it: at random, whatever the instance's values.  A unit whose
    absence the values of a slot predict -- a G-test of independence
    between the slot's value and the unit's absence (:func:`.binomial.
    chi2_tail`) below ``alpha``, Bonferroni-corrected over every candidate
    and slot tested -- is there only where values bring it: the ``I`` that
    ``{i}`` writes for half its draws and *that I am from Brazil* brings
    after *that* for a third of the others, missing from 48 of the 99
    instances that draw *we* and from none of the rest; the second ``អុ``
    (*that*) of a Khmer sentence, missing where the clause value holds none
    (*it's a Tuesday*, *my history with airplanes*) unless ``{it}`` is
    *that*.  Counted as a frame unit it ties with the frame's own units (the
    comma before the frame's *that*, left unmatched where the clause's
    *that I* matched instead) and the value loses its words to the frame.
    The rule that drops a unit the instances of a value (nearly) always
    lack (in :func:`frame_units`) sees none of this: each value lacks it
    only in some of its instances, as the values of another slot decide.
    Two missing instances of one value at least: one is no evidence.
    ``n_cand``: how many candidates ``candpos`` (:func:`_lcs_matches`'
    reference positions) counts.  ``lacks(row, k)``: does the row really
    lack candidate ``k`` where the batch's alignment left it unmatched (it
    may have matched a neighbour the unit ties with), asked where a slot's
    test is significant.
    """
    n = candpos.shape[0]
    by_slot: dict = {}
    for v, rows in by_value.items():
        # (a lexical value's slot is its first two fields, :mod:`.source`;
        # values of another shape are one slot's)
        by_slot.setdefault(v[:2] if isinstance(v, tuple) else None, []).append(rows)
    best, best_p = None, alpha / (n_cand * max(1, len(by_slot)))
    for k in range(n_cand):
        missing = ~(candpos == k).any(axis=1)
        if int(missing.sum()) < 2:
            continue
        read_again = False
        for parts in by_slot.values():
            p = _independence(parts, missing)
            if p < best_p and not read_again:
                rows = np.flatnonzero(missing)
                missing = missing.copy()
                missing[rows] = [lacks(int(r), k) for r in rows]
                read_again = True
                p = _independence(parts, missing)
            if p < best_p:
                best, best_p = k, p
    return best


def _independence(parts: list, missing: np.ndarray) -> float:
    """The G-test's p-value that ``missing`` (per row) does not depend on
    which part of ``parts`` (the rows drawing each value of one slot) a row
    is in; 1.0 where no value lacks it twice."""
    counts = [(int(missing[rows].sum()), len(rows)) for rows in parts]
    if max(m for m, _ in counts) < 2 or len(counts) < 2:
        return 1.0
    total = sum(d for _, d in counts)
    lacking = sum(m for m, _ in counts)
    if lacking == 0 or lacking == total:
        return 1.0
    g = 0.0
    for m, d in counts:
        for o, share in ((m, lacking / total), (d - m, 1.0 - lacking / total)):
            if o:
                g += o * math.log(o / (d * share))
    return chi2_tail(2.0 * g, len(counts) - 1)


def _lcs_table(a: Sequence, b: Sequence) -> list:
    """``t[i][j]``: the length of a longest common subsequence of ``a[i:]``
    and ``b[j:]``."""
    t = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            t[i][j] = t[i + 1][j + 1] + 1 if a[i] == b[j] else max(t[i + 1][j], t[i][j + 1])
    return t


def _matchable(seq: Sequence, frame: Sequence, k: int) -> bool:
    """Does some longest common subsequence of ``seq`` and ``frame`` match
    ``frame[k]``?"""
    after = _lcs_table(seq, frame)
    before = _lcs_table(seq[::-1], frame[::-1])     # before[i][j]: seq[:n-i], frame[:m-j]
    n, m = len(seq), len(frame)
    best = after[0][0]
    return any(seq[p] == frame[k] and before[n - p][m - k] + 1 + after[p + 1][k + 1] == best
               for p in range(n))


def _filled_places(seq: Sequence[int], df: dict, need: float) -> tuple:
    """Which places around the skeleton units of ``seq`` (units at least
    ``need`` instances have) hold other units: before the first, between
    each two, after the last."""
    out, run = [], False
    for u in seq:
        if df[u] >= need:
            out.append(run)
            run = False
        else:
            run = True
    out.append(run)
    return tuple(out)


def _moved_frame_units(arr: np.ndarray, lengths: np.ndarray, frame: np.ndarray,
                       final: np.ndarray, final_pos: np.ndarray) -> None:
    """Mark as frame, in place, a frame word an instance has out of order.

    A word the frame writes once, that an instance lacks in its place and
    shows once elsewhere unmatched (``Ši fibil e litfa?`` against ``Ši e
    fibil {adj}?``: a swap), is that frame word moved, not a word of the
    value beside it; the instance's frame is then a corrupted copy (or a
    word-order variant) of the group's.  Only in scripts written with
    spaces, where a unit is a word: a character of an unspaced script is
    too often a value's own as well.
    """
    counts = Counter(frame.tolist())
    for r in range(len(arr)):
        length = int(lengths[r])
        matched = {int(j) for j in final_pos[r, :length] if j >= 0}
        missing = {int(frame[j]) for j in range(len(frame))
                   if j not in matched and counts[int(frame[j])] == 1}
        if not missing:
            continue
        loose: dict = {}
        for i in range(length):
            u = int(arr[r, i])
            if not final[r, i] and u in missing:
                loose.setdefault(u, []).append(i)
        for u, where in loose.items():
            if len(where) == 1:
                final[r, where[0]] = True
