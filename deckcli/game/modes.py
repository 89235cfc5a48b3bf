"""The modes of play: what the two-player game (§6–9), Free For All (§16) and two versus two (§17) change in the one
engine; Gwent Solo (§18–20) is :class:`deckcli.game.solo.automaton.Solo`.

A mode (:class:`deckcli.game.state.Mode`, whose defaults are the two-player game) answers the few questions the rules leave to the mode, each at a turn's or a round's boundary,
never while a card resolves or a row is valued: who sits where (:meth:`Mode.seating`), whether rounds cost gems
or score points (:attr:`Mode.gems`), which Leaders The White Flame cancels (:meth:`Mode.cancelled_by`), which
rows a Scorch reads (:meth:`Mode.scorch_slots`), what a faction ability may keep (:meth:`Mode.keeps`), and Gwent
Solo's seat and rules (:attr:`Mode.automaton` and the hooks it alone fills: its set-up, its turns, its round's
end). The turns and rounds themselves are :mod:`deckcli.game.rounds`, one flow for every mode; every ability,
every Leader and the Strength of a row are written once, against "the sides opposing me".

The rulings where the seed is silent are each made in one place here, and listed in docs/play.md ("Rulings the
seed leaves open").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from deckcli.game.cards import SPY
from deckcli.game.seating import TWO_TEAMS, each_own_side
from deckcli.game.state import Mode

if TYPE_CHECKING:
    from deckcli.game.seating import Seating
    from deckcli.game.state import Game

MONSTERS, NILFGAARD, NORTHERN_REALMS, SCOIATAEL, SKELLIGE = (
    "monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")
FFA_PLAYERS = (3, 4, 5)
"""§16: three to five players."""
POINTS_TO_WIN = {3: 4, 4: 5, 5: 6}
"""§16: the points that win a Free For All game of 3, 4 or 5 players."""
TEAM_NAMES = ("A", "B")
TEAM_GEMS = 2
"""§17: two gems per team."""


class Teams(Mode):
    """Two versus two (§17): A1, B1, A2, B2 in turn order, teammates sharing a side, its discard pile and two gems;
    teammates of different factions."""

    name = "teams"
    filters_kept = True

    def seating(self, factions: list[str]) -> Seating:
        """A1, B1, A2, B2 (§17). Raises ``ValueError`` for other than four players, or teammates of one faction
        (§17: "Teammates cannot use the same faction")."""
        if len(factions) != 4:
            raise ValueError(f"two versus two seats 4 players (§17), not {len(factions)}")
        for first in (0, 1):
            if factions[first] == factions[first + 2]:
                raise ValueError(f"team {TEAM_NAMES[first]}'s players both play {factions[first]}: teammates cannot "
                                 "use the same faction (§17)")
        return TWO_TEAMS

    def cancelled_by(self, game: Game, player: int) -> tuple[int, ...]:
        """§17: The White Flame "cancels every Leader ability": every other player's, the teammate's included."""
        return tuple(other for other in range(game.players) if other != player)

    def keeps(self, game: Game, side: int, card: int, faction: str) -> bool:
        """§17: the unit Monsters keep and the units Skellige returns must be cards of that faction or enemy Spies
        (a Spy the other team played; one never played, the other team's)."""
        if game.cards.ability[card] & SPY and game.spied.get(card, game.side_of[game.owner[card]]) != side:
            return True
        return game.cards.card[card].home == faction

    def log_fields(self, game: Game, record: dict[str, Any]) -> None:
        record["mode"] = self.name


class FreeForAll(Mode):
    """Free For All (§16): three to five players, each on a side of their own, clockwise; a point for each
    opponent exceeded in a round; the points of the table's size win; no round limit."""

    name = "ffa"
    gems = False

    def seating(self, factions: list[str]) -> Seating:
        """A side per player (§16). Raises ``ValueError`` for other than three to five players."""
        if len(factions) not in FFA_PLAYERS:
            raise ValueError(f"Free For All seats 3 to 5 players (§16), not {len(factions)}")
        return each_own_side(len(factions))

    def log_fields(self, game: Game, record: dict[str, Any]) -> None:
        record["mode"] = self.name
        record["gems"] = []
        record["points"] = game.points[:]


STANDARD = Mode()
"""The two-player game."""
TEAMS = Teams()
FREE_FOR_ALL = FreeForAll()
MODES: dict[str, Mode] = {mode.name: mode for mode in (STANDARD, TEAMS, FREE_FOR_ALL)}
"""The modes without state of their own, by name (Gwent Solo's is made per game: its automaton holds state)."""


def points_to_win(players: int) -> int:
    """§16: the points that win a Free For All game of ``players`` players."""
    return POINTS_TO_WIN[players]


def ffa_round_points(totals: list[int], factions: list[str]) -> list[int]:
    """§16: each player's points for a round: one per opponent whose Strength they exceed. "Ties do not count as
    wins unless Nilfgaard's ability applies": a Nilfgaard player tied with an opponent scores that point (§3),
    and two Nilfgaard players tied score one each. ``totals`` and ``factions`` are per player."""
    points = []
    for player, total in enumerate(totals):
        nilfgaard = factions[player] == NILFGAARD
        points.append(sum(1 for other, theirs in enumerate(totals)
                          if other != player and (total > theirs or (total == theirs and nilfgaard))))
    return points


def exceeded(totals: list[int], player: int) -> int:
    """The opponents whose Strength ``player`` exceeds (strictly: §16 Northern Realms "exceeds")."""
    return sum(1 for other, theirs in enumerate(totals) if other != player and totals[player] > theirs)


def next_ffa_starter(round_points: list[int], previous: int) -> int:
    """§16: "the player who scored the most points in the previous round starts". The seed is silent on a tie for
    the most; the ruling (docs/play.md): of the tied players, the first in turn order from the previous round's
    starter (that starter included)."""
    players = len(round_points)
    top = max(round_points)
    return next(p for p in ((previous + offset) % players for offset in range(players)) if round_points[p] == top)
