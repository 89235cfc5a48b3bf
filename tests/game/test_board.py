"""deckcli score: a position on the table scored card by card, by the seed's worked examples (§8, §11, §12,
§21, the Passive Leaders), and every board that cannot happen refused with its line (issue 19, item 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from click.testing import CliRunner

from helpers.cli_runs import run_cli
from helpers.depth import examples
from helpers.repository import DECKS, REPO
from deckcli.cli.main import cli
from deckcli.catalog.loading import default_catalog
from deckcli.game.board import read_board
from deckcli.game.cards import ROW_NUMBERS

BOARDS = DECKS / "boards"
BLUE = "Blue Stripes Commando"  # 4 Strength, Close Combat, Tight Bond, 3 in the Northern Realms set
NR = {"faction": "Northern Realms"}
MONSTERS = {"faction": "Monsters"}


def write_board(folder: Path, me: dict[str, Any], opponent: dict[str, Any] | None = None, **top: Any) -> Path:
    """A board file from plain values: the top-level keys, then [me] and [opponent]."""
    path = folder / "board.toml"
    path.write_text(tomli_w.dumps({**top, "me": me, "opponent": opponent or MONSTERS}), encoding="utf-8")
    return path


def scored(path: Path) -> dict[str, Any]:
    return json.loads(run_cli(["score", path, "--format", "json"]).stdout)


def row(document: dict[str, Any], side: str, name: str) -> dict[str, Any]:
    found: dict[str, Any] = document["sides"][side]["rows"][name]
    return found


def strengths(document: dict[str, Any], side: str, name: str) -> list[int]:
    return [card["strength"] for card in row(document, side, name)["cards"]]


def refusal(folder: Path, text: str) -> str:
    """The one-line reason ``deckcli score`` gives for a board file holding ``text`` (exit 2)."""
    path = folder / "board.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli(["score", path], exit_code=2)
    assert result.stdout == ""
    said = result.stderr.strip()
    assert said.startswith(f"{path}:") and "\n" not in said, said
    return said[len(f"{path}:"):]


# The seed's worked examples --------------------------------------------------------------------


def test_section_8_three_bonded_units_of_4_are_worth_12_each(tmp_path):
    document = scored(write_board(tmp_path, {**NR, "close": [BLUE] * 3}))
    assert strengths(document, "me", "close") == [12, 12, 12]
    assert document["sides"]["me"]["total"] == 36
    assert row(document, "me", "close")["cards"][0]["why"] == ["bond ×3"]


def test_section_8_weather_first_then_tight_bond(tmp_path):
    document = scored(write_board(tmp_path, {**NR, "close": [BLUE] * 3}, weather=["Biting Frost"]))
    assert strengths(document, "me", "close") == [3, 3, 3] and document["sides"]["me"]["total"] == 9
    assert row(document, "me", "close")["cards"][0]["why"] == ["weather 1", "bond ×3"]


def test_section_8_and_a_horn_last(tmp_path):
    document = scored(write_board(tmp_path, {**NR, "close": [BLUE] * 3, "horns": ["close"]}, weather=["Biting Frost"]))
    assert strengths(document, "me", "close") == [6, 6, 6] and document["sides"]["me"]["total"] == 18
    assert row(document, "me", "close")["cards"][0]["why"] == ["weather 1", "bond ×3", "Horn ×2"]
    assert row(document, "me", "close")["horn"] == "Commander's Horn"


def test_section_11_scorch_takes_every_unit_of_the_highest_strength_and_spares_the_hero():
    """§11's example: my 10-Strength unit and the opponent's two go; the 15-Strength Hero is neither discarded
    nor counted when the strongest are chosen (decks/boards/scorch.toml)."""
    document = scored(BOARDS / "scorch.toml")
    assert document["scorch"] == [
        {"side": "me", "row": "ranged", "name": "Milva", "strength": 10},
        {"side": "opponent", "row": "ranged", "name": "Black Infantry Archer", "strength": 10},
        {"side": "opponent", "row": "ranged", "name": "Black Infantry Archer", "strength": 10},
    ]
    assert strengths(document, "me", "close") == [15]  # Geralt of Rivia still counts for his side
    assert document["sides"]["me"]["total"] == 25


def test_scorch_with_only_heroes_on_the_battlefield_takes_nothing(tmp_path):
    document = scored(write_board(tmp_path, {**NR, "close": ["Geralt of Rivia", "Decoy"]}))
    assert document["scorch"] == []
    assert "Scorch (§11) would discard nothing" in run_cli(["score", tmp_path / "board.toml"]).stdout


def test_section_21_a_units_horn_and_a_special_horn_never_multiply_by_four(tmp_path):
    """§21: Dandelion's Horn does nothing where the Special Horn doubles the row; the Special Horn doubles
    Dandelion too."""
    document = scored(write_board(tmp_path, {**NR, "close": ["Dandelion", "Ves"], "horns": ["close"]}))
    assert strengths(document, "me", "close") == [4, 10]
    assert [card["why"] for card in row(document, "me", "close")["cards"]] == [["Horn ×2"], ["Horn ×2"]]


def test_section_21_a_leaders_horn_and_a_horn_unit_double_once(tmp_path):
    document = scored(write_board(tmp_path, {**NR, "leader": "Foltest: The Siegemaster", "leader_horn": "siege",
                                             "siege": ["Ballista", "Trebuchet"], "close": ["Dandelion", "Ves"]}))
    assert strengths(document, "me", "siege") == [12, 12]
    assert row(document, "me", "siege")["horn"] == "Foltest: The Siegemaster"
    assert strengths(document, "me", "close") == [2, 10]  # Dandelion doubles the others, never himself (§10)
    assert row(document, "me", "close")["horn"] == "Dandelion"


def test_section_21_heroes_ignore_weather_horns_and_morale(tmp_path):
    document = scored(write_board(tmp_path, {**NR, "close": ["Geralt of Rivia", "Vernon Roche", "Ves"],
                                             "horns": ["close"]}, weather=["Biting Frost"]))
    assert strengths(document, "me", "close") == [15, 10, 2]
    cards = row(document, "me", "close")["cards"]
    assert [card["kind"] for card in cards] == ["hero", "hero", "unit"]
    assert cards[0]["why"] == ["Hero: untouched"] and cards[2]["why"] == ["weather 1", "Horn ×2"]


def test_a_decoy_lies_in_its_row_at_0(tmp_path):
    document = scored(write_board(tmp_path, {**NR, "ranged": ["Decoy", "Dethmold"]}))
    assert strengths(document, "me", "ranged") == [0, 6]
    assert row(document, "me", "ranged")["cards"][0]["kind"] == "decoy"


def test_king_bran_halves_his_units_under_weather_and_the_opponents_go_to_1():
    document = scored(BOARDS / "king-bran.toml")
    assert strengths(document, "me", "close") == [6, 6, 3]  # 6 halved to 3, then bond ×2; Madman Lugos 3
    assert row(document, "me", "close")["cards"][0]["why"] == ["weather halved 3", "bond ×2"]
    assert strengths(document, "opponent", "close") == [1, 10]  # Ves to 1; Vernon Roche a Hero
    assert strengths(document, "opponent", "siege") == [1]  # Skellige Storm strikes Siege too


def test_the_treacherous_makes_every_spy_count_double_for_both_players(tmp_path):
    document = scored(BOARDS / "the-treacherous.toml")
    assert strengths(document, "me", "close") == [10, 1] and strengths(document, "me", "siege") == [2]
    assert row(document, "me", "close")["cards"][0]["why"] == ["Spy counts ×2"]
    nilfgaard = write_board(tmp_path, {**MONSTERS, "leader": "Eredin Bréacc Glas: The Treacherous",
                                       "close": ["Stefan Skellen"]}, {"faction": "Nilfgaard"})
    assert strengths(scored(nilfgaard), "me", "close") == [18]  # the opponent's Spy, on my side, doubled too


def test_the_white_flame_cancels_the_treacherous(tmp_path):
    path = write_board(tmp_path, {**MONSTERS, "leader": "Eredin Bréacc Glas: The Treacherous", "close": ["Stefan Skellen"]},
                       {"faction": "Nilfgaard", "leader": "Emhyr var Emreis: The White Flame"})
    assert strengths(scored(path), "me", "close") == [9]
    header = run_cli(["score", path]).stdout.split("\n\n")[1].split("\n  Close Combat")[0]  # wrapped at 80 columns
    assert " ".join(header.split()) == ("Me: 9 (Monsters, Leader Eredin Bréacc Glas: The Treacherous, cancelled by "
                                        "Emhyr var Emreis: The White Flame)")


def test_a_row_limited_scorch_takes_only_from_a_row_of_10_or_more(tmp_path):
    document = scored(write_board(tmp_path, {**NR, "close": ["Ves"]},
                                  {**MONSTERS, "close": ["Fiend"], "siege": ["Fire Elemental", "Earth Elemental"]}))
    assert row(document, "opponent", "siege")["row_scorch"] == ["Fire Elemental", "Earth Elemental"]  # 12: both 6s
    assert row(document, "opponent", "close")["row_scorch"] == []  # Fiend's 6 is below the threshold (§10)


def test_nilfgaard_wins_a_tie_and_otherwise_a_tie_is_level(tmp_path):
    level = scored(write_board(tmp_path, {**NR, "siege": ["Ballista"]}, {**MONSTERS, "siege": ["Fire Elemental"]}))
    assert level["sides"]["me"]["total"] == level["sides"]["opponent"]["total"] == 6 and level["ahead"] is None
    tie = write_board(tmp_path, {**NR, "siege": ["Ballista"]}, {"faction": "Nilfgaard", "siege": ["Siege Engineer"]})
    assert scored(tie)["ahead"] == "opponent"
    assert run_cli(["score", tie]).stdout.splitlines()[-1] == (
        "Me 6, opponent 6: level; Nilfgaard wins a tie (§3), so the opponent is ahead")
    mine = write_board(tmp_path, {"faction": "Nilfgaard", "siege": ["Siege Engineer"]}, {**NR, "siege": ["Ballista"]})
    assert run_cli(["score", mine]).stdout.splitlines()[-1] == (
        "Me 6, opponent 6: level; Nilfgaard wins a tie (§3), so you are ahead")


# The text -------------------------------------------------------------------------------------


def test_the_text_says_why_each_card_is_worth_what_it_is_within_80_columns(monkeypatch):
    monkeypatch.chdir(REPO)
    result = run_cli(["score", "decks/boards/tight-bond.toml"], env={"COLUMNS": "80"})
    lines = result.stdout.splitlines()
    assert max(map(len, lines)) <= 80
    assert "  Close Combat: 18 (Biting Frost, Commander's Horn)" in lines
    assert any(line.split() == ["Blue", "Stripes", "Commando", "×3", "6", "each", "printed", "4:", "weather", "1,",
                                "bond", "×3,", "Horn", "×2"] for line in lines)
    assert any(line.split()[:4] == ["Geralt", "of", "Rivia", "15"] and line.endswith("Hero: untouched (§5)")
               for line in lines)
    assert lines[-1] == "Me 53, opponent 18: you are ahead by 35"


def test_long_reasons_go_on_a_line_of_their_own(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the path shown stays short (a long path is one word, never broken)
    path = write_board(tmp_path, {**MONSTERS, "leader": "Eredin Bréacc Glas: The Treacherous",
                                  "close": ["Stefan Skellen", "Dandelion", "Ghoul", "Ghoul"]},
                       {"faction": "Nilfgaard", "close": ["Cahir Mawr Dyffryn aep Ceallach"]}, weather=["Biting Frost"])
    lines = run_cli(["score", path.name], env={"COLUMNS": "80"}).stdout.splitlines()
    assert max(map(len, lines)) <= 80
    spy = next(index for index, line in enumerate(lines) if line.lstrip().startswith("Stefan Skellen"))
    assert lines[spy].split() == ["Stefan", "Skellen", "4"]
    assert lines[spy + 1] == "      printed 9: weather 1, Horn ×2, Spy counts ×2"
    assert any(line.split()[:5] == ["Ghoul", "×2", "2", "each", "printed"] for line in lines)


# Siege under Torrential Rain with a Horn: two Morale Boost units, a bonded pair and a Ballista; against three
# bonded Clan an Craite Warrior (18 each) the pair's reasons run to 81 columns with the comma ending their first line.
_MORALE_SIEGE = {**NR, "siege": ["Kaedweni Siege Expert", "Kaedweni Siege Expert", "Catapult", "Catapult", "Ballista"],
                 "horns": ["siege"]}
_WARRIORS = {"faction": "Skellige", "close": ["Clan an Craite Warrior"] * 3}


def _morale_siege(folder: Path, width: int) -> tuple[list[str], int]:
    """The text of :data:`_MORALE_SIEGE` at ``width`` columns, every line checked to fit, and the bonded pair's line."""
    path = write_board(folder, _MORALE_SIEGE, _WARRIORS, weather=["Torrential Rain"])
    lines = run_cli(["score", path.name], env={"COLUMNS": str(width)}).stdout.splitlines()
    assert max(map(len, lines)) <= width
    return lines, next(index for index, line in enumerate(lines) if line.lstrip().startswith("Catapult ×2"))


