"""Run deckcli as ``python -m deckcli``; :func:`run` is the ``deckcli`` console script too."""

from __future__ import annotations

import os

EXIT_INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as Click's ``Aborted.`` gives it."""


def run() -> None:
    """The command line, with Ctrl-C answered from deckcli's first line to its last: ``Aborted.``, exit 130.

    Click turns a Ctrl-C while a command runs into ``Aborted.`` (the command's
    ``finally`` blocks remove any temporary file first). Here the rest is
    caught: a Ctrl-C while Click, the command's modules or the catalog are
    still being imported, or during the last flush. Only the interpreter's own
    start-up (and the console script's ``import re``, written by pip) come
    before this function and are beyond deckcli's reach.
    """
    import sys

    sys.unraisablehook = _unraisable
    try:
        from deckcli.cli.main import main

        main()
    except BaseException as error:
        from deckcli.errors import interrupted

        if not interrupted(error):
            raise
        _aborted()


def _unraisable(unraisable: object) -> None:
    """A Ctrl-C inside a callback Python cannot raise from (an import lock's) is the Ctrl-C being handled: say
    nothing of it; anything else as Python says it."""
    import sys

    if isinstance(getattr(unraisable, "exc_value", None), KeyboardInterrupt):
        return
    sys.__unraisablehook__(unraisable)  # type: ignore[arg-type]


def _aborted() -> None:
    try:
        os.write(2, b"\nAborted.\n")  # as Click says it; not through sys.stderr, which may be half-written
    except OSError:
        pass  # standard error closed: the exit code says it
    os._exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    run()
