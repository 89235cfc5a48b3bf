"""``deckcli tune``: the card changes that make a deck win more, found by simulated games within the rules."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

import click

from deckcli.cli.completion import complete_card, complete_path
from deckcli.cli.output import before_writing, echo, echo_findings, reports_errors, say, say_waiting
from deckcli.cli.parameter_types import CONTEXT, Number
from deckcli.cli.progress import PROGRESS_AFTER, ProgressBar
from deckcli.cli.simulation_options import play_options
from deckcli.cli.terminal import is_terminal, text_layout, wide_option

if TYPE_CHECKING:
    from deckcli.catalog.model import Catalog
    from deckcli.deck.resolution import ResolvedDeck
    from deckcli.game.simulation.matchups import Opposition
    from deckcli.game.simulation.runs import Entrant
    from deckcli.rules.rule_set import RuleSet
    from deckcli.tuning.report import TuneReport
    from deckcli.tuning.search import Settings, TuneResult

EVERY_LEADER = "\x00every"
"""``--leader`` without a name: every other Leader of the faction (a value no card name can be)."""
DEFAULT_BUDGET = 30_000
"""Games the climb plays unless told otherwise (about a minute on two cores with the heuristic bot)."""
MAX_BUDGET = 10_000_000
"""The largest ``--budget`` (some ten hours on two cores): a tune took any size, with no bound."""
MAX_SECONDS = 86_400
"""The longest ``--time``: a day."""


@click.command(context_settings=CONTEXT)
@click.argument("deck", shell_complete=complete_path)
@click.option("--rules", default="standard", show_default=True, metavar="standard|advanced|solo|FILE",
              help="Every deck considered is legal under this rule set (a built-in one or your rule-set JSON Schema).")
@play_options("DECK", names=("opposition", "bot", "seed", "workers", "cluster"))
@click.option("--max-changes", type=Number(min=1, max=50), default=3, show_default=True, metavar="K",
              help="The most changes taken, one after the other.")
@click.option("--keep", "keep", multiple=True, metavar="CARD", shell_complete=complete_card,
              help="Never remove a copy of this card (repeatable; the beginning of its words will do, as for deckcli "
                   "card).")
@click.option("--collection", metavar="FILE", shell_complete=complete_path,
              help="The copies you own (TOML: card = copies, as a deck's [cards]); none are added beyond them.  "
                   "[default: one box, the faction set]")
@click.option("--leader", "leader", is_flag=False, flag_value=EVERY_LEADER, default=None, metavar="[NAME]",
              help="Also try the faction's other Leaders (--leader NAME: that Leader only).")
@click.option("--budget", type=Number(min=1, max=MAX_BUDGET), default=None, metavar="GAMES",
              help=f"Games the climb plays (the confirmation plays a quarter as many again; at most {MAX_BUDGET:,}).  "
                   f"[default: {DEFAULT_BUDGET:,}]")
@click.option("--time", "seconds", type=Number(min=1, max=MAX_SECONDS), default=None, metavar="SECONDS",
              help=f"Instead of --budget: about this long in all (the changes then depend on the machine's speed; at "
                   f"most {MAX_SECONDS:,}, a day).")
@click.option("--apply", "apply_", is_flag=True,
              help="Rewrite DECK with the result when both bots confirm it (else only the changes that made it "
                   "legal), comments and order kept.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="text: the changes, the confirmation and what was measured; json: one document.")
@wide_option
@reports_errors
def tune(deck: str, rules: str, opposition: tuple[Opposition, ...], bot: str | None, seed: int, workers: int | None,
         cluster: str | None, max_changes: int, keep: tuple[str, ...], collection: str | None, leader: str | None,
         budget: int | None, seconds: int | None, apply_: bool, fmt: str) -> int:
    """Find the card changes that make a deck win more, within the rules.

    Climbs one change at a time (one copy removed, added or swapped; with
    --leader, another Leader): the legal neighbours race on paired games (the
    same seeds as the current deck) by successive halving; the best is checked
    on fresh games and taken when its gain is beyond noise, up to
    --max-changes. Then a confirmation on seeds never used while choosing: the
    start against the result, with the default bot and with the strong bot;
    an improvement only when both measure a gain. A deck not legal under
    --rules is first made legal as deckcli fix does. The same --seed and
    --budget give the same changes, whatever --workers or --cluster.

    \b
    Example:
      deckcli tune decks/northern-realms-starter.toml --rules advanced
      deckcli tune my-deck.toml --keep Geralt --collection owned.toml --apply
      deckcli tune my-deck.toml --budget 2000 --vs monsters --format json
      deckcli tune my-deck.toml --leader --max-changes 1
    """
    from deckcli.catalog.loading import default_catalog
    from deckcli.catalog.lookup import lookup_card
    from deckcli.game.bots import DEFAULT, STRONG
    from deckcli.game.simulation.executor import default_workers
    from deckcli.rules.builtin import EVERY_RULE_SET
    from deckcli.rules.loading import load_rule_set

    if budget is not None and seconds is not None:
        raise click.UsageError("give --budget GAMES or --time SECONDS, not both")
    if apply_ and deck == "-":
        raise click.UsageError("--apply rewrites DECK, and standard input cannot be rewritten: save it to a file")
    if rules.strip().lower() == EVERY_RULE_SET:
        raise click.UsageError("tune keeps a deck legal under one rule set: choose standard, advanced, solo or a FILE")
    solo = rules.strip().lower() == "solo"
    if solo and opposition:
        raise click.UsageError("--rules solo plays Gwent Solo against the automated opponent of every faction: drop --vs")
    from deckcli.files.safe_write import check_rewritable, editing

    if apply_:
        check_rewritable(deck)  # refused before the games, not after them
    rule_set = load_rule_set(rules)
    catalog = default_catalog()
    from deckcli.rules.judging import judge_deck
    from deckcli.tuning.files import read_collection, starting_deck, tuned_text
    from deckcli.tuning.report import TuneReport
    from deckcli.tuning.search import Settings

    from deckcli.catalog.lookup import browse_card

    keep = tuple(browse_card(catalog, name).name for name in keep)  # as deckcli card finds it: --keep Geralt
    with editing([deck] if apply_ else [], waiting=say_waiting):
        begun = starting_deck(deck, rule_set, keep, catalog)
        echo_findings(begun.where, begun.warnings, warning=True)
        owned = read_collection(collection, catalog) if collection is not None else None
        pins = frozenset(lookup_card(catalog, name).name for name in keep)
        if budget is None and seconds is None:
            budget = DEFAULT_BUDGET
        settings = Settings(_opponents(opposition, solo), bot or DEFAULT, STRONG, seed, budget,
                            None if seconds is None else float(seconds), max_changes,
                            workers or default_workers(), None, "solo" if solo else "standard")
        before_writing(lambda: None)  # a closed standard output stops the run before its games, not after them
        leaders: bool | str = leader == EVERY_LEADER
        if leader is not None and not leaders:
            card = lookup_card(catalog, leader, begun.deck.faction)
            if not card.is_leader or card.name not in begun.deck.faction.copies:
                raise click.BadParameter(f"{card.name} is not a Leader of the {begun.deck.faction.name} set",
                                         param_hint="--leader")
            leaders = card.name
        result = _climb(begun.deck, rule_set, catalog, settings, cluster, pins, owned, leaders)
        text = tuned_text(begun.text, begun.where, catalog, begun.deck, result.final)
        tuned = TuneReport(begun.where, rule_set.name, result, settings, judge_deck(result.final, rule_set),
                           list(begun.repaired), text)
        if apply_:
            _apply(deck, begun.text, begun.original, bool(begun.repaired), text, tuned)
    if fmt.lower() == "json":
        from deckcli.render.documents import document_json

        echo(document_json(tuned.as_dict()))
    else:
        for line in tuned.lines(text_layout().width):
            say(line)
    return tuned.exit_code


def _apply(deck: str, repaired: str, original: bytes, fixed: bool, tuned_text: str, tuned: TuneReport) -> None:
    """``--apply``: rewrite DECK with the climb's changes only when both bots confirm them (an improvement); else
    with the changes ``fix`` made to make it legal, if any (``repaired``), saying why the climb's are not written."""
    from deckcli.files.safe_write import rewrite_text
    from deckcli.tuning.report import UNWRITTEN

    result = tuned.result
    if result.steps and result.verdict == "improvement" and tuned.verdict.legal:
        rewrite_text(deck, tuned_text, expected=original)
        tuned.applied = True
        return
    if result.steps and not tuned.verdict.legal:
        tuned.not_applied = f"the result is not legal under {tuned.rules}"
    elif result.steps:
        tuned.not_applied = f"the result is {UNWRITTEN[result.verdict]}: only a confirmed improvement is written"
    elif not fixed:
        tuned.not_applied = "no change was taken"
    if fixed:
        rewrite_text(deck, repaired, expected=original)
        tuned.applied = True


