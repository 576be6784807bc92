"""Table 1's diversity and correctness metrics for the human-translation (t9n)
condition, Hindi, through paper_repro/table1.py (tea-solver extract + evaluate).

The figures are cross-checked against the shared benchmark instrument
(``shared/tools/mcl_bench.py score``), which implements template P/R on its own.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import table1  # noqa: E402

pytestmark = [
    pytest.mark.shared,
    pytest.mark.skipif(not os.path.exists(table1.BENCH),
                       reason="needs ../shared (MultiCheckList data and mcl_bench.py)"),
]


@pytest.fixture(scope="module")
def hindi(tmp_path_factory):
    work = str(tmp_path_factory.mktemp("table1"))
    assert table1.main(["--langs", "hi", "--workdir", work]) == 0
    with open(os.path.join(work, "table1.csv"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    return work, lines


def bench_score(pred, work):
    out = os.path.join(work, "score.json")
    subprocess.run([sys.executable, table1.BENCH, "score", pred,
                    "--gold", os.path.join(work, "mcl", "hi.gold.json"),
                    "--instances", os.path.join(work, "mcl", "hi.instances.jsonl"),
                    "--json", out], check=True, stdout=subprocess.DEVNULL)
    with open(out, encoding="utf-8") as f:
        return json.load(f)


def rows_of(work):
    with open(os.path.join(work, "eval-hi", "evaluation.json"), encoding="utf-8") as f:
        return table1.summary_rows(f.name)


def test_t9n_row_is_the_human_templates(hindi):
    work, lines = hindi
    with open(os.path.join(work, "mcl", "hi.gold.json"), encoding="utf-8") as f:
        gold = json.load(f)
    n_gold = sum(len(g["templates"]) for g in gold["groups"])
    t9n = rows_of(work)["reference"]
    assert t9n["templates"] == n_gold == 25
    assert t9n["lexicon_values"] > 0 and 0 < t9n["CT-BLEU"] < 100
    assert lines[0].split(",")[:3] == ["lang", "condition", "templates"]
    assert lines[1].startswith("hi,t9n (human templates),25,")


@pytest.mark.parametrize("n", [0, 1])
def test_tea_correctness_agrees_with_the_benchmark_instrument(hindi, n):
    work, _lines = hindi
    pred = os.path.join(work, "hi.tea%d.json" % n)
    ours = rows_of(work)["hi.tea%d" % n]
    theirs = bench_score(pred, work)
    for k in ("strict_P", "strict_R", "lenient_P", "lenient_R", "lang_P", "lang_R"):
        assert ours[k] == pytest.approx(theirs[k], abs=5e-4), k


def test_paper_tea_writes_more_templates_than_people(hindi):
    """The paper (Table 1, §5.2): TEA generates the most templates, 'around 3
    target templates' per source template, and about a third of them needed
    editing.  On the human-translated Hindi MultiCheckList instances the paper's
    TEA (graph keys, greedy) writes more templates than the translators did and
    matches fewer than all of theirs; alignment-guided keys match more of them
    (no dev-set score is pinned: the dev languages are not a quality figure)."""
    work, _lines = hindi
    rows = rows_of(work)
    paper_tea, align_tea, t9n = rows["hi.tea0"], rows["hi.tea1"], rows["reference"]
    assert paper_tea["templates"] > t9n["templates"]
    assert paper_tea["lenient_P"] < 1 and paper_tea["lenient_R"] < 1
    assert align_tea["strict_P"] > paper_tea["strict_P"]
    assert align_tea["strict_R"] > paper_tea["strict_R"]
