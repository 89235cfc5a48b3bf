"""The JSON Schemas shipped with deckcli (``schemas/`` in the source tree).

They are package data of ``deckcli.schemas`` so that an installed wheel finds
them from any working folder (read through :mod:`deckcli.package_data`).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from deckcli.package_data import data_names, read_data


@functools.cache
def packaged_schema(name: str) -> dict[str, Any]:
    """Return the parsed schema ``name`` (``"deck"``, ``"catalog"``, ``"rules/advanced"``…).

    Raises ``FileNotFoundError`` when no such schema is shipped.
    """
    folder, _, stem = name.rpartition("/")
    package = "deckcli.schemas" + (f".{folder}" if folder else "")
    text = read_data(package, f"{stem}.schema.json")
    return json.loads(text)


def packaged_rule_names() -> list[str]:
    """The stems of every rule-set schema shipped in ``schemas/rules/``, sorted."""
    suffix = ".schema.json"
    return sorted(name[: -len(suffix)] for name in data_names("deckcli.schemas.rules") if name.endswith(suffix))
