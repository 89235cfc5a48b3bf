"""Commands for games: ``score`` (a position on the table, scored card by card), ``solo`` (what Gwent Solo's
automated opponent does with the card it revealed), ``simulate`` (many games of a deck against others,
counted) and ``advise`` (every action of a position ranked by its chance to win)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from deckcli.cli.completion import complete_card, complete_path
from deckcli.cli.game_runs import played_on_cluster, played_with_progress
from deckcli.cli.output import before_writing, echo, echo_findings, echo_text, reports_errors, say
from deckcli.cli.parameter_types import CONTEXT, MAX_SEED, BotName, Number, OpponentDeck, refuse_without
from deckcli.cli.progress import clock_text
from deckcli.cli.simulation_options import MAX_GAMES, simulation_options
from deckcli.cli.terminal import text_layout, wide_option
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.cli.simulation_options import Simulation
    from deckcli.game.simulation.matchups import Opposition
    from deckcli.game.simulation.runs import Plan, Tally

LONG_RUN = 10.0
"""Seconds a run is expected to take beyond which it says so, in one line on standard error, before it starts."""
MAX_ADVICE_BUDGET = 200_000
"""The largest ``advise --budget``: some four minutes of one core on a round-one board."""
LONG_ADVICE = 5_000
"""An ``advise --budget`` above which the search is timed first and, when longer than :data:`LONG_RUN`, says so."""
ADVICE_SAMPLE = 100
"""Games of the search that times a long one (at least ``MIN_GAMES`` an action)."""
QUICK_BOTS = {"random", "heuristic", None}
QUICK_GAME = 0.005
"""Seconds a game of :data:`QUICK_BOTS` takes at the most on one core (about 2 ms measured): a run of these bots
that could not take :data:`LONG_RUN` even on one process is not timed first (its sample games cost more than it)."""


def run_with_progress(plan: Plan, workers: int | None, log: str | None = None, force: bool = False,
                      cluster: str | None = None) -> Tally:
    """Play ``plan`` on ``workers`` processes (``None``: every core), or on the Dask cluster whose scheduler is at
    ``cluster``, with a progress bar on standard error when it is a terminal and the run takes over a second (the
    time so far, and an estimate of the rest); a run expected to take over :data:`LONG_RUN` seconds on this
    machine says so first, in one line on standard error; with ``log``, every game's event log written to that
    file (atomically, never replacing a file without ``force``, nor a deck the run plays even with it) and a line
    on standard error saying so."""
    from deckcli.game.simulation.runs import estimated_seconds, run_plan
    from deckcli.game.simulation.executor import default_workers, pool_size

    before_writing(lambda: None)  # a closed standard output stops the run before its estimate, not after it
    if log is not None:
        from deckcli.files.safe_write import refuse_an_input

        refuse_an_input(log, [entrant.source for entrant in plan.subjects + plan.opponents if not entrant.starter],
                        "the game log")
    if cluster is not None:
        return played_on_cluster(
            cluster, plan.total, lambda stream, progress, pool: run_plan(plan, log=stream, progress=progress,
                                                                         cluster=pool), log, force)
    processes = workers or default_workers()
    quick = {plan.bot, plan.opponent_bot} <= QUICK_BOTS and plan.total * QUICK_GAME <= LONG_RUN
    expected = 0.0 if quick else estimated_seconds(plan, processes)
    if expected > LONG_RUN:
        used = pool_size(plan, processes)
        say(f"This run plays {plan.total:,} games: about {clock_text(expected)} on {used} "
            f"{'process' if used == 1 else 'processes'} (fewer --games for less).", err=True)
    return played_with_progress(
        plan.total, lambda stream, progress: run_plan(plan, processes, log=stream, progress=progress), log, force)


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
    lying in each row (docs/play.md, "The board file"); or a Free For All board
    (three to five [[players]], §16) or a team board ([team_a] and [team_b],
    §17), scored with each player's points or each team's gem this round. Each card's Strength
    follows the rulebook's order (§8: Weather, Tight Bond, Morale Boost,
    Commander's Horn); Heroes are untouched (§5). A board that cannot happen
    (an unknown card, a unit in a row it cannot enter, more copies than the set
    prints) is refused with its line, exit code 2.

    \b
    Example:
      deckcli score decks/boards/tight-bond.toml
      deckcli score decks/boards/scorch.toml --format json
      deckcli score decks/boards/free-for-all.toml
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.board import read_board
    from deckcli.game.scoring import render_score, score_board

    catalog = default_catalog()
    report = score_board(read_board(board, catalog, every_mode=True), catalog)
    echo(render_score(report, fmt.lower(), text_layout().width))
    return EXIT_OK


@click.command(context_settings=CONTEXT)
@click.argument("board", required=False, metavar="BOARD|DECK", shell_complete=complete_path)
@click.option("--table", "table", is_flag=True,
              help="Play a whole Gwent Solo game at the table with DECK (a deck file, in place of BOARD): you say "
                   "each card the automaton reveals and your own plays, deckcli keeps the board.")
@click.option("--vs", "faction", type=OpponentDeck(), metavar="FACTION", help="With --table: the automaton's faction.")
@click.option("--leader-variant", is_flag=True, help="With --table: the Leader variant (§18).")
@click.option("--seed", type=Number(min=0, max=MAX_SEED), default=1, show_default=True, metavar="N",
              help="With --table: the seed of the random picks deckcli makes (Monsters' kept unit, Skellige's units).")
@click.option("--save", metavar="FILE", shell_complete=complete_path,
              help="With --table: save the game to FILE after every decision (never over a file without --force).")
@click.option("--resume", metavar="FILE", shell_complete=complete_path,
              help="Play on a game of --table saved to FILE (its deck, faction, variant and seed: no DECK, --vs, "
                   "--leader-variant or --seed).")
@click.option("--reveal", "cards", metavar="CARD", multiple=True, shell_complete=complete_card,
              help="The card the automaton has just revealed from its deck (or a Leader it reveals, in the Leader "
                   "variant); repeated: the cards its chained turn reveals next, in order (after a Weather Card, a "
                   "Spy, a Muster).")
@click.option("-o", "--output", metavar="FILE", shell_complete=complete_path,
              help="Write the board after the automaton's turn to FILE (never replaced without --force); - prints "
                   "it, and the steps go to standard error.")
@click.option("--apply", "apply_", is_flag=True, help="Rewrite BOARD itself with the board after the automaton's turn.")
@click.option("--force", is_flag=True, help="With -o or --save: replace FILE if it already exists.")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: a line per step with its reason; json: the same as one document.",
)
@reports_errors
def solo(board: str | None, table: bool, faction: Opposition | None, leader_variant: bool, seed: int,
         save: str | None, resume: str | None, cards: tuple[str, ...], output: str | None, apply_: bool, force: bool,
         fmt: str) -> int:
    """Gwent Solo: how the automaton plays its card.

    The card is the one Gwent Solo's automated opponent has just revealed from
    its deck (§18–20), or a Leader it reveals in the Leader variant (§20).
    BOARD is a board file: [me] is you, [opponent] the automaton (its faction,
    rows, Horns and discard pile). Each step is shown with its reason: the row a
    Horn or an Agile unit takes, the unit a Medic brings back, what a Scorch
    discards, the Agile units that move. Then the new totals, and what you do
    next at the table (reveal two more cards after a Spy, one after a Weather
    Card, search its deck for a Muster, a card under a Decoy). Repeat --reveal
    for the cards its chained turn reveals, in order; -o FILE (or --apply)
    writes the board after its turn. --table DECK --vs FACTION plays a whole
    game at the table instead, asking for each card and keeping the board.

    \b
    Example:
      deckcli solo decks/boards/solo-horn.toml --reveal "Commander's Horn"
      deckcli solo board.toml --reveal "Biting Frost" --reveal Fiend -o next.toml
      deckcli solo --table my-deck.toml --vs monsters --save game.json
    """
    from deckcli.errors import CardLookupError
    from deckcli.game.solo.reveal import render_solo, solo_reveal

    context = click.get_current_context()
    if table or resume is not None:
        if cards or output is not None or apply_:
            raise click.UsageError("--table plays a whole game: --reveal, -o and --apply go without it")
        if resume is not None:
            given = [word for word, asked in (("--table", table), ("DECK", board is not None),
                                              ("--vs", faction is not None), ("--leader-variant", leader_variant),
                                              ("--seed", _given(context, "seed"))) if asked]
            if given:
                raise click.UsageError("--resume FILE plays on with the deck, faction, variant and seed saved in "
                                       f"FILE: drop {', '.join(given)}")
        if faction is not None and faction.kind != "faction":
            raise click.UsageError("--vs: the automaton plays a faction's whole set (§18): name a faction, not a deck "
                                   "file or starters")
        from deckcli.cli.solo_table import play_at_table

        return play_at_table(board, faction.value if faction is not None else None, leader_variant, seed, save,
                             resume, force)
    refuse_without(context, "--table", ("faction", "leader_variant", "save", "seed"))
    if board is None:
        raise click.UsageError("BOARD is missing: deckcli solo BOARD --reveal CARD, or deckcli solo --table DECK "
                               "--vs FACTION for a whole game")
    if not cards:
        raise CardLookupError("--reveal CARD is missing: name the card the automaton has just revealed from its deck")
    target = _solo_target(board, output, apply_, force)
    report = solo_reveal(board, cards, target)
    printed = target == "-"  # -o -: the board is the standard output, the steps go to standard error
    if target is not None and report.board_text is not None:
        from deckcli.files.safe_write import rewrite_text, write_text

        if apply_:
            rewrite_text(board, report.board_text)
        elif not printed:
            write_text(target, report.board_text, force=force)
    echo(render_solo(report, fmt.lower(), text_layout(err=printed).width), err=printed)
    if printed and report.board_text is not None:
        echo(report.board_text, nl=False)
    return report.exit_code


def _given(context: click.Context, name: str) -> bool:
    """Whether the option of parameter ``name`` was typed (not its default)."""
    from click.core import ParameterSource

    return context.get_parameter_source(name) not in (ParameterSource.DEFAULT, None)


def _solo_target(board: str, output: str | None, apply_: bool, force: bool) -> str | None:
    """The file ``solo`` writes the board to (``None``: none; ``-``: standard output), refusing before anything is
    played what writing would refuse: -o and --apply together, BOARD as -o without --apply, standard input
    rewritten, an existing -o FILE."""
    import os

    from deckcli.errors import OutputError
    from deckcli.files.safe_write import EXISTS

    if apply_ and output is not None:
        raise click.UsageError("give --apply (rewrite BOARD) or -o FILE, not both")
    if apply_ and board == "-":
        raise click.UsageError("--apply rewrites BOARD, and standard input cannot be rewritten: use -o FILE")
    if force and output is None:
        raise click.UsageError("--force goes with -o FILE")
    if output == "-":
        return output
    if output is not None and board != "-" and os.path.lexists(output) and os.path.samefile(output, board):
        raise click.UsageError(f"-o {output} is BOARD itself: --apply rewrites it, or give another file")
    if output is not None and os.path.lexists(output) and not force:
        raise OutputError(EXISTS, where=output)
    return board if apply_ else output


@click.command(context_settings=CONTEXT)
@click.argument("deck", shell_complete=complete_path)
@simulation_options("DECK")
@click.option("--ffa", "ffa", type=click.IntRange(3, 5), default=None, metavar="N",
              help="Free For All (§16): DECK and N - 1 opponents (3 to 5 players): the --vs decks, else starter "
                   "decks of other factions.")
@click.option("--team-with", "team_with", type=OpponentDeck(), default=None, metavar="DECK2|FACTION",
              help="Two versus two (§17): DECK and DECK2 as a team against two --vs decks (else starter decks of "
                   "other factions).")
@click.option("--check-bot", "check_bot", type=BotName(), default=None, metavar="NAME",
              help="Play the same matchups again with bot NAME on both sides, and mark (~) each card whose row has the "
                   "other sign under it: a row about the bot, not the deck. Not with --solo.")
@click.option("--check-games", type=Number(min=1, max=MAX_GAMES), default=100, show_default=True, metavar="N",
              help=f"With --check-bot: games a matchup it plays (at most {MAX_GAMES:,}).")
@click.option("--force", is_flag=True, help="Replace the --log FILE if it already exists.")
@wide_option
@reports_errors
def simulate(deck: str, simulation: Simulation, ffa: int | None, team_with: Opposition | None,
             check_bot: str | None, check_games: int, force: bool, fmt: str) -> int:
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
    the automated opponent of each faction instead (§18–20). With --ffa N,
    DECK plays Free For All (§16) with N - 1 opponents; with --team-with
    DECK2, two versus two (§17) as DECK2's teammate (docs/play.md).

    \b
    Example:
      deckcli simulate decks/northern-realms-starter.toml
      deckcli simulate my-deck.toml --vs monsters --vs rival.toml --games 5000
      deckcli simulate decks/skellige-starter.toml --bot search --games 50
      deckcli simulate my-deck.toml --format json --log games.jsonl
      deckcli simulate decks/monsters-advanced.toml --solo all --leader-variant
      deckcli simulate decks/nilfgaard-starter.toml --ffa 4 --games 200
      deckcli simulate my-deck.toml --team-with skellige --games 200
      deckcli simulate my-deck.toml --cluster tcp://10.0.0.5:8786
    """
    from deckcli.game.simulation.matchups import entrant
    from deckcli.game.simulation.report import SimulationReport
    from deckcli.rules.judging import read_resolved_deck

    if ffa is not None or team_with is not None:  # Free For All (§16) or two versus two (§17)
        from deckcli.cli.table_play import simulate_table

        if simulation.solo:
            raise click.UsageError("--solo does not go with --ffa or --team-with: Gwent Solo is one player against "
                                   "the automaton (§18); drop one")
        if check_bot is not None:
            raise click.UsageError("--check-bot does not go with --ffa or --team-with: it checks a two-player run; "
                                   "drop --check-bot")
        simulation.check(reads_stdin=deck == "-")
        return simulate_table(deck, ffa, team_with, simulation.opposition, simulation.games, simulation.seed,
                              simulation.bot, simulation.opponent_bot, simulation.workers, simulation.log, force,
                              fmt.lower(), simulation.cluster)
    simulation.check(reads_stdin=deck == "-")
    if simulation.solo and check_bot is not None:
        raise click.UsageError("--check-bot does not go with --solo: the automated opponent plays by its own rules "
                               "(§18–20); drop --check-bot")
    if check_bot is None:
        refuse_without(click.get_current_context(), "--check-bot", ("check_games",))
    resolved = read_resolved_deck(deck)
    echo_findings(resolved.where, resolved.warnings, warning=True)
    plan = simulation.plan((entrant(resolved, resolved.where, simulation.rules),))
    tally = run_with_progress(plan, simulation.workers, simulation.log, force, simulation.cluster)
    check = None
    if check_bot is not None:
        checked = plan._replace(games=check_games, bot=check_bot, opponent_bot=check_bot)
        check = (checked, run_with_progress(checked, simulation.workers, cluster=simulation.cluster))
    report = SimulationReport(plan, tally, check)
    if fmt.lower() == "json":
        from deckcli.render.documents import document_json

        echo(document_json(report.as_dict()))
    else:
        echo_text(report.render_text(text_layout().width))
    return EXIT_OK


