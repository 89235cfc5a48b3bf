"""deckcli team: two teammates' decks for two versus two (rulebook §17)."""

from __future__ import annotations

import json

from helpers.cli_runs import run_cli
from helpers.repository import DECKS
from helpers.example_decks import copy_example, count_kind


def test_two_decks_of_different_factions_make_a_team():
    nilfgaard, skellige = DECKS / "nilfgaard-starter.toml", DECKS / "skellige-starter.toml"
    result = run_cli(["team", nilfgaard, skellige])
    assert f"{nilfgaard}: legal under standard" in result.stdout
    assert f"{skellige}: legal under standard" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("team: legal team: 2 decks (Nilfgaard and Skellige)")


def test_two_nilfgaard_decks_are_not_a_team():
    first, second = DECKS / "nilfgaard-starter.toml", DECKS / "nilfgaard-advanced.toml"
    result = run_cli(["team", first, second], exit_code=1)
    [line] = [line for line in result.stdout.splitlines() if "same-faction" in line]
    assert "Nilfgaard" in line and str(first) in line and str(second) in line
    document = json.loads(run_cli(["team", first, second, "--format", "json"], exit_code=1).stdout)
    assert document["rules"] == "team" and document["deck_rules"] == "standard"
    assert [(v["code"], v["faction"], v["decks"]) for v in document["violations"]] == [
        ("same-faction", "nilfgaard", [str(first), str(second)])
    ]


def test_each_teammate_needs_a_deck_legal_under_standard_rules(tmp_path):
    thin = copy_example(tmp_path, "monsters-advanced", "thin.toml", drop=("Draug", "Foglet", "Botchling"))
    units = count_kind(thin, "unit", "hero")
    assert units == 21  # 24 units, three single copies taken out
    result = run_cli(["team", thin, DECKS / "skellige-starter.toml"], exit_code=1)
    assert f"  {thin}: units-min: {units} unit cards; at least 22 needed: add {22 - units}" in result.stdout
    [line] = [line for line in result.stdout.splitlines() if line.startswith("team: deck-illegal:")]
    assert str(thin) in line and "units-min" in line


def test_a_team_is_exactly_two_decks():
    result = run_cli(["team", DECKS / "skellige-starter.toml"], exit_code=2)
    assert "exactly 2 deck files; got 1" in result.stderr
    decks = [DECKS / f"{s}-starter.toml" for s in ("monsters", "nilfgaard", "skellige")]
    assert "got 3" in run_cli(["team", *decks], exit_code=2).stderr
