"""A board file: a position on the table written down by its players, read and checked into a :class:`Board`
whose :class:`~deckcli.game.position.Position` the engine builds, in every mode (docs/play.md, "The board file").

``deckcli score`` scores it; a command that plays on from a position (Gwent Solo, ``advise``) reads the same file.
Three layouts, one reader::

    weather = ["Biting Frost"]          # the shared Weather area (§12); every layout
    round = 1                           # optional: 1, 2 or 3 (Free For All: from 1, no limit, §16)
    to_move = "me"                      # optional: "me" or "opponent"; a player's name at a larger table

    [me]                                # the two-player game: [me] (player 0) and [opponent]
    faction = "Northern Realms"
    close = ["Blue Stripes Commando"]   # rows, horns, mardroeme, discard, side: the player's side
    hand = []                           # hand, deck, leader, passed, ...: the player
    [opponent]
    faction = "Monsters"

    [[players]]                         # Free For All (§16): three to five, clockwise, each on a side of their own
    name = "Anna"                       # and each with the keys of [me], but gems; points = N scored so far

    [team_a]                            # two versus two (§17): the team's side (rows, horns, mardroeme, discard,
    gems = 2                            # side, gems) and its two players (name, faction, leader, hand, deck,
    [[team_a.players]]                  # leader_horn, passed, leader_used), A1 then A2; [team_b] likewise
    faction = "Monsters"

A card lies where it lies: an Agile unit in the row it was placed in, a Decoy in its row, a Spy on the side it was
played onto. Names match as in deck files (case, accents, apostrophes, aliases;
:meth:`deckcli.catalog.model.Catalog.find`). Every copy belongs to a player whose set prints it, counted against
that set across every zone (§1): a card on a side or in a pile to a player of that side (a team's: either
teammate's), in a hand or deck to its player; a Spy to any player (it lies on the side it was played onto, is
discarded to that side's pile, §9, and a Decoy takes it into its player's hand, §11), the one who could have played
it there first; a Weather Card in the Weather area to any player. A copy that may be several players' goes to the
first of them whose set has a copy left, so that a real position is never refused (two teammates each with the
Geralt of Rivia of their own set; two players who each gave a third their Mysterious Elf).

A board that cannot happen is refused with :class:`~deckcli.errors.BoardFileError` (exit code 2) naming the file,
the line and the column where known, and what to write instead: a key deckcli does not know, a value of the wrong
type, an unknown faction, card or Leader, a Leader of another faction, a unit in a row it cannot enter (§4, §10), a
Special Card other than Decoy in a row, a Weather Card anywhere on the battlefield but the Weather area, more copies
than a set prints (§1), a side-deck card in a hand or deck (§2), more Berserkers and transformed Berserkers
together than the set prints Berserkers (§10), two Horns in one Horn zone (§11, §21), gems that do not fit the
round (§9), points that do not fit the round (§16), players the mode cannot seat (§16, §17). The file is read
through deckcli's input budget (:mod:`deckcli.files.budget`), so a hostile file is answered in time linear in its
length.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from deckcli.errors import BoardFileError
from deckcli.game.cards import ROW_CODES, ROW_NAMES
from deckcli.game.modes import FREE_FOR_ALL, POINTS_TO_WIN, STANDARD, TEAM_NAMES, TEAMS
from deckcli.game.position import BattlefieldSide, Placed, Position, Seat
from deckcli.text import counted, did_you_mean, either, printable

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog, FactionSet
    from deckcli.game.state import Mode
    from deckcli.game.seating import Seating
    from deckcli.game.state import Game

SIDES = ("me", "opponent")
"""The two tables of a two-player board file: player 0 and player 1."""
ROW_KEYS = ROW_CODES
"""The keys of the three rows of a side (§4)."""
NAME_LISTS = (*ROW_KEYS, "hand", "deck", "discard", "side")
"""The keys that list card names."""
PLAYER_LISTS = ("hand", "deck")
"""The lists of a player's own: the other name lists are their side's."""
SIDE_KEYS = ("faction", "leader", *NAME_LISTS, "horns", "leader_horn", "mardroeme", "gems", "passed", "leader_used",
             "decoys", "hand_size", "deck_size", "decklist")
"""The keys of ``[me]`` and ``[opponent]``: a player and their side."""
FFA_KEYS = ("name", "faction", "leader", *NAME_LISTS, "horns", "leader_horn", "mardroeme", "points", "passed",
            "leader_used")
"""The keys of a ``[[players]]`` table of Free For All (§16): a player and their side."""
TEAM_KEYS = (*ROW_KEYS, "discard", "side", "horns", "mardroeme", "gems", "players")
"""The keys of ``[team_a]`` and ``[team_b]`` (§17): the team's side, its piles, its gems and its two players."""
TEAM_PLAYER_KEYS = ("name", "faction", "leader", "hand", "deck", "leader_horn", "passed", "leader_used")
"""The keys of a ``[[team_a.players]]`` table: a player of a team."""
TOP_KEYS = ("weather", "round", "to_move", *SIDES)
FFA_TOP_KEYS = ("weather", "round", "to_move", "players")
TEAM_TABLES = ("team_a", "team_b")
TEAM_TOP_KEYS = ("weather", "round", "to_move", *TEAM_TABLES)
COUNT_LIMIT = 60
"""The most cards ``hand_size`` or ``deck_size`` may count (no faction set holds more in one deck)."""
ROUND_LIMIT = 999
"""The highest round a Free For All board may name (§16 sets no limit; a board must still be read in bounded time)."""
_EXAMPLE_NAMES = {
    "horns": '["close"]', "mardroeme": '["close"]', "weather": '["Biting Frost"]',
    "ranged": '["Yennefer of Vengerberg"]', "siege": '["Gaunter O\'Dimm"]', "side": '["Bovine Defense Force"]',
}
"""A list each key may hold, for a message about a list of the wrong type: cards every faction's set prints
(``close``, ``hand``, ``deck`` and ``discard``: ``["Vesemir", "Decoy"]``)."""
_WHERE_IT_GOES = {
    "horn": 'a Commander\'s Horn lies in the row\'s Horn zone: horns = ["{row}"]',
    "mardroeme": 'a Mardroeme Special Card on a row is written mardroeme = ["{row}"]',
    "scorch": "a Scorch is discarded as it resolves (§11): list it in discard",
    "clear": "Clear Weather is discarded as it resolves (§12): list it in discard",
    "weather": 'a Weather Card lies in the shared Weather area: weather = ["{name}"] at the top of the file',
}


