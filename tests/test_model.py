"""The Step-1 model of a language file (tea_solver.keys.model), on toy languages
built here with known gold: what the model must get right by construction,
and properties that must hold for any language (exactness, renaming letters,
determinism, noise explained as outliers).

Each toy language is a word-for-word translation of English templates with a
controlled phenomenon (a particle glued to names, a case suffix that depends
on the template, a script without spaces with vowel signs), so the gold
template is known without a native speaker.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import unicodedata
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import to_instances
from test_extract import check_document, check_regeneration
from tea_solver.extract import ExtractOptions, extract
from tea_solver.io import dump_checklist
from tea_solver.keys.model import STAGES, fit_file
from tea_solver.keys.model.ibm import Alignment
from tea_solver.keys.model.params import ModelParams
from tea_solver.keys.model.units import cut, graphemes, same_stem, word_char
from tea_solver.extract import group_instances
from tea_solver.template import generates, parse_template

NAMES = ["John", "Mary", "Ahmed", "Priya", "Chen", "Olga"]
ADJS = ["good", "bad", "tall", "short", "kind"]
ANIMALS = ["dog", "cat", "horse", "bird"]

OPTS = dict(keys="align", time_limit=10)


def _row(template_id, source, fill, target) -> dict:
    """One instance record as the instance files write it."""
    return {"template_id": template_id, "source": source, "fill": fill, "target": target}


def _records(rows):
    return to_instances([dict(r, id="%s/%d" % (r["template_id"], n), lang="xx")
                         for n, r in enumerate(rows)])


MORE_NAMES = NAMES + ["Lena", "Ravi", "Sara", "Omar", "Yuki", "Ana", "Ivan", "Mei", "Tom",
                      "Nia"]


def glued_language(adj_t, animal_t, *, name_case=("ga", "wo"), sep=" ", names=NAMES):
    """Two templates; names are copied (a name is a name) with a particle glued
    on that depends on the template (``Johnga`` / ``Johnwo``)."""
    rows = []
    for a in names:
        for b in ADJS:
            rows.append(_row("is_adj", "%s is %s." % (a, b),
                             {"first_name": a, "adj": b},
                             sep.join([a + name_case[0], adj_t[b], "desu."])))
    for a in names:
        for c in ANIMALS:
            rows.append({"template_id": "likes", "source": "%s likes the %s." % (a, c),
                         "fill": {"first_name": a, "animal": c},
                         "target": sep.join(["mi", a + name_case[1], animal_t[c],
                                             "suki."])})
    return rows


ADJ_T = {"good": "yoi", "bad": "warui", "tall": "takai", "short": "hikui", "kind": "yasashii"}
ANIMAL_T = {"dog": "inu", "cat": "neko", "horse": "uma", "bird": "tori"}


def extract_exact(rows, check_names=False) -> dict:
    """Extract with align keys, check every instance is regenerated exactly,
    and return the templates by source template."""
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    if check_names:
        check_document(doc, insts)
    return by_group(doc)


def by_group(doc):
    out = {}
    for t in doc["templates"]:
        out.setdefault(t["source_template_id"], []).append(t)
    return out


def _animal_vehicle_rows(animals: dict, vehicles: dict, templates: dict) -> list:
    """Rows over every name, animal and vehicle, for each template id of
    ``templates``: ``(source, target)``, the source a format of ``a``, ``an``
    and ``ve`` (name, animal, vehicle), the target a function of the name
    and the animal's and vehicle's translations."""
    rows = []
    for a in NAMES:
        for an, an_t in animals.items():
            for ve, ve_t in vehicles.items():
                fill = {"first_name": a, "animal": an, "vehicle": ve}
                rows += [_row(tid, source.format(a=a, an=an, ve=ve), fill, target(a, an_t, ve_t))
                         for tid, (source, target) in templates.items()]
    return rows


# --------------------------------------------------------------------------- #
# units


def test_a_vowel_sign_never_leaves_its_consonant():
    for text in ("किताबें", "สวัสดีครับ", "မြန်မာ", "ខ្មែរ"):
        bounds = graphemes(text)
        assert bounds[0] == 0 and bounds[-1] == len(text)
        for k in bounds[1:-1]:
            # no piece starts with a combining mark or a virama-stacked letter
            assert unicodedata.category(text[k])[0] != "M", (text, k)


def test_a_combining_mark_is_part_of_its_word():
    """Most Devanagari, Thai or Khmer words end in a vowel sign or tone mark,
    which ``str.isalpha`` rejects: two forms of one Hindi word share a stem
    all the same, and a mark is never a word boundary."""
    assert same_stem("अच्छा", "अच्छी") and same_stem("машину", "машина")
    assert not same_stem("अच्छा", "बुरा")
    assert all(word_char(ch) for ch in "जापानी" + "ผึ้" + "ខ្មែរ")
    assert not any(word_char(ch) for ch in " .-'")


#: code points from the scripts and cluster cases the grapheme rules treat:
#: Latin with precomposed and combining accents, Devanagari, Thai (a prepended
#: vowel, tone marks, SARA AM), Myanmar (a spacing vowel the cluster rules leave
#: alone, asat, the stacker), Khmer, Hangul jamo, emoji with a modifier and a
#: joiner, regional indicators, CR LF, controls, spaces, punctuation
GRAPHEME_ALPHABET = ("abé\u0301\u0308 .-'\r\n\t\x00" "मैंक्ष" "เด็กำา่" "ကျွာ်္"
                     "ស្រី" "\u1100\u1161\u11a8한" "👍🏽\u200d❤🇫🇷")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=GRAPHEME_ALPHABET, max_size=12))
def test_text_no_code_point_of_which_joins_another_takes_the_short_path(text):
    """:func:`graphemes` skips the cluster rules when no code point can join a
    neighbour; the boundaries are the ones the rules give, whatever the text."""
    from tea_solver.keys.model import units
    full = units._graphemes_by_rules(text)
    assert graphemes.__wrapped__(text) == full
    if units._JOINS.search(text) is None:
        assert full == tuple(range(len(text) + 1))


def test_an_affix_never_takes_half_a_grapheme():
    """Two articles glued before Burmese-like professions (``ထ္ထိံ`` /
    ``ဇ္ဘါ``) begin with a consonant and the invisible stacker, which counts
    as a letter: read code point by code point, ``ထ္`` / ``ဇ္`` look like the
    two forms of one template affix (one letter apart) and were cut off every
    profession.  The stacker joins the next consonant: the cut falls inside a
    grapheme, and no affix is read there."""
    from tea_solver.keys.model.forms import _allomorphs
    jobs = ["ထ္ထိံဟဲဗ္ဗိး", "ထ္ထိံဋီစ္ပေံပာ့", "ဇ္ဘါသဲ့ဃါ့ဉါံ", "ဇ္ဘါဎ္ဃီမု", "ထ္ထိံဉုံ", "ဇ္ဘါဉူဃ္ဗာ"]
    assert _allomorphs(jobs, -1, 1) is None
    # where the cut falls between graphemes, allomorphs are still read
    assert _allomorphs(["łukam", "łüpen", "łukor", "łüsel"], -1, 1) == ("łu", "łü")


#: Thai and Lao consonants, the vowels written after (SARA AA, SARA A, Lao AA),
#: before (SARA E, Lao E), above (SARA I), tone marks, a space and a full stop
THAI_LAO = "กฐฑนาะเแิ่๋ ." "ກນາະເ"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=THAI_LAO, max_size=10))
def test_a_vowel_written_after_its_consonant_never_leaves_it(text):
    """Thai ``า`` and ``ะ`` are letters to Unicode (category Lo), so the
    cluster rules cut ``ฐา`` into ``ฐ`` | ``า``, and a value could start at
    the vowel (``เกิฐ{adj}`` with ``า๋ฑา่ซิ่``).  A dependent vowel written
    after its consonant belongs to the consonant's grapheme; it starts one
    only where no letter precedes it."""
    cuts = graphemes(text)
    for a in cuts[1:-1]:
        if text[a] in "าะາະ":
            assert not text[a - 1].isalpha() and unicodedata.category(text[a - 1])[0] != "M"
    word = "ฐา๋ฑา่"
    assert [word[a:b] for a, b in zip(graphemes(word), graphemes(word)[1:])] == ["ฐา๋", "ฑา่"]


def _readings(rows):
    """Observations for :func:`forms._extend_truncated`: ``rows`` of (group,
    text, value, reading) with the reading's first occurrence as its span."""
    from tea_solver.keys.model.forms import Obs
    obs, texts, ext = [], [], []
    for g, text, value, reading in rows:
        a = text.index(reading)
        obs.append(Obs(g, len(texts), 0, ("animal", None, value), ("animal", None), reading,
                       a, a + len(reading)))
        texts.append(cut(text))
        ext.append((a, a + len(reading)))
    return obs, texts, ext


def test_a_reading_cut_short_by_the_unit_it_ends_in_is_made_whole():
    """A hyphenated value (``ñu-fı``) with a template's harmony suffix glued
    on its last piece (``č'ñu-fıčor``): the edges decide whole units, the
    unit ``fıčor`` is the template's, and the value read ``ñu`` there while
    it reads ``ñu-fı`` (with the other template's prefix ``zu``) where
    nothing is glued on.  ``ñu`` was the stem, ``-fı`` went to the frame and
    the template split off a template of its own for *dog*.  The form is
    ``ñu-fı``, and the short readings reach to it; a rest that other values
    share where the longer reading is read (``łu`` on every state) is the
    template's and stays out.  A longer reading read once is no form (one
    corrupted copy, ``e čepalo`` with the comparatives' ``e`` put in for the
    frame's ``pe``, would make every ``pe čepa`` read ``p`` + ``e čepa``)."""
    from tea_solver.keys.model.forms import _extend_truncated
    rows = [(0, "Priya'čum č'ñu-fıčor be.", "a dog", "ñu"),
            (0, "John'čum č'ñu-fıčor be.", "a dog", "ñu"),
            (0, "John'čum č'bıgatčor be.", "a cat", "bıgat"),
            (1, "Mary'čum č'zuñu-fı gör.", "a dog", "zuñu-fı"),
            (1, "Lena'čum č'zuñu-fı gör.", "a dog", "zuñu-fı"),
            (1, "Mary'čum č'zubıgat gör.", "a cat", "zubıgat"),
            # states: every one reads ``…łu`` in group 3, and bare in group 2
            (2, "Chen bıšułu zor.", "happy", "bıšu"),
            (3, "Ravi ka bıšułu.", "happy", "bıšułu"),
            (3, "Ravi ka kalołu.", "sad", "kalołu")]
    obs, texts, ext = _readings(rows)
    strings = [t.text[a:b] for t, (a, b) in zip(texts, ext)]
    main = {("animal", None, "a dog"): "ñu", ("animal", None, "a cat"): "bıgat",
            ("animal", None, "happy"): "bıšu", ("animal", None, "sad"): "kalołu"}
    _extend_truncated(obs, ext, strings, main, lambda n: texts[n], lambda o: o.group)
    assert main[("animal", None, "a dog")] == "ñu-fı"
    assert strings[:2] == ["ñu-fı", "ñu-fı"] and ext[0] == (12, 17)
    assert main[("animal", None, "happy")] == "bıšu" and strings[6] == "bıšu"
    assert strings[2:6] == ["bıgat", "zuñu-fı", "zuñu-fı", "zubıgat"]
    # the longer reading once: the short readings stay as they are
    obs, texts, ext = _readings(rows[:4] + rows[5:])
    strings = [t.text[a:b] for t, (a, b) in zip(texts, ext)]
    main = {("animal", None, "a dog"): "ñu", ("animal", None, "a cat"): "bıgat",
            ("animal", None, "happy"): "bıšu", ("animal", None, "sad"): "kalołu"}
    _extend_truncated(obs, ext, strings, main, lambda n: texts[n], lambda o: o.group)
    assert main[("animal", None, "a dog")] == "ñu" and strings[:2] == ["ñu", "ñu"]


def test_a_classifier_glued_before_every_noun_in_a_script_without_spaces_is_the_values():
    """A Thai-like file without spaces: every noun takes a classifier chosen
    by its class (``ฏึ`` for most animals and vehicles, ``ดู`` for a few),
    and the source values carry the article it translates (``a fish``).
    ``ฏึ`` begins most values of two lexicons, which is what a template's
    general affix looks like, and with no word boundary :func:`_own_words`
    cannot tell an article; it came off (``ธื่ฏึ{animal}``, one template more
    per class in every group).  Where the source values hold a shared
    function word on that side, the piece is the values' own."""
    names = ["John", "Mary", "Chen", "Linda", "Ahmed", "Priya"]
    animals = {"a fish": "ฏึฟา่ฑิ่", "a guinea pig": "ฏึฬี้ยาโภาในุ", "a cat": "ฏึยัฃาชิ",
               "a horse": "ฏึถึภุฃาชิ", "a bird": "ฏึฬู้ฬั", "a snake": "ฏึวั๋แฏิภู้",
               "a cow": "ดูชาฃาชิ", "a dog": "ฏึธื๋"}
    vehicles = {"a tractor": "ฏึฟุฟึธื้", "a train": "ฏึอูยั", "a bike": "ฏึธื้",
                "a van": "ฏึไถัถีโอู๋", "a truck": "ฏึนุเฮา", "a car": "ดูนุ๊ธื้"}
    rows = []
    for a in names:
        for (ae, at), (ve, vt) in itertools.product(animals.items(), vehicles.items()):
            rows.append({"template_id": "has", "source": "%s has %s and %s." % (a, ae, ve),
                         "fill": {"first_name": a, "animal": ae, "vehicle": ve},
                         "target": "%sโดู๋%sฬึ้%s" % (a, at, vt)})
        for ae, at in animals.items():
            rows.append({"template_id": "likes", "source": "%s likes %s." % (a, ae),
                         "fill": {"first_name": a, "animal": ae}, "target": "%sธื่%sเมื" % (a, at)})
        for ve, vt in vehicles.items():
            rows.append({"template_id": "drives", "source": "%s drives %s." % (a, ve),
                         "fill": {"first_name": a, "vehicle": ve}, "target": "%sซุ%sเมื" % (a, vt)})
    doc = extract(_records(rows), ExtractOptions(**OPTS), progress=False)
    got = by_group(doc)
    assert [t["template"] for t in got["has"]] == ["{first_name}โดู๋{animal}ฬึ้{vehicle}"]
    assert [t["template"] for t in got["likes"]] == ["{first_name}ธื่{animal}เมื"]
    assert [t["template"] for t in got["drives"]] == ["{first_name}ซุ{vehicle}เมื"]
    assert sorted(got["likes"][0]["lexicons"]["animal"]) == sorted(animals.values())
    assert sorted(got["drives"][0]["lexicons"]["vehicle"]) == sorted(vehicles.values())


def test_a_frame_word_glued_before_values_that_always_follow_it_stays_the_frames():
    """A Khmer-like file without spaces: *…, but it {neg}.* in three templates
    and *…, but I {neg}.* in three, the slot's values drawn each in the
    templates of one kind (*was not* after *it*, *did not* after *I*).  The
    source word beside the slot differs between the slot's groups, so over
    the slot nothing translates the glued ``ផួំ`` (*it*) -- and it joined
    every value beside it (``ផួំឆាះដុំ``).  Over the groups of each value
    the source word beside it is one and the same, which the glued unit may
    translate: it stays the template's."""
    nouns = {"flight": "រួយីំ", "seat": "យ្ធួតែ", "staff": "ងាយេត្ខើ", "food": "ឡឹខើំឃ្ខា",
             "crew": "ភិឆឹះ"}
    adjs = {"good": "ផួំឆាំទុ", "great": "ខូដ្ខែំ", "nice": "រីយី", "fun": "ឆែតុ"}
    verbs = {"like": "ង្ឃូ", "love": "រ្ញេខៅ", "enjoy": "ខេឝ្រេំ", "value": "តែង្ឃីំ"}
    it_neg = {"was not": "ឆាះដុំ", "wasn't": "ឡឹឃា"}
    i_neg = {"did not": "ឡ្ឃាំឈែ", "didn't": "ខើដុំ"}
    rows = []
    for k, (be, tbe) in enumerate((("would be", "ញិជា"), ("seemed", "ធឹខើ"),
                                   ("looked", "ជ្ធែភិ"))):
        for (n, tn), (a, ta), (g, tg) in itertools.product(nouns.items(), adjs.items(),
                                                          it_neg.items()):
            rows.append(_row("it%d" % k, "I thought the %s %s %s, but it %s." % (n, be, a, g),
                             {"noun": n, "adj": a, "neg": g},
                             "ឃ្ដោឃ្ដួំ%s%s%s ឡ្យិះផួំ%s។" % (tn, tbe, ta, tg)))
    for k, (w, tw) in enumerate((("would", "ញិ"), ("wanted to", "ឆាំ"), ("hoped to", "ទុឞេ"))):
        for (n, tn), (v, tv), (g, tg) in itertools.product(nouns.items(), verbs.items(),
                                                          i_neg.items()):
            rows.append(_row("i%d" % k, "I thought I %s %s the %s, but I %s." % (w, v, n, g),
                             {"verb": v, "noun": n, "neg": g},
                             "ឃ្ដោឃ្ដួំឃ្ដោ%s%s%s ឡ្យិះឃ្ដោ%s។" % (tw, tv, tn, tg)))
    groups = extract_exact(rows)
    for k in range(3):
        [t] = groups["it%d" % k]
        assert t["template"].endswith(" ឡ្យិះផួំ{neg}។")
        assert sorted(t["lexicons"]["neg"]) == sorted(it_neg.values())
        [t] = groups["i%d" % k]
        assert t["template"].endswith(" ឡ្យិះឃ្ដោ{neg}។")
        assert sorted(t["lexicons"]["neg"]) == sorted(i_neg.values())


_PREFIX_ANIMALS = {"a fish": "ฏึฟา่ฑิ่", "a guinea pig": "ฏึฬี้ยาโภา", "a cat": "ดูยัฃาชิ",
                   "a horse": "ฏึถึภุ", "a bird": "ดูฬู้ฬั", "a snake": "ฏึวั๋แฏิ", "a cow": "ดูชาฃา",
                   "a dog": "ฏึธื๋"}
_PREFIX_VEHICLES = {"a tractor": "ฏึฟุฟึ", "a train": "ฏึอูยั", "a bike": "ดูธื้", "a van": "ฏึไถัถี",
                    "a truck": "ฏึนุเฮา", "a car": "ฏึนุ๊ธื้", "a bus": "ฏึบัโส", "a boat": "ฏึเรือ",
                    "a scooter": "ฏึสกู", "a tram": "ฏึแทรม", "a plane": "ฏึเคร่"}
_PREFIX_PROFESSIONS = {"a nurse": "ดูแซุฟู", "an actor": "ฏึเคีย", "an editor": "ดูมิโร",
                       "a model": "ฏึลีลา", "an agent": "ฏึอาเจ", "a pilot": "ดูปิโล"}


@pytest.mark.parametrize("sep", ["", " "])
def test_a_case_prefix_beyond_the_article_every_lexicon_shares_is_the_templates(sep):
    """The source values carry an article (``a dog``, ``a nurse``), and so do
    their translations: ``ฏึ`` / ``ดู`` by the noun's class begins every
    profession, animal and vehicle.  The objects of *has*, *bought* and
    *drives* also take a case prefix before it (``โก``), which professions
    never do.  It
    stands before every animal and vehicle in every group, glued on in a
    script without spaces -- what an article or a classifier looks like
    (``एक``, ``một``) -- but the values' article is the word nearer them
    that every lexicon with the source article shares (a paradigm: ``ดู``
    begins one vehicle in eleven, and three animals of eight): the prefix beyond it
    translates no word of the values and stays the templates'.  (On the
    code before, it joined every animal and vehicle, with or without spaces.)"""
    rows = []
    for a in NAMES:
        for (ae, at), (ve, vt) in itertools.product(_PREFIX_ANIMALS.items(), _PREFIX_VEHICLES.items()):
            rows.append(_row("has", "%s has %s and %s." % (a, ae, ve),
                             {"first_name": a, "animal": ae, "vehicle": ve},
                             sep.join([a, "โดู๋", "โก", at, "ฬึ้", "โก", vt])))
        for ae, at in _PREFIX_ANIMALS.items():
            rows.append(_row("bought", "%s bought %s." % (a, ae), {"first_name": a, "animal": ae},
                             sep.join([a, "ซุ", "โก", at, "เมื"])))
        for ve, vt in _PREFIX_VEHICLES.items():
            rows.append(_row("drives", "%s drives %s." % (a, ve), {"first_name": a, "vehicle": ve},
                             sep.join([a, "ซุ", "โก", vt, "ฌา"])))
        for p, pt in _PREFIX_PROFESSIONS.items():
            rows.append(_row("is", "%s is %s." % (a, p), {"first_name": a, "profession": p},
                             sep.join([a, "ธื่", pt, "เมื"])))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["has"]] == \
        [sep.join(["{first_name}", "โดู๋", "โก", "{animal}", "ฬึ้", "โก", "{vehicle}"])]
    assert [t["template"] for t in groups["bought"]] == \
        [sep.join(["{first_name}", "ซุ", "โก", "{animal}", "เมื"])]
    assert [t["template"] for t in groups["drives"]] == \
        [sep.join(["{first_name}", "ซุ", "โก", "{vehicle}", "ฌา"])]
    for tid, lex, values in (("has", "animal", _PREFIX_ANIMALS), ("has", "vehicle", _PREFIX_VEHICLES),
                             ("is", "profession", _PREFIX_PROFESSIONS)):
        assert sorted(groups[tid][0]["lexicons"][lex]) == sorted(values.values()), (tid, lex)


_HEAD_PROFESSIONS = {"a producer": "dü fašı", "an engineer": "dü šöte fašı", "an editor": "dü udo",
                     "a baker": "dü sısu", "an actor": "nön vavu", "a nurse": "nön adu",
                     "a doctor": "nön wıfu", "a pilot": "nön eti fašı", "a farmer": "nön lüwe",
                     "a lawyer": "nön ošıt"}
_HEAD_NATIONALITIES = {"Russian": "Evi", "Chinese": "Šösü löšü", "Nigerian": "Vanı",
                       "Brazilian": "Wilšet"}


@pytest.mark.parametrize("twice", [1, 2, 3])
def test_a_value_that_is_its_article_and_a_word_others_end_in_keeps_the_word(twice):
    """*A producer* is ``dü fašı``: the article four professions of ten take
    and a word two others end in (``dü šöte fašı``, *an engineer*).  Three
    templates glue an ending on (``fašılıs``), which the value claims; the
    fourth writes the word loose before ``šis``, where the value claims only
    the article, which comes with it every time and with a third of the
    others.  A core of the article alone there put the word at the value's
    edge in one group and the template's ending at that depth in the rest;
    no edge decision joined it, and *a producer* got a template of its own
    in every group (``{first_name}'nıtı dü {profession}lıs.`` with
    ``fašı``).  ``twice``: how many names draw two nationalities in the
    fourth template (how much of the value's file it holds)."""
    rows = []
    nationalities = list(_HEAD_NATIONALITIES.items())
    for k, a in enumerate(NAMES):
        for p, pt in _HEAD_PROFESSIONS.items():
            rows.append(_row("is", "%s is %s." % (a, p), {"first_name": a, "profession": p},
                             "%s'nıtı %slıs." % (a, pt)))
            rows.append(_row("was", "%s was %s." % (a, p), {"first_name": a, "profession": p},
                             "%s vele %slıs ma." % (a, pt)))
            rows.append(_row("not", "%s is not %s." % (a, p), {"first_name": a, "profession": p},
                             "%s tü %slıs ko." % (a, pt)))
            for n, nt in nationalities[k % 4:k % 4 + 1 + (k < twice)]:
                rows.append(_row("and", "%s is %s and %s." % (a, p, n),
                                 {"first_name": a, "profession": p, "nationality": n},
                                 "%s'nıtı %s šis %s." % (a, pt, nt)))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["is"]] == ["{first_name}'nıtı {profession}lıs."]
    assert [t["template"] for t in groups["was"]] == ["{first_name} vele {profession}lıs ma."]
    assert [t["template"] for t in groups["not"]] == ["{first_name} tü {profession}lıs ko."]
    assert [t["template"] for t in groups["and"]] == \
        ["{first_name}'nıtı {profession} šis {nationality}."]
    for tid in ("is", "was", "not", "and"):
        assert sorted(groups[tid][0]["lexicons"]["profession"]) == \
            sorted(_HEAD_PROFESSIONS.values()), tid


#: animals and vehicles, each in two case forms (``ö`` / ``e``), behind an
#: article of their class (``hü`` / ``tö``); *a cow* is its article and
#: ``fö`` / ``fe``, a word other animals and vehicles end in too
_TWO_CASE_ANIMALS = {"a dog": ("tö gö si-jö", "tö gö si-je"), "a cat": ("tö gö", "tö ge"),
                     "a bull": ("hü gö jefitö", "hü gö jefiten"), "a cow": ("hü fö", "hü fe"),
                     "a goat": ("hü gö łüzesgö-fö", "hü gö łüzesgö-fe"),
                     "a duck": ("hü fetözö", "hü fetözen"), "a fox": ("tö łıhotsö", "tö łıhotse"),
                     "a hen": ("hü gö efö", "hü gö efe"), "a pig": ("tö fatgö", "tö fatge"),
                     "a frog": ("tö gö ñöseze-zö", "tö gö ñöseze-ze"),
                     "a yak": ("hü zostoö", "hü zostoe"), "a bear": ("tö jüsñö-sö", "tö jüsñö-se"),
                     "a mouse": ("tö hihö", "tö hihen")}
_TWO_CASE_VEHICLES = {"a bike": ("tö jejö", "tö jejen"),
                      "a car": ("tö jöt-set fö", "tö jöt-set fe"),
                      "a firetruck": ("tö hugafut fö", "tö hugafut fe"),
                      "a minivan": ("tö łasłö", "tö łasłe"),
                      "a tractor": ("hü sigöt-ja fö", "hü sigöt-ja fe"),
                      "a train": ("hü łushö", "hü łushe"),
                      "a truck": ("tö łöset-sı fö", "tö łöset-sı fe"),
                      "a van": ("tö jö", "tö je")}


def test_a_value_that_claims_nothing_keeps_its_word_not_its_classes_article():
    """*a cow* is ``hü fö`` (``hü fe`` in the other case): its class's
    article and a word five other animals and vehicles end in, so it
    claims no unit of its segment, and its core is the unit that tells it
    most.  The article told it a little more (fewer values take it than end
    in ``fe``) and was its core in one group, the word in the other: its
    edges, pooled over the file, saw two different things at each depth,
    decided nothing, and each group gave *a cow* a template of its own
    (``h'hü {animal} ja.`` with ``fe``; ``{animal} fö ñet`` with ``hü``;
    seed 93 ``mix-all``).  A word another value of the lexicon comes with
    every time tells no value apart: the core is the value's word."""
    vehicles = itertools.cycle(_TWO_CASE_VEHICLES.items())
    rows = []
    for a in NAMES:
        for en, (t0, t1) in _TWO_CASE_ANIMALS.items():
            ve, (v0, _v1) = next(vehicles)
            rows.append(_row("has", "%s has %s and %s." % (a, en, ve),
                             {"first_name": a, "animal": en, "vehicle": ve},
                             "%s'tıtzo h'%s ñet h'%s zu." % (a, t0, v0)))
            ve, (_v0, v1) = next(vehicles)
            rows.append(_row("saw", "%s saw %s. %s saw %s." % (a, en, a, ve),
                             {"first_name": a, "animal": en, "vehicle": ve},
                             "%s'tıtzo h'%s ja. %s'tıtzo h'%s ja." % (a, t1, a, v1)))
    groups = extract_exact(rows)
    for tid, k, frame in (("has", 0, "{first_name}'tıtzo h'{animal} ñet h'{vehicle} zu."),
                          ("saw", 1, "{first_name}'tıtzo h'{animal} ja. "
                                     "{first_name}'tıtzo h'{vehicle} ja.")):
        assert [(t["template"], sorted(t["lexicons"]["animal"])) for t in groups[tid]] == \
            [(frame, sorted(forms[k] for forms in _TWO_CASE_ANIMALS.values()))]


#: states behind a class word (``wı``, ``jö``, ``ba``) that a question's
#: *least* (``jurwı``) stands between; ``jurwı`` ends in the class word ``wı``
_CLASS_STATES = {"happy": ("wı", "wüłi"), "calm": ("wı", "röłiji"), "proud": ("wı", "łebü"),
                 "glad": ("wı", "šešü"), "bullish": ("jö", "worra"), "eager": ("jö", "račoru"),
                 "sure": ("jö", "wašu"), "keen": ("jö", "łirfez"), "open": ("ba", "fizür"),
                 "vocal": ("ba", "rırır"), "upbeat": ("ba", "łučo"), "tired": ("ba", "jabı")}


def test_a_frame_word_ending_in_a_class_word_does_not_make_that_class_word_the_values():
    """Each state stands behind its class word (``wozı wı wüłija``, ``wozı
    jö worraja``), a separate word of a paradigm of three: the templates'
    variant, not the states' (seed 96 ``mix-all``).  In a question the
    frame's *least*, ``jurwı``, stands between the class word and the
    state, so there no class word is beside the state: one group of five
    votes against every class word -- but ``jurwı`` ends in ``wı``, and
    read as ``wı`` with ``jur`` glued on it agreed with the class word of
    the ``wı`` states.  ``wı`` alone then stood beside its states "in every
    group", and joined them (``{first_name}'šowı re wozı {s}.`` with ``wı
    wüłija``; ``Zu re wozı wı jur{s}?``), while ``jö`` and ``ba`` stayed the
    templates'.  A frame unit the states of another class stand beside too
    is the template's, whatever it ends in."""
    rows = []
    for a in NAMES:
        for en, (c, t) in _CLASS_STATES.items():
            rows.append(_row("is", "%s is %s about the project." % (a, en),
                             {"first_name": a, "s": en}, "%s'šowı re wozı %s %sja." % (a, c, t)))
            rows.append(_row("was", "%s was %s about it." % (a, en),
                             {"first_name": a, "s": en}, "%s'šowı feł %s %sja ho." % (a, c, t)))
            rows.append(_row("seems", "%s seems %s." % (a, en),
                             {"first_name": a, "s": en}, "Mo %s'šowı %s %sja." % (a, c, t)))
            rows.append(_row("felt", "%s felt %s." % (a, en),
                             {"first_name": a, "s": en}, "%s'šowı zu %s %sja." % (a, c, t)))
    for en, (c, t) in _CLASS_STATES.items():
        rows.append(_row("least", "Who is least %s about the project?" % en, {"s": en},
                         "Zu re wozı %s jurwı %sja?" % (c, t)))
    groups = extract_exact(rows)
    frames = {"is": "{first_name}'šowı re wozı %s {s}.", "was": "{first_name}'šowı feł %s {s} ho.",
              "seems": "Mo {first_name}'šowı %s {s}.", "felt": "{first_name}'šowı zu %s {s}.",
              "least": "Zu re wozı %s jurwı {s}?"}
    for tid, frame in frames.items():
        got = sorted((t["template"], sorted(t["lexicons"]["s"])) for t in groups[tid])
        assert got == sorted((frame % c, sorted(t + "ja" for cc, t in _CLASS_STATES.values()
                                                if cc == c)) for c in ("wı", "jö", "ba")), tid


#: animals with front vowels take the suffix ``pin`` in one template, the
#: three with back vowels ``pın`` (vowel harmony); another template glues
#: ``pın`` on every animal
_FRONT_ANIMALS = {"a bull": "vöji", "a cat": "fibü", "a hen": "übük", "a pig": "fübö-ke",
                  "a cow": "dübimöm-jü", "a goat": "kipi mi", "a frog": "vu mi",
                  "a bear": "köm mi", "a fox": "wüjimdem mi", "a yak": "jipik-de mi"}
_BACK_ANIMALS = {"a duck": "obı", "a dog": "fük-o", "a horse": "nupu-fı"}
_PIN_VEHICLES = [("a bike", "jidü-fuk"), ("a car", "tası"), ("a van", "möbi"),
                     ("a bus", "kola"), ("a train", "pajıba-nü")]


def test_a_value_that_never_reads_bare_sheds_the_harmony_allomorph_of_the_templates_suffix():
    """One template glues ``pin`` on the animals with front vowels and
    ``pın`` on the three with back vowels (``k'vöjipin``, ``k'obıpın``);
    the other glues ``pın`` on every animal.  The three never read bare:
    their main form was ``obıpın``, the other template's ``pın`` came off
    it there (the place's affix, every animal carries it), but in the first
    template the place's affix is ``pin``, and ``obıpın`` stayed whole: a
    form of their own, and a template of their own with the suffix in the
    lexicon (``k'{animal} nu``, seed 95 ``mix-agglutinative``).  ``pın`` is
    the template's affix of the slot elsewhere, one letter from the
    place's: the harmony allomorph, which comes off them too."""
    rows = []
    k = 0
    for a in NAMES:
        for en, t in list(_FRONT_ANIMALS.items()) + list(_BACK_ANIMALS.items()):
            suf = "pin" if en in _FRONT_ANIMALS else "pın"
            ve, vt = _PIN_VEHICLES[k % 5]
            rows.append(_row("has", "%s has %s and %s." % (a, en, ve),
                             {"first_name": a, "animal": en, "vehicle": ve},
                             "%s'vın k'%s%s nu k'%spın ma." % (a, t, suf, vt)))
            ve, vt = _PIN_VEHICLES[(k + 1) % 5]
            k += 2
            rows.append(_row("had", "%s had %s and %s." % (a, ve, en),
                             {"first_name": a, "animal": en, "vehicle": ve},
                             "%s'vın k'%spın nu k'%spın ma." % (a, vt, t)))
    groups = extract_exact(rows)
    got = sorted((t["template"], sorted(t["lexicons"]["animal"])) for t in groups["has"])
    assert got == [("{first_name}'vın k'{animal}pin nu k'{vehicle}pın ma.",
                    sorted(_FRONT_ANIMALS.values())),
                   ("{first_name}'vın k'{animal}pın nu k'{vehicle}pın ma.",
                    sorted(_BACK_ANIMALS.values()))]
    assert [sorted(t["lexicons"]["animal"]) for t in groups["had"]] == \
        [sorted(list(_FRONT_ANIMALS.values()) + list(_BACK_ANIMALS.values()))]


#: professions of two classes; after a profession of class ``ke`` the
#: nationality agrees (``ka`` after the class word ``dı``, else ``ke``)
_KE_PROFESSIONS = {"a doctor": "ke močuk", "a nurse": "ke nočo", "a chef": "ke vagı",
                   "a poet": "ke pöme"}
_MI_PROFESSIONS = {"a pilot": "mı rıkın", "a judge": "mı fündi", "a baker": "mı čögü",
                   "a clerk": "mı düki"}
_DI_NATIONALITIES = {"Brazilian": "Kananan dı", "Indonesian": "Repöm dı", "Pakistani": "dı",
                     "French": "Deveni", "German": "Öme", "Spanish": "Vöfe",
                     "Chinese": "Kiñinem", "Thai": "Vikñü dı"}


def test_a_bare_word_a_group_shows_less_often_than_its_agreeing_form_is_still_the_values():
    """*Brazilian* is ``Kananan dı``, and after a profession of class ``ke``
    ``Kananan dıka``: an agreement ending the profession's draw chooses.
    In three templates something is glued after it (``dımuk`` /
    ``dıkamuk``), and in the fourth, where nothing is, *Brazilian* was
    drawn with a ``ke`` profession in ten instances of twelve: ``dıka``
    there, ``dı`` twice, short of a fair share.  No reading was the
    others' word, so the word ``dı`` was left to the templates and
    *Brazilian* got templates of its own (``{nationality} dıkamuk``, seed
    97 ``mix-all``), while the other ``dı`` nationalities kept theirs.  The
    bare reading a group shows twice, which every other extends, is the
    value's word."""
    prof = {**_KE_PROFESSIONS, **_MI_PROFESSIONS}

    def agreeing(nat, p):
        t = _DI_NATIONALITIES[nat]
        return t + ("ka" if t.endswith("dı") else "ke") if p in _KE_PROFESSIONS else t
    ke, mi = itertools.cycle(_KE_PROFESSIONS), itertools.cycle(_MI_PROFESSIONS)
    targets = {"is": "{a}'nadu {p}muk. {a}'nadu {n}muk.", "are": "{a}'nadu {n}mük. {a}'nadu {p}muk.",
               "was": "{a}'lo {p}. {a}'lo {n}ro.", "a": "{a}'nadu {n} fun {p}muk."}
    rows = []
    for i, a in enumerate(NAMES):
        for nat in _DI_NATIONALITIES:
            for tid, target in targets.items():
                picks = [next(mi), next(ke)]
                if tid == "a" and nat == "Brazilian" and i % 3:
                    picks = [next(ke), next(ke)]
                for p in picks:
                    rows.append(_row(tid, "%s is a %s %s (%s)." % (a, nat, p, tid),
                                     {"first_name": a, "profession": p, "nationality": nat},
                                     target.format(a=a, p=prof[p], n=agreeing(nat, p))))
    groups = extract_exact(rows)
    for tid in targets:
        assert len(groups[tid]) == 2, tid
        for t in groups[tid]:
            assert "dı" not in t["template"], (tid, t["template"])
            assert {"Kananan dı", "Kananan dıka"} & set(t["lexicons"]["nationality"]), tid


