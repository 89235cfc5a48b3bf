"""The rule sets shipped with deckcli: standard, advanced, solo (deck rule sets) in ``schemas/rules/``.

Schemas marked ``"x-judges": "lineup"`` (tournament, team) judge a lineup of
decks instead: see :mod:`deckcli.rules.lineups`."""

from __future__ import annotations

import functools
from typing import Any

from deckcli.errors import RulesError
from deckcli.files.schemas import (
    packaged_rule_names,
    packaged_schema,
)
from deckcli.rules.rule_set import CompiledOnFirstUse, RuleSet

BUILTIN_ID_PREFIX = "urn:deckcli:rules:"


EVERY_RULE_SET = "all"
"""The ``--rules`` name that judges a deck under every built-in deck rule set at once (:mod:`deckcli.rules.overview`)."""


@functools.cache
def _builtin_registry() -> Any:
    from referencing import Registry, Resource

    resources = []
    for name in packaged_rule_names():
        schema = packaged_schema(f"rules/{name}")
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def builtin_rule_sets() -> list[str]:
    """Names of the deck rule sets shipped with deckcli, in their ``x-order`` (standard, advanced, solo)."""
    return sorted(packaged_rule_names(), key=lambda name: (packaged_schema(f"rules/{name}").get("x-order", 99), name))


def _rule_set_choices() -> str:
    return ", ".join([*builtin_rule_sets(), EVERY_RULE_SET])


@functools.cache
def builtin_rule_set(name: str) -> RuleSet:
    """The packaged rule set ``name``, compiled once per process.

    Raises :class:`RulesError` when no such rule set is shipped.
    """
    if name not in packaged_rule_names():
        raise RulesError(f"no rule set named {name!r}: choose {_rule_set_choices()} or a schema file")
    validator = CompiledOnFirstUse(functools.partial(_builtin_validator, name))
    return RuleSet(name=name, schema=packaged_schema(f"rules/{name}"), validator=validator, fast_check=f"rules/{name}")


@functools.cache
def _builtin_validator(name: str) -> Any:
    """The compiled jsonschema validator of the packaged rule set ``name``, built once, when first needed."""
    from deckcli.files import schemas

    return schemas.strict_validator_class()(packaged_schema(f"rules/{name}"), registry=_builtin_registry())
