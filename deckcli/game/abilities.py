"""Playing a card and resolving what it does: every Unit Card ability (§10), Special Card (§11) and Weather Card
(§12), with the FAQ's rulings (§21), written once for every mode against "the sides opposing me".

A unit's abilities resolve as soon as it is placed in its row (§5); ongoing effects (Weather, Tight Bond, Morale
Boost, Commander's Horn, Mardroeme, §8) live in the board itself and are read by
:meth:`deckcli.game.state.Game.row_values`. Where an ability leaves its player a choice (which unit a Medic brings
back, the row of an Agile unit it brings, the opponent a Spy goes to), the game stops on a decision
(:class:`deckcli.game.actions.Decision`) and the rest of the card's abilities wait as frames: a step that may stop
pushes what follows it first, so that everything resolves in the order the rulebook gives whoever answers and
whenever. In Free For All and two versus two a card lands on its player's side (a team's shared one, §17): a Horn
doubles the team's row, a Decoy takes back a unit either teammate played, a Medic recovers from the shared pile.
Gwent Solo's automated opponent plays its cards by §19's changes (:mod:`deckcli.game.solo.automaton`): where its
seat answers a choice, the mode's rule answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.game.actions import Decision, continuation
from deckcli.game.cards import (
    BERSERKER, CLEAR, DECOY, HERO, HORN, MARDROEME, MEDIC, MUSTER, ROW_SCORCH, SCORCH, SPECIAL, SPY, SUMMON,
    UNIT, WEATHER,
)
from deckcli.game.state import NO_HORN

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.state import Game

ROW_SCORCH_THRESHOLD = 10
"""§10: a unit's Scorch (and a Leader's "destroy ... if the row totals 10 Strength or more") takes nothing from a row
below 10 Strength."""

_RESOLVING = SPY | MEDIC | MUSTER | ROW_SCORCH | SCORCH | MARDROEME | BERSERKER
"""The abilities that resolve when a unit is placed (:func:`unit_abilities`); a unit with none has nothing to do."""
_MUSTER_STEP, _SCORCH_STEP = 1, 2
"""Where the abilities of a unit resume (:func:`unit_abilities`): its Muster, what follows it."""


def play_from_hand(game: Game, player: int, card: int, row: int, target: int) -> None:
    """Player ``player`` plays ``card`` from the hand (§7 A): a unit to ``row`` (a Spy onto the side ``target``,
    -1: the only opposing side), a Decoy onto the unit ``target``, a Horn or Mardroeme on its ``row``, a Weather
    Card or a Scorch. The action must be one :func:`deckcli.game.rounds.legal_actions` offers."""
    game.hand[player].remove(card)
    known = game.known
    for foe in game.foes[player]:  # Game.left_hand, inline: every card played passes here
        known[foe].discard(card)
    play_card(game, player, card, row, target)


def play_card(game: Game, player: int, card: int, row: int, target: int) -> None:
    """``card`` (already out of every zone) played by ``player``: the one path every card takes to the table,
    whether from the hand, the deck (Muster, a Leader) or a discard pile (Medic). ``row`` and ``target`` as in
    :func:`play_from_hand`."""
    kind = game.cards.kind[card]
    bits = game.cards.ability[card]
    if kind == WEATHER:
        if bits & CLEAR:
            _clear_weather(game, player, card)
        else:
            add_weather(game, player, card)
    elif kind == SPECIAL:
        side = game.side_of[player]
        if bits & DECOY:
            _decoy(game, player, card, target)
        elif bits & HORN:  # §17: the team's row, whichever teammate's units lie in it
            slot = side * 3 + row
            game.horn[slot] = card
            game.touch(slot)
            game.emit("play", player, card, row)
        elif bits & MARDROEME:
            slot = side * 3 + row
            game.mardroeme[slot].append(card)
            game.emit("play", player, card, row)
            transform_berserkers(game, slot)
        elif bits & SCORCH:
            resolve(game, player, card, lambda resolving: scorch_battlefield(resolving, player))
        else:
            game.discard[side].append(card)
            game.emit("play", player, card)
    else:
        play_unit(game, player, card, row, target)


def play_unit(game: Game, player: int, card: int, row: int, target: int = -1, *, muster: bool = True) -> None:
    """A Unit Card played by ``player`` into ``row``, then its abilities (§5, §10): a Spy goes to an opposing side
    (``target``; -1: the only one, or asked of the player at a table of several opponents, §16) and its player
    draws two; a Medic brings back a unit; Muster plays its group from the hand and the deck (``muster`` false:
    the card a Solo Muster found, which does not muster again, §19); a row-limited Scorch or Clan Dimun Pirate's
    Scorch discards; a Berserker meeting a Mardroeme, or a Mardroeme unit meeting Berserkers, transforms them."""
    if game.cards.ability[card] & SPY:
        opposing = game.opponents[player]
        if target < 0 and len(opposing) > 1:
            game.decision = Decision(player, "spy-side", list(opposing), card,
                                     (_spy_side_chosen, player, card, row, int(muster)))
            return
        side = target if target >= 0 else opposing[0]
        game.spied[card] = game.side_of[player]
    else:
        side = game.side_of[player]
    slot = place_played(game, player, card, row, side)
    if game.cards.ability[card] & _RESOLVING:
        unit_abilities(game, player, card, slot, 0, int(muster))


@continuation
def _spy_side_chosen(game: Game, player: int, card: int, row: int, muster: int, side: int) -> None:
    play_unit(game, player, card, row, side, muster=bool(muster))


@continuation
def unit_abilities(game: Game, player: int, card: int, slot: int, step: int, muster: int) -> None:
    """The abilities of ``card``, just placed in ``slot`` by ``player``, from ``step`` on (0: all; the steps that
    may stop on a decision push the rest first); Muster only with ``muster`` (not the card a Solo Muster found,
    which does not muster again, §19)."""
    cards = game.cards
    bits = cards.ability[card]
    if step == 0 and bits & SPY:
        if player == game.mode.automaton:
            game.mode.owe(2)
        else:
            drawn = game.draw(player, 2)
            if drawn:
                game.emit("draw", player, cards=[cards.name[c] for c in drawn], reason="spy")
    if step < _MUSTER_STEP and bits & MEDIC:
        game.frames.append((unit_abilities, player, card, slot, _MUSTER_STEP, muster))
        medic(game, player)
        return
    if step < _SCORCH_STEP and bits & MUSTER and muster:
        game.frames.append((unit_abilities, player, card, slot, _SCORCH_STEP, muster))
        _muster(game, player, card)
        return
    if bits & ROW_SCORCH:  # the rows facing the side it lies on: each opposing side individually (§16)
        for opponent in game.opponents[game.members(slot // 3)[0]]:
            scorch_row(game, opponent, cards.scorch_row[card])
    if bits & SCORCH:
        scorch_battlefield(game, player)
    if bits & MARDROEME or (bits & BERSERKER and mardroeme_on(game, slot)):
        transform_berserkers(game, slot)


def place_played(game: Game, player: int, card: int, row: int, side: int) -> int:
    """A Unit Card played by ``player`` laid in ``row`` of ``side`` (an opposing one for a Spy, §10), before any of
    its abilities resolves; returns the row's slot."""
    slot = side * 3 + row
    game.rows[slot].append(card)
    game.touch(slot)
    if game.log is not None:
        game.emit("play", player, card, row, **({"side": side} if side != game.side_of[player] else {}))
    return slot


