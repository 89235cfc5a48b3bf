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
_MISPLACED = "Listed in [cards] by mistake, not counted"
_MISPLACED_SIDE = "Listed in [side] by mistake, they belong in the deck"
"""Both headings carry "by mistake": ``deckcli import`` keeps their cards where they are, so the deck reads back as it is."""


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
        if placed.copies:
            title = next(title for title, test in _GROUPS if test(placed))
            groups[title].append(placed)
    for title, cards in groups.items():
        if cards:
            lines += _section(_group_title(title, cards), cards, markdown)
    side = [placed for placed in deck.side.values() if placed.copies and placed.card.side_deck]
    misplaced = [placed for placed in deck.side.values() if placed.copies and not placed.card.side_deck]
    if side:
        lines += _section("Side deck (set aside before play)", side, markdown)
    if misplaced:
        lines += _section(f"{_MISPLACED_SIDE} ({sum(p.copies for p in misplaced)})", misplaced, markdown)
    lines += ["", _totals(deck, markdown)]
    return "\n".join(lines) + "\n"


def _head(deck: ResolvedDeck, markdown: bool) -> list[str]:
    fields = [("Faction", deck.faction.name), *(("Leader", placed.card.name) for placed in deck.leaders)]
    name = deck.source.name
    if markdown:
        title = [f"## {_name_text(name, '## ')}", ""] if name is not None else []
        return title + [f"- **{key}:** {value}" for key, value in fields]
    named = [("Name", _name_text(name, "Name: "))] if name is not None else []
    return [f"{key}: {value}" for key, value in named + fields]


def _name_text(name: str, prefix: str) -> str:
    """The deck's name as it reads back after ``prefix``: as typed when import reads it so, else quoted with escapes.

    Quoted names (``"Side\\nDeck"``) are JSON strings in which every control,
    separator or invisible character but the space is escaped, so the name
    stays on one line and keeps every character (rulebook-free: a file detail).
    """
    import unicodedata

    from deckcli.authoring.importing import parse_list

    printable = all(char == " " or unicodedata.category(char)[0] not in "CZ" for char in name)
    if name and printable and parse_list(f"{prefix}{name}\n", "-").name == name:
        return name
    return _quoted(name)


def _quoted(text: str) -> str:
    import json
    import unicodedata

    out = []
    for char in json.dumps(text, ensure_ascii=False)[1:-1]:
        if char == " " or unicodedata.category(char)[0] not in "CZ" and char.isprintable():
            out.append(char)
        elif ord(char) > 0xFFFF:
            high, low = divmod(ord(char) - 0x10000, 0x400)
            out.append(f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}")
        else:
            out.append(f"\\u{ord(char):04x}")
    return '"' + "".join(out) + '"'



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
    # The main deck's size first, then its parts: short enough for 80 columns, on one line that import skips.
    figures = (
        f"{counted(total, 'card', 'cards')}: {counted(profile['units'], 'unit', 'units')} "
        f"({profile['unit_strength']} Strength), "
        f"{counted(profile['specials'], 'Special Card', 'Special Cards')} ({profile['weather']} Weather)"
    )
    return f"**Totals:** {figures}" if markdown else f"Totals: {figures}"
