"""Realizations: values that share words, in adjacent slots.

* ``tea_solver.keys.realize._realize`` (in-group): each value's target
  rendering is learnt from all its spans, and instances are relabelled by
  placing the renderings, so that an intensifier and a state sharing words
  (``ra`` / ``ra nhi``, ``nhi hy``, ``dac biet`` in both lexicons) no longer
  trade them at their boundary.  It must not take a preposition that varies
  with the state (a paradigm position), nor a word another slot governs.
* ``tea_solver.keys.crossgroup._agree_realizations``: a small group where a
  word follows every value takes the value's form from the large group.
* ``tea_solver.keys.crossgroup._absorb_determiners`` with measure words:
  ``mot con`` / ``mot chiec`` before the two article lexicons.

Each test drives :func:`tea_solver.extract.extract` on synthetic groups in a
toy target language (Vietnamese-, Russian-flavoured, Latin script), and checks
that the rule fires (or, disabled, that the output differs) and where it must
not fire.
"""

from __future__ import annotations

from tea_solver.extract import extract
from tea_solver.keys import align, realize
from tea_solver.template import generates, parse_template

from test_crossgroup import (ALIGN, NAMES, NO_CROSS, determiner_file, make_group, notes,
                             template_of, tuple_lex, values)

# --------------------------------------------------------------------------- #
# Fixtures

# intensifiers and states share words: 'ra' (very, highly) is the start of
# 'ra nhi' (extremely), 'nhi' also starts 'nhi hy' and ends 'noi nhi', and
# 'dac biet' is both an intensifier and a state
INTENS = {"very": "ra", "highly": "ra", "extremely": "ra nhi", "quite": "kha",
          "really": "that su", "particularly": "dac biet", "super": "sieu"}
STATES = {"bullish": "nhi hy", "vocal": "noi nhi", "particular": "dac biet",
          "happy": "hanh phuc", "curious": "to mo", "open": "coi mo",
          "pessimistic": "bi quan", "optimistic": "lac quan", "serious": "nghiem tuc"}
# the preposition after the state depends on the state
PREPOSITION = {"happy": "voi", "open": "voi", "serious": "voi"}


def intensifier_group(template_id="very-state", limit=300, seed=11):
    return make_group(
        template_id, {"first_name1": NAMES, "s": STATES, "first_name": NAMES, "very": INTENS},
        lambda s, t: ("%s is %s about the project. %s is %s %s about the project."
                      % (s["first_name1"], s["s"], s["first_name"], s["very"], s["s"]),
                      "%s %s %s du an. %s %s %s %s du an."
                      % (t["first_name1"], t["s"], PREPOSITION.get(s["s"], "ve"),
                         t["first_name"], t["very"], t["s"], PREPOSITION.get(s["s"], "ve"))),
        limit=limit, seed=seed)


def templates(doc, group):
    return sorted(t["template"] for t in doc["templates"] if t["source_template_id"] == group)


def lexicon_union(doc, group, key):
    out = set()
    for t in doc["templates"]:
        if t["source_template_id"] == group:
            out.update(t["lexicons"].get(key, ()))
    return sorted(out)


def assert_exact(doc, insts):
    for t in doc["templates"]:
        tpl = parse_template(t["template"])
        mine = [i for i in insts if i.template_id == t["source_template_id"]]
        assert any(generates(tpl, t["lexicons"], i.target[0]) for i in mine)


# --------------------------------------------------------------------------- #
# In-group realizations


def test_values_sharing_words_in_adjacent_slots_keep_their_own_words():
    insts = intensifier_group()
    doc = extract(insts, NO_CROSS)
    # one template per preposition (a paradigm position stays in the frame)
    assert templates(doc, "very-state") == [
        "{first_name} {s} ve du an. {first_name1} {very} {s} ve du an.",
        "{first_name} {s} voi du an. {first_name1} {very} {s} voi du an."]
    assert lexicon_union(doc, "very-state", "very") == sorted(set(INTENS.values()))
    assert lexicon_union(doc, "very-state", "s") == sorted(STATES.values())
    assert_exact(doc, insts)


def test_without_realizations_shared_words_split_templates(monkeypatch):
    """The contrast: token co-occurrence alone cuts ``ra nhi`` / ``nhi hy``
    at the wrong place in some instances, and each cut is a template."""
    monkeypatch.setattr(align, "_realize", lambda *a, **k: None)
    doc = extract(intensifier_group(), NO_CROSS)
    assert len(templates(doc, "very-state")) > 2


