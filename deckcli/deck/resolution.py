"""Resolving a deck file's names against the catalog.

Every name a player typed becomes a catalog card, or an unknown or ambiguous
name kept for the rules to report. Nothing is guessed: a name that may mean
several cards stays ambiguous (rulebook §2: the deck must be exactly what the
player means to shuffle).
"""

from __future__ import annotations


from deckcli.catalog.model import Card, Catalog, FactionSet
from deckcli.catalog.names import fold, suggest
from deckcli.deck.reading import DeckFile, Entry, meant_key
from deckcli.errors import DeckFileError
from deckcli.findings import Finding
from deckcli.text import did_you_mean, printable


class Placed:
    """A catalog card in one section of the deck with its total copies and every line naming it."""

    def __init__(self, card: Card, copies: int, lines: list[int | None]) -> None:
        self.card = card
        self.copies = copies
        self.lines = lines

    @property
    def line(self) -> int | None:
        return self.lines[0]


class ResolvedDeck:
    """A deck whose names are resolved against the catalog.

    ``main`` and ``side`` map canonical card names to :class:`Placed` cards (in
    file order); ``unknown`` and ``ambiguous`` keep the entries that resolved to
    no card or to several (with ``hints`` and ``candidates`` to tell the player).
    """

    def __init__(self, source: DeckFile, faction: FactionSet) -> None:
        self.source = source
        self.faction = faction
        self.leaders: list[Placed] = []
        self.main: dict[str, Placed] = {}
        self.side: dict[str, Placed] = {}
        self.unknown: list[Entry] = []
        self.ambiguous: list[Entry] = []
        self.suggestions: dict[str, list[str]] = {}
        self.candidates: dict[str, list[str]] = {}
        self.warnings: list[Finding] = []

    @property
    def where(self) -> str:
        return self.source.where

    def line_of(self, name: str | None, section: str | None = None, nth: int = 0) -> int | None:
        """The deck-file line naming ``name`` (canonical or as typed), if known: the ``nth`` such line, else the first.

        ``section`` (``"leader"``, ``"cards"`` or ``"side"``) looks only there;
        otherwise the Leader comes first, then ``[cards]``, then ``[side]``. A
        name typed on several lines (an unknown name in ``leader`` and
        ``[cards]``) has one line each. Without a ``name``, the line of the
        ``leader`` key for section ``"leader"``.
        """
        if name is None:
            return self.source.leader_line if section == "leader" else None
        sections = {"leader": self.leaders, "cards": list(self.main.values()), "side": list(self.side.values())}
        lines = [
            placed.line
            for key in ([section] if section in sections else list(sections))
            for placed in sections[key]
            if placed.card.name == name
        ]
        lines += [
            entry.line
            for entry in (*self.unknown, *self.ambiguous)
            if entry.name == name and (section is None or entry.section == section)
        ]
        return lines[nth] if nth < len(lines) else (lines[0] if lines else None)


FACTION_ABBREVIATIONS = {"nr": "northern-realms", "ng": "nilfgaard", "nf": "nilfgaard", "nilf": "nilfgaard",
                         "st": "scoiatael", "sc": "scoiatael", "mo": "monsters", "mon": "monsters", "sk": "skellige"}
"""Players' usual faction abbreviations (lower case) -> faction slug. A deck file must spell the faction out
(a deck never guesses); an abbreviation only picks the "did you mean" (docs/deck-file.md)."""


def resolve_faction(deck: DeckFile, catalog: Catalog) -> FactionSet:
    """The faction set the deck names. Raises :class:`DeckFileError` (exit 2) for an unknown faction."""
    try:
        return catalog.faction(deck.faction)
    except KeyError:
        raise DeckFileError(unknown_faction(deck.faction, catalog), where=deck.where, line=deck.faction_line) from None


def unknown_faction(name: str, catalog: Catalog) -> str:
    """Why ``name`` names no faction, and what to write: ``unknown faction "Nilfgard": did you mean Nilfgaard?
    choose one of …`` (a player's usual abbreviation picks its faction)."""
    choices = ", ".join(f.name for f in catalog.factions.values())
    close = suggest(name, {fold(f.name): f.name for f in catalog.factions.values()}, limit=1)
    short = FACTION_ABBREVIATIONS.get(fold(name).replace(".", ""))
    if short in catalog.factions:
        close = [catalog.factions[short].name]
    hint = did_you_mean(close[:1], ending="") + " " if close else ""
    return f'unknown faction "{printable(name)}": {hint}choose one of {choices}'


