"""Step 1, alignment-guided (``--keys align``): one model of a language file.

**What it models.**  A target CheckList is a set of lexicon entries — one form
per source value, shared by every template of the file (a few forms where the
language inflects or agrees) — and, per group of instances, a few frames.
Every instance is its group's frame with its values' forms put in; a
corrupted instance is an outlier.  Step 1 recovers the forms and, in every
instance, the span of each source slot's value.

**Objective.**  Among segmentations of the instances into frame and value
spans, choose the one where (1) each span co-varies with its value and with
nothing else (:mod:`.regions`: the frame is what the group's instances share,
a unit belongs to the value it comes with or identifies, by rates over the
whole file), (2) each value reads the same in every group, material one
template adds being that template's (:mod:`.forms`), and a value drawn once
reads as its tuple sibling predicts where that puts its instance in the
group's common frame (:func:`sibling_readings`), (3) material at the
edge of a value belongs to it with the probability a logistic model of its
evidence gives (:mod:`.edges`: what the source shows — function words in the
source values, a tuple element containing its sibling, source slots that
touch — and how the material sits in the file), and (4) material glued
to a value that another value of the instance chooses (an ending that
follows the state's class) is the agreeing value's
(:func:`.forms.agreement_gaps`).  The cover
(:mod:`tea_solver.cover`) then chooses the fewest templates, leaving out as
outliers the instances whose templates cost more than their support is
worth (:mod:`tea_solver.extract`).

The same code runs for every script: units are grapheme clusters grouped
into words where the script has spaces (:mod:`.units`); word boundaries are
evidence (a feature of the edge model), not limits.  Every parameter is in
:class:`~.params.ModelParams`.
"""

from __future__ import annotations

import os
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice, permutations, product
from typing import Sequence

import regex

from tea_solver.errors import InputError
from tea_solver.keys.base import Key
from tea_solver.tokenize import CHAR, WORD

from .edges import Evidence, admissible, features, probability, source_licenses
from .ibm import Alignment
from .forms import Obs, Settled, agreement_gaps, extents, observations, settle
from .binomial import binomial_median, binomial_tail, plausibly_corrupted
from .params import ModelParams
from .regions import (FileStats, canonical_cores, group_frame, group_regions, solo_cuts,
                      trim_place_words)
from .source import (Occurrence, adjacent_pairs, content_part, edge_word_counts,
                     group_occurrences, instance_draws, sibling_strings, source_positions)
from .units import (cut, dropped_at, edit_spans, edit_tokens, edit_views, frame_parts,
                    glued_run, graphemes, is_slot_mark, one_edit, one_edit_in_a_view,
                    same_stem, slot_mark, swapped, word_char, written_spaced)

_WORD = regex.compile(r"\w+|[^\w\s]")


@dataclass
class Span:
    """One value's span in one instance: what Step 2 replaces by a slot."""

    occ: Occurrence
    field: int
    start: int
    end: int
    text: str

    @property
    def slot(self) -> tuple:
        return self.occ.slot

    @property
    def value(self):
        return self.occ.draw.value


@dataclass
class GroupAlignment:
    """One group's instances with the spans of their values.

    ``agreement``: which target form each value of one slot took beside each
    value of another, over the whole file
    (:func:`tea_solver.agreement.agreement_evidence`).
    """

    targets: list                   # per instance: tuple of field texts
    spans: list                     # per instance: list of Span, in text order
    agreement: dict = field(default_factory=dict)
    noise_rate: float | None = None  # the file's estimated share of corrupted instances
    noisy: bool = False             # is that share significantly above the prior (noisy_file)
    occurrences: list | None = None  # per instance: its source occurrences
    suspicious: list | None = None   # per instance: frame at odds with its values
    forms: dict | None = None        # lexval -> the file's forms of it (shared by every group)
    predicted: dict | None = None    # lexval -> the form its tuple siblings predict (flagged only)
    glue: dict | None = None         # (span text, side) -> Counter of what is glued there (file)
    company: tuple | None = None     # (file's, group's own): value_company


@dataclass
class FileModel:
    """The fitted model of one file: forms per value, groups' spans, notes."""

    groups: list                    # GroupAlignment per group, in input order
    forms: dict                     # lexval -> forms, most frequent first
    affixes: list                   # (group id, slot, prefix, suffix)
    params: ModelParams
    decisions: dict = field(default_factory=dict)   # (lexval, side, depth) -> P(value)
    noise_rate: float = 0.0
    noisy: bool = False


def _prepare(instances) -> tuple[list, list]:
    texts, draws = [], []
    for inst in instances:
        if inst.source is None or inst.fill is None:
            raise InputError("instance has no 'source'/'fill' (needed by --keys align)",
                             line=inst.line or None)
        texts.append(tuple(cut(t) for t in inst.target))
        draws.append(instance_draws(inst.fill, inst.source))
    return texts, group_occurrences(draws, [inst.source for inst in instances])


@dataclass
class Observed:
    """The model's view of a file before the edge decisions (what
    ``experiments/fit_edge_model.py`` labels to fit :data:`.edges.WEIGHTS`)."""

    names: list
    prepared: list
    regions: list
    obs: list
    evidence: Evidence
    features: dict
    by_key: dict
    words: dict                 # decision key -> the value's word there (edges.features)


def observe(groups: "OrderedDict[str, list]", params: ModelParams = ModelParams(),
            aligner: dict | None = None) -> Observed:
    """Frames, cores, edges and their features for a whole file."""
    names = list(groups)
    prepared = [_prepare(insts) for insts in groups.values()]
    frames = [group_frame(ts, os, params) for ts, os in prepared]
    stats = FileStats([t for ts, _o in prepared for t in ts],
                      [o for _t, os in prepared for o in os],
                      [fl for fr in frames for fl in fr])
    regions = [group_regions(ts, os, stats, params, [inst.source for inst in insts], fr)
               for (ts, os), insts, fr in zip(prepared, groups.values(), frames)]
    evidence = _evidence(groups, prepared, params, aligner)
    trim_place_words(regions, stats, params, _own_mass(evidence))
    canonical_cores(regions, params.affix_share)
    solo_cuts(regions)
    obs = observations(regions)
    evidence.bound = slot_bound_units(groups, prepared, regions)
    evidence.odd = corrupted_frames(regions, params.dropped_alike, params.swapped_alike)
    feats, by_key, words = features(obs, evidence)
    return Observed(names, prepared, regions, obs, evidence, feats, by_key, words)


#: The stages :func:`fit_file` reports to its ``on_stage`` callback, in order.
STAGES = ("observe", "edges", "extents", "forms", "spans", "noise")


def fit_file(groups: "OrderedDict[str, list]", params: ModelParams = ModelParams(),
             aligner: dict | None = None, on_stage=None) -> FileModel:
    """Fit the model to a whole file (groups of instances by ``template_id``).

    ``aligner``: ``{"name": "simalign", "model": …, "method": …}`` to take the
    word alignments from SimAlign instead of the file's IBM Model 1.
    ``on_stage``: called with each name of :data:`STAGES` once it is done
    (a progress bar).
    """
    done = on_stage or (lambda _name: None)
    ob = observe(groups, params, aligner)
    done("observe")
    probs = {k: (probability(f, params) if admissible(k, f) else 0.0)
             for k, f in ob.features.items()}
    done("edges")
    ext = extents(ob.obs, probs, ob.by_key, ob.words)
    ext = agreement_gaps(ob.obs, ext, ob.regions, params.agrees)
    done("extents")
    settled = settle(ob.obs, ext, ob.regions, params.affix_share, ob.evidence.licenses,
                     params.agrees)
    done("forms")
    out_groups = _group_spans(ob.names, groups, ob.prepared, ob.regions, ob.obs, settled)
    sibling_readings(out_groups, settled.forms)
    done("spans")
    # each group's frames, read off its spans once for the tests below (the
    # spans stay as they are until corrupted_readings; each test read them again)
    frames = [_frames(al) for al in out_groups]
    # twice: a corruption that hits many instances alike (the first word
    # dropped) is frequent in proportion to the noise rate and the group
    rates = _found_rates(out_groups)
    for al, fr in zip(out_groups, frames):
        al.suspicious = suspicious(al, params, found_rates=rates, frames=fr)
    rate = noise_rate(out_groups, settled.forms, params)
    for al, fr in zip(out_groups, frames):
        al.suspicious = suspicious(al, params, max(params.rare_frame,
                                                   rate * len(al.targets) / 2), rates, fr)
    least = params.noise_group
    sizes = [len(al.targets) for al in out_groups]
    if max(sizes, default=0) < params.noise_group <= sum(sizes):
        # no group is large enough to estimate the rate from its values'
        # frames, but together they hold as many instances as one: estimate
        # it over all groups, counting the copies one corruption from a frame
        # several instances share too (a file of small groups is as noisy as
        # its translations, not clean; a file smaller than one large group
        # is too small to tell a corruption from a variant seen once)
        least = 1
        for al, fr in zip(out_groups, frames):
            al.suspicious = [a or b for a, b in
                             zip(al.suspicious, small_group_outliers(al, 0.0, frames=fr))]
    bad, total = noise_counts(out_groups, least)
    rate = bad / total if total else 0.0
    noisy = noisy_file(bad, total, params)
    rows = [_instance_tokens(al, fr) for al, fr in zip(out_groups, frames)]
    beside = words_value_neighbourss(rows)
    foreign = value_words(out_groups, rows)
    for g, al in enumerate(out_groups):
        chosen = selected_by_value(rows[g], g, beside)
        if len(al.targets) < params.noise_group:
            al.suspicious = [a or b for a, b in
                             zip(al.suspicious,
                                 small_group_outliers(al, rate, chosen, frames[g],
                                                      params.swapped_alike, foreign,
                                                      params.dropped_alike,
                                                      params.noise_alpha))]
        elif noisy:
            # in a noisy file, a frame only one instance shows, one corruption
            # away from a frame many share, is a corrupted copy even where its
            # values are too rare to tell (a real variant one value takes looks
            # the same; its values still reach the lexicon, :mod:`tea_solver.recover`)
            al.suspicious = [a or b for a, b in
                             zip(al.suspicious,
                                 one_edit_outliers(al, params.rare_frame, rate, chosen,
                                                   frames[g], foreign, params.swapped_alike,
                                                   params.dropped_alike))]
            # ... and so is an instance one corruption from the common
            # frame written out with its values' forms, however its spans read
            al.suspicious = [a or b for a, b in
                             zip(al.suspicious, modal_copies(al, frames[g], settled.forms))]
    predicted: dict = {}
    if noisy:
        corrupted_readings(out_groups, rate, settled.forms, params.noise_alpha, predicted)
    glue = value_glue(out_groups)
    company, own_company = value_company(out_groups, rows)
    for al, own in zip(out_groups, own_company):
        al.noise_rate = rate
        al.noisy = noisy
        al.forms = settled.forms
        al.predicted = predicted
        al.glue = glue
        al.company = (company, own)
    done("noise")
    affixes = [(ob.names[g], slot, pre, suf) for g, slot, pre, suf in settled.affixes]
    return FileModel(out_groups, settled.forms, affixes, params, probs, rate, noisy)


