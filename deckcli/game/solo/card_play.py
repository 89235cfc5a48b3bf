"""How Gwent Solo's automated opponent plays each card and weighs its options (rulebook §18–19), and the state it
keeps through a game: what its Leaders (:mod:`deckcli.game.solo.leaders`) and its mode
(:mod:`deckcli.game.solo.automaton`, where the rulings are written) both play with.

*Most effective* is the option after which the automaton's total minus the player's (its *margin*) is largest
(:func:`best`), with the tie order of :func:`row_order` and :func:`topmost`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Self

from deckcli.game.abilities import discard_from_battlefield, play_card, play_unit, resolve
from deckcli.game.actions import continuation
from deckcli.game.cards import (
    ROW_NAMES,
    AGILE, CLEAR, CLOSE, DECOY, HERO, HORN, MARDROEME, RANGED, ROW_CODES, SCORCH, SIEGE, SPECIAL, SPY, UNIT, WEATHER,
)
from deckcli.game.rounds import run_frames
from deckcli.game.state import NO_HORN, Mode

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import TypeVar

    from deckcli.catalog.model import Card
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


class AutomatonState(Mode):
    """What Gwent Solo's automated opponent keeps through a game (§18–20); :class:`deckcli.game.solo.automaton.Solo`,
    the mode, adds its turns and hooks.

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

    def copy(self) -> Self:
        other = type(self).__new__(type(self))
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

    def owe(self, cards: int) -> None:
        self.owed += cards

    def instruct(self, action: str, text: str, *, number: int = 1, cards: Sequence[str] = ()) -> None:
        """Tell the player at the table a step to take for the automaton (never while it weighs an option)."""
        if self.at_table and self.knowing != EVALUATING:
            self.instructions.append(Instruction(action, number, tuple(cards), text))


def solo_of(game: Game) -> AutomatonState:
    """``game``'s Solo mode; raises ``ValueError`` when ``game`` is not a game of Gwent Solo."""
    mode = game.mode
    if not isinstance(mode, AutomatonState):
        raise ValueError("not a game of Gwent Solo")
    return mode


def play_under_decoys(game: Game) -> None:
    """Every card under its Decoys played, as the round ends (those under a Decoy played now too)."""
    waiting = [pair for pair in solo_of(game).decoys if pair[1] >= 0]
    while waiting:
        for pair in waiting:
            under, pair[1] = pair[1], -1
            play_card_owed(game, under, "the card under its Decoy, played as the round ends")
        waiting = [pair for pair in solo_of(game).decoys if pair[1] >= 0]


@continuation
def decoys_discarded(game: Game) -> None:
    solo = solo_of(game)
    play_under_decoys(game)
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


def medic_recovery(game: Game) -> int:
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


def muster_found(game: Game, card: int) -> int:
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
