"""The command line: a thin Click layer over the deckcli library.

Only this module imports click. Library errors (:class:`DeckcliError`) become
one line on stderr and their exit code; results go to stdout.
"""

from __future__ import annotations

import functools
import sys
from typing import Any, Callable

import click

from deckcli import __version__
from deckcli.errors import EXIT_OK, EXIT_UNUSABLE, DeckcliError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def fail(message: str, code: int = EXIT_UNUSABLE) -> None:
    """Print ``deckcli: message`` on stderr and exit with ``code``."""
    click.echo(f"deckcli: {message}", err=True)
    sys.exit(code)


def reports_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a :class:`DeckcliError` raised by a command into a one-line message and its exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except DeckcliError as error:
            fail(error.located(), error.exit_code)
        except BrokenPipeError:
            # The reader of our output went away (`deckcli … | head -1`): stop quietly.
            _silence_stdout()
            sys.exit(EXIT_OK)

    return wrapper


class TableFormat(click.ParamType):
    """``--format`` of the table commands: any tabulate format, ``json`` or ``csv`` (checked lazily)."""

    name = "format"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.output import table_formats

        choices = table_formats()
        if value in choices:
            return value
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


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="deckcli")
def cli() -> None:
    """Validate, check and analyse decks for Gwent: The Legendary Card Game.

    \b
    Example:
      deckcli validate decks/northern-realms-starter.toml --rules advanced

    Exit codes: 0 legal / done, 1 a deck breaks a rule, 2 a file could not be
    read as a deck or the command line is wrong.
    """


@cli.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True)
@click.option(
    "--rules",
    default="standard",
    show_default=True,
    metavar="standard|advanced|FILE",
    help="A built-in rule set, or the path of your own rule-set JSON Schema.",
)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
    help="text: one line per finding, then a verdict per deck; json: one object per deck.",
)
@reports_errors
def validate(decks: tuple[str, ...], rules: str, fmt: str) -> None:
    """Check deck files against a rule set and report every violation at once.

    DECK is a deck file (TOML); - reads one deck from standard input.

    \b
    Example:
      deckcli validate decks/skellige-starter.toml decks/nilfgaard-advanced.toml --rules advanced
    """
    from deckcli.render import render_reports
    from deckcli.rules import load_rule_set
    from deckcli.verdict import judge_file

    if list(decks).count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    rule_set = load_rule_set(rules)
    reports = [judge_file(path, rule_set) for path in decks]
    render_reports(reports, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
    sys.exit(max((r.exit_code for r in reports), default=EXIT_OK))


# --- tournament, team, profile (issue 3) -------------------------------------------------------


# --- stats, odds (issue 4) ----------------------------------------------------------------------


# --- cards, card, new, import, export, fmt, diff, schema (issue 5) ------------------------------


def main() -> None:
    """The console script: run the command line, never showing a traceback.

    Click's own errors keep their exit code 2. A closed output pipe
    (``deckcli validate … | head -1``) ends quietly with exit code 0: the reader
    wanted no more.
    """
    try:
        code = cli.main(prog_name="deckcli", standalone_mode=False)
    except click.exceptions.Exit as done:
        code = done.exit_code
    except click.ClickException as error:
        error.show()
        code = error.exit_code
    except click.Abort:
        click.echo("Aborted.", err=True)
        code = 130
    except Exception as error:  # a bug in deckcli: say so in one line, never a traceback
        click.echo(f"deckcli: internal error ({type(error).__name__}: {error}); please report it", err=True)
        code = EXIT_UNUSABLE
    _flush_or_silence()
    sys.exit(code if isinstance(code, int) else EXIT_OK)


def _silence_stdout() -> None:
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _flush_or_silence() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
