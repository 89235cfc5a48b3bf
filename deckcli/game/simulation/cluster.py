"""Games played on a Dask distributed cluster (``--cluster ADDRESS`` of ``simulate``, ``diff --simulate``, ``tune``).

The run planner stays the job's (:class:`deckcli.game.simulation.executor.Job`): it cuts a run into the same tasks
(shards of consecutive seeds) and adds up what comes back in
task order. A :class:`ClusterPool` only decides where a task is played: it submits each task to the cluster's
scheduler and hands the results back in the order asked. A task's games depend on the plan and the task alone,
so the counts are those of the local process pool, whatever the cluster's size, and also when a worker dies
mid-run: Dask gives the tasks it held to another worker, which plays the same games again.

``distributed`` is an optional dependency (``pip install '.[cluster]'`` in the clone), imported only when a cluster
is asked for; the scheduler and every worker need the same deckcli installed (``dask worker ADDRESS`` on each
machine): :func:`connected` checks it, and bounds every wait (the handshake, a cluster without workers).
"""

from __future__ import annotations

import uuid
from collections import deque
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, cast

from deckcli.errors import DeckcliError
from deckcli.text import counted

if TYPE_CHECKING:
    import warnings
    from collections.abc import Iterator

    from deckcli.game.simulation.executor import Job, Task

INSTALL = "pip install '.[cluster]'"
"""What a player types, in the clone deckcli was installed from, to get Dask distributed."""
CONNECT_TIMEOUT = 10
"""Seconds to wait for the scheduler to answer, handshake included, before giving up."""
NO_WORKER_SECONDS = 60
"""Seconds a run waits with no worker on the cluster (none joined yet, or every one died) before it stops."""
POLL = 1.0
"""Seconds between looks at the cluster while a task is awaited."""
AHEAD = 2
"""Tasks submitted per worker thread ahead of the one awaited (memory stays flat however many games)."""
KEPT_RUNS = 4
"""Runs a worker keeps set up (card tables built) at once: a tune sends many small runs in turn."""
VERSION = "__import__('deckcli').__version__"
"""What a worker and the scheduler evaluate to say which deckcli they have: Python's own ``eval`` is sent, so that
one lacking deckcli answers ImportError rather than failing to read the task (a worker would die of it)."""


class ClusterError(DeckcliError):
    """The cluster cannot be used (exit code 2): the extra is not installed, nothing at the address speaks as a Dask
    scheduler, the scheduler or a worker lacks this deckcli, no worker is left, or the cluster failed mid-run."""


class ClusterPool:
    """A connected Dask ``Client``: submits a plan's tasks and yields their results in task order. ``notes`` are
    what the caller should say once (Dask's warning that the cluster's packages differ from this machine's)."""

    def __init__(self, client: Any, address: str, notes: tuple[str, ...] = ()) -> None:
        self.client = client
        self.address = address
        self.notes = notes

    def threads(self) -> int:
        """Every worker thread the cluster has now (at least 1)."""
        return max(1, int(sum(self.client.nthreads().values())))

    def chunks(self, job: Job[Any], tasks: Iterator[Task]) -> Iterator[Any]:
        """Each task of ``tasks`` played on the cluster, the results in task order; the tasks still out are
        cancelled when the caller stops early (an error, Ctrl-C). Raises :class:`ClusterError` (exit 2) in one line
        when the cluster fails (the scheduler lost, a task that kills every worker it is given, no worker left for
        :data:`NO_WORKER_SECONDS`)."""
        token = uuid.uuid4().hex
        pending: deque[Any] = deque()
        try:
            window = AHEAD * self.threads()
            for task in tasks:
                pending.append(self.client.submit(play_task, token, job, task, pure=False))
                if len(pending) >= window:
                    yield self.result(pending.popleft())
            while pending:
                yield self.result(pending.popleft())
        except Exception as error:
            if isinstance(error, ClusterError) or not _from_dask(error):
                raise
            raise ClusterError(self.failed(error)) from None
        finally:
            if pending:
                try:
                    self.client.cancel(list(pending))
                except Exception:  # noqa: BLE001 - the cluster is gone: nothing left to cancel
                    pass

    def result(self, future: Any) -> Any:
        """``future``'s result, looking at the cluster every :data:`POLL` seconds: with no worker on it for
        :data:`NO_WORKER_SECONDS`, the run stops (:class:`ClusterError`) rather than wait for ever."""
        idle = 0.0
        while True:
            try:
                return future.result(timeout=POLL)
            except TimeoutError:
                idle = 0.0 if self.client.nthreads() else idle + POLL
                if idle >= NO_WORKER_SECONDS:
                    raise ClusterError(f"--cluster {self.address}: no worker has been on the cluster for "
                                       f"{NO_WORKER_SECONDS} s (every worker died or left): the run is stopped, nothing "
                                       f"written; start workers with dask worker {self.address}, then run again") from None

    def failed(self, error: BaseException) -> str:
        """One line saying how the cluster failed mid-run."""
        said = str(error).strip().splitlines()[0] if str(error).strip() else ""
        if "connection" in f"{type(error).__name__} {error}".lower() or isinstance(error, OSError):
            return (f"--cluster {self.address}: the scheduler stopped answering mid-run ({type(error).__name__}): the "
                    "run is stopped, nothing written; start the scheduler again, then run again")
        if type(error).__name__ == "KilledWorker":
            return (f"--cluster {self.address}: a task ended every worker it was given (KilledWorker): the workers "
                    f"may lack deckcli {_version()} or memory; install it on each (dask worker needs it), then run "
                    "again")
        return (f"--cluster {self.address}: the cluster failed mid-run ({type(error).__name__}: {said[:120]}): the "
                "run is stopped, nothing written")

    def close(self) -> None:
        try:
            self.client.close(timeout=CONNECT_TIMEOUT)
        except Exception:  # noqa: BLE001 - a cluster already gone: nothing left to close
            pass


