"""Who decides: the players' agents, what each may see of the table, and a game played by them.

An agent (a bot, a script, a player at the table) answers every decision of its player
(:class:`deckcli.game.actions.Decision`): the action of a turn (§7), each exchange at the start (§6), who starts
when its Scoia'tael player chooses (§3), and each choice an ability leaves (which unit a Medic brings back, the
row of an Agile unit it brings, the opponent a Spy goes to, the cards a Leader takes). It sees the game only
through a :class:`PlayerView`: its own hand (and in two versus two its teammate's, §17) and what lies face up on
the table, never an opponent's hand nor any deck's order. Gwent Solo's automated opponent is no agent: it plays
by its rules (§18–20).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from deckcli.game.actions import KEEP, QUESTIONS
from deckcli.game.cards import HERO, HORN, MORALE
from deckcli.game.rounds import advance, apply_action, end_turn, run_frames, take, take_turn, turn_decision
from deckcli.game.state import NO_HORN

if TYPE_CHECKING:
    import random
    from typing import Any

    from deckcli.game.actions import Action, Decision
    from deckcli.game.cards import GameCards
    from deckcli.game.state import Game

class EngineError(Exception):
    """An agent answered with something it was not offered: a bug in the agent, never the player's input."""


class PlayerView:
    """What player ``player`` sees of ``game``: everything face up, its own hand (and a teammate's, §17), the sizes
    of hidden zones.

    Card instances are numbers; ``cards`` tells what each is (:class:`deckcli.game.cards.GameCards`). A view never
    hands out an instance of an opponent's hand or of a deck, except the cards of an opponent's hand this player has
    been shown (``known_hand``) and its own deck (and its teammate's) as a set: a player knows what is left of the
    deck they built, not its order.
    """

    __slots__ = ("_game", "player")

    def __init__(self, game: Game, player: int) -> None:
        self._game = game
        self.player = player

    @property
    def cards(self) -> GameCards:
        return self._game.cards

    @property
    def mode(self) -> str:
        """The mode's name: ``standard``, ``solo``, ``ffa`` or ``teams`` (:mod:`deckcli.game.modes`)."""
        return self._game.mode.name

    @property
    def players(self) -> int:
        """The players at the table (2 in the two-player game and Gwent Solo)."""
        return self._game.players

    @property
    def sides(self) -> int:
        return self._game.sides

    @property
    def side(self) -> int:
        """The player's own side (a team's shared one, §17)."""
        return self._game.side_of[self.player]

    def side_of(self, player: int) -> int:
        return self._game.side_of[player]

    def opposing_sides(self) -> tuple[int, ...]:
        """The sides opposing the player: the other one in the two-player game, every other in Free For All."""
        return self._game.opponents[self.player]

    @property
    def foes(self) -> tuple[int, ...]:
        """The players opposing this player."""
        return self._game.foes[self.player]

    @property
    def opponent(self) -> int:
        """The one opposing player of a two-player game (and Gwent Solo); -1 at a table of several."""
        foes = self._game.foes[self.player]
        return foes[0] if len(foes) == 1 else -1

    @property
    def teammate(self) -> int:
        """Two versus two: the teammate (-1: none)."""
        return self._game.seating.teammate[self.player]

    @property
    def solo(self) -> bool:
        """Whether the opponent is Gwent Solo's automated opponent (§18): it has no hand, plays the top card of its
        deck on each of its turns, and takes one final turn after this player passes."""
        automaton = self._game.mode.automaton
        return automaton >= 0 and automaton != self.player

    @property
    def hand(self) -> list[int]:
        """The player's own hand (a copy)."""
        return self._game.hand[self.player][:]

    def teammate_hand(self) -> list[int]:
        """§17: the teammate's hand, which a player may look at (empty without a teammate)."""
        mate = self.teammate
        return self._game.hand[mate][:] if mate >= 0 else []

    def hand_size(self, player: int) -> int:
        return len(self._game.hand[player])

    def deck_size(self, player: int) -> int:
        return len(self._game.deck[player])

    def own_deck(self) -> list[int]:
        """What is left in the player's deck, in instance order (which says nothing of the deck's order)."""
        return sorted(self._game.deck[self.player])

    def known_hand(self, foe: int = -1) -> list[int]:
        """The cards of an opponent's hand (``foe``; default: the one opponent) this player has seen (a Leader
        showed them, a Decoy took them back)."""
        game = self._game
        held = game.hand[foe if foe >= 0 else self.opponent]
        return sorted(card for card in held if card in game.known[self.player])

    def unseen(self, foe: int) -> list[int]:
        """Player ``foe``'s cards this player has not seen: their hand but the cards shown, their deck, and what
        the mode holds of theirs face down, in instance order (which says nothing of which of them are in the hand,
        nor of the deck's order).

        This is what a player knows who knows the opponent's decklist (every card the opponent brought to the
        table is in :attr:`cards`): the decklist less every card seen on the table, in a discard pile, in the side
        deck or shown from the hand. The bots take the decklist as known (a starter deck's list is printed by the
        stars on its cards, §2; a deck brought to a club night is often shown); see docs/play.md. In Gwent Solo the
        automated opponent's decklist is its faction's whole set (§18), and its unseen cards are its deck and the
        cards under its Decoys (§19).
        """
        game = self._game
        known = game.known[self.player]
        unseen = [card for card in game.hand[foe] if card not in known] + game.deck[foe]
        if foe == game.mode.automaton:
            unseen += game.mode.unseen(foe)
        unseen.sort()
        return unseen

    def opponent_unseen(self) -> list[int]:
        """:meth:`unseen` of the one opponent (a two-player game)."""
        return self.unseen(self.opponent)

    def determinized(self, rng: random.Random, shuffled: bool = True) -> Game:
        """A game consistent with everything this player sees, what it cannot see made up from ``rng``.

        A copy of the game in which each opponent's unseen cards (:meth:`unseen`) are dealt at random to their hand
        (the cards shown stay in it) and their deck, this player's own deck (and a teammate's) is shuffled, and
        every later shuffle and random pick comes from ``rng``. It depends only on what this view shows and on
        ``rng``: a search may play it out without learning anything a player at the table would not know. With
        ``shuffled`` false the unseen cards are dealt in instance order instead (cheaper, for a what-if of a card
        whose effect does not depend on the order of the decks or on the opponents' hands). In Gwent Solo the
        automated opponent's unseen cards are dealt to its deck and under its Decoys, and its face-down Leaders
        shuffled (:meth:`deckcli.game.solo.automaton.Solo.redeal`).
        """
        game = self._game
        known = game.known[self.player]
        imagined = game.copy(rng)
        for foe in game.foes[self.player]:
            shown = sorted(card for card in game.hand[foe] if card in known)
            pool = self.unseen(foe)
            if shuffled:
                rng.shuffle(pool)
            hidden = len(game.hand[foe]) - len(shown)
            imagined.hand[foe] = shown + pool[:hidden]
            rest = pool[hidden:]
            if foe == game.mode.automaton:
                rest = imagined.mode.redeal(rest, rng, shuffled)
            imagined.deck[foe] = rest
        for own in (self.player, self.teammate):
            if own < 0:
                continue
            deck = sorted(game.deck[own])
            if shuffled:
                rng.shuffle(deck)
            imagined.deck[own] = deck
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

    def scores_under_weather(self, mask: int) -> list[int]:
        """Every side's total were the rows of ``mask`` the ones struck (:meth:`deckcli.game.state.Game.scores_under_weather`)."""
        return self._game.scores_under_weather(mask)

    def score(self, side: int) -> int:
        return self._game.score(side)

    def scores(self) -> list[int]:
        """Every side's total, in side order."""
        return self._game.scores()

    @property
    def points(self) -> list[int]:
        """Free For All: each player's points so far (§16)."""
        return self._game.points[:]

    def horn(self, slot: int) -> int:
        """The row's Horn zone: a Commander's Horn instance, a Leader's (``LEADER_HORN - player``) or ``NO_HORN`` (:mod:`deckcli.game.state`)."""
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
        return self._game.side_deck[side][:]

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

    def faction(self, player: int) -> str:
        return self._game.faction[player]

    def leader(self, player: int) -> str | None:
        return self._game.leader[player]

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

    def leader_used(self, player: int) -> bool:
        return self._game.leader_used[player]

    def leader_live(self, player: int) -> bool:
        return self._game.leader_live[player]

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
        """The action of this turn, one of ``actions`` (:func:`deckcli.game.rounds.turn_actions`)."""
        ...

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        """One of ``options`` for ``question`` (:data:`deckcli.game.actions.QUESTIONS`); ``card`` is the card
        asking, or -1."""
        ...

    def exchange(self, view: PlayerView) -> int | None:
        """A card of the hand to set aside and replace (§6), or ``None`` to keep the hand as it is."""
        ...

    def starter(self, view: PlayerView) -> int:
        """Who starts the game (a player), asked of a Scoia'tael player (§3)."""
        ...


