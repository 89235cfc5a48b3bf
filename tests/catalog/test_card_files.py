"""The catalog: its files pass their schema, and the five faction sets have the rulebook's sizes."""

from __future__ import annotations

import re

import jsonschema
import pytest

from deckcli.catalog.loading import default_catalog, read_catalog_files
from deckcli.files.schemas import packaged_schema


def test_every_catalog_file_passes_the_catalog_schema():
    schema = packaged_schema("catalog")
    jsonschema.Draft202012Validator.check_schema(schema)
    documents = read_catalog_files()
    assert set(documents) == {"monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige", "neutral"}
    for document in documents.values():
        jsonschema.Draft202012Validator(schema).validate(document)


@pytest.mark.parametrize(
    ("faction", "size", "leaders"),
    [("monsters", 90, 5), ("nilfgaard", 86, 5), ("northern-realms", 87, 5), ("scoiatael", 87, 5), ("skellige", 86, 4)],
)
def test_faction_set_sizes_match_the_rulebook(faction, size, leaders):
    catalog = default_catalog()
    faction_set = catalog.factions[faction]
    assert faction_set.size == size
    assert sum(1 for name in faction_set.copies if catalog.cards[name].is_leader) == leaders


def test_the_five_sets_hold_436_cards():
    assert sum(f.size for f in default_catalog().factions.values()) == 436


def test_neutral_cards_and_mardroeme_are_in_every_set():
    catalog = default_catalog()
    for faction in catalog.factions.values():
        assert faction.copies["Geralt of Rivia"] == 1
        assert faction.copies["Mardroeme"] == 3
        assert faction.copies["Bovine Defense Force"] == 1
        assert faction.copies["Torrential Rain"] == 3


def test_skellige_has_the_rulebook_leaders_and_its_side_deck():
    skellige = default_catalog().factions["skellige"]
    for name in ("Arnjolf: The Patricide", "Harald an Craite: The Cripple", "Crach an Craite", "King Bran"):
        assert skellige.copies[name] == 1
    assert skellige.copies["Transformed Young Vildkaarl"] == 1
    assert skellige.copies["Hemdall"] == 1


def test_card_facts_are_carried():
    cards = default_catalog().cards
    assert cards["Kayran"].is_hero and cards["Kayran"].rows == ("close", "ranged") and cards["Kayran"].has("agile")
    assert cards["Berserker"].side_deck_card == "Transformed Vildkaarl"
    assert cards["Transformed Vildkaarl"].side_deck
    assert cards["Arachas Behemoth"].group == "Arachas"
    assert cards["Mysterious Elf"].has("spy") and cards["Mysterious Elf"].is_hero
    assert cards["Francesca Findabair: Daisy of the Valley"].activation == "passive"
    assert cards["Toad"].has("scorch") and not cards["Toad"].has("scorch-close")
    assert cards["Skellige Storm"].is_weather and cards["Skellige Storm"].is_special


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("sile de tansarville", "Síle de Tansarville"),
        ("Si\u0301le de Tansarville", "Síle de Tansarville"),
        ("Eithne", "Eithné"),
        ("  BLUE   stripes commando ", "Blue Stripes Commando"),
        ("Gaunter O’Dimm", "Gaunter O'Dimm"),
        ("Gaunter O`Dimm: Darkness", "Gaunter O'Dimm: Darkness"),
        ("Commander‘s Horn", "Commander's Horn"),
        ("Foltest - The Siegemaster", "Foltest: The Siegemaster"),
        ("Foltest – the siegemaster", "Foltest: The Siegemaster"),
        ("Foltest:The Siegemaster", "Foltest: The Siegemaster"),
        ("Shilard Fitz-Oesterlen", "Shilard Fitz-Oesterlen"),
        ("Avallac'h", "Mysterious Elf"),
        ("Eredin Breacc Glas", "Eredin Bréacc Glas: The Treacherous"),
        ("Thaler\u200b", "Thaler"),
        ("Keira\u200b Metz", "Keira Metz"),
        ("Sabrina\u00adGlevissig".replace("\u00ad", " \u00ad"), "Sabrina Glevissig"),
    ],
)
def test_name_matching(typed, expected):
    assert [c.name for c in default_catalog().find(typed)] == [expected]


def test_a_dangling_leader_separator_means_the_name_before_it():
    found = default_catalog().find("Foltest –")
    assert len(found) == 5 and all(card.name.startswith("Foltest: ") for card in found)


def test_decomposed_unicode_matches():
    decomposed = "Schirru\u0301"
    assert [c.name for c in default_catalog().find(decomposed)] == ["Schirrú"]


def test_a_shared_head_is_ambiguous():
    found = {c.name for c in default_catalog().find("Foltest")}
    assert len(found) == 5 and "Foltest: The Siegemaster" in found


def test_unknown_name_gets_suggestions():
    catalog = default_catalog()
    assert catalog.find("Blue Stripe Comando") == []
    assert catalog.suggest("Blue Stripe Comando")[0] == "Blue Stripes Commando"


@pytest.mark.parametrize("typed", ["Scoia'tael", "Scoia’tael", "scoiatael", "SCOIA'TAEL"])
def test_faction_names(typed):
    assert default_catalog().faction(typed).slug == "scoiatael"


def test_northern_realms_slug_and_name():
    catalog = default_catalog()
    assert catalog.faction("northern-realms") is catalog.faction("Northern Realms")
    with pytest.raises(KeyError):
        catalog.faction("Redania")


def test_leader_abilities_speak_the_games_terms():
    # The game's terms are capitalised (Spy, Strength, Close Combat, Weather Card, Leader, Agile), and
    # whether an ability is Passive is the activation field's job, not the text's.
    lowercase_terms = re.compile(r"\b(spy|strength|close combat|ranged combat|siege|weather card|leader|agile)\b")
    for card in default_catalog().cards.values():
        if card.is_leader:
            assert card.leader_ability and card.activation in ("active", "passive"), card.name
            assert not card.leader_ability.startswith(("Passive", "Active")), card.name
            assert not lowercase_terms.search(card.leader_ability), f"{card.name}: {card.leader_ability}"
