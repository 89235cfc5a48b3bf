"""``deckcli advise`` measured (issue 37, item 3): the puzzles right at ten seeds, and the time on a round-one board.

    python benchmarks/advise.py [--seeds 10] [--budget N] [--runs 5]

1. **Right at every seed.** Each puzzle is a board with a known answer, advised at the default budget (or
   ``--budget``) at seeds 1 to ``--seeds``:
   - the rulebook's example of §7 (decks/boards/advise-last-round.toml): right when the first action wins;
   - every endgame of tests/game/advise_endgames/ (its proof in the board's opening comment, the proven rate of each
     action in proven.json): right when every action comes out at its proven rate and the first is a winner;
   - the round-one positions of tests/game/advise_positions/: the first action the rules call for (passing where
     Nilfgaard wins the tie, §3; the cheapest card that wins the round), and Ballista level with Trebuchet
     (the same rate, both within noise of the best or both not).
   It prints right/total per seed and in all, and each wrong answer.
2. **Intervals that are true.** The round-one board advised at each seed: per action, the spread of its rate
   across the seeds against the standard error its interval implies (half-width / 1.96), and how many of the
   seeds' intervals hold the mean over all seeds (about 95% if they are true); and the first action at each seed.
3. **Time on a round-one board.** ``deckcli advise decks/boards/advise-round-one.toml`` (ten actions) at the
   default budget, the median of ``--runs`` runs: CPU and wall-clock seconds, and the ratio of its CPU time to
   that of ``python -c pass`` in the same run (target: 2 s).

Every figure goes to ``benchmarks/results/advise.json`` (:mod:`record`; a run with the default options is the
run ``default``), which docs/benchmarks.md quotes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

from record import Run, add_options, figure  # noqa: E402
from run import child_env, find_deckcli, machine, run_once  # noqa: E402  (the benchmarks' own helpers)

from deckcli.catalog.loading import default_catalog  # noqa: E402
from deckcli.game.advice import DEFAULT_BUDGET, AdviceReport, advise  # noqa: E402
from deckcli.game.board import read_board  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ENDGAMES = REPO / "tests" / "game" / "advise_endgames"
POSITIONS = REPO / "tests" / "game" / "advise_positions"
ROUND_ONE = REPO / "decks" / "boards" / "advise-round-one.toml"
TIME_TARGET = 2.0
"""Seconds an advice on a round-one board may take."""

Check = Callable[[AdviceReport], str | None]
"""A puzzle's judge: ``None`` when the report is right, else what is wrong."""


def proven(rates: dict[str, float]) -> Check:
    """Right when every action comes out at its proven rate and the first is a winner."""
    def check(report: AdviceReport) -> str | None:
        found = {a.label(): a.win_rate for a in report.actions}
        if found != rates:
            return f"rates {found}"
        return None if report.actions[0].win_rate == max(rates.values()) else f"first {report.actions[0].label()}"
    return check


def first(label: str) -> Check:
    """Right when ``label`` comes first."""
    def check(report: AdviceReport) -> str | None:
        return None if report.actions[0].label() == label else f"first {report.actions[0].label()}"
    return check


def level(one: str, other: str) -> Check:
    """Right when cards ``one`` and ``other`` come out alike: the same rate, both within noise or both not."""
    def check(report: AdviceReport) -> str | None:
        by_card = {a.card: a for a in report.actions}
        a, b = by_card[one], by_card[other]
        if a.win_rate == b.win_rate and a.within_noise == b.within_noise:
            return None
        return f"{one} {a.win_rate:.0%} and {other} {b.win_rate:.0%}"
    return check


