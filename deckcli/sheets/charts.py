"""Charts as inline SVG: bars, a histogram and a line chart, each with its figures as a table.

Every builder returns a :class:`Chart`: the ``<svg>`` markup (values escaped,
no script, no external reference), a title and the plotted figures as table
rows, so a reader who cannot see the drawing reads the same numbers. The
drawings are sized by ``viewBox`` only (the page's CSS sets their width) and
use shapes, dashes and labels as well as colour, so they survive a black and
white printer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from markupsafe import Markup, escape

WIDTH = 360
"""The width of every drawing in ``viewBox`` units; text is sized to stay readable at a 330 px wide phone column."""
FONT = 12
PALETTE = ("#1f5f8b", "#b8561b", "#2e7d32", "#7b1fa2", "#8d6e00", "#455a64", "#c2185b", "#00838f")
"""Series colours: distinguishable and dark enough to print in grey."""
DASHES = ("", "6 3", "2 3", "9 3 2 3", "1 2", "12 4")
STACK = ("#1f5f8b", "#93bfdc")
"""Colours of the stacked parts of a bar: dark, then light (told apart in grey too)."""


@dataclass(frozen=True)
class Chart:
    """One chart: ``key`` (``rows``, ``strength``, ``weather``, ``odds``), ``title``, ``svg``, its ``figures``.

    ``headers`` and ``figures`` are the table under the chart (text cells);
    ``legend`` the series names, in order (empty for a one-series chart);
    ``note`` one sentence on how to read it; ``labels`` what each column's
    cells are called when a row is read alone, as a phone shows them (empty:
    the headers; an empty label: the cell needs none).
    """

    key: str
    title: str
    svg: Markup
    headers: tuple[str, ...]
    figures: tuple[tuple[str, ...], ...]
    note: str = ""
    legend: tuple[tuple[str, str, str], ...] = field(default=())
    labels: tuple[str, ...] = field(default=())

    @property
    def cell_labels(self) -> tuple[str, ...]:
        """The name of each column's cells when a row is read alone: :attr:`labels`, else the headers."""
        return self.labels or self.headers


@dataclass(frozen=True)
class Bar:
    """One bar: a ``label`` and stacked ``parts`` (counts or shares), drawn left to right."""

    label: str
    parts: tuple[float, ...]
    shown: str


