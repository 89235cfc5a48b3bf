"""The built-in rule sets' findings as a player reads them: messages, lines, verdict lines, figures.

Which codes each deck gives is in tests/rules/cases/ (test_rule_cases.py); this file checks what a
code-only case cannot: the wording with its numbers, the line a finding points at, the verdict
line. Every deck here is worked out by hand: the comments give its unit count and printed Strength.
"""

from __future__ import annotations

import json

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS, write_deck
from helpers.example_decks import BASE_22, copy_example, line_of


def codes(result) -> list[str]:
    return [v["code"] for v in json.loads(result.stdout)["decks"][0]["violations"]]


def profile_of(result) -> dict:
    return json.loads(result.stdout)["decks"][0]["profile"]


def test_22_units_is_legal(tmp_path):
    deck = write_deck(tmp_path, BASE_22)
    result = run_cli(["validate", deck, "--format", "json"])
    assert profile_of(result)["units"] == 22
    assert profile_of(result)["unit_strength"] == 81


def test_21_units_is_not(tmp_path):
    deck = write_deck(tmp_path, {k: v for k, v in BASE_22.items() if k != "Ves"})
    result = run_cli(["validate", deck], exit_code=1)
    assert f"{deck}: units-min: 21 unit cards; at least 22 needed: add 1" in result.stdout
    assert "not legal under standard: 1 violation" in result.stdout


# 26 units, 130 Strength: BASE_22 without Ves (76) + Sabrina Glevissig 4 + Geralt of Rivia 15
# + Cirilla Fiona Elen Riannon 15 + Vernon Roche 10 + Esterad Thyssen 10 = 130
STRENGTH_130 = {
    **{k: v for k, v in BASE_22.items() if k != "Ves"},
    "Sabrina Glevissig": 1,
    "Geralt of Rivia": 1,
    "Cirilla Fiona Elen Riannon": 1,
    "Vernon Roche": 1,
    "Esterad Thyssen": 1,
}


def test_130_strength_is_legal_under_advanced(tmp_path):
    result = run_cli(["validate", "--rules", "advanced", write_deck(tmp_path, STRENGTH_130)])
    assert "legal under advanced: 26 units, 0 specials, 130/130 Strength" in result.stdout


def test_131_strength_is_not(tmp_path):
    cards = {**{k: v for k, v in STRENGTH_130.items() if k != "Sabrina Glevissig"}, "Ves": 1}
    result = run_cli(["validate", "--rules", "advanced", write_deck(tmp_path, cards)], exit_code=1)
    assert "strength-max: 131 combined unit Strength; at most 130 under Advanced rules: 1 too many" in result.stdout


@pytest.mark.parametrize(
    ("specials", "rules", "exit_code"),
    [
        ({"Decoy": 3, "Scorch": 2}, "advanced", 0),
        ({"Decoy": 3, "Scorch": 2, "Commander's Horn": 1}, "advanced", 1),
        ({"Decoy": 3, "Scorch": 1, "Biting Frost": 2}, "advanced", 1),  # Weather Cards are Special Cards
        ({"Decoy": 3, "Scorch": 3, "Commander's Horn": 3, "Clear Weather": 1}, "standard", 0),
        ({"Decoy": 3, "Scorch": 3, "Commander's Horn": 3, "Clear Weather": 2}, "standard", 1),
    ],
)
def test_special_card_limits(tmp_path, specials, rules, exit_code):
    result = run_cli(["validate", "--rules", rules, "--format", "json", write_deck(tmp_path, {**BASE_22, **specials})], exit_code)
    total = sum(specials.values())
    assert profile_of(result)["specials"] == total
    if exit_code:
        found = [v for v in json.loads(result.stdout)["decks"][0]["violations"] if v["code"] == "specials-max"]
        limit = 5 if rules == "advanced" else 10
        assert len(found) == 1  # the standard and Advanced limits never both show
        assert found[0]["message"].startswith(f"{total} Special Cards (Weather Cards included); at most {limit}")


# 23 Nilfgaard units, 91 Strength: 4 Impera Brigade Guard (3) + 3 Nausicaa Cavalry Rider (2)
# + 2 Young Emissary (5) + 2 Black Infantry Archer (10) + Albrich 2 + Sweers 2 + Vreemde 2
# + Puttkammer 3 + Morteisen 3 + Rotten Mangonel 3 + Cynthia 4 + Rainfarn 4 + Vanhemar 4
# + Zerrikanian Fire Scorpion 5 + Renuald aep Matsen 5 + Siege Engineer 6


