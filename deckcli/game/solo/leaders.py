"""The automated opponent's Leaders in Gwent Solo's Leader variant (rulebook §18, §20).

When a round is scored and the player's total is the higher, the automaton reveals the top Leader of its
pile and resolves it "in the most effective way for the opponent" (§18): the adaptation §20 gives it, or,
for a Leader §20 does not list, its own card text as the automaton can play it. Where the Leader leaves a
choice, the option leaving the automaton the largest margin wins (:func:`deckcli.game.solo.card_play.best`, with its tie
order). The player then wins the round only if still ahead (:func:`deckcli.game.rounds.round_winner`).

Rulings where §20 is silent, decided as a player at the table would:

- A Leader resolves as printed even when that lowers the automaton's total (Clear Weather that helps the
  player, Spies doubled on the player's side): the booklet asks for the most effective *way*, not whether.
- What a revealed Leader sets for the score (King Bran's halved Weather, Hope's +1 to Agile units, Spies
  doubled) lasts until that round's cards leave the battlefield; only The White Flame says "for the rest of
  the game", and it does.
- Heroes are never taken by a Leader (§5): The Relentless, like Bringer of Death, takes no Hero.
- A card a Leader plays is played as a revealed card (:func:`deckcli.game.solo.card_play.play_revealed`): a Spy gives
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
from deckcli.game.actions import Decision, continuation
from deckcli.game.cards import HERO, MARDROEME, ROW_NAMES, SPECIAL, TIGHT_BOND, UNIT
from deckcli.game.leaders import ACTIVE, DAISY, INVADER, KING_BRAN, TREACHEROUS, WHITE_FLAME
from deckcli.game.rounds import run_frames
from deckcli.game.solo.card_play import (
    EVALUATING, INSTRUCTING, KNOWN, best, compared, margin, move_agile, note, place_on_best_row, play_owed,
    play_revealed, play_unit_now, reset_passives, row_order, shuffle_deck, solo_of, topmost, unit_row, unseen_kinds,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.catalog.model import Card
    from deckcli.game.state import Game

Resolution = tuple[int, str]
"""What resolving a Leader gives: the cards it owes from its deck, and the reason told."""


def resolve_leader(game: Game, name: str) -> None:
    """The automaton resolves the Leader ``name`` it has just revealed (§18, §20), then its Agile moves and the
    cards it owes. It is revealed as the round is scored: a Weather Card it plays gives no further card (§9). Where
    the adaptation has the player choose (The Emperor of Nilfgaard), the game stops on the player's decision and the
    rest follows it."""
    solo = solo_of(game)
    seat = solo.automaton
    scoring, solo.scoring = solo.scoring, True
    mark = len(game.log) if game.log is not None else -1
    game.emit("leader", seat, name)
    if not game.leader_live[seat]:
        owed, why = 0, "cancelled: your Leader, The White Flame, cancels the opponent's"
    else:
        use = ADAPTATIONS.get(name) or BY_CARD_TEXT.get(name)
        owed, why = use(game) if use is not None else (0, "no ability deckcli knows")
    game.frames.append((_leader_resolved, seat, mark, owed, why, int(scoring)))


@continuation
def _leader_resolved(game: Game, seat: int, mark: int, owed: int, why: str, scoring: int) -> None:
    note(game, mark, why)
    if game.log is not None and mark >= 0 and len(game.log) == mark + 1:  # an effect that logged no event is the Leader's
        game.restamp(game.log[mark])
    move_agile(game)
    play_owed(game, owed)
    solo_of(game).scoring = bool(scoring)


# §20's adaptations ------------------------------------------------------------------------------------------


def _draw_and_play(game: Game) -> Resolution:
    """Destroyer of Worlds, Daisy of the Valley: it draws a card and plays it immediately."""
    return 1, "it plays the top card of its deck"


def _first_weather(game: Game) -> Resolution:
    """King of the Wild Hunt: the first Weather Card of its deck, played; the deck shuffled."""
    return _play_from_deck(game, lambda card: card.is_weather, "Weather Card")


def _from_discard(own: bool) -> Callable[[Game], Resolution]:
    """Bringer of Death (its own discard pile) and The Relentless (the player's): the non-Hero card giving it
    the greatest advantage, played at once on its side."""

    def resolve(game: Game) -> Resolution:
        seat = solo_of(game).automaton
        side = seat if own else 1 - seat
        kind = game.cards.kind
        options = topmost(game, [card for card in game.discard[side] if kind[card] != HERO])
        whose = "its" if own else "your"
        if not options:
            return 0, f"no card {whose} discard pile could give"

        def trial(copy: Game, card: int) -> None:
            copy.discard[side].remove(card)
            play_revealed(copy, card)

        chosen, gains = best(game, options, trial)
        game.discard[side].remove(chosen)
        names = game.cards.name
        owed = play_revealed(game, chosen)
        return owed, f"{names[chosen]} from {whose} discard pile: " + (compared(gains, chosen, lambda c: names[c])
                                                                     or "the only card")

    return resolve


def _random_unit(game: Game) -> Resolution:
    """Invader of the North: a non-Hero unit of its discard pile, picked at random, played at once."""
    seat = solo_of(game).automaton
    units = [card for card in game.discard[seat] if game.cards.kind[card] == UNIT]
    if not units:
        return 0, "no non-Hero unit in its discard pile"
    if solo_of(game).at_table:
        solo_of(game).instruct("random", "pick one of the non-Hero units of its discard pile at random and play it "
                           "(deckcli solo BOARD --reveal CARD)", cards=sorted({game.cards.name[c] for c in units}))
        return 0, "a unit of its discard pile, picked at random"
    chosen = game.rng.choice(units)
    game.discard[seat].remove(chosen)
    return play_revealed(game, chosen), "a unit of its discard pile, picked at random"


def _your_discard(game: Game) -> Resolution:
    """The Emperor of Nilfgaard: the player discards a card of their choice from their hand (a decision of the
    player's)."""
    solo = solo_of(game)
    player = 1 - solo.automaton
    hand = game.hand[player]
    if solo.at_table:
        solo.instruct("discard", "discard a card of your choice from your hand")
        return 0, "you discard a card of your choice from your hand"
    if not hand or solo.knowing == EVALUATING:
        return 0, "your hand is empty" if not hand else "you discard a card"
    game.decision = Decision(player, "discard-from-hand", hand[:], -1, (_discarded, player))
    return 0, "you discard a card of your choice from your hand"


@continuation
def _discarded(game: Game, player: int, card: int) -> None:
    game.hand[player].remove(card)
    game.left_hand(player, card)
    game.discard[game.side_of[player]].append(card)
    game.emit("discard", player, card, reason="leader")


def _white_flame(game: Game) -> Resolution:
    """The White Flame: the player's Leader has no ability for the rest of the game (a Passive one included)."""
    game.leader_live[1 - solo_of(game).automaton] = False
    reset_passives(game)
    return 0, "your Leader has no ability for the rest of the game"


def _hope(game: Game) -> Resolution:
    """Hope of the Aen Seidhe: every Agile unit it controls gains 1 Strength."""
    seat = solo_of(game).automaton
    game.agile_bonus[seat] = 1
    game.dirty |= 0b111 << seat * 3
    return 0, "every Agile unit it controls gains 1 Strength"


def _arnjolf(game: Game) -> Resolution:
    """Arnjolf: The Patricide: the Tight Bond unit of its deck giving it the greatest boost, played; the deck
    shuffled."""
    solo = solo_of(game)
    cards = game.cards

    def bonded(card: Card) -> bool:
        return card.kind == "unit" and "tight-bond" in card.abilities

    if solo.knowing == KNOWN:
        deck = game.deck[solo.automaton]
        options = topmost(game, [c for c in deck if cards.ability[c] & TIGHT_BOND and cards.kind[c] == UNIT])
        if not options:
            shuffle_deck(game)
            return 0, "no Tight Bond unit in its deck"
        chosen, gains = _weigh_units(game, options)
        deck.remove(chosen)
        row, _ = unit_row(game, chosen)
        owed = play_unit_now(game, chosen, row)
        shuffle_deck(game)
        return owed, f"{cards.name[chosen]}: " + (compared(gains, chosen, lambda c: cards.name[c]) or "the only one")
    if solo.knowing == INSTRUCTING:
        candidates = [cards.add(card) for card in unseen_kinds(game, bonded)]
        if candidates:
            _, gains = _weigh_units(game, candidates)
            ranked = sorted(gains, key=lambda pair: -pair[1])
            said = ", ".join(f"{cards.name[c]} ({gain:+d})" for c, gain in ranked)
            solo.instruct("search", f"search its deck for the first of these, best first: {said}; play it, then "
                          "shuffle its deck", cards=[cards.name[c] for c, _ in ranked])
    return 0, "the Tight Bond unit of its deck that adds most"


def _weigh_units(game: Game, options: list[int]) -> tuple[int, list[tuple[int, int]]]:
    """The unit of ``options`` (in its deck, or a card it may hold) that adds most when played, with each gain."""

    def trial(copy: Game, card: int) -> None:
        if card in copy.deck[solo_of(copy).automaton]:
            copy.deck[solo_of(copy).automaton].remove(card)
        play_unit_now(copy, card, unit_row(copy, card)[0])

    return best(game, options, trial)


def _harald(game: Game) -> Resolution:
    """Harald an Craite: The Cripple: a Mardroeme of its deck, played on the row with the greatest increase."""
    solo = solo_of(game)
    cards = game.cards
    if solo.knowing == KNOWN:
        deck = game.deck[solo.automaton]
        found = next((c for c in reversed(deck) if cards.ability[c] & MARDROEME and cards.kind[c] == SPECIAL), None)
        if found is None:
            return 0, "no Mardroeme in its deck"
        deck.remove(found)
        place_on_best_row(game, found, [0, 1, 2], "Mardroeme")
        shuffle_deck(game)
        return 0, "a Mardroeme from its deck"
    if solo.knowing == INSTRUCTING:
        mardroeme = next((card for card in solo.pool if card.kind == "special" and "mardroeme" in card.abilities), None)
        if mardroeme is not None:
            card = cards.add(mardroeme)
            seat = solo.automaton
            row, gains = best(game, row_order(game, seat, [0, 1, 2]),
                              lambda trial, row: play_card(trial, seat, card, row, -1))
            said = compared(gains, row, lambda r: ROW_NAMES[r]) or ""
            solo.instruct("search", f"search its deck for a Mardroeme: if it holds one, play it on {ROW_NAMES[row]} "
                          f"({said}), then shuffle its deck", cards=["Mardroeme"])
    return 0, "a Mardroeme from its deck, on the row where it adds most"


def _king_bran(game: Game) -> Resolution:
    """King Bran: its units lose only half their Strength to Weather (rounded up, as the engine halves)."""
    game.halved[solo_of(game).automaton] = True
    game.touch_weather(0b111)
    return 0, "its units lose only half their Strength to Weather"


ADAPTATIONS: dict[str, Callable[[Game], Resolution]] = {
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


def _play_from_deck(game: Game, wanted: Callable[[Card], bool], what: str) -> Resolution:
    """The first card of its deck ``wanted`` accepts, from the top, played as a revealed card; the deck shuffled."""
    solo = solo_of(game)
    cards = game.cards
    if solo.knowing == INSTRUCTING:
        names = sorted({card.name for card in solo.pool if wanted(card)})
        solo.instruct("search", f"search its deck from the top for the first {what}; play it (deckcli solo BOARD "
                      "--reveal CARD), then shuffle its deck", cards=names)
        return 0, f"the first {what} of its deck"
    if solo.knowing == EVALUATING:
        return 0, f"the first {what} of its deck"
    deck = game.deck[solo.automaton]
    found = next((c for c in reversed(deck) if wanted(cards.card[c])), None)
    owed = 0
    if found is not None:
        deck.remove(found)
        owed = play_revealed(game, found)
    shuffle_deck(game)
    return owed, f"the first {what} of its deck" if found is not None else f"no {what} in its deck"


def _named_weather(name: str) -> Callable[[Game], Resolution]:
    def resolve(game: Game) -> Resolution:
        return _play_from_deck(game, lambda card: card.name == name, name)

    return resolve


def _as_printed(name: str) -> Callable[[Game], Resolution]:
    """An Active Leader the engine plays (:data:`deckcli.game.leaders.ACTIVE`), used by the automaton when it
    would do anything."""

    def resolve(game: Game) -> Resolution:
        ability = ACTIVE[name]
        seat = solo_of(game).automaton
        if not ability.usable(game, seat):
            return 0, "no effect now"
        before = margin(game)
        depth = len(game.frames)
        ability.use(game, seat)
        run_frames(game, depth)
        return 0, f"as its card says, {margin(game) - before:+d}"

    return resolve


def _crach(game: Game) -> Resolution:
    """Crach an Craite: both discard piles shuffled back into the decks."""
    if solo_of(game).at_table:
        solo_of(game).instruct("shuffle", "shuffle both discard piles back into their decks (yours and its)")
        return 0, "both discard piles go back into the decks"
    return _as_printed("Crach an Craite")(game)[0], "both discard piles go back into the decks"


def _treacherous(game: Game) -> Resolution:
    """Eredin Bréacc Glas: The Treacherous: every Spy counts double, for both players."""
    game.spy_factor = 2
    game.dirty = 0b111111
    return 0, "every Spy counts double, for both players"


BY_CARD_TEXT: dict[str, Callable[[Game], Resolution]] = {
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

