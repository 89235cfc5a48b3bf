"""deckcli's benchmarks: every figure is a ratio against its floor, measured in the same run.

Run from a clone after the README's install command (``pip install .`` in a venv):

    python benchmarks/run.py            # one to three minutes; --runs 7 for a quick look

It measures the ``deckcli`` installed beside this Python (the console script a
player runs), in child processes, with the standard library only. The figures
are those of issue 13, each against its floor:

1. ``deckcli validate`` of a starter deck, of an illegal deck (the starter
   under ``--rules advanced``: its findings worded), ``stats``, ``odds``,
   ``validate --rules all`` (of the starter deck, whose Advanced findings are
   worded, and of an Advanced deck legal under all) and ``tournament``,
   each against a minimal Click program reading the same TOML file (the floor
   of any Click program that reads a deck);
2. ``deckcli --help`` against ``python -c "import click"``;
3. 1,000 deck files in one ``validate`` against one deck in one call, per
   deck beyond the first (and that per-deck time against ``python -c pass``);
4. peak memory of ``validate`` over 10,000 deck files against one deck;

and two figures of earlier README targets: "did you mean" for a file of 999
unknown names, and the odds computation for a full deck.

Each start-up figure is the median of alternating runs after two warm-up runs
(the first writes the bytecode caches a player's second run would have), as
CPU time (user + system, from ``wait4``) and as wall-clock time. The machine
the README's runs come from has two cores shared by several people: a child's
wall-clock time includes waiting for a core, its CPU time does not, so the
verdicts go by CPU time and the wall-clock ratios are printed beside them.
The figures go to ``benchmarks/results/run.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no timings, this script only reports.
"""

from __future__ import annotations

import argparse
import json
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
BATCH = 1000
MEMORY_BATCH = 10000

FLOOR_APP = '''\
"""The floor of any Click program that reads a deck: parse the TOML file, say one line."""
import tomllib

import click


@click.command()
@click.argument("deck")
def main(deck: str) -> None:
    with open(deck, "rb") as handle:
        document = tomllib.load(handle)
    click.echo(f"{deck}: {len(document.get('cards', {}))} names")


main()
'''


@dataclass
class Figure:
    """One benchmark result: its key in the data file, what was measured, against what floor, the ratio (the CPU
    time's, or milliseconds for a per-deck or per-name figure) and its target."""

    key: str
    name: str
    measured: str
    floor: str
    ratio: float
    wall_ratio: float | None
    target: str
    met: bool | None


@dataclass
class Timing:
    """Medians of one command's runs, in seconds."""

    cpu: float
    wall: float


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
    """This environment, but with Python writing bytecode caches and buffering output as a player's would."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONUNBUFFERED", None)
    return env


def run_once(command: list[str], env: dict[str, str], expect: tuple[int, ...]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall-clock seconds of one run of ``command``, output discarded."""
    with open(os.devnull, "wb") as quiet:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=quiet, stderr=quiet, env=env)
        _pid, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in expect:
        sys.exit(f"benchmarks: {' '.join(command[:3])} … exited {code}, expected {expect}")
    return usage.ru_utime + usage.ru_stime, wall


def medians(commands: dict[str, tuple[list[str], tuple[int, ...]]], runs: int, env: dict[str, str]) -> dict[str, Timing]:
    """Median CPU and wall time of each command, running them in turn ``runs`` times after two warm-ups each."""
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    wall: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(2):
        for command, expect in commands.values():
            run_once(command, env, expect)
    for _ in range(runs):
        for name, (command, expect) in commands.items():
            spent, waited = run_once(command, env, expect)
            cpu[name].append(spent)
            wall[name].append(waited)
    return {name: Timing(statistics.median(cpu[name]), statistics.median(wall[name])) for name in commands}


