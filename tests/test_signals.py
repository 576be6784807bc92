"""SIGTERM and SIGHUP are handled like Ctrl-C: one line, exit 128 + signal, no
temporary file, no worker left running -- with real processes and real signals."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tea_solver import cli, signals
from tea_solver.cover import CoverProblem, ilp_cover
from tea_solver.errors import Terminated


@pytest.fixture(autouse=True)
def sigint_as_at_a_terminal():
    """These tests are about what Ctrl-C does at a terminal.  A test runner
    started in the background (``cmd &`` in a script, ``nohup``) ignores
    SIGINT, and so would the processes it starts (an ignored signal stays
    ignored across ``fork`` and ``exec``, and tea-solver keeps it ignored on
    purpose); handled here, it is back to the default in every child."""
    old = signal.getsignal(signal.SIGINT)
    if old is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def write_groups(path: Path, groups: int, per: int) -> None:
    """``groups`` groups of ``per`` instances: graph keys take a few seconds each."""
    rng = random.Random(0)
    with open(path, "w", encoding="utf-8") as f:
        for g in range(groups):
            for i in range(per):
                a, b, c = rng.randrange(40), rng.randrange(40), rng.randrange(40)
                f.write(json.dumps({
                    "id": "g%d/%d" % (g, i), "template_id": "g%d" % g,
                    "target": "nom%d est w%dx adj%d que obj%d zz%d." % (a, g, b, c, i % 3)})
                    + "\n")


def children(pid: int) -> list[int]:
    """Live (non-zombie) child processes of ``pid``."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(entry))
    return out


def alive(pid: int) -> bool:
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def start(args, cwd):
    return subprocess.Popen([sys.executable, "-m", "tea_solver.cli", *map(str, args)],
                            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)


MESSAGES = {signal.SIGINT: "tea-solver: interrupted; no output file was written"}


@pytest.mark.parametrize("signum, to_group", [
    (signal.SIGTERM, False), (signal.SIGHUP, False),
    # a closed terminal or `kill -TERM -PGID` reaches the workers and the
    # multiprocessing resource tracker as well
    (signal.SIGHUP, True), (signal.SIGTERM, True), (signal.SIGINT, True)])
def test_signal_with_two_jobs_ends_workers_and_writes_nothing(tmp_path, signum, to_group):
    src = tmp_path / "in.jsonl"
    write_groups(src, groups=6, per=3000)
    proc = start(["extract", src, "-o", tmp_path / "out.json", "--keys", "graph",
                  "--jobs", "2"], tmp_path)
    deadline = time.monotonic() + 120
    workers: list[int] = []
    # --jobs 2: this process and one worker extract groups
    while time.monotonic() < deadline and not workers and proc.poll() is None:
        time.sleep(0.2)
        workers = [c for c in children(proc.pid)
                   if "resource_tracker" not in open("/proc/%d/cmdline" % c).read()]
    assert workers, "the worker never started"
    time.sleep(1.5)                      # let them get into a group
    sent = time.monotonic()
    if to_group:
        os.killpg(proc.pid, signum)
    else:
        proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)  # stderr closes: no worker holds it
    assert time.monotonic() - sent < 30
    assert proc.returncode == 128 + signum, err
    lines = err.strip().splitlines()
    assert lines == [MESSAGES.get(signum, "tea-solver: terminated by %s; no output file "
                                  "was written" % signal.Signals(signum).name)], err
    time.sleep(0.5)
    assert not [w for w in workers if alive(w)]
    assert sorted(os.listdir(tmp_path)) == ["in.jsonl"]


def test_signal_during_the_write_removes_the_temporary_file(tmp_path, monkeypatch, capsys):
    """A real SIGTERM while the output is being written: the temporary file goes."""
    src = tmp_path / "in.jsonl"
    write_groups(src, groups=1, per=30)
    real_fsync = os.fsync
    seen = []

    def fsync_then_signal(fd):
        real_fsync(fd)
        seen.append(sorted(os.listdir(tmp_path)))
        os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(os, "fsync", fsync_then_signal)
    rc = cli.main(["extract", str(src), "-o", str(tmp_path / "out.json"), "--keys", "graph",
                   "--solver", "greedy"])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 128 + signal.SIGTERM
    assert err == ["tea-solver: terminated by SIGTERM; no output file was written"]
    assert len(seen[0]) == 2 and seen[0][0].startswith(".out.json.")   # it was there
    assert sorted(os.listdir(tmp_path)) == ["in.jsonl"]
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL      # handlers restored


def hard_cover(seed: int = 0) -> CoverProblem:
    rng = random.Random(seed)
    n_items = 300
    sets = [sum(1 << i for i in rng.sample(range(n_items), 8)) for _ in range(2000)]
    return CoverProblem(n_items, sets)


def test_signal_stops_a_running_cp_sat_solve():
    """CP-SAT keeps the main thread in C++; the watcher thread stops the search,
    so SIGTERM ends the run in about a second, not after the time limit."""
    problem = hard_cover()
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGTERM))
    start_t = time.monotonic()
    with pytest.raises(Terminated) as ei:
        with signals.handled():
            timer.start()
            ilp_cover(problem, time_limit=120)
    assert ei.value.signum == signal.SIGTERM
    assert time.monotonic() - start_t < 20


def test_ctrl_c_stops_a_running_cp_sat_solve():
    """CP-SAT used to catch SIGINT itself and carry on with the next group."""
    problem = hard_cover(1)
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    start_t = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with signals.handled():
            timer.start()
            ilp_cover(problem, time_limit=120)
    assert time.monotonic() - start_t < 20
