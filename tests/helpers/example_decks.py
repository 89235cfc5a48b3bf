"""Test helpers: the example decks copied with changes, and deck figures computed straight
from the catalog's TOML files (independently of deckcli's profile code)."""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from helpers.repository import DECKS, REPO, write_deck

CARD_FILES = REPO / "deckcli" / "catalog" / "cards"


# 22 Northern Realms units, 81 Strength:
# 4 Poor Fucking Infantry (1) + 2 Redanian Foot Soldier (1) + 3 Kaedweni Siege Expert (1)
# + 3 Blue Stripes Commando (4) + 3 Crinfrid Reavers Dragon Hunter (5) + 2 Ballista (6)
# + 2 Trebuchet (6) + 2 Catapult (8) + 1 Ves (5) = 4+2+3+12+15+12+12+16+5 = 81
BASE_22 = {
    "Poor Fucking Infantry": 4,
    "Redanian Foot Soldier": 2,
    "Kaedweni Siege Expert": 3,
    "Blue Stripes Commando": 3,
    "Crinfrid Reavers Dragon Hunter": 3,
    "Ballista": 2,
    "Trebuchet": 2,
    "Catapult": 2,
    "Ves": 1,
}
"""The smallest legal Northern Realms deck (with the Leader Foltest: The Siegemaster), counted by hand."""


@functools.cache
def raw_cards() -> dict[str, dict]:
    """Card name -> its raw entry in deckcli/catalog/cards/*.toml."""
    cards: dict[str, dict] = {}
    for path in CARD_FILES.glob("*.toml"):
        for entry in tomllib.loads(path.read_text("utf-8")).get("cards", []):
            cards[entry["name"]] = entry
    return cards


def example(name: str) -> dict:
    """The parsed TOML of ``decks/<name>.toml``."""
    return tomllib.loads((DECKS / f"{name}.toml").read_text("utf-8"))


def copy_example(folder: Path, name: str, file_name: str, add: dict[str, int] | None = None, drop: tuple[str, ...] = ()) -> Path:
    """Write ``decks/<name>.toml`` into ``folder`` as ``file_name``, adding copies of ``add`` and without ``drop``."""
    deck = example(name)
    cards = {card: copies for card, copies in deck["cards"].items() if card not in drop}
    for card, copies in (add or {}).items():
        cards[card] = cards.get(card, 0) + copies
    return write_deck(folder, cards, faction=deck["faction"], leader=deck["leader"], side=deck.get("side"), name=file_name)


def unit_strength(path: Path) -> int:
    """Printed Strength of every Unit Card (Heroes included) in a deck file's [cards], copies counted."""
    cards = tomllib.loads(path.read_text("utf-8"))["cards"]
    entries = raw_cards()
    return sum(
        copies * entries[card].get("strength", 0)
        for card, copies in cards.items()
        if entries[card]["kind"] in ("unit", "hero")
    )


def count_kind(path: Path, *kinds: str) -> int:
    """Copies in a deck file's [cards] whose catalog kind is one of ``kinds``."""
    cards = tomllib.loads(path.read_text("utf-8"))["cards"]
    return sum(copies for card, copies in cards.items() if raw_cards()[card]["kind"] in kinds)


def line_of(path: Path, text: str) -> int:
    """The 1-based number of the first line of ``path`` containing ``text``."""
    return next(n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if text in line)
