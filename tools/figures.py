"""Write the docs' measured figures from the benchmarks' data files, or check that they are current.

    python tools/figures.py                  # rewrite every marked figure of README.md and docs/*.md
    python tools/figures.py --check          # write nothing; exit 1 when a page differs from the data
    python tools/figures.py --measure-tests  # time the README's test command in a fresh clone and venv
                                             # (benchmarks/results/tests.json), then rewrite the pages

The data files are ``benchmarks/results/NAME.json``, one per benchmark (``benchmarks/record.py`` says their shape:
runs by name, each with its figures by key). A page marks each figure it quotes, and the text between the markers
is the data's:

    <!-- figure:simulate.default.mirror.monsters -->96.6% (95.3–97.6)<!-- /figure -->
    <!-- figure:simulate.default.speed|value:.2f --> ms: a field of the figure, with a format spec
    <!-- figure:simulate.default@date -->: a field of the run (command, date, machine, code, install)
    <!-- figure:simulate.default@took -->: how long the run took (``540 s``; ``not timed`` when not recorded)
    <!-- figures:simulate.default -->           the run's header line and table, on lines of their own
    <!-- /figures -->

A reference is ``NAME.RUN.KEY`` (the file, the run, the figure's key, which may hold dots), then ``|FIELD``
(``text`` by default; ``low`` and ``high`` are the interval's ends) and ``:FORMAT``, a Python format
specification for a number. Markers inside fenced code blocks are examples, left as they are. The tests run
``--check`` (tests/project/test_doc_figures.py), as CI does (.ci/run). It works on the checkout it sits in, whatever
deckcli is installed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "benchmarks"))

import record  # noqa: E402  (the benchmarks' data files: their shape, a table's cells, a run's record)

RESULTS = record.RESULTS
INLINE = re.compile(r"<!-- figure:(?P<ref>[^ >]+) -->(?P<body>[^\n]*?)<!-- /figure -->")
"""An inline figure: its reference, and its text, on one line."""
BLOCK = re.compile(r"^<!-- figures:(?P<ref>[^ >]+) -->\n(?P<body>.*?)^<!-- /figures -->$", re.MULTILINE | re.DOTALL)
"""A run's table: its reference, and the lines between the markers."""
OPENING = re.compile(r"<!-- (?P<kind>figures?):")
FENCE = re.compile(r"(^```.*?^```[^\n]*$)", re.MULTILINE | re.DOTALL)
"""A fenced code block, whose markers are examples: never written."""


class FigureError(ValueError):
    """A marker that names no figure, a format that does not apply, or a marker left open."""


def pages(root: Path = REPO) -> list[Path]:
    """README.md and every ``docs/*.md`` of the checkout at ``root``, in name order."""
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def load(results: Path = RESULTS) -> dict[str, dict[str, Any]]:
    """Every data file of the folder ``results``, by name (its file name less ``.json``)."""
    return {path.stem: json.loads(path.read_text("utf-8")) for path in sorted(results.glob("*.json"))}


def run_of(data: dict[str, dict[str, Any]], name: str, run: str) -> dict[str, Any]:
    """Run ``run`` of data file ``name`` (FigureError when there is none)."""
    if name not in data:
        raise FigureError(f"no data file benchmarks/results/{name}.json")
    runs = data[name]["runs"]
    if run not in runs:
        raise FigureError(f"benchmarks/results/{name}.json has no run {run!r} (it has {', '.join(runs)})")
    found: dict[str, Any] = runs[run]
    return found


def resolve(data: dict[str, dict[str, Any]], ref: str) -> str:
    """The text of inline reference ``ref`` (module docstring) in ``data``; FigureError when it names nothing."""
    field, spec = "text", ""
    if "|" in ref:
        ref, _, field = ref.partition("|")
        field, _, spec = field.partition(":")
    elif "@" in ref:
        where, _, run_field = ref.partition("@")
        run_field, _, spec = run_field.partition(":")
        name, _, run = where.partition(".")
        found_run = run_of(data, name, run)
        if run_field == "took":
            return took(found_run)
        if run_field not in found_run:
            raise FigureError(f"run {where} has no field {run_field!r}")
        return _formatted(found_run[run_field], spec, ref)
    name, _, rest = ref.partition(".")
    run, _, key = rest.partition(".")
    figures = run_of(data, name, run).get("figures", {})
    if key not in figures:
        raise FigureError(f"run {name}.{run} has no figure {key!r}")
    found = figures[key]
    if field in ("low", "high") and "interval" in found:
        value = found["interval"][0 if field == "low" else 1]
    elif field in found:
        value = found[field]
    else:
        raise FigureError(f"figure {name}.{run}.{key} has no field {field!r}")
    return _formatted(value, spec, ref)