def _from_dask(error: BaseException) -> bool:
    """Whether ``error`` comes from Dask or its network rather than from deckcli's own code on a worker (a bug,
    which stays an internal error)."""
    import asyncio
    import concurrent.futures

    module = type(error).__module__ or ""
    return (module.split(".")[0] in ("distributed", "dask", "tornado", "msgpack")
            or isinstance(error, (OSError, TimeoutError, asyncio.CancelledError, concurrent.futures.CancelledError)))


def _version() -> str:
    from deckcli import __version__

    return __version__


_RUNS: dict[str, Any] = {}
"""On a worker: the jobs set up (:meth:`Job.setup`), by token (the latest :data:`KEPT_RUNS`)."""


def play_task(token: str, job: Job[Any], task: Task) -> Any:
    """On a worker: the games of one task of ``job`` (the job set up once per worker and token)."""
    state = _RUNS.get(token)
    if state is None:
        while len(_RUNS) >= KEPT_RUNS:
            del _RUNS[next(iter(_RUNS))]
        state = _RUNS[token] = job.setup()
    return job.play(state, task)


def client_class() -> Any:
    """Dask distributed's ``Client``. Raises :class:`ClusterError` (exit 2) naming what to install when the
    ``cluster`` extra is missing."""
    try:
        from distributed import Client
    except ImportError as error:
        raise ClusterError(f"--cluster needs Dask distributed, which is not installed ({error}): {INSTALL}") from None
    return Client


