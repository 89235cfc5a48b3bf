"""Commands that judge decks: ``validate``, ``tournament``, ``team`` and ``profile``."""

from __future__ import annotations

import sys

import click

from deckcli.cli.options import (
    CONTEXT,
    echo_error,
    echo_lines,
    layout_options,
    reports_errors,
    text_layout,
    verdict_format_option,
)
from deckcli.errors import EXIT_OK


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
@layout_options
@reports_errors
def validate(decks: tuple[str, ...], rules: str, fmt: str) -> None:
    """Check deck files against a rule set and report every violation at once.

    DECK is a deck file (TOML); - reads one deck from standard input. --rules all
    judges each deck under standard, advanced and solo, one row each (exit 1 unless
    legal under all of them).

    \b
    Example:
      deckcli validate decks/*-advanced.toml --rules advanced
      deckcli validate decks/*.toml --format github
      deckcli validate decks/skellige-starter.toml --rules all
    """
    from deckcli.render.verdicts import render_reports
    from deckcli.rules.builtin import EVERY_RULE_SET
    from deckcli.rules.judging import judge_file
    from deckcli.rules.loading import load_rule_set

    if list(decks).count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    layout = text_layout()
    if rules.strip().lower() == EVERY_RULE_SET:
        from deckcli.render.verdicts import render_overviews
        from deckcli.rules.overview import overview_file

        overviews = [overview_file(path) for path in decks]
        render_overviews(overviews, fmt, out=echo_lines(layout), err=echo_error, layout=layout)
        sys.exit(max(o.exit_code for o in overviews))
    rule_set = load_rule_set(rules)
    reports = [judge_file(path, rule_set) for path in decks]
    render_reports(reports, fmt, out=echo_lines(layout), err=echo_error, layout=layout)
    sys.exit(max((r.exit_code for r in reports), default=EXIT_OK))


def _judge_lineup(files: tuple[str, ...], rules: str, fmt: str) -> None:
    from deckcli.render.verdicts import render_lineup
    from deckcli.rules.lineups import judge_lineup_files

    layout = text_layout()
    report = judge_lineup_files(files, rules)
    render_lineup(report, fmt, out=echo_lines(layout), err=echo_error, layout=layout)
    sys.exit(report.exit_code)


@click.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, metavar="REGISTRATION | DECK DECK DECK")
@verdict_format_option
@layout_options
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
@layout_options
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
    "The profile", explains each one. The profile is the "profile" member of
    the printed object, beside "deck" and the deckcli and format versions.

    \b
    Example:
      deckcli profile decks/skellige-starter.toml
    """
    from deckcli.render.documents import document_json
    from deckcli.rules.judging import read_resolved_deck
    from deckcli.rules.profile import deck_profile

    resolved = read_resolved_deck(deck)
    click.echo(document_json({"deck": resolved.where, "profile": deck_profile(resolved)}))
