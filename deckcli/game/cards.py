"""The cards of one game, compiled for play: every physical copy is an integer, its facts flat lists.

A game never looks a card up by name while it runs. Each copy on the table (the main decks, the
side decks) gets an instance number when the game is built; ``GameCards`` holds what the catalog
says of it in lists indexed by that number, shared by every copy of the game a search makes.

Rows are numbered ``CLOSE`` 0, ``RANGED`` 1, ``SIEGE`` 2 (rulebook §4); abilities are bits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from deckcli.game.actions import PLAY

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog
    from deckcli.deck.resolution import ResolvedDeck

CLOSE, RANGED, SIEGE = 0, 1, 2
ROW_CODES = ("close", "ranged", "siege")
"""Row numbers to the catalog's row codes."""
ROW_NUMBERS = {code: number for number, code in enumerate(ROW_CODES)}
ROW_NAMES = ("Close Combat", "Ranged Combat", "Siege")
"""Row numbers to the rows' names in the game's terms (§4)."""

UNIT, HERO, SPECIAL, WEATHER = 0, 1, 2, 3
"""Kinds of a card in play. Heroes are Unit Cards (§2) with their own kind so that every modifier
can skip them in one comparison (§5)."""
_KINDS = {"unit": UNIT, "hero": HERO, "special": SPECIAL, "weather": WEATHER}

AGILE = 1 << 0
HORN = 1 << 1
MEDIC = 1 << 2
MORALE = 1 << 3
MUSTER = 1 << 4
TIGHT_BOND = 1 << 5
SCORCH = 1 << 6
"""Scorch over the whole battlefield: the Special Card, and Clan Dimun Pirate (§11, §21)."""
ROW_SCORCH = 1 << 7
"""Scorch on one of the opponent's rows with the 10-Strength threshold (§10); the row is ``scorch_row``."""
SPY = 1 << 8
SUMMON = 1 << 9
BERSERKER = 1 << 10
MARDROEME = 1 << 11
DECOY = 1 << 12
CLEAR = 1 << 13

_ABILITY_BITS = {
    "agile": AGILE, "horn": HORN, "medic": MEDIC, "morale": MORALE, "muster": MUSTER,
    "tight-bond": TIGHT_BOND, "scorch": SCORCH, "scorch-close": ROW_SCORCH, "scorch-ranged": ROW_SCORCH,
    "scorch-siege": ROW_SCORCH, "spy": SPY, "summon": SUMMON, "berserker": BERSERKER, "mardroeme": MARDROEME,
    "decoy": DECOY, "clear": CLEAR,
}
_WEATHER_ROWS = {"frost": 1 << CLOSE, "fog": 1 << RANGED, "rain": 1 << SIEGE, "storm": (1 << RANGED) | (1 << SIEGE)}
"""Weather abilities to the rows they strike, as a bit mask of row numbers (§12)."""


class GameDeck(NamedTuple):
    """One player's cards for a game: the faction slug, the Leader (``None``: no Leader ability), the main
    deck with one entry per copy, and the side deck set aside beside the play area (§2)."""

    faction: str
    leader: Card | None
    cards: tuple[Card, ...]
    side: tuple[Card, ...] = ()


def deck_from_resolved(deck: ResolvedDeck, catalog: Catalog) -> GameDeck:
    """The cards a resolved deck file brings to the table.

    The main deck is ``[cards]``, one entry per copy. The side deck is ``[side]`` when the file has
    one; a file without ``[side]`` sets aside what its faction's set prints of each side-deck card its
    Summon and Berserker cards need (§2: they wait beside the play area, they are in the box).
    Names the catalog does not know are left out (``validate`` reports them).
    """
    cards = tuple(placed.card for placed in deck.main.values() for _ in range(placed.copies))
    if deck.side:
        side = tuple(placed.card for placed in deck.side.values() for _ in range(placed.copies))
    else:
        needed = dict.fromkeys(card.side_deck_card for card in cards if card.side_deck_card)
        side = tuple(
            catalog.cards[name]
            for name in needed
            if name is not None and name in catalog.cards
            for _ in range(deck.faction.copies.get(name, 1))
        )
    leader = deck.leaders[0].card if len(deck.leaders) == 1 else None
    return GameDeck(deck.faction.slug, leader, cards, side)


class GameCards:
    """What every card instance of one game is, in lists indexed by instance number.

    ``power`` is the printed Strength (0 for Special and Weather Cards); ``rows`` the rows a unit may
    enter, in the catalog's order (an Agile unit has two, §10); ``group`` a number shared by the cards
    of one Muster or Tight Bond group (-1 for none); ``scorch_row`` the opponent's row a row-limited
    Scorch looks at (-1 for none); ``weather_rows`` the rows a Weather Card strikes, as a bit mask;
    ``side_card`` the name of the side-deck card a Summon or Berserker card brings (§10); ``plays`` the actions that
    play the card from the hand whatever lies on the board (a unit into each of its rows, a Weather Card, a Scorch;
    none for a card whose actions depend on the board: a Horn, a Mardroeme, a Decoy), made once.
    """

    __slots__ = ("card", "name", "kind", "power", "rows", "ability", "group", "scorch_row", "weather_rows",
                 "side_card", "plays", "_groups")

    def __init__(self) -> None:
        self.card: list[Card] = []
        self.name: list[str] = []
        self.kind: list[int] = []
        self.power: list[int] = []
        self.rows: list[tuple[int, ...]] = []
        self.ability: list[int] = []
        self.group: list[int] = []
        self.scorch_row: list[int] = []
        self.weather_rows: list[int] = []
        self.side_card: list[str | None] = []
        self.plays: list[tuple[tuple[int, int, int, int], ...]] = []
        self._groups: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self.card)

    def add(self, card: Card) -> int:
        """A new instance of ``card``; returns its number."""
        bits = 0
        scorch_row = -1
        weather = 0
        for code in card.abilities:
            bits |= _ABILITY_BITS.get(code, 0)
            weather |= _WEATHER_ROWS.get(code, 0)
            if code.startswith("scorch-"):
                scorch_row = ROW_NUMBERS[code[len("scorch-"):]]
        self.card.append(card)
        self.name.append(card.name)
        self.kind.append(_KINDS.get(card.kind, SPECIAL))
        self.power.append(card.strength or 0)
        self.rows.append(tuple(ROW_NUMBERS[row] for row in card.rows))
        self.ability.append(bits)
        self.group.append(self._groups.setdefault(card.group, len(self._groups)) if card.group else -1)
        self.scorch_row.append(scorch_row)
        self.weather_rows.append(weather)
        self.side_card.append(card.side_deck_card)
        instance = len(self.card) - 1
        kind = self.kind[instance]
        if kind <= HERO:
            self.plays.append(tuple((PLAY, instance, row, -1) for row in self.rows[instance]))
        elif kind == WEATHER or not bits & (DECOY | HORN | MARDROEME):
            self.plays.append(((PLAY, instance, -1, -1),))
        else:
            self.plays.append(())
        return instance

    def is_unit(self, instance: int) -> bool:
        """A Unit Card, Heroes included (§2)."""
        return self.kind[instance] <= HERO
