"""The command line: a thin Click layer over the deckcli library.

Only the ``deckcli.cli`` package imports click. Library errors (:class:`DeckcliError`) become
one line on stderr and their exit code; results go to stdout. Each command lives in
the module of its subject (judging, analysis, catalog, authoring) and is registered here."""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import Any, cast

import click

from deckcli import __version__
from deckcli.cli.completion import COMPLETE_VAR
from deckcli.cli.output import echo, fit_80_columns, silence_stdout
from deckcli.cli.parameter_types import CONTEXT, HELP_WIDTH
from deckcli.cli.terminal import terminal_size
from deckcli.errors import EXIT_OK, EXIT_UNUSABLE

COMMANDS = {
    "validate": "judging", "tournament": "judging", "team": "judging", "profile": "judging",
    "stats": "analysis", "odds": "analysis", "diff": "analysis",
    "cards": "catalog", "card": "catalog",
    "new": "authoring", "import": "authoring:import_", "export": "authoring", "fmt": "authoring", "schema": "authoring",
    "add": "editing", "remove": "editing",
    "fix": "repair",
    "sheet": "sheets", "draw": "sheets",
    "score": "play",
    "solo": "play",
    "simulate": "play",
    "replay": "replay",
    "tune": "tuning",
    "advise": "play",
}
"""Every command's name and the module of ``deckcli.cli`` defining it (``module:function`` when the names differ)."""


class CommandsOnDemand(click.Group):
    """A group that imports a command's module only when that command is run, listed or helped:
    ``deckcli validate`` loads none of the other commands' options and modules."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context | None, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name)
        if where is None:
            return None
        module, _, function = where.partition(":")
        # __import__ rather than importlib.import_module: -X importtime (the start-up tests) sees it
        defining = __import__(f"deckcli.cli.{module}", fromlist=[function or cmd_name])
        return cast(click.Command, getattr(defining, function or cmd_name))

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        typed = args[0] if args else ""
        if typed and typed not in COMMANDS and not typed.startswith("-") and not ctx.resilient_parsing:
            import difflib

            close = difflib.get_close_matches(typed, COMMANDS, n=1)
            if close:
                ctx.fail(f"No such command {typed!r}; did you mean {close[0]}?")
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None and not ctx.resilient_parsing:
            _refuse_repeated_options(ctx, name, command, rest)
        return name, command, rest

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if os.environ.get(COMPLETE_VAR, "").startswith("bash"):
            from deckcli.cli.bash_completion import register

            register()  # before Click looks the shell's completion class up
        return super().main(*args, **kwargs)

    def every_command(self) -> dict[str, click.Command]:
        """Every command by name, each module imported (for tests and tools that go through them all)."""
        return {name: command for name in COMMANDS if (command := self.get_command(None, name)) is not None}


def _refuse_repeated_options(ctx: click.Context, name: str | None, command: click.Command, args: list[str]) -> None:
    """Raise ``click.UsageError`` (exit 2) when an option that takes one value (``--games N``, ``-o FILE``,
    ``--matrix FILE``) is given more than once: Click would keep the last and drop the others without a word.
    Repeatable options (``--vs``) and flags are left alone; a command line Click cannot parse is left to Click,
    which words that error itself."""
    probe = click.Context(command, parent=ctx, info_name=name, resilient_parsing=True)
    try:
        _opts, _args, order = command.make_parser(probe).parse_args(args=list(args))
    except click.UsageError:
        return
    seen: dict[str, int] = {}
    for param in order:
        if isinstance(param, click.Option) and not (param.multiple or param.count or param.is_flag):
            seen[param.name or ""] = seen.get(param.name or "", 0) + 1
            if seen[param.name or ""] == 2:
                flag = "/".join(param.opts)
                raise click.UsageError(f"{flag} is given twice: it takes one value (Click would keep the last and "
                                       "drop the other); give it once", probe)


@click.group(cls=CommandsOnDemand, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="deckcli", message="%(prog)s, version %(version)s")  # no gettext lookup
def cli() -> None:
    """Validate, check and analyse decks for Gwent: The Legendary Card Game.

    \b
    Example:
      deckcli validate decks/northern-realms-starter.toml --rules advanced

    Exit codes: 0 legal / done; 1 a deck or lineup breaks a rule, names cards
    that do not exist, or (fmt --check) a file would change; 2 a file could not
    be read or written, or the command line is wrong.
    """


@cli.result_callback()
def _exit_with(code: int | None, **_options: object) -> None:
    """Every command returns the exit code its report carries; here, and only here, deckcli exits with it."""
    click.get_current_context().exit(EXIT_OK if code is None else code)


def main() -> None:
    """The console script: run the command line, never showing a traceback.

    Click's own errors keep their exit code 2. A closed output pipe
    (``deckcli validate … | head -1``) ends quietly with exit code 0: the reader
    wanted no more.
    """
    if sys.stdout is None:  # started with standard output closed (`deckcli cards >&-`)
        sys.stdout = _ClosedOutput()
    _escaping_what_it_cannot_encode(sys.stdout)
    _escaping_what_it_cannot_encode(sys.stderr)
    try:
        code = cli.main(prog_name="deckcli", standalone_mode=False, terminal_width=_help_width())
    except click.exceptions.Exit as done:
        code = done.exit_code
    except click.ClickException as error:
        fit_80_columns(error).show()
        code = error.exit_code
    except click.Abort as abort:
        from deckcli.errors import stop_message

        message, code = stop_message(abort)
        echo(message, err=True)
    except OSError as error:  # writing the output failed (a full disk, a closed terminal)
        echo(f"deckcli: cannot write the output: {error.strerror or error}", err=True)
        code = EXIT_UNUSABLE
    except Exception as error:  # a bug in deckcli: say so in one line, never a traceback
        from deckcli.errors import interrupted

        if interrupted(error):  # a Ctrl-C that surfaced as another error
            raise KeyboardInterrupt from error
        echo(f"deckcli: internal error ({type(error).__name__}: {error}); please report it", err=True)
        code = EXIT_UNUSABLE
    if not _flushed():
        code = EXIT_OK  # the reader went away before the last of the output: as a closed pipe mid-command
    try:
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass  # standard error closed or gone: nothing more can be said
    # Every byte is written: end now, without the interpreter tearing down each module
    # and object one by one (a sixth of a short run). Nothing deckcli holds needs closing.
    os._exit(code if isinstance(code, int) else EXIT_OK)


class _ClosedOutput(io.TextIOBase):
    """Standard output that was closed before deckcli started: writing to it is an error, not a no-op."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")



