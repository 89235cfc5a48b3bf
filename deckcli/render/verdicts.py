"""Rendering verdicts: ``FILE:LINE: code: message`` text, or JSON.

One deck (``validate``), a lineup (``tournament``, ``team``: each deck's verdict
with its own findings indented under it, then the lineup's) and every built-in
rule set at once (``validate --rules all``). All are views of the reports in
:mod:`deckcli.rules.judging`, :mod:`deckcli.rules.lineups` and :mod:`deckcli.rules.overview`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from deckcli.findings import Finding
from deckcli.render.formats import render_rows
from deckcli.text import counted, spoken, to_json

if TYPE_CHECKING:  # reports are only read here: their modules are not imported just to render one kind
    from deckcli.rules.judging import DeckReport
    from deckcli.rules.lineups import DeskEntry, LineupReport
    from deckcli.rules.overview import Overview

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


def render_reports(reports: Iterable[DeckReport], fmt: str, out: Echo, err: Echo) -> None:
    """Write ``reports`` in ``fmt`` (``text`` or ``json``): results to ``out``, unreadable files to ``err``.

    Each report is written as it comes, so ``reports`` may be a generator that
    judges a deck only when asked: a batch of any size holds one report at a
    time (two for JSON, whose array is written item by item, byte for byte as
    :func:`deckcli.text.to_json` writes the whole list).
    """
    if fmt == "json":
        _render_json_array((report.as_dict() for report in _telling_errors(reports, err)), out)
        return
    for report in _telling_errors(reports, err):
        if report.error is not None:
            continue
        for finding in report.violations:
            out(finding_line(report.deck, finding))
        for finding in report.warnings:
            out(finding_line(report.deck, finding, warning=True))
        out(verdict_line(report))


def _telling_errors(reports: Iterable[DeckReport], err: Echo) -> Iterator[DeckReport]:
    """``reports``, each unreadable file told on ``err`` as it passes."""
    for report in reports:
        if report.error is not None:
            err(f"{report.error.located()}")
        yield report


def _render_json_array(records: Iterable[Any], out: Echo) -> None:
    """``out(to_json(list(records)))``, written one record at a time (each line of ``out`` is one call).

    ``json.dumps`` indents an item of a top-level list by two spaces more than
    the item alone, and no JSON text holds a raw line break, so indenting each
    line of the item's own text gives the same bytes.
    """
    held: str | None = None
    for record in records:
        out("[" if held is None else held + ",")
        held = "\n".join("  " + line for line in to_json(record).split("\n"))
    out("[]" if held is None else held + "\n]")


def lineup_verdict_line(report: LineupReport) -> str:
    """``REGISTRATION: legal Tournament lineup: 3 decks (…)`` or ``…: not a legal … : 2 violations``."""
    label = report.rules.label
    if report.legal:
        return f"{report.where}: legal {label}: {report.summary}"
    return f"{report.where}: not a legal {label}: {counted(len(report.violations), 'violation', 'violations')}"


def render_lineup(report: LineupReport, fmt: str, out: Echo, err: Echo) -> None:
    """Write ``report`` in ``fmt`` (``text`` or ``json``): results to ``out``, unreadable files to ``err``."""
    unreadable = [deck.error for deck in report.decks if deck.error is not None]
    for error in unreadable:
        err(error.located())
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


ROW_HEADERS = {"deck": "deck", "rules": "rules", "verdict": "verdict", "failing": "failing codes"}


def render_overviews(overviews: Sequence[Overview], fmt: str, out: Echo, err: Echo) -> None:
    """Write ``overviews`` in ``fmt`` (``text`` or ``json``): results to ``out``, unreadable files to ``err``.

    Text is one table (a row per deck and rule set), then each deck's warnings
    and its verdict sentence.
    """
    for overview in overviews:
        if overview.error is not None:
            err(overview.error.located())
    if fmt == "json":
        out(to_json([overview.as_dict() for overview in overviews]))
        return
    readable = [o for o in overviews if o.error is None]
    if not readable:
        return
    out(render_rows([row for o in readable for row in o.rows()], "simple", ROW_HEADERS))
    for overview in readable:
        for finding in overview.reports[0].warnings:
            out(finding_line(overview.deck, finding, warning=True))
        out(f"{overview.deck}: {overview.verdict()}")


DESK_COLUMNS = {"player": "player", "verdict": "verdict", "factions": "factions", "codes": "codes broken",
                "registration": "registration"}
"""The text summary's columns (CSV and JSON carry every field of :meth:`DeskEntry.row`)."""


def desk_summary_line(entries: Sequence[DeskEntry]) -> str:
    """``Tournament desk: 30 registrations: 28 legal, 1 not legal, 1 not judged``."""
    counts = {verdict: sum(1 for e in entries if e.verdict == verdict) for verdict in ("legal", "not legal", "not judged")}
    parts = ", ".join(f"{n} {verdict}" for verdict, n in counts.items() if n)
    return f"Tournament desk: {counted(len(entries), 'registration', 'registrations')}: {parts}"


def render_desk(entries: Sequence[DeskEntry], shared: Sequence[tuple[str, Sequence[DeskEntry]]], fmt: str) -> str:
    """The summary of a desk run, one row per registration, in ``fmt`` (``text``, ``csv`` or ``json``).

    Text: a title line, a table (player, verdict, factions, codes broken,
    registration), then a ``note:`` line per deck file registered twice.
    """
    rows = [entry.row() for entry in entries]
    if fmt in ("csv", "json"):
        return render_rows(rows, fmt)
    shown = [{**row, "player": row["player"] or "", "factions": ", ".join(row["factions"]),
              "codes": ", ".join(row["codes"])} for row in rows]
    lines = [desk_summary_line(entries), render_rows([{k: r[k] for k in DESK_COLUMNS} for r in shown], "simple", DESK_COLUMNS)]
    for deck, users in shared:
        who = spoken([f"{e.report.player or 'a player'} ({e.where})" for e in users if e.report is not None])
        lines.append(f"note: {deck} is registered by {who}: one deck file for two players")
    return "\n".join(lines)
