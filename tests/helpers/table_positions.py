"""Positions at a table of any size (Free For All, two versus two), built card by card by name."""

from __future__ import annotations

from deckcli.catalog.loading import default_catalog
from deckcli.game.cards import GameDeck

CATALOG = default_catalog()


def deck(faction: str, *names: str, leader: str | None = None) -> GameDeck:
    """A deck of exactly these cards (one entry per copy)."""
    return GameDeck(faction, CATALOG.cards[leader] if leader else None, tuple(CATALOG.cards[n] for n in names))


def in_hand(table, player: int) -> None:
    """Every card of ``player``'s deck into the hand (a position built card by card)."""
    table.hand[player] += table.deck[player]
    table.deck[player] = []


def lay(table, player: int, name: str, row: int, side: int | None = None) -> int:
    """Move a card named ``name`` from ``player``'s hand or deck into a row of ``side`` (default: the player's)."""
    for zone in (table.hand[player], table.deck[player]):
        for card in zone:
            if table.cards.name[card] == name:
                zone.remove(card)
                slot = (table.side_of[player] if side is None else side) * 3 + row
                table.rows[slot].append(card)
                table.touch(slot)
                return card
    raise AssertionError(f"{name} is not held by player {player}")


def names(table, cards: list[int]) -> list[str]:
    return [table.cards.name[c] for c in cards]
