"""A deck printed for a forum post or a chat (``deckcli export``), as plain text or Markdown.

Leader first, then the units grouped by row with their Strength, then Special
and Weather Cards, the side deck, and the totals. The text form is a list
``deckcli import`` reads back into the same deck (:mod:`deckcli.authoring.importing`).
"""

from __future__ import annotations

from typing import Callable

from deckcli.catalog.abilities import ability_name
from deckcli.catalog.ordering import deck_order
from deckcli.deck.resolution import Placed, ResolvedDeck
from deckcli.rules.profile import deck_profile
from deckcli.text import counted

FORMATS = ("text", "markdown")


# (title, test) in print order; a card goes in the first group whose test it passes.
_MISPLACED = "In the card list by mistake, not counted"


_GROUPS: tuple[tuple[str, Callable[[Placed], bool]], ...] = (
    (_MISPLACED, lambda p: p.card.side_deck or p.card.is_leader),
    ("Close Combat", lambda p: p.card.is_unit and p.card.rows == ("close",)),
    ("Agile: Close Combat or Ranged Combat", lambda p: p.card.is_unit and p.card.rows == ("close", "ranged")),
    ("Ranged Combat", lambda p: p.card.is_unit and p.card.rows == ("ranged",)),
    ("Siege", lambda p: p.card.is_unit and p.card.rows == ("siege",)),
    ("Special Cards, Weather apart", lambda p: p.card.kind == "special"),
    ("Weather Cards", lambda p: p.card.is_weather),
    ("Other cards", lambda p: True),
)


def render_deck_list(deck: ResolvedDeck, to: str = "text") -> str:
    """The deck as text (``to="text"``) or Markdown (``"markdown"``), ending with a newline.

    Cards whose names did not resolve are not printed: check
    :func:`deckcli.rules.judging.unresolved_findings` first. Raises ``ValueError`` for
    an unknown ``to``.
    """
    if to not in FORMATS:
        raise ValueError(f"unknown export format {to!r}")
    markdown = to == "markdown"
    lines = _head(deck, markdown)
    groups: dict[str, list[Placed]] = {title: [] for title, _test in _GROUPS}
    for placed in deck.main.values():
        title = next(title for title, test in _GROUPS if test(placed))
        groups[title].append(placed)
    for title, cards in groups.items():
        if cards:
            lines += _section(_group_title(title, cards), cards, markdown)
    if deck.side:
        lines += _section("Side deck (set aside before play)", list(deck.side.values()), markdown)
    lines += ["", _totals(deck, markdown)]
    return "\n".join(lines) + "\n"


def _head(deck: ResolvedDeck, markdown: bool) -> list[str]:
    fields = [("Faction", deck.faction.name), *(("Leader", placed.card.name) for placed in deck.leaders)]
    name = deck.source.name
    if markdown:
        title = [f"## {name}", ""] if name else []
        return title + [f"- **{key}:** {value}" for key, value in fields]
    return [f"{key}: {value}" for key, value in ([("Name", name)] if name else []) + fields]


def _group_title(title: str, cards: list[Placed]) -> str:
    copies = sum(p.copies for p in cards)
    if cards[0].card.is_unit and title not in ("Other cards", _MISPLACED):
        strength = sum(p.copies * (p.card.strength or 0) for p in cards)
        return f"{title} ({counted(copies, 'unit', 'units')}, {strength} Strength)"
    return f"{title} ({copies})"


def _section(title: str, cards: list[Placed], markdown: bool) -> list[str]:
    cards = sorted(cards, key=lambda p: deck_order(p.card))
    heading = ["", f"### {title}", ""] if markdown else ["", f"{title}:"]
    times = "×" if markdown else "x"
    bullet = "- " if markdown else ""
    return heading + [f"{bullet}{p.copies}{times} {p.card.name}{_note(p)}" for p in cards]


def _note(placed: Placed) -> str:
    card = placed.card
    if card.strength is None:
        return ""
    facts = (["Hero"] if card.is_hero else []) + [f"Strength {card.strength}"]
    facts += [ability_name(code) for code in card.abilities if code != "agile"]
    return f" ({', '.join(facts)})"


def _totals(deck: ResolvedDeck, markdown: bool) -> str:
    profile = deck_profile(deck)
    total = profile["units"] + profile["specials"]
    figures = (
        f"{counted(profile['units'], 'unit', 'units')}, {profile['unit_strength']} Strength, "
        f"{counted(profile['specials'], 'Special Card', 'Special Cards')} ({profile['weather']} Weather), "
        f"{counted(total, 'card', 'cards')} in the main deck"
    )
    return f"**Totals:** {figures}" if markdown else f"Totals: {figures}"