@contextmanager
def connected(address: str) -> Iterator[ClusterPool]:
    """A :class:`ClusterPool` on the scheduler at ``address`` (``tcp://HOST:8786``, or ``HOST:8786``), closed
    after the block. Dask's own log lines and warnings are kept off the terminal for the block: what goes wrong is
    said in one line.

    Raises :class:`ClusterError` (exit 2) when the extra is missing; when nothing at ``address`` answers as a Dask
    scheduler within :data:`CONNECT_TIMEOUT` seconds and one more, handshake included (a silent service, a web server, an
    address of a scheme Dask cannot use here, such as ``ucx://`` without UCX); when the scheduler or a worker lacks
    this deckcli or runs another version; and when no worker joins within :data:`NO_WORKER_SECONDS` seconds.
    """
    import logging
    import warnings

    client_type = client_class()
    logging.disable(logging.CRITICAL)  # distributed logs tracebacks of its own to standard error
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _probe(address)
            try:
                client = client_type(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
            except Exception as error:  # noqa: BLE001 - whatever Dask raises, said in one line
                raise ClusterError(_unreachable(address, error)) from None
            pool = ClusterPool(client, address, _notes(address, caught))
            try:
                _check_deckcli(pool)
            except BaseException:
                pool.close()
                raise
        try:
            yield pool
        finally:
            pool.close()
    finally:
        logging.disable(logging.NOTSET)


def _probe(address: str) -> None:
    """Ask ``address`` who it is, the handshake included, within :data:`CONNECT_TIMEOUT` seconds and one more
    (Dask's own client waits for the handshake without end: a silent service held a run for ever). Raises
    :class:`ClusterError` unless a Dask scheduler answers."""
    import asyncio

    import distributed.comm

    connect = cast(Any, distributed.comm).connect  # Dask's documented distributed.comm.connect (untyped)

    async def identity() -> Any:
        comm = await connect(address, timeout=CONNECT_TIMEOUT)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            await comm.close()

    async def bounded() -> Any:  # Dask's connect gives up on a refusal by itself: a second more for a silent peer
        return await asyncio.wait_for(identity(), CONNECT_TIMEOUT + 1)

    try:
        found = asyncio.run(bounded())
    except (TimeoutError, asyncio.TimeoutError):
        raise ClusterError(f"--cluster {address}: nothing answered as a Dask scheduler within {CONNECT_TIMEOUT + 1} s "
                           "(something that does not speak Dask's protocol, or nothing at all); start one with "
                           "`dask scheduler` and give the address it prints") from None
    except Exception as error:  # noqa: BLE001 - whatever Dask or the network raises, said in one line
        raise ClusterError(_unreachable(address, error)) from None
    kind = found.get("type") if isinstance(found, dict) else None
    if kind != "Scheduler":
        what = f"a Dask {kind.lower()}" if isinstance(kind, str) and kind else "something other than Dask"
        raise ClusterError(f"--cluster {address}: {what} answers there, not a Dask scheduler: give the address "
                           "`dask scheduler` prints (tcp://HOST:8786)")


def _unreachable(address: str, error: BaseException) -> str:
    """One line for an address Dask could not reach: a scheme it cannot use here (``ucx://`` without UCX), or no
    scheduler there."""
    said = " ".join(str(error).split())
    said = f"{type(error).__name__}: {said[:160]}" if said else type(error).__name__
    scheme = address.partition("://")[0] if "://" in address else "tcp"
    if scheme not in ("tcp", "tls") and not isinstance(error, (OSError, TimeoutError)):
        return (f"--cluster {address}: Dask cannot connect by {scheme}:// on this machine ({said}): give the "
                "tcp:// address `dask scheduler` prints")
    return (f"--cluster {address}: no Dask scheduler answers there ({said}); start one with `dask scheduler` and give "
            "the address it prints")


def _notes(address: str, caught: list[warnings.WarningMessage]) -> tuple[str, ...]:
    """Dask's warning that the cluster's packages differ from this machine's (a table of versions), in one line."""
    import re

    for warning in caught:
        if type(warning.message).__name__ == "VersionMismatchWarning":
            packages = sorted({name for name in re.findall(r"^\|\s*([A-Za-z0-9_.-]+)\s*\|", str(warning.message), re.M)
                               if name.lower() != "package"})
            listed = ", ".join(packages) or "some packages"
            return (f"--cluster {address}: the cluster's {listed} differ from this machine's (Dask's check); the "
                    "games may fail: install the same versions on every machine",)
    return ()


def _check_deckcli(pool: ClusterPool) -> None:
    """Refuse a cluster whose scheduler or workers lack this deckcli or run another version (a worker lacking it
    died on its first task and the run waited for ever; a scheduler lacking it failed with Dask's own error); wait
    up to :data:`NO_WORKER_SECONDS` for a first worker."""
    import time

    client, address, ours = pool.client, pool.address, _version()
    try:
        theirs = client.run_on_scheduler(eval, VERSION)
    except Exception as error:  # noqa: BLE001 - ImportError on the scheduler, or Dask refusing to run it
        raise ClusterError(f"--cluster {address}: the scheduler cannot run deckcli ({type(error).__name__}: "
                           f"{str(error)[:100]}): install deckcli {ours} where it runs ({INSTALL}), then start it "
                           "again") from None
    if theirs != ours:
        raise ClusterError(f"--cluster {address}: the scheduler has deckcli {theirs}, and this is deckcli {ours}: "
                           "install the same deckcli on every machine of the cluster")
    waited = time.monotonic()
    while not client.nthreads():
        if time.monotonic() - waited >= NO_WORKER_SECONDS:
            raise ClusterError(f"--cluster {address}: no worker joined the scheduler within {NO_WORKER_SECONDS} s: "
                               f"start workers with dask worker {address}, then run again")
        time.sleep(min(POLL, NO_WORKER_SECONDS))
    answers = client.run(eval, VERSION, on_error="return")
    lacking = sorted(worker for worker, answer in answers.items() if isinstance(answer, BaseException))
    other = sorted({answer for answer in answers.values() if isinstance(answer, str) and answer != ours})
    if lacking:
        named = lacking[0] + (f" and {len(lacking) - 1} more" if len(lacking) > 1 else "")
        raise ClusterError(f"--cluster {address}: {counted(len(lacking), 'worker lacks', 'workers lack')} deckcli "
                           f"({named}): install deckcli {ours} on each machine ({INSTALL}), then start the workers "
                           "again")
    if other:
        raise ClusterError(f"--cluster {address}: workers have deckcli {', '.join(other)}, and this is deckcli {ours}: "
                           "install the same deckcli on every machine of the cluster")
