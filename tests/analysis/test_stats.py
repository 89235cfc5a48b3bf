"""deckcli stats: every figure of two small decks, worked out by hand from the printed cards."""

from __future__ import annotations

import csv
import io
import json
from math import isclose

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS, EXAMPLE_DECKS, write_deck

# Scoia'tael, Leader Francesca Findabair: Daisy of the Valley. Printed facts:
#   Iorveth          Hero 10, Ranged             Isengrim Faoiltiarna  Hero 10, Close, Morale Boost
#   Barclay Els      6, Agile                    Dol Blathanna Scout   6, Agile (x2)
#   Havekar Smuggler 5, Close, Muster (x3)       Elven Skirmisher      2, Ranged, Muster (x2)
#   Havekar Healer   0, Ranged, Medic            Schirrú               8, Siege, Scorch (Siege row)
#   Milva            10, Ranged, Morale Boost    Cow                   0, Ranged, Summon (Bovine Defense Force)
#   Decoy x2, Commander's Horn, Scorch (Special Cards); Biting Frost, Skellige Storm (Weather Cards)
ELVES = {
    "Iorveth": 1, "Isengrim Faoiltiarna": 1, "Barclay Els": 1, "Dol Blathanna Scout": 2, "Havekar Smuggler": 3,
    "Elven Skirmisher": 2, "Havekar Healer": 1, "Schirrú": 1, "Milva": 1, "Cow": 1,
    "Decoy": 2, "Commander's Horn": 1, "Scorch": 1, "Biting Frost": 1, "Skellige Storm": 1,
}
ELVES_DECK = {"faction": "Scoia'tael", "leader": "Francesca Findabair: Daisy of the Valley"}

# Skellige, Leader King Bran. Printed facts:
#   Cerys            Hero 10, Close, Muster (brings the Shield Maidens)
#   Clan Drummond Shield Maiden 4, Close, Tight Bond (x3)    Clan an Craite Warrior 6, Close, Tight Bond (x2)
#   Berserker        4, Close, Berserker -> Transformed Vildkaarl
#   Young Berserker  2, Ranged, Berserker -> Transformed Young Vildkaarl (x3)
#   Kambi            0, Close, Summon -> Hemdall
#   Ermion           Hero 8, Ranged, Mardroeme
#   Gaunter O'Dimm   2, Siege, Muster            Gaunter O'Dimm: Darkness  4, Ranged, Muster (x3)
#   Mardroeme x2 (Special Cards)
SKELLIGE = {
    "Cerys": 1, "Clan Drummond Shield Maiden": 3, "Clan an Craite Warrior": 2, "Berserker": 1, "Young Berserker": 3,
    "Kambi": 1, "Ermion": 1, "Gaunter O'Dimm": 1, "Gaunter O'Dimm: Darkness": 3, "Mardroeme": 2,
}
SKELLIGE_DECK = {"faction": "Skellige", "leader": "King Bran", "side": {"Transformed Vildkaarl": 1, "Hemdall": 1}}


def stats_json(path, *args: str, exit_code: int = 0):
    return json.loads(run_cli(["stats", path, "--format", "json", *args], exit_code=exit_code).stdout)


@pytest.fixture
def elves(tmp_path):
    return stats_json(write_deck(tmp_path, ELVES, **ELVES_DECK))


@pytest.fixture
def skellige(tmp_path):
    return stats_json(write_deck(tmp_path, SKELLIGE, **SKELLIGE_DECK))


def by(rows, key):
    return {row[key]: row for row in rows}


