"""A game log read back (JSON Lines, ``schemas/output/game-log.schema.json``): the games it holds, and one game's
events with the battlefield after each of them.

Each event of a log carries the state after it (:meth:`deckcli.game.state.Game.stamp`): the totals, gems, hand and
deck sizes always, and of the battlefield only the parts that changed. :class:`Board` carries the other parts
forward, so that every event has the whole battlefield: each row's cards with their current Strength (§8), the Horn
zones, the Mardroeme lying on rows, the Weather area (§12) and both discard piles.

A log is read as a stream, a line at a time, whatever its size: listing its games keeps one short summary per game
(at most :data:`MAX_LISTED`, the rest only counted), and telling one game keeps only that game's events (at most
:data:`MAX_EVENTS`). Each line is measured by the input budget (:func:`deckcli.files.budget.check_json_text`) and
at most :data:`MAX_LINE_BYTES` long before ``json`` reads it; then every field replay reads is checked as the log's
schema has it for two players (:data:`FIELDS`, :data:`BOARD_PARTS`: a seat 0 or 1, six rows and two discard piles,
at most :data:`MAX_NAMES` cards in a list, at most :data:`MAX_ROUNDS` rounds). Whatever is wrong (no such file, a
line that is not JSON or not an event, a field out of range, a board of another shape, a game cut short, a log of a
newer format) raises :class:`deckcli.errors.GameLogError` with the file and the line, exit code 2.
"""

from __future__ import annotations

from deckcli.game.cards import ROW_NAMES

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.errors import GameLogError
from deckcli.files.budget import MAX_DEPTH, MAX_DIGITS, MAX_ITEMS
from deckcli.game.state import EVENTS, LOG_FORMAT_VERSION

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

MAX_LINE_BYTES = 1 << 20
"""Bytes of one line of a log (an event is a few hundred; the first of a game, with the whole board, about 1,000)."""
MAX_EVENTS = 10_000
"""Events of one game (a game of three long rounds logs about 200)."""
MAX_LISTED = 100
"""Games a listing names; the others are counted."""


@dataclass
class Board:
    """The battlefield and the counts after one event: ``rows`` per slot (player 0's Close Combat, Ranged Combat,
    Siege, then player 1's) as ``(name, current Strength)`` pairs in the row's order; ``horns`` per slot (the
    Commander's Horn or the Leader doubling the row, or ``None``); ``mardroeme`` per slot; ``weather``, the Weather
    area; ``piles``, each player's discard pile, oldest first; ``scores``, ``gems``, ``hands`` and ``decks`` per
    player (total Strength, gems left, cards in hand, cards left in the main deck). Read-only: the boards of one
    game share the parts an event did not change (:meth:`after`)."""

    rows: list[list[tuple[str, int]]] = field(default_factory=lambda: [[] for _ in range(6)])
    horns: list[str | None] = field(default_factory=lambda: [None] * 6)
    mardroeme: list[list[str]] = field(default_factory=lambda: [[] for _ in range(6)])
    weather: list[str] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=lambda: [[], []])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    gems: list[int] = field(default_factory=lambda: [2, 2])
    hands: list[int] = field(default_factory=lambda: [0, 0])
    decks: list[int] = field(default_factory=lambda: [0, 0])

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
                     event["decks"])


@dataclass
class GameSummary:
    """One game of a log, as a listing shows it: its ``number`` (the log's ``game``), the ``line`` its start
    event is on, ``seed`` (``None``: not logged), ``decks`` (player 0's first; names or ``player 0``/``player 1``),
    ``winner`` (0, 1 or ``None`` for a draw; ``None`` too while ``ended`` is false), ``rounds`` won per player and
    the ``totals`` of each round (player 0's first)."""

    number: int
    line: int
    seed: int | None
    decks: list[str]
    winner: int | None = None
    ended: bool = False
    totals: list[list[int]] = field(default_factory=list)


@dataclass
class LoggedGame:
    """One game of a log told in full: its :class:`GameSummary`, its ``events`` in order (as logged) and the
    :class:`Board` after each of them (``boards[i]`` after ``events[i]``)."""

    summary: GameSummary
    events: list[dict[str, Any]]
    boards: list[Board]