# The launcher is a bare interpreter that reads the command from standard input: on Linux a
# child's peak memory counts what it shared with its parent before exec, so the parent must be
# smaller than what it measures, even with 10,000 file names to pass on.
_MEASURE_PEAK = """
import json, os, sys
command = json.loads(sys.stdin.read())
pid = os.fork()
if pid == 0:
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    os.execvp(command[0], command)
_pid, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def peak_rss(command: list[str], env: dict[str, str], runs: int = 3) -> float:
    """Median peak resident memory of ``runs`` runs of ``command``, in MiB (``wait4`` of that child alone)."""
    peaks = []
    for _ in range(runs):
        measured = subprocess.run(
            [sys.executable, "-S", "-c", _MEASURE_PEAK], input=json.dumps(command), capture_output=True, text=True,
            env=env, check=True,
        )
        peak, code = measured.stdout.split()
        if code != "0":
            sys.exit(f"benchmarks: {' '.join(command[:3])} … exited {code}")
        peaks.append(int(peak) / (1024 if sys.platform == "darwin" else 1) / 1024)  # bytes on macOS, KiB on Linux
    return statistics.median(peaks)


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
        path = folder / f"{number:05d}-{stem}"
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


def best_seconds(function: Callable[[], Any]) -> float:
    """Median seconds of one call, from repeated timeit batches."""
    timer = timeit.Timer(function)
    number, _ = timer.autorange()
    return statistics.median(timer.repeat(repeat=7, number=number)) / number


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def against(key: str, name: str, timing: Timing, floor_name: str, floor: Timing, target: float) -> Figure:
    """A start-up figure: ``timing`` against ``floor``, met when the CPU-time ratio is at most ``target``."""
    ratio = timing.cpu / floor.cpu
    return Figure(
        key, name, ms(timing.cpu), f"{floor_name} {ms(floor.cpu)}", ratio, timing.wall / floor.wall, f"≤ {target:.2f}×",
        ratio <= target,
    )


def run(runs: int, notes: list[str], extra: dict[str, dict[str, Any]]) -> list[Figure]:
    """Measure every figure; ``notes`` receives what the reader should know about them, ``extra`` the figures of
    those notes and the baseline, by key (:func:`record.figure`)."""
    from record import figure

    env = child_env()
    python = [sys.executable]
    deckcli = find_deckcli()
    from importlib import resources

    decks = resources.files("deckcli.decks")
    figures = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        starter = folder / "northern-realms-starter.toml"
        starter.write_text(decks.joinpath("northern-realms-starter.toml").read_text("utf-8"), encoding="utf-8")
        advanced = folder / "northern-realms-advanced.toml"
        advanced.write_text(decks.joinpath("northern-realms-advanced.toml").read_text("utf-8"), encoding="utf-8")
        registration = folder / "tournament-registration.toml"
        registration.write_text(decks.joinpath("tournament-registration.toml").read_text("utf-8"), encoding="utf-8")
        for deck in _registered(registration):
            (folder / deck).write_text(decks.joinpath(deck).read_text("utf-8"), encoding="utf-8")
        floor_app = folder / "floor_app.py"
        floor_app.write_text(FLOOR_APP, encoding="utf-8")
        (folder / "many").mkdir()
        many = deck_folder(folder / "many", MEMORY_BATCH)
        unknown = folder / "unknown.toml"
        unknown_names_deck(unknown, UNKNOWN_NAMES)

        print(f"timing start-up ({runs} runs each) …", file=sys.stderr)
        start = medians(
            {
                "pass": (python + ["-c", "pass"], (0,)),
                "click": (python + ["-c", "import click"], (0,)),
                "jsonschema": (python + ["-c", "import click, jsonschema"], (0,)),
                "floor": (python + [str(floor_app), str(starter)], (0,)),
                "validate": (deckcli + ["validate", str(starter)], (0,)),
                "illegal": (deckcli + ["validate", str(starter), "--rules", "advanced"], (1,)),
                "stats": (deckcli + ["stats", str(starter)], (0,)),
                "odds": (deckcli + ["odds", str(starter)], (0,)),
                "all": (deckcli + ["validate", str(starter), "--rules", "all"], (1,)),
                "all-legal": (deckcli + ["validate", str(advanced), "--rules", "all"], (0,)),
                "tournament": (deckcli + ["tournament", str(registration)], (0,)),
                "help": (deckcli + ["--help"], (0,)),
            },
            runs,
            env,
        )
        floor, bare = start["floor"], start["pass"]
        extra["pass"] = figure(ms(bare.cpu), bare.cpu * 1e3, "ms CPU (median)", runs=runs)
        floor_name = "Click app reading the TOML"
        figures.append(against("legal", "validate, a legal starter deck", start["validate"], floor_name, floor, 1.25))
        figures.append(against("illegal", "validate, an illegal deck (findings worded)", start["illegal"], floor_name, floor, 1.6))
        figures.append(against("stats", "stats", start["stats"], floor_name, floor, 1.5))
        figures.append(against("odds", "odds", start["odds"], floor_name, floor, 1.5))
        figures.append(against("all", "validate --rules all (Advanced findings worded)", start["all"], floor_name, floor, 1.5))
        figures.append(against("all-legal", "validate --rules all, a deck legal under all", start["all-legal"], floor_name, floor, 1.5))
        figures.append(against("tournament", "tournament (the example registration)", start["tournament"], floor_name, floor, 1.5))
        figures.append(against("help", "--help", start["help"], 'python -c "import click"', start["click"], 1.15))
        for key, label, timing in (("click", 'for scale: python -c "import click"', start["click"]),
                                   ("floor", "for scale: the floor app", floor)):
            figures.append(Figure(
                key, label, ms(timing.cpu), f"python -c pass {ms(bare.cpu)}",
                timing.cpu / bare.cpu, timing.wall / bare.wall, "-", None,
            ))
        worded = start["jsonschema"]  # what wording a finding costs before deckcli does anything
        for key, name in (("illegal", "illegal"), ("all", "all")):
            own = (start[name].cpu - worded.cpu) * 1e3
            extra[f"{key}-over-jsonschema"] = figure(f"{own:.1f} ms", own, "ms CPU over python -c \"import click, "
                                                     "jsonschema\"")
        figures.append(Figure(
            "jsonschema", 'for scale: python -c "import click, jsonschema"', ms(worded.cpu), f"{floor_name} {ms(floor.cpu)}",
            worded.cpu / floor.cpu, worded.wall / floor.wall, "-", None,
        ))

        batch_runs = max(runs // 4, 3)
        print(f"timing {BATCH:,} decks and {UNKNOWN_NAMES} unknown names ({batch_runs} runs each) …", file=sys.stderr)
        batch = medians(
            {
                "pass": (python + ["-c", "pass"], (0,)),
                "one": (deckcli + ["validate", str(starter)], (0,)),
                "many": (deckcli + ["validate", *many[:BATCH]], (0,)),
                "unknown": (deckcli + ["validate", str(unknown)], (1,)),
            },
            batch_runs,
            env,
        )
        one, bare = batch["one"], batch["pass"]
        per_deck = (batch["many"].cpu - one.cpu) / (BATCH - 1)
        per_deck_wall = (batch["many"].wall - one.wall) / (BATCH - 1)
        figures.append(Figure(
            "batch", f"{BATCH:,} decks in one validate, per deck beyond one",
            f"{batch['many'].cpu:.2f} s",
            f"one deck in one call {ms(one.cpu)}", per_deck * 1e3, per_deck_wall * 1e3,
            "≤ 1 ms/deck", per_deck <= 1e-3,
        ))
        figures.append(Figure(
            "batch-per-pass", "  that per-deck time against python -c pass",
            f"{per_deck * 1e3:.3f} ms/deck", f"python -c pass {ms(bare.cpu)}",
            per_deck / bare.cpu, per_deck_wall / bare.wall, "≤ 0.05×", per_deck / bare.cpu <= 0.05,
        ))
        per_name = (batch["unknown"].cpu - one.cpu) / UNKNOWN_NAMES
        figures.append(Figure(
            "did-you-mean", f'{UNKNOWN_NAMES} unknown names, "did you mean" (earlier), per name',
            f"{batch['unknown'].cpu:.2f} s", f"one deck in one call {ms(one.cpu)}",
            per_name * 1e3, (batch["unknown"].wall - one.wall) / UNKNOWN_NAMES * 1e3, "≤ 1 ms/name", per_name <= 1e-3,
        ))

        print("timing the odds computation …", file=sys.stderr)
        from deckcli.analysis.odds import draw_odds
        from deckcli.rules.judging import read_resolved_deck

        deck = read_resolved_deck(str(starter))
        odds_time = best_seconds(lambda: draw_odds(deck))
        read_time = best_seconds(lambda: read_resolved_deck(str(starter)))
        figures.append(Figure(
            "odds-computation", f"odds computation, {len(deck.main)} distinct cards (earlier)", f"{odds_time * 1e3:.3f} ms",
            f"reading that deck {read_time * 1e3:.2f} ms", odds_time / read_time, None, "< 5 ms", odds_time < 5e-3,
        ))

        print(f"measuring peak memory ({MEMORY_BATCH:,} decks) …", file=sys.stderr)
        one_peak = peak_rss(deckcli + ["validate", many[0]], env)
        many_peak = peak_rss(deckcli + ["validate", *many], env)
        figures.append(Figure(
            "memory", f"peak memory, {MEMORY_BATCH:,} decks in one validate", f"{many_peak:.1f} MiB",
            f"one deck {one_peak:.1f} MiB", many_peak / one_peak, None, "≤ 1.20×", many_peak / one_peak <= 1.2,
        ))
        click_one = peak_rss(python + ["-c", "import click", many[0]], env)
        click_many = peak_rss(python + ["-c", "import click", *many], env)
        figures.append(Figure(
            "memory-click", f"  for scale: python -c 'import click', same {MEMORY_BATCH:,} args",
            f"{click_many:.1f} MiB", f"given one name {click_one:.1f} MiB", click_many / click_one, None, "-", None,
        ))
        arguments, own = click_many - click_one, (many_peak - one_peak) - (click_many - click_one)
        extra["memory-arguments"] = figure(f"{arguments:.1f} MiB", arguments, "MiB")
        extra["memory-own"] = figure(f"{own:+.1f} MiB", own, "MiB")
        notes.append(
            f"Peak memory: the interpreter alone holds {MEMORY_BATCH:,} command-line arguments in "
            f"{arguments:.1f} MiB more; deckcli's own growth over it is {own:+.1f} MiB."
        )
    return figures


def _registered(registration: Path) -> list[str]:
    import tomllib

    return list(tomllib.loads(registration.read_text("utf-8"))["decks"])


COLUMNS = [("figure", "label"), ("measured", "measured"), ("floor, same run", "floor"), ("ratio", "text"),
           ("wall", "wall"), ("target", "target"), ("verdict", "verdict")]
"""The data file's table: a header and the field of each figure under it (:mod:`record`)."""


