"""How text output meets the terminal: its width and colour (``--wide``, ``--color``), its size, whether a stream
is one. Imports no other module of the Click face."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable

import click

if TYPE_CHECKING:  # the render package is imported only when a command prints
    from deckcli.render.layout import Layout

COLOR_CHOICES = ("auto", "always", "never")


def _remember(key: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        ctx.meta[key] = value
        return value

    return callback


def wide_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--wide`` to a command that prints text; :func:`text_layout` reads it."""
    return click.option(
        "--wide", is_flag=True, expose_value=False, callback=_remember("deckcli.wide"),
        help="One line per finding and per table row, whatever the terminal's width (for scripts).",
    )(command)


def layout_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--wide`` and ``--color`` to a command that prints verdicts; :func:`text_layout` reads them."""
    command = click.option(
        "--color", "--colour", type=click.Choice(COLOR_CHOICES, case_sensitive=False), default="auto",
        show_default=True, expose_value=False, callback=_remember("deckcli.color"),
        help="Colour violations, warnings and verdicts: auto (on a terminal, unless NO_COLOR is set), "
        "always or never.",
    )(command)
    return wide_option(command)


def text_layout(err: bool = False) -> Layout:
    """The :class:`~deckcli.render.layout.Layout` of this command's text output (``err``: of its messages on
    standard error).

    Width: none with ``--wide``; else ``COLUMNS`` when set, the terminal's width
    when standard output (standard error) is one, and 80 otherwise (a pipe, a file). Colour:
    ``--color always``, or ``auto`` on a terminal when ``NO_COLOR`` is not set
    (https://no-color.org: any non-empty value).
    """
    import os

    from deckcli.render.layout import DEFAULT_WIDTH, Layout, fitted_width

    meta = click.get_current_context().meta
    choice = str(meta.get("deckcli.color") or "auto").lower()
    if choice == "auto":
        colour = is_terminal(sys.stderr if err else sys.stdout) and not os.environ.get("NO_COLOR")
    else:
        colour = choice == "always"
    if meta.get("deckcli.wide"):
        return Layout(width=None, colour=colour)
    return Layout(width=fitted_width(terminal_size(DEFAULT_WIDTH, 24, err)[0]), colour=colour)


def terminal_size(columns: int, lines: int, err: bool = False) -> tuple[int, int]:
    """The terminal's (columns, lines), as :func:`shutil.get_terminal_size` gives them, with the fallback given.

    ``COLUMNS`` and ``LINES`` win when set to a positive number; then the size of
    the terminal standard output (with ``err``, standard error) is on; otherwise
    the fallback. (shutil itself is not imported: it brings the bz2 and lzma
    modules into every start.)
    """
    import os

    def from_environment(name: str) -> int:
        try:
            return int(os.environ.get(name, ""))
        except ValueError:
            return 0

    size = (from_environment("COLUMNS"), from_environment("LINES"))
    if size[0] <= 0 or size[1] <= 0:
        try:
            measured = os.get_terminal_size((sys.__stderr__ if err else sys.__stdout__).fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            measured = os.terminal_size((0, 0))
        size = (size[0] if size[0] > 0 else measured.columns, size[1] if size[1] > 0 else measured.lines)
    return (size[0] if size[0] > 0 else columns, size[1] if size[1] > 0 else lines)


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a closed stream, or none, is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed, or not a real stream
        return False
