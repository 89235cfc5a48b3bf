"""Playing a card and resolving what it does: every Unit Card ability (§10), Special Card (§11) and
Weather Card (§12), with the FAQ's rulings (§21).

A unit's abilities resolve as soon as it is placed in its row (§5); ongoing effects (Weather, Tight
Bond, Morale Boost, Commander's Horn, Mardroeme, §8) live in the board itself and are read by
:meth:`deckcli.game.state.Game.row_values`. Where an ability leaves a choice (which unit a Medic brings
back, the row of an Agile unit it brings), the player controlling the effect chooses through its
agent (:mod:`deckcli.game.agents`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.game.cards import (
    BERSERKER, CLEAR, DECOY, HERO, HORN, MARDROEME, MEDIC, MUSTER, ROW_SCORCH, SCORCH, SPECIAL, SPY, SUMMON,
    UNIT, WEATHER,
)
from deckcli.game.state import NO_HORN

if TYPE_CHECKING:
    from deckcli.game.agents import Agents
    from deckcli.game.state import Game


def play_from_hand(game: Game, player: int, card: int, row: int, target: int, agents: Agents) -> None:
    """Player ``player`` plays ``card`` from the hand (§7 A): a unit to ``row`` (on the opponent's side
    for a Spy), a Decoy onto ``target``, a Horn or Mardroeme on its ``row``, a Weather Card or a Scorch.
    The action must be one :func:`deckcli.game.rounds.legal_actions` offers."""
    game.hand[player].remove(card)
    game.known[1 - player].discard(card)
    play_card(game, player, card, row, target, agents)


def play_card(game: Game, player: int, card: int, row: int, target: int, agents: Agents) -> None:
    """``card`` (already out of every zone) played by ``player``: the one path every card takes to the
    table, whether from the hand, the deck (Muster, a Leader) or a discard pile (Medic)."""
    kind = game.cards.kind[card]
    bits = game.cards.ability[card]
    if kind == WEATHER:
        if bits & CLEAR:
            _clear_weather(game, player, card)
        else:
            add_weather(game, player, card)
    elif kind == SPECIAL:
        if bits & DECOY:
            _decoy(game, player, card, target)
        elif bits & HORN:
            slot = player * 3 + row
            game.horn[slot] = card
            game.touch(slot)
            game.emit("play", player, card, row)
        elif bits & MARDROEME:
            slot = player * 3 + row
            game.mardroeme[slot].append(card)
            game.emit("play", player, card, row)
            transform_berserkers(game, slot)
        elif bits & SCORCH:
            game.resolving.append(card)
            game.emit("play", player, card)
            scorch_battlefield(game)
            game.resolving.remove(card)
            game.discard[player].append(card)
        else:
            game.discard[player].append(card)
            game.emit("play", player, card)
    else:
        play_unit(game, player, card, row, agents)


def play_unit(game: Game, player: int, card: int, row: int, agents: Agents) -> None:
    """A Unit Card played by ``player`` into ``row``, then its abilities (§5, §10): a Spy goes to the
    opponent's side and its player draws two; a Medic brings back a unit; Muster plays its group from
    the hand and the deck; a row-limited Scorch or Clan Dimun Pirate's Scorch discards; a Berserker
    meeting a Mardroeme, or a Mardroeme unit meeting Berserkers, transforms them."""
    cards = game.cards
    bits = cards.ability[card]
    slot = place_played(game, player, card, row)
    side = slot // 3
    if bits & SPY:
        drawn = game.draw(player, 2)
        if drawn:
            game.emit("draw", player, cards=[cards.name[c] for c in drawn], reason="spy")
    if bits & MEDIC:
        _medic(game, player, agents)
    if bits & MUSTER:
        _muster(game, player, card, agents)
    if bits & ROW_SCORCH:
        scorch_row(game, 1 - side, cards.scorch_row[card])
    if bits & SCORCH:
        scorch_battlefield(game)
    if bits & MARDROEME or (bits & BERSERKER and mardroeme_on(game, slot)):
        transform_berserkers(game, slot)


def place_played(game: Game, player: int, card: int, row: int) -> int:
    """A Unit Card played by ``player`` laid in ``row``, on the opponent's side for a Spy (§10), before any of its
    abilities resolves; returns the row's slot."""
    side = 1 - player if game.cards.ability[card] & SPY else player
    slot = side * 3 + row
    game.rows[slot].append(card)
    game.touch(slot)
    game.emit("play", player, card, row, **({"side": side} if side != player else {}))
    return slot


def place_returned(game: Game, side: int, card: int, row: int) -> None:
    """A unit put on the battlefield without being played (Skellige's recovery, §3; a Summon's
    replacement is :func:`_summon`): no ability of its resolves, but a Mardroeme already on the row
    still transforms a Berserker (§10)."""
    slot = side * 3 + row
    game.rows[slot].append(card)
    game.touch(slot)
    if game.cards.ability[card] & BERSERKER and mardroeme_on(game, slot):
        transform_berserkers(game, slot)