class Agents:
    """Every seat of one game (``seats``, one agent per player): asks the right agent, through its player's view,
    and checks the answer."""

    __slots__ = ("seats",)

    def __init__(self, *seats: Agent) -> None:
        self.seats = seats

    def answer(self, game: Game, decision: Decision) -> Any:
        """The answer of ``decision.player``'s agent to ``decision``. Raises :class:`EngineError` when it is not one
        of the options."""
        player, question, options = decision.player, decision.question, decision.options
        seat = self.seats[player]
        view = PlayerView(game, player)
        if question == "act":
            chosen: Any = seat.act(view, options)
        elif question == "exchange":
            card = seat.exchange(view)
            chosen = KEEP if card is None else card
        elif question == "starter":
            chosen = seat.starter(view)
        else:
            chosen = seat.choose(view, question, options, decision.card)
        if chosen not in options:
            raise EngineError(f"player {player}'s agent answered {chosen!r} to {question!r}, not one of its "
                              f"{len(options)} options")
        return chosen

    def act(self, game: Game, player: int, actions: list[Action]) -> Action:
        """``player``'s action of a turn among ``actions``, checked."""
        chosen = self.seats[player].act(PlayerView(game, player), actions)
        if chosen not in actions:
            raise EngineError(f"player {player}'s agent chose {chosen!r}, not one of its {len(actions)} actions")
        return chosen


