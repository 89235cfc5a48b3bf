"""Loading the card catalog from its files: the packaged ``catalog/cards/*.toml`` and the player's own.

The catalog is data (one file per faction plus the neutral cards every
faction's set prints in its own colour). It is parsed once per process."""

from __future__ import annotations

import functools
import os
import tomllib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from deckcli.catalog.model import NEUTRAL, Card, Catalog, FactionSet
from deckcli.errors import CatalogError
from deckcli.files.toml_lines import toml_error_parts


def _card_from_entry(entry: dict, home: str) -> Card:
    return Card(
        name=entry["name"],
        kind=entry["kind"],
        home=home,
        strength=entry.get("strength"),
        rows=tuple(entry.get("rows", ())),
        abilities=tuple(entry.get("abilities", ())),
        group=entry.get("group"),
        side_deck_card=entry.get("side_deck_card"),
        side_deck=entry.get("side_deck", False),
        aliases=tuple(entry.get("aliases", ())),
        leader_ability=entry.get("leader_ability"),
        activation=entry.get("activation"),
    )


CATALOG_ENV = "DECKCLI_CATALOG"
"""Environment variable naming a folder of the player's own catalog files."""


def _parse_catalog_file(text: str, where: str, *, budget: bool = False) -> dict:
    """The TOML document in ``text``; with ``budget`` (a player's file), measured first (:mod:`deckcli.files.budget`)."""
    if budget:
        from deckcli.files.budget import check_toml_text

        check_toml_text(text, where, CatalogError)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        reason, line, column = toml_error_parts(str(error), text)
        raise CatalogError(f"catalog file is not valid TOML: {reason}", where=where, line=line, column=column) from None


def _entry_line(text: str, path: Iterable[object]) -> int | None:
    """The line of ``cards/N/KEY`` (or of the N-th ``[[cards]]`` header) in a catalog file, if it can be found."""
    parts = list(path)
    if len(parts) < 2 or parts[0] != "cards" or not isinstance(parts[1], int):
        return None
    wanted, key = parts[1] + 1, (str(parts[2]) if len(parts) > 2 else None)
    headers = 0
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("[[cards]]"):
            headers += 1
            if headers == wanted and key is None:
                return number
            if headers > wanted:
                break
        elif headers == wanted and stripped.split("=", 1)[0].strip().strip('"') == key:
            return number
    return None


def read_catalog_files(override: str | None = None) -> dict[str, dict]:
    """Parse every catalog file: file stem -> its TOML document.

    ``override`` is a folder of the player's own catalog files (same format as
    ``deckcli/catalog/cards/*.toml``): a file there replaces the packaged file of the same
    name (``skellige.toml``), so a player can correct a card or its copies
    without touching the code. Override files are checked against
    ``schemas/catalog.schema.json``. Raises :class:`CatalogError` (exit code 2)
    when a file cannot be read, is not TOML or does not fit the schema.
    """
    documents: dict[str, dict] = {}
    for entry in sorted(resources.files("deckcli.catalog").joinpath("cards").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            documents[entry.name[: -len(".toml")]] = _parse_catalog_file(entry.read_text("utf-8"), entry.name)
    if override:
        documents.update(_read_override(Path(override)))
    return documents


def _read_override(folder: Path) -> dict[str, dict]:
    from deckcli.errors import DeckFileError
    from deckcli.files.reading import decode_text, read_bytes
    from deckcli.files.schemas import packaged_schema, strict_validator_class
    from deckcli.text import printable

    if not folder.is_dir():
        raise CatalogError(f"{CATALOG_ENV} must name a folder of catalog files", where=str(folder))
    validator = strict_validator_class()(packaged_schema("catalog"))
    documents: dict[str, dict] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            text = decode_text(read_bytes(str(path), what="catalog file"), str(path))
        except DeckFileError as error:
            raise CatalogError(error.reason, where=str(path), line=error.line) from None
        document = _parse_catalog_file(text, str(path), budget=True)
        for error in validator.iter_errors(document):
            location = "/".join(str(p) for p in error.absolute_path) or "top level"
            raise CatalogError(
                f"not a catalog file ({location}): {printable(error.message, limit=200)}",
                where=str(path),
                line=_entry_line(text, error.absolute_path),
            )
        if document["faction"] != path.stem:
            raise CatalogError(
                f'faction = "{document["faction"]}" does not match the file name: '
                f'{path.stem}.toml must say faction = "{path.stem}"',
                where=str(path),
            )
        documents[path.stem] = document
    return documents


def build_catalog(documents: dict[str, dict]) -> Catalog:
    """Build a :class:`Catalog` from parsed catalog documents (``read_catalog_files`` shape).

    The ``neutral`` document's cards join every faction's set.
    Raises :class:`CatalogError` when a card name is defined twice.
    """
    cards: dict[str, Card] = {}
    own: dict[str, dict[str, int]] = {}
    names: dict[str, str] = {}
    for stem, document in documents.items():
        slug = document.get("faction", stem)
        names[slug] = document.get("name", slug)
        own[slug] = {}
        for entry in document.get("cards", []):
            card = _card_from_entry(entry, slug)
            if card.name in cards:
                raise CatalogError(f"card {card.name!r} is defined twice", where=f"{stem}.toml")
            cards[card.name] = card
            own[slug][card.name] = entry.get("copies", 1)
    neutral = own.pop(NEUTRAL, {})
    names.pop(NEUTRAL, None)
    factions = {
        slug: FactionSet(slug=slug, name=names[slug], copies={**copies, **neutral})
        for slug, copies in own.items()
    }
    return Catalog(cards=cards, factions=factions)


@functools.cache
def default_catalog() -> Catalog:
    """The catalog, parsed once per process: the packaged files, with the folder named
    by ``DECKCLI_CATALOG`` (if set) replacing files of the same name."""
    return build_catalog(read_catalog_files(os.environ.get(CATALOG_ENV) or None))
