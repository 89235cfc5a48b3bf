"""The catalog listing of ``deckcli cards``: filters combined with AND, one record per card.

``copies`` is always copies printed in one faction's set (rulebook §1): in the
``faction`` set when one is given, otherwise in the card's own set (a neutral
card's copies are the same in every set).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckcli.catalog.abilities import KIND_NAMES, ability_name
from deckcli.catalog.model import NEUTRAL, ROW_NAMES, Card, Catalog, FactionSet
from deckcli.catalog.names import fold
from deckcli.catalog.ordering import catalog_order

HEADERS = {
    "name": "Card",
    "faction": "Faction",
    "kind": "Kind",
    "strength": "Strength",
    "rows": "Rows",
    "abilities": "Abilities",
    "copies": "Copies",
}


@dataclass(frozen=True)
class CardFilter:
    """What ``deckcli cards`` keeps; ``None`` leaves that filter off.

    ``kind`` ``"unit"`` keeps Heroes too (they are Unit Cards, §2) and
    ``"special"`` keeps Weather Cards (§5, §12); ``row`` keeps Agile units for
    both Close Combat and Ranged Combat; ``ability`` is a catalog code
    (``"scorch"`` keeps the row-limited Scorch too); ``hero`` ``True`` keeps only
    Heroes, ``False`` none; ``search`` is a piece of the name, any case or accent.
    """

    faction: FactionSet | None = None
    kind: str | None = None
    row: str | None = None
    ability: str | None = None
    hero: bool | None = None
    search: str | None = None

    def keeps(self, card: Card) -> bool:
        """Whether ``card`` passes every filter that is on."""
        checks = (
            self.faction is None or card.name in self.faction.copies,
            self.kind is None or _is_kind(card, self.kind),
            self.row is None or self.row in card.rows,
            self.ability is None or card.has(self.ability),
            self.hero is None or card.is_hero == self.hero,
            self.search is None or _name_contains(card, self.search),
        )
        return all(checks)


def _is_kind(card: Card, kind: str) -> bool:
    if kind == "unit":
        return card.is_unit
    if kind == "special":
        return card.is_special
    return card.kind == kind


def _name_contains(card: Card, text: str) -> bool:
    key = fold(text)
    return any(key in fold(spelling) for spelling in (card.name, *card.aliases))


def home_name(catalog: Catalog, card: Card) -> str:
    """Display name of the card's own faction (``Neutral`` for the cards every set prints)."""
    return "Neutral" if card.home == NEUTRAL else catalog.factions[card.home].name


def home_copies(catalog: Catalog, card: Card) -> int:
    """Copies of ``card`` in one set that prints it (a neutral card's copies are the same in each)."""
    printed = catalog.sets_printing(card)
    return printed[0][1] if printed else 0


def list_cards(catalog: Catalog, chosen: CardFilter) -> list[dict[str, Any]]:
    """Every catalog card ``chosen`` keeps, sorted by faction, kind, Strength, name.

    Each record has ``name``, ``faction`` (display name of its own faction or
    ``Neutral``), ``kind`` (``Unit Card``…, ``(side deck)`` added for side-deck
    cards), ``strength`` (``None`` for Leaders, Special and Weather Cards),
    ``rows`` and ``abilities`` (lists of the game's names) and ``copies``.
    """
    kept = [card for card in catalog.cards.values() if chosen.keeps(card)]
    kept.sort(key=lambda card: catalog_order(card, home_name(catalog, card)))
    return [_record(catalog, card, chosen.faction) for card in kept]


def _record(catalog: Catalog, card: Card, faction: FactionSet | None) -> dict[str, Any]:
    kind = KIND_NAMES[card.kind] + (" (side deck)" if card.side_deck else "")
    copies = catalog.in_set(card, faction) if faction is not None else home_copies(catalog, card)
    return {
        "name": card.name,
        "faction": home_name(catalog, card),
        "kind": kind,
        "strength": card.strength,
        "rows": [ROW_NAMES[row] for row in card.rows],
        "abilities": [ability_name(code) for code in card.abilities],
        "copies": copies,
    }
