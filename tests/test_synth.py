"""benchmarks/synth: the synthetic-language generator and its gold.

The key property: the gold that the measuring instrument derives from a
generated TSV is consistent with the pseudo-language — every instance target
``mcl_bench.py gen`` writes is the sentence the language model renders for that
fill, and the gold templates, scored as a prediction, reach strict F1 1.0 and
coverage 1.0.  The same for the pseudo-translated sentiment CheckList.
Everything reading ``../shared`` skips with the reason when it is absent.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.synth import checklist, instrument  # noqa: E402
from benchmarks.synth.language import PHENOMENA, PseudoLanguage  # noqa: E402
from benchmarks.synth.oracle import gold_as_prediction  # noqa: E402
from benchmarks.synth.settings import ALONE, BY_NAME, SETTINGS, Setting  # noqa: E402
from benchmarks.synth.source import checklist_source, read_mcl  # noqa: E402
from benchmarks.synth.tsv import TUPLE_SEP, language_columns, write_tsv  # noqa: E402
from tea_solver.template import parse_template  # noqa: E402

HAVE_SHARED = instrument.available()
#: tests that read ../shared ($TEA_SHARED): the MultiCheckList TSV, the sentiment
#: CheckList and the instrument; skipped with the reason where it is absent
needs_shared = pytest.mark.skipif(
    not HAVE_SHARED, reason="needs ../shared (MultiCheckList TSV and mcl_bench.py); %s is "
    "absent" % instrument.shared_dir())

#: a small CheckList for the tests that need no shared data
MINI = {
    "format": "tea-checklist/1",
    "lexicons": {
        "animal": ["a dog", "a cat", "an iguana", "a guinea pig", "a duck"],
        "adj": [["taller", "tall"], ["older", "old"], ["nicer", "nice"], ["smaller", "small"]],
        "state": ["happy", "open", "curious", "serious", "vocal", "pleased"],
        "very": ["very", "really", "highly", "super", "quite"],
        "name": ["Ann", "Bob"],
    },
    "templates": [
        {"id": "t1", "template": "{name} has {animal}."},
        {"id": "t2", "template": "{name} is {adj[0]} than {name1}."},
        {"id": "t3", "template": "Who is {very} {state} about the {animal}?"},
        {"id": "t4", "template": "{name} bought {animal} and {name1} is {state}."},
    ],
}


def mini_source():
    return checklist_source(json.loads(json.dumps(MINI)))


# --------------------------------------------------------------------------- #
# Determinism


FILL = {"name": "Ann", "name1": "Bob", "animal": "a guinea pig", "adj": ["taller", "tall"],
        "state": "curious", "very": "highly"}


def test_same_seed_same_language_and_different_seeds_differ():
    src = mini_source()
    for st in SETTINGS:
        a = PseudoLanguage(src, 3, st.phenomena, st.script)
        b = PseudoLanguage(src, 3, st.phenomena, st.script)
        c = PseudoLanguage(src, 4, st.phenomena, st.script)
        texts = lambda lang: [lang.render(t, FILL) for t in src.templates]  # noqa: E731
        assert texts(a) == texts(b) and a.dictionary == b.dictionary
        assert texts(a) != texts(c), st.name
        assert sum(a.dictionary[w] != c.dictionary[w] for w in a.dictionary) > \
            0.9 * len(a.dictionary)


def test_agreement_classes_have_distinct_endings():
    """Two classes whose agreement endings were drawn alike are one class to
    any reader of the sentences, and the gold split it in two (seed 106
    ``mix-all``: *happy* and *excited* both put ``sı`` on the adverb, and the
    gold wrote one template for each where one template with both states is
    exact).  Over many seeds, every language's endings differ."""
    src = mini_source()
    for st in SETTINGS:
        if "agreement" not in st.phenomena:
            continue
        for seed in range(120):
            ends = PseudoLanguage(src, seed, st.phenomena, st.script).grammar.agreement
            assert len(set(ends)) == len(ends), (st.name, seed, ends)


@pytest.mark.parametrize("st", [s for s in SETTINGS], ids=lambda s: s.name)
def test_render_is_nfc_and_has_no_english_frame_words(st):
    src = mini_source()
    lang = PseudoLanguage(src, 1, st.phenomena, st.script)
    for t in src.templates:
        out = lang.render(t, FILL)
        assert unicodedata.normalize("NFC", out) == out
        words = set(re.findall(r"[A-Za-z]+", out)) - {"Ann", "Bob"}
        assert not words & {"than", "Who", "about", "bought", "guinea"}, out


