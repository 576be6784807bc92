"""``--aligner simalign`` (tea_solver.keys.simalign_backend) with a tiny local BERT.

No download: a WordPiece tokenizer is trained on the test's own sentences and a
2-layer BERT with random weights (seed 0) is saved to a temporary directory, so
the model goes through the same ``from_pretrained`` path as a hub id.  Random
weights align arbitrarily, so the end-to-end tests check properties (the run
completes, templates regenerate their instances exactly, everything is
covered); the evidence SimAlign gives the Step-1 model is checked with a
stubbed aligner.
"""

from __future__ import annotations

import builtins
import json

import pytest

pytest.importorskip("simalign")
torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
tokenizers = pytest.importorskip("tokenizers")

from tea_solver.errors import InputError  # noqa: E402
from tea_solver.extract import ExtractOptions, extract  # noqa: E402
from tea_solver.io.instances import parse_instance  # noqa: E402
from tea_solver.keys import simalign_backend as sb  # noqa: E402
from tea_solver.template import generates, parse_template  # noqa: E402

pytestmark = [pytest.mark.models,
              pytest.mark.filterwarnings("ignore:--align-model .* layers:UserWarning")]

NAMES = {"John": "Juan", "Mary": "Maria", "Ahmed": "Ahmad", "Lena": "Lenka"}
ADJS = {"good": "bueno", "bad": "malo", "great": "grande"}
CITIES = {"Paris": "Parigi", "New York": "Nueva York", "Lima": "Limah"}


def _records():
    """Two groups: a plain one and a two-field one with a cardinal."""
    recs = []
    for a in NAMES:
        for b in ADJS:
            recs.append({"template_id": "plain", "source": f"{a} is very {b}.",
                         "target": f"{NAMES[a]} es muy {ADJS[b]}.",
                         "fill": {"name": a, "adj": b}})
    names = list(NAMES)
    for k, a in enumerate(names):
        b = names[(k + 1) % len(names)]
        for c in CITIES:
            recs.append({"template_id": "pair",
                         "source": [f"{a} met {b} in {c}.", f"Where did {a} meet {b}?"],
                         "target": [f"{NAMES[a]} vio a {NAMES[b]} en {CITIES[c]}.",
                                    f"¿Dónde vio {NAMES[a]} a {NAMES[b]}?"],
                         "fill": {"name": a, "name1": b, "city": c}})
    for n, r in enumerate(recs):
        r["id"] = "i%d" % n
    return recs


def _instances(recs=None):
    recs = _records() if recs is None else recs
    return [parse_instance(json.loads(json.dumps(r)), n + 1, need_source=True)[0]
            for n, r in enumerate(recs)]


def _units_sources(instances):
    """SimAlignment's inputs: each instance's target words and its source text."""
    units = [[w for t in inst.target for w in t.split()] for inst in instances]
    sources = [" ".join(inst.source) for inst in instances]
    return units, sources


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> str:
    """A 2-layer random BERT and a WordPiece tokenizer trained on the test sentences."""
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, \
        processors, trainers
    from transformers import BertConfig, BertModel, BertTokenizerFast

    sentences = []
    for r in _records():
        for key in ("source", "target"):
            v = r[key]
            sentences.extend([v] if isinstance(v, str) else v)
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=False)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tok.train_from_iterator(sentences, trainers.WordPieceTrainer(vocab_size=300,
                                                                 special_tokens=specials))
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls), ("[SEP]", sep)])
    tok.decoder = decoders.WordPiece()
    # do_lower_case=False is saved in tokenizer_config.json: without it the
    # reloaded tokenizer lowercases and every capitalised word becomes [UNK]
    hf_tok = BertTokenizerFast(tokenizer_object=tok, do_lower_case=False, unk_token="[UNK]",
                               pad_token="[PAD]", cls_token="[CLS]", sep_token="[SEP]",
                               mask_token="[MASK]")
    torch.manual_seed(0)
    model = BertModel(BertConfig(vocab_size=len(hf_tok), hidden_size=32, num_hidden_layers=2,
                                 num_attention_heads=2, intermediate_size=64,
                                 max_position_embeddings=128))
    path = tmp_path_factory.mktemp("models") / "tiny"
    hf_tok.save_pretrained(str(path))
    model.save_pretrained(str(path))
    return str(path)


# --------------------------------------------------------------------------- #
# errors


def test_missing_model_is_an_input_error():
    insts = _instances()[:2]
    units, sources = _units_sources(insts)
    with pytest.raises(InputError, match="needs --align-model"):
        sb.SimAlignment(units, sources, model=None, method="itermax")
    with pytest.raises(InputError, match="needs --align-model"):
        extract(insts, ExtractOptions(keys="align", aligner="simalign"))


