"""What a new user meets first: the install, --help, the default keys, progress bars."""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tomllib

import pytest

from conftest import REPO
from test_cli import run_main
from tea_solver import progress
from tea_solver.cli import build_parser
from tea_solver.extract import ExtractOptions

HI_DEMO = REPO / "data" / "demo" / "hi.instances.jsonl"


def subcommands():
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices


def test_test_extra_installs_what_the_test_suite_imports():
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    test = " ".join(meta["project"]["optional-dependencies"]["test"])
    for need in ("pytest", "hypothesis", "matplotlib"):
        assert need in test
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r'pip install -q -e "\.\[test[,\]]', ci) and "python3 -m pytest -q" in ci


@pytest.mark.parametrize("command", ["expand", "extract", "evaluate"])
def test_every_option_has_help(command):
    parser = subcommands()[command]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help and len(action.help) > 8, action.option_strings or action.dest


def test_help_shows_each_default_once(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["extract", "--help"])
    raw = capsys.readouterr().out
    text = " ".join(raw.split())
    for block in re.split(r"\n  (?=-)", raw):
        assert block.lower().count("default") <= 1, block
    for default in ("(default: ilp)", "(default: align;", "(default: 2)", "(default: 30.0)",
                    "(default: 0)", "(default: 1)", "(default: 4096)", "(default: 1G)",
                    "(default: 16M)"):
        assert default in text, default
    assert "(default: None)" not in text and "(default: False)" not in text


@pytest.mark.parametrize("script", ["ablate_k", "ablate_support", "greedy_vs_ilp"])
def test_experiment_scripts_state_each_default_once(script):
    res = subprocess.run([sys.executable, str(REPO / "experiments" / (script + ".py")),
                          "--help"], capture_output=True, text=True, cwd=str(REPO))
    assert res.returncode == 0
    # one option per paragraph: an option line and its wrapped help
    blocks = re.split(r"\n  (?=-)", res.stdout)
    for block in blocks:
        assert block.lower().count("default") <= 1, block
    assert "(default: None)" not in res.stdout


def test_align_keys_are_the_default(tmp_path, capsys):
    assert ExtractOptions().keys == "align"
    out = tmp_path / "out.json"
    rc, _, err = run_main(["extract", HI_DEMO, "-o", out, "--no-progress"], capsys)
    assert rc == 0 and len(err) == 1
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["report"]["settings"]["keys"] == "align"
    assert "keys_fallback" not in doc["report"]
    assert any("{first_name}" in t["template"] for t in doc["templates"])
    assert not any("key_a" in t["template"] for t in doc["templates"])


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bars_on_a_terminal_by_default(tmp_path, monkeypatch, capsys):
    from tea_solver.extract import extract
    from tea_solver.io import read_instance_file
    records = read_instance_file(HI_DEMO).records
    monkeypatch.setattr(progress, "PROGRESS_DELAY", 0.0)
    for setting, tty, shown in [(None, True, True), (None, False, False),
                                (False, True, False), (True, False, True)]:
        err = FakeTerminal() if tty else io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        extract(records, ExtractOptions(solver="greedy"), progress=setting)
        text = err.getvalue()
        assert (("align:" in text) and ("extract:" in text) and "3/3" in text) == shown, \
            (setting, tty, text)


def test_progress_waits_a_few_seconds_before_drawing():
    assert progress.PROGRESS_DELAY >= 1
    bar = progress.bar(3, "x", True)
    assert bar is not None and bar.delay == 0          # asked for: at once
    bar.close()
    assert not progress.wanted(None) or sys.stderr.isatty()
