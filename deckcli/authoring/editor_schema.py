"""A JSON Schema of the deck file for one faction, so a TOML editor completes card names (``deckcli schema``).

It is ``schemas/deck.schema.json`` with the names filled in: ``faction`` is that
faction, ``leader`` exactly one of its Leaders, every ``[cards]`` key a card of its set
(at most the copies the set prints, rulebook §1) and every ``[side]`` key one of
its side-deck cards (§2). Other names are errors in the editor. Taplo and Even
Better TOML read it from a ``#:schema ./FILE.json`` first line.
"""

from __future__ import annotations

import copy
from typing import Any

from deckcli.catalog.abilities import KIND_NAMES, ability_name
from deckcli.catalog.model import ROW_NAMES, Card, Catalog, FactionSet
from deckcli.files.schemas import packaged_schema


def faction_schema(catalog: Catalog, faction: FactionSet) -> dict[str, Any]:
    """The deck-file schema for ``faction`` (a JSON-ready dict, draft 2020-12)."""
    schema = copy.deepcopy(packaged_schema("deck"))
    schema["$id"] = f"urn:deckcli:deck:{faction.slug}"
    schema["title"] = f"deckcli deck file: {faction.name}"
    schema["description"] = (
        f"A {faction.name} deck for Gwent: The Legendary Card Game, with the card and Leader names of the "
        f"{faction.name} set (written by deckcli schema). Counts are copies."
    )
    cards = [catalog.cards[name] for name in faction.copies]
    leaders = [card.name for card in cards if card.is_leader]
    properties = schema["properties"]
    properties["faction"] = {
        **properties["faction"],
        "enum": [faction.name, faction.slug],
        "x-message": f'faction must be "{faction.name}": this schema lists the {faction.name} set',
    }
    properties["leader"] = {
        "enum": leaders,
        "description": f"the deck's Leader: exactly one of the {faction.name} Leaders (§2)",
        "x-message": f"leader must be one of the {faction.name} Leaders: {', '.join(leaders)}",
    }
    properties["cards"] = _card_table(faction, [c for c in cards if not c.is_leader and not c.side_deck])
    properties["side"] = _card_table(faction, [c for c in cards if c.side_deck])
    # Nothing refers to the shared card table any more; without it every keyword left means
    # the same in drafts 4 to 2020-12, so editors on older drafts read the schema too.
    del schema["$defs"]
    return schema


def _card_table(faction: FactionSet, cards: list[Card]) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            card.name: {
                "type": "integer",
                "minimum": 1,
                "maximum": faction.copies[card.name],
                "description": _describe(card, faction.copies[card.name], faction),
            }
            for card in cards
        },
    }


def _describe(card: Card, copies: int, faction: FactionSet) -> str:
    facts = [KIND_NAMES[card.kind]]
    if card.strength is not None:
        facts.append(f"Strength {card.strength}")
    facts += [ROW_NAMES[row] for row in card.rows]
    facts += [ability_name(code) for code in card.abilities]
    return f"{', '.join(facts)}; {copies} in the {faction.name} set"


def faction_schema_text(catalog: Catalog, faction: FactionSet) -> str:
    """:func:`faction_schema` as pretty JSON text (UTF-8 names kept), ending with a newline."""
    from deckcli.text import to_json

    return to_json(faction_schema(catalog, faction)) + "\n"


def written_message(output: str, faction: FactionSet) -> str:
    """What ``deckcli schema`` says once it wrote ``output``: the ``#:schema`` line to put first in a deck file."""
    return f"wrote {output}: first line of a {faction.name} deck file: #:schema {schema_reference(output)}"


def schema_reference(output: str) -> str:
    """How a ``#:schema`` line names the written file: ``./NAME`` beside a deck here, a ``file:`` URI when absolute."""
    from pathlib import Path

    path = Path(output)
    if path.is_absolute():
        return path.as_uri()
    return output if output.startswith(("./", "../")) else f"./{output}"
