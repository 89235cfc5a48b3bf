"""Games played on a Dask distributed cluster (``--cluster ADDRESS`` of ``simulate``, ``diff --simulate``, ``tune``).

The run planner stays :func:`deckcli.game.simulation.runs.run_plan`: it cuts a plan into the same tasks (shards
of consecutive seeds, :data:`~deckcli.game.simulation.runs.CHUNK` games each) and adds up what comes back in
task order. A :class:`ClusterPool` only decides where a task is played: it submits each task to the cluster's
scheduler and hands the results back in the order asked. A task's games depend on the plan and the task alone,
so the counts are those of the local process pool, whatever the cluster's size, and also when a worker dies
mid-run: Dask gives the tasks it held to another worker, which plays the same games again.

``distributed`` is an optional dependency (``pip install 'deckcli[cluster]'``), imported only when a cluster is
asked for; every worker needs the same deckcli installed (``dask worker ADDRESS`` on each machine).
"""

from __future__ import annotations

import uuid
from collections import deque
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from deckcli.errors import DeckcliError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from deckcli.game.simulation.runs import Plan, _Chunk, _Run

INSTALL = "pip install 'deckcli[cluster]'"
"""What a player types to get Dask distributed."""
CONNECT_TIMEOUT = 10
"""Seconds to wait for the scheduler to answer before giving up."""
AHEAD = 2
"""Tasks submitted per worker thread ahead of the one awaited (memory stays flat however many games)."""
KEPT_RUNS = 4
"""Runs a worker keeps set up (card tables built) at once: a tune sends many small runs in turn."""


class ClusterError(DeckcliError):
    """The cluster cannot be used: the extra is not installed, or the scheduler does not answer (exit code 2)."""


class ClusterPool:
    """A connected Dask ``Client``: submits a plan's tasks and yields their results in task order."""

    def __init__(self, client: Any, address: str) -> None:
        self.client = client
        self.address = address

    def threads(self) -> int:
        """Every worker thread the cluster has now (at least 1)."""
        return max(1, int(sum(self.client.nthreads().values())))

    def chunks(self, plan: Plan, tasks: Iterator[tuple[int, int, int, bool]]) -> Iterator[_Chunk]:
        """Each task of ``tasks`` played on the cluster, the results in task order; the tasks still out are
        cancelled when the caller stops early (an error, Ctrl-C)."""
        token = uuid.uuid4().hex
        pending: deque[Any] = deque()
        window = AHEAD * self.threads()
        try:
            for task in tasks:
                pending.append(self.client.submit(play_task, token, plan, task, pure=False))
                if len(pending) >= window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            if pending:
                self.client.cancel(list(pending))

    def close(self) -> None:
        self.client.close()


_RUNS: dict[str, _Run] = {}
"""On a worker: the runs set up, by token (the latest :data:`KEPT_RUNS`)."""


def play_task(token: str, plan: Plan, task: tuple[int, int, int, bool]) -> _Chunk:
    """On a worker: the games of one task of ``plan`` (the run set up once per worker and token)."""
    from deckcli.game.simulation.runs import _play_chunk, _Run

    run = _RUNS.get(token)
    if run is None:
        while len(_RUNS) >= KEPT_RUNS:
            del _RUNS[next(iter(_RUNS))]
        run = _RUNS[token] = _Run(plan)
    return _play_chunk(run, task)


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
    after the block.

    Raises :class:`ClusterError` (exit 2) when the extra is missing or the scheduler does not answer within
    :data:`CONNECT_TIMEOUT` seconds.
    """
    client_type = client_class()
    try:
        client = client_type(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"--cluster {address}: no Dask scheduler answers there ({error}); start one with "
                           "`dask scheduler` and give the address it prints") from None
    pool = ClusterPool(client, address)
    try:
        yield pool
    finally:
        pool.close()
