"""What a position at the start of a round is worth to each player: a logistic model of the game's result, fitted
from games between two heuristic bots (``tools/fit_round_value.py``), read from the package's
``round-value.json``.

The strong bot (:mod:`deckcli.game.bots.strong_bot`) plays an imagined game out only to the start of the next
round and values it there, rather than playing the rounds after to their end: the result of a round to come is
mostly card advantage against score (rulebook §7, §9: a card kept is worth Strength in a later round, the gems
say how many rounds are left), which a fitted value gives at once and without the noise of two more rounds dealt
at random. The features (:func:`features`) are differences between the player and the opponent, so the model is
the same from either seat: ``value(p) = 1 - value(q)`` by construction.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, NamedTuple

from deckcli.game.cards import HERO, SPY, UNIT

if TYPE_CHECKING:
    from deckcli.game.state import Game

FEATURES = ("hand", "strength", "specials", "spies", "leader", "board", "starts")
"""The features, each the player's figure less the opponent's (:func:`features`): cards in hand, the printed
Strength of the units in hand (per 10), the Special and Weather Cards in hand, the Spies in hand, whether the Leader
is still to use (§5), the battlefield's total (per 10: a unit Monsters kept, Skellige's return, §3), and who
starts the round (+1: the player, -1: the opponent)."""


class RoundValue(NamedTuple):
    """The fitted model: ``ahead`` (an intercept, then a weight per feature) for a player with two gems against one;
    ``level`` (a weight per feature, no intercept) for one gem each; ``games`` and ``samples`` it was fitted on."""

    ahead: tuple[float, ...]
    level: tuple[float, ...]
    games: int
    samples: int


@cache
def model() -> RoundValue:
    """The packaged model (``deckcli/game/bots/round-value.json``). Raises ``OSError`` when the file is missing
    (a broken install)."""
    text = resources.files("deckcli.game.bots").joinpath("round-value.json").read_text("utf-8")
    data = json.loads(text)
    return RoundValue(tuple(data["ahead"]), tuple(data["level"]), int(data["games"]), int(data["samples"]))


def features(game: Game, player: int) -> list[float]:
    """:data:`FEATURES` of a two-player game for ``player`` against the other (player ``p`` on side ``p``)."""
    other = 1 - player
    cards = game.cards
    kind, power, ability = cards.kind, cards.power, cards.ability

    def hand(of: int) -> tuple[int, int, int, int]:
        strength = specials = spies = 0
        for card in game.hand[of]:
            sort = kind[card]
            if sort == UNIT or sort == HERO:
                if ability[card] & SPY:
                    spies += 1
                else:
                    strength += power[card]
            else:
                specials += 1
        return len(game.hand[of]), strength, specials, spies

    mine, theirs = hand(player), hand(other)

    def leader(of: int) -> int:
        return int(game.leader[of] is not None and not game.leader_used[of] and game.leader_live[of])

    return [
        float(mine[0] - theirs[0]),
        (mine[1] - theirs[1]) / 10,
        float(mine[2] - theirs[2]),
        float(mine[3] - theirs[3]),
        float(leader(player) - leader(other)),
        (game.score(player) - game.score(other)) / 10,
        1.0 if game.to_move == player else -1.0,
    ]


def logistic(z: float) -> float:
    """1 / (1 + e^-z), without overflow."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def win_chance(gems: tuple[int, int], x: list[float], fitted: RoundValue | None = None) -> float:
    """The chance (0–1, a draw half) that the player with ``gems`` (its own, then the opponent's) and features
    ``x`` wins the game. Raises ``ValueError`` for gems no round starts with (2 each, or none)."""
    fitted = fitted if fitted is not None else model()
    mine, theirs = gems
    if mine == 1 and theirs == 1:
        return logistic(sum(w * f for w, f in zip(fitted.level, x)))
    if mine == 2 and theirs == 1:
        return logistic(fitted.ahead[0] + sum(w * f for w, f in zip(fitted.ahead[1:], x)))
    if mine == 1 and theirs == 2:
        return 1.0 - logistic(fitted.ahead[0] + sum(w * -f for w, f in zip(fitted.ahead[1:], x)))
    raise ValueError(f"no round starts with gems {gems}")


def values(game: Game) -> list[float]:
    """What the two-player ``game``, waiting on the first turn of a round after the first, is worth to each player
    (0–1, summing to 1). Raises ``ValueError`` for a game of other than two players or gems no round starts with."""
    if game.players != 2:
        raise ValueError("the round value is fitted on two-player games")
    first = win_chance((game.gems[0], game.gems[1]), features(game, 0))
    return [first, 1.0 - first]