@dataclass(frozen=True)
class Series:
    """One line: ``label`` (legend text), ``points`` (x, y) with y from 0 to 1, ``dash`` pattern index."""

    label: str
    points: tuple[tuple[int, float], ...]
    colour: int = 0
    dash: int = 0
    mark: str = ""


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _svg(title: str, height: float, body: list[str]) -> Markup:
    """The ``<svg>`` element: ``role="img"`` named by its ``<title>``, scaled by its viewBox."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {_num(height)}" '
        f'role="img" aria-label="{escape(title)}" font-size="{FONT}" font-family="inherit">'
        f"<title>{escape(title)}</title>"
    )
    return Markup(head + "".join(body) + "</svg>")


def _text(x: float, y: float, words: str, anchor: str = "start", css: str = "") -> str:
    style = f' class="{css}"' if css else ""
    return f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="{anchor}"{style}>{escape(words)}</text>'


def bar_chart(
    key: str,
    title: str,
    bars: Sequence[Bar],
    headers: Sequence[str],
    figures: Sequence[Sequence[str]],
    scale: float | None = None,
    parts: Sequence[str] = (),
    note: str = "",
) -> Chart:
    """Horizontal bars, one per :class:`Bar`, label above its bar and figure at its end.

    ``scale`` is the value of a full-width bar (default: the largest bar);
    ``parts`` names the stacked parts for the legend (none for one part).
    """
    top = scale if scale is not None else max((sum(b.parts) for b in bars), default=0.0)
    top = top or 1.0
    left, span, step = 4.0, WIDTH - 120.0, 38.0
    body: list[str] = []
    for index, bar in enumerate(bars):
        y = 6 + index * step
        body.append(_text(left, y + FONT, bar.label))
        x = left
        for part, value in enumerate(bar.parts):
            width = span * value / top
            if width > 0:
                body.append(
                    f'<rect x="{_num(x)}" y="{_num(y + 17)}" width="{_num(width)}" height="14" '
                    f'fill="{STACK[part % len(STACK)]}" stroke="#1f5f8b" stroke-width="0.5">'
                    f"<title>{escape(bar.label)}: {escape(bar.shown)}</title></rect>"
                )
            x += width
        body.append(f'<line x1="{_num(left)}" x2="{_num(left)}" y1="{_num(y + 15)}" y2="{_num(y + 33)}" stroke="#444"/>')
        body.append(_text(x + 4, y + 28, bar.shown, css="figure"))
    height = 10 + len(bars) * step
    legend = tuple((STACK[i % len(STACK)], "", name) for i, name in enumerate(parts)) if len(parts) > 1 else ()
    return Chart(key, title, _svg(title, height, body), tuple(headers), _rows(figures), note, legend)


def histogram(key: str, title: str, counts: Sequence[tuple[int, int]], note: str = "") -> Chart:
    """Vertical bars: units (y) per Strength value (x), every value from the lowest to the highest present."""
    top = max((n for _, n in counts), default=0) or 1
    left, bottom, height = 26.0, 150.0, 120.0
    slot = (WIDTH - left - 6) / max(len(counts), 1)
    body: list[str] = [
        f'<line x1="{_num(left)}" x2="{WIDTH - 4}" y1="{_num(bottom)}" y2="{_num(bottom)}" stroke="#444"/>',
        _text(4, bottom - height + 4, str(top), css="axis"),
        _text(4, bottom, "0", css="axis"),
    ]
    for index, (value, count) in enumerate(counts):
        x = left + index * slot
        bar_height = height * count / top
        if count:
            body.append(
                f'<rect x="{_num(x + slot * 0.15)}" y="{_num(bottom - bar_height)}" width="{_num(slot * 0.7)}" '
                f'height="{_num(bar_height)}" fill="{PALETTE[0]}"><title>Strength {value}: {count} '
                f'unit{"" if count == 1 else "s"}</title></rect>'
            )
            body.append(_text(x + slot / 2, bottom - bar_height - 3, str(count), "middle", "figure"))
        body.append(_text(x + slot / 2, bottom + 14, str(value), "middle", "axis"))
    body.append(_text(WIDTH / 2, bottom + 30, "Strength (printed)", "middle", "axis"))
    headers = ("Strength", *(str(value) for value, _ in counts))
    figures = [("units", *(str(count) for _, count in counts))]
    labels = ("", *(f"Strength {value}" for value, _ in counts))
    return Chart(key, title, _svg(title, bottom + 36, body), headers, _rows(figures), note, labels=labels)


def line_chart(
    key: str,
    title: str,
    series: Sequence[Series],
    x_label: str,
    headers: Sequence[str],
    figures: Sequence[Sequence[str]],
    marker: int | None = None,
    note: str = "",
    legend: Sequence[tuple[str, str, str]] = (),
) -> Chart:
    """Lines of probabilities (y from 0 to 1) against whole numbers (x); ``marker`` draws a vertical guide at that x.

    Each line ends with its ``mark`` (a short label) so lines are told apart
    without colour; ``legend`` is ``(colour, dash pattern, words)`` per entry.
    """
    xs = [x for s in series for x, _ in s.points]
    low, high = (min(xs), max(xs)) if xs else (0, 1)
    high = high if high > low else low + 1
    left, right, top, bottom = 40.0, WIDTH - 22.0, 8.0, 190.0

    def at(x: float, y: float) -> tuple[float, float]:
        return left + (right - left) * (x - low) / (high - low), bottom - (bottom - top) * y

    body: list[str] = []
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        _, y = at(low, share)
        body.append(f'<line x1="{_num(left)}" x2="{_num(right)}" y1="{_num(y)}" y2="{_num(y)}" stroke="#ccc"/>')
        body.append(_text(left - 4, y + 4, f"{share:.0%}", "end", "axis"))
    for x in range(low, high + 1):
        if (x - low) % 2 == 0 or x == marker:
            px, _ = at(x, 0)
            body.append(_text(px, bottom + 14, str(x), "middle", "axis"))
    if marker is not None and low <= marker <= high:
        px, _ = at(marker, 0)
        body.append(
            f'<line x1="{_num(px)}" x2="{_num(px)}" y1="{_num(top)}" y2="{_num(bottom)}" stroke="#444" '
            'stroke-dasharray="3 3"/>'
        )
    ends = _spread([at(*line.points[-1])[1] for line in series if line.points], 11.0, top, bottom + 4)
    drawn = 0
    for line in series:
        if not line.points:
            continue
        coords = [at(x, y) for x, y in line.points]
        path = " ".join(f"{_num(px)},{_num(py)}" for px, py in coords)
        dash = f' stroke-dasharray="{DASHES[line.dash % len(DASHES)]}"' if DASHES[line.dash % len(DASHES)] else ""
        colour = PALETTE[line.colour % len(PALETTE)]
        body.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}>'
            f"<title>{escape(line.label)}</title></polyline>"
        )
        if line.mark:
            end_x, end_y = coords[-1][0], ends[drawn]
            body.append(f'<text x="{_num(end_x + 3)}" y="{_num(end_y + 4)}" class="mark" fill="{colour}">'
                        f"{escape(line.mark)}</text>")
        drawn += 1
    body.append(_text((left + right) / 2, bottom + 30, x_label, "middle", "axis"))
    return Chart(key, title, _svg(title, bottom + 36, body), tuple(headers), _rows(figures), note, tuple(legend))


def _spread(ys: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """``ys`` moved apart so that labels at them are at least ``gap`` apart, kept in ``[low, high]``, order kept."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = [0.0] * len(ys)
    previous = low - gap
    for i in order:
        placed[i] = max(ys[i], previous + gap)
        previous = placed[i]
    overflow = previous - high
    if overflow > 0:
        for i in order:
            placed[i] -= overflow
    return placed


def _rows(figures: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(str(cell) for cell in row) for row in figures)
