"""The JSON Schemas of deckcli's own ``--format json`` outputs (``schemas/output/``): the contract scripts rely on.

One schema per command, ``schemas/output/COMMAND.schema.json``; the records
several commands share (a finding, a deck report, the profile) are defined
once in ``common.schema.json`` and referenced as ``urn:deckcli:output:common``.
:func:`output_schema` embeds that shared file, so the schema it returns stands
alone (a draft 2020-12 compound document) and any validator can use it.
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

_PACKAGE = "deckcli.schemas.output"
_SUFFIX = ".schema.json"
COMMON = "common"
LOGS = {"game-log": "the game log that simulate --log writes: one JSON object per line, one line per event"}
"""Outputs with a schema that are not one command's ``--format json`` document, and what writes them."""


def output_schema_names() -> list[str]:
    """The commands whose JSON output has a schema, and the :data:`LOGS`, sorted (the shared ``common`` file left out)."""
    return sorted(
        entry.name[: -len(_SUFFIX)]
        for entry in resources.files(_PACKAGE).iterdir()
        if entry.name.endswith(_SUFFIX) and entry.name != f"{COMMON}{_SUFFIX}"
    )


def output_schema(command: str) -> dict[str, Any]:
    """The JSON Schema of ``deckcli COMMAND``'s JSON output, with the shared definitions embedded.

    Raises ``KeyError`` when ``command`` prints no JSON document.
    """
    if command not in output_schema_names():
        raise KeyError(command)
    schema = _read(command)
    common = _read(COMMON)
    common.pop("$schema", None)
    schema.setdefault("$defs", {})[COMMON] = common
    return schema


def _read(stem: str) -> dict[str, Any]:
    text = resources.files(_PACKAGE).joinpath(f"{stem}{_SUFFIX}").read_text("utf-8")
    document: dict[str, Any] = json.loads(text)
    return copy.deepcopy(document)
