"""Cross-group refinement of ``--keys align`` (tea_solver/keys/crossgroup.py).

Each rule of :func:`tea_solver.keys.crossgroup.refine` is driven through
:func:`tea_solver.extract.extract` on a small synthetic file of several groups
(source templates) that share lexicons, written in a toy target language.  Each
rule's main test checks its effect with ``cross_group=True`` and the contrasting
output with ``cross_group=False``, so it fails if the rule does nothing; further
tests check the cases where a rule must not fire (a copula next to both tuple
elements, a comma after the positive once the comparative is told apart).
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from tea_solver.cli import main
from tea_solver.extract import ExtractOptions, extract
from tea_solver.io import load_instances
from tea_solver.io.records import Instance
from tea_solver.template import generates, parse_template

# --------------------------------------------------------------------------- #
# A toy target language (Hindi/Swahili/Arabic-flavoured, Latin script)

NAMES = {"John": "Jon", "Mary": "Meri", "Ahmed": "Ahmad", "Priya": "Priya", "Chen": "Chen"}
ANIMALS = {"a dog": "kutta", "a cat": "billi", "an iguana": "goh", "a cow": "gaay",
           "a horse": "ghoda", "an owl": "ulloo"}
VEHICLES = {"a car": "gaadi", "a truck": "trak", "a bike": "saikil", "a boat": "naav",
            "a bus": "bas"}
NATIONALITIES = {"Indian": "bhartiya", "American": "amriki", "Chinese": "cheeni",
                 "German": "jarman", "Kenyan": "keniyai"}
ADJS = {("smarter", "smart"): "werevu", ("taller", "tall"): "refu", ("older", "old"): "zee",
        ("stronger", "strong"): "hodari", ("richer", "rich"): "tajiri"}
PLAIN_VEHICLES = {"car": "sayyara", "bus": "hafila", "bike": "darraja", "boat": "qarib",
                  "truck": "shahina", "train": "qitar"}
SOMEWHAT = {"somewhat": "thoda", "slightly": "zara", "rather": "kaafi", "quite": "khasa"}
STATES = {"happy": "khush", "sad": "udaas", "angry": "naraz", "tired": "thaka",
          "worried": "chintit"}


def make_group(template_id, slots, render, limit=None, seed=0):
    """One group: every combination of the slot values (a seeded sample of
    ``limit`` of them), cardinals of one lexicon distinct.

    ``slots``: fill name -> {source value: target form}; ``render(src, tgt)``
    gets fill name -> source value / target form and returns (source, target).
    """
    names = list(slots)
    combos = []
    for values in itertools.product(*(list(slots[n]) for n in names)):
        fill = dict(zip(names, values))
        by_base = {}
        for n, v in fill.items():
            by_base.setdefault(n.rstrip("0123456789"), []).append(
                tuple(v) if isinstance(v, list) else v)
        if any(len(set(vs)) < len(vs) for vs in by_base.values()):
            continue
        combos.append(fill)
    if limit is not None and len(combos) > limit:
        combos = random.Random(seed).sample(combos, limit)
    out = []
    for n, fill in enumerate(combos):
        tgt = {k: slots[k][tuple(v) if isinstance(v, list) else v] for k, v in fill.items()}
        source, target = render(fill, tgt)
        out.append(Instance(id="%s/%d" % (template_id, n), template_id=template_id,
                            target=(target,), source=(source,),
                            fill={k: (list(v) if isinstance(v, tuple) else v)
                                  for k, v in fill.items()},
                            line=n + 1, raw={"label": 1}))
    return out


def tuple_lex(d):
    """Tuple lexicon: the fill value is the entry as a list."""
    return {tuple(k): v for k, v in d.items()}


# --------------------------------------------------------------------------- #
# Fixtures, one per rule


def determiner_file(before_vehicle="ek", before_nationality="sach"):
    """Rule 1.  Animals and vehicles carry an English article in the source;
    the target puts ``ek`` (one) before every animal and (by default) every
    vehicle, in every group.  Nationalities have no article; the word on their
    left (``sach``, really) is frame."""
    groups = [
        make_group("has-animal", {"first_name": NAMES, "animal": ANIMALS},
                   lambda s, t: ("%s has %s." % (s["first_name"], s["animal"]),
                                 "%s ke paas ek %s hai." % (t["first_name"], t["animal"]))),
        make_group("sees-animal", {"first_name": NAMES, "animal": ANIMALS},
                   lambda s, t: ("%s sees %s." % (s["first_name"], s["animal"]),
                                 "%s ne ek %s dekha." % (t["first_name"], t["animal"]))),
        make_group("drives", {"first_name": NAMES, "vehicle": VEHICLES},
                   lambda s, t: ("%s drives %s." % (s["first_name"], s["vehicle"]),
                                 "%s %s %s chalata hai." % (t["first_name"], before_vehicle,
                                                            t["vehicle"]))),
        make_group("buys", {"first_name": NAMES, "vehicle": VEHICLES},
                   lambda s, t: ("%s buys %s." % (s["first_name"], s["vehicle"]),
                                 "%s %s %s kharidta hai." % (t["first_name"], before_vehicle,
                                                             t["vehicle"]))),
        make_group("is-nat", {"first_name": NAMES, "nationality": NATIONALITIES},
                   lambda s, t: ("%s is %s." % (s["first_name"], s["nationality"]),
                                 "%s %s %s hai." % (t["first_name"], before_nationality,
                                                    t["nationality"]))),
        make_group("was-nat", {"first_name": NAMES, "nationality": NATIONALITIES},
                   lambda s, t: ("%s was %s." % (s["first_name"], s["nationality"]),
                                 "%s %s %s tha." % (t["first_name"], before_nationality,
                                                    t["nationality"]))),
    ]
    return [i for g in groups for i in g]


def contrast_file(copula_elsewhere=True, second_positive_group=False):
    """Rule 2.  ``adj`` holds (comparative, positive) pairs; Swahili-like, the
    target makes the comparative with ``zaidi`` (more) after the positive
    form, in both groups that show ``adj[0]``; the ``adj[1]`` group shows the
    bare positive form.  The copula ``ni`` stands left of ``adj[0]`` in both
    ``adj[0]`` groups too; ``copula_elsewhere`` adds a group where it stands
    left of an unrelated lexicon (``{first_name} ni {demonym}.``).
    ``second_positive_group`` adds a second ``adj[1]`` group where the copula
    stands directly left of ``adj[1]`` and a comma right of it, as in the
    first ``adj[1]`` group."""
    adj = tuple_lex(ADJS)
    groups = [
        make_group("cmp", {"first_name": NAMES, "adj": adj, "first_name1": NAMES},
                   lambda s, t: ("%s is %s than %s." % (s["first_name"], s["adj"][0],
                                                        s["first_name1"]),
                                 "%s ni %s zaidi kuliko %s." % (t["first_name"], t["adj"],
                                                                t["first_name1"])),
                   limit=60, seed=1),
        make_group("who-more", {"adj": adj, "first_name": NAMES, "first_name1": NAMES},
                   lambda s, t: ("Who is %s, %s or %s?" % (s["adj"][0], s["first_name"],
                                                           s["first_name1"]),
                                 "Nani ni %s zaidi, %s au %s?" % (t["adj"], t["first_name"],
                                                                  t["first_name1"])),
                   limit=60, seed=2),
        make_group("who-less", {"adj": adj, "first_name": NAMES, "first_name1": NAMES},
                   lambda s, t: ("Who is less %s, %s or %s?" % (s["adj"][1], s["first_name"],
                                                                s["first_name1"]),
                                 "Nani ni chini %s, %s au %s?" % (t["adj"], t["first_name"],
                                                                  t["first_name1"])),
                   limit=60, seed=3),
    ]
    if copula_elsewhere:
        groups.append(make_group(
            "is-demonym", {"first_name": NAMES, "demonym": NATIONALITIES},
            lambda s, t: ("%s is %s." % (s["first_name"], s["demonym"]),
                          "%s ni %s." % (t["first_name"], t["demonym"]))))
    if second_positive_group:
        groups.append(make_group(
            "who-is", {"adj": adj, "first_name": NAMES, "first_name1": NAMES},
            lambda s, t: ("Who is %s, %s or %s?" % (s["adj"][1], s["first_name"],
                                                    s["first_name1"]),
                          "Nani ni %s, %s au %s?" % (t["adj"], t["first_name"],
                                                     t["first_name1"])),
            limit=60, seed=7))
    return [i for g in groups for i in g]


def affix_file():
    """Rule 3.  Arabic-style conjunction ``wa`` glued to the vehicle in one
    sentence (``wasayyara``); the vehicle stands bare in two others (lexicon
    ``transport``: its source values have no article)."""
    groups = [
        make_group("and-vehicle", {"first_name": NAMES, "transport": PLAIN_VEHICLES},
                   lambda s, t: ("%s sold the house and the %s." % (s["first_name"],
                                                                    s["transport"]),
                                 "ba'a %s al-bayt wa%s." % (t["first_name"], t["transport"]))),
        make_group("bought", {"first_name": NAMES, "transport": PLAIN_VEHICLES},
                   lambda s, t: ("%s bought the %s." % (s["first_name"], s["transport"]),
                                 "ishtara %s al %s." % (t["first_name"], t["transport"]))),
        make_group("likes", {"first_name": NAMES, "transport": PLAIN_VEHICLES},
                   lambda s, t: ("%s likes the %s." % (s["first_name"], s["transport"]),
                                 "%s yuhibbu al %s." % (t["first_name"], t["transport"]))),
    ]
    return [i for g in groups for i in g]


def gap_file(bare_states=True):
    """Rule 4.  ``{somewhat} {s}`` are adjacent in the source; the target puts
    ``sa`` between them, after every *somewhat* value in every group, while
    the states also stand without it elsewhere (``bare_states``)."""
    groups = [
        make_group("somewhat", {"first_name": NAMES, "somewhat": SOMEWHAT, "s": STATES},
                   lambda s, t: ("%s is %s %s." % (s["first_name"], s["somewhat"], s["s"]),
                                 "%s %s sa %s hai." % (t["first_name"], t["somewhat"], t["s"])),
                   limit=60, seed=4),
        make_group("feels-somewhat", {"first_name": NAMES, "somewhat": SOMEWHAT, "s": STATES},
                   lambda s, t: ("%s feels %s %s today." % (s["first_name"], s["somewhat"],
                                                            s["s"]),
                                 "aaj %s %s sa %s mehsoos karta hai." % (
                                     t["first_name"], t["somewhat"], t["s"])),
                   limit=60, seed=5),
    ]
    if bare_states:
        groups += [
            make_group("state", {"first_name": NAMES, "s": STATES},
                       lambda s, t: ("%s is %s." % (s["first_name"], s["s"]),
                                     "%s %s hai." % (t["first_name"], t["s"]))),
            make_group("was-state", {"first_name": NAMES, "s": STATES},
                       lambda s, t: ("%s was very %s." % (s["first_name"], s["s"]),
                                     "%s bahut %s tha." % (t["first_name"], t["s"]))),
        ]
    return [i for g in groups for i in g]


VERY = {"very": "molto", "highly": "alta", "really": "vero", "extremely": "estremo"}


def tie_file(other_groups=True):
    """Few instances per group: in ``intens`` *curious* is drawn twice, both
    times beside *highly*, which is drawn nowhere else in the group: within
    it, ``alta`` and ``kurio`` each predict both values, and come with both
    every time.  The other groups (``other_groups``) show ``kurio`` with
    *curious* and ``alta`` with *highly* beside other values."""
    states = dict(STATES, curious="kurio")
    names = list(NAMES)
    combos = []
    for i, s in enumerate(STATES):
        for j, v in enumerate(v for v in VERY if v != "highly"):
            if (i + j) % 2 == 0:
                k = len(combos)
                combos.append((names[k % 5], v, s, names[(k + 1) % 5]))
    combos += [("John", "highly", "curious", "Mary"), ("Chen", "highly", "curious", "Priya")]
    insts = []
    for n, (a, v, s, b) in enumerate(combos):
        insts.append(Instance(
            id="intens/%d" % n, template_id="intens",
            target=("%s est %s %s. %s est %s." % (NAMES[a], VERY[v], states[s], NAMES[b],
                                                  states[s]),),
            source=("%s is %s %s. %s is %s." % (a, v, s, b, s),),
            fill={"first_name": a, "very": v, "s": s, "first_name1": b},
            line=n + 1, raw={"label": 1}))
    if other_groups:
        insts += make_group("is-state", {"first_name": NAMES, "s": states},
                            lambda s, t: ("%s is %s." % (s["first_name"], s["s"]),
                                          "%s hai %s." % (t["first_name"], t["s"])))
        insts += make_group("works", {"first_name": NAMES, "very": VERY},
                            lambda s, t: ("%s works %s hard." % (s["first_name"], s["very"]),
                                          "%s lavora %s duro." % (t["first_name"], t["very"])))
    return insts


PROFESSIONS = {"actor": ("aktor", "m"), "actress": ("aktrisa", "f"), "waiter": ("kelnero", "m"),
               "waitress": ("kelnera", "f"), "farmer": ("farmero", "m"), "nurse": ("nursa", "f"),
               "pilot": ("piloto", "m"), "singer": ("singera", "f")}
NATIONS = {"Brazilian": ("brasilo", "brasila"), "Chinese": ("cino", "cina"),
           "Indian": ("indo", "inda"), "American": ("amerikan", "amerikan"),
           "Kenyan": ("kenyan", "kenyan")}


def gender_file(case_elsewhere=""):
    """Nationality forms agree with the profession's gender (``brasilo`` /
    ``brasila``); ``amerikan`` and ``kenyan`` never change.  ``is-both`` has
    two instances per profession, and *pilot* meets only the invariant
    nationalities there; ``works`` draws every pair, its nationalities with
    the ending ``case_elsewhere`` (a case form ``is-both`` never shows)."""
    names = list(NAMES)

    def row(group, n, name, prof, nat, src, tgt, ending=""):
        form, gender = PROFESSIONS[prof]
        nat_t = NATIONS[nat][0 if gender == "m" else 1] + ending
        return Instance(id="%s/%d" % (group, n), template_id=group,
                        target=(tgt % (NAMES[name], form, NAMES[name], nat_t),),
                        source=(src % (name, prof, name, nat),),
                        fill={"first_name": name, "profession": prof, "nationality": nat},
                        line=n + 1, raw={"label": 1})
    small = []
    for i, prof in enumerate(PROFESSIONS):
        nats = ["American", "Kenyan"] if prof == "pilot" else \
            [list(NATIONS)[i % 5], list(NATIONS)[(i + 2) % 5]]
        small += [(names[(i + j) % 5], prof, nat) for j, nat in enumerate(nats)]
    insts = [row("is-both", n, name, prof, nat, "%s is a %s. %s is %s.", "%s es %s. %s es %s.")
             for n, (name, prof, nat) in enumerate(small)]
    pairs = itertools.product(PROFESSIONS, NATIONS, names[:2])
    insts += [row("works", n, name, prof, nat, "%s works as a %s; %s is %s.",
                  "%s labora kom %s; %s esas %s.", case_elsewhere)
              for n, (prof, nat, name) in enumerate(pairs)]
    return insts


def rows(group, specs):
    """Instances of one group from ``(fill, source, target)`` triples."""
    return [Instance(id="%s/%d" % (group, n), template_id=group, target=(tgt,), source=(src,),
                     fill=fill, line=n + 1, raw={"label": 1})
            for n, (fill, src, tgt) in enumerate(specs)]


def consistency_file():
    """One group.  *older* (``kubwa umri``) is drawn twice, both times with
    Mary (``Meri``) right before it, and Mary is drawn in six instances."""
    adjs = {"taller": "refu", "richer": "tajiri", "stronger": "hodari", "smarter": "werevu",
            "older": "kubwa umri"}
    names = list(NAMES)
    pairs = [(names[k % 5], adj, names[(k + 2) % 5])
             for k, adj in enumerate(["taller", "richer", "stronger", "smarter"] * 3)]
    pairs += [("Mary", "older", "John"), ("Mary", "older", "Chen"),
              ("Mary", "taller", "Chen"), ("Mary", "richer", "John")]
    return rows("older", [({"first_name": a, "adj": adj, "first_name1": b},
                           "%s is %s than %s." % (a, adj, b),
                           "%s %s kuliko %s." % (NAMES[a], adjs[adj], NAMES[b]))
                          for a, adj, b in pairs])


def agreement_form_file():
    """One group.  *Brazilian* agrees with the name: ``brasila`` once, beside
    Mary (drawn twice), ``brasilo`` three times."""
    nats = {"Brazilian": ("brasilo", "brasila"), "Chinese": ("cino", "cina"),
            "Kenyan": ("kenyan", "kenyan")}
    female = {"Mary", "Priya"}
    draws = [("John", "Brazilian"), ("Ahmed", "Brazilian"), ("Chen", "Brazilian"),
             ("Mary", "Brazilian"), ("Mary", "Kenyan"), ("Priya", "Chinese"),
             ("John", "Chinese"), ("Ahmed", "Kenyan"), ("Chen", "Chinese"), ("Priya", "Kenyan")]
    return rows("nation", [({"first_name": a, "nationality": nat}, "%s is %s." % (a, nat),
                            "%s hai ya %s." % (NAMES[a], nats[nat][a in female]))
                           for a, nat in draws])


def coincidence_file():
    """``hamu`` is in *passionate* (``mwenye hamu``) and *curious* (``mwenye
    hamu ya kujua``); in ``proj`` three of its four instances draw Chen, so
    within the group ``hamu`` predicts Chen; over the file it does not."""
    states = {"passionate": "mwenye hamu", "curious": "mwenye hamu ya kujua",
              "happy": "furaha", "sad": "huzuni", "tired": "uchovu", "angry": "hasira"}
    draws = [("Fatima", "passionate", "Chen"), ("John", "curious", "Chen"),
             ("Chen", "curious", "Mary"), ("Fatima", "curious", "Ahmed")]
    names = ["John", "Mary", "Ahmed", "Chen", "Fatima", "Priya"]
    plain = ["happy", "sad", "tired", "angry"]
    draws += [(names[k % 6], plain[k % 4], names[(k + 1) % 6]) for k in range(12)]
    names_t = dict(NAMES, Fatima="Fatuma")
    insts = rows("proj", [({"first_name": a, "s": s, "first_name1": b},
                           "%s is %s about the project with %s." % (a, s, b),
                           "%s %s kuhusu mradi na %s." % (names_t[a], states[s], names_t[b]))
                          for a, s, b in draws])
    insts += make_group("feels", {"first_name": names_t, "s": states},
                        lambda s, t: ("%s feels %s." % (s["first_name"], s["s"]),
                                      "%s anahisi %s." % (t["first_name"], t["s"])))
    return insts


def repeat_file(repeated_state=False):
    """One group.  ``ya`` is in *guinea pig* (``nguruwe ya Guinea``, drawn in
    nine instances) and in *fire truck* (``lori ya moto``, drawn twice, once
    beside the guinea pig).  ``repeated_state``: a second group whose source
    shows its (multi-word) state twice."""
    vehicles = {"a car": "gari", "a truck": "lori", "a fire truck": "lori ya moto",
                "a bike": "baiskeli", "a boat": "mashua"}
    animals = {"a dog": "mbwa", "a cat": "paka", "a guinea pig": "nguruwe ya Guinea",
               "a cow": "ng'ombe"}
    names = list(NAMES)
    draws = [(names[k % 5], v, a) for k, (v, a) in enumerate(itertools.product(
        ["a car", "a truck", "a bike", "a boat"], ["a dog", "a cat", "a guinea pig", "a cow"]))]
    draws += [("Mary", "a fire truck", "a guinea pig"), ("John", "a fire truck", "a dog"),
              ("Chen", "a car", "a guinea pig"), ("Ahmed", "a boat", "a guinea pig"),
              ("Priya", "a bike", "a guinea pig")]
    insts = rows("has", [({"first_name": n, "vehicle": v, "animal": a},
                          "%s has %s and %s." % (n, v, a),
                          "%s ana %s na %s." % (NAMES[n], vehicles[v], animals[a]))
                         for n, v, a in draws])
    if repeated_state:
        states = {"happy": "furaha tele", "sad": "huzuni kubwa", "tired": "amechoka"}
        insts += make_group("twice", {"first_name": NAMES, "s": states},
                            lambda s, t: ("%s is %s. He is %s." % (s["first_name"], s["s"],
                                                                  s["s"]),
                                          "%s ni %s. Yeye ni %s." % (t["first_name"], t["s"],
                                                                    t["s"])))
    return insts



def homonym_file():
    """One group.  *particularly* and *particular* are both ``khas``:
    *particularly particular* reads ``khas khas``; *particularly* is drawn
    six times, *particular* twice, so ``khas`` predicts *particularly*."""
    very = {"very": "molto", "really": "vero", "particularly": "khas"}
    states = dict(STATES, particular="khas")
    names = list(NAMES)
    combos = [(v, st) for v in very for st in STATES]
    combos += [("particularly", "particular"), ("very", "particular")]
    return rows("homonym", [({"first_name": names[k % 5], "very": v, "s": st,
                              "first_name1": names[(k + 1) % 5]},
                             "%s is %s %s. %s is %s." % (names[k % 5], v, st, names[(k + 1) % 5],
                                                         st),
                             "%s est %s %s. %s est %s." % (NAMES[names[k % 5]], very[v],
                                                          states[st],
                                                          NAMES[names[(k + 1) % 5]],
                                                          states[st]))
                            for k, (v, st) in enumerate(combos)])



def doubled_file():
    """One group.  *really* is ``sach sach`` (one value, a doubled word); the
    source shows the state twice, the target once (``… bhi``)."""
    very = {"very": "bahut", "really": "sach sach", "quite": "kaafi"}
    names = list(NAMES)
    combos = list(itertools.product(very, STATES))
    return rows("doubled", [({"first_name": names[k % 5], "very": v, "s": st,
                              "first_name1": names[(k + 1) % 5]},
                             "%s is %s %s, %s is %s too." % (names[k % 5], v, st,
                                                            names[(k + 1) % 5], st),
                             "%s %s %s hai, %s bhi." % (NAMES[names[k % 5]], very[v],
                                                       STATES[st], NAMES[names[(k + 1) % 5]]))
                            for k, (v, st) in enumerate(combos)])



ALIGN = ExtractOptions(keys="align", solver="ilp")
NO_CROSS = ExtractOptions(keys="align", solver="ilp", cross_group=False)


def by_group(doc):
    out = {}
    for t in doc["templates"]:
        out.setdefault(t["source_template_id"], []).append(t)
    return out


def all_rules_file():
    """The four fixtures in one file (their lexicons are disjoint but for
    ``first_name``)."""
    return determiner_file() + contrast_file() + affix_file() + gap_file()


def template_of(doc, group):
    """The single template of a group (the fixtures need one per group)."""
    ts = [t for t in doc["templates"] if t["source_template_id"] == group]
    assert len(ts) == 1, [t["template"] for t in ts]
    return ts[0]


def values(doc, group, key, index=None):
    vals = template_of(doc, group)["lexicons"][key]
    return sorted(v if index is None else v[index] for v in vals)


def notes(doc):
    return doc["report"]["cross_group"]


# --------------------------------------------------------------------------- #
# Rule 1: determiners


def test_determiner_before_two_article_lexicons_joins_their_values():
    insts = determiner_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "has-animal")["template"] == "{first_name} ke paas {animal} hai."
    assert template_of(doc, "sees-animal")["template"] == "{first_name} ne {animal} dekha."
    assert template_of(doc, "drives")["template"] == "{first_name} {vehicle} chalata hai."
    assert template_of(doc, "buys")["template"] == "{first_name} {vehicle} kharidta hai."
    for g in ("has-animal", "sees-animal"):
        assert values(doc, g, "animal") == sorted("ek " + v for v in ANIMALS.values())
    for g in ("drives", "buys"):
        assert values(doc, g, "vehicle") == sorted("ek " + v for v in VEHICLES.values())
    # no article in the source: the word on the left stays in the frame
    assert template_of(doc, "is-nat")["template"] == "{first_name} sach {nationality} hai."
    assert template_of(doc, "was-nat")["template"] == "{first_name} sach {nationality} tha."
    assert values(doc, "is-nat", "nationality") == sorted(NATIONALITIES.values())
    assert sorted(notes(doc)) == ["determiner 'ek' joins animal (left of it in every group)",
                                  "determiner 'ek' joins vehicle (left of it in every group)"]

    # without cross-group evidence, 'ek' (before every value of a group) is frame
    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "has-animal")["template"] == \
        "{first_name} ke paas ek {animal} hai."
    assert template_of(plain, "drives")["template"] == "{first_name} ek {vehicle} chalata hai."
    assert values(plain, "has-animal", "animal") == sorted(ANIMALS.values())
    assert values(plain, "buys", "vehicle") == sorted(VEHICLES.values())
    assert notes(plain) == []


def test_word_before_only_one_article_lexicon_is_not_a_determiner():
    """'ek' before every animal, 'koi' before every vehicle: each word goes with
    one article lexicon only, so neither is taken for the article."""
    doc = extract(determiner_file(before_vehicle="koi"), ALIGN)
    assert template_of(doc, "has-animal")["template"] == "{first_name} ke paas ek {animal} hai."
    assert template_of(doc, "sees-animal")["template"] == "{first_name} ne ek {animal} dekha."
    assert template_of(doc, "drives")["template"] == "{first_name} koi {vehicle} chalata hai."
    assert values(doc, "has-animal", "animal") == sorted(ANIMALS.values())
    assert values(doc, "drives", "vehicle") == sorted(VEHICLES.values())
    assert not any("determiner" in n for n in notes(doc))


def test_word_also_before_a_lexicon_without_article_is_not_a_determiner():
    """'ek' also stands before every nationality (no article in the source):
    it is frame (the veto), although it precedes both article lexicons."""
    doc = extract(determiner_file(before_nationality="ek"), ALIGN)
    assert template_of(doc, "has-animal")["template"] == "{first_name} ke paas ek {animal} hai."
    assert template_of(doc, "buys")["template"] == "{first_name} ek {vehicle} kharidta hai."
    assert template_of(doc, "is-nat")["template"] == "{first_name} ek {nationality} hai."
    assert values(doc, "sees-animal", "animal") == sorted(ANIMALS.values())
    assert not any("determiner" in n for n in notes(doc))


# --------------------------------------------------------------------------- #
# Rule 2: tuple contrast


def test_contrast_word_joins_the_tuple_element_it_distinguishes():
    insts = contrast_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "cmp")["template"] == "{first_name} ni {adj[0]} kuliko {first_name1}."
    assert template_of(doc, "who-more")["template"] == \
        "Nani ni {adj[0]}, {first_name} au {first_name1}?"
    for g in ("cmp", "who-more"):
        assert values(doc, g, "adj", 0) == sorted(v + " zaidi" for v in ADJS.values())
    # the positive keeps its bare forms, and the copula (also before an
    # unrelated lexicon) stays in the frame
    assert template_of(doc, "who-less")["template"] == \
        "Nani ni chini {adj[1]}, {first_name} au {first_name1}?"
    assert values(doc, "who-less", "adj", 1) == sorted(ADJS.values())
    assert template_of(doc, "is-demonym")["template"] == "{first_name} ni {demonym}."
    assert notes(doc) == ["'zaidi' joins adj[0]: its target forms equal adj[1]'s for 5 of 5 "
                          "entries"]

    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "cmp")["template"] == \
        "{first_name} ni {adj[0]} zaidi kuliko {first_name1}."
    assert template_of(plain, "who-more")["template"] == \
        "Nani ni {adj[0]} zaidi, {first_name} au {first_name1}?"
    assert values(plain, "cmp", "adj", 0) == sorted(ADJS.values())
    assert notes(plain) == []


def test_copula_next_to_both_tuple_elements_stays_in_frame():
    doc = extract(contrast_file(copula_elsewhere=False, second_positive_group=True), ALIGN)
    assert not any(v.split()[0] == "ni" for v in values(doc, "cmp", "adj", 0))


def test_positive_does_not_take_a_neighbour_once_the_comparative_is_contrasted():
    doc = extract(contrast_file(second_positive_group=True), ALIGN)
    assert values(doc, "cmp", "adj", 0) == sorted(v + " zaidi" for v in ADJS.values())
    assert template_of(doc, "who-is")["template"] == \
        "Nani ni {adj[1]}, {first_name} au {first_name1}?"
    assert values(doc, "who-is", "adj", 1) == sorted(ADJS.values())


# --------------------------------------------------------------------------- #
# Rule 3: context affixes


def test_affix_of_one_sentence_stays_in_its_frame():
    insts = affix_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "and-vehicle")["template"] == \
        "ba'a {first_name} al-bayt wa{transport}."
    for g in ("and-vehicle", "bought", "likes"):
        assert values(doc, g, "transport") == sorted(PLAIN_VEHICLES.values())
    assert template_of(doc, "bought")["template"] == "ishtara {first_name} al {transport}."
    assert notes(doc) == ["and-vehicle: 'wa' stays in the frame before {transport} "
                          "(bare in bought)"]

    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "and-vehicle")["template"] == \
        "ba'a {first_name} al-bayt {transport}."
    assert values(plain, "and-vehicle", "transport") == \
        sorted("wa" + v for v in PLAIN_VEHICLES.values())
    assert notes(plain) == []


def test_affix_shared_by_every_sentence_is_part_of_the_value():
    """Only the sentence that glues 'wa' everywhere: no bare forms elsewhere."""
    insts = [i for i in affix_file() if i.template_id == "and-vehicle"]
    doc = extract(insts, ALIGN)
    assert template_of(doc, "and-vehicle")["template"] == \
        "ba'a {first_name} al-bayt {transport}."
    assert notes(doc) == []


# --------------------------------------------------------------------------- #
# Rule 4: words between adjacent source slots


def test_gap_word_between_adjacent_slots_joins_the_value_it_follows():
    insts = gap_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "somewhat")["template"] == "{first_name} {somewhat} {s} hai."
    assert template_of(doc, "feels-somewhat")["template"] == \
        "aaj {first_name} {somewhat} {s} mehsoos karta hai."
    for g in ("somewhat", "feels-somewhat"):
        assert values(doc, g, "somewhat") == sorted(v + " sa" for v in SOMEWHAT.values())
        assert values(doc, g, "s") == sorted(STATES.values())
    assert template_of(doc, "state")["template"] == "{first_name} {s} hai."
    assert sorted(notes(doc)) == sorted(
        "%s: 'sa' between {somewhat} and {s} (adjacent in the source) joins {somewhat}" % g
        for g in ("somewhat", "feels-somewhat"))

    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "somewhat")["template"] == "{first_name} {somewhat} sa {s} hai."
    assert values(plain, "somewhat", "somewhat") == sorted(SOMEWHAT.values())
    assert notes(plain) == []


def test_gap_word_stays_when_both_neighbours_always_have_it():
    """Without sentences where the states stand alone, 'sa' is as much before
    every state as after every *somewhat*: undecided, it stays in the frame."""
    doc = extract(gap_file(bare_states=False), ALIGN)
    assert template_of(doc, "somewhat")["template"] == "{first_name} {somewhat} sa {s} hai."
    assert values(doc, "somewhat", "somewhat") == sorted(SOMEWHAT.values())
    assert notes(doc) == []


# --------------------------------------------------------------------------- #
# Unsegmented scripts (every character a token): Japanese- and Chinese-like


NAT_JA = {"Chinese": "中国人", "Indian": "インド人", "American": "アメリカ人",
          "Russian": "ロシア人", "Japanese": "日本人"}
PROF_JA = {"an actor": "俳優", "a nurse": "看護師", "a teacher": "教師", "an editor": "編集者",
           "a lawyer": "弁護士"}


def demonym_file():
    """``人`` (person) closes every nationality, in every sentence, while the
    source words after *Chinese* differ (*.*, *and*): it is part of the value.
    ``で`` (the copula) follows every nationality too, but also every
    profession: frame."""
    slots = {"first_name": NAMES, "nationality": NAT_JA, "profession": PROF_JA}
    groups = [
        make_group("nat-prof", slots,
                   lambda s, t: ("%s is %s and %s." % (s["first_name"], s["nationality"],
                                                       s["profession"]),
                                 "%sは%sで、%sをしています。" % (
                                     t["first_name"], t["nationality"], t["profession"])),
                   limit=80, seed=1),
        make_group("prof-nat", slots,
                   lambda s, t: ("%s is %s and %s." % (s["first_name"], s["profession"],
                                                       s["nationality"]),
                                 "%sは%sで、%sです。" % (t["first_name"], t["profession"],
                                                     t["nationality"])),
                   limit=80, seed=2),
        make_group("is-nat", {"first_name": NAMES, "nationality": NAT_JA},
                   lambda s, t: ("%s is %s." % (s["first_name"], s["nationality"]),
                                 "%sは%sです。" % (t["first_name"], t["nationality"]))),
        make_group("job", {"first_name": NAMES, "profession": PROF_JA},
                   lambda s, t: ("%s is %s." % (s["first_name"], s["profession"]),
                                 "%sの職業は%sです。" % (t["first_name"], t["profession"]))),
    ]
    return [i for g in groups for i in g]


ADJ_ZH = {("smarter", "smart"): ("聪明", "笨"), ("taller", "tall"): ("高", "矮"),
          ("older", "old"): ("年长", "年轻"), ("richer", "rich"): ("富有", "贫穷"),
          ("stronger", "strong"): ("强壮", "软弱")}


def comparative_file():
    """Chinese-like: ``更`` (more) before every comparative, in both groups that
    show ``adj[0]``.  The positive (``adj[1]``) is translated by an antonym
    (*Who is less smart?* — 谁更笨), so the target forms of the elements never
    match; the source words do (*smarter* extends *smart*)."""
    adj = tuple_lex({k: k for k in ADJ_ZH})
    adj = {k: ADJ_ZH[k] for k in adj}
    return [i for g in [
        make_group("cmp", {"first_name": NAMES, "adj": adj, "first_name1": NAMES},
                   lambda s, t: ("%s is %s than %s." % (s["first_name"], s["adj"][0],
                                                        s["first_name1"]),
                                 "%s比%s更%s。" % (t["first_name"], t["first_name1"],
                                                 t["adj"][0])),
                   limit=60, seed=1),
        make_group("who-more", {"adj": adj},
                   lambda s, t: ("Who is %s?" % s["adj"][0], "更%s的是谁？" % t["adj"][0])),
        make_group("who-less", {"adj": adj},
                   lambda s, t: ("Who is less %s?" % s["adj"][1], "谁更%s？" % t["adj"][1])),
    ] for i in g]


ADJ_JA = {("faster", "fast"): "速", ("slower", "slow"): "遅い", ("stronger", "strong"): "強い",
          ("calmer", "calm"): "冷静", ("kinder", "kind"): "親切", ("tougher", "tough"): "丈夫"}


def negation_file():
    """Japanese-like: the adjective reads ``速`` before ``です`` in one sentence,
    ``速く`` before ``ない`` in another (the others take ``で`` there)."""
    adj = tuple_lex(ADJ_JA)
    return [i for g in [
        make_group("cmp-ja", {"first_name": NAMES, "adj": adj, "first_name1": NAMES},
                   lambda s, t: ("%s is %s than %s." % (s["first_name"], s["adj"][0],
                                                        s["first_name1"]),
                                 "%sは%sより%sです。" % (t["first_name"], t["first_name1"],
                                                     t["adj"])),
                   limit=60, seed=1),
        make_group("who-less-ja", {"first_name": NAMES, "adj": adj},
                   lambda s, t: ("Is %s less %s?" % (s["first_name"], s["adj"][1]),
                                 "%sの方が%s%sないですか。" % (
                                     t["first_name"], t["adj"],
                                     "く" if s["adj"][1] == "fast" else "で"))),
    ] for i in g]


ANIMAL_ZH = {"a dog": "一条狗", "a cat": "一只猫", "a fish": "一条鱼", "a rabbit": "一只兔子",
             "a cow": "一头牛"}
VEHICLE_ZH = {"a car": "一辆汽车", "a truck": "一辆卡车", "a train": "一列火车",
              "a bike": "一辆自行车", "a boat": "一艘船"}


def classifier_file():
    """Chinese-like: *a dog* is ``一条狗``: ``一`` (one) before every animal and
    vehicle, then a classifier the noun chooses (``条`` / ``只`` / ``辆``)."""
    return [i for g in [
        make_group("has-zh", {"first_name": NAMES, "animal": ANIMAL_ZH, "vehicle": VEHICLE_ZH},
                   lambda s, t: ("%s has %s and %s." % (s["first_name"], s["animal"],
                                                        s["vehicle"]),
                                 "%s有%s和%s。" % (t["first_name"], t["animal"], t["vehicle"]))),
        make_group("bought-zh", {"first_name": NAMES, "animal": ANIMAL_ZH},
                   lambda s, t: ("%s bought %s." % (s["first_name"], s["animal"]),
                                 "%s买了%s。" % (t["first_name"], t["animal"]))),
        make_group("drives-zh", {"first_name": NAMES, "vehicle": VEHICLE_ZH},
                   lambda s, t: ("%s drives %s." % (s["first_name"], s["vehicle"]),
                                 "%s开%s。" % (t["first_name"], t["vehicle"]))),
    ] for i in g]


def texts(doc, group):
    return sorted(t["template"] for t in doc["templates"] if t["source_template_id"] == group)


def test_character_beside_a_slot_in_every_group_joins_it_where_the_source_words_differ():
    insts = demonym_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "nat-prof")["template"] == \
        "{first_name}は{nationality}で、{profession}をしています。"
    assert template_of(doc, "is-nat")["template"] == "{first_name}は{nationality}です。"
    for g in ("nat-prof", "prof-nat", "is-nat"):
        assert values(doc, g, "nationality") == sorted(NAT_JA.values())
    assert values(doc, "job", "profession") == sorted(PROF_JA.values())
    assert "'人' joins nationality: next to it in every group, beside different source " \
        "words ./and" in notes(doc)

    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "is-nat")["template"] == "{first_name}は{nationality}人です。"
    assert values(plain, "is-nat", "nationality") == sorted(v[:-1] for v in NAT_JA.values())


def test_comparative_marker_joins_the_element_whose_source_word_extends_its_sibling():
    insts = comparative_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "cmp")["template"] == "{first_name}比{first_name1}{adj[0]}。"
    assert template_of(doc, "who-more")["template"] == "{adj[0]}的是谁？"
    for g in ("cmp", "who-more"):
        assert values(doc, g, "adj", 0) == sorted("更" + v[0] for v in ADJ_ZH.values())
    # the positive's group keeps 更 in its frame: it is one sentence's wording
    assert template_of(doc, "who-less")["template"] == "谁更{adj[1]}？"
    assert values(doc, "who-less", "adj", 1) == sorted(v[1] for v in ADJ_ZH.values())
    assert "'更' joins adj[0]: its source words extend adj[1]'s for 5 of 5 entries" \
        in notes(doc)

    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "who-more")["template"] == "更{adj[0]}的是谁？"


def test_value_reads_the_same_in_every_sentence():
    """``速く`` before ``ない`` is ``速`` + the sentence's ``く``: the value is bare
    before ``です``; the others' ``で`` is that sentence's frame too."""
    insts = negation_file()
    doc = extract(insts, ALIGN)
    assert texts(doc, "who-less-ja") == ["{first_name}の方が{adj[1]}くないですか。",
                                         "{first_name}の方が{adj[1]}でないですか。"]
    by = {t["template"]: sorted(v[1] for v in t["lexicons"]["adj"])
          for t in doc["templates"] if t["source_template_id"] == "who-less-ja"}
    assert by["{first_name}の方が{adj[1]}くないですか。"] == ["速"]
    assert by["{first_name}の方が{adj[1]}でないですか。"] == sorted(
        v for v in ADJ_JA.values() if v != "速")
    assert values(doc, "cmp-ja", "adj", 0) == sorted(ADJ_JA.values())

    plain = extract(insts, NO_CROSS)
    assert texts(plain, "who-less-ja") == ["{first_name}の方が{adj[1]}ないですか。"]


def test_classifier_chosen_by_the_noun_joins_it_with_the_article():
    insts = classifier_file()
    doc = extract(insts, ALIGN)
    assert template_of(doc, "has-zh")["template"] == "{first_name}有{animal}和{vehicle}。"
    assert template_of(doc, "bought-zh")["template"] == "{first_name}买了{animal}。"
    for g in ("has-zh", "bought-zh"):
        assert values(doc, g, "animal") == sorted(ANIMAL_ZH.values())
    for g in ("has-zh", "drives-zh"):
        assert values(doc, g, "vehicle") == sorted(VEHICLE_ZH.values())

    # one group alone: the classifier varies with the noun (the article's
    # translation), 一 is the same before every value
    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "bought-zh")["template"] == "{first_name}买了一{animal}。"
    assert values(plain, "bought-zh", "animal") == sorted(v[1:] for v in ANIMAL_ZH.values())


# --------------------------------------------------------------------------- #
# Properties over every fixture


FIXTURES = {
    "determiners": determiner_file,
    "determiner-one-lexicon": lambda: determiner_file(before_vehicle="koi"),
    "determiner-veto": lambda: determiner_file(before_nationality="ek"),
    "contrast": contrast_file,
    "contrast-no-copula-elsewhere": lambda: contrast_file(copula_elsewhere=False),
    "contrast-two-positive-groups": lambda: contrast_file(copula_elsewhere=False,
                                                          second_positive_group=True),
    "affix": affix_file,
    "demonym": demonym_file,
    "comparative": comparative_file,
    "negation": negation_file,
    "classifier": classifier_file,
    "gap": gap_file,
    "gap-no-bare-states": lambda: gap_file(bare_states=False),
    "all": all_rules_file,
    "tie": tie_file,
    "gender": gender_file,
    "consistency": consistency_file,
    "agreement-form": agreement_form_file,
    "coincidence": coincidence_file,
    "repeat": lambda: repeat_file(repeated_state=True),
    "homonym": homonym_file,
    "doubled": doubled_file,
}


def assert_exact(doc, insts):
    """Every template regenerates the instances it was chosen to cover: each
    instance is generated by a template of its group, each template generates
    at least ``support`` distinct instances of its group, and the supports add
    up to the group's size."""
    groups = {}
    for inst in insts:
        groups.setdefault(inst.template_id, []).append(inst)
    by = by_group(doc)
    assert set(by) == set(groups)
    for g, members in groups.items():
        parsed = [(t, parse_template(t["template"])) for t in by[g]]
        for inst in members:
            assert any(generates(p, t["lexicons"], inst.target[0]) for t, p in parsed), \
                (g, inst.target)
        for t, p in parsed:
            hits = [i for i in members if generates(p, t["lexicons"], i.target[0])]
            assert 1 <= t["support"] <= len(hits), (g, t["template"])
        assert sum(t["support"] for t, _ in parsed) == len(members)


