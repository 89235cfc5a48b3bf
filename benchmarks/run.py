"""deckcli's benchmarks: every figure is a ratio against a baseline measured in the same run.

Run from a clone after the README's install command (``pip install .`` in a venv):

    python benchmarks/run.py            # about 20 s; --runs 5 for a quick look

It measures the ``deckcli`` installed beside this Python (the console script a
player runs), in child processes, with the standard library only:

1. one ``deckcli validate`` of a starter deck against ``python -c pass`` (and,
   for scale, ``python -c "import click"``: the floor of any Click program);
2. ``deckcli validate`` over 1,000 deck files in one call, per deck beyond the
   single-deck time;
3. the odds computation for a full deck (in this process), against reading
   that deck;
4. peak memory of the 1,000-deck run against the peak of ``python -c pass``;
5. "did you mean" for a file of 999 unknown names and a Leader (the most a
   deck file may hold), per name beyond the single-deck time.

Times are medians of alternating runs after warm-up runs; the first warm-up
writes the bytecode caches a player's second run would have. Nothing here is
a test: the suite asserts no timings, this script only reports.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

UNKNOWN_NAMES = 999
"""With the Leader, the most names a deck file may hold (1,000)."""


@dataclass
class Figure:
    """One benchmark result: what was measured, against what, and its target."""

    name: str
    measured: str
    baseline: str
    ratio: float
    target: str
    met: bool


def machine() -> str:
    """``2 cores, AMD EPYC, Python 3.11.7, Linux``: where the figures come from."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        model = platform.processor() or model
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{cores} cores, {model}, Python {platform.python_version()}, {platform.system()}"


def find_deckcli() -> list[str]:
    """The installed console script beside this interpreter (or on PATH)."""
    beside = Path(sys.executable).parent / ("deckcli.exe" if os.name == "nt" else "deckcli")
    found = str(beside) if beside.exists() else shutil.which("deckcli")
    if not found:
        sys.exit("benchmarks: no deckcli installed beside this Python; run the README's install command first")
    return [found]


def child_env() -> dict[str, str]:
    """This environment, but letting Python write bytecode caches as a player's would."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def wall(command: list[str], env: dict[str, str], expect: tuple[int, ...] = (0,)) -> float:
    """Seconds one run of ``command`` takes, start to exit, output discarded."""
    start = time.perf_counter()
    code = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env).returncode
    elapsed = time.perf_counter() - start
    if code not in expect:
        sys.exit(f"benchmarks: {' '.join(command[:3])} … exited {code}, expected {expect}")
    return elapsed


def medians(commands: dict[str, tuple[list[str], tuple[int, ...]]], runs: int, env: dict[str, str]) -> dict[str, float]:
    """Median seconds of each command, running them in turn ``runs`` times after two warm-ups each."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(2):
        for command, expect in commands.values():
            wall(command, env, expect)
    for _ in range(runs):
        for name, (command, expect) in commands.items():
            times[name].append(wall(command, env, expect))
    return {name: statistics.median(values) for name, values in times.items()}