def _lines(path: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each event of the log at ``path`` with its line number, read one line at a time."""
    from deckcli.files.budget import check_json_text
    from deckcli.files.reading import note_input

    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise GameLogError("no such file: make a game log with deckcli simulate DECK --log FILE", where=path) from None
    except IsADirectoryError:
        raise GameLogError("a folder, not a game log: name the file deckcli simulate --log wrote", where=path) from None
    except OSError as error:
        raise GameLogError(f"cannot be read ({error.strerror})", where=path) from None
    note_input(path)
    with handle:
        number = 0
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
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
            _check_event(event, path, number)
            if ("\\ud" in text or "\\uD" in text) and _lone_surrogate(event):
                raise GameLogError("a text holding half of a UTF-16 surrogate pair (a \\ud800 escape alone): not a "
                                   "log deckcli wrote; make the log again with deckcli simulate DECK --log FILE",
                                   where=path, line=number)
            yield number, event


_LONG_DIGITS = re.compile(r"[0-9]{%d}" % (MAX_DIGITS + 1))


def _surely_within_budget(text: str) -> bool:
    """Whether a line is within the input budget even counting every bracket, comma and colon as structure (those
    in strings too): most lines of a log are, and this is measured in C, far faster than
    :func:`~deckcli.files.budget.check_json_text`, which measures the others exactly."""
    return (text.count("[") + text.count("{") <= MAX_DEPTH and text.count(",") + text.count(":") <= MAX_ITEMS
            and _LONG_DIGITS.search(text) is None)


_SEATS = (0, 1)
_SEAT_OR_NONE = (0, 1, None)
_ROWS = ("close", "ranged", "siege")
_REASONS = ("spy", "faction", "leader")
NAMED = ("exchange", "play", "leader", "discard", "summon", "transform", "return", "keep", "move")
"""The events that name their card (``card`` a string; the others log ``null``)."""
MAX_NAMES = 500
"""Cards in one list of a log's line: a row, a discard pile, the Weather area, the cards an event names (a game
of two decks holds about 80 cards in all; Gwent Solo's automaton one faction's whole set)."""
MAX_ROUNDS = 3
"""Rounds of a two-player or Gwent Solo game (§9): a ``round`` above it, or a fourth ``round_end``, is refused."""


def _count(value: Any, low: int = 0, high: int | None = None) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and value >= low
            and (high is None or value <= high))


def _names(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= MAX_NAMES and all(isinstance(name, str) for name in value)


def _pair(value: Any, high: int | None = None) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_count(n, 0, high) for n in value)


def _row(value: Any) -> bool:
    return value is None or (isinstance(value, list) and len(value) <= MAX_NAMES and all(
        isinstance(card, list) and len(card) == 2 and isinstance(card[0], str) and _count(card[1]) for card in value))


FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "game": (_count, "a whole number 0 or more"),
    "round": (lambda v: _count(v, 1, MAX_ROUNDS), f"1 to {MAX_ROUNDS} (§9)"),
    "event": (lambda v: v in EVENTS, f"one of {', '.join(EVENTS)}"),
    "player": (lambda v: v in _SEAT_OR_NONE, "0, 1 or null"),
    "card": (lambda v: v is None or isinstance(v, str), "a card's name or null"),
    "row": (lambda v: v is None or v in _ROWS, "close, ranged, siege or null"),
    "scores": (_pair, "two whole numbers 0 or more"),
    "gems": (lambda v: _pair(v, 2), "two whole numbers 0 to 2"),
    "hands": (_pair, "two whole numbers 0 or more"),
    "decks": (_pair, "two whole numbers 0 or more"),
    "totals": (_pair, "two whole numbers 0 or more"),
    "cards": (_names, f"a list of at most {MAX_NAMES} card names"),
    "drawn": (lambda v: isinstance(v, str), "a card's name"),
    "side": (lambda v: v in _SEATS, "0 or 1"),
    "to": (lambda v: v in _SEATS, "0 or 1"),
    "target": (lambda v: isinstance(v, str), "a card's name"),
    "replaced": (lambda v: isinstance(v, str), "a card's name"),
    "reason": (lambda v: v in _REASONS, "spy, faction or leader"),
    "chosen_by": (lambda v: v in _SEAT_OR_NONE, "0, 1 or null"),
    "winner": (lambda v: v in _SEAT_OR_NONE, "0, 1 or null"),
    "from": (lambda v: v in _ROWS, "close, ranged or siege"),
    "why": (lambda v: isinstance(v, str), "a text"),
    "seed": (_count, "a whole number 0 or more"),
    "deck_names": (lambda v: _names(v) and len(v) == 2, "two deck names"),
    "board": (lambda v: isinstance(v, dict), "an object of the parts of the battlefield that changed"),
}
"""Every field of an event that replay reads, as the log's schema (``schemas/output/game-log.schema.json``) has it
for two players (Free For All and two versus two are refused before): what its value must be, and how a refusal
words it."""
REQUIRED = ("game", "round", "player", "event", "card", "row", "scores", "gems", "hands", "decks", "board")
BOARD_PARTS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "rows": (lambda v: isinstance(v, list) and len(v) == 6 and all(_row(row) for row in v),
             f"6 rows (each player's Close Combat, Ranged Combat, Siege), each null or at most {MAX_NAMES} "
             "[name, Strength] pairs"),
    "horns": (lambda v: isinstance(v, list) and len(v) == 6 and all(h is None or isinstance(h, str) for h in v),
              "6 Horn zones, each a card's name or null"),
    "mardroeme": (lambda v: isinstance(v, list) and len(v) == 6 and all(_names(row) for row in v),
                  "6 lists of the Mardroeme lying on each row"),
    "weather": (_names, f"a list of at most {MAX_NAMES} Weather Cards' names"),
    "piles": (lambda v: isinstance(v, list) and len(v) == 2 and all(p is None or _names(p) for p in v),
              f"2 discard piles, each null or at most {MAX_NAMES} card names"),
}
"""The parts of an event's ``board``, each as the schema has it for two players."""