@pytest.mark.parametrize("cross_group", [True, False])
@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_every_template_regenerates_the_instances_it_covers(name, cross_group):
    insts = FIXTURES[name]()
    doc = extract(insts, ExtractOptions(keys="align", solver="ilp", cross_group=cross_group))
    assert_exact(doc, insts)
    # every template value is a target form of its slot: nothing is invented
    for t in doc["templates"]:
        for key, vals in t["lexicons"].items():
            for v in vals:
                for part in (v if isinstance(v, list) else [v]):
                    assert part == "" or any(part in i.target[0] for i in insts
                                             if i.template_id == t["source_template_id"])


# --------------------------------------------------------------------------- #
# Small samples: co-occurrence pooled over the file breaks within-group ties


def test_pooled_evidence_keeps_a_value_seen_only_beside_one_neighbour():
    insts = tie_file()
    doc = extract(insts, ALIGN)
    t = template_of(doc, "intens")
    assert t["template"] == "{first_name} est {very} {s}. {first_name1} est {s}."
    assert sorted(t["lexicons"]["very"]) == sorted(VERY.values())
    assert "kurio" in t["lexicons"]["s"]
    # within the group alone the tie hands ``kurio`` to its neighbour
    alone = extract(insts, NO_CROSS)
    assert any("alta kurio" in vals for t in by_group(alone)["intens"]
               for vals in t["lexicons"].values())


