"""The hand-editing mistakes players make most get a hint saying what to write (issue 11, items 4 and 5)."""

from __future__ import annotations

import json

import pytest

from helpers.cli_runs import run_cli


def validate(tmp_path, text: str, exit_code: int):
    deck = tmp_path / "deck.toml"
    deck.write_text(text, encoding="utf-8")
    result = run_cli(["validate", deck, "--format", "json"] if exit_code != 2 else ["validate", deck],
                     exit_code=exit_code)
    return deck, result


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ('faction = "Northern Realms"\n[cards]\nBlue Stripes Commando = 3\n',
         ':3:6: not valid TOML: Expected \'=\' after a key in a key/value pair; write card names in quotes: '
         '"Blue Stripes Commando" = 3'),
        ('faction = Northern Realms\n[cards]\n"Ves" = 1\n', ':1:11: not valid TOML: Invalid value; write the text in '
         'quotes: faction = "Northern Realms"'),
        ('Faction = "Northern Realms"\n[cards]\n"Ves" = 1\n',
         ':1: no faction: "Faction" must be written in lower case: faction = "..."'),
        # a quote left open (issue 22, item 7): told on its line, never as "Illegal character '\n'"
        ('faction = "Monsters"\n[cards]\n"Clan Brokvar Archer = 2\n"Decoy" = 1\n',
         ':3:1: not valid TOML: the string opened by " is not closed on its line; write: "Clan Brokvar Archer" = 2'),
        ("faction = \"Monsters\"\n[cards]\n'Ghoul = 2\n",
         ":3:1: not valid TOML: the string opened by ' is not closed on its line; write: 'Ghoul' = 2"),
        ('faction = "Monsters"\nleader = "Eredin: Bringer of Death\n[cards]\n"Ghoul" = 1\n',
         ':2:10: not valid TOML: the string opened by " is not closed on its line; write: leader = "Eredin: Bringer of Death"'),
        ('faction = "Monsters"\n[cards]\n"Ghoul" = 2  # a "comment\n"Decoy = 1\n',
         ':4:1: not valid TOML: the string opened by " is not closed on its line; write: "Decoy" = 1'),
        ('faction = "Monsters"\r\n[cards]\r\n"Decoy = 1\r\n',
         ':3:1: not valid TOML: the string opened by " is not closed on its line; write: "Decoy" = 1'),
    ],
)
def test_unreadable_files_say_what_to_write(tmp_path, text, hint):
    deck, result = validate(tmp_path, text, 2)
    assert f"{deck}{hint}" in result.stderr


@pytest.mark.parametrize(("table", "hint"), [("[card]", "did you mean [cards]?"), ("[Cards]", "did you mean [cards]?"),
                                             ("[Side]", "did you mean [side]?")])
def test_a_misspelt_table_gets_the_right_name(tmp_path, table, hint):
    _deck, result = validate(tmp_path, f'faction = "Northern Realms"\n{table}\n"Ves" = 1\n', 1)
    warnings = json.loads(result.stdout)["decks"][0]["warnings"]
    assert any(w["code"] == "unknown-key" and w["message"].endswith(hint) for w in warnings), warnings


def test_zero_copies_is_no_copies_with_a_warning(tmp_path):
    _deck, result = validate(tmp_path, 'faction = "Northern Realms"\n[cards]\n"Decoy" = 0\n"Ves" = 1\n', 1)
    report = json.loads(result.stdout)["decks"][0]
    assert report["profile"]["cards"] == {"Ves": 1}
    assert (report["warnings"][0]["code"], report["warnings"][0]["line"]) == ("zero-copies", 3)
    assert "this line can go" in report["warnings"][0]["message"]


def test_the_decks_own_leader_in_cards_says_delete_this_line(tmp_path):
    text = ('faction = "Northern Realms"\nleader = "Foltest: King of Temeria"\n[cards]\n'
            '"Foltest: King of Temeria" = 1\n"Foltest: The Siegemaster" = 1\n"Foltest" = 1\n')
    _deck, result = validate(tmp_path, text, 1)
    messages = {v["line"]: v["message"] for v in json.loads(result.stdout)["decks"][0]["violations"] if v.get("line")}
    assert messages[4].endswith("the deck's Leader already (leader = \"Foltest: King of Temeria\"): delete this line")
    assert messages[5].endswith('name it with leader = "...", not in [cards]')
    assert "all of them Leaders: a Leader goes in leader = \"...\", not in [cards]" in messages[6]
