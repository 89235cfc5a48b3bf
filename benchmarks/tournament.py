"""Benchmark of the Tournament match (issue 29): the §15 solver, its bootstrap, and the two simulating forms of
``deckcli tournament``, in one run.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/tournament.py          # about two minutes on two cores; --quick: a tenth of the games

1. The solver: one 3×3 match solved exactly with its plan (backward induction, §15), in this process: CPU time
   a solve, printed beside ``python -c pass`` measured in the same run (the median of 21 runs).
2. The bootstrap: the match-win rate's 95% interval from 2,000 parametric resamples of nine pairings of 1,000
   games (numpy imported before the clock starts): CPU time, against the same ``python -c pass``.
3. ``deckcli tournament decks/tournament-registration.toml --vs REG --simulate`` at the default 1,000 games a
   pair (9,000 games, every core), REG the shipped Northern Realms, Scoia'tael and Skellige Advanced decks: wall
   and CPU seconds; target, from the issue: within a minute (wall) on two cores.
4. ``deckcli tournament --choose`` of the four shipped Advanced decks but Northern Realms against the default
   field (ten lineups, five decks), ``--games 200``: 20 pairs, 4,000 games: wall and CPU seconds.

CPU time is user + system time (``resource``), which waiting for a core does not inflate. Nothing here is a
test: the suite asserts no timings.
The figures go to ``benchmarks/results/tournament.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import child_env, find_deckcli, machine, run_once  # noqa: E402  (the benchmark's own helpers)
from record import Run, add_options, figure, table_lines  # noqa: E402
from simulate import children_cpu, own_cpu  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
THEIRS = ("northern-realms", "scoiatael", "skellige")
MINE = ("monsters", "nilfgaard", "scoiatael", "skellige")


def interpreter() -> float:
    """``python -c pass``: CPU seconds, the median of 21 runs."""
    return statistics.median(run_once([sys.executable, "-c", "pass"], child_env(), (0,))[0] for _ in range(21))


def solver(solves: int, scale: float) -> dict[str, Any]:
    """Figure 1: one exact solve with its plan."""
    import random

    from deckcli.rules.match import MatchMatrix, solve_match

    draw = random.Random(29)
    matrices = [MatchMatrix.of("ABC", "XYZ", [[draw.random() for _ in range(3)] for _ in range(3)])
                for _ in range(solves)]
    start = own_cpu()
    for matrix in matrices:
        solve_match(matrix)
    each = (own_cpu() - start) / solves
    return figure(f"{each * 1000:.2f} ms ({each / scale:.2f}× python -c pass)", each * 1000, "ms CPU a solve",
                  solves=solves, of_pass=round(each / scale, 3),
                  label=f"a 3×3 match solved with its plan ({solves:,} matrices, one core)")


def bootstrap(scale: float) -> dict[str, Any]:
    """Figure 2: the interval of one match from 2,000 resamples."""
    import numpy  # noqa: F401  (imported before the clock: a command pays it once)

    from deckcli.rules.match import BOOTSTRAP, bootstrap_interval

    counts = [[(600, 10, 390), (450, 0, 550), (300, 20, 680)], [(520, 0, 480), (700, 5, 295), (410, 0, 590)],
              [(480, 0, 520), (350, 0, 650), (560, 10, 430)]]
    start = own_cpu()
    bootstrap_interval(counts, 1)
    spent = own_cpu() - start
    return figure(f"{spent * 1000:.0f} ms ({spent / scale:.2f}× python -c pass)", spent * 1000, "ms CPU",
                  resamples=BOOTSTRAP, of_pass=round(spent / scale, 3),
                  label=f"the match-win interval, {BOOTSTRAP:,} bootstrap resamples of nine pairings")


def theirs(folder: str) -> str:
    """A registration of :data:`THEIRS`, the shipped decks copied beside it."""
    import shutil

    for slug in THEIRS:
        shutil.copy(REPO / "decks" / f"{slug}-advanced.toml", Path(folder) / f"{slug}-advanced.toml")
    path = Path(folder) / "theirs.toml"
    path.write_text("decks = [" + ", ".join(f'"{slug}-advanced.toml"' for slug in THEIRS) + "]\n", "utf-8")
    return str(path)


def command(args: list[str], label: str, games: int, target: float | None) -> dict[str, Any]:
    before, start = children_cpu(), time.perf_counter()
    run_once([*find_deckcli(), "tournament", *args], child_env(), (0,))
    wall, cpu = time.perf_counter() - start, children_cpu() - before
    return figure(f"{wall:.1f} s wall, {cpu:.1f} s CPU ({cpu / games * 1000:.2f} ms CPU a game)", wall, "s wall",
                  cpu=round(cpu, 2), games=games, cpu_ms_a_game=round(cpu / games * 1000, 3), target=target,
                  met=None if target is None else wall <= target, label=label)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games (the verdicts mean less)")
    add_options(parser)
    options = parser.parse_args()
    scale = 10 if options.quick else 1
    import deckcli

    run = Run("tournament", options)
    print(f"deckcli {deckcli.__version__} tournament benchmarks on {machine()}\n")
    passes = interpreter()
    run.add("pass", figure(f"{passes * 1000:.1f} ms", passes * 1000, "ms CPU (median of 21)",
                           label="for scale: python -c pass (median of 21, CPU)"))
    run.add("solver", solver(500, passes))
    run.add("bootstrap", bootstrap(passes))
    games = 1000 // scale
    with tempfile.TemporaryDirectory() as folder:
        registration = str(REPO / "decks" / "tournament-registration.toml")
        run.add("simulate", command([registration, "--vs", theirs(folder), "--simulate", "--games", str(games)],
                                    f"tournament --simulate, 9 × {games:,} games (every core)", 9 * games, 60.0))
        decks = [str(REPO / "decks" / f"{slug}-advanced.toml") for slug in MINE]
        run.add("choose", command(["--choose", *decks, "--games", str(200 // scale)],
                                  f"tournament --choose, 4 decks against 10 lineups, 20 × {200 // scale:,} games "
                                  "(every core)", 20 * (200 // scale), None))
    print("\n".join(table_lines(run.figures)))
    run.write()


if __name__ == "__main__":
    main()
