"""The command line: a thin Click layer over the deckcli library.

Only this module imports click. Library errors (:class:`DeckcliError`) become
one line on stderr and their exit code; results go to stdout.
"""

from __future__ import annotations

import errno
import functools
import io
import sys
from typing import Any, Callable

import click

from deckcli import __version__
from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, EXIT_UNUSABLE, DeckcliError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def fail(message: str, code: int = EXIT_UNUSABLE) -> None:
    """Print ``deckcli: message`` on stderr and exit with ``code``."""
    click.echo(f"deckcli: {message}", err=True)
    sys.exit(code)


def error_line(error: DeckcliError) -> str:
    """A problem in a file is told as ``FILE:LINE: reason``; one without a file as ``deckcli: reason``."""
    return error.located() if error.where is not None else f"deckcli: {error.located()}"


def reports_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a :class:`DeckcliError` raised by a command into a one-line message and its exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except DeckcliError as error:
            click.echo(error_line(error), err=True)
            sys.exit(error.exit_code)
        except BrokenPipeError:
            # The reader of our output went away (`deckcli … | head -1`): stop quietly.
            _silence_stdout()
            sys.exit(EXIT_OK)

    return wrapper


class TableFormat(click.ParamType):
    """``--format`` of the table commands: any tabulate format, ``json`` or ``csv`` (checked lazily)."""

    name = "format"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.output import table_formats

        choices = table_formats()
        if value.lower() in choices:
            return value.lower()
        self.fail(f"{value!r} is not a format; choose one of: {', '.join(choices)}", param, ctx)


def table_format_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the shared ``--format`` option (default ``simple``) of the table commands, as ``fmt``."""
    return click.option(
        "--format",
        "fmt",
        type=TableFormat(),
        default="simple",
        show_default=True,
        metavar="FORMAT",
        help="Any tabulate table format (simple, github, grid, pipe, html, …), json or csv.",
    )(command)


def verdict_format_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add the ``--format text|json`` option of the verdict commands (validate, tournament, team), as ``fmt``."""
    return click.option(
        "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
        help="text: one line per finding, then a verdict; json: the same as one document.",
    )(command)


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, prog_name="deckcli")
def cli() -> None:
    """Validate, check and analyse decks for Gwent: The Legendary Card Game.

    \b
    Example:
      deckcli validate decks/northern-realms-starter.toml --rules advanced

    Exit codes: 0 legal / done; 1 a deck or lineup breaks a rule, names cards
    that do not exist, or (fmt --check) a file would change; 2 a file could not
    be read or written, or the command line is wrong.
    """


