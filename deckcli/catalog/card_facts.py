"""One card's facts for ``deckcli card``: what it is and what each of its abilities does.

The sentences come from :mod:`deckcli.catalog.abilities` (rulebook §5, §10, §11, §12);
the copies from the catalog's faction sets (§1). :mod:`deckcli.render.card_sheet` prints them."""

from __future__ import annotations

from typing import Any

from deckcli.catalog.abilities import (
    ABILITIES,
    ACTIVATION_RULES,
    HERO_RULE,
    KIND_NAMES,
    SIDE_DECK_RULE,
    ability_name,
)
from deckcli.catalog.listing import home_copies, home_name
from deckcli.catalog.model import ROW_NAMES, Card, Catalog, FactionSet


def card_sheet(catalog: Catalog, card: Card, faction: FactionSet | None = None) -> dict[str, Any]:
    """Everything about ``card`` as a JSON-ready dict.

    Keys: ``name``, ``kind`` (the game's name), ``faction`` (its own faction or
    ``Neutral``), ``strength`` (``None`` when it has none), ``rows``,
    ``abilities`` (``{"name", "section", "rule"}`` each, Hero immunity included),
    ``leader`` (``{"ability", "activation", "rule"}`` or ``None``), ``printed_in``
    (``{"faction", "copies"}`` per set), ``in_faction`` (copies in ``faction``'s
    set, or ``None`` without ``faction``), ``side_deck_card``, ``brought_by``
    (the cards that bring this side-deck card), ``side_deck`` (the side-deck rule or
    ``None``), ``group`` (``{"name", "ability", "members": [{"name", "copies"}]}``
    or ``None``) and ``aliases``.
    """
    return {
        "name": card.name,
        "kind": KIND_NAMES[card.kind],
        "faction": home_name(catalog, card),
        "strength": card.strength,
        "rows": [ROW_NAMES[row] for row in card.rows],
        "abilities": _abilities(card),
        "leader": _leader(card),
        "printed_in": [{"faction": f.name, "copies": copies} for f, copies in catalog.sets_printing(card)],
        "in_faction": None if faction is None else {"faction": faction.name, "copies": catalog.in_set(card, faction)},
        "side_deck_card": card.side_deck_card,
        "brought_by": [c.name for c in catalog.cards.values() if c.side_deck_card == card.name],
        "side_deck": SIDE_DECK_RULE if card.side_deck else None,
        "group": _group(catalog, card),
        "aliases": list(card.aliases),
    }


def _abilities(card: Card) -> list[dict[str, str]]:
    explained = []
    for code in card.abilities:
        section, rule = ABILITIES[code].explain(card.is_special)
        explained.append({"name": ABILITIES[code].name, "section": section, "rule": rule})
    if card.is_hero:
        explained.insert(0, {"name": HERO_RULE.name, "section": HERO_RULE.section, "rule": HERO_RULE.rule})
    return explained


def _leader(card: Card) -> dict[str, str] | None:
    if not card.is_leader:
        return None
    activation = card.activation or "active"
    return {"ability": card.leader_ability or "", "activation": activation, "rule": ACTIVATION_RULES[activation]}


def _group(catalog: Catalog, card: Card) -> dict[str, Any] | None:
    if card.group is None:
        return None
    kind = next((code for code in card.abilities if code in ("muster", "tight-bond")), "muster")
    members = [c for c in catalog.cards.values() if c.group == card.group]
    if kind == "tight-bond":  # only matching Tight Bond units multiply (§10): Cerys musters the Maidens, bonds with none
        members = [c for c in members if c.has("tight-bond")]
    return {
        "name": card.group,
        "ability": ability_name(kind),
        "members": [{"name": c.name, "copies": home_copies(catalog, c)} for c in members],
    }
