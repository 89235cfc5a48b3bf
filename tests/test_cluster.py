"""``--cluster ADDRESS``: games played on a Dask distributed cluster count exactly what the local process pool
counts (the tasks are shards of seeds), also when a worker is killed mid-run; without the extra, or without a
scheduler at the address, the run exits 2 saying what to do.

The cluster is a ``LocalCluster`` of two worker processes (one thread each), started once for the module; the
tests that need it are skipped, saying why, when ``distributed`` is not installed.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import pytest

from conftest import DECKS, run_cli
from deckcli.game.simulation import cluster as cluster_module
from deckcli.game.simulation.cluster import ClusterPool
from deckcli.game.simulation.matchups import starter_entrant
from deckcli.game.simulation.runs import CHUNK, Plan, run_plan

try:
    import distributed
except ImportError:  # the cluster extra is not installed
    distributed = None

needs_dask = pytest.mark.skipif(distributed is None, reason="Dask distributed is not installed: pip install "
                                                          "'deckcli[cluster]' (the test extra has it)")
STARTER = DECKS / "northern-realms-starter.toml"


@pytest.fixture(scope="module")
def local_cluster():
    """A scheduler and two worker processes on this machine, and a client to reach them."""
    assert distributed is not None
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as found, distributed.Client(found, set_as_default=False) as client:
        yield found.scheduler_address, client


def _without_time(document: dict) -> dict:
    for key in ("seconds", "measured"):
        document.pop(key, None)
    return document


@needs_dask
def test_simulate_on_the_cluster_counts_what_the_process_pool_counts(local_cluster):
    address, _client = local_cluster
    args = ["simulate", STARTER, "--vs", "monsters", "--vs", "skellige", "--games", "60", "--seed", "5", "--format",
            "json"]
    local = json.loads(run_cli([*args, "--workers", "2"]).stdout)
    remote = json.loads(run_cli([*args, "--cluster", address]).stdout)
    assert local["overall"]["games"] == 120 and remote == local


@pytest.mark.slow
@needs_dask
def test_diff_simulate_and_tune_on_the_cluster_give_the_local_results(local_cluster, tmp_path: Path):
    address, _client = local_cluster
    diff = ["diff", STARTER, DECKS / "northern-realms-advanced.toml", "--simulate", "--vs", "nilfgaard", "--games",
            "50", "--format", "json"]
    assert json.loads(run_cli([*diff, "--cluster", address]).stdout) == json.loads(run_cli([*diff, "--workers", "1"]).stdout)
    tune = ["tune", STARTER, "--vs", "skellige", "--budget", "800", "--seed", "3", "--format", "json"]
    local = _without_time(json.loads(run_cli([*tune, "--workers", "1"]).stdout))
    remote = _without_time(json.loads(run_cli([*tune, "--cluster", address]).stdout))
    assert local["games"]["climb"] > 0 and remote == local


@pytest.mark.slow
@needs_dask
def test_a_worker_killed_mid_run_changes_nothing(local_cluster):
    """Dask gives the tasks of the dead worker to another (its nanny starts a new one): the same games again."""
    address, client = local_cluster
    plan = Plan((starter_entrant("scoiatael"),), (starter_entrant("monsters"),), 16 * CHUNK, 11, "heuristic",
                "heuristic")
    expected = run_plan(plan, workers=1)
    killed: list[int] = []

    def kill_one(done: int, _total: int) -> None:
        if not killed:
            pid = next(iter(client.run(os.getpid).values()))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    found = run_plan(plan, cluster=ClusterPool(client, address), progress=kill_one)
    assert killed and found.total(0).wins == expected.total(0).wins
    assert (found.total(0).held, found.total(0).draws) == (expected.total(0).held, expected.total(0).draws)


def test_without_the_extra_cluster_exits_2_saying_what_to_install(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    said = run_cli(["simulate", STARTER, "--games", "2", "--cluster", "tcp://127.0.0.1:1"], exit_code=2).stderr
    assert "pip install 'deckcli[cluster]'" in said


@needs_dask
def test_no_scheduler_at_the_address_exits_2(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 1)
    said = run_cli(["tune", STARTER, "--budget", "50", "--cluster", "tcp://127.0.0.1:9"], exit_code=2).stderr
    assert "no Dask scheduler answers" in said and "dask scheduler" in said
