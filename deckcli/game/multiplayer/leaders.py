"""Leaders at a Free For All (§16) or two versus two (§17) table.

Each ability is the two-player one (:mod:`deckcli.game.leaders`, the card's text) read for more players:
"your row" is the player's side's row (a team's shared one, §17), "your discard pile" the side's pile, "the
opponent" any opponent. §17 changes one Leader by name: Emhyr var Emreis: The White Flame "cancels every
Leader ability". Where the seed is silent the rulings are these (docs/play.md, "Rulings the seed leaves open"):

- The White Flame in Free For All cancels every opponent's Leader (the two-player text: "the opponent's").
- A Leader that destroys the strongest units of "the opponent's" row at 10 Strength does so against each
  opponent individually, as §16 has a unit's Scorch do.
- The Relentless takes a card from any opponent's discard pile; The Emperor of Nilfgaard shows three random
  cards of the hands of every opposing player together; Crach an Craite returns every discard pile's cards
  to the decks of the players who brought them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from deckcli.game.abilities import clear_weather_cards, discard_from_battlefield, horn_free
from deckcli.game.cards import AGILE, CLOSE, HERO, MARDROEME, RANGED, SIEGE, TIGHT_BOND, UNIT, WEATHER
from deckcli.game.leaders import HORN_ROWS, INVADER, KING_BRAN, TREACHEROUS, WHITE_FLAME
from deckcli.game.multiplayer.play import ROW_SCORCH_THRESHOLD, choose_row, play_card, play_unit
from deckcli.game.multiplayer.table import TEAMS
from deckcli.game.state import LEADER_HORN

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.multiplayer.agents import TableAgents
    from deckcli.game.multiplayer.table import Table


class TableLeader(NamedTuple):
    """An Active Leader at the table: ``usable(table, player)`` says whether using it now would do something;
    ``use`` resolves it; ``horn_row`` and ``scorch_row`` what its text says, for a bot to value it."""

    usable: Callable[[Table, int], bool]
    use: Callable[[Table, int, TableAgents], None]
    horn_row: int = -1
    scorch_row: int = -1


def apply_passives(table: Table) -> None:
    """The Passive Leaders' effects, after The White Flame has cancelled: §17, every Leader ability at a team table
    (but its own, which is the cancelling); in Free For All, every opponent's (a ruling)."""
    for player in range(table.players):
        if table.leader[player] != WHITE_FLAME:
            continue
        for other in range(table.players):
            if other != player and (table.mode == TEAMS or table.team[other] != table.team[player]):
                table.leader_live[other] = False
    for player in range(table.players):
        if not table.leader_live[player]:
            continue
        name = table.leader[player]
        if name == TREACHEROUS:
            table.spy_factor = 2
        elif name == INVADER:
            table.random_revive = True
        elif name == KING_BRAN:
            table.halved[table.team[player]] = True
            table.touch_weather(0b111)


def usable(table: Table, player: int) -> bool:
    """Whether ``player`` may use an Active Leader now: unused, not cancelled, known here, and it would do something."""
    if table.leader_used[player] or not table.leader_live[player]:
        return False
    ability = ACTIVE.get(table.leader[player] or "")
    return ability is not None and ability.usable(table, player)


def use_leader(table: Table, player: int, agents: TableAgents) -> None:
    """``player`` uses the Leader (§7 B): spent for the game, its ability resolved."""
    name = table.leader[player]
    table.leader_used[player] = True
    table.emit("leader", player, name)
    announced = table.log[-1] if table.log is not None else None
    ACTIVE[name or ""].use(table, player, agents)
    if announced is not None:
        announced["scores"] = table.scores()


def _in_deck(table: Table, player: int, test: Callable[[int], bool]) -> list[int]:
    return [card for card in table.deck[player] if test(card)]


def _from_deck(table: Table, player: int, card: int, row: int, agents: TableAgents) -> None:
    table.deck[player].remove(card)
    if table.cards.kind[card] <= HERO:
        play_unit(table, player, card, row if row >= 0 else choose_row(table, player, card, agents), -1, agents)
    else:
        play_card(table, player, card, row, -1, agents)
    table.rng.shuffle(table.deck[player])


