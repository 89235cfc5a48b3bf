"""A deck's profile as text (``deckcli profile --format text``): one ``field: value`` line per field."""

from __future__ import annotations

from typing import Any

from deckcli.text import printable


def profile_lines(deck: str, profile: dict[str, Any]) -> list[str]:
    """``deck: PATH``, then each profile field (``schemas/profile.schema.json``) as ``field: value``.

    Counts and names as they are, ``none`` for a missing Leader or an empty list;
    ``cards`` as ``3x Blue Stripes Commando, …``; an ``over_copies`` item as
    ``4x Decoy (the set prints 3)``. Names typed in the file are escaped (:func:`~deckcli.text.printable`).
    """
    return [f"deck: {printable(deck, limit=None)}", *(f"{field}: {_value(value)}" for field, value in profile.items())]


def _value(value: Any) -> str:
    if value is None or value == [] or value == {}:
        return "none"
    if isinstance(value, dict):
        return ", ".join(f"{copies}x {printable(name, limit=None)}" for name, copies in value.items())
    if isinstance(value, list):
        return ", ".join(_item(item) for item in value)
    return printable(str(value), limit=None)


def _item(item: Any) -> str:
    if isinstance(item, dict):
        return f"{item['copies']}x {printable(item['card'], limit=None)} (the set prints {item['limit']})"
    return printable(str(item), limit=None)
