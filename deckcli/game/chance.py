"""The random source of one game: every shuffle and random pick of the rules (a coin, a deck shuffled, the unit
Monsters keep, §3, §6), reproducible from its seed and cheap to copy.

A search copies a game thousands of times a decision. Copying Python's Mersenne Twister means reading its state
out (``getstate``: 625 integers) and writing it into a new source, most of a copy's cost; so a :class:`Chance`
reads its state out once per stretch without a draw, and a copy takes that state only when it first draws.
The draws themselves are ``random.Random``'s: a ``Chance(seed)`` gives the numbers ``random.Random(seed)`` gives.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import MutableSequence, Sequence


class Chance(random.Random):
    """``random.Random`` with a cheap :meth:`copy`: the copy shares the state this source was in, and sets it on
    its own source only at its first draw. Only the draws the rules make are wrapped (``shuffle``, ``choice``,
    ``sample``, ``randrange``); ``random()`` and ``getrandbits()`` are left to ``random.Random`` (its shuffle calls
    them once a card) and must not be the first draw of a copy."""

    _kept: tuple[Any, ...] | None
    _waiting: tuple[Any, ...] | None

    def __init__(self, seed: int | None = None) -> None:
        self._kept = None
        self._waiting = None
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._kept = self._waiting = None
        super().seed(a, version)

    def getstate(self) -> tuple[Any, ...]:
        """The state (``random.Random``'s), read out once until the next draw."""
        if self._waiting is not None:
            return self._waiting
        if self._kept is None:
            self._kept = super().getstate()
        return self._kept

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._waiting = None
        super().setstate(state)
        self._kept = state

    def copy(self) -> Chance:
        """An independent source in the same state: what it draws next is what this one would."""
        other = Chance.__new__(Chance)
        other._kept = None
        other._waiting = self.getstate()
        return other

    def _drawing(self) -> None:
        if self._waiting is not None:
            super().setstate(self._waiting)
            self._waiting = None
        self._kept = None

    def shuffle(self, x: MutableSequence[Any]) -> None:
        if self._waiting is not None:
            self._drawing()
        self._kept = None
        super().shuffle(x)

    def choice(self, seq: Any) -> Any:
        if self._waiting is not None:
            self._drawing()
        self._kept = None
        return super().choice(seq)

    def sample(self, population: Sequence[Any], k: int, *, counts: Any = None) -> list[Any]:
        self._drawing()
        return super().sample(population, k, counts=counts)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        self._drawing()
        return super().randrange(start, stop, step)
