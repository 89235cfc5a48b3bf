"""Benchmark of the bots and ``deckcli simulate``: the figures of issue 20, each against its target, in one run.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/simulate.py            # about ten minutes on two cores; --quick: a tenth of the games

1. The heuristic bot against the random bot in each starter mirror (1,000 games each, seats alternating,
   the same seeds as ``deckcli simulate``): a win rate of at least 80%.
2. The search bot (100 rollouts a decision) against the heuristic bot in the Northern Realms starter mirror,
   400 games on every core: at least 60%; and its games' CPU time (both sides; the search's decisions are
   nearly all of it), under 2 s a game.
3. Two heuristic bots: 10,000 games (the default run's five matchups, 2,000 each) in this process, one core:
   CPU time a game, at most 2 ms, printed beside ``python -c pass`` measured in the same run (the median of
   21 runs: how fast this machine is today).
4. Memory: peak resident memory of ``deckcli simulate`` (one worker, its game log written) for 10,000 games
   against 100 games of the same matchup: flat, at most 1.2 times.
5. The default run, ``deckcli simulate decks/northern-realms-starter.toml`` (five matchups, 1,000 games
   each, every core): its wall-clock and CPU seconds.
6. Gwent Solo: the heuristic bot against the automaton of each faction, 2,000 games (400 a faction, the
   Northern Realms advanced deck, Solo-legal) in this process, one core, with and without the Leader variant:
   CPU time a game, as a ratio to a two-player game of figure 3 (no target: it says what a Solo run costs).

Win rates carry their 95% Wilson interval. CPU time is user + system time (``resource``), which waiting for a
core does not inflate, though a machine shared with others still slows a core's caches: the figures move
from run to run. The figures go to ``benchmarks/results/simulate.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no timings.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from record import Run, add_options, figure, rate_figure, table_lines, verdict  # noqa: E402
from run import child_env, find_deckcli, machine, peak_rss, run_once  # noqa: E402  (the benchmark's own helpers)

REPO = Path(__file__).resolve().parent.parent
FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def starter(slug: str):  # noqa: ANN201  (an Entrant; deckcli is imported inside the functions)
    from deckcli.game.simulation.matchups import starter_entrant

    return starter_entrant(slug)


def rate(points: int, games: int) -> str:
    from deckcli.game.simulation.statistics import rate_text

    return rate_text(points, games)


Rows = dict[str, dict[str, Any]]
"""Figures by key, each a :func:`record.figure` (a labelled one is a row of the printed table)."""


def mirrors(games: int) -> Rows:
    """Figure 1: the heuristic bot's win rate against the random bot in each starter mirror."""
    from deckcli.game.simulation.runs import Plan, run_plan
    from deckcli.game.simulation.executor import default_workers

    rows = {}
    for slug in FACTIONS:
        deck = starter(slug)
        plan = Plan((deck,), (deck,), games, 1, "heuristic", "random")
        counts = run_plan(plan, default_workers()).counts[0][0]
        rows[f"mirror.{slug}"] = rate_figure(
            counts.points, counts.games, label=f"heuristic vs random, {deck.label} mirror ({games:,} games)",
            seed=1, bots=["heuristic", "random"], target=0.8, met=counts.points / (2 * counts.games) >= 0.8)
    return rows


def search(games: int) -> Rows:
    """Figure 2: the search bot against the heuristic bot, and the CPU time of its games."""
    from deckcli.game.simulation.runs import Plan, run_plan
    from deckcli.game.simulation.executor import default_workers

    deck = starter("northern-realms")
    plan = Plan((deck,), (deck,), games, 1, "search", "heuristic")
    before, start = children_cpu(), time.perf_counter()
    workers = default_workers()
    counts = run_plan(plan, workers).counts[0][0]
    spent, wall = children_cpu() - before, time.perf_counter() - start
    per_game = spent / games
    return {
        "search": rate_figure(counts.points, counts.games, seed=1, bots=["search", "heuristic"], target=0.6,
                              label=f"search (100 rollouts) vs heuristic, {deck.label} mirror ({games:,} games)",
                              met=counts.points / (2 * counts.games) >= 0.6),
        "search.cpu": figure(f"{per_game:.2f} s", per_game, "s CPU a game", workers=workers, wall=round(wall, 1),
                             label=f"  a search-vs-heuristic game, CPU ({workers} workers, {wall:.0f} s wall in all)",
                             target=2.0, met=per_game < 2.0),
    }


