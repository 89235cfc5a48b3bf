"""A sample opening hand (``deckcli draw``): shuffle the main deck, draw the hand, then the exchanges.

Rulebook §6: each player draws 10 cards (11 with a Leader that says so, see
:func:`deckcli.analysis.probability.opening_hand_size`), then may exchange up
to two: a card is set aside and a replacement drawn; the cards set aside are
shuffled back only after the exchange, so a replacement is never one of them
(the set-aside model of ``deckcli odds``). The Leader and the side deck are
never drawn (§2). The same seed gives the same hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcli.errors import DrawQuestionError
from deckcli.text import counted, to_json

if TYPE_CHECKING:
    from deckcli.analysis.main_deck import MainDeck
    from deckcli.catalog.model import Card

MAX_EXCHANGES = 2
"""Exchanges the rulebook allows (§6)."""
SEED_LIMIT = 2**31
"""Seeds chosen for the player lie in ``[0, SEED_LIMIT)``."""


@dataclass(frozen=True)
class Exchange:
    """One exchange (§6): the card ``set_aside`` from the hand and the card ``drawn`` to replace it."""

    set_aside: Card
    drawn: Card


@dataclass(frozen=True)
class SampleHand:
    """A drawn hand: ``opening`` (as dealt), ``exchanges`` in order, ``hand`` (after them).

    ``deck_size`` is N, the main deck's cards (copies counted); ``seed`` the
    seed that reproduces it; ``hand_reason`` why the hand is not 10 cards, if it is not.
    """

    where: str
    seed: int
    deck_size: int
    leader: str | None
    opening: tuple[Card, ...]
    exchanges: tuple[Exchange, ...]
    hand: tuple[Card, ...]
    hand_reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The hand as JSON: ``deck``, ``seed``, ``deck_size``, ``leader``, ``opening`` and ``hand``
        (lists of ``{card, kind, rows, strength}``) and ``exchanges`` (``{set_aside, drawn}`` card names)."""
        return {
            "deck": self.where,
            "seed": self.seed,
            "deck_size": self.deck_size,
            "leader": self.leader,
            "hand_size": len(self.opening),
            "opening": [_card_dict(card) for card in self.opening],
            "exchanges": [{"set_aside": e.set_aside.name, "drawn": e.drawn.name} for e in self.exchanges],
            "hand": [_card_dict(card) for card in self.hand],
        }


def _card_dict(card: Card) -> dict[str, Any]:
    return {"card": card.name, "kind": card.kind, "rows": list(card.rows), "strength": card.strength}