def recorded(found: Figure) -> dict[str, Any]:
    """``found`` as a figure of the data file: its ratio as ``text`` (milliseconds a deck or a name for a per-deck
    figure), what it measured, its floor, the wall-clock ratio, the target and the verdict."""
    from record import figure

    per_deck = found.target.startswith("≤ 1 ms/")
    ratio = f"{found.ratio:.3f} ms" if per_deck else f"{found.ratio:.2f}×"
    wall = None if found.wall_ratio is None else (
        f"{found.wall_ratio:.3f} ms" if per_deck else f"{found.wall_ratio:.2f}×")
    return figure(ratio, found.ratio, "ms" if per_deck else "× the floor (CPU)", label=found.name,
                  measured=found.measured, floor=found.floor, wall=wall, target=found.target, met=found.met)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="timed runs of each start-up command (default 21)")
    from record import Run, add_options, table_lines

    add_options(parser)
    arguments = parser.parse_args()
    import deckcli

    record = Run("run", arguments)
    print(f"deckcli {deckcli.__version__} benchmarks on {machine()}")
    print(f"measuring {find_deckcli()[0]}; verdicts by CPU time (user + system), wall-clock ratios beside them\n")
    notes: list[str] = []
    extra: dict[str, dict[str, Any]] = {}
    for found in run(max(arguments.runs, 1), notes, extra):
        record.add(found.key, recorded(found))
    for key, value in extra.items():
        record.add(key, value)
    print("\n".join(table_lines(record.figures, COLUMNS)))
    for note in notes:
        print(f"\n{note}", end="")
    print()
    record.write(COLUMNS)


if __name__ == "__main__":
    main()