def test_pooled_evidence_of_one_group_decides_nothing():
    """The file is the one group: its pooled counts are the group's, the tie
    stays a tie (the neighbour rule decides, as without cross-group)."""
    insts = tie_file(other_groups=False)
    assert by_group(extract(insts, ALIGN)) == by_group(extract(insts, NO_CROSS))


def test_token_a_value_brings_every_time_is_not_shared_with_a_name_it_met_by_chance():
    """``kubwa`` predicts *older* and Mary alike in the group, but comes with
    Mary in two of her six instances: it translates *older* (no pooled
    evidence needed)."""
    doc = extract(consistency_file(), NO_CROSS)
    t = template_of(doc, "older")
    assert t["template"] == "{first_name} {adj} kuliko {first_name1}."
    assert "kubwa umri" in t["lexicons"]["adj"]
    assert all(" " not in v for v in t["lexicons"]["first_name"])


def test_agreement_form_keeps_its_value_beside_a_name_it_always_met():
    """``brasila`` comes with *Brazilian* one time in four, and with Mary one
    time in two; its stem is *Brazilian*'s main form's, so Mary does not win."""
    doc = extract(agreement_form_file(), NO_CROSS)
    nats = [v for t in by_group(doc)["nation"] for v in t["lexicons"]["nationality"]]
    names = [v for t in by_group(doc)["nation"] for v in t["lexicons"]["first_name"]]
    assert "brasila" in nats and "brasila" not in names