@pytest.mark.shared
@needs_shared
def test_generated_tsv_is_byte_identical_across_processes(tmp_path):
    outs = []
    for hashseed in ("1", "2"):
        out = tmp_path / hashseed
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        p = subprocess.run([sys.executable, "-m", "benchmarks.synth", "mcl", "--out", str(out),
                            "--seeds", "7"], cwd=str(REPO), env=env, capture_output=True,
                           text=True, timeout=120)
        assert p.returncode == 0, p.stderr
        outs.append((out / "seed7.tsv").read_bytes())
    assert outs[0] == outs[1]
    other = tmp_path / "other"
    write_tsv(read_mcl(instrument.dev_tsv()), SETTINGS, 8, other)
    assert (other / "seed8.tsv").read_bytes() != outs[0]


# --------------------------------------------------------------------------- #
# Each phenomenon is there when on and absent when off


def _columns(setting: Setting, seed: int = 1):
    src = read_mcl(instrument.dev_tsv())
    lang = PseudoLanguage(src, seed, setting.phenomena, setting.script, strict_agreement=True)
    return src, lang, language_columns(lang, setting.code)


def _templates(src, cols):
    return {t.line: cols[t.line] for t in src.templates}


def _lexicon(src, cols, key):
    lex = next(lx for lx in src.lexicons.values() if lx.key == key)
    return lex, [cols[ln] for ln in lex.lines]


def _glued_lexicon_slot(text):
    """A non-name slot with letters glued to it."""
    return re.search(r"(?<!\w)\{(?!first_name)[a-z_]+(\[\d\])?\}[^\W\d_]", text) or \
        re.search(r"[^\W\d_]\{(?!first_name)[a-z_]+(\[\d\])?\}", text)


def detect(phenomenon, src, lang, cols):
    """Is the phenomenon visible in the generated columns?"""
    tmpl = _templates(src, cols)
    texts = [v[0] for vs in tmpl.values() for v in vs]
    conditional_rows = [vs for vs in tmpl.values() if len(vs) > 1]
    if phenomenon == "case":
        return any(_glued_lexicon_slot(t) for t in texts)
    if phenomenon == "harmony":
        for vs in conditional_rows:
            a, b = vs[0][0], vs[1][0]
            if len(a) == len(b):
                diff = [(x, y) for x, y in zip(a, b) if x != y]
                if diff and all({x, y} <= set("aıoueiöü") for x, y in diff):
                    return True
        return False
    if phenomenon == "particles":
        sufs = {m for t in texts for m in re.findall(r"\{first_name\d?\}(\w+)", t)}
        names = sum(len(re.findall(r"\{first_name\d?\}", t)) for t in texts)
        glued = sum(len(re.findall(r"\{first_name\d?\}\w", t)) for t in texts)
        return glued == names and len({s[-2:] for s in sufs}) == 1
    if phenomenon == "clitics":
        lex, rows = _lexicon(src, cols, "animal")
        return any("}'" in t for t in texts) and any("'{" in t for t in texts) and \
            any("-" in v[0][0] for v in rows)
    if phenomenon == "articles":
        lex, rows = _lexicon(src, cols, "animal")
        firsts = [v[0][0].split()[0] for v in rows if len(v[0][0].split()) > 1]
        return len(firsts) == len(rows) and 2 <= len(set(firsts)) <= 3
    if phenomenon in ("comparative", "comparative-word"):
        sep = TUPLE_SEP.get("x", ", ")
        _lex, rows = _lexicon(src, cols, "adj")
        pairs = [v[0][0].split(sep) for v in rows]
        if phenomenon == "comparative":
            return all(a.startswith(b) and len(a) > len(b) and " " not in a for a, b in pairs)
        return all(a.endswith(" " + b) or a.startswith(b + " ") for a, b in pairs)
    if phenomenon == "agreement":
        _lex, rows = _lexicon(src, cols, "nationality")
        return all(len(v) >= 2 and v[1][1] for v in rows)
    if phenomenon == "government":
        for vs in conditional_rows:
            a, b = vs[0][0].split(), vs[1][0].split()
            if len(a) == len(b) and sum(x != y for x, y in zip(a, b)) >= 1 and not any(
                    "{" in x for x, y in zip(a, b) if x != y):
                return True
        return False
    if phenomenon == "order":
        t = next(t for t in src.templates if t.text.startswith("{first_name} is {adj[0]} than"))
        target = [s.name for s in parse_template(tmpl[t.line][0][0]).slots()]
        return target != [s.name for s in t.parsed.slots()]
    if phenomenon == "script":
        chars = "".join(re.sub(r"\{[^}]*\}", "", t) for t in texts)
        marks = [c for c in chars if unicodedata.category(c) in ("Mn", "Mc")]
        stacked = "\u17d2" in chars or "\u1039" in chars
        latin = re.findall(r"[A-Za-z]", chars)
        return bool(marks) and stacked and not latin and all(
            " " not in t.rstrip("។ ").split("។")[0] for t in texts)
    if phenomenon == "shared-words":
        for key in ("state", "very", "nationality"):     # not nouns: articles are shared
            _lex, rows = _lexicon(src, cols, key)
            words = [w for v in rows for w in set(v[0][0].split())]
            if any(words.count(w) >= 2 for w in words):
                return True
        return False
    if phenomenon == "case-forms":
        _lex, rows = _lexicon(src, cols, "animal")
        return all(len(v) >= 2 and "{" in v[1][1] for v in rows)
    raise AssertionError(phenomenon)