ENCODING_FALLBACK = "deckcli-fallback"
"""The error handler (:mod:`codecs`) standard output and error write with: :func:`_fallback`."""

PLAIN_FORMS = {
    "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",  # figure dash, en dash, em dash, minus
    "\u2026": "...", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2022": "*",
}
"""Punctuation deckcli writes and an ASCII form of each, for an encoding that lacks it: ``17.9–22.9`` (an
interval) written ``17.9\\u201322.9`` read as one number."""


def _fallback(error: UnicodeError) -> tuple[str, int]:
    """Write what an encoding lacks in its plain form (:data:`PLAIN_FORMS`), else as an escape (``\\u2588``)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    lacking = error.object[error.start : error.end]
    return "".join(PLAIN_FORMS.get(c) or c.encode("ascii", "backslashreplace").decode("ascii") for c in lacking), error.end


def _escaping_what_it_cannot_encode(stream: object) -> None:
    """Make a text stream write a character its encoding lacks in a plain form or as an escape, never fail on it.

    Standard output in Latin-1 or another narrow encoding (``PYTHONIOENCODING=latin-1``, an old
    terminal) has no dash for an interval, no ellipsis and no box or bar characters; Python's default
    there is to raise on standard output and to escape on standard error. Both write a dash as ``-``
    and an ellipsis as ``...`` instead (:data:`PLAIN_FORMS`), anything else as an escape (``\\u2588``).
    """
    import codecs

    try:
        codecs.lookup_error(ENCODING_FALLBACK)
    except LookupError:
        codecs.register_error(ENCODING_FALLBACK, _fallback)
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and getattr(stream, "errors", None) in ("strict", "backslashreplace"):
        try:
            reconfigure(errors=ENCODING_FALLBACK)
        except (OSError, ValueError):  # closed, or not reconfigurable after all: it stays as it was
            pass


def _help_width() -> int:
    """The width Click gives help text (the terminal's, at most ``max_content_width``, less 2, at least 50),
    measured without Click importing shutil (and with it bz2 and lzma) for every ``--help``."""
    return max(min(terminal_size(80, 24)[0], HELP_WIDTH) - 2, 50)


def _flushed() -> bool:
    """Flush standard output; ``False`` when its reader has gone (the rest is silenced)."""
    if sys.stdout is None:
        return True
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        return False
    except OSError:
        pass
    return True
