"""What every translation backend shares: the :class:`Translator` interface and
the registry that maps a backend name to its class.

TEA's input is machine-translated instances.  Where the translations come from
is a choice of *backend* -- a transformers model on this machine
(:mod:`.seq2seq`), or a table of translations made elsewhere (:mod:`.table`)
-- in the spirit of sacrebleu's tokenizers: one module per backend, each
registered under a short name, each able to say how it was configured
(:meth:`Translator.settings`) so that a translated file can be traced back to
what made it.

A backend only translates a batch of distinct strings.  Reading instances,
deduplicating sources, batching by length, the on-disk cache, progress and the
per-line failure report are the backend-independent pipeline
(:mod:`.pipeline`).
"""

from __future__ import annotations

from typing import Any, Sequence

#: backend name -> Translator subclass (filled by :func:`register`)
BACKENDS: dict[str, type] = {}


class TranslationFailed(Exception):
    """One source string could not be translated (the message says why).

    Backends return it *in place of* a translation, so that one bad string
    never hides the others' results; the pipeline reports it with the file
    lines that hold the string.
    """


class Translator:
    """A translation backend.

    Subclasses set :attr:`name`, and implement :meth:`translate_batch`.
    ``cacheable`` backends (slow ones: models) get their results stored in the
    on-disk cache under :meth:`cache_identity`; a lookup table needs no cache.
    """

    name = "?"
    cacheable = False

    def translate_batch(self, texts: Sequence[str]) -> list:
        """One translation (``str``) or :class:`TranslationFailed` per text, in order.

        May raise for the whole batch (out of memory, …): the pipeline then
        retries the texts one by one to find the one at fault.
        """
        raise NotImplementedError

    def length(self, text: str) -> int:
        """Size of a text for batching by length (default: characters)."""
        return len(text)

    def settings(self) -> dict:
        """Every setting that changes the output, for reports (JSON-able)."""
        return {"backend": self.name}

    def cache_identity(self) -> dict:
        """What the cache key must hold besides the source text (cacheable only):
        the model's identity, the languages and the generation settings --
        not the batch size or the device, which do not change a translation."""
        raise NotImplementedError

    def close(self) -> None:
        """Release what the backend holds (a model's memory)."""


def register(cls: type) -> type:
    """Class decorator: make a backend available under ``cls.name``."""
    BACKENDS[cls.name] = cls
    return cls


def get_backend(name: str) -> type:
    """The backend class registered as ``name`` (ValueError naming the choices)."""
    try:
        return BACKENDS[name]
    except KeyError:
        raise ValueError("unknown translation backend %r (choose from %s)"
                         % (name, ", ".join(sorted(BACKENDS)))) from None


def make_translator(name: str, **options: Any) -> Translator:
    """Construct the backend ``name`` with its options."""
    return get_backend(name)(**options)
