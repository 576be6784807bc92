"""Backend ``pretranslated``: translations made elsewhere, looked up in a table.

For users of an external MT service (the paper used Bing Translator): they send
the source strings out, get the translations back, and hand the pairs to
``tea-solver translate --pretranslated TABLE``.  Every target is looked up; a
source the table lacks is a per-line failure (so the user learns exactly which
strings to send again), never a silent gap.

Formats (by content, not by file name):

* **TSV**: ``source<TAB>target`` per line.  Exactly one TAB per line (a source or
  target holding a TAB cannot be written this way: use JSONL).  Blank lines are
  skipped.  Nothing is unescaped: the text between the TAB and the end of the
  line is the target (a trailing ``\\r`` is dropped).
* **JSON Lines**: one object per line with ``source`` and ``target``, each a
  string, or lists of the same length (multi-field instances: one pair per
  field).  An instance file with targets is such a table, so a file translated
  once can translate another that shares its sources.

Lookups compare Unicode NFC forms (a table written by another tool may use
another normalisation); the target is returned as written.  A source listed
twice with two different targets is an error (which one is right?); listed
twice with the same target it is harmless.
"""

from __future__ import annotations

import os
import unicodedata
from typing import Sequence

from tea_solver.errors import InputError
from tea_solver.io.atomic import JSON_WS, read_text
from tea_solver.io.instances import iter_json_lines

from .base import TranslationFailed, Translator, register


def _nfc(s: str) -> str:
    return unicodedata.normalize("NFC", s)


def _looks_like_jsonl(text: str) -> bool:
    first = next((ln for ln in text.split("\n") if ln.strip(JSON_WS)), "")
    return first.lstrip(JSON_WS).startswith("{")


def _tsv_pairs(path: str, text: str):
    for n, line in enumerate(text.split("\n"), 1):
        line = line[:-1] if line.endswith("\r") else line
        if not line.strip():
            continue
        parts = line.split("\t")
        if len(parts) != 2:
            raise InputError("expected 'source<TAB>target' (one TAB), found %d TAB(s)"
                             % (len(parts) - 1), path=path, line=n)
        yield n, parts[0], parts[1]


def _fields(obj: dict, name: str, path: str, n: int) -> list:
    v = obj.get(name)
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and v and all(isinstance(x, str) for x in v):
        return v
    raise InputError("field '%s' must be a string or a non-empty list of strings"
                     % name if name in obj else "missing field '%s'" % name, path=path, line=n)


def _jsonl_pairs(path: str):
    for n, obj in iter_json_lines(path):
        if not isinstance(obj, dict):
            raise InputError("expected an object with 'source' and 'target'", path=path, line=n)
        src, tgt = _fields(obj, "source", path, n), _fields(obj, "target", path, n)
        if len(src) != len(tgt):
            raise InputError("source has %d fields but target has %d" % (len(src), len(tgt)),
                             path=path, line=n)
        for s, t in zip(src, tgt):
            yield n, s, t


def load_table(path: str | os.PathLike) -> dict:
    """NFC source -> (target, line) from a TSV or JSONL table (InputError if bad)."""
    path = os.fspath(path)
    text = read_text(path)
    pairs = _jsonl_pairs(path) if _looks_like_jsonl(text) else _tsv_pairs(path, text)
    table: dict = {}
    for n, source, target in pairs:
        if not target.strip():
            raise InputError("empty target for source %r" % source, path=path, line=n)
        key = _nfc(source)
        if key in table and table[key][0] != target:
            raise InputError("source %r is listed twice with different targets (first on "
                             "line %d)" % (source, table[key][1]), path=path, line=n)
        table.setdefault(key, (target, n))
    return table


@register
class TableTranslator(Translator):
    """Look every source up in a pre-translated table (TSV or JSONL)."""

    name = "pretranslated"
    cacheable = False

    def __init__(self, table: str | os.PathLike):
        self.path = os.fspath(table)
        self.table = load_table(self.path)

    def translate_batch(self, texts: Sequence[str]) -> list:
        out = []
        for text in texts:
            hit = self.table.get(_nfc(text))
            out.append(hit[0] if hit else TranslationFailed(
                "no translation in %s" % self.path))
        return out

    def settings(self) -> dict:
        return {"backend": self.name, "table": self.path, "entries": len(self.table)}
