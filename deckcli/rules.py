"""Rule sets: JSON Schemas (draft 2020-12) judged against a deck's profile.

Each constraint in a rule schema carries its stable code (``x-code``), the
message a player reads (``x-message``, with ``{value}``, ``{limit}``,
``{over}``, ``{short}``, ``{card}`` and any profile field) and the rulebook
section (``x-rule``). ``x-each`` on a list constraint gives one finding per
offending item. Adding a rule is editing one schema.
"""

from __future__ import annotations

import functools
import string
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from deckcli.errors import RulesError
from deckcli.jsonschemas import strict_validator_class
from deckcli.quickschema import certainly_valid
from deckcli.resolve import Finding
from deckcli.schema_files import packaged_rule_names, packaged_schema

DEFAULT_SUMMARY = "{units} units, {specials} specials, {unit_strength} Strength"
BUILTIN_ID_PREFIX = "urn:deckcli:rules:"


@dataclass(frozen=True)
class RuleSet:
    """A rule set ready to judge profiles: its name, schema and compiled validator."""

    name: str
    schema: dict[str, Any]
    validator: Any

    @property
    def summary_template(self) -> str:
        return self.schema.get("x-summary", DEFAULT_SUMMARY)

    def summary(self, profile: Mapping[str, Any]) -> str:
        """The figures of the verdict line ("24 units, 5 specials, 128/130 Strength")."""
        return _format(self.summary_template, dict(profile)) or ""

    def judge(
        self,
        profile: Mapping[str, Any],
        locate: Callable[[str], int | None] = lambda _name: None,
        hints: Mapping[str, str] | None = None,
    ) -> list[Finding]:
        """Every violation of this rule set by ``profile``, in schema order.

        ``locate`` gives the deck-file line of a card name; ``hints`` the text
        that completes a card's message (suggestions for an unknown name). When
        two constraints share a code for the same card (standard's and
        Advanced's Special Card limit), only the later, stricter one is kept.
        """
        if certainly_valid(self.schema, dict(profile), known=_builtin_schemas()):
            return []  # no rule broken, as jsonschema would find too: no need to load it
        findings: dict[tuple[str, str | None], Finding] = {}
        for error in self._errors(profile):
            for finding in _findings(error, profile, locate, hints or {}):
                key = (finding.code, finding.card)
                findings.pop(key, None)
                findings[key] = finding
        return list(findings.values())

    def _errors(self, profile: Mapping[str, Any]) -> list[Any]:
        from referencing.exceptions import Unresolvable

        try:
            return list(self.validator.iter_errors(dict(profile)))
        except Unresolvable as error:
            raise RulesError(f"rule set {self.name}: cannot resolve $ref {error}") from None


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _format(template: str, context: dict[str, Any]) -> str | None:
    try:
        return string.Formatter().vformat(template, (), _Blank(context))
    except (IndexError, AttributeError, ValueError, TypeError, KeyError):
        return None


def _findings(
    error: Any,
    profile: Mapping[str, Any],
    locate: Callable[[str], int | None],
    hints: Mapping[str, str],
) -> list[Finding]:
    schema = error.schema if isinstance(error.schema, dict) else {}
    path = [str(part) for part in error.absolute_path]
    code = schema.get("x-code") or "-".join([*path, str(error.validator)]) or "rule"
    template = schema.get("x-message")
    context: dict[str, Any] = {k: v for k, v in profile.items() if not isinstance(v, (list, dict))}
    context.update(value=error.instance, limit=error.validator_value)
    if isinstance(error.instance, (int, float)) and isinstance(error.validator_value, (int, float)):
        context.update(over=error.instance - error.validator_value, short=error.validator_value - error.instance)
    plain = f"{'.'.join(path) or 'deck'}: {error.message}"
    if schema.get("x-each") and isinstance(error.instance, list):
        found = []
        for item in error.instance:
            fields = dict(item) if isinstance(item, dict) else {"card": item}
            card = str(fields.get("card", ""))
            item_context = {**context, **fields, "hint": hints.get(card, "")}
            message = _format(template, item_context) if template else None
            found.append(Finding(code, message or f"{plain} ({card})", line=locate(card), card=card or None))
        return found
    message = _format(template, context) if template else None
    return [Finding(code, message or plain)]


@functools.cache
def _builtin_schemas() -> dict[str, Any]:
    """``$id`` -> schema of every packaged rule set (what ``$ref`` may name)."""
    schemas = (packaged_schema(f"rules/{name}") for name in packaged_rule_names())
    return {schema["$id"]: schema for schema in schemas if isinstance(schema, dict) and "$id" in schema}


class _OnFirstUse:
    """A validator compiled when first used: a legal deck, cleared by quickschema, never needs one."""

    def __init__(self, build: Callable[[], Any]) -> None:
        self._build = build
        self._built: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._built is None:
            self._built = self._build()
        return getattr(self._built, name)


@functools.cache
def _builtin_registry() -> Any:
    from referencing import Registry, Resource

    resources = []
    for name in packaged_rule_names():
        schema = packaged_schema(f"rules/{name}")
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


def builtin_rule_sets() -> list[str]:
    """Names of the rule sets shipped with deckcli (``standard``, ``advanced``, …)."""
    return packaged_rule_names()


@functools.cache
def builtin_rule_set(name: str) -> RuleSet:
    """The packaged rule set ``name``; its validator is compiled once per process, on first use.

    Raises :class:`RulesError` when no such rule set is shipped.
    """
    if name not in packaged_rule_names():
        raise RulesError(f"no rule set named {name!r}: choose {', '.join(builtin_rule_sets())} or a schema file")
    schema = packaged_schema(f"rules/{name}")
    validator = _OnFirstUse(lambda: strict_validator_class()(schema, registry=_builtin_registry()))
    return RuleSet(name=name, schema=schema, validator=validator)


def load_rule_set(spec: str) -> RuleSet:
    """A built-in rule set by name, or a player's own JSON Schema file by path.

    Raises :class:`RulesError` (exit code 2) when the name is unknown or the
    file cannot be used as a rule set.
    """
    if spec in packaged_rule_names():
        return builtin_rule_set(spec)
    from deckcli.house_rules import load_house_rules

    return load_house_rules(spec, _builtin_registry())
