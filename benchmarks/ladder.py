"""The bots' ladder: one round-robin of every bot of ``deckcli simulate --bot`` and the yardstick, an Elo ladder
from it, and the strong bot's targets (issue 27, item 3; issue 37), in one run.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/ladder.py              # about fifteen minutes on two quiet cores; --quick: a fifth
    python benchmarks/ladder.py --pair ismcts search 400 >> pairs.jsonl   # one pair, as a JSON line
    python benchmarks/ladder.py --from pairs.jsonl                         # the ladder from such lines
    python benchmarks/ladder.py --bots heuristic "heuristic (main's params)" strong --strong strong --record x

The entries are every bot of the registry (``deckcli.game.bots.BOTS``, so a bot added there is on the next run's
ladder with no change here) and the yardstick ``heuristic (main's params)`` (``benchmarks/yardstick.py``: the
heuristic bot with main's ``HeuristicParams`` frozen in ``benchmarks/yardstick-params.json``), the ladder's anchor
at 1000, so that retuning the default heuristic moves the heuristic's entry and not the scale; ``--bots`` names
fewer. The strong bot (``--strong``; default ``strong`` where the registry has it, else ``ismcts``) is the one the
targets are about.

Every pair of entries plays the same ten deck pairings of the five starter decks:
the five mirrors and five cross-faction pairs (each faction against the next), seats alternating game by game
as ``deckcli simulate`` alternates them (who starts: a coin or a Scoia'tael player's choice, §3, §6), every
game seeded. The pairs the targets are about play 400 games (the strong bot against the yardstick and against
:func:`targets`' second bot); the others 100 (80 and 20 with ``--quick``).

1. The ladder: a Bradley–Terry fit of every game of the round-robin (a draw counts half a win each way), by
   maximum likelihood (Hunter's MM iterations, 2004), shown as Elo (400·log10 of the strength; the anchor at
   1000) with a 95% interval from the fit's observed information (the anchor's rating held fixed). One
   virtual draw between every pair of entries keeps one that never won (random) at a finite rating.
2. The targets: the strong bot against the yardstick at least 75%, against the second bot of :func:`targets`
   at least 65%, each with its 95% Wilson interval; and the CPU time of one of the strong bot's games against
   the yardstick (both sides; the strong bot's decisions are nearly all of it) at most 0.5 s, the CPU of the
   worker processes over those games divided by their count, beside ``python -c pass`` measured in the same
   run.
3. ``deckcli advise decks/boards/advise-round-one.toml`` (round one, ten actions, the default budget): the
   median of 5 runs, CPU and wall-clock seconds: at most 2 s of CPU (it runs in one process, so on two quiet
   cores its wall-clock time is its CPU time; on a busy machine waiting for a core adds to the wall clock only).

Every figure goes to ``benchmarks/results/ladder.json`` (:mod:`record`); a run named ``default`` (the default
options, or ``--from`` a full round-robin) also writes the ladder the package reads,
``deckcli/game/bots/ladder.json``: each bot's rating with its interval and games, and every pair's win rate
(``simulate``'s Measured sentence says them; the ranking agreement there is ``benchmarks/bots.py``'s).

Nothing here is a test: the suite asserts no timings and no win rate beyond a floor.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import yardstick  # noqa: E402  (the ladder's anchor: main's heuristic, frozen)
from record import REPO, Run, add_options, figure, rate_figure, table_lines, write_atomically  # noqa: E402
from run import child_env, find_deckcli, machine, run_once  # noqa: E402  (the benchmarks' own helpers)
from simulate import FACTIONS, children_cpu, rate, starter  # noqa: E402

from deckcli.game.bots import BOTS as REGISTRY  # noqa: E402

YARDSTICK = yardstick.NAME
"""The ladder's anchor: ``heuristic (main's params)``."""
TARGET_OVER_YARDSTICK = 0.75
TARGET_OVER_SECOND = 0.65
"""Win rates the strong bot must reach against the yardstick and against :func:`targets`' second bot."""
CPU_TARGET = 0.5
"""Seconds of one core a strong bot's game may take at its default budget."""
Z95 = 1.959963984540054
LADDER = REPO / "deckcli" / "game" / "bots" / "ladder.json"
"""The ladder the package reads (``simulate``'s Measured sentence): written by a run named ``default``."""
ELO = 400 / math.log(10)


def entries() -> list[str]:
    """Every entry a default run plays: the registry's bots in its order, then the yardstick."""
    return [name for name in REGISTRY if name != YARDSTICK] + [YARDSTICK]