@pytest.mark.shared
@needs_shared
@pytest.mark.parametrize("phenomenon", PHENOMENA)
def test_each_phenomenon_is_present_when_on_and_absent_when_off(phenomenon):
    on = BY_NAME[phenomenon]
    assert detect(phenomenon, *_columns(on)), phenomenon
    assert detect(phenomenon, *_columns(on, seed=2)), phenomenon
    off = BY_NAME["plain"] if phenomenon != "harmony" else BY_NAME["case"]
    assert not detect(phenomenon, *_columns(off)), phenomenon
    # and not in another phenomenon's language either (phenomena do not leak; in a
    # script without spaces every word is glued, so glue says nothing there)
    for other in ALONE:
        if other.name not in (phenomenon, "plain") and phenomenon not in other.phenomena \
                and not (phenomenon == "case" and "harmony" in other.phenomena) \
                and not (other.script and phenomenon in ("case", "particles")):
            assert not detect(phenomenon, *_columns(other)), (phenomenon, other.name)


def test_one_realization_per_value_across_templates():
    """A value reads the same in every template (no phenomenon that forms per
    template is on): frame affixes differ, the lexicon entry does not."""
    src = mini_source()
    lang = PseudoLanguage(src, 1, ("case", "articles"))
    forms = {lang.value_form(t, s, {"name": "Ann", "name1": "Bob", "animal": "a dog",
                                    "adj": ["taller", "tall"], "state": "open",
                                    "very": "very"})
             for t in src.templates for s in t.parsed.slots() if s.base == "animal"}
    assert len(forms) == 1
    t1 = lang.frame_text(src.template("t1"))
    t4 = lang.frame_text(src.template("t4"))
    affix = lambda text: re.search(r"\{animal\}(\w*)", text).group(1)  # noqa: E731
    assert affix(t1) != affix(t4) or lang.grammar.verb_case["has"] == \
        lang.grammar.verb_case["bought"]


# --------------------------------------------------------------------------- #
# The gold is consistent (the key property)


