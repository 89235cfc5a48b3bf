"""Every Leader of the catalog, in play (rulebook §5; each ability's text is its card's ``leader_ability``).

An Active ability is used once per game and takes the turn (§5, §7 B); a Passive one holds from the
start without a turn (:func:`apply_passives`). Emhyr var Emreis: The White Flame cancels the
opponent's Leader, Passive or Active. Where the text leaves a choice (which card, which row), the
player makes it through its agent; where a card's text contradicts a general rule, the card wins
(§9, the golden rule). A Leader never touches a Hero (§5): Bringer of Death and The Relentless take
no Hero from a discard pile (§21), and a Leader's Scorch spares Heroes.

A Leader unknown to this table (a player's own catalog may name one) has no ability in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from deckcli.game.abilities import (
    clear_weather_cards, discard_from_battlefield, horn_free, play_card, play_unit,
)
from deckcli.game.cards import AGILE, CLOSE, HERO, MARDROEME, RANGED, SIEGE, TIGHT_BOND, UNIT, WEATHER
from deckcli.game.state import LEADER_HORN

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.agents import Agents
    from deckcli.game.state import Game

TREACHEROUS = "Eredin Bréacc Glas: The Treacherous"
INVADER = "Emhyr var Emreis: Invader of the North"
WHITE_FLAME = "Emhyr var Emreis: The White Flame"
DAISY = "Francesca Findabair: Daisy of the Valley"
KING_BRAN = "King Bran"
PASSIVE = (TREACHEROUS, INVADER, WHITE_FLAME, DAISY, KING_BRAN)
"""The Passive Leaders (their catalog ``activation``)."""
HORN_ROWS = {
    "Eredin: Commander of the Red Riders": CLOSE,
    "Foltest: The Siegemaster": SIEGE,
    "Francesca Findabair: The Beautiful": RANGED,
}
"""The Leaders that double one of their rows "like a Commander's Horn", and that row."""


class LeaderAbility(NamedTuple):
    """An Active Leader: ``usable(game, player)`` says whether using it now would do anything; ``use``
    resolves it. What its text says, for a bot to value it as it values the card it is like (the text is
    public): ``horn_row``, the row it doubles "like a Commander's Horn"; ``scorch_row``, the opponent's row
    whose strongest units it destroys at 10 Strength; ``plays``, the card it finds in the deck and plays
    (-1 and "": it does none of these)."""

    usable: Callable[[Game, int], bool]
    use: Callable[[Game, int, Agents], None]
    horn_row: int = -1
    scorch_row: int = -1
    plays: str = ""


def apply_passives(game: Game) -> None:
    """Set the game's Passive Leader effects, after The White Flame has cancelled what it cancels."""
    for player in (0, 1):
        if game.leader[player] == WHITE_FLAME:
            game.leader_live[1 - player] = False
    for player in (0, 1):
        if not game.leader_live[player]:
            continue
        name = game.leader[player]
        if name == TREACHEROUS:
            game.spy_factor = 2
        elif name == INVADER:
            game.random_revive = True
        elif name == KING_BRAN:
            game.halved[player] = True
            game.touch_weather(0b111)


def opening_hand_size(game: Game, player: int) -> int:
    """10 cards (§6); 11 with Francesca Findabair: Daisy of the Valley, unless she is cancelled."""
    return 11 if game.leader[player] == DAISY and game.leader_live[player] else 10


def usable(game: Game, player: int) -> bool:
    """Whether ``player`` may use an Active Leader now: unused, not cancelled, and it would do something."""
    if game.leader_used[player] or not game.leader_live[player]:
        return False
    ability = ACTIVE.get(game.leader[player] or "")
    return ability is not None and ability.usable(game, player)


def use_leader(game: Game, player: int, agents: Agents) -> None:
    """``player`` uses the Leader (§7 B): it is spent for the game, and its ability resolves."""
    name = game.leader[player]
    game.leader_used[player] = True
    ability = ACTIVE[name or ""]
    game.emit("leader", player, name)
    announced = game.log[-1] if game.log is not None else None
    ability.use(game, player, agents)
    if announced is not None:  # an effect that logged no event of its own (a Horn, Hope's moves) is the Leader's
        game.restamp(announced)


def _named_in_deck(game: Game, player: int, name: str) -> int | None:
    names = game.cards.name
    for card in reversed(game.deck[player]):
        if names[card] == name:
            return card
    return None


def _play_from_deck(name: str) -> LeaderAbility:
    """"Search your deck for NAME and play it immediately": the deck is shuffled after the search."""

    def can(game: Game, player: int) -> bool:
        return _named_in_deck(game, player, name) is not None

    def use(game: Game, player: int, agents: Agents) -> None:
        card = _named_in_deck(game, player, name)
        if card is None:
            return
        game.deck[player].remove(card)
        play_card(game, player, card, -1, -1, agents)
        game.rng.shuffle(game.deck[player])

    return LeaderAbility(can, use, plays=name)


