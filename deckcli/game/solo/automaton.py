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

from typing import TYPE_CHECKING, NamedTuple

from deckcli.game.abilities import (
    discard_from_battlefield, place_returned, play_card, play_unit, resolve,
)
from deckcli.game.actions import continuation
from deckcli.game.agents import EngineError
from deckcli.game.cards import (
    ROW_NAMES,
    AGILE, CLEAR, CLOSE, DECOY, HERO, HORN, MARDROEME, RANGED, ROW_CODES, SCORCH, SIEGE, SPECIAL, SPY, UNIT, WEATHER,
    GameDeck,
)
from deckcli.game.modes import NORTHERN_REALMS, SCOIATAEL
from deckcli.game.rounds import deal_and_exchange, end_round, run_frames
from deckcli.game.seating import TWO_PLAYERS
from deckcli.game.state import LOG_FORMAT_VERSION, NO_HORN, Mode

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Sequence
    from typing import Any, TypeVar

    from deckcli.catalog.model import Card, Catalog
    from deckcli.game.actions import Action
    from deckcli.game.agents import Agent, Agents, PlayerView
    from deckcli.game.cards import GameCards
    from deckcli.game.seating import Seating
    from deckcli.game.state import Game

    Option = TypeVar("Option")

SEAT = 1
"""The automaton's seat; the player's is ``1 - SEAT``."""
KNOWN, INSTRUCTING, EVALUATING = 0, 1, 2
"""How the automaton meets a step that needs a hidden card: it takes it from its deck (a game the engine
plays whole), tells the player what to do (``deckcli solo``, where its deck is not known), or skips it (while
it weighs an option)."""
MAX_DEPTH = 1
"""Options weighed inside the weighing of another: none (the first in the tie order is taken)."""


class Instruction(NamedTuple):
    """A step the player takes at the table for the automaton, when its deck is not known to deckcli.

    ``action`` is ``reveal`` (``number`` cards from the top of its deck, each played as a revealed card),
    ``search`` (its deck searched for the first of ``cards``, in that order), ``under-decoy`` (its top card
    put under the Decoy unseen), ``random`` (one of ``cards`` picked at random and played), ``discard`` (a
    card of the player's hand discarded), ``shuffle`` (discard piles shuffled back into the decks) or ``score``
    (the round is scored now: after a Leader of the variant, or after its final turn once the player has
    passed); ``text`` says it in a sentence.
    """

    action: str
    number: int
    cards: tuple[str, ...]
    text: str


