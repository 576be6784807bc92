"""A worker that dies, and Ctrl-C: a clear error, never a hang or a partial file."""

import os

import pytest

from tea_solver import cli
from tea_solver.errors import WorkerDied
from tea_solver.extract import ExtractOptions, extract
from tea_solver.io.records import Instance


class _DiesWhenUnpickled:
    """Unpickling this in a worker process ends that process at once (os._exit)."""

    def __reduce__(self):
        return (os._exit, (3,))


def _instances():
    out = []
    for g in ("a", "b"):
        for n, word in enumerate(("red", "blue", "green")):
            out.append(Instance(id="%s/%d" % (g, n), template_id=g,
                                target=("the %s car" % word,), raw={"poison": _DiesWhenUnpickled()}))
    return out


def test_dead_worker_is_an_error_not_a_hang():
    with pytest.raises(WorkerDied, match="worker process died"):
        extract(_instances(), ExtractOptions(solver="greedy"), jobs=2, progress=False)


def test_dead_worker_through_cli_leaves_no_output(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out.json"

    def fake_read(path, need_source=False):
        class F:
            records = _instances()
            non_nfc = 0
        return F()

    monkeypatch.setattr("tea_solver.io.read_instance_file", fake_read)
    rc = cli.main(["extract", "in.jsonl", "-o", str(out), "--jobs", "2", "--solver", "greedy"])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 1 and len(err) == 1 and "worker process died" in err[0]
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_ctrl_c_prints_one_line_and_writes_nothing(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out.json"

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr("tea_solver.extract.extract", interrupted)
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "a/0", "template_id": "a", "target": "x"}\n', encoding="utf-8")
    rc = cli.main(["extract", str(src), "-o", str(out)])
    err = capsys.readouterr().err.strip().splitlines()
    assert rc == 130 and err == ["tea-solver: interrupted; no output file was written"]
    assert not out.exists()