def _horn(row: int) -> LeaderAbility:
    """"Double the Strength of your ROW row, like a Commander's Horn": the row's Horn zone is taken for the
    round; no effect where a Horn already affects the row (§21), so it is not offered there."""

    def can(game: Game, player: int) -> bool:
        return horn_free(game, player * 3 + row)

    def use(game: Game, player: int, agents: Agents) -> None:
        slot = player * 3 + row
        game.horn[slot] = LEADER_HORN
        game.touch(slot)

    return LeaderAbility(can, use, row)


def _scorch(row: int) -> LeaderAbility:
    """"If the opponent's ROW row totals 10 Strength or more, destroy their strongest non-Hero unit(s) there"."""

    def can(game: Game, player: int) -> bool:
        slot = (1 - player) * 3 + row
        return game.row_total(slot) >= 10 and bool(game.strongest((slot,)))

    def use(game: Game, player: int, agents: Agents) -> None:
        slot = (1 - player) * 3 + row
        if game.row_total(slot) >= 10:
            discard_from_battlefield(game, game.strongest((slot,)))

    return LeaderAbility(can, use, scorch_row=row)


def _not_hero(game: Game, pile: list[int]) -> list[int]:
    kind = game.cards.kind
    return [card for card in pile if kind[card] != HERO]


def _take_from_discard(own: bool) -> LeaderAbility:
    """Bringer of Death (own pile) and The Relentless (the opponent's): one non-Hero card of the player's
    choice from that discard pile into the player's hand (§21)."""

    def pile(game: Game, player: int) -> list[int]:
        return game.discard[player if own else 1 - player]

    def can(game: Game, player: int) -> bool:
        return bool(_not_hero(game, pile(game, player)))

    def use(game: Game, player: int, agents: Agents) -> None:
        options = _not_hero(game, pile(game, player))
        card = agents.choose(game, player, "discard-to-hand", options, -1)
        pile(game, player).remove(card)
        game.hand[player].append(card)
        game.known[1 - player].add(card)
        game.emit("return", player, card, reason="leader")

    return LeaderAbility(can, use)


def _destroyer_can(game: Game, player: int) -> bool:
    return len(game.hand[player]) >= 2 and bool(game.deck[player])


def _destroyer(game: Game, player: int, agents: Agents) -> None:
    """Eredin: Destroyer of Worlds: two cards of the hand discarded, then any one card of the deck taken
    into the hand (the deck shuffled after the search)."""
    for _ in range(2):
        card = agents.choose(game, player, "discard-from-hand", game.hand[player][:], -1)
        game.hand[player].remove(card)
        game.known[1 - player].discard(card)
        game.discard[player].append(card)
        game.emit("discard", player, card, reason="leader")
    card = agents.choose(game, player, "deck-to-hand", game.deck[player][:], -1)
    game.deck[player].remove(card)
    game.hand[player].append(card)
    game.rng.shuffle(game.deck[player])
    game.emit("draw", player, cards=[game.cards.name[card]], reason="leader")


def _weather_in_deck(game: Game, player: int) -> list[int]:
    kind = game.cards.kind
    return [card for card in game.deck[player] if kind[card] == WEATHER]


def _wild_hunt(game: Game, player: int, agents: Agents) -> None:
    """Eredin: King of the Wild Hunt: any one Weather Card of the deck, played at once."""
    card = agents.choose(game, player, "weather-from-deck", _weather_in_deck(game, player), -1)
    game.deck[player].remove(card)
    play_card(game, player, card, -1, -1, agents)
    game.rng.shuffle(game.deck[player])


def _look_can(game: Game, player: int) -> bool:
    return bool(game.hand[1 - player])


def _look(game: Game, player: int, agents: Agents) -> None:
    """Emhyr var Emreis: The Emperor of Nilfgaard: three random cards of the opponent's hand shown to the player."""
    hand = game.hand[1 - player]
    shown = game.rng.sample(hand, min(3, len(hand)))
    game.known[player].update(shown)
    game.emit("reveal", 1 - player, None, cards=[game.cards.name[c] for c in shown], to=player)


def _weather_can(game: Game, player: int) -> bool:
    return bool(game.weather)


def _clear(game: Game, player: int, agents: Agents) -> None:
    """Foltest: Lord Commander of the North: every Weather Card's effect removed (the cards discarded)."""
    clear_weather_cards(game)


