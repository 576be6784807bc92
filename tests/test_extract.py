"""Properties of the whole extraction pipeline on generated data.

Instances come from small random CheckLists, expanded with the real expander
and "translated" by the synthetic translators of conftest.py (word
substitution + word-order permutation; a Japanese-like variant writes every
word in kana with no space).  Whatever keys and cover the pipeline picks, its
output must be a valid CheckList whose templates regenerate exactly the
targets they claim.
"""

from __future__ import annotations

import copy
import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import (FILLERS, KANA, LATIN, WORD_CLASSES, SyntheticTranslator, make_instances,
                      to_instances)
from tea_solver.candidates import KeyIndex, instance_candidates
from tea_solver.expand import expand_checklist
import tea_solver.extract as extract_module
from tea_solver.extract import ExtractOptions, extract, group_instances
from tea_solver.io import dump_checklist, validate_checklist
from tea_solver.keys.graph import graph_keys
from tea_solver.output import output_names, shape_text
from tea_solver.template import (canonical, format_template, generates, parse_template,
                                 valid_lexicon_name)
from tea_solver.tokenize import segment

PIPELINE = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])
SMALL = settings(max_examples=10, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow,
                                        HealthCheck.function_scoped_fixture])

NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
REPORT_FIELDS = ("template_id", "instances", "templates", "solver", "status",
                 "greedy_templates", "lower_bound", "covered", "seconds")
FAST = dict(time_limit=10.0, keys="graph")   # these tests are about the paper's graph keys


# --------------------------------------------------------------------------- #
# Generated data

def random_checklist(rng: random.Random, max_templates: int = 3, max_parts: int = 6,
                     classes=None) -> dict:
    """A small random CheckList over the disjoint word classes of conftest."""
    classes = classes or sorted(WORD_CLASSES)
    chosen = rng.sample(classes, rng.randint(2, min(3, len(classes))))
    lexicons = {c: rng.sample(WORD_CLASSES[c], rng.randint(3, 5)) for c in chosen}
    templates = []
    for n in range(rng.randint(1, max_templates)):
        parts, draws = [], {}
        for _ in range(rng.randint(3, max_parts)):
            if rng.random() < 0.5:
                c = rng.choice(chosen)
                d = draws.get(c, 0)
                if d and d < len(lexicons[c]) and rng.random() < 0.5:
                    parts.append("{%s%d}" % (c, d))      # a further, different draw
                    draws[c] = d + 1
                else:
                    parts.append("{%s}" % c)             # first draw, or a repeat of it
                    draws.setdefault(c, 1)
            else:
                parts.append(rng.choice(FILLERS))
        for c in chosen[:2]:
            if c not in draws:                           # at least two slots
                parts.insert(rng.randrange(len(parts) + 1), "{%s}" % c)
                draws[c] = 1
        templates.append({"id": "t%d" % n, "template": " ".join(parts) + ".",
                          "label": rng.randint(0, 2),
                          "capability": rng.choice(["Vocabulary", "Negation", "Coref"])})
    return {"format": "tea-checklist/1", "lang": "en", "lexicons": lexicons,
            "templates": templates}


def random_data(seed: int, unsegmented: bool = False, max_per_template: int = 20):
    rng = random.Random(seed)
    if unsegmented:
        doc = random_checklist(rng, max_templates=1, max_parts=4)
        doc["lexicons"] = {c: v[:3] for c, v in doc["lexicons"].items()}
        tr = SyntheticTranslator(KANA, order=rng.choice(["rotate", "reverse", "keep"]),
                                 joiner="", final="。")
    else:
        doc = random_checklist(rng)
        tr = SyntheticTranslator(LATIN, order=rng.choice(["reverse", "rotate", "keep"]))
    insts = make_instances(doc, tr, "ja" if unsegmented else "xx",
                           max_per_template=max_per_template, seed=seed)
    return doc, insts


def group_templates(doc: dict, tid: str) -> list:
    return [t for t in doc["templates"] if t["source_template_id"] == tid]


def parsed(t: dict):
    return parse_template(t["template"])


