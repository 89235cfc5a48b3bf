"""A position on the table, built into a game: the board a player writes down (``deckcli score``, ``deckcli
solo``, ``deckcli advise``) or a test sets up, every zone given card by card, in every mode.

Seats and sides are data, as in :class:`~deckcli.game.state.Game`: a :class:`Position` lists its players in turn
order (:class:`Seat`: what each holds) and the sides of the battlefield (:class:`BattlefieldSide`: what lies on
each, and its piles); the mode's seating (:meth:`deckcli.game.state.Mode.seating`) says who plays which side
(the two-player game and Free For All: a side each; two versus two: A1 and A2 on side 0, B1 and B2 on side 1).
Every card carries its ``owner``, the player who brought it, so that a Spy lies on the side it was played onto and
still belongs to the player whose set it came from.

The position is taken as it lies: nothing resolves when it is built (no ability of a card already on the table
fires again), but the ongoing effects (§8) and the Passive Leaders (§5) hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from deckcli.game.cards import SPY, GameCards
from deckcli.game.chance import Chance
from deckcli.game.leaders import apply_passives
from deckcli.game.state import Game, leader_horn

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog
    from deckcli.game.state import Mode


class Placed(NamedTuple):
    """One copy of a card where it lies, and its ``owner``: the player who brought it (a player number)."""

    card: Card
    owner: int


class Seat(NamedTuple):
    """One player of a position: ``faction`` (the set's slug), the ``leader`` (``None``: none), the ``hand`` and the
    ``deck`` (the top card last; a Spy a Decoy took back may be another player's, §11), whether the player
    ``passed`` this round and has ``leader_used``, the row of their side a Horn Leader of theirs doubles this round
    (``leader_horn``: 0 to 2, -1 for none), the ``points`` scored in earlier rounds (Free For All, §16) and the
    ``name`` reports call them by."""

    faction: str
    leader: Card | None = None
    hand: tuple[Placed, ...] = ()
    deck: tuple[Placed, ...] = ()
    passed: bool = False
    leader_used: bool = False
    leader_horn: int = -1
    points: int = 0
    name: str = ""


class BattlefieldSide(NamedTuple):
    """One side of the battlefield: ``rows``, the cards lying in Close Combat, Ranged Combat and Siege in the order
    they lie (a Decoy in its row, a Spy on the side it was played onto); ``horns`` and ``mardroeme``, each a
    ``(row, owner)`` of a Special Commander's Horn in the row's Horn zone or a Mardroeme Special Card on the row
    (§11); the side's ``discard`` pile and ``side`` deck (§2; a team's together, §17); its ``gems`` left (§9; unused
    in Free For All)."""

    rows: tuple[tuple[Placed, ...], tuple[Placed, ...], tuple[Placed, ...]] = ((), (), ())
    horns: tuple[tuple[int, int], ...] = ()
    mardroeme: tuple[tuple[int, int], ...] = ()
    discard: tuple[Placed, ...] = ()
    side: tuple[Placed, ...] = ()
    gems: int = 2


class Position(NamedTuple):
    """A whole position: the ``mode`` (:mod:`deckcli.game.modes`), the ``seats`` in turn order, the ``sides`` in side
    order (as many as the mode's seating of the seats has), the Weather area (each card with the player who played
    it, §12), the ``round_number`` (from 1) and the player ``to_move``."""

    mode: Mode
    seats: tuple[Seat, ...]
    sides: tuple[BattlefieldSide, ...]
    weather: tuple[Placed, ...] = ()
    round_number: int = 1
    to_move: int = 0


def build_position(position: Position, catalog: Catalog, *, seed: int = 0) -> Game:
    """The game standing at ``position``, between two decisions (no move resolving, nothing pending: the next
    :func:`deckcli.game.rounds.advance` asks ``to_move`` for a turn); later shuffles and random picks come from
    ``seed``. ``catalog`` gives the Commander's Horn and Mardroeme cards of ``horns`` and ``mardroeme``.

    Every card instance's ``owner`` is the one given; a Spy lying in a row is recorded as played (``Game.spied``)
    by its owner's side when that is another side, else by the first side opposing the one it lies on (it came back
    to an opponent's hand under a Decoy, §11). The Passive Leaders are applied as the mode cancels them
    (:func:`deckcli.game.leaders.apply_passives`); the round's starter is player 0 (the board file's first player,
    docs/play.md). Raises ``ValueError`` when the mode cannot seat the seats' factions or the sides do not match its
    seating."""
    from deckcli.game.abilities import add_weather

    mode = position.mode
    seating = mode.seating([seat.faction for seat in position.seats])
    if seating.sides != len(position.sides):
        raise ValueError(f"{mode.name} seats these players on {seating.sides} sides, not {len(position.sides)}")
    cards = GameCards()
    game = Game(cards, Chance(seed), mode, seating)
    owner = game.owner

    def add(placed: Placed) -> int:
        owner.append(placed.owner)
        return cards.add(placed.card)

    for player, seat in enumerate(position.seats):
        game.faction[player] = seat.faction
        game.leader[player] = seat.leader.name if seat.leader is not None else None
        game.leader_used[player] = seat.leader_used
        game.passed[player] = seat.passed
        game.points[player] = seat.points
    for side, lying in enumerate(position.sides):  # instances in zone order: a seeded game built again is the same
        game.gems[side] = lying.gems
        for row, lying_there in enumerate(lying.rows):
            game.rows[side * 3 + row] = [add(card) for card in lying_there]
        for player in seating.members[side]:
            game.hand[player] = [add(card) for card in position.seats[player].hand]
            game.deck[player] = [add(card) for card in position.seats[player].deck]
        game.discard[side] = [add(card) for card in lying.discard]
        game.side_deck[side] = [add(card) for card in lying.side]
    for side in range(seating.sides):
        for slot in range(side * 3, side * 3 + 3):
            for unit in game.rows[slot]:
                if cards.ability[unit] & SPY:
                    played_by = seating.side_of[owner[unit]]
                    game.spied[unit] = played_by if played_by != side else seating.opponents[
                        seating.members[side][0]][0]
    horn, mardroeme = catalog.cards["Commander's Horn"], catalog.cards["Mardroeme"]
    for side, lying in enumerate(position.sides):
        for row, player in lying.horns:
            game.horn[side * 3 + row] = add(Placed(horn, player))
        for player, seat in enumerate(position.seats):
            if seat.leader_horn >= 0 and seating.side_of[player] == side:
                game.horn[side * 3 + seat.leader_horn] = leader_horn(player)
        for row, player in lying.mardroeme:
            game.mardroeme[side * 3 + row].append(add(Placed(mardroeme, player)))
    for placed in position.weather:
        add_weather(game, placed.owner, add(placed))
    apply_passives(game)
    game.round = position.round_number
    game.to_move = position.to_move
    game.dirty = (1 << (seating.sides * 3)) - 1
    return game

