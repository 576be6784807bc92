"""Tiny translation models built locally, for tests and benchmarks.

Random weights, a tokenizer trained on a few sentences (the ``tokenizers``
library for NLLB and mBART-50, ``sentencepiece`` for MarianMT and M2M100, whose
tokenizers are SentencePiece models), saved with ``save_pretrained`` so that
the code under test loads them through the same ``from_pretrained`` path as a
real hub model.  Nothing is downloaded.  Each model is a few hundred kB and
builds in well under a second.
"""

from __future__ import annotations

import io
import json
import os

SENTENCES = [
    "The flight was good.", "The seat was great.", "The service was not excellent.",
    "John is taller than Mary.", "Ahmed is older than Priya.", "The food was good.",
    "उड़ान अच्छी थी।", "सीट शानदार थी।", "जॉन मैरी से लंबा है।", "खाना अच्छा था।",
    "フライトは良かった。", "座席は素晴らしかった。",
]
NLLB_CODES = ["eng_Latn", "hin_Deva", "jpn_Jpan"]
MBART_CODES = ["en_XX", "hi_IN", "ja_XX"]
MARIAN_CODES = [">>hin<<", ">>jpn<<"]


def _small(config_cls, vocab_size: int, **kw):
    return config_cls(vocab_size=vocab_size, d_model=32, encoder_layers=1, decoder_layers=1,
                      encoder_attention_heads=2, decoder_attention_heads=2,
                      encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=128,
                      init_std=0.5,
                      **kw)


def _save_model(model, directory: str) -> str:
    model.save_pretrained(directory)
    return directory


def _bpe(vocab_size: int = 300):
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers
    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.train_from_iterator(SENTENCES, trainers.BpeTrainer(
        vocab_size=vocab_size, special_tokens=["<s>", "<pad>", "</s>", "<unk>"]))
    model = json.loads(tok.to_str())["model"]
    merges = [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in model["merges"]]
    return model["vocab"], merges


def _unigram(vocab_size: int = 150):
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers
    tok = Tokenizer(models.Unigram())
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.train_from_iterator(SENTENCES, trainers.UnigramTrainer(
        vocab_size=vocab_size, special_tokens=["<s>", "<pad>", "</s>", "<unk>"],
        unk_token="<unk>"))
    # The trainer is parallel: scores differ in the last bits from run to run,
    # and the characters it adds last are scored by their (random) rank.
    # Rounded to 2 places and sorted, the vocabulary (so the ids, so the random
    # model's outputs) is the same every run.
    vocab = [(p, round(s, 2)) for p, s in json.loads(tok.to_str())["model"]["vocab"]]
    return vocab[:4] + sorted(vocab[4:], key=lambda v: (-v[1], v[0]))


def _spm(path: str, vocab_size: int = 80) -> None:
    import sentencepiece as spm
    buf = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(SENTENCES * 3), model_writer=buf,
                                   vocab_size=vocab_size, model_type="unigram",
                                   character_coverage=1.0, hard_vocab_limit=False,
                                   minloglevel=2)
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def build_nllb(directory: str, seed: int = 0) -> str:
    """An NLLB-200-style model: M2M100 architecture, NllbTokenizer, codes like hin_Deva."""
    import torch
    from transformers import M2M100Config, M2M100ForConditionalGeneration, NllbTokenizer
    vocab, merges = _bpe()
    tok = NllbTokenizer(vocab=vocab, merges=merges, additional_special_tokens=NLLB_CODES,
                        src_lang="eng_Latn")
    tok.save_pretrained(directory)
    torch.manual_seed(seed)
    cfg = _small(M2M100Config, len(tok), pad_token_id=tok.pad_token_id,
                 bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id,
                 decoder_start_token_id=tok.eos_token_id)
    return _save_model(M2M100ForConditionalGeneration(cfg), directory)


def build_mbart50(directory: str, seed: int = 0) -> str:
    """An mBART-50-style model: MBart50Tokenizer with its xx_YY codes."""
    import torch
    from transformers import MBart50Tokenizer, MBartConfig, MBartForConditionalGeneration
    tok = MBart50Tokenizer(vocab=_unigram(), src_lang="en_XX")
    tok.save_pretrained(directory)
    torch.manual_seed(seed)
    cfg = _small(MBartConfig, len(tok), pad_token_id=1, bos_token_id=0, eos_token_id=2,
                 decoder_start_token_id=2)
    return _save_model(MBartForConditionalGeneration(cfg), directory)


def _spm_vocab(spm_path: str, first: dict) -> dict:
    import sentencepiece as spm
    sp = spm.SentencePieceProcessor(model_file=spm_path)
    vocab = dict(first)
    for i in range(sp.get_piece_size()):
        vocab.setdefault(sp.id_to_piece(i), len(vocab))
    return vocab


def build_m2m100(directory: str, seed: int = 0) -> str:
    """An M2M100-style model: SentencePiece + vocab.json, codes like hi (token __hi__)."""
    import torch
    from transformers import M2M100Config, M2M100ForConditionalGeneration, M2M100Tokenizer
    os.makedirs(directory, exist_ok=True)
    spm_path = os.path.join(directory, "sentencepiece.bpe.model")
    _spm(spm_path)
    vocab = _spm_vocab(spm_path, {"<s>": 0, "<pad>": 1, "</s>": 2, "<unk>": 3})
    vocab_path = os.path.join(directory, "vocab.json")
    with open(vocab_path, "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False)
    tok = M2M100Tokenizer(vocab_path, spm_path, src_lang="en", tgt_lang="hi")
    tok.save_pretrained(directory)
    torch.manual_seed(seed)
    size = max(tok.lang_code_to_id.values()) + 1 + tok.num_madeup_words
    cfg = _small(M2M100Config, size, pad_token_id=1, bos_token_id=0, eos_token_id=2,
                 decoder_start_token_id=2)
    return _save_model(M2M100ForConditionalGeneration(cfg), directory)


def build_marian(directory: str, seed: int = 0, multi_target: bool = True) -> str:
    """A MarianMT-style model; ``multi_target`` gives it >>hin<< / >>jpn<< tokens."""
    import torch
    from transformers import MarianConfig, MarianMTModel, MarianTokenizer
    os.makedirs(directory, exist_ok=True)
    for name in ("source.spm", "target.spm"):
        _spm(os.path.join(directory, name))
    first = {"</s>": 0, "<unk>": 1}
    if multi_target:
        first.update({c: len(first) for c in MARIAN_CODES})
    vocab = _spm_vocab(os.path.join(directory, "source.spm"), first)
    vocab.setdefault("<pad>", len(vocab))
    vocab_path = os.path.join(directory, "vocab.json")
    with open(vocab_path, "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False)
    tok = MarianTokenizer(os.path.join(directory, "source.spm"),
                          os.path.join(directory, "target.spm"), vocab_path)
    tok.save_pretrained(directory)
    torch.manual_seed(seed)
    cfg = _small(MarianConfig, len(vocab), pad_token_id=tok.pad_token_id,
                 eos_token_id=tok.eos_token_id, decoder_start_token_id=tok.pad_token_id)
    return _save_model(MarianMTModel(cfg), directory)


BUILDERS = {"nllb": build_nllb, "mbart": build_mbart50, "m2m100": build_m2m100,
            "marian": build_marian}
#: families whose tokenizer is a SentencePiece model (need the sentencepiece package)
NEEDS_SENTENCEPIECE = {"m2m100", "marian"}
