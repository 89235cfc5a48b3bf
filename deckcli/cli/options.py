"""Shared pieces of the Click face: option types, the error wrapper, writing output, echoing findings."""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, NoReturn, ParamSpec, TypeVar

import click

from deckcli.errors import EXIT_OK, DeckcliError

if TYPE_CHECKING:
    from deckcli.catalog.model import FactionSet
    from deckcli.findings import Finding

    # click's ParamType is generic for type checkers only (click >= 8.4); at run time it stays unsubscripted.
    StrParamType = click.ParamType[str]
    FactionParamType = click.ParamType[FactionSet]
else:
    StrParamType = FactionParamType = click.ParamType

_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")
_Command = TypeVar("_Command", bound=Callable[..., Any])

if TYPE_CHECKING:  # the render package is imported only when a command prints
    from deckcli.render.layout import Layout

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


def fit_80_columns(error: click.ClickException) -> click.ClickException:
    """``error`` with Click's one-line ``Error: …`` wrapped to 80 columns, continuation lines indented as
    deckcli's own messages are; a message already laid out (with a line break) is left as it is. What the
    player typed in it (``No such option: …``) is escaped as every output is (:func:`echo`)."""
    from deckcli.text import shown

    message = shown(error.format_message())
    if "\n" not in message and len(message) + len("Error: ") > 80:
        from deckcli.render.layout import Layout

        message = "\n".join(Layout(width=80).wrap("Error: " + message))[len("Error: "):]
    setattr(error, "format_message", lambda: message)  # noqa: B010 - the instance's own message, as shown
    return error


def echo(text: str = "", err: bool = False, nl: bool = True, colour: bool | None = None) -> None:
    """Write ``text`` to standard output (``err``: standard error): the output boundary every line deckcli prints
    passes. Whatever a terminal would act on (ESC, CSI, BEL, a bidi override: text from a deck, a catalog, a
    path or the command line) is written escaped (:func:`deckcli.text.shown`); line breaks and tabs stay."""
    from deckcli.text import shown  # not at the top: ``--help`` writes through Click alone, and stays light

    click.echo(shown(text), err=err, nl=nl, color=colour)


def say(text: str, err: bool = False) -> None:
    """Print a message (one line, or several) wrapped to its stream's width (standard error's, with ``err``),
    continuations indented."""
    layout = _message_layout(err)
    for line in text.split("\n"):
        for part in layout.wrap(line):
            echo(part, err=err)


def _message_layout(err: bool) -> Layout:
    from deckcli.render.layout import Layout

    if click.get_current_context(silent=True) is None:
        return Layout()
    layout = text_layout(err)
    return Layout(width=layout.width)


def error_line(error: DeckcliError) -> str:
    """A problem in a file is told as ``FILE:LINE: reason``; one without a file as ``deckcli: reason``."""
    return error.located() if error.where is not None else f"deckcli: {error.located()}"


def reports_errors(command: Callable[_Params, int]) -> Callable[_Params, int]:
    """The one wrapper of every command: its exit code, and a :class:`DeckcliError` as one line and its exit code.

    A command returns the exit code its report carries (``None`` is 0). An error
    that lists findings (names that are not cards) prints them first, one
    ``FILE:LINE: code: message`` line each. While it runs, every file it reads is
    kept, and none of them may be written as an output, not even with ``--force``.
    """

    @functools.wraps(command)
    def wrapper(*args: _Params.args, **kwargs: _Params.kwargs) -> int:
        from deckcli.files.reading import watching_inputs

        try:
            with watching_inputs():  # what the command reads, it never writes over (safe_write.check_writable)
                code = command(*args, **kwargs)
        except DeckcliError as error:
            if error.where is not None:
                echo_findings(error.where, list(error.findings))
            say(error_line(error), err=True)
            return error.exit_code
        except BrokenPipeError:
            # The reader of our output went away (`deckcli … | head -1`): stop quietly.
            silence_stdout()
            return EXIT_OK
        return EXIT_OK if code is None else int(code)

    return wrapper


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


class UnusableInput(click.ClickException):
    """A :class:`DeckcliError` raised while Click converts an option (outside :func:`reports_errors`).

    Shown as the library error's own one-line message, with its exit code (2),
    not as a usage error: the command line was right, a file it needs is not.
    """

    def __init__(self, error: DeckcliError) -> None:
        super().__init__(error_line(error))
        self.exit_code = error.exit_code  # type: ignore[misc]  # the library error's own code, not Click's 1

    def show(self, file: Any = None) -> None:
        echo(self.message, err=True)


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