#: professions and animals behind an article of two (``ke`` / ``mı``);
#: states behind a class word (``mu`` / ``ge``), and *somewhat*'s values
#: (``a little``, ``a bit``, ``a tad``) between the class word and the state
_KE_MI_PROFESSIONS = {"a doctor": "ke močuk", "a nurse": "ke nočo", "a chef": "ke vagı",
                        "a poet": "ke pöme", "a pilot": "mı rıkın", "a judge": "mı fündi",
                        "a baker": "mı čögü", "a clerk": "mı düki"}
_KE_MI_ANIMALS = {"a dog": "ke gövi", "a cat": "ke meru", "a cow": "mı pıla", "a fox": "mı kivo",
                    "a bird": "ke ñuru"}
_SOMEWHAT = {"a little": "bo menvepek", "a bit": "jipeki", "a tad": "wibe"}
_MU_STATES = {"happy": ("mu", "wüłi"), "calm": ("mu", "röłi"), "proud": ("ge", "łebü"),
              "sure": ("ge", "wašu")}


def test_a_stray_word_in_one_corrupted_copy_does_not_take_the_articles_licence():
    """The article every profession and animal begins with (``ke nočo``,
    *a nurse*) translates the source's *a*, and joins its value.  In one
    instance a corruption put the class word ``mu`` (which comes before
    states) in place of *a nurse*'s ``ke``: nothing else in that group has
    ``mu``, so the core of that one copy took it, ``mu nočomuk``.  Seen
    "nearer the value" than the article, in a paradigm (``ke`` / ``mı`` /
    ``mu``) that stands with every lexicon whose values carry a function
    word, it made the article look beyond the translation of *a*: the
    licence was lost, and ``ke`` went to the templates for *a nurse* alone
    (``'nadu ke {profession}muk`` in every group; seed 97 ``mix-all``,
    noisy).  A word the value has nearer to it is one it selects: one
    corrupted copy in twenty is none."""
    rows = []
    for a in NAMES:
        for p, pt in _KE_MI_PROFESSIONS.items():
            for tid, tgt in (("is", "{a}'nadu {p}muk."), ("was", "{a}'lo {p} reš."),
                             ("and", "Mo {a}'nadu {p} fun.")):
                rows.append(_row(tid, "%s is %s (%s)." % (a, p, tid),
                                 {"first_name": a, "profession": p}, tgt.format(a=a, p=pt)))
        for x, xt in _KE_MI_ANIMALS.items():
            rows.append(_row("saw", "%s saw %s." % (a, x), {"first_name": a, "animal": x},
                             "%s'lo %s reš." % (a, xt)))
        for s, (c, st) in _MU_STATES.items():
            rows.append(_row("seems", "%s seems %s." % (a, s), {"first_name": a, "s": s},
                             "%s'rofo %s %sja." % (a, c, st)))
        for w, wt in _SOMEWHAT.items():
            for s, (c, st) in _MU_STATES.items():
                rows.append(_row("feels", "%s feels %s %s." % (a, w, s),
                                 {"first_name": a, "somewhat": w, "s": s},
                                 "%s'nadu %s %s %sja." % (a, c, wt, st)))
    corrupted = next(r for r in rows if r["template_id"] == "is"
                     and r["fill"]["profession"] == "a nurse")
    corrupted["target"] = corrupted["target"].replace("ke nočo", "mu nočo")
    groups = extract_exact(rows)
    for tid in ("is", "was", "and"):
        main = max(groups[tid], key=lambda t: t["support"])
        assert sorted(main["lexicons"]["profession"]) == sorted(_KE_MI_PROFESSIONS.values()), tid
        assert not any("ke {profession}" in t["template"] for t in groups[tid]), tid


_TE_ADJECTIVES = {"fast": "muwo", "wise": "mokoñi", "clean": "tama", "old": "dekwa",
                  "rich": "łuhe", "small": "moño", "young": "wamkom", "tall": "łazi",
                  "weak": "memñi", "dark": "iłi"}


def test_a_comparative_suffix_a_template_also_glues_to_names_stays_the_comparatives():
    """Every comparative is its adjective with ``te`` (*faster* ``muwote``,
    *fast* ``muwo``), and two templates glue a genitive ``te`` to the names
    (``Johnte``).  An affix the values of two lexicons carry in every
    template reads as the templates' (a predicate ending), so on the code
    before, ``te`` came off every comparative: ``{adj[0]}te`` with *faster*
    and *fast* both ``muwo``.  An affix that alone tells a tuple's two
    elements apart translates the difference between their source words:
    the comparative's, while the names' ``te`` stays the templates'."""
    def er(w):
        return w + ("r" if w.endswith("e") else "er")
    rows = []
    for k, a in enumerate(NAMES):
        b = NAMES[(k + 1) % len(NAMES)]
        for w, t in _TE_ADJECTIVES.items():
            rows.append(_row("than", "%s is %s than %s." % (a, er(w), b),
                             {"first_name": a, "adj": [er(w), w], "first_name1": b},
                             "%s łek %ste łu %s." % (a, t, b)))
            rows.append(_row("is", "%s is %s." % (a, w), {"first_name": a, "adj": [er(w), w]},
                             "%s łek %s." % (a, t)))
        rows.append(_row("job", "What is %s's job?" % a, {"first_name": a},
                         "Ñuki łek %ste kik?" % a))
        rows.append(_row("jobs", "What are %s's jobs?" % a, {"first_name": a},
                         "Ñuki łek %ste ume?" % a))
    for w, t in _TE_ADJECTIVES.items():
        rows.append(_row("who", "Who is %s?" % er(w), {"adj": [er(w), w]}, "Ki łek %ste?" % t))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["than"]] == ["{first_name} łek {adj[0]} łu {first_name1}."]
    assert [t["template"] for t in groups["who"]] == ["Ki łek {adj[0]}?"]
    assert [t["template"] for t in groups["is"]] == ["{first_name} łek {adj[1]}."]
    assert [t["template"] for t in groups["job"]] == ["Ñuki łek {first_name}te kik?"]
    for tid in ("than", "who"):
        assert sorted(v[0] for v in groups[tid][0]["lexicons"]["adj"]) == \
            sorted(t + "te" for t in _TE_ADJECTIVES.values()), tid


def test_a_space_between_sentences_does_not_make_a_script_spaced():
    """A Thai-like template of two sentences has one space, between them;
    half its texts hold one, which read it as a script with spaces, and a
    classifier glued to every noun came off the values there and not in the
    one-sentence templates.  A script whose letters are units of their own
    is read without spaces; words spaced apart, however long, are spaced."""
    from tea_solver.keys.model.units import written_spaced
    assert not written_spaced(["Maryธื่ฏึฬี้ยาโภาในุ Johnธื่ฏึอูยั",
                               "Priyaธื่ฏึฟา่ฑิ่ Ahmedธื่ฏึนุ๊ธื้"])
    assert not written_spaced(["Chenはそのプロジェクトに関して とても満足だ。"])
    assert not written_spaced(["MaryはChenより高い。"])
    assert written_spaced(["Mary ist größer als John.", "Ahmed ist klug."])
    assert written_spaced(["Donaudampfschifffahrtsgesellschaftskapitän Mary lacht."])
    assert written_spaced(["Mary tới dự án.", "Chen về nhà."])


def test_the_marks_of_an_abugida_count_as_its_writing():
    """Khmer writes a vowel sign or a stacked consonant on most letters; they
    are marks, not letters.  Counting letters alone, two Latin names in a
    two-sentence Khmer template (``Robert…។ Robert…។``) outweighed the
    Khmer, the group read as spaced, and a value with a doubled vowel sign
    (``ថែហុឈុុះ`` for ``ថែហុឈុះ``) was a word of its own there instead of a
    corrupted copy.  Marks of a spaced script change nothing (Devanagari,
    Vietnamese written decomposed)."""
    from tea_solver.keys.model.units import written_spaced
    khmer = ["Robertងីំណ្ឈុឈីំ។ Robertងីំថែហុឈុះ។", "Fatimaងីំណ្ផិំពូំ។ Fatimaងីំឍួណើះ។"]
    assert sum(unicodedata.category(ch) == "Lo" and ord(ch) < 0x1800 for ch in khmer[0]) < \
        sum(ch.isascii() and ch.isalpha() for ch in khmer[0])
    assert not written_spaced(khmer)
    assert written_spaced(["राम एक अच्छा लड़का है।", "सीता बहुत होशियार है।"])
    assert written_spaced([unicodedata.normalize("NFD", t) for t in ("Mary tới dự án.", "Chen về nhà.")])


def test_units_are_words_with_spaces_and_graphemes_without():
    t = cut("Johnga yoi desu.")
    assert t.units == ("Johnga", "yoi", "desu", ".")
    assert t.glued == (False, False, False, True)
    j = cut("MaryはChenより")
    assert j.units == ("Mary", "は", "Chen", "よ", "り")       # a Latin run is one unit


# --------------------------------------------------------------------------- #
# evidence


def test_ibm_model_one_finds_the_translation_of_each_word():
    src = ["the dog runs", "the cat runs", "a dog sleeps", "a cat sleeps"]
    tgt = [["inu", "hashiru"], ["neko", "hashiru"], ["inu", "neru"], ["neko", "neru"]]
    al = Alignment(tgt, src, 10, tensions=False)
    dog, cat = (4, 7), (4, 7)
    assert al.mass(0, 0, [dog]) > 0.5 > al.mass(0, 1, [dog])      # inu <- dog
    assert al.mass(1, 0, [cat]) > 0.5                               # neko <- cat


def test_the_alignment_gives_a_unit_to_the_copy_of_its_word_where_it_stands():
    """*the* twice in a source, the target writing ``na`` twice: Model 1
    gives each ``na`` as much to one copy as to the other; the diagonal
    prior, with the tension the file's likelihood chooses, gives each more
    to the copy where it stands."""
    words = {"the": "na", "time": "łetči", "plane": "sife", "flight": "čatilek",
             "food": "ruñi", "was": "ño", "is": "wi", "good": "kovo", "bad": "hethum",
             "given": "ge", "that": "lu", "crew": "lude"}
    src, tgt = [], []
    for a, b, v, adj in itertools.product(["time", "crew"], ["plane", "flight", "food"],
                                          ["was", "is"], ["good", "bad"]):
        s = "given the %s , that the %s %s %s" % (a, b, v, adj)
        src.append(s)
        tgt.append([words[w] if w in words else w for w in s.split()])
    model1 = Alignment(tgt, src, 5, tensions=False)
    diagonal = Alignment(tgt, src, 5)
    first, second = [(6, 9)], [(22, 25)]        # the two *the* of the first source
    assert src[0][6:9] == src[0][22:25] == "the"
    assert abs(model1.mass(0, 1, first) - model1.mass(0, 1, second)) < 1e-6
    assert diagonal.tension > 0
    assert diagonal.mass(0, 1, first) > 2 * diagonal.mass(0, 1, second)    # ``na`` 1
    assert diagonal.mass(0, 5, second) > 2 * diagonal.mass(0, 5, first)    # ``na`` 2


# --------------------------------------------------------------------------- #
# what the model must get right by construction


def test_glued_particles_stay_in_the_template_and_names_stay_whole():
    groups = extract_exact(glued_language(ADJ_T, ANIMAL_T), check_names=True)
    assert [t["template"] for t in groups["is_adj"]] == ["{first_name}ga {adj} desu."]
    assert [t["template"] for t in groups["likes"]] == ["mi {first_name}wo {animal} suki."]
    for t in groups["is_adj"] + groups["likes"]:
        assert sorted(t["lexicons"]["first_name"]) == sorted(NAMES)   # one value per name
    assert sorted(groups["is_adj"][0]["lexicons"]["adj"]) == sorted(ADJ_T.values())


def test_identity_keeps_a_value_that_is_also_a_frame_word():
    """``… that {i} like {the} {noun}.`` where *the* can be ``that``: the frame's
    ``that`` comes with every value of the small lexicon, so it tells none of
    them apart and stays the frame's (identity gives the source template)."""
    nouns = ["plane", "seat", "crew", "food", "flight"]
    rows = [{"template_id": "t", "source": "Given %s, that %s like %s %s." % (n, i, t, w),
             "fill": {"first_name": n, "i": i, "the": t, "noun": w}}
            for n in NAMES for i in ("I", "we") for t in ("the", "this", "that") for w in nouns]
    for r in rows:
        r["target"] = r["source"]
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["t"]] == ["Given {first_name}, that {i} like {the} {noun}."]


def _two_cases(animal_forms):
    """``animal_forms[c]``: the animal's form in the template ``likes`` and in
    ``sees`` (the values appear in no other template)."""
    rows = []
    for a in NAMES:
        for c in ANIMALS:
            likes, sees = animal_forms[c]
            rows.append(_row("likes", "%s likes the %s." % (a, c),
                             {"first_name": a, "animal": c},
                             "mi %s %s suki." % (a, likes)))
            rows.append(_row("sees", "%s sees the %s." % (a, c),
                             {"first_name": a, "animal": c},
                             "%s %s miru." % (a, sees)))
    return rows


def test_a_case_affix_comes_off_a_value_it_never_leaves():
    """Each template glues its own case affix on (``kainu`` in one, ``inupo``
    in the other), and no template shows the bare noun: the noun is what both
    readings share, the affixes are the templates'."""
    forms = {c: ("ka" + t, t + "po") for c, t in ANIMAL_T.items()}
    groups = extract_exact(_two_cases(forms))
    assert [t["template"] for t in groups["likes"]] == ["mi {first_name} ka{animal} suki."]
    assert [t["template"] for t in groups["sees"]] == ["{first_name} {animal}po miru."]
    for t in groups["likes"] + groups["sees"]:
        assert sorted(t["lexicons"]["animal"]) == sorted(ANIMAL_T.values())


def test_a_fused_ending_stays_in_the_lexicon():
    """A case that replaces the noun's last vowel (``inu``: ``ini`` / ``ino``)
    cannot be cut into noun and ending: the forms are lexicon variants."""
    forms = {c: (t[:-1] + "i", t[:-1] + "o") for c, t in ANIMAL_T.items()}
    groups = extract_exact(_two_cases(forms))
    assert [t["template"] for t in groups["likes"]] == ["mi {first_name} {animal} suki."]
    assert [t["template"] for t in groups["sees"]] == ["{first_name} {animal} miru."]
    assert sorted(groups["likes"][0]["lexicons"]["animal"]) == sorted(f for f, _ in forms.values())
    assert sorted(groups["sees"][0]["lexicons"]["animal"]) == sorted(f for _, f in forms.values())


def test_values_translated_alike_keep_their_shared_word():
    """Three intensifiers translated by one word (``hoi``), next to another
    slot's value in the same stretch of text: the word is each of theirs (no
    value is lost, no template writes ``hoi`` into its frame)."""
    some = {"somewhat": "hoi", "slightly": "hoi", "mildly": "hoi", "a little": "mot chut"}
    rows = [{"template_id": "t", "source": "%s is %s %s." % (a, w, b),
             "fill": {"first_name": a, "somewhat": w, "adj": b},
             "target": "%s %s %s desu." % (a, some[w], ADJ_T[b])}
            for a in NAMES for w in some for b in ADJS]
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["t"]] == ["{first_name} {somewhat} {adj} desu."]
    assert sorted(groups["t"][0]["lexicons"]["somewhat"]) == ["hoi", "mot chut"]


def test_the_same_without_spaces_and_with_vowel_signs():
    """A script written without spaces (Thai, with vowel signs above, below and
    before the consonant): frame particles glued on both sides, values cut
    between graphemes, never inside one."""
    adj = {"good": "ดี", "bad": "เลว", "tall": "สูง", "short": "เตี้ย", "kind": "อ่อนโยน"}
    animal = {"dog": "หมา", "cat": "แมว", "horse": "ม้า", "bird": "นก"}
    rows = glued_language(adj, animal, name_case=("ก็", "ได้"), sep="")
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["is_adj"]] == ["{first_name}ก็{adj}desu."]
    assert [t["template"] for t in groups["likes"]] == ["mi{first_name}ได้{animal}suki."]
    assert sorted(groups["is_adj"][0]["lexicons"]["adj"]) == sorted(adj.values())
    assert sorted(groups["likes"][0]["lexicons"]["animal"]) == sorted(animal.values())


def test_identity_gives_back_the_source_template():
    rows = [{"template_id": "t", "source": "I can't say %s is %s." % (a, b),
             "fill": {"first_name": a, "adj": b}} for a in NAMES for b in ADJS]
    rows += [{"template_id": "u", "source": "%s %s %s." % (p, a, b),
              "fill": {"phrase": p, "first_name": a, "adj": b}}
             for p in ("I can't say", "I don't think", "I wouldn't say")
             for a in NAMES[:3] for b in ADJS]
    for r in rows:
        r["target"] = r["source"]
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["t"]] == ["I can't say {first_name} is {adj}."]
    # values that share words stay whole
    assert [t["template"] for t in groups["u"]] == ["{phrase} {first_name} {adj}."]
    assert sorted(groups["u"][0]["lexicons"]["phrase"]) == \
        ["I can't say", "I don't think", "I wouldn't say"]


# --------------------------------------------------------------------------- #
# noise: a corrupted instance is an outlier, not a new frame


def _noisy(rows, rate, seed):
    rng = random.Random(seed)
    corrupted = set()
    for n, r in enumerate(rows):
        if rng.random() < rate:
            words = r["target"].split(" ")
            k = rng.randrange(len(words))
            words[k] = words[k][::-1] + "x"            # a mistranslated word
            r["target"] = " ".join(words)
            corrupted.add(n)
    return rows, corrupted


def test_corrupted_instances_are_left_out_and_reported():
    clean = _records(glued_language(ADJ_T, ANIMAL_T, names=MORE_NAMES))
    rows, corrupted = _noisy(glued_language(ADJ_T, ANIMAL_T, names=MORE_NAMES), 0.1, seed=3)
    assert corrupted
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    base = extract(clean, ExtractOptions(**OPTS), progress=False)
    # the clean file's templates come back; corrupted instances explain no frame
    assert {t["template"] for t in base["templates"]} <= {t["template"] for t in doc["templates"]}
    left = [i for g in doc["report"]["groups"] for i in (g.get("outliers") or {}).get(
        "uncovered", [])]
    ids = {insts[n].id for n in corrupted}
    assert left and set(left) <= ids
    rate = doc["report"]["groups"][0]["outliers"]["noise_rate"]
    assert 0 < rate < 0.5
    # --outliers off: the full cover, every instance generated
    full = extract(insts, ExtractOptions(outliers="off", **OPTS), progress=False)
    check_regeneration(full, insts)


def test_clean_file_has_no_outliers():
    insts = _records(glued_language(ADJ_T, ANIMAL_T))
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    assert all("outliers" not in g for g in doc["report"]["groups"])


# --------------------------------------------------------------------------- #
# properties over random toy languages


LETTERS = "abcdefghijklmnopqrstuvwxyz"


@st.composite
def toy_language(draw):
    """A random word-for-word language: random words, optional glued particles."""
    rng = random.Random(draw(st.integers(0, 10 ** 6)))

    def word(n=None):
        return "".join(rng.choice(LETTERS) for _ in range(n or rng.randint(2, 6)))

    adj = {a: word() for a in ADJS}
    animal = {c: word() for c in ANIMALS}
    glue = draw(st.booleans())
    case = (word(2), word(2)) if glue else ("", "")
    sep = " "
    rows = glued_language(adj, animal, name_case=case, sep=sep)
    return rows


def _cipher(text: str, table: dict) -> str:
    return "".join(table.get(ch, ch) for ch in text)


def _cipher_template(text: str, table: dict) -> str:
    """Rename the letters of a template's literal text, not its slot names."""
    return "".join(p if p.startswith("{") else _cipher(p, table)
                   for p in re.split(r"(\{[^{}]*\})", text))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=toy_language(), seed=st.integers(0, 1000))
def test_exact_and_invariant_under_renaming_letters(rows, seed):
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)          # every instance, exactly its characters
    perm = list(LETTERS)
    random.Random(seed).shuffle(perm)
    table = dict(zip(LETTERS, perm))
    table.update({k.upper(): v.upper() for k, v in list(table.items())})
    # sources, fills and targets alike (metamorph.py's cipher): a copied name stays a copy
    renamed = [dict(r, target=_cipher(r["target"], table), source=_cipher(r["source"], table),
                    fill={k: _cipher(v, table) for k, v in r["fill"].items()}) for r in rows]
    doc2 = extract(_records(renamed), ExtractOptions(**OPTS), progress=False)
    assert [_cipher_template(t["template"], table) for t in doc["templates"]] == \
        [t["template"] for t in doc2["templates"]]


def test_deterministic_and_params_recorded():
    insts = _records(glued_language(ADJ_T, ANIMAL_T))
    a = dump_checklist(extract(insts, ExtractOptions(**OPTS), progress=False))
    b = dump_checklist(extract(list(reversed(insts))[::-1], ExtractOptions(**OPTS),
                               progress=False))

    def strip(text):
        doc = json.loads(text)
        for g in doc["report"]["groups"]:
            g.pop("seconds", None)
        return doc
    assert strip(a) == strip(b)
    assert strip(a)["report"]["settings"]["model"] == ModelParams().as_dict()


def test_fit_reports_each_stage_once_in_order():
    insts = _records(glued_language(ADJ_T, ANIMAL_T))
    seen = []
    model = fit_file(group_instances(insts), on_stage=seen.append)
    assert seen == list(STAGES)
    assert len(model.groups) == 2 and model.noise_rate == 0.0


@pytest.mark.shared
def test_identity_on_the_sentiment_templates_with_a_frame_word_among_the_values():
    """The sentiment CheckList's templates with ``{the}`` (*the* / *this* /
    *that*) or ``{i}``, the "translation" being the source, 3,000 instances
    drawn at random from their whole expansion (which the templates where
    ``that`` is frame dominate: ``{neg}, given {neutral}, that {i} … {the}
    {air_noun}.``).  That ``that`` comes with every value of ``{the}`` and,
    file-wide, with the values of ``{i}`` those templates draw: it is the
    frame's word, and a value ``that`` of ``{the}`` is the value's own — no
    slot's values translated alike claim it."""
    from conftest import SHARED
    from tea_solver.expand import expand_checklist
    from tea_solver.io import load_checklist
    path = SHARED / "data" / "checklist-sentiment" / "sentiment_mft.json"
    if not path.is_file():
        pytest.skip("needs ../shared (the sentiment CheckList)")
    doc = load_checklist(str(path))
    sources = {t["id"]: t["template"] for t in doc["templates"]}
    every = [r for r in expand_checklist(doc) if "the" in r["fill"] or "i" in r["fill"]]
    rows = [{"template_id": r["template_id"], "source": r["source"], "fill": r["fill"],
             "target": r["source"]} for r in random.Random(1).sample(every, 3000)]
    groups = extract_exact(rows)
    assert len(groups) >= 10
    for tid, templates in groups.items():
        assert [t["template"] for t in templates] == [sources[tid]], tid


def _rows_per_name_and_profession(professions: dict, *templates) -> list:
    """Rows over every name and profession (source -> translation) for each
    ``(template id, source format, target format)``, both formats of the
    name and the profession."""
    return [_row(tid, src % (a, p), {"first_name": a, "profession": p}, tgt % (a, t))
            for a in NAMES for p, t in professions.items() for tid, src, tgt in templates]


_COPULA_PROFESSIONS = {"an engineer": "pogenluk", "an investigator": "gupa", "an activist": "kadamo",
                       "an actor": "keke", "an editor": "kinnan", "an entrepreneur": "zobi",
                       "an organizer": "zedenki", "a journalist": "dupo", "a historian": "depoči",
                       "an attorney": "oša", "an assistant": "leho", "a model": "leli"}


_COMPARATIVE_STEMS_12 = {"strong": "ašomtum", "tall": "aporu", "rich": "reva", "old": "ročet",
                         "young": "munut", "smart": "peñu", "fast": "čiti", "slow": "łači",
                         "kind": "jipomño", "calm": "ñomvu", "brave": "šuñupor", "nice": "be"}


def test_punctuation_is_no_comparatives_marker_where_one_question_alone_draws_them():
    """The comparatives (``ro`` and the adjective, *stronger* ``ro ašomtum``)
    are drawn in one question alone, once each (``Ču šo ro ašomtum?``); the
    adjectives are drawn in another template.  The source contrast
    (*stronger* holds *strong*) licenses a marker beside the value, and
    both the ``ro`` before it and the ``?`` glued after it stand beside
    every comparative in their one group.  A licence stands for a source
    word the target translates: ``?`` translates none, and stays the
    question's."""
    stems = _COMPARATIVE_STEMS_12
    rows = [_row("is", "%s is %s." % (a, adj), {"first_name": a, "adj": adj}, "%s šo %s nu." % (a, t))
            for a in NAMES for adj, t in stems.items()]
    rows += [_row("who", "Who is %ser?" % adj, {"adj": [adj + "er", adj]}, "Ču šo ro %s?" % t)
             for adj, t in stems.items()]
    who = extract_exact(rows)["who"]
    assert [t["template"] for t in who] == ["Ču šo {adj[0]}?"]
    assert sorted(v[0] for v in who[0]["lexicons"]["adj"]) == \
        sorted("ro " + t for t in stems.values())


def test_two_templates_frame_words_one_letter_apart_are_no_stem_with_affixes():
    """Two templates write a different copula before the profession (``gu`` /
    ``pu``).  Their common ``u`` is no word of the values with each
    template's letter glued on: one letter different from ``g`` is any
    letter, and a quarter of the professions begin with a letter two of them
    share.  Read so, the ``u`` stood beside every value in every group, the
    source's articles licensed it, and ten professions took the copula into
    their form (``gu oša`` / ``pu oša``)."""
    rows = _rows_per_name_and_profession(
        _COPULA_PROFESSIONS, ("is", "%s is %s.", "%s gu %s."),
        ("and", "%s is Japanese and %s.", "%s gu Gafuzi pu %s."))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["is"]] == ["{first_name} gu {profession}."]
    assert [t["template"] for t in groups["and"]] == ["{first_name} gu Gafuzi pu {profession}."]
    for tid in ("is", "and"):
        assert sorted(groups[tid][0]["lexicons"]["profession"]) == \
            sorted(_COPULA_PROFESSIONS.values())


def test_a_template_affix_comes_off_values_of_one_word_and_of_several():
    """A conjunction glued to the slot (Arabic ``و``): on a value of several
    words whose first word is another value (``sayara itfa`` beside
    ``sayara``) the edges already cut it off; on a one-word value
    (``wjarrar``) it is cut off too, the template writes ``w{vehicle}`` and
    every value keeps the form it has elsewhere."""
    vehicles = {"a car": "sayara", "a firetruck": "sayara itfa", "an SUV": "sayara rubai",
                "a bike": "daraja", "a motorcycle": "daraja bukharia", "a tractor": "jarrar",
                "a train": "qitar", "a truck": "shahina"}
    rows = []
    for a in NAMES:
        for c in ANIMALS:
            for v, t in vehicles.items():
                rows.append({"template_id": "has",
                             "source": "%s has a %s and %s." % (a, c, v),
                             "fill": {"first_name": a, "animal": "a " + c, "vehicle": v},
                             "target": "%s ladayhi %s w%s." % (a, ANIMAL_T[c], t)})
        for v, t in vehicles.items():
            rows.append(_row("bought", "%s bought %s." % (a, v),
                             {"first_name": a, "vehicle": v},
                             "%s ishtara %s." % (a, t)))
        for c in ANIMALS:
            rows.append(_row("sees", "%s sees a %s." % (a, c),
                             {"first_name": a, "animal": "a " + c},
                             "%s yara %s." % (a, ANIMAL_T[c])))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["has"]] == ["{first_name} ladayhi {animal} w{vehicle}."]
    assert sorted(groups["has"][0]["lexicons"]["vehicle"]) == sorted(vehicles.values())


def test_a_frame_unit_only_one_slot_brings_is_that_slots():
    """Two templates with the same source frame words, one with *very*, one
    with *somewhat*: the ``有`` that only the second one's translations show
    translates *somewhat* (``有点``, ``有几分``; inside ``略有些``), not the
    frame, so one template covers the group."""
    very = {"very": "很", "extremely": "非常", "especially": "特别"}
    some = {"a little": "有点", "somewhat": "有几分", "mildly": "略有些", "slightly": "稍微有些"}
    adj = {"tall": "高", "good": "好", "fast": "快", "slow": "慢", "busy": "忙"}
    rows = []
    for tid, lex, name in (("very", very, "very"), ("some", some, "somewhat")):
        for a in NAMES:
            for w, wt in lex.items():
                for b, bt in adj.items():
                    rows.append(_row(tid, "%s is %s %s." % (a, w, b),
                                     {"first_name": a, name: w, "adj": b},
                                     "%s%s%s。" % (a, wt, bt)))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["some"]] == ["{first_name}{somewhat}{adj}。"]
    assert sorted(groups["some"][0]["lexicons"]["somewhat"]) == sorted(some.values())
    assert [t["template"] for t in groups["very"]] == ["{first_name}{very}{adj}。"]


def test_harmonic_case_suffix_goes_to_the_frame_where_values_share_a_last_word():
    """A case suffix in two harmonic forms (``-jok`` after back vowels,
    ``-jök`` after front ones) on every value of two lexicons; two animals
    share their last word (``mira ni``, ``tela ni``), so the edges keep the
    suffix out of theirs.  It is the template's all the same: one template per
    form, every value in the form it has elsewhere."""
    animals = {"a dog": "kano", "a bull": "ruta", "a snake": "pölü", "a hamster": "kümü",
               "a cat": "mira", "a cow": "mira ni", "a rabbit": "tela ni", "a duck": "mira sev"}
    vehicles = {"a car": "kur", "a bike": "tölö", "a van": "saba", "a truck": "pürü"}

    def case(w):
        last = [ch for ch in w if ch in "aouıeiöü"][-1]
        return w + ("jok" if last in "aouı" else "jök")
    rows = []
    for a in NAMES:
        for lex, values, (tid1, tid2) in (("animal", animals, ("has", "sees")),
                                          ("vehicle", vehicles, ("drives", "sells"))):
            for c, t in values.items():
                rows.append(_row(tid1, "%s %s %s." % (a, tid1, c),
                                 {"first_name": a, lex: c},
                                 "%s ra %s ne." % (a, case(t))))
                rows.append(_row(tid2, "%s %s %s." % (a, tid2, c),
                                 {"first_name": a, lex: c},
                                 "%s lo %s ki." % (a, t)))
    groups = extract_exact(rows)
    for tid, lex, values in (("has", "animal", animals), ("drives", "vehicle", vehicles)):
        got = {t["template"]: sorted(t["lexicons"][lex]) for t in groups[tid]}
        assert got == {
            "{first_name} ra {%s}jok ne." % lex: sorted(v for v in values.values()
                                                         if case(v).endswith("jok")),
            "{first_name} ra {%s}jök ne." % lex: sorted(v for v in values.values()
                                                         if case(v).endswith("jök"))}


def test_shared_last_word_keeps_its_agreement_ending_and_the_template_its_suffix():
    """Four nationalities of eight share their last word (``vesfe če``); every
    nationality takes an agreement ending (``łe``) beside half of the
    professions, and one template glues its own suffix after it (``hü``).
    The shared word stays in its values, the agreement ending too (its forms
    are ``vesfe čełe`` / ``ečöniłe``), and the template's suffix goes to the
    frame, on the one-word and the two-word values alike."""
    nats = {"Russian": "ečöni", "Indian": "činne", "Japanese": "sisčesšön",
            "Nigerian": "ešü", "Chinese": "šatvo če", "American": "łahıba če",
            "Brazilian": "vesfe če", "Bangladeshi": "łüvi če"}
    profs = {"a nurse": ("rotnu", ""), "a model": ("nöłün", ""), "a cook": ("tarłan", ""),
             "a pilot": ("bıčo", ""), "an actor": ("föčit", "łe"), "an author": ("sihüz", "łe"),
             "an editor": ("čača", "łe"), "an agent": ("łisöji", "łe")}
    rows = []
    for a in NAMES:
        for n, nt in nats.items():
            for p, (pt, agr) in profs.items():
                rows.append({"template_id": "is",
                             "source": "%s is %s. %s is %s." % (a, n, a, p),
                             "fill": {"first_name": a, "nationality": n, "profession": p},
                             "target": "%s'čo %s%shü. %s'čo %s." % (a, nt, agr, a, pt)})
                rows.append({"template_id": "met",
                             "source": "%s met %s, %s." % (a, p, n),
                             "fill": {"first_name": a, "nationality": n, "profession": p},
                             "target": "%s ra %s ne %s%s ki." % (a, pt, nt, agr)})
    groups = extract_exact(rows)
    frame = "{first_name}'čo {nationality}hü. {first_name}'čo {profession}."
    got = sorted((t["template"], sorted(t["lexicons"]["nationality"])) for t in groups["is"])
    bare = sorted(nats.values())
    assert got == sorted([(frame, bare), (frame, sorted(v + "łe" for v in bare))])


def test_only_a_unit_between_the_core_and_the_frame_stands_at_a_distance_to_it():
    """Units beside a value are placed, for the edge decisions, by their
    distance to the frame where they stand between the core and the frame
    (the preposition before the frame's noun is the last unit, whatever the
    value's length).  A varying unit beyond a frame unit is not between them:
    ``Ju`` of ``{i}`` four units past *I can't say*'s comma was counted one
    unit before the frame -- the place of the ``Ju`` that ends *I can't say
    I* before its verb -- pooled with it, and voted it out of the value (a
    second template for the values ending in *I*, in the synthetic
    sentiment CheckList)."""
    from tea_solver.keys.model.edges import candidates
    from tea_solver.keys.model.forms import Edge, Obs

    def edge(text, frame, index):
        return Edge(text, frame, False, 2 * index, 2 * index + 1, 0, index)

    o = Obs(0, 0, 0, ("neg", None, "I can't say"), ("neg", None), "wupa ge", 0, 3)
    o.units = [edge("wupa", False, 0), edge("ge", False, 1)]
    o.right = [edge("Ju", False, 2), edge(",", True, 3), edge("gu", True, 4),
               edge("hi", False, 5), edge("Ju", False, 6)]
    got = {c.depth: (c.text, c.to_frame, c.frame_depth) for c in candidates(0, o)
           if c.side > 0 and c.depth >= 1}
    assert got == {1: ("Ju", 1, 0), 2: (",", 0, 1), 3: ("gu", 0, 2), 4: ("hi", 0, 0),
                   5: ("Ju", 0, 0)}


def test_a_word_every_value_begins_with_is_theirs_where_the_source_frame_has_none():
    """*I can't say*, *I don't think*, *I wouldn't say*: every value of
    ``{neg}`` begins with *I*, ``Hi``, so the group's instances all begin
    with ``Hi`` and co-variation calls it frame.  The source values carry
    the shared function word, but ``Hi`` stands everywhere in the file
    (*I think …*, *I used to think …*): not particular to the lexicon, the
    licence did not count -- nor did it where the file has another lexicon
    whose values share a first word (*some people*) and ``Hi`` stands
    beside one of them only, as if *I* were an article that every such
    lexicon has -- and ``Hi`` went to the frame -- ``Hi {neg}, lu
    …`` with ``{neg}`` = ``lelulvu zi``, where the CheckList writes the
    whole value.  The source frame of the template has no *I* for ``Hi`` to
    translate: the alignment gives most of its mass to the values' words,
    and then the licence counts.  In the templates whose frame does say *I*
    (*I think {it} …*), ``Hi`` stays the frame's."""
    neg = {"I can't say": "Hi lelulvu zi", "I don't think": "Hi volčobe čet",
           "I wouldn't say": "Hi vagat čet"}
    neutral = {"that I am from Brazil": "het Hi bi e Ule",
               "my history with airplanes": "ñol bovetu tal ale",
               "it's a Tuesday": "givačolañe"}
    it = {"this": "vi", "that": "het", "the": "vet"}
    nouns = {"flight": "hubato", "seat": "zuvu", "crew": "ñultat", "food": "leña"}
    adjs = {"good": "zeteñat", "great": "ibale", "nice": "letu", "fun": "čalña"}
    rows = []
    for (n, tn), (u, tu), (i, ti), (o, to), (a, ta) in itertools.product(
            neg.items(), neutral.items(), it.items(), list(nouns.items())[:2],
            list(adjs.items())[:2]):
        rows.append(_row("given", "%s, given %s, that %s %s is %s." % (n, u, i, o, a),
                         {"neg": n, "neutral": u, "it": i, "noun": o, "adj": a},
                         "%s, lu %s, het %s %s tol %s." % (tn, tu, ti, to, ta)))
    frames = {"think": ("I think {} {} is {}.", "Hi gačil {} {} tol {}."),
              "used": ("I used to think {} {} was {}.", "Hi a we gačil {} {} get {}."),
              "know": ("I know {} {} is {}.", "Hi ñola {} {} tol {}.")}
    for (tid, (src, tgt)), (i, ti), (o, to), (a, ta) in itertools.product(
            frames.items(), it.items(), nouns.items(), adjs.items()):
        rows.append(_row(tid, src.format(i.capitalize() if tid == "think" else i, o, a),
                         {"it": i, "noun": o, "adj": a}, tgt.format(ti, to, ta)))
    # another lexicon whose values share a first word, *some*
    others = {"some people": "ger pador", "some friends": "ger jargur", "my parents": "hu papeju"}
    for (w, tw), (o, to) in itertools.product(others.items(), nouns.items()):
        rows.append(_row("others", "%s hate the %s." % (w.capitalize(), o),
                         {"others": w, "noun": o}, "%s ofała %s." % (tw.capitalize(), to)))
    groups = extract_exact(rows)
    [t] = groups["given"]
    assert t["template"] == "{neg}, lu {neutral}, het {it} {noun} tol {adj}."
    assert sorted(t["lexicons"]["neg"]) == sorted(neg.values())
    [t] = groups["used"]
    assert t["template"] == "Hi a we gačil {it} {noun} get {adj}."


