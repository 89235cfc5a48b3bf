"""The card catalog's records: a card, a faction's set, and the catalog that looks names up.

A faction's *set* is its own cards plus the neutral ones; ``copies`` is always
"copies printed in one faction's set" (rulebook §1)."""

from __future__ import annotations

import functools
from typing import NamedTuple

from deckcli.catalog.names import fold, head, suggest

KINDS = ("leader", "unit", "hero", "special", "weather")


ROWS = ("close", "ranged", "siege")


ROW_NAMES = {"close": "Close Combat", "ranged": "Ranged Combat", "siege": "Siege"}


NEUTRAL = "neutral"


class Card(NamedTuple):
    """One distinct card.

    ``strength`` is the printed Strength (``None`` for Leaders, Special and
    Weather Cards); ``rows`` the rows it may enter (Agile: Close and Ranged);
    ``group`` its Muster or Tight Bond group; ``side_deck_card`` the side-deck
    card its Summon or Berserker ability brings; ``home`` the faction slug, or
    ``"neutral"`` for cards every set prints.
    """

    name: str
    kind: str
    home: str
    strength: int | None = None
    rows: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    group: str | None = None
    side_deck_card: str | None = None
    side_deck: bool = False
    aliases: tuple[str, ...] = ()
    leader_ability: str | None = None
    activation: str | None = None
    copies_reconstructed: bool = False
    """Whether the catalog's copies of this card are reconstructed (reference notes) rather than confirmed."""

    @property
    def is_leader(self) -> bool:
        return self.kind == "leader"

    @property
    def is_unit(self) -> bool:
        """Heroes are Unit Cards too (rulebook §2)."""
        return self.kind in ("unit", "hero")

    @property
    def is_hero(self) -> bool:
        return self.kind == "hero"

    @property
    def is_special(self) -> bool:
        """Weather Cards are Special Cards too (rulebook §5, §12)."""
        return self.kind in ("special", "weather")

    @property
    def is_weather(self) -> bool:
        return self.kind == "weather"

    def has(self, ability: str) -> bool:
        """Whether the card carries ``ability`` (``"scorch"`` also matches row-limited Scorch)."""
        return any(a == ability or a.startswith(ability + "-") for a in self.abilities)


class FactionSet(NamedTuple):
    """One faction's set: ``copies`` maps card name to copies printed in that set."""

    slug: str
    name: str
    copies: dict[str, int]

    @property
    def size(self) -> int:
        """Cards in the set, counting copies, Leaders and side-deck cards."""
        return sum(self.copies.values())


class Catalog:
    """Every card by name, and every faction's set by slug."""

    def __init__(self, cards: dict[str, Card], factions: dict[str, FactionSet]) -> None:
        self.cards = cards
        self.factions = factions

    @functools.cached_property
    def _by_key(self) -> dict[str, Card]:
        """Every folded name and alias -> its card. Raises :class:`CatalogError` when two cards fold alike
        (a player's catalog naming one ``Cérys`` and another ``CERYS``): a deck could not tell them apart."""
        keys: dict[str, Card] = {}
        for card in self.cards.values():
            for spelling in (card.name, *card.aliases):
                other = keys.setdefault(fold(spelling), card)
                if other.name != card.name:
                    from deckcli.errors import CatalogError

                    raise CatalogError(
                        f"the catalog's cards {other.name!r} and {spelling!r} are one name to a player (case, accents and "
                        "apostrophes aside): rename one in DECKCLI_CATALOG"
                    )
        return keys

    def check_names(self) -> None:
        """Refuse, now rather than at the first name looked up, two cards a player cannot tell apart.

        Raises :class:`CatalogError` as :attr:`_by_key` does (a player's catalog: a command that
        looks no name up, such as ``new --starter``, must not write a deck no other command can read).
        """
        self._by_key  # noqa: B018 - built here for its check; kept for every later lookup

    @functools.cached_property
    def _by_head(self) -> dict[str, list[Card]]:
        heads: dict[str, list[Card]] = {}
        for card in self.cards.values():
            key = fold(card.name)
            if ": " in key:
                heads.setdefault(head(key), []).append(card)
        return heads

    @functools.cached_property
    def display_names(self) -> dict[str, str]:
        """Folded key -> display name of every card (the pool for "did you mean")."""
        return {fold(c.name): c.name for c in self.cards.values()}

    def find(self, name: str) -> list[Card]:
        """Return every card ``name`` may mean: one card, several (ambiguous) or none.

        An exact match (after :func:`deckcli.catalog.names.fold`) or an alias wins. Otherwise
        the name is compared with the part of each card name before its colon, so
        ``Eredin Bréacc Glas`` finds ``Eredin Bréacc Glas: The Treacherous`` and
        ``Foltest`` finds all five Foltest Leaders. A name that several cards share
        that way may mean, as well, each card whose part before the colon begins with
        its words: ``Eredin`` finds the four ``Eredin: …`` Leaders and Eredin Bréacc
        Glas: The Treacherous.
        """
        key = fold(name)
        exact = self._by_key.get(key)
        if exact is not None:
            return [exact]
        found = list(self._by_head.get(key, ()))
        if len(found) > 1:
            found += [card for other, cards in self._by_head.items() if other.startswith(key + " ") for card in cards]
        return found

    def is_name(self, name: str) -> bool:
        """Whether ``name`` is a whole card name or alias (any spelling :func:`deckcli.catalog.names.fold` joins), not just its part before a colon."""
        return fold(name) in self._by_key

    def suggest(self, name: str) -> list[str]:
        """Up to three catalog names close to ``name``, best first."""
        return suggest(name, self.display_names)

    def faction(self, name: str) -> FactionSet:
        """Return the faction set ``name`` means (display name or slug, any case or apostrophe).

        Raises ``KeyError`` with the known names when nothing matches.
        """
        key = fold(name).replace("-", " ").replace("'", "")
        for faction in self.factions.values():
            if key in (fold(faction.name).replace("'", ""), faction.slug.replace("-", " ")):
                return faction
        raise KeyError(name)

    def in_set(self, card: Card, faction: FactionSet) -> int:
        """Copies of ``card`` in ``faction``'s set (0 when that set does not print it)."""
        return faction.copies.get(card.name, 0)

    def sets_printing(self, card: Card) -> list[tuple[FactionSet, int]]:
        """Every faction set that prints ``card``, with its copies there."""
        return [(f, f.copies[card.name]) for f in self.factions.values() if card.name in f.copies]
