"""Building jsonschema validators, once per process.

jsonschema is imported here, on first use, so that commands which judge
nothing (``deckcli --help``, ``deckcli cards``) start without it.
"""

from __future__ import annotations

import datetime
import functools
from typing import Any


def strict_validator_class() -> Any:
    """The draft 2020-12 validator class where ``integer`` means a TOML integer.

    jsonschema accepts ``2.0`` as an integer; a deck count of ``2.0`` is a typo,
    so here only ``int`` (never ``bool`` or ``float``) is an integer.
    """
    return _strict_validator_class()


@functools.cache
def _strict_validator_class() -> Any:
    import jsonschema

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    return jsonschema.validators.extend(base, type_checker=checker)


def jsonable(value: Any) -> Any:
    """Return ``value`` with TOML dates and times turned into ISO strings (JSON has none)."""
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [jsonable(item) for item in value]
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return value
