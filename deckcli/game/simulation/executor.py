"""The executor of every simulation run: a job's tasks played in this process, on a pool of worker processes, or on
a Dask cluster (:mod:`deckcli.game.simulation.cluster`), their results handed back in task order.

A :class:`Job` is what runs: the two-player and Gwent Solo matchups of ``deckcli simulate``
(:class:`deckcli.game.simulation.runs.Plan`), or a Free For All or two versus two table
(:class:`deckcli.game.simulation.tables.TablePlan`). It cuts itself into tasks (shards of consecutive seeds), sets a
worker up once and plays a task there: where a task is played never changes what it gives, so a run gives the same
counts whatever ``--workers`` or ``--cluster``. The executor holds the rest, once for every job: at most two tasks a
worker ahead of the one awaited (memory stays flat however many games), Ctrl-C, SIGTERM and SIGHUP stopping the
workers within about :data:`STOP_GRACE` seconds, a worker ending once the process that started it is gone.
"""

from __future__ import annotations

import os
import signal
from collections import deque
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from collections.abc import Generator, Iterator

Task = tuple[Any, ...]
"""One task of a job: a tuple of integers and flags, small enough to send to a worker."""
Chunk = TypeVar("Chunk")
Chunk_co = TypeVar("Chunk_co", covariant=True)


class Remote(Protocol):
    """Where a job's tasks may be played instead of this machine's processes (a Dask cluster,
    :class:`deckcli.game.simulation.cluster.ClusterPool`)."""

    def chunks(self, job: Job[Any], tasks: Iterator[Task]) -> Iterator[Any]:
        """Each of ``tasks`` played there, the results in task order."""
        ...


class Job(Protocol[Chunk_co]):
    """What an executor runs (a picklable object: it is sent to every worker once)."""

    def tasks(self, logging: bool) -> Iterator[Task]:
        """The tasks, one at a time (a run's games may be far more than a list could hold); ``logging``: each task
        keeps its games' event logs."""
        ...

    def task_count(self) -> int:
        """How many tasks :meth:`tasks` gives."""
        ...

    def setup(self) -> Any:
        """What a process playing this job's tasks builds once (the card tables, the bots' makers)."""
        ...

    def play(self, state: Any, task: Task, stopped: Any = None) -> Chunk_co:
        """The results of one task, played with ``state`` (:meth:`setup`); ``stopped``, a worker's stop event,
        looked at before each game: :class:`RunStopped` is raised once it is set."""
        ...


class RunStopped(Exception):
    """A worker's task given up because its run was stopped (:func:`_stop_pool`)."""




def default_workers() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def pool_size(job: Job[Any], workers: int) -> int:
    """The processes a run of ``job`` asked for ``workers`` plays on: never more than its tasks, nor than the cores
    this process may run on (more would only share them, each with its own memory)."""
    return max(1, min(workers, default_workers(), job.task_count()))


_JOB: Any = None
_WORKER: Any = None
_STOPPED: Any = None
"""In a worker: its run's stop event (:func:`_start_worker`)."""

PARENT_CHECK = 0.5
"""Seconds between a worker's looks at whether the process that started it is still there."""
STOP_GRACE = 1.0
"""Seconds a stopped run gives its workers to end the game they play and hand back what they hold, before they
are killed (:func:`_stop_pool`)."""
HELD_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}
"""The signals that stop a run: held while its workers start (:func:`_signals_held`), ignored by the workers."""


def _start_worker(job: Job[Any], parent: int, stopped: Any) -> None:
    """A worker's start: the signals left to the process that started it, then the job set up.

    Ctrl-C, SIGTERM and SIGHUP reach every process of the terminal's group (a closing terminal sends SIGHUP to
    all of them): a worker ignores them, and the run's own process stops the workers (:func:`_stop_pool`). A
    worker that died of the signal could die halfway through handing back a task's games, and the run would
    wait for ever for the rest. The signals are held (:func:`_signals_held`) from the fork until they are set
    here, so that none lands in between. A worker ends once that process is gone, however it went (even
    ``kill -9``): a worker waiting for tasks would otherwise wait for ever. ``stopped`` is the run's stop event.
    """
    import signal
    import threading

    for number in HELD_SIGNALS:
        signal.signal(number, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_SIGNALS)
    global _JOB, _WORKER, _STOPPED
    _JOB, _WORKER = job, job.setup()
    _STOPPED = stopped
    threading.Thread(target=_end_with, args=(parent,), name="deckcli-parent-watch", daemon=True).start()


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold :data:`HELD_SIGNALS` in this process while the block runs (they are delivered after it): the workers
    forked meanwhile start with them held too, until :func:`_start_worker` has set what each does."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # not on POSIX
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _end_with(parent: int) -> None:
    import time

    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(1)


def _worker_chunk(task: Task) -> Any:
    assert _JOB is not None, "the worker was started without its job"
    return _JOB.play(_WORKER, task, _STOPPED)


def _stop_pool(pool: Any, pending: deque[Any], stopped: Any) -> None:
    """End a run that did not end by itself (Ctrl-C, SIGTERM, SIGHUP, an error, the generator closed), within
    about :data:`STOP_GRACE` seconds.

    The workers are told to stop (``stopped``): each ends the game it plays and hands back its task unfinished,
    and the pool's own thread goes on reading until every task still held is back, so that no worker is cut off
    halfway through handing one back. Any still busy after the grace (a long game of the search bot, a worker
    killed from outside) are killed, and the pool is then left without waiting for its thread, which may wait
    for ever on the half of a task's games that never comes (the command line ends with ``os._exit``).
    """
    from concurrent.futures import wait

    stopped.set()
    for future in pending:
        future.cancel()
    _, running = wait(pending, timeout=STOP_GRACE)
    if running:
        _stopped()
    pool.shutdown(wait=not running, cancel_futures=True)


def _stopped() -> None:
    """Kill the pool's worker processes (this process's children: deckcli starts no other) and wait for them."""
    import multiprocessing

    for process in multiprocessing.active_children():
        process.kill()
        process.join()



def chunks(job: Job[Chunk], logging: bool, workers: int,
           cluster: Remote | None = None) -> Generator[Chunk, None, None]:
    """The tasks' results in task order: played here, or by ``workers`` processes (:func:`pool_size`), or on
    ``cluster``, at most two tasks a worker ahead of the one awaited (so that memory does not grow with the
    number of games).

    When the run does not end by itself (Ctrl-C, SIGTERM, SIGHUP, an error, the generator closed), the workers
    stop within about :data:`STOP_GRACE` seconds rather than finish the tasks they hold (:func:`_stop_pool`).
    """
    tasks = job.tasks(logging)
    if cluster is not None:
        yield from cluster.chunks(job, tasks)
        return
    workers = pool_size(job, workers)
    if workers == 1:
        state = job.setup()
        for task in tasks:
            yield job.play(state, task)
        return
    import multiprocessing
    from concurrent.futures import Future, ProcessPoolExecutor

    pending: deque[Future[Chunk]] = deque()
    pool: ProcessPoolExecutor | None = None
    stopped = multiprocessing.get_context().Event()
    finished = False
    try:
        with _signals_held():
            pool = ProcessPoolExecutor(
                max_workers=workers, initializer=_start_worker, initargs=(job, os.getpid(), stopped),
            )
            pending.append(pool.submit(_worker_chunk, next(tasks)))  # starts the workers (with fork, all of them)
        for task in tasks:
            pending.append(pool.submit(_worker_chunk, task))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
        finished = True
    finally:
        if pool is not None:
            if finished:
                pool.shutdown(wait=True)
            else:
                _stop_pool(pool, pending, stopped)
