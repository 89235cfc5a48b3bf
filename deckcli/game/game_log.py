"""A game log read back (JSON Lines, ``schemas/output/game-log.schema.json``): the games it holds, and one game's
events with the battlefield after each of them, for every mode: the two-player game, Gwent Solo, Free For All
(§16, three to five players, a side each) and two versus two (§17, four players on two sides).

Each event of a log carries the state after it (:meth:`deckcli.game.state.Game.stamp`): the totals and gems per
side, the hand and deck sizes per player always, and of the battlefield only the parts that changed. :class:`Board`
carries the other parts forward, so that every event has the whole battlefield: each row's cards with their current
Strength (§8), the Horn zones, the Mardroeme lying on rows, the Weather area (§12) and every side's discard pile.

Who sits where (:class:`Seats`) is read from each game's ``start`` event: its ``mode`` (none: two players;
``ffa``; ``teams``), its ``hands`` (one count per player) and its ``scores`` (one per side). Every event of the game
is then held to those seats.

A log is read as a stream, a line at a time, whatever its size: listing its games keeps one short summary per game
(at most :data:`MAX_LISTED`, the rest only counted), and telling one game keeps only that game's events (at most
:data:`MAX_EVENTS`). Each line is measured by the input budget (:func:`deckcli.files.budget.check_json_text`) and
at most :data:`MAX_LINE_BYTES` long before ``json`` reads it; then every field replay reads is checked as the log's
schema has it for the game's seats (:func:`fields`, :func:`board_parts`: a player, a side, three rows a side and a
discard pile a side, at most :data:`MAX_NAMES` cards in a list, at most :attr:`Seats.max_rounds` rounds). Whatever
is wrong (no such file, a line that is not JSON or not an event, a field out of range, a board of another shape, a
game cut short, a log of a newer format) raises :class:`deckcli.errors.GameLogError` with the file and the line,
exit code 2.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from deckcli.errors import GameLogError
from deckcli.files.budget import MAX_DEPTH, MAX_DIGITS, MAX_ITEMS
from deckcli.game.modes import FFA_PLAYERS, TEAM_GEMS
from deckcli.game.seating import TWO_PLAYERS, TWO_TEAMS, each_own_side
from deckcli.game.state import EVENTS, LOG_FORMAT_VERSION

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from deckcli.game.seating import Seating

    Rule = tuple[Callable[[Any], bool] | None, str]
    """How a field is checked: whether a value is right (``None``: the field has no place in this mode) and what it
    must be, as a refusal words it."""

MAX_LINE_BYTES = 1 << 20
"""Bytes of one line of a log (an event is a few hundred; the first of a game, with the whole board, about 1,000;
of a five-player Free For All game, about 1,800)."""
MAX_EVENTS = 10_000
"""Events of one game (a game of three long rounds logs about 200; a five-player Free For All game about 130)."""
MAX_LISTED = 100
"""Games a listing names; the others are counted."""
MAX_ROUNDS = 3
"""Rounds of a game played for gems (§9; two versus two too, two gems a team, §17): a ``round`` above it, or a
fourth ``round_end``, is refused."""
MAX_FFA_ROUNDS = 100
"""Rounds of a Free For All game. §16 sets no limit, but every round scores a point or is a tie of every total, and
the game ends at 4 to 6 points or when it can no longer change (docs/play.md): 4,000 games of three and five random
or heuristic bots took at most 4 rounds. A ``round`` above it is refused, which bounds a listing's memory."""


@dataclass(frozen=True)
class Seats:
    """Who sits where in a logged game: its ``mode`` as logged (``None``: the two-player game, Gwent Solo's too;
    ``"ffa"``: Free For All, §16; ``"teams"``: two versus two, §17) and its ``seating`` (players in turn order, the
    side each plays, :mod:`deckcli.game.seating`)."""

    mode: str | None
    seating: Seating

    @property
    def players(self) -> int:
        return self.seating.players

    @property
    def sides(self) -> int:
        return self.seating.sides

    @property
    def gems(self) -> bool:
        """Whether rounds cost gems (§9, §17); Free For All scores points instead (§16)."""
        return self.mode != "ffa"

    @property
    def max_rounds(self) -> int:
        return MAX_ROUNDS if self.gems else MAX_FFA_ROUNDS

    @cached_property
    def rules(self) -> dict[str, Rule]:
        """:func:`fields` of these seats, made once (an event's check reads them)."""
        return fields(self)

    @cached_property
    def parts(self) -> dict[str, Rule]:
        """:func:`board_parts` of these seats, made once."""
        return board_parts(self)

    @property
    def kind(self) -> str:
        """The mode as a refusal names it: ``two-player``, ``3-player Free For All``, ``two versus two``."""
        if self.mode == "ffa":
            return f"{self.players}-player Free For All"
        return "two versus two" if self.mode == "teams" else "two-player"


