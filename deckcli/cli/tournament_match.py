"""The §15 match forms of ``deckcli tournament``: ``--simulate`` (two lineups), ``--matrix FILE`` (rates given)
and ``--choose`` (the best registration of a player's decks against a field)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from deckcli.cli.output import echo, echo_error, echo_findings, echo_lines, echo_text, say
from deckcli.cli.terminal import text_layout
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.render.match_plan import MatchReport
    from deckcli.rules.lineups import LineupReport

MIN_CHOICE = 4
"""Decks ``--choose`` needs: with three there is nothing to choose."""
MAX_CHOICE = 20
"""Decks ``--choose`` takes at most: it judges and ranks every set of three (cubic: 20 decks are 1,140 sets, about
15 s on the 2-core machine besides the games; 100 decks were 161,700 sets, hours)."""


def _show(report: MatchReport, fmt: str) -> None:
    if fmt == "json":
        from deckcli.render.documents import document_json

        echo(document_json(report.as_dict()))
    else:
        echo_text(report.render_text(text_layout().width))


def solve_matrix_file(path: str, fmt: str) -> int:
    """``tournament --matrix FILE``: the match solved from the rates in FILE."""
    from deckcli.render.match_plan import given_report
    from deckcli.rules.match import solve_match
    from deckcli.rules.match_file import read_matrix

    _show(given_report(solve_match(read_matrix(path)), os.path.normpath(path) if path != "-" else "<stdin>"), fmt)
    return EXIT_OK


def _legal_lineup(files: tuple[str, ...], fmt: str) -> LineupReport | int:
    """The lineup ``files`` name, judged; when it is not legal, its verdict printed as ``tournament`` prints it and
    the exit code returned instead."""
    from deckcli.render.verdicts import render_lineup
    from deckcli.rules.lineups import judge_lineup_files

    report = judge_lineup_files(files, "tournament")
    if report.exit_code != EXIT_OK:
        layout = text_layout()
        render_lineup(report, fmt, out=echo_lines(layout), err=echo_error, layout=layout)
        return report.exit_code
    echo_findings(report.where, report.warnings, warning=True)  # a key it does not use, a deck outside its folder
    return report


def _refuse_what_is_read_once(paths: tuple[str, ...], form: str) -> None:
    """Raise :class:`DeckFileError` (exit 2) for standard input (``-``) or a pipe (``<(cat deck.toml)``) among
    ``paths``: ``form`` reads each deck to judge the lineups, then again to play it, and a pipe would be empty the
    second time (its deck reported as having no faction, or ``<stdin>`` as no such file)."""
    from deckcli.errors import DeckFileError
    from deckcli.files.reading import STDIN

    for path in paths:
        if path == STDIN:
            raise DeckFileError(f"standard input (-): {form} reads each deck and registration more than once; save "
                                "it to a file first")
        if os.path.exists(path) and not os.path.isdir(path) and not os.path.isfile(path):
            raise DeckFileError(f"is a pipe or a device, not a file: {form} reads each file more than once; save it "
                                "to a file first", where=path)


def _refuse_a_deck(path: str, option: str) -> None:
    """Raise :class:`DeckFileError` (exit 2) when ``path``, given to ``option`` (``--vs``, ``--field``), is a deck
    file: the option takes one registration, and the reader's own message ("give 3 deck files") would send the
    player to repeat the option, which keeps only the last. Anything else unreadable is reported where it is
    judged."""
    from deckcli.errors import DeckcliError, DeckFileError
    from deckcli.files.reading import STDIN, decode_text, display_path, read_bytes
    from deckcli.files.toml_lines import parse_toml

    if path == STDIN or not os.path.isfile(path):
        return
    try:
        document = parse_toml(decode_text(read_bytes(path), display_path(path)), display_path(path))
    except DeckcliError:
        return
    if "faction" in document and "decks" not in document:
        raise DeckFileError(f"is a deck file, not a registration: {option} takes one registration naming the three "
                            'decks, such as decks = ["a.toml", "b.toml", "c.toml"] (deck files relative to it)',
                            where=display_path(path))


def simulate_match(files: tuple[str, ...], vs: str, fmt: str, games: int, seed: int, bot: str | None,
                   opponent_bot: str | None, workers: int | None, cluster: str | None = None) -> int:
    """``tournament MINE --vs THEIRS --simulate``: the nine pairings played, the match solved."""
    from deckcli.cli.play import run_with_progress
    from deckcli.game.bots import DEFAULT
    from deckcli.game.simulation.runs import Plan
    from deckcli.game.simulation.tournament import lineup_entrants, simulated_report

    if not files:
        raise click.UsageError("--simulate needs your registration: deckcli tournament MINE.toml --vs THEIRS.toml "
                               "--simulate")
    _refuse_what_is_read_once(files + (vs,), "--simulate")
    mine = _legal_lineup(files, fmt)
    if isinstance(mine, int):
        return mine
    _refuse_a_deck(vs, "--vs")
    theirs = _legal_lineup((vs,), fmt)
    if isinstance(theirs, int):
        return theirs
    bot = bot or DEFAULT
    plan = Plan(lineup_entrants(mine), lineup_entrants(theirs), games, seed, bot, opponent_bot or bot)
    _show(simulated_report(plan, run_with_progress(plan, workers, cluster=cluster), mine, theirs), fmt)
    return EXIT_OK


def choose_registration(decks: tuple[str, ...], field: tuple[str, ...], fmt: str, games: int, seed: int,
                        bot: str | None, opponent_bot: str | None, workers: int | None, cluster: str | None,
                        output: str | None, force: bool) -> int:
    """``tournament --choose DECK... [--field REG...] [-o FILE]``: the legal registrations ranked."""
    from deckcli.cli.play import run_with_progress
    from deckcli.game.bots import DEFAULT
    from deckcli.game.simulation.tournament import choose_plan, rank_registrations, shipped_field

    if len(decks) < MIN_CHOICE:
        raise click.UsageError(f"--choose ranks the registrations of {MIN_CHOICE} or more deck files; got "
                               f"{len(decks)} (three: deckcli tournament A.toml B.toml C.toml --vs THEIRS.toml "
                               "--simulate)")
    if len(decks) > MAX_CHOICE:
        raise click.UsageError(f"--choose ranks the registrations of at most {MAX_CHOICE} deck files (every set of "
                               f"three is judged and ranked: {len(decks)} decks make {_sets(len(decks)):,} sets); "
                               "give the decks you would register")
    if "-" in decks or "-" in field:
        raise click.UsageError("--choose reads deck files, not standard input (-)")
    _refuse_repeated_decks(decks)
    _refuse_what_is_read_once(decks + field, "--choose")
    printed = output == "-"  # -o -: the registration is the standard output, the ranking goes to standard error
    if output is not None and not printed:
        from deckcli.files.safe_write import check_writable, refuse_an_input

        check_writable(output, force=force)  # refused before the games, not after minutes of them
        refuse_an_input(output, decks + field, "the registration")
    if field:
        lineups, names = [], []
        for registration in field:
            _refuse_a_deck(registration, "--field")
            report = _legal_lineup((registration,), fmt)
            if isinstance(report, int):
                return report
            lineups.append(tuple(deck.deck for deck in report.decks))
            names.append(report.player or report.registration or registration)
    else:
        lineups, names = shipped_field()
    bot = bot or DEFAULT
    plan, candidates, field_lineups, rejected = choose_plan(decks, lineups, games, seed, bot, opponent_bot or bot)
    ranking = rank_registrations(plan, run_with_progress(plan, workers, cluster=cluster), candidates, field_lineups, names, rejected)
    if fmt == "json":
        from deckcli.render.documents import document_json

        echo(document_json(ranking.as_dict()), err=printed)
    elif printed:
        echo(ranking.render_text(text_layout(err=True).width), err=True)
    else:
        echo_text(ranking.render_text(text_layout().width))
    if printed:
        echo(registration_text(ranking.best_files(), os.path.join(os.getcwd(), "registration.toml")), nl=False)
    elif output is not None:
        from deckcli.files.safe_write import write_text

        write_text(output, registration_text(ranking.best_files(), output), force=force)
        say(f"wrote {output}: the best registration (check it with deckcli tournament {output})", err=True)
    return EXIT_OK


def _sets(decks: int) -> int:
    import math

    return math.comb(decks, 3)


def _refuse_repeated_decks(decks: tuple[str, ...]) -> None:
    """Raise :class:`DeckcliError` (exit 2) when one deck file is given twice to ``--choose`` (also as ``./x`` or
    through a link): each registration would be ranked twice, and sets of three with it twice rejected."""
    from deckcli.errors import DeckcliError
    from deckcli.files.reading import first_repeat

    repeat = first_repeat(decks)
    if repeat:
        earlier, later = decks[repeat[0]], decks[repeat[1]]
        named = later if earlier == later else f"{earlier} (as {later})"
        raise DeckcliError(f"{named} is given twice: --choose ranks the registrations of different deck files; "
                           "give each once")


def registration_text(decks: tuple[str, ...], output: str) -> str:
    """A registration file naming ``decks`` relative to the folder of ``output`` (where it is written)."""
    import json

    folder = os.path.dirname(os.path.abspath(output))
    names = [os.path.relpath(os.path.abspath(deck), folder).replace(os.sep, "/") for deck in decks]
    listed = "".join(f"    {json.dumps(name, ensure_ascii=False)},\n" for name in names)
    return ("# The best registration of deckcli tournament --choose (rulebook §15): three Advanced-legal\n"
            "# decks of three factions, no Hero in two of them. Deck files are relative to this file.\n"
            f"decks = [\n{listed}]\n")
