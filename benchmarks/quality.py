"""Every quality figure of issue 11 in one table, each with the command that reproduces it.

Usage::

    python benchmarks/quality.py [--tool 'tea-solver extract {in} -o {out} --keys align']
        [--quick] [--only synth|synth-mcl|synth-sentiment|metamorph|dev]
        [--seeds 1 2 3] [--noise 0 0.05 0.1 0.2] [--settings NAME ...]
        [--jobs 1] [--cpu 2] [--timeout 900] [--workdir DIR] [--json OUT]

Sections of the table (all figures are the measuring instrument's,
``shared/tools/mcl_bench.py``; rows pool the instrument's counts over languages
and seeds, so every figure is *micro*: strict/lenient template F1, lang-P (the
share of strings the extracted templates generate that the gold generates),
coverage (share of clean instance targets the extracted templates generate),
count ratio (extracted / gold templates)):

* ``synth``: pseudo-languages with known gold (``benchmarks/synth``), one row
  per setting (a phenomenon alone, or a mixture) and noise level, pooled over
  seeds; the source is the English of MultiCheckList (``synth-mcl``, through a
  generated TSV and ``mcl_bench all --tsv``) or of the sentiment CheckList
  (``synth-sentiment``, through ``mcl_bench run``).  ``all settings`` rows pool
  every setting of a noise level.
* ``metamorph`` (``shared/tools/metamorph.py``): identity (target = source) on
  the MultiCheckList English and on the sentiment CheckList, which must give
  back the source templates (issue 11: strict F1 >= 0.98 on sentiment); a
  letter bijection (cipher) of every dev language, which must not change any
  score (|plain - cipher| strict F1 <= 0.01 per language).
* ``dev``: the 11 development languages, clean and ``--noise 0.1`` — a
  regression check: the tool was tuned on them, so they are *not* a quality
  figure.

``s/lang`` is the tool's mean wall-clock seconds per language (4.6 k instances
for MultiCheckList, 4.1 k for sentiment); the instrument runs one language at a
time unless ``--jobs`` > 1, which makes seconds incomparable.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.synth import checklist as synth_checklist  # noqa: E402
from benchmarks.synth import instrument  # noqa: E402
from benchmarks.synth.settings import QUICK, select  # noqa: E402
from benchmarks.synth.source import read_mcl  # noqa: E402
from benchmarks.synth.tsv import write_tsv  # noqa: E402
from tea_solver.errors import InputError  # noqa: E402
from tea_solver.io import write_atomic  # noqa: E402
from tea_solver.io.atomic import read_text  # noqa: E402

DEFAULT_TOOL = "tea-solver extract {in} -o {out} --keys align"
NOISE_LEVELS = (0.0, 0.05, 0.1, 0.2)
SEEDS = (1, 2, 3)
DEV_LANGS = ("hi", "gu", "fr", "sw", "ar", "de", "es", "ru", "vi", "ja", "zh")
QUICK_CIPHER_LANGS = ("fr", "hi")
CIPHER_SEED = 5
IDENTITY_LANG = "fr"
SENTIMENT_MAX_PER_TEMPLATE = 50
SECTIONS = ("synth-mcl", "synth-sentiment", "metamorph", "dev")
TARGETS = {"identity sentiment": "strict F1 >= 0.98", "cipher": "max abs diff <= 0.01"}


class QualityError(Exception):
    """A step could not run: one line for the user, exit status 2."""


@dataclass
class Row:
    section: str
    figure: str
    noise: float | None = None
    counts: Counter = field(default_factory=Counter)
    seconds: list = field(default_factory=list)
    languages: int = 0
    target: str = ""
    cmd: str = ""
    note: str = ""
    failures: list = field(default_factory=list)

    def add(self, result: dict, where: str = "") -> None:
        """Pool one language's result of the instrument (``where``: e.g. the seed)."""
        self.counts.update(result["counts"])
        self.seconds.append(result.get("seconds") or 0.0)
        self.languages += 1
        if result.get("prediction_error"):
            self.failures.append("%s%s: %s" % (result.get("lang"), where,
                                               result["prediction_error"]))

    def metrics(self) -> dict:
        return instrument.mcl_bench().metrics_from_counts(self.counts)

    def secs_per_lang(self) -> float | None:
        return sum(self.seconds) / len(self.seconds) if self.seconds else None


