"""Benchmark of the game log and ``deckcli replay`` (issue 30): what the board in every event costs, and replay's
memory on a big log. The figures go to ``benchmarks/results/replay.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no timings.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/replay.py                  # about a minute on two cores
    python benchmarks/replay.py --before ../main # also the log of another checkout (its deckcli package), for a
                                                 # before/after figure measured in the same run

1. ``deckcli simulate decks/monsters-starter.toml --games 200 --workers 1`` (1,000 games: the five starter
   matchups) with and without ``--log``: CPU seconds (median of 3) as ratios to ``python -c pass`` measured in the
   same run, the log's cost as the ratio of the two, and the log's size in bytes a game and in all. With
   ``--before PATH``, the same run of the deckcli package at PATH (``PYTHONPATH``) too.
2. Memory: peak resident memory of ``deckcli replay`` on a log of 10,000 games (the same games again and again, each
   numbered anew) against a log of 100: listing it, and telling its last game. Bounded: at most 1.2 times.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from record import Run, add_options, figure  # noqa: E402
from run import child_env, find_deckcli, machine, peak_rss, run_once  # noqa: E402  (the benchmark's own helpers)

REPO = Path(__file__).resolve().parent.parent
DECK = str(REPO / "decks" / "monsters-starter.toml")
SIMULATE = ["simulate", DECK, "--games", "200", "--workers", "1"]
RUNS = 3


def cpu(command: list[str], env: dict[str, str]) -> float:
    """Median CPU seconds of :data:`RUNS` runs (a warm-up first)."""
    run_once(command, env, (0,))
    return statistics.median(run_once(command, env, (0,))[0] for _ in range(RUNS))


def simulate_figures(deckcli: list[str], env: dict[str, str], folder: Path, label: str, baseline: float,
                     key: str, run: Run) -> None:
    """Figure 1 for one deckcli (``label``): printed, and kept in ``run`` under ``log.KEY``."""
    log = folder / f"{label.split()[0]}.jsonl"
    plain = cpu([*deckcli, *SIMULATE], env)
    logged_runs = []
    for _ in range(RUNS + 1):
        log.unlink(missing_ok=True)
        logged_runs.append(run_once([*deckcli, *SIMULATE, "--log", str(log)], env, (0,))[0])
    logged = statistics.median(logged_runs[1:])
    size = log.stat().st_size
    games = sum(1 for line in log.open("rb") if b'"event": "start"' in line)
    text = (f"without --log {plain:.2f} s CPU ({plain / baseline:.0f}x python -c pass), with --log "
            f"{logged:.2f} s ({logged / baseline:.0f}x): the log costs {logged / plain:.2f}x; {size / 1e6:.1f} MB, "
            f"{size / games / 1e3:.1f} kB a game ({games:,} games)")
    print(f"  {label}: {text}")
    run.add(f"log.{key}", figure(f"{logged / plain:.2f}×", logged / plain, "× the CPU without --log", label=label,
                                 measured=text, games=games))
    run.add(f"log.{key}.plain", figure(f"{plain:.2f} s", plain, "s CPU (median of 3)"))
    run.add(f"log.{key}.logged", figure(f"{logged:.2f} s", logged, "s CPU (median of 3)"))
    run.add(f"log.{key}.size", figure(f"{size / 1e6:.1f} MB", size / 1e6, "MB"))
    run.add(f"log.{key}.per-game", figure(f"{size / games / 1e3:.1f} kB", size / games / 1e3, "kB a game"))


def big_log(source: Path, games: int, path: Path) -> None:
    """``games`` games: the games of ``source`` again and again, each numbered anew."""
    lines = [json.loads(line) for line in source.read_text("utf-8").splitlines()]
    by_game: dict[int, list[dict[str, object]]] = {}
    for event in lines:
        by_game.setdefault(int(event["game"]), []).append(event)  # type: ignore[call-overload]
    cycle = list(by_game.values())
    with path.open("w", encoding="utf-8") as out:
        for number in range(games):
            for event in cycle[number % len(cycle)]:
                out.write(json.dumps({**event, "game": number}) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", metavar="PATH", help="a checkout whose deckcli package writes the 'before' log")
    add_options(parser)
    args = parser.parse_args()
    deckcli = find_deckcli()
    env = child_env()
    run = Run("replay", args)
    print(f"deckcli replay benchmark on {machine()}")
    baseline = statistics.median(run_once([sys.executable, "-c", "pass"], env, (0,))[0] for _ in range(21))
    print(f"python -c pass: {baseline * 1000:.1f} ms CPU (median of 21)")
    run.add("pass", figure(f"{baseline * 1000:.1f} ms", baseline * 1000, "ms CPU (median of 21)"))
    with tempfile.TemporaryDirectory(prefix="deckcli-replay-bench-") as name:
        folder = Path(name)
        print(f"1. {' '.join(['deckcli', *SIMULATE])} (1,000 games), CPU median of {RUNS}:")
        simulate_figures(deckcli, env, folder, "this checkout", baseline, "this", run)
        if args.before:
            # without site (-S) the editable install's import hook is not set up, and without the current folder (-P)
            # on the path: the checkout's package is found
            # first, the dependencies in this venv's site-packages after it
            import sysconfig

            paths = [os.path.abspath(args.before), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
            before_env = {**env, "PYTHONPATH": os.pathsep.join(paths)}
            simulate_figures([sys.executable, "-S", "-P", "-m", "deckcli"], before_env, folder, f"before ({args.before})",
                             baseline, "before", run)
        source = folder / "this.jsonl"
        small, large = folder / "small.jsonl", folder / "large.jsonl"
        big_log(source, 100, small)
        big_log(source, 10_000, large)
        print(f"2. Peak memory of deckcli replay (median of 3): a log of 100 games ({small.stat().st_size / 1e6:.1f} MB) "
              f"against 10,000 ({large.stat().st_size / 1e6:.0f} MB); target at most 1.2x")
        for what, extra in (("listing", []), ("the last game", ["--game"])):
            figures = []
            for path, games in ((small, 100), (large, 10_000)):
                command = [*deckcli, "replay", str(path), *extra, *([str(games - 1)] if extra else [])]
                figures.append(peak_rss(command, env))
            ratio = figures[1] / figures[0]
            print(f"  {what}: {figures[0]:.1f} MiB against {figures[1]:.1f} MiB: {ratio:.2f}x "
                  f"({'met' if ratio <= 1.2 else 'NOT met'})")
            run.add(f"memory.{'last' if extra else 'listing'}", figure(
                f"{ratio:.2f}×", ratio, "× the peak of 100 games",
                measured=f"{figures[0]:.1f} MiB against {figures[1]:.1f} MiB",
                small=round(figures[0], 1), large=round(figures[1], 1), target=1.2, met=ratio <= 1.2,
                label=f"peak memory of deckcli replay, {what}: 10,000 games against 100 (median of 3)"))
    run.write([("figure", "label"), ("measured", "measured"), ("ratio", "text"), ("verdict", "verdict")])


if __name__ == "__main__":
    main()
