"""--min-support says what it dropped: the report lists each template and its support."""

from __future__ import annotations

import io

from conftest import REPO
from tea_solver.demo import run_demo
from tea_solver.extract import ExtractOptions, extract
from tea_solver.io import read_instance_file
from tea_solver.support import filter_by_support
from tea_solver.template import generates, parse_template

HI = REPO / "data" / "demo" / "hi.instances.jsonl"


def test_filter_reports_what_the_threshold_removed():
    # items 0-3; set 0 covers 0-2, set 1 covers 3, set 2 is redundant (covers 0)
    dropped: list = []
    kept, supports, owner = filter_by_support([0, 1, 2], [0b0111, 0b1000, 0b0001], [5, 1, 1, 2],
                                              min_support=3, dropped=dropped)
    assert kept == [0] and supports == [7] and owner == [0, 0, 0, None]
    assert dropped == [(1, 2)]            # the redundant set had support 0: not "dropped"


def test_report_lists_dropped_templates_with_their_support():
    records = read_instance_file(HI).records
    full = extract(records, ExtractOptions(keys="align", min_support=1), progress=False)
    cut = extract(records, ExtractOptions(keys="align", min_support=2), progress=False)
    assert all(g["dropped"] == [] for g in full["report"]["groups"])
    dropped = [d for g in cut["report"]["groups"] for d in g["dropped"]]
    assert dropped and all(0 < d["support"] < 2 for d in dropped)
    kept = {t["template"] for t in cut["templates"]}
    assert kept < {t["template"] for t in full["templates"]}
    assert {d["template"] for d in dropped} == {t["template"] for t in full["templates"]} - kept
    # the dropped instances are exactly the ones no kept template generates
    parsed = [(parse_template(t["template"]), t["lexicons"]) for t in cut["templates"]]
    lost = sum(1 for r in records if not any(generates(p, lx, r.target_value)
                                             for p, lx in parsed))
    assert lost == sum(d["support"] for d in dropped)
    assert sum(g["covered"] for g in cut["report"]["groups"]) == len(records) - lost


def test_demo_tells_what_min_support_dropped():
    out = io.StringIO()
    assert run_demo(out) == 0
    text = out.getvalue()
    hi, ja = text.split("\nhi: ")[1].split("\nja: ")
    assert "drops 1 template(s) seen once" in hi and "बेहतरीन बेहतरीन" in hi.split("drops")[1]
    assert "drops no template" in ja and "mistranslation" not in ja
