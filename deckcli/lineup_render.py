"""Rendering a lineup verdict (``tournament``, ``team``): text or JSON.

Text shows each deck's verdict with its own findings indented under it, then
the lineup's violations and verdict. Both are views of one
:class:`deckcli.lineup.LineupReport`.
"""

from __future__ import annotations

from typing import Callable

from deckcli.lineup import LineupReport
from deckcli.output import counted, to_json
from deckcli.render import finding_line, verdict_line

Echo = Callable[[str], None]


def lineup_verdict_line(report: LineupReport) -> str:
    """``REGISTRATION: legal Tournament lineup: 3 decks (…)`` or ``…: not a legal … : 2 violations``."""
    label = report.rules.label
    if report.legal:
        return f"{report.where}: legal {label}: {report.summary}"
    return f"{report.where}: not a legal {label}: {counted(len(report.violations), 'violation', 'violations')}"


def render_lineup(report: LineupReport, fmt: str, out: Echo, err: Echo) -> None:
    """Write ``report`` in ``fmt`` (``text`` or ``json``): results to ``out``, unreadable files to ``err``."""
    unreadable = [deck for deck in report.decks if deck.error is not None]
    for deck in unreadable:
        err(deck.error.located())
    if fmt == "json":
        out(to_json(report.as_dict()))
    else:
        for deck in report.decks:
            if deck.error is not None:
                continue
            out(verdict_line(deck))
            for finding in deck.violations:
                out("  " + finding_line(deck.deck, finding))
            for finding in deck.warnings:
                out("  " + finding_line(deck.deck, finding, warning=True))
        for finding in report.violations:
            out(finding_line(report.where, finding))
        for finding in report.warnings:
            out(finding_line(report.where, finding, warning=True))
        if report.legal is not None:
            out(lineup_verdict_line(report))
    if report.legal is None:
        files = counted(len(unreadable), "deck file", "deck files")
        err(f"{report.where}: not judged as a {report.rules.label}: {files} could not be read")
