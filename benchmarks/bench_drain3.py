"""Speed against Drain3: tea-solver extract (Step 1 and the rest) vs Drain3's log-template miner.

Why: the cost of extraction is argued against a cheap baseline.  Drain3 (PyPI
``drain3``) clusters log lines into templates online, one pass over the lines with a
fixed-depth prefix tree; it knows nothing of the source templates, their slots or
lexicons.  The ratio tea/drain3 on the same file, in the same process and run, is what
extract costs over plain line clustering (the issue: "≈ 7 s per language of 4.6 k
instances; Drain3 takes 0.14 s on the same file").

What is timed, per instance file, each ``--repeat`` times (runs interleaved; the
minimum and the median are printed -- other processes on a shared machine only ever
slow a run down, so the minimum is the figure to compare):

* ``drain3``       one ``TemplateMiner`` (in-memory ``TemplateMinerConfig()``: the
                   defaults, no masking, no persistence, no profiling) fed every target
                   line of the file in file order: the whole file as one log, the natural
                   Drain3 use (``--drain-scope group``: a fresh miner per ``template_id``);
* ``step1 align``  Step 1 of ``--keys align`` alone: ``group_instances`` +
                   ``align_file`` (the Step-1 model fitted to the whole file);
* ``extract align`` (``extract graph`` with ``--keys align graph``)
                   ``tea_solver.extract.extract`` -- the function ``tea-solver extract``
                   calls -- with ``ExtractOptions(keys=...)`` and the command line's
                   defaults otherwise (ILP cover, 30 s limit, ``--jobs``): Step 1 and the
                   rest, from the parsed records to the output document;
* ``cli drain3``, ``cli align`` (``cli graph``)  whole programs in a subprocess, wall
                   time: a Python process that imports Drain3, reads the JSONL and mines
                   it as above; ``tea-solver extract FILE -o OUT --keys ...`` (start-up,
                   imports, reading and writing included; ``--no-cli`` skips them).
                   Their ratio is to ``cli drain3``, the other rows' to ``drain3``.

``drain3``, ``step1`` and ``extract`` start from records already in memory (the file is
read once, untimed).  ``out`` is what each made: Drain3 clusters, tea templates, Step-1
groups aligned -- deterministic; only the seconds vary.  Drain3 splits on whitespace, so
most Japanese or Chinese targets are one token and its clusters are about the distinct
lines; all one-token lines share one leaf of its tree, each is compared with every
cluster there, and Drain3 takes seconds too.  Makes no assertions.  Usage::

    python benchmarks/bench_drain3.py [--instances FILE ...] [--repeat 3] [--keys align [graph]]
                                      [--jobs auto|N] [--drain-scope file|group] [--no-cli]
                                      [--json OUT.json]

Without ``--instances`` it generates French with ``../shared/tools/mcl_bench.py gen``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
sys.path.insert(0, str(REPO))

INSTALL = ("bench_drain3: drain3 is not installed; install it with "
           "`pip install drain3` (or `pip install -e '.[bench]'`)")
CLI = "import sys; from tea_solver.cli import main; sys.exit(main())"
COLUMNS = ("file", "instances", "groups", "run", "min_s", "median_s", "inst/s",
           "x_drain3", "x_drain3_med", "out")


def generate(out_dir: Path, lang: str = "fr") -> Path:
    """One language of the MultiCheckList benchmark, as the 38-language run makes it."""
    tool = SHARED / "tools" / "mcl_bench.py"
    if not tool.is_file():
        raise SystemExit("bench_drain3: %s not found; pass --instances FILE" % tool)
    subprocess.run([sys.executable, str(tool), "gen", "--langs", lang, "--out", str(out_dir)],
                   check=True, stdout=subprocess.DEVNULL)
    return out_dir / ("%s.instances.jsonl" % lang)


def drain3_run(lines: list, scope: str) -> int:
    """Mine every (template_id, target line); the number of clusters."""
    from drain3 import TemplateMiner
    from drain3.template_miner_config import TemplateMinerConfig
    if scope == "file":
        miner = TemplateMiner(persistence_handler=None, config=TemplateMinerConfig())
        for _tid, line in lines:
            miner.add_log_message(line)
        return len(miner.drain.clusters)
    miners: dict = {}
    for tid, line in lines:
        miner = miners.get(tid)
        if miner is None:
            miner = miners[tid] = TemplateMiner(persistence_handler=None,
                                                config=TemplateMinerConfig())
        miner.add_log_message(line)
    return sum(len(m.drain.clusters) for m in miners.values())


def drain3_child(path: str, scope: str) -> None:
    """``cli drain3``: a whole Drain3 program -- import, read the JSONL, mine -- as the
    CLI figure of tea-solver is; prints the number of clusters."""
    lines = []
    with open(path, encoding="utf-8") as f:
        for text in f:
            if text.strip():
                rec = json.loads(text)
                targets = rec["target"] if isinstance(rec["target"], list) else [rec["target"]]
                lines += [(rec["template_id"], t) for t in targets]
    print(drain3_run(lines, scope))


def drain3_cli_run(path: Path, scope: str) -> int:
    out = subprocess.run([sys.executable, __file__, "--drain3-child", str(path), scope],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    return int(out.split()[0])


def step1_run(records) -> int:
    from tea_solver.extract import ExtractOptions, align_file, group_instances
    alignments, _notes = align_file(group_instances(records), ExtractOptions(keys="align"),
                                    progress=False)
    return len(alignments)


def extract_run(records, keys: str, jobs) -> int:
    from tea_solver.extract import ExtractOptions, extract
    from tea_solver.workers import auto_jobs, available_cores
    if jobs == "auto":                   # as the command line resolves it
        jobs = auto_jobs(len(records), available_cores())
    doc = extract(records, ExtractOptions(keys=keys), jobs=jobs, progress=False)
    return len(doc["templates"])


def cli_run(path: Path, keys: str, jobs, out: Path) -> int:
    if out.exists():
        out.unlink()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO)] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    proc = subprocess.run([sys.executable, "-c", CLI, "extract", str(path), "-o", str(out),
                           "--keys", keys, "--jobs", str(jobs), "--no-progress"],
                          env=env, cwd=str(REPO), stderr=subprocess.PIPE, text=True)
    if proc.returncode:
        raise SystemExit("bench_drain3: tea-solver extract %s --keys %s: exit %d\n%s"
                         % (path, keys, proc.returncode, proc.stderr))
    with open(out, encoding="utf-8") as f:
        return len(json.load(f)["templates"])


def bench_file(path: Path, args, tmp: Path) -> dict:
    """Every run on one file, ``args.repeat`` times interleaved."""
    from tea_solver.extract import ExtractOptions, align_fallback, group_instances
    from tea_solver.io import read_instance_file
    records = read_instance_file(str(path)).records
    groups = len(group_instances(records))
    # a multi-field target is one line per field
    lines = [(inst.template_id, text) for inst in records for text in inst.target]
    runs = [("drain3 (%s)" % args.drain_scope, lambda: drain3_run(lines, args.drain_scope))]
    keys_run = list(args.keys)
    if "align" in keys_run and align_fallback(records, ExtractOptions(keys="align"))[1]:
        print("bench_drain3: %s: instances without source/fill; --keys align skipped"
              % path, file=sys.stderr)
        keys_run.remove("align")
    if "align" in keys_run:
        runs.append(("step1 align", lambda: step1_run(records)))
    for keys in keys_run:
        runs.append(("extract %s" % keys, lambda k=keys: extract_run(records, k, args.jobs)))
    if not args.no_cli:
        runs.append(("cli drain3", lambda: drain3_cli_run(path, args.drain_scope)))
        for keys in keys_run:
            out = tmp / ("cli-%s.json" % keys)
            runs.append(("cli %s" % keys,
                         lambda k=keys, o=out: cli_run(path, k, args.jobs, o)))
    seconds = {name: [] for name, _ in runs}
    made = {name: set() for name, _ in runs}
    for _ in range(args.repeat):
        for name, fn in runs:
            t0 = time.perf_counter()
            n = fn()
            seconds[name].append(time.perf_counter() - t0)
            made[name].add(n)
    rows = []
    for name, _ in runs:
        s = seconds[name]
        # a whole program against a whole program, a library call against a library call
        base = seconds["cli drain3" if name.startswith("cli ") else runs[0][0]]
        rows.append({"file": str(path), "instances": len(records), "groups": groups,
                     "run": name, "seconds": [round(x, 4) for x in s],
                     "min_s": min(s), "median_s": statistics.median(s),
                     "instances_per_s": len(records) / min(s),
                     "ratio_min": min(s) / min(base),
                     "ratio_median": statistics.median(s) / statistics.median(base),
                     # one value unless a run is not deterministic
                     "out": sorted(made[name])})
    return {"path": str(path), "instances": len(records), "groups": groups, "runs": rows}


def _git_state() -> str | None:
    """The commit measured, ``-dirty`` when the work tree has changes."""
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty"], cwd=str(REPO),
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def table(rows: list) -> str:
    cells = [[Path(r["file"]).name, str(r["instances"]), str(r["groups"]), r["run"],
              "%.3f" % r["min_s"], "%.3f" % r["median_s"], "%.0f" % r["instances_per_s"],
              "%.1f" % r["ratio_min"], "%.1f" % r["ratio_median"],
              "/".join(str(n) for n in r["out"])] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(COLUMNS)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(COLUMNS, widths))]
    lines += ["  ".join(v.rjust(w) for v, w in zip(row, widths)) for row in cells]
    return "\n".join(lines)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--drain3-child":
        drain3_child(argv[1], argv[2])
        return 0
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--instances", action="append", nargs="+", type=Path, metavar="FILE",
                   help="instance files (JSONL) to time; repeatable (default: French "
                        "generated with ../shared/tools/mcl_bench.py gen --langs fr)")
    p.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    p.add_argument("--keys", nargs="+", default=["align"], choices=["align", "graph"],
                   help="extract runs: align (the command line's default) and/or graph "
                        "(default: align)")
    p.add_argument("--jobs", default="auto",
                   help="extract --jobs: N or auto (default auto, the command line's "
                        "default: two processes on a large file; 1: one process, as Drain3)")
    p.add_argument("--drain-scope", choices=["file", "group"], default="file",
                   help="one Drain3 miner for the whole file (default) or one per template_id")
    p.add_argument("--no-cli", action="store_true", help="skip the CLI subprocess runs")
    p.add_argument("--json", type=Path, metavar="PATH", help="write the figures here")
    args = p.parse_args(argv)
    if args.jobs != "auto":
        try:
            args.jobs = int(args.jobs)
        except ValueError:
            args.jobs = 0
    if args.repeat < 1 or (args.jobs != "auto" and args.jobs < 1):
        p.error("--repeat must be at least 1, --jobs at least 1 or auto")
    try:
        import drain3  # noqa: F401
    except ImportError:
        print(INSTALL, file=sys.stderr)
        return 2
    from importlib.metadata import version
    # imported before any timing, so no run pays for them (extract imports lazily)
    import tea_solver.agreement  # noqa: F401
    import tea_solver.extract  # noqa: F401
    import tea_solver.keys.graph  # noqa: F401
    import tea_solver.keys.model  # noqa: F401
    from tea_solver import __version__

    files = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = [f for group in args.instances for f in group] if args.instances else \
            [generate(Path(tmp) / "mcl")]
        for path in paths:
            result = bench_file(path, args, Path(tmp))
            files.append(result)
            print(table(result["runs"]) + "\n", flush=True)
    print("%d repeat(s), extract --jobs %s, %d core(s), Drain3 %s, one miner per %s.  "
          "x_drain3: min seconds / the min of drain3 (cli rows: of cli drain3); "
          "x_drain3_med: the same of the medians; inst/s from the min; out: Drain3 "
          "clusters, tea templates, step1 groups aligned.  drain3, step1 and extract start "
          "from parsed records; cli rows are whole processes (start-up, imports, reading, "
          "writing)." % (args.repeat, args.jobs, os.cpu_count() or 1, version("drain3"),
                         "file" if args.drain_scope == "file" else "template_id"))
    if args.json:
        meta = {"repeat": args.repeat, "jobs": args.jobs, "keys": args.keys,
                "drain_scope": args.drain_scope, "cli": not args.no_cli,
                "drain3": version("drain3"), "tea_solver": __version__,
                "python": platform.python_version(), "cores": os.cpu_count(),
                "git": _git_state()}
        args.json.write_text(json.dumps({"settings": meta, "files": files}, indent=1) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