def new_seed() -> int:
    """A fresh seed for a player who gave none (shown, so the hand can be drawn again)."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def draw_hand(main: MainDeck, seed: int, exchanges: int = 0) -> SampleHand:
    """Shuffle ``main`` with ``seed``, deal the opening hand, then make ``exchanges`` exchanges (0 to 2, §6).

    The card exchanged each time is chosen at random among the hand (the
    player's choice cannot be known). The hand size follows the Leader (10 or
    11) and is the whole deck for a deck with fewer cards. Raises
    :class:`DrawQuestionError` (exit 2) for exchanges outside 0–2 or more
    exchanges than cards left to draw.
    """
    from deckcli.analysis.odds import draw_model

    if not 0 <= exchanges <= MAX_EXCHANGES:
        raise DrawQuestionError(
            f"--exchange {exchanges}: a player exchanges 0 to {MAX_EXCHANGES} cards (§6)", where=main.where
        )
    model = draw_model(main, None, exchanges)
    pile = [placed.card for placed in main.cards for _ in range(placed.copies)]
    rng = random.Random(seed)
    rng.shuffle(pile)
    size = model.hand_size
    hand, pile = pile[:size], pile[size:]
    if exchanges > len(pile):
        left = counted(len(pile), "card is", "cards are")
        raise DrawQuestionError(
            f"--exchange {exchanges}: only {left} left to draw after the opening hand", where=main.where
        )
    opening = tuple(hand)
    made = []
    for _ in range(exchanges):
        index = rng.randrange(len(hand))
        drawn = pile.pop(0)
        made.append(Exchange(hand[index], drawn))
        hand[index] = drawn
    leader = main.leader.name if main.leader else None
    return SampleHand(main.where, seed, main.size, leader, opening, tuple(made), tuple(hand), model.hand_reason)


def _place(card: Card) -> str:
    from deckcli.catalog.model import ROW_NAMES

    if card.is_unit:
        if len(card.rows) > 1:
            return "Agile (" + " or ".join(ROW_NAMES[r] for r in card.rows) + ")"
        return ROW_NAMES[card.rows[0]] if card.rows else "Unit Cards"
    return "Weather Cards" if card.is_weather else "Special Cards"


_PLACES = ("Close Combat", "Agile (Close Combat or Ranged Combat)", "Ranged Combat", "Siege", "Unit Cards",
           "Special Cards", "Weather Cards")


def hand_lines(cards: tuple[Card, ...]) -> list[str]:
    """The cards grouped by row (units, with Strength; Heroes marked), then Special and Weather Cards.

    Copies of one card are one line (``Arachas ×3``); each group's title counts its cards and Strength.
    """
    from deckcli.catalog.names import fold

    groups: dict[str, list[Card]] = {}
    for card in cards:
        groups.setdefault(_place(card), []).append(card)
    lines = []
    for place in sorted(groups, key=lambda p: _PLACES.index(p) if p in _PLACES else len(_PLACES)):
        members = groups[place]
        if members[0].is_unit:
            strength = sum(c.strength or 0 for c in members)
            lines.append(f"{place}: {counted(len(members), 'unit', 'units')}, {strength} Strength")
        else:
            lines.append(f"{place}: {counted(len(members), 'card', 'cards')}")
        copies: dict[str, int] = {}
        for card in members:
            copies[card.name] = copies.get(card.name, 0) + 1
        distinct = sorted({c.name: c for c in members}.values(), key=lambda c: (-(c.strength or 0), fold(c.name)))
        names = {c.name: c.name + (f" ×{copies[c.name]}" if copies[c.name] > 1 else "") for c in distinct}
        width = max(len(name) for name in names.values())
        for card in distinct:
            figure = "" if card.strength is None else f"{card.strength:>3}"
            hero = "  Hero" if card.is_hero else ""
            lines.append(f"  {names[card.name]:<{width}} {figure}{hero}".rstrip())
    return lines


def _named(card: Card) -> str:
    if card.strength is None:
        return card.name
    return f"{card.name} ({_place(card)}, {card.strength}{', Hero' if card.is_hero else ''})"


def render_hand(sample: SampleHand, fmt: str = "text") -> str:
    """The hand as text (``fmt="text"``: grouped by row, then each exchange and the hand after it) or JSON."""
    if fmt == "json":
        return to_json(sample.as_dict())
    size = len(sample.opening)
    why = f" ({sample.hand_reason})" if sample.hand_reason else ""
    units = [c for c in sample.opening if c.is_unit]
    lines = [
        f"Sample opening hand of {sample.where}",
        f"seed {sample.seed} (--seed {sample.seed} draws this hand again)",
        f"{counted(size, 'card', 'cards')}{why} from the {sample.deck_size}-card main deck: "
        f"{counted(len(units), 'unit', 'units')}, {sum(c.strength or 0 for c in units)} Strength",
        f"Leader, not drawn: {sample.leader}" if sample.leader else "No Leader",
        "",
        *hand_lines(sample.opening),
    ]
    if sample.exchanges:
        lines += ["", "Exchange (§6): each card set aside is chosen at random and not redrawn"]
        for number, exchange in enumerate(sample.exchanges, start=1):
            lines.append(f"  {number}. set aside {_named(exchange.set_aside)}")
            lines.append(f"     drew {_named(exchange.drawn)}")
        after = [c for c in sample.hand if c.is_unit]
        before = sum(c.strength or 0 for c in units)
        now = sum(c.strength or 0 for c in after)
        change = now - before
        lines += [
            "",
            f"Hand after the exchange: {counted(len(after), 'unit', 'units')}, {now} Strength "
            f"({'+' if change >= 0 else ''}{change})",
            *hand_lines(sample.hand),
        ]
    return "\n".join(lines)
