"""--rules solo: Gwent Solo with the deck-building variant (rulebook §18)."""

from __future__ import annotations

import json

from conftest import DECKS, run_cli
from example_decks import copy_example, line_of


def test_a_deck_with_clear_weather_is_legal_for_solo(tmp_path):
    deck = copy_example(tmp_path, "northern-realms-advanced", "solo.toml")
    assert '"Clear Weather" = 1' in deck.read_text("utf-8")
    result = run_cli(["validate", deck, "--rules", "solo"])
    assert result.stdout.startswith(f"{deck}: legal under solo")


def test_a_deck_with_biting_frost_is_not_legal_for_solo(tmp_path):
    deck = copy_example(tmp_path, "northern-realms-advanced", "frost.toml", add={"Biting Frost": 1}, drop=("Clear Weather",))
    # Still a legal standard deck: only the Solo weather rule is broken.
    run_cli(["validate", deck])
    result = run_cli(["validate", deck, "--rules", "solo"], exit_code=1)
    line = line_of(deck, "Biting Frost")
    assert result.stdout.splitlines()[0].startswith(f"{deck}:{line}: solo-weather: Biting Frost is a Weather Card")
    [report] = json.loads(run_cli(["validate", deck, "--rules", "solo", "--format", "json"], exit_code=1).stdout)["decks"]
    assert report["violations"] == [
        {"code": "solo-weather", "message": report["violations"][0]["message"], "line": line, "card": "Biting Frost"}
    ]


def test_solo_keeps_the_standard_rules(tmp_path):
    deck = copy_example(tmp_path, "northern-realms-advanced", "thin.toml", drop=("Esterad Thyssen", "Thaler", "Keira Metz"))
    result = run_cli(["validate", deck, "--rules", "solo"], exit_code=1)
    assert "units-min: 21 unit cards" in result.stdout


def test_every_weather_card_but_clear_weather_is_named(tmp_path):
    deck = DECKS / "skellige-starter.toml"
    result = run_cli(["validate", deck, "--rules", "solo"], exit_code=1)
    named = [line.split("solo-weather: ")[1].split(" is a Weather Card")[0] for line in result.stdout.splitlines() if "solo-weather" in line]
    listed = [name for name in ("Biting Frost", "Impenetrable Fog", "Skellige Storm", "Torrential Rain") if f'"{name}"' in deck.read_text("utf-8")]
    assert named == listed
