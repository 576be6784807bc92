"""``--aligner simalign``: word alignments from a pretrained multilingual encoder.

Step 1's edge model (:mod:`tea_solver.keys.model.edges`) weighs, for a unit
at the edge of a value, how much of it translates the value's own source
words.  By default an IBM Model 1 fitted on the file says so
(:mod:`tea_solver.keys.model.ibm`); with ``--aligner simalign`` SimAlign
(Jalili Sabet et al., 2020) does: source words and the model's target units
are embedded by a multilingual encoder and aligned where their embeddings
match best (``--align-method`` argmax, itermax or match).  The target units
are the model's own (a word, or a grapheme in scripts without spaces), so the
alignment speaks of exactly the units the model decides about.

Models.  ``model`` is a Hugging Face hub id (``bert-base-multilingual-cased``,
``xlm-roberta-base``, …; downloaded once into the HF cache) or a local
directory written by ``save_pretrained``.  SimAlign 0.4's ``EmbeddingLoader``
loads seven well-known hub ids with their explicit classes and *anything
else* through ``AutoConfig``/``AutoModel``/``AutoTokenizer.from_pretrained`` —
which accept a local directory as they accept a hub id, so no injection is
needed.  Two details are handled here: an existing directory is passed as an
absolute path (SimAlign maps the bare names ``bert`` and ``xlmr`` to hub ids,
which would hijack a local folder called ``bert``), and a model with fewer
encoder layers than ``layer`` uses its last layer (SimAlign would raise; the
CLI has no layer option), with a warning.

The optional packages (extra ``models``: torch, transformers, simalign) are
imported lazily; without them the aligner raises :class:`InputError`.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections import Counter
from functools import lru_cache
from typing import Sequence

from tea_solver.errors import InputError

DEFAULT_LAYER = 8

MISSING_EXTRA = ("--aligner simalign needs the optional models extra: "
                 "pip install 'tea-solver[models]'")
MISSING_MODEL = ("--aligner simalign needs --align-model (a Hugging Face model id or a "
                 "local path, e.g. bert-base-multilingual-cased)")

#: our method names (and SimAlign's letters and output keys) -> (letter, output key)
METHODS = {
    "argmax": ("a", "inter"), "a": ("a", "inter"), "inter": ("a", "inter"),
    "itermax": ("i", "itermax"), "i": ("i", "itermax"),
    "match": ("m", "mwmf"), "m": ("m", "mwmf"), "mwmf": ("m", "mwmf"),
}


def _require():
    """Import the optional packages, or explain how to install them."""
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
        import simalign  # noqa: F401
    except ImportError as e:
        raise InputError(MISSING_EXTRA) from e


def _device() -> str:
    import torch
    return "cuda" if torch.cuda.is_available() else "cpu"


def _resolve_model(model: str) -> str:
    """A local directory becomes an absolute path; anything else is a hub id."""
    if os.path.isdir(model):
        return os.path.abspath(model)
    return model


@lru_cache(maxsize=4)
def load_aligner(model: str, layer: int = DEFAULT_LAYER, device: str = "cpu"):
    """One ``SentenceAligner`` per (model, layer, device) per process."""
    from simalign import SentenceAligner
    # SimAlign attaches a DEBUG stream handler to its logger: keep it quiet.
    logging.getLogger("simalign.simalign").setLevel(logging.WARNING)
    from transformers.utils import logging as hf_logging
    # a local directory downloads nothing: hide transformers' "Loading weights"
    # bar (a hub id keeps its download progress)
    quiet = os.path.isdir(model) and hf_logging.is_progress_bar_enabled()
    if quiet:
        hf_logging.disable_progress_bar()
    try:
        aligner = SentenceAligner(model=model, token_type="bpe", matching_methods="i",
                                  device=device, layer=layer)
    except (OSError, ValueError) as e:
        raise InputError("cannot load --align-model %r: %s" % (model, e)) from e
    finally:
        if quiet:
            hf_logging.enable_progress_bar()
    loader = aligner.embed_loader
    n_layers = getattr(loader.emb_model.config, "num_hidden_layers", None)
    if n_layers is not None and layer > n_layers:
        warnings.warn("--align-model %r has %d layers; using layer %d instead of %d"
                      % (model, n_layers, n_layers, layer), stacklevel=2)
        loader.layer = n_layers
    return aligner


@lru_cache(maxsize=65536)
def word_alignments(model: str, layer: int, device: str, method: str,
                    src: tuple, tgt: tuple) -> tuple:
    """Sorted ``(source token, target token)`` index pairs, cached per pair of token lists."""
    if not src or not tgt:
        return ()
    code, key = METHODS[method]
    aligner = load_aligner(model, layer, device)
    # The model is shared by all methods; the method is only a post-processing
    # choice, read from this attribute by get_word_aligns.
    aligner.matching_methods = [key]
    return tuple(aligner.get_word_aligns(list(src), list(tgt))[key])


class SimAlignment:
    """Word alignments by SimAlign, as evidence for Step 1's edge model.

    The same interface as :class:`tea_solver.keys.model.ibm.Alignment`: the
    mass of a target unit on some source words is the share of its links
    (SimAlign's alignment of the source words to the model's target units)
    that land on them; a unit with no link has mass one half (no evidence
    either way).  One call per distinct pair of token lists (cached).
    """

    def __init__(self, units: Sequence[Sequence[str]], sources: Sequence[str], *,
                 model: str | None, method: str = "itermax", layer: int = DEFAULT_LAYER,
                 device: str | None = None):
        _require()
        if not model:
            raise InputError(MISSING_MODEL)
        if method not in METHODS:
            raise InputError("unknown --align-method %r (choose argmax, itermax or match)"
                             % (method,))
        from tea_solver.keys.model.ibm import WORD
        model = _resolve_model(model)
        device = device or _device()
        self.src_spans = []
        self.links = []         # per instance: target unit -> source word indices
        for us, src in zip(units, sources):
            words = [(m.start(), m.end(), m.group()) for m in WORD.finditer(src)]
            self.src_spans.append([(a, b) for a, b, _w in words])
            per_unit: dict = {}
            for i, j in word_alignments(model, layer, device, method,
                                        tuple(w for _a, _b, w in words), tuple(us)):
                per_unit.setdefault(j, []).append(i)
            self.links.append(per_unit)

    def mass(self, inst: int, unit: int, spans: Sequence[tuple]) -> float:
        links = self.links[inst].get(unit)
        if not links:
            return 0.5
        words = self.src_spans[inst]
        inside = sum(1 for i in links if any(words[i][0] >= s and words[i][1] <= e
                                             for s, e in spans))
        return inside / len(links)
