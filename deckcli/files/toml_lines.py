"""Where each key of a TOML document stands: the line numbers tomllib does not give.

``tomllib`` parses without positions, yet a player needs to hear "line 12".
:func:`key_lines` walks the text once and records the line of every key path
written on a single line (``[cards]`` then ``"Decoy" = 2`` gives
``("cards", "Decoy") -> line``; dotted keys and inline tables work too).
:func:`toml_error_parts` splits tomllib's error text into reason, line and column.
"""

from __future__ import annotations

import re
from typing import Any

from deckcli.errors import DeckcliError, DeckFileError
from deckcli.text import printable

_SIMPLE_KEY = re.compile(r"""\s*(?:"([^"\\]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=""")


_HEADER = re.compile(r"\s*\[")


_BARE_HEADER = re.compile(r"\s*\[\s*([A-Za-z0-9_-]+)\s*\]\s*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?")
"""``[cards]``, ``[side]``: a table header whose one bare key needs no TOML parser to read."""


_POSITION = re.compile(r"\(at line (?P<line>\d+), column (?P<column>\d+)\)")


def _leaves(document: dict[str, Any], prefix: tuple[str, ...]) -> list[tuple[str, ...]]:
    paths: list[tuple[str, ...]] = []
    for key, value in document.items():
        path = (*prefix, key)
        paths.append(path)
        if isinstance(value, dict):
            paths.extend(_leaves(value, path))
    return paths


