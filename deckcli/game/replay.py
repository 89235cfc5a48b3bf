"""A logged game told turn by turn (``deckcli replay``), in every mode: each event as a sentence in the game's terms,
with every side's total and every hand's size after it, and a listing of a log's games.

The sentences come from the log alone (:mod:`deckcli.game.game_log`): what an event did is read from the board
before and after it (the Strength each side gained or lost, §8; the Weather set or cleared, §12). Players are named
by letter in turn order, ``A``, ``B``, ``C``, ... (:func:`seat_names`; in two versus two ``A1``, ``B1``, ``A2``,
``B2`` on the sides ``Team A`` and ``Team B``, §17), each named once at the top. Nothing here prints: the text is
returned.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.game.cards import ROW_NAMES, ROW_NUMBERS
from deckcli.game.game_log import MAX_LISTED
from deckcli.game.modes import TEAM_NAMES, points_to_win
from deckcli.text import counted, spoken

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from deckcli.game.game_log import Board, GameSummary, LoggedGame, Seats

REASONS = {"spy": "a Spy, §10", "faction": "Northern Realms won the round, §3", "leader": "its Leader"}
"""Why a card was drawn (or discarded from the hand), by the log's ``reason``."""
UNHEADED = ("hand", "exchange", "round_end", "game_end", "keep")
"""The events told under the part already shown: a round's heading comes before its first other event."""
TURNS = ("play", "pass", "leader")
"""The events a turn begins with (§7): the first of a round is its starting player's."""


@dataclass(frozen=True)
class SeatNames:
    """How a game's seats are told: ``players``, a name per player in turn order; ``sides``, a name per side as a
    sentence says it (a player's own, or ``Team A``); ``tags``, a short one per side, as the totals' heading has it;
    ``side_of``, each player's side."""

    players: tuple[str, ...]
    sides: tuple[str, ...]
    tags: tuple[str, ...]
    side_of: tuple[int, ...]

    def side(self, player: int) -> str:
        """The name of ``player``'s side."""
        return self.sides[self.side_of[player]]


def seat_names(seats: Seats) -> SeatNames:
    """The names of ``seats``: ``A``, ``B``, ``C``, ... each on a side of their own (the two-player game, Free For
    All); in two versus two ``A1``, ``B1``, ``A2``, ``B2`` (§17's turn order), on ``Team A``'s and ``Team B``'s
    sides."""
    seating = seats.seating
    if seats.mode == "teams":
        players = tuple(f"{TEAM_NAMES[side]}{seating.members[side].index(player) + 1}"
                        for player, side in enumerate(seating.side_of))
        return SeatNames(players, tuple(f"Team {name}" for name in TEAM_NAMES), TEAM_NAMES, seating.side_of)
    letters = tuple(chr(ord("A") + player) for player in range(seats.players))
    return SeatNames(letters, letters, letters, seating.side_of)


@dataclass(frozen=True)
class Step:
    """One event told: its ``round``, the ``player`` it belongs to (``None``: none; a round's or a game's end: the
    winning side), the ``text`` saying what it did, and ``scores`` (per side) and ``hands`` (per player) after it;
    ``heading`` starts a new part (a round, the set-up)."""

    round: int
    player: int | None
    text: str
    scores: tuple[int, ...]
    hands: tuple[int, ...]
    heading: str = ""


@dataclass
class Telling:
    """What the sentences of one game need besides its events: its ``seats`` and their ``names``, each side's
    ``decks`` (:attr:`~deckcli.game.game_log.GameSummary.side_decks`), the seat of Gwent Solo's ``automaton``
    (``None``: none), and who took the first turn of each round (``starters``, by round)."""

    seats: Seats
    names: SeatNames
    decks: list[str]
    automaton: int | None = None
    starters: dict[int, int] = field(default_factory=dict)

    def who(self, event: dict[str, Any]) -> str:
        """The name of the player ``event`` belongs to (empty: none)."""
        player = event["player"]
        return self.names.players[player] if player is not None and 0 <= player < len(self.names.players) else ""

    def whose_side(self, event: dict[str, Any]) -> str:
        """The name of the side of the player ``event`` belongs to (empty: none)."""
        player = event["player"]
        return self.names.side(player) if player is not None and 0 <= player < len(self.names.players) else ""


def _row(code: str | None) -> str:
    return ROW_NAMES[ROW_NUMBERS[code]] if code in ROW_NUMBERS else "no row"


