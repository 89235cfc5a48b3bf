"""jsonschema's own answer for a document under a packaged schema (the generated checks are compared with it), and
jsonschema's validator of a command's JSON output."""

from __future__ import annotations

import functools
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


@functools.cache
def output_validator(name: str) -> Any:
    """jsonschema's draft 2020-12 validator of ``deckcli NAME``'s JSON output (or of the log ``name``), one per name.

    Its registry is crawled once, here: a validator made from the schema alone crawls the whole schema again at
    every ``$ref`` it follows (0.45 s for one ``simulate`` document against 0.03 s), what made the suite's output
    checks slow; what it accepts is the same.
    """
    import jsonschema
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012

    from deckcli.files.output_schemas import output_schema

    schema = output_schema(name)
    registry = Registry().with_resource(schema.get("$id", ""), DRAFT202012.create_resource(schema)).crawl()
    return jsonschema.Draft202012Validator(schema, registry=registry)


def jsonschema_finds_nothing(name: str, document: Any) -> bool:
    """Whether jsonschema finds no error in ``document`` under the packaged schema ``name``."""
    return next(iter(packaged_validator(name).iter_errors(document)), None) is None


def compared(name: str, check: Callable[[Any], bool], disagreements: list[Any], document: Any) -> bool:
    answer = check(document)
    if answer != jsonschema_finds_nothing(name, document):
        disagreements.append((name, document, answer))
        raise AssertionError(f"the generated check of {name} says {answer}, jsonschema says otherwise: {document!r}")
    return answer
