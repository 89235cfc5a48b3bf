"""The repair of decks as an integer program: the fewest copies changed for a legal deck.

Every card a deck may hold after the repair is a *slot*: a card in one section
(``leader``, ``cards``, ``side``) of one deck, with its copies now and the most
it may hold (the copies its faction set prints, or fewer: ``--no-add``,
``--keep``). Two integer columns per slot count the copies removed and added.
The profile fields a rule set judges are linear in them (:mod:`deckcli.rules.profile`),
so the rule set's constraints (:mod:`deckcli.repair.constraints`) are rows.

The plan is the lexicographic optimum of (rulebook §2, §14, §15):

1. the fewest copies changed (removed + added; a change of Leader counts 1);
2. then the most unit Strength in the repaired decks;
3. then the fewest distinct cards touched;
4. then the cards touched earliest in catalog order (deck by deck), and each
   touched card keeping as many copies as it can, in catalog order.

Stages 1 and 2+3 are two solves (3 is folded into 2 with a weight that cannot
outbid one point of Strength); stage 4 takes a block of slots at a time, with
place-value weights. Each optimum is proven by HiGHS, so the plan is exact.
Catalog order inside a deck: Leaders, then ``[cards]``, then ``[side]``, each by
:func:`deckcli.catalog.ordering.catalog_order` (faction cards before neutral ones).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from deckcli.catalog.model import Card, Catalog
from deckcli.catalog.ordering import catalog_order
from deckcli.deck.resolution import ResolvedDeck
from deckcli.repair.constraints import Requirements, Rule
from deckcli.repair.solver import Program, Solver

SECTIONS = ("leader", "cards", "side")


@dataclass(frozen=True)
class Slot:
    """One card in one section of one deck: ``current`` copies now, at most ``upper`` after, at least ``lower``."""

    deck: int
    section: str
    card: Card
    current: int
    lower: int
    upper: int

    @property
    def counted(self) -> bool:
        """Whether the copies count in the profile's sums (the main deck, Leaders and side-deck cards apart, §2)."""
        return self.section == "cards" and not self.card.is_leader and not self.card.side_deck


@dataclass(frozen=True)
class Conflict:
    """A constraint no repair can meet, with the reason in words."""

    rule: Rule | None
    reason: str


class Infeasible(Exception):
    """No legal deck exists within the faction set and the pins: ``conflicts`` say which constraints fail."""

    def __init__(self, conflicts: Sequence[Conflict]) -> None:
        super().__init__("; ".join(c.reason for c in conflicts))
        self.conflicts = list(conflicts)


@dataclass
class Repair:
    """The solved repair: each slot's new copies, and the figures of the optimum."""

    slots: list[Slot]
    copies: dict[Slot, int]
    changes: int
    solves: int

    def changed(self) -> list[Slot]:
        return [s for s in self.slots if self.copies[s] != s.current]


def _member(field_name: str) -> Callable[[Slot, dict[str, int]], bool]:
    """Whether a slot's card is in a profile list field (``faction_cards`` is the set's names)."""
    tests: dict[str, Callable[[Slot, dict[str, int]], bool]] = {
        "hero_names": lambda s, _f: s.counted and s.card.is_hero,
        "weather_names": lambda s, _f: s.counted and s.card.is_weather,
        "side_deck_in_main": lambda s, _f: s.section == "cards" and s.card.side_deck,
        "leaders_in_main": lambda s, _f: s.section == "cards" and s.card.is_leader,
        "not_leaders": lambda s, _f: s.section == "leader" and not s.card.is_leader,
        "main_card_in_side": lambda s, _f: s.section == "side" and not s.card.side_deck,
        "off_faction": lambda s, f: s.card.name not in f,
        "cards": lambda s, _f: s.counted,
        "leader": lambda s, _f: s.section == "leader",
        "unknown": lambda _s, _f: False,
        "ambiguous": lambda _s, _f: False,
        "over_copies": lambda _s, _f: False,
    }
    return tests[field_name]


