"""Where each source slot's translation lies in each target: co-variation.

Within a group the frame (:mod:`.frame`) is what every instance shares; the
units left over are the translations of the slots.  Which slot a left-over
unit translates is told by co-variation over the whole file: a unit ``u``
belongs to the value ``v`` of its instance that it *identifies* —
``P(v | u, v's lexicon drawn)`` is at least ``params.predicts`` — so a name's
units belong to the name, ``hào hứng`` to *excited*, an agreement form
(``умеренным``) to *mildly*, while an article ``un`` or a preposition ``với``
that several values share identifies none and is *undecided*: whether it
joins a value is :mod:`.edges`' decision.  Rates, not "every time / never"
rules: a corrupted instance moves them by 1/n.

A region (a run of left-over units between frame units) usually holds one
value; where the source puts two slots side by side (``{very} {s}``) it holds
two, and the units between them that neither value owns are *undecided*:
:mod:`.forms` places them by what the values read elsewhere in the file.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import permutations
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from .frame import frame_units
from .params import ModelParams
from .source import Occurrence, source_positions
from .units import Text, one_edit, written_spaced


@dataclass
class Piece:
    """The units of one field of one instance that co-vary with one occurrence
    (its *core*: the units the value claims, and undecided units between them)."""

    occ: Occurrence
    field: int
    first: int          # first unit
    last: int           # last unit (inclusive)


@dataclass
class GroupRegions:
    """What co-variation says about one group."""

    texts: list                 # per instance: tuple of Text, one per field
    occs: list                  # per instance: list of Occurrence
    frame: list                 # per instance, per field: list of bool (unit is frame)
    pieces: list = field(default_factory=list)   # per instance: list of Piece
    unplaced: list = field(default_factory=list)  # per instance: occurrences without units


def _bitset(indices: Sequence[int], n: int) -> int:
    """Instance indices as a Python int with those bits set (fast & / popcount)."""
    arr = np.zeros(n, dtype=bool)
    arr[list(indices)] = True
    return int.from_bytes(np.packbits(arr, bitorder="little").tobytes(), "little")


class FileStats:
    """Unit ↔ lexical value co-occurrence over a whole file, as instance bitsets.

    A lexical value is the same in every group (:mod:`.source`), so counting
    over the file lets a value drawn twice in a small group, both times
    beside the same neighbour, still be told apart from it.
    """

    def __init__(self, texts: Sequence[tuple], occs: Sequence[list],
                 frames: Sequence[list] | None = None):
        by_unit: dict = defaultdict(list)
        by_val: dict = defaultdict(list)
        by_slot: dict = defaultdict(list)
        # where a value's translation can be: the units outside its
        # instance's frame (``frames``, per instance per field, as
        # :func:`group_frame`; without them, every unit)
        by_loose: dict = defaultdict(list)
        loose_counts: list = []         # per instance: its units outside the frame, counted
        for i, (fields, os) in enumerate(zip(texts, occs)):
            for u in {u for t in fields for u in t.units}:
                by_unit[u].append(i)
            if frames is not None:
                c = Counter(u for t, flags in zip(fields, frames[i])
                            for u, is_frame in zip(t.units, flags) if not is_frame)
                loose_counts.append(c)
                for u in c:
                    by_loose[u].append(i)
            vals = {o.lexval for o in os}
            for v in vals:
                by_val[v].append(i)
            for s in {v[:2] for v in vals}:
                by_slot[s].append(i)
        n = len(texts)
        self.unit = {u: _bitset(ix, n) for u, ix in by_unit.items()}
        self.loose = {u: _bitset(ix, n) for u, ix in by_loose.items()} \
            if frames is not None else self.unit
        # (unit, slot) -> the instances whose every copy of the unit outside
        # the frame another slot's value brings (:func:`_explained_copies`):
        # for that slot's values the unit is not there
        self.gone = _explained_copies(loose_counts, occs) if frames is not None else {}
        self.val = {v: _bitset(ix, n) for v, ix in by_val.items()}
        self.slot = {s: _bitset(ix, n) for s, ix in by_slot.items()}
        self.by_slot_values: dict = defaultdict(list)
        for v in sorted(self.val, key=repr):
            self.by_slot_values[v[:2]].append(v)
        self._cache: dict = {}
        self._unexplained: dict = {}     # value -> bitset (not in _cache: a unit
        #                                  may be any string, a key any shape)
        # claims() per (unit, value, alike) and other_reading() per (unit, value,
        # "other"), for the parameters last asked with (:meth:`_with_params`)
        self._claims: dict = {}
        self._rows: dict = {}            # claims() per (units, value, alike flags)
        self._claims_params = None

    def comes_with(self, u: str, v: tuple, among: int | None = None) -> float:
        """``P(u | v) − P(u | another value of v's lexicon)``: the unit is
        there when the value is, and not when another value is drawn.
        ``among``: as for :meth:`lift`."""
        if among is not None:
            return self._contrast(self.unit.get(u, 0), self.val.get(v, 0), v[:2], among)
        key = ("c", u, v)
        got = self._cache.get(key)
        if got is None:
            got = self._contrast(self.unit.get(u, 0), self.val.get(v, 0), v[:2])
            self._cache[key] = got
        return got

    def brought(self, u: str, v: tuple) -> float:
        """:meth:`comes_with` over the copies outside the frame
        (:attr:`loose`), where those another slot's value brings are not the
        unit's for the values of ``v``'s slot (:attr:`gone`): whether
        the value claims a unit of its region.  *that I am from Brazil* writes
        the *I* of ``{i}``, and where half the ``{neutral}`` values hold it,
        the *I* is there in half the instances of *we*: counted, it no longer
        told *I* apart, and ``{i}`` claimed nothing.  (Only the claims ask
        it: which unit identifies a value (:meth:`predicts`) and the other
        readings keep the plain rates -- an article three animals write
        tells no vehicle apart where one vehicle alone takes it.)"""
        bu = self.loose.get(u, 0)
        gone = self.gone.get((u, v[:2]))
        if gone:
            bu &= ~gone
        return self._contrast(bu, self.val.get(v, 0), v[:2])

    def _rates(self, bu: int, bv: int, slot: tuple, among: int | None = None) -> tuple:
        """``(P(u | values bv), P(u | the slot's other values))`` on bitsets
        (the first over ``among`` where given)."""
        rest = self.slot.get(slot, 0) & ~bv
        if among is not None:
            bv = among
        nv, nr = bv.bit_count(), rest.bit_count()
        return ((bu & bv).bit_count() / nv if nv else 0.0,
                (bu & rest).bit_count() / nr if nr else 0.0)

    def _contrast(self, bu: int, bv: int, slot: tuple, among: int | None = None) -> float:
        """``P(u | values bv) − P(u | the slot's other values)`` (:meth:`_rates`)."""
        mine, other = self._rates(bu, bv, slot, among)
        return mine - other

    def lift(self, u: str, v: tuple, among: int | None = None) -> float:
        """``P(u | v) / P(u | another value of v's lexicon)`` (inf where the
        other values never show the unit): how many times likelier the value
        makes the unit.  ``among``: the instances of ``v`` to count ``P(u | v)``
        over (a bitset; default all of them)."""
        mine, other = self._rates(self.unit.get(u, 0), self.val.get(v, 0), v[:2], among)
        return mine / other if other else (float("inf") if mine else 0.0)

    def loose_lift(self, u: str, v: tuple, among: int | None = None) -> float:
        """:meth:`lift` counting the unit only where it stands outside its
        instance's frame: how many times likelier the value makes the unit
        where a value's translation can be.  A word the frame writes in every
        instance of a group (``mı``, the copula closing *X has a Y and a Z*)
        is there whatever value is drawn; where a value writes the same word
        (*a guinea pig*, ``dur mı``, in that group), only the value's copy
        counts."""
        mine, other = self._rates(self.loose.get(u, 0), self.val.get(v, 0), v[:2], among)
        return mine / other if other else (float("inf") if mine else 0.0)

    def unexplained(self, v: tuple, params: ModelParams) -> int:
        """The instances of ``v`` (a bitset) that show none of the units that
        identify it (:meth:`predicts` at least ``params.predicts``).

        A value read in two ways, by agreement (``nınnokna`` beside one class
        of states, ``nınnok`` beside the other), is identified by one reading
        while the other is a word other values share (``nınnok bonka``): over
        all its instances the shared word is only a little likelier with it,
        but over the instances its identifying reading does not explain, it
        is there every time.  Rates over these instances tell what the value
        reads where it reads otherwise.  Empty (0) where they are fewer than
        ``1 − params.predicts`` of the value's instances: those are
        exceptions, not a reading."""
        got = self._unexplained.get(v)
        if got is None:
            bv = self.val.get(v, 0)
            slot = self.slot.get(v[:2], 0)
            explained = 0
            for bu in self.unit.values():
                if _share(bu, bv, slot) >= params.predicts:
                    explained |= bu
            got = bv & ~explained
            if got.bit_count() < (1 - params.predicts) * bv.bit_count():
                # a handful left unexplained are exceptions (a corrupted
                # instance garbles the identifying reading), not a reading:
                # rates over them would be rates over noise
                got = 0
            self._unexplained[v] = got
        return got

    def claims(self, units: Sequence[str], v: tuple, params: ModelParams,
               alike: Sequence[bool]) -> list:
        """How strongly value ``v`` claims each of ``units`` (with its
        ``alike`` flag), in order (0: not at all).

        Any evidence suffices: the unit comes with the value
        (:meth:`comes_with`, so a preposition five states take is theirs at
        this stage, and :mod:`.edges` decides whether it stays), it
        identifies the value (:meth:`predicts`: an agreement form, which comes
        with its value only part of the time; :meth:`identifies`, where
        ``alike``: the word a few values translated alike share), or it comes
        with the value wherever the value's identifying readings are not
        (:meth:`unexplained`): the value's other reading, whose text another
        value's word glued to a template's ending also reads (``ñoma`` of
        *an interpreter*, ``o ñoma čet``, where the templates that glue
        ``ma`` write ``ličü-ñoma`` for *an analyst* more often than
        ``ñomama`` shows *an interpreter*'s), so that over the file it
        neither identifies the value nor comes with it most of the time.
        A row at a time, one cache look-up per unit: :func:`_place` asks it
        of every unit of every region.  Whole rows are cached too: the
        instances of a value show the same region again and again (a file
        asks some 60,000 rows, fewer than 8,000 of them distinct).  Each call
        returns a list of its own."""
        cache = self._with_params(params)
        row_key = (tuple(units), v, tuple(alike))
        row = self._rows.get(row_key)
        if row is None:
            row = []
            for u, al in zip(units, alike):
                key = (u, v, al)
                got = cache.get(key)
                if got is None:
                    got = cache[key] = self._claim(u, v, params, al)
                row.append(got)
            self._rows[row_key] = row
        return list(row)

    def _with_params(self, params: ModelParams) -> dict:
        """The cache of :meth:`claims` and :meth:`other_reading`, for the
        parameters last asked with (and :meth:`claims`' rows, ``_rows``)."""
        if params is not self._claims_params:
            self._claims_params, self._claims, self._rows = params, {}, {}
        return self._claims

    def _claim(self, u: str, v: tuple, params: ModelParams, alike: bool) -> float:
        if v[2] == "":
            # a value drawn as the empty string (``{change}`` = ``""``) writes
            # nothing, so it claims nothing: in a noisy file the units it
            # happens to come with (a copy of the frame's first word doubled
            # by a corruption, ``Ju Ju a we …``) took the frame's word and
            # split every group that draws it (``_place_empty`` gives it its
            # empty span where the slot stands)
            return 0.0
        c, p = self.comes_with(u, v), self.predicts(u, v)
        if c >= params.comes_with or p >= params.predicts:
            return max(c, p)
        # counting the copies outside the frames, where a value's translation
        # can be, and setting aside those other slots' values bring
        # (:meth:`brought`: *that* of ``{the}`` after ``…, that {i} hate``, in
        # a file whose frames mostly write ``that`` -- counted anywhere, it is
        # in nearly every instance and comes with no value; *I* of ``{i}``,
        # which frames like *I think {it} …* write too), a unit there
        # whenever the value is drawn and (nearly) never otherwise is the
        # value's as surely as one that identifies it.  (Not
        # one that comes with it a little more than with the others: the
        # article ``hü`` of *a cow*, which the vehicle beside it often brings,
        # set aside comes with *a cow* more than with the other animals, as
        # a class article does, and took its core from the word ``fö``)
        b = self.brought(u, v)
        if b >= params.predicts:
            return b
        if alike and self.reads(u, v, params):
            # the word of a few values translated alike (``hơi`` for three
            # intensifiers), in a region beside another value's words: theirs,
            # as weakly as it tells them apart -- not a word a few values
            # happen to come with where some of them have words of their own
            # (the frame's *than*, ``ภิ๊``, left out of a group's frame, beside
            # the three comparatives the file draws mostly in that group)
            return p
        if c > 0:
            return self.other_reading(u, v, params)
        return 0.0

    def other_reading(self, u: str, v: tuple, params: ModelParams) -> float:
        """How strongly the unit comes with the value over the value's
        instances that its identifying readings do not explain
        (:meth:`unexplained`; 0 where it does not come with it there, or is
        not twice as likely with it, as :func:`_weak_claims` asks): a unit
        of the value's other reading, which identifies the value where it
        is read (:func:`_place` makes it the core's, not an article the
        value shares with others beside it).  Cached: :func:`_place` asks it
        again of every unit a value claims, to find the core."""
        cache = self._with_params(params)
        key = (u, v, "other")
        got = cache.get(key)
        if got is None:
            got = cache[key] = self._other_reading(u, v, params)
        return got

    def _other_reading(self, u: str, v: tuple, params: ModelParams) -> float:
        among = self.unexplained(v, params)
        bv = self.val.get(v, 0)
        if not among or (bv & ~among).bit_count() < (1 - params.predicts) * bv.bit_count():
            # no reading identifies the value, or one does in a handful of
            # instances only (a corruption made a unit it alone shows): the
            # value has no reading the unit could be the other one of, and
            # the rates over (nearly) all its instances are :meth:`comes_with`'s
            return 0.0
        ca = self.comes_with(u, v, among)
        return ca if ca >= params.comes_with and self.lift(u, v, among) >= 2 else 0.0

    def identifies(self, u: str, v: tuple, params: ModelParams) -> bool:
        """Does the unit tell the value apart — alone (:meth:`predicts`), or as
        the word of a few values translated alike (*happy* and *pleased* both
        ``доволен``): the values that come with it every time are at most
        ``params.alike``, it predicts one of them, and it comes with them and
        not with the lexicon's other values, of which there are some
        (:meth:`comes_with` for the set: a frame word every value of a small
        lexicon comes with tells none apart, ``that`` beside *the* / *this* /
        *that*)?"""
        if self.predicts(u, v) >= params.predicts:
            return True
        key = ("i", u, v)
        got = self._cache.get(key)
        if got is None:
            bu = self.unit.get(u, 0)
            values = self.by_slot_values.get(v[:2], ())
            alike = self._alike(u, v, params)
            together = 0
            for w in alike:
                together |= self.val[w]
            got = v in alike and len(alike) <= params.alike and len(alike) < len(values) and \
                sum(self.predicts(u, w) for w in alike) >= params.predicts and \
                self._contrast(bu, together, v[:2]) >= params.comes_with
            self._cache[key] = got
        return got

    def reads(self, u: str, v: tuple, params: ModelParams) -> bool:
        """Is the unit the value's reading: it identifies the value alone
        (:meth:`predicts`), or it is the word of values translated alike
        (:meth:`identifies`) none of which has a unit of its own
        (:meth:`_has_own_unit`)?  A word a few values share where some of
        them have words of their own (the preposition three states select,
        ``ฆั``, after ``ใดา๊ฑาแฝุเญึฎื`` and ``ใญาฅา่เญึฎื``; the frame's *than*,
        ``ภิ๊``, left out of a group's frame, beside the comparatives the
        file draws mostly in that group) tells them apart, but is no reading
        of the one among them whose syllables other values write too
        (``เญึฎื``): a value claims it as its reading (:meth:`claims`), takes
        it for its core (:func:`_place`) and keeps it as its own word
        (:func:`trim_place_words`) only where it reads so.  Where a value
        stands in its group, any unit that identifies it decides
        (:func:`group_regions`: *an escort*, ``งึพิ๋อั``, whose ``อั`` *an
        author* writes beside a syllable of its own).  Cached with
        :meth:`claims`: :func:`_place` and :func:`trim_place_words` ask it
        of every unit of a region."""
        cache = self._with_params(params)
        key = (u, v, "reads")
        got = cache.get(key)
        if got is None:
            got = cache[key] = self.predicts(u, v) >= params.predicts or (
                self.identifies(u, v, params)
                and not any(self._has_own_unit(w, params) for w in self._alike(u, v, params)))
        return got

    def _alike(self, u: str, v: tuple, params: ModelParams) -> list:
        """The values of ``v``'s lexicon that come with the unit (nearly)
        every time they are drawn (``params.predicts`` of their instances)."""
        bu = self.unit.get(u, 0)
        return [w for w in self.by_slot_values.get(v[:2], ())
                if self.val[w].bit_count()
                and (bu & self.val[w]).bit_count() >= params.predicts * self.val[w].bit_count()]

    def _has_own_unit(self, v: tuple, params: ModelParams) -> bool:
        """Does some unit identify ``v`` alone (:meth:`predicts`), in a fair
        share of its instances (a unit one corrupted copy made identifies
        its value by chance)?"""
        key = ("own", v)
        got = self._cache.get(key)
        if got is None:
            bv = self.val.get(v, 0)
            got = False
            if bv:
                slot = self.slot.get(v[:2], 0)
                n = bv.bit_count()
                for u, bu in self.unit.items():
                    if (bu & bv).bit_count() >= params.predicts * n / 2 and \
                            _share(bu, bv, slot) >= params.predicts:
                        got = True
                        break
            self._cache[key] = got
        return got

    def shared(self, u: str, v: tuple, params: ModelParams) -> bool:
        """Does another value of ``v``'s lexicon, drawn twice at least, come
        with the unit (nearly) every time it is drawn (``params.predicts`` of
        its instances)?  Then the unit is a word the values share (a
        preposition both select), not one that tells ``v`` apart."""
        key = ("s", u, v)
        got = self._cache.get(key)
        if got is None:
            bu = self.unit.get(u, 0)
            got = False
            for w in self.by_slot_values.get(v[:2], ()):
                bw = self.val[w]
                n = bw.bit_count()
                if w != v and n >= 2 and (bu & bw).bit_count() >= params.predicts * n:
                    got = True
                    break
            self._cache[key] = got
        return got

    def predicts(self, u: str, v: tuple) -> float:
        """``P(v | u, v's lexicon slot drawn)``: how well the unit identifies the
        value among the values of its lexicon.  An agreement form
        (``умеренным``) identifies its value although the value often reads
        otherwise; a word several values share (``hơi``, ``với``) or a frame
        word identifies none."""
        key = (u, v)
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = _share(self.unit.get(u, 0), self.val.get(v, 0),
                                            self.slot.get(v[:2], 0))
        return got


def _explained_copies(loose: Sequence[Counter], occs: Sequence[list]) -> dict:
    """``(unit, slot) -> bitset`` of the instances where every copy of the unit
    outside the frame is one that the values of other slots bring.

    Co-variation counts a unit as there or not.  A slot's value can write the
    word of another slot's value: *all that I've seen over the years*
    writes the ``that`` and the ``the`` of ``{it}`` (*this* / *that* /
    *the*), and *that I am from Brazil* the *I* of ``{i}``; where half the
    ``{neutral}`` values hold ``ju``, ``ju`` is there in half the instances
    of *this* and *the* too, and no longer tells *that* apart.  What a value
    brings is what each of its instances shows outside its frame (the
    multiset intersection, over two instances at least: one instance cannot
    tell a value's units from its neighbours').  Where the values of the
    other slots bring as many copies of a unit as an instance shows outside
    its frame, the unit is theirs there: for this slot's values it is not
    there (:meth:`FileStats.brought`).  ``loose``: per instance, its units
    outside the frame, counted."""
    brings: dict = {}
    seen: Counter = Counter()
    for c, os in zip(loose, occs):
        for v in {o.lexval for o in os}:
            seen[v] += 1
            brings[v] = c.copy() if v not in brings else brings[v] & c
    brings = {v: c for v, c in brings.items() if seen[v] >= 2 and c}
    out: dict = defaultdict(list)
    for i, (c, os) in enumerate(zip(loose, occs)):
        vals = {o.lexval for o in os}
        if not any(v in brings for v in vals):
            continue
        for s in {v[:2] for v in vals}:
            by_others: Counter = Counter()
            for v in vals:
                if v[:2] != s and v in brings:
                    by_others.update(brings[v])
            for u, k in by_others.items():
                if 0 < c[u] <= k:
                    out[(u, s)].append(i)
    n = len(loose)
    return {key: _bitset(ix, n) for key, ix in out.items()}


def _share(bu: int, bv: int, slot: int) -> float:
    """Of the instances that show the unit (``bu``) and draw the slot, the
    share that draw the value (``bv``): :meth:`FileStats.predicts` on bitsets."""
    both = (bu & slot).bit_count()
    return (bu & bv).bit_count() / both if both else 0.0


def group_frame(texts: Sequence[tuple], occs: Sequence[list], params: ModelParams) -> list:
    """Per instance, per field: which units are the group's frame
    (:func:`.frame.frame_units`, from the group's texts alone)."""
    n_fields = len(texts[0]) if texts else 0
    frame = [[None] * n_fields for _ in texts]
    for f in range(n_fields):
        vocab: dict = {}
        seqs = [[vocab.setdefault(u, len(vocab)) for u in t[f].units] for t in texts]
        values = [[o.lexval for o in os] for os in occs]
        touching = [t[f].glued for t in texts]
        glued = touching if written_spaced(t[f].text for t in texts) else None
        for i, flags in enumerate(frame_units(seqs, params.frame_share, values, glued,
                                               params.noise_alpha, touching)):
            frame[i][f] = flags
    return frame


def group_regions(texts: Sequence[tuple], occs: Sequence[list], stats: FileStats,
                  params: ModelParams, sources: Sequence | None = None,
                  frame: list | None = None) -> GroupRegions:
    """Frame, regions and the occurrence each region unit translates, for one
    group (``frame``: :func:`group_frame`'s, where the caller has it)."""
    if frame is None:
        frame = group_frame(texts, occs, params)
    out = GroupRegions(list(texts), list(occs), frame)
    orders, tied = [], []
    core_tied: list = []
    redo: list = []
    part_tied: list = []
    for i, (fields, os, fr) in enumerate(zip(texts, occs, frame)):
        order = {}
        if sources is not None:
            pos = source_positions(os, sources[i])
            order = {o: pos.get(o, (0, 0, 0))[:2] for o in os}
        orders.append(order)
        ties: list = []
        cut_ties: list = []
        pieces, unplaced = _place(fields, os, fr, stats, params, order, ties=ties,
                                  core_ties=core_tied, part_ties=cut_ties)
        out.pieces.append(pieces)
        out.unplaced.append(unplaced)
        tied.append(bool(ties))
        part_tied.append(bool(cut_ties))
        if core_tied:
            redo.append(i)
            core_tied = []
    # two values in one region whose orders cut it alike stand in the order
    # the group's other instances show their slots in
    before = _slot_order(out, [not t for t in part_tied]) if any(part_tied) else None
    # a value with no unit of its own whose region writes one unit twice
    # (``su su``: the article and the noun's case form, both ``su``) has its
    # own copy where the slot's other values have theirs in the group
    core_at = _core_offsets(out) if redo else None
    for i in sorted(set(redo) | {i for i, t in enumerate(part_tied) if t}):
        out.pieces[i], out.unplaced[i] = _place(texts[i], occs[i], frame[i], stats, params,
                                                orders[i], core_at=core_at, before=before)
    if any(tied):
        # a value that claims two regions alike (it is seen once in the file,
        # and a corruption put an unknown word where a frame word was) is
        # where the group's other instances have that slot: between the same
        # frame units
        where = _slot_contexts(out)
        for i in (i for i, t in enumerate(tied) if t):
            out.pieces[i], out.unplaced[i] = _place(
                texts[i], occs[i], frame[i], stats, params, orders[i], where=where,
                core_at=core_at, before=before)
    # a slot stands between the same frame units in (nearly) every instance of
    # its group: a value whose core is elsewhere, with no unit there that
    # identifies it, while it claims units where its slot stands too, is
    # placed there (``ri aña kakı``: *open*, whose word other states share,
    # claims its class word ``ri`` more, but every state of the group stands
    # after ``aña``).  A value with a unit of its own stays where it is: the
    # frame's word can be matched at the value's copy of it
    # ... and so is a value whose core is elsewhere, where that took the
    # region of a value now left without a core, and a unit where its slot
    # stands identifies it too (``Linda est actrice. Linda est
    # pakistanaise.``: the feminine ``pakistanaise`` stood beside *an
    # actress* in all six of its instances, so it identified the profession
    # as fully as the nationality, and the profession took it from the
    # nationality, leaving its own ``actrice``)
    contexts = _piece_contexts(out)
    where = _slot_contexts(out, contexts)
    usual = _usual_contexts(where, params.predicts)

    def identified(v: tuple, units: Sequence[str]) -> bool:
        return any(stats.identifies(u, v, params) for u in units)
    for i, (fields, fr, pieces, ctxs) in enumerate(zip(texts, frame, out.pieces, contexts)):
        home: dict = defaultdict(set)
        # (the regions of the instance by context, once asked for)
        by_context: dict | None = None
        coreless = len({id(q.occ) for q in pieces}) < len(occs[i])
        for p, ctx in zip(pieces, ctxs):
            v = p.occ.lexval
            if usual.get(p.occ.place, ctx) == ctx:
                continue
            if identified(v, fields[p.field].units[p.first:p.last + 1]):
                if not coreless:
                    continue
                if by_context is None:
                    by_context = {_context(fields, fr, f, a, b): (f, a, b)
                                  for f in range(len(fields)) for a, b in _regions(fr[f])}
                there = by_context.get(usual[p.occ.place])
                if there is None:
                    continue
                f, a, b = there
                if not identified(v, fields[f].units[a:b + 1]):
                    continue
            home[v].add(usual[p.occ.place])
        if home:
            out.pieces[i], out.unplaced[i] = _place(
                fields, occs[i], fr, stats, params, orders[i], where=where, home=home,
                core_at=core_at, before=before)
    return out


def _slot_order(gr: "GroupRegions", counted: Sequence[bool]) -> Counter:
    """``(place a, place b)`` → in how many of the ``counted`` instances a
    value of slot place ``a`` stands before one of ``b`` in the same region."""
    out: Counter = Counter()
    for fr, pieces, ok in zip(gr.frame, gr.pieces, counted):
        if not ok:
            continue
        by_region: dict = defaultdict(list)
        for p in pieces:
            by_region[(p.field, _region_of(fr[p.field], p.first, p.last))].append(p)
        for ps in by_region.values():
            ps.sort(key=lambda p: p.first)
            for x in range(len(ps)):
                for y in range(x + 1, len(ps)):
                    out[(ps[x].occ.place, ps[y].occ.place)] += 1
    return out


def _core_offsets(gr: "GroupRegions") -> dict:
    """Per place of a slot in the group, how many units the cores of its
    values end before the end of their region, where at least half of the
    group's instances agree (a noun after its article: 0)."""
    seen: dict = defaultdict(Counter)
    for fr, pieces in zip(gr.frame, gr.pieces):
        for p in pieces:
            _a, b = _region_of(fr[p.field], p.first, p.last)
            seen[p.occ.place][b - p.last] += 1
    out = {}
    for place, counts in seen.items():
        offset, n = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        if 2 * n >= sum(counts.values()):
            out[place] = offset
    return out


def _usual_contexts(where: dict, share: float) -> dict:
    """Per place of a slot, the frame units its value's region stands between
    in at least ``share`` of the group's instances (``where``,
    :func:`_slot_contexts`; places with no such context are left out)."""
    usual = {}
    for place, seen in where.items():
        ctx, n = min(seen.items(), key=lambda kv: (-kv[1], repr(kv[0])))
        if n >= share * sum(seen.values()):
            usual[place] = ctx
    return usual


def trim_place_words(groups: Sequence["GroupRegions"], stats: FileStats,
                     params: ModelParams, mass=None) -> int:
    """Leave to the edge decisions the agreeing word every value has beside it.

    A value with a unit of its own has a core from its first to its last
    identifying unit; a value with none (``bık``, the last word of other
    states) has the units it claims, and the agreeing word its class takes
    before it (``van`` / ``šıt``, one of them before every state) comes with
    it as much as its own word does.  Over the file, per lexicon and side:
    where the values with units of their own have a word that is not the
    frame's beside their cores (nearly, ``params.predicts``) every time, drawn
    from a few words — the words the place chooses from, most common first,
    until they stand beside that share of the cores — a core edge of a value
    with no unit of its own that is one of those words, beside two other
    values, and not the value's whole core in two groups (in half its cores
    there, not in a few corrupted ones), is the place's word, not the
    value's: it is cut off the value's cores in every group, and
    :mod:`.edges` decides it as it does beside every other value.  Where both
    edges of a core are such words, the one the file's alignment gives less to
    the value's own source words goes first (``mass(g, i, piece, k)``: the
    posterior mass of unit ``k`` of the piece on them; left first without
    one): the class word every state takes one of (``ไกี``), not the first
    word three states share that is all of a fourth (``เฉื๋``).  At the
    core's own edges, before either is cut, the word of the tighter place
    goes first: the side whose paradigm has fewer words (two prepositions
    after the states, not the adverbs' last syllables and a first syllable
    several states share before them) — the alignment's masses are close
    there, and noise tips them (seed 44, ``th``: 0.30 against 0.31).  Once a
    side is cut, the word next in stands at no place the paradigms describe
    (the value's own last syllable, which other states end in, where the
    class word after it is gone), and the alignment decides.  (``tedü``
    of ``čö tedü tın``, the word five values share after their article, is
    the whole core where ``tın`` takes a case ending: it stays, or the value
    would start at different units in different groups; so does ``vivek`` of
    ``vivek do``, *a cow*, where another template's case ending makes
    ``vivek dın`` a core with a unit of its own: a word at the edge of the
    value's own cores twice or more is the value's.)
    Returns how many cores changed."""
    def own(fields, p) -> bool:
        units = fields[p.field].units[p.first:p.last + 1]
        return any(stats.reads(u, p.occ.lexval, params) for u in units)

    beside: dict = defaultdict(set)     # (lexicon, side, unit) -> values
    words: dict = defaultdict(Counter)  # (lexicon, side) -> non-frame neighbours
    seen: Counter = Counter()           # (lexicon, side) -> cores with their own unit
    loose = []
    lone: Counter = Counter()           # (group, value, unit): cores that are the unit alone
    cores: Counter = Counter()          # (group, value): the value's cores in the group
    owned: Counter = Counter()          # (value, side, unit): edges of its cores with a unit of its own
    for g, gr in enumerate(groups):
        for i, (fields, frame, pieces) in enumerate(zip(gr.texts, gr.frame, gr.pieces)):
            for p in pieces:
                units = fields[p.field].units
                lex = p.occ.lexval[:2]
                cores[(g, p.occ.lexval)] += 1
                if p.first == p.last:
                    lone[(g, p.occ.lexval, units[p.first])] += 1
                if not own(fields, p):
                    if p.last > p.first:
                        loose.append((g, i, fields, p))
                    continue
                if p.last > p.first:
                    owned[(p.occ.lexval, -1, units[p.first])] += 1
                    owned[(p.occ.lexval, 1, units[p.last])] += 1
                for side, k in ((-1, p.first - 1), (1, p.last + 1)):
                    seen[(lex, side)] += 1
                    if 0 <= k < len(units) and not frame[p.field][k]:
                        words[(lex, side)][units[k]] += 1
                        beside[(lex, side, units[k])].add(p.occ.lexval)
    # per lexicon and side, the few words that together stand beside (nearly)
    # every core: the paradigm the place chooses from (none where they fall short)
    # -- and the rarer words that stand beside two values' cores or more too:
    # the class word only four states of twenty take (``jü``) is one of the
    # place's words however many the two commoner ones cover (a stray word a
    # corruption put in stands beside one)
    paradigm: dict = {}
    for key, counts in words.items():
        chosen, total = set(), 0
        for u, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            if total >= params.predicts * seen[key]:
                if len(beside[(*key, u)]) >= 2:
                    chosen.add(u)
                continue
            chosen.add(u)
            total += n
        paradigm[key] = chosen if total >= params.predicts * seen[key] else set()

    def whole_in(counts: Counter) -> Counter:
        # (value, unit) -> the groups where the unit is the value's reading:
        # its whole core in half its cores there at least.  Groups, not
        # instances: corruptions that dropped the value's own word leave the
        # class word alone in a few instances (three of eleven of *happy*'s in
        # one group, seed 67 ``mix-all``), a reading is every instance's
        out: Counter = Counter()
        for (g, v, u), n in counts.items():
            if 2 * n >= cores[(g, v)]:
                out[(v, u)] += 1
        return out

    alone = whole_in(lone)

    def place_word(v: tuple, side: int, u: str) -> bool:
        # (a whole core in one group is no evidence: a corrupted instance
        # that lost the value's own word, where the value is drawn once,
        # leaves the class word alone)
        return u in paradigm.get((v[:2], side), ()) and alone[(v, u)] < 2 and \
            owned[(v, side, u)] < 2 and len(beside[(v[:2], side, u)] - {v}) >= 2

    # where both edges of a core are place words, the one the alignment gives
    # less to the value's own source words goes first (its mean posterior
    # mass over the value's loose cores; ``mass(g, i, piece, k)``), so a value
    # made of a word others share and its class word keeps the shared word
    shown: dict = defaultdict(list)
    if mass is not None:
        for g, i, fields, p in loose:
            units = fields[p.field].units
            for k in range(p.first, p.last + 1):
                shown[(p.occ.lexval, units[k])].append(mass(g, i, p, k))

    def own_share(v: tuple, u: str) -> float:
        got = shown.get((v, u))
        return sum(got) / len(got) if got else 0.0

    def trim(units, p) -> tuple[int, int, bool]:
        """The core's bounds once its place words are cut, and whether no
        cut needed the alignment to choose a side."""
        v = p.occ.lexval
        first, last, sure = p.first, p.last, True
        while last > first:
            cut_first = place_word(v, -1, units[first])
            cut_last = place_word(v, 1, units[last])
            if cut_first and cut_last:
                # at the core's own edges, the word of the tighter place
                # first (the class word among the two its values take one
                # of, not the first word of some values among the last
                # words of the slot before them); once a side is cut, its
                # next word stands at no place the paradigms describe, and
                # the alignment says
                left, right = len(paradigm[(v[:2], -1)]), len(paradigm[(v[:2], 1)])
                if (first, last) == (p.first, p.last) and left != right:
                    cut_first = left < right
                else:
                    cut_first = own_share(v, units[first]) <= own_share(v, units[last])
                    sure = False
            if cut_first:
                first += 1
            elif cut_last:
                last -= 1
            else:
                break
        return first, last, sure

    # a word that the value's cores are, whole, once the place words that
    # no choice of side cut are gone, is the value's as much as one that is
    # whole from the start: *upbeat* is ``โจั`` with the preposition ``ณิ``
    # after it in sixty-six cores, and the last syllable of six other states;
    # where an intensifier's class ending ``ไงื๋`` stands before it too, both
    # edges are place words, and the alignment, choosing, kept the ending
    # (a template of its own for *upbeat* in every group with an
    # intensifier).  The whole cores are counted again with those cuts, and
    # the cores trimmed again with the count.
    bounds = [trim(fields[p.field].units, p) for _g, _i, fields, p in loose]
    whole = lone + Counter((g, p.occ.lexval, fields[p.field].units[first])
                           for (g, _i, fields, p), (first, last, sure) in zip(loose, bounds)
                           if sure and first == last)
    more = whole_in(whole)
    if any(alone[key] < 2 <= n for key, n in more.items()):
        alone = more
        bounds = [trim(fields[p.field].units, p) for _g, _i, fields, p in loose]
    changed = 0
    for (_g, _i, _fields, p), (first, last, _sure) in zip(loose, bounds):
        if (first, last) != (p.first, p.last):
            p.first, p.last = first, last
            changed += 1
    return changed


def canonical_cores(groups: Sequence["GroupRegions"], share: float = 0.75) -> int:
    """Cut each core down to its value's core where it holds it.

    A core runs from the first to the last unit that identifies its value,
    and which units identify it is a file-wide rate that a word's written
    shape can tip: ``fö`` alone identifies *historian* where one template
    writes ``wošo-fö šel``, while ``föłö`` elsewhere is another unit, so
    that core is ``wošo-fö`` in one group and ``wošo`` in three.  The edge
    decisions (:mod:`.edges`) are made per value and position from the
    core outward, pooled over the groups, so a core that differs between
    groups puts different units at the same position (``šel`` in one group
    where the others show ``-``) and no position agrees.  A value has one
    form in the file: where a core contains the value's core on unit
    bounds, it is cut down to it, and the units cut off are decided at the
    edge like everyone else's.

    The value's core (:func:`_consensus`) is the longest text that (nearly)
    every one of its cores contains (``share``: ``params.affix_share``, the
    share of a value's readings that carry what a template glues on).  A
    template's glued prefix makes one unit of prefix and value (``panrım``)
    in two groups, while another template's suffix glues to the value's last
    piece (``rım-fašo``) in two others: the value's core is ``rım``, so the
    units after it (``-``, ``fa``) stand at the same depths in every group;
    and where two templates write a case ending behind a hyphen
    (``čes-u``), however many instances they hold, the core of the others
    (``čes``) is the value's.  Only a core that holds the
    value's core on unit bounds is cut: ``rö-fa jine`` is inside
    ``panrö-fa jine`` and ``rö-fa jinešo`` but on the bounds of neither, and
    stays.  Returns how many cores changed."""
    counts: dict = defaultdict(Counter)
    for gr in groups:
        for fields, pieces in zip(gr.texts, gr.pieces):
            for p in pieces:
                counts[p.occ.lexval][_core_text(fields, p)] += 1
    modal = {v: _consensus(_without_copies(c), share) for v, c in counts.items()}
    changed = 0
    for gr in groups:
        for fields, pieces in zip(gr.texts, gr.pieces):
            for p in pieces:
                best = modal[p.occ.lexval]
                own = _core_text(fields, p)
                if best is None or own == best or best not in own:
                    continue
                hit = next(_spans_of(fields[p.field], p.first, p.last, best), None)
                if hit is not None:
                    p.first, p.last = hit
                    changed += 1
    return changed


def _without_copies(counts: Counter) -> Counter:
    """A value's cores less those read once that are one corruption
    (:func:`.units.one_edit`, letters) from a core read twice or more: a
    corrupted copy is no reading of the value.  Counted, four copies in a
    noisy file -- a letter replaced in two, two swapped in another, the
    fourth where its corrupted syllable no longer identified the value and
    the core shrank to the first -- left *nicer*'s ``ဓါံပ္ဓား`` in eleven
    of fifteen cores, under ``share``, and its core became ``ပ္ဓား``: its
    first syllable went to the edge, decided with the one question whose
    corruption replaced that syllable's vowel sign."""
    common = [t for t, k in counts.items() if k >= 2]
    return Counter({t: k for t, k in counts.items()
                    if k >= 2 or not any(one_edit(t, c) for c in common)})


def _consensus(counts: Counter, share: float) -> str | None:
    """A value's core text, from its cores (``counts``: core text -> how
    many): the longest text at least ``share`` of them contain (ties by how
    many contain it, then by text), or None.  Where all or nearly all read
    alike, that reading; where a template glues material on in some groups
    (``rım-fašo``, ``čes-u``), what the others read too (``rım``, ``čes``).
    (Two forms of a value, ``морская свинка`` / ``морскую свинку``, share
    only a stem that no core has on unit bounds: no core is cut.)  The
    answer lies inside one of the most common texts that together hold more
    than ``1 - share`` of the cores: the rest are too few to hold it alone."""
    total = sum(counts.values())
    ranked = counts.most_common()
    held, texts = 0, []
    for text, k in ranked:
        texts.append(text)
        held += k
        if held > (1 - share) * total:
            break
    for size in range(max(len(t) for t in texts), 0, -1):
        found = {t[i:i + size] for t in texts for i in range(len(t) - size + 1)}
        scored = []
        for s in found:
            n = sum(k for text, k in ranked if s in text)
            if n >= share * total:
                scored.append((n, s))
        if scored:
            return max(scored)[1]
    return None


def _core_text(fields, p: Piece) -> str:
    """The text of a piece's core."""
    t = fields[p.field]
    return t.text[t.starts[p.first]:t.ends[p.last]]


def _spans_of(t, first: int, last: int, text: str):
    """The unit bounds ``(a, b)`` within ``first..last`` of field text ``t``
    whose text is ``text``, by their first unit."""
    for a in range(first, last + 1):
        hit = next((b for b in range(a, last + 1) if t.text[t.starts[a]:t.ends[b]] == text),
                   None)
        if hit is not None:
            yield a, hit


def _region_of(flags: Sequence[bool], a: int, b: int) -> tuple[int, int]:
    """The region (maximal run of non-frame units) that holds units ``a..b``."""
    while a > 0 and not flags[a - 1]:
        a -= 1
    while b + 1 < len(flags) and not flags[b + 1]:
        b += 1
    return a, b


def solo_cuts(groups: Sequence["GroupRegions"]) -> int:
    """Cut two values that share a region where each ends when it stands alone.

    Where a value has a region of its own (frame units on both sides), co-
    variation fixes its core; where the source puts two slots side by side
    (``{very} {s}``), the cut between them is inferred, and a unit that
    identifies one value only because that value's agreement class has one
    member — the ending every adverb takes before *enthusiastic* and before
    no other state — is read as that value's although the value never shows
    it standing alone (``ษีฃา้ไบิฑื๋`` in the same instance).  The value's
    reading where it stands alone is its form: where most of its lone cores
    read one text, twice or more (one lone reading may be a corrupted
    copy's), and a core that shares its region holds that text, the core is
    cut down to it on the side that faces the neighbouring value
    (the side facing the frame stays: a value's edge there is the frame's
    business), and the units cut off are decided at the edge
    (:mod:`.edges`, :func:`.forms.agreement_gaps`) like any material
    between two values.  Returns how many cores changed."""
    alone: dict = defaultdict(Counter)
    shared = []
    for gr in groups:
        for fields, frame, pieces in zip(gr.texts, gr.frame, gr.pieces):
            by_region: dict = defaultdict(list)
            for p in pieces:
                by_region[(p.field, _region_of(frame[p.field], p.first, p.last))].append(p)
            for ps in by_region.values():
                if len(ps) == 1:
                    alone[ps[0].occ.lexval][_core_text(fields, ps[0])] += 1
                else:
                    shared.append((fields, sorted(ps, key=lambda p: p.first)))
    changed = 0
    for fields, ps in shared:
        for j, p in enumerate(ps):
            counts = alone.get(p.occ.lexval)
            if not counts:
                continue
            best, k = counts.most_common(1)[0]
            own = _core_text(fields, p)
            if own == best or k < 2 or 2 * k <= sum(counts.values()) or best not in own:
                continue
            # only the sides facing a neighbour may move: the first value's
            # left edge and the last one's right edge stay
            hit = next(((a, b) for a, b in _spans_of(fields[p.field], p.first, p.last, best)
                        if (j > 0 or a == p.first) and (j < len(ps) - 1 or b == p.last)),
                       None)
            if hit is not None:
                p.first, p.last = hit
                changed += 1
    return changed


def _context(fields, frame, f: int, a: int, b: int, spans: list | None = None) -> tuple:
    """The frame units just outside region ``a..b`` of field ``f`` (None at an
    edge of the field), and how many regions before it in the field stand
    between the same two: a template that writes one frame twice
    (``{first_name}ဃာ{animal}ရာံ။ {first_name1}ဃာ{vehicle}ရာံ။``) has two
    places with the same neighbours, told apart by their order.  ``spans``:
    :func:`_regions` of the field, where the caller has them (it asks for
    every piece of an instance, and the field's regions are the same)."""
    units = fields[f].units
    flags = frame[f]

    def neighbours(a: int, b: int) -> tuple:
        return (units[a - 1] if a > 0 and flags[a - 1] else None,
                units[b + 1] if b + 1 < len(units) and flags[b + 1] else None)

    here = neighbours(a, b)
    if spans is None:
        spans = _regions(flags)
    before = sum(1 for x, y in spans if y < a and neighbours(x, y) == here)
    return (f, *here, before)


def _piece_contexts(gr: "GroupRegions") -> list[list[tuple]]:
    """Per instance, the :func:`_context` of each piece's region (each
    field's regions listed once per instance, not once per piece)."""
    out = []
    for fields, fr, pieces in zip(gr.texts, gr.frame, gr.pieces):
        spans: dict = {}
        row = []
        for p in pieces:
            f = p.field
            got = spans.get(f)
            if got is None:
                got = spans[f] = _regions(fr[f])
            row.append(_context(fields, fr, f, *_region_of(fr[f], p.first, p.last), got))
        out.append(row)
    return out


def _slot_contexts(gr: "GroupRegions", contexts: list | None = None) -> dict:
    """Per place of a slot in the group's template, how often its value's
    region stands between which frame units (``contexts``:
    :func:`_piece_contexts` of ``gr``, where the caller has them)."""
    where: dict = defaultdict(Counter)
    for pieces, ctxs in zip(gr.pieces, contexts or _piece_contexts(gr)):
        for p, ctx in zip(pieces, ctxs):
            where[p.occ.place][ctx] += 1
    return where


def _regions(flags: Sequence[bool]) -> list[tuple[int, int]]:
    """Maximal runs of non-frame units, as (first, last) inclusive."""
    out, start = [], None
    for k, is_frame in enumerate(list(flags) + [True]):
        if not is_frame and start is None:
            start = k
        elif is_frame and start is not None:
            out.append((start, k - 1))
            start = None
    return out


def _place(fields, occs: Sequence[Occurrence], frame, stats: FileStats,
           params: ModelParams, src_order: dict | None = None, ties: list | None = None,
           where: dict | None = None, home: dict | None = None,
           core_ties: list | None = None, core_at: dict | None = None,
           before: Counter | None = None, part_ties: list | None = None
           ) -> tuple[list, list]:
    """The core of each occurrence of one instance.

    Each region is cut into contiguous segments, one per occurrence that
    claims units there, in the order and at the cuts that give its units to
    the occurrences claiming them most (a dynamic programme; a region holds
    one to four values).  Contiguity matters in scripts without spaces,
    where values share characters (``信`` in ``信じられないほど`` and in
    ``自信満々``): the segment, not each character's best claimant, decides.
    An occurrence's core is its segment from its first to its last unit that
    *identifies* the value — or is its other reading, where the value's
    identifying readings are not (:meth:`FileStats.other_reading`) — else
    that comes with it: what a value shares with others — an article, a
    preposition five states take — stays outside, for :mod:`.edges` to
    decide alike for every value.  An
    occurrence that claims nothing anywhere (three intensifiers translated
    alike) takes a region nobody claims, when there are as many as such
    occurrences.  Two regions a value claims alike go to the one that stands
    where its slot stands in the group's other instances (``where``,
    :func:`_slot_contexts`); without ``where``, such a tie is reported in ``ties``.
    ``home`` (value -> contexts, :func:`_context`): the regions standing
    there come first for that value, whatever it claims elsewhere
    (:func:`group_regions`).  An occurrence whose segment has no unit that
    identifies it or that it claims keeps the unit that tells it most, not
    the segment's first: the article every value of the slot shares tells
    none of them, nor does one that another value of its lexicon comes with
    every time (:meth:`FileStats.shared`: *a cow* ``hü fe`` keeps ``fe``,
    which five animals and vehicles end in, not its class's article).  One that claims only such words, which its lexicon's
    other values come with every time (an article half of them take), takes
    in too the units of its segment that it makes twice as likely where
    they stand loose: its own word, which other values end in as well.  Told over the instances its identifying readings leave
    unexplained (:meth:`FileStats.lift` over :meth:`FileStats.unexplained`;
    over all its instances where they explain it everywhere or nowhere, the
    same order as :meth:`FileStats.predicts`): *a dog*, ``di ri`` in the
    accusative, is ``di ro`` elsewhere, ``ro`` also the article of other
    animals, and where ``ri`` is missing ``ro`` is there every time --
    over all its instances the article ``di``, in every one, told it a
    little more.  Where two units tell it alike (one unit written twice:
    ``su su``, the article and the noun's case form), the one that stands
    where the slot's values end their cores in the group (``core_at``,
    :func:`_core_offsets`) is its own; without ``core_at``, the first, and
    the occurrence is reported in ``core_ties``.

    Where a region holds several values and two orders of them cut it
    equally well, the order the group's instances show those slots in
    wins (``before``, :func:`_slot_order`), then the source's: *mildly
    open* is ``momajum jipeki manmumo``, where ``manmumo`` -- the form of
    *mildly* that *open* alone selects -- claims *open* as fully as
    ``momajum``, and the source's order gave *open* the last word.
    Without ``before``, such a tie is reported in ``part_ties``.
    """
    src_order = src_order or {}
    regions = [(f, a, b) for f, t in enumerate(fields) for a, b in _regions(frame[f])]
    # a word the instance's frame writes elsewhere, seen again in a region,
    # is that word again or a value's own (``that`` beside *the* = *that*),
    # not the word a few values of another slot are translated alike by
    framed = {u for f, t in enumerate(fields) for u, is_frame in zip(t.units, frame[f])
              if is_frame}
    score = {}
    per_region: dict = defaultdict(list)    # lexval -> its scores in each region, in order
    per_rank: dict = defaultdict(list)      # the same, less the units another value claims more
    tops: list = []                         # per region, per unit: the strongest claim, how many make it
    for r, (f, a, b) in enumerate(regions):
        units = fields[f].units
        alike = [u not in framed for u in units[a:b + 1]]
        # (occurrences of one value share one list: nothing below mutates it)
        of_value: dict = {}
        for o in occs:
            sc = of_value.get(o.lexval)
            if sc is None:
                sc = of_value[o.lexval] = stats.claims(units[a:b + 1], o.lexval, params,
                                                       alike)
                per_region[o.lexval].append(sc)
            score[(r, o)] = sc
        # per unit, the strongest claim any of the instance's values makes,
        # and how many make it
        cols = list(zip(*of_value.values()))
        top = [max(col) for col in cols]
        n_top = [sum(1 for x in col if x >= t) for col, t in zip(cols, top)]
        tops.append((top, n_top))
        for v, sc in of_value.items():
            per_rank[v].append([x if x >= t else 0.0 for x, t in zip(sc, top)])
    # each lexical value takes, for its k occurrences, the k regions it claims
    # most -- counting only the units no other value of the instance claims
    # more: ``Ahmed`` drawn in four of the five instances of a rare value
    # (``អ្ធូំធ្ទៅ``, *nicer*) predicts its two syllables by chance, and
    # their sum outweighed the name's own word; the value itself claims them
    # more
    by_val: dict = defaultdict(list)
    for o in occs:
        by_val[o.lexval].append(o)
    members: dict = defaultdict(list)
    homeless = []
    for v, os in by_val.items():
        # a value drawn once in the whole file claims every unit of its one
        # instance that no other value explains, all alike: how many units a
        # region holds is no evidence (a word a corruption put in, with a
        # full stop, outweighs the value's own one word), nor is a unit seen
        # nowhere else claiming a little more than the value's own word that
        # a value translated alike shares (``ビ`` put in for ``い`` against
        # ``小柄``): its regions rank by their strongest claim, and any two
        # that reach ``params.predicts`` tie
        once = stats.val.get(v, 0).bit_count() <= 1
        strength = (lambda sc: _once_strength(sc, params)) if once else sum
        # (the units no other value claims more, all its claims): a value
        # whose every unit another value claims more -- *particular* beside
        # *particularly*, both ``ચોક્કસ`` -- still ranks its regions.  Where
        # those tie, a unit other values of the instance claim as much counts
        # as their share: a word seen once in the file (``iłičolñas``, *super*
        # with the one agreement ending it shows once) is claimed fully by
        # every value of its instance, *mildly* too, whose own word
        # (``čolbokuñas``) no other value claims
        totals = [((strength(mine), strength(sc)), r)
                  for r, (mine, sc) in enumerate(zip(per_rank[v], per_region[v]))]
        totals = _with_shares([t for t in totals if t[0][1] > 0], per_region[v], tops,
                              strength, once)
        # the regions where the value's slot stands in the group (``home``)
        # come first
        at_home = home.get(v) if home else None
        totals = [(((_context(fields, frame, *regions[r]) in at_home) if at_home else False,
                    *ranks), r) for ranks, r in totals]
        ranked = sorted(totals, key=lambda t: (-t[0][0], -t[0][1], -t[0][2], -t[0][3], t[1]))
        if len(ranked) > len(os) and all(
                abs(x - y) < 1e-9 for x, y in zip(ranked[len(os) - 1][0], ranked[len(os)][0])):
            if ties is not None:
                ties.append(v)
            if where is not None:
                seen = [where.get(o.place, Counter()) for o in os]
                ranked.sort(key=lambda t: (-t[0][0], -round(t[0][1], 9), -round(t[0][2], 9),
                                           -round(t[0][3], 9),
                                           -max(c[_context(fields, frame, *regions[t[1]])]
                                                for c in seen), t[1]))
        best = ranked[:len(os)]
        chosen = sorted(r for _s, r in best)
        for o, r in zip(os, chosen):
            members[r].append(o)
        homeless.extend(os[len(chosen):])
    # a value drawn as the empty string writes nothing: no region is its
    # (``_place_empty`` gives it an empty span where its slot stands).  Counted
    # among the homeless, it took the one region nobody claims -- in a noisy
    # file, the frame word a corruption doubled (``Ju Ju wer …``), and that
    # word then read as the empty value's form in every instance drawing it
    # -- or the unit a weak claim found likelier with it (``some``, twice as
    # likely beside it in one identity sample, took *some people*'s first word)
    silent = [o for o in homeless if o.lexval[2] == ""]
    homeless = [o for o in homeless if o.lexval[2] != ""]
    free = [r for r in range(len(regions)) if r not in members]
    if homeless and len(homeless) == len(free):
        for o, r in _fit_homeless(homeless, free, regions, fields, frame, stats, where):
            members[r].append(o)
        homeless = []
    if homeless:
        homeless = _weak_claims(homeless, occs, regions, fields, score, members, stats,
                                params)
    out: list[Piece] = []
    for r, os in sorted(members.items()):
        f, a, _b = regions[r]
        os = sorted(os, key=lambda o: src_order.get(o, (0, 0)))
        if before and len(os) > 1:
            os = sorted(os, key=lambda o: -sum(before[(o.place, q.place)] - before[(q.place, o.place)]
                                               for q in os if q is not o))
        units = fields[f].units
        segs = _partition(os, [score[(r, o)] for o in os],
                          part_ties if before is None else None)
        for o, lo, hi in segs:
            sc = score[(r, o)][lo:hi + 1]
            # the core: from the first to the last unit that identifies the
            # value (or reads it where its identifying readings do not); else
            # that comes with it; else its most telling unit where its
            # identifying readings are not
            other = {k for k in range(hi - lo + 1)
                     if sc[k] > 0 and stats.other_reading(units[a + lo + k], o.lexval,
                                                          params) > 0}
            ident = [k for k in range(hi - lo + 1)
                     if stats.predicts(units[a + lo + k], o.lexval) >= params.predicts
                     or k in other]
            # a unit another value of the slot comes with every time too is
            # a word they share, however much likelier this value makes it
            # (``še``, the preposition *wiser* selects in twenty-one instances
            # and *thicker* in five): the core is the value's own units,
            # where it has any, and :mod:`.edges` decides the shared one --
            # unless it is the value's other reading, which is the value's
            # wherever it is read (``fam`` of ``fam put``, *an actress*, where
            # templates glue their ending to ``put``)
            own = [k for k in ident
                   if k in other or not stats.shared(units[a + lo + k], o.lexval, params)]
            ident = own or ident
            # a value with no word of its own: the word it shares with the few
            # values translated alike (*happy* / *pleased*: ``доволен``)
            ident = ident or [k for k in range(hi - lo + 1)
                              if stats.reads(units[a + lo + k], o.lexval, params)]
            claimed = ident or [k for k, x in enumerate(sc) if x > 0]
            # a value with no word of its own that claims only words its
            # lexicon's other values come with every time (the article half
            # the professions take, ``dü``, comes with *a producer* more than
            # with the rest) has its word among the segment's units it does
            # not claim: the word other values end in too (``fašı``, which
            # *an engineer* writes as ``šöte fašı``), that the value makes
            # twice as likely where it stands loose (:meth:`FileStats.loose_lift`,
            # as :func:`_weak_claims` asks).  Its core holds that word too;
            # the article is then :func:`trim_place_words`' to cut, as in the
            # groups where a template's ending glued on (``fašılıs``) made the
            # word one the value claims.  A core of the article alone where
            # the file's other groups read the word put the word at the
            # value's edge in one group and the template's at the same depth
            # in the rest: no edge decision joined it, and the value got a
            # template of its own in every group (seed 90 ``mix-all``)
            if not ident and claimed and all(
                    stats.shared(units[a + lo + k], o.lexval, params) for k in claimed):
                among = stats.unexplained(o.lexval, params) or None
                claimed = sorted(set(claimed) | {
                    k for k in range(hi - lo + 1) if sc[k] == 0
                    and not stats.shared(units[a + lo + k], o.lexval, params)
                    and stats.loose_lift(units[a + lo + k], o.lexval, among) >= 2})
            if claimed:
                lo, hi = lo + claimed[0], lo + claimed[-1]
            else:
                # (a word the lexicon's values share comes last: *a cow*,
                # ``hü fe``, where ``fe`` ends five other values, was its
                # class's article ``hü``, which told it a little more, in one
                # group and its word in the other -- its edges then saw two
                # different things at each depth and decided nothing, and each
                # group gave it a template of its own; seed 93 ``mix-all``)
                among = stats.unexplained(o.lexval, params) or None
                ranks = [(sc[k], not stats.shared(units[a + lo + k], o.lexval, params),
                          stats.loose_lift(units[a + lo + k], o.lexval, among))
                         for k in range(len(sc))]
                tops = [k for k, r in enumerate(ranks) if r == max(ranks)]
                best = tops[0]
                if len(tops) > 1:
                    # one unit twice (``su su``): the copy that stands where
                    # the slot's values end their cores in the group
                    if core_ties is not None:
                        core_ties.append(o)
                    want = core_at.get(o.place) if core_at else None
                    _ra, rb = _region_of(frame[f], a + lo, a + hi)
                    best = next((k for k in tops if rb - (a + lo + k) == want), best)
                lo = hi = lo + best
            out.append(Piece(o, f, a + lo, a + hi))
    out.sort(key=lambda p: (p.field, p.first))
    return out, homeless + silent


def _fit_homeless(homeless: list, free: list, regions: list, fields, frame, stats: FileStats,
                  where: dict | None) -> list[tuple]:
    """Pair the occurrences that claim nothing with as many regions nobody
    claims: the pairing where the units co-vary most with the values given
    them (per pair, the strongest :meth:`FileStats.comes_with` of the
    region's units), then where most regions stand where their slot stands
    in the group's other instances (``where``), then in slot order.  Two
    values whose words other values end in too (*a tractor* ``zen`` beside
    ``bova-li zen``; *a duck* ``ö`` beside ``dö ö``) each claim nothing in
    the instance that draws both; paired in slot order, *animal* before
    *vehicle*, they took each other's word in every such instance."""
    order = sorted(homeless, key=lambda o: (o.draw.name, o.nth))
    if len(order) > 6:         # (no pairing to weigh among 720 and more)
        return list(zip(order, free))

    def worth(o, r) -> tuple:
        f, a, b = regions[r]
        units = fields[f].units[a:b + 1]
        w = max((stats.comes_with(u, o.lexval) for u in units), default=0.0)
        seen = where.get(o.place, Counter()) if where else Counter()
        return w, seen[_context(fields, frame, f, a, b)]
    cell = [[worth(o, r) for r in free] for o in order]
    best, best_key = None, None
    for perm in permutations(range(len(free))):
        key = (round(sum(cell[j][k][0] for j, k in enumerate(perm)), 9),
               sum(cell[j][k][1] for j, k in enumerate(perm)))
        if best_key is None or key > best_key:
            best, best_key = perm, key
    return [(o, free[k]) for o, k in zip(order, best)]


def _with_shares(totals: list, scores: list, tops: list, strength, once: bool) -> list:
    """``totals`` (``((masked, plain), region)`` of one value, :func:`_place`)
    with a third rank: the value's share of the units several of the
    instance's values claim most alike (``x / k`` of a claim ``x`` that ``k``
    values make), or the masked rank again for a value drawn once.  It only
    breaks ties, so it is computed only for regions whose first two ranks
    come within the tie tolerance of another region's (0 elsewhere, where it
    decides nothing)."""
    out = []
    for ranks, r in totals:
        tied = any(q != r and abs(ranks[0] - other[0]) < 1e-9 and abs(ranks[1] - other[1]) < 1e-9
                   for other, q in totals)
        if not tied:
            third = 0.0
        elif once:
            third = ranks[0]
        else:
            top, n_top = tops[r]
            third = strength([x / k if x >= t else 0.0
                              for x, t, k in zip(scores[r], top, n_top)])
        out.append(((*ranks, third), r))
    return out


def _once_strength(scores: Sequence[float], params: ModelParams) -> float:
    """How strongly a value drawn once in the file claims a region: its
    strongest claim there, every claim that identifies it counting alike
    (:func:`_place`)."""
    top = max(scores)
    return 1.0 if top >= params.predicts else top


def _weak_claims(homeless: list, occs: Sequence[Occurrence], regions: list, fields,
                 score: dict, members: dict, stats: FileStats, params: ModelParams) -> list:
    """Give an occurrence that claims no unit the units nobody claims that
    its value makes at least twice as likely (:meth:`FileStats.lift`).

    The claim thresholds ask a unit to come with its value most of the time
    or to identify it.  A value whose readings are split between agreement
    forms (``pašu`` / ``pašurot`` / ``pašuhat`` as the class of the state
    beside it selects) and whose word other values share (``poljol pašu``)
    passes neither with any one unit, yet each of its units is still far
    likelier with it than with the lexicon's other values, and no other
    value of the instance claims it: the value explains the unit better than
    anything else the instance holds.  The rates are counted over the
    value's instances that none of its identifying readings explains
    (:meth:`FileStats.unexplained`): where one agreement form identifies the
    value (``nınnokna``) and the other is a word other values share
    (``nınnok``, ``nınnok bonka``), the shared word is there in every
    instance the identifying form is not.  (A unit the frame writes too, which
    every value of the slot shows, is barely likelier with any one: it stays
    unclaimed.)  Each unclaimed unit goes to the homeless occurrence it
    co-varies with most; each occurrence then joins the region where its
    units weigh most, and :func:`_partition` cuts the region's segments as
    for any other claim.  An occurrence no unclaimed unit is likelier with
    weighs the units other values claim too (its word is another value's
    second word, with an ending its neighbour selects: below).  Returns the
    occurrences still without units.
    """
    weak: dict = {}
    # (``homeless`` holds no value drawn as the empty string: :func:`_place`
    # keeps those apart)
    writing = range(len(homeless))
    # rates over the instances of each homeless value that its identifying
    # readings do not explain (:meth:`FileStats.unexplained`)
    among = {homeless[n].lexval: stats.unexplained(homeless[n].lexval, params) or None
             for n in writing}

    def weigh(claimed: bool, which: Sequence[int]) -> None:
        vals = [(n, homeless[n].lexval) for n in which]
        for r, (f, a, b) in enumerate(regions):
            units = fields[f].units
            for k in range(a, b + 1):
                if (r, k - a) in weak or \
                        claimed != any(score[(r, x)][k - a] > 0 for x in occs):
                    continue
                u = units[k]
                best = max(((stats.comes_with(u, v, among[v]), n) for n, v in vals
                            if stats.lift(u, v, among[v]) >= 2), default=None)
                if best is not None and best[0] > 0:
                    weak[(r, k - a)] = best
    weigh(False, writing)
    # an occurrence with no such unit anywhere weighs the units another value
    # claims too: a value whose word is another value's second word
    # (*slightly* ``niwü``, *mildly* ``göšü niwü``) with the ending the
    # state beside it selects (``niwüši``, and only *skeptical* takes
    # ``ši``), claims nothing, while the state claims the word as surely as
    # its own, every ``ši`` word coming with it; :func:`_partition` then
    # gives each of the two a unit it claims
    bare = [n for n in writing if not any(m == n for _w, m in weak.values())]
    if bare:
        weigh(True, bare)
    left = []
    for n, o in enumerate(homeless):
        by_region: dict = defaultdict(float)
        for (r, k), (w, m) in weak.items():
            if m == n:
                by_region[r] += w
        if not by_region:
            left.append(o)
            continue
        r = max(sorted(by_region), key=lambda r: by_region[r])
        f, a, b = regions[r]
        score[(r, o)] = [weak[(r, k)][0] if weak.get((r, k), (0, -1))[1] == n else 0.0
                         for k in range(b - a + 1)]
        members[r].append(o)
    return left


def _partition(occs: Sequence[Occurrence], scores: Sequence[list],
               tied: list | None = None) -> list[tuple]:
    """Contiguous segments of one region, one per occurrence: of the cuts that
    give the most occurrences a unit they claim, the one with the most
    summed claims, as ``(occurrence, first, last)`` with positions in the
    region.

    Every value drawn is translated by something: a value that also claims
    its neighbour's word (*confident*, the one state whose class takes the
    intensifier's instrumental, ``c чрезвычайной уверенностью``) must not
    take it and leave the neighbour a segment it claims nothing of (the
    frame words after it), however much more it claims in sum.

    On a tie, the first order tried wins (the order of ``occs``); ``tied``,
    when given, receives True where another order cuts the region otherwise
    as well."""
    n = len(scores[0])
    k = len(occs)
    if k == 1:
        return [(occs[0], 0, n - 1)]
    if k > n:
        k = n
        occs = occs[:n]
    best_total, best = None, None
    prefix = [[0.0] for _ in occs]
    for j, sc in enumerate(scores[:k]):
        for x in sc:
            prefix[j].append(prefix[j][-1] + x)
    # a segment's worth: its summed claims, plus ``whole`` if it has any,
    # more than all claims of the region together can sum to (each is at
    # most 1), so that the count of claiming segments comes first
    whole = n + 1.0
    # orders are tried in the order of ``occs`` first (the group's, then the
    # source's: :func:`_place`), so that two values read alike (``ચોક્કસ
    # ચોક્કસ``) keep it on a tie
    for order in permutations(range(k)):
        # dp[i][m]: best worth with the first m occurrences of ``order`` over units [0, i)
        dp = [[-1e18] * (k + 1) for _ in range(n + 1)]
        back = [[0] * (k + 1) for _ in range(n + 1)]
        dp[0][0] = 0.0
        for m in range(1, k + 1):
            p = prefix[order[m - 1]]
            for i in range(m, n - (k - m) + 1):
                for s0 in range(m - 1, i):
                    if dp[s0][m - 1] <= -1e17:
                        continue
                    seg = p[i] - p[s0]
                    val = dp[s0][m - 1] + seg + (whole if seg > 0 else 0.0)
                    if val > dp[i][m]:
                        dp[i][m], back[i][m] = val, s0
        if best_total is not None and dp[n][k] < best_total - 1e-12:
            continue
        cuts, i = [], n
        for m in range(k, 0, -1):
            s0 = back[i][m]
            cuts.append((occs[order[m - 1]], s0, i - 1))
            i = s0
        # on a tie, the first order tried (the caller's)
        if best_total is None or dp[n][k] > best_total + 1e-12:
            best_total, best = dp[n][k], cuts[::-1]
        elif tied is not None and cuts[::-1] != best:
            tied.append(True)
    return best


def _owner_runs(owner: Sequence, offset: int) -> list[tuple]:
    """Runs of one owner inside a region (owner None: undecided): (v, first, last).

    Two runs of one value with only undecided units between them are one run
    (``bò … cái``: a value's word it shares with another value sits inside
    its translation); a run of another value between them keeps them apart.
    """
    runs: list[list] = []
    for k, v in enumerate(owner):
        if runs and runs[-1][0] == v:
            runs[-1][2] = k + offset
        else:
            runs.append([v, k + offset, k + offset])
    merged: list[list] = []
    for r in runs:
        if r[0] is not None and len(merged) >= 2 and merged[-1][0] is None \
                and merged[-2][0] == r[0]:
            merged.pop()
            merged[-1][2] = r[2]
        else:
            merged.append(r)
    return [tuple(r) for r in merged]


def _merge_runs(runs: list, n: int) -> list:
    """More runs of one value than the source shows it (a unit of the value
    also comes with it elsewhere: ``с`` before the instrumental of some
    states): keep the ``n`` runs the value claims most strongly (then the
    longest), in text order."""
    best = sorted(runs, key=lambda r: (-r[4], -(r[3] - r[2]), r[1], r[2]))[:n]
    return sorted(best, key=lambda r: (r[1], r[2]))