def test_value_the_file_does_not_support_is_a_coincidence_of_the_sample():
    insts = coincidence_file()
    t = template_of(extract(insts, ALIGN), "proj")
    assert t["template"] == "{first_name} {s} kuhusu mradi na {first_name1}."
    assert "mwenye hamu" in t["lexicons"]["s"]
    alone = by_group(extract(insts, NO_CROSS))["proj"]
    assert not any("mwenye hamu" in t["lexicons"].get("s", []) for t in alone)


def test_copy_of_a_word_away_from_its_value_span_leaves_the_value():
    """The first ``ya`` of ``lori ya moto na nguruwe ya Guinea`` is not the
    guinea pig's: *fire truck* keeps its whole translation."""
    t = template_of(extract(repeat_file(), NO_CROSS), "has")
    assert t["template"] == "{first_name} ana {vehicle} na {animal}."
    assert "lori ya moto" in t["lexicons"]["vehicle"]
    assert "nguruwe ya Guinea" in t["lexicons"]["animal"]


def test_value_the_source_repeats_keeps_every_copy():
    t = template_of(extract(repeat_file(repeated_state=True), NO_CROSS), "twice")
    assert t["template"] == "{first_name} ni {s}. Yeye ni {s}."
    assert sorted(t["lexicons"]["s"]) == ["amechoka", "furaha tele", "huzuni kubwa"]