def _swing(before: Board, after: Board, told: Telling) -> str:
    """The change of each side's total, ``A +5, B −4`` (empty when none moved)."""
    parts = [f"{told.names.sides[side]} {now - then:+d}".replace("-", "−")
             for side, (then, now) in enumerate(zip(before.scores, after.scores)) if now != then]
    return ", ".join(parts)


def _start(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    """Who starts the game, and why, from what the log says: a Scoia'tael player's choice (§3, ``chosen_by``);
    else Gwent Solo's rule (the automaton starts, §18, unless the player is Scoia'tael, §19); else chance (the coin
    of §6; §16 "randomly determine who begins"; a team game's first player drawn from all four seats, a ruling)."""
    chooser = event.get("chosen_by")
    if chooser is not None:
        how = f"{told.names.players[chooser]}'s choice (Scoia'tael, §3)"
    elif told.automaton is not None:
        how = ("Gwent Solo: the automated opponent starts, §18" if event["player"] == told.automaton
               else "Gwent Solo: a Scoia'tael player starts, §19")
    elif told.seats.mode == "ffa":
        how = "drawn at random, §16"
    elif told.seats.mode == "teams":
        how = "drawn at random from the four seats, a ruling"
    else:
        how = "the coin"
    return f"{told.who(event)} starts ({how})"


def _hand(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    cards = event.get("cards", [])
    return f"{told.who(event)} is dealt {counted(len(cards), 'card', 'cards')}: {', '.join(cards)}"


def _draw(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    why = REASONS.get(event.get("reason", ""), "")
    if why and event.get("reason") == "faction" and not told.seats.gems:
        why = "Northern Realms exceeded at least two opponents, §16"
    return f"{told.who(event)} draws {spoken(event.get('cards', []))}" + (f" ({why})" if why else "")


def _leader(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    swing = _swing(before, after, told)
    return f"{told.who(event)} uses the Leader {event['card']}" + (f": {swing}" if swing else "")


def _discard(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    if event["row"] is None:
        return (f"{told.who(event)} discards {event['card']} from the hand "
                f"({REASONS.get(event.get('reason', ''), 'a card')})")
    return (f"{event['card']} ({told.whose_side(event)}, {_row(event['row'])}) is scorched: "
            f"{_swing(before, after, told) or 'no change'}")


def _returned(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    if event.get("reason") == "leader":
        return f"{told.who(event)} takes {event['card']} back into the hand (its Leader)"
    return f"{event['card']} returns to {told.whose_side(event)}'s {_row(event['row'])} (Skellige, §3)"


def _reveal(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    """Cards of a hand shown (a Leader's): ``player``'s hand, or with ``player`` null the opposing players' hands
    together (a Leader at a table of several opponents), to the player ``to``."""
    player, to = event["player"], event.get("to")
    if to is None and player is not None and told.seats.players == 2:
        to = 1 - player
    whose = f"{told.who(event)}'s hand" if player is not None else "Cards of the opponents' hands"
    shown_to = f" to {told.names.players[to]}" if to is not None else ""
    return f"{whose} shown{shown_to}: {', '.join(event.get('cards', []))}"


def _round_end(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    """A round's end (§9): the totals it was decided on; who wins it and the gems left, or in Free For All the points
    each player scored and has (§16); what stays on the battlefield (Monsters' kept unit, §3); and, at a table of
    more than two players, who starts the next round and why (:func:`_next_starter`)."""
    names = told.names
    totals = event.get("totals", before.scores)
    told_end = f"Round {event['round']} ends {' : '.join(str(total) for total in totals)}"
    if told.seats.gems:
        winner = event["player"]
        result = "a tie, nobody wins it" if winner is None else f"{names.sides[winner]} wins it"
        gems = ", ".join(f"{names.sides[side]} {gems}" for side, gems in enumerate(event["gems"]))
        told_end += f", {result}; gems {gems}"
    else:
        scored = ", ".join(f"{name} {points}" for name, points in zip(names.players, event.get("round_points", [])))
        points = ", ".join(f"{name} {points}" for name, points in zip(names.players, after.points))
        told_end += f"; points scored {scored} (§16); points now {points}"
    staying = [[name for slot in range(side * 3, side * 3 + 3) for name, _ in after.rows[slot]]
               for side in range(told.seats.sides)]
    left = [f"{names.sides[side]}: {', '.join(cards)}" for side, cards in enumerate(staying) if cards]
    stays = f"; on the battlefield still: {'; '.join(left)}" if left else ""
    return told_end + stays + _next_starter(event, told)


def _next_starter(event: dict[str, Any], told: Telling) -> str:
    """Who takes the next round's first turn, and why, at a table of more than two players (the rulings of
    docs/play.md): in Free For All the player who scored the most points in the round (§16; a tie for the most: the
    first of them in turn order from the round's starter; nobody scored: the same starter); in two versus two the
    winning team's first player (a tie: a coin picks the team). Empty for two players (the round's winner starts)
    and when no next round was played."""
    starter = told.starters.get(event["round"] + 1)
    if told.seats.mode is None or starter is None:
        return ""
    if told.seats.mode == "teams":
        why = ("the winning team's first player, a ruling" if event["player"] is not None
               else "a coin picked the team, a ruling")
    else:
        scored = event.get("round_points", [])
        top = max(scored, default=0)
        why = ("nobody scored, so the same player starts again, a ruling" if top == 0
               else "the most points this round, §16" if scored.count(top) == 1
               else "tied for the most points, the first of them in turn order from this round's starter, a ruling")
    return f"; {told.names.players[starter]} starts round {event['round'] + 1} ({why})"


def _game_end(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    """The game's end: its winner and deck (a side; in Free For All with its points, §16), or a draw; in Free For
    All the players sharing first place, and a game that ended as it stood (``reason: "unchanged"``, docs/play.md)."""
    winner = event.get("winner", event["player"])
    if told.seats.gems:
        if winner is None:
            return "The game is a draw"
        return f"{told.names.sides[winner]} ({told.decks[winner]}) wins the game"
    points = after.points
    top = max(points, default=0)
    needed = f"{points_to_win(told.seats.players)} win, §16"
    if winner is None:
        first = [told.names.players[player] for player, had in enumerate(points) if had == top]
        text = f"The game is a draw: {spoken(first)} share first place with {top} points ({needed})"
    else:
        text = (f"{told.names.players[winner]} ({told.decks[winner]}) wins the game with {points[winner]} points "
                f"({needed})")
    if event.get("reason") == "unchanged":
        text += "; no round could change the game any more, so it ended as it stood (a ruling)"
    return text


def _played(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    who = told.who(event)
    card = event.get("card")
    row = event.get("row")
    swing = _swing(before, after, told)
    tail = f": {swing}" if swing else ""
    if "target" in event:
        return f"{who} plays Decoy on {_row(row)}, taking {event['target']} back into the hand{tail}"
    if row is None:
        if before.weather and not after.weather:
            return f"{who} plays {card}: the Weather is cleared{tail}"
        added = [name for name in after.weather if name not in before.weather]
        if card in after.weather or added:
            return f"{who} plays {card} into the Weather area{tail}"
        return f"{who} plays {card}{tail}"
    side = event.get("side")
    player = event["player"]
    own = told.names.side_of[player] if player is not None and 0 <= player < len(told.names.side_of) else None
    where = f"{told.names.sides[side]}'s {_row(row)} (a Spy)" if side is not None and side != own else _row(row)
    where += _source(event, before, after, told)
    if any(card == horn for horn in after.horns) and after.horns != before.horns:
        return f"{who} plays {card} in the Horn zone of {where}{tail}"
    return f"{who} plays {card} to {where}{tail}"


def _source(event: dict[str, Any], before: Board, after: Board, told: Telling) -> str:
    """Where a card played came from when not from the hand: the discard pile of its player's side (a Medic, §10;
    §17: the team's) or the deck (Muster, a Leader; the automaton of Gwent Solo reveals every card from its deck,
    §18)."""
    player = event["player"]
    if player is None or not 0 <= player < len(after.hands) or after.hands[player] < before.hands[player]:
        return ""
    card = event["card"]
    side = told.names.side_of[player]
    if before.piles[side].count(card) > after.piles[side].count(card):
        return " from the discard pile"
    if after.decks[player] < before.decks[player]:
        return " from the deck"
    return ""


TELLERS: dict[str, Callable[[dict[str, Any], Board, Board, Telling], str]] = {
    "start": _start,
    "hand": _hand,
    "exchange": lambda e, b, a, t: f"{t.who(e)} exchanges {e['card']} for {e.get('drawn')} (§6)",
    "draw": _draw,
    "play": _played,
    "leader": _leader,
    "pass": lambda e, b, a, t: f"{t.who(e)} passes",
    "discard": _discard,
    "summon": lambda e, b, a, t: (f"{e['card']} takes the field for {t.whose_side(e)} on {_row(e['row'])} "
                                  "(Summon, §10)"),
    "transform": lambda e, b, a, t: (f"{e.get('replaced')} turns into {e['card']} on {t.whose_side(e)}'s "
                                     f"{_row(e['row'])} (Berserker, §10): {_swing(b, a, t)}"),
    "return": _returned,
    "reveal": _reveal,
    "keep": lambda e, b, a, t: f"{t.who(e)} keeps {e['card']} on {_row(e['row'])} for the next round (Monsters, §3)",
    "move": lambda e, b, a, t: (f"{t.who(e)} moves {e['card']} from {_row(e.get('from'))} to {_row(e['row'])}: "
                                f"{_swing(b, a, t)}"),
    "round_end": _round_end,
    "game_end": _game_end,
}
"""Each kind of event to the sentence that tells it, from the event, the boards before and after it, and the
game's :class:`Telling`."""


def telling(game: LoggedGame) -> Telling:
    """What the sentences of ``game`` need besides its events (:class:`Telling`)."""
    starters: dict[int, int] = {}
    for event in game.events:
        if event["event"] in TURNS and event["player"] is not None:
            starters.setdefault(event["round"], event["player"])
    seats = game.summary.seats
    return Telling(seats, seat_names(seats), game.summary.side_decks, game.automaton, starters)


def steps(game: LoggedGame) -> list[Step]:
    """Every event of ``game`` told, in order (a heading before the set-up and before each round's first play)."""
    from deckcli.game.game_log import Board

    told_game = telling(game)
    told: list[Step] = []
    before = Board.empty(game.summary.seats)
    shown_round = 0
    for event, after in zip(game.events, game.boards):
        heading = ""
        if event["event"] == "start":
            heading = "Set-up (§6)"
        elif event["event"] not in UNHEADED and event["round"] != shown_round:
            shown_round = event["round"]
            heading = f"Round {shown_round}"
        teller = TELLERS.get(event["event"])
        if teller is not None:
            text = teller(event, before, after, told_game)
        else:
            text = f"{told_game.who(event)} {event['event']}".strip()
        told.append(Step(event["round"], event["player"], text, tuple(after.scores), tuple(after.hands), heading))
        before = after
    return told


def _title(game: LoggedGame, path: str) -> list[str]:
    summary = game.summary
    seed = f", seed {summary.seed}" if summary.seed is not None else ""
    table = table_line(summary)
    return [f"Game {summary.number} of {path}{seed}", *([table] if table else []), *seated(summary), result(summary)]


def table_line(summary: GameSummary) -> str:
    """The table of ``summary``'s game in a line, for a mode other than the two-player game (empty for it and Gwent
    Solo): Free For All's players and the points that win (§16); two versus two's teams and turn order (§17)."""
    seats = summary.seats
    names = seat_names(seats)
    if seats.mode == "ffa":
        return f"Free For All, {seats.players} players: {points_to_win(seats.players)} points win (§16)"
    if seats.mode == "teams":
        first, second = (spoken(names.players[player] for player in members) for members in seats.seating.members)
        return (f"Two versus two (§17): {first} ({names.sides[0]}) share one side, {second} ({names.sides[1]}) the "
                f"other; turns go {', '.join(names.players)}")
    return ""


def seated(summary: GameSummary) -> list[str]:
    """Who plays which deck, a line per player in turn order: ``A (player 0): Monsters starter`` (in two versus two
    with the team: ``A1 (player 0, Team A): ...``)."""
    names = seat_names(summary.seats)
    team = summary.seats.mode == "teams"
    return [f"{names.players[player]} (player {player}{f', {names.side(player)}' if team else ''}): {deck}"
            for player, deck in enumerate(summary.decks)]


def result(summary: GameSummary) -> str:
    """How ``summary``'s game ended, in a line: its winner (a side's name) or a draw, and each round's totals (per
    side); in Free For All each player's points after its last round (§16), and a game that ended as it stood."""
    names = seat_names(summary.seats)
    if not summary.seats.gems:
        points = ", ".join(f"{name} {had}" for name, had in zip(names.players, summary.points))
        top = max(summary.points, default=0)
        first = [names.players[player] for player, had in enumerate(summary.points) if had == top]
        said = f"{names.sides[summary.winner]} won" if summary.winner is not None else f"A draw between {spoken(first)}"
        stood = ", and ended as it stood (docs/play.md)" if summary.reason == "unchanged" else ""
        return f"{said}; points {points} after {counted(len(summary.totals), 'round', 'rounds')}{stood}"
    rounds = ", ".join(" : ".join(str(total) for total in totals) for totals in summary.totals)
    if summary.winner is None:
        return f"A draw; rounds {rounds}"
    return f"{names.sides[summary.winner]} won; rounds {rounds}"


def _wrapped(text: str, width: int | None, indent: str = "    ") -> list[str]:
    """``text`` wrapped to ``width`` columns (``None``: one line), continuations indented; a long path or word is
    split only when it is wider than a line."""
    if width is None:
        return [text]
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [""]


def _cells(values: Sequence[object], width: int, separator: str) -> str:
    """``values`` in cells of ``width`` columns, right-aligned, between ``separator``s; a pair reads as ``3 : 0``,
    its second value left-aligned."""
    cells = [f"{value!s:>{width}}" for value in values]
    if len(cells) == 2:
        cells[-1] = f"{values[-1]!s:<{width}}"
    return separator.join(cells)


@dataclass(frozen=True)
class Figures:
    """The figures at the right of each event's line: every side's total in cells of ``score_width`` between
    ``separator`` (``3 : 0`` for two sides), then every hand's size (``9|10``)."""

    score_width: int
    separator: str

    def of(self, scores: Sequence[object], hands: Sequence[object]) -> str:
        return f"{_cells(scores, self.score_width, self.separator)} {_cells(hands, 2, '|')}"


def figures(game: LoggedGame) -> Figures:
    """The figures' layout for ``game``: for two sides ``123 : 45``; for more (Free For All) ``30:24:18``, each cell
    as wide as the game's widest total."""
    if game.summary.seats.sides == 2:
        return Figures(3, " : ")
    widest = max((score for board in game.boards for score in board.scores), default=0)
    return Figures(max(2, len(str(widest))), ":")


def render_replay(game: LoggedGame, path: str, width: int | None) -> str:
    """``game`` told as text: a title, then a line per event (wrapped to ``width`` columns, ``None``: one line
    each) with every side's total and every hand's size after it in two columns at the right."""
    lines = [part for line in _title(game, path) for part in _wrapped(line, width)]
    seats = game.summary.seats
    names = seat_names(seats)
    layout = figures(game)
    columns = width or 10_000
    figure_width = len(layout.of([0] * seats.sides, [0] * seats.players)) + 1
    text_width = max(columns - figure_width - 2, 30)
    totals = {None: "both totals", "teams": "both teams' totals", "ffa": "each player's total"}[seats.mode]
    lines.extend(_wrapped(f"Each event, then {totals} ({layout.separator.join(names.tags)}) and the cards in each "
                          f"hand ({'|'.join(names.players)}) after it.", width))
    if width:
        lines.append(f"{'':<{text_width}}  {layout.of(names.tags, names.players)}".rstrip())
    for step in steps(game):
        if step.heading:
            lines.append(step.heading)
        shown = layout.of(step.scores, step.hands)
        if width is None:
            lines.append(f"  {step.text}  {shown.strip()}")
            continue
        wrapped = textwrap.wrap(step.text, text_width, initial_indent="  ", subsequent_indent="      ",
                                break_long_words=True, break_on_hyphens=False)
        last = wrapped[-1]
        wrapped[-1] = f"{last:<{text_width}}  {shown}".rstrip()
        lines.extend(wrapped)
    return "\n".join(lines) + "\n"


def render_listing(games: list[GameSummary], count: int, path: str, width: int | None) -> str:
    """The games of a log, one line each (number, the decks of each side, the winner, each round's totals or in
    Free For All the points, and the seed), then how to tell one. At most :data:`~deckcli.game.game_log.MAX_LISTED`
    are named; ``count`` is how many there are."""
    lines = _wrapped(f"{path}: {counted(count, 'game', 'games')}", width)
    for summary in games:
        seed = f" (seed {summary.seed})" if summary.seed is not None else ""
        decks = summary.side_decks
        winner = "draw" if summary.winner is None else f"{decks[summary.winner]} won"
        if summary.seats.gems:
            outcome = ", ".join(":".join(str(total) for total in totals) for totals in summary.totals)
        else:
            stood = ", as it stood" if summary.reason == "unchanged" else ""
            outcome = (f"{':'.join(str(points) for points in summary.points)} points in "
                       f"{counted(len(summary.totals), 'round', 'rounds')}{stood}")
        text = f"{summary.number:>5}  {' v '.join(decks)}: {winner} {outcome}{seed}"
        lines.extend(_wrapped(text, width, " " * 7))
    if count > len(games):
        lines.extend(_wrapped(f"... and {count - len(games):,} more (the first {MAX_LISTED} are listed)", width))
    first = games[0].number
    lines.extend(_wrapped(f"Tell one turn by turn: deckcli replay {path} --game {first}", width))
    return "\n".join(lines) + "\n"
