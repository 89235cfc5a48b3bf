"""A logged game told turn by turn (``deckcli replay``): each event as a sentence in the game's terms, with both
totals and hand sizes after it, and a listing of a log's games.

The sentences come from the log alone (:mod:`deckcli.game.game_log`): what an event did is read from the board
before and after it (the Strength each side gained or lost, §8; the Weather set or cleared, §12). Players are ``A``
(player 0) and ``B`` (player 1), named once at the top. Nothing here prints: the text is returned.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcli.game.cards import ROW_NUMBERS
from deckcli.game.cards import ROW_NAMES
from deckcli.game.game_log import MAX_LISTED
from deckcli.text import counted, spoken

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.game_log import Board, GameSummary, LoggedGame

TAGS = ("A", "B")
REASONS = {"spy": "a Spy, §10", "faction": "Northern Realms won the round, §3", "leader": "its Leader"}
"""Why a card was drawn (or discarded from the hand), by the log's ``reason``."""


@dataclass(frozen=True)
class Step:
    """One event told: its ``round``, the ``player`` it belongs to (``None``: none), the ``text`` saying what it
    did, and ``scores`` and ``hands`` after it (per player); ``heading`` starts a new part (a round, the set-up)."""

    round: int
    player: int | None
    text: str
    scores: tuple[int, int]
    hands: tuple[int, int]
    heading: str = ""


def _row(code: str | None) -> str:
    return ROW_NAMES[ROW_NUMBERS[code]] if code in ROW_NUMBERS else "no row"


def _swing(before: Board, after: Board) -> str:
    """The change of each total, ``A +5, B −4`` (empty when neither moved)."""
    parts = [f"{TAGS[side]} {after.scores[side] - before.scores[side]:+d}".replace("-", "−")
             for side in (0, 1) if after.scores[side] != before.scores[side]]
    return ", ".join(parts)


def _who(event: dict[str, Any]) -> str:
    return TAGS[event["player"]] if event["player"] in (0, 1) else ""


def _start(event: dict[str, Any], before: Board, after: Board) -> str:
    chooser = event.get("chosen_by")
    how = "the coin" if chooser is None else f"{TAGS[chooser]}'s choice (Scoia'tael, §3)"
    return f"{_who(event)} starts ({how})"


def _hand(event: dict[str, Any], before: Board, after: Board) -> str:
    cards = event.get("cards", [])
    return f"{_who(event)} is dealt {counted(len(cards), 'card', 'cards')}: {', '.join(cards)}"


def _draw(event: dict[str, Any], before: Board, after: Board) -> str:
    why = REASONS.get(event.get("reason", ""), "")
    return f"{_who(event)} draws {spoken(event.get('cards', []))}" + (f" ({why})" if why else "")


def _leader(event: dict[str, Any], before: Board, after: Board) -> str:
    swing = _swing(before, after)
    return f"{_who(event)} uses the Leader {event['card']}" + (f": {swing}" if swing else "")


def _discard(event: dict[str, Any], before: Board, after: Board) -> str:
    if event["row"] is None:
        return f"{_who(event)} discards {event['card']} from the hand ({REASONS.get(event.get('reason', ''), 'a card')})"
    return f"{event['card']} ({_who(event)}, {_row(event['row'])}) is scorched: {_swing(before, after) or 'no change'}"


def _returned(event: dict[str, Any], before: Board, after: Board) -> str:
    if event.get("reason") == "leader":
        return f"{_who(event)} takes {event['card']} back into the hand (its Leader)"
    return f"{event['card']} returns to {_who(event)}'s {_row(event['row'])} (Skellige, §3)"


def _reveal(event: dict[str, Any], before: Board, after: Board) -> str:
    to = event.get("to", 1 - (event["player"] or 0))
    return f"{_who(event)}'s hand shown to {TAGS[to]}: {', '.join(event.get('cards', []))}"


