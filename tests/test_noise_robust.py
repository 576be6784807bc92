"""The Step-1 model and the noise-robust cover under noise (commit d77bdb1), on
toy languages built here with known gold (the style of ``test_model.py``):

1. outliers whose corruption is in the frame give their intact values back to
   the template they are a corrupted copy of (:mod:`tea_solver.recover`);
   one whose corruption is inside a value gives its values' forms; one two
   corruptions away from every template gives nothing;
2. a value's second form must be selected by a context
   (:func:`tea_solver.keys.model.forms._conditioned`): a corrupted spelling
   seen twice is no form, an agreement form seen twice beside one value is;
3. the frame reference is the group's modal skeleton
   (:func:`tea_solver.keys.model.frame.frame_units`): an instance that doubles
   a frame word does not cost the other instances their frame units;
4. a slot the translator wrote twice is placed twice
   (:func:`tea_solver.keys.model._place_repeats`).
"""

from __future__ import annotations

import itertools
from collections import Counter
import random
from typing import Sequence
import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from test_extract import check_regeneration
from test_model import _HI_COMPARATIVES, MORE_NAMES, OPTS, _records, _row, by_group
from test_model import extract_exact as _extract_exact
from tea_solver.extract import ExtractOptions, extract, group_instances
from tea_solver.keys.model import fit_file, observe
from tea_solver.keys.model.edges import IDENTITY
from tea_solver.keys.model.frame import frame_units
from tea_solver.keys.model.params import ModelParams
from tea_solver.template import generates, parse_template

NAMES = ["John", "Mary", "Ahmed", "Priya", "Chen", "Olga", "Lena", "Ravi", "Sara", "Omar"]
ADJ_T = {"good": "yoi", "bad": "warui", "tall": "takai", "short": "hikui", "kind": "yasashii",
         "fast": "hayai", "slow": "osoi", "big": "ookii", "small": "chiisai",
         "new": "atarashii"}
ANIMAL_T = {"dog": "inu", "cat": "neko", "horse": "uma", "bird": "tori", "fish": "sakana",
            "cow": "ushi", "pig": "buta", "fox": "kitsune", "bear": "kuma", "deer": "shika"}


def is_adj(a, b, target=None):
    return {"template_id": "is_adj", "source": "%s is %s." % (a, b),
            "fill": {"first_name": a, "adj": b},
            "target": target or "%sga %s desu yo." % (a, ADJ_T[b])}


def likes(a, c, target=None):
    return {"template_id": "likes", "source": "%s likes the %s." % (a, c),
            "fill": {"first_name": a, "animal": c},
            "target": target or "mi %swo %s ga suki." % (a, ANIMAL_T[c])}


def very(a, b, target=None):
    return {"template_id": "very", "source": "%s is very %s." % (a, b),
            "fill": {"first_name": a, "adj": b},
            "target": target or "%sga totemo %s desu." % (a, ADJ_T[b])}


# --------------------------------------------------------------------------- #
# 1. outliers give their intact values back


FRAME_WORDS = {"is_adj": ("desu", "yo."), "likes": ("mi", "ga", "suki.")}


def _corrupt_frame(rows, rate, seed):
    """Replace one frame word of about ``rate`` of the rows by a word seen
    nowhere else (its punctuation kept: one unit replaced, one frame edit)."""
    rng = random.Random(seed)
    hit = set()
    for n, r in enumerate(rows):
        if rng.random() >= rate:
            continue
        words = r["target"].split(" ")
        k = rng.choice([k for k, w in enumerate(words) if w in FRAME_WORDS[r["template_id"]]])
        words[k] = "zq%d" % n + ("." if words[k].endswith(".") else "")
        r["target"] = " ".join(words)
        hit.add(n)
    return hit


def _noisy_file():
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T] + \
        [likes(a, c) for a in NAMES for c in ANIMAL_T]
    hit = _corrupt_frame(rows, 0.1, seed=0)
    assert len(hit) >= 10
    # Zed: every instance of the value is corrupted in the frame (a word dropped,
    # a word doubled); its values are intact
    rows.append(is_adj("Zed", "good", "Zedga yoi yo."))
    rows.append(is_adj("Zed", "bad", "Zedga warui desu desu yo."))
    # Kim: the corruption is inside a value (yoi -> ioyx, a mistranslated word);
    # Kim is seen nowhere else
    rows.append(is_adj("Kim", "good", "Kimga ioyx desu yo."))
    # Ugo: a value and a frame word corrupted: two corruptions from the template
    rows.append(is_adj("Ugo", "good", "Ugoga ioyx desu desu yo."))
    return rows


def _outliers(doc, tid):
    return next(g for g in doc["report"]["groups"] if g["template_id"] == tid)["outliers"]


def _generated(t, insts):
    p = parse_template(t["template"])
    return {i.id for i in insts if generates(p, t["lexicons"], i.target_value)}


def test_frame_corrupted_outliers_give_their_values_to_the_template():
    insts = _records(_noisy_file())
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    groups = by_group(doc)
    block = _outliers(doc, "is_adj")
    # the file is noisy enough for the noise-robust cover (else nothing is recovered)
    assert block["noise_rate"] > ModelParams().prior_template
    zed = {i.id for i in insts if i.fill["first_name"] == "Zed"}
    kim = {i.id for i in insts if i.fill["first_name"] in ("Kim", "Ugo")}
    assert zed | kim <= set(block["uncovered"])       # all four are left out

    main = groups["is_adj"][0]
    assert main["template"] == "{first_name}ga {adj} desu yo."
    # Zed's only instances were corrupted, in the frame: its value is listed;
    # so is Kim's, whose instance is a corrupted copy of the template written
    # out with its values' forms (Kim, yoi); Ugo's is two corruptions away
    assert sorted(main["lexicons"]["first_name"]) == sorted(NAMES + ["Zed", "Kim"])
    assert sorted(main["lexicons"]["adj"]) == sorted(ADJ_T.values())
    # ... but the outliers are no support, and the template does not generate them
    gen = _generated(main, insts)
    assert not gen & (zed | kim)
    assert main["support"] == len(gen)
    for tid in ("is_adj", "likes"):
        n = sum(1 for i in insts if i.template_id == tid)
        out = _outliers(doc, tid)
        assert sum(t["support"] for t in groups[tid]) + len(out["uncovered"]) == n
    # every outlier one corruption from its template gave its values; Ugo's
    # (two corruptions) gave nothing
    assert block["recovered"] == len(block["uncovered"]) - 1
    likes_block = _outliers(doc, "likes")
    assert likes_block["uncovered"] and likes_block["recovered"] == len(likes_block["uncovered"])


def test_a_corruption_inside_a_value_gives_the_values_forms_not_its_text():
    insts = _records(_noisy_file())
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    kim = [i.id for i in insts if i.fill["first_name"] == "Kim"]
    assert set(kim) <= set(_outliers(doc, "is_adj")["uncovered"])
    listed = set()
    for t in doc["templates"]:
        for name, lexicon in t["lexicons"].items():
            listed |= set(lexicon)
            # the corrupted text reaches no lexicon, nor does a span cut wrong
            assert "ioyx" not in lexicon and "Kimga" not in lexicon, (t["template"], name)
            assert "Ugo" not in lexicon, (t["template"], name)
    assert "Kim" in listed


_QUESTION_ADJS = dict(ADJ_T, rich="kanemochi", old="furui", young="wakai", strong="tsuyoi",
                      weak="yowai", cool="suzushii", dark="kurai", wise="kashikoi",
                      clean="kirei", brave="yuukan")