def coefficient(field_name: str, slot: Slot) -> int:
    """What one copy in ``slot`` adds to the summed profile field ``field_name`` (see deck_profile)."""
    card = slot.card
    if field_name == "leaders":
        return int(slot.section == "leader")
    if not slot.counted:
        return 0
    unit = card.is_unit
    return {
        "units": int(unit),
        "heroes": int(card.is_hero),
        "specials": int(card.is_special),
        "weather": int(card.is_weather),
        "spies": int(unit and card.has("spy")),
        "medics": int(unit and card.has("medic")),
        "unit_strength": (card.strength or 0) if unit else 0,
    }[field_name]


def deck_slots(deck: ResolvedDeck, catalog: Catalog, index: int, keep: set[str], no_add: bool) -> list[Slot]:
    """Every slot of ``deck``: its cards now, and every card its faction set prints in its own section.

    ``keep`` names cards pinned at their current copies; ``no_add`` allows removals only.
    """
    faction = deck.faction
    now: dict[tuple[str, str], tuple[Card, int]] = {}
    for placed in deck.leaders:
        key = ("leader", placed.card.name)
        now[key] = (placed.card, now.get(key, (placed.card, 0))[1] + 1)
    for section, table in (("cards", deck.main), ("side", deck.side)):
        for placed in table.values():
            now[(section, placed.card.name)] = (placed.card, placed.copies)
    for name, printed in faction.copies.items():
        card = catalog.cards[name]
        section = "leader" if card.is_leader else "side" if card.side_deck else "cards"
        now.setdefault((section, name), (card, 0))
    slots = []
    for (section, name), (card, current) in now.items():
        home = section == ("leader" if card.is_leader else "side" if card.side_deck else "cards")
        printed = faction.copies.get(name, 0) if home else 0
        upper = current if no_add else max(current, printed)
        lower = current if name in keep else 0
        slots.append(Slot(index, section, card, current, lower, current if name in keep else upper))
    order = {s: i for i, s in enumerate(SECTIONS)}
    return sorted(slots, key=lambda s: (order[s.section], catalog_order(s.card, faction.name)))


@dataclass
class _Columns:
    removed: dict[Slot, int] = field(default_factory=dict)
    added: dict[Slot, int] = field(default_factory=dict)
    touched: dict[Slot, int] = field(default_factory=dict)
    present: dict[Slot, int] = field(default_factory=dict)
    leader_change: dict[int, int] = field(default_factory=dict)


