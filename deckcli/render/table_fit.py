"""Drawing a tabulate table within a width: long cells wrap, headers wrap, nothing is cut.

The widest columns give way first; a list cell (``["Crone: Brewess ×1", …]``)
wraps between its items while there is room for its longest item, and between
words after that. A column of numbers never wraps (only its title does). When
even one word per line cannot fit, the table is drawn as narrow as it goes:
wider than asked, never cut.
"""

from __future__ import annotations

import re
import sys
import types
from typing import Any, Callable, Iterator, Sequence

from deckcli.text import columns, wrapped

_GLUE = "\u00a0"
"""Joins the words of one list item, so that the item wraps whole while there is room for it."""

MARKUP_FORMATS = frozenset({"github", "pipe", "jira", "orgtbl", "rst", "colon_grid"})
"""Tabulate formats that are markup for a document: a line break inside a cell would break the markup, so
they keep one line per row whatever the width."""


def fit_table(headers: Sequence[str], body: Sequence[Sequence[Any]], fmt: str, width: int | None) -> str:
    """``body`` (rows of cells) under ``headers`` as a tabulate ``fmt`` table at most ``width`` columns wide.

    Cells are text, numbers, ``None`` (drawn empty) or lists (drawn
    ``a, b, c``). ``width`` ``None``, or a markup format, draws one line per
    row. Returns the table without a trailing newline.
    """
    tabulate_module = tabulate_without_metadata()
    multiline_formats, tabulate = tabulate_module.multiline_formats, tabulate_module.tabulate

    heads = [str(h) for h in headers]
    rows = [[_cell_text(c) for c in row] for row in body]
    ncols = len(heads)
    whole = [True] * ncols
    words = [i for i in range(ncols) if all(_surely_words(row[i]) for row in rows)] if rows else []

    def draw(caps: list[int | None]) -> str:
        shown = [[_wrap(c, caps[i], whole[i]) if isinstance(c, str) else c for i, c in enumerate(row)] for row in rows]
        titles = [_wrap(h, caps[i], False) for i, h in enumerate(heads)]
        # tabulate would try every cell of a column of words as a number, on each of the draws
        return str(tabulate(shown, headers=titles, tablefmt=fmt, disable_numparse=words))

    if width is None or fmt in MARKUP_FORMATS or fmt not in multiline_formats:
        return draw([None] * ncols)
    table = [[heads[i]] + [row[i] for row in rows] for i in range(ncols)]
    natural = [max(columns(str(c).replace(_GLUE, " ")) for c in column) for column in table]
    if sum(natural) <= width or any("\n" in str(c) for column in table for c in column):
        # Each line of a table holds every column at its widest cell: wider cells than ``width`` cannot fit.
        text = draw([None] * ncols)
        if _widest(text) <= width:
            return text
    wraps = [any(_breaks(c) for c in column[1:]) for column in table]

    def floor(i: int, whole_items: bool) -> int:
        """The narrowest column ``i`` can be: its longest word (or list item, or number)."""
        cells = [_longest_word(c, whole_items) if isinstance(c, str) else len(str(c)) for c in table[i][1:]]
        return max([_longest_word(table[i][0], False), *cells])

    # Under a width, number columns lose the two spaces tabulate adds beside their titles.
    padding, tabulate_module.MIN_PADDING = tabulate_module.MIN_PADDING, 0
    try:
        return _fitted(draw, table, natural, wraps, whole, floor, width)
    finally:
        tabulate_module.MIN_PADDING = padding


def _fitted(
    draw: Callable[[list[int | None]], str], table: list[list[Any]], natural: list[int], wraps: list[bool],
    whole: list[bool], floor: Callable[[int, bool], int], width: int,
) -> str:
    ncols = len(table)
    text = draw([None] * ncols)

    budget = width - (_widest(text) - sum(natural))  # what the borders and padding leave to the cells
    cells = [max((columns(str(c).replace(_GLUE, " ")) for c in column[1:]), default=0) for column in table]
    for _ in range(6):
        text = draw(_column_caps(natural, cells, wraps, whole, floor, budget))
        over = _widest(text) - width
        if over <= 0:
            break
        budget -= over  # tabulate pads some titles: take the difference from the cells and draw again
    return text


