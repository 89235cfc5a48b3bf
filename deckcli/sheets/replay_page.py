"""``deckcli replay --html``: a logged game as one page that draws the battlefield at every event.

The page is standalone: inline CSS and one inline script, no font, image or script fetched from anywhere. The
game's steps (:func:`deckcli.game.replay.steps`) and the board after each (:class:`deckcli.game.game_log.Board`)
are embedded as JSON, each distinct part of the battlefield once (:func:`replay_data`); the script draws the step chosen with the buttons, the slider or the arrow keys (← →, Home,
End). Without a script the page still lists every event in order.
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
"""A Weather Card's ability to the rows it strikes on both sides (§12)."""


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
    """What the page's script draws: ``decks`` (player 0's first), ``printed`` (name → [printed Strength, Hero]),
    ``parts``, every distinct part of the battlefield once (a row as [name, Strength] pairs, a discard pile, the
    Weather area, the six Horn zones, the six rows' Mardroeme), and ``steps``, each with ``text``, ``heading``,
    ``round``, ``player``, the board after it as indices into ``parts`` (``rows``: six, ``piles``: two,
    ``horns``, ``mardroeme``, ``weather``: one each), the ``struck`` rows, and ``scores``, ``gems``, ``hands``,
    ``decks``. A part an event did not change is the same part as before (:meth:`~deckcli.game.game_log.Board.after`),
    so the data grows with the log's lines, not with its events times the battlefield. ``told`` is
    :func:`deckcli.game.replay.steps` of ``game`` when the caller has it."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.replay import steps

    catalog = default_catalog()
    told = told if told is not None else steps(game)
    names: set[str] = set()
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
            names.update(name for name, _ in value)
        return part(value)

    struck: dict[int, list[int]] = {}
    frames = []
    for step, board in zip(told, game.boards):
        weather = part(board.weather)
        if weather not in struck:
            struck[weather] = _struck(board.weather, catalog)
        frames.append({
            "text": step.text, "heading": step.heading, "round": step.round, "player": step.player,
            "rows": [row(cards) for cards in board.rows], "horns": part(board.horns),
            "mardroeme": part(board.mardroeme), "weather": weather, "struck": struck[weather],
            "piles": [part(pile) for pile in board.piles],
            "scores": board.scores, "gems": board.gems, "hands": board.hands, "decks": board.decks,
        })
    return {"decks": game.summary.decks, "printed": _printed(names, catalog), "parts": parts, "steps": frames}


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

    from deckcli.game.replay import steps
    from deckcli.sheets.pages import render_template

    told = steps(game)
    return render_template("replay.html.j2", summary=game.summary, source=path, steps=told,
                           data=Markup(script_json(replay_data(game, told))))
