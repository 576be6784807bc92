"""Command line: ``python -m benchmarks.synth {mcl,checklist,list} ...``.

  mcl        write SEED.tsv (+ SEED.manifest.json) per seed: the English column of a
             MultiCheckList TSV and one pseudo-language column set per setting;
             measure with ``mcl_bench.py all --tsv OUT/seed1.tsv --langs all``
  checklist  write CODE.instances.jsonl + CODE.gold.json per setting for a SPEC §1
             CheckList (default: the sentiment suite); measure with
             ``mcl_bench.py run --workdir OUT``
  list       the phenomena and settings
"""

from __future__ import annotations

import argparse
import sys

from tea_solver.errors import InputError

from . import checklist, instrument
from .language import PHENOMENA
from .settings import SETTINGS, select
from .source import read_mcl
from .tsv import write_tsv


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.synth",
                                 description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("mcl", help="pseudo-language TSVs from a MultiCheckList TSV")
    p.add_argument("--out", required=True, help="directory for SEED.tsv files")
    p.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    p.add_argument("--settings", nargs="*", help="setting names (default: all)")
    p.add_argument("--tsv", help="English source TSV (default: the dev TSV in shared)")
    p = sub.add_parser("checklist", help="pseudo-translated instances + gold of a CheckList")
    p.add_argument("--out", required=True, help="work directory for mcl_bench.py run")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--settings", nargs="*", help="setting names (default: all)")
    p.add_argument("--checklist", help="SPEC §1 CheckList (default: the sentiment suite)")
    p.add_argument("--max-per-template", type=int, default=50)
    p.add_argument("--expand-seed", type=int, default=0)
    p.add_argument("--noise", type=float, default=0.0,
                   help="corrupt this share of targets as mcl_bench gen --noise does")
    p.add_argument("--noise-seed", type=int, default=13)
    sub.add_parser("list", help="phenomena and settings")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "list":
            print("phenomena: " + " ".join(PHENOMENA))
            for st in SETTINGS:
                print("%-18s code %-18s %s" % (st.name, st.code, " ".join(sorted(st.phenomena))))
            return 0
        settings = select(args.settings)
        if args.cmd == "mcl":
            source = read_mcl(args.tsv or instrument.dev_tsv())
            for seed in args.seeds:
                path = write_tsv(source, settings, seed, args.out)
                print("wrote %s (%d languages: %s)" % (path, len(settings),
                                                       " ".join(s.code for s in settings)))
            return 0
        if not 0.0 <= args.noise <= 1.0:
            ap.error("--noise must be in [0, 1]")
        for st in settings:
            checklist.write(args.checklist or instrument.sentiment_checklist(), st, args.seed,
                            args.out, max_per_template=args.max_per_template,
                            expand_seed=args.expand_seed, noise=args.noise,
                            noise_seed=args.noise_seed)
        print("wrote %d languages to %s (%s)" % (len(settings), args.out,
                                                  " ".join(s.code for s in settings)))
        return 0
    except (InputError, ValueError) as e:
        print("synth: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
