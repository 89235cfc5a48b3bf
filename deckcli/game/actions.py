"""The actions a player may take on a turn (rulebook §7): play a card, use the Leader, or pass; which of them are
open at a moment is :func:`deckcli.game.rounds.legal_actions`.

An action is a tuple ``(kind, card, row, target)`` of integers: ``PLAY`` with the card instance, its
row (the row of the side it lands on: the opponent's for a Spy) and, for a Decoy, the unit it takes
back; ``LEADER``; ``PASS``. Unused parts are -1. Copies of one card are one action (playing either
copy is the same move), and so are two identical units a Decoy could take from one row.
"""

from __future__ import annotations

PLAY, LEADER, PASS = 0, 1, 2
Action = tuple[int, int, int, int]
PASS_ACTION: Action = (PASS, -1, -1, -1)
LEADER_ACTION: Action = (LEADER, -1, -1, -1)

