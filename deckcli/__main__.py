"""Run deckcli as ``python -m deckcli``; :func:`run` is the ``deckcli`` console script too."""

from __future__ import annotations

import os
import signal

from deckcli.errors import Terminated, interrupted, stop_message

ENDING_SIGNALS = {getattr(signal, name): name for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)}
"""Signals that end deckcli as a Ctrl-C does (:class:`deckcli.errors.Terminated`), each with its name."""


def run() -> None:
    """The command line, with Ctrl-C answered from deckcli's first line to its last: ``Aborted.``, exit 130.

    Click turns a Ctrl-C while a command runs into ``Aborted.`` (the command's
    ``finally`` blocks remove any temporary file first). Here the rest is
    caught: a Ctrl-C while Click, the command's modules or the catalog are
    still being imported, or during the last flush. Only the interpreter's own
    start-up (and the console script's ``import re``, written by pip) come
    before this function and are beyond deckcli's reach. SIGTERM and SIGHUP
    are answered the same way, with ``Terminated (SIGTERM).`` and 128 + the
    signal's number (143, 129), unless they were ignored when deckcli started.
    """
    import sys

    sys.unraisablehook = _unraisable
    for number in ENDING_SIGNALS:
        if signal.getsignal(number) == signal.SIG_DFL:  # one ignored on purpose (nohup) stays ignored
            signal.signal(number, _terminate)
    try:
        from deckcli.cli.main import main

        main()
    except BaseException as error:
        if not interrupted(error):
            raise
        _aborted(error)


def _terminate(number: int, frame: object) -> None:
    raise Terminated(number, ENDING_SIGNALS.get(number, str(number)))


def _unraisable(unraisable: object) -> None:
    """A Ctrl-C inside a callback Python cannot raise from (an import lock's) is the Ctrl-C being handled: say
    nothing of it; anything else as Python says it."""
    import sys

    if isinstance(getattr(unraisable, "exc_value", None), KeyboardInterrupt):
        return
    sys.__unraisablehook__(unraisable)  # type: ignore[arg-type]


def _aborted(error: BaseException) -> None:
    message, code = stop_message(error)
    try:
        os.write(2, f"\n{message}\n".encode())  # as Click says it; not through sys.stderr, which may be half-written
    except OSError:
        pass  # standard error closed: the exit code says it
    os._exit(code)


if __name__ == "__main__":
    run()