def took(run: dict[str, Any]) -> str:
    """How long ``run`` took as a table says it: ``540 s``, ``12 minutes``, or ``not timed`` for a run carried over
    from the docs that never said its time."""
    seconds = run.get("seconds")
    if seconds is None:
        return "not timed (carried over)" if run.get("carried_over") else "not timed"
    return f"{seconds / 60:.0f} minutes" if seconds >= 600 else f"{seconds:,} s"


def _formatted(value: Any, spec: str, ref: str) -> str:
    if not spec:
        return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
    try:
        return format(value, spec)
    except (TypeError, ValueError) as error:
        raise FigureError(f"{ref}: format {spec!r} does not apply to {value!r}: {error}") from None


def header(run: dict[str, Any]) -> str:
    """The line above a run's table: what ran, where and when, or where a carried-over run was said first."""
    carried = run.get("carried_over")
    if carried:
        said = f"Carried over, not measured again: {carried['measured']} ({carried['source']})."
        return said + (f" Command: `{run['command']}`." if run.get("command") else "")
    load = run.get("load", [])
    spread = f"load average {load[0]:g} at the start, {load[-1]:g} at the end" if load else "load not recorded"
    return (f"Measured {run['date'].replace('T', ' ')[:-1]} UTC by `{run['command']}`: {run['machine']}; "
            f"{spread}; {run['code']}, installed with `{run['install']}`.")


