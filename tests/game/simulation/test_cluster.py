"""``--cluster ADDRESS``: games played on a Dask distributed cluster count exactly what the local process pool
counts (the tasks are shards of seeds), also when a worker is killed mid-run; without the extra, or without a
scheduler at the address, the run exits 2 saying what to do.

The cluster is a ``LocalCluster`` of two worker processes (one thread each), started once for the module; the
tests that need it are skipped, saying why, when ``distributed`` is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import sys
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli
from helpers.depth import deep_only, quick_first
from helpers.repository import DECKS
from deckcli.game.simulation import cluster as cluster_module
from deckcli.game.simulation.cluster import ClusterPool
from deckcli.game.simulation.matchups import starter_entrant
from deckcli.game.simulation.runs import CHUNK, Plan, run_plan

# Dask is imported by the tests that start a cluster, not when the module is collected (0.4 s of CPU in every
# xdist worker, most of which never runs a cluster test).
needs_dask = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="Dask distributed is not installed: pip install 'deckcli[cluster]' (the test extra has it)")
STARTER = DECKS / "northern-realms-starter.toml"


@pytest.fixture(scope="module")
def local_cluster():
    """A scheduler and two worker processes on this machine, and a client to reach them."""
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as found, distributed.Client(found, set_as_default=False) as client:
        yield found.scheduler_address, client


def _without_time(document: dict) -> dict:
    for key in ("seconds", "measured", "processes"):  # processes: the local ones that ran, none on a cluster
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
@deep_only("diff and tune on a cluster (about 2 s; simulate's own run on it is in every run)")
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
@deep_only("a worker killed and started again by its nanny (about 1.5 s)")
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
    assert "pip install '.[cluster]'" in said  # deckcli is installed from its clone, not the package index


@needs_dask
def test_no_scheduler_at_the_address_exits_2(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 1)
    said = run_cli(["tune", STARTER, "--budget", "50", "--cluster", "tcp://127.0.0.1:9"], exit_code=2).stderr
    assert "no Dask scheduler answers" in said and "dask scheduler" in said


@needs_dask
@pytest.mark.parametrize("mode", quick_first([(), ("--solo", "monsters"), ("--ffa", "3"), ("--team-with", "skellige")],
                                              "another mode on the one executor (1 s of Dask's connect timeout)",
                                              ids=["two players", "Gwent Solo", "Free For All", "two versus two"]))
def test_every_mode_refuses_a_dead_cluster_in_one_line(monkeypatch: pytest.MonkeyPatch, mode: tuple[str, ...]):
    """Issue 34: ``simulate --ffa 3 --cluster tcp://127.0.0.1:1`` played locally and exited 0; every mode now runs on
    the one executor, which connects first."""
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 1)
    deck = DECKS / "skellige-advanced.toml" if mode and mode[0] == "--solo" else STARTER
    said = run_cli(["simulate", deck, *mode, "--games", "4", "--cluster", "tcp://127.0.0.1:1"], exit_code=2).stderr
    assert "no Dask scheduler answers" in said and len(said.strip().split("\n    ")) <= 3


@deep_only("a Free For All and a team run on the cluster (the two-player run is in every run)")
@needs_dask
def test_a_free_for_all_and_a_team_run_on_the_cluster_count_what_the_process_pool_counts(local_cluster):
    address, _client = local_cluster
    for mode in (("--ffa", "3"), ("--team-with", "skellige")):
        args = ["simulate", STARTER, *mode, "--games", "45", "--seed", "5", "--format", "json"]
        local = json.loads(run_cli([*args, "--workers", "2"]).stdout)
        assert json.loads(run_cli([*args, "--cluster", address]).stdout) == local


# Issue 36: hostile addresses, a scheduler that dies, a cluster without workers or without deckcli ---------------


def _bounded(args: list, seconds: float, **monkeypatched: float):
    """``deckcli ARGS`` through Click's runner in a thread, given at most ``seconds``: a run that hangs fails the test
    (saying so) instead of holding the suite. Returns the result, or ``None`` when it did not end in time."""
    import threading

    from click.testing import CliRunner

    from helpers.cli_runs import deckcli_env
    from deckcli.cli.main import cli

    found: list = []
    thread = threading.Thread(target=lambda: found.append(CliRunner().invoke(cli, [str(a) for a in args],
                                                                             env=deckcli_env())), daemon=True)
    thread.start()
    thread.join(seconds)
    return found[0] if found else None


def _one_line(result) -> str:
    assert result is not None, "the run did not end: it hangs"
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    said = " ".join(result.stderr.split())
    assert said.startswith("deckcli: --cluster ") and "Traceback" not in said and result.stdout == "", said
    assert result.stderr.count("\n") <= 4  # one message, wrapped
    return said


@pytest.fixture
def silent_listener():
    """A TCP port on 127.0.0.1 where something accepts connections and never says a word."""
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()


@pytest.fixture
def web_server():
    """An HTTP server on 127.0.0.1 (a web page where a scheduler was expected)."""
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@needs_dask
@pytest.mark.parametrize("service", quick_first(["silent", "web"], "a web server where a scheduler was expected (1.5 s)"))
def test_an_address_where_no_scheduler_speaks_stops_within_the_timeout(monkeypatch, silent_listener, web_server,
                                                                       service):
    """Item 8: a silent service, or a web server, at the address held the run for ever (Dask's client waits for its
    handshake without end). Now the whole handshake is bounded: one line, exit 2."""
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 0.5)
    address = silent_listener if service == "silent" else f"tcp://{web_server}"
    said = _one_line(_bounded(["simulate", STARTER, "--games", "2", "--cluster", address], 8))
    assert "nothing answered as a Dask scheduler within 1.5 s" in said


@needs_dask
@pytest.mark.parametrize("scheme", ["ucx", "ws"])
def test_an_address_of_a_scheme_dask_cannot_use_here_is_one_line(web_server, scheme):
    """Item 9: ``ucx://`` (UCX not installed) ended in an internal error; ``ws://`` to a web server too."""
    said = _one_line(_bounded(["simulate", STARTER, "--games", "2", "--cluster", f"{scheme}://{web_server}"], 8))
    assert f"Dask cannot connect by {scheme}:// on this machine" in said and "internal error" not in said


