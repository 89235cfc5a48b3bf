"""Benchmark of ``deckcli fix``: its time as a ratio against one ``deckcli validate`` of the same deck.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/fix.py            # about a minute; --runs 3 for a quick look

Each deck of ``decks/`` is made illegal (a starter deck is judged under Advanced rules,
which it breaks; an Advanced deck gets nine neutral cards more, 70 Strength past its own,
a Medic and a Spy), and a worst case is added: a 90-card deck, the whole Monsters set (its
5 Leaders named, every card at its printed copies). For each, in child processes, the
median of alternating runs of ``deckcli validate DECK --rules advanced`` and
``deckcli fix DECK --rules advanced``, after one warm-up run of each. The target: the
solve (fix minus validate) adds less than one validate's time, i.e. a ratio below 2.
In this process it also times the plan alone (solver imported, catalog loaded) to show
how much of the difference is importing highspy (and numpy) versus solving.
The figures go to ``benchmarks/results/fix.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no timings.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DECKS = REPO / "decks"
EXTRA = {
    "Geralt of Rivia": 1, "Cirilla Fiona Elen Riannon": 1, "Triss Merigold": 1, "Yennefer of Vengerberg": 1,
    "Villentretenmerth": 1, "Vesemir": 1, "Zoltan Chivay": 1, "Emiel Regis Rohellec Terzieff": 1, "Mysterious Elf": 1,
}
"""Neutral cards every set prints, added to an Advanced example: +70 Strength (past 130), a Medic and a Spy more."""


def deckcli() -> str:
    beside = Path(sys.executable).parent / "deckcli"
    found = str(beside) if beside.exists() else shutil.which("deckcli")
    if not found:
        sys.exit("benchmarks: no deckcli installed beside this Python; run the README's install command first")
    return found


def write(path: Path, faction: str, leaders: list[str], cards: dict[str, int], side: dict[str, int]) -> Path:
    lines = [f'faction = "{faction}"', "leader = [" + ", ".join(f'"{n}"' for n in leaders) + "]", "[cards]"]
    lines += [f'"{n}" = {c}' for n, c in cards.items()]
    if side:
        lines += ["[side]"] + [f'"{n}" = {c}' for n, c in side.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def illegal_decks(folder: Path) -> list[Path]:
    """Every example deck made illegal under Advanced rules, and the 90-card worst case."""
    paths = []
    for source in sorted(DECKS.glob("*-*.toml")):
        if source.name == "tournament-registration.toml":
            continue
        deck = tomllib.loads(source.read_text("utf-8"))
        cards = dict(deck["cards"])
        if source.name.endswith("-advanced.toml"):
            for name, copies in EXTRA.items():
                cards[name] = cards.get(name, 0) + copies
        paths.append(write(folder / source.name, deck["faction"], [deck["leader"]], cards, deck.get("side", {})))
    from deckcli.catalog.loading import default_catalog

    catalog = default_catalog()
    monsters = catalog.faction("Monsters")
    leaders = [n for n in monsters.copies if catalog.cards[n].is_leader]
    main = {n: c for n, c in monsters.copies.items() if not catalog.cards[n].is_leader and not catalog.cards[n].side_deck}
    side = {n: c for n, c in monsters.copies.items() if catalog.cards[n].side_deck}
    assert len(leaders) + sum(main.values()) + sum(side.values()) == monsters.size == 90
    paths.append(write(folder / "monsters-whole-set-90.toml", "Monsters", leaders, main, side))
    return paths


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="alternating runs per deck (median reported)")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from record import Run, add_options, figure

    add_options(parser)
    options = parser.parse_args()
    runs = options.runs
    tool = deckcli()
    run = Run("fix", options)
    with tempfile.TemporaryDirectory() as folder:
        paths = illegal_decks(Path(folder))
        print(f"{'deck':<34} {'validate':>9} {'fix':>9} {'ratio':>6} {'changes':>8} {'plan alone':>11}")
        ratios = []
        for path in paths:
            validate = [tool, "validate", str(path), "--rules", "advanced"]
            fix = [tool, "fix", str(path), "--rules", "advanced"]
            timed(validate), timed(fix)
            pairs = [(timed(validate), timed(fix)) for _ in range(runs)]
            v = statistics.median(p[0] for p in pairs)
            f = statistics.median(p[1] for p in pairs)
            ratios.append(f / v)
            changes, alone = plan_alone(path)
            print(f"{path.name:<34} {v * 1000:>7.1f}ms {f * 1000:>7.1f}ms {f / v:>5.2f}x {changes:>8} {alone * 1000:>9.1f}ms")
            run.add(f"deck.{path.stem}", figure(
                f"{f / v:.2f}×", f / v, "× validate's wall time", validate=f"{v * 1000:.1f} ms",
                fix=f"{f * 1000:.1f} ms", changes=changes, plan=f"{alone * 1000:.1f} ms", target=2.0, met=f / v < 2,
                label=path.name))
        worst = max(ratios)
        met = "met" if worst < 2 else "missed"
        print(f"largest ratio {worst:.2f}x (median {statistics.median(ratios):.2f}x); "
              f"target: fix < 2x validate (the solve adds less than one validate): {met}")
        run.add("largest", figure(f"{worst:.2f}×", worst, "× validate's wall time", target=2.0, met=worst < 2))
        run.add("median", figure(f"{statistics.median(ratios):.2f}×", statistics.median(ratios),
                                 "× validate's wall time"))
    run.write([("deck", "label"), ("validate", "validate"), ("fix", "fix"), ("ratio", "text"),
               ("changes", "changes"), ("plan alone", "plan"), ("verdict", "verdict")])


def plan_alone(path: Path) -> tuple[int, float]:
    """The plan's changes and its time in this process, the solver library already imported (median of 5)."""
    import highspy  # noqa: F401  (imported once, outside the timing)

    from deckcli.repair.plan import plan_fix
    from deckcli.rules.loading import load_rule_set

    rules = load_rule_set("advanced")
    plan = plan_fix(str(path), rules)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        plan_fix(str(path), rules)
        times.append(time.perf_counter() - start)
    return plan.changed_copies, statistics.median(times)


if __name__ == "__main__":
    main()
