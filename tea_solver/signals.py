"""SIGTERM and SIGHUP end a run the way Ctrl-C does: cleanly, with one line.

By default SIGTERM (``kill``, ``timeout``, a batch scheduler) and SIGHUP (a
closed terminal or SSH session) kill Python on the spot: a temporary output
file stays behind, and ``--jobs`` workers keep computing -- blocked, once
their parent is gone, on a result pipe nobody reads, holding the caller's
stderr open.  :func:`handled` turns both signals into a :class:`Terminated`
exception raised in the main thread, so the same ``finally`` and ``except
BaseException`` paths that serve Ctrl-C remove the temporary file
(:func:`tea_solver.io.atomic.write_atomic`) and end the workers
(:func:`tea_solver.extract.extract`); the CLI then prints one line and exits
with ``128 + signal``.

A Python signal handler only runs between bytecodes, and CP-SAT keeps the main
thread inside C++ for up to its time limit.  So a watcher thread listens on the
interpreter's wakeup file descriptor and calls every stop function registered
with :func:`stoppable` (``CpSolver.stop_search``, which CP-SAT honours from any
thread): the solve returns at once and the pending handler raises.

Worker processes ignore SIGINT and SIGHUP (the terminal sends them to the
whole process group; the parent decides) and die with their parent
(``PR_SET_PDEATHSIG`` on Linux), so no worker outlives a killed run.
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from typing import Callable, Iterator

from tea_solver.errors import Terminated

#: Signals turned into :class:`Terminated` (SIGINT stays KeyboardInterrupt).
HANDLED = (signal.SIGTERM, signal.SIGHUP)

_stops: set = set()
_lock = threading.Lock()


def _raise(signum, _frame):
    raise Terminated(signum)


@contextmanager
def handled() -> Iterator[None]:
    """Within the block, SIGTERM/SIGHUP raise :class:`Terminated` and any of
    SIGINT/SIGTERM/SIGHUP stops running solvers.  Main thread only (elsewhere
    it does nothing); the previous handlers are restored on exit."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, _raise) for s in HANDLED}
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        old_int = None                   # started with SIGINT ignored (nohup, &): keep it
    else:
        old_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    r, w = os.pipe()
    os.set_blocking(w, False)
    old_fd = signal.set_wakeup_fd(w, warn_on_full_buffer=False)
    watcher = threading.Thread(target=_watch, args=(r,), name="tea-solver-signals",
                               daemon=True)
    watcher.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(old_fd)
        for s, h in old.items():
            signal.signal(s, h)
        if old_int is not None:
            signal.signal(signal.SIGINT, old_int)
        os.close(w)                      # the watcher reads EOF and ends
        watcher.join(timeout=5)
        os.close(r)


def _watch(fd: int) -> None:
    """Call the registered stop functions whenever a signal byte arrives."""
    while True:
        try:
            data = os.read(fd, 64)
        except OSError:
            return
        if not data:
            return
        with _lock:
            stops = list(_stops)
        for stop in stops:
            try:
                stop()
            except Exception:            # a solver already finished: nothing to stop
                pass


@contextmanager
def stoppable(stop: Callable[[], None]) -> Iterator[None]:
    """Register ``stop`` (e.g. ``solver.stop_search``) for the duration of a long C call."""
    with _lock:
        _stops.add(stop)
    try:
        yield
    finally:
        with _lock:
            _stops.discard(stop)


def worker_init() -> None:
    """Initializer of ``--jobs`` worker processes (see the module docstring)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:                                 # Linux: die with the parent, even on SIGKILL
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)
        if os.getppid() == 1:            # the parent died before prctl took effect
            os._exit(128 + signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with SIGHUP blocked.

    The tracker (a helper process of ``--jobs``) ignores SIGINT and SIGTERM but
    not SIGHUP: a closed terminal would kill it and CPython would print its
    tracebacks.  A blocked signal stays blocked across ``fork`` and ``exec``.
    """
    from multiprocessing import resource_tracker
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    except (AttributeError, ValueError, OSError):
        resource_tracker.ensure_running()
        return
    try:
        resource_tracker.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def terminate(processes) -> None:
    """End worker processes now (SIGTERM, then SIGKILL after a grace period)."""
    processes = [p for p in processes if p.is_alive()]
    for p in processes:
        p.terminate()
    for p in processes:
        p.join(timeout=5)
        if p.is_alive():
            p.kill()
            p.join(timeout=5)