NOUN_STATES = {"optimistic": "optimizmom", "curious": "lyubopytstvom",
               "enthusiastic": "entuziazmom", "pessimistic": "pessimizmom"}
ADVERB_STATES = {"positive": "pozitivno", "serious": "serezno", "skeptical": "skepticheski",
                 "vocal": "aktivno"}
# (form before an adverb, form before a noun in the instrumental)
VERY = {"very": ("ochen", "bolshim"), "extremely": ("krayne", "kraynim"),
        "highly": ("isklyuchitelno", "isklyuchitelnym"), "super": ("chrezmerno", "chrezmernym")}
SOMEWHAT_RU = {"somewhat": ("otchasti", "nekotorym"), "slightly": ("slegka", "nebolshim"),
               "a little": ("nemnogo", "menshim"), "mildly": ("umerenno", "umerennym")}


def governed_group():
    """Russian-like: noun states take ``c`` (with) and the intensifier agrees
    with them (``c bolshim optimizmom``), adverb states take neither
    (``ochen pozitivno``); both sentences have an intensifier, so ``c``
    always stands right before one."""
    def render(s, t):
        noun = s["s"] in NOUN_STATES
        c = "c " if noun else ""
        return ("%s is %s %s about it. %s is %s %s about it."
                % (s["first_name1"], s["very"], s["s"], s["first_name"], s["somewhat"], s["s"]),
                "%s %s%s %s otnositsya. %s %s%s %s otnositsya."
                % (t["first_name1"], c, t["very"][noun], t["s"],
                   t["first_name"], c, t["somewhat"][noun], t["s"]))

    return make_group("ru", {"first_name1": NAMES, "very": VERY, "s": {**NOUN_STATES,
                                                                        **ADVERB_STATES},
                             "first_name": NAMES, "somewhat": SOMEWHAT_RU},
                      render, limit=300, seed=3)


def test_word_governed_by_the_other_slot_stays_in_the_frame():
    """``c`` always stands before ``bolshim``, but the state brings it (in
    sentences with any intensifier): it stays in the frame, one template per
    class of states."""
    insts = governed_group()
    doc = extract(insts, NO_CROSS)
    assert templates(doc, "ru") == [
        "{first_name} c {very} {s} otnositsya. {first_name1} c {somewhat} {s} otnositsya.",
        "{first_name} {very} {s} otnositsya. {first_name1} {somewhat} {s} otnositsya."]
    for key in ("very", "somewhat"):
        assert not any(v.startswith("c ") for v in lexicon_union(doc, "ru", key))
    assert_exact(doc, insts)


def test_without_the_governed_test_the_preposition_joins_the_intensifier(monkeypatch):
    monkeypatch.setattr(realize, "_governed", lambda *a, **k: False)
    doc = extract(governed_group(), NO_CROSS)
    assert any(v.startswith("c ") for v in lexicon_union(doc, "ru", "very"))


# --------------------------------------------------------------------------- #
# Cross-group: realization agreement

ADJS = {("smarter", "smart"): "gioi", ("taller", "tall"): "cao", ("older", "old"): "gia",
        ("stronger", "strong"): "khoe", ("richer", "rich"): "giau"}


def comparative_file(big_group_has_word=True):
    """The comparative reads ``X hon`` and the frame adds ``hon`` (than) after
    it in the large group; the small question has one ``hon`` after every
    value.  ``big_group_has_word=False``: the large group reads the values
    bare (``X kuliko``), so nothing tells the small group's ``hon`` apart."""
    adj = tuple_lex(ADJS)
    than = "hon" if big_group_has_word else "kuliko"
    return (make_group("cmp", {"first_name": NAMES, "adj": adj, "first_name1": NAMES},
                       lambda s, t: ("%s is %s than %s." % (s["first_name"], s["adj"][0],
                                                            s["first_name1"]),
                                     "%s %s hon %s %s." % (t["first_name"], t["adj"], than,
                                                           t["first_name1"]))
                       if big_group_has_word else
                       ("%s is %s than %s." % (s["first_name"], s["adj"][0], s["first_name1"]),
                        "%s %s %s %s." % (t["first_name"], t["adj"], than,
                                          t["first_name1"])),
                       limit=80, seed=5)
            + make_group("who", {"adj": adj},
                         lambda s, t: ("Who is %s?" % s["adj"][0], "Ai %s hon?" % t["adj"])))


