"""Outputs never destroy inputs or protected files; devices and pipes are written in place.

Every writer goes through ``tea_solver.io.atomic.write_atomic``; these tests
drive it through each command that writes (``expand``, ``extract``,
``evaluate -o``): exit status 2, one line, the input intact, nothing left over.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO
from test_cli import assert_one_error_line, leftovers, run_main
from tea_solver.errors import InputError
from tea_solver.io.atomic import check_output, is_special, write_atomic

HI_DEMO = REPO / "data" / "demo" / "hi.instances.jsonl"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def demo_copy(tmp_path):
    p = tmp_path / "in.jsonl"
    p.write_bytes(HI_DEMO.read_bytes())
    return p


def test_extract_refuses_to_overwrite_its_input(tmp_path, demo_copy, capsys):
    before = digest(demo_copy)
    rc, _, err = run_main(["extract", demo_copy, "-o", demo_copy, "--solver", "greedy"], capsys)
    assert rc == 2
    assert_one_error_line(err, "in.jsonl", "output is the input file")
    assert digest(demo_copy) == before
    assert leftovers(tmp_path) == ["in.jsonl"]


def test_same_inode_under_another_name_is_refused(tmp_path, demo_copy, capsys):
    link = tmp_path / "link.json"
    os.link(demo_copy, link)
    before = digest(demo_copy)
    rc, _, err = run_main(["extract", "./" + os.path.relpath(demo_copy), "-o", link], capsys)
    assert rc == 2
    assert_one_error_line(err, "link.json", "output is the input file")
    assert digest(demo_copy) == before and os.stat(link).st_ino == os.stat(demo_copy).st_ino
    assert leftovers(tmp_path) == ["in.jsonl", "link.json"]


def test_expand_refuses_to_overwrite_its_checklist(tmp_path, tiny_checklist, capsys):
    src = tmp_path / "cl.json"
    src.write_text(json.dumps(tiny_checklist), encoding="utf-8")
    before = digest(src)
    rc, _, err = run_main(["expand", src, "-o", src], capsys)
    assert rc == 2
    assert_one_error_line(err, "output is the input file")
    assert digest(src) == before and leftovers(tmp_path) == ["cl.json"]


def test_evaluate_refuses_to_overwrite_an_input_table(tmp_path, demo_copy, capsys):
    target = tmp_path / "out"
    target.mkdir()
    cl = target / "evaluation.json"        # the name evaluate gives its JSON record
    assert run_main(["extract", demo_copy, "-o", cl, "--solver", "greedy"], capsys)[0] == 0
    before = digest(cl)
    rc, _, err = run_main(["evaluate", cl, "-o", target], capsys)
    assert rc == 2
    assert_one_error_line(err, "evaluation.json", "output is the input file")
    assert digest(cl) == before
    assert leftovers(target) == ["evaluation.json"]      # no table written, no temp file


@pytest.mark.parametrize("mode", [0o444, 0o555])
def test_write_protected_output_is_honoured(tmp_path, demo_copy, capsys, mode):
    out = tmp_path / "out.json"
    out.write_text("keep me\n", encoding="utf-8")
    out.chmod(mode)
    try:
        rc, _, err = run_main(["extract", demo_copy, "-o", out, "--solver", "greedy"], capsys)
        assert rc == 2
        assert_one_error_line(err, "out.json", "write-protected")
        assert out.read_text(encoding="utf-8") == "keep me\n"
        assert stat.S_IMODE(out.stat().st_mode) == mode
        assert leftovers(tmp_path) == ["in.jsonl", "out.json"]
    finally:
        out.chmod(0o644)


def test_directory_as_output_is_one_line(tmp_path, demo_copy, capsys):
    rc, _, err = run_main(["extract", demo_copy, "-o", tmp_path], capsys)
    assert rc == 2
    assert_one_error_line(err, "is a directory")


def test_replacing_keeps_the_mode_and_the_symlink(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old", encoding="utf-8")
    real.chmod(0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert leftovers(tmp_path) == ["link.json", "real.json"]


def test_special_paths_are_written_in_place(tmp_path):
    assert is_special("/dev/stdout") and is_special("/dev/null") and is_special("/proc/self/fd/1")
    assert not is_special(tmp_path / "x.json")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert is_special(fifo)
    check_output("/dev/null", ["/dev/null"])        # never "the input file"
    with pytest.raises(InputError, match="is a directory"):
        check_output(tmp_path)


def test_stdout_is_written_not_replaced(tmp_path, demo_copy):
    """-o /dev/stdout writes to the pipe (and to a redirected file) and leaves
    the /dev/stdout link alone (the bug replaced it with a regular file as root)."""
    before = os.readlink("/dev/stdout")
    cmd = [sys.executable, "-m", "tea_solver.cli", "extract", str(demo_copy), "-o",
           "/dev/stdout", "--solver", "greedy", "--keys", "graph"]
    res = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["format"] == "tea-checklist/1"
    assert os.path.islink("/dev/stdout") and os.readlink("/dev/stdout") == before
    redirected = tmp_path / "redirected.json"
    with open(redirected, "wb") as f:
        res = subprocess.run(cmd, stdout=f, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                             timeout=300)
    assert res.returncode == 0, res.stderr
    assert json.loads(redirected.read_text(encoding="utf-8"))["format"] == "tea-checklist/1"
    assert sorted(os.listdir(tmp_path)) == ["in.jsonl", "redirected.json"]


def test_fifo_output_is_written_in_place(tmp_path, demo_copy):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    cmd = [sys.executable, "-m", "tea_solver.cli", "extract", str(demo_copy), "-o", str(fifo),
           "--solver", "greedy", "--keys", "graph"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    with open(fifo, encoding="utf-8") as f:           # blocks until the writer opens it
        text = f.read()
    assert proc.wait(timeout=300) == 0, proc.stderr.read()
    assert json.loads(text)["format"] == "tea-checklist/1"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(os.listdir(tmp_path)) == ["in.jsonl", "out.fifo"]