def corrupted_readings(groups: Sequence["GroupAlignment"], rate: float,
                       forms: dict | None = None, alpha: float = ModelParams().noise_alpha,
                       predicted: dict | None = None) -> int:
    """Take the span off a value where its reading is a corrupted copy of the
    value's reading, and flag the instance (:func:`suspicious`).

    A corruption that drops, doubles or replaces a character inside a value
    (``バングラデシシュ人`` for ``バングラデシュ人``) leaves units that still
    identify the value, so co-variation gives the corrupted text a span, the
    key takes it as a terminal, the template generates it, and the lexicon
    gets a value no one wrote (and an agreement split may take the odd
    reading for a form some class of another slot selects).  In a noisy file
    (noise rate ``rate``) a reading of a value in a group is a corrupted copy
    when

    * it is one corruption (:func:`.units.one_edit`, in each way the script
      counts them) from the value's most common reading in the group -- or,
      where it is that reading (a value drawn once in a small group), from
      the value's most common reading in the file (a tuple element no other
      group shows: its other elements'), while it is seen in no other group
      and no more of the group's values read a copy of their
      file's reading than the noise corrupts (a form the template selects is
      every value's there);
    * it is rare in the group -- fewer than the common reading, and not
      significantly more than the noise corrupts: that many of the value's
      readings or more are corrupted with probability ``alpha`` at least
      (:func:`binomial_tail`, the test :func:`noisy_file` makes) -- and so
      in the file: a case form the group's template selects is the group's
      reading, a form a class of another slot selects (a gender) recurs
      wherever the class is drawn;
    * and nothing in the file explains it: it is no group's common reading
      (nor frequent enough in one to be a form), and in no instance does a
      value beside it select odd readings -- a value that, over the file,
      stands beside a reading of this slot that is not its value's common
      one in the group at least half of the time (*actress*, beside
      ``brasileña`` where two professions in thirty-four are feminine, the
      class too rare for the counts to tell; the instance whose profession
      a corruption replaced still reads ``индианка``, as *actress* selects
      elsewhere).

    The instance is then a corrupted copy with its value where the frame is,
    which the noise-robust cover leaves out and
    :func:`tea_solver.recover.recover_values` reads with the value's form; a
    reading no span keeps is no longer one of the value's ``forms``.  A tuple
    element drawn only in flagged instances takes the form its siblings
    predict (:func:`_outlier_only_forms`); ``predicted``, when given,
    receives those ``{lexval: form}`` that a reading of the value shows too:
    a form two witnesses give.  Returns how many spans were taken off."""
    # the readings over the file and per group, the common ones, the siblings
    in_file, in_groups, modal, in_file_modal, siblings = _readings(groups)
    # (value, slot) -> [instances where the value stands beside the slot's
    # reading, of them where the reading is not its value's common one]
    beside: dict = defaultdict(lambda: [0, 0])
    for al, common in zip(groups, modal):
        for spans in al.spans:
            for sp in spans:
                other = sp.text != common[sp.occ.lexval][0]
                for w in spans:
                    if w.slot != sp.slot:
                        count = beside[(w.occ.lexval, sp.slot)]
                        count[0] += 1
                        count[1] += other

    def selects(w, slot) -> bool:
        seen, other = beside[(w.occ.lexval, slot)]
        return 2 * other >= seen

    file_n = {v: sum(c.values()) for v, c in in_file.items()}
    # how many of the file's instances write a string (asked of the few
    # readings, each drawn once, that write a character twice in a row: the
    # texts are joined on the first such question)
    targets: list = []

    def written_in(text: str) -> int:
        if not targets:
            targets.extend("\n".join(fields) for al in groups for fields in al.targets)
        return sum(text in t for t in targets)
    spaced_in = [written_spaced(t for fields in al.targets for t in fields) for al in groups]
    odd_in: list = []                   # per group: the (value, reading)s odd there
    for common, in_group, spaced in zip(modal, in_groups, spaced_in):
        odd = set()
        for v, seen in in_group.items():
            reading, top = common[v]
            total = sum(seen.values())
            for text, n in seen.items():
                if text and n < top and binomial_tail(n, total, rate) >= alpha \
                        and binomial_tail(in_file[v][text], file_n[v], rate) >= alpha \
                        and _copied(text, reading, spaced):
                    odd.add((v, text))
        odd_in.append(odd)

    def odd_elsewhere(g: int, v, reading: str) -> bool:
        # is the reading, in every other group that shows it, that group's
        # odd one (the same corruption hitting a value again: ``hmed`` for
        # ``Ahmed`` in four groups of a file written without spaces)
        return all((v, reading) in odd_in[h] for h, other in enumerate(in_groups)
                   if h != g and v in other and other[v][reading])
    copy_of: dict = {}                  # (value, lone reading) -> the reading it copies
    for g, (common, in_group, spaced) in enumerate(zip(modal, in_groups, spaced_in)):
        odd = odd_in[g]
        lone: dict = {}                 # (value, reading) -> the reading it copies
        # a tuple element only this group shows is read against its other
        # elements where the group's tuple values mostly read as one of them
        # does, or as it does with the same word or affix added or taken
        # off (``利口`` for *smarter* and *smart* alike; ``sáng dạ`` for
        # *smart* where *smarter* reads ``sáng dạ hơn``; not antonyms,
        # ``更友好`` / ``不友好``)
        as_sibling = _sibling_relations(in_group, common, siblings, in_file_modal)
        for v, seen in in_group.items():
            reading, top = common[v]
            # a value drawn too rarely in the group for a common reading of
            # its own there (once, in a question drawn once per value): its
            # reading, seen in no other group -- or only as their odd one,
            # and here no more often than the noise corrupts -- against the
            # file's common one; or, a tuple element no other group shows,
            # its other elements' (``小小柄`` beside *more petite*'s ``小柄``)
            # where they read alike (``by_sibling``)
            if not reading or binomial_tail(in_file[v][reading], file_n[v], rate) < alpha:
                continue
            if in_file[v][reading] != top and not (
                    binomial_tail(top, sum(seen.values()), rate) >= alpha
                    and odd_elsewhere(g, v, reading)):
                continue
            mains = [in_file_modal[v]] if file_n[v] > top else \
                [m for m in _sibling_predictions(v, as_sibling, siblings, in_file_modal) if m]
            # ... or, read nowhere else, against itself with a word it
            # writes twice in a row written once (``hemani hemani``, *less
            # old* drawn once, seed 67 ``order``): the noise doubles words, a
            # translation does not write a value so -- nor, without spaces,
            # a character pair no other instance of the file writes
            if file_n[v] == top and \
                    (single := _undoubled(reading, spaced, written_in)) is not None:
                mains.append(single)
            copied = [main for main in mains if reading != main and _copied(reading, main, spaced)]
            if copied:
                lone[(v, reading)] = copied[0]
        # ... unless more of the group's values read so than the noise
        # corrupts: a form the template selects (a feminine ``alta`` beside
        # ``alto`` elsewhere) is every value's there
        if lone and binomial_tail(len(lone), len(in_group), rate) >= alpha:
            odd.update(lone)
            copy_of.update(lone)
    # a reading that is no group's odd one, or that a value beside it selects
    # in some instance, is a form of the value wherever it stands
    explained = set()
    for al, odd in zip(groups, odd_in):
        for spans in al.spans:
            for sp in spans:
                key = (sp.occ.lexval, sp.text)
                if key not in odd or any(selects(w, sp.slot)
                                         for w in spans if w.slot != sp.slot):
                    explained.add(key)
    taken: Counter = Counter()
    for al in groups:
        for i, spans in enumerate(al.spans):
            bad = [sp for sp in spans if (sp.occ.lexval, sp.text) not in explained]
            if bad:
                taken.update((sp.occ.lexval, sp.text) for sp in bad)
                al.spans[i] = [sp for sp in spans if all(sp is not b for b in bad)]
                if al.suspicious is not None:
                    al.suspicious[i] = True
    for (v, text), n in taken.items():
        if forms is not None and n == in_file[v][text] and text in forms.get(v, ()):
            if len(forms[v]) > 1:
                forms[v] = [f for f in forms[v] if f != text]
            elif (v, text) in copy_of:
                # the value's one reading was that copy: its form is what it copies
                forms[v] = [copy_of[(v, text)]]
    if forms is not None:
        for v, form in _outlier_only_forms(groups, modal, in_groups, in_file_modal,
                                           siblings).items():
            forms[v] = [form]
            # (a prediction the value's own reading bears out: two witnesses)
            if predicted is not None and in_file[v][form]:
                predicted[v] = form
    return sum(taken.values())


def sibling_readings(groups: Sequence["GroupAlignment"], forms: dict | None = None) -> int:
    """Read again, as its tuple sibling predicts, a value the file draws once
    whose reading leaves its instance a frame no other instance shows, where
    the predicted form puts the instance in the group's common frame.

    A question draws each value once (*Who is less strong?*), so nothing in
    its group tells where the value ends.  A value that ends in the frame's
    next syllable (``ဏ္ဠီယဲံဂု`` before the frame's ``ဂု?``) is read short,
    the syllable taken for a doubling of the frame's (:mod:`.frame`), and
    the instance gets a template of its own (``{adj[1]}ဂုဂု?``).  Its tuple
    sibling, read over the file (*stronger*, ``ဏ္ဠီယဲံဂုဠဲ``), predicts the
    whole form by the relation the group's other values follow with theirs
    (:func:`_sibling_relations`; here: the comparative ends in ``ဠဲ``).
    Where that form, put in the group's common frame with the instance's
    other readings, writes the instance exactly, the instance needs neither
    a frame of its own nor a corruption: it is read so.  Nothing changes
    where the group has no common frame (shown twice at least), where the
    siblings predict no single form, or where the predicted form does not
    write the instance.  ``forms`` (lexval -> forms) takes the new reading.
    Returns how many instances were read again."""
    in_file, in_groups, modal, in_file_modal, siblings = _readings(groups)
    changed = 0
    for g, al in enumerate(groups):
        frames = _frames(al)
        shown = Counter(frames)
        top, n_top = _most_common(shown) if shown else (None, 0)
        if n_top < 2:
            continue

        def predicted_form(sp) -> str | None:
            """The one form ``sp``'s value's siblings predict, where the file
            draws the value once and the form is not its reading."""
            v = sp.occ.lexval
            if sum(in_file[v].values()) != 1 or not siblings.get(v):
                return None
            others = {w: c for w, c in in_groups[g].items() if w != v}
            rel = _sibling_relations(others, modal[g], siblings, in_file_modal,
                                     related_only=True)
            predicted = set(_sibling_predictions(v, rel, siblings, in_file_modal))
            if len(predicted) != 1 or None in predicted:
                return None
            form = predicted.pop()
            return None if form == sp.text else form

        # a rarer frame its instances show only because each value read
        # different text beyond its predicted form (``ဂ?ဲ`` and ``ဂဲဲ``, two
        # corruptions of the frame's ``ဂဲ?`` after *cool* and *sad*, each
        # read into the value) is no frame they share: each is read alone
        for frame in _frames_read_apart(al, frames, shown, top, predicted_form):
            shown[frame] = 1
        for i, spans in enumerate(al.spans):
            if shown[frames[i]] > 1:
                continue
            for sp in spans:
                form = predicted_form(sp)
                if form is None:
                    continue
                new = _written_in(top, al.targets[i],
                                  [x if x is not sp else (x, form) for x in spans])
                if new is None:
                    continue
                al.spans[i] = new
                changed += 1
                if forms is not None:
                    forms[sp.occ.lexval] = [form]
                break
        changed += _variant_by_siblings(al, frames, shown, top, predicted_form, forms)
        # (whether the group's script has spaces: asked once, both readings need it)
        spaced = written_spaced(t for target in al.targets for t in target)
        if spaced:
            changed += _word_beyond_prediction(al, predicted_form, forms)
        else:
            changed += _frame_beyond_prediction(al, frames, shown, top, predicted_form,
                                                in_file, forms)
        changed += _readings_against_prediction(al, predicted_form, spaced, in_file_modal,
                                                forms)
    return changed


def _readings_against_prediction(al: "GroupAlignment", predicted_form, spaced: bool,
                                 in_file_modal: dict, forms: dict | None) -> int:
    """Take the span off a value drawn once whose reading is another
    lexicon's value and has nothing of the form its tuple sibling predicts
    (whatever frame the instance shows: a profession's ``mchanganuzi`` put in
    for *clean*'s ``msafi`` left ``Nani si mchanganuzi zaidi?`` in the
    question's own frame, and the lexicon got it): it is a value of
    another lexicon as the file reads it (``in_file_modal``) with at most
    an ending glued on (:func:`_another_lexicons`), neither it nor the
    prediction holds the other, and it is no corrupted copy of the
    prediction.  A corruption that replaced
    the word holding the value (``Ñe šanu hučıduča.`` for ``Ñe šanu
    möfiče?``, a profession's word put in for *less quick*) leaves text
    co-variation gives the value, and two such instances shared a frame one
    word short of the common one: a variant they seemed to select, a
    template of its own.  The reading translates another value; the
    instance writes this one nowhere, and its frame is what the noise model
    judges.  (Another lexicon's word, not any reading the prediction lacks:
    a prediction is only as good as the relation the group's other values
    follow, and ``طويل``, *tall* beside ``أطول``, follows none.)  ``forms``
    takes the predicted form.  Returns how many spans were taken off."""
    changed = 0
    for i, spans in enumerate(al.spans):
        for sp in spans:
            form = predicted_form(sp)
            if not form or form in sp.text or sp.text in form \
                    or _copied(sp.text, form, spaced) \
                    or not _another_lexicons(sp, in_file_modal):
                continue
            al.spans[i] = [x for x in spans if x is not sp]
            if forms is not None:
                forms[sp.occ.lexval] = [form]
            changed += 1
            break
    return changed


def _another_lexicons(sp: Span, in_file_modal: dict) -> bool:
    """Is the span's text a value of another lexicon, as the file most
    often reads it (two characters or more), with at most an ending glued
    on: no space after it, and less text than it (``hučıduča.``: the
    profession ``hučıdu`` with the ending the frame glues to it; not
    ``Robert? klug``, where a name put in for ``weniger`` stands before the
    value itself)?"""
    own = sp.occ.lexval[0]
    for lexval, reading in in_file_modal.items():
        if lexval[0] == own or len(reading) < 2 or not sp.text.startswith(reading):
            continue
        rest = sp.text[len(reading):]
        if len(rest) < len(reading) and not any(ch.isspace() for ch in rest):
            return True
    return False


def _frames_read_apart(al: "GroupAlignment", frames: list, shown: Counter, top: tuple,
                       predicted_form) -> list:
    """The rarer frames several instances show where every one of them reads
    its value as its predicted form with text glued on
    (:func:`_glued_beyond_prediction`), not the same text on the same side
    for all: what :func:`_variant_by_siblings` takes for a variant the
    values select when the text is the same is, when it differs, corruptions
    that each left the frame short of the same material."""
    apart = []
    for frame, k in shown.items():
        if frame == top or k < 2:
            continue
        glued = set()
        for i in (i for i, f in enumerate(frames) if f == frame):
            plan = _glued_beyond_prediction(al, i, predicted_form)
            if plan is None:
                break
            glued.add((plan[3], plan[4], plan[0].slot))
        else:
            if len(glued) > 1:
                apart.append(frame)
    return apart