def test_a_frame_word_replaced_beside_a_value_stays_out_of_the_recovered_value():
    """A question drawn once per adjective (``dare ga motto {adj} desu ka?``),
    each adjective seen nowhere else.  In three instances a corruption
    replaced the frame word beside the value (``motto`` -> ``zq``, ``desu``
    -> ``zr``) or another (``ga`` -> ``zs``): read with the new word in the
    value the first two are one word *dropped* from the template, read with
    it in the frame one word *replaced* — one corruption either way.  The
    covered values are one word each, so the recovered value is the
    adjective alone, not ``zq kanemochi``."""
    rows = [{"template_id": "more", "source": "Who is more %s?" % b, "fill": {"adj": b},
             "target": "dare ga motto %s desu ka?" % t} for b, t in _QUESTION_ADJS.items()]
    hit = {"rich": "dare ga zq %s desu ka?", "old": "dare ga motto %s zr ka?",
           "young": "dare zs motto %s desu ka?"}
    for r in rows:
        if r["fill"]["adj"] in hit:
            r["target"] = hit[r["fill"]["adj"]] % _QUESTION_ADJS[r["fill"]["adj"]]
    # the file is noisy: the other group's frames are corrupted too (its
    # adjectives are others than the three)
    others = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(others, 0.15, seed=1)
    insts = _records(others + rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    block = _outliers(doc, "more")
    assert sorted(block["uncovered"]) == sorted(i.id for i in insts
                                                 if i.fill["adj"] in hit
                                                 and i.template_id == "more")
    assert block["recovered"] == 3
    # (a word put in beside a value seen once is its value's text: that
    # instance is no outlier, nothing tells it from a two-word value)
    [more] = by_group(doc)["more"]
    assert more["template"] == "dare ga motto {adj} desu ka?"
    assert sorted(more["lexicons"]["adj"]) == sorted(_QUESTION_ADJS.values())


def _question_file(hit: dict, adjs: dict = _QUESTION_ADJS,
                   frame=lambda t: "dare ga motto %s desu ka?" % t, others_end: str = "."):
    """A question drawn once per adjective of ``adjs`` (target ``frame``),
    the adjectives in ``hit`` written ``hit[adj] % translation`` instead,
    beside a noisy group of ``is_adj`` sentences ending in ``others_end``."""
    rows = [{"template_id": "more", "source": "Who is more %s?" % b, "fill": {"adj": b},
             "target": hit[b] % t if b in hit else frame(t)} for b, t in adjs.items()]
    others = [is_adj(a, b, "%sga %s desu yo%s" % (a, ADJ_T[b], others_end))
              for a in NAMES for b in ADJ_T]
    _corrupt_frame(others, 0.15, seed=1)
    return _records(others + rows)


def _more_uncovered(doc, insts, adj: str) -> bool:
    """Is exactly the question instance of ``adj`` left out as an outlier?"""
    return _outliers(doc, "more")["uncovered"] == [
        i.id for i in insts if i.template_id == "more" and i.fill["adj"] == adj]


def _left_out_and_given_back(doc, insts, adjs) -> None:
    """The question instances of ``adjs``, and only they, are left out of
    the ``more`` template, which every other instance supports."""
    [more] = by_group(doc)["more"]
    block = _outliers(doc, "more")
    assert sorted(block["uncovered"]) == sorted(i.id for i in insts if i.template_id == "more"
                                                and i.fill["adj"] in adjs)
    assert more["support"] == len(_QUESTION_ADJS) - len(adjs)


def test_a_frame_word_doubled_beside_a_value_stays_out_of_the_value():
    """``dare ga motto motto kanemochi desu ka?``: the corruption doubled the
    frame word before the value (and, in another instance, the one after it).
    The template generates the instance with the copy in the value (``motto
    kanemochi``), so nothing left it out; the value is seen once, its first
    word is the frame word before the slot, and the slot's other values are
    one word each.  The lexicon lists the adjective alone, and the instance
    is a corrupted copy (left out, values given back), not support."""
    hit = {"rich": "dare ga motto motto %s desu ka?", "old": "dare ga motto %s desu desu ka?"}
    insts = _question_file(hit)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [more] = by_group(doc)["more"]
    assert more["template"] == "dare ga motto {adj} desu ka?"
    assert sorted(more["lexicons"]["adj"]) == sorted(_QUESTION_ADJS.values())
    _left_out_and_given_back(doc, insts, hit)


def test_two_values_whose_only_instances_a_corruption_made_alike_both_come_back():
    """``dare ga motto zqx desu ka?`` for *good* and for *bad*: the corruption
    replaced the one word the two questions differ in, by the same word, so
    the two instances have one text (one cover item).  Each was drawn once;
    each is a corrupted copy of the template written out with its own
    value's form (``yoi``, ``warui``, the file's), so both values reach the
    lexicon, not only the first instance's."""
    copy = "dare ga motto zqx%.0s desu ka?"
    insts = _question_file({"good": copy, "bad": copy})
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [more] = by_group(doc)["more"]
    assert more["template"] == "dare ga motto {adj} desu ka?"
    assert sorted(more["lexicons"]["adj"]) == sorted(_QUESTION_ADJS.values())
    _left_out_and_given_back(doc, insts, ("good", "bad"))
    assert _outliers(doc, "more")["recovered"] == 2


def test_a_value_doubled_in_a_one_word_template_is_a_copy():
    """``{adj}`` alone, one instance per adjective, and a corruption that
    wrote one of them twice (``yoi yoi``).  The group's texts are one word
    each, so they show no spaces; the script is still one that spaces its
    words (no letter of a script without spaces), and the doubling is one
    word at the value's edge: a corrupted copy, left out, its value given
    back -- not a template ``{adj} yoi`` of its own."""
    rows = [{"template_id": "word", "source": b, "fill": {"adj": b},
             "target": "%s %s" % (t, t) if b == "good" else t}
            for b, t in _QUESTION_ADJS.items()]
    others = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(others, 0.15, seed=1)
    insts = _records(others + rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [word] = by_group(doc)["word"]
    assert word["template"] == "{adj}"
    assert sorted(word["lexicons"]["adj"]) == sorted(_QUESTION_ADJS.values())
    assert _outliers(doc, "word")["uncovered"] == [
        i.id for i in insts if i.template_id == "word" and i.fill["adj"] == "good"]


def test_a_value_seen_once_is_found_where_its_slot_stands_not_in_a_longer_new_word():
    """A question drawn once per adjective; in one instance a corruption put a
    word with a full stop (``zq.``, two units) in place of the frame word
    ``ga``.  The adjective is seen nowhere else in the file, so it claims
    every unit no other value explains alike: ``zq`` and ``.`` as much as
    ``kanemochi``.  Counting the units made the longer region the value
    (``dare {adj} motto kanemochi desu ka?``, a template of its own); a value
    seen once is where its slot stands in the group's other instances, and
    the instance is a corrupted copy (left out, its value given back)."""
    # the file is noisy; no other instance writes a full stop
    insts = _question_file({"rich": "dare zq. motto %s desu ka?"}, others_end="")
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [more] = by_group(doc)["more"]
    assert more["template"] == "dare ga motto {adj} desu ka?"
    assert sorted(more["lexicons"]["adj"]) == sorted(_QUESTION_ADJS.values())
    assert _more_uncovered(doc, insts, "rich")


def test_a_value_seen_once_and_translated_like_another_is_found_where_its_slot_stands():
    """As above, but the value seen once is translated like another one
    (*rich* and *wealthy*: ``kanemochi``), so its own word claims it a
    little less than the word a corruption put in for ``ga`` (``zq``, seen
    nowhere else).  Both identify the value; the region where the slot
    stands wins, not the new word."""
    insts = _question_file({"wealthy": "dare zq motto %s desu ka?"},
                           dict(_QUESTION_ADJS, wealthy="kanemochi"))
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    assert [t["template"] for t in by_group(doc)["more"]] == ["dare ga motto {adj} desu ka?"]
    assert _more_uncovered(doc, insts, "wealthy")


def test_a_replaced_token_where_the_frames_alternate_is_corrupt_if_it_drops_what_they_share():
    """A question whose ending harmonises with the adjective
    (``{adj}me?`` / ``{adj}ma?``, each adjective drawn once).  A corruption
    replaced one instance's last token by a word with a full stop
    (``kanemochi.`` for ``kanemochima?``).  The token that differs stands
    where the frames alternate, which spared it as a variant one value
    selects (``với`` / ``về`` / ``vào``); but every alternative there ends
    the question, and a variant a value selects would too.  The instance is
    a corrupted copy, left out, not a template of its own."""
    def ending(t):          # by the adjective's first vowel
        return "me?" if next(ch for ch in t if ch in "aeiou") in "aei" else "ma?"
    insts = _question_file({"rich": "dare ga motto %s."},
                           frame=lambda t: "dare ga motto %s%s" % (t, ending(t)))
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    written = [t["template"] for t in by_group(doc)["more"]]
    assert "dare ga motto {adj}me?" in written and "dare ga motto {adj}ma?" in written
    assert not [t for t in written if not t.endswith("?")]
    assert _more_uncovered(doc, insts, "rich")


def test_a_value_that_begins_like_other_values_keeps_its_first_word():
    """The control: where other values of the slot begin with the frame
    word too (``motto`` is part of the values), a value that begins with it
    is the value, not a doubled copy."""
    adjs = dict(_QUESTION_ADJS)
    for b in ("rich", "old", "young"):
        adjs[b] = "motto " + adjs[b]
    rows = [{"template_id": "more", "source": "Who is more %s?" % b, "fill": {"adj": b},
             "target": "dare ga motto %s desu ka?" % t} for b, t in adjs.items()]
    others = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(others, 0.15, seed=1)
    doc = extract(_records(others + rows), ExtractOptions(**OPTS), progress=False)
    listed = [v for t in by_group(doc)["more"] for v in t["lexicons"]["adj"]]
    assert {"motto kanemochi", "motto furui", "motto wakai"} <= set(listed)
    assert not {"kanemochi", "furui", "wakai"} & set(listed)


def test_without_the_forms_a_value_corrupted_instance_gives_nothing(monkeypatch):
    """The control: writing the template out with the values' forms is what
    lists Kim (the frame-edit recovery alone does not)."""
    import tea_solver.recover as rec
    monkeypatch.setattr(rec, "_value_corrupted", lambda *a, **k: [])
    doc = extract(_records(_noisy_file()), ExtractOptions(**OPTS), progress=False)
    main = by_group(doc)["is_adj"][0]
    assert "Kim" not in main["lexicons"]["first_name"]
    assert "Zed" in main["lexicons"]["first_name"]


def test_without_recovery_the_value_is_lost(monkeypatch):
    """The control: the recovery is what lists Zed (the corrupted instances
    alone would not)."""
    import tea_solver.extract as ex
    monkeypatch.setattr(ex, "recover_values", lambda *a, **k: 0)
    doc = extract(_records(_noisy_file()), ExtractOptions(**OPTS), progress=False)
    main = by_group(doc)["is_adj"][0]
    assert "Zed" not in main["lexicons"]["first_name"]


def test_an_outlier_swapped_from_one_template_is_not_given_to_another_it_would_add_a_word_to():
    """*Who is less X?* reads ``dare {adj} desu ka?`` for most adjectives (an
    antonym) and ``dare sukunaku {adj} desu ka?`` for four; the last of these
    is corrupted by a swap (``sukunaku dare …``; dev sample 283, Russian
    ``менее Кто приятный?``).  It is one corruption from either template: a
    swap of the second, or the first with a word put in.  The swap writes no
    word the template lacks, and the value goes there, not to the template
    with more values."""
    words = {**QUALITY, "odd": "hen", "rich": "yutaka", "wise": "kenmei", "young": "wakai",
             **ADJ_T}
    adjs = list(words)[:20]
    frames = ["dare %s desu ka?"] * 16 + ["dare sukunaku %s desu ka?"] * 3 + \
        ["sukunaku dare %s desu ka?"]
    small = [{"template_id": "less", "source": "Who is less %s?" % a, "fill": {"adj": a},
              "target": f % words[a]} for a, f in zip(adjs, frames)]
    insts, doc = _noisy_with(small)
    block = _outliers(doc, "less")
    assert block["uncovered"] == [i.id for i in insts
                                  if i.template_id == "less" and i.fill["adj"] == adjs[-1]]
    assert block["recovered"] == 1
    got = {t["template"]: sorted(t["lexicons"]["adj"]) for t in by_group(doc)["less"]}
    assert got == {"dare {adj} desu ka?": sorted(words[a] for a in adjs[:16]),
                   "dare sukunaku {adj} desu ka?": sorted(words[a] for a in adjs[16:])}


def test_a_value_seen_once_in_a_group_without_its_first_word_does_not_vote_on_its_second():
    """*older* is ``lớn tuổi`` in all 25 instances of the comparative; the
    question draws it once, and that instance lost ``lớn`` (``Ai tuổi hơn?``;
    dev sample 283, Vietnamese).  Its core there is ``tuổi``, a core the
    file shows for *older* nowhere else: each unit beside it stands one
    place in, and the frame's ``hơn`` voted against the ``tuổi`` beside
    ``lớn``, which left the value ``lớn`` and a template of its own
    (``{adj} tuổi hơn``).  Such a group does not vote."""
    comp = {"older": "lớn tuổi", "younger": "nhỏ tuổi", "smaller": "nhỏ", "taller": "cao",
            "faster": "nhanh", "richer": "giàu", "smarter": "thông minh",
            "stronger": "khỏe mạnh", "darker": "đen", "weaker": "yếu"}
    rows = [{"template_id": "than", "source": "%s is %s than %s." % (a, c, b),
             "fill": {"first_name": a, "adj": c, "first_name1": b},
             "target": "%s %s hơn %s." % (a, t, b)}
            for a in NAMES[:5] for b in NAMES[5:] for c, t in comp.items()]
    rows += [{"template_id": "who", "source": "Who is %s?" % c, "fill": {"adj": c},
              "target": "Ai %s hơn?" % ("tuổi" if c == "older" else t)}
             for c, t in comp.items()]
    _insts, doc = _noisy_with(rows)
    [than] = by_group(doc)["than"]
    assert than["template"] == "{first_name} {adj} hơn {first_name1}."
    assert sorted(than["lexicons"]["adj"]) == sorted(comp.values())


def test_two_values_drawn_once_that_glue_the_same_letter_select_a_variant_frame():
    """*Who is less X?* draws each adjective once; sixteen write
    ``{adj[1]}でないですか。``, the two i-adjectives ``{adj[1]}くないですか。``
    (dev sample 283, Japanese), and each comparative reads as its adjective
    (``遅`` in *Who is slower?*).  Read with the ``く`` in the value, the two
    instances share a frame one letter short of the common one -- two copies
    corrupted alike, left out -- and their readings, one letter from what
    the siblings predict, went as corrupted (``速く`` then became *faster*'s
    form as well).  Read as the siblings predict, the ``く`` is the frame's,
    put in twice where noise would put it in once: a variant template."""
    adjs = {"clean": "清潔", "cool": "冷静", "dark": "色黒", "great": "偉大", "high": "高位",
            "nice": "親切", "old": "年長", "rich": "裕福", "short": "小柄", "smart": "利口",
            "strange": "変", "tall": "長身", "tough": "丈夫", "weak": "虚弱", "wise": "賢明",
            "young": "年少", "fast": "速", "slow": "遅"}
    rows = []
    for b, t in adjs.items():
        fill = {"adj": [b + "er", b]}
        rows.append({"template_id": "q1", "source": "Who is %ser?" % b, "fill": fill,
                     "target": "どちらの方が%sですか。" % t})
        rows.append({"template_id": "q0", "source": "Who is less %s?" % b, "fill": fill,
                     "target": "どちらの方が%s%sないですか。"
                     % (t, "く" if b in ("fast", "slow") else "で")})
    _insts, doc = _noisy_with(rows)
    got = {g: {t["template"]: sorted(e[-1] for e in t["lexicons"]["adj"])
               for t in by_group(doc)[g]} for g in ("q0", "q1")}
    assert got == {
        "q0": {"どちらの方が{adj[1]}でないですか。": sorted(list(adjs.values())[:16]),
               "どちらの方が{adj[1]}くないですか。": ["速", "遅"]},
        "q1": {"どちらの方が{adj[0]}ですか。": sorted(adjs.values())}}
    assert not _outliers(doc, "q0")["uncovered"] and not _outliers(doc, "q1")["uncovered"]


def test_a_frame_word_a_corruption_put_beside_another_lexicon_once_is_still_the_frames():
    """Every profession template writes ``وظيفته`` (*his job*) before the
    profession, whose source values all carry an article; a word that
    translates a shared article stands beside every lexicon that has one
    (animals too), and ``وظيفته`` stands beside professions alone -- the
    frame's.  One corrupted pet sentence (``لديه`` replaced by ``وظيفته``;
    dev sample 293, Arabic) put it beside an animal once, and it counted as
    standing beside both: every profession took it in (0.760).  A word seen
    beside a lexicon once is as likely a corruption: it must stand there
    twice at least."""
    prof = {"an analyst": "محلل", "a journalist": "صحفي", "a producer": "منتج",
            "an accountant": "محاسب", "an investor": "مستثمر", "an actor": "ممثل",
            "an intern": "متدرب", "a translator": "مترجم"}
    nat = {"Chinese": "صيني", "Indian": "هندي", "American": "أمريكي", "Russian": "روسي",
           "Japanese": "ياباني"}
    pets = {"a dog": "كلب", "a cat": "قطة", "a horse": "حصان", "a bird": "طائر",
            "a fish": "سمكة", "a cow": "بقرة", "an iguana": "إغوانا"}
    frames = {"pn": ("%(a)s is %(p)s. %(a)s is %(n)s.", "%(a)s وظيفته %(t)s. %(a)s جنسيته %(u)s."),
              "np": ("%(a)s is %(n)s. %(a)s is %(p)s.", "%(a)s جنسيته %(u)s. %(a)s وظيفته %(t)s."),
              "and": ("%(a)s is %(n)s and %(p)s.", "%(a)s جنسيته %(u)s ووظيفته %(t)s.")}
    rows = []
    for a in NAMES:
        for (p, t), (n, u) in zip(prof.items(), list(nat.items()) * 2):
            words = {"a": a, "p": p, "n": n, "t": t, "u": u}
            rows += [{"template_id": tid, "source": src % words, "target": tgt % words,
                      "fill": {"first_name": a, "profession": p, "nationality": n}}
                     for tid, (src, tgt) in frames.items()]
    rows += [{"template_id": "pet", "source": "%s has %s." % (a, p),
              "fill": {"first_name": a, "animal": p}, "target": "%s لديه %s." % (a, t)}
             for a in NAMES for p, t in pets.items()]
    rows[-1]["target"] = rows[-1]["target"].replace("لديه", "وظيفته")
    _insts, doc = _noisy_with(rows)
    groups = by_group(doc)
    for tid, (_src, tgt) in frames.items():
        [t] = groups[tid]
        assert t["template"] == tgt.replace("%(a)s", "{first_name}").replace(
            "%(t)s", "{profession}").replace("%(u)s", "{nationality}")
        assert sorted(t["lexicons"]["profession"]) == sorted(prof.values())


def test_a_small_group_recovers_a_value_seen_once():
    """In a group too small to estimate noise (< ``noise_group``), the only
    instance of a value, corrupted in the frame, is left out (the file is
    noisy) and gives its value back."""
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(rows, 0.1, seed=0)
    pets = list(ANIMAL_T)
    small = [{"template_id": "pet", "source": "%s has a %s." % (a, c),
              "fill": {"first_name": a, "animal": c},
              "target": "%s wa %s o katte imasu." % (a, ANIMAL_T[c])}
             for a, c in zip(NAMES * 2, pets + pets[::-1])]
    assert len(small) < ModelParams().noise_group
    small.append({"template_id": "pet", "source": "Ines has a cat.",
                  "fill": {"first_name": "Ines", "animal": "cat"},
                  "target": "Ines wa neko katte imasu."})        # "o" dropped
    insts = _records(rows + small)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    block = _outliers(doc, "pet")
    assert block["noise_rate"] > ModelParams().prior_template
    ines = [i.id for i in insts if i.fill["first_name"] == "Ines"]
    assert block["uncovered"] == ines and block["recovered"] == 1
    [pet] = by_group(doc)["pet"]
    assert pet["template"] == "{first_name} wa {animal} o katte imasu."
    assert sorted(pet["lexicons"]["first_name"]) == sorted(NAMES + ["Ines"])
    assert pet["support"] == len(small) - 1


def _question(a, b, frame):
    return {"template_id": "most", "source": "Who is the most %s?" % a,
            "fill": {"adj": a}, "target": frame % ADJ_T[a]}


def _noisy_with(small):
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(rows, 0.1, seed=0)
    insts = _records(rows + small)
    return insts, extract(insts, ExtractOptions(**OPTS), progress=False)


def test_a_corrupted_copy_of_a_frame_the_values_select_is_left_out():
    """Where each value of a small group is drawn once and the values select
    one of two frames (neither most of the group), a copy of the rarer frame
    with its last word dropped is a corrupted copy; a copy with one word
    inflected (``ichibanni`` for ``ichiban``) is a variant and is kept."""
    adjs = list(ADJ_T)
    small = [_question(a, None, "dare ga ichiban %s desu ka?") for a in adjs[:4]] + \
        [_question(a, None, "dono hito ga motto %s to omoimasu ka?") for a in adjs[5:9]]
    small.append(_question(adjs[9], None, "dono hito ga motto %s to omoimasu"))  # "ka?" dropped
    small.append(_question(adjs[4], None, "dare ga ichibanni %s desu ka?"))     # inflected
    insts, doc = _noisy_with(small)
    block = _outliers(doc, "most")
    dropped = [i.id for i in insts if i.template_id == "most" and
               not i.target_value.endswith("?")]
    assert block["uncovered"] == dropped
    templates = {t["template"]: t for t in by_group(doc)["most"]}
    assert sorted(templates["dono hito ga motto {adj} to omoimasu ka?"]["lexicons"]["adj"]) \
        == sorted(ADJ_T[a] for a in adjs[5:])
    assert "dare ga ichibanni {adj} desu ka?" in templates


def _question_beside_noise(frames: list):
    """A small question (``Who is the most …?``, one instance per value,
    ``frames[k] % value``) in a file whose other group has 15 % of its
    frames corrupted; returns the instances, the document, the question's
    outlier block and the adjectives' translations in question order."""
    words = {**QUALITY, "odd": "hen", "rich": "yutaka", "wise": "kenmei", "young": "wakai",
             **ADJ_T}
    adjs = list(words)
    small = [{"template_id": "most", "source": "Who is the most %s?" % a, "fill": {"adj": a},
              "target": frame % words[a]} for a, frame in zip(adjs, frames)]
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(rows, 0.15, seed=0)
    insts = _records(rows + small)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    block = _outliers(doc, "most")
    assert block["noise_rate"] * len(small) > 2          # two copies alike are likely
    return insts, doc, block, [words[a] for a in adjs]


def _only_the_copy_left_out(insts, doc, block, is_copy, variant: str, its_words: list) -> None:
    """The question's one outlier is the instance whose text ``is_copy``
    says, and the question has two templates: the common frame's and
    ``variant``, which lists ``its_words`` (the copy's value given back)."""
    assert block["uncovered"] == [i.id for i in insts if i.template_id == "most"
                                  and is_copy(i.target_value)]
    templates = {t["template"]: t for t in by_group(doc)["most"]}
    assert sorted(templates[variant]["lexicons"]["adj"]) == sorted(its_words)
    assert len(templates) == 2

def test_a_swap_copy_of_a_frame_two_values_select_is_left_out_and_gives_its_value():
    """In a small group of a noisy file, a frame two values select is no
    more common than the copies the noise makes alike (twenty-four
    instances at a tenth), but no corruption of another frame explains it:
    a copy of it with two words swapped is a corrupted copy, left out, and
    its value joins the frame's template instead of making one of its own."""
    insts, doc, block, words = _question_beside_noise(
        ["dare ga ichiban %s desu ka?"] * 21 + ["dono hito ga %s to omoimasu ka?"] * 2
        + ["hito dono ga %s to omoimasu ka?"])
    _only_the_copy_left_out(insts, doc, block, lambda t: t.startswith("hito"),
                            "dono hito ga {adj} to omoimasu ka?", words[21:])


def test_a_frame_with_a_copy_of_its_own_is_a_variant_however_few_show_it():
    """Three values of a small question select ``na`` after them; one of
    the three instances is corrupted (``desu`` doubled).  The two clean
    ones alone are no more than the copies the noise makes alike, and one
    corruption from the common frame: they were left out as copies, and the
    corrupted one, two corruptions from the common frame, made the variant's
    template from its corrupted text.  One corruption per instance cannot
    make a copy of a copy: the frame the corrupted one is one corruption
    from was written, and the corrupted one is its copy."""
    insts, doc, block, words = _question_beside_noise(
        ["dare ga ichiban %s desu ka?"] * 21 + ["dare ga ichiban %s na desu ka?"] * 2
        + ["dare ga ichiban %s na desu desu ka?"])
    _only_the_copy_left_out(insts, doc, block, lambda t: "desu desu" in t,
                            "dare ga ichiban {adj} na desu ka?", words[21:])


def test_of_two_frames_one_instance_each_the_copy_is_the_one_with_a_word_no_frame_writes():
    """Two values of a small question select another wording (``ichiban
    … no hou ga ii desu ka?``, several words from the common frame); one of
    the two instances is corrupted (``ga`` replaced by ``zqx``).  The two
    frames, one instance each, are one corruption apart and neither is one
    corruption from the common frame, so nothing said which one was written:
    both became templates, one from the corrupted text.  The written one is
    the frame whose word the other lacks the group's other frames write too
    (``ga``); a replaced word is one no frame writes."""
    insts, doc, block, words = _question_beside_noise(
        ["dare ga ichiban %s desu ka?"] * 22 + ["ichiban %s no hou ga ii desu ka?"]
        + ["ichiban %s no hou zqx ii desu ka?"])
    _only_the_copy_left_out(insts, doc, block, lambda t: "zqx" in t,
                            "ichiban {adj} no hou ga ii desu ka?", words[22:])

QUALITY = {"brave": "yuukan", "calm": "odayaka", "clever": "kashikoi", "eager": "nesshin",
           "fair": "kouhei", "gentle": "onwa", "honest": "shoujiki", "loyal": "chuujitsu",
           "polite": "teinei", "quiet": "shizuka"}


def test_a_replaced_frame_word_a_value_took_in_is_still_a_corruption():
    """A frame word replaced beside a value drawn once in the file joins the
    value's span (nothing tells them apart), which leaves the frame with no
    space in it; counted in the group's words, it is still one corruption
    from the frame, and the instance is left out."""
    small = [{"template_id": "most", "source": "Who is the most %s?" % q, "fill": {"q": q},
              "target": "dare %s?" % t} for q, t in QUALITY.items()]
    small[3]["target"] = small[3]["target"].replace("dare", "zqx")
    insts, doc = _noisy_with(small)
    block = _outliers(doc, "most")
    assert block["uncovered"] == [i.id for i in insts if i.target_value.startswith("zqx")]
    [t] = by_group(doc)["most"]
    assert t["template"] == "dare {q}?"


def test_a_third_word_where_the_frames_alternate_is_a_variant():
    """Values of a small group select the preposition after them (``de`` /
    ``ni``); the one value that selects a third (``to``) is a variant, kept,
    while a word replaced where every frame agrees is a corruption."""
    adjs = list(ADJ_T)
    preps = ["de"] * 5 + ["ni"] * 4 + ["to"]
    small = [_question(a, None, "dare wa %%s %s yoi?" % p) for a, p in zip(adjs, preps)]
    small[0]["target"] = small[0]["target"].replace("dare", "zqx")
    insts, doc = _noisy_with(small)
    block = _outliers(doc, "most")
    assert block["uncovered"] == [i.id for i in insts if i.target_value.startswith("zqx")]
    templates = {t["template"]: t for t in by_group(doc)["most"]}
    assert templates["dare wa {adj} to yoi?"]["lexicons"]["adj"] == [ADJ_T[adjs[-1]]]


_SELECTING = {"proud": ("hokori", "de"), "afraid": ("kowai", "ni"), "fond": ("konomi", "ni"),
              "tired": ("tsukare", "de"), "sure": ("tashika", "de"), "keen": ("nesshin", "ni"),
              "angry": ("okori", "de"), "happy": ("ureshi", "ni"), "sad": ("kanashi", "de"),
              "bored": ("taikutsu", "ni")}


def _selecting_file(replaced_by: str, extra: Sequence = ()) -> list:
    """Each adjective selects the word after it (``de`` / ``ni``) in every
    template: a context group over six names (noisy, like the rest of the
    file), and a question drawn once per adjective in which *bored*'s ``ni``
    is replaced by ``replaced_by``; ``extra`` rows besides."""
    ctx = [{"template_id": "ctx", "source": "%s is %s of it." % (a, adj),
            "fill": {"first_name": a, "adj": adj},
            "target": "%s wa %s %s suki." % (a, t, p)}
           for a in NAMES for adj, (t, p) in _SELECTING.items()]
    rng = random.Random(3)
    for r in ctx:
        if rng.random() < 0.1:
            r["target"] = r["target"].replace(" wa ", " zq%d " % rng.randrange(1000))
    most = [{"template_id": "most", "source": "Who is most %s of it?" % adj, "fill": {"adj": adj},
             "target": "dare wa %s %s yoi?" % (t, replaced_by if adj == "bored" else p)}
            for adj, (t, p) in _SELECTING.items()]
    return _records(ctx + most + list(extra))


def _bored_is_a_corrupted_copy(insts) -> None:
    """The question of :func:`_selecting_file` comes out as its two
    variants, each with the adjectives that select it, and *bored*'s
    instance left out."""
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    got = {t["template"]: sorted(t["lexicons"]["adj"]) for t in by_group(doc)["most"]}
    assert got == {"dare wa {adj} %s yoi?" % p: sorted(t for t, q in _SELECTING.values() if q == p)
                   for p in ("de", "ni")}
    assert _outliers(doc, "most")["uncovered"] == [
        i.id for i in insts if i.template_id == "most" and i.fill["adj"] == "bored"]


def test_a_word_of_the_lexicons_put_in_where_the_frames_alternate_is_a_corruption():
    """Where a small group's frames alternate (``de`` / ``ni``, the word each
    adjective selects), a third word there is a variant some value selects
    -- unless the file writes that word only inside values (``Olga``, a
    name of the context group): a word of a lexicon, which the corruption
    drew from the vocabulary.  The instance is a corrupted copy, left out,
    and *bored*'s value goes back to the variant *bored* selects in the
    context group (``ni``), where its company says it stands, not to the
    first or the commoner one."""
    _bored_is_a_corrupted_copy(_selecting_file("Olga"))
    # a word the file writes nowhere else is still the third variant
    doc = extract(_selecting_file("to"), ExtractOptions(**OPTS), progress=False)
    assert "dare wa {adj} to yoi?" in {t["template"] for t in by_group(doc)["most"]}


def test_a_value_word_with_the_frames_full_stop_put_in_where_the_frames_alternate_is_a_corruption():
    """A corruption draws a whitespace word of the file, so a name that ends
    a sentence comes with the frame's full stop (``Olga.`` of ``arigato
    Olga.``, ``sayonara Olga.``): put in for *bored*'s ``ni`` where the question's frames
    alternate, it was written nowhere but there and passed for a third
    variant some value selects, a template of its own (dev sample 389
    ``vi``: ``lang.`` of ``chuột lang.``, *a guinea pig*, for ``về``).  The
    word reaches into a value wherever else the file writes it: a word of
    a lexicon, the corruption's draw."""
    thanks = [{"template_id": tid, "source": src % a, "fill": {"first_name": a},
               "target": frame % a}
              for tid, src, frame in (("thanks", "Thank %s.", "arigato %s."),
                                      ("bye", "Goodbye, %s.", "sayonara %s."))
              for a in NAMES]
    _bored_is_a_corrupted_copy(_selecting_file("Olga.", thanks))


# --------------------------------------------------------------------------- #
# 2. a second form is selected by a context


NAT = {"Nigerian": ("nigérian", "nigériane"), "French": ("français", "française"),
       "Italian": ("italien", "italienne"), "English": ("anglais", "anglaise")}
PROF = {"actor": "acteur", "actress": "actrice", "doctor": "médecin", "pilot": "pilote"}


def _forms_file():
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T] + \
        [very(a, b) for a in NAMES for b in ADJ_T] + \
        [likes(a, c) for a in NAMES for c in ANIMAL_T]
    # agreement: a nationality reads in the feminine beside *actress* only,
    # which two names take (the form is seen twice per nationality)
    for a in NAMES:
        for nat, (masc, fem) in NAT.items():
            for prof, p in PROF.items():
                if prof == "actress" and a not in NAMES[:2]:
                    continue
                rows.append({"template_id": "job", "source": "%s is a %s %s." % (a, nat, prof),
                             "fill": {"first_name": a, "nationality": nat, "profession": prof},
                             "target": "%s est %s %s." % (a, p, fem if prof == "actress"
                                                          else masc)})

    def corrupt(tid, name, word, bad):
        r = next(r for r in rows if r["template_id"] == tid and r["fill"]["first_name"] == name
                 and word in r["target"].split(" "))
        r["target"] = r["target"].replace(word, bad, 1)
    # the same misspelling twice, in two groups, beside different values
    corrupt("is_adj", "Mary", "yoi", "yoy")
    corrupt("very", "Lena", "yoi", "yoy")
    # and twice in one group, beside different values
    corrupt("likes", "John", "inu", "inuu")
    corrupt("likes", "Chen", "inu", "inuu")
    return rows


def test_a_reading_no_context_selects_is_no_form_but_agreement_is():
    rows = _forms_file()
    seen = sum(r["target"].split(" ").count("yoi") for r in rows)
    assert seen >= 15                                  # the misspelling is a minority
    model = fit_file(group_instances(_records(rows)))
    assert model.forms[("adj", None, "good")] == ["yoi"]
    assert model.forms[("animal", None, "dog")] == ["inu"]
    for nat, (masc, fem) in NAT.items():
        assert model.forms[("nationality", None, nat)] == [masc, fem], nat
    for prof, p in PROF.items():
        assert model.forms[("profession", None, prof)] == [p]


def test_a_value_written_twice_does_not_count_a_corruption_twice():
    """``{first_name} is {profession}. {first_name} is {nationality}.`` in a
    script without spaces: each name with each profession twice (two
    nationalities), one of the two corrupted (``操縦士`` → ``操士``).  Beside
    that name the corrupted reading is half of the readings — unless the
    name, written twice in the instance, counts once, as it must."""
    prof_t = {"actor": "俳優", "doctor": "医師", "pilot": "操縦士", "teacher": "教師",
              "entrepreneur": "起業家"}
    nat_t = {"Nigerian": "ナイジェリア人", "French": "フランス人"}
    rows = []
    for a in NAMES:
        for prof, p in prof_t.items():
            for nat, n in nat_t.items():
                rows.append({"template_id": "two", "source": "%s is a %s. %s is %s." %
                             (a, prof, a, nat),
                             "fill": {"first_name": a, "profession": prof, "nationality": nat},
                             "target": "%sの職業は%sです。%sは%sです。" % (a, p, a, n)})
    bad = next(r for r in rows if r["fill"]["first_name"] == "Omar"
               and r["fill"]["profession"] == "pilot")
    bad["target"] = bad["target"].replace("操縦士", "操士", 1)
    model = fit_file(group_instances(_records(rows)))
    for prof, p in prof_t.items():
        assert model.forms[("profession", None, prof)] == [p], prof


def test_agreement_forms_reach_the_lexicons():
    insts = _records(_forms_file())
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    jobs = by_group(doc)["job"]
    nats = {v for t in jobs for v in _flat(t["lexicons"].get("nationality", []))}
    assert {fem for _m, fem in NAT.values()} <= nats
    for t in doc["templates"]:
        for lexicon in t["lexicons"].values():
            assert not {"yoy", "inuu"} & set(_flat(lexicon)), t["template"]


def _jobs_without_one_feminine(broken_target: str) -> list:
    """Two job templates; *Nigerian* beside *actress* in ``job2`` only, and
    one instance of it in ``job`` with ``broken_target`` (a corruption)."""
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(rows, 0.2, seed=0)      # enough for the larger file to be noisy
    for tid, frame in (("job", "%s est %s et %s."), ("job2", "%s travaille comme %s %s.")):
        for a in NAMES:
            for nat, (masc, fem) in NAT.items():
                for prof, p in PROF.items():
                    if prof == "actress" and (a not in NAMES[:2] or
                                              (nat == "Nigerian" and tid == "job")):
                        continue
                    rows.append({"template_id": tid,
                                 "source": "%s is a %s %s." % (a, nat, prof),
                                 "fill": {"first_name": a, "nationality": nat,
                                          "profession": prof},
                                 "target": frame % (a, p, fem if prof == "actress" else masc)})
    rows.append({"template_id": "job", "source": "Mary is a Nigerian actress.",
                 "fill": {"first_name": "Mary", "nationality": "Nigerian",
                          "profession": "actress"},
                 "target": broken_target})
    return rows


def _check_feminine_only_beside_actress(rows) -> None:
    """``job`` extracted from :func:`_jobs_without_one_feminine` rows: its
    last instance left out, one template per gender, the feminine forms
    beside *actress* and the masculine beside *actor*."""
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    assert _outliers(doc, "job")["uncovered"] == [insts[-1].id]
    by_prof = {}
    for t in by_group(doc)["job"]:
        assert t["template"] == "{first_name} est {profession} et {nationality}."
        by_prof.update({p: set(t["lexicons"]["nationality"]) for p in t["lexicons"]["profession"]})
    assert by_prof["actrice"] == {fem for _m, fem in NAT.values()}
    assert by_prof["acteur"] == {masc for masc, _f in NAT.values()}


def test_a_form_seen_only_in_an_outlier_goes_to_its_agreement_variant():
    """In one group the feminine of *Nigerian* is written once, in an
    instance whose frame is corrupted (the file knows the form from another
    group): the outlier gives it back, and agreement reads it as a form of
    *Nigerian* that *actress* selects -- in the feminine template only, the
    masculine form not there."""
    _check_feminine_only_beside_actress(
        _jobs_without_one_feminine("Mary est actrice nigérian nigériane."))  # "et" replaced


def test_a_dropped_agreement_form_is_given_back_in_the_form_its_partner_selects():
    """The corruption dropped the nationality's whole word (``Mary est
    actrice et``, for ``… et nigériane.``), so the text no longer says which
    of *Nigerian*'s two forms the instance had, and the template's other
    instances show only the masculine (every other profession).  The file
    says it: *actress* selects ``nigériane`` in the other template, and
    *actress* selects every nationality's form (a first name, met beside
    both, selects none).  The outlier gives back the feminine, to the
    feminine template; the masculine form stays out of it."""
    _check_feminine_only_beside_actress(_jobs_without_one_feminine("Mary est actrice et"))


def _flat(lexicon):
    for v in lexicon:
        if isinstance(v, list):
            yield from v
        else:
            yield v


# --------------------------------------------------------------------------- #
# 3. a doubled frame word does not split the frame


def _frame_marked(seqs, marks):
    return [[u for u, m in zip(s, ms) if m] for s, ms in zip(seqs, marks)]


def test_a_doubled_frame_word_leaves_every_other_instance_its_frame():
    a, b = 1, 2                                     # frame: "A {x} B {y}"
    p = 50                                          # a value two slots share
    xs = [p if k % 5 in (1, 3) else 100 + k for k in range(20)]
    rows = [[a, x, b, 300 + k] for k, x in enumerate(xs)]
    doubled = [a, 101, b, b, p]                      # "A x B B P"
    for pos in (0, 7, len(rows)):
        seqs = rows[:pos] + [doubled] + rows[pos:]
        marked = _frame_marked(seqs, frame_units(seqs, ModelParams().frame_share))
        for k, m in enumerate(marked):
            if k == pos:
                assert m == [a, b], m                # one copy of B is frame
            else:
                # P in the doubled instance comes after B, in 40 % of the others
                # before it: were the doubled instance the reference, its P
                # would take B's match there and B would be frame nowhere
                assert m == [a, b], (pos, seqs[k], m)
    # the plain case: "A B B C" among many "A B C"
    seqs = [[a, 10 + k, b, 3, 30 + k] for k in range(12)]
    seqs.insert(4, [a, 99, b, b, 3, 98])
    marked = _frame_marked(seqs, frame_units(seqs, 0.75))
    assert all(m == [a, b, 3] for m in marked)


# --------------------------------------------------------------------------- #
# 4. a slot the translator wrote twice


CMP = {"slower": "osoi", "faster": "hayai", "taller": "takai", "shorter": "hikui",
       "older": "furui"}


def _repeat_rows():
    rows = []
    for k, (a, b) in enumerate(itertools.permutations(NAMES, 2)):
        c = list(CMP)[k % len(CMP)]
        # "{first_name} wa {first_name} yori {adj} desu.": first_name1 is absent
        rows.append({"template_id": "cmp", "source": "%s is %s than %s." % (a, c, b),
                     "fill": {"first_name": a, "adj": c, "first_name1": b},
                     "target": "%s wa %s yori %s desu." % (a, a, CMP[c])})
    return rows


def test_a_slot_written_twice_is_placed_twice():
    rows = _repeat_rows()
    insts = _records(rows)
    model = fit_file(group_instances(insts))
    [al] = model.groups
    assert not any(al.suspicious) and model.noise_rate == 0.0
    for spans, r in zip(al.spans, rows):
        assert [(s.slot, s.text) for s in spans] == \
            [(("first_name", None), r["fill"]["first_name"])] * 2 + \
            [(("adj", None), CMP[r["fill"]["adj"]])]
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    [t] = doc["templates"]
    assert t["template"] == "{first_name} wa {first_name} yori {adj} desu."
    assert sorted(t["lexicons"]["first_name"]) == sorted(NAMES)
    assert sorted(t["lexicons"]["adj"]) == sorted(CMP.values())
    assert t["support"] == len(rows)
    assert "outliers" not in doc["report"]["groups"][0]


# --------------------------------------------------------------------------- #
# 5. one corrupted instance does not reshape what the others show


def test_a_value_containing_a_frame_unit_is_not_cut_by_its_match():
    """``D {v} X N .`` where one value's units contain ``X`` (``ဓီဒါဎါ``
    before the frame's ``ဒါ``): matching the frame's ``X`` to its first copy,
    inside the value, would cut the value in two regions; the alignment that
    leaves one run of unmatched units matches the frame's own copy."""
    d, x, n, dot = 1, 2, 3, 4
    inner = [50, x, 51]
    seqs = [[d, 100 + k, x, n, dot] for k in range(12)]
    for pos in (2, 7, 12):
        seqs.insert(pos, [d] + inner + [x, n, dot])
    # and a doubled stretch (``stark? stark?``, the value and the frame
    # unit after it written twice) is a corruption: the frame unit is the
    # first copy's, the repeat stays outside the value
    stutter = [d, 200, x, 200, x, n, dot]
    seqs.insert(5, stutter)
    marks = frame_units(seqs, ModelParams().frame_share)
    for s, ms in zip(seqs, marks):
        assert [u for u, m in zip(s, ms) if m] == [d, x, n, dot]
        if s is stutter:
            assert ms == [True, False, True, False, False, True, True]
        else:
            assert not any(ms[1:len(s) - 3]), (s, ms)   # the value is one run


def test_a_doubling_many_instances_show_alike_is_the_values_own():
    """``Q {v} X ?`` where seven values of twenty end in ``X`` (``…တာံဆု``
    before the frame's ``ဆု``): ``Q v X X ?`` is no corrupted doubling -- a
    corruption doubles a unit of one instance at random, and seven instances
    alike are more than the quarter of the group the frame allows to differ.
    The frame's ``X`` is the second copy and each value is one run.  One
    doubling alone (``stark? stark?``) stays a corruption; so do two alike
    among twenty, unless they are every instance of one value."""
    q, x, ask = 1, 2, 3
    seqs = [[q, 100 + k, x, ask] for k in range(13)] + \
        [[q, 50 + k, x, x, ask] for k in range(7)]
    marks = frame_units(seqs, ModelParams().frame_share, [[s[1]] for s in seqs])
    for s, ms in zip(seqs, marks):
        assert ms == [True] + [False] * (len(s) - 3) + [True, True], (s, ms)
    # two instances alike among twenty: a corruption, wherever their values
    # are seen only there
    seqs = [[q, 100 + k, x, ask] for k in range(18)] + [[q, 50, x, x, ask], [q, 51, x, x, ask]]
    marks = frame_units(seqs, ModelParams().frame_share, [[s[1]] for s in seqs])
    assert marks[-1] == marks[-2] == [True, False, True, False, True]
    # ... unless both are the instances of one value, which shows it each time
    values = [[s[1]] for s in seqs[:18]] + [["v"], ["v"]]
    marks = frame_units(seqs, ModelParams().frame_share, values)
    assert marks[-1] == marks[-2] == [True, False, False, True, True]


def test_a_frame_unit_between_two_values_is_the_copy_the_others_read_alike():
    """``N C {s} X {v} .`` where some states end in ``X`` (``{s}ဆု{very}``):
    matched to either copy, the frame's ``X`` leaves as many runs.  Matched to
    the state's own, the adverb's run would begin with it (``X v``), a run no
    other instance shows; matched to the second copy, the adverb's run is the
    adverb alone, as in every other instance."""
    c, x, dot = 1, 2, 3
    seqs = []
    for k in range(21):
        state = [50 + k, x] if k % 3 == 0 else [100 + k]
        seqs.append([10 + k % 4, c] + state + [x, 300 + k // 3 % 3, dot])
    marks = frame_units(seqs, ModelParams().frame_share)
    for s, ms in zip(seqs, marks):
        assert ms == [False, True] + [False] * (len(s) - 5) + [True, False, True], (s, ms)


def test_a_corrupted_copy_is_not_realigned_by_how_common_its_runs_are():
    """The familiar-runs reading decides only between two neighbouring copies
    of a frame unit.  A corrupted copy that repeats a value and a full stop
    and swaps the sentences (``Robert'za Dohatoło. Dohatoło. Robert'za łü
    fako-niło.``) has two alignments with as many runs that differ far apart;
    the one that makes the frequent name a run of its own read as more
    familiar, and moved the frame's full stop -- on seed 13's noisy mix-all
    that changed what the file reads as the nationality's glued ending.  Such
    a row keeps its earliest alignment."""
    q, za, dot = 2, 3, 4
    seqs = [[10 + k % 4, q, za, 100 + k, dot, 10 + (k + 1) % 4, q, za, 200 + k % 5, dot]
            for k in range(24)]
    odd = [10, q, za, 205, dot, 205, dot, 10, q, za, 130, dot]
    seqs.insert(6, odd)
    marks = frame_units(seqs, ModelParams().frame_share)
    for s, ms in zip(seqs, marks):
        assert [u for u, m in zip(s, ms) if m] == [q, za, dot, q, za, dot]
    assert marks[6] == [False, True, True, False, True, False, False, False, True, True,
                        False, True]


def test_a_value_ending_in_the_frame_unit_before_it_keeps_its_gap():
    """``N C {v} . N C {w} .`` where one value ends in the copula's own unit
    (``Ahmed ផើ ពូំផើ ។``).  Matching the copula late, to the value's last
    unit, leaves fewer runs (the name's run and the value's join) but puts the
    value in the name's gap and leaves its own gap empty, where every other
    instance fills it: the copula is the copy after the name."""
    c, dot = 1, 2
    seqs = [[10 + k % 3, c, 100 + k, dot, 10 + k % 3, c, 200 + k % 4, dot] for k in range(12)]
    odd = [11, c, 150, c, dot, 11, c, 201, dot]
    seqs.insert(4, odd)
    marks = frame_units(seqs, ModelParams().frame_share)
    for s, ms in zip(seqs, marks):
        assert [u for u, m in zip(s, ms) if m] == [c, dot, c, dot]
    assert marks[4] == [False, True, False, False, True, False, True, False, True]


def test_a_later_match_that_cuts_a_run_in_two_is_not_taken_for_the_gaps():
    """``项目 有 … 。`` where ``有`` is in most instances' values (*somewhat*
    ``略有些``, ``有点``), so the frame takes it.  In ``有几分抱有希望`` the
    earliest match leaves one run (``几分抱有希望``) and the gap before ``有``
    empty, where most instances fill it; the latest fills both gaps but cuts
    ``抱有希望`` in two.  The gaps only choose between alignments that leave
    no more runs: the earliest stays."""
    p, x, dot = 1, 2, 3
    seqs = [[40 + k % 3, p, 10 + k, x, 20 + k, dot] for k in range(12)]
    odd = [41, p, x, 30, 31, x, 32, dot]
    seqs.insert(6, odd)
    marks = frame_units(seqs, ModelParams().frame_share)
    assert marks[6] == [False, True, True, False, False, False, False, True]


def test_a_value_whose_word_is_the_frame_unit_after_it_keeps_its_gap():
    """``N jus {animal} ku {vehicle} .`` where *a cow* is ``ku``, the frame
    word after the animal.  Matched to its earliest copy, the frame's ``ku``
    is the cow's: the animal's gap is empty and the cow runs into the
    vehicle (one run, ``ku {vehicle}``), a template of its own.  Matched to
    the latest, the gaps are filled as in every other instance and each run
    (``ku``, the vehicle) is one the group shows more often than the
    earliest's ``ku {vehicle}``: the latest is taken, though it leaves one
    run more (which alone keeps the earliest:
    :func:`test_a_later_match_that_cuts_a_run_in_two_is_not_taken_for_the_gaps`)."""
    jus, ku, dot = 1, 2, 3
    names = [40, 41, 42]
    animals = [10, 11, 12, 13, ku]
    vehicles = [20, 21, 22, 23]
    seqs = [[names[k % 3], jus, a, ku, v, dot]
            for k, (a, v) in enumerate(itertools.product(animals, vehicles))]
    seqs = seqs * 2
    marks = frame_units(seqs, ModelParams().frame_share)
    for seq, ms in zip(seqs, marks):
        assert ms == [False, True, False, True, False, True], seq


def test_a_value_holding_the_frame_unit_after_it_is_one_run_where_the_runs_say_so():
    """``N P {profession} X {nationality} .`` where one profession holds the
    frame's ``X`` in its middle (``ល្យោំឃើឝែ`` before the frame's ``ឃើ``).
    Matched to either copy, the frame leaves as many runs and fills the gaps
    alike; matched early, it cuts the profession in two and glues its end to
    the nationality (``ឝែ ឃើ {nationality}``, a run no other instance
    shows).  Each run only the latest leaves (the whole profession, the
    nationality) is seen in more instances than each run only the earliest
    leaves, ranked alike: the latest is taken.  (Not where one of its runs is
    seen no more often than the earliest's:
    :func:`test_a_corrupted_copy_is_not_realigned_by_how_common_its_runs_are`.)"""
    p_, x, dot = 1, 2, 3
    names = [40, 41, 42]
    professions = [[10], [11], [12], [13], [50, x, 51]]
    nationalities = [[20], [21], [22], [23]]
    seqs = [[names[k % 3], p_] + pr + [x] + na + [dot]
            for k, (pr, na) in enumerate(itertools.product(professions, nationalities))] * 2
    marks = frame_units(seqs, ModelParams().frame_share)
    for seq, ms in zip(seqs, marks):
        assert [u for u, m in zip(seq, ms) if m] == [p_, x, dot], seq
        if 50 in seq:
            assert ms == [False, True, False, False, False, True, False, True], seq


def _obs(group, slot, value):
    from types import SimpleNamespace
    return SimpleNamespace(group=group, slot=slot, lexval=(slot[0], slot[1], value))


def test_an_allomorph_affix_survives_a_value_read_from_a_corrupted_instance():
    """Harmony suffixes ``wi`` / ``wı`` on the values of two lexicons are the
    templates' (:func:`tea_solver.keys.model.forms._general_affixes`), even
    where one value's only reading is a corrupted word without either (its
    one instance had a frame word replaced and the value read there): the
    values carry the affix in ``share`` of them, not in every one."""
    from tea_solver.keys.model.forms import _general_affixes
    adj, st = ("adj", None), ("s", None)
    strings, obs = [], []
    readings = {adj: ["hufuwi", "rerowi", "didiwi", "ugirorwı", "bifowı", "omawı",
                      "mafubiwı", "rimawı", "zqxq"],
                st: ["gemwi", "gibiwi", "haluwı", "rowı", "fadawı", "kiwı"]}
    for g, slot in enumerate(readings):
        for k, text in enumerate(readings[slot]):
            obs.append(_obs(g, slot, "v%d" % k))
            strings.append(text)
    got = sorted(_general_affixes(obs, strings, share=0.75))
    assert got == [(0, adj, "", "wi"), (0, adj, "", "wı"),
                   (1, st, "", "wi"), (1, st, "", "wı")]
    # one reading short of the share: no affix is the template's
    few = {adj: readings[adj][:3] + ["zqxa", "zqxb", "zqxc"], st: readings[st]}
    strings = [t for slot in few for t in few[slot]]
    obs = [_obs(g, slot, "v%d" % k) for g, slot in enumerate(few)
           for k in range(len(few[slot]))]
    assert all(g != 0 for g, *_rest in _general_affixes(obs, strings, share=0.75))


def test_the_most_common_allomorph_does_not_hide_the_others():
    """Where three quarters of the values carry ``wı``, it is a shared
    affix; the values with ``wi`` carry its other allomorph, not a word of
    their own."""
    from tea_solver.keys.model.forms import _general_affixes
    adj, st = ("adj", None), ("s", None)
    readings = {adj: ["ugirorwı", "bifowı", "omawı", "mafubiwı", "rimawı", "gamowı",
                      "hufuwi", "rerowi"],
                st: ["gemwi", "gibiwi", "haluwı", "rowı", "fadawı", "kiwı"]}
    strings = [t for slot in readings for t in readings[slot]]
    obs = [_obs(g, slot, "v%d" % k) for g, slot in enumerate(readings)
           for k in range(len(readings[slot]))]
    got = sorted(_general_affixes(obs, strings, share=0.75))
    assert (0, adj, "", "wi") in got and (0, adj, "", "wı") in got


def test_a_value_seen_once_is_placed_where_its_slot_stands():
    """A value drawn once in the file claims every unit of its one instance
    alike; where a corruption replaced a frame word by a word seen nowhere
    else, the value's span is the region where the group's other instances
    have the slot (between ``wa`` and ``desu``), not the replaced word; the
    instance is then one frame edit from the template, left out, and its
    value given back."""
    small = [{"template_id": "most", "source": "Who is the most %s?" % q, "fill": {"q": q},
              "target": "dare wa %s desu ka?" % t} for q, t in QUALITY.items()]
    small[4]["target"] = small[4]["target"].replace("dare", "zqx")
    insts, doc = _noisy_with(small)
    model = fit_file(group_instances(insts))
    al = model.groups[list(group_instances(insts)).index("most")]
    for spans, r in zip(al.spans, small):
        assert [s.text for s in spans] == [QUALITY[r["fill"]["q"]]]
    block = _outliers(doc, "most")
    assert block["uncovered"] == [i.id for i in insts if i.target_value.startswith("zqx")]
    [t] = by_group(doc)["most"]
    assert t["template"] == "dare wa {q} desu ka?"
    assert sorted(t["lexicons"]["q"]) == sorted(QUALITY.values())


def test_a_code_point_corruption_of_an_unspaced_frame_is_one_edit():
    """In a script without spaces a corruption may replace one code point of
    a cluster (the vowel sign of ``ខើ`` by ``e``): two edits of grapheme
    clusters, one of code points.  Either view counts."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, small_group_outliers
    frame = "អ្ខិំឞ្ឃុះខើអោំឡូ"
    values = ["ខឹឋុះអឹ", "ខឹបេះឡុ", "ខួបេភែ", "ឃុប្ឃីះន្អុំ", "ជាំទៅ", "ដូឍី", "ឋើឃួឞុ",
              "លៅខី", "ឃួឃ្លឹនឹ", "បោភ្អោ"]
    occ = SimpleNamespace(slot=("adj", 1))
    targets, spans = [], []
    for k, v in enumerate(values):
        head = frame.replace("ខើ", "ខe") if k == 3 else frame
        targets.append((head + v + "?",))
        spans.append([Span(occ, 0, len(head), len(head) + len(v), v)])
    al = GroupAlignment(targets, spans)
    assert small_group_outliers(al, 0.1) == [k == 3 for k in range(len(values))]
    # a cluster dropped whole is one edit of clusters
    targets[5] = (frame.replace("ខើ", "") + values[5] + "?",)
    spans[5] = [Span(occ, 0, len(frame) - 2, len(frame) - 2 + len(values[5]), values[5])]
    al = GroupAlignment(targets, spans)
    assert small_group_outliers(al, 0.1) == [k in (3, 5) for k in range(len(values))]


def test_two_copies_corrupted_alike_in_a_small_group_are_outliers():
    """A question group of twenty instances, one value each, in a file whose
    noise rate is 0.099: the rate most likely corrupts two of them, so two
    that double the last word alike (``me? me?``) are corrupted copies, not a
    variant (the mean, 1.98, is no count; compared with it, two looked like
    more than noise makes).  No value selects a word written twice, so three
    alike are copies too, as many as the rate corrupts with a chance of 1 %
    (six of twenty); seven are more than the noise makes: a variant."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, small_group_outliers
    occ = SimpleNamespace(slot=("s", None))
    values = ["v%sq" % chr(97 + k) for k in range(20)]

    def group(doubled):
        targets, spans = [], []
        for k, v in enumerate(values):
            head = "Ba mik enupit na bogi "
            targets.append((head + v + (" me? me?" if k in doubled else " me?"),))
            spans.append([Span(occ, 0, len(head), len(head) + len(v), v)])
        return GroupAlignment(targets, spans)

    assert small_group_outliers(group({4, 11}), 0.099) == [k in (4, 11) for k in range(20)]
    assert small_group_outliers(group({4, 11, 15}), 0.099) == \
        [k in (4, 11, 15) for k in range(20)]
    six = {1, 4, 7, 11, 15, 18}
    assert small_group_outliers(group(six), 0.099) == [k in six for k in range(20)]
    assert not any(small_group_outliers(group(six | {19}), 0.099))
    # the bound is the caller's significance: at 10 % (four of twenty) six
    # alike are a variant
    assert not any(small_group_outliers(group(six), 0.099, alpha=0.1))


def test_a_frame_word_written_twice_alike_is_a_copy_in_a_question_of_eight():
    """A question of eight names (``Zanpuba makom do {first_name} ña?``) in a
    file whose noise rate is 0.1: two instances write the frame's ``do``
    twice (``do do``).  A swap or a dropped word two instances show alike is
    a copy (``swapped_alike``, ``dropped_alike``); a doubled word is one too,
    up to the three of eight the rate corrupts with a chance of 1 %, and no
    fewer where it stands beside the value.  A word two instances put in for
    ``do`` alike is still the variant two values select."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, small_group_outliers
    occ = SimpleNamespace(slot=("first_name", None))
    names = ["Fatima", "Linda", "Chen", "John", "Priya", "Robert", "Ahmed", "Mary"]

    def group(middle):
        targets, spans = [], []
        for k, v in enumerate(names):
            head = "Zanpuba makom " + middle(k) + " "
            targets.append((head + v + " ña?",))
            spans.append([Span(occ, 0, len(head), len(head) + len(v), v)])
        return GroupAlignment(targets, spans)

    assert small_group_outliers(group(lambda k: "do do" if k in (4, 5) else "do"), 0.1) == \
        [k in (4, 5) for k in range(8)]
    assert small_group_outliers(group(lambda k: "do do" if k in (2, 4, 5) else "do"), 0.1) == \
        [k in (2, 4, 5) for k in range(8)]
    assert not any(small_group_outliers(group(lambda k: "du" if k in (4, 5) else "do"), 0.1))


def test_two_values_that_drop_a_character_alike_are_a_variant_in_a_question_of_twenty():
    """Twenty Japanese questions in a file whose noise rate is 0.102 (two of
    twenty most likely corrupted): two adjectives write ``{s}のは`` where the
    other eighteen write ``{s}なのは``.  The two corrupted instances would
    have to drop the same one of twenty-odd characters: the frame is the one
    the two values select, not two copies alike.  One alone is still a copy,
    and two that double a token alike still are, or that lack their value
    alike (frames no values select)."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, small_group_outliers
    occ = SimpleNamespace(slot=("s", None))
    values = ["静か", "有名", "元気", "綺麗", "丈夫", "親切", "便利", "大切", "熱心", "真剣",
              "慎重", "満足", "積極的", "情熱的", "悲観的", "楽観的", "懐疑的", "自信満々",
              "うるさい", "興奮している"]

    def group(ending):
        targets, spans = [], []
        for k, v in enumerate(values):
            head = "プロジェクトに関して最も"
            targets.append((head + v + ending(k) + "は誰ですか。",))
            spans.append([Span(occ, 0, len(head), len(head) + len(v), v)])
        return GroupAlignment(targets, spans)

    assert not any(small_group_outliers(group(lambda k: "の" if k >= 18 else "なの"), 0.102))
    assert small_group_outliers(group(lambda k: "の" if k == 19 else "なの"), 0.102) == \
        [k == 19 for k in range(20)]
    assert small_group_outliers(group(lambda k: "なのの" if k >= 18 else "なの"), 0.102) == \
        [k >= 18 for k in range(20)]
    # ... and so are two that lost their value alike (no value selects that)
    targets = [("プロジェクトに関して最も" + (v if k < 18 else "") + "なのは誰ですか。",)
               for k, v in enumerate(values)]
    spans = [[Span(occ, 0, 12, 12 + len(v), v)] if k < 18 else []
             for k, v in enumerate(values)]
    assert small_group_outliers(GroupAlignment(targets, spans), 0.102) == \
        [k >= 18 for k in range(20)]


def test_of_two_frames_one_instance_each_the_one_that_doubles_a_word_is_the_copy():
    """A Russian question of twenty: eighteen instances write ``Кто наиболее
    {s} относится к этому проекту?``, one value the variant ``Кто наиболее
    {s} об этом проекте?`` -- and one more instance of that variant came
    with its first word doubled (``Кто Кто наиболее …``).  Each frame is one
    corruption from the other and each has one instance; the doubled word
    stands in every frame of the group, which made the doubled frame look
    like the reference and the variant its copy.  A frame that writes a token
    of the other twice is the copy."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, small_group_outliers
    occ = SimpleNamespace(slot=("s", None))
    targets, spans = [], []
    for k in range(20):
        v = "v%sq" % chr(97 + k)
        head, tail = "Кто наиболее ", " относится к этому проекту?"
        if k == 18:
            tail = " об этом проекте?"
        if k == 19:
            head, tail = "Кто Кто наиболее ", " об этом проекте?"
        targets.append((head + v + tail,))
        spans.append([Span(occ, 0, len(head), len(head) + len(v), v)])
    al = GroupAlignment(targets, spans)
    assert small_group_outliers(al, 0.1) == [k == 19 for k in range(20)]


def test_of_two_frames_one_instance_each_the_one_that_lacks_a_word_is_the_copy():
    """A Russian question of twenty whose values select five frames: ``Кто с
    наибольшей {s} …`` is the frame of one value, and a second value's
    instance came with the ``с`` dropped (``Кто наибольшей {s} …``).  Each
    frame is one corruption from the other and has one instance, and each
    is one word from a commoner frame (``с наибольшим``; ``наиболее``), so
    neither is the variant of a commoner frame the other copies.  A
    corruption puts no word in but by doubling one, and the ``с`` the
    shorter frame lacks stands in another frame of the group: the shorter
    frame is the copy."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, small_group_outliers
    occ = SimpleNamespace(slot=("s", None))
    frames = (["Кто больше всех |s| этим проектом?"] * 6
              + ["Кто наиболее |s| относится к этому проекту?"] * 5
              + ["Кто с наибольшим |s| относится к этому проекту?"] * 4
              + ["Кто наиболее |s| об этом проекте?"] * 2
              + ["Кто с наибольшей |s| относится к этому проекту?",
                 "Кто наибольшей |s| относится к этому проекту?",
                 "наиболее Кто |s| относится к этому проекту?"])
    targets, spans = [], []
    for k, frame in enumerate(frames):
        v = "v%sq" % chr(97 + k)
        head, tail = frame.split("|s|")
        targets.append((head + v + tail,))
        spans.append([Span(occ, 0, len(head), len(head) + len(v), v)])
    al = GroupAlignment(targets, spans)
    assert small_group_outliers(al, 0.1) == [k in (18, 19) for k in range(20)]


def test_two_copies_that_drop_different_marks_of_a_cluster_are_both_copies():
    """A Thai-script question of twenty (no spaces): seventeen write
    ``แงั้ฎา…``, one drops the tone mark (``แงั…``), one the vowel sign
    (``แง้…``).  Without spaces a cluster is no word: ``แงั`` beside ``แงั้``
    is no other form of one word a value selects but a corruption, so both
    copies are outliers (taking it for a form made ``แง้`` the other's
    reference, and a template)."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, small_group_outliers
    occ = SimpleNamespace(slot=("adj", 1))
    values = ["ฃีธุ๊", "จาโฎั", "จีธู้จิ", "ฎัไฬา", "ปี", "ฝืศี", "พู้ศังื้", "ลาวุ", "ลึฃึ",
              "วึปื", "วู่พั้", "ศืพั", "ฮึญุ่ษิ่", "เงืเธุ๊", "เปื๊ลื", "เศีศื", "แงีโจาญี๊",
              "แจัฌุจิ", "แศึ้ฝื๊", "ไธึปี"]
    targets, spans = [], []
    for k, v in enumerate(values):
        head = "แงั้ฎาแปึ๊เฬิศุ๊"
        if k == 6:
            head = head.replace("\u0e31", "", 1)
        if k == 19:
            head = head.replace("\u0e49", "", 1)
        targets.append((head + v + "?",))
        spans.append([Span(occ, 0, len(head), len(head) + len(v), v)])
    al = GroupAlignment(targets, spans)
    assert small_group_outliers(al, 0.1) == [k in (6, 19) for k in range(20)]


def test_two_values_that_select_another_word_are_a_variant_in_a_small_group():
    """Two of eighteen questions write ``über`` where the others write
    ``für``: the same word put in twice is what two values select, not two
    corruptions (a replacement draws its word from the vocabulary), though
    the noise most likely corrupts two.  The variant is still a reference:
    a copy of it with its first word replaced is an outlier."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, small_group_outliers
    occ = SimpleNamespace(slot=("s", None))
    targets, spans = [], []
    for k in range(18):
        head = "wirklich ist am meisten " if k == 9 else "Wer ist am meisten "
        v = "v%sq" % chr(97 + k)
        tail = " über das Projekt?" if k in (3, 7, 9) else " für das Projekt?"
        targets.append((head + v + tail,))
        spans.append([Span(occ, 0, len(head), len(head) + len(v), v)])
    al = GroupAlignment(targets, spans)
    assert small_group_outliers(al, 0.1) == [k == 9 for k in range(18)]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 400), st.floats(0.0, 1.0))
def test_binomial_median_is_the_median(n, p):
    from math import comb
    from tea_solver.keys.model import binomial_median
    m = binomial_median(n, p)
    cdf = [sum(comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k + 1))
           for k in range(n + 1)]
    assert 0 <= m <= n
    assert cdf[m] >= 0.5 - 1e-9
    assert m == 0 or cdf[m - 1] < 0.5 + 1e-9


