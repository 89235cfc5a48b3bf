"""The record every stage passes on: one thing to tell the player about a deck."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple


class Finding(NamedTuple):
    """One thing to tell the player about a deck.

    ``code`` is stable (kebab-case); ``message`` carries the numbers; ``line``
    is the deck file line it is about, ``card`` the card name involved.
    ``short`` is the finding in a few words ("7 Specials (5 allowed)") when the
    rule gives one (``x-short``); ``item`` the offending list item of an
    ``x-each`` rule (a lineup finding's decks are there).
    """

    code: str
    message: str
    line: int | None = None
    card: str | None = None
    short: str | None = None
    item: Mapping[str, Any] | None = None

    def as_dict(self) -> dict[str, object]:
        """The finding as a JSON object, without empty ``line`` / ``card``."""
        record: dict[str, object] = {"code": self.code, "message": self.message}
        if self.line is not None:
            record["line"] = self.line
        if self.card is not None:
            record["card"] = self.card
        return record