TWO_PLAYER_SEATS = Seats(None, TWO_PLAYERS)
"""The two-player game and Gwent Solo: players 0 and 1, each on a side of their own."""
SEATS: dict[tuple[str | None, int, int], Seats] = {
    (None, 2, 2): TWO_PLAYER_SEATS,
    ("teams", 4, 2): Seats("teams", TWO_TEAMS),
    **{("ffa", n, n): Seats("ffa", each_own_side(n)) for n in FFA_PLAYERS},
}
"""Every table a log may hold, by ``(mode, players, sides)``: the counts of a ``start`` event's ``hands`` and
``scores``."""
TABLES = ("two players on two sides; Free For All (mode ffa) 3 to 5 players, a side each; two versus two (mode "
          "teams) 4 players on 2 sides")


@dataclass
class Board:
    """The battlefield and the counts after one event: ``rows`` per slot (side 0's Close Combat, Ranged Combat,
    Siege, then side 1's, and so on) as ``(name, current Strength)`` pairs in the row's order; ``horns`` per slot
    (the Commander's Horn or the Leader doubling the row, or ``None``); ``mardroeme`` per slot; ``weather``, the
    Weather area; ``piles``, each side's discard pile, oldest first; ``scores`` and ``gems`` per side (total
    Strength; gems left, none in Free For All); ``hands`` and ``decks`` per player (cards in hand, cards left in the
    main deck); ``points`` per player (Free For All's, §16; empty otherwise). The default is the two-player
    game's empty board (:meth:`empty` makes another table's). Read-only: the boards of one game share the parts an
    event did not change (:meth:`after`)."""

    rows: list[list[tuple[str, int]]] = field(default_factory=lambda: [[] for _ in range(6)])
    horns: list[str | None] = field(default_factory=lambda: [None] * 6)
    mardroeme: list[list[str]] = field(default_factory=lambda: [[] for _ in range(6)])
    weather: list[str] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=lambda: [[], []])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    gems: list[int] = field(default_factory=lambda: [2, 2])
    hands: list[int] = field(default_factory=lambda: [0, 0])
    decks: list[int] = field(default_factory=lambda: [0, 0])
    points: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls, seats: Seats) -> Board:
        """The board before a game of ``seats`` starts: nothing on it, no card in hand, every gem (§6, §17)."""
        slots, sides, players = seats.sides * 3, seats.sides, seats.players
        return cls([[] for _ in range(slots)], [None] * slots, [[] for _ in range(slots)], [],
                   [[] for _ in range(sides)], [0] * sides, [TEAM_GEMS] * sides if seats.gems else [],
                   [0] * players, [0] * players, [] if seats.gems else [0] * players)

    def after(self, event: dict[str, Any]) -> Board:
        """The board after ``event`` (checked by :func:`_check_event`), an event of the same game that follows the
        one this board is after: the parts it logs replace these, the others are carried forward, shared with this
        board (a board is never changed once made: a game of 10,000 events keeps each part once, not once an
        event)."""
        logged = event.get("board", {})
        rows = self.rows
        if logged.get("rows") is not None:
            rows = [self.rows[slot] if row is None else [(name, strength) for name, strength in row]
                    for slot, row in enumerate(logged["rows"])]
        piles = self.piles
        if logged.get("piles") is not None:
            piles = [self.piles[side] if pile is None else list(pile) for side, pile in enumerate(logged["piles"])]
        return Board(rows, logged.get("horns", self.horns), logged.get("mardroeme", self.mardroeme),
                     logged.get("weather", self.weather), piles, event["scores"], event["gems"], event["hands"],
                     event["decks"], event.get("points", self.points))


