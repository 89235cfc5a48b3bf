"""Loading the card catalog from its files: the packaged ``catalog/cards/*.toml`` and the player's own.

The catalog is data (one file per faction plus the neutral cards every
faction's set prints in its own colour). It is parsed once per process."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from deckcli.catalog.model import NEUTRAL, Card, Catalog, FactionSet
from deckcli.errors import CatalogError

if TYPE_CHECKING:
    from pathlib import Path

CARDS_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cards")
"""The packaged catalog files, read by path (importlib.resources costs more to import than they cost to read)."""
PACKAGED_CARDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "packaged_cards.py")
"""The prebuilt catalog module :func:`packaged_cards_source` writes (``python tools/generate.py``)."""


def _card_from_entry(entry: dict[str, Any], home: str) -> Card:
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
        copies_reconstructed=entry.get("copies_reconstructed", False),
    )


CATALOG_ENV = "DECKCLI_CATALOG"
"""Environment variable naming a folder of the player's own catalog files."""


def _parse_catalog_file(text: str, where: str, *, budget: bool = False) -> dict[str, Any]:
    """The TOML document in ``text``; with ``budget`` (a player's file), measured first (:mod:`deckcli.files.budget`)."""
    from deckcli.files.toml_lines import parse_toml

    return parse_toml(text, where, error=CatalogError, subject="catalog file is ", budget=budget)


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


