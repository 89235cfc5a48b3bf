"""How a typed card, Leader or faction name is folded before it is compared.

Players type names on phones, paste them from chats and copy them from the
cards, so two spellings are the same name when they differ only in case,
surrounding or repeated white space, apostrophe or quote style (’ ' ‘ ` ´),
accents (Síle = Sile, composed or decomposed Unicode) or the Leader separator
(``Foltest: The Siegemaster`` = ``Foltest - The Siegemaster`` = ``Foltest – The
Siegemaster``).
"""

from __future__ import annotations

import functools
import heapq
import re
import unicodedata
from typing import Mapping

_APOSTROPHES = str.maketrans({c: "'" for c in "’‘`´ʼ′＇"})
_SPACES = re.compile(r"\s+")
_LEADER_SEPARATOR = re.compile(r"\s*:\s*|\s+[-–—]+\s+")


SUGGEST_CUTOFF = 0.6
"""How similar (difflib's ratio, 0–1) a catalog name must be to be suggested."""
SUGGEST_KEY_LENGTH = 80
"""Only the first 80 characters of a folded name are compared for suggestions."""
_CACHED_NAME_LENGTH = 200
_REMEMBERED_ANSWERS = 10_000


def fold(name: str) -> str:
    """Return the comparison key of ``name``: the same for every spelling a player may type.

    ``fold("  Síle   de Tansarville ") == fold("sile de tansarville")``;
    ``fold("Foltest – The Siegemaster") == fold("Foltest: The Siegemaster")``.
    Keys of names up to 200 characters are remembered (a folder of decks repeats
    the same names); longer ones are folded each time.
    """
    if len(name) <= _CACHED_NAME_LENGTH:
        return _fold_cached(name)
    return _fold(name)


@functools.lru_cache(maxsize=8192)
def _fold_cached(name: str) -> str:
    return _fold(name)


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    bare = bare.translate(_APOSTROPHES).casefold()
    bare = _SPACES.sub(" ", bare).strip()
    return _LEADER_SEPARATOR.sub(": ", bare)


def head(folded: str) -> str:
    """Return the part of a folded name before its separator (``eredin: ...`` -> ``eredin``)."""
    return folded.split(": ", 1)[0]


def suggest(name: str, candidates: Mapping[str, str], limit: int = 3) -> list[str]:
    """Return up to ``limit`` display names from ``candidates`` closest to ``name``.

    ``candidates`` maps folded keys to display names; the result is best first
    and empty when nothing is close enough to be worth saying. The same answer as
    :meth:`NamePool.suggest`; a caller asking often should keep a :class:`NamePool`.
    """
    return _pool(tuple(candidates.items())).suggest(name, limit)


@functools.lru_cache(maxsize=16)
def _pool(items: tuple[tuple[str, str], ...]) -> NamePool:
    return NamePool(dict(items))


class NamePool:
    """Names to suggest from ("did you mean"), indexed so that thousands of unknown names stay fast.

    ``candidates`` maps folded keys to display names. :meth:`suggest` gives
    exactly what ``difflib.get_close_matches(fold(name)[:80], keys, limit, 0.6)``
    gives (then, when that finds nothing, the keys that contain the name or share
    its Leader head), but compares each candidate's length and letter counts
    first, which bound difflib's ratio from above, so only a few candidates
    reach ``SequenceMatcher.ratio()``. Answers are remembered per folded name.
    """

    def __init__(self, candidates: Mapping[str, str]) -> None:
        self.candidates = dict(candidates)
        self._by_length: dict[int, list[tuple[str, tuple[tuple[str, int], ...]]]] = {}
        for key in self.candidates:
            self._by_length.setdefault(len(key), []).append((key, tuple(_letter_counts(key).items())))
        self._heads = [(key, head(key)) for key in self.candidates]
        self._answers: dict[tuple[str, int], list[str]] = {}

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Up to ``limit`` display names closest to ``name``, best first (empty when none is close).

        Raises ``ValueError`` when ``limit`` is not positive.
        """
        if limit <= 0:
            raise ValueError(f"limit must be > 0: {limit!r}")
        key = fold(name)[:SUGGEST_KEY_LENGTH]
        answer = self._answers.get((key, limit))
        if answer is None:
            if len(self._answers) >= _REMEMBERED_ANSWERS:
                self._answers.clear()
            answer = self._answers[(key, limit)] = self._closest(key, limit)
        return list(answer)

    def _closest(self, key: str, limit: int) -> list[str]:
        from difflib import SequenceMatcher

        matcher = SequenceMatcher()
        matcher.set_seq2(key)
        counts = _letter_counts(key)
        scored = []
        for length, group in self._by_length.items():
            total = length + len(key)
            # difflib's real_quick_ratio, then quick_ratio: each bounds ratio() from above
            if _ratio(min(length, len(key)), total) < SUGGEST_CUTOFF:
                continue
            for candidate, candidate_counts in group:
                shared = 0
                for letter, n in candidate_counts:
                    m = counts.get(letter)
                    if m:
                        shared += n if n < m else m
                if _ratio(shared, total) < SUGGEST_CUTOFF:
                    continue
                matcher.set_seq1(candidate)
                score = matcher.ratio()
                if score >= SUGGEST_CUTOFF:
                    scored.append((score, candidate))
        close = [candidate for _score, candidate in heapq.nlargest(limit, scored)]
        if not close and key:
            key_head = head(key)
            close = [k for k, k_head in self._heads if key in k or k_head == key_head][:limit]
        return [self.candidates[k] for k in close]


def _letter_counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for letter in text:
        counts[letter] = counts.get(letter, 0) + 1
    return counts


def _ratio(matches: int, length: int) -> float:
    """difflib's ratio formula: ``2 * matches / length``, 1 for two empty strings."""
    return 2.0 * matches / length if length else 1.0