def score_gold(workdir: Path, code: str) -> dict:
    gold = json.loads((workdir / ("%s.gold.json" % code)).read_text(encoding="utf-8"))
    pred = workdir / ("%s.goldpred.json" % code)
    pred.write_text(json.dumps(gold_as_prediction(gold), ensure_ascii=False), encoding="utf-8")
    out = workdir / ("%s.score.json" % code)
    p = subprocess.run([sys.executable, str(instrument.mcl_bench_path()), "score", str(pred),
                        "--gold", str(workdir / ("%s.gold.json" % code)), "--instances",
                        str(workdir / ("%s.instances.jsonl" % code)), "--json", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return json.loads(out.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """seed 5: a TSV of every setting, and mcl_bench gen on it (60 per group)."""
    if not HAVE_SHARED:
        pytest.skip("needs ../shared (dev TSV and mcl_bench.py)")
    out = tmp_path_factory.mktemp("synth")
    tsv = write_tsv(read_mcl(instrument.dev_tsv()), SETTINGS, 5, out)
    p = subprocess.run([sys.executable, str(instrument.mcl_bench_path()), "gen", "--tsv",
                        str(tsv), "--langs", "all", "--out", str(out / "gen"),
                        "--max-per-group", "60", "--cpu", "2"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return out


@pytest.mark.shared
def test_instrument_instances_are_the_language_s_sentences(generated):
    src = read_mcl(instrument.dev_tsv())
    by_line = {t.line: t for t in src.templates}
    for st in SETTINGS:
        lang = PseudoLanguage(src, 5, st.phenomena, st.script, strict_agreement=True)
        gold = json.loads((generated / "gen" / ("%s.gold.json" % st.code)).read_text("utf-8"))
        assert len(gold["groups"]) == len(src.templates), st.name
        # only the instrument's notes about the English side: no variant skipped,
        # no placeholder that matches nothing, no fill without a variant
        assert all("borrowed" in n or "draws from lexicon" in n for n in gold["notes"]), \
            (st.name, gold["notes"])
        line = {g["template_id"]: g["tsv_line"] for g in gold["groups"]}
        rows = [json.loads(x) for x in
                (generated / "gen" / ("%s.instances.jsonl" % st.code)).open(encoding="utf-8")]
        assert rows
        for r in rows:
            assert r["target"] == lang.render(by_line[line[r["template_id"]]], r["fill"]), \
                (st.name, r["id"])


@pytest.mark.shared
@pytest.mark.parametrize("name", ["plain", "harmony", "agreement", "case-forms", "script",
                                  "mix-script-th", "mix-all"])
def test_gold_scored_as_prediction_is_perfect(generated, name):
    res = score_gold(generated / "gen", BY_NAME[name].code)
    assert res["strict_F1"] == 1.0 and res["coverage_clean"] == 1.0
    assert res["counts"]["instances"] > 0


@pytest.mark.shared
@pytest.mark.parametrize("name", ["harmony", "agreement", "government", "mix-all"])
def test_conditioned_variants_split_the_gold(generated, name):
    gold = json.loads((generated / "gen" / ("%s.gold.json" % BY_NAME[name].code))
                      .read_text(encoding="utf-8"))
    plain = json.loads((generated / "gen" / "plain.gold.json").read_text(encoding="utf-8"))
    count = lambda g: sum(len(x["templates"]) for x in g["groups"])  # noqa: E731
    assert count(gold) > count(plain) == len(plain["groups"])


@pytest.mark.shared
@needs_shared
def test_constants_agree_with_the_instrument():
    mb = instrument.mcl_bench()
    from benchmarks.synth import source as S
    assert TUPLE_SEP == mb.TUPLE_SEP
    assert S.NAME_KEY == mb.NAME_KEY and S.KEY_ALIASES == mb.KEY_ALIASES
    for st in SETTINGS:
        if st.script:
            assert st.code in mb.CHAR_TOKEN_LANGS     # noise per character


# --------------------------------------------------------------------------- #
# The sentiment CheckList path


@pytest.fixture(scope="module")
def sentiment(tmp_path_factory):
    if not HAVE_SHARED or not instrument.sentiment_checklist().is_file():
        pytest.skip("needs ../shared (sentiment CheckList and mcl_bench.py)")
    out = tmp_path_factory.mktemp("sent")
    for name in ("plain", "agreement", "mix-all", "mix-script-my"):
        checklist.write(instrument.sentiment_checklist(), BY_NAME[name], 2, out,
                        max_per_template=12)
    return out


@pytest.mark.shared
@pytest.mark.parametrize("name", ["plain", "agreement", "mix-all", "mix-script-my"])
def test_sentiment_gold_scored_as_prediction_is_perfect(sentiment, name):
    res = score_gold(sentiment, BY_NAME[name].code)
    assert res["strict_F1"] == 1.0 and res["coverage_clean"] == 1.0
    assert res["groups"] == 90


@pytest.mark.shared
@pytest.mark.parametrize("name", ["plain", "mix-all"])
def test_sentiment_gold_regenerates_each_instance_exactly(sentiment, name):
    """Every instance is its gold template expanded as written, same
    characters and spaces -- the exactness the tool is held to.  A slot with
    the empty value (``{change}`` = ``""``) between two spaces gave the
    rendered sentence one space and the gold template two (``…, {change} u``
    for ``…, u``); the gold writes ``…,{change} u`` with `` vera`` instead."""
    from tea_solver.template import generates, parse_template
    code = BY_NAME[name].code
    gold = json.loads((sentiment / (code + ".gold.json")).read_text(encoding="utf-8"))
    of = {m["id"]: m["gold_id"] for m in gold["instances"]}
    by_id = {t["gold_id"]: t for g in gold["groups"] for t in g["templates"]}
    rows = [json.loads(x) for x in
            (sentiment / (code + ".instances.jsonl")).open(encoding="utf-8")]
    empty = 0
    for r in rows:
        t = by_id[of[r["id"]]]
        empty += any("" in v for v in t["lexicons"].values())
        assert generates(parse_template(t["template"]), t["lexicons"], r["target"]), \
            (t["template"], r["target"])
    assert empty > 0        # the CheckList draws empty values


@pytest.mark.shared
def test_sentiment_noise_is_the_instrument_s(sentiment, tmp_path):
    mb = instrument.mcl_bench()
    code = BY_NAME["mix-script-my"].code
    for suffix in (".instances.jsonl", ".gold.json"):
        (tmp_path / (code + suffix)).write_bytes((sentiment / (code + suffix)).read_bytes())
    n = instrument.corrupt_workdir(tmp_path, code, 0.2, 13)
    gold = json.loads((tmp_path / (code + ".gold.json")).read_text(encoding="utf-8"))
    rows = [json.loads(x) for x in (tmp_path / (code + ".instances.jsonl")).open(encoding="utf-8")]
    noisy = {m["id"]: m for m in gold["instances"] if m["noisy"]}
    assert n == len(noisy) and 0.1 * len(rows) < n < 0.3 * len(rows)
    templates = {g["template_id"]: [mb.Compiled(t["template"], t["lexicons"])
                                    for t in g["templates"]] for g in gold["groups"]}
    for r in rows:
        hit = any(c.generates(r["target"]) for c in templates[r["template_id"]])
        assert hit != (r["id"] in noisy)
    # per character in a script without spaces: a corruption changes one or two
    # code points, never a whole word
    for r in rows:
        if r["id"] in noisy:
            assert abs(len(r["target"]) - len(noisy[r["id"]]["clean_target"])) <= 1


def test_cli_rejects_unknown_setting_in_one_line(tmp_path):
    p = subprocess.run([sys.executable, "-m", "benchmarks.synth", "mcl", "--out",
                        str(tmp_path), "--settings", "klingon"], cwd=str(REPO),
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "klingon" in p.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.shared
@needs_shared
def test_quality_table_with_the_oracle_tool(tmp_path):
    """The whole measuring path (generator -> instrument -> pooled table) on the
    oracle extractor, which writes the gold back: every figure is perfect."""
    out = tmp_path / "q.json"
    p = subprocess.run([sys.executable, str(REPO / "benchmarks" / "quality.py"),
                        "--only", "synth-mcl", "--settings", "plain", "mix-script-th",
                        "--seeds", "1", "--noise", "0", "0.2", "--workdir", str(tmp_path / "w"),
                        "--json", str(out), "--tool",
                        "%s -m benchmarks.synth.oracle {gold} {out}" % sys.executable],
                       cwd=str(REPO), capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    rows = doc["rows"]
    assert [(r["figure"], r["noise"]) for r in rows] == [
        ("plain", 0.0), ("mix-script-th", 0.0), ("all settings", 0.0),
        ("plain", 0.2), ("mix-script-th", 0.2), ("all settings", 0.2)]
    for r in rows:
        m = r["metrics"]
        assert m["strict_F1"] == 1.0 and m["coverage_clean"] == 1.0 and m["lang_P"] == 1.0
    noisy = rows[3]["counts"]
    assert noisy["clean_instances"] < noisy["instances"]      # the noise did corrupt
    assert "| synth-mcl | plain | 0.2 | 1.000 |" in p.stdout
    assert "G1" in doc["commands"] and "M1" in doc["commands"]
