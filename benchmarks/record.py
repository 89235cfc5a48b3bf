"""Where a benchmark's figures go: ``benchmarks/results/<benchmark>.json``, one file per benchmark.

A file holds the benchmark's runs by name (``default`` for a run with the default options, ``quick`` with
``--quick``, or the ``--record NAME`` it was given), each a run record (:func:`run_record`)::

    {"benchmark": "simulate",
     "runs": {"default": {"command": "python benchmarks/simulate.py", "date": "2026-12-07T08:10Z",
                          "machine": "2 cores, AMD EPYC, Python 3.11.7, Linux", "load": [0.1, 1.9], "seconds": 540,
                          "code": "deckcli 0.1.0 at 235c276", "install": "pip install .",
                          "columns": [["figure", "label"], ["measured", "text"], ["verdict", "verdict"]],
                          "figures": {"mirror.monsters": {"label": "heuristic vs random, Monsters starter mirror",
                                                          "text": "96.6% (95.3–97.6)", "value": 0.966,
                                                          "unit": "fraction of games", "interval": [0.953, 0.976],
                                                          "games": 1000, "seed": 1, "bots": ["heuristic", "random"],
                                                          "target": 0.8, "met": true}, ...}}}}

``load`` is the load average over a minute at the start and at the end, ``seconds`` the run's wall-clock time.
A figure is ``text`` (how the table and the docs say it) and whatever produced it: ``value`` in ``unit``, its
95% ``interval``, ``games``, ``seed``, ``bots``, ``target`` and ``met``. A figure with a ``label`` is a row of the
run's table, in order, its cells the fields ``columns`` names (``verdict``: ``met``, ``MISSED`` or ``-`` from
``met``); one without is said in the docs' prose only. ``verdicts`` counts the figures with a target: how
many met it (``"10 of 13"``). A run carried over from the docs rather
than measured has ``carried_over`` (where the docs said it, and when it was measured) instead of a command's
machine and date. ``python tools/figures.py`` writes the docs' marked figures from these files and ``--check``
compares them (docs/development.md, "The figures").

Writing a run replaces the run of that name only: the file's other runs stay.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
RESULTS = HERE / "results"
"""The folder of the benchmarks' data files."""
COLUMNS = [("figure", "label"), ("measured", "text"), ("verdict", "verdict")]
"""A run's table unless its benchmark says otherwise: (header, figure field) for each column."""


def figure(text: str, value: float | int | None = None, unit: str | None = None, *,
           interval: tuple[float, float] | None = None, **produced: Any) -> dict[str, Any]:
    """One figure: its ``text``, and (when given) its ``value`` in ``unit``, its 95% ``interval`` (in ``unit``)
    and what produced it (``games``, ``seed``, ``bots``, ``target``, ``met``, ...: JSON values; ``None`` left
    out)."""
    found: dict[str, Any] = {"label": produced.pop("label")} if produced.get("label") is not None else {}
    found["text"] = text
    if value is not None:
        found["value"] = round(value, 6) if isinstance(value, float) else value
    if unit is not None:
        found["unit"] = unit
    if interval is not None:
        found["interval"] = [round(interval[0], 6), round(interval[1], 6)]
    found.update({key: item for key, item in produced.items() if item is not None})
    return found


def rate_figure(points: int, games: int, **produced: Any) -> dict[str, Any]:
    """A win rate: ``points`` (2 a win, 1 a draw) over ``games``, as ``simulate`` says it (``48.6% (45.5–51.7)``),
    its value a fraction 0–1 with its 95% Wilson interval."""
    from deckcli.game.simulation.report import rate_text, wilson

    low, high = wilson(points, games) or (0.0, 1.0)
    return figure(rate_text(points, games), points / (2 * games) if games else 0.0, "fraction of games",
                  interval=(low, high), games=games, **produced)


def verdict(met: bool | None) -> str:
    """``met``, ``MISSED``, or ``-`` for a figure without a target (one shown for scale)."""
    return "-" if met is None else "met" if met else "MISSED"


def cell(found: dict[str, Any], field: str) -> str:
    """Figure ``found``'s cell under ``field`` of a table (``verdict`` from ``met``; empty when it has none)."""
    if field == "verdict":
        return verdict(found.get("met"))
    value = found.get(field)
    return "" if value is None else str(value)


