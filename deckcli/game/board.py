"""A board file: a position on the table, as a player writes it down (the board file of issue 19).

```toml
weather = ["Biting Frost"]            # Weather Cards in the shared area
[me]
faction = "Northern Realms"
leader = "Foltest: King of Temeria"   # optional
close = ["Blue Stripes Commando", "Blue Stripes Commando", "Dandelion"]
ranged = []
siege = ["Catapult"]
horns = ["siege"]                     # rows holding a Special Commander's Horn
leader_horn = "close"                 # optional: the row a Horn Leader doubles this round
mardroeme = []                        # rows a Mardroeme Special Card lies on
discard = []                          # optional: the discard pile
[opponent]
faction = "Monsters"
close = ["Fiend"]
```

A card appears once per copy, in the row where it lies: an Agile unit where it was placed, a Decoy in its
row, a Spy on the side it was played onto. Names match as in deck files and resolve against that side's
faction set, then the other's. Each side's side deck is what its set prints of side-deck cards, less those
on the board (§2: they wait beside the play area).

:func:`read_board` gives the two :class:`deckcli.game.position.SidePosition` and the weather, which
:func:`deckcli.game.position.build_position` turns into a game. A board that cannot happen is refused with
the file's line: an unknown name (with "did you mean"), a unit on a row it cannot enter, a Special Card
other than a Decoy on a row, a Weather Card anywhere but ``weather``, more copies than the set prints, an
unknown key, a faction or Leader that does not exist or is another faction's.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.errors import BoardFileError, CardLookupError, DeckFileError
from deckcli.game.cards import ROW_NUMBERS
from deckcli.game.position import SidePosition

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog, FactionSet

SIDES = ("me", "opponent")
"""The two tables of a board file: player 0 and player 1 of the game built from it."""
TOP_KEYS = ("weather", *SIDES)
ROW_KEYS = ("close", "ranged", "siege")
SIDE_KEYS = ("faction", "leader", *ROW_KEYS, "horns", "leader_horn", "mardroeme", "discard")


class Board(NamedTuple):
    """A board file read: ``sides`` (``me``, ``opponent``), the Weather Cards in the shared area, each side's
    faction set, and ``where`` the file as messages name it."""

    where: str
    sides: tuple[SidePosition, SidePosition]
    weather: tuple[Card, ...]
    factions: tuple[FactionSet, FactionSet]


def read_board(path: str, catalog: Catalog) -> Board:
    """Read the board file at ``path`` (``-`` is standard input).

    Raises :class:`BoardFileError` (exit code 2) with the file and line for a file that cannot be read, is
    not TOML (or is over the input budget), or shows a position that cannot happen."""
    from deckcli.files.reading import display_path, read_bytes

    return parse_board(read_bytes(path, "board file"), display_path(path), catalog)


def parse_board(data: bytes, where: str, catalog: Catalog) -> Board:
    """A board file's bytes read as :func:`read_board` says."""
    from deckcli.files.reading import decode_text
    from deckcli.files.toml_lines import key_lines, parse_toml

    try:
        text = decode_text(data, where)
    except DeckFileError as error:  # the same reason, told of a board file
        raise BoardFileError(error.reason, where=where, line=error.line) from None
    document = parse_toml(text, where, error=BoardFileError)
    if "me" not in document and ("cards" in document or "decks" in document):
        raise BoardFileError("is a deck or registration file, not a board: a board file has a [me] table (you) and "
                             "an [opponent] table (docs/play.md)", where=where)
    reader = _Reader(where, key_lines(text), catalog)
    reader.known_keys(document, (), TOP_KEYS)
    tables = [reader.table(document, key) for key in SIDES]
    factions = (reader.faction(tables[0], "me"), reader.faction(tables[1], "opponent"))
    sides = (reader.side(tables[0], "me", factions, 0), reader.side(tables[1], "opponent", factions, 1))
    weather = tuple(reader.weather(document.get("weather", []), factions))
    reader.check_copies(factions)
    return Board(where, sides, weather, factions)