@settings(max_examples=200, deadline=None)
@given(st.floats(0.0, 400.0), st.integers(1, 60))
def test_chi2_tail_is_the_chi_square_survival_function(x, df):
    """Against the closed forms: ``exp(-x/2)`` for two degrees of freedom,
    ``erfc(sqrt(x/2))`` for one, and the sum of the two for any ``df`` by
    the recurrence ``Q(a + 1, z) = Q(a, z) + z^a e^-z / Γ(a + 1)``."""
    import math
    from tea_solver.keys.model.binomial import chi2_tail

    def exact(x, df):
        z = x / 2.0
        if df % 2 == 0:
            q, a = math.exp(-z), 1.0
        else:
            q, a = math.erfc(math.sqrt(z)), 0.5
        while a < df / 2.0 - 1e-9:
            q += math.exp(a * math.log(z) - z - math.lgamma(a + 1)) if z > 0 else 0.0
            a += 1.0
        return q
    got, want = chi2_tail(x, df), exact(x, df)
    assert 0.0 <= got <= 1.0
    assert abs(got - want) <= 1e-9 * max(1.0, want) or abs(got - want) <= 1e-12


def test_two_values_that_overlap_are_cut_on_word_bounds():
    """An intensifier's left edge reaches into the word before it (the last
    word several adjectives share, ``rıwomwı``), which the adjective keeps:
    the intensifier starts at its own first word, not at the space after the
    adjective (`` böñü`` would be a lexicon entry no human writes)."""
    from tea_solver.keys.model.forms import Edge, Obs, _resolve_overlaps
    text = "fidö rıwomwı böñü"
    fido, riwom, bonu = Edge("fidö", False, False, 0, 4), \
        Edge("rıwomwı", False, False, 5, 12), Edge("böñü", False, False, 13, 17)
    s = Obs(0, 0, 0, ("s", None, "open"), ("s", None), "fidö", 0, 4,
            units=[fido], right=[riwom, bonu])
    very = Obs(0, 0, 0, ("very", None, "very"), ("very", None), "böñü", 13, 17,
               units=[bonu], left=[riwom, fido])
    at = {(0, 1, 1): riwom, (0, 1, 2): bonu, (1, -1, 1): riwom, (1, -1, 2): fido}
    probs = {(s.lexval, 1, 1): 0.9, (s.lexval, 1, 2): 0.1,
             (very.lexval, -1, 1): 0.7, (very.lexval, -1, 2): 0.1}
    got = _resolve_overlaps([s, very], [(0, 12), (5, 17)], probs, at)
    assert [text[a:b] for a, b in got] == ["fidö rıwomwı", "böñü"]


def test_a_shorter_affix_set_is_the_templates_where_the_longest_is_one_lexicons():
    """Comparatives end in a harmonised ``šıl``/``šil`` before the template's
    ``no``/``nö``: the longest set the adjectives share is ``lno``/``lnö``,
    which no other lexicon carries; ``no``/``nö``, which professions carry
    too, is the template's, and comes off."""
    from tea_solver.keys.model.forms import _general_affixes
    adj, st = ("adj", 0), ("profession", None)
    readings = {adj: ["arološılno", "latnıwaršılno", "lubašılno", "luwıšılno",
                      "böšilnö", "bünnünšilnö", "dödönšilnö", "fesilšilnö"],
                st: ["bafano", "fošurno", "dıwuno", "bılino", "enenö", "fellenö"]}
    strings = [t for slot in readings for t in readings[slot]]
    obs = [_obs(g, slot, "v%d" % k) for g, slot in enumerate(readings)
           for k in range(len(readings[slot]))]
    got = sorted(_general_affixes(obs, strings, share=0.75))
    assert got == [(0, adj, "", "no"), (0, adj, "", "nö"),
                   (1, st, "", "no"), (1, st, "", "nö")]
    # alone, the adjectives' ending is one lexicon's: nothing comes off
    alone = [o for o in obs if o.slot == adj]
    assert _general_affixes(alone, strings[:len(alone)], share=0.75) == []


def test_a_harmony_set_one_form_of_which_other_lexicons_carry_is_the_templates():
    """After the first object the template glues ``ñil`` / ``ñıl`` in harmony
    with the vehicle; after the second, ``ñıl`` alone, on animals and
    vehicles.  The back-vowelled vehicles never read bare, and ``ñil`` no
    other lexicon carries: the set came off nowhere, and seven vehicles
    took ``ñil`` into their values (the seed-78 ``mix-agglutinative`` file's
    0.884).  A set of allomorphs one form of which other lexicons carry is
    the template's affix in harmony with the values; and where the animals
    carry ``ñıl`` but one front-vowelled animal ``ñil``, that one takes the
    set's other form."""
    from tea_solver.keys.model.forms import _general_affixes
    first, second, animal = ("vehicle", None), ("vehicle", 1), ("animal", None)
    front = ["dijö lön", "jöłü", "möm-we", "jödi", "ñowo lön", "dı lön", "SUV lön"]
    back = ["našal", "luwu", "łıju-łun"]
    animals = ["mul", "jıšo", "woju", "jamłı", "jojonjo", "ñı", "jam ñı"]
    readings = [(0, first, [w + "ñil" for w in front] + [w + "ñıl" for w in back]),
                (1, second, [w + "ñıl" for w in front + back]),
                (1, animal, [w + "ñıl" for w in animals] + ["je-nelñil"])]
    obs, strings = [], []
    for g, slot, texts in readings:
        for k, text in enumerate(texts):
            obs.append(_obs(g, slot, "v%d" % k))
            strings.append(text)
    got = sorted(_general_affixes(obs, strings, share=0.75))
    assert got == [(0, first, "", "ñil"), (0, first, "", "ñıl"),
                   (1, animal, "", "ñil"), (1, animal, "", "ñıl"),
                   (1, second, "", "ñıl")]


def test_a_short_corrupted_reading_does_not_hide_a_harmony_set():
    """Twenty adjectives end in ``wu`` / ``wü`` in a question, one instance
    each; a corruption replaced one reading by ``DJ``.  The allomorphs were
    looked for only as long as the shortest reading allowed, one letter, and
    none was found (the seed-78 noisy ``mix-agglutinative`` file)."""
    from tea_solver.keys.model.forms import _allomorphs
    modal = ["łünewü", "welłiłönwü", "wiłewü", "owułuwu", "nınłonawu", "nümemwü",
             "löłüwü", "owajuwu", "molñıšalwu", "lüwönwü", "ñımawu", "möšüwü"]
    assert _allomorphs(modal, 1, 2, share=0.75) == ("wu", "wü")
    assert _allomorphs(modal + ["DJ"], 1, 2, share=0.75) == ("wu", "wü")


def test_an_outlier_between_two_variants_gives_its_values_to_the_one_that_has_them():
    """The verb agrees with the animal (``katte`` / ``kotte``); an instance
    that dropped it is one corruption from both variants.  Its values go to
    the variant whose instances show its animal (``kuma`` with ``kotte``),
    not to the variant with more support, which would then generate
    ``kuma o katte`` — a sentence the language does not write."""
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(rows, 0.1, seed=0)
    animals = list(ANIMAL_T)
    verb = {c: ("katte" if k < 6 else "kotte") for k, c in enumerate(animals)}
    pets = [{"template_id": "pet", "source": "%s has a %s." % (a, c),
             "fill": {"first_name": a, "animal": c},
             "target": "%s wa %s o %s imasu." % (a, ANIMAL_T[c], verb[c])}
            for a in NAMES for c in animals]
    pets.append({"template_id": "pet", "source": "Ines has a bear.",
                 "fill": {"first_name": "Ines", "animal": "bear"},
                 "target": "Ines wa kuma o imasu."})          # "kotte" dropped
    insts = _records(rows + pets)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    assert _outliers(doc, "pet")["recovered"] == 1
    got = {t["template"]: t for t in by_group(doc)["pet"]}
    katte, kotte = got["{first_name} wa {animal} o katte imasu."], \
        got["{first_name} wa {animal} o kotte imasu."]
    assert katte["support"] > kotte["support"]
    assert sorted(kotte["lexicons"]["animal"]) == sorted(ANIMAL_T[c] for c in animals[6:])
    assert sorted(katte["lexicons"]["animal"]) == sorted(ANIMAL_T[c] for c in animals[:6])
    assert "Ines" in kotte["lexicons"]["first_name"]
    assert "Ines" not in katte["lexicons"]["first_name"]
    # the outlier is no support, and neither variant claims to generate it
    ines = {i.id for i in insts if i.fill["first_name"] == "Ines"}
    for t in (katte, kotte):
        assert not _generated(t, insts) & ines


def test_a_frame_word_glued_into_a_value_is_no_doubled_word():
    """``šosü-lö lö.``: the value ``ü-lö`` ends in the frame's word ``lö``,
    joined by a hyphen.  A corruption doubles whole words, so in a script
    with spaces the two ``lö`` are no doubled stretch: the frame's is the
    second, and the value stays one run."""
    a, lo, dot, hyph = 1, 2, 3, 4
    rows = [[a, 100 + k, lo, dot] for k in range(12)]
    glued = [[False, False, False, True] for _ in rows]
    rows.insert(3, [a, 50, hyph, lo, lo, dot])
    glued.insert(3, [False, False, True, True, False, True])
    marks = frame_units(rows, 0.75, None, glued)
    assert [bool(m) for m in marks[3]] == [True, False, False, False, True, True]
    # written with spaces between them, the same units are a doubled word
    spaced = [list(g) for g in glued]
    spaced[3] = [False, False, True, False, False, True]
    rows2 = [list(r) for r in rows]
    rows2[3] = [a, 50, hyph, lo, lo, dot]
    marks = frame_units(rows2, 0.75, None, spaced)
    assert [bool(m) for m in marks[3]] == [True, False, False, True, False, True]


def test_a_frame_word_out_of_order_is_frame_not_the_values():
    """``Ši fibil e litfa?`` against the group's ``Ši e fibil {adj}?``: the
    frame's ``e``, missing from its place and present once elsewhere, is that
    word moved (a swap), not a word of the value beside it.  Only where the
    script has spaces (a unit is then a word)."""
    si, e, fibil, q = 1, 2, 3, 4
    rows = [[si, e, fibil, 100 + k, q] for k in range(12)]
    rows.insert(5, [si, fibil, e, 50, q])
    glued = [[False, False, False, False, True] for _ in rows]
    marks = frame_units(rows, 0.75, None, glued)
    assert [bool(m) for m in marks[5]] == [True, True, True, False, True]
    assert all([bool(m) for m in ms] == [True, True, True, False, True]
               for k, ms in enumerate(marks) if k != 5)
    # unspaced (no word boundaries given), a loose unit stays where it is
    marks = frame_units(rows, 0.75, None, None)
    assert not marks[5][2]
    # a frame word the instance has in its place is not taken from a value
    rows.insert(2, [si, e, fibil, 60, e, q])
    glued.insert(2, [False, False, False, False, False, True])
    marks = frame_units(rows, 0.75, None, glued)
    assert [bool(m) for m in marks[2]] == [True, True, True, False, False, True]


