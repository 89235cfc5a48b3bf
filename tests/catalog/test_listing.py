"""deckcli cards: the catalog listing, its filters (AND), order and formats.

Expected sets are computed here straight from the catalog files with tomllib,
not from deckcli's own listing code.
"""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import REPO

CATALOG = REPO / "deckcli" / "catalog" / "cards"


def raw_cards() -> dict[str, tuple[str, dict]]:
    """Card name -> (catalog file stem, entry), read independently of deckcli."""
    cards = {}
    for path in sorted(Path(CATALOG).glob("*.toml")):
        for entry in tomllib.loads(path.read_text("utf-8"))["cards"]:
            cards[entry["name"]] = (path.stem, entry)
    return cards


def listed(*args: str) -> list[dict]:
    return json.loads(run_cli(["cards", *args, "--format", "json"]).stdout)["cards"]


def names(*args: str) -> set[str]:
    return {row["name"] for row in listed(*args)}


def test_faction_filter_is_the_faction_file_plus_neutral():
    expected = {name for name, (stem, _e) in raw_cards().items() if stem in ("skellige", "neutral")}
    assert names("--faction", "Skellige") == expected
    assert "Geralt of Rivia" in expected and "Hemdall" in expected


def test_faction_and_ability_combine_with_and():
    assert names("--faction", "skellige", "--ability", "Tight Bond") == {
        "Clan an Craite Warrior", "Clan Drummond Shield Maiden", "War Longship", "Transformed Young Vildkaarl",
    }


def test_kind_unit_includes_heroes_and_row_siege_no_hero():
    raw = raw_cards()
    expected = {
        name for name, (stem, e) in raw.items()
        if e["kind"] == "unit" and "siege" in e.get("rows", []) and stem in ("northern-realms", "neutral")
    }
    assert names("--faction", "northern-realms", "--kind", "unit", "--row", "siege", "--no-hero") == expected
    with_heroes = names("--faction", "nilfgaard", "--kind", "unit", "--row", "siege")
    assert "Morvran Voorhis" in with_heroes  # a Hero is a Unit Card (§2)


def test_hero_flag_keeps_only_heroes():
    expected = {name for name, (_s, e) in raw_cards().items() if e["kind"] == "hero"}
    assert names("--hero") == expected
    assert len(expected) == 25


def test_row_ranged_includes_agile_units():
    got = names("--row", "ranged", "--faction", "scoiatael", "--ability", "agile")
    expected = {name for name, (stem, e) in raw_cards().items() if stem in ("scoiatael", "neutral") and "agile" in e.get("abilities", [])}
    assert got == expected and "Barclay Els" in got


def test_scorch_ability_includes_row_limited_scorch():
    assert {"Villentretenmerth", "Toad", "Schirrú", "Clan Dimun Pirate", "Scorch"} <= names("--ability", "scorch")


def test_kind_special_includes_weather():
    got = names("--kind", "special")
    assert {"Decoy", "Mardroeme", "Biting Frost", "Clear Weather"} <= got
    assert names("--kind", "weather") == {"Biting Frost", "Impenetrable Fog", "Torrential Rain", "Skellige Storm", "Clear Weather"}


def test_search_ignores_accents_and_case():
    rows = listed("--search", "SILE")
    assert [row["name"] for row in rows] == ["Síle de Tansarville"]
    assert rows[0]["copies"] == 1 and rows[0]["strength"] == 5 and rows[0]["rows"] == ["Ranged Combat"]


def test_copies_are_those_of_the_chosen_set():
    rows = {row["name"]: row for row in listed("--faction", "monsters", "--kind", "weather")}
    assert rows["Torrential Rain"]["copies"] == 3
    assert rows["Torrential Rain"]["faction"] == "Neutral"


def test_sorted_by_faction_kind_strength():
    rows = listed("--faction", "nilfgaard", "--hero")
    # Nilfgaard's four Heroes all have Strength 10, then the neutral Heroes (15, 15, 7, 7, 0).
    assert [row["faction"] for row in rows] == ["Nilfgaard"] * 4 + ["Neutral"] * 5
    assert [row["strength"] for row in rows] == [10, 10, 10, 10, 15, 15, 7, 7, 0]
    assert rows[4]["name"] == "Cirilla Fiona Elen Riannon"


def test_table_and_csv_formats():
    table = run_cli(["cards", "--search", "sile", "--format", "github"]).stdout
    assert table.startswith("| Card") and "Síle de Tansarville" in table
    rows = list(csv.DictReader(io.StringIO(run_cli(["cards", "--kind", "leader", "--faction", "skellige", "--format", "csv"]).stdout)))
    assert {row["name"] for row in rows} == {"Arnjolf: The Patricide", "Harald an Craite: The Cripple", "Crach an Craite", "King Bran"}


def test_no_match_is_an_empty_list():
    assert listed("--search", "zzzz") == []


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--ability", "flying"], "is not an ability"),
        (["--faction", "Redania"], "is not a faction"),
        (["--kind", "dragon"], "'dragon' is not a kind; choose one of: Leader, Unit Card, Hero, Special Card, Weather Card"),
        (["--row", "middle"], "'middle' is not a row; choose one of: Close Combat, Ranged Combat, Siege"),
        (["--ability", "x"], "choose one of: Agile, Medic, Spy, Muster, Tight Bond, Morale Boost, Commander's Horn"),
        (["--format", "yaml"], "is not a format"),
    ],
)
def test_bad_filters_exit_2(args, said):
    result = run_cli(["cards", *args], exit_code=2)
    assert said in " ".join(line.strip() for line in result.stderr.splitlines())  # wrapped to 80 columns


def test_kinds_and_rows_by_their_game_names():
    assert names("--row", "Ranged Combat") == names("--row", "ranged")
    assert names("--kind", "Unit Card") == names("--kind", "unit")
    assert names("--kind", "weather card", "--row", "SIEGE") == set()
    assert names("--kind", "Special Card") == names("--kind", "special")
    assert names("--kind", "Leader Card") == names("--kind", "leader") != set()


def test_no_match_prints_no_empty_table():
    result = run_cli(["cards", "--search", "zzzz"])
    assert result.stdout == "" and result.stderr == "deckcli: no card matches these filters\n"
    assert json.loads(run_cli(["cards", "--search", "zzzz", "--format", "json"]).stdout)["cards"] == []