class Unseen(NamedTuple):
    """What ``[opponent]`` holds that ``[me]`` cannot see, as counts (``deckcli advise``): ``hand`` cards of its
    hand not listed by name, ``deck`` cards of its deck not listed, and the ``decklist`` file they come from
    (``None``: its faction's whole set), as written, with its ``line`` in the board file."""

    hand: int = 0
    deck: int = 0
    decklist: str | None = None
    line: int | None = None


class Board(NamedTuple):
    """A position read from a board file: ``where`` the file as messages name it, the ``position`` (its mode, seats,
    sides, Weather area, round and player to move; a two-player board's ``[me]`` is player 0 and ``[opponent]``
    player 1), ``decoys``: the Decoys Gwent Solo's automaton (``[opponent]``) has played this round, each with a card
    face down under it, played when the round ends (§19; they lie in no row), and ``unseen``: what ``[opponent]``
    holds that ``[me]`` cannot see (``advise``)."""

    where: str
    position: Position
    decoys: int = 0
    unseen: Unseen = Unseen()

    @property
    def mode(self) -> Mode:
        return self.position.mode

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.position.seats

    @property
    def sides(self) -> tuple[BattlefieldSide, ...]:
        return self.position.sides

    @property
    def weather(self) -> tuple[Placed, ...]:
        return self.position.weather

    @property
    def round_number(self) -> int:
        return self.position.round_number

    @property
    def to_move(self) -> int:
        return self.position.to_move

    def game(self, catalog: Catalog, seed: int = 0) -> Game:
        """The game standing at this position (:func:`deckcli.game.position.build_position`: nothing resolves as it
        is built; ongoing effects and Passive Leaders hold, §8, §5); later shuffles and random picks come from
        ``seed``."""
        from deckcli.game.position import build_position

        return build_position(self.position, catalog, seed=seed)


def read_board(path: str, catalog: Catalog, *, solo: bool = False, every_mode: bool = False) -> Board:
    """The board file at ``path`` (``-``: standard input), read and checked against ``catalog``; ``solo``: a
    Gwent Solo position, whose ``[opponent]`` (the automaton) plays another faction than ``[me]`` (§18);
    ``every_mode``: a Free For All or two versus two board is read too (else only a two-player board).

    Raises :class:`~deckcli.errors.DeckcliError` (exit code 2): a file that cannot be read, is not UTF-8,
    not TOML or over the input budget, or a board that cannot happen (:class:`BoardFileError`).
    """
    from deckcli.files.reading import decode_text, display_path, read_bytes

    where = display_path(path)
    text = decode_text(read_bytes(path, "board file"), where)
    return parse_board(text, where, catalog, solo=solo, every_mode=every_mode)


def parse_board(text: str, where: str, catalog: Catalog, *, solo: bool = False, every_mode: bool = False) -> Board:
    """A board file's text, read and checked; ``where`` names it in messages; ``solo`` and ``every_mode`` as in
    :func:`read_board`. Raises :class:`BoardFileError`."""
    from deckcli.files.toml_lines import key_lines, parse_toml

    document = parse_toml(text, where, error=BoardFileError)
    return _Reader(text, where, key_lines(text, arrays=True), catalog, solo, every_mode).board(document)


class _Named(NamedTuple):
    """One name as typed in a list, with its place in the file."""

    text: str
    line: int | None
    column: int | None


class _Copy(NamedTuple):
    """One copy of a card on the board: its card, the players it may belong to (best first), where it was written,
    and the zone it lies in (for messages: ``me.close``, ``Anna.hand``, ``team_a.discard``)."""

    card: Card
    owners: tuple[int, ...]
    named: _Named
    zone: str


class _Problem(NamedTuple):
    line: int | None
    column: int | None
    reason: str | Callable[[], str]
    """The reason, or a function wording it (a "did you mean" is worked out only for the problem shown)."""


class _Table(NamedTuple):
    """One table of the file: its key ``path`` (an array's tables by index, as text), its ``header`` as written,
    the ``label`` its zones are named by in messages, the ``keys`` it may hold, and its ``value``."""

    path: tuple[str, ...]
    header: str
    label: str
    keys: tuple[str, ...]
    value: dict[str, Any]


class _Layout(NamedTuple):
    """How a board writes its mode down: the ``mode``, the top-level keys, each player's table (``seats``, in turn
    order) and each side's (``sides``, in side order; the same tables as the seats' but in two versus two), and the
    hints for a key written at the wrong level (``hints``: per table path, the keys of another level and where
    they go)."""

    mode: Mode
    top_keys: tuple[str, ...]
    seats: tuple[_Table, ...]
    sides: tuple[_Table, ...]
    hints: dict[tuple[str, ...], tuple[tuple[tuple[str, ...], str], ...]]