class Solo(Mode):
    """Gwent Solo (§18–20): the mode of a game against the automated opponent, which holds its state.

    ``leaders`` is its face-down Leader pile (the top card last), ``revealed`` the Leaders turned so far;
    ``leader_variant`` whether a round the player would win reveals one (§18). ``decoys`` holds each Decoy it
    has played this round with the instance of the card under it (-1: none). ``extra_card``: it plays two cards
    on its next turn (Northern Realms, §19). ``scoring``: the round is being scored (both players have passed), so
    a Weather Card gives it no further card (§9). ``owed``: the cards it owes from its deck for what it is playing
    now (a Spy's two, §19). ``knowing`` is :data:`KNOWN`, :data:`INSTRUCTING` or :data:`EVALUATING`; ``pool`` the
    cards its deck may hold, one per copy (for the instructions of ``INSTRUCTING``). ``at_table``: deckcli reports
    to a player at the table (``deckcli solo``), who makes the random picks and their own choices there;
    ``instructions`` is then what the player must do, in order.
    """

    name = "solo"

    __slots__ = ("automaton", "leaders", "revealed", "leader_variant", "decoys", "extra_card", "knowing", "depth",
                 "pool", "at_table", "instructions", "scoring", "owed")

    def __init__(self, leaders: Sequence[str] = (), *, leader_variant: bool = False, deck_known: bool = True,
                 pool: tuple[Card, ...] = (), at_table: bool = False) -> None:
        self.automaton = SEAT
        self.leaders = list(leaders)
        self.revealed: list[str] = []
        self.leader_variant = leader_variant
        self.decoys: list[list[int]] = []
        self.extra_card = False
        self.knowing = KNOWN if deck_known else INSTRUCTING
        self.depth = 0
        self.pool = pool
        self.at_table = at_table
        self.instructions: list[Instruction] = []
        self.scoring = False
        self.owed = 0

    @property
    def seat(self) -> int:
        return self.automaton

    def copy(self) -> Solo:
        other = Solo.__new__(Solo)
        other.automaton = self.automaton
        other.leaders = self.leaders[:]
        other.revealed = self.revealed[:]
        other.leader_variant = self.leader_variant
        other.decoys = [pair[:] for pair in self.decoys]
        other.extra_card = self.extra_card
        other.knowing = self.knowing
        other.depth = self.depth
        other.pool = self.pool
        other.at_table = self.at_table
        other.instructions = self.instructions[:]
        other.scoring = self.scoring
        other.owed = self.owed
        return other

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

    def owe(self, cards: int) -> None:
        self.owed += cards

    def instruct(self, action: str, text: str, *, number: int = 1, cards: Sequence[str] = ()) -> None:
        """Tell the player at the table a step to take for the automaton (never while it weighs an option)."""
        if self.at_table and self.knowing != EVALUATING:
            self.instructions.append(Instruction(action, number, tuple(cards), text))

    def choose_row(self, game: Game, card: int) -> int:
        """The row of an Agile unit put on its side without being played (Skellige's recovery, §3): the best."""
        rows = row_order(game, self.automaton, game.cards.rows[card])
        return best(game, rows, lambda trial, row: place_returned(trial, self.automaton, card, row))[0]

    def medic(self, game: Game) -> None:
        """Medic (§19): the non-Hero unit of its discard pile that adds the most Strength, Tight Bond, weather and
        Horns counted; at random under Invader of the North."""
        self.owed += _medic(game)

    def muster(self, game: Game, card: int) -> None:
        """Muster (§19): the first card of its group found from the top of its deck, played; the deck shuffled."""
        self.owed += _muster(game, card)

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
        self.play_under_decoys(game)
        game.frames.append((_decoys_discarded,))
        player = 1 - self.automaton
        if self.leader_variant and self.leaders and game.score(player) > game.score(self.automaton):
            from deckcli.game.solo.leaders import resolve_leader

            name = self.leaders.pop()
            self.revealed.append(name)
            resolve_leader(game, name)

    def play_under_decoys(self, game: Game) -> None:
        """Every card under its Decoys played, as the round ends (those under a Decoy played now too)."""
        waiting = [pair for pair in self.decoys if pair[1] >= 0]
        while waiting:
            for pair in waiting:
                under, pair[1] = pair[1], -1
                play_card_owed(game, under, "the card under its Decoy, played as the round ends")
            waiting = [pair for pair in self.decoys if pair[1] >= 0]

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


def solo_of(game: Game) -> Solo:
    """``game``'s Solo mode; raises ``ValueError`` when ``game`` is not a game of Gwent Solo."""
    mode = game.mode
    if not isinstance(mode, Solo):
        raise ValueError("not a game of Gwent Solo")
    return mode


@continuation
def _decoys_discarded(game: Game) -> None:
    solo = solo_of(game)
    solo.play_under_decoys(game)
    for decoy, _ in solo.decoys:
        game.discard[solo.automaton].append(decoy)
    solo.decoys = []
    solo.scoring = False


def reset_passives(game: Game) -> None:
    """Every Passive effect set again from the Leaders that hold now (:func:`deckcli.game.leaders.apply_passives`)."""
    from deckcli.game.leaders import apply_passives

    game.spy_factor = 1
    game.halved = [False, False]
    game.random_revive = False
    game.agile_bonus = [0, 0]
    apply_passives(game)
    game.dirty = 0b111111


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


# Playing its cards (§18, §19) -----------------------------------------------------------------------------


