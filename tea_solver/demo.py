"""``tea-solver demo``: the main job on the bundled data, greedy against ILP.

The bundled data (``data/demo`` in the repository, installed as
``tea_solver.demo_data``) is a three-template English CheckList and its
instances translated into Hindi and Japanese, with a gender-agreement split and
one mistranslated instance (see ``data/demo/make_demo.py``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from importlib import resources

from tea_solver.extract import ExtractOptions, extract
from tea_solver.io import read_instance_file

LANGS = ("hi", "ja")


def demo_path(name: str) -> str:
    return str(resources.files("tea_solver.demo_data").joinpath(name))


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def run_demo(out=None, review_dir: str | None = None) -> int:
    """Print the demo tables; end by writing the review page of the Hindi and Japanese
    CheckLists (alignment keys, ILP) into ``review_dir`` (default: a new temporary
    directory) and printing its path."""
    out = out if out is not None else sys.stdout
    rows = [["lang", "source template", "inst", "graph greedy", "graph ilp", "status",
             "bound", "align ilp", "greedy s", "ilp s"]]
    shown = []
    for lang in LANGS:
        records = read_instance_file(demo_path("%s.instances.jsonl" % lang)).records
        runs = {name: extract(records, ExtractOptions(**opts, time_limit=10), progress=False)
                for name, opts in (("greedy", {"solver": "greedy", "keys": "graph"}),
                                   ("ilp", {"solver": "ilp", "keys": "graph"}),
                                   ("align", {"solver": "ilp", "keys": "align"}))}
        groups = zip(*(runs[name]["report"]["groups"] for name in ("greedy", "ilp", "align")))
        for g, i, a in groups:
            rows.append([lang, g["template_id"], str(g["instances"]), str(g["templates"]),
                         str(i["templates"]), i["status"], str(i["lower_bound"]),
                         str(a["templates"]), "%.2f" % g["seconds"], "%.2f" % i["seconds"]])
        filtered = extract(records, ExtractOptions(keys="align", min_support=2, time_limit=10),
                           progress=False)
        shown.append((lang, runs["align"], filtered))
    print("Templates per source template: the paper's word-graph keys with greedy vs exact\n"
          "ILP cover (CP-SAT status and proven lower bound), and alignment-guided keys\n", file=out)
    print(_table(rows), file=out)
    for lang, doc, filtered in shown:
        print("\n%s: templates with alignment-guided keys (ILP); [support]" % lang, file=out)
        for t in doc["templates"]:
            lex = ", ".join("%s=%d" % (k, len(v)) for k, v in t["lexicons"].items())
            print("  [%3d] %s   (%s)" % (t["support"], t["template"], lex or "no slots"), file=out)
        dropped = [d for g in filtered["report"]["groups"] for d in g["dropped"]]
        if dropped:
            print("  --min-support 2 drops %d template(s) seen once (likely mistranslations), "
                  "keeping %d:" % (len(dropped), len(filtered["templates"])), file=out)
            for d in dropped:
                print("    [%3d] %s" % (d["support"], d["template"]), file=out)
        else:
            print("  --min-support 2 drops no template: every one is seen twice or more "
                  "(keeping %d)" % len(filtered["templates"]), file=out)
    print("\nOn your data:  tea-solver extract INSTANCES.jsonl -o TARGET.json  (align keys; "
          "--keys graph for the paper's)", file=out)
    write_review_pages(shown, review_dir, out)
    return 0


def write_review_pages(shown: list, review_dir: str | None, out) -> list:
    """Write each language's target and its review page; print where the pages are."""
    from tea_solver.io import dump_checklist, write_atomic
    from tea_solver.review import export_review
    review_dir = review_dir or tempfile.mkdtemp(prefix="tea-demo-review-")
    pages = []
    for lang, doc, _filtered in shown:
        target = os.path.join(review_dir, "%s.json" % lang)
        os.makedirs(review_dir, exist_ok=True)
        write_atomic(target, dump_checklist(doc))
        res = export_review(target, os.path.join(review_dir, lang),
                            instances=demo_path("%s.instances.jsonl" % lang),
                            source=demo_path("source.json"))
        pages.append(res.html)
    print("\nReview pages for a native speaker (open in a browser; accept / edit / delete,\n"
          "then 'Save decisions' and: tea-solver review import TARGET.json DECISIONS.json "
          "-o VERIFIED.json):", file=out)
    for page in pages:
        print("  " + page, file=out)
    return pages
