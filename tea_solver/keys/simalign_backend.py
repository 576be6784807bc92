"""``--aligner simalign``: label target tokens with SimAlign word alignments.

This replaces steps 2–3 of :mod:`tea_solver.keys.align` (the co-occurrence
statistics) with a pretrained multilingual encoder (Jalili Sabet et al., 2020,
*SimAlign*): source and target words are embedded, and words whose
embeddings match best are aligned.  Per instance and field:

1. the source field and the target field are tokenised by
   :func:`tea_solver.tokenize.segment` (so unsegmented scripts give one token per
   character, exactly as the target side of the pipeline sees them);
2. every draw's value is located in the source tokens as a token sequence
   (``segment(value).tokens``; for a tuple entry each element the source shows).
   Longer values are placed first (``New York`` before ``York``); every
   occurrence not overlapping one already placed is taken, so a slot the
   source template repeats (``{adj} … {adj}``) is labelled at each place;
3. SimAlign aligns the two token lists (``token_type="bpe"``: subword
   alignments, mapped back to our tokens); a target token aligned to source
   tokens inside draw spans gets the draw aligned most often (ties: the lower
   slot name); a token aligned only to template words gets ``None``.

The result has the structure of ``_labels_cooccurrence``:
``labels[instance][field][token]`` = :class:`~tea_solver.keys.align.Draw` or
``None``.

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
from tea_solver.tokenize import segment

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


def source_spans(tokens: Sequence[str], draws) -> list:
    """Per source token, the draw whose value it shows (or None)."""
    wanted = []
    for n, d in enumerate(draws):
        if isinstance(d.value, str):
            values = [d.value]
        else:
            values = [d.value[k] for k in d.indices if 0 <= k < len(d.value)]
        for v in values:
            vt = segment(v).tokens
            if vt:
                wanted.append((-len(vt), d.name, n, vt, d))
    wanted.sort(key=lambda w: w[:3])
    owner: list = [None] * len(tokens)
    for _neg, _name, _n, vt, d in wanted:
        m = len(vt)
        i = 0
        while i + m <= len(tokens):
            if tuple(tokens[i:i + m]) == vt and all(o is None for o in owner[i:i + m]):
                owner[i:i + m] = [d] * m
                i += m
            else:
                i += 1
    return owner


def labels_simalign(instances, items: Sequence[tuple], draws: Sequence[list], *,
                    model: str | None, method: str = "itermax",
                    layer: int = DEFAULT_LAYER, device: str | None = None):
    """Per instance, per field, per target token: the Draw it translates (or None).

    ``method``: ``argmax`` / ``itermax`` / ``match`` (or SimAlign's letters
    ``a`` / ``i`` / ``m``).  ``device`` defaults to CUDA when available.
    """
    _require()
    if not model:
        raise InputError(MISSING_MODEL)
    if method not in METHODS:
        raise InputError("unknown --align-method %r (choose argmax, itermax or match)"
                         % (method,))
    model = _resolve_model(model)
    device = device or _device()
    labels = []
    for inst, segs, ds in zip(instances, items, draws):
        per_field = []
        for f, seg in enumerate(segs):
            src = segment(inst.source[f]).tokens if f < len(inst.source) else ()
            owner = source_spans(src, ds)
            row: list = [None] * len(seg.tokens)
            if any(o is not None for o in owner):
                votes: list = [Counter() for _ in seg.tokens]
                for i, j in word_alignments(model, layer, device, method, tuple(src),
                                            tuple(seg.tokens)):
                    d = owner[i] if i < len(owner) else None
                    if d is not None and j < len(votes):
                        votes[j][d] += 1
                for j, c in enumerate(votes):
                    if c:
                        row[j] = min(c, key=lambda d: (-c[d], d.name))
            per_field.append(row)
        labels.append(per_field)
    return labels
