"""The state of a game of Gwent, and the Strength of every row (rulebook §4, §8).

A :class:`Game` is mutable and cheap to copy: its zones are lists of card instance numbers
(:mod:`deckcli.game.cards`), the table of card facts is shared between copies, and the total of
each row is cached and recomputed only for a row that changed. Nothing here decides anything:
playing cards is :mod:`deckcli.game.abilities`, Leaders :mod:`deckcli.game.leaders`, turns and
rounds :mod:`deckcli.game.rounds`, what differs between the two-player game, Gwent Solo, Free For All and two
versus two :mod:`deckcli.game.modes`.

Players are numbered in turn order and sides from 0 (:mod:`deckcli.game.seating`: in the two-player game player
``p`` plays side ``p``). A row ``slot`` is ``side * 3 + row``. A game is one state of the game tree: between
two moves it waits on a :class:`~deckcli.game.actions.Decision` (``decision``), what one player is asked now,
with the rest of the move still to resolve held in ``frames`` (:func:`deckcli.game.rounds.advance`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from deckcli.game.cards import HERO, HORN, MORALE, ROW_CODES, SPY, TIGHT_BOND, UNIT, AGILE, GameCards
from deckcli.game.chance import Chance
from deckcli.game.seating import TWO_PLAYERS

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from deckcli.game.actions import Decision, Frame
    from deckcli.game.seating import Seating

NO_HORN = -1
LEADER_HORN = -2
"""``horn[slot]`` of a row player 0's Leader doubles "like a Commander's Horn" (the Horn zone is taken for the
round); player ``p``'s Leader is ``LEADER_HORN - p`` (:func:`leader_horn`): any value up to ``LEADER_HORN`` is a
Leader's."""


def leader_horn(player: int) -> int:
    """The Horn zone's value while ``player``'s Leader doubles the row (:data:`LEADER_HORN`)."""
    return LEADER_HORN - player


def horn_leader(held: int) -> int:
    """The player whose Leader doubles a row whose Horn zone holds ``held`` (-1: no Leader's)."""
    return LEADER_HORN - held if held <= LEADER_HORN else -1

EVENTS = ("start", "hand", "exchange", "draw", "play", "leader", "pass", "discard", "summon", "transform",
          "return", "reveal", "keep", "round_end", "game_end", "move")
"""Every kind of event of the game log (``schemas/output/game-log.schema.json``)."""
LOG_FORMAT_VERSION = 2
"""The shape of the game log's lines, on each game's ``start`` event: 2 since each event carries the board after it."""