def key(name: str) -> str:
    """Entry ``name``'s key in the data file's figures (``elo.KEY``, ``pair.KEY.KEY``): the bot's name, or
    :data:`yardstick.KEY` for the yardstick."""
    return yardstick.KEY if name == YARDSTICK else name


def default_strong() -> str:
    """The bot the targets are about unless ``--strong`` says: ``strong`` where the registry has it, else
    ``ismcts``."""
    return "strong" if "strong" in REGISTRY else "ismcts"


def targets(strong: str, names: list[str]) -> dict[tuple[str, str], float]:
    """The win rates ``strong`` must reach, by (strong, other) pair, among the entries ``names``: over the yardstick
    (issue 37), and over today's ismcts bot (issue 37) or, when the strong bot is ismcts, over the search bot
    (issue 27)."""
    second = "search" if strong == "ismcts" else "ismcts"
    wanted = {(strong, YARDSTICK): TARGET_OVER_YARDSTICK, (strong, second): TARGET_OVER_SECOND}
    return {pair: rate for pair, rate in wanted.items() if pair[0] in names and pair[1] in names}


def pairings() -> list[tuple[str, str]]:
    """The ten deck pairings: the five mirrors, then each faction against the next."""
    return [(f, f) for f in FACTIONS] + [(f, FACTIONS[(i + 1) % len(FACTIONS)]) for i, f in enumerate(FACTIONS)]


def play(first: str, second: str, games: int, seed: int) -> tuple[int, int, float]:
    """``first`` against ``second`` (entries: a bot of the registry or the yardstick) over :func:`pairings`,
    ``games`` in all (an even share each): ``first``'s points (2 a win, 1 a draw), the games, and the CPU seconds
    of the worker processes (and of this one, where the games are played here: a yardstick's games where worker
    processes are not forked, as they would not know it)."""
    import multiprocessing
    import resource

    from deckcli.game.simulation.executor import default_workers
    from deckcli.game.simulation.runs import Plan, run_plan

    yardstick.register()
    here = YARDSTICK in (first, second) and multiprocessing.get_start_method() != "fork"
    workers = 1 if here else default_workers()
    share = max(2, games // len(pairings()))
    points = played = 0
    before = children_cpu()
    own = resource.getrusage(resource.RUSAGE_SELF)
    for index, (mine, theirs) in enumerate(pairings()):
        plan = Plan((starter(mine),), (starter(theirs),), share, seed + index, first, second)
        counts = run_plan(plan, workers).counts[0][0]
        points += counts.points
        played += counts.games
    cpu = children_cpu() - before
    if workers == 1:
        after = resource.getrusage(resource.RUSAGE_SELF)
        cpu += after.ru_utime + after.ru_stime - own.ru_utime - own.ru_stime
    return points, played, cpu


def advise_time(board: str = "advise-round-one.toml", target: float | None = 2.0) -> dict[str, Any]:
    """Figure 3: ``deckcli advise`` on ``board`` (of decks/boards/: a round-one board by default) at its default
    budget, the median of 5 runs, against ``target`` seconds of CPU (``None``: none)."""
    path = str(Path(__file__).resolve().parent.parent / "decks" / "boards" / board)
    runs = [run_once([*find_deckcli(), "advise", path], child_env(), (0,)) for _ in range(5)]
    cpu, wall = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    return figure(f"{cpu:.2f} s CPU, {wall:.2f} s wall", cpu, "s CPU (median of 5)", wall=round(wall, 2),
                  target=target, met=None if target is None else cpu <= target,
                  label=f"deckcli advise decks/boards/{board} (median of 5)")


def bradley_terry(results: dict[tuple[int, int], tuple[float, float]], bots: int, anchor: int,
                  prior: float = 0.5) -> tuple[list[float], list[float]]:
    """The Bradley–Terry strengths of ``bots`` players from ``results[(i, j)] = (wins of i, games)`` over pairs
    ``i < j`` (a draw half a win), by maximum likelihood with ``prior`` virtual wins each way in every pair; as
    log-strengths with ``anchor`` at 0, and the standard error of each (0 for the anchor) from the inverse of the
    observed information with the anchor's row and column removed."""
    wins = [[0.0] * bots for _ in range(bots)]
    games = [[0.0] * bots for _ in range(bots)]
    for (i, j), (won, played) in results.items():
        wins[i][j] += won + prior
        wins[j][i] += played - won + prior
        games[i][j] = games[j][i] = played + 2 * prior
    strength = [1.0] * bots
    for _ in range(10_000):
        new = []
        for i in range(bots):
            total = sum(wins[i])
            under = sum(games[i][j] / (strength[i] + strength[j]) for j in range(bots) if j != i and games[i][j])
            new.append(total / under if under else strength[i])
        scale = new[anchor]
        new = [s / scale for s in new]
        moved = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, strength))
        strength = new
        if moved < 1e-12:
            break
    theta = [math.log(s) for s in strength]
    info = [[0.0] * bots for _ in range(bots)]
    for i in range(bots):
        for j in range(bots):
            if i != j and games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                weight = games[i][j] * p * (1 - p)
                info[i][i] += weight
                info[i][j] -= weight
    free = [i for i in range(bots) if i != anchor]
    inverse = invert([[info[i][j] for j in free] for i in free])
    errors = [0.0] * bots
    for row, i in enumerate(free):
        errors[i] = math.sqrt(inverse[row][row])
    return theta, errors


def invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small non-singular square matrix (Gauss–Jordan elimination with partial pivoting)."""
    size = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [value / lead for value in work[column]]
        for row in range(size):
            if row != column and work[row][column]:
                factor = work[row][column]
                work[row] = [a - factor * b for a, b in zip(work[row], work[column])]
    return [row[size:] for row in work]


def pairs(names: list[str], strong: str, scale: int) -> list[tuple[str, str, int]]:
    """Every pair of the entries ``names`` once, the strong bot first where a target names the pair, with its
    games (400 for a target's pair, 100 for the others, over ``scale``)."""
    wanted = targets(strong, names)
    found = []
    for first, second in combinations(names, 2):
        if (second, first) in wanted:
            first, second = second, first
        found.append((first, second, (400 if (first, second) in wanted else 100) // scale))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a fifth of the games (the verdicts mean less)")
    parser.add_argument("--bots", nargs="+", metavar="NAME", default=None,
                        help=f"the entries (default: every bot of simulate --bot, then {YARDSTICK!r})")
    parser.add_argument("--strong", metavar="NAME", default=None,
                        help="the bot the targets are about (default: strong where simulate has it, else ismcts)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pair", nargs=3, metavar=("BOT", "BOT", "GAMES"),
                        help="play one pair only and print its result as a JSON line (to share a round-robin out "
                             "over several runs, or machines); --from reads them back")
    parser.add_argument("--from", dest="saved", metavar="FILE",
                        help="the ladder and the targets from the JSON lines of --pair runs, playing nothing")
    add_options(parser)
    options = parser.parse_args()
    known = entries()
    names = options.bots or known
    strong = options.strong or default_strong()
    for name in [*names, strong, *(options.pair or [])[:2]]:
        if name not in known:
            parser.error(f"{name!r} is no entry of the ladder; the entries: {', '.join(map(repr, known))}")
    if len(set(names)) != len(names) or len(names) < 2:
        parser.error("--bots names two entries or more, each once")
    if options.pair:
        first, second, games = options.pair
        points, played, cpu = play(first, second, int(games), options.seed)
        print(json.dumps({"first": first, "second": second, "points": points, "games": played, "cpu": cpu,
                          "seed": options.seed}))
        return
    import deckcli

    run = Run("ladder", options)
    print(f"deckcli {deckcli.__version__} bots' ladder on {machine()}\n")
    start = time.perf_counter()
    played: list[dict[str, Any]] = []
    if options.saved:
        played = [json.loads(line) for line in Path(options.saved).read_text("utf-8").splitlines() if line.strip()]
    else:
        for first, second, games in pairs(names, strong, 5 if options.quick else 1):
            points, count, cpu = play(first, second, games, options.seed)
            played.append({"first": first, "second": second, "points": points, "games": count, "cpu": cpu,
                           "seed": options.seed})
            print(f"{first} vs {second}: {rate(points, count)} ({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    ladder = report(played, run, strong)
    print(f"\n{time.perf_counter() - start:.0f} s wall in all")
    if run.write() is not None and run.name == "default":
        write_ladder(ladder, run)


def report(played: list[dict[str, Any]], run: Run, strong: str) -> list[dict[str, Any]]:
    """Print the ladder, then the figures against their targets (``strong``'s), from every pair's result; keep them
    in ``run``. Returns the ladder's entries, best first (:data:`LADDER`'s ``entries``). The anchor is the
    yardstick when it played, else the heuristic bot, else the first entry."""
    names: list[str] = []
    for pair in played:
        names += [name for name in (pair["first"], pair["second"]) if name not in names]
    wanted = targets(strong, names)
    results: dict[tuple[int, int], tuple[float, float]] = {}
    games_of = [0] * len(names)
    cpu_per_game = float("nan")
    for pair in played:
        first, second, points, count = pair["first"], pair["second"], pair["points"], pair["games"]
        results[(names.index(first), names.index(second))] = (points / 2, count)
        games_of[names.index(first)] += count
        games_of[names.index(second)] += count
        target = wanted.get((first, second))
        run.add(f"pair.{key(first)}.{key(second)}", rate_figure(
            points, count, seed=pair.get("seed"), bots=[first, second], target=target,
            met=None if target is None else points / (2 * count) >= target,
            label=f"{first} vs {second} ({count:,} games)"))
        if (first, second) == (strong, YARDSTICK) or ((first, second) == (strong, "heuristic")
                                                       and YARDSTICK not in names):
            cpu_per_game = pair["cpu"] / count
    passes = [run_once([sys.executable, "-c", "pass"], child_env(), (0,))[0] for _ in range(21)]
    interpreter = statistics.median(passes)
    if cpu_per_game == cpu_per_game:  # not NaN: the strong bot played the yardstick
        run.add(f"{key(strong)}.cpu", figure(
            f"{cpu_per_game:.3f} s ({cpu_per_game / interpreter:,.0f}× python -c pass, {interpreter * 1000:.1f} ms)",
            cpu_per_game, "s CPU a game", target=CPU_TARGET, met=cpu_per_game <= CPU_TARGET, bots=[strong],
            label=f"{strong} game, CPU of one core ({strong} vs {YARDSTICK} games)"))
    run.add("pass", figure(f"{interpreter * 1000:.1f} ms", interpreter * 1000, "ms CPU (median of 21)"))
    run.add("advise", advise_time())
    run.add("advise.decided", advise_time("advise-last-round.toml", None))
    anchor = names.index(next(name for name in (YARDSTICK, "heuristic", names[0]) if name in names))
    theta, errors = bradley_terry(results, len(names), anchor)
    print(f"Elo ladder (Bradley–Terry, {names[anchor]} = 1000, 95% interval):")
    ladder = []
    width = max(map(len, names))
    for index in sorted(range(len(names)), key=lambda i: -theta[i]):
        name = names[index]
        elo, half = 1000 + ELO * theta[index], Z95 * ELO * errors[index]
        interval = "(anchor)" if index == anchor else f"({elo - half:.0f}–{elo + half:.0f})"
        print(f"  {name:<{width}} {elo:6.0f}  {interval}")
        entry = {"name": name, "bot": None if name == YARDSTICK else name, "rating": round(elo),
                 "interval": None if index == anchor else [round(elo - half), round(elo + half)],
                 "games": games_of[index]}
        ladder.append(entry)
        run.add(f"elo.{key(name)}", figure(
            f"{elo:.0f}" + ("" if index == anchor else f" ({elo - half:.0f}–{elo + half:.0f})"), round(elo, 1),
            f"Elo ({names[anchor]} = 1000)", interval=None if index == anchor else (elo - half, elo + half),
            games=games_of[index], name=name, anchor=index == anchor))
    if YARDSTICK in names:
        changed = yardstick.differs_from_default()
        run.add("yardstick", figure(
            "main's table, the default's since" if not changed else f"main's table; the default has changed "
            f"{len(changed)} of its numbers since ({', '.join(changed)})", len(changed), "numbers changed",
            source=str(yardstick.PARAMS_FILE.relative_to(REPO))))
    print()
    print("\n".join(table_lines(run.figures)))
    return ladder


def write_ladder(entries: list[dict[str, Any]], run: Run) -> None:
    """The package's ladder (:data:`LADDER`) from this run: its entries, its pairs and what measured them; the
    ranking agreement that ``benchmarks/bots.py`` wrote stays."""
    document = json.loads(LADDER.read_text("utf-8")) if LADDER.exists() else {}
    pairs = []
    for key, found in run.figures.items():
        if key.startswith("pair."):
            first, second = found["bots"]
            pairs.append({"first": first, "second": second, "win_rate": found["value"],
                          "interval": found["interval"], "games": found["games"]})
    measured = {field: run.record[field] for field in ("command", "date", "machine", "code")}
    anchor = next(entry["name"] for entry in entries if entry["interval"] is None)
    updated = {"format": 1, "anchor": anchor, "measured": measured, "entries": entries, "pairs": pairs}
    if "ranking" in document:
        updated["ranking"] = document["ranking"]
    write_atomically(LADDER, json.dumps(updated, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote the ladder into {LADDER.relative_to(REPO) if LADDER.is_relative_to(REPO) else LADDER}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
