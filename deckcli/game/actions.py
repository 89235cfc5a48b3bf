"""What a player decides: the actions of a turn (rulebook §7) and every other decision point of a game.

An action is a tuple ``(kind, card, row, target)`` of integers: ``PLAY`` with the card instance, its
row (the row of the side it lands on: the opponent's for a Spy), and for a Decoy the unit it takes back or,
for a Spy at a table of several opponents, the side it goes to (§16); ``LEADER``; ``PASS``. Unused parts are
-1. Copies of one card are one action (playing either copy is the same move), and so are two identical units a
Decoy could take from one row. Which actions are open is :func:`deckcli.game.rounds.legal_actions`.

A :class:`Decision` is what a game waits on between two moves: a player, a question (:data:`QUESTIONS`), its
options and what resolves the answer (its ``then`` frame). A turn's action is one decision (``"act"``); so is
every choice inside a move (which unit a Medic brings back, the row of an Agile unit an ability plays, which
card a Leader takes), each taken by :func:`deckcli.game.rounds.apply_action` like a turn's action, so that a
search can branch on it and a game can be saved between any two of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Callable

PLAY, LEADER, PASS = 0, 1, 2
Action = tuple[int, int, int, int]
PASS_ACTION: Action = (PASS, -1, -1, -1)
LEADER_ACTION: Action = (LEADER, -1, -1, -1)
KEEP = -1
"""The answer to an ``exchange`` decision that sets aside no more cards (§6)."""

Frame = tuple[Any, ...]
"""A step of a move still to resolve: ``(continuation, *arguments)``, integers and tuples of them; run as
``continuation(game, *arguments)`` (a decision's ``then`` frame with the answer added last)."""

QUESTIONS = {
    "act": "the action of a turn (§7; options: actions)",
    "exchange": "a card of the hand set aside and replaced (§6), or KEEP (-1) to keep the hand (options: cards)",
    "starter": "the player who starts the game, asked of a Scoia'tael player (§3, §16, §17; options: players)",
    "row": "the row an Agile unit enters when an ability plays it (options: row numbers)",
    "medic": "the non-Hero unit of the player's side's discard pile a Medic plays (§10)",
    "spy-side": "the opponent's side a Spy an ability plays goes to (§16; options: side numbers)",
    "discard-to-hand": "the card a Leader takes from a discard pile into the hand (Bringer of Death, The Relentless)",
    "discard-from-hand": "a card of the hand Eredin: Destroyer of Worlds discards (asked twice), or that the "
                         "Emperor of Nilfgaard of Gwent Solo's automated opponent has the player discard (§20)",
    "deck-to-hand": "the card of the deck Eredin: Destroyer of Worlds takes into the hand",
    "weather-from-deck": "the Weather Card of the deck Eredin: King of the Wild Hunt plays",
    "bond-from-deck": "the Tight Bond unit of the deck Arnjolf: The Patricide plays",
    "mardroeme-row": "the row Harald an Craite: The Cripple plays a Mardroeme on (options: row numbers)",
}
"""Every question a decision asks, with what its options are (card instances unless said)."""


class Decision(NamedTuple):
    """What a game waits on: ``player`` answers ``question`` (:data:`QUESTIONS`) with one of ``options``; ``card``
    is the card asking (-1: none); ``then`` the frame that resolves the answer."""

    player: int
    question: str
    options: list[Any]
    card: int
    then: Frame

    def mirrored(self) -> Decision:
        """The same decision asked of the other player of a two-player game (:meth:`deckcli.game.state.Game.mirrored`).
        Every continuation takes the deciding player as its first argument."""
        return self._replace(player=1 - self.player, then=(self.then[0], 1 - self.then[1], *self.then[2:]))


CONTINUATIONS: dict[str, Callable[..., None]] = {}
"""Every continuation a frame may name, by ``module:name``: a saved position names its frames this way."""


def continuation(function: Callable[..., None]) -> Callable[..., None]:
    """Register ``function`` as a continuation (:data:`CONTINUATIONS`); returns it unchanged."""
    CONTINUATIONS[f"{function.__module__}:{function.__qualname__}"] = function
    return function