# Forked from a bare interpreter, not from this one: on Linux a child's peak
# memory counts what it shared with its parent before exec.
_MEASURE_PEAK = """
import os, sys
pid = os.fork()
if pid == 0:
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    os.execvp(sys.argv[1], sys.argv[1:])
_pid, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def peak_rss(command: list[str], env: dict[str, str]) -> float:
    """Peak resident memory of one run of ``command``, in MiB (``wait4`` of that child alone)."""
    measured = subprocess.run(
        [sys.executable, "-S", "-c", _MEASURE_PEAK, *command], capture_output=True, text=True, env=env, check=True
    )
    peak, code = measured.stdout.split()
    if code != "0":
        sys.exit(f"benchmarks: {' '.join(command[:3])} … exited {code}")
    kib = int(peak) / (1024 if sys.platform == "darwin" else 1)  # bytes on macOS, KiB on Linux
    return kib / 1024


def deck_folder(folder: Path, count: int) -> list[str]:
    """Write ``count`` deck files, the example decks in turn, each under its own name; return their paths."""
    from importlib import resources

    examples = sorted(
        (entry.name, entry.read_text("utf-8"))
        for entry in resources.files("deckcli.decks").iterdir()
        if entry.name.endswith(("-starter.toml", "-advanced.toml"))
    )
    paths = []
    for number in range(count):
        stem, text = examples[number % len(examples)]
        path = folder / f"{number:04d}-{stem}"
        path.write_text(text.replace('name = "', f'name = "#{number} ', 1), encoding="utf-8")
        paths.append(str(path))
    return paths


def unknown_names_deck(path: Path, count: int) -> None:
    """A deck file naming ``count`` cards that do not exist: typos of real names (seeded, repeatable)."""
    from deckcli.catalog.loading import default_catalog

    catalog = default_catalog()
    names = sorted(catalog.cards)
    rng = random.Random(6)
    typos: dict[str, int] = {}
    while len(typos) < count:
        name = list(rng.choice(names))
        for _ in range(2):
            at = rng.randrange(len(name))
            name[at : at + 1] = rng.choice(["", rng.choice("aeinorst"), name[at] * 2])
        typed = "".join(name).replace('"', "").replace("\\", "")
        if typed.strip() and not catalog.find(typed):
            typos[typed] = 1
    lines = ['faction = "Monsters"', 'leader = "Eredin: Commander of the Red Riders"', "[cards]"]
    lines += [f'"{name}" = {copies}' for name, copies in typos.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def odds_computation() -> tuple[str, Callable[[Any], Any]]:
    """The odds computation to time, given a resolved deck: every row of ``deckcli odds``, not rendered."""
    from deckcli.analysis.odds import draw_odds

    return "deckcli.odds_table.draw_odds (every card and Muster group row)", draw_odds


def best_seconds(function: Callable[[], Any]) -> float:
    """Median seconds of one call, from repeated timeit batches."""
    timer = timeit.Timer(function)
    number, _ = timer.autorange()
    return statistics.median(timer.repeat(repeat=7, number=number)) / number


def run(runs: int, notes: list[str]) -> list[Figure]:
    """Measure every figure; ``notes`` receives what the reader should know about them."""
    env = child_env()
    python = [sys.executable]
    deckcli = find_deckcli()
    from importlib import resources

    starter_resource = resources.files("deckcli.decks").joinpath("northern-realms-starter.toml")
    figures = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        starter = folder / "northern-realms-starter.toml"
        starter.write_text(starter_resource.read_text("utf-8"), encoding="utf-8")
        (folder / "many").mkdir()
        many = deck_folder(folder / "many", 1000)
        unknown = folder / "unknown.toml"
        unknown_names_deck(unknown, UNKNOWN_NAMES)

        print(f"timing start-up ({runs} runs each) …", file=sys.stderr)
        start = medians(
            {
                "pass": (python + ["-c", "pass"], (0,)),
                "validate": (deckcli + ["validate", str(starter)], (0,)),
                "click": (python + ["-c", "import click"], (0,)),
            },
            runs,
            env,
        )
        one, bare, click = start["validate"], start["pass"], start["click"]
        figures.append(Figure(
            "one validate of a starter deck", f"{one * 1e3:.1f} ms", f"python -c pass {bare * 1e3:.1f} ms",
            one / bare, "≤ 2.0×", one / bare <= 2.0,
        ))
        figures.append(Figure(
            "  for scale: python -c 'import click'", f"{click * 1e3:.1f} ms", f"python -c pass {bare * 1e3:.1f} ms",
            click / bare, "-", True,
        ))

        print(f"timing 1,000 decks and 999 unknown names ({max(runs // 4, 3)} runs each) …", file=sys.stderr)
        batch = medians(
            {
                "one": (deckcli + ["validate", str(starter)], (0,)),
                "many": (deckcli + ["validate", *many], (0,)),
                "unknown": (deckcli + ["validate", str(unknown)], (1,)),
            },
            max(runs // 4, 3),
            env,
        )
        per_deck = (batch["many"] - batch["one"]) / (len(many) - 1)
        figures.append(Figure(
            "validate 1,000 deck files in one call", f"{batch['many']:.2f} s = {per_deck * 1e3:.2f} ms/deck",
            f"one deck {batch['one'] * 1e3:.1f} ms", batch["many"] / batch["one"], "≤ 1 ms/deck beyond one",
            per_deck <= 1e-3,
        ))
        per_name = (batch["unknown"] - batch["one"]) / UNKNOWN_NAMES
        figures.append(Figure(
            '999 unknown names, each with "did you mean"', f"{batch['unknown']:.2f} s = {per_name * 1e3:.2f} ms/name",
            f"one deck {batch['one'] * 1e3:.1f} ms", batch["unknown"] / batch["one"], "≤ 1 ms/name beyond one",
            per_name <= 1e-3,
        ))

        print("timing the odds computation …", file=sys.stderr)
        from deckcli.rules.judging import read_resolved_deck

        label, compute = odds_computation()
        notes.append(f"odds computation timed: {label}")
        deck = read_resolved_deck(starter)
        odds_time = best_seconds(lambda: compute(deck))
        read_time = best_seconds(lambda: read_resolved_deck(starter))
        figures.append(Figure(
            f"odds for a full deck ({len(deck.main)} distinct cards)", f"{odds_time * 1e3:.3f} ms",
            f"reading that deck {read_time * 1e3:.2f} ms", odds_time / read_time, "< 5 ms", odds_time < 5e-3,
        ))

        print("measuring peak memory …", file=sys.stderr)
        bare_peak = peak_rss(python + ["-c", "pass"], env)
        many_peak = peak_rss(deckcli + ["validate", *many], env)
        figures.append(Figure(
            "peak memory of the 1,000-deck run", f"{many_peak:.1f} MiB", f"python -c pass {bare_peak:.1f} MiB",
            many_peak / bare_peak, "< 64 MiB", many_peak < 64,
        ))
    return figures


def report(figures: list[Figure]) -> str:
    """The figures as a plain-text table."""
    rows = [("figure", "measured", "baseline (same run)", "ratio", "target", "verdict")]
    rows += [
        (f.name, f.measured, f.baseline, f"{f.ratio:.2f}×", f.target, "" if f.target == "-" else ("met" if f.met else "MISSED"))
        for f in figures
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs of each start-up command (default 21)")
    arguments = parser.parse_args()
    import deckcli

    print(f"deckcli {deckcli.__version__} benchmarks on {machine()}")
    print(f"measuring {find_deckcli()[0]}\n")
    notes: list[str] = []
    print(report(run(max(arguments.runs, 1), notes)))
    for note in notes:
        print(f"\n{note}", end="")
    print()


if __name__ == "__main__":
    main()
