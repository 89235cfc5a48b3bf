"""Looking up one card named on the command line.

Names match as in ``validate`` (:meth:`deckcli.catalog.model.Catalog.find`): a name
that matches no card gets "did you mean", a name that may mean several cards
is refused with the candidates. Nothing is guessed (rulebook §1, §2)."""

from __future__ import annotations

import re

from deckcli.catalog.abilities import KIND_NAMES
from deckcli.catalog.model import Card, Catalog, FactionSet
from deckcli.catalog.names import fold, suggest
from deckcli.errors import CardLookupError
from deckcli.text import did_you_mean, either, printable, spoken


def unknown_reason(name: str, suggestions: list[str]) -> str:
    """The message for a name that matches no card, with "did you mean" when something is close."""
    return f'"{printable(name)}" is not a card of any faction set{did_you_mean(suggestions)}'


def ambiguous_reason(name: str, candidates: list[str]) -> str:
    """The message for a name that may mean several cards, listing them."""
    return f'"{printable(name)}" may mean {either(candidates)}: write the full name'


def lookup_card(catalog: Catalog, name: str, faction: FactionSet | None = None) -> Card:
    """The one card ``name`` means. With ``faction``, a name shared by several cards picks the one that set prints.

    Raises :class:`CardLookupError` (exit code 2) when ``name`` matches no card
    or several.
    """
    found = catalog.find(name)
    if faction is not None and len(found) > 1:
        printed = [card for card in found if card.name in faction.copies]
        found = printed if len(printed) == 1 else found
    if not found:
        raise CardLookupError(unknown_reason(name, catalog.suggest(name)))
    if len(found) > 1:
        raise CardLookupError(ambiguous_reason(name, [card.name for card in found]))
    return found[0]


_WORD_BREAK = re.compile(r"[\s:'\-–—,.()]+")


def name_words(name: str) -> list[str]:
    """The words of a name, folded (``Commander's Horn`` -> ``["commander", "s", "horn"]``)."""
    from deckcli.catalog.names import fold

    return [word for word in _WORD_BREAK.split(fold(name)) if word]


def words_begin(typed: list[str], words: list[str]) -> bool:
    """Whether each typed word begins a word of ``words``, in order, each word used once (``horn`` -> ``commander s horn``)."""
    at = 0
    for part in typed:
        while at < len(words) and not words[at].startswith(part):
            at += 1
        if at == len(words):
            return False
        at += 1
    return True


def browse_card(catalog: Catalog, name: str, faction: FactionSet | None = None) -> Card:
    """The card ``name`` means for browsing (``deckcli card``): as :func:`lookup_card`, and when that finds
    nothing, the one card whose words begin with the typed words (``geralt`` -> Geralt of Rivia, ``horn`` ->
    Commander's Horn, ``frost`` -> Biting Frost). Deck files never match this loosely.

    Raises :class:`CardLookupError` (exit code 2) listing the candidates when several cards match, or with
    "did you mean" when none does.
    """
    try:
        return lookup_card(catalog, name, faction)
    except CardLookupError as error:
        if catalog.find(name):
            raise  # ambiguous as a deck name: the candidates are already listed
        typed = name_words(name)
        found = [card for card in catalog.cards.values()
                 if typed and any(words_begin(typed, name_words(spelling)) for spelling in (card.name, *card.aliases))]
        if faction is not None and len(found) > 1:
            printed = [card for card in found if card.name in faction.copies]
            found = printed or found
        if len(found) == 1:
            return found[0]
        if found:
            raise CardLookupError(ambiguous_reason(name, sorted(card.name for card in found))) from None
        raise error from None


def lookup_leader(catalog: Catalog, name: str, faction: FactionSet) -> Card:
    """The Leader Card ``name`` means, which must be one of ``faction``'s Leaders (rulebook §2).

    Raises :class:`CardLookupError` (exit code 2) naming that faction's Leaders
    when ``name`` is unknown, ambiguous, not a Leader or another faction's.
    """
    leaders = [catalog.cards[n].name for n in faction.copies if catalog.cards[n].is_leader]
    choices = f"the {faction.name} Leaders are {spoken(leaders)}"
    try:
        card = lookup_card(catalog, name, faction)
    except CardLookupError as error:
        if catalog.find(name):  # several cards: the candidates are listed
            raise CardLookupError(f"{error.reason}; {choices}") from None
        close = suggest(name, {fold(leader): leader for leader in leaders}, limit=1)  # a Leader, never a Scorch
        raise CardLookupError(f'"{printable(name)}" is not a {faction.name} Leader{did_you_mean(close)}; {choices}') from None
    if not card.is_leader:
        raise CardLookupError(f"{card.name} is a {KIND_NAMES[card.kind]}, not a Leader; {choices}")
    if card.name not in faction.copies:
        raise CardLookupError(f"{card.name} is not in the {faction.name} set; {choices}")
    return card
