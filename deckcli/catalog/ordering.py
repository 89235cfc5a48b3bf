"""The order cards are listed in: one place for ``cards``, ``fmt``, ``import`` and ``export``.

In a deck: by kind (Leaders, Heroes, units, Special Cards, Weather Cards), then
row (Close Combat, Agile, Ranged Combat, Siege), then Strength from strongest,
then name. In the catalog listing: by faction first (Neutral last).
"""

from __future__ import annotations

from deckcli.catalog.model import NEUTRAL, ROWS, Card
from deckcli.catalog.names import fold

KIND_ORDER = ("leader", "hero", "unit", "special", "weather")


def deck_order(card: Card) -> tuple[int, tuple[int, ...], int, str]:
    """Sort key of a card inside a deck: kind, row, Strength (strongest first), name."""
    rows = tuple(ROWS.index(row) for row in card.rows)
    return (KIND_ORDER.index(card.kind), rows, -(card.strength or 0), fold(card.name))


def catalog_order(card: Card, faction_name: str) -> tuple[bool, str, int, int, str]:
    """Sort key of the catalog listing: faction (Neutral last), kind, Strength (strongest first), name."""
    return (card.home == NEUTRAL, faction_name, KIND_ORDER.index(card.kind), -(card.strength or 0), fold(card.name))
