"""Editing the copies of cards, and the Leader, in a deck file, comments and order kept (``add``, ``remove``, ``fix --apply``).

The file is edited with tomlkit, which keeps every comment, blank line and key
the player wrote. A card's line is found by the card it means (any spelling
the catalog resolves to that card), so ``"blue stripes commando" = 2`` is the
line of Blue Stripes Commando. Setting a card to 0 copies deletes its line;
a card the section lacks is added at its end, in the catalog spelling, and a
file that was in canonical form (``deckcli fmt``) is put in it again
(:func:`in_form_of`): the card goes to its place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from deckcli.deck.reading import MAX_COPIES
from deckcli.errors import DeckFileError

if TYPE_CHECKING:
    from deckcli.catalog.model import Catalog

SECTIONS = ("cards", "side")
"""The deck-file tables that hold card copies: the main deck and the side deck (rulebook §2)."""


def set_copies(text: str, where: str, catalog: Catalog, changes: Mapping[tuple[str, str], int]) -> str:
    """``text`` (a deck file) with each ``(section, card name) -> copies`` of ``changes`` applied.

    ``section`` is ``"cards"`` or ``"side"``; ``card name`` the catalog name;
    ``copies`` the new count (0 deletes the card's lines; several lines naming
    one card become one). Raises :class:`DeckFileError` (exit code 2) when the
    text is not TOML tomlkit can edit, when a section is written as dotted keys
    or in several parts, or when a count is outside 0–90.
    """
    document, crlf = _parsed(text, where)
    for (section, card), copies in changes.items():
        if section not in SECTIONS:
            raise ValueError(f"unknown section {section!r}")
        if not 0 <= copies <= MAX_COPIES:
            raise DeckFileError(f"{card}: {copies} copies; a deck file holds 0 to {MAX_COPIES}", where=where)
        table = _section_table(document, section, where, create=copies > 0)
        if table is not None:
            _set(table, card, copies, catalog)
    return in_form_of(text, _written(document, crlf), where, catalog)


def in_form_of(before: str, after: str, where: str, catalog: Catalog | None = None) -> str:
    """``after`` (``before`` edited) in canonical form (:mod:`deckcli.authoring.canonical_form`, ``deckcli fmt``)
    when ``before`` was in it: a deck ``fmt --check`` accepts stays accepted after ``add``, ``remove``, ``fix
    --apply`` or ``tune --apply`` (a card added goes to its place, not to the end). A deck in an order of its own
    keeps it. Raises nothing: a text canonical form cannot be made of stays as it is."""
    from deckcli.authoring.canonical_form import format_deck
    from deckcli.errors import DeckcliError

    try:
        if format_deck(before.encode("utf-8"), where, catalog).changed:
            return after
        return format_deck(after.encode("utf-8"), where, catalog).text
    except DeckcliError:
        return after


def set_leader(text: str, where: str, leader: str) -> str:
    """``text`` (a deck file) with ``leader = "LEADER"``: the ``leader`` key's value replaced (its comment kept),
    else the key added after ``faction``. Raises :class:`DeckFileError` as :func:`set_copies` does."""
    document, crlf = _parsed(text, where)
    if "leader" in document:
        document["leader"] = leader
    elif "faction" in document:
        placed = _line_after_faction(text.replace("\r\n", "\n"), leader)
        if placed is not None:
            return in_form_of(text, placed.replace("\n", "\r\n") if crlf else placed, where)
        document.add("leader", leader)
    else:
        document.add("leader", leader)
    return in_form_of(text, _written(document, crlf), where)


def _line_after_faction(text: str, leader: str) -> str | None:
    """``text`` with a ``leader = "LEADER"`` line inserted after the line of the top-level ``faction`` key, or
    ``None`` when that line cannot be told (a value over several lines, a key written unusually): the caller
    then lets tomlkit place the key. Text is edited, not tomlkit's tree, since tomlkit has no public way to
    place a key; the result is parsed again and must hold exactly the old keys and the new one."""
    import tomllib

    import tomlkit

    from deckcli.files.toml_lines import key_lines

    line = key_lines(text).get(("faction",))
    if line is None:
        return None
    lines = text.split("\n")
    if line >= len(lines) + 1:
        return None
    from deckcli.files.toml_text import toml_string

    written = tomlkit.dumps({"leader": toml_string(leader)})
    edited = "\n".join([*lines[:line], written.rstrip("\n"), *lines[line:]])
    try:
        before, after = tomllib.loads(text), tomllib.loads(edited)
    except tomllib.TOMLDecodeError:
        return None
    return edited if after == {**before, "leader": leader} else None


def _parsed(text: str, where: str) -> tuple[Any, bool]:
    """The tomlkit document of ``text`` and whether its lines end in CRLF (kept, as fmt keeps them)."""
    import tomlkit

    from deckcli.files.budget import check_toml_text

    check_toml_text(text, where, DeckFileError, editing=True)
    try:
        return tomlkit.parse(text.replace("\r\n", "\n")), "\r\n" in text
    except tomlkit.exceptions.TOMLKitError as error:
        raise DeckFileError(f"cannot edit this file: {error}", where=where) from None
    except RecursionError:
        raise DeckFileError("holds tables or lists nested too deeply to edit", where=where) from None


def _written(document: Any, crlf: bool) -> str:
    import tomlkit

    edited = tomlkit.dumps(document)
    return edited.replace("\n", "\r\n") if crlf else edited


def _section_table(document: Any, section: str, where: str, create: bool) -> Any:
    from tomlkit.items import InlineTable, Table

    if section not in document:
        if not create:
            return None
        document.add(section, tomlkit_table())
    table = document[section]
    if not isinstance(table, (Table, InlineTable)) or (isinstance(table, Table) and table.is_super_table()):
        raise DeckFileError(
            f"cannot edit [{section}] written as dotted keys or in several parts: write it as one [{section}] table",
            where=where,
        )
    return table


def tomlkit_table() -> Any:
    """An empty standard table (``[side]``), as tomlkit writes a new one."""
    import tomlkit

    return tomlkit.table()


def _set(table: Any, card: str, copies: int, catalog: Catalog) -> None:
    keys = [key for key in list(table.keys()) if _means(catalog, key, card)]
    for key in keys[1:]:
        del table[key]
    if copies == 0:
        if keys:
            del table[keys[0]]
    elif keys:
        table[keys[0]] = copies
    else:
        from deckcli.files.toml_text import toml_key

        table.add(toml_key(card), copies)


def _means(catalog: Catalog, key: str, card: str) -> bool:
    found = catalog.find(key)
    return len(found) == 1 and found[0].name == card