class RepairModel:
    """The integer program of one or several decks (a lineup) under their requirements."""

    def __init__(self, slots: list[Slot], requirements: Sequence[Requirements], printed: Sequence[dict[str, int]],
                 constants: Sequence[dict[str, object]], distinct_heroes: Rule | None = None,
                 conflicts: Sequence[Conflict] = ()) -> None:
        self.slots = slots
        self.program = Program()
        self.columns = _Columns()
        self.rules: list[Rule | None] = []  # the rule of each row
        self.conflicts: list[Conflict] = list(conflicts)
        self.distinct_heroes = distinct_heroes
        self.faction_cards = printed
        self.requirements = requirements
        self.constants = constants
        self.upper = {s: s.upper for s in slots}
        self._limit_slots()
        self._build()

    # -- the slots each deck's rules forbid outright -------------------------------------------
    def _limit_slots(self) -> None:
        for slot in self.slots:
            req = self.requirements[slot.deck]
            cards = self.faction_cards[slot.deck]
            for name, rule in req.empty.items():
                if _member(name)(slot, cards):
                    self._forbid(slot, rule, f"{slot.card.name} may not be in {_field_words(name)}")
            for test in req.names:
                if test.field == "leader":
                    continue
                if _member(test.field)(slot, cards) and not test.accepts(slot.card.name):
                    self._forbid(slot, test.rule, f"{slot.card.name} is not allowed")
            for cap in req.caps:
                if slot.counted and slot.card.name in cap.names:
                    self.upper[slot] = min(self.upper[slot], cap.high)
                    if slot.lower > cap.high:
                        self.conflicts.append(Conflict(cap.rule, f"{cap.rule.code}: --keep {slot.card.name} holds {slot.lower} copies; the rules allow {cap.high}"))
            for test in req.names:
                if test.field == "leader" and not test.null_ok and slot.section == "leader" and not test.accepts(slot.card.name):
                    self._forbid(slot, test.rule, f"{slot.card.name} is not an allowed Leader")
        for deck, req in enumerate(self.requirements):
            for fixed in req.fixed:
                if not fixed.holds(self.constants[deck].get(fixed.field)):
                    self.conflicts.append(Conflict(fixed.rule, f"{fixed.rule.code}: the deck's {fixed.field} {self.constants[deck].get(fixed.field)!r} cannot change"))

    def _forbid(self, slot: Slot, rule: Rule, why: str) -> None:
        self.upper[slot] = 0
        if slot.lower > 0:
            self.conflicts.append(Conflict(rule, f"{rule.code}: {why}, but --keep pins it at {slot.lower}"))

    # -- columns and rows --------------------------------------------------------------------
    def _build(self) -> None:
        p, cols = self.program, self.columns
        for slot in self.slots:
            upper = self.upper[slot]
            cols.removed[slot] = p.column(0, slot.current - min(slot.lower, upper) if upper >= slot.lower else slot.current)
            cols.added[slot] = p.column(0, max(upper - slot.current, 0))
            cols.touched[slot] = p.column(0, 1)
            reach = max(slot.current, upper - slot.current, 1)
            self._row({cols.removed[slot]: 1, cols.added[slot]: 1, cols.touched[slot]: -reach}, high=0)
            # Copies never fall below the pin (the removed column's bound says so) nor rise above the cap:
            if upper < slot.current:
                self._row(self.delta(slot), high=upper - slot.current)
        for deck, req in enumerate(self.requirements):
            self._deck_rows(deck, req)
        if self.distinct_heroes is not None:
            by_hero: dict[str, list[Slot]] = {}
            for slot in self.slots:
                if slot.counted and slot.card.is_hero and max(self.upper[slot], slot.current) > 0:
                    by_hero.setdefault(slot.card.name, []).append(slot)
            for group in by_hero.values():
                if len({s.deck for s in group}) > 1:
                    self._row({self.present(s): 1 for s in group}, high=1, rule=self.distinct_heroes)

    def _row(self, terms: dict[int, float], low: float = -float("inf"), high: float = float("inf"), rule: Rule | None = None) -> None:
        self.program.row(terms, low, high)
        self.rules.append(rule)

    def delta(self, slot: Slot, scale: float = 1) -> dict[int, float]:
        """The change of copies in ``slot`` (added - removed), times ``scale``."""
        return {self.columns.added[slot]: scale, self.columns.removed[slot]: -scale}

    def expression(self, deck: int, field_name: str) -> tuple[int, dict[int, float]]:
        """A summed profile field of ``deck``: its value now and its change as terms."""
        now, terms = 0, dict[int, float]()
        for slot in self.slots:
            if slot.deck != deck:
                continue
            coef = coefficient(field_name, slot)
            if coef:
                now += coef * slot.current
                for column, value in self.delta(slot, coef).items():
                    terms[column] = terms.get(column, 0) + value
        return now, terms

    def present(self, slot: Slot) -> int:
        """A 0/1 column: whether ``slot`` holds at least one copy after the repair."""
        cols = self.columns
        if slot not in cols.present:
            column = cols.present[slot] = self.program.column(0, 1)
            upper = max(self.upper[slot], slot.current)
            # copies <= upper * present  and  copies >= present
            self._row({**self.delta(slot), column: -upper}, high=-slot.current)
            self._row({**self.delta(slot), column: -1}, low=-slot.current)
        return cols.present[slot]

    def _deck_rows(self, deck: int, req: Requirements) -> None:
        p = self.program
        mine = [s for s in self.slots if s.deck == deck]
        leaders = [s for s in mine if s.section == "leader"]
        change = self.columns.leader_change[deck] = p.column(0, max(len(leaders), 1))
        self._row({change: 1, **{self.columns.added[s]: -1 for s in leaders}}, low=0)
        self._row({change: 1, **{self.columns.removed[s]: -1 for s in leaders}}, low=0)
        for bound in req.bounds:
            now, terms = self.expression(deck, bound.field)
            if bound.values is not None:
                if not bound.values:
                    self.conflicts.append(Conflict(bound.rule, f"{bound.rule.code}: no count meets it"))
                    continue
                choice = {p.column(0, 1): value for value in bound.values}
                self._row(dict.fromkeys(choice, 1), 1, 1, bound.rule)
                self._row({**terms, **{c: -v for c, v in choice.items()}}, -now, -now, bound.rule)
            if bound.low is not None or bound.high is not None:
                low = -float("inf") if bound.low is None else bound.low - now
                high = float("inf") if bound.high is None else bound.high - now
                self._row(terms, low, high, bound.rule)
            if bound.step:
                multiple = p.column(0, 10_000)
                self._row({**terms, multiple: -bound.step}, -now, -now, bound.rule)
        for size in req.sizes:
            members = [s for s in mine if _member(size.field)(s, self.faction_cards[deck])]
            terms = {self.present(s): 1 for s in members}
            low = -float("inf") if size.low is None else size.low
            high = float("inf") if size.high is None else size.high
            self._row(terms, low, high, size.rule)
        for required in req.required:
            for name in required.names:
                found = [s for s in mine if s.counted and s.card.name == name]
                if not found:
                    self.conflicts.append(Conflict(required.rule, f"{required.rule.code}: {name} cannot be in this deck"))
                for slot in found:
                    self._row(self.delta(slot), low=1 - slot.current, rule=required.rule)
        if "over_copies" in req.empty:
            printed: dict[str, list[Slot]] = {}
            for slot in mine:
                if slot.section != "leader" and slot.card.name in self.faction_cards[deck]:
                    printed.setdefault(slot.card.name, []).append(slot)
            for name, group in printed.items():
                limit = self._printed(deck, name)
                now = sum(s.current for s in group)
                copies: dict[int, float] = {}
                for s in group:
                    copies.update(self.delta(s))
                if now > limit or sum(self.upper[s] for s in group) > limit:
                    self._row(copies, high=limit - now, rule=req.empty["over_copies"])
        for test in req.names:
            if test.field != "leader":
                continue
            if not test.null_ok:
                now, terms = self.expression(deck, "leaders")
                self._row(terms, 1 - now, 1 - now, test.rule)
                continue
            for slot in leaders:
                if not test.accepts(slot.card.name):
                    # This Leader alone is refused; with another Leader beside it the profile's leader is null.
                    others = {c: -v for s in leaders if s is not slot for c, v in self.delta(s).items()}
                    others_now = sum(s.current for s in leaders if s is not slot)
                    self._row({**self.delta(slot), **others}, high=others_now - slot.current, rule=test.rule)

    def _printed(self, deck: int, name: str) -> int:
        return self.faction_cards[deck].get(name, 0)

    # -- solving -------------------------------------------------------------------------------
    def solve(self) -> Repair:
        """The lexicographic optimum (see the module). Raises :class:`Infeasible` when no legal deck exists."""
        if self.conflicts:
            raise Infeasible(self.conflicts)
        cols = self.columns
        solver = Solver(self.program)
        changes = {cols.removed[s]: 1 for s in self.slots if s.section != "leader"}
        changes.update({cols.added[s]: 1 for s in self.slots if s.section != "leader"})
        changes.update(dict.fromkeys(cols.leader_change.values(), 1))
        first = solver.minimize(changes)
        if first is None:
            raise Infeasible(self.diagnose())
        best_changes = first[0]
        solver.add_row(changes, high=best_changes)
        weight = 2 * best_changes + 1  # the most slots a plan of best_changes copies can touch, plus one
        second: dict[int, float] = {}
        for deck in {s.deck for s in self.slots}:
            for column, value in self.expression(deck, "unit_strength")[1].items():
                second[column] = second.get(column, 0) - weight * value
        for column in cols.touched.values():
            second[column] = second.get(column, 0) + 1
        found = solver.minimize(second)
        assert found is not None
        solver.add_row(second, high=found[0])
        values = found[1]
        values = self._earliest(solver, values)
        copies = {s: s.current + values[cols.added[s]] - values[cols.removed[s]] for s in self.slots}
        return Repair(self.slots, copies, best_changes, solver.solutions)

    def _earliest(self, solver: Solver, values: list[int]) -> list[int]:
        """Stage 4: the touched cards earliest in catalog order, then the most copies kept, card by card.

        Each is a lexicographic optimum over the slots in order, found a block of slots at a
        time with place-value weights (2**k for touched or not, the copies' range for counts)
        kept below 2**15, so that every weighted sum is a whole number HiGHS compares exactly.
        """
        cols = self.columns
        open_slots = [s for s in self.slots if self.upper[s] > s.current or s.lower < s.current]
        total = sum(values[cols.touched[s]] for s in self.slots)
        done = 0
        for block in _blocks(open_slots, lambda _s: 2):
            if done >= total:
                break
            weights = _place_values([2] * len(block))
            found = solver.minimize({cols.touched[s]: -w for s, w in zip(block, weights)})
            assert found is not None
            values = found[1]
            for slot in block:
                on = values[cols.touched[slot]]
                solver.bound(cols.touched[slot], on, on)
                done += on
        touched = [s for s in open_slots if values[cols.touched[s]] > 0.5]
        for block in _blocks(touched, lambda s: max(self.upper[s], s.current) + 1):
            weights = _place_values([max(self.upper[s], s.current) + 1 for s in block])
            cost: dict[int, float] = {}
            for slot, weight in zip(block, weights):
                cost.update(self.delta(slot, -weight))
            found = solver.minimize(cost)
            assert found is not None
            values = found[1]
            for slot in block:
                change = values[cols.added[slot]] - values[cols.removed[slot]]
                solver.add_row(self.delta(slot), change, change)
        return values

    def diagnose(self) -> list[Conflict]:
        """The rules that cannot all be met: each rule's rows get slack, and the least total slack names them."""
        elastic = Program(list(self.program.lower), list(self.program.upper), [])
        slack_of: dict[int, Rule] = {}
        for (low, high, terms), rule in zip(self.program.rows, self.rules):
            if rule is None:
                elastic.row(terms, low, high)
                continue
            over, under = elastic.column(0, 10_000), elastic.column(0, 10_000)
            elastic.row({**terms, over: -1, under: 1}, low, high)
            slack_of[over] = slack_of[under] = rule
        solver = Solver(elastic)
        found = solver.minimize(dict.fromkeys(slack_of, 1))
        if found is None:
            return [Conflict(None, "the pinned cards (--keep) and the cards allowed cannot make a legal deck")]
        broken = list(dict.fromkeys(rule for column, rule in slack_of.items() if found[1][column] > 0))
        return [
            Conflict(rule, f"{rule.code}: {rule.condition} cannot be met together with the other rules (at {rule.path})")
            for rule in broken
        ]