def read_catalog_files(override: str | None = None) -> dict[str, dict[str, Any]]:
    """Parse every catalog file: file stem -> its TOML document.

    ``override`` is a folder of the player's own catalog files (same format as
    ``deckcli/catalog/cards/*.toml``): a file there replaces the packaged file of the same
    name (``skellige.toml``), so a player can correct a card or its copies
    without touching the code. Override files are checked against
    ``schemas/catalog.schema.json``. Raises :class:`CatalogError` (exit code 2)
    when a file cannot be read, is not TOML or does not fit the schema.
    """
    from importlib import resources
    from pathlib import Path

    documents: dict[str, dict[str, Any]] = {}
    for entry in sorted(resources.files("deckcli.catalog").joinpath("cards").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            documents[entry.name[: -len(".toml")]] = _parse_catalog_file(entry.read_text("utf-8"), entry.name)
    if override:
        documents.update(_read_override(Path(override)))
    return documents


def _read_override(folder: Path) -> dict[str, dict[str, Any]]:
    from deckcli.errors import DeckFileError
    from deckcli.files.reading import decode_text, read_bytes
    from deckcli.files.schemas import packaged_schema, strict_validator_class
    from deckcli.text import printable

    if not folder.is_dir():
        raise CatalogError(f"{CATALOG_ENV} must name a folder of catalog files", where=str(folder))
    validator = strict_validator_class()(packaged_schema("catalog"))
    documents: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            text = decode_text(read_bytes(str(path), what="catalog file", regular=True), str(path))
        except DeckFileError as unreadable:
            raise CatalogError(unreadable.reason, where=str(path), line=unreadable.line) from None
        document = _parse_catalog_file(text, str(path), budget=True)
        for error in validator.iter_errors(document):
            location = "/".join(str(p) for p in error.absolute_path) or "top level"
            raise CatalogError(
                f"not a catalog file ({location}): {_catalog_reason(error)}",
                where=str(path),
                line=_entry_line(text, error.absolute_path),
            )
        if document["faction"] != path.stem:
            raise CatalogError(
                f'faction = "{document["faction"]}" does not match the file name: '
                f'{path.stem}.toml must say faction = "{path.stem}"',
                where=str(path),
            )
        _refuse_names_folding_to_nothing(document, text, str(path))
        documents[path.stem] = document
    return documents


def _refuse_names_folding_to_nothing(document: dict[str, Any], text: str, where: str) -> None:
    """Refuse a faction name, card name or alias with nothing left once folded (``--``, ``\'\'\'``, a zero-width
    space): a blank name in a deck (``"" = 1``) would then mean that card. Raises :class:`CatalogError` with its line."""
    from deckcli.catalog.names import fold
    from deckcli.text import printable

    def refuse(spelling: str, at: list[object], line: int | None) -> None:
        location = "/".join(str(part) for part in at)
        raise CatalogError(
            f'not a catalog file ({location}): "{printable(spelling)}" is no name once case, spaces, apostrophes, '
            "dashes and invisible characters are set aside (a blank name in a deck would mean it): give it a "
            "letter or a digit",
            where=where, line=line,
        )

    if not fold(document["name"]):
        refuse(document["name"], ["name"], _top_line(text, "name"))
    for index, card in enumerate(document["cards"]):
        for key, spellings in (("name", [card["name"]]), ("aliases", card.get("aliases", []))):
            for spelling in spellings:
                if not fold(spelling):
                    refuse(spelling, ["cards", index, key], _entry_line(text, ["cards", index, key]))


def _top_line(text: str, key: str) -> int | None:
    """The line of the top-level ``key = …`` of a catalog file (before its first table), if it is there."""
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            return None
        if stripped.split("=", 1)[0].strip().strip('"') == key:
            return number
    return None


def _catalog_reason(error: Any) -> str:
    """The catalog schema's own words for a broken rule (``x-message``), else jsonschema's, made printable."""
    from deckcli.text import printable

    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "not" and isinstance(schema.get("not"), dict):
        schema = schema["not"]
    return str(schema.get("x-message") or printable(error.message, limit=200))


def build_catalog(documents: dict[str, dict[str, Any]]) -> Catalog:
    """Build a :class:`Catalog` from parsed catalog documents (``read_catalog_files`` shape).

    The ``neutral`` document's cards join every faction's set.
    Raises :class:`CatalogError` when a card name is defined twice, or a Summon or Berserker card's
    ``side_deck_card`` is no card of the catalog.
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
    for card in cards.values():
        if card.side_deck_card is not None and card.side_deck_card not in cards:
            raise CatalogError(f"card {card.name!r}: its side_deck_card {card.side_deck_card!r} is no card of the "
                               "catalog", where=f"{card.home}.toml")
    neutral = own.pop(NEUTRAL, {})
    names.pop(NEUTRAL, None)
    factions = {
        slug: FactionSet(slug=slug, name=names[slug], copies={**copies, **neutral})
        for slug, copies in own.items()
    }
    return Catalog(cards=cards, factions=factions)


@functools.cache
def default_catalog() -> Catalog:
    """The catalog, built once per process: the packaged files, with the folder named
    by ``DECKCLI_CATALOG`` (if set) replacing files of the same name.

    The packaged files come parsed at build time (:mod:`deckcli.catalog.packaged_cards`)
    while they are unchanged; with ``DECKCLI_CATALOG``, the parsed and checked files
    come from the user's cache folder while no file has changed (:func:`cached_documents`).
    Raises :class:`CatalogError` (exit code 2) as :func:`read_catalog_files` does.
    """
    override = os.environ.get(CATALOG_ENV) or None
    if override is None:
        documents = packaged_documents()
        return build_catalog(documents if documents is not None else read_catalog_files())
    return cached_catalog(override)


# --- the packaged files, parsed at build time -------------------------------------------------------


def _packaged_files() -> dict[str, bytes] | None:
    """The bytes of every packaged catalog file by file name, sorted; ``None`` when they cannot be read by path."""
    try:
        found: dict[str, bytes] = {}
        for name in sorted(os.listdir(CARDS_FOLDER)):
            if name.endswith(".toml"):
                with open(os.path.join(CARDS_FOLDER, name), "rb") as handle:
                    found[name] = handle.read()
        return found
    except OSError:
        return None


def _fingerprints(files: dict[str, bytes]) -> dict[str, tuple[int, int]]:
    """Each file's size and CRC-32: what the prebuilt module remembers of the files it was built from."""
    import zlib

    return {name: (len(data), zlib.crc32(data)) for name, data in files.items()}


def packaged_documents() -> dict[str, dict[str, Any]] | None:
    """The packaged catalog files as :func:`read_catalog_files` parses them, from :mod:`deckcli.catalog.packaged_cards`.

    ``None`` when any packaged file differs from the one the module was built
    from (a card file edited in a checkout): then the files are parsed.
    """
    from deckcli.catalog.packaged_cards import DOCUMENTS, SOURCES

    files = _packaged_files()
    if files is None or _fingerprints(files) != SOURCES:
        return None
    return DOCUMENTS


def packaged_cards_source() -> str:
    """The text of :mod:`deckcli.catalog.packaged_cards`, built from the packaged catalog files as they are now."""
    import pprint

    sources = _fingerprints(_packaged_files() or {})
    documents = read_catalog_files()
    return (
        '"""GENERATED from deckcli/catalog/cards/*.toml by python tools/generate.py: do not edit.\n\n'
        "DOCUMENTS is what read_catalog_files() parses from those files; SOURCES the size and\n"
        'CRC-32 of each file it was built from (it is used only while every file still matches)."""\n\n'
        "from __future__ import annotations\n\n"
        "from typing import Any\n\n"
        f"SOURCES: dict[str, tuple[int, int]] = {pprint.pformat(sources, sort_dicts=False)}\n\n"
        f"DOCUMENTS: dict[str, dict[str, Any]] = {pprint.pformat(documents, width=110, sort_dicts=False)}\n"
    )


# --- the player's own catalog files, parsed and checked once, kept in the user's cache folder -------

CACHE_FORMAT = 2
"""Bump when the cached record changes shape: older cache files are then rebuilt."""


def cached_catalog(override: str) -> Catalog:
    """The catalog built from :func:`cached_documents`, its names checked (:meth:`Catalog.check_names`). A cached
    record that cannot be built (damaged, yet under the right key and checksum) is not used: the files are read
    and checked again, and the record rewritten.

    Raises :class:`CatalogError` as :func:`read_catalog_files` does.
    """
    try:
        catalog = build_catalog(cached_documents(override))
        catalog.check_names()
    except (CatalogError, LookupError, TypeError, ValueError, AttributeError):
        catalog = build_catalog(cached_documents(override, cached=False))  # the files' own error, if they have one
        catalog.check_names()
    return catalog


def cached_documents(override: str, *, cached: bool = True) -> dict[str, dict[str, Any]]:
    """:func:`read_catalog_files` with ``override``, from the user's cache folder while no catalog file has changed.

    The cache file is keyed by deckcli's version, the Python that wrote it and
    the bytes of every packaged and override catalog file: it is used only when
    all of them are the same now and the documents still have the checksum they
    were written with; otherwise (or when it cannot be read, or ``cached`` is
    false) the files are parsed and checked again and the cache rewritten
    atomically. Failing to write it is not an error. Raises :class:`CatalogError`
    as :func:`read_catalog_files` does.
    """
    key = _cache_key(override)
    if key is None:
        return read_catalog_files(override)  # a folder that cannot be listed: let the reader say why
    path = _cache_path(key)
    found = _read_cache(path, key) if cached else None
    if found is not None:
        return found
    documents = read_catalog_files(override)
    _write_cache(path, key, documents)
    return documents


def _cache_key(override: str) -> tuple[Any, ...] | None:
    """What a cache record must have been written under: the record's format, deckcli's version, the Python
    and every catalog file's bytes; ``None`` when the files cannot be listed."""
    import sys

    from deckcli import __version__

    sources = _catalog_sources(override)
    return None if sources is None else (CACHE_FORMAT, __version__, sys.version, sources)


def _catalog_sources(override: str) -> list[tuple[str, bytes | None]] | None:
    """Every file that :func:`read_catalog_files` reads with ``override``, with its bytes (``None``: unreadable)."""
    from deckcli.errors import DeckFileError
    from deckcli.files.reading import read_bytes

    packaged = _packaged_files()
    if packaged is None:
        return None
    sources: list[tuple[str, bytes | None]] = [(f"packaged/{name}", data) for name, data in packaged.items()]
    try:
        names = sorted(name for name in os.listdir(override) if name.endswith(".toml"))
    except OSError:
        return None
    for name in names:
        try:  # the same bounded read as the files' own: never more than 1 MiB, never a pipe or a device
            data: bytes | None = read_bytes(os.path.join(override, name), what="catalog file", regular=True)
        except DeckFileError:
            data = None  # read_catalog_files says why
        sources.append((os.path.join(os.path.abspath(override), name), data))
    return sources


def _cache_path(key: tuple[Any, ...]) -> str:
    """``<user cache folder>/deckcli/catalog-<version>-<CRC-32 of the key>.marshal``."""
    import marshal
    import zlib

    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("deckcli"), f"catalog-{key[1]}-{zlib.crc32(marshal.dumps(key)):08x}.marshal")


