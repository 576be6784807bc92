"""The processes that extract groups (``--jobs``).

Step 1 fits one model to the whole file, in the main process; Steps 2-3 then
run per group, and groups are independent, so they can go to other processes.
:class:`GroupPool` is this process plus ``jobs - 1`` spawned workers, started
when extraction starts so that their imports overlap Step 1.  Results are
collected in input order: the output is the same whatever ``jobs`` is.
"""
from __future__ import annotations

import multiprocessing
import os
from collections import deque
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Sequence

from tea_solver import signals
from tea_solver.errors import WorkerDied


#: ``--jobs auto``: a file of at least this many instances is extracted by two
#: processes.  Below it the worker's start-up (it imports tea_solver, half a
#: second, and is sent its groups) takes what its share of the groups saves:
#: the noisy dev French subsampled to 500 and 1,000 instances takes 1.4 and
#: 2.0-2.1 s with one process or two; 2,000, 3.5 against 3.4-3.5 s; the
#: whole file (4.6 k), 7.25 against 6.55 s.
AUTO_JOBS_MIN_INSTANCES = 1000


def auto_jobs(n_instances: int, cores: int) -> int:
    """The processes ``--jobs auto`` extracts groups with: two where the file
    is large enough to pay for the second and two cores are free, else one.

    Measured on the noisy dev French (4.6 k instances, 2 cores): the groups
    take about 2 of its 7 seconds, and a second process halves that; more
    than two are not measured here and not used.
    """
    return 2 if cores >= 2 and n_instances >= AUTO_JOBS_MIN_INSTANCES else 1


def available_cores() -> int:
    """CPUs this process may run on (the affinity mask, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class GroupPool:
    """The processes that extract groups: this one and ``jobs - 1`` workers.

    The workers are spawned when extraction starts: each imports tea_solver
    (half a second, OR-Tools most of it) while this process fits the Step-1
    model of the whole file, so the groups find them ready.  This process
    extracts groups too, between handing them out (:meth:`map`).  Groups are
    independent and collected in input order, so the output is the same
    whatever ``jobs`` is.
    """

    def __init__(self, jobs: int, n_tasks: int):
        self.pool, self.workers = None, 0
        if jobs > 1 and n_tasks > 1:
            # ProcessPoolExecutor (not multiprocessing.Pool): a worker that dies
            # (killed, out of memory) raises BrokenProcessPool instead of hanging
            ctx = multiprocessing.get_context("spawn")
            signals.start_resource_tracker()
            self.workers = min(jobs, n_tasks) - 1
            self.pool = ProcessPoolExecutor(self.workers, mp_context=ctx,
                                            initializer=signals.worker_init)
            # one warm-up call per worker: each submit starts a process while
            # none is idle
            for _ in range(self.workers):
                self.pool.submit(_warm_up)

    def __enter__(self) -> "GroupPool":
        return self

    def __exit__(self, kind, err, tb) -> None:
        if self.pool is None:
            return
        try:
            if kind is not None:
                # Ctrl-C, SIGTERM, SIGHUP, an error: shutdown() alone would wait
                # for the groups the workers are computing; end them now
                signals.terminate(list((getattr(self.pool, "_processes", None)
                                        or {}).values()))
        finally:
            self.pool.shutdown(wait=True)   # not cancel_futures: see map()

    def map(self, fn, tasks: list, bar, weights: Sequence[float] | None = None) -> list:
        """``fn`` over the group tasks; the results in input order.

        Largest first (``weights``: a task's expected cost, its instances),
        each to whichever process is free: at most two per worker wait in
        the pool, and this process takes the next one itself.
        """
        results: list = [None] * len(tasks)
        if self.pool is None:
            for i, task in enumerate(tasks):
                results[i] = fn(task)
                if bar:
                    bar.update(1)
            return results
        order = deque(sorted(range(len(tasks)),
                             key=lambda i: (-(weights[i] if weights else 0), i)))
        pending: dict = {}
        try:
            # futures, not pool.map: map cancels the pending ones when interrupted,
            # and CPython 3.11's manager thread then dies (InvalidStateError) before
            # closing the call queue, so the interpreter hangs at exit
            while order or pending:
                while order and len(pending) < 2 * self.workers:
                    i = order.popleft()
                    pending[self.pool.submit(fn, tasks[i])] = i
                if order:
                    i = order.popleft()
                    results[i] = fn(tasks[i])
                    if bar:
                        bar.update(1)
                elif pending:
                    wait(pending, return_when=FIRST_COMPLETED)
                for future in [f for f in pending if f.done()]:
                    results[pending.pop(future)] = future.result()
                    if bar:
                        bar.update(1)
        except BrokenProcessPool as e:
            raise WorkerDied("a worker process died (killed or out of memory) while "
                             "extracting; no output was written") from e
        return results


def _warm_up() -> None:
    """A worker's first call: the imports the groups need, done while the
    main process fits Step 1."""
    import tea_solver.extract  # noqa: F401 -- imported for the modules it loads