def _frame_beyond_prediction(al: "GroupAlignment", frames: list, shown: Counter, top: tuple,
                             predicted_form, in_file: dict, forms: dict | None) -> int:
    """Read again, in a script without spaces, a value the file draws once
    whose reading leaves its instance a frame that lacks material of the
    group's common frame beside it, where a shorter reading -- its siblings'
    prediction, else the one cut of its text -- makes the frame the common
    one with one corruption that writes no token more or less: a replaced
    or a swapped letter (*Who is less nice?*, ``…ឃ្រឈៅួំឡាមាតើំ?``: the
    frame's ``ឃ្រៅឈួំ`` with two letters swapped was read into *nice*,
    ``ឡាមាតើំ``, and the instance got a template of its own).  Text glued on
    where the common frame is all there is an ending the value may select
    (:func:`_word_beyond_prediction`), not this.  The frame is then the
    instance's, one corruption from the common frame, for the noise model to
    judge (:func:`small_group_outliers`).  Returns how many instances were
    read again."""
    changed = 0
    top_views = edit_views(top, False, separated=True)

    def views_with(i: int, spans: list) -> tuple:
        return edit_views(_frame_of(al.targets[i], spans), False, separated=True)

    def near(views) -> bool:
        return any(len(a) == len(b) and one_edit(a, b) for a, b in zip(views, top_views))

    for i in range(len(al.spans)):
        if shown[frames[i]] > 1:
            continue
        now = views_with(i, al.spans[i])
        if not any(len(a) < len(b) for a, b in zip(now, top_views)):
            continue
        for sp in al.spans[i]:
            if sum(in_file[sp.occ.lexval].values()) != 1:
                continue
            text = al.targets[i][sp.field]
            form = predicted_form(sp)
            if not form:
                # every cut of the reading on a grapheme bound, either end
                bounds = sorted(b for b in graphemes(text) if sp.start < b < sp.end)
                cuts = [(b, sp.end) for b in bounds] + [(sp.start, b) for b in bounds]
            elif sp.text.startswith(form):
                cuts = [(sp.start, sp.start + len(form))]
            elif sp.text.endswith(form):
                cuts = [(sp.end - len(form), sp.end)]
            else:
                cuts = []
            fits = []
            for a, b in cuts:
                spans = [x if x is not sp else Span(sp.occ, sp.field, a, b, text[a:b])
                         for x in al.spans[i]]
                if near(views_with(i, spans)):
                    fits.append((a, b))
            if len(fits) == 1:
                a, b = fits[0]
                _read_as_predicted(al, i, sp, (a, b), text[a:b], forms)
                changed += 1
                break
    return changed


def _word_beyond_prediction(al: "GroupAlignment", predicted_form, forms: dict | None) -> int:
    """Read as predicted, in a script with spaces, a value drawn once whose
    reading is its predicted form with a whole word more on one side (*Who
    is less high?*, ``Kö łö. jubahı?``: a corruption put ``łö.``, a word of
    other templates, where the frame's ``jömhök`` was; *higher* reads
    ``jubabuk``, and the question's other values read their comparatives
    without ``buk``, so *high* is ``juba``).  The word is the instance's
    frame, one of its own: the noise model judges it
    (:func:`small_group_outliers`) as it judges every frame, where read into
    the value it joined the copies that dropped ``jömhök`` and made their
    frame common enough to keep.  A word, not glued letters: an ending glued
    to one value drawn once is as likely the ending it selects, and only
    the same ending on two values makes a variant
    (:func:`_variant_by_siblings`).  Returns how many instances were read
    again."""
    changed = 0
    for i in range(len(al.spans)):
        plan = _glued_beyond_prediction(al, i, predicted_form)
        if plan is None:
            continue
        sp, cut, form, glued, side = plan
        text = al.targets[i][sp.field]
        whole = (glued[-1].isspace() and (sp.start == 0 or not word_char(text[sp.start - 1]))
                 if side < 0 else
                 glued[0].isspace() and (sp.end == len(text) or not word_char(text[sp.end])))
        if not whole:
            continue
        _read_as_predicted(al, i, sp, cut, form, forms)
        changed += 1
    return changed


def _read_as_predicted(al: "GroupAlignment", i: int, sp: Span, cut: tuple, form: str,
                       forms: dict | None) -> None:
    """Give span ``sp`` of instance ``i`` the predicted ``form`` at offsets
    ``cut`` (what :func:`_glued_beyond_prediction` found), the rest of its
    text to the frame; ``forms`` (lexval -> forms) takes the form."""
    al.spans[i] = [x if x is not sp else Span(sp.occ, sp.field, cut[0], cut[1], form)
                   for x in al.spans[i]]
    if forms is not None:
        forms[sp.occ.lexval] = [form]


def _variant_by_siblings(al: "GroupAlignment", frames: list, shown: Counter, top: tuple,
                         predicted_form, forms: dict | None) -> int:
    """Read again, as their siblings predict, the values of a rarer frame's
    instances where every one of them reads more than its predicted form by
    the same glued text (``遅く`` and ``速く`` for *slow* and *fast*, whose
    comparatives read ``遅`` and ``速``, where sixteen adjectives write
    ``でないですか``): that text is the frame's (``{adj[1]}くないですか``), a
    variant the two values select.  Read into the values, the frame lost a
    letter of the common frame (``{adj[1]}ないですか``), a drop two copies
    show alike as noise would, and the values' spans went as corrupted
    readings; the same letter put in twice is no corruption.  Not where
    the glued text is what the frame writes beside it (a doubling), and only
    where the rarer frame's every instance reads alike (two or more).
    Returns how many instances were read again."""
    changed = 0
    for frame, k in shown.items():
        if frame == top or k < 2:
            continue
        plans = []
        for i in (i for i, f in enumerate(frames) if f == frame):
            plan = _glued_beyond_prediction(al, i, predicted_form)
            if plan is None:
                break
            plans.append((i, plan))
        # every instance of the frame reads so, with the same text on the same side
        if len(plans) < k or len({(p[3], p[4], p[0].slot) for _i, p in plans}) != 1:
            continue
        for i, (sp, cut, form, _glued, _side) in plans:
            _read_as_predicted(al, i, sp, cut, form, forms)
            changed += 1
    return changed


def _readings(groups: Sequence["GroupAlignment"]) -> tuple:
    """The file's readings of its values, from the groups' spans:
    ``(in_file, in_groups, modal, in_file_modal, siblings)`` -- per value a
    Counter of its readings over the file; per group, per value, the same in
    the group; per group, per value, its most common reading there and how
    many show it; per value its most common reading over the file; per value
    the other elements of its tuple (:func:`_tuple_siblings`)."""
    in_file: dict = defaultdict(Counter)
    in_groups: list = []
    siblings: dict = {}
    for al in groups:
        in_group: dict = defaultdict(Counter)
        for spans in al.spans:
            for sp in spans:
                in_file[sp.occ.lexval][sp.text] += 1
                in_group[sp.occ.lexval][sp.text] += 1
                if sp.occ.lexval not in siblings:
                    siblings[sp.occ.lexval] = _tuple_siblings(sp.occ)
        in_groups.append(in_group)
    modal = [{v: _most_common(seen) for v, seen in in_group.items()}
             for in_group in in_groups]
    in_file_modal = {v: _most_common(c)[0] for v, c in in_file.items()}
    return in_file, in_groups, modal, in_file_modal, siblings


def _written_in(frame: tuple, target: tuple, spans: list) -> list | None:
    """The instance ``target`` (its fields) read as ``frame`` (fields with
    slot marks, :func:`_frames`) with its spans' texts put in -- ``spans``
    in text order, one given as ``(span, text)`` to put that text in
    instead: the new spans, where that writes the instance exactly, every
    span on grapheme bounds; else None."""
    out = []
    by_field: dict = defaultdict(list)
    for x in spans:
        sp, text = x if isinstance(x, tuple) else (x, x.text)
        by_field[sp.field].append((sp, text))
    for f, (layout, written) in enumerate(zip(frame, target)):
        parts = _MARK.split(layout)
        marks = _MARK.findall(layout)
        these = by_field.get(f, [])
        if [slot_mark(sp.slot) for sp, _t in these] != marks:
            return None
        pos, pieces = len(parts[0]), [parts[0]]
        bounds = graphemes(written)
        for (sp, text), after in zip(these, parts[1:]):
            if pos not in bounds or pos + len(text) not in bounds:
                return None
            out.append(Span(sp.occ, f, pos, pos + len(text), text))
            pieces += [text, after]
            pos += len(text) + len(after)
        if "".join(pieces) != written:
            return None
    return out


def _glued_beyond_prediction(al: "GroupAlignment", i: int, predicted_form) -> tuple | None:
    """``(span, cut, form, glued, side)`` for the first span of instance
    ``i`` that reads its predicted form (``predicted_form``) with text glued
    on one side -- ``cut`` the form's offsets, ``glued`` the text, ``side``
    1 after the form, -1 before -- where the cut is on grapheme bounds and
    the glued text is not what the frame writes beside the span (a
    doubling); None where no span does."""
    for sp in al.spans[i]:
        form = predicted_form(sp)
        if form is None:
            continue
        text = al.targets[i][sp.field]
        if sp.text.startswith(form):
            cut = (sp.start, sp.start + len(form))
            glued, side = sp.text[len(form):], 1
            beside = text[sp.end:sp.end + len(glued)]
        elif sp.text.endswith(form):
            cut = (sp.end - len(form), sp.end)
            glued, side = sp.text[:len(sp.text) - len(form)], -1
            beside = text[max(0, sp.start - len(glued)):sp.start]
        else:
            continue
        bounds = graphemes(text)
        if glued and glued != beside and cut[0] in bounds and cut[1] in bounds:
            return sp, cut, form, glued, side
    return None


def _tuple_siblings(occ) -> list:
    """The other elements of an occurrence's tuple value, as lexical values
    (*tall* of (*taller*, *tall*)); [] for a plain value."""
    d = occ.draw
    if not isinstance(d.value, tuple):
        return []
    return [(d.base, e, d.shown(e)) for e in range(len(d.value)) if e != occ.element]


def _outlier_only_forms(groups: Sequence["GroupAlignment"], modal: list, in_groups: list,
                        in_file_modal: dict, siblings: dict) -> dict:
    """Forms of the tuple values that no clean instance shows, predicted
    from their siblings: ``{lexval: form}``.

    A tuple element drawn only in instances the noise model flags as
    corrupted copies (a question that draws each value once: *Who is less
    great?* whose ``iwi?`` a corruption replaced by another word, or whose
    word it dropped) has no reading to trust: what its instance shows there
    is the corruption's.  Its tuple sibling reads over the file as the
    group's other values' siblings do (*greater* ``vi iwi`` and *great*
    ``iwi``, as ``vi ñul`` and ``ñul``: :func:`_sibling_relations`), and
    that relation, applied to its sibling's common reading, is its form —
    the form :func:`tea_solver.recover.recover_values` writes the template
    out with, to give the value back where the instance is one corruption
    from it.  Nothing where no relation holds for the group's other values
    (a comparative and its adjective written as unrelated words), where the
    value's groups predict different forms, or where a clean instance shows
    the value.  ``siblings``: lexval -> its tuple siblings
    (:func:`_tuple_siblings`), completed here with the values no span reads."""
    drawn: dict = defaultdict(set)          # lexval -> groups that draw it
    clean: set = set()                      # lexvals a clean instance draws
    for g, al in enumerate(groups):
        if al.occurrences is None or al.suspicious is None:
            continue
        for i, occs in enumerate(al.occurrences):
            for o in occs:
                drawn[o.lexval].add(g)
                siblings.setdefault(o.lexval, _tuple_siblings(o))
                if not al.suspicious[i]:
                    clean.add(o.lexval)
    out = {}
    for v, gs in drawn.items():
        if v in clean or not siblings.get(v):
            continue
        predicted = set()
        for g in gs:
            others = {w: c for w, c in in_groups[g].items() if w != v}
            rel = _sibling_relations(others, modal[g], siblings, in_file_modal)
            predicted.update(_sibling_predictions(v, rel, siblings, in_file_modal))
        if len(predicted) == 1 and None not in predicted:
            out[v] = predicted.pop()
    return out


def _undoubled(reading: str, spaced: bool, written_in=None) -> str | None:
    """``reading`` with the one word it writes twice in a row (a space
    between) written once, in a script with spaces; None where no word, or
    more than one, is doubled so.

    In a script without spaces the noise doubles a character (a code point:
    ``វឹះររួះ`` for ``វឹះរួះ``), and a word may repeat one (``やや``,
    ``小小``; ``ររិ`` of another word): the one character the reading writes
    twice in a row is the noise's only where no other instance of the file
    writes the pair with what follows it (``written_in``: how many of the
    file's instances write a string, this one among them)."""
    if not spaced:
        twice = [k for k in range(len(reading) - 1)
                 if reading[k] == reading[k + 1] and word_char(reading[k])]
        if len(twice) != 1 or written_in is None \
                or written_in(reading[twice[0]:twice[0] + 3]) != 1:
            return None
        return reading[:twice[0]] + reading[twice[0] + 1:]
    words = reading.split(" ")
    twice = [k for k in range(len(words) - 1)
             if words[k] == words[k + 1] and any(word_char(c) for c in words[k])]
    if len(twice) != 1:
        return None
    return " ".join(words[:twice[0]] + words[twice[0] + 1:])


def _relation(sibling: str, reading: str) -> tuple | None:
    """How ``reading`` is written from ``sibling``: the same, or with a
    string added or taken off at one end (``("end", "", " hơn")``: take
    `` hơn`` off the end); None where neither holds the other."""
    if reading == sibling:
        return ("same",)
    if len(reading) < len(sibling):
        if sibling.startswith(reading):
            return ("end", sibling[len(reading):], "")
        if sibling.endswith(reading):
            return ("start", sibling[:len(sibling) - len(reading)], "")
    elif len(reading) > len(sibling):
        if reading.startswith(sibling):
            return ("end", "", reading[len(sibling):])
        if reading.endswith(sibling):
            return ("start", "", reading[:len(reading) - len(sibling)])
    return None


def _sibling_predictions(v: tuple, rel: dict, siblings: dict, in_file_modal: dict) -> list:
    """What ``v``'s tuple siblings (``siblings[v]``), read as they commonly
    are over the file, predict it reads by the relations ``rel`` (tuple
    element -> the :func:`_relation` alternatives, :func:`_sibling_relations`):
    one form per sibling a relation covers -- the one form the alternatives
    that apply to the sibling write; None where none applies (the sibling
    lacks what each takes off) or they write different forms."""
    out = []
    for w in siblings.get(v, ()):
        if w in in_file_modal and w[1] in rel:
            forms = {f for f in (_apply_relation(r, in_file_modal[w]) for r in rel[w[1]])
                     if f is not None}
            out.append(forms.pop() if len(forms) == 1 else None)
    return out


