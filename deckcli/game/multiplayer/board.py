"""A Free For All or two versus two board file: the table written down by the players, read into a
:class:`~deckcli.game.multiplayer.table.Table` (``deckcli score``). The format (docs/play.md, "Free For All and
two versus two boards")::

    weather = ["Biting Frost"]        # the shared Weather area (§12)

    [[players]]                       # Free For All (§16): three to five, clockwise
    name = "Anna"                     # optional: how the report names the player
    faction = "Nilfgaard"
    leader = "Emhyr var Emreis: The Relentless"   # optional
    close = ["Stefan Skellen"]        # the cards lying in each row, one entry per copy
    ranged = []
    siege = []
    horns = ["close"]                 # rows whose Horn zone holds a Commander's Horn (§11)
    mardroeme = []                    # rows a Mardroeme Special Card lies on
    hand = []                         # optional
    discard = []                      # optional
    points = 0                        # optional: the points scored so far (§16)

    [team_a]                          # two versus two (§17): one shared side per team
    close = ["..."]                   # rows, horns, mardroeme, discard: the team's (§17)
    gems = 2                          # optional: the team's gems left
    [[team_a.players]]                # its two players: name, faction, leader, hand
    faction = "Monsters"
    [[team_a.players]]
    faction = "Skellige"
    [team_b]
    ...

A board has either ``[[players]]`` or ``[team_a]`` and ``[team_b]``. A card's name matches as in deck files
(:meth:`deckcli.catalog.model.Catalog.find`) and belongs to the first player of the side whose faction set
prints it; a Spy in a row belongs to a player of another side, who played it there (§10).

A board that cannot happen is refused with :class:`~deckcli.errors.BoardFileError` (exit code 2) naming the
file, the line, and what to write instead.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.errors import BoardFileError
from deckcli.game.cards import GameDeck, ROW_NAMES
from deckcli.game.modes import FFA_PLAYERS, POINTS_TO_WIN, TEAM_GEMS, TEAM_NAMES

FFA, TEAMS = "ffa", "teams"
from deckcli.text import did_you_mean, either, printable

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog, FactionSet
    from deckcli.game.board import Board
    from deckcli.game.state import Game

ROWS = ("close", "ranged", "siege")
SIDE_LISTS = (*ROWS, "discard")
"""The card lists of a side: its rows and its discard pile."""
FFA_KEYS = ("name", "faction", "leader", *SIDE_LISTS, "hand", "horns", "mardroeme", "points", "leader_used")
TEAM_KEYS = (*SIDE_LISTS, "horns", "mardroeme", "gems", "players")
TEAM_PLAYER_KEYS = ("name", "faction", "leader", "hand", "leader_used")
TEAM_TABLES = ("team_a", "team_b")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\s]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")


class PlayerSeat(NamedTuple):
    """One player at the table: a ``name``, the ``faction`` set, the Leader, the hand (card names), whether the
    Leader is spent."""

    name: str
    faction: FactionSet
    leader: Card | None
    hand: tuple[Card, ...]
    leader_used: bool


class SideLying(NamedTuple):
    """One side of the battlefield: the cards in each row (as ``(card, owner)``: the player who brought it), the
    rows with a Commander's Horn or a Mardroeme, the discard pile, and ``gems`` (two versus two) or nothing."""

    rows: tuple[tuple[tuple[Card, int], ...], ...]
    horns: tuple[tuple[int, Card], ...]
    mardroeme: tuple[tuple[int, Card], ...]
    discard: tuple[tuple[Card, int], ...]
    gems: int


