"""Name matching as a player meets it: apostrophes, accents, separators, ambiguity, typos, merges."""

from __future__ import annotations

import json

from helpers.cli_runs import run_cli
from helpers.repository import write_deck
from helpers.example_decks import BASE_22


def report(result) -> dict:
    return json.loads(result.stdout)["decks"][0]


def test_curly_apostrophes_accents_and_spacing(tmp_path):
    cards = {k: v for k, v in BASE_22.items() if k != "Ves"}
    cards.update({"  síle  DE tansarville ": 1, "Gaunter O’Dimm": 1, "Commander‘s Horn": 1})
    deck = write_deck(tmp_path, cards, faction="northern realms", leader="Foltest – The Siegemaster")
    result = run_cli(["validate", "--format", "json", deck])
    profile = report(result)["profile"]
    assert profile["leader"] == "Foltest: The Siegemaster"
    assert profile["cards"]["Síle de Tansarville"] == 1
    assert profile["cards"]["Gaunter O'Dimm"] == 1
    assert profile["cards"]["Commander's Horn"] == 1


def test_a_name_typed_without_its_apostrophe_is_the_card(tmp_path):
    cards = {k: v for k, v in BASE_22.items() if k != "Ves"}
    cards.update({"Gaunter ODimm": 1, "Commanders Horn": 1})
    deck = write_deck(tmp_path, cards, faction="northern realms", leader="Foltest: The Siegemaster")
    profile = report(run_cli(["validate", "--format", "json", deck]))["profile"]
    assert profile["cards"]["Gaunter O'Dimm"] == 1 and profile["cards"]["Commander's Horn"] == 1
    assert "Gaunter O'Dimm" in run_cli(["cards", "--search", "odimm"]).stdout


def test_scoiatael_with_either_apostrophe(tmp_path):
    cards = {"Mahakaman Defender": 5, "Dol Blathanna Scout": 3, "Havekar Smuggler": 3, "Elven Skirmisher": 3,
             "Dwarven Skirmisher": 3, "Vrihedd Brigade Veteran": 2, "Eithne": 1, "Iorveth": 1, "Milva": 1}
    for spelling in ("Scoia’tael", "Scoia'tael", "scoiatael"):
        deck = write_deck(tmp_path, cards, faction=spelling, leader="Francesca Findabair: The Beautiful")
        assert report(run_cli(["validate", "--format", "json", deck]))["profile"]["faction"] == "scoiatael"


def test_ambiguous_leader_lists_candidates_and_never_guesses(tmp_path):
    deck = write_deck(tmp_path, BASE_22, leader="Foltest")
    result = run_cli(["validate", deck], exit_code=1)
    line = next(l for l in result.stdout.splitlines() if "ambiguous-card" in l)
    assert line.startswith(f"{deck}:2: ambiguous-card: \"Foltest\" may mean ")
    for title in ("King of Temeria", "Lord Commander of the North", "Son of Medell", "The Siegemaster", "The Steel-Forged"):
        assert f"Foltest: {title}" in line


def test_unknown_name_gets_did_you_mean(tmp_path):
    deck = write_deck(tmp_path, {**BASE_22, "Catapul": 1})
    result = run_cli(["validate", deck], exit_code=1)
    assert f'{deck}:13: unknown-card: "Catapul" is not a card of any faction set; did you mean Catapult?' in result.stdout


def test_two_spellings_of_one_card_are_merged_with_a_warning(tmp_path):
    deck = tmp_path / "merge.toml"
    deck.write_text(
        'faction = "Northern Realms"\nleader = "Foltest: The Siegemaster"\n[cards]\n'
        + "".join(f'"{k}" = {v}\n' for k, v in BASE_22.items() if k != "Ves")
        + '"Ves" = 1\n"ves" = 1\n',
        encoding="utf-8",
    )
    result = run_cli(["validate", "--format", "json", deck], exit_code=1)
    data = report(result)
    assert data["warnings"] == [
        {
            "code": "merged-duplicate",
            "message": '"ves" is Ves, already listed on line 12: counted together as 2 copies',
            "line": 13,
            "card": "Ves",
        }
    ]
    assert data["violations"][0]["code"] == "too-many-copies" and data["violations"][0]["line"] == 12


def test_json_report_shape(tmp_path):
    deck = write_deck(tmp_path, BASE_22)
    data = report(run_cli(["validate", "--rules", "advanced", "--format", "json", deck]))
    assert data["deck"] == str(deck) and data["rules"] == "advanced" and data["legal"] is True
    assert data["violations"] == [] and data["warnings"] == []
    profile = data["profile"]
    assert (profile["units"], profile["heroes"], profile["specials"], profile["unit_strength"]) == (22, 0, 0, 81)
    assert profile["faction"] == "northern-realms" and profile["leaders"] == 1


def test_acute_accent_apostrophe(tmp_path):
    cards = {k: v for k, v in BASE_22.items()}
    cards["Commander´s Horn"] = 1
    deck = write_deck(tmp_path, cards)
    assert report(run_cli(["validate", "--format", "json", deck]))["profile"]["cards"]["Commander's Horn"] == 1
    deck = write_deck(tmp_path, {"Mahakaman Defender": 1}, faction="Scoia´tael", leader="Francesca Findabair: The Beautiful")
    assert report(run_cli(["validate", "--format", "json", deck], exit_code=1))["profile"]["faction"] == "scoiatael"


def test_lines_point_into_the_right_section(tmp_path):
    deck = tmp_path / "sections.toml"
    deck.write_text(
        'faction = "Skellige"\nleader = "King Bran"\n[cards]\n"King Bran" = 1\n"Decoy" = 1\n"Hemdall" = 1\n'
        '[side]\n"Decoy" = 1\n"Hemdall" = 1\n',
        encoding="utf-8",
    )
    violations = report(run_cli(["validate", "--format", "json", deck], exit_code=1))["violations"]
    where = {(v["code"], v.get("card")): v.get("line") for v in violations}
    assert where[("leader-in-main", "King Bran")] == 4
    assert where[("not-side-deck", "Decoy")] == 8
    assert where[("side-deck-in-main", "Hemdall")] == 6
    # A side-deck card over the set's copies is a warning (issue 11, item 7), at its first line.
    assert not [v for v in violations if v["code"] == "too-many-copies"]
    warnings = report(run_cli(["validate", "--format", "json", deck], exit_code=1))["warnings"]
    over = next(w for w in warnings if w["code"] == "side-deck-copies")
    assert over["card"] == "Hemdall" and over["line"] == 6
    assert over["message"].startswith("Hemdall: 2 copies in [cards] and [side]; the Skellige set prints 1")


def test_a_near_faction_name_gets_did_you_mean(tmp_path):
    deck = write_deck(tmp_path, {"Ghoul": 1}, faction="Monster")
    result = run_cli(["validate", deck], exit_code=2)
    assert 'unknown faction "Monster": did you mean Monsters? choose one of' in result.stderr


def test_one_letter_typo_gets_no_random_suggestions(tmp_path):
    result = run_cli(["validate", write_deck(tmp_path, {"x": 1})], exit_code=1)
    assert '"x" is not a card of any faction set\n' in result.stdout