class _Reader:
    """One board file read in stages: its layout and shape, its factions and Leaders, its names, then what the cards
    say together. Each stage gathers every problem it finds and the first (by line) is raised, saying how many more
    there are."""

    def __init__(self, text: str, where: str, lines: dict[tuple[str, ...], int], catalog: Catalog,
                 solo: bool = False, every_mode: bool = False) -> None:
        self.solo = solo
        self.every_mode = every_mode
        self.text = text
        self.where = where
        self.lines = lines
        self.catalog = catalog
        self.problems: list[_Problem] = []
        self.copies: list[_Copy] = []
        self.names: list[str] = []
        self.two = True
        self.mode: Mode = STANDARD
        self.seating: Seating | None = None
        self.labels: dict[tuple[str, ...], str] = {}

    # Problems ------------------------------------------------------------------------------------

    def refuse(self, path: tuple[str, ...], reason: str | Callable[[], str], named: _Named | None = None) -> None:
        if named is not None:
            self.problems.append(_Problem(named.line, named.column, reason))
        else:
            self.problems.append(_Problem(self.line(path), None, reason))

    def stop(self, path: tuple[str, ...], reason: str) -> BoardFileError:
        """A problem that leaves nothing else to read: raised at once."""
        return BoardFileError(reason, where=self.where, line=self.line(path))

    def line(self, path: tuple[str, ...]) -> int | None:
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None

    def settle(self) -> None:
        """Raise the first problem found, by line, naming the lines of the others."""
        if not self.problems:
            return
        problems = sorted(self.problems, key=lambda p: (p.line or 0, p.column or 0))
        first = problems[0]
        reason = first.reason if isinstance(first.reason, str) else first.reason()
        more = len(problems) - 1
        if more:
            others = sorted({p.line for p in problems[1:] if p.line is not None and p.line != first.line})
            places = ["this line"] if any(p.line == first.line is not None for p in problems[1:]) else []
            if others:
                shown = ", ".join(map(str, others[:8])) + (", …" if len(others) > 8 else "")
                places.append(f"{'line' if len(others) == 1 else 'lines'} {shown}")
            where = f": {', '.join(places)}" if places else ""
            reason += f" (and {more} more {'problem' if more == 1 else 'problems'}{where})"
        raise BoardFileError(reason, where=self.where, line=first.line, column=first.column)

    # Who is who ------------------------------------------------------------------------------------

    def whose(self, player: int) -> str:
        """A player's, in a message: ``mine``, ``the opponent's``, ``Anna's``."""
        if self.two:
            return "mine" if player == 0 else "the opponent's"
        return f"{printable(self.names[player])}'s"

    def members(self, side: int) -> tuple[int, ...]:
        assert self.seating is not None
        return self.seating.members[side]

    # The stages ----------------------------------------------------------------------------------

    def board(self, document: dict[str, Any]) -> Board:
        layout = self.read_layout(document)
        self.mode = layout.mode
        self.check_shape(document, layout)
        self.settle()
        seats, sides = layout.seats, layout.sides
        self.names = [self.name(index, seat) for index, seat in enumerate(seats)]
        self.labels = {side.path: side.label for side in sides}
        self.labels.update({seat.path: seat.label or printable(name) for seat, name in zip(seats, self.names)})
        found = [self.faction(seat) for seat in seats]
        self.settle()
        self.seat_players(layout, found)
        self.settle()
        sets = tuple(found)
        leaders = [self.leader(seat, sets[player]) for player, seat in enumerate(seats)]
        self.settle()
        held = [{key: self.zone(seat, key, (player,), sets) for key in PLAYER_LISTS}
                for player, seat in enumerate(seats)]
        lying = [{key: self.zone(table, key, self.members(side), sets) for key in (*ROW_KEYS, "discard", "side")}
                 for side, table in enumerate(sides)]
        horns = [self.rows_named(table, "horns", self.members(side), sets) for side, table in enumerate(sides)]
        mardroeme = [self.rows_named(table, "mardroeme", self.members(side), sets) for side, table in enumerate(sides)]
        weather = self.weather(document.get("weather", []), sets)
        decoys = seats[1].value.get("decoys", 0) if self.two else 0
        decoy = self.catalog.cards.get("Decoy")
        if decoy is not None:
            where = _Named("Decoy", self.line((*seats[1].path, "decoys")) if self.two else None, None)
            self.copies.extend(_Copy(decoy, (1,), where, "opponent.decoys") for _ in range(decoys))
        self.settle()
        owner = self.count_copies(sets)
        self.count_berserkers(owner, sets)
        round_number = self.round_number(document, layout)
        gems = self.gems(document, layout, round_number)
        points = self.points(layout, round_number)
        leader_horns = [self.leader_horn(player, seat, leaders, horns) for player, seat in enumerate(seats)]
        to_move = self.to_move(document, layout)
        self.settle()

        def placed(indices: list[int]) -> tuple[Placed, ...]:
            return tuple(Placed(self.copies[index].card, owner[index]) for index in indices)

        position = Position(
            layout.mode,
            tuple(Seat(sets[player].slug, leaders[player], placed(held[player]["hand"]), placed(held[player]["deck"]),
                       seat.value.get("passed", False), seat.value.get("leader_used", leader_horns[player] >= 0),
                       leader_horns[player], points[player], self.names[player])
                  for player, seat in enumerate(seats)),
            tuple(BattlefieldSide((placed(zones["close"]), placed(zones["ranged"]), placed(zones["siege"])),
                                  tuple((row, owner[index]) for row, index in horns[side]),
                                  tuple((row, owner[index]) for row, index in mardroeme[side]),
                                  placed(zones["discard"]), placed(zones["side"]), gems[side])
                  for side, zones in enumerate(lying)),
            placed(weather), round_number, to_move,
        )
        unseen = Unseen()
        if self.two:
            opponent = seats[1].value
            unseen = Unseen(opponent.get("hand_size", 0), opponent.get("deck_size", 0), opponent.get("decklist"),
                            self.line((SIDES[1], "decklist")))
        return Board(self.where, position, decoys, unseen)

    def read_layout(self, document: dict[str, Any]) -> _Layout:
        """The mode the board is written for and its tables. A board whose tables are not there to read is refused
        at once (a deck file, a Free For All and a team board in one); a missing two-player side is gathered."""
        ffa = "players" in document
        teams = any(name in document for name in TEAM_TABLES)
        if "faction" in document and ("cards" in document or ("me" not in document and not ffa and not teams)):
            raise BoardFileError("is a deck file, not a board file: a board lists the cards lying on the table "
                                 "under [me] and [opponent] (docs/play.md)", where=self.where)
        if (ffa or teams) and not self.every_mode:  # §16, §17: deckcli score reads these
            raise BoardFileError("is a Free For All or two versus two board ([[players]], [team_a]): deckcli score "
                                 "reads it; this command reads a two-player board, [me] and [opponent] (docs/play.md)",
                                 where=self.where)
        if ffa and teams:
            team = next(name for name in TEAM_TABLES if name in document)
            raise self.stop((team,), "a board is Free For All ([[players]]) or two versus two ([team_a] and "
                            "[team_b]), not both: keep one")
        if ffa:
            return self.ffa_layout(document)
        if teams:
            return self.team_layout(document)
        tables = []
        for side in SIDES:
            table = document.get(side)
            if table is None:
                self.refuse((), f'no [{side}] table: add [{side}] with its faction = "..." (every board has both sides)')
            elif not isinstance(table, dict):
                self.refuse((side,), f'{side} is a table: write [{side}] on a line of its own, then faction = "..."')
            else:
                tables.append(_Table((side,), f"[{side}]", side, SIDE_KEYS, table))
        self.unknown_keys((), document, TOP_KEYS, ((SIDE_KEYS, "{key} belongs to a side: write it under [me] or "
                                                               "[opponent]"),))
        self.settle()
        top = ((TOP_KEYS, "{key} is written at the top of the file, before [me]"),)
        return _Layout(STANDARD, TOP_KEYS, tuple(tables), tuple(tables), {(side,): top for side in SIDES})

    def ffa_layout(self, document: dict[str, Any]) -> _Layout:
        self.two = False
        players = document["players"]
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            raise self.stop(("players",), "players is an array of tables: write each player as [[players]] with its "
                            'faction = "..." (§16)')
        tables = tuple(_Table(("players", str(index)), "[[players]]", "", FFA_KEYS, table)
                       for index, table in enumerate(players))
        self.unknown_keys((), document, FFA_TOP_KEYS,
                          ((FFA_KEYS, "{key} belongs to a player: write it under a [[players]]"),))
        top = ((FFA_TOP_KEYS, "{key} is written at the top of the file, before the first [[players]]"),)
        return _Layout(FREE_FOR_ALL, FFA_TOP_KEYS, tables, tables, {table.path: top for table in tables})

    def team_layout(self, document: dict[str, Any]) -> _Layout:
        self.two = False
        missing = [name for name in TEAM_TABLES if name not in document]
        if missing:
            raise self.stop((), f"no [{missing[0]}] table: a two versus two board has [team_a] and [team_b], each "
                            "with its rows and two [[team_x.players]] (§17)")
        sides: list[_Table] = []
        seats: list[_Table | None] = [None] * 4
        hints: dict[tuple[str, ...], tuple[tuple[tuple[str, ...], str], ...]] = {}
        for team, name in enumerate(TEAM_TABLES):
            table = document[name]
            if not isinstance(table, dict):
                raise self.stop((name,), f"{name} is a table: write [{name}] on a line of its own")
            players = table.get("players")
            if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, dict) for p in players):
                count = len(players) if isinstance(players, list) else 0
                raise self.stop((name,), f"team {TEAM_NAMES[team]} has {counted(count, 'player', 'players')}: a team "
                                f"is two players (§17), each written [[{name}.players]] with its faction")
            sides.append(_Table((name,), f"[{name}]", name, TEAM_KEYS, table))
            top = (TEAM_TOP_KEYS, f"{{key}} is written at the top of the file, before [{TEAM_TABLES[0]}]")
            hints[(name,)] = (top, (TEAM_PLAYER_KEYS, f"{{key}} belongs to a player: write it under a "
                                                      f"[[{name}.players]]"))
            for number, player in enumerate(players):
                path = (name, "players", str(number))
                seats[team + 2 * number] = _Table(path, f"[[{name}.players]]", "", TEAM_PLAYER_KEYS, player)
                hints[path] = (top, (TEAM_KEYS, f"{{key}} belongs to the team's side: write it under [{name}]"))
        self.unknown_keys((), document, TEAM_TOP_KEYS,
                          ((TEAM_KEYS, "{key} belongs to a team's side: write it under [team_a] or [team_b]"),
                           (TEAM_PLAYER_KEYS, "{key} belongs to a player: write it under a [[team_a.players]]")))
        return _Layout(TEAMS, TEAM_TOP_KEYS, tuple(seat for seat in seats if seat is not None), tuple(sides), hints)

    def check_shape(self, document: dict[str, Any], layout: _Layout) -> None:
        """Every key known, every value of its type, every player with a faction."""
        self.names_list(("weather",), document.get("weather"))
        if "round" in document:
            if layout.mode.gems and not _integer(document["round"], 1, 3):
                self.refuse(("round",), "round is 1, 2 or 3: round = 2")
            elif not layout.mode.gems and not _integer(document["round"], 1, ROUND_LIMIT):
                self.refuse(("round",), f"round is a whole number from 1 to {ROUND_LIMIT} (§16: there is no round "
                            "limit): round = 2")
        if self.two and document.get("to_move", "me") not in SIDES:
            self.refuse(("to_move",), f'to_move is "me" or "opponent", not {_shown(document["to_move"])}')
        elif "to_move" in document and not isinstance(document["to_move"], str):
            self.refuse(("to_move",), f"to_move is a player's name in quotes, not {_shown(document['to_move'])}")
        tables = {table.path: table for table in (*layout.seats, *layout.sides)}
        for table in tables.values():
            self.check_table(table, layout)

    def check_table(self, table: _Table, layout: _Layout) -> None:
        path, value, header = table.path, table.value, table.header
        self.unknown_keys(path, value, table.keys, layout.hints.get(path, ()))
        if "faction" in table.keys and "faction" not in value and not any(
                key.casefold().strip() == "faction" for key in value):
            self.refuse(path, f'{header} has no faction: add faction = "Northern Realms" (or another)')
        for key in ("faction", "leader", "leader_horn"):
            if key in value and key in table.keys and not isinstance(value[key], str):
                self.refuse((*path, key), f'{key} is one name in quotes: {key} = "...", not {_shown(value[key])}')
        if "name" in value and (not isinstance(value["name"], str) or not value["name"].strip()):
            self.refuse((*path, "name"), 'name is the player\'s name in quotes: name = "Anna"')
        for key in (*NAME_LISTS, "horns", "mardroeme"):
            if key in table.keys:
                self.names_list((*path, key), value.get(key))
        if "gems" in value and "gems" in table.keys and not _integer(value["gems"], 1, 2):
            who = "a player has" if self.two else "a team has"
            self.refuse((*path, "gems"), f"gems is 1 or 2: the gems {who} left (§9; at 0 the game is over)")
        if "points" in value and "points" in table.keys and not _integer(value["points"], 0, ROUND_LIMIT * 4):
            self.refuse((*path, "points"), "points is a whole number: the points scored in earlier rounds (§16)")
        for key in ("passed", "leader_used"):
            if key in value and not isinstance(value[key], bool):
                self.refuse((*path, key), f"{key} is true or false, not {_shown(value[key])}")
        if not self.two:
            return
        side = path[0]
        if "decoys" in value and not _integer(value["decoys"], 0, 9):
            self.refuse((side, "decoys"), "decoys is a number: the Decoys the automaton has played this round")
        elif value.get("decoys") and side == "me":
            self.refuse((side, "decoys"), "decoys are Gwent Solo's automaton's (§19: a card under each): write "
                        "them under [opponent]; a Decoy of yours lies in its row")
        for key in ("hand_size", "deck_size", "decklist"):
            if key in value and side == SIDES[0]:
                self.refuse((side, key), f"{key} is for [opponent], the cards [me] cannot see: list your own "
                            "hand and deck by name")
        for key in ("hand_size", "deck_size"):
            if key in value and not _integer(value[key], 0, COUNT_LIMIT):
                self.refuse((side, key), f"{key} counts the cards you cannot see, 0 to {COUNT_LIMIT}: {key} = 5, "
                            f"not {_shown(value[key])}")
        if "decklist" in value and not isinstance(value["decklist"], str):
            self.refuse((side, "decklist"), 'decklist is the deck file the opponent plays, in quotes: '
                        f'decklist = "monsters-starter.toml", not {_shown(value["decklist"])}')

    def unknown_keys(self, at: tuple[str, ...], table: dict[str, Any], known: tuple[str, ...],
                     hints: tuple[tuple[tuple[str, ...], str], ...]) -> None:
        for key in table:
            if key in known:
                continue
            self.refuse((*at, key), functools.partial(_unknown_key, key, known, hints))

    def names_list(self, path: tuple[str, ...], value: Any) -> None:
        if value is None or (isinstance(value, list) and all(isinstance(item, str) for item in value)):
            return
        key = path[-1]
        example = _EXAMPLE_NAMES.get(key, '["Vesemir", "Decoy"]')
        if isinstance(value, str):
            self.refuse(path, f"{key} is a list, even of one: {key} = [{_shown(value)}]")
        else:
            self.refuse(path, f"{key} is a list of names in quotes: {key} = {example}")

    def name(self, index: int, seat: _Table) -> str:
        """The player's name in reports: ``me`` and ``opponent``; a ``name`` given; else ``Player 1``... (Free For
        All) or ``A1``, ``B1``, ``A2``, ``B2`` (two versus two)."""
        if self.two:
            return SIDES[index]
        given = seat.value.get("name")
        if isinstance(given, str) and given.strip():
            return given.strip()
        return f"Player {index + 1}" if seat.header == "[[players]]" else f"{TEAM_NAMES[index % 2]}{index // 2 + 1}"

    def faction(self, seat: _Table) -> FactionSet:
        try:
            return self.catalog.faction(seat.value["faction"])
        except KeyError:
            from deckcli.deck.resolution import unknown_faction

            self.refuse((*seat.path, "faction"), unknown_faction(seat.value["faction"], self.catalog))
            return next(iter(self.catalog.factions.values()))  # a stand-in: the problem is raised before use

    def seat_players(self, layout: _Layout, found: list[FactionSet]) -> None:
        """The mode seats these players (§16: three to five; §17: teammates of different factions; Gwent Solo: the
        automaton of another faction, §18), each player's zones named after them."""
        seats = layout.seats
        if self.solo and found[0].slug == found[1].slug:
            other = next(f.name for f in self.catalog.factions.values() if f.slug != found[0].slug)
            self.refuse(("opponent", "faction"), f"in Gwent Solo the automaton plays another faction than yours (§18), "
                        f'and [me] is {found[0].name} too: write another, such as faction = "{other}"')
        if not self.two:
            names = [name.casefold() for name in self.names]
            for index, seat in enumerate(seats):
                if names.index(names[index]) != index:
                    self.refuse((*seat.path, "name"), f'two players are named "{printable(self.names[index])}": give '
                                'each a name of their own')
        try:
            self.seating = layout.mode.seating([faction.name for faction in found])
        except ValueError as refused:
            if layout.mode is TEAMS:
                team = next(t for t in (0, 1) if found[t].slug == found[t + 2].slug)
                self.refuse((*seats[team + 2].path, "faction"), f"{refused}: choose another faction for one of them")
            else:
                self.refuse(seats[-1].path if seats else ("players",), f"{refused}: add or remove [[players]] tables")
            return

    def leader(self, seat: _Table, own: FactionSet) -> Card | None:
        """The player's Leader: a Leader Card of its own faction's set (§2), or ``None`` when none is named."""
        typed = seat.value.get("leader", "")
        if not typed.strip():
            return None
        path = (*seat.path, "leader")
        found = self.catalog.find(typed)
        if len(found) > 1:
            self.refuse(path, f'"{printable(typed)}" may mean {either([c.name for c in found])}: write the full name')
            return None
        if not found:
            self.refuse(path, lambda: f'"{printable(typed)}" is not a Leader of any faction set'
                        f"{did_you_mean(_suggest_leaders(self.catalog, typed))}")
            return None
        card = found[0]
        if not card.is_leader:
            self.refuse(path, f"{card.name} is not a Leader Card: choose one of the {own.name} Leaders "
                        f"(deckcli cards --faction {own.slug} --kind leader)")
            return None
        if card.name not in own.copies:
            home = self.catalog.factions.get(card.home)
            self.refuse(path, f"{card.name} is a Leader of {home.name if home else card.home}, not of {own.name}: "
                        f"choose one of the {own.name} Leaders (deckcli cards --faction {own.slug} --kind leader)")
            return None
        return card

    def zone_label(self, table: _Table) -> str:
        """What a table's zones are called in messages: ``me``, ``team_a``, a player's name."""
        return self.labels[table.path]

    def zone(self, table: _Table, key: str, own: tuple[int, ...], sets: tuple[FactionSet, ...]) -> list[int]:
        """The copies one list of ``table`` names (``close``, ``ranged``, ``siege``, ``hand``, ``deck``,
        ``discard``, ``side``), each checked where it lies and added to the board's copies (their indices),
        ``own``: the players whose zone it is."""
        path = (*table.path, key)
        kept = []
        for named in self.named(path, table.value.get(key, [])):
            card = self.card(named, path)
            if card is None or not self.may_lie(named, path, card):
                continue
            owners = self.owners(named, path, card, own, sets, spy_row=key in ROW_KEYS)
            if owners:
                kept.append(len(self.copies))
                self.copies.append(_Copy(card, owners, named, f"{self.zone_label(table)}.{key}"))
        return kept

    def named(self, path: tuple[str, ...], names: list[str]) -> list[_Named]:
        """The names of one list with their lines and columns (the key's line where the item's is not known)."""
        from deckcli.files.toml_lines import list_item_positions

        line = self.line(path)
        positions = list_item_positions(self.text, line, path[-1]) if line is not None and names else []
        return [_Named(name, *(positions[n] if n < len(positions) else (line, None))) for n, name in enumerate(names)]

    def card(self, named: _Named, path: tuple[str, ...]) -> Card | None:
        """The one card ``named`` means, or ``None`` with the problem recorded."""
        found = self.catalog.find(named.text)
        if len(found) == 1:
            return found[0]
        typed = printable(named.text)
        if found:
            self.refuse(path, f'"{typed}" may mean {either([c.name for c in found])}: write the full name', named)
        else:
            self.refuse(path, lambda: f'"{typed}" is not a card of any faction set'
                        f"{did_you_mean(self.catalog.suggest(named.text))}", named)
        return None

    def may_lie(self, named: _Named, path: tuple[str, ...], card: Card) -> bool:
        """Whether ``card`` may be where it is written: no Leader but in ``leader``; in a row a unit of that row
        (§4, §10) or a Decoy (§11); in ``side`` a side-deck card (§2); anything else in a hand, deck or discard."""
        key = path[-1]
        if card.is_leader:
            leader = "side's" if self.two else "player's"
            self.refuse(path, f'{card.name} is a Leader: a {leader} Leader is written leader = "..."', named)
            return False
        if key == "side":
            if not card.side_deck:
                self.refuse(path, f"{card.name} is not a side-deck card (§2): side lists the cards set aside for "
                            "Summon and Berserker", named)
            return card.side_deck
        if key in ("hand", "deck") and card.side_deck:
            self.refuse(path, f"{card.name} is a side-deck card: it never begins in the main deck (§2), so it is "
                        f"never in a {key}: list it in side, or in the row where its Summon or Berserker put it", named)
            return False
        if key not in ROW_KEYS:
            return True
        row = ROW_KEYS.index(key)
        if not card.is_unit:
            if "decoy" in card.abilities:
                return True
            code = next((c for c in card.abilities if c in _WHERE_IT_GOES), "weather" if card.is_weather else "")
            hint = _WHERE_IT_GOES.get(code, "only a Decoy lies in a row (§11)").format(row=key, name=card.name)
            what = "Weather Card" if card.is_weather else "Special Card"
            self.refuse(path, f"{card.name} is a {what}, not a unit of {ROW_NAMES[row]}: {hint}", named)
            return False
        rows = [ROW_CODES.index(code) for code in card.rows]
        if row in rows:
            return True
        allowed = " or ".join(ROW_NAMES[r] for r in rows)
        keys = " or ".join(f"{ROW_KEYS[r]} = [...]" for r in rows)
        self.refuse(path, f"{card.name} enters {allowed} (§4), never {ROW_NAMES[row]}: move it to {keys}", named)
        return False

    def owners(self, named: _Named, path: tuple[str, ...], card: Card, own: tuple[int, ...],
               sets: tuple[FactionSet, ...], *, spy_row: bool = False, anyone: bool = False) -> tuple[int, ...]:
        """The players a copy of ``card`` lying in a zone of ``own`` may belong to, best first (module docstring):
        ``own`` whose set prints it, else the first other player whose set does; a Spy (``spy_row``: lying in a
        row, so played there by another player, §10) or a copy of ``anyone``'s any player whose set prints it. None:
        the problem recorded."""
        assert self.seating is not None
        others = tuple(p for p in self.seating.after[own[0]] if p not in own)
        spy = card.is_unit and "spy" in card.abilities
        order = (*others, *own) if spy and spy_row else tuple(range(len(sets))) if anyone else (*own, *others)
        found = tuple(player for player in order if card.name in sets[player].copies)
        if not found:
            home = self.catalog.factions.get(card.home)
            of = f"a {home.name} card" if home is not None else "in neither set" if self.two else "in no set here"
            listed = either([f"the {name} set" for name in dict.fromkeys(sets[p].name for p in (*own, *others))])
            self.refuse(path, f"{card.name} is not in {listed}: it is {of}", named)
            return ()
        if spy or anyone:
            return found
        mine = tuple(player for player in found if player in own)
        return mine if mine else found[:1]

    def weather(self, names: list[str], sets: tuple[FactionSet, ...]) -> list[int]:
        """The Weather Cards of the shared Weather area (§12), played by any player."""
        lying = []
        for named in self.named(("weather",), names):
            card = self.card(named, ("weather",))
            if card is None:
                continue
            if "clear" in card.abilities:
                self.refuse(("weather",), f"{card.name} is discarded as it resolves (§12): list it in discard", named)
                continue
            if not card.is_weather:
                self.refuse(("weather",), f"{card.name} is not a Weather Card: only Weather Cards lie in the Weather "
                            "area (§12)", named)
                continue
            owners = self.owners(named, ("weather",), card, (0,), sets, anyone=True)
            if owners:
                lying.append(len(self.copies))
                self.copies.append(_Copy(card, owners, named, "weather"))
        return lying

    def rows_named(self, table: _Table, key: str, own: tuple[int, ...],
                   sets: tuple[FactionSet, ...]) -> list[tuple[int, int]]:
        """The rows ``horns`` or ``mardroeme`` name, each with the copy of the Special Card lying there (§11); a Horn
        zone holds one Horn."""
        path = (*table.path, key)
        special = self.catalog.cards.get("Commander's Horn" if key == "horns" else "Mardroeme")
        rows: list[tuple[int, int]] = []
        for named in self.named(path, table.value.get(key, [])):
            row = self.row_code(path, named.text, named)
            if row is None or special is None:
                continue
            if key == "horns" and any(taken == row for taken, _ in rows):
                self.refuse(path, f"one Special Commander's Horn per row (§11): {ROW_KEYS[row]} is named twice", named)
                continue
            owners = self.owners(named, path, special, own, sets)
            if owners:
                rows.append((row, len(self.copies)))
                self.copies.append(_Copy(special, owners, named, f"{self.zone_label(table)}.{key}"))
        return rows

    def count_copies(self, sets: tuple[FactionSet, ...]) -> list[int]:
        """Each copy's owner: no player holds more copies of a card than their set prints (§1), every zone of theirs
        counted. A copy that may be several players' goes to the first of them whose set has a copy left; the copies
        with fewer players to go to are placed first, then by line. A real position always finds its owners so: the
        players a copy may go to are one player, those of one side whose set prints it, or every player whose set
        prints it (a Spy, a Weather Card), a family in which two sets are disjoint or one holds the other, so the
        smaller sets, placed first, never take a copy a larger one needed."""
        copies = self.copies
        owner = [copy.owners[0] for copy in copies]
        held: dict[tuple[int, str], list[_Copy]] = {}
        refused: set[tuple[str, tuple[int, ...]]] = set()
        order = sorted(range(len(copies)),
                       key=lambda i: (len(copies[i].owners), copies[i].named.line or 0, copies[i].named.column or 0))
        for index in order:
            copy = copies[index]
            name = copy.card.name
            choices = copy.owners
            chosen = next((p for p in choices if len(held.get((p, name), ())) < sets[p].copies[name]), -1)
            if chosen < 0 and len(choices) > 1:
                among = tuple(sorted(choices))
                if (name, among) not in refused:
                    refused.add((name, among))
                    self.refuse((), functools.partial(self.over_shared, name, among, sets), copy.named)
                continue
            if chosen < 0:
                chosen = choices[0]  # its one player, over the count: refused below
            owner[index] = chosen
            mine = held.setdefault((chosen, name), [])
            mine.append(copy)
            printed = sets[chosen].copies[name]
            if len(mine) == printed + 1:
                self.refuse((), functools.partial(self.over_count, name, mine, printed, sets[chosen], chosen),
                            copy.named)
        return owner

    def over_count(self, name: str, copies: list[_Copy], printed: int, faction: FactionSet, owner: int) -> str:
        return (f"{name}: {len(copies)} copies of {self.whose(owner)} ({_zones(copies)}); the {faction.name} set "
                f"prints {printed} (§1)")

    def over_shared(self, name: str, among: tuple[int, ...], sets: tuple[FactionSet, ...]) -> str:
        copies = sorted((copy for copy in self.copies if copy.card.name == name and set(copy.owners) <= set(among)),
                        key=lambda c: (len(c.owners) > 1, c.named.line or 0, c.named.column or 0))
        printed = sum(sets[player].copies[name] for player in among)
        assert self.seating is not None
        side = next((s for s, members in enumerate(self.seating.members) if set(among) <= set(members)), -1)
        where = f"of team {TEAM_NAMES[side]}'s" if side >= 0 else "on the table"
        return (f"{name}: {len(copies)} copies {where} ({_zones(copies)}); the "
                f"{_spoken_and([sets[player].name for player in among])} sets print {printed} between them (§1)")

    def count_berserkers(self, owner: list[int], sets: tuple[FactionSet, ...]) -> None:
        """No more Berserkers and transformed Berserkers together than the set prints Berserkers (§10): a
        transformed Berserker is removed from the game and its replacement (Transformed Vildkaarl) comes from the
        side deck, so each replacement out of the side deck (in a row or a discard pile) used up one Berserker.
        A Berserker and its replacement both on the battlefield, or more replacements than Berserkers, cannot be."""
        replaced_by = {card.side_deck_card: card for card in self.catalog.cards.values()
                       if "berserker" in card.abilities and card.side_deck_card}
        counted: dict[tuple[int, str], list[_Copy]] = {}
        for index, copy in enumerate(self.copies):
            berserker = replaced_by.get(copy.card.name)
            if berserker is not None and copy.zone.endswith(".side"):
                continue  # still beside the play area: no Berserker was used up for it
            name = berserker.name if berserker is not None else copy.card.name
            if berserker is None and "berserker" not in copy.card.abilities:
                continue
            counted.setdefault((owner[index], name), []).append(copy)
        for (player, name), found in counted.items():
            printed = sets[player].copies.get(name, 0)
            transformed = [copy for copy in found if copy.card.name != name]
            if len(found) <= printed or not transformed:
                continue
            last = max(found, key=lambda c: (c.named.line or 0, c.named.column or 0))
            replacement = transformed[0].card.name
            self.refuse((), f"{name} ×{len(found) - len(transformed)} and {replacement} ×{len(transformed)} of "
                        f"{self.whose(player)} ({_zones(found)}): the {sets[player].name} set prints {printed} "
                        f"{name}, and each {replacement} took the place of one, removed from the game (§10): remove a "
                        f"{name} or a {replacement}",
                        last.named)

    def round_number(self, document: dict[str, Any], layout: _Layout) -> int:
        """The round written, else 1; in Free For All the first round the points fit (§16: a round gives a player
        a point per opponent at most)."""
        if "round" in document:
            found: int = document["round"]
            return found
        if layout.mode.gems:
            return 1
        most = max((_points(seat.value) for seat in layout.seats), default=0)
        return min(ROUND_LIMIT, 1 + -(-most // max(1, len(layout.seats) - 1)))

    def gems(self, document: dict[str, Any], layout: _Layout, round_number: int) -> list[int]:
        """Each side's gems, as written or by the round (2 in round 1, 1 in round 3), fitting the round (§6, §9):
        2 each in round 1; one lost by someone before round 2 (a tie costs both a gem, and from 1 each the game
        would be over); 1 each in round 3. Free For All plays for points (§16): no gems."""
        if not layout.mode.gems:
            return [2] * len(layout.sides)
        gems = [side.value.get("gems", 1 if round_number == 3 else 2) for side in layout.sides]
        given = [side.path for side in layout.sides if "gems" in side.value]
        path = (*given[0], "gems") if given else ("round",)
        who = "player" if self.two else "team"
        if round_number == 1 and gems != [2, 2]:
            self.refuse(path, f"in round 1 both {who}s have their 2 gems (§6): gems = 2, or round = 2")
        elif round_number == 2 and gems == [2, 2]:
            self.refuse(path, "round 2 comes after a round someone lost (§9): gems = 1 for that side")
        elif round_number == 3 and gems != [1, 1]:
            self.refuse(path, f"in round 3 each {who} has 1 gem left (§9): gems = 1 on both sides")
        return gems

    def points(self, layout: _Layout, round_number: int) -> list[int]:
        """Each player's points so far (Free For All, §16): fewer than win the game, and no more than the rounds
        before this one could give (one per opponent exceeded)."""
        points = [_points(seat.value) for seat in layout.seats]
        if layout.mode.gems:
            return points
        players = len(layout.seats)
        target = POINTS_TO_WIN.get(players, 0)
        most = (round_number - 1) * (players - 1)
        for player, seat in enumerate(layout.seats):
            path = (*seat.path, "points")
            if points[player] >= target:
                self.refuse(path, f"points is a whole number from 0 to {target - 1}: {target} points win a "
                            f"{players}-player game (§16)")
            elif points[player] > most:
                self.refuse(path, f"{printable(self.names[player])} has {points[player]} points in round "
                            f"{round_number}: a round gives a player at most {players - 1} (a point per opponent "
                            f"exceeded, §16), so round = {1 + -(-points[player] // (players - 1))} or later")
        return points

    def leader_horn(self, player: int, seat: _Table, leaders: list[Card | None],
                    horns: list[list[tuple[int, int]]]) -> int:
        """The row of the player's side the player's Leader doubles (-1: none): a Horn Leader's own row (its text),
        not where the Horn zone holds a Special Horn (§21), not under a White Flame that cancels it; and
        ``leader_used`` that fits the Leader."""
        from deckcli.game.leaders import HORN_ROWS, PASSIVE

        table = seat.value
        leader = leaders[player]
        if table.get("leader_used") is True:
            if leader is None:
                self.refuse((*seat.path, "leader_used"), 'no leader is named: leader_used needs a leader = "..."')
            elif leader.name in PASSIVE:
                self.refuse((*seat.path, "leader_used"),
                            f"{leader.name} is Passive (§5): it is always in effect, never used")
        if "leader_horn" not in table:
            return -1
        path = (*seat.path, "leader_horn")
        row = self.row_code(path, table["leader_horn"])
        horn_row = HORN_ROWS.get(leader.name) if leader is not None else None
        assert self.seating is not None
        side = self.seating.side_of[player]
        flame = self.cancelled(player, leaders)
        if leader is None or horn_row is None:
            named = f"{leader.name} doubles no row" if leader is not None else "no leader is named"
            self.refuse(path, f"{named}: leader_horn is the row a Horn Leader ({either(list(HORN_ROWS))}) doubles")
        elif row is not None and row != horn_row:
            self.refuse(path, f'{leader.name} doubles {ROW_NAMES[horn_row]}: leader_horn = "{ROW_KEYS[horn_row]}"')
        elif flame is not None:
            self.refuse(path, f"{flame} cancels {leader.name}: it cannot have doubled a row")
        elif row is not None and any(taken == row for taken, _ in horns[side]):
            self.refuse(path, f"{ROW_NAMES[row]} holds a Commander's Horn already: a Leader's Horn would do nothing "
                        "there (§21)")
        elif table.get("leader_used") is False:
            self.refuse((*seat.path, "leader_used"), "a Leader that doubled a row has been used: leader_used = true")
        elif row is not None:
            return row
        return -1

    def cancelled(self, player: int, leaders: list[Card | None]) -> str | None:
        """The Leader that cancels ``player``'s (The White Flame, as the mode reads it: the opponents', §17: every
        other player's), or ``None``."""
        from deckcli.game.cards import GameCards
        from deckcli.game.chance import Chance
        from deckcli.game.leaders import WHITE_FLAME
        from deckcli.game.state import Game

        assert self.seating is not None
        seats = Game(GameCards(), Chance(0), self.mode, self.seating)  # the mode asks only who sits where
        flames = [p for p, leader in enumerate(leaders) if leader is not None and leader.name == WHITE_FLAME]
        return WHITE_FLAME if any(player in self.mode.cancelled_by(seats, p) for p in flames) else None

    def row_code(self, path: tuple[str, ...], text: str, named: _Named | None = None) -> int | None:
        """The row ``text`` names: ``close``, ``Close Combat``, ``siege``, ``Siege Combat`` and so on, any case."""
        from deckcli.catalog.names import fold

        key = fold(text).removesuffix(" row").removesuffix(" combat").strip()
        if key in ROW_CODES:
            return ROW_CODES.index(key)
        self.refuse(path, f'{_shown(text)} is not a row: write "close", "ranged" or "siege"', named)
        return None

    def to_move(self, document: dict[str, Any], layout: _Layout) -> int:
        """The player to move: a player who passed moves no more in the round (§7 C), so the first player in turn
        order who has not passed moves without ``to_move`` saying so (the first when all have passed)."""
        seats = layout.seats
        passed = [bool(seat.value.get("passed", False)) for seat in seats]
        default = passed.index(False) if False in passed else 0
        if "to_move" not in document:
            player = default
        elif self.two:
            player = SIDES.index(document["to_move"])
        else:
            folded = [name.casefold() for name in self.names]
            typed = document["to_move"].strip().casefold()
            if typed not in folded:
                names = either([_shown(name) for name in self.names])
                self.refuse(("to_move",), f"to_move is a player's name, {names}, not {_shown(document['to_move'])}")
                return default
            player = folded.index(typed)
        if passed[player] and not all(passed):
            other = SIDES[default] if self.two else self.names[default]
            mover = f"[{SIDES[player]}]" if self.two else printable(self.names[player])
            self.refuse(("to_move",) if "to_move" in document else (*seats[player].path, "passed"),
                        f'{mover} has passed and moves no more this round (§7): to_move = "{printable(other)}"')
        return player


def _integer(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _points(table: dict[str, Any]) -> int:
    value = table.get("points", 0)
    return value if _integer(value, 0, ROUND_LIMIT * 4) else 0


def _shown(value: Any) -> str:
    """A TOML value as a player would write it, for messages."""
    if isinstance(value, str):
        return f'"{printable(value)}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return printable(str(value))


def _spoken_and(names: list[str]) -> str:
    """``A and B``, ``A, B and C``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _unknown_key(key: str, known: tuple[str, ...], hints: tuple[tuple[tuple[str, ...], str], ...]) -> str:
    """Why a key is refused, and what it was likely meant to be: a close key here, or one of another level (each of
    ``hints``: that level's keys and where they are written)."""
    import difflib

    said = f"key '{printable(key)}' is not part of a board file"

    folded = key.casefold().strip()
    close = [folded] if folded in known else difflib.get_close_matches(folded, known, n=1, cutoff=0.7)
    if close:
        return f"{said}; did you mean {close[0]}?"
    for keys, where in hints:
        if key in keys or difflib.get_close_matches(folded, keys, n=1, cutoff=0.8):
            return f"{said}; {where.format(key=printable(key))}"
    return f"{said}; the keys are {', '.join(known)}"


def _suggest_leaders(catalog: Catalog, typed: str) -> list[str]:
    from deckcli.catalog.names import fold, suggest

    leaders = {fold(card.name): card.name for card in catalog.cards.values() if card.is_leader}
    return suggest(typed, leaders)


def _zones(copies: list[_Copy]) -> str:
    """``me.close ×2, me.hand``: where the copies lie."""
    zones: dict[str, int] = {}
    for copy in copies:
        zones[copy.zone] = zones.get(copy.zone, 0) + 1
    return ", ".join(f"{zone} ×{count}" if count > 1 else zone for zone, count in zones.items())


def board_text(game: Game, factions: tuple[str, str], *, decoys: int = 0, note: str = "") -> str:
    """The position of a two-player ``game`` as a board file that :func:`read_board` reads back to the same totals:
    the Weather area, the round, the player to move, then ``[me]`` and ``[opponent]`` (``factions``: their names)
    with every zone card by card (a deck's top card last), the Horn zones, the Mardroemes, gems, passes and Leaders;
    ``decoys`` the automaton's Decoys with a card under each (Gwent Solo, §19). ``note`` opens the file as a
    comment."""
    from deckcli.files.toml_text import safe_toml_text
    from deckcli.game.state import horn_leader

    name = game.cards.name
    document: dict[str, Any] = {"weather": [name[card] for card in game.weather], "round": game.round,
                                "to_move": SIDES[game.to_move]}
    for player in (0, 1):
        slots = range(player * 3, player * 3 + 3)
        table: dict[str, Any] = {"faction": factions[player]}
        if game.leader[player] is not None:
            table["leader"] = game.leader[player]
        for row, slot in enumerate(slots):
            table[ROW_KEYS[row]] = [name[card] for card in game.rows[slot]]
        table["horns"] = [ROW_KEYS[row] for row, slot in enumerate(slots) if game.horn[slot] >= 0]
        leader_horn = [ROW_KEYS[row] for row, slot in enumerate(slots) if horn_leader(game.horn[slot]) >= 0]
        if leader_horn:
            table["leader_horn"] = leader_horn[0]
        table["mardroeme"] = [ROW_KEYS[row] for row, slot in enumerate(slots) for _ in game.mardroeme[slot]]
        for key, zone in (("hand", game.hand), ("deck", game.deck), ("discard", game.discard), ("side", game.side_deck)):
            table[key] = [name[card] for card in zone[player]]
        table.update(gems=game.gems[player], passed=game.passed[player], leader_used=game.leader_used[player])
        if player == 1 and decoys:
            table["decoys"] = decoys
        document[SIDES[player]] = table
    lines = [f"# {line}" for line in note.splitlines()]
    for key, value in document.items():
        if isinstance(value, dict):
            lines += ["", f"[{key}]", *(f"{k} = {_toml_value(v)}" for k, v in value.items())]
        else:
            lines.append(f"{key} = {_toml_value(value)}")
    return safe_toml_text("\n".join(lines) + "\n")


def _toml_value(value: object) -> str:
    """A TOML value on one line: a JSON string is a TOML basic string (its escapes are TOML's), a list inline."""
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)
