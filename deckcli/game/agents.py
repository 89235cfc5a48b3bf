"""Who decides: the two players' agents, and what each may see of the table.

An agent (a bot, a script, the automated opponent of Gwent Solo) is asked for every decision of its
player: the action of a turn (§7), each exchange at the start (§6), who starts when its Scoia'tael
player chooses (§3), and each choice an ability leaves (which unit a Medic brings back, the row of an
Agile unit it brings, the cards a Leader takes). It sees the game only through a :class:`PlayerView`:
its own hand and what lies face up on the table, never the opponent's hand nor either deck's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from deckcli.game.cards import HERO, HORN, MORALE
from deckcli.game.state import NO_HORN

if TYPE_CHECKING:
    import random

    from deckcli.game.actions import Action
    from deckcli.game.cards import GameCards
    from deckcli.game.state import Game

QUESTIONS = {
    "row": "the row an Agile unit enters when an ability plays it (options: row numbers)",
    "medic": "the non-Hero unit of the player's discard pile a Medic plays (§10)",
    "discard-to-hand": "the card a Leader takes from a discard pile into the hand (Bringer of Death, The Relentless)",
    "discard-from-hand": "a card of the hand Eredin: Destroyer of Worlds discards (asked twice)",
    "deck-to-hand": "the card of the deck Eredin: Destroyer of Worlds takes into the hand",
    "weather-from-deck": "the Weather Card of the deck Eredin: King of the Wild Hunt plays",
    "bond-from-deck": "the Tight Bond unit of the deck Arnjolf: The Patricide plays",
    "mardroeme-row": "the row Harald an Craite: The Cripple plays a Mardroeme on (options: row numbers)",
}
"""Every question an ability asks an agent, with what its options are (card instances unless said)."""


class EngineError(Exception):
    """An agent answered with something it was not offered: a bug in the agent, never the player's input."""