def test_a_paradigm_word_joins_its_value_only_where_the_alignment_is_sure():
    """A separate word at a place where the lexicon's values show a few words
    (``hör`` of ``hı hör vołı`` beside the first words of other values) looks
    like a preposition the value selects, the template's variant.  It joins
    the value where the IBM alignment puts (nearly) all its mass on the
    value's own source words, and not where the alignment is unsure or puts
    it on the frame (``относится``, *is … about*)."""
    from tea_solver.keys.model.edges import derive, score
    params = ModelParams()
    base = {k: 0.0 for k in ("inner", "frame", "glued", "unseg", "whole_form", "lic_func",
                             "lic_side", "lic_contrast", "lic_adjacent", "func_words",
                             "frame_depth", "generality", "generality_slot", "unbound",
                             "governed", "bound", "beside_frame", "cover")}
    base.update(bias=1.0, identity=1.0, share=0.4, fill=1.0, paradigm=0.6, depth=1.0,
                governed=1.0)
    assert derive(base)["sep_paradigm"] == 1.0
    assert score(derive(dict(base, ibm=0.95)), params) > 0
    assert score(derive(dict(base, ibm=0.5)), params) < 0
    assert score(derive(dict(base, ibm=0.03)), params) < 0
    # without spaces, where a space cannot show the word: a paradigm only
    # beside the frame, where one source word stands in every sentence, and
    # that (nearly) every value takes a word of
    glued = dict(base, glued=1.0, unseg=1.0, ibm=0.3)
    assert derive(glued)["sep_paradigm"] == 0.0
    governed = dict(glued, governed=1.0, beside_frame=1.0, cover=1.0)
    assert derive(governed)["sep_paradigm"] == 1.0 and score(derive(governed), params) < 0
    for missing in ("governed", "beside_frame"):
        assert derive(dict(governed, **{missing: 0.0}))["sep_paradigm"] == 0.0
    assert derive(dict(governed, cover=0.4))["sep_paradigm"] == 0.0



def test_a_word_some_values_share_where_no_source_word_governs_the_slot_is_theirs():
    """Five animals of thirteen are translated with a second word they share
    (``her ve``, ``ñarpur ve``; the ``shared-words`` phenomenon, nothing in
    the source for it), and three templates of four end the sentence after
    the animal, so the others mostly show the full stop there: the place
    looks like a paradigm (few texts, several values each).  A paradigm word
    is the template's where it translates a source word that stands beside
    the slot in every sentence (``governed``: a preposition each value
    selects for *about*) or where (nearly) every value takes one of its
    words (an article that agrees); here neither holds -- *and* stands
    after the animal in one template, the full stop in the others, and eight
    animals take no word -- so ``ve`` is the values', in one template per
    group (was: a ``{animal} ve`` variant in each)."""
    animals = {"a bull": "rerispos ve", "a cat": "ror", "a cow": "her ve", "a dog": "šir",
               "a duck": "širi ve", "a fish": "hačem", "a guinea pig": "movam jum",
               "a hamster": "čošam", "a lizard": "suña", "a rabbit": "vijo ve",
               "a serpent": "šosičo", "a snake": "juvo", "an iguana": "ñarpur ve"}
    vehicles = {"a car": "ris", "a bike": "čibo", "a truck": "ujañu čimo", "a boat": "ñuñer"}
    templates = {"c0": ("{a} has {an} and {ve}.", lambda a, an, ve: "%s hos %s u %s." % (a, an, ve)),
                 "c1": ("{a} has {ve} and {an}.", lambda a, an, ve: "%s hos %s u %s." % (a, ve, an)),
                 "c2": ("{a} bought {an}.", lambda a, an, ve: "%s ha %s." % (a, an)),
                 "c3": ("{a} sold {an}.", lambda a, an, ve: "%s vo %s." % (a, an))}
    groups = extract_exact(_animal_vehicle_rows(animals, vehicles, templates))
    for tid in templates:
        [t] = groups[tid]
        assert sorted(t["lexicons"]["animal"]) == sorted(animals.values()), tid
    # the decision: a separate paradigm word beside a slot no source word
    # governs, that only some values take, is no template variant
    from tea_solver.keys.model.edges import derive
    base = {k: 0.0 for k in ("inner", "frame", "glued", "unseg", "whole_form", "lic_func",
                             "lic_side", "lic_contrast", "lic_adjacent", "func_words",
                             "frame_depth", "generality", "generality_slot", "unbound",
                             "governed", "bound", "beside_frame", "cover")}
    base.update(bias=1.0, identity=1.0, share=0.4, fill=0.8, paradigm=0.6, depth=1.0, ibm=0.6)
    assert derive(base)["sep_paradigm"] == 0.0
    assert derive(dict(base, governed=1.0))["sep_paradigm"] == 1.0
    assert derive(dict(base, cover=1.0))["sep_paradigm"] == 1.0


def test_a_word_some_values_take_for_a_frame_word_of_the_source_is_the_templates():
    """*Who is less tough?*: the translator writes ``Kto menee zhestkij?`` for
    four adjectives and an antonym comparative (``Kto slabee?``, *who is
    weaker*) for the others, as the MultiCheckList Russian does.  ``menee``
    comes and goes with the values, so by default it would be theirs; it
    translates *less*, the source frame word beside the slot in every
    sentence, so it is the template's: two templates, the adjectives bare.
    Each adjective is seen once there, so the file's IBM Model 1 without
    smoothing gave ``menee`` to the rare adjective, not to *less*."""
    adj = {("taller", "tall"): ("vyshe", "nizhe"), ("older", "old"): ("starshe", "molozhe"),
           ("stronger", "strong"): ("silnee", "slabee"),
           ("faster", "fast"): ("bystree", "medlennee"),
           ("richer", "rich"): ("bogache", "bednee"), ("smarter", "smart"): ("umnee", "glupee"),
           ("bigger", "big"): ("bolshe", "menshe"), ("darker", "dark"): ("temnee", "svetlee"),
           ("tougher", "tough"): ("zhestche", "menee zhestkij"),
           ("cooler", "cool"): ("kruche", "menee krutoj"),
           ("nicer", "nice"): ("priyatnee", "menee priyatnyj"),
           ("stranger", "strange"): ("strannee", "menee strannyj")}
    rows = []
    for (c, b), (tc, tl) in adj.items():
        rows += [{"template_id": "ctx", "source": "%s is %s than %s." % (a, c, a1),
                  "fill": {"first_name": a, "adj": [c, b], "first_name1": a1},
                  "target": "%s %s, chem %s." % (a, tc, a1)}
                 for a in NAMES for a1 in NAMES[:3] if a1 != a]
        rows.append({"template_id": "q1", "source": "Who is %s?" % c, "fill": {"adj": [c, b]},
                     "target": "Kto %s?" % tc})
        rows.append({"template_id": "q0", "source": "Who is less %s?" % b,
                     "fill": {"adj": [c, b]}, "target": "Kto %s?" % tl})
    groups = extract_exact(rows)
    got = {t["template"]: sorted(e[1] for e in t["lexicons"]["adj"]) for t in groups["q0"]}
    assert got == {"Kto menee {adj[1]}?": sorted(tl[6:] for tl in dict(adj.values()).values()
                                                  if tl.startswith("menee ")),
                   "Kto {adj[1]}?": sorted(tl for tl in dict(adj.values()).values()
                                           if not tl.startswith("menee "))}
    assert [t["template"] for t in groups["q1"]] == ["Kto {adj[0]}?"]
    # the decision itself: a separate varying word beside a governed slot,
    # given by the alignment to the source word beside the slot, is the frame's
    from tea_solver.keys.model.edges import derive, score
    base = {k: 0.0 for k in ("inner", "frame", "glued", "unseg", "whole_form", "lic_func",
                             "lic_side", "lic_contrast", "lic_adjacent", "func_words",
                             "frame_depth", "generality", "generality_slot", "unbound",
                             "bound", "beside_frame", "cover", "paradigm", "share")}
    base.update(bias=1.0, identity=1.0, fill=0.0, depth=1.0, governed=1.0, ibm=0.15)
    assert score(derive(dict(base, ibm_beside=0.85)), ModelParams()) < 0
    assert score(derive(dict(base, ibm_beside=0.05)), ModelParams()) > 0
    assert score(derive(dict(base, ibm_beside=0.85, governed=0.0)), ModelParams()) > 0
    assert score(derive(dict(base, ibm_beside=0.85, glued=1.0)), ModelParams()) > 0


def test_a_value_stands_at_the_place_its_fellows_share_where_templates_differ_by_a_word():
    """Three groups write ``s … otnositsja k etomu proektu`` and two drop the
    ``k`` (``otnositsja etomu proektu``), as the MultiCheckList Russian does
    across its intensifier templates; two values select another construction
    (``… ob etom proekte``), so ``otnositsja`` is no frame unit and the edge
    decision for it is made at its place: its distance to the frame.  Every
    value but one is drawn in all five groups and stands four units from the
    frame more often than three; *pessimistic*, drawn in only one of the
    groups with ``k``, stands at three more often.  Placed by its own most
    common distance it stood where only ``k`` is seen — no paradigm, so
    ``otnositsja`` joined it (``s pessimizmom otnositsja``, a template of its
    own in every group).  It stands where its fellows stand, as it does in
    a third of its readings."""
    att = {"enthusiastic": "entuziazmom", "optimistic": "optimizmom",
           "curious": "ljubopytstvom", "pessimistic": "pessimizmom",
           "confident": "uverennostju", "cautious": "ostorozhnostju",
           "skeptical": "skepsisom", "serious": "serjeznostju"}
    speech = {"open": "otkryto rasskazyvaet", "vocal": "aktivno vyskazyvaetsja"}
    rows = []
    for g in range(5):
        k = "k " if g < 3 else ""
        for a in MORE_NAMES:
            for s in list(att) + list(speech):
                if s == "pessimistic" and g in (0, 2):
                    continue
                target = ("%s s %s otnositsja %setomu proektu." % (a, att[s], k) if s in att
                          else "%s %s ob etom proekte." % (a, speech[s]))
                rows.append(_row("g%d" % g, "%s is %s about the project." % (a, s),
                                 {"first_name": a, "s": s}, target))
    for g, templates in extract_exact(rows).items():
        values = [e for t in templates for e in t["lexicons"]["s"]]
        assert not [e for e in values if "otnositsja" in e], g
        with_enthusiasm = [t for t in templates if "s entuziazmom" in t["lexicons"]["s"]
                           or "entuziazmom" in t["lexicons"]["s"]]
        assert len(with_enthusiasm) == 1
        drawn = g not in ("g0", "g2")
        assert any("pessimizmom" in e for e in with_enthusiasm[0]["lexicons"]["s"]) == drawn, g


def test_a_value_whose_word_is_an_article_elsewhere_keeps_it_where_its_own_form_is_missing():
    """*a dog* is ``di ro`` beside a nominative template and ``di ri`` beside an
    accusative one; ``ro`` is also the article of four other animals and two
    vehicles, ``di`` of most of the rest.  ``ri`` identifies the dog; where
    it is missing neither word does, so the core is the unit that tells the
    value most — told over the instances its identifying form does not
    explain (:meth:`FileStats.unexplained`), where ``ro`` is there every
    time and far likelier than beside the other animals.  Told over all its
    instances, the article ``di``, in every one of them, won by a hair: the
    dog's core was ``di``, ``ro`` was left to the frame, and the nominative
    template wrote a variant of its own (``{animal} ro łes``) with ``di``
    for a value."""
    animals = {"a dog": ("di", "r"), "a hamster": ("di", "es"), "a bull": ("di", "tiks"),
               "a cat": ("ro", "šis"), "a horse": ("ro", "fakeñat"), "a bird": ("di", "łiłur"),
               "a goat": ("ro", "sitrag"), "an iguana": ("di", "siñisik"),
               "a fish": ("di", "fuf")}
    vehicles = {"a car": ("di", "fon"), "a bike": ("di", "dešik"), "a van": ("ro", "gud"),
                "an SUV": ("ro", "SUV"), "a truck": ("di", "kutr")}

    def noun(article_stem, ending):
        return "%s %s%s" % (article_stem[0], article_stem[1], ending)
    rows = _animal_vehicle_rows(animals, vehicles, {
        "has": ("{a} has {an} and {ve}.",
                lambda a, x, y: "%s da %s łes %s." % (a, noun(x, "o"), noun(y, "o"))),
        "bought": ("{a} bought {an}. {a} bought {ve}.",
                   lambda a, x, y: "%s ra %s. %s ra %s." % (a, noun(x, "i"), a, noun(y, "i")))})
    groups = extract_exact(rows)
    got = {g: [(t["template"], sorted(t["lexicons"]["animal"])) for t in ts]
           for g, ts in groups.items()}
    assert got == {
        "has": [("{first_name} da {animal} łes {vehicle}.",
                 sorted(noun(t, "o") for t in animals.values()))],
        "bought": [("{first_name} ra {animal}. {first_name} ra {vehicle}.",
                    sorted(noun(t, "i") for t in animals.values()))]}


def test_a_value_drawn_once_reads_as_its_sibling_predicts_where_that_writes_the_common_frame():
    """*Who is less strong?* draws each adjective once, so nothing in its group
    tells where ``ဏ္ဠီယဲံဂု`` ends before the frame's ``ဂု?``: its last
    syllable was taken for a doubling of the frame's, and the instance got a
    template of its own (``{adj[1]}ဂုဂု?`` with ``ဏ္ဠီယဲံ``; seed 57, ``my``).
    Every comparative is its adjective with ``ဠဲ``, so *stronger*'s
    ``ဏ္ဠီယဲံဂုဠဲ`` predicts ``ဏ္ဠီယဲံဂု``, which writes the instance in the
    group's common frame: one template.  Where the comparative is another
    word (``ပေါ``), nothing predicts the form and the reading stays."""
    bases = ["မေံ", "မဲငူံ", "ဏဲဠ္ဒီ", "ယာယ္ငာ", "ဏ္ဠီယဲံဂု", "ဝဲ့ရါ", "စုဒ္ယီ", "ဓာမ္ဒု", "ဠု့ဒိး",
             "ဝာဏ္ဎဲ"]
    english = ["tall", "old", "fast", "rich", "strong", "smart", "big", "dark", "cool", "nice"]

    def rows(odd_comparative=None):
        out = []
        for e, b in zip(english, bases):
            c = odd_comparative if (odd_comparative and e == "strong") else b + "ဠဲ"
            fill = {"adj": [e + "er", e]}
            out += [_row("ctx", "%s is %ser than %s." % (a, e, a1),
                         dict(fill, first_name=a, first_name1=a1),
                         "%sဏ္ရာ့ဎု%sဎဲးဎု%sဂု။" % (a, a1, c))
                    for a in NAMES for a1 in NAMES[:3] if a1 != a]
            out.append(_row("q1", "Who is %ser?" % e, fill, "ခု%sဂု?" % c))
            out.append(_row("q0", "Who is less %s?" % e, fill, "ခုခ္ဠီဠီ%sဂု?" % b))
        return out
    q0 = extract_exact(rows())["q0"]
    assert [(t["template"], sorted(v[1] for v in t["lexicons"]["adj"])) for t in q0] == \
        [("ခုခ္ဠီဠီ{adj[1]}ဂု?", sorted(bases))]
    q0 = extract_exact(rows("ပေါ"))["q0"]
    assert len(q0) == 2
    assert not any("ဏ္ဠီယဲံဂု" in v[1] for t in q0 for v in t["lexicons"]["adj"])


def test_a_value_unit_of_the_reference_does_not_take_a_frame_units_place():
    """``N {s} P . N {s} P {w} .``: the reference instance's adverb begins with
    a unit one adjective begins with too.  Matched against the whole
    reference, every instance of that adjective can match the adverb's unit
    instead of the second ``P`` (the two tie), so the adjective would "lack"
    ``P`` and ``P`` would stop being frame in the whole group (and the
    particle then joins the adverb: ``{s}{very}`` with ``ပဲ`` in every
    adverb).  Which instances lack a unit is read against the frame
    candidates alone."""
    from tea_solver.keys.model.frame import frame_units
    import itertools
    n_, p_, dot = 1, 2, 3
    x = 40
    adjs = {"s0": [10, 11], "s1": [12, 13], "s2": [x, 14], "s3": [15, 16]}
    advs = {"w0": [x, 41], "w1": [42], "w2": [43, 44], "w3": [45]}
    seqs, values = [], []
    for (s, su), (w, wu) in itertools.product(adjs.items(), advs.items()):
        for _rep in range(3):
            seqs.append([n_] + su + [p_, dot, n_] + su + [p_] + wu + [dot])
            values.append([s, s, w])
    # the reference is the first row (adverb w0 = [x, 41]); rotate so that it
    # is not always first, which must not matter either
    for shift in (0, 5):
        rows, vals = seqs[shift:] + seqs[:shift], values[shift:] + values[:shift]
        marks = frame_units(rows, ModelParams().frame_share, vals)
        for seq, ms in zip(rows, marks):
            assert [u for u, m in zip(seq, ms) if m] == [n_, p_, dot, n_, p_, dot], seq


def test_a_value_unit_of_the_reference_does_not_keep_a_frame_unit_from_the_frame():
    """``N F {s} P {w} .``, and the reference instance's adverb ends in a
    unit (``13``) that three states of six end in too.  In their instances
    the adverb's unit and the particle ``P`` after the state tie for the
    match, and the particle lost it in half the group: matched in fewer than
    ``frame_share`` of the instances, it was no frame unit in any (seed 94
    noisy ``my``: 221 of 300, and the intensifiers of the groups that have
    both took the particle).  A unit most instances have is counted again
    against the reference's such units alone."""
    from tea_solver.keys.model.frame import frame_units
    names, f1, f2, p_, dot = [50, 51, 52, 53, 54, 55], 1, 2, 9, 99
    states = [[10, 11], [14, 13], [17, 13], [18, 19], [20, 13], [21, 22]]
    advs = [[12, 13], [15, 16], [23, 24], [25]]
    seqs, values = [], []
    for n_, st, w in itertools.product(names, states, advs):
        seqs.append([n_, f1, f2, *st, p_, *w, dot])
        values.append([("n", n_), ("s", tuple(st)), ("w", tuple(w))])
    # the reference: a row with the adverb ending in 13, of the commonest length
    first = next(k for k, s in enumerate(seqs) if s[3:] == [10, 11, p_, 12, 13, dot])
    for vals in (None, values):
        rows = [seqs[first]] + seqs[:first] + seqs[first + 1:]
        vs = vals and [vals[first]] + vals[:first] + vals[first + 1:]
        for seq, marks in zip(rows, frame_units(rows, ModelParams().frame_share, vs)):
            assert [u for u, m in zip(seq, marks) if m] == [f1, f2, p_, dot], seq


_SYLLABLE_ANIMALS = ["ไอัลื๊อีฉิ", "ไอัลึ๊", "ไอัฌีฮึฉิ", "แฌั๋ฮั", "ไอัลาฮิ๋", "แฌั๋คีแฮึ๋ไอึ่",
                     "ไอัลื๊อีพึ๊ไฌา๊", "ไอัลื๊อี", "แฌั๋โชิมึ", "แฌั๋ลื๊อีสีพีคึ่", "แฌั๋ลื๊อีอู่ฉืฬั",
                     "ไอัฉุ่งู้", "ไอัสื้มึฬู๊"]
_SYLLABLE_VEHICLES = ["ไอัลา", "แฌั๋ไฒา๊คึโอึ", "ไอัฉี่มุ๋แธึ", "ไอัฉา๊งั๋อั้", "แฌั๋ฌาพึ่", "แฌั๋ฮีพิ",
                      "ไอัฉี่", "ไอัฉี่มี", "ไอัSUV", "ไอัฉี่อิฌืฒั"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_value_holding_the_frame_syllable_a_template_writes_twice_stays_whole(seed):
    """A script without spaces; one template writes the syllable ``ฮึ`` after
    each of its two names (``{first_name}ฮึ{animal} {first_name2}ฮึ{vehicle}``),
    and one animal holds it (``ไอัฌีฮึฉิ``).  In that animal's instances the
    frame's two ``ฮึ`` can match three copies: the earliest alignment takes
    the animal's copy for the second, the latest the animal's copy for the
    first, and only an alignment that takes the first copy early and the
    third late leaves the animal whole.  The units beside each frame unit in
    the other instances (a name before it, an article after it) pick it; on
    the code before, the animal's instances took a template of their own
    (``{first_name}ฮึไอัฌีฮึ{animal} …``) in two samples of these five."""
    rng = random.Random(seed)
    animals = {"a%d" % k: t for k, t in enumerate(_SYLLABLE_ANIMALS)}
    vehicles = {"v%d" % k: t for k, t in enumerate(_SYLLABLE_VEHICLES)}
    names = MORE_NAMES[:8]
    rows = []
    for _ in range(300):
        a, _b = rng.choice(names), rng.choice(names)
        an, ve = rng.choice(sorted(animals)), rng.choice(sorted(vehicles))
        rows.append(_row("has", "%s has %s and %s." % (a, an, ve),
                         {"first_name": a, "animal": an, "vehicle": ve},
                         "%sฉา่%sมึ%s" % (a, animals[an], vehicles[ve])))
        a, b = rng.sample(names, 2)
        an, ve = rng.choice(sorted(animals)), rng.choice(sorted(vehicles))
        rows.append(_row("bought", "%s bought %s. %s bought %s." % (a, an, b, ve),
                         {"first_name": a, "animal": an, "first_name2": b, "vehicle": ve},
                         "%sฮึ%s %sฮึ%s" % (a, animals[an], b, vehicles[ve])))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["bought"]] == \
        ["{first_name}ฮึ{animal} {first_name1}ฮึ{vehicle}"]
    assert [t["template"] for t in groups["has"]] == ["{first_name}ฉา่{animal}มึ{vehicle}"]
    assert sorted(groups["bought"][0]["lexicons"]["animal"]) == sorted(_SYLLABLE_ANIMALS)


def test_a_frame_unit_a_majority_of_values_begin_with_is_placed_where_the_others_show_it():
    """``N B T {animal} M C {vehicle} M L .``, the particle ``M`` after each
    value, and eight animals of thirteen (four vehicles of eight) begin with
    an article of the same text (a Burmese noun class, ``မဲ``).  For those
    the frame's ``M`` can match the article or the particle; matched early
    (the article), the value's gap stands after the frame's ``M`` and the
    value takes the particle (``cow M``).  Which gaps the group fills is
    counted where an instance's alignment is not in question, the five
    other animals: the frame's ``M`` is the particle in every instance."""
    import itertools
    from tea_solver.keys.model.frame import frame_units
    name, b, t, m, c, last, dot, a1 = 1, 2, 3, 4, 5, 6, 7, 8
    animals = [[m, 20], [m, 21, 22], [m, 23], [m, 24, 25], [m, 26], [m, 27], [m, 28], [m, 29, 30],
               [a1, 31], [a1, 32, 33], [a1, 34], [a1, 35], [a1, 36]]
    vehicles = [[m, 40], [m, 41], [m, 42, 43], [m, 44], [a1, 45], [a1, 46, 47], [a1, 48], [a1, 49]]
    seqs, vals = [], []
    for (i, au), (j, vu) in itertools.product(enumerate(animals), enumerate(vehicles)):
        seqs.append([name, b, t] + au + [m, c] + vu + [m, last, dot])
        vals.append(["a%d" % i, "v%d" % j])
    for seq, marks in zip(seqs, frame_units(seqs, ModelParams().frame_share, vals)):
        particles = [k for k in range(3, len(seq) - 1) if seq[k] == m and seq[k + 1] in (c, last)]
        fixed = [k for k, u in enumerate(seq) if u in (name, b, t, c, last, dot)]
        assert [k for k, f in enumerate(marks) if f] == sorted(fixed + particles), seq


_LOAN_NATIONALITIES = {"American": "Miroro", "Chinese": "Kiludu", "French": "Ołus",
                       "German": "Reltul"}
_LOAN_PROFESSIONS = {"a doctor": "dałok", "a nurse": "amo", "a lawyer": "kolču",
                     "a farmer": "riła", "a pilot": "tesači", "a DJ": "DJ"}


def test_a_value_copied_from_the_source_leaves_its_article_to_the_frame_like_the_others():
    """The target's article is spelled like the source's (``a``) and stands
    before every profession; the same word is the copula before a
    nationality, so it is the frame's, decided so beside every value.  One
    profession is a loanword, copied (``a DJ`` → ``a DJ``), so its whole
    source text stands in the target and the copy took the article into the
    value: a template ``{first_name} {profession} …`` of its own.  The other
    professions are translated, so the copy's article is translated like
    theirs; where (nearly) every value of a slot is a copy (the "translation"
    is the source), the copy is the value, article and all — the
    sentiment identity test above."""
    rows = _rows_per_name_and_profession(
        _LOAN_PROFESSIONS, ("is", "%s is %s.", "%s a %s tor."),
        ("was", "%s was %s before.", "%s a %s mek dar."))
    for a in NAMES:
        for n, t in _LOAN_NATIONALITIES.items():    # ``a`` is the copula there
            for k, (src, tgt) in enumerate((("%s is %s.", "%s a %s."),
                                            ("%s was %s.", "%s a %s mek."),
                                            ("%s is %s now.", "%s a %s nu."),
                                            ("%s is %s too.", "%s a %s ve."))):
                rows.append(_row("from%d" % k, src % (a, n),
                                 {"first_name": a, "nationality": n}, tgt % (a, t)))
    groups = extract_exact(rows)
    for tid, frame in (("is", "{first_name} a {profession} tor."),
                       ("was", "{first_name} a {profession} mek dar.")):
        assert [(t["template"], sorted(t["lexicons"]["profession"])) for t in groups[tid]] == \
            [(frame, sorted(_LOAN_PROFESSIONS.values()))]


_LOAN_CLASS_WORD = {"a doctor": "a dałok dam", "a nurse": "a amo", "a lawyer": "a kolču dam",
                    "a farmer": "a riła", "a pilot": "a tesači dam", "a baker": "a wemu",
                    "a singer": "a ñoke dam", "a DJ": "a DJ dam"}


def test_a_loanword_keeps_the_class_word_the_edges_give_it_like_the_other_values():
    """Half the professions end in a class word (``a dałok dam``), and so
    does the loanword (``a DJ dam``, its source text ``a DJ`` copied whole).
    Two templates glue an ending to the profession's last word (``damko``),
    one writes it loose.  The edges carry every value, the copy too, to the
    class word; anchored on its copy, the loanword's span dropped the word,
    and it got a template of its own in every group (``{profession}
    damko.``).  Each group is one template whose lexicon holds every
    translation whole."""
    rows = _rows_per_name_and_profession(
        _LOAN_CLASS_WORD, ("glued", "%s is %s.", "%s'lu %sko."),
        ("loose", "%s was %s.", "%s'lu %s hım."), ("end", "%s is %s now.", "%s'lu hı %ske."))
    groups = extract_exact(rows)
    for tid, frame in (("glued", "{first_name}'lu {profession}ko."),
                       ("loose", "{first_name}'lu {profession} hım."),
                       ("end", "{first_name}'lu hı {profession}ke.")):
        assert [(t["template"], sorted(t["lexicons"]["profession"])) for t in groups[tid]] == \
            [(frame, sorted(_LOAN_CLASS_WORD.values()))]


# --------------------------------------------------------------------------- #
# agreement: a class split where the file shows classes, a tuple key where it does not

_ADJ_STEMS = {"big": "ook", "small": "chiis", "old": "furu", "new": "atarash"}
_ANIMAL_CLASS = {"dog": ("inu", "i"), "bird": ("tori", "a"), "bear": ("kuma", "u"),
                 "cat": ("neko", "i"), "fish": ("sakana", "a"), "cow": ("ushi", "u"),
                 "fox": ("kitsune", "i"), "deer": ("shika", "a"), "pig": ("buta", "u")}


def _agreeing(tid, frame, animals):
    return [{"template_id": tid, "source": "%s has a %s %s." % (a, adj, c),
             "fill": {"first_name": a, "adj": adj, "animal": c},
             "target": frame % (a, stem + _ANIMAL_CLASS[c][1], _ANIMAL_CLASS[c][0])}
            for a in NAMES for adj, stem in _ADJ_STEMS.items() for c in animals]


def test_agreement_one_value_per_class_is_split_by_class_where_the_file_shows_classes():
    """The adjective agrees with the animal's class (``ooki inu``, ``ooka
    tori``, ``ooku kuma``).  A group that draws one animal of each class is
    one-to-one on its own: alone in the file, it becomes one tuple key of the
    attested pairs.  Where another group shows three animals per class (the
    dependency is a class, not a pairing), it is split by class like that
    group, one template per class."""
    few = _agreeing("has", "%s wa %s %s o motte iru.", ("dog", "bird", "bear"))
    alone = _records(few)
    doc = extract(alone, ExtractOptions(**OPTS), progress=False)
    [t] = by_group(doc)["has"]
    assert t["template"] == "{first_name} wa {animal_adj[1]} {animal_adj[0]} o motte iru."
    assert len(t["lexicons"]["animal_adj"]) == 12
    check_regeneration(doc, alone)

    many = _agreeing("likes", "%s ga %s %s ga suki.", list(_ANIMAL_CLASS))
    insts = _records(few + many)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    got = sorted((t["template"], tuple(t["lexicons"]["animal"]), tuple(t["lexicons"]["adj"]))
                 for t in by_group(doc)["has"])
    assert got == sorted(
        ("{first_name} wa {adj} {animal} o motte iru.", (noun,),
         tuple(stem + end for stem in _ADJ_STEMS.values()))
        for noun, end in (_ANIMAL_CLASS[c] for c in ("dog", "bird", "bear")))
    # the group with three animals per class: three class templates
    likes = by_group(doc)["likes"]
    assert sorted(len(t["lexicons"]["animal"]) for t in likes) == [3, 3, 3]
    check_regeneration(doc, insts)


_STATE_CLASS = {"happy": ("wiwö", 0), "serious": ("hüñü", 0), "calm": ("šeji", 0),
                "curious": ("tültö", 1), "eager": ("ibehü", 1), "open": ("piwir", 2),
                "hopeful": ("rülühü", 2), "pleased": ("jırtul", 2)}
_SHARED_ADVERBS = {"extremely": "pašu", "quite": "poljol pašu", "highly": "jutpa pašu",
                   "really": "połı", "very": "fibi", "truly": "wolło"}
_CLASS_ENDING = ("", "rot", "hat")


def test_a_value_split_between_agreement_forms_and_sharing_its_word_is_still_placed():
    """``pašu`` (*extremely*) is also the last word of ``poljol pašu`` and
    ``jutpa pašu``, and agrees with the state's class (``pašu`` / ``pašurot``
    / ``pašuhat``): no one unit comes with it most of the time, none
    identifies it.  Its units are still far likelier with it than with the
    other adverbs and no other value claims them, so it is placed like the
    others: one template per class, every adverb in its lexicon, and no
    template that writes ``pašu`` as frame text."""
    _check_one_template_per_class(_SHARED_ADVERBS, dict(enumerate(_CLASS_ENDING)))


def _check_one_template_per_class(adverbs: dict, ending_of_class: dict) -> None:
    """Adverbs that agree with the state's class (``ending_of_class``: the
    ending each class puts on the adverb; states of other classes are left
    out) are extracted as one template per class, every adverb in its
    lexicon with that class's ending."""
    rows = []
    for a in NAMES:
        for s, (st, cls) in _STATE_CLASS.items():
            if cls not in ending_of_class:
                continue
            for v, vt in adverbs.items():
                rows.append(_row("very", "%s is %s %s." % (a, v, s),
                                 {"first_name": a, "very": v, "s": s},
                                 "%s ke %s %s%s." % (a, st, vt, ending_of_class[cls])))
            rows.append({"template_id": "plain", "source": "%s is %s." % (a, s),
                         "fill": {"first_name": a, "s": s}, "target": "%s ke %s." % (a, st)})
    groups = extract_exact(rows)
    templates = groups["very"]
    assert {t["template"] for t in templates} == {"{first_name} ke {s} {very}."}
    assert sorted(sorted(t["lexicons"]["very"]) for t in templates) == sorted(
        sorted(vt + end for vt in adverbs.values()) for end in ending_of_class.values())


_LEADING_SHARED_ADVERBS = {"extremely": "eñi", "very": "kukoñu", "really": "bönñö",
                           "highly": "nınnok", "particularly": "nınnok bonka",
                           "super": "nınnok könñü"}


def test_a_value_whose_one_form_is_a_word_other_values_begin_with_is_placed():
    """*highly* reads ``nınnok`` beside one class of states and ``nınnokna``
    beside the other (the class ending goes on the adverb's last word), and
    ``nınnok`` is also the first word of *particularly* and *super*
    (``nınnok bonka``, ``nınnok könñü``).  ``nınnokna`` identifies *highly*;
    over all its instances ``nınnok`` is barely likelier with it than with
    the other adverbs (it is there only where the agreeing form is not), so
    counted that way *highly* claims nothing where it reads ``nınnok`` and
    those instances keep ``nınnok`` as frame text, a template of their own.
    Counted over the instances its identifying form does not explain,
    ``nınnok`` is there every time: one template per class, every adverb in
    its lexicon."""
    _check_one_template_per_class(_LEADING_SHARED_ADVERBS, {0: "", 1: "na"})


_ONE_LETTER_WORD_ADVERBS = {"quite": "čıtura i", "really": "łütüke i", "very": "anıfı",
                            "super": "riles", "highly": "agugo"}


def test_a_one_letter_word_that_takes_the_class_ending_stays_with_its_value():
    """*quite* reads ``čıtura i`` beside states of one class and ``čıtura
    isi`` beside the other: the class ending ``si`` goes on the adverb's last
    word, which is one letter.  The templates draw the classes in different
    shares: one almost only states with the ending (``isi`` four times in
    five: no alternation there), one half and half, one mostly states
    without it.  Over the file ``isi`` is the more common reading, and read
    as a word of its own it stood beside *quite* in too few templates to
    join it: ``i`` / ``isi`` was left to the frame and every instance of
    *quite* came out a template of its own (seed 106 ``mix-all``: 35
    instances left out as outliers).  The two readings alternate inside a
    template, beside the same value: ``i`` is the word, ``si`` the ending,
    and each template is one template per class, every adverb in its
    lexicon."""
    classes = {"happy": 0, "serious": 0, "calm": 0, "curious": 1, "eager": 1,
               "open": 1, "hopeful": 1}
    words = {"happy": "wiwö", "serious": "hüñü", "calm": "šeji", "curious": "tültö",
             "eager": "ibehü", "open": "piwir", "hopeful": "rülühü"}
    ending = ("", "si")
    frames = {"very": ("%s ke %s %s%s.", ["happy", "curious", "eager", "open", "hopeful"]),
              "very2": ("%s ro %s %s%s!", ["happy", "calm", "curious", "eager"]),
              "very3": ("%s ma %s %s%s?", ["serious", "calm", "hopeful"])}
    rows = []
    for tid, (frame, states) in frames.items():
        for a in NAMES:
            for s in states:
                for v, vt in _ONE_LETTER_WORD_ADVERBS.items():
                    rows.append(_row(tid, "%s is %s %s." % (a, v, s),
                                     {"first_name": a, "very": v, "s": s},
                                     frame % (a, words[s], vt, ending[classes[s]])))
    for a in NAMES:
        for s in words:
            rows.append(_row("plain", "%s is %s." % (a, s), {"first_name": a, "s": s},
                             "%s ke %s." % (a, words[s])))
    groups = extract_exact(rows)
    for tid, (frame, _states) in frames.items():
        templates = groups[tid]
        assert {t["template"] for t in templates} == {
            frame.replace("%s%s", "{very}") % ("{first_name}", "{s}")}
        assert sorted(sorted(t["lexicons"]["very"]) for t in templates) == sorted(
            sorted(vt + end for vt in _ONE_LETTER_WORD_ADVERBS.values()) for end in ending)


