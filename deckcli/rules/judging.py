"""Judging deck files: read, resolve, profile and check one deck against one rule set.

This is the whole ``validate`` pipeline (docs/architecture.md, "Data flow") as one call,
returning a :class:`DeckReport` that every output format renders."""

from __future__ import annotations

from typing import Any

from deckcli.catalog.loading import default_catalog
from deckcli.catalog.model import Catalog
from deckcli.deck.reading import load_deck
from deckcli.deck.resolution import ResolvedDeck, resolve_deck
from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, DeckcliError, UnresolvedNamesError
from deckcli.files.reading import display_path
from deckcli.findings import Finding
from deckcli.rules.messages import coded_message
from deckcli.rules.profile import deck_profile
from deckcli.rules.rule_set import RuleSet
from deckcli.text import did_you_mean, either, printable


class DeckReport:
    """The verdict on one deck file under one rule set.

    ``error`` is set (and ``legal`` is ``None``) when the file could not be read
    as a deck at all; otherwise ``violations`` lists every broken rule.
    """

    def __init__(
        self,
        deck: str,
        rules: str,
        legal: bool | None,
        violations: list[Finding] | None = None,
        warnings: list[Finding] | None = None,
        profile: dict[str, Any] | None = None,
        summary: str = "",
        error: DeckcliError | None = None,
    ) -> None:
        self.deck = deck
        self.rules = rules
        self.legal = legal
        self.violations = violations if violations is not None else []
        self.warnings = warnings if warnings is not None else []
        self.profile = profile
        self.summary = summary
        self.error = error

    @property
    def exit_code(self) -> int:
        """0 legal, 1 breaks a rule, 2 unreadable (see :mod:`deckcli.errors`)."""
        if self.error is not None:
            return self.error.exit_code
        return EXIT_OK if self.legal else EXIT_ILLEGAL

    def as_dict(self) -> dict[str, Any]:
        """The report as the JSON object ``validate --format json`` prints."""
        record: dict[str, Any] = {"deck": self.deck, "rules": self.rules, "legal": self.legal}
        if self.error is not None:
            record["error"] = {"message": self.error.reason, "line": self.error.line, "column": self.error.column}
        record["violations"] = [f.as_dict() for f in self.violations]
        record["warnings"] = [f.as_dict() for f in self.warnings]
        record["profile"] = self.profile
        return record


def hints_for(deck: ResolvedDeck) -> dict[str, str]:
    """The message endings for unknown names ("; did you mean …?") and ambiguous ones (the candidates)."""
    hints = {name: did_you_mean(found) for name, found in deck.suggestions.items()}
    catalog = default_catalog()
    in_cards = {entry.name for entry in deck.source.cards}
    for name, candidates in deck.candidates.items():
        leaders = all(n in catalog.cards and catalog.cards[n].is_leader for n in candidates)
        if leaders and name in in_cards:
            hints[name] = f'{either(candidates)}, all of them Leaders: a Leader goes in leader = "...", not in [cards]'
        else:
            hints[name] = f"{either(candidates)}: write the full name"
    for placed in (*deck.main.values(), *deck.side.values()):
        if placed.card.copies_reconstructed:
            hints[placed.card.name] = ("; that count is reconstructed, not confirmed: if your set prints more, correct "
                                       "it in a catalog of your own (DECKCLI_CATALOG, docs/catalog.md)")
    own = {placed.card.name for placed in deck.leaders}
    for name, placed in deck.main.items():
        if placed.card.is_leader:
            hints[name] = (f" and the deck's Leader already (leader = \"{name}\"): delete this line" if name in own
                           else ': name it with leader = "...", not in [cards]')
    return hints


def unresolved_findings(deck: ResolvedDeck) -> list[Finding]:
    """One ``unknown-card`` or ``ambiguous-card`` finding per deck-file entry that names no card or several.

    Worded as the standard rule set words these codes (rulebook §1); sorted by
    line, each carries the entry's line and the name as typed.
    """
    hints = hints_for(deck)
    findings = [
        Finding(code, coded_message(code, card=printable(entry.name), hint=hints.get(entry.name, "")), entry.line, entry.name)
        for code, entries in (("unknown-card", deck.unknown), ("ambiguous-card", deck.ambiguous))
        for entry in entries
    ]
    return sorted(findings, key=lambda f: (f.line is None, f.line or 0))


def read_named_deck(path: str, catalog: Catalog | None = None) -> ResolvedDeck:
    """Read and resolve a deck whose every name must be a card (``export``, ``diff``).

    Raises :class:`UnresolvedNamesError` (exit code 1) carrying an
    ``unknown-card`` / ``ambiguous-card`` finding per such name, and
    :class:`deckcli.errors.DeckFileError` (exit code 2) for an unreadable file.
    """
    deck = read_resolved_deck(path, catalog)
    unresolved = unresolved_findings(deck)
    if unresolved:
        error = UnresolvedNamesError("fix the card names above first (deckcli validate lists every problem)", where=deck.where)
        error.findings = tuple(unresolved)
        raise error
    return deck


def read_resolved_deck(path: str, catalog: Catalog | None = None) -> ResolvedDeck:
    """Read the deck file at ``path`` (``-`` for standard input) and resolve its names.

    Raises :class:`deckcli.errors.DeckFileError` (exit code 2) when the file
    cannot be read as a deck; unknown names are kept on the resolved deck.
    """
    return resolve_deck(load_deck(path), catalog or default_catalog())


def judge_deck(deck: ResolvedDeck, rule_set: RuleSet) -> DeckReport:
    """Judge an already resolved deck under ``rule_set``; a name that is no card, or may mean several, is an
    ``unknown-card`` / ``ambiguous-card`` violation under any rule set (rulebook §1), one that does not build on
    the standard rules too."""
    profile = deck_profile(deck)
    violations = rule_set.judge(profile, deck.line_of, hints_for(deck))
    if deck.unknown or deck.ambiguous:  # a name that is no card is never legal (§1), whatever the rule set says
        told = {(f.code, f.line, f.card) for f in violations}
        violations += [f for f in unresolved_findings(deck) if (f.code, f.line, f.card) not in told]
    return DeckReport(
        deck=deck.where,
        rules=rule_set.name,
        legal=not violations,
        violations=sorted(violations, key=lambda f: (f.line is None, f.line or 0)),
        warnings=list(deck.warnings),
        profile=profile,
        summary=rule_set.summary(profile),
    )


def judge_file(path: str, rule_set: RuleSet, catalog: Catalog | None = None) -> DeckReport:
    """Read the deck file at ``path`` (``-`` for standard input) and judge it.

    Never raises for a bad deck file: the reason is kept in ``DeckReport.error``.
    """
    try:
        deck = read_resolved_deck(path, catalog)
    except DeckcliError as error:
        return DeckReport(display_path(path), rule_set.name, None, error=error)
    return judge_deck(deck, rule_set)
