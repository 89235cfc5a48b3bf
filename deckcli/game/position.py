"""A position on the table, built into a game: the board a player describes (``deckcli score``, ``deckcli
solo``) or a test sets up, with every zone given card by card.

The position is taken as it lies: nothing resolves when it is built (no ability of a card already on the
table fires again), but the ongoing effects (§8) and the Passive Leaders (§5) hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from deckcli.game.cards import SPY, GameCards
from deckcli.game.leaders import apply_passives
from deckcli.game.chance import Chance
from deckcli.game.modes import STANDARD
from deckcli.game.seating import TWO_PLAYERS
from deckcli.game.state import Game, leader_horn

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog


class SidePosition(NamedTuple):
    """One side of a position. ``rows`` holds the cards lying in Close Combat, Ranged Combat and Siege (a
    Decoy in its row, a Spy on the side it was played onto); ``horns`` the rows whose Horn zone holds a
    Special Commander's Horn; ``leader_horn`` the row a Horn Leader doubles this round (-1: none);
    ``mardroeme`` the rows a Mardroeme Special Card lies on. The other zones belong to the player of this
    side; ``deck`` lists the top card last."""

    faction: str
    leader: Card | None = None
    rows: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] = ((), (), ())
    horns: tuple[int, ...] = ()
    leader_horn: int = -1
    mardroeme: tuple[int, ...] = ()
    hand: tuple[Card, ...] = ()
    deck: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    side: tuple[Card, ...] = ()
    gems: int = 2
    passed: bool = False
    leader_used: bool = False


def build_position(sides: tuple[SidePosition, SidePosition], catalog: Catalog, weather: tuple[Card, ...] = (), *,
                   seed: int = 0, to_move: int = 0, round_number: int = 1) -> Game:
    """The game standing at the position ``sides`` (player 0, player 1) with ``weather`` in the Weather area
    (counted as played by player 0), player ``to_move`` to act; later shuffles and random picks come from
    ``seed``. ``catalog`` gives the Commander's Horn and Mardroeme cards of ``horns`` and ``mardroeme``."""
    from deckcli.game.abilities import add_weather

    cards = GameCards()
    game = Game(cards, Chance(seed), STANDARD, TWO_PLAYERS)
    for player, side in enumerate(sides):
        game.faction[player] = side.faction
        game.leader[player] = side.leader.name if side.leader is not None else None
        game.leader_used[player] = side.leader_used
        game.gems[player] = side.gems
        game.passed[player] = side.passed
        for row, lying in enumerate(side.rows):
            game.rows[player * 3 + row] = [cards.add(card) for card in lying]
        for zone, listed in ((game.hand, side.hand), (game.deck, side.deck), (game.discard, side.discard),
                             (game.side_deck, side.side)):
            zone[player] = [cards.add(card) for card in listed]
        game.owner += [player] * (len(cards) - len(game.owner))
    for player in range(len(sides)):
        for slot in range(player * 3, player * 3 + 3):
            for unit in game.rows[slot]:
                if cards.ability[unit] & SPY:  # a Spy lies on the side it was played onto: the other player's card
                    game.owner[unit] = game.spied[unit] = 1 - player
    for player, side in enumerate(sides):
        for row in side.horns:
            game.horn[player * 3 + row] = cards.add(catalog.cards["Commander's Horn"])
        if side.leader_horn >= 0:
            game.horn[player * 3 + side.leader_horn] = leader_horn(player)
        for row in side.mardroeme:
            game.mardroeme[player * 3 + row].append(cards.add(catalog.cards["Mardroeme"]))
        game.owner += [player] * (len(cards) - len(game.owner))
    for card in weather:
        add_weather(game, 0, cards.add(card))
    game.owner += [0] * (len(cards) - len(game.owner))
    apply_passives(game)
    game.round = round_number
    game.to_move = to_move
    game.dirty = 0b111111
    return game