def _named(name: str) -> TableLeader:
    """"Search your deck for NAME and play it immediately" (the deck shuffled after)."""

    def found(table: Table, player: int) -> list[int]:
        return _in_deck(table, player, lambda c: table.cards.name[c] == name)

    def use(table: Table, player: int, agents: TableAgents) -> None:
        _from_deck(table, player, found(table, player)[-1], -1, agents)

    return TableLeader(lambda t, p: bool(found(t, p)), use)


def _horn(row: int) -> TableLeader:
    """"Double the Strength of your ROW row, like a Commander's Horn": the side's row (a team's, §17)."""

    def can(table: Table, player: int) -> bool:
        return horn_free(table, table.team[player] * 3 + row)

    def use(table: Table, player: int, agents: TableAgents) -> None:
        slot = table.team[player] * 3 + row
        table.horn[slot] = LEADER_HORN
        table.touch(slot)

    return TableLeader(can, use, horn_row=row)


def _scorch(row: int) -> TableLeader:
    """"If the opponent's ROW row totals 10 or more, destroy their strongest non-Hero unit(s) there": each
    opponent individually (a ruling, after §16's unit Scorch)."""

    def hit(table: Table, player: int) -> list[int]:
        return [side for side in table.opponents(player)
                if table.row_total(side * 3 + row) >= ROW_SCORCH_THRESHOLD and table.strongest((side * 3 + row,))]

    def use(table: Table, player: int, agents: TableAgents) -> None:
        for side in hit(table, player):
            discard_from_battlefield(table, table.strongest((side * 3 + row,)))

    return TableLeader(lambda t, p: bool(hit(t, p)), use, scorch_row=row)


def _piles(table: Table, player: int, own: bool) -> list[int]:
    sides = [table.team[player]] if own else table.opponents(player)
    kind = table.cards.kind
    return [card for side in sides for card in table.discard[side] if kind[card] != HERO]


def _take(own: bool) -> TableLeader:
    """Bringer of Death (the side's pile) and The Relentless (any opponent's): a non-Hero card into the hand (§21)."""

    def use(table: Table, player: int, agents: TableAgents) -> None:
        card = agents.choose(table, player, "discard-to-hand", _piles(table, player, own), -1)
        for pile in table.discard:
            if card in pile:
                pile.remove(card)
        table.hand[player].append(card)
        table.emit("return", player, card, reason="leader")

    return TableLeader(lambda t, p: bool(_piles(t, p, own)), use)


def _destroyer(table: Table, player: int, agents: TableAgents) -> None:
    """Eredin: Destroyer of Worlds: two cards of the hand discarded, then any card of the deck into the hand."""
    side = table.team[player]
    for _ in range(2):
        card = agents.choose(table, player, "discard-from-hand", table.hand[player][:], -1)
        table.hand[player].remove(card)
        table.discard[side].append(card)
        table.emit("discard", player, card, reason="leader")
    card = agents.choose(table, player, "deck-to-hand", table.deck[player][:], -1)
    table.deck[player].remove(card)
    table.hand[player].append(card)
    table.rng.shuffle(table.deck[player])
    table.emit("draw", player, cards=[table.cards.name[card]], reason="leader")


def _pick_from_deck(question: str, test: Callable[[Table, int], bool]) -> TableLeader:
    """A card of the deck of the player's choice, played at once (King of the Wild Hunt: a Weather Card;
    Arnjolf: The Patricide: a Tight Bond unit)."""

    def use(table: Table, player: int, agents: TableAgents) -> None:
        options = _in_deck(table, player, lambda c: test(table, c))
        _from_deck(table, player, agents.choose(table, player, question, options, -1), -1, agents)

    return TableLeader(lambda t, p: bool(_in_deck(t, p, lambda c: test(t, c))), use)


def _harald_can(table: Table, player: int) -> bool:
    return bool(_in_deck(table, player, lambda c: bool(table.cards.ability[c] & MARDROEME) and table.cards.kind[c] > HERO))


