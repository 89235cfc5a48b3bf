"""p_at_least_one against a count of every hand of a small deck."""

from __future__ import annotations

from itertools import combinations
from math import isclose

import pytest

from deckcli.analysis.probability import p_at_least_one


@pytest.mark.parametrize(("deck_size", "copies", "seen"), [(14, 1, 10), (14, 3, 5), (8, 2, 8), (6, 0, 3)])
def test_matches_enumeration(deck_size, copies, seen):
    hands = list(combinations(range(deck_size), seen))
    hits = sum(1 for hand in hands if any(card < copies for card in hand))
    assert isclose(p_at_least_one(deck_size, copies, seen), hits / len(hands))


def test_rulebook_examples():
    assert isclose(p_at_least_one(25, 1, 10), 0.40)
    assert isclose(p_at_least_one(25, 1, 12), 0.48)
    assert isclose(p_at_least_one(22, 1, 10), 10 / 22)