def _check_event(event: Any, path: str, line: int) -> None:
    """Refuse what is not an event of a two-player log of this format: every field replay reads is checked
    (:data:`FIELDS`, :data:`BOARD_PARTS`), and a refusal names the field, what it holds and what it should."""
    def refuse(reason: str) -> None:
        raise GameLogError(reason, where=path, line=line)

    again = "make the log again with deckcli simulate DECK --log FILE"
    if not isinstance(event, dict):
        refuse("not a game log's event (a JSON object with game, event, scores, ...): make a log with deckcli "
               "simulate DECK --log FILE")
    if event.get("mode") in ("ffa", "teams"):
        refuse("a game of Free For All (§16) or two versus two (§17): replay tells two-player and Gwent Solo "
               "games; read this log as JSON Lines (deckcli schema --output-of game-log)")
    if event.get("event") == "start":
        version = event.get("format_version")
        if version is None:
            refuse("a game log of format 1, before each event carried its board: make it again with this deckcli "
                   "(deckcli simulate ... --log FILE)")
        if not isinstance(version, int) or version > LOG_FORMAT_VERSION:
            refuse(f"a game log of format {_shown(version)}, newer than this deckcli reads ({LOG_FORMAT_VERSION}): "
                   "upgrade deckcli (pip install -U deckcli)")
    missing = [key for key in REQUIRED if key not in event]
    if missing:
        refuse(f"not a game log's event of this format: no {', '.join(missing)} (an event has game, round, event, "
               f"player, card, row, scores, gems, hands, decks, board): {again}")
    for key, value in event.items():
        rule = FIELDS.get(key)
        if rule is not None and not rule[0](value):
            refuse(f"{key} is {_shown(value)}, not {rule[1]}: not a two-player game log's event; {again}")
    if event["event"] in NAMED and not isinstance(event["card"], str):
        refuse(f"{event['event']}: an event of this kind names its card, and card is {_shown(event['card'])}: {again}")
    for key, value in event["board"].items():
        part = BOARD_PARTS.get(key)
        if part is not None and not part[0](value):
            refuse(f"board {key} is not {part[1]} (it holds {_shown(value)}): {again}")


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


def _summary(number: int, line: int, start: dict[str, Any]) -> GameSummary:
    names = start.get("deck_names")
    decks = [str(name) for name in names] if isinstance(names, list) and len(names) == 2 else ["player 0", "player 1"]
    seed = start.get("seed")
    return GameSummary(number, line, seed if isinstance(seed, int) else None, decks)


def _follow(summary: GameSummary, event: dict[str, Any], path: str, line: int) -> None:
    if event["event"] == "round_end":
        if len(summary.totals) >= MAX_ROUNDS:
            raise GameLogError(f"game {summary.number} (line {summary.line}) ends more than {MAX_ROUNDS} rounds: not a "
                               "two-player game (§9); make the log again with deckcli simulate DECK --log FILE",
                               where=path, line=line)
        totals = event.get("totals")
        summary.totals.append(list(totals) if isinstance(totals, list) else list(event["scores"]))
    elif event["event"] == "game_end":
        summary.winner = event["player"]
        summary.ended = True


def list_games(path: str) -> tuple[list[GameSummary], int]:
    """The games of the log at ``path`` in the order they are logged: the first :data:`MAX_LISTED` summaries, and
    how many games the log holds in all. Raises :class:`~deckcli.errors.GameLogError` (exit 2) for an empty log,
    a bad line, or a game whose events lie outside it (a line of another game in the middle, no start)."""
    listed: list[GameSummary] = []
    count = 0
    current: GameSummary | None = None
    last_line = 0
    for line, event in _lines(path):
        last_line = line
        if event["event"] == "start":
            if current is not None and not current.ended:
                raise GameLogError(f"game {current.number} (line {current.line}) has no game_end before the next game "
                                   "starts: the log is cut or mixed", where=path, line=line)
            current = _summary(event["game"], line, event)
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
    for line, event in _lines(path):
        if event["event"] == "start" and len(held) < MAX_LISTED:
            held.add(event["game"])
        if summary is None:
            if event["event"] == "start" and event["game"] == number:
                summary = _summary(number, line, event)
                events.append(event)
                boards.append(Board().after(event))
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
            return LoggedGame(summary, events, boards)
    if summary is None:
        if not held:
            raise GameLogError("no game in it (an empty file): make a log with deckcli simulate DECK --log FILE",
                               where=path)
        span = f"games {min(held)} to {max(held)}" if len(held) > 1 else f"game {min(held)}"
        raise GameLogError(f"no game {number} in it (it holds {span}): type deckcli replay {path} to list them",
                           where=path)
    raise GameLogError(f"game {number} has no game_end: the log is cut short (was simulate stopped?)", where=path,
                       line=line)
