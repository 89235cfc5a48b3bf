"""The actions a player may take on a turn (rulebook §7): play a card, use the Leader, or pass.

An action is a tuple ``(kind, card, row, target)`` of integers: ``PLAY`` with the card instance, its
row (the row of the side it lands on: the opponent's for a Spy) and, for a Decoy, the unit it takes
back; ``LEADER``; ``PASS``. Unused parts are -1. Copies of one card are one action (playing either
copy is the same move), and so are two identical units a Decoy could take from one row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.game.cards import DECOY, HERO, HORN, MARDROEME, SPECIAL, UNIT, WEATHER
from deckcli.game.state import NO_HORN

if TYPE_CHECKING:
    from deckcli.game.state import Game

PLAY, LEADER, PASS = 0, 1, 2
Action = tuple[int, int, int, int]
PASS_ACTION: Action = (PASS, -1, -1, -1)
LEADER_ACTION: Action = (LEADER, -1, -1, -1)


def legal_actions(game: Game) -> list[Action]:
    """Every action open to the player to move (§7), passing last.

    Units go to a row they may enter (either row of an Agile unit, §10); a Commander's Horn to a row of
    the player's whose Horn zone is empty (one Special Card Horn per row, §11); a Mardroeme to any row of
    the player's; a Decoy onto a non-Hero unit of the player's side (§11; none there: it cannot be
    played); Weather Cards, Clear Weather and Scorch need no row. The Leader is offered while it is
    unused, not cancelled, and its ability would do something now (:func:`deckcli.game.leaders.usable`).
    """
    from deckcli.game.leaders import usable

    player = game.to_move
    cards = game.cards
    kind, ability, rows, names = cards.kind, cards.ability, cards.rows, cards.name
    actions: list[Action] = []
    seen: set[str] = set()
    for card in game.hand[player]:
        name = names[card]
        if name in seen:
            continue
        seen.add(name)
        kind_of = kind[card]
        if kind_of <= HERO:
            for row in rows[card]:
                actions.append((PLAY, card, row, -1))
        elif kind_of == WEATHER:
            actions.append((PLAY, card, -1, -1))
        elif kind_of == SPECIAL:
            bits = ability[card]
            if bits & DECOY:
                targets: set[tuple[str, int]] = set()
                for row in range(3):
                    for unit in game.rows[player * 3 + row]:
                        if kind[unit] == UNIT and (names[unit], row) not in targets:
                            targets.add((names[unit], row))
                            actions.append((PLAY, card, row, unit))
            elif bits & HORN:
                for row in range(3):
                    if game.horn[player * 3 + row] == NO_HORN:
                        actions.append((PLAY, card, row, -1))
            elif bits & MARDROEME:
                for row in range(3):
                    actions.append((PLAY, card, row, -1))
            else:
                actions.append((PLAY, card, -1, -1))
    if usable(game, player):
        actions.append(LEADER_ACTION)
    actions.append(PASS_ACTION)
    return actions
