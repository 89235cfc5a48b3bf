"""The output boundary and the errors of the Click face: ``echo`` (every line deckcli prints passes it), messages
wrapped to their stream, findings on standard error, a file written or standard output, the pager, and
:func:`reports_errors`, the one wrapper of every command (a :class:`~deckcli.errors.DeckcliError` as one line
and its exit code)."""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, ParamSpec, TypeVar

import click

from deckcli.cli.terminal import is_terminal, terminal_size, text_layout
from deckcli.errors import EXIT_OK, DeckcliError

if TYPE_CHECKING:  # the render package is imported only when a command prints
    from deckcli.findings import Finding
    from deckcli.render.layout import Layout

_Params = ParamSpec("_Params")
_Command = TypeVar("_Command", bound=Callable[..., Any])


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
