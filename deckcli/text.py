"""Text helpers every layer shares: counts with their nouns, spoken lists, safe one-line names, JSON."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from typing import Any


def to_json(document: Any) -> str:
    """Pretty, stable JSON with UTF-8 names kept readable."""
    return json.dumps(document, indent=2, ensure_ascii=False)


def counted(count: int, singular: str, plural: str) -> str:
    """A count with its noun: ``counted(1, "card", "cards")`` is "1 card", ``counted(2, …)`` "2 cards"."""
    return f"{count} {singular if count == 1 else plural}"


def spoken(words: Iterable[object], conjunction: str = "and") -> str:
    """Words as a sentence lists them: ``a``, ``a and b``, ``a, b and c`` (``conjunction`` may be ``or``)."""
    texts = [str(word) for word in words]
    if len(texts) < 3:
        return f" {conjunction} ".join(texts)
    return ", ".join(texts[:-1]) + f" {conjunction} " + texts[-1]


def either(names: list[str]) -> str:
    """``A``, ``A or B``, ``A, B or C``."""
    return spoken(names, "or")


def did_you_mean(names: list[str], ending: str = "; ") -> str:
    """The ending of a message about a name that matches nothing: ``"; did you mean A or B?"``.

    ``names`` are the close names, best first; empty when nothing is close, and
    then the ending is empty too. ``ending`` is what comes before the question.
    """
    return f"{ending}did you mean {either(names)}?" if names else ""


def printable(text: str, limit: int | None = 80) -> str:
    """``text`` made safe for a one-line message: control characters escaped, cut to ``limit`` (``None``: whole)."""
    head = text if limit is None else text[: limit + 1]
    # isprintable() is false for every control, format, private-use and unassigned character (and more):
    # when it holds, nothing here needs escaping (the common case, checked at C speed).
    shown = head if head.isprintable() else "".join(
        c if not unicodedata.category(c).startswith("C") else c.encode("unicode_escape").decode("ascii")
        for c in head
    )
    return shown[:limit] + "…" if limit is not None and len(shown) > limit else shown
