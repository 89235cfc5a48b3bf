"""Benchmark of the strong bot (issue 37): its targets, each measured with its interval, games and seed.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/strong.py                               # every figure below (about an hour on two cores)
    python benchmarks/strong.py --figure heuristic --games 400
    python benchmarks/strong.py --figure versus --bot strong:cutoff=0 --opponent heuristic-fixed --games 200

A bot is named as ``deckcli simulate --bot`` names it, optionally with keyword arguments for its class
(``strong:iterations=80,cutoff=0``), to measure a variant before keeping it.

1. ``heuristic``: the strong bot against ``heuristic-fixed`` (the heuristic bot's table as it was when the targets
   were set: the yardstick does not move when the default is retuned), over the ten shipped decks (decks/*.toml
   but the registration) against the five starter decks: game ``i`` plays pairing ``i mod 50``, the bot under test
   on the shipped deck in one lap of the fifty and on the starter in the next, seats alternating game by game (who
   starts: a coin or a Scoia'tael player's choice, §3, §6). Target: at least 75% (a draw half), at most 0.5 s of
   one core a game for the strong side (the CPU time of the games, both sides, less the heuristic side's, measured
   alone on the same games: see ``cpu``).
2. ``classic``: the same against ``ismcts-classic`` (the tree search the strong bot replaced). Target: 65%.
3. ``ffa``: three-player Free For All mirrors of each starter deck, the strong bot in one seat (rotating) and the
   heuristic bot in the two others: the share of games where the strong bot has the most points alone (a draw for
   first place counts ½ between those sharing it). Target: 50% (chance: 33%).
4. ``teams``: two versus two, the strong bot and the heuristic bot on team A against two heuristic bots, the
   starter decks of different factions: team A's win rate (no target; teammates share the result, §17).

Every figure carries its 95% Wilson interval, the games, the seed and the CPU a game, beside ``python -c pass``
measured in the same run; the games run on ``--workers`` processes (the results do not depend on how many).
Nothing here is a test: the suite asserts no figures.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import child_env, machine, run_once  # noqa: E402  (the benchmarks' own helpers)

REPO = Path(__file__).resolve().parent.parent
DECK_FILES = sorted(p for p in (REPO / "decks").glob("*.toml") if p.name != "tournament-registration.toml")
FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")
TARGETS = {"heuristic": 0.75, "classic": 0.65, "ffa": 0.50}
CPU_TARGET = 0.5


def make(spec: str, seed: int) -> Any:
    """The bot ``spec`` names (``name`` or ``name:key=value,...``) seeded with ``seed``."""
    from deckcli.game.bots import bot_class

    name, _, args = spec.partition(":")
    kwargs: dict[str, Any] = {}
    for part in filter(None, args.split(",")):
        key, _, value = part.partition("=")
        kwargs[key] = float(value) if "." in value else int(value)
    return bot_class(name)(seed, **kwargs)


_STATE: dict[str, Any] = {}


def _decks() -> tuple[list[Any], list[Any]]:
    if "shipped" not in _STATE:
        from deckcli.catalog.loading import default_catalog
        from deckcli.game.cards import deck_from_resolved
        from deckcli.game.simulation.matchups import starter_entrant
        from deckcli.rules.judging import read_resolved_deck

        catalog = default_catalog()
        _STATE["shipped"] = [deck_from_resolved(read_resolved_deck(str(p)), catalog) for p in DECK_FILES]
        _STATE["starters"] = [starter_entrant(slug).deck for slug in FACTIONS]
    return _STATE["shipped"], _STATE["starters"]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def versus_game(task: tuple[str, str, int, int]) -> tuple[float, float]:
    """Game ``index`` of :func:`versus`: the tested bot's result (1, ½, 0) and the CPU seconds of the game."""
    from deckcli.game.agents import Agents, play_game
    from deckcli.game.rounds import new_game, returns
    from deckcli.game.simulation.runs import derived_seed

    bot, opponent, seed, index = task
    shipped, starters = _decks()
    pairing = index % 50
    mine, theirs = shipped[pairing // 5], starters[pairing % 5]
    if index // 50 % 2:
        mine, theirs = theirs, mine
    seat = index % 2
    game_seed = derived_seed(seed, index)
    tested, other = make(bot, derived_seed(game_seed, 1)), make(opponent, derived_seed(game_seed, 2))
    before = _cpu()
    if seat == 0:
        game, agents = new_game((mine, theirs), game_seed), Agents(tested, other)
    else:
        game, agents = new_game((theirs, mine), game_seed), Agents(other, tested)
    play_game(game, agents)
    return returns(game)[seat], _cpu() - before


def table_game(task: tuple[str, str, int, int, str]) -> tuple[float, float]:
    """Game ``index`` of :func:`table`: the tested bot's share of first place (Free For All) or its side's result
    (two versus two), and the CPU seconds of the game."""
    from deckcli.game.agents import Agents, play_game
    from deckcli.game.modes import FREE_FOR_ALL, TEAMS
    from deckcli.game.rounds import new_game, returns
    from deckcli.game.simulation.runs import derived_seed

    bot, opponent, seed, index, mode = task
    _shipped, starters = _decks()
    game_seed = derived_seed(seed, index)
    if mode == "ffa":
        deck = starters[index % 5]
        decks = (deck, deck, deck)
        seat = index // 5 % 3
    else:
        first, second = index % 5, (index + 1 + index // 5 % 4) % 5
        if first == second:
            second = (second + 1) % 5
        third, fourth = (first + 2) % 5, (second + 2) % 5
        if third == first or fourth == second:
            third, fourth = (first + 3) % 5, (second + 3) % 5
        decks = (starters[first], starters[third], starters[second], starters[fourth])
        seat = 0
    players = [make(opponent, derived_seed(game_seed, p + 1)) for p in range(len(decks))]
    players[seat] = make(bot, derived_seed(game_seed, 9))
    before = _cpu()
    game = new_game(decks, game_seed, mode=FREE_FOR_ALL if mode == "ffa" else TEAMS)
    play_game(game, Agents(*players))
    return returns(game)[seat], _cpu() - before


def _run(function: Any, tasks: list[Any], workers: int) -> list[tuple[float, float]]:
    if workers <= 1:
        return [function(task) for task in tasks]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return pool.map(function, tasks, chunksize=2)


def versus(bot: str, opponent: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    """``bot`` against ``opponent`` (figures 1 and 2): points (2 a win), games and CPU seconds of all the games."""
    results = _run(versus_game, [(bot, opponent, seed, i) for i in range(games)], workers)
    return {"bot": bot, "opponent": opponent, "seed": seed, "games": games,
            "points": round(sum(2 * r for r, _ in results)), "cpu": sum(c for _, c in results)}


def table(bot: str, opponent: str, games: int, seed: int, workers: int, mode: str) -> dict[str, Any]:
    """Figures 3 and 4: ``bot`` at a table of ``opponent`` bots."""
    results = _run(table_game, [(bot, opponent, seed, i, mode) for i in range(games)], workers)
    return {"bot": bot, "opponent": opponent, "seed": seed, "games": games, "mode": mode,
            "points": round(sum(2 * r for r, _ in results)), "cpu": sum(c for _, c in results)}


def interpreter() -> float:
    """``python -c pass``'s CPU seconds, the median of 21 runs."""
    return statistics.median(run_once([sys.executable, "-c", "pass"], child_env(), (0,))[0] for _ in range(21))


def report(found: dict[str, Any], baseline_cpu: float | None, floor: float) -> str:
    from deckcli.game.simulation.report import rate_text

    per_game = found["cpu"] / found["games"]
    strong_side = per_game - (baseline_cpu or 0.0)
    text = (f"{found['bot']} vs {found['opponent']}{' (' + found['mode'] + ')' if 'mode' in found else ''}: "
            f"{rate_text(found['points'], found['games'])} of {found['games']:,} games, seed {found['seed']}; "
            f"{per_game:.3f} s CPU a game ({per_game / floor:,.0f}x python -c pass)")
    if baseline_cpu is not None:
        text += f", the tested side's {strong_side:.3f} s"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--figure", choices=("heuristic", "classic", "ffa", "teams", "versus", "all"), default="all")
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--opponent", default=None, help="for --figure versus")
    parser.add_argument("--games", type=int, default=None, help="games a figure (default 400; ffa and teams 300)")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="each figure as a JSON line too")
    options = parser.parse_args()
    import deckcli

    floor = interpreter()
    print(f"deckcli {deckcli.__version__}: strong bot benchmark on {machine()}; python -c pass {floor * 1000:.1f} ms")
    figures = ["heuristic", "classic", "ffa", "teams"] if options.figure == "all" else [options.figure]
    for figure in figures:
        started = time.perf_counter()
        if figure in ("ffa", "teams"):
            found = table(options.bot, options.opponent or "heuristic", options.games or 300, options.seed,
                          options.workers, figure)
            base = None
        else:
            opponent = options.opponent or {"heuristic": "heuristic-fixed", "classic": "ismcts-classic"}[figure]
            games = options.games or 400
            found = versus(options.bot, opponent, games, options.seed, options.workers)
            base = None
            if opponent.startswith("heuristic"):
                alone = versus(opponent, opponent, min(games, 100), options.seed, options.workers)
                base = alone["cpu"] / alone["games"] / 2
        line = report(found, base, floor)
        target = TARGETS.get(figure)
        if target is not None:
            line += f"  target {target:.0%}: {'met' if found['points'] / (2 * found['games']) >= target else 'MISSED'}"
        print(line + f"  ({time.perf_counter() - started:.0f} s wall)", flush=True)
        if options.json:
            print(json.dumps(found))


if __name__ == "__main__":
    main()
