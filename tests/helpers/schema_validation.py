"""jsonschema's own answer for a document under a packaged schema (the generated checks are compared with it)."""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any, Callable

@functools.cache
def packaged_validator(name: str) -> Any:
    """jsonschema's validator (deckcli's strict one) for the packaged schema ``name``; ``$ref``s resolve among them all."""
    from referencing import Registry, Resource

    from deckcli.files.schema_check_generator import schema_files
    from deckcli.files.schemas import packaged_schema, strict_validator_class

    schemas = [packaged_schema(stem) for stem in schema_files()]
    registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas if "$id" in schema
    )
    return strict_validator_class()(packaged_schema(name), registry=registry)


def jsonschema_finds_nothing(name: str, document: Any) -> bool:
    """Whether jsonschema finds no error in ``document`` under the packaged schema ``name``."""
    return next(iter(packaged_validator(name).iter_errors(document)), None) is None


_ANSWERS: dict[tuple[str, bytes], bool] = {}
"""jsonschema's answer by schema and document (a digest of its canonical JSON text), for the documents seen before."""


def compared(name: str, check: Callable[[Any], bool], disagreements: list[Any], document: Any) -> bool:
    """The generated ``check``'s answer for ``document``, after comparing it with jsonschema's (remembered for a
    document seen before: the suite judges the same decks many times); a disagreement is recorded and raised."""
    answer = check(document)
    try:
        text = json.dumps(document, sort_keys=True, allow_nan=False)
        # a digest, not the text: the memory tests of the suite trace this process, and must see deckcli's alone
        key = (name, hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest())
    except (TypeError, ValueError):  # not JSON text (a TOML date, an infinity): asked afresh
        expected = jsonschema_finds_nothing(name, document)
    else:
        # a tuple is JSON text as a list is, but not a JSON Schema array: only lists and dicts are remembered
        if key not in _ANSWERS or not _plain(document):
            _ANSWERS[key] = jsonschema_finds_nothing(name, document)
        expected = _ANSWERS[key]
    if answer != expected:
        disagreements.append((name, document, answer))
        raise AssertionError(f"the generated check of {name} says {answer}, jsonschema says otherwise: {document!r}")
    return answer


def _plain(value: Any) -> bool:
    """Whether ``value`` holds only dicts, lists and scalars (its JSON text says all jsonschema sees of it)."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))
