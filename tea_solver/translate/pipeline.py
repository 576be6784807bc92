"""Translate instance files, whatever the backend.

An expanded CheckList repeats the same strings (a multi-field instance's
context, the same sentence under two labels), and a model is slow, so the
pipeline:

1. reads the source instances (SPEC §2: ``source`` a string or a list of
   strings; ``fields`` picks which fields to translate, 1-based; the others
   are copied into the target as they are);
2. collects the *distinct* source strings;
3. takes what the cache already has (cacheable backends only);
4. sorts the rest by length, so a batch pads little, and translates them in
   batches (a batch that raises is retried string by string, so one bad string
   cannot sink its neighbours), storing each finished batch in the cache at
   once: an interrupted run keeps what it did;
5. assembles every instance's ``target`` (the shape of its ``source``) and
   ``lang``.

Every string that could not be translated is a :class:`Failure` naming the
file line(s) that hold it; the instances it belongs to are left out of the
result, never written with a gap.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from tea_solver.errors import InputError
from tea_solver.io.instances import iter_json_lines

from .base import TranslationFailed, Translator


@dataclass(frozen=True)
class SourceInstance:
    """One line of a file to translate: the object as read, and its source fields."""

    line: int
    obj: dict
    fields: tuple
    multi: bool


@dataclass(frozen=True)
class Failure:
    """A string that could not be translated, at one instance of the file."""

    line: int
    id: Any
    field: int          # 1-based
    source: str
    problem: str

    def message(self, path: str | None = None) -> str:
        where = "%s:%d" % (path, self.line) if path else "line %d" % self.line
        f = " field %d" % self.field if self.field > 1 else ""
        return "%s: source%s %r: %s" % (where, f, self.source, self.problem)


@dataclass
class TranslationResult:
    """Translated instances (input order, failed ones left out), failures, counts."""

    records: list = field(default_factory=list)
    failures: list = field(default_factory=list)
    stats: dict = field(default_factory=dict)


def read_source_instances(path: str | os.PathLike) -> list[SourceInstance]:
    """The instances of a JSON Lines file, each with a ``source`` (InputError if not)."""
    path = os.fspath(path)
    out = []
    for n, obj in iter_json_lines(path):
        if not isinstance(obj, dict):
            raise InputError("instance must be a JSON object", path=path, line=n)
        if "source" not in obj:
            raise InputError("missing field 'source' (the text to translate)", path=path, line=n)
        src = obj["source"]
        if isinstance(src, str):
            out.append(SourceInstance(n, obj, (src,), False))
        elif isinstance(src, list) and src and all(isinstance(x, str) for x in src):
            out.append(SourceInstance(n, obj, tuple(src), True))
        else:
            raise InputError("field 'source' must be a string or a non-empty list of strings",
                             path=path, line=n)
    return out


def _selected(fields: Sequence[int] | None, inst: SourceInstance, path: str | None) -> list:
    """0-based indices of the fields to translate in one instance."""
    if not fields:
        return list(range(len(inst.fields)))
    for f in fields:
        if f > len(inst.fields):
            raise InputError("--field %d, but the source has %d field(s)"
                             % (f, len(inst.fields)), path=path, line=inst.line)
    return sorted({f - 1 for f in fields})


def translate_texts(texts: Sequence[str], translator: Translator, cache=None, *,
                    batch_size: int = 16, progress: bool | None = None) -> tuple[dict, dict, dict]:
    """Translate distinct strings: ``(translations, problems, counts)``.

    ``translations``: text -> target; ``problems``: text -> why it failed;
    ``counts``: cached / translated / failed / batches / seconds.
    """
    texts = list(dict.fromkeys(texts))
    done: dict = {}
    scope = identity = None
    if cache is not None and translator.cacheable:
        identity = translator.cache_identity()
        from .cache import scope_key
        scope = scope_key(identity)
        done = cache.lookup(scope, texts)
    todo = [t for t in texts if t not in done]
    todo.sort(key=lambda t: (-translator.length(t), t))
    batches = [todo[i:i + batch_size] for i in range(0, len(todo), batch_size)]
    problems: dict = {}
    counts = {"distinct": len(texts), "cached": len(done), "translated": 0, "failed": 0,
              "batches": len(batches)}
    if progress is None:
        progress = sys.stderr.isatty() and bool(todo)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=len(todo), desc="translate", unit="str", file=sys.stderr)
    t0 = time.perf_counter()
    try:
        for batch in batches:
            results = _translate_one_batch(translator, batch)
            new = {}
            for text, res in zip(batch, results):
                if isinstance(res, TranslationFailed) or not isinstance(res, str):
                    problems[text] = str(res) if res is not None else "no translation"
                elif not res.strip():
                    problems[text] = "empty translation"
                else:
                    new[text] = res
            if scope is not None and new:
                cache.store(scope, identity, new)
            done.update(new)
            counts["translated"] += len(new)
            if bar:
                bar.update(len(batch))
    finally:
        if bar:
            bar.close()
    counts["failed"] = len(problems)
    counts["seconds"] = round(time.perf_counter() - t0, 3)
    return done, problems, counts


def _translate_one_batch(translator: Translator, batch: Sequence[str]) -> list:
    try:
        return list(translator.translate_batch(batch))
    except (KeyboardInterrupt, MemoryError):
        raise
    except Exception:  # noqa: BLE001 - find the string at fault, one by one
        if len(batch) == 1:
            raise
    out = []
    for text in batch:
        try:
            out.extend(translator.translate_batch([text]))
        except (KeyboardInterrupt, MemoryError):
            raise
        except Exception as e:  # noqa: BLE001 - reported per line
            out.append(TranslationFailed("%s: %s" % (type(e).__name__, e)))
    return out


def translate_instances(instances: Sequence[SourceInstance], translator: Translator, *,
                        fields: Sequence[int] | None = None, lang: str | None = None,
                        cache=None, batch_size: int = 16, progress: bool | None = None,
                        path: str | None = None) -> TranslationResult:
    """Translate source instances into instances with a ``target`` (SPEC §2)."""
    wanted: list[tuple[SourceInstance, list]] = []
    failures: list[Failure] = []
    texts: list[str] = []
    for inst in instances:
        sel = _selected(fields, inst, path)
        wanted.append((inst, sel))
        for f in sel:
            if inst.fields[f].strip():
                texts.append(inst.fields[f])
    done, problems, counts = translate_texts(texts, translator, cache,
                                             batch_size=batch_size, progress=progress)
    records = []
    for inst, sel in wanted:
        target = list(inst.fields)
        bad = []
        for f in sel:
            text = inst.fields[f]
            if not text.strip():
                bad.append(Failure(inst.line, inst.obj.get("id"), f + 1, text,
                                   "the source is empty"))
            elif text in problems:
                bad.append(Failure(inst.line, inst.obj.get("id"), f + 1, text, problems[text]))
            else:
                target[f] = done[text]
        if bad:
            failures.extend(bad)
            continue
        obj = dict(inst.obj)
        obj["target"] = target if inst.multi else target[0]
        if lang is not None:
            obj["lang"] = lang
        records.append(obj)
    counts.update({"instances": len(instances), "written": len(records),
                   "failed_instances": len({f.line for f in failures})})
    return TranslationResult(records, failures, counts)


def failures_jsonl(failures: Sequence[Failure]) -> str:
    """The failure report as JSON Lines (one object per failed field)."""
    import json
    return "".join(json.dumps(asdict(f), ensure_ascii=False) + "\n" for f in failures)
