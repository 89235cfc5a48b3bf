"""Commands that write deck files and what helps write them: ``new``, ``import``, ``export``, ``fmt``, ``schema``."""

from __future__ import annotations

import sys
from typing import Any

import click

from deckcli.cli.options import (
    CONTEXT,
    FactionName,
    echo_findings,
    error_line,
    output_option,
    read_named_deck,
    reports_errors,
    write_output,
)
from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, DeckcliError


@click.command(context_settings=CONTEXT)
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
    from deckcli.authoring.new_deck import new_deck_text
    from deckcli.catalog.loading import default_catalog
    from deckcli.catalog.lookup import lookup_leader

    catalog = default_catalog()
    chosen = lookup_leader(catalog, leader, faction) if leader else None
    text = new_deck_text(catalog, faction, leader=chosen, starter=starter, name=deck_name)
    if write_output(text, output, force):
        what = "starter deck" if starter else "deck skeleton"
        click.echo(f"wrote {output}: a {faction.name} {what}; check it with: deckcli validate {output}")


@click.command("import", context_settings=CONTEXT)
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
    from deckcli.authoring.importing import UndecidedFaction, import_list, parse_list
    from deckcli.catalog.loading import default_catalog
    from deckcli.files.reading import decode_text, display_path, read_bytes
    from deckcli.text import counted

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


@click.command(context_settings=CONTEXT)
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
    from deckcli.authoring.exporting import render_deck_list

    click.echo(render_deck_list(read_named_deck(deck), to), nl=False)


@click.command(context_settings=CONTEXT)
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option("--check", is_flag=True, help="Change nothing; exit 1 when a file is not in canonical form.")
@click.option(
    "--force", is_flag=True,
    help="Rewrite a file that has other hard links too (those other names keep the old text).",
)
@reports_errors
def fmt(decks: tuple[str, ...], check: bool, force: bool) -> None:
    """Rewrite deck files in canonical form.

    Catalog spelling of every name, duplicates merged, cards ordered by kind,
    row, Strength (strongest first) and name; comments and unknown keys are kept. - reads standard input and prints the result.

    \b
    Example:
      deckcli fmt my-deck.toml
      deckcli fmt --check decks/*-starter.toml
    """
    from deckcli.authoring.canonical_form import format_file

    codes = [EXIT_OK]
    for path in decks:
        try:
            formatted = format_file(path, check=check, force=force)
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


@click.command(context_settings=CONTEXT)
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
    from deckcli.authoring.editor_schema import faction_schema_text
    from deckcli.catalog.loading import default_catalog

    if write_output(faction_schema_text(default_catalog(), faction), output, force):
        click.echo(f"wrote {output}: first line of a {faction.name} deck file: #:schema {schema_reference(output)}")


def schema_reference(output: str) -> str:
    """How a ``#:schema`` line names the written file: ``./NAME`` beside a deck here, a ``file:`` URI when absolute."""
    from pathlib import Path

    path = Path(output)
    if path.is_absolute():
        return path.as_uri()
    return output if output.startswith(("./", "../")) else f"./{output}"
