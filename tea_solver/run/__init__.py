"""``tea-solver run CONFIG.toml``: the whole pipeline in one command.

expand → translate → extract → review export → evaluate, for every target
language of the config (:mod:`.config`), in one work directory::

    WORKDIR/source.instances.jsonl       expand (once for all languages)
    WORKDIR/LANG.instances.jsonl         translate
    WORKDIR/LANG.checklist.json          extract
    WORKDIR/LANG.review/                 review export (where the command exists)
    WORKDIR/LANG.evaluation/             evaluate (tables.md, *.csv, evaluation.json)

Make-like: a step is skipped when its output is newer than each of its inputs
*and* its settings are the ones recorded beside the output in
``OUTPUT.run.json`` (the step, its settings, its inputs, the resolved config
and the step's counts).  Change a setting of ``[extract]`` and only extract
and evaluate run again; touch a translation table and that language's
translate, extract and evaluate do.  ``--force`` runs everything.

Every output carries the config: the ``.run.json`` beside it, and for the
CheckList and the evaluation record also a ``run`` entry in their JSON
(``report.run`` in the CheckList).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections import OrderedDict
from typing import Any, Callable, Sequence

from tea_solver import __version__
from tea_solver.errors import InputError
from tea_solver.io import dump_checklist, dump_instances, write_atomic

from .config import extract_options, lang_path, load_config

STAMP_SUFFIX = ".run.json"


# --------------------------------------------------------------------------- #
# Freshness

def stamp_path(output: str) -> str:
    return output.rstrip("/") + STAMP_SUFFIX


def _mtime(path: str) -> float | None:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


def up_to_date(output: str, inputs: Sequence[str], settings: dict) -> bool:
    """Output and stamp exist, the stamp's settings and inputs are these, and
    the output is at least as new as every input."""
    out_time = _mtime(output)
    stamp = stamp_path(output)
    if out_time is None or _mtime(stamp) is None:
        return False
    try:
        with open(stamp, encoding="utf-8") as f:
            recorded = json.load(f)
    except (OSError, ValueError):
        return False
    if recorded.get("settings") != _jsonable(settings) or recorded.get("inputs") != list(inputs):
        return False
    if os.path.isdir(output):
        out_time = _mtime(stamp)
    for path in inputs:
        t = _mtime(path)
        if t is None or t > out_time:
            return False
    return True


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def write_stamp(output: str, step: str, lang: str | None, inputs: Sequence[str], settings: dict,
                cfg: dict, stats: dict | None = None) -> None:
    record = OrderedDict([("step", step), ("lang", lang), ("tool", "tea-solver %s" % __version__),
                          ("settings", settings), ("inputs", list(inputs)),
                          ("config", cfg), ("stats", stats or {})])
    write_atomic(stamp_path(output), json.dumps(record, ensure_ascii=False, indent=2) + "\n")


def run_info(cfg: dict, step: str, lang: str | None, settings: dict) -> dict:
    """What lands in an output's report: the step, its settings, the whole config."""
    return OrderedDict([("step", step), ("lang", lang), ("config_file", cfg["config"]),
                        ("settings", settings), ("config", cfg)])


# --------------------------------------------------------------------------- #
# Steps: each returns (stats, message) and writes its output atomically

def step_expand(cfg: dict, output: str) -> tuple[dict, str]:
    from tea_solver.expand import expand_checklist
    from tea_solver.io import load_checklist
    source = cfg["run"]["source"]
    records = expand_checklist(load_checklist(source), path=source,
                               max_per_template=cfg["expand"]["max_per_template"],
                               seed=cfg["expand"]["seed"])
    write_atomic(output, dump_instances(records))
    return {"instances": len(records)}, "%d instances" % len(records)


def translate_settings(cfg: dict, lang: str) -> dict:
    tr = cfg["translate"]
    if tr["backend"] == "pretranslated":
        return {"backend": "pretranslated", "table": lang_path(tr["table"], lang),
                "fields": tr["fields"], "skip_failures": tr["skip_failures"]}
    return {"backend": "model", "model": tr["model"], "src": tr["src"],
            "tgt": tr["tgt"].get(lang, lang), "fields": tr["fields"],
            "num_beams": tr["num_beams"], "max_new_tokens": tr["max_new_tokens"],
            "skip_failures": tr["skip_failures"]}