def test_kinds(elves, skellige):
    # Elves: units 1+1+1+2+3+2+1+1+1+1 = 14, of which Heroes Iorveth + Isengrim (20 Strength);
    # non-Hero Strength 6 + 12 + 15 + 4 + 0 + 8 + 10 + 0 = 55; Specials 2+1+1 = 4; Weather 2; main deck 20.
    assert elves["deck_size"] == 20 and elves["leader"] == "Francesca Findabair: Daisy of the Valley"
    kinds = {row["kind"]: (row["cards"], row["strength"]) for row in elves["kinds"]}
    assert kinds == {
        "Leader (not shuffled)": (1, None),
        "Unit Cards (Heroes apart)": (12, 55),
        "Heroes": (2, 20),
        "Special Cards (Weather apart)": (4, None),
        "Weather Cards": (2, None),
        "Main deck": (20, 75),
    }
    # Skellige: units 1+3+2+1+3+1+1+1+3 = 16, Heroes Cerys + Ermion (18);
    # non-Hero 12 + 12 + 4 + 6 + 0 + 2 + 12 = 48; Mardroeme x2; main deck 18.
    kinds = {row["kind"]: (row["cards"], row["strength"]) for row in skellige["kinds"]}
    assert kinds["Unit Cards (Heroes apart)"] == (14, 48)
    assert kinds["Heroes"] == (2, 18)
    assert kinds["Special Cards (Weather apart)"] == (2, None)
    assert kinds["Weather Cards"] == (0, None)
    assert kinds["Main deck"] == (18, 66)


def test_rows_count_agile_units_once(elves, skellige):
    rows = {row["row"]: (row["cards"], row["heroes"], row["strength"]) for row in elves["rows"]}
    assert rows == {
        "Close Combat": (4, 1, 25),  # Isengrim 10, Smuggler 3 x 5
        "Ranged Combat": (6, 1, 24),  # Iorveth 10, Skirmisher 2 x 2, Healer 0, Milva 10, Cow 0
        "Siege": (1, 0, 8),  # Schirrú
        "Agile (Close or Ranged)": (3, 0, 18),  # Barclay 6, Scout 2 x 6
    }
    rows = {row["row"]: (row["cards"], row["heroes"], row["strength"]) for row in skellige["rows"]}
    assert rows == {
        "Close Combat": (8, 1, 38),  # Cerys 10, Maidens 12, Warriors 12, Berserker 4, Kambi 0
        "Ranged Combat": (7, 1, 26),  # Young Berserkers 6, Ermion 8, Darkness 12
        "Siege": (1, 0, 2),  # Gaunter O'Dimm
        "Agile (Close or Ranged)": (0, 0, 0),
    }


def test_abilities(elves, skellige):
    assert {row["ability"]: row["cards"] for row in elves["abilities"]} == {
        "Spy": 0, "Medic": 1, "Muster": 5, "Tight Bond": 0, "Morale Boost": 2, "Commander's Horn": 1,
        "Scorch": 2, "Agile": 3, "Berserker": 0, "Mardroeme": 0, "Summon": 1, "Decoy": 2,
    }
    abilities = {row["ability"]: row["cards"] for row in skellige["abilities"]}
    assert abilities["Muster"] == 5  # Cerys, O'Dimm, 3 Darkness
    assert abilities["Tight Bond"] == 5  # 3 Shield Maidens, 2 Warriors
    assert abilities["Berserker"] == 4  # Berserker, 3 Young Berserkers
    assert abilities["Mardroeme"] == 3  # Ermion, 2 Mardroeme
    assert abilities["Summon"] == 1  # Kambi


def test_strength(elves, skellige):
    strength = elves["strength"]
    assert (strength["units"], strength["total"], strength["advanced_cap"], strength["headroom"]) == (14, 75, 130, 55)
    assert isclose(strength["mean_per_unit"], 75 / 14)
    assert skellige["strength"]["headroom"] == 130 - 66


def test_strength_over_the_cap_has_negative_headroom():
    strength = stats_json(DECKS / "nilfgaard-starter.toml", "--table", "strength")["strength"]
    assert strength["headroom"] == 130 - strength["total"] < 0


def test_histogram(elves):
    assert {row["strength"]: row["cards"] for row in elves["histogram"]} == {
        0: 2, 1: 0, 2: 2, 3: 0, 4: 0, 5: 3, 6: 3, 7: 0, 8: 1, 9: 0, 10: 3,
    }
    assert "bar" not in elves["histogram"][0]


