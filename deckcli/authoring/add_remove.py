"""Adding and removing copies of one card in a deck file from the shell (``deckcli add`` / ``deckcli remove``).

The name resolves as in any deck file (unknown or ambiguous names are refused
with "did you mean" or the candidates); the card goes under ``[side]`` when it is
a side-deck card, else under ``[cards]`` (rulebook §2); a Leader added becomes
the deck's ``leader``, replacing the one there. Copies never go above
what the deck's faction set prints (§1) nor below 0, where the line is deleted.
The file keeps its comments and order (:mod:`deckcli.authoring.deck_edits`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckcli.catalog.model import Card, Catalog
from deckcli.errors import CardLookupError, DeckFileError

if TYPE_CHECKING:
    from deckcli.deck.reading import DeckFile


@dataclass(frozen=True)
class CopiesEdit:
    """One edit to make: ``text`` is the deck file after it, ``card`` the catalog card, ``section``
    ``"cards"`` or ``"side"``, ``before`` / ``after`` its copies in that section, ``note`` what was
    clamped (empty when nothing was)."""

    text: str
    card: Card
    section: str
    before: int
    after: int
    note: str = ""

    def described(self, where: str) -> str:
        """The edit in one line: ``FILE: [cards] Decoy: 1 -> 3`` (and why, when fewer copies moved than asked)."""
        note = f" ({self.note})" if self.note else ""
        return f"{where}: [{self.section}] {self.card.name}: {self.before} -> {self.after}{note}"


@dataclass(frozen=True)
class LeaderEdit:
    """The Leader set: ``text`` is the deck file after it, ``card`` the Leader, ``replaced`` the names of
    the Leaders the file named before (empty when it named none)."""

    text: str
    card: Card
    replaced: tuple[str, ...]

    def described(self, where: str) -> str:
        """The edit in one line: ``FILE: leader: King Bran (replaces Crach an Craite)``."""
        from deckcli.text import spoken

        if self.replaced == (self.card.name,):
            return f"{where}: leader: {self.card.name} (already the deck's Leader)"
        was = f"replaces {spoken(self.replaced)}" if self.replaced else "the deck had none"
        return f"{where}: leader: {self.card.name} ({was})"


def edit_copies(text: str, where: str, catalog: Catalog, name: str, change: int) -> CopiesEdit | LeaderEdit:
    """The deck file ``text`` with ``change`` copies of the card ``name`` added (positive) or removed (negative);
    a Leader added becomes the deck's Leader (rulebook §2: one Leader, of the deck's faction), replacing any.

    Raises :class:`CardLookupError` (exit 2) for an unknown or ambiguous name or
    another faction's Leader, and :class:`DeckFileError` (exit 2) when the file
    is no deck, when more than one copy of a Leader is asked, when the faction's
    set does not print the card, when adding would pass the copies the set
    prints, or when removing a card the section does not hold or a Leader (a
    deck has one: another is added in its place).
    """
    from deckcli.authoring.deck_edits import set_copies
    from deckcli.catalog.lookup import lookup_card
    from deckcli.deck.reading import parse_deck
    from deckcli.deck.resolution import resolve_deck, resolve_faction

    deck = parse_deck(text.encode("utf-8"), where)
    faction = resolve_faction(deck, catalog)
    card = lookup_card(catalog, name, faction)
    if card.is_leader and change > 0:
        if card.name not in faction.copies:
            home = next((f.name for f in catalog.factions.values() if card.name in f.copies), "another faction's")
            raise CardLookupError(f"{card.name} is a {home} Leader: a {faction.name} deck takes a {faction.name} "
                                  f"Leader (rulebook §2; deckcli cards --faction {faction.slug} --kind leader lists "
                                  "them)", where=where)
        return _leader_edit(text, where, deck, catalog, card, change)
    if card.is_leader:
        leaders = [found[0].name for entry in deck.leaders if len(found := catalog.find(entry.name)) == 1]
        held_as = "is the deck's Leader" if card.name in leaders else "is a Leader, not in [cards]"
        raise DeckFileError(f"{card.name} {held_as}: a deck has exactly one Leader (rulebook §2); to change it, add "
                            f'another: deckcli add {where} "LEADER" (deckcli cards --faction {faction.slug} --kind '
                            "leader lists them)", where=where)
    resolved = resolve_deck(deck, catalog)
    section = "side" if card.side_deck else "cards"
    _refuse_a_misspelt_section(deck, section, where)
    held = resolved.side if card.side_deck else resolved.main
    before = held[card.name].copies if card.name in held else 0
    printed = faction.copies.get(card.name, 0)
    note = ""
    if change > 0:
        if printed == 0:
            raise DeckFileError(f"{card.name} is not in the {faction.name} set: every card must show the deck's "
                                "faction colour", where=where)
        if before + change > printed:
            room = f"add at most {printed - before}" if printed > before else "the deck holds them all"
            raise DeckFileError(f"{card.name}: {before} + {change} copies; the {faction.name} set prints {printed}: "
                                f"{room}", where=where)
    elif before == 0:
        raise DeckFileError(f"[{section}] holds no {card.name}: nothing to remove", where=where)
    elif before + change < 0:
        note = f"only {before} to remove"
    after = max(before + change, 0)
    return CopiesEdit(set_copies(text, where, catalog, {(section, card.name): after}), card, section, before, after,
                      note)


def _leader_edit(text: str, where: str, deck: DeckFile, catalog: Catalog, card: Card, change: int) -> LeaderEdit:
    from deckcli.authoring.deck_edits import set_leader
    from deckcli.deck.reading import meant_key

    if change != 1:
        raise DeckFileError(f"{card.name} is a Leader: a deck has one; leave N out to make it the deck's Leader",
                            where=where)
    for key, line in deck.extra_keys:
        if meant_key(key) == "leader":
            raise DeckFileError(f"{key} is not a key of a deck file: rename it leader first (the Leader would be "
                                "named twice)", where=where, line=line)
    replaced = []
    for entry in deck.leaders:
        found = catalog.find(entry.name)
        replaced.append(found[0].name if len(found) == 1 else entry.name)
    return LeaderEdit(set_leader(text, where, card.name), card, tuple(replaced))


def _refuse_a_misspelt_section(deck: DeckFile, section: str, where: str) -> None:
    """A table close to ``section`` (``[card]``, ``[Cards]``) holds the cards the player meant: editing would start a
    second list beside it. Raises :class:`DeckFileError` naming its line."""
    from deckcli.deck.reading import meant_key

    for key, line in deck.extra_keys:
        if isinstance(deck.document.get(key), dict) and meant_key(key) == section:
            raise DeckFileError(f"[{key}] is not a section of a deck file: rename it [{section}] first (the change "
                                f"would go to a second list)", where=where, line=line)
