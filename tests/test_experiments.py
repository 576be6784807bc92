"""experiments/: noise, the support filter, and quick smoke runs of each experiment."""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from experiments import ablate_k, ablate_support, common, greedy_vs_ilp, noise  # noqa: E402
from tea_solver.extract import ExtractOptions, extract  # noqa: E402
from tea_solver.io import read_instance_file  # noqa: E402

DEMO = REPO / "data" / "demo" / "hi.instances.jsonl"
#: ``pip install -e ".[test]"`` installs matplotlib; without it the scripts write
#: everything but the PNG (and say so), which these tests then check instead
HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
DEMO_JA = REPO / "data" / "demo" / "ja.instances.jsonl"
HAVE_SHARED = common.have_mcl()


def assert_png(path):
    if HAVE_MATPLOTLIB:
        assert path.stat().st_size > 1000
    else:
        assert not path.exists()


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def demo():
    return read_instance_file(DEMO).records


# --------------------------------------------------------------------------- #
# Noise

def test_noise_is_seeded_and_marks_what_it_changes(demo):
    a, ids_a, counts = noise.add_noise(demo, 0.5, seed=1, name="hi")
    b, ids_b, _ = noise.add_noise(demo, 0.5, seed=1, name="hi")
    assert [i.target for i in a] == [i.target for i in b] and ids_a == ids_b
    c, ids_c, _ = noise.add_noise(demo, 0.5, seed=2, name="hi")
    assert ids_c != ids_a
    assert 0 < len(ids_a) < len(demo) and sum(counts.values()) == len(ids_a)
    for old, new in zip(demo, a):
        assert (old.target != new.target) == (old.id in ids_a)
        assert new.raw["target"] == new.target_value
    clean = {(i.template_id, i.target) for i in demo}      # never another clean target
    assert not any((new.template_id, new.target) in clean for new in a if new.id in ids_a)


def test_noise_rates_zero_and_one_and_operations(demo):
    same, ids, _ = noise.add_noise(demo, 0.0, seed=1)
    assert same == list(demo) and not ids
    _, ids, counts = noise.add_noise(demo, 1.0, seed=1, ops=["swap"])
    assert len(ids) > len(demo) * 0.9 and set(counts) == {"swap"}
    assert noise.corrupt_tokens(["a", "b", "c"], "swap", __import__("random").Random(0), []) \
        in (["b", "a", "c"], ["a", "c", "b"])
    assert noise.tokenize("ザ びん", True) == ["ザ", "び", "ん"]
    ja = read_instance_file(DEMO_JA).records
    out, ids, _ = noise.add_noise(ja, 1.0, seed=3, ops=["drop"])
    for old, new in zip(ja, out):
        if new.id in ids:    # one character dropped, no space added
            assert len(new.target[0].replace(" ", "")) == len(old.target[0].replace(" ", "")) - 1
    with pytest.raises(ValueError):
        noise.add_noise(demo, 1.5)


def test_noise_command(tmp_path):
    out = tmp_path / "noisy.jsonl"
    assert noise.main([str(DEMO), "-o", str(out), "--rate", "0.3", "--seed", "5"]) == 0
    recs = read_instance_file(out).records
    ids = (tmp_path / "noisy.jsonl.noisy").read_text().split()
    assert len(recs) == 66 and 0 < len(ids) < 66


# --------------------------------------------------------------------------- #
# The support filter equals extract --min-support

@pytest.mark.parametrize("rate", [0.0, 0.3])
def test_support_filter_matches_extract_min_support(demo, rate):
    insts, _, _ = noise.add_noise(demo, rate, seed=4, name="hi")
    opts = ExtractOptions(time_limit=5, keys="graph")
    base = extract(insts, opts, progress=False)
    filt = common.SupportFilter(base, insts)
    for m in (1, 2, 3, 6):
        want = extract(insts, ExtractOptions(time_limit=5, min_support=m, keys="graph"),
                       progress=False)
        got, covered = filt.apply(lambda n, m=m: m)
        key = lambda t: (t["source_template_id"], str(t["template"]), t["support"])  # noqa: E731
        assert sorted(map(key, got["templates"])) == sorted(map(key, want["templates"]))
        assert len(covered) == sum(g["covered"] for g in want["report"]["groups"])


def test_relative_threshold():
    f = common.relative_threshold(0.05)
    assert [f(n) for n in (1, 20, 21, 100, 101)] == [1, 1, 2, 5, 6]


# --------------------------------------------------------------------------- #
# Quick runs on tiny data

