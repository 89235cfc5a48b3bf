"""A position scored card by card (``deckcli score``), in every mode: each unit's current Strength and why, each
row's and each side's total (§8), what a Scorch would discard now (§10, §11) and what the round would give if it
ended now (§9; §16's points, §17's gems).

Every figure comes from the engine's one Strength rule, :meth:`deckcli.game.state.Game.row_values` (Weather,
Tight Bond, Morale Boost, Commander's Horn in that order, Heroes untouched, a Decoy at 0, the Passive Leaders),
every Scorch from :meth:`deckcli.game.state.Game.strongest`, and the round's outcome from the engine's end of a
round (:func:`deckcli.game.rounds.score_round`, played on a copy of the position): what the table would do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.game.abilities import ROW_SCORCH_THRESHOLD
from deckcli.game.cards import HERO, HORN, ROW_CODES, ROW_NAMES, UNIT
from deckcli.game.modes import TEAM_NAMES, points_to_win
from deckcli.game.state import NO_HORN, horn_leader
from deckcli.render.layout import DEFAULT_WIDTH

if TYPE_CHECKING:
    from deckcli.catalog.model import Catalog
    from deckcli.game.board import Board
    from deckcli.game.state import Game

STANDARD = "standard"
"""The mode name of a two-player board (:attr:`deckcli.game.modes.Mode.name`), whose JSON document is its own."""


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


class PlayerScore(NamedTuple):
    """One player: ``name`` (a two-player board's ``me`` and ``opponent``), the faction's name, the Leader and what
    is said of it (``leader_note``: ``Passive``, ``used``, cancelled), the ``side`` they play on (its label), and in
    Free For All the ``points`` before this round, the points the round would give (``round_points``, §16) and the
    sum (``points_after``)."""

    name: str
    faction: str
    leader: str | None
    leader_note: str
    side: str
    points: int
    round_points: int
    points_after: int


class SideScore(NamedTuple):
    """One side of the battlefield: its ``label`` (``me``, ``opponent``; a Free For All player's name; ``Team A``),
    its ``players`` (indices into :attr:`ScoreReport.players`, in turn order), the ``total`` Strength (§8) and the
    three rows."""

    label: str
    players: tuple[int, ...]
    total: int
    rows: tuple[RowScore, RowScore, RowScore]


class Discarded(NamedTuple):
    """A unit a Scorch would discard: the ``side`` it lies on (its label), its ``row``, ``name`` and ``strength``."""

    side: str
    row: str
    name: str
    strength: int


class Outcome(NamedTuple):
    """What the round would give if it ended now, as the engine ends it (§9, §16, §17): the side winning the round
    (``winner``, a label; ``None``: nobody, or Free For All, which scores points), each side's ``gems_after`` (by
    gems), whether the game is then ``over`` and who wins it (``game_winner``; ``None``: a draw, or not over),
    the players sharing a draw at the points to win (``shared``, Free For All, a ruling), who starts the next round
    (``starter``, a player's name; ``None``: the game is over or a coin decides, §9) and the Northern Realms players
    who draw a card as it starts (``draws``, §3, §16)."""

    winner: str | None
    gems_after: tuple[int, ...]
    over: bool
    game_winner: str | None
    shared: tuple[str, ...]
    starter: str | None
    draws: tuple[str, ...]


class ScoreReport(NamedTuple):
    """A board scored: the file, the ``mode``'s name (``standard``, ``ffa``, ``teams``), the points that win
    (``target``, Free For All; 0 otherwise), the Weather area, every player and side, the units a Scorch Special would
    discard now (the strongest non-Hero units of the whole battlefield, all of a tie, §11), the side ``ahead``
    (its label; ``None``: level, Nilfgaard winning a tie, §3; Free For All: the most Strength alone) and the round's
    ``outcome``."""

    where: str
    mode: str
    target: int
    weather: tuple[str, ...]
    players: tuple[PlayerScore, ...]
    sides: tuple[SideScore, ...]
    scorch: tuple[Discarded, ...]
    ahead: str | None
    outcome: Outcome

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``deckcli score --format json`` (``schemas/output/score.schema.json``): a two-player
        board's ``sides``, ``scorch`` and ``ahead``; any other's ``mode``, ``points_to_win``, ``players``,
        ``table_sides``, ``special_scorch`` and ``outcome``."""
        if self.mode == STANDARD:
            return {
                "board": self.where,
                "weather": list(self.weather),
                "sides": {
                    side.label: {
                        "faction": self.players[side.players[0]].faction,
                        "leader": self.players[side.players[0]].leader,
                        "total": side.total,
                        "rows": {row.row: _row_record(row) for row in side.rows},
                    }
                    for side in self.sides
                },
                "scorch": [victim._asdict() for victim in self.scorch],
                "ahead": self.ahead,
            }
        outcome = self.outcome
        record: dict[str, Any] = {"winner": outcome.winner, "over": outcome.over, "draws": list(outcome.draws)}
        if self.mode == "ffa":
            record.update(winner=outcome.game_winner, shared=list(outcome.shared), starter=outcome.starter)
        else:
            record["gems_after"] = list(outcome.gems_after)
        return {
            "board": self.where,
            "weather": list(self.weather),
            "mode": self.mode,
            "points_to_win": self.target or None,
            "players": [{"name": p.name, "faction": p.faction, "leader": p.leader, "side": p.side, "points": p.points,
                         "round_points": p.round_points, "points_after": p.points_after} for p in self.players],
            "table_sides": [
                {"label": side.label, "players": [self.players[p].name for p in side.players], "total": side.total,
                 "rows": {row.row: _row_record(row) for row in side.rows}}
                for side in self.sides
            ],
            "special_scorch": [victim._asdict() for victim in self.scorch],
            "outcome": record,
        }


def _row_record(row: RowScore) -> dict[str, Any]:
    return {
        "strength": row.strength,
        "horn": row.horn,
        "weather": list(row.weather),
        "mardroeme": row.mardroeme,
        "cards": [{"name": card.name, "strength": card.strength, "printed": card.printed, "kind": card.kind,
                   "why": list(card.why)} for card in row.cards],
        "row_scorch": list(row.row_scorch),
    }


def score_board(board: Board, catalog: Catalog) -> ScoreReport:
    """The position of ``board`` scored (§8, §10, §11, §12; the round's end: §9, §16, §17); ``catalog`` names the
    factions, the Horn and the Mardroeme cards."""
    game = board.game(catalog)
    mode = game.mode.name
    names = [seat.name for seat in board.seats]
    labels = (list(names) if mode != "teams" else [f"Team {team}" for team in TEAM_NAMES])[:game.sides]
    sides = tuple(_side_score(game, side, labels[side]) for side in range(game.sides))
    values = [game.row_values(slot) for slot in range(len(game.rows))]
    scorch = tuple(
        Discarded(labels[slot // 3], ROW_CODES[slot % 3], game.cards.name[card],
                  values[slot][game.rows[slot].index(card)])
        for slot, card in game.strongest(tuple(range(len(game.rows))))
    )
    outcome, gained = _outcome(game, labels, names)
    players = tuple(
        PlayerScore(names[player], _faction_name(catalog, game.faction[player]), game.leader[player],
                    _leader_note(game, player), labels[game.side_of[player]], game.points[player], gained[player],
                    game.points[player] + gained[player])
        for player in range(game.players)
    )
    totals = [side.total for side in sides]
    ahead = outcome.winner
    if not game.mode.gems:
        ahead = labels[totals.index(max(totals))] if totals.count(max(totals)) == 1 else None
    weather = tuple(game.cards.name[card] for card in game.weather)
    target = points_to_win(game.players) if not game.mode.gems else 0
    return ScoreReport(board.where, mode, target, weather, players, sides, scorch, ahead, outcome)


def _outcome(game: Game, labels: list[str], names: list[str]) -> tuple[Outcome, list[int]]:
    """The round ended on a copy of ``game`` (every player passed) as the engine ends it; with each player's points
    for it (Free For All; 0 otherwise)."""
    from deckcli.game.rounds import faction_draws, round_winner, score_round

    after = game.copy()
    after.passed = [True] * game.players
    totals = game.scores()
    score_round(after)
    gained = after.round_points[-1] if after.round_points else [0] * game.players
    winner = round_winner(game, totals) if game.mode.gems else None
    won = after.winner if after.over else None
    shared: tuple[str, ...] = ()
    if after.over and won is None and not game.mode.gems:
        top = max(after.points)
        shared = tuple(names[p] for p in range(game.players) if after.points[p] == top)
    starter = None
    if not after.over and (winner is not None or not game.mode.gems):
        starter = names[after.starter]
    draws = () if after.over else tuple(names[p] for p in faction_draws(game, winner, totals))
    return Outcome(None if winner is None else labels[winner], tuple(after.gems) if game.mode.gems else (),
                   after.over, None if won is None else labels[won], shared, starter, draws), list(gained)


def _faction_name(catalog: Catalog, slug: str) -> str:
    return next(f.name for f in catalog.factions.values() if f.slug == slug)


def _leader_note(game: Game, player: int) -> str:
    """What is said of ``player``'s Leader: cancelled by The White Flame, Passive (§5), used, or nothing."""
    from deckcli.game.leaders import PASSIVE, WHITE_FLAME

    leader = game.leader[player]
    if leader is None:
        return ""
    if not game.leader_live[player]:
        return f"cancelled by {WHITE_FLAME}"
    if leader in PASSIVE:
        return "Passive"
    return "used" if game.leader_used[player] else ""


def _side_score(game: Game, side: int, label: str) -> SideScore:
    rows = [score_row(game, side * 3 + row) for row in range(3)]
    return SideScore(label, game.members(side), sum(row.strength for row in rows), (rows[0], rows[1], rows[2]))


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
    """The report as text (each card's Strength and why, each row's and side's total, the Scorch, the round's
    outcome), its lines within ``width`` columns (``None``: no limit; a card's name and figures are one column of a
    table, never broken) or, with ``fmt="json"``, as its JSON document."""
    if fmt == "json":
        from deckcli.render.documents import document_json

        return document_json(report.as_dict())
    from deckcli.render.layout import Layout

    fit = width if width is not None else 1 << 30
    weather = ", ".join(f"{name} ({_struck(report, name)})" for name in dict.fromkeys(report.weather))
    lines = [f"Board: {report.where}"]
    if report.mode != STANDARD:
        players = len(report.players)
        lines.append(f"  Free For All, {players} players; {report.target} points win (§16)" if report.target else
                     "  two versus two: one side and two gems per team (§17)")
    lines += _wrapped(weather or "none", " " * 4, fit, first="Weather: ")
    groups = [[grouped_copies(row.cards) for row in side.rows] for side in report.sides]
    labels = [_label(name, count) for rows in groups for row in rows for name, count, _ in row]
    widths = (max(map(len, labels), default=0), max((len(str(card.strength)) for side in report.sides
                                                       for row in side.rows for card in row.cards), default=1))
    each = any(count > 1 for rows in groups for row in rows for _, count, _ in row)
    for side, side_groups in zip(report.sides, groups):
        lines.append("")
        lines += _wrapped(f"{_who(report, side)})", " " * 4, fit,
                          first=f"{side.label[:1].upper()}{side.label[1:]}: {side.total} (")
        for row, row_groups in zip(side.rows, side_groups):
            lines += _wrapped(f"{ROW_NAMES[ROW_CODES.index(row.row)]}: {row.strength}{_row_note(row)}", " " * 6,
                              fit, first="  ")
            for name, count, card in row_groups:
                lines += _card_lines(_label(name, count), card, count > 1, widths, each, fit)
    sentences = ["", *_scorch_lines(report), *_row_scorch_lines(report, fit), "", *_outcome_lines(report)]
    layout = Layout(width=width)
    for line in sentences:
        lines += layout.wrap(line, indent=line[: len(line) - len(line.lstrip())])
    return "\n".join(lines)


def _who(report: ScoreReport, side: SideScore) -> str:
    """Who plays a side, for its heading: the faction and Leader (``Northern Realms, Leader Foltest: The
    Siegemaster, used``); at a team's side each player's, named (``Anna: Monsters; Cleo: Skellige``)."""
    said = []
    for index in side.players:
        player = report.players[index]
        leader = f", Leader {player.leader}" + (f", {player.leader_note}" if player.leader_note else "") \
            if player.leader else ""
        said.append(f"{player.name}: {player.faction}{leader}" if len(side.players) > 1 else
                    f"{player.faction}{leader}")
    return "; ".join(said)


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
    apart = " (§16: each opponent's apart)" if report.target else ""
    lines = [f"A row-limited Scorch (§10, a unit's or a Leader's) against a row of {ROW_SCORCH_THRESHOLD} or "
             f"more{apart}:"]
    for side, row in rows:
        names = ", ".join(_label(name, row.row_scorch.count(name)) for name in dict.fromkeys(row.row_scorch))
        lines += _wrapped(names, " " * 4, width, first=f"  {side.label}, {ROW_NAMES[ROW_CODES.index(row.row)]} "
                          f"({row.strength}): ")
    return lines


_WHO_IS_AHEAD = {"me": "you are ahead", "opponent": "the opponent is ahead"}
"""Who leads, in words a player reads: [me] is "you"."""


def _outcome_lines(report: ScoreReport) -> list[str]:
    """The round's end as the rules would have it now: a two-player board's one line (who is ahead, §3, §9), a
    team board's winner and gems (§17, §9), a Free For All board's points (§16); then, at a larger table, the game's
    end or the next round's starter and the Northern Realms draws."""
    outcome = report.outcome
    if report.mode == STANDARD:
        me, opponent = report.sides
        totals = f"Me {me.total}, opponent {opponent.total}"
        if report.ahead is not None and me.total != opponent.total:
            return [f"{totals}: {_WHO_IS_AHEAD[report.ahead]} by {abs(me.total - opponent.total)}"]
        if report.ahead is not None:
            return [f"{totals}: level; Nilfgaard wins a tie (§3), so {_WHO_IS_AHEAD[report.ahead]}"]
        return [f"{totals}: level; a round ending so costs both players a gem (§9)"]
    if report.target:
        lines = ["This round (§16: a point per opponent whose Strength you exceed):"]
        width = max(len(player.name) for player in report.players)
        strength = {side.label: side.total for side in report.sides}
        for player in report.players:
            lines.append(f"  {player.name:<{width}}  {strength[player.side]:>3}  scores {player.round_points}"
                         f"  (points {player.points} -> {player.points_after})")
        if outcome.game_winner is not None:
            lines.append(f"  {outcome.game_winner} reaches {report.target} points with the most and wins the game "
                         "(§16)")
        elif outcome.shared:
            lines.append(f"  {' and '.join(outcome.shared)} reach {report.target} points level: they share a draw "
                         "(docs/play.md)")
        else:
            lines.append(_next_starter(report))
    else:
        a, b = report.sides
        lines = [f"This round (§17, §9): {a.label} {a.total}, {b.label} {b.total}: "
                 + (f"{outcome.winner} wins the round" if outcome.winner else "level, both teams lose a gem"),
                 f"  gems after it: {a.label} {outcome.gems_after[0]}, {b.label} {outcome.gems_after[1]} (two per "
                 "team, §17)"]
        if outcome.over:
            lines.append(f"  {outcome.game_winner} wins the game: the other team has no gem left (§9)"
                         if outcome.game_winner else "  both teams lose their last gem: the game is a draw (§9)")
    reason = "exceeds at least two opponents, §16" if report.target else "its team won the round, §3"
    lines += [f"  Northern Realms: {name} draws a card ({reason})" for name in outcome.draws]
    return lines


def _next_starter(report: ScoreReport) -> str:
    """Who starts the next Free For All round (§16: "the player who scored the most points in the previous round");
    on a tie for the most, the first of them clockwise from this round's starter, the board's first player
    (docs/play.md)."""
    gained = [player.round_points for player in report.players]
    top = [player.name for player in report.players if player.round_points == max(gained)]
    if max(gained) == 0:
        return (f"  Next round: nobody scored, so this round's starter starts again: {report.outcome.starter} "
                "(the board's first player, docs/play.md)")
    if len(top) == 1:
        return f"  Next round: {report.outcome.starter} starts (the most points this round)"
    return (f"  Next round: {report.outcome.starter} starts ({' and '.join(top)} tie for the most points; of them, "
            "the first clockwise from this round's starter, the board's first player: docs/play.md)")
