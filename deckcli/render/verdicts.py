"""Rendering verdicts: ``FILE:LINE: code: message`` text, JSON, or GitHub annotations.

One deck (``validate``), a lineup (``tournament``, ``team``: each deck's verdict
with its own findings indented under it, then the lineup's) and every built-in
rule set at once (``validate --rules all``). All are views of the reports in
:mod:`deckcli.rules.judging`, :mod:`deckcli.rules.lineups` and :mod:`deckcli.rules.overview`.

Text follows a :class:`~deckcli.render.layout.Layout`: a line longer than its
width wraps, the continuation indented, so a new finding always starts at the
margin (``FILE:…``); with colour, codes of violations are red, of warnings
yellow, and verdicts green (legal) or bold red (not legal).
"""

from __future__ import annotations

from typing import Callable, Sequence

from deckcli.errors import DeckcliError
from deckcli.findings import Finding
from deckcli.render.annotations import annotation, finding_annotation
from deckcli.render.documents import document_json
from deckcli.render.formats import render_rows
from deckcli.render.layout import WIDE, Layout
from deckcli.rules.judging import DeckReport
from deckcli.rules.lineups import DeskEntry, LineupReport
from deckcli.rules.overview import Overview
from deckcli.text import counted, spoken

Echo = Callable[[str], None]

VERDICT_FORMATS = ("text", "json", "github")
"""``--format`` of validate, tournament and team."""


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


def _finding(out: Echo, layout: Layout, where: str, finding: Finding, warning: bool = False, indent: str = "") -> None:
    text = indent + finding_line(where, finding, warning)
    code = f"warning: {finding.code}:" if warning else f"{finding.code}:"
    _emit(out, layout, text, "warning" if warning else "violation", code, indent)


def _verdict(out: Echo, layout: Layout, text: str, legal: bool | None, phrase: str) -> None:
    _emit(out, layout, text, "legal" if legal else "illegal", phrase)


def _emit(out: Echo, layout: Layout, text: str, style: str, part: str, indent: str = "") -> None:
    """``text`` wrapped to the layout's width, ``part`` of its first line painted in ``style``."""
    first, *rest = layout.wrap(text, indent)
    out(layout.paint(first, style, part))
    for line in rest:
        out(line)


def render_reports(
    reports: Sequence[DeckReport], fmt: str, out: Echo, err: Echo, layout: Layout = WIDE,
) -> None:
    """Write ``reports`` in ``fmt`` (``text``, ``json`` or ``github``): results to ``out``, unreadable files to ``err``.

    ``github`` prints an annotation per finding and per unreadable file, then the
    verdict lines as plain text for the log.
    """
    for report in reports:
        if report.error is not None:
            err(report.error.located())
    if fmt == "json":
        out(document_json({"decks": [report.as_dict() for report in reports]}))
        return
    if fmt == "github":
        for report in reports:
            if report.error is not None:
                out(_error_annotation(report.deck, report.error))
                continue
            for finding in report.violations:
                out(finding_annotation(report.deck, finding))
            for finding in report.warnings:
                out(finding_annotation(report.deck, finding, warning=True))
            out(verdict_line(report))
        return
    for report in reports:
        if report.error is not None:
            continue
        for finding in report.violations:
            _finding(out, layout, report.deck, finding)
        for finding in report.warnings:
            _finding(out, layout, report.deck, finding, warning=True)
        _verdict(out, layout, verdict_line(report), report.legal, _verdict_phrase(report))


def _verdict_phrase(report: DeckReport) -> str:
    return f"{'' if report.legal else 'not '}legal under {report.rules}"


def _error_annotation(where: str, error: DeckcliError) -> str:
    return annotation("error", error.reason, where, error.line, error.column, title="unreadable")


def lineup_verdict_line(report: LineupReport) -> str:
    """``REGISTRATION: legal Tournament lineup: 3 decks (…)`` or ``…: not a legal … : 2 violations``."""
    label = report.rules.label
    if report.legal:
        return f"{report.where}: legal {label}: {report.summary}"
    return f"{report.where}: not a legal {label}: {counted(len(report.violations), 'violation', 'violations')}"


def render_lineup(report: LineupReport, fmt: str, out: Echo, err: Echo, layout: Layout = WIDE) -> None:
    """Write ``report`` in ``fmt`` (``text``, ``json`` or ``github``): results to ``out``, unreadable files to ``err``."""
    unreadable = [deck.error for deck in report.decks if deck.error is not None]
    for error in unreadable:
        err(error.located())
    if fmt == "json":
        out(document_json(report.as_dict()))
    elif fmt == "github":
        _lineup_annotations(report, out)
    else:
        for deck in report.decks:
            if deck.error is not None:
                continue
            _verdict(out, layout, verdict_line(deck), deck.legal, _verdict_phrase(deck))
            for finding in deck.violations:
                _finding(out, layout, deck.deck, finding, indent="  ")
            for finding in deck.warnings:
                _finding(out, layout, deck.deck, finding, warning=True, indent="  ")
        for finding in report.violations:
            _finding(out, layout, report.where, finding)
        for finding in report.warnings:
            _finding(out, layout, report.where, finding, warning=True)
        if report.legal is not None:
            label = report.rules.label
            phrase = f"legal {label}" if report.legal else f"not a legal {label}"
            _verdict(out, layout, lineup_verdict_line(report), report.legal, phrase)
    if report.legal is None:
        files = counted(len(unreadable), "deck file", "deck files")
        err(f"{report.where}: not judged as a {report.rules.label}: {files} could not be read")


