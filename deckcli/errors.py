"""The exceptions deckcli raises and the exit codes they map to.

Library modules raise a :class:`DeckcliError` subclass and never print or exit;
the command line turns each into a one-line message and an exit code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckcli.findings import Finding

EXIT_OK = 0
"""Every deck is legal, or the command did its job."""
EXIT_ILLEGAL = 1
"""Some deck breaks a rule or names cards that do not exist."""
EXIT_UNUSABLE = 2
"""Some input could not be read as a deck at all, or the command line is wrong."""


class DeckcliError(Exception):
    """Base class of every error deckcli reports to a player.

    ``where`` is the file the problem is in (or ``None``), ``line`` and
    ``column`` are 1-based positions in it when known.
    """

    exit_code = EXIT_UNUSABLE

    def __init__(
        self,
        reason: str,
        *,
        where: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.where = where
        self.line = line
        self.column = column
        self.findings: tuple[Finding, ...] = ()

    def located(self) -> str:
        """Return ``FILE:LINE:COLUMN: reason`` with the parts that are known."""
        parts = [p for p in (self.where, self.line, self.column) if p is not None]
        prefix = ":".join(str(p) for p in parts)
        return f"{prefix}: {self.reason}" if prefix else self.reason


class DeckFileError(DeckcliError):
    """A deck or registration file cannot be read as a deck (exit code 2)."""


class BoardFileError(DeckcliError):
    """A board file cannot be read as a position that can happen on the table (exit code 2)."""


class CatalogError(DeckcliError):
    """A card catalog file is missing or malformed (exit code 2)."""


class RulesError(DeckcliError):
    """A rule set cannot be loaded: unknown name, not JSON, or not a valid JSON Schema."""


class CardLookupError(DeckcliError):
    """A card name given on the command line matches no card, or several."""


class OutputError(DeckcliError):
    """A file cannot be written: it exists (no ``--force``), is a folder, or its place is not writable (exit code 2)."""


class UnresolvedNamesError(DeckcliError):
    """A deck names cards that do not exist, or names them ambiguously (exit code 1): ``findings`` lists each."""

    exit_code = EXIT_ILLEGAL


class GameLogError(DeckcliError):
    """A game log cannot be read back: missing, not JSON Lines, cut short, of a newer format, or without the game
    asked for (exit code 2)."""


class DrawQuestionError(DeckcliError):
    """An odds question no draw can answer: a hand larger than the deck, more copies than it holds."""


EXIT_INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as Click's ``Aborted.`` gives it."""


class Terminated(KeyboardInterrupt):
    """The process was told to end (SIGTERM: ``kill PID``, ``timeout``; SIGHUP: its terminal closed). It unwinds as
    a Ctrl-C does, so every ``finally`` block runs (a temporary file removed, a simulation's workers stopped);
    then deckcli ends with ``exit_code``, 128 + the signal's number, as a shell reports a process it ended."""

    def __init__(self, signal_number: int, name: str) -> None:
        super().__init__(name)
        self.exit_code = 128 + signal_number
        self.name = name


def interruption(error: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C (or :class:`Terminated`, first) that ``error`` is or was caused by, if any: a Ctrl-C landing
    inside the interpreter's own machinery (a class being created while a module is imported) comes out as another
    error, the KeyboardInterrupt its cause (``RuntimeError: Error calling __set_name__``)."""
    seen: set[int] = set()
    found: KeyboardInterrupt | None = None
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, Terminated):
            return cause  # a SIGTERM stays one, though a KeyboardInterrupt was raised from it
        if isinstance(cause, KeyboardInterrupt) and found is None:
            found = cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return found


def interrupted(error: BaseException) -> bool:
    """Whether ``error`` is a Ctrl-C or a :class:`Terminated`, or was caused by one (:func:`interruption`)."""
    return interruption(error) is not None


def stop_message(error: BaseException) -> tuple[str, int]:
    """What deckcli says as it ends for ``error``, an interruption, and its exit code: ``Aborted.`` and 130 for a
    Ctrl-C, ``Terminated (SIGTERM).`` and 143 for a SIGTERM (:class:`Terminated`)."""
    stop = interruption(error)
    if isinstance(stop, Terminated):
        return f"Terminated ({stop.name}).", stop.exit_code
    return "Aborted.", EXIT_INTERRUPTED