def settle(game: Game, agents: Agents) -> None:
    """Run ``game`` to the next turn's decision (or its end), ``agents`` answering every decision on the way that is
    not a turn's (the exchanges, who starts, the choices inside a move)."""
    advance(game)
    while game.decision is not None and game.decision.question != "act":
        apply_action(game, agents.answer(game, game.decision))


def start_game(game: Game, agents: Agents) -> None:
    """Set-up (§6) of a new game, ``agents`` answering its decisions, up to the first turn."""
    settle(game, agents)


def step(game: Game, action: Action, agents: Agents) -> None:
    """The player to move takes ``action`` (§7); ``agents`` answer the choices it leaves, up to the next turn."""
    decision = game.decision
    if decision is not None and decision.question == "act":  # every turn of every game: the short way
        game.decision = None
        player = decision.player
        take_turn(game, player, action)
        if not game.frames and game.decision is None:  # the move resolved at once
            end_turn(game, player)
            if not game.frames and game.to_move != game.mode.automaton:  # the next turn, at once
                game.decision = turn_decision(game, game.to_move)
                return
    else:
        take(game, action)
    advance(game)
    decision = game.decision
    while decision is not None and decision.question != "act":
        take(game, agents.answer(game, decision))
        advance(game)
        decision = game.decision


def resolve(game: Game, agents: Agents, depth: int = 0) -> None:
    """What a card just played still has to do (the frames above ``depth``) resolved, ``agents`` answering the
    choices it leaves; no turn begins."""
    run_frames(game, depth)
    while game.decision is not None:
        take(game, agents.answer(game, game.decision))
        run_frames(game, depth)


def resolve_move(game: Game, action: Action, agents: Agents) -> None:
    """The player to move takes ``action`` and what it does resolves (``agents`` answering the choices it leaves),
    but its turn is not yet over: nobody else moves (a what-if of one move)."""
    decision = game.decision
    if decision is None or decision.question != "act":
        raise ValueError("a move is made on a turn's decision")
    game.decision = None
    depth = len(game.frames)
    take_turn(game, decision.player, action)
    resolve(game, agents, depth)


def play_game(game: Game, agents: Agents) -> int | None:
    """Play ``game`` to its end with ``agents`` answering every decision; return the winning side (in the
    two-player game, the winning player) or ``None`` for a draw (:func:`deckcli.game.rounds.returns` gives each
    player's result)."""
    advance(game)
    while not game.over:
        decision = game.decision
        assert decision is not None
        apply_action(game, agents.answer(game, decision))
    return game.winner
