"""A quick, conservative JSON Schema check in plain Python, for deckcli's own simple schemas.

jsonschema is thorough, but importing it takes tens of milliseconds and it
walks every card of every deck. Nearly every deck file is well-formed, so
:func:`certainly_valid` answers "valid" for those without jsonschema, and
"don't know" for everything else: jsonschema then finds the error and its
message, exactly as before. It never answers "valid" for a document that
jsonschema (with deckcli's strict ``integer``) would reject.

Only the keywords deckcli's deck schema uses are understood (``type``,
``required``, ``properties``, ``additionalProperties``, ``items``, ``oneOf``,
a local ``$ref``, ``minLength``, ``minimum``, ``maximum``); any other keyword
makes the answer "don't know".
"""

from __future__ import annotations

from typing import Any, Callable

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


def certainly_valid(schema: Any, instance: Any, root: Any = None) -> bool:
    """Whether ``instance`` certainly passes ``schema`` (a draft 2020-12 JSON Schema).

    ``root`` is the document a local ``$ref`` (``#/$defs/...``) points into;
    it defaults to ``schema``. ``False`` means "invalid, or not sure": ask
    jsonschema. Never raises for any schema or instance.
    """
    try:
        return _valid(schema, instance, schema if root is None else root)
    except RecursionError:  # a schema that refers to itself without end
        return False


def _valid(schema: Any, instance: Any, root: Any) -> bool:
    if schema is True:
        return True
    if not isinstance(schema, dict):
        return False
    for keyword, value in schema.items():
        if keyword in _ANNOTATIONS or keyword.startswith("x-"):
            continue
        check = _KEYWORDS.get(keyword)
        if check is None or not check(value, instance, schema, root):
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


def _type(value: Any, instance: Any, _schema: dict, _root: Any) -> bool:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) and n in _TYPES for n in names):
        return False
    return any(_TYPES[name](instance) for name in names)


def _required(value: Any, instance: Any, _schema: dict, _root: Any) -> bool:
    if not isinstance(value, list):
        return False
    return not isinstance(instance, dict) or all(key in instance for key in value)


def _properties(value: Any, instance: Any, _schema: dict, root: Any) -> bool:
    if not isinstance(value, dict):
        return False
    if not isinstance(instance, dict):
        return True
    return all(_valid(sub, instance[key], root) for key, sub in value.items() if key in instance)


def _additional_properties(value: Any, instance: Any, schema: dict, root: Any) -> bool:
    if not isinstance(instance, dict):
        return True
    known = schema.get("properties", {})
    if not isinstance(known, dict):
        return False
    return all(_valid(value, item, root) for key, item in instance.items() if key not in known)


def _items(value: Any, instance: Any, _schema: dict, root: Any) -> bool:
    if not isinstance(instance, list):
        return True
    return all(_valid(value, item, root) for item in instance)


def _one_of(value: Any, instance: Any, _schema: dict, root: Any) -> bool:
    if not isinstance(value, list):
        return False
    passing = [branch for branch in value if _valid(branch, instance, root)]
    if len(passing) != 1:
        return False
    return all(_certainly_not_of_type(branch, instance) for branch in value if branch is not passing[0])


def _ref(value: Any, instance: Any, _schema: dict, root: Any) -> bool:
    if not isinstance(value, str) or not value.startswith("#/"):
        return False
    target = root
    for part in value[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(target, dict) or part not in target:
            return False
        target = target[part]
    return _valid(target, instance, root)


def _min_length(value: Any, instance: Any, _schema: dict, _root: Any) -> bool:
    if not isinstance(value, int):
        return False
    return not isinstance(instance, str) or len(instance) >= value


def _minimum(value: Any, instance: Any, _schema: dict, _root: Any) -> bool:
    if not _is_number(value):
        return False
    return not _is_number(instance) or instance >= value


def _maximum(value: Any, instance: Any, _schema: dict, _root: Any) -> bool:
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
    "minLength": _min_length,
    "minimum": _minimum,
    "maximum": _maximum,
}
