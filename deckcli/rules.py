"""Rule sets: JSON Schemas (draft 2020-12) judged against a deck's profile.

Each constraint in a rule schema carries its stable code (``x-code``), the
message a player reads (``x-message``, with ``{value}``, ``{limit}``,
``{over}``, ``{short}``, ``{card}`` and any profile field) and the rulebook
section (``x-rule``). ``x-each`` on a list constraint gives one finding per
offending item (on an ``items`` or ``propertyNames`` subschema, one per
offending name); list fields of an item read as "a, b and c" in its message.
``x-section`` says where a finding's line is looked up: the card's line in
``leader``, ``cards`` or ``side``, or for a rule without ``x-each`` the ``leader`` line.
``x-short`` is the finding in a few words, for ``validate --rules all``.
Adding a rule is editing one schema.

Deck rule sets judge one deck's profile. Schemas marked ``"x-judges":
"lineup"`` (tournament, team) judge a lineup of decks instead: see
:mod:`deckcli.lineup`.
"""

from __future__ import annotations

import functools
import os
import string
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from deckcli.errors import RulesError
from deckcli.jsonschemas import strict_validator_class
from deckcli.names import printable
from deckcli.output import counted, spoken
from deckcli.resolve import Finding
from deckcli.schema_files import packaged_lineup_names, packaged_rule_names, packaged_schema

DEFAULT_SUMMARY = "{units:unit|units}, {specials:special|specials}, {unit_strength} Strength"
BUILTIN_ID_PREFIX = "urn:deckcli:rules:"
EVERY_RULE_SET = "all"
"""The ``--rules`` name that judges a deck under every built-in deck rule set at once (:mod:`deckcli.overview`)."""


@dataclass(frozen=True)
class RuleSet:
    """A rule set ready to judge profiles: its name, schema and compiled validator."""

    name: str
    schema: dict[str, Any]
    validator: Any

    @property
    def summary_template(self) -> str:
        return self.schema.get("x-summary", DEFAULT_SUMMARY)

    @property
    def label(self) -> str:
        """How a player names the rule set in a sentence ("a standard game", "Advanced")."""
        return self.schema.get("x-label", self.name)

    def summary(self, profile: Mapping[str, Any]) -> str:
        """The figures of the verdict line ("24 units, 5 specials, 128/130 Strength")."""
        return _format(self.summary_template, {key: _spoken(value) for key, value in profile.items()}) or ""

    def judge(
        self,
        profile: Mapping[str, Any],
        locate: Callable[..., int | None] = lambda _name, _section=None: None,
        hints: Mapping[str, str] | None = None,
    ) -> list[Finding]:
        """Every violation of this rule set by ``profile``, in schema order.

        ``locate(card, section)`` gives the deck-file line of a card name (``section``
        is the constraint's ``x-section``: ``leader``, ``cards`` or ``side``); ``hints`` the text
        that completes a card's message (suggestions for an unknown name). When
        two constraints share a code for the same card (standard's and
        Advanced's Special Card limit), only the later, stricter one is kept.
        """
        findings: dict[tuple[str, str | None, str | None], Finding] = {}
        for error in self._errors(profile):
            for finding in _findings(error, profile, locate, hints or {}):
                item = None if finding.item is None else repr(sorted(finding.item.items()))
                key = (finding.code, finding.card, item)
                findings.pop(key, None)
                findings[key] = finding
        return list(findings.values())

    def _errors(self, profile: Mapping[str, Any]) -> list[Any]:
        from referencing.exceptions import Unresolvable

        try:
            return list(self.validator.iter_errors(dict(profile)))
        except Unresolvable as error:
            ref = f"#{error.ref}" if str(error.ref).startswith("/") else error.ref  # a JSON pointer within a schema
            raise RulesError(f"rule set {self.name}: cannot resolve $ref {ref!r}") from None
        except RecursionError:
            raise RulesError(
                f"rule set {self.name}: its $ref goes round in a circle (or it nests too deeply)"
            ) from None