def place_returned(game: Game, side: int, card: int, row: int) -> None:
    """A unit put on the battlefield without being played (Skellige's recovery, §3; a Summon's
    replacement is :func:`summon`): no ability of its resolves, but a Mardroeme already on the row
    still transforms a Berserker (§10)."""
    slot = side * 3 + row
    game.rows[slot].append(card)
    game.touch(slot)
    if game.cards.ability[card] & BERSERKER and mardroeme_on(game, slot):
        transform_berserkers(game, slot)


def play_at_row(game: Game, player: int, card: int) -> None:
    """``card`` (out of every zone) played by ``player`` as a unit an ability plays: into its only row, or the row
    its player chooses for an Agile unit (§10), a decision (:func:`choose_row`)."""
    choose_row(game, player, card, (play_unit, player, card))


def choose_row(game: Game, player: int, card: int, then: tuple[Callable[..., None], int, int]) -> None:
    """The row ``card`` enters, given to ``then`` (a frame, the row added last): its only row, or for an Agile unit
    the row its player chooses (§10; the automated opponent of Gwent Solo chooses by its own rule, §19)."""
    rows = game.cards.rows[card]
    if len(rows) == 1:
        then[0](game, *then[1:], rows[0])
    elif player == game.mode.automaton:
        then[0](game, *then[1:], game.mode.choose_row(game, card))
    else:
        game.decision = Decision(player, "row", list(rows), card, then)