def shuffle_deck(game: Game) -> None:
    """The automaton's deck shuffled (Muster, a Leader that searches it, §19–20). Reported to a player at the table
    (``deckcli solo``), its order is no longer known once shuffled: the cards it owes after that are told, not taken
    from the order the board listed."""
    solo = solo_of(game)
    game.rng.shuffle(game.deck[solo.automaton])
    if solo.at_table and solo.knowing == KNOWN:
        solo.knowing = INSTRUCTING


def unseen_kinds(game: Game, wanted: Callable[[Card], bool]) -> list[Card]:
    """One card per name of the automaton's pool that ``wanted`` accepts and that its deck may still hold: a copy
    its set prints lies neither on its rows nor in its discard pile."""
    from collections import Counter

    solo = solo_of(game)
    seat = solo.automaton
    shown = Counter(game.cards.name[c] for slot in range(seat * 3, seat * 3 + 3) for c in game.rows[slot])
    shown.update(game.cards.name[c] for c in game.discard[seat])
    left = Counter(card.name for card in solo.pool) - shown
    found: dict[str, Card] = {}
    for card in solo.pool:
        if wanted(card) and left[card.name] > 0:
            found.setdefault(card.name, card)
    return list(found.values())


def play_owed(game: Game, owed: int) -> None:
    """The automaton reveals and plays ``owed`` cards from the top of its deck, each by :func:`play_revealed`,
    each adding what it owes in turn (a Weather Card one, a Spy two)."""
    solo = solo_of(game)
    deck = game.deck[solo.automaton]
    while owed > 0:
        if solo.knowing != KNOWN:
            solo.instruct("reveal", reveal_text(owed), number=owed)
            return
        if not deck:
            return
        owed += play_revealed(game, deck.pop()) - 1
        move_agile(game)


def reveal_text(owed: int) -> str:
    """What the player does at the table for the ``owed`` cards its deck gives now (an :class:`Instruction`'s text)."""
    noun = "card" if owed == 1 else f"{owed} cards"
    return f"reveal the next {noun} of its deck and play {'it' if owed == 1 else 'them'} (deckcli solo BOARD --reveal CARD)"


def play_card_owed(game: Game, card: int, why: str | None = None) -> None:
    """``card`` played as a revealed card (:func:`play_revealed`), then the Agile moves, then what it owes."""
    mark = _mark(game)
    owed = play_revealed(game, card)
    if why is not None:
        note(game, mark, why, first=True)
    move_agile(game)
    play_owed(game, owed)


def play_revealed(game: Game, card: int) -> int:
    """The automaton plays ``card`` (out of every zone) as effectively as possible (§18, §19); returns the cards
    it owes now from its deck: one after a Weather Card (none while the round is scored, §9), two after a Spy (a
    unit its Medic brings back counted)."""
    cards = game.cards
    kind, bits = cards.kind[card], cards.ability[card]
    solo = solo_of(game)
    seat = solo.automaton
    if kind == WEATHER:
        mark = _mark(game)
        play_card(game, seat, card, -1, -1)
        cleared = "it clears the weather; " if bits & CLEAR else ""
        if solo.scoring:
            note(game, mark, f"{cleared}a Weather Card as the round is scored: it changes the totals, but both "
                 "players have passed: no further card (§9)")
            return 0
        note(game, mark, f"{cleared}a Weather Card: it plays one more card")
        return 1
    if kind == SPECIAL:
        if bits & DECOY:
            _decoy(game, card)
        elif bits & SCORCH:
            _scorch_special(game, card)
        elif bits & HORN:
            _horn(game, card)
        elif bits & MARDROEME:
            _mardroeme(game, card)
        else:
            play_card(game, seat, card, -1, -1)
        return 0
    row, why = unit_row(game, card)
    return play_unit_now(game, card, row, why=why)


def unit_row(game: Game, card: int, *, chain: bool = False) -> tuple[int, str | None]:
    """The row the automaton plays a unit into: its only row, or for an Agile unit the best (§18); with the
    reason when the game keeps a log. ``chain``: weighed even inside another weighing (a unit a Medic brings
    back, :func:`best`)."""
    rows = game.cards.rows[card]
    if len(rows) == 1:
        return rows[0], None
    seat = solo_of(game).automaton
    choice, gains = best(game, row_order(game, seat, rows), lambda trial, row: play_unit_now(trial, card, row),
                         pinned=card, chain=chain)
    return choice, compared(gains, choice, lambda row: ROW_NAMES[row])