def step_translate(cfg: dict, lang: str, source: str, output: str) -> tuple[dict, str]:
    from tea_solver.translate import describe_translation, run_translate
    tr = cfg["translate"]
    s = translate_settings(cfg, lang)
    kwargs = dict(lang=lang, fields=s["fields"], skip_failures=s["skip_failures"],
                  batch_size=tr["batch_size"], failures_path=output + ".failures.jsonl")
    if s["backend"] == "pretranslated":
        stats = run_translate(source, output, pretranslated=s["table"], tgt=lang, **kwargs)
    else:
        stats = run_translate(source, output, model=s["model"], src=s["src"], tgt=s["tgt"],
                              num_beams=s["num_beams"], max_new_tokens=s["max_new_tokens"],
                              device=tr["device"], cache_path=tr["cache"],
                              use_cache=tr["use_cache"], **kwargs)
    return stats, describe_translation(stats, s.get("table"))


def step_extract(cfg: dict, lang: str, source: str, output: str, settings: dict
                 ) -> tuple[dict, str]:
    from tea_solver.extract import extract
    from tea_solver.io import read_instance_file
    from tea_solver.workers import auto_jobs, available_cores
    data = read_instance_file(source)
    jobs = cfg["extract"]["jobs"]
    if jobs == "auto":
        jobs = auto_jobs(len(data.records), available_cores())
    doc = extract(data.records, extract_options(cfg), jobs=min(jobs, available_cores()),
                  progress=None)
    doc["report"]["non_nfc_instances"] = data.non_nfc
    doc["report"]["run"] = run_info(cfg, "extract", lang, settings)
    write_atomic(output, dump_checklist(doc))
    groups = doc["report"]["groups"]
    stats = {"templates": len(doc["templates"]), "groups": len(groups)}
    if doc["report"].get("keys_fallback"):
        stats["keys_fallback"] = doc["report"]["keys_fallback"]
    return stats, "%d templates for %d source templates" % (len(doc["templates"]), len(groups))


def review_available() -> bool:
    """Whether this tea-solver has ``review export`` (built on another branch:
    the step runs only where the module and the command exist)."""
    if importlib.util.find_spec("tea_solver.review") is None:
        return False
    from tea_solver.cli import build_parser
    sub = next((a for a in build_parser()._actions if getattr(a, "choices", None)
                and "extract" in a.choices), None)
    return sub is not None and "review" in sub.choices


def step_review(cfg: dict, lang: str, checklist: str, output: str) -> tuple[dict, str]:
    # The command line is the contract of `review export` (issue 12); calling it
    # keeps this step independent of that module's internals.
    from tea_solver.cli import main
    status = main(["review", "export", checklist, "-o", output])
    if status != 0:
        raise InputError("review export failed (exit status %d)" % status, path=checklist)
    return {}, "review page in %s" % output


def evaluate_settings(cfg: dict, lang: str) -> dict:
    ev = dict(cfg["evaluate"])
    ev.pop("enabled")
    ev["reference"] = lang_path(ev["reference"], lang)
    return ev


def step_evaluate(cfg: dict, lang: str, checklist: str, output: str, settings: dict
                  ) -> tuple[dict, str]:
    from tea_solver.evaluate import (PipelinePredictor, PredictionsFile, evaluate,
                                     write_tables)
    from tea_solver.evaluate.tables import fmt
    s = settings
    predictor = None
    if s["predictions"]:
        predictor = PredictionsFile(s["predictions"], s["label_map"])
    elif s["model"]:
        predictor = PipelinePredictor(s["model"], s["label_map"], batch_size=s["batch_size"],
                                      device=s["device"])
    record = evaluate([checklist], s["reference"], predictor=predictor,
                      names=["%s" % lang], max_per_template=s["max_per_template"],
                      seed=s["seed"], label_map=s["label_map"], cap=s["cap"],
                      ct_bleu_scope=s["ct_bleu_scope"], ct_bleu_tokenize=s["ct_bleu_tokenize"])
    json_record = OrderedDict((k, v) for k, v in record.items() if k != "tables")
    json_record["run"] = run_info(cfg, "evaluate", lang, settings)
    write_tables(output, record["tables"], json_record, title="tea-solver run: %s" % lang)
    columns, rows = record["tables"]["summary"]
    row = rows[0]
    shown = [c for c in ("templates", "lexicon_values", "CT-BLEU", "strict_P", "strict_R",
                         "lang_P", "lang_R", "FR") if c in row]
    stats = {k: row[k] for k in shown}
    return stats, "  ".join("%s=%s" % (k, fmt(v, k)) for k, v in stats.items())


