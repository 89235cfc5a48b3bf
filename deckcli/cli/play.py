"""Commands for games: ``score`` (a position on the table, scored card by card), ``solo`` (what Gwent Solo's
automated opponent does with the card it revealed) and ``simulate`` (many games of a deck against others,
counted)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from deckcli.cli.completion import complete_card, complete_path
from deckcli.cli.options import (
    CONTEXT,
    ProgressBar,
    before_writing,
    clock_text,
    echo,
    echo_findings,
    echo_text,
    is_terminal,
    reports_errors,
    say,
    text_layout,
    wide_option,
)
from deckcli.cli.simulation_options import simulation_options
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.cli.simulation_options import Simulation
    from deckcli.game.simulation.runs import Plan, Tally

PROGRESS_AFTER = 1.0
"""Seconds a run takes before its progress bar shows (on a terminal only)."""
LONG_RUN = 10.0
"""Seconds a run is expected to take beyond which it says so, in one line on standard error, before it starts."""


def run_with_progress(plan: Plan, workers: int | None, log: str | None = None, force: bool = False) -> Tally:
    """Play ``plan`` on ``workers`` processes (``None``: every core), with a progress bar on standard error when
    it is a terminal and the run takes over a second (the time so far, and an estimate of the rest); a run
    expected to take over :data:`LONG_RUN` seconds says so first, in one line on standard error; with ``log``, every game's event log written to that
    file (atomically, never replacing a file without ``force``, nor a deck the run plays even with it) and a line
    on standard error saying so."""
    from deckcli.game.simulation.runs import default_workers, estimated_seconds, pool_size, run_plan

    before_writing(lambda: None)  # a closed standard output stops the run before its games, not after them
    if log is not None:
        from deckcli.files.safe_write import refuse_an_input

        refuse_an_input(log, [entrant.source for entrant in plan.subjects + plan.opponents if not entrant.starter],
                        "the game log")
    workers = workers or default_workers()
    expected = estimated_seconds(plan, workers)
    if expected > LONG_RUN:
        processes = pool_size(plan, workers)
        say(f"This run plays {plan.total:,} games: about {clock_text(expected)} on {processes} "
            f"{'process' if processes == 1 else 'processes'} (fewer --games for less).", err=True)
    bar = ProgressBar(plan.total, after=PROGRESS_AFTER, timed=True) if is_terminal(sys.stderr) else None

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.show(done, "games")

    try:
        if log is None:
            tally = run_plan(plan, workers, progress=progress)
        else:
            from deckcli.files.safe_write import streamed_file

            with streamed_file(log, force=force) as stream:
                tally = run_plan(plan, workers, log=stream, progress=progress)
    finally:
        if bar is not None:
            bar.clear()
    if log is not None:
        say(f"wrote {log}: the game log of {plan.total:,} {'game' if plan.total == 1 else 'games'} (JSON Lines; "
            "deckcli schema --output-of game-log)", err=True)
    return tally


@click.command(context_settings=CONTEXT)
@click.argument("board", shell_complete=complete_path)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: each card's Strength and why, row by row; json: the same as one document.",
)
@reports_errors
def score(board: str, fmt: str) -> int:
    """Score a position on the table: every card's Strength and why, and what a Scorch would take.

    BOARD is a board file (TOML; - reads standard input): the Weather Cards in
    play, then [me] and [opponent], each with its faction, Leader and the cards
    lying in each row (docs/play.md, "The board file"). Each card's Strength
    follows the rulebook's order (§8: Weather, Tight Bond, Morale Boost,
    Commander's Horn); Heroes are untouched (§5). A board that cannot happen
    (an unknown card, a unit in a row it cannot enter, more copies than the set
    prints) is refused with its line, exit code 2.

    \b
    Example:
      deckcli score decks/boards/tight-bond.toml
      deckcli score decks/boards/scorch.toml --format json
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.board import read_board
    from deckcli.game.scoring import render_score, score_board

    catalog = default_catalog()
    report = score_board(read_board(board, catalog), catalog)
    echo(render_score(report, fmt.lower(), text_layout().width))
    return EXIT_OK


