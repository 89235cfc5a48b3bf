"""Reading a deck file: bytes -> TOML -> checked structure, with line numbers.

The deck file format is described in DESIGN.md and README.md. Nothing here
knows the catalog: names stay as the player typed them, with their lines.
"""

from __future__ import annotations

import functools
import os
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from deckcli.errors import DeckFileError
from deckcli.jsonschemas import strict_validator_class
from deckcli.names import printable
from deckcli.schema_files import packaged_schema
from deckcli.tomlkeys import key_lines, toml_error_parts

STDIN = "-"
MAX_FILE_BYTES = 1024 * 1024
MAX_DISTINCT_NAMES = 1000
MAX_COPIES = 90
"""The largest count a deck file holds for one card: the largest faction set (deck.schema.json says the same)."""
KNOWN_KEYS = ("name", "faction", "leader", "cards", "side")


@dataclass(frozen=True)
class Entry:
    """One ``name = copies`` line of ``[cards]`` or ``[side]``, as typed.

    ``line`` is 1-based, ``None`` when it cannot be placed.
    """

    name: str
    copies: int
    line: int | None
    section: str


@dataclass(frozen=True)
class DeckFile:
    """A deck file read and checked for shape, names not yet resolved.

    ``where`` is the path as the player gave it (``<stdin>`` for ``-``);
    ``leaders`` holds each ``leader`` name with its line, as an :class:`Entry`
    of one copy (a blank name names no Leader); ``leader_line`` is the line of
    the ``leader`` key; ``extra_keys`` the top-level keys deckcli does not use.
    """

    where: str
    faction: str
    faction_line: int | None
    name: str | None = None
    leaders: tuple[Entry, ...] = ()
    leader_line: int | None = None
    cards: tuple[Entry, ...] = ()
    side: tuple[Entry, ...] = ()
    extra_keys: tuple[tuple[str, int | None], ...] = ()
    document: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


def display_path(path: str) -> str:
    """How a path is shown in messages (``-`` is standard input)."""
    if path == STDIN:
        return "<stdin>"
    return printable(path, limit=240) if path else "''"


def file_identity(path: str) -> object:
    """What makes two paths one file: device and inode (hard links, symbolic links, ``./``), else the real path."""
    if path == STDIN:
        return path
    try:
        found = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return (found.st_dev, found.st_ino)


def first_repeat(paths: Sequence[str]) -> tuple[int, int] | None:
    """The positions ``(earlier, later)`` of the first path naming a file an earlier one names, or ``None``."""
    seen: dict[object, int] = {}
    for index, path in enumerate(paths):
        identity = file_identity(path)
        if identity in seen:
            return seen[identity], index
        seen[identity] = index
    return None


def read_bytes(path: str, what: str = "deck file") -> bytes:
    """Read a file (``-`` is standard input), at most :data:`MAX_FILE_BYTES`.

    ``what`` names the kind of file expected, for the messages. Raises
    :class:`DeckFileError` for a missing file, a directory, a file that cannot
    be read or one that is too large, naming the file.
    """
    where = display_path(path)
    try:
        if path == STDIN:
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        reason = "is a link to a missing file" if os.path.islink(path) else "no such file"
        raise DeckFileError(reason, where=where) from None
    except IsADirectoryError:
        raise DeckFileError(f"is a folder, not a {what}", where=where) from None
    except PermissionError:
        raise DeckFileError("cannot be read: permission denied", where=where) from None
    except OSError as error:
        raise DeckFileError(f"cannot be read: {error.strerror or error}", where=where) from None
    if len(data) > MAX_FILE_BYTES:
        raise DeckFileError(f"is larger than 1 MiB: not a {what}", where=where)
    return data


