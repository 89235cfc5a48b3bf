"""Who sits where: the players of a game, the sides of the battlefield they play onto, and who opposes whom.

Players are numbered in turn order (§16: clockwise; §17: A1, B1, A2, B2), sides from 0. In the two-player game
and in Gwent Solo each player has a side (player ``p`` plays side ``p``); in Free For All too, with three to five;
in two versus two the teammates share one (§17: players 0 and 2 on side 0, 1 and 3 on side 1). Everything the
rules ask of the seats ("the opponent's side", "every opponent", "your teammate") is a lookup in a
:class:`Seating`, made once per game: no rule counts players itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Sequence


class Seating(NamedTuple):
    """The seats of one game, each a tuple indexed by player or side.

    ``side_of[p]``: player ``p``'s side; ``members[s]``: the players of side ``s`` in turn order;
    ``opponents[p]``: the sides opposing player ``p`` (every other side); ``foes[p]``: the players of those sides;
    ``teammate[p]``: the other player of ``p``'s side (-1: none); ``after[p]``: every player in turn order from the
    one after ``p`` round to ``p`` itself (§7, §16: clockwise; §17: A1 → B1 → A2 → B2).
    """

    side_of: tuple[int, ...]
    members: tuple[tuple[int, ...], ...]
    opponents: tuple[tuple[int, ...], ...]
    foes: tuple[tuple[int, ...], ...]
    teammate: tuple[int, ...]
    after: tuple[tuple[int, ...], ...]

    @property
    def players(self) -> int:
        return len(self.side_of)

    @property
    def sides(self) -> int:
        return len(self.members)


def seating(side_of: Sequence[int]) -> Seating:
    """The seating in which player ``p`` plays side ``side_of[p]`` (sides numbered from 0, each with a player).

    Raises ``ValueError`` for a side with no player or more than two."""
    sides = max(side_of) + 1
    members = tuple(tuple(p for p, s in enumerate(side_of) if s == side) for side in range(sides))
    if any(not found or len(found) > 2 for found in members):
        raise ValueError(f"every side needs one or two players, not {[len(m) for m in members]}")
    opponents = tuple(tuple(s for s in range(sides) if s != own) for own in side_of)
    foes = tuple(tuple(p for p, s in enumerate(side_of) if s != own) for own in side_of)
    teammate = tuple(next((q for q in members[own] if q != p), -1) for p, own in enumerate(side_of))
    players = len(side_of)
    after = tuple(tuple((p + offset) % players for offset in range(1, players + 1)) for p in range(players))
    return Seating(tuple(side_of), members, opponents, foes, teammate, after)


TWO_PLAYERS = seating((0, 1))
"""The two-player game and Gwent Solo: sides (0, 1), opponents ((1,), (0,))."""
TWO_TEAMS = seating((0, 1, 0, 1))
"""Two versus two (§17): A1, B1, A2, B2; team A on side 0, team B on side 1."""


def each_own_side(players: int) -> Seating:
    """Free For All (§16): a side per player."""
    return seating(tuple(range(players)))
