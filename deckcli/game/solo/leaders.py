"""The automated opponent's Leaders in Gwent Solo's Leader variant (rulebook §18, §20).

When a round is scored and the player's total is the higher, the automaton reveals the top Leader of its
pile and resolves it "in the most effective way for the opponent" (§18): the adaptation §20 gives it, or,
for a Leader §20 does not list, its own card text as the automaton can play it. Where the Leader leaves a
choice, the option leaving the automaton the largest margin wins (:func:`deckcli.game.solo.best`, with its tie
order). The player then wins the round only if still ahead (:func:`deckcli.game.rounds.round_winner`).

Rulings where §20 is silent, decided as a player at the table would:

- A Leader resolves as printed even when that lowers the automaton's total (Clear Weather that helps the
  player, Spies doubled on the player's side): the booklet asks for the most effective *way*, not whether.
- What a revealed Leader sets for the score (King Bran's halved Weather, Hope's +1 to Agile units, Spies
  doubled) lasts until that round's cards leave the battlefield; only The White Flame says "for the rest of
  the game", and it does.
- Heroes are never taken by a Leader (§5): The Relentless, like Bringer of Death, takes no Hero.
- A card a Leader plays is played as a revealed card (:func:`deckcli.game.solo.play_revealed`): a Spy gives
  two more cards; a Weather Card none, since a Leader is revealed as the round is scored and the round is over
  (§9; §18's extra turn is for Weather revealed on its turn).
- The player's Emhyr var Emreis: The White Flame cancels every Leader the automaton reveals.
- Leaders §20 does not list resolve by their text for the automaton: a Horn Leader doubles its row (none
  where a Horn already does); a Scorch Leader scorches the player's row at 10 Strength or more; His Imperial
  Majesty, King of Temeria and Pureblood Elf play their Weather Card from its deck; Lord Commander of the
  North clears the weather; Crach an Craite shuffles both discard piles back into the decks; The
  Treacherous doubles every Spy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.game.abilities import play_card
from deckcli.game.cards import HERO, MARDROEME, SPECIAL, TIGHT_BOND, UNIT
from deckcli.game.leaders import ACTIVE, DAISY, INVADER, KING_BRAN, TREACHEROUS, WHITE_FLAME
from deckcli.game.solo.automaton import (
    EVALUATING, INSTRUCTING, KNOWN, ROW_NAMES, best, compared, margin, move_agile, note, place_on_best_row,
    play_owed, play_revealed, play_unit, reset_passives, row_order, shuffle_deck, topmost, unit_row, unseen_kinds,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.catalog.model import Card
    from deckcli.game.agents import Agents
    from deckcli.game.state import Game

Resolution = tuple[int, str]
"""What resolving a Leader gives: the cards it owes from its deck, and the reason told."""


def resolve_leader(game: Game, name: str, agents: Agents) -> None:
    """The automaton resolves the Leader ``name`` it has just revealed (§18, §20), then its Agile moves and the
    cards it owes. It is revealed as the round is scored: a Weather Card it plays gives no further card (§9)."""
    seat = game.solo.seat
    scoring, game.solo.scoring = game.solo.scoring, True
    mark = len(game.log) if game.log is not None else -1
    game.emit("leader", seat, name)
    announced = game.log[-1] if game.log is not None else None
    if not game.leader_live[seat]:
        owed, why = 0, "cancelled: your Leader, The White Flame, cancels the opponent's"
    else:
        use = ADAPTATIONS.get(name) or BY_CARD_TEXT.get(name)
        owed, why = use(game, agents) if use is not None else (0, "no ability deckcli knows")
    note(game, mark, why)
    if announced is not None:  # an effect that logged no event of its own is the Leader's
        game.restamp(announced)
    move_agile(game)
    play_owed(game, owed, agents)
    game.solo.scoring = scoring


# §20's adaptations ------------------------------------------------------------------------------------------


def _draw_and_play(game: Game, agents: Agents) -> Resolution:
    """Destroyer of Worlds, Daisy of the Valley: it draws a card and plays it immediately."""
    return 1, "it plays the top card of its deck"


def _first_weather(game: Game, agents: Agents) -> Resolution:
    """King of the Wild Hunt: the first Weather Card of its deck, played; the deck shuffled."""
    return _play_from_deck(game, agents, lambda card: card.is_weather, "Weather Card")


def _from_discard(own: bool) -> Callable[[Game, Agents], Resolution]:
    """Bringer of Death (its own discard pile) and The Relentless (the player's): the non-Hero card giving it
    the greatest advantage, played at once on its side."""

    def resolve(game: Game, agents: Agents) -> Resolution:
        seat = game.solo.seat
        side = seat if own else 1 - seat
        kind = game.cards.kind
        options = topmost(game, [card for card in game.discard[side] if kind[card] != HERO])
        whose = "its" if own else "your"
        if not options:
            return 0, f"no card {whose} discard pile could give"

        def trial(copy: Game, card: int) -> None:
            copy.discard[side].remove(card)
            play_revealed(copy, card, agents)

        chosen, gains = best(game, options, trial)
        game.discard[side].remove(chosen)
        names = game.cards.name
        owed = play_revealed(game, chosen, agents)
        return owed, f"{names[chosen]} from {whose} discard pile: " + (compared(gains, chosen, lambda c: names[c])
                                                                     or "the only card")

    return resolve


def _random_unit(game: Game, agents: Agents) -> Resolution:
    """Invader of the North: a non-Hero unit of its discard pile, picked at random, played at once."""
    seat = game.solo.seat
    units = [card for card in game.discard[seat] if game.cards.kind[card] == UNIT]
    if not units:
        return 0, "no non-Hero unit in its discard pile"
    if game.solo.at_table:
        game.solo.instruct("random", "pick one of the non-Hero units of its discard pile at random and play it "
                           "(deckcli solo BOARD --reveal CARD)", cards=sorted({game.cards.name[c] for c in units}))
        return 0, "a unit of its discard pile, picked at random"
    chosen = game.rng.choice(units)
    game.discard[seat].remove(chosen)
    return play_revealed(game, chosen, agents), "a unit of its discard pile, picked at random"


def _your_discard(game: Game, agents: Agents) -> Resolution:
    """The Emperor of Nilfgaard: the player discards a card of their choice from their hand."""
    seat = game.solo.seat
    player = 1 - seat
    hand = game.hand[player]
    if game.solo.at_table:
        game.solo.instruct("discard", "discard a card of your choice from your hand")
        return 0, "you discard a card of your choice from your hand"
    if not hand or game.solo.mode == EVALUATING:
        return 0, "your hand is empty" if not hand else "you discard a card"
    card = agents.choose(game, player, "discard-from-hand", hand[:], -1)
    hand.remove(card)
    game.known[seat].discard(card)
    game.discard[player].append(card)
    game.emit("discard", player, card, reason="leader")
    return 0, "you discard a card of your choice from your hand"


def _white_flame(game: Game, agents: Agents) -> Resolution:
    """The White Flame: the player's Leader has no ability for the rest of the game (a Passive one included)."""
    game.leader_live[1 - game.solo.seat] = False
    reset_passives(game)
    return 0, "your Leader has no ability for the rest of the game"


def _hope(game: Game, agents: Agents) -> Resolution:
    """Hope of the Aen Seidhe: every Agile unit it controls gains 1 Strength."""
    seat = game.solo.seat
    game.agile_bonus[seat] = 1
    game.dirty |= 0b111 << seat * 3
    return 0, "every Agile unit it controls gains 1 Strength"


def _arnjolf(game: Game, agents: Agents) -> Resolution:
    """Arnjolf: The Patricide: the Tight Bond unit of its deck giving it the greatest boost, played; the deck
    shuffled."""
    solo = game.solo
    cards = game.cards

    def bonded(card: Card) -> bool:
        return card.kind == "unit" and "tight-bond" in card.abilities

    if solo.mode == KNOWN:
        deck = game.deck[solo.seat]
        options = topmost(game, [c for c in deck if cards.ability[c] & TIGHT_BOND and cards.kind[c] == UNIT])
        if not options:
            shuffle_deck(game)
            return 0, "no Tight Bond unit in its deck"
        chosen, gains = _weigh_units(game, options, agents)
        deck.remove(chosen)
        row, _ = unit_row(game, chosen, agents)
        owed = play_unit(game, chosen, row, agents)
        shuffle_deck(game)
        return owed, f"{cards.name[chosen]}: " + (compared(gains, chosen, lambda c: cards.name[c]) or "the only one")
    if solo.mode == INSTRUCTING:
        candidates = [cards.add(card) for card in unseen_kinds(game, bonded)]
        if candidates:
            _, gains = _weigh_units(game, candidates, agents)
            ranked = sorted(gains, key=lambda pair: -pair[1])
            said = ", ".join(f"{cards.name[c]} ({gain:+d})" for c, gain in ranked)
            solo.instruct("search", f"search its deck for the first of these, best first: {said}; play it, then "
                          "shuffle its deck", cards=[cards.name[c] for c, _ in ranked])
    return 0, "the Tight Bond unit of its deck that adds most"


def _weigh_units(game: Game, options: list[int], agents: Agents) -> tuple[int, list[tuple[int, int]]]:
    """The unit of ``options`` (in its deck, or a card it may hold) that adds most when played, with each gain."""

    def trial(copy: Game, card: int) -> None:
        if card in copy.deck[copy.solo.seat]:
            copy.deck[copy.solo.seat].remove(card)
        play_unit(copy, card, unit_row(copy, card, agents)[0], agents)

    return best(game, options, trial)


def _harald(game: Game, agents: Agents) -> Resolution:
    """Harald an Craite: The Cripple: a Mardroeme of its deck, played on the row with the greatest increase."""
    solo = game.solo
    cards = game.cards
    if solo.mode == KNOWN:
        deck = game.deck[solo.seat]
        found = next((c for c in reversed(deck) if cards.ability[c] & MARDROEME and cards.kind[c] == SPECIAL), None)
        if found is None:
            return 0, "no Mardroeme in its deck"
        deck.remove(found)
        place_on_best_row(game, found, [0, 1, 2], agents, "Mardroeme")
        shuffle_deck(game)
        return 0, "a Mardroeme from its deck"
    if solo.mode == INSTRUCTING:
        mardroeme = next((card for card in solo.pool if card.kind == "special" and "mardroeme" in card.abilities), None)
        if mardroeme is not None:
            card = cards.add(mardroeme)
            seat = solo.seat
            row, gains = best(game, row_order(game, seat, [0, 1, 2]),
                              lambda trial, row: play_card(trial, seat, card, row, -1, agents))
            said = compared(gains, row, lambda r: ROW_NAMES[r]) or ""
            solo.instruct("search", f"search its deck for a Mardroeme: if it holds one, play it on {ROW_NAMES[row]} "
                          f"({said}), then shuffle its deck", cards=["Mardroeme"])
    return 0, "a Mardroeme from its deck, on the row where it adds most"


def _king_bran(game: Game, agents: Agents) -> Resolution:
    """King Bran: its units lose only half their Strength to Weather (rounded up, as the engine halves)."""
    game.halved[game.solo.seat] = True
    game.touch_weather(0b111)
    return 0, "its units lose only half their Strength to Weather"


ADAPTATIONS: dict[str, Callable[[Game, Agents], Resolution]] = {
    "Eredin: Destroyer of Worlds": _draw_and_play,
    "Eredin: King of the Wild Hunt": _first_weather,
    "Eredin: Bringer of Death": _from_discard(own=True),
    INVADER: _random_unit,
    "Emhyr var Emreis: Emperor of Nilfgaard": _your_discard,
    "Emhyr var Emreis: The Relentless": _from_discard(own=False),
    WHITE_FLAME: _white_flame,
    DAISY: _draw_and_play,
    "Francesca Findabair: Hope of the Aen Seidhe": _hope,
    "Arnjolf: The Patricide": _arnjolf,
    "Harald an Craite: The Cripple": _harald,
    KING_BRAN: _king_bran,
}
"""§20's table: each Leader it lists and its Solo effect."""


# The other Leaders, by their card text ----------------------------------------------------------------------


def _play_from_deck(game: Game, agents: Agents, wanted: Callable[[Card], bool], what: str) -> Resolution:
    """The first card of its deck ``wanted`` accepts, from the top, played as a revealed card; the deck shuffled."""
    solo = game.solo
    cards = game.cards
    if solo.mode == INSTRUCTING:
        names = sorted({card.name for card in solo.pool if wanted(card)})
        solo.instruct("search", f"search its deck from the top for the first {what}; play it (deckcli solo BOARD "
                      "--reveal CARD), then shuffle its deck", cards=names)
        return 0, f"the first {what} of its deck"
    if solo.mode == EVALUATING:
        return 0, f"the first {what} of its deck"
    deck = game.deck[solo.seat]
    found = next((c for c in reversed(deck) if wanted(cards.card[c])), None)
    owed = 0
    if found is not None:
        deck.remove(found)
        owed = play_revealed(game, found, agents)
    shuffle_deck(game)
    return owed, f"the first {what} of its deck" if found is not None else f"no {what} in its deck"


def _named_weather(name: str) -> Callable[[Game, Agents], Resolution]:
    def resolve(game: Game, agents: Agents) -> Resolution:
        return _play_from_deck(game, agents, lambda card: card.name == name, name)

    return resolve


def _as_printed(name: str) -> Callable[[Game, Agents], Resolution]:
    """An Active Leader the engine plays (:data:`deckcli.game.leaders.ACTIVE`), used by the automaton when it
    would do anything."""

    def resolve(game: Game, agents: Agents) -> Resolution:
        ability = ACTIVE[name]
        seat = game.solo.seat
        if not ability.usable(game, seat):
            return 0, "no effect now"
        before = margin(game)
        ability.use(game, seat, agents)
        return 0, f"as its card says, {margin(game) - before:+d}"

    return resolve


def _crach(game: Game, agents: Agents) -> Resolution:
    """Crach an Craite: both discard piles shuffled back into the decks."""
    if game.solo.at_table:
        game.solo.instruct("shuffle", "shuffle both discard piles back into their decks (yours and its)")
        return 0, "both discard piles go back into the decks"
    return _as_printed("Crach an Craite")(game, agents)[0], "both discard piles go back into the decks"


def _treacherous(game: Game, agents: Agents) -> Resolution:
    """Eredin Bréacc Glas: The Treacherous: every Spy counts double, for both players."""
    game.spy_factor = 2
    game.dirty = 0b111111
    return 0, "every Spy counts double, for both players"


BY_CARD_TEXT: dict[str, Callable[[Game, Agents], Resolution]] = {
    TREACHEROUS: _treacherous,
    "Eredin: Commander of the Red Riders": _as_printed("Eredin: Commander of the Red Riders"),
    "Emhyr var Emreis: His Imperial Majesty": _named_weather("Torrential Rain"),
    "Foltest: King of Temeria": _named_weather("Impenetrable Fog"),
    "Foltest: Lord Commander of the North": _as_printed("Foltest: Lord Commander of the North"),
    "Foltest: Son of Medell": _as_printed("Foltest: Son of Medell"),
    "Foltest: The Siegemaster": _as_printed("Foltest: The Siegemaster"),
    "Foltest: The Steel-Forged": _as_printed("Foltest: The Steel-Forged"),
    "Francesca Findabair: Pureblood Elf": _named_weather("Biting Frost"),
    "Francesca Findabair: Queen of Dol Blathanna": _as_printed("Francesca Findabair: Queen of Dol Blathanna"),
    "Francesca Findabair: The Beautiful": _as_printed("Francesca Findabair: The Beautiful"),
    "Crach an Craite": _crach,
}
"""Every other Leader of the catalog, resolved by its card text for the automaton."""

