"""Deck files of the gwent-classic browser remake and its forks (JSON), read as deck lists (``deckcli import``).

Two shapes are saved and shared, both ``{"faction": KEY, "leader": ID, "cards": [[ID, COPIES], ...]}``:

- the original remake (asundr/gwent-classic) and its close forks: ``ID`` is the
  card's position in the remake's card list (a whole number); one fork
  (LeonardJouve) inserted a second Ballista, shifting later positions by one,
  so the list under which the Leader and cards fit the faction best is used;
- the v3.0 / v4.0 remakes (romain-durban) and their forks: ``ID`` is a string
  (``"nr_foltest_lord"``, ``"spe_decoy"``, ``"nr_blue_stripes_2"``), with an
  optional ``"title"`` read as the deck's name.

Which id names which card is data (``gwent_classic.toml``, facts gathered from
those projects' public card lists). An id naming a card the physical edition
does not print, a faction it does not have, or an entry that is not
``[ID, COPIES]`` is a problem named by its place in the JSON (``cards[3]``) and its line (none when
the file is one line), never dropped silently.
"""

from __future__ import annotations

import functools
import json
import re
from typing import TYPE_CHECKING, Any

from deckcli.authoring.deck_list import shown_copies
from deckcli.findings import Finding

if TYPE_CHECKING:
    from deckcli.authoring.deck_list import DeckList
    from deckcli.catalog.model import Catalog

_ENTRY = re.compile(r"\[[^\[\]]*\]")
"""One ``[ID, COPIES]`` pair in the file's text, to give each card its line."""


@functools.cache
def id_table() -> dict[str, Any]:
    """The packaged id table: ``factions`` (key -> faction slug), ``positions`` (list name -> card names,
    ``""`` for none), ``ids`` (string id -> card name) and ``changed_ids`` (ids whose card differs by version)."""
    import tomllib
    from importlib import resources

    return tomllib.loads(resources.files("deckcli.authoring").joinpath("gwent_classic.toml").read_text("utf-8"))


def is_gwent_classic(text: str) -> bool:
    """Whether ``text`` is a JSON object with a ``cards`` list: a gwent-classic deck file."""
    if not text.lstrip().startswith("{"):
        return False
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(document, dict) and isinstance(document.get("cards"), list)


def read_gwent_classic(text: str, where: str, catalog: Catalog) -> DeckList:
    """Read a gwent-classic deck file as a :class:`DeckList` (names from the id table, lines from the text).

    ``text`` must pass :func:`is_gwent_classic`. The faction key becomes the
    ``Faction:`` of the list; the Leader and each card an entry with its line;
    every id the table cannot place is a problem (``unknown-id``, ``bad-line``).
    """
    from deckcli.authoring.deck_list import DeckList
    from deckcli.deck.reading import Entry

    document = json.loads(text)
    listed = DeckList(where, unit=("entry", "entries"), faction_from='the file\'s "faction"')
    table = id_table()
    one_line = "\n" not in text.strip()  # minified: every entry on line 1, so only its place in the JSON tells it
    title = document.get("title")
    if isinstance(title, str) and title.strip():
        listed.name = title
    faction_key = document.get("faction")
    faction_line = None if one_line else _line_of(text, '"faction"')
    slug = table["factions"].get(faction_key) if isinstance(faction_key, str) else None
    if slug is not None:
        listed.faction, listed.faction_line = catalog.factions[slug].name, faction_line
    else:
        known = ", ".join(table["factions"])
        listed.problems.append(Finding("bad-line", f"faction: gwent-classic faction {json.dumps(faction_key)[:60]} has "
                                       f"no set in the physical edition (it has {known})", faction_line))
    pairs = document["cards"]
    lines = [None] * len(pairs) if one_line else _entry_lines(text, len(pairs))
    leader = document.get("leader")
    positions = _pick_positions(leader, pairs, slug, catalog)
    if leader is not None:
        _add(listed, "leader", leader, 1, None if one_line else _line_of(text, '"leader"'), "leader", positions, Entry)
    for index, (pair, line) in enumerate(zip(pairs, lines)):
        if (not isinstance(pair, list) or len(pair) != 2 or isinstance(pair[1], bool)
                or not isinstance(pair[1], int) or isinstance(pair[0], bool)):
            listed.problems.append(Finding("bad-line", f"cards[{index}] is {json.dumps(pair)[:60]}, not [ID, COPIES] "
                                           "with a whole number of copies", line))
            continue
        _add(listed, f"cards[{index}]", pair[0], pair[1], line, "cards", positions, Entry)
    if positions == "LeonardJouve":
        listed.notes.append(Finding("positions", "card positions read as LeonardJouve/gwent-classic's list "
                                    "(a second Ballista at 28): the Leader and cards fit its faction best", None))
    return listed


