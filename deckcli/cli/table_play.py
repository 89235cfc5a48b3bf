"""``simulate --ffa N`` and ``simulate DECK --team-with DECK2``: Free For All (§16) and two versus two (§17) runs,
called by :func:`deckcli.cli.play.simulate`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from deckcli.cli.output import echo, echo_findings, echo_text
from deckcli.cli.terminal import text_layout
from deckcli.errors import EXIT_OK

if TYPE_CHECKING:
    from deckcli.game.simulation.tables import TableCounts, TablePlan
    from deckcli.game.simulation.matchups import Opposition
    from deckcli.game.simulation.runs import Entrant

def simulate_table(deck: str, ffa: int | None, team_with: Opposition | None, opposition: tuple[Opposition, ...],
                   games: int, seed: int, bot: str | None, opponent_bot: str | None, workers: int | None,
                   log: str | None, force: bool, fmt: str, cluster: str | None = None) -> int:
    """Build the run of ``--ffa N`` or ``--team-with``, play it, print its report; usage errors exit 2."""
    from deckcli.game.bots import BOTS as TABLE_BOTS
    from deckcli.game.simulation.tables import TablePlan, render_table_run, report_dict

    FFA, TEAMS = "ffa", "teams"
    from deckcli.game.simulation.matchups import entrant, opponents
    from deckcli.rules.judging import read_resolved_deck

    if ffa is not None and team_with is not None:
        raise click.UsageError("--ffa and --team-with cannot be combined: Free For All (§16) has no teams; drop one")
    for option, name in (("--bot", bot), ("--opponent-bot", opponent_bot)):
        if name is not None and name not in TABLE_BOTS:
            raise click.UsageError(f"{option} {name} does not play Free For All or team games: use "
                                   f"{' or '.join(TABLE_BOTS)}")
    wanted = (ffa - 1) if ffa is not None else 2
    read = [deck, *(o.value for o in (*opposition, *((team_with,) if team_with else ())) if o.kind == "file")]
    if read.count("-") > 1:
        raise click.UsageError("standard input (-) can be read only once")
    resolved = read_resolved_deck(deck)
    echo_findings(resolved.where, resolved.warnings, warning=True)
    subject = entrant(resolved, resolved.where)
    mates: list[Entrant] = [] if team_with is None else list(opponents((team_with,)))
    others = list(opponents(opposition)) if opposition else _starters(
        [subject.deck.faction] + [m.deck.faction for m in mates], wanted)
    if len(others) != wanted:
        what = f"--ffa {ffa} needs {wanted} opponents" if ffa is not None else "a team plays two opponents"
        raise click.UsageError(f"{what}, and the --vs options name {len(others)}: give {wanted} --vs (a deck or a "
                               "faction each), or none for starter decks of other factions")
    entrants = tuple([subject, *mates, *others])
    mode = FFA if ffa is not None else TEAMS
    if mode == TEAMS:
        for team, (first, second), fix in ((0, (0, 1), "DECK and --team-with"), (1, (2, 3), "the two --vs")):
            if entrants[first].deck.faction == entrants[second].deck.faction:
                raise click.UsageError(f"{entrants[first].label} and {entrants[second].label} are teammates of one "
                                       f"faction, {entrants[first].faction}: teammates cannot use the same faction "
                                       f"(§17); give {fix} decks of two factions")
    chosen = bot or "heuristic"
    plan = TablePlan(mode, entrants, games, seed, chosen, opponent_bot or chosen)
    counts = _run(plan, workers, log, force, cluster)
    if fmt == "json":
        from deckcli.render.documents import document_json

        echo(document_json(report_dict(plan, counts)))
    else:
        width = text_layout().width
        echo_text(render_table_run(plan, counts, width))
    return EXIT_OK


def _starters(taken: list[str], count: int) -> list[Entrant]:
    """The starter decks of the first ``count`` factions (catalog order) no deck of ``taken`` (slugs) plays."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.simulation.matchups import starter_entrant

    slugs = [f.slug for f in default_catalog().factions.values() if f.slug not in taken]
    return [starter_entrant(slug) for slug in slugs[:count]]


def _run(plan: TablePlan, workers: int | None, log: str | None, force: bool, cluster: str | None) -> TableCounts:
    from deckcli.cli.game_runs import played_on_cluster, played_with_progress
    from deckcli.game.simulation.tables import run_table_plan
    from deckcli.game.simulation.executor import default_workers

    if log == "-":
        raise click.UsageError("--log -: the game log is written to a file: give the file's name, such as "
                               "--log games.jsonl")
    if log is not None:
        from deckcli.files.safe_write import refuse_an_input

        refuse_an_input(log, [entrant.source for entrant in plan.entrants if not entrant.starter], "the game log")
    if cluster is not None:
        return played_on_cluster(
            cluster, plan.games, lambda stream, progress, pool: run_table_plan(plan, 1, stream, progress, pool),
            log, force)
    return played_with_progress(
        plan.games, lambda stream, progress: run_table_plan(plan, workers or default_workers(), stream, progress),
        log, force)
