"""The evaluation harness: every metric on small hand-checked cases."""

from __future__ import annotations

import json
import math
import os
import random
import sys

import pytest

from tea_solver.cli import main
from tea_solver.errors import InputError
from tea_solver.evaluate import (METRICS, PipelinePredictor, PredictionsFile, compare,
                                 cross_bleu, ct_bleu, evaluate, failure_rates, fr_diff,
                                 from_doc, label_to_int, mcl_gold_to_checklist,
                                 parse_label_map, run_evaluate, skeleton_string)
from tea_solver.evaluate.base import value_sets
from tea_solver.evaluate.cost import Cost
from tea_solver.evaluate.diversity import SLOT_TOKEN, Diversity, default_tokenizer
from tea_solver.evaluate.tables import csv_text, markdown
from tea_solver.template import parse_template

S = SLOT_TOKEN


def doc(*templates, lexicons=None, lang="en", **extra):
    d = {"format": "tea-checklist/1", "lang": lang, "lexicons": lexicons or {},
         "templates": list(templates)}
    d.update(extra)
    return d


def T(tid, text, group=None, **kw):
    t = {"id": tid, "template": text}
    if group is not None:
        t["source_template_id"] = group
    t.update(kw)
    return t


# --------------------------------------------------------------------------- #
# Registry

def test_registry_has_the_four_families():
    assert set(METRICS) >= {"diversity", "correctness", "utility", "cost"}
    assert METRICS["correctness"].needs_reference
    assert "ct-bleu" in Diversity().signature() and "sacrebleu" in Diversity().signature()


# --------------------------------------------------------------------------- #
# CT-BLEU

def test_skeleton_string_replaces_every_slot_with_one_token():
    t = parse_template("{first_name}  is {a:adj[0]} than {first_name1}.")
    assert skeleton_string(t) == "%s is %s than %s ." % (S, S, S)   # placeholder space-padded
    assert skeleton_string(parse_template(["Q {x}", "A"])) == "Q %s \u241e A" % S


def test_ct_bleu_hand_computed_two_templates():
    # "x S y z" vs "x S y w": 1-grams 3/4, 2-grams 2/3, 3-grams 1/2, 4-grams 0/1
    # (exp smoothing: 100 / (2 * 1) = 50), brevity penalty 1:
    # BLEU = (75 * 66.67 * 50 * 50) ** (1/4) = 59.4604 for both, so CT-BLEU = 59.4604.
    cl = from_doc(doc(T("a", "x {k} y z", lexicons={"k": ["v"]}),
                      T("b", "x {k} y w", lexicons={"k": ["v"]})), "hand")
    hand = (75 * (200 / 3) * 50 * 50) ** 0.25
    res = ct_bleu(cl)
    assert res["ct_bleu"] == pytest.approx(hand, abs=1e-9)
    assert res["ct_bleu"] == pytest.approx(59.4604, abs=1e-4)
    assert Diversity().score(cl)["summary"]["CT-BLEU"] == pytest.approx(hand)


def test_ct_bleu_equals_sacrebleu_called_directly():
    import sacrebleu
    texts = ["{n} is {adj} than {n1}.", "Who is less {adj}?", "{n} is not {adj}.",
             "Who is more {adj} than {n}?"]
    cl = from_doc(doc(*[T("t%d" % i, s, lexicons={"n": ["A", "B"], "adj": ["big"]})
                        for i, s in enumerate(texts)]), "d")
    pad = " %s " % S
    strings = [s.replace("{n1}", pad).replace("{n}", pad).replace("{adj}", pad) for s in texts]
    strings = [" ".join(s.split()) for s in strings]
    direct = [sacrebleu.sentence_bleu(s, strings[:i] + strings[i + 1:]).score
              for i, s in enumerate(strings)]
    assert ct_bleu(cl)["per_template"] == pytest.approx(direct, abs=1e-9)
    assert ct_bleu(cl)["ct_bleu"] == pytest.approx(sum(direct) / 4, abs=1e-9)


