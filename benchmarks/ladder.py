"""The bots' ladder: one round-robin of every bot of ``deckcli simulate --bot``, an Elo ladder from it, and the
strong bot's targets of issue 27 (item 3), in one run.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/ladder.py              # about fifteen minutes on two quiet cores; --quick: a fifth
    python benchmarks/ladder.py --pair ismcts search 400 >> pairs.jsonl   # one pair, as a JSON line
    python benchmarks/ladder.py --from pairs.jsonl                         # the ladder from such lines

Every pair of bots (random, heuristic, search, ismcts) plays the same ten deck pairings of the five starter decks:
the five mirrors and five cross-faction pairs (each faction against the next), seats alternating game by game
as ``deckcli simulate`` alternates them (who starts: a coin or a Scoia'tael player's choice, §3, §6), every
game seeded. The pairs the targets are about play 400 games (ismcts against heuristic and against search);
the others 100 (40 and 20 with ``--quick``).

1. The ladder: a Bradley–Terry fit of every game of the round-robin (a draw counts half a win each way), by
   maximum likelihood (Hunter's MM iterations, 2004), shown as Elo (400·log10 of the strength; heuristic at
   1000) with a 95% interval from the fit's observed information (the heuristic bot's rating held fixed). One
   virtual draw between every pair of bots keeps a bot that never won (random) at a finite rating.
2. The targets: ismcts against heuristic at least 75%, against today's search at least 65%, each with its 95%
   Wilson interval; and the CPU time of one ismcts game (both sides; the ismcts bot's decisions are nearly all
   of it) at most 0.5 s, the CPU of the worker processes over the ismcts-against-heuristic games divided by
   their count, beside ``python -c pass`` measured in the same run.
3. ``deckcli advise decks/boards/advise-round-one.toml`` (round one, ten actions, the default budget): the
   median of 5 runs, CPU and wall-clock seconds: at most 2 s of CPU (it runs in one process, so on two quiet
   cores its wall-clock time is its CPU time; on a busy machine waiting for a core adds to the wall clock only).

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

from run import child_env, find_deckcli, machine, run_once  # noqa: E402  (the benchmarks' own helpers)
from simulate import FACTIONS, children_cpu, print_rows, rate, starter  # noqa: E402

BOTS = ("random", "heuristic", "search", "ismcts")
TARGETS = {("ismcts", "heuristic"): 0.75, ("ismcts", "search"): 0.65}
"""Win rates the strong bot must reach against each bot (issue 27, item 3)."""
CPU_TARGET = 0.5
"""Seconds of one core an ismcts game may take at its default budget."""
Z95 = 1.959963984540054
ELO = 400 / math.log(10)


def pairings() -> list[tuple[str, str]]:
    """The ten deck pairings: the five mirrors, then each faction against the next."""
    return [(f, f) for f in FACTIONS] + [(f, FACTIONS[(i + 1) % len(FACTIONS)]) for i, f in enumerate(FACTIONS)]


def play(first: str, second: str, games: int, seed: int) -> tuple[int, int, float]:
    """``first`` against ``second`` over :func:`pairings`, ``games`` in all (an even share each): ``first``'s points
    (2 a win, 1 a draw), the games, and the CPU seconds of the worker processes."""
    from deckcli.game.simulation.runs import Plan, run_plan
    from deckcli.game.simulation.executor import default_workers

    share = max(2, games // len(pairings()))
    points = played = 0
    before = children_cpu()
    for index, (mine, theirs) in enumerate(pairings()):
        plan = Plan((starter(mine),), (starter(theirs),), share, seed + index, first, second)
        counts = run_plan(plan, default_workers()).counts[0][0]
        points += counts.points
        played += counts.games
    return points, played, children_cpu() - before


def advise_time() -> tuple[str, str, bool | None]:
    """Figure 3: ``deckcli advise`` on a round-one board at its default budget, the median of 5 runs."""
    board = str(Path(__file__).resolve().parent.parent / "decks" / "boards" / "advise-round-one.toml")
    runs = [run_once([*find_deckcli(), "advise", board], child_env(), (0,)) for _ in range(5)]
    cpu, wall = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    return ("deckcli advise decks/boards/advise-round-one.toml (median of 5)", f"{cpu:.2f} s CPU, {wall:.2f} s wall",
            cpu <= 2.0)


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


def pairs(scale: int) -> list[tuple[str, str, int]]:
    """Every pair of :data:`BOTS` once, the strong bot first where a target names the pair, with its games."""
    found = []
    for first, second in combinations(BOTS, 2):
        if (second, first) in TARGETS:
            first, second = second, first
        found.append((first, second, (400 if (first, second) in TARGETS else 100) // scale))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a fifth of the games (the verdicts mean less)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pair", nargs=3, metavar=("BOT", "BOT", "GAMES"),
                        help="play one pair only and print its result as a JSON line (to share a round-robin out "
                             "over several runs, or machines); --from reads them back")
    parser.add_argument("--from", dest="saved", metavar="FILE",
                        help="the ladder and the targets from the JSON lines of --pair runs, playing nothing")
    options = parser.parse_args()
    if options.pair:
        first, second, games = options.pair
        points, played, cpu = play(first, second, int(games), options.seed)
        print(json.dumps({"first": first, "second": second, "points": points, "games": played, "cpu": cpu}))
        return
    import deckcli

    print(f"deckcli {deckcli.__version__} bots' ladder on {machine()}\n")
    start = time.perf_counter()
    played: list[dict[str, Any]] = []
    if options.saved:
        played = [json.loads(line) for line in Path(options.saved).read_text("utf-8").splitlines() if line.strip()]
    else:
        for first, second, games in pairs(5 if options.quick else 1):
            points, count, cpu = play(first, second, games, options.seed)
            played.append({"first": first, "second": second, "points": points, "games": count, "cpu": cpu})
            print(f"{first} vs {second}: {rate(points, count)} ({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    report(played)
    print(f"\n{time.perf_counter() - start:.0f} s wall in all")


def report(played: list[dict[str, Any]]) -> None:
    """The ladder, then the figures against their targets, from every pair's result."""
    results: dict[tuple[int, int], tuple[float, float]] = {}
    rows: list[tuple[str, str, bool | None]] = []
    cpu_per_game = float("nan")
    for pair in played:
        first, second, points, count = pair["first"], pair["second"], pair["points"], pair["games"]
        results[(BOTS.index(first), BOTS.index(second))] = (points / 2, count)
        target = TARGETS.get((first, second))
        rows.append((f"{first} vs {second} ({count:,} games)", rate(points, count),
                     None if target is None else points / (2 * count) >= target))
        if (first, second) == ("ismcts", "heuristic"):
            cpu_per_game = pair["cpu"] / count
    passes = [run_once([sys.executable, "-c", "pass"], child_env(), (0,))[0] for _ in range(21)]
    interpreter = statistics.median(passes)
    rows.append(("ismcts game, CPU of one core (ismcts vs heuristic games)",
                 f"{cpu_per_game:.3f} s ({cpu_per_game / interpreter:,.0f}× python -c pass, "
                 f"{interpreter * 1000:.1f} ms)", cpu_per_game <= CPU_TARGET))
    rows.append(advise_time())
    anchor = BOTS.index("heuristic")
    theta, errors = bradley_terry(results, len(BOTS), anchor)
    print("Elo ladder (Bradley–Terry, heuristic = 1000, 95% interval):")
    for index in sorted(range(len(BOTS)), key=lambda i: -theta[i]):
        elo, half = 1000 + ELO * theta[index], Z95 * ELO * errors[index]
        interval = "(anchor)" if index == anchor else f"({elo - half:.0f}–{elo + half:.0f})"
        print(f"  {BOTS[index]:<10} {elo:6.0f}  {interval}")
    print()
    print_rows(rows)

if __name__ == "__main__":
    main()