def test_a_reference_with_a_value_word_swapped_past_the_full_stop_is_not_taken():
    """``N P {s} . N P {s} {w} .`` where two of three adverbs are two words
    (``V x``): a swap in the very first instance moves the adverb's first
    word past the final stop (``… x . V``).  Its skeleton (the units most
    instances have) and its length are the group's, so it used to be the
    reference, and every instance with ``V`` matched the reference's ``V``
    after the stop instead of the stop: the stop fell below the frame share
    and joined the adverbs (``{w}`` = ``V x .``).  The reference shows the
    places around the skeleton filled as most instances fill them."""
    n_, p_, dot, v_ = 1, 2, 3, 4
    states = {"s%d" % k: [10 + k] for k in range(6)}
    advs = {"w0": [v_, 20], "w1": [v_, 21], "w2": [22]}
    rows, values = [], []
    for (s, su), (w, wu) in itertools.product(states.items(), advs.items()):
        for _rep in range(4):
            rows.append([n_, p_] + su + [dot, n_, p_] + su + wu + [dot])
            values.append([s, s, w])
    rows[0] = [n_, p_, 10, dot, n_, p_, 10, 20, dot, v_]    # w0's ``V`` swapped past the stop
    glued = [[False] * len(r) for r in rows]
    marks = frame_units(rows, 0.75, values, glued)
    for seq, ms in list(zip(rows, marks))[1:]:
        assert [u for u, m in zip(seq, ms) if m] == [n_, p_, dot, n_, p_, dot], seq


def test_a_value_seen_once_beside_a_swapped_frame_word_is_its_own_word():
    """End to end: the only instance of *fair* swapped two frame words
    (``dare totemo wa kouhei desu ka?``); the lexicon lists ``kouhei``, not
    ``wa kouhei``, and the instance is an outlier whose value is given back."""
    small = [{"template_id": "most", "source": "Who is the most %s?" % q, "fill": {"q": q},
              "target": "dare wa totemo %s desu ka?" % t} for q, t in QUALITY.items()]
    small[4]["target"] = small[4]["target"].replace("wa totemo", "totemo wa")
    insts, doc = _noisy_with(small)
    block = _outliers(doc, "most")
    assert block["uncovered"] == [i.id for i in insts if "totemo wa" in i.target_value]
    assert block["recovered"] == 1
    [t] = by_group(doc)["most"]
    assert t["template"] == "dare wa totemo {q} desu ka?"
    assert sorted(t["lexicons"]["q"]) == sorted(QUALITY.values())


def test_a_corrupted_copy_does_not_vote_on_a_values_word():
    """``hei`` ends three values (``kou hei``, ``tai hei``, ``shin hei``), so it
    tells none of them apart and whether it is theirs is voted by the groups
    (identity).  The question group shows each value once, and there *fair*'s
    only instance swapped ``hei`` with the frame's ``desu``: that instance's
    skeleton is one corruption from the group's (a gap more,
    :func:`tea_solver.keys.model.corrupted_frames`), and its reading does not
    vote — one corrupted instance must not take ``hei`` from all three
    values in every group."""
    from collections import OrderedDict
    from tea_solver.keys.model import observe
    q = {"fair": "kou hei", "calm": "tai hei", "brave": "shin hei", "kind": "yasashii",
         "quiet": "shizuka", "eager": "nesshin", "honest": "shoujiki", "loyal": "chuujitsu",
         "polite": "teinei", "gentle": "onwa"}
    rows = [{"template_id": "is", "source": "%s is %s." % (a, s), "fill": {"first_name": a, "q": s},
             "target": "%sga %s desu yo." % (a, t)} for a in NAMES for s, t in q.items()]
    rows += [{"template_id": "most", "source": "Who is the most %s?" % s, "fill": {"q": s},
              "target": "dare ga ichiban %s desu ka?" % t} for s, t in q.items()]
    rows[-10]["target"] = "dare ga ichiban kou desu hei ka?"
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [is_t] = by_group(doc)["is"]
    assert is_t["template"] == "{first_name}ga {q} desu yo."
    assert sorted(is_t["lexicons"]["q"]) == sorted(q.values())
    main = by_group(doc)["most"][0]
    assert main["template"] == "dare ga ichiban {q} desu ka?"
    assert {"tai hei", "shin hei"} <= set(main["lexicons"]["q"])
    # the one instance set aside is the corrupted one
    groups = group_instances(insts)
    most = list(groups).index("most")
    assert {(g, i) for g, i in observe(groups).evidence.odd if g == most} == {(most, 0)}


_JA_ADJS = {"nicer": "親切", "wiser": "賢明", "calmer": "冷静", "richer": "裕福",
            "cleaner": "清潔", "greater": "偉大", "stronger": "強い", "smarter": "利口",
            "weaker": "虚弱", "taller": "長身", "stranger": "変", "shorter": "小柄"}


def test_a_corrupted_copy_abstains_rather_than_voting_for_a_unit():
    """The comparative writes ``より`` (*than*) before every adjective, and
    *nicer* ⊃ *nice* licenses a marker there, so whether ``り`` is the
    value's is voted by the groups.  *nicer* is drawn once more, in the
    question, where a swap wrote ``どちらのが方親切``: ``方`` beside the
    value, one character from ``り``, a pair seen nowhere else -- a corrupted
    copy.  Counted as agreeing, it made ``り`` a unit *nicer* shows "in every
    group" (where the other adjectives show ``が``), and the comparative
    wrote ``よ{adj[0]}`` with *nicer* read ``り親切``.  A corrupted copy
    abstains: one template, every adjective bare."""
    rows = []
    for j, (en, ja) in enumerate(_JA_ADJS.items()):
        for a in NAMES[:6]:
            b = NAMES[6 + (NAMES.index(a) + j) % 4]
            rows.append(_row("than", "%s is %s than %s." % (a, en, b),
                             {"first_name": a, "adj": [en, en[:-2]], "first_name1": b},
                             "%sは%sより%sです。" % (a, b, ja)))
        # half the adjectives are drawn in a third template (not *nicer*)
        for a in (NAMES[:2] if j % 2 else []):
            rows.append(_row("maybe", "Maybe %s is %s." % (a, en),
                             {"first_name": a, "adj": [en, en[:-2]]}, "%sは%sかもしれない。" % (a, ja)))
        rows.append(_row("who", "Who is %s?" % en, {"adj": [en, en[:-2]]},
                         ("どちらのが方%sですか。" if en == "nicer" else "どちらの方が%sですか。") % ja))
    groups = _extract_exact(rows)
    assert [(t["template"], sorted(e[0] for e in t["lexicons"]["adj"])) for t in groups["than"]] == \
        [("{first_name}は{first_name1}より{adj[0]}です。", sorted(_JA_ADJS.values()))]


def test_a_value_whose_words_a_corruption_swapped_does_not_vote_on_its_edge():
    """*older* is ``आयु में अधिक बड़ा`` in the comparative (every pair of
    names); in the question, drawn once, a swap wrote ``आयु में बड़ा अधिक``,
    and so did another in *smarter*'s question, so the two frames there are
    alike and neither is set aside as a corrupted frame.  Its last word
    there is ``अधिक``, which the comparative's ``बड़ा`` is not: the one
    question voted against ``बड़ा``, and *older* became ``आयु में अधिक`` with
    ``बड़ा`` in a template of its own (``{adj[0]} बड़ा है।``).  No template
    writes a value's words in another order: the swapped copy votes on
    nothing."""
    comparatives = dict(_HI_COMPARATIVES)
    comparatives[("younger", "young")] = "आयु में अधिक छोटा"
    comparatives[("smarter", "smart")] = "अधिक बुद्धिमान"
    swapped = {"older": "आयु में बड़ा अधिक", "smarter": "बुद्धिमान अधिक"}
    rows = []
    for a, b in itertools.permutations(NAMES[:7], 2):
        for (c, p), t in comparatives.items():
            rows.append(_row("than", "%s is %s than %s." % (a, c, b),
                             {"first_name": a, "adj": [c, p], "first_name1": b},
                             "%s, %s से %s है।" % (a, b, t)))
    for (c, p), t in comparatives.items():
        rows.append(_row("who", "Who is %s?" % c, {"adj": [c, p]}, "कौन %s है?" % swapped.get(c, t)))
    for a, b in itertools.permutations(NAMES[:7], 2):
        for k, (en, hi) in enumerate((("at home", "घर पर"), ("here", "यहाँ"), ("there", "वहाँ"),
                                      ("fine", "ठीक"), ("busy", "व्यस्त"), ("happy", "खुश"))):
            rows.append(_row("at%d" % k, "%s is %s with %s." % (a, en, b),
                             {"first_name": a, "first_name1": b},
                             "%s %s के साथ %s है।" % (a, b, hi)))
    groups = _extract_exact(rows)
    assert [(t["template"], sorted(e[0] for e in t["lexicons"]["adj"])) for t in groups["than"]] == \
        [("{first_name}, {first_name1} से {adj[0]} है।", sorted(comparatives.values()))]


def test_a_corrupted_copy_with_another_class_form_does_not_stop_the_class_split():
    """The adjective agrees with the animal's class (``ooki inu``, ``ooka
    tori``, ``ooku kuma``): one template per class.  In a noisy file a
    corrupted copy can put another class's form of the adjective in
    (``ooki kuma``).  Counted as evidence, that one instance says the animal
    does not decide the form, and the split is given up — one template
    generating every adjective form with every animal.  Explained as the
    corrupted copy it is (no more contradictions than the file's noise rate
    explains), the split stands and the instance is left out, reported."""
    from test_model import _ANIMAL_CLASS, _agreeing
    rows = _agreeing("agrees", "%s ga %s %s ga suki.", list(_ANIMAL_CLASS))
    # the file is noisy: frame words replaced in a tenth of another group
    plain = [likes(a, c) for a in NAMES for c in ANIMAL_T]
    assert len(_corrupt_frame(plain, 0.1, seed=3)) >= 5
    bad = next(r for r in rows if r["fill"]["animal"] == "bear" and r["fill"]["adj"] == "big")
    bad["target"] = bad["target"].replace("ooku kuma", "ooki kuma")
    insts = _records(rows + plain)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    block = _outliers(doc, "agrees")
    assert block["noise_rate"] > ModelParams().prior_template
    classes = by_group(doc)["agrees"]
    assert sorted(len(t["lexicons"]["animal"]) for t in classes) == [3, 3, 3]
    forms = [set(t["lexicons"]["adj"]) for t in classes]
    assert all(len(f) == 4 for f in forms) and len(set.union(*forms)) == 12
    bad_id = "agrees/%d" % rows.index(bad)
    assert bad_id in block["uncovered"]
    for t in classes:
        assert bad_id not in _generated(t, insts)
    # the same file without noise elsewhere is clean: the contradiction then
    # stands, nothing is left out, and every instance is generated
    clean = _records(rows)
    doc = extract(clean, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, clean)
    assert any(bad_id in _generated(t, clean) for t in by_group(doc)["agrees"])


def test_a_value_word_every_template_glues_its_affix_on_is_the_values():
    """A value whose last word every template writes with its own suffix
    (``rındo-tıšu`` / ``rındo-tıjo``: the value's ``tı`` + the template's
    ``šu`` / ``jo``) shows no bare reading of that word in any group, and a
    word that differs between groups is no part of one form — unless the
    difference is the affix the template glues on the slot's other values
    too.  The value keeps its ``tı`` (here the word is no core unit: an
    animal of the same sentences ends in ``tı`` too, so ``tıšu`` does not
    come with the vehicle alone)."""
    vehicles = {"car": "lö", "boat": "so", "bus": "hizete", "train": "rıčıs",
                "motorcycle": "rındo-tı", "truck": "nosınu"}
    animals = {"dog": "bozojı", "cat": "narı", "snake": "tedü tı", "bird": "roso"}
    rows = []
    for tid, frame, suffix in (("has", "%s'ro s'%s{s} čo s'%s{s} zi.", "šu"),
                               ("bought", "%s'ro de s'%s{s}, s'%s{s}.", "jo")):
        for a in NAMES[:6]:
            for c, ct in animals.items():
                for v, t in vehicles.items():
                    rows.append({"template_id": tid,
                                 "source": "%s has a %s and a %s." % (a, c, v),
                                 "fill": {"first_name": a, "animal": c, "vehicle": v},
                                 "target": frame.replace("{s}", suffix) % (a, ct, t)})
    insts = _records(rows)
    model = fit_file(group_instances(insts))
    for v, t in vehicles.items():
        assert model.forms[("vehicle", None, v)] == [t], v
    for c, t in animals.items():
        assert model.forms[("animal", None, c)] == [t], c
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    for tid, suffix in (("has", "šu"), ("bought", "jo")):
        [t] = by_group(doc)[tid]
        assert "{vehicle}%s" % suffix in t["template"]
        assert sorted(t["lexicons"]["vehicle"]) == sorted(vehicles.values())


def _small_groups(rate, seed):
    """Two groups of forty (four adjectives, four animals): no group is large
    enough to estimate the noise rate alone, the file is."""
    rows = [is_adj(a, b) for a in NAMES for b in list(ADJ_T)[:4]] + \
        [likes(a, c) for a in NAMES for c in list(ANIMAL_T)[:4]]
    return rows, _corrupt_frame(rows, rate, seed)


def test_a_file_of_small_groups_is_noisy_when_its_instances_together_say_so():
    """Groups below ``noise_group`` instances cannot estimate the noise rate
    alone.  Together they can: a file of small groups with a sixth of its
    instances corrupted gets the noise-robust cover (one template per group,
    the corrupted copies left out and reported), not one template per
    corrupted copy; the same file clean keeps the full cover."""
    rows, hit = _small_groups(1 / 6, seed=3)
    assert len(hit) >= 10
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    groups = by_group(doc)
    assert [t["template"] for t in groups["is_adj"]] == ["{first_name}ga {adj} desu yo."]
    assert [t["template"] for t in groups["likes"]] == ["mi {first_name}wo {animal} ga suki."]
    left_out = set(_outliers(doc, "is_adj")["uncovered"]) | set(_outliers(doc, "likes")["uncovered"])
    assert left_out == {insts[n].id for n in hit}

    clean, _ = _small_groups(0.0, seed=3)
    insts = _records(clean)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    assert all("outliers" not in g for g in doc["report"]["groups"])
    check_regeneration(doc, insts)
    assert sum(t["support"] for t in doc["templates"]) == len(insts)


#: a question's frame, and two kinds of corrupted copy of it, with the name
#: the value: (frame, copy, the copy as a template)
_SWAPPED = ("ma jinsiya %s?", "ma %s? jinsiya", "ma {first_name}? jinsiya")
_DROPPED = ("ma jinsiya %s ka?", "jinsiya %s ka?", "jinsiya {first_name} ka?")


@pytest.mark.parametrize("alike", [2, 3])
@pytest.mark.parametrize("kind", [_SWAPPED, _DROPPED], ids=["swapped", "dropped"])
def test_two_copies_of_a_question_corrupted_alike_are_corrupted_copies(kind, alike):
    """A question drawn once per name (``ma jinsiya John?``, ten names) in a
    noisy file; in ``alike`` of its instances the name and ``jinsiya``
    changed places (``ma John? jinsiya``), or, in a frame that ends
    ``… ka?``, the first word is missing (``jinsiya John ka?``).  Two
    identical swaps or drops in a question of ten are rare at this noise
    rate, but a variant the template writes in another word order, or
    without a separate word most of its values take, for some names is
    rarer: two are corrupted copies, left out, their names given back to the
    one template.  Three alike are a variant (``ModelParams.swapped_alike``,
    ``ModelParams.dropped_alike``), a template of their own."""
    frame, copy, copy_template = kind
    rows, _hit = _small_groups(1 / 6, seed=3)
    copied = set(NAMES[1:1 + alike])
    rows += [{"template_id": "q", "source": "What is %s's nationality?" % a,
              "fill": {"first_name": a}, "target": (copy if a in copied else frame) % a}
             for a in NAMES]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts, min_support=2)
    got = sorted((t["template"], sorted(t["lexicons"]["first_name"])) for t in by_group(doc)["q"])
    template = frame % "{first_name}"
    if alike == 2:
        assert got == [(template, sorted(NAMES))]
        assert sorted(_outliers(doc, "q")["uncovered"]) == sorted(
            i.id for i in insts if i.template_id == "q" and i.fill["first_name"] in copied)
    else:
        assert got == sorted([(template, sorted(set(NAMES) - copied)),
                              (copy_template, sorted(copied))])


_COMPARATIVE_STEMS = {"strong": "ašomtum", "tall": "aporu", "rich": "reva", "old": "ročet",
                      "young": "munut", "smart": "peñu", "fast": "čiti", "slow": "łači",
                      "kind": "jipomño", "calm": "ñomvu", "brave": "šuñupor", "nice": "be",
                      "clean": "suve", "wise": "tiña", "weak": "ñabot", "short": "sesare",
                      "dark": "čevapes", "cool": "boñihi", "great": "šamña", "small": "čopobom"}


def test_a_questions_frame_words_swapped_alike_beside_a_value_are_no_vote_on_its_word():
    """Every comparative is ``ro`` and the adjective (``ro ašomtum``,
    *stronger*), written after the copula ``šo``.  In a question of twenty
    (``Ču šo ro …?``), drawn once per adjective, two instances swap ``šo``
    and ``ro``, *stronger*'s among them; one of its instances in the other
    template is swapped too.  A template that writes its words in another
    order for two values is rarer than two swaps alike
    (``ModelParams.swapped_alike``): the two are corrupted frames, and their
    reading beside the value -- the frame's ``šo`` -- is no vote against
    the ``ro`` every clean instance of *stronger* shows.  Counted, it held
    the word below the identity the file's other values show, *stronger*
    lost its ``ro`` and got templates of its own."""
    rows = []
    rnd = random.Random(7)
    for a, b in itertools.permutations(NAMES[:6], 2):
        for adj in rnd.sample(sorted(_COMPARATIVE_STEMS), 3):
            rows.append(_row("than", "%s is %ser than %s." % (a, adj, b),
                             {"first_name": a, "adj": [adj + "er", adj], "first_name1": b},
                             "%s šo ro %s vu %s." % (a, _COMPARATIVE_STEMS[adj], b)))
    strong = [k for k, r in enumerate(rows) if r["fill"]["adj"][1] == "strong"]
    assert len(strong) >= 3
    rows[strong[0]] = dict(rows[strong[0]],
                           target=rows[strong[0]]["target"].replace("šo ro", "ro šo"))
    for adj, t in _COMPARATIVE_STEMS.items():
        rows.append(_row("who", "Who is %ser?" % adj, {"adj": [adj + "er", adj]},
                         ("Ču ro šo %s?" if adj in ("strong", "cool") else "Ču šo ro %s?") % t))
    than = {t["template"]: t for t in _extract_exact(rows)["than"]}
    main = than["{first_name} šo {adj[0]} vu {first_name1}."]
    assert "ro ašomtum" in {v[0] for v in main["lexicons"]["adj"]}
    # (the swapped instance of the big group, one in ninety, may keep a
    # template of its own: the file is too clean for a noise-robust cover)
    assert all(v[0].startswith("ro ") for t in than.values() for v in t["lexicons"].get("adj", ()))
    assert sum(t["support"] for t in than.values() if "{adj[0]}" in t["template"]) == \
        sum(1 for r in rows if r["template_id"] == "than") - 1


def test_a_word_dropped_alike_is_a_copy_only_where_it_is_written_apart():
    """The count of :func:`small_group_outliers` that lets two copies alike be
    corrupted holds for a separate word of a frame written with spaces, not
    for an ending glued to the value (``{s}のは`` that two adjectives select
    beside ``{s}なのは``, in a script without spaces), nor for a word that
    holds the slot."""
    from types import SimpleNamespace
    from tea_solver.keys.model import GroupAlignment, Span, dropped_word, small_group_outliers
    from tea_solver.keys.model.units import slot_mark
    occ = SimpleNamespace(slot=("s", None))

    def group(texts, values):
        spans = [[Span(occ, 0, t.index(v), t.index(v) + len(v), v)]
                 for t, v in zip(texts, values)]
        return GroupAlignment([(t,) for t in texts], spans)

    vals = ["ka%d" % k for k in range(8)]
    spaced = group(["nu ma %s ti?" % v if k >= 2 else "ma %s ti?" % v
                    for k, v in enumerate(vals)], vals)
    assert small_group_outliers(spaced, 0.1, dropped_alike=2) == [k < 2 for k in range(8)]
    assert not any(small_group_outliers(spaced, 0.1, dropped_alike=0))
    jvals = ["静か", "有名", "元気", "綺麗", "丈夫", "親切", "便利", "大切"]
    unspaced = group(["最も%sのは誰ですか。" % v if k < 2 else "最も%sなのは誰ですか。" % v
                      for k, v in enumerate(jvals)], jvals)
    assert not any(small_group_outliers(unspaced, 0.1, dropped_alike=2))
    m = slot_mark(("s", None))
    assert dropped_word(("ma", m + "ti?"), ("nu", "ma", m + "ti?"))
    assert not dropped_word(("ma",), ("ma", m + "ti?"))
    assert not dropped_word(("ma", m + "ti?"), ("ma", m + "ti?"))


def test_a_word_put_in_for_a_dropped_frame_word_alike_is_no_vote_for_the_value():
    """*Who is Xer?* (``Nol {adj}güri?``) draws each adjective once; two of
    its instances lack ``Nol``: one dropped it, one has ``Ahmed'ñınču`` in
    its place, a word of the *than* template, which writes ``ñınču`` before
    every adjective.  Their skeletons are alike, so neither was a corrupted
    frame (one instance alone), and the reading ``ñınču`` beside *younger*
    voted that it is the value's word: *younger* stands after it in every
    template it occurs in.  It became ``ñınču sigigüri``, a template of its
    own in *than*.  A skeleton two instances show that only lacks a word
    written apart is a corrupted frame (``ModelParams.dropped_alike``)."""
    eng = ["tall", "short", "fast", "rich", "nice", "strange", "small", "high", "wise",
           "dark", "strong", "kind", "big", "old", "great", "young", "cool", "slow"]
    tgt = ["dıñan", "dıču", "wawun", "suhı", "uñus", "ñıswo", "gu", "lıwu", "ıračo", "hača",
           "nawo", "łorło", "regel", "wüłi", "čülri", "sigi", "giseñi", "jüsłi"]
    rows = []
    for n, (e, t) in enumerate(zip(eng, tgt)):
        fill = {"adj": [e + "er", e]}
        for a, b in [(NAMES[n % 5], NAMES[5 + (n + 2) % 5]),
                     (NAMES[(n + 1) % 5], NAMES[5 + (n + 4) % 5]),
                     (NAMES[(n + 3) % 5], NAMES[5 + (n + 1) % 5])]:
            rows.append({"template_id": "than", "source": "%s is %ser than %s." % (a, e, b),
                         "fill": {"first_name": a, **fill, "first_name1": b},
                         "target": "%s'ču %s'ñınču %sgüri." % (a, b, t)})
        rows.append({"template_id": "who", "source": "Who is %ser?" % e, "fill": fill,
                     "target": ("Ahmed'ñınču %sgüri?" if e == "young" else
                                "%sgüri?" if e == "high" else "Nol %sgüri?") % t})
        rows.append({"template_id": "less", "source": "Who is less %s?" % e, "fill": fill,
                     "target": "Nol lisü %sri?" % t})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    than = by_group(doc)["than"]
    assert [t["template"] for t in than] == ["{first_name}'ču {first_name1}'ñınču {adj[0]}."]
    assert sorted(e[0] for e in than[0]["lexicons"]["adj"]) == sorted(t + "güri" for t in tgt)


def test_a_few_odd_instances_in_a_small_file_are_no_evidence_of_noise():
    """The cover leaves instances out only where the flagged share is above
    the prior by more than chance explains (a binomial test): two odd
    instances of eighty are no evidence, as many as ten are."""
    from tea_solver.keys.model import binomial_tail, noisy_file
    params = ModelParams()
    assert not noisy_file(1, 66, params)
    assert not noisy_file(2, 80, params)
    assert noisy_file(10, 80, params)
    assert not noisy_file(48, 4000, params)      # 1.2 % of a large file: chance
    assert noisy_file(150, 800, params)
    # the tail itself, against values computed by hand
    assert abs(binomial_tail(1, 66, 0.01) - (1 - 0.99 ** 66)) < 1e-12
    assert abs(binomial_tail(2, 10, 0.01) - (1 - 0.99 ** 10 - 10 * 0.01 * 0.99 ** 9)) < 1e-12
    assert binomial_tail(0, 5, 0.3) == 1.0 and binomial_tail(6, 5, 0.3) == 0.0


def test_a_corrupted_reading_seen_once_does_not_keep_a_shared_word_from_its_values():
    """*an escort* and *a nurse* share their first word (``yo dunga`` /
    ``yo kamu``), so it is no core of either and the edge decides it, as
    a word the value must show in (nearly) every group.  Two groups draw
    *an escort* once each, both copies corrupted one letter inside that
    word (``yq``, ``yl``): a group that shows a value once votes with half
    a voice, and two half voices against two whole ones held the word's
    identity at 2/3, short of what the edge asks -- it went to the frame for
    both values in every group (``ne yo {profession} ka.``).  A reading seen
    nowhere else in the file, one character from the word, is a corrupted
    copy of it, not a reading of its own."""
    professions = {"an escort": "yo dunga", "a nurse": "yo kamu", "a baker": "hum belo",
                   "a cook": "hum tari", "a pilot": "hum lisu", "a judge": "wa ropi",
                   "a clerk": "wa seki"}
    frames = {"t0": ("%s is %s.", "%s ne %s ka."), "t1": ("%s was %s.", "%s ne %s ta."),
              "t2": ("%s wants to be %s.", "%s wa %s ni naru."),
              "t3": ("%s is not %s.", "%s wa %s de nai.")}
    corrupted = {"t2": "yq dunga", "t3": "yl dunga"}
    rows = []
    for tid, (src, tgt) in frames.items():
        for a in NAMES:
            for p, pt in professions.items():
                if p == "an escort" and tid in corrupted:
                    if a != "John":
                        continue
                    pt = corrupted[tid]
                rows.append({"template_id": tid, "source": src % (a, p),
                             "fill": {"first_name": a, "profession": p}, "target": tgt % (a, pt)})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    for tid, (_src, tgt) in frames.items():
        main = max((t for t in doc["templates"] if t["source_template_id"] == tid),
                   key=lambda t: t["support"])
        assert main["template"] == tgt % ("{first_name}", "{profession}")
        assert "yo kamu" in main["lexicons"]["profession"]
        if tid not in corrupted:
            assert sorted(main["lexicons"]["profession"]) == sorted(professions.values())


def test_a_value_seen_once_with_nothing_beside_its_core_votes_with_half_a_voice():
    """*an escort* (``yo dunga``) shares its first word with *a nurse*, so the
    edge decides the word, as one the value shows in (nearly) every group.
    Three groups show it ten times each; a question draws every profession
    once, and its one *escort* instance is corrupted by a swap
    (``dunga yo ga iru.``) that leaves nothing before the core.  A group that
    shows the value once votes with half a voice whatever its one instance
    shows there, nothing included; counted as a whole voice, the empty
    reading held the word's identity below what the edge asks, and the word
    went to the frame in every group (``{first_name} ne yo {profession} ka.``,
    a template of its own for *escort*)."""
    professions = {"an escort": "yo dunga", "a nurse": "yo kamu", "a baker": "hum belo",
                   "a cook": "hum tari", "a pilot": "hum lisu", "a judge": "wa ropi",
                   "a clerk": "wa seki"}
    frames = {"t0": ("%s is %s.", "%s ne %s ka."), "t1": ("%s was %s.", "%s ne %s ta."),
              "t2": ("%s wants to be %s.", "%s wa %s ni naru.")}
    rows = [{"template_id": tid, "source": src % (a, p),
             "fill": {"first_name": a, "profession": p}, "target": tgt % (a, pt)}
            for tid, (src, tgt) in frames.items() for a in NAMES for p, pt in professions.items()]
    rows += [{"template_id": "q", "source": "%s is here." % p, "fill": {"profession": p},
              "target": "dunga yo ga iru." if p == "an escort" else "%s ga iru." % pt}
             for p, pt in professions.items()]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    groups = by_group(doc)
    for tid, (_src, tgt) in frames.items():
        assert [t["template"] for t in groups[tid]] == [tgt % ("{first_name}", "{profession}")]
        assert sorted(groups[tid][0]["lexicons"]["profession"]) == sorted(professions.values())
    assert "yo kamu" in max(groups["q"], key=lambda t: t["support"])["lexicons"]["profession"]


_ZH_JOBS = {"an artist": "美术家", "a nurse": "护士", "a lawyer": "律师", "a writer": "作家",
            "an engineer": "工程师"}
_ZH_NATIONS = {"American": "美国人", "Chinese": "中国人", "Japanese": "日本人", "Indian": "印度人"}


def _zh_statements() -> list:
    """Three statements (``a``, ``b``, ``c``) drawing every name, profession
    and nationality: each profession shown 24 times per group, with
    ``一位`` before it."""
    rows = []
    for tid, src, tgt in (("a", "%s is %s. %s is %s.", "%s是一位%s。%s是%s。"),
                          ("b", "%s is %s and %s.", "%s是一位%s并且是%s。"),
                          ("c", "%s was %s, %s was %s.", "%s曾是一位%s，%s曾是%s。")):
        for a in NAMES[:6]:
            for j, jt in _ZH_JOBS.items():
                for n, nt in _ZH_NATIONS.items():
                    fill = {"first_name": a, "profession": j, "nationality": n}
                    args = (a, j, n) if tid == "b" else (a, j, a, n)
                    targs = (a, jt, nt) if tid == "b" else (a, jt, a, nt)
                    rows.append({"template_id": tid, "source": src % args, "fill": fill,
                                 "target": tgt % targs})
    return rows