def choose_row(game: Game, player: int, card: int, agents: Agents) -> int:
    """The row ``card`` enters: its only row, or the row its player chooses for an Agile unit (§10); the
    automated opponent of Gwent Solo chooses by its own rule (:meth:`deckcli.game.solo.Automaton.choose_row`)."""
    rows = game.cards.rows[card]
    if len(rows) == 1:
        return rows[0]
    if game.solo is not None and player == game.solo.seat:
        return int(game.solo.choose_row(game, card))
    return agents.choose(game, player, "row", list(rows), card)


def _medic(game: Game, player: int, agents: Agents) -> None:
    """Medic (§10): a non-Hero Unit Card of the player's discard pile, played at once; picked at random
    under Emhyr var Emreis: Invader of the North."""
    pile = game.discard[player]
    kind = game.cards.kind
    options = [c for c in pile if kind[c] == UNIT]
    if not options:
        return
    if game.random_revive:
        chosen = game.rng.choice(options)
    else:
        chosen = agents.choose(game, player, "medic", options, -1)
    pile.remove(chosen)
    play_unit(game, player, chosen, choose_row(game, player, chosen, agents), agents)


def _muster(game: Game, player: int, card: int, agents: Agents) -> None:
    """Muster (§10): every other card of its group in the player's hand and deck, played at once, then the
    deck shuffled. Cerys musters the Shield Maidens, whose group she names; they do not muster her."""
    cards = game.cards
    group = cards.group[card]
    if group < 0:
        return
    found = [(zone, c) for zone in (game.hand[player], game.deck[player]) for c in zone
             if cards.group[c] == group and cards.kind[c] <= HERO]
    for zone, member in found:
        if member not in zone:  # already played by a member's own Muster
            continue
        zone.remove(member)
        game.known[1 - player].discard(member)
        play_unit(game, player, member, choose_row(game, player, member, agents), agents)
    game.rng.shuffle(game.deck[player])




def scorch_battlefield(game: Game) -> None:
    """Scorch over the whole battlefield (§11; Clan Dimun Pirate by the FAQ, §21): the strongest
    non-Hero units of both sides are discarded, ties all go; no threshold."""
    discard_from_battlefield(game, game.strongest((0, 1, 2, 3, 4, 5)))


def scorch_row(game: Game, side: int, row: int) -> None:
    """A row-limited Scorch against ``side``'s ``row`` (§10): only when that row totals at least 10."""
    slot = side * 3 + row
    if game.row_total(slot) >= 10:
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
        game.emit("discard", side, card, slot % 3)
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
    game.emit("summon", side, replacement, row)


def _from_side_deck(game: Game, side: int, name: str | None) -> int | None:
    if name is None:
        return None
    names = game.cards.name
    for card in game.side[side]:
        if names[card] == name:
            game.side[side].remove(card)
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
        game.emit("transform", side, replacement, row, replaced=cards.name[card])


def _decoy(game: Game, player: int, decoy: int, target: int) -> None:
    """Decoy (§11): it takes the place of a non-Hero unit on the player's own side, which goes back to the
    hand (a Spy the opponent laid there included); the Decoy stays in the row at Strength 0."""
    for row in range(3):
        slot = player * 3 + row
        cards = game.rows[slot]
        if target in cards:
            cards[cards.index(target)] = decoy
            game.touch(slot)
            game.hand[player].append(target)
            game.known[1 - player].add(target)
            game.emit("play", player, decoy, row, target=game.cards.name[target])
            return
    raise ValueError("a Decoy needs a non-Hero unit on its player's side")


def add_weather(game: Game, player: int, card: int) -> None:
    """A Weather Card into the shared Weather area (§12): its rows on both sides are struck."""
    game.weather.append(card)
    game.weather_by.append(player)
    game.weathers[player] += 1
    mask = game.cards.weather_rows[card]
    game.weather_mask |= mask
    game.touch_weather(mask)
    game.emit("play", player, card)


def _clear_weather(game: Game, player: int, card: int) -> None:
    """Clear Weather (§12): every Weather Card goes to the discard pile of the player who played it, then
    Clear Weather itself to its player's."""
    game.resolving.append(card)
    game.emit("play", player, card)
    clear_weather_cards(game)
    game.resolving.remove(card)
    game.discard[player].append(card)


def clear_weather_cards(game: Game) -> None:
    """Every Weather Card of the Weather area discarded and its effect cancelled (§12)."""
    for weather, by in zip(game.weather, game.weather_by):
        game.discard[by].append(weather)
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