def _column_caps(
    natural: list[int], cells: list[int], wraps: list[bool], whole: list[bool], floor: Callable[[int, bool], int],
    budget: int,
) -> list[int | None]:
    """Each column's cap (``None``: as wide as it is) so that the columns share ``budget`` characters.

    ``natural`` is each column's widest cell or title, ``cells`` its widest
    cell, ``wraps`` whether a cell of it may wrap, ``whole`` whether its list
    items (and paths) are still kept whole (updated here when one must give),
    ``floor(i, whole)`` its narrowest width.
    """
    ncols = len(natural)
    floors = [floor(i, whole[i]) for i in range(ncols)]
    while sum(floors) > budget and any(whole[i] and wraps[i] for i in range(ncols)):
        # Items stay whole where there is room; break up the column whose items free the most.
        gain = {i: floors[i] - floor(i, False) for i in range(ncols) if whole[i] and wraps[i]}
        chosen = max(gain, key=lambda i: gain[i])
        whole[chosen] = False
        floors[chosen] = floor(chosen, False)
    # Titles wrap first: a column is never kept wider than its cells for the sake of its title.
    content = [min(n, max(f, c)) for n, f, c in zip(natural, floors, cells)]
    caps = _caps(content, floors, budget)
    return [cap if cap is not None or c >= n else c for cap, c, n in zip(caps, content, natural)]


class StreamedTable:
    """A ``simple`` table of text cells whose rows are added one at a time and drawn one line at a time.

    For a table of thousands of rows (the tournament desk's summary): no
    tabulate table of every row is built; each column's measures (widest
    cell, longest word) are kept as rows come, and the rows as their cells'
    text. Drawn as :func:`fit_table` draws the ``simple`` format: when the
    rows fit ``width`` on one line each, the same text; otherwise the same
    wrapping, the widest columns giving way first, each column as wide as its
    cap.
    """

    GAP = 2
    """Spaces between two columns (tabulate's ``simple``)."""
    TITLE_PADDING = 2
    """What tabulate adds beside a title when nothing has to be squeezed (its ``MIN_PADDING``)."""

    def __init__(self, headers: Sequence[str]) -> None:
        self.headers = [str(h) for h in headers]
        self.rows: list[tuple[str, ...]] = []
        count = len(self.headers)
        self._cells = [0] * count
        self._breaks = [False] * count
        self._whole_words = [0] * count
        self._pieces = [0] * count

    def add(self, cells: Sequence[str]) -> None:
        """Add a row of text cells (one per header); leading and trailing white space is dropped, as tabulate does."""
        row = tuple(str(cell).strip() for cell in cells)
        self.rows.append(row)
        for i, cell in enumerate(row):
            if columns(cell) > self._cells[i]:
                self._cells[i] = columns(cell)
            if not self._breaks[i] and _breaks(cell):
                self._breaks[i] = True
            self._whole_words[i] = max(self._whole_words[i], _longest_word(cell, True))
            self._pieces[i] = max(self._pieces[i], _longest_word(cell, False))

    def lines(self, width: int | None) -> Iterator[str]:
        """The table's lines (no line ends), at most ``width`` columns wide where the words allow (``None``: one
        line per row)."""
        count = len(self.headers)
        widths = [max(c, columns(h) + self.TITLE_PADDING) for c, h in zip(self._cells, self.headers)]
        caps: list[int | None] = [None] * count
        whole = [True] * count
        if width is not None and sum(widths) + self.GAP * (count - 1) > width:
            natural = [max(c, columns(h)) for c, h in zip(self._cells, self.headers)]

            def floor(i: int, whole_items: bool) -> int:
                words = self._whole_words[i] if whole_items else self._pieces[i]
                return max(_longest_word(self.headers[i], False), words)

            caps = _column_caps(natural, self._cells, self._breaks, whole, floor, width - self.GAP * (count - 1))
            widths = [self._wrapped_width(i, cap, whole[i]) if cap is not None else n for i, (cap, n) in
                      enumerate(zip(caps, natural))]
        yield from self._drawn([_wrap(h, caps[i], False) for i, h in enumerate(self.headers)], widths)
        yield (" " * self.GAP).join("-" * w for w in widths)
        for row in self.rows:
            yield from self._drawn([_wrap(c, caps[i], whole[i]) for i, c in enumerate(row)], widths)

    def _wrapped_width(self, i: int, cap: int, whole_items: bool) -> int:
        """Column ``i``'s width once its cells and title are wrapped at ``cap`` (as tabulate measures it)."""
        broken = (_wrap(row[i], cap, whole_items) for row in self.rows if columns(row[i]) > cap)
        longest = max((columns(line) for cell in broken for line in cell.split("\n")), default=0)
        short = max((columns(row[i]) for row in self.rows if columns(row[i]) <= cap), default=0)
        title = max(columns(line) for line in _wrap(self.headers[i], cap, False).split("\n"))
        return max(longest, short, title)

    def _drawn(self, cells: list[str], widths: list[int]) -> Iterator[str]:
        split = [cell.split("\n") for cell in cells]
        for depth in range(max(len(lines) for lines in split)):
            parts = [_padded(lines[depth] if depth < len(lines) else "", w) for lines, w in zip(split, widths)]
            yield (" " * self.GAP).join(parts).rstrip()


