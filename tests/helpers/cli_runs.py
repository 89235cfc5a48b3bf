"""deckcli run by a test: in the test process on real files, checking its exit code, or as a process."""

from __future__ import annotations

import os

from click.testing import CliRunner, Result

from deckcli.cli.main import cli

WIDTH = 80
"""The width deckcli lays text out for when its output is not a terminal (tests/cli/test_terminal.py checks it)."""

CONTENT_WIDTH = 10_000
"""The width most tests run at: a message on one line, so that they can check its words (layout has its own tests)."""


def deckcli_env(**extra: str) -> dict[str, str]:
    """The environment of deckcli run by a test other than through :func:`run_cli` (``python -m deckcli``
    in a subprocess, or Click's runner): this process's, with text laid out for :data:`CONTENT_WIDTH`
    columns as :func:`run_cli` lays it out, and ``extra``.

    Only deckcli's runs get that width: the test process keeps the terminal's own, so that pytest's
    report fits the terminal (tests/project/test_test_harness.py checks it).
    """
    return {**os.environ, "COLUMNS": str(CONTENT_WIDTH), **extra}



def run_cli(
    args: list[str], exit_code: int = 0, input: str | bytes | None = None, env: dict[str, str] | None = None,
) -> Result:
    """Run ``deckcli ARGS``; on an unexpected exit code, fail showing stdout and stderr.

    Text is laid out for ``COLUMNS=10000`` (whatever the terminal running the tests), so
    that each message and table row is one line, unless ``env`` says otherwise (the layout
    tests give ``COLUMNS=80``). A Python exception escaping a command (a traceback for the
    player) always fails.
    """
    environment = {"COLUMNS": str(CONTENT_WIDTH), **(env or {})}
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input, env=environment)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"deckcli {args} raised {result.exception!r}\n{result.output}") from result.exception
    assert result.exit_code == exit_code, (
        f"deckcli {args}: exit {result.exit_code}, expected {exit_code}\n"
        f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
    )
    return result


def signals_as_at_a_terminal() -> None:
    """A child's Ctrl-C and SIGHUP set to what they are in a terminal's foreground command (their defaults), as a
    ``preexec_fn``: a test run from a background shell (``cmd &``, ``nohup``) would otherwise hand them down
    ignored, and deckcli rightly keeps an ignore it inherits."""
    import signal

    for number in (signal.SIGINT, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)