def medic(game: Game, player: int) -> None:
    """Medic (§10): a non-Hero Unit Card of the player's side's discard pile (a team's shared one, §17), played at
    once by the Medic's player; picked at random under Emhyr var Emreis: Invader of the North; by Gwent Solo's
    rule for its automated opponent (§19)."""
    if player == game.mode.automaton:
        game.mode.medic(game)
        return
    pile = game.discard[game.side_of[player]]
    kind = game.cards.kind
    options = [c for c in pile if kind[c] == UNIT]
    if not options:
        return
    if game.random_revive:
        _medic_chosen(game, player, game.rng.choice(options))
    else:
        game.decision = Decision(player, "medic", options, -1, (_medic_chosen, player))


@continuation
def _medic_chosen(game: Game, player: int, chosen: int) -> None:
    game.discard[game.side_of[player]].remove(chosen)
    play_at_row(game, player, chosen)


def _muster(game: Game, player: int, card: int) -> None:
    """Muster (§10): every other card of its group in the player's own hand and deck (a teammate's are theirs),
    played at once, then the deck shuffled. Cerys musters the Shield Maidens, whose group she names; they do not
    muster her. Gwent Solo's automated opponent musters by §19's rule."""
    if player == game.mode.automaton:
        game.mode.muster(game, card)
        return
    cards = game.cards
    group = cards.group[card]
    if group < 0:
        return
    found = tuple([(zone, c) for zone, held in enumerate((game.hand[player], game.deck[player])) for c in held
                   if cards.group[c] == group and cards.kind[c] <= HERO])
    _muster_from(game, player, found, 0)


@continuation
def _muster_from(game: Game, player: int, found: tuple[tuple[int, int], ...], index: int) -> None:
    """Muster's group from member ``index`` of ``found`` (``(zone, card)``: 0 the hand, 1 the deck) on, then the
    deck shuffled. A member already played by a member's own Muster is passed over."""
    zones = (game.hand[player], game.deck[player])
    for at in range(index, len(found)):
        zone, member = found[at]
        if member not in zones[zone]:
            continue
        zones[zone].remove(member)
        game.left_hand(player, member)
        game.frames.append((_muster_from, player, found, at + 1))
        play_at_row(game, player, member)
        return
    game.rng.shuffle(game.deck[player])


def scorch_battlefield(game: Game, player: int) -> None:
    """Scorch over the whole battlefield (§11; Clan Dimun Pirate by the FAQ, §21), played by ``player``: the
    strongest non-Hero units of every side, ties all go; no threshold (Gwent Solo's automated opponent: the
    player's side only, §19)."""
    discard_from_battlefield(game, game.strongest(game.mode.scorch_slots(game, player)))


def scorch_row(game: Game, side: int, row: int) -> None:
    """A row-limited Scorch against ``side``'s ``row`` (§10; at a table of several opponents, each of them
    individually, §16): only when that row totals at least 10."""
    slot = side * 3 + row
    if game.row_total(slot) >= ROW_SCORCH_THRESHOLD:
        discard_from_battlefield(game, game.strongest((slot,)))