def decode_text(data: bytes, where: str) -> str:
    """Decode UTF-8 (a byte-order mark is dropped). Raises :class:`DeckFileError` with the line."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or _looks_like_utf16(data[:200]):
        raise DeckFileError("is not UTF-8 text (it looks like UTF-16); save it as UTF-8", where=where, line=1)
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise DeckFileError("holds NUL bytes: not a text file", where=where, line=line)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise DeckFileError(
            f"is not UTF-8 text (byte 0x{data[error.start]:02x}); save it as UTF-8",
            where=where,
            line=line,
        ) from None


def _looks_like_utf16(head: bytes) -> bool:
    """Text in UTF-16 has a NUL in every other byte when it is mostly ASCII."""
    odd, even = head[1::2].count(0), head[0::2].count(0)
    return len(head) >= 4 and ((odd > len(head) // 4 and even == 0) or (even > len(head) // 4 and odd == 0))


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """Parse TOML 1.0. Raises :class:`DeckFileError` with line and column on a syntax error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        reason, line, column = toml_error_parts(str(error), text)
        raise DeckFileError(f"not valid TOML: {reason}", where=where, line=line, column=column) from None
    except RecursionError:
        raise DeckFileError("holds tables or lists nested hundreds of levels deep: not a deck file", where=where) from None


@functools.cache
def _deck_validator() -> Any:
    return strict_validator_class()(packaged_schema("deck"))


def _shape_error(document: dict[str, Any], lines: dict[tuple[str, ...], int], where: str) -> None:
    errors = sorted(
        _deck_validator().iter_errors(document),
        key=lambda e: (lines.get(tuple(str(p) for p in e.path), 0), list(e.path)),
    )
    if not errors:
        return
    error = errors[0]
    path = tuple(str(p) for p in error.path)
    line = lines.get(path) or (lines.get(path[:1]) if path else None)
    if error.validator == "required":
        missing = error.message.split("'")[1]
        reason = f'no {missing}: add a line such as {missing} = "Northern Realms"'
    else:
        template = error.schema.get("x-message", error.message)
        key = f'"{printable(path[-1])}"' if len(path) > 1 else (path[0] if path else "")
        reason = template.format(key=key, value=_toml_repr(error.instance))
    raise DeckFileError(reason, where=where, line=line)


def _toml_repr(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{printable(value)}"'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def parse_deck(data: bytes, where: str) -> DeckFile:
    """Turn a deck file's bytes into a :class:`DeckFile`.

    Raises :class:`DeckFileError` (exit code 2) naming ``where`` and the line
    when the bytes are not UTF-8, not TOML, or not shaped like a deck.
    """
    text = decode_text(data, where)
    document = parse_toml(text, where)
    if "faction" not in document and "decks" in document:
        raise DeckFileError("is a Tournament registration, not a deck: give it alone to deckcli tournament", where=where)
    names = _name_count(document)
    if names > MAX_DISTINCT_NAMES:
        raise DeckFileError(
            f"lists {names} different card names; a deck file holds at most {MAX_DISTINCT_NAMES}",
            where=where,
        )
    try:
        lines = key_lines(text)
        _shape_error(document, lines, where)
    except RecursionError:
        raise DeckFileError("holds tables or lists nested hundreds of levels deep: not a deck file", where=where) from None
    leader = document.get("leader", [])
    leaders = [name for name in ([leader] if isinstance(leader, str) else leader) if name.strip()]
    return DeckFile(
        where=where,
        faction=document["faction"],
        faction_line=lines.get(("faction",)),
        name=document.get("name"),
        leaders=tuple(Entry(name, 1, lines.get(("leader",)), "leader") for name in leaders),
        leader_line=lines.get(("leader",)),
        cards=_entries(document, "cards", lines),
        side=_entries(document, "side", lines),
        extra_keys=tuple((key, lines.get((key,))) for key in document if key not in KNOWN_KEYS),
        document=document,
    )


def _name_count(document: dict[str, Any]) -> int:
    """Names in ``[cards]``, ``[side]`` and ``leader``: each one is looked up in the catalog.

    Counted before the shape check, so that a huge file is refused before
    anything works through its entries; values of the wrong type count as one.
    """
    sizes = [document.get(key) for key in ("cards", "side", "leader")]
    return sum(len(value) if isinstance(value, (dict, list)) else 1 for value in sizes if value is not None)


def _entries(document: dict[str, Any], section: str, lines: dict[tuple[str, ...], int]) -> tuple[Entry, ...]:
    table = document.get(section, {})
    return tuple(
        Entry(name, copies, lines.get((section, name)), section) for name, copies in table.items()
    )


def load_deck(path: str | Path) -> DeckFile:
    """Read and parse the deck file at ``path`` (``-`` is standard input).

    Raises :class:`DeckFileError` (exit code 2) with a one-line reason.
    """
    path = str(path)
    return parse_deck(read_bytes(path), display_path(path))