def test_histogram_bars_only_in_text_formats(tmp_path):
    path = write_deck(tmp_path, ELVES, **ELVES_DECK)
    text = run_cli(["stats", path, "--table", "histogram"]).stdout
    lines = {line.split()[0]: line for line in text.splitlines()[3:]}
    assert lines["0"].endswith(" ██") and lines["5"].endswith(" ███") and lines["8"].endswith(" █")
    assert "█" not in lines["1"]
    for fmt in ("csv", "json"):
        assert "█" not in run_cli(["stats", path, "--format", fmt]).stdout
    assert "█" in run_cli(["stats", path, "--format", "github"]).stdout


def test_groups(elves, skellige):
    groups = {(row["group"], row["ability"]): row for row in elves["groups"]}
    assert set(groups) == {("Havekar Smuggler", "Muster"), ("Elven Skirmisher", "Muster")}
    assert (groups["Havekar Smuggler", "Muster"]["copies"], groups["Havekar Smuggler", "Muster"]["strength"]) == (3, 15)
    assert (groups["Elven Skirmisher", "Muster"]["copies"], groups["Elven Skirmisher", "Muster"]["strength"]) == (2, 4)

    groups = {(row["group"], row["ability"]): row for row in skellige["groups"]}
    assert set(groups) == {
        ("Clan Drummond Shield Maiden", "Muster"), ("Gaunter O'Dimm", "Muster"),
        ("Clan Drummond Shield Maiden", "Tight Bond"), ("Clan an Craite Warrior", "Tight Bond"),
    }
    cerys = groups["Clan Drummond Shield Maiden", "Muster"]
    assert cerys["members"] == [{"card": "Cerys", "copies": 1}, {"card": "Clan Drummond Shield Maiden", "copies": 3}]
    assert (cerys["copies"], cerys["strength"], cerys["pulled_by"]) == (4, 22, ["Cerys"])
    odimm = groups["Gaunter O'Dimm", "Muster"]
    assert (odimm["copies"], odimm["strength"]) == (4, 14)
    assert odimm["pulled_by"] == ["Gaunter O'Dimm", "Gaunter O'Dimm: Darkness"]
    maidens = groups["Clan Drummond Shield Maiden", "Tight Bond"]
    # three copies of 4 on one row are worth 12 each (rulebook §8): 36
    assert (maidens["copies"], maidens["strength"], maidens["bonded_strength"]) == (3, 12, 36)
    warriors = groups["Clan an Craite Warrior", "Tight Bond"]
    assert (warriors["copies"], warriors["strength"], warriors["bonded_strength"]) == (2, 12, 24)


def test_csv_groups_keep_the_copies(tmp_path):
    text = run_cli(["stats", DECKS / "skellige-advanced.toml", "--table", "groups", "--format", "csv"]).stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    maidens = next(r for r in rows if r["group"] == "Clan Drummond Shield Maiden" and r["ability"] == "Muster")
    assert maidens["members"] == "Cerys ×1; Clan Drummond Shield Maiden ×3"


def test_exposure_to_weather(elves, skellige):
    exposure = by(elves["exposure"], "weather")
    assert list(exposure) == ["Biting Frost", "Impenetrable Fog", "Torrential Rain", "Skellige Storm"]
    # non-Hero Strength 55; Agile units (Barclay, 2 Scouts) 18 may go Close or Ranged
    expected = {
        "Biting Frost": (["Close Combat"], 3, 15, 18),  # 3 Smugglers
        "Impenetrable Fog": (["Ranged Combat"], 5, 14, 18),  # Skirmishers 4, Healer 0, Milva 10, Cow 0
        "Torrential Rain": (["Siege"], 1, 8, 0),  # Schirrú
        "Skellige Storm": (["Ranged Combat", "Siege"], 6, 22, 18),
    }
    for weather, (rows, units, strength, agile) in expected.items():
        row = exposure[weather]
        assert (row["rows"], row["units"], row["strength"], row["agile_strength"]) == (rows, units, strength, agile)
        assert isclose(row["share"], strength / 55)
        assert isclose(row["share_with_agile"], (strength + agile) / 55)
    exposure = by(skellige["exposure"], "weather")
    # non-Hero 48: Close 12 + 12 + 4 + 0 = 28; Ranged 6 + 12 = 18; Siege 2; Heroes Cerys and Ermion immune
    assert isclose(exposure["Biting Frost"]["share"], 28 / 48)
    assert isclose(exposure["Impenetrable Fog"]["share"], 18 / 48)
    assert isclose(exposure["Skellige Storm"]["share"], 20 / 48)