class PlayerView:
    """What player ``player`` sees of ``game``: everything face up, its own hand, the sizes of hidden zones.

    Card instances are numbers; ``cards`` tells what each is (:class:`deckcli.game.cards.GameCards`).
    A view never hands out an instance of the opponent's hand or of either deck, except the cards of
    the opponent's hand this player has been shown (``known_hand``) and its own deck as a set (a player
    knows what is left of the deck they built, not its order).
    """

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
        self._game = game
        self.player = player

    @property
    def cards(self) -> GameCards:
        return self._game.cards

    @property
    def opponent(self) -> int:
        return 1 - self.player

    @property
    def solo(self) -> bool:
        """Whether the opponent is Gwent Solo's automated opponent (§18): it has no hand, plays the top card of its
        deck on each of its turns, and takes one final turn after this player passes."""
        game = self._game
        return game.solo is not None and game.solo.seat == self.opponent

    @property
    def hand(self) -> list[int]:
        """The player's own hand (a copy)."""
        return self._game.hand[self.player][:]

    def hand_size(self, side: int) -> int:
        return len(self._game.hand[side])

    def deck_size(self, side: int) -> int:
        return len(self._game.deck[side])

    def own_deck(self) -> list[int]:
        """What is left in the player's deck, in instance order (which says nothing of the deck's order)."""
        return sorted(self._game.deck[self.player])

    def known_hand(self) -> list[int]:
        """The cards of the opponent's hand this player has seen (a Leader showed them, a Decoy took them back)."""
        return sorted(self._game.known[self.player])

    def opponent_unseen(self) -> list[int]:
        """The opponent's cards this player has not seen: their hand but the cards shown, and their deck, in
        instance order (which says nothing of which of them are in the hand, nor of the deck's order).

        This is what a player knows who knows the opponent's decklist (every card the opponent brought to the
        table is in :attr:`cards`): the decklist less every card seen on the table, in a discard pile, in the
        side deck or shown from the hand. The bots take the decklist as known (a starter deck's list is printed
        by the stars on its cards, §2; a deck brought to a club night is often shown); see docs/play.md. In
        Gwent Solo the automated opponent's decklist is its faction's whole set (§18), and its unseen cards are
        its deck and the cards under its Decoys (§19).
        """
        game = self._game
        known = game.known[self.player]
        other = 1 - self.player
        unseen = [card for card in game.hand[other] if card not in known] + game.deck[other]
        if game.solo is not None and other == game.solo.seat:
            unseen += game.solo.unseen()
        return sorted(unseen)

    def determinized(self, rng: random.Random, shuffled: bool = True) -> Game:
        """A game consistent with everything this player sees, what it cannot see made up from ``rng``.

        A copy of the game in which the opponent's unseen cards (:meth:`opponent_unseen`) are dealt at random
        to their hand (the cards shown stay in it) and their deck, this player's own deck is shuffled, and
        every later shuffle and random pick comes from ``rng``. It depends only on what this view shows and on
        ``rng``: a search may play it out without learning anything a player at the table would not know.
        With ``shuffled`` false the unseen cards are dealt in instance order instead (cheaper, for a what-if
        of a card whose effect does not depend on the order of the decks or on the opponent's hand). In Gwent
        Solo the automated opponent's unseen cards are dealt to its deck and under its Decoys, and its face-down
        Leaders shuffled (:meth:`deckcli.game.solo.Automaton.redeal`).
        """
        game = self._game
        other = 1 - self.player
        known = game.known[self.player]
        imagined = game.copy(rng)
        shown = sorted(card for card in game.hand[other] if card in known)
        pool = self.opponent_unseen()
        if shuffled:
            rng.shuffle(pool)
        hidden = len(game.hand[other]) - len(shown)
        imagined.hand[other] = shown + pool[:hidden]
        rest = pool[hidden:]
        if game.solo is not None and other == game.solo.seat:
            rest = imagined.solo.redeal(rest, rng, shuffled)
        imagined.deck[other] = rest
        own = sorted(game.deck[self.player])
        if shuffled:
            rng.shuffle(own)
        imagined.deck[self.player] = own
        return imagined

    def row(self, slot: int) -> list[int]:
        """The cards of row ``slot`` (``side * 3 + row``), in the order they lie."""
        return self._game.rows[slot][:]

    def row_values(self, slot: int) -> list[int]:
        return self._game.row_values(slot)

    def row_total(self, slot: int) -> int:
        return self._game.row_total(slot)

    def row_total_with(self, slot: int, card: int) -> int:
        """What row ``slot`` would total with ``card`` added (:meth:`deckcli.game.state.Game.row_total_with`)."""
        return self._game.row_total_with(slot, card)

    def gain_with(self, placements: list[tuple[int, int]]) -> int:
        """What the rows would gain with these cards added (:meth:`deckcli.game.state.Game.gain_with`)."""
        return self._game.gain_with(placements)

    def row_total_without(self, slot: int, cards: list[int]) -> int:
        """What row ``slot`` would total without ``cards`` (:meth:`deckcli.game.state.Game.row_total_without`)."""
        return self._game.row_total_without(slot, cards)

    def row_total_with_horn(self, slot: int) -> int:
        """What row ``slot`` would total under a Horn (:meth:`deckcli.game.state.Game.row_total_with_horn`)."""
        return self._game.row_total_with_horn(slot)

    def scores_under_weather(self, mask: int) -> tuple[int, int]:
        """Both sides' totals were the rows of ``mask`` the ones struck (:meth:`deckcli.game.state.Game.scores_under_weather`)."""
        return self._game.scores_under_weather(mask)

    def score(self, side: int) -> int:
        return self._game.score(side)

    def horn(self, slot: int) -> int:
        """The row's Horn zone: a Commander's Horn instance, ``LEADER_HORN`` or ``NO_HORN`` (:mod:`deckcli.game.state`)."""
        return self._game.horn[slot]

    def mardroeme(self, slot: int) -> list[int]:
        return self._game.mardroeme[slot][:]

    @property
    def weather(self) -> list[int]:
        return self._game.weather[:]

    @property
    def weather_mask(self) -> int:
        return self._game.weather_mask

    def discard(self, side: int) -> list[int]:
        return self._game.discard[side][:]

    def side_deck(self, side: int) -> list[int]:
        """The side deck, which lies beside the play area in view of both players (§2)."""
        return self._game.side[side][:]

    @property
    def gems(self) -> list[int]:
        return self._game.gems[:]

    @property
    def passed(self) -> list[bool]:
        return self._game.passed[:]

    @property
    def round(self) -> int:
        return self._game.round

    @property
    def round_winners(self) -> list[int | None]:
        return self._game.round_winners[:]

    @property
    def to_move(self) -> int:
        return self._game.to_move

    def faction(self, side: int) -> str:
        return self._game.faction[side]

    def leader(self, side: int) -> str | None:
        return self._game.leader[side]

    def strongest(self, slots: tuple[int, ...]) -> list[tuple[int, int]]:
        """The non-Hero units of ``slots`` a Scorch would destroy: the strongest, all of them on a tie
        (:meth:`deckcli.game.state.Game.strongest`), as ``(slot, card)``."""
        return self._game.strongest(slots)

    def row_is_plain(self, slot: int) -> bool:
        """Whether a card added to row ``slot`` would count just its printed Strength there: no Weather, Horn,
        Morale Boost or Agile bonus on the row, no Spy doubling (a Tight Bond card still needs its partners)."""
        game = self._game
        if game.weather_mask >> slot % 3 & 1 or game.horn[slot] != NO_HORN or game.agile_bonus[slot // 3]:
            return False
        if game.spy_factor != 1:
            return False
        ability, kind = game.cards.ability, game.cards.kind
        return not any(ability[c] & (HORN | MORALE) and kind[c] <= HERO for c in game.rows[slot])

    def leader_used(self, side: int) -> bool:
        return self._game.leader_used[side]

    def leader_live(self, side: int) -> bool:
        return self._game.leader_live[side]

    @property
    def halved(self) -> list[bool]:
        return self._game.halved[:]

    @property
    def spy_factor(self) -> int:
        return self._game.spy_factor

    @property
    def random_revive(self) -> bool:
        return self._game.random_revive


class Agent(Protocol):
    """A player's decision maker. Each method answers with one of what it is offered."""

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        """The action of this turn, one of ``actions`` (:func:`deckcli.game.rounds.legal_actions`)."""
        ...

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        """One of ``options`` for ``question`` (:data:`QUESTIONS`); ``card`` is the card asking, or -1."""
        ...

    def exchange(self, view: PlayerView) -> int | None:
        """A card of the hand to set aside and replace (§6), or ``None`` to keep the hand as it is."""
        ...

    def starter(self, view: PlayerView) -> int:
        """Who starts the game (0 or 1), asked of a Scoia'tael player (§3)."""
        ...


class Agents:
    """The two seats of one game: asks the right agent, through its player's view, and checks the answer."""

    __slots__ = ("seats",)

    def __init__(self, first: Agent, second: Agent) -> None:
        self.seats = (first, second)

    def act(self, game: Game, player: int, actions: list[Action]) -> Action:
        chosen = self.seats[player].act(PlayerView(game, player), actions)
        if chosen not in actions:
            raise EngineError(f"player {player}'s agent chose {chosen!r}, not one of its {len(actions)} actions")
        return chosen

    def choose(self, game: Game, player: int, question: str, options: list[int], card: int) -> int:
        chosen = self.seats[player].choose(PlayerView(game, player), question, options, card)
        if chosen not in options:
            raise EngineError(f"player {player}'s agent answered {chosen!r} to {question!r}, not one of {options!r}")
        return chosen

    def exchange(self, game: Game, player: int) -> int | None:
        chosen = self.seats[player].exchange(PlayerView(game, player))
        if chosen is not None and chosen not in game.hand[player]:
            raise EngineError(f"player {player}'s agent exchanged {chosen!r}, which is not in its hand")
        return chosen

    def starter(self, game: Game, player: int) -> int:
        chosen = self.seats[player].starter(PlayerView(game, player))
        if chosen not in (0, 1):
            raise EngineError(f"player {player}'s agent chose {chosen!r} to start")
        return chosen