def strip_seconds(doc: dict) -> dict:
    doc = copy.deepcopy(doc)
    for g in doc["report"]["groups"]:
        g.pop("seconds", None)
    return doc


def check_regeneration(doc: dict, instances, min_support: int = 1) -> None:
    """(a): every template generates at least as many group targets as its support,
    supports add up to the covered instances, and at min_support 1 everything is covered."""
    groups = group_instances(instances)
    reports = {g["template_id"]: g for g in doc["report"]["groups"]}
    assert list(reports) == list(groups)
    claimed = {t["source_template_id"] for t in doc["templates"]}
    assert claimed <= set(groups)
    for tid, insts in groups.items():
        temps = group_templates(doc, tid)
        gen = []
        for t in temps:
            p = parsed(t)
            gen.append([generates(p, t["lexicons"], inst.target_value) for inst in insts])
            assert sum(gen[-1]) >= t["support"] >= max(1, min_support), (t, tid)
        covered = [any(g[i] for g in gen) for i in range(len(insts))]
        supports = sum(t["support"] for t in temps)
        assert supports == reports[tid]["covered"]
        assert supports <= sum(covered)
        if min_support <= 1:
            assert all(covered), [i.target for i, c in zip(insts, covered) if not c]
            assert supports == len(insts) == reports[tid]["covered"]


def check_document(doc: dict, instances) -> None:
    """(f): names, validity, carried fields."""
    validate_checklist(doc)
    json.loads(dump_checklist(doc))
    assert doc["format"] == "tea-checklist/1"
    groups = group_instances(instances)
    ids = [t["id"] for t in doc["templates"]]
    assert len(set(ids)) == len(ids)
    for t in doc["templates"]:
        p = parsed(t)
        assert set(p.bases()) == set(t["lexicons"]), t     # every key, and only those
        for name, values in t["lexicons"].items():
            assert NAME_RE.match(name) and not name[-1].isdigit(), name
            assert valid_lexicon_name(name)
            assert values
        assert isinstance(t["support"], int)
        first = groups[t["source_template_id"]][0].raw
        for carried in ("label", "capability"):
            if carried in first:
                assert t[carried] == first[carried]


def check_report(doc: dict, instances, solver: str) -> None:
    """(b): report fields and bounds."""
    groups = group_instances(instances)
    assert len(doc["report"]["groups"]) == len(groups)
    for g in doc["report"]["groups"]:
        for f in REPORT_FIELDS:
            assert f in g, f
        assert g["solver"] == solver
        assert g["instances"] == len(groups[g["template_id"]])
        assert g["templates"] == len(group_templates(doc, g["template_id"]))
        assert 0 <= g["lower_bound"] <= g["templates"]
        assert g["greedy_templates"] >= g["templates"] or solver == "greedy"
        assert isinstance(g["seconds"], (int, float)) and g["seconds"] >= 0
        size = g.get("cover_size", g["templates"])
        assert g["lower_bound"] <= size
        if g["status"] == "OPTIMAL":
            assert g["lower_bound"] == size
        if solver == "ilp":
            assert g["status"] in ("OPTIMAL", "FEASIBLE")
            assert size <= g["greedy_templates"]


# --------------------------------------------------------------------------- #
# (a) (b) (f) on random data, both solvers

@PIPELINE
@given(st.integers(0, 2 ** 32 - 1))
def test_random_checklists_regenerate_and_report(seed):
    doc, insts = random_data(seed)
    ilp = extract(insts, ExtractOptions(solver="ilp", **FAST), progress=False)
    greedy = extract(insts, ExtractOptions(solver="greedy", **FAST), progress=False)
    for out, solver in ((ilp, "ilp"), (greedy, "greedy")):
        check_regeneration(out, insts)
        check_document(out, insts)
        check_report(out, insts, solver)
    for gi, gg in zip(ilp["report"]["groups"], greedy["report"]["groups"]):
        assert gi["template_id"] == gg["template_id"]
        assert gi["templates"] <= gg["templates"], (gi, gg)
        assert gg["status"] == "GREEDY"
        # both report the greedy cover of the same problem
        assert gi["greedy_templates"] == gg["greedy_templates"] >= gg["templates"]


