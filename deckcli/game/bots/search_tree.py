"""The tree both tree searches grow (``ismcts_bot``, ``strong_bot``): its nodes, and UCB1 among the options open.

A node's options are keyed by what they are (each search's own ``Key``: the same in every imagined deal), so one
node is one option whatever the deal; "availability" counts the iterations in which an option was open, as
information-set MCTS needs (Cowling, Powley and Whitehouse, 2012).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class Node(Generic[K]):
    """A node of the tree. ``children`` by key; ``order`` the order options open in (progressive widening);
    ``visits``, ``reward`` (the sum of the results, 0–1 each, of the player who chose the option leading here) and
    ``available`` (iterations in which that option was open)."""

    __slots__ = ("children", "order", "visits", "reward", "available")

    def __init__(self) -> None:
        self.children: dict[K, Node[K]] = {}
        self.order: list[K] = []
        self.visits = 0
        self.reward = 0.0
        self.available = 0


def upper_confidence_choice(node: Node[K], open_now: Iterable[K], exploration: float) -> K:
    """The option to take at ``node`` among ``open_now`` (in their order): the first untried, else the best upper
    confidence bound (UCB1 with ``exploration``, a child's chances counted over its availability); each open
    child's availability is counted."""
    open_now = list(open_now)
    for key in open_now:
        child = node.children.get(key)
        if child is not None:
            child.available += 1
    best: K | None = None
    score = -1.0
    for key in open_now:
        child = node.children.get(key)
        if child is None:
            return key
        value = child.reward / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
        if value > score:
            best, score = key, value
    assert best is not None
    return best
