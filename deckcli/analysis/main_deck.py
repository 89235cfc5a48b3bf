"""The main deck a player shuffles, as ``stats`` and ``odds`` see it.

The main deck is ``[cards]`` without the Leader and without side-deck cards,
which are never shuffled in (rulebook §2). Names that are not cards (unknown
or ambiguous) cannot be counted; they are left out and listed so the player
knows the figures cover only the cards deckcli could resolve.

Muster and Tight Bond groups come from the catalog's ``group`` field: a card
carrying Muster brings every card of its group from the deck (§10). So
Cerys (Muster) pulls the Clan Drummond Shield Maidens, while a Shield Maiden
(Tight Bond, no Muster) pulls nobody; Gaunter O'Dimm and each Gaunter O'Dimm:
Darkness carry Muster in one group, so any of them counts as bringing it.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from deckcli.catalog.model import Card
from deckcli.deck.resolution import Placed, ResolvedDeck
from deckcli.findings import Finding
from deckcli.rules.judging import hints_for, unresolved_findings
from deckcli.rules.messages import coded_message

LEFT_OUT = " (left out of the figures)"


def is_spy(card: Card) -> bool:
    """Whether ``card`` is a Spy: a Unit Card with Spy, Hero Spies such as Mysterious Elf included (§14)."""
    return card.is_unit and card.has("spy")


class Group(NamedTuple):
    """A Muster or Tight Bond group present in the main deck.

    ``members`` are its cards in the main deck; ``pullers`` the members whose
    ability acts for the group (Muster: the cards that bring it; Tight Bond:
    the cards that bond).
    """

    name: str
    ability: str
    members: tuple[Placed, ...]
    pullers: tuple[Placed, ...]

    @property
    def copies(self) -> int:
        """Copies of every member in the main deck."""
        return sum(p.copies for p in self.members)

    @property
    def puller_copies(self) -> int:
        """Copies of the members that act for the group."""
        return sum(p.copies for p in self.pullers)

    @property
    def strength(self) -> int:
        """Printed Strength of every member copy."""
        return sum(p.copies * (p.card.strength or 0) for p in self.members)


class MainDeck(NamedTuple):
    """The shuffled cards of a resolved deck (``cards``: one :class:`Placed` per distinct card, copies counted).

    ``leader`` is the Leader when exactly one resolved, ``leaders`` how many did;
    ``left_out`` lists what the figures do not cover, one :class:`Finding` each, with
    the codes ``validate`` gives (``unknown-card``, ``ambiguous-card``,
    ``leader-in-main``, ``side-deck-in-main``).
    ``warnings`` are the deck file's own (``unknown-key``, ``zero-copies``, ``side-deck-copies``), as ``validate`` gives them.
    """

    where: str
    cards: list[Placed]
    leader: Card | None
    leaders: int = 0
    left_out: Sequence[Finding] = ()
    warnings: Sequence[Finding] = ()
    unresolved: bool = False

    @property
    def size(self) -> int:
        """N: cards in the main deck, copies counted."""
        return sum(p.copies for p in self.cards)

    @property
    def units(self) -> list[Placed]:
        """The Unit Cards (Heroes included, §2)."""
        return [p for p in self.cards if p.card.is_unit]

    def copies_of(self, card_name: str) -> int:
        """Copies of ``card_name`` in the main deck (0 when absent)."""
        return sum(p.copies for p in self.cards if p.card.name == card_name)

    @property
    def spies(self) -> int:
        """Spies in the main deck (a Hero Spy such as Mysterious Elf counts), copies counted."""
        return sum(p.copies for p in self.cards if is_spy(p.card))

    def groups(self, ability: str) -> list[Group]:
        """Every ``"muster"`` or ``"tight-bond"`` group with at least one card carrying ``ability``, in deck order."""
        found: dict[str, list[Placed]] = {}
        for placed in self.cards:
            if placed.card.group is not None:
                found.setdefault(placed.card.group, []).append(placed)
        groups = []
        for name, members in found.items():
            pullers = tuple(p for p in members if p.card.has(ability))
            if not pullers:
                continue
            if ability == "tight-bond":
                members = list(pullers)
            groups.append(Group(name, ability, tuple(members), pullers))
        return groups


def main_deck(deck: ResolvedDeck) -> MainDeck:
    """The main deck of ``deck``: shuffled cards, the Leader, and what was left out.

    ``unresolved`` is true when some name is not a card or is ambiguous (the
    commands then exit 1, as ``validate`` does for unknown cards).
    """
    cards = [p for p in deck.main.values() if not p.card.is_leader and not p.card.side_deck]
    left_out = [finding._replace(message=finding.message + LEFT_OUT) for finding in unresolved_findings(deck)]
    hints = hints_for(deck)
    for placed in deck.main.values():
        name = placed.card.name
        code = "leader-in-main" if placed.card.is_leader else "side-deck-in-main" if placed.card.side_deck else None
        if code is not None:
            left_out.append(Finding(code, coded_message(code, card=name, hint=hints.get(name, "")) + LEFT_OUT, placed.line, name))
    leader = deck.leaders[0].card if len(deck.leaders) == 1 else None
    return MainDeck(
        where=deck.where,
        cards=cards,
        leader=leader,
        leaders=len(deck.leaders),
        left_out=left_out,
        unresolved=bool(deck.unknown or deck.ambiguous),
        warnings=tuple(deck.warnings),
    )