class Runner:
    """Runs the instrument and the generator; remembers the commands it printed."""

    def __init__(self, args):
        self.args = args
        self.work = Path(args.workdir)
        self.work.mkdir(parents=True, exist_ok=True)
        self.logs = self.work / "logs"
        self.logs.mkdir(exist_ok=True)
        self.env = dict(os.environ)
        # `tea-solver` of the interpreter running this script comes first on PATH
        self.env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + self.env.get("PATH", "")
        self.commands: OrderedDict = OrderedDict()     # id -> command text
        self.rows: list[Row] = []
        self.bench = [sys.executable, str(instrument.mcl_bench_path())]
        self.metamorph = [sys.executable, str(instrument.metamorph_path())]
        self._n = 0

    # -- commands
    def remember(self, key: str, text: str) -> str:
        self.commands.setdefault(key, text)
        return key

    def run(self, argv: list, what: str) -> None:
        self._n += 1
        log = self.logs / ("%03d.log" % self._n)
        with open(log, "w", encoding="utf-8") as f:
            f.write("$ %s\n" % " ".join(shlex.quote(str(a)) for a in argv))
            f.flush()
            p = subprocess.run([str(a) for a in argv], stdout=f, stderr=subprocess.STDOUT,
                               env=self.env, cwd=str(REPO))
        if p.returncode != 0:
            last = log.read_text(encoding="utf-8").strip().splitlines()[-1:]
            raise QualityError("%s failed (exit %d): %s (log: %s)"
                               % (what, p.returncode, last[0] if last else "", log))

    def instrument_run(self, sub: str, extra: list, json_out: Path, label: str) -> list:
        a = self.args
        argv = self.bench + [sub] + extra + [
            "--tool", a.tool, "--json", json_out, "--label", label, "--jobs", a.jobs,
            "--cpu", a.cpu, "--timeout", a.timeout]
        self.run(argv, "mcl_bench.py %s (%s)" % (sub, label))
        return json.loads(json_out.read_text(encoding="utf-8"))["languages"]

    def say(self, msg: str) -> None:
        print("[%s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr, flush=True)


def _noise_tag(p: float) -> str:
    return ("%g" % p).replace(".", "")


BENCH = "python3 ../shared/tools/mcl_bench.py"
META = "python3 ../shared/tools/metamorph.py"


# --------------------------------------------------------------------------- #
# synthetic


def synth_mcl(r: Runner, settings, seeds, noises) -> None:
    a = r.args
    tsv_dir = r.work / "synth-tsv"
    source = read_mcl(instrument.dev_tsv())
    names = " ".join(s.name for s in settings)
    r.remember("G1", "python -m benchmarks.synth mcl --out %s --seeds %s --settings %s"
               % (tsv_dir, " ".join(map(str, seeds)), names))
    r.remember("M1", "%s all --tsv %s/seed{SEED}.tsv --langs {CODE} --noise {NOISE} "
               "--tool %s   (for SEED in %s)"
               % (BENCH, tsv_dir, shlex.quote(a.tool), " ".join(map(str, seeds))))
    rows = OrderedDict(((s.name, p), Row("synth-mcl", s.name, p, cmd="G1, M1 CODE=%s" % s.code))
                       for p in noises for s in settings)
    totals = {p: Row("synth-mcl", "all settings", p, cmd="G1, M1 --langs all") for p in noises}
    for seed in seeds:
        path = write_tsv(source, settings, seed, tsv_dir)
        manifest = json.loads(path.with_name("seed%d.manifest.json" % seed).read_text("utf-8"))
        for p in noises:
            tag = "synth-mcl-s%d-n%s" % (seed, _noise_tag(p))
            r.say("synthetic MultiCheckList seed %d noise %g (%d languages)"
                  % (seed, p, len(settings)))
            res = r.instrument_run("all", [
                "--tsv", path, "--langs", ",".join(s.code for s in settings),
                "--noise", p, "--workdir", r.work / tag], r.work / (tag + ".json"), tag)
            for lang in res:
                name = manifest["languages"][lang["lang"]]["setting"]
                rows[(name, p)].add(lang, " seed %d" % seed)
                totals[p].add(lang, " seed %d" % seed)
    for p in noises:
        r.rows.extend(rows[(s.name, p)] for s in settings)
        r.rows.append(totals[p])


def synth_sentiment(r: Runner, settings, seeds, noises) -> None:
    a = r.args
    cl = instrument.sentiment_checklist()
    r.remember("G2", "python -m benchmarks.synth checklist --out DIR --seed {SEED} "
               "--noise {NOISE} --settings {SETTING}   (max-per-template %d, expand seed 0)"
               % SENTIMENT_MAX_PER_TEMPLATE)
    r.remember("M2", "%s run --workdir DIR --tool %s" % (BENCH, shlex.quote(a.tool)))
    rows = OrderedDict(((s.name, p), Row("synth-sentiment", s.name, p,
                                         cmd="G2, M2 SETTING=%s" % s.name))
                       for p in noises for s in settings)
    totals = {p: Row("synth-sentiment", "all settings", p, cmd="G2, M2") for p in noises}
    for seed in seeds:
        clean = r.work / ("synth-sent-s%d-n0" % seed)
        r.say("synthetic sentiment seed %d: generating %d languages" % (seed, len(settings)))
        for st in settings:
            synth_checklist.write(cl, st, seed, clean,
                                  max_per_template=SENTIMENT_MAX_PER_TEMPLATE)
        for p in noises:
            tag = "synth-sent-s%d-n%s" % (seed, _noise_tag(p))
            wd = r.work / tag
            if p > 0:
                if wd.exists():
                    shutil.rmtree(wd)
                wd.mkdir()
                for st in settings:
                    for suffix in (".instances.jsonl", ".gold.json"):
                        shutil.copy(clean / (st.code + suffix), wd / (st.code + suffix))
                    instrument.corrupt_workdir(wd, st.code, p, 13)
            r.say("synthetic sentiment seed %d noise %g" % (seed, p))
            res = r.instrument_run("run", ["--workdir", wd, "--langs",
                                           ",".join(s.code for s in settings)],
                                   r.work / (tag + ".json"), tag)
            by_code = {s.code: s.name for s in settings}
            for lang in res:
                rows[(by_code[lang["lang"]], p)].add(lang, " seed %d" % seed)
                totals[p].add(lang, " seed %d" % seed)
    mark_plain_copies(rows, settings, [r.work / ("synth-sent-s%d-n0" % s) for s in seeds])
    for p in noises:
        r.rows.extend(rows[(s.name, p)] for s in settings)
        r.rows.append(totals[p])


def _targets(workdir: Path, code: str) -> list:
    path = workdir / ("%s.instances.jsonl" % code)
    with open(path, encoding="utf-8") as f:
        return [json.loads(line)["target"] for line in f if line.strip()]


def mark_plain_copies(rows: dict, settings, workdirs) -> None:
    """Note the settings whose data equal ``plain``'s in every seed: the phenomenon
    has nothing to act on in this source (no names, no comparative tuples …)."""
    if "plain" not in {s.name for s in settings}:
        return
    for st in settings:
        if st.name != "plain" and all(_targets(w, st.code) == _targets(w, "plain")
                                      for w in workdirs):
            for (name, _p), row in rows.items():
                if name == st.name:
                    row.note = "same data as plain: nothing in this source to act on"


# --------------------------------------------------------------------------- #
# metamorphic and dev


def dev_plain(r: Runner, langs) -> dict:
    """Generate the dev languages once (clean); results of the plain run per language."""
    a = r.args
    gen = r.work / "dev-clean"
    if not hasattr(r, "_dev_plain"):
        r.say("dev languages, clean: %s" % " ".join(langs))
        r.run(r.bench + ["gen", "--langs", ",".join(langs), "--out", gen, "--cpu", a.cpu],
              "mcl_bench.py gen (dev)")
        res = r.instrument_run("run", ["--workdir", gen, "--langs", ",".join(langs)],
                               r.work / "dev-clean.json", "dev-clean")
        r._dev_plain = {x["lang"]: x for x in res}
    return r._dev_plain


def metamorph(r: Runner, cipher_langs) -> None:
    a = r.args
    tool = shlex.quote(a.tool)
    # identity on the MultiCheckList English
    gen = r.work / "identity-mcl-src"
    out = r.work / "identity-mcl"
    r.say("identity: MultiCheckList English")
    r.run(r.bench + ["gen", "--langs", IDENTITY_LANG, "--out", gen, "--cpu", a.cpu],
          "mcl_bench.py gen (identity)")
    r.run(r.metamorph + ["identity", "--src", gen, "--lang", IDENTITY_LANG, "--out", out],
          "metamorph.py identity")
    r.remember("I1", "%s gen --langs %s --out A && %s identity --src A --lang %s --out B && "
               "%s run --workdir B --tool %s" % (BENCH, IDENTITY_LANG, META, IDENTITY_LANG,
                                                 BENCH, tool))
    row = Row("metamorph", "identity MultiCheckList English", cmd="I1",
              target="source templates back")
    for x in r.instrument_run("run", ["--workdir", out], r.work / "identity-mcl.json",
                              "identity-mcl"):
        row.add(x)
    r.rows.append(row)
    # identity on the sentiment CheckList
    r.say("identity: sentiment CheckList")
    exp = r.work / "sentiment.expanded.jsonl"
    out = r.work / "identity-sentiment"
    r.run(["tea-solver", "expand", instrument.sentiment_checklist(), "-o", exp,
           "--max-per-template", SENTIMENT_MAX_PER_TEMPLATE, "--seed", 0], "tea-solver expand")
    r.run(r.metamorph + ["identity-checklist", "--instances", exp, "--checklist",
                         instrument.sentiment_checklist(), "--out", out],
          "metamorph.py identity-checklist")
    r.remember("I2", "tea-solver expand ../shared/data/checklist-sentiment/sentiment_mft.json "
               "-o S.jsonl --max-per-template %d --seed 0 && %s identity-checklist --instances "
               "S.jsonl --checklist ../shared/data/checklist-sentiment/sentiment_mft.json "
               "--out B && %s run --workdir B --tool %s"
               % (SENTIMENT_MAX_PER_TEMPLATE, META, BENCH, tool))
    row = Row("metamorph", "identity sentiment", cmd="I2", target=TARGETS["identity sentiment"])
    for x in r.instrument_run("run", ["--workdir", out], r.work / "identity-sentiment.json",
                              "identity-sentiment"):
        row.add(x)
    r.rows.append(row)
    # cipher
    plain = dev_plain(r, cipher_langs if a.quick else DEV_LANGS)
    ci = r.work / "cipher"
    r.say("cipher (letter bijection, seed %d): %s" % (CIPHER_SEED, " ".join(cipher_langs)))
    r.run(r.metamorph + ["cipher", "--src", r.work / "dev-clean", "--out", ci, "--seed",
                         CIPHER_SEED, "--langs"] + list(cipher_langs), "metamorph.py cipher")
    res = r.instrument_run("run", ["--workdir", ci, "--langs", ",".join(cipher_langs)],
                           r.work / "cipher.json", "cipher")
    r.remember("C1", "%s gen --langs {LANG} --out A && %s run --workdir A --tool %s && "
               "%s cipher --src A --out B --seed %d --langs {LANG} && %s run --workdir B "
               "--tool %s" % (BENCH, BENCH, tool, META, CIPHER_SEED, BENCH, tool))
    diffs = []
    for x in res:
        p = plain[x["lang"]]
        d = abs(x["strict_F1"] - p["strict_F1"])
        diffs.append(d)
        row = Row("metamorph", "cipher %s" % x["lang"], cmd="C1 LANG=%s" % x["lang"],
                  target="plain strict F1 %.3f, abs diff %.3f" % (p["strict_F1"], d))
        row.add(x)
        r.rows.append(row)
    row = Row("metamorph", "cipher: max abs diff of strict F1, plain vs cipher", cmd="C1",
              target=TARGETS["cipher"], note="%.3f over %d languages" % (max(diffs), len(diffs)))
    r.rows.append(row)


def dev(r: Runner) -> None:
    a = r.args
    tool = shlex.quote(a.tool)
    plain = dev_plain(r, DEV_LANGS)
    r.remember("D1", "%s all --langs dev --tool %s" % (BENCH, tool))
    r.remember("D2", "%s all --langs dev --noise 0.1 --tool %s" % (BENCH, tool))
    row = Row("dev", "dev (tuned on: not a quality figure)", 0.0, cmd="D1")
    for lang in DEV_LANGS:
        row.add(plain[lang])
    r.rows.append(row)
    r.say("dev languages, --noise 0.1")
    res = r.instrument_run("all", ["--langs", ",".join(DEV_LANGS), "--noise", 0.1,
                                   "--workdir", r.work / "dev-n01"],
                           r.work / "dev-n01.json", "dev-n01")
    row = Row("dev", "dev (tuned on: not a quality figure)", 0.1, cmd="D2")
    for x in res:
        row.add(x)
    r.rows.append(row)


# --------------------------------------------------------------------------- #
# output


def _f(v, nd=3):
    return "-" if v is None else "%.*f" % (nd, v)


def table(rows: list) -> str:
    """The one table: a row a figure."""
    head = ("| section | figure | noise | strict F1 | lenient F1 | lang-P | coverage | "
            "count ratio | s/lang | langs | target / note | command |")
    lines = [head, "|" + "---|" * 12]
    for row in rows:
        if row.counts:
            m = row.metrics()
            cells = [_f(m["strict_F1"]), _f(m["lenient_F1"]), _f(m["lang_P"]),
                     _f(m["coverage_clean"]), _f(m["count_ratio"], 2)]
        else:
            cells = ["-"] * 5
        notes = [x for x in (row.target, row.note) if x]
        if row.failures:
            notes.append("%d failed: %s%s" % (len(row.failures), "; ".join(row.failures[:3]),
                                               " …" if len(row.failures) > 3 else ""))
        note = "; ".join(notes)
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            row.section, _cell(row.figure), "-" if row.noise is None else "%g" % row.noise,
            " | ".join(cells), _f(row.secs_per_lang(), 1), row.languages or "-", _cell(note),
            _cell(row.cmd)))
    return "\n".join(lines)


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return str(text).replace("|", "\\|")