def test_missing_package_is_an_input_error(monkeypatch):
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == "simalign" or name.startswith("simalign."):
            raise ImportError("No module named 'simalign'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    units, sources = _units_sources(_instances()[:2])
    with pytest.raises(InputError, match=r"pip install 'tea-solver\[models\]'"):
        sb.SimAlignment(units, sources, model="bert-base-multilingual-cased")


def test_unknown_method_and_unloadable_model(tmp_path):
    units, sources = _units_sources(_instances()[:2])
    with pytest.raises(InputError, match="unknown --align-method"):
        sb.SimAlignment(units, sources, model="x", method="viterbi")
    empty = tmp_path / "not-a-model"
    empty.mkdir()
    with pytest.raises(InputError, match="cannot load --align-model"):
        sb.SimAlignment(units, sources, model=str(empty))
    with pytest.raises(InputError, match="unknown aligner"):
        extract(_instances()[:2], ExtractOptions(keys="align", aligner="fast_align"))


# --------------------------------------------------------------------------- #
# the evidence the edge model reads, with a stubbed aligner


def diagonal(model, layer, device, method, src, tgt):
    return tuple((k, k) for k in range(min(len(src), len(tgt))))


def test_mass_is_the_share_of_a_unit_s_links_inside_the_source_words(monkeypatch):
    monkeypatch.setattr(sb, "word_alignments", diagonal)
    al = sb.SimAlignment([["Juan", "es", "muy", "bueno", "."]], ["John is very good ."],
                         model="stub")
    john, good = (0, 4), (13, 17)          # character spans of source words
    assert al.mass(0, 0, [john]) == 1.0 and al.mass(0, 0, [good]) == 0.0
    assert al.mass(0, 3, [john, good]) == 1.0
    assert al.mass(0, 1, [john]) == 0.0            # 'es' aligned to 'is', not to John

    def two_links(model, layer, device, method, src, tgt):
        return ((0, 0), (3, 0))                    # 'Juan' <- John and good

    monkeypatch.setattr(sb, "word_alignments", two_links)
    al = sb.SimAlignment([["Juan", "es", "muy", "bueno", "."]], ["John is very good ."],
                         model="stub")
    assert al.mass(0, 0, [john]) == 0.5
    assert al.mass(0, 2, [john]) == 0.5            # no link: no evidence either way


def test_extract_reads_simalign_evidence(monkeypatch):
    """With a correct (diagonal) alignment of a monotone translation the model
    finds the source's slots; the run records the aligner."""
    insts = [i for i in _instances() if i.template_id == "plain"]
    monkeypatch.setattr(sb, "word_alignments", diagonal)
    doc = extract(insts, ExtractOptions(keys="align", aligner="simalign", align_model="stub"))
    assert [t["template"] for t in doc["templates"]] == ["{name} es muy {adj}."]
    assert doc["report"]["settings"]["aligner"] == "simalign"


# --------------------------------------------------------------------------- #
# the real SimAlign code path with the tiny local model


def test_local_model_loads_and_last_layer_is_used(tiny_model):
    sb.load_aligner.cache_clear()
    with pytest.warns(UserWarning, match="has 2 layers"):
        aligner = sb.load_aligner(tiny_model, 8, "cpu")
    assert aligner.embed_loader.layer == 2
    assert sb.load_aligner(tiny_model, 8, "cpu") is aligner          # cached per process


def test_alignment_structure(tiny_model):
    insts = _instances()
    units, sources = _units_sources(insts)
    for method in ("argmax", "itermax", "match"):
        al = sb.SimAlignment(units, sources, model=tiny_model, method=method)
        assert len(al.links) == len(units)
        for per_unit, us, spans in zip(al.links, units, al.src_spans):
            assert all(0 <= j < len(us) for j in per_unit)
            assert all(0 <= i < len(spans) for links in per_unit.values() for i in links)
        assert any(al.links)
        for k, us in enumerate(units):
            for j in range(len(us)):
                assert 0.0 <= al.mass(k, j, al.src_spans[k][:1]) <= 1.0


def test_extract_with_tiny_model(tiny_model):
    insts = _instances()
    opts = ExtractOptions(keys="align", aligner="simalign", align_model=tiny_model,
                          align_method="itermax")
    doc = extract(insts, opts)
    templates = doc["templates"]
    assert templates
    parsed = []
    for t in templates:
        tt = parse_template(t["template"])
        lex = dict(doc["lexicons"])
        lex.update(t.get("lexicons", {}))
        parsed.append((t["source_template_id"], tt, lex))
    for inst in insts:
        ok = [generates(tt, lex, inst.target_value)
              for tid, tt, lex in parsed if tid == inst.template_id]
        assert any(ok), inst.target_value
    for t, (_tid, tt, lex) in zip(templates, parsed):
        assert any(generates(tt, lex, inst.target_value) for inst in insts), t["template"]
    for g in doc["report"]["groups"]:
        assert g["covered"] == g["instances"]
    assert sum(t["support"] for t in templates) == len(insts)
    assert doc["report"]["settings"]["aligner"] == "simalign"
