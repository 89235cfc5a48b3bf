"""Commands that judge decks: ``validate``, ``tournament``, ``team`` and ``profile``."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Iterator

import click

from deckcli.cli.completion import complete_path, complete_rules
from deckcli.cli.output import echo, echo_error, echo_lines, reports_errors, say
from deckcli.cli.parameter_types import CONTEXT, OpponentDeck, refuse_without, verdict_format_option
from deckcli.cli.progress import ProgressBar
from deckcli.cli.terminal import is_terminal, layout_options, text_layout, wide_option
from deckcli.cli.simulation_options import play_options
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.game.simulation.matchups import Opposition
    from deckcli.rules.judging import DeckReport


@click.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK...", shell_complete=complete_path)
@click.option(
    "--rules",
    shell_complete=complete_rules,
    default="standard",
    show_default=True,
    metavar="standard|advanced|solo|all|FILE",
    help="A built-in rule set, all of them (one row each), or the path of your own rule-set JSON Schema.",
)
@verdict_format_option
@layout_options
@reports_errors
def validate(decks: tuple[str, ...], rules: str, fmt: str) -> int:
    """Check deck files against a rule set and report every violation at once.

    DECK is a deck file (TOML); - reads one deck from standard input. --rules all
    judges each deck under standard, advanced and solo, one row each (exit 1 unless
    legal under all of them).

    \b
    Example:
      deckcli validate decks/*-advanced.toml --rules advanced
      deckcli validate decks/*-starter.toml --format github
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
        return max(o.exit_code for o in overviews)
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

    render_reports(judged(), fmt, out=echo_lines(layout), err=echo_error, layout=layout)
    return worst


def _judge_lineup(files: tuple[str, ...], rules: str, fmt: str) -> int:
    from deckcli.render.verdicts import render_lineup
    from deckcli.rules.lineups import judge_lineup_files

    layout = text_layout()
    report = judge_lineup_files(files, rules)
    render_lineup(report, fmt, out=echo_lines(layout), err=echo_error, layout=layout)
    return report.exit_code


MATCH_GAMES = 1000
"""``--games`` of the match forms: per pair of decks (nine pairs for --simulate)."""


HANDFUL = 5
"""A desk run of more files than this shows a progress bar (when standard error is a terminal)."""


@click.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=False, metavar="REGISTRATION... | DECK DECK DECK", shell_complete=complete_path)
@click.option(
    "--dir", "folder", metavar="FOLDER",
    help="Judge every registration (*.toml with decks = [...]) under FOLDER, then print a summary.",
)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json", "csv", "github"], case_sensitive=False), default="text",
    show_default=True,
    help="text: findings, then a verdict (and a summary for several registrations); json: the same as one "
    "document; csv: the summary, one row per registration; github: GitHub Actions annotations.",
)
@click.option("--fix", "fix_", is_flag=True, help="Print the fewest card changes over the three decks that make the lineup legal.")
@click.option("--apply", "apply_", is_flag=True, help="With --fix: rewrite every changed deck file, comments and order kept.")
@click.option("--vs", "vs", type=OpponentDeck(), multiple=True, metavar="REGISTRATION",
              help="With --simulate: the opponent's registration.")
@click.option("--simulate", is_flag=True,
              help="Solve the best-of-three (§15) against --vs: the 3×3 game-win rates by simulation, your match-win "
                   "probability and the plan.")
@click.option("--matrix", "matrix_file", metavar="FILE", shell_complete=complete_path,
              help="Solve the best-of-three (§15) from the game-win rates in FILE (TOML, docs/tournament.md).")
@click.option("--choose", is_flag=True,
              help="Rank the legal registrations of 4 to 20 DECK files by match-win rate against --field.")
@click.option("--field", multiple=True, metavar="REGISTRATION", shell_complete=complete_path,
              help="With --choose: a registration of the field (repeatable).  [default: the lineups of the shipped "
                   "Advanced decks]")
@click.option("-o", "--output", metavar="FILE", shell_complete=complete_path,
              help="With --choose: write the best registration to FILE (never replaced without --force); - prints "
                   "it, and the ranking goes to standard error.")
@click.option("--force", is_flag=True, help="With --choose -o: replace FILE if it exists.")
@play_options("your decks", default_games=MATCH_GAMES)
@layout_options
@reports_errors
def tournament(files: tuple[str, ...], folder: str | None, fmt: str, fix_: bool, apply_: bool,
               vs: tuple[Opposition, ...], simulate: bool, matrix_file: str | None, choose: bool, field: tuple[str, ...], output: str | None,
               force: bool, games: int, seed: int, bot: str | None, opponent_bot: str | None,
               workers: int | None, cluster: str | None) -> int:
    """Check a Tournament lineup: 3 Advanced-legal decks, 3 factions, no Hero in two decks.

    Give one registration file (TOML: decks = [...], names relative to it) or the
    three deck files. Each deck's Advanced findings are shown under it, then the
    lineup's violations (same-faction, shared-hero, deck-illegal, ...). Several
    registrations, or --dir FOLDER, run the tournament desk: each registration is
    judged as it comes, then a summary has one row per player (--format csv for a
    spreadsheet); a deck file named by two registrations is noted.

    \b
    Example:
      deckcli tournament decks/tournament-registration.toml
      deckcli tournament monsters.toml nilfgaard.toml skellige.toml --format json
      deckcli tournament --dir registrations/ --format csv > desk.csv
      deckcli tournament decks/tournament-registration.toml --fix --apply

    The best-of-three itself (§15) is solved exactly, both players choosing
    their best: --simulate plays each of your decks against each of theirs
    (--games each pair) and prints the 3×3 game-win rates, your match-win
    probability with its 95% interval and the plan (which deck to lead with,
    to answer with, to keep or switch to); --matrix FILE takes the rates from
    FILE instead; --choose ranks the registrations of your decks against a field.

    \b
      deckcli tournament mine.toml --vs theirs.toml --simulate --games 2000
      deckcli tournament --matrix rates.toml
      deckcli tournament --choose a.toml b.toml c.toml d.toml -o best.toml
    """
    from deckcli.rules.desk import looks_like_registration

    fmt = fmt.lower()
    if len(vs) > 1:  # taken as one option, the last --vs would win and the others be dropped without a word
        raise click.UsageError(f"--vs names one registration, the opponent's three decks; got {len(vs)}: run once "
                               "for each opponent")
    opponent = vs[0] if vs else None
    match_form = _match_form(click.get_current_context(), files, folder, fix_, opponent, simulate, matrix_file, choose,
                             fmt)
    if match_form is not None:
        from deckcli.cli import tournament_match

        if match_form == "--matrix":
            assert matrix_file is not None
            return tournament_match.solve_matrix_file(matrix_file, fmt)
        if match_form == "--simulate":
            assert opponent is not None
            if opponent.kind != "file":
                raise click.UsageError(f"--vs {opponent.value or opponent.kind}: with --simulate, --vs names the "
                                       "opponent's registration file (THEIRS.toml)")
            return tournament_match.simulate_match(files, opponent.value, fmt, games, seed, bot, opponent_bot, workers,
                                                   cluster)
        return tournament_match.choose_registration(files, field, fmt, games, seed, bot, opponent_bot, workers, cluster,
                                                    output, force)
    ctx = click.get_current_context()
    refuse_without(ctx, "--simulate", ("vs",))
    refuse_without(ctx, "--choose", ("field", "output", "force"))
    refuse_without(ctx, "--simulate or --choose", ("games", "seed", "bot", "opponent_bot", "workers", "cluster"))
    if apply_ and not fix_:
        raise click.UsageError("--apply goes with --fix")
    if fix_:
        if folder is not None or fmt == "csv":
            raise click.UsageError("--fix repairs one lineup: give a registration or three deck files, --format text or json")
        from deckcli.cli.repair import fix_lineup

        return fix_lineup(files, fmt, apply_)
    desk = folder is not None or fmt == "csv" or (len(files) > 1 and any(map(looks_like_registration, files)))
    if not desk:
        if not files:
            raise click.UsageError("give a registration file, three deck files, or --dir FOLDER")
        return _judge_lineup(files, "tournament", fmt)
    return _run_desk(files, folder, fmt)


def _match_form(ctx: click.Context, files: tuple[str, ...], folder: str | None, fix_: bool, vs: Opposition | None,
                simulate: bool, matrix_file: str | None, choose: bool, fmt: str) -> str | None:
    """Which §15 match form was asked for (``--simulate``, ``--matrix``, ``--choose``), or ``None``; a usage error
    (exit 2) for forms mixed, or with --fix, --dir, --format csv or github."""
    forms = [flag for flag, given in (("--simulate", simulate), ("--matrix", matrix_file is not None),
                                      ("--choose", choose)) if given]
    if not forms:
        return None
    if len(forms) > 1:
        raise click.UsageError(f"{' and '.join(forms)} are different questions: give one of them")
    form = forms[0]
    if fix_ or folder is not None or fmt not in ("text", "json"):
        raise click.UsageError(f"{form} goes with neither --fix, --dir nor --format csv or github: --format text or json")
    if form == "--simulate" and vs is None:
        raise click.UsageError("--simulate needs the opponent's registration: add --vs THEIRS.toml")
    if form != "--simulate" and vs is not None:
        raise click.UsageError("--vs goes with --simulate")
    if form == "--matrix":
        if files:
            raise click.UsageError("--matrix FILE takes the decks' names from FILE: give no deck or registration")
        refuse_without(ctx, "--simulate or --choose", ("games", "seed", "bot", "opponent_bot", "workers", "cluster"))
    if form != "--choose":
        refuse_without(ctx, "--choose", ("field", "output", "force"))
    return form


def _run_desk(files: tuple[str, ...], folder: str | None, fmt: str) -> int:
    """The tournament desk: judge every registration, streaming text results, then the summary (csv and json:
    each row as its registration is judged)."""
    from deckcli.render.desk_summary import render_desk
    from deckcli.render.verdicts import render_lineup
    from deckcli.rules.desk import DeskEntry, find_desk

    if fmt == "github":
        raise click.UsageError("--format github annotates one lineup: give one registration or three deck files")
    if files.count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    layout = text_layout()
    desk = find_desk(files, folder)
    total = len(desk.paths)
    progress = ProgressBar(total) if total > HANDFUL and is_terminal(sys.stderr) else None
    worst = EXIT_OK

    def judged() -> Iterator[DeskEntry]:
        """Each entry, its lineup (text) or its error (csv, json) told first; the bar redrawn once its row is out."""
        nonlocal worst
        for done, entry in enumerate(desk.judge(), start=1):
            worst = max(worst, entry.exit_code)
            if progress is not None:
                progress.clear()
            if fmt == "text":
                if entry.report is not None:
                    render_lineup(entry.report, "text", out=echo_lines(layout), err=echo_error, layout=layout)
                    echo("")
                elif entry.error is not None:
                    echo_error(entry.error.located())
                    echo_error(f"{entry.where}: not judged as a Tournament lineup")
            elif entry.error is not None:
                echo_error(entry.error.located())
            yield entry
            if progress is not None:
                progress.show(done, entry.where)
        if progress is not None:
            progress.clear()

    render_desk(judged(), fmt, out=echo_lines(layout), width=layout.width)
    return worst


@click.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK DECK", shell_complete=complete_path)
@verdict_format_option
@layout_options
@reports_errors
def team(decks: tuple[str, ...], fmt: str) -> int:
    """Check two teammates' decks for two versus two: each legal under the standard rules, different factions.

    \b
    Example:
      deckcli team decks/nilfgaard-starter.toml decks/skellige-starter.toml
    """
    return _judge_lineup(decks, "team", fmt)


@click.command(context_settings=CONTEXT)
@click.argument("deck", shell_complete=complete_path)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="json", show_default=True,
    help="json: the document rule sets judge; text: one field: value line per field.",
)
@wide_option
@reports_errors
def profile(deck: str, fmt: str) -> int:
    """Print the profile of a deck (JSON): the document every rule-set schema judges.

    Write your own house rules (--rules FILE) against these fields;
    docs/rules.md, "The profile", explains each one. The profile is the "profile" member of
    the printed object, beside "deck" and the deckcli and format versions.

    \b
    Example:
      deckcli profile decks/skellige-starter.toml
    """
    from deckcli.render.documents import document_json
    from deckcli.rules.judging import read_resolved_deck
    from deckcli.rules.profile import deck_profile

    resolved = read_resolved_deck(deck)
    if fmt.lower() == "text":
        from deckcli.render.profile_lines import profile_lines

        say("\n".join(profile_lines(resolved.where, deck_profile(resolved))))
        return EXIT_OK
    echo(document_json({"deck": resolved.where, "profile": deck_profile(resolved)}))
    return EXIT_OK