def _harald(table: Table, player: int, agents: TableAgents) -> None:
    """Harald an Craite: The Cripple: a Mardroeme from the deck, played on a row of the player's choice."""
    card = _in_deck(table, player, lambda c: bool(table.cards.ability[c] & MARDROEME) and table.cards.kind[c] > HERO)[-1]
    row = agents.choose(table, player, "mardroeme-row", [CLOSE, RANGED, SIEGE], card)
    _from_deck(table, player, card, row, agents)


def _look(table: Table, player: int, agents: TableAgents) -> None:
    """The Emperor of Nilfgaard: three random cards of the opposing players' hands shown to the player."""
    hands = [card for other in range(table.players) if table.team[other] != table.team[player]
             for card in table.hand[other]]
    shown = table.rng.sample(hands, min(3, len(hands)))
    table.known[player].update(shown)
    table.emit("reveal", None, None, cards=[table.cards.name[c] for c in shown], to=player)


def _agile_moves(table: Table, player: int) -> list[tuple[int, int, int]]:
    side = table.team[player]
    moves = []
    cards = table.cards
    for row, other in ((CLOSE, RANGED), (RANGED, CLOSE)):
        slot = side * 3 + row
        for card, value in zip(table.rows[slot][:], table.row_values(slot)):
            if not cards.ability[card] & AGILE or cards.kind[card] != UNIT:
                continue
            if table.row_total_with(side * 3 + other, card) - table.row_total(side * 3 + other) > value:
                moves.append((card, row, other))
    return moves


def _hope(table: Table, player: int, agents: TableAgents) -> None:
    """Hope of the Aen Seidhe: each Agile unit of the side moved to the row where it is stronger."""
    side = table.team[player]
    for card, row, other in _agile_moves(table, player):
        table.rows[side * 3 + row].remove(card)
        table.rows[side * 3 + other].append(card)
        table.touch(side * 3 + row)
        table.touch(side * 3 + other)


def _crach(table: Table, player: int, agents: TableAgents) -> None:
    """Crach an Craite: every discard pile shuffled back into the decks, each card to its owner's."""
    for pile in table.discard:
        for card in pile:
            table.deck[table.owner[card]].append(card)
        pile.clear()
    for deck in table.deck:
        table.rng.shuffle(deck)


ACTIVE: dict[str, TableLeader] = {
    "Eredin: Bringer of Death": _take(own=True),
    "Eredin: Destroyer of Worlds": TableLeader(lambda t, p: len(t.hand[p]) >= 2 and bool(t.deck[p]), _destroyer),
    "Eredin: King of the Wild Hunt": _pick_from_deck("weather-from-deck", lambda t, c: t.cards.kind[c] == WEATHER),
    "Emhyr var Emreis: Emperor of Nilfgaard": TableLeader(
        lambda t, p: any(t.hand[o] for o in range(t.players) if t.team[o] != t.team[p]), _look),
    "Emhyr var Emreis: His Imperial Majesty": _named("Torrential Rain"),
    "Emhyr var Emreis: The Relentless": _take(own=False),
    "Foltest: King of Temeria": _named("Impenetrable Fog"),
    "Foltest: Lord Commander of the North": TableLeader(lambda t, p: bool(t.weather),
                                                        lambda t, p, a: clear_weather_cards(t)),
    "Foltest: Son of Medell": _scorch(RANGED),
    "Foltest: The Steel-Forged": _scorch(SIEGE),
    "Francesca Findabair: Hope of the Aen Seidhe": TableLeader(lambda t, p: bool(_agile_moves(t, p)), _hope),
    "Francesca Findabair: Pureblood Elf": _named("Biting Frost"),
    "Francesca Findabair: Queen of Dol Blathanna": _scorch(CLOSE),
    "Arnjolf: The Patricide": _pick_from_deck(
        "bond-from-deck", lambda t, c: bool(t.cards.ability[c] & TIGHT_BOND) and t.cards.kind[c] == UNIT),
    "Harald an Craite: The Cripple": TableLeader(_harald_can, _harald),
    "Crach an Craite": TableLeader(lambda t, p: any(t.discard), _crach),
    **{name: _horn(row) for name, row in HORN_ROWS.items()},
}
"""Every Active Leader the two-player engine plays, read for these modes."""