def _read_cache(path: str, key: tuple[Any, ...]) -> dict[str, dict[str, Any]] | None:
    """The documents cached at ``path`` under exactly ``key``; ``None`` when missing, unreadable, another key's,
    or damaged (the CRC-32 of the documents' bytes, kept beside them, no longer matches)."""
    import marshal
    import zlib

    try:
        with open(path, "rb") as handle:
            record = marshal.loads(handle.read(MAX_CACHE_BYTES + 1))
        if not (isinstance(record, tuple) and len(record) == 3 and record[0] == key and isinstance(record[2], bytes)):
            return None
        if zlib.crc32(record[2]) != record[1]:
            return None
        documents = marshal.loads(record[2])
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return documents if isinstance(documents, dict) else None


MAX_CACHE_BYTES = 64 * 1024 * 1024
"""The largest cache record read back: every catalog file at its 1 MiB limit, with room to spare."""


def _write_cache(path: str, key: tuple[Any, ...], documents: dict[str, dict[str, Any]]) -> None:
    """Write the record atomically (a temporary file renamed over ``path``); give up quietly on any failure.

    Not :func:`deckcli.files.safe_write.write_text`: this is no file of the
    player's, and a cache that cannot be written is simply not used.
    """
    import marshal
    import zlib

    try:
        payload = marshal.dumps(documents)  # ValueError for a TOML date, which marshal cannot keep
    except ValueError:
        return
    data = marshal.dumps((key, zlib.crc32(payload), payload))
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "xb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass
