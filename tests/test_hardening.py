"""Mistakes found by trying deckcli as a new user: each gets one clear line, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import DECKS, run_cli, write_deck

STARTER = DECKS / "monsters-starter.toml"


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        ({"$ref": "#"}, "its $ref goes round in a circle"),
        ({"$ref": "self.schema.json"}, "its $ref goes round in a circle"),
        (True, "a rule set must be a JSON Schema object"),
        ({"$schema": "http://json-schema.org/draft-04/schema#"}, "deckcli judges with draft 2020-12"),
        ({"properties": {"heroes": {"maximum": 3, "x-message": "{value"}}}, "is not a message template"),
    ],
)
def test_house_rules_that_cannot_work(tmp_path, schema, reason):
    rules = tmp_path / "self.schema.json"
    rules.write_text(json.dumps(schema), encoding="utf-8")
    result = run_cli(["validate", "--rules", rules, STARTER], exit_code=2)
    assert reason in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_schema_nested_too_deeply(tmp_path):
    rules = tmp_path / "deep.schema.json"
    rules.write_text('{"not":' * 3000 + "{}" + "}" * 3000, encoding="utf-8")
    result = run_cli(["validate", "--rules", rules, STARTER], exit_code=2)
    assert result.stderr.strip() == f"{rules}:1:225: lists and objects nested more than 32 levels deep (deckcli's input budget)"


def test_a_deck_nested_too_deeply(tmp_path):
    deck = tmp_path / "deep.toml"
    deck.write_text("x = " + "[\n" * 100_000, encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=2)
    assert result.stderr.strip() == f"{deck}:32:1: keys, tables and lists nested more than 32 levels deep (deckcli's input budget)"


def test_toml_error_at_the_end_of_the_file_has_its_line_and_column(tmp_path):
    deck = tmp_path / "cut.toml"
    deck.write_text('faction = "Skellige"\nleader = [', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=2)
    assert result.stderr.strip() == f"{deck}:2:11: not valid TOML: Invalid value at the end of the file"
    deck.write_text('faction = [\n', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=2)
    assert result.stderr.startswith(f"{deck}:2:1: not valid TOML: ")


def test_a_second_cards_table(tmp_path):
    deck = tmp_path / "twice.toml"
    deck.write_text('faction = "Skellige"\n[cards]\n[cards]\n', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=2)
    assert result.stderr.startswith(f"{deck}:3:") and "this table is already declared above" in result.stderr


def test_a_binary_file_is_not_called_utf16(tmp_path):
    binary = tmp_path / "program.toml"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 8 + b"\x03\x00>\x00")
    result = run_cli(["validate", binary], exit_code=2)
    assert result.stderr.strip() == f"{binary}:1: holds NUL bytes: not a text file"


def test_a_full_disk_is_one_line():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "deckcli", "cards"], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == "deckcli: cannot write the output: No space left on device"


def test_a_closed_standard_output_is_an_error_not_silence():
    # `deckcli cards >&-`: the shell closes descriptor 1 before deckcli starts.
    script = [sys.executable, "-c", "import os, runpy, sys; os.close(1); sys.stdout = None; sys.argv = ['deckcli', 'cards']; runpy.run_module('deckcli', run_name='__main__')"]
    done = subprocess.run(script, stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == "deckcli: cannot write the output: standard output is closed"


def test_export_keeps_misplaced_cards_apart(tmp_path):
    deck = write_deck(tmp_path, {"Hemdall": 1, "Kambi": 1, "Crach an Craite": 1, "Olaf": 1},
                      faction="Skellige", leader="King Bran")
    out = run_cli(["export", deck]).stdout
    assert "In the card list by mistake, not counted (2):\n1x Crach an Craite\n1x Hemdall" in out
    # Kambi (0) and Olaf (12): the groups add up to the totals
    assert "Totals: 2 units, 12 Strength" in out


def test_import_puts_every_card_where_it_belongs(tmp_path):
    listed = "Faction: Skellige\nLeader:\nKing Bran\nSide deck:\nMardroeme\nHemdall\nOlaf\n"
    out = run_cli(["import", "-", "-o", "-"], input=listed).stdout
    cards, side = out.split("[cards]")[1].split("[side]")
    assert cards.split() == ['"Olaf"', "=", "1", '"Mardroeme"', "=", "1"]  # Mardroeme is no side-deck card
    assert side.strip() == '"Hemdall" = 1'


def test_import_refuses_a_unit_as_leader_and_a_second_faction(tmp_path):
    listed = "Faction: Skellige\nFaction: Monsters\nLeader: Ermion\nOlaf\n"
    target = tmp_path / "deck.toml"
    result = run_cli(["import", "-", "-o", target], input=listed, exit_code=1)
    assert "<stdin>:2: bad-line: Faction: Monsters contradicts Faction: Skellige on line 1" in result.stdout + result.stderr
    assert "<stdin>:3: not-a-leader: Ermion is not a Leader Card" in result.stdout + result.stderr
    assert not target.exists()


def test_import_of_a_deck_file(tmp_path):
    result = run_cli(["import", STARTER, "-o", tmp_path / "x.toml"], exit_code=2)
    assert "is a deck file (TOML) already, not a card list" in result.stderr


def test_a_near_faction_name_gets_did_you_mean(tmp_path):
    deck = write_deck(tmp_path, {"Ghoul": 1}, faction="Monster")
    result = run_cli(["validate", deck], exit_code=2)
    assert 'unknown faction "Monster": did you mean Monsters? choose one of' in result.stderr


def test_formats_ignore_case(tmp_path):
    assert json.loads(run_cli(["validate", "--format", "JSON", STARTER]).stdout)[0]["legal"] is True
    assert json.loads(run_cli(["cards", "--faction", "skellige", "--format", "JSON"]).stdout)


def test_one_letter_typo_gets_no_random_suggestions(tmp_path):
    result = run_cli(["validate", write_deck(tmp_path, {"x": 1})], exit_code=1)
    assert '"x" is not a card of any faction set\n' in result.stdout


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_reader_gone_before_the_output_ends_quietly_with_exit_0(fmt):
    decks = [str(DECKS / "northern-realms-starter.toml")] * 50
    child = subprocess.Popen(
        [sys.executable, "-m", "deckcli", "validate", *decks, "--rules", "advanced", "--format", fmt],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    child.stdout.close()  # like `| head -1` that has already quit: every write meets a closed pipe
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0
    assert stderr == ""