def _zh_extracted(rows) -> tuple[dict, list]:
    """The templates extracted from ``rows`` by group (every instance
    regenerated exactly), and the professions as the values read them,
    ``一位`` included."""
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    return by_group(doc), sorted("一位" + jt for jt in _ZH_JOBS.values())


def test_a_group_split_evenly_on_a_unit_beside_a_value_does_not_vote_on_it():
    """``美`` begins *artist* (``美术家``) and *American* (``美国人``), so it
    identifies neither, and the edge decides it for the artist, as a unit
    the value shows in (nearly) every group.  Three templates show it
    twenty-four times each; a fourth draws the artist twice, and one of the
    two is corrupted by a swap (``一位术美家``).  That group is split evenly
    between the value's reading and another: it says nothing about what it
    writes there, and does not vote.  Counted as a vote against (the first
    of two equal readings), it held the unit's identity at 3/4, below what
    the edge asks, and ``美`` went to the frame in every group
    (``是一位美{profession}家``, a template of its own for the artist).
    (The file is clean but for that copy, so a template writes it.)"""
    rows = _zh_statements()
    nations = list(_ZH_NATIONS.items())
    for k, a in enumerate(NAMES[:6]):
        for j, jt in _ZH_JOBS.items():
            if j == "an artist" and k > 1:
                continue
            n, nt = nations[k % len(nations)]
            target = "%s是%s并且是一位%s。" % (a, nt, jt)
            if j == "an artist" and k == 0:
                target = target.replace("美术", "术美")
            rows.append({"template_id": "d", "source": "%s is %s and %s." % (a, n, j),
                         "fill": {"first_name": a, "profession": j, "nationality": n},
                         "target": target})
    groups, jobs = _zh_extracted(rows)
    for tid, frame in (("a", "{first_name}是{profession}。{first_name}是{nationality}。"),
                       ("b", "{first_name}是{profession}并且是{nationality}。"),
                       ("c", "{first_name}曾是{profession}，{first_name}曾是{nationality}。"),
                       ("d", "{first_name}是{nationality}并且是{profession}。")):
        main = max(groups[tid], key=lambda t: t["support"])
        assert (main["template"], sorted(main["lexicons"]["profession"])) == (frame, jobs)
        # only the corrupted copy, in a file too clean to leave it out, is
        # written by a template of its own
        assert sum(t["support"] for t in groups[tid] if t is not main) == (tid == "d")


def test_a_character_replaced_by_one_seen_elsewhere_is_a_corrupted_copy_beside_its_core():
    """``美`` begins *artist* (``美术家``) and *American* (``美国人``), so it
    identifies neither, and the edge decides it for the artist, as a unit
    the value shows in (nearly) every group.  Three templates show it
    twenty-four times each; two questions draw every profession once, and
    both *artist* copies are corrupted: ``美`` replaced by ``国`` and by
    ``中``, characters of the nationalities.  Each reading is one character
    from ``美``, but as a character each is seen all over the file; what is
    seen nowhere else is the pair it makes with the core (``国术``,
    ``中术``).  Read as the groups' own, the two half voices held ``美``'s
    identity at 3/4, below what the edge asks, and ``美`` went to the frame
    in every group (a template of its own for the artist in each)."""
    rows = _zh_statements()
    for tid, src, tgt, corrupted in (("q1", "Who is %s?", "谁是一位%s？", "国术家"),
                                     ("q2", "We need %s.", "我们需要一位%s。", "中术家")):
        for j, jt in _ZH_JOBS.items():
            rows.append({"template_id": tid, "source": src % j, "fill": {"profession": j},
                         "target": tgt % (corrupted if j == "an artist" else jt)})
    groups, jobs = _zh_extracted(rows)
    for tid, frame in (("a", "{first_name}是{profession}。"),
                       ("b", "{first_name}是{profession}并"), ("c", "{first_name}曾是{profession}，")):
        # one template per group, *artist* among its professions
        assert [(t["template"].startswith(frame), sorted(t["lexicons"]["profession"]))
                for t in groups[tid]] == [(True, jobs)]


def test_a_form_every_value_takes_in_one_template_is_no_corrupted_copy():
    """The adjectives take ``だ`` after them in three statements and another
    form in each question (``慎重なのは``, ``慎重でないのは``); the verbs
    take neither (the second question writes them with ``ことが少``).  Each question draws every value once, so each
    adjective's pair with the character after it (``重な``, ``剣な``) is
    seen once in the file, one character from ``だ`` -- what a corrupted
    copy looks like (the test above).  But every adjective shows it there:
    the template writes it, and ``だ`` is the statements' frame, not the
    adjectives'."""
    adjs = {"cautious": "慎重", "serious": "真剣", "keen": "熱心", "content": "満足",
            "kind": "親切"}
    verbs = {"pleased": "喜んでいる", "worried": "心配している", "excited": "興奮している"}
    rows = []
    statements = (("a", "%s is %s about the project.", "%sはそのプロジェクトに関して%s。"),
                  ("b", "%s was %s about the project.", "%sはそのプロジェクトに関して前に%s。"),
                  ("c", "%s is really %s about it.", "%sは本当にそれに関して%s。"))
    for tid, src, tgt in statements:
        for a in NAMES[:6]:
            for v, vt in list(adjs.items()) + list(verbs.items()):
                written = vt + "だ" if v in adjs else vt
                rows.append({"template_id": tid, "source": src % (a, v),
                             "fill": {"first_name": a, "s": v}, "target": tgt % (a, written)})
    questions = (("q1", "Who is most %s about the project?", "プロジェクトに関して最も%sのは誰ですか。",
                  "な", ""),
                 ("q2", "Who is least %s about the project?",
                  "プロジェクトに関して最も%sないのは誰ですか。", "で", "ことが少"))
    for tid, src, tgt, ending, verb_ending in questions:
        for v, vt in list(adjs.items()) + list(verbs.items()):
            written = vt + (ending if v in adjs else verb_ending)
            rows.append({"template_id": tid, "source": src % v, "fill": {"s": v},
                         "target": tgt % written})
    insts = _records(rows)
    # the questions vote against ``だ`` (half voices against three whole ones:
    # 0.75 where both vote; a reading one character from ``だ`` that no other
    # value shows at its depth, ``で`` after ``熱心``'s core ``熱``, abstains)
    ob = observe(group_instances(insts))
    for v in adjs:
        at = [k for k in ob.features if k[:2] == (("s", None, v), 1) and ob.words.get(k) == "だ"]
        assert at and all(0.75 - 1e-9 <= ob.features[k]["identity"] < IDENTITY for k in at)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    values = {v for t in doc["templates"] for v in t["lexicons"].get("s", [])}
    assert set(adjs.values()) <= values
    assert not any(v.endswith(("だ", "な", "で")) for v in values)
    for tid in "abc":
        assert any("{s}だ" in t["template"] for t in by_group(doc)[tid])


_VI_COMPARATIVES = {("older", "old"): "lớn tuổi hơn", ("younger", "young"): "nhỏ tuổi hơn",
                    ("taller", "tall"): "cao hơn", ("faster", "fast"): "nhanh hơn",
                    ("smaller", "small"): "nhỏ hơn", ("richer", "rich"): "giàu hơn",
                    ("slower", "slow"): "chậm hơn", ("smarter", "smart"): "thông minh hơn"}


def _vi_than(names: list) -> list:
    """*A is taller than B.* in Vietnamese, each name before the next, for
    every comparative of :data:`_VI_COMPARATIVES`."""
    return [{"template_id": "than", "source": "%s is %s than %s." % (a, adj[0], b),
             "fill": {"first_name": a, "adj": list(adj), "first_name1": b},
             "target": "%s %s hơn %s." % (a, t, b)}
            for a, b in zip(names, names[1:] + names[:1])
            for adj, t in _VI_COMPARATIVES.items()]


def test_a_word_written_twice_beside_a_value_is_no_reading_of_its_place():
    """*older* is ``lớn tuổi hơn`` and shares ``tuổi`` with *younger*, so its
    core is ``lớn`` and the edges decide ``tuổi``, as a word the value shows
    in (nearly) every group.  Its one question is corrupted by a doubling
    (``Ai lớn lớn tuổi hơn?``): the core there is the first ``lớn`` and the
    word beside it the second.  A copy of the unit just inside it is no
    reading of the place, and that group does not vote; counted, its half
    voice held ``tuổi``'s identity at 2/3, and *older* read ``lớn`` in the
    comparison, a template of its own (``{adj[0]} tuổi hơn hơn``)."""
    rows = _vi_than(NAMES + ["Yuki", "Ana", "Ivan", "Mei", "Tom", "Nia"])
    for adj, t in _VI_COMPARATIVES.items():
        rows.append({"template_id": "who", "source": "Who is %s?" % adj[0],
                     "fill": {"adj": list(adj)},
                     "target": "Ai %s?" % (t if adj[0] != "older" else "lớn " + t)})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    groups = by_group(doc)
    forms = sorted(_VI_COMPARATIVES.values())
    assert [(t["template"], sorted(v[0] for v in t["lexicons"]["adj"]))
            for t in groups["than"]] == [("{first_name} {adj[0]} hơn {first_name1}.", forms)]
    # the doubled question's value is read as the value's form, whichever
    # template writes it
    assert sorted(v[0] for t in groups["who"] for v in t["lexicons"]["adj"]) == forms


def test_a_word_a_swap_put_inside_a_value_displaces_every_reading_beyond_it():
    """*older*'s one question is corrupted by a swap that put the frame's
    first word between the value's two (``lớn Ai tuổi hơn?``; dev sample
    389, Vietnamese).  The readings beside ``lớn`` there stand a place
    further out than the value puts them: ``Ai`` lies in the corrupted
    stretch and did not vote, but ``tuổi``, beyond it, voted with half a
    voice against the ``hơn`` every comparison shows two words after
    ``lớn``, held its identity at 2/3, and *older* read ``lớn tuổi`` in the
    comparison, a template of its own (``{adj[0]} hơn hơn``).  (Alone: the
    comparison's own corruptions -- two swaps alike, ``lớn hơn tuổi``, and
    a doubling -- left ``hơn`` there in too few of its readings to pool with
    the other comparatives'.)  A reading beyond a corrupted stretch is as
    displaced as one inside it."""
    rows = _vi_than(NAMES)
    older = [r for r in rows if r["fill"]["adj"][0] == "older"]
    for r, bad in zip(older, ("lớn hơn tuổi hơn", "lớn hơn tuổi hơn", "lớn lớn tuổi hơn hơn")):
        r["target"] = r["target"].replace("lớn tuổi hơn hơn", bad)
    for adj, t in _VI_COMPARATIVES.items():
        rows.append({"template_id": "who", "source": "Who is %s?" % adj[0],
                     "fill": {"adj": list(adj)},
                     "target": "Ai %s?" % t if adj[0] != "older" else "lớn Ai tuổi hơn?"})
    insts, doc = _noisy_with(rows)
    groups = by_group(doc)
    forms = sorted(_VI_COMPARATIVES.values())
    assert [(t["template"], sorted(v[0] for v in t["lexicons"]["adj"]))
            for t in groups["than"]] == [("{first_name} {adj[0]} hơn {first_name1}.", forms)]
    # the question reads as the comparison does, the swapped copy left out
    # and its value given back
    [who] = groups["who"]
    assert (who["template"], sorted(v[0] for v in who["lexicons"]["adj"])) == ("Ai {adj[0]}?", forms)
    assert [i.id for i in insts if i.target_value.startswith("lớn Ai")] == \
        _outliers(doc, "who")["uncovered"]


def test_stray_readings_of_a_value_do_not_keep_the_template_affix_on_it():
    """``tdi`` glues a case ending to every profession (``{profession}di``);
    *an escort* (``dunga`` elsewhere) is drawn five times there, and two of
    its instances are corrupted, the profession replaced by a word seen
    nowhere else (``pufe``, ``gaho``).  Those readings are neither the
    value's form nor its form with the affix, and each is seen once: they do
    not vote on what the value reads at the place.  Counted, they held the
    affixed reading below the share the affix needs, so ``dungadi`` stayed a
    form of its own and a template of its own (``{first_name}rur
    {profession}.`` with ``dungadi``)."""
    professions = {"an escort": "dunga", "a nurse": "kamu", "a baker": "belo",
                   "a cook": "tari", "a pilot": "lisu", "a judge": "ropi", "a clerk": "seki"}
    frames = {"t0": ("%s is %s.", "%s ne %s ka."), "t1": ("%s wants to be %s.", "%s wa %s ni naru."),
              "tdi": ("%s was %s.", "%srur %sdi.")}
    stray = {"Priya": "pufe", "Chen": "gaho"}
    rows = []
    for tid, (src, tgt) in frames.items():
        for a in NAMES[:5]:
            for p, pt in professions.items():
                target = tgt % (a, pt)
                if tid == "tdi" and p == "an escort" and a in stray:
                    target = "%srur %s." % (a, stray[a])
                rows.append({"template_id": tid, "source": src % (a, p),
                             "fill": {"first_name": a, "profession": p}, "target": target})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    tdi = by_group(doc)["tdi"]
    main = max(tdi, key=lambda t: t["support"])
    assert main["template"] == "{first_name}rur {profession}di."
    assert sorted(main["lexicons"]["profession"]) == sorted(professions.values())
    assert main["support"] == 33
    assert not any("dungadi" in v for t in tdi for v in t["lexicons"].get("profession", []))


def test_a_word_a_value_selects_in_another_template_is_a_variant_not_a_corruption():
    """A question drawn once per name, written by two translators (``Ai noi
    voi {first_name} voi du an?`` / ``Ai noi cung {first_name} ve du an?``);
    Omar takes ``toi`` where the others take ``voi`` or ``ve``, in the
    question and in another template (``… Omar toi du an.``).  His question
    is one word from the second translator's frame, and the two frames differ
    in two words, so no alternation of the group's frames shows the place:
    in a noisy file it was a corrupted copy, left out, and its value given to
    the ``ve`` template, which then wrote a question no one wrote.  The same
    word beside the same value in another template is a variant the value
    selects."""
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(rows, 0.3, seed=0)           # the file is noisy
    prep = {a: ("voi" if k < 5 else "ve") for k, a in enumerate(NAMES)}
    prep["Omar"] = "toi"
    rows += [{"template_id": "ctx", "source": "%s talked with %s about the project." % (a, b),
              "fill": {"first_name": a, "first_name1": b},
              "target": "%s noi voi %s %s du an." % (a, b, prep[b])}
             for a in NAMES for b in NAMES if a != b]
    rows += [{"template_id": "q", "source": "Who talked with %s about the project?" % b,
              "fill": {"first_name": b},
              "target": "%s %s %s du an?" % ("Ai noi voi" if prep[b] == "voi" else "Ai noi cung",
                                             b, prep[b])}
             for b in NAMES]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    q = {t["template"]: sorted(t["lexicons"]["first_name"]) for t in by_group(doc)["q"]}
    assert q == {"Ai noi voi {first_name} voi du an?": sorted(NAMES[:5]),
                 "Ai noi cung {first_name} ve du an?": sorted(NAMES[5:9]),
                 "Ai noi cung {first_name} toi du an?": ["Omar"]}
    for t in by_group(doc)["q"]:
        assert len(_generated(t, insts)) == t["support"] == len(t["lexicons"]["first_name"])
    assert not _outliers(doc, "q")["uncovered"]


# --------------------------------------------------------------------------- #
# what an outlier gives when its corruption moved or took a value


_BACK = {c: k < 6 for k, c in enumerate(ANIMAL_T)}      # the last four take front vowels


def _harmony(c: str, back: str, front: str) -> str:
    return ANIMAL_T[c] + (back if _BACK[c] else front)


def _harmony_rows(pet_animals, extra=()):
    """A noisy ``is_adj`` group (the file's noise rate about 6 %); ``pet``: ``{name} wa {animal}hos imasu.``,
    the suffix in harmony with the animal (``hös`` after the last four), for
    ``pet_animals``; ``likes`` glues the same suffix to every animal,
    ``with`` none."""
    rows = [is_adj(a, b) for a in NAMES for b in ADJ_T]
    _corrupt_frame(rows, 0.4, seed=0)
    frames = {"likes": ("%s likes the %s.", "mi %sga %s ga suki.", "hos", "hös"),
              "with": ("%s is with the %s.", "%s to %s ga iru.", "", "")}
    for tid, (source, target, back, front) in frames.items():
        rows += [{"template_id": tid, "source": source % (a, c),
                  "fill": {"first_name": a, "animal": c},
                  "target": target % (a, _harmony(c, back, front))}
                 for a in NAMES[:6] for c in ANIMAL_T]
    # the adjectives take the suffix too (an affix of two lexicons is the
    # templates', not their values')
    rows += [{"template_id": "feels", "source": "%s feels %s." % (a, b),
              "fill": {"first_name": a, "adj": b},
              "target": "%sga %s%s." % (a, ADJ_T[b], "hos" if k < 5 else "hös")}
             for a in NAMES[:6] for k, b in enumerate(ADJ_T)]
    rows += [{"template_id": "pet", "source": "%s has a %s." % (a, c),
              "fill": {"first_name": a, "animal": c},
              "target": "%s wa %s imasu." % (a, _harmony(c, "hos", "hös"))}
             for a in NAMES for c in pet_animals]
    return rows + list(extra)


def test_a_value_whose_variant_mark_was_dropped_goes_where_the_file_writes_it():
    """The bear is new to ``pet``: its one instance there dropped the word
    that carries both the bear and the harmony suffix (``Ines wa imasu.``),
    so it is one corruption from both variants and neither has its values.
    The file writes the bear ``kumahös`` everywhere else: its values go to
    the ``hös`` variant, which then generates ``kumahös`` only."""
    pets = [c for c in ANIMAL_T if c != "bear"]
    ines = {"template_id": "pet", "source": "Ines has a bear.",
            "fill": {"first_name": "Ines", "animal": "bear"}, "target": "Ines wa imasu."}
    insts = _records(_harmony_rows(pets, [ines]))
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    assert _outliers(doc, "pet")["recovered"] == 1
    got = {t["template"]: t for t in by_group(doc)["pet"]}
    hos, hoes = got["{first_name} wa {animal}hos imasu."], got["{first_name} wa {animal}hös imasu."]
    assert "kuma" in hoes["lexicons"]["animal"] and "Ines" in hoes["lexicons"]["first_name"]
    assert "kuma" not in hos["lexicons"]["animal"] and "Ines" not in hos["lexicons"]["first_name"]


def test_a_value_swapped_out_of_its_slots_order_gives_its_form():
    """``kumahös Ineswa o kaimasu.``: the corruption swapped the two words
    that carry the values, so no reading of the text has the template's
    slots in their order; the template written out with the values' forms
    (``Ines``, seen in another group, and ``kuma``) is one swap from it,
    and Ines reaches the lexicon — not as support."""
    rows = [is_adj(a, b) for a in NAMES + ["Ines"] for b in ADJ_T]
    _corrupt_frame(rows, 0.1, seed=0)
    rows += [{"template_id": "buys", "source": "%s buys a %s." % (a, c),
              "fill": {"first_name": a, "animal": c},
              "target": "%swa %s o kaimasu." % (a, ANIMAL_T[c])}
             for a in NAMES for c in ANIMAL_T]
    rows.append({"template_id": "buys", "source": "Ines buys a bear.",
                 "fill": {"first_name": "Ines", "animal": "bear"},
                 "target": "kuma Ineswa o kaimasu."})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [buys] = by_group(doc)["buys"]
    assert buys["template"] == "{first_name}wa {animal} o kaimasu."
    assert "Ines" in buys["lexicons"]["first_name"]
    assert _outliers(doc, "buys")["recovered"] == 1
    ines = {i.id for i in insts if i.template_id == "buys" and i.fill["first_name"] == "Ines"}
    assert ines <= set(_outliers(doc, "buys")["uncovered"])
    assert not _generated(buys, insts) & ines


def test_a_reading_that_is_none_of_a_values_attested_forms_contradicts_it():
    """:func:`tea_solver.recover._contradicts`, the check behind the frame-edit
    reading of an outlier (seed 23 noisy ``mix-agglutinative``: ``Linda'mo
    jınopahos. o Linda'mo …``, the article of ``o jınopa`` swapped into the
    frame, read as the value ``jınopa``).  The reading contradicts the value
    where the file shows the value's form twice at least and the reading is
    none of its forms; a form seen once (the corrupted instance's own) is no
    evidence, and a reading the template's instances already show is none
    of the outlier's doing."""
    from collections import namedtuple
    from tea_solver.recover import _contradicts
    Key = namedtuple("Key", "name index")
    Occ = namedtuple("Occ", "slot lexval")
    by_id = {0: Key("first_name", None), 1: Key("profession", None)}
    waitress = ("profession", None, "a waitress")
    occs = [Occ(("first_name", None), ("first_name", None, "Linda")),
            Occ(("profession", None), waitress)]
    forms = {occs[0].lexval: ["Linda"], waitress: ["o jınopa"]}
    glue = {("o jınopa", 1): Counter({"hos": 9}), ("Linda", 1): Counter({"": 1})}
    fragment = {(0, 0): "Linda", (1, 0): "jınopa"}
    assert _contradicts(fragment, occs, by_id, forms, set(), glue)
    assert not _contradicts({(0, 0): "Linda", (1, 0): "o jınopa"}, occs, by_id, forms, set(),
                            glue)
    # the template's covered instances show the reading: nothing new is given
    assert not _contradicts(fragment, occs, by_id, forms, {(1, "jınopa")}, glue)
    # the form seen once (the outlier's own reading): no evidence against it
    once = {("o jınopa", 1): Counter({"hos": 1})}
    assert not _contradicts(fragment, occs, by_id, forms, set(), once)
    # no forms known for the value: nothing to contradict
    assert not _contradicts(fragment, occs, by_id, {}, set(), glue)


def test_a_value_whose_forms_both_fit_an_outlier_gives_the_form_its_template_writes():
    """:func:`tea_solver.recover._unambiguous`, the choice among the
    templates written out with each of a value's forms.  *a car* is ``o`` in
    one case and ``e`` in another, and a replaced word leaves the instance
    one corruption from the template with either: the form the template's
    instances show (``e``) is the instance's.  Where the template shows both
    (a nationality's bare and agreeing forms, ``ฝูหีขุ๋`` / ``ฝูหีขุ๋ไวู``, each
    one token from a corrupted word), guessing would pair a form with a
    value of the other class: nothing is given."""
    from tea_solver.recover import _unambiguous
    car_o = {(0, 0): "Linda", (2, 0): "o"}
    car_e = {(0, 0): "Linda", (2, 0): "e"}
    attested = [{(0, "Linda"), (2, "e"), (2, "fen")}, {(0, "Linda"), (2, "o")}]
    assert _unambiguous([(0, car_o), (0, car_e)], attested) == [(0, car_e)]
    # each template judged on its own: the other writes o
    assert _unambiguous([(0, car_o), (0, car_e), (1, car_o), (1, car_e)], attested) == \
        [(0, car_e), (1, car_o)]
    # one filling: nothing to choose
    assert _unambiguous([(0, car_o)], attested) == [(0, car_o)]
    # both forms attested: ambiguous, nothing given
    both = [{(0, "Linda"), (2, "e"), (2, "o")}]
    assert _unambiguous([(0, car_o), (0, car_e)], both) == []



_KANA_ANIMALS = {"dog": "イヌ", "cat": "ネコ", "horse": "ウマ", "bird": "トリ", "fish": "サカナ",
                 "cow": "ウシ", "pig": "ブタ", "lemur": "キツネザル", "bear": "クマ", "deer": "シカ"}


def _noisy_kana_rows() -> tuple:
    """Three groups of names and animals in kana, and the indices of the
    tenth of their instances a frame character was replaced in (by one of
    many: corruptions alike would be a variant of the frame): the file is
    noisy."""
    rows = []
    for tid, src, frame in (("likes", "%s likes the %s.", "%sは%sが好きです。"),
                            ("sees", "%s sees the %s.", "%sは%sを見ました。"),
                            ("feeds", "%s feeds the %s.", "%sは%sに餌をやりました。")):
        rows += [{"template_id": tid, "source": src % (a, c),
                  "fill": {"first_name": a, "animal": c}, "target": frame % (a, t)}
                 for a in NAMES for c, t in _KANA_ANIMALS.items()]
    rng = random.Random(0)
    hit = set()
    for n, r in enumerate(rows):
        if rng.random() < 0.1:
            t = r["target"]
            k = rng.choice([k for k, ch in enumerate(t) if ch in "はがを好見まし餌"])
            r["target"] = t[:k] + rng.choice("あいうえおかきくけこさすせそたちつてとなぬねの") + t[k + 1:]
            hit.add(n)
    return rows, hit


def _noisy_with_form(rows: list, lexval: tuple, form: str) -> tuple:
    """``(instances, document)`` of ``rows``, after asserting the model finds
    the file noisy and ``lexval``'s one form ``form``."""
    insts = _records(rows)
    model = fit_file(group_instances(insts))
    assert model.noisy
    assert model.forms[lexval] == [form]
    return insts, extract(insts, ExtractOptions(**OPTS), progress=False)


def test_a_value_corrupted_alike_in_two_groups_gives_no_reading_and_no_class():
    """A script without spaces: a corruption that doubles a character inside
    a value (``キツネザザル`` for ``キツネザル``, *lemur*), in one instance of
    each of two groups, both beside the same name, leaves characters that
    still identify the value, so co-variation gave the corrupted text a
    span: it became one of the value's forms, the lexicons listed it, and
    the agreement split made the name a class of its own that selects it
    (two templates per group where one is written).  In a noisy file a
    reading one corruption from the value's common reading, no more common
    in the group and in the file than the noise rate makes likely, is a
    corrupted copy: left out, its values given back, and no form."""
    rows, hit = _noisy_kana_rows()
    name = next(a for a in NAMES
                if not any(r["fill"] == {"first_name": a, "animal": "lemur"}
                           for n, r in enumerate(rows) if n in hit))
    bad = [n for tid in ("likes", "sees") for n, r in enumerate(rows)
           if r["template_id"] == tid and r["fill"] == {"first_name": name, "animal": "lemur"}]
    for n in bad:
        rows[n]["target"] = rows[n]["target"].replace("キツネザル", "キツネザザル")
    insts, doc = _noisy_with_form(rows, ("animal", None, "lemur"), "キツネザル")
    groups = by_group(doc)
    for tid, n in zip(("likes", "sees"), bad):
        [t] = groups[tid]
        assert sorted(t["lexicons"]["animal"]) == sorted(_KANA_ANIMALS.values()), tid
        assert sorted(t["lexicons"]["first_name"]) == sorted(NAMES), tid
        assert insts[n].id in _outliers(doc, tid)["uncovered"]
        assert insts[n].id not in _generated(t, insts)


def test_a_corruption_that_hits_a_value_alike_in_several_groups_is_no_form_in_a_question():
    """The noise dropped the first letter of *Ahmed* (``hmed``) in one
    instance of each of two large groups and in the question drawn once per
    name.  In the large groups the reading is rare beside ``Ahmed`` and goes
    as a corrupted copy; in the question it is the value's only reading
    there, and it was read against the file's only where no other group
    showed it -- so the question kept it, the reading explained itself
    everywhere, and ``hmed`` became a name in every template (seed 80 noisy
    ``km``: a second template for the adjective the corrupted instances
    drew).  A reading other groups show only as their corrupted copy is as
    rare as one seen nowhere else: the question's instance is left out, and
    no lexicon lists ``hmed``."""
    rows, hit = _noisy_kana_rows()
    rows += [{"template_id": "who", "source": "Who is %s?" % a, "fill": {"first_name": a},
              "target": "%sさんは誰ですか。" % a} for a in NAMES]
    bad = [next(n for n, r in enumerate(rows) if r["template_id"] == tid
                and r["fill"]["first_name"] == "Ahmed" and n not in hit)
           for tid in ("likes", "sees", "who")]
    for n in bad:
        rows[n]["target"] = rows[n]["target"][1:]
    insts, doc = _noisy_with_form(rows, ("first_name", None, "Ahmed"), "Ahmed")
    groups = by_group(doc)
    for tid, n in zip(("likes", "sees", "who"), bad):
        [t] = groups[tid]
        assert sorted(t["lexicons"]["first_name"]) == sorted(NAMES), tid
        assert insts[n].id in _outliers(doc, tid)["uncovered"], tid


