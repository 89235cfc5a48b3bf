"""Rendering verdicts: ``FILE:LINE: code: message`` text, JSON, or GitHub annotations.

One deck (``validate``), a lineup (``tournament``, ``team``: each deck's verdict
with its own findings indented under it, then the lineup's) and every built-in
rule set at once (``validate --rules all``). All are views of the reports in
:mod:`deckcli.rules.judging`, :mod:`deckcli.rules.lineups` and :mod:`deckcli.rules.overview`.
The tournament desk's summary is :mod:`deckcli.render.desk_summary`.

Text follows a :class:`~deckcli.render.layout.Layout`: a line longer than its
width wraps, the continuation indented, so a new finding always starts at the
margin (``FILE:…``); with colour, codes of violations are red, of warnings
yellow, and verdicts green (legal) or bold red (not legal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, NamedTuple, Protocol, Sequence

from deckcli.errors import DeckcliError
from deckcli.findings import Finding
from deckcli.render.annotations import annotation, finding_annotation
from deckcli.render.documents import document_json, write_json_stream
from deckcli.render.formats import render_rows
from deckcli.render.layout import WIDE, Layout
from deckcli.text import counted, printable, spoken, to_json

if TYPE_CHECKING:  # reports are only read here: their modules are not imported just to render one kind
    from deckcli.rules.judging import DeckReport
    from deckcli.rules.lineups import LineupReport
    from deckcli.rules.overview import Overview

Echo = Callable[[str], None]
"""Where a renderer writes a message line (standard error)."""


class Out(Protocol):
    """Where a renderer writes a line of results: the command line's output boundary, which escapes it and then,
    when the terminal takes colour, paints ``part`` of it in ``style`` (``violation``, ``warning``, ``legal``,
    ``illegal``: :meth:`~deckcli.render.layout.Layout.paint`)."""

    def __call__(self, line: str, style: str | None = None, part: str | None = None, /) -> None: ...

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


class VerdictLine(NamedTuple):
    """One line of a verdict as every format sees it.

    ``kind`` is ``"finding"`` (``finding`` about ``where``; ``annotate`` names
    the file a GitHub annotation points at when it is another, ``title`` its
    title), ``"verdict"`` (the sentence ``text``, ``legal`` or not, ``phrase``
    the words painted in colour) or ``"unreadable"`` (``error`` about ``where``).
    ``github_only`` lines are annotations the text form leaves to its table.
    """

    kind: str
    where: str | None = None
    finding: Finding | None = None
    warning: bool = False
    indent: str = ""
    text: str = ""
    legal: bool | None = None
    phrase: str = ""
    error: DeckcliError | None = None
    annotate: str | None = None
    title: str | None = None
    github_only: bool = False


class VerdictView:
    """A verdict ready for any format: its JSON ``document``, its ``lines`` in order, a text-only ``head``
    (``--rules all``'s table) and ``closing`` lines for standard error."""

    def __init__(self, document: dict[str, Any], lines: list[VerdictLine] | None = None) -> None:
        self.document = document
        self.lines = lines if lines is not None else []
        self.head: str | None = None
        self.closing: list[str] = []


def _findings(where: str, findings: Sequence[Finding], warning: bool = False, indent: str = "") -> list[VerdictLine]:
    return [VerdictLine("finding", where, finding, warning, indent) for finding in findings]


def render_verdict(view: VerdictView, fmt: str, out: Out, err: Echo, layout: Layout = WIDE) -> None:
    """The one skeleton every verdict is written with, in ``fmt`` (``text``, ``json`` or ``github``).

    Unreadable files go to ``err`` first, as ``FILE:LINE:COLUMN: reason``. ``json``
    prints the versioned document; ``github`` an annotation per finding and per
    unreadable file, with the verdict sentences as plain lines for the log;
    ``text`` the lines wrapped to the layout, codes and verdicts painted when
    it has colour. ``closing`` lines go to ``err`` last.
    """
    for line in view.lines:
        if line.kind == "unreadable" and line.error is not None:
            err(line.error.located())
    if fmt == "json":
        out(document_json(view.document))
    elif fmt == "github":
        for line in view.lines:
            if line.kind == "unreadable" and line.error is not None and line.where is not None:
                out(_error_annotation(line.where, line.error))
            elif line.kind == "finding" and line.finding is not None:
                out(finding_annotation(line.annotate or line.where, line.finding, warning=line.warning, title=line.title))
            elif line.kind == "verdict":
                out(line.text)
    else:
        if view.head is not None:
            out(view.head)
        for line in view.lines:
            if line.kind == "finding" and line.finding is not None and line.where is not None and not line.github_only:
                text = line.indent + finding_line(line.where, line.finding, line.warning)
                code = f"warning: {line.finding.code}:" if line.warning else f"{line.finding.code}:"
                _emit(out, layout, text, "warning" if line.warning else "violation", code, line.indent)
            elif line.kind == "verdict":
                _emit(out, layout, line.text, "legal" if line.legal else "illegal", line.phrase)
    for text in view.closing:
        err(text)


def _emit(out: Out, layout: Layout, text: str, style: str, part: str, indent: str = "") -> None:
    """``text`` wrapped to the layout's width, ``part`` of its first line to be painted in ``style``."""
    first, *rest = layout.wrap(text, indent)
    out(first, style, part)
    for line in rest:
        out(line)


def _deck_lines(report: DeckReport, indent: str = "", verdict_first: bool = False) -> list[VerdictLine]:
    """One deck's lines: its findings (indented under a lineup) and its verdict, or its unreadable file."""
    if report.error is not None:
        return [VerdictLine("unreadable", report.deck, error=report.error)]
    verdict = VerdictLine("verdict", report.deck, text=verdict_line(report), legal=report.legal,
                          phrase=f"{'' if report.legal else 'not '}legal under {report.rules}")
    findings = _findings(report.deck, report.violations, indent=indent)
    findings += _findings(report.deck, report.warnings, warning=True, indent=indent)
    return [verdict, *findings] if verdict_first else [*findings, verdict]


def render_reports(
    reports: Iterable[DeckReport], fmt: str, out: Out, err: Echo, layout: Layout = WIDE,
) -> None:
    """Write ``reports`` (``validate``) in ``fmt``: each deck's findings, then its verdict line.

    Each report is written as it comes, so ``reports`` may be a generator that
    judges a deck only when asked: a batch of any size holds one report at a
    time. JSON is written item by item, byte for byte as the whole document.
    """
    if fmt == "json":
        write_json_stream((report.as_dict() for report in _telling_errors(reports, err)), "decks", out)
        return
    for report in reports:
        render_verdict(VerdictView({}, _deck_lines(report)), fmt, out, err, layout)


def _error_annotation(where: str, error: DeckcliError) -> str:
    return annotation("error", error.reason, where, error.line, error.column, title="unreadable")


def _telling_errors(reports: Iterable[DeckReport], err: Echo) -> Iterator[DeckReport]:
    """``reports``, each unreadable file told on ``err`` as it passes."""
    for report in reports:
        if report.error is not None:
            err(f"{report.error.located()}")
        yield report


def lineup_verdict_line(report: LineupReport) -> str:
    """``REGISTRATION: legal Tournament lineup: 3 decks (…)`` or ``…: not a legal … : 2 violations``."""
    label = report.rules.label
    if report.legal:
        return f"{report.where}: legal {label}: {report.summary}"
    return f"{report.where}: not a legal {label}: {counted(len(report.violations), 'violation', 'violations')}"


def render_lineup(report: LineupReport, fmt: str, out: Out, err: Echo, layout: Layout = WIDE) -> None:
    """Write ``report`` (``tournament``, ``team``) in ``fmt``: each deck's verdict with its findings under it,
    then the lineup's findings (annotated on the registration, else on the first deck involved) and verdict."""
    view = VerdictView(report.as_dict())
    for deck in report.decks:
        view.lines += _deck_lines(deck, indent="  ", verdict_first=True)
    for finding in report.violations:
        item = finding.item or {}
        involved = list(item.get("decks") or ([item["deck"]] if "deck" in item else []))
        annotate = report.registration or (str(involved[0]) if involved else None)
        view.lines.append(VerdictLine("finding", report.where, finding, annotate=annotate))
    view.lines += [VerdictLine("finding", report.where, finding, warning=True, annotate=report.registration)
                   for finding in report.warnings]
    if report.legal is not None:
        label = report.rules.label
        phrase = f"legal {label}" if report.legal else f"not a legal {label}"
        view.lines.append(VerdictLine("verdict", report.where, text=lineup_verdict_line(report), legal=report.legal,
                                      phrase=phrase))
    else:
        unreadable = sum(1 for deck in report.decks if deck.error is not None)
        files = counted(unreadable, "deck file", "deck files")
        view.closing.append(f"{report.where}: not judged as a {report.rules.label}: {files} could not be read")
    render_verdict(view, fmt, out, err, layout)


ROW_HEADERS = {"deck": "deck", "rules": "rules", "verdict": "verdict", "failing": "failing codes"}


def render_overviews(overviews: Sequence[Overview], fmt: str, out: Out, err: Echo, layout: Layout = WIDE) -> None:
    """Write ``overviews`` (``validate --rules all``) in ``fmt``.

    Text is one table (a row per deck and rule set), then each deck's warnings
    and its verdict sentence. ``github`` annotates each rule set's violations
    (titled ``code (rules)``) and each warning, then prints the sentences.
    """
    view = VerdictView({"decks": [overview.as_dict() for overview in overviews]})
    readable = [o for o in overviews if o.error is None]
    if readable:
        view.head = render_rows([row for o in readable for row in o.rows()], "simple", ROW_HEADERS, layout.width)
    for overview in overviews:
        if overview.error is not None:
            view.lines.append(VerdictLine("unreadable", overview.deck, error=overview.error))
            continue
        view.lines += [
            VerdictLine("finding", overview.deck, finding, title=f"{finding.code} ({report.rules})", github_only=True)
            for report in overview.reports
            for finding in report.violations
        ]
        view.lines += _findings(overview.deck, overview.reports[0].warnings, warning=True)
        first = overview.verdict().split(",")[0].split(";")[0]  # "legal for a standard game" / "not legal …"
        view.lines.append(VerdictLine("verdict", overview.deck, text=f"{overview.deck}: {overview.verdict()}",
                                      legal=first.startswith("legal"), phrase=first))
    render_verdict(view, fmt, out, err, layout)
