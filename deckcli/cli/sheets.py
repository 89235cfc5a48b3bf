"""Commands for the table and the desk on paper: ``sheet`` (HTML or PDF sheets) and ``draw`` (a sample hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from deckcli.cli.output import before_writing, echo, echo_findings, reports_errors, say
from deckcli.cli.parameter_types import CONTEXT, Number
from deckcli.cli.simulation_options import refuse_without_simulate, simulation_options
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.deck.resolution import ResolvedDeck
    from deckcli.cli.simulation_options import Simulation
    from deckcli.game.simulation.report import SimulationReport
    from deckcli.sheets.pages import Simulation as SimulationPlayer


@click.command(context_settings=CONTEXT)
@click.argument("file", metavar="DECK | REGISTRATION")
@click.option(
    "-o", "--output", required=True, metavar="FILE.html|FILE.pdf",
    help="The page to write: .pdf prints it through WeasyPrint (pip install 'deckcli[pdf]'); - prints the HTML.",
)
@click.option("--force", is_flag=True, help="Replace FILE (and the --log FILE) if it already exists.")
@click.option(
    "--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
    help="The paper the page prints on (CSS @page size).",
)
@click.option("--simulate", is_flag=True,
              help="Add the deck's simulated matchups (deckcli simulate: the heuristic bot on both sides unless "
                   "--bot says otherwise).")
@simulation_options("DECK", formats=None)
@reports_errors
def sheet(file: str, output: str, force: bool, paper: str, simulate: bool, simulation: Simulation) -> int:
    """Write a printable page: a deck sheet, or a registration sheet for a Tournament registration.

    A deck sheet holds the pull list (with a box per copy), the side deck to set
    aside, the verdict under every built-in rule set and charts (units per row,
    Strength curve, Weather exposure, chance of holding key cards) with their
    figures. A registration sheet shows the three decks side by side, their pull
    lists, the lineup verdict and lines for the organiser; it fits two A4 pages.
    The HTML page needs no network and no script. --simulate adds a deck's
    matchups against the --vs decks (none: the five starter decks), or in
    Gwent Solo against the --solo automatons, as deckcli simulate plays them
    (the same options), with their intervals and what was measured.

    \b
    Example:
      deckcli sheet decks/monsters-starter.toml -o deck.html
      deckcli sheet decks/tournament-registration.toml -o reg.html
      deckcli sheet decks/monsters-starter.toml -o deck.pdf --paper letter
      deckcli sheet decks/monsters-starter.toml -o deck.html --simulate
    """
    from deckcli.sheets.pages import pdf_bytes, require_pdf, sheet_page

    if not simulate:
        refuse_without_simulate(click.get_current_context())
    else:
        simulation.check(reads_stdin=file == "-")

    pdf = output.lower().endswith(".pdf")
    if output != "-" and not output.lower().endswith((".html", ".htm", ".pdf")):
        raise click.UsageError(f"-o {output}: a sheet is written as FILE.html (or .htm) or FILE.pdf; - prints the HTML")
    if pdf:
        require_pdf()
    page = sheet_page(file, paper.lower(), _simulation(simulation, force) if simulate else None)
    if output == "-":
        echo(page.html, nl=False)
        return page.exit_code
    before_writing(lambda: None)  # a closed standard output stops the command before the file is made
    if pdf:
        from deckcli.files.safe_write import write_bytes

        write_bytes(output, pdf_bytes(page.html), force=force)
    else:
        from deckcli.files.safe_write import write_text

        write_text(output, page.html, force=force)
    say(f"wrote {output}: {page.summary}")
    return page.exit_code


def _simulation(simulation: Simulation, force: bool) -> SimulationPlayer:
    """What plays a sheet's matchups: the run the shared simulation options ask for, a progress bar on a
    terminal."""

    def simulated(deck: ResolvedDeck) -> SimulationReport:
        from deckcli.cli.play import run_with_progress
        from deckcli.game.simulation.matchups import entrant
        from deckcli.game.simulation.report import SimulationReport

        plan = simulation.plan((entrant(deck, deck.where, simulation.rules),))
        return SimulationReport(plan, run_with_progress(plan, simulation.workers, simulation.log, force,
                                                        simulation.cluster))

    return simulated


@click.command(context_settings=CONTEXT)
@click.argument("deck")
@click.option("--seed", type=Number(min=0), default=None, help="Shuffle with this seed: the same seed, the same hand.")
@click.option(
    "--exchange", "--exchanges", "exchanges", type=Number(0, 2), default=0, show_default=True, metavar="K",
    help="Exchange K cards after the deal (§6: up to 2; the card set aside is chosen at random).",
)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text", show_default=True,
    help="text: the hand grouped by row; json: the same as one document.",
)
@reports_errors
def draw(deck: str, seed: int | None, exchanges: int, fmt: str) -> int:
    """Draw a sample opening hand: 10 cards (11 for a Leader that says so), then up to 2 exchanges.

    The hand is shown grouped by row with Strength; each exchange names the card
    set aside and the card drawn. Without --seed a seed is chosen and shown, so
    the same hand can be drawn again.

    \b
    Example:
      deckcli draw decks/monsters-starter.toml --seed 7 --exchange 2
    """
    from deckcli.analysis.main_deck import main_deck
    from deckcli.rules.judging import read_named_deck
    from deckcli.sheets.sample_hand import draw_hand, new_seed, render_hand

    main = main_deck(read_named_deck(deck))
    echo_findings(main.where, main.warnings, warning=True)
    hand = draw_hand(main, new_seed() if seed is None else seed, exchanges)
    text = render_hand(hand, fmt.lower())
    if fmt.lower() == "json":
        echo(text)
    else:
        say(text)
    return EXIT_OK
