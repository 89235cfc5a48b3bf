"""Who decides at a Free For All or two versus two table, and what each player may see.

A :class:`TableView` shows a player everything face up (every side's rows, the Weather area, the discard piles,
the points or gems), their own hand, and in two versus two their teammate's hand too (§17: "Teammates may look
at each other's hands"); never an opponent's hand nor any deck's order. The questions are the two-player
engine's (:data:`deckcli.game.agents.QUESTIONS`) and these:
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from deckcli.game.agents import QUESTIONS as TWO_PLAYER_QUESTIONS
from deckcli.game.agents import EngineError

if TYPE_CHECKING:
    from deckcli.game.actions import Action
    from deckcli.game.cards import GameCards
    from deckcli.game.multiplayer.table import Table

QUESTIONS = {
    **TWO_PLAYER_QUESTIONS,
    "spy-side": "the opponent's side a Spy is played onto (§16; options: side numbers)",
    "starter": "the player who starts the game, asked of a Scoia'tael player (§3, §16, §17; options: players)",
}
"""Every question an agent at the table may be asked."""


class TableView:
    """What ``player`` sees of ``table`` (card instances are numbers; ``cards`` says what each is)."""

    __slots__ = ("_table", "player")

    def __init__(self, table: Table, player: int) -> None:
        self._table = table
        self.player = player

    @property
    def cards(self) -> GameCards:
        return self._table.cards

    @property
    def mode(self) -> str:
        return self._table.mode

    @property
    def players(self) -> int:
        return self._table.players

    @property
    def sides(self) -> int:
        return self._table.sides

    @property
    def own_side(self) -> int:
        return self._table.team[self.player]

    def side_of(self, player: int) -> int:
        return self._table.team[player]

    def opponents(self) -> list[int]:
        """The opposing sides (:meth:`deckcli.game.multiplayer.table.Table.opponents`)."""
        return self._table.opponents(self.player)

    @property
    def teammate(self) -> int:
        """Two versus two: the teammate (-1 in Free For All)."""
        return self._table.teammate(self.player)

    @property
    def hand(self) -> list[int]:
        return self._table.hand[self.player][:]

    def teammate_hand(self) -> list[int]:
        """§17: the teammate's hand, which a player may look at (empty in Free For All)."""
        mate = self.teammate
        return self._table.hand[mate][:] if mate >= 0 else []

    def hand_size(self, player: int) -> int:
        return len(self._table.hand[player])

    def deck_size(self, player: int) -> int:
        return len(self._table.deck[player])

    def row(self, slot: int) -> list[int]:
        return self._table.rows[slot][:]

    def row_total(self, slot: int) -> int:
        return self._table.row_total(slot)

    def row_total_with(self, slot: int, card: int) -> int:
        return self._table.row_total_with(slot, card)

    def row_total_with_horn(self, slot: int) -> int:
        return self._table.row_total_with_horn(slot)

    def strongest(self, slots: tuple[int, ...]) -> list[tuple[int, int]]:
        return self._table.strongest(slots)

    def score(self, side: int) -> int:
        return self._table.score(side)

    def scores(self) -> list[int]:
        return self._table.scores()

    def discard(self, side: int) -> list[int]:
        return self._table.discard[side][:]

    @property
    def weather_mask(self) -> int:
        return self._table.weather_mask

    def scores_under_weather(self, mask: int) -> list[int]:
        """Every side's total were the rows of ``mask`` the ones struck (a what-if: nothing changes)."""
        table = self._table
        before = table.weather_mask
        table.weather_mask = mask
        table.touch_weather(mask ^ before)
        totals = table.scores()
        table.weather_mask = before
        table.touch_weather(mask ^ before)
        return totals

    @property
    def passed(self) -> list[bool]:
        return self._table.passed[:]

    @property
    def points(self) -> list[int]:
        return self._table.points[:]

    @property
    def target(self) -> int:
        return self._table.target

    @property
    def gems(self) -> list[int]:
        return self._table.gems[:]

    @property
    def round(self) -> int:
        return self._table.round

    def faction(self, player: int) -> str:
        return self._table.faction[player]

    @property
    def leader_name(self) -> str | None:
        """The player's own Leader (``None``: none)."""
        return self._table.leader[self.player]

    def row_values(self, slot: int) -> list[int]:
        return self._table.row_values(slot)


class TableAgent(Protocol):
    """A player's decision maker at the table. Each method answers with one of what it is offered."""

    def act(self, view: TableView, actions: list[Action]) -> Action: ...

    def choose(self, view: TableView, question: str, options: list[int], card: int) -> int: ...

    def exchange(self, view: TableView) -> int | None: ...


class TableAgents:
    """Every seat's agent: asks the right one through its player's view, and checks the answer."""

    __slots__ = ("seats",)

    def __init__(self, seats: tuple[TableAgent, ...]) -> None:
        self.seats = seats

    def act(self, table: Table, player: int, actions: list[Action]) -> Action:
        chosen = self.seats[player].act(TableView(table, player), actions)
        if chosen not in actions:
            raise EngineError(f"player {player}'s agent chose {chosen!r}, not one of its {len(actions)} actions")
        return chosen

    def choose(self, table: Table, player: int, question: str, options: list[int], card: int) -> int:
        chosen = self.seats[player].choose(TableView(table, player), question, options, card)
        if chosen not in options:
            raise EngineError(f"player {player}'s agent answered {chosen!r} to {question!r}, not one of {options!r}")
        return chosen

    def exchange(self, table: Table, player: int) -> int | None:
        chosen = self.seats[player].exchange(TableView(table, player))
        if chosen is not None and chosen not in table.hand[player]:
            raise EngineError(f"player {player}'s agent exchanged {chosen!r}, which is not in its hand")
        return chosen
