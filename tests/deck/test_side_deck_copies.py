"""Side-deck over-copies are a warning; reconstructed copy counts say so (issue 11, item 7; rulebook §2)."""

from __future__ import annotations

import json

from helpers.cli_runs import run_cli
from helpers.repository import write_deck

from deckcli.catalog.loading import default_catalog


def report(tmp_path, cards, side=None, faction="Skellige", leader="King Bran"):
    deck = write_deck(tmp_path, cards, faction=faction, leader=leader, side=side)
    result = run_cli(["validate", deck, "--format", "json"], exit_code=1)
    return json.loads(result.stdout)["decks"][0]


def test_three_transformed_young_vildkaarl_for_three_young_berserkers_is_a_warning(tmp_path):
    found = report(tmp_path, {"Young Berserker": 3}, side={"Transformed Young Vildkaarl": 3})
    assert not [v for v in found["violations"] if v["code"] == "too-many-copies"]
    warning = next(w for w in found["warnings"] if w["code"] == "side-deck-copies")
    assert "Transformed Young Vildkaarl: 3 copies in the side deck; the Skellige set prints 1" in warning["message"]
    assert "reconstructed" in warning["message"]


def test_too_many_copies_of_a_reconstructed_count_says_how_to_correct_it(tmp_path):
    found = report(tmp_path, {"Clear Weather": 4, "Clan an Craite Warrior": 4})
    messages = {v["card"]: v["message"] for v in found["violations"] if v["code"] == "too-many-copies"}
    assert "reconstructed, not confirmed" in messages["Clear Weather"] and "DECKCLI_CATALOG" in messages["Clear Weather"]
    assert messages["Clan an Craite Warrior"] == "Clan an Craite Warrior: 4 copies; the Skellige set prints 3"


def test_the_catalog_marks_the_reconstructed_counts_of_the_reference_notes():
    marked = {card.name for card in default_catalog().cards.values() if card.copies_reconstructed}
    assert marked == {"Transformed Young Vildkaarl", "Transformed Vildkaarl", "Hemdall", "Bovine Defense Force",
                      "Clear Weather", "Torrential Rain", "Mardroeme"}
