"""Reading a deck file: every mistake a player can make with one.

Each gets one line naming the file (and the line, and the column when known), exit 2, never a
traceback: missing files, folders, links, encodings, TOML errors, wrong types and counts.
The size, name-count and nesting limits: test_deck_file_limits.py.
"""

from __future__ import annotations

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import write_deck
from helpers.example_decks import BASE_22

HEADER = 'faction = "Northern Realms"\nleader = "Foltest: The Siegemaster"\n[cards]\n'


def one_line_error(result, where: str) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(str(where)), lines[0]
    assert "Traceback" not in result.output
    return lines[0]


def test_missing_file(tmp_path):
    missing = tmp_path / "nope.toml"
    result = run_cli(["validate", missing], exit_code=2)
    assert one_line_error(result, missing) == f"{missing}: no such file"


def test_a_folder(tmp_path):
    result = run_cli(["validate", tmp_path], exit_code=2)
    assert one_line_error(result, tmp_path) == f"{tmp_path}: is a folder, not a deck file"


def test_non_utf8_bytes(tmp_path):
    deck = tmp_path / "latin1.toml"
    deck.write_bytes(HEADER.encode() + '"Síle de Tansarville" = 1\n'.encode("latin-1"))
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.startswith(f"{deck}:4: is not UTF-8 text")


def test_non_utf8_bytes_after_a_byte_order_mark_name_the_right_byte(tmp_path):
    deck = tmp_path / "latin1-bom.toml"
    deck.write_bytes(b"\xef\xbb\xbf" + HEADER.encode() + '"Síle de Tansarville" = 1\n'.encode("latin-1"))
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line == f"{deck}:4: is not UTF-8 text (byte 0xed); save it as UTF-8"


def test_invalid_toml_gives_line_and_column(tmp_path):
    deck = tmp_path / "broken.toml"
    deck.write_text(HEADER + '"Decoy" = 2\n"Scorch" 1\n', encoding="utf-8")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.startswith(f"{deck}:5:10: not valid TOML")


def test_the_same_key_twice(tmp_path):
    deck = tmp_path / "twice.toml"
    deck.write_text(HEADER + '"Decoy" = 2\n"Decoy" = 1\n', encoding="utf-8")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.startswith(f"{deck}:5:") and "write each key, and each card, once" in line


@pytest.mark.parametrize(
    "value",
    ['"two"', "2.5", "2.0", "-1", "91", "1000000000", "99999999999999999999999999", "inf", "nan",
     "true", "[1]", "{a = 1}", "1979-05-27"],
)
def test_wrong_counts(tmp_path, value):
    deck = tmp_path / "count.toml"
    deck.write_text(HEADER + '"Decoy" = 1\n' + f'"Blue Stripes Commando" = {value}\n', encoding="utf-8")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.startswith(f'{deck}:5: "Blue Stripes Commando" = ')
    assert "copies must be a whole number from 0 to 90" in line


def test_unknown_faction(tmp_path):
    deck = write_deck(tmp_path, BASE_22, faction="Redania")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.startswith(f'{deck}:1: unknown faction "Redania": choose one of Monsters, Nilfgaard')


def test_empty_file(tmp_path):
    deck = tmp_path / "empty.toml"
    deck.write_bytes(b"")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line == f'{deck}: no faction: add a line such as faction = "Northern Realms"'


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ('faction = 3\n', 1, "faction must be one of"),
        ('faction = "Skellige"\nleader = 7\n', 2, "leader must be a Leader's name"),
        ('faction = "Skellige"\ncards = 3\n', 2, "[cards] must be a table"),
        ('faction = "Skellige"\nname = ["x"]\n', 2, "name must be text"),
        ('faction = "Skellige"\n[side]\nHemdall = "one"\n', 3, 'Hemdall" = "one": copies must be'),
    ],
)
def test_wrong_types(tmp_path, text, line, reason):
    deck = tmp_path / "types.toml"
    deck.write_text(text, encoding="utf-8")
    message = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert message.startswith(f"{deck}:{line}: ") and reason in message


