"""deckcli card NAME: one card whole, its abilities explained by the rules."""

from __future__ import annotations

import json
import tomllib

from helpers.cli_runs import run_cli
from helpers.repository import REPO

from deckcli.catalog.abilities import ABILITIES


def sheet(*args: str) -> dict:
    return json.loads(run_cli(["card", *args, "--format", "json"]).stdout)


def test_every_catalog_ability_has_a_rule_sentence():
    schema = json.loads((REPO / "schemas" / "catalog.schema.json").read_text("utf-8"))
    assert set(schema["$defs"]["ability"]["enum"]) == set(ABILITIES)
    for ability in ABILITIES.values():
        assert ability.section.startswith("§") and ability.rule.endswith(".")


def test_berserker_shows_its_side_deck_card():
    text = run_cli(["card", "berserker"]).stdout
    assert text.splitlines()[0] == "Berserker"
    assert "Side deck: Transformed Vildkaarl" in text
    assert "Berserker (§10): When a Mardroeme transforms it" in text
    assert "Printed in: Skellige ×1" in text


def test_side_deck_card_names_what_brings_it():
    data = sheet("Transformed Vildkaarl")
    assert data["brought_by"] == ["Berserker"]
    assert data["side_deck"] and "never shuffled" in data["side_deck"]


def test_hero_immunity_and_muster_group():
    data = sheet("Cerys")
    assert data["kind"] == "Hero"
    assert data["abilities"][0]["name"] == "Hero" and "Weather does not reduce" in data["abilities"][0]["rule"]
    assert data["abilities"][1]["name"] == "Muster"
    assert data["group"]["ability"] == "Muster"
    assert data["group"]["members"] == [
        {"name": "Cerys", "copies": 1},
        {"name": "Clan Drummond Shield Maiden", "copies": 3},
    ]


def test_tight_bond_group_and_copies_in_every_set():
    data = sheet("blue stripes commando")
    assert data["group"] == {"name": "Blue Stripes Commando", "ability": "Tight Bond",
                             "members": [{"name": "Blue Stripes Commando", "copies": 3}]}
    assert data["printed_in"] == [{"faction": "Northern Realms", "copies": 3}]


def test_a_tight_bond_group_holds_only_tight_bond_cards():
    # Cerys shares the Shield Maidens' group name through her Muster, but bonds with nobody (§10).
    maiden = sheet("Clan Drummond Shield Maiden")["group"]
    assert maiden["ability"] == "Tight Bond"
    assert maiden["members"] == [{"name": "Clan Drummond Shield Maiden", "copies": 3}]
    cerys = sheet("Cerys")["group"]
    assert cerys["ability"] == "Muster"
    assert [m["name"] for m in cerys["members"]] == ["Cerys", "Clan Drummond Shield Maiden"]


def test_neutral_card_is_printed_by_all_five_sets():
    data = sheet("decoy")
    assert [p["faction"] for p in data["printed_in"]] == ["Monsters", "Nilfgaard", "Northern Realms", "Scoia'tael", "Skellige"]
    assert {p["copies"] for p in data["printed_in"]} == {3}


def test_horn_reads_differently_on_a_special_card_and_on_a_unit():
    special = sheet("Commander's Horn")["abilities"][0]
    unit = sheet("Dandelion")["abilities"][0]
    assert special["section"] == "§11" and "only one Special Card Horn" in special["rule"]
    assert unit["section"] == "§10" and "does not double its own Strength" in unit["rule"]


def test_leaders_show_their_ability_and_activation():
    daisy = sheet("Francesca Findabair: Daisy of the Valley")["leader"]
    assert daisy["activation"] == "passive" and "11 instead of 10" in daisy["ability"]
    text = run_cli(["card", "Foltest - the siegemaster"]).stdout
    assert "Leader ability: Double the Strength of your Siege row" in text
    assert "Active: used once per game" in text


def test_a_card_with_accents():
    result = run_cli(["card", "sile de tansarville", "--faction", "Northern Realms"])
    assert result.stdout.splitlines()[0] == "Síle de Tansarville"
    assert "In the Northern Realms set: 1 copy" in result.stdout
    assert sheet("Schirru")["name"] == "Schirrú"
    assert sheet("Eithne")["name"] == "Eithné"


def test_faction_shows_a_card_off_faction():
    assert "In the Nilfgaard set: not printed" in run_cli(["card", "Ves", "--faction", "nilfgaard"]).stdout


def test_unknown_name_exit_2_with_did_you_mean():
    result = run_cli(["card", "Blue Stripe Comando"], exit_code=2)
    assert result.stderr.strip() == (
        'deckcli: "Blue Stripe Comando" is not a card of any faction set; did you mean Blue Stripes Commando?'
    )
    assert result.stdout == ""


def test_ambiguous_name_exit_2_with_candidates():
    result = run_cli(["card", "Vampire"], exit_code=2)
    assert len(result.stderr.strip().splitlines()) == 1
    for name in ("Vampire: Bruxa", "Vampire: Ekimmara", "Vampire: Fleder", "Vampire: Garkain", "Vampire: Katakan"):
        assert name in result.stderr


def test_every_card_has_a_sheet():
    for path in (REPO / "deckcli" / "catalog" / "cards").glob("*.toml"):
        for entry in tomllib.loads(path.read_text("utf-8"))["cards"]:
            assert sheet(entry["name"])["name"] == entry["name"]


def test_a_name_several_leaders_share_lists_every_leader_whose_name_begins_with_it():
    from deckcli.catalog.loading import default_catalog
    from deckcli.catalog.names import fold

    said = run_cli(["card", "eredin"], exit_code=2).stderr.replace("\n    ", " ")
    eredins = [card.name for card in default_catalog().cards.values() if card.is_leader and fold(card.name).startswith("eredin")]
    assert len(eredins) == 5 and all(name in said for name in eredins), said