def test_a_unit_spelled_like_a_cache_tag_gets_its_own_rates():
    """The file statistics cache several kinds of answer; a unit can be any
    string, ``u`` or ``c`` included (a clitic's letter), so asking which
    instances a value's identifying units leave unexplained must not change
    what ``P(value | u)`` answers afterwards."""
    from tea_solver.keys.model import _prepare
    from tea_solver.keys.model.regions import FileStats

    rows = [_row("t", "%s is %s." % (a, s), {"first_name": a, "s": s},
                 "%s %s u." % (a, t))
            for a in NAMES for s, t in (("happy", "u"), ("sad", "la"), ("calm", "no"))]
    [insts] = group_instances(_records(rows)).values()
    texts, occs = _prepare(insts)
    params = ModelParams()
    happy = next(o.lexval for os in occs for o in os if o.lexval[2] == "happy")
    fresh = FileStats(texts, occs)
    want = (fresh.predicts("u", happy), fresh.comes_with("u", happy))
    stats = FileStats(texts, occs)
    stats.unexplained(happy, params)
    assert (stats.predicts("u", happy), stats.comes_with("u", happy)) == want
    # ``u`` ends every instance: it predicts *happy* one time in three and
    # comes with it no more than with the other states
    assert want == (pytest.approx(1 / 3), 0.0)


_CLASS_WORD_STATES = {"happy": ("hasdın bık", "van"), "glad": ("bınohut bık", "van"),
                      "calm": ("zürvö", "van"), "skeptical": ("bık", "van"),
                      "sad": ("raru", "šıt"), "angry": ("dekö bık", "šıt"),
                      "tired": ("łukı", "šıt"), "bored": ("vutto", "šıt")}


def test_a_value_with_no_word_of_its_own_leaves_its_class_word_to_the_frame():
    """The frame word before the state agrees with its class (``van`` /
    ``šıt``; a template without the copula writes none), and *skeptical* is
    ``bık``, the last word of two other states: no unit tells it apart,
    and ``van`` comes with it about as much as ``bık`` does, so both were its
    core.  ``van`` stands just outside the cores of the other states of its
    class: it is the place's word, decided at the core's edge as beside them —
    frame, one template per class word, ``bık`` in the ``van`` lexicon."""
    rows = []
    for a in NAMES:
        for s, (st, word) in _CLASS_WORD_STATES.items():
            fill = {"first_name": a, "s": s}
            rows.append(_row("is", "%s is %s." % (a, s), fill, "%s ñirnö %s %s." % (a, word, st)))
            rows.append(_row("was", "%s was %s today." % (a, s), fill,
                             "%s ñirnö %s %s tek." % (a, word, st)))
    for s, (st, _word) in _CLASS_WORD_STATES.items():
        rows.append(_row("who", "Who is %s?" % s, {"s": s}, "Kım %s?" % st))
    groups = extract_exact(rows)
    for tid, end in (("is", "."), ("was", " tek.")):
        got = sorted((t["template"], sorted(t["lexicons"]["s"])) for t in groups[tid])
        assert got == sorted(("{first_name} ñirnö %s {s}%s" % (word, end),
                              sorted(st for st, w in _CLASS_WORD_STATES.values() if w == word))
                             for word in ("van", "šıt"))


_HARMONY_VEHICLES = {"a car": "rıl jör", "a bike": "ibö jör", "a van": "lašarbı jör",
                     "a train": "beñije jör", "a truck": "hürit", "a tractor": "lilü",
                     "a minivan": "tašo", "a bus": "pul", "a boat": "fobuñı", "a cart": "kaso"}
_HARMONY_ANIMALS = {"a dog": "tehö", "a cat": "üjü", "a cow": "ño fa", "a duck": "ñüčü",
                    "a pig": "lurču", "a bird": "jıfu"}


def _harmonic(word: str, back: str, front: str) -> str:
    last = [ch for ch in word if ch in "aıouäeiöü"][-1]
    return front if last in "eiöü" else back


def test_a_shared_last_word_keeps_its_place_before_the_rarer_harmony_allomorph():
    """Four vehicles end in the word ``jör`` the others lack; every template
    glues its case suffix on, in the allomorph the last vowel selects
    (``jörñö`` / ``tašoño``, ``jörter`` / ``tašotar``).  Only two of the other
    vehicles take the front allomorph ``ñö``, but the back one ``ño`` is the
    same suffix: ``jör`` is the value's, before the template's suffix, and
    each template splits by allomorph with the vehicles' base forms (not one
    template ``{vehicle} jörñö`` for the four that share the word)."""
    rows = []
    for a in NAMES:
        for lex, values in (("animal", _HARMONY_ANIMALS), ("vehicle", _HARMONY_VEHICLES)):
            for v, t in values.items():
                for tid, verb, (back, front), end in (("has", "has", ("ño", "ñö"), "he"),
                                                      ("bought", "bought", ("tar", "ter"), "lü")):
                    rows.append({"template_id": "%s_%s" % (tid, lex),
                                 "source": "%s %s %s." % (a, verb, v),
                                 "fill": {"first_name": a, lex: v},
                                 "target": "%s'tıt f'%s%s %s." % (a, t, _harmonic(t, back, front),
                                                                 end)})
    groups = extract_exact(rows)
    for tid, (back, front), end in (("has", ("ño", "ñö"), "he"), ("bought", ("tar", "ter"), "lü")):
        got = sorted((t["template"], sorted(t["lexicons"]["vehicle"]))
                     for t in groups["%s_vehicle" % tid])
        want = sorted(("{first_name}'tıt f'{vehicle}%s %s." % (suffix, end),
                       sorted(t for t in _HARMONY_VEHICLES.values()
                              if _harmonic(t, back, front) == suffix))
                      for suffix in (back, front))
        assert got == want


_HYPHENATED = {"a historian": "wošo-fö", "an interpreter": "ñıršačı-fö", "a nurse": "rotnu",
               "a model": "nöłün", "a cook": "tarłan", "a pilot": "bıčo", "an actor": "föčit",
               "an editor": "čača"}


def test_a_values_core_is_the_same_in_every_group():
    """``wošo-fö`` (*historian*) shares ``-fö`` with ``ñıršačı-fö``; two
    templates glue a suffix on (``wošo-föłö``: ``föłö`` is one word there),
    the third writes the value bare, and only the historian is drawn there,
    so ``fö`` alone identifies it in that group and its core there is
    ``wošo-fö``, while elsewhere it is ``wošo``.  Cut down to the core the
    value shows most, every group puts the same units beside it, and
    ``-fö`` is the value's everywhere: one template per group, not a
    ``{profession}-föłö`` template for the historian alone."""
    rows = []
    for a in NAMES:
        for p, t in _HYPHENATED.items():
            rows.append(_row("is", "%s is %s." % (a, p),
                             {"first_name": a, "profession": p},
                             "%s'tıt %słö." % (a, t)))
            rows.append(_row("met", "%s met %s." % (a, p),
                             {"first_name": a, "profession": p},
                             "%s ra %słö ki." % (a, t)))
            if p != "an interpreter":
                rows.append(_row("and", "%s is %s and kind." % (a, p),
                                 {"first_name": a, "profession": p},
                                 "%s'tıt %s šel ro." % (a, t)))
    groups = extract_exact(rows)
    for tid, frame, values in (
            ("is", "{first_name}'tıt {profession}łö.", _HYPHENATED.values()),
            ("met", "{first_name} ra {profession}łö ki.", _HYPHENATED.values()),
            ("and", "{first_name}'tıt {profession} šel ro.",
             [t for p, t in _HYPHENATED.items() if p != "an interpreter"])):
        [t] = groups[tid]
        assert (t["template"], sorted(t["lexicons"]["profession"])) == (frame, sorted(values))


_GLUE_ANIMALS = {"dog": "rım-fa", "cat": "itü-ša", "cow": "renö", "duck": "nedö",
                 "pig": "bö nafı", "bird": "ta", "horse": "münnü-ša"}
_GLUE_VEHICLES = {"car": "rö-fa jine", "bus": "umo", "train": "mojutu", "boat": "tıtmo-be",
                  "truck": "böši-ju"}


def _check_one_template_each(groups: dict, frames: dict, animals: dict, vehicles: dict) -> None:
    """Each group of ``frames`` has one template, that frame, listing every
    animal and vehicle translation."""
    for tid, frame in frames.items():
        [t] = groups[tid]
        assert (t["template"], sorted(t["lexicons"]["animal"]),
                sorted(t["lexicons"]["vehicle"])) == \
            (frame, sorted(animals.values()), sorted(vehicles.values()))


def test_a_value_whose_cores_all_differ_is_cut_to_what_they_share():
    """One template glues a prefix onto the animal (``d'panrım-fa``: the
    word ``panrım`` is one unit), the other a suffix onto its last piece
    (``rım-fašo``); ``fa`` also ends a vehicle's first word (``rö-fa``), so
    it identifies no value, and the cores are ``panrım`` in one group and
    ``rım-fašo`` in the other, with no core the majority.  Cut down to
    what both hold (``rım``), ``-fa`` stands beside the core at the same
    depths in both groups and is the value's: one template per group with
    ``rım-fa`` in the lexicon, not a ``{animal}-fa`` template for the dog."""
    rows = _animal_vehicle_rows(_GLUE_ANIMALS, _GLUE_VEHICLES, {
        "and": ("{a} has {an} and {ve}.",
                lambda a, t, u: "%s'šom d'pan%s mö d'pan%s šam." % (a, t, u)),
        "two": ("{a} has {an}. {a} has {ve}.",
                lambda a, t, u: "%s'šom d'%sšo bü. %s'šom d'%sšo bü." % (a, t, a, u))})
    _check_one_template_each(extract_exact(rows), {
        "and": "{first_name}'šom d'pan{animal} mö d'pan{vehicle} šam.",
        "two": "{first_name}'šom d'{animal}šo bü. {first_name}'šom d'{vehicle}šo bü."},
        _GLUE_ANIMALS, _GLUE_VEHICLES)


def test_a_letter_every_value_carries_before_the_templates_endings_is_the_templates():
    """Each template glues a case ending on each noun, ``łün`` in one place
    and ``łun`` in the other, so every value reads two ways (``renołün``,
    ``renołun``) that share ``renoł`` (seed 62, ``mix-agglutinative``).  The
    ``ł`` is glued on every animal and every vehicle in both places: written
    in the templates (``{animal}łün``), not at the end of every lexicon
    entry (``renoł``)."""
    animals = {k: v for k, v in _GLUE_ANIMALS.items() if k != "duck"}
    rows = _animal_vehicle_rows(animals, _GLUE_VEHICLES, {
        "av": ("{a} has {an} and {ve}.",
               lambda a, t, u: "%s'ño w'%słün du w'%słun lü." % (a, t, u)),
        "va": ("{a} has {ve} and {an}.",
               lambda a, t, u: "%s'ño w'%słün du w'%słun lü." % (a, u, t))})
    _check_one_template_each(extract_exact(rows), {
        "av": "{first_name}'ño w'{animal}łün du w'{vehicle}łun lü.",
        "va": "{first_name}'ño w'{vehicle}łün du w'{animal}łun lü."},
        animals, _GLUE_VEHICLES)


def test_the_core_of_a_value_is_what_nearly_all_its_cores_hold():
    from collections import Counter
    from tea_solver.keys.model.regions import _consensus
    share = ModelParams().affix_share
    # what (nearly) every core holds
    assert _consensus(Counter({"wošo": 3, "wošo-fö": 1}), share) == "wošo"
    assert _consensus(Counter({"čes-u": 73, "čes": 54}), share) == "čes"
    assert _consensus(Counter({"čes-u": 95, "čes-ı": 3, "ıčes-u": 2}), share) == "čes-u"
    assert _consensus(Counter({"panrım": 45, "rım-fašo": 45}), share) == "rım"
    assert _consensus(Counter({"panrım": 40, "rım-fašo": 45, "r": 5}), share) == "rım"
    assert _consensus(Counter({"panrö-fa jine": 2, "rö-fa jinešo": 2}), share) == "rö-fa jine"
    # two forms of a value: what they share is on no core's unit bounds, not
    # the form half of the cores read
    assert _consensus(Counter({"морская свинка": 48, "морскую свинку": 46, "морская": 2}),
                      share) == " свинк"
    assert _consensus(Counter({"abc": 2, "xyz": 1, "qrs": 2}), share) is None


_CASE_ANIMALS = {"dog": ("disrörš", ""), "cat": ("čüfe-", "f"), "cow": ("łöld", ""),
                 "pig": ("gih", ""), "bird": ("sopo-pe ög", ""), "duck": ("jöñöföl-", "f")}
_CASE_VEHICLES = {"car": "ñölfö čes-", "bus": "fıšıpır", "van": "söl", "train": "pupır-d",
                  "boat": "ñul-w"}


def _cased(stem: str, extra: str, ending: str, second: bool) -> str:
    """A value in its case: the ending glued on; after a hyphen, some values
    take an allomorph of their own (``-fı`` / ``-fun``)."""
    return stem + extra + ending + ("n" if extra and second else "")


def test_a_case_ending_behind_a_hyphen_is_the_rest_of_the_values_word():
    """Every value is written with a case ending the template selects
    (``ı`` in one, ``u`` in the other), never bare, so each template's
    lexicon holds the case forms.  Some values end in a hyphen, and the
    ending behind it is a unit of its own (``čüfe-fı`` / ``čüfe-fun``,
    ``čes-ı`` / ``čes-u``): it differs between the templates, so on its own
    it is no unit the value shows in every group, and the value would read
    ``čüfe-`` with the ending left to the frame (``{animal}fı``, a template
    of its own for two values).  A value does not end in a hyphen glued to
    what follows: the ending is the rest of its word, as the others' glued
    endings are theirs — one template per group."""
    rows = []
    for a in NAMES:
        for p, (t, extra) in _CASE_ANIMALS.items():
            for v, u in _CASE_VEHICLES.items():
                fill = {"first_name": a, "animal": p, "vehicle": v}
                rows.append(_row("and", "%s has %s and %s." % (a, p, v), fill,
                                 "%s'sullol p'%s wı p'%s pu." % (
                                     a, _cased(t, extra, "ı", False), u + "ı")))
                rows.append(_row("two", "%s has %s. %s has %s." % (a, p, a, v), fill,
                                 "%s'sullol p'%s ñu. %s'sullol p'%s ñu." % (
                                     a, _cased(t, extra, "u", True), a, u + "u")))
    groups = extract_exact(rows)
    for tid, frame, ending, second in (
            ("and", "{first_name}'sullol p'{animal} wı p'{vehicle} pu.", "ı", False),
            ("two", "{first_name}'sullol p'{animal} ñu. {first_name}'sullol p'{vehicle} ñu.",
             "u", True)):
        [t] = groups[tid]
        assert (t["template"], sorted(t["lexicons"]["animal"]), sorted(t["lexicons"]["vehicle"])) \
            == (frame, sorted(_cased(s, e, ending, second) for s, e in _CASE_ANIMALS.values()),
                sorted(u + ending for u in _CASE_VEHICLES.values()))


_HI_NATIONS = {"Chinese": "चीनी", "Japanese": "जापानी", "Indian": "भारतीय", "Brazilian": "ब्राज़ीली",
               "Pakistani": "पाकिस्तानी", "Nigerian": "नाइजीरियाई"}
_HI_JOBS = {"a nurse": ("नर्स", ""), "a model": ("मॉडल", ""), "an author": ("लेखिका", "ने"),
            "an actor": ("अभिनेता", "ने"), "an editor": ("संपादक", "ने"), "an agent": ("एजेंट", "ने")}


def test_an_agreement_form_of_a_word_ending_in_a_vowel_sign_is_a_form_of_its_own():
    """The nationality agrees with the profession's class (``जापानी`` /
    ``जापानीने``), and four of six professions take the ending, so the
    agreement form is each nationality's most common reading.  Most of them
    end in a vowel sign (``ी``), which is part of the word: the bare reading
    is the value's other form, not the form cut at a word boundary.  One
    template per class in each group, every nationality in both — no
    template that writes a nationality as frame text."""
    rows = []
    for a in MORE_NAMES:
        for n, nt in _HI_NATIONS.items():
            for j, (jt, agree) in _HI_JOBS.items():
                fill = {"first_name": a, "nationality": n, "profession": j}
                rows.append(_row("and", "%s is %s and %s." % (a, n, j), fill,
                                 "%s %s%s और %s है।" % (a, nt, agree, jt)))
                rows.append(_row("two", "%s is %s. %s is %s." % (a, j, a, n), fill,
                                 "%s %s है। %s %s%s है।" % (a, jt, a, nt, agree)))
    groups = extract_exact(rows)
    for tid, frame in (("and", "{first_name} {nationality} और {profession} है।"),
                       ("two", "{first_name} {profession} है। {first_name} {nationality} है।")):
        got = sorted((t["template"], sorted(t["lexicons"]["nationality"]),
                      sorted(t["lexicons"]["profession"])) for t in groups[tid])
        want = sorted((frame, sorted(nt + agree for nt in _HI_NATIONS.values()),
                       sorted(jt for jt, a in _HI_JOBS.values() if a == agree))
                      for agree in ("", "ने"))
        assert got == want


#: a Thai-script toy language: comparatives take the comparison word ``ฅุ่``
#: or ``ธา`` by class; one of them ends in ``า``
_TH_ADJS = {"older": ("รั้", "ฅุ่"), "smarter": ("ใฆาษี", "ฅุ่"),
            "taller": ("ดื๊ใบื๋", "ฅุ่"), "tougher": ("แสื๊ใฒุโขา๊", "ฅุ่"),
            "cooler": ("โกา่ธุซื๋", "ฅุ่"), "nicer": ("ฆืโรู", "ฅุ่"),
            "darker": ("ฅากึแคึ", "ฅุ่"), "wiser": ("งีไงิใขิ่", "ฅุ่"),
            "richer": ("ไขึ่บึ่งา", "ฅุ่"), "slower": ("ฅีซู๋ใหี", "ฅุ่"),
            "happier": ("แหุดิ", "ธา"), "sadder": ("ดั่ขั่", "ธา"),
            "warmer": ("แฒาพึแกิ", "ธา"), "colder": ("งิ้พึ๋", "ธา"),
            "louder": ("แธื๊ธึ", "ธา"), "quieter": ("ฒิบั", "ธา"),
            "braver": ("ษู้งาฅื้", "ธา"), "calmer": ("โฆุฒิ", "ธา"),
            "kinder": ("เฅิ๋ดี", "ธา"), "stronger": ("โซื้แดี้แฒิ", "ธา")}


def test_a_value_ending_in_a_letter_of_a_frame_word_keeps_it():
    """``า`` ends one comparative (``ไขึ่บึ่งา``, in every template) and ends
    the comparison word ``ธา`` half the others take in one template only.  The
    units beside a core are decided per value, pooled over the values that show
    the same units from the core out: ``ง`` + ``า`` is not ``ธ`` + ``า``, so the
    ``า`` of the one value is not outvoted by the other values' ``ธา``.  One
    template per comparison word, the whole comparative in its lexicon."""
    rows = []
    for a in MORE_NAMES:
        for b in MORE_NAMES:
            if a == b:
                continue
            for en, (th, word) in _TH_ADJS.items():
                fill = {"first_name": a, "adj": en, "first_name1": b}
                rows.append(_row("than", "%s is %s than %s." % (a, en, b), fill,
                                 "%sบา%s%s%s" % (a, th, word, b)))
    for en, (th, _word) in _TH_ADJS.items():
        rows.append(_row("who", "Who is %s?" % en, {"adj": en}, "ฆาบา%s?" % th))
        rows.append(_row("is", "Chen is %s." % en, {"adj": en}, "Chenบา%sๆ" % th))
    groups = extract_exact(rows)
    got = sorted((t["template"], sorted(t["lexicons"]["adj"])) for t in groups["than"])
    want = sorted(("{first_name}บา{adj}%s{first_name1}" % word,
                   sorted(th for th, w in _TH_ADJS.values() if w == word))
                  for word in ("ฅุ่", "ธา"))
    assert got == want
    assert [t["template"] for t in groups["who"]] == ["ฆาบา{adj}?"]


_KM_PROFESSIONS = {"an intern": "ពូំផើ", "a nurse": "ថ្នើះព្ផីភាំ", "a cook": "ល្កួំឋ្ខោ",
                   "a pilot": "ពុឍុ", "an actor": "ច្នុំឍោំ", "an editor": "រូឈ្ហូ"}
_KM_NATIONALITIES = {"Chinese": "រួពើ", "Indian": "នើះហោខួ", "Russian": "រៅំឃី",
                     "Indonesian": "ហែផ្កេវែ"}


def _profession_rows(professions: dict, nationalities: dict, two: str, and_: str,
                     names=NAMES) -> list:
    """Rows of two groups that draw a name, a profession and a nationality:
    *A is P. A is N.* (``two``) and *A is N and P.* (``and``), their targets
    written by the format strings ``two`` and ``and_`` from ``a`` (the name)
    and the target forms ``p`` and ``n``."""
    rows = []
    for a in names:
        for p, pt in professions.items():
            for n, nt in nationalities.items():
                fill = {"first_name": a, "profession": p, "nationality": n}
                rows.append(_row("two", "%s is %s. %s is %s." % (a, p, a, n), fill,
                                 two.format(a=a, p=pt, n=nt)))
                rows.append(_row("and", "%s is %s and %s." % (a, n, p), fill,
                                 and_.format(a=a, p=pt, n=nt)))
    return rows


def test_a_value_ending_in_the_copulas_syllable_keeps_it_in_a_script_without_spaces():
    """The copula is ``ផើ`` and *intern* is ``ពូំផើ``: where the intern
    stands after the copula (``Ahmedផើពូំផើ។``) the frame's ``ផើ`` is the
    copy after the name, not the intern's last syllable (which would leave the
    name and the value in one region and the value's own place empty).  One
    template per group, the whole ``ពូំផើ`` in the profession lexicon."""
    rows = _profession_rows(_KM_PROFESSIONS, _KM_NATIONALITIES, "{a}ផើ{p}។ {a}ផើ{n}។",
                            "{a}ផើ{n}ជើ{p}។")
    groups = extract_exact(rows)
    for tid, want in (("two", "{first_name}ផើ{profession}។ {first_name}ផើ{nationality}។"),
                      ("and", "{first_name}ផើ{nationality}ជើ{profession}។")):
        [t] = groups[tid]
        assert t["template"] == want
        assert sorted(t["lexicons"]["profession"]) == sorted(_KM_PROFESSIONS.values())


#: a Burmese-script toy language: the comparative is the adjective with ``ဗါ``
#: glued on (the tuple ``(richer, rich)`` licenses the difference), and the same
#: syllable is part of a frame phrase of another template
_MY_ADJS = {("older", "old"): "ပ္မါ", ("smarter", "smart"): "ယုကဲ",
            ("taller", "tall"): "ပေဓေ့", ("wiser", "wise"): "မါ့ဆီးခု",
            ("richer", "rich"): "ဌိဒူး", ("darker", "dark"): "ဆေယိ",
            ("nicer", "nice"): "ဆုဓဲ", ("cooler", "cool"): "ဗိဓ္ကဲ"}
_MY_STATES = {"happy": "ဌူဆ္ခါ့", "sad": "သီးဗ္ဒဲ", "angry": "မုဗိ", "calm": "ထိးဗ္ငုံ"}


def test_a_syllable_is_general_only_with_its_neighbour_in_a_script_without_spaces():
    """Whether a frame unit the source licenses joins the value turns on how
    particular the unit is to such lexicons (``generality``).  Without spaces
    a unit is a syllable, and ``ဗါ`` of every comparative is also a syllable
    of another template's frame phrase (``ည္ကီထဲးဌ္ယဲဗါဓ္ခာ``): counted alone
    it looks general and stays in the frame.  Beside the comparatives it is
    followed by ``ပ္ခူံ`` every time, so the pair is the word, and the pair
    stands only there: the comparative takes its ``ဗါ``."""
    rows = []
    for a in NAMES:
        for b in NAMES:
            if a != b:
                for (more, base), t in _MY_ADJS.items():
                    fill = {"first_name": a, "adj": [more, base], "first_name1": b}
                    rows.append(_row("than", "%s is %s than %s." % (a, more, b), fill,
                                     "%sဖေဌိံ%sသ္မါဌိံ%sဗါပ္ခူံ။" % (a, b, t)))
    # the frame phrase stands in eight times as many places as the comparatives
    about = "%sဖေဌိံည္ကီထဲးဌ္ယဲဗါဓ္ခာ%sပ္ခူံ။"
    for a in MORE_NAMES:
        for b in MORE_NAMES:
            for s, t in _MY_STATES.items():
                if a != b:
                    rows.append(_row("about", "%s is %s about the project. %s is %s about "
                                     "the project." % (a, s, b, s),
                                     {"first_name": a, "first_name1": b, "s": s},
                                     (about % (a, t)) + " " + (about % (b, t))))
    for (more, base), t in _MY_ADJS.items():
        rows.append(_row("who", "Who is %s?" % more, {"adj": [more, base]},
                         "ဆိ%sဗါပ္ခူံ?" % t))
    groups = extract_exact(rows)
    [t] = groups["than"]
    assert t["template"] == "{first_name}ဖေဌိံ{first_name1}သ္မါဌိံ{adj[0]}ပ္ခူံ။"
    assert sorted(v[0] for v in t["lexicons"]["adj"]) == sorted(x + "ဗါ" for x in _MY_ADJS.values())
    assert [t["template"] for t in groups["who"]] == ["ဆိ{adj[0]}ပ္ခူံ?"]


_ARTICLE_PROFESSIONS = {"a model": "kohak", "an author": "üji", "a nurse": "mafo", "an actor": "ołi",
                        "a doctor": "riñał", "an editor": "erüm", "a pilot": "dovu",
                        "an agent": "ałup"}
_ARTICLE_VEHICLES = {"a car": "dor", "an ambulance": "ipeł", "a van": "mulko", "a truck": "tiñe",
                     "an airplane": "uwar", "a bike": "saño"}


def test_an_article_that_agrees_is_a_word_of_the_value_not_a_prefix_of_the_template():
    """*a* and *an* are the words ``nen`` and ``vel`` before the noun.  Their
    first two letters ``ne``/``ve`` differ in one letter, as harmony
    allomorphs of a template prefix do, and the values of two lexicons begin
    with them in every template, as they would with a template's prefix.
    But what remains of the word is ``n`` or ``l``, the same on every value
    that carries each: the prefix is not glued to the value's own word, it
    is part of a recurring word (the article), which stays in the value —
    one template per group, not one per article."""
    def art(src, word):
        return ("vel " if src.startswith("an ") else "nen ") + word
    rows = []
    for a in NAMES:
        for p, pt in _ARTICLE_PROFESSIONS.items():
            fill = {"first_name": a, "profession": p}
            rows.append(_row("is", "%s is %s." % (a, p), fill, "%s łe %s." % (a, art(p, pt))))
            rows.append(_row("was", "%s was %s before." % (a, p), fill,
                             "%s ñul %s tek." % (a, art(p, pt))))
        for v, vt in _ARTICLE_VEHICLES.items():
            fill = {"first_name": a, "vehicle": v}
            rows.append(_row("has", "%s has %s." % (a, v), fill, "%s wa %s." % (a, art(v, vt))))
    groups = extract_exact(rows)
    for tid, frame, lex, values in (("is", "{first_name} łe {profession}.", "profession",
                                     _ARTICLE_PROFESSIONS),
                                    ("was", "{first_name} ñul {profession} tek.", "profession",
                                     _ARTICLE_PROFESSIONS),
                                    ("has", "{first_name} wa {vehicle}.", "vehicle",
                                     _ARTICLE_VEHICLES)):
        got = [(t["template"], sorted(t["lexicons"][lex])) for t in groups[tid]]
        assert got == [(frame, sorted(art(s, w) for s, w in values.items()))]


# A Thai-like language (no spaces; vowels and tone marks on their consonant):
# each state selects the preposition that translates *about* (``ณี``, ``เริ``,
# ``พุ``), and an adverb before a state takes the ending of the state's class
# (nothing, ``ณิ``, ``ฆี``).
_UNSPACED_STATES = {"happy": ("ษึณึ๋โอื", 0, 0), "calm": ("คิ๋อาฝึ", 0, 1),
                    "eager": ("สึ่ฒี", 1, 2), "proud": ("ใฝื้ฟี๋", 1, 0),
                    "serious": ("ฬุสิ่สุ", 2, 1), "curious": ("ไฉาพู", 2, 2),
                    "open": ("ฟืษู้", 0, 2), "modest": ("อิฃิ้", 1, 1),
                    "vocal": ("แสุโรั", 2, 0)}
_UNSPACED_PREPOSITIONS = ("ณี", "เริ", "พุ")
_UNSPACED_ENDINGS = ("", "ณิ", "ฆี")
_UNSPACED_ADVERBS = {"very": "ฒิฆา๋ฒี๊", "really": "ษู้ฒู่", "extremely": "ฝั๋พัพู๊",
                     "quite": "แฉีแฬี๋พู๊"}


def _unspaced_states(tail: str, source_tail: str, with_adverb: bool) -> list:
    rows = []
    for a in NAMES:
        for s, (st, prep, cls) in _UNSPACED_STATES.items():
            after = (_UNSPACED_PREPOSITIONS[prep] + tail) if tail else \
                _UNSPACED_PREPOSITIONS[prep] + "ๆ"
            if not with_adverb:
                rows.append(_row("plain", "%s is %s%s" % (a, s, source_tail),
                                 {"first_name": a, "s": s}, "%sฃึ%s%s" % (a, st, after)))
                continue
            for v, vt in _UNSPACED_ADVERBS.items():
                rows.append(_row("very", "%s is %s %s%s" % (a, v, s, source_tail),
                                 {"first_name": a, "very": v, "s": s},
                                 "%sฃึ%s%s%s%s" % (a, vt, _UNSPACED_ENDINGS[cls], st, after)))
    return rows


def test_a_preposition_each_value_selects_for_a_source_word_is_the_templates_without_spaces():
    """Each state selects one of three prepositions for the source's *about*,
    glued after it.  In a script with spaces a separate word shows it is no
    part of the value; without spaces nothing does, and the states took
    their preposition (``ษึณึ๋โอืณี``).  The source has one and the same
    word of its frame there in every sentence — a paradigm there translates
    it — so the preposition is the template's: one template per
    preposition, each state once, without it.  Where the source has no word
    there (the state ends the sentence), the three endings are the states'
    own and one template keeps them in the values."""
    rows = _unspaced_states("รีฉื่ฉื๊", " about the project.", False)
    got = by_group(extract(_records(rows), ExtractOptions(**OPTS), progress=False))["plain"]
    assert sorted(t["template"] for t in got) == sorted(
        "{first_name}ฃึ{s}%sรีฉื่ฉื๊" % p for p in _UNSPACED_PREPOSITIONS)
    assert sorted(s for t in got for s in t["lexicons"]["s"]) == sorted(
        st for st, _p, _c in _UNSPACED_STATES.values())

    ending = _unspaced_states("", ".", False)
    [t] = by_group(extract(_records(ending), ExtractOptions(**OPTS), progress=False))["plain"]
    assert t["template"] == "{first_name}ฃึ{s}ๆ"
    assert sorted(t["lexicons"]["s"]) == sorted(
        st + _UNSPACED_PREPOSITIONS[p] for st, p, _c in _UNSPACED_STATES.values())


def test_an_ending_another_value_chooses_is_the_agreeing_values_without_spaces():
    """The adverb before a state takes the ending of the state's class
    (``ฒิฆา๋ฒี๊ณิ``).  No source word stands between *very* and the state,
    so the ending is a value's; it agrees with the state (it follows the
    state's class, and every adverb takes all three), so it is the adverb's:
    one template per class and preposition, the adverbs with that class's
    ending in their lexicon — not a template that writes the ending as
    frame text (``{very}ณิ{s}``), which the adverbs' identity across groups
    left it as.  A control without the agreement: every adverb takes one
    ending of its own, whatever the state (the value's own choice), and the
    adverb lexicon is the same in every template."""
    rows = _unspaced_states("รีฉื่ฉื๊", " about the project.", True) + \
        _unspaced_states("รีฉื่ฉื๊", " about the project.", False)
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    got = by_group(doc)["very"]
    combos = {(p, c) for _st, p, c in _UNSPACED_STATES.values()}
    assert sorted((t["template"], sorted(t["lexicons"]["very"])) for t in got) == sorted(
        ("{first_name}ฃึ{very}{s}%sรีฉื่ฉื๊" % _UNSPACED_PREPOSITIONS[p],
         sorted(vt + _UNSPACED_ENDINGS[c] for vt in _UNSPACED_ADVERBS.values()))
        for p, c in combos)

    own = dict(zip(_UNSPACED_ADVERBS, ("", "ณิ", "ฆี", "ณิ")))
    control = [dict(r, target=r["target"].replace(
        _UNSPACED_ADVERBS[r["fill"]["very"]] + _UNSPACED_ENDINGS[
            _UNSPACED_STATES[r["fill"]["s"]][2]],
        _UNSPACED_ADVERBS[r["fill"]["very"]] + own[r["fill"]["very"]]))
        if "very" in r["fill"] else r for r in rows]
    got = by_group(extract(_records(control), ExtractOptions(**OPTS), progress=False))["very"]
    assert {tuple(sorted(t["lexicons"]["very"])) for t in got} == {
        tuple(sorted(vt + own[v] for v, vt in _UNSPACED_ADVERBS.items()))}


_SHARED_FIRST_STATES = dict(_UNSPACED_STATES, **{
    "particular": ("เฉื๋ฎัฮู", 0, 1), "hopeful": ("เฉื๋ฝั้ลิ", 1, 2),
    "bullish": ("เฉื๋โผัฝึ", 2, 0), "enthusiastic": ("เฉื๋", 0, 0)})


def _states_about_the_project(states: dict) -> list:
    """Each name with each state (``states``: source -> (target, preposition,
    class)), alone (``plain``) and after each adverb, which ends in the
    state's class ending (``very``); unspaced."""
    rows = []
    for a in NAMES:
        for s, (st, prep, cls) in states.items():
            after = _UNSPACED_PREPOSITIONS[prep] + "รีฉื่ฉื๊"
            rows.append(_row("plain", "%s is %s about the project." % (a, s),
                             {"first_name": a, "s": s}, "%sฃึ%s%s" % (a, st, after)))
            for v, vt in _UNSPACED_ADVERBS.items():
                rows.append(_row("very", "%s is %s %s about the project." % (a, v, s),
                                 {"first_name": a, "very": v, "s": s},
                                 "%sฃึ%s%s%s%s" % (a, vt, _UNSPACED_ENDINGS[cls], st, after)))
    return rows


@pytest.mark.parametrize("corrupted", [False, True])
def test_a_value_that_is_the_word_other_values_begin_with_keeps_it_beside_its_preposition(
        corrupted):
    """*enthusiastic* is ``เฉื๋``, the first syllable three other states
    begin with, and takes the preposition ``ณี`` after it; an adverb before
    it ends in its class's ending.  No unit identifies it, so its core was
    both units, and both are words of a place: ``เฉื๋`` before the other
    states' own units, ``ณี`` the preposition every state takes one of.  Cut
    from the left, it was the preposition, which then joined *enthusiastic*
    alone: a template ``{s}รีฉื่…`` with ``เฉื๋ณี`` beside the one per
    preposition.  The alignment gives ``เฉื๋`` to the state's source word
    more than ``ณี``, so the preposition goes.  One corrupted instance that
    lost the state's syllable (its reading is the preposition alone) does
    not make the preposition the value's whole core."""
    rows = _states_about_the_project(_SHARED_FIRST_STATES)
    if corrupted:
        k = next(k for k, r in enumerate(rows)
                 if r["template_id"] == "very" and r["fill"]["s"] == "enthusiastic")
        rows[k] = dict(rows[k], target=rows[k]["target"].replace("เฉื๋", "", 1))
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    got = by_group(doc)["plain"]
    assert sorted((t["template"], sorted(t["lexicons"]["s"])) for t in got) == sorted(
        ("{first_name}ฃึ{s}%sรีฉื่ฉื๊" % p,
         sorted(st for st, q, _c in _SHARED_FIRST_STATES.values() if q == k))
        for k, p in enumerate(_UNSPACED_PREPOSITIONS))



