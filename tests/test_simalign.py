"""``--aligner simalign`` (tea_solver.keys.simalign_backend) with a tiny local BERT.

No download: a WordPiece tokenizer is trained on the test's own sentences and a
2-layer BERT with random weights (seed 0) is saved to a temporary directory, so
the model goes through the same ``from_pretrained`` path as a hub id.  Random
weights align arbitrarily, so the end-to-end tests check properties (the run
completes, templates regenerate their instances exactly, everything is
covered); the labelling logic itself is checked with a stubbed aligner.
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
from tea_solver.keys.align import Draw, instance_draws  # noqa: E402
from tea_solver.template import generates, parse_template  # noqa: E402
from tea_solver.tokenize import segment  # noqa: E402

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


def _items_draws(instances):
    items = [tuple(segment(t) for t in inst.target) for inst in instances]
    draws = [instance_draws(inst.fill, inst.source) for inst in instances]
    return items, draws


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
    items, draws = _items_draws(insts)
    with pytest.raises(InputError, match="needs --align-model"):
        sb.labels_simalign(insts, items, draws, model=None, method="itermax")
    with pytest.raises(InputError, match="needs --align-model"):
        extract(insts, ExtractOptions(keys="align", aligner="simalign"))


def test_missing_package_is_an_input_error(monkeypatch):
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == "simalign" or name.startswith("simalign."):
            raise ImportError("No module named 'simalign'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    insts = _instances()[:2]
    items, draws = _items_draws(insts)
    with pytest.raises(InputError, match=r"pip install 'tea-solver\[models\]'"):
        sb.labels_simalign(insts, items, draws, model="bert-base-multilingual-cased")


def test_unknown_method_and_unloadable_model(tmp_path):
    insts = _instances()[:2]
    items, draws = _items_draws(insts)
    with pytest.raises(InputError, match="unknown --align-method"):
        sb.labels_simalign(insts, items, draws, model="x", method="viterbi")
    empty = tmp_path / "not-a-model"
    empty.mkdir()
    with pytest.raises(InputError, match="cannot load --align-model"):
        sb.labels_simalign(insts, items, draws, model=str(empty))


# --------------------------------------------------------------------------- #
# labelling logic, with a stubbed aligner


def test_source_spans_longest_value_first_and_repeats():
    d_city = Draw("city", "city", "New York", ())
    d_city1 = Draw("city1", "city", "York", ())
    toks = segment("York is not New York , York is York").tokens
    owner = sb.source_spans(toks, [d_city1, d_city])
    names = [o.name if o else None for o in owner]
    assert names == ["city1", None, None, "city", "city", None, "city1", None, "city1"]
    # tuple entries: only the elements the source shows
    d = Draw("pron", "pron", ("he", "him", "his"), (0, 2))
    owner = sb.source_spans(segment("he said his dog saw him").tokens, [d])
    assert [o is not None for o in owner] == [True, False, True, False, False, False]


def test_labels_follow_alignments(monkeypatch):
    """Identity alignment on a monotone translation gives the true slots."""
    insts = _instances()
    insts = [i for i in insts if i.template_id == "plain"]
    items, draws = _items_draws(insts)

    def diagonal(model, layer, device, method, src, tgt):
        return tuple((k, k) for k in range(min(len(src), len(tgt))))

    monkeypatch.setattr(sb, "word_alignments", diagonal)
    labels = sb.labels_simalign(insts, items, draws, model="stub")
    for lab, segs, inst in zip(labels, items, insts):
        names = [d.name if d else None for d in lab[0]]
        assert names == ["name", None, None, "adj", None], (segs[0].tokens, names)

    # majority over draws; a tie goes to the lower slot name
    def crossing(model, layer, device, method, src, tgt):
        return ((0, 0), (3, 0), (3, 3))

    monkeypatch.setattr(sb, "word_alignments", crossing)
    labels = sb.labels_simalign(insts[:1], items[:1], draws[:1], model="stub")
    assert [d.name if d else None for d in labels[0][0]] == ["adj", None, None, "adj", None]

    monkeypatch.setattr(sb, "word_alignments", diagonal)
    doc = extract(insts, ExtractOptions(keys="align", aligner="simalign", align_model="stub"))
    assert [t["template"] for t in doc["templates"]] == ["{name} es muy {adj}."]


# --------------------------------------------------------------------------- #
# the real SimAlign code path with the tiny local model


def test_local_model_loads_and_last_layer_is_used(tiny_model):
    sb.load_aligner.cache_clear()
    with pytest.warns(UserWarning, match="has 2 layers"):
        aligner = sb.load_aligner(tiny_model, 8, "cpu")
    assert aligner.embed_loader.layer == 2
    assert sb.load_aligner(tiny_model, 8, "cpu") is aligner          # cached per process


def test_labels_structure(tiny_model):
    insts = _instances()
    items, draws = _items_draws(insts)
    for method in ("argmax", "itermax", "match"):
        labels = sb.labels_simalign(insts, items, draws, model=tiny_model, method=method)
        assert len(labels) == len(items)
        for lab, segs, ds in zip(labels, items, draws):
            assert len(lab) == len(segs)
            for row, seg in zip(lab, segs):
                assert len(row) == len(seg.tokens)
                assert all(d is None or d in ds for d in row)
        assert any(d is not None for lab in labels for row in lab for d in row)


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
