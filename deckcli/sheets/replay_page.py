"""``deckcli replay --html``: a logged game as one page that draws the battlefield at every event.

The page is standalone: inline CSS and one inline script, no font, image or script fetched from anywhere. The
game's steps (:func:`deckcli.game.replay.steps`) and the board after each (:class:`deckcli.game.game_log.Board`)
are embedded as JSON, each distinct part of the battlefield once (:func:`replay_data`); the script draws the step
chosen with the buttons, the slider or the arrow keys (← →, Home, End): two sides facing each other across the
Weather area, or at a Free For All table every player's side in turn order. Without a script the page still lists
every event in order.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from deckcli.game.cards import CLOSE, RANGED, SIEGE

if TYPE_CHECKING:
    from deckcli.catalog.model import Catalog
    from deckcli.game.game_log import LoggedGame
    from deckcli.game.replay import Step

WEATHER_ROWS = {"frost": (CLOSE,), "fog": (RANGED,), "rain": (SIEGE,), "storm": (RANGED, SIEGE)}
"""A Weather Card's ability to the rows it strikes on every side (§12)."""


ENDS = ("round_end", "game_end")
"""The events whose ``player`` is the winning side, not a player who acted."""


def _struck(weather: list[str], catalog: Catalog) -> list[int]:
    """The rows (0 Close Combat, 1 Ranged Combat, 2 Siege) struck by the Weather Cards named (unknown names: none)."""
    rows: set[int] = set()
    for name in weather:
        card = catalog.cards.get(name)
        for ability in card.abilities if card is not None else ():
            rows.update(WEATHER_ROWS.get(ability, ()))
    return sorted(rows)


def _printed(names: set[str], catalog: Catalog) -> dict[str, Any]:
    """Each name's printed Strength and whether it is a Hero, for the cards the catalog knows."""
    found: dict[str, Any] = {}
    for name in sorted(names):
        card = catalog.cards.get(name)
        if card is not None:
            found[name] = [card.strength or 0, card.kind == "hero"]
    return found


def replay_data(game: LoggedGame, told: list[Step] | None = None) -> dict[str, Any]:
    """What the page's script draws, for a game of any mode: ``players`` (a name per player in turn order,
    :func:`deckcli.game.replay.seat_names`), ``sides`` (per side: its ``name``, its ``decks`` as one text and its
    ``members``, the players who play it: one, or a team's two, §17), ``gems`` (whether rounds cost gems; Free For
    All scores points instead, §16), ``win`` (the points that win a Free For All game; ``null`` otherwise),
    ``printed`` (name → [printed Strength, Hero]), ``parts``, every distinct part of the battlefield once (a row as
    [name, Strength] pairs, a discard pile, the Weather area, the Horn zones, the rows' Mardroeme), and ``steps``,
    each with ``text``, ``heading``, ``round``, ``player``, ``mover`` (the player who acted: ``player`` but at a
    round's or the game's end, whose ``player`` is the winning side, §9), the board after it as indices into
    ``parts`` (``rows``: three a side, ``piles``: one a side, ``horns``, ``mardroeme``, ``weather``: one each), the
    ``struck`` rows, and
    ``scores``, ``gems`` (per side), ``hands``, ``decks`` and ``points`` (per player; ``points`` empty but in Free
    For All). A part an event did not change is the same part as before
    (:meth:`~deckcli.game.game_log.Board.after`), so the data grows with the log's lines, not with its events times
    the battlefield. ``told`` is :func:`deckcli.game.replay.steps` of ``game`` when the caller has it."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.modes import points_to_win
    from deckcli.game.replay import seat_names, steps

    catalog = default_catalog()
    seats = game.summary.seats
    names = seat_names(seats)
    told = told if told is not None else steps(game)
    cards: set[str] = set()
    parts: list[Any] = []
    placed: dict[int, int] = {}  # id of a board's part (alive as long as game.boards) → its index in parts

    def part(value: list[Any]) -> int:
        found = placed.get(id(value))
        if found is None:
            found = placed[id(value)] = len(parts)
            parts.append(value)
        return found

    def row(value: list[tuple[str, int]]) -> int:
        if id(value) not in placed:
            cards.update(name for name, _ in value)
        return part(value)

    struck: dict[int, list[int]] = {}
    frames = []
    for step, event, board in zip(told, game.events, game.boards):
        weather = part(board.weather)
        if weather not in struck:
            struck[weather] = _struck(board.weather, catalog)
        frames.append({
            "text": step.text, "heading": step.heading, "round": step.round, "player": step.player,
            "mover": None if event["event"] in ENDS else step.player,
            "rows": [row(cards) for cards in board.rows], "horns": part(board.horns),
            "mardroeme": part(board.mardroeme), "weather": weather, "struck": struck[weather],
            "piles": [part(pile) for pile in board.piles],
            "scores": board.scores, "gems": board.gems, "hands": board.hands, "decks": board.decks,
            "points": board.points,
        })
    sides = [{"name": names.sides[side], "decks": decks, "members": list(members)}
             for side, (decks, members) in enumerate(zip(game.summary.side_decks, seats.seating.members))]
    return {"players": list(names.players), "sides": sides, "gems": seats.gems,
            "win": None if seats.gems else points_to_win(seats.players), "printed": _printed(cards, catalog),
            "parts": parts, "steps": frames}


def script_json(data: Any) -> str:
    """``data`` as JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` as such (a card named
    ``</script>`` stays text), no line or paragraph separator."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for character, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                              ("\u2029", "\\u2029")):
        text = text.replace(character, escape)
    return text


def replay_page(game: LoggedGame, path: str) -> str:
    """The page of ``game`` (read from the log at ``path``) as HTML text."""
    from markupsafe import Markup

    from deckcli.game.replay import result, seated, steps, table_line
    from deckcli.sheets.pages import render_template

    told = steps(game)
    summary = game.summary
    return render_template("replay.html.j2", summary=summary, source=path, steps=told, table=table_line(summary),
                           seated=seated(summary), result=result(summary), title=" v ".join(summary.side_decks),
                           data=Markup(script_json(replay_data(game, told))))
