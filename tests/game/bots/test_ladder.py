"""The bots' ladder is data (deckcli/game/bots/ladder.json, package data) that simulate's Measured sentence reads:
each sentence says its bot's rating and every pair it played as the data has them, the relation (above, level
with, below) follows the interval, a yardstick that is no command-line bot is named but given no sentence, and a bot
without an entry gets none."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from helpers.cli_runs import run_cli
from deckcli.game.bots import BOTS, ladder


def test_the_ladder_ships_as_package_data_and_names_command_line_bots():
    document = json.loads(resources.files("deckcli.game.bots").joinpath("ladder.json").read_text("utf-8"))
    assert document == ladder.read_ladder()
    names = {entry["name"] for entry in document["entries"]}
    assert document["anchor"] in names
    for entry in document["entries"]:
        assert entry["bot"] is None or entry["bot"] in BOTS, entry
        assert (entry["interval"] is None) == (entry["name"] == document["anchor"]), entry
    for pair in document["pairs"]:
        assert {pair["first"], pair["second"]} <= names and 0 <= pair["interval"][0] <= pair["win_rate"] <= 1
    assert set(document["ranking"]["bots"]) <= set(BOTS)


def test_each_bot_on_the_ladder_is_said_with_its_measured_figures():
    data = ladder.read_ladder()
    for entry in data["entries"]:
        if entry["bot"] is None:
            continue
        said = ladder.standing(entry["bot"])
        assert said is not None and said.startswith(f"Elo {entry['rating']}")
        if entry["interval"]:
            assert f"({entry['interval'][0]}–{entry['interval'][1]})" in said
        for pair in data["pairs"]:
            if entry["name"] in (pair["first"], pair["second"]):
                rate = pair["win_rate"] if pair["first"] == entry["name"] else 1 - pair["win_rate"]
                assert f"{rate:.0%} (" in said and f"of {pair['games']:,}" in said, (said, pair)


LADDER: dict[str, Any] = {
    "format": 1, "anchor": "middle",
    "measured": {"command": "python benchmarks/ladder.py", "date": "2026-12-07T09:00Z", "machine": "m", "code": "c"},
    "entries": [{"name": "top", "bot": "search", "rating": 1200, "interval": [1150, 1250], "games": 400},
                {"name": "middle", "bot": "heuristic", "rating": 1000, "interval": None, "games": 600},
                {"name": "heuristic-2026-12", "bot": None, "rating": 1000, "interval": [960, 1040], "games": 200},
                {"name": "bottom", "bot": "random", "rating": 500, "interval": [400, 600], "games": 200}],
    "pairs": [{"first": "top", "second": "middle", "win_rate": 0.75, "interval": [0.70, 0.80], "games": 400},
              {"first": "middle", "second": "heuristic-2026-12", "win_rate": 0.51, "interval": [0.44, 0.58],
               "games": 200},
              {"first": "bottom", "second": "middle", "win_rate": 0.04, "interval": [0.01, 0.10], "games": 200}],
    "ranking": {"bots": ["heuristic", "search"], "spearman": 0.8123, "games_per_deck": {"heuristic": 500,
                                                                                         "search": 50},
                "measured": {"command": "python benchmarks/bots.py", "date": "d", "machine": "m", "code": "c"}},
}


@pytest.fixture()
def made_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladder, "read_ladder", lambda: LADDER)


def test_the_relation_follows_the_interval_and_a_yardstick_is_named(made_up: None):
    assert ladder.standing("search") == (
        "Elo 1200 (1150–1250), the middle bot at 1000; above the middle bot (it wins 75% (70–80) of 400 games); "
        "the ten shipped decks ranked by win rate against the five starters under the heuristic and the search "
        "bot agree with Spearman's rho 0.81 (50 games a deck under the search bot)")
    assert ladder.standing("heuristic").startswith(
        "Elo 1000, the ladder's anchor; below the top bot (it wins 25% (20–30) of 400 games), level with the "
        "heuristic-2026-12 bot (51% (44–58) of 200) and above the bottom bot (96% (90–99) of 200); the ten")
    assert ladder.standing("random") == ("Elo 500 (400–600), the middle bot at 1000, the floor of the ladder; "
                                         "below the middle bot (it wins 4% (1–10) of 200 games)")


def test_a_bot_without_an_entry_has_no_sentence(made_up: None):
    assert ladder.standing("ismcts") is None
    assert ladder.standing("heuristic-2026-12") is None  # a yardstick, no --bot


def test_simulate_says_the_ladder_for_a_bot_on_it_and_nothing_for_one_off_it(made_up: None):
    on = run_cli(["simulate", "decks/monsters-starter.toml", "--vs", "nilfgaard", "--games", "2", "--workers", "1",
                  "--bot", "random"]).output
    assert "The random bot on the bots' ladder: Elo 500 (400–600)" in " ".join(on.split())
    off = run_cli(["simulate", "decks/monsters-starter.toml", "--vs", "nilfgaard", "--games", "1", "--workers", "1",
                   "--bot", "heuristic-fixed"]).output
    assert "Measured:" in off and "on the bots' ladder" not in " ".join(off.split())