class TableBoard(NamedTuple):
    """A Free For All or two versus two position: ``mode``, the seats in player order (Free For All: clockwise;
    two versus two: A1, B1, A2, B2), the sides (one per player, or team A's and team B's), the Weather area
    (each card with its player), each player's ``points`` so far (Free For All), and ``where`` the file."""

    where: str
    mode: str
    seats: tuple[PlayerSeat, ...]
    sides: tuple[SideLying, ...]
    weather: tuple[tuple[Card, int], ...]
    points: tuple[int, ...]

    def table(self) -> Game:
        """The table standing at this position (nothing resolves as it is built: ongoing effects and Passive
        Leaders hold, §5, §8)."""
        from deckcli.game.modes import MODES
        from deckcli.game.rounds import new_game

        decks = []
        lying: list[list[Card]] = [[] for _ in self.seats]
        for index, side in enumerate(self.sides):
            for row in side.rows:
                for card, owner in row:
                    lying[owner].append(card)
            for _row, card in side.horns + side.mardroeme:
                lying[index].append(card)  # a Horn or Mardroeme is its side's first player's (A1, B1)
            for card, owner in side.discard:
                lying[owner].append(card)
        for card, owner in self.weather:
            lying[owner].append(card)
        for index, seat in enumerate(self.seats):
            decks.append(GameDeck(seat.faction.slug, seat.leader, tuple(lying[index]) + seat.hand))
        table = new_game(tuple(decks), 0, mode=MODES[self.mode])
        table.frames.clear()  # a position, not a game to set up
        pools = [table.deck[p][:] for p in range(table.players)]
        names = table.cards.name

        def take(owner: int, card: Card) -> int:
            pool = pools[owner]
            instance = next(c for c in pool if names[c] == card.name)
            pool.remove(instance)
            table.deck[owner].remove(instance)
            return instance

        for index, side in enumerate(self.sides):
            for row_number, row in enumerate(side.rows):
                for card, owner in row:
                    table.rows[index * 3 + row_number].append(take(owner, card))
            for row_number, card in side.horns:
                table.horn[index * 3 + row_number] = take(index, card)
            for row_number, card in side.mardroeme:
                table.mardroeme[index * 3 + row_number].append(take(index, card))
            for card, owner in side.discard:
                table.discard[index].append(take(owner, card))
            table.gems[index] = side.gems
        for card, owner in self.weather:
            instance = take(owner, card)
            table.weather.append(instance)
            table.weather_by.append(owner)
            table.weather_mask |= table.cards.weather_rows[instance]
        for index, seat in enumerate(self.seats):
            table.hand[index] = [take(index, card) for card in seat.hand]
            table.leader_used[index] = seat.leader_used
        table.points = list(self.points)
        table.dirty = (1 << (table.sides * 3)) - 1
        return table


def read_table_board(text: str, where: str, document: dict[str, Any], catalog: Catalog) -> TableBoard:
    """A Free For All or two versus two board (``document``, the parsed TOML of ``text``), checked against
    ``catalog``. Raises :class:`BoardFileError` (exit code 2) naming the line and what to write."""
    return _Reader(text, where, catalog).board(document)


def is_table_board(document: dict[str, Any]) -> bool:
    """Whether a parsed board file is a Free For All (``[[players]]``) or two versus two (``[team_a]``) board."""
    return "players" in document or any(name in document for name in TEAM_TABLES)


