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


def verdict_format_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the ``--format text|json`` option of the verdict commands (validate, tournament, team), as ``fmt``."""
    return click.option(
        "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
        help="text: one line per finding, then a verdict; json: the same as one document.",
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
    metavar="standard|advanced|solo|all|FILE",
    help="A built-in rule set, all of them (one row each), or the path of your own rule-set JSON Schema.",
)
@verdict_format_option
@reports_errors
def validate(decks: tuple[str, ...], rules: str, fmt: str) -> None:
    """Check deck files against a rule set and report every violation at once.

    DECK is a deck file (TOML); - reads one deck from standard input. --rules all
    judges each deck under standard, advanced and solo, one row each (exit 1 unless
    legal under all of them).

    \b
    Example:
      deckcli validate decks/skellige-starter.toml decks/nilfgaard-advanced.toml --rules advanced
      deckcli validate decks/skellige-starter.toml --rules all
    """
    from deckcli.render import render_reports
    from deckcli.rules import load_rule_set
    from deckcli.verdict import judge_file

    if list(decks).count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    if rules == "all":
        from deckcli.overview import overview_file, render_overviews

        overviews = [overview_file(path) for path in decks]
        render_overviews(overviews, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
        sys.exit(max(o.exit_code for o in overviews))
    rule_set = load_rule_set(rules)
    reports = [judge_file(path, rule_set) for path in decks]
    render_reports(reports, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
    sys.exit(max((r.exit_code for r in reports), default=EXIT_OK))


# --- tournament, team, profile (issue 3) -------------------------------------------------------


def _judge_lineup(files: tuple[str, ...], rules: str, fmt: str) -> None:
    from deckcli.lineup import judge_lineup_files
    from deckcli.lineup_render import render_lineup

    report = judge_lineup_files(files, rules)
    render_lineup(report, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
    sys.exit(report.exit_code)


@cli.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, metavar="REGISTRATION | DECK DECK DECK")
@verdict_format_option
@reports_errors
def tournament(files: tuple[str, ...], fmt: str) -> None:
    """Check a Tournament lineup: 3 Advanced-legal decks, 3 factions, no Hero in two decks.

    Give one registration file (TOML: decks = [...], names relative to it) or the
    three deck files. Each deck's Advanced findings are shown under it, then the
    lineup's violations (same-faction, shared-hero, deck-illegal, ...).

    \b
    Example:
      deckcli tournament decks/tournament-registration.toml
      deckcli tournament monsters.toml nilfgaard.toml skellige.toml --format json
    """
    _judge_lineup(files, "tournament", fmt)


@cli.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK DECK")
@verdict_format_option
@reports_errors
def team(decks: tuple[str, ...], fmt: str) -> None:
    """Check two teammates' decks for two versus two: each legal, different factions.

    \b
    Example:
      deckcli team decks/nilfgaard-starter.toml decks/skellige-starter.toml
    """
    _judge_lineup(decks, "team", fmt)


@cli.command(context_settings=CONTEXT)
@click.argument("deck")
@reports_errors
def profile(deck: str) -> None:
    """Print the profile of a deck (JSON): the document every rule-set schema judges.

    Write your own house rules (--rules FILE) against these fields; README.md,
    "The profile", explains each one.

    \b
    Example:
      deckcli profile decks/skellige-starter.toml
    """
    from deckcli.output import to_json
    from deckcli.profile import deck_profile
    from deckcli.verdict import read_resolved_deck

    click.echo(to_json(deck_profile(read_resolved_deck(deck))))


# --- stats, odds (issue 4) ----------------------------------------------------------------------


class StatsTable(click.ParamType):
    """``--table`` of ``stats``: one of the statistics tables (checked lazily, like ``--format``)."""

    name = "table"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.stats import TABLES

        if value in TABLES:
            return value
        self.fail(f"{value!r} is not a table; choose one of: {', '.join(TABLES)}", param, ctx)


def _print_deck_report(report: Any, text: str) -> None:
    """Say on stderr what the figures leave out, print ``text`` and exit (1 when some name is not a card)."""
    from deckcli.errors import EXIT_ILLEGAL

    note = report.main.left_out_line()
    if note:
        click.echo(note, err=True)
    click.echo(text)
    sys.exit(EXIT_ILLEGAL if report.main.unresolved else EXIT_OK)


@cli.command(context_settings=CONTEXT)
@click.argument("deck")
@click.option("--table", "only", type=StatsTable(), default=None, metavar="TABLE",
              help="Only this table: kinds, rows, abilities, strength, histogram, groups, exposure, "
                   "scorch or side-deck.")
@table_format_option
@reports_errors
def stats(deck: str, only: str | None, fmt: str) -> None:
    """Print the composition tables of a deck.

    DECK is a deck file (TOML); - reads it from standard input. Tables: cards
    by kind, by row (Agile units counted once, in their own row), by ability;
    Strength and its histogram; Muster and Tight Bond groups; exposure to
    Weather Cards; what a Scorch would remove; the side deck to set aside.

    \b
    Example:
      deckcli stats decks/skellige-advanced.toml
      deckcli stats decks/monsters-starter.toml --table groups --format github
    """
    from deckcli.stats import deck_stats
    from deckcli.verdict import read_resolved_deck

    report = deck_stats(read_resolved_deck(deck))
    _print_deck_report(report, report.render(fmt, only))


@cli.command(context_settings=CONTEXT)
@click.argument("deck")
@click.option("--card", "cards", multiple=True, metavar="NAME",
              help="Only this card of the main deck (repeatable); its Muster group row too.")
@click.option("--hand", type=click.IntRange(min=1), default=None, metavar="N",
              help="Opening hand size.  [default: 10, or 11 with Francesca Findabair: Daisy of the Valley]")
@click.option("--exchanges", type=click.IntRange(min=0), default=2, show_default=True, metavar="N",
              help="Cards exchanged (set aside, not redrawn) after the opening draw.")
@click.option("--all", "all_of", multiple=True, metavar="NAME",
              help="Chance of holding every card named with --all (repeatable) at once.")
@click.option("--at-least", "at_least", type=(click.IntRange(min=1), str), multiple=True, metavar="K NAME",
              help="Chance of holding at least K copies of NAME (repeatable; combines with --all).")
@table_format_option
@reports_errors
def odds(
    deck: str,
    cards: tuple[str, ...],
    hand: int | None,
    exchanges: int,
    all_of: tuple[str, ...],
    at_least: tuple[tuple[int, str], ...],
    fmt: str,
) -> None:
    """Print exact chances of drawing each card of a deck.

    DECK is a deck file (TOML); - reads it from standard input. One row per
    card of the main deck and per Muster group: in the opening hand, after
    the exchange (set-aside model: exchanged cards are not redrawn) and with
    1 or 2 Spies played. --all and --at-least ask one combined question.

    \b
    Example:
      deckcli odds decks/northern-realms-starter.toml --card "Blue Stripes Commando"
      deckcli odds decks/scoiatael-starter.toml --all Decoy --at-least 2 "Havekar Smuggler"
    """
    from deckcli.odds_table import draw_odds
    from deckcli.verdict import read_resolved_deck

    if cards and (all_of or at_least):
        raise click.UsageError("--card lists cards one by one; it cannot be combined with --all or --at-least")
    report = draw_odds(read_resolved_deck(deck), cards, hand, exchanges, all_of, at_least)
    _print_deck_report(report, report.render(fmt))


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
