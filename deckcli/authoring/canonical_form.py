"""The canonical form of a deck file, for ``deckcli fmt`` (and the files ``import`` writes).

Canonical means: the catalog spelling of the faction, the Leader and every card;
two entries meaning the same card merged into one (copies added up); cards in
``[cards]`` and ``[side]`` ordered by kind, row, Strength (strongest first) and
name (:func:`deckcli.catalog.ordering.deck_order`), each key in double quotes. Comments
and keys deckcli does not know are kept: the file is edited with tomlkit, which
preserves them. A comment line above a card moves with that card; an inline
comment stays on its card's line. Names that match no card, or several, are
left as they are, after the others. A byte-order mark and CRLF line ends stay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from deckcli.catalog.loading import default_catalog
from deckcli.catalog.model import Card, Catalog
from deckcli.catalog.ordering import deck_order
from deckcli.deck.reading import MAX_COPIES, parse_deck
from deckcli.deck.resolution import resolve_deck
from deckcli.errors import EXIT_ILLEGAL, EXIT_OK, DeckFileError
from deckcli.files.budget import check_toml_text
from deckcli.files.reading import byte_order_mark, display_path, read_bytes
from deckcli.files.toml_text import toml_key, toml_string
from deckcli.findings import Finding
from deckcli.rules.judging import unresolved_findings

SECTIONS = ("cards", "side")


@dataclass
class Formatted:
    """One deck file in canonical form.

    ``text`` is the canonical text (a byte-order mark included when the file
    had one); ``changed`` whether it differs from the file; ``warnings`` the
    names left as typed because they match no card or several; ``original``
    the file's bytes it was made from.
    """

    where: str
    text: str
    changed: bool
    warnings: list[Finding] = field(default_factory=list)
    original: bytes = b""

    def status(self, check: bool) -> str | None:
        """``FILE: reformatted`` (``would be reformatted`` with ``check``), or ``None`` when the file was canonical."""
        if not self.changed:
            return None
        return f"{self.where}: {'would be reformatted' if check else 'reformatted'}"

    def exit_code(self, check: bool) -> int:
        """1 when ``check`` finds the file not canonical (``fmt --check``), else 0."""
        return EXIT_ILLEGAL if check and self.changed else EXIT_OK


def format_deck(data: bytes, where: str, catalog: Catalog | None = None) -> Formatted:
    """Put the deck file ``data`` (its bytes) in canonical form; ``where`` names it in messages.

    Raises :class:`DeckFileError` (exit code 2) when the bytes are not a deck
    file, tomlkit cannot edit them, or ``[cards]`` / ``[side]`` is written as
    dotted keys that cannot be reordered.
    """
    import tomlkit

    catalog = catalog or default_catalog()
    resolved = resolve_deck(parse_deck(data, where), catalog)
    bom = byte_order_mark(data)
    original = data.decode("utf-8-sig")
    crlf = "\r\n" in original
    # tomlkit is slower than tomllib by far (dotted keys cost it the square of their number): the tighter
    # editing budget, once parse_deck has said what is wrong with the deck itself.
    check_toml_text(original, where, DeckFileError, editing=True)
    try:
        document = tomlkit.parse(original.replace("\r\n", "\n"))
    except tomlkit.exceptions.TOMLKitError as error:  # a corner of TOML tomllib reads and tomlkit does not
        raise DeckFileError(f"fmt cannot edit this file: {error}", where=where) from None
    except RecursionError:  # the last line behind the budget
        raise DeckFileError("fmt cannot edit this file: nested too deeply", where=where) from None
    _set_string(document, "faction", resolved.faction.name)
    _canonical_leader(document, catalog)
    for section in SECTIONS:
        if section in document:
            placed = resolved.main if section == "cards" else resolved.side
            last_lines = {name: card.lines[-1] for name, card in placed.items()}
            document[section] = _canonical_table(document[section], catalog, where, section, last_lines)
    _spaced_keys(document)
    text = tomlkit.dumps(document)
    text = bom + (text.replace("\n", "\r\n") if crlf else text)
    return Formatted(where, text, text != bom + original, unresolved_findings(resolved), data)


def format_file(path: str, *, catalog: Catalog | None = None) -> Formatted:
    """Read the deck file at ``path`` (``-`` is standard input) and put it in canonical form; nothing is written.

    ``fmt`` says what it will do, then rewrites the file itself
    (:func:`deckcli.files.safe_write.rewrite_text`, which keeps its mode, owner and links). Raises
    :class:`DeckFileError` for a file that is not a deck.
    """
    return format_deck(read_bytes(path), display_path(path), catalog)


def canonical_text(text: str, where: str, catalog: Catalog | None = None) -> str:
    """``text`` (a deck file) in canonical form. Raises :class:`DeckFileError` as :func:`format_deck`."""
    return format_deck(text.encode("utf-8"), where, catalog).text


def _unique_card(catalog: Catalog, name: str) -> Card | None:
    found = catalog.find(name)
    return found[0] if len(found) == 1 else None


def _spaced_keys(document: Any) -> None:
    """``faction="Skellige"`` and ``leader  =  "…"`` written ``key = value``, as the cards are (quoting kept)."""
    from tomlkit.items import AoT, SingleKey, Table

    for index, (key, item) in enumerate(document.body):
        if isinstance(key, SingleKey) and not isinstance(item, (Table, AoT)) and key.sep != " = ":
            document.body[index] = (SingleKey(key.key, t=key.t, sep=" = "), item)


def _set_string(document: Any, key: str, value: str) -> None:
    """Replace a top-level string, keeping its inline comment."""
    if key not in document or document[key] == value:
        return
    trivia = document[key].trivia
    document[key] = toml_string(value)
    document[key].trivia.comment_ws, document[key].trivia.comment = trivia.comment_ws, trivia.comment


def _canonical_leader(document: Any, catalog: Catalog) -> None:
    leader = document.get("leader")
    if isinstance(leader, str):
        card = _unique_card(catalog, leader)
        if card is not None:
            _set_string(document, "leader", card.name)
    elif isinstance(leader, list):
        for index, name in enumerate(list(leader)):
            card = _unique_card(catalog, name)
            if card is not None and card.name != name:
                leader[index] = toml_string(card.name)


@dataclass
class _Entry:
    name: str
    key: Any
    copies: int
    comments: list[Any]
    inline: list[tuple[str, str]]
    card: Card | None


def _canonical_table(table: Any, catalog: Catalog, where: str, section: str, last_lines: dict[str, int | None]) -> Any:
    from tomlkit.items import Comment, InlineTable, Table, Whitespace

    if not isinstance(table, (Table, InlineTable)) or (isinstance(table, Table) and table.is_super_table()):
        raise DeckFileError(
            f"fmt cannot reorder [{section}] written as dotted keys or in several parts: "
            f"write it as one [{section}] table",
            where=where,
        )
    entries: dict[str, _Entry] = {}
    pending: list[Any] = []
    tail = ""
    for key, item in table.value.body:
        if isinstance(item, Whitespace):
            tail += item.s
            continue
        tail = ""
        if isinstance(item, Comment):
            pending.append(item)
            continue
        _add_entry(entries, key, item, pending, catalog)
        pending = []
    for entry in entries.values():
        if entry.copies > MAX_COPIES:
            raise DeckFileError(
                f"{entry.name}: {entry.copies} copies once its lines are merged; a deck file holds at most "
                f"{MAX_COPIES}: nothing rewritten, fix the counts by hand",
                where=where,
                line=last_lines.get(entry.name),
            )
    known = sorted((e for e in entries.values() if e.card), key=lambda e: deck_order(cast(Card, e.card)))
    unknown = [e for e in entries.values() if e.card is None]
    return _build_table(table, [*known, *unknown], pending, tail)


def _add_entry(entries: dict[str, _Entry], key: Any, item: Any, comments: list[Any], catalog: Catalog) -> None:
    card = _unique_card(catalog, key.key)
    name = card.name if card else key.key
    inline = [(item.trivia.comment_ws, item.trivia.comment)] if item.trivia.comment else []
    entry = entries.get(name) if card else None
    if entry is None:
        entries[name if card else f"\0{len(entries)}"] = _Entry(name, key, int(item), list(comments), inline, card)
        return
    entry.copies += int(item)
    entry.comments += comments
    entry.inline += inline


def _build_table(old: Any, entries: list[_Entry], trailing: list[Any], tail: str) -> Any:
    import tomlkit
    from tomlkit.container import Container
    from tomlkit.items import InlineTable, Table, Whitespace

    inline_table = isinstance(old, InlineTable)
    new = InlineTable(Container(), old.trivia) if inline_table else Table(Container(), old.trivia, False)
    for entry in entries:
        for comment in entry.comments:
            new.add(comment)
        # An inline comment stays on its line; those of merged duplicates move above it.
        for _ws, extra in entry.inline[1:]:
            new.add(tomlkit.comment(extra.lstrip("#").strip()))
        value = tomlkit.integer(entry.copies)
        if entry.inline and not inline_table:
            value.trivia.comment_ws, value.trivia.comment = entry.inline[0]
        key = toml_key(entry.name) if entry.card else entry.key
        new.add(key, value)
    for comment in trailing:
        new.add(comment)
    if tail and not inline_table:
        new.add(Whitespace(tail))
    return new