def test_byte_order_mark_and_crlf_are_fine(tmp_path):
    deck = tmp_path / "windows.toml"
    text = HEADER + "".join(f'"{k}" = {v}\n' for k, v in BASE_22.items())
    deck.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    run_cli(["validate", deck])


def test_stdin(tmp_path):
    text = HEADER + "".join(f'"{k}" = {v}\n' for k, v in BASE_22.items())
    result = run_cli(["validate", "-"], input=text)
    assert result.stdout.startswith("<stdin>: legal under standard: 22 units")
    result = run_cli(["validate", "-"], input=b"\xff\xfe", exit_code=2)
    assert result.stderr.startswith("<stdin>:1: is not UTF-8 text")


def test_unknown_top_level_key_is_a_warning(tmp_path):
    deck = tmp_path / "typo.toml"
    deck.write_text('faction = "Northern Realms"\nleeder = "Foltest"\n[cards]\n', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=1)
    assert f"{deck}:2: warning: unknown-key: key 'leeder' is not part of a deck file and is ignored" in result.stdout


def test_empty_file_name(tmp_path):
    result = run_cli(["validate", ""], exit_code=2)
    assert result.stderr.strip() == "'': no such file"


def test_dangling_link(tmp_path):
    link = tmp_path / "link.toml"
    link.symlink_to(tmp_path / "gone.toml")
    assert one_line_error(run_cli(["validate", link], exit_code=2), link) == f"{link}: is a link to a missing file"


def test_utf16_gets_a_hint(tmp_path):
    deck = tmp_path / "utf16.toml"
    deck.write_bytes(HEADER.encode("utf-16-le"))
    assert "is not UTF-8 text (it looks like UTF-16); save it as UTF-8" in one_line_error(run_cli(["validate", deck], exit_code=2), deck)


def test_a_date_count_is_shown_as_written(tmp_path):
    deck = tmp_path / "date.toml"
    deck.write_text(HEADER + '"Decoy" = 1979-05-27\n', encoding="utf-8")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert f'{deck}:4: "Decoy" = 1979-05-27: copies must be' in line


def test_control_characters_in_a_name_stay_on_one_line(tmp_path):
    deck = tmp_path / "ctl.toml"
    deck.write_text(HEADER + '"Dec\\noy" = 1\n"' + "x" * 5000 + '" = 1\n', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=1)
    lines = result.stdout.splitlines()
    assert all(line.startswith(str(deck)) for line in lines)
    assert any('"Dec\\noy" is not a card' in line for line in lines)
    assert max(len(line) for line in lines) < 400


def test_curly_quotes_around_a_toml_key_get_a_hint(tmp_path):
    deck = tmp_path / "curly.toml"
    deck.write_text('faction = "Monsters"\n[cards]\n“Arachas” = 2\n', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=2)
    assert result.stderr.strip() == (
        f'{deck}:3:1: not valid TOML: Invalid statement; write names in straight quotes ("), not curly ones (“ ”)'
    )


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


def test_every_bad_count_is_placed_in_one_run(tmp_path):
    deck = tmp_path / "counts.toml"
    deck.write_text(HEADER + '"Decoy" = -1\n"Scorch" = 9999999999\n"Thaler" = "2"\n"Ves" = 1.5\n"Dun Banner Medic" = true\n',
                    encoding="utf-8")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.startswith(f'{deck}:4: "Decoy" = -1: copies must be a whole number') and line.endswith(
        "(and 4 more lines to correct: 5, 6, 7, 8)")


def test_a_count_in_quotes_is_told_to_lose_them(tmp_path):
    deck = tmp_path / "quoted.toml"
    deck.write_text(HEADER + '"Thaler" = "2"\n', encoding="utf-8")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.endswith('; remove the quotes: "Thaler" = 2')
