"""The processes of ``deckcli simulate``: how many play, and that none outlives the run, however it ends.

A run plays on at most as many processes as this process may use cores, plans its tasks one at a time
(``--games`` may be far more than a list could hold), and when it is stopped (Ctrl-C, SIGTERM, SIGHUP, its own
process killed) no worker goes on playing, nor waits for ever for a task that never comes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers.cli_runs import deckcli_env, signals_as_at_a_terminal
from helpers.depth import TEST_DEPTH
from helpers.repository import DECKS, REPO
from deckcli.game.simulation import executor as simulation
from deckcli.game.simulation.matchups import starter_entrant
from deckcli.game.simulation.runs import CHUNK, Plan, run_plan

WAIT = 60.0
"""Seconds a test waits for a process to start or end on a loaded machine; a passing case takes a fraction."""

needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc (Linux)")


def _plan(games: int, opponents: int = 1) -> Plan:
    monsters = starter_entrant("monsters")
    return Plan((monsters,), (monsters,) * opponents, games, 1, "heuristic", "heuristic")


def test_the_tasks_are_planned_one_at_a_time():
    """--games 10**30 starts at once: the tasks are made as they are sent, never all first (a list of them ran
    out of memory: 3 GB in 8 s for --games 100000000)."""
    plan = _plan(10**30, opponents=5)
    tasks = plan.tasks(False)
    assert iter(tasks) is tasks
    assert [next(tasks) for _ in range(2)] == [(0, 0, CHUNK, False), (0, CHUNK, 2 * CHUNK, False)]
    assert plan.task_count() == 5 * 10**30 // CHUNK
    assert _plan(CHUNK + 1, opponents=2).task_count() == 4 == len(list(_plan(CHUNK + 1, 2).tasks(True)))


def test_no_more_workers_than_cores(monkeypatch):
    """--workers 1000 on a 2-core machine started a process per task (200 of them for the default run)."""
    from concurrent import futures

    started: list[int] = []

    class Counted(futures.ProcessPoolExecutor):
        def __init__(self, max_workers: int, **options) -> None:
            started.append(max_workers)
            super().__init__(max_workers=max_workers, **options)

    monkeypatch.setattr(futures, "ProcessPoolExecutor", Counted)
    monkeypatch.setattr(simulation, "default_workers", lambda: 2)
    plan = _plan(8 * CHUNK)
    tally = run_plan(plan, workers=1000)
    assert started == [2] and tally.counts[0][0].games == 8 * CHUNK


def test_an_interrupted_run_kills_its_workers_at_once():
    """A Ctrl-C in the run's own process (here: in the progress callback) kills the workers rather than waiting
    for them to play the tasks they hold (25 games each: half a minute with the search bot)."""
    import multiprocessing

    workers: list[multiprocessing.Process] = []

    def interrupt(done: int, total: int) -> None:
        workers.extend(multiprocessing.active_children())
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_plan(_plan(40 * CHUNK), workers=2, progress=interrupt)
    # told to stop (or killed, past the grace), never left to finish: every worker has ended when run_plan returns
    assert workers and all(worker.exitcode is not None for worker in workers)
    assert not multiprocessing.active_children()


def test_a_stopped_worker_gives_its_task_up_before_the_next_game():
    """The stop event of a run is looked at before each game: a task of a stopped run plays no game."""
    import multiprocessing

    from deckcli.game.simulation.runs import _play_chunk, _Run
    from deckcli.game.simulation.executor import RunStopped

    stopped = multiprocessing.get_context().Event()
    run = _Run(_plan(CHUNK))
    assert _play_chunk(run, (0, 0, 2, False), stopped).counts[0].games == 2
    stopped.set()
    with pytest.raises(RunStopped):
        _play_chunk(run, (0, 0, 2, False), stopped)


# deckcli as a process --------------------------------------------------------------------------------------


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _started(tmp_path: Path, *options: str, **popen) -> tuple[subprocess.Popen[str], set[int]]:
    """``deckcli simulate`` of a long run, once its two workers are playing: the process and the workers."""
    child = subprocess.Popen(
        [sys.executable, "-m", "deckcli", "simulate", str(DECKS / "monsters-starter.toml"), "--games", "100000",
         "--workers", "2", *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        env=deckcli_env(PYTHONPATH=str(REPO)), **{"preexec_fn": signals_as_at_a_terminal, **popen})
    deadline = time.monotonic() + WAIT
    while len(workers := _children(child.pid)) < 2 and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.05)
    if len(workers) < 2:
        child.kill()
        raise AssertionError(f"the workers did not start: {child.communicate()}")
    return child, workers


@needs_proc
@pytest.mark.skipif(simulation.default_workers() < 2, reason="one core: the run plays in its own process")
@pytest.mark.parametrize(("stop", "code", "said"), [
    (signal.SIGTERM, 143, "Terminated (SIGTERM)."),
    (signal.SIGHUP, 129, "Terminated (SIGHUP)."),
    (signal.SIGINT, 130, "Aborted."),
], ids=["SIGTERM", "SIGHUP", "Ctrl-C"])
def test_a_stopped_run_leaves_no_worker_and_no_half_log(tmp_path, stop, code, said):
    """``kill PID`` (or ``timeout``) ended the command at once, its workers left waiting for ever and the log's
    temporary file behind; a terminal's Ctrl-C reaches the whole process group. Now each ends as a Ctrl-C does:
    one line, its exit code, no worker alive once the command has ended, no file left."""
    child, workers = _started(tmp_path, "--log", "games.jsonl", start_new_session=True)
    try:
        if stop == signal.SIGINT:
            os.killpg(child.pid, stop)
        else:
            child.send_signal(stop)
        stdout, stderr = child.communicate(timeout=WAIT)
    finally:  # a run the signal did not stop is not left playing its 100,000 games after the test
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert (child.returncode, stderr.strip().splitlines()[-1:]) == (code, [said]), stderr
    assert "Traceback" not in stderr and stdout == ""
    assert not [pid for pid in workers if _alive(pid)]
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@needs_proc
@pytest.mark.skipif(simulation.default_workers() < 2, reason="one core: the run plays in its own process")
def test_workers_end_when_their_process_is_killed(tmp_path):
    """``kill -9`` (or the kernel out of memory) can be caught by no one: the workers see their process gone and
    end by themselves (they used to wait for a task for ever)."""
    child, workers = _started(tmp_path)
    child.kill()
    child.communicate(timeout=WAIT)
    deadline = time.monotonic() + WAIT
    while [pid for pid in workers if _alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)]


GROUP_STOPS = [
    (signal.SIGINT, 130, "Aborted."),
    (signal.SIGTERM, 143, "Terminated (SIGTERM)."),
    (signal.SIGHUP, 129, "Terminated (SIGHUP)."),
]
MOMENTS = ["at once", "playing", "while stopped"] if TEST_DEPTH == "deep" else ["while stopped"]
"""When the signal is sent: as soon as the workers run, after a second of play, or while the run's own process is
stopped (SIGSTOP: its workers fill the pipe and wait, halfway through handing back a task) and then resumed. The
README's test command tries the moment that hung, with SIGTERM; CI's deep run every moment with every signal."""


@needs_proc
@pytest.mark.skipif(simulation.default_workers() < 2, reason="one core: the run plays in its own process")
@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize(("stop", "code", "said"), GROUP_STOPS if TEST_DEPTH == "deep" else GROUP_STOPS[1:2],
                         ids=["Ctrl-C", "SIGTERM", "SIGHUP"] if TEST_DEPTH == "deep" else ["SIGTERM"])
def test_a_signal_to_the_whole_group_ends_a_logged_run(tmp_path, stop, code, said, moment):
    """A closing terminal sends SIGHUP to every process of its group, Ctrl-C sends SIGINT, ``kill -- -PGID``
    SIGTERM. A worker that died of it halfway through handing back its task's games (a logged task is large) left
    the run waiting for ever for the rest, with no message and the log's temporary file behind (issue 26). Now
    the workers ignore the signal and the run stops them: its exit code, one line, no worker, no file."""
    child, workers = _started(tmp_path, "--log", "games.jsonl", start_new_session=True)
    if moment == "playing":
        time.sleep(1.0)
    if moment == "while stopped":
        time.sleep(0.5)
        os.kill(child.pid, signal.SIGSTOP)
        time.sleep(1.0)  # the workers fill the pipe meanwhile
        os.killpg(child.pid, stop)
        time.sleep(0.2)
        os.kill(child.pid, signal.SIGCONT)
    else:
        os.killpg(child.pid, stop)
    try:
        stdout, stderr = child.communicate(timeout=WAIT)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert (child.returncode, stderr.strip().splitlines()[-1:]) == (code, [said]), stderr
    assert "Traceback" not in stderr and stdout == ""
    deadline = time.monotonic() + WAIT
    while [pid for pid in workers if _alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)]
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@needs_proc
@pytest.mark.skipif(simulation.default_workers() < 2, reason="one core: the run plays in its own process")
def test_the_next_run_removes_the_temporary_log_of_a_killed_one(tmp_path):
    """``kill -9`` of a logged run leaves its temporary file (nobody can remove it then); the next run writing a
    file of that name in that folder removes it, since the process that wrote it no longer runs."""
    child, workers = _started(tmp_path, "--log", "games.jsonl")
    child.kill()
    child.communicate(timeout=WAIT)
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(f".games.jsonl.{child.pid}.") and left[0].endswith(".tmp")
    other = tmp_path / f".games.jsonl.{os.getpid()}.abcdefgh.tmp"  # a live process's: kept
    other.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "deckcli", "simulate", str(DECKS / "monsters-starter.toml"), "--games", "2",
         "--vs", "skellige", "--log", "games.jsonl"], capture_output=True, text=True, cwd=tmp_path,
        env=deckcli_env(PYTHONPATH=str(REPO)), timeout=WAIT)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([other.name, "games.jsonl"])


def _signal_masks(pid: int) -> dict[str, int]:
    """The signals ``pid`` ignores (``SigIgn``) and catches (``SigCgt``), as bit masks (from /proc)."""
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {key: int(value, 16) for key, _, value in (line.partition(":\t") for line in lines) if key in ("SigIgn", "SigCgt")}


@needs_proc
def test_a_hangup_ignored_on_purpose_stays_ignored(tmp_path):
    """Under ``nohup`` (SIGHUP ignored when deckcli starts) deckcli leaves it ignored: a closed terminal does
    not stop the run, while SIGTERM is answered."""
    child = subprocess.Popen(
        [sys.executable, "-m", "deckcli", "simulate", str(DECKS / "monsters-starter.toml"), "--games", "100000",
         "--workers", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path,
        env=deckcli_env(PYTHONPATH=str(REPO)), preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    try:
        deadline = time.monotonic() + WAIT
        term, hangup = 1 << (signal.SIGTERM - 1), 1 << (signal.SIGHUP - 1)
        while not (masks := _signal_masks(child.pid))["SigCgt"] & term and time.monotonic() < deadline:
            time.sleep(0.05)
        assert masks["SigCgt"] & term and masks["SigIgn"] & hangup and not masks["SigCgt"] & hangup
    finally:
        child.kill()
        child.wait(timeout=WAIT)