def play_unit_now(game: Game, card: int, row: int, *, muster: bool = True, why: str | None = None) -> int:
    """A unit played by the automaton into ``row`` (:func:`deckcli.game.abilities.play_unit`, its abilities by the
    Solo rules, §19, resolved at once): a Spy goes to the player's side and it owes two cards; a Medic brings back
    the unit adding most; Muster plays the first card of its group found in the deck (``muster`` ``False``: the card
    Muster found, which does not muster again); Clan Dimun Pirate scorches the player's side only; a row-limited
    Scorch, Berserker and Mardroeme as in §10. ``why`` is told on its play. Returns the cards owed."""
    solo = solo_of(game)
    outer, solo.owed = solo.owed, 0
    mark = _mark(game)
    depth = len(game.frames)
    if game.cards.ability[card] & SPY:
        why = "; ".join(filter(None, (why, "a Spy: it lies on your side; it plays two more cards")))
    play_unit(game, solo.automaton, card, row, muster=muster)
    run_frames(game, depth)
    note(game, mark, why)
    owed, solo.owed = solo.owed, outer
    return owed


def _medic(game: Game) -> int:
    """Medic (§19): the non-Hero unit of its discard pile that adds the most Strength, Tight Bond, weather and
    Horns counted; at random under Invader of the North. Returns the cards owed."""
    solo = solo_of(game)
    pile = game.discard[solo.automaton]
    kind = game.cards.kind
    units = [card for card in pile if kind[card] == UNIT]
    if not units:
        return 0
    if game.random_revive:
        if solo.at_table:
            names = sorted({game.cards.name[card] for card in units})
            solo.instruct("random", "Medic under Invader of the North: pick one of the non-Hero units of its "
                          "discard pile at random and play it (deckcli solo BOARD --reveal CARD)", cards=names)
            return 0
        chosen = game.rng.choice(units)
        why = "brought back by its Medic, picked at random (Invader of the North)"
    else:
        options = topmost(game, units)
        chosen, gains = best(game, options, _bring_back, chain=True)
        why = "brought back by its Medic: " + (compared(gains, chosen, lambda unit: game.cards.name[unit]) or "the only unit")
    pile.remove(chosen)
    row, row_why = unit_row(game, chosen)
    return play_unit_now(game, chosen, row, why=f"{why}; on {ROW_NAMES[row]}: {row_why}" if row_why else why)


def _bring_back(trial: Game, unit: int) -> None:
    """``unit`` brought back from the discard pile on a copy of the game, into the row it would take (§19): a Medic
    brought back brings back in turn the unit adding most, and so on down the chain, each weighed as the first."""
    trial.discard[solo_of(trial).automaton].remove(unit)
    play_unit_now(trial, unit, unit_row(trial, unit, chain=True)[0])


def _muster(game: Game, card: int) -> int:
    """Muster (§19): the first card of its group found from the top of its deck, played; the deck shuffled. Returns
    the cards owed."""
    cards = game.cards
    solo = solo_of(game)
    group = cards.group[card]
    if group < 0 or solo.knowing == EVALUATING:
        return 0
    if solo.knowing == INSTRUCTING:
        wanted = cards.card[card].group
        names = sorted(c.name for c in unseen_kinds(game, lambda c: c.group == wanted))
        if names:
            solo.instruct("search", f"Muster: search its deck from the top for the first {' or '.join(names)}; play "
                          "it (it does not muster again), then shuffle its deck", cards=names)
        return 0
    deck = game.deck[solo.automaton]
    found = next((c for c in reversed(deck) if cards.group[c] == group and cards.kind[c] <= HERO), None)
    owed = 0
    if found is not None:
        deck.remove(found)
        row, why = unit_row(game, found)
        owed = play_unit_now(game, found, row, muster=False, why=f"found by {cards.name[card]}'s Muster")
    shuffle_deck(game)
    return owed