@pytest.mark.parametrize("tok", ["13a", "char", "zh"])
def test_cross_bleu_matches_sacrebleu_on_random_sets(tok):
    import sacrebleu
    rng = random.Random(7)
    words = ["the", "flight", "was", "good", S, "not", "it", ".", ",", "比", "好", "です"]
    for _ in range(25):
        strings = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 10)))
                   for _ in range(rng.randint(2, 8))]
        ours = cross_bleu(strings, tok)
        theirs = [sacrebleu.sentence_bleu(s, strings[:i] + strings[i + 1:], tokenize=tok).score
                  for i, s in enumerate(strings)]
        assert ours == pytest.approx(theirs, abs=1e-9)


def test_ct_bleu_identical_disjoint_single_and_group_scope():
    same = from_doc(doc(T("a", "I like {x} .", lexicons={"x": ["a"]}),
                        T("b", "I like {y} .", lexicons={"y": ["b"]})), "same")
    assert ct_bleu(same)["ct_bleu"] == pytest.approx(100.0)
    disjoint = from_doc(doc(T("a", "aa bb"), T("b", "cc dd")), "dis")
    assert ct_bleu(disjoint)["ct_bleu"] == pytest.approx(0.0)
    assert ct_bleu(from_doc(doc(T("a", "aa bb")), "one"))["ct_bleu"] is None
    grouped = from_doc(doc(T("a", "aa bb", "g1"), T("b", "aa bb", "g1"), T("c", "cc dd", "g2")),
                       "grp")
    res = ct_bleu(grouped, scope="group")
    assert res["per_template"][:2] == [pytest.approx(100.0)] * 2
    assert res["per_template"][2] is None and res["ct_bleu"] == pytest.approx(100.0)
    assert ct_bleu(grouped)["scored_templates"] == 3


def test_default_tokenizer_by_language():
    assert [default_tokenizer(x) for x in ("zh", "ja", "hi", None, "zh-CN")] == \
        ["zh", "char", "13a", "13a", "zh"]


def test_diversity_counts():
    d = doc(T("a", "{n} is {adj[0]} than {n1}.", lexicons={"adj": [["older", "old"],
                                                                  ["taller", "tall"]]}),
            T("b", "{n} left.", lexicons={"n": ["A", "B", "C"]}),
            lexicons={"n": ["A", "B"]})
    s = Diversity().score(from_doc(d, "d"))["summary"]
    assert s["templates"] == 2
    # distinct entries: A, B, C, (older, old), (taller, tall)
    assert s["lexicon_values"] == 5
    assert s["lexicon_entries"] == 2 + 2 + 3
    assert s["slots_per_template"] == pytest.approx(2.0)
    assert s["generated"] == 2 * 1 * 2 + 3      # n, n1 distinct: 2*1 names x 2 adj; 3
    assert s["distinct_skeletons"] == 2


# --------------------------------------------------------------------------- #
# Correctness

NAMES = ["A", "B"]
REF = doc(T("r1", "{name} is {adj}.", "g1", lexicons={"adj": ["good", "bad"]}),
          T("r2", "{name} was {adj}.", "g1", lexicons={"adj": ["good", "bad"]}),
          T("r3", "{name} left.", "g3"), lexicons={"name": NAMES})
PRED = doc(T("p1", "{n} is {x}.", "g1", lexicons={"x": ["bad", "good"]}),       # strict
           T("p2", "{n} was {x}.", "g1", lexicons={"x": ["good"]}),             # lenient
           T("p3", "{n} is {x} today.", "g1", lexicons={"x": ["good", "bad"]}),  # wrong
           T("p4", "{m} ok", "g2", lexicons={"m": ["A"]}),                       # no group
           lexicons={"n": NAMES})


def test_template_and_language_precision_recall_hand_case():
    res = compare(from_doc(PRED, "pred"), from_doc(REF, "ref"))
    assert res["by_group"]
    c = res["counts"]
    assert (c["predicted"], c["reference"], c["lenient_tp"], c["strict_tp"]) == (4, 3, 2, 1)
    assert res["lenient_P"] == pytest.approx(2 / 4) and res["lenient_R"] == pytest.approx(2 / 3)
    assert res["strict_P"] == pytest.approx(1 / 4) and res["strict_R"] == pytest.approx(1 / 3)
    assert res["strict_F1"] == pytest.approx(2 * (1 / 4) * (1 / 3) / (1 / 4 + 1 / 3))
    # languages: ref g1 8 strings + g3 2 = 10; pred g1 4 + 2 + 4, g2 1 = 11
    # pred strings in ref: 4 ("is") + 2 ("was good") = 6; ref strings in pred: 6
    assert (c["pred_strings"], c["ref_strings"], c["pred_in_ref"], c["ref_in_pred"]) == \
        (11, 10, 6, 6)
    assert res["lang_P"] == pytest.approx(6 / 11) and res["lang_R"] == pytest.approx(6 / 10)
    assert res["capped"] == 0
    rows = {g["group"]: g for g in res["groups"]}
    assert rows["g3"]["predicted"] == 0 and rows["g2"]["reference"] == 0