class Mode:
    """What a mode of play changes in the one engine (:mod:`deckcli.game.modes` holds them), its defaults those of
    the two-player game (§6–9), and what every mode shares: two gems a side (§6), a round won by the higher total
    (Nilfgaard's tie, §3), the winner starting the next round (a coin after a tie), Northern Realms drawing for a won
    round, the game over when a side has no gem left (§9)."""

    name: ClassVar[str] = "standard"
    automaton: int = -1
    """The seat Gwent Solo's automated opponent plays (-1: none); its decisions are its rules' (§18–19)."""
    gems: ClassVar[bool] = True
    """Whether rounds cost gems (§9, §17); Free For All scores points instead (§16)."""

    def copy(self) -> Mode:
        """This mode for a copy of the game (a mode holding state of its own copies it)."""
        return self

    def seating(self, factions: list[str]) -> Seating:
        """Who sits where for players of ``factions`` (in turn order); raises ``ValueError`` when the mode cannot
        seat them."""
        if len(factions) != 2:
            raise ValueError(f"a two-player game seats 2 players, not {len(factions)}")
        return TWO_PLAYERS

    def cancelled_by(self, game: Game, player: int) -> tuple[int, ...]:
        """The players whose Leader ``player``'s Emhyr var Emreis: The White Flame cancels: the opponents' (its
        text; at a table of several opponents, every opponent's, a ruling)."""
        return game.foes[player]

    def scorch_slots(self, game: Game, player: int) -> tuple[int, ...]:
        """The rows a Scorch over the battlefield played by ``player`` reads: every row (§11)."""
        return tuple(range(len(game.rows)))

    def held(self) -> list[int]:
        """Card instances the mode holds off the battlefield (Gwent Solo's Decoys and the cards under them)."""
        return []

    def unseen(self, player: int) -> list[int]:
        """Cards of ``player``'s the mode holds face down (Gwent Solo: the cards under its Decoys)."""
        return []

    def redeal(self, pool: list[int], rng: random.Random, shuffled: bool = True) -> list[int]:
        """What the mode holds face down dealt again for an imagined game (Gwent Solo only); returns ``pool``'s
        rest."""
        raise ValueError("only Gwent Solo holds cards face down")

    def owe(self, cards: int) -> None:
        """Gwent Solo's automated opponent owes ``cards`` more reveals (a Spy of its, §19); no other seat owes."""
        raise ValueError("only Gwent Solo's automated opponent owes reveals")

    def choose_row(self, game: Game, card: int) -> int:
        """The row the automaton puts an Agile ``card`` in (Gwent Solo only)."""
        raise ValueError("only Gwent Solo's automated opponent chooses by rule")

    def medic(self, game: Game) -> None:
        """The automaton's Medic (Gwent Solo only, §19)."""
        raise ValueError("only Gwent Solo's automated opponent plays a Medic by rule")

    def muster(self, game: Game, card: int) -> None:
        """The automaton's Muster (Gwent Solo only, §19)."""
        raise ValueError("only Gwent Solo's automated opponent musters by rule")

    def automaton_turn(self, game: Game) -> None:
        """One turn of the automated opponent (Gwent Solo only, §18)."""
        raise ValueError("only Gwent Solo has an automated opponent")

    def set_up(self, game: Game) -> bool:
        """Set the game up as the mode does, and say so (Gwent Solo, §18); ``False``: the standard set-up (§6,
        :func:`deckcli.game.rounds.start`)."""
        return False

    def after_turn(self, game: Game, player: int) -> None:
        """What follows ``player``'s turn before the next (Gwent Solo: its automaton's Agile moves, §19)."""

    def round_ending(self, game: Game) -> None:
        """Everyone has passed, the round is about to be scored: what the mode resolves first (Gwent Solo's Decoys
        and Leader variant, §18–19)."""

    def round_started(self, game: Game, winner: int | None) -> None:
        """The next round is set up, after the faction abilities of its start: what the mode changes (Gwent Solo:
        who starts, §19). ``winner`` is the side that won the round just scored (``None``: nobody)."""

    def draws_for_winning(self, player: int) -> bool:
        """Whether ``player``, Northern Realms, draws a card for a won round (§3): yes (Gwent Solo's automaton instead
        plays two cards on its next turn, §19)."""
        return True

    filters_kept = False
    """Whether :meth:`keeps` filters what a faction ability keeps or returns (two versus two, §17)."""

    def keeps(self, game: Game, side: int, card: int, faction: str) -> bool:
        """Whether ``card`` on ``side`` may be what the faction ability of ``faction`` keeps or returns (Monsters'
        unit that stays, Skellige's return): any unit."""
        return True

    def log_fields(self, game: Game, record: dict[str, Any]) -> None:
        """What a mode adds to every logged event (``record``, already stamped)."""


def _empty_lists(count: int) -> list[list[int]]:
    if count == 2:
        return [[], []]
    if count == 6:
        return [[], [], [], [], [], []]
    return [[] for _ in range(count)]


