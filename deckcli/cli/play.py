"""Commands for a game on the table: ``score`` (a position, scored card by card)."""

from __future__ import annotations

import click

from deckcli.cli.completion import complete_path
from deckcli.cli.options import CONTEXT, reports_errors, say
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
    text = render_score(score_board(read_board(board, catalog), catalog), fmt.lower())
    if fmt.lower() == "json":
        click.echo(text)
    else:
        say(text)
    return EXIT_OK