def _agile_moves(game: Game, player: int) -> list[tuple[int, int, int]]:
    """Each Agile unit of ``player``'s that would be stronger in its other row: ``(card, from_row, to_row)``."""
    moves = []
    cards = game.cards
    for row, other in ((CLOSE, RANGED), (RANGED, CLOSE)):
        slot = player * 3 + row
        for card, value in zip(game.rows[slot][:], game.row_values(slot)):
            if not cards.ability[card] & AGILE or cards.kind[card] != UNIT:
                continue
            target = player * 3 + other
            game.rows[target].append(card)
            moved = game.row_values(target)[-1]
            game.rows[target].pop()
            if moved > value:
                moves.append((card, row, other))
    return moves


def _hope_can(game: Game, player: int) -> bool:
    return bool(_agile_moves(game, player))


def _hope(game: Game, player: int, agents: Agents) -> None:
    """Francesca Findabair: Hope of the Aen Seidhe: each Agile unit moved to the row where its own Strength
    is higher; units already best placed stay."""
    for card, row, other in _agile_moves(game, player):
        game.rows[player * 3 + row].remove(card)
        game.rows[player * 3 + other].append(card)
        game.touch(player * 3 + row)
        game.touch(player * 3 + other)


def _bond_in_deck(game: Game, player: int) -> list[int]:
    cards = game.cards
    return [c for c in game.deck[player] if cards.ability[c] & TIGHT_BOND and cards.kind[c] == UNIT]


def _arnjolf(game: Game, player: int, agents: Agents) -> None:
    """Arnjolf: The Patricide: a Tight Bond unit of the player's choice from the deck, played at once."""
    from deckcli.game.abilities import choose_row

    card = agents.choose(game, player, "bond-from-deck", _bond_in_deck(game, player), -1)
    game.deck[player].remove(card)
    play_unit(game, player, card, choose_row(game, player, card, agents), agents)
    game.rng.shuffle(game.deck[player])


def _mardroeme_in_deck(game: Game, player: int) -> int | None:
    cards = game.cards
    return next((c for c in reversed(game.deck[player]) if cards.ability[c] & MARDROEME
                 and cards.kind[c] > HERO), None)


def _harald(game: Game, player: int, agents: Agents) -> None:
    """Harald an Craite: The Cripple: a Mardroeme from the deck, played at once on a row of the player's choice."""
    card = _mardroeme_in_deck(game, player)
    if card is None:
        return
    row = agents.choose(game, player, "mardroeme-row", [CLOSE, RANGED, SIEGE], card)
    game.deck[player].remove(card)
    play_card(game, player, card, row, -1, agents)
    game.rng.shuffle(game.deck[player])


def _crach_can(game: Game, player: int) -> bool:
    return bool(game.discard[0] or game.discard[1])


def _crach(game: Game, player: int, agents: Agents) -> None:
    """Crach an Craite: both players shuffle their whole discard pile back into their deck."""
    for side in (0, 1):
        game.deck[side].extend(game.discard[side])
        game.discard[side].clear()
        game.rng.shuffle(game.deck[side])


ACTIVE: dict[str, LeaderAbility] = {
    "Eredin: Bringer of Death": _take_from_discard(own=True),
    "Eredin: Destroyer of Worlds": LeaderAbility(_destroyer_can, _destroyer),
    "Eredin: King of the Wild Hunt": LeaderAbility(lambda g, p: bool(_weather_in_deck(g, p)), _wild_hunt),
    "Emhyr var Emreis: Emperor of Nilfgaard": LeaderAbility(_look_can, _look),
    "Emhyr var Emreis: His Imperial Majesty": _play_from_deck("Torrential Rain"),
    "Emhyr var Emreis: The Relentless": _take_from_discard(own=False),
    "Foltest: King of Temeria": _play_from_deck("Impenetrable Fog"),
    "Foltest: Lord Commander of the North": LeaderAbility(_weather_can, _clear),
    "Foltest: Son of Medell": _scorch(RANGED),
    "Foltest: The Steel-Forged": _scorch(SIEGE),
    "Francesca Findabair: Hope of the Aen Seidhe": LeaderAbility(_hope_can, _hope),
    "Francesca Findabair: Pureblood Elf": _play_from_deck("Biting Frost"),
    "Francesca Findabair: Queen of Dol Blathanna": _scorch(CLOSE),
    "Arnjolf: The Patricide": LeaderAbility(lambda g, p: bool(_bond_in_deck(g, p)), _arnjolf),
    "Harald an Craite: The Cripple": LeaderAbility(lambda g, p: _mardroeme_in_deck(g, p) is not None, _harald),
    "Crach an Craite": LeaderAbility(_crach_can, _crach),
    **{name: _horn(row) for name, row in HORN_ROWS.items()},
}
"""Every Active Leader of the catalog by name (each entry's docstring or factory says what its text means)."""

KNOWN = frozenset(ACTIVE) | frozenset(PASSIVE)
"""Every Leader the engine plays; any other has no ability in play."""
