"""Commands that write deck files and what helps write them: ``new``, ``import``, ``export``, ``fmt``, ``schema``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from deckcli.cli.completion import complete_leader, complete_path
from deckcli.cli.output import (
    before_writing, echo, echo_findings, error_line, output_option, reports_errors, say, say_waiting, write_output,
)
from deckcli.cli.parameter_types import CONTEXT, FactionName, StrParamType, refuse_choice
from deckcli.errors import EXIT_OK, DeckcliError

if TYPE_CHECKING:
    from deckcli.catalog.model import FactionSet


@click.command(context_settings=CONTEXT)
@click.option("--faction", type=FactionName(), required=True, help="The deck's faction.")
@click.option("--leader", metavar="NAME", shell_complete=complete_leader, help="The deck's Leader (one of the faction's Leaders).")
@click.option("--starter", is_flag=True, help="Start from the faction's starter deck instead of an empty skeleton.")
@click.option("--name", "deck_name", metavar="TEXT", help="The deck's name (name = ... in the file).")
@output_option
@reports_errors
def new(faction: FactionSet, leader: str | None, starter: bool, deck_name: str | None, output: str, force: bool) -> int:
    """Write a new deck file: a skeleton or a starter deck.

    The skeleton has name, faction, leader (commented out without --leader) and
    an empty [cards] and [side], with comments; deckcli validate then says what is missing.

    \b
    Example:
      deckcli new --faction skellige --leader "King Bran" -o bran.toml
      deckcli new --faction skellige --starter -o skellige.toml
    """
    from deckcli.authoring.new_deck import new_deck_text, written_message
    from deckcli.catalog.loading import default_catalog
    from deckcli.catalog.lookup import lookup_leader

    catalog = default_catalog()
    chosen = lookup_leader(catalog, leader, faction) if leader else None
    text = new_deck_text(catalog, faction, leader=chosen, starter=starter, name=deck_name)
    if write_output(text, output, force):
        say(written_message(output, faction, starter))
    return EXIT_OK


@click.command("import", context_settings=CONTEXT)
@click.argument("list_file", metavar="TEXT_FILE", shell_complete=complete_path)
@click.option(
    "--faction", type=FactionName(),
    help="The deck's faction. Without it: the list's Faction: line, else the Leader's faction, "
    "else the faction whose own cards the list holds most copies of.",
)
@click.option("--partial", is_flag=True, help="Write the deck even when some lines could not be used (they are listed).")
@output_option
@reports_errors
def import_(list_file: str, faction: FactionSet | None, partial: bool, output: str, force: bool) -> int:
    """Turn a plain card list, or a gwent-classic deck file (JSON), into a deck file.

    Reads every count form players paste ("3x NAME", "NAME x3", "NAME (3x)",
    "NAME [3]", "NAME - 3", "NAME,3", … docs/authoring.md lists them), a bare name (one
    copy), "Leader: NAME", "Faction: NAME", "Name: TEXT", headings such as
    "Units:", blank lines and # comments; repeated names add up. TEXT_FILE may
    be - (standard input). Unknown or ambiguous names, and counts it cannot
    read, are listed with their lines and nothing is written (exit 1), unless
    --partial.

    \b
    Example:
      deckcli import my-list.txt -o my-deck.toml
      deckcli export decks/skellige-starter.toml | deckcli import - -o copy.toml
    """
    from deckcli.authoring.importing import UndecidedFaction, import_list, read_list
    from deckcli.catalog.loading import default_catalog
    from deckcli.files.reading import decode_text, display_path, read_bytes

    where = display_path(list_file)
    catalog = default_catalog()
    listed = read_list(decode_text(read_bytes(list_file, what="card list"), where), where, catalog)
    try:
        imported = import_list(listed, catalog, faction)
    except UndecidedFaction as error:
        echo_findings(where, error.problems)  # the lines it could not use may be why
        raise
    echo_findings(where, imported.notes, warning=True)
    echo_findings(where, imported.problems)
    if imported.problems and not partial:
        say(imported.refusal(where), err=True)
    elif write_output(imported.text, output, force):
        say(imported.written(output))
    return imported.exit_code


@click.command(context_settings=CONTEXT)
@click.argument("deck", shell_complete=complete_path)
@click.option("--to", type=click.Choice(["text", "markdown"], case_sensitive=False), default="text", show_default=True,
              help="text: a list deckcli import reads back; markdown: for a forum post.")
@reports_errors
def export(deck: str, to: str) -> int:
    """Print a deck for a forum post or a chat.

    Leader, then units by row with their Strength, Special and Weather Cards,
    the side deck and the totals. The text form reads back with deckcli import.

    \b
    Example:
      deckcli export decks/northern-realms-starter.toml --to markdown
    """
    from deckcli.authoring.exporting import render_deck_list
    from deckcli.rules.judging import read_named_deck

    resolved = read_named_deck(deck)
    echo_findings(resolved.where, resolved.warnings, warning=True)
    echo(render_deck_list(resolved, to), nl=False)
    return EXIT_OK


@click.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK...", shell_complete=complete_path)
@click.option("--check", is_flag=True, help="Change nothing; exit 1 when a file is not in canonical form.")
@click.option(
    "--force", is_flag=True,
    help="Rewrite a file that has other hard links too (those other names keep the old text).",
)
@reports_errors
def fmt(decks: tuple[str, ...], check: bool, force: bool) -> int:
    """Rewrite deck files in canonical form.

    Catalog spelling of every name, duplicates merged, cards ordered by kind,
    row, Strength (strongest first) and name; comments and unknown keys are kept. - reads standard input and prints the result.

    \b
    Example:
      deckcli fmt my-deck.toml
      deckcli fmt --check decks/*-starter.toml
    """
    from deckcli.files.safe_write import editing

    codes = [EXIT_OK]
    for path in decks:
        with editing([] if check or path == "-" else [path], waiting=say_waiting):  # an add of it waits for this
            codes.append(_format_one(path, check, force))
    return max(codes)


def _format_one(path: str, check: bool, force: bool) -> int:
    """``fmt`` of one file: the exit code it earns (its error told on standard error)."""
    from deckcli.authoring.canonical_form import format_file
    from deckcli.files.safe_write import check_rewritable, rewrite_text

    try:
        formatted = format_file(path)  # nothing written yet: said first, then written
        rewrites = formatted.changed and not check and path != "-"
        if rewrites:
            check_rewritable(path, force=force)
    except DeckcliError as error:
        say(error_line(error), err=True)
        return error.exit_code
    echo_findings(formatted.where, formatted.warnings, warning=True)
    status = formatted.status(check)
    if path == "-" and not check:
        echo(formatted.text, nl=False)
    elif rewrites:
        before_writing(lambda: say(status or ""))
        try:
            rewrite_text(path, formatted.text, force=force, expected=formatted.original)
        except DeckcliError as error:  # the folder or file changed under us since it was checked
            say(error_line(error), err=True)
            return error.exit_code
    elif status is not None:
        say(status)
    return formatted.exit_code(check)


class OutputOf(StrParamType):
    """``--output-of``: a command whose ``--format json`` output has a schema (checked lazily)."""

    name = "command"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.files.output_schemas import output_schema_names

        names = output_schema_names()
        if value in names:
            return str(value)
        refuse_choice(value, "a command that prints a JSON document, or game-log", list(names), param, ctx)


@click.command(context_settings=CONTEXT)
@click.option("--faction", type=FactionName(), help="The faction whose names the schema lists.")
@click.option("--output-of", "output_of", type=OutputOf(), metavar="COMMAND",
              help="Instead: the JSON Schema of COMMAND's JSON output (validate, stats, ...; game-log: the game "
                   "log's lines), printed without -o.")
@click.option("-o", "--output", metavar="FILE",
              help="The file to write (never replaced without --force); - writes to standard output.")
@click.option("--force", is_flag=True, help="Replace FILE if it already exists.")
@reports_errors
def schema(faction: FactionSet | None, output_of: str | None, output: str | None, force: bool) -> int:
    """Write a deck JSON Schema for editor completion, or print the schema of a command's JSON output.

    Card and Leader names are those of the faction's set. Put "#:schema ./FILE"
    as the first line of a deck file: Taplo and Even Better TOML then complete
    card names and flag misspelt ones. --output-of COMMAND prints the contract
    of COMMAND's --format json document (every one names deckcli_version and
    format_version); --output-of game-log that of each line of a game log.

    \b
    Example:
      deckcli schema --faction "Northern Realms" -o northern-realms.schema.json
      deckcli schema --output-of validate
    """
    if (faction is None) == (output_of is None):
        raise click.UsageError("give --faction F -o FILE (a deck schema for your editor) or --output-of COMMAND")
    if output_of is not None:
        from deckcli.files.output_schemas import output_schema
        from deckcli.text import to_json

        from deckcli.files.output_schemas import LOGS

        if write_output(to_json(output_schema(output_of)) + "\n", output or "-", force):
            what = LOGS[output_of] if output_of in LOGS else f"deckcli {output_of} --format json"
            say(f"wrote {output}: the JSON Schema of {what}")
        return EXIT_OK
    if faction is None or output is None:
        raise click.UsageError("Missing option '-o' / '--output'.")
    from deckcli.authoring.editor_schema import faction_schema_text, written_message
    from deckcli.catalog.loading import default_catalog

    if write_output(faction_schema_text(default_catalog(), faction), output, force):
        say(written_message(output, faction))
    return EXIT_OK