def test_small_group_takes_the_form_its_values_have_elsewhere():
    insts = comparative_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "cmp")["template"] == "{first_name} {adj[0]} hon {first_name1}."
    assert template_of(doc, "who")["template"] == "Ai {adj[0]}?"
    assert values(doc, "who", "adj", 0) == sorted(v + " hon" for v in ADJS.values())
    assert any("reads 'cao hon' as elsewhere" in n for n in notes(doc))
    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "who")["template"] == "Ai {adj[0]} hon?"
    assert_exact(doc, insts)


def test_word_no_other_group_puts_in_the_value_stays_in_the_frame():
    doc = extract(comparative_file(big_group_has_word=False), ALIGN)
    assert template_of(doc, "cmp")["template"] == "{first_name} {adj[0]} kuliko {first_name1}."
    assert template_of(doc, "who")["template"] == "Ai {adj[0]} hon?"
    assert values(doc, "who", "adj", 0) == sorted(ADJS.values())
    assert not any("as elsewhere" in n for n in notes(doc))


def test_word_after_only_some_spans_of_the_slot_stays():
    """The small group repeats the value, once with ``hon`` after it and
    once without: the word does not come with every span of the slot there,
    so the group itself tells it apart (and a repeated slot reads alike in
    both places): nothing grows."""
    adj = tuple_lex(ADJS)
    insts = [i for i in comparative_file() if i.template_id == "cmp"] + make_group(
        "who", {"adj": adj},
        lambda s, t: ("Who is %s? Who is %s?" % (s["adj"][0], s["adj"][0]),
                      "Ai %s hon? Ai %s ne?" % (t["adj"], t["adj"])))
    doc = extract(insts, ALIGN)
    assert template_of(doc, "who")["template"] == "Ai {adj[0]} hon? Ai {adj[0]} ne?"
    assert values(doc, "who", "adj", 0) == sorted(ADJS.values())
    assert not any("as elsewhere" in n for n in notes(doc))


# --------------------------------------------------------------------------- #
# Cross-group: determiners with measure words


def classifier_file(article="mot", before_nationality="sach"):
    """``mot con`` before every animal, ``mot chiec`` before every vehicle."""
    insts = determiner_file(before_vehicle="%s chiec" % article,
                            before_nationality=before_nationality)
    out = []
    for i in insts:
        if "animal" in i.fill:
            i = i.__class__(**{**i.__dict__, "target": (i.target[0].replace(
                " ek ", " %s con " % article),)})
        out.append(i)
    return out


def test_article_beyond_a_measure_word_joins_with_it():
    insts = classifier_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "has-animal")["template"] == "{first_name} ke paas {animal} hai."
    assert template_of(doc, "drives")["template"] == "{first_name} {vehicle} chalata hai."
    assert all(v.startswith("mot con ") for v in values(doc, "sees-animal", "animal"))
    assert all(v.startswith("mot chiec ") for v in values(doc, "buys", "vehicle"))
    assert template_of(doc, "is-nat")["template"] == "{first_name} sach {nationality} hai."
    assert "determiner 'mot' joins animal with 'con' (left of it in every group)" in notes(doc)
    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "drives")["template"] == \
        "{first_name} mot chiec {vehicle} chalata hai."
    assert_exact(doc, insts)


def test_measure_words_without_a_shared_article_stay_in_the_frame():
    """``mot con`` before animals, ``hai chiec`` before vehicles: no word
    stands before both lexicons, so neither run is an article."""
    insts = classifier_file()
    insts = [i.__class__(**{**i.__dict__, "target": (i.target[0].replace(
        "mot chiec", "hai chiec"),)}) for i in insts]
    doc = extract(insts, ALIGN)
    assert template_of(doc, "has-animal")["template"] == \
        "{first_name} ke paas mot con {animal} hai."
    assert template_of(doc, "drives")["template"] == "{first_name} hai chiec {vehicle} chalata hai."
    assert not any("determiner" in n for n in notes(doc))


def test_measure_word_article_also_before_a_plain_lexicon_is_frame():
    """``mot`` also right before every nationality (no article in the
    source): the veto keeps it, and its measure words, in the frame."""
    doc = extract(classifier_file(before_nationality="mot"), ALIGN)
    assert template_of(doc, "drives")["template"] == "{first_name} mot chiec {vehicle} chalata hai."
    assert not any("determiner" in n for n in notes(doc))
