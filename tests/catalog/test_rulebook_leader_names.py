"""Every Leader name printed in the rules tutorial resolves as written (issue 11, item 6; tutorial §20, Solo booklet)."""

from __future__ import annotations

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import write_deck

TUTORIAL_LEADERS = {
    "Eredin: Destroyer of Worlds": "Monsters",
    "Eredin: King of the Wild Hunt": "Monsters",
    "Eredin: Bringer of Death": "Monsters",
    "Emhyr var Emreis: Invader of the North": "Nilfgaard",
    "Emhyr var Emreis: The Emperor of Nilfgaard": "Nilfgaard",
    "Emhyr var Emreis: The Relentless": "Nilfgaard",
    "Emhyr var Emreis: The White Flame": "Nilfgaard",
    "Francesca Findabair: Daisy of the Valley": "Scoia'tael",
    "Francesca Findabair: Hope of the Aen Seidhe": "Scoia'tael",
    "Arnjolf: The Patricide": "Skellige",
    "Harald an Craite: The Cripple": "Skellige",
    "King Bran": "Skellige",
}


@pytest.mark.parametrize("leader", sorted(TUTORIAL_LEADERS))
def test_tutorial_leader_name_resolves_in_card_and_in_a_deck(tmp_path, leader):
    run_cli(["card", leader])
    deck = write_deck(tmp_path, {}, faction=TUTORIAL_LEADERS[leader], leader=leader)
    result = run_cli(["validate", deck], exit_code=1)
    assert "leader-count" not in result.stdout and "unknown-card" not in result.stdout, result.stdout
