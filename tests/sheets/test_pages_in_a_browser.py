"""The sheets in a real browser and on paper: every starter deck's sheet and the registration sheet.

At 360 px (a phone) and 1280 px, in headless Chromium: nothing is wider than
the page, no element's content is wider than its box, no word is broken across
lines (a deck with every Strength from 0 to 15 too). Printed by Chromium on A4
and Letter (as a player prints the HTML page) and by WeasyPrint on A4
(``deckcli sheet -o FILE.pdf``): at most two pages, every card, each heading on
the page and in the column of what it heads.

Needs Debian's ``chromium`` and ``poppler-utils`` (``.ci/run`` installs them when
apt is there), and the ``pdf`` extra for the WeasyPrint test; without one,
the tests that need it are skipped saying so, never silently. One Chromium
serves the whole session (tests/sheets/conftest.py); each page is loaded
once per width and printed once.
"""

from __future__ import annotations

import os
import struct
import tomllib
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

from helpers.cli_runs import run_cli
from helpers.depth import quick_first
from helpers.repository import DECKS, write_deck
from deckcli.analysis.main_deck import main_deck
from deckcli.rules.judging import read_resolved_deck
from helpers.headless_chromium import MEASURE, NO_CHROMIUM, Tab, chromium_path
from helpers.printed_pages import POPPLER, POPPLER_MISSING, Word, pages_and_size, parted_headings, printed_runs, printed_words
from helpers.sheet_html import parse_sheet

CHROMIUM = chromium_path()
NO_WEASYPRINT = "WeasyPrint (the pdf extra) is not installed, so deckcli writes no PDF: pip install '.[pdf]'"
pytestmark = pytest.mark.xdist_group("browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
needs_poppler = pytest.mark.skipif(not POPPLER, reason=POPPLER_MISSING)

WIDTHS = (360, 1280)
PAPERS = {"a4": "A4", "letter": "letter"}
"""``--paper`` and the size pdfinfo names."""
MOST_PAGES = 2
REGISTRATION = DECKS / "tournament-registration.toml"
SHEETS = {path.stem: path for path in sorted(DECKS.glob("*-starter.toml"))} | {"registration": REGISTRATION}
DECK_SHEETS = [kind for kind in SHEETS if kind != "registration"]
WIDEST = {
    "Siege Technician": 1, "Etolian Auxiliary Archers": 2, "Albrich": 1, "Impera Brigade Guard": 4, "Cynthia": 1,
    "Renuald aep Matsen": 1, "Cahir Mawr Dyffryn aep Ceallach": 1, "Shilard Fitz-Oesterlen": 1, "Stefan Skellen": 1,
    "Menno Coehoorn": 1, "Geralt of Rivia": 1, "Biting Frost": 1, "Impenetrable Fog": 1, "Torrential Rain": 1,
    "Skellige Storm": 1, "Decoy": 1, "Scorch": 1,
}
"""A deck at the edge of the phone layout: every Strength from 0 to 15 (16 columns of Strength curve figures),
long names, every Weather Card, findings under every rule set; laid out with the others, not held to two pages."""
LAID_OUT = [*SHEETS, "widest"]
EDGES = ("widest", "registration")
"""The sheets at the edges of the wide layout (the most columns of figures; three decks on one page)."""
WIDE_TOO = "a sheet laid out at 1280 px as well as at the phone's 360 (the wide layout's edges are in every run)"
LAYOUTS = quick_first([*((kind, WIDTHS[0]) for kind in LAID_OUT), *((kind, WIDTHS[1]) for kind in EDGES),
                       *((kind, WIDTHS[1]) for kind in LAID_OUT if kind not in EDGES)], WIDE_TOO,
                      keep=len(LAID_OUT) + len(EDGES), several=True)
"""(sheet, width): every sheet at the phone's width, the edges of the wide layout, the rest wide in the deep run."""

"""What the browser laid out: the page's and each element's widths, the words broken across lines, the charts."""


def card_names(source: Path) -> list[str]:
    """Every card a sheet shows: the deck's, or those of the three decks a registration names (relative to it)."""
    if source == REGISTRATION:
        paths = [source.parent / name for name in tomllib.loads(source.read_text("utf-8"))["decks"]]
    else:
        paths = [source]
    names = []
    for path in paths:
        deck = read_resolved_deck(str(path))
        names += [p.card.name for p in [*deck.leaders, *main_deck(deck).cards]]
    return names


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each sheet's deck or registration file: the starter decks, the registration, the widest deck."""
    widest = write_deck(tmp_path_factory.mktemp("widest"), WIDEST, faction="Nilfgaard",
                        leader="Emhyr var Emreis: His Imperial Majesty")
    return SHEETS | {"widest": widest}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory, sources: dict[str, Path]) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("sheets")
    written = {}
    for kind, source in sources.items():
        written[kind] = folder / f"{kind}.html"
        run_cli(["sheet", source, "-o", written[kind]])
    return written


