"""The table of a Free For All (§16) or two versus two (§17) game: who sits where, whose side is whose.

A :class:`Table` is a :class:`~deckcli.game.state.Game` with ``sides`` sides of the battlefield and ``players``
players: the Strength of its rows (§8) and what a Scorch takes are the two-player engine's own, unchanged.

- Free For All (``FFA``): three to five players, each with a side of their own (player ``p`` plays side ``p``),
  seated clockwise in player order (§16).
- Two versus two (``TEAMS``): players 0 and 2 are team A (A1, A2) on side 0, players 1 and 3 team B (B1, B2)
  on side 1, so that player order is the turn order A1 → B1 → A2 → B2 (§17).

Per player: ``hand``, ``deck``, ``aside``, ``faction``, ``leader``, ``leader_used``, ``leader_live``, ``passed``,
``known``. Per side: ``discard`` (a team shares one pile, §17), the side deck ``side`` (the teammates' set-aside
cards together), the three rows (slot ``side * 3 + row``), ``horn``, ``mardroeme``, ``gems`` (two per team, §17;
unused in Free For All), ``halved``, ``agile_bonus``. ``points`` per player: Free For All's score (§16).
``weather_by`` holds the *side* whose discard pile a Weather Card goes to (§9). ``owner`` per card instance:
the player who brought it to the table; ``spied``: the side that played each Spy (an "enemy Spy", §17).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from deckcli.game.cards import GameCards
from deckcli.game.state import NO_HORN, Game

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.cards import GameDeck

FFA, TEAMS = "ffa", "teams"
"""The two modes: Free For All (§16) and two versus two (§17)."""
FFA_PLAYERS = (3, 4, 5)
"""§16: three to five players."""
POINTS_TO_WIN = {3: 4, 4: 5, 5: 6}
"""§16: the points that win a Free For All game of 3, 4 or 5 players."""
TEAM_NAMES = ("A", "B")
TEAM_GEMS = 2
"""§17: two gems per team."""


class Table(Game):
    """One game of Free For All or two versus two (see the module's docstring for its zones)."""

    __slots__ = ("mode", "players", "sides", "team", "points", "owner", "target", "round_points", "plays", "spied")

    def __init__(self, cards: GameCards, rng: random.Random, mode: str, players: int) -> None:
        super().__init__(cards, rng)
        sides = players if mode == FFA else 2
        self.mode = mode
        self.players = players
        self.sides = sides
        self.team = list(range(players)) if mode == FFA else [p % 2 for p in range(players)]
        """The side of each player: its own in Free For All; A (0) for players 0 and 2, B (1) for 1 and 3 (§17)."""
        self.hand = [[] for _ in range(players)]
        self.deck = [[] for _ in range(players)]
        self.aside = [[] for _ in range(players)]
        self.faction = [""] * players
        self.leader = [None] * players
        self.leader_used = [False] * players
        self.leader_live = [True] * players
        self.passed = [False] * players
        self.known = [set() for _ in range(players)]
        self.discard = [[] for _ in range(sides)]
        self.side = [[] for _ in range(sides)]
        self.rows = [[] for _ in range(sides * 3)]
        self.horn = [NO_HORN] * (sides * 3)
        self.mardroeme = [[] for _ in range(sides * 3)]
        self.totals = [0] * (sides * 3)
        self.dirty = (1 << (sides * 3)) - 1
        self.gems = [TEAM_GEMS] * sides if mode == TEAMS else [0] * sides
        self.halved = [False] * sides
        self.agile_bonus = [0] * sides
        self.scorched = [0] * sides
        self.weathers = [0] * players
        self.points = [0] * players
        self.round_points: list[list[int]] = []
        """Free For All: the points each player scored in each round so far."""
        self.target = POINTS_TO_WIN.get(players, 0) if mode == FFA else 0
        self.owner: list[int] = []
        self.plays = 0
        self.spied: dict[int, int] = {}
        """Each Spy played so far: the side of the player who played it (an "enemy Spy" of §17 is one the other
        team played; a Decoy may hand a Spy to a player of the side it was played onto, who plays it back)."""
        """The turns of this round in which a player did not pass (played a card or used the Leader)."""

    def copy(self, rng: random.Random | None = None) -> Game:
        """Not offered: no bot of these modes searches (raises ``NotImplementedError``)."""
        raise NotImplementedError("a Free For All or team game is not copied")

    def opponents(self, player: int) -> list[int]:
        """The sides opposing ``player``: every other player's in Free For All, the other team's in two versus two."""
        own = self.team[player]
        return [side for side in range(self.sides) if side != own]

    def teammate(self, player: int) -> int:
        """Two versus two: ``player``'s teammate (-1 in Free For All)."""
        return (player + 2) % 4 if self.mode == TEAMS else -1

    def members(self, side: int) -> list[int]:
        """The players of ``side``."""
        return [p for p in range(self.players) if self.team[p] == side]

    def slots(self) -> tuple[int, ...]:
        """Every row of the battlefield."""
        return tuple(range(self.sides * 3))

    def scores(self) -> list[int]:
        """Each side's total Strength (§8), in side order."""
        return [self.score(side) for side in range(self.sides)]

    def touch_weather(self, mask: int) -> None:
        """Weather changed on the rows of ``mask``: those rows change on every side (§4, §12)."""
        for side in range(self.sides):
            self.dirty |= mask << (3 * side)

    def every_zone(self) -> Callable[[], list[int]]:
        """For invariant checks: every instance in every zone (each card of the game appears exactly once)."""

        def listing() -> list[int]:
            found: list[int] = []
            for player in range(self.players):
                found += self.hand[player] + self.deck[player] + self.aside[player]
            for side in range(self.sides):
                found += self.discard[side] + self.side[side]
            for slot in range(self.sides * 3):
                found += self.rows[slot] + self.mardroeme[slot]
                if self.horn[slot] >= 0:
                    found.append(self.horn[slot])
            return found + self.weather + self.removed + self.resolving

        return listing

    def emit(self, event: str, player: int | None, card: int | str | None = None, row: int | None = None,
             **extra: Any) -> None:
        """One event of the game log (:meth:`deckcli.game.state.Game.emit`), with the mode's additions: ``mode``,
        each side's ``scores``, ``gems`` per team (two versus two) or ``points`` per player (Free For All)."""
        if self.log is None:
            return
        super().emit(event, player, card, row, **extra)
        record = self.log[-1]
        record["mode"] = self.mode
        if self.mode == FFA:
            record["gems"] = []
            record["points"] = self.points[:]


def table_cards(decks: tuple[GameDeck, ...]) -> tuple[GameCards, list[int]]:
    """The card table of a game between ``decks`` (each deck's main deck then side deck, in player order), and
    the owner of each instance."""
    cards = GameCards()
    owner: list[int] = []
    for player, deck in enumerate(decks):
        for card in deck.cards + deck.side:
            cards.add(card)
            owner.append(player)
    return cards, owner


def new_table(decks: tuple[GameDeck, ...], mode: str, seed: int, *, log: list[dict[str, Any]] | None = None,
              game_id: int = 0) -> Table:
    """A game of ``mode`` between ``decks`` (player order: clockwise for Free For All; A1, B1, A2, B2 for two
    versus two), shuffled by ``seed``'s random source, not yet dealt; Passive Leaders set (:func:`leader
    passives <deckcli.game.multiplayer.leaders.apply_passives>`).

    Raises ``ValueError`` for a number of decks the mode does not seat (§16: 3–5; §17: 4), or teammates of the
    same faction (§17: "Teammates cannot use the same faction").
    """
    from deckcli.game.multiplayer.leaders import apply_passives

    check_seating(mode, [deck.faction for deck in decks])
    cards, owner = table_cards(decks)
    table = Table(cards, random.Random(seed), mode, len(decks))
    table.owner = owner
    table.log = log
    table.game_id = game_id
    first = 0
    for player, deck in enumerate(decks):
        middle = first + len(deck.cards)
        table.deck[player] = list(range(first, middle))
        first = middle + len(deck.side)
        table.side[table.team[player]] += list(range(middle, first))
        table.faction[player] = deck.faction
        table.leader[player] = deck.leader.name if deck.leader is not None else None
    for player in range(table.players):
        table.rng.shuffle(table.deck[player])
    apply_passives(table)
    return table


def check_seating(mode: str, factions: list[str]) -> None:
    """Raise ``ValueError`` unless ``factions`` (one per player, in player order) can sit at a ``mode`` table:
    three to five players for Free For All (§16); four for two versus two, teammates (players 0 and 2, 1 and 3)
    of different factions (§17)."""
    if mode == FFA:
        if len(factions) not in FFA_PLAYERS:
            raise ValueError(f"Free For All seats 3 to 5 players (§16), not {len(factions)}")
    elif mode == TEAMS:
        if len(factions) != 4:
            raise ValueError(f"two versus two seats 4 players (§17), not {len(factions)}")
        for first in (0, 1):
            if factions[first] == factions[first + 2]:
                raise ValueError(f"team {TEAM_NAMES[first]}'s players both play {factions[first]}: teammates cannot "
                                 "use the same faction (§17)")
    else:
        raise ValueError(f"no such mode: {mode}")