@cli.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option(
    "--rules",
    default="standard",
    show_default=True,
    metavar="standard|advanced|solo|all|FILE",
    help="A built-in rule set, all of them (one row each), or the path of your own rule-set JSON Schema.",
)
@verdict_format_option
@reports_errors
def validate(decks: tuple[str, ...], rules: str, fmt: str) -> None:
    """Check deck files against a rule set and report every violation at once.

    DECK is a deck file (TOML); - reads one deck from standard input. --rules all
    judges each deck under standard, advanced and solo, one row each (exit 1 unless
    legal under all of them).

    \b
    Example:
      deckcli validate decks/skellige-starter.toml decks/nilfgaard-advanced.toml --rules advanced
      deckcli validate decks/skellige-starter.toml --rules all
    """
    from deckcli.render import render_reports
    from deckcli.rules import EVERY_RULE_SET, load_rule_set
    from deckcli.verdict import judge_file

    if list(decks).count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    if rules.strip().lower() == EVERY_RULE_SET:
        from deckcli.overview import overview_file, render_overviews

        overviews = [overview_file(path) for path in decks]
        render_overviews(overviews, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
        sys.exit(max(o.exit_code for o in overviews))
    rule_set = load_rule_set(rules)
    reports = [judge_file(path, rule_set) for path in decks]
    render_reports(reports, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
    sys.exit(max((r.exit_code for r in reports), default=EXIT_OK))


# --- lineups (Tournament, two versus two) and the profile -----------------------------------------


def _judge_lineup(files: tuple[str, ...], rules: str, fmt: str) -> None:
    from deckcli.lineup import judge_lineup_files
    from deckcli.lineup_render import render_lineup

    report = judge_lineup_files(files, rules)
    render_lineup(report, fmt, out=click.echo, err=lambda line: click.echo(line, err=True))
    sys.exit(report.exit_code)


@cli.command(context_settings=CONTEXT)
@click.argument("files", nargs=-1, required=True, metavar="REGISTRATION | DECK DECK DECK")
@verdict_format_option
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


@cli.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK DECK")
@verdict_format_option
@reports_errors
def team(decks: tuple[str, ...], fmt: str) -> None:
    """Check two teammates' decks for two versus two: each legal under the standard rules, different factions.

    \b
    Example:
      deckcli team decks/nilfgaard-starter.toml decks/skellige-starter.toml
    """
    _judge_lineup(decks, "team", fmt)


@cli.command(context_settings=CONTEXT)
@click.argument("deck")
@reports_errors
def profile(deck: str) -> None:
    """Print the profile of a deck (JSON): the document every rule-set schema judges.

    Write your own house rules (--rules FILE) against these fields; README.md,
    "The profile", explains each one.

    \b
    Example:
      deckcli profile decks/skellige-starter.toml
    """
    from deckcli.output import to_json
    from deckcli.profile import deck_profile
    from deckcli.verdict import read_resolved_deck

    click.echo(to_json(deck_profile(read_resolved_deck(deck))))


# --- deck statistics and draw odds -----------------------------------------------------------------


class StatsTable(click.ParamType):
    """``--table`` of ``stats``: one of the statistics tables (checked lazily, like ``--format``)."""

    name = "table"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.stats import TABLES

        if value in TABLES:
            return value
        self.fail(f"{value!r} is not a table; choose one of: {', '.join(TABLES)}", param, ctx)


def _print_deck_report(report: Any, text: str) -> None:
    """Say on stderr what the figures leave out, print ``text`` and exit (1 when some name is not a card)."""
    from deckcli.errors import EXIT_ILLEGAL

    echo_findings(report.main.where, report.main.left_out)
    click.echo(text)
    sys.exit(EXIT_ILLEGAL if report.main.unresolved else EXIT_OK)


@cli.command(context_settings=CONTEXT)
@click.argument("deck")
@click.option("--table", "only", type=StatsTable(), default=None, metavar="TABLE",
              help="Only this table: kinds, rows, abilities, strength, histogram, groups, exposure, "
                   "scorch or side-deck.")
@table_format_option
@reports_errors
def stats(deck: str, only: str | None, fmt: str) -> None:
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
    from deckcli.stats import deck_stats
    from deckcli.verdict import read_resolved_deck

    report = deck_stats(read_resolved_deck(deck))
    _print_deck_report(report, report.render(fmt, only))


@cli.command(context_settings=CONTEXT)
@click.argument("deck")
@click.option("--card", "cards", multiple=True, metavar="NAME",
              help="Only this card of the main deck (repeatable); its Muster group row too.")
@click.option("--hand", type=click.IntRange(min=1), default=None, metavar="N",
              help="Opening hand size.  [default: 10, or 11 with Francesca Findabair: Daisy of the Valley]")
@click.option("--exchanges", type=click.IntRange(0, 2), default=2, show_default=True, metavar="N",
              help="Cards exchanged (set aside, not redrawn) after the opening draw: 0 to 2 (§6).")
@click.option("--all", "all_of", multiple=True, metavar="NAME",
              help="Chance of holding every card named with --all (repeatable) at once.")
@click.option("--at-least", "at_least", type=(click.IntRange(min=1), str), multiple=True, metavar="K NAME",
              help="Chance of holding at least K copies of NAME (repeatable; combines with --all).")
@table_format_option
@reports_errors
def odds(
    deck: str,
    cards: tuple[str, ...],
    hand: int | None,
    exchanges: int,
    all_of: tuple[str, ...],
    at_least: tuple[tuple[int, str], ...],
    fmt: str,
) -> None:
    """Print exact chances of drawing each card of a deck.

    DECK is a deck file (TOML); - reads it from standard input. One row per
    card of the main deck and per Muster group: in the opening hand, after
    the exchange (set-aside model: exchanged cards are not redrawn) and with
    1 or 2 Spies played. --all and --at-least ask one combined question.

    \b
    Example:
      deckcli odds decks/northern-realms-starter.toml --card "Blue Stripes Commando"
      deckcli odds decks/scoiatael-starter.toml --all Decoy --at-least 2 "Havekar Smuggler"
    """
    from deckcli.odds_table import draw_odds
    from deckcli.verdict import read_resolved_deck

    if cards and (all_of or at_least):
        raise click.UsageError("--card lists cards one by one; it cannot be combined with --all or --at-least")
    report = draw_odds(read_resolved_deck(deck), cards, hand, exchanges, all_of, at_least)
    _print_deck_report(report, report.render(fmt))


# --- the catalog, and writing decks ----------------------------------------------------------------


class FactionName(click.ParamType):
    """``--faction``: a faction's display name or slug, any case or apostrophe; converts to its set."""

    name = "faction"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from deckcli.catalog import default_catalog

        if not isinstance(value, str):
            return value
        catalog = default_catalog()
        try:
            return catalog.faction(value)
        except KeyError:
            choices = ", ".join(f.name for f in catalog.factions.values())
            self.fail(f"{value!r} is not a faction; choose one of: {choices}", param, ctx)


class GameName(click.ParamType):
    """An option naming one of a few game terms by code or name, any case (``ranged``, ``Ranged Combat``)."""

    def __init__(self, what: str, names: Callable[[], dict[str, str]]) -> None:
        self.name = what
        self._names = names

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.names import find_named

        names = self._names()
        code = find_named(value, names)
        if code is None:
            article = "an" if self.name[0] in "aeiou" else "a"
            self.fail(f"{value!r} is not {article} {self.name}; choose one of: {', '.join(names.values())}", param, ctx)
        return code


def _ability_names() -> dict[str, str]:
    from deckcli.abilities import ABILITIES

    return {code: ability.name for code, ability in ABILITIES.items()}


def _kind_names() -> dict[str, str]:
    from deckcli.abilities import KIND_NAMES

    return KIND_NAMES


def _row_names() -> dict[str, str]:
    from deckcli.catalog import ROW_NAMES

    return ROW_NAMES


def output_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``-o FILE`` (``-`` writes to standard output) and ``--force`` of the commands that write a file."""
    command = click.option("--force", is_flag=True, help="Replace FILE if it already exists.")(command)
    return click.option(
        "-o", "--output", required=True, metavar="FILE",
        help="The file to write (never replaced without --force); - writes to standard output.",
    )(command)


def write_output(text: str, output: str, force: bool) -> bool:
    """Write ``text`` to ``output`` (atomically, see :mod:`deckcli.safefile`) or to stdout for ``-``.

    Returns whether a file was written.
    """
    if output == "-":
        click.echo(text, nl=False)
        return False
    from deckcli.safefile import write_text

    write_text(output, text, force=force)
    return True


def echo_findings(where: str, findings: list[Any], warning: bool = False) -> None:
    """One ``FILE:LINE: code: message`` line per finding, on stderr."""
    from deckcli.render import finding_line

    for finding in findings:
        click.echo(finding_line(where, finding, warning=warning), err=True)


def read_named_deck(path: str) -> Any:
    """Read and resolve a deck; exit 1 listing every name that matches no card or several."""
    from deckcli.lookup import unresolved_findings
    from deckcli.verdict import read_resolved_deck

    deck = read_resolved_deck(path)
    unresolved = unresolved_findings(deck)
    if unresolved:
        echo_findings(deck.where, unresolved)
        click.echo(f"{deck.where}: fix the card names above first (deckcli validate lists every problem)", err=True)
        sys.exit(EXIT_ILLEGAL)
    return deck


@cli.command(context_settings=CONTEXT)
@click.option("--faction", type=FactionName(), help="Cards of this faction's set (its own and the neutral ones).")
@click.option(
    "--kind", type=GameName("kind", _kind_names),
    help="Leader, Unit Card (Heroes included: they are Unit Cards), Hero, Special Card (Weather Cards included) "
    "or Weather Card; unit, special… work too.",
)
@click.option(
    "--row", type=GameName("row", _row_names),
    help="Close Combat, Ranged Combat or Siege (close, ranged, siege): units that may enter this row "
    "(Agile units count for Close Combat and Ranged Combat).",
)
@click.option(
    "--ability", type=GameName("ability", _ability_names),
    help="Cards with this ability: Spy, Medic, Muster, Tight Bond, Scorch, …",
)
@click.option("--hero/--no-hero", default=None, help="Only Heroes, or no Heroes.")
@click.option("--search", metavar="TEXT", help="Cards whose name contains TEXT (any case, accents optional).")
@table_format_option
@reports_errors
def cards(
    faction: Any, kind: str | None, row: str | None, ability: str | None, hero: bool | None, search: str | None,
    fmt: str,
) -> None:
    """List catalog cards, filtered and sorted.

    Columns: name, faction, kind, Strength, rows, abilities, copies in the set.
    Filters combine with AND; cards are sorted by faction, kind and Strength
    (strongest first). Copies are those printed in one faction's set.

    \b
    Example:
      deckcli cards --faction skellige --ability "Tight Bond"
      deckcli cards --kind unit --row siege --no-hero --format github
    """
    from deckcli.cardlist import HEADERS, CardFilter, list_cards
    from deckcli.catalog import default_catalog
    from deckcli.output import render_rows

    chosen = CardFilter(faction, kind and kind.lower(), row and row.lower(), ability, hero, search)
    records = list_cards(default_catalog(), chosen)
    click.echo(render_rows(records, fmt, HEADERS))
    if not records:
        click.echo("deckcli: no card matches these filters", err=True)


@cli.command(context_settings=CONTEXT)
@click.argument("name")
@click.option("--faction", type=FactionName(), help="Also show the copies in this faction's set; picks among shared names.")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: the card sheet to read; json: the same facts as one object.",
)
@reports_errors
def card(name: str, faction: Any, fmt: str) -> None:
    """Show one card whole, each ability explained by the rules.

    Kind, Strength, rows, abilities (Hero immunity included), the faction sets
    that print it and their copies, its side-deck card, its Muster or Tight Bond
    group, and for a Leader its ability and whether it is Active or Passive.
    NAME matches as in deck files (any case, accents optional).

    \b
    Example:
      deckcli card Berserker
      deckcli card "Sile de Tansarville" --faction "Northern Realms"
    """
    from deckcli.cardsheet import card_sheet, render_card_sheet
    from deckcli.catalog import default_catalog
    from deckcli.lookup import lookup_card
    from deckcli.output import to_json

    catalog = default_catalog()
    sheet = card_sheet(catalog, lookup_card(catalog, name, faction), faction)
    click.echo(to_json(sheet) if fmt == "json" else render_card_sheet(sheet))


@cli.command(context_settings=CONTEXT)
@click.option("--faction", type=FactionName(), required=True, help="The deck's faction.")
@click.option("--leader", metavar="NAME", help="The deck's Leader (one of the faction's Leaders).")
@click.option("--starter", is_flag=True, help="Start from the faction's starter deck instead of an empty skeleton.")
@click.option("--name", "deck_name", metavar="TEXT", help="The deck's name (name = ... in the file).")
@output_option
@reports_errors
def new(faction: Any, leader: str | None, starter: bool, deck_name: str | None, output: str, force: bool) -> None:
    """Write a new deck file: a skeleton or a starter deck.

    The skeleton has name, faction, leader (commented out without --leader) and
    an empty [cards] and [side], with comments; deckcli validate then says what is missing.

    \b
    Example:
      deckcli new --faction "Northern Realms" --leader "Foltest: The Siegemaster" -o temeria.toml
      deckcli new --faction skellige --starter -o skellige.toml
    """
    from deckcli.catalog import default_catalog
    from deckcli.lookup import lookup_leader
    from deckcli.template import new_deck_text

    catalog = default_catalog()
    chosen = lookup_leader(catalog, leader, faction) if leader else None
    text = new_deck_text(catalog, faction, leader=chosen, starter=starter, name=deck_name)
    if write_output(text, output, force):
        what = "starter deck" if starter else "deck skeleton"
        click.echo(f"wrote {output}: a {faction.name} {what}; check it with: deckcli validate {output}")


@cli.command("import", context_settings=CONTEXT)
@click.argument("list_file", metavar="TEXT_FILE")
@click.option(
    "--faction", type=FactionName(),
    help="The deck's faction. Without it: the list's Faction: line, else the Leader's faction, "
    "else the faction whose own cards the list holds most copies of.",
)
@click.option("--partial", is_flag=True, help="Write the deck even when some lines could not be used (they are listed).")
@output_option
@reports_errors
def import_(list_file: str, faction: Any, partial: bool, output: str, force: bool) -> None:
    """Turn a plain card list into a deck file.

    Reads "3 Blue Stripes Commando", "3x …", "… x3", a bare name (one copy),
    "Leader: NAME", "Faction: NAME", headings such as "Units:", blank lines and
    # comments; repeated names add up. TEXT_FILE may be - (standard input).
    Unknown or ambiguous names are listed with their lines and nothing is
    written (exit 1), unless --partial.

    \b
    Example:
      deckcli import my-list.txt -o my-deck.toml
      deckcli export decks/skellige-starter.toml | deckcli import - -o copy.toml
    """
    from deckcli.catalog import default_catalog
    from deckcli.decklist import UndecidedFaction, import_list, parse_list
    from deckcli.deckfile import decode_text, display_path, read_bytes
    from deckcli.output import counted

    where = display_path(list_file)
    listed = parse_list(decode_text(read_bytes(list_file, what="card list"), where), where)
    try:
        imported = import_list(listed, default_catalog(), faction)
    except UndecidedFaction as error:
        echo_findings(where, error.problems)  # the lines it could not use may be why
        raise
    echo_findings(where, imported.problems)
    if imported.problems and not partial:
        unused = counted(len(imported.problems), "line", "lines")
        click.echo(f"{where}: {unused} not used; nothing written (fix them, or use --partial to write the rest)", err=True)
        sys.exit(EXIT_ILLEGAL)
    if write_output(imported.text, output, force):
        left_out = f", {counted(len(imported.problems), 'line', 'lines')} left out" if imported.problems else ""
        click.echo(f"wrote {output}: {counted(imported.cards, 'card', 'cards')}, {imported.faction.name} "
                   f"(from {imported.faction_from}){left_out}; check it with: deckcli validate {output}")
    if imported.problems:
        sys.exit(EXIT_ILLEGAL)


@cli.command(context_settings=CONTEXT)
@click.argument("deck")
@click.option("--to", type=click.Choice(["text", "markdown"], case_sensitive=False), default="text", show_default=True,
              help="text: a list deckcli import reads back; markdown: for a forum post.")
@reports_errors
def export(deck: str, to: str) -> None:
    """Print a deck for a forum post or a chat.

    Leader, then units by row with their Strength, Special and Weather Cards,
    the side deck and the totals. The text form reads back with deckcli import.

    \b
    Example:
      deckcli export decks/northern-realms-starter.toml --to markdown
    """
    from deckcli.printout import render_deck_list

    click.echo(render_deck_list(read_named_deck(deck), to), nl=False)


@cli.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option("--check", is_flag=True, help="Change nothing; exit 1 when a file is not in canonical form.")
@reports_errors
def fmt(decks: tuple[str, ...], check: bool) -> None:
    """Rewrite deck files in canonical form.

    Catalog spelling of every name, duplicates merged, cards ordered by kind,
    row, Strength (strongest first) and name; comments and unknown keys are kept. - reads standard input and prints the result.

    \b
    Example:
      deckcli fmt my-deck.toml
      deckcli fmt --check decks/*-starter.toml
    """
    from deckcli.errors import DeckcliError
    from deckcli.formatter import format_file

    codes = [EXIT_OK]
    for path in decks:
        try:
            formatted = format_file(path, check=check)
        except DeckcliError as error:
            click.echo(error_line(error), err=True)
            codes.append(error.exit_code)
            continue
        echo_findings(formatted.where, formatted.warnings, warning=True)
        if path == "-" and not check:
            click.echo(formatted.text, nl=False)
        elif formatted.changed:
            click.echo(f"{formatted.where}: {'would be reformatted' if check else 'reformatted'}")
            codes.append(EXIT_ILLEGAL if check else EXIT_OK)
    sys.exit(max(codes))


@cli.command(context_settings=CONTEXT)
@click.argument("old")
@click.argument("new")
@table_format_option
@reports_errors
def diff(old: str, new: str, fmt: str) -> None:
    """Show what changed between two decks.

    Cards added and removed, the profile figures (units, Special Cards,
    Strength, Spies, Medics…) and p_opening of each card in both decks: the
    chance (0–1) of at least one copy in the opening hand of 10 cards (11 with
    Francesca Findabair: Daisy of the Valley).

    \b
    Example:
      deckcli diff decks/skellige-starter.toml decks/skellige-advanced.toml
    """
    from deckcli.deckdiff import diff_decks, render_diff

    if old == new == "-":
        raise click.UsageError("standard input (-) can be read only once")
    click.echo(render_diff(diff_decks(read_named_deck(old), read_named_deck(new)), fmt))


@cli.command(context_settings=CONTEXT)
@click.option("--faction", type=FactionName(), required=True, help="The faction whose names the schema lists.")
@output_option
@reports_errors
def schema(faction: Any, output: str, force: bool) -> None:
    """Write a deck JSON Schema for editor completion.

    Card and Leader names are those of the faction's set. Put "#:schema ./FILE" as the first line of a deck file: Taplo and Even
    Better TOML then complete card names and flag misspelt ones.

    \b
    Example:
      deckcli schema --faction "Northern Realms" -o northern-realms.schema.json
    """
    from deckcli.catalog import default_catalog
    from deckcli.editor_schema import faction_schema_text

    if write_output(faction_schema_text(default_catalog(), faction), output, force):
        click.echo(f"wrote {output}: first line of a {faction.name} deck file: #:schema {schema_reference(output)}")


def schema_reference(output: str) -> str:
    """How a ``#:schema`` line names the written file: ``./NAME`` beside a deck here, a ``file:`` URI when absolute."""
    from pathlib import Path

    path = Path(output)
    if path.is_absolute():
        return path.as_uri()
    return output if output.startswith(("./", "../")) else f"./{output}"


def main() -> None:
    """The console script: run the command line, never showing a traceback.

    Click's own errors keep their exit code 2. A closed output pipe
    (``deckcli validate … | head -1``) ends quietly with exit code 0: the reader
    wanted no more.
    """
    if sys.stdout is None:  # started with standard output closed (`deckcli cards >&-`)
        sys.stdout = _ClosedOutput()
    try:
        code = cli.main(prog_name="deckcli", standalone_mode=False)
    except click.exceptions.Exit as done:
        code = done.exit_code
    except SystemExit as done:  # a command's own exit code: the output is still flushed below
        code = done.code
    except click.ClickException as error:
        error.show()
        code = error.exit_code
    except click.Abort:
        click.echo("Aborted.", err=True)
        code = 130
    except OSError as error:  # writing the output failed (a full disk, a closed terminal)
        click.echo(f"deckcli: cannot write the output: {error.strerror or error}", err=True)
        code = EXIT_UNUSABLE
    except Exception as error:  # a bug in deckcli: say so in one line, never a traceback
        click.echo(f"deckcli: internal error ({type(error).__name__}: {error}); please report it", err=True)
        code = EXIT_UNUSABLE
    if not _flushed():
        code = EXIT_OK  # the reader went away before the last of the output: as a closed pipe mid-command
    sys.exit(code if isinstance(code, int) else EXIT_OK)


class _ClosedOutput(io.TextIOBase):
    """Standard output that was closed before deckcli started: writing to it is an error, not a no-op."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _silence_stdout() -> None:
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _flushed() -> bool:
    """Flush standard output; ``False`` when its reader has gone (the rest is silenced)."""
    if sys.stdout is None:
        return True
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return False
    except OSError:
        pass
    return True