def test_a_form_a_rare_class_selects_is_no_corrupted_reading():
    """An intensified adjective (``totemo ookii``) agrees with the animal:
    one animal of twenty (*lemur*) takes ``-na`` (``totemo ookina``), so a
    class form is one letter from the common form, rare in the group and in
    the file, as a corrupted reading would be.  But *lemur* stands beside an
    odd reading of the adjective every time: it selects the form, which
    stays a form of its value, and the agreement split keeps the class's
    template (taken for corrupted copies, the class forms were left out and
    *lemur* joined the common class)."""
    animals = dict(ANIMAL_T, lemur="kitsunezaru", ant="ari", bee="hachi", crab="kani",
                   duck="kamo", eel="unagi", frog="kaeru", goat="yagi", hare="usagi",
                   lion="raion")
    adjs = {"very big": "ooki", "very small": "chiisa", "very cute": "kawai",
            "very old": "furu", "very fast": "haya"}
    rng = random.Random(1)
    rows = rng.sample([{"template_id": "agrees", "source": "%s saw the %s %s." % (a, b, c),
                        "fill": {"first_name": a, "adj": b, "animal": c},
                        "target": "%s ga totemo %s%s %s wo mita." % (
                            a, stem, "na" if c == "lemur" else "i", t)}
                       for a in NAMES for b, stem in adjs.items()
                       for c, t in animals.items()], 300)
    rows += [likes(a, c) for a in NAMES for c in ANIMAL_T]
    # the file is noisy: frame words replaced in a tenth of the instances
    FRAME_WORDS["agrees"] = ("ga", "wo", "mita.")
    try:
        _corrupt_frame(rows, 0.1, seed=1)
    finally:
        del FRAME_WORDS["agrees"]
    insts = _records(rows)
    model = fit_file(group_instances(insts))
    assert model.noisy
    # (a form seen once is no form the model finds, noise or not)
    seen = Counter((i.fill["adj"], i.target[0].split(" ")[3]) for i in insts
                   if i.template_id == "agrees" and i.fill["animal"] == "lemur")
    drawn = {bf for bf, n in seen.items() if n >= 2}
    assert len(drawn) >= 3
    for b, form in drawn:
        assert "totemo " + form in model.forms[("adj", None, b)], b
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [lemur] = [t for t in by_group(doc)["agrees"] if "kitsunezaru" in t["lexicons"]["animal"]]
    assert lemur["lexicons"]["animal"] == ["kitsunezaru"]
    assert {"totemo " + form for _b, form in drawn} <= set(lemur["lexicons"]["adj"])


# a value drawn once in a small group whose reading is a corrupted copy of its
# form in the rest of the file (or, a tuple element only that group shows, of
# its other element's)

_KANJI_ADJS = {"small": "小柄", "strong": "丈夫", "great": "偉大", "calm": "冷静", "smart": "利口",
               "odd": "変", "young": "年少", "old": "年長", "clean": "清潔", "dark": "色黒",
               "weak": "虚弱", "rich": "裕福", "kind": "親切", "wise": "賢明", "tall": "長身",
               "high": "高位"}


def _kanji_file(less_target, tuple_entries: bool = True, seed: int = 3) -> list:
    """Two templates over names and adjectives, 15 % of the first's frames
    corrupted (one character replaced by one seen nowhere else), and a
    question drawn once per adjective (``less_target(adj, its text)``).  With
    ``tuple_entries`` the adjective is a (comparative, plain) pair, and only
    the question shows the plain element."""
    rng = random.Random(seed)
    rows = []
    for a in NAMES:
        for b, t in _KANJI_ADJS.items():
            target = "%sは%sです。" % (a, t)
            if rng.random() < 0.15:
                k = rng.choice([k for k, c in enumerate(target) if c in "はです。"])
                target = target[:k] + chr(0x4E00 + rng.randrange(20000)) + target[k + 1:]
            fill = {"first_name": a, "adj": [b + "er", b] if tuple_entries else b}
            src = "%s is %s%s." % (a, b, "er" if tuple_entries else "")
            rows.append({"template_id": "is", "source": src, "fill": fill, "target": target})
            rows.append({"template_id": "too", "source": src.replace(" is ", " is also "),
                         "fill": fill, "target": "%sも%sだ。" % (a, t)})
    for b, t in _KANJI_ADJS.items():
        rows.append({"template_id": "less", "source": "Who is less %s?" % b,
                     "fill": {"adj": [b + "er", b] if tuple_entries else b},
                     "target": less_target(b, t)})
    return rows


@pytest.mark.parametrize("tuple_entries", [False, True])
def test_a_value_drawn_once_whose_reading_is_a_copy_of_its_form_elsewhere_is_left_out(
        tuple_entries):
    """A corruption doubled a character inside *small* (``小小柄``) in the
    question drawn once per adjective.  The value's reading there is the
    group's only one, so no common reading in the group shows it corrupted;
    the file's does (``小柄``).  Where the question is the only template
    showing the plain element of the (comparative, plain) pair, its other
    element's reading does: the instance is left out, and the lexicon gets
    the form, not the corrupted text."""
    rows = _kanji_file(lambda b, t: "どちらの方が%sじゃないか。" % ("小小柄" if b == "small" else t),
                       tuple_entries)
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts, min_support=2)
    [less] = by_group(doc)["less"]
    assert less["template"] == "どちらの方が{%s}じゃないか。" % ("adj[1]" if tuple_entries else "adj")
    got = sorted(e[1] if tuple_entries else e for e in less["lexicons"]["adj"])
    assert got == sorted(_KANJI_ADJS.values())
    assert _outliers(doc, "less")["uncovered"] == [
        i.id for i in insts if i.template_id == "less" and "small" in i.fill["adj"]]


def test_a_form_the_template_selects_for_a_class_of_values_is_no_corrupted_copy():
    """The same question where every other adjective takes ``く`` (a form
    the template selects for one class): eight of sixteen values read a
    copy of their form elsewhere with one character more, far more than a
    10 % noise corrupts — a form, not corruptions: nothing is left out, and
    the ``く`` stays in the values or in a template of their own."""
    i_class = set(list(_KANJI_ADJS)[::2])
    rows = _kanji_file(lambda b, t: "どちらの方が%s%sじゃないか。" % (t, "く" if b in i_class else ""))
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts, min_support=2)
    assert not _outliers(doc, "less")["uncovered"]
    got = sorted((t["template"], sorted(e[1] for e in t["lexicons"]["adj"]))
                 for t in by_group(doc)["less"])
    assert sorted(v for _t, vs in got for v in vs) == sorted(
        _KANJI_ADJS[b] + ("く" if b in i_class else "") for b in _KANJI_ADJS) or got == sorted(
        [("どちらの方が{adj[1]}くじゃないか。", sorted(_KANJI_ADJS[b] for b in i_class)),
         ("どちらの方が{adj[1]}じゃないか。",
          sorted(_KANJI_ADJS[b] for b in _KANJI_ADJS if b not in i_class))])


_FR_ADJS = {("older", "old"): "âgé", ("taller", "tall"): "grand", ("smaller", "small"): "petit",
            ("stronger", "strong"): "fort", ("weaker", "weak"): "faible",
            ("richer", "rich"): "riche", ("younger", "young"): "jeune",
            ("cleaner", "clean"): "propre", ("darker", "dark"): "foncé",
            ("slower", "slow"): "lent"}


def test_a_reading_many_instances_of_a_group_show_is_no_corrupted_copy():
    """*older* reads ``plus âgé`` in the comparison, twenty-odd times alike,
    and ``plus vieux`` in the other template, more often: over the file its
    comparison reading is one word from its common one, and seen in no
    other group.  A reading that many instances show is no corruption,
    whatever it is one word from: the comparison keeps ``plus âgé`` (read as
    a copy, it went to the other word; the noisy dev sample with seed 109
    lost a third of its French, Spanish and Hindi templates so, where the
    value was a tuple element and the word it was one from its other
    element's)."""
    rng = random.Random(5)
    rows = []
    for a, b in itertools.permutations(NAMES[:6], 2):
        for (c, p), t in _FR_ADJS.items():
            target = "%s est plus %s que %s." % (a, t, b)
            if rng.random() < 0.15:
                words = target.split(" ")
                words[rng.choice([1, 4])] = "zq%d" % len(rows)
                target = " ".join(words)
            rows.append({"template_id": "cmp", "source": "%s is %s than %s." % (a, c, b),
                         "fill": {"first_name": a, "adj": [c, p], "first_name1": b},
                         "target": target})
            for _ in range(2 if c == "older" else 1):
                rows.append({"template_id": "seems", "source": "%s seems %s." % (a, c),
                             "fill": {"first_name": a, "adj": [c, p]},
                             "target": "%s semble plus %s." % (
                                 a, "vieux" if c == "older" else t)})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    got = {tid: sorted({e[0] for t in temps for e in t["lexicons"]["adj"]})
           for tid, temps in by_group(doc).items()}
    assert got["cmp"] == sorted("plus " + t for t in _FR_ADJS.values())
    assert got["seems"] == sorted("plus " + ("vieux" if c == "older" else t)
                                  for (c, _p), t in _FR_ADJS.items())


_ZH_PAIRS = {("friendlier", "unfriendly"): ("更友好", "不友好"), ("cooler", "uncool"): ("更酷", "不酷"),
             ("stricter", "lenient"): ("更严格", "宽松"), ("richer", "poor"): ("更富有", "贫穷"),
             ("smaller", "big"): ("更小", "大"), ("younger", "old"): ("更年轻", "年长"),
             ("stronger", "weak"): ("更强壮", "软弱"), ("faster", "slow"): ("更快", "慢"),
             ("tidier", "messy"): ("更整洁", "邋遢"), ("wiser", "foolish"): ("更明智", "愚蠢"),
             ("shorter", "tall"): ("更矮", "高"), ("smarter", "dumb"): ("更聪明", "笨")}


def test_a_tuple_element_is_not_read_against_another_element_that_reads_otherwise():
    """The question shows the second element of each (comparative, antonym)
    pair, a word of its own: *unfriendly* ``不友好`` is one character from
    *friendlier*'s ``更友好``, but the group's other pairs read nothing
    alike, so its elements are no reading of each other and ``不友好`` is no
    corrupted copy (read as one, the lexicon got ``更友好``: the noisy dev
    sample 101's Chinese)."""
    rng = random.Random(7)
    rows = []
    for a, b in itertools.permutations(NAMES[:6], 2):
        for (c, p), (t0, _t1) in _ZH_PAIRS.items():
            target = "%s比%s%s。" % (a, b, t0)
            if rng.random() < 0.15:
                k = rng.choice([k for k, ch in enumerate(target) if ch in "比。"])
                target = target[:k] + chr(0x4E00 + rng.randrange(20000)) + target[k + 1:]
            rows.append({"template_id": "cmp", "source": "%s is %s than %s." % (a, c, b),
                         "fill": {"first_name": a, "adj": [c, p], "first_name1": b},
                         "target": target})
    for (c, p), (_t0, t1) in _ZH_PAIRS.items():
        rows.append({"template_id": "q", "source": "Who is %s?" % p, "fill": {"adj": [c, p]},
                     "target": "谁%s？" % t1})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [q] = by_group(doc)["q"]
    assert sorted(e[1] for e in q["lexicons"]["adj"]) == sorted(t1 for _t0, t1 in _ZH_PAIRS.values())
    assert not _outliers(doc, "q")["uncovered"]


#: comparatives; three of them are ``mwenye`` (*having*) + a noun
_SW_COMPARATIVES = {"taller": "mrefu", "shorter": "mfupi", "bigger": "mkubwa",
                    "smaller": "mdogo", "older": "mkuu", "younger": "mchanga",
                    "kinder": "mwema", "cleaner": "msafi", "richer": "tajiri",
                    "wiser": "mwenye busara", "stronger": "mwenye nguvu",
                    "faster": "mwenye kasi"}


def test_one_corrupted_instance_does_not_make_a_word_the_values_share_the_templates():
    """``mwenye`` starts three comparatives in every instance but one: the
    only question that draws *faster* lost it to a corruption.  Whether a
    template writes a word beside the values is the group's behaviour,
    voted once per group: *wiser* and *stronger* show ``mwenye`` in the
    question, so that group keeps it for the values that share it and the
    one corrupted reading does not make ``mwenye`` the comparison template's
    (a ``{first_name} ni mwenye {adj}`` template for three values)."""
    rows = []
    for a in MORE_NAMES[:8]:
        for b in MORE_NAMES[:8]:
            if a == b:
                continue
            for en, sw in _SW_COMPARATIVES.items():
                rows.append(_row("than", "%s is %s than %s." % (a, en, b),
                                 {"first_name": a, "adj": en, "first_name1": b},
                                 "%s ni %s zaidi kumliko %s." % (a, sw, b)))
    for en, sw in _SW_COMPARATIVES.items():
        # the one question that draws *faster* lost its ``mwenye``
        word = "kasi" if en == "faster" else sw
        rows.append(_row("who", "Who is %s?" % en, {"adj": en}, "Ni nani %s zaidi?" % word))
    groups = _extract_exact(rows)
    want = sorted(_SW_COMPARATIVES.values())
    [t] = groups["than"]
    assert (t["template"], sorted(t["lexicons"]["adj"])) == \
        ("{first_name} ni {adj} zaidi kumliko {first_name1}.", want)
    main = max(groups["who"], key=lambda t: len(t["lexicons"].get("adj", [])))
    assert main["template"] == "Ni nani {adj} zaidi?"
    assert set(main["lexicons"]["adj"]) == set(want) - {"mwenye kasi"}


_VI_ADJS = {"tall": "cao", "smart": "sáng dạ", "strong": "khỏe mạnh", "young": "nhỏ tuổi",
            "old": "lớn tuổi", "rich": "giàu", "fast": "nhanh", "slow": "chậm",
            "clean": "sạch", "kind": "tốt tính"}


def _vi_comparisons(rate: float, seed: int = 11) -> list:
    """A comparison over names and the adjectives of ``_VI_ADJS`` as
    (comparative, plain) pairs, ``rate`` of its frames corrupted (the last
    word replaced by one seen nowhere else)."""
    rng = random.Random(seed)
    rows = []
    for a, b in itertools.permutations(NAMES[:6], 2):
        for en, t in _VI_ADJS.items():
            target = "%s %s hơn %s ạ." % (a, t, b)
            if rng.random() < rate:
                words = target.split(" ")
                words[-1] = "zq%d" % len(rows)
                target = " ".join(words)
            rows.append({"template_id": "cmp", "source": "%s is %ser than %s." % (a, en, b),
                         "fill": {"first_name": a, "adj": [en + "er", en], "first_name1": b},
                         "target": target})
    return rows


def test_a_value_drawn_once_is_read_against_its_sibling_as_the_groups_other_values_are():
    """The comparison writes *smarter* ``sáng dạ hơn``; the question, drawn
    once per adjective, shows the plain element of each (comparative,
    plain) pair, ``sáng dạ`` -- the comparative with ``hơn`` taken off, as
    every other pair of the group reads.  A corruption doubled a word of
    *smart* there (``sáng sáng dạ``): one corruption from what its sibling
    reads with ``hơn`` taken off, so the instance is left out and the
    lexicon gets ``sáng dạ`` (read against the sibling's own reading, two
    corruptions away, it was a value of its own)."""
    _check_less_question(lambda en, t: "Ai ít %s hơn?" % ("sáng sáng dạ" if en == "smart" else t),
                         "Ai ít {adj[1]} hơn?", "smart")


def _check_less_question(target_of, template: str, odd: str) -> None:
    """The comparison file with a question drawn once per adjective
    (``target_of(adjective, its text)``): one template, ``template``, whose
    lexicon lists every adjective, and the instance of ``odd`` left out."""
    rows = _vi_comparisons(0.15)
    for en, t in _VI_ADJS.items():
        rows.append({"template_id": "less", "source": "Who is less %s?" % en,
                     "fill": {"adj": [en + "er", en]}, "target": target_of(en, t)})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts, min_support=2)
    [less] = [t for t in by_group(doc)["less"] if t["lexicons"]]
    assert less["template"] == template
    assert sorted(e[1] for e in less["lexicons"]["adj"]) == sorted(_VI_ADJS.values())
    assert _outliers(doc, "less")["uncovered"] == [
        i.id for i in insts if i.template_id == "less" and odd in i.fill["adj"]]


_HI_PAIRS = {"tall": "लंबा", "small": "छोटा", "rich": "धनी", "fast": "तेज़", "slow": "धीमा",
             "weak": "कमज़ोर", "clean": "साफ", "great": "महान", "smart": "चतुर",
             "old": "आयु में बड़ा"}


def test_a_value_drawn_once_is_read_against_a_sibling_holding_the_marker_inside():
    """The comparison writes each comparative with ``अधिक`` (*more*) before
    the plain adjective -- *older* inside the value, ``आयु में अधिक बड़ा``
    (*more big in age*); the question, drawn once per adjective, shows the
    plain element, the comparative with ``अधिक`` taken off.  A corruption
    dropped ``में`` from *old*'s one instance (``आयु बड़ा``).  Taken off
    where the sibling writes it, ``अधिक`` predicts ``आयु में बड़ा``, one
    corruption from what the instance shows: the instance is left out and
    the lexicon lists *old* as the file writes it (before: ``आयु बड़ा``, a
    value no one wrote -- the prediction took words off the ends only)."""
    def comparative(en: str) -> str:
        t = _HI_PAIRS[en]
        return "आयु में अधिक बड़ा" if en == "old" else "अधिक " + t
    rng = random.Random(2)
    rows = []
    for a, b in itertools.permutations(NAMES, 2):
        for en in _HI_PAIRS:
            target = "%s, %s से %s है।" % (a, b, comparative(en))
            if rng.random() < 0.1:
                target = target.replace(" से ", " zq%d " % len(rows))
            rows.append(_row("than", "%s is %ser than %s." % (a, en, b),
                             {"first_name": a, "adj": [en + "er", en], "first_name1": b}, target))
    # (the copula stands in other sentences too, as in any file)
    for a, b in itertools.permutations(NAMES, 2):
        for k, hi in enumerate(("घर पर", "यहाँ", "वहाँ", "ठीक", "व्यस्त", "खुश")):
            rows.append(_row("at%d" % k, "%s is with %s." % (a, b),
                             {"first_name": a, "first_name1": b}, "%s %s के साथ %s है।" % (a, b, hi)))
    for en, t in _HI_PAIRS.items():
        rows.append(_row("less", "Who is less %s?" % en, {"adj": [en + "er", en]},
                         "कौन कम %s है?" % ("आयु बड़ा" if en == "old" else t)))
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts, min_support=2)
    [less] = by_group(doc)["less"]
    assert less["template"] == "कौन कम {adj[1]} है?"
    assert sorted(e[1] for e in less["lexicons"]["adj"]) == sorted(_HI_PAIRS.values())
    assert _outliers(doc, "less")["uncovered"] == [
        i.id for i in insts if i.template_id == "less" and i.fill["adj"][1] == "old"]


@pytest.mark.parametrize("corrupted", ["Ai kém ạ.", "Ai kém ?"])
def test_a_value_only_corrupted_copies_show_reads_as_its_sibling_predicts(corrupted):
    """The question drawn once per adjective shows the plain element of each
    (comparative, plain) pair; *rich*'s one instance lost its word with the
    question mark: replaced by a word of the file (``ạ.``), or dropped.  No
    clean instance shows *rich* plain, so what that instance shows is the
    corruption's, not a form; its comparative ``giàu hơn`` reads as every
    other pair's does, the plain word and ``hơn``: *rich* is ``giàu``.  The
    lexicon lists it (a human CheckList has every value it was filled with)
    and the instance, one corruption from the template written with it, is
    left out.  (Before: ``ạ.`` a value of its own, or *rich* in no lexicon.)"""
    _check_less_question(lambda en, t: corrupted if en == "rich" else "Ai kém %s?" % t,
                         "Ai kém {adj[1]}?", "rich")


def test_an_ending_two_values_put_in_beside_the_slot_is_no_corruption():
    """In the question drawn once per adjective, two adjectives take ``い``
    before ``ですか`` (*fast*, *slow*: ``速いですか``), the others do not.
    One token more than the common frame is no corruption the noise makes
    -- a dropped, doubled, swapped or replaced token never puts a new one
    in -- unless it doubles its neighbour, or, beside a slot, where one
    instance alone shows it (the value's edge doubled).  Two instances show
    this one: a template of its own, nothing left out (read as two copies,
    both went to the common template, the ending lost)."""
    two = {"odd", "high"}
    rows = _kanji_file(lambda b, t: "どちらの方が%s%sですか。" % (t, "い" if b in two else ""),
                       tuple_entries=False)
    # (noisier: at this rate two copies corrupted alike are as likely as one
    # in a group of sixteen, so the count of copies alone cannot tell)
    rng = random.Random(5)
    for r in rows:
        if r["template_id"] == "too" and rng.random() < 0.3:
            k = rng.choice([k for k, c in enumerate(r["target"]) if c in "もだ。"])
            r["target"] = r["target"][:k] + chr(0x4E00 + rng.randrange(20000)) + r["target"][k + 1:]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts, min_support=2)
    got = sorted((t["template"], sorted(t["lexicons"]["adj"])) for t in by_group(doc)["less"])
    assert got == sorted([("どちらの方が{adj}いですか。", sorted(_KANJI_ADJS[b] for b in two)),
                          ("どちらの方が{adj}ですか。",
                           sorted(t for b, t in _KANJI_ADJS.items() if b not in two))])
    assert not _outliers(doc, "less")["uncovered"]


def test_two_instances_that_double_a_word_every_value_ends_in_are_corrupted_copies():
    """Every comparative ends in ``hơn`` (``cao hơn``), so a corruption that
    doubles the last word of the question (``Ai cao hơn? hơn?``) puts in,
    beside the slot, a token the frame alone cannot tell from a new one --
    and two instances doing so alike look like a variant two values select.
    Each of them writes a token twice at its value's edge: they are
    corrupted copies, left out, and the question is one template with every
    comparative (read as a variant, they made a template ``Ai {adj[0]}?
    hơn?``).  (The comparison is noisy enough -- three in ten -- for two
    copies alike to be within what the noise makes in a question of ten.)"""
    rows = _vi_comparisons(0.3)
    doubled = {"tall", "rich"}
    for en, t in _VI_ADJS.items():
        rows.append({"template_id": "who", "source": "Who is %ser?" % en,
                     "fill": {"adj": [en + "er", en]},
                     "target": "Ai %s hơn?%s" % (t, " hơn?" if en in doubled else "")})
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts, min_support=2)
    [who] = [t for t in by_group(doc)["who"] if t["support"] > 1]
    assert who["template"] == "Ai {adj[0]}?"
    assert sorted(e[0] for e in who["lexicons"]["adj"]) == sorted(t + " hơn" for t in _VI_ADJS.values())
    assert sorted(_outliers(doc, "who")["uncovered"]) == sorted(
        i.id for i in insts if i.template_id == "who" and i.fill["adj"][1] in doubled)


_KM_COMPARATIVES = {"stranger": "ផ្ឋុះជើអូះ", "faster": "តេំន្ងេ", "cooler": "ឈោភា",
                    "bigger": "ឋួឈោ", "older": "អៅំប្ផើ", "smarter": "ថុបូឍ្ថើ", "nicer": "នៅះខីំ",
                    "richer": "ត្ពើំអៅ", "calmer": "ស្ងីត្ខួំពិះ", "taller": "តីំឝ្យិ",
                    "weaker": "ខ្ពាហើំ", "wiser": "ខួះអួឡោ", "cleaner": "ឋ្ឈាឍាំ",
                    "greater": "ខ្យើះឋីះ", "shorter": "ឡូព្នើំ", "kinder": "ជួំផេ"}
_KM_POSITIVES = ["ហ្ឡីគើំ", "បាពួំ", "អ្ពោះផីឡើ", "សោំងុំ", "បឹផេះ", "តូះជេះ", "ហ្គិំសើ", "បេអួ",
                 "នើឝា", "អៅឍែ", "ប្ឈេឈុ", "ឍ្បៅយិំ", "ឍិងេ", "ឈាះភ្ឈីំ", "ឋោះឡើសួ", "ពេឍុំ"]


def test_a_value_whose_one_copy_lost_its_core_to_a_corrupted_frame_word_does_not_vote():
    """A Khmer-like file (no spaces): *cooler* is ``ឈោភា``, and ``ឈោ`` is
    also the last syllable of *bigger*.  Its one question had a swap in the
    first word (``ឹនំ`` for ``នឹំ``): two units no frame claims, and the
    value's core went to them, with nothing before it.  The question then
    voted, with nothing to show, against the ``ឈោ`` that its fourteen
    comparatives all show before ``ភា``: ``ឈោ`` went to a template of its own
    (``{first_name}យ្គួះឈោ{adj[0]}ខោំ…``).  A group whose every copy of the
    value has its core in the corrupted stretch abstains."""
    rows = []
    for j, (en, km) in enumerate(_KM_COMPARATIVES.items()):
        for a in NAMES[:6]:
            b = NAMES[(NAMES.index(a) + 1 + j % 5) % 6]
            rows.append(_row("than", "%s is %s than %s." % (a, en, b),
                             {"first_name": a, "adj": [en, en[:-2]], "first_name1": b},
                             "%sយ្គួះ%sខោំ%s។" % (a, km, b)))
        rows.append(_row("who", "Who is %s?" % en, {"adj": [en, en[:-2]]},
                         ("ឹនំយ្គួះ%s?" if en == "cooler" else "នឹំយ្គួះ%s?") % km))
    for (en, _km), pos in zip(_KM_COMPARATIVES.items(), _KM_POSITIVES):
        rows.append(_row("less", "Who is less %s?" % en[:-2], {"adj": [en, en[:-2]]},
                         "នឹំយ្គួះយេំឡុ%s?" % pos))
    states = {"happy": "ឈួំពោ", "calm": "ពឹពាំ", "proud": "ថាះច្នើះ", "eager": "ហៅភួ",
              "open": "សាះឋាំ", "curious": "គែន្ជូ"}
    for a in NAMES[:6]:
        for en, km in states.items():
            rows.append(_row("about", "%s is %s about it." % (a, en), {"first_name": a, "s": en},
                             "%sយ្គួះ%sហ្គោំពុ។" % (a, km)))
    groups = _extract_exact(rows)
    assert [(t["template"], sorted(e[0] for e in t["lexicons"]["adj"])) for t in groups["than"]] == \
        [("{first_name}យ្គួះ{adj[0]}ខោំ{first_name1}។", sorted(_KM_COMPARATIVES.values()))]


def test_an_ending_a_value_selects_in_other_templates_is_no_corrupted_copy_in_a_small_group():
    """Vowel harmony glues ``do`` to most states and ``dö`` to *hopeful*
    (``sirłü``) in every template that glues the ending (seed 59 noisy,
    ``mix-all``).  *Who is most hopeful?* draws the state once, so its frame
    ``{s}dö?`` is one instance's, one letter from the common ``{s}do?``: in
    a noisy file a small group's copy.  Left out, its value went back into
    the common template, which wrote ``sirłüdo?``, a sentence of no one's.
    The ending is what the value selects in the file's other templates
    (glued to it, where the other states take ``do``), as a word beside a
    value is (:func:`tea_solver.keys.model.selected_by_value`): a variant."""
    states = {"bullish": "hussogı", "eager": "sa", "keen": "ñohu", "upbeat": "fakrawu",
              "glad": "dofagı", "hopeful": "sirłü", "calm": "bamlo", "sure": "kelpa"}
    animals = {"a dog": "wülpi", "a cat": "ñemi", "a cow": "rosa", "a fox": "tuko",
               "an ox": "bora", "a pig": "gali"}
    front = {"sirłü", "wülpi", "ñemi"}

    def glued(word):
        return word + ("dö" if word in front else "do")
    rng = random.Random(0)
    rows = []

    def add(tid, source, fill, target):
        if rng.random() < 0.1:                  # a frame word replaced
            words = target.split(" ")
            words[rng.choice([0, 1, 3])] = "zq%d" % len(rows)
            target = " ".join(words)
        rows.append(_row(tid, source, fill, target))
    for a in MORE_NAMES:
        for s, w in states.items():
            fill = {"first_name": a, "s": s}
            add("ctx", "%s is %s about it." % (a, s), fill, "%s fö %s biru ta." % (a, glued(w)))
            add("bare", "%s is %s here." % (a, s), fill, "%s wa %s nemo ta." % (a, w))
        for an, w in animals.items():
            fill = {"first_name": a, "animal": an}
            add("pet", "%s has %s." % (a, an), fill, "%s ke %s kuru ta." % (a, glued(w)))
            add("seen", "%s saw %s." % (a, an), fill, "%s me %s lamo ta." % (a, w))
    rows += [_row("q", "Who is most %s about it?" % s, {"s": s}, "So be łosgo %s?" % glued(w))
             for s, w in states.items()]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    assert _outliers(doc, "q")["uncovered"] == []
    assert {t["template"]: sorted(t["lexicons"]["s"]) for t in by_group(doc)["q"]} == {
        "So be łosgo {s}do?": sorted(w for w in states.values() if w not in front),
        "So be łosgo {s}dö?": ["sirłü"]}


