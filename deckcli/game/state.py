"""The state of a two-player game of Gwent, and the Strength of every row (rulebook §4, §8).

A :class:`Game` is mutable and cheap to copy: its zones are lists of card instance numbers
(:mod:`deckcli.game.cards`), the table of card facts is shared between copies, and the total of
each row is cached and recomputed only for a row that changed. Nothing here decides anything:
playing cards is :mod:`deckcli.game.abilities`, Leaders :mod:`deckcli.game.leaders`, turns and
rounds :mod:`deckcli.game.rounds`.

Sides and players are 0 and 1. A row ``slot`` is ``side * 3 + row``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from deckcli.game.cards import HERO, HORN, MORALE, ROW_CODES, SPY, TIGHT_BOND, UNIT, AGILE, GameCards

if TYPE_CHECKING:
    from collections.abc import Callable

NO_HORN = -1
LEADER_HORN = -2
"""``horn[slot]`` of a row a Leader doubles "like a Commander's Horn" (the Horn zone is taken for the round)."""

EVENTS = ("start", "hand", "exchange", "draw", "play", "leader", "pass", "discard", "summon", "transform",
          "return", "reveal", "keep", "round_end", "game_end", "move")
"""Every kind of event of the game log (``schemas/output/game-log.schema.json``)."""
LOG_FORMAT_VERSION = 2
"""The shape of the game log's lines, on each game's ``start`` event: 2 since each event carries the board after it."""


class Game:
    """One game between players 0 and 1.

    Zones (lists of instance numbers): ``hand``, ``deck`` (the top card is the last), ``discard``,
    ``side`` (the side deck, §2) per player; ``rows`` per slot (a Decoy lies in its row, §11);
    ``weather`` the shared Weather area with ``weather_by``, who played each card there (§9: it goes
    back to that player's discard pile); ``removed`` the Berserkers transformed out of the game (§10);
    ``aside`` the cards a player has set aside while exchanging (§6), shuffled back when they are done;
    ``resolving`` a Scorch or Clear Weather on the table while it resolves, before it is discarded.
    ``horn`` per slot: the Special Commander's Horn in that row's Horn zone, ``LEADER_HORN``, or
    ``NO_HORN``; ``mardroeme`` per slot: the Mardroeme Special Cards lying on the row.

    ``gems`` start at 2 each (§6); ``passed`` per player for the round; ``leader`` the Leader card
    name (``None``: none) and ``leader_used``; ``leader_live`` whether its ability works at all (The
    White Flame cancels the opponent's). ``round`` is 1, 2 or 3; ``to_move`` the player whose turn it
    is; ``over`` and ``winner`` (``None`` for a draw) when the game has ended. ``known[p]`` holds the
    cards of the opponent's hand that player ``p`` has seen (a Leader showed them, a Decoy took them
    back): what a player may know is what a player at the table sees.
    """

    __slots__ = (
        "cards", "rng", "hand", "deck", "discard", "side", "rows", "horn", "mardroeme", "weather", "weather_by",
        "weather_mask", "removed", "aside", "resolving", "gems", "passed", "faction", "leader", "leader_used", "leader_live",
        "round", "to_move", "starter", "over", "winner", "round_winners", "known", "spy_factor", "halved",
        "random_revive", "agile_bonus", "totals", "dirty", "log", "game_id", "solo", "round_scores", "scorched",
        "weathers", "resolving_by", "logged", "logged_before",
    )

    def __init__(self, cards: GameCards, rng: random.Random) -> None:
        self.cards = cards
        self.rng = rng
        self.hand: list[list[int]] = [[], []]
        self.deck: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.side: list[list[int]] = [[], []]
        self.rows: list[list[int]] = [[] for _ in range(6)]
        self.horn = [NO_HORN] * 6
        self.mardroeme: list[list[int]] = [[] for _ in range(6)]
        self.weather: list[int] = []
        self.weather_by: list[int] = []
        self.weather_mask = 0
        self.removed: list[int] = []
        self.aside: list[list[int]] = [[], []]
        self.resolving: list[int] = []
        self.resolving_by: list[int] = []
        self.gems = [2, 2]
        self.passed = [False, False]
        self.faction = ["", ""]
        self.leader: list[str | None] = [None, None]
        self.leader_used = [False, False]
        self.leader_live = [True, True]
        self.round = 1
        self.to_move = 0
        self.starter = 0
        self.over = False
        self.winner: int | None = None
        self.round_winners: list[int | None] = []
        self.known: list[set[int]] = [set(), set()]
        self.spy_factor = 1
        """2 while Eredin Bréacc Glas: The Treacherous makes every Spy count double, for both players."""
        self.halved = [False, False]
        """Per side: King Bran's Weather halves that side's units instead of setting them to 1."""
        self.random_revive = False
        """Emhyr var Emreis: Invader of the North: a unit returned from a discard pile is picked at random."""
        self.agile_bonus = [0, 0]
        """Per side: Strength every Agile unit there gains (a Solo Leader adaptation, §20)."""
        self.totals = [0] * 6
        self.dirty = 0b111111
        self.round_scores: list[tuple[int, int]] = []
        """Both totals at the end of each round played, as the round's winner was decided (§9)."""
        self.scorched = [0, 0]
        """Per side: its units a Scorch has discarded so far (the Special Card, a unit's or a Leader's, §10, §11)."""
        self.weathers = [0, 0]
        """Per player: the Weather Cards it has played so far (§12; Clear Weather is none)."""
        self.log: list[dict[str, Any]] | None = None
        self.logged: dict[str, Any] = {}
        """The board as the log's last event left it (:meth:`emit` logs only what changed since)."""
        self.logged_before: dict[str, Any] = {}
        """The board as the event before the last left it (:meth:`restamp` logs the last event again)."""
        self.game_id = 0
        self.solo: Any = None
        """The automated opponent of Gwent Solo (§18, :class:`deckcli.game.solo.Automaton`), when this game is one:
        the engine asks it for its ``seat``, ``copy()``, ``held()`` (the instances it holds off the battlefield, for
        the zone invariant), ``unseen()`` and ``redeal(pool, rng, shuffled)`` (the cards it holds face down, and
        them dealt again for a game imagined from the player's view), ``choose_row(game, card)``,
        ``round_ending(game, agents)`` and ``round_started(game, winner)``."""

    def copy(self, rng: random.Random | None = None) -> Game:
        """An independent copy sharing only the card table (for search); its log is off and its random
        source ``rng``, or a copy of this one's state (copying that state is most of a copy's cost)."""
        other = Game.__new__(Game)
        other.cards = self.cards
        if rng is None:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
        else:
            other.rng = rng
        other.hand = [self.hand[0][:], self.hand[1][:]]
        other.deck = [self.deck[0][:], self.deck[1][:]]
        other.discard = [self.discard[0][:], self.discard[1][:]]
        other.side = [self.side[0][:], self.side[1][:]]
        other.rows = [row[:] for row in self.rows]
        other.horn = self.horn[:]
        other.mardroeme = [row[:] for row in self.mardroeme]
        other.weather = self.weather[:]
        other.weather_by = self.weather_by[:]
        other.weather_mask = self.weather_mask
        other.removed = self.removed[:]
        other.aside = [self.aside[0][:], self.aside[1][:]]
        other.resolving = self.resolving[:]
        other.resolving_by = self.resolving_by[:]
        other.gems = self.gems[:]
        other.passed = self.passed[:]
        other.faction = self.faction[:]
        other.leader = self.leader[:]
        other.leader_used = self.leader_used[:]
        other.leader_live = self.leader_live[:]
        other.round = self.round
        other.to_move = self.to_move
        other.starter = self.starter
        other.over = self.over
        other.winner = self.winner
        other.round_winners = self.round_winners[:]
        other.known = [set(self.known[0]), set(self.known[1])]
        other.spy_factor = self.spy_factor
        other.halved = self.halved[:]
        other.random_revive = self.random_revive
        other.agile_bonus = self.agile_bonus[:]
        other.totals = self.totals[:]
        other.dirty = self.dirty
        other.round_scores = self.round_scores[:]
        other.scorched = self.scorched[:]
        other.weathers = self.weathers[:]
        other.log = None
        other.logged = {}
        other.logged_before = {}
        other.game_id = self.game_id
        other.solo = self.solo.copy() if self.solo is not None else None
        return other

    def mirrored(self) -> Game:
        """A copy with the sides swapped (:meth:`copy`, random source included): player 0's hand, deck, piles, rows,
        Horn zones, gems, Leader and the rest become player 1's and the other way round; the Weather area (each
        card still its player's), the round and the random source's state stay. The card instances are the same,
        so an action names the same cards in both. Not for Gwent Solo (its automaton has a seat of its own):
        raises ``ValueError`` there."""
        if self.solo is not None:
            raise ValueError("a game of Gwent Solo has no mirror: the automated opponent keeps its seat")
        other = self.copy()
        other.hand, other.deck = other.hand[::-1], other.deck[::-1]
        other.discard, other.side, other.aside = other.discard[::-1], other.side[::-1], other.aside[::-1]
        other.gems, other.passed, other.faction = other.gems[::-1], other.passed[::-1], other.faction[::-1]
        other.leader, other.leader_used, other.leader_live = other.leader[::-1], other.leader_used[::-1], other.leader_live[::-1]
        other.halved, other.agile_bonus, other.known = other.halved[::-1], other.agile_bonus[::-1], other.known[::-1]
        other.rows = other.rows[3:] + other.rows[:3]
        other.horn = other.horn[3:] + other.horn[:3]
        other.mardroeme = other.mardroeme[3:] + other.mardroeme[:3]
        other.totals = other.totals[3:] + other.totals[:3]
        other.dirty = (self.dirty >> 3 | self.dirty << 3) & 0b111111
        other.weather_by = [1 - by for by in self.weather_by]
        other.to_move, other.starter = 1 - self.to_move, 1 - self.starter
        other.winner = None if self.winner is None else 1 - self.winner
        other.round_winners = [None if won is None else 1 - won for won in self.round_winners]
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

    def scores_under_weather(self, mask: int) -> tuple[int, int]:
        """Both sides' totals were the rows of ``mask`` (a bit per row) the ones Weather strikes (a what-if:
        nothing changes; ``weather_mask | rows`` adds a Weather Card's rows, 0 clears them all)."""
        before = self.weather_mask
        self.weather_mask = mask
        totals = [sum(self.row_values(slot)) if (mask ^ before) >> slot % 3 & 1 else self.row_total(slot)
                  for slot in range(6)]
        self.weather_mask = before
        return totals[0] + totals[1] + totals[2], totals[3] + totals[4] + totals[5]

    def score(self, side: int) -> int:
        """The total Strength of one side (§8)."""
        base = side * 3
        return self.row_total(base) + self.row_total(base + 1) + self.row_total(base + 2)

    def scores(self) -> list[int]:
        """``[score of side 0, score of side 1]``."""
        return [self.score(0), self.score(1)]

    def touch(self, slot: int) -> None:
        """Row ``slot`` changed: its total is recomputed when next asked."""
        self.dirty |= 1 << slot

    def touch_weather(self, mask: int) -> None:
        """Weather changed on the rows of ``mask``: those rows change on both sides (§4, §12)."""
        self.dirty |= mask | mask << 3

    # Zones ---------------------------------------------------------------------------------------

    def draw(self, player: int, count: int = 1) -> list[int]:
        """Draw up to ``count`` cards from the top of ``player``'s deck into the hand (fewer when it runs out)."""
        deck = self.deck[player]
        drawn = [deck.pop() for _ in range(min(count, len(deck)))]
        self.hand[player].extend(drawn)
        return drawn

    def holder(self, card: int) -> int:
        """The player whose hand holds ``card`` (-1 when it is in neither)."""
        return 0 if card in self.hand[0] else 1 if card in self.hand[1] else -1

    def every_zone(self) -> Callable[[], list[int]]:
        """For invariant checks: a function listing every instance in every zone, side decks and the
        removed included (each card of the game must appear exactly once)."""

        def listing() -> list[int]:
            found: list[int] = []
            for player in (0, 1):
                found += self.hand[player] + self.deck[player] + self.discard[player] + self.side[player]
                found += self.aside[player]
            for slot in range(6):
                found += self.rows[slot] + self.mardroeme[slot]
                if self.horn[slot] >= 0:
                    found.append(self.horn[slot])
            found += self.weather + self.removed + self.resolving
            if self.solo is not None:
                found += self.solo.held()
            return found

        return listing

    # The game log ----------------------------------------------------------------------------------

    def emit(self, event: str, player: int | None, card: int | str | None = None, row: int | None = None,
             **extra: Any) -> None:
        """Append one event to the log, when the game keeps one (``log`` is not ``None``).

        The record has ``game``, ``round``, ``player``, ``event``, ``card`` and ``row`` (names, ``None``
        when the event has none; a Leader is named by ``card`` as text), then ``extra``, then the state after
        the event (:meth:`stamp`). An event is emitted once what it does is done, so that its state is the
        state after it.
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
        """Set on ``record`` the state after its event (``schemas/output/game-log.schema.json``): ``scores``,
        ``gems``, ``hands`` and ``decks`` (cards held, cards left in the main decks, per player) always, and in
        ``board`` each part of the battlefield that changed since the game's previous event: ``rows`` (per slot,
        ``[name, current Strength]`` of each card in the row's order, ``None`` for a row unchanged), ``horns``
        (per slot: the Commander's Horn or the Leader doubling the row, or ``None``), ``mardroeme`` (per slot),
        ``weather`` (the Weather area's cards) and ``piles`` (each discard pile, ``None`` when unchanged; a
        Scorch resolving counts in its player's)."""
        names = self.cards.name
        before = self.logged
        board: dict[str, Any] = {}
        # What each part is made of, as integers: a part whose makings are unchanged is not named again (this runs
        # once an event of every logged game, and naming cards and valuing rows is most of a log's cost).
        halved, bonus, spies, mask = self.halved, self.agile_bonus, self.spy_factor, self.weather_mask
        row_keys = [(*self.rows[slot], -1, mask >> slot % 3 & 1, self.horn[slot], halved[slot // 3], bonus[slot // 3],
                     spies) for slot in range(6)]
        keys: dict[str, Any] = {
            "rows": row_keys,
            "horns": (*self.horn, *self.leader),
            "mardroeme": tuple(tuple(row) for row in self.mardroeme),
            "weather": tuple(self.weather),
            "piles": [(*self.discard[side], -1, *(c for c, by in zip(self.resolving, self.resolving_by) if by == side))
                      for side in (0, 1)],
        }
        shown: dict[str, Any] = dict(before)
        old = before.get("keys", {})
        if keys["rows"] != old.get("rows"):
            rows = [None if old and row_keys[slot] == old["rows"][slot] else
                    [[names[card], value] for card, value in zip(self.rows[slot], self.row_values(slot))]
                    for slot in range(6)]
            if "rows" in before:
                rows = [None if row is None or row == before["rows"][slot] else row for slot, row in enumerate(rows)]
                shown["rows"] = [before["rows"][slot] if row is None else row for slot, row in enumerate(rows)]
            else:
                shown["rows"] = rows
            if any(row is not None for row in rows) or "rows" not in before:
                board["rows"] = rows
        if keys["piles"] != old.get("piles"):
            piles = [[names[card] for card in self.discard[side]]
                     + [names[card] for card, by in zip(self.resolving, self.resolving_by) if by == side]
                     for side in (0, 1)]
            changed = [None if "piles" in before and pile == before["piles"][side] else pile
                       for side, pile in enumerate(piles)]
            if changed != [None, None]:
                board["piles"] = changed
            shown["piles"] = piles
        if keys["horns"] != old.get("horns"):
            board["horns"] = shown["horns"] = [
                None if self.horn[slot] == NO_HORN else self.leader[slot // 3] or "Leader"
                if self.horn[slot] == LEADER_HORN else names[self.horn[slot]] for slot in range(6)]
        if keys["mardroeme"] != old.get("mardroeme"):
            board["mardroeme"] = shown["mardroeme"] = [[names[c] for c in row] for row in self.mardroeme]
        if keys["weather"] != old.get("weather"):
            board["weather"] = shown["weather"] = [names[card] for card in self.weather]
        shown["keys"] = keys
        self.logged = shown
        record["scores"] = self.scores()
        record["gems"] = self.gems[:]
        record["hands"] = [len(self.hand[0]), len(self.hand[1])]
        record["decks"] = [len(self.deck[0]), len(self.deck[1])]
        record["board"] = board