def test_reasons_broken_after_a_comma_fit_with_the_comma(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines, pair = _morale_siege(tmp_path, 80)
    assert lines[pair].endswith("printed 8: weather 1, bond ×2,")
    column = lines[pair].index("printed")
    assert lines[pair + 1] == " " * column + "morale +2, Horn ×2"


def test_the_text_is_laid_out_for_a_narrower_terminal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines, pair = _morale_siege(tmp_path, 60)
    assert lines[pair].split() == ["Catapult", "×2", "8", "each"]
    assert lines[pair + 1] == "      printed 8: weather 1, bond ×2, morale +2, Horn ×2"
    assert "Scorch (§11) now discards the 3 strongest non-Hero units," in lines


# Refusals: a board that cannot happen ------------------------------------------------------------


def test_an_unknown_name_is_refused_with_its_line_column_and_a_suggestion(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Northern Realms"\nclose = [\n  "Ves",\n  "Blue Stripes Comando",\n]\n'
                             '[opponent]\nfaction = "Monsters"\n')
    assert said == '5:3: "Blue Stripes Comando" is not a card of any faction set; did you mean Blue Stripes Commando?'


def test_an_ambiguous_name_is_refused(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Northern Realms"\nhand = ["Foltest"]\n[opponent]\nfaction = "Monsters"\n')
    assert said.startswith('3:9: "Foltest" may mean Foltest: King of Temeria, ') and said.endswith("write the full name")


def test_a_unit_on_a_row_it_cannot_enter_is_refused(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Northern Realms"\nclose = ["Ves", "Catapult"]\n'
                             '[opponent]\nfaction = "Monsters"\n')
    assert said == "3:17: Catapult enters Siege (§4), never Close Combat: move it to siege = [...]"
    agile = refusal(tmp_path, '[me]\nfaction = "Scoia\'tael"\nsiege = ["Barclay Els"]\n[opponent]\nfaction = "Monsters"\n')
    assert agile == ("3:10: Barclay Els enters Close Combat or Ranged Combat (§4), never Siege: move it to "
                     "close = [...] or ranged = [...]")


def test_more_copies_than_the_set_prints_are_counted_across_every_zone(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Northern Realms"\nclose = ["Blue Stripes Commando", '
                             '"Blue Stripes Commando"]\ndiscard = ["Blue Stripes Commando"]\n'
                             'hand = ["Blue Stripes Commando"]\n[opponent]\nfaction = "Monsters"\n')
    assert said == ("5:9: Blue Stripes Commando: 4 copies of mine (me.close ×2, me.discard, me.hand); the Northern "
                    "Realms set prints 3 (§1)")


def test_a_spy_on_my_side_counts_against_the_opponents_set(tmp_path):
    """Stefan Skellen (Nilfgaard prints 1) on my side was played by the opponent: with one more in their hand,
    the opponent holds 2."""
    said = refusal(tmp_path, '[me]\nfaction = "Northern Realms"\nclose = ["Stefan Skellen"]\n'
                             '[opponent]\nfaction = "Nilfgaard"\nhand = ["Stefan Skellen"]\n')
    assert said == ("6:9: Stefan Skellen: 2 copies of the opponent's (me.close, opponent.hand); the Nilfgaard set "
                    "prints 1 (§1)")


def test_in_a_mirror_match_a_spy_on_my_side_is_the_opponents(tmp_path):
    path = write_board(tmp_path, {"faction": "Nilfgaard", "close": ["Stefan Skellen"]},
                       {"faction": "Nilfgaard", "close": ["Stefan Skellen"]})
    assert strengths(scored(path), "me", "close") == strengths(scored(path), "opponent", "close") == [9]


def test_a_spy_belongs_to_whichever_set_has_a_copy_left(tmp_path):
    """Mysterious Elf (a Hero Spy, 1 in every set): the opponent's, played onto my side, went to my discard pile when
    the round ended (§9), and I hold my own; a third copy is one more than the two sets print."""
    me = {**NR, "gems": 1, "discard": ["Mysterious Elf"], "hand": ["Mysterious Elf"]}
    assert scored(write_board(tmp_path, me, round=2))["sides"]["me"]["total"] == 0
    said = refusal(tmp_path, 'round = 2\n[me]\nfaction = "Northern Realms"\ngems = 1\ndiscard = ["Mysterious Elf"]\n'
                             'hand = ["Mysterious Elf"]\n[opponent]\nfaction = "Monsters"\nclose = ["Mysterious Elf"]\n')
    assert said == ("9:10: Mysterious Elf: 3 copies on the table (me.discard, me.hand, opponent.close); the Northern "
                    "Realms and Monsters sets print 2 between them (§1)")


def test_weather_in_the_weather_area_belongs_to_whichever_set_has_a_copy_left(tmp_path):
    frost = "Biting Frost"  # 3 in every set
    scored(write_board(tmp_path, {**NR, "hand": [frost] * 3}, weather=[frost] * 3))  # all three the opponent's
    said = refusal(tmp_path, f'weather = {json.dumps([frost] * 4)}\n[me]\nfaction = "Northern Realms"\n'
                             f'hand = {json.dumps([frost] * 3)}\n[opponent]\nfaction = "Monsters"\n')
    assert said == ("1:60: Biting Frost: 7 copies on the table (me.hand ×3, weather ×4); the Northern Realms and "
                    "Monsters sets print 6 between them (§1)")


@pytest.mark.parametrize(
    ("card", "said"),
    [
        ("Commander's Horn", "Commander's Horn is a Special Card, not a unit of Ranged Combat: a Commander's Horn lies "
                             'in the row\'s Horn zone: horns = ["ranged"]'),
        ("Mardroeme", 'Mardroeme is a Special Card, not a unit of Ranged Combat: a Mardroeme Special Card on a row '
                      'is written mardroeme = ["ranged"]'),
        ("Scorch", "Scorch is a Special Card, not a unit of Ranged Combat: a Scorch is discarded as it resolves "
                   "(§11): list it in discard"),
        ("Impenetrable Fog", 'Impenetrable Fog is a Weather Card, not a unit of Ranged Combat: a Weather Card lies in '
                             'the shared Weather area: weather = ["Impenetrable Fog"] at the top of the file'),
        ("Clear Weather", "Clear Weather is a Weather Card, not a unit of Ranged Combat: Clear Weather is discarded "
                          "as it resolves (§12): list it in discard"),
        ("Foltest: The Siegemaster", 'Foltest: The Siegemaster is a Leader: a side\'s Leader is written leader = "..."'),
    ],
)
def test_only_units_and_decoys_lie_in_a_row(tmp_path, card, said):
    text = f'[me]\nfaction = "Northern Realms"\nranged = ["Dethmold", {json.dumps(card)}]\n[opponent]\nfaction = "Monsters"\n'
    assert refusal(tmp_path, text) == f"3:23: {said}"


def test_the_weather_area_holds_weather_cards_that_stay(tmp_path):
    assert refusal(tmp_path, 'weather = ["Torrential Rain", "Clear Weather"]\n[me]\nfaction = "Monsters"\n'
                             '[opponent]\nfaction = "Skellige"\n') == (
        "1:31: Clear Weather is discarded as it resolves (§12): list it in discard")
    assert refusal(tmp_path, 'weather = ["Decoy"]\n[me]\nfaction = "Monsters"\n[opponent]\nfaction = "Skellige"\n') == (
        "1:12: Decoy is not a Weather Card: only Weather Cards lie in the Weather area (§12)")
    assert refusal(tmp_path, 'weather = [1]\n[me]\nfaction = "Monsters"\n[opponent]\nfaction = "Skellige"\n') == (
        '1: weather is a list of names in quotes: weather = ["Biting Frost"]')


def test_weather_under_a_side_is_an_unknown_key_there_with_a_hint(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Monsters"\n[opponent]\nfaction = "Skellige"\nweather = ["Biting Frost"]\n')
    assert said == "5: key 'weather' is not part of a board file; weather is written at the top of the file, before [me]"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('wheather = []\n[me]\nfaction = "Monsters"\n[opponent]\nfaction = "Skellige"\n',
         "1: key 'wheather' is not part of a board file; did you mean weather?"),
        ('[me]\nfaction = "Monsters"\nhorn = ["close"]\n[opponent]\nfaction = "Skellige"\n',
         "3: key 'horn' is not part of a board file; did you mean horns?"),
        ('[me]\nFaction = "Monsters"\n[opponent]\nfaction = "Skellige"\n',
         "2: key 'Faction' is not part of a board file; did you mean faction?"),
        ('close = ["Ves"]\n[me]\nfaction = "Monsters"\n[opponent]\nfaction = "Skellige"\n',
         "1: key 'close' is not part of a board file; close belongs to a side: write it under [me] or [opponent]"),
        ('[me]\nfaction = "Monsters"\n"cl\\u001b[2Jose" = ["Ves"]\n[opponent]\nfaction = "Skellige"\n',
         "3: key 'cl\\x1b[2Jose' is not part of a board file; did you mean close?"),
    ],
    ids=["top", "side", "case", "side-key-at-top", "terminal-escape"],
)
def test_an_unknown_key_is_refused_with_did_you_mean(tmp_path, text, said):
    assert refusal(tmp_path, text) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[me]\nfaction = "Nilfgard"\n[opponent]\nfaction = "Skellige"\n',
         '2: unknown faction "Nilfgard": did you mean Nilfgaard? choose one of Monsters, Nilfgaard, Northern Realms, '
         "Scoia'tael, Skellige"),
        ('[me]\nfaction = "Monsters"\n[opponent]\nfaction = "NR"\n',
         '4: unknown faction "NR": did you mean Northern Realms? choose one of Monsters, Nilfgaard, Northern Realms, '
         "Scoia'tael, Skellige"),
        ('[me]\nfaction = "Monsters"\nleader = "Eredin: Bringer of Deth"\n[opponent]\nfaction = "Skellige"\n',
         '3: "Eredin: Bringer of Deth" is not a Leader of any faction set; did you mean Eredin: Bringer of Death, '
         "Eredin: King of the Wild Hunt or Eredin: Destroyer of Worlds?"),
        ('[me]\nfaction = "Monsters"\nleader = "King Bran"\n[opponent]\nfaction = "Skellige"\n',
         "3: King Bran is a Leader of Skellige, not of Monsters: choose one of the Monsters Leaders (deckcli cards "
         "--faction monsters --kind leader)"),
        ('[me]\nfaction = "Monsters"\nleader = "Fiend"\n[opponent]\nfaction = "Skellige"\n',
         "3: Fiend is not a Leader Card: choose one of the Monsters Leaders (deckcli cards --faction monsters "
         "--kind leader)"),
        ('[me]\nfaction = "Northern Realms"\nleader = "Foltest"\n[opponent]\nfaction = "Skellige"\n',
         '3: "Foltest" may mean Foltest: King of Temeria, Foltest: Lord Commander of the North, Foltest: Son of '
         "Medell, Foltest: The Siegemaster or Foltest: The Steel-Forged: write the full name"),
    ],
    ids=["faction", "faction-abbreviation", "leader", "leader-of-another-faction", "not-a-leader", "ambiguous-leader"],
)
def test_a_faction_or_leader_that_does_not_exist_or_belongs_elsewhere_is_refused(tmp_path, text, said):
    assert refusal(tmp_path, text) == said


def test_a_card_of_neither_faction_is_refused(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Monsters"\nclose = ["Ves"]\n[opponent]\nfaction = "Skellige"\n')
    assert said == "3:10: Ves is not in the Monsters set or the Skellige set: it is a Northern Realms card"


def test_the_side_deck_holds_side_deck_cards(tmp_path):
    read = read_board(str(write_board(tmp_path, {"faction": "Skellige", "side": ["Transformed Vildkaarl"]})),
                      default_catalog())
    assert [placed.card.name for placed in read.sides[0].side] == ["Transformed Vildkaarl"]
    said = refusal(tmp_path, '[me]\nfaction = "Skellige"\nside = ["Berserker"]\n[opponent]\nfaction = "Monsters"\n')
    assert said == "3:9: Berserker is not a side-deck card (§2): side lists the cards set aside for Summon and Berserker"


@pytest.mark.parametrize(
    ("side", "said"),
    [
        ('horns = ["close", "Close Combat"]', "3:19: one Special Commander's Horn per row (§11): close is named twice"),
        ('horns = ["middle"]', '3:10: "middle" is not a row: write "close", "ranged" or "siege"'),
        ('leader = "Foltest: King of Temeria"\nleader_horn = "siege"',
         "4: Foltest: King of Temeria doubles no row: leader_horn is the row a Horn Leader (Eredin: Commander of the "
         "Red Riders, Foltest: The Siegemaster or Francesca Findabair: The Beautiful) doubles"),
        ('leader = "Foltest: The Siegemaster"\nleader_horn = "close"',
         '4: Foltest: The Siegemaster doubles Siege: leader_horn = "siege"'),
        ('leader = "Foltest: The Siegemaster"\nleader_horn = "siege"\nhorns = ["siege"]',
         "4: Siege holds a Commander's Horn already: a Leader's Horn would do nothing there (§21)"),
        ('leader = "Foltest: The Siegemaster"\nleader_horn = "siege"\nleader_used = false',
         "5: a Leader that doubled a row has been used: leader_used = true"),
        ("leader_used = true", 'no leader is named: leader_used needs a leader = "..."'),
    ],
    ids=["two-horns", "not-a-row", "not-a-horn-leader", "wrong-row", "over-a-special-horn", "unused", "no-leader"],
)
def test_horn_zones_hold_one_horn_and_a_leaders_horn_is_a_horn_leaders(tmp_path, side, said):
    text = f'[me]\nfaction = "Northern Realms"\n{side}\n[opponent]\nfaction = "Monsters"\n'
    assert refusal(tmp_path, text) == (said if said[0].isdigit() else f"3: {said}")


def test_a_leader_cancelled_by_the_white_flame_doubled_no_row(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Northern Realms"\nleader = "Foltest: The Siegemaster"\n'
                             'leader_horn = "siege"\n[opponent]\nfaction = "Nilfgaard"\n'
                             'leader = "Emhyr var Emreis: The White Flame"\n')
    assert said == "4: Emhyr var Emreis: The White Flame cancels Foltest: The Siegemaster: it cannot have doubled a row"


def test_a_passive_leader_is_never_used(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Skellige"\nleader = "King Bran"\nleader_used = true\n'
                             '[opponent]\nfaction = "Monsters"\n')
    assert said == "4: King Bran is Passive (§5): it is always in effect, never used"


SIDE_DECK_CARDS = sorted(card.name for card in default_catalog().cards.values() if card.side_deck)
"""Every side-deck card of the catalog (§2): the Summon and Berserker replacements."""


@pytest.mark.parametrize("key", ["hand", "deck"])
@pytest.mark.parametrize("name", SIDE_DECK_CARDS)
def test_a_side_deck_card_is_never_in_a_hand_or_deck(tmp_path, name, key):
    """§2: the side deck's cards never begin in the main deck, so none is drawn into a hand or lies in a deck."""
    faction = next(f for f in default_catalog().factions.values() if name in f.copies)
    said = refusal(tmp_path, f'[me]\nfaction = "{faction.name}"\n{key} = ["{name}"]\n[opponent]\nfaction = "Monsters"\n')
    assert said.startswith(f"3:{len(key) + 5}: {name} is a side-deck card: it never begins in the main deck (§2), "
                           f"so it is never in a {key}: list it in side"), said
    assert len(SIDE_DECK_CARDS) >= 4 and {"Hemdall", "Bovine Defense Force"} <= set(SIDE_DECK_CARDS)


@pytest.mark.parametrize(
    ("zones", "line"),
    [
        ('close = ["Berserker", "Transformed Vildkaarl"]', "3:23"),
        ('close = ["Transformed Vildkaarl"]\nhand = ["Berserker"]', "4:9"),
        ('close = ["Transformed Vildkaarl"]\ndeck = ["Berserker"]', "4:9"),
        ('ranged = ["Young Berserker", "Young Berserker", "Young Berserker"]\ndiscard = ["Transformed Young Vildkaarl"]',
         "4:12"),
    ],
    ids=["both-on-the-battlefield", "transformed-and-in-hand", "transformed-and-in-deck", "more-than-printed"],
)
def test_a_berserker_transformed_is_removed_from_the_game(tmp_path, zones, line):
    """§10: a transformed Berserker leaves the game and its replacement comes from the side deck: the set's
    Berserkers and the replacements out of the side deck together are at most the Berserkers it prints."""
    said = refusal(tmp_path, f'[me]\nfaction = "Skellige"\n{zones}\n[opponent]\nfaction = "Monsters"\n')
    assert said.startswith(f"{line}: "), said
    assert "removed from the game (§10)" in said and said.endswith("Vildkaarl")


def test_decoys_are_the_automatons_and_count_as_copies(tmp_path):
    """decoys = N: Gwent Solo's automaton's Decoys with a card under each (§19), in no row; never [me]'s; each a copy
    of Decoy of its set (§1)."""
    said = refusal(tmp_path, '[me]\nfaction = "Monsters"\ndecoys = 1\n[opponent]\nfaction = "Skellige"\n')
    assert said.startswith("3: decoys are Gwent Solo's automaton's (§19: a card under each)")
    path = write_board(tmp_path, NR, {**MONSTERS, "decoys": 2, "discard": ["Decoy"]})
    assert read_board(str(path), default_catalog()).decoys == 2
    said = refusal(tmp_path, '[me]\nfaction = "Northern Realms"\n[opponent]\nfaction = "Monsters"\ndecoys = 3\n'
                             'hand = ["Decoy"]\n')
    assert "Decoy: 4 copies of the opponent's (" in said and "the Monsters set prints 3 (§1)" in said, said


def test_berserkers_and_replacements_that_fit_are_read(tmp_path):
    """Two Young Berserkers in play and one transformed and discarded (the set prints 3); a replacement still in the side deck
    used no Berserker up."""
    path = write_board(tmp_path, {"faction": "Skellige", "ranged": ["Young Berserker", "Young Berserker"],
                                  "discard": ["Transformed Young Vildkaarl"]})
    assert scored(path)["sides"]["me"]["total"] > 0
    write_board(tmp_path, {"faction": "Skellige", "close": ["Berserker"], "side": ["Transformed Vildkaarl"]})
    assert scored(path)["sides"]["me"]["rows"]["close"]["cards"][0]["name"] == "Berserker"


@pytest.mark.parametrize(
    ("top", "gems", "said"),
    [
        ("", "gems = 1", "3: in round 1 both players have their 2 gems (§6): gems = 2, or round = 2"),
        ("round = 2\n", "", "1: round 2 comes after a round someone lost (§9): gems = 1 for that side"),
        ("round = 3\n", "gems = 2", "4: in round 3 each player has 1 gem left (§9): gems = 1 on both sides"),
        ("round = 4\n", "", "1: round is 1, 2 or 3: round = 2"),
        ("", "gems = 0", "3: gems is 1 or 2: the gems a player has left (§9; at 0 the game is over)"),
    ],
    ids=["round-1", "round-2", "round-3", "no-round-4", "no-gems"],
)
def test_gems_fit_the_round(tmp_path, top, gems, said):
    assert refusal(tmp_path, f'{top}[me]\nfaction = "Monsters"\n{gems}\n[opponent]\nfaction = "Skellige"\n') == said


def test_a_player_who_passed_is_not_to_move(tmp_path):
    said = refusal(tmp_path, 'to_move = "opponent"\n[me]\nfaction = "Monsters"\n[opponent]\nfaction = "Skellige"\n'
                             "passed = true\n")
    assert said == '1: [opponent] has passed and moves no more this round (§7): to_move = "me"'


@pytest.mark.parametrize(("passed", "moves"), [("me", 1), ("opponent", 0)])
def test_a_side_that_passed_says_the_other_moves_without_to_move(tmp_path, passed, moves):
    path = write_board(tmp_path, {**NR, "passed": passed == "me"}, {**MONSTERS, "passed": passed == "opponent"})
    assert read_board(str(path), default_catalog()).to_move == moves


@pytest.mark.parametrize(
    ("side", "said"),
    [
        ('close = "Ves"', '3: close is a list, even of one: close = ["Ves"]'),
        ("hand = [1, 2]", 'hand is a list of names in quotes: hand = ["Vesemir", "Decoy"]'),
        ("ranged = [1]", 'ranged is a list of names in quotes: ranged = ["Yennefer of Vengerberg"]'),
        ("siege = [true]", 'siege is a list of names in quotes: siege = ["Gaunter O\'Dimm"]'),
        ("side = [[]]", 'side is a list of names in quotes: side = ["Bovine Defense Force"]'),
        ("leader = 3", 'leader is one name in quotes: leader = "...", not 3'),
        ('passed = "yes"', 'passed is true or false, not "yes"'),
    ],
    ids=["string-for-list", "numbers", "ranged-numbers", "siege-booleans", "side-lists", "number-for-name",
         "string-for-boolean"],
)
def test_a_value_of_the_wrong_type_says_what_to_write(tmp_path, side, said):
    text = f'[me]\nfaction = "Northern Realms"\n{side}\n[opponent]\nfaction = "Monsters"\n'
    assert refusal(tmp_path, text) == (said if said[0].isdigit() else f"3: {said}")


def test_a_board_needs_both_sides_each_with_a_faction(tmp_path):
    assert refusal(tmp_path, '[me]\nfaction = "Monsters"\n') == (
        ' no [opponent] table: add [opponent] with its faction = "..." (every board has both sides)')
    assert refusal(tmp_path, '[me]\nfaction = "Monsters"\n[opponent]\nclose = []\n') == (
        '3: [opponent] has no faction: add faction = "Northern Realms" (or another)')


def test_every_problem_is_counted_and_the_first_by_line_is_told(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Northern Realms"\nclose = ["Catapult", "Vess"]\n'
                             'siege = ["Ves"]\n[opponent]\nfaction = "Monsters"\nclose = ["Fiend", "Cerys"]\n')
    assert said.startswith("3:10: Catapult enters Siege (§4), never Close Combat")
    assert said.endswith("(and 3 more problems: this line, lines 4, 7)")


def test_a_toml_error_is_told_with_its_line_and_column(tmp_path):
    said = refusal(tmp_path, '[me]\nfaction = "Monsters"\nclose = [Fiend]\n')
    assert said.startswith("3:10: not valid TOML: ")


def test_a_hostile_board_meets_the_input_budget(tmp_path):
    said = refusal(tmp_path, "[me]\n" + ".".join(["k"] * 40) + " = 1\n")
    assert "(deckcli's input budget)" in said


def test_a_deck_file_is_not_a_board_file(tmp_path):
    said = refusal(tmp_path, (DECKS / "monsters-starter.toml").read_text("utf-8"))
    assert said == (" is a deck file, not a board file: a board lists the cards lying on the table under [me] and "
                    "[opponent] (docs/play.md)")


# Reading ----------------------------------------------------------------------------------------


def test_names_match_as_in_deck_files(tmp_path):
    """Case, spaces, apostrophes, accents, the Leader separator and aliases, as deck files match them."""
    path = write_board(tmp_path, {"faction": "scoiatael", "leader": "francesca findabair - the beautiful",
                                  "close": ["  mysterious   elf "], "ranged": ["ciaran aep easnillien"],
                                  "hand": ["commanders horn", "avallach"]}, {"faction": "northern realms"})
    read = read_board(str(path), default_catalog())
    me, side = read.seats[0], read.sides[0]
    assert me.leader is not None and me.leader.name == "Francesca Findabair: The Beautiful"
    assert [placed.card.name for placed in side.rows[0]] == ["Mysterious Elf"]
    assert [placed.card.name for placed in side.rows[1]] == ["Ciaran aep Easnillien"]
    assert [placed.card.name for placed in me.hand] == ["Commander's Horn", "Mysterious Elf"]


def test_the_board_is_a_position_the_engine_builds(tmp_path):
    """For the commands that play on from a board: every zone, the gems, passes, Leader and turn as written."""
    path = write_board(tmp_path, {**NR, "leader": "Foltest: The Siegemaster", "leader_horn": "Siege Combat",
                                  "siege": ["Ballista"], "hand": ["Ves", "Decoy"], "deck": ["Thaler", "Trebuchet"],
                                  "discard": ["Scorch"], "gems": 1, "passed": True},
                       {"faction": "Skellige", "side": ["Transformed Vildkaarl"], "mardroeme": ["close"],
                        "close": ["Berserker"]},
                       round=2, to_move="opponent")
    catalog = default_catalog()
    board = read_board(str(path), catalog)
    game = board.game(catalog)
    names = game.cards.name
    assert [names[c] for c in game.hand[0]] == ["Ves", "Decoy"] and [names[c] for c in game.deck[0]] == ["Thaler", "Trebuchet"]
    assert [names[c] for c in game.discard[0]] == ["Scorch"] and [names[c] for c in game.side_deck[1]] == ["Transformed Vildkaarl"]
    assert game.gems == [1, 2] and game.passed == [True, False] and game.leader_used == [True, False]
    assert game.round == 2 and game.to_move == 1
    assert game.row_total(ROW_NUMBERS["siege"]) == 12  # the Leader's Horn doubles Ballista
    assert [names[c] for c in game.mardroeme[3]] == ["Mardroeme"]
    assert [names[c] for c in game.rows[3]] == ["Berserker"]  # nothing resolves when a position is built


@settings(max_examples=examples(60), deadline=None)
@given(items=st.lists(st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x7f"), max_size=12),
                      max_size=6), layout=st.sampled_from(["one line", "a line each", "crlf"]),
       literal=st.booleans())
def test_each_item_of_a_list_is_placed_on_its_line_and_column(items, layout, literal):
    """deckcli.files.toml_lines.list_item_positions, against tomllib: each position opens the item's string."""
    import tomllib

    from deckcli.files.budget import TOML_STRING
    from deckcli.files.toml_lines import list_item_positions

    def quoted(item: str) -> str:
        return f"'{item}'" if literal and not any(c in item for c in "'\n\r") and item.isprintable() else json.dumps(item, ensure_ascii=False)

    if layout == "one line":
        text = f"[me]\nclose = [{', '.join(map(quoted, items))}]  # the row\n"
    else:
        text = "[me]\nclose = [  # the row\n" + "".join(f"  {quoted(item)},  # a comment, \"quoted\"\n\n" for item in items) + "]\n"
    if layout == "crlf":
        text = text.replace("\n", "\r\n")
    assert tomllib.loads(text)["me"]["close"] == items
    lines = text.split("\n")
    found = []
    for line, column in list_item_positions(text, 2, "close"):
        start = sum(len(earlier) + 1 for earlier in lines[:line - 1]) + column - 1
        token = TOML_STRING.match(text, start)
        assert token is not None
        found.append(tomllib.loads(f"x = {token.group()}")["x"])
    assert found == items


def test_standard_input_is_read(tmp_path):
    text = (BOARDS / "scorch.toml").read_text("utf-8")
    document = json.loads(run_cli(["score", "-", "--format", "json"], input=text).stdout)
    assert document["board"] == "<stdin>" and len(document["scorch"]) == 3


@pytest.mark.parametrize("board", sorted(BOARDS.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_board_scores(board):
    document = scored(board)
    assert document["board"] == str(board)
    sides = document["sides"].values() if "sides" in document else document["table_sides"]  # §16, §17 boards
    for side in sides:
        assert side["total"] == sum(r["strength"] for r in side["rows"].values())
        for found in side["rows"].values():
            assert found["strength"] == sum(card["strength"] for card in found["cards"])


_CATALOG = default_catalog()


@st.composite
def _real_boards(draw: st.DrawFn) -> str:
    """Board files of real cards from each side's own set, within what it prints, each unit in one of its rows."""
    weather = ["Biting Frost", "Impenetrable Fog", "Torrential Rain", "Skellige Storm"]
    document: dict[str, Any] = {"weather": draw(st.lists(st.sampled_from(weather), max_size=3, unique=True))}
    for side in ("me", "opponent"):
        faction = draw(st.sampled_from(sorted(_CATALOG.factions.values())))
        copies = [name for name, printed in faction.copies.items() for _ in range(printed)
                  if _CATALOG.cards[name].is_unit and not _CATALOG.cards[name].side_deck]
        table: dict[str, Any] = {"faction": faction.slug}
        for index in draw(st.lists(st.integers(0, len(copies) - 1), max_size=12, unique=True)):
            name = copies[index]
            table.setdefault(draw(st.sampled_from(_CATALOG.cards[name].rows)), []).append(name)
        table["horns"] = draw(st.lists(st.sampled_from(["close", "ranged", "siege"]), max_size=2, unique=True))
        document[side] = table
    return tomli_w.dumps(document)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_real_boards(), width=st.sampled_from([60, 80]))
def test_any_board_of_real_cards_is_scored_or_refused_and_its_text_fits(tmp_path, monkeypatch, text, width):
    monkeypatch.chdir(tmp_path)  # the path shown stays short (a long path is one word, never broken)
    path = Path("board.toml")
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["score", str(path), "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    if result.exit_code == 2:
        assert result.stderr.startswith(f"{path}:") and not result.stdout
        return
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    sides = document["sides"].values() if "sides" in document else document["table_sides"]  # §16, §17 boards
    for side in sides:
        assert side["total"] == sum(r["strength"] for r in side["rows"].values())
    lines = run_cli(["score", path], env={"COLUMNS": str(width)}).stdout.splitlines()
    assert max(map(len, lines)) <= width