def _round_end(event: dict[str, Any], before: Board, after: Board) -> str:
    totals = event.get("totals", before.scores)
    result = "a tie, nobody wins it" if event["player"] is None else f"{_who(event)} wins it"
    gems = f"gems A {event['gems'][0]}, B {event['gems'][1]}"
    left = [f"{TAGS[side]}: {', '.join(name for slot in range(side * 3, side * 3 + 3) for name, _ in after.rows[slot])}"
            for side in (0, 1) if any(after.rows[slot] for slot in range(side * 3, side * 3 + 3))]
    stays = f"; on the battlefield still: {'; '.join(left)}" if left else ""
    return f"Round {event['round']} ends {totals[0]} : {totals[1]}, {result}; {gems}{stays}"


TELLERS: dict[str, Callable[[dict[str, Any], Board, Board], str]] = {
    "start": _start,
    "hand": _hand,
    "exchange": lambda e, b, a: f"{_who(e)} exchanges {e['card']} for {e.get('drawn')} (§6)",
    "draw": _draw,
    "play": lambda e, b, a: _played(e, b, a, _who(e)),
    "leader": _leader,
    "pass": lambda e, b, a: f"{_who(e)} passes",
    "discard": _discard,
    "summon": lambda e, b, a: f"{e['card']} takes the field for {_who(e)} on {_row(e['row'])} (Summon, §10)",
    "transform": lambda e, b, a: (f"{e.get('replaced')} turns into {e['card']} on {_who(e)}'s {_row(e['row'])} "
                                  f"(Berserker, §10): {_swing(b, a)}"),
    "return": _returned,
    "reveal": _reveal,
    "keep": lambda e, b, a: f"{_who(e)} keeps {e['card']} on {_row(e['row'])} for the next round (Monsters, §3)",
    "move": lambda e, b, a: f"{_who(e)} moves {e['card']} from {_row(e.get('from'))} to {_row(e['row'])}: {_swing(b, a)}",
    "round_end": _round_end,
}
"""Each kind of event to the sentence that tells it, from the event and the boards before and after it."""


def _told(event: dict[str, Any], before: Board, after: Board, names: tuple[str, str]) -> str:
    if event["event"] == "game_end":
        winner = event.get("winner", event["player"])
        return "The game is a draw" if winner is None else f"{TAGS[winner]} ({names[winner]}) wins the game"
    teller = TELLERS.get(event["event"])
    return teller(event, before, after) if teller is not None else f"{_who(event)} {event['event']}".strip()


def _played(event: dict[str, Any], before: Board, after: Board, who: str) -> str:
    card = event.get("card")
    row = event.get("row")
    swing = _swing(before, after)
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
    where = f"{TAGS[side]}'s {_row(row)} (a Spy)" if side is not None and side != event["player"] else _row(row)
    where += _source(event, before, after)
    if any(card == horn for horn in after.horns) and after.horns != before.horns:
        return f"{who} plays {card} in the Horn zone of {where}{tail}"
    return f"{who} plays {card} to {where}{tail}"


def _source(event: dict[str, Any], before: Board, after: Board) -> str:
    """Where a card played came from when not from the hand: the discard pile (a Medic, §10) or the deck (Muster, a
    Leader; the automaton of Gwent Solo reveals every card from its deck, §18)."""
    player = event["player"]
    if player not in (0, 1) or after.hands[player] < before.hands[player]:
        return ""
    card = event["card"]
    if before.piles[player].count(card) > after.piles[player].count(card):
        return " from the discard pile"
    if after.decks[player] < before.decks[player]:
        return " from the deck"
    return ""


