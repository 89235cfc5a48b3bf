"""A whole game of Gwent Solo at the table (deckcli.game.solo.table) answered by a scripted player."""

from __future__ import annotations

import random

from helpers.repository import DECKS
from deckcli.game.simulation.matchups import entrant
from deckcli.game.solo.automaton import solo_player_deck
from deckcli.game.solo.table import Question, TableSetup, play_table_game
from deckcli.rules.judging import read_resolved_deck

SKELLIGE = str(DECKS / "skellige-advanced.toml")


def table_setup(deck: str = SKELLIGE, vs: str = "monsters", leader_variant: bool = False, seed: int = 1) -> TableSetup:
    resolved = read_resolved_deck(deck)
    return TableSetup(solo_player_deck(entrant(resolved, resolved.where, "solo").deck), vs, leader_variant, seed)


class Player:
    """Answers as a player at the table might, at random from ``seed`` among what is offered; records them."""

    def __init__(self, seed: int, passing: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.passing = passing
        self.asked: list[Question] = []
        self.answers: list[str] = []
        self.told: list[str] = []

    def ask(self, question: Question) -> str:
        assert not question.error, question  # only what was offered is answered
        self.asked.append(question)
        playable = [o for o in question.options if o not in ("board", "help", "leader")]
        if question.kind == "move":
            answer = "pass" if self.rng.random() < self.passing or not playable else self.rng.choice(playable)
        elif question.kind == "search":
            answer = self.rng.choice(["", *question.options])
        elif question.kind == "choose":
            answer = str(self.rng.randrange(len(question.options)) + 1)
        else:
            answer = self.rng.choice(question.options)
        self.answers.append(answer)
        return answer

    def tell(self, lines: list[str]) -> None:
        self.told.extend(lines)


def table_game_answers(deck: str, vs: str, seed: int) -> list[str]:
    """A whole game's answers, as a player at the table gives them (the library played with a scripted player)."""
    player = Player(seed)
    play_table_game(table_setup(deck, vs, False, seed), player.ask, player.tell)
    return player.answers
