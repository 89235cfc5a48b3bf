"""The docs' measured figures are their data files' (tools/figures.py, as tools/generate.py --check is for the
generated code): every marked figure is current, a changed figure or datum fails the check, no measured-looking
figure stands outside a marker, the README's count of tests is the suite's, and the package's ladder is the
ladder run the docs quote."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from helpers.repository import REPO
from helpers.session import COLLECTED


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("figures_tool", REPO / "tools" / "figures.py")
    assert spec is not None and spec.loader is not None, "tools/figures.py is missing (is tools/ in the sdist?)"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


figures = _tool()
TESTS_TOLERANCE = 0.02
"""How far the suite may grow or shrink from the README's measured count before the time is measured again
(docs/development.md, "The tests": two runs at one load differ in time by about as much)."""


def test_every_marked_figure_is_its_data_files():
    found = figures.stale()
    assert not found, "stale figures, run python tools/figures.py: " + "; ".join(
        f"{page.relative_to(REPO)}: {said}" for page, wanted in found
        for said in figures.differences(page.read_text("utf-8"), wanted))


def test_the_pages_quote_figures_from_every_data_file():
    quoted = set()
    for page in figures.pages():
        quoted |= {ref.split(".")[0] for ref in re.findall(r"<!-- figures?:([^ >]+) -->", page.read_text("utf-8"))}
    files = {path.stem for path in figures.RESULTS.glob("*.json")}
    assert files and files <= quoted, f"data files no page quotes: {sorted(files - quoted)}"


@pytest.fixture()
def checkout(tmp_path: Path) -> Path:
    """A copy of the pages and data files, to change without touching the clone."""
    shutil.copy(REPO / "README.md", tmp_path / "README.md")
    shutil.copytree(REPO / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("*.png"))
    shutil.copytree(figures.RESULTS, tmp_path / "benchmarks" / "results")
    return tmp_path


def test_a_page_whose_figure_was_edited_by_hand_fails(checkout: Path):
    page = checkout / "README.md"
    text = page.read_text("utf-8")
    marked = re.search(r"(<!-- figure:tests\.default\.tests -->)([^<]*)(<!-- /figure -->)", text)
    assert marked, "the README quotes no test count"
    typed = "1" + marked.group(2)  # a figure the data does not hold
    page.write_text(text.replace(marked.group(0), marked.group(1) + typed + marked.group(3)), "utf-8")
    found = figures.stale(checkout)
    assert [p.name for p, _ in found] == ["README.md"]
    assert found[0][1] == text


def test_a_figure_measured_again_makes_the_page_stale(checkout: Path):
    path = checkout / "benchmarks" / "results" / "tests.json"
    document = json.loads(path.read_text("utf-8"))
    document["runs"]["default"]["figures"]["tests"]["text"] = "9,999"
    path.write_text(json.dumps(document), "utf-8")
    found = figures.stale(checkout)
    assert "README.md" in [p.name for p, _ in found]
    readme = dict((p.name, wanted) for p, wanted in found)["README.md"]
    assert "<!-- figure:tests.default.tests -->9,999<!-- /figure -->" in readme


def test_a_block_follows_its_run(checkout: Path):
    path = checkout / "benchmarks" / "results" / "simulate.json"
    document = json.loads(path.read_text("utf-8"))
    document["runs"]["default"]["figures"]["mirror.monsters"]["text"] = "12.3% (4.5–6.7)"
    path.write_text(json.dumps(document), "utf-8")
    found = dict((p.name, wanted) for p, wanted in figures.stale(checkout))
    assert "| 12.3% (4.5–6.7) |" in found["benchmarks.md"]


def test_a_marker_naming_nothing_or_left_open_is_refused(checkout: Path):
    page = checkout / "docs" / "tune.md"
    text = page.read_text("utf-8")
    page.write_text(text + "\nA <!-- figure:tune.default.no-such-key -->1 s<!-- /figure --> figure.\n"
                    "And <!-- figure:tune.default.tune -->one left open.\n", "utf-8")
    with pytest.raises(figures.FigureError) as raised:
        figures.stale(checkout)
    said = str(raised.value)
    assert "docs/tune.md: line" in said and "no figure 'no-such-key'" in said
    assert "without its closing" in said


DATA: dict[str, dict[str, Any]] = {"b": {"runs": {
    "default": {"command": "python benchmarks/b.py", "date": "2026-12-07T09:00Z", "machine": "2 cores, X, Linux",
                "load": [0.5, 1.25], "code": "deckcli 0.1.0 at abc1234", "install": "pip install .",
                "seconds": 12,
                "columns": [["figure", "label"], ["measured", "text"], ["verdict", "verdict"]],
                "figures": {"rate.x": {"label": "x vs y", "text": "61.3% (56.4–65.9)", "value": 0.6125,
                                       "interval": [0.564, 0.659], "games": 400, "met": False},
                            "speed": {"label": "a | game", "text": "1.25 ms a game", "value": 1.2489},
                            "hidden": {"text": "7 s"}}},
    "old": {"carried_over": {"source": "docs as of 235c276, written in commit 70a12c8",
                             "measured": "the round of issue 13"}, "figures": {"x": {"text": "1.15×"}}}}}}


@pytest.mark.parametrize(("ref", "text"), [
    ("b.default.rate.x", "61.3% (56.4–65.9)"),
    ("b.default.rate.x|value:.0%", "61%"),
    ("b.default.rate.x|low:.1%", "56.4%"),
    ("b.default.rate.x|high:.3f", "0.659"),
    ("b.default.rate.x|games", "400"),
    ("b.default.speed|value:.2f", "1.25"),
    ("b.default@seconds", "12"),
    ("b.default@machine", "2 cores, X, Linux"),
    ("b.old.x", "1.15×"),
])
def test_a_reference_names_a_figure_its_field_and_format(ref: str, text: str):
    assert figures.resolve(DATA, ref) == text


@pytest.mark.parametrize(("ref", "said"), [
    ("c.default.x", "no data file"), ("b.quick.x", "no run 'quick'"), ("b.default.nothing", "no figure"),
    ("b.default.speed|games", "no field 'games'"), ("b.default.rate.x|text:.2f", "does not apply"),
    ("b.default@nothing", "no field"),
])
def test_a_reference_to_nothing_says_what_is_missing(ref: str, said: str):
    with pytest.raises(figures.FigureError, match=said):
        figures.resolve(DATA, ref)


def test_a_block_is_the_runs_header_and_table_and_fenced_markers_stay():
    text = ("x\n<!-- figures:b.default -->\nold\n<!-- /figures -->\n<!-- figures:b.old -->\n<!-- /figures -->\n"
            "```markdown\n<!-- figure:b.default.speed -->kept<!-- /figure -->\n```\n")
    written = figures.render(text, DATA)
    assert written == (
        "x\n<!-- figures:b.default -->\n"
        "Measured 2026-12-07 09:00 UTC by `python benchmarks/b.py`: 2 cores, X, Linux; load average 0.5 at the "
        "start, 1.25 at the end; deckcli 0.1.0 at abc1234, installed with `pip install .`.\n\n"
        "| figure | measured | verdict |\n|---|---|---|\n| x vs y | 61.3% (56.4–65.9) | MISSED |\n"
        "| a \\| game | 1.25 ms a game | - |\n<!-- /figures -->\n"
        "<!-- figures:b.old -->\nCarried over, not measured again: the round of issue 13 (docs as of 235c276, "
        "written in commit 70a12c8).\n\n<!-- /figures -->\n"
        "```markdown\n<!-- figure:b.default.speed -->kept<!-- /figure -->\n```\n")


def test_every_run_says_what_produced_it():
    for name, document in figures.load().items():
        assert document["runs"], name
        for run, record in document["runs"].items():
            where = f"benchmarks/results/{name}.json, run {run}"
            assert record["figures"], where
            carried = record.get("carried_over")
            if carried:
                assert carried["source"].startswith("docs as of ") and carried["measured"], where
            else:
                for field in ("command", "date", "machine", "load", "code", "install", "seconds"):
                    assert record.get(field) not in (None, "", []), f"{where}: no {field}"
            for key, found in record["figures"].items():
                assert isinstance(found.get("text"), str) and found["text"].strip(), f"{where}: figure {key}"


# --- no figure outside a marker ---------------------------------------------------------------------------

MEASURED = re.compile(r"(?<![\w.§/-])[+±-]?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|×|ms\b|s\b|µs\b|MiB\b|KiB\b|MB\b|kB\b"
                      r"|games/s\b|minutes?\b|seconds?\b)|\stests\b)")
"""A number with a unit a measurement is said in (per cent, times, seconds, bytes, games a second, tests)."""
TARGET = re.compile(r"(target[s:]?|at most|under|within|over|beyond|budget of|more than)\W*(\w+\W+){0,2}$")
"""Words before a number that make it a target or a limit, not a measurement."""
NOT_MEASURED = {
    "95%": "the level of an interval",
    "5%": "a chance of error allowed (Holm's correction; a family-wise level)",
    "1 MiB": "the input limit (docs/reliability.md)",
    "128 KiB": "the input limit of fmt (docs/reliability.md)",
    "2%": "the tolerance of the test count (this file's TESTS_TOLERANCE)",
    "53.1%": "an exact probability, worked out in the text",
    "54.2%": "an exact probability, worked out in the text",
    "100%": "the outcome of a proven endgame, not a measurement",
    "0%": "the outcome of a proven endgame, or a probability of 0",
    "60 s": "a limit of the code (a cluster's wait for its first worker, or after its last)",
    "10 s": "a limit of the code (a run's estimate, the cluster's answer, the lock's wait)",
    "1 s": "a limit of the code (the judging and loading budgets)",
    "0.3 s": "a limit of the code (SAMPLE_BUDGET of the estimate)",
    "100 ms": "a setting of a test campaign (the delays tried)",
    "16 ms": "a setting of a test campaign (the delays tried)",
    "2 s": "the target of issue 13 (benchmarks/hostile.py's TARGET_SECONDS)",
    "3 ×": "a table's notation of copies",
    "3×": "a matrix's size",
    "2s": "a formula",
}
"""Measured-looking texts that are not measurements, each with why."""


def unmarked(text: str) -> list[tuple[int, str]]:
    """The measured-looking figures of page ``text`` outside markers, fenced blocks and code spans: (line, text).
    A figure the words before it make a target or a limit (:data:`TARGET`, across a line break) is none."""
    blank = lambda match: re.sub(r"[^\n]", " ", match.group())  # noqa: E731  (keeps every offset and line)
    prose = figures.FENCE.sub(blank, text)
    prose = figures.BLOCK.sub(blank, prose)
    prose = figures.INLINE.sub(blank, prose)
    prose = re.sub(r"`[^`\n]*`", blank, prose)
    found = []
    for match in MEASURED.finditer(prose):
        before = " ".join(prose[max(0, match.start() - 80):match.start()].split()) + " "
        if match.group() not in NOT_MEASURED and not TARGET.search(before):
            found.append((prose.count("\n", 0, match.start()) + 1, match.group()))
    return found


def test_no_measured_figure_stands_outside_a_marker():
    found = [f"{page.relative_to(REPO)}:{line}: {text}" for page in figures.pages()
             for line, text in unmarked(page.read_text("utf-8"))]
    assert not found, ("figures outside a marker (write them as <!-- figure:FILE.RUN.KEY --> from a data file, "
                       "or say in NOT_MEASURED why one is no measurement): " + "; ".join(found))


def test_the_guard_sees_a_figure_typed_by_hand():
    assert unmarked("It took 95.5 s and won 61.3% (56.4–65.9).\n") == [(1, "95.5 s"), (1, "61.3%")]
    assert unmarked("target 75%; `--games 200 s`; <!-- figure:x.y.z -->1.2 s<!-- /figure -->\n") == []


# --- the README's test count ------------------------------------------------------------------------------

@pytest.mark.parametrize(("line", "outcomes", "seconds"), [
    ("2871 passed, 28 skipped, 2 warnings in 57.84s", {"passed": 2871, "skipped": 28}, 57.84),
    ("= 1 failed, 2857 passed, 40 skipped, 1 error in 61.02s (0:01:01) =",
     {"failed": 1, "passed": 2857, "skipped": 40, "error": 1}, 61.02),
    ("3 errors", {"error": 3}, None),
])
def test_pytests_last_line_is_read_as_tests_and_seconds(line: str, outcomes: dict[str, int], seconds: float | None):
    assert figures.summary(line) == (outcomes, seconds)


def test_the_readme_counts_the_tests_the_suite_collects(request: pytest.FixtureRequest):
    config = request.config
    tests_dir = (REPO / "tests").resolve()
    whole = all(Path(arg.split("::")[0]).resolve() in (tests_dir, REPO.resolve()) for arg in config.args)
    if not whole:
        pytest.skip("the README's count is of the whole suite: run pytest (or pytest tests) to compare it")
    if os.environ.get(figures.MEASURING):
        pytest.skip("python tools/figures.py --measure-tests is counting the tests: this run is the new count")
    measured = figures.load()["tests"]["runs"]["default"]["figures"]["tests"]["value"]
    collected = config.stash[COLLECTED]
    assert abs(collected - measured) <= TESTS_TOLERANCE * measured, (
        f"the suite collects {collected:,} tests, the README's time was measured on {measured:,}: more than "
        f"{TESTS_TOLERANCE:.0%} apart; measure again: python tools/figures.py --measure-tests")


# --- the package's ladder -----------------------------------------------------------------------------------

def test_the_packaged_ladder_is_the_ladder_run_the_docs_quote():
    from deckcli.game.bots.ladder import read_ladder

    ladder = read_ladder()
    run = figures.load()["ladder"]["runs"]["default"]
    assert ladder["measured"] == {field: run[field] for field in ("command", "date", "machine", "code")}
    ratings = {found.get("name", key[len("elo."):]): found for key, found in run["figures"].items()
               if key.startswith("elo.")}  # an entry's key is its name unless the name has spaces (the yardstick)
    assert {entry["name"]: entry["rating"] for entry in ladder["entries"]} == {
        name: int(found["text"].split()[0]) for name, found in ratings.items()}  # the value is rounded to 0.1
    pairs = {(found["bots"][0], found["bots"][1]): found for key, found in run["figures"].items()
             if key.startswith("pair.")}
    assert {(p["first"], p["second"]): (p["win_rate"], p["interval"], p["games"]) for p in ladder["pairs"]} == {
        bots: (found["value"], found["interval"], found["games"]) for bots, found in pairs.items()}
    spearman = figures.load()["bots"]["runs"]["default"]["figures"]["rank.spearman"]
    assert ladder["ranking"]["spearman"] == spearman["value"]
    assert ladder["ranking"]["bots"] == spearman["bots"]
