"""GitHub Actions annotations (``--format github``): one workflow command per finding.

``::error file=F,line=L,title=CODE::message`` for a violation, ``::warning``
for a warning; GitHub shows each on the line of the deck file it names. The
message and the properties are escaped as the workflow-command syntax asks
(``%``, line breaks; in properties also ``:`` and ``,``), so a card name or a
path can never end the command early.
"""

from __future__ import annotations

from deckcli.findings import Finding

STDIN_NAME = "<stdin>"
"""How a deck read from standard input is named: there is no file to annotate."""


def annotation(
    level: str, message: str, file: str | None = None, line: int | None = None, column: int | None = None,
    title: str | None = None,
) -> str:
    """One workflow command: ``level`` is ``error``, ``warning`` or ``notice``; ``line`` and ``column`` count from 1."""
    properties = []
    if file is not None and file != STDIN_NAME:
        properties.append(f"file={_property(file)}")
        if line is not None:
            properties.append(f"line={line}")
            if column is not None:
                properties.append(f"col={column}")
    if title is not None:
        properties.append(f"title={_property(title)}")
    head = f"::{level} {','.join(properties)}" if properties else f"::{level}"
    return f"{head}::{_data(message)}"


def finding_annotation(file: str | None, finding: Finding, warning: bool = False, title: str | None = None) -> str:
    """A finding about ``file`` as an ``error`` (or ``warning``) annotation titled with its code."""
    return annotation("warning" if warning else "error", finding.message, file, finding.line,
                      title=title or finding.code)


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
