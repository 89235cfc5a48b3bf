"""Text helpers every layer shares: counts with their nouns, spoken lists, safe one-line names, JSON."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any


def to_json(document: Any) -> str:
    """Pretty, stable JSON with UTF-8 names kept readable, and every character :func:`shown` escapes written as a
    ``\\u`` escape (``"\\u009b"``, ``"\\u202e"``): the same text to a JSON reader, nothing a terminal acts on."""
    return escaped_lines(json.dumps(document, indent=2, ensure_ascii=False), _json_escape)


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


def columns(text: str) -> int:
    """The columns ``text`` (one line) takes on a terminal: 2 for a wide character (East Asian Wide or Fullwidth:
    CJK, most emoji such as 🃏), 0 for a combining mark or a format character, 1 for any other."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def wrapped(text: str, width: int, subsequent_indent: str = "") -> list[str]:
    """``text`` (one line) as lines of at most ``width`` columns (:func:`columns`, not characters), broken only
    between words (a word wider than ``width`` stays whole on a line of its own); continuation lines start with
    ``subsequent_indent``. Text of no wide or zero-width character is wrapped by :mod:`textwrap` itself."""
    import re
    import textwrap

    if columns(text) == len(text):  # no wide or zero-width character: a character is a column
        return textwrap.wrap(text, width, subsequent_indent=subsequent_indent, break_long_words=False,
                             break_on_hyphens=False)
    lines: list[str] = []
    spaces = "[\t\n\x0b\x0c\r ]+"  # textwrap's white space: a no-break space joins, as there
    lead = re.match(spaces, text)
    line = ""
    for word in (word for word in re.split(spaces, text) if word):
        joined = f"{line} {word}" if line else (lead.group() if lead else "") + word
        if line and columns(joined) > width:
            lines.append(line)
            line = subsequent_indent + word
        else:
            line = joined
    return [*lines, line] if line else lines


def printable(text: str, limit: int | None = 80) -> str:
    """``text`` made safe for a one-line message: control characters escaped, cut to ``limit`` (``None``: whole)."""
    head = text if limit is None else text[: limit + 1]
    safe = escaped(head, _python_escape)
    return safe[:limit] + "…" if limit is not None and len(safe) > limit else safe


def shown(text: str) -> str:
    """``text`` as it may be written to a terminal: the one escaping of deckcli's output boundary.

    Every character :func:`escaped` names (C0 and C1 controls such as ESC and CSI, bidi overrides and the
    other format characters, surrogates, private-use and unassigned code points) is written as Python
    writes it in a string (``\\x1b``, ``\\x9b``, ``\\u202e``), except the line breaks and tabs the output is
    laid out with. Text already shown comes back unchanged.
    """
    return escaped_lines(text, _python_escape, keep="\t")


def escaped(text: str, escape: Callable[[str], str], keep: str = "") -> str:
    """``text`` with each character of Unicode's "other" categories (Cc, Cf, Cs, Co, Cn), those that are not
    printable, replaced by ``escape(character)``; the characters of ``keep`` stay as they are."""
    # isprintable() is false for exactly those characters (and for none else but the spaces other than " "):
    # when it holds, nothing here needs escaping (the common case, checked at C speed).
    if text.isprintable():
        return text
    return "".join(c if c in keep or not unicodedata.category(c).startswith("C") else escape(c) for c in text)


def escaped_lines(text: str, escape: Callable[[str], str], keep: str = "") -> str:
    """:func:`escaped` over each line of ``text``, its line breaks kept; a line needing nothing is not rebuilt."""
    if text.isprintable():
        return text
    return "\n".join(line if line.isprintable() else escaped(line, escape, keep) for line in text.split("\n"))


def _python_escape(character: str) -> str:
    return character.encode("unicode_escape", "backslashreplace").decode("ascii")


def _json_escape(character: str) -> str:
    code = ord(character)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def toml_escape(character: str) -> str:
    """``character`` as a TOML basic string writes it escaped (``\\u009B``, ``\\U000E0001``); a surrogate, which TOML
    cannot hold at all, as the replacement character."""
    code = ord(character)
    if 0xD800 <= code <= 0xDFFF:
        return "\\uFFFD"
    return f"\\u{code:04X}" if code < 0x10000 else f"\\U{code:08X}"
