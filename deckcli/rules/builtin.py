"""The rule sets shipped with deckcli: standard, advanced, solo (deck rule sets) in ``schemas/rules/``.

Schemas marked ``"x-judges": "lineup"`` (tournament, team) judge a lineup of
decks instead: see :mod:`deckcli.rules.lineups`."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from deckcli.errors import RulesError
from deckcli.files.schemas import (
    packaged_rule_names,
    packaged_schema,
)
from deckcli.rules.rule_set import RuleSet

if TYPE_CHECKING:
    from referencing import Registry

BUILTIN_ID_PREFIX = "urn:deckcli:rules:"


EVERY_RULE_SET = "all"
"""The ``--rules`` name that judges a deck under every built-in deck rule set at once (:mod:`deckcli.rules.overview`)."""


@functools.cache
def _builtin_registry() -> Registry[Any]:
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
    schema = packaged_schema(f"rules/{name}")
    return RuleSet.compile(name, schema, registry=_builtin_registry, fast_check=f"rules/{name}")
