"""Commands that judge decks: ``validate``, ``tournament``, ``team`` and ``profile``."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Iterator

import click

from deckcli.cli.options import CONTEXT, reports_errors, verdict_format_option
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.rules.judging import DeckReport


@click.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
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
    from deckcli.render.verdicts import render_reports
    from deckcli.rules.builtin import EVERY_RULE_SET
    from deckcli.rules.judging import judge_file
    from deckcli.rules.loading import load_rule_set

    if list(decks).count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    if rules.strip().lower() == EVERY_RULE_SET:
        from deckcli.render.verdicts import render_overviews
        from deckcli.rules.overview import overview_file

        overviews = [overview_file(path) for path in decks]
        render_overviews(overviews, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
        sys.exit(max(o.exit_code for o in overviews))
    rule_set = load_rule_set(rules)
    worst = EXIT_OK

    def judged() -> Iterator[DeckReport]:
        """Each deck judged when the renderer asks for it: its verdict is out before the next file is read."""
        nonlocal worst
        for path in decks:
            report = judge_file(path, rule_set)
            worst = max(worst, report.exit_code)
            yield report
            sys.stdout.flush()  # this deck's verdict is out (to a pipe too) before the next file is read

    render_reports(judged(), fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
    sys.exit(worst)


def _judge_lineup(files: tuple[str, ...], rules: str, fmt: str) -> None:
    from deckcli.render.verdicts import render_lineup
    from deckcli.rules.lineups import judge_lineup_files

    report = judge_lineup_files(files, rules)
    render_lineup(report, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
    sys.exit(report.exit_code)


@click.command(context_settings=CONTEXT)
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


@click.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK DECK")
@verdict_format_option
@reports_errors
def team(decks: tuple[str, ...], fmt: str) -> None:
    """Check two teammates' decks for two versus two: each legal under the standard rules, different factions.

    \b
    Example:
      deckcli team decks/nilfgaard-starter.toml decks/skellige-starter.toml
    """
    _judge_lineup(decks, "team", fmt)


@click.command(context_settings=CONTEXT)
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
    from deckcli.rules.judging import read_resolved_deck
    from deckcli.rules.profile import deck_profile
    from deckcli.text import to_json

    click.echo(to_json(deck_profile(read_resolved_deck(deck))))