def _add(
    listed: DeckList, at: str, card_id: Any, copies: int, line: int | None, section: str, positions: str, entry: Any,
) -> None:
    """The entry at ``at`` (its place in the JSON: ``leader``, ``cards[3]``) added to ``listed``, or its problem."""
    name, why = _name_of(card_id, positions)
    if name is None:
        listed.problems.append(Finding("unknown-id", f"{at}: {why}", line, str(card_id)))
    elif not 1 <= copies <= 90:
        listed.problems.append(Finding("bad-line", f"{at}: {shown_copies(copies)} copies of {name}: a count is a whole "
                                       "number from 1 to 90", line, name))
    else:
        listed.entries.append(entry(name, copies, line, section))


def _name_of(card_id: Any, positions: str) -> tuple[str | None, str]:
    """The catalog name ``card_id`` means, or ``None`` and why not."""
    table = id_table()
    if isinstance(card_id, int) and not isinstance(card_id, bool):
        names = table["positions"][positions]
        if 0 <= card_id < len(names) and names[card_id]:
            return names[card_id], ""
        return None, f"gwent-classic card position {card_id} names no card of the physical edition"
    if isinstance(card_id, str):
        if card_id in table["ids"]:
            return table["ids"][card_id], ""
        if card_id in table["changed_ids"]:
            return None, (f"gwent-classic card id {json.dumps(card_id)} means {table['changed_ids'][card_id]}, "
                          "depending on the version: write the card by hand")
        return None, f"gwent-classic card id {json.dumps(card_id)[:60]} is not a card of the physical edition"
    return None, f"gwent-classic card id {json.dumps(card_id)[:60]} is neither a position nor an id"


def _pick_positions(leader: Any, pairs: list[Any], slug: str | None, catalog: Catalog) -> str:
    """The position list under which the Leader and cards fit the faction best; the original on a tie."""
    table = id_table()
    if slug is None:
        return "asundr"
    faction = catalog.factions[slug]

    def misfits(list_name: str) -> int:
        names = table["positions"][list_name]
        ids = [leader] + [pair[0] for pair in pairs if isinstance(pair, list) and pair]
        found = [names[i] if isinstance(i, int) and 0 <= i < len(names) else "" for i in ids]
        bad = sum(1 for name in found if name not in faction.copies)
        leader_name = found[0]
        return bad + (0 if leader_name and catalog.cards[leader_name].is_leader else 1)

    lists: list[str] = list(table["positions"])
    return min(lists, key=lambda list_name: (misfits(list_name), list_name != "asundr"))


def _line_of(text: str, key: str) -> int | None:
    at = text.find(key)
    return text.count("\n", 0, at) + 1 if at >= 0 else None


def _entry_lines(text: str, count: int) -> list[int | None]:
    """The line of each ``[ID, COPIES]`` pair of ``cards``, in order; ``None`` when the text cannot tell."""
    start = text.find('"cards"')
    found = [
        text.count("\n", 0, match.start() + len(match.group()) - len(match.group()[1:].lstrip())) + 1
        for match in _ENTRY.finditer(text, max(start, 0))
    ]
    return list(found[:count]) if len(found) >= count else [None] * count