def pivot(rows: list, section: str) -> str:
    """Strict F1 of one synthetic section at a glance: setting x noise level."""
    cells = OrderedDict()
    noises = []
    for row in rows:
        if row.section != section or not row.counts:
            continue
        cells.setdefault(row.figure, {})[row.noise] = row.metrics()["strict_F1"]
        if row.noise not in noises:
            noises.append(row.noise)
    if not cells:
        return ""
    lines = ["| %s: strict F1 | %s |" % (section, " | ".join("noise %g" % p for p in noises)),
             "|---|" + "---:|" * len(noises)]
    for fig, by in cells.items():
        lines.append("| %s | %s |" % (fig, " | ".join(_f(by.get(p)) for p in noises)))
    return "\n".join(lines)


def report(rows: list, commands: dict, title: str, footer: str = "") -> None:
    print("## %s\n" % title)
    print(table(rows))
    for section in ("synth-mcl", "synth-sentiment"):
        text = pivot(rows, section)
        if text:
            print("\n" + text)
    print("\nCommands (from the repository root; A, B, DIR: any directories):\n")
    for key, text in commands.items():
        print("* %s: `%s`" % (key, text))
    if footer:
        print("\n" + footer)


def to_json(r: Runner, elapsed: float) -> dict:
    rows = []
    for row in r.rows:
        rows.append({"section": row.section, "figure": row.figure, "noise": row.noise,
                     "metrics": row.metrics() if row.counts else None,
                     "counts": dict(row.counts), "seconds": row.seconds,
                     "seconds_per_language": row.secs_per_lang(),
                     "languages": row.languages, "target": row.target, "note": row.note,
                     "failures": row.failures, "command": row.cmd})
    a = r.args
    return {"format": "tea-quality/1", "tool": a.tool, "quick": a.quick, "only": a.only,
            "seeds": a.seeds, "noise": a.noise, "jobs": a.jobs, "workdir": str(r.work),
            "commands": dict(r.commands), "rows": rows, "elapsed_seconds": elapsed}