def _opponents(opposition: tuple[Opposition, ...], solo: bool) -> tuple[Entrant, ...]:
    """The opponents: the ``--vs`` decks (none: the five starters), or in Gwent Solo every faction's automaton."""
    from deckcli.game.simulation.matchups import ALL_FACTIONS, automatons, opponents

    return automatons((ALL_FACTIONS,)) if solo else opponents(opposition)


def _climb(start: ResolvedDeck, rule_set: RuleSet, catalog: Catalog, settings: Settings, cluster: str | None,
           keep: frozenset[str], owned: dict[str, int] | None, leader: bool | str) -> TuneResult:
    """The climb of :class:`deckcli.tuning.search.Climber`, on the Dask ``cluster`` when one is given, with a
    progress bar (elapsed time and an estimate of the rest) on standard error when it is a terminal."""
    from contextlib import ExitStack

    from deckcli.tuning.report import clock
    from deckcli.tuning.search import Climber

    bar = ProgressBar(1, after=PROGRESS_AFTER) if is_terminal(sys.stderr) else None
    began = time.monotonic()

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.total = max(total, 1)
            spent = time.monotonic() - began
            left = spent * (total - done) / done if done else 0.0
            bar.show(done, f"games, {clock(spent)} elapsed, about {clock(left)} left")

    with ExitStack() as stack:
        if cluster is not None:
            from deckcli.game.simulation.cluster import connected

            settings.cluster = stack.enter_context(connected(cluster))
            for note in settings.cluster.notes:
                say(note, err=True)
        try:
            return Climber(start, rule_set, catalog, settings, keep, owned, leader, progress).run()
        finally:
            if bar is not None:
                bar.clear()