def speed(games: int) -> tuple[Rows, float]:
    """Figure 3: heuristic-vs-heuristic games per second on one core, and ``python -c pass`` beside it; and the
    CPU seconds a game."""
    from deckcli.game.simulation.runs import Plan, run_plan

    subject = starter("northern-realms")
    plan = Plan((subject,), tuple(starter(slug) for slug in FACTIONS), games // len(FACTIONS), 1, "heuristic",
                "heuristic")
    start = own_cpu()
    run_plan(plan, workers=1)
    spent = own_cpu() - start
    per_game = spent / plan.total
    env = child_env()
    passes = [run_once([sys.executable, "-c", "pass"], env, (0,))[0] for _ in range(21)]
    interpreter = statistics.median(passes)
    return {
        "speed": figure(f"{per_game * 1000:.2f} ms a game ({1 / per_game:,.0f} games/s)", per_game * 1000,
                        "ms CPU a game", games=plan.total, seed=1, bots=["heuristic", "heuristic"], target=2.0,
                        label=f"heuristic vs heuristic, {plan.total:,} games on one core", met=per_game <= 0.002,
                        of_pass=round(per_game / interpreter, 3)),
        "pass": figure(f"{interpreter * 1000:.1f} ms (a game is {per_game / interpreter:.2f} of it)",
                       interpreter * 1000, "ms CPU (median of 21)",
                       label="  for scale: python -c pass (median of 21, CPU)"),
    }, per_game


def solo(games: int, two_player: float) -> Rows:
    """Figure 6: a Gwent Solo game's CPU time on one core, against ``two_player`` (figure 3's, seconds a game)."""
    from deckcli.game.simulation.matchups import automatons, file_entrant
    from deckcli.game.simulation.runs import Plan, run_plan

    subject = file_entrant(str(REPO / "decks" / "northern-realms-advanced.toml"))
    rows = {}
    for variant in (False, True):
        opponents = automatons(("all",), variant, players=("northern-realms",))  # another faction than the deck's (§18)
        plan = Plan((subject,), opponents, games // len(opponents), 1, "heuristic", None)
        start = own_cpu()
        counts = run_plan(plan, workers=1).total(0)
        per_game = (own_cpu() - start) / plan.total
        rows[f"solo.{'on' if variant else 'off'}"] = figure(
            f"{per_game * 1000:.2f} ms a game ({per_game / two_player:.2f}× a two-player game; won "
            f"{rate(counts.points, counts.games)})", per_game * 1000, "ms CPU a game", games=plan.total, seed=1,
            bots=["heuristic"], of_two_player=round(per_game / two_player, 3), won=rate(counts.points, counts.games),
            label=f"heuristic vs the automaton, {plan.total:,} Solo games on one core, Leader variant "
                  f"{'on' if variant else 'off'}")
    return rows


def memory(games: int) -> Rows:
    """Figure 4: peak memory of a long run against a short one (one worker, the log written)."""
    deckcli = find_deckcli()
    env = child_env()
    with tempfile.TemporaryDirectory() as folder:
        def peak(count: int) -> float:
            log = os.path.join(folder, f"games-{count}.jsonl")
            command = [*deckcli, "simulate", str(REPO / "decks" / "northern-realms-starter.toml"), "--vs", "monsters",
                       "--games", str(count), "--workers", "1", "--log", log, "--force"]
            return peak_rss(command, env, runs=1)

        short, long = peak(100), peak(games)
    return {"memory": figure(f"{long:.1f} MiB against {short:.1f} MiB ({long / short:.2f}×)", long / short,
                             "× the peak of 100 games", games=games, peak=round(long, 1), short=round(short, 1),
                             target=1.2, met=long / short <= 1.2,
                             label=f"peak memory, {games:,} games against 100 (one worker, --log)")}


def default_run() -> Rows:
    """Figure 5: the default run from the command line, every core."""
    deckcli = find_deckcli()
    before, start = children_cpu(), time.perf_counter()
    run_once([*deckcli, "simulate", str(REPO / "decks" / "northern-realms-starter.toml")], child_env(), (0,))
    wall, cpu = time.perf_counter() - start, children_cpu() - before
    return {"default-run": figure(f"{wall:.1f} s wall, {cpu:.1f} s CPU", wall, "s wall", cpu=round(cpu, 2),
                                  games=5000, label="deckcli simulate decks/northern-realms-starter.toml "
                                                    "(5 × 1,000 games)")}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games (the verdicts mean less)")
    add_options(parser)
    options = parser.parse_args()
    scale = 10 if options.quick else 1
    import deckcli

    run = Run("simulate", options)
    print(f"deckcli {deckcli.__version__} simulate benchmarks on {machine()}\n")
    two_player = [0.0]

    def timed_speed() -> Rows:
        found, two_player[0] = speed(10_000 // scale)
        return found

    for part in (lambda: mirrors(1000 // scale), lambda: search(400 // scale), timed_speed,
                 lambda: memory(10_000 // scale), default_run, lambda: solo(2_000 // scale, two_player[0])):
        for key, found in part().items():
            run.add(key, found)
            print(f"{found['label'].strip()}: {found['text']}: {verdict(found.get('met'))}", file=sys.stderr)
    print("\n".join(table_lines(run.figures)))
    run.write()


if __name__ == "__main__":
    main()
