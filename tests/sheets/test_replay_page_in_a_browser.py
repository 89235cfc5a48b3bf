"""``deckcli replay --html`` in a real browser: the page draws the log's battlefield at every step it is taken to.

At 360 px (a phone) and 1280 px, in headless Chromium: a two-player game (against Monsters, which keeps a unit) and
a Gwent Solo game, a Free For All game of four players and a two versus two game, stepped through with the arrow keys, Home, End and the buttons; at three steps the board drawn (each row's cards with their Strength,
row totals, Horns, the Weather, totals, gems, hand, deck and discard pile sizes) is the log's board after that event,
nothing is wider than its box or the page, no word breaks across lines, the page loaded nothing but itself; a
screenshot of the last is taken (kept in the test's folder for a person to look at). Needs Debian's ``chromium``; without it the
tests are skipped saying so.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

from helpers.cli_runs import run_cli
from helpers.depth import quick_first
from helpers.repository import DECKS
from deckcli.game.game_log import read_game
from deckcli.game.modes import points_to_win
from deckcli.game.replay import seat_names
from helpers.headless_chromium import MEASURE, NO_CHROMIUM, Tab, chromium_path

CHROMIUM = chromium_path()
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)]
WIDTHS = (360, 1280)
KINDS = ("two-player", "solo", "ffa", "teams")

DRAWN = """(() => {
  const side = box => {
    return {
      id: box.id,
      who: box.querySelector(".who").textContent,
      total: +box.querySelector(".total").textContent,
      gems: box.querySelectorAll(".gem.full").length,
      points: [...box.querySelectorAll(".points")].map(p => p.textContent),
      points_title: [...box.querySelectorAll(".points")].map(p => p.title),
      counts: box.querySelector(".counts").textContent,
      rows: [...box.querySelectorAll(".row")].map(row => ({
        name: row.querySelector(".row-head .name").textContent,
        sum: +row.querySelector(".row-head .sum").textContent,
        horn: row.querySelector(".horn").textContent,
        struck: row.classList.contains("struck"),
        cards: [...row.querySelectorAll(".card")].map(c => [c.querySelector(".n").textContent, +c.querySelector(".s").textContent]),
      })),
    };
  };
  const sides = [...document.querySelectorAll("#sides .side")];
  return {sides: sides.map(side), order: sides.map(box => box.id), weather: document.getElementById("weather").textContent,
          event: document.getElementById("event").textContent, where: document.getElementById("where").textContent,
          piles: [...document.querySelectorAll("#piles details")].map(d => d.querySelectorAll("li").length),
          resources: performance.getEntriesByType("resource").length};
})()"""
ROW_NAMES = ("Close Combat", "Ranged Combat", "Siege")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Any]]:
    folder = tmp_path_factory.mktemp("replay-pages")
    two = folder / "two.jsonl"
    run_cli(["simulate", DECKS / "northern-realms-advanced.toml", "--vs", "skellige", "--vs", "monsters", "--games", "2",
             "--seed", "4", "--workers", "1", "--log", two])
    solo = folder / "solo.jsonl"
    run_cli(["simulate", DECKS / "skellige-advanced.toml", "--solo", "nilfgaard", "--leader-variant", "--games", "1",
             "--workers", "1", "--log", solo])
    found = {}
    ffa = folder / "ffa.jsonl"
    run_cli(["simulate", DECKS / "northern-realms-advanced.toml", "--ffa", "4", "--games", "1", "--seed", "2",
             "--workers", "1", "--log", ffa])
    teams = folder / "teams.jsonl"
    run_cli(["simulate", DECKS / "skellige-advanced.toml", "--team-with", "monsters", "--games", "1", "--seed", "2",
             "--workers", "1", "--log", teams])
    for kind, log, number in (("two-player", two, 2), ("solo", solo, 0), ("ffa", ffa, 0), ("teams", teams, 0)):
        page = folder / f"{kind}.html"
        run_cli(["replay", log, "--game", str(number), "--html", page])
        found[kind] = (page, read_game(str(log), number))
    return found


def _press(tab: Tab, key: str, times: int = 1) -> None:
    tab.evaluate(f"for (let i = 0; i < {times}; i++) document.dispatchEvent(new KeyboardEvent('keydown', {{key: {json.dumps(key)}}}))")


def _check_drawn(drawn: dict[str, Any], game: Any, at: int) -> None:
    """The board drawn is the log's after event ``at``: every side (two facing each other, side 1's rows mirrored
    above; more in turn order), its players' decks, hands and decks left, its gems or, in Free For All, each
    player's points (§16), its discard pile, every row and the Weather."""
    board, seats = game.boards[at], game.summary.seats
    names = seat_names(seats)
    assert drawn["where"].endswith(f"event {at + 1} of {len(game.events)}")
    two = seats.sides == 2
    assert drawn["order"] == [f"side-{side}" for side in ((1, 0) if two else range(seats.sides))]
    for shown in drawn["sides"]:
        side = int(shown["id"].split("-")[1])
        members = seats.seating.members[side]
        assert shown["who"].startswith(names.sides[side]) and shown["who"].endswith(game.summary.side_decks[side])
        assert shown["total"] == board.scores[side]
        if seats.gems:
            assert shown["gems"] == board.gems[side] and shown["points"] == []
        else:
            assert shown["points"] == [f"{board.points[player]} point{'' if board.points[player] == 1 else 's'}"
                                       for player in members]
            assert shown["points_title"] == [f"{points_to_win(seats.players)} points win (§16)"] * len(members)
        counts = [(f"{names.players[player]} " if len(members) > 1 else "")
                  + f"hand {board.hands[player]} · deck {board.decks[player]}" for player in members]
        assert shown["counts"] == "; ".join(counts) + ("; " if len(members) > 1 else " · ") + \
            f"discard {len(board.piles[side])}"
        for row in shown["rows"]:
            slot = side * 3 + ROW_NAMES.index(row["name"])
            assert [tuple(card) for card in row["cards"]] == board.rows[slot]
            assert row["sum"] == sum(value for _, value in board.rows[slot])
            horn = board.horns[slot]
            assert row["horn"] == (f"Horn: {horn}" if horn else "Horn zone empty")
        mirrored = two and side == 1
        assert [row["name"] for row in shown["rows"]] == (list(reversed(ROW_NAMES)) if mirrored else list(ROW_NAMES))
    assert drawn["piles"] == [len(pile) for pile in board.piles]
    assert all(name in drawn["weather"] for name in board.weather) and (board.weather or drawn["weather"] == "Weather: none")
    assert drawn["resources"] == 0  # nothing fetched: no stylesheet, script, font or image