def _apply_relation(rel: tuple, sibling: str) -> str | None:
    """The reading :func:`_relation` ``rel`` writes from ``sibling``
    (None where the sibling lacks what it takes off).  A whole word taken
    off one end (``अधिक चतुर`` / ``चतुर``, *smarter* / *smart*) is taken off
    where the sibling writes it inside (``आयु में अधिक बड़ा``, *older*: the
    marker stands before the adjective, after *in age*)."""
    if rel[0] == "same":
        return sibling
    side, cut, add = rel
    if side == "end":
        if not sibling.endswith(cut) or len(sibling) <= len(cut):
            return _word_taken_out(sibling, cut.lstrip(" ")) \
                if not add and cut.startswith(" ") else None
        return sibling[:len(sibling) - len(cut)] + add
    if not sibling.startswith(cut) or len(sibling) <= len(cut):
        return _word_taken_out(sibling, cut.rstrip(" ")) \
            if not add and cut.endswith(" ") else None
    return add + sibling[len(cut):]


def _word_taken_out(text: str, word: str) -> str | None:
    """``text`` without the one whole word ``word`` it holds between two
    others (None where it holds it not so, or more than once)."""
    words = text.split(" ")
    if not word or " " in word or words.count(word) != 1 or words[0] == word \
            or words[-1] == word:
        return None
    return " ".join(w for w in words if w != word)


def _sibling_relations(in_group: dict, common: dict, siblings: dict,
                       in_file_modal: dict, related_only: bool = False) -> dict:
    """Per tuple element index: how most of the group's tuple values read
    against their element of that index over the file (:func:`_relation`),
    as alternatives (a tuple, commonest first): the commonest relation and
    every other that two values or more follow, where together they hold
    for more than half of them -- a comparative suffix in two harmony
    variants (``bük`` after front vowels for eleven of twenty adjectives,
    ``buk`` after back vowels for the rest).  A tuple value the group draws once is
    predicted from its sibling by the alternative that applies to it
    (:func:`_sibling_predictions`; none where two apply and disagree).
    ``related_only``: more than half of the values whose reading is written
    from their sibling's at all -- the irregular ones (German ``älter`` /
    ``alt``, ``größer`` / ``groß``) say nothing of how the regular ones are
    written -- for a caller that keeps a prediction only where it writes the
    instance (:func:`sibling_readings`)."""
    counts: dict = defaultdict(Counter)
    for v in in_group:
        for w in siblings.get(v, ()):
            if w in in_file_modal:
                counts[w[1]][_relation(in_file_modal[w], common[v][0])] += 1
    out = {}
    for element, c in counts.items():
        ranked = sorted(((rel, k) for rel, k in c.items() if rel is not None),
                        key=lambda kv: (-kv[1], str(kv[0])))
        chosen = ranked[:1] + [(rel, k) for rel, k in ranked[1:] if k >= 2]
        total = sum(k for rel, k in c.items() if rel is not None or not related_only)
        if chosen and 2 * sum(k for _rel, k in chosen) > total:
            out[element] = tuple(rel for rel, _k in chosen)
    return out