def _lineup_annotations(report: LineupReport, out: Echo) -> None:
    """Each deck's findings on its own file; the lineup's on the registration (else on the first deck involved)."""
    for deck in report.decks:
        if deck.error is not None:
            out(_error_annotation(deck.deck, deck.error))
            continue
        for finding in deck.violations:
            out(finding_annotation(deck.deck, finding))
        for finding in deck.warnings:
            out(finding_annotation(deck.deck, finding, warning=True))
        out(verdict_line(deck))
    for finding in report.violations:
        item = finding.item or {}
        involved = list(item.get("decks") or ([item["deck"]] if "deck" in item else []))
        where = report.registration or (str(involved[0]) if involved else None)
        out(finding_annotation(where, finding))
    for finding in report.warnings:
        out(finding_annotation(report.registration, finding, warning=True))
    if report.legal is not None:
        out(lineup_verdict_line(report))


ROW_HEADERS = {"deck": "deck", "rules": "rules", "verdict": "verdict", "failing": "failing codes"}


def render_overviews(overviews: Sequence[Overview], fmt: str, out: Echo, err: Echo, layout: Layout = WIDE) -> None:
    """Write ``overviews`` in ``fmt`` (``text``, ``json`` or ``github``): results to ``out``, unreadable files to ``err``.

    Text is one table (a row per deck and rule set), then each deck's warnings
    and its verdict sentence. ``github`` annotates each rule set's violations
    (titled ``code (rules)``) and each warning, then prints the sentences.
    """
    for overview in overviews:
        if overview.error is not None:
            err(overview.error.located())
    if fmt == "json":
        out(document_json({"decks": [overview.as_dict() for overview in overviews]}))
        return
    readable = [o for o in overviews if o.error is None]
    if fmt == "github":
        for overview in overviews:
            if overview.error is not None:
                out(_error_annotation(overview.deck, overview.error))
                continue
            for report in overview.reports:
                for finding in report.violations:
                    out(finding_annotation(overview.deck, finding, title=f"{finding.code} ({report.rules})"))
            for finding in overview.reports[0].warnings:
                out(finding_annotation(overview.deck, finding, warning=True))
            out(f"{overview.deck}: {overview.verdict()}")
        return
    if not readable:
        return
    out(render_rows([row for o in readable for row in o.rows()], "simple", ROW_HEADERS, layout.width))
    for overview in readable:
        for finding in overview.reports[0].warnings:
            _finding(out, layout, overview.deck, finding, warning=True)
        first = overview.verdict().split(",")[0].split(";")[0]  # "legal for a standard game" / "not legal …"
        _verdict(out, layout, f"{overview.deck}: {overview.verdict()}", first.startswith("legal"), first)


DESK_COLUMNS = {"player": "player", "verdict": "verdict", "factions": "factions", "codes": "codes broken",
                "registration": "registration"}
"""The text summary's columns (CSV and JSON carry every field of :meth:`DeskEntry.row`)."""


def desk_summary_line(entries: Sequence[DeskEntry]) -> str:
    """``Tournament desk: 30 registrations: 28 legal, 1 not legal, 1 not judged``."""
    counts = {verdict: sum(1 for e in entries if e.verdict == verdict) for verdict in ("legal", "not legal", "not judged")}
    parts = ", ".join(f"{n} {verdict}" for verdict, n in counts.items() if n)
    return f"Tournament desk: {counted(len(entries), 'registration', 'registrations')}: {parts}"


def render_desk(
    entries: Sequence[DeskEntry], shared: Sequence[tuple[str, Sequence[DeskEntry]]], fmt: str, width: int | None = None,
) -> str:
    """The summary of a desk run, one row per registration, in ``fmt`` (``text``, ``csv`` or ``json``).

    Text: a title line, a table (player, verdict, factions, codes broken,
    registration), then a ``note:`` line per deck file registered twice.
    """
    rows = [entry.row() for entry in entries]
    if fmt == "json":
        return document_json({"registrations": rows})
    if fmt == "csv":
        return render_rows(rows, fmt)
    shown = [{**row, "player": row["player"] or "", "factions": ", ".join(row["factions"]),
              "codes": ", ".join(row["codes"])} for row in rows]
    lines = [desk_summary_line(entries), render_rows([{k: r[k] for k in DESK_COLUMNS} for r in shown], "simple", DESK_COLUMNS, width)]
    for deck, users in shared:
        who = spoken([f"{e.report.player or 'a player'} ({e.where})" for e in users if e.report is not None])
        lines.append(f"note: {deck} is registered by {who}: one deck file for two players")
    return "\n".join(lines)

