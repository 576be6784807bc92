"""The transformers backend on tiny models built here (tests/tiny_mt.py): random
weights, locally trained tokenizers, saved with save_pretrained and loaded through
the same from_pretrained path as a hub model.  Cache and resume are checked by
counting the model's generate calls."""

from __future__ import annotations

import json
import os
import shutil

import pytest

torch = pytest.importorskip("torch", reason="needs the 'models' extra (torch)")
transformers = pytest.importorskip("transformers", reason="needs the 'models' extra")

from tea_solver.cli import main  # noqa: E402
from tea_solver.errors import InputError  # noqa: E402
from tea_solver.translate import (TranslationCache, open_translator, translate_file,  # noqa: E402
                                  translate_texts)

from tiny_mt import BUILDERS, NEEDS_SENTENCEPIECE, SENTENCES, build_marian, build_nllb  # noqa: E402

pytestmark = pytest.mark.models
GEN = {"num_beams": 2, "max_new_tokens": 8}


@pytest.fixture(scope="module")
def nllb_dir(tmp_path_factory):
    return build_nllb(str(tmp_path_factory.mktemp("nllb")))


def family_dir(tmp_path_factory, family):
    if family in NEEDS_SENTENCEPIECE:
        pytest.importorskip("sentencepiece", reason="%s tokenizers are SentencePiece models"
                            % family)
    return BUILDERS[family](str(tmp_path_factory.mktemp(family)))


def reference(directory, texts, *, src_lang=None, forced=None, prefix="", drop=()):
    """What the model says, asked directly through transformers (one text at a time)."""
    tok = transformers.AutoTokenizer.from_pretrained(directory)
    model = transformers.AutoModelForSeq2SeqLM.from_pretrained(directory).eval()
    if src_lang:
        tok.src_lang = src_lang
    out = []
    for text in texts:
        enc = tok([prefix + text], return_tensors="pt")
        kw = dict(GEN, do_sample=False)
        if forced is not None:
            kw["forced_bos_token_id"] = forced
        with torch.inference_mode():
            ids = model.generate(**enc, **kw)[0].tolist()
        out.append(tok.decode([i for i in ids if i not in drop], skip_special_tokens=True,
                              clean_up_tokenization_spaces=False).strip())
    return tok, out


def count_generate(tr):
    """Wrap the loaded model's generate: returns the list of batch sizes asked."""
    calls = []
    real = tr.model.generate

    def counting(*args, **kwargs):
        calls.append(int(kwargs["input_ids"].shape[0]))
        return real(*args, **kwargs)

    tr.model.generate = counting
    return calls


# --------------------------------------------------------------------------- #
# Each family's language conventions, through from_pretrained

@pytest.mark.parametrize("family,src,tgt,want", [
    ("nllb", "en", "hi", ("eng_Latn", "hin_Deva", "")),
    ("nllb", "eng_Latn", "jpn_Jpan", ("eng_Latn", "jpn_Jpan", "")),
    ("mbart", "en", "hi", ("en_XX", "hi_IN", "")),
    ("mbart", "en_XX", "hin_Deva", ("en_XX", "hi_IN", "")),
    ("m2m100", "en", "hi", ("en", "hi", "")),
    ("m2m100", "eng_Latn", "hin_Deva", ("en", "hi", "")),
    ("marian", "en", "hi", ("en", ">>hin<<", ">>hin<< ")),
    ("marian", "en", "ja", ("en", ">>jpn<<", ">>jpn<< ")),
])
def test_family_conventions_and_output(tmp_path_factory, family, src, tgt, want):
    directory = family_dir(tmp_path_factory, family)
    tr = open_translator("model", model=directory, src=src, tgt=tgt, **GEN)
    assert tr.family == family
    assert (tr.conv.src, tr.conv.tgt, tr.conv.prefix) == want
    tok = tr.tokenizer
    if family == "m2m100":
        assert tr.conv.forced_bos_token_id == tok.get_lang_id(want[1])
    elif family in ("nllb", "mbart"):
        assert tr.conv.forced_bos_token_id == tok.convert_tokens_to_ids(want[1])
        assert tok.src_lang == want[0]
    else:
        assert tr.conv.forced_bos_token_id is None
    # the source sequence carries the source language the family's way
    ids = tok(tr.conv.prefix + SENTENCES[0])["input_ids"]
    if family == "nllb":
        assert ids[0] == tok.convert_tokens_to_ids(want[0])
    elif family == "mbart":
        assert ids[0] == tok.convert_tokens_to_ids(want[0])
    elif family == "m2m100":
        assert ids[0] == tok.get_lang_id(want[0])
    else:
        assert ids[0] == tok.convert_tokens_to_ids(want[1])
    texts = SENTENCES[:5]
    done, problems, _ = translate_texts(texts, tr, batch_size=3)
    _, expected = reference(directory, texts, src_lang=tr.conv.src_lang,
                            forced=tr.conv.forced_bos_token_id, prefix=tr.conv.prefix,
                            drop=tr.conv.code_ids)
    assert not problems
    assert [done[t] for t in texts] == expected
    assert all(w not in done[t] for t in texts for w in ("hin_Deva", "__hi__", "hi_IN", ">>hin<<"))


def test_marian_single_pair_has_no_prefix(tmp_path):
    pytest.importorskip("sentencepiece", reason="Marian tokenizers are SentencePiece models")
    directory = build_marian(str(tmp_path / "m"), multi_target=False)
    tr = open_translator("model", model=directory, src="en", tgt="hi", **GEN)
    assert tr.family == "marian" and tr.conv.prefix == "" and tr.conv.tgt == "hi"


