"""The parameter types and options the commands share: the context settings, ``--format`` of the table and
verdict commands, whole numbers within deckcli's input budget, factions, game terms, decks to play against,
bots, seeds; a value refused in one line with the choices and a "did you mean"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, NoReturn, TypeVar

import click

from deckcli.cli.output import UnusableInput, fit_80_columns
from deckcli.errors import DeckcliError

if TYPE_CHECKING:
    from deckcli.catalog.model import FactionSet

    # click's ParamType is generic for type checkers only (click >= 8.4); at run time it stays unsubscripted.
    StrParamType = click.ParamType[str]
    FactionParamType = click.ParamType[FactionSet]
else:
    StrParamType = FactionParamType = click.ParamType

_Command = TypeVar("_Command", bound=Callable[..., Any])

HELP_WIDTH = 100
"""The widest help text, in columns."""


CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": HELP_WIDTH}


def refuse_choice(
    value: str, what: str, choices: Sequence[str], param: click.Parameter | None, ctx: click.Context | None,
) -> NoReturn:
    """Fail an option's value that is not one of ``choices``: ``'jsn' is not a format; did you mean json?
    Choose one of: …``, wrapped to 80 columns as Click shows it (``Error: Invalid value for '--format': …``).

    ``what`` names what the value should be, with its article (``a format``). Raises ``click.BadParameter``.
    """
    from deckcli.catalog.names import fold, suggest
    from deckcli.text import did_you_mean, printable

    close = suggest(value, {fold(choice): choice for choice in choices}, limit=1)
    message = f"{printable(value)!r} is not {what}{did_you_mean(close)} Choose one of: {', '.join(choices)}."
    if not close:
        message = message.replace(" Choose one of", "; choose one of", 1)
    raise fit_80_columns(click.BadParameter(message, ctx, param))


TEXT_FORMAT = "text"
"""The ``--format`` every command takes for its text output (the table commands: tabulate's ``simple``)."""


class TableFormat(StrParamType):
    """``--format`` of the table commands: ``text``, any tabulate format, ``json`` or ``csv`` (checked lazily).

    Converts to the tabulate format, ``json`` or ``csv``: ``text`` is ``simple``.
    """

    name = "format"

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.render.formats import DEFAULT_TABLE_FORMAT, table_formats

        choices = [TEXT_FORMAT, *table_formats()]
        if value.lower() == TEXT_FORMAT:
            return DEFAULT_TABLE_FORMAT
        if value.lower() in choices:
            return value.lower()
        refuse_choice(value, "a format", choices, param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from deckcli.cli.completion import complete_choices
        from deckcli.render.formats import table_formats

        return complete_choices([TEXT_FORMAT, *table_formats()], incomplete)


def table_format_option(command: _Command) -> _Command:
    """Add the shared ``--format`` option (default ``text``) of the table commands, as ``fmt``."""
    return click.option(
        "--format",
        "fmt",
        type=TableFormat(),
        default=TEXT_FORMAT,
        show_default=True,
        metavar="FORMAT",
        help="text (simple tables), any tabulate table format (github, grid, pipe, html, …), json or csv.",
    )(command)


def verdict_format_option(command: _Command) -> _Command:
    """Add the ``--format text|json|github`` option of the verdict commands (validate, tournament, team), as ``fmt``."""
    return click.option(
        "--format", "fmt", type=click.Choice(["text", "json", "github"], case_sensitive=False), default="text",
        show_default=True,
        help="text: one line per finding, then a verdict; json: the same as one document; "
        "github: GitHub Actions annotations (::error file=F,line=L,title=CODE::message).",
    )(command)


class Number(click.IntRange):
    """A whole number on the command line, within Click's range, and within the digit budget of
    :mod:`deckcli.files.budget` (a number of thousands of digits is refused, never printed back whole)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            from deckcli.files.budget import MAX_DIGITS, digit_count

            digits = digit_count(value.strip())
            if digits > MAX_DIGITS:
                self.fail(f"a number of {digits:,} digits; a number has at most {MAX_DIGITS} (deckcli's input budget)",
                          param, ctx)
        return super().convert(value, param, ctx)


class FactionName(FactionParamType):
    """``--faction``: a faction's display name or slug, any case or apostrophe; converts to its set. A refusal
    says the value is not ``what``, and offers the factions and the ``others`` choices an option also takes."""

    name = "faction"

    def __init__(self, what: str = "a faction", others: tuple[str, ...] = ()) -> None:
        self.what = what
        self.others = others

    def convert(self, value: str | FactionSet, param: click.Parameter | None, ctx: click.Context | None) -> FactionSet:
        from deckcli.catalog.loading import default_catalog

        if not isinstance(value, str):
            return value
        try:
            catalog = default_catalog()
        except DeckcliError as error:  # a broken DECKCLI_CATALOG file, met while Click reads the options
            raise UnusableInput(error) from None
        try:
            return catalog.faction(value)
        except KeyError:
            refuse_choice(value, self.what, [*(f.name for f in catalog.factions.values()), *self.others], param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from deckcli.catalog.loading import default_catalog
        from deckcli.cli.completion import complete_choices

        return complete_choices(list(default_catalog().factions), incomplete)


class GameName(StrParamType):
    """An option naming one of a few game terms by code or name, any case (``ranged``, ``Ranged Combat``)."""

    def __init__(self, what: str, names: Callable[[], dict[str, str]]) -> None:
        self.name = what
        self._names = names

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.catalog.names import find_named

        names = self._names()
        code = find_named(value, names)
        if code is None:
            article = "an" if self.name[0] in "aeiou" else "a"
            refuse_choice(value, f"{article} {self.name}", list(names.values()), param, ctx)
        return code


def ability_names() -> dict[str, str]:
    from deckcli.catalog.abilities import ABILITIES

    return {code: ability.name for code, ability in ABILITIES.items()}


def kind_names() -> dict[str, str]:
    from deckcli.catalog.abilities import KIND_NAMES

    return KIND_NAMES


def row_names() -> dict[str, str]:
    from deckcli.catalog.model import ROW_NAMES

    return ROW_NAMES


class OpponentDeck(StrParamType):
    """``--vs``: a deck file, a faction (its starter deck) or ``starters`` (every starter deck); converts to an
    :class:`deckcli.game.simulation.matchups.Opposition`. A value with a slash or ending in .toml, or naming a file, is a file."""

    name = "deck"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        import os

        from deckcli.game.simulation.matchups import STARTERS, Opposition

        if not isinstance(value, str):
            return value
        if value.strip().lower() == STARTERS:
            return Opposition(STARTERS)
        if value == "-" or "/" in value or os.sep in value or value.lower().endswith(".toml") or os.path.exists(value):
            return Opposition("file", value)
        faction = FactionName("a faction, a deck file or starters", (STARTERS,)).convert(value, param, ctx)
        return Opposition("faction", faction.slug)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from deckcli.catalog.loading import default_catalog
        from deckcli.cli.completion import complete_choices, complete_path

        # the choices, else a file (bash's script drops the choices given with a file: it completes nothing)
        choices = complete_choices([*default_catalog().factions, "starters"], incomplete)
        return choices or complete_path(ctx, param, incomplete)


class SoloOpponent(StrParamType):
    """``--solo``: a faction (Gwent Solo against its automated opponent) or ``all`` (the five); converts to the
    faction's slug, or ``all``."""

    name = "faction"

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.game.simulation.matchups import ALL_FACTIONS

        if value.strip().lower() == ALL_FACTIONS:
            return ALL_FACTIONS
        return FactionName("a faction or all", (ALL_FACTIONS,)).convert(value, param, ctx).slug

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from deckcli.catalog.loading import default_catalog
        from deckcli.cli.completion import complete_choices
        from deckcli.game.simulation.matchups import ALL_FACTIONS

        return complete_choices([*default_catalog().factions, ALL_FACTIONS], incomplete)


class BotName(StrParamType):
    """``--bot``, ``--opponent-bot``: a bot of :data:`deckcli.game.bots.BOTS`."""

    name = "bot"

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from deckcli.game.bots import BOTS

        if value.lower() in BOTS:
            return value.lower()
        refuse_choice(value, "a bot", list(BOTS), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from deckcli.cli.completion import complete_choices
        from deckcli.game.bots import BOTS

        return complete_choices(list(BOTS), incomplete)


MAX_SEED = 2**64 - 1
"""The largest ``--seed``: the games' seeds are 64-bit (:func:`deckcli.game.simulation.derived_seed`), so a larger
one would play the games of a smaller one (2**64 those of 0)."""


def refuse_without(ctx: click.Context, flag: str, names: Sequence[str]) -> None:
    """Raise a usage error (exit 2) when any option of ``names`` (parameter names) was given: they go with ``flag``."""
    from click.core import ParameterSource

    given = [param.opts[0] for param in ctx.command.params
             if param.name in names and ctx.get_parameter_source(param.name) not in (ParameterSource.DEFAULT, None)]
    if given:
        raise click.UsageError(f"{', '.join(given)} {'goes' if len(given) == 1 else 'go'} with {flag}")