def test_matching_is_per_group_and_one_to_one():
    ref = doc(T("r1", "{a} x", "g1"), T("r2", "{a} x", "g2"), lexicons={"a": ["1"]})
    # both predicted templates are in g1: only one may match r1, none matches r2
    pred = doc(T("p1", "{b} x", "g1"), T("p2", "{c} x", "g1"),
               lexicons={"b": ["1"], "c": ["1"]})
    res = compare(from_doc(pred, "p"), from_doc(ref, "r"), language=False)
    assert res["counts"]["lenient_tp"] == 1 and res["counts"]["strict_tp"] == 1
    # without source_template_id on one side: the whole document is one group
    pred2 = doc(T("p1", "{b} x"), T("p2", "{c} x"), lexicons={"b": ["1"], "c": ["1"]})
    res2 = compare(from_doc(pred2, "p"), from_doc(ref, "r"), language=False)
    assert not res2["by_group"] and res2["counts"]["lenient_tp"] == 2
    assert "lang_P" not in res2


def test_skeleton_names_irrelevant_cardinals_and_indices_matter():
    lex = {"a": ["1", "2"], "b": ["1", "2"], "t": [["x", "y"], ["z", "w"]]}

    def lenient(p, r):
        res = compare(from_doc(doc(T("p", p), lexicons=lex), "p"),
                      from_doc(doc(T("r", r), lexicons=lex), "r"), language=False)
        return res["counts"]["lenient_tp"]

    assert lenient("{a} and {a1}", "{b} and {b1}") == 1
    assert lenient("{a} and {b}", "{b} and {b1}") == 0
    assert lenient("{t[0]} {t[1]}", "{a[0]} {a[1]}".replace("a", "t")) == 1
    assert lenient("{t[0]} {t[1]}", "{t[1]} {t[0]}") == 0
    assert lenient("{a}   x", "{b} x") == 1


def test_strict_value_sets_of_tuple_slots_are_ith_elements():
    p = from_doc(doc(T("p", "{t[1]} !", lexicons={"t": [["x", "y"], ["z", "y"]]})), "p")
    r = from_doc(doc(T("r", "{u[1]} !", lexicons={"u": [["q", "y"]]})), "r")
    assert value_sets(p.prepared[0]) == value_sets(r.prepared[0]) == (((0, 1), frozenset({"y"})),)
    assert compare(p, r, language=False)["counts"]["strict_tp"] == 1


def test_language_level_with_capped_expansion_is_exact_membership():
    ref = doc(T("r", "{a} {b}", lexicons={"a": list("pqrs"), "b": list("wxyz")}))
    pred = doc(T("p", "{c} {d}", lexicons={"c": list("pq"), "d": list("wxyz")}))
    res = compare(from_doc(pred, "p"), from_doc(ref, "r"), cap=5, seed=3)
    assert res["capped"] == 2                   # 16 > 5 and 8 > 5
    c = res["counts"]
    assert c["pred_strings"] == 5 and c["ref_strings"] == 5
    assert c["pred_in_ref"] == 5                # every pred string is in ref's language
    # ref's sampled strings are in pred's language exactly when they start with p or q
    assert 0 <= c["ref_in_pred"] <= 5


def test_mcl_gold_file_is_a_reference(tmp_path):
    gold = {"format": "mcl-bench-gold/1", "lang": "fr", "groups": [
        {"template_id": "g1", "capability": "Vocabulary", "test": "t",
         "templates": [{"gold_id": "g1#0", "template": "{n} est {adj}.",
                        "lexicons": {"n": ["A"], "adj": ["grand"]}}]}]}
    cl = mcl_gold_to_checklist(gold)
    assert cl["templates"][0]["source_template_id"] == "g1"
    assert cl["templates"][0]["capability"] == "Vocabulary"
    path = tmp_path / "fr.gold.json"
    path.write_text(json.dumps(gold))
    pred = doc(T("p", "{x} est {y}.", "g1", lexicons={"x": ["A"], "y": ["grand"]}), lang="fr")
    rec = evaluate([pred], str(path), names=["pred"])
    row = rec["tables"]["summary"][1][0]
    assert row["strict_P"] == 1.0 and row["lang_R"] == 1.0


# --------------------------------------------------------------------------- #
# Utility (FR)

FR_DOC = doc(T("t1", "{x} good", lexicons={"x": ["A", "B", "C"]}, label=2, capability="Vocab"),
             T("t2", "{x} not bad", lexicons={"x": ["A", "B"]}, expect="not_negative",
               capability="Negation"),
             T("t3", "{x} untested", lexicons={"x": ["A"]}))
PREDS = [{"text": "A good", "pred": 2}, {"text": "B good", "pred": "negative"},
         {"id": "t1/2", "pred": "LABEL_2"}, {"text": "A not bad", "pred": 0},
         {"text": "B  not bad", "pred": 0}]


def write_preds(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return str(path)


def test_failure_rate_hand_case(tmp_path):
    pf = PredictionsFile(write_preds(tmp_path / "p.jsonl", PREDS))
    res = failure_rates(from_doc(FR_DOC, "d"), pf)
    caps = res["capabilities"]
    # Vocab: B good -> 0 fails (1 of 3); Negation: both predicted 0 (2 of 2)
    assert caps["Vocab"] == {"tests": 3, "failures": 1, "FR": pytest.approx(1 / 3)}
    assert caps["Negation"] == {"tests": 2, "failures": 2, "FR": 1.0}
    assert res["FR"] == pytest.approx((1 / 3 + 1) / 2)
    assert res["FR_micro"] == pytest.approx(3 / 5)
    assert res["untested_templates"] == 1 and res["tests"] == 5


def test_fr_diff_per_capability(tmp_path):
    a = {"capabilities": {"V": {"FR": 0.5}, "N": {"FR": 0.25}, "X": {"FR": 1.0}}}
    b = {"capabilities": {"V": {"FR": 0.25}, "N": {"FR": 0.75}}}
    d = fr_diff(a, b)
    assert d["per_capability"] == {"V": 0.25, "N": -0.5}
    assert d["FR-diff"] == pytest.approx(-0.125) and d["|FR-diff|"] == pytest.approx(0.375)


def test_fr_through_evaluate_with_reference_baseline(tmp_path):
    other = doc(T("o1", "{x} good", lexicons={"x": ["A", "B"]}, label=2, capability="Vocab"),
                T("o2", "{x} not bad", lexicons={"x": ["A"]}, expect="not_negative",
                  capability="Negation"))
    pf = PredictionsFile(write_preds(tmp_path / "p.jsonl", PREDS))
    rec = evaluate([other], FR_DOC, predictor=pf, names=["other"])
    rows = {r["checklist"]: r for r in rec["tables"]["summary"][1]}
    # other: Vocab 1/2, Negation 1/1 -> FR 0.75; reference FR 2/3
    assert rows["other"]["FR"] == pytest.approx(0.75)
    assert rows["other"]["FR-diff"] == pytest.approx(((1 / 2 - 1 / 3) + 0) / 2)
    fr_rows = rec["tables"]["fr_by_capability"][1]
    assert {(r["checklist"], r["capability"]): r["FR-diff"] for r in fr_rows
            if r["checklist"] == "other"} == {("other", "Vocab"): pytest.approx(1 / 6),
                                              ("other", "Negation"): 0.0}


def test_predictions_file_errors(tmp_path):
    with pytest.raises(InputError, match="missing field 'pred'"):
        PredictionsFile(write_preds(tmp_path / "a.jsonl", [{"text": "x"}]))
    with pytest.raises(InputError, match=r"a\.jsonl:1: .*cannot map label"):
        PredictionsFile(write_preds(tmp_path / "a.jsonl", [{"text": "x", "pred": "maybe"}]))
    pf = PredictionsFile(write_preds(tmp_path / "b.jsonl", PREDS[:2]))
    with pytest.raises(InputError, match="3 of 5 test instances have no prediction"):
        failure_rates(from_doc(FR_DOC, "d"), pf)


def test_label_mapping():
    assert label_to_int("LABEL_1") == 1 and label_to_int("Positive") == 2
    assert label_to_int("neu") == 1 and label_to_int(0) == 0 and label_to_int("2") == 2
    m = parse_label_map("LABEL_0=0, LABEL_1=2")
    assert label_to_int("LABEL_1", m) == 2 and label_to_int("label_0", m) == 0
    with pytest.raises(InputError):
        parse_label_map("LABEL_0")
    with pytest.raises(ValueError):
        label_to_int("maybe")


def test_missing_transformers_is_a_clear_input_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "transformers", None)
    p = PipelinePredictor("some/model")
    with pytest.raises(InputError, match=r"tea-solver\[models\]"):
        p.predict([{"id": "x", "text": "hello"}])


