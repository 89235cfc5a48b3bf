"""Benchmark of Free For All and two versus two (§16–17): the heuristic bot against random bots, and a game's CPU time
by the number of players, in one run of well under a minute.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/multiplayer.py         # --quick: a tenth of the games

1. Free For All, four players (``simulate DECK --ffa 4``): the Northern Realms starter deck against the Monsters,
   Nilfgaard and Scoia'tael starters, 200 games, seed 4: DECK's win rate with the heuristic bot against random
   bots, and with the random bot in its seat (chance: about 1 in 4).
2. Two versus two (``simulate DECK --team-with scoiatael``): the Northern Realms and Scoia'tael starters against
   the Nilfgaard and Skellige starters, 200 games, seed 4: the team's win rate with the heuristic bot against
   random bots, and random against random (chance: about a half).
3. CPU time of a game with the heuristic bot in every seat, on one core, 300 games each: Free For All of three,
   four and five players (the starters of the first factions) and two versus two, beside a two-player game of
   the Northern Realms starter against the five starters measured in the same run.

Win rates are (wins + draws/2) / games with their 95% Wilson interval; CPU time is user + system time. The
figures go to ``benchmarks/results/multiplayer.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no timings.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from record import Run, add_options, figure, rate_figure, table_lines  # noqa: E402
from run import machine  # noqa: E402  (the benchmarks' own helpers)
from simulate import FACTIONS, own_cpu, starter  # noqa: E402

SEED = 4


def table_run(mode: str, slugs: tuple[str, ...], games: int, bot: str, opponent_bot: str) -> tuple[int, int, float]:
    """``games`` games of ``mode`` (``ffa`` or ``teams``) among the starters ``slugs`` (DECK first; in teams its
    teammate second), on one core: DECK's points (2 a win, 1 a draw), the games and the CPU seconds a game."""
    from deckcli.game.simulation.tables import TablePlan, run_table_plan

    plan = TablePlan(mode, tuple(starter(slug) for slug in slugs), games, SEED, bot, opponent_bot)
    start = own_cpu()
    counts = run_table_plan(plan, workers=1)
    spent = (own_cpu() - start) / games
    return 2 * counts.wins[0] + counts.draws[0], counts.games, spent


def two_player(games: int) -> float:
    """CPU seconds of a two-player heuristic game on one core: the Northern Realms starter against the five."""
    from deckcli.game.simulation.runs import Plan, run_plan

    plan = Plan((starter("northern-realms"),), tuple(starter(slug) for slug in FACTIONS), games // len(FACTIONS),
                SEED, "heuristic", "heuristic")
    start = own_cpu()
    run_plan(plan, workers=1)
    return (own_cpu() - start) / plan.total


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games (the figures mean less)")
    add_options(parser)
    options = parser.parse_args()
    scale = 10 if options.quick else 1
    import deckcli

    run = Run("multiplayer", options)
    print(f"deckcli {deckcli.__version__} Free For All and two versus two on {machine()}\n", file=sys.stderr)
    ffa = ("northern-realms", "monsters", "nilfgaard", "scoiatael")
    teams = ("northern-realms", "scoiatael", "nilfgaard", "skellige")
    games = 200 // scale
    for mode, slugs, what in (("ffa", ffa, "Free For All of 4"), ("teams", teams, "two versus two")):
        for bot in ("heuristic", "random"):
            points, played, _ = table_run(mode, slugs, games, bot, "random")
            run.add(f"{mode}.{bot}", rate_figure(points, played, seed=SEED, bots=[bot, "random"],
                                                 label=f"{what}, {bot} against random bots ({played:,} games)"))
    timed = 300 // scale
    two = two_player(timed)
    run.add("cpu.2", figure(f"{two * 1000:.2f} ms", two * 1000, "ms CPU a game", games=timed,
                            label=f"a two-player game, heuristic bots, one core ({timed:,} games)"))
    for players in (3, 4, 5):
        _, _, spent = table_run("ffa", FACTIONS[:players], timed, "heuristic", "heuristic")
        run.add(f"cpu.ffa.{players}", figure(
            f"{spent * 1000:.2f} ms", spent * 1000, "ms CPU a game", games=timed, of_two_player=round(spent / two, 2),
            label=f"a Free For All game of {players}, heuristic bots, one core ({timed:,} games)"))
    _, _, spent = table_run("teams", teams, timed, "heuristic", "heuristic")
    run.add("cpu.teams", figure(f"{spent * 1000:.2f} ms", spent * 1000, "ms CPU a game", games=timed,
                                of_two_player=round(spent / two, 2),
                                label=f"a two versus two game, heuristic bots, one core ({timed:,} games)"))
    print("\n".join(table_lines(run.figures)))
    run.write()


if __name__ == "__main__":
    main()
