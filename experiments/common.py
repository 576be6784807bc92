"""Shared plumbing of the experiments: data sets, extraction, scoring, output.

Data: ``--instances FILE [FILE ...]`` (any SPEC §2 instance files; no gold, so
correctness columns are empty) or ``--mcl`` (the MultiCheckList dev languages:
``shared/tools/mcl_bench.py gen`` writes ``LANG.instances.jsonl`` and the human
gold ``LANG.gold.json``; ``shared`` is the repository's parent directory's
``shared``, or ``$TEA_SHARED``).  Generated data is cached under
``OUT/data/mcl-s<seed>-m<max-per-group>/``.

Every experiment is reproducible from ``--seed``: it seeds the MCL sampler, the
noise, and the solver.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Sequence

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:                       # python experiments/x.py
    sys.path.insert(0, REPO)

from tea_solver.errors import InputError  # noqa: E402
from tea_solver.evaluate.base import LoadedChecklist, from_doc, load, norm_ws  # noqa: E402
from tea_solver.evaluate.correctness import compare  # noqa: E402
from tea_solver.evaluate.tables import csv_text, ensure_dir, markdown  # noqa: E402
from tea_solver.extract import ExtractOptions, extract, extract_group, group_instances  # noqa: E402
from tea_solver.io import read_instance_file, write_atomic  # noqa: E402
from tea_solver.template import generates, parse_template  # noqa: E402

DEV_LANGS = ("hi", "gu", "fr", "sw", "ar", "de", "es", "ru", "vi", "ja", "zh")
QUICK_LANGS = ("hi", "fr", "ja")
QUICK_MAX_PER_GROUP = 40
QUICK_MAX_CANDIDATES = 512
JOBS = 1


def shared_dir() -> str:
    return os.environ.get("TEA_SHARED") or os.path.join(os.path.dirname(REPO), "shared")


def mcl_tool() -> str:
    return os.path.join(shared_dir(), "tools", "mcl_bench.py")


def have_mcl() -> bool:
    return os.path.isfile(mcl_tool())


@dataclass
class Dataset:
    """Instances of one language (or one file), and the human gold if any."""

    name: str
    instances: list
    gold: LoadedChecklist | None = None
    lang: str | None = None
    noisy: set = field(default_factory=set)     # ids of corrupted instances


# --------------------------------------------------------------------------- #
# Arguments

def parser(description: str, default_out: str) -> argparse.ArgumentParser:
    from tea_solver.cli import DefaultsHelpFormatter   # each default shown once
    p = argparse.ArgumentParser(description=description,
                                formatter_class=DefaultsHelpFormatter)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--instances", nargs="+", metavar="FILE",
                     help="instance JSONL files (SPEC §2), one data set each")
    src.add_argument("--mcl", action="store_true",
                     help="MultiCheckList dev languages via shared/tools/mcl_bench.py gen")
    p.add_argument("--langs", nargs="+", default=None,
                   help="--mcl languages (default: the 11 dev languages; quick: %s)"
                   % " ".join(QUICK_LANGS))
    p.add_argument("--max-per-group", type=int, default=None,
                   help="--mcl instances per source template (default 100; quick %d)"
                   % QUICK_MAX_PER_GROUP)
    p.add_argument("--out", default=os.path.join("results", default_out),
                   help="results folder (CSV, PNG, Markdown)")
    p.add_argument("--seed", type=int, default=13, help="seeds data, noise and solver")
    p.add_argument("--time-limit", type=float, default=10.0,
                   help="ILP: per group, CP-SAT seconds")
    p.add_argument("--max-candidates", type=int, default=None,
                   help="extract: candidates per instance before enumeration is cut "
                   "(default: the library's, 4096; quick: %d)" % QUICK_MAX_CANDIDATES)
    p.add_argument("--jobs", type=int, default=1, help="extract: worker processes")
    p.add_argument("--quick", action="store_true",
                   help="small run for tests: %d instances per group, languages %s, "
                   "max-candidates %d" % (QUICK_MAX_PER_GROUP, " ".join(QUICK_LANGS),
                                          QUICK_MAX_CANDIDATES))
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def finish_args(args) -> None:
    if args.max_per_group is None:
        args.max_per_group = QUICK_MAX_PER_GROUP if args.quick else 100
    if args.langs is None:
        args.langs = list(QUICK_LANGS if args.quick else DEV_LANGS)
    else:
        args.langs = [x for a in args.langs for x in a.replace(",", " ").split()]
    if args.max_per_group < 1:
        raise InputError("--max-per-group must be >= 1")
    if args.max_candidates is None:
        args.max_candidates = QUICK_MAX_CANDIDATES if args.quick else \
            ExtractOptions().max_candidates
    global JOBS
    JOBS = max(1, args.jobs)


# --------------------------------------------------------------------------- #
# Data

def gen_mcl(out: str, langs: Sequence[str], max_per_group: int, seed: int) -> str:
    """Run ``mcl_bench.py gen`` (cached); the folder with the files."""
    if not have_mcl():
        raise InputError("--mcl needs %s (the shared folder beside the repository, or "
                         "$TEA_SHARED)" % mcl_tool())
    data = os.path.join(out, "data", "mcl-s%d-m%d" % (seed, max_per_group))
    missing = [x for x in langs if not (os.path.isfile(os.path.join(data, x + ".gold.json"))
                                        and os.path.isfile(os.path.join(data, x +
                                                                        ".instances.jsonl")))]
    if missing:
        ensure_dir(data)
        cmd = [sys.executable, mcl_tool(), "gen", "--out", data, "--langs", *missing,
               "--max-per-group", str(max_per_group), "--seed", str(seed), "--cpu", "2"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise InputError("mcl_bench gen failed: %s" % (r.stderr.strip().splitlines() or
                                                           ["exit %d" % r.returncode])[-1])
    return data


def load_datasets(args) -> list:
    if args.mcl:
        data = gen_mcl(args.out, args.langs, args.max_per_group, args.seed)
        out = []
        for lang in args.langs:
            recs = read_instance_file(os.path.join(data, lang + ".instances.jsonl")).records
            gold = load(os.path.join(data, lang + ".gold.json"), lang + ".gold")
            out.append(Dataset(lang, recs, gold, lang))
        return out
    out = []
    for path in args.instances:
        recs = read_instance_file(path).records
        name = os.path.basename(path)
        for ext in (".jsonl", ".instances"):
            name = name[: -len(ext)] if name.endswith(ext) else name
        langs = {r.lang for r in recs if r.lang}
        out.append(Dataset(name, recs, None, langs.pop() if len(langs) == 1 else None))
    return out


# --------------------------------------------------------------------------- #
# Extraction and scoring

def options(**kw) -> ExtractOptions:
    return ExtractOptions(**kw)


def run_extract(instances: Sequence, opts: ExtractOptions) -> tuple[dict, float]:
    """(target CheckList, wall seconds) through the library (no subprocess)."""
    t0 = time.perf_counter()
    doc = extract(list(instances), opts, jobs=JOBS, progress=False)
    return doc, time.perf_counter() - t0


def extract_per_group_threshold(instances: Sequence, opts: ExtractOptions,
                                threshold_of) -> dict:
    """Extract with a per-group ``min_support = threshold_of(group size)``."""
    groups = group_instances(instances)
    templates, reports = [], []
    for tid, insts in groups.items():
        res = extract_group(tid, insts, replace(opts, min_support=threshold_of(len(insts))))
        templates.extend(res.templates)
        reports.append(res.report)
    langs = {i.lang for i in instances if i.lang}
    doc = {"format": "tea-checklist/1"}
    if len(langs) == 1:
        doc["lang"] = langs.pop()
    doc.update({"lexicons": {}, "templates": templates,
                "report": {"settings": opts.settings(), "groups": reports}})
    return doc


def relative_threshold(rate: float):
    """Group size n -> max(1, ceil(rate * n))."""
    return lambda n: max(1, math.ceil(rate * n - 1e-9))


def score(doc: dict, gold: LoadedChecklist | None, language: bool = False,
          cap: int = 20000) -> dict:
    """Template (and optionally language-level) P/R/F1 against the gold."""
    if gold is None:
        return {}
    res = compare(from_doc(doc, "pred"), gold, cap=cap, language=language)
    keys = ["strict_P", "strict_R", "strict_F1", "lenient_P", "lenient_R", "lenient_F1"]
    if language:
        keys += ["lang_P", "lang_R"]
    out = {k: res[k] for k in keys}
    out["lenient_tp"] = res["counts"]["lenient_tp"]
    out["strict_tp"] = res["counts"]["strict_tp"]
    out["gold_templates"] = res["counts"]["reference"]
    return out


def cost_summary(doc: dict) -> dict:
    groups = doc["report"]["groups"]
    cover = sum(g.get("cover_size", g["templates"]) for g in groups)
    bound = sum(g["lower_bound"] for g in groups)
    return {"groups": len(groups), "templates": len(doc["templates"]), "cover": cover,
            "greedy_cover": sum(g["greedy_templates"] for g in groups), "bound": bound,
            "gap": cover - bound,
            "optimal_groups": sum(1 for g in groups if g["status"] == "OPTIMAL"),
            "solver_seconds": round(sum(g["seconds"] for g in groups), 3)}


def coverage(doc: dict, instances: Sequence, ids: set | None = None) -> float | None:
    """Share of the instances (restricted to ``ids``) that a template of their group generates."""
    by_group: dict = {}
    for t in doc["templates"]:
        lex = {k: v for k, v in (t.get("lexicons") or {}).items()}
        by_group.setdefault(t["source_template_id"], []).append((parse_template(t["template"]),
                                                                 lex))
    n = hit = 0
    for inst in instances:
        if ids is not None and inst.id not in ids:
            continue
        n += 1
        text = inst.target_value
        hit += any(generates(t, lex, text) for t, lex in by_group.get(inst.template_id, ()))
    return hit / n if n else None


class SupportFilter:
    """Apply support thresholds to an extracted CheckList without solving again.

    Per group: the items are the distinct targets (weights: how many instances
    have each), a template's coverage set is the items its language contains
    (:func:`tea_solver.template.generates`), and
    :func:`tea_solver.support.filter_by_support` drops templates below the
    group's threshold exactly as ``extract --min-support`` does.
    """

    def __init__(self, doc: dict, instances: Sequence):
        self.doc = doc
        self.groups: dict = {}
        by_group: dict = {}
        for t in doc["templates"]:
            by_group.setdefault(t["source_template_id"], []).append(t)
        insts: dict = {}
        for inst in instances:
            insts.setdefault(inst.template_id, []).append(inst)
        for gid, members in insts.items():
            item_of: dict = {}
            weights: list = []
            ids: list = []
            for inst in members:
                k = item_of.setdefault(inst.target, len(item_of))
                if k == len(weights):
                    weights.append(0)
                    ids.append([])
                weights[k] += 1
                ids[k].append(inst.id)
            templates = by_group.get(gid, [])
            sets = []
            for t in templates:
                parsed = parse_template(t["template"])
                b = 0
                for target, k in item_of.items():
                    text = list(target) if members[0].multi else target[0]
                    if generates(parsed, t.get("lexicons") or {}, text):
                        b |= 1 << k
                sets.append(b)
            self.groups[gid] = (templates, sets, weights, ids, len(members))

    def apply(self, threshold_of) -> tuple[dict, set]:
        """(CheckList with the kept templates, ids of the instances they cover)."""
        from tea_solver.support import filter_by_support
        templates, covered = [], set()
        for gid, (ts, sets, weights, ids, n) in self.groups.items():
            kept, supports, owner = filter_by_support(list(range(len(ts))), sets, weights,
                                                      threshold_of(n))
            for p, c in zip(kept, supports):
                templates.append(dict(ts[p], support=c))
            for k, o in enumerate(owner):
                if o is not None:
                    covered.update(ids[k])
        doc = {k: v for k, v in self.doc.items() if k not in ("templates", "report")}
        doc["templates"] = templates
        return doc, covered


# --------------------------------------------------------------------------- #
# Output

def progress(total: int, desc: str, disable: bool = False):
    from tqdm import tqdm
    return tqdm(total=total, desc=desc, unit="run", file=sys.stderr, disable=disable,
                dynamic_ncols=True)


def note(msg: str, bar=None) -> None:
    if bar is not None:
        bar.write(msg, file=sys.stderr)
    else:
        print(msg, file=sys.stderr)


def write_csv(path: str, rows: Sequence[dict], columns: Sequence[str] | None = None) -> None:
    from tea_solver.evaluate.tables import columns_of
    write_atomic(path, csv_text(rows, list(columns or columns_of(rows))))


def write_markdown(path: str, sections: Iterable[tuple]) -> None:
    """``sections``: (title, rows, columns) -> one Markdown file."""
    parts = []
    for title, rows, columns in sections:
        parts.append("## %s\n\n%s" % (title, markdown(rows, columns) if rows else "(none)\n"))
    write_atomic(path, "\n".join(parts))


def pyplot():
    """matplotlib.pyplot with the Agg backend, or None (the 'plots' extra is missing)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        note("note: matplotlib is not installed (pip install 'tea-solver[plots]'): "
             "no PNG written")
        return None
    return plt


def save_figure(fig, path: str, title: str | None = None) -> None:
    """Title and lay out the figure, render it to memory, write it atomically,
    and close it."""
    import io
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=120, bbox_inches="tight")
    write_atomic(path, buf.getvalue())
    pyplot().close(fig)


def mean(values: Iterable[Any]) -> float | None:
    vals = [v for v in values if v is not None]
    return sum(vals) / len(vals) if vals else None


def main_wrapper(fn, argv=None) -> int:
    """Run an experiment's ``run(args)``: InputError -> one line, exit 2."""
    try:
        return fn(argv)
    except InputError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def norm(text: Any) -> str:
    return norm_ws(text)
