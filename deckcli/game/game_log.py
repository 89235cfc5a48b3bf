"""A game log read back (JSON Lines, ``schemas/output/game-log.schema.json``): the games it holds, and one game's
events with the battlefield after each of them.

Each event of a log carries the state after it (:meth:`deckcli.game.state.Game.stamp`): the totals, gems, hand and
deck sizes always, and of the battlefield only the parts that changed. :class:`Board` carries the other parts
forward, so that every event has the whole battlefield: each row's cards with their current Strength (§8), the Horn
zones, the Mardroeme lying on rows, the Weather area (§12) and both discard piles.

A log is read as a stream, a line at a time, whatever its size: listing its games keeps one short summary per game
(at most :data:`MAX_LISTED`, the rest only counted), and telling one game keeps only that game's events (at most
:data:`MAX_EVENTS`). Each line is measured by the input budget (:func:`deckcli.files.budget.check_json_text`) and
at most :data:`MAX_LINE_BYTES` long before ``json`` reads it. Whatever is wrong (no such file, a line that is not
JSON or not an event, a game cut short, a log of a newer format) raises :class:`deckcli.errors.GameLogError` with the
file and the line, exit code 2.
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
    from collections.abc import Iterator

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
    player (total Strength, gems left, cards in hand, cards left in the main deck)."""

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
        """The board after ``event``, an event of the same game that follows the one this board is after: the
        parts it logs replace these, the others are carried forward (nothing is shared with this board)."""
        logged = event.get("board", {})
        rows = [list(row) for row in self.rows]
        for slot, row in enumerate(logged.get("rows") or [None] * 6):
            if row is not None:
                rows[slot] = [(name, strength) for name, strength in row]
        piles = [list(pile) for pile in self.piles]
        for side, pile in enumerate(logged.get("piles") or [None, None]):
            if pile is not None:
                piles[side] = list(pile)
        return Board(rows, list(logged.get("horns", self.horns)),
                     [list(row) for row in logged.get("mardroeme", self.mardroeme)],
                     list(logged.get("weather", self.weather)), piles, list(event["scores"]), list(event["gems"]),
                     list(event["hands"]), list(event["decks"]))


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

    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        raise GameLogError("no such file: make a game log with deckcli simulate DECK --log FILE", where=path) from None
    except IsADirectoryError:
        raise GameLogError("a folder, not a game log: name the file deckcli simulate --log wrote", where=path) from None
    except OSError as error:
        raise GameLogError(f"cannot be read ({error.strerror})", where=path) from None
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
            yield number, event


_LONG_DIGITS = re.compile(r"[0-9]{%d}" % (MAX_DIGITS + 1))


def _surely_within_budget(text: str) -> bool:
    """Whether a line is within the input budget even counting every bracket, comma and colon as structure (those
    in strings too): most lines of a log are, and this is measured in C, far faster than
    :func:`~deckcli.files.budget.check_json_text`, which measures the others exactly."""
    return (text.count("[") + text.count("{") <= MAX_DEPTH and text.count(",") + text.count(":") <= MAX_ITEMS
            and _LONG_DIGITS.search(text) is None)


def _check_event(event: Any, path: str, line: int) -> None:
    """Refuse what is not an event of a log of this format (the shape replay relies on; the schema says more)."""
    def refuse(reason: str) -> None:
        raise GameLogError(reason, where=path, line=line)

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
            refuse(f"a game log of format {version}, newer than this deckcli reads ({LOG_FORMAT_VERSION}): upgrade "
                   "deckcli (pip install -U deckcli)")
    checks = (
        isinstance(event.get("game"), int) and not isinstance(event.get("game"), bool),
        isinstance(event.get("round"), int) and not isinstance(event.get("round"), bool),
        event.get("event") in EVENTS,
        all(isinstance(event.get(key), list) and len(event[key]) == 2
            and all(isinstance(n, int) for n in event[key]) for key in ("scores", "gems", "hands", "decks")),
        isinstance(event.get("board"), dict),
        event.get("player") in (0, 1, None),
    )
    if not all(checks):
        refuse("not a game log's event of this format (game, round, event, player, scores, gems, hands, decks, board): "
               "make the log again with deckcli simulate DECK --log FILE")


def _board_after(board: Board, event: dict[str, Any], path: str, line: int) -> Board:
    """:meth:`Board.after`, refusing a board that is not the log's shape."""
    try:
        after = board.after(event)
        if not all(isinstance(name, str) and isinstance(value, int) for row in after.rows for name, value in row):
            raise TypeError
    except (TypeError, ValueError, AttributeError):
        raise GameLogError("an event whose board is not the log's shape (rows of [name, Strength], horns, weather, "
                           "piles): make the log again with deckcli simulate DECK --log FILE", where=path,
                           line=line) from None
    return after


def _summary(number: int, line: int, start: dict[str, Any]) -> GameSummary:
    names = start.get("deck_names")
    decks = [str(name) for name in names] if isinstance(names, list) and len(names) == 2 else ["player 0", "player 1"]
    seed = start.get("seed")
    return GameSummary(number, line, seed if isinstance(seed, int) else None, decks)


def _follow(summary: GameSummary, event: dict[str, Any]) -> None:
    if event["event"] == "round_end":
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
            _follow(current, event)
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
                boards.append(_board_after(Board(), event, path, line))
            continue
        if event["game"] != number or event["event"] == "start":
            raise GameLogError(f"game {number} (line {summary.line}) has no game_end before another game's event: the "
                               "log is cut or mixed", where=path, line=line)
        if len(events) >= MAX_EVENTS:
            raise GameLogError(f"game {number} has more than {MAX_EVENTS:,} events: not a game deckcli played",
                               where=path, line=line)
        events.append(event)
        boards.append(_board_after(boards[-1], event, path, line))
        _follow(summary, event)
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