def test_value_sharing_its_neighbours_word_takes_one_copy():
    t = template_of(extract(homonym_file(), NO_CROSS), "homonym")
    assert t["template"] == "{first_name} est {very} {s}. {first_name1} est {s}."
    assert sorted(t["lexicons"]["very"]) == ["khas", "molto", "vero"]
    assert "khas" in t["lexicons"]["s"]



def test_doubled_word_of_one_value_stays_whole():
    """The state has one span for two in the source, but does not bring
    ``sach``: the intensifier keeps both copies."""
    t = template_of(extract(doubled_file(), NO_CROSS), "doubled")
    assert t["template"] == "{first_name} {very} {s} hai, {first_name1} bhi."
    assert sorted(t["lexicons"]["very"]) == ["bahut", "kaafi", "sach sach"]



# --------------------------------------------------------------------------- #
# Small samples: agreement classes from the other groups of the file


def test_agreement_class_of_a_value_seen_only_with_invariant_forms_comes_from_the_file():
    insts = gender_file()
    doc = extract(insts, ALIGN)
    split = sorted((sorted(t["lexicons"]["profession"]), sorted(t["lexicons"]["nationality"]))
                   for t in by_group(doc)["is-both"])
    assert split == [(["aktor", "farmero", "kelnero", "piloto"],
                      ["amerikan", "brasilo", "cino", "indo", "kenyan"]),
                     (["aktrisa", "kelnera", "nursa", "singera"],
                      ["amerikan", "brasila", "cina", "inda", "kenyan"])]
    # within the group alone, *pilot* joins every class
    alone = by_group(extract(insts, NO_CROSS))["is-both"]
    assert all("piloto" in t["lexicons"]["profession"] for t in alone)


