"""Commands that analyse a deck: ``stats``, ``odds`` and ``diff``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from deckcli.cli.completion import complete_choices, complete_main_deck_card, complete_path
from deckcli.cli.output import echo_findings, echo_text, reports_errors
from deckcli.cli.parameter_types import (
    CONTEXT, Number, StrParamType, refuse_choice, refuse_without, table_format_option,
)
from deckcli.cli.terminal import text_layout, wide_option
from deckcli.cli.simulation_options import refuse_without_simulate, simulation_options
from deckcli.errors import EXIT_ILLEGAL, EXIT_OK

if TYPE_CHECKING:
    from deckcli.cli.simulation_options import Simulation
    from deckcli.analysis.odds import OddsReport
    from deckcli.analysis.stats import StatsReport


class StatsTable(StrParamType):
    """``--table`` of ``stats``: one of the statistics tables (checked lazily, like ``--format``)."""

    name = "table"

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.analysis.stats import TABLES

        if value in TABLES:
            return value
        refuse_choice(value, "a table", list(TABLES), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from deckcli.analysis.stats import TABLES

        return complete_choices(list(TABLES), incomplete)


def _print_deck_report(report: StatsReport | OddsReport, text: str) -> int:
    """Say on stderr what the figures leave out and the deck's warnings (a key deckcli does not read, ``= 0``),
    print ``text`` (paged on a terminal); 1 when some name is not a card."""
    echo_findings(report.main.where, report.main.warnings, warning=True)
    echo_findings(report.main.where, report.main.left_out)
    echo_text(text)
    return EXIT_ILLEGAL if report.main.unresolved else EXIT_OK


@click.command(context_settings=CONTEXT)
@click.argument("deck", shell_complete=complete_path)
@click.option("--table", "only", type=StatsTable(), default=None, metavar="TABLE",
              help="Only this table: kinds, rows, abilities, strength, histogram, groups, exposure, "
                   "scorch or side-deck.")
@table_format_option
@wide_option
@reports_errors
def stats(deck: str, only: str | None, fmt: str) -> int:
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
    from deckcli.analysis.stats import deck_stats
    from deckcli.rules.judging import read_resolved_deck

    report = deck_stats(read_resolved_deck(deck))
    return _print_deck_report(report, report.render(fmt, only, text_layout().width))


@click.command(context_settings=CONTEXT)
@click.argument("deck", shell_complete=complete_path)
@click.option("--card", "cards", multiple=True, metavar="NAME", shell_complete=complete_main_deck_card,
              help="Only this card of the main deck (repeatable); its Muster group row too.")
@click.option("--hand", type=Number(min=1), default=None, metavar="N",
              help="Opening hand size.  [default: 10, or 11 with Francesca Findabair: Daisy of the Valley]")
@click.option("--exchanges", "--exchange", "exchanges", type=Number(0, 2), default=2, show_default=True, metavar="N",
              help="Cards exchanged (set aside, not redrawn) after the opening draw: 0 to 2 (§6).")
@click.option("--all", "all_of", multiple=True, metavar="NAME",
              help="Chance of holding every card named with --all (repeatable) at once.")
@click.option("--at-least", "at_least", type=(Number(min=1), str), multiple=True, metavar="K NAME",
              help="Chance of holding at least K copies of NAME (repeatable; combines with --all).")
@table_format_option
@wide_option
@reports_errors
def odds(
    deck: str,
    cards: tuple[str, ...],
    hand: int | None,
    exchanges: int,
    all_of: tuple[str, ...],
    at_least: tuple[tuple[int, str], ...],
    fmt: str,
) -> int:
    """Print exact chances of drawing each card of a deck.

    DECK is a deck file (TOML); - reads it from standard input. One row per
    card of the main deck and per Muster group: in the opening hand, after
    the exchange (set-aside model: exchanged cards are not redrawn) and with
    1 or 2 Spies played. --all and --at-least ask one combined question.

    \b
    Example:
      deckcli odds decks/northern-realms-starter.toml --card Thaler --card Decoy
      deckcli odds decks/scoiatael-starter.toml --all Scorch --at-least 2 Decoy
    """
    from deckcli.analysis.odds import draw_odds
    from deckcli.rules.judging import read_resolved_deck

    if cards and (all_of or at_least):
        raise click.UsageError("--card lists cards one by one; it cannot be combined with --all or --at-least")
    report = draw_odds(read_resolved_deck(deck), cards, hand, exchanges, all_of, at_least)
    return _print_deck_report(report, report.render(fmt, text_layout().width))


@click.command(context_settings=CONTEXT)
@click.argument("old", shell_complete=complete_path)
@click.argument("new", shell_complete=complete_path)
@click.option("--simulate", is_flag=True,
              help="Also play both decks against the same opponents on the same seeds, and compare their win rates.")
@simulation_options("OLD and NEW", formats="table")
@click.option("--force", is_flag=True, help="Replace the --log FILE if it already exists.")
@wide_option
@reports_errors
def diff(old: str, new: str, fmt: str, simulate: bool, simulation: Simulation, force: bool) -> int:
    """Show what changed between two decks.

    Cards added and removed, the profile figures (units, Special Cards,
    Strength, Spies, Medics…) and p_opening of each card in both decks: the
    chance (0–1) of at least one copy in the opening hand of 10 cards (11 with
    Francesca Findabair: Daisy of the Valley). --simulate plays both decks
    against the same --vs opponents (none: the five starter decks) on the
    same seeds (with --solo, in Gwent Solo against the automaton of each
    faction), and shows each matchup's change of win rate with its 95%
    interval over the paired games, and whether it is beyond noise; --log
    writes the event log of both decks' games.

    \b
    Example:
      deckcli diff decks/skellige-starter.toml decks/skellige-advanced.toml
      deckcli diff old.toml new.toml --simulate --games 2000
      deckcli diff old.toml new.toml --simulate --cluster tcp://10.0.0.5:8786
    """
    from deckcli.analysis.diff import diff_decks, render_diff
    from deckcli.rules.judging import read_named_deck

    if old == new == "-":
        raise click.UsageError("standard input (-) can be read only once")
    if not simulate:
        refuse_without_simulate(click.get_current_context())
        refuse_without(click.get_current_context(), "--log", ("force",))
    elif fmt == "csv":
        raise click.UsageError("--simulate prints its own table: choose --format json or a table format, not csv")
    else:
        simulation.check(reads_stdin="-" in (old, new))
    decks = [read_named_deck(old), read_named_deck(new)]
    for resolved in decks:
        echo_findings(resolved.where, resolved.warnings, warning=True)
    changes = diff_decks(*decks)
    if not simulate:
        echo_text(render_diff(changes, fmt, text_layout().width))
        return EXIT_OK
    from deckcli.cli.play import run_with_progress
    from deckcli.game.simulation.matchups import entrant
    from deckcli.game.simulation.report import PairedReport

    plan = simulation.plan(tuple(entrant(deck, deck.where, simulation.rules) for deck in decks))
    paired = PairedReport(plan, run_with_progress(plan, simulation.workers, simulation.log, force, simulation.cluster))
    if fmt == "json":
        from deckcli.render.documents import document_json

        echo_text(document_json({**changes.as_dict(), "simulated": paired.as_dict()}))
    else:
        width = text_layout().width
        echo_text(render_diff(changes, fmt, width) + "\n\n" + paired.render(fmt, width))
    return EXIT_OK