def test_tiny_checklist_regenerates(tiny_instances):
    out = extract(tiny_instances, ExtractOptions(**FAST), progress=False)
    check_regeneration(out, tiny_instances)
    check_document(out, tiny_instances)
    check_report(out, tiny_instances, "ilp")
    # the synthetic translation is a template-for-template mapping: one template each
    assert [g["templates"] for g in out["report"]["groups"]] == [1, 1, 1]
    assert all(g["status"] == "OPTIMAL" and g["lower_bound"] == 1
               for g in out["report"]["groups"])
    temps = {t["source_template_id"]: t for t in out["templates"]}
    # reversed word order: "{name} is {adj}." -> "{adj} es {name}."
    assert canonical(parsed(temps["tiny-001"])) == canonical(parse_template("{a} es {b}."))
    assert sorted(temps["tiny-001"]["lexicons"].values()) == \
        sorted([["bueno", "malo", "grande"], ["Juan", "Maria", "Ahmad"]])
    # the second draw of one lexicon is a cardinal of the same output lexicon
    t3 = parsed(temps["tiny-003"])
    assert canonical(t3) == canonical(parse_template("{a} es {n} y {a} bien es {n1}."))
    assert temps["tiny-003"]["support"] == 18


def test_multi_field_instances():
    rng = random.Random(7)
    recs = []
    tr = SyntheticTranslator(LATIN, order="reverse")
    for n, (a, b) in enumerate((a, b) for a in WORD_CLASSES["name"][:4]
                               for b in WORD_CLASSES["city"][:4]):
        src = ["%s is in %s." % (a, b), "Where is %s?" % a]
        recs.append({"id": "q/%d" % n, "template_id": "q", "source": src,
                     "target": tr(src), "label": 1})
    rng.shuffle(recs)
    insts = to_instances(recs)
    out = extract(insts, ExtractOptions(**FAST), progress=False)
    check_regeneration(out, insts)
    check_document(out, insts)
    for t in out["templates"]:
        assert isinstance(t["template"], list) and len(t["template"]) == 2


# --------------------------------------------------------------------------- #
# (c) determinism

def test_extract_twice_is_byte_identical(tiny_instances):
    a = extract(tiny_instances, ExtractOptions(**FAST), progress=False)
    b = extract(tiny_instances, ExtractOptions(**FAST), progress=False)
    assert dump_checklist(strip_seconds(a)) == dump_checklist(strip_seconds(b))


@SMALL
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(["ilp", "greedy"]))
def test_extract_deterministic_random(seed, solver):
    _doc, insts = random_data(seed)
    opts = ExtractOptions(solver=solver, **FAST)
    a = dump_checklist(strip_seconds(extract(insts, opts, progress=False)))
    b = dump_checklist(strip_seconds(extract(insts, opts, progress=False)))
    assert a == b


def test_jobs_two_equals_jobs_one(tiny_instances):
    opts = ExtractOptions(**FAST)
    one = extract(tiny_instances, opts, jobs=1, progress=False)
    two = extract(tiny_instances, opts, jobs=2, progress=False)
    assert len(one["report"]["groups"]) == 3
    assert dump_checklist(strip_seconds(one)) == dump_checklist(strip_seconds(two))


def _pid_and_task(task):
    import os
    return os.getpid(), task


def test_group_pool_shares_the_groups_with_this_process_and_keeps_input_order():
    """``--jobs 2`` is this process and one worker: the worker is handed the
    largest groups first (two wait for it), this process takes the next one
    itself, and the results come back in input order whatever ran where."""
    import os
    from tea_solver.workers import GroupPool
    tasks = list(range(7))
    weights = [1, 5, 2, 7, 3, 6, 4]
    with GroupPool(2, len(tasks)) as pool:
        assert pool.workers == 1
        got = pool.map(_pid_and_task, tasks, None, weights)
    assert [t for _pid, t in got] == tasks
    pids = {t: pid for pid, t in got}
    # the two largest (weights 7 and 6) went to the worker; the third (5) was
    # this process's own
    assert pids[3] != os.getpid() and pids[5] != os.getpid()
    assert pids[1] == os.getpid()
    with GroupPool(1, len(tasks)) as alone:
        assert alone.pool is None
        assert alone.map(_pid_and_task, tasks, None) == [(os.getpid(), t) for t in tasks]