def test_agreement_evidence_in_forms_the_group_never_shows_decides_nothing():
    """The other group inflects the nationalities (``brasilon``): its forms are
    not this group's, so they say nothing about its classes."""
    insts = gender_file(case_elsewhere="n")
    templates = by_group(extract(insts, ALIGN))["is-both"]
    assert len(templates) >= 2
    assert all("piloto" in t["lexicons"]["profession"] for t in templates)


# --------------------------------------------------------------------------- #
# Determinism and the command line


def strip_seconds(doc):
    doc = json.loads(json.dumps(doc))
    for g in doc["report"]["groups"]:
        g.pop("seconds", None)
    return doc


def test_two_runs_and_parallel_runs_give_identical_documents():
    insts = all_rules_file()
    first = strip_seconds(extract(insts, ALIGN))
    assert len(notes(first)) == 6          # every rule fired
    assert strip_seconds(extract(insts, ALIGN)) == first
    # refined alignments travel to worker processes unchanged
    assert strip_seconds(extract(insts, ALIGN, jobs=2)) == first


def instance_records(insts):
    return [{"id": i.id, "template_id": i.template_id, "source": i.source[0],
             "target": i.target[0], "fill": i.fill, "lang": "xx", "label": 1}
            for i in insts]


def run_cli(argv, capsys):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert rc == 0, err
    return rc


