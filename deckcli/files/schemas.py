"""The JSON Schemas shipped with deckcli (``schemas/`` in the source tree) and the validator that judges with them.

They are package data of ``deckcli.schemas`` so that an installed wheel finds
them from any working folder. jsonschema is imported on first use, so that
commands which judge nothing (``deckcli --help``, ``deckcli cards``) start without it."""

from __future__ import annotations

import datetime
import functools
import json
import os
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

SCHEMA_FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "schemas")
"""Where the packaged schemas are, read by path: importing importlib.resources costs more than reading them."""


@functools.cache
def packaged_schema(name: str) -> dict[str, Any]:
    """Return the parsed schema ``name`` (``"deck"``, ``"catalog"``, ``"rules/advanced"``…).

    Raises ``FileNotFoundError`` when no such schema is shipped.
    """
    if os.path.isdir(SCHEMA_FOLDER):
        with open(os.path.join(SCHEMA_FOLDER, *f"{name}.schema.json".split("/")), encoding="utf-8") as handle:
            return cast("dict[str, Any]", json.loads(handle.read()))
    from importlib import resources  # a package that is not a folder of files (a zip)

    folder, _, stem = name.rpartition("/")
    package = "deckcli.schemas" + (f".{folder}" if folder else "")
    text = resources.files(package).joinpath(f"{stem}.schema.json").read_text("utf-8")
    return cast("dict[str, Any]", json.loads(text))


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
    if os.path.isdir(SCHEMA_FOLDER):
        names = os.listdir(os.path.join(SCHEMA_FOLDER, "rules"))
    else:
        from importlib import resources

        names = [entry.name for entry in resources.files("deckcli.schemas.rules").iterdir()]
    return sorted(name[: -len(suffix)] for name in names if name.endswith(suffix))


def _judges(name: str) -> str:
    return cast(str, packaged_schema(f"rules/{name}").get("x-judges", "deck"))


def strict_validator_class() -> type[Validator]:
    """The draft 2020-12 validator class where ``integer`` means a TOML integer.

    jsonschema accepts ``2.0`` as an integer; a deck count of ``2.0`` is a typo,
    so here only ``int`` (never ``bool`` or ``float``) is an integer.
    """
    return _strict_validator_class()


@functools.cache
def _strict_validator_class() -> type[Validator]:
    import jsonschema

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    # jsonschema's stubs leave ``extend`` unannotated; it returns a validator class like ``base``.
    extended: type[Validator] = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        base, type_checker=checker
    )
    return extended


def jsonable(value: Any) -> Any:
    """Return ``value`` with TOML dates and times turned into ISO strings (JSON has none)."""
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [jsonable(item) for item in value]
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return value
