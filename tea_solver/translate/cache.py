"""The on-disk translation cache: translate a string with a model once.

Translating a CheckList's instances with a real model takes minutes to hours
on a CPU; a re-run (a new extraction setting, a second target language that
shares nothing, a crash half-way) must not pay again for what it already has.
Every translation is stored under a key of

* the model's identity (:func:`model_fingerprint`: a hub id with the revision
  it resolved to, or a hash of a local directory's files),
* the source and target language codes as the model takes them,
* the generation settings (beams, length limit) -- not the batch size or the
  device, which do not change what is asked,
* the source text itself,

so a changed model, language or setting never returns a stale translation.
Storage is SQLite (safe against a process killed mid-write: each batch is
one committed transaction, so an interrupted run keeps every batch it
finished; write-ahead log, so a commit costs no fsync).  Default location: ``$TEA_SOLVER_CACHE``, else
``$XDG_CACHE_HOME/tea-solver/translations.sqlite3`` (``~/.cache/...``).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from typing import Iterable, Mapping

SCHEMA = """
CREATE TABLE IF NOT EXISTS translation (
    scope TEXT NOT NULL, source TEXT NOT NULL, target TEXT NOT NULL,
    PRIMARY KEY (scope, source));
CREATE TABLE IF NOT EXISTS scope (scope TEXT PRIMARY KEY, identity TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS file_hash (
    path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    sha256 TEXT NOT NULL);
"""

#: Files of a model directory that decide its translations (weights: one format).
_CONFIG_SUFFIXES = (".json", ".model", ".spm", ".txt", ".tiktoken")
_WEIGHT_SUFFIXES = ((".safetensors",), (".bin", ".pt", ".pth"))


def default_cache_path() -> str:
    env = os.environ.get("TEA_SOLVER_CACHE")
    if env:
        return env
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tea-solver", "translations.sqlite3")


def scope_key(identity: Mapping) -> str:
    """A stable hash of everything but the source text (JSON, sorted keys)."""
    text = json.dumps(identity, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class TranslationCache:
    """Stored translations, looked up and added per scope (see module doc)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = os.fspath(path) if path is not None else default_cache_path()
        directory = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(directory, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        # WAL + NORMAL: a commit survives the process being killed (what a resumed
        # run needs) without an fsync per batch; only a power cut may lose the last
        # batches, which are then translated again.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self.db.commit()

    def lookup(self, scope: str, sources: Iterable[str]) -> dict:
        """source -> stored target, for the sources the cache has."""
        found = {}
        sources = list(sources)
        for i in range(0, len(sources), 500):
            chunk = sources[i:i + 500]
            rows = self.db.execute(
                "SELECT source, target FROM translation WHERE scope = ? AND source IN (%s)"
                % ",".join("?" * len(chunk)), [scope, *chunk])
            found.update(rows)
        return found

    def store(self, scope: str, identity: Mapping, pairs: Mapping[str, str]) -> None:
        """Add translations (one transaction: all of them or none)."""
        with self.db:
            self.db.execute("INSERT OR IGNORE INTO scope VALUES (?, ?)",
                            (scope, json.dumps(identity, sort_keys=True, ensure_ascii=False)))
            self.db.executemany("INSERT OR REPLACE INTO translation VALUES (?, ?, ?)",
                                [(scope, s, t) for s, t in pairs.items()])

    def count(self, scope: str | None = None) -> int:
        if scope is None:
            return self.db.execute("SELECT COUNT(*) FROM translation").fetchone()[0]
        return self.db.execute("SELECT COUNT(*) FROM translation WHERE scope = ?",
                               (scope,)).fetchone()[0]

    def file_sha256(self, path: str) -> str:
        """Content hash of a file, remembered while its size and mtime stay.

        Hashing a 2 GB weight file takes seconds; a later run with the same
        file looks the hash up instead.
        """
        path = os.path.realpath(path)
        st = os.stat(path)
        row = self.db.execute("SELECT size, mtime_ns, sha256 FROM file_hash WHERE path = ?",
                              (path,)).fetchone()
        if row and row[0] == st.st_size and row[1] == st.st_mtime_ns:
            return row[2]
        digest = _sha256(path)
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO file_hash VALUES (?, ?, ?, ?)",
                            (path, st.st_size, st.st_mtime_ns, digest))
        return digest

    def close(self) -> None:
        self.db.close()


def model_files(directory: str) -> list[str]:
    """The files of a model directory that decide what it translates.

    Configuration and tokenizer files, and the weights in one format
    (safetensors if present: a directory holding both formats loads those),
    so downloading the other format later does not change the identity.
    """
    names = sorted(n for n in os.listdir(directory)
                   if os.path.isfile(os.path.join(directory, n)))
    chosen = [n for n in names if n.endswith(_CONFIG_SUFFIXES)]
    for suffixes in _WEIGHT_SUFFIXES:
        weights = [n for n in names if n.endswith(suffixes)]
        if weights:
            chosen += weights
            break
    return sorted(set(chosen))


def model_fingerprint(name: str, directory: str | None,
                      cache: TranslationCache | None = None) -> str:
    """The identity of a model for cache keys.

    A local directory (``save_pretrained`` output): a hash of its files'
    contents, so retraining into the same directory invalidates the cache.
    A hub model: its id and the revision its files were resolved to (the
    snapshot directory of the Hugging Face cache is named after the commit).
    """
    if os.path.isdir(name):
        h = hashlib.sha256()
        for fn in model_files(name):
            path = os.path.join(name, fn)
            digest = cache.file_sha256(path) if cache is not None else _sha256(path)
            h.update(("%s\0%s\n" % (fn, digest)).encode("utf-8"))
        return "dir:" + h.hexdigest()
    revision = os.path.basename(os.path.normpath(directory)) if directory else "unknown"
    return "hub:%s@%s" % (name, revision)


def _sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
