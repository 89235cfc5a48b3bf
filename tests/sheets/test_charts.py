"""The SVG chart builders: escaped text, shapes inside the drawing, figures that match the data."""

from __future__ import annotations

import re
import subprocess
import sys
from xml.etree import ElementTree

from hypothesis import given
from hypothesis import strategies as st

from helpers.cli_runs import deckcli_env, run_cli
from deckcli.sheets.charts import WIDTH, Bar, Series, _spread, bar_chart, histogram, line_chart

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def test_labels_are_escaped_and_the_svg_is_well_formed():
    chart = bar_chart("rows", 'Rows <&> "x"', [Bar("<script>", (2.0, 1.0), "3 & more")], ("row", "units"),
                      [("<script>", "3")], parts=("units", "Heroes"))
    root = parsed(str(chart.svg))
    assert root.get("role") == "img" and root.find(f"{SVG}title").text == 'Rows <&> "x"'
    assert "<script>" not in str(chart.svg)
    assert [t.text for t in root.iter(f"{SVG}text")] == ["<script>", "3 & more"]
    assert len(chart.legend) == 2


@given(st.lists(st.tuples(st.integers(0, 15), st.integers(0, 12)), min_size=1, max_size=16, unique_by=lambda t: t[0]))
def test_histogram_bars_stay_inside_the_drawing(counts):
    counts = sorted(counts)
    chart = histogram("strength", "Strength curve", counts)
    root = parsed(str(chart.svg))
    height = float(root.get("viewBox").split()[3])
    for rect in root.iter(f"{SVG}rect"):
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        assert 0 <= x and x + w <= WIDTH and 0 <= y and y + h <= height
    assert chart.figures == (("units", *(str(n) for _, n in counts)),)
    assert sum(1 for _ in root.iter(f"{SVG}rect")) == sum(1 for _, n in counts if n)


def test_line_chart_points_are_inside_and_ordered():
    series = [Series("a", tuple((h, h / 10) for h in range(1, 11)), 0, 0, "1"),
              Series("b", tuple((h, min(1.0, h / 8)) for h in range(1, 11)), 0, 1, "1x")]
    chart = line_chart("odds", "Odds", series, "cards in hand", ("h",), [("1",)], marker=10)
    root = parsed(str(chart.svg))
    lines = list(root.iter(f"{SVG}polyline"))
    assert len(lines) == 2 and lines[1].get("stroke-dasharray")
    for line in lines:
        points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        assert [x for x, _ in points] == sorted(x for x, _ in points)
        assert all(0 <= x <= WIDTH and 0 <= y <= 200 for x, y in points)


@given(st.lists(st.floats(0, 200), max_size=12))
def test_line_end_labels_are_spread_apart_in_order(ys):
    placed = _spread(ys, 11.0, 8.0, 194.0)
    ordered = [placed[i] for i in sorted(range(len(ys)), key=lambda i: ys[i])]
    assert all(b - a >= 11.0 - 1e-9 for a, b in zip(ordered, ordered[1:]))


def test_help_imports_no_jinja2():
    # main() ends the process with os._exit once its output is flushed: here it must return to the check.
    code = "import os, sys; os._exit = sys.exit; from deckcli.cli.main import main; sys.argv = ['deckcli', 'sheet', '--help']\n" \
           "try:\n    main()\nexcept SystemExit:\n    pass\nprint('jinja2' in sys.modules, 'markupsafe' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=deckcli_env()).stdout
    assert out.strip().splitlines()[-1] == "False False"


def test_tournament_without_files_or_folder_is_a_usage_error():
    result = run_cli(["tournament"], exit_code=2)
    assert re.search(r"give a registration file, three deck files, or --dir FOLDER", result.stderr)