def test_jobs_auto_takes_a_second_process_for_a_large_file_only():
    from tea_solver.workers import AUTO_JOBS_MIN_INSTANCES, auto_jobs
    assert auto_jobs(AUTO_JOBS_MIN_INSTANCES - 1, 2) == 1
    assert auto_jobs(AUTO_JOBS_MIN_INSTANCES, 2) == 2
    assert auto_jobs(10 * AUTO_JOBS_MIN_INSTANCES, 64) == 2
    assert auto_jobs(10 * AUTO_JOBS_MIN_INSTANCES, 1) == 1


@SMALL
@given(st.integers(0, 2 ** 32 - 1), st.sampled_from(["graph", "align"]), st.booleans())
def test_kept_candidates_give_what_a_second_enumeration_gives(seed, keys, unsegmented):
    """The kept templates' fills are read back from the candidates the cover
    was built on while a group has few enough (``KEEP_CANDIDATES``), and
    enumerated again above that: the same document either way."""
    _doc, insts = random_data(seed, unsegmented=unsegmented)
    opts = ExtractOptions(**dict(FAST, keys=keys))
    kept = dump_checklist(strip_seconds(extract(insts, opts, progress=False)))
    bound = extract_module.KEEP_CANDIDATES
    extract_module.KEEP_CANDIDATES = 0
    try:
        again = dump_checklist(strip_seconds(extract(insts, opts, progress=False)))
    finally:
        extract_module.KEEP_CANDIDATES = bound
    assert kept == again


@SMALL
@given(st.integers(0, 2 ** 32 - 1), st.booleans())
def test_a_second_extract_in_one_process_gives_the_same_document(seed, unsegmented):
    """The model caches what depends on strings alone across calls (graphemes,
    where a value stands in its source); a second extract of the same records
    in the same process (a notebook, an experiment loop, the tests) must not
    see the first one's objects: the same document, byte for byte."""
    _doc, insts = random_data(seed, unsegmented=unsegmented)
    opts = ExtractOptions(**dict(FAST, keys="align"))
    first = dump_checklist(strip_seconds(extract(insts, opts, progress=False)))
    _doc, again = random_data(seed, unsegmented=unsegmented)
    assert dump_checklist(strip_seconds(extract(again, opts, progress=False))) == first


def test_seconds_is_the_only_nondeterministic_field(tiny_instances):
    a = extract(tiny_instances, ExtractOptions(**FAST), progress=False)
    # sanity check of strip_seconds itself: it removes only 'seconds'
    s = strip_seconds(a)
    for g, h in zip(a["report"]["groups"], s["report"]["groups"]):
        assert set(g) - set(h) == {"seconds"}


# --------------------------------------------------------------------------- #
# (d) min_support

NOISE = "zzz qqq www!"


def with_noise(instances, tid):
    rec = dict(instances[0].raw)
    rec.update(id="noise/0", template_id=tid, target=NOISE)
    return list(instances) + to_instances([rec])


def test_min_support_drops_noisy_instance(tiny_instances):
    insts = with_noise(tiny_instances, "tiny-001")
    keep = extract(insts, ExtractOptions(min_support=1, **FAST), progress=False)
    check_regeneration(keep, insts, 1)
    noisy = [t for t in keep["templates"] if t["source_template_id"] == "tiny-001"
             and generates(parsed(t), t["lexicons"], NOISE)]
    assert len(noisy) == 1 and noisy[0]["support"] == 1
    g1 = keep["report"]["groups"][0]
    assert g1["covered"] == 10 and g1["templates"] == 2

    drop = extract(insts, ExtractOptions(min_support=2, **FAST), progress=False)
    check_regeneration(drop, insts, 2)
    g2 = drop["report"]["groups"][0]
    assert g2["instances"] == 10 and g2["covered"] == 9 and g2["templates"] == 1
    assert not any(generates(parsed(t), t["lexicons"], NOISE) for t in drop["templates"])
    assert all(t["support"] >= 2 for t in drop["templates"])
    # the other groups are untouched
    assert [g["covered"] for g in drop["report"]["groups"][1:]] == [9, 18]


