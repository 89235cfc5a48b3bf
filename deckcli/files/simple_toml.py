"""Reading the plain TOML most deck files are written in, with the line of every key, in one pass.

A deck file is usually a few ``key = "text"`` lines, a ``[cards]`` table of
``"Card Name" = 3`` lines and maybe a ``[side]`` table. :func:`read_simple_toml`
reads exactly that much TOML (bare or quoted keys without escapes, strings
without escapes, decimal integers, ``[table]`` headers, comments, blank
lines, LF or CRLF) and gives up, returning ``None``, on anything else: then
tomllib parses the text and :func:`deckcli.files.toml_lines.key_lines` finds
the lines, as for every file before. What it accepts, it reads as tomllib
and ``key_lines`` do (``tests/files/test_simple_toml.py`` compares them); a
repeated key or table is left to tomllib, which words the error.
"""

from __future__ import annotations

import re
from typing import Any

_NOT_CONTROL = r"[^\x00-\x08\x0a-\x1f\x7f"
_LINE = re.compile(
    rf"""
    [ \t]*
    (?:
        \[ [ \t]* (?P<table>[A-Za-z0-9_-]+) [ \t]* \]
    |
        (?: (?P<bare>[A-Za-z0-9_-]+) | "(?P<quoted>{_NOT_CONTROL}"\\]*)" )
        [ \t]* = [ \t]*
        (?: "(?P<text>{_NOT_CONTROL}"\\]*)" | (?P<number>[+-]?(?:0|[1-9][0-9]{{0,17}})) )
    )?
    [ \t]*
    (?:\#{_NOT_CONTROL}]*)?
    """,
    re.VERBOSE,
)
"""One line: a header, a key and its value, or nothing; then maybe a comment. Tabs are TOML white space."""
_OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
"""Where ``str.splitlines()`` (and so ``key_lines``) ends a line and TOML does not: such a text is left to them."""


def read_simple_toml(text: str) -> tuple[dict[str, Any], dict[tuple[str, ...], int]] | None:
    """``(document, key lines)`` of ``text`` when it is plain TOML (see the module), else ``None``.

    ``document`` is what ``tomllib.loads(text)`` gives; the key lines map each
    key path (``("cards", "Decoy")``, a header's ``("cards",)``) to its 1-based
    line, as ``key_lines(text)`` does.
    """
    if _OTHER_BREAKS.search(text):
        return None
    document: dict[str, Any] = {}
    lines: dict[tuple[str, ...], int] = {}
    table = document
    path: tuple[str, ...] = ()
    written = text.split("\n")
    last = len(written)
    for number, line in enumerate(written, start=1):
        if number < last and line.endswith("\r"):
            line = line[:-1]  # CRLF; a lone CR is no line end in TOML, and fails the match below
        found = _LINE.fullmatch(line)
        if found is None:
            return None
        name = found["table"]
        if name is not None:
            if name in document:
                return None  # a table declared twice, or a key that is a table too: tomllib says which
            table = document[name] = {}
            path = (name,)
            lines[path] = number
            continue
        key = found["bare"] if found["bare"] is not None else found["quoted"]
        if key is None:
            continue  # a blank line or a comment
        if key in table:
            return None
        table[key] = found["text"] if found["text"] is not None else int(found["number"])
        lines[(*path, key)] = number
    return document, lines
