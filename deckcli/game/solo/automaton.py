"""Gwent Solo's automated opponent (rulebook §18–19): its set-up, its turns, and how it plays each card.

The automaton has no hand. On each of its turns it reveals the top card of its deck and plays it "as
effectively as possible" (§18), with the changes of §19. Its Leaders (§20, :mod:`deckcli.game.solo.leaders`)
come out only in the Leader variant, when a round is scored.

*Most effective* is measured one way everywhere: the option after which the automaton's total minus the
player's (its *margin*) is largest, counting what lies face up once the option has resolved (ongoing
effects, a Scorch, a transformation, the Agile moves it sets off) and nothing of what is still hidden in a
deck (the two cards after a Spy, the card a Muster finds, the card under a Decoy). Ties go to the row
with the most cards (§19's Horn rule, used for every row the automaton picks), then to Close Combat,
Ranged Combat, Siege in that order; among cards, to the one nearest the top of its pile or deck. While the
automaton weighs one option, a choice inside it takes the first option in that order, so that weighing stays
cheap; but a Medic's pick is weighed at every depth (§19, "the non-Hero unit that adds the most Strength"): a
Medic it could bring back is worth what its own recovery then adds, all the way down the chain.

Rulings where §18–19 are silent, decided as a player at the table would:

- It plays every card it reveals, even one that lowers its own total: it has no hand to keep a card in.
- Every Weather Card it plays on its turn gives it one more card (its own reveal, a Spy's two cards, the card
  a Muster finds); Clear Weather is a Weather Card (§12) and counts. A Weather Card that takes effect as the
  round is scored (the card under its Decoy, or one a Leader of the variant plays) changes the totals but gives
  no further card: both players have passed and the round is over (§9); §18's extra turn is for Weather it
  reveals on its turn.
- Spy: the two cards are revealed and played one after the other, each by these rules.
- Muster: the card found is played but does not muster in turn (else the rule would call the whole group
  one card at a time, which is what the Solo change prevents); the deck is shuffled even when nothing is found.
  At the table (``deckcli solo``) a shuffled deck's order is unknown: a board's listed deck gives the cards owed
  only until it is shuffled.
- Scorch: the Special Card, and Clan Dimun Pirate, whose Scorch follows the Special Card's rule (§21),
  discard the strongest non-Hero units of the player's side only. A row-limited Scorch on a unit keeps its
  own rule (the player's row facing it, at 10 Strength or more, §10).
- A Commander's Horn with no free Horn zone on its side is discarded without effect.
- Decoy: in §18–20 "the opponent" is always the automaton, so the card put under the Decoy is the top card
  of the automaton's own deck; when the round ends, before the score, that card is played by these rules,
  and the Decoy goes to the automaton's discard pile.
- Agile: the move is free and may come "during the opponent's turn", so it is made as soon as a card
  changes the rows, whoever played it: after every card, each of the automaton's Agile units (Heroes too:
  the move is their own ability) that would raise its margin in its other row moves there, the best move
  first, until no move would.
- Medic: under Emhyr var Emreis: Invader of the North (either side's), the unit is picked at random, as
  his text says "for both players".
- Its deck empty, the automaton passes for the rest of the round.
- Scoia'tael (§19): a player of Scoia'tael starts the first round and each round after one they won; the
  automaton starts every other round, a tied one's next included.
- Without the Leader variant its Leaders stay face down for the whole game.

The player is seat 0 and the automaton seat 1 (:data:`SEAT`) in every game this module builds. The mode of such a
game is a :class:`Solo` (:mod:`deckcli.game.modes`): the engine plays the player's turns as in any game and asks it
for the automaton's, whose choices are its rules', never decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.game.abilities import place_returned
from deckcli.game.agents import EngineError
from deckcli.game.cards import GameDeck
from deckcli.game.modes import NORTHERN_REALMS, SCOIATAEL
from deckcli.game.rounds import deal_and_exchange, end_round
from deckcli.game.seating import TWO_PLAYERS
from deckcli.game.solo.card_play import (
    SEAT, AutomatonState, best, decoys_discarded, medic_recovery, move_agile, muster_found, play_owed,
    play_under_decoys, player_slots, reset_passives, row_order,
)
from deckcli.game.state import LOG_FORMAT_VERSION

if TYPE_CHECKING:
    import random
    from typing import Any

    from deckcli.catalog.model import Card, Catalog
    from deckcli.game.actions import Action
    from deckcli.game.agents import Agent, Agents, PlayerView
    from deckcli.game.cards import GameCards
    from deckcli.game.seating import Seating
    from deckcli.game.state import Game


class Solo(AutomatonState):
    """Gwent Solo (§18–20): the mode of a game against the automated opponent: its set-up, its turns, and the hooks
    by which the engine hands it its choices (the state it keeps: :class:`~deckcli.game.solo.card_play.AutomatonState`).
    """

    name = "solo"

    __slots__ = ()

    def seating(self, factions: list[str]) -> Seating:
        """The player in seat 0, the automaton in seat 1."""
        if len(factions) != 2:
            raise ValueError(f"Gwent Solo seats a player and the automated opponent, not {len(factions)} decks")
        return TWO_PLAYERS

    def scorch_slots(self, game: Game, player: int) -> tuple[int, ...]:
        """§19: the automaton's Scorch "affects only your side of the battlefield"; the player's, every row."""
        if player == self.automaton:
            return player_slots(game)
        return tuple(range(len(game.rows)))

    def held(self) -> list[int]:
        """The card instances the automaton holds off the battlefield: its Decoys and the cards under them."""
        return [card for pair in self.decoys for card in pair if card >= 0]

    def unseen(self, player: int) -> list[int]:
        """The cards under its Decoys: face down, seen by nobody until the round ends (§19)."""
        if player != self.automaton:
            return []
        return [under for _, under in self.decoys if under >= 0]

    def redeal(self, pool: list[int], rng: random.Random, shuffled: bool = True) -> list[int]:
        """What the player cannot see dealt again, for a game imagined from the player's view
        (:meth:`deckcli.game.agents.PlayerView.determinized`): the cards under its Decoys taken from the front of
        ``pool`` (its unseen cards, already dealt at random), its face-down Leaders shuffled by ``rng`` (in name
        order when ``shuffled`` is false); returns the rest of ``pool``, its deck. Only the Leaders it has
        revealed and the Decoys themselves are face up (§18, §19)."""
        taken = 0
        for pair in self.decoys:
            if pair[1] >= 0:
                pair[1] = pool[taken]
                taken += 1
        self.leaders.sort()
        if shuffled:
            rng.shuffle(self.leaders)
        return pool[taken:]

    def choose_row(self, game: Game, card: int) -> int:
        """The row of an Agile unit put on its side without being played (Skellige's recovery, §3): the best."""
        rows = row_order(game, self.automaton, game.cards.rows[card])
        return best(game, rows, lambda trial, row: place_returned(trial, self.automaton, card, row))[0]

    def medic(self, game: Game) -> None:
        """Medic (§19): the non-Hero unit of its discard pile that adds the most Strength, Tight Bond, weather and
        Horns counted; at random under Invader of the North."""
        self.owed += medic_recovery(game)

    def muster(self, game: Game, card: int) -> None:
        """Muster (§19): the first card of its group found from the top of its deck, played; the deck shuffled."""
        self.owed += muster_found(game, card)

    def set_up(self, game: Game) -> bool:
        """Set-up (§18): the automaton starts (the player, when the player is Scoia'tael, §19); the player draws
        and exchanges as in a standard game (§6); then the automaton's first turn when it starts."""
        player = 1 - self.automaton
        game.starter = player if game.faction[player] == SCOIATAEL else self.automaton
        game.emit("start", game.starter, format_version=LOG_FORMAT_VERSION, chosen_by=None)
        deal_and_exchange(game, (player,))
        return True

    def automaton_turn(self, game: Game) -> None:
        """One turn of the automaton (§18): it reveals and plays the top card of its deck (two on the first turn
        after a round it won as Northern Realms), and more as its cards say (Weather, Spy); with its deck empty it
        passes. After the player has passed this is its final turn: then the round ends."""
        seat = self.automaton
        player = 1 - seat
        owed = 2 if self.extra_card else 1
        self.extra_card = False
        if game.deck[seat] and not game.passed[seat]:
            play_owed(game, owed)
        elif not game.passed[seat]:
            game.passed[seat] = True
            game.emit("pass", seat)
        if game.passed[player]:
            if not game.passed[seat]:
                game.passed[seat] = True
                game.emit("pass", seat)
            game.frames.append((end_round,))
        else:
            game.to_move = player

    def after_turn(self, game: Game, player: int) -> None:
        """The player played a card: the automaton's Agile units move if it made another row better (§19)."""
        if player != self.automaton and not game.passed[player]:
            move_agile(game)

    def round_ending(self, game: Game) -> None:
        """Both players have passed: the cards under its Decoys are played (§19), then in the Leader variant, if the
        player's total is the higher, its top Leader is revealed and resolved (§18), then the Decoys discarded. A
        Decoy it plays while the round ends has its card played at once: the round is ending. A Weather Card played
        now gives it no further card (§9: the round is over)."""
        self.scoring = True
        play_under_decoys(game)
        game.frames.append((decoys_discarded,))
        player = 1 - self.automaton
        if self.leader_variant and self.leaders and game.score(player) > game.score(self.automaton):
            from deckcli.game.solo.leaders import resolve_leader

            name = self.leaders.pop()
            self.revealed.append(name)
            resolve_leader(game, name)

    def round_started(self, game: Game, winner: int | None) -> None:
        """A new round: it starts it, unless the player controls Scoia'tael and won the last (§19); after a round
        it won as Northern Realms it plays two cards on its first turn (§19). What a Leader revealed at the last
        score set for the scoring (Weather halved, Agile units raised, Spies doubled) ends with that round."""
        player = 1 - self.automaton
        game.starter = game.to_move = player if game.faction[player] == SCOIATAEL and winner == player else self.automaton
        self.extra_card = game.faction[self.automaton] == NORTHERN_REALMS and winner == self.automaton
        if self.revealed:
            reset_passives(game)

    def draws_for_winning(self, player: int) -> bool:
        """§19: the automaton does not draw for a won round as Northern Realms; it plays a second card instead."""
        return player != self.automaton


Automaton = Solo
"""The automated opponent: the Solo mode holds it."""


# Set-up (§18) --------------------------------------------------------------------------------------------


def faction_cards(catalog: Catalog, faction: str) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Every card of ``faction``'s set (a slug) by copy: ``(deck, side deck, Leaders)``; the deck holds every
    card that is neither a Leader nor a side-deck card (§18: "combine every card in each faction").

    Raises ``KeyError`` for a faction the catalog does not know."""
    found = catalog.factions[faction]
    deck: list[Card] = []
    side: list[Card] = []
    leaders: list[Card] = []
    for name, copies in found.copies.items():
        card = catalog.cards[name]
        zone = leaders if card.is_leader else side if card.side_deck else deck
        zone.extend([card] * copies)
    return tuple(deck), tuple(side), tuple(leaders)


def solo_player_deck(deck: GameDeck) -> GameDeck:
    """The player's deck for Gwent Solo: every Weather Card but Clear Weather taken out (§18)."""
    return deck._replace(cards=tuple(card for card in deck.cards if not card.is_weather or "clear" in card.abilities))


def automaton_deck(catalog: Catalog, faction: str) -> GameDeck:
    """The automaton's deck (§18): every card of ``faction``'s set (a slug), its side deck apart, no Leader (its
    Leaders are a pile of their own). Raises ``KeyError`` for a faction the catalog does not know."""
    cards, side, _ = faction_cards(catalog, faction)
    return GameDeck(faction, None, cards, side)


def solo_decks(player_deck: GameDeck, solo_faction: str, catalog: Catalog) -> tuple[GameDeck, GameDeck]:
    """The two decks of a Solo game: the player's without Weather but Clear Weather, and the automaton's
    (:func:`automaton_deck`). ``card_table`` of this pair serves every game of the same match-up."""
    return solo_player_deck(player_deck), automaton_deck(catalog, solo_faction)


def new_solo_game(player_deck: GameDeck, solo_faction: str, seed: int, *, leader_variant: bool = False,
                  catalog: Catalog | None = None, log: list[dict[str, Any]] | None = None, game_id: int = 0,
                  table: GameCards | None = None) -> Game:
    """A Gwent Solo game (§18), not yet dealt: the player (seat 0) with ``player_deck`` (its Weather Cards
    but Clear Weather left out), the automaton (seat 1) with every card of ``solo_faction``'s set (a slug),
    its Leaders shuffled face down, everything shuffled from ``seed``. ``leader_variant`` turns on the
    Leader variant. ``table`` is :func:`deckcli.game.rounds.card_table` of :func:`solo_decks`, when the
    caller has it (a run of many games). Play it as any game (:func:`deckcli.game.agents.play_game`), the
    player's agent in seat 0 (:func:`solo_agents`).

    Raises ``KeyError`` for a faction the catalog does not know."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.rounds import new_game

    catalog = catalog if catalog is not None else default_catalog()
    decks = solo_decks(player_deck, solo_faction, catalog)
    solo = Solo(leader_variant=leader_variant)
    game = new_game(decks, seed, mode=solo, log=log, game_id=game_id, table=table)
    leaders = [card.name for card in faction_cards(catalog, solo_faction)[2]]
    game.rng.shuffle(leaders)
    solo.leaders = leaders
    return game


class Unasked:
    """An agent that is never asked anything: the automaton's seat (it decides by the Solo rules), or the
    player's where deckcli only reports what the automaton does. Any question is an :class:`EngineError`."""

    name = "unasked"

    def __init__(self, why: str = "the automated opponent decides by the Solo rules, not through an agent") -> None:
        self.why = why

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        raise EngineError(f"asked for a turn: {self.why}")

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        raise EngineError(f"asked {question!r}: {self.why}")

    def exchange(self, view: PlayerView) -> int | None:
        raise EngineError(f"asked for an exchange: {self.why}")

    def starter(self, view: PlayerView) -> int:
        raise EngineError(f"asked who starts: {self.why}")


def solo_agents(player_agent: Agent) -> Agents:
    """The seats of a Solo game: ``player_agent`` in seat 0, an :class:`Unasked` agent in seat 1."""
    from deckcli.game.agents import Agents

    return Agents(player_agent, Unasked())
