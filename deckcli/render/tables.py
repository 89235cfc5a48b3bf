"""Titled tables: one record list, drawn as tabulate tables, JSON or CSV.

A :class:`Table` keeps machine values (``rows``, for JSON and CSV: numbers,
probabilities as fractions 0–1) and, when they differ, display values
(``text_rows``, for tabulate formats: percentages, block-character bars).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from deckcli.render.formats import MACHINE_FORMATS, render_rows
from deckcli.render.layout import Layout


class Table(NamedTuple):
    """One table of a command's output.

    ``columns`` maps each key of ``text_rows`` to its column title, in
    column order; ``fields`` are the keys of ``rows`` (JSON and CSV), in
    order; ``notes`` are lines printed under the title in text formats.
    ``movable`` columns leave a table wider than its width and become
    lines under it, one per row that has a value, named by the row's
    ``label`` column (``Vampire, brought by: Vampire: Katakan, …``).
    """

    key: str
    title: str
    columns: dict[str, str]
    fields: tuple[str, ...]
    rows: list[dict[str, Any]]
    text_rows: list[dict[str, Any]] | None = None
    notes: tuple[str, ...] = ()
    movable: tuple[str, ...] = ()
    label: str | None = None

    def render(self, fmt: str, titled: bool = True, width: int | None = None) -> str:
        """This table in ``fmt`` (a tabulate format, ``json`` or ``csv``), titled in tabulate formats.

        In tabulate formats the title, the notes and the table fit ``width``
        columns (``None``: one line per row and per note).
        """
        if fmt in MACHINE_FORMATS:
            rows = [{k: row.get(k) for k in self.fields} for row in self.rows]
            return render_rows(rows, fmt, headers={k: k for k in self.fields})
        shown = self.rows if self.text_rows is None else self.text_rows
        prose = Layout(width=width)
        under: list[str] = []
        body = render_rows([{k: row.get(k) for k in self.columns} for row in shown], fmt, self.columns)
        if width is None or _widest(body) <= width:
            pass  # one line per row fits: nothing to move or wrap
        elif not (self.movable and self.label):
            body = render_rows([{k: row.get(k) for k in self.columns} for row in shown], fmt, self.columns, width)
        else:
            kept = {k: title for k, title in self.columns.items() if k not in self.movable}
            body = render_rows([{k: row.get(k) for k in kept} for row in shown], fmt, kept, width)
            for row in shown:
                for key in self.movable:
                    if row.get(key):
                        under += prose.wrap(f"{row[self.label]}, {self.columns[key]}: {_listed(row[key])}")
        head = [self.title, *self.notes] if titled else []
        return "\n".join([*(line for text in head for line in prose.wrap(text, continuation="")), body, *under])


def _listed(value: Any) -> str:
    return ", ".join(str(v) for v in value) if isinstance(value, (list, tuple)) else str(value)


def _widest(text: str) -> int:
    return max((len(line) for line in text.splitlines()), default=0)


def percent(value: float | None) -> str | None:
    """A probability or share (0–1) as text tables show it: ``0.4`` -> ``"40.0%"``; ``None`` stays empty."""
    return None if value is None else f"{value:.1%}"


def render_tables(tables: Sequence[Table], fmt: str, width: int | None = None) -> str:
    """Several tables in a tabulate format or CSV, separated by blank lines, each fitting ``width`` columns.

    In CSV each table is introduced by a ``# title`` line when there are
    several. JSON is the caller's document (see ``Table.rows``).
    """
    if fmt == "csv" and len(tables) > 1:
        return "\n\n".join(f"# {t.title}\n{t.render(fmt)}" for t in tables)
    return "\n\n".join(t.render(fmt, width=width) for t in tables)