PLACE_LIMIT = 2**15
"""The largest place value of a lexicographic block: far above HiGHS's tolerances, so comparisons stay exact."""


def _blocks(slots: list[Slot], radix: Callable[[Slot], int]) -> list[list[Slot]]:
    """``slots`` in order, cut into blocks whose place values (product of radixes) stay within :data:`PLACE_LIMIT`."""
    blocks: list[list[Slot]] = []
    product = PLACE_LIMIT + 1
    for slot in slots:
        if product * radix(slot) > PLACE_LIMIT:
            blocks.append([])
            product = 1
        blocks[-1].append(slot)
        product *= radix(slot)
    return blocks


def _place_values(radixes: list[int]) -> list[int]:
    """Weights making a weighted sum compare like the digits in order (first most significant)."""
    weights = [1] * len(radixes)
    for k in range(len(radixes) - 2, -1, -1):
        weights[k] = weights[k + 1] * radixes[k + 1]
    return weights


def _field_words(name: str) -> str:
    return {
        "off_faction": "this faction's deck",
        "side_deck_in_main": "[cards] (a side-deck card)",
        "leaders_in_main": "[cards] (a Leader)",
        "not_leaders": "leader (not a Leader Card)",
        "main_card_in_side": "[side] (not a side-deck card)",
    }.get(name, name)

