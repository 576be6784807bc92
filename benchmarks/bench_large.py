"""One large group: seconds and peak memory at 10k / 30k / 100k instances, greedy vs ILP.

A group of that size is one source template expanded far (four slots, 60 x 40 x 59 x 50
fills, a seeded sample of N) and "translated" word by word into a made-up language with
the word order reversed; one instance in 37 takes a variant frame word and one in 101
drops a word, so the cover has several templates to choose.  Every configuration runs in a fresh process (``extract`` of the
whole file, as the command line does), so its peak resident memory is its own
(``ru_maxrss`` from ``wait4``).  Besides the total it prints the cover stage alone
(greedy or reduction + CP-SAT) and, last, the ILP / greedy ratios of the same run, and
one ILP run with ``--time-limit 0.01`` to show the limit bounds the cover stage.

Makes no assertions.  Usage::

    python benchmarks/bench_large.py [--sizes 10000 30000 100000] [--keys graph align]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

COLUMNS = ("instances", "keys", "solver", "limit", "seconds", "cover_s", "peak_MB",
           "candidates", "templates", "greedy", "status", "bound")


def _words(prefix: str, n: int) -> list:
    return ["%s%s" % (prefix, "".join(chr(97 + (i // 26 ** k) % 26) for k in range(3)))
            for i in range(n)]


def write_group(path: Path, n: int, seed: int = 0) -> None:
    """``n`` instances of one template, with source, fill and a synthetic target."""
    from tea_solver.expand import iter_expanded
    from tea_solver.io.jsontext import dumps
    doc = {"format": "tea-checklist/1",
           "lexicons": {"name": _words("Na", 60), "adj": _words("ad", 40),
                        "city": _words("Ci", 50)},
           "templates": [{"id": "big", "template":
                          "{name} is more {adj} than {name1} in {city}."}]}
    with open(path, "w", encoding="utf-8") as f:
        for k, rec in enumerate(iter_expanded(doc, max_per_template=n, seed=seed, lang="xx")):
            words = [w[::-1].lower() + "x" for w in reversed(rec["source"].rstrip(".").split())]
            if k % 37 == 0:          # a variant the translator sometimes writes
                words[4] = "plusx"
            if k % 101 == 0:         # and an omission
                del words[1]
            rec["target"] = " ".join(words) + "."
            f.write(dumps(rec, ensure_ascii=False) + "\n")


def child(path: str, keys: str, solver: str, limit: float) -> None:
    """Extract ``path`` in this process; print the figures as one JSON line."""
    import tea_solver.extract as ex
    from tea_solver.io import read_instance_file
    cover_seconds = [0.0]

    def timed(fn):
        def run(*a, **k):
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                cover_seconds[0] += time.perf_counter() - t
        return run

    ex.ilp_cover, ex.greedy_cover = timed(ex.ilp_cover), timed(ex.greedy_cover)
    t0 = time.perf_counter()
    records = read_instance_file(path).records
    doc = ex.extract(records, ex.ExtractOptions(keys=keys, solver=solver, time_limit=limit),
                     progress=False)
    g = doc["report"]["groups"][0]
    print(json.dumps({"seconds": time.perf_counter() - t0, "cover_s": cover_seconds[0],
                      "candidates": g["candidates"], "templates": g["templates"],
                      "greedy": g["greedy_templates"], "status": g["status"],
                      "bound": g["lower_bound"]}))


def measure(path: Path, keys: str, solver: str, limit: float) -> dict:
    proc = subprocess.Popen([sys.executable, __file__, "--child", str(path), keys, solver,
                             repr(limit)], stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit("child failed (%s %s %s): exit %d" % (path, keys, solver,
                                                               proc.returncode))
    row = json.loads(out.strip().splitlines()[-1])
    row["peak_MB"] = usage.ru_maxrss / 1024
    return row


def table(rows: list) -> str:
    cells = [[_fmt(r.get(c)) for c in COLUMNS] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(COLUMNS)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(COLUMNS, widths))]
    lines += ["  ".join(v.rjust(w) for v, w in zip(row, widths)) for row in cells]
    return "\n".join(lines)


def _fmt(v) -> str:
    if isinstance(v, float):
        return "%.1f" % v if v >= 10 else "%.2f" % v
    return "-" if v is None else str(v)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--child":
        child(argv[1], argv[2], argv[3], float(argv[4]))
        return 0
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", nargs="+", type=int, default=[10_000, 30_000, 100_000])
    p.add_argument("--keys", nargs="+", default=["graph", "align"], choices=["graph", "align"])
    p.add_argument("--time-limit", type=float, default=30.0)
    args = p.parse_args(argv)
    rows, ratios = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            path = Path(tmp) / ("group%d.jsonl" % n)
            write_group(path, n)
            for keys in args.keys:
                pair = {}
                for solver in ("greedy", "ilp"):
                    row = measure(path, keys, solver, args.time_limit)
                    row.update(instances=n, keys=keys, solver=solver, limit=args.time_limit)
                    rows.append(row)
                    pair[solver] = row
                    print(table([row]).splitlines()[1], flush=True)
                ratios.append((n, keys, pair["ilp"]["seconds"] / pair["greedy"]["seconds"],
                               pair["ilp"]["cover_s"] / max(pair["greedy"]["cover_s"], 1e-9),
                               pair["ilp"]["peak_MB"] / pair["greedy"]["peak_MB"],
                               pair["ilp"]["templates"], pair["greedy"]["templates"]))
        n = max(args.sizes)
        path = Path(tmp) / ("group%d.jsonl" % n)
        row = measure(path, args.keys[0], "ilp", 0.01)
        row.update(instances=n, keys=args.keys[0], solver="ilp", limit=0.01)
        rows.append(row)
    print()
    print(table(rows))
    print("\nILP / greedy in the same run:")
    print("  instances  keys   seconds  cover_s  peak_MB  templates (ilp/greedy)")
    for n, keys, s, c, m, ti, tg in ratios:
        print("  %9d  %-5s  %7.2f  %7.1f  %7.2f  %d/%d" % (n, keys, s, c, m, ti, tg))
    print("\nseconds: the whole extract (read, keys, candidates, cover, output) in one "
          "process; cover_s: greedy_cover or ilp_cover alone; peak_MB: maximum resident "
          "memory of that process; limit: --time-limit (the last row: the cover stage "
          "must end within about 3 x limit + 1 s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
