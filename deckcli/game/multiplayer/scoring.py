"""A Free For All or two versus two board scored (``deckcli score``): every side's total (§8), what the round
would give each player or team now (§16's points, §17's gems), and what each Scorch would take.

Every Strength comes from the engine's one rule (:meth:`deckcli.game.state.Game.row_values`) and every Scorch
from :meth:`~deckcli.game.state.Game.strongest`; each card's figure and reasons are shaped as the two-player
report's (:class:`deckcli.game.scoring.CardScore`, :class:`~deckcli.game.scoring.RowScore`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.game.cards import HERO, HORN, ROW_CODES, ROW_NAMES, UNIT
from deckcli.game.abilities import ROW_SCORCH_THRESHOLD
from deckcli.game.modes import TEAM_NAMES, exceeded, ffa_round_points, next_ffa_starter, points_to_win
from deckcli.game.rounds import round_winner

FFA = "ffa"
from deckcli.game.modes import NORTHERN_REALMS
from deckcli.game.scoring import CardScore, RowScore, grouped_copies, score_row

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.multiplayer.board import TableBoard
    from deckcli.game.state import Game as Table



class SeatScore(NamedTuple):
    """One player: ``name``, faction's name, Leader, the ``side`` label they play on, and in Free For All the
    ``points`` before this round, the points the round would give (``round_points``) and the sum."""

    name: str
    faction: str
    leader: str | None
    side: str
    points: int
    round_points: int
    points_after: int


class TableSide(NamedTuple):
    """One side of the battlefield: its ``label`` (the player's name; ``Team A``), its players, total, rows."""

    label: str
    players: tuple[str, ...]
    total: int
    rows: tuple[RowScore, RowScore, RowScore]


class Taken(NamedTuple):
    """A unit a Scorch would discard: the side's label, its row, name, Strength."""

    side: str
    row: str
    name: str
    strength: int


class TableScore(NamedTuple):
    """A table scored. ``outcome`` says what the round would give now: Free For All, ``starter`` (who would start
    the next round, §16) and ``draws`` (Northern Realms players who would draw, §16); two versus two,
    ``winner`` (``Team A``, ``Team B`` or ``None``) and ``gems_after`` per team (§17, §9)."""

    where: str
    mode: str
    weather: tuple[str, ...]
    target: int
    seats: tuple[SeatScore, ...]
    sides: tuple[TableSide, ...]
    scorch: tuple[Taken, ...]
    outcome: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``deckcli score --format json`` for such a board (``score.schema.json``)."""
        return {
            "board": self.where,
            "weather": list(self.weather),
            "mode": self.mode,
            "points_to_win": self.target if self.mode == FFA else None,
            "players": [seat._asdict() for seat in self.seats],
            "table_sides": [
                {"label": side.label, "players": list(side.players), "total": side.total,
                 "rows": {row.row: _row_record(row) for row in side.rows}}
                for side in self.sides
            ],
            "special_scorch": [taken._asdict() for taken in self.scorch],
            "outcome": self.outcome,
        }


def _row_record(row: RowScore) -> dict[str, Any]:
    return {"strength": row.strength, "horn": row.horn, "weather": list(row.weather), "mardroeme": row.mardroeme,
            "cards": [{"name": c.name, "strength": c.strength, "printed": c.printed, "kind": c.kind, "why": list(c.why)}
                      for c in row.cards],
            "row_scorch": list(row.row_scorch)}


def score_table(board: TableBoard) -> TableScore:
    """``board`` scored (§8, §10, §11, §16, §17)."""
    table = board.table()
    target = points_to_win(table.players) if board.mode == FFA else 0
    labels = ([seat.name for seat in board.seats] if board.mode == FFA
              else [f"Team {name}" for name in TEAM_NAMES])
    sides = tuple(_side(table, side, labels[side], tuple(board.seats[p].name for p in table.members(side)))
                  for side in range(table.sides))
    totals = [side.total for side in sides]
    values = [table.row_values(slot) for slot in range(table.sides * 3)]
    scorch = tuple(Taken(labels[slot // 3], ROW_CODES[slot % 3], table.cards.name[card],
                         values[slot][table.rows[slot].index(card)])
                   for slot, card in table.strongest(tuple(range(table.sides * 3))))
    factions = table.faction
    if board.mode == FFA:
        gained = ffa_round_points(totals, factions)
        outcome: dict[str, Any] = {
            "starter": board.seats[next_ffa_starter(gained, 0)].name if max(gained) > 0 else None,
            "draws": [board.seats[p].name for p in range(table.players)
                      if factions[p] == NORTHERN_REALMS and exceeded(totals, p) >= 2],
            "winner": None, "shared": [],
        }
        after = [board.points[p] + gained[p] for p in range(table.players)]
        top = [board.seats[p].name for p in range(table.players) if after[p] == max(after)]
        if max(after) >= target:  # §16; a tie for the most at the points is shared (a ruling, docs/play.md)
            outcome["winner" if len(top) == 1 else "shared"] = top[0] if len(top) == 1 else top
    else:
        gained = [0] * table.players
        winner = round_winner(table, totals)
        outcome = {"winner": None if winner is None else labels[winner],
                   "gems_after": [side.gems - (0 if winner == index else 1) for index, side in enumerate(board.sides)]}
    seats = tuple(SeatScore(seat.name, seat.faction.name, seat.leader.name if seat.leader else None,
                            labels[table.side_of[index]], board.points[index], gained[index],
                            board.points[index] + gained[index])
                  for index, seat in enumerate(board.seats))
    return TableScore(board.where, board.mode, tuple(table.cards.name[c] for c in table.weather), target, seats,
                      sides, scorch, outcome)


def _side(table: Table, side: int, label: str, players: tuple[str, ...]) -> TableSide:
    """One side scored row by row (:func:`deckcli.game.scoring.score_row`: a side's rows are numbered as in the
    two-player game; no Leader doubles a row on these boards)."""
    rows = [score_row(table, side * 3 + row) for row in range(3)]
    return TableSide(label, players, sum(r.strength for r in rows), (rows[0], rows[1], rows[2]))


# Text ----------------------------------------------------------------------------------------------------------


def render_table_score(report: TableScore, fmt: str = "text", width: int | None = 80) -> str:
    """The report as text within ``width`` columns (``None``: no limit), or with ``fmt="json"`` its JSON document."""
    if fmt == "json":
        from deckcli.render.documents import document_json

        return document_json(report.as_dict())
    from deckcli.render.layout import Layout

    layout = Layout(width=width)

    def wrap(text: str) -> list[str]:
        return layout.wrap(text, indent=text[: len(text) - len(text.lstrip())])

    ffa = report.mode == FFA
    what = (f"Free For All, {len(report.seats)} players; {report.target} points win (§16)" if ffa
            else "two versus two: one side and two gems per team (§17)")
    lines = [f"Board: {report.where}", f"  {what}", f"Weather: {', '.join(report.weather) or 'none'}"]
    groups = [[_grouped(row.cards) for row in side.rows] for side in report.sides]
    label_width = max((len(label) for side in groups for row in side for label, _ in row), default=0)
    for side, side_groups in zip(report.sides, groups):
        lines.append("")
        who = ", ".join(f"{s.name} ({s.faction}{', ' + s.leader if s.leader else ''})"
                        for s in report.seats if s.side == side.label)
        lines += wrap(f"{who}: {side.total}" if ffa else f"{side.label}: {side.total} ({who})")
        for row, row_groups in zip(side.rows, side_groups):
            if not row.cards and row.horn is None:
                continue
            notes = list(row.weather) + ([row.horn] if row.horn else []) + (["Mardroeme"] if row.mardroeme else [])
            lines += wrap(f"  {ROW_NAMES[ROW_CODES.index(row.row)]}: {row.strength}"
                          + (f" ({', '.join(notes)})" if notes else ""))
            for label, card in row_groups:
                why = ("Hero: untouched (§5)" if card.kind == "hero" else "Decoy: worth 0 (§11)" if card.kind == "decoy"
                       else f"printed {card.printed}: {', '.join(card.why)}" if card.why else "")
                each = " each" if "×" in label else "     "
                lines += wrap(f"    {label:<{label_width}}  {card.strength:>2}{each}" + (f"  {why}" if why else ""))
    lines.append("")
    if ffa:
        lines.append("This round (§16: a point per opponent whose Strength you exceed):")
        name_width = max(len(s.name) for s in report.seats)
        totals = {side.label: side.total for side in report.sides}
        for seat in report.seats:
            lines.append(f"  {seat.name:<{name_width}}  {totals[seat.side]:>3}  scores {seat.round_points}"
                         f"  (points {seat.points} -> {seat.points_after})")
        starter = report.outcome["starter"]
        lines += wrap(f"  Next round: {starter} starts (the most points this round)" if starter else
                      "  Next round: nobody scored, so this round's starter starts again (docs/play.md)")
        for name in report.outcome["draws"]:
            lines += wrap(f"  Northern Realms: {name} draws a card (exceeds at least two opponents)")
        if report.outcome["winner"]:
            lines += wrap(f"  {report.outcome['winner']} reaches {report.target} points and wins the game")
        if report.outcome["shared"]:
            lines += wrap(f"  {' and '.join(report.outcome['shared'])} reach {report.target} points level: they share "
                          "a draw (docs/play.md)")
    else:
        a, b = report.sides
        winner = report.outcome["winner"]
        gems = report.outcome["gems_after"]
        lines += wrap(f"This round (§17, §9): Team A {a.total}, Team B {b.total}: "
                      + (f"{winner} wins the round" if winner else "level, both teams lose a gem"))
        lines += wrap(f"  gems after it: Team A {gems[0]}, Team B {gems[1]} (two per team, §17)")
    lines.append("")
    lines += _scorch_lines(report, wrap)
    return "\n".join(line.rstrip() for line in lines)


def _counted(names: list[str]) -> str:
    return ", ".join(f"{name} ×{names.count(name)}" if names.count(name) > 1 else name for name in dict.fromkeys(names))


def _scorch_lines(report: TableScore, wrap: Callable[[str], list[str]]) -> list[str]:
    lines: list[str] = []
    if report.scorch:
        lines += wrap(f"Scorch (§11) now discards the strongest non-Hero units, Strength {report.scorch[0].strength}:")
        places: dict[tuple[str, str], list[str]] = {}
        for taken in report.scorch:
            places.setdefault((taken.side, taken.row), []).append(taken.name)
        for (label, code), names in places.items():
            lines += wrap(f"  {label}, {ROW_NAMES[ROW_CODES.index(code)]}: {_counted(names)}")
    else:
        lines.append("Scorch (§11) would discard nothing: no non-Hero unit lies on the battlefield")
    rows = [(side, row) for side in report.sides for row in side.rows if row.row_scorch]
    each = ", each opponent's row apart (§16)" if report.mode == FFA else ""
    if rows:
        lines += wrap(f"A unit's Scorch (§10) takes, from a row of {ROW_SCORCH_THRESHOLD} or more{each}:")
        for side, row in rows:
            lines += wrap(f"  {side.label}, {ROW_NAMES[ROW_CODES.index(row.row)]} ({row.strength}): "
                          f"{_counted(list(row.row_scorch))}")
    else:
        lines.append(f"A unit's Scorch (§10) would take nothing: no row totals {ROW_SCORCH_THRESHOLD} or more")
    return lines


def _grouped(cards: tuple[CardScore, ...]) -> list[tuple[str, CardScore]]:
    """Consecutive copies worth the same for the same reasons (:func:`~deckcli.game.scoring.grouped_copies`), as
    one ``(label, card)``: ``Ballista ×2``."""
    return [(f"{name} ×{count}" if count > 1 else name, card) for name, count, card in grouped_copies(cards)]