class Game:
    """One game: its ``mode`` (:class:`deckcli.game.modes.Mode`) and ``seating``, its zones and its counts.

    Per player (lists indexed by player): ``hand``, ``deck`` (the top card is the last), ``aside`` (the cards set
    aside while exchanging, §6, shuffled back when the player is done), ``faction`` and ``leader`` (the Leader card's
    name, ``None``: none; both fixed once the game is set up, and shared by its copies), ``leader_used``, ``leader_live`` (whether its ability works at all: The White Flame
    cancels), ``passed`` for the round, ``known`` (the cards of other players' hands this player has seen: a Leader
    showed them, a Decoy took them back), ``weathers`` (Weather Cards played so far, §12), ``points`` (Free For
    All's, §16).

    Per side: ``discard`` (a team shares one, §17), ``side_deck`` (§2; the teammates' together), ``gems`` (two, §6;
    two a team, §17; unused in Free For All), ``halved`` (King Bran: Weather halves that side's units), ``agile_bonus``
    (a Solo Leader's, §20), ``scorched`` (its units a Scorch has discarded so far). Per slot: ``rows`` (a Decoy lies
    in its row, §11), ``horn`` (the Special Commander's Horn in the row's Horn zone, ``LEADER_HORN`` or
    ``NO_HORN``), ``mardroeme`` (the Mardroeme Special Cards lying on the row).

    Shared: ``weather``, the Weather area, with ``weather_by`` the player who played each card there (§9: it goes
    to that player's side's pile); ``removed``, the Berserkers transformed out of the game (§10); ``resolving``, a
    Scorch or Clear Weather on the table while it resolves, with ``resolving_by``; ``owner`` (per card instance:
    the player who brought it) and ``spied`` (each Spy played: the side of the player who played it).

    ``round`` counts from 1; ``to_move`` is the player whose turn it is; ``over`` and ``winner`` (the winning side,
    ``None`` for a draw) when the game has ended; ``round_winners`` (a side or ``None`` per round), ``round_scores``
    (every side's total as each round was scored, §9), ``round_points`` (Free For All: each player's points per
    round). ``decision`` is what the game waits on and ``frames`` the rest of the move to resolve after it.
    """

    __slots__ = (
        "cards", "rng", "mode", "seating", "players", "sides", "side_of", "opponents", "foes", "hand", "deck", "discard", "side_deck",
        "rows", "horn", "mardroeme", "weather", "weather_by", "weather_mask", "removed", "aside", "resolving",
        "resolving_by", "gems", "passed", "faction", "leader", "leader_used", "leader_live", "round", "to_move",
        "starter", "over", "winner", "round_winners", "known", "spy_factor", "halved", "random_revive",
        "agile_bonus", "totals", "dirty", "log", "game_id", "round_scores", "scorched", "weathers", "logged",
        "logged_before", "owner", "spied", "points", "round_points", "plays", "opening", "decision", "frames",
        "moving",
    )

    def __init__(self, cards: GameCards, rng: random.Random, mode: Mode, seating: Seating) -> None:
        players, sides = seating.players, seating.sides
        self.cards = cards
        self.rng = rng
        self.mode = mode
        self.seating = seating
        self.players = players
        self.sides = sides
        self.side_of = seating.side_of
        self.opponents = seating.opponents
        self.foes = seating.foes
        self.hand: list[list[int]] = _empty_lists(players)
        self.deck: list[list[int]] = _empty_lists(players)
        self.aside: list[list[int]] = _empty_lists(players)
        self.faction = [""] * players
        self.leader: list[str | None] = [None] * players
        self.leader_used = [False] * players
        self.leader_live = [True] * players
        self.passed = [False] * players
        self.known: list[set[int]] = [set(), set()] if players == 2 else [set() for _ in range(players)]
        self.weathers = [0] * players
        """Per player: the Weather Cards it has played so far (§12; Clear Weather is none)."""
        self.points = [0] * players
        self.discard: list[list[int]] = _empty_lists(sides)
        self.side_deck: list[list[int]] = _empty_lists(sides)
        self.gems = [2] * sides
        self.halved = [False] * sides
        """Per side: King Bran's Weather halves that side's units instead of setting them to 1."""
        self.agile_bonus = [0] * sides
        """Per side: Strength every Agile unit there gains (a Solo Leader adaptation, §20)."""
        self.scorched = [0] * sides
        """Per side: its units a Scorch has discarded so far (the Special Card, a unit's or a Leader's, §10, §11)."""
        self.rows: list[list[int]] = _empty_lists(sides * 3)
        self.horn = [NO_HORN] * (sides * 3)
        self.mardroeme: list[list[int]] = _empty_lists(sides * 3)
        self.totals = [0] * (sides * 3)
        self.dirty = (1 << (sides * 3)) - 1
        self.weather: list[int] = []
        self.weather_by: list[int] = []
        self.weather_mask = 0
        self.removed: list[int] = []
        self.resolving: list[int] = []
        self.resolving_by: list[int] = []
        self.owner: list[int] = []
        self.spied: dict[int, int] = {}
        self.round = 1
        self.to_move = 0
        self.starter = 0
        self.over = False
        self.winner: int | None = None
        self.round_winners: list[int | None] = []
        self.round_scores: list[tuple[int, ...]] = []
        """Every side's total at the end of each round played, as the round's winner was decided (§9)."""
        self.round_points: list[list[int]] = []
        self.plays = 0
        """The turns of this round in which a player played a card or used the Leader."""
        self.opening: tuple[Any, ...] = ()
        """Free For All: the position this round started from (:func:`deckcli.game.rounds.stalemate`)."""
        self.spy_factor = 1
        """2 while Eredin Bréacc Glas: The Treacherous makes every Spy count double, for every player."""
        self.random_revive = False
        """Emhyr var Emreis: Invader of the North: a unit returned from a discard pile is picked at random."""
        self.decision: Decision | None = None
        self.frames: list[Frame] = []
        self.moving = -1
        """The player whose move is resolving (-1: none): its turn ends once the move has resolved."""
        self.log: list[dict[str, Any]] | None = None
        self.logged: dict[str, Any] = {}
        """The board as the log's last event left it (:meth:`emit` logs only what changed since)."""
        self.logged_before: dict[str, Any] = {}
        """The board as the event before the last left it (:meth:`restamp` logs the last event again)."""
        self.game_id = 0

    def members(self, side: int) -> tuple[int, ...]:
        """The players of ``side``, in turn order."""
        return self.seating.members[side]

    def copy(self, rng: random.Random | None = None) -> Game:
        """An independent copy sharing only what never changes (the card table, the seating, the owners), for
        search; its log is off and its random source ``rng``, or a copy of this one's (:meth:`Chance.copy`)."""
        other = Game.__new__(Game)
        other.cards = self.cards
        if rng is not None:
            other.rng = rng
        elif isinstance(self.rng, Chance):
            other.rng = self.rng.copy()
        else:
            other.rng = Chance.__new__(Chance)
            other.rng.setstate(self.rng.getstate())
        other.mode = self.mode.copy()
        other.seating = self.seating
        other.players = self.players
        other.sides = self.sides
        other.side_of = self.side_of
        other.opponents = self.opponents
        other.foes = self.foes
        if len(self.hand) == 2 and len(self.discard) == 2:  # the two-player game: most copies a search makes
            hand, deck, aside, discard, side_deck = self.hand, self.deck, self.aside, self.discard, self.side_deck
            other.hand = [hand[0][:], hand[1][:]]
            other.deck = [deck[0][:], deck[1][:]]
            other.aside = [aside[0][:], aside[1][:]]
            other.discard = [discard[0][:], discard[1][:]]
            other.side_deck = [side_deck[0][:], side_deck[1][:]]
            known = self.known
            other.known = [set(known[0]), set(known[1])]
        else:
            other.hand = [zone[:] for zone in self.hand]
            other.deck = [zone[:] for zone in self.deck]
            other.aside = [zone[:] for zone in self.aside]
            other.discard = [zone[:] for zone in self.discard]
            other.side_deck = [zone[:] for zone in self.side_deck]
            other.known = [set(seen) for seen in self.known]
        other.faction = self.faction
        other.leader = self.leader
        other.leader_used = self.leader_used[:]
        other.leader_live = self.leader_live[:]
        other.passed = self.passed[:]
        other.weathers = self.weathers[:]
        other.points = self.points[:]
        other.gems = self.gems[:]
        other.halved = self.halved[:]
        other.agile_bonus = self.agile_bonus[:]
        other.scorched = self.scorched[:]
        other.rows = [row[:] for row in self.rows]
        other.horn = self.horn[:]
        other.mardroeme = [row[:] for row in self.mardroeme]
        other.totals = self.totals[:]
        other.dirty = self.dirty
        other.weather = self.weather[:]
        other.weather_by = self.weather_by[:]
        other.weather_mask = self.weather_mask
        other.removed = self.removed[:]
        other.resolving = self.resolving[:]
        other.resolving_by = self.resolving_by[:]
        other.owner = self.owner
        other.spied = dict(self.spied)
        other.round = self.round
        other.to_move = self.to_move
        other.starter = self.starter
        other.over = self.over
        other.winner = self.winner
        other.round_winners = self.round_winners[:]
        other.round_scores = self.round_scores[:]
        other.round_points = self.round_points[:]
        other.plays = self.plays
        other.opening = self.opening
        other.spy_factor = self.spy_factor
        other.random_revive = self.random_revive
        other.decision = self.decision
        other.frames = self.frames[:]
        other.moving = self.moving
        other.log = None
        other.logged = {}
        other.logged_before = {}
        other.game_id = self.game_id
        return other

    def mirrored(self) -> Game:
        """A copy with the two sides swapped (:meth:`copy`, random source included): player 0's hand, deck, piles,
        rows, Horn zones, gems, Leader and the rest become player 1's and the other way round; the Weather area
        (each card still its player's), the round and the random source's state stay. The card instances are the
        same, so an action names the same cards in both. Only for a game of two players on two sides waiting on a
        turn (not Gwent Solo, whose automated opponent keeps its seat): raises ``ValueError`` otherwise."""
        if self.mode.automaton >= 0 or self.players != 2 or self.sides != 2:
            raise ValueError("only a two-player game has a mirror: Gwent Solo's automated opponent keeps its seat")
        if self.frames:
            raise ValueError("a game is mirrored between two moves, not inside one")
        other = self.copy()
        other.hand, other.deck, other.aside = other.hand[::-1], other.deck[::-1], other.aside[::-1]
        other.discard, other.side_deck = other.discard[::-1], other.side_deck[::-1]
        other.gems, other.passed, other.faction = other.gems[::-1], other.passed[::-1], other.faction[::-1]
        other.leader, other.leader_used, other.leader_live = other.leader[::-1], other.leader_used[::-1], other.leader_live[::-1]
        other.halved, other.agile_bonus, other.known = other.halved[::-1], other.agile_bonus[::-1], other.known[::-1]
        other.weathers, other.points, other.scorched = other.weathers[::-1], other.points[::-1], other.scorched[::-1]
        other.rows = other.rows[3:] + other.rows[:3]
        other.horn = [leader_horn(1 - horn_leader(held)) if held <= LEADER_HORN else held
                      for held in other.horn[3:] + other.horn[:3]]
        other.mardroeme = other.mardroeme[3:] + other.mardroeme[:3]
        other.totals = other.totals[3:] + other.totals[:3]
        other.dirty = (self.dirty >> 3 | self.dirty << 3) & 0b111111
        other.weather_by = [1 - by for by in self.weather_by]
        other.resolving_by = [1 - by for by in self.resolving_by]
        other.owner = [1 - owner for owner in self.owner]
        other.spied = {card: 1 - side for card, side in self.spied.items()}
        other.to_move, other.starter = 1 - self.to_move, 1 - self.starter
        other.winner = None if self.winner is None else 1 - self.winner
        other.round_winners = [None if won is None else 1 - won for won in self.round_winners]
        other.round_scores = [scores[::-1] for scores in self.round_scores]
        if self.decision is not None:
            other.decision = self.decision.mirrored()
        return other

    # Strength (§8) -------------------------------------------------------------------------------

    def row_values(self, slot: int, why: list[list[str]] | None = None) -> list[int]:
        """The current Strength of each card of row ``slot``, in the row's order (§8).

        Modifiers apply in the rulebook's order: Weather, Tight Bond, Morale Boost, Commander's Horn
        (§8). A Hero keeps its printed Strength whatever affects the row (§5); a Decoy is worth 0
        (§11). Weather sets a unit's Strength to 1 (§12; it never raises a Strength below 1), or halves
        it, rounded up, on the side of King Bran. Tight Bond multiplies by the matching Tight Bond
        units of the row, itself included; Morale Boost adds 1 per other Morale Boost unit of the row;
        a Horn doubles: a Special Commander's Horn or a Leader's the whole row, a unit's Horn every
        other unit, and never twice (§21). Under Eredin Bréacc Glas: The Treacherous a Spy "counts double its
        Strength": what it counts after every modifier is doubled (a Spy struck by Weather counts 2, not 1).
        With ``why``, one list of reasons per card is appended
        (``"weather 1"``, ``"bond ×3"``, ``"morale +1"``, ``"Horn ×2"``).
        """
        cards = self.rows[slot]
        if not cards:
            return []
        table = self.cards
        kind, power, ability, group = table.kind, table.power, table.ability, table.group
        side, row = divmod(slot, 3)
        weathered = self.weather_mask >> row & 1
        halved = weathered and self.halved[side]
        bonds: dict[int, int] = {}
        morale = 0
        horn_unit = -1
        for card in cards:
            if kind[card] > HERO:
                continue
            bits = ability[card]
            if bits & TIGHT_BOND:
                bonds[group[card]] = bonds.get(group[card], 0) + 1
            if bits & MORALE:
                morale += 1
            if bits & HORN and horn_unit < 0:
                horn_unit = card
        whole_row_horn = self.horn[slot] != NO_HORN
        agile_bonus = self.agile_bonus[side]
        values = []
        for card in cards:
            kind_of = kind[card]
            if kind_of != UNIT:
                values.append(power[card] if kind_of == HERO else 0)
                if why is not None:
                    why.append(["Hero: untouched"] if kind_of == HERO else [])
                continue
            bits = ability[card]
            value = power[card]
            reasons: list[str] | None = [] if why is not None else None
            if weathered:
                value = (value + 1) // 2 if halved else min(value, 1)
                if reasons is not None:
                    reasons.append(f"weather halved {value}" if halved else f"weather {value}")
            if bits & TIGHT_BOND:
                bond = bonds[group[card]]
                if bond > 1:
                    value *= bond
                    if reasons is not None:
                        reasons.append(f"bond ×{bond}")
            boost = morale - 1 if bits & MORALE else morale
            if bits & AGILE and agile_bonus:
                boost += agile_bonus
            if boost:
                value += boost
                if reasons is not None:
                    reasons.append(f"morale +{boost}")
            if whole_row_horn or (horn_unit >= 0 and card != horn_unit):
                value *= 2
                if reasons is not None:
                    reasons.append("Horn ×2")
            if bits & SPY and self.spy_factor != 1:
                value *= self.spy_factor
                if reasons is not None:
                    reasons.append(f"Spy counts ×{self.spy_factor}")
            values.append(value)
            if why is not None and reasons is not None:
                why.append(reasons)
        return values

    def strongest(self, slots: tuple[int, ...]) -> list[tuple[int, int]]:
        """The non-Hero units of ``slots`` with the highest current Strength, as ``(slot, card)`` pairs: all of
        them when several share it (what a Scorch takes, §10, §11). A Decoy is no unit; Heroes are neither taken
        nor counted."""
        best = -1
        found: list[tuple[int, int]] = []
        kind = self.cards.kind
        for slot in slots:
            row = self.rows[slot]
            if not row:
                continue
            for card, value in zip(row, self.row_values(slot)):
                if kind[card] != UNIT:
                    continue
                if value > best:
                    best, found = value, [(slot, card)]
                elif value == best:
                    found.append((slot, card))
        return found

    def row_total(self, slot: int) -> int:
        """The Strength of row ``slot``: recomputed only when the row changed since it was last asked."""
        if self.dirty >> slot & 1:
            self.totals[slot] = sum(self.row_values(slot))
            self.dirty &= ~(1 << slot)
        return self.totals[slot]

    def row_total_with(self, slot: int, card: int) -> int:
        """What row ``slot`` would total with ``card`` added to its end (a what-if: nothing changes)."""
        row = self.rows[slot]
        row.append(card)
        total = sum(self.row_values(slot))
        row.pop()
        return total

    def row_total_without(self, slot: int, cards: list[int]) -> int:
        """What row ``slot`` would total without ``cards`` (a what-if: nothing changes)."""
        row = self.rows[slot]
        kept = row[:]
        self.rows[slot] = [card for card in row if card not in cards]
        total = sum(self.row_values(slot))
        self.rows[slot] = kept
        return total

    def gain_with(self, placements: list[tuple[int, int]]) -> int:
        """The Strength the rows would gain with each ``(slot, card)`` of ``placements`` added (a what-if:
        nothing changes; no ability resolves)."""
        if len(placements) == 1:  # the what-if of one card, the bots' most frequent
            slot, card = placements[0]
            before = self.row_total(slot)
            row = self.rows[slot]
            row.append(card)
            after = sum(self.row_values(slot))
            row.pop()
            return after - before
        slots = {slot for slot, _ in placements}
        before = sum(self.row_total(slot) for slot in slots)
        for slot, card in placements:
            self.rows[slot].append(card)
        after = sum(sum(self.row_values(slot)) for slot in slots)
        for slot, _card in reversed(placements):
            self.rows[slot].pop()
        return after - before

    def row_total_with_horn(self, slot: int) -> int:
        """What row ``slot`` would total with a whole-row Horn in its Horn zone (a what-if: nothing changes)."""
        if self.horn[slot] != NO_HORN:
            return self.row_total(slot)
        self.horn[slot] = LEADER_HORN
        total = sum(self.row_values(slot))
        self.horn[slot] = NO_HORN
        return total

    def scores_under_weather(self, mask: int) -> list[int]:
        """Every side's total were the rows of ``mask`` (a bit per row) the ones Weather strikes (a what-if:
        nothing changes; ``weather_mask | rows`` adds a Weather Card's rows, 0 clears them all)."""
        before = self.weather_mask
        self.weather_mask = mask
        changed = mask ^ before
        totals = [sum(self.row_values(slot)) if changed >> slot % 3 & 1 else self.row_total(slot)
                  for slot in range(len(self.rows))]
        self.weather_mask = before
        if len(totals) == 6:
            return [totals[0] + totals[1] + totals[2], totals[3] + totals[4] + totals[5]]
        return [totals[base] + totals[base + 1] + totals[base + 2] for base in range(0, len(totals), 3)]

    def score(self, side: int) -> int:
        """The total Strength of one side (§8)."""
        base = side * 3
        if not self.dirty >> base & 7:  # no row of the side changed since its totals were counted
            totals = self.totals
            return totals[base] + totals[base + 1] + totals[base + 2]
        return self.row_total(base) + self.row_total(base + 1) + self.row_total(base + 2)

    def scores(self) -> list[int]:
        """Every side's total Strength, in side order."""
        if self.sides == 2:
            return [self.score(0), self.score(1)]
        return [self.score(side) for side in range(self.sides)]

    def touch(self, slot: int) -> None:
        """Row ``slot`` changed: its total is recomputed when next asked."""
        self.dirty |= 1 << slot

    def touch_weather(self, mask: int) -> None:
        """Weather changed on the rows of ``mask``: those rows change on every side (§4, §12)."""
        if self.sides == 2:
            self.dirty |= mask | mask << 3
            return
        for side in range(self.sides):
            self.dirty |= mask << 3 * side

    # Zones ---------------------------------------------------------------------------------------

    def draw(self, player: int, count: int = 1) -> list[int]:
        """Draw up to ``count`` cards from the top of ``player``'s deck into the hand (fewer when it runs out)."""
        deck = self.deck[player]
        drawn = [deck.pop() for _ in range(min(count, len(deck)))]
        self.hand[player].extend(drawn)
        return drawn

    def holder(self, card: int) -> int:
        """The player whose hand holds ``card`` (-1 when it is in none)."""
        return next((player for player, hand in enumerate(self.hand) if card in hand), -1)

    def left_hand(self, player: int, card: int) -> None:
        """``card`` has left ``player``'s hand: no opponent holds it as a card seen there any more (a teammate sees
        the hand anyway, §17)."""
        known = self.known
        for foe in self.foes[player]:
            known[foe].discard(card)

    def shown_to_foes(self, player: int, card: int) -> None:
        """``card`` went into ``player``'s hand face up (a Decoy took it back, a Leader took it): the players
        opposing ``player`` have seen it there (a teammate sees the hand anyway, §17)."""
        for foe in self.foes[player]:
            self.known[foe].add(card)

    def every_zone(self) -> Callable[[], list[int]]:
        """For invariant checks: a function listing every instance in every zone, side decks, the removed and
        what Gwent Solo's automated opponent holds included (each card of the game must appear exactly once)."""

        def listing() -> list[int]:
            found: list[int] = []
            for player in range(len(self.hand)):
                found += self.hand[player] + self.deck[player] + self.aside[player]
            for side in range(len(self.discard)):
                found += self.discard[side] + self.side_deck[side]
            for slot in range(len(self.rows)):
                found += self.rows[slot] + self.mardroeme[slot]
                if self.horn[slot] >= 0:
                    found.append(self.horn[slot])
            found += self.weather + self.removed + self.resolving
            return found + self.mode.held()

        return listing

    # The game log ----------------------------------------------------------------------------------

    def emit(self, event: str, player: int | None, card: int | str | None = None, row: int | None = None,
             **extra: Any) -> None:
        """Append one event to the log, when the game keeps one (``log`` is not ``None``).

        The record has ``game``, ``round``, ``player``, ``event``, ``card`` and ``row`` (names, ``None``
        when the event has none; a Leader is named by ``card`` as text), then ``extra``, then the state after
        the event (:meth:`stamp`), then what the mode adds (Free For All's ``points``, the ``mode`` of a game of
        more than two players: :meth:`deckcli.game.modes.Mode.log_fields`). An event is emitted once what it does
        is done, so that its state is the state after it.
        """
        if self.log is None:
            return
        record: dict[str, Any] = {
            "game": self.game_id, "round": self.round, "player": player, "event": event,
            "card": self.cards.name[card] if isinstance(card, int) else card,
            "row": ROW_CODES[row] if row is not None else None,
        }
        record.update(extra)
        self.logged_before = self.logged
        self.stamp(record)
        self.log.append(record)

    def restamp(self, record: dict[str, Any]) -> None:
        """Give ``record``, when it is still the log's last event, the state now: an event whose effect came after
        it was logged and logged no event of its own (a Leader's Horn, the Agile units Hope moves)."""
        if self.log and self.log[-1] is record:
            self.logged = self.logged_before
            self.stamp(record)

    def stamp(self, record: dict[str, Any]) -> None:
        """Set on ``record`` the state after its event (``schemas/output/game-log.schema.json``): ``scores`` and
        ``gems`` (per side), ``hands`` and ``decks`` (cards held, cards left in the main decks, per player) always,
        and in ``board`` each part of the battlefield that changed since the game's previous event: ``rows`` (per
        slot, ``[name, current Strength]`` of each card in the row's order, ``None`` for a row unchanged), ``horns``
        (per slot: the Commander's Horn or the Leader doubling the row, or ``None``), ``mardroeme`` (per slot),
        ``weather`` (the Weather area's cards) and ``piles`` (each side's discard pile, ``None`` when unchanged; a
        Scorch resolving counts in its player's side's)."""
        names = self.cards.name
        before = self.logged
        board: dict[str, Any] = {}
        sides = range(len(self.discard))
        slots = range(len(self.rows))
        side_of = self.side_of
        # What each part is made of, as integers: a part whose makings are unchanged is not named again (this runs
        # once an event of every logged game, and naming cards and valuing rows is most of a log's cost).
        halved, bonus, spies, mask = self.halved, self.agile_bonus, self.spy_factor, self.weather_mask
        row_keys = [(*self.rows[slot], -1, mask >> slot % 3 & 1, self.horn[slot], halved[slot // 3], bonus[slot // 3],
                     spies) for slot in slots]
        leaders = tuple(self.leader)
        keys: dict[str, Any] = {
            "rows": row_keys,
            "horns": (*self.horn, *leaders),
            "mardroeme": tuple(tuple(row) for row in self.mardroeme),
            "weather": tuple(self.weather),
            "piles": [(*self.discard[side], -1,
                       *(c for c, by in zip(self.resolving, self.resolving_by) if side_of[by] == side))
                      for side in sides],
        }
        shown: dict[str, Any] = dict(before)
        old = before.get("keys", {})
        if keys["rows"] != old.get("rows"):
            rows = [None if old and row_keys[slot] == old["rows"][slot] else
                    [[names[card], value] for card, value in zip(self.rows[slot], self.row_values(slot))]
                    for slot in slots]
            if "rows" in before:
                rows = [None if row is None or row == before["rows"][slot] else row for slot, row in enumerate(rows)]
                shown["rows"] = [before["rows"][slot] if row is None else row for slot, row in enumerate(rows)]
            else:
                shown["rows"] = rows
            if any(row is not None for row in rows) or "rows" not in before:
                board["rows"] = rows
        if keys["piles"] != old.get("piles"):
            piles = [[names[card] for card in self.discard[side]]
                     + [names[card] for card, by in zip(self.resolving, self.resolving_by) if side_of[by] == side]
                     for side in sides]
            changed = [None if "piles" in before and pile == before["piles"][side] else pile
                       for side, pile in enumerate(piles)]
            if any(pile is not None for pile in changed):
                board["piles"] = changed
            shown["piles"] = piles
        if keys["horns"] != old.get("horns"):
            board["horns"] = shown["horns"] = [
                None if held == NO_HORN else names[held] if held >= 0 else self.leader[horn_leader(held)] or "Leader"
                for held in self.horn]
        if keys["mardroeme"] != old.get("mardroeme"):
            board["mardroeme"] = shown["mardroeme"] = [[names[c] for c in row] for row in self.mardroeme]
        if keys["weather"] != old.get("weather"):
            board["weather"] = shown["weather"] = [names[card] for card in self.weather]
        shown["keys"] = keys
        self.logged = shown
        record["scores"] = self.scores()
        record["gems"] = self.gems[:]
        record["hands"] = [len(hand) for hand in self.hand]
        record["decks"] = [len(deck) for deck in self.deck]
        record["board"] = board
        self.mode.log_fields(self, record)
