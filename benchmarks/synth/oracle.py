"""An oracle "extractor": writes the gold templates of an instrument gold file as a
SPEC §1 target CheckList.

``python -m benchmarks.synth.oracle GOLD.json OUT.json`` — as a tool of the
instrument: ``mcl_bench.py run --tool 'python -m benchmarks.synth.oracle {gold} {out}'``.
It scores strict F1 1.000 and coverage 1.000 on any gold the instrument or the
generator wrote, so it checks the measuring path itself (generator → instrument
→ table) and is the upper bound of every row.
"""

from __future__ import annotations

import json
import sys

from tea_solver.errors import InputError
from tea_solver.io import write_atomic
from tea_solver.io.atomic import read_text


def gold_as_prediction(gold: dict) -> dict:
    """A target CheckList holding exactly the gold templates of every group."""
    return {"format": "tea-checklist/1", "lang": gold.get("lang"), "lexicons": {},
            "templates": [{"id": t["gold_id"], "template": t["template"],
                           "lexicons": t["lexicons"], "source_template_id": g["template_id"],
                           "support": t.get("support", 0)}
                          for g in gold["groups"] for t in g["templates"]]}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python -m benchmarks.synth.oracle GOLD.json OUT.json", file=sys.stderr)
        return 2
    try:
        gold = json.loads(read_text(argv[0]))
        if not isinstance(gold, dict) or not isinstance(gold.get("groups"), list):
            raise InputError("not an instrument gold file (no \"groups\" list)", path=argv[0])
        write_atomic(argv[1], json.dumps(gold_as_prediction(gold), ensure_ascii=False) + "\n")
    except ValueError as e:
        print("oracle: %s: not JSON: %s" % (argv[0], e), file=sys.stderr)
        return 2
    except InputError as e:
        print("oracle: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
