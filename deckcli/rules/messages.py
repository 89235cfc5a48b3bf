"""From a jsonschema error to the findings a player reads: code, message, card and line.

A rule's ``x-message`` is a template over the profile's text and number fields
(a list of names reads "a, b and c"), ``{value}`` (what was judged),
``{limit}`` (the schema's bound), ``{over}`` / ``{short}`` (how far past or
short of it; counts of a list's items for ``maxItems`` / ``minItems``) and,
when the finding is about one card or list item, that item's fields
(``{card}``, ``{copies}``, …) and ``{hint}``. ``{units:unit|units}`` writes a
count with its noun. A template that cannot be filled gives the plain message.
"""

from __future__ import annotations

import functools
import json
import string
from typing import TYPE_CHECKING, Any, Callable, Mapping, TypeGuard, cast

from deckcli.findings import Finding
from deckcli.text import counted, printable, spoken

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

FINDING_FIELDS = ("value", "limit", "over", "short", "hint")
"""The fields a message may name besides the profile's and an item's own: see :func:`findings_of`."""


_READABLE = {"maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength", "minLength"}
"""Conditions whose own jsonschema message reads well ("141 is greater than the maximum of 130")."""


class _MessageFormatter(string.Formatter):
    """``{units:unit|units}`` gives "1 unit" or "24 units": a count with its noun."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{{…:{format_spec}}} counts a number, not {value!r}")
            singular, plural = format_spec.split("|", 1)
            return counted(value, singular, plural)
        return cast(str, super().format_field(value, format_spec))


def coded_message(code: str, **fields: Any) -> str:
    """The message of the finding ``code``, worded by the built-in rule schema that defines it, filled from ``fields``.

    A code is worded in one place only, its rule's ``x-message``: a command that
    reports ``unknown-card`` or ``leader-in-main`` outside a rule set's verdict
    (``stats``, ``export``, ``import``) borrows that wording. ``fields`` are the
    template's fields (``card``, ``hint``, ``faction_name``, …). Raises
    ``KeyError`` for a code no built-in rule schema defines, ``ValueError`` when
    ``fields`` cannot fill its message.
    """
    message = format_message(_coded_templates()[code], fields)
    if message is None:
        raise ValueError(f"the x-message of {code} needs other fields than {sorted(fields)}")
    return message


@functools.cache
def _coded_templates() -> dict[str, str]:
    """``x-code`` -> ``x-message`` of every constraint of the built-in deck rule sets (the first one wins)."""
    from deckcli.files.schemas import packaged_rule_names, packaged_schema

    templates: dict[str, str] = {}
    waiting: list[Any] = [packaged_schema(f"rules/{name}") for name in packaged_rule_names()]
    while waiting:
        node = waiting.pop(0)
        if isinstance(node, dict):
            if isinstance(node.get("x-code"), str) and isinstance(node.get("x-message"), str):
                templates.setdefault(node["x-code"], node["x-message"])
            waiting.extend(node.values())
        elif isinstance(node, list):
            waiting.extend(node)
    return templates


MAX_MESSAGE_CHARS = 2000
"""The longest filled message; the rest is cut with "…" (a house rule's {value} may be a long list)."""


def format_message(template: str, context: Mapping[str, Any]) -> str | None:
    """``template`` filled from ``context``, or ``None`` when a field is missing or does not fit."""
    try:
        text = _MessageFormatter().vformat(template, (), context)
    except (IndexError, AttributeError, ValueError, TypeError, KeyError):
        return None
    # A message is a line for a player: a list of a thousand names is cut, not printed whole per finding.
    return text if len(text) <= MAX_MESSAGE_CHARS else text[: MAX_MESSAGE_CHARS - 1] + "…"


def message_fields(profile: Mapping[str, Any]) -> dict[str, Any]:
    """The profile's fields a message can name: numbers and text, lists of names spoken."""
    fields: dict[str, Any] = {}
    for key, value in profile.items():
        if isinstance(value, list) and all(not isinstance(item, (dict, list)) for item in value):
            fields[key] = spoken(value)
        elif not isinstance(value, (dict, list)):
            fields[key] = value
    return fields


def findings_of(
    error: ValidationError,
    profile: Mapping[str, Any],
    locate: Callable[..., int | None],
    hints: Mapping[str, str],
) -> list[Finding]:
    """The findings one jsonschema ``error`` gives against ``profile``.

    A rule marked ``x-each`` with ``maxItems: 0`` gives one finding per item of
    the list; an error about one card or list item (``items``,
    ``propertyNames``, a card of ``cards``) gives one finding naming it; any
    other error gives one finding about the deck. Without ``x-code`` the code
    is the profile field and the condition (``hero_names-maxItems``).
    """
    schema = error.schema if isinstance(error.schema, dict) else {}
    path = [str(part) for part in error.absolute_path]
    code = schema.get("x-code") or "-".join([*path[:1], str(error.validator)])
    template, short, section = schema.get("x-message"), schema.get("x-short"), schema.get("x-section")
    context = {**message_fields(profile), **_judged(error)}
    items = _items(error, profile, bool(schema.get("x-each")))
    if items is None:
        line = locate(None, section) if section else None
        return [_finding(code, template, short, context, _plain_message(error, path, None), line=line)]
    found = []
    occurrences: dict[str, int] = {}
    for item in items:
        fields = dict(item) if isinstance(item, dict) else {"card": item}
        card = str(fields.get("card", ""))
        nth = occurrences[card] = occurrences.get(card, -1) + 1
        item_context = {
            **context,
            **{key: spoken(value) if isinstance(value, list) else value for key, value in fields.items()},
            "card": printable(card),
            "hint": hints.get(card, ""),
        }
        plain = _plain_message(error, path, card or None)
        found.append(
            _finding(code, template, short, item_context, plain, line=locate(card, section, nth), card=card or None,
                     item=fields)
        )
    return found


def _finding(code: str, template: Any, short: Any, context: Mapping[str, Any], plain: str, **where: Any) -> Finding:
    message = format_message(template, context) if template else None
    return Finding(code, message or plain, short=format_message(short, context) if short else None, **where)


def _judged(error: ValidationError) -> dict[str, Any]:
    """``value`` and ``limit`` as a message reads them, with ``over`` and ``short`` when both are numbers."""
    value, limit = error.instance, error.validator_value
    judged: dict[str, Any] = {
        "value": spoken(value) if isinstance(value, list) else value,
        "limit": spoken(limit, "or") if isinstance(limit, list) else limit,
    }
    measure = len(value) if isinstance(value, (list, dict)) else value
    if _is_number(measure) and _is_number(limit):
        # Past an exclusive bound on whole numbers, one more must go: 8 with exclusiveMaximum 4 is 5 over.
        step = 1 if str(error.validator).startswith("exclusive") and isinstance(measure, int) else 0
        judged.update(over=max(measure - limit + step, 0), short=max(limit - measure + step, 0))
    return judged


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _items(error: ValidationError, profile: Mapping[str, Any], each: bool) -> list[Any] | None:
    """The cards or list items a finding is about, or ``None`` for a finding about the whole deck."""
    instance = error.instance
    if each and error.validator == "maxItems" and error.validator_value == 0 and isinstance(instance, list):
        return list(instance)
    if "propertyNames" in error.absolute_schema_path and isinstance(instance, str):
        return [instance]
    path = list(error.absolute_path)
    if len(path) >= 2:
        container = profile.get(str(path[0]))
        if isinstance(container, dict):
            return [str(path[1])]
        if isinstance(container, list) and isinstance(path[1], int) and path[1] < len(container):
            return [container[path[1]]]
    return None


def _plain_message(error: ValidationError, path: list[str], card: str | None) -> str:
    """The message of a rule without ``x-message``: the field, the card, and the condition broken."""
    subject = path[0] if path else "deck"
    if card:
        subject = f"{subject}: {printable(card)}"
    if error.validator in _READABLE and not isinstance(error.instance, (dict, list)):
        return f"{subject}: {error.message}"
    bound = json.dumps(error.validator_value, ensure_ascii=False)
    condition = f"{error.validator} {bound}" if len(bound) <= 80 else str(error.validator)
    rule = "/".join(str(part) for part in error.absolute_schema_path)
    return f"{subject}: breaks the rule set's condition {condition} (at {rule})"
