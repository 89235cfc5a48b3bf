"""``deckcli replay``: a logged game (``simulate --log``) told turn by turn, or drawn as a page to step through."""

from __future__ import annotations

import click

from deckcli.cli.completion import complete_path
from deckcli.cli.output import before_writing, echo, echo_text, reports_errors, say
from deckcli.cli.parameter_types import CONTEXT, Number
from deckcli.cli.terminal import text_layout, wide_option
from deckcli.errors import EXIT_OK


@click.command(context_settings=CONTEXT)
@click.argument("log", shell_complete=complete_path)
@click.option("--game", "number", type=Number(min=0), default=None, metavar="N",
              help="The game to tell: its number in the log (the listing shows them). Without it: the log's only "
                   "game, or a list of its games.")
@click.option("--html", "html", metavar="FILE", shell_complete=complete_path,
              help="Write the game as one self-contained page instead: the battlefield at every event, stepped "
                   "through with buttons or the arrow keys (- prints the HTML).")
@click.option("--force", is_flag=True, help="Replace the --html FILE if it already exists.")
@wide_option
@reports_errors
def replay(log: str, number: int | None, html: str | None, force: bool) -> int:
    """Tell a logged game turn by turn: each play, what it did, every total.

    LOG is a game log written by deckcli simulate --log FILE, of any mode:
    two players, Gwent Solo (--solo), Free For All (--ffa N: players A, B,
    C, ...) or two versus two (--team-with: A1, B1, A2, B2 on Team A and
    Team B). Each event is a line: who moved, the card played and its row,
    what it did (the Strength each side gained or lost, cards drawn, units
    scorched, Weather set or cleared), passes, each round's end with the
    gems (Free For All: the points) and what stayed on the battlefield;
    then every side's total (A : B) and hand sizes (A|B) after it.
    Without --game, a log of one game is told; a log of several lists them
    (number, decks, winner, each round's totals, seed) to pick one.

    \b
    Example:
      deckcli simulate decks/monsters-starter.toml --games 20 --log games.jsonl
      deckcli replay games.jsonl
      deckcli replay games.jsonl --game 3
      deckcli replay games.jsonl --game 3 --html game3.html
    """
    from deckcli.game.game_log import list_games, read_game
    from deckcli.game.replay import render_listing, render_replay

    if log == "-":
        raise click.UsageError("LOG -: a game log is read from its file (a listing, then the game asked for): give "
                               "the file's name, such as deckcli replay games.jsonl")
    if html is None and force:
        raise click.UsageError("--force goes with --html FILE: replay writes no other file")
    if number is None:
        games, count = list_games(log)
        if count > 1:
            if html is not None:
                raise click.UsageError(f"{log} holds {count:,} games: name one with --game N (deckcli replay {log} "
                                       "lists them)")
            echo_text(render_listing(games, count, log, text_layout().width))
            return EXIT_OK
        number = games[0].number
    game = read_game(log, number)
    if html is None:
        echo_text(render_replay(game, log, text_layout().width))
        return EXIT_OK
    from deckcli.sheets.replay_page import replay_page

    page = replay_page(game, log)
    if html == "-":
        echo(page, nl=False)
        return EXIT_OK
    before_writing(lambda: None)  # a closed standard output stops the command before the file is made
    from deckcli.files.safe_write import write_text

    write_text(html, page, force=force)
    say(f"wrote {html}: game {number} of {log}, {len(game.events)} events to step through")
    return EXIT_OK