def table(run: dict[str, Any]) -> list[str]:
    """A run's labelled figures as a Markdown table under its ``columns`` (empty when it has none)."""
    columns = run.get("columns") or record.COLUMNS
    rows = [found for found in run.get("figures", {}).values() if "label" in found]
    if not rows:
        return []

    def cell(found: dict[str, Any], field: str) -> str:
        return record.cell(found, field).strip().replace("|", "\\|")

    lines = ["| " + " | ".join(head for head, _ in columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(cell(found, field) for _, field in columns) + " |" for found in rows]
    return lines


def block(data: dict[str, dict[str, Any]], ref: str) -> str:
    """The lines between a ``figures:NAME.RUN`` block's markers: the run's header, a blank line, its table."""
    name, _, run = ref.partition(".")
    found = run_of(data, name, run)
    return "\n".join([header(found), "", *table(found)]) + "\n"


def render(text: str, data: dict[str, dict[str, Any]]) -> str:
    """``text`` with every marked figure and block written from ``data`` (fenced code blocks left as they are: their
    markers are examples); FigureError naming the line of every marker that names nothing, and of every one left
    open."""
    errors: list[str] = []
    written = []
    line = 1  # the line the part being written starts on
    for index, part in enumerate(FENCE.split(text)):  # odd parts are the fenced code blocks
        if not index % 2:
            part = _written_part(part, data, line, errors)
        written.append(part)
        line += part.count("\n")
    if errors:
        raise FigureError("; ".join(sorted(set(errors), key=lambda said: int(said.split(":")[0][5:]))))
    return "".join(written)


def _written_part(part: str, data: dict[str, dict[str, Any]], first: int, errors: list[str]) -> str:
    """One part of a page between its fenced blocks, starting on line ``first``, written as :func:`render` says;
    each error is appended to ``errors`` with its line. Inline figures go first: they never add or remove a line,
    so the blocks' lines are still the page's."""

    def where(match: re.Match[str]) -> str:
        return f"line {first + match.string.count(chr(10), 0, match.start())}"

    def one_figure(match: re.Match[str]) -> str:
        try:
            return f"<!-- figure:{match['ref']} -->{resolve(data, match['ref'])}<!-- /figure -->"
        except FigureError as error:
            errors.append(f"{where(match)}: {error}")
            return match.group(0)

    def one_block(match: re.Match[str]) -> str:
        try:
            return f"<!-- figures:{match['ref']} -->\n{block(data, match['ref'])}<!-- /figures -->"
        except FigureError as error:
            errors.append(f"{where(match)}: {error}")
            return match.group(0)

    closed = {m.start() for m in BLOCK.finditer(part)} | {m.start() for m in INLINE.finditer(part)}
    for opened in OPENING.finditer(part):
        if opened.start() not in closed:
            errors.append(f"{where(opened)}: a {opened['kind']} marker without its closing <!-- /{opened['kind']} "
                          "--> (an inline figure stays on one line)")
    return BLOCK.sub(one_block, INLINE.sub(one_figure, part))


def stale(root: Path = REPO, results: Path | None = None) -> list[tuple[Path, str]]:
    """The pages of the checkout at ``root`` whose figures differ from the data in ``results`` (default: the
    checkout's ``benchmarks/results``), each with the page as it should be. FigureError (naming the page and line)
    when a marker names nothing."""
    data = load(results or root / "benchmarks" / "results")
    found, errors = [], []
    for page in pages(root):
        text = page.read_text("utf-8")
        try:
            wanted = render(text, data)
        except FigureError as error:
            errors += [f"{page.relative_to(root)}: {said}" for said in str(error).split("; ")]
            continue
        if wanted != text:
            found.append((page, wanted))
    if errors:
        raise FigureError("\n".join(errors))
    return found


def differences(text: str, wanted: str) -> list[str]:
    """``line N: was … now …`` for each line of ``text`` that ``wanted`` changes (pages keep their line count
    unless a table grows; then the first differing line)."""
    old, new = text.splitlines(), wanted.splitlines()
    said = [f"line {n}: {_shown(a)} -> {_shown(b)}" for n, (a, b) in enumerate(zip(old, new), 1) if a != b]
    return said[:5] if len(old) == len(new) else said[:1] or [f"{len(old)} lines -> {len(new)}"]


def _shown(line: str) -> str:
    """A page's line as a message shows it: its figures' texts only, where it has markers, else its first words."""
    texts = [match["body"] for match in INLINE.finditer(line)]
    return repr("; ".join(texts) if texts else line.strip()[:60])


# the test command measured ----------------------------------------------------------------------------------------

MEASURING = "DECKCLI_MEASURING_TESTS"
"""Set in the environment of the measured run: the test that compares the README's count with the suite's is
skipped there (the run measures the new count; its old one may be out of the tolerance)."""
SUMMARY = re.compile(r"(\d+) (passed|failed|skipped|xfailed|xpassed|errors?)")
PYTEST_SECONDS = re.compile(r" in ([\d.]+)s")


def measure_tests(root: Path = REPO) -> dict[str, Any]:
    """Run the README's test command (``pip install '.[test]' && pytest``) in a fresh clone of the committed
    checkout at ``root`` and a fresh venv, and return its run record (``benchmarks/record.py``'s shape): the tests
    collected (every outcome counted), passed and skipped, pytest's own seconds, the wall-clock and CPU seconds
    (user + system, pytest and its workers, from ``wait4``), the load average before and after, the machine and
    the commit. Raises RuntimeError when a command fails."""
    from run import machine  # the benchmarks' own helper

    began = time.perf_counter()
    # a short folder: a clone's path is printed by the tests' commands (`score` prints its board's path on one line)
    with tempfile.TemporaryDirectory(prefix="dm-") as folder:
        clone, venv = Path(folder) / "deckcli", Path(folder) / "venv"
        _checked(["git", "clone", "--quiet", "--no-hardlinks", str(root), str(clone)])
        commit = _checked(["git", "-C", str(clone), "rev-parse", "--short", "HEAD"]).strip()
        _checked([sys.executable, "-m", "venv", str(venv)])
        env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHONPATH", "PYTEST_ADDOPTS", "DECKCLI_TEST_DEPTH", "CI", "DECKCLI_PACKAGING_TESTS")}
        env.update(VIRTUAL_ENV=str(venv), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")
        env[MEASURING] = "1"
        _checked([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], env=env)
        _checked(["pip", "install", "--quiet", ".[test]"], cwd=clone, env=env)
        print(f"measuring pytest in {clone} …", file=sys.stderr)
        before = record.load()
        log = Path(folder) / "pytest.out"
        with log.open("w", encoding="utf-8") as out:
            start = time.perf_counter()
            child = subprocess.Popen(["pytest"], cwd=clone, env=env, stdout=out, stderr=subprocess.STDOUT)
            _pid, status, usage = os.wait4(child.pid, 0)  # pytest's CPU and that of the workers it reaped
            wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        after = record.load()
        output = log.read_text("utf-8", errors="replace")
    if child.returncode != 0:
        failures = output.find("= FAILURES =")
        said = output[failures:failures + 6000] + "\n…\n" if failures >= 0 else ""
        raise RuntimeError(f"pytest exited {child.returncode}:\n{said}{output[-3000:]}")
    outcomes, seconds = summary(output.strip().splitlines()[-1])
    collected = sum(outcomes.values())
    user, system = usage.ru_utime, usage.ru_stime
    cpu = user + system

    def figure(text: str, value: float | int, unit: str, **more: Any) -> dict[str, Any]:
        return {"text": text, "value": value, "unit": unit, **more}

    return {
        "command": "pip install '.[test]' && pytest (python tools/figures.py --measure-tests)",
        "date": record.datetime.datetime.now(record.datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ"),
        "machine": machine(), "load": [before, after], "code": f"deckcli at {commit}, a fresh clone",
        "install": "pip install '.[test]'", "seconds": round(time.perf_counter() - began),
        "columns": [["figure", "label"], ["measured", "text"]],
        "figures": {
            "tests": figure(f"{collected:,}", collected, "tests collected", label="tests collected", **outcomes),
            "passed": figure(f"{outcomes.get('passed', 0):,}", outcomes.get("passed", 0), "tests"),
            "skipped": figure(f"{outcomes.get('skipped', 0):,}", outcomes.get("skipped", 0), "tests"),
            "pytest": figure(f"{seconds:.1f} s" if seconds else "-", seconds or 0.0, "s (pytest's count)",
                             label="pytest's own time"),
            "wall": figure(f"{wall:.0f} s", round(wall, 1), "s wall", label="wall-clock time of the process"),
            "cpu": figure(f"{cpu:.0f} s", round(cpu, 1), "s CPU (user + system)", user=round(user, 1),
                          system=round(system, 1), label="CPU time, pytest and its workers"),
            "load": figure(f"{before:g} to {after:g}", after, "load average", label="load average, start to end"),
        },
    }


def summary(line: str) -> tuple[dict[str, int], float | None]:
    """pytest's last line (``2871 passed, 28 skipped, 2 warnings in 57.84s``) as the count of each outcome
    (``passed``, ``failed``, ``skipped``, ``xfailed``, ``xpassed``, ``error``; warnings are no tests) and pytest's
    seconds (``None`` when the line has none)."""
    outcomes = {("error" if kind.startswith("error") else kind): int(count) for count, kind in SUMMARY.findall(line)}
    found = PYTEST_SECONDS.search(line)
    return outcomes, float(found.group(1)) if found else None


def _checked(command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}:\n{done.stderr[-2000:]}")
    return done.stdout


def say(message: str) -> None:
    """``message`` on standard error, each of its lines wrapped to 80 columns (continued lines indented)."""
    import textwrap

    for line in message.splitlines():
        print(textwrap.fill(line, 80, subsequent_indent="    ", break_on_hyphens=False), file=sys.stderr)


def main(argv: list[str]) -> int:
    if "--measure-tests" in argv:
        try:
            measured = measure_tests()
        except RuntimeError as error:
            say(f"figures: {error}")
            return 1
        record.write_run(RESULTS / "tests.json", "tests", "default", measured)
        say(f"recorded run 'default' in {(RESULTS / 'tests.json').relative_to(REPO)}")
    try:
        found = stale()
    except FigureError as error:
        say(f"figures: {error}")
        return 2
    for page, wanted in found:
        name = page.relative_to(REPO)
        if "--check" in argv:
            for said in differences(page.read_text("utf-8"), wanted):
                say(f"{name}: stale figure, {said}")
        else:
            record.write_atomically(page, wanted)
            print(f"wrote {name}")
    if "--check" in argv and found:
        say("figures: run python tools/figures.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
