"""The card catalog: every card of the five faction sets of the physical edition.

The catalog is data (``deckcli/cards/*.toml``, one file per faction plus the
neutral cards every faction's set prints in its own colour). It is parsed once
per process and cached. A faction's *set* is its own cards plus the neutral
ones; ``copies`` is always "copies printed in one faction's set" (rulebook §1).
"""

from __future__ import annotations

import functools
import os
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from deckcli.errors import CatalogError
from deckcli.names import fold, head, suggest
from deckcli.tomlkeys import toml_error_parts

KINDS = ("leader", "unit", "hero", "special", "weather")
ROWS = ("close", "ranged", "siege")
ROW_NAMES = {"close": "Close Combat", "ranged": "Ranged Combat", "siege": "Siege"}
NEUTRAL = "neutral"


@dataclass(frozen=True)
class Card:
    """One distinct card.

    ``strength`` is the printed Strength (``None`` for Leaders, Special and
    Weather Cards); ``rows`` the rows it may enter (Agile: Close and Ranged);
    ``group`` its Muster or Tight Bond group; ``side_deck_card`` the side-deck
    card its Summon or Berserker ability brings; ``home`` the faction slug, or
    ``"neutral"`` for cards every set prints.
    """

    name: str
    kind: str
    home: str
    strength: int | None = None
    rows: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    group: str | None = None
    side_deck_card: str | None = None
    side_deck: bool = False
    aliases: tuple[str, ...] = ()
    leader_ability: str | None = None
    activation: str | None = None

    @property
    def is_leader(self) -> bool:
        return self.kind == "leader"

    @property
    def is_unit(self) -> bool:
        """Heroes are Unit Cards too (rulebook §2)."""
        return self.kind in ("unit", "hero")

    @property
    def is_hero(self) -> bool:
        return self.kind == "hero"

    @property
    def is_special(self) -> bool:
        """Weather Cards are Special Cards too (rulebook §5, §12)."""
        return self.kind in ("special", "weather")

    @property
    def is_weather(self) -> bool:
        return self.kind == "weather"

    def has(self, ability: str) -> bool:
        """Whether the card carries ``ability`` (``"scorch"`` also matches row-limited Scorch)."""
        return any(a == ability or a.startswith(ability + "-") for a in self.abilities)


@dataclass(frozen=True)
class FactionSet:
    """One faction's set: ``copies`` maps card name to copies printed in that set."""

    slug: str
    name: str
    copies: dict[str, int] = field(hash=False)

    @property
    def size(self) -> int:
        """Cards in the set, counting copies, Leaders and side-deck cards."""
        return sum(self.copies.values())


@dataclass(frozen=True)
class Catalog:
    """Every card by name, and every faction's set by slug."""

    cards: dict[str, Card]
    factions: dict[str, FactionSet]

    @functools.cached_property
    def _by_key(self) -> dict[str, Card]:
        keys: dict[str, Card] = {}
        for card in self.cards.values():
            for spelling in (card.name, *card.aliases):
                keys[fold(spelling)] = card
        return keys

    @functools.cached_property
    def _by_head(self) -> dict[str, list[Card]]:
        heads: dict[str, list[Card]] = {}
        for card in self.cards.values():
            key = fold(card.name)
            if ": " in key:
                heads.setdefault(head(key), []).append(card)
        return heads

    @functools.cached_property
    def display_names(self) -> dict[str, str]:
        """Folded key -> display name of every card (the pool for "did you mean")."""
        return {fold(c.name): c.name for c in self.cards.values()}

    def find(self, name: str) -> list[Card]:
        """Return every card ``name`` may mean: one card, several (ambiguous) or none.

        An exact match (after :func:`deckcli.names.fold`) or an alias wins. Otherwise
        the name is compared with the part of each card name before its colon, so
        ``Eredin Bréacc Glas`` finds ``Eredin Bréacc Glas: The Treacherous`` and
        ``Foltest`` finds all five Foltest Leaders.
        """
        key = fold(name)
        exact = self._by_key.get(key)
        if exact is not None:
            return [exact]
        return list(self._by_head.get(key, ()))

    def suggest(self, name: str) -> list[str]:
        """Up to three catalog names close to ``name``, best first."""
        return suggest(name, self.display_names)

    def faction(self, name: str) -> FactionSet:
        """Return the faction set ``name`` means (display name or slug, any case or apostrophe).

        Raises ``KeyError`` with the known names when nothing matches.
        """
        key = fold(name).replace("-", " ").replace("'", "")
        for faction in self.factions.values():
            if key in (fold(faction.name).replace("'", ""), faction.slug.replace("-", " ")):
                return faction
        raise KeyError(name)

    def in_set(self, card: Card, faction: FactionSet) -> int:
        """Copies of ``card`` in ``faction``'s set (0 when that set does not print it)."""
        return faction.copies.get(card.name, 0)

    def sets_printing(self, card: Card) -> list[tuple[FactionSet, int]]:
        """Every faction set that prints ``card``, with its copies there."""
        return [(f, f.copies[card.name]) for f in self.factions.values() if card.name in f.copies]


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


def _parse_catalog_file(text: str, where: str) -> dict:
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
    ``deckcli/cards/*.toml``): a file there replaces the packaged file of the same
    name (``skellige.toml``), so a player can correct a card or its copies
    without touching the code. Override files are checked against
    ``schemas/catalog.schema.json``. Raises :class:`CatalogError` (exit code 2)
    when a file cannot be read, is not TOML or does not fit the schema.
    """
    documents: dict[str, dict] = {}
    for entry in sorted(resources.files("deckcli.cards").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            documents[entry.name[: -len(".toml")]] = _parse_catalog_file(entry.read_text("utf-8"), entry.name)
    if override:
        documents.update(_read_override(Path(override)))
    return documents


def _read_override(folder: Path) -> dict[str, dict]:
    from deckcli.jsonschemas import strict_validator_class
    from deckcli.schema_files import packaged_schema

    if not folder.is_dir():
        raise CatalogError(f"{CATALOG_ENV} must name a folder of catalog files", where=str(folder))
    validator = strict_validator_class()(packaged_schema("catalog"))
    documents: dict[str, dict] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CatalogError(f"cannot be read as UTF-8 text: {error}", where=str(path)) from None
        document = _parse_catalog_file(text, str(path))
        for error in validator.iter_errors(document):
            location = "/".join(str(p) for p in error.absolute_path) or "top level"
            raise CatalogError(
                f"not a catalog file ({location}): {error.message}", where=str(path), line=_entry_line(text, error.absolute_path)
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