@click.command(context_settings=CONTEXT)
@click.argument("board", shell_complete=complete_path)
@click.option("--reveal", "card", metavar="CARD", shell_complete=complete_card,
              help="The card the automaton has just revealed from its deck (or a Leader it reveals, in the Leader variant).")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: a line per step with its reason; json: the same as one document.",
)
@reports_errors
def solo(board: str, card: str | None, fmt: str) -> int:
    """Gwent Solo: how the automaton plays its card.

    The card is the one Gwent Solo's automated opponent has just revealed from
    its deck (§18–20), or a Leader it reveals in the Leader variant (§20).
    BOARD is a board file: [me] is you, [opponent] the automaton (its faction,
    rows, Horns and discard pile). Each step is shown with its reason: the row a
    Horn or an Agile unit takes, the unit a Medic brings back, what a Scorch
    discards, the Agile units that move. Then the new totals, and what you do
    next at the table (reveal two more cards after a Spy, one after a Weather
    Card, search its deck for a Muster, a card under a Decoy).

    \b
    Example:
      deckcli solo decks/boards/solo-horn.toml --reveal "Commander's Horn"
    """
    from deckcli.errors import CardLookupError
    from deckcli.game.solo.reveal import render_solo, solo_reveal

    if card is None:
        raise CardLookupError("--reveal CARD is missing: name the card the automaton has just revealed from its deck")
    report = solo_reveal(board, card)
    echo(render_solo(report, fmt.lower(), text_layout().width))
    return report.exit_code


@click.command(context_settings=CONTEXT)
@click.argument("deck", shell_complete=complete_path)
@simulation_options("DECK")
@click.option("--force", is_flag=True, help="Replace the --log FILE if it already exists.")
@wide_option
@reports_errors
def simulate(deck: str, simulation: Simulation, force: bool, fmt: str) -> int:
    """Play a deck against others many times, and count how often it wins.

    DECK (a deck file legal under the standard rules; - reads standard input)
    plays --games games against each --vs deck (none: the five starter decks),
    seats alternating, who starts decided as the rulebook says. Per matchup
    and overall: games, wins, draws, losses and the win rate, (wins +
    draws/2) / games, with its 95% interval, and how the games went (round 1,
    cards ahead entering the deciding round, margins, how lost games were
    lost); per card, the win rate with and without it in the opening hand
    after the exchanges, the largest change first, marked when beyond noise
    after Holm's correction. The same --seed gives
    the same result, whatever --workers. With --solo, DECK (legal under the
    Solo rules: no Weather Card but Clear Weather) plays Gwent Solo against
    the automated opponent of each faction instead (§18–20).

    \b
    Example:
      deckcli simulate decks/northern-realms-starter.toml
      deckcli simulate my-deck.toml --vs monsters --vs rival.toml --games 5000
      deckcli simulate decks/skellige-starter.toml --bot search --games 50
      deckcli simulate my-deck.toml --format json --log games.jsonl
      deckcli simulate decks/monsters-advanced.toml --solo all --leader-variant
    """
    from deckcli.game.simulation.matchups import entrant
    from deckcli.game.simulation.report import SimulationReport
    from deckcli.rules.judging import read_resolved_deck

    simulation.check(reads_stdin=deck == "-")
    resolved = read_resolved_deck(deck)
    echo_findings(resolved.where, resolved.warnings, warning=True)
    plan = simulation.plan((entrant(resolved, resolved.where, simulation.rules),))
    report = SimulationReport(plan, run_with_progress(plan, simulation.workers, simulation.log, force))
    if fmt.lower() == "json":
        from deckcli.render.documents import document_json

        echo(document_json(report.as_dict()))
    else:
        echo_text(report.render_text(text_layout().width))
    return EXIT_OK
