"""The decks one change away from a deck, every one legal under the rule set (``deckcli tune``).

A change (:class:`Move`) removes one copy of a card from the main deck, adds one copy, swaps one copy for one
of another card, or (with ``--leader``) puts another of the faction's Leaders in the Leader's place. Which
changes give a legal deck is decided by the integer program ``deckcli fix`` solves
(:class:`deckcli.repair.model.RepairModel`, built from the rule set's JSON Schema): each change fixes the
program's columns of copies removed and added, and the change is legal when HiGHS finds the program feasible.
The rules are encoded once, in the rule set; the model's slots bound the copies by what the faction set prints
(§2), what the player owns (``--collection``) and what is pinned (``--keep``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckcli.deck.resolution import Placed
from deckcli.repair.constraints import derive_requirements
from deckcli.repair.model import RepairModel, Slot, deck_slots

if TYPE_CHECKING:
    from collections.abc import Mapping

    from deckcli.catalog.model import Catalog
    from deckcli.deck.resolution import ResolvedDeck
    from deckcli.rules.rule_set import RuleSet


@dataclass(frozen=True)
class Move:
    """One change of a deck: ``removed`` loses a copy, ``added`` gains one (either ``None``); ``leader``: the
    Leader put in place of the deck's own (then ``removed`` and ``added`` are ``None``)."""

    removed: str | None = None
    added: str | None = None
    leader: str | None = None

    @property
    def words(self) -> str:
        """``swap 1 × Yennefer for 1 × Dandelion``, ``remove 1 × …``, ``add 1 × …``, ``Leader … instead``."""
        if self.leader is not None:
            return f"Leader {self.leader} instead"
        if self.removed is not None and self.added is not None:
            return f"swap 1 × {self.removed} for 1 × {self.added}"
        if self.removed is not None:
            return f"remove 1 × {self.removed}"
        return f"add 1 × {self.added}"

    def as_dict(self) -> dict[str, str | None]:
        """``{removed, added, leader}``: card names, ``None`` where the change has none."""
        return {"removed": self.removed, "added": self.added, "leader": self.leader}


def apply_move(deck: ResolvedDeck, move: Move, catalog: Catalog) -> ResolvedDeck:
    """``deck`` with ``move`` made: a new deck (``deck`` itself untouched; the side deck kept as it is)."""
    changed = copy.copy(deck)
    changed.main = {name: Placed(placed.card, placed.copies, placed.lines) for name, placed in deck.main.items()}
    if move.leader is not None:
        changed.leaders = [Placed(catalog.cards[move.leader], 1, [None])]
    if move.removed is not None:
        placed = changed.main[move.removed]
        placed.copies -= 1
        if not placed.copies:
            del changed.main[move.removed]
    if move.added is not None:
        if move.added in changed.main:
            changed.main[move.added].copies += 1
        else:
            changed.main[move.added] = Placed(catalog.cards[move.added], 1, [None])
    return changed


