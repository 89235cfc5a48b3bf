"""A deck list as ``deckcli import`` reads it, line by line, before its names are resolved.

Both readers fill it: plain lists (:mod:`deckcli.authoring.importing`) and
gwent-classic deck files (:mod:`deckcli.authoring.gwent_classic`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from deckcli.deck.reading import Entry
from deckcli.findings import Finding


@dataclass
class DeckList:
    """A plain list read line by line, names not yet resolved.

    ``entries`` are :class:`deckcli.deck.reading.Entry` records (section ``leader``,
    ``cards`` or ``side``) with their 1-based lines; ``problems`` the lines that
    could not be read; ``faction`` / ``name`` come from ``Faction:`` / ``Name:`` lines;
    ``kept`` the lines under a heading marked "by mistake" (``deckcli export``), whose
    cards stay in the section they were listed in; ``notes`` warnings that do not
    stop the import (a line taken as the deck's name). ``unit`` names what a problem
    stands on (``line``; ``entry`` in a gwent-classic JSON file) and ``faction_from`` where
    ``faction`` was read, as the messages say them.
    """

    where: str
    entries: list[Entry] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)
    faction: str | None = None
    faction_line: int | None = None
    name: str | None = None
    kept: set[int] = field(default_factory=set)
    notes: list[Finding] = field(default_factory=list)
    unit: tuple[str, str] = ("line", "lines")
    faction_from: str = "the Faction: line"


def shown_copies(copies: int) -> str:
    """A count of copies as a message shows it: ``3``, ``-1``; from a million up (a typo), ``a million or more``."""
    return str(copies) if copies < 10**6 else "a million or more"
