"""Playing a card at a Free For All (§16) or two versus two (§17) table: every ability as §10–12 has it, with
the two modes' changes.

A card lands on its player's *side* (a team's shared side in two versus two, §17), so a Commander's Horn
affects the whole team's row, a Decoy may take back a unit either teammate played, and a Medic recovers from
the team's shared discard pile, each without a line of its own: they follow from the side. What the modes
change by name is coded here: the Spy goes to the opponent its player chooses (§16) or the other team's side
(§17); a unit's row-limited Scorch affects each opponent individually (§16). Summon, Berserker, Weather and the
Strength rule are the two-player engine's own (:mod:`deckcli.game.abilities`, :mod:`deckcli.game.state`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckcli.game.abilities import clear_weather_cards, discard_from_battlefield, mardroeme_on, transform_berserkers
from deckcli.game.cards import (
    BERSERKER, CLEAR, DECOY, HERO, HORN, MARDROEME, MEDIC, MUSTER, ROW_SCORCH, SCORCH, SPECIAL, SPY, UNIT, WEATHER,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.multiplayer.agents import TableAgents
    from deckcli.game.multiplayer.table import Table

ROW_SCORCH_THRESHOLD = 10
"""§10: a unit's Scorch takes nothing from a row below 10 Strength."""


def play_from_hand(table: Table, player: int, card: int, row: int, target: int, agents: TableAgents) -> None:
    """``player`` plays ``card`` from the hand (§7 A): a unit to ``row`` (a Spy onto side ``target``), a Decoy onto
    unit ``target``, a Horn or Mardroeme on its ``row``, a Weather Card or a Scorch. The action must be one
    :func:`deckcli.game.multiplayer.turns.legal_actions` offers."""
    table.hand[player].remove(card)
    for seen in table.known:
        seen.discard(card)
    play_card(table, player, card, row, target, agents)


def play_card(table: Table, player: int, card: int, row: int, target: int, agents: TableAgents) -> None:
    """``card`` (out of every zone) played by ``player``: from the hand, the deck (Muster, a Leader) or a pile."""
    cards = table.cards
    kind, bits = cards.kind[card], cards.ability[card]
    side = table.team[player]
    if kind == WEATHER:
        if bits & CLEAR:
            _resolve(table, player, card, clear_weather_cards)
        else:
            add_weather(table, side, player, card)
    elif kind == SPECIAL:
        if bits & DECOY:
            decoy(table, player, card, target)
        elif bits & HORN:  # §17: the team's row, whichever teammate's units lie in it
            slot = side * 3 + row
            table.horn[slot] = card
            table.touch(slot)
            table.emit("play", player, card, row)
        elif bits & MARDROEME:
            slot = side * 3 + row
            table.mardroeme[slot].append(card)
            table.emit("play", player, card, row)
            transform_berserkers(table, slot)
        elif bits & SCORCH:
            _resolve(table, player, card, scorch_battlefield)
        else:
            table.discard[side].append(card)
            table.emit("play", player, card)
    else:
        play_unit(table, player, card, row, target, agents)


def _resolve(table: Table, player: int, card: int, effect: Callable[[Table], None]) -> None:
    """Clear Weather (§12) or a Scorch Special Card (§11): on the table while ``effect`` resolves, then discarded
    to its player's side's pile."""
    table.resolving.append(card)
    table.emit("play", player, card)
    effect(table)
    table.resolving.remove(card)
    table.discard[table.team[player]].append(card)


def spy_sides(table: Table, player: int) -> list[int]:
    """The sides a Spy of ``player``'s may be played onto: §16, any opponent (its player chooses which); §17, the
    other team's side."""
    return table.opponents(player)


def play_unit(table: Table, player: int, card: int, row: int, target: int, agents: TableAgents) -> None:
    """A Unit Card played by ``player`` into ``row``, then its abilities (§5, §10). A Spy lands on side ``target``
    (-1: the first side :func:`spy_sides` offers, asked of the player when there are several, §16) and its
    player draws two; a Medic recovers from the side's discard pile (a team's shared one, §17); a row-limited
    Scorch affects each opponent individually (§16)."""
    cards = table.cards
    bits = cards.ability[card]
    side = table.team[player]
    if bits & SPY:
        if target < 0:
            options = spy_sides(table, player)
            target = options[0] if len(options) == 1 else agents.choose(table, player, "spy-side", options, card)
        side = target
        table.spied[card] = table.team[player]
    slot = side * 3 + row
    table.rows[slot].append(card)
    table.touch(slot)
    table.emit("play", player, card, row, **({"side": side} if side != table.team[player] else {}))
    if bits & SPY:
        drawn = table.draw(player, 2)
        if drawn:
            table.emit("draw", player, cards=[cards.name[c] for c in drawn], reason="spy")
    if bits & MEDIC:
        medic(table, player, agents)
    if bits & MUSTER:
        muster(table, player, card, agents)
    if bits & ROW_SCORCH:
        for opponent in table.opponents(player):  # §16: each opponent individually; §17: the one other side
            scorch_row(table, opponent, cards.scorch_row[card])
    if bits & SCORCH:
        scorch_battlefield(table)
    if bits & MARDROEME or (bits & BERSERKER and mardroeme_on(table, slot)):
        transform_berserkers(table, slot)


