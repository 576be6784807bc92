"""Backend ``model``: a transformers sequence-to-sequence translation model.

MarianMT (``Helsinki-NLP/opus-mt-en-hi``), NLLB-200
(``facebook/nllb-200-distilled-600M``), M2M100 (``facebook/m2m100_418M``) and
mBART-50 (``facebook/mbart-large-50-many-to-many-mmt``) are loaded with
``AutoTokenizer`` / ``AutoModelForSeq2SeqLM.from_pretrained`` from a hub id
(downloaded once into the Hugging Face cache) or a local directory written by
``save_pretrained``.  Each family is told the languages its own way
(:mod:`.languages`); any other seq2seq model translates the text as given.

Decoding is deterministic (beam search or greedy, no sampling), so a cached
translation is the one the model would give again.  The device is the GPU
when torch sees one (``device="auto"``), else the CPU.
"""

from __future__ import annotations

import os
from typing import Sequence

from .base import TranslationFailed, Translator, register
from .languages import FAMILIES, Conventions, conventions, detect_family

DEFAULT_BATCH_SIZE = 16
DEFAULT_NUM_BEAMS = 4
DEFAULT_MAX_NEW_TOKENS = 256


def pick_device(device: str | None) -> str:
    """``auto``/None: ``cuda`` when torch sees a GPU, else ``cpu``; else as given."""
    if device in (None, "", "auto"):
        import torch
        return "cuda" if torch.cuda.is_available() else "cpu"
    return device


def _model_directory(name: str) -> str | None:
    """Where the model's files are: the directory itself, or the hub snapshot."""
    if os.path.isdir(name):
        return name
    try:
        from transformers.utils import cached_file
        path = cached_file(name, "config.json")
    except Exception:  # noqa: BLE001 - only used to name the revision
        return None
    return os.path.dirname(path) if path else None


@register
class Seq2SeqTranslator(Translator):
    """Translate with a transformers seq2seq model (see the module docstring).

    ``family`` forces a family where detection from the tokenizer class is not
    wanted (``plain``: no language codes at all).
    """

    name = "model"
    cacheable = True

    def __init__(self, model: str, src: str, tgt: str, *, device: str | None = "auto",
                 batch_size: int = DEFAULT_BATCH_SIZE, num_beams: int = DEFAULT_NUM_BEAMS,
                 max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS, family: str | None = None):
        if family is not None and family not in FAMILIES:
            raise ValueError("family must be one of %s" % ", ".join(FAMILIES))
        import torch
        from transformers import AutoModelForSeq2SeqLM, AutoTokenizer
        from transformers.utils import logging as hf_logging
        hf_logging.set_verbosity_error()
        hf_logging.disable_progress_bar()
        self.model_name = os.fspath(model)
        self.batch_size = batch_size
        self.num_beams = num_beams
        self.max_new_tokens = max_new_tokens
        self.device = pick_device(device)
        self.tokenizer = AutoTokenizer.from_pretrained(self.model_name)
        self.model = AutoModelForSeq2SeqLM.from_pretrained(self.model_name)
        self.model.to(self.device)
        self.model.eval()
        self._torch = torch
        self.family = family or detect_family(self.tokenizer, self.model.config)
        self.conv: Conventions = conventions(self.family, self.tokenizer, src, tgt)
        if self.conv.src_lang is not None:
            self.tokenizer.src_lang = self.conv.src_lang
        self.directory = _model_directory(self.model_name)
        self.fingerprint: str | None = None       # set by the pipeline (needs the cache)

    def length(self, text: str) -> int:
        return len(self.tokenizer(self.conv.prefix + text, add_special_tokens=False)["input_ids"])

    def generation_settings(self) -> dict:
        return {"num_beams": self.num_beams, "max_new_tokens": self.max_new_tokens,
                "do_sample": False, "forced_bos_token_id": self.conv.forced_bos_token_id,
                "prefix": self.conv.prefix}

    def settings(self) -> dict:
        return {"backend": self.name, "model": self.model_name, "family": self.family,
                "src": self.conv.src, "tgt": self.conv.tgt, **self.generation_settings(),
                "batch_size": self.batch_size, "device": self.device,
                "fingerprint": self.fingerprint}

    def cache_identity(self) -> dict:
        return {"backend": self.name, "model": self.fingerprint or self.model_name,
                "family": self.family, "src": self.conv.src, "tgt": self.conv.tgt,
                **self.generation_settings()}

    def translate_batch(self, texts: Sequence[str]) -> list:
        torch = self._torch
        enc = self.tokenizer([self.conv.prefix + t for t in texts], return_tensors="pt",
                             padding=True)
        enc = {k: v.to(self.device) for k, v in enc.items()}
        kwargs = {"num_beams": self.num_beams, "max_new_tokens": self.max_new_tokens,
                  "do_sample": False}
        if self.conv.forced_bos_token_id is not None:
            kwargs["forced_bos_token_id"] = self.conv.forced_bos_token_id
        with torch.inference_mode():
            out = self.model.generate(**enc, **kwargs)
        drop = self.conv.code_ids
        results: list = []
        for row in out.tolist():
            ids = [i for i in row if i not in drop]
            text = self.tokenizer.decode(ids, skip_special_tokens=True,
                                         clean_up_tokenization_spaces=False).strip()
            results.append(text if text else TranslationFailed(
                "the model produced an empty translation"))
        return results

    def close(self) -> None:
        self.model = None
