"""A sheet page read back with the standard library's HTML parser: tags, visible text, charts and their figures."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

HEADINGS = {"h2", "h3"}
VOID = {"meta", "input", "br", "img", "link", "hr", "col", "area", "base", "source", "wbr"}
SVG_VOID = {"rect", "line", "polyline", "path", "circle"}


@dataclass
class ChartFound:
    """One ``<figure class="chart-figure">``: its id, whether it holds an ``<svg>``, its figures table's cells."""

    id: str
    svgs: int = 0
    marks: int = 0
    rows: list[list[str]] = field(default_factory=list)


class SheetParser(HTMLParser):
    """Collects the start tags, the text outside ``<style>``/``<title>``, each chart figure, and each heading.

    ``headings`` holds each ``<h2>`` and ``<h3>`` as (its text, the text that follows it), whitespace collapsed.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.charts: list[ChartFound] = []
        self.stack: list[str] = []
        self._chart: ChartFound | None = None
        self._depth = 0
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._skip = 0
        self.headings: list[tuple[str, str]] = []
        self._heading: list[str] | None = None
        self._heads: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.tags.append((tag, values))
        if tag in ("style", "title", "script"):
            self._skip += 1
        if tag in HEADINGS:
            self._heads = None
            self._heading = []
        if tag == "figure" and "chart-figure" in (values.get("class") or ""):
            self._chart = ChartFound(values.get("id") or "")
            self.charts.append(self._chart)
            self._depth = len(self.stack)
        if self._chart is not None:
            if tag == "svg" and "chart" in (values.get("class") or ""):
                self._chart.svgs += 1
            if tag in ("rect", "polyline"):
                self._chart.marks += 1
            if tag == "tr":
                self._row = []
            if tag in ("td", "th") and self._row is not None:
                self._cell = []
        if tag not in VOID and tag not in SVG_VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if self._chart is not None and tag in ("rect", "polyline"):
            self._chart.marks += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "title", "script"):
            self._skip -= 1
        if tag in HEADINGS and self._heading is not None:
            self._heads = " ".join("".join(self._heading).split())
            self._heading = None
        if self._chart is not None:
            if tag in ("td", "th") and self._cell is not None and self._row is not None:
                self._row.append(" ".join("".join(self._cell).split()))
                self._cell = None
            if tag == "tr" and self._row is not None:
                self._chart.rows.append(self._row)
                self._row = None
        if tag in VOID or tag in SVG_VOID:
            return
        while self.stack:
            top = self.stack.pop()
            if top == tag:
                break
        if tag == "figure" and self._chart is not None and len(self.stack) == self._depth:
            self._chart = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if not self._skip:
            self.text.append(data)
            if self._heading is not None:
                self._heading.append(data)
            elif self._heads is not None and data.strip():
                self.headings.append((self._heads, " ".join(data.split())))
                self._heads = None

    @property
    def words(self) -> str:
        """The visible text with whitespace collapsed."""
        return " ".join(" ".join(self.text).split())


def parse_sheet(html: str) -> SheetParser:
    parser = SheetParser()
    parser.feed(html)
    parser.close()
    return parser