def discard_from_battlefield(game: Game, victims: list[tuple[int, int]]) -> None:
    """Cards leaving the battlefield mid-round: each to the discard pile of the side it lay on (§9),
    then any Summon replaced by its side-deck card (§10). Every such discard is a Scorch's (§10, §11): each is
    counted in ``game.scorched``."""
    for slot, card in victims:
        game.rows[slot].remove(card)
        game.touch(slot)
        side = slot // 3
        game.discard[side].append(card)
        game.scorched[side] += 1
        game.emit("discard", game.seating.members[side][0], card, slot % 3)
    for slot, card in victims:
        if game.cards.ability[card] & SUMMON:
            summon(game, slot // 3, card)


def summon(game: Game, side: int, card: int) -> None:
    """Summon (§10): ``card`` has left the battlefield; its side-deck card takes the field on the same
    side, in its own row (Cow: Bovine Defense Force; Kambi: Hemdall). Nothing happens when the side deck
    holds no such card."""
    replacement = _from_side_deck(game, side, game.cards.side_card[card])
    if replacement is None:
        return
    row = game.cards.rows[replacement][0]
    slot = side * 3 + row
    game.rows[slot].append(replacement)
    game.touch(slot)
    game.emit("summon", game.seating.members[side][0], replacement, row)


def _from_side_deck(game: Game, side: int, name: str | None) -> int | None:
    if name is None:
        return None
    names = game.cards.name
    for card in game.side_deck[side]:
        if names[card] == name:
            game.side_deck[side].remove(card)
            return card
    return None


def mardroeme_on(game: Game, slot: int) -> bool:
    """Whether a Mardroeme affects row ``slot``: a Mardroeme Special Card on it or a Mardroeme unit in it (§10)."""
    if game.mardroeme[slot]:
        return True
    ability = game.cards.ability
    kind = game.cards.kind
    return any(ability[c] & MARDROEME and kind[c] <= HERO for c in game.rows[slot])


def transform_berserkers(game: Game, slot: int) -> None:
    """Berserker (§10): each Berserker of the row leaves the game and its side-deck replacement is played
    in its stead (Transformed Vildkaarl, Transformed Young Vildkaarl). A Berserker whose replacement the
    side deck does not hold stays as it is."""
    cards = game.cards
    side = slot // 3
    for card in [c for c in game.rows[slot] if cards.ability[c] & BERSERKER]:
        replacement = _from_side_deck(game, side, cards.side_card[card])
        if replacement is None:
            continue
        game.rows[slot].remove(card)
        game.removed.append(card)
        game.touch(slot)
        row = cards.rows[replacement][0]
        target = side * 3 + row
        game.rows[target].append(replacement)
        game.touch(target)
        game.emit("transform", game.seating.members[side][0], replacement, row, replaced=cards.name[card])


def _decoy(game: Game, player: int, decoy: int, target: int) -> None:
    """Decoy (§11): it takes the place of a non-Hero unit on the player's own side (in two versus two one either
    teammate played, §17), which goes back to the player's hand (a Spy an opponent laid there included); the
    Decoy stays in the row at Strength 0. Raises ``ValueError`` when ``target`` is not on that side."""
    side = game.side_of[player]
    for row in range(3):
        slot = side * 3 + row
        cards = game.rows[slot]
        if target in cards:
            cards[cards.index(target)] = decoy
            game.touch(slot)
            game.hand[player].append(target)
            game.shown_to_foes(player, target)
            game.emit("play", player, decoy, row, target=game.cards.name[target])
            return
    raise ValueError("a Decoy needs a non-Hero unit on its player's side")


def add_weather(game: Game, player: int, card: int) -> None:
    """A Weather Card into the shared Weather area (§12): its rows on every side are struck."""
    game.weather.append(card)
    game.weather_by.append(player)
    game.weathers[player] += 1
    mask = game.cards.weather_rows[card]
    game.weather_mask |= mask
    game.touch_weather(mask)
    game.emit("play", player, card)


def _clear_weather(game: Game, player: int, card: int) -> None:
    """Clear Weather (§12): every Weather Card goes to the discard pile of the side of the player who played it,
    then Clear Weather itself to its player's side's. Logged once it has resolved."""
    game.resolving.append(card)
    game.resolving_by.append(player)
    clear_weather_cards(game)
    game.resolving.pop()
    game.resolving_by.pop()
    game.discard[game.side_of[player]].append(card)
    game.emit("play", player, card)


def resolve(game: Game, player: int, card: int, effect: Callable[[Game], None]) -> None:
    """A Special Card that resolves on the table and is discarded after (Scorch, §11): logged as played while it
    lies there (the log's discard pile shows it from then on, :meth:`deckcli.game.state.Game.stamp`), then
    ``effect``, then the card to ``player``'s side's discard pile."""
    game.resolving.append(card)
    game.resolving_by.append(player)
    game.emit("play", player, card)
    effect(game)
    index = game.resolving.index(card)
    del game.resolving[index], game.resolving_by[index]
    game.discard[game.side_of[player]].append(card)


def clear_weather_cards(game: Game) -> None:
    """Every Weather Card of the Weather area discarded (to the side of the player who played it) and its effect
    cancelled (§12)."""
    side_of = game.side_of
    for weather, by in zip(game.weather, game.weather_by):
        game.discard[side_of[by]].append(weather)
    game.weather.clear()
    game.weather_by.clear()
    game.touch_weather(game.weather_mask)
    game.weather_mask = 0


def horn_free(game: Game, slot: int) -> bool:
    """Whether no Horn affects row ``slot`` yet: no Commander's Horn in its zone, no Leader's, no Horn unit (§21)."""
    if game.horn[slot] != NO_HORN:
        return False
    ability, kind = game.cards.ability, game.cards.kind
    return not any(ability[c] & HORN and kind[c] <= HERO for c in game.rows[slot])