def test_min_support_above_everything_drops_all(tiny_instances):
    out = extract(tiny_instances, ExtractOptions(min_support=1000, **FAST), progress=False)
    assert out["templates"] == []
    assert all(g["covered"] == 0 and g["templates"] == 0 for g in out["report"]["groups"])
    validate_checklist(out)


@SMALL
@given(st.integers(0, 2 ** 32 - 1), st.integers(2, 6))
def test_min_support_random(seed, m):
    _doc, insts = random_data(seed)
    base = extract(insts, ExtractOptions(**FAST), progress=False)
    out = extract(insts, ExtractOptions(min_support=m, **FAST), progress=False)
    check_regeneration(out, insts, m)
    assert all(t["support"] >= m for t in out["templates"])
    # the filter only removes templates of the same cover
    assert {json.dumps(t["template"]) for t in out["templates"]} <= \
        {json.dumps(t["template"]) for t in base["templates"]}
    for g, h in zip(base["report"]["groups"], out["report"]["groups"]):
        assert h["covered"] <= g["covered"]
        assert h["templates"] <= g["templates"]


# --------------------------------------------------------------------------- #
# (e) cardinal renaming: canonical and idempotent

def test_same_template_from_every_instance(tiny_instances):
    """Every instance a template claims has that very template among its candidates."""
    insts = group_instances(tiny_instances)["tiny-003"]
    segs = [tuple(segment(t) for t in inst.target) for inst in insts]
    keys = graph_keys([s for ss in segs for s in ss])
    index = KeyIndex(keys)
    by_id = {k.id: k for k in keys}
    texts = []
    for ss in segs:
        cands, _ = instance_candidates(ss, index)
        all_slots = [s for s, _f in cands
                     if len([p for f in s for p in f if not isinstance(p, str)]) == 4]
        texts.append({canonical(parse_template(shape_text(s, output_names([s], by_id),
                                                           by_id, False)))
                      for s in all_slots})
    common = set.intersection(*texts)
    assert canonical(parse_template("{a} es {n} y {a} bien es {n1}.")) in common


def test_instance_order_does_not_change_templates(tiny_instances):
    ref = extract(tiny_instances, ExtractOptions(**FAST), progress=False)
    for seed in range(3):
        shuffled = list(tiny_instances)
        random.Random(seed).shuffle(shuffled)
        out = extract(shuffled, ExtractOptions(**FAST), progress=False)
        by_group = lambda d: {t["source_template_id"]: (t["template"],
                                                         {k: sorted(v) for k, v in
                                                          t["lexicons"].items()})
                              for t in d["templates"]}
        assert by_group(out) == by_group(ref)


def reextract(doc: dict):
    """Expand an extracted CheckList (identity translation) and extract it again."""
    src = {"format": "tea-checklist/1", "lang": doc.get("lang", "xx"), "lexicons": {},
           "templates": [{"id": t["id"], "template": t["template"],
                          "lexicons": t["lexicons"]} for t in doc["templates"]]}
    recs = expand_checklist(src)
    for r in recs:
        r["target"] = r["source"]
    insts = to_instances(recs)
    return extract(insts, ExtractOptions(**FAST), progress=False), insts


def test_reextraction_is_idempotent(tiny_instances):
    first = extract(tiny_instances, ExtractOptions(**FAST), progress=False)
    second, insts = reextract(first)
    check_regeneration(second, insts)
    for t in first["templates"]:
        again = group_templates(second, t["id"])
        assert len(again) == 1, (t, again)
        assert canonical(parsed(again[0])) == canonical(parsed(t))
        assert sorted(map(sorted, again[0]["lexicons"].values())) == \
            sorted(map(sorted, t["lexicons"].values()))


