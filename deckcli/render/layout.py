"""How text output is laid out: its width, line wrapping and colour.

A :class:`Layout` travels from the command line to the renderers: ``width`` is
the number of columns every line must fit (``None`` keeps one line per
finding or table row, as ``--wide`` asks), ``colour`` whether ANSI colours
mark violations, warnings and verdicts. The library never looks at the
terminal: the CLI measures it and decides.
"""

from __future__ import annotations

from typing import NamedTuple

from deckcli.text import columns, shown, wrapped

DEFAULT_WIDTH = 80
"""Columns when the output is not a terminal (a pipe, a file) and ``COLUMNS`` is not set."""

MIN_WIDTH = 40
"""Narrower terminals are laid out for this width: fewer columns leave a table no room."""

CONTINUATION = "    "
"""The indent of a wrapped line's continuation, so the next finding still starts at the margin."""

_STYLES = {
    "violation": "\x1b[31m",  # red
    "warning": "\x1b[33m",  # yellow
    "legal": "\x1b[32m",  # green
    "illegal": "\x1b[1;31m",  # bold red
}
_RESET = "\x1b[0m"


class Layout(NamedTuple):
    """Width (columns, or ``None`` for one line per record) and colour of text output."""

    width: int | None = DEFAULT_WIDTH
    colour: bool = False

    def wrap(self, text: str, indent: str = "", continuation: str = CONTINUATION) -> list[str]:
        """``text`` (one line, starting with ``indent``) as lines of at most ``width`` columns.

        Continuation lines start with ``indent`` plus ``continuation``. Words
        are never broken: a single word wider than ``width`` (a long path)
        stays whole on a line of its own, the only case where a line is wider.
        The text is measured as it will be shown: escaped (:func:`deckcli.text.shown`).
        """
        text = shown(text)
        if self.width is None or columns(text) <= self.width:
            return [text]
        lines = wrapped(text, self.width, subsequent_indent=indent + continuation)
        return lines or [text]

    def paint(self, text: str, style: str, part: str | None = None) -> str:
        """``text`` with ``part`` of it (the whole when ``None``) in ``style``'s colour, when colour is on.

        ``style`` is ``violation``, ``warning``, ``legal`` or ``illegal``. A
        ``part`` that is not in ``text`` leaves it plain.
        """
        if not self.colour:
            return text
        target = text if part is None else part
        if not target or target not in text:
            return text
        return text.replace(target, f"{_STYLES[style]}{target}{_RESET}", 1)


WIDE = Layout(width=None)
"""One line per finding or table row, no colour: for scripts, tests and markup formats."""


def fitted_width(columns: int) -> int:
    """The width to lay out for a terminal (or ``COLUMNS``) of ``columns`` columns: at least :data:`MIN_WIDTH`."""
    return max(columns, MIN_WIDTH)
