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
    ROW_SCORCH_THRESHOLD, clear_weather_cards, discard_from_battlefield, horn_free, play_at_row, play_card,
)
from deckcli.game.actions import Decision, continuation
from deckcli.game.cards import AGILE, CLOSE, HERO, MARDROEME, RANGED, SIEGE, TIGHT_BOND, UNIT, WEATHER
from deckcli.game.state import leader_horn

if TYPE_CHECKING:
    from collections.abc import Callable

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
    resolves it (stopping on a decision where its text leaves a choice). What its text says, for a bot to value
    it as it values the card it is like (the text is public): ``horn_row``, the row it doubles "like a Commander's
    Horn"; ``scorch_row``, the opposing row whose strongest units it destroys at 10 Strength; ``plays``, the card it
    finds in the deck and plays (-1 and "": it does none of these)."""

    usable: Callable[[Game, int], bool]
    use: Callable[[Game, int], None]
    horn_row: int = -1
    scorch_row: int = -1
    plays: str = ""


def apply_passives(game: Game) -> None:
    """Set the game's Passive Leader effects, after The White Flame has cancelled what it cancels: the opponents'
    Leaders (every opponent's in Free For All, a ruling), every other Leader in two versus two (§17)
    (:meth:`deckcli.game.modes.Mode.cancelled_by`)."""
    for player in range(game.players):
        if game.leader[player] == WHITE_FLAME:
            for other in game.mode.cancelled_by(game, player):
                game.leader_live[other] = False
    for player in range(game.players):
        if not game.leader_live[player]:
            continue
        name = game.leader[player]
        if name == TREACHEROUS:
            game.spy_factor = 2
        elif name == INVADER:
            game.random_revive = True
        elif name == KING_BRAN:
            game.halved[game.side_of[player]] = True
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


def use_leader(game: Game, player: int) -> None:
    """``player`` uses the Leader (§7 B): it is spent for the game, and its ability resolves."""
    name = game.leader[player]
    game.leader_used[player] = True
    ability = ACTIVE[name or ""]
    game.emit("leader", player, name)
    if game.log is not None:  # an effect that logs no event of its own (a Horn, Hope's moves) is the Leader's
        game.frames.append((_restamp, player, len(game.log) - 1))
    ability.use(game, player)


@continuation
def _restamp(game: Game, player: int, index: int) -> None:
    if game.log is not None and len(game.log) == index + 1:
        game.restamp(game.log[index])


@continuation
def _shuffle_deck(game: Game, player: int) -> None:
    """A deck a Leader searched, shuffled once the card it found has resolved."""
    game.rng.shuffle(game.deck[player])


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

    def use(game: Game, player: int) -> None:
        card = _named_in_deck(game, player, name)
        if card is None:
            return
        game.deck[player].remove(card)
        game.frames.append((_shuffle_deck, player))
        play_card(game, player, card, -1, -1)

    return LeaderAbility(can, use, plays=name)


def _horn(row: int) -> LeaderAbility:
    """"Double the Strength of your ROW row, like a Commander's Horn": the row's Horn zone (a team's, §17) is taken
    for the round; no effect where a Horn already affects the row (§21), so it is not offered there."""

    def can(game: Game, player: int) -> bool:
        return horn_free(game, game.side_of[player] * 3 + row)

    def use(game: Game, player: int) -> None:
        slot = game.side_of[player] * 3 + row
        game.horn[slot] = leader_horn(player)
        game.touch(slot)

    return LeaderAbility(can, use, row)


def _scorch(row: int) -> LeaderAbility:
    """"If the opponent's ROW row totals 10 Strength or more, destroy their strongest non-Hero unit(s) there": at
    a table of several opponents, against each of them individually, as §16 has a unit's Scorch do (a ruling)."""

    def hit(game: Game, player: int) -> list[int]:
        return [side for side in game.opponents[player]
                if game.row_total(side * 3 + row) >= ROW_SCORCH_THRESHOLD and game.strongest((side * 3 + row,))]

    def can(game: Game, player: int) -> bool:
        return bool(hit(game, player))

    def use(game: Game, player: int) -> None:
        for side in hit(game, player):
            discard_from_battlefield(game, game.strongest((side * 3 + row,)))

    return LeaderAbility(can, use, scorch_row=row)


