"""Machine translation of expanded instances: the step between expand and extract.

From Python::

    from tea_solver.translate import open_translator, translate_file, TranslationCache
    cache = TranslationCache()                       # ~/.cache/tea-solver/...
    tr = open_translator("model", model="facebook/nllb-200-distilled-600M",
                         src="en", tgt="hi", cache=cache)
    result = translate_file("en.instances.jsonl", tr, lang="hi", cache=cache)
    result.records, result.failures, result.stats

From the command line: ``tea-solver translate`` (:func:`run_translate`).

Backends (a registry, :data:`BACKENDS`; one module each):

=================  =============================  ========================
name               module                         needs
=================  =============================  ========================
``model``          :mod:`.seq2seq`                the ``models`` extra
``pretranslated``  :mod:`.table`                  a TSV or JSONL table
=================  =============================  ========================

Language codes per model family: :mod:`.languages`; the cache: :mod:`.cache`;
deduplication, batching, failures: :mod:`.pipeline`.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Sequence

from tea_solver.errors import InputError

from . import table  # noqa: F401 - registers the 'pretranslated' backend
from .base import BACKENDS, TranslationFailed, Translator, get_backend, make_translator, register
from .cache import TranslationCache, default_cache_path, model_fingerprint
from .languages import iso1_of
from .pipeline import (Failure, SourceInstance, TranslationResult, failures_jsonl,
                       read_source_instances, translate_instances, translate_texts)

__all__ = [
    "BACKENDS", "Failure", "describe_translation", "SourceInstance", "TranslationCache", "TranslationFailed",
    "TranslationResult", "Translator", "default_cache_path", "failures_jsonl", "get_backend",
    "make_translator", "model_fingerprint", "open_translator", "read_source_instances",
    "register", "run_translate", "translate_file", "translate_instances", "translate_texts",
]


def _register_model_backend() -> None:
    """Import the transformers backend (registers 'model'); it imports torch
    lazily, so this is cheap and works without the models extra."""
    from . import seq2seq  # noqa: F401


_register_model_backend()


def open_translator(backend: str, *, cache: TranslationCache | None = None,
                    **options: Any) -> Translator:
    """Construct a backend; for a model, also fix its identity for the cache.

    Bad settings (unknown backend, a model without the languages, a missing
    table) are :class:`InputError`; a model needs the ``models`` extra.
    """
    try:
        cls = get_backend(backend)
    except ValueError as e:
        raise InputError(str(e)) from None
    if backend == "model":
        try:
            import torch  # noqa: F401
            import transformers  # noqa: F401
        except ImportError as e:
            raise InputError("the model backend needs the optional 'models' extra "
                             "(pip install 'tea-solver[models]'): %s" % e) from None
        from .languages import LanguageError
        try:
            tr = cls(**options)
        except LanguageError as e:
            raise InputError("%s: %s" % (options.get("model"), e)) from None
        except (OSError, ValueError) as e:   # no such model, no network, not seq2seq
            raise InputError("cannot load model %r: %s"
                             % (options.get("model"), str(e).splitlines()[0])) from None
        tr.fingerprint = model_fingerprint(tr.model_name, tr.directory, cache)
        return tr
    return cls(**options)


def translate_file(path: str | os.PathLike, translator: Translator, *,
                   fields: Sequence[int] | None = None, lang: str | None = None,
                   cache: TranslationCache | None = None, batch_size: int = 16,
                   progress: bool | None = None) -> TranslationResult:
    """Read an instance file and translate it (see :mod:`.pipeline`)."""
    path = os.fspath(path)
    instances = read_source_instances(path)
    return translate_instances(instances, translator, fields=fields, lang=lang, cache=cache,
                               batch_size=batch_size, progress=progress, path=path)


def run_translate(input_path: str, output: str, *, model: str | None = None,
                  pretranslated: str | None = None, src: str = "en", tgt: str,
                  lang: str | None = None, fields: Sequence[int] | None = None,
                  batch_size: int = 16, num_beams: int = 4, max_new_tokens: int = 256,
                  device: str | None = "auto", cache_path: str | None = None,
                  use_cache: bool = True, failures_path: str | None = None,
                  skip_failures: bool = False, progress: bool | None = None) -> dict:
    """``tea-solver translate``: translate, write the output and report failures.

    Returns the stats.  With failures and not ``skip_failures``: no output is
    written and :class:`InputError` names the first failure and the count
    (``failures_path``, when given, lists them all either way).
    """
    from tea_solver.io import dump_instances, write_atomic
    if (model is None) == (pretranslated is None):
        raise InputError("give --model or --pretranslated (one of them)")
    cache = None
    if model is not None:
        if use_cache:
            try:
                cache = TranslationCache(cache_path)
            except Exception as e:  # noqa: BLE001 - sqlite/OS errors alike
                raise InputError("cannot open the translation cache: %s" % e,
                                 path=cache_path or default_cache_path()) from None
        tr = open_translator("model", model=model, src=src, tgt=tgt, device=device,
                             batch_size=batch_size, num_beams=num_beams,
                             max_new_tokens=max_new_tokens, cache=cache)
    else:
        tr = open_translator("pretranslated", table=pretranslated)
    try:
        lang = lang or iso1_of(tgt) or tgt       # 'hin_Deva' -> 'hi', as instance files write it
        result = translate_file(input_path, tr, fields=fields, lang=lang, cache=cache,
                                batch_size=batch_size, progress=progress)
    finally:
        tr.close()
        if cache is not None:
            cache.close()
    if failures_path:
        write_atomic(failures_path, failures_jsonl(result.failures))
    if result.failures:
        first = result.failures[0]
        n = len(result.failures)
        more = "" if n == 1 else " (%d strings failed in %d instances%s)" % (
            n, result.stats["failed_instances"],
            "; --failures FILE lists them all" if not failures_path else
            "; all listed in %s" % failures_path)
        if not skip_failures:
            raise InputError(first.message(input_path) + more)
        print("tea-solver: warning: %s%s; --skip-failures: those instances are left out"
              % (first.message(input_path), more), file=sys.stderr)
    write_atomic(output, dump_instances(result.records))
    stats = dict(result.stats)
    stats["settings"] = tr.settings()
    return stats


def describe_translation(stats: dict, table: str | None = None) -> str:
    """One line on what translate did (a table's lookups are not model output)."""
    if table:
        return "%d instances (%d distinct strings looked up in %s, %d missing)" % (
            stats["written"], stats["distinct"], os.path.basename(table), stats["failed"])
    return "%d instances (%d distinct strings: %d from the cache, %d translated, %d failed)" % (
        stats["written"], stats["distinct"], stats["cached"], stats["translated"],
        stats["failed"])