@pytest.mark.parametrize(("kind", "width"), quick_first(
    [*((kind, WIDTHS[0]) for kind in KINDS), (KINDS[0], WIDTHS[1]), *((kind, WIDTHS[1]) for kind in KINDS[1:])],
    "a mode's page at 1280 px as well as at the phone's 360 (two players' is in every run)", keep=len(KINDS) + 1,
    several=True))
def test_every_step_shown_draws_the_logs_board_and_fits(tab, pages, kind, width, tmp_path):
    page, game = pages[kind]
    last = len(game.events) - 1
    tab.show(page, width)
    at = 0
    for target in sorted({0, last // 2, last - 1}):
        _press(tab, "ArrowRight", target - at)
        at = target
        _check_drawn(tab.evaluate(DRAWN), game, at)
        layout = tab.evaluate(MEASURE)
        assert layout["scrollWidth"] <= layout["innerWidth"], "the page scrolls sideways"
        assert not layout["overflowing"], "content wider than its box:\n" + "\n".join(layout["overflowing"])
        assert not layout["broken"], "words broken across lines: " + ", ".join(layout["broken"])
    shot = tab.screenshot()  # of the last step measured (a screenshot costs the browser 0.2 s of CPU)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">I", shot[16:20])[0] == width
    (tmp_path / f"{kind}-{width}-{at + 1}.png").write_bytes(shot)


def test_the_keys_and_buttons_step_through_the_events(tab, pages):
    page, game = pages["two-player"]
    last = len(game.events) - 1
    tab.show(page, 1280)
    _check_drawn(tab.evaluate(DRAWN), game, 0)
    _press(tab, "End")
    _check_drawn(tab.evaluate(DRAWN), game, last)
    _press(tab, "ArrowRight")  # past the end: stays on the last event
    _check_drawn(tab.evaluate(DRAWN), game, last)
    _press(tab, "ArrowLeft", 2)
    _check_drawn(tab.evaluate(DRAWN), game, last - 2)
    _press(tab, "Home")
    _press(tab, "ArrowLeft")
    _check_drawn(tab.evaluate(DRAWN), game, 0)
    tab.evaluate("document.getElementById('next').click(); document.getElementById('next').click()")
    _check_drawn(tab.evaluate(DRAWN), game, 2)
    tab.evaluate("document.getElementById('last').click(); document.getElementById('prev').click()")
    _check_drawn(tab.evaluate(DRAWN), game, last - 1)
    tab.evaluate("document.querySelector('#events li[data-step=\"5\"]').click()")
    drawn = tab.evaluate(DRAWN)
    _check_drawn(drawn, game, 5)
    assert drawn["event"] == tab.evaluate("document.querySelector('#events li.now').firstChild.textContent.trim()")