def resolve_deck(deck: DeckFile, catalog: Catalog) -> ResolvedDeck:
    """Resolve every name of ``deck`` against ``catalog``.

    Two entries meaning the same card are merged into one :class:`Placed`,
    with a ``merged-duplicate`` warning naming both lines. Raises
    :class:`DeckFileError` only for an unknown faction.
    """
    resolved = ResolvedDeck(deck, resolve_faction(deck, catalog))
    for entry in deck.leaders:
        card = _resolve_entry(entry, catalog, resolved)
        if card is not None:
            resolved.leaders.append(Placed(card, 1, [entry.line]))
    for entries, section in ((deck.cards, resolved.main), (deck.side, resolved.side)):
        for entry in entries:
            if entry.copies == 0:  # "Decoy" = 0: no copies, nothing to resolve or count
                resolved.warnings.append(Finding("zero-copies", f'"{printable(entry.name)}" = 0: no copies, read as '
                                                 "none; this line can go", line=entry.line, card=entry.name))
                continue
            card = _resolve_entry(entry, catalog, resolved)
            if card is not None:
                _place(section, card, entry, resolved)
    resolved.warnings += _side_deck_over_copies(resolved)
    for key, line in deck.extra_keys:
        resolved.warnings.append(
            Finding("unknown-key", f"key {key!r} is not part of a deck file and is ignored{_key_hint(deck, key)}",
                    line=line)
        )
    return resolved


def _side_deck_over_copies(resolved: ResolvedDeck) -> list[Finding]:
    """A side-deck card listed with more copies than the set prints: a warning naming what it prints, not a
    violation (the side deck is no part of deck building, rulebook §2, and its counts are reconstructed)."""
    totals: dict[str, tuple[Card, int, int | None]] = {}
    for section in (resolved.main, resolved.side):
        for placed in section.values():
            if placed.card.side_deck:
                _card, copies, line = totals.get(placed.card.name, (placed.card, 0, placed.line))
                totals[placed.card.name] = (placed.card, copies + placed.copies, line)
    found = []
    for name, (card, copies, line) in totals.items():
        printed = resolved.faction.copies.get(name)
        if printed is not None and copies > printed:
            why = " (a reconstructed count: correct your own catalog if yours prints more)" if card.copies_reconstructed else ""
            where = "in the side deck" if name not in resolved.main else "in [cards] and [side]"
            found.append(Finding("side-deck-copies", f"{name}: {copies} copies {where}; the {resolved.faction.name} "
                                 f"set prints {printed}{why}", line=line, card=name))
    return found


def _key_hint(deck: DeckFile, key: str) -> str:
    """"; did you mean [cards]?" for ``[Cards]``, ``[card]``, ``Leader = ...``: a key close to one a deck file uses."""
    meant = meant_key(key)
    if meant is None:
        return ""
    table = isinstance(deck.document.get(key), dict)
    return f"; did you mean [{meant}]?" if table else f"; did you mean {meant} = ...?"


def _resolve_entry(entry: Entry, catalog: Catalog, resolved: ResolvedDeck) -> Card | None:
    found = catalog.find(entry.name)
    if len(found) == 1:
        return found[0]
    if found:
        resolved.ambiguous.append(entry)
        resolved.candidates[entry.name] = [card.name for card in found]
    else:
        resolved.unknown.append(entry)
        resolved.suggestions[entry.name] = catalog.suggest(entry.name)
    return None


def _place(section: dict[str, Placed], card: Card, entry: Entry, resolved: ResolvedDeck) -> None:
    placed = section.get(card.name)
    if placed is None:
        section[card.name] = Placed(card, entry.copies, [entry.line])
        return
    first = placed.line
    placed.copies += entry.copies
    placed.lines.append(entry.line)
    where = f"line {first}" if first is not None else "an earlier line"
    resolved.warnings.append(
        Finding(
            "merged-duplicate",
            f'"{printable(entry.name)}" is {card.name}, already listed on {where}: '
            f"counted together as {placed.copies} copies",
            line=entry.line,
            card=card.name,
        )
    )