# fifteen states, six beginning with the syllable ``เฉื๋`` that is all of
# *enthusiastic*; each takes one of two prepositions
_SHARED_FIRST_TWO_PREPOSITIONS = {
    "happy": ("ษึณึ๋โอื", 0, 0), "calm": ("คิ๋อาฝึ", 0, 1), "eager": ("สึ่ฒี", 1, 2),
    "proud": ("ใฝื้ฟี๋", 1, 0), "serious": ("ฬุสิ่สุ", 0, 1), "curious": ("ไฉาพู", 1, 2),
    "open": ("ฟืษู้", 1, 2), "modest": ("อิฃิ้", 0, 1), "vocal": ("แสุโรั", 1, 0),
    "particular": ("เฉื๋ฎัฮู", 0, 1), "hopeful": ("เฉื๋ฝั้ลิ", 1, 2),
    "bullish": ("เฉื๋โผัฝึ", 1, 0), "grateful": ("เฉื๋ญาฬู", 0, 0),
    "upbeat": ("เฉื๋ถีไคั๊", 1, 1), "enthusiastic": ("เฉื๋", 0, 0),
    "content": ("เฉื๋ฎีโฌ", 0, 0), "bold": ("เฉื๋ซาพั", 1, 1),
    "jolly": ("เฉื๋ธึนุ", 0, 2), "keen": ("เฉื๋ญูฤา", 1, 0)}


def test_the_place_two_words_alternate_in_goes_before_the_place_of_a_shared_first_word():
    """As above, with two prepositions and ten states beginning with
    ``เฉื๋``: the file's alignment now gives the preposition ``ณี`` to
    *enthusiastic* more than ``เฉื๋``, so
    cutting by the alignment took ``เฉื๋`` off and left the preposition the
    value's core; it then joined every state of its class (``คิ๋อาฝึณี``, a
    template ``{s}รีฉื่ฉื๊`` for the class).  (Seed 44 of the synthetic
    languages at 10 % noise, ``th``: a class word after the state, the
    alignment tipped by the noise.)  Of two places, the one that fewer words
    fill is the class word's: two prepositions after the states against the
    adverbs' last syllables and ``เฉื๋`` before them."""
    rows = _states_about_the_project(_SHARED_FIRST_TWO_PREPOSITIONS)
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    got = by_group(doc)["plain"]
    assert sorted((t["template"], sorted(t["lexicons"]["s"])) for t in got) == sorted(
        ("{first_name}ฃึ{s}%sรีฉื่ฉื๊" % _UNSPACED_PREPOSITIONS[k],
         sorted(st for st, q, _c in _SHARED_FIRST_TWO_PREPOSITIONS.values() if q == k))
        for k in (0, 1))

_CLASS_WORDS = ("ri", "tuk", "göm")
_KAKI_STATES = {"open": ("kakı", 0), "calm": ("łečö kakı", 0), "eager": ("ora", 0),
                "proud": ("čısu", 0), "happy": ("dıgı kakı", 1), "serious": ("kukšı", 1),
                "curious": ("gosrı kakı", 1), "hopeful": ("tełö kakı", 2),
                "upbeat": ("samčı", 2), "bullish": ("tuła", 2)}
_KAKI_INTENSIFIERS = {"very": "šosgołı", "really": "ñi čoña", "extremely": "łödir"}


def test_a_value_stands_where_its_slot_stands_in_the_groups_other_instances():
    """*open* is ``kakı``, the last word of three other states, after the
    class word of its class (``ri`` / ``tuk`` / ``göm``, one before every
    state).  In the questions the superlative's word stands between the
    class word and the state (``ri aña kakı``): no unit identifies *open*,
    and it claims ``ri`` more than ``kakı``, so its core there was the class
    word, alone — which then counted as the value's whole core twice, kept
    the class word on *open* everywhere and cut ``kakı`` off: a template
    ``… šımko {s} …`` with ``ri kakı`` beside the one per class word.  Every
    other state of the question group stands after ``aña``: *open* does too."""
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for s, (st, cls) in _KAKI_STATES.items():
            for v, vt in _KAKI_INTENSIFIERS.items():
                rows.append(_row(
                    "context",
                    "%s is %s %s about the project. %s is %s about the project." % (a, v, s, b, s),
                    {"first_name": a, "very": v, "s": s, "first_name1": b},
                    "%s'ča sö šımko %s %s %s. %s'ča sö šımko %s %s." %
                    (a, _CLASS_WORDS[cls], st, vt, b, _CLASS_WORDS[cls], st)))
    for tid, word in (("most", "aña"), ("least", "moñımšur")):
        for s, (st, cls) in _KAKI_STATES.items():
            rows.append(_row(tid, "Who is %s %s about the project?" % (tid, s), {"s": s},
                             "Čik sö šımko %s %s %s?" % (_CLASS_WORDS[cls], word, st)))
    groups = extract_exact(rows)
    for tid, frame in (("context", "{first_name}'ča sö šımko %s {s} {very}. "
                                   "{first_name1}'ča sö šımko %s {s}."),
                       ("most", "Čik sö šımko %s aña {s}?"),
                       ("least", "Čik sö šımko %s moñımšur {s}?")):
        got = sorted((t["template"], sorted(t["lexicons"]["s"])) for t in groups[tid])
        assert got == sorted(
            (frame.replace("%s", w), sorted(st for st, c in _KAKI_STATES.values() if c == k))
            for k, w in enumerate(_CLASS_WORDS))


_J_ANIMALS = {"a dog": "le j", "a snake": "rol kerlü var", "a cat": "le je-gor",
              "a bull": "rol jekg", "a fish": "rol mum", "a horse": "le čowıła var",
              "a cow": "rol k", "an iguana": "rol jumj"}
_J_VEHICLES = {"a van": "le j", "a bike": "rol küček", "a car": "le wug",
               "a truck": "rol če čıw", "a boat": "rol memłü-l", "an SUV": "le SUV",
               "a train": "le če lıčar"}


def test_a_value_that_claims_no_unit_keeps_its_most_telling_one_not_its_article():
    """*a dog* and *a van* are both ``le j`` plus the ending the template
    takes (``o`` in two templates, ``ü`` in one).  Over the file ``jo``
    comes with *a van* enough to be claimed, ``jü`` (a third of its
    instances, and *a dog*'s too) does not, and neither identifies it: where
    *a van* claims no unit, its core was its region's first unit, the
    article every other vehicle has too — ``le`` in one template, ``jo`` in
    two, and ``le`` went to the frame of a template of its own.  Its core is
    its most telling unit, ``jü``; the article is decided at its edge like
    the other values'."""
    rows = []
    for n, ((an, at), (vn, vt)) in enumerate(itertools.product(_J_ANIMALS.items(),
                                                               _J_VEHICLES.items())):
        a, b = NAMES[n % len(NAMES)], NAMES[(n + 1) % len(NAMES)]
        rows.append(_row("has", "%s has %s and %s." % (a, an, vn),
                         {"first_name": a, "animal": an, "vehicle": vn},
                         "%s koju ł %so ču ł %so mik." % (a, at, vt)))
        rows.append(_row("owns", "%s owns %s and %s." % (a, vn, an),
                         {"first_name": a, "vehicle": vn, "animal": an},
                         "%s koju ł %so ču ł %so mik." % (a, vt, at)))
        rows.append(_row("bought", "%s bought %s. %s bought %s." % (a, an, b, vn),
                         {"first_name": a, "animal": an, "first_name1": b, "vehicle": vn},
                         "%s tiva %sü me. %s tiva %sü me." % (a, at, b, vt)))
    groups = extract_exact(rows)
    for tid, end, frame in (
            ("has", "o", "{first_name} koju ł {animal} ču ł {vehicle} mik."),
            ("owns", "o", "{first_name} koju ł {vehicle} ču ł {animal} mik."),
            ("bought", "ü", "{first_name} tiva {animal} me. {first_name1} tiva {vehicle} me.")):
        got = [(t["template"], sorted(t["lexicons"]["animal"]), sorted(t["lexicons"]["vehicle"]))
               for t in groups[tid]]
        assert got == [(frame, sorted(x + end for x in _J_ANIMALS.values()),
                        sorted(x + end for x in _J_VEHICLES.values()))]


_H_ANIMALS = {"a dog": "jı", "a hamster": "mumu", "a fish": "umula var",
              "a serpent": "lülkök var", "a lizard": "čowıła var", "a cat": "kö",
              "a snake": "kerlü var", "a guinea pig": "öłimłiku", "a bull": "jekgü",
              "a cow": "je-gor", "an iguana": "jumjı", "a rabbit": "var", "a duck": "vegüčil-jel"}
_H_VEHICLES = {"a van": "ja", "a car": "wugı", "a bike": "küček", "a boat": "memłü-lö",
               "a train": "če lıčar", "a truck": "če čıwu", "a tractor": "kımčo-mö",
               "a minivan": "če łowı-łı", "a firetruck": "če łu", "an SUV": "SUV"}


def _harmony(word: str) -> str:
    """``čum`` after a back vowel, ``čüm`` after a front one."""
    last = [c for c in word.lower() if c in "aeıioöuü"][-1]
    return "čüm" if last in "eiöü" else "čum"


def test_an_affix_in_harmony_is_found_beside_stems_that_end_alike():
    """The first slot of two templates takes ``čum`` or ``čüm`` as its
    value's last vowel asks, the second ``čum`` always.  Ten of the thirteen
    animals take ``čum``, and six of their stems end in ``r``, two in ``u``,
    two in ``ı``: ``rčum`` / ``učum`` / ``ıčum`` looked like the affix's
    forms (three endings one letter apart on three quarters of the values),
    so ``čum`` / ``čüm`` was never offered.  ``čum`` alone was the affix
    other lexicons carry too, and the place rule leaves those to the
    file-level one, which then found it on too few instances: the ten
    animals kept ``čum`` in their values (``{animal} me.``) while the three
    others lost ``čüm`` to the template.  Endings that all end in the shared
    affix differ in the stems' letters, not the affix's: the affix's forms
    are looked for at its own length."""
    rows = []
    for n, ((an, at), (vn, vt)) in enumerate(itertools.product(_H_ANIMALS.items(),
                                                               _H_VEHICLES.items())):
        a, b = NAMES[n % len(NAMES)], NAMES[(n + 1) % len(NAMES)]
        rows.append(_row("has", "%s has %s and %s." % (a, an, vn),
                         {"first_name": a, "animal": an, "vehicle": vn},
                         "%s ko kok%s ču kok%s mik." % (a, at, vt)))
        rows.append(_row("bought", "%s bought %s. %s bought %s." % (a, an, b, vn),
                         {"first_name": a, "animal": an, "first_name1": b, "vehicle": vn},
                         "%s tiva %s%s me. %s tiva %sčum me." % (a, at, _harmony(at), b, vt)))
        rows.append(_row("sold", "%s sold %s. %s sold %s." % (a, vn, b, an),
                         {"first_name": a, "vehicle": vn, "first_name1": b, "animal": an},
                         "%s raga %s%s me. %s raga %sčum me." % (a, vt, _harmony(vt), b, at)))
    groups = extract_exact(rows)
    for tid, first, second, lexicons in (("bought", "animal", "vehicle", (_H_ANIMALS, _H_VEHICLES)),
                                         ("sold", "vehicle", "animal", (_H_VEHICLES, _H_ANIMALS))):
        got = sorted((t["template"], sorted(t["lexicons"][first]), sorted(t["lexicons"][second]))
                     for t in groups[tid])
        verb = "tiva" if tid == "bought" else "raga"
        assert got == sorted(
            ("{first_name} %s {%s}%s me. {first_name1} %s {%s}čum me." % (verb, first, h, verb,
                                                                        second),
             sorted(x for x in lexicons[0].values() if _harmony(x) == h),
             sorted(lexicons[1].values()))
            for h in ("čum", "čüm") if any(_harmony(x) == h for x in lexicons[0].values()))


_ONE_STATE_CLASS = {"happy": ("ษึณึ๋โอื", 0), "calm": ("คิ๋อาฝึ", 0), "eager": ("สึ่ฒี", 0),
                    "proud": ("ใฝื้ฟี๋", 1), "serious": ("ฬุสิ่สุ", 1), "curious": ("ไฉาพู", 1),
                    "enthusiastic": ("ฃา้ไบิฑื๋ฉั๋", 2)}


def test_the_ending_of_a_class_of_one_state_is_the_adverbs_not_the_states():
    """Adverbs take the ending of the state's class (nothing / ``ยึ้`` /
    ``ไฉุ้``), and the third class has one state, *enthusiastic*: ``ไฉุ้``
    is then seen with no other state and identifies it as well as its own
    syllables do, so it joined the state's core where the adverb stands
    beside it — two forms of the state (``ไฉุ้ฃา้…`` and ``ฃา้…``) and a
    template of their own.  The same instance shows the state alone
    (``ษีฃา้…``): where a value stands alone its reading is its form, and
    the ending between the two values is decided as agreement — the
    adverb's, as for the classes of several states."""
    endings = ("", "ยึ้", "ไฉุ้")
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for s, (st, cls) in _ONE_STATE_CLASS.items():
            rows.append(_row("plain", "%s is %s." % (a, s), {"first_name": a, "s": s},
                             "%sษี%sยิ้อึ" % (a, st)))
            for v, vt in _UNSPACED_ADVERBS.items():
                rows.append(_row("one", "%s is %s %s, %s is %s." % (a, v, s, b, s),
                                 {"first_name": a, "very": v, "s": s, "first_name1": b},
                                 "%sษี%s%s%sปี๋ปืกี %sษี%sปี๋ปืกี" % (a, vt, endings[cls], st, b, st)))
            for (v, vt), (w, wt) in itertools.permutations(_UNSPACED_ADVERBS.items(), 2):
                rows.append(_row("two", "%s is %s %s, %s is %s %s." % (a, v, s, b, w, s),
                                 {"first_name": a, "very": v, "s": s, "first_name1": b,
                                  "very1": w},
                                 "%sษี%s%s%sถี๋ %sษี%s%s%sถี๋" % (a, vt, endings[cls], st, b, wt,
                                                                endings[cls], st)))
    groups = extract_exact(rows)
    for tid, frame in (("one", "{first_name}ษี{very}{s}ปี๋ปืกี {first_name1}ษี{s}ปี๋ปืกี"),
                       ("two", "{first_name}ษี{very}{s}ถี๋ {first_name1}ษี{very1}{s}ถี๋")):
        got = sorted((t["template"], sorted(t["lexicons"]["very"]), sorted(t["lexicons"]["s"]))
                     for t in groups[tid])
        assert got == sorted(
            (frame, sorted(vt + ending for vt in _UNSPACED_ADVERBS.values()),
             sorted(st for st, c in _ONE_STATE_CLASS.values() if c == cls))
            for cls, ending in enumerate(endings))


def test_one_corrupted_copy_where_a_value_stands_alone_does_not_recut_its_cores():
    """Where a value shares its region with another, its core is cut down to
    what it reads where it stands alone (:func:`regions.solo_cuts`).  Here
    *a little* (``se doswı`` + its class ending) stands alone only in one
    corrupted copy, which dropped the state and ``se``: one lone reading is
    no form, and the cores beside the states keep ``se`` (cutting it off
    all of them on one copy's word lost whole templates of a synthetic
    language at 10 % noise)."""
    from tea_solver.keys.model import observe
    states = {"happy": ("hapı fır", 0), "calm": ("posat", 0), "eager": ("ñuva", 0),
              "proud": ("vołur", 1), "serious": ("öñi", 1), "curious": ("tödewö", 1)}
    endings = ("łur", "ja")
    adverbs = {"a little": "se doswı", "somewhat": "maru", "slightly": "kipo",
               "fairly": "ñürłü"}
    rows = []
    for a, b in itertools.permutations(NAMES[:5], 2):
        for s, (st, cls) in states.items():
            for v, vt in adverbs.items():
                rows.append(_row("one", "%s is %s. %s is %s %s." % (a, s, b, v, s),
                                 {"first_name": a, "s": s, "first_name1": b, "somewhat": v},
                                 "%s'tatıs wu owı %swot. %s'tatıs wu owı %swot %s%s." % (
                                     a, st, b, st, vt, endings[cls])))
    for a in NAMES:
        for s, (st, _cls) in states.items():
            rows.append(_row("plain", "%s is %s." % (a, s), {"first_name": a, "s": s},
                             "%s'tatıs %swot." % (a, st)))
    rows.append(_row("one", "John is happy. Mary is a little happy.",
                     {"first_name": "John", "s": "happy", "first_name1": "Mary",
                      "somewhat": "a little"},
                     "John'tatıs wu owı hapı fırwot. Mary'tatıs doswıłur."))
    ob = observe(group_instances(_records(rows)))
    cores = [o.core for o in ob.obs if o.lexval[2] == "a little"]
    assert len(cores) == 121
    assert sum(c.startswith("se ") for c in cores) == 120


def test_the_agreement_form_of_a_class_of_one_state_stays_the_adverbs_after_the_state():
    """The order of *very enthusiastic* reversed (``fejesös lishübü``, state
    first), the adverb a word of its own with its class's ending, and the
    class-dependent copula (``le`` / ``wü``) before both.  ``lishübü``
    identifies *extremely* and, its class having one state, *enthusiastic*
    too; the cut that gave the adverb the copula and the state everything
    after it claimed as much as the right one, and the source's order
    (*very* first) won: ``{very}`` = ``le``.  On a tie, the cut where every
    value gets a unit it claims wins."""
    states = {"happy": ("tuwım", 0), "calm": ("nilö", 0), "eager": ("tüben", 0),
              "proud": ("lawajat", 1), "serious": ("uwın", 1), "curious": ("mewöhü", 1),
              "enthusiastic": ("feje", 2)}
    endings, copulas = ("", "fö", "bü"), ("wü", "le", "le")
    adverbs = {"very": "lishü", "really": "ñühe", "extremely": "mumosto", "quite": "hösbüñe"}
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for s, (st, cls) in states.items():
            rows.append(_row("plain", "%s is %s." % (a, s), {"first_name": a, "s": s},
                             "%s polu %ssös." % (a, st)))
            for v, vt in adverbs.items():
                rows.append(_row("one", "%s is %s %s, %s is %s." % (a, v, s, b, s),
                                 {"first_name": a, "very": v, "s": s, "first_name1": b},
                                 "%s ti polu %s %ssös %s%s. %s ti polu %s %ssös." % (
                                     a, copulas[cls], st, vt, endings[cls], b, copulas[cls], st)))
    groups = extract_exact(rows)
    got = sorted((t["template"], sorted(t["lexicons"]["very"])) for t in groups["one"])
    assert got == sorted(
        ("{first_name} ti polu %s {s} {very}. {first_name1} ti polu %s {s}." % (c, c),
         sorted(vt + e for vt in adverbs.values()))
        for c, e in zip(copulas, endings))


def test_a_value_tied_between_two_places_with_the_same_frame_takes_its_slots_place():
    """Both sentences of the template write the same frame around their
    value (``ဃာ…ရာံဍူံ။``).  *a van* is ``နုနူ``, article and one syllable,
    and four animals end in ``နူခ္ဌါ``: beside one of them, *a van* claims
    its syllable in the animal's region as much as in its own (the article
    claims nothing), and of two places that tie, the one where the group's
    other instances have the slot decides — but both places stand between
    the same frame units, so the first won: ``{vehicle}`` = ``နု`` inside
    the animal's region.  Places are told apart by their order too."""
    animals = {"a cat": "စူးညဲံ", "a cow": "နုင္ဌာ", "a snake": "နုထဲဠိံ",
               "a rabbit": "စူးခုဘ္ဗီနူခ္ဌါ", "a lizard": "စူးဌိညူးနူခ္ဌါ",
               "a duck": "နုစ္စိးထာနဲနူခ္ဌါ", "a bull": "နုငေဗိဃ္စေနူခ္ဌါ", "a frog": "စူးယာ",
               "a horse": "စူးထ္ရူငုံ", "a goat": "စူးည္ဘါခူ့"}
    vehicles = {"a van": "နုနူ", "a bus": "နုဌု", "a car": "စူးနေဠေ", "a boat": "နုည္ညီတုဍု",
                "a truck": "နုဠေညဲဠီ", "a bike": "စူးဏေးဓိံ", "a train": "စူးဌုဗါ့ဠ္ဌဲ",
                "a cab": "စူးယာံ"}
    rng = random.Random(3)
    rows = []
    for a, b in itertools.permutations(NAMES, 2):
        for an, at in animals.items():
            for v, vt in rng.sample(sorted(vehicles.items()), 3):
                rows.append(_row("two", "%s has %s. %s has %s." % (a, an, b, v),
                                 {"first_name": a, "animal": an, "first_name1": b, "vehicle": v},
                                 "%sဃာ%sရာံဍူံ။ %sဃာ%sရာံဍူံ။" % (a, at, b, vt)))
    for a in NAMES:
        for an, at in animals.items():
            rows.append(_row("likes", "%s likes %s." % (a, an), {"first_name": a, "animal": an},
                             "%sဏီ%sဃီ။" % (a, at)))
        for v, vt in vehicles.items():
            rows.append(_row("drives", "%s drives %s." % (a, v), {"first_name": a, "vehicle": v},
                             "%sဏီ%sဓာ။" % (a, vt)))
    groups = extract_exact(rows)
    assert [(t["template"], sorted(t["lexicons"]["animal"]), sorted(t["lexicons"]["vehicle"]))
            for t in groups["two"]] == [
        ("{first_name}ဃာ{animal}ရာံဍူံ။ {first_name1}ဃာ{vehicle}ရာံဍူံ။", sorted(animals.values()),
         sorted(vehicles.values()))]


def _has_sees_drives(animals: dict, vehicles: dict, vehicle_first: bool, has: str, sees: str,
                     drives: str) -> list:
    """Six names in three templates: *has* a vehicle and an animal (in that
    order where ``vehicle_first``, else the animal first; the ``has`` pattern
    filled in the same order), *sees* an animal, *drives* a vehicle."""
    order = (("vehicle", vehicles), ("animal", animals))
    (x_slot, xs), (y_slot, ys) = order if vehicle_first else order[::-1]
    rows = []
    for a in NAMES[:6]:
        for (x, xt), (y, yt) in itertools.product(xs.items(), ys.items()):
            rows.append(_row("has", "%s has %s and %s." % (a, x, y),
                             {"first_name": a, x_slot: x, y_slot: y}, has % (a, xt, yt)))
        for n, nt in animals.items():
            rows.append(_row("sees", "%s sees %s." % (a, n), {"first_name": a, "animal": n},
                             sees % (a, nt)))
        for v, vt in vehicles.items():
            rows.append(_row("drives", "%s drives %s." % (a, v), {"first_name": a, "vehicle": v},
                             drives % (a, vt)))
    return rows


#: five vehicles of one syllable or two, none of them sharing letters with
#: the templates' affixes in the tests that use them
_VEHICLES = {"a car": "fe", "a bike": "sök", "a van": "vonka", "a bus": "wiči", "a truck": "łeri"}


def _one_template(groups: dict, tid: str, slot: str):
    """The one template extracted for group ``tid`` and its ``slot`` lexicon,
    sorted (None where the group has other than one template)."""
    got = [(t["template"], sorted(t["lexicons"][slot])) for t in groups[tid]]
    return got[0] if len(got) == 1 else None


def _animal_templates(animals: dict, has: str, sees: str, drives: str) -> tuple:
    """The one *has* and the one *sees* template extracted for ``animals``
    beside :data:`_VEHICLES` (:func:`_has_sees_drives`, the animal first),
    where each is one template whose animal lexicon is every animal (else
    None in its place)."""
    groups = extract_exact(_has_sees_drives(animals, _VEHICLES, False, has, sees, drives))
    every = sorted(animals.values())
    return tuple(got[0] if got and got[1] == every else None
                 for got in (_one_template(groups, "has", "animal"),
                             _one_template(groups, "sees", "animal")))


def test_two_values_that_claim_nothing_take_the_regions_their_words_come_with():
    """*a tractor* is ``zen``, the last word of three other vehicles, and
    *a duck* ``ö``, the last word of three other animals; the template glues
    ``mi`` on both.  Where one instance draws both, neither claims a word
    (``zenmi`` comes with the other vehicles too, ``ömi`` with the other
    animals), and the two regions nobody claims were paired with them in
    slot order, *animal* first: ``č'{animal} zi č'{vehicle}`` with the duck
    read ``zenmi``, a template of its own.  They pair where their words
    co-vary with them most."""
    vehicles = {"a tractor": "zen", "a bus": "bova-li zen", "a van": "gičü zen",
                "a taxi": "wizis zen", "a car": "tüsvüwe", "a truck": "bočı", "a bike": "gunıtfa"}
    animals = {"a duck": "ö", "a dog": "dö ö", "a cat": "neltin ö", "a cow": "wunwafu ö",
               "a pig": "ivü", "a hen": "lawa", "a fox": "ıčım"}
    groups = extract_exact(_has_sees_drives(animals, vehicles, True, "%s'ču č'%smi zi č'%smi lak.",
                                            "%s %s ruk.", "%s %s sak."))
    assert [(t["template"], sorted(t["lexicons"]["vehicle"]), sorted(t["lexicons"]["animal"]))
            for t in groups["has"]] == [
        ("{first_name}'ču č'{vehicle}mi zi č'{animal}mi lak.", sorted(vehicles.values()),
         sorted(animals.values()))]


#: Thai-like states: (form, the preposition after it, the ending its class
#: gives the intensifier before it)
_TH_CLASSED_STATES = {"upbeat": ("โจั", "ณิ", "ไงื๋"), "calm": ("ชั้ญึโจั", "ณิ", "ไงื๋"),
                      "keen": ("ษา่เฐิทึ๊", "ณิ", "ไงื๋"), "jolly": ("จาฐัณา๋", "ณิ", "ใศี"),
                      "glad": ("ฮี๋โชื๋ษา", "ณิ", "ใศี"), "angry": ("ยัเฮุจั", "ณิ", ""),
                      "sad": ("ชาษู", "แฎา๊", ""), "tired": ("ถาจั๊โจั", "แฎา๊", ""),
                      "bored": ("ถึปี", "แฎา๊", ""), "shy": ("ชึ๊รื้", "แฎา๊", ""),
                      "proud": ("ถัรีโจั", "แฎา๊", ""), "eager": ("ปิงาโจั", "แฎา๊", ""),
                      "happy": ("ปืเงึโจั", "แฎา๊", ""), "sure": ("ฅา๊ศาชี", "แฎา๊", "ใศี"),
                      "wary": ("ปัฮืไฏา", "แฎา๊", "ใศี"), "lazy": ("ถึฌัศาโจั", "แฎา๊", "ไงื๋"),
                      "vain": ("เญีรุ๋ณิ", "แฎา๊", "ไงื๋")}


def test_a_one_syllable_value_other_values_end_in_keeps_it_beside_an_agreement_ending():
    """*upbeat* is ``โจั``, the last syllable of six other states; the
    preposition after a state (``ณิ`` / ``แฎา๊``) and the ending its class
    gives the intensifier before it (``ไงื๋`` / ``ใศี`` / none) are place
    words.  Where an intensifier stands before it, *upbeat*'s core held
    ending, syllable and preposition, both edges place words; the
    preposition went first (the tighter place), and then the alignment
    chose between the ending and the syllable, and kept the ending: a
    template of its own with ``โจั`` in the frame in every group.  Without
    an intensifier the core is ``โจั`` once its preposition is cut: a
    syllable that is the value's whole core so is the value's, and it stays."""
    very = {"really": "ไฐุณุยี", "super": "ปีแถาทิ", "very": "งึ๊ฮืณีถึ", "so": "จิ๊ฌีณีถึ"}
    rng = random.Random(0)
    rows = []
    for tid in ("first", "second"):
        for a, b in itertools.permutations(NAMES[:6], 2):
            for s, (st, prep, end) in _TH_CLASSED_STATES.items():
                v = rng.choice(sorted(very))
                plain = "ชั%s%sษิ่ษิ้ฌึ" % (st, prep)
                strong = "ชั%s%s%s%sษิ่ษิ้ฌึ" % (very[v], end, st, prep)
                fill = {"first_name": a, "very": v, "s": s, "first_name1": b}
                if tid == "first":
                    rows.append(_row(tid, "%s is %s %s about it. %s is %s about it." % (a, v, s, b, s),
                                     fill, "%s%s %s%s" % (a, strong, b, plain)))
                else:
                    rows.append(_row(tid, "%s is %s about it. %s is %s %s about it." % (a, s, b, v, s),
                                     fill, "%s%s %s%s" % (a, plain, b, strong)))
    groups = extract_exact(rows)
    for tid in ("first", "second"):
        for t in groups[tid]:
            assert "โจั" not in t["template"] and "ไงื๋" not in t["template"]
        [t] = [t for t in groups[tid] if "ชั้ญึโจั" in t["lexicons"]["s"]]
        assert sorted(t["lexicons"]["s"]) == sorted(
            st for st, prep, end in _TH_CLASSED_STATES.values() if (prep, end) == ("ณิ", "ไงื๋"))


def test_a_one_letter_value_one_template_prefixes_and_another_suffixes_is_that_letter():
    """One template glues ``rol`` before every animal, another ``nor`` after
    it; *a cow* is ``ı`` and *a dog* ``ö``, one letter each.  No reading of
    them is the other's stem, so the stem is what both readings hold
    (``rolı``, ``ınor``): ``ı``, ``r`` and ``o`` alike, and the first found
    was ``r`` -- no affix the template glues on the others came off, and
    every animal kept ``rol`` and ``nor`` in its lexicon entries.  Of
    several, the stem is the one whose prefix and suffix the other animals
    carry too."""
    animals = {"a cow": "ı", "a dog": "ö", "a cat": "čel", "a duck": "ızu", "a fish": "kopo",
               "a bull": "pasa", "a snake": "zokak", "a hamster": "bives"}
    assert _animal_templates(animals, "%swı ču rol%s lus rol%s.", "%swı ku %snor.",
                             "%swı ku %snör.") == \
        ("{first_name}wı ču rol{animal} lus rol{vehicle}.", "{first_name}wı ku {animal}nor.")


def test_a_one_letter_value_behind_a_prefix_that_ends_in_its_letter_loses_the_whole_prefix():
    """The template glues ``wek`` before both objects and *a car* is ``e``:
    its reading is ``weke``.  Split at the first ``e`` it is ``w`` + ``e`` +
    ``ke``, an affix no other vehicle carries, so ``wek`` came off no vehicle
    (``zo {vehicle}`` with ``weksoka``, ``weke``, ...).  The form stands at
    the reading's end, where it leaves the one affix the other values carry."""
    animals = {"a cow": "bavo", "a dog": "kufi", "a cat": "zolak", "a duck": "miru",
               "a fish": "pesta", "a bull": "dolu", "a snake": "sibak", "a hamster": "tuvo"}
    vehicles = {"a car": "e", "a bike": "soka", "a van": "vonka", "a bus": "biči", "a truck": "łari"}
    groups = extract_exact(_has_sees_drives(animals, vehicles, False, "%swi bi wek%s zo wek%s.",
                                            "%swi bu %szu.", "%swi bu %szu."))
    every = sorted(vehicles.values())
    assert _one_template(groups, "has", "vehicle") == \
        ("{first_name}wi bi wek{animal} zo wek{vehicle}.", every)
    assert _one_template(groups, "drives", "vehicle") == ("{first_name}wi bu {vehicle}zu.", every)


def test_a_value_whose_readings_share_a_letter_of_an_affix_keeps_the_stem_the_affixes_leave():
    """One template glues ``vel`` after every animal, another ``lo``; *a dog*
    is ``ve``: ``vevel`` and ``velo``.  The longest text both readings hold
    is ``vel``, which leaves ``velo`` one letter, ``o``, too short for an
    affix, so the dog's form stayed ``vevel`` and ``lo`` came off no animal
    (``{animal}`` with ``velo``, ``folo``, ...).  The stem is the longest
    shared text whose every affix the slot's other values carry: ``ve``."""
    animals = {"a cow": "lal", "a dog": "ve", "a cat": "fo", "a duck": "buso", "a fish": "suka",
               "a bull": "iñaña", "a snake": "afuñas", "a hamster": "luslano"}
    assert _animal_templates(animals, "%sčun ši %svel fi %svel.", "%sčun ba %slo.",
                             "%sčun ba %slo.") == \
        ("{first_name}čun ši {animal}vel fi {vehicle}vel.", "{first_name}čun ba {animal}lo.")


def test_a_value_that_begins_with_the_syllable_the_frame_ends_in_keeps_it_without_spaces():
    """A Burmese-like file: one template's frame ends in ``ကေ`` before the
    state, and *vocal* reads ``ကေဒါ့``: ``…ကေကေဒါ့…``.  The question template
    has another frame there, and there *vocal* shows its ``ကေ`` too.  Every
    other state stands beside the frame's ``ကေ`` in most of the file, so
    pooled with them, ``ကေ`` beside *vocal* was shown by two groups in
    three, too few for a value's form, and went to the frame
    (``…ကေကေ{s}``, a template of its own).  A frame unit beside the others
    is no evidence about a value's own material: *vocal* keeps ``ကေ``."""
    states = {"happy": "ဎ္လီံခာံ", "calm": "ညူထ္ဏုး", "proud": "ဎူစုံ", "eager": "တေရေံ",
              "open": "ခားတ္လေခု", "vocal": "ကေဒါ့", "modest": "စေခ္ရိ", "curious": "ဋီးခိးညူ့"}
    rows = []
    for a in NAMES:
        for s, st in states.items():
            fill = {"first_name": a, "s": s}
            rows.append(_row("is", "%s is %s about it." % (a, s), fill,
                             "%sထ္လဲဏုံကေ%sက္ဒါ။" % (a, st)))
            rows.append(_row("was", "%s was %s about it." % (a, s), fill,
                             "%sဏာဟ္ခေကေ%sက္ဒါ။" % (a, st)))
    for s, st in states.items():
        rows.append(_row("who", "Who is least %s about it?" % s, {"s": s},
                         "မူရု့ညူဏီ့%sက္ဒါ?" % st))
    groups = extract_exact(rows)
    for tid, frame in (("is", "{first_name}ထ္လဲဏုံကေ{s}က္ဒါ။"),
                       ("was", "{first_name}ဏာဟ္ခေကေ{s}က္ဒါ။"), ("who", "မူရု့ညူဏီ့{s}က္ဒါ?")):
        got = [(t["template"], sorted(t["lexicons"]["s"])) for t in groups[tid]]
        assert got == [(frame, sorted(states.values()))]


def test_a_name_drawn_by_chance_with_a_rare_value_keeps_its_own_word():
    """*nicer* is drawn in five instances, four of them beside Ahmed: by
    chance, Ahmed then predicts the value's two words (``yasashii hito``) as
    well as four in five, and the two words together outweighed the name's
    own one word -- Ahmed took the value's region, and the value lost a word
    to the frame.  A unit goes to the value that claims it most: *nicer*
    claims its words in every instance, and Ahmed keeps ``Ahmed``."""
    adjs = {"taller": "takai", "older": "toshiue", "faster": "hayai", "smarter": "kashikoi",
            "richer": "yutaka", "stronger": "tsuyoi"}
    rows = [_row("than", "%s is %s than %s." % (a, adj, b),
                 {"first_name": a, "adj": adj, "first_name1": b},
                 "%s wa %s yori %s desu." % (a, b, t))
            for (a, b) in itertools.permutations(NAMES, 2) for adj, t in adjs.items()]
    pairs = [("Ahmed", "John"), ("Mary", "Ahmed"), ("Ahmed", "Chen"), ("Olga", "Ahmed"),
             ("Priya", "Mary")]
    rows += [_row("than", "%s is nicer than %s." % (a, b),
                  {"first_name": a, "adj": "nicer", "first_name1": b},
                  "%s wa %s yori yasashii hito desu." % (a, b)) for a, b in pairs]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    [t] = doc["templates"]
    assert t["template"] == "{first_name} wa {first_name1} yori {adj} desu."
    assert "yasashii hito" in t["lexicons"]["adj"]
    assert "Ahmed" in t["lexicons"]["first_name"]


def test_a_value_translated_like_another_slots_value_keeps_its_regions():
    """*particular* and *particularly* are both ``kakujitsu``.  In *Chen is
    particularly particular* each of the two words is claimed more by the
    intensifier (it is drawn with the word less often than the state, so the
    word predicts it better) -- counting only the units no other value claims
    more, the state would have no region at all; it still takes the ones it
    claims, and the instance is the group's template like every other."""
    very = {"extremely": "totemo", "really": "hontouni", "particularly": "kakujitsu"}
    states = {"happy": "ureshii", "sad": "kanashii", "particular": "kakujitsu",
              "angry": "okotte", "calm": "odayaka"}
    rows = [_row("very", "%s is %s %s about it. %s is %s about it." % (a, v, s, b, s),
                 {"first_name": a, "very": v, "s": s, "first_name1": b},
                 "%s wa sore ni %s %s da. %s wa sore ni %s da." % (a, very[v], states[s], b,
                                                                  states[s]))
            for (a, b) in itertools.permutations(NAMES[:4], 2) for v in very for s in states]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    [t] = doc["templates"]
    assert t["template"] == \
        "{first_name} wa sore ni {very} {s} da. {first_name1} wa sore ni {s} da."
    assert "kakujitsu" in t["lexicons"]["s"] and "kakujitsu" in t["lexicons"]["very"]