def _most_common(counts: Counter) -> tuple:
    """The most common (reading, count) of a counter, the first in text order
    on a tie (whatever order the readings were counted in)."""
    return min(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def _copied(text: str, reading: str, spaced: bool) -> bool:
    """Is ``text`` a corrupted copy of ``reading``: one corruption from it
    (:func:`.units.one_edit`) in some way the script counts them, keeping
    some of it -- a one-word value replaced by another word is a word of
    its own, not a copy (``весьма`` beside ``значительно``, both *quite*)?"""
    return any(one_edit(a, b) and (len(a) != len(b) or len(a) >= 2)
               for a, b in zip(edit_views([text], spaced), edit_views([reading], spaced)))


def value_glue(groups: Sequence["GroupAlignment"]) -> dict:
    """``(span text, side) -> Counter``: what the file glues to each value's
    text on each side (:func:`.units.glued_run`; '' where a space or
    punctuation follows).  Where a corruption removed what tells a value's
    agreement or harmony variants apart (``Ñor`` for ``Ñor ranvorpahos?``),
    the value still reads ``ranvorpahos`` elsewhere in the file: the variant
    that writes it so is the one its instance was
    (:func:`tea_solver.recover.recover_values`)."""
    glue: dict = defaultdict(Counter)
    for al in groups:
        spaced = written_spaced(t for fields in al.targets for t in fields)
        for fields, spans in zip(al.targets, al.spans):
            for sp in spans:
                text = fields[sp.field]
                glue[(sp.text, -1)][glued_run(text, sp.start, -1, spaced)] += 1
                glue[(sp.text, 1)][glued_run(text, sp.end, 1, spaced)] += 1
    return dict(glue)


def value_company(groups: Sequence["GroupAlignment"], rows: Sequence[list]
                  ) -> tuple[dict, list]:
    """``span text -> (instances, Counter)``: in how many instances of the
    file each value text stands, and how many of them write each frame word
    (:func:`_instance_tokens`, each word once per instance); and the same
    per group.  A value selects its frame's variant (the ``zü`` of *vocal*,
    beside it in every template that draws it, where other values take
    ``ge``): where a corruption replaced the very word that tells the
    variants apart, the value's company in the other groups still says
    which variant its instance was (:func:`tea_solver.recover.recover_values`
    asks the file's less the group's own)."""
    company: dict = {}
    per_group: list = []
    for al, group_rows in zip(groups, rows):
        own: dict = {}
        for (_f, toks, _values), spans in zip(group_rows, al.spans):
            words = {t for t in toks if t is not None and "\0" not in t}
            for text in {sp.text for sp in spans}:
                for table in (company, own):
                    n, seen = table.get(text) or (0, Counter())
                    seen.update(words)
                    table[text] = (n + 1, seen)
        per_group.append(own)
    return company, per_group


def fit_groups_apart(groups: "OrderedDict[str, list]", params: ModelParams = ModelParams(),
                     aligner: dict | None = None, on_stage=None) -> FileModel:
    """The ablation without file-level evidence (``--no-cross-group``): each group
    fitted as a file of its own, the fits read as one file's (a value's forms are
    the first group's that has it; the noise rate is the highest)."""
    fits = [fit_file(OrderedDict([(name, insts)]), params, aligner, on_stage)
            for name, insts in groups.items()]
    forms: dict = {}
    for f in fits:
        for lexval, seen in f.forms.items():
            forms.setdefault(lexval, seen)
    return FileModel([g for f in fits for g in f.groups], forms,
                     [a for f in fits for a in f.affixes], params, {},
                     max((f.noise_rate for f in fits), default=0.0),
                     any(f.noisy for f in fits))


def _frames(al: "GroupAlignment") -> list:
    """Each instance's frame: its text with every value replaced by its slot."""
    return [_frame_of(target, spans) for target, spans in zip(al.targets, al.spans)]


def _frame_of(target: tuple, spans: Sequence) -> tuple:
    """One instance's frame (its fields ``target`` read with ``spans``)."""
    parts = [list(t) for t in target]
    for s in sorted(spans, key=lambda s: -s.start):
        parts[s.field][s.start:s.end] = [slot_mark(s.slot)]
    return tuple("".join(p) for p in parts)


def _found_rates(groups) -> tuple[Counter, Counter]:
    """How often each value was drawn, and found, over the given groups."""
    drawn: Counter = Counter()
    found: Counter = Counter()
    for al in groups:
        for spans, occs in zip(al.spans, al.occurrences or []):
            for o in occs:
                drawn[o.lexval] += 1
            for sp in spans:
                found[sp.occ.lexval] += 1
    return drawn, found


def suspicious(al: "GroupAlignment", params: ModelParams = ModelParams(),
               rare: float | None = None, found_rates: tuple | None = None,
               frames: list | None = None) -> list:
    """Per instance: is its frame at odds with every one of its values?

    A group's frame varies only with its values (a preposition the state
    selects, a case the noun takes): whatever frame an instance shows, the
    other instances with one of its values show it too.  An instance whose
    frame none of its values usually comes with — each of them seen at least
    twice in the group, with this frame at most half of the time — and that
    few instances share (``rare``: ``params.rare_frame``, or more where the
    file is noisy and the group large) is explained better as a
    corrupted copy of its group's frame than as a frame of its own.  (A value
    seen once says nothing: a real variant that one value takes looks the
    same; and where the translators wrote two frames for the same values, each
    is shared by many instances.)  ``frames``: :func:`_frames` of ``al``, where
    the caller has them.
    """
    frames = _frames(al) if frames is None else frames
    by_value: dict = defaultdict(Counter)
    for f, spans in zip(frames, al.spans):
        for v in {s.occ.lexval for s in spans}:
            by_value[v][f] += 1
    support = Counter(frames)
    drawn, found = found_rates if found_rates is not None else _found_rates([al])
    # a slot the group's template does not write (the translator wrote another
    # slot twice) is missing from most instances: that is the template's, not noise
    placed_of = [{id(s.occ) for s in spans} for spans in al.spans]
    place_drawn: Counter = Counter()
    place_found: Counter = Counter()
    for placed, occs in zip(placed_of, al.occurrences or []):
        for o in occs:
            place_drawn[o.place] += 1
            place_found[o.place] += id(o) in placed
    out = []
    for f, spans, placed, occs in zip(frames, al.spans, placed_of,
                                      al.occurrences or [None] * len(frames)):
        vals = {s.occ.lexval for s in spans}
        if occs is not None and any(
                id(o) not in placed and drawn[o.lexval] >= 2
                and 2 * found[o.lexval] > drawn[o.lexval]
                and 2 * place_found[o.place] >= place_drawn[o.place] for o in occs):
            # a value the model finds elsewhere but not here: its text is none
            # of the value's forms (a corrupted word).  Found in most of its
            # instances is enough: in a noisy file a value drawn fifteen
            # times had four corrupted (found in eleven, under the three
            # quarters once asked), and its question, a vowel sign replaced,
            # wrote a template of its own with no slot
            out.append(True)
            continue
        odd = bool(vals) and support[f] <= (params.rare_frame if rare is None else rare) and all(
            sum(by_value[v].values()) >= 2 and 2 * by_value[v][f] <= sum(by_value[v].values())
            for v in vals)
        out.append(odd)
    return out


def corrupted_frames(regions: Sequence, dropped_alike: int = 0, swapped_alike: int = 0) -> dict:
    """``(group, instance)`` → the ``(field, unit)`` places near its
    corruption, for the instances whose skeleton — their frame units, each
    run of other units one gap — is one corruption (:func:`one_edit`) from
    the group's most common skeleton, which three or more instances show,
    while no other instance shows theirs: a frame word dropped, replaced or
    swapped, or a value's unit swapped past a frame unit (``更年的长`` for
    ``更年长的``: one gap more).  A reading there, beside a value, does not
    vote on the value's word (:mod:`.edges`); one far from the corruption
    (a particle dropped at the other end of the sentence) still does.
    ``dropped_alike`` instances may show alike a skeleton that only lacks
    one word of the common one written apart (:class:`.params.ModelParams`):
    a word dropped, or replaced by one no frame writes, which joins the gap
    beside it (``Ahmed'ñınču sigigüri?`` and ``lıwugurı?`` in a question of
    twenty that reads ``Nol …?``: the reading ``ñınču`` beside *younger*
    voted for it as the value's word, and it went into *younger* in every
    template).  ``swapped_alike`` instances may show alike a skeleton that
    only swaps two neighbouring frame units of the common one (``Ču ro šo
    ašomtum?`` twice in a question of twenty that reads ``Ču šo ro …?``:
    the one instance of *stronger* there voted, with the frame's ``šo``
    beside the value, against the comparative's ``ro`` every clean instance
    of it shows, and *stronger* lost its ``ro``)."""
    out: dict = {}
    for g, gr in enumerate(regions):
        skeletons = [_skeleton(fields, gr.frame[i]) for i, fields in enumerate(gr.texts)]
        if not skeletons:
            continue
        token_rows = [tuple(t for t, _places in sk) for sk in skeletons]
        counts = Counter(token_rows)
        modal, n = counts.most_common(1)[0]
        if n < 3:
            continue
        at_modal = token_rows.index(modal)
        for i, (sk, tokens) in enumerate(zip(skeletons, token_rows)):
            if not one_edit(tokens, modal) or counts[tokens] != 1 and not (
                    counts[tokens] < n
                    and (counts[tokens] <= dropped_alike
                         and _drops_a_word(tokens, modal, gr.texts[at_modal],
                                           skeletons[at_modal])
                         or counts[tokens] <= swapped_alike
                         and _swaps_frame_units(tokens, modal))):
                continue
            p = 0
            while p < min(len(tokens), len(modal)) and tokens[p] == modal[p]:
                p += 1
            q = 0
            while q < min(len(tokens), len(modal)) - p and tokens[-1 - q] == modal[-1 - q]:
                q += 1
            # the differing stretch and one token either side of it
            near = set()
            for _t, places in sk[max(0, p - 1):min(len(sk), len(sk) - q + 1)]:
                near.update(places)
            out[(g, i)] = frozenset(near)
    return out


def _swaps_frame_units(tokens: tuple, modal: tuple) -> bool:
    """Is skeleton ``tokens`` the ``modal`` one with two neighbouring frame
    units swapped (not a gap, not a field's end)?"""
    if not swapped(tokens, modal):
        return False
    k = next(k for k in range(len(tokens)) if tokens[k] != modal[k])
    return all(t is not None and t != "\n" for t in tokens[k:k + 2])


def _drops_a_word(tokens: tuple, modal: tuple, fields, skeleton: list) -> bool:
    """Is skeleton ``tokens`` the ``modal`` one without one frame unit, a
    word written apart from its neighbours (``fields``, the units of an
    instance that shows ``modal``, whose :func:`_skeleton` is ``skeleton``)?"""
    p = dropped_at(tokens, modal)
    if p < 0 or modal[p] is None or modal[p] == "\n":
        return False
    (f, k), = skeleton[p][1]
    t = fields[f]
    return t.kinds[k] == WORD and not t.glued[k] and not (k + 1 < len(t) and t.glued[k + 1])


def _skeleton(fields, frame) -> list:
    """An instance's frame units in order, a run of other units as one gap
    (None), fields one after the other: ``(token, its (field, unit) places)``."""
    out: list = []
    for f, (t, flags) in enumerate(zip(fields, frame)):
        for k, (u, flag) in enumerate(zip(t.units, flags)):
            if flag:
                out.append((u, [(f, k)]))
            elif not out or out[-1][0] is not None:
                out.append((None, [(f, k)]))
            else:
                out[-1][1].append((f, k))
        out.append(("\n", []))
    return out


def corrupted_copy(a: Sequence, b: Sequence, paradigms: dict | None = None,
                   alone: bool = True, doubles: bool = True,
                   foreign: frozenset = frozenset()) -> bool:
    """Is frame ``a`` more likely a corrupted copy of frame ``b`` than a
    variant of it?  One corruption (:func:`one_edit`) apart, unless the one
    token that differs is another form of the same word (``наибольшим`` /
    ``наибольшей``: the frame agreeing with a value) or stands where the
    group's frames already alternate (``với`` / ``về`` / ``vào``: the
    preposition each value selects; ``paradigms``, :func:`frame_paradigms`)
    and keeps what every alternative there shares (``{adj}me?`` /
    ``{adj}ma?``: a value that selected a third ending would still end the
    question; ``{adj}.`` is the token a corruption replaced).
    A replacement drawn from the vocabulary rarely shares its word's stem or
    lands on the one place a value changes; a variant a value selects does.
    A token more than ``b`` is a corruption only where it doubles its
    neighbour: the corruptions drop, double, swap or replace tokens, none
    puts a new one in.  Near a slot the neighbour it doubles may be the
    value's edge, which the frame does not show, or it may be the value's
    edge a swap moved out: there it is one where ``alone`` says one instance
    at most shows ``a`` (the caller, :func:`_copies`, not counting those
    that double a token at a value's edge) -- the same token put in beside
    a slot in two instances doubles no two values' edges.  A token put in
    right beside the slot doubles the value's edge only where an instance
    shows that edge twice (``doubles``: the caller counts them in the
    text); a swap moves a unit past a frame unit, two tokens away.  Where
    none does, the token is new: the ending the value selects (``速い`` of
    ``速いですか`` for *faster*, drawn once, where the other adjectives
    take ``ですか`` bare).  A word the file writes only inside values
    (``foreign``, :func:`value_words`: ``hıdu`` of a profession, put in
    for the ``zü`` / ``ge`` a question's values select) is no third
    alternative the values select, but the corruption's draw."""
    if not one_edit(a, b):
        return False
    if len(a) == len(b) + 1:
        # a token put in: no corruption writes one but by doubling its
        # neighbour (``ですか`` with ``い`` before it, after two of the
        # question's nineteen adjectives, is the ending those two select)
        if _doubling(a, b):
            return True
        k = dropped_at(tuple(b), tuple(a))
        # (a value's edge unit a swap moved past the frame unit beside it,
        # ``谁更善？良``, is put in two tokens from the slot)
        touching = any(0 <= j < len(a) and a[j] is not None and "\0" in a[j]
                       for j in (k - 1, k + 1))
        if touching and not doubles:
            return False
        beside = [a[j] for j in range(k - 2, k + 3) if 0 <= j < len(a)]
        return alone and any(t is not None and "\0" in t for t in beside)
    if len(a) == len(b):
        diff = [k for k in range(len(a)) if a[k] != b[k]]
        if len(diff) == 1:
            k = diff[0]
            if a[k] in foreign:
                return True
            if same_stem(a[k], b[k]):
                return False
            alts = (paradigms or {}).get(_blanked(b, k))
            if alts and _keeps_shared(a[k], alts):
                return False
            # the word another frame writes between the same two words: the
            # class word ``pi`` that half the values select, before the
            # ending ``hi`` the other half select (seed 67 ``mix-all``: one
            # value, drawn once, takes both; each alternation is attested,
            # the frame with both is not)
            if a[k] in (paradigms or {}).get(_between(b, k), ()):
                return False
    return True


def _between(tokens: Sequence, k: int) -> tuple:
    """The place of token ``k`` as the two tokens beside it (None at an
    end), a key of :func:`frame_paradigms`."""
    return ("\2between", tokens[k - 1] if k > 0 else None,
            tokens[k + 1] if k + 1 < len(tokens) else None)


def _keeps_shared(token: str, alternatives) -> bool:
    """Does ``token`` keep the slots and the punctuation every one of
    ``alternatives`` begins and ends with?  A value selects a word or an
    ending (``với`` / ``về`` / ``vào`` share a ``v`` by chance, and ``tới``
    is a fourth), not the sentence's punctuation or the slot it is glued
    to: ``{adj}me?`` / ``{adj}ma?`` both hold the slot and end the
    question, ``{adj}.`` does not."""
    alts = list(alternatives)
    pre = _marks_and_punctuation(os.path.commonprefix(alts), 1)
    suf = _marks_and_punctuation(os.path.commonprefix([t[::-1] for t in alts])[::-1], -1)
    return len(token) >= len(pre) + len(suf) and token.startswith(pre) and token.endswith(suf)


def _marks_and_punctuation(text: str, side: int) -> str:
    """The longest beginning (``side`` 1) or end (-1) of ``text`` made of
    whole slot marks and characters that are no part of a word."""
    chars = text if side > 0 else text[::-1]
    opening, closing = ("\0", "\1") if side > 0 else ("\1", "\0")
    k = 0
    while k < len(chars):
        if chars[k] == opening:
            end = chars.find(closing, k)
            if end < 0:
                break
            k = end + 1
        elif chars[k] != closing and not word_char(chars[k]):
            k += 1
        else:
            break
    return text[:k] if side > 0 else text[len(text) - k:]


def _lacks_a_slot(f: tuple, c: tuple) -> bool:
    """Does frame ``f`` lack a slot frame ``c`` holds?"""
    return bool(Counter(_MARK.findall("".join(c))) - Counter(_MARK.findall("".join(f))))


def _doubling(a: Sequence, b: Sequence) -> bool:
    """Is ``a`` ``b`` with one token written twice (the copy beside it)?"""
    k = dropped_at(tuple(b), tuple(a))
    return k >= 0 and (k > 0 and a[k - 1] == a[k] or k + 1 < len(a) and a[k + 1] == a[k])


def _doubling_in_a_view(a_views: Sequence, b_views: Sequence) -> bool:
    """:func:`_doubling` in some way of counting the tokens (the views of
    :func:`_frame_support`, view by view)."""
    return any(_doubling(a, b) for a, b in zip(a_views, b_views))


def _replaced(a: Sequence, b: Sequence) -> bool:
    """Do ``a`` and ``b`` differ in one token put in for another?"""
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1


def _inflected(a: Sequence, b: Sequence) -> bool:
    """Do ``a`` and ``b`` differ in one token put in for another form of the
    same word (:func:`same_stem`)?"""
    if not _replaced(a, b):
        return False
    x, y = next((x, y) for x, y in zip(a, b) if x != y)
    return x is not None and y is not None and same_stem(x, y)


def _blanked(tokens: Sequence, k: int) -> tuple:
    return tuple(tokens[:k]) + (None,) + tuple(tokens[k + 1:])


def frame_paradigms(frames: Sequence[Sequence]) -> dict:
    """The places where two of these frames differ in one token only, each as
    the frame with that token blanked, with the tokens the frames write
    there: the places the group's values choose a word for.  And, keyed by
    :func:`_between`, each place as the two tokens beside it, with the tokens
    the frames write between them: where two places alternate (a class word
    and an ending), a frame that takes one alternative at each is a
    combination of what is written, in a frame of its own only where a value
    takes both."""
    seen: dict = {}
    out: dict = {}
    for f in frames:
        for k in range(len(f)):
            b = _blanked(f, k)
            if b in seen and seen[b] != f[k]:
                out.setdefault(b, {seen[b]}).add(f[k])
            seen.setdefault(b, f[k])
    for f in frames:
        for k in range(len(f)):
            out.setdefault(_between(f, k), set()).add(f[k])
    return {b: frozenset(t) for b, t in out.items()}


def one_edit_outliers(al: "GroupAlignment", shared: int, rate: float = 0.0,
                      chosen=None, frames: list | None = None,
                      foreign: frozenset = frozenset(), swapped_alike: int = 0,
                      dropped_alike: int = 0) -> list:
    """The instances whose frame is a corrupted copy (:func:`corrupted_copy`)
    of a frame more than ``shared`` instances show, and that no more
    instances show than one particular corruption of that frame is expected
    to hit: the group's expected corrupted instances (noise rate ``rate``)
    spread over the frame's tokens, at least one.  ``chosen``: a frame's
    word that a value beside it selects (:func:`selected_by_value`) makes
    it a variant, not a copy.  ``frames``: :func:`_frames` of ``al``, where
    the caller has them; ``foreign``: :func:`value_words`.
    ``swapped_alike`` and ``dropped_alike`` (:class:`.params.ModelParams`):
    as many instances may show alike a copy that only swaps two neighbouring
    words of the frame, or only lacks one of its words, as in a small group
    (:func:`small_group_outliers`) -- a large group has more corrupted
    instances to show the same one: two of fifty that lack ``firbe``
    (*airline*) made a template of their own, and the values drawn only
    there were missing from the main one (synthetic sentiment seed 112 at
    10 % noise)."""
    frames, support, tokens = _frame_support(al, frames)
    return _copies(frames, support, tokens,
                   {c: max(1.0, rate * len(frames) / max(1, len(tokens[c][0])))
                    for c, n in support.items() if n > shared}, chosen=chosen,
                   doubled=_doubled_frames(al, frames), foreign=foreign,
                   swapped_alike=swapped_alike, dropped_alike=dropped_alike)


MAX_FILLINGS = 16    # combinations of the values' forms tried per instance


def modal_copies(al: "GroupAlignment", frames: list, forms: dict) -> list:
    """Per instance: is it a corrupted copy of the group's common template,
    read with its values' forms rather than with its own spans?

    Where a corruption hits a word the model reads against a value -- a
    value replaced by a word beside a copy of its form (``zen fafazu`` for
    ``zen zen``, *that* of ``…, that {it} …``: the frame's ``zen`` read as
    the value and ``fafazu`` as the frame's), a value written twice with
    its comma (``sozujo, sozujo,``), a value swapped with its neighbour
    (``suk tano,`` for ``tano, suk``) -- the frame the spans give is two
    edits or more from the common one, or not a frame edit at all, and no
    frame test flags it: the instance became a template of its own.  Read
    with the forms the file gives its values, it is one corruption
    (:func:`.units.one_edit`, in each way the script counts them) from the
    group's common frame written out.  Such an instance, whose own frame no
    other instance shows, is a corrupted copy, as :func:`one_edit_outliers`
    judges a frame one corruption from the common one (a real variant one
    value takes looks the same; its values still reach the lexicon,
    :mod:`tea_solver.recover`).  A value is written as the common frame's
    instances read it, else with the file's forms.
    ``frames``: :func:`_frames` of ``al``; ``forms``: the file's forms per
    value."""
    n = len(frames)
    out = [False] * n
    support = Counter(frames)
    if not support or al.occurrences is None:
        return out
    modal, top = _most_common(support)
    if top < 3:
        return out
    spaced = written_spaced(t for fields in al.targets for t in fields)
    # how the instances with the common frame read each value (a slot with an
    # empty value writes its separator with the others: `` suk`` where the
    # file's form is ``suk``)
    read_as: dict = defaultdict(Counter)
    for f, spans in zip(frames, al.spans):
        if f == modal:
            for sp in spans:
                read_as[sp.occ.lexval][sp.text] += 1
    marks = [frame_parts(field) for field in modal]
    for i, (f, occs) in enumerate(zip(frames, al.occurrences)):
        if f == modal or support[f] > 1 or (al.suspicious and al.suspicious[i]):
            continue
        texts = [[t for t, _k in read_as[o.lexval].most_common()] or value_forms(o, forms)
                 for o in occs]
        if not all(texts):
            continue
        # (an instance the common frame writes out with some of its values'
        # forms is an instance of it, however its spans read)
        fillings = list(_modal_fillings(marks, occs, texts))
        if tuple(al.targets[i]) in fillings:
            continue
        mine = edit_views(al.targets[i], spaced)
        out[i] = any(one_edit_in_a_view(mine, edit_views(written, spaced))
                     for written in fillings)
    return out


def value_forms(o, forms: dict) -> list:
    """The file's forms of an occurrence's value; an empty source value (*but*
    left out: the ``{change}`` of *I love it,{change} I used to hate it*) that
    no form was read for is written as nothing.  [] where it has none."""
    found = forms.get(o.lexval)
    if found:
        return list(found)
    return [""] if o.lexval[-1] == "" else []


def _modal_fillings(marks: list, occs: Sequence, texts: list):
    """The common frame (``marks``: per field, its text parts and slot marks)
    written out with the instance's values, each way of giving its
    occurrences to the slots (cardinals of one lexicon in either order) and
    of choosing their forms, ``MAX_FILLINGS`` at most: the fields' texts."""
    by_mark: dict = defaultdict(list)       # slot mark -> its occurrences' texts
    for o, t in zip(occs, texts):
        by_mark[slot_mark(o.slot)].append(t)
    needed = Counter(p for field in marks for p in field if is_slot_mark(p))
    if set(needed) != set(by_mark) or any(len(by_mark[m]) != k for m, k in needed.items()):
        return
    orders = [[(m, list(order)) for order in islice(permutations(by_mark[m]), MAX_FILLINGS)]
              for m in needed]
    made = 0
    for choice in product(*orders):
        # (each mark takes its lexicon's occurrences in the chosen order)
        queue = {m: iter(order) for m, order in choice}
        slots = [next(queue[p]) for field in marks for p in field if is_slot_mark(p)]
        for picked in product(*slots):
            values = iter(picked)
            yield tuple("".join(next(values) if is_slot_mark(p) else p for p in field)
                        for field in marks)
            made += 1
            if made >= MAX_FILLINGS:
                return


def small_group_outliers(al: "GroupAlignment", rate: float = 0.0, chosen=None,
                         frames: list | None = None, swapped_alike: int = 0,
                         foreign: frozenset = frozenset(), dropped_alike: int = 0,
                         alpha: float = ModelParams().noise_alpha) -> list:
    """In a group too small for its values to recur (a question drawn once per
    value), the instances whose frame is a corrupted copy
    (:func:`corrupted_copy`) of a frame more instances share than the file's
    noise rate ``rate`` expects corrupted in the group (:func:`binomial_median`),
    and that no more instances share than that (at least one: two copies
    corrupted alike are likely where a fifth of a small group is).  Any such frame, not only the
    most common one: where the values select their frames (``больше всех
    {s} этим проектом`` / ``наиболее {s} относится к этому проекту``), a
    copy of the rarer frame with its last word dropped is as corrupt.  A
    frame with a copy of its own (a frame one corruption from it and from
    no frame as common) is a reference however few instances show it, and
    no copy itself.
    ``frames``: :func:`_frames` of ``al``, where the caller has them.
    ``swapped_alike``: how many instances may show alike a copy that only
    swaps two neighbouring words of its frame (``ما John؟ جنسية``, twice in a
    question of eight, for ``ما جنسية John؟``: :class:`.params.ModelParams`).
    ``dropped_alike``: the same for a copy that only lacks one whitespace
    word of its frame, a word that holds no slot.
    ``foreign``: :func:`value_words`, which :func:`corrupted_copy` takes for
    a corruption's wherever they stand.
    ``alpha``: a copy that only writes one of its reference's tokens twice in
    a row is a copy where no more instances show it than the group's
    corrupted instances number with a chance of at least ``alpha``
    (:func:`plausibly_corrupted`): no value selects a word written twice,
    and no group of the dev languages' human CheckLists has a template that
    writes twice a word another template of it writes once, while machine
    translation repeats words (``કોણ પ્રોજેક્ટ માટે સૌથી સૌથી વધુ {s} છે?``,
    three of twenty beside the fifteen of ``… સૌથી વધુ {s} છે?``)."""
    frames, support, tokens = _frame_support(al, frames)
    # a reference is a frame more instances share than the noise expects
    # corrupted (the mean); a copy, one no more instances share than it most
    # likely corrupts (the median, a count) where the copy writes a token of
    # the reference twice or lacks a value the reference holds: frames no
    # values select.  Any other copy is
    # one no more instances share than one particular corruption of the
    # reference most likely hits (``alike``: the median count of instances
    # corrupted at one of its tokens, at least one), or than the counts of
    # the corruptions with few outcomes allow (a swap, a word dropped from
    # a short spaced frame: ``swapped_alike``, ``dropped_alike``): ``{s}の
    # は``, two of twenty beside ``{s}なのは``, is the frame two values
    # select, one character dropped alike at one of twenty places being rare
    mean = max(1.0, rate * len(frames))
    copies = max(1, binomial_median(len(frames), rate))

    def alike(c) -> int:
        return max(1, binomial_median(len(frames), rate / max(1, len(tokens[c][0]))))
    # ... or a frame two or more instances share that no corruption of a
    # frame more instances share explains: copies corrupted alike come from
    # a frame, so a frame one corruption from none is what the values chose
    # (``für das Projekt``, twice in eighteen, and ``ist Wer … für das
    # Projekt`` once beside it: the swap copies the rarer frame)
    #
    # (a frame that writes another form of one word of a frame, ``с
    # наибольшей {s}`` beside ``с наибольшим {s}``, is no corruption of it:
    # a replacement draws its word from the vocabulary, and the form is what
    # the value selects, as :func:`corrupted_copy` says; ``Кто наибольшей
    # {s}``, one instance, is ``с наибольшей``'s copy, not ``наиболее``'s.
    # Words where the script has spaces, its one view: without spaces a
    # cluster is no word, and ``แงั`` is ``แงั้`` with a tone mark dropped)
    def step(c, d) -> bool:
        return one_edit_in_a_view(tokens[c], tokens[d]) and not (
            len(tokens[c]) == 1 and _inflected(tokens[c][0], tokens[d][0]))

    def explained(c) -> bool:
        return any(support[d] > support[c] and step(c, d) for d in support)
    # ... or a frame with a copy of its own: one corruption per instance
    # cannot make a frame one corruption from a copy and from no frame as
    # common, so the frame the copy is one corruption from was written
    # (``プロジェククト…{s}のは``, one doubled letter from the two ``{s}のは``
    # that three values select, two corruptions from the common ``{s}なのは``:
    # the two alone would be copies alike of the common frame).  A copy comes
    # from the frame more instances show where it is one corruption from
    # several; of two frames as common, from the one that is itself
    # one corruption from a commoner frame (its difference from it is the
    # variant's word, the copy's second difference its corruption); and it
    # holds every slot its frame holds (an instance whose value a corruption
    # replaced shows no slot there, and is a copy of nothing)
    slots = {f: sorted(_MARK.findall("".join(f))) for f in support}
    # ... and of two frames as common where neither is one corruption from a
    # commoner frame, from the one whose words the other lacks the group's
    # other frames write too (``プロジェクト`` of the common frame, not
    # ``プロジェムト``: a replaced letter is a word no frame writes)
    def doubles(a, b) -> bool:
        return _doubling_in_a_view(tokens[a], tokens[b])
    attached: Counter = Counter()
    for g, k in support.items():
        near = [f for f in support if f != g and support[f] >= k and slots[f] == slots[g]
                and step(g, f)]
        top = max((support[f] for f in near), default=0)
        near = [f for f in near if support[f] == top]
        if top == k:
            # (a frame that writes a token of the other twice is the copy,
            # whatever else says: ``Кто Кто наиболее {s} об этом проекте?``
            # beside the one instance of ``Кто наиболее {s} …``, whose
            # extra ``Кто`` the group's other frames write too)
            near = [f for f in near if doubles(g, f) or not doubles(f, g) and (
                    explained(f) and not explained(g)
                    or not explained(f) and not explained(g)
                    and attested(f, g, tokens) and not attested(g, f, tokens))]
        if len(near) == 1:
            attached[near[0]] += k
    held = support + attached
    odd = _copies(frames, held, tokens,
                  {c: copies for c, n in support.items()
                   if n > mean or (n >= 2 and not explained(c)) or attached[c]},
                  strictly_fewer=True, chosen=chosen, doubled=_doubled_frames(al, frames),
                  swapped_alike=swapped_alike, foreign=foreign,
                  dropped_alike=dropped_alike, alike=alike,
                  doubling_alike=plausibly_corrupted(len(frames), rate, alpha))
    return [o and not attached[f] for o, f in zip(odd, frames)]


def attested(f, g, tokens: dict) -> bool:
    """Does every word frame ``f`` has more than frame ``g`` (the first view
    of its ``tokens``, :func:`_frame_support`) stand in some other frame of
    the group (the other keys of ``tokens``)?  False where ``f`` has no word
    more."""
    more = Counter(tokens[f][0]) - Counter(tokens[g][0])
    if not more:
        return False
    others = set()
    for h, views in tokens.items():
        if h != f and h != g:
            others.update(views[0])
    return all(t in others for t in more)


def dropped_word(a: Sequence, b: Sequence) -> bool:
    """Is frame ``a`` frame ``b`` (both as words) without one of ``b``'s
    words, one that holds no slot mark?"""
    k = dropped_at(tuple(a), tuple(b))
    return k >= 0 and b[k] is not None and "\0" not in b[k]


def _copies(frames: list, support: Counter, tokens: dict, expected: dict,
            strictly_fewer: bool = False, chosen=None, doubled: dict | None = None,
            swapped_alike: int = 0, foreign: frozenset = frozenset(),
            dropped_alike: int = 0, alike=None, doubling_alike: int = 0) -> list:
    """Per instance: is its frame a corrupted copy of a reference frame ``c``
    (a key of ``expected``, whose alternations are the paradigms) that more
    instances show than ``expected[c]`` (``strictly_fewer``: than show the
    copy's own), while no more than ``expected[c]`` show its own?  Not where
    the one word it puts in for the reference's is one a value beside it
    selects (``chosen(frame, tokens, k)``, :func:`selected_by_value`).
    ``doubled``: per frame, how many of its instances double a token at a
    value's edge (:func:`_doubled_frames`): a token put in beside a slot is
    a corruption where at most one of the frame's instances that double
    nothing shows it.  ``swapped_alike``: a copy that only swaps two
    neighbouring words of ``c`` (in the first view) is one where that many
    instances show it, if ``expected[c]`` is fewer; ``dropped_alike`` the
    same for a copy that only lacks one word of ``c`` that holds no slot,
    where the script has spaces (one view: words).  ``foreign``: the
    lexicons' words no frame writes (:func:`value_words`).  ``alike(c)``:
    how many instances one particular corruption of ``c`` most likely hits,
    where ``expected[c]`` counts every corruption; it bounds the copies
    alike of ``c`` that double no token, in the frame or at a value's edge,
    and hold every slot ``c`` holds (a token written twice, a value the
    source has and the text lacks: a frame no values select, whichever the
    count).  ``doubling_alike``: as many instances may show alike a copy that
    only writes one of ``c``'s tokens twice in a row, if fewer show it than
    show ``c``."""
    doubled = doubled or {}
    # one view per way of counting tokens (words; or clusters and code points)
    n_views = len(next(iter(tokens.values()))) if tokens else 0
    views = [{f: per_view[k] for f, per_view in tokens.items()} for k in range(n_views)]
    paradigms = [frame_paradigms([view[c] for c in expected]) for view in views]
    # several copies corrupted alike are likely where the corruption has few
    # outcomes (a word dropped, doubled or swapped at one place), not where
    # it drew a word to put in (``über das Projekt`` for ``für das
    # Projekt``, twice, is the variant two values select)
    def selected(f, c) -> bool:
        if chosen is None or not views:
            return False
        a, b = views[0][f], views[0][c]
        if not _replaced(a, b):
            return False
        return chosen(f, a, next(k for k in range(len(a)) if a[k] != b[k]))
    def allowed(f, c, e) -> int:
        if not views:
            return e
        a, b = views[0][f], views[0][c]
        if _doubling_in_a_view(tokens[f], tokens[c]):
            return max(e, doubling_alike)
        if alike is not None and not doubled.get(f, 0) and not _lacks_a_slot(f, c):
            e = min(e, alike(c))
        if swapped(a, b):
            return max(e, swapped_alike)
        if n_views == 1 and dropped_word(a, b):
            return max(e, dropped_alike)
        return e
    odd = {f: any(c != f and support[f] <= allowed(f, c, e)
                  and (support[f] < support[c] if strictly_fewer else e < support[c])
                  and any(corrupted_copy(view[f], view[c], par,
                                         support[f] - doubled.get(f, 0) <= 1,
                                         doubled.get(f, 0) > 0, foreign)
                          and (support[f] == 1 or not _replaced(view[f], view[c]))
                          for view, par in zip(views, paradigms))
                  and not selected(f, c)
                  for c, e in expected.items())
           for f in support}
    return [odd[f] for f in frames]


def _doubled_frames(al: "GroupAlignment", frames: list) -> Counter:
    """Per frame, how many of its instances show a token written twice in
    a row, one of the two touching a value's span (words where the group's
    script has spaces, grapheme clusters where it has none): a doubling at a
    value's edge puts a token in beside the slot that the frame alone cannot
    tell from a new one (``Ai cao hơn? hơn?``, twice in a question where
    every value ends in ``hơn``; ``更更邪恶`` beside another corruption that
    left ``更`` out of its value's span; without spaces, a code point written
    twice, one of the two in a value's span or touching it)."""
    spaced = written_spaced(t for target in al.targets for t in target)
    shows: Counter = Counter()
    for f, target, spans in zip(frames, al.targets, al.spans):
        hit = False
        for fld, text in enumerate(target):
            bounds = edit_spans(text, spaced)
            vals = [(sp.start, sp.end) for sp in spans if sp.field == fld]
            for (a0, a1), (b0, b1) in zip(bounds, bounds[1:]):
                if text[a0:a1] == text[b0:b1] and any(
                        s0 < e1 and e0 < s1 for s0, s1 in vals
                        for e0, e1 in ((a0, a1), (b0, b1))):
                    hit = True
                    break
            # (without spaces the noise doubles a code point, which need not
            # be a whole cluster: ``គគ្ភុះ``, the value's first consonant
            # before the cluster it starts)
            if not hit and not spaced:
                hit = any(text[p] == text[p + 1] and word_char(text[p])
                          and any(s0 <= p + 1 and p < s1 for s0, s1 in vals)
                          for p in range(len(text) - 1))
            if hit:
                break
        shows[f] += hit
    return shows


_MARK = regex.compile("\0[^\1]*\1")


@lru_cache(maxsize=65536)
def _end_marks(token: str) -> tuple:
    """The slot marks a frame token begins and ends with (or None): the slot
    a word before it follows, and the slot a word after it follows.
    (Cached: a file's frames share a few tokens, read for every instance.)"""
    marks = _MARK.findall(token or "")
    first = marks[0] if marks and token.startswith(marks[0]) else None
    last = marks[-1] if marks and token.endswith(marks[-1]) else None
    return first, last


@lru_cache(maxsize=65536)
def _glued(token: str | None) -> tuple:
    """The letters a frame token glues to the slot it begins or ends with:
    ``(mark, side, ("glued", letters))`` -- side 1, after the value
    (``dö`` of ``{s}dö?``), side -1, before it (:func:`.units.glued_run`; a
    token is a word); none where only punctuation or nothing touches the slot.
    (Cached, hence a tuple: a file's frames share a few tokens, read for
    every instance.)"""
    if not token:
        return ()
    first, last = _end_marks(token)
    out = []
    for mark, side, pos in ((first, 1, len(first or "")),
                            (last, -1, len(token) - len(last or ""))):
        run = glued_run(token, pos, side, True) if mark is not None else ""
        if run:
            out.append((mark, side, ("glued", run)))
    return tuple(out)


def _instance_tokens(al: "GroupAlignment", frames: list | None = None) -> list:
    """Per instance: its frame, the frame's tokens (the first
    :func:`.units.edit_views` view) and its slots' values by slot mark.
    ``frames``: :func:`_frames` of ``al``, where the caller has them."""
    spaced = written_spaced(t for target in al.targets for t in target)
    # tokens per distinct frame, made once (most instances share a few frames)
    views: dict = {}
    out = []
    for f, spans in zip(_frames(al) if frames is None else frames, al.spans):
        toks = views.get(f)
        if toks is None:
            toks = views[f] = edit_views(f, spaced)[0]
        out.append((f, toks, {slot_mark(s.slot): s.occ.lexval for s in spans}))
    return out


def value_words(groups: Sequence["GroupAlignment"], rows: Sequence[list]) -> frozenset:
    """The words the file writes inside values, and in frames only as a
    corruption puts a word in: in one instance of a group at most, and in
    fewer instances than inside values -- words of lexicons (``hıdu`` of a
    profession, ``Henñuldifen`` a nationality, which two corruptions drew)
    that a corruption drew from the vocabulary to put in for a frame word.
    A word a value selects in the frame (a preposition) is a frame word
    wherever it stands, in every instance of that value; it stands inside
    no value.  (Tokens as the corruptions count them,
    :func:`_instance_tokens`; per instance, each word once.  Where the
    script has spaces a corruption draws a whitespace word of the file, so
    a value's last word comes with the punctuation the frame glues to it:
    ``lang.`` of ``chuột lang.``, *a guinea pig* before the full stop, put
    in for a question's ``về``.)"""
    in_frames: Counter = Counter()
    most_in_group: Counter = Counter()
    in_values: Counter = Counter()
    for al, group_rows in zip(groups, rows):
        spaced = written_spaced(t for target in al.targets for t in target)
        here: Counter = Counter()
        for (_f, toks, _values), spans, target in zip(group_rows, al.spans, al.targets):
            here.update({t for t in toks if t is not None})
            words = {t for sp in spans for t in edit_tokens(sp.text, spaced)}
            if spaced:
                words.update(_words_over(target, spans))
            in_values.update(words)
        in_frames.update(here)
        for t, n in here.items():
            most_in_group[t] = max(most_in_group[t], n)
    return frozenset(t for t, n in in_values.items()
                     if n >= 2 and most_in_group[t] <= 1 and in_frames[t] < n)


def _words_over(target: tuple, spans: Sequence) -> set:
    """The whitespace words of an instance's fields that a value's span
    reaches into (with whatever the frame glues to the value)."""
    out = set()
    for sp in spans:
        text = target[sp.field]
        out.update(text[a:b] for a, b in edit_spans(text, True)
                   if a < sp.end and sp.start < b)
    return out


def words_value_neighbourss(rows: Sequence[list]) -> dict:
    """``(value, side, word)`` → the groups (``rows``: per group, its
    :func:`_instance_tokens`) where the value *selects* that
    frame word beside its span (side 1: after it): at least half of the
    value's instances there show it, while most of the other values of the
    slot there do not (a word every value of the slot has beside it is the
    template's, whichever value stands there: the end of the sentence before
    a name)."""
    by_value: Counter = Counter()       # (value, side, word, group)
    by_slot: Counter = Counter()        # (slot, side, word, group)
    n_value: Counter = Counter()        # (value, group): instances with its span
    n_slot: Counter = Counter()         # (slot, group)
    for g, group_rows in enumerate(rows):
        for _frame, toks, values in group_rows:
            for v in set(values.values()):
                n_value[(v, g)] += 1
                n_slot[(v[:2], g)] += 1
            seen = set()
            for k, tok in enumerate(toks):
                first, last = _end_marks(tok)
                if last in values and k + 1 < len(toks) and toks[k + 1] is not None:
                    seen.add((values[last], 1, toks[k + 1]))
                if first in values and k > 0 and toks[k - 1] is not None:
                    seen.add((values[first], -1, toks[k - 1]))
                seen.update((values[mark], side, glue) for mark, side, glue in _glued(tok)
                            if mark in values)
            for v, side, word in seen:
                by_value[(v, side, word, g)] += 1
                by_slot[(v[:2], side, word, g)] += 1
    out: dict = defaultdict(set)
    for (v, side, word, g), n in by_value.items():
        others = n_slot[(v[:2], g)] - n_value[(v, g)]
        if 2 * n >= n_value[(v, g)] and \
                2 * (by_slot[(v[:2], side, word, g)] - n) < others:
            out[(v, side, word)].add(g)
    return out


def selected_by_value(rows: list, g: int, beside: dict):
    """``chosen(frame, tokens, k)``: is the word ``tokens[k]`` of ``frame``
    one that the value beside it, in each of group ``g``'s instances
    (``rows``: :func:`_instance_tokens`) with that frame, selects in another
    template of the file (:func:`words_value_neighbourss`)?  A value selects the word next to it
    (*interested* takes *in*; Vietnamese ``quan tâm`` takes ``tới`` where
    other states take ``với`` or ``về``), so the same word beside the same
    value in two templates is a variant the value chooses; a corruption puts
    in a word drawn from the vocabulary, which rarely is the one that value,
    and not the others, has beside it elsewhere."""
    by_frame: dict = defaultdict(list)
    for f, _toks, values in rows:
        by_frame[f].append(values)

    def chosen(frame, tokens, k) -> bool:
        rows = by_frame.get(frame, [])

        def selects(mark, side, word) -> bool:
            # in every instance with this frame, the value at ``mark``
            # selects ``word`` on that side in another template
            return bool(rows) and all(mark in values and beside.get(
                (values[mark], side, word), set()) - {g} for values in rows)
        # the ending glued to the value in the word itself (``{s}dö?`` where
        # the other values take ``do``: harmony, as the value's other
        # templates show)
        if any(selects(mark, side, glue) for mark, side, glue in _glued(tokens[k])):
            return True
        for side, j in ((1, k - 1), (-1, k + 1)):     # the word after / before the slot
            if not 0 <= j < len(tokens) or tokens[j] is None:
                continue
            first, last = _end_marks(tokens[j])
            mark = last if side > 0 else first
            if mark is not None and selects(mark, side, tokens[k]):
                return True
        return False
    return chosen


def _frame_support(al: "GroupAlignment", frames: list | None = None
                   ) -> tuple[list, Counter, dict]:
    """Each instance's frame, how many instances show each frame, and each
    frame's tokens for counting corruptions: one view (words) where the
    script has spaces, two (grapheme clusters, code points) where it has
    none (:func:`.units.edit_views`).  ``frames``: :func:`_frames` of
    ``al``, where the caller has them."""
    frames = _frames(al) if frames is None else frames
    support = Counter(frames)
    spaced = written_spaced(t for target in al.targets for t in target)
    tokens = {f: edit_views(f, spaced) for f in support}
    return frames, support, tokens


def noise_rate(groups: Sequence["GroupAlignment"], forms: dict, params: ModelParams) -> float:
    """The share of corrupted instances in the file: instances whose frame is
    at odds with their values (:func:`suspicious`), over the instances of
    groups large enough to tell (``params.noise_group``).  A corruption that
    lands in a value makes the value unrecognisable, so its text stays in the
    frame and the frame is at odds too.  A corruption that produces a
    clean-looking instance is not counted: the estimate errs low."""
    bad, total = noise_counts(groups, params.noise_group)
    return bad / total if total else 0.0


def noise_counts(groups: Sequence["GroupAlignment"], least: int) -> tuple[int, int]:
    """Flagged instances and instances, over the groups of ``least``
    instances or more (:func:`noise_rate`)."""
    bad = total = 0
    for al in groups:
        if len(al.targets) < least:
            continue
        flags = al.suspicious if al.suspicious is not None else suspicious(al)
        bad += sum(flags)
        total += len(flags)
    return bad, total


def noisy_file(bad: int, total: int, params: ModelParams) -> bool:
    """Is the file noisy: ``bad`` flagged instances of ``total`` more than
    ``params.prior_template`` (π) of them, and more than clean instances that
    need a template of their own would give by chance — the chance of seeing
    ``bad`` or more of ``total`` at rate π is below ``params.noise_alpha``
    (the upper tail of the binomial distribution)?"""
    prior = params.prior_template
    if not total or bad <= prior * total:
        return False
    return binomial_tail(bad, total, prior) < params.noise_alpha


def _evidence(groups, prepared, params: ModelParams, aligner: dict | None = None) -> Evidence:
    """What the source and the file say beyond the observations (:mod:`.edges`)."""
    sources: dict = defaultdict(set)
    siblings: dict = defaultdict(set)
    adjacent: dict = {}
    group_units, group_slots = [], []
    units, joined, spans_of, row_of, base_of = [], [], {}, {}, {}
    beside_of: dict = {}
    # (slot, side), and (value, side): group -> the source words standing there
    neighbours: dict = defaultdict(lambda: defaultdict(Counter))
    value_neighbours: dict = defaultdict(lambda: defaultdict(Counter))
    pairs: Counter = Counter()      # adjacent units, both of a script without spaces
    for g, (insts, (texts, os_list)) in enumerate(zip(groups.values(), prepared)):
        counts: Counter = Counter()
        slots = set()
        for i, (inst, fields, os) in enumerate(zip(insts, texts, os_list)):
            for o in os:
                sources[o.slot].add(o.lexval[2])
                slots.add(o.slot)
                if o.element is not None:
                    siblings[o.slot].add((o.lexval[2], sibling_strings(o)))
            adjacent[(g, i)] = adjacent_pairs(os, inst.source)
            row_units = []
            for f, t in enumerate(fields):
                counts.update(t.units)
                kinds = t.kinds
                for k in range(len(t.units) - 1):
                    if kinds[k] == CHAR and kinds[k + 1] == CHAR:
                        pairs[(t.units[k], t.units[k + 1])] += 1
                base_of[(g, i, f)] = len(row_units)
                row_units.extend(t.units)
            row_of[(g, i)] = len(units)
            units.append(row_units)
            src = "\n".join(inst.source)
            joined.append(src)
            starts = [0]
            for part in inst.source[:-1]:
                starts.append(starts[-1] + len(part) + 1)
            positions = source_positions(os, inst.source)
            for o, (f, a, b) in positions.items():
                spans_of[(g, i, o)] = [(starts[f] + a, starts[f] + b)]
                before = list(_WORD.finditer(inst.source[f][:a]))
                left = before[-1] if before else None          # the last word before it
                right = _WORD.search(inst.source[f], b)     # the first word after it
                # the source frame word beside the value, each side (a word of
                # another slot's value there is no frame word: *quite happy*)
                for side, m in ((-1, left), (1, right)):
                    if m is None:
                        continue
                    m_start, m_end = m.span()
                    if not any(f2 == f and a2 < m_end and m_start < b2
                               for o2, (f2, a2, b2) in positions.items() if o2 is not o):
                        beside_of[(g, i, o, side)] = [(starts[f] + m_start, starts[f] + m_end)]
                for side, m in ((-1, left), (1, right)):
                    word = m.group().lower() if m else ""
                    neighbours[(o.slot, side)][g][word] += 1
                    value_neighbours[(o.lexval, side)][g][word] += 1
        group_units.append(counts)
        group_slots.append(slots)
    # per instance, row by row: ``(start, end, value)`` of each value's source span
    owners: list = [[] for _ in joined]
    for (g, i, o), spans in spans_of.items():
        owners[row_of[(g, i)]].extend((a, b, o.lexval) for a, b in spans)
    name = (aligner or {}).get("name", "cooccurrence")
    if name == "simalign":
        from tea_solver.keys.simalign_backend import SimAlignment
        ibm = SimAlignment(units, joined, model=aligner.get("model"),
                           method=aligner.get("method", "itermax"))
    elif name == "cooccurrence":
        ibm = Alignment(units, joined, params.ibm_iterations, params.ibm_smoothing,
                        owners=owners) if params.ibm_iterations else None
    else:
        raise InputError("unknown aligner %r (choose cooccurrence or simalign)" % name)
    # a slot whose source neighbour on a side differs between groups: target
    # material constant on that side translates no source frame word
    # (and a slot beside one and the same source word in every group: a
    # paradigm of target units there, in a script without spaces, may
    # translate it)
    # (and per value, over the groups it stands in, where it stands in two
    # or more: a slot beside *it* in three templates and *I* in three, whose
    # values are drawn each in the three of one kind -- *was not* always
    # after *it* -- has constant material there that may translate *it*:
    # ``ផួំ`` glued before ``ឆាះដុំ`` is the frame's, not the value's)
    unbound, governed = {}, {}
    for key, per_group in neighbours.items():
        words = {c.most_common(1)[0][0] for c in per_group.values()}
        unbound[key] = float(len(words) >= 2)
        governed[key] = float(len(words) == 1 and regex.match(r"\w", next(iter(words))) is not None)
    for key, per_group in value_neighbours.items():
        if len(per_group) >= 2:
            unbound[key] = float(len({c.most_common(1)[0][0] for c in per_group.values()}) >= 2)
    return Evidence(source_licenses(sources, siblings), adjacent, group_units, group_slots,
                    ibm, spans_of, row_of, base_of, unbound, unit_pairs=pairs,
                    governed=governed, beside_spans=beside_of,
                    content_spans=_content_spans(spans_of, sources),
                    all_value_spans=[tuple((a, b) for a, b, _v in row) for row in owners])


def _content_spans(spans_of: dict, sources: dict) -> dict:
    """``(group, inst, occurrence) -> [(start, end)]``: the value's source span
    less the function words at its edges that its slot's other values share
    (:func:`.source.content_part`: *cow* of *a cow*)."""
    edges = {slot: edge_word_counts(values) for slot, values in sources.items()}
    out = {}
    for (g, i, o), spans in spans_of.items():
        text = o.lexval[2]
        part = content_part(text, *edges[o.slot]) if o.slot in edges else text
        at = text.find(part) if part else -1
        if at < 0 or part == text:
            out[(g, i, o)] = spans
            continue
        out[(g, i, o)] = [(a + at, a + at + len(part)) for a, _b in spans]
    return out


def _own_mass(ev: Evidence):
    """``mass(g, i, piece, k)``: the alignment's posterior mass of unit ``k``
    of a region piece on the source words of the piece's own value, less the
    function words its lexicon's values share at their edges (the article of
    *a cow*, which its class word translates: where the alignment sees word
    order, that word's mass on the value is as high as the noun's) (None
    without an alignment)."""
    if ev.ibm is None:
        return None

    def mass(g: int, i: int, p, k: int) -> float:
        return ev.ibm.mass(ev.ibm_row[(g, i)], ev.unit_base[(g, i, p.field)] + k,
                           ev.content_spans.get((g, i, p.occ), ()))
    return mass


def _modal(counters: Sequence[Counter]) -> Counter:
    """The most common of a group's per-instance counters (a corrupted
    instance's frame is a minority)."""
    keyed = Counter(frozenset(c.items()) for c in counters)
    return Counter(dict(keyed.most_common(1)[0][0])) if keyed else Counter()


def slot_bound_units(groups, prepared, regions) -> dict:
    """Frame units that translate a slot, not a word of the source frame:
    ``(group, slot) -> set of unit texts``.

    Two groups whose source templates have the same frame words translate
    the same frame; where one has a slot the other lacks (*somewhat* where
    the other has *very*), the frame units it has more (``有`` before
    ``有点`` and ``有几分``) translate that slot.  A unit counts where it is
    extra in at least half of the comparisons with groups lacking the slot.
    """
    src_frame, slots, tgt_frame = [], [], []
    for insts, (texts, os_list), gr in zip(groups.values(), prepared, regions):
        words, units = [], []
        for inst, fields, os, flags in zip(insts, texts, os_list, gr.frame):
            spans = sorted(source_positions(os, inst.source).values())
            rest = [list(part) for part in inst.source]
            for f, a, b in spans:
                for k in range(a, b):
                    rest[f][k] = " "
            words.append(Counter(w.lower() for part in rest for w in _WORD.findall("".join(part))))
            units.append(Counter(u for t, fl in zip(fields, flags)
                                 for u, is_frame in zip(t.units, fl) if is_frame))
        src_frame.append(frozenset(_modal(words).items()))
        slots.append(Counter(o.slot for o in os_list[0]) if os_list else Counter())
        tgt_frame.append(_modal(units))
    by_frame: dict = defaultdict(list)
    for g, key in enumerate(src_frame):
        by_frame[key].append(g)
    out: dict = defaultdict(set)
    for members in by_frame.values():
        for g2 in members:
            for slot in slots[g2]:
                lacking = [g1 for g1 in members if slots[g1][slot] < slots[g2][slot]]
                extra: Counter = Counter()
                for g1 in lacking:
                    extra.update(set(tgt_frame[g2] - tgt_frame[g1]))
                for u, k in extra.items():
                    if 2 * k >= len(lacking):
                        out[(g2, slot)].add(u)
    return dict(out)


def _group_spans(names, groups, prepared, regions, obs: Sequence[Obs], settled: Settled):
    """Per group, per instance, the spans; occurrences without one are looked
    up by their value's forms in the text (a value no unit identified)."""
    placed: dict = defaultdict(list)
    for n, o in enumerate(obs):
        sp = settled.spans[n]
        if sp is not None:
            placed[(o.group, o.inst)].append((o.occ, o.field, sp[0], sp[1]))
    out = []
    for g, (insts, (texts, os_list)) in enumerate(zip(groups.values(), prepared)):
        rows = []
        for i, (fields, os) in enumerate(zip(texts, os_list)):
            have = placed.get((g, i), [])
            done = {id(p[0]) for p in have}
            for o in os:
                if id(o) in done:
                    continue
                # its forms, or (a value no instance placed) its source text
                hit = _find(o, fields, have, settled.forms.get(o.lexval) or [o.lexval[2]],
                            regions[g].frame[i])
                if hit is not None:
                    have.append(hit)
            spans = sorted((Span(o, f, a, b, fields[f].text[a:b]) for o, f, a, b in have),
                           key=lambda s: (s.field, s.start))
            rows.append(spans)
        _place_repeats(texts, rows)
        _place_empty(texts, os_list, rows)
        out.append(GroupAlignment([tuple(t.text for t in fields) for fields in texts], rows,
                                  occurrences=[list(os) for os in os_list]))
    return out


def _repeat_at(fields, spans, sp) -> tuple | None:
    """Where the text of span ``sp`` stands again in its instance, on grapheme
    bounds, clear of every span; None if nowhere."""
    if not sp.text:
        return None
    for f, t in enumerate(fields):
        for a, b in _literal_hits(sp.text, t.text):
            if a in t.cuts and b in t.cuts and not any(
                    x.field == f and a < x.end and x.start < b for x in spans):
                return (f, a, b)
    return None


def _literal_hits(needle: str, text: str):
    """``(start, end)`` of each non-overlapping occurrence of ``needle`` (not
    empty) in ``text``, left to right: what ``re.finditer(re.escape(needle),
    text)`` gives, without escaping and compiling a pattern per value."""
    n = len(needle)
    k = text.find(needle)
    while k >= 0:
        yield k, k + n
        k = text.find(needle, k + n)


def _place_repeats(texts, rows) -> None:
    """A value the group's template writes twice (the translator repeated
    ``{first_name}`` where the source has a second name): where most instances
    of the group show a value's text again, clear of every span, the copy is
    the same slot again.  A coincidence follows no value: it cannot recur in
    most instances while the values change."""
    found: dict = defaultdict(list)         # place -> [(row, span, where)]
    for fields, spans in zip(texts, rows):
        for sp in list(spans):
            hit = _repeat_at(fields, spans, sp)
            if hit is not None:
                found[sp.occ.place].append((spans, sp, hit))
    for place, hits in found.items():
        if 2 * len(hits) < len(rows) or len({sp.text for _r, sp, _h in hits}) < 2:
            continue
        for spans, sp, (f, a, b) in hits:
            if any(x.field == f and a < x.end and x.start < b for x in spans):
                continue
            spans.append(Span(sp.occ, f, a, b, sp.text))
            spans.sort(key=lambda s: (s.field, s.start))


def _place_empty(texts, os_list, rows) -> None:
    """Give a value drawn as the empty string (``{change}`` = ``""``) an empty
    span where its slot stands in the instances that drew a non-empty value:
    between the same frame text on its left and on its right.  Without it the
    template would lose the slot for those instances (two templates where the
    CheckList writes one)."""
    context: dict = defaultdict(Counter)       # (draw name, element, nth) -> (left, right)
    for fields, spans in zip(texts, rows):
        for k, sp in enumerate(spans):
            if sp.text:
                t = fields[sp.field].text
                before = max([x.end for x in spans[:k] if x.field == sp.field] + [0])
                after = min([x.start for x in spans[k + 1:] if x.field == sp.field] + [len(t)])
                key = sp.occ.place
                context[key][(t[max(before, sp.start - 8):sp.start],
                              t[sp.end:min(after, sp.end + 8)])] += 1
    collapsed: dict = {}        # place -> side of the space its non-empty values take
    for fields, os, spans in zip(texts, os_list, rows):
        placed = {id(sp.occ) for sp in spans}
        for o in os:
            if id(o) in placed or o.lexval[2] != "":
                continue
            key = o.place
            for (left, right), _n in context.get(key, Counter()).most_common(3):
                # the frame on both sides as the other values have it; or, a
                # translation writing one space where the slot stood between
                # two (``…, vera u`` / ``…, u``), with one of them
                tries = [(left, right, 0)]
                if left.endswith(" ") and right.startswith(" "):
                    tries.append((left[:-1], right, -1))
                elif not left and right.startswith(" "):
                    tries.append((left, right[1:], 1))
                hit = None
                for lt, rt, side in tries:
                    hit = _empty_at(fields, spans, lt, rt)
                    if hit:
                        break
                if hit:
                    spans.append(Span(o, hit[0], hit[1], hit[1], ""))
                    spans.sort(key=lambda s: (s.field, s.start))
                    if side:
                        collapsed[key] = side
                    break
    # the space the empty value's instances lack goes into the non-empty
    # values (``,{change} u`` with `` vera``, as the CheckList itself writes
    # ``,{change}`` with `` but``): one template regenerates both exactly
    for fields, spans in zip(texts, rows):
        for k, sp in enumerate(spans):
            side = collapsed.get(sp.occ.place)
            if not side or not sp.text:
                continue
            t = fields[sp.field].text
            a, b = (sp.start - 1, sp.end) if side < 0 else (sp.start, sp.end + 1)
            if 0 <= a and b <= len(t) and t[a:b].strip() == sp.text and \
                    not any(x.field == sp.field and x is not sp and a < x.end and x.start < b
                            for x in spans):
                spans[k] = Span(sp.occ, sp.field, a, b, t[a:b])


def _empty_at(fields, spans, left: str, right: str) -> tuple | None:
    """The first place ``(field, offset)`` on a grapheme cut, clear of every
    span, with ``left`` before it and ``right`` after it; None if none."""
    for f, t in enumerate(fields):
        for k in range(len(t.text) + 1):
            if t.text.endswith(left, 0, k) and t.text.startswith(right, k) \
                    and k in t.cuts and not any(
                        sp.field == f and sp.start < k < sp.end for sp in spans):
                return (f, k)
    return None


def _find(o: Occurrence, fields, have, forms, frame=None) -> tuple | None:
    """The first place (on grapheme bounds, clear of other spans) where one of
    the value's forms stands, for an occurrence co-variation did not place --
    read as the longest of its forms that stands there: ``čolboku`` is the
    start of ``čolbokuñas``, the form with the agreement ending the
    instance's state chooses, and the ending must not be left to the frame
    (``{somewhat}ñas``).  A place outside the group's frame (``frame``: per
    field, per unit, :func:`.regions.group_frame`) comes first: every
    instance writes the frame, so a frame word the value reads alike is the
    template's (*that* = ``that`` in ``…, that {i} like {the} {noun}``)."""
    hits = []
    for form in forms:
        if not form:
            continue
        for f, t in enumerate(fields):
            for a, b in _literal_hits(form, t.text):
                if a not in t.cuts or b not in t.cuts:
                    continue
                if any(pf == f and a < pb and pa < b for _o, pf, pa, pb in have):
                    continue
                hits.append((f, a, b))
    if not hits:
        return None
    if frame is not None:
        loose = [h for h in hits if not _in_frame(fields[h[0]], frame[h[0]], h[1], h[2])]
        hits = loose or hits
    f, a, b = hits[0]
    f, a, b = max((h for h in hits if h[0] == f and h[1] <= a and b <= h[2]),
                  key=lambda h: h[2] - h[1])
    return (o, f, a, b)


def _in_frame(t, flags, a: int, b: int) -> bool:
    """Are all units of ``t`` within characters ``[a, b)`` frame units?"""
    inside = [is_frame for s, e, is_frame in zip(t.starts, t.ends, flags) if a <= s and e <= b]
    return bool(inside) and all(inside)


def group_keys(al: GroupAlignment) -> tuple[list[Key], dict]:
    """One key per source lexicon slot, named after it, and where each
    target's spans are (Step 2 replaces exactly those)."""
    terms: dict = defaultdict(dict)
    srcs: dict = defaultdict(lambda: defaultdict(set))
    for row in al.spans:
        for s in row:
            terms[s.slot].setdefault((s.text,), s.text)
            srcs[s.slot][(s.text,)].add(s.value)
    ids = {}
    keys = []
    for n, ((base, index), texts) in enumerate(sorted(terms.items(),
                                                      key=lambda kv: (kv[0][0], -1 if kv[0][1] is None else kv[0][1]))):
        ids[(base, index)] = n
        keys.append(Key(id=n, name=base, terminals=frozenset(texts), index=index,
                        origin="align:%s%s" % (base, "" if index is None else "[%d]" % index),
                        texts=texts,
                        sources={t: frozenset(v) for t, v in srcs[(base, index)].items()}))
    positions: dict = {}
    for target, row in zip(al.targets, al.spans):
        positions.setdefault(target, sorted((s.field, s.start, s.end, ids[s.slot]) for s in row))
    return keys, positions