@needs_dask
def test_a_worker_s_address_is_not_the_scheduler_s(local_cluster):
    _address, client = local_cluster
    worker = next(iter(client.scheduler_info()["workers"]))
    said = _one_line(_bounded(["simulate", STARTER, "--games", "2", "--cluster", worker], 8))
    assert "a Dask worker answers there, not a Dask scheduler" in said


SCHEDULER = """
import sys, time
import distributed
with distributed.LocalCluster(n_workers={workers}, threads_per_worker=1, processes=False, dashboard_address=None,
                              silence_logs=50, protocol="tcp://", host="127.0.0.1") as cluster:
    print(cluster.scheduler_address, flush=True)
    time.sleep(120)
"""
"""A scheduler in a process of its own (its workers, threads, with it), which the test can kill."""


def _scheduler_process(workers: int, env: dict | None = None):
    import subprocess
    import tempfile

    # started outside the clone: python -c puts its folder first on the path, where deckcli/ would be found
    process = subprocess.Popen([sys.executable, "-c", SCHEDULER.format(workers=workers)], stdout=subprocess.PIPE,
                               text=True, env={**os.environ, **(env or {})}, cwd=tempfile.gettempdir())
    return process, process.stdout.readline().strip()


def _after_tasks(monkeypatch: pytest.MonkeyPatch, count: int, happen) -> None:
    """``happen()`` once the run has had ``count`` tasks' results from the cluster (the run goes on after it)."""
    real = ClusterPool.chunks

    def chunks(self, plan, tasks):
        for done, chunk in enumerate(real(self, plan, tasks), 1):
            if done == count:
                happen()
            yield chunk

    monkeypatch.setattr(ClusterPool, "chunks", chunks)