def test_a_value_that_ends_with_the_syllable_the_frame_begins_with_keeps_it():
    """The mirror of the test above: three states of eight end in ``ဆု``, the
    syllable (*today*) the frame writes after every state (``…တာံဆုဆု``).
    Read as a doubled stretch (``stark? stark?``, a corruption), the state's
    last ``ဆု`` went to the frame and the frame's own to the value (``{s}?``
    with ``…တာံဆုဆု``, a template of its own in every group).  A corruption
    doubles a unit of one instance at random: a doubling every instance of a
    value shows, or more instances than the frame allows to differ, is the
    text's own."""
    states = {"happy": "ဎ္လီံခာံ", "calm": "ညူထ္ဏုး", "proud": "ဎူစုံ", "eager": "တေရေံ",
              "excited": "ထါဆ္ရိးတာံဆု", "open": "ခားတ္လေခု", "modest": "ဏါမ္ဠူတာံဆု",
              "curious": "တူဉုဏုတာံဆု"}
    rows = [_row("is", "%s is %s today." % (a, s), {"first_name": a, "s": s},
                 "%sထ္လဲဏုံ%sဆု။" % (a, st)) for a in NAMES for s, st in states.items()]
    rows += [_row("who", "Who is most %s today?" % s, {"s": s}, "မူရု့ညူဏီ့%sဆု?" % st)
             for s, st in states.items()]
    groups = extract_exact(rows)
    for tid, frame in (("is", "{first_name}ထ္လဲဏုံ{s}ဆု။"), ("who", "မူရု့ညူဏီ့{s}ဆု?")):
        got = [(t["template"], sorted(t["lexicons"]["s"])) for t in groups[tid]]
        assert got == [(frame, sorted(states.values()))], tid


def test_a_one_letter_frame_word_is_not_the_end_of_another_word():
    """A verb-final language: *than* is ``a`` before the comparative (``Mary
    Linda a oke ba.``) and *who* is ``Za`` (``Za oke ba?``).  ``Za`` ends in
    ``a``: read as ``a`` with ``Z`` glued on (as ``wsayara`` is ``sayara``
    with the conjunction), the comparative's marker -- licensed by *younger*
    against *young* -- stood before every comparative in both groups and
    went into the values (``a oke``), and the question was written
    ``Z{adj[0]} ba?``, a word cut in two.  A one-letter word is no other
    word's end by that alone."""
    adjs = {("younger", "young"): ("oke", "suzi"), ("taller", "tall"): ("eja", "lelbi"),
            ("stronger", "strong"): ("jiči", "keze"), ("shorter", "short"): ("ułal", "łuñu"),
            ("older", "old"): ("ñukzu", "čelbo"), ("smarter", "smart"): ("łabis", "jesñal")}
    rows = []
    for a, b in itertools.permutations(NAMES, 2):
        for (cmp_, base), (t0, _t1) in adjs.items():
            rows.append(_row("than", "%s is %s than %s." % (a, cmp_, b),
                             {"first_name": a, "adj": [cmp_, base], "first_name1": b},
                             "%s %s a %s ba." % (a, b, t0)))
        # ``ba`` (*is*) ends most sentences of the file
        for where, t in (("here", "kiro"), ("at home", "umsa"), ("late", "ñeti")):
            rows.append(_row(where, "%s is %s with %s." % (a, where, b),
                             {"first_name": a, "first_name1": b}, "%s %s %s ba." % (a, b, t)))
    for (cmp_, base), (t0, t1) in adjs.items():
        rows.append(_row("who", "Who is %s?" % cmp_, {"adj": [cmp_, base]}, "Za %s ba?" % t0))
        rows.append(_row("less", "Who is less %s?" % base, {"adj": [cmp_, base]},
                         "Za gikjal %s ba?" % t1))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["than"]] == ["{first_name} {first_name1} a {adj[0]} ba."]
    assert [t["template"] for t in groups["who"]] == ["Za {adj[0]} ba?"]
    assert sorted(v[0] for v in groups["who"][0]["lexicons"]["adj"]) == \
        sorted(t0 for t0, _ in adjs.values())


def test_a_one_letter_word_is_no_longer_words_end_but_a_one_letter_stem_is():
    """``same_word``: a reading that is the word with a template affix glued on
    its far side is the same word (``wsayara`` / ``sayara``), but a word of
    one letter is not the end of every word that ends in it (``Za``, *who*,
    is not ``a``, *than*) -- unless it is the stem every group's reading
    extends with its template's ending (``fö`` / ``fu`` of ``mo ñu-fö`` /
    ``mo ñu-fu``: :func:`stem_before_affixes` finds ``f``)."""
    from collections import Counter
    from tea_solver.keys.model.units import same_word, stem_before_affixes
    assert same_word("wsayara", "sayara", -1) and same_word("sayarat", "sayara", 1)
    assert not same_word("Za", "a", -1) and not same_word("ab", "a", 1)
    per_group = {0: Counter({"fö": 21}), 1: Counter({"fu": 17})}
    stem = stem_before_affixes(per_group, 1, lambda _g, tail: tail in ("ö", "u"))
    assert stem == "f"
    assert all(same_word(r, stem, 1, stem=True) for r in ("fö", "fu"))


_PROFESSION_CLASS = {"a model": ("ño sula", ""), "a singer": ("ño talawu", ""),
                     "an accountant": ("hor howa", "hut"), "an artist": ("hor heves", "hut"),
                     "an editor": ("hor gönner", "hut")}
_NATIONALITIES = {"Japanese": "Dawı a", "Korean": "Nüsö a", "French": "Lulo",
                  "German": "Rıssu", "Thai": "Vıču"}


def test_a_one_letter_last_word_that_agrees_is_the_value_whichever_alternant_is_commoner():
    """Two nationalities end in a word of one letter (``Dawı a``).  After a
    profession of the ``hor`` class a nationality takes ``hut``, so each
    template shows the word in two forms: ``Dawı a nu`` / ``Dawı ahut nu``,
    ``Dawı ala.`` / ``Dawı ahutla.``.  The ``hor`` class has more
    professions, so the ending form is the commoner in every template; the
    bare word ``a`` is still the value's last word, the ending the class's
    agreement and ``la`` the template's.  (The word was read from each
    template's commonest reading only: ``a`` went to the frame and the
    ``hut`` forms left instances uncovered.)"""
    rows = []
    for n, (p, (pt, end)), (c, ct) in itertools.product(
            NAMES[:3], _PROFESSION_CLASS.items(), _NATIONALITIES.items()):
        fill = {"first_name": n, "profession": p, "nationality": c}
        rows += [_row("is", "%s is %s. %s is %s." % (n, p, n, c), fill,
                      "%s'do %sla. %s'do %s%sla." % (n, pt, n, ct, end)),
                 _row("and", "%s is %s and %s." % (n, c, p), fill,
                      "%s'do %s%s nu %sla." % (n, ct, end, pt)),
                 _row("or", "%s is %s or %s." % (n, p, c), fill,
                      "%s'do %s nu %s%sla." % (n, pt, ct, end))]
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    for tid, frame in (("is", "{first_name}'do {profession}la. {first_name}'do {nationality}la."),
                       ("and", "{first_name}'do {nationality} nu {profession}la."),
                       ("or", "{first_name}'do {profession} nu {nationality}la.")):
        got = sorted((t["template"], tuple(sorted(t["lexicons"]["nationality"])))
                     for t in by_group(doc)[tid])
        assert got == sorted((frame, tuple(sorted(ct + end for ct in _NATIONALITIES.values())))
                             for end in ("", "hut")), tid


def test_a_stem_takes_each_alternant_of_an_agreement_ending_but_no_stray_reading():
    """:func:`stem_before_affixes` where a template's readings alternate: the
    bare alternant counts, though the one with the ending is commoner
    (``ahut`` 14 / ``a`` 12: the stem is ``a``, ``la`` the other template's
    affix); a reading that shares nothing with the group's common one (two
    ``vo`` beside four ``wi``: corrupted copies) is no alternant and does
    not cut the stem short of ``wi``."""
    from collections import Counter
    from tea_solver.keys.model.units import stem_before_affixes
    affix = lambda _g, tail: tail in ("la", "lül", "lul")  # noqa: E731
    assert stem_before_affixes({0: Counter({"ala": 26, "ahutla": 7}),
                                1: Counter({"ahut": 14, "a": 12})}, 1, affix) == "a"
    assert stem_before_affixes({0: Counter({"wilül": 6}), 1: Counter({"wilul": 11}),
                                2: Counter({"wi": 4, "vo": 2})}, 1, affix) == "wi"
    # the same on the other side of the value
    assert stem_before_affixes({0: Counter({"laa": 26}), 1: Counter({"huta": 14, "a": 12})},
                               -1, lambda _g, tail: tail == "la") == "a"


def test_a_word_seen_once_is_no_claim_for_a_value_that_has_its_own_word_elsewhere():
    """Two sentences with one frame (``{first_name} ba {very} {s} so.`` and the
    same with ``{somewhat}``); both adverbs take the ending the state's class
    chooses (``čolboku`` / ``čolbokuñas`` / ``čolbokulu``), and *super* is drawn
    once in the file, beside *mildly* and a state of the ``ñas`` class.
    ``iłičolñas`` is seen in that one instance only, so every value of the
    instance claims it fully -- *mildly* too, whose own word stands in the
    other sentence, a region with the same frame around it.  The tie went to
    the first region: *mildly* shared it with *super* and got nothing; looked
    up by its forms, it was read as its main form, ``čolboku``, and the
    ending went to the frame (``{somewhat}ñas``, a template of its own).  A
    word every value of the instance claims alike counts as their share, and
    a value looked up by its forms is read as the longest one that stands
    there."""
    very = {"extremely": "čebu", "really": "lige", "very": "juñu"}
    somewhat = {"mildly": "čolboku", "slightly": "oziki", "somewhat": "łezik"}
    states = {"happy": ("ñagu", "ñas"), "sad": ("boju", "lu"), "calm": ("jeli", ""),
              "busy": ("gułu", "")}

    def row(a, b, v, s, w, vt):
        st, end = states[s]
        return _row("two", "%s is %s %s. %s is %s %s." % (a, v, s, b, w, s),
                    {"first_name": a, "very": v, "s": s, "first_name1": b, "somewhat": w},
                    "%s ba %s %s so. %s ba %s %s so." % (a, vt + end, st, b, somewhat[w] + end,
                                                         st))
    rows = [row(a, b, v, s, w, vt) for a, b in itertools.permutations(NAMES[:4], 2)
            for v, vt in very.items() for s in states for w in somewhat]
    rows.append(row("Priya", "Mary", "super", "happy", "mildly", "iłičol"))
    groups = extract_exact(rows)
    frame = "{first_name} ba {very} {s} so. {first_name1} ba {somewhat} {s} so."
    assert {t["template"] for t in groups["two"]} == {frame}
    ñas = next(t for t in groups["two"] if "ñagu" in t["lexicons"]["s"])
    assert "iłičolñas" in ñas["lexicons"]["very"] and "čolbokuñas" in ñas["lexicons"]["somewhat"]


def test_a_frame_syllable_before_a_value_whose_other_syllables_are_shared_stays_frame():
    """Burmese-like, no spaces.  *excited* is ``ဋ္နီ့ဋေံည္ဇီငေ``: its first
    and second syllables begin other states, its last ends others, so its
    core is the one syllable ``ည္ဇီ`` and its edges decide three units
    outward, to the ``နဲ`` the ``so`` template writes before every state.
    *excited* is seen in that template only (its question instance is the
    one a corruption hit): every one of its readings has ``နဲ`` there, and
    pooled only with values that reach it through the same syllables (none)
    it took the frame's syllable into its form — a template of its own.  A
    frame unit is pooled by its place in the frame: the other states read
    something else there in the question, and ``နဲ`` stays the template's."""
    states = {"excited": "ဋ္နီ့ဋေံည္ဇီငေ", "happy": "ဋ္နီ့ဗာလူ", "sad": "မိဋေံမာ",
              "angry": "ဋ္နီ့ကူးဘေ", "calm": "ဓူဋေံဗိ", "proud": "ပါဆူငေ", "bored": "ဆိုဇာ",
              "tired": "ခူမေငေ", "glad": "ဋေံသူ"}
    rows = []
    for a, b in itertools.permutations(NAMES[:6], 2):
        for s, t in states.items():
            rows.append(_row("so", "%s is so %s." % (a, s), {"first_name": a, "s": s},
                             "%sဋီဘူနဲ%sဋေ။" % (a, t)))
    for a in NAMES:
        for s, t in states.items():
            if s != "excited":
                rows.append(_row("ask", "Is %s really %s?" % (a, s), {"first_name": a, "s": s},
                                 "%sဂါ%sလား။" % (a, t)))
    groups = extract_exact(rows)
    [so] = groups["so"]
    assert so["template"] == "{first_name}ဋီဘူနဲ{s}ဋေ။"
    assert sorted(so["lexicons"]["s"]) == sorted(states.values())


def test_a_suffix_in_harmony_with_one_lexicons_values_is_the_templates():
    """Each template glues a case suffix to the animal, in harmony with it
    (``hos`` after the first six, ``hös`` after the last four; ``ni``/``nü``;
    ``ta``/``tä``), and one template glues none (``inu``).  Only the animals
    take the suffixes, so no other lexicon shows them to be the templates'.
    Each animal reads one allomorph every time — harmony, not agreement with
    another slot — and together the allomorphs are on every animal: one
    affix of the template, which writes ``{animal}hos`` and ``{animal}hös``,
    each with the bare animals; not four forms per animal."""
    animals = {"dog": "inu", "cat": "neko", "horse": "uma", "bird": "tori", "fish": "sakana",
               "cow": "ushi", "pig": "buta", "fox": "kitsune", "bear": "kuma", "deer": "shika"}
    back = {c: k < 6 for k, c in enumerate(animals)}
    frames = {"likes": ("%s likes the %s.", "mi %sga %s ga suki.", "hos", "hös"),
              "sees": ("%s sees the %s.", "mi %sga %s ni au.", "ni", "nü"),
              "finds": ("%s finds the %s.", "%sga %s mitsuketa.", "ta", "tä"),
              "with": ("%s is with the %s.", "%s to %s ga iru.", "", "")}
    rows = []
    for tid, (source, target, b, f) in frames.items():
        rows += [_row(tid, source % (a, c), {"first_name": a, "animal": c},
                      target % (a, animals[c] + (b if back[c] else f)))
                 for a in NAMES[:6] for c in animals]
    groups = extract_exact(rows)
    for tid, (_source, target, b, f) in frames.items():
        got = sorted((t["template"], sorted(t["lexicons"]["animal"])) for t in groups[tid])
        classes = [(b, sorted(t for c, t in animals.items() if back[c])),
                   (f, sorted(t for c, t in animals.items() if not back[c]))] if b else \
            [("", sorted(animals.values()))]
        assert got == sorted((target % ("{first_name}", "{animal}" + suffix), values)
                             for suffix, values in classes), tid


def _harmony_pair_rows(animals, vehicles, front):
    """Two templates that glue a case suffix in harmony (``bol`` / ``böl``)
    to the value they name first, and ``bol`` to the second whatever it is;
    a third writes both values bare."""
    def first(w: str) -> str:
        return w + ("böl" if w in front else "bol")
    rows = []
    for a in NAMES[:6]:
        for c, ct in animals.items():
            for v, vt in vehicles.items():
                rows.append(_row("av", "%s has %s and %s." % (a, c, v),
                                 {"first_name": a, "animal": c, "vehicle": v},
                                 "%s'wa p'%s vı p'%sbol ño." % (a, first(ct), vt)))
                rows.append(_row("va", "%s has %s and %s." % (a, v, c),
                                 {"first_name": a, "animal": c, "vehicle": v},
                                 "%s'wa p'%s vı p'%sbol ño." % (a, first(vt), ct)))
                rows.append(_row("sees", "%s sees %s near %s." % (a, c, v),
                                 {"first_name": a, "animal": c, "vehicle": v},
                                 "%s'wa %s ri %s kemu." % (a, ct, vt)))
    return rows


def test_harmony_allomorphs_of_an_affix_another_lexicon_carries_are_each_the_templates():
    """The template that names the animal first glues ``bol`` to three
    animals and ``böl`` (vowel harmony) to four; the vehicles carry ``bol``
    in both templates, and one of them takes ``böl`` where it comes first.
    ``bol`` is the affix of two lexicons, but the file-level rule takes off
    only a set of affixes that every lexicon carries, and ``böl`` is the
    animals' alone: the set ``bol`` / ``böl`` is this template's, one
    template per allomorph (``{animal}bol`` and ``{animal}böl``), as
    ``{vehicle}bol`` and ``{vehicle}böl`` are the other's — ``böl`` on one
    vehicle there, the pair the animals show.  Before, ``bol`` stayed on the
    three animals (``pılbol`` a value) and on all the vehicles."""
    animals = {"a dog": "pıl", "a snake": "wıtšattat", "a lizard": "wolvı", "a cow": "bi",
               "a duck": "pilñe", "a serpent": "li", "a bull": "diwöbö"}
    vehicles = {"a car": "bul", "a truck": "vıdıdı", "a train": "šaldıttu",
                "a tractor": "ñıñu", "a van": "dalpavo", "a minivan": "wülpi"}
    front = {"bi", "pilñe", "li", "diwöbö", "wülpi"}
    groups = extract_exact(_harmony_pair_rows(animals, vehicles, front))
    for tid, lex, other in (("av", animals, "vehicle"), ("va", vehicles, "animal")):
        got = sorted((t["template"], sorted(t["lexicons"]["animal" if tid == "av" else
                                                          "vehicle"]))
                     for t in groups[tid])
        first = "{animal}" if tid == "av" else "{vehicle}"
        want = sorted(("{first_name}'wa p'%s%s vı p'{%s}bol ño." % (first, suf, other),
                       sorted(t for t in lex.values() if (t in front) == (suf == "böl")))
                      for suf in ("bol", "böl"))
        assert got == want, tid


def test_a_values_word_that_another_value_glued_to_the_frame_also_reads_is_its_own():
    """*an interpreter* is ``o ñoma``; *an analyst* is ``o ličü-ño``, whose
    last piece the three templates that glue ``ma`` to the profession make
    ``ličü-ñoma``.  Over the file the word ``ñoma`` comes with *an analyst*
    more often than with *an interpreter* (whose ``ma`` templates write
    ``ñomama``), so it neither identifies *an interpreter* nor comes with it
    most of the time, while the article ``o``, which only three professions
    take, does: in the two templates that write ``{p} čet`` the value's core
    was the article alone, with ``ñoma`` left to the frame (a template per
    value there, and the form ``o`` in the lexicon).  In every instance its
    identifying word ``ñomama`` is not in, ``ñoma`` is: the value's other
    reading, which is its core there as ``ñomama`` is elsewhere, with the
    article beside it in every template alike."""
    profs = {"an interpreter": "o ñoma", "an analyst": "o ličü-ño", "an editor": "o wıtowu",
             "a nurse": "ö etemö", "a doctor": "ö ihü", "an actor": "ö čotta",
             "a writer": "ö tusa", "a baker": "ö höñe"}
    frames = {"is": ("%s is %s.", "%s'čı %sma."), "was": ("%s was %s.", "%s'nu %sma."),
              "works": ("%s works as %s.", "%s %sma ge."),
              "and": ("%s and %s.", "%s'čı %s čet."), "or": ("%s or %s.", "%s'nu %s čet.")}
    rows = []
    for tid, (src, tgt) in frames.items():
        for a in NAMES:
            for p, t in profs.items():
                rows.append(_row(tid, src % (a, p), {"first_name": a, "profession": p},
                                 tgt % (a, t)))
    groups = extract_exact(rows)
    for tid, (_src, tgt) in frames.items():
        [t] = groups[tid]
        assert t["template"] == tgt % ("{first_name}", "{profession}")
        assert sorted(t["lexicons"]["profession"]) == sorted(profs.values())


def _comparatives(adjs: dict) -> list:
    """A comparative template that writes, after the adjective, the word its
    class selects (``adjs``: source adjective -> (target, that word)), and a
    question template that writes the adjective alone."""
    rows = []
    for a, b in itertools.permutations(NAMES[:6], 2):
        for s, (t, w) in adjs.items():
            rows.append(_row("cmp", "%s is %s than %s." % (a, s, b),
                             {"first_name": a, "adj": s, "first_name1": b},
                             "%s ba %s %s %s." % (a, t, w, b)))
    for s, (t, _w) in adjs.items():
        rows.append(_row("ask", "Who is %s?" % s, {"adj": s}, "wa ba %s?" % t))
    return rows


def test_a_corruption_that_identifies_a_value_once_gives_it_no_other_reading():
    """*older* (``ni po``) shares its word with *bolder* (``ni sa po``): no
    unit identifies it, and the ``mu`` the comparative template writes after
    its class comes with it.  One corrupted instance puts in a word
    (``zix``) that only *older* then shows.  Its identifying reading in one
    instance of thirty makes every other instance "unexplained", and over
    those the rates are the plain ones: ``mu`` must not become the value's
    other reading (``po mu``, a template of its own, and the question
    without its adjective)."""
    adjs = {"older": ("ni po", "mu"), "taller": ("ni ra", "ke"), "bolder": ("ni sa po", "ke"),
            "smarter": ("ni dal", "ke"), "weaker": ("ni sot", "mu"), "nicer": ("ni wem", "mu"),
            "faster": ("ni lok", "ke"), "richer": ("ni tap", "mu"), "kinder": ("ni gus", "ke")}
    rows = _comparatives(adjs)
    # the corruption: a word put in before the comparative's paradigm word
    k = next(k for k, r in enumerate(rows) if r["fill"].get("adj") == "older")
    rows[k] = dict(rows[k], target=rows[k]["target"].replace(" mu ", " zix mu "))
    groups = extract_exact(rows)
    [ask] = groups["ask"]
    assert "po" in ask["lexicons"]["adj"]
    [mu] = [t for t in groups["cmp"] if t["template"].endswith(" mu {first_name1}.")]
    assert "po" in mu["lexicons"]["adj"]
    assert not any("mu" in v for t in groups["cmp"] for v in t["lexicons"].get("adj", ()))


def test_a_values_last_word_that_a_template_writes_after_other_values_stays_the_values():
    """The comparative template writes ``ke`` or ``mu`` after the adjective,
    as its class selects; *slower* is ``ni chi ke`` and takes ``mu``.  Pooled
    for its identity with the adjectives that show ``ke`` there — which the
    question template writes without it — its ``ke`` fell short of the
    identity a value's word needs, and went to the frame: a template of its
    own in each group.  *slower* shows ``ke`` in the question too, where the
    others do not: the word follows the value, not the template."""
    adjs = {"slower": ("ni chi ke", "mu"), "taller": ("ni ra", "ke"), "older": ("ni po", "ke"),
            "smarter": ("ni dal", "ke"), "weaker": ("ni sot", "mu"), "nicer": ("ni wem", "mu"),
            "faster": ("ni lok", "ke"), "richer": ("ni tap", "mu"), "kinder": ("ni gus", "ke")}
    groups = extract_exact(_comparatives(adjs))
    [ask] = groups["ask"]
    assert "chi ke" in ask["lexicons"]["adj"]
    cmp = groups["cmp"]
    assert len(cmp) == 2
    [mu] = [t for t in cmp if t["template"].endswith("mu {first_name1}.")]
    assert "chi ke" in mu["lexicons"]["adj"]


#: animals with an article and a case ending glued to their last word;
#: *a guinea pig*'s last word ``w`` with the second template's ending reads
#: ``wo``, the article of other animals
_FUSED_ANIMALS = {"a dog": ("wo d", "e", "o"), "a cat": ("pen hon", "e", "on"),
                  "a cow": ("wo tič", "en", "o"), "a horse": ("pen ład", "e", "o"),
                  "a bird": ("wo vič", "e", "on"), "a guinea pig": ("wo fełipa w", "en", "o"),
                  "an owl": ("pen hevam", "e", "o"), "a duck": ("wo inoł", "e", "o"),
                  "a sheep": ("pen nolł", "e", "o")}
_FUSED_VEHICLES = {"a car": "pen demf", "a bus": "wo sav", "a van": "pen tav", "a boat": "wo pon"}


def test_a_last_word_each_template_inflects_is_the_values_even_where_it_reads_like_an_article():
    """Each template glues its case ending to the animal's last word
    (``-e`` / ``-en``, ``-o`` / ``-on`` by the word), so *a guinea pig*'s last
    word reads ``wen`` in one template and ``wo`` in the other -- the article
    of other animals, which identifies no value: co-variation leaves it out
    of the core there, and the value's core is cut to ``fełipa`` in every
    group.  The word beside it differs between the templates, and only this
    value shows it: a word of the value's own, each template's form kept
    (not a ``{animal} wo`` template for the guinea pig alone)."""
    rows = []
    for a in NAMES:
        for p, t in _FUSED_ANIMALS.items():
            for v, u in _FUSED_VEHICLES.items():
                fill = {"first_name": a, "animal": p, "vehicle": v}
                rows.append(_row("and", "%s has %s and %s." % (a, p, v), fill,
                                 "%s ta %s o %se." % (a, t[0] + t[1], u)))
                rows.append(_row("two", "%s has %s. %s has %s." % (a, p, a, v), fill,
                                 "%s le %s. %s le %so." % (a, t[0] + t[2], a, u)))
    groups = extract_exact(rows)
    for tid, frame, case in (("and", "{first_name} ta {animal} o {vehicle}.", 1),
                             ("two", "{first_name} le {animal}. {first_name} le {vehicle}.", 2)):
        [t] = groups[tid]
        assert (t["template"], sorted(t["lexicons"]["animal"])) == \
            (frame, sorted(x[0] + x[case] for x in _FUSED_ANIMALS.values()))


#: animals, several of them named with the shared word ``vivek``; *a cow*'s
#: last word is *a dog*'s in one case and its own in the other
_SHARED_FIRST = {"a dog": ("ni d", "o", "ı"), "a cow": ("i vivek d", "o", "ın"),
                 "a pig": ("ni vivek pıdur", "o", "ı"), "a bear": ("ni vivek rosv", "o", "ı"),
                 "a goat": ("ni vivek övüs", "o", "ı"), "a cat": ("i rüd", "o", "ı"),
                 "a horse": ("i vök", "o", "ı"), "a snake": ("i vük", "on", "ı"),
                 "a bird": ("i sökük", "o", "ı")}


_SHARED_VEHICLES = {"a car": ("i denök", "o", "ı"), "a bus": ("ni nıd", "o", "ı"),
                    "a van": ("i van v", "o", "ı"), "a train": ("ni pon", "", "ı")}


def test_a_shared_word_stays_with_a_value_whose_core_holds_it_in_another_template():
    """``vivek`` begins four animals' names; *a cow* is ``i vivek do`` where
    ``do`` is also *a dog*'s last word, so in that template no unit of the
    cow is its own, and ``vivek`` -- a word beside other animals' cores --
    looked like the word the place chooses from and was cut off.  The other
    template's case ending (``dın`` where the dog has ``dı``) gives the cow
    a unit of its own there, and its core is ``vivek dın``: a word at the
    edge of the value's own cores stays, so the value starts at the same
    unit in both templates (one template each, not a ``vivek {animal}``
    template for the cow)."""
    rows = []
    for a in NAMES:
        for p, (t, one, two) in _SHARED_FIRST.items():
            for v, (u, one_, two_) in _SHARED_VEHICLES.items():
                fill = {"first_name": a, "animal": p, "vehicle": v}
                rows.append(_row("and", "%s has %s and %s." % (a, p, v), fill,
                                 "%s'rıkbı d'%s kık d'%s va." % (a, t + one, u + one_)))
                rows.append(_row("two", "%s has %s. %s has %s." % (a, p, a, v), fill,
                                 "%s'rıkbı d'%s sus. %s'rıkbı d'%s sus." % (a, t + two, a, u + two_)))
    groups = extract_exact(rows)
    # (what the frame ends in before the article, ``d'``, stands beside every
    # value here and nowhere else, so the toy cannot tell whose it is; the
    # test is about the value's own words)
    for tid, case in (("and", 1), ("two", 2)):
        [t] = groups[tid]
        got = sorted(t["lexicons"]["animal"])
        want = sorted(x[0] + x[case] for x in _SHARED_FIRST.values())
        assert len(got) == len(want) and all(g.endswith(w) for g, w in zip(got, want))


#: states: adjectival nouns take the copula ``だ`` before the full stop,
#: verbs do not; two of the nouns end in the repeat mark ``々``
_JA_NOUNS = ["静か", "元気", "有名", "親切", "熱心", "慎重", "興味深々", "自信満々"]
_JA_VERBS = ["喜んでいる", "心配している", "期待している", "困っている"]
_JA_EN = dict(zip(_JA_NOUNS + _JA_VERBS,
                  ["quiet", "well", "famous", "kind", "eager", "careful", "curious",
                   "confident", "glad", "worried", "hopeful", "troubled"]))


def test_a_copula_the_template_writes_after_a_class_stays_the_templates_for_an_unseen_member():
    """The context templates write ``だ`` after the adjectival nouns, the
    questions do not; two nouns end in ``々`` (a unit two values share, so
    outside their cores) and no question draws them.  Pooled only with the
    values showing ``々`` + ``だ`` from the core out, ``だ`` looked like
    those two values' own; pooled also with the values showing ``だ`` just
    before the full stop, it is what the templates write after the class
    (one template per class in each context group, ``興味深々`` without
    ``だ`` in the nouns' template)."""
    rows = []
    for a in NAMES:
        for s in _JA_NOUNS + _JA_VERBS:
            cop = "だ" if s in _JA_NOUNS else ""
            fill = {"first_name": a, "s": _JA_EN[s]}
            rows.append(_row("about", "%s is %s about it." % (a, _JA_EN[s]), fill,
                             "%sはそれに関して%s%s。" % (a, s, cop)))
            rows.append(_row("now", "%s is %s now." % (a, _JA_EN[s]), fill,
                             "%sは今%s%s。" % (a, s, cop)))
    # the questions draw every state but the two ending in 々
    for s in _JA_NOUNS[:6] + _JA_VERBS:
        na = "な" if s in _JA_NOUNS else ""
        for tid, q in (("who", "Who is the most %s?"), ("least", "Who is the least %s?")):
            end = "のは誰ですか。" if tid == "who" else "でないのは誰ですか。"
            rows.append(_row(tid, q % _JA_EN[s], {"s": _JA_EN[s]},
                             "最も%s%s%s" % (s, na if tid == "who" else "", end)))
    groups = extract_exact(rows)
    for tid, frame in (("about", "{first_name}はそれに関して{s}%s。"), ("now", "{first_name}は今{s}%s。")):
        got = sorted((t["template"], sorted(t["lexicons"]["s"])) for t in groups[tid])
        assert got == sorted([(frame % "だ", sorted(_JA_NOUNS)), (frame % "", sorted(_JA_VERBS))])


#: comparatives: ``अधिक`` (*more*) before the adjective, but inside *older*
_HI_COMPARATIVES = {("taller", "tall"): "अधिक लंबा", ("smaller", "small"): "अधिक छोटा",
                    ("richer", "rich"): "अधिक धनी", ("faster", "fast"): "अधिक तेज़",
                    ("slower", "slow"): "अधिक धीमा", ("weaker", "weak"): "अधिक कमज़ोर",
                    ("cleaner", "clean"): "अधिक साफ", ("greater", "great"): "अधिक महान",
                    ("older", "old"): "आयु में अधिक बड़ा"}


def test_a_licence_reaches_no_frame_unit_the_other_values_have_beyond_their_marker():
    """*older* is ``आयु में अधिक बड़ा``: its ``अधिक`` (*more*, what the
    sibling contrast *older* ⊃ *old* licenses) stands inside it, so the frame
    unit beside it is ``से`` (*than*), which the other comparatives have
    beyond their ``अधिक``.  Only the comparison draws *older*, so no other
    template tells by identity; a licence reaches a frame unit only as far
    as the slot's values mostly have it, and ``से`` is the frame's (one
    template, not a ``{first_name1} {adj[0]}`` template for *older*)."""
    rows = []
    for a, b in itertools.permutations(NAMES, 2):
        for (c, p), t in _HI_COMPARATIVES.items():
            rows.append(_row("than", "%s is %s than %s." % (a, c, b),
                             {"first_name": a, "adj": [c, p], "first_name1": b},
                             "%s, %s से %s है।" % (a, b, t)))
    for (c, p), t in _HI_COMPARATIVES.items():
        if c != "older":
            rows.append(_row("who", "Who is %s?" % c, {"adj": [c, p]}, "कौन %s है?" % t))
    # (the copula stands in other sentences too, more often than beside a
    # comparative, as in any file)
    for a, b in itertools.permutations(NAMES, 2):
        for k, (en, hi) in enumerate((("at home", "घर पर"), ("here", "यहाँ"), ("there", "वहाँ"),
                                      ("fine", "ठीक"), ("busy", "व्यस्त"), ("happy", "खुश"),
                                      ("ready", "तैयार"), ("late", "देर से"), ("outside", "बाहर"),
                                      ("inside", "अंदर"))):
            rows.append(_row("at%d" % k, "%s is %s with %s." % (a, en, b),
                             {"first_name": a, "first_name1": b},
                             "%s %s के साथ %s है।" % (a, b, hi)))
    groups = extract_exact(rows)
    [t] = groups["than"]
    assert (t["template"], sorted(e[0] for e in t["lexicons"]["adj"])) == \
        ("{first_name}, {first_name1} से {adj[0]} है।", sorted(_HI_COMPARATIVES.values()))


_VI_PLAIN = {"tall": "cao", "slow": "chậm", "rich": "giàu", "fast": "nhanh", "small": "nhỏ",
             "smart": "sáng dạ", "clean": "sạch", "short": "thấp", "weak": "yếu", "dark": "đen"}


def test_a_marker_the_frame_word_repeats_is_still_the_values():
    """Vietnamese writes *taller than* ``cao hơn hơn``: the value's ``hơn``
    (*more*, licensed by the contrast *taller* ⊃ *tall*) and the frame's
    (*than*), the same word one unit further out.  Where the slot's values
    mostly have a frame unit counts each value's nearer copy: ``hơn`` is
    next to the value, and the licence reaches it (one template, the
    values ``X hơn``; counted at both depths, it was as often the second
    frame unit as the first and the licence stopped short)."""
    rows = []
    for k, (a, b) in enumerate(itertools.permutations(MORE_NAMES[:8], 2)):
        for en, vi in _VI_PLAIN.items():
            # (one instance per value doubles a word: a third ``hơn``)
            more = " hơn" if k == 0 else ""
            rows.append(_row("than", "%s is %ser than %s." % (a, en, b),
                             {"first_name": a, "adj": [en + "er", en], "first_name1": b},
                             "%s %s hơn hơn%s %s." % (a, vi, more, b)))
    for en, vi in _VI_PLAIN.items():
        rows.append(_row("who", "Who is %ser?" % en, {"adj": [en + "er", en]}, "Ai %s hơn?" % vi))
        rows.append(_row("less", "Who is less %s?" % en, {"adj": [en + "er", en]},
                         "Ai ít %s hơn?" % vi))
    groups = extract_exact(rows)
    t = max(groups["than"], key=lambda t: t["support"])
    assert (t["template"], sorted(e[0] for e in t["lexicons"]["adj"])) == \
        ("{first_name} {adj[0]} hơn {first_name1}.", sorted(v + " hơn" for v in _VI_PLAIN.values()))
    [w] = groups["who"]
    assert w["template"] == "Ai {adj[0]}?"


#: adverbs and states of a Thai-like script; one adverb begins with the
#: syllable the frame's last word begins with
_TH_ADVERBS = {"very": "ณักื่", "really": "ปีเฮา๋", "quite": "อัษา", "so": "ษัณื๋ฟู๊",
               "truly": "ณาเกีฟู๊"}
_TH_STATES = {"vocal": "โฮืเปึ", "happy": "ทูณื้ปึ่", "calm": "ผีมื้แมึ", "eager": "งิอู",
              "proud": "มุณึ", "sure": "สุ้โฉิ้ฮี้"}


def test_a_value_beginning_with_a_frame_units_text_keeps_it():
    """*really* is ``ปีเฮา๋``, and the frame ends ``ปีเฟาษุ``: in the
    sentence ``Johnกั้ปีเฮา๋โฮืเปึปีเฟาษุ`` the frame's ``ปี`` matches the
    adverb's first syllable as well as its own, with as many unmatched
    runs either way.  Matched early, the gap between ``กั้`` and ``ปี`` that
    every other instance fills with the values stands empty, and the one
    after it, empty elsewhere, is filled: the later match fills the gaps as
    most instances do and is taken (one template, ``ปีเฮา๋`` in the lexicon;
    matched early, a ``กั้ปี{very}`` template for *really*, the seed-39
    Thai-like file's 0.452)."""
    rows = []
    for a in NAMES:
        for en, adv in _TH_ADVERBS.items():
            for st, th in _TH_STATES.items():
                rows.append(_row("very", "%s is %s %s about it." % (a, en, st),
                                 {"first_name": a, "very": en, "s": st},
                                 "%sกั้%s%sปีเฟาษุ" % (a, adv, th)))
                rows.append(_row("is", "%s is %s about it." % (a, st),
                                 {"first_name": a, "s": st}, "%sกั้%sปีเฟาษุ" % (a, th)))
    groups = extract_exact(rows)
    [t] = groups["very"]
    assert (t["template"], sorted(t["lexicons"]["very"])) == \
        ("{first_name}กั้{very}{s}ปีเฟาษุ", sorted(_TH_ADVERBS.values()))