def test_exactly_one_leader(tmp_path):
    result = run_cli(["validate", write_deck(tmp_path, BASE_22, leader=None)], exit_code=1)
    assert "leader-count: 0 Leaders named; a deck has exactly 1" in result.stdout
    deck = tmp_path / "two.toml"
    deck.write_text(
        'faction = "Northern Realms"\nleader = ["Foltest: The Siegemaster", "Foltest: King of Temeria"]\n[cards]\n'
        + "".join(f'"{k}" = {v}\n' for k, v in BASE_22.items()),
        encoding="utf-8",
    )
    result = run_cli(["validate", deck], exit_code=1)
    assert f"{deck}:2: leader-count: 2 Leaders named" in result.stdout, "the finding points at the leader line"


@pytest.mark.parametrize("blank", ['""', '"   "', '[""]'])
def test_a_blank_leader_names_no_leader(tmp_path, blank):
    deck = tmp_path / "blank.toml"
    deck.write_text(
        f'faction = "Northern Realms"\nleader = {blank}\n[cards]\n' + "".join(f'"{k}" = {v}\n' for k, v in BASE_22.items()),
        encoding="utf-8",
    )
    result = run_cli(["validate", deck, "--format", "json"], exit_code=1)
    (violation,) = json.loads(result.stdout)["decks"][0]["violations"]
    assert violation["code"] == "leader-count" and violation["line"] == 2
    assert violation["message"].startswith("0 Leaders named")


def test_leader_of_another_faction(tmp_path):
    result = run_cli(["validate", write_deck(tmp_path, BASE_22, leader="Eredin: Bringer of Death")], exit_code=1)
    assert ":2: off-faction: Eredin: Bringer of Death is not in the Northern Realms set" in result.stdout


def test_a_unit_is_not_a_leader(tmp_path):
    result = run_cli(["validate", write_deck(tmp_path, BASE_22, leader="Geralt of Rivia")], exit_code=1)
    assert ":2: not-a-leader: Geralt of Rivia is not a Leader Card" in result.stdout


def test_card_from_another_faction_names_its_line(tmp_path):
    deck = write_deck(tmp_path, {**BASE_22, "Letho of Gulet": 1})
    result = run_cli(["validate", deck], exit_code=1)
    # line 1 faction, 2 leader, 3 [cards], then BASE_22's nine entries on lines 4-12
    assert f"{deck}:13: off-faction: Letho of Gulet is not in the Northern Realms set" in result.stdout


def test_copies_above_the_set(tmp_path):
    deck = write_deck(tmp_path, {**BASE_22, "Decoy": 4, "Blue Stripes Commando": 4})
    result = run_cli(["validate", deck], exit_code=1)
    assert f"{deck}:7: too-many-copies: Blue Stripes Commando: 4 copies; the Northern Realms set prints 3" in result.stdout
    assert f"{deck}:13: too-many-copies: Decoy: 4 copies; the Northern Realms set prints 3" in result.stdout


def test_side_deck_card_and_leader_in_main_deck(tmp_path):
    cards = {**BASE_22, "Bovine Defense Force": 1, "Foltest: King of Temeria": 1}
    result = run_cli(["validate", "--format", "json", write_deck(tmp_path, cards)], exit_code=1)
    assert codes(result) == ["side-deck-in-main", "leader-in-main"]
    assert profile_of(result)["units"] == 22  # neither is counted
    side = json.loads(result.stdout)["decks"][0]["violations"][0]["message"]
    assert side.endswith("move it to [side], or delete this line if [side] lists it already")


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


def test_every_weather_card_but_clear_weather_is_named(tmp_path):
    deck = DECKS / "skellige-starter.toml"
    result = run_cli(["validate", deck, "--rules", "solo"], exit_code=1)
    named = [line.split("solo-weather: ")[1].split(" is a Weather Card")[0] for line in result.stdout.splitlines() if "solo-weather" in line]
    listed = [name for name in ("Biting Frost", "Impenetrable Fog", "Skellige Storm", "Torrential Rain") if f'"{name}"' in deck.read_text("utf-8")]
    assert named == listed


def test_empty_deck_is_explained_by_the_rules(tmp_path):
    deck = tmp_path / "skeleton.toml"
    deck.write_text('faction = "Skellige"\n[cards]\n', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=1)
    assert "leader-count: 0 Leaders named" in result.stdout
    assert "units-min: 0 unit cards; at least 22 needed: add 22" in result.stdout


def test_one_unit_is_singular(tmp_path):
    deck = write_deck(tmp_path, {"Ves": 1, "Decoy": 1})
    result = run_cli(["validate", deck], exit_code=1)
    assert "units-min: 1 unit card; at least 22 needed: add 21" in result.stdout
    assert "(1 unit, 1 special, 5 Strength)" in result.stdout


def test_ninety_copies_are_a_rule_violation(tmp_path):
    path = write_deck(tmp_path, {"Decoy": 90})
    result = run_cli(["validate", path], exit_code=1)
    assert f"{path}:4: too-many-copies: Decoy: 90 copies; the Northern Realms set prints 3" in result.stdout