@deep_only("a scheduler in a process of its own, killed mid-run (about 1.5 s)")
@needs_dask
def test_a_scheduler_that_dies_mid_run_is_one_line_and_nothing_is_half_written(tmp_path, monkeypatch):
    """Item 7: distributed's multi-line traceback and an internal error; now one line, exit 2, no log left."""
    process, address = _scheduler_process(1)
    _after_tasks(monkeypatch, 3, lambda: (process.kill(), process.wait()))
    try:
        said = _one_line(_bounded(["simulate", STARTER, "--vs", "monsters", "--games", "2000", "--cluster", address,
                                   "--log", tmp_path / "games.jsonl"], 20))
    finally:
        process.kill()
    assert "the scheduler stopped answering mid-run" in said and "nothing written" in said
    assert list(tmp_path.iterdir()) == []


@deep_only("two clusters started, one without workers, one losing its only one (about 1.5 s)")
@needs_dask
def test_a_cluster_without_a_worker_stops_saying_why(monkeypatch):
    """Also of issue 36: a cluster whose workers all died waited silently for ever; so did one that never had any."""
    monkeypatch.setattr(cluster_module, "NO_WORKER_SECONDS", 0.5, raising=False)
    monkeypatch.setattr(cluster_module, "POLL", 0.1, raising=False)
    import distributed

    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None, silence_logs=50) as empty:
        said = _one_line(_bounded(["simulate", STARTER, "--games", "2", "--cluster", empty.scheduler_address], 10))
    assert "no worker joined the scheduler within 0.5 s" in said and "dask worker" in said
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  silence_logs=50) as dying:
        _after_tasks(monkeypatch, 2, lambda: dying.scale(0))
        said = _one_line(_bounded(["simulate", STARTER, "--vs", "monsters", "--games", "2000", "--cluster",
                                   dying.scheduler_address], 15))
    assert "no worker has been on the cluster for 0.5 s (every worker died or left)" in said


def _without_deckcli(folder: Path) -> dict:
    """The environment of a Dask process that cannot import deckcli (a package of that name first on its path, which
    refuses to be imported, as a machine without deckcli would)."""
    (folder / "deckcli").mkdir()
    (folder / "deckcli" / "__init__.py").write_text("raise ImportError('No module named deckcli')\n", "utf-8")
    return {"PYTHONPATH": str(folder)}


@deep_only("two schedulers and a worker in processes of their own (about 3 s)")
@needs_dask
def test_a_cluster_that_lacks_deckcli_says_so_in_one_line(tmp_path):
    """What a new user hit: a worker without deckcli died on its first task and the run waited for ever; a scheduler
    without it gave "internal error" and Dask's raw table. Each is one line naming what the cluster lacks."""
    import subprocess

    blocked = _without_deckcli(tmp_path)
    process, address = _scheduler_process(0, blocked)
    try:
        said = _one_line(_bounded(["simulate", STARTER, "--games", "2", "--cluster", address], 15))
    finally:
        process.kill()
    assert "the scheduler cannot run deckcli (ImportError" in said and "internal error" not in said
    process, address = _scheduler_process(0)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                               "--no-dashboard"], env={**os.environ, **blocked}, stderr=subprocess.DEVNULL,
                              cwd=tmp_path)
    try:
        from distributed import Client

        with Client(address, set_as_default=False) as client:
            client.wait_for_workers(1, timeout=20)
        said = _one_line(_bounded(["simulate", STARTER, "--games", "2", "--cluster", address], 15))
    finally:
        worker.kill()
        process.kill()
    assert "1 worker lacks deckcli" in said and "then start the workers again" in said
