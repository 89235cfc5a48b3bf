"""Reading a deck file: text -> TOML -> checked structure, with line numbers.

The deck file format is described in docs/deck-file.md. Nothing here
knows the catalog: names stay as the player typed them, with their lines."""

from __future__ import annotations

import functools
import re
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple, cast

from deckcli.errors import DeckFileError
from deckcli.files import schema_checks
from deckcli.files.budget import check_line_lengths
from deckcli.files.reading import decode_text, display_path, read_bytes
from deckcli.files.schemas import packaged_schema, strict_validator_class
from deckcli.files.simple_toml import read_simple_toml
from deckcli.files.toml_lines import key_lines, parse_toml
from deckcli.text import printable

if TYPE_CHECKING:
    from pathlib import Path

    from jsonschema.protocols import Validator

MAX_DISTINCT_NAMES = 1000


MAX_COPIES = 90
"""The largest count a deck file holds for one card: the largest faction set (deck.schema.json says the same)."""


KNOWN_KEYS = ("name", "faction", "leader", "cards", "side")


def meant_key(key: str) -> str | None:
    """The key of :data:`KNOWN_KEYS` a key deckcli does not use was most likely meant to be (``Cards``, ``card`` ->
    ``cards``; ``Leader`` -> ``leader``), or ``None`` when none is close."""
    import difflib

    if key.casefold() in KNOWN_KEYS:
        return key.casefold()
    close = difflib.get_close_matches(key.casefold(), KNOWN_KEYS, n=1, cutoff=0.75)
    return close[0] if close else None


class Entry(NamedTuple):
    """One ``name = copies`` line of ``[cards]`` or ``[side]``, as typed.

    ``line`` is 1-based, ``None`` when it cannot be placed.
    """

    name: str
    copies: int
    line: int | None
    section: str


class DeckFile(NamedTuple):
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
    document: Mapping[str, Any] = MappingProxyType({})


@functools.cache
def _deck_validator() -> Validator:
    return strict_validator_class()(packaged_schema("deck"))


def _shape_error(document: dict[str, Any], lines: dict[tuple[str, ...], int], where: str) -> None:
    check = schema_checks.fast_check("deck")
    if check is not None and check(document):
        return  # well shaped: jsonschema (imported only to word a finding) is not needed
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
        typed = next((key for key in document if key.casefold() == missing and key != missing), None)
        if typed is not None:
            line = lines.get((typed,))
            reason = f'no {missing}: "{printable(typed)}" must be written in lower case: {missing} = "..."'
    else:
        # The failing keyword's schema is an object of deck.schema.json (never a boolean schema).
        template = cast("dict[str, Any]", error.schema).get("x-message", error.message)
        key = f'"{printable(path[-1])}"' if len(path) > 1 else (path[0] if path else "")
        reason = template.format(key=key, value=_toml_repr(error.instance))
        if isinstance(error.instance, str) and error.instance.strip().isdigit() and len(path) > 1:
            reason += f"; remove the quotes: {key} = {error.instance.strip()}"
    others = sorted({lines[p] for e in errors[1:] if (p := tuple(str(q) for q in e.path)) in lines} - {line})
    if others:  # the first is worded; the rest are placed, so that one run finds them all
        shown = ", ".join(map(str, others[:8])) + (", …" if len(others) > 8 else "")
        reason += f" (and {len(others)} more {'line' if len(others) == 1 else 'lines'} to correct: {shown})"
    raise DeckFileError(reason, where=where, line=line)


_UNQUOTED_KEY = re.compile(r"^\s*(?P<key>[^\s\"'=#\[][^=\"]*?)\s*=\s*(?P<value>\d+)\s*(?:#.*)?$")
_UNQUOTED_VALUE = re.compile(r"^\s*(?P<key>name|faction|leader)\s*=\s*(?P<value>[^\s\"'\[#][^#]*?)\s*(?:#.*)?$", re.IGNORECASE)


def _toml_hint(text: str, line: int | None) -> str:
    """What to write instead of the line TOML refused, for the mistakes players make most: an unquoted
    card name (``Blue Stripes Commando = 3``) or an unquoted faction, name or Leader."""
    if line is None:
        return ""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return ""
    typed = lines[line - 1]
    key = _UNQUOTED_KEY.match(typed)
    if key and not re.fullmatch(r"[A-Za-z0-9_-]+", key["key"]):
        return f'write card names in quotes: "{printable(key["key"])}" = {key["value"]}'
    value = _UNQUOTED_VALUE.match(typed)
    if value:
        return f'write the text in quotes: {value["key"]} = "{printable(value["value"])}"'
    return ""


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
    check_line_lengths(text, where, DeckFileError)  # the one bound of the input budget a plain deck file can break
    simple = read_simple_toml(text)  # most deck files: read with their lines in one pass, no tomllib
    if simple is not None:
        document, known_lines = simple
    else:
        known_lines = None
        try:
            document = parse_toml(text, where)
        except DeckFileError as error:
            # A syntax error may be a name typed without quotes; a refusal of the input budget never is.
            hint = "" if "; write" in error.reason or "input budget" in error.reason else _toml_hint(text, error.line)
            if hint:
                raise DeckFileError(f"{error.reason}; {hint}", where=where, line=error.line, column=error.column) from None
            raise
    if "faction" not in document and "decks" in document:
        raise DeckFileError("is a Tournament registration, not a deck: give it alone to deckcli tournament", where=where)
    names = _name_count(document)
    if names > MAX_DISTINCT_NAMES:
        raise DeckFileError(
            f"lists {names} different card names; a deck file holds at most {MAX_DISTINCT_NAMES}",
            where=where,
        )
    try:
        lines = known_lines if known_lines is not None else key_lines(text)
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