def choose_row(table: Table, player: int, card: int, agents: TableAgents) -> int:
    """The row ``card`` enters: its only row, or the one its player chooses for an Agile unit (§10)."""
    rows = table.cards.rows[card]
    if len(rows) == 1:
        return rows[0]
    return agents.choose(table, player, "row", list(rows), card)


def medic(table: Table, player: int, agents: TableAgents) -> None:
    """Medic (§10): a non-Hero Unit Card of the player's side's discard pile played at once; in two versus two
    the pile the team shares (§17: "Can recover a unit from the whole team's shared discard pile"); picked at
    random under Emhyr var Emreis: Invader of the North. The unit is played by the Medic's player."""
    pile = table.discard[table.team[player]]
    kind = table.cards.kind
    options = [c for c in pile if kind[c] == UNIT]
    if not options:
        return
    chosen = table.rng.choice(options) if table.random_revive else agents.choose(table, player, "medic", options, -1)
    pile.remove(chosen)
    play_unit(table, player, chosen, choose_row(table, player, chosen, agents), -1, agents)


def muster(table: Table, player: int, card: int, agents: TableAgents) -> None:
    """Muster (§10): every other card of its group in the player's own hand and deck, played at once, then the
    deck shuffled (a teammate's hand and deck are theirs: "your hand and deck")."""
    cards = table.cards
    group = cards.group[card]
    if group < 0:
        return
    found = [(zone, c) for zone in (table.hand[player], table.deck[player]) for c in zone
             if cards.group[c] == group and cards.kind[c] <= HERO]
    for zone, member in found:
        if member not in zone:
            continue
        zone.remove(member)
        for seen in table.known:
            seen.discard(member)
        play_unit(table, player, member, choose_row(table, player, member, agents), -1, agents)
    table.rng.shuffle(table.deck[player])


def scorch_battlefield(table: Table) -> None:
    """Scorch over the whole battlefield (§11; Clan Dimun Pirate, §21): the strongest non-Hero units of every
    side, ties all go; no threshold."""
    discard_from_battlefield(table, table.strongest(table.slots()))


def scorch_row(table: Table, side: int, row: int) -> list[tuple[int, int]]:
    """A row-limited Scorch against ``side``'s ``row`` (§10): its strongest non-Hero units, when the row totals at
    least 10; returns what it discarded."""
    slot = side * 3 + row
    if table.row_total(slot) < ROW_SCORCH_THRESHOLD:
        return []
    victims = table.strongest((slot,))
    discard_from_battlefield(table, victims)
    return victims


def decoy(table: Table, player: int, card: int, target: int) -> None:
    """Decoy (§11): it takes the place of a non-Hero unit on the player's side, which goes back to the Decoy's
    player's hand; in two versus two a unit either teammate played (§17: "Can target a unit played by either
    teammate"). Raises ``ValueError`` when ``target`` is not on that side."""
    side = table.team[player]
    for row in range(3):
        slot = side * 3 + row
        lying = table.rows[slot]
        if target in lying:
            lying[lying.index(target)] = card
            table.touch(slot)
            table.hand[player].append(target)
            for other in range(table.players):
                if table.team[other] != side:
                    table.known[other].add(target)
            table.emit("play", player, card, row, target=table.cards.name[target])
            return
    raise ValueError("a Decoy needs a non-Hero unit on its player's side")


def add_weather(table: Table, side: int, player: int, card: int) -> None:
    """A Weather Card into the shared Weather area (§12): its rows on every side are struck; it will go to the
    discard pile of ``side``, its player's (§9)."""
    table.weather.append(card)
    table.weather_by.append(side)
    mask = table.cards.weather_rows[card]
    table.weather_mask |= mask
    table.touch_weather(mask)
    table.emit("play", player, card)