def test_unknown_language_is_one_clear_error(nllb_dir):
    with pytest.raises(InputError) as e:
        open_translator("model", model=nllb_dir, src="en", tgt="sw")
    msg = str(e.value)
    assert "no target code for 'sw'" in msg and "swh_Latn" in msg and "hin_Deva" in msg


# --------------------------------------------------------------------------- #
# Dedupe, cache and resume: counted model calls

def instances(path, n=12):
    objs = [{"id": "i%d" % i, "template_id": "t", "source": SENTENCES[i % 6]} for i in range(n)]
    with open(path, "w", encoding="utf-8") as f:
        for o in objs:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    return str(path)


def test_cache_resume_and_dedupe_by_model_calls(tmp_path, nllb_dir):
    src = instances(tmp_path / "in.jsonl")                 # 12 instances, 6 distinct sources
    cache = TranslationCache(str(tmp_path / "cache.sqlite3"))

    tr = open_translator("model", model=nllb_dir, src="en", tgt="hi", cache=cache, **GEN)
    calls = count_generate(tr)
    counting = tr.model.generate

    def dies_on_second_batch(*args, **kwargs):
        if len(calls) == 1:
            raise KeyboardInterrupt
        return counting(*args, **kwargs)

    tr.model.generate = dies_on_second_batch
    with pytest.raises(KeyboardInterrupt):
        translate_file(src, tr, cache=cache, batch_size=4)
    assert cache.count() == 4                              # the first batch survived

    tr = open_translator("model", model=nllb_dir, src="en", tgt="hi", cache=cache, **GEN)
    calls = count_generate(tr)
    res = translate_file(src, tr, cache=cache, batch_size=4, lang="hi")
    assert calls == [2]                                    # only what was missing
    assert res.stats["cached"] == 4 and res.stats["translated"] == 2
    assert len(res.records) == 12 and not res.failures

    tr = open_translator("model", model=nllb_dir, src="en", tgt="hi", cache=cache, **GEN)
    calls = count_generate(tr)
    again = translate_file(src, tr, cache=cache, batch_size=4, lang="hi")
    assert calls == []                                     # everything from the cache
    assert again.records == res.records

    # the cached translations are the model's own: a run without the cache agrees
    tr = open_translator("model", model=nllb_dir, src="en", tgt="hi", **GEN)
    calls = count_generate(tr)
    fresh = translate_file(src, tr, cache=None, batch_size=6, lang="hi")
    assert calls == [6] and fresh.records == res.records

    # other generation settings or another target language: another cache scope
    for kw in ({"tgt": "hi", "num_beams": 1, "max_new_tokens": 8},
               {"tgt": "ja", "num_beams": 2, "max_new_tokens": 8}):
        tr = open_translator("model", model=nllb_dir, src="en", cache=cache, **kw)
        calls = count_generate(tr)
        translate_file(src, tr, cache=cache, batch_size=6)
        assert calls == [6]


def test_changed_weights_invalidate_the_cache(tmp_path, nllb_dir):
    model = str(tmp_path / "model")
    shutil.copytree(nllb_dir, model)
    cache = TranslationCache(str(tmp_path / "cache.sqlite3"))
    first = open_translator("model", model=model, src="en", tgt="hi", cache=cache, **GEN)
    translate_texts(SENTENCES[:3], first, cache)
    build_nllb(model, seed=1)                              # retrained in place
    second = open_translator("model", model=model, src="en", tgt="hi", cache=cache, **GEN)
    assert second.fingerprint != first.fingerprint
    calls = count_generate(second)
    translate_texts(SENTENCES[:3], second, cache)
    assert calls == [3]


def test_cli_translate_with_a_model(tmp_path, nllb_dir, capsys):
    src = instances(tmp_path / "in.jsonl")
    out = str(tmp_path / "out.jsonl")
    args = ["translate", src, "-o", out, "--model", nllb_dir, "--src", "en", "--tgt", "hi",
            "--num-beams", "2", "--max-new-tokens", "8", "--cache", str(tmp_path / "c.sqlite3")]
    assert main(args) == 0
    assert "6 distinct strings: 0 from the cache, 6 translated" in capsys.readouterr().err
    with open(out, encoding="utf-8") as f:
        first = f.read()
    assert main(args) == 0
    assert "6 from the cache, 0 translated" in capsys.readouterr().err
    with open(out, encoding="utf-8") as f:
        assert f.read() == first
    rows = [json.loads(line) for line in first.splitlines()]
    assert [r["lang"] for r in rows] == ["hi"] * 12 and all(r["target"] for r in rows)
    # the model's own code works as well, and 'lang' stays the ISO code
    native = [a if a != "hi" else "hin_Deva" for a in args]
    assert main(native) == 0
    assert "6 from the cache" in capsys.readouterr().err      # same codes, same cache entries
    with open(out, encoding="utf-8") as f:
        assert f.read() == first


def test_cli_model_errors_are_one_line(tmp_path, nllb_dir, capsys):
    src = instances(tmp_path / "in.jsonl")
    out = tmp_path / "out.jsonl"
    assert main(["translate", src, "-o", str(out), "--model", str(tmp_path / "nowhere"),
                 "--tgt", "hi", "--no-cache"]) == 2
    assert main(["translate", src, "-o", str(out), "--model", nllb_dir, "--tgt", "zz",
                 "--no-cache"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(e.startswith("tea-solver: error:") for e in err)
    assert "no target code for 'zz'" in err[1]
    assert not out.exists()
