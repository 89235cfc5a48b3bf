"""Commands that browse the catalog: ``cards`` and ``card``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from deckcli.cli.completion import complete_card
from deckcli.cli.output import echo, echo_text, reports_errors, say
from deckcli.cli.parameter_types import (
    CONTEXT, FactionName, GameName, ability_names, kind_names, row_names, table_format_option,
)
from deckcli.cli.terminal import text_layout, wide_option
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.catalog.model import FactionSet


@click.command(context_settings=CONTEXT)
@click.option("--faction", type=FactionName(), help="Cards of this faction's set (its own and the neutral ones).")
@click.option(
    "--kind", type=GameName("kind", kind_names),
    help="Leader, Unit Card (Heroes included: they are Unit Cards), Hero, Special Card (Weather Cards included) "
    "or Weather Card; unit, special… work too.",
)
@click.option(
    "--row", type=GameName("row", row_names),
    help="Close Combat, Ranged Combat or Siege (close, ranged, siege): units that may enter this row "
    "(Agile units count for Close Combat and Ranged Combat).",
)
@click.option(
    "--ability", type=GameName("ability", ability_names),
    help="Cards with this ability: Spy, Medic, Muster, Tight Bond, Scorch, …",
)
@click.option("--hero/--no-hero", default=None, help="Only Heroes, or no Heroes.")
@click.option("--search", metavar="TEXT", help="Cards whose name contains TEXT (any case, accents optional).")
@table_format_option
@wide_option
@reports_errors
def cards(
    faction: FactionSet | None, kind: str | None, row: str | None, ability: str | None, hero: bool | None, search: str | None,
    fmt: str,
) -> int:
    """List catalog cards, filtered and sorted.

    Columns: name, faction, kind, Strength, rows, abilities, copies in the set.
    Filters combine with AND; cards are sorted by faction, kind and Strength
    (strongest first). Copies are those printed in one faction's set.

    \b
    Example:
      deckcli cards --faction skellige --ability "Tight Bond"
      deckcli cards --kind unit --row siege --no-hero --format github
    """
    from deckcli.catalog.listing import HEADERS, CardFilter, list_cards
    from deckcli.catalog.loading import default_catalog
    from deckcli.render.formats import render_rows

    chosen = CardFilter(faction, kind and kind.lower(), row and row.lower(), ability, hero, search)
    records = list_cards(default_catalog(), chosen)
    if fmt == "json":
        from deckcli.render.documents import document_json

        echo(document_json({"cards": records}))
    elif records or fmt == "csv":  # a table with no rows says nothing a header alone could
        echo_text(render_rows(records, fmt, HEADERS, text_layout().width))
    if not records:
        say("deckcli: no card matches these filters", err=True)
    return EXIT_OK


@click.command(context_settings=CONTEXT)
@click.argument("name", shell_complete=complete_card)
@click.option("--faction", type=FactionName(), help="Also show the copies in this faction's set; picks among shared names.")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: the card sheet to read; json: the same facts as one object.",
)
@wide_option
@reports_errors
def card(name: str, faction: FactionSet | None, fmt: str) -> int:
    """Show one card whole, each ability explained by the rules.

    Kind, Strength, rows, abilities (Hero immunity included), the faction sets
    that print it and their copies, its side-deck card, its Muster or Tight Bond
    group, and for a Leader its ability and whether it is Active or Passive.
    NAME matches as in deck files (any case, accents optional), or by the
    beginnings of its words when that finds one card (geralt, horn, frost);
    several matches are listed. Deck files stay strict.

    \b
    Example:
      deckcli card Berserker
      deckcli card "Sile de Tansarville" --faction "Northern Realms"
    """
    from deckcli.catalog.card_facts import card_sheet
    from deckcli.catalog.loading import default_catalog
    from deckcli.catalog.lookup import browse_card
    from deckcli.render.card_sheet import render_card_sheet
    from deckcli.render.documents import document_json

    catalog = default_catalog()
    sheet = card_sheet(catalog, browse_card(catalog, name, faction), faction)
    echo(document_json(sheet) if fmt == "json" else render_card_sheet(sheet, text_layout().width))
    return EXIT_OK