class _Reader:
    def __init__(self, text: str, where: str, catalog: Catalog) -> None:
        self.where = where
        self.catalog = catalog
        self.blocks = _blocks(text)

    def refuse(self, reason: str, block: tuple[str, int] = ("", 0), key: str | None = None) -> BoardFileError:
        lines = self.blocks.get(block, {})
        line = lines.get(key, lines.get("", None)) if key is not None else lines.get("", None)
        return BoardFileError(reason, where=self.where, line=line)

    def board(self, document: dict[str, Any]) -> TableBoard:
        ffa = "players" in document
        teams = [name for name in TEAM_TABLES if name in document]
        if ffa and teams:
            raise self.refuse("a board is Free For All ([[players]]) or two versus two ([team_a] and [team_b]), not "
                              "both: keep one", ("team_a", 0) if "team_a" in document else ("team_b", 0))
        known = ("weather", "players") if ffa else ("weather", *TEAM_TABLES)
        for key in document:
            if key not in known:
                raise self.refuse(f"{key} is not a key of a {'Free For All' if ffa else 'two versus two'} board: "
                                  f"use {either(list(known))} (docs/play.md)", ("", 0), key)
        if ffa:
            return self.ffa(document)
        missing = [name for name in TEAM_TABLES if name not in document]
        if missing:
            raise self.refuse(f"no [{missing[0]}] table: a two versus two board has [team_a] and [team_b], each "
                              "with its rows and two [[team_x.players]] (§17)")
        return self.teams(document)

    # Free For All -------------------------------------------------------------------------------------------

    def ffa(self, document: dict[str, Any]) -> TableBoard:
        players = document["players"]
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            raise self.refuse("players is an array of tables: write each player as [[players]] with its faction = "
                              '"..." (§16)', ("", 0), "players")
        if len(players) not in FFA_PLAYERS:
            raise self.refuse(f"Free For All is for 3 to 5 players (§16), this board has {len(players)}: add or "
                              "remove [[players]] tables", ("players", len(players) - 1 if players else 0))
        seats, sides = [], []
        factions = []
        for index, table in enumerate(players):
            block = ("players", index)
            self.keys(table, FFA_KEYS, block, "[[players]]")
            faction = self.faction(table, block)
            factions.append(faction)
        for index, table in enumerate(players):
            block = ("players", index)
            seats.append(self.seat(table, block, factions[index], index, f"Player {index + 1}"))
        for index, table in enumerate(players):
            sides.append(self.side(table, ("players", index), factions, [index], 0))
        points = []
        target = POINTS_TO_WIN[len(players)]
        for index, table in enumerate(players):
            value = table.get("points", 0)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < target:
                raise self.refuse(f"points is a whole number from 0 to {target - 1}: {target} points win a "
                                  f"{len(players)}-player game (§16)", ("players", index), "points")
            points.append(value)
        weather = self.weather(document, factions)
        board = TableBoard(self.where, FFA, tuple(seats), tuple(sides), weather, tuple(points))
        self.count_copies(board, factions)
        return board

    # two versus two -----------------------------------------------------------------------------------------

    def teams(self, document: dict[str, Any]) -> TableBoard:
        seats: list[PlayerSeat | None] = [None] * 4
        factions: list[FactionSet | None] = [None] * 4
        tables: list[dict[str, Any]] = []
        for team, name in enumerate(TEAM_TABLES):
            table = document[name]
            block = (name, 0)
            if not isinstance(table, dict):
                raise self.refuse(f"{name} is a table: write [{name}] on a line of its own", ("", 0), name)
            self.keys(table, TEAM_KEYS, block, f"[{name}]")
            players = table.get("players")
            if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, dict) for p in players):
                count = len(players) if isinstance(players, list) else 0
                raise self.refuse(f"team {TEAM_NAMES[team]} has {count} players: a team is two players (§17), "
                                  f"each written [[{name}.players]] with its faction", block)
            for seat_index, player in enumerate(players):
                pblock = (f"{name}.players", seat_index)
                self.keys(player, TEAM_PLAYER_KEYS, pblock, f"[[{name}.players]]")
                factions[team + 2 * seat_index] = self.faction(player, pblock)
            first, second = factions[team], factions[team + 2]
            if first is not None and second is not None and first.slug == second.slug:
                raise self.refuse(f"team {TEAM_NAMES[team]}'s players both play {first.name}: teammates cannot use "
                                  "the same faction (§17); choose another faction for one of them",
                                  (f"{name}.players", 1), "faction")
            tables.append(table)
        found = [f for f in factions if f is not None]
        for team, name in enumerate(TEAM_TABLES):
            for seat_index, player in enumerate(tables[team]["players"]):
                index = team + 2 * seat_index
                seats[index] = self.seat(player, (f"{name}.players", seat_index), found[index], index,
                                         f"{TEAM_NAMES[team]}{seat_index + 1}")
        sides = []
        for team, name in enumerate(TEAM_TABLES):
            gems = tables[team].get("gems", TEAM_GEMS)
            if not isinstance(gems, int) or isinstance(gems, bool) or not 1 <= gems <= TEAM_GEMS:
                raise self.refuse("gems is 1 or 2: the gems a team has left (§17: two per team; at 0 the game is over)",
                                  (name, 0), "gems")
            sides.append(self.side(tables[team], (name, 0), found, [team, team + 2], gems))
        weather = self.weather(document, found)
        board = TableBoard(self.where, TEAMS, tuple(s for s in seats if s is not None), tuple(sides), weather,
                           (0, 0, 0, 0))
        self.count_copies(board, found)
        return board

    # pieces -------------------------------------------------------------------------------------------------

    def keys(self, table: dict[str, Any], known: tuple[str, ...], block: tuple[str, int], header: str) -> None:
        for key in table:
            if key not in known:
                raise self.refuse(f"{key} is not a key of {header}{did_you_mean([k for k in known if k[:2] == key[:2]])}:"
                                  f" use {either(list(known))}", block, key)

    def faction(self, table: dict[str, Any], block: tuple[str, int]) -> FactionSet:
        typed = table.get("faction")
        if not isinstance(typed, str):
            raise self.refuse('every player has a faction: add faction = "Northern Realms" (or another)', block,
                              "faction" if "faction" in table else None)
        try:
            return self.catalog.faction(typed)
        except KeyError:
            from deckcli.deck.resolution import unknown_faction

            raise self.refuse(unknown_faction(typed, self.catalog), block, "faction") from None

    def seat(self, table: dict[str, Any], block: tuple[str, int], faction: FactionSet, index: int,
             default: str) -> PlayerSeat:
        name = table.get("name", default)
        if not isinstance(name, str) or not name.strip():
            raise self.refuse('name is the player\'s name in quotes: name = "Anna"', block, "name")
        leader = None
        typed = table.get("leader")
        if typed is not None:
            if not isinstance(typed, str):
                raise self.refuse('leader is one name in quotes: leader = "..."', block, "leader")
            found = self.catalog.find(typed)
            if len(found) != 1 or not found[0].is_leader or found[0].name not in faction.copies:
                raise self.refuse(f'"{printable(typed)}" is not a Leader of {faction.name}: choose one of its Leaders '
                                  f"(deckcli cards --faction {faction.slug} --kind leader)", block, "leader")
            leader = found[0]
        used = table.get("leader_used", False)
        if not isinstance(used, bool):
            raise self.refuse("leader_used is true or false", block, "leader_used")
        hand = tuple(self.card(name_, block, "hand") for name_ in self.names(table, "hand", block))
        return PlayerSeat(name.strip(), faction, leader, hand, used)

    def names(self, table: dict[str, Any], key: str, block: tuple[str, int]) -> list[str]:
        value = table.get(key, [])
        if isinstance(value, str):
            raise self.refuse(f'{key} is a list, even of one: {key} = ["{printable(value)}"]', block, key)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.refuse(f'{key} is a list of names in quotes: {key} = ["Vesemir", "Decoy"]', block, key)
        return value

    def card(self, typed: str, block: tuple[str, int], key: str) -> Card:
        found = self.catalog.find(typed)
        if len(found) == 1 and not found[0].is_leader:
            return found[0]
        if found and len(found) > 1:
            raise self.refuse(f'"{printable(typed)}" may mean {either([c.name for c in found])}: write the full name',
                              block, key)
        if found:
            raise self.refuse(f'{found[0].name} is a Leader: a player\'s Leader is written leader = "..."', block, key)
        raise self.refuse(f'"{printable(typed)}" is not a card of any faction set'
                          f"{did_you_mean(self.catalog.suggest(typed))}", block, key)

    def owner(self, card: Card, factions: list[FactionSet], first: list[int], block: tuple[str, int],
              key: str) -> int:
        """The player who brought ``card``: the first of ``first`` (then of everyone) whose set prints it."""
        order = first + [p for p in range(len(factions)) if p not in first]
        for player in order:
            if card.name in factions[player].copies:
                return player
        raise self.refuse(f"{card.name} is in no set at this table: it is a card of "
                          f"{card.home.replace('-', ' ').title()}, and nobody plays that faction", block, key)

    def side(self, table: dict[str, Any], block: tuple[str, int], factions: list[FactionSet], own: list[int],
             gems: int) -> SideLying:
        others = [p for p in range(len(factions)) if p not in own]
        rows = []
        for number, key in enumerate(ROWS):
            lying = []
            for typed in self.names(table, key, block):
                card = self.card(typed, block, key)
                if not card.is_unit:
                    if "decoy" not in card.abilities:
                        what = "Weather Card" if card.is_weather else "Special Card"
                        raise self.refuse(f"{card.name} is a {what}, not a unit of {ROW_NAMES[number]}: only units and "
                                          "a Decoy lie in a row (§11); a Commander's Horn is written horns = "
                                          f'["{key}"]', block, key)
                elif key not in card.rows:
                    allowed = " or ".join(ROW_NAMES[ROWS.index(r)] for r in card.rows)
                    raise self.refuse(f"{card.name} enters {allowed} (§4), never {ROW_NAMES[number]}: move it to "
                                      f"{' or '.join(f'{r} = [...]' for r in card.rows)}", block, key)
                spy = card.is_unit and "spy" in card.abilities
                lying.append((card, self.owner(card, factions, others if spy else own, block, key)))
            rows.append(tuple(lying))
        discard = tuple((card, self.owner(card, factions, own, block, "discard"))
                        for card in (self.card(t, block, "discard") for t in self.names(table, "discard", block)))
        horns = self.special_rows(table, "horns", "Commander's Horn", block)
        mardroeme = self.special_rows(table, "mardroeme", "Mardroeme", block)
        return SideLying(tuple(rows), horns, mardroeme, discard, gems)

    def special_rows(self, table: dict[str, Any], key: str, name: str, block: tuple[str, int]) -> tuple[tuple[int, Card], ...]:
        rows = self.names(table, key, block)
        for row in rows:
            if row not in ROWS:
                raise self.refuse(f'{key} lists rows: close, ranged or siege, such as {key} = ["close"]', block, key)
        if key == "horns" and len(set(rows)) != len(rows):
            raise self.refuse("only one Commander's Horn lies in a row's Horn zone (§11, §21): name each row once",
                              block, key)
        card = self.catalog.cards[name]
        return tuple((ROWS.index(row), card) for row in rows)

    def weather(self, document: dict[str, Any], factions: list[FactionSet]) -> tuple[tuple[Card, int], ...]:
        lying = []
        for typed in self.names(document, "weather", ("", 0)):
            card = self.card(typed, ("", 0), "weather")
            if not card.is_weather or "clear" in card.abilities:
                raise self.refuse(f"{card.name} does not lie in the Weather area: only Weather Cards do (§12)", ("", 0),
                                  "weather")
            lying.append((card, self.owner(card, factions, [], ("", 0), "weather")))
        return tuple(lying)

    def count_copies(self, board: TableBoard, factions: list[FactionSet]) -> None:
        """No player holds more copies of a card than their set prints (§1), every zone counted."""
        held: dict[tuple[int, str], int] = {}
        for index, side in enumerate(board.sides):
            lying = [pair for row in side.rows for pair in row] + list(side.discard)
            lying += [(card, index) for _, card in side.horns + side.mardroeme]  # the side's first player's
            for card, owner in lying:
                held[owner, card.name] = held.get((owner, card.name), 0) + 1
        for card, owner in board.weather:
            held[owner, card.name] = held.get((owner, card.name), 0) + 1
        for index, seat in enumerate(board.seats):
            for card in seat.hand:
                held[index, card.name] = held.get((index, card.name), 0) + 1
        for (owner, name), copies in held.items():
            printed = factions[owner].copies.get(name, 0)
            if copies > printed:
                raise self.refuse(f"{board.seats[owner].name} ({factions[owner].name}) has {copies} copies of {name}, "
                                  f"more than the {printed} the set prints (§1): remove {copies - printed}")