def test_cli_no_cross_group(tmp_path, write_jsonl, capsys):
    insts = all_rules_file()
    path = write_jsonl(instance_records(insts))
    assert [i.target for i in load_instances(str(path))] == [i.target for i in insts]
    on, off = tmp_path / "on.json", tmp_path / "off.json"
    run_cli(["extract", path, "-o", on, "--keys", "align"], capsys)
    run_cli(["extract", path, "-o", off, "--keys", "align", "--no-cross-group"], capsys)
    doc_on = json.loads(on.read_text(encoding="utf-8"))
    doc_off = json.loads(off.read_text(encoding="utf-8"))

    assert doc_off["report"]["settings"]["cross_group"] is False
    assert doc_on["report"]["settings"]["cross_group"] is True
    # align keys always report the cross-group decisions; disabled: none
    assert doc_off["report"]["cross_group"] == []
    assert doc_on["report"]["cross_group"] == notes(extract(insts, ALIGN))
    # the CLI flag is the option: same templates as the library call
    assert doc_off["templates"] == extract(insts, NO_CROSS)["templates"]
    assert template_of(doc_off, "has-animal")["template"] == \
        "{first_name} ke paas ek {animal} hai."
    assert template_of(doc_on, "has-animal")["template"] == "{first_name} ke paas {animal} hai."