def _not_hero(game: Game, pile: list[int]) -> list[int]:
    kind = game.cards.kind
    return [card for card in pile if kind[card] != HERO]


def _take_from_discard(own: bool) -> LeaderAbility:
    """Bringer of Death (its side's pile) and The Relentless (an opponent's; at a table of several, any of them, a
    ruling): one non-Hero card of the player's choice from that discard pile into the player's hand (§21)."""

    def options(game: Game, player: int) -> list[int]:
        sides = (game.side_of[player],) if own else game.opponents[player]
        return [card for side in sides for card in _not_hero(game, game.discard[side])]

    def can(game: Game, player: int) -> bool:
        return bool(options(game, player))

    def use(game: Game, player: int) -> None:
        game.decision = Decision(player, "discard-to-hand", options(game, player), -1, (_taken_to_hand, player))

    return LeaderAbility(can, use)


@continuation
def _taken_to_hand(game: Game, player: int, card: int) -> None:
    for pile in game.discard:
        if card in pile:
            pile.remove(card)
            break
    game.hand[player].append(card)
    game.shown_to_foes(player, card)
    game.emit("return", player, card, reason="leader")


def _destroyer_can(game: Game, player: int) -> bool:
    return len(game.hand[player]) >= 2 and bool(game.deck[player])


def _destroyer(game: Game, player: int) -> None:
    """Eredin: Destroyer of Worlds: two cards of the hand discarded, then any one card of the deck taken
    into the hand (the deck shuffled after the search)."""
    _destroyer_discards(game, player, 2)


def _destroyer_discards(game: Game, player: int, left: int) -> None:
    if left:
        game.decision = Decision(player, "discard-from-hand", game.hand[player][:], -1,
                                 (_destroyer_discarded, player, left))
    else:
        game.decision = Decision(player, "deck-to-hand", game.deck[player][:], -1, (_destroyer_took, player))


@continuation
def _destroyer_discarded(game: Game, player: int, left: int, card: int) -> None:
    game.hand[player].remove(card)
    game.left_hand(player, card)
    game.discard[game.side_of[player]].append(card)
    game.emit("discard", player, card, reason="leader")
    _destroyer_discards(game, player, left - 1)


@continuation
def _destroyer_took(game: Game, player: int, card: int) -> None:
    game.deck[player].remove(card)
    game.hand[player].append(card)
    game.rng.shuffle(game.deck[player])
    game.emit("draw", player, cards=[game.cards.name[card]], reason="leader")


def _weather_in_deck(game: Game, player: int) -> list[int]:
    kind = game.cards.kind
    return [card for card in game.deck[player] if kind[card] == WEATHER]


def _wild_hunt(game: Game, player: int) -> None:
    """Eredin: King of the Wild Hunt: any one Weather Card of the deck, played at once."""
    game.decision = Decision(player, "weather-from-deck", _weather_in_deck(game, player), -1,
                             (_played_from_deck, player, -1))


@continuation
def _played_from_deck(game: Game, player: int, row: int, card: int) -> None:
    """``card`` of the deck, chosen by a Leader, played (on ``row`` when it takes one); the deck shuffled after."""
    game.deck[player].remove(card)
    game.frames.append((_shuffle_deck, player))
    if game.cards.kind[card] <= HERO:
        play_at_row(game, player, card)
    else:
        play_card(game, player, card, row, -1)


def _look_can(game: Game, player: int) -> bool:
    return any(game.hand[foe] for foe in game.foes[player])


