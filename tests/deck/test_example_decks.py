"""Every deck in decks/ gives the verdict its name promises."""

from __future__ import annotations

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS

PROMISES = {"-starter.toml": "standard", "-advanced.toml": "advanced"}
FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")


def promised_rules(path) -> str | None:
    return next((rules for suffix, rules in PROMISES.items() if path.name.endswith(suffix)), None)


DECK_FILES = sorted(p for p in DECKS.glob("*.toml") if promised_rules(p))


def test_there_is_a_starter_and_an_advanced_deck_per_faction():
    names = {p.name for p in DECK_FILES}
    for faction in FACTIONS:
        assert f"{faction}-starter.toml" in names and f"{faction}-advanced.toml" in names


@pytest.mark.parametrize("deck", DECK_FILES, ids=lambda p: p.name)
def test_deck_keeps_its_promise(deck):
    rules = promised_rules(deck)
    result = run_cli(["validate", "--rules", rules, deck])
    assert f"legal under {rules}" in result.stdout
    assert "warning" not in result.stdout


@pytest.mark.parametrize("deck", [p for p in DECK_FILES if promised_rules(p) == "advanced"], ids=lambda p: p.name)
def test_advanced_decks_are_standard_legal_too(deck):
    run_cli(["validate", "--rules", "standard", deck])


def test_every_file_in_decks_makes_a_promise():
    for path in DECKS.iterdir():
        if path.is_dir():
            assert path.name == "boards", f"{path.name}/: decks/ holds deck files and the example boards only"
            continue
        assert promised_rules(path) or path.name.endswith("-registration.toml"), path.name


@pytest.mark.parametrize("registration", sorted(DECKS.glob("*-registration.toml")), ids=lambda p: p.name)
def test_registrations_are_tournament_legal(registration):
    result = run_cli(["tournament", registration])
    assert "legal" in result.stdout and "not legal" not in result.stdout


def test_example_decks_are_in_canonical_form():
    run_cli(["fmt", "--check", *DECK_FILES])
