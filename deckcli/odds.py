"""Exact draw probabilities (hypergeometric, ``math.comb``), never simulated.

Gwent has no draw step: the opening hand, the exchange and Spy draws are all a
player sees (rulebook §6, §10). Probabilities are fractions from 0 to 1.
"""

from __future__ import annotations

from math import comb


def p_at_least_one(deck_size: int, copies: int, seen: int) -> float:
    """Probability of holding at least one of ``copies`` cards among ``seen`` drawn from ``deck_size``.

    ``1 - C(N-k, n) / C(N, n)``; ``seen`` is capped at ``deck_size`` and the
    result at 1. Raises ``ValueError`` for negative sizes or ``copies > deck_size``.
    """
    if deck_size < 0 or copies < 0 or seen < 0 or copies > deck_size:
        raise ValueError(f"impossible draw: {copies} copies in a deck of {deck_size}, {seen} seen")
    seen = min(seen, deck_size)
    if deck_size == 0:
        return 0.0
    return min(1.0, 1 - comb(deck_size - copies, seen) / comb(deck_size, seen))
