"""Each deck-building rule at its boundary, through `deckcli validate` on real files.

Every deck here is worked out by hand: the comments give its unit count and
printed Strength.
"""

from __future__ import annotations

import json

import pytest

from conftest import run_cli, write_deck

# 22 Northern Realms units, 81 Strength:
# 4 Poor Fucking Infantry (1) + 2 Redanian Foot Soldier (1) + 3 Kaedweni Siege Expert (1)
# + 3 Blue Stripes Commando (4) + 3 Crinfrid Reavers Dragon Hunter (5) + 2 Ballista (6)
# + 2 Trebuchet (6) + 2 Catapult (8) + 1 Ves (5) = 4+2+3+12+15+12+12+16+5 = 81
BASE_22 = {
    "Poor Fucking Infantry": 4,
    "Redanian Foot Soldier": 2,
    "Kaedweni Siege Expert": 3,
    "Blue Stripes Commando": 3,
    "Crinfrid Reavers Dragon Hunter": 3,
    "Ballista": 2,
    "Trebuchet": 2,
    "Catapult": 2,
    "Ves": 1,
}


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


def test_heroes_spies_and_medics_count_as_units(tmp_path):
    cards = {k: v for k, v in BASE_22.items() if k != "Ves"}
    cards["Mysterious Elf"] = 1  # a Hero Spy is a Unit Card
    run_cli(["validate", write_deck(tmp_path, cards)])


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


def test_strength_has_no_cap_under_standard(tmp_path):
    cards = {**{k: v for k, v in STRENGTH_130.items() if k != "Sabrina Glevissig"}, "Ves": 1}
    run_cli(["validate", write_deck(tmp_path, cards)])


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


def test_two_spies_legal_three_not_counting_a_hero_spy(tmp_path):
    two = {**BASE_22, "Thaler": 1, "Mysterious Elf": 1}
    run_cli(["validate", "--rules", "advanced", write_deck(tmp_path, two)])
    three = {**two, "Sigismund Dijkstra": 1}
    result = run_cli(["validate", "--rules", "advanced", "--format", "json", write_deck(tmp_path, three)], exit_code=1)
    assert codes(result) == ["spies-max"]
    assert profile_of(result)["spies"] == 3
    run_cli(["validate", "--rules", "standard", write_deck(tmp_path, three)])


# 23 Nilfgaard units, 91 Strength: 4 Impera Brigade Guard (3) + 3 Nausicaa Cavalry Rider (2)
# + 2 Young Emissary (5) + 2 Black Infantry Archer (10) + Albrich 2 + Sweers 2 + Vreemde 2
# + Puttkammer 3 + Morteisen 3 + Rotten Mangonel 3 + Cynthia 4 + Rainfarn 4 + Vanhemar 4
# + Zerrikanian Fire Scorpion 5 + Renuald aep Matsen 5 + Siege Engineer 6
NILFGAARD_23 = {
    "Impera Brigade Guard": 4,
    "Nausicaa Cavalry Rider": 3,
    "Young Emissary": 2,
    "Black Infantry Archer": 2,
    "Albrich": 1,
    "Sweers": 1,
    "Vreemde": 1,
    "Puttkammer": 1,
    "Morteisen": 1,
    "Rotten Mangonel": 1,
    "Cynthia": 1,
    "Rainfarn": 1,
    "Vanhemar": 1,
    "Zerrikanian Fire Scorpion": 1,
    "Renuald aep Matsen": 1,
    "Siege Engineer": 1,
}


def test_two_medics_legal_three_not_counting_hero_medics(tmp_path):
    leader = "Emhyr var Emreis: The Relentless"
    two = {**NILFGAARD_23, "Etolian Auxiliary Archers": 1, "Menno Coehoorn": 1}
    result = run_cli(["validate", "--rules", "advanced", "--format", "json", write_deck(tmp_path, two, faction="Nilfgaard", leader=leader)])
    assert profile_of(result)["units"] == 25 and profile_of(result)["unit_strength"] == 91 + 1 + 10
    three = {**two, "Yennefer of Vengerberg": 1}
    result = run_cli(
        ["validate", "--rules", "advanced", "--format", "json", write_deck(tmp_path, three, faction="Nilfgaard", leader=leader)],
        exit_code=1,
    )
    assert codes(result) == ["medics-max"]


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


def test_neutral_cards_are_in_every_faction(tmp_path):
    run_cli(["validate", write_deck(tmp_path, {**BASE_22, "Geralt of Rivia": 1, "Mardroeme": 3, "Skellige Storm": 1})])


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


def test_side_section_takes_only_side_deck_cards(tmp_path):
    deck = write_deck(
        tmp_path, {**BASE_22, "Cow": 1}, side={"Bovine Defense Force": 1, "Decoy": 1}
    )
    result = run_cli(["validate", "--format", "json", deck], exit_code=1)
    assert codes(result) == ["not-side-deck"]
    run_cli(["validate", write_deck(tmp_path, {**BASE_22, "Cow": 1}, side={"Bovine Defense Force": 1})])


def test_every_violation_is_reported_at_once(tmp_path):
    cards = {"Blue Stripes Commando": 4, "Letho of Gulet": 1, "Blue Stripe Comando": 1, "Decoy": 3, "Scorch": 3}
    result = run_cli(["validate", "--rules", "advanced", "--format", "json", write_deck(tmp_path, cards)], exit_code=1)
    assert sorted(codes(result)) == sorted(
        ["too-many-copies", "off-faction", "unknown-card", "units-min", "specials-max"]
    )