def puzzles() -> dict[str, tuple[Path, Check]]:
    """Every puzzle by name: its board file and its judge."""
    found: dict[str, tuple[Path, Check]] = {
        "rulebook §7 (decks/boards)": (REPO / "decks" / "boards" / "advise-last-round.toml",
                                       first("Play Sheldon Skaggs (Ranged Combat)")),
    }
    for name, rates in json.loads((ENDGAMES / "proven.json").read_text("utf-8")).items():
        found[name] = (ENDGAMES / f"{name}.toml", proven(rates))
    found["identical-cards"] = (POSITIONS / "identical-cards.toml", level("Ballista", "Trebuchet"))
    found["nilfgaard-passes-level"] = (POSITIONS / "nilfgaard-passes-level.toml", first("Pass"))
    found["cheapest-wins"] = (POSITIONS / "cheapest-wins.toml", first("Play Cynthia (Ranged Combat)"))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--runs", type=int, default=5)
    add_options(parser)
    options = parser.parse_args()
    run = Run("advise", options)
    catalog = default_catalog()
    print(f"Machine: {machine()}")
    print(f"1. Puzzles right at seeds 1-{options.seeds}, --budget {options.budget:,}:")
    right = total = 0
    for seed in range(1, options.seeds + 1):
        wrong: list[str] = []
        cases = puzzles()
        for name, (path, check) in cases.items():
            report = advise(read_board(str(path), catalog), str(path), catalog, seed=seed, budget=options.budget)
            why = check(report)
            if why is not None:
                wrong.append(f"{name}: {why}")
        right += len(cases) - len(wrong)
        total += len(cases)
        print(f"   seed {seed:2d}: {len(cases) - len(wrong)}/{len(cases)}" + "".join(f"\n     wrong {w}" for w in wrong))
    print(f"   all: {right}/{total}")
    run.add("puzzles", figure(f"{right} of {total}", right, "puzzle runs right", of=total, target=total,
                              met=right == total, seeds=options.seeds, budget=options.budget,
                              label=f"{len(puzzles())} puzzles at seeds 1-{options.seeds}, right"))
    print(f"2. Intervals on decks/boards/advise-round-one.toml at seeds 1-{options.seeds}:")
    rates: dict[str, list[tuple[float, float, float]]] = {}
    firsts: list[str] = []
    board = read_board(str(ROUND_ONE), catalog)
    for seed in range(1, options.seeds + 1):
        report = advise(board, str(ROUND_ONE), catalog, seed=seed, budget=options.budget)
        firsts.append(report.actions[0].label())
        for advice in report.actions:
            rates.setdefault(advice.label(), []).append((advice.win_rate, *advice.ci95))
    held = 0
    for label, found in rates.items():
        mean = statistics.mean(f[0] for f in found)
        inside = sum(low <= mean <= high for _rate, low, high in found)
        held += inside
        implied = statistics.mean((high - low) / 2 for _rate, low, high in found) / 1.959963984540054
        spread = statistics.stdev(f[0] for f in found) if len(found) > 1 else 0.0
        print(f"   {label[:38]:38s} {mean:4.0%}  spread {spread:.3f}, implied {implied:.3f}, held {inside}/{len(found)}")
    intervals = sum(map(len, rates.values()))
    print(f"   intervals holding the mean of the seeds: {held}/{intervals}")
    ranked = sorted(((f, firsts.count(f)) for f in set(firsts)), key=lambda x: (-x[1], x[0]))
    print("   first action: " + ", ".join(f"{n}x {label}" for label, n in ranked))
    run.add("intervals", figure(f"{held} of {intervals}", held, "intervals holding the mean of the seeds",
                                of=intervals, label="round-one board: intervals holding the mean of the seeds"))
    run.add("first", figure(f"{ranked[0][1]} of {len(firsts)}", ranked[0][1], "seeds", of=len(firsts),
                            action=ranked[0][0], others={label: n for label, n in ranked[1:]},
                            label=f"round-one board: the commonest first action ({ranked[0][0][:28]})"))
    command = [*find_deckcli(), "advise", str(ROUND_ONE)]
    runs = [run_once(command, child_env(), (0,)) for _ in range(options.runs)]
    bare = [run_once([sys.executable, "-c", "pass"], child_env(), (0,)) for _ in range(options.runs)]
    cpu, wall = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    base = statistics.median(r[0] for r in bare)
    print(f"3. deckcli advise decks/boards/advise-round-one.toml (median of {options.runs}): {cpu:.2f} s CPU, "
          f"{wall:.2f} s wall, {cpu / base:.0f}x python -c pass ({base:.3f} s CPU); target {TIME_TARGET:.0f} s: "
          + ("met" if cpu <= TIME_TARGET else "not met"))
    run.add("cpu", figure(f"{cpu:.2f} s", cpu, f"s CPU (median of {options.runs})", target=TIME_TARGET,
                          met=cpu <= TIME_TARGET, ratio=round(cpu / base, 1),
                          label="advise on the round-one board, CPU"))
    run.add("wall", figure(f"{wall:.1f} s", wall, f"s wall (median of {options.runs})", label="the same, wall clock"))
    run.add("ratio", figure(f"{cpu / base:.0f}", cpu / base, "times python -c pass (CPU)"))
    run.write()
    return 0 if right == total and cpu <= TIME_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
