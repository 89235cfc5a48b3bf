"""Registration deck paths that are absolute or leave the registration's folder (issue 12, finding 8)."""

from __future__ import annotations

import json
import shutil

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS

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


UNQUOTED = "cannot be read as a deck file (it is outside the registration's folder: nothing of it is quoted)"


def _secret_outside(tmp_path, link=False):
    """A registration naming a file outside its folder that holds a secret and is no deck, written or through a link."""
    secret = tmp_path / "secret.toml"
    secret.write_text('faction = "sk-live-0123456789"\n', encoding="utf-8")
    folder = tmp_path / "player"
    folder.mkdir()
    for deck in ADVANCED[1:]:
        shutil.copy(deck, folder / deck.name)
    if link:
        (folder / "monsters.toml").symlink_to(secret)
    name = "monsters.toml" if link else "../secret.toml"
    registration = folder / "registration.toml"
    registration.write_text(
        f'player = "Alex"\ndecks = ["{name}", "nilfgaard-advanced.toml", "skellige-advanced.toml"]\n', encoding="utf-8"
    )
    return registration


def test_a_file_outside_that_is_not_a_deck_is_reported_by_its_path_only(tmp_path):
    registration = _secret_outside(tmp_path)
    result = run_cli(["tournament", registration], exit_code=2)
    assert "sk-live" not in result.stdout + result.stderr
    assert f"{tmp_path / 'secret.toml'}: {UNQUOTED}" in result.stderr


def test_a_deck_inside_the_folder_keeps_its_full_reason(tmp_path):
    for deck in ADVANCED[1:]:
        shutil.copy(deck, tmp_path / deck.name)
    (tmp_path / "bad.toml").write_text('faction = "Nowhere"\n', encoding="utf-8")
    registration = tmp_path / "registration.toml"
    registration.write_text('decks = ["bad.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml"]\n', encoding="utf-8")
    assert "Nowhere" in run_cli(["tournament", registration], exit_code=2).stderr


@pytest.mark.parametrize("link", [False, True], ids=["written", "link"])
@pytest.mark.parametrize("args", [
    ["tournament", "{reg}"],
    ["tournament", "{reg}", "--format", "json"],
    ["tournament", "{reg}", "--format", "csv"],
    ["tournament", "--dir", "{folder}"],
    ["tournament", "--dir", "{folder}", "--format", "json"],
    ["tournament", "{reg}", "{reg}"],
    ["sheet", "{reg}", "-o", "-"],
], ids=lambda args: " ".join(args))
def test_every_output_reports_a_file_outside_by_its_path_only(tmp_path, args, link):
    registration = _secret_outside(tmp_path, link)
    result = run_cli([a.format(reg=registration, folder=registration.parent) for a in args], exit_code=2)
    shown = result.stdout + result.stderr
    assert "sk-live" not in shown
    assert UNQUOTED in shown.replace("\n    ", " ").replace('\\"', '"')


def test_a_link_inside_the_folder_that_leads_out_is_outside(tmp_path):
    registration = _secret_outside(tmp_path, link=True)
    (tmp_path / "secret.toml").write_bytes(ADVANCED[0].read_bytes())  # a deck now: judged, with the warning
    result = run_cli(["tournament", registration], exit_code=0)
    assert (
        f'{registration}:2: warning: outside-folder: deck path "monsters.toml" is a link that leads outside the '
        "registration's folder: a registration names decks in its own folder or below"
    ) in result.stdout


def test_a_link_that_stays_inside_the_folder_is_no_warning(tmp_path):
    for deck in ADVANCED:
        shutil.copy(deck, tmp_path / deck.name)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "monsters.toml").symlink_to(tmp_path / ADVANCED[0].name)
    (tmp_path / "linked").symlink_to(tmp_path / "sub")
    registration = tmp_path / "registration.toml"
    names = ["linked/monsters.toml", ADVANCED[1].name, ADVANCED[2].name]
    registration.write_text(f"decks = {json.dumps(names)}\n", encoding="utf-8")
    assert "outside-folder" not in run_cli(["tournament", registration], exit_code=0).stdout
