"""A quick, conservative JSON Schema check in plain Python, for deckcli's own simple schemas.

jsonschema is thorough, but importing it takes tens of milliseconds and it
walks every card of every deck. Nearly every deck file is well-formed, and
many decks are legal, so :func:`certainly_valid` answers "valid" for those
without jsonschema, and "don't know" for everything else: jsonschema then
finds the errors and their messages, exactly as before. It never answers "valid" for a document that
jsonschema (with deckcli's strict ``integer``) would reject.

Only the keywords deckcli's deck schema and rule sets use are understood
(``type``, ``required``, ``properties``, ``additionalProperties``, ``items``,
``oneOf``, ``allOf``, ``$ref`` to a known schema, ``const``, ``minLength``,
``minimum``, ``maximum``, ``maxItems``); any other keyword makes the answer
"don't know".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description", "examples", "default"})


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
    # deckcli's validators count only int as an integer (jsonschemas.strict_validator_class)
    "integer": lambda value: isinstance(value, int) and not isinstance(value, bool),
    "number": _is_number,
}


@dataclass(frozen=True)
class _Context:
    root: Any
    known: Mapping[str, Any]


def certainly_valid(schema: Any, instance: Any, known: Mapping[str, Any] | None = None) -> bool:
    """Whether ``instance`` certainly passes ``schema`` (a draft 2020-12 JSON Schema).

    A ``$ref`` may point into ``schema`` itself (``#/$defs/...``) or to a schema
    of ``known`` (``$id`` -> schema, such as ``urn:deckcli:rules:standard``).
    ``False`` means "invalid, or not sure": ask jsonschema. Never raises for
    any schema or instance.
    """
    try:
        return _valid(schema, instance, _Context(schema, known or {}))
    except RecursionError:  # a schema that refers to itself without end
        return False


def _valid(schema: Any, instance: Any, context: _Context) -> bool:
    if schema is True:
        return True
    if not isinstance(schema, dict):
        return False
    if "$id" in schema and schema is not context.root:
        return False  # a nested resource: its own base for "#/..." references
    for keyword, value in schema.items():
        if keyword in _ANNOTATIONS or keyword.startswith("x-"):
            continue
        check = _KEYWORDS.get(keyword)
        if check is None or not check(value, instance, schema, context):
            return False
    return True


def _certainly_not_of_type(schema: Any, instance: Any) -> bool:
    """Whether ``schema``'s ``type`` certainly rejects ``instance`` (so a ``oneOf`` branch fails)."""
    if not isinstance(schema, dict):
        return False
    names = schema.get("type")
    names = [names] if isinstance(names, str) else names
    if not isinstance(names, list) or not all(isinstance(n, str) and n in _TYPES for n in names):
        return False
    return not any(_TYPES[name](instance) for name in names)


def _type(value: Any, instance: Any, _schema: dict, _context: _Context) -> bool:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) and n in _TYPES for n in names):
        return False
    return any(_TYPES[name](instance) for name in names)


def _required(value: Any, instance: Any, _schema: dict, _context: _Context) -> bool:
    if not isinstance(value, list):
        return False
    return not isinstance(instance, dict) or all(key in instance for key in value)


def _properties(value: Any, instance: Any, _schema: dict, context: _Context) -> bool:
    if not isinstance(value, dict):
        return False
    if not isinstance(instance, dict):
        return True
    return all(_valid(sub, instance[key], context) for key, sub in value.items() if key in instance)


def _additional_properties(value: Any, instance: Any, schema: dict, context: _Context) -> bool:
    if not isinstance(instance, dict):
        return True
    known = schema.get("properties", {})
    if not isinstance(known, dict):
        return False
    return all(_valid(value, item, context) for key, item in instance.items() if key not in known)


def _items(value: Any, instance: Any, _schema: dict, context: _Context) -> bool:
    if not isinstance(instance, list):
        return True
    return all(_valid(value, item, context) for item in instance)


def _one_of(value: Any, instance: Any, _schema: dict, context: _Context) -> bool:
    if not isinstance(value, list):
        return False
    passing = [branch for branch in value if _valid(branch, instance, context)]
    if len(passing) != 1:
        return False
    return all(_certainly_not_of_type(branch, instance) for branch in value if branch is not passing[0])


def _ref(value: Any, instance: Any, _schema: dict, context: _Context) -> bool:
    if not isinstance(value, str):
        return False
    resource, _, pointer = value.partition("#")
    if resource:
        if resource not in context.known:
            return False
        context = _Context(context.known[resource], context.known)
    target = context.root
    if pointer:
        if not pointer.startswith("/"):
            return False
        for part in pointer[1:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(target, dict) or part not in target:
                return False
            target = target[part]
    return _valid(target, instance, context)


def _all_of(value: Any, instance: Any, _schema: dict, context: _Context) -> bool:
    return isinstance(value, list) and all(_valid(branch, instance, context) for branch in value)


def _const(value: Any, instance: Any, _schema: dict, _context: _Context) -> bool:
    # Only plain values of the very same type: jsonschema's equality (1 == 1.0, True != 1) is not Python's.
    return isinstance(value, (str, int, bool)) and type(instance) is type(value) and instance == value


def _max_items(value: Any, instance: Any, _schema: dict, _context: _Context) -> bool:
    if not isinstance(value, int) or isinstance(value, bool):
        return False
    return not isinstance(instance, list) or len(instance) <= value


def _min_length(value: Any, instance: Any, _schema: dict, _context: _Context) -> bool:
    if not isinstance(value, int):
        return False
    return not isinstance(instance, str) or len(instance) >= value


def _minimum(value: Any, instance: Any, _schema: dict, _context: _Context) -> bool:
    if not _is_number(value):
        return False
    return not _is_number(instance) or instance >= value


def _maximum(value: Any, instance: Any, _schema: dict, _context: _Context) -> bool:
    if not _is_number(value):
        return False
    return not _is_number(instance) or instance <= value


_KEYWORDS: dict[str, Callable[[Any, Any, dict, Any], bool]] = {
    "type": _type,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional_properties,
    "items": _items,
    "oneOf": _one_of,
    "$ref": _ref,
    "allOf": _all_of,
    "const": _const,
    "maxItems": _max_items,
    "minLength": _min_length,
    "minimum": _minimum,
    "maximum": _maximum,
}
