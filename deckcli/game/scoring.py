"""A position scored card by card (``deckcli score``): each unit's current Strength and why, each row's and
each side's total (§8), and what a Scorch would discard now (§10, §11).

Every figure comes from the engine's one Strength rule, :meth:`deckcli.game.state.Game.row_values` (Weather,
Tight Bond, Morale Boost, Commander's Horn in that order, Heroes untouched, a Decoy at 0, the Passive
Leaders), and every Scorch from :meth:`deckcli.game.state.Game.strongest`: what the table would do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.game.abilities import ROW_SCORCH_THRESHOLD
from deckcli.game.cards import HERO, HORN, ROW_CODES, ROW_NAMES, UNIT
from deckcli.game.state import NO_HORN, horn_leader
from deckcli.render.layout import DEFAULT_WIDTH

if TYPE_CHECKING:
    from deckcli.catalog.model import Catalog
    from deckcli.game.board import Board
    from deckcli.game.state import Game



class CardScore(NamedTuple):
    """One card lying in a row: its ``name``, current ``strength``, ``printed`` Strength, ``kind`` (``unit``,
    ``hero`` or ``decoy``) and ``why``: each modifier in the order it applied (``weather 1``, ``bond ×3``,
    ``morale +1``, ``Horn ×2``; a Hero's ``Hero: untouched``)."""

    name: str
    strength: int
    printed: int
    kind: str
    why: tuple[str, ...]


class RowScore(NamedTuple):
    """One row of one side: its code (``close``, ``ranged``, ``siege``), total ``strength``, ``cards`` in the
    order they lie, the ``horn`` doubling it (the Commander's Horn, the Leader's name, a Horn unit's name, or
    ``None``), the ``weather`` striking it, whether a Mardroeme lies on it, and ``row_scorch``: the units a
    row-limited Scorch against it would discard now (none below 10 Strength, §10)."""

    row: str
    strength: int
    cards: tuple[CardScore, ...]
    horn: str | None
    weather: tuple[str, ...]
    mardroeme: bool
    row_scorch: tuple[str, ...]


class SideScore(NamedTuple):
    """One side: ``side`` (``me`` or ``opponent``), the faction's name, the Leader and what is said of it
    (``Passive``, ``used``, cancelled), the ``total`` Strength (§8) and the three rows."""

    side: str
    faction: str
    leader: str | None
    leader_note: str
    total: int
    rows: tuple[RowScore, RowScore, RowScore]


class Discarded(NamedTuple):
    """A unit a Scorch would discard: the ``side`` it lies on, its ``row``, ``name`` and ``strength``."""

    side: str
    row: str
    name: str
    strength: int


class ScoreReport(NamedTuple):
    """A board scored: the file, the Weather area, both sides, the units a Scorch Special would discard now
    (the strongest non-Hero units of the whole battlefield, all of a tie, §11) and who is ahead (``me``,
    ``opponent`` or ``None`` for level, Nilfgaard winning a tie, §3)."""

    where: str
    weather: tuple[str, ...]
    sides: tuple[SideScore, SideScore]
    scorch: tuple[Discarded, ...]
    ahead: str | None

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``deckcli score --format json`` (``schemas/output/score.schema.json``)."""
        return {
            "board": self.where,
            "weather": list(self.weather),
            "sides": {
                side.side: {
                    "faction": side.faction,
                    "leader": side.leader,
                    "total": side.total,
                    "rows": {
                        row.row: {
                            "strength": row.strength,
                            "horn": row.horn,
                            "weather": list(row.weather),
                            "mardroeme": row.mardroeme,
                            "cards": [
                                {"name": card.name, "strength": card.strength, "printed": card.printed,
                                 "kind": card.kind, "why": list(card.why)}
                                for card in row.cards
                            ],
                            "row_scorch": list(row.row_scorch),
                        }
                        for row in side.rows
                    },
                }
                for side in self.sides
            },
            "scorch": [victim._asdict() for victim in self.scorch],
            "ahead": self.ahead,
        }


def score_board(board: Board, catalog: Catalog) -> ScoreReport:
    """The position of ``board`` scored (§8, §10, §11, §12); ``catalog`` names the Horn and Mardroeme cards."""
    from deckcli.game.board import SIDES

    game = board.game(catalog)
    sides = tuple(_side_score(game, player, SIDES[player], catalog) for player in (0, 1))
    values = [game.row_values(slot) for slot in range(6)]
    scorch = tuple(
        Discarded(SIDES[slot // 3], ROW_CODES[slot % 3], game.cards.name[card], values[slot][game.rows[slot].index(card)])
        for slot, card in game.strongest(tuple(range(6)))
    )
    totals = [sides[0].total, sides[1].total]
    ahead: str | None = None
    if totals[0] != totals[1]:
        ahead = SIDES[0] if totals[0] > totals[1] else SIDES[1]
    elif (game.faction[0] == "nilfgaard") != (game.faction[1] == "nilfgaard"):
        ahead = SIDES[0] if game.faction[0] == "nilfgaard" else SIDES[1]
    weather = tuple(game.cards.name[card] for card in game.weather)
    return ScoreReport(board.where, weather, (sides[0], sides[1]), scorch, ahead)


def _side_score(game: Game, player: int, side: str, catalog: Catalog) -> SideScore:
    from deckcli.game.leaders import PASSIVE, WHITE_FLAME

    rows = [score_row(game, player * 3 + row) for row in range(3)]
    leader = game.leader[player]
    note = ""
    if leader is not None:
        if not game.leader_live[player]:
            note = f"cancelled by {WHITE_FLAME}"
        elif leader in PASSIVE:
            note = "Passive"
        elif game.leader_used[player]:
            note = "used"
    faction = next(f.name for f in catalog.factions.values() if f.slug == game.faction[player])
    return SideScore(side, faction, leader, note, sum(row.strength for row in rows), (rows[0], rows[1], rows[2]))


def score_row(game: Game, slot: int) -> RowScore:
    """Row ``slot`` (``side * 3 + row``) scored card by card (§8), with what doubles it, the Weather striking it and
    what a row-limited Scorch against it would take now (§10)."""
    table = game.cards
    row = slot % 3
    why: list[list[str]] = []
    values = game.row_values(slot, why)
    cards = tuple(
        CardScore(table.name[card], value, table.power[card],
                  "hero" if table.kind[card] == HERO else "unit" if table.kind[card] == UNIT else "decoy",
                  tuple(reasons))
        for card, value, reasons in zip(game.rows[slot], values, why)
    )
    taken: tuple[str, ...] = ()
    if game.row_total(slot) >= ROW_SCORCH_THRESHOLD:
        taken = tuple(table.name[card] for _, card in game.strongest((slot,)))
    weather = tuple(table.name[card] for card in game.weather if table.weather_rows[card] >> row & 1)
    return RowScore(ROW_CODES[row], sum(values), cards, _horn(game, slot), weather, bool(game.mardroeme[slot]), taken)


def _horn(game: Game, slot: int) -> str | None:
    """What doubles row ``slot``, as :meth:`~deckcli.game.state.Game.row_values` finds it (§11, §21)."""
    held = game.horn[slot]
    if horn_leader(held) >= 0:
        return game.leader[horn_leader(held)]
    if held != NO_HORN:
        return game.cards.name[held]
    table = game.cards
    return next((table.name[card] for card in game.rows[slot]
                 if table.ability[card] & HORN and table.kind[card] <= HERO), None)


# Text ----------------------------------------------------------------------------------------------


def render_score(report: ScoreReport, fmt: str = "text", width: int | None = DEFAULT_WIDTH) -> str:
    """The report as text (each card's Strength and why, each row's and side's total, the Scorch), its lines within
    ``width`` columns (``None``: no limit; a card's name and figures are one column of a table, never broken) or,
    with ``fmt="json"``, as its JSON document."""
    if fmt == "json":
        from deckcli.render.documents import document_json

        return document_json(report.as_dict())
    fit = width if width is not None else 1 << 30
    weather = ", ".join(f"{name} ({_struck(report, name)})" for name in dict.fromkeys(report.weather))
    lines = [f"Board: {report.where}", *_wrapped(weather or "none", " " * 4, fit, first="Weather: ")]
    groups = {side.side: [grouped_copies(row.cards) for row in side.rows] for side in report.sides}
    labels = [_label(name, count) for rows in groups.values() for row in rows for name, count, _ in row]
    widths = (max(map(len, labels), default=0), max((len(str(card.strength)) for side in report.sides
                                                       for row in side.rows for card in row.cards), default=1))
    each = any(count > 1 for rows in groups.values() for row in rows for _, count, _ in row)
    for side in report.sides:
        lines.append("")
        leader = f", Leader {side.leader}" + (f", {side.leader_note}" if side.leader_note else "") if side.leader else ""
        lines += _wrapped(f"{side.faction}{leader})", " " * 4, fit, first=f"{side.side.capitalize()}: {side.total} (")
        for row, row_groups in zip(side.rows, groups[side.side]):
            lines += _wrapped(f"{ROW_NAMES[ROW_CODES.index(row.row)]}: {row.strength}{_row_note(row)}", " " * 6,
                              fit, first="  ")
            for name, count, card in row_groups:
                lines += _card_lines(_label(name, count), card, count > 1, widths, each, fit)
    sentences = ["", *_scorch_lines(report), *_row_scorch_lines(report, fit), "", _verdict(report)]
    from deckcli.render.layout import Layout

    layout = Layout(width=width)
    for line in sentences:
        lines += layout.wrap(line, indent=line[: len(line) - len(line.lstrip())])
    return "\n".join(lines)


def _struck(report: ScoreReport, name: str) -> str:
    rows = [ROW_NAMES[ROW_CODES.index(row.row)] for row in report.sides[0].rows if name in row.weather]
    return " and ".join(rows) if rows else "no row"


def grouped_copies(cards: tuple[CardScore, ...]) -> list[tuple[str, int, CardScore]]:
    """Consecutive copies that are worth the same for the same reasons, as one line: ``(name, copies, card)``."""
    found: list[tuple[str, int, CardScore]] = []
    for card in cards:
        if found and found[-1][2] == card:
            found[-1] = (card.name, found[-1][1] + 1, card)
        else:
            found.append((card.name, 1, card))
    return found


def _label(name: str, count: int) -> str:
    return f"{name} ×{count}" if count > 1 else name


def _row_note(row: RowScore) -> str:
    notes = list(row.weather)
    if row.horn is not None:
        notes.append(row.horn if row.horn == "Commander's Horn" else f"doubled by {row.horn}")
    if row.mardroeme:
        notes.append("Mardroeme")
    return f" ({', '.join(notes)})" if notes else ""


def _why(card: CardScore) -> str:
    if card.kind == "decoy":
        return "Decoy: worth 0 (§11)"
    if card.kind == "hero":
        return "Hero: untouched (§5)"
    if not card.why:
        return ""
    return f"printed {card.printed}: " + ", ".join(card.why)


def _card_lines(label: str, card: CardScore, grouped: bool, widths: tuple[int, int], each: bool,
                width: int) -> list[str]:
    """One card's line, its reasons wrapped under their column when the line would pass ``width`` columns (on lines
    of their own when that column is past half the width)."""
    head = f"    {label:<{widths[0]}}  {card.strength:>{widths[1]}}" + ((" each" if grouped else "     ") if each else "")
    why = _why(card)
    if not why:
        return [head.rstrip()]
    column = len(head) + 2
    if column + len(why) <= width or column <= width // 2:
        return _wrapped(why, " " * column, width, first=head + "  ")
    return [head.rstrip(), *_wrapped(why, " " * 6, width)]


def _wrapped(text: str, indent: str, width: int, first: str | None = None) -> list[str]:
    """``text`` after ``first`` (else ``indent``), broken after a comma to fit ``width`` columns, the comma
    included, continued at ``indent``."""
    lines: list[str] = []
    line = first if first is not None else indent
    start = len(line)
    parts = text.split(", ")
    for index, part in enumerate(parts):
        piece = part if len(line) == start else ", " + part
        comma = 1 if index + 1 < len(parts) else 0  # the comma this line ends with if the next part breaks
        if len(line) + len(piece) + comma > width and len(line) > start:
            lines.append(line + ",")
            line, start, piece = indent, len(indent), part
        line += piece
    lines.append(line)
    return lines


def _scorch_lines(report: ScoreReport) -> list[str]:
    if not report.scorch:
        heroes = any(card.kind == "hero" for side in report.sides for row in side.rows for card in row.cards)
        return [f"Scorch (§11) would discard nothing: no unit {'but Heroes ' if heroes else ''}lies on the battlefield"]
    strength = report.scorch[0].strength
    count = len(report.scorch)
    units = "strongest non-Hero unit" if count == 1 else f"{count} strongest non-Hero units"
    lines = [f"Scorch (§11) now discards the {units}, Strength {strength}{' each' if count > 1 else ''}:"]
    victims: dict[tuple[str, str, str], int] = {}
    for victim in report.scorch:
        key = (victim.side, victim.row, victim.name)
        victims[key] = victims.get(key, 0) + 1
    for (side, row, name), copies in victims.items():
        lines.append(f"  {side}, {ROW_NAMES[ROW_CODES.index(row)]}: {_label(name, copies)}")
    return lines


def _row_scorch_lines(report: ScoreReport, width: int) -> list[str]:
    rows = [(side, row) for side in report.sides for row in side.rows if row.row_scorch]
    if not rows:
        return []
    lines = [f"A row-limited Scorch (§10, a unit's or a Leader's) against a row of {ROW_SCORCH_THRESHOLD} or more:"]
    for side, row in rows:
        names = ", ".join(_label(name, row.row_scorch.count(name)) for name in dict.fromkeys(row.row_scorch))
        lines += _wrapped(names, " " * 4, width, first=f"  {side.side}, {ROW_NAMES[ROW_CODES.index(row.row)]} "
                          f"({row.strength}): ")
    return lines


_WHO_IS_AHEAD = {"me": "you are ahead", "opponent": "the opponent is ahead"}
"""Who leads, in words a player reads: [me] is "you"."""


def _verdict(report: ScoreReport) -> str:
    me, opponent = report.sides
    totals = f"Me {me.total}, opponent {opponent.total}"
    if report.ahead is not None and me.total != opponent.total:
        return f"{totals}: {_WHO_IS_AHEAD[report.ahead]} by {abs(me.total - opponent.total)}"
    if report.ahead is not None:
        return f"{totals}: level; Nilfgaard wins a tie (§3), so {_WHO_IS_AHEAD[report.ahead]}"
    return f"{totals}: level; a round ending so costs both players a gem (§9)"
