"""The tournament desk's summary: one row per registration, as text, CSV or JSON, written as the entries come.

CSV and JSON write each row as soon as its registration is judged. Text
keeps each row's cells (a few short strings) until the last registration is
judged, then writes a title line (``Tournament desk: 30 registrations: 28
legal, 1 not legal, 1 not judged``), the table (player, verdict, factions,
codes broken, registration), the reason of each ``not judged`` row and each
row's notes, then a ``note:`` line per deck file registered twice. Nothing
here holds a registration's report.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Callable, Iterable

from deckcli.render.documents import write_json_stream
from deckcli.render.formats import csv_lines
from deckcli.render.layout import Layout
from deckcli.render.table_fit import StreamedTable
from deckcli.text import counted, printable, spoken

if TYPE_CHECKING:
    from deckcli.rules.desk import DeskEntry

Echo = Callable[[str], None]

DESK_COLUMNS = {"player": "player", "verdict": "verdict", "factions": "factions", "codes": "codes broken",
                "registration": "registration"}
"""The text summary's columns (CSV and JSON carry every field of :meth:`DeskEntry.row`)."""

VERDICTS = ("legal", "not legal", "not judged")

SHOWN_PLAYERS = 3
"""Players a ``note:`` line names before "and N other registrations"."""


def render_desk(entries: Iterable[DeskEntry], fmt: str, out: Echo, width: int | None = None) -> None:
    """Write the summary of ``entries`` (a generator is read one entry at a time) in ``fmt``: ``text``, ``csv``
    or ``json``. Text fits ``width`` columns (``None``: one line per row)."""
    if fmt == "json":
        write_json_stream((entry.row() for entry in entries), "registrations", out)
    elif fmt == "csv":
        rows = (_csv_row(entry.row()) for entry in entries)
        first = next(rows, None)
        if first is not None:
            for line in csv_lines(list(first), itertools.chain([first], rows)):
                out(line)
    else:
        summary = DeskSummary()
        for entry in entries:
            summary.add(entry)
        for line in summary.lines(width):
            out(line)


def _csv_row(row: dict[str, object]) -> dict[str, object]:
    """A spreadsheet's text: a player's control characters shown escaped, as in the text summary."""
    player = row["player"]
    return {**row, "player": printable(player, limit=None) if isinstance(player, str) else player}


class DeskSummary:
    """The text summary, gathered one entry at a time: :meth:`add` each, then :meth:`lines`."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(VERDICTS, 0)
        self.table = StreamedTable(list(DESK_COLUMNS.values()))
        self.after: list[str] = []
        self.shared: dict[object, tuple[str, list[str], int]] = {}

    def add(self, entry: DeskEntry) -> None:
        """Count the entry, keep its row's cells, its reason when not judged, its notes and its shared deck files."""
        row = entry.row()
        self.counts[entry.verdict] += 1
        player = printable(row["player"] or "")
        self.table.add([player, row["verdict"], ", ".join(row["factions"]), ", ".join(row["codes"]),
                        row["registration"]])
        if row["error"] is not None and entry.verdict == "not judged":
            self.after.append(f"{row['registration']}: not judged: {printable(row['error'], limit=None)}")
        self.after += [f"{row['registration']}: note: {printable(note, limit=None)}" for note in row["notes"]]
        for share in entry.shares:
            deck, names, count = self.shared.setdefault(share.key, (share.deck, [], share.named_by))
            if len(names) < SHOWN_PLAYERS or count <= SHOWN_PLAYERS + 1:
                names.append(f"{player} ({row['registration']})")

    def lines(self, width: int | None) -> Iterable[str]:
        """The title line, the table, then the reasons, the notes and a ``note:`` per deck file registered twice."""
        total = sum(self.counts.values())
        parts = ", ".join(f"{n} {verdict}" for verdict, n in self.counts.items() if n)
        yield f"Tournament desk: {counted(total, 'registration', 'registrations')}: {parts}"
        yield from self.table.lines(width)
        layout = Layout(width=width)
        for text in self.after:
            yield from layout.wrap(text)
        for deck, names, count in self.shared.values():
            who = spoken(names) if count <= len(names) else f"{', '.join(names)} and {count - len(names)} other registrations"
            players = "two players" if count == 2 else f"{count:,} players"
            yield from layout.wrap(f"note: {deck} is registered by {who}: one deck file for {players}")