def output_option(command: _Command) -> _Command:
    """``-o FILE`` (``-`` writes to standard output) and ``--force`` of the commands that write a file."""
    command = click.option("--force", is_flag=True, help="Replace FILE if it already exists.")(command)
    return click.option(
        "-o", "--output", required=True, metavar="FILE", shell_complete=_complete_path,
        help="The file to write (never replaced without --force); - writes to standard output.",
    )(command)


def _complete_path(ctx: Any, param: Any, incomplete: str) -> list[Any]:
    from deckcli.cli.completion import complete_path

    return complete_path(ctx, param, incomplete)


def write_output(text: str, output: str, force: bool) -> bool:
    """Write ``text`` to ``output`` (atomically, see :mod:`deckcli.files.safe_write`) or to stdout for ``-``.

    Returns whether a file was written.
    """
    if output == "-":
        echo(text, nl=False)
        return False
    from deckcli.files.safe_write import write_text

    before_writing(lambda: None)  # a closed standard output stops the command before the file is made
    write_text(output, text, force=force)
    return True


def echo_findings(where: str, findings: Sequence[Finding], warning: bool = False) -> None:
    """One ``FILE:LINE: code: message`` line per finding, on stderr."""
    from deckcli.render.verdicts import finding_line

    for finding in findings:
        say(finding_line(where, finding, warning=warning), err=True)


def say_waiting(where: str) -> None:
    """Tell, on standard error, that an edit of ``where`` waits for another deckcli editing it (the lock of
    :func:`deckcli.files.safe_write.editing`)."""
    say(f"{where}: another deckcli is editing it; waiting for it to finish", err=True)


def before_writing(show: Callable[[], None]) -> None:
    """Run ``show`` (what a command tells before it rewrites a file in place) and see standard output take it.

    Standard output that cannot (closed: ``>&-``; full: ``>/dev/full``) raises ``OSError`` here,
    before the file changes: the command exits 2 with nothing written, so a script that runs it
    again never adds a card twice. A reader that went away (``| head -1``) stops nothing: the change
    was asked for, and the rest of the output is dropped.
    """
    try:
        show()
        sys.stdout.write("")  # standard output closed before deckcli started raises here
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()


def silence_stdout() -> None:
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


# --- how text output meets the terminal: width, colour, pager ---------------------------------------

COLOR_CHOICES = ("auto", "always", "never")


