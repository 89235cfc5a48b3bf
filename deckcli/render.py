"""Rendering deck verdicts: ``FILE:LINE: code: message`` text, or JSON.

Both are views of the same :class:`deckcli.verdict.DeckReport` records.
"""

from __future__ import annotations

from typing import Callable, Sequence

from deckcli.output import counted, to_json
from deckcli.resolve import Finding
from deckcli.verdict import DeckReport

Echo = Callable[[str], None]


def finding_line(where: str, finding: Finding, warning: bool = False) -> str:
    """``FILE:LINE: code: message`` (``FILE: …`` when the finding has no line)."""
    place = f"{where}:{finding.line}" if finding.line is not None else where
    kind = "warning: " if warning else ""
    return f"{place}: {kind}{finding.code}: {finding.message}"


def verdict_line(report: DeckReport) -> str:
    """The one-line verdict: ``FILE: legal under advanced: 24 units, 5 specials, 128/130 Strength``."""
    if report.legal:
        return f"{report.deck}: legal under {report.rules}: {report.summary}"
    violations = counted(len(report.violations), "violation", "violations")
    return f"{report.deck}: not legal under {report.rules}: {violations} ({report.summary})"


def render_reports(reports: Sequence[DeckReport], fmt: str, out: Echo, err: Echo) -> None:
    """Write ``reports`` in ``fmt`` (``text`` or ``json``): results to ``out``, unreadable files to ``err``."""
    for report in reports:
        if report.error is not None:
            err(f"{report.error.located()}")
    if fmt == "json":
        out(to_json([report.as_dict() for report in reports]))
        return
    for report in reports:
        if report.error is not None:
            continue
        for finding in report.violations:
            out(finding_line(report.deck, finding))
        for finding in report.warnings:
            out(finding_line(report.deck, finding, warning=True))
        out(verdict_line(report))