def _decoy(game: Game, card: int) -> None:
    """Decoy (§19): it replaces no unit; the top card of its deck goes under it unseen, until the round ends."""
    solo = solo_of(game)
    deck = game.deck[solo.automaton]
    under = deck.pop() if solo.knowing == KNOWN and deck else -1
    solo.decoys.append([card, under])
    mark = _mark(game)
    game.emit("play", solo.automaton, card)
    note(game, mark, "it replaces no unit: the top card of its deck goes under it unseen, played when the round ends")
    solo.instruct("under-decoy", "put the top card of its deck under the Decoy without looking; when the round "
                  "ends, reveal it and play it (deckcli solo BOARD --reveal CARD)")


def _scorch_special(game: Game, card: int) -> None:
    """Scorch (§19): the strongest non-Hero units of the player's side only are discarded; then the Scorch."""
    seat = solo_of(game).automaton
    victims = game.strongest(player_slots(game))
    if victims:
        slot, unit = victims[0]
        top = game.row_values(slot)[game.rows[slot].index(unit)]
        why = f"on your side only: your strongest non-Hero units ({top}) are discarded"
    else:
        why = "on your side only: you have no non-Hero unit to discard"
    mark = _mark(game)
    resolve(game, seat, card, lambda resolving: discard_from_battlefield(resolving, victims))
    note(game, mark, why, first=True)


def _horn(game: Game, card: int) -> None:
    """Commander's Horn (§19): on the most beneficial row whose Horn zone is free; on a tie, the row with the
    most cards."""
    seat = solo_of(game).automaton
    free = [row for row in range(3) if game.horn[seat * 3 + row] == NO_HORN]
    if not free:
        game.discard[seat].append(card)
        mark = _mark(game)
        game.emit("play", seat, card)
        note(game, mark, "no free Horn zone on its side: discarded without effect")
        return
    place_on_best_row(game, card, free, "Horn")


def _mardroeme(game: Game, card: int) -> None:
    """Mardroeme: on the row where it adds most (§18: as effectively as possible)."""
    place_on_best_row(game, card, [CLOSE, RANGED, SIEGE], "Mardroeme")


def place_on_best_row(game: Game, card: int, rows: list[int], label: str) -> None:
    """A Commander's Horn or a Mardroeme played by the automaton on the best of ``rows`` of its side."""
    seat = solo_of(game).automaton
    choice, gains = best(game, row_order(game, seat, rows),
                         lambda trial, row: play_card(trial, seat, card, row, -1))
    mark = _mark(game)
    play_card(game, seat, card, choice, -1)
    note(game, mark, compared(gains, choice, lambda row: ROW_NAMES[row]) or f"the only row its {label} could take")


# Agile moves (§19) ---------------------------------------------------------------------------------------


def move_agile(game: Game, pinned: int = -1) -> None:
    """Agile (§19): each Agile unit of the automaton moves to its other row while that raises its margin, the
    move raising it most first (on a tie, the first unit from Close Combat, in the order they lie). ``pinned``
    stays where it is (the unit whose row is being weighed)."""
    seat = solo_of(game).automaton
    cards = game.cards
    ability, kind, printed_rows = cards.ability, cards.kind, cards.rows
    while True:
        movable = [(row, index, card) for row in (CLOSE, RANGED) for index, card in enumerate(game.rows[seat * 3 + row])
                   if ability[card] & AGILE and kind[card] <= HERO and (RANGED - row) in printed_rows[card]
                   and card != pinned]
        if not movable:
            return
        base = margin(game)
        gain, chosen = 0, None
        for row, index, card in movable:
            here, there = seat * 3 + row, seat * 3 + RANGED - row
            game.rows[here].pop(index)
            game.rows[there].append(card)
            game.touch(here)
            game.touch(there)
            after = margin(game) - base
            game.rows[there].pop()
            game.rows[here].insert(index, card)
            game.touch(here)
            game.touch(there)
            if after > gain:
                gain, chosen = after, (row, card)
        if chosen is None:
            return
        row, card = chosen
        here, there = seat * 3 + row, seat * 3 + RANGED - row
        game.rows[here].remove(card)
        game.rows[there].append(card)
        game.touch(here)
        game.touch(there)
        mark = _mark(game)
        game.emit("move", seat, card, RANGED - row, **{"from": ROW_CODES[row]})
        note(game, mark, f"{gain:+d}")


