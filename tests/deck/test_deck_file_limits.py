"""Limits of a deck file: files too large, too many names, nesting too deep: each refused with its reason.

A file at a limit is still read in full; one past it answers at once with exit 2 and its reason,
before any name is looked up. (Counts outside 1 to 90: test_reading.py.)
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from helpers.cli_runs import deckcli_env, run_cli
from helpers.repository import DECKS, REPO, write_deck
from deckcli.deck.reading import MAX_DISTINCT_NAMES
from deckcli.files.reading import MAX_FILE_BYTES

STARTER = DECKS / "northern-realms-starter.toml"


def padded_to(size: int) -> bytes:
    """The Northern Realms starter deck, comment lines (of 80 bytes, as a person writes them) making it ``size`` bytes."""
    deck = STARTER.read_bytes()
    room = size - len(deck)
    line = b"#" + b"x" * 78 + b"\n"
    lines, rest = divmod(room, len(line))
    return deck + line * lines + (b"#" + b"x" * (rest - 2) + b"\n" if rest >= 2 else b"\n" * rest)


def test_a_file_of_exactly_one_mebibyte_is_read(tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(padded_to(MAX_FILE_BYTES))
    assert path.stat().st_size == MAX_FILE_BYTES
    run_cli(["validate", path], exit_code=0)


def test_one_byte_more_is_refused(tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(padded_to(MAX_FILE_BYTES + 1))
    result = run_cli(["validate", path], exit_code=2)
    assert f"{path}: is larger than 1 MiB: not a deck file" in result.stderr


def test_one_byte_more_on_standard_input_is_refused():
    result = run_cli(["validate", "-"], exit_code=2, input=padded_to(MAX_FILE_BYTES + 1))
    assert "<stdin>: is larger than 1 MiB" in result.stderr


def test_an_endless_file_is_refused_after_one_mebibyte():
    # /dev/zero never ends: only a reader that stops after 1 MiB can answer at all.
    result = subprocess.run(
        [sys.executable, "-m", "deckcli", "validate", "/dev/zero"], capture_output=True, text=True, timeout=120, cwd=REPO,
        env=deckcli_env(),
    )
    assert result.returncode == 2
    assert "/dev/zero: is larger than 1 MiB" in result.stderr


def unknown_names(count: int) -> dict[str, int]:
    """``count`` distinct names no card has, half of them typos of real cards."""
    typos = ["Blue Stripe Comando", "Geralt of Rivea", "Torential Rain", "Dandelon"]
    return {f"{typos[n % 4]} {n}" if n % 2 else f"Zzyzx {n}": 1 for n in range(count)}


def test_a_thousand_names_are_read_and_each_is_reported(tmp_path):
    path = write_deck(tmp_path, unknown_names(MAX_DISTINCT_NAMES - 1))
    result = run_cli(["validate", path], exit_code=1)
    unknown = [line for line in result.stdout.splitlines() if ": unknown-card: " in line]
    assert len(unknown) == MAX_DISTINCT_NAMES - 1
    assert f'{path}:5: unknown-card: "Geralt of Rivea 1" is not a card of any faction set; did you mean Geralt of Rivia?' in unknown
    assert f'{path}:7: unknown-card: "Dandelon 3" is not a card of any faction set; did you mean Dandelion?' in unknown
    assert any('"Zzyzx 0"' in line for line in unknown)


def test_more_than_a_thousand_names_are_refused(tmp_path):
    path = write_deck(tmp_path, unknown_names(MAX_DISTINCT_NAMES))  # and the Leader: 1,001 names
    result = run_cli(["validate", path], exit_code=2)
    assert f"{path}: lists 1001 different card names; a deck file holds at most 1000" in result.stderr


def test_names_in_the_side_deck_and_leader_count_too(tmp_path):
    names = [f'"Zzyzx {n}"' for n in range(MAX_DISTINCT_NAMES + 1)]
    path = tmp_path / "leaders.toml"
    listed = ",\n".join(names)  # one name a line: a line of a thousand names is over the line budget
    path.write_text(f'faction = "Monsters"\nleader = [\n{listed}]\n', encoding="utf-8")
    assert "lists 1001 different card names" in run_cli(["validate", path], exit_code=2).stderr
    side = write_deck(tmp_path, {"Decoy": 1}, side={f"Zzyzx {n}": 1 for n in range(MAX_DISTINCT_NAMES)}, name="side.toml")
    assert "lists 1002 different card names" in run_cli(["validate", side], exit_code=2).stderr


@pytest.mark.parametrize(
    "nesting",
    [
        "x = " + "[\n" * 5000 + "]\n" * 5000,
        "x = " + "{a = " * 1500 + "1" + "}" * 1500,
        "[" + ".".join(["a"] * 3000) + "]",
        "cards = " + "[" * 900 + "]" * 900,
        "x = " + "[" * 100_000,
    ],
    ids=["arrays", "inline-tables", "dotted-header", "in-cards", "unclosed"],
)
def test_nesting_hundreds_deep_is_refused_not_a_crash(tmp_path, nesting):
    path = tmp_path / "deep.toml"
    path.write_text(f'faction = "Monsters"\n{nesting}\n', encoding="utf-8")
    result = run_cli(["validate", path], exit_code=2)
    assert result.stderr.startswith(f"{path}:") and "(deckcli's input budget)" in result.stderr
    assert any(reason in result.stderr for reason in ("more than 32 levels deep", "more than 16 parts", "a line of"))


def test_nesting_deep_through_the_installed_command(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text('faction = "Monsters"\nx = ' + "[\n" * 5000 + "]\n" * 5000, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "deckcli", "validate", str(path)], capture_output=True, text=True, timeout=120, cwd=REPO,
        env=deckcli_env(),
    )
    assert result.returncode == 2, result.stderr
    assert "nested more than 32 levels deep" in result.stderr and "internal error" not in result.stderr