# the states of the class-word tests: a class word (``pi`` / ``zi``) stands
# before every state; ``fanzu`` is *happy*, and the last word of five others
_PI_STATES = {"happy": "fanzu", "curious": "böłikin fanzu", "bullish": "łüföm fanzu",
              "serious": "zıfakuk", "optimistic": "mokjo", "concerned": "bumo"}
_ZI_STATES = {"hopeful": "fabı fanzu", "open": "łenne fanzu", "excited": "ühö fanzu",
              "confident": "pıfuzı", "pessimistic": "uzı", "pleased": "fojun",
              "vocal": "hemminpö", "upbeat": "ziłepe", "skeptical": "kübikün",
              "particular": "nemje", "positive": "köhö"}


def test_a_class_word_corruptions_left_alone_in_a_few_instances_is_not_the_values():
    """*happy* is ``fanzu``, a word five other states end in, so it has no
    word of its own, and its class word ``pi`` comes with it every time: its
    core is ``pi fanzu``, and the class word is cut off as the place's word
    the other states take (:func:`.regions.trim_place_words`) -- unless it
    is the value's whole core twice.  Three corruptions in one template drop
    ``fanzu`` (seed 67 ``mix-all``: three of eleven instances of *happy* in
    one group), which counted as three whole cores: *happy* became ``pi
    fanzu`` in every template, each with a template of its own (0.850).  A
    reading is the value's in a group (half its cores there at least), not
    in a few corrupted instances."""
    states = {**_PI_STATES, **_ZI_STATES}
    frames = {"ctx0": "%s'mıka fe bihüfi %s %s.", "ctx1": "%s'mıka hök bihüfi %s %s ma.",
              "ctx2": "Jö %s'mıka fe %s %s."}
    rows = []
    for tid, frame in frames.items():
        for a in NAMES:
            for s, t in states.items():
                rows.append({"template_id": tid,
                             "source": "%s is %s about the project (%s)." % (a, s, tid),
                             "fill": {"first_name": a, "s": s},
                             "target": frame % (a, "pi" if s in _PI_STATES else "zi", t)})
    rows += [{"template_id": "q", "source": "Who is most %s about the project?" % s,
              "fill": {"s": s},
              "target": "Kö fe bihüfi %s nunhun %s?" % ("pi" if s in _PI_STATES else "zi", t)}
             for s, t in states.items()]
    hit = [r for r in rows if r["template_id"] == "ctx0" and r["fill"]["s"] == "happy"][:3]
    for r in hit:
        r["target"] = r["target"].replace(" fanzu.", "")
    _insts, doc = _noisy_with(rows)
    groups = by_group(doc)
    for tid, frame in frames.items():
        got = {t["template"]: sorted(t["lexicons"]["s"]) for t in groups[tid]
               if "s" in t["lexicons"]}
        assert got == {frame % ("{first_name}", "pi", "{s}"): sorted(_PI_STATES.values()),
                       frame % ("{first_name}", "zi", "{s}"): sorted(_ZI_STATES.values())}, tid


def test_a_value_that_takes_one_attested_alternative_at_each_of_two_places_is_a_variant():
    """A question drawn once per state: the state selects its class word
    (``pi`` / ``zi``, two words before it) and, by harmony, the ending glued
    to it (``hı`` / ``hi``).  Frames show ``pi … hı``, ``zi … hı`` and
    ``zi … hi``; *passionate*, drawn once, takes ``pi`` and ``hi`` (seed 67
    ``mix-all``).  Its frame is one word from ``zi … hi`` and from ``pi …
    hı``, and no two frames alternate at either place with the rest alike,
    so it was a corrupted copy, left out and its value given to another
    template.  A replacement draws a word from the vocabulary; that it is
    the word the group's frames write between the same two words is the
    variant, not the corruption (:func:`.corrupted_copy`)."""
    classes = [("pi", "hı", {"happy": "fanzu", "curious": "böłikin", "bullish": "łüföm",
                            "serious": "zıfakuk", "optimistic": "mokjo"}),
               ("zi", "hı", {"hopeful": "fabı", "open": "łenne", "excited": "ühö",
                            "confident": "pıfuzı", "pessimistic": "uzı"}),
               ("zi", "hi", {"upbeat": "ziłepe", "skeptical": "kübikün", "vocal": "hemminpö",
                            "particular": "nemje", "positive": "köhö"}),
               ("pi", "hi", {"passionate": "pimi"})]
    rows = []
    for cls, end, states in classes:
        for s, t in states.items():
            rows.append({"template_id": "q", "source": "Who is most %s about the project?" % s,
                         "fill": {"s": s}, "target": "Kö fe bihüfi %s nunhun %s%s?" % (cls, t, end)})
            # the states read bare elsewhere: the endings are the question's
            rows += [{"template_id": "feels", "source": "%s feels %s." % (a, s),
                      "fill": {"first_name": a, "s": s}, "target": "%s'mıka fe %s." % (a, t)}
                     for a in NAMES[:3]]
    _insts, doc = _noisy_with(rows)
    assert not _outliers(doc, "q")["uncovered"]
    got = {t["template"]: sorted(t["lexicons"]["s"]) for t in by_group(doc)["q"]}
    assert got == {"Kö fe bihüfi %s nunhun {s}%s?" % (cls, end): sorted(states.values())
                   for cls, end, states in classes}


def test_a_word_a_corruption_put_before_a_value_drawn_once_is_no_part_of_it():
    """*Who is less X?* draws each adjective once (``Kö jömhök {cmp[1]}hı?``,
    ``hi`` after front vowels); *big* is drawn nowhere else, and a corruption
    put ``zqx`` where ``jömhök`` was (seed 67 ``mix-all``: ``łö.``, a word of
    other templates).  Read into the value (``zqx juba``), the instance
    joined two copies that dropped ``jömhök``, and the value kept the
    corruption.  Its comparative reads ``jubabuk``, and the group's other
    adjectives read their comparatives with ``bük`` or ``buk`` taken off:
    two harmony variants of one relation, neither alone most of them
    (:func:`._sibling_relations`).  The prediction ``juba`` and a whole word
    before it: the word is the instance's frame, a corrupted copy, and the
    value reads ``juba`` (:func:`._word_beyond_prediction`)."""
    front = ["zöfe", "hükpü", "möhi", "pinjüm", "bübijü", "łiłeme", "pebi", "kühühö", "ifö",
             "bije", "möpemji", "tüne"]
    back = ["juba", "zı", "kojın", "upo", "mıno", "hupuku", "monpu", "mıfa", "jomak"]
    eng = ["tall", "short", "fast", "rich", "nice", "strange", "small", "high", "wise", "dark",
           "strong", "kind", "big", "old", "great", "young", "cool", "slow", "smart", "weak",
           "clean"]
    rows = []
    for n, (e, t) in enumerate(zip(eng, front + back)):
        fill = {"cmp": [e + "er", e]}
        comp = t + ("bük" if t in front else "buk")
        rows += [{"template_id": "than", "source": "%s is %ser than %s." % (a, e, b),
                  "fill": {"first_name": a, **fill, "first_name1": b},
                  "target": "%s gö %s ła %s." % (a, comp, b)}
                 for a, b in [(NAMES[n % 5], NAMES[5 + (n + 2) % 5]),
                              (NAMES[(n + 1) % 5], NAMES[5 + (n + 4) % 5])]]
        rows += [{"template_id": "seems", "source": "%s seems %s." % (a, e),
                  "fill": {"first_name": a, **fill}, "target": "%s fe %s." % (a, t)}
                 for a in NAMES[:2] if e != "big"]
        rows.append({"template_id": "who", "source": "Who is %ser?" % e, "fill": fill,
                     "target": "Nö %s ka?" % comp})
        rows.append({"template_id": "less", "source": "Who is less %s?" % e, "fill": fill,
                     "target": "Kö jömhök %s%s?" % (t, "hi" if t in front else "hı")})
    less = {r["fill"]["cmp"][1]: r for r in rows if r["template_id"] == "less"}
    less["big"]["target"] = less["big"]["target"].replace("jömhök", "zqx")
    for e in ("old", "great"):
        less[e]["target"] = less[e]["target"].replace("jömhök ", "")
    insts, doc = _noisy_with(rows)
    big = [i.id for i in insts if i.template_id == "less" and i.fill["cmp"][1] == "big"]
    assert set(big) <= set(_outliers(doc, "less")["uncovered"])
    got = {t["template"]: sorted(e[-1] for e in t["lexicons"]["cmp"])
           for t in by_group(doc)["less"]}
    # (the two copies that dropped ``jömhök`` alike are corrupted copies too,
    # ``ModelParams.dropped_alike``: their values go back to the template)
    assert got["Kö jömhök {cmp[1]}hı?"] == sorted(back)
    assert got["Kö jömhök {cmp[1]}hi?"] == sorted(front)
    assert not any("zqx" in v for vs in got.values() for v in vs)


def test_a_value_drawn_once_whose_word_a_corruption_doubled_is_read_once():
    """*Who is less old?* draws *old* once in the file, and a corruption
    doubled its word (``O ifu hemani hemani zam?``, seed 67 ``order``): the
    value read ``hemani hemani``, a reading nothing else in the file
    contradicts.  The noise doubles words; a translation does not write a
    value so.  Read against itself with the word written once, the reading
    is a corrupted copy: the instance is left out and the value listed as
    ``hemani``."""
    small = [{"template_id": "most", "source": "Who is the most %s?" % q, "fill": {"q": q},
              "target": "dare ga %s desu ka?" % t} for q, t in QUALITY.items()]
    [eager] = [r for r in small if r["fill"]["q"] == "eager"]
    eager["target"] = eager["target"].replace(QUALITY["eager"], QUALITY["eager"] + " " +
                                              QUALITY["eager"])
    insts, doc = _noisy_with(small)
    assert _outliers(doc, "most")["uncovered"] == [
        i.id for i in insts if i.template_id == "most" and i.fill["q"] == "eager"]
    [t] = by_group(doc)["most"]
    assert t["template"] == "dare ga {q} desu ka?"
    assert sorted(t["lexicons"]["q"]) == sorted(QUALITY.values())


def test_a_relation_the_regular_comparatives_follow_predicts_beside_irregular_ones():
    """*Who is less X?* (``Wer ist weniger {adj[1]}?``, dev sample 317,
    German): *smart* and *small*, each drawn once, had ``weniger`` replaced
    by a word of other templates (``Meerschweinchen.``), read into the value.
    Their comparatives read ``intelligenter`` and ``kleiner``, and eight of
    the question's adjectives read theirs with ``er`` taken off -- but nine
    are irregular (``älter`` / ``alt``), so no relation held for most of
    them and nothing was predicted.  The irregular ones say nothing of how
    the regular ones are written: the relation holds for all the values
    written from their siblings at all, and the prediction is kept only
    where it writes the instance."""
    regular = {"smart": "intelligent", "small": "klein", "fast": "schnell", "cool": "cool",
               "strict": "streng", "rich": "reich", "clean": "sauber", "slow": "langsam"}
    irregular = {"old": ("alt", "älter"), "big": ("groß", "größer"), "young": ("jung", "jünger"),
                 "strong": ("stark", "stärker"), "short": ("kurz", "kürzer"),
                 "wise": ("klug", "klüger"), "high": ("hoch", "höher"),
                 "weak": ("schwach", "schwächer"), "dark": ("dunkel", "dunkler")}
    forms = {e: (t, t + "er") for e, t in regular.items()} | irregular
    rows = []
    for n, (e, (base, comp)) in enumerate(forms.items()):
        fill = {"cmp": [e + "er", e]}
        rows += [{"template_id": "than", "source": "%s is %ser than %s." % (a, e, b),
                  "fill": {"first_name": a, **fill, "first_name1": b},
                  "target": "%s ist %s als %s." % (a, comp, b)}
                 for a, b in [(NAMES[n % 5], NAMES[5 + (n + 2) % 5]),
                              (NAMES[(n + 1) % 5], NAMES[5 + (n + 4) % 5])]]
        rows.append({"template_id": "who", "source": "Who is %ser?" % e, "fill": fill,
                     "target": "Wer ist von beiden %s?" % comp})
        rows.append({"template_id": "less", "source": "Who is less %s?" % e, "fill": fill,
                     "target": "Wer ist weniger %s?" % base})
    less = {r["fill"]["cmp"][1]: r for r in rows if r["template_id"] == "less"}
    less["smart"]["target"] = less["smart"]["target"].replace("weniger", "Meerschweinchen.")
    less["small"]["target"] = less["small"]["target"].replace("weniger", "Fisch.")
    less["cool"]["target"] = less["cool"]["target"].replace("weniger ", "")
    insts, doc = _noisy_with(rows)
    lost = {i.id for i in insts if i.template_id == "less" and i.fill["cmp"][1] in
            ("smart", "small", "cool")}
    assert lost <= set(_outliers(doc, "less")["uncovered"])
    [t] = by_group(doc)["less"]
    assert t["template"] == "Wer ist weniger {cmp[1]}?"
    assert sorted(e[-1] for e in t["lexicons"]["cmp"]) == sorted(b for b, _c in forms.values())


def test_a_word_put_in_beside_a_value_drawn_once_is_a_variant_not_a_copy():
    """One value of a small question takes a word the other values do not,
    right after it (``atarashii no desu ka?``, as ``速いですか`` for
    *faster* where the other adjectives take ``ですか`` bare).  No
    corruption puts a new word in: a word is dropped, doubled, swapped or
    replaced, and a doubling beside a value shows the value's edge twice.
    So the instance is a variant with a template of its own, not a
    corrupted copy left out with its value given to the common frame."""
    insts, doc, block, words = _question_beside_noise(
        ["dare ga ichiban %s desu ka?"] * 23 + ["dare ga ichiban %s no desu ka?"])
    assert block["uncovered"] == []
    templates = {t["template"]: sorted(t["lexicons"]["adj"]) for t in by_group(doc)["most"]}
    assert templates == {"dare ga ichiban {adj} desu ka?": sorted(words[:23]),
                         "dare ga ichiban {adj} no desu ka?": [words[23]]}


_TH_QUALITIES = {"brave": "ษึณึ", "calm": "คิ๋อาฝึ", "clever": "สึ่ฒี", "eager": "ใฝื้ฟี๋",
                 "fair": "ฬุสิ่สุ", "gentle": "ไฉาพู", "honest": "ปีเฮา๋", "loyal": "มุณึ",
                 "polite": "งิอู", "quiet": "ทูณื้ปึ่", "rich": "ชึ๊รื้", "wise": "ฟาฝู"}


def test_a_character_the_noise_doubled_in_a_value_drawn_once_is_read_once():
    """Without spaces the noise doubles a character (a code point): *brave*,
    drawn once in the file, reads ``ษษึณึ``.  No other instance writes that
    pair with what follows it, so the reading is a corrupted copy of
    ``ษึณึ``: the instance is left out and the template lists *brave* as it
    is written.  *loyal* writes its ``ณึ`` after a doubled ``มม`` that
    *honest*'s frame-mate in another group writes too -- a word may repeat
    a character -- and is read as written."""
    qualities = dict(_TH_QUALITIES, loyal="มมุณึ")
    small = [{"template_id": "most", "source": "Who is the most %s?" % q, "fill": {"q": q},
              "target": "ผา้ภึ%sคิ?" % t} for q, t in qualities.items()]
    small[0]["target"] = "ผา้ภึษษึณึคิ?"
    small.append({"template_id": "other", "source": "Who is it?", "fill": {},
                  "target": "ผา้มมุภึ?"})
    insts, doc = _noisy_with(small)
    block = _outliers(doc, "most")
    assert block["uncovered"] == [i.id for i in insts if "ษษ" in i.target_value]
    [t] = by_group(doc)["most"]
    assert (t["template"], sorted(t["lexicons"]["q"])) == \
        ("ผา้ภึ{q}คิ?", sorted(qualities.values()))


_KM_QUALITIES = {"brave": "គ្ភុះក្ណីំ", "calm": "ធ្ឈើណែ", "clever": "ឈ្ដៅះឌ្ឆាំ", "eager": "ក្ឆីក្ពីំ",
                 "fair": "ឞោផី", "gentle": "ណៅន្ឈេះ", "honest": "ជោគេះ", "loyal": "ឈីទៅំ",
                 "polite": "អើះទ្ផាំ", "quiet": "ទួឈូ", "rich": "ឞិគេំ", "wise": "ចាងែ"}


def test_a_doubled_letter_before_the_cluster_a_value_starts_is_a_copy_not_a_variant():
    """*brave* (``គ្ភុះក្ណីំ``, read so in another group) stands in a question
    whose one copy doubled its first letter: ``គគ្ភុះក្ណីំ``.  The noise
    doubles a code point, and ``គ`` is no cluster the value's first one
    (``គ្ភុះ``) repeats, so the frame shows a letter put in beside the slot
    that doubles no cluster.  A letter put in beside a slot is a variant
    only where it doubles nothing, the value's edge included: counted in
    code points it does, and the copy is left out with *brave* given back."""
    small = [{"template_id": "most", "source": "Who is the most %s?" % q, "fill": {"q": q},
              "target": "ភួធ្ឈើ%s?" % t} for q, t in _KM_QUALITIES.items()]
    small[0]["target"] = "ភួធ្ឈើគគ្ភុះក្ណីំ?"
    small += [{"template_id": "is", "source": "%s is %s." % (a, q),
               "fill": {"first_name": a, "q": q}, "target": "%sឡូ%s។" % (a, t)}
              for a in NAMES[:3] for q, t in _KM_QUALITIES.items()]
    insts, doc = _noisy_with(small)
    block = _outliers(doc, "most")
    assert block["uncovered"] == [i.id for i in insts if "គគ" in i.target_value]
    [t] = by_group(doc)["most"]
    assert (t["template"], sorted(t["lexicons"]["q"])) == \
        ("ភួធ្ឈើ{q}?", sorted(_KM_QUALITIES.values()))


_ZH_LESS = {"taller": "矮", "older": "年轻", "smarter": "笨", "stronger": "软弱",
            "faster": "慢", "richer": "贫穷", "kinder": "冷漠", "braver": "胆小",
            "cooler": "无聊", "wiser": "愚蠢", "cleaner": "邋遢", "bigger": "渺小"}


def test_a_frame_token_swapped_with_a_values_first_is_not_read_into_the_value():
    """*Who is less tall?* drawn once per adjective (``谁更{adj}？``, no
    spaces); in *tall*'s only instance a corruption swapped the two frame
    characters before the value: ``更谁矮？``.  Read against the frame, ``谁``
    now stands beside the value, and the instance is one corruption from the
    template two ways: ``谁`` dropped from the frame while the value happens
    to begin with it (``谁矮``, two characters, as most values are), or
    ``谁`` swapped with ``更`` (``矮``).  The second needs no coincidence:
    the value given back is ``矮``, and the lexicon holds no value that
    begins with the frame's own character."""
    small = [{"template_id": "less", "source": "Who is less %s?" % c[:-2],
              "fill": {"adj": c}, "target": "谁更%s？" % t} for c, t in _ZH_LESS.items()]
    small[0]["target"] = "更谁%s？" % _ZH_LESS["taller"]
    insts, doc = _noisy_with(small)
    [t] = by_group(doc)["less"]
    assert t["template"] == "谁更{adj}？"
    assert sorted(t["lexicons"]["adj"]) == sorted(_ZH_LESS.values())
    assert _outliers(doc, "less")["uncovered"] == [
        i.id for i in insts if i.template_id == "less" and i.fill["adj"] == "taller"]


#: comparatives and their positives in a Khmer-like script, the two words
#: unrelated (no relation between a tuple's elements predicts the positive)
_KM_PAIRS = {"old": ("យួឞ្ឡួ", "ឍោ"), "calm": ("ឡុំថេះ", "ឡឹមិះ"), "brave": ("ពួះយ្ឌា", "ញួយិះ"),
             "cold": ("ថោឞ្ឃាះរុ", "ទ្ទូះវ្ឞៅំ"), "dark": ("ឃឹឍូព្លៅះ", "ឈ្រួឌិះ"),
             "deep": ("ក្លឹយេ", "ឈ្គួឃឹះមែ"), "fair": ("ឡោំទោំឌិ", "ពុំឋី"),
             "firm": ("ពូំគ្ឞែំ", "និះឞៅះយិ"), "glad": ("កេញេ", "ឋូយ្ឋឹថើះ"),
             "nice": ("ឋិះញឹះ", "ឡាមាតើំ"), "loud": ("ថូឍ្ឌុ", "ឞិឌិ"), "mild": ("ឡោឍែ", "ហុហ្ញួ"),
             "neat": ("ឡ្មោំទួយើ", "ហុគ្កីះ"), "poor": ("ឈ្លូះឃ្ឌាះ", "ឡ្ថាះថា"),
             "rare": ("ឌួយេំ", "លួំលោ"), "safe": ("វែះឌិះ", "វុហ្គឹ"), "tidy": ("ត្ទេវួំទេ", "យោមី"),
             "warm": ("ឡែឍឹំ", "លួហ្លី")}


def test_a_value_drawn_once_keeps_out_the_frame_letters_a_swap_glued_to_it():
    """*Who is less nice?* draws *nice* once in the file, and its one
    instance has two letters of the frame before it swapped
    (``ឃ្រឈៅួំ`` for ``ឃ្រៅឈួំ``): the frame's last two syllables no longer
    match, and read into the value they gave the instance a template of its
    own (``ឋ្ញឹឍុ{adj[1]}?``, two syllables short of the frame).  Nothing
    predicts *nice* from *nicer* here, but one cut of the reading makes the
    instance's frame the common one with one corruption that writes no
    letter more or less: that cut is the value, the instance is a corrupted
    copy, left out, and *nice* joins the question's lexicon."""
    rng = random.Random(1)
    rows = []
    for e, (comp, pos) in _KM_PAIRS.items():
        fill = {"adj": [e + "er", e]}
        for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
            target = "%sឍាំ%sហ្ថា%s។" % (a, comp, b)
            if rng.random() < 0.15:
                target = target.replace("ហ្ថា", "ហថ្ា")        # a frame letter swapped
            rows.append({"template_id": "than", "source": "%s is %ser than %s." % (a, e, b),
                         "fill": dict(fill, first_name=a, first_name1=b), "target": target})
        rows.append({"template_id": "less", "source": "Who is less %s?" % e, "fill": fill,
                     "target": "ឋ្ញឹឍុឃ្រៅឈួំ%s?" % pos})
    nice = next(r for r in rows if r["template_id"] == "less" and r["fill"]["adj"][1] == "nice")
    nice["target"] = "ឋ្ញឹឍុឃ្រឈៅួំ%s?" % _KM_PAIRS["nice"][1]
    insts, doc = _noisy_with(rows)
    [t] = by_group(doc)["less"]
    assert (t["template"], sorted(pos for _c, pos in t["lexicons"]["adj"])) == \
        ("ឋ្ញឹឍុឃ្រៅឈួំ{adj[1]}?", sorted(pos for _c, pos in _KM_PAIRS.values()))
    assert _outliers(doc, "less")["uncovered"] == [
        i.id for i in insts if i.template_id == "less" and i.fill["adj"][1] == "nice"]


#: comparatives and their positives in a Myanmar-like script
_MY_PAIRS = {"cold": "ယ္ခိံ", "dark": "ဍ္ရူဈေ", "deep": "ဍ္ဓါ့ဏ္ဈုရ္ဍဲ", "fair": "ဏိန္ဖဲဎီ",
             "firm": "ပိ့ဓ္ဝု", "glad": "ဠဲံဖူဏ္ဒေး", "kind": "ယိဓူးရ္ဎဲ", "loud": "ယ္ဝါနုး",
             "mild": "ဒါလိဍူံ", "nice": "ဓါံပ္ဓား", "neat": "ဏ္ဒေနေ", "poor": "ဒ္ခူယိးဠေ",
             "rare": "လူံဒုံ", "safe": "လေယေ့", "tidy": "ရ္ဏဲဈီ့ဝ္ဖာ့", "warm": "ပဲးဠီး",
             "wise": "နာ့ဖိ", "wild": "ဏုဒါ"}


def _my_comparisons() -> list:
    """*A is nicer than B.* eight times per adjective, *Who is less nice?* and
    *Who is nicer?* once each, in a Myanmar-like script (the comparative is
    the positive with ``ဠ္ဈိံ``); two neighbouring letters swapped in
    fourteen comparisons, and *nicer* corrupted as a noisy file would: in
    three comparisons two letters of its second syllable swapped, and in
    its question a vowel sign replaced (``ဓါဏ`` for ``ဓါံ``)."""
    rng = random.Random(3)
    rows = []
    for e, pos in _MY_PAIRS.items():
        comp = pos + "ဠ္ဈိံ"
        fill = {"adj": [e + "r" if e.endswith("e") else e + "er", e]}
        for a in MORE_NAMES[:8]:
            b = rng.choice([n for n in MORE_NAMES[:8] if n != a])
            rows.append({"template_id": "than",
                         "source": "%s is %s than %s." % (a, fill["adj"][0], b),
                         "fill": dict(fill, first_name=a, first_name1=b),
                         "target": "%sဍါယူ%sဝါးယူ%sဓ္ဒေံ။" % (a, b, comp)})
        rows.append({"template_id": "less", "source": "Who is less %s?" % e, "fill": fill,
                     "target": "ဓိံဝု့ပုးနီ့%sဓ္ဒေံ?" % pos})
        rows.append({"template_id": "who", "source": "Who is %s?" % fill["adj"][0],
                     "fill": fill, "target": "ဓိံ%sဓ္ဒေံ?" % comp})
    than = [r for r in rows if r["template_id"] == "than"]
    for r in rng.sample(than, 14):
        k = rng.randrange(len(r["target"]) - 2)
        t = r["target"]
        r["target"] = t[:k] + t[k + 1] + t[k] + t[k + 2:]
    for r in [r for r in than if r["fill"]["adj"][1] == "nice"][:3]:
        r["target"] = r["target"].replace("ပ္ဓား", "ပ္ာဓး")
    who = next(r for r in rows if r["template_id"] == "who" and r["fill"]["adj"][1] == "nice")
    who["target"] = who["target"].replace("ဓါံ", "ဓါဏ")
    return rows


def test_a_value_not_found_in_a_quarter_of_its_noisy_instances_is_still_found_elsewhere():
    """*nicer* is drawn fifteen times and four of its instances are
    corrupted inside the value, so its form is found in eleven: an instance
    where it is not found at all (its question, a vowel sign replaced) is
    a corrupted copy as long as the value is found in most of its instances
    -- asked to be found in three quarters, it was not, and the question
    wrote that instance as a template of its own with no slot."""
    insts = _records(_my_comparisons())
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [t] = by_group(doc)["who"]
    assert t["template"] == "ဓိံ{adj[0]}ဓ္ဒေံ?"
    assert sorted(e[0] for e in t["lexicons"]["adj"]) == \
        sorted(p + "ဠ္ဈိံ" for p in _MY_PAIRS.values())
    assert _outliers(doc, "who")["uncovered"] == [
        i.id for i in insts if i.template_id == "who" and i.fill["adj"][1] == "nice"]


def test_two_questions_whose_values_read_different_corruptions_in_share_no_frame():
    """*Who is less cold?* and *Who is less dark?* each draw their value once
    in the file, and the noise hit the end of both questions differently:
    two code points swapped (``?ံ`` for ``ံ?``), a letter put for the
    question mark.  Neither ending matches the frame, so each was read into
    its value, and the two instances showed the same frame,
    ``ဓိံဝု့ပုးနီ့{adj[1]}`` -- shown twice, it passed for a variant, no
    value was read as its comparative predicts, and one instance kept a
    template of its own (seed 80 noisy ``my``).  The texts read beyond the
    predicted forms differ: each instance is read alone, its value as
    predicted, and both are corrupted copies."""
    rows = _my_comparisons()
    hit = {}
    for r in rows:
        if r["template_id"] == "less" and r["fill"]["adj"][1] in ("cold", "dark"):
            t = r["target"]
            r["target"] = t[:-2] + "?ံ" if r["fill"]["adj"][1] == "cold" else t[:-1] + "း"
            hit[r["fill"]["adj"][1]] = r["target"]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    [t] = by_group(doc)["less"]
    assert t["template"] == "ဓိံဝု့ပုးနီ့{adj[1]}ဓ္ဒေံ?"
    assert sorted(e[1] for e in t["lexicons"]["adj"]) == sorted(_MY_PAIRS.values())
    assert sorted(_outliers(doc, "less")["uncovered"]) == sorted(
        i.id for i in insts if i.template_id == "less" and i.fill["adj"][1] in hit)


