"""Step 1, alignment-guided, in scripts written without spaces (ja, zh, th …).

Every character is a token there (:func:`tea_solver.tokenize.is_char_token`),
and values share characters all the time (``メアリー`` / ``アフメド``), so few
characters predict one value and the word-level absorption of
:mod:`tea_solver.keys.align` does not apply.  These rules take its place:

* :func:`_drop_stray_runs`: a value the source shows once has one span; a
  piece of it found inside another value goes back;
* :func:`_grow_char_spans`: a span grows over the characters its value always
  has at that edge, and at most half the lexicon shares;
* :func:`_partition_char_gaps`: the text between two spans is shared out
  between the two values and the frame (what every instance has is frame;
  what comes with one value joins it; what varies for the same value is a
  variant of the frame).

Every rule acts on character tokens only, so word scripts are untouched.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from tea_solver.keys.align import CONSISTENT, EDGE, Draw, _runs, _source_count, _Stats
from tea_solver.tokenize import is_char_token

SHARED_CHARS = 3        # values that may share a character
MAX_GROW_ROUNDS = 16    # passes of character growth (each grows a span by one)
CLUSTER_GAP = 6         # unlabelled characters that may split one value's span


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