def _remember(key: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    def callback(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        ctx.meta[key] = value
        return value

    return callback


def wide_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--wide`` to a command that prints text; :func:`text_layout` reads it."""
    return click.option(
        "--wide", is_flag=True, expose_value=False, callback=_remember("deckcli.wide"),
        help="One line per finding and per table row, whatever the terminal's width (for scripts).",
    )(command)


def layout_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--wide`` and ``--color`` to a command that prints verdicts; :func:`text_layout` reads them."""
    command = click.option(
        "--color", "--colour", type=click.Choice(COLOR_CHOICES, case_sensitive=False), default="auto",
        show_default=True, expose_value=False, callback=_remember("deckcli.color"),
        help="Colour violations, warnings and verdicts: auto (on a terminal, unless NO_COLOR is set), "
        "always or never.",
    )(command)
    return wide_option(command)


def text_layout(err: bool = False) -> Layout:
    """The :class:`~deckcli.render.layout.Layout` of this command's text output (``err``: of its messages on
    standard error).

    Width: none with ``--wide``; else ``COLUMNS`` when set, the terminal's width
    when standard output (standard error) is one, and 80 otherwise (a pipe, a file). Colour:
    ``--color always``, or ``auto`` on a terminal when ``NO_COLOR`` is not set
    (https://no-color.org: any non-empty value).
    """
    import os

    from deckcli.render.layout import DEFAULT_WIDTH, Layout, fitted_width

    meta = click.get_current_context().meta
    choice = str(meta.get("deckcli.color") or "auto").lower()
    if choice == "auto":
        colour = is_terminal(sys.stderr if err else sys.stdout) and not os.environ.get("NO_COLOR")
    else:
        colour = choice == "always"
    if meta.get("deckcli.wide"):
        return Layout(width=None, colour=colour)
    return Layout(width=fitted_width(terminal_size(DEFAULT_WIDTH, 24, err)[0]), colour=colour)


def terminal_size(columns: int, lines: int, err: bool = False) -> tuple[int, int]:
    """The terminal's (columns, lines), as :func:`shutil.get_terminal_size` gives them, with the fallback given.

    ``COLUMNS`` and ``LINES`` win when set to a positive number; then the size of
    the terminal standard output (with ``err``, standard error) is on; otherwise
    the fallback. (shutil itself is not imported: it brings the bz2 and lzma
    modules into every start.)
    """
    import os

    def from_environment(name: str) -> int:
        try:
            return int(os.environ.get(name, ""))
        except ValueError:
            return 0

    size = (from_environment("COLUMNS"), from_environment("LINES"))
    if size[0] <= 0 or size[1] <= 0:
        try:
            measured = os.get_terminal_size((sys.__stderr__ if err else sys.__stdout__).fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            measured = os.terminal_size((0, 0))
        size = (size[0] if size[0] > 0 else measured.columns, size[1] if size[1] > 0 else measured.lines)
    return (size[0] if size[0] > 0 else columns, size[1] if size[1] > 0 else lines)


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a closed stream, or none, is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed, or not a real stream
        return False


class ProgressBar:
    """A one-line progress bar on standard error, redrawn in place, as wide as the terminal lets it be (the bar
    shorter, or left out, on a narrow one); cleared before any other output. With ``after`` (seconds), nothing
    shows until the work has taken that long (a short run draws nothing). With ``timed``, the time the work has
    taken so far and an estimate of the rest follow the count, while they fit (:func:`remaining`)."""

    WIDTH = 24

    def __init__(self, total: int, after: float = 0.0, timed: bool = False) -> None:
        import time

        self.total = total
        self.shown = False
        self.clock = time.monotonic
        self.began = self.clock()
        self.start = self.began + after
        self.timed = timed

    def show(self, done: int, where: str) -> None:
        now = self.clock()
        if not self.shown and now < self.start:
            return
        from deckcli.text import shown

        # within the terminal, less its last column: a line that wraps is not redrawn by "\r", but piles up
        columns = max(terminal_size(80, 24, err=True)[0] - 1, 1)
        count = f"{done:,}/{self.total:,} {shown(where)}"
        if self.timed:
            elapsed = now - self.began
            left = remaining(elapsed, done, self.total)
            timing = f", {clock_text(elapsed)} so far" + ("" if left is None else f", about {clock_text(left)} left")
            if len(count) + len(timing) <= columns:
                count += timing
        room = min(self.WIDTH, columns - len(count) - 3)
        if room >= 4:
            filled = room * done // self.total
            count = f"[{'#' * filled}{'-' * (room - filled)}] {count}"
        sys.stderr.write("\r" + count[:columns])
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


def remaining(elapsed: float, done: int, total: int) -> float | None:
    """Seconds the rest of the work should take, were it to go on at the pace of the ``done`` items of ``total``
    that took ``elapsed`` seconds; ``None`` before the first is done."""
    if done <= 0:
        return None
    return elapsed * max(total - done, 0) / done


def clock_text(seconds: float) -> str:
    """Seconds as a clock shows a duration: ``0:07``, ``1:05``, ``1:02:03`` (rounded to the second)."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def echo_lines(layout: Layout) -> Callable[..., None]:
    """A function printing one line on standard output (:data:`deckcli.render.verdicts.Out`): escaped, then, when
    ``layout`` has colour and the renderer names a ``style``, its ``part`` painted (only deckcli's own colours
    reach the terminal)."""
    from deckcli.text import shown

    colour = True if layout.colour else None

    def out(line: str, style: str | None = None, part: str | None = None) -> None:
        safe = shown(line)
        if style is not None and layout.colour:
            safe = layout.paint(safe, style, None if part is None else shown(part))
        click.echo(safe, color=colour)

    return out


def echo_error(line: str) -> None:
    """Print one message on standard error, wrapped to the output's width."""
    say(line, err=True)


def echo_text(text: str, layout: Layout | None = None) -> None:
    """Print ``text``; through a pager (``PAGER``, else ``less``) when standard output is a terminal
    and the text is taller than it. Never when piped: then it is printed as it is."""
    colour = True if layout is not None and layout.colour else None
    if is_terminal(sys.stdout) and is_terminal(sys.stdin):
        rows = terminal_size(80, 24)[1]
        if text.count("\n") + 1 >= rows:
            from deckcli.text import shown

            click.echo_via_pager(shown(text if text.endswith("\n") else text + "\n"), color=colour)
            return
    echo(text, colour=colour)


# --- simulated games: which decks, which bots -------------------------------------------------------------


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
