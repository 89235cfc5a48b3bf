"""One set of simulation options for every command that plays games (``simulate``, ``diff --simulate``,
``sheet --simulate``): ``--vs``, ``--games``, ``--seed``, ``--bot``, ``--opponent-bot``, ``--workers``, ``--solo``,
``--leader-variant``, ``--log`` and ``--format``, defined once here with their help, and the one helper that turns
what was typed into the run's :class:`~deckcli.game.simulation.runs.Plan`.

A command differs only where it must: what its decks under test are called in the help (``DECK``; ``OLD and
NEW`` for ``diff``) and which ``--format`` it takes (``sheet`` writes a page: it has none).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

import click

from deckcli.cli.completion import complete_path
from deckcli.cli.parameter_types import BotName, MAX_SEED, Number, OpponentDeck, SoloOpponent, refuse_without

if TYPE_CHECKING:
    from deckcli.game.simulation.matchups import Opposition
    from deckcli.game.simulation.runs import Entrant, Plan

_Command = Callable[..., Any]

DEFAULT_GAMES = 1000
"""Games per matchup when ``--games`` is not given."""
MAX_GAMES = 10_000_000
"""The most ``--games`` a matchup plays (about six hours a matchup on two cores with the default bot): a run of
10**21 games was accepted, with an estimate of its time no clock could show."""

TEXT_JSON = "text-json"
"""``formats`` of :func:`simulation_options`: ``--format text|json`` (the tables, or one JSON document)."""

PARAMETERS = ("opposition", "games", "seed", "bot", "opponent_bot", "workers", "cluster", "solo", "leader_variant", "log")
"""The parameter names of the shared options but ``--format`` (which a command may also take without simulating)."""


class Simulation(NamedTuple):
    """What the shared options asked for: ``opposition`` (``--vs``, none: the starter decks), ``solo`` (``--solo``
    faction slugs, or ``all``), ``leader_variant``, ``games`` (per matchup), ``seed``, the ``bot`` and
    ``opponent_bot`` names (``None``: the default), ``workers`` (``None``: every core), the Dask ``cluster``'s
    scheduler address (``None``: this machine's processes) and the ``log`` file (``None``: no log)."""

    opposition: tuple[Opposition, ...]
    solo: tuple[str, ...]
    leader_variant: bool
    games: int
    seed: int
    bot: str | None
    opponent_bot: str | None
    workers: int | None
    cluster: str | None
    log: str | None

    @property
    def rules(self) -> str:
        """The built-in rule set the decks under test must be legal under: ``solo`` for Gwent Solo (§18), else
        ``standard``."""
        return "solo" if self.solo else "standard"

    def check(self, reads_stdin: bool = False) -> None:
        """Refuse (``click.UsageError``, exit 2) options that do not go together: ``--solo`` with ``--vs`` or
        ``--opponent-bot``, ``--leader-variant`` without ``--solo``, ``--log -``, and ``--vs -`` when a deck under
        test is already read from standard input (``reads_stdin``)."""
        if self.solo and self.opposition:
            raise click.UsageError("--solo and --vs cannot be combined: in Gwent Solo the deck plays the automated "
                                   "opponent of each --solo faction; drop --vs, or run once for each")
        if self.solo and self.opponent_bot is not None:
            raise click.UsageError("--opponent-bot does not go with --solo: the automated opponent plays by its own "
                                   "rules (§18–20); drop --opponent-bot")
        if not self.solo:
            refuse_without(click.get_current_context(), "--solo", ("leader_variant",))
        if reads_stdin and any(o.value == "-" for o in self.opposition):
            raise click.UsageError("standard input (-) can be read only once")
        if self.log == "-":
            raise click.UsageError("--log -: the game log is written to a file, standard output holds the tables: "
                                   "give the file's name, such as --log games.jsonl")

    def plan(self, subjects: tuple[Entrant, ...]) -> Plan:
        """The run of ``subjects`` (the decks under test, brought to the table under :attr:`rules`) against the
        ``--vs`` decks, or in Gwent Solo against the automaton of each ``--solo`` faction (§18–20).

        Raises what :func:`deckcli.game.simulation.matchups.opponents` raises for an opponent's deck.
        """
        from deckcli.game.bots import DEFAULT
        from deckcli.game.simulation.matchups import opponents
        from deckcli.game.simulation.runs import Plan

        bot = self.bot or DEFAULT
        if self.solo:
            return Plan(subjects, solo_opponents(self.solo, self.leader_variant, subjects), self.games, self.seed, bot,
                        None)
        return Plan(subjects, opponents(self.opposition), self.games, self.seed, bot, self.opponent_bot or bot)


def solo_opponents(factions: tuple[str, ...], leader_variant: bool,
                   subjects: tuple[Entrant, ...]) -> tuple[Entrant, ...]:
    """The automatons of ``--solo`` (:func:`deckcli.game.simulation.matchups.automatons`), never of a deck under
    test's own faction (§18: the automaton plays "another"): ``all`` skips it, saying so on standard error; naming it
    is a usage error (exit 2)."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.cli.output import say
    from deckcli.game.simulation.matchups import ALL_FACTIONS, automatons

    catalog = default_catalog()
    players = tuple(dict.fromkeys(catalog.faction(subject.faction).slug for subject in subjects))
    try:
        found = automatons(factions, leader_variant, players)
    except ValueError as error:
        named = next(player for player in players if player in factions)
        raise click.UsageError(f"--solo {named}: {error}: name another faction, or all") from None
    if ALL_FACTIONS in factions:
        own = " and ".join(catalog.factions[player].name for player in players)
        whose = "the deck's own" if len(players) == 1 else "the decks' own"
        say(f"--solo all: the automatons of the other {len(catalog.factions) - len(players)} factions, not {own}, "
            f"{whose} (§18: the automaton plays another faction)", err=True)
    return found


def simulation_options(subject: str = "DECK", formats: str | None = TEXT_JSON,
                       format_help: str = "text: the tables and what was measured; json: the same as one document.",
                       ) -> Callable[[_Command], _Command]:
    """A decorator adding the shared simulation options to a command, collected into one ``simulation``
    parameter (:class:`Simulation`); ``--format`` stays its own parameter, ``fmt``.

    ``subject`` names the decks under test in the help (``DECK``, ``OLD and NEW``); ``formats`` is
    :data:`TEXT_JSON`, ``"table"`` (the table formats of :func:`deckcli.cli.options.table_format_option`) or
    ``None`` (no ``--format``: the command writes a page).
    """

    def decorate(command: _Command) -> _Command:
        @functools.wraps(command)
        def collected(*args: Any, **kwargs: Any) -> Any:
            values = {name: kwargs.pop(name) for name in PARAMETERS}
            return command(*args, simulation=Simulation(**values), **kwargs)

        decorated: _Command = collected
        for option in reversed(list(_options(subject).values())):
            decorated = option(decorated)
        if formats == TEXT_JSON:
            decorated = click.option(
                "--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
                show_default=True, help=format_help)(decorated)
        elif formats == "table":
            from deckcli.cli.parameter_types import table_format_option

            decorated = table_format_option(decorated)
        return decorated

    return decorate


def _options(subject: str, default_games: int = DEFAULT_GAMES) -> dict[str, Callable[[_Command], _Command]]:
    """The shared options by parameter name, in the order ``--help`` lists them."""
    return dict(zip(PARAMETERS_IN_ORDER, [
        click.option(
            "--vs", "opposition", type=OpponentDeck(), multiple=True, metavar="DECK|FACTION|starters",
            help="An opponent (repeatable): a deck file, a faction (its starter deck) or starters (all five).  "
                 "[default: starters]"),
        click.option(
            "--solo", "solo", type=SoloOpponent(), multiple=True, metavar="FACTION|all",
            help=f"Gwent Solo (§18–20): {subject} against the automated opponent of FACTION (repeatable), or all: "
                 "the five. Not with --vs or --opponent-bot."),
        click.option(
            "--leader-variant", is_flag=True,
            help="With --solo: the Leader variant (§18): a round ending with the player ahead has the automaton "
                 "reveal and resolve a Leader first."),
        click.option("--games", type=Number(min=1, max=MAX_GAMES), default=default_games, show_default=True,
                     metavar="N", help=f"Games per matchup (at most {MAX_GAMES:,})."),
        click.option(
            "--seed", type=Number(min=0, max=MAX_SEED), default=1, show_default=True, metavar="N",
            help="Seed of every deal, shuffle and bot: the same seed, the same result, whatever --workers."),
        click.option("--bot", type=BotName(), default=None, metavar="NAME",
                     help=f"The bot playing {subject}: random, heuristic, search or ismcts.  [default: heuristic]"),
        click.option("--opponent-bot", type=BotName(), default=None, metavar="NAME",
                     help="The bot playing the opponents.  [default: the same as --bot]"),
        click.option(
            "--workers", type=Number(min=1), default=None, metavar="N",
            help="Processes playing the games, at most one a core (the result does not depend on it).  "
                 "[default: every core]"),
        click.option(
            "--cluster", metavar="ADDRESS", default=None,
            help="Play the games on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786; pip install "
                 "'.[cluster]' in the clone). The result is the same as on the local processes."),
        click.option("--log", "log", metavar="FILE", shell_complete=complete_path,
                     help=f"Write the event log of every game of {subject} to FILE as JSON Lines (never replaced "
                          "without --force)."),
    ], strict=True))


PARAMETERS_IN_ORDER = ("opposition", "solo", "leader_variant", "games", "seed", "bot", "opponent_bot", "workers",
                       "cluster", "log")
"""The shared options' parameter names in the order ``--help`` lists them (:data:`PARAMETERS`, reordered)."""

PLAY_PARAMETERS = ("games", "seed", "bot", "opponent_bot", "workers", "cluster")
"""The options of a command that plays games of its own kind (``tournament --simulate``: no ``--vs`` deck, no Gwent
Solo, no log): each keeps its parameter name."""


def play_options(subject: str = "DECK", default_games: int = DEFAULT_GAMES,
                 names: tuple[str, ...] = PLAY_PARAMETERS) -> Callable[[_Command], _Command]:
    """A decorator adding the shared options ``names`` (parameter names of :data:`PARAMETERS`) to a command, each as
    its own parameter, with the same help as :func:`simulation_options` gives (``subject`` as there); ``--games``
    defaults to ``default_games``."""
    options = _options(subject, default_games)

    def decorate(command: _Command) -> _Command:
        for name in reversed([name for name in PARAMETERS_IN_ORDER if name in names]):
            command = options[name](command)
        return command

    return decorate


def refuse_without_simulate(ctx: click.Context) -> None:
    """Raise a usage error (exit 2) when a simulation option was given without ``--simulate``."""
    refuse_without(ctx, "--simulate", PARAMETERS)