def _caps(natural: list[int], floors: list[int], budget: int) -> list[int | None]:
    """Each column's cap (``None``: as wide as it is): the widest give way first, none under its floor."""

    def used(level: int) -> int:
        return sum(min(n, max(f, level)) for n, f in zip(natural, floors))

    low, high = 0, max(natural, default=0)
    while low < high:
        middle = (low + high + 1) // 2
        if used(middle) <= budget:
            low = middle
        else:
            high = middle - 1
    widths = [min(n, max(f, low)) for n, f in zip(natural, floors)]
    spare = budget - sum(widths)
    for i in sorted(range(len(widths)), key=lambda k: -natural[k]):
        extra = max(0, min(spare, natural[i] - widths[i]))
        widths[i] += extra
        spare -= extra
    return [None if w >= n else w for w, n in zip(widths, natural)]


_NUMBER_CHARACTERS = frozenset("0123456789+-.,_eE \t\r\n" "infatyINFATY")
"""Every character of a text tabulate may read as a number ("-1,234.5e6", " inf", "NaN", "1_000")."""


def _surely_words(cell: Any) -> bool:
    """Whether tabulate would read ``cell`` as text (or as missing, when empty) whatever its wrapping: it holds a
    character no number has. Text with colour codes is never sure: tabulate strips them before reading."""
    return isinstance(cell, str) and "\x1b" not in cell and (not cell or not set(cell.replace(_GLUE, " ")) <= _NUMBER_CHARACTERS)


def _cell_text(cell: Any) -> Any:
    if cell is None:
        return ""
    if isinstance(cell, (list, tuple)):
        return ", ".join(str(v).replace(" ", _GLUE) for v in cell)
    return cell


_PATH_WORD = 20
"""A word longer than this with a ``/`` in it is a file path: it may break after any ``/`` (short ones, such
as ``128/130``, never do)."""


def _pieces(word: str) -> list[str]:
    """``word`` as the parts a line may break between: a long path after each ``/``, any other word whole."""
    return re.split(r"(?<=/)(?=.)", word) if len(word) > _PATH_WORD and "/" in word else [word]


def _wrap(text: str, cap: int | None, whole_items: bool) -> str:
    if not whole_items:
        text = text.replace(_GLUE, " ")
    if cap is not None and columns(text) > cap:
        if not whole_items and any(columns(word) > cap and len(_pieces(word)) > 1 for word in text.split(" ")):
            text = "\n".join(_wrap_paths(text, cap))
        else:
            text = "\n".join(wrapped(text, cap))
    return text.replace(_GLUE, " ")


