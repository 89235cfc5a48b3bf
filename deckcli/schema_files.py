"""The JSON Schemas shipped with deckcli (``schemas/`` in the source tree).

They are package data of ``deckcli.schemas`` so that an installed wheel finds
them from any working folder.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any


@functools.cache
def packaged_schema(name: str) -> dict[str, Any]:
    """Return the parsed schema ``name`` (``"deck"``, ``"catalog"``, ``"rules/advanced"``…).

    Raises ``FileNotFoundError`` when no such schema is shipped.
    """
    folder, _, stem = name.rpartition("/")
    package = "deckcli.schemas" + (f".{folder}" if folder else "")
    text = resources.files(package).joinpath(f"{stem}.schema.json").read_text("utf-8")
    return json.loads(text)


def packaged_rule_names() -> list[str]:
    """The stems of every *deck* rule-set schema shipped in ``schemas/rules/``, sorted.

    Schemas marked ``"x-judges": "lineup"`` judge a lineup of decks (tournament,
    team), not one deck, and are listed by :func:`packaged_lineup_names` instead.
    """
    return [name for name in _rule_schema_stems() if _judges(name) == "deck"]


def packaged_lineup_names() -> list[str]:
    """The stems of the lineup rule-set schemas (``"x-judges": "lineup"``), sorted."""
    return [name for name in _rule_schema_stems() if _judges(name) == "lineup"]


def _rule_schema_stems() -> list[str]:
    suffix = ".schema.json"
    return sorted(
        entry.name[: -len(suffix)]
        for entry in resources.files("deckcli.schemas.rules").iterdir()
        if entry.name.endswith(suffix)
    )


def _judges(name: str) -> str:
    return packaged_schema(f"rules/{name}").get("x-judges", "deck")