def key_lines(text: str, *, arrays: bool = False) -> dict[tuple[str, ...], int]:
    """Map each key path written in ``text`` to its 1-based line number.

    Only the first occurrence of a path is kept. Lines that hold part of a
    multi-line value are passed over; a key that cannot be placed is simply
    absent, so callers treat the line as unknown. With ``arrays``, each table
    of an array of tables is told apart by its index, as text: the second
    ``[[players]]`` and its ``faction`` are ``("players", "1")`` and
    ``("players", "1", "faction")``, a ``[[team_a.players]]`` under it
    ``("team_a", "players", "0")`` (an array's index is counted over the whole
    file, so an array nested in another array's tables is not told apart).
    """
    import tomllib  # imported here: a plain deck file never needs it (deckcli.files.simple_toml)

    lines: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    counts: dict[tuple[str, ...], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        bare = _BARE_HEADER.fullmatch(line)
        if bare:
            table = (bare[1],)
            lines.setdefault(table, number)
            continue
        if _HEADER.match(line):
            try:
                parsed = tomllib.loads(stripped.replace("[[", "[").replace("]]", "]"))
            except tomllib.TOMLDecodeError:
                continue
            paths = _leaves(parsed, ())
            table = paths[-1] if paths else ()
            if arrays:
                table = _indexed(table, stripped.startswith("[["), counts)
            lines.setdefault(table, number)
            continue
        simple = _SIMPLE_KEY.match(line)
        if simple and "\\" not in line.split("=", 1)[0]:
            key = next(group for group in simple.groups() if group is not None)
            lines.setdefault((*table, key), number)
            continue
        if "=" not in stripped:  # no key here (a line of a multi-line string or list): no parse attempt
            continue
        try:
            parsed = tomllib.loads(stripped)
        except tomllib.TOMLDecodeError:
            continue
        for path in _leaves(parsed, table):
            lines.setdefault(path, number)
    return lines


def _indexed(path: tuple[str, ...], array: bool, counts: dict[tuple[str, ...], int]) -> tuple[str, ...]:
    """``path``, a table header's, with the index of each array of tables it passes through (and, for an ``array``
    header, of the new table it opens, counted in ``counts``)."""
    found: list[str] = []
    for end in range(1, len(path) + 1):
        found.append(path[end - 1])
        if array and end == len(path):
            counts[path] = counts.get(path, 0) + 1
        if path[:end] in counts:
            found.append(str(counts[path[:end]] - 1))
    return tuple(found)


_LIST_BLANKS = re.compile(r"(?:[ \t\r\n,]++|#[^\n]*+)*+")
"""What lies between the items of a list: white space, newlines, commas and comments."""


def list_item_positions(text: str, line: int, key: str) -> list[tuple[int, int]]:
    """The 1-based ``(line, column)`` of each string item of the list ``key = [...]`` whose key is on ``line``.

    ``text`` is a document tomllib has read; the list may run over several lines, with comments. The items
    are read in order up to the first that is not a string (the caller places the rest at the key's line);
    the result is empty when ``key = [`` is not written on ``line`` (an inline table further on, say).
    Linear in the length of the list.
    """
    from deckcli.files.budget import TOML_STRING

    start = 0
    for _ in range(line - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return []
    end = text.find("\n", start)
    quoted = re.escape(key)
    opening = re.compile(rf"""(?:^|[\s{{,.]){quoted}[ \t]*=[ \t]*\[|(?:^|[\s{{,.])(["']){quoted}\1[ \t]*=[ \t]*\[""", re.M)
    found = opening.search(text, start, end if end >= 0 else len(text))
    if found is None:
        return []
    positions: list[tuple[int, int]] = []
    pos, line_start = found.end(), start
    while True:
        after = _LIST_BLANKS.match(text, pos)
        assert after is not None  # the pattern matches the empty string
        newlines = text.count("\n", pos, after.end())
        if newlines:
            line += newlines
            line_start = text.rfind("\n", pos, after.end()) + 1
        pos = after.end()
        item = TOML_STRING.match(text, pos)
        if item is None:
            return positions
        positions.append((line, pos - line_start + 1))
        newlines = text.count("\n", pos, item.end())
        if newlines:
            line += newlines
            line_start = text.rfind("\n", pos, item.end()) + 1
        pos = item.end()


def toml_error_parts(message: str, text: str) -> tuple[str, int | None, int | None]:
    """Split tomllib's ``reason (at line L, column C)`` into its three parts.

    A quoted string left open (``"Clan Brokvar Archer = 2``), which tomllib tells as
    ``Illegal character '\\n'`` or as a quote expected at the end of the file, is
    told as such, at its opening quote, with the line to write instead.
    """
    if message.startswith(("Illegal character '\\n'", "Illegal character '\\r'", "Unterminated string",
                           'Expected "\'"', "Expected '\"'")):
        open_string = _open_string(text, _POSITION.search(message))
        if open_string is not None:
            return open_string
    if message.endswith("(at end of document)"):
        last_line = text.rsplit("\n", 1)[-1]
        reason = message[: -len("(at end of document)")].strip() + " at the end of the file"
        return reason, text.count("\n") + 1, len(last_line) + 1
    found = _POSITION.search(message)
    if not found:
        return message, None, None
    reason = message[: found.start()].strip()
    line = int(found["line"])
    if reason.startswith("Cannot overwrite a value"):
        reason = "this key is already set above (write each key, and each card, once)"
    elif reason.startswith("Cannot declare"):
        reason = "this table is already declared above (one [cards] and one [side] per file)"
    lines = text.splitlines()
    written = lines[line - 1] if 0 < line <= len(lines) else ""
    if any(quote in written for quote in "“”„"):
        reason += '; write names in straight quotes ("), not curly ones (“ ”)'
    return reason, line, int(found["column"])


_OPEN_KEY = re.compile(r"^(?P<indent>\s*)(?P<quote>[\"'])(?P<name>[^\"'=]*?)\s*=\s*(?P<value>\S.*)$")
"""A line whose key's quote is not closed: ``"Clan Brokvar Archer = 2`` (the closing quote belongs before ``=``)."""


def _open_string(text: str, position: re.Match[str] | None) -> tuple[str, int, int] | None:
    """``(reason, line, column)`` of the first one-line string ``text`` leaves open, on the line ``position``
    names (tomllib's ``(at line L, …)``) or, without one, on any line; ``None`` when none is found."""
    lines = text.split("\n")
    numbers = [int(position["line"])] if position else range(1, len(lines) + 1)
    for number in numbers:
        written = lines[number - 1].rstrip("\r") if 0 < number <= len(lines) else ""
        column = _open_quote(written)
        if column is None or (position is None and _in_multiline_string(lines[: number - 1])):
            continue
        quote = written[column - 1]
        key = _OPEN_KEY.match(written)
        fixed = f"{key['indent']}{quote}{key['name']}{quote} = {key['value']}" if key else f"{written}{quote}"
        reason = f"the string opened by {quote} is not closed on its line; write: {printable(fixed)}"
        return reason, number, column
    return None


def _open_quote(line: str) -> int | None:
    """The 1-based column of a quote that opens a one-line string ``line`` never closes, else ``None``."""
    at = 0
    while at < len(line):
        char = line[at]
        if char == "#":
            return None
        if line.startswith(('"""', "'''"), at):
            return None  # a multi-line string: it may close lines later
        if char in "\"'":
            end = at + 1
            while end < len(line) and line[end] != char:
                end += 2 if char == '"' and line[end] == "\\" else 1
            if end >= len(line):
                return at + 1
            at = end
        at += 1
    return None


def _in_multiline_string(before: list[str]) -> bool:
    """Whether the lines ``before`` leave a multi-line string (three quotes) open."""
    joined = "\n".join(before)
    return joined.count('"""') % 2 == 1 or joined.count("'''") % 2 == 1


def parse_toml(
    text: str, where: str, *, error: type[DeckcliError] = DeckFileError, subject: str = "", budget: bool = True,
) -> dict[str, Any]:
    """Parse TOML 1.0 after measuring it against the input budget (:mod:`deckcli.files.budget`).

    Raises ``error`` (a :class:`DeckFileError` unless told otherwise, e.g. a
    catalog file's error) with line and column on a syntax error, its reason
    starting with ``subject`` ("catalog file is "), or for anything over the
    budget (too deep, a key of too many parts, a number of too many digits, too
    long a line, too many keys and values). ``budget`` ``False`` skips the
    measure for a file deckcli ships itself.
    """
    import tomllib

    from deckcli.files.budget import check_toml_text

    if budget:
        check_toml_text(text, where, error)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as failure:
        reason, line, column = toml_error_parts(str(failure), text)
        raise error(f"{subject}not valid TOML: {reason}", where=where, line=line, column=column) from None
    except RecursionError:
        raise error("holds tables or lists nested hundreds of levels deep: not a deck file", where=where) from None