def _look(game: Game, player: int) -> None:
    """Emhyr var Emreis: The Emperor of Nilfgaard: three random cards of the opponent's hand shown to the player
    (at a table of several opponents, of their hands together, a ruling)."""
    foes = game.foes[player]
    hands = [card for foe in foes for card in game.hand[foe]]
    shown = game.rng.sample(hands, min(3, len(hands)))
    game.known[player].update(shown)
    game.emit("reveal", foes[0] if len(foes) == 1 else None, None, cards=[game.cards.name[c] for c in shown],
              to=player)


def _weather_can(game: Game, player: int) -> bool:
    return bool(game.weather)


def _clear(game: Game, player: int) -> None:
    """Foltest: Lord Commander of the North: every Weather Card's effect removed (the cards discarded)."""
    clear_weather_cards(game)


def _agile_moves(game: Game, player: int) -> list[tuple[int, int, int]]:
    """Each Agile unit of ``player``'s side that would be stronger in its other row: ``(card, from_row, to_row)``."""
    moves = []
    cards = game.cards
    base = game.side_of[player] * 3
    for row, other in ((CLOSE, RANGED), (RANGED, CLOSE)):
        slot = base + row
        for card, value in zip(game.rows[slot][:], game.row_values(slot)):
            if not cards.ability[card] & AGILE or cards.kind[card] != UNIT:
                continue
            target = base + other
            game.rows[target].append(card)
            moved = game.row_values(target)[-1]
            game.rows[target].pop()
            if moved > value:
                moves.append((card, row, other))
    return moves


def _hope_can(game: Game, player: int) -> bool:
    return bool(_agile_moves(game, player))


def _hope(game: Game, player: int) -> None:
    """Francesca Findabair: Hope of the Aen Seidhe: each Agile unit moved to the row where its own Strength
    is higher; units already best placed stay."""
    base = game.side_of[player] * 3
    for card, row, other in _agile_moves(game, player):
        game.rows[base + row].remove(card)
        game.rows[base + other].append(card)
        game.touch(base + row)
        game.touch(base + other)


def _bond_in_deck(game: Game, player: int) -> list[int]:
    cards = game.cards
    return [c for c in game.deck[player] if cards.ability[c] & TIGHT_BOND and cards.kind[c] == UNIT]


def _arnjolf(game: Game, player: int) -> None:
    """Arnjolf: The Patricide: a Tight Bond unit of the player's choice from the deck, played at once."""
    game.decision = Decision(player, "bond-from-deck", _bond_in_deck(game, player), -1,
                             (_played_from_deck, player, -1))


def _mardroeme_in_deck(game: Game, player: int) -> int | None:
    cards = game.cards
    return next((c for c in reversed(game.deck[player]) if cards.ability[c] & MARDROEME
                 and cards.kind[c] > HERO), None)


def _harald(game: Game, player: int) -> None:
    """Harald an Craite: The Cripple: a Mardroeme from the deck, played at once on a row of the player's choice."""
    card = _mardroeme_in_deck(game, player)
    if card is None:
        return
    game.decision = Decision(player, "mardroeme-row", [CLOSE, RANGED, SIEGE], card, (_harald_row, player, card))


@continuation
def _harald_row(game: Game, player: int, card: int, row: int) -> None:
    _played_from_deck(game, player, row, card)


def _crach_can(game: Game, player: int) -> bool:
    return any(game.discard)


def _crach(game: Game, player: int) -> None:
    """Crach an Craite: every player shuffles their side's whole discard pile back into their deck. A team's shared
    pile goes back card by card into the deck of the teammate who brought it (a card of the other team's, the
    team's first player's)."""
    for side, pile in enumerate(game.discard):
        members = game.members(side)
        for card in pile:
            owner = game.owner[card]
            game.deck[owner if game.side_of[owner] == side else members[0]].append(card)
        pile.clear()
        for player_of_side in members:
            game.rng.shuffle(game.deck[player_of_side])


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
