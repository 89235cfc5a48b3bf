"""The sheets in a real browser: headless Chromium at phone and desktop width, and printed to PDF.

Needs Debian's ``chromium`` (``.ci/run`` installs it, with poppler-utils, when
apt is there). Without it every test here is skipped with that reason, never
silently. The page itself has no script: a host page made for the test shows
it in a frame of the wanted width and reads what the browser laid out.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import DECKS, run_cli
from deckcli.analysis.main_deck import main_deck
from deckcli.rules.judging import read_resolved_deck

CHROMIUM = next((shutil.which(name) for name in ("chromium", "chromium-browser") if shutil.which(name)), None)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="Chromium is not installed, so the sheets cannot be checked in a browser: apt-get install chromium "
    "(.ci/run does this when apt is available)",
)
WIDTHS = (360, 1280)
TIMEOUT = 120
SHEETS = {
    "deck": (DECKS / "monsters-starter.toml", ("monsters-starter.toml",)),
    "registration": (
        DECKS / "tournament-registration.toml",
        ("monsters-advanced.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml"),
    ),
}
PROBE = """<!DOCTYPE html>
<html><body style="margin:0">
<iframe id="sheet" src="SHEET" style="border:0;width:WIDTHpx;height:3000px"></iframe>
<script>
document.getElementById("sheet").addEventListener("load", () => {
  const frame = document.getElementById("sheet").contentWindow;
  const page = frame.document;
  const charts = [...page.querySelectorAll("figure.chart-figure")].map(f => ({
    id: f.id,
    svg: f.querySelector("svg.chart") ? f.querySelector("svg.chart").getBoundingClientRect().width : 0,
    marks: f.querySelectorAll("svg.chart rect, svg.chart polyline").length,
    figures: f.querySelectorAll("table tbody tr").length,
  }));
  const probe = document.createElement("pre");
  probe.id = "probe";
  probe.textContent = JSON.stringify({
    scrollWidth: page.documentElement.scrollWidth,
    innerWidth: frame.innerWidth,
    text: page.body.innerText,
    charts: charts,
  });
  document.body.appendChild(probe);
});
</script></body></html>"""
"""A host page showing the sheet in a frame exactly WIDTH px wide (a headless window is never narrower than
500 px) and writing what the browser laid out into ``<pre id="probe">`` for ``--dump-dom`` to return."""


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        command = [
            CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", f"--user-data-dir={profile}", *args,
        ]
        return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("sheets")
    written = {}
    for kind, (source, _decks) in SHEETS.items():
        out = folder / f"{kind}.html"
        run_cli(["sheet", source, "-o", out])
        written[kind] = out
    return written


@functools.cache
def laid_out(page: Path, width: int) -> dict:
    """What Chromium laid out for ``page`` in a frame ``width`` px wide (read once per page and width)."""
    probe = page.with_name(f"{page.stem}-probe-{width}.html")
    probe.write_text(PROBE.replace("SHEET", page.name).replace("WIDTH", str(width)), "utf-8")
    result = chromium("--allow-file-access-from-files", "--dump-dom", "--window-size=1400,3000", probe.as_uri())
    found = re.search(r'<pre id="probe">(.*?)</pre>', result.stdout, re.S)
    assert found, f"no layout read back from Chromium:\n{result.stderr[-2000:]}"
    import html

    return json.loads(html.unescape(found.group(1)))


def card_names(decks: tuple[str, ...]) -> list[str]:
    names = []
    for name in decks:
        deck = read_resolved_deck(str(DECKS / name))
        names += [p.card.name for p in [*deck.leaders, *main_deck(deck).cards]]
    return names


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", SHEETS)
def test_every_card_is_on_the_page_without_horizontal_scrolling(pages, kind, width):
    layout = laid_out(pages[kind], width)
    assert layout["scrollWidth"] <= layout["innerWidth"], "the page scrolls sideways"
    missing = [name for name in card_names(SHEETS[kind][1]) if name not in layout["text"]]
    assert not missing


@pytest.mark.parametrize("width", WIDTHS)
def test_the_deck_sheet_charts_are_drawn_with_their_figures(pages, width):
    charts = {c["id"]: c for c in laid_out(pages["deck"], width)["charts"]}
    assert set(charts) == {"chart-rows", "chart-strength", "chart-weather", "chart-odds"}
    for chart in charts.values():
        assert 200 <= chart["svg"] <= width, chart
        assert chart["marks"] > 0 and chart["figures"] > 0, chart


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", SHEETS)
def test_a_screenshot_is_taken(pages, tmp_path, kind, width):
    shot = tmp_path / f"{kind}-{width}.png"
    result = chromium(f"--screenshot={shot}", f"--window-size={width},2000", pages[kind].as_uri())
    assert shot.is_file(), result.stderr[-2000:]
    head = shot.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">I", head[16:20])[0] == width


def pdf_pages(pdf: Path) -> int:
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))  # type: ignore[union-attr]
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf.read_bytes()))


@pytest.mark.parametrize("kind", SHEETS)
def test_printed_to_pdf(pages, tmp_path, kind):
    pdf = tmp_path / f"{kind}.pdf"
    result = chromium("--no-pdf-header-footer", f"--print-to-pdf={pdf}", pages[kind].as_uri())
    assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF"), result.stderr[-2000:]
    count = pdf_pages(pdf)
    assert count >= 1
    if kind == "registration":
        assert count <= 2, f"the registration sheet prints on {count} A4 pages"
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        flat = " ".join(text.split())
        assert not [n for n in card_names(SHEETS[kind][1]) if " ".join(n.split()) not in flat]


def test_skips_say_why():
    """Guard: this module never skips without the reason above (a skip with no reason is a silent one)."""
    assert pytestmark.kwargs["reason"].startswith("Chromium is not installed")
    assert os.environ.get("DECKCLI_REQUIRE_BROWSER") != "1" or CHROMIUM is not None
