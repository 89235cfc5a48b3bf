"""A deck's profile: the plain document every rule set (a JSON Schema) judges.

All counts include copies. Heroes, Spies and Medics are Unit Cards; Weather
Cards are Special Cards (rulebook §2, §5, §12, §14). Leaders and side-deck
cards found in ``[cards]`` are reported, never counted (§2). Each field is
described in ``schemas/profile.schema.json``, the one list of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from deckcli.deck.resolution import ResolvedDeck


def profile_fields() -> tuple[str, ...]:
    """The fields of every deck profile, in the order :func:`deck_profile` gives them (``schemas/profile.schema.json``)."""
    return tuple(_profile_schema()["properties"])


def nested_fields() -> tuple[str, ...]:
    """The profile's fields that are tables or lists of objects: a schema judges them, a message cannot print them."""
    properties = _profile_schema()["properties"]
    return tuple(
        name
        for name, field in properties.items()
        if field.get("type") == "object" or field.get("items", {}).get("type") == "object"
    )


def item_fields() -> tuple[str, ...]:
    """The fields of an ``over_copies`` item, which an ``x-each`` message may name."""
    return tuple(_profile_schema()["properties"]["over_copies"]["items"]["properties"])


def _profile_schema() -> dict[str, Any]:
    from deckcli.files.schemas import packaged_schema

    return packaged_schema("profile")


CARD_NAME_FIELDS = {
    "leader": "name", "cards": "keys", "hero_names": "names", "weather_names": "names", "off_faction": "names",
    "side_deck_in_main": "names", "leaders_in_main": "names", "not_leaders": "names", "main_card_in_side": "names",
    "over_copies": "objects",
}
"""The profile's fields that hold catalog card names, and how: ``name`` (the field is one), ``keys`` (an object
keyed by them), ``names`` (a list of them), ``objects`` (a list of objects whose ``card`` is one). ``unknown`` and
``ambiguous`` hold names as typed, no catalog name: not listed."""


def deck_profile(deck: ResolvedDeck) -> dict[str, Any]:
    """Compute the profile of a resolved deck.

    Returns a JSON-ready dict: ``faction`` (slug), ``faction_name``,
    ``leader`` (name or ``None``), ``leaders``, ``units``, ``heroes``,
    ``specials``, ``weather``, ``spies``, ``medics``, ``unit_strength``,
    ``cards`` (name -> copies in the main deck), ``hero_names``,
    ``weather_names``, ``off_faction``, ``unknown``, ``ambiguous``,
    ``side_deck_in_main``, ``leaders_in_main``, ``not_leaders``, ``main_card_in_side`` and
    ``over_copies`` (``{"card", "copies", "limit"}`` objects; copies in
    ``[cards]`` and ``[side]`` together; side-deck cards are left to a warning).
    """
    faction = deck.faction
    counted = [
        placed
        for placed in deck.main.values()
        if not placed.card.is_leader and not placed.card.side_deck
    ]
    units = [p for p in counted if p.card.is_unit]
    leaders = [p.card for p in deck.leaders]
    named = [*leaders, *(p.card for p in deck.main.values()), *(p.card for p in deck.side.values())]
    totals: dict[str, int] = {}
    for section in (deck.main, deck.side):
        for placed in section.values():
            if not placed.card.side_deck:  # the side deck is no part of deck building (§2): a warning, see resolve_deck
                totals[placed.card.name] = totals.get(placed.card.name, 0) + placed.copies
    over = [
        {"card": name, "copies": copies, "limit": faction.copies[name]}
        for name, copies in totals.items()
        if name in faction.copies and copies > faction.copies[name]
    ]
    return {
        "faction": faction.slug,
        "faction_name": faction.name,
        "leader": leaders[0].name if len(leaders) == 1 else None,
        "leaders": len(deck.source.leaders),
        "units": sum(p.copies for p in units),
        "heroes": sum(p.copies for p in units if p.card.is_hero),
        "specials": sum(p.copies for p in counted if p.card.is_special),
        "weather": sum(p.copies for p in counted if p.card.is_weather),
        "spies": sum(p.copies for p in units if p.card.has("spy")),
        "medics": sum(p.copies for p in units if p.card.has("medic")),
        "unit_strength": sum(p.copies * (p.card.strength or 0) for p in units),
        "cards": {p.card.name: p.copies for p in counted},
        "hero_names": [p.card.name for p in units if p.card.is_hero],
        "weather_names": [p.card.name for p in counted if p.card.is_weather],
        "off_faction": _unique(c.name for c in named if c.name not in faction.copies),
        "unknown": [entry.name for entry in deck.unknown],
        "ambiguous": [entry.name for entry in deck.ambiguous],
        "side_deck_in_main": [p.card.name for p in deck.main.values() if p.card.side_deck],
        "leaders_in_main": [p.card.name for p in deck.main.values() if p.card.is_leader],
        "not_leaders": [card.name for card in leaders if not card.is_leader],
        "main_card_in_side": [p.card.name for p in deck.side.values() if not p.card.side_deck],
        "over_copies": over,
    }


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))
