"""Shared pieces of the Click face: option types, the error wrapper, writing output, echoing findings."""

from __future__ import annotations

import functools
import sys
from typing import Any, Callable

import click

from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, EXIT_UNUSABLE, DeckcliError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def fail(message: str, code: int = EXIT_UNUSABLE) -> None:
    """Print ``deckcli: message`` on stderr and exit with ``code``."""
    click.echo(f"deckcli: {message}", err=True)
    sys.exit(code)


def error_line(error: DeckcliError) -> str:
    """A problem in a file is told as ``FILE:LINE: reason``; one without a file as ``deckcli: reason``."""
    return error.located() if error.where is not None else f"deckcli: {error.located()}"


def reports_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a :class:`DeckcliError` raised by a command into a one-line message and its exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except DeckcliError as error:
            click.echo(error_line(error), err=True)
            sys.exit(error.exit_code)
        except BrokenPipeError:
            # The reader of our output went away (`deckcli … | head -1`): stop quietly.
            silence_stdout()
            sys.exit(EXIT_OK)

    return wrapper


class TableFormat(click.ParamType):
    """``--format`` of the table commands: any tabulate format, ``json`` or ``csv`` (checked lazily)."""

    name = "format"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.render.formats import table_formats

        choices = table_formats()
        if value.lower() in choices:
            return value.lower()
        self.fail(f"{value!r} is not a format; choose one of: {', '.join(choices)}", param, ctx)


def table_format_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the shared ``--format`` option (default ``simple``) of the table commands, as ``fmt``."""
    return click.option(
        "--format",
        "fmt",
        type=TableFormat(),
        default="simple",
        show_default=True,
        metavar="FORMAT",
        help="Any tabulate table format (simple, github, grid, pipe, html, …), json or csv.",
    )(command)


def verdict_format_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the ``--format text|json`` option of the verdict commands (validate, tournament, team), as ``fmt``."""
    return click.option(
        "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
        help="text: one line per finding, then a verdict; json: the same as one document.",
    )(command)


class UnusableInput(click.ClickException):
    """A :class:`DeckcliError` raised while Click converts an option (outside :func:`reports_errors`).

    Shown as the library error's own one-line message, with its exit code (2),
    not as a usage error: the command line was right, a file it needs is not.
    """

    def __init__(self, error: DeckcliError) -> None:
        super().__init__(error_line(error))
        self.exit_code = error.exit_code

    def show(self, file: Any = None) -> None:
        click.echo(self.message, err=True)


class FactionName(click.ParamType):
    """``--faction``: a faction's display name or slug, any case or apostrophe; converts to its set."""

    name = "faction"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from deckcli.catalog.loading import default_catalog

        if not isinstance(value, str):
            return value
        try:
            catalog = default_catalog()
        except DeckcliError as error:  # a broken DECKCLI_CATALOG file, met while Click reads the options
            raise UnusableInput(error) from None
        try:
            return catalog.faction(value)
        except KeyError:
            choices = ", ".join(f.name for f in catalog.factions.values())
            self.fail(f"{value!r} is not a faction; choose one of: {choices}", param, ctx)


class GameName(click.ParamType):
    """An option naming one of a few game terms by code or name, any case (``ranged``, ``Ranged Combat``)."""

    def __init__(self, what: str, names: Callable[[], dict[str, str]]) -> None:
        self.name = what
        self._names = names

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.catalog.names import find_named

        names = self._names()
        code = find_named(value, names)
        if code is None:
            article = "an" if self.name[0] in "aeiou" else "a"
            self.fail(f"{value!r} is not {article} {self.name}; choose one of: {', '.join(names.values())}", param, ctx)
        return code


def ability_names() -> dict[str, str]:
    from deckcli.catalog.abilities import ABILITIES

    return {code: ability.name for code, ability in ABILITIES.items()}


def kind_names() -> dict[str, str]:
    from deckcli.catalog.abilities import KIND_NAMES

    return KIND_NAMES


def row_names() -> dict[str, str]:
    from deckcli.catalog.model import ROW_NAMES

    return ROW_NAMES


def output_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``-o FILE`` (``-`` writes to standard output) and ``--force`` of the commands that write a file."""
    command = click.option("--force", is_flag=True, help="Replace FILE if it already exists.")(command)
    return click.option(
        "-o", "--output", required=True, metavar="FILE",
        help="The file to write (never replaced without --force); - writes to standard output.",
    )(command)


def write_output(text: str, output: str, force: bool) -> bool:
    """Write ``text`` to ``output`` (atomically, see :mod:`deckcli.files.safe_write`) or to stdout for ``-``.

    Returns whether a file was written.
    """
    if output == "-":
        click.echo(text, nl=False)
        return False
    from deckcli.files.safe_write import write_text

    write_text(output, text, force=force)
    return True


def echo_findings(where: str, findings: list[Any], warning: bool = False) -> None:
    """One ``FILE:LINE: code: message`` line per finding, on stderr."""
    from deckcli.render.verdicts import finding_line

    for finding in findings:
        click.echo(finding_line(where, finding, warning=warning), err=True)


def read_named_deck(path: str) -> Any:
    """Read and resolve a deck; exit 1 listing every name that matches no card or several."""
    from deckcli.deck.resolution import unresolved_findings
    from deckcli.rules.judging import read_resolved_deck

    deck = read_resolved_deck(path)
    unresolved = unresolved_findings(deck)
    if unresolved:
        echo_findings(deck.where, unresolved)
        click.echo(f"{deck.where}: fix the card names above first (deckcli validate lists every problem)", err=True)
        sys.exit(EXIT_ILLEGAL)
    return deck


def silence_stdout() -> None:
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