def test_exposure_text_shows_shares_as_percent(tmp_path):
    text = run_cli(["stats", write_deck(tmp_path, ELVES, **ELVES_DECK), "--table", "exposure"]).stdout
    storm = next(line for line in text.splitlines() if line.startswith("Skellige Storm"))
    assert "40.0%" in storm and "72.7%" in storm  # 22/55 and 40/55


def test_scorch_removes_the_strongest_non_heroes(elves, skellige):
    # Iorveth and Isengrim (10) are Heroes; Milva (10) is the strongest non-Hero
    assert elves["scorch"] == [{"card": "Milva", "copies": 1, "strength": 10}]
    # Cerys 10 and Ermion 8 are Heroes; the two Warriors (6) are the strongest
    assert skellige["scorch"] == [{"card": "Clan an Craite Warrior", "copies": 2, "strength": 6}]


def test_the_scorch_note_says_the_table_can_change_the_target():
    text = run_cli(["stats", DECKS / "northern-realms-starter.toml", "--table", "scorch"]).stdout
    assert "as printed" in text and "Tight Bond, Morale Boost, a Horn or Weather change it" in text


def test_side_deck_is_derived_from_the_deck(elves, skellige):
    assert elves["side_deck"] == [
        {"card": "Bovine Defense Force", "for": ["Cow"], "needed": 1, "in_set": 1, "in_side": 0}
    ]
    side = by(skellige["side_deck"], "card")
    assert side == {
        "Transformed Vildkaarl": {"card": "Transformed Vildkaarl", "for": ["Berserker"], "needed": 1, "in_set": 1,
                                  "in_side": 1},
        "Transformed Young Vildkaarl": {"card": "Transformed Young Vildkaarl", "for": ["Young Berserker"],
                                        "needed": 3, "in_set": 1, "in_side": 0},
        "Hemdall": {"card": "Hemdall", "for": ["Kambi"], "needed": 1, "in_set": 1, "in_side": 1},
    }


def test_a_side_card_without_its_source_is_listed(tmp_path):
    path = write_deck(tmp_path, {"Cerys": 1}, faction="Skellige", leader="King Bran", side={"Hemdall": 1})
    assert stats_json(path, "--table", "side-deck")["side_deck"] == [
        {"card": "Hemdall", "for": [], "needed": 0, "in_set": 1, "in_side": 1}
    ]


def test_text_output_has_every_table(tmp_path):
    text = run_cli(["stats", write_deck(tmp_path, SKELLIGE, **SKELLIGE_DECK)]).stdout
    for title in ("Cards by kind", "Units by row", "Cards by ability", "Strength", "Strength histogram",
                  "Muster and Tight Bond groups", "Exposure to Weather", "Scorch would remove",
                  "Side deck to set aside"):
        assert f"\n{title}\n" in f"\n{text}"
    assert "Agile units are counted once" in text
    assert "Cerys ×1, Clan Drummond Shield Maiden ×3" in text


def test_csv_has_one_block_per_table_or_one_table(tmp_path):
    path = write_deck(tmp_path, ELVES, **ELVES_DECK)
    out = run_cli(["stats", path, "--format", "csv"]).stdout
    assert out.count("\n# ") == 8 and out.startswith("# Cards by kind\nkind,cards,strength\n")
    out = run_cli(["stats", path, "--format", "csv", "--table", "rows"]).stdout
    assert out.splitlines() == [
        "row,cards,heroes,strength",
        "Close Combat,4,1,25",
        "Ranged Combat,6,1,24",
        "Siege,1,0,8",
        "Agile (Close or Ranged),3,0,18",
    ]


