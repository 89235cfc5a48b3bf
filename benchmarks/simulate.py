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
from run to run. Nothing here is a test: the suite asserts no timings.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))

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


def mirrors(games: int) -> list[tuple[str, str, bool | None]]:
    """Figure 1: the heuristic bot's win rate against the random bot in each starter mirror."""
    from deckcli.game.simulation.runs import Plan, run_plan
    from deckcli.game.simulation.executor import default_workers

    rows = []
    for slug in FACTIONS:
        deck = starter(slug)
        plan = Plan((deck,), (deck,), games, 1, "heuristic", "random")
        counts = run_plan(plan, default_workers()).counts[0][0]
        rows.append((f"heuristic vs random, {deck.label} mirror ({games:,} games)", rate(counts.points, counts.games),
                     counts.points / (2 * counts.games) >= 0.8))
    return rows


def search(games: int) -> list[tuple[str, str, bool | None]]:
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
    return [
        (f"search (100 rollouts) vs heuristic, {deck.label} mirror ({games:,} games)",
         rate(counts.points, counts.games), counts.points / (2 * counts.games) >= 0.6),
        (f"  a search-vs-heuristic game, CPU ({workers} workers, {wall:.0f} s wall in all)", f"{per_game:.2f} s",
         per_game < 2.0),
    ]


def speed(games: int) -> tuple[list[tuple[str, str, bool | None]], float]:
    """Figure 3: heuristic-vs-heuristic games per second on one core, and ``python -c pass`` beside it."""
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
    return [
        (f"heuristic vs heuristic, {plan.total:,} games on one core", f"{per_game * 1000:.2f} ms a game "
         f"({1 / per_game:,.0f} games/s)", per_game <= 0.002),
        ("  for scale: python -c pass (median of 21, CPU)", f"{interpreter * 1000:.1f} ms "
         f"(a game is {per_game / interpreter:.2f} of it)", None),
    ], per_game


def solo(games: int, two_player: float) -> list[tuple[str, str, bool | None]]:
    """Figure 6: a Gwent Solo game's CPU time on one core, against ``two_player`` (figure 3's, seconds a game)."""
    from deckcli.game.simulation.matchups import automatons, file_entrant
    from deckcli.game.simulation.runs import Plan, run_plan

    subject = file_entrant(str(REPO / "decks" / "northern-realms-advanced.toml"))
    rows = []
    for variant in (False, True):
        opponents = automatons(("all",), variant, players=("northern-realms",))  # another faction than the deck's (§18)
        plan = Plan((subject,), opponents, games // len(opponents), 1, "heuristic", None)
        start = own_cpu()
        counts = run_plan(plan, workers=1).total(0)
        per_game = (own_cpu() - start) / plan.total
        rows.append((f"heuristic vs the automaton, {plan.total:,} Solo games on one core, Leader variant "
                     f"{'on' if variant else 'off'}", f"{per_game * 1000:.2f} ms a game ({per_game / two_player:.2f}× "
                     f"a two-player game; won {rate(counts.points, counts.games)})", None))
    return rows


def memory(games: int) -> list[tuple[str, str, bool | None]]:
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
    return [(f"peak memory, {games:,} games against 100 (one worker, --log)", f"{long:.1f} MiB against {short:.1f} MiB "
             f"({long / short:.2f}×)", long / short <= 1.2)]


def default_run() -> list[tuple[str, str, bool | None]]:
    """Figure 5: the default run from the command line, every core."""
    deckcli = find_deckcli()
    before, start = children_cpu(), time.perf_counter()
    run_once([*deckcli, "simulate", str(REPO / "decks" / "northern-realms-starter.toml")], child_env(), (0,))
    wall = time.perf_counter() - start
    return [("deckcli simulate decks/northern-realms-starter.toml (5 × 1,000 games)",
             f"{wall:.1f} s wall, {children_cpu() - before:.1f} s CPU", None)]


def verdict(met: bool | None) -> str:
    """``met``, ``MISSED``, or ``-`` for a figure without a target (one shown for scale)."""
    return "-" if met is None else "met" if met else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games (the verdicts mean less)")
    quick = parser.parse_args().quick
    scale = 10 if quick else 1
    import deckcli

    print(f"deckcli {deckcli.__version__} simulate benchmarks on {machine()}\n")
    rows: list[tuple[str, str, bool | None]] = []
    two_player = [0.0]

    def timed_speed() -> list[tuple[str, str, bool | None]]:
        found, two_player[0] = speed(10_000 // scale)
        return found

    for part in (lambda: mirrors(1000 // scale), lambda: search(400 // scale), timed_speed,
                 lambda: memory(10_000 // scale), default_run, lambda: solo(2_000 // scale, two_player[0])):
        found = part()
        rows += found
        for name, measured, met in found:
            print(f"{name}: {measured}: {verdict(met)}", file=sys.stderr)
    print_rows(rows)


def print_rows(rows: list[tuple[str, str, bool | None]]) -> None:
    """The figures as a table on standard output: name, measured, verdict."""
    width = max(len(name) for name, _, _ in rows)
    measured_width = max(len(measured) for _, measured, _ in rows)
    print(f"{'figure':<{width}}  {'measured':<{measured_width}}  verdict")
    print(f"{'-' * width}  {'-' * measured_width}  -------")
    for name, measured, met in rows:
        print(f"{name:<{width}}  {measured:<{measured_width}}  {verdict(met)}")


if __name__ == "__main__":
    main()
