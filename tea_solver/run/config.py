"""``tea-solver run`` configuration: one TOML file that records every setting.

A run is reproducible only if everything that shaped its outputs is written
down, so the config is complete: every key of every section has a default
here, unknown keys are errors (a typo must not silently fall back to a
default), and the resolved config -- defaults filled in -- lands in every
output's report.

::

    [run]
    source = "source.json"         # the source CheckList
    langs = ["hi", "ja"]           # one or many target languages
    workdir = "tea-run"            # outputs; relative to the current directory

    [expand]                       # tea-solver expand
    max_per_template = 50          # omit: every instance
    seed = 0

    [translate]                    # tea-solver translate
    backend = "pretranslated"      # or "model"
    table = "{lang}.table.tsv"     # pretranslated: a table per language
    model = ""                     # model: hub id or local directory
    src = "en"
    tgt = {}                       # model: per-language codes, e.g. {hi = "hin_Deva"}
    ...

    [extract]                      # tea-solver extract: any of its options
    [review]                       # tea-solver review export, where it exists
    [evaluate]                     # tea-solver evaluate
    reference = "{lang}.gold.json" # optional

Paths inside the config (``source``, ``table``, ``reference``, a local
``model``) are relative to the config file's directory, so a config travels
with its data; ``workdir`` is relative to the current directory, like every
other output path of the CLI.  ``{lang}`` in a path is the target language.
"""

from __future__ import annotations

import copy
import os
import sys
from dataclasses import fields

from tea_solver.errors import InputError
from tea_solver.extract import ExtractOptions
from tea_solver.io.atomic import read_text

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

_EXTRACT_DEFAULTS = {f.name: f.default for f in fields(ExtractOptions)}

#: Every section and key, with its default (None: no value).
DEFAULTS: dict = {
    "run": {"source": None, "langs": None, "workdir": "tea-run"},
    "expand": {"max_per_template": None, "seed": 0},
    "translate": {"backend": "pretranslated", "table": "{lang}.table.tsv", "model": None,
                  "src": "en", "tgt": {}, "fields": None, "batch_size": 16, "num_beams": 4,
                  "max_new_tokens": 256, "device": "auto", "cache": None, "use_cache": True,
                  "skip_failures": False},
    "extract": dict(_EXTRACT_DEFAULTS, jobs="auto"),
    "review": {"enabled": True},
    "evaluate": {"enabled": True, "reference": None, "ct_bleu_scope": "document",
                 "ct_bleu_tokenize": None, "cap": 200000, "seed": 0, "predictions": None,
                 "model": None, "label_map": None, "max_per_template": 100,
                 "batch_size": 32, "device": None},
}

#: Keys whose value is a path relative to the config file.
PATH_KEYS = {("run", "source"), ("translate", "table"), ("translate", "cache"),
             ("evaluate", "reference"), ("evaluate", "predictions")}


def _type_ok(default, value) -> bool:
    if default == "auto":               # [extract] jobs: a positive integer or "auto"
        return value == "auto" or (isinstance(value, int) and not isinstance(value, bool)
                                   and value >= 1)
    if default is None or value is None:
        return True
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, type(default))


def load_config(path: str) -> dict:
    """The resolved config (defaults filled in, paths absolute), or InputError."""
    text = read_text(path)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InputError("invalid TOML: %s" % e, path=path) from None
    cfg = copy.deepcopy(DEFAULTS)
    for section, values in raw.items():
        if section not in cfg:
            raise InputError("unknown section [%s] (sections: %s)"
                             % (section, ", ".join(cfg)), path=path)
        if not isinstance(values, dict):
            raise InputError("'%s' must be a section ([%s])" % (section, section), path=path)
        for key, value in values.items():
            if key not in cfg[section]:
                raise InputError("[%s] unknown setting '%s' (settings: %s)"
                                 % (section, key, ", ".join(cfg[section])), path=path)
            if not _type_ok(cfg[section][key], value):
                kind = ('a positive integer or "auto"' if cfg[section][key] == "auto"
                        else type(cfg[section][key]).__name__)
                raise InputError("[%s] %s must be %s, not %r" % (section, key, kind, value),
                                 path=path)
            cfg[section][key] = value
    _check(cfg, path)
    base = os.path.dirname(os.path.abspath(path))
    for section, key in PATH_KEYS:
        value = cfg[section][key]
        if isinstance(value, str) and value:
            cfg[section][key] = os.path.normpath(os.path.join(base, value))
    model = cfg["translate"]["model"]
    if model and os.path.isdir(os.path.join(base, model)):
        cfg["translate"]["model"] = os.path.normpath(os.path.join(base, model))
    cfg["config"] = os.path.abspath(path)
    return cfg


def _check(cfg: dict, path: str) -> None:
    run = cfg["run"]
    if not isinstance(run["source"], str) or not run["source"]:
        raise InputError("[run] source (the source CheckList) is required", path=path)
    langs = run["langs"]
    if isinstance(langs, str):
        run["langs"] = langs = [langs]
    if not (isinstance(langs, list) and langs and all(isinstance(x, str) and x for x in langs)):
        raise InputError("[run] langs must be a non-empty list of language codes", path=path)
    if len(set(langs)) != len(langs):
        raise InputError("[run] langs lists a language twice", path=path)
    tr = cfg["translate"]
    if tr["backend"] not in ("pretranslated", "model"):
        raise InputError("[translate] backend must be 'pretranslated' or 'model'", path=path)
    if tr["backend"] == "model" and not tr["model"]:
        raise InputError("[translate] backend = 'model' needs model = HUB_ID or DIRECTORY",
                         path=path)
    if not all(isinstance(v, str) for v in tr["tgt"].values()):
        raise InputError("[translate] tgt maps languages to model codes (strings)", path=path)
    if tr["fields"] is not None and not (
            isinstance(tr["fields"], list)
            and all(isinstance(f, int) and not isinstance(f, bool) and f >= 1
                    for f in tr["fields"])):
        raise InputError("[translate] fields must be a list of field numbers (1-based)",
                         path=path)
    ex = cfg["extract"]
    for key, choices in (("solver", ("ilp", "greedy")), ("keys", ("graph", "align"))):
        if ex[key] not in choices:
            raise InputError("[extract] %s must be one of %s" % (key, ", ".join(choices)),
                             path=path)


def lang_path(template: str | None, lang: str) -> str | None:
    """A config path with ``{lang}`` replaced."""
    return template.replace("{lang}", lang) if template else template


def extract_options(cfg: dict) -> ExtractOptions:
    ex = {k: v for k, v in cfg["extract"].items() if k != "jobs"}
    if isinstance(ex.get("time_limit"), int):
        ex["time_limit"] = float(ex["time_limit"])
    return ExtractOptions(**ex)