def test_ablate_k_records_failing_configurations(tmp_path, capsys):
    out = tmp_path / "k"
    rc = ablate_k.main(["--instances", str(DEMO), "--out", str(out), "--k", "1", "2",
                        "--keys", "graph", "nosuch", "--no-progress", "--quick"])
    assert rc == 0
    rows = read_csv(out / "ablate_k.csv")
    assert len(rows) == 2 * 2 * 2                      # keys x k x solver
    ok = [r for r in rows if r["keys"] == "graph"]
    assert all(r["status"] == "ok" and int(r["templates"]) >= 3 for r in ok)
    assert all(int(r["groups"]) == 3 and int(r["gap"]) >= 0 for r in ok)
    assert all(r["status"] == "error" and r["error"] for r in rows if r["keys"] == "nosuch")
    assert "nosuch" in capsys.readouterr().err
    summary = read_csv(out / "ablate_k_summary.csv")
    assert {(r["keys"], r["k"], r["solver"]) for r in summary} == \
        {(k, str(x), s) for k in ("graph", "nosuch") for x in (1, 2) for s in ("greedy", "ilp")}
    assert all(r["lenient_F1"] == "" for r in summary)    # no gold for a plain file
    assert_png(out / "ablate_k.png")
    assert (out / "ablate_k.md").exists()


def test_ablate_support_counts_noise_and_losses(tmp_path):
    out = tmp_path / "s"
    rc = ablate_support.main(["--instances", str(DEMO), "--out", str(out), "--noise", "0",
                              "0.3", "--abs", "1", "2", "4", "--rel", "0.2",
                              "--no-progress", "--seed", "3"])
    assert rc == 0
    rows = read_csv(out / "ablate_support.csv")
    assert len(rows) == 2 * 4
    clean = [r for r in rows if float(r["noise"]) == 0]
    noisy = [r for r in rows if float(r["noise"]) == 0.3]
    assert all(int(r["noise_templates"]) == 0 for r in clean)
    first = clean[0]
    assert (first["kind"], first["threshold"], first["correct_lost"]) == ("abs", "1", "0")
    assert float(first["coverage_clean"]) == 1.0 and first["coverage_noisy"] == ""
    # noise adds templates at threshold 1, the threshold removes (some of) them
    n1 = next(r for r in noisy if r["kind"] == "abs" and r["threshold"] == "1")
    n4 = next(r for r in noisy if r["kind"] == "abs" and r["threshold"] == "4")
    assert int(n1["noise_templates"]) > 0 and int(n1["noisy_instances"]) > 0
    assert int(n4["noise_templates"]) < int(n1["noise_templates"])
    assert float(n4["coverage_noisy"]) < float(n1["coverage_noisy"]) == 1.0
    for rs in (clean, noisy):
        abs_rows = [r for r in rs if r["kind"] == "abs"]
        assert [int(r["templates"]) for r in abs_rows] == \
            sorted((int(r["templates"]) for r in abs_rows), reverse=True)
    assert_png(out / "ablate_support.png")


def test_greedy_vs_ilp_tables(tmp_path):
    out = tmp_path / "g"
    assert greedy_vs_ilp.main(["--instances", str(DEMO), str(DEMO_JA), "--out", str(out),
                               "--no-progress"]) == 0
    groups = read_csv(out / "greedy_vs_ilp_groups.csv")
    assert len(groups) == 6 and {g["dataset"] for g in groups} == {"hi", "ja"}
    for g in groups:
        assert int(g["ilp"]) <= int(g["greedy"]) and int(g["gap"]) >= 0
        assert int(g["lower_bound"]) <= int(g["ilp"])
        assert int(g["greedy_minus_ilp"]) == int(g["greedy"]) - int(g["ilp"])
    per = read_csv(out / "greedy_vs_ilp.csv")
    assert [r["dataset"] for r in per] == ["hi", "ja", "all"]
    assert int(per[-1]["ilp"]) == sum(int(g["ilp"]) for g in groups)
    dist = read_csv(out / "greedy_vs_ilp_dist.csv")
    assert sum(int(r["groups_with_gap"]) for r in dist) == 6
    assert_png(out / "greedy_vs_ilp.png")


def test_script_entry_points_have_help():
    import subprocess
    for name in ("ablate_k", "ablate_support", "greedy_vs_ilp"):
        r = subprocess.run([sys.executable, str(REPO / "experiments" / (name + ".py")),
                            "--help"], capture_output=True, text=True, cwd=str(REPO))
        assert r.returncode == 0 and "--instances" in r.stdout and "--mcl" in r.stdout


def test_bad_input_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"template_id": "a"}\n')
    assert ablate_k.main(["--instances", str(bad), "--out", str(tmp_path / "o")]) == 2
    assert "bad.jsonl:1" in capsys.readouterr().err


# --------------------------------------------------------------------------- #
# On the MultiCheckList dev data (needs ../shared)

@pytest.mark.shared
@pytest.mark.skipif(not HAVE_SHARED, reason="needs ../shared (MultiCheckList data)")
def test_mcl_quick_run_scores_against_the_gold(tmp_path):
    out = tmp_path / "mcl"
    rc = ablate_k.main(["--mcl", "--langs", "fr", "--max-per-group", "10", "--k", "2",
                        "--keys", "graph", "--solvers", "ilp", "--out", str(out),
                        "--no-progress", "--seed", "13"])
    assert rc == 0
    (row,) = read_csv(out / "ablate_k.csv")
    assert row["dataset"] == "fr" and row["status"] == "ok" and int(row["groups"]) == 25
    assert 0 < float(row["lenient_F1"]) <= 1 and float(row["strict_F1"]) <= float(
        row["lenient_F1"])
    assert (out / "data" / "mcl-s13-m10" / "fr.gold.json").exists()