class _MessageFormatter(string.Formatter):
    """``{units:unit|units}`` gives "1 unit" or "24 units": a count with its noun."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            singular, plural = format_spec.split("|", 1)
            return counted(value, singular, plural)
        return super().format_field(value, format_spec)


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _format(template: str, context: dict[str, Any]) -> str | None:
    try:
        return _MessageFormatter().vformat(template, (), _Blank(context))
    except (IndexError, AttributeError, ValueError, TypeError, KeyError):
        return None


def _plain_message(error: Any, path: list[str]) -> str:
    """The message of a rule without ``x-message``: jsonschema's own, unless it would print a whole document."""
    subject = ".".join(path) or "deck"
    if isinstance(error.instance, (dict, list)):
        rule = "/".join(str(part) for part in error.absolute_schema_path)
        bound = error.validator_value
        condition = f"{error.validator} {bound}" if isinstance(bound, (int, float, str)) else str(error.validator)
        return f"{subject}: breaks the rule set's condition {condition} (at {rule})"
    return f"{subject}: {error.message}"


def _spoken(value: Any) -> Any:
    """A list as a message reads it: ``a``, ``a and b``, ``a, b and c``; anything else unchanged."""
    return spoken(value) if isinstance(value, list) else value


def _findings(
    error: Any,
    profile: Mapping[str, Any],
    locate: Callable[..., int | None],
    hints: Mapping[str, str],
) -> list[Finding]:
    schema = error.schema if isinstance(error.schema, dict) else {}
    path = [str(part) for part in error.absolute_path]
    code = schema.get("x-code") or "-".join([*path, str(error.validator)]) or "rule"
    template = schema.get("x-message")
    short = schema.get("x-short")
    context: dict[str, Any] = {k: v for k, v in profile.items() if not isinstance(v, (list, dict))}
    context.update(value=error.instance, limit=error.validator_value)
    if isinstance(error.instance, (int, float)) and isinstance(error.validator_value, (int, float)):
        context.update(over=error.instance - error.validator_value, short=error.validator_value - error.instance)
    plain = _plain_message(error, path)
    if schema.get("x-each"):
        section = schema.get("x-section")
        found = []
        items = error.instance if isinstance(error.instance, list) else [error.instance]
        for item in items:
            fields = dict(item) if isinstance(item, dict) else {"card": item}
            card = str(fields.get("card", ""))
            item_context = {
                **context,
                **{k: _spoken(v) for k, v in fields.items()},
                "card": printable(card),
                "hint": hints.get(card, ""),
            }
            message = _format(template, item_context) if template else None
            found.append(
                Finding(
                    code,
                    message or f"{plain} ({card})",
                    line=locate(card, section),
                    card=card or None,
                    short=_format(short, item_context) if short else None,
                    item=fields,
                )
            )
        return found
    message = _format(template, context) if template else None
    line = locate(None, schema["x-section"]) if "x-section" in schema else None
    return [Finding(code, message or plain, line=line, short=_format(short, context) if short else None)]


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


@functools.cache
def builtin_rule_set(name: str) -> RuleSet:
    """The packaged rule set ``name``, compiled once per process.

    Raises :class:`RulesError` when no such rule set is shipped.
    """
    if name not in packaged_rule_names():
        raise RulesError(f"no rule set named {name!r}: choose {', '.join([*builtin_rule_sets(), EVERY_RULE_SET])} or a schema file")
    schema = packaged_schema(f"rules/{name}")
    validator = strict_validator_class()(schema, registry=_builtin_registry())
    return RuleSet(name=name, schema=schema, validator=validator)


def load_rule_set(spec: str) -> RuleSet:
    """A built-in rule set by name (any case), or a player's own JSON Schema file by path.

    A spec that names no built-in set and no existing file, and does not look
    like a path (no ``/``, no ``.json``), is taken for a mistyped rule-set name.
    Raises :class:`RulesError` (exit code 2) when the name is unknown or the
    file cannot be used as a rule set.
    """
    names = packaged_rule_names()
    wanted = spec.strip().lower()
    if wanted in names:
        return builtin_rule_set(wanted)
    if wanted in packaged_lineup_names():
        raise RulesError(f"the {wanted} rule set judges a lineup of decks, not one deck: run deckcli {wanted}")
    looks_like_path = "/" in spec or os.sep in spec or spec.endswith(".json")
    if not wanted or not (looks_like_path or os.path.exists(spec)):
        raise RulesError(
            f"no rule set named {printable(spec)!r}: choose {', '.join([*builtin_rule_sets(), EVERY_RULE_SET])}, "
            "or give the path of your own rule-set JSON Schema file"
        )
    from deckcli.house_rules import load_house_rules

    return load_house_rules(spec, _builtin_registry())
