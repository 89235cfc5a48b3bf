"""Commands for games: ``score`` (a position on the table, scored card by card), ``solo`` (what Gwent Solo's
automated opponent does with the card it revealed), ``simulate`` (many games of a deck against others,
counted) and ``advise`` (every action of a position ranked by its chance to win)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from deckcli.cli.completion import complete_card, complete_path
from deckcli.cli.options import (
    CONTEXT,
    ProgressBar,
    SoloOpponent,
    before_writing,
    bot_options,
    echo,
    echo_findings,
    echo_text,
    MAX_SEED,
    Number,
    games_options,
    is_terminal,
    opponents_option,
    refuse_without,
    reports_errors,
    say,
    text_layout,
    wide_option,
)
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.game.simulation.matchups import Opposition
    from deckcli.game.simulation.runs import Plan, Tally

PROGRESS_AFTER = 1.0
"""Seconds a run takes before its progress bar shows (on a terminal only)."""


def run_with_progress(plan: Plan, workers: int | None, log: str | None = None, force: bool = False) -> Tally:
    """Play ``plan`` on ``workers`` processes (``None``: every core), with a progress bar on standard error when
    it is a terminal and the run takes over a second; with ``log``, every game's event log written to that
    file (atomically, never replacing a file without ``force``) and a line on standard error saying so."""
    from deckcli.game.simulation.runs import default_workers, run_plan

    before_writing(lambda: None)  # a closed standard output stops the run before its games, not after them
    bar = ProgressBar(plan.total, after=PROGRESS_AFTER) if is_terminal(sys.stderr) else None

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.show(done, "games")

    try:
        if log is None:
            tally = run_plan(plan, workers or default_workers(), progress=progress)
        else:
            from deckcli.files.safe_write import streamed_file

            with streamed_file(log, force=force) as stream:
                tally = run_plan(plan, workers or default_workers(), log=stream, progress=progress)
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
@opponents_option
@click.option("--solo", "solo", type=SoloOpponent(), multiple=True, metavar="FACTION|all",
              help="Gwent Solo (§18–20): DECK against the automated opponent of FACTION (repeatable), or all: the "
                   "five. Not with --vs or --opponent-bot.")
@click.option("--leader-variant", is_flag=True,
              help="With --solo: the Leader variant (§18): a round ending with DECK ahead has the automaton reveal and "
                   "resolve a Leader first.")
@games_options(default_games=1000)
@bot_options
@click.option("--log", "log", metavar="FILE", shell_complete=complete_path,
              help="Write every game's event log to FILE as JSON Lines (never replaced without --force).")
@click.option("--force", is_flag=True, help="Replace the --log FILE if it already exists.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="text: the tables and what was measured; json: the same as one document.")
@wide_option
@reports_errors
def simulate(deck: str, opposition: tuple[Opposition, ...], solo: tuple[str, ...], leader_variant: bool, games: int,
             seed: int, bot: str | None, opponent_bot: str | None, workers: int | None, log: str | None, force: bool,
             fmt: str) -> int:
    """Play a deck against others many times, and count how often it wins.

    DECK (a deck file legal under the standard rules; - reads standard input)
    plays --games games against each --vs deck (none: the five starter decks),
    seats alternating, who starts decided as the rulebook says. Per matchup
    and overall: games, wins, draws, losses and the win rate, (wins +
    draws/2) / games, with its 95% interval; per card, the win rate with and
    without it in the opening hand after the exchanges. The same --seed gives
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
    from deckcli.game.bots import DEFAULT
    from deckcli.game.simulation.matchups import automatons, entrant, opponents
    from deckcli.game.simulation.runs import Plan
    from deckcli.game.simulation.report import SimulationReport
    from deckcli.rules.judging import read_resolved_deck

    if solo and opposition:
        raise click.UsageError("--solo and --vs cannot be combined: in Gwent Solo DECK plays the automated opponent "
                               "of each --solo faction; drop --vs, or run simulate once for each")
    if solo and opponent_bot is not None:
        raise click.UsageError("--opponent-bot does not go with --solo: the automated opponent plays by its own rules "
                               "(§18–20); drop --opponent-bot")
    if not solo:
        refuse_without(click.get_current_context(), "--solo", ("leader_variant",))
    if deck == "-" and any(o.value == "-" for o in opposition):
        raise click.UsageError("standard input (-) can be read only once")
    if log == "-":
        raise click.UsageError("--log -: the game log is written to a file, standard output holds the tables: "
                               "give the file's name, such as --log games.jsonl")
    resolved = read_resolved_deck(deck)
    echo_findings(resolved.where, resolved.warnings, warning=True)
    subject = entrant(resolved, resolved.where, "solo" if solo else "standard")
    bot = bot or DEFAULT
    if solo:
        plan = Plan((subject,), automatons(solo, leader_variant), games, seed, bot, None)
    else:
        plan = Plan((subject,), opponents(opposition), games, seed, bot, opponent_bot or bot)
    report = SimulationReport(plan, run_with_progress(plan, workers, log, force))
    if fmt.lower() == "json":
        from deckcli.render.documents import document_json

        echo(document_json(report.as_dict()))
    else:
        echo_text(report.render_text(text_layout().width))
    return EXIT_OK


@click.command(context_settings=CONTEXT)
@click.argument("board", shell_complete=complete_path)
@click.option("--budget", type=Number(min=1, max=1_000_000), default=None, metavar="N",
              help="Iterations of the search, shared among the actions (more: narrower intervals, slower).  "
                   "[default: 600]")
@click.option("--seed", type=Number(min=0, max=MAX_SEED), default=1, show_default=True, metavar="N",
              help="Seed of every imagined deal: the same seed, the same answer.")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: a table of the actions, best first, with a reason each; json: the same as one document.",
)
@wide_option
@reports_errors
def advise(board: str, budget: int | None, seed: int, fmt: str) -> int:
    """What should I play here? Every action of [me], ranked by its chance to win.

    BOARD is a board file (docs/play.md, "The board file") with [me] to move.
    What you cannot see is given as counts: hand_size and deck_size under
    [opponent], dealt at random from its decklist (a deck file, relative to the
    board file) or, without one, from its faction's whole set. Each action
    (a card to a row, a Decoy onto a unit, the Leader, pass) is played out by the
    ismcts bot's search; its win rate (a draw counts half) comes with its 95%
    interval and a reason. The same --seed gives the same answer.

    \b
    Example:
      deckcli advise decks/boards/advise-last-round.toml --seed 1
      deckcli advise my-board.toml --budget 2000 --format json
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.advice import DEFAULT_BUDGET, advise as advise_board, render_advice
    from deckcli.game.board import read_board

    catalog = default_catalog()
    report = advise_board(read_board(board, catalog), board, catalog, seed=seed,
                          budget=budget if budget is not None else DEFAULT_BUDGET)
    echo(render_advice(report, fmt.lower(), text_layout().width))
    return EXIT_OK