#: states and intensifiers of a Myanmar-like script; one state begins with
#: the particle ``ဘဲ`` the frame writes after every state
_MY_STATES = {"positive": "ဘဲဗ္ဟာဗဲးတီံ", "serious": "ဇာဗာံဈ္ထီ", "calm": "ဒ္ယေဏိ",
              "eager": "ဟေဏီဘိ", "vocal": "ဗူနိ", "proud": "ညဲဇ္ဏါး"}
_MY_VERY = {"very": "ဋ္ဈိဟာ", "highly": "န္ထါဏေံ", "quite": "ယုနူဇ္ဃိ", "so": "နူဈ္ယီ"}


def test_a_value_beginning_with_the_frame_unit_after_it_is_not_run_into_the_next_value():
    """``N…ဒ္ဗဲ့{s}ဘဲ{very}။ N…ဒ္ဗဲ့{s}ဘဲ။``, and *positive* is
    ``ဘဲဗ္ဟာဗဲးတီံ``: matched early, the frame's ``ဘဲ`` is the state's first
    syllable in both sentences, the state's gap stands empty twice and the
    state runs into the intensifier; matched late, every gap is filled as
    in every other instance, at the price of one run more.  The state's
    run is seen in the same instances either way (``ဘဲဗ္ဟာ…`` or
    ``ဗ္ဟာ…ဘဲ``), so it cannot tell the two apart; the intensifier's run,
    seen in many instances, against the state run into it, seen in few, can
    (matched early, *positive* read ``ဘဲဗ္ဟာဗဲးတီံဘဲ`` in the whole file
    and wrote a template of its own in every group, the seed-75
    Myanmar-like file's 0.586)."""
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for en, st in _MY_STATES.items():
            for ev, adv in _MY_VERY.items():
                rows.append(_row("ctx", "%s is %s %s about it. %s is %s about it."
                                 % (a, ev, en, b, en),
                                 {"first_name": a, "very": ev, "s": en, "first_name1": b},
                                 "%sတ္ဗေ့ဒ္ဗဲ့%sဘဲ%s။ %sတ္ဗေ့ဒ္ဗဲ့%sဘဲ။" % (a, st, adv, b, st)))
            rows.append(_row("who", "Who is most %s about it?" % en, {"s": en},
                             "တဲဟဲဘေနိဗီ့%sဘဲ?" % st))
    groups = extract_exact(rows)
    [t] = groups["ctx"]
    assert (t["template"], sorted(t["lexicons"]["s"])) == \
        ("{first_name}တ္ဗေ့ဒ္ဗဲ့{s}ဘဲ{very}။ {first_name1}တ္ဗေ့ဒ္ဗဲ့{s}ဘဲ။",
         sorted(_MY_STATES.values()))
    [w] = groups["who"]
    assert (w["template"], sorted(w["lexicons"]["s"])) == \
        ("တဲဟဲဘေနိဗီ့{s}ဘဲ?", sorted(_MY_STATES.values()))


#: a Myanmar-like script: states (four end in ``ပုဓိ``, which the edges
#: decide) and intensifiers, one of which (*incredibly*) begins with the
#: syllable ``ဃု`` the frame writes four frame units before it
_MY_LONG_STATES = {"happy": "ညီဒူပုဓိ", "calm": "ဠာ့ဌ္ကူပုဓိ", "proud": "ဒ္ပေံဆဲးပုဓိ",
                   "eager": "ဟေဏီဘိ", "vocal": "ဗူနိပုဓိ", "open": "ဆိုဇာခူ"}
_MY_INTENSIFIERS = {"very": "ဠာဆ္သါး", "highly": "ဠီးဆာ", "really": "ဆာလူ",
                    "quite": "တါံသူံဌါ့", "particularly": "ဖိံပာတ္တါ",
                    "extremely": "ဖိံဖူဋေးညူ", "incredibly": "ဃုဌူ", "super": "ဆ္ဈူပေ"}


def test_a_frame_unit_one_value_saw_near_in_a_corrupted_instance_leaves_the_others_licence():
    """``N…ဃုက္ဋာဒီ{s}ဖိ{very}။``: *incredibly*'s first syllable, ``ဃု``,
    is the frame's too, so the edges decide it, and the source's intensifier
    beside the state licenses it one frame unit deep.  A licence reaches a
    frame unit no nearer than the slot's values mostly have it; one
    instance of *super* lost its state, its edges ran on through the
    frame to ``ဃု`` four frame units out, and that one reading of one
    intensifier of eight made four the depth the slot's values "mostly"
    have ``ဃု`` at: the licence no longer reached *incredibly*'s syllable,
    and it got a template of its own (``{s}ဖိဃု{very}`` with ``ဌူ``; seed 92
    noisy ``my`` 0.778).  Most of the slot's values count, not most of
    those that show the unit at all."""
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for ev, adv in _MY_INTENSIFIERS.items():
            for en, st in _MY_LONG_STATES.items():
                if ev == "super" and en == "happy" and a == NAMES[0]:
                    st = ""         # the state lost in a corruption
                rows.append(_row("ctx", "%s is %s %s about it. %s is %s about it."
                                 % (a, ev, en, b, en),
                                 {"first_name": a, "very": ev, "s": en, "first_name1": b},
                                 "%sဖူဓ္ဃီ့ဃုက္ဋာဒီ%sဖိ%s။ %sဖူဓ္ဃီ့ဃုက္ဋာဒီ%sဖိ။"
                                 % (a, st, adv, b, st)))
    for en, st in _MY_LONG_STATES.items():
        rows.append(_row("who", "Who is most %s about it?" % en, {"s": en}, "တဲဟဲ%sဖိ?" % st))
    ctx = extract_exact(rows)["ctx"]
    frame = "{first_name}ဖူဓ္ဃီ့ဃုက္ဋာဒီ{s}ဖိ{very}။ {first_name1}ဖူဓ္ဃီ့ဃုက္ဋာဒီ{s}ဖိ။"
    assert [sorted(t["lexicons"]["very"]) for t in ctx if t["template"] == frame] == \
        [sorted(_MY_INTENSIFIERS.values())]
    assert not any("ဃု{very}" in t["template"] for t in ctx)


#: states, each with the ending it selects on the intensifier after it (one
#: state alone takes ``ši``), and intensifiers, one of which is the second
#: word of another (*slightly* ``niwü``, *mildly* ``göšü niwü``)
_HARMONY_STATES = {"hopeful": ("a ñuna", ""), "cautious": ("öziñet", ""),
                   "positive": ("nemmöt", ""), "vocal": ("añar", ""), "happy": ("tanu", ""),
                   "skeptical": ("šonro", "ši")}
_HARMONY_SOMEWHAT = {"somewhat": "füñi", "a little": "gö terömšü", "mildly": "göšü niwü",
                     "slightly": "niwü"}


def test_a_value_whose_word_is_anothers_claims_the_word_its_neighbour_ends():
    """*slightly* is ``niwü``, the second word of *mildly*'s ``göšü niwü``:
    no unit tells it apart, so it claims nothing and takes the units no
    other value claims that it makes likelier.  Beside *skeptical* it reads
    ``niwüši``, with the ending that state alone selects, so every ``ši``
    word comes with *skeptical* and the state claims it as surely as its
    own word: *slightly* was left without a unit, its word went to the
    frame, and its instances wrote ``{somewhat}ši`` (the seed-76
    ``mix-all`` file's 0.942).  A value with no unit of its own anywhere
    weighs the units another value claims too, and the region's cut gives
    each of the two a unit it claims."""
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for en, (st, end) in _HARMONY_STATES.items():
            for ev, adv in _HARMONY_SOMEWHAT.items():
                rows.append(_row("ctx", "%s is %s. %s is %s, %s." % (a, en, b, en, ev),
                                 {"first_name": a, "s": en, "first_name1": b, "somewhat": ev},
                                 "%s'pu ta a %smın. %s'pu ta a %smın %s%s."
                                 % (a, st, b, st, adv, end)))
    groups = extract_exact(rows)
    # (one template text, split by agreement; whether ``mın``, which every
    # state takes here, is the frame's or the states' is not this test's)
    [text] = {t["template"] for t in groups["ctx"]}
    assert text.endswith(" {somewhat}.")
    [ši] = [t for t in groups["ctx"] if any("šonro" in v for v in t["lexicons"]["s"])]
    assert sorted(ši["lexicons"]["somewhat"]) == \
        sorted(adv + "ši" for adv in _HARMONY_SOMEWHAT.values())


#: states of a Thai-like script, each with the ending its class selects on
#: the adverb before it; one state begins with a syllable of the frame
_TH_CLASS_STATES = {"excited": ("สีหา่แวิฮิ", "หุ๋"), "vocal": ("วีทิอุแวิฮิ", "หุ๋"),
                    "calm": ("รู้ลุ๊", "หุ๋"), "proud": ("เภา้ใฮุสั", "ธี"),
                    "eager": ("อุโศื", "ธี"), "happy": ("หุ๊อา", ""), "sure": ("วิพิแวิฮิ", "")}
_TH_VERY = {"very": "หื้รึ", "really": "หูหิ่", "truly": "วั้สุ", "so": "งัฟา"}


def test_an_ending_seen_only_beside_the_adverb_is_the_adverbs_not_the_states():
    """The adverb takes the ending the state's class selects (``หุ๋``, ``ธี``
    or nothing) and stands before the state, glued; the question
    ``A is very s. B is s.`` shows each state once after an adverb and once
    after the frame's ``ทู``.  Counted per group, the readings with the
    ending and those at the frame split evenly and the group abstained, so
    only the template with an adverb in both sentences voted, and the
    ending became the states' (the seed-74 Thai-like file's 0.873).  A
    state's own material stands between it and the frame in every reading:
    what is there only beside the adverb is the adverb's."""
    end = "ใษึ๋สีไขูแฟิ่"
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for en, (st, ending) in _TH_CLASS_STATES.items():
            for ev, adv in _TH_VERY.items():
                fill = {"first_name": a, "very": ev, "s": en, "first_name1": b}
                rows.append(_row("one", "%s is %s %s about it. %s is %s about it."
                                 % (a, ev, en, b, en), fill,
                                 "%sทู%s%s%s%s %sทู%s%s" % (a, adv, ending, st, end, b, st, end)))
                rows.append(_row("both", "%s is %s %s about it. %s is %s %s about it."
                                 % (a, ev, en, b, ev, en), fill,
                                 "%sทู%s%s%s%s %sทู%s%s%s%s"
                                 % (a, adv, ending, st, end, b, adv, ending, st, end)))
    groups = extract_exact(rows)
    for gid, two in (("one", "{s}"), ("both", "{very}{s}")):
        assert {t["template"] for t in groups[gid]} == \
            {"{first_name}ทู{very}{s}%s {first_name1}ทู%s%s" % (end, two, end)}
        states = sorted(v for t in groups[gid] for v in t["lexicons"]["s"])
        assert states == sorted(st for st, _e in _TH_CLASS_STATES.values())
        adverbs = sorted(v for t in groups[gid] for v in t["lexicons"]["very"])
        assert adverbs == sorted(adv + e for adv in _TH_VERY.values()
                                 for e in {e for _s, e in _TH_CLASS_STATES.values()})


def test_a_value_that_claims_its_neighbours_form_does_not_take_it_from_it():
    """*confident* alone takes the preposition ``c`` and the instrumental
    of the intensifier (``chrezvychajnoj``), so that form predicts it as well
    as *extremely*; the templates' frames share little, so the instance is
    one region, ending in words no value claims (``otnositsa``).  Giving
    the intensifier's form to the state claimed more in sum and left
    *extremely* those words; the cut where every value gets a unit it
    claims is the translation."""
    plain = {"positive": "pozitivno", "serious": "serjezno", "skeptical": "skepticheski"}
    pleased = {"pleased": "dovolen", "excited": "vzvolnovan"}
    very = {"extremely": ("chrezvychajno", "chrezvychajnoj"), "very": ("ochen", "bolshoj"),
            "really": ("dejstvitelno", "dejstvitelnoj"), "highly": ("vesma", "vysokoj")}
    rows = []
    for a in NAMES:
        for v, (adv, adj) in very.items():
            src = {"first_name": a, "very": v}
            for s, st in plain.items():
                rows.append(_row("att", "%s is %s %s about it." % (a, v, s), dict(src, s=s),
                                 "%s %s %s otnositsa k proektu." % (a, adv, st)))
            for s, st in pleased.items():
                rows.append(_row("att", "%s is %s %s about it." % (a, v, s), dict(src, s=s),
                                 "%s %s %s etim proektom." % (a, adv, st)))
            rows.append(_row("att", "%s is %s confident about it." % (a, v),
                             dict(src, s="confident"),
                             "%s c %s uverennostju otnositsa k proektu." % (a, adj)))
    groups = extract_exact(rows)
    [conf] = [t for t in groups["att"] if any("uverennostju" in v for v in t["lexicons"]["s"])]
    # (where ``c`` and ``otnositsa`` go is not this test's: the toy's frames
    # leave them to the edges, which read them with the values)
    assert all(v.split()[0] == "uverennostju" for v in conf["lexicons"]["s"])
    assert sorted(v.split()[-1] for v in conf["lexicons"]["very"]) == \
        sorted(adj for _adv, adj in very.values())


def test_a_preposition_two_states_select_is_the_templates_however_unevenly_drawn():
    """Three prepositions follow the comparative, each chosen by the
    adjective (the template's variants ``fik`` / ``łok`` / ``še``).  *wiser*
    is drawn four times as often as *thicker*, the other value that selects
    ``še``, so ``še`` predicts *wiser* most of the time it is seen — but
    *thicker* comes with it every time too: a word the two share, not one
    that tells *wiser* apart.  Read into *wiser*, it made a template of
    its own for that one value (``{adj[0]} {first_name1}``) and left its
    bare reading in the question an outlier."""
    prep = {"taller": ("fik", "tiko"), "shorter": ("fik", "lomba"), "older": ("łok", "husal"),
            "younger": ("łok", "diše"), "kinder": ("łok", "uñus"), "wiser": ("še", "ñihete"),
            "thicker": ("še", "dase")}
    draws = {"wiser": 4, "thicker": 1}
    pairs = list(itertools.permutations(NAMES, 2))
    rows, k = [], 0
    for adj, (p, word) in prep.items():
        for _ in range(draws.get(adj, 2) * 5):
            a, b = pairs[k % len(pairs)]
            k += 1
            rows.append(_row("cmp", "%s is %s than %s." % (a, adj, b),
                             {"first_name": a, "adj": adj, "first_name1": b},
                             "%s du %s %s %s." % (a, word, p, b)))
        rows.append(_row("q", "Who is %s?" % adj, {"adj": adj}, "Łol du %s?" % word))
    groups = extract_exact(rows)
    by_prep = {t["template"]: sorted(t["lexicons"]["adj"]) for t in groups["cmp"]}
    assert by_prep == {"{first_name} du {adj} %s {first_name1}." % p:
                       sorted(w for q, w in prep.values() if q == p) for p in ("fik", "łok", "še")}
    assert [t["template"] for t in groups["q"]] == ["Łol du {adj}?"]


def test_two_touching_values_are_cut_where_each_reads_its_own_form():
    """In a script without spaces *really* (``สัหูฑี``) holds the syllable
    ``หู`` that *concerned* (``หูวีกึไข``) begins with.  Where they touch,
    both claim the ``หู`` between them, and every such instance was cut
    ``สัหูฑีหู`` + ``วีกึไข``: two readings each selected by the other (so
    both passed as agreement forms) and a template of their own.  The
    stretch the two cover reads as their forms, in order, with nothing left
    over: those readings are the cut in the wrong place, not forms.  An
    agreement ending (``มื`` before *sad*) is left over by the other forms,
    and stays a form."""
    from tea_solver.keys.model.forms import Obs, _cut_elsewhere
    really, concerned, sad = (("very", None, "really"), ("s", None, "concerned"),
                              ("s", None, "sad"))
    forms = {really: ["สัหูฑี", "สัหูฑีมื", "สัหูฑีหู"], concerned: ["หูวีกึไข", "วีกึไข"],
             sad: ["ดีไดเงิ"]}
    texts, obs, spans = [], [], []
    for inst, (first, second) in enumerate([("สัหูฑีหู", "วีกึไข"), ("สัหูฑีหู", "วีกึไข"),
                                            ("สัหูฑีมื", "ดีไดเงิ"), ("สัหูฑีมื", "ดีไดเงิ")]):
        text = "Johnโดื" + first + second + "ริแงื"
        texts.append(text)
        for value, reading in ((really, first), (concerned if second == "วีกึไข" else sad, second)):
            a = text.index(reading, 11 if value != really else 0)
            obs.append(Obs(0, inst, 0, value, value[:2], reading, a, a + len(reading)))
            spans.append((a, a + len(reading)))
    strings = [texts[o.inst][a:b] for o, (a, b) in zip(obs, spans)]
    assert _cut_elsewhere(obs, spans, strings, forms, lambda n: texts[obs[n].inst]) == \
        sorted([(concerned, "วีกึไข"), (really, "สัหูฑีหู")])



def test_a_reduplicated_value_cut_short_beside_a_value_ending_in_its_syllable_is_cut_again():
    """*pleased* is ``ជិជិ``, one syllable twice; *a little* (``ផិជិ``) ends
    in that syllable.  Where they meet (``ផិជិជិជិ``) the cores took
    ``ផិជិជិ`` + ``ជិ``, and the first was cut back to the value's form: the
    reading was ``ផិជិ``, a frame ``ជិ``, and ``ជិ`` — a second form of
    *pleased* seen only beside *a little*, and a template of its own.  The
    two values and the word between them read as their other forms with
    nothing left over: the reading is a cut in the wrong place, and the
    stretch is cut again.  A word between two values that their forms do
    not hold (``ឍៅ``) is the template's and stays."""
    from tea_solver.keys.model.forms import Obs, _cut_elsewhere, _recut
    little, pleased, calm = (("somewhat", None, "a little"), ("s", None, "pleased"),
                             ("s", None, "calm"))
    forms = {little: ["ផិជិ"], pleased: ["ជិជិ", "ជិ"], calm: ["ចាំសៅ", "ចាំ"]}
    texts, obs, spans = [], [], []
    readings = [("ផិជិ", "ជិ", "ជិ"), ("ផិជិ", "ជិ", "ជិ"), ("", "", "ជិជិ"),
                ("ផិជិ", "ឍៅ", "ចាំ"), ("ផិជិ", "ឍៅ", "ចាំ"), ("", "", "ចាំសៅ")]
    for inst, (first, gap, second) in enumerate(readings):
        text = "Johnឞ្ធុំ" + first + gap + second + "ឍៅះ។"
        texts.append(text)
        at = len("Johnឞ្ធុំ")
        if first:
            obs.append(Obs(0, inst, 0, little, little[:2], first, at, at + len(first)))
            spans.append((at, at + len(first)))
        at += len(first) + len(gap)
        value = pleased if second.startswith("ជិ") else calm
        obs.append(Obs(0, inst, 0, value, value[:2], second, at, at + len(second)))
        spans.append((at, at + len(second)))
    strings = [texts[o.inst][a:b] for o, (a, b) in zip(obs, spans)]

    def text(n):
        return texts[obs[n].inst]
    assert _cut_elsewhere(obs, spans, strings, forms, text) == [(pleased, "ជិ")]
    forms[pleased].remove("ជិ")
    _recut(obs, spans, strings, forms, text)
    assert [(o.lexval[2], st) for o, st in zip(obs, strings)] == [
        ("a little", "ផិជិ"), ("pleased", "ជិជិ"), ("a little", "ផិជិ"), ("pleased", "ជិជិ"),
        ("pleased", "ជិជិ"), ("a little", "ផិជិ"), ("calm", "ចាំ"), ("a little", "ផិជិ"),
        ("calm", "ចាំ"), ("calm", "ចាំសៅ")]
    assert all(texts[o.inst][a:b] == st for o, (a, b), st in zip(obs, spans, strings))


_SYLLABLE_PROFESSIONS = {
    "an attorney": ("แชัญุ๋ธู้", 1), "an intern": ("แชัฐา้ธู่", 1), "an escort": ("แชัวี๊เฅื", 1),
    "an executive": ("แชัฒิสิ", 1), "a reporter": ("แชัไงี๋ฬา้", 1), "a nurse": ("วูคาทุ", 0),
    "a model": ("วูญีฃิ", 0), "a DJ": ("วูDJ", 0), "an actor": ("วูอืฮา", 0),
    "an editor": ("วูพึฬั๊", 0), "an author": ("วูธึ้ใธึ", 0)}
_SYLLABLE_NATIONALITIES = {"Brazilian": "ไสาฐิ", "Indian": "ผึฬืแอุ", "Chinese": "ฅา่ภู้ญัแอุ",
                           "Bangladeshi": "ไภุพึ", "German": "ฃื่วั", "French": "วูถา๋",
                           "Russian": "แอุ"}


def test_a_value_ending_in_the_syllable_the_template_writes_after_it_keeps_its_agreement():
    """A nationality takes ``ถึ๋`` after one class of professions (four
    templates, unspaced); *Bangladeshi* ``ไภุพึ`` ends in the syllable
    ``พึ`` that two templates write after the nationality.  Where nothing
    comes between (``ไภุพึพึ``), which ``พึ`` is the template's the text
    does not say, and the value's run there looked empty: its own last
    syllable (``พึ``) was then not its own in most runs, so ``พึ`` counted
    as agreement material and the profession no longer decided the
    nationality's ending — one template read ``ถึ๋`` as its own affix
    (``{nationality}ถึ๋``) and split the professions.  A run that stops at
    the template's unit repeating its own shares it.  And where the
    profession took the template's ``พึ`` (``พึแชัวี๊เฅื``, a reading seen
    only after *Bangladeshi*), the stretch reads as the two values' forms
    with the group's ``พึ`` between them: the reading is cut again.
    (Seed 45 of the synthetic languages, ``th``.)"""
    frames = {"c0": ("%(a)s is %(p)s. %(a)s is %(n)s.", "%(a)sเธา%(P)s %(a)sเธา%(N)s"),
              "c1": ("%(a)s is %(n)s. %(a)s is %(p)s.", "%(a)sเธา%(N)s %(a)sเธา%(P)s"),
              "c2": ("%(a)s is a %(n)s %(p)s.", "%(a)sเธา%(N)sพึ%(P)s"),
              "c3": ("%(a)s is %(p)s from %(n)s.", "%(a)sเธา%(P)sพึ%(N)s")}
    rng = random.Random(3)
    rows = []
    for tid, (src, tgt) in frames.items():
        for _ in range(150):
            a = rng.choice(NAMES)
            p, n = rng.choice(sorted(_SYLLABLE_PROFESSIONS)), rng.choice(sorted(_SYLLABLE_NATIONALITIES))
            word, cls = _SYLLABLE_PROFESSIONS[p]
            rows.append(_row(tid, src % {"a": a, "p": p, "n": n},
                             {"first_name": a, "profession": p, "nationality": n},
                             tgt % {"a": a, "P": word,
                                    "N": _SYLLABLE_NATIONALITIES[n] + ("ถึ๋" if cls else "")}))
    insts = _records(rows)
    doc = extract(insts, ExtractOptions(**OPTS), progress=False)
    check_regeneration(doc, insts)
    for tid, (_src, tgt) in frames.items():
        want = tgt % {"a": "{first_name}", "P": "{profession}", "N": "{nationality}"}
        assert sorted((t["template"], sorted(t["lexicons"]["profession"]),
                       sorted(t["lexicons"]["nationality"])) for t in by_group(doc)[tid]) == sorted(
            (want, sorted(w for w, c in _SYLLABLE_PROFESSIONS.values() if c == cls),
             sorted(v + ("ถึ๋" if cls else "") for v in _SYLLABLE_NATIONALITIES.values()))
            for cls in (0, 1)), tid

def test_an_agreement_form_loses_the_templates_affix_as_the_main_form_does():
    """The template glues ``čo`` on the nationality (``{nationality}čo``);
    the profession's class gives the nationality an agreement ending
    (``Dılafuhi`` beside *a doctor*, ``Dılafu`` beside *an engineer*).  The
    affix was found against the value's main form only, so the readings
    ``Dılafučo`` were none of ``Dılafuhi`` plus an affix, the template's
    ``čo`` stayed inside the values, and each value read ``…čo`` as a form
    of its own.  Against the value's other reading, ``Dılafu`` (bare in
    the other template), ``čo`` comes off there too."""
    prof = {"a doctor": ("li ača", 1), "a nurse": ("li duldo", 1), "a chef": ("li holozı", 1),
            "an engineer": ("lat ze föziłi", 0), "a lawyer": ("lat kıłuša", 0),
            "a DJ": ("li defi", 1)}
    nat = {"Indian": "etü Tile", "Brazilian": "Fokos", "Chinese": "Zečü", "Russian": "Ölü",
           "German": "etü Tofu", "French": "Dılafu"}
    rng = random.Random(1)
    rows = []
    for tid, suf, n in (("ctx0", "čo", 200), ("ctx1", "", 100)):
        for _ in range(n):
            a, p, q = rng.choice(NAMES), rng.choice(sorted(prof)), rng.choice(sorted(nat))
            word, cls = prof[p]
            rows.append(_row(tid, "%s is %s. %s is %s." % (a, p, a, q),
                             {"first_name": a, "profession": p, "nationality": q},
                             "%s'zassa %s%s. %s'zassa %s%s%s." % (a, word, suf, a, nat[q],
                                                                  "hi" if cls else "", suf)))
    groups = extract_exact(rows)
    for tid, suf in (("ctx0", "čo"), ("ctx1", "")):
        got = {t["template"]: sorted(t["lexicons"]["nationality"]) for t in groups[tid]}
        assert len(groups[tid]) == 2 and set(got) == {
            "{first_name}'zassa {profession}%s. {first_name}'zassa {nationality}%s." % (suf, suf)}
        assert sorted(sorted(t["lexicons"]["nationality"]) for t in groups[tid]) == \
            [sorted(nat.values()), sorted(w + "hi" for w in nat.values())]


def test_a_stem_is_not_cut_between_readings_that_differ_in_one_letter():
    """A tractor reads ``zenmi`` in some templates and ``zenmı`` in others
    (seed 51 ``mix-agglutinative``: the ending alternates with the animal's
    class).  Both endings are glued on many other vehicles, so ``zen`` would
    leave each reading an affix the slot carries -- but readings one letter
    apart are one form with an alternating ending, which the agreement split
    handles: the stem stays a reading.  Readings that differ more (``vevel``
    / ``velo``: two templates' affixes) do give the supported stem."""
    from tea_solver.keys.model.forms import _stem

    def stem(value, readings: dict, suffixes: tuple) -> str:
        # every reading selected by a place; the slot's other values carry
        # ``suffixes`` (nine of them), nothing else
        def carried(_v, pre, suf):
            return 9 if suf in suffixes and not pre else 0
        return _stem(value, Counter(readings), set(), {(value, s) for s in readings},
                     carried, least=2)
    assert stem(("vehicle", None, "a tractor"), {"zenmı": 67, "zenmi": 64}, ("mi", "mı")) == "zenmı"
    assert stem(("animal", None, "a dog"), {"vevel": 30, "velo": 20}, ("vel", "lo")) == "ve"


# states and the preposition their class selects for *about*: the third
# class's three states all end in ``เพืณุ``, as do two states of the others
_GOVERNED_STATES = {"happy": ("ขาติ", 0), "calm": ("ฟีกูเพืณุ", 0), "eager": ("อิไซู", 0),
                    "proud": ("มุ่ญั", 1), "serious": ("ทุ๊ฉาเพืณุ", 1), "sure": ("ศิ้โบิ", 1),
                    "upbeat": ("เพืณุ", 2), "vocal": ("ใถาฑุ่เพืณุ", 2),
                    "bleak": ("แฮึโจ๊เพืณุ", 2)}
_GOVERNED_PREPOSITIONS = ("ดิ", "ฬื๊", "ฌั")


def test_a_state_whose_syllables_other_states_end_in_keeps_them_not_its_preposition():
    """Each state selects the preposition of its class for *about*
    (``ดิ`` / ``ฬื๊`` / ``ฌั``): the templates' variants.  *upbeat* is
    ``เพืณุ``, the syllables four other states end in, so the syllable that
    tells it apart best is its class's preposition, which it shares with two
    states that have syllables of their own: the preposition is no reading
    of values translated alike, and *upbeat* reads ``เพืณุ`` like the
    others (its core taken for ``ฌั``, *upbeat* read ``เพืณุฌั`` in every
    template, and the two other states of its class too: the seed-70
    Thai-like file's intensifiers)."""
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for s, (st, cls) in _GOVERNED_STATES.items():
            prep = _GOVERNED_PREPOSITIONS[cls]
            rows.append(_row("is", "%s is %s about the project." % (a, s),
                             {"first_name": a, "s": s}, "%sภึ%s%sศีฑื๊ฒา๊" % (a, st, prep)))
            for v, vt in _UNSPACED_ADVERBS.items():
                rows.append(_row("very", "%s is %s %s about the project. %s is %s about it."
                                 % (a, v, s, b, s),
                                 {"first_name": a, "very": v, "s": s, "first_name1": b},
                                 "%sภึ%s%s%sศีฑื๊ฒา๊ %sภึ%s%sศีฑื๊ฒา๊" % (
                                     a, vt, st, prep, b, st, prep)))
    for s, (st, cls) in _GOVERNED_STATES.items():
        rows.append(_row("who", "Who is most %s about the project?" % s, {"s": s},
                         "ผา้ภึคี๊ฒั๊%s%sศีฑื๊ฒา๊?" % (st, _GOVERNED_PREPOSITIONS[cls])))
    groups = extract_exact(rows)
    for tid, frame in (("is", "{first_name}ภึ{s}%sศีฑื๊ฒา๊"),
                       ("very", "{first_name}ภึ{very}{s}%sศีฑื๊ฒา๊ {first_name1}ภึ{s}%sศีฑื๊ฒา๊"),
                       ("who", "ผา้ภึคี๊ฒั๊{s}%sศีฑื๊ฒา๊?")):
        got = sorted((t["template"], sorted(t["lexicons"]["s"])) for t in groups[tid])
        assert got == sorted(
            (frame.replace("%s", prep),
             sorted(st for st, c in _GOVERNED_STATES.values() if c == cls))
            for cls, prep in enumerate(_GOVERNED_PREPOSITIONS))


def test_a_value_holding_the_frames_and_is_one_run():
    """*and* is ``ญื``, and *Chinese* is ``โฑุผุญืใฑุ่``: the nationality
    *American* (``โฑุผุ``) followed by the syllable of *and*.  In ``…ภึ
    โฑุผุญืใฑุ่ญื{profession}`` the frame's ``ญื`` matches either copy, with
    two runs either way; matched early, the runs are the commoner
    nationality and ``ใฑุ่ญื`` + the profession, seen once; matched late,
    the whole nationality and the profession, each seen in many instances.
    The likelier reading is the late one, though its nationality is rarer
    than *American* (each run weighed against each, the early match was
    kept, and *Chinese* was cut in two in every template that writes
    *and*: the seed-70 Thai-like file's professions)."""
    nationalities = {"American": "โฑุผุ", "Chinese": "โฑุผุญืใฑุ่", "Mexican": "โฑุผุฆาเฅู",
                     "Indian": "ฝาแฎื๊จึ้", "Irish": "ผิ๊ชื๋", "Greek": "ดี๋ดา๊ญั"}
    professions = {"doctor": "ฟีแคุดื่", "nurse": "โชีฮั", "pilot": "ดึแจู",
                   "actor": "ใฎิ้เฑู๋", "baker": "ฑิฏี่ฏั่"}
    rows = _profession_rows(professions, nationalities, "{a}ภึ{p} {a}ภึ{n}", "{a}ภึ{n}ญื{p}")
    groups = extract_exact(rows)
    for tid, frame in (("and", "{first_name}ภึ{nationality}ญื{profession}"),
                       ("two", "{first_name}ภึ{profession} {first_name}ภึ{nationality}")):
        [t] = groups[tid]
        assert (t["template"], sorted(t["lexicons"]["nationality"])) == \
            (frame, sorted(nationalities.values()))


def test_a_value_holding_the_frames_copula_keeps_the_word_it_shares_with_another():
    """*an escort* is ``งึพิ๋อั``: the article of its class, the copula's
    syllable ``พิ๋`` the frame writes after every name, and ``อั``, which *an
    author* (``ฝา้ใฃา้อัฟี``) writes too, beside a syllable of its own.
    Where the frame's second ``พิ๋`` is matched inside the value, the value's
    region is cut in two, and ``อั`` is what tells *escort* apart in the
    region it stands in.  That *author* has a syllable of its own makes
    ``อั`` no reading of values translated alike (:meth:`reads`, for a
    core), but it still tells where *escort* stands: one template, every
    profession whole (taken as no evidence there, *escort* moved to the
    article's region, a template of its own: the seed-66 Thai-like file)."""
    professions = {"escort": "งึพิ๋อั", "author": "ฝา้ใฃา้อัฟี", "pilot": "งึฟิหุ",
                   "nurse": "งึพึใฟั", "baker": "งึรัใณึ๊", "actor": "ฝา้ใฃา้กุ้ลุ๊",
                   "judge": "ฝา้ใฃา้ตึ๊"}
    nationalities = {"Greek": "ซืภูใยู่", "Irish": "ยี้รื๊ฟู", "Thai": "ฃูกึฟู", "Dutch": "ฒูซี้ฟู"}
    rows = _profession_rows(professions, nationalities, "{a}พิ๋{p} {a}พิ๋{n}", "{a}พิ๋{n}อา{p}")
    groups = extract_exact(rows)
    for tid, frame in (("two", "{first_name}พิ๋{profession} {first_name}พิ๋{nationality}"),
                       ("and", "{first_name}พิ๋{nationality}อา{profession}")):
        [t] = groups[tid]
        assert (t["template"], sorted(t["lexicons"]["profession"])) == \
            (frame, sorted(professions.values()))


#: states with the class word they select (``vö``, ``wö``, ``jü``): the
#: rarest, ``jü``, four states take; *positive* is ``ła``, the last word of
#: four other states; intensifiers that follow the state
_SHARED_CLASS_STATES = {"excited": ("jü", "wövi ła"), "positive": ("jü", "ła"),
                        "pleased": ("jü", "sede"), "concerned": ("jü", "üse"),
                        "vocal": ("vö", "jejö ła"), "open": ("vö", "jesgir ła"),
                        "happy": ("vö", "vördü"), "calm": ("vö", "rułi"),
                        "proud": ("vö", "ñome"), "sure": ("vö", "gosa"),
                        "hopeful": ("vö", "vujı"), "curious": ("wö", "reswer"),
                        "serious": ("wö", "sösvir"), "pessimistic": ("wö", "giwe ła"),
                        "bullish": ("wö", "łirir"), "passionate": ("wö", "füjissö")}
_SHARED_CLASS_VERY = {"very": "duwos", "really": "łujowı", "extremely": "jesreder",
                      "quite": "jovu"}


def test_a_value_with_no_word_of_its_own_leaves_a_rare_class_word_to_the_frame():
    """*positive* is ``ła``, a word four other states end in, so no unit
    identifies it, and its class word ``jü`` stands before it every time:
    its core took both.  The place before the states chooses from ``vö``,
    ``wö`` and ``jü``, but the two commoner words stand beside three
    quarters of the cores on their own, and ``jü`` was left out of the
    place's words: it stayed in *positive*'s core, and its instances wrote
    a template of their own without the class word (the seed-77 ``mix-all``
    file's 0.895).  A word that stands beside two values' cores or more is
    one of the place's words however rare."""
    rows = []
    for tid, end in (("ctx", "."), ("was", " tek.")):
        for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
            for en, (cls, st) in _SHARED_CLASS_STATES.items():
                for ev, very in _SHARED_CLASS_VERY.items():
                    rows.append(_row(tid, "%s is %s %s. %s is %s." % (a, ev, en, b, en),
                                     {"first_name": a, "very": ev, "s": en,
                                      "first_name1": b},
                                     "%s'dargos sö %s %swı %s%s %s'dargos sö %s %swı%s"
                                     % (a, cls, st, very, end, b, cls, st, end)))
    groups = extract_exact(rows)
    # (``wı``, glued to every state in every sentence, is no affix this file
    # can tell from the states' own letters: it stays in the values)
    for tid, end in (("ctx", "."), ("was", " tek.")):
        by_class = {t["template"]: sorted(t["lexicons"]["s"]) for t in groups[tid]}
        assert by_class == {
            "{first_name}'dargos sö %s {s} {very}%s {first_name1}'dargos sö %s {s}%s"
            % (cls, end, cls, end):
                sorted(st + "wı" for c, st in _SHARED_CLASS_STATES.values() if c == cls)
            for cls in ("vö", "wö", "jü")}