class _Reader:
    """The checks of one board file, each refusal with its key's line."""

    def __init__(self, where: str, lines: dict[tuple[str, ...], int], catalog: Catalog) -> None:
        self.where = where
        self.lines = lines
        self.catalog = catalog
        self.owned: list[Counter[str]] = [Counter(), Counter()]
        self.weather_seen: Counter[str] = Counter()

    def refuse(self, path: tuple[str, ...], reason: str) -> BoardFileError:
        line = None
        for end in range(len(path), 0, -1):
            line = self.lines.get(path[:end])
            if line is not None:
                break
        return BoardFileError(reason, where=self.where, line=line)

    def known_keys(self, table: dict[str, Any], path: tuple[str, ...], keys: tuple[str, ...]) -> None:
        from deckcli.catalog.names import suggest
        from deckcli.text import did_you_mean, printable

        for key in table:
            if key not in keys:
                close = suggest(key, {k: k for k in keys}, limit=1)
                where = f"[{path[0]}] " if path else ""
                raise self.refuse((*path, key), f"{where}unknown key {printable(key)!r}{did_you_mean(close)} "
                                  f"(a board file's keys{' here' if path else ''}: {', '.join(keys)})")

    def table(self, document: dict[str, Any], key: str) -> dict[str, Any]:
        value = document.get(key)
        if not isinstance(value, dict):
            said = "missing" if value is None else "not a table"
            raise self.refuse((key,), f"[{key}] is {said}: a board file has a [me] table (you) and an [opponent] "
                              "table, each with its faction")
        self.known_keys(value, (key,), SIDE_KEYS)
        return value

    def faction(self, table: dict[str, Any], key: str) -> FactionSet:
        from deckcli.catalog.names import fold, suggest
        from deckcli.text import did_you_mean, printable

        name = table.get("faction")
        if not isinstance(name, str):
            raise self.refuse((key, "faction"), f"[{key}] needs faction = \"NAME\" (one of "
                              f"{', '.join(f.name for f in self.catalog.factions.values())})")
        try:
            return self.catalog.faction(name)
        except KeyError:
            names = {fold(f.name): f.name for f in self.catalog.factions.values()}
            raise self.refuse((key, "faction"), f"{printable(name)!r} is not a faction"
                              f"{did_you_mean(suggest(name, names, limit=1))}") from None

    def names(self, table: dict[str, Any], path: tuple[str, ...]) -> list[str]:
        value = table.get(path[-1], [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.refuse(path, f"[{path[0]}] {path[-1]} must be a list of card names in quotes, "
                              f"like {path[-1]} = [\"Decoy\"]")
        return value

    def rows(self, table: dict[str, Any], path: tuple[str, ...]) -> list[int]:
        from deckcli.catalog.model import ROW_NAMES
        from deckcli.catalog.names import find_named
        from deckcli.text import printable

        value = table.get(path[-1], [])
        listed = [value] if path[-1] == "leader_horn" and isinstance(value, str) else value
        if not isinstance(listed, list) or not all(isinstance(item, str) for item in listed):
            shape = '"siege"' if path[-1] == "leader_horn" else '["siege"]'
            raise self.refuse(path, f"[{path[0]}] {path[-1]} names rows, like {path[-1]} = {shape}")
        rows = []
        for item in listed:
            code = find_named(item, ROW_NAMES)
            if code is None:
                raise self.refuse(path, f"{printable(item)!r} is not a row: write close, ranged or siege")
            if ROW_NUMBERS[code] in rows:
                raise self.refuse(path, f"[{path[0]}] {path[-1]} names {code} twice: one per row")
            rows.append(ROW_NUMBERS[code])
        return rows

    def card(self, name: str, path: tuple[str, ...], factions: tuple[FactionSet, FactionSet], side: int) -> tuple[Card, int]:
        """The card ``name`` means on ``side``'s table, and the side whose set it came from."""
        from deckcli.catalog.lookup import unknown_reason
        from deckcli.text import either, printable

        found = self.catalog.find(name)
        for owner in (side, 1 - side):
            printed = [card for card in found if card.name in factions[owner].copies]
            if len(printed) == 1:
                return printed[0], owner
        if not found:
            raise self.refuse(path, unknown_reason(name, self.catalog.suggest(name)))
        if len(found) > 1:
            raise self.refuse(path, f'"{printable(name)}" may mean {either([c.name for c in found])}: write the full name')
        raise self.refuse(path, f"{found[0].name} is in neither the {factions[side].name} nor the "
                          f"{factions[1 - side].name} set")

    def side(self, table: dict[str, Any], key: str, factions: tuple[FactionSet, FactionSet], side: int) -> SidePosition:
        from deckcli.catalog.lookup import lookup_leader
        from deckcli.catalog.model import ROW_NAMES

        leader = None
        if "leader" in table:
            if not isinstance(table["leader"], str):
                raise self.refuse((key, "leader"), f"[{key}] leader is one Leader's name in quotes")
            try:
                leader = lookup_leader(self.catalog, table["leader"], factions[side])
            except CardLookupError as error:
                raise self.refuse((key, "leader"), error.reason) from None
        rows: list[tuple[Card, ...]] = []
        for row_key in ROW_KEYS:
            lying = []
            for name in self.names(table, (key, row_key)):
                card, owner = self.card(name, (key, row_key), factions, side)
                if card.is_weather:
                    raise self.refuse((key, row_key), f"{card.name} is a Weather Card: it lies in the shared area, "
                                      f"weather = [\"{card.name}\"] at the top of the file")
                if card.is_leader:
                    raise self.refuse((key, row_key), f"{card.name} is a Leader: write it as leader = \"{card.name}\"")
                if card.is_special and "decoy" not in card.abilities:
                    where = {"horn": "horns", "mardroeme": "mardroeme"}.get(card.abilities[0] if card.abilities else "")
                    hint = f": write its row in {where} = [\"{row_key}\"]" if where else ": it never stays in a row"
                    raise self.refuse((key, row_key), f"{card.name} is a Special Card, and only a Decoy lies in a "
                                      f"row{hint}")
                if card.is_unit and row_key not in card.rows:
                    can = " or ".join(ROW_NAMES[row] for row in card.rows)
                    raise self.refuse((key, row_key), f"{card.name} cannot lie in {ROW_NAMES[row_key]}: it enters {can}")
                self.owned[owner][card.name] += 1
                lying.append(card)
            rows.append(tuple(lying))
        discard = []
        for name in self.names(table, (key, "discard")):
            card, owner = self.card(name, (key, "discard"), factions, side)
            if card.is_leader:
                raise self.refuse((key, "discard"), f"{card.name} is a Leader: a Leader never goes to a discard pile")
            self.owned[owner][card.name] += 1
            discard.append(card)
        horns = self.rows(table, (key, "horns"))
        leader_horn = self.rows(table, (key, "leader_horn"))
        if set(horns) & set(leader_horn):
            raise self.refuse((key, "leader_horn"), f"[{key}] a row holds one Horn: its leader_horn row has a "
                              "Commander's Horn in horns")
        mardroeme = self.rows(table, (key, "mardroeme"))
        self.owned[side]["Commander's Horn"] += len(horns)
        self.owned[side]["Mardroeme"] += len(mardroeme)
        return SidePosition(
            faction=factions[side].slug, leader=leader, rows=(rows[0], rows[1], rows[2]), horns=tuple(horns),
            leader_horn=leader_horn[0] if leader_horn else -1, mardroeme=tuple(mardroeme), discard=tuple(discard),
            side=self._side_deck(factions[side], [card.name for lying in rows for card in lying]),
        )

    def _side_deck(self, faction: FactionSet, on_board: list[str]) -> tuple[Card, ...]:
        left = Counter({name: copies for name, copies in faction.copies.items() if self.catalog.cards[name].side_deck})
        left.subtract(on_board)
        return tuple(self.catalog.cards[name] for name, copies in left.items() for _ in range(max(copies, 0)))

    def weather(self, value: Any, factions: tuple[FactionSet, FactionSet]) -> list[Card]:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.refuse(("weather",), 'weather must be a list of Weather Card names, like weather = ["Biting Frost"]')
        found = []
        for name in value:
            card, _ = self.card(name, ("weather",), factions, 0)
            if not card.is_weather:
                raise self.refuse(("weather",), f"{card.name} is not a Weather Card: only Weather Cards lie in the "
                                  "shared area")
            if "clear" in card.abilities:
                raise self.refuse(("weather",), "Clear Weather never stays in the shared area: it is discarded as it "
                                  "clears the weather (§12)")
            self.weather_seen[card.name] += 1
            found.append(card)
        return found

    def check_copies(self, factions: tuple[FactionSet, FactionSet]) -> None:
        for side, key in enumerate(SIDES):
            for name, count in self.owned[side].items():
                printed = factions[side].copies.get(name, 0)
                if count > printed:
                    raise self.refuse((key,), f"{count} copies of {name} on the board from the {factions[side].name} "
                                      f"set, which prints {printed}")
        for name, count in self.weather_seen.items():
            printed = sum(faction.copies.get(name, 0) for faction in factions)
            if count > printed:
                raise self.refuse(("weather",), f"{count} copies of {name} in the weather; the two sets print {printed}")