def _tiny_model(path):
    """A random 3-label BERT and a WordPiece tokenizer trained here, saved to ``path``."""
    torch = pytest.importorskip("torch", reason="needs the 'models' extra (torch)")
    transformers = pytest.importorskip("transformers", reason="needs the 'models' extra")
    tokenizers = pytest.importorskip("tokenizers", reason="needs the 'models' extra")
    from tokenizers import models, normalizers, pre_tokenizers, processors, trainers
    tok = tokenizers.Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    special = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    tok.train_from_iterator(["A good", "B good", "C good", "not bad", "the flight was good",
                             "I hate the seat"] * 3,
                            trainers.WordPieceTrainer(vocab_size=120, special_tokens=special))
    cls, sep = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", cls), ("[SEP]", sep)])
    fast = transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]",
        sep_token="[SEP]", mask_token="[MASK]")
    torch.manual_seed(0)
    cfg = transformers.BertConfig(vocab_size=tok.get_vocab_size(), hidden_size=16,
                                  num_hidden_layers=1, num_attention_heads=2,
                                  intermediate_size=32, max_position_embeddings=32,
                                  num_labels=3)
    model = transformers.BertForSequenceClassification(cfg)
    with torch.no_grad():                     # spread the logits: a clear argmax
        model.classifier.weight.mul_(50.0)
    model.eval()
    model.save_pretrained(str(path))
    fast.save_pretrained(str(path))
    return model, fast, torch


@pytest.mark.models
def test_fr_with_a_tiny_local_transformers_model(tmp_path):
    model, fast, torch = _tiny_model(tmp_path / "tiny")
    texts = ["A good", "B good", "C good", "A not bad", "B not bad"]
    with torch.no_grad():
        enc = fast(texts, return_tensors="pt", padding=True)
        direct = model(**enc).logits.argmax(-1).tolist()
    pp = PipelinePredictor(str(tmp_path / "tiny"), batch_size=2)
    preds = pp.predict([{"id": t, "text": t} for t in texts])
    assert preds == direct
    res = failure_rates(from_doc(FR_DOC, "d"), pp)
    want_vocab = sum(p != 2 for p in direct[:3]) / 3
    want_neg = sum(p == 0 for p in direct[3:]) / 2
    assert res["capabilities"]["Vocab"]["FR"] == pytest.approx(want_vocab)
    assert res["capabilities"]["Negation"]["FR"] == pytest.approx(want_neg)
    # the command line takes the same path
    cl = tmp_path / "cl.json"
    cl.write_text(json.dumps(FR_DOC))
    out = tmp_path / "out"
    assert main(["evaluate", str(cl), "--model", str(tmp_path / "tiny"), "-o", str(out)]) == 0
    rec = json.loads((out / "evaluation.json").read_text())
    assert rec["checklists"][0]["utility"]["summary"]["FR"] == pytest.approx(
        (want_vocab + want_neg) / 2)
    assert "model:" in rec["signatures"]["utility"]


def test_unloadable_model_is_an_input_error(tmp_path):
    pytest.importorskip("transformers", reason="needs the 'models' extra")
    p = PipelinePredictor(str(tmp_path / "no-such-model"))
    with pytest.raises(InputError, match="cannot load model"):
        p.predict([{"id": "x", "text": "hello"}])


# --------------------------------------------------------------------------- #
# Cost

def test_cost_from_report():
    report = {"groups": [
        {"template_id": "g1", "instances": 10, "templates": 3, "cover_size": 3, "solver": "ilp",
         "status": "OPTIMAL", "greedy_templates": 4, "lower_bound": 3, "seconds": 0.5},
        {"template_id": "g2", "instances": 8, "templates": 5, "cover_size": 6, "solver": "ilp",
         "status": "FEASIBLE", "greedy_templates": 6, "lower_bound": 4, "seconds": 1.25}]}
    d = doc(T("a", "x", "g1"), report=report)
    res = Cost().score(from_doc(d, "d"))
    s = res["summary"]
    assert (s["groups"], s["greedy"], s["cover"], s["bound"], s["gap"], s["optimal"]) == \
        (2, 10, 9, 7, 2, 1)
    assert s["seconds"] == pytest.approx(1.75) and s["templates_per_group"] == pytest.approx(4.5)
    assert res["groups"][1]["gap"] == 2 and res["groups"][1]["rel_gap"] == pytest.approx(2 / 6)
    assert Cost().score(from_doc(doc(T("a", "x")), "human"))["summary"] == {}


# --------------------------------------------------------------------------- #
# Tables and the command line

def test_markdown_and_csv_tables():
    rows = [{"name": "a", "P": 0.5, "n": 3, "CT-BLEU": 59.46042}, {"name": "b|c", "P": None}]
    md = markdown(rows)
    assert md.splitlines()[0] == "| name |     P |   n | CT-BLEU |"
    assert md.splitlines()[1] == "| ---- | ----: | --: | ------: |"
    assert "| a    | 0.500 |   3 |   59.46 |" in md and "b\\|c" in md
    assert csv_text(rows, ["name", "P", "n"]) == "name,P,n\na,0.5,3\nb|c,,\n"


def test_cli_evaluate_writes_tables(tmp_path, capsys):
    p, r = tmp_path / "pred.json", tmp_path / "ref.json"
    p.write_text(json.dumps(PRED))
    r.write_text(json.dumps(REF))
    preds = write_preds(tmp_path / "preds.jsonl", [{"text": t, "pred": 1} for t in
                                                    ["A is good.", "B is good.", "A is bad."]])
    out = tmp_path / "out"
    assert main(["evaluate", str(p), str(p), "--reference", str(r), "-o", str(out),
                 "--ct-bleu-scope", "group"]) == 0
    printed = capsys.readouterr().out
    assert "CT-BLEU" in printed and "strict_P" in printed and "pred#2" in printed
    assert sorted(os.listdir(out)) == ["correctness_by_group.csv", "evaluation.json",
                                       "summary.csv", "tables.md"]
    rec = json.loads((out / "evaluation.json").read_text())
    assert rec["checklists"][0]["correctness"]["summary"]["lenient_P"] == 0.5
    assert "scope:group" in rec["signatures"]["diversity"]
    summary = (out / "summary.csv").read_text().splitlines()
    assert summary[0].startswith("checklist,role,lang,templates,")
    assert len(summary) == 4          # header, pred, pred#2, reference
    # predictions for a CheckList without labels: nothing to test, FR undefined
    assert main(["evaluate", str(p), "--predictions", preds]) == 0


def test_cli_evaluate_bad_input_is_one_line_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tea-checklist/1", "templates": [{"id": "a", "template": "{x"}]}')
    out = tmp_path / "out"
    assert main(["evaluate", str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "bad.json" in err
    assert not out.exists()
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps(PRED))
    assert main(["evaluate", str(ok), "--predictions", str(tmp_path / "none.jsonl")]) == 2
    assert "none.jsonl" in capsys.readouterr().err
    assert main(["evaluate", str(ok), "--predictions", "x", "--model", "y"]) == 2


def test_run_evaluate_python_api(tmp_path):
    import io
    buf = io.StringIO()
    p = tmp_path / "pred.json"
    p.write_text(json.dumps(PRED))
    assert run_evaluate([str(p)], out_dir=str(tmp_path / "o"), out=buf) == 0
    assert "| pred" in buf.getvalue()
    assert math.isfinite(json.loads((tmp_path / "o" / "evaluation.json").read_text())
                         ["checklists"][0]["diversity"]["summary"]["CT-BLEU"])