def _wrap_paths(text: str, cap: int) -> list[str]:
    """``text`` in lines of at most ``cap`` columns, a long path broken after a ``/`` where it must be."""
    lines, line = [], ""
    for word in text.split():
        for index, piece in enumerate(_pieces(word)):
            joined = (line + " " + piece) if line and index == 0 else line + piece
            if line and columns(joined) > cap:
                lines.append(line)
                line = piece
            else:
                line = joined
    return [*lines, line]


def _longest_word(text: str, whole_items: bool) -> int:
    if whole_items:  # list items and paths whole
        return max((columns(word) for word in text.split(" ")), default=0)
    text = text.replace(_GLUE, " ")
    return max((columns(piece) for word in text.split(" ") for piece in _pieces(word)), default=0)


def _breaks(cell: Any) -> bool:
    """Whether a cell may wrap when its items (and paths) need not stay whole: it has a space, or a long path."""
    if not isinstance(cell, str):
        return False
    text = cell.replace(_GLUE, " ")
    return " " in text or any(len(_pieces(word)) > 1 for word in text.split(" "))


def _widest(text: str) -> int:
    return max((columns(line) for line in text.splitlines()), default=0)


def _padded(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` columns (:func:`deckcli.text.columns`: an emoji takes two)."""
    return text + " " * max(0, width - columns(text))


class _NoMetadata(Exception):
    """What the stand-in ``importlib.metadata.version`` raises: tabulate then calls its version "unknown"."""


def tabulate_without_metadata() -> Any:
    """The tabulate module, imported without looking its own version up.

    tabulate 0.10 asks ``importlib.metadata`` for its version when imported:
    importing that module and scanning every installed distribution costs
    several times what drawing a table does. deckcli never reads that version,
    so while tabulate is imported (and only if nothing has imported
    ``importlib.metadata`` yet) a stand-in answers "not found".
    """
    if "tabulate" in sys.modules or "importlib.metadata" in sys.modules:
        import tabulate

        return tabulate
    stand_in = types.ModuleType("importlib.metadata")
    stand_in.PackageNotFoundError = _NoMetadata  # type: ignore[attr-defined]
    stand_in.version = _no_version  # type: ignore[attr-defined]
    sys.modules["importlib.metadata"] = stand_in
    try:
        import tabulate
    finally:
        if sys.modules.get("importlib.metadata") is stand_in:
            del sys.modules["importlib.metadata"]
    return tabulate


def _no_version(name: str) -> str:
    raise _NoMetadata(name)


def fitted_tables(text: str, width: int | None) -> str:
    """``text`` with each ``simple`` table in it (a line of titles over a line of dashes, its rows down to the next
    blank line) drawn again within ``width`` columns when it is wider (its widest cells wrap, as every deckcli
    table's do: :func:`fit_table`): for a report that draws its tables at its cells' widths (a Free For All or team
    run's, :func:`deckcli.game.simulation.tables.render_table_run`)."""
    if width is None:
        return text
    lines = text.split("\n")
    out: list[str] = []
    at = 0
    while at < len(lines):
        line = lines[at]
        dashes = lines[at + 1] if at + 1 < len(lines) else ""
        if not (dashes and set(dashes) <= {"-", " "} and "-" in dashes):
            out.append(line)
            at += 1
            continue
        end = next((n for n in range(at + 2, len(lines)) if not lines[n].strip()), len(lines))
        block = lines[at:end]
        if max(columns(row) for row in block) <= width:
            out += block
        else:
            spans = [(found.start(), found.end()) for found in re.finditer(r"-+", dashes)]
            cells = [[row[start:(spans[n + 1][0] if n + 1 < len(spans) else len(row))].strip()
                      for n, (start, _end) in enumerate(spans)] for row in [line, *lines[at + 2:end]]]
            out += fit_table(cells[0], cells[1:], "simple", width).split("\n")
        at = end
    return "\n".join(out)
