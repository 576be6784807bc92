"""Table 1 of the paper, diversity and correctness, for the human-translation condition.

The paper's Table 1 compares, for Hindi, CheckLists made four ways (SCR, t9n,
TEA-ver, TEA) on utility, diversity (#temp, #lexv, CT-BLEU), cost and
correctness (template P/R of TEA against the verified templates).  Offline we
have no MT system, but we have MultiCheckList (``../shared/data/multichecklist``):
CheckList templates *professionally translated* by people -- the paper's **t9n**
condition -- for Hindi and ten other languages.  So, per language:

* **t9n**: the human target templates (the gold file of
  ``shared/tools/mcl_bench.py gen``), scored for diversity;
* **TEA (human-translated input)**: TEA run on the instances those human
  templates generate -- TEA as the paper describes it (``--keys graph``, k = 2,
  ``--solver greedy``) and, beside it, this project's defaults
  (``--keys align --solver ilp``) -- scored for diversity and for correctness
  against the human templates (strict and lenient template P/R: the paper's
  "match when the templates are the same and the lexicon values of one are a
  subset of the other" lies between the two).

Everything goes through the project's own commands, exactly as a user would
type them: ``tea-solver extract`` and ``tea-solver evaluate --reference``.

    python paper_repro/table1.py --workdir /tmp/table1            # 11 dev languages
    python paper_repro/table1.py --langs hi --workdir /tmp/t1-hi  # Hindi only

Writes ``WORKDIR/table1.md`` and ``WORKDIR/table1.csv`` and prints the table.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))
BENCH = os.path.join(SHARED, "tools", "mcl_bench.py")
DEV = ["hi", "gu", "fr", "sw", "ar", "de", "es", "ru", "vi", "ja", "zh"]

#: (label, extract options): the paper's TEA and this project's defaults
CONDITIONS = [("TEA (paper: graph keys, greedy)", ["--keys", "graph", "--solver", "greedy"]),
              ("TEA (align keys, ILP)", ["--keys", "align", "--solver", "ilp"])]
COLUMNS = ["lang", "condition", "templates", "lexicon_values", "CT-BLEU", "strict_P",
           "strict_R", "lenient_P", "lenient_R", "lang_P", "seconds"]


def tea_solver(*args: str, timeout: float | None = None) -> None:
    """Run a tea-solver command in a subprocess, as a user would (check=True)."""
    subprocess.run([sys.executable, "-m", "tea_solver.cli", *args], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)


def generate(langs: list[str], out: str, seed: int | None = None) -> None:
    """MultiCheckList instances and gold (human) templates per language."""
    cmd = [sys.executable, BENCH, "gen", "--langs", ",".join(langs), "--out", out]
    if seed is not None:
        cmd += ["--seed", str(seed)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def summary_rows(evaluation_json: str) -> dict:
    """checklist name -> its summary row, from ``tea-solver evaluate``'s record."""
    with open(evaluation_json, encoding="utf-8") as f:
        record = json.load(f)
    rows = {}
    for res in record["checklists"]:
        row = {}
        for fam in ("diversity", "correctness"):
            if fam in res:
                row.update(res[fam]["summary"])
        rows[res["role"] if res["role"] == "reference" else res["name"]] = row
    return rows


def run_language(lang: str, workdir: str, mcl: str, conditions=CONDITIONS,
                 timeout: float | None = None) -> list[dict]:
    """The t9n row and one row per TEA condition; a condition whose extraction
    runs past ``timeout`` seconds gets a row saying so (no figures)."""
    instances = os.path.join(mcl, "%s.instances.jsonl" % lang)
    gold = os.path.join(mcl, "%s.gold.json" % lang)
    outputs, seconds = {}, {}
    for n, (label, opts) in enumerate(conditions):
        out = os.path.join(workdir, "%s.tea%d.json" % (lang, n))
        t0 = time.perf_counter()
        try:
            tea_solver("extract", instances, "-o", out, *opts, "--jobs", "2", timeout=timeout)
        except subprocess.TimeoutExpired:
            seconds[label] = "> %d" % timeout
            continue
        seconds[label] = round(time.perf_counter() - t0, 1)
        outputs[label] = out
    ev_dir = os.path.join(workdir, "eval-%s" % lang)
    tea_solver("evaluate", *outputs.values(), "--reference", gold, "-o", ev_dir)
    rows = summary_rows(os.path.join(ev_dir, "evaluation.json"))
    table = [dict(rows["reference"], lang=lang, condition="t9n (human templates)")]
    for label, _opts in conditions:
        row = {}
        if label in outputs:
            row = rows[os.path.splitext(os.path.basename(outputs[label]))[0]]
        table.append(dict(row, lang=lang, condition=label, seconds=seconds[label]))
    return table


def fmt(v, column: str = "") -> str:
    if v is None or v == "":
        return "-"
    if isinstance(v, float):
        return "%.1f" % v if column in ("seconds", "CT-BLEU") else "%.3f" % v
    return str(v)


def markdown(rows: list[dict]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for r in rows:
        lines.append("| " + " | ".join(fmt(r.get(c), c) for c in COLUMNS) + " |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--langs", default=",".join(DEV), help="comma-separated (default: dev)")
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--seed", type=int, default=None, help="mcl_bench sample seed")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds per extraction (the graph keys are slow on ja/zh)")
    args = ap.parse_args(argv)
    if not os.path.exists(BENCH):
        print("table1: needs %s (the shared MultiCheckList tools)" % BENCH, file=sys.stderr)
        return 2
    langs = [x for x in args.langs.replace(" ", ",").split(",") if x]
    os.makedirs(args.workdir, exist_ok=True)
    mcl = os.path.join(args.workdir, "mcl")
    generate(langs, mcl, args.seed)
    rows = []
    for lang in langs:
        rows += run_language(lang, args.workdir, mcl, timeout=args.timeout)
        print("table1: %s done" % lang, file=sys.stderr)
    text = markdown(rows)
    with open(os.path.join(args.workdir, "table1.md"), "w", encoding="utf-8") as f:
        f.write(text)
    buf = io.StringIO()
    w = csv.DictWriter(buf, COLUMNS, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    with open(os.path.join(args.workdir, "table1.csv"), "w", encoding="utf-8") as f:
        f.write(buf.getvalue())
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