@SMALL
@given(st.integers(0, 2 ** 32 - 1))
def test_reextraction_is_idempotent_random(seed):
    _doc, insts = random_data(seed, max_per_template=12)
    first = extract(insts, ExtractOptions(**FAST), progress=False)
    second, insts2 = reextract(first)
    check_regeneration(second, insts2)
    for t in first["templates"]:
        again = group_templates(second, t["id"])
        # the expansion of one template is covered by one template ...
        assert len(again) == 1, (t, again)
        # ... and it generates the same strings as the original
        p, q = parsed(t), parsed(again[0])
        for inst in group_instances(insts2)[t["id"]]:
            assert generates(q, again[0]["lexicons"], inst.target_value)
            assert generates(p, t["lexicons"], inst.target_value)


def test_format_parse_roundtrip_of_output(tiny_instances):
    out = extract(tiny_instances, ExtractOptions(**FAST), progress=False)
    for t in out["templates"]:
        p = parsed(t)
        assert format_template(p) == t["template"]
        assert canonical(parse_template(format_template(p))) == canonical(p)


# --------------------------------------------------------------------------- #
# (g) iterative key selection

@SMALL
@given(st.integers(0, 2 ** 32 - 1))
def test_iterative_key_selection(seed):
    _doc, insts = random_data(seed, max_per_template=12)
    full = extract(insts, ExtractOptions(key_selection="all", **FAST), progress=False)
    it = extract(insts, ExtractOptions(key_selection="iterative", **FAST), progress=False)
    check_regeneration(it, insts)
    check_document(it, insts)
    check_report(it, insts, "ilp")
    assert it["report"]["settings"]["key_selection"] == "iterative"
    for g, h in zip(full["report"]["groups"], it["report"]["groups"]):
        assert "keys" in g and "keys" in h
        assert h["keys"] <= g["keys"]


def test_iterative_on_tiny(tiny_instances):
    it = extract(tiny_instances, ExtractOptions(key_selection="iterative", **FAST),
                 progress=False)
    check_regeneration(it, tiny_instances)
    assert [g["templates"] for g in it["report"]["groups"]] == [1, 1, 1]


def test_bad_key_selection(tiny_instances):
    with pytest.raises(ValueError):
        extract(tiny_instances[:3], ExtractOptions(key_selection="some"), progress=False)


# --------------------------------------------------------------------------- #
# (h) unsegmented script

def test_unsegmented_tiny(tiny_checklist, ja_translator):
    doc = copy.deepcopy(tiny_checklist)
    doc["templates"] = doc["templates"][:2]
    insts = make_instances(doc, ja_translator, "ja")
    assert " " not in insts[0].target[0]
    out = extract(insts, ExtractOptions(**FAST), progress=False)
    assert out["lang"] == "ja"
    check_regeneration(out, insts)
    check_document(out, insts)
    check_report(out, insts, "ilp")


@SMALL
@given(st.integers(0, 2 ** 32 - 1))
def test_unsegmented_random(seed):
    _doc, insts = random_data(seed, unsegmented=True, max_per_template=10)
    for solver in ("ilp", "greedy"):
        out = extract(insts, ExtractOptions(solver=solver, **FAST), progress=False)
        check_regeneration(out, insts)
        check_document(out, insts)
        check_report(out, insts, solver)


# --------------------------------------------------------------------------- #
# Alignment keys with the agreement split: a German MultiCheckList sample
# (mcl_bench gen, de, intensifiers/context-5, reduced to 10 instances)

