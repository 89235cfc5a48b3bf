"""A deck under every built-in deck rule set at once (``validate --rules all``).

One row per rule set (standard, advanced, solo: their ``x-order``) with its
verdict and failing codes, and one sentence a player reads: "legal for a
standard game and Solo, not for Advanced: 7 Specials (5 allowed), 141/130
Strength". Lineup rule sets (tournament, team) judge several decks and are
not part of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, DeckcliError
from deckcli.findings import Finding
from deckcli.rules.judging import DeckReport
from deckcli.text import spoken


@dataclass
class Overview:
    """One deck judged under every built-in deck rule set.

    ``reports`` holds one :class:`DeckReport` per rule set, in order; ``labels``
    how a player names each rule set ("a standard game", "Advanced", "Solo").
    ``error`` is set (and ``reports`` empty) when the file could not be read.
    """

    deck: str
    reports: list[DeckReport] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    error: DeckcliError | None = None

    @property
    def legal(self) -> bool | None:
        """Legal under every built-in rule set (``None`` when unreadable)."""
        return None if self.error is not None else all(r.legal for r in self.reports)

    @property
    def exit_code(self) -> int:
        """0 legal under every built-in rule set, 1 illegal under one or more, 2 unreadable."""
        if self.error is not None:
            return self.error.exit_code
        return EXIT_OK if self.legal else EXIT_ILLEGAL

    def verdict(self) -> str:
        """The sentence: legal for which rule sets, and why not for the others."""
        legal = [label for label, r in zip(self.labels, self.reports) if r.legal]
        groups: dict[tuple[str, ...], list[str]] = {}
        for label, report in zip(self.labels, self.reports):
            if not report.legal:
                groups.setdefault(tuple(_reason(f) for f in report.violations), []).append(label)
        failing: list[str] = []
        said: set[str] = set()
        for reasons, labels in groups.items():
            # A reason already given for an earlier rule set is not repeated: "also" marks the rest.
            new = [r for r in reasons if r not in said]
            partly = 0 < len(new) < len(reasons)
            said.update(reasons)
            failing.append(f"{spoken(labels, 'or')}: {'also ' if partly else ''}{', '.join(new if partly else reasons)}")
        if not legal:
            return "not legal for " + "; not for ".join(failing)
        if not failing:
            return f"legal for {spoken(legal)}"
        return f"legal for {spoken(legal)}, not for " + "; not for ".join(failing)

    def rows(self) -> list[dict[str, Any]]:
        """One row per rule set: ``deck``, ``rules``, ``verdict`` ("legal" / "not legal"), ``failing`` codes."""
        return [
            {
                "deck": self.deck,
                "rules": r.rules,
                "verdict": "legal" if r.legal else "not legal",
                "failing": list(dict.fromkeys(f.code for f in r.violations)),
            }
            for r in self.reports
        ]

    def as_dict(self) -> dict[str, Any]:
        """The JSON object of ``validate --rules all --format json`` for this deck."""
        record: dict[str, Any] = {"deck": self.deck, "rules": "all", "legal": self.legal}
        if self.error is not None:
            record["error"] = {"message": self.error.reason, "line": self.error.line, "column": self.error.column}
            return record
        record["verdict"] = self.verdict()
        record["rule_sets"] = [
            {
                "rules": r.rules,
                "legal": r.legal,
                "failing": row["failing"],
                "violations": [f.as_dict() for f in r.violations],
                "summary": r.summary,
            }
            for r, row in zip(self.reports, self.rows())
        ]
        first = self.reports[0]
        record["warnings"] = [f.as_dict() for f in first.warnings]
        record["profile"] = first.profile
        return record


def _reason(finding: Finding) -> str:
    return finding.short or finding.code


def overview_file(path: str) -> Overview:
    """Read the deck file at ``path`` (``-`` for standard input) and judge it under every built-in rule set.

    Never raises for a bad deck file: the reason is kept in ``Overview.error``.
    """
    from deckcli.files.reading import display_path
    from deckcli.rules.builtin import builtin_rule_set, builtin_rule_sets
    from deckcli.rules.judging import judge_deck, read_resolved_deck

    try:
        deck = read_resolved_deck(path)
    except DeckcliError as error:
        return Overview(deck=display_path(path), error=error)
    rule_sets = [builtin_rule_set(name) for name in builtin_rule_sets()]
    return Overview(
        deck=deck.where,
        reports=[judge_deck(deck, rule_set) for rule_set in rule_sets],
        labels=[rule_set.label for rule_set in rule_sets],
    )