@dataclass
class GameSummary:
    """One game of a log, as a listing shows it: its ``number`` (the log's ``game``), the ``line`` its start
    event is on, ``seed`` (``None``: not logged), its ``seats``, ``decks`` (one name per player, in turn order;
    ``player 0``, ``player 1``, ... when not logged), ``winner`` (the winning side, ``None`` for a draw; ``None``
    too while ``ended`` is false), the ``totals`` of each round (per side); in Free For All the ``round_points``
    each player scored in each round and the ``points`` after the last (§16), and ``reason`` ``"unchanged"`` for a
    game that ended as it stood (docs/play.md)."""

    number: int
    line: int
    seed: int | None
    decks: list[str]
    seats: Seats = TWO_PLAYER_SEATS
    winner: int | None = None
    ended: bool = False
    totals: list[list[int]] = field(default_factory=list)
    round_points: list[list[int]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    reason: str | None = None

    @property
    def side_decks(self) -> list[str]:
        """Each side's decks as one name, per side: a player's deck, or a team's two joined by ``+`` (§17)."""
        return [" + ".join(self.decks[player] for player in members) for members in self.seats.seating.members]


@dataclass
class LoggedGame:
    """One game of a log told in full: its :class:`GameSummary`, its ``events`` in order (as logged) and the
    :class:`Board` after each of them (``boards[i]`` after ``events[i]``). ``automaton`` is the seat of Gwent Solo's
    automated opponent (§18: "It has no hand": the one of two players never dealt an opening hand), ``None`` in any
    other game."""

    summary: GameSummary
    events: list[dict[str, Any]]
    boards: list[Board]
    automaton: int | None = None


def _lines(path: str) -> Iterator[tuple[int, dict[str, Any], Seats]]:
    """Each event of the log at ``path`` with its line number and the seats of its game, read one line at a
    time."""
    import stat

    from deckcli.files.budget import check_json_text
    from deckcli.files.reading import NOTHING_WRITTEN, UTF8_BOM, note_input, open_input

    try:
        handle, mode = open_input(path)
    except FileNotFoundError:
        raise GameLogError("no such file: make a game log with deckcli simulate DECK --log FILE", where=path) from None
    except IsADirectoryError:
        raise GameLogError("a folder, not a game log: name the file deckcli simulate --log wrote", where=path) from None
    except OSError as error:
        raise GameLogError(f"cannot be read ({error.strerror})", where=path) from None
    note_input(path)
    seats: Seats | None = None
    with handle:
        number = 0
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                if stat.S_ISFIFO(mode) and number == 0:
                    raise GameLogError(NOTHING_WRITTEN, where=path)
                return
            number += 1
            if number == 1 and raw.startswith(UTF8_BOM):
                raw = raw[len(UTF8_BOM):]  # a byte-order mark an editor put in front
            if len(raw) > MAX_LINE_BYTES:
                raise GameLogError(f"a line of more than {MAX_LINE_BYTES:,} bytes: not a game log (deckcli's input "
                                   "budget)", where=path, line=number)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise GameLogError("not UTF-8 text: not a game log; make one with deckcli simulate DECK --log FILE",
                                   where=path, line=number) from None
            if not text.strip():
                continue
            if not _surely_within_budget(text):
                check_json_text(text, f"{path}:{number}", GameLogError)
            try:
                event = json.loads(text)
            except json.JSONDecodeError as error:
                cut = "" if raw.endswith(b"\n") else " (the file ends inside it: cut short?)"
                raise GameLogError(f"not JSON{cut}: {error.msg}; a game log has one JSON object a line, as deckcli "
                                   "simulate --log writes it", where=path, line=number, column=error.colno) from None
            seats = _check_event(event, seats, path, number)
            if ("\\ud" in text or "\\uD" in text) and _lone_surrogate(event):
                raise GameLogError("a text holding half of a UTF-16 surrogate pair (a \\ud800 escape alone): not a "
                                   "log deckcli wrote; make the log again with deckcli simulate DECK --log FILE",
                                   where=path, line=number)
            yield number, event, seats


_LONG_DIGITS = re.compile(r"[0-9]{%d}" % (MAX_DIGITS + 1))


def _surely_within_budget(text: str) -> bool:
    """Whether a line is within the input budget even counting every bracket, comma and colon as structure (those
    in strings too): most lines of a log are, and this is measured in C, far faster than
    :func:`~deckcli.files.budget.check_json_text`, which measures the others exactly."""
    return (text.count("[") + text.count("{") <= MAX_DEPTH and text.count(",") + text.count(":") <= MAX_ITEMS
            and _LONG_DIGITS.search(text) is None)


_ROWS = ("close", "ranged", "siege")
_REASONS = ("spy", "faction", "leader", "unchanged")
NAMED = ("exchange", "play", "leader", "discard", "summon", "transform", "return", "keep", "move")
"""The events that name their card (``card`` a string; the others log ``null``)."""
MAX_NAMES = 500
"""Cards in one list of a log's line: a row, a discard pile, the Weather area, the cards an event names (a game
of two decks holds about 80 cards in all; Gwent Solo's automaton one faction's whole set)."""


def _count(value: Any, low: int = 0, high: int | None = None) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and value >= low
            and (high is None or value <= high))


