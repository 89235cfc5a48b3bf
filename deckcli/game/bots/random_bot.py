"""The ``random`` bot: any legal action, any answer, each equally likely (a floor to measure others by)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckcli.game.actions import Action
    from deckcli.game.agents import PlayerView


class RandomBot:
    """Picks uniformly among what it is offered, from its own seeded random source; exchanges nothing
    half the time, else up to two random cards."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        return actions[self.rng.randrange(len(actions))]

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        return options[self.rng.randrange(len(options))]

    def exchange(self, view: PlayerView) -> int | None:
        hand = view.hand
        if not hand or self.rng.random() < 0.5:
            return None
        return hand[self.rng.randrange(len(hand))]

    def starter(self, view: PlayerView) -> int:
        """Any player, each as likely (the same from every seat)."""
        return (view.player + self.rng.randrange(view.players)) % view.players
