"""The clone's folders the tests read, and deck files written from plain values."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
"""The clone (or the unpacked sdist): the folder holding deckcli/, decks/, docs/ and tests/."""

TESTS = REPO / "tests"
DECKS = REPO / "decks"
EXAMPLE_DECKS = sorted(p for p in DECKS.glob("*.toml") if p.name.endswith(("-starter.toml", "-advanced.toml")))
"""The example deck files (not the registration) in decks/."""


def write_deck(
    folder: Path,
    cards: dict[str, int] | None = None,
    *,
    faction: str = "Northern Realms",
    leader: str | None = "Foltest: The Siegemaster",
    side: dict[str, int] | None = None,
    name: str = "deck.toml",
) -> Path:
    """Write a deck file from plain values and return its path."""
    lines = [f'faction = "{faction}"']
    if leader is not None:
        lines.append(f'leader = "{leader}"')
    lines.append("[cards]")
    lines.extend(f'"{card}" = {copies}' for card, copies in (cards or {}).items())
    if side:
        lines.append("[side]")
        lines.extend(f'"{card}" = {copies}' for card, copies in side.items())
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