class Neighbourhood:
    """The legal one-change neighbours of one deck under one rule set (see the module).

    ``keep`` names cards never removed (catalog names); ``owned`` the copies the player owns of each card (the
    faction set's printed copies when ``None``); ``leader`` also tries the faction's other Leaders (``True``: every
    one; a Leader's name: that one only). Raises
    :class:`deckcli.errors.RulesError` (exit 2) for a rule set holding a condition the model cannot express.
    """

    def __init__(self, deck: ResolvedDeck, rule_set: RuleSet, catalog: Catalog, keep: frozenset[str] = frozenset(),
                 owned: Mapping[str, int] | None = None, leader: bool | str = False) -> None:
        from deckcli.repair.solver import Solver

        self.deck = deck
        self.leader = leader
        slots = []
        for slot in deck_slots(deck, catalog, 0, set(), False):
            upper = slot.upper
            if owned is not None and slot.section == "cards":
                upper = max(slot.current, min(upper, owned.get(slot.card.name, 0)))
            lower = slot.current if slot.card.name in keep and slot.section == "cards" else 0
            slots.append(Slot(slot.deck, slot.section, slot.card, slot.current, lower, max(upper, lower)))
        self.slots = slots
        requirements = derive_requirements(rule_set.schema, rule_set.name, rule_set.where)
        constants: dict[str, object] = {"faction": deck.faction.slug, "faction_name": deck.faction.name}
        self.model = RepairModel(slots, [requirements], [deck.faction.copies], [constants])
        self.solver = Solver(self.model.program) if not self.model.conflicts else None
        program, columns = self.model.program, self.model.columns
        self._none_fit = all(program.lower[column] <= 0 <= program.upper[column]
                             for slot in slots for column in (columns.removed[slot], columns.added[slot]))
        """Whether every slot may keep its copies as they are (a column whose lower bound is above 0 makes every
        change illegal)."""
        self._fixed: dict[int, int] | None = None
        """The columns the last solve fixed above none, and at what (``None``: no solve yet)."""

    def moves(self) -> list[Move]:
        """Every change the copies' bounds allow, legal or not: removals, additions, swaps, then Leaders; each
        group in the catalog's order of the model's slots."""
        room = self.model.upper
        cards = [s for s in self.slots if s.section == "cards"]
        out = [s for s in cards if s.current > s.lower]
        into = [s for s in cards if room[s] > s.current]
        found = [Move(removed=s.card.name) for s in out] + [Move(added=s.card.name) for s in into]
        found += [Move(removed=a.card.name, added=b.card.name) for a in out for b in into if a is not b]
        if self.leader:
            found += [Move(leader=s.card.name) for s in self.slots
                      if s.section == "leader" and s.current == 0 and room[s] > 0
                      and (self.leader is True or s.card.name == self.leader)]
        return found

    def legal(self, move: Move) -> bool:
        """Whether the deck with ``move`` made meets every constraint of the rule set (one HiGHS solve with
        every slot's copies fixed: the slots the move changes at the copies it takes or gives, every other at
        none)."""
        if self.solver is None:
            return False
        columns, program = self.model.columns, self.model.program
        values: dict[int, int] = {}
        for slot in self.slots:
            change = 0
            if slot.section == "cards":
                if slot.card.name not in (move.added, move.removed):
                    continue
                change = (slot.card.name == move.added) - (slot.card.name == move.removed)
            elif slot.section == "leader" and move.leader is not None:
                change = 1 if slot.card.name == move.leader else -slot.current
            if change:
                values[columns.removed[slot] if change < 0 else columns.added[slot]] = abs(change)
        # the columns' own bounds are constraints too (copies printed, owned, pinned)
        if not self._none_fit or any(not program.lower[c] <= value <= program.upper[c] for c, value in values.items()):
            return False
        if self._fixed is None:  # the first solve: every slot's columns fixed at none
            self._fixed = {}
            for slot in self.slots:
                for column in (columns.removed[slot], columns.added[slot]):
                    self.solver.bound(column, 0, 0)
        for column in self._fixed.keys() - values.keys():  # the last move's columns back to none
            self.solver.bound(column, 0, 0)
        for column, value in values.items():
            if self._fixed.get(column) != value:
                self.solver.bound(column, value, value)
        self._fixed = values
        return self.solver.minimize({}) is not None

    def legal_moves(self) -> list[Move]:
        """The changes that give a legal deck (:meth:`moves` filtered by :meth:`legal`)."""
        return [move for move in self.moves() if self.legal(move)]


def weakened(deck: ResolvedDeck, rule_set: RuleSet, catalog: Catalog, count: int = 3) -> tuple[ResolvedDeck, list[Move]]:
    """``deck`` with a planted weakness (the ``tune`` benchmark's and tests' yardstick): ``count`` copies of its
    strongest non-Hero Unit Cards swapped, one at a time, each for a copy of the faction set's weakest non-Hero
    unit the deck can still take legally (§2: the set's printed copies). Returns the deck and the swaps made (in
    order; fewer than ``count`` when no legal swap is left). Ties go to catalog order."""
    from deckcli.catalog.ordering import catalog_order

    def units(names: list[str]) -> list[str]:
        found = [n for n in names if catalog.cards[n].is_unit and not catalog.cards[n].is_hero]
        return sorted(found, key=lambda n: catalog_order(catalog.cards[n], deck.faction.name))

    made: list[Move] = []
    for _ in range(count):
        strong = sorted(units(list(deck.main)), key=lambda n: -(catalog.cards[n].strength or 0))
        weak = sorted(units(list(deck.faction.copies)), key=lambda n: catalog.cards[n].strength or 0)
        neighbourhood = Neighbourhood(deck, rule_set, catalog)
        move = next((Move(removed=a, added=b) for a in strong for b in weak
                     if a != b and neighbourhood.legal(Move(removed=a, added=b))), None)
        if move is None:
            break
        made.append(move)
        deck = apply_move(deck, move, catalog)
    return deck, made