@pytest.fixture(scope="module")
def laid_out(tab: Tab, pages: dict[str, Path]) -> Callable[[str, int], dict[str, Any]]:
    """The layout of a sheet at a width, measured once per module."""
    measured: dict[tuple[str, int], dict[str, Any]] = {}

    def measure(kind: str, width: int) -> dict[str, Any]:
        if (kind, width) not in measured:
            tab.show(pages[kind], width)
            measured[kind, width] = tab.evaluate(MEASURE)
        return measured[kind, width]

    return measure


@pytest.fixture(scope="module")
def printed(tab: Tab, pages: dict[str, Path]) -> Callable[[str, str], tuple[Path, Path]]:
    """A sheet for a paper (``--paper``) and its print to PDF by Chromium, once per module."""

    def print_page(kind: str, paper: str) -> tuple[Path, Path]:
        html = pages[kind] if paper == "a4" else pages[kind].with_suffix(f".{paper}.html")
        pdf = html.with_suffix(".chromium.pdf")
        if not pdf.exists():
            if not html.exists():
                run_cli(["sheet", SHEETS[kind], "-o", html, "--paper", paper])
            tab.show(html, None)
            pdf.write_bytes(tab.pdf())
        return html, pdf

    return print_page


@needs_chromium
@pytest.mark.parametrize(("kind", "width"), LAYOUTS)
def test_every_card_is_on_the_page_and_nothing_is_wider_than_its_box(laid_out, sources, kind, width):
    layout = laid_out(kind, width)
    assert layout["scrollWidth"] <= layout["innerWidth"], "the page scrolls sideways"
    assert not layout["overflowing"], "content wider than its box:\n" + "\n".join(layout["overflowing"])
    assert not layout["broken"], "words broken across lines: " + ", ".join(layout["broken"])
    assert not [name for name in card_names(sources[kind]) if name not in layout["text"]]


@needs_chromium
@pytest.mark.parametrize(("kind", "width"), [p for p in LAYOUTS if p.values[0] != "registration"])
def test_the_deck_sheet_charts_are_drawn_with_their_figures(laid_out, kind, width):
    charts = {c["id"]: c for c in laid_out(kind, width)["charts"]}
    assert set(charts) == {"chart-rows", "chart-strength", "chart-weather", "chart-odds"}
    for chart in charts.values():
        assert 200 <= chart["svg"] <= width, chart
        assert chart["marks"] > 0 and chart["figures"] > 0, chart


@needs_chromium
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", ["monsters-starter", "registration"])
def test_a_screenshot_is_taken(tab, pages, kind, width):
    tab.show(pages[kind], width)
    head = tab.screenshot()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">I", head[16:20])[0] == width


