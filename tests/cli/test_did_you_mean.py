"""``--rules`` and faction abbreviations get "did you mean" (issue 11, item 9).

Choice: a deck file must spell its faction out (a deck never guesses), so ``"NR"``
or ``"ST"`` is refused with the list, and the abbreviation picks the "did you mean".
"""

from __future__ import annotations

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import write_deck


def test_a_mistyped_rule_set_gets_did_you_mean(tmp_path):
    deck = write_deck(tmp_path, {"Ves": 1})
    result = run_cli(["validate", "--rules", "advancd", deck], exit_code=2)
    assert "no rule set named 'advancd': did you mean advanced?" in result.stderr


@pytest.mark.parametrize(("short", "faction"), [("NR", "Northern Realms"), ("ST", "Scoia'tael"), ("NG", "Nilfgaard"),
                                                 ("SK", "Skellige"), ("MO", "Monsters")])
def test_a_faction_abbreviation_is_refused_with_the_full_name(tmp_path, short, faction):
    deck = write_deck(tmp_path, {"Ves": 1}, faction=short, leader=None)
    result = run_cli(["validate", deck], exit_code=2)
    assert f'unknown faction "{short}": did you mean {faction}? choose one of' in result.stderr