def steps(game: LoggedGame) -> list[Step]:
    """Every event of ``game`` told, in order (a heading before the set-up and before each round's first play)."""
    from deckcli.game.game_log import Board

    told: list[Step] = []
    before = Board()
    names = (game.summary.decks[0], game.summary.decks[1])
    shown_round = 0
    for event, after in zip(game.events, game.boards):
        heading = ""
        if event["event"] == "start":
            heading = "Set-up (§6)"
        elif event["event"] not in ("hand", "exchange", "round_end", "game_end", "keep") and event["round"] != shown_round:
            shown_round = event["round"]
            heading = f"Round {shown_round}"
        told.append(Step(event["round"], event["player"], _told(event, before, after, names),
                         (after.scores[0], after.scores[1]), (after.hands[0], after.hands[1]), heading))
        before = after
    return told


def _title(game: LoggedGame, path: str) -> list[str]:
    summary = game.summary
    seed = f", seed {summary.seed}" if summary.seed is not None else ""
    return [f"Game {summary.number} of {path}{seed}",
            f"A (player 0): {summary.decks[0]}", f"B (player 1): {summary.decks[1]}", _result(summary)]


def _result(summary: GameSummary) -> str:
    rounds = ", ".join(f"{a} : {b}" for a, b in summary.totals)
    if summary.winner is None:
        return f"A draw; rounds {rounds}"
    return f"{TAGS[summary.winner]} won; rounds {rounds}"


def _wrapped(text: str, width: int | None, indent: str = "    ") -> list[str]:
    """``text`` wrapped to ``width`` columns (``None``: one line), continuations indented; a long path or word is
    split only when it is wider than a line."""
    if width is None:
        return [text]
    return textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False) or [""]


def render_replay(game: LoggedGame, path: str, width: int | None) -> str:
    """``game`` told as text: a title, then a line per event (wrapped to ``width`` columns, ``None``: one line
    each) with both totals and both hand sizes after it in two columns at the right."""
    lines = [part for line in _title(game, path) for part in _wrapped(line, width)]
    columns = width or 10_000
    figure_width = 16  # "123 : 123  10|10"
    text_width = max(columns - figure_width - 2, 30)
    lines.extend(_wrapped("Each event, then both totals (A : B) and the cards in each hand (A|B) after it.", width))
    if width:
        lines.append(f"{'':<{text_width}}    A : B    A|B")
    for step in steps(game):
        if step.heading:
            lines.append(step.heading)
        figures = f"{step.scores[0]:>3} : {step.scores[1]:<3} {step.hands[0]:>2}|{step.hands[1]:<2}"
        if width is None:
            lines.append(f"  {step.text}  {figures.strip()}")
            continue
        wrapped = textwrap.wrap(step.text, text_width, initial_indent="  ", subsequent_indent="      ",
                                break_long_words=True, break_on_hyphens=False)
        last = wrapped[-1]
        wrapped[-1] = f"{last:<{text_width}}  {figures}".rstrip()
        lines.extend(wrapped)
    return "\n".join(lines) + "\n"


def render_listing(games: list[GameSummary], count: int, path: str, width: int | None) -> str:
    """The games of a log, one line each (number, seed, the two decks, the winner and each round's totals), then
    how to tell one. At most :data:`~deckcli.game.game_log.MAX_LISTED` are named; ``count`` is how many there are."""
    lines = _wrapped(f"{path}: {counted(count, 'game', 'games')}", width)
    for summary in games:
        seed = f" (seed {summary.seed})" if summary.seed is not None else ""
        winner = "draw" if summary.winner is None else f"{summary.decks[summary.winner]} won"
        rounds = ", ".join(f"{a}:{b}" for a, b in summary.totals)
        text = f"{summary.number:>5}  {summary.decks[0]} v {summary.decks[1]}: {winner} {rounds}{seed}"
        lines.extend(_wrapped(text, width, " " * 7))
    if count > len(games):
        lines.extend(_wrapped(f"... and {count - len(games):,} more (the first {MAX_LISTED} are listed)", width))
    first = games[0].number
    lines.extend(_wrapped(f"Tell one turn by turn: deckcli replay {path} --game {first}", width))
    return "\n".join(lines) + "\n"