def assert_printed_well(pdf: Path, html: Path, kind: str, paper: str = "a4") -> None:
    """At most :data:`MOST_PAGES` pages of ``paper``, every card, and every heading kept with what it heads."""
    count, size = pages_and_size(pdf)
    assert f"({PAPERS[paper]})" in size, size
    assert 1 <= count <= MOST_PAGES, f"the {kind} sheet prints on {count} pages of {size}"
    words = printed_words(pdf)
    assert not [name for name in card_names(SHEETS[kind]) if not printed_runs(words, name)]
    headings = parse_sheet(html.read_text("utf-8")).headings
    assert len(headings) > 5
    assert not parted_headings(words, headings)


@needs_chromium
@needs_poppler
@pytest.mark.parametrize(("kind", "paper"), quick_first(
    [*((kind, "a4") for kind in SHEETS), ("registration", "letter"),
     *((kind, "letter") for kind in SHEETS if kind != "registration")],
    "a starter printed on letter as well as A4 (the registration is printed on both in every run)",
    keep=len(SHEETS) + 1, several=True))
def test_printed_by_the_browser_on_at_most_two_pages_with_each_heading_kept(printed, kind, paper):
    html, pdf = printed(kind, paper)
    assert_printed_well(pdf, html, kind, paper)


@pytest.mark.skipif(find_spec("weasyprint") is None, reason=NO_WEASYPRINT)
@needs_poppler
@pytest.mark.parametrize("kind", ["registration", "skellige-starter"])
def test_the_pdf_deckcli_writes_obeys_the_same_page_rules(pages, tmp_path, kind):
    """WeasyPrint lays pages out by its own engine: the registration, and the starter deck with the most to pull
    (51 cards, a side deck). The others are left to the Chromium test: a WeasyPrint page takes a second."""
    pdf = tmp_path / f"{kind}.pdf"
    run_cli(["sheet", SHEETS[kind], "-o", pdf])
    assert_printed_well(pdf, pages[kind], kind)


def printed_line(page: int, left: float, top: float, text: str) -> list[Word]:
    """The words of ``text`` printed on one line from ``left``, 10 pt high, 6 pt a letter."""
    words = []
    for part in text.split():
        words.append(Word(page, left, top, left + 6 * len(part), top + 10, part))
        left += 6 * len(part) + 4
    return words


def test_a_heading_that_ends_a_column_or_a_page_or_is_split_is_found_parted():
    """The check itself, on words placed by hand: column 1 starts at 30 pt, column 2 at 300 pt."""
    heading = [("Weather Cards (4)", "Biting Frost")]
    kept = printed_line(1, 300, 500, "Weather Cards (4)") + printed_line(1, 300, 513, "Biting Frost")
    assert parted_headings(kept, heading) == []
    ends_a_column = printed_line(1, 30, 780, "Weather Cards (4)") + printed_line(1, 300, 40, "Biting Frost")
    ends_a_page = printed_line(1, 30, 780, "Weather Cards (4)") + printed_line(2, 30, 40, "Biting Frost")
    split = printed_line(1, 30, 780, "Weather Cards") + printed_line(1, 300, 40, "(4) Biting Frost")
    for words in (ends_a_column, ends_a_page, split):
        assert parted_headings(words, heading) == ["'Weather Cards (4)' (then 'Biting'): kept 0 of 1 times"]
    twice = [("Leader (1)", "Eredin"), ("Leader (1)", "Eredin")]
    once_kept = printed_line(1, 30, 100, "Leader (1)") + printed_line(1, 30, 113, "Eredin")
    once_parted = printed_line(1, 300, 780, "Leader (1)") + printed_line(2, 300, 40, "Eredin")
    assert parted_headings(once_kept + once_parted, twice) == ["'Leader (1)' (then 'Eredin'): kept 1 of 2 times"]
    assert printed_runs(split, "Weather Cards (4)") == []


def test_skips_say_why():
    """Guard: a test here is skipped only with one of the reasons above (a skip with no reason is a silent one)."""
    assert NO_CHROMIUM.startswith("Chromium is not installed") and "apt-get" in POPPLER_MISSING
    assert os.environ.get("DECKCLI_REQUIRE_BROWSER") != "1" or CHROMIUM is not None