def _names(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= MAX_NAMES and all(isinstance(name, str) for name in value)


def _index(value: Any, among: range) -> bool:
    """Whether ``value`` is a whole number (not a bool, not 1.0) of ``among``."""
    return _count(value) and value in among


def _counts(value: Any, length: int, high: int | None = None) -> bool:
    return isinstance(value, list) and len(value) == length and all(_count(n, 0, high) for n in value)


def _row(value: Any) -> bool:
    return value is None or (isinstance(value, list) and len(value) <= MAX_NAMES and all(
        isinstance(card, list) and len(card) == 2 and isinstance(card[0], str) and _count(card[1]) for card in value))


def _numbers(count: int, null: bool = False) -> str:
    """``0 or 1``, ``0, 1 or 2``, ``0 to 3``: the numbers below ``count`` as a refusal says them; with ``null``,
    ``0, 1 or null``, ``0 to 3 or null``."""
    if count > 3:
        return f"0 to {count - 1}" + (" or null" if null else "")
    numbers = [str(n) for n in range(count)] + (["null"] if null else [])
    return ", ".join(numbers[:-1]) + f" or {numbers[-1]}"


def _whole(count: int, what: str = "whole numbers 0 or more") -> str:
    return f"{'two' if count == 2 else count} {what}"


def fields(seats: Seats) -> dict[str, Rule]:
    """Every field of an event that replay reads, as the log's schema (``schemas/output/game-log.schema.json``) has
    it for a game of ``seats``: a player is one of its players, a side one of its sides, a count per player or per
    side; gems 0 to 2 per side, or none in Free For All, whose events alone carry ``points`` and ``round_points``
    (§16)."""
    players, sides = range(seats.players), range(seats.sides)
    player, side = _numbers(seats.players), _numbers(seats.sides)
    player_or_null, side_or_null = _numbers(seats.players, null=True), _numbers(seats.sides, null=True)
    per_player, per_side = seats.players, seats.sides
    rules: dict[str, Rule] = {
        "game": (_count, "a whole number 0 or more"),
        "round": (lambda v: _count(v, 1, seats.max_rounds),
                  f"1 to {seats.max_rounds} ({'§9' if seats.gems else 'deckcli reads at most that many, §16'})"),
        "event": (lambda v: v in EVENTS, f"one of {', '.join(EVENTS)}"),
        "player": (lambda v: v is None or _index(v, players), player_or_null),
        "card": (lambda v: v is None or isinstance(v, str), "a card's name or null"),
        "row": (lambda v: v is None or v in _ROWS, "close, ranged, siege or null"),
        "scores": (lambda v: _counts(v, per_side), _whole(per_side)),
        "hands": (lambda v: _counts(v, per_player), _whole(per_player)),
        "decks": (lambda v: _counts(v, per_player), _whole(per_player)),
        "totals": (lambda v: _counts(v, per_side), _whole(per_side)),
        "cards": (_names, f"a list of at most {MAX_NAMES} card names"),
        "drawn": (lambda v: isinstance(v, str), "a card's name"),
        "side": (lambda v: _index(v, sides), side),
        "to": (lambda v: _index(v, players), player),
        "target": (lambda v: isinstance(v, str), "a card's name"),
        "replaced": (lambda v: isinstance(v, str), "a card's name"),
        "reason": (lambda v: v in _REASONS, "spy, faction, leader or unchanged"),
        "chosen_by": (lambda v: v is None or _index(v, players), player_or_null),
        "winner": (lambda v: v is None or _index(v, sides), side_or_null),
        "from": (lambda v: v in _ROWS, "close, ranged or siege"),
        "why": (lambda v: isinstance(v, str), "a text"),
        "seed": (_count, "a whole number 0 or more"),
        "deck_names": (lambda v: _names(v) and len(v) == per_player, _whole(per_player, "deck names")),
        "board": (lambda v: isinstance(v, dict), "an object of the parts of the battlefield that changed"),
    }
    if seats.gems:
        rules["gems"] = (lambda v: _counts(v, per_side, TEAM_GEMS), _whole(per_side, "whole numbers 0 to 2"))
        rules["points"] = rules["round_points"] = (None, "Free For All's (§16)")
    else:
        rules["gems"] = (lambda v: v == [], "[] (Free For All scores points, not gems: §16)")
        rules["points"] = rules["round_points"] = (lambda v: _counts(v, per_player), _whole(per_player))
    return rules


def board_parts(seats: Seats) -> dict[str, Rule]:
    """The parts of an event's ``board``, each as the schema has it for a game of ``seats``: three rows a side, a
    discard pile a side (§17: a team shares one)."""
    slots, sides = seats.sides * 3, seats.sides
    whose = "each team's" if seats.mode == "teams" else "each player's"
    return {
        "rows": (lambda v: isinstance(v, list) and len(v) == slots and all(_row(row) for row in v),
                 f"{slots} rows ({whose} Close Combat, Ranged Combat, Siege), each null or at most {MAX_NAMES} "
                 "[name, Strength] pairs"),
        "horns": (lambda v: isinstance(v, list) and len(v) == slots and all(h is None or isinstance(h, str) for h in v),
                  f"{slots} Horn zones, each a card's name or null"),
        "mardroeme": (lambda v: isinstance(v, list) and len(v) == slots and all(_names(row) for row in v),
                      f"{slots} lists of the Mardroeme lying on each row"),
        "weather": (_names, f"a list of at most {MAX_NAMES} Weather Cards' names"),
        "piles": (lambda v: isinstance(v, list) and len(v) == sides and all(p is None or _names(p) for p in v),
                  f"{sides} discard piles, each null or at most {MAX_NAMES} card names"),
    }


def _seats_of(event: dict[str, Any]) -> Seats | None:
    """The seats ``event`` implies: its ``mode`` and how many counts its ``hands`` (players) and ``scores`` (sides)
    hold; ``None`` for a table no mode seats."""
    hands, scores = event.get("hands"), event.get("scores")
    if not isinstance(hands, list) or not isinstance(scores, list):
        return None
    mode = event.get("mode")
    return SEATS.get((mode, len(hands), len(scores))) if mode is None or isinstance(mode, str) else None


def _check_event(event: Any, seats: Seats | None, path: str, line: int) -> Seats:
    """Refuse what is not an event of a log of this format, and return the seats of its game: a ``start`` event's
    own (:func:`_seats_of`), else those of the game started before it (``seats``). Every field replay reads is
    checked for those seats (:func:`fields`, :func:`board_parts`), and a refusal names the field, what it holds
    and what it should."""
    def refuse(reason: str) -> None:
        raise GameLogError(reason, where=path, line=line)

    again = "make the log again with deckcli simulate DECK --log FILE"
    if not isinstance(event, dict):
        refuse("not a game log's event (a JSON object with game, event, scores, ...): make a log with deckcli "
               "simulate DECK --log FILE")
    starts = event.get("event") == "start"
    if starts:
        version = event.get("format_version")
        if version is None:
            refuse("a game log of format 1, before each event carried its board: make it again with this deckcli "
                   "(deckcli simulate ... --log FILE)")
        if not _count(version, 1):
            refuse(f"format_version is {_shown(version)}, not a whole number 1 or more (this deckcli writes "
                   f"{LOG_FORMAT_VERSION}): {again}")
        if version > LOG_FORMAT_VERSION:
            refuse(f"a game log of format {_shown(version)}, newer than this deckcli reads ({LOG_FORMAT_VERSION}): "
                   "upgrade deckcli (pip install -U deckcli)")
    missing = [key for key in REQUIRED if key not in event]
    if missing:
        refuse(f"not a game log's event of this format: no {', '.join(missing)} (an event has game, round, event, "
               f"player, card, row, scores, gems, hands, decks, board): {again}")
    if starts or seats is None:
        found = _seats_of(event)
        if found is None:
            refuse(f"a table of mode {_shown(event.get('mode'))} with hands {_shown(event['hands'])} (a count per "
                   f"player) and scores {_shown(event['scores'])} (one per side): not one a log holds ({TABLES}); "
                   f"{again}")
        assert found is not None
        seats = found
    elif event.get("mode") != seats.mode:
        refuse(f"mode is {_shown(event.get('mode'))}, in a {seats.kind} game (its start says so): the log is mixed; "
               f"{again}")
    rules = seats.rules
    for key, value in event.items():
        rule = rules.get(key)
        if rule is None:
            continue
        if rule[0] is None:
            refuse(f"{key}: a field of {rule[1]} games only, in a {seats.kind} game; {again}")
        elif not rule[0](value):
            refuse(f"{key} is {_shown(value)}, not {rule[1]}: not a {seats.kind} game log's event; {again}")
    kind = event["event"]
    if kind in NAMED and not isinstance(event["card"], str):
        refuse(f"{kind}: an event of this kind names its card, and card is {_shown(event['card'])}: {again}")
    if kind in ("round_end", "game_end") and seats.gems and not (event["player"] is None
                                                                 or _index(event["player"], range(seats.sides))):
        refuse(f"{kind}'s player is {_shown(event['player'])}, not {_numbers(seats.sides, null=True)} (the winning "
               f"side, §9, §17): {again}")
    if event.get("reason") == "unchanged" and (kind != "game_end" or seats.gems):
        refuse(f"{kind}: reason unchanged is a Free For All game_end's only (a game that can no longer change, "
               f"docs/play.md): {again}")
    parts = seats.parts
    for key, value in event["board"].items():
        part = parts.get(key)
        if part is not None and part[0] is not None and not part[0](value):
            refuse(f"board {key} is not {part[1]} (it holds {_shown(value)}): {again}")
    return seats


REQUIRED = ("game", "round", "player", "event", "card", "row", "scores", "gems", "hands", "decks", "board")


def _lone_surrogate(value: Any) -> bool:
    """Whether a text anywhere in ``value`` (a JSON document) holds a lone surrogate, which no UTF-8 file can."""
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, dict):
        return any(_lone_surrogate(k) or _lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_lone_surrogate(v) for v in value)
    return False