def test_empty_deck_has_no_mean_and_no_scorch(tmp_path):
    data = stats_json(write_deck(tmp_path, {"Decoy": 1}))
    assert data["strength"]["units"] == 0 and data["strength"]["mean_per_unit"] is None
    assert data["histogram"] == [] and data["scorch"] == [] and data["groups"] == []
    assert all(row["share"] is None for row in data["exposure"])
    run_cli(["stats", write_deck(tmp_path, {"Decoy": 1})])


def test_unknown_names_and_misplaced_cards_are_left_out(tmp_path):
    cards = {"Ves": 1, "Blue Stripe Comando": 3, "Foltest: King of Temeria": 1, "Bovine Defense Force": 1}
    result = run_cli(["stats", write_deck(tmp_path, cards), "--format", "json"], exit_code=1)
    data = json.loads(result.stdout)
    assert data["deck_size"] == 1 and data["strength"]["total"] == 5
    path = tmp_path / "deck.toml"
    lines = result.stderr.splitlines()
    assert [line.split(": ")[1] for line in lines] == ["unknown-card", "leader-in-main", "side-deck-in-main"]
    assert lines[0].startswith(f'{path}:5: unknown-card: "Blue Stripe Comando" is not a card of any faction set')
    assert lines[1] == f"{path}:6: leader-in-main: Foltest: King of Temeria is a Leader: name it with leader = \"...\", not in [cards] (left out of the figures)"
    assert "Bovine Defense Force is a side-deck card, never in the deck at the start" in lines[2] and lines[2].endswith("(left out of the figures)")
    result = run_cli(["stats", write_deck(tmp_path, {"Ves": 1, "Bovine Defense Force": 1})])
    assert "side-deck-in-main" in result.stderr


def test_bad_table_and_format_exit_2(tmp_path):
    path = write_deck(tmp_path, ELVES, **ELVES_DECK)
    assert "side-deck" in run_cli(["stats", path, "--table", "nope"], exit_code=2).stderr
    assert "github" in run_cli(["stats", path, "--format", "nope"], exit_code=2).stderr
    assert "no such file" in run_cli(["stats", tmp_path / "none.toml"], exit_code=2).stderr


@pytest.mark.parametrize("command", ["stats", "odds"])
def test_help_has_an_example(command):
    out = run_cli([command, "--help"]).stdout
    assert "Example:" in out and f"deckcli {command} decks/" in out


@pytest.mark.parametrize("deck", EXAMPLE_DECKS, ids=lambda p: p.name)
def test_every_example_deck(deck):
    data = stats_json(deck)
    assert sum(row["cards"] for row in data["rows"]) == data["strength"]["units"]
    assert sum(row["strength"] for row in data["rows"]) == data["strength"]["total"]
    run_cli(["odds", deck])


def test_an_unknown_name_shows_its_invisible_characters(tmp_path):
    result = run_cli(["stats", write_deck(tmp_path, {"Ves": 1, "Zz\u200bzz": 1})], exit_code=1)
    assert '"Zz\\u200bzz" is not a card of any faction set' in result.stderr


@pytest.mark.parametrize("command", [["stats"], ["odds"], ["draw", "--seed", "1"], ["export"], ["diff", str(DECKS / "monsters-starter.toml")]])
def test_a_misspelt_section_is_warned_about_as_validate_does(tmp_path, command):
    deck = tmp_path / "typo.toml"
    deck.write_text('faction = "Monsters"\nleader = "Eredin: Bringer of Death"\n[card]\n"Decoy" = 2\n', "utf-8")
    said = run_cli([*command, deck]).stderr
    assert f"{deck}:3: warning: unknown-key: key 'card' is not part of a deck file" in said and "did you mean [cards]?" in said
