"""tea-solver translate without a model: the pre-translated table backend, the
backend-independent pipeline (dedupe, cache, resume, failures) on a counting
fake backend, language-code resolution, and the CLI contract."""

from __future__ import annotations

import json
import os
import unicodedata

import pytest

from tea_solver.cli import main
from tea_solver.errors import InputError
from tea_solver.translate import (BACKENDS, TranslationCache, TranslationFailed, Translator,
                                  read_source_instances, translate_file, translate_instances,
                                  translate_texts)
from tea_solver.translate.languages import candidates, iso1_of, resolve, LanguageError, NLLB
from tea_solver.translate.table import TableTranslator, load_table

DEMO = os.path.join(os.path.dirname(__file__), "..", "data", "demo")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return str(path)


def jsonl(path, objs):
    return write(path, "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs))


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


class Upper(Translator):
    """A cacheable fake model: upper-cases, counts every string it is asked for."""

    name = "upper-test"
    cacheable = True

    def __init__(self, fail_on=(), raise_on=(), interrupt_after=None):
        self.calls: list[list[str]] = []
        self.fail_on, self.raise_on = set(fail_on), set(raise_on)
        self.interrupt_after = interrupt_after

    def translate_batch(self, texts):
        if self.interrupt_after is not None and len(self.calls) >= self.interrupt_after:
            raise KeyboardInterrupt
        self.calls.append(list(texts))
        if self.raise_on & set(texts):
            raise RuntimeError("CUDA out of memory")
        return [TranslationFailed("refused") if t in self.fail_on else t.upper() for t in texts]

    def cache_identity(self):
        return {"backend": self.name, "model": "upper-v1"}

    @property
    def asked(self):
        return [t for batch in self.calls for t in batch]


# --------------------------------------------------------------------------- #
# The pre-translated table

def test_demo_tables_reproduce_the_demo_instances(tmp_path):
    """The bundled tables translate the expanded demo CheckList into exactly the
    bundled demo instances (same ids, same targets, same carried fields)."""
    src = str(tmp_path / "en.jsonl")
    assert main(["expand", os.path.join(DEMO, "source.json"), "-o", src]) == 0
    for lang in ("hi", "ja"):
        out = str(tmp_path / ("%s.jsonl" % lang))
        assert main(["translate", src, "-o", out, "--tgt", lang,
                     "--pretranslated", os.path.join(DEMO, "%s.table.tsv" % lang)]) == 0
        got = {o["id"]: o for o in read_jsonl(out)}
        want = {o["id"]: o for o in read_jsonl(os.path.join(DEMO, "%s.instances.jsonl" % lang))}
        assert got == want


def test_table_tsv_and_jsonl_and_misses(tmp_path):
    tsv = write(tmp_path / "t.tsv", "A b.\tx y.\r\n\nC.\tz.\n")
    assert load_table(tsv) == {"A b.": ("x y.", 1), "C.": ("z.", 3)}
    tr = TableTranslator(tsv)
    out = tr.translate_batch(["A b.", "D.", "C."])
    assert out[0] == "x y." and out[2] == "z."
    assert isinstance(out[1], TranslationFailed) and "no translation in" in str(out[1])
    js = jsonl(tmp_path / "t.jsonl", [{"source": ["P.", "Q?"], "target": ["p.", "q?"]},
                                      {"source": "R.", "target": "r."}])
    assert TableTranslator(js).translate_batch(["Q?", "R."]) == ["q?", "r."]


def test_table_lookup_is_nfc_and_returns_target_as_written(tmp_path):
    decomposed = unicodedata.normalize("NFD", "café.")
    tsv = write(tmp_path / "t.tsv", "%s\tkafe\u0301.\n" % decomposed)
    assert TableTranslator(tsv).translate_batch(["café."]) == ["kafe\u0301."]


@pytest.mark.parametrize("text,line,problem", [
    ("A.\tb.\nno tab here\n", 2, "found 0 TAB"),
    ("A.\tb.\tc.\n", 1, "found 2 TAB"),
    ("A.\tb.\nA.\tc.\n", 2, "listed twice with different targets (first on line 1)"),
    ("A.\t  \n", 1, "empty target"),
])
def test_bad_tables_name_file_and_line(tmp_path, text, line, problem):
    tsv = write(tmp_path / "t.tsv", text)
    with pytest.raises(InputError) as e:
        load_table(tsv)
    assert e.value.line == line and problem in str(e.value)


def test_same_source_same_target_twice_is_fine(tmp_path):
    assert load_table(write(tmp_path / "t.tsv", "A.\tb.\nA.\tb.\n")) == {"A.": ("b.", 1)}


def test_cli_misses_exit_2_one_line_no_output(tmp_path, capsys):
    src = jsonl(tmp_path / "in.jsonl", [{"id": "a", "source": "A."}, {"id": "b", "source": "B."},
                                        {"id": "c", "source": "C."}])
    table = write(tmp_path / "t.tsv", "A.\ta.\n")
    out, fails = tmp_path / "out.jsonl", tmp_path / "fail.jsonl"
    assert main(["translate", src, "-o", str(out), "--tgt", "xx", "--pretranslated", table,
                 "--failures", str(fails)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("tea-solver: error: %s:2: source 'B.': no translation in" % src)
    assert "2 strings failed in 2 instances" in err[0]
    assert not out.exists()
    assert [(f["line"], f["id"], f["source"]) for f in read_jsonl(fails)] == \
        [(2, "b", "B."), (3, "c", "C.")]
    # --skip-failures: the instances that translated are written, the rest named
    assert main(["translate", src, "-o", str(out), "--tgt", "xx", "--pretranslated", table,
                 "--skip-failures"]) == 0
    assert [o["id"] for o in read_jsonl(out)] == ["a"]
    assert "warning" in capsys.readouterr().err


@pytest.mark.parametrize("args,problem", [
    ([], "one of the arguments --model --pretranslated is required"),
    (["--pretranslated", "missing.tsv"], "missing.tsv: cannot read"),
])
def test_cli_bad_arguments(tmp_path, capsys, args, problem):
    src = jsonl(tmp_path / "in.jsonl", [{"source": "A."}])
    assert main(["translate", src, "-o", str(tmp_path / "o.jsonl"), "--tgt", "hi", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and problem in err[0]


@pytest.mark.parametrize("line,problem", [
    ('{"id": "a"}', "missing field 'source'"),
    ('{"source": 3}', "must be a string or a non-empty list"),
    ('{"source": []}', "must be a string or a non-empty list"),
    ('[1]', "must be a JSON object"),
    ('{"source": "x"', "malformed JSON"),
])
def test_bad_source_instances(tmp_path, line, problem):
    path = write(tmp_path / "in.jsonl", '{"source": "ok"}\n' + line + "\n")
    with pytest.raises(InputError) as e:
        read_source_instances(path)
    assert e.value.line == 2 and problem in str(e.value)


# --------------------------------------------------------------------------- #
# The pipeline (backend-independent) on a counting fake

def test_dedupe_fields_and_shape(tmp_path):
    src = jsonl(tmp_path / "in.jsonl", [
        {"id": "1", "source": ["Ctx one.", "Q a?"], "label": 1},
        {"id": "2", "source": ["Ctx one.", "Q b?"]},
        {"id": "3", "source": ["Ctx two.", "Q a?"]},
    ])
    up = Upper()
    res = translate_file(src, up, lang="xx")
    assert sorted(up.asked) == sorted(["Ctx one.", "Ctx two.", "Q a?", "Q b?"])
    assert [r["target"] for r in res.records] == [["CTX ONE.", "Q A?"], ["CTX ONE.", "Q B?"],
                                                  ["CTX TWO.", "Q A?"]]
    assert res.records[0]["label"] == 1 and res.records[0]["lang"] == "xx"
    assert res.stats["distinct"] == 4 and res.stats["translated"] == 4
    # --field 2: only the question is translated, the context is copied
    up = Upper()
    res = translate_file(src, up, fields=[2])
    assert sorted(up.asked) == ["Q a?", "Q b?"]
    assert res.records[2]["target"] == ["Ctx two.", "Q A?"]
    with pytest.raises(InputError) as e:
        translate_file(src, Upper(), fields=[3])
    assert e.value.line == 1 and "--field 3, but the source has 2 field(s)" in str(e.value)


def test_batches_sorted_by_length():
    texts = ["a" * n for n in (3, 9, 1, 7, 5, 2)] + ["bb"]
    up = Upper()
    translate_texts(texts, up, batch_size=2)
    flat = up.asked
    assert sorted(flat) == sorted(texts)
    assert [len(t) for t in flat] == sorted((len(t) for t in texts), reverse=True)
    assert all(len(b) <= 2 for b in up.calls)


def test_cache_and_resume_count_calls(tmp_path):
    texts = ["s%02d" % i for i in range(10)]
    cache = TranslationCache(str(tmp_path / "c.sqlite3"))
    # interrupted after two batches of three: those six are kept
    with pytest.raises(KeyboardInterrupt):
        translate_texts(texts, Upper(interrupt_after=2), cache, batch_size=3)
    assert cache.count() == 6
    up = Upper()
    done, problems, counts = translate_texts(texts, up, cache, batch_size=3)
    assert len(up.asked) == 4 and counts["cached"] == 6 and counts["translated"] == 4
    assert done == {t: t.upper() for t in texts} and not problems
    # a third run asks the model nothing
    up = Upper()
    translate_texts(texts, up, cache, batch_size=3)
    assert up.calls == []
    # another identity (model, languages, settings) is another scope
    other = Upper()
    other.cache_identity = lambda: {"backend": "upper-test", "model": "upper-v2"}
    translate_texts(texts, other, cache, batch_size=3)
    assert len(other.asked) == 10


def test_failures_are_per_string_and_per_line(tmp_path):
    src = jsonl(tmp_path / "in.jsonl", [{"id": "a", "source": "ok."}, {"id": "b", "source": "bad."},
                                        {"id": "c", "source": "  "}, {"id": "d", "source": "bad."},
                                        {"id": "e", "source": "boom."}, {"id": "f", "source": "x."}])
    up = Upper(fail_on={"bad."}, raise_on={"boom."})
    res = translate_file(src, up, cache=None, batch_size=8)
    assert [r["id"] for r in res.records] == ["a", "f"]
    assert [(f.line, f.problem) for f in res.failures] == [
        (2, "refused"), (3, "the source is empty"), (4, "refused"),
        (5, "RuntimeError: CUDA out of memory")]
    # the batch that raised was retried one string at a time
    assert up.calls[0] != ["boom."] and ["boom."] in up.calls


def test_failed_strings_are_not_cached(tmp_path):
    cache = TranslationCache(str(tmp_path / "c.sqlite3"))
    translate_texts(["a.", "b."], Upper(fail_on={"b."}), cache)
    up = Upper()
    translate_texts(["a.", "b."], up, cache)
    assert up.asked == ["b."]


def test_registry_names():
    assert {"model", "pretranslated"} <= set(BACKENDS)


# --------------------------------------------------------------------------- #
# Language codes

@pytest.mark.parametrize("code,iso1", [("hi", "hi"), ("hi_IN", "hi"), ("hi-Deva", "hi"),
                                       ("hin", "hi"), ("hin_Deva", "hi"), ("arb_Arab", "ar"),
                                       ("zho_Hans", "zh"), ("xyz", None)])
def test_iso1_of(code, iso1):
    assert iso1_of(code) == iso1


def test_candidates_per_family():
    nllb = ["eng_Latn", "hin_Deva", "arb_Arab", "zho_Hans", "zho_Hant"]
    assert resolve("nllb", "hi", nllb) == "hin_Deva"
    assert resolve("nllb", "ar", nllb) == "arb_Arab"          # a macrolanguage's member
    assert resolve("nllb", "hin_Deva", nllb) == "hin_Deva"
    assert resolve("nllb", "zho_Hant", nllb) == "zho_Hant"    # as given wins
    assert resolve("m2m100", "hin_Deva", ["en", "hi"]) == "hi"
    assert resolve("mbart", "hi", ["en_XX", "hi_IN"]) == "hi_IN"
    assert resolve("mbart", "hin_Deva", ["en_XX", "hi_IN"]) == "hi_IN"
    assert resolve("marian", "hi", [">>hin<<", ">>jpn<<"]) == ">>hin<<"
    assert resolve("marian", "fr", [">>fr<<", ">>es<<"]) == ">>fr<<"
    assert candidates("marian", "ja", []) == [">>ja<<", ">>jpn<<", ">>jpn_Jpan<<"]
    with pytest.raises(LanguageError) as e:
        resolve("nllb", "xx", nllb)
    assert "no language code for 'xx'" in str(e.value) and "eng_Latn" in str(e.value)


def test_nllb_table_matches_the_real_nllb_code_list():
    tok = pytest.importorskip("transformers.models.nllb.tokenization_nllb",
                              reason="transformers (models extra) lists the NLLB-200 codes")
    real = set(tok.FAIRSEQ_LANGUAGE_CODES)
    assert set(NLLB.values()) <= real
    assert len(NLLB) >= 120


def test_mbart50_codes_resolve_by_iso1():
    mod = pytest.importorskip("transformers.models.mbart50.tokenization_mbart50",
                              reason="transformers (models extra) lists the mBART-50 codes")
    codes = mod.FAIRSEQ_LANGUAGE_CODES
    for code in codes:
        assert resolve("mbart", code.split("_")[0], codes) == code
