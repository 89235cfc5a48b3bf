"""Registration deck paths that are absolute or leave the registration's folder (issue 12, finding 8)."""

from __future__ import annotations

import json
import shutil

from conftest import DECKS, run_cli

ADVANCED = [DECKS / f"{slug}-advanced.toml" for slug in ("monsters", "nilfgaard", "skellige")]


def test_an_absolute_path_and_a_climbing_path_are_warnings_naming_them(tmp_path):
    folder = tmp_path / "player"
    folder.mkdir()
    shutil.copy(ADVANCED[2], folder / "skellige.toml")
    (tmp_path / "nilfgaard.toml").write_bytes(ADVANCED[1].read_bytes())
    registration = folder / "registration.toml"
    registration.write_text(
        f'decks = [\n"{ADVANCED[0]}",\n"../nilfgaard.toml",\n"skellige.toml",\n]\n', encoding="utf-8"
    )
    result = run_cli(["tournament", registration], exit_code=0)
    assert (
        f'{registration}:2: warning: outside-folder: deck path "{ADVANCED[0]}" is absolute: '
        "a registration names decks in its own folder or below"
    ) in result.stdout
    assert (
        f'{registration}:3: warning: outside-folder: deck path "../nilfgaard.toml" is outside the '
        "registration's folder" in result.stdout
    )
    assert "skellige.toml\" is" not in result.stdout
    record = json.loads(run_cli(["tournament", registration, "--format", "json"], exit_code=0).stdout)
    assert [w["code"] for w in record["warnings"]] == ["outside-folder", "outside-folder"]
    assert [w["line"] for w in record["warnings"]] == [2, 3]


def test_a_path_inside_the_folder_that_climbs_back_is_no_warning(tmp_path):
    (tmp_path / "sub").mkdir()
    for deck in ADVANCED:
        shutil.copy(deck, tmp_path / deck.name)
    registration = tmp_path / "registration.toml"
    names = ["sub/../monsters-advanced.toml", "./nilfgaard-advanced.toml", "skellige-advanced.toml"]
    registration.write_text(f"decks = {json.dumps(names)}\n", encoding="utf-8")
    assert "outside-folder" not in run_cli(["tournament", registration], exit_code=0).stdout


def test_a_file_outside_that_is_not_a_deck_is_reported_by_its_path_only(tmp_path):
    secret = tmp_path / "secret.toml"
    secret.write_text('faction = "sk-live-0123456789"\n', encoding="utf-8")
    folder = tmp_path / "player"
    folder.mkdir()
    for deck in ADVANCED[1:]:
        shutil.copy(deck, folder / deck.name)
    registration = folder / "registration.toml"
    registration.write_text(
        'decks = ["../secret.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml"]\n', encoding="utf-8"
    )
    result = run_cli(["tournament", registration], exit_code=2)
    assert "sk-live" not in result.stdout + result.stderr
    assert (
        f"{folder / '..' / 'secret.toml'}".replace("player/../", "") + ": cannot be read as a deck file "
        "(it is outside the registration's folder: nothing of it is quoted)"
    ) in result.stderr


def test_a_deck_inside_the_folder_keeps_its_full_reason(tmp_path):
    for deck in ADVANCED[1:]:
        shutil.copy(deck, tmp_path / deck.name)
    (tmp_path / "bad.toml").write_text('faction = "Nowhere"\n', encoding="utf-8")
    registration = tmp_path / "registration.toml"
    registration.write_text('decks = ["bad.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml"]\n', encoding="utf-8")
    assert "Nowhere" in run_cli(["tournament", registration], exit_code=2).stderr
