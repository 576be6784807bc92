"""Every parameter of the Step-1 model, with its meaning, in one object.

``report.settings.model`` records them, so a figure can be traced back to the
parameters that made it.  None is tuned to a language: each is a share, a
rate or a prior with the meaning its comment gives.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class ModelParams:
    # frame: a unit of the reference instance is frame when the alignments of
    # at least this share of the group's instances use it (the rest: noise,
    # frame variants some values take, words values happen to share)
    frame_share: float = 0.75
    # co-variation: a value claims a unit of its instance when the unit comes
    # with it, P(unit | v) - P(unit | another value of the lexicon) >= comes_with,
    # or identifies it, P(v | unit, v's lexicon drawn) >= predicts
    comes_with: float = 0.5
    predicts: float = 0.75
    # a unit also identifies a value as the shared word of at most this many
    # values translated alike (*happy* / *pleased*: ``доволен``)
    alike: int = 3

    # forms: a value's spans in a group that read as its form plus a glued
    # prefix/suffix at least this share of the time carry a template affix
    affix_share: float = 0.75

    # agreement: material glued to a value is chosen by another slot's value
    # (and joins the value it is glued to) when each of that slot's values
    # seen twice in the group shows one text there at least this share of the
    # time (tea_solver.keys.model.forms.agreement_gaps)
    agrees: float = 0.9

    # IBM Model 1 over the file: EM iterations (0: no alignment evidence)
    ibm_iterations: int = 5
    # add-n smoothing of Model 1's translation table (Moore 2004): a source
    # word seen once otherwise explains every target unit its sentence leaves
    # over (the rare adjective took ``менее``, *less*, from its frame word)
    ibm_smoothing: float = 0.05

    # edges (tea_solver.keys.model.edges.score), in log-odds: a frame unit is
    # the template's, a varying unit the value's, unless the evidence weighs
    prior_frame: float = -2.0
    prior_varying: float = 2.0
    w_licence: float = 4.0      # the source licenses the unit for the value
    w_glued: float = 3.0        # the unit is part of the value's written word
    w_paradigm: float = 4.0     # a separate word from a paradigm several values share, or
    #                             one that translates the source frame word beside the slot
    w_alignment: float = 2.0    # IBM Model 1 mass on the value's source words, centred
    # (not for a frame unit: constant in its group, a frame unit co-occurs with
    # every word of the group, and Model 1 credits it to rare value words)

    # noise: groups of at least this many instances estimate the noise rate;
    # a frame this few instances share may be a corrupted copy
    noise_group: int = 50
    rare_frame: int = 3
    # a frame that only swaps two neighbouring words of a commoner frame in a
    # small group is a corrupted copy where at most this many instances show
    # it alike: two identical swaps in a question of eight four-word
    # instances are rare at 10 % noise (P(two corrupted) 0.19 x P(the same
    # swap) 0.02: 0.4 % of such groups), but a variant a template writes in
    # another word order for some values is rarer still -- no group of the
    # human CheckLists of the eleven dev languages has two templates that
    # differ only in the order of their words -- while three alike are
    # another thousand times rarer as noise
    # (tea_solver.keys.model.small_group_outliers; in a large group of a noisy
    # file, one_edit_outliers, where more corrupted instances can show it)
    swapped_alike: int = 2
    # the same for a frame that only lacks one whitespace word of a commoner
    # frame, a word that holds no slot (``Goni łe {first_name}nu`` twice
    # in eight for ``Goni łe {first_name}nu ela?``; a dropped word and one
    # replaced by a value's word look alike wherever the value stands):
    # drops are a quarter of the corruptions and have as few outcomes as
    # the frame has words, and no group of the dev languages' human
    # CheckLists has a template that lacks a separate word most of its
    # instances write (Russian ``Кто {adj}?`` beside ``Кто менее {adj}?``
    # is the majority; Japanese ``{adj}のは`` beside ``{adj}なのは``, two to
    # five of twenty, drops a character glued to the value, which a script
    # without spaces cannot tell from a word: never a copy by this count)
    dropped_alike: int = 2
    # cover: the prior share of clean instances that need a template of their
    # own.  Above it, the file's noise rate makes the cover a partial one where
    # a template costs log 1/prior_template, an instance the model flags as
    # corrupted next to nothing to leave out and a sound one three templates
    # (tea_solver.extract._outlier_costs)
    prior_template: float = 0.01
    # the cover is noise-robust only where the share of flagged instances is
    # above prior_template with this significance (a one-sided binomial
    # test): one odd instance among sixty-six is no evidence of noise, a
    # hundred and fifty among eight hundred are
    noise_alpha: float = 0.01

    def as_dict(self) -> dict:
        return asdict(self)