def _shown(value: Any) -> str:
    """``value`` as JSON, cut to 60 characters (a refusal quotes what it refuses, never a whole line)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _summary(number: int, line: int, start: dict[str, Any], seats: Seats) -> GameSummary:
    names = start.get("deck_names")
    decks = ([str(name) for name in names] if isinstance(names, list) and len(names) == seats.players
             else [f"player {player}" for player in range(seats.players)])
    seed = start.get("seed")
    return GameSummary(number, line, seed if isinstance(seed, int) else None, decks, seats)


def _follow(summary: GameSummary, event: dict[str, Any], path: str, line: int) -> None:
    if event["event"] == "round_end":
        seats = summary.seats
        if len(summary.totals) >= seats.max_rounds:
            why = "(§9)" if seats.mode is None else "(§17: two gems a team)" if seats.gems else "(deckcli's bound)"
            raise GameLogError(f"game {summary.number} (line {summary.line}) ends more than {seats.max_rounds} rounds: "
                               f"not a {seats.kind} game {why}; make the log again with deckcli simulate DECK --log "
                               "FILE", where=path, line=line)
        if event["round"] != len(summary.totals) + 1:
            raise GameLogError(f"game {summary.number} (line {summary.line}): a round_end of round {event['round']} after "
                               f"{len(summary.totals)} round{'' if len(summary.totals) == 1 else 's'} ended (each round "
                               "ends once, in turn); make the log again with deckcli simulate DECK --log FILE",
                               where=path, line=line)
        totals = event.get("totals")
        summary.totals.append(list(totals) if isinstance(totals, list) else list(event["scores"]))
        if "round_points" in event:
            summary.round_points.append(list(event["round_points"]))
    elif event["event"] == "game_end":
        summary.winner = event["player"]
        summary.ended = True
        summary.points = list(event.get("points", []))
        summary.reason = event.get("reason")


def list_games(path: str) -> tuple[list[GameSummary], int]:
    """The games of the log at ``path`` in the order they are logged: the first :data:`MAX_LISTED` summaries, and
    how many games the log holds in all. Raises :class:`~deckcli.errors.GameLogError` (exit 2) for an empty log,
    a bad line, or a game whose events lie outside it (a line of another game in the middle, no start)."""
    listed: list[GameSummary] = []
    count = 0
    current: GameSummary | None = None
    last_line = 0
    for line, event, seats in _lines(path):
        last_line = line
        if event["event"] == "start":
            if current is not None and not current.ended:
                raise GameLogError(f"game {current.number} (line {current.line}) has no game_end before the next game "
                                   "starts: the log is cut or mixed", where=path, line=line)
            current = _summary(event["game"], line, event, seats)
            count += 1
            if len(listed) < MAX_LISTED:
                listed.append(current)
        elif current is None or event["game"] != current.number or current.ended:
            raise GameLogError(f"an event of game {event['game']} outside its game (each game starts with a start "
                               "event and ends with game_end): the log is cut or mixed", where=path, line=line)
        else:
            _follow(current, event, path, line)
    if current is None:
        raise GameLogError("no game in it (an empty file): make a log with deckcli simulate DECK --log FILE", where=path)
    if not current.ended:
        raise GameLogError(f"game {current.number} has no game_end: the log is cut short (was simulate stopped?)",
                           where=path, line=last_line)
    return listed, count


def read_game(path: str, number: int) -> LoggedGame:
    """Game ``number`` (the log's ``game``) of the log at ``path``, its events and the board after each: the first
    game of that number. Raises :class:`~deckcli.errors.GameLogError` (exit 2) when the log holds no such game
    (naming the numbers it holds), or it is cut short, or a line before its end is bad."""
    events: list[dict[str, Any]] = []
    boards: list[Board] = []
    summary: GameSummary | None = None
    held: set[int] = set()
    line = 0
    for line, event, seats in _lines(path):
        if event["event"] == "start" and len(held) < MAX_LISTED:
            held.add(event["game"])
        if summary is None:
            if event["event"] == "start" and event["game"] == number:
                summary = _summary(number, line, event, seats)
                events.append(event)
                boards.append(Board.empty(seats).after(event))
            continue
        if event["game"] != number or event["event"] == "start":
            raise GameLogError(f"game {number} (line {summary.line}) has no game_end before another game's event: the "
                               "log is cut or mixed", where=path, line=line)
        if len(events) >= MAX_EVENTS:
            raise GameLogError(f"game {number} has more than {MAX_EVENTS:,} events: not a game deckcli played",
                               where=path, line=line)
        events.append(event)
        boards.append(boards[-1].after(event))
        _follow(summary, event, path, line)
        if summary.ended:
            return LoggedGame(summary, events, boards, _automaton(summary.seats, events))
    if summary is None:
        if not held:
            raise GameLogError("no game in it (an empty file): make a log with deckcli simulate DECK --log FILE",
                               where=path)
        span = f"games {min(held)} to {max(held)}" if len(held) > 1 else f"game {min(held)}"
        raise GameLogError(f"no game {number} in it (it holds {span}): type deckcli replay {path} to list them",
                           where=path)
    raise GameLogError(f"game {number} has no game_end: the log is cut short (was simulate stopped?)", where=path,
                       line=line)


def _automaton(seats: Seats, events: list[dict[str, Any]]) -> int | None:
    """The seat of Gwent Solo's automated opponent in a two-player game's ``events``: §18, "It has no hand", so of
    the two players it is the one never dealt an opening hand (§6 deals every player of every other game one);
    ``None`` when both were, or neither."""
    if seats.mode is not None:
        return None
    dealt = {event["player"] for event in events if event["event"] == "hand"}
    undealt = [player for player in range(seats.players) if player not in dealt]
    return undealt[0] if len(undealt) == 1 else None