DE_INTENSIFIERS = [
    ("Fatima is mildly positive about the project. Mary is extremely positive about the project.",
     "Fatima ist verhalten positiv wegen des Projekts. Mary ist extrem positiv wegen des Projekts.",
     {"first_name1": "Fatima", "somewhat": "mildly", "s": "positive", "first_name": "Mary",
      "very": "extremely"}),
    ("Ahmed is a little hopeful about the project. Priya is highly hopeful about the project.",
     "Ahmed ist ein wenig hoffnungsvoll wegen des Projekts. Priya ist höchst hoffnungsvoll wegen "
     "des Projekts.",
     {"first_name1": "Ahmed", "somewhat": "a little", "s": "hopeful", "first_name": "Priya",
      "very": "highly"}),
    ("Priya is slightly bullish about the project. Fatima is quite bullish about the project.",
     "Priya ist leicht stur wegen des Projekts. Fatima ist ziemlich stur wegen des Projekts.",
     {"first_name1": "Priya", "somewhat": "slightly", "s": "bullish", "first_name": "Fatima",
      "very": "quite"}),
    ("Robert is mildly excited about the project. Linda is quite excited about the project.",
     "Robert ist verhalten aufgeregt wegen des Projekts. Linda ist ziemlich aufgeregt wegen des "
     "Projekts.",
     {"first_name1": "Robert", "somewhat": "mildly", "s": "excited", "first_name": "Linda",
      "very": "quite"}),
    ("Linda is mildly open about the project. John is incredibly open about the project.",
     "Linda ist verhalten offen für das Projekt. John ist unglaublich offen für das Projekt.",
     {"first_name1": "Linda", "somewhat": "mildly", "s": "open", "first_name": "John",
      "very": "incredibly"}),
    ("Robert is a little pessimistic about the project. Mary is extremely pessimistic about the "
     "project.",
     "Robert ist ein wenig pessimistisch wegen des Projekts. Mary ist extrem pessimistisch wegen "
     "des Projekts.",
     {"first_name1": "Robert", "somewhat": "a little", "s": "pessimistic", "first_name": "Mary",
      "very": "extremely"}),
    ("John is slightly excited about the project. Robert is particularly excited about the "
     "project.",
     "John ist leicht aufgeregt wegen des Projekts. Robert ist besonders aufgeregt wegen des "
     "Projekts.",
     {"first_name1": "John", "somewhat": "slightly", "s": "excited", "first_name": "Robert",
      "very": "particularly"}),
    ("Priya is a little hopeful about the project. Fatima is quite hopeful about the project.",
     "Priya ist ein wenig hoffnungsvoll wegen des Projekts. Fatima ist ziemlich hoffnungsvoll "
     "wegen des Projekts.",
     {"first_name1": "Priya", "somewhat": "a little", "s": "hopeful", "first_name": "Fatima",
      "very": "quite"}),
    ("Ahmed is slightly optimistic about the project. Robert is particularly optimistic about "
     "the project.",
     "Ahmed ist leicht optimistisch wegen des Projekts. Robert ist besonders optimistisch wegen "
     "des Projekts.",
     {"first_name1": "Ahmed", "somewhat": "slightly", "s": "optimistic", "first_name": "Robert",
      "very": "particularly"}),
    ("Ahmed is slightly happy about the project. Mary is particularly happy about the project.",
     "Ahmed ist leicht glücklich über das Projekt. Mary ist besonders glücklich über das Projekt.",
     {"first_name1": "Ahmed", "somewhat": "slightly", "s": "happy", "first_name": "Mary",
      "very": "particularly"}),
]


def de_intensifier_instances():
    return to_instances([{"id": "intensifiers/context-5/%d" % n,
                          "template_id": "intensifiers/context-5", "source": src,
                          "target": tgt, "fill": fill, "lang": "de"}
                         for n, (src, tgt, fill) in enumerate(DE_INTENSIFIERS)])


def test_align_without_agreement_split_every_template_has_support():
    insts = de_intensifier_instances()
    out = extract(insts, ExtractOptions(**dict(FAST, keys="align", agreement=False)), progress=False)
    check_regeneration(out, insts)
    check_document(out, insts)
    assert all(t["support"] >= 1 for t in out["templates"])


def test_align_agreement_split_every_template_has_support():
    insts = de_intensifier_instances()
    out = extract(insts, ExtractOptions(**dict(FAST, keys="align")), progress=False)
    # exact and complete (this part holds) ...
    for inst in insts:
        assert any(generates(parsed(t), t["lexicons"], inst.target_value)
                   for t in out["templates"])
    assert sum(t["support"] for t in out["templates"]) == len(insts)
    # ... but a template that covers nothing is written
    assert [t["support"] for t in out["templates"] if t["support"] < 1] == []
