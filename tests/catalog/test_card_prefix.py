"""``deckcli card`` finds a card by the beginnings of its words; deck files stay strict (issue 11, item 8)."""

from __future__ import annotations

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import write_deck


@pytest.mark.parametrize(
    ("typed", "card"),
    [("geralt", "Geralt of Rivia"), ("horn", "Commander's Horn"), ("frost", "Biting Frost"),
     ("blue str", "Blue Stripes Commando"), ("eredin bring", "Eredin: Bringer of Death")],
)
def test_card_finds_one_card_by_word_beginnings(typed, card):
    assert run_cli(["card", typed]).stdout.splitlines()[0] == card


def test_several_matches_are_listed():
    result = run_cli(["card", "fog"], exit_code=2)
    assert "may mean Foglet or Impenetrable Fog" in result.stderr


def test_a_deck_file_never_guesses(tmp_path):
    deck = write_deck(tmp_path, {"geralt": 1})
    result = run_cli(["validate", deck], exit_code=1)
    assert 'unknown-card: "geralt" is not a card of any faction set' in result.stdout
