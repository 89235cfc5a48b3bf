"""Every mistake a player can make with a deck file: one line, the file, the line, exit 2."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli, write_deck
from test_validate_rules import BASE_22

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


@pytest.mark.parametrize("value", ['"two"', "2.5", "2.0", "0", "-1", "true", "1000000000", "[1]", "{a = 1}", "1979-05-27"])
def test_wrong_counts(tmp_path, value):
    deck = tmp_path / "count.toml"
    deck.write_text(HEADER + '"Decoy" = 1\n' + f'"Blue Stripes Commando" = {value}\n', encoding="utf-8")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.startswith(f'{deck}:5: "Blue Stripes Commando" = ')
    assert "copies must be a whole number from 1 to 90" in line


def test_count_at_the_largest_set_is_a_rule_matter(tmp_path):
    result = run_cli(["validate", write_deck(tmp_path, {**BASE_22, "Decoy": 90})], exit_code=1)
    assert "Decoy: 90 copies; the Northern Realms set prints 3" in result.stdout


def test_unknown_faction(tmp_path):
    deck = write_deck(tmp_path, BASE_22, faction="Redania")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line.startswith(f'{deck}:1: unknown faction "Redania": choose one of Monsters, Nilfgaard')


def test_empty_file(tmp_path):
    deck = tmp_path / "empty.toml"
    deck.write_bytes(b"")
    line = one_line_error(run_cli(["validate", deck], exit_code=2), deck)
    assert line == f'{deck}: no faction: add a line such as faction = "Northern Realms"'


def test_empty_deck_is_explained_by_the_rules(tmp_path):
    deck = tmp_path / "skeleton.toml"
    deck.write_text('faction = "Skellige"\n[cards]\n', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=1)
    assert "leader-count: 0 Leaders named" in result.stdout
    assert "units-min: 0 unit cards; at least 22 needed: add 22" in result.stdout


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


def test_file_over_one_mebibyte(tmp_path):
    deck = tmp_path / "huge.toml"
    deck.write_bytes(HEADER.encode() + b"# " + b"x" * (1024 * 1024) + b"\n")
    assert "larger than 1 MiB" in one_line_error(run_cli(["validate", deck], exit_code=2), deck)


def test_byte_order_mark_and_crlf_are_fine(tmp_path):
    deck = tmp_path / "windows.toml"
    text = HEADER + "".join(f'"{k}" = {v}\n' for k, v in BASE_22.items())
    deck.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    run_cli(["validate", deck])


def test_every_file_is_reported_even_when_one_fails(tmp_path):
    good = write_deck(tmp_path, BASE_22, name="good.toml")
    bad = write_deck(tmp_path, {"Ves": 1}, name="bad.toml")
    missing = tmp_path / "missing.toml"
    result = run_cli(["validate", good, missing, bad], exit_code=2)
    assert f"{good}: legal under standard" in result.stdout
    assert f"{bad}: not legal under standard" in result.stdout
    assert f"{missing}: no such file" in result.stderr
    run_cli(["validate", good, bad], exit_code=1)


def test_json_report_for_an_unreadable_file(tmp_path):
    missing = tmp_path / "missing.toml"
    result = run_cli(["validate", "--format", "json", missing], exit_code=2)
    [report] = json.loads(result.stdout)["decks"]
    assert report["legal"] is None and report["error"]["message"] == "no such file"


def test_stdin(tmp_path):
    text = HEADER + "".join(f'"{k}" = {v}\n' for k, v in BASE_22.items())
    result = run_cli(["validate", "-"], input=text)
    assert result.stdout.startswith("<stdin>: legal under standard: 22 units")
    result = run_cli(["validate", "-"], input=b"\xff\xfe", exit_code=2)
    assert result.stderr.startswith("<stdin>:1: is not UTF-8 text")


def test_stdin_only_once():
    result = run_cli(["validate", "-", "-"], input="", exit_code=2)
    assert "standard input (-) can be read only once" in result.stderr


def test_unknown_rule_set_lists_the_built_in_ones(tmp_path):
    result = run_cli(["validate", "--rules", "expert", write_deck(tmp_path, BASE_22)], exit_code=2)
    assert result.stderr.startswith("deckcli: no rule set named 'expert': choose ")
    assert "advanced" in result.stderr and "standard" in result.stderr
    result = run_cli(["validate", "--rules", "", write_deck(tmp_path, BASE_22)], exit_code=2)
    assert result.stderr.startswith("deckcli: no rule set named ''")


def test_rule_set_names_ignore_case(tmp_path):
    result = run_cli(["validate", "--rules", "ADVANCED", write_deck(tmp_path, BASE_22)])
    assert "legal under advanced" in result.stdout


def test_missing_rule_set_file(tmp_path):
    missing = tmp_path / "league.schema.json"
    result = run_cli(["validate", "--rules", missing, write_deck(tmp_path, BASE_22)], exit_code=2)
    assert result.stderr.strip() == f"{missing}: no such rule set or schema file"


def test_no_deck_given():
    result = run_cli(["validate"], exit_code=2)
    assert "Missing argument" in result.stderr


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


def test_one_unit_is_singular(tmp_path):
    deck = write_deck(tmp_path, {"Ves": 1, "Decoy": 1})
    result = run_cli(["validate", deck], exit_code=1)
    assert "units-min: 1 unit card; at least 22 needed: add 21" in result.stdout
    assert "(1 unit, 1 special, 5 Strength)" in result.stdout


def test_a_closed_output_pipe_ends_quietly(tmp_path):
    import subprocess
    import sys

    decks = [str(write_deck(tmp_path, BASE_22, name=f"d{i}.toml")) for i in range(400)]
    child = subprocess.Popen(
        [sys.executable, "-m", "deckcli", "validate", *decks], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    first = child.stdout.readline()
    child.stdout.close()
    child.wait(timeout=60)
    stderr = child.stderr.read().decode()
    assert first.startswith(b"" + str(tmp_path).encode())
    assert child.returncode == 0, stderr
    assert "Traceback" not in stderr and "internal error" not in stderr


def test_curly_quotes_around_a_toml_key_get_a_hint(tmp_path):
    deck = tmp_path / "curly.toml"
    deck.write_text('faction = "Monsters"\n[cards]\n“Arachas” = 2\n', encoding="utf-8")
    result = run_cli(["validate", deck], exit_code=2)
    assert result.stderr.strip() == (
        f'{deck}:3:1: not valid TOML: Invalid statement; write names in straight quotes ("), not curly ones (“ ”)'
    )