# Weighing options ---------------------------------------------------------------------------------------


def margin(game: Game) -> int:
    """The automaton's total Strength minus the player's (§8)."""
    seat = solo_of(game).automaton
    return game.score(seat) - game.score(1 - seat)


def player_slots(game: Game) -> tuple[int, int, int]:
    base = (1 - solo_of(game).automaton) * 3
    return base, base + 1, base + 2


def row_order(game: Game, side: int, rows: Sequence[int]) -> list[int]:
    """``rows`` in the tie order: the row with the most cards first, then Close Combat, Ranged Combat, Siege."""
    return sorted(rows, key=lambda row: (-len(game.rows[side * 3 + row]), row))


def topmost(game: Game, pile: list[int]) -> list[int]:
    """The cards of ``pile`` from its top (its last card) down, one per name (copies are one choice)."""
    seen: set[str] = set()
    found = []
    for card in reversed(pile):
        name = game.cards.name[card]
        if name not in seen:
            seen.add(name)
            found.append(card)
    return found


def best(game: Game, options: Sequence[Option], trial: Callable[[Game, Option], object], *,
         pinned: int = -1, chain: bool = False) -> tuple[Option, list[tuple[Option, int]]]:
    """The option whose ``trial`` (run on a copy of the game, then the Agile moves but ``pinned``'s) leaves the
    automaton the largest margin, the first in ``options``' order on a tie; with each option's gain over the margin
    now (empty when nothing was weighed: a single option in a game without a log, or a choice inside a weighing).

    ``chain``: weighed at any depth. A Medic's pick is (§19: the unit "that adds the most Strength"): a Medic it
    would bring back is valued with what its own recovery adds, all the way down; each recovery takes a card out of
    the discard pile, so the chain ends."""
    solo = solo_of(game)
    if not options:
        raise ValueError("no option to choose from")
    if (solo.depth >= MAX_DEPTH and not chain) or (len(options) == 1 and game.log is None):
        return options[0], []
    base = margin(game)
    gains: list[tuple[Option, int]] = []
    for option in options:
        copy = game.copy()
        weighing = solo_of(copy)
        weighing.knowing = EVALUATING
        weighing.depth = solo.depth + 1
        trial(copy, option)
        move_agile(copy, pinned)
        gains.append((option, margin(copy) - base))
    top = max(gain for _, gain in gains)
    return next(option for option, gain in gains if gain == top), gains


def compared(gains: list[tuple[Option, int]], chosen: Option, label: Callable[[Option], str]) -> str | None:
    """``"+12; Close Combat would give +11, Ranged Combat +0"``: the chosen option's gain, then up to two others."""
    if not gains:
        return None
    mine = next(gain for option, gain in gains if option == chosen)
    others = sorted(((gain, index) for index, (option, gain) in enumerate(gains) if option != chosen), key=lambda g: (-g[0], g[1]))
    said = [f"{label(gains[index][0])} {gain:+d}" for gain, index in others[:2]]
    if len(others) > 2:
        said.append(f"{len(others) - 2} more")
    if not said:
        return f"{mine:+d}"
    first, *rest = said
    head, _, figure = first.rpartition(" ")
    return f"{mine:+d}; {head} would give {figure}" + "".join(f", {part}" for part in rest)


def _mark(game: Game) -> int:
    return len(game.log) if game.log is not None else -1


def note(game: Game, mark: int, why: str | None, *, first: bool = False) -> None:
    """Give the first event logged since ``mark`` the reason ``why`` (``first``: before any reason it has)."""
    if why is None or game.log is None or len(game.log) <= mark:
        return
    event = game.log[mark]
    had = event.get("why")
    event["why"] = (f"{why}; {had}" if first else f"{had}; {why}") if had else why
