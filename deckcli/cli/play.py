"""Commands for a game on the table: ``score`` (a position, scored card by card) and ``solo`` (what Gwent Solo's
automated opponent does with the card it revealed)."""

from __future__ import annotations

import click

from deckcli.cli.completion import complete_card, complete_path
from deckcli.cli.options import CONTEXT, reports_errors, text_layout
from deckcli.errors import EXIT_OK


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
    click.echo(render_score(report, fmt.lower(), text_layout().width))
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
    from deckcli.game.solo_reveal import render_solo, solo_reveal

    if card is None:
        raise CardLookupError("--reveal CARD is missing: name the card the automaton has just revealed from its deck")
    report = solo_reveal(board, card)
    click.echo(render_solo(report, fmt.lower(), text_layout().width))
    return report.exit_code