def test_a_value_drawn_as_the_empty_string_takes_no_word_in_an_identity_file():
    """``{change}`` is ``" but"`` or ``""``.  In the second template the
    empty value happens to be drawn beside *some people* more often than
    ``" but"`` is, so ``some`` is likelier beside it: with no unit of
    its own, the empty value weighed the units other values claim, took
    ``some`` from *some people*, and the identity file lost its source
    templates (identity sample 131: 0.936).  A value drawn as the empty
    string writes nothing; its slot gets an empty span where the others'
    stands."""
    pos, neg = ["good", "great", "nice", "fun"], ["bad", "awful", "sad", "weird"]
    pos_v, neg_v = ["like", "love", "enjoy", "value"], ["hate", "dislike", "dread"]
    others = ["some people", "my parents", "my friends", "people"]
    rows = []
    for p, n, change in itertools.product(pos, neg, ["", " but"]):
        text = "I think you are %s,%s my parents think you are %s." % (p, change, n)
        rows.append(_row("opinion", text, {"pos_adj": p, "change": change, "neg_adj": n},
                         text))
    # (*some people* with ``" but"`` five times, with ``""`` twelve: ``some``
    # is twice as likely beside the empty value, and identifies nothing)
    some_but = 0
    for o, n, p, change in itertools.product(others, neg_v, pos_v, ["", " but"]):
        if (o, change) == ("some people", " but"):
            some_but += 1
            if some_but > 5:
                continue
        text = "%s %s you,%s I %s you." % (o, n, change, p)
        rows.append(_row("others", text, {"others": o, "neg_verb_present": n, "change": change,
                                          "pos_verb_present": p}, text))
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["others"]] == \
        ["{others} {neg_verb_present} you,{change} I {pos_verb_present} you."]
    assert [t["template"] for t in groups["opinion"]] == \
        ["I think you are {pos_adj},{change} my parents think you are {neg_adj}."]


def test_a_value_drawn_as_the_empty_string_takes_a_space_a_translation_collapsed():
    """*I used to think it was {neg_adj}, {change} now I think it is
    {pos_adj}.* with ``{change}`` = ``""``: the source has two spaces there,
    a translation one (``…, u Gi …`` beside ``…, vera u Gi …``).  The empty
    value's span stood nowhere between the frame text the others have on
    each side, so its instances lost the slot, a template of their own.  The
    space they lack goes into the other values (`` vera``, as the CheckList
    writes ``,{change}`` with `` but``): one template per group,
    regenerating every instance exactly.  At the start of a sentence the
    space after the slot goes in instead."""
    neg = {"bad": "befu", "awful": "tut", "sad": "łoko", "weird": "vola"}
    pos = {"good": "nolan", "great": "jolin", "nice": "veluka", "fun": "pitetli"}
    change = {"but": "vera", "even though": "łorar tikfi", "although": "fe", "": ""}
    rows = []
    for (n, tn), (p, tp), (c, tc) in itertools.product(neg.items(), pos.items(),
                                                      change.items()):
        src = "I used to think it was %s, %s now I think it is %s." % (n, c, p)
        tgt = "Gi mar ke je %s, %s u Gi ke vu %s." % (tn, tc, tp)
        rows.append(_row("temporal", src, {"neg_adj": n, "change": c, "pos_adj": p},
                         " ".join(tgt.split())))
        src = "%s I think it is %s, not %s." % (c.capitalize(), p, n)
        tgt = "%s Gi ke vu %s, ta %s." % (tc.capitalize(), tp, tn)
        rows.append(_row("start", src, {"neg_adj": n, "change": c, "pos_adj": p},
                         " ".join(tgt.split())))
    groups = extract_exact(rows)
    [t] = groups["temporal"]
    assert t["template"] == "Gi mar ke je {neg_adj},{change} u Gi ke vu {pos_adj}."
    assert sorted(t["lexicons"]["change"]) == sorted((" " + v if v else v)
                                                     for v in change.values())
    [t] = groups["start"]
    assert t["template"] == "{change}Gi ke vu {pos_adj}, ta {neg_adj}."
    assert sorted(t["lexicons"]["change"]) == sorted((v.capitalize() + " " if v else v)
                                                     for v in change.values())


def test_a_value_drawn_as_the_empty_string_takes_no_word_a_corruption_doubled():
    """A value drawn as the empty string writes nothing.  In a noisy file a
    corrupted copy doubles the frame's first word (``Gi Gi mar …``) in an
    instance whose ``{change}`` is ``""``: the doubled word is the one region
    no value claims there, and the empty value, the one value without a
    unit, took it -- then ``Gi`` was the empty value's form in the file, read
    at the start of every instance that draws it, and the group split in
    two (``{change} mar ke je …`` with ``{change}`` = ``Gi``; half the
    groups of a synthetic sentiment CheckList at 10 % noise).  It takes no
    region: one template, and the empty string among ``{change}``'s values."""
    neg = {"bad": "befu", "awful": "tut", "sad": "łoko", "weird": "vola", "ugly": "hapu"}
    pos = {"good": "nolan", "great": "jolin", "nice": "veluka", "fun": "pitetli",
           "sweet": "mosa"}
    change = {"but": "vera", "even though": "łorar tikfi", "although": "fe", "": ""}
    rows = []
    for (n, tn), (p, tp), (c, tc) in itertools.product(neg.items(), pos.items(),
                                                      change.items()):
        src = "I used to think it was %s, %s now I think it is %s." % (n, c, p)
        tgt = " ".join(("Gi mar ke je %s, %s u Gi ke vu %s." % (tn, tc, tp)).split())
        if not c and n in ("bad", "sad") and p in ("good", "fun"):
            tgt = "Gi " + tgt           # the corrupted copies
        rows.append(_row("temporal", src, {"neg_adj": n, "change": c, "pos_adj": p}, tgt))
    groups = extract_exact(rows)
    [t] = [t for t in groups["temporal"] if t["support"] > 4]
    assert t["template"] == "Gi mar ke je {neg_adj},{change} u Gi ke vu {pos_adj}."
    assert sorted(t["lexicons"]["change"]) == sorted((" " + v if v else v)
                                                     for v in change.values())


#: a generated language's animals and vehicles (seed 82, ``mix-all``): article
#: (``dur``, ``ı``) + noun; *a guinea pig* is the one-letter noun ``m``, which
#: the minivan's compound shares, and the templates glue a case ending on
_GP_ANIMALS = {
    "a bull": "dur mu turkıño-ñöm", "a serpent": "dur zif", "an iguana": "ı bıt",
    "a lizard": "ı mu timüt", "a guinea pig": "dur m", "a cat": "ı ñ",
    "a hamster": "dur töfö-fer", "a fish": "dur fub", "a snake": "dur romıbo-b",
    "a dog": "dur ha-k", "a cow": "ı mu ö-dem", "a rabbit": "dur mu berür",
    "a duck": "ı fufuñut"}
_GP_VEHICLES = {
    "a tractor": "ı hahuk-föm", "a truck": "ı wokw", "an SUV": "ı SUV",
    "a firetruck": "ı jörješ", "a minivan": "ı ši dıkñufar-m", "a car": "ı ši šom",
    "a van": "ı ñum", "a train": "ı ši waz", "a bike": "dur ši rüñet",
    "a motorcycle": "ı dij"}


def _owner_rows(templates: dict, animals: dict, vehicles: dict, per_template: int,
                seed: int) -> list:
    """Rows of ``templates`` (id -> (source, target); the target writes the
    animal's and the vehicle's form of case 1 or 2: ``{an1}``, ``{ve2}``, …)
    over names, ``animals`` and ``vehicles`` (English -> (case 1 form, case 2
    form)), ``per_template`` fills of each drawn with ``seed``.  The ``has``
    templates draw one name, the ``bought`` ones two."""
    names = NAMES + ["Linda", "Fatima"]
    rng = random.Random(seed)
    rows = []
    for tid, (source, target) in templates.items():
        every = []
        for a in names:
            for b in ([None] if tid.startswith("has") else [n for n in names if n != a]):
                for an, (an1, an2) in animals.items():
                    for ve, (ve1, ve2) in vehicles.items():
                        fill = {"first_name": a, "animal": an, "vehicle": ve}
                        if b:
                            fill["first_name2"] = b
                        every.append(_row(tid, source.format(a=a, b=b, an=an, ve=ve), fill,
                                          target.format(a=a, b=b, an1=an1, an2=an2,
                                                        ve1=ve1, ve2=ve2)))
        rows += rng.sample(every, per_template)
    return rows


def _guinea_pig_rows(per_template: int, seed: int) -> list:
    """Four templates over names, animals and vehicles (``per_template`` fills
    of each, drawn with ``seed``), the case ending ``ı`` before the copula
    ``mı`` in two, ``a`` in the other two, and the file's questions."""
    names = NAMES + ["Linda", "Fatima"]
    templates = {
        "has": ("{a} has {an} and {ve}.", "{a}'karzu t'{an1} jü t'{ve1} mı."),
        "has2": ("{a} has {ve} and {an}.", "{a}'karzu t'{ve1} jü t'{an1} mı."),
        "bought": ("{a} bought {an}. {b} bought {ve}.", "{a}'karzu t'{an2} ji. {b}'karzu t'{ve2} ji."),
        "bought2": ("{b} bought {ve}. {a} bought {an}.", "{b}'karzu t'{ve2} ji. {a}'karzu t'{an2} ji."),
    }
    rows = _owner_rows(templates, {k: (v + "ı", v + "a") for k, v in _GP_ANIMALS.items()},
                       {k: (v + "ı", v + "a") for k, v in _GP_VEHICLES.items()},
                       per_template, seed)
    rows += [_row("q", "What animal does %s have?" % a, {"first_name": a},
                  "Jujı toja %s'karzu ü fom?" % a) for a in names]
    rows += [_row("q1", "What vehicle does %s have?" % a, {"first_name": a},
                  "Jujı datfo %s'karzu ü fom?" % a) for a in names]
    rows += [_row("q2", "Who bought an animal?", {}, "O dur toja ji?"),
             _row("q3", "Who bought a vehicle?", {}, "O ı datfo ji?")]
    return rows


def test_a_value_whose_word_the_frame_also_writes_is_read_whole():
    """*a guinea pig* is ``dur m`` with the template's case ending glued on:
    ``dur mı`` where the template closes with the copula ``mı`` (``…
    t'dur mı jü t'ı jörješı mı.``), ``dur ma`` elsewhere; the minivan,
    ``dıkñufar-m``, shares its noun.  No unit identifies the value over the
    file, so its core is the unit that tells it most where it is not
    identified: counted over whole instances, the frame's ``mı`` (there
    whatever animal is drawn) told it less than the article ``dur``, the
    core became ``dur`` in one template and ``ma`` in the other, and each
    template got a variant of its own for the guinea pig (``t'{animal} mı
    jü``, ``t'dur {animal} ji``).  Counted where values can be -- outside
    the instance's frame -- ``mı`` tells it most, and the value is read whole
    in every template."""
    rows = _guinea_pig_rows(100, 1)
    groups = extract_exact(rows)
    for tid in ("has", "has2", "bought", "bought2"):
        assert len(groups[tid]) == 1, [t["template"] for t in groups[tid]]
        [template] = groups[tid]
        guinea = [r["target"] for r in rows
                  if r["template_id"] == tid and r["fill"].get("animal") == "a guinea pig"]
        parsed = parse_template(template["template"])
        assert guinea and all(generates(parsed, template["lexicons"], t) for t in guinea), tid
        assert any(v.endswith(("dur mı", "dur ma")) for v in template["lexicons"]["animal"])


def _intensifier_rows(very: dict, states: dict, project=None, food=None) -> list:
    """Two templates over names, intensifiers and states: the intensifier
    takes the state's class ending (``states``: state -> (word, ending)).
    ``project`` / ``food``: which (intensifier, state, ending) each draws
    (default every one)."""
    rows = []
    for a in NAMES:
        for v, vt in very.items():
            for s, (st, ending) in states.items():
                fill = {"first_name": a, "very": v, "s": s}
                if project is None or project(v, s, ending):
                    rows.append(_row("project", "%s is %s %s about the project." % (a, v, s),
                                     fill, "%s ze %s%s %s ñe zi ñahok." % (a, vt, ending, st)))
                if food is None or food(v, s, ending):
                    rows.append(_row("food", "%s is %s %s about the food." % (a, v, s), fill,
                                     "%s ko %s%s %s ñe ritu." % (a, vt, ending, st)))
    return rows


@pytest.mark.parametrize("endings", [("zu",), ("zu", "det")])
def test_a_class_gets_the_form_the_file_shows_its_values_select(endings):
    """*very* agrees with the state: ``hidum`` beside the states that take no
    ending, ``hidumzu`` beside those that take ``-zu`` (and ``hidumdet``
    beside ``-det``).  The second template never drew *very* beside a plain
    state.  With one other class, its one form there is ``hidumzu``, and a
    value's one form went to every class of the split: the plain class
    listed ``hidumzu`` -- a string no translation writes (``hidumzu
    fezem``).  With two, the plain class listed no form of *very* at all.
    The first template shows ``hidum`` beside every plain state: the class
    takes that form."""
    very = {"very": "hidum", "really": "todak", "highly": "fiñok", "super": "rotzar"}
    words = ["hitñi", "zohi", "bumik", "ifeñu"]
    states = {"happy": ("fezem", ""), "curious": ("fuda", "")}
    for k, ending in enumerate(endings):
        states["state%d" % k] = (words[2 * k], ending)
        states["state%da" % k] = (words[2 * k + 1], ending)
    rows = _intensifier_rows(very, states, food=lambda v, s, ending: v != "very" or ending)
    groups = extract_exact(rows)
    by_states = {frozenset(t["lexicons"]["s"]): set(t["lexicons"]["very"])
                 for t in groups["food"]}
    want = {frozenset({"fezem", "fuda"}): {"hidum", "todak", "fiñok", "rotzar"}}
    for k, ending in enumerate(endings):
        want[frozenset(words[2 * k:2 * k + 2])] = {w + ending for w in very.values()}
    assert by_states == want


def test_a_class_value_never_seen_beside_a_value_selects_what_its_class_mates_select():
    """*bumik* takes the ``-det`` class of *very* (``todakdet``), but no
    template draws *very* beside it: the file has no form of *very* it
    selects.  *ifeñu* selects what *bumik* selects of every other intensifier,
    and ``hidumdet`` of *very*: its class mate's form is *bumik*'s, and the
    ``-det`` class of the second template (where *ifeñu* is not drawn) lists
    ``hidumdet`` -- without it, no form of *very*."""
    very = {"very": "hidum", "really": "todak", "highly": "fiñok", "super": "rotzar"}
    states = {"happy": ("fezem", ""), "curious": ("fuda", ""), "vocal": ("hitñi", "zu"),
              "serious": ("zohi", "zu"), "open": ("bumik", "det"), "calm": ("ifeñu", "det")}
    never = lambda v, s, _ending: not (v == "very" and s == "open")  # noqa: E731
    rows = _intensifier_rows(very, states, project=never,
                             food=lambda v, s, e: never(v, s, e) and s != "calm")
    groups = extract_exact(rows)
    by_states = {frozenset(t["lexicons"]["s"]): set(t["lexicons"]["very"])
                 for t in groups["food"]}
    assert by_states[frozenset({"bumik"})] == {w + "det" for w in very.values()}


def test_a_noun_written_like_its_article_is_the_copy_where_the_slot_has_its_nouns():
    """Article + noun, the noun's case form fused (a generated language, seed
    77, ``mix-fusional``): *a van* is ``su so`` in one case and ``su su`` in
    the other, where the noun reads as its article.  Nothing identifies the
    value in ``su su``, so its core is the unit that tells it most, and both
    units are ``su``: the first was taken, the article, and the noun went to
    the frame (``der {vehicle} su.``), while ``su so`` lost its article to
    the frame (``ve su {vehicle}``) so as to read the value alike in both.
    Of two copies of one unit, the value's is the one that stands where the
    slot's other values end in the group: last, after their article."""
    a1 = {"a cat": "su on", "a cow": "su vuso", "an iguana": "jir jowuło",
          "a rabbit": "su fodirro", "a duck": "su wifon", "a dog": "su wo",
          "a lizard": "su jasło", "a hamster": "jir łego", "a bull": "jir fifeso",
          "a snake": "jir giso", "a fish": "jir fałuso", "a serpent": "su giłogon",
          "a guinea pig": "su virwero"}
    a2 = {"a cat": "su u", "a cow": "su vusu", "an iguana": "jir jowułun",
          "a rabbit": "su fodirru", "a duck": "su wifu", "a dog": "su wun",
          "a lizard": "su jasłu", "a hamster": "jir łegu", "a bull": "jir fifesu",
          "a snake": "jir gisu", "a fish": "jir fałusu", "a serpent": "su giłogu",
          "a guinea pig": "su virweru"}
    v1 = {"an SUV": "su SUVo", "a firetruck": "su dirjedo", "a motorcycle": "jir forwagoso",
          "a minivan": "su rawujo", "a car": "su won", "a van": "su so", "a train": "su vodo",
          "a truck": "su ruro", "a tractor": "su łufon", "a bike": "su jagesjo"}
    v2 = {"an SUV": "su SUVu", "a firetruck": "su dirjedu", "a motorcycle": "jir forwagosu",
          "a minivan": "su rawuju", "a car": "su wu", "a van": "su su", "a train": "su vodun",
          "a truck": "su rurun", "a tractor": "su łufu", "a bike": "su jagesju"}
    templates = {
        "has": ("{a} has {an} and {ve}.", "{a} du {an1} ve {ve1}."),
        "has2": ("{a} has {ve} and {an}.", "{a} du {ve1} ve {an1}."),
        "bought": ("{a} bought {an}. {b} bought {ve}.", "{a} der {an2}. {b} der {ve2}."),
        "bought2": ("{b} bought {ve}. {a} bought {an}.", "{b} der {ve2}. {a} der {an2}."),
    }
    rows = _owner_rows(templates, {k: (a1[k], a2[k]) for k in a1},
                       {k: (v1[k], v2[k]) for k in v1}, 150, 1)
    assert any(r["fill"]["vehicle"] == "a van" and r["template_id"].startswith("bought")
               for r in rows)
    groups = extract_exact(rows)
    for tid in templates:
        [template] = groups[tid]
        forms = set(template["lexicons"]["vehicle"])
        assert ("su so" if tid.startswith("has") else "su su") in forms, (tid, forms)


#: states and the agreement ending each selects on *somewhat*'s word: *open*
#: alone takes ``mo``
_AGREEING_STATES = {"happy": ("wüłi", "zu"), "calm": ("röłiji", "zu"), "proud": ("łebü", "zu"),
                    "eager": ("račoru", "zu"), "sure": ("wašu", "zu"), "open": ("moma", "mo")}
_AGREEING_SOMEWHAT = {"slightly": "wibe", "somewhat": "köjünjün", "a little": "bo menvepek manmu",
                      "mildly": "jipeki manmu"}


def test_two_values_one_region_holds_stand_in_the_order_the_group_shows_them():
    """``{s}jum {somewhat}``: the target writes the state before the
    intensifier, the source (*slightly open*) after it.  *open* alone of the
    states selects the intensifier's ending ``mo`` (``jipeki manmumo``), so
    ``manmumo`` comes with *open* every time and claims it as fully as
    ``momajum`` does: ``momajum jipeki manmumo`` cuts alike as *open* +
    *mildly* and as *mildly* + *open*, and the source's order gave *open*
    the last word (``manmumo``, a form of *open*; *mildly* read ``fu momajum
    jipeki``; seed 95 ``mix-all``).  The group's other instances show the
    state first."""
    rows = []
    for a, b in zip(NAMES, NAMES[1:] + NAMES[:1]):
        for en, (t, end) in _AGREEING_STATES.items():
            rows.append(_row("is", "%s is %s about the project." % (a, en),
                             {"first_name": a, "s": en}, "%s'puk po döpöwe fu %sjum." % (a, t)))
            rows.append(_row("seems", "%s seems %s." % (a, en),
                             {"first_name": a, "s": en}, "Mo %s'puk %sja." % (a, t)))
            for sw, w in _AGREEING_SOMEWHAT.items():
                rows.append(_row("two", "%s is %s about the project. %s is %s %s about the "
                                        "project." % (a, en, b, sw, en),
                                 {"first_name": a, "s": en, "first_name1": b, "somewhat": sw},
                                 "%s'puk po döpöwe fu %sjum. %s'puk po döpöwe fu %sjum %s%s."
                                 % (a, t, b, t, w, end)))
    groups = extract_exact(rows)
    got = sorted((t["template"], sorted(t["lexicons"]["s"]), sorted(t["lexicons"]["somewhat"]))
                 for t in groups["two"])
    frame = "{first_name}'puk po döpöwe fu {s}jum. {first_name1}'puk po döpöwe fu {s}jum {somewhat}."
    assert got == sorted([
        (frame, sorted(t for t, e in _AGREEING_STATES.values() if e == "zu"),
         sorted(w + "zu" for w in _AGREEING_SOMEWHAT.values())),
        (frame, ["moma"], sorted(w + "mo" for w in _AGREEING_SOMEWHAT.values()))])


#: animals and vehicles with their class's article (``fu`` / ``pum``); *a dog*
#: is ``fu fu``, its article and a word written alike
_FU_ANIMALS = {"a dog": "fu fu", "a cat": "fu wemu", "a cow": "fu aku", "a horse": "fu un",
               "a fish": "pum fonkeju", "a bird": "fu iwu", "a goat": "pum mifiku",
               "a lizard": "pum bekwidu"}
_FU_VEHICLES = {"a car": "fu naku", "a truck": "fu nipu", "a train": "fu vovanu",
                "a bike": "fu wakvu", "a boat": "fu bomowunu", "a bus": "fu kunuju",
                "a tractor": "pum ezu", "a van": "fu vemu", "a jeep": "pum suvu",
                "a plane": "fu pelanu"}


def test_a_frame_word_every_instance_writes_is_frame_where_an_article_ties_with_it():
    """``{first_name} vom {animal} du {vehicle}.``: most vehicles take the
    article ``fu``, so the ``fu`` after ``du`` is nearly every instance's and
    a frame candidate.  Where the vehicle takes ``pum``, the animal's ``fu``
    before ``du`` matches that candidate as well as ``du`` matches its own,
    the alignment kept the earlier, and ``du`` -- in every instance -- looked
    missing for *a tractor* and *a jeep*: a word those values select, no
    frame unit.  Without it, *a dog*'s ``fu fu du`` read ``fu`` as the
    template's and ``fu du`` as the value (seed 95 ``mix-fusional``).  An
    instance lacks a frame candidate only where no longest alignment
    matches it."""
    rows = []
    # (as a sample may draw them: *a tractor* and *a jeep* beside ``fu``
    # animals only)
    vehicles = itertools.cycle(_FU_VEHICLES.items())
    fu_vehicles = itertools.cycle([(e, t) for e, t in _FU_VEHICLES.items() if t.startswith("fu")])
    for a in NAMES:
        for en, t in _FU_ANIMALS.items():
            for _ in range(3):
                ve, v = next(vehicles if t.startswith("fu") else fu_vehicles)
                rows.append(_row("has", "%s has %s and %s." % (a, en, ve),
                                 {"first_name": a, "animal": en, "vehicle": ve},
                                 "%s vom %s du %s." % (a, t, v)))
    groups = extract_exact(rows)
    got = [(t["template"], sorted(t["lexicons"]["animal"]), sorted(t["lexicons"]["vehicle"]))
           for t in groups["has"]]
    assert got == [("{first_name} vom {animal} du {vehicle}.", sorted(_FU_ANIMALS.values()),
                    sorted(_FU_VEHICLES.values()))]


_WORDS = {"I": "gi", "don't": "kotra", "think": "rake", "can't": "himłe", "say": "to",
          "would": "bu", "never": "vokat", "given": "ja", "that": "ju", "this": "ve",
          "the": "va", "all": "jo", "I've": "mikfe", "seen": "fa", "over": "ru",
          "years": "rerbe", "way": "piko", "things": "tamo", "are": "sen", "am": "li",
          "from": "fu", "Brazil": "beme", "what": "ke", "know": "no", "staff": "bebo",
          "flight": "jihume", "food": "vitegi", "service": "vurre", "is": "vu",
          "nice": "fofifi", "great": "birvi", "good": "kovo", "we": "mo", "nobody": "nubi",
          "crew": "łabu", "seat": "raruji", "pilot": "jołe", "nasty": "gitumak", "bad": "hethum"}


def _word_for_word(text: str) -> str:
    return " ".join(_WORDS[w if w in _WORDS else w.lower()] for w in text.split())


def test_a_value_that_contains_another_slots_value_or_a_frame_word_keeps_its_words():
    """``{neg}, given {neutral}, that {it} {noun} is {adj}.`` where ``{it}`` is
    *this*, *that* or *the*, and ``{neutral}`` values hold *that* and *the*
    (*all that I've seen over the years*): the source shows *the* twice, but
    the template has one ``{it}``.  Counting every match of a value in its
    source gave ``{it}`` a second place, and the model looked for a second
    translation of it inside ``{neutral}``'s (``jo ju mikfe fa ru va
    rerbe``), cutting that value in two -- and *that* = ``ju``, the frame's
    word too, took a third place: each instance of the two values wrote a
    template of its own (the synthetic sentiment CheckList's negation
    templates).  The group's instances share one source template: the
    places of a value are those that leave the same source frame in the
    most instances."""
    negs = ["I don't think", "We can't say", "Nobody would say"]
    neutrals = ["all that I've seen over the years", "the way things are",
                "that I am from Brazil", "what I know"]
    its, nouns, adjs = ["this", "that", "the"], ["staff", "flight", "food", "service"], \
        ["nice", "great", "good"]
    rng = random.Random(7)
    rows = []
    for neg, neutral, it, noun, adj in rng.sample(
            list(itertools.product(negs, neutrals, its, nouns, adjs)), 160):
        fill = {"neg": neg, "neutral": neutral, "it": it, "noun": noun, "adj": adj}
        source = "%s, given %s, that %s %s is %s." % (neg, neutral, it, noun, adj)
        target = "%s, ja %s, ju %s %s vu %s." % tuple(_word_for_word(fill[k]) for k in
                                                      ("neg", "neutral", "it", "noun", "adj"))
        rows.append(_row("given", source, fill, target))
    # (as in the CheckList, other templates draw ``{it}`` too: where a file
    # shows *that* = ``ju`` mostly inside ``{neutral}`` and the frame, nothing
    # tells ``ju`` is *that*)
    for tid, frame in (("plain", "%s %s is %s."), ("think", "I think %s %s is %s.")):
        for it, noun, adj in itertools.product(its, nouns + ["crew", "seat", "pilot"],
                                               adjs + ["nasty", "bad"]):
            source = frame % (it, noun, adj)
            rows.append(_row(tid, source, {"it": it, "noun": noun, "adj": adj},
                             _word_for_word(source[:-1]) + "."))
    groups = extract_exact(rows)
    got = [(t["template"], {k: sorted(v) for k, v in t["lexicons"].items()})
           for t in groups["given"]]
    assert got == [("{neg}, ja {neutral}, ju {it} {noun} vu {adj}.",
                    {k: sorted(_word_for_word(x) for x in vals) for k, vals in
                     (("neg", negs), ("neutral", neutrals), ("it", its), ("noun", nouns),
                      ("adj", adjs))})]


@pytest.mark.shared
def test_a_word_values_bring_a_copy_of_is_no_frame_unit():
    """``{neg}, given {neutral}, that {i} {pos_verb_present} {the}
    {air_noun}.``, the "translation" being the source, 200 fills (the
    sample ``metamorph.py identity-checklist`` scores for seed 299): ``{i}``
    is *I* or *we*, and three clause values of five hold *that I*.  The
    ``I`` after *that* is in every instance that draws *I* and in the third
    of those drawing *we* whose clause brings a copy -- three instances in
    four, a frame unit by count.  Counted as one, it tied with the frame's
    comma before *that* wherever the clause's *that I* matched instead; the
    comma, one instance short, left the frame, and ``{i}`` had no place: the
    template wrote *I* and *we* as text, one template each.  Which instances
    lack a frame unit does not depend on their values, and this one those
    drawing *we* lack in half of them, the others never: no frame unit."""
    from conftest import SHARED
    from tea_solver.expand import expand_checklist
    from tea_solver.io import load_checklist
    path = SHARED / "data" / "checklist-sentiment" / "sentiment_mft.json"
    if not path.is_file():
        pytest.skip("needs ../shared (the sentiment CheckList)")
    doc = load_checklist(str(path))
    tid = "sa-negation-020"
    # (with the other templates that draw ``{i}``: where ``{i}`` stands is
    # read over the file)
    rows = [{"template_id": r["template_id"], "source": r["source"], "fill": r["fill"],
             "target": r["source"]}
            for r in expand_checklist(doc, max_per_template=200, seed=299) if "i" in r["fill"]]
    assert sum(r["template_id"] == tid for r in rows) == 200
    groups = extract_exact(rows)
    source = next(t["template"] for t in doc["templates"] if t["id"] == tid)
    assert [t["template"] for t in groups[tid]] == [source]


# (a script without spaces: the sentiment CheckList's ``{neg}, given {neutral},
# that {it} {air_noun} {be} {pos_adj}.`` in the synthetic Khmer-like language)
_KM_NEG = {"I don't think": "ឍ្ងីំណ្តែំបឹអេ", "I can't say": "ឍ្ងីំឝៅះច្ថែះឍែះ",
           "I wouldn't say": "ឍ្ងីំខួយែឝីឍែះ"}
_KM_NEUTRAL = {"that I am from Brazil": "អុឍ្ងីំយួឡៅឍីណ្ឍិំត្តោ",
               "my history with airplanes": "ខ្ងឹះយ្ថៅំកុះអ្ខោន្តោះចែ",
               "all that I've seen over the years": "នូអុងីងោំតេំខីចួឌ្បោឌឹ",
               "the time that I've been flying": "ចួឌួឌូំអុងីងោំឍុងេះវៅ",
               "it's a Tuesday": "វ្តាំខ្រិកិកោ"}
_KM_IT = {"this": "ន្ចូ", "that": "អុ", "the": "ចួ"}
_KM_NOUN = {"staff": "ឋ្ឍោឌិខ្នែ", "customer service": "បូណិរីឋូយុ", "aircraft": "ឍោងៅះ",
            "flight": "រូះរ្ឋូ", "company": "អៅអើ", "cabin crew": "ប្វួតីអៅំអ្តាះ",
            "airline": "ងិះឌ្ខិ", "seat": "ថ្ចើំនើំ"}
_KM_BE = {"is": "ឡេ", "was": "ឝែ"}
_KM_ADJ = {"nice": "ណៅំចុ", "sweet": "នុះចើះ", "awesome": "ឌីះកុះ", "wonderful": "ងីយ្តួណុ",
           "brilliant": "ឡេះឡ្ណាះ", "beautiful": "ឍាំយូ", "fun": "វិខី", "great": "ឝីឋុ"}


def _km_rows(rng, slots: list, given: int, plain: int) -> list:
    """Rows of the Khmer-like language: ``given`` instances of ``{neg},
    given {neutral}, that …`` (``{neg} ចុ{neutral} អុ…។``) and ``plain``
    ones of ``{neg} …`` (``{neg} …។``), the ``…`` being ``slots`` (name,
    lexicon) in order, written without spaces in the target."""
    names, lexicons = [n for n, _ in slots], [lex for _, lex in slots]

    def tail(vals) -> str:
        return "".join(lex[v] for lex, v in zip(lexicons, vals))
    rows = []
    for neg, neutral, *vals in rng.sample(list(itertools.product(
            _KM_NEG, _KM_NEUTRAL, *lexicons)), given):
        rows.append(_row("given", "%s, given %s, that %s." % (neg, neutral, " ".join(vals)),
                         dict(zip(["neg", "neutral"] + names, [neg, neutral] + vals)),
                         "%s ចុ%s អុ%s។" % (_KM_NEG[neg], _KM_NEUTRAL[neutral], tail(vals))))
    for neg, *vals in rng.sample(list(itertools.product(_KM_NEG, *lexicons)), plain):
        rows.append(_row("plain", "%s %s." % (neg, " ".join(vals)),
                         dict(zip(["neg"] + names, [neg] + vals)),
                         "%s %s។" % (_KM_NEG[neg], tail(vals))))
    return rows


def test_a_clause_value_that_begins_with_the_frames_word_is_one_run():
    """In a script without spaces, three clause values of five hold the
    ``អុ`` (*that*) the frame writes after them, one begins with it, and
    *that* of ``{it}`` is ``អុ`` too: most instances show two copies or
    three.  The frame has one (the second copy was a frame unit only where
    values brought it, :func:`tea_solver.keys.model.frame._value_bound`), and
    in an instance whose clause begins with ``អុ`` the frame's is the later
    copy: matched early, the clause value ran into the slots after the
    frame's copy, a run seen once, and lost its first word to the frame --
    a template per clause value (the synthetic sentiment CheckList's ``km``,
    nine groups).  Matched late, the clause is a run of its own, seen
    wherever it is drawn.  Where ``{it}`` is *that*, the frame's ``អុ`` and
    the value's stand side by side in every instance that draws it: a
    doubling that many instances show alike is no corruption, and the
    frame's copy is the one after the space the frame writes (not the
    value's, which made ``{it}អុ`` a template of its own)."""
    # (the other slots stand in another template too, where no frame word is
    # ``អុ``)
    rows = _km_rows(random.Random(3), [("it", _KM_IT), ("air_noun", _KM_NOUN),
                                       ("be", _KM_BE), ("pos_adj", _KM_ADJ)], 120, 120)
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["given"]] == \
        ["{neg} ចុ{neutral} អុ{it}{air_noun}{be}{pos_adj}។"]


_KM_I = {"I": "ឍ្ងីំ", "we": "ន្ខី"}
_KM_VERB = {"is fine with": "ក្ឌឹ", "accepts": "ឌ្ឋិ"}


def test_the_frames_copy_of_a_word_is_the_one_after_the_space_it_writes():
    """``{neg} ចុ{neutral} អុ{i}{verb}{the}{air_noun}។``: the frame writes a
    space before its ``អុ`` (*that*); the clause value before it may begin
    with one, and ``{the}`` after it may be one.  Neither the earliest copy
    nor the latest is the frame's there, and the units beside the frame's
    copy vary with the values; the space does not: the alignment whose
    frame unit stands where the group's other instances show whitespace
    beside it (the synthetic sentiment CheckList's ``km``; without it, a
    template of its own for the clause value that begins with ``អុ``)."""
    # (``{the}``'s values are ``{it}``'s)
    rows = _km_rows(random.Random(5), [("i", _KM_I), ("verb", _KM_VERB), ("the", _KM_IT),
                                       ("air_noun", _KM_NOUN)], 100, 80)
    groups = extract_exact(rows)
    assert [t["template"] for t in groups["given"]] == \
        ["{neg} ចុ{neutral} អុ{i}{verb}{the}{air_noun}។"]


_CLASS_NOUNS = {"plane": ("sife", ""), "food": ("ruñi", ""), "staff": ("gini", ""),
                "seat": ("giñu", "čas"), "pilot": ("wiñe", "čas"), "company": ("risba", "čas")}
_AGREEING_THE = {"the": "na", "this": "nut", "that": "lu"}
_AGREEING_VERBS = {"like": "rir", "enjoy": "bunur", "value": "kiłase"}


def _class_agreement_rows() -> list:
    """*No one {verb}s {the} {noun}.*: the verb and the determiner take the
    noun's class ending (``čas`` or nothing)."""
    rows = []
    for (ev, v), (et, t), (en, (n, end)) in itertools.product(
            _AGREEING_VERBS.items(), _AGREEING_THE.items(), _CLASS_NOUNS.items()):
        rows.append(_row("likes", "No one %ss %s %s." % (ev, et, en),
                         {"pos_verb_present": ev, "the": et, "vehicle": en},
                         "Da lir %s%sbi %s%s %s." % (v, end, t, end, n)))
    return rows


def test_the_slot_with_one_form_per_value_decides_the_class_not_one_that_agrees():
    """The verb and the determiner agree with the noun: split by the
    determiner's forms (``lu`` / ``lučas``), the verbs split as well as by the
    noun's class -- as few contradictions either way -- but every part kept
    the nouns of both classes, and generated ``lu giñu``, which no
    translation writes.  The slot whose values have one form each (the noun)
    decides; the slots with forms follow it, whatever the slots are called
    (the noun's lexicon named after the others, the first slot tried was an
    agreeing one, and the tie went to it)."""
    groups = extract_exact(_class_agreement_rows())
    got = sorted((t["template"], sorted(t["lexicons"]["vehicle"]), sorted(t["lexicons"]["the"]))
                 for t in groups["likes"])
    want = sorted(("Da lir {pos_verb_present}bi {the} {vehicle}.",
                   sorted(n for n, e in _CLASS_NOUNS.values() if e == end),
                   sorted(t + end for t in _AGREEING_THE.values()))
                  for end in ("", "čas"))
    assert got == want