def test_graph_keys_report_no_cross_group_entry():
    """The refinement belongs to --keys align; graph keys have no such report."""
    insts = [i for i in affix_file() if i.template_id == "bought"]
    doc = extract(insts, ExtractOptions(keys="graph", solver="ilp"))
    assert "cross_group" not in doc["report"]


# --------------------------------------------------------------------------- #
# Rule 5: a word several values take in one sentence only

LESS = {("taller", "tall"): ("refuzi", "fupi"), ("older", "old"): ("zeezi", "changa"),
        ("richer", "rich"): ("tajirizi", "maskini"), ("stronger", "strong"): ("hodarizi", "dhaifu"),
        ("nicer", "nice"): ("polezi", "chini pole"), ("cooler", "cool"): ("baridizi", "chini baridi"),
        ("stranger", "strange"): ("ajabuzi", "chini ajabu")}


def local_word_file(elsewhere="bare"):
    """``Who is less {adj[1]}?``: most entries fuse *less* into one word
    (*less tall* = ``fupi``, short), three take ``chini`` (less) before their
    positive form.  Two more groups show the comparatives ``adj[0]``:
    ``elsewhere="bare"`` one word each; ``"with-word"``: the three entries read
    ``chini …`` there too (the word is part of their translation, Swahili
    ``mwenye``); ``"longer"``: they read two words there (``sana pole``), so
    ``chini`` may be their first word."""
    def cmp_form(entry):
        form = LESS[entry][0]
        if LESS[entry][1].startswith("chini "):
            if elsewhere == "with-word":
                return "chini " + form
            if elsewhere == "longer":
                return "sana " + form
        return form
    adj = {k: (cmp_form(k), v[1]) for k, v in LESS.items()}
    groups = [
        make_group("cmp", {"first_name": NAMES, "adj": adj, "first_name1": NAMES},
                   lambda s, t: ("%s is %s than %s." % (s["first_name"], s["adj"][0],
                                                        s["first_name1"]),
                                 "%s ni %s kuliko %s." % (t["first_name"], t["adj"][0],
                                                          t["first_name1"])),
                   limit=80, seed=1),
        make_group("who-more", {"adj": adj, "first_name": NAMES},
                   lambda s, t: ("Who is %s than %s?" % (s["adj"][0], s["first_name"]),
                                 "Nani ni %s kuliko %s?" % (t["adj"][0], t["first_name"]))),
        make_group("who-less", {"adj": adj, "first_name": NAMES},
                   lambda s, t: ("Who is less %s than %s?" % (s["adj"][1], s["first_name"]),
                                 "Nani ni %s kuliko %s?" % (t["adj"][1], t["first_name"]))),
    ]
    return [i for g in groups for i in g]


def test_word_some_values_take_in_one_sentence_only_stays_in_its_frame():
    insts = local_word_file()
    doc = extract(insts, ALIGN)
    less = {t["template"]: sorted(v[1] for v in t["lexicons"]["adj"])
            for t in by_group(doc)["who-less"]}
    assert less == {"Nani ni chini {adj[1]} kuliko {first_name}?": ["ajabu", "baridi", "pole"],
                    "Nani ni {adj[1]} kuliko {first_name}?": ["changa", "dhaifu", "fupi",
                                                              "maskini"]}
    assert "who-less: 'chini' stays in the frame before {adj} (3 values take it here only)" \
        in notes(doc)
    # within the group, 'chini' is an optional neighbour of three values
    plain = extract(insts, NO_CROSS)
    assert template_of(plain, "who-less")["template"] == "Nani ni {adj[1]} kuliko {first_name}?"
    assert "chini pole" in values(plain, "who-less", "adj", 1)


@pytest.mark.parametrize("elsewhere", ["with-word", "longer"])
def test_word_the_values_show_elsewhere_stays_in_them(elsewhere):
    """The same word with the same entries in other groups (part of their
    translation), or forms one word longer there (it may be their first
    word): it stays in the values."""
    doc = extract(local_word_file(elsewhere), ALIGN)
    assert template_of(doc, "who-less")["template"] == "Nani ni {adj[1]} kuliko {first_name}?"
    assert "chini pole" in values(doc, "who-less", "adj", 1)
    assert not any("here only" in n for n in notes(doc))