def _blocks(text: str) -> dict[tuple[str, int], dict[str | None, int]]:
    """Each table of the file, ``(name, index)`` (an array of tables counted from 0; the top ``("", 0)``), to the
    line of its header (key ``""``) and of each of its keys."""
    blocks: dict[tuple[str, int], dict[str | None, int]] = {("", 0): {}}
    counts: dict[str, int] = {}
    current = ("", 0)
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header is not None and not line.lstrip().startswith(("#",)):
            name = re.sub(r"\s+", "", header.group(2))
            index = counts.get(name, 0)
            if header.group(1) == "[[":
                counts[name] = index + 1
            current = (name, index if header.group(1) == "[[" else 0)
            blocks[current] = {"": number}
            continue
        key = _KEY.match(line)
        if key is not None:
            blocks.setdefault(current, {}).setdefault(key.group(1), number)
    return blocks



def read_any_board(path: str, catalog: Catalog) -> Board | TableBoard:
    """The board file at ``path`` (``-``: standard input, read once): a Free For All or two versus two board
    (:func:`is_table_board`) read here, any other by the two-player reader (:func:`deckcli.game.board.parse_board`).

    Raises :class:`~deckcli.errors.DeckcliError` (exit code 2): a file that cannot be read, is not UTF-8 or not
    TOML, or a board that cannot happen (:class:`BoardFileError`).
    """
    from deckcli.files.reading import decode_text, display_path, read_bytes
    from deckcli.files.toml_lines import parse_toml
    from deckcli.game.board import parse_board

    where = display_path(path)
    text = decode_text(read_bytes(path, "board file"), where)
    document = parse_toml(text, where, error=BoardFileError)
    if is_table_board(document):
        return read_table_board(text, where, document, catalog)
    return parse_board(text, where, catalog)
