"""A board file: a position on the table written down by a player, read into a position the engine can build.

``deckcli score`` scores it; a command that plays on from a position (Solo) reads the same file. The
format (docs/play.md, "The board file")::

    weather = ["Biting Frost"]          # the shared Weather area (§12)
    round = 1                           # optional: 1, 2 or 3
    to_move = "me"                      # optional: "me" or "opponent" (who has not passed, when one has)
    [me]
    faction = "Northern Realms"
    leader = "Foltest: The Siegemaster" # optional
    close = ["Blue Stripes Commando", "Blue Stripes Commando"]   # one entry per copy, as it lies
    ranged = []
    siege = ["Catapult"]
    horns = ["close"]                   # rows whose Horn zone holds a Special Commander's Horn (§11)
    leader_horn = "siege"               # the row a Horn Leader doubles this round
    mardroeme = ["close"]               # rows a Mardroeme Special Card lies on (§11)
    hand = []; deck = []; discard = []; side = []   # the other zones (deck: the top card last)
    gems = 2; passed = false; leader_used = false
    [opponent]
    faction = "Monsters"

A card lies where it lies: an Agile unit in the row it was placed in, a Decoy in its row, a Spy on the
side it was played onto. Names match as in deck files (case, accents, apostrophes, aliases;
:meth:`deckcli.catalog.model.Catalog.find`) and resolve against the side's faction set, then the other
side's; a Spy in a row resolves against the other side's set first (it was played onto this side by the
opponent, §10). Copies are counted per player across every zone of theirs, against the set each card
resolved in (a Weather Card in the Weather area, and a Spy wherever it lies, belongs to whichever player's set
still has a copy left).

A board that cannot happen is refused with :class:`~deckcli.errors.BoardFileError` (exit code 2) naming
the file, the line and the column where known, and what to write instead: a key deckcli does not know, a
value of the wrong type, an unknown faction, card or Leader, a Leader of another faction, a unit in a row
it cannot enter (§4, §10), a Special Card other than Decoy in a row, a Weather Card anywhere on the
battlefield but the Weather area, more copies than a set prints (§1), a side-deck card in a hand or deck (§2),
more Berserkers and transformed Berserkers together than the set prints Berserkers (§10), two Horns in one Horn
zone (§11, §21), gems that do not fit the round (§9). The file is read through deckcli's input budget
(:mod:`deckcli.files.budget`), so a hostile file is answered in time linear in its length.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from deckcli.errors import BoardFileError
from deckcli.game.cards import CLOSE, RANGED, ROW_CODES, ROW_NAMES, SIEGE
from deckcli.game.position import SidePosition
from deckcli.text import did_you_mean, either, printable

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog, FactionSet
    from deckcli.game.state import Game

SIDES = ("me", "opponent")
"""The two tables of a board file: player 0 and player 1."""
ROW_KEYS = ROW_CODES
"""The keys of the three rows of a side (§4)."""
NAME_LISTS = (*ROW_KEYS, "hand", "deck", "discard", "side")
"""The keys of a side that list card names."""
SIDE_KEYS = ("faction", "leader", *NAME_LISTS, "horns", "leader_horn", "mardroeme", "gems", "passed", "leader_used",
             "decoys", "hand_size", "deck_size", "decklist")
COUNT_LIMIT = 60
"""The most cards ``hand_size`` or ``deck_size`` may count (no faction set holds more in one deck)."""
TOP_KEYS = ("weather", "round", "to_move", *SIDES)
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
    """A position read from a board file: ``sides`` (``[me]`` is player 0, ``[opponent]`` player 1) and the
    ``weather`` cards for :func:`deckcli.game.position.build_position`, the ``round_number`` (1 to 3) and the
    player ``to_move``; ``where`` the file as messages name it. ``decoys``: the Decoys Gwent Solo's automaton
    (``[opponent]``) has played this round, each with a card face down under it, played when the round ends (§19);
    they lie in no row."""

    where: str
    sides: tuple[SidePosition, SidePosition]
    weather: tuple[Card, ...] = ()
    round_number: int = 1
    to_move: int = 0
    decoys: int = 0
    unseen: Unseen = Unseen()

    def game(self, catalog: Catalog, seed: int = 0) -> Game:
        """The game standing at this position (nothing resolves as it is built; ongoing effects and Passive
        Leaders hold, §8, §5); later shuffles and random picks come from ``seed``."""
        from deckcli.game.position import build_position

        return build_position(self.sides, catalog, self.weather, seed=seed, to_move=self.to_move,
                              round_number=self.round_number)


def read_board(path: str, catalog: Catalog, *, solo: bool = False) -> Board:
    """The board file at ``path`` (``-``: standard input), read and checked against ``catalog``; ``solo``: a
    Gwent Solo position, whose ``[opponent]`` (the automaton) plays another faction than ``[me]`` (§18).

    Raises :class:`~deckcli.errors.DeckcliError` (exit code 2): a file that cannot be read, is not UTF-8,
    not TOML or over the input budget, or a board that cannot happen (:class:`BoardFileError`).
    """
    from deckcli.files.reading import decode_text, display_path, read_bytes

    where = display_path(path)
    return parse_board(decode_text(read_bytes(path, "board file"), where), where, catalog, solo=solo)


def parse_board(text: str, where: str, catalog: Catalog, *, solo: bool = False) -> Board:
    """A board file's text, read and checked; ``where`` names it in messages; ``solo`` as in :func:`read_board`.
    Raises :class:`BoardFileError`."""
    from deckcli.files.toml_lines import key_lines, parse_toml

    document = parse_toml(text, where, error=BoardFileError)
    return _Reader(text, where, key_lines(text), catalog, solo).board(document)


class _Named(NamedTuple):
    """One name as typed in a list, with its place in the file."""

    text: str
    line: int | None
    column: int | None


class _Copy(NamedTuple):
    """One copy of a card on the board: its card, the players whose set may own it (in order), where it was
    written, and the zone it lies in (for messages)."""

    card: Card
    owners: tuple[int, ...]
    named: _Named
    zone: str


class _Problem(NamedTuple):
    line: int | None
    column: int | None
    reason: str | Callable[[], str]
    """The reason, or a function wording it (a "did you mean" is worked out only for the problem shown)."""


class _Reader:
    """One board file read in stages: its shape, its factions and Leaders, its names, then what the cards
    say together. Each stage gathers every problem it finds and the first (by line) is raised, saying how
    many more there are."""

    def __init__(self, text: str, where: str, lines: dict[tuple[str, ...], int], catalog: Catalog,
                 solo: bool = False) -> None:
        self.solo = solo
        self.text = text
        self.where = where
        self.lines = lines
        self.catalog = catalog
        self.problems: list[_Problem] = []

    # Problems ------------------------------------------------------------------------------------

    def refuse(self, path: tuple[str, ...], reason: str | Callable[[], str], named: _Named | None = None) -> None:
        if named is not None:
            self.problems.append(_Problem(named.line, named.column, reason))
        else:
            self.problems.append(_Problem(self.line(path), None, reason))

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

    # The stages ----------------------------------------------------------------------------------

    def board(self, document: dict[str, Any]) -> Board:
        self.check_shape(document)
        self.settle()
        tables: list[dict[str, Any]] = [document[side] for side in SIDES]
        found = [self.faction(SIDES[player], tables[player]) for player in (0, 1)]
        self.settle()
        if self.solo and found[0].slug == found[1].slug:
            other = next(f.name for f in self.catalog.factions.values() if f.slug != found[0].slug)
            self.refuse(("opponent", "faction"), f"in Gwent Solo the automaton plays another faction than yours (§18), "
                        f'and [me] is {found[0].name} too: write another, such as faction = "{other}"')
            self.settle()
        sets = (found[0], found[1])
        leaders = [self.leader(SIDES[player], tables[player], sets[player]) for player in (0, 1)]
        self.settle()
        copies: list[_Copy] = []
        zones = [self.zones(player, tables[player], sets, copies) for player in (0, 1)]
        horns = [self.rows_named(player, "horns", tables[player], sets, copies) for player in (0, 1)]
        mardroeme = [self.rows_named(player, "mardroeme", tables[player], sets, copies) for player in (0, 1)]
        weather = self.weather(document.get("weather", []), sets, copies)
        decoy = self.catalog.cards.get("Decoy")
        decoys = tables[1].get("decoys", 0)
        if decoy is not None:
            where = _Named("Decoy", self.line(("opponent", "decoys")), None)
            copies.extend(_Copy(decoy, (1,), where, "opponent.decoys") for _ in range(decoys))
        self.settle()
        self.count_copies(copies, sets)
        self.count_berserkers(copies, sets)
        round_number = document.get("round", 1)
        gems = [table.get("gems", 1 if round_number == 3 else 2) for table in tables]
        self.check_round(document, round_number, gems)
        leader_horns = [self.leader_horn(player, tables[player], leaders, horns[player]) for player in (0, 1)]
        to_move = self.to_move(document)
        self.settle()
        sides = tuple(
            SidePosition(
                faction=sets[player].slug, leader=leaders[player],
                rows=(zones[player]["close"], zones[player]["ranged"], zones[player]["siege"]),
                horns=tuple(horns[player]), leader_horn=leader_horns[player], mardroeme=tuple(mardroeme[player]),
                hand=zones[player]["hand"], deck=zones[player]["deck"], discard=zones[player]["discard"],
                side=zones[player]["side"], gems=gems[player], passed=tables[player].get("passed", False),
                leader_used=tables[player].get("leader_used", leader_horns[player] >= 0),
            )
            for player in (0, 1)
        )
        opponent = tables[1]
        unseen = Unseen(opponent.get("hand_size", 0), opponent.get("deck_size", 0), opponent.get("decklist"),
                        self.line((SIDES[1], "decklist")))
        return Board(self.where, (sides[0], sides[1]), weather, round_number, to_move, decoys, unseen)

    def check_shape(self, document: dict[str, Any]) -> None:
        """Every key known, every value of its type, both sides there with a faction."""
        if "faction" in document and ("cards" in document or "me" not in document):
            raise BoardFileError("is a deck file, not a board file: a board lists the cards lying on the table "
                                 "under [me] and [opponent] (docs/play.md)", where=self.where)
        if "players" in document or "team_a" in document:  # §16, §17: deckcli.game.multiplayer.board reads these
            raise BoardFileError("is a Free For All or two versus two board ([[players]], [team_a]): deckcli score "
                                 "reads it; this command reads a two-player board, [me] and [opponent] (docs/play.md)",
                                 where=self.where)
        self.unknown_keys((), document, TOP_KEYS)
        self.names_list(("weather",), document.get("weather"))
        if "round" in document and not _integer(document["round"], 1, 3):
            self.refuse(("round",), "round is 1, 2 or 3: round = 2")
        if "to_move" in document and document["to_move"] not in SIDES:
            self.refuse(("to_move",), f'to_move is "me" or "opponent", not {_shown(document["to_move"])}')
        for side in SIDES:
            table = document.get(side)
            if table is None:
                self.refuse((), f'no [{side}] table: add [{side}] with its faction = "..." (every board has both sides)')
                continue
            if not isinstance(table, dict):
                self.refuse((side,), f'{side} is a table: write [{side}] on a line of its own, then faction = "..."')
                continue
            self.unknown_keys((side,), table, SIDE_KEYS)
            if "faction" not in table and not any(key.casefold().strip() == "faction" for key in table):
                self.refuse((side,), f'[{side}] has no faction: add faction = "Northern Realms" (or another)')
            for key in ("faction", "leader", "leader_horn"):
                if key in table and not isinstance(table[key], str):
                    self.refuse((side, key), f'{key} is one name in quotes: {key} = "...", not {_shown(table[key])}')
            for key in (*NAME_LISTS, "horns", "mardroeme"):
                self.names_list((side, key), table.get(key))
            if "gems" in table and not _integer(table["gems"], 1, 2):
                self.refuse((side, "gems"), "gems is 1 or 2: the gems a player has left (§9; at 0 the game is over)")
            if "decoys" in table and not _integer(table["decoys"], 0, 9):
                self.refuse((side, "decoys"), "decoys is a number: the Decoys the automaton has played this round")
            elif table.get("decoys") and side == "me":
                self.refuse((side, "decoys"), "decoys are Gwent Solo's automaton's (§19: a card under each): write "
                            "them under [opponent]; a Decoy of yours lies in its row")
            for key in ("passed", "leader_used"):
                if key in table and not isinstance(table[key], bool):
                    self.refuse((side, key), f"{key} is true or false, not {_shown(table[key])}")
            for key in ("hand_size", "deck_size", "decklist"):
                if key in table and side == SIDES[0]:
                    self.refuse((side, key), f"{key} is for [opponent], the cards [me] cannot see: list your own "
                                "hand and deck by name")
            for key in ("hand_size", "deck_size"):
                if key in table and not _integer(table[key], 0, COUNT_LIMIT):
                    self.refuse((side, key), f"{key} counts the cards you cannot see, 0 to {COUNT_LIMIT}: {key} = 5, "
                                f"not {_shown(table[key])}")
            if "decklist" in table and not isinstance(table["decklist"], str):
                self.refuse((side, "decklist"), 'decklist is the deck file the opponent plays, in quotes: '
                            f'decklist = "monsters-starter.toml", not {_shown(table["decklist"])}')

    def unknown_keys(self, at: tuple[str, ...], table: dict[str, Any], known: tuple[str, ...]) -> None:
        for key in table:
            if key in known:
                continue
            self.refuse((*at, key), functools.partial(_unknown_key, key, at, known))

    def names_list(self, path: tuple[str, ...], value: Any) -> None:
        if value is None or (isinstance(value, list) and all(isinstance(item, str) for item in value)):
            return
        key = path[-1]
        example = _EXAMPLE_NAMES.get(key, '["Vesemir", "Decoy"]')
        if isinstance(value, str):
            self.refuse(path, f"{key} is a list, even of one: {key} = [{_shown(value)}]")
        else:
            self.refuse(path, f"{key} is a list of names in quotes: {key} = {example}")

    def faction(self, side: str, table: dict[str, Any]) -> FactionSet:
        try:
            return self.catalog.faction(table["faction"])
        except KeyError:
            from deckcli.deck.resolution import unknown_faction

            self.refuse((side, "faction"), unknown_faction(table["faction"], self.catalog))
            return next(iter(self.catalog.factions.values()))  # a stand-in: the problem is raised before use

    def leader(self, side: str, table: dict[str, Any], own: FactionSet) -> Card | None:
        """The side's Leader: a Leader Card of its own faction's set (§2), or ``None`` when none is named."""
        typed = table.get("leader", "")
        if not typed.strip():
            return None
        path = (side, "leader")
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

    def zones(self, index: int, table: dict[str, Any], sets: tuple[FactionSet, FactionSet],
              copies: list[_Copy]) -> dict[str, tuple[Card, ...]]:
        """The cards of one side by key (``close``, ``ranged``, ``siege``, ``hand``, ``deck``, ``discard``,
        ``side``), each checked where it lies; every copy is added to ``copies``."""
        side = SIDES[index]
        zones: dict[str, tuple[Card, ...]] = {}
        for key in NAME_LISTS:
            path = (side, key)
            kept = []
            for named in self.named(path, table.get(key, [])):
                card = self.card(named, path)
                if card is None or not self.may_lie(named, path, card):
                    continue
                spy = key in ROW_KEYS and card.is_unit and "spy" in card.abilities
                owners = self.owners(named, path, card, sets, index, first=1 - index if spy else index)
                if owners:
                    kept.append(card)
                    copies.append(_Copy(card, owners, named, ".".join(path)))
            zones[key] = tuple(kept)
        return zones

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
            self.refuse(path, f'{card.name} is a Leader: a side\'s Leader is written leader = "..."', named)
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

    def owners(self, named: _Named, path: tuple[str, ...], card: Card, sets: tuple[FactionSet, FactionSet],
               side: int, first: int) -> tuple[int, ...]:
        """The players whose set prints ``card``, the one tried ``first`` first; none: the problem recorded."""
        owners = tuple(player for player in (first, 1 - first) if card.name in sets[player].copies)
        if not owners:
            home = self.catalog.factions.get(card.home)
            of = f"a {home.name} card" if home is not None else "in neither set"
            self.refuse(path, f"{card.name} is not in the {sets[side].name} set or the {sets[1 - side].name} set: "
                        f"it is {of}", named)
        return owners

    def weather(self, names: list[str], sets: tuple[FactionSet, FactionSet], copies: list[_Copy]) -> tuple[Card, ...]:
        """The Weather Cards of the shared Weather area (§12), played by either player."""
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
            owners = self.owners(named, ("weather",), card, sets, 0, first=0)
            if owners:
                lying.append(card)
                copies.append(_Copy(card, owners, named, "weather"))
        return tuple(lying)

    def count_copies(self, copies: list[_Copy], sets: tuple[FactionSet, FactionSet]) -> None:
        """No player holds more copies of a card than their set prints (§1), every zone of theirs counted.

        Each copy belongs to the first player of its ``owners``; a Weather Card in the Weather area, and a Spy
        wherever it lies, to the first whose set has a copy left: either player may have played the Weather Card,
        and a Spy changes sides (it is discarded to the pile of the side it lay on, §9; a Decoy takes an opponent's
        Spy into its player's hand, §11)."""
        held: dict[tuple[int, str], list[_Copy]] = {}
        placed = sorted(copies, key=lambda c: (_either_owner(c), c.named.line or 0, c.named.column or 0))
        refused: set[str] = set()
        for copy in placed:  # the Weather area and Spies last: they go where copies are left
            name = copy.card.name
            choices = copy.owners if _either_owner(copy) else copy.owners[:1]
            owner = next((p for p in choices if len(held.get((p, name), ())) < sets[p].copies[name]), -1)
            if owner < 0 and len(choices) > 1:
                if name not in refused:
                    refused.add(name)
                    self.refuse((), functools.partial(_over_both, name, placed, sets), copy.named)
                continue
            owner = max(owner, choices[0])
            mine = held.setdefault((owner, name), [])
            mine.append(copy)
            printed = sets[owner].copies[name]
            if len(mine) == printed + 1:
                self.refuse((), functools.partial(_over_count, name, mine, printed, sets[owner], owner), copy.named)

    def count_berserkers(self, copies: list[_Copy], sets: tuple[FactionSet, FactionSet]) -> None:
        """No more Berserkers and transformed Berserkers together than the set prints Berserkers (§10): a
        transformed Berserker is removed from the game and its replacement (Transformed Vildkaarl) comes from the
        side deck, so each replacement out of the side deck (in a row or a discard pile) used up one Berserker.
        A Berserker and its replacement both on the battlefield, or more replacements than Berserkers, cannot be."""
        replaced_by = {card.side_deck_card: card for card in self.catalog.cards.values()
                       if "berserker" in card.abilities and card.side_deck_card}
        counted: dict[tuple[int, str], list[_Copy]] = {}
        for copy in copies:
            berserker = replaced_by.get(copy.card.name)
            if berserker is not None and copy.zone.endswith(".side"):
                continue  # still beside the play area: no Berserker was used up for it
            name = berserker.name if berserker is not None else copy.card.name
            if berserker is None and "berserker" not in copy.card.abilities:
                continue
            counted.setdefault((copy.owners[0], name), []).append(copy)
        for (owner, name), found in counted.items():
            printed = sets[owner].copies.get(name, 0)
            transformed = [copy for copy in found if copy.card.name != name]
            if len(found) <= printed or not transformed:
                continue
            last = max(found, key=lambda c: (c.named.line or 0, c.named.column or 0))
            whose = "mine" if owner == 0 else "the opponent's"
            replacement = transformed[0].card.name
            self.refuse((), f"{name} ×{len(found) - len(transformed)} and {replacement} ×{len(transformed)} of "
                        f"{whose} ({_zones(found)}): the {sets[owner].name} set prints {printed} {name}, and each "
                        f"{replacement} took the place of one, removed from the game (§10): remove a {name} or a "
                        f"{replacement}",
                        last.named)

    def check_round(self, document: dict[str, Any], round_number: int, gems: list[int]) -> None:
        """Gems that fit the round (§6, §9): 2 each in round 1; one lost by someone before round 2 (a tie costs
        both a gem, and from 1 each the game would be over); 1 each in round 3."""
        given = [side for side in SIDES if "gems" in document[side]]
        path = (given[0], "gems") if given else ("round",)
        if round_number == 1 and gems != [2, 2]:
            self.refuse(path, "in round 1 both players have their 2 gems (§6): gems = 2, or round = 2")
        elif round_number == 2 and gems == [2, 2]:
            self.refuse(path, "round 2 comes after a round someone lost (§9): gems = 1 for that side")
        elif round_number == 3 and gems != [1, 1]:
            self.refuse(path, "in round 3 each player has 1 gem left (§9): gems = 1 on both sides")

    def leader_horn(self, index: int, table: dict[str, Any], leaders: list[Card | None], horns: list[int]) -> int:
        """The row the side's Leader doubles (-1: none): a Horn Leader's own row (its text), not where the Horn
        zone holds a Special Horn (§21), not under The White Flame; and ``leader_used`` that fits the Leader."""
        from deckcli.game.leaders import HORN_ROWS, PASSIVE, WHITE_FLAME

        side = SIDES[index]
        leader = leaders[index]
        if table.get("leader_used") is True:
            if leader is None:
                self.refuse((side, "leader_used"), 'no leader is named: leader_used needs a leader = "..."')
            elif leader.name in PASSIVE:
                self.refuse((side, "leader_used"), f"{leader.name} is Passive (§5): it is always in effect, never used")
        if "leader_horn" not in table:
            return -1
        path = (side, "leader_horn")
        row = self.row_code(path, table["leader_horn"])
        horn_row = HORN_ROWS.get(leader.name) if leader is not None else None
        opponent = leaders[1 - index]
        if leader is None or horn_row is None:
            named = f"{leader.name} doubles no row" if leader is not None else "no leader is named"
            self.refuse(path, f"{named}: leader_horn is the row a Horn Leader ({either(list(HORN_ROWS))}) doubles")
        elif row is not None and row != horn_row:
            self.refuse(path, f'{leader.name} doubles {ROW_NAMES[horn_row]}: leader_horn = "{ROW_KEYS[horn_row]}"')
        elif opponent is not None and opponent.name == WHITE_FLAME:
            self.refuse(path, f"{WHITE_FLAME} cancels {leader.name}: it cannot have doubled a row")
        elif row is not None and row in horns:
            self.refuse(path, f"{ROW_NAMES[row]} holds a Commander's Horn already: a Leader's Horn would do nothing "
                        "there (§21)")
        elif table.get("leader_used") is False:
            self.refuse((side, "leader_used"), "a Leader that doubled a row has been used: leader_used = true")
        elif row is not None:
            return row
        return -1

    def rows_named(self, index: int, key: str, table: dict[str, Any], sets: tuple[FactionSet, FactionSet],
                   copies: list[_Copy]) -> list[int]:
        """The rows ``horns`` or ``mardroeme`` name; each is a copy of the Special Card lying there (§11), and a
        Horn zone holds one Horn."""
        side = SIDES[index]
        path = (side, key)
        special = self.catalog.cards.get("Commander's Horn" if key == "horns" else "Mardroeme")
        rows: list[int] = []
        for named in self.named(path, table.get(key, [])):
            row = self.row_code(path, named.text, named)
            if row is None or special is None:
                continue
            if key == "horns" and row in rows:
                self.refuse(path, f"one Special Commander's Horn per row (§11): {ROW_KEYS[row]} is named twice", named)
                continue
            owners = self.owners(named, path, special, sets, index, first=index)
            if owners:
                rows.append(row)
                copies.append(_Copy(special, owners, named, ".".join(path)))
        return rows

    def row_code(self, path: tuple[str, ...], text: str, named: _Named | None = None) -> int | None:
        """The row ``text`` names: ``close``, ``Close Combat``, ``siege``, ``Siege Combat`` and so on, any case."""
        from deckcli.catalog.names import fold

        key = fold(text).removesuffix(" row").removesuffix(" combat").strip()
        if key in ROW_CODES:
            return ROW_CODES.index(key)
        self.refuse(path, f'{_shown(text)} is not a row: write "close", "ranged" or "siege"', named)
        return None

    def to_move(self, document: dict[str, Any]) -> int:
        """The player to move: a player who passed moves no more in the round (§7 C), so when one side has passed
        the other moves without ``to_move`` saying so; otherwise me by default."""
        passed = [bool(document[side].get("passed", False)) for side in SIDES]
        default = SIDES[passed.index(False)] if passed.count(True) == 1 else "me"
        player = SIDES.index(document.get("to_move", default))
        if passed[player] and not passed[1 - player]:
            other = SIDES[1 - player]
            self.refuse(("to_move",) if "to_move" in document else (SIDES[player], "passed"),
                        f'[{SIDES[player]}] has passed and moves no more this round (§7): to_move = "{other}"')
        return player


def _integer(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


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


def _unknown_key(key: str, at: tuple[str, ...], known: tuple[str, ...]) -> str:
    """Why a key is refused, and what it was likely meant to be: a close key here, or one of the other level."""
    import difflib

    said = f"key '{printable(key)}' is not part of a board file"

    folded = key.casefold().strip()
    close = [folded] if folded in known else difflib.get_close_matches(folded, known, n=1, cutoff=0.7)
    if close:
        return f"{said}; did you mean {close[0]}?"
    shown = printable(key)
    if at and (key in TOP_KEYS or difflib.get_close_matches(folded, TOP_KEYS, n=1, cutoff=0.8)):
        return f"{said}; {shown} is written at the top of the file, before [me]"
    if not at and (key in SIDE_KEYS or difflib.get_close_matches(folded, SIDE_KEYS, n=1, cutoff=0.8)):
        return f"{said}; {shown} belongs to a side: write it under [me] or [opponent]"
    return f"{said}; the keys are {', '.join(known)}"


def _suggest_leaders(catalog: Catalog, typed: str) -> list[str]:
    from deckcli.catalog.names import fold, suggest

    leaders = {fold(card.name): card.name for card in catalog.cards.values() if card.is_leader}
    return suggest(typed, leaders)


def _either_owner(copy: _Copy) -> bool:
    """Whether ``copy`` may belong to either player whose set prints it: a Weather Card in the Weather area, a Spy."""
    return copy.zone == "weather" or (copy.card.is_unit and "spy" in copy.card.abilities)


def _zones(copies: list[_Copy]) -> str:
    """``me.close ×2, me.hand``: where the copies lie."""
    zones: dict[str, int] = {}
    for copy in copies:
        zones[copy.zone] = zones.get(copy.zone, 0) + 1
    return ", ".join(f"{zone} ×{count}" if count > 1 else zone for zone, count in zones.items())


def _over_count(name: str, copies: list[_Copy], printed: int, faction: FactionSet, owner: int) -> str:
    whose = "mine" if owner == 0 else "the opponent's"
    return f"{name}: {len(copies)} copies of {whose} ({_zones(copies)}); the {faction.name} set prints {printed} (§1)"


def _over_both(name: str, placed: list[_Copy], sets: tuple[FactionSet, FactionSet]) -> str:
    copies = [copy for copy in placed if copy.card.name == name]
    both = sets[0].copies[name] + sets[1].copies[name]
    return (f"{name}: {len(copies)} copies on the table ({_zones(copies)}); the {sets[0].name} and {sets[1].name} "
            f"sets print {both} between them (§1)")


def board_text(game: Game, factions: tuple[str, str], *, decoys: int = 0, note: str = "") -> str:
    """The position of ``game`` as a board file that :func:`read_board` reads back to the same totals: the Weather
    area, the round, the player to move, then ``[me]`` and ``[opponent]`` (``factions``: their names) with every
    zone card by card (a deck's top card last), the Horn zones, the Mardroemes, gems, passes and Leaders; ``decoys``
    the automaton's Decoys with a card under each (Gwent Solo, §19). ``note`` opens the file as a comment."""
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
