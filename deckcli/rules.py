"""Rule sets: JSON Schemas (draft 2020-12) judged against a deck's profile.

Each constraint in a rule schema carries its stable code (``x-code``), the
message a player reads (``x-message``, see :mod:`deckcli.rule_findings`) and the
rulebook section (``x-rule``). ``x-each`` on a ``maxItems: 0`` list constraint
gives one finding per item; an error on one card (``items``, ``propertyNames``)
names that card. ``x-section`` says where a finding's line is looked up: the
card's line in ``leader``, ``cards`` or ``side``, or for a finding about the
whole deck the ``leader`` line. ``x-short`` is the finding in a few words, for
``validate --rules all``.
Adding a rule is editing one schema.

Deck rule sets judge one deck's profile. Schemas marked ``"x-judges":
"lineup"`` (tournament, team) judge a lineup of decks instead: see
:mod:`deckcli.lineup`.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from deckcli.errors import RulesError
from deckcli.jsonschemas import strict_validator_class
from deckcli.names import printable
from deckcli.resolve import Finding
from deckcli.rule_findings import findings_of, format_message, message_fields
from deckcli.schema_files import packaged_lineup_names, packaged_rule_names, packaged_schema

DEFAULT_SUMMARY = "{units:unit|units}, {specials:special|specials}, {unit_strength} Strength"
BUILTIN_ID_PREFIX = "urn:deckcli:rules:"
EVERY_RULE_SET = "all"
"""The ``--rules`` name that judges a deck under every built-in deck rule set at once (:mod:`deckcli.overview`)."""


@dataclass(frozen=True)
class RuleSet:
    """A rule set ready to judge profiles: its name, schema and compiled validator.

    ``where`` is the file of a player's own rule set (``None`` for a built-in one).
    """

    name: str
    schema: dict[str, Any]
    validator: Any
    where: str | None = None

    @property
    def summary_template(self) -> str:
        return self.schema.get("x-summary", DEFAULT_SUMMARY)

    @property
    def label(self) -> str:
        """How a player names the rule set in a sentence ("a standard game", "Advanced")."""
        return self.schema.get("x-label", self.name)

    def summary(self, profile: Mapping[str, Any]) -> str:
        """The figures of the verdict line ("24 units, 5 specials, 128/130 Strength")."""
        fields = message_fields(profile)
        return format_message(self.summary_template, fields) or format_message(DEFAULT_SUMMARY, fields) or ""

    def judge(
        self,
        profile: Mapping[str, Any],
        locate: Callable[..., int | None] = lambda *_where: None,
        hints: Mapping[str, str] | None = None,
    ) -> list[Finding]:
        """Every violation of this rule set by ``profile``, in schema order.

        ``locate(card, section, nth)`` gives the deck-file line of a card name (``section``
        is the constraint's ``x-section``: ``leader``, ``cards`` or ``side``; ``nth`` counts a
        name listed more than once from 0); ``hints`` the text
        that completes a card's message (suggestions for an unknown name). When
        two constraints share a code for the same card (standard's and
        Advanced's Special Card limit, or a league's own), only the stricter
        one is kept: the lower maximum or the higher minimum, else the later.
        """
        findings: dict[tuple[str, str | None, str | None], tuple[Finding, Any]] = {}
        for error in self._errors(profile):
            for finding in findings_of(error, profile, locate, hints or {}):
                item = None if finding.item is None else repr(sorted(finding.item.items()))
                key = (finding.code, finding.card, item, finding.line, _family(error.validator))
                kept = findings.pop(key, None)
                if kept is not None and _stricter(kept[1], error):
                    findings[key] = kept
                else:
                    findings[key] = (finding, error)
        return [finding for finding, _error in findings.values()]

    def _errors(self, profile: Mapping[str, Any]) -> list[Any]:
        from referencing.exceptions import Unresolvable

        try:
            return list(self.validator.iter_errors(dict(profile)))
        except Unresolvable as error:
            ref = f"#{error.ref}" if str(error.ref).startswith("/") else error.ref  # a JSON pointer within a schema
            raise RulesError(f"{self._subject}cannot resolve $ref {ref!r}", where=self.where) from None
        except RecursionError:
            raise RulesError(
                f"{self._subject}its $ref goes round in a circle (or it nests too deeply)", where=self.where
            ) from None

    @property
    def _subject(self) -> str:
        return "" if self.where else f"rule set {self.name}: "


_UPPER_BOUNDS = {"maximum", "exclusiveMaximum", "maxItems", "maxProperties", "maxLength"}
_LOWER_BOUNDS = {"minimum", "exclusiveMinimum", "minItems", "minProperties", "minLength"}


def _family(validator: str) -> str:
    """Conditions that can replace each other under one code: every upper bound, every lower bound; else itself."""
    if validator in _UPPER_BOUNDS:
        return "upper"
    return "lower" if validator in _LOWER_BOUNDS else validator


def _stricter(kept: Any, other: Any) -> bool:
    """Whether the ``kept`` error's bound is strictly tighter than ``other``'s (both upper or both lower bounds).

    An exclusive bound is tighter than the inclusive bound of the same number.
    """
    bounds = (kept.validator_value, other.validator_value)
    if not all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in bounds):
        return False
    exclusive = (kept.validator.startswith("exclusive"), other.validator.startswith("exclusive"))
    if _family(kept.validator) == "upper":
        return (bounds[0], not exclusive[0]) < (bounds[1], not exclusive[1])
    return _family(kept.validator) == "lower" and (bounds[0], exclusive[0]) > (bounds[1], exclusive[1])


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
            f"no rule set named {printable(spec)!r}: choose {_rule_set_choices()}, "
            "or give the path of your own rule-set JSON Schema file"
        )
    from deckcli.house_rules import load_house_rules

    return load_house_rules(spec, _builtin_registry())
