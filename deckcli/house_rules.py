"""A player's own rule set: a JSON Schema file judged against the same profile.

``$ref`` resolves to the built-in rule sets (``urn:deckcli:rules:advanced``)
and to local files only, relative to the schema file; deckcli never fetches
anything over the network.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlparse

from deckcli.errors import RulesError
from deckcli.jsonschemas import strict_validator_class


def _read_json(path: Path, where: str) -> Any:
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        raise RulesError("no such rule set or schema file", where=where) from None
    except IsADirectoryError:
        raise RulesError("is a folder, not a schema file", where=where) from None
    except UnicodeDecodeError:
        raise RulesError("is not UTF-8 text", where=where) from None
    except OSError as error:
        raise RulesError(f"cannot be read: {error.strerror or error}", where=where) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"not valid JSON: {error.msg}", where=where, line=error.lineno, column=error.colno) from None


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [v for k, v in node.items() if k in ("$ref", "$dynamicRef") and isinstance(v, str)]
        for value in node.values():
            found.extend(_refs(value))
        return found
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


def _check_local(schema: Any, base: str, where: str) -> None:
    for ref in _refs(schema):
        target = urljoin(base, ref)
        scheme = urlparse(target).scheme
        if scheme not in ("file", "urn"):
            raise RulesError(
                f"$ref {ref!r} points to {target}: deckcli never fetches schemas over the network; "
                "save that schema as a local file and refer to it by its path",
                where=where,
            )


def load_house_rules(spec: str, builtin_registry: Any) -> Any:
    """Load the rule-set schema file at ``spec`` and compile it.

    Returns a :class:`deckcli.rules.RuleSet` named after the file. Raises
    :class:`RulesError` (exit code 2) when the file cannot be read, is not
    JSON, is not a valid JSON Schema, or refers to anything but local files.
    """
    import jsonschema
    from referencing import Resource
    from referencing.exceptions import NoSuchResource

    from deckcli.rules import RuleSet

    path = Path(spec)
    schema = _read_json(path, spec)
    if not isinstance(schema, (dict, bool)):
        raise RulesError("a rule set must be a JSON Schema object", where=spec)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError as error:
        location = "/".join(str(p) for p in error.absolute_path) or "top level"
        raise RulesError(f"not a valid JSON Schema ({location}): {error.message}", where=spec) from None
    if isinstance(schema, bool):
        schema = {} if schema else {"not": {}}
    base = path.resolve().as_uri()
    schema = {"$id": base, **schema}
    _check_local(schema, schema["$id"], spec)

    def retrieve(uri: str) -> Resource:
        parsed = urlparse(uri)
        if parsed.scheme != "file":
            raise NoSuchResource(ref=uri)
        target = Path(unquote(parsed.path))
        contents = _read_json(target, str(target))
        _check_local(contents, uri, str(target))
        return Resource.from_contents(contents)

    registry = builtin_registry.combine(type(builtin_registry)(retrieve=retrieve))
    validator = strict_validator_class()(schema, registry=registry)
    return RuleSet(name=path.name, schema=schema, validator=validator)
