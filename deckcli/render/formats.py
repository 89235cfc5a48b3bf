"""Output formats: one list of records, many renderings (tables, JSON, CSV).

``--format`` on the table commands takes any tabulate table format plus
``json`` and ``csv``. tabulate is imported only when a table is drawn."""

from __future__ import annotations

import itertools
import json
from typing import Any, Iterable, Iterator, Mapping, Sequence

from deckcli.text import shown, to_json

MACHINE_FORMATS = ("json", "csv")


DEFAULT_TABLE_FORMAT = "simple"


def table_formats() -> list[str]:
    """Every ``--format`` choice of the table commands: tabulate's formats, then json and csv."""
    from deckcli.render.table_fit import tabulate_without_metadata

    return [*sorted(tabulate_without_metadata().tabulate_formats), *MACHINE_FORMATS]


def render_rows(
    rows: Iterable[Mapping[str, Any]], fmt: str, headers: Mapping[str, str] | None = None, width: int | None = None,
) -> str:
    """Render records as one table.

    ``rows`` are dicts sharing keys; ``headers`` maps a key to its column title
    in table formats (JSON and CSV keep the keys). ``fmt`` is a tabulate format,
    ``json`` or ``csv``. A tabulate table fits ``width`` columns (long cells and
    titles wrap, see :mod:`deckcli.render.table_fit`); ``None`` keeps one line
    per row. Returns text without a trailing newline.
    """
    rows = [dict(row) for row in rows]
    if fmt == "json":
        return to_json(rows)
    keys = list(rows[0]) if rows else list(headers or {})
    if fmt == "csv":
        return "\n".join(csv_lines(keys, rows))
    from deckcli.render.table_fit import fit_table

    titles = [(headers or {}).get(k, k) for k in keys]
    # cells measured as they will be shown (escaped), so that the columns line up
    return fit_table(titles, [[_shown_cell(row.get(k)) for k in keys] for row in rows], fmt, width)


def _shown_cell(value: Any) -> Any:
    return shown(value) if isinstance(value, str) else value


def csv_lines(keys: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> Iterator[str]:
    """CSV text, one line at a time (no line end): the ``keys`` as the header, then each row's cells.

    ``rows`` may be a generator: each row is written before the next is asked
    for. A cell's text that holds a line break (quoted) stays in one yielded item.
    """
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(keys), lineterminator="\n")
    writer.writeheader()
    for row in itertools.chain([None], rows):
        if row is not None:
            writer.writerow({k: _csv_cell(row.get(k)) for k in keys})
        yield buffer.getvalue()[:-1]
        buffer.seek(0)
        buffer.truncate()


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a spreadsheet cell that it would run as a formula begins (a player's name could)."""


def _csv_cell(value: Any) -> Any:
    """A value as a CSV cell: lists joined, ``true``/``false`` as in JSON, text a spreadsheet would run as a
    formula (``=HYPERLINK(…)``) kept as text with a leading ``'``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        value = "; ".join(_csv_item(v) for v in value)
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


def _csv_item(value: Any) -> str:
    """A list item in one CSV cell: ``{"card": "Cerys", "copies": 1}`` reads ``Cerys ×1``."""
    if isinstance(value, dict) and set(value) == {"card", "copies"}:
        return f"{value['card']} ×{value['copies']}"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else str(value)