# --------------------------------------------------------------------------- #

def _report(out, lang: str, step: str, status: str, message: str = "") -> None:
    print("%-4s %-10s %-8s %s" % (lang, step, status, message), file=out)


def run_config(path: str, *, workdir: str | None = None, force: bool = False,
               out=None) -> int:
    """Run the config's pipeline; print one line per step; exit status."""
    out = out or sys.stdout
    cfg = load_config(path)
    workdir = workdir or cfg["run"]["workdir"]
    cfg["run"]["workdir"] = os.path.abspath(workdir)
    os.makedirs(workdir, exist_ok=True)

    def step(lang: str, name: str, output: str, inputs: Sequence[str], settings: dict,
             action: Callable[[], tuple]) -> dict:
        missing = [p for p in inputs if not os.path.exists(p)]
        if missing:
            raise InputError("input of step %s not found" % name, path=missing[0])
        if not force and up_to_date(output, inputs, settings):
            _report(out, lang, name, "skipped", "up to date: %s" % output)
            with open(stamp_path(output), encoding="utf-8") as f:
                return json.load(f).get("stats", {})
        stats, message = action()
        write_stamp(output, name, lang if lang != "*" else None, inputs, settings, cfg, stats)
        _report(out, lang, name, "ran", message)
        return stats

    src_instances = os.path.join(workdir, "source.instances.jsonl")
    expand_settings = {"source": cfg["run"]["source"], **cfg["expand"]}
    step("*", "expand", src_instances, [cfg["run"]["source"]], expand_settings,
         lambda: step_expand(cfg, src_instances))

    summary = []
    for lang in cfg["run"]["langs"]:
        row = OrderedDict([("lang", lang)])
        summary.append(row)
        translated = os.path.join(workdir, "%s.instances.jsonl" % lang)
        ts = translate_settings(cfg, lang)
        inputs = [src_instances] + ([ts["table"]] if ts["backend"] == "pretranslated" else [])
        stats = step(lang, "translate", translated, inputs, ts,
                     lambda: step_translate(cfg, lang, src_instances, translated))
        row["instances"] = stats.get("written")

        checklist = os.path.join(workdir, "%s.checklist.json" % lang)
        es = dict(cfg["extract"])
        stats = step(lang, "extract", checklist, [translated], es,
                     lambda: step_extract(cfg, lang, translated, checklist, es))
        row["source templates"] = stats.get("groups")

        if cfg["review"]["enabled"]:
            if review_available():
                review_dir = os.path.join(workdir, "%s.review" % lang)
                step(lang, "review", review_dir, [checklist], dict(cfg["review"]),
                     lambda: step_review(cfg, lang, checklist, review_dir))
            else:
                _report(out, lang, "review", "skipped",
                        "this tea-solver has no 'review export' command")

        if cfg["evaluate"]["enabled"]:
            evs = evaluate_settings(cfg, lang)
            ev_dir = os.path.join(workdir, "%s.evaluation" % lang)
            inputs = [checklist] + [p for p in (evs["reference"], evs["predictions"]) if p]
            row.update(step(lang, "evaluate", ev_dir, inputs, evs,
                            lambda: step_evaluate(cfg, lang, checklist, ev_dir, evs)))
    from tea_solver.evaluate.tables import columns_of, markdown
    print("\n" + markdown(summary, columns_of(summary)), file=out, end="")
    print("outputs in %s" % workdir, file=out)
    return 0