#: adjectives of a language with vowel harmony: the comparative ending and the
#: question's ending after the adjective agree with its vowels (front: ``fö``,
#: ``če``; back: ``fo``, ``ča``)
_HARMONY_ADJS = {"quick": "möfi", "odd": "öde", "sad": "difü", "shy": "mišü", "calm": "könü",
                 "dim": "dödü", "new": "nemüjüm", "late": "čiröčön", "tall": "lı",
                 "big": "narlu", "fast": "jınu", "rich": "foča", "cold": "kofıl",
                 "bold": "fañır", "warm": "rokkok", "neat": "jučı", "wise": "luršınol"}


def _front(word: str) -> bool:
    return any(ch in "öüie" for ch in word)


def test_a_value_whose_word_a_corruption_replaced_goes_back_to_the_variant_its_letters_take():
    """*Who is less quick?* and *Who is less new?* each draw their value
    once, and a corruption replaced the word holding the value and its
    ending (``möfiče?``) by a name with the full stop other sentences
    write after it (``Fatima.``, ``Mary.``).  Read as the values, the two
    names left the two instances a frame one word short of both variants
    (``Ñe šanu {adj[1]}``), shared, a variant they seemed to select: a
    template of its own.  Neither name holds what *quicker*'s reading
    predicts (``möfi``): the instances write the values nowhere, are
    corrupted copies, and give back the predicted forms -- to the variant
    whose values are written like them (``če``, the front vowels of
    ``möfi`` and ``nemüjüm``), not to the first (seed 80 noisy
    ``mix-all``)."""
    small = []
    for a, b in zip(NAMES[:4], NAMES[1:5]):
        for en, base in _HARMONY_ADJS.items():
            comp = base + ("fö" if _front(base) else "fo")
            small.append({"template_id": "than", "source": "%s is %ser than %s." % (a, en, b),
                          "fill": {"first_name": a, "adj": [en + "er", en], "first_name1": b},
                          "target": "%sga %s yori desu %s yo." % (a, b, comp)})
    # a name ends a sentence with the full stop, and takes the endings too
    small += [{"template_id": "here", "source": "%s is here." % a, "fill": {"first_name": a},
               "target": "Ñu %s." % a} for a in NAMES]
    small += [{"template_id": "hi", "source": "Hi, %s." % a, "fill": {"first_name": a},
               "target": "%s%s ñu." % (a, "če" if _front(a) else "ča")} for a in NAMES]
    for en, base in _HARMONY_ADJS.items():
        target = {"quick": "Ñe šanu Fatima.", "new": "Ñe šanu Mary."}.get(
            en, "Ñe šanu %s%s?" % (base, "če" if _front(base) else "ča"))
        small.append({"template_id": "less", "source": "Who is less %s?" % en,
                      "fill": {"adj": [en + "er", en]}, "target": target})
    insts, doc = _noisy_with(small)
    got = {t["template"]: sorted(e[1] for e in t["lexicons"]["adj"])
           for t in by_group(doc)["less"]}
    assert got == {"Ñe šanu {adj[1]}če?": sorted(b for b in _HARMONY_ADJS.values() if _front(b)),
                   "Ñe šanu {adj[1]}ča?": sorted(b for b in _HARMONY_ADJS.values()
                                                 if not _front(b))}
    assert sorted(_outliers(doc, "less")["uncovered"]) == sorted(
        i.id for i in insts if i.template_id == "less" and i.fill["adj"][1] in ("quick", "new"))


_DE_ADJS = {"small": ("kleiner", "klein"), "big": ("größer", "groß"), "calm": ("ruhiger", "ruhig"),
            "cheap": ("billiger", "billig"), "fast": ("schneller", "schnell"),
            "slow": ("langsamer", "langsam"), "rich": ("reicher", "reich"),
            "clean": ("sauberer", "sauber"), "nice": ("netter", "nett"),
            "bright": ("heller", "hell"), "busy": ("fleißiger", "fleißig"),
            "quiet": ("stiller", "still"), "high": ("höher", "hoch")}


def test_a_reading_its_sibling_mispredicts_keeps_its_span_in_a_corrupted_copy():
    """*Who is less big?* lost its first word (``ist weniger groß?``).  The
    comparatives say *big* should read ``größ`` (``größer`` less the ``er``
    that ``kleiner`` / ``klein`` show), which ``groß`` neither holds nor is
    held by: a reading against its prediction.  But it is no other
    lexicon's word, and a prediction is only as good as the relation, which
    *big* does not follow: the span stays, the instance is a corrupted copy
    of the question, and ``groß`` is in its lexicon (dev sample 389,
    German and Arabic: with the span taken off, the instance became a
    template of its own with no slot).  Nor is ``Mary? hoch`` another
    lexicon's word because a name a corruption put in for ``weniger``
    begins it (dev sample 383, German: ``Robert? klug``)."""
    rows = []
    for a, b in zip(NAMES[:5], NAMES[1:6]):
        for en, (comp, pos) in _DE_ADJS.items():
            rows.append({"template_id": "than", "source": "%s is %s than %s." % (a, en + "er", b),
                         "fill": {"first_name": a, "adj": [en + "er", en], "first_name1": b},
                         "target": "%s ist %s als %s." % (a, comp, b)})
    # (``ist`` and ``als`` are words of other templates too)
    rows += [{"template_id": tid, "source": src % a, "fill": {"first_name": a},
              "target": frame % a}
             for tid, src, frame in (("guest", "%s is a guest.", "%s ist hier als Gast."),
                                     ("host", "%s is the host.", "%s ist als Wirt da."),
                                     ("home", "%s is at home.", "%s ist zu Hause."))
             for a in NAMES]
    for en, (comp, pos) in _DE_ADJS.items():
        rows.append({"template_id": "less", "source": "Who is less %s?" % en,
                     "fill": {"adj": [en + "er", en]},
                     "target": {"big": "ist weniger %s?", "high": "Wer ist Mary? %s?"}.get(
                         en, "Wer ist weniger %s?") % pos})
    insts, doc = _noisy_with(rows)
    [t] = by_group(doc)["less"]
    assert t["template"] == "Wer ist weniger {adj[1]}?"
    assert sorted(e[1] for e in t["lexicons"]["adj"]) == sorted(p for _c, p in _DE_ADJS.values())
    assert _outliers(doc, "less")["uncovered"] == [
        i.id for i in insts if i.template_id == "less" and i.fill["adj"][1] in ("big", "high")]


def test_a_value_new_to_every_variant_goes_where_its_letters_are_likelier():
    """:func:`tea_solver.recover._best_attested` with nothing else to tell
    two variants apart: the naive Bayes model of each variant's letters
    sends a front-vowelled value to the front variant whichever comes
    first; where the letters are new to both, the variant with more values
    takes it (the prior)."""
    from tea_solver.recover import _best_attested
    front = {(0, v) for v in ("könü", "dödü", "mišü", "öde")}
    back = {(0, v) for v in ("jınu", "foča", "kofıl", "narlu", "rokkok", "lı")}
    for order in ((front, back), (back, front)):
        options = [(0, {(0, 0): "möfi"}), (1, {(0, 0): "möfi"})]
        n, _fills = _best_attested(options, list(order))
        assert order[n] is front
    # letters neither variant writes: the variant more values take
    options = [(0, {(0, 0): "xyz"}), (1, {(0, 0): "xyz"})]
    n, _fills = _best_attested(options, [front, back])
    assert n == 1


def test_a_value_given_back_goes_to_the_variant_whose_instances_lack_its_values_least():
    """:func:`tea_solver.recover._best_attested` with each variant showing as
    many of the outlier's values: a corruption dropped the nationality's
    word (and the harmony ending the variants differ by) from an instance
    of *Chinese* (``Ejön``) and *a producer* (``jelhi ñe``).  The big ``lu``
    variant's 188 instances show eight nationalities, never ``Ejön``, and
    ``jelhi ñe`` three times; the ``lü`` variant's 77 show ``Ejön`` 25 times
    and never ``jelhi ñe``, one profession of fifty.  ``Ejön`` missing from
    188 draws is what makes ``lu`` unlikely (``_absence``); a rare
    profession missing from 77 is not."""
    from tea_solver.recover import _absence, _best_attested
    nat, prof = (1, 0), (2, 0)
    lu_nats = ["Hönñül fa", "Nošofo fa", "Łola", "Fünöfil fa", "Nolños", "fa", "Laja", "Gaso"]
    lü_nats = ["Ejön", "Gölve", "Süfehön"]
    profs = ["prof%d" % k for k in range(50)]
    lu = [(i, {nat: lu_nats[i % 8], prof: "jelhi ñe" if i < 3 else profs[i % 50]})
          for i in range(188)]
    lü = [(188 + i, {nat: "Ejön" if i < 25 else lü_nats[1 + i % 2], prof: profs[(i * 7) % 50]})
          for i in range(77)]
    for item_fills in ([lu, lü], [lü, lu]):
        attested = [{(kid, v) for _i, f in fills for kid, v in f.items()}
                    for fills in item_fills]
        fills = {nat: "Ejön", prof: "jelhi ñe"}
        options = [(0, fills), (1, fills)]
        counts = [sum((kid, v) in attested[n] for kid, v in fills.items()) for n in (0, 1)]
        assert counts[0] == counts[1]
        n, _f = _best_attested(options, attested, absence=_absence(item_fills, attested))
        assert item_fills[n] is lü


def test_a_values_core_is_what_its_readings_share_less_the_corrupted_copies():
    """The core text a value's readings share (``_consensus``) is counted
    without the readings seen once that are one corruption from one read
    twice or more: with them, *nicer*'s ``ဓါံပ္ဓား`` (eleven of fifteen
    readings, under the three quarters asked) lost to its second syllable,
    and its first went to the edge decisions, where one corrupted question
    kept it out of the value in every template."""
    from tea_solver.keys.model.regions import _consensus, _without_copies
    share = ModelParams().affix_share
    cores = Counter({"ဓါံပ္ဓား": 11, "ဓါံ": 2, "ဓါံု္ဓား": 1, "ဓါဏပ္ဓား": 1})
    assert _consensus(cores, share) == "ပ္ဓား"
    assert _consensus(_without_copies(cores), share) == "ဓါံပ္ဓား"
    # a form read twice is a form, however close: it stays
    forms = Counter({"гордый": 6, "гордой": 2})
    assert _without_copies(forms) == forms


#: comparatives and their adjectives, each written with a word of its own
_THAN_ADJS = {("taller", "tall"): ("nolłi", "nona"), ("darker", "dark"): ("lošadi", "dimno"),
              ("older", "old"): ("łanane", "lumam"), ("wiser", "wise"): ("edešo", "łeliwa"),
              ("faster", "fast"): ("milnalja", "ajo"), ("nicer", "nice"): ("dišena", "eñi"),
              ("richer", "rich"): ("jinñije", "juña"), ("weaker", "weak"): ("lešumi", "lañun"),
              ("cooler", "cool"): ("lumšim", "łullin"), ("smaller", "small"): ("ñodu", "šimwo")}


def test_a_doubled_word_does_not_leave_a_value_alone_with_the_frame_word_after_it():
    """*greater* is drawn only in the comparison, eleven times: eight read
    ``miñe łul``, two doubled the adjective (``miñe miñe łul``), one lost
    ``łul`` to another word.  The doubled copies put ``miñe`` where its
    readings show ``łul``, *than*, and left ``łul`` short of the share a
    value must show to pool with the others, which the question writes
    without it: alone, the value's one group made ``łul`` its own (the
    seed-78 noisy ``case-forms`` file).  A copy of the word inside is no
    reading of the place."""
    rows = []
    for (big, small), (t_big, _t_small) in _THAN_ADJS.items():
        for a, b in zip(NAMES[:5], NAMES[5:]):
            rows.append(_row("than", "%s is %s than %s." % (a, big, b),
                             {"first_name": a, "adj": [big, small], "first_name1": b},
                             "%s łe %s łul %s." % (a, t_big, b)))
        rows.append(_row("who", "Who is %s?" % big, {"adj": [big, small]},
                         "Jul łe %s?" % t_big))
    # (the copula stands in most of the file's sentences, not beside the
    # adjectives alone)
    for a in NAMES:
        for place, t_place in (("home", "wömu"), ("here", "dızo"), ("out", "ñaru"),
                               ("away", "lošu"), ("late", "jemi"), ("early", "rıña"),
                               ("back", "wuñe"), ("in", "sölu"), ("up", "miło"),
                               ("ready", "jaño")):
            rows.append(_row("is", "%s is %s." % (a, place), {"first_name": a, "place": place},
                             "%s łe %s." % (a, t_place)))
    targets = ["%s łe miñe łul %s." % (a, b) for a, b in zip(NAMES, NAMES[1:] + NAMES[:1])]
    targets[:3] = ["John łe miñe miñe łul Mary.", "Mary łe miñe miñe łul Ahmed.",
                   "Ahmed łe miñe sö Priya."]
    targets.append("Chen łe miñe łul Olga.")
    for k, target in enumerate(targets):
        a, b = target.split(" ")[0], target.rstrip(".").split(" ")[-1]
        rows.append(_row("than", "%s is greater than %s." % (a, b),
                         {"first_name": a, "adj": ["greater", "great"], "first_name1": b},
                         target))
    model = fit_file(group_instances(_records(rows)))
    assert model.forms[("adj", 0, "greater")] == ["miñe"]
    assert model.forms[("adj", 0, "taller")] == ["nolłi"]


_FR_PROFESSIONS = {"an engineer": "ingénieur", "a lawyer": "avocat", "a doctor": "médecin",
                   "a pilot": "pilote", "an actress": "actrice", "a waitress": "serveuse"}
_FR_NATIONALITIES = {"Chinese": ("chinois", "chinoise"), "Japanese": ("japonais", "japonaise"),
                     "Pakistani": ("pakistanais", "pakistanaise"),
                     "Indian": ("indien", "indienne")}


def test_a_word_that_identifies_two_values_goes_to_the_one_left_without_a_core():
    """The nationality agrees with the profession (``pakistanaise`` beside
    *an actress*); in this file every feminine ``pakistanaise`` stands
    beside *an actress*, so it identifies the profession as fully as the
    nationality, while ``actrice``, which two corrupted instances write for
    *a waitress*, identifies the profession a little less: the profession
    took ``pakistanaise``, the nationality was left without a core, and the
    feminine form never reached its lexicon (the noisy dev sample 379,
    French: 0.814).  The profession's slot stands where ``actrice`` is in
    every other instance, and ``actrice`` identifies it too: that is its
    place."""
    rows = []
    for a in NAMES:
        for prof, p in _FR_PROFESSIONS.items():
            for nat, (masc, fem) in _FR_NATIONALITIES.items():
                if (nat, prof) == ("Pakistani", "a waitress"):
                    continue
                n = fem if prof in ("an actress", "a waitress") else masc
                fill = {"first_name": a, "profession": prof, "nationality": nat}
                rows.append(_row("two", "%s is %s. %s is %s." % (a, prof, a, nat), fill,
                                 "%s est %s. %s est %s." % (a, p, a, n)))
                rows.append(_row("and", "%s is %s and %s." % (a, nat, prof), fill,
                                 "%s est %s et %s." % (a, n, p)))
    for r in [r for r in rows if r["fill"]["profession"] == "a waitress"][:2]:
        r["target"] = r["target"].replace("serveuse", "actrice")
    model = fit_file(group_instances(_records(rows)))
    assert model.forms[("profession", None, "an actress")] == ["actrice"]
    for nat, (masc, fem) in _FR_NATIONALITIES.items():
        assert model.forms[("nationality", None, nat)] == [masc, fem], nat


_SW_ADJS = {"big": "mkubwa", "strong": "mwenye nguvu", "slow": "hufanya mambo polepole",
            "tall": "mrefu", "short": "mfupi", "rich": "tajiri", "clean": "msafi",
            "smart": "nadhifu", "young": "mchanga", "kind": "mwema", "great": "mkuu",
            "dark": "mweusi"}


def _sw_less_file(less_word: str, less_target: str, extra: Sequence = ()) -> tuple:
    """``(instances, document, less template)`` of a noisy file with Swahili
    comparatives (*than*, *Who is …er?*) and *Who is less …?*, each value
    drawn once there, whose ``less_word`` instance reads ``less_target``
    (``%s`` stands for its adjective); ``extra`` rows added.  Asserts the question has
    one template and its lexicon holds every adjective."""
    rows = [_row("than", "%s is %s than %s." % (a, en + "er", b),
                 {"first_name": a, "adj": [en + "er", en], "first_name1": b},
                 "%s yu %s zaidi kuliko %s." % (a, sw, b))
            for a, b in zip(NAMES[:5], NAMES[1:6]) for en, sw in _SW_ADJS.items()]
    rows += [_row("most", "Who is %s?" % (en + "er"), {"adj": [en + "er", en]},
                  "Ni nani %s zaidi?" % sw) for en, sw in _SW_ADJS.items()]
    rows += [_row("less", "Who is less %s?" % en, {"adj": [en + "er", en]},
                  (less_target if en == less_word else "Nani si %s zaidi?").replace("%s", sw))
             for en, sw in _SW_ADJS.items()]
    insts, doc = _noisy_with(rows + list(extra))
    [t] = by_group(doc)["less"]
    assert t["template"] == "Nani si {adj[1]} zaidi?"
    assert sorted(e[1] for e in t["lexicons"]["adj"]) == sorted(_SW_ADJS.values())
    return insts, doc, t


def test_a_value_its_siblings_and_its_reading_agree_on_is_given_back_whole():
    """*Who is less strong?* lost its last word (``Nani si mwenye nguvu`` for
    ``Nani si mwenye nguvu zaidi?``), and *strong* is drawn nowhere else.
    Read with ``nguvu`` as a replaced ``zaidi?`` the instance is one
    corruption from the question too, and it gave the lexicon ``mwenye``
    (dev sample 607, Swahili).  Its reading and its sibling (*stronger*,
    ``mwenye nguvu zaidi`` over the file, as the other comparatives end in
    ``zaidi``) agree on ``mwenye nguvu``: the reading that contradicts both
    is a fragment."""
    insts, doc, _t = _sw_less_file("strong", "Nani si %s")
    assert _outliers(doc, "less")["uncovered"] == [
        i.id for i in insts if i.template_id == "less" and i.fill["adj"][1] == "strong"]


_TURN_POS = {"good": "ñujo", "great": "juttesñi", "nice": "riješi", "brilliant": "fido",
             "happy": "zizinjor", "fun": "tu", "exciting": "tato"}
_TURN_NEG = {"bad": "sik", "awful": "wezo", "lame": "neki", "boring": "woko",
             "rough": "ñofibo", "average": "zino"}
_TURN_CHANGE = {"": "", "although": " sejut", "but": " suk"}


def _turn(pos, change, neg, target=None):
    """*I used to think this airline was {neg}, {change} now I think it is
    {pos}.*: ``{change}`` has an empty value, and the key writes the space
    before the others with them (``firbe ñe {neg},{change} i``)."""
    return _row("turn", "I used to think this airline was %s, %s now I think it is %s."
                % (neg, change, pos), {"neg_adj": neg, "change": change, "pos_adj": pos},
                target or "Łi łir tek ki ru firbe ñe %s,%s i Łi ki ši ni %s."
                % (_TURN_NEG[neg], _TURN_CHANGE[change], _TURN_POS[pos]))


def test_a_corrupted_copy_that_draws_an_empty_value_gives_its_values_back():
    """A slot with an empty value (*but*, *although*, or nothing) is written
    with its separator (`` sejut``), and its empty value has no form the
    model reads.  A corruption elsewhere in an instance that draws it
    (``nani.`` for the frame's ``Łi``) or one that replaced its value
    (``seta,`` for `` sejut``) left the instance out of the cover -- and
    gave back none of its values: *exciting* and *fun*, drawn only there,
    were missing from the lexicon (synthetic sentiment seed 112, ``plain``
    at 10 % noise).  The empty value is written as nothing, and a form the
    key holds with its separator is written so."""
    kept = ["good", "great", "nice", "brilliant", "happy"]
    rows = [_turn(p, c, n) for k, p in enumerate(kept) for j, n in enumerate(_TURN_NEG)
            for c in [list(_TURN_CHANGE)[(k + j) % 3]]]
    rows += [_turn(p, c, n) for p in kept for c, n in (("but", "bad"), ("", "lame"))]
    rows += [_turn("exciting", "", "boring",
                   "Łi łir tek ki ru firbe ñe woko, i nani. ki ši ni tato."),
             _turn("fun", "although", "rough",
                   "Łi łir tek ki ru firbe ñe ñofibo, seta, i Łi ki ši ni tu.")]
    # the three values are read elsewhere in the file
    rows += [_row("is", "This airline is %s." % p, {"pos_adj": p}, "Ru firbe ni %s." % t)
             for p, t in _TURN_POS.items()]
    insts, doc = _noisy_with(rows)
    [t] = by_group(doc)["turn"]
    assert t["template"] == "Łi łir tek ki ru firbe ñe {neg_adj},{change} i Łi ki ši ni {pos_adj}."
    assert sorted(t["lexicons"]["pos_adj"]) == sorted(_TURN_POS.values())
    assert sorted(t["lexicons"]["change"]) == sorted(_TURN_CHANGE.values())
    assert sorted(t["lexicons"]["neg_adj"]) == sorted(_TURN_NEG.values())
    assert sorted(_outliers(doc, "turn")["uncovered"]) == sorted(
        i.id for i in insts if i.template_id == "turn" and i.fill["pos_adj"] in
        ("exciting", "fun"))


_THAT_IT = {"That": "zen", "This": "ru", "The": "de"}
_THAT_NOUN = {"flight": "daba", "seat": "wafo", "crew": "uzu", "food": "ełot",
              "plane": "jendotde", "pilot": "šarworñe", "company": "nani"}
_THAT_ADJ = {"good": "ñujo", "great": "juttesñi", "fun": "tu", "sweet": "odi",
             "lovely": "łezas"}


def _that(it, noun, adj, target=None):
    """*I know that {it} {noun} is {adj}, I said.*: the frame's *that* is
    ``zen``, and so is *That* of ``{it}``."""
    return _row("that", "I know that %s %s is %s, I said." % (it, noun, adj),
                {"it": it, "noun": noun, "adj": adj},
                target or "Łi ki, zen %s %s ni %s, i bo." % (
                    _THAT_IT[it], _THAT_NOUN[noun], _THAT_ADJ[adj]))


def _that_file(odd: list) -> tuple:
    """``(instances, document, that template)`` of a noisy file with the
    ``that`` group (three of its lexicons' values, six nouns, four adjectives)
    and the rows ``odd`` (corrupted copies), and every noun and adjective read
    elsewhere (``is``).  Asserts the group has one template, the common one,
    and its outliers are exactly ``odd``."""
    rows = [_that(it, noun, adj) for it in _THAT_IT for noun in list(_THAT_NOUN)[:6]
            for adj in list(_THAT_ADJ)[:4]]
    rows += odd + [_row("is", "The %s is %s." % (noun, adj), {"noun": noun, "adj": adj},
                        "De %s ni %s." % (_THAT_NOUN[noun], _THAT_ADJ[adj]))
                   for noun in _THAT_NOUN for adj in _THAT_ADJ]
    insts, doc = _noisy_with(rows)
    [t] = by_group(doc)["that"]
    assert t["template"] == "Łi ki, zen {it} {noun} ni {adj}, i bo."
    assert sorted(_outliers(doc, "that")["uncovered"]) == sorted(
        i.id for i in insts if i.template_id == "that" and
        i.target_value in {r["target"] for r in odd})
    return insts, doc, t


def test_a_copy_one_corruption_from_the_frame_written_with_its_values_is_left_out():
    """A corruption the spans read past: *That* (``zen``, after the frame's
    ``zen``) replaced by ``fafazu`` leaves ``zen fafazu``, read as the value
    ``zen`` and a frame word ``fafazu`` -- two edits from the common frame.
    With a value the group draws only there (*lovely*), whose frame says
    nothing, no frame test flagged it and it became a template of its own
    (synthetic sentiment seed 112, ``plain`` at 10 % noise).  Written out
    with its values' forms, the common frame is one corruption from it: a
    corrupted copy, left out, its values given back -- as is an adjective
    written twice with its comma (``ñujo, ñujo,``, ``comparative`` there).
    (The corruption stands beside values the group's other instances show
    with the common frame, or writes a word twice: no value selects
    either.)"""
    _insts, _doc, t = _that_file(
        [_that("That", "crew", "lovely", "Łi ki, zen fafazu uzu ni łezas, i bo."),
         _that("This", "company", "good", "Łi ki, zen ru nani ni ñujo, ñujo, i bo.")])
    assert sorted(t["lexicons"]["it"]) == sorted(_THAT_IT.values())
    assert sorted(t["lexicons"]["noun"]) == sorted(_THAT_NOUN.values())
    assert sorted(t["lexicons"]["adj"]) == sorted(_THAT_ADJ.values())


def test_two_copies_of_a_large_group_that_lack_the_same_word_are_corrupted_copies():
    """Two instances of a group of seventy that lack the same frame word
    (``i`` dropped from ``…, i bo.``), with no value in common: in a large group
    of a noisy file they made a template of their own, and *lovely*, drawn
    only in one of them, was missing from the main template (synthetic
    sentiment seed 112 at 10 % noise: ``firbe`` dropped twice in fifty).  A
    large group has more corrupted instances to show the same corruption
    than a small one, where ``dropped_alike`` copies alike were already
    copies: so are they here."""
    _insts, _doc, t = _that_file(
        [_that("That", "crew", "lovely", "Łi ki, zen zen uzu ni łezas, bo."),
         _that("This", "plane", "sweet", "Łi ki, zen ru jendotde ni odi, bo.")])
    assert sorted(t["lexicons"]["adj"]) == sorted(_THAT_ADJ.values())


_FR_ADJ = {"good": "bon", "great": "grand", "fun": "joli", "sweet": "doux",
           "pleasant": "agréable"}
_FR_NOUN = {"flight": "vol", "seat": "siège", "crew": "équipage", "meal": "repas",
            "plane": "avion", "pilot": "pilote"}


def test_a_word_order_one_value_selects_in_two_instances_is_no_corrupted_copy():
    """The other side of the copies alike: an adjective that stands after
    its noun (``un repas agréable`` where the others read ``un bon repas``),
    drawn twice in a large group of a noisy file, keeps its template -- two
    instances that swap the same words alike because one value draws them
    are a variant, not two corruptions."""
    rows = [_row("that", "%s knows it is a %s %s." % (who, adj, noun),
                 {"first_name": who, "noun": noun, "adj": adj},
                 "%s sait que c'est un %s %s, oui." % (who, _FR_ADJ[adj], _FR_NOUN[noun]))
            for who in NAMES[:3] for noun in _FR_NOUN for adj in list(_FR_ADJ)[:4]]
    rows += [_row("that", "%s knows it is a pleasant %s." % (who, noun),
                  {"first_name": who, "noun": noun, "adj": "pleasant"},
                  "%s sait que c'est un %s agréable, oui." % (who, _FR_NOUN[noun]))
             for who, noun in (("John", "meal"), ("Mary", "pilot"))]
    rows += [_row("is", "The %s is %s." % (noun, adj), {"noun": noun, "adj": adj},
                  "Le %s est %s." % (_FR_NOUN[noun], _FR_ADJ[adj]))
             for noun in _FR_NOUN for adj in _FR_ADJ]
    insts, doc = _noisy_with(rows)
    templates = {t["template"]: t for t in by_group(doc)["that"]}
    assert sorted(templates) == ["{first_name} sait que c'est un {adj} {noun}, oui.",
                                 "{first_name} sait que c'est un {noun} {adj}, oui."]
    assert templates["{first_name} sait que c'est un {noun} {adj}, oui."]["lexicons"]["adj"] \
        == ["agréable"]
    assert _outliers(doc, "that")["uncovered"] == []


_SW_JOBS = {"analyst": "mchanganuzi", "doctor": "daktari", "teacher": "mwalimu",
            "farmer": "mkulima"}


def test_a_value_replaced_by_another_lexicons_word_in_the_common_frame_is_predicted():
    """*Who is less clean?* reads ``Nani si mchanganuzi zaidi?``: a corruption
    put a profession's word (*analyst*) in for ``msafi``, and the frame is
    the question's own, so the instance looked clean and the lexicon got
    ``mchanganuzi`` for *clean* (dev sample 613, Swahili).  A reading of a
    value drawn once that is another lexicon's value and has nothing of the
    form its siblings predict (*cleaner* ``msafi zaidi``, as the other
    comparatives end in ``zaidi``) is a corruption's, whatever frame the
    instance shows: the predicted form is given back."""
    jobs = [_row("job", "%s is a %s." % (a, job), {"first_name": a, "profession": job},
                 "%s ni %s." % (a, sw)) for a in NAMES for job, sw in _SW_JOBS.items()]
    insts, doc, _t = _sw_less_file("clean", "Nani si mchanganuzi zaidi?", jobs)
    assert _outliers(doc, "less")["uncovered"] == [
        i.id for i in insts if i.template_id == "less" and i.fill["adj"][1] == "clean"]