def rows_from_json(doc: dict) -> list:
    rows = []
    for x in doc["rows"]:
        secs = x.get("seconds")
        if secs is None:          # written before per-language seconds were kept
            spl = x.get("seconds_per_language")
            secs = [] if spl is None else [spl] * (x.get("languages") or 0)
        rows.append(Row(x["section"], x["figure"], x["noise"], Counter(x["counts"]), secs,
                        x["languages"], x["target"], x["command"], x["note"],
                        x["failures"]))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--tool", default=DEFAULT_TOOL,
                    help="extractor command with {in} and {out}, also {gold} {lang} "
                    "(default: %(default)s)")
    ap.add_argument("--quick", action="store_true",
                    help="a small subset for an inner loop: %s, seed 1, noise 0 and 0.1, "
                    "identity on sentiment, cipher of %s"
                    % (" ".join(QUICK), " ".join(QUICK_CIPHER_LANGS)))
    ap.add_argument("--only", choices=("synth",) + SECTIONS)
    ap.add_argument("--seeds", type=int, nargs="+")
    ap.add_argument("--noise", type=float, nargs="+")
    ap.add_argument("--settings", nargs="+", help="synthetic settings (default: all)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="languages the instrument runs at once (seconds comparable at 1)")
    ap.add_argument("--cpu", type=int, default=2, help="instrument worker processes")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per language")
    ap.add_argument("--workdir", help="keep all files here (default: a new temp directory)")
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--from-json", metavar="FILE",
                    help="print the tables of an earlier run's --json file; run nothing")
    args = ap.parse_args(argv)
    if args.from_json:
        try:
            doc = json.loads(read_text(args.from_json))
            rows = rows_from_json(doc)
        except (InputError, ValueError, KeyError, TypeError) as e:
            print("quality: %s: not a quality --json file (%s)" % (args.from_json, e),
                  file=sys.stderr)
            return 2
        report(rows, doc.get("commands", {}), "Quality figures (tool: `%s`; seeds %s; jobs %s)"
               % (doc.get("tool"), " ".join(map(str, doc.get("seeds") or [])), doc.get("jobs")),
               "wall time %.0f s" % doc.get("elapsed_seconds", 0))
        return 0
    if "{out}" not in args.tool:
        ap.error("--tool needs {out} (and {in}, {gold} or {lang} for its input)")
    if not instrument.available():
        print("quality: the measuring instrument is absent: %s (set TEA_SHARED)"
              % instrument.mcl_bench_path(), file=sys.stderr)
        return 2
    args.seeds = args.seeds or ([1] if args.quick else list(SEEDS))
    args.noise = args.noise or ([0.0, 0.1] if args.quick else list(NOISE_LEVELS))
    if any(not 0 <= p <= 1 for p in args.noise):
        ap.error("--noise values must be in [0, 1]")
    try:
        settings = select(args.settings or (QUICK if args.quick else None))
    except ValueError as e:
        ap.error(str(e))
    args.workdir = args.workdir or tempfile.mkdtemp(prefix="tea-quality.")
    if args.only == "synth":
        sections = ("synth-mcl", "synth-sentiment")
    elif args.only:
        sections = (args.only,)
    else:
        sections = SECTIONS
    if args.quick and not args.only:
        sections = ("synth-mcl", "metamorph")
    r = Runner(args)
    t0 = time.monotonic()
    r.say("work directory %s; tool: %s" % (r.work, args.tool))
    try:
        if "synth-mcl" in sections:
            synth_mcl(r, settings, args.seeds, args.noise)
        if "synth-sentiment" in sections:
            synth_sentiment(r, settings, args.seeds, args.noise)
        if "metamorph" in sections:
            metamorph(r, QUICK_CIPHER_LANGS if args.quick else DEV_LANGS)
        if "dev" in sections:
            dev(r)
    except QualityError as e:
        print("quality: %s" % e, file=sys.stderr)
        return 2
    elapsed = time.monotonic() - t0
    report(r.rows, r.commands, "Quality figures (tool: `%s`; seeds %s; jobs %d)"
           % (args.tool, " ".join(map(str, args.seeds)), args.jobs),
           "wall time %.0f s; files in %s" % (elapsed, r.work))
    if args.json:
        write_atomic(args.json, json.dumps(to_json(r, elapsed), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
