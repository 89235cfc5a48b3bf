"""What a registration sheet shows (§15): the player, the three decks side by side, their pull lists, the verdict.

Built from the lineup judged by :mod:`deckcli.rules.lineups` and one
:class:`~deckcli.sheets.deck_sheet.DeckSheet` per deck, with every Hero that
is in two decks marked on each of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcli.analysis.stats import advanced_strength_cap
from deckcli.deck.registration import read_registration
from deckcli.errors import DeckcliError
from deckcli.rules.judging import read_resolved_deck
from deckcli.rules.lineups import LineupReport, judge_registration, lineup_rules
from deckcli.sheets.deck_sheet import DeckSheet, deck_sheet
from deckcli.text import counted

LINEUP = "tournament"
"""The lineup rule set a registration is judged by (§15)."""


@dataclass(frozen=True)
class RegistrationSheet:
    """Everything a registration sheet prints.

    ``verdict`` is one sentence; ``violations`` the lineup's findings as
    ``code: message``; ``shared_heroes`` the Heroes found in two or more decks;
    ``strength_cap`` the Advanced limit on unit Strength (130, §14).
    """

    where: str
    player: str | None
    legal: bool
    verdict: str
    violations: tuple[str, ...]
    warnings: tuple[str, ...]
    decks: tuple[DeckSheet, ...]
    shared_heroes: frozenset[str]
    strength_cap: int


def verdict_sentence(report: LineupReport) -> str:
    """``Legal Tournament lineup: 3 decks (…), …`` or ``Not a legal Tournament lineup: 2 violations``."""
    label = report.rules.label
    if report.legal:
        return f"Legal {label}: {report.summary}"
    return f"Not a legal {label}: {counted(len(report.violations), 'violation', 'violations')}"


def registration_sheet(path: str) -> RegistrationSheet:
    """Read, judge and assemble the registration file at ``path``.

    Raises :class:`DeckcliError` (exit 2) when the registration cannot be used
    or one of its deck files cannot be read (a sheet of two decks would mislead).
    """
    rules = lineup_rules(LINEUP)
    registration = read_registration(path, rules.deck_count, rules.label)
    report = judge_registration(registration, rules)
    for deck in report.decks:
        if deck.error is not None:
            raise deck.error
    if report.profile is None:
        raise DeckcliError("the lineup could not be judged", where=report.where)
    shared = frozenset(str(hero["card"]) for hero in report.profile["shared_heroes"])
    decks = tuple(deck_sheet(read_resolved_deck(path), tuple(shared)) for path in registration.decks)
    return RegistrationSheet(
        where=report.where,
        player=report.player,
        legal=bool(report.legal),
        verdict=verdict_sentence(report),
        violations=tuple(f"{f.code}: {f.message}" for f in report.violations),
        warnings=tuple(f"{f.code}: {f.message}" for f in report.warnings),
        decks=decks,
        shared_heroes=shared,
        strength_cap=advanced_strength_cap(),
    )
