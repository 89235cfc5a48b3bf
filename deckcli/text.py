"""Text helpers every layer shares: counts with their nouns, spoken lists, safe one-line names, JSON."""

from __future__ import annotations

import json
import unicodedata
from typing import Any


def to_json(document: Any) -> str:
    """Pretty, stable JSON with UTF-8 names kept readable."""
    return json.dumps(document, indent=2, ensure_ascii=False)


def counted(count: int, singular: str, plural: str) -> str:
    """A count with its noun: ``counted(1, "card", "cards")`` is "1 card", ``counted(2, …)`` "2 cards"."""
    return f"{count} {singular if count == 1 else plural}"


def spoken(words: Any, conjunction: str = "and") -> str:
    """Words as a sentence lists them: ``a``, ``a and b``, ``a, b and c`` (``conjunction`` may be ``or``)."""
    words = [str(word) for word in words]
    if len(words) < 3:
        return f" {conjunction} ".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]


def either(names: list[str]) -> str:
    """``A``, ``A or B``, ``A, B or C``."""
    return spoken(names, "or")


def printable(text: str, limit: int = 80) -> str:
    """``text`` made safe for a one-line message: control characters escaped, cut to ``limit``."""
    head = text[: limit + 1]
    # isprintable() is false for every control, format, private-use and unassigned character (and more):
    # when it holds, nothing here needs escaping (the common case, checked at C speed).
    shown = head if head.isprintable() else "".join(
        c if not unicodedata.category(c).startswith("C") else c.encode("unicode_escape").decode("ascii")
        for c in head
    )
    return shown[:limit] + "…" if len(shown) > limit else shown
