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
import re
import unicodedata

_APOSTROPHES = str.maketrans({c: None for c in "'’‘`´ʼ′＇"})
"""Every apostrophe, typed or not: ``Avallach`` is ``Avallac'h``, ``Commanders Horn`` is ``Commander's Horn``."""


_INVISIBLE = str.maketrans({c: None for c in "\u200b\u200c\u200d\u2060\ufeff\u00ad"})
"""Zero-width spaces and joiners, the word joiner, a stray byte-order mark and the soft hyphen: typed, never seen."""


_SPACES = re.compile(r"\s+")


_LEADER_SEPARATOR = re.compile(r"\s*:\s*|\s+[-–—]+\s+")


@functools.lru_cache(maxsize=4096)  # a batch of decks names the same cards again and again
def fold(name: str) -> str:
    """Return the comparison key of ``name``: the same for every spelling a player may type.

    ``fold("  Síle   de Tansarville ") == fold("sile de tansarville")``;
    ``fold("Foltest – The Siegemaster") == fold("Foltest: The Siegemaster")``; invisible
    characters and a separator left dangling at the end (``"Foltest –"``) are dropped.
    """
    # Apostrophes first: NFKD would split ´ into a space and a combining accent.
    decomposed = unicodedata.normalize("NFKD", visible(name).translate(_APOSTROPHES))
    if not decomposed.isascii():
        decomposed = "".join(c for c in decomposed if not unicodedata.combining(c))
    bare = decomposed.casefold()
    bare = _SPACES.sub(" ", bare).strip()
    return _LEADER_SEPARATOR.sub(": ", bare).rstrip(":-–— ")


def visible(text: str) -> str:
    """``text`` without the invisible characters phones and chats slip in (zero-width spaces, soft hyphens)."""
    return text.translate(_INVISIBLE)


def head(folded: str) -> str:
    """Return the part of a folded name before its separator (``eredin: ...`` -> ``eredin``)."""
    return folded.split(": ", 1)[0]


def suggest(name: str, candidates: dict[str, str], limit: int = 3) -> list[str]:
    """Return up to ``limit`` display names from ``candidates`` closest to ``name``.

    ``candidates`` maps folded keys to display names; the result is best first
    (names that begin with what was typed, shortest first, then the closest
    spellings) and empty when nothing is close enough to be worth saying.
    """
    import difflib

    key = fold(name)[:80]
    starting = sorted((k for k in candidates if k.startswith(key)), key=len) if len(key) >= 3 else []
    close = difflib.get_close_matches(key, list(candidates), n=limit, cutoff=0.6)
    if not close and len(key) >= 3:
        close = [k for k in candidates if key in k or head(k) == head(key)][:limit]
    shown = list(dict.fromkeys(candidates[k] for k in [*starting, *close]))
    return shown[:limit]


def find_named(text: str, names: dict[str, str]) -> str | None:
    """The code ``text`` means in ``names`` (code -> game name): the code or the name, any case, ``-`` or space,
    with or without a trailing "Card" ("Leader Card" is the Leader, "Unit" the Unit Card).

    ``find_named("close combat", ROW_NAMES)`` is ``"close"``; ``None`` when nothing matches.
    """
    key = fold(text).replace("-", " ").removesuffix(" card")
    for code, name in names.items():
        if key in (code.replace("-", " "), fold(name).replace("-", " ").removesuffix(" card")):
            return code
    return None