def table_lines(figures: dict[str, dict[str, Any]], columns: list[tuple[str, str]] | None = None) -> list[str]:
    """The labelled figures as a plain-text table, a row each in order under ``columns`` (default
    :data:`COLUMNS`), as a benchmark prints it."""
    columns = columns or COLUMNS
    rows = [[header for header, _ in columns]]
    rows += [[cell(found, field) for _, field in columns] for found in figures.values() if "label" in found]
    widths = [max(len(row[i]) for row in rows) for i in range(len(columns))]
    lines = ["  ".join(text.ljust(width) for text, width in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return lines


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--record NAME`` and ``--no-record``, the same in every benchmark."""
    parser.add_argument("--record", metavar="NAME", help="the run's name in benchmarks/results/ (default: default, or "
                        "quick with --quick); give a run with other options than the defaults a name of its own")
    parser.add_argument("--no-record", action="store_true", help="print the figures only; write no data file")


def run_name(options: argparse.Namespace) -> str:
    """The name :func:`add_options`' options give the run."""
    return options.record or ("quick" if getattr(options, "quick", False) else "default")


def code() -> str:
    """``deckcli 0.1.0 at 235c276``, and ``, with uncommitted changes to deckcli/x.py`` naming the package's modules
    that differ from that commit in the checkout: what was measured (install from the checkout before measuring).
    The package's data files (the ladder the benchmarks write) are not code and are not named."""
    import deckcli

    def git(*args: str) -> str:
        found = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True, check=False)
        return found.stdout.rstrip("\n") if found.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD").strip() or "an unknown commit"
    changed = git("status", "--porcelain", "--", ":(glob)deckcli/**/*.py").splitlines()
    named = ", ".join(line[3:] for line in changed)
    return f"deckcli {deckcli.__version__} at {commit}" + (f", with uncommitted changes to {named}" if named else "")


def install() -> str:
    """How the measured deckcli is installed: ``pip install .`` (a copy in site-packages) or ``pip install -e .``."""
    import deckcli

    return "pip install -e ." if Path(deckcli.__file__).resolve().is_relative_to(REPO) else "pip install ."


def load() -> float:
    """The load average over the last minute (0.0 where the system does not say)."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return 0.0


class Run:
    """One run being measured: made before the first figure (the machine's load then), written after the last."""

    def __init__(self, benchmark: str, options: argparse.Namespace) -> None:
        from run import machine

        self.benchmark = benchmark
        self.name = run_name(options)
        self.write_it = not options.no_record
        self.record: dict[str, Any] = {
            "command": " ".join(["python", f"benchmarks/{Path(sys.argv[0]).name}", *sys.argv[1:]]),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ"),
            "machine": machine(), "load": [load()], "code": code(), "install": install(),
        }
        self.figures: dict[str, dict[str, Any]] = {}
        self.started = time.perf_counter()

    def add(self, key: str, found: dict[str, Any]) -> dict[str, Any]:
        """Keep figure ``found`` under ``key`` (unique in the run); returns it."""
        if key in self.figures:
            raise ValueError(f"figure {key!r} twice in one run")
        self.figures[key] = found
        return found

    def write(self, columns: list[tuple[str, str]] | None = None, path: Path | None = None) -> Path | None:
        """Write the run into its data file (``path``: another file than ``benchmarks/results/<benchmark>.json``),
        its table's ``columns`` as (header, figure field) pairs (default :data:`COLUMNS`); returns the file,
        ``None`` under ``--no-record``."""
        if not self.write_it:
            return None
        self.record["load"].append(load())
        self.record["seconds"] = round(time.perf_counter() - self.started)
        judged = [found["met"] for found in self.figures.values() if found.get("met") is not None]
        if judged and "verdicts" not in self.figures:
            self.add("verdicts", figure(f"{sum(judged)} of {len(judged)}", sum(judged), "targets met",
                                        of=len(judged), missed=len(judged) - sum(judged)))
        self.record["columns"] = [list(column) for column in columns or COLUMNS]
        self.record["figures"] = self.figures
        target = path or RESULTS / f"{self.benchmark}.json"
        write_run(target, self.benchmark, self.name, self.record)
        print(f"recorded run {self.name!r} in {target.relative_to(REPO)}", file=sys.stderr)
        return target


def write_run(path: Path, benchmark: str, name: str, record: dict[str, Any]) -> None:
    """Replace run ``name`` of the data file at ``path`` (made when missing) with ``record``."""
    document: dict[str, Any] = {"benchmark": benchmark, "runs": {}}
    if path.exists():
        document = json.loads(path.read_text("utf-8"))
    document["runs"][name] = record
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file beside it and a rename: a reader sees the old file
    or the new one, never half of one."""
    import tempfile

    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
