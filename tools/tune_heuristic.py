"""Tune the heuristic bot's numbers (deckcli/game/bots/heuristic_params.py) against a stronger bot, with Optuna.

    pip install -e '.[tuning]'
    python tools/tune_heuristic.py --force              # the default budget: 1,600 games (30 min on a busy 2-core machine)
    python tools/tune_heuristic.py --opponent ismcts --trials 60 --games 80   # after a stronger bot is merged

Each trial is one table of :class:`~deckcli.game.bots.heuristic_params.HeuristicParams` (Optuna's TPE sampler, seeded,
the current table enqueued first as the baseline) scored by its points (2 a win, 1 a draw) over ``--games`` games
against ``--opponent`` (a bot of the registry by name: today the ``search`` bot, ``--rollouts`` a decision): the ten
shipped decks' ordered pairs, a trial's games spread over every pair, the heuristic's seat alternating; every trial
meets the same deals and the same seeds (common random numbers), so two trials differ by their numbers, not by the
luck of the deal.

The best trial's score is biased upward (it is the best of many noisy scores), so the best table and the current one
then play ``--check-games`` fresh games each (other seeds) against the same opponent, and the result says both win
rates with their 95% intervals. The best table is adopted only when it does at least as well as the current one
there; else the current one stays. The adopted table is written to ``--out`` (``benchmarks/heuristic-params.json``:
the sdist carries it, with the test that reads it) with those figures; the defaults of ``HeuristicParams`` are set
from it by hand (``--write-defaults`` prints them), and a test checks that the two agree. Nothing is written over an
existing file without ``--force``. The figures the docs quote also go to ``benchmarks/results/tune_heuristic.json``
(``benchmarks/record.py``: ``--record NAME``, ``--no-record``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "benchmarks" / "heuristic-params.json"
DECK_FILES = sorted(p for p in (REPO / "decks").glob("*.toml") if p.name != "tournament-registration.toml")

SPACE: dict[str, tuple[float, float]] = {
    "card": (3.0, 8.0),
    "leader_keep": (0.0, 6.0),
    "scorch_keep": (3.0, 11.0),
    "horn_keep": (3.0, 11.0),
    "decoy_keep": (1.0, 8.0),
    "mardroeme_keep": (0.0, 6.0),
    "weather_keep": (2.0, 9.0),
    "clear_keep": (0.0, 6.0),
    "other_keep": (0.0, 5.0),
    "hero_bonus": (0.0, 5.0),
    "medic_bonus": (0.0, 6.0),
    "bond_factor": (1.0, 2.5),
    "agile_bonus": (0.0, 2.0),
    "row_scorch_bonus": (0.0, 5.0),
    "free": (-4.0, 0.0),
    "exchange_margin": (-1.0, 3.0),
    "threat_margin": (-3.0, 5.0),
    "cheap_when_ahead": (0.0, 7.0),
    "cheap_win_floor": (1.0, 8.0),
    "cheap_win_slack": (0.0, 5.0),
}
"""The range searched of each float of the table."""
INT_SPACE: dict[str, tuple[int, int]] = {"contest_card_lead": (0, 4), "overcommit": (0, 3), "bleed_card_lead": (-2, 3)}
"""The range searched of each whole number of the table."""

_STATE: dict[str, Any] = {}


def _setup(opponent: str, rollouts: int) -> None:
    from deckcli.game.simulation.matchups import file_entrant

    _STATE["decks"] = [file_entrant(str(path)).deck for path in DECK_FILES]
    _STATE["opponent"], _STATE["rollouts"] = opponent, rollouts


def _opponent(seed: int) -> Any:
    from deckcli.game.bots import bot_class

    name, rollouts = _STATE["opponent"], _STATE["rollouts"]
    if name == "search":
        from deckcli.game.bots.search_bot import SearchBot

        return SearchBot(seed, rollouts=rollouts)
    return bot_class(name)(seed)


def play(task: tuple[dict[str, float], int, int]) -> int:
    """Game ``index`` of a trial's games from ``base`` seed: the heuristic with ``values`` against the opponent; its
    points (2 a win, 1 a draw, 0 a loss)."""
    from deckcli.game.agents import Agents
    from deckcli.game.bots.heuristic_bot import HeuristicBot
    from deckcli.game.bots.heuristic_params import HeuristicParams
    from deckcli.game.rounds import legal_actions, new_game
    from deckcli.game.agents import start_game, step
    from deckcli.game.simulation.runs import derived_seed

    values, base, index = task
    decks = _STATE["decks"]
    pairs = [(a, b) for a in range(len(decks)) for b in range(len(decks))]
    first, second = pairs[index * 37 % len(pairs)]  # 37 is prime to 100: a trial's games spread over every pair
    seed = derived_seed(base, index)
    seat = (index + index // len(pairs)) % 2
    game = new_game((decks[first], decks[second]), seed)
    mine = HeuristicBot(derived_seed(seed, 1), HeuristicParams.from_dict(values))
    theirs = _opponent(derived_seed(seed, 2))
    agents = Agents(mine, theirs) if seat == 0 else Agents(theirs, mine)
    start_game(game, agents)
    while not game.over:
        step(game, agents.act(game, game.to_move, legal_actions(game)), agents)
    return 2 if game.winner == seat else 1 if game.winner is None else 0


def score(pool: Any, values: dict[str, float], base: int, games: int) -> int:
    """The points of ``games`` games (:func:`play`) from seed ``base``."""
    tasks = [(values, base, index) for index in range(games)]
    return sum(pool.map(play, tasks, chunksize=max(1, games // 16)) if pool else map(play, tasks))


def wilson(points: int, games: int) -> str:
    from deckcli.game.simulation.statistics import rate_text

    return rate_text(points, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--opponent", default="search", help="the bot tuned against (default: search)")
    parser.add_argument("--rollouts", type=int, default=30, help="the search bot's rollouts a decision (default 30)")
    parser.add_argument("--trials", type=int, default=20, help="tables tried (default 20)")
    parser.add_argument("--games", type=int, default=60, help="games a trial (default 60)")
    parser.add_argument("--check-games", type=int, default=200, help="fresh games for the best and the current table")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--force", action="store_true", help="write over --out")
    parser.add_argument("--write-defaults", action="store_true", help="print the table as HeuristicParams' defaults")
    sys.path.insert(0, str(REPO / "benchmarks"))
    from record import Run, add_options, figure, rate_figure

    add_options(parser)
    options = parser.parse_args()
    if options.out.exists() and not options.force:
        sys.exit(f"tune_heuristic: {options.out} exists: add --force to write over it")
    import optuna

    from deckcli.game.bots.heuristic_params import DEFAULT

    _setup(options.opponent, options.rollouts)
    current = DEFAULT.as_dict()
    pool = None
    if options.workers > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(options.workers)
    run = Run("tune_heuristic", options)
    started = time.perf_counter()

    def objective(trial: optuna.Trial) -> float:
        values = dict(current)
        for name, (low, high) in SPACE.items():
            values[name] = trial.suggest_float(name, low, high)
        for name, (low_int, high_int) in INT_SPACE.items():
            values[name] = float(trial.suggest_int(name, low_int, high_int))
        points = score(pool, values, options.seed, options.games)
        print(f"trial {trial.number:>3}: {wilson(points, options.games)} ({time.perf_counter() - started:.0f} s)",
              file=sys.stderr)
        return points / (2 * options.games)

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=options.seed))
    study.enqueue_trial({name: current[name] for name in (*SPACE, *INT_SPACE)})
    study.optimize(objective, n_trials=options.trials)
    best = dict(current)
    best.update({name: float(value) if name in INT_SPACE else round(float(value), 3)
                 for name, value in study.best_params.items()})  # the table as written is the table checked
    check = options.seed + 1_000_003
    best_points = score(pool, best, check, options.check_games)
    current_points = score(pool, current, check, options.check_games)
    if pool is not None:
        pool.close()
    adopted = best if best_points >= current_points else current
    kept = {"best_trial_params": {name: int(value) if name in INT_SPACE else value for name, value in best.items()}}
    result = {
        "params": {name: int(value) if name in INT_SPACE else round(value, 3) for name, value in adopted.items()},
        "adopted": "best trial" if adopted is best else "the table before (the best trial did worse on fresh games)",
        **({} if adopted is best else kept),
        "tuned_against": options.opponent if options.opponent != "search" else f"search ({options.rollouts} rollouts)",
        "trials": options.trials,
        "games_a_trial": options.games,
        "best_trial_win_rate": round(study.best_value, 4),
        "check_games": options.check_games,
        "check_win_rate": {"best": round(best_points / (2 * options.check_games), 4),
                           "before": round(current_points / (2 * options.check_games), 4)},
        "seed": options.seed,
    }
    from deckcli.files.safe_write import write_text

    write_text(options.out, json.dumps(result, indent=2) + "\n", force=options.force)
    print(f"best of {options.trials} trials: {study.best_value:.1%} over {options.games} games a trial")
    print(f"fresh {options.check_games} games against {result['tuned_against']}: best table "
          f"{wilson(best_points, options.check_games)}, the table before {wilson(current_points, options.check_games)}")
    print(f"written: {options.out}")
    bots = ["heuristic", result["tuned_against"]]
    run.add("best-trial", figure(f"{study.best_value:.1%}", study.best_value, "fraction of games",
                                 games=options.games, trials=options.trials, seed=options.seed, bots=bots,
                                 label=f"the best of {options.trials} trials, in its own {options.games} games"))
    run.add("check.best", rate_figure(best_points, options.check_games, seed=check, bots=bots,
                                      label="the best trial's table, fresh games"))
    run.add("check.before", rate_figure(current_points, options.check_games, seed=check, bots=bots,
                                        label="the table before, the same fresh games"))
    run.add("adopted", figure(result["adopted"], label="adopted"))
    run.add("minutes", figure(f"{(time.perf_counter() - started) / 60:.0f} minutes",
                              (time.perf_counter() - started) / 60, "minutes wall"))
    run.write()
    if options.write_defaults:
        for name, value in result["params"].items():
            print(f"    {name} = {value!r}")


if __name__ == "__main__":
    main()