@click.command(context_settings=CONTEXT)
@click.argument("board", shell_complete=complete_path)
@click.option("--budget", type=Number(min=1, max=MAX_ADVICE_BUDGET), default=None, metavar="N",
              help="Games played out, shared among the actions (more: narrower intervals, slower; at most "
                   f"{MAX_ADVICE_BUDGET:,}, a search of more than {LONG_ADVICE:,} says first how long it will take).  "
                   "[default: 1,200]")
@click.option("--seed", type=Number(min=0, max=MAX_SEED), default=1, show_default=True, metavar="N",
              help="Seed of every imagined deal: the same seed, the same answer.")
@click.option("--bot", type=BotName(), default=None, metavar="NAME",
              help="The bot playing each game out after the action, on both sides (a name of simulate --bot; a "
                   "searching bot costs some hundred times the heuristic's time a game).  [default: heuristic]")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: a table of the actions, best first, with a reason each; json: the same as one document.",
)
@wide_option
@reports_errors
def advise(board: str, budget: int | None, seed: int, bot: str | None, fmt: str) -> int:
    """What should I play here? Every action of [me], ranked by its chance to win.

    BOARD is a board file (docs/play.md, "The board file") with [me] to move.
    What you cannot see is given as counts: hand_size and deck_size under
    [opponent], dealt at random from its decklist (a deck file, relative to the
    board file) or, without one, from its faction's whole set. Each action
    (a card to a row, a Decoy onto a unit, the Leader, pass) is played out in
    the same imagined deals as every other, by --bot on both sides; its win
    rate (a draw counts half) comes with its 95% interval and a reason, and the
    output says which actions are within noise of the best. The same --seed
    gives the same answer.

    \b
    Example:
      deckcli advise decks/boards/advise-last-round.toml --seed 1
      deckcli advise my-board.toml --budget 3000 --format json
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.advice import DEFAULT_BUDGET, EVALUATOR, MIN_GAMES, advise as advise_board, render_advice
    from deckcli.game.board import read_board

    catalog = default_catalog()
    position = read_board(board, catalog)
    budget = budget if budget is not None else DEFAULT_BUDGET
    bot = bot if bot is not None else EVALUATOR
    if bot not in QUICK_BOTS:  # a searching bot's game is a search of its own: a sample would itself take minutes
        say(f"This search plays {budget:,} games or more (at least {MIN_GAMES} an action) with the {bot} bot, each game "
            "a search of its own: it can take minutes (a smaller --budget, or the heuristic bot, for less).", err=True)
    elif budget > LONG_ADVICE:  # timed on a small search first, as simulate times its sample games
        import time

        began = time.monotonic()
        sample = advise_board(position, board, catalog, seed=seed, budget=ADVICE_SAMPLE, bot=bot)
        expected = (time.monotonic() - began) * budget / sum(a.games for a in sample.actions)
        if expected > LONG_RUN:
            say(f"This search plays {budget:,} games: about {clock_text(expected)} on one process (a smaller "
                "--budget for less).", err=True)
    report = advise_board(position, board, catalog, seed=seed, budget=budget, bot=bot)
    echo(render_advice(report, fmt.lower(), text_layout().width))
    return EXIT_OK
