"""Exact draw probabilities (hypergeometric, ``math.comb``), never simulated.

Gwent has no draw step: the opening hand, the exchange and Spy draws are all a
player sees (rulebook §6, §10). Probabilities are fractions from 0 to 1,
counted exactly in integers (ways to draw over all draws) and divided once:
Python's integer division rounds correctly, so each is the float nearest the
exact fraction, capped at 1, and never rises when the deck grows.

Every function takes ``seen``, the number of distinct cards seen from a main
deck of ``deck_size`` cards; ``seen`` is capped at ``deck_size``.
"""

from __future__ import annotations

from math import comb
from typing import Sequence

SPY_DRAWS = 2
"""Cards a Spy draws when played (rulebook §10)."""


OPENING_HAND = 10
"""Cards in the opening hand (rulebook §6)."""


EXCHANGES = 2
"""Cards a player may exchange after the opening draw (rulebook §6)."""


EXTRA_CARD_LEADERS = {"Francesca Findabair: Daisy of the Valley": 1}
"""Leaders whose passive ability adds cards to the opening hand (Witcher 3 passive, reference/README.md)."""


def opening_hand_size(leader: str | None) -> int:
    """Cards in the opening hand with this Leader: 10, or 11 with Francesca Findabair: Daisy of the Valley (§6)."""
    return OPENING_HAND + EXTRA_CARD_LEADERS.get(leader or "", 0)


def _check(deck_size: int, copies: int, seen: int) -> None:
    if deck_size < 0 or copies < 0 or seen < 0 or copies > deck_size:
        raise ValueError(f"impossible draw: {copies} copies in a deck of {deck_size}, {seen} seen")


def _misses(deck_size: int, copies: int, seen: int) -> tuple[int, int]:
    """The draws of ``seen`` from ``deck_size`` that miss all ``copies`` cards, and all the draws: (misses, draws)."""
    seen = min(seen, deck_size)
    return comb(deck_size - copies, seen), comb(deck_size, seen)


def p_at_least_one(deck_size: int, copies: int, seen: int) -> float:
    """Probability of holding at least one of ``copies`` cards among ``seen`` drawn from ``deck_size``.

    ``1 - C(N-k, n) / C(N, n)``; ``seen`` is capped at ``deck_size`` and the
    result at 1. Raises ``ValueError`` for negative sizes or ``copies > deck_size``.
    """
    _check(deck_size, copies, seen)
    if deck_size == 0:
        return 0.0
    misses, draws = _misses(deck_size, copies, seen)
    return (draws - misses) / draws


def p_with_spies(
    deck_size: int,
    copies: int,
    seen: int,
    spies: int,
    deck_spies: int,
    spy_copies: int = 0,
) -> float | None:
    """Probability of holding a target after ``spies`` Spies are played, each drawing 2 (§10).

    ``seen`` is the number of cards seen before any Spy (hand + exchanges);
    the player then sees ``n = seen + 2·spies`` distinct cards, ``spies`` of
    which are Spies of the deck's ``deck_spies``. ``copies`` counts the
    target's copies in the deck, ``spy_copies`` how many of them are Spies
    themselves (0 for a target that is not a Spy).

    For a target that is not a Spy this is ``1 - C(N-s-k, n-s) / C(N-s, n-s)``:
    the ``s`` Spies are known to be among the cards seen, the other ``n - s``
    come from the ``N - s`` other cards. For a Spy target the ``s`` Spies
    played are any ``s`` of the deck's Spies, each choice equally likely, so
    the result is ``1 - C(S-k, s)/C(S, s) · C(N-s-k, n-s)/C(N-s, n-s)``.

    Returns ``None`` when the deck holds fewer than ``spies`` Spies. Raises
    ``ValueError`` for impossible counts.
    """
    _check(deck_size, copies, seen)
    if spies < 0 or deck_spies < 0 or deck_spies > deck_size or not 0 <= spy_copies <= min(copies, deck_spies):
        raise ValueError(f"impossible Spies: {spies} played, {deck_spies} in a deck of {deck_size}")
    if deck_spies < spies:
        return None
    if deck_size == 0:
        return 0.0
    others = min(seen + SPY_DRAWS * spies, deck_size) - spies
    spy_misses, spy_choices = comb(deck_spies - spy_copies, spies), comb(deck_spies, spies)
    if spy_misses == 0:  # every choice of Spies played includes the target
        return 1.0
    misses, draws = _misses(deck_size - spies, copies, others)
    return (spy_choices * draws - spy_misses * misses) / (spy_choices * draws)


def p_holding(deck_size: int, wants: Sequence[tuple[int, int]], seen: int, keep: int | None = None) -> float:
    """Probability of holding at least ``at_least`` of each target among ``seen`` cards.

    ``wants`` holds one ``(copies, at_least)`` pair per distinct target card:
    its copies in the deck and the fewest of them the player wants in hand.
    ``keep`` is the most cards the hand holds (``seen`` by default; the
    opening hand size after the exchange): asking for more is impossible (0).
    Exact multivariate hypergeometric sum over every count ``j`` with
    ``at_least <= j <= copies``:
    ``Σ Π C(k_i, j_i) · C(N - Σk, n - Σj) / C(N, n)``, summed card by card over
    the total ``Σj`` so that large counts stay fast. An empty ``wants`` is
    certain (1). Raises ``ValueError`` when the targets do not fit in the deck
    or a count is negative.
    """
    total = sum(copies for copies, _ in wants)
    if deck_size < 0 or seen < 0 or total > deck_size or any(c < 0 or a < 0 for c, a in wants):
        raise ValueError(f"impossible draw: {list(wants)} in a deck of {deck_size}, {seen} seen")
    seen = min(seen, deck_size)
    if sum(at_least for _, at_least in wants) > min(seen, seen if keep is None else keep):
        return 0.0
    ways_by_drawn = {0: 1}  # targets drawn in all -> ways to draw them, card by card
    for copies, at_least in wants:
        following: dict[int, int] = {}
        for drawn, ways in ways_by_drawn.items():
            for j in range(at_least, min(copies, seen - drawn) + 1):
                following[drawn + j] = following.get(drawn + j, 0) + ways * comb(copies, j)
        ways_by_drawn = following
    ways = sum(w * comb(deck_size - total, seen - drawn) for drawn, w in ways_by_drawn.items())
    return ways / comb(deck_size, seen)


def expected_copies(deck_size: int, copies: int, seen: int) -> float:
    """Expected copies of a card among ``seen`` cards: ``n·k/N`` (``seen`` capped at ``deck_size``; 0 for an empty deck)."""
    _check(deck_size, copies, seen)
    if deck_size == 0:
        return 0.0
    return min(seen, deck_size) * copies / deck_size
