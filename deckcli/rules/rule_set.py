"""A rule set: a JSON Schema (draft 2020-12) judged against a deck's profile.

Each constraint in a rule schema carries its stable code (``x-code``), the
message a player reads (``x-message``, see :mod:`deckcli.rules.messages`) and the
rulebook section (``x-rule``). ``x-each`` on a ``maxItems: 0`` list constraint
gives one finding per item; an error on one card (``items``, ``propertyNames``)
names that card. ``x-section`` says where a finding's line is looked up: the
card's line in ``leader``, ``cards`` or ``side``, or for a finding about the
whole deck the ``leader`` line. ``x-short`` is the finding in a few words, for
``validate --rules all``. Adding a rule is editing one schema."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, NamedTuple, cast

from deckcli.errors import RulesError
from deckcli.files import schema_checks
from deckcli.findings import Finding
from deckcli.rules.messages import findings_of, format_message, message_fields

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

DEFAULT_SUMMARY = "{units:unit|units}, {specials:special|specials}, {unit_strength} Strength"


class RuleSet(NamedTuple):
    """A rule set ready to judge profiles: its name, schema and compiled validator.

    ``where`` is the file of a player's own rule set (``None`` for a built-in one).
    """

    name: str
    schema: dict[str, Any]
    validator: Validator | CompiledOnFirstUse
    where: str | None = None
    fast_check: str | None = None
    """The packaged schema (``rules/standard``) whose generated check may clear a profile before jsonschema is needed."""

    @classmethod
    def compile(
        cls,
        name: str,
        schema: dict[str, Any],
        registry: Any = None,
        where: str | None = None,
        fast_check: str | None = None,
        sandboxed: bool = False,
    ) -> RuleSet:
        """The one way a rule set is built: ``schema`` compiled with deckcli's strict draft 2020-12 validator.

        ``registry`` resolves its ``$ref``s (the built-in rule sets, a house rule's
        local files), or is a function giving that registry; ``where`` is the file of a
        player's own rule set. ``fast_check`` names the packaged schema (``rules/standard``)
        whose generated check clears a profile that breaks nothing: then the validator
        (and the registry) are built only when a finding has to be worded.
        ``sandboxed`` (a player's own rule file) judges within the house-rule sandbox:
        patterns on RE2, formats checked, a step and time budget (:mod:`deckcli.rules.sandbox`).
        """

        def build() -> Validator:
            from deckcli.files import schemas

            resolver = registry() if callable(registry) else registry
            if sandboxed:
                from deckcli.rules.sandbox import SandboxedValidator

                return cast("Validator", SandboxedValidator(schema, resolver, where or name))
            compiled = schemas.strict_validator_class()
            return compiled(schema) if resolver is None else compiled(schema, registry=resolver)

        validator = build() if fast_check is None else CompiledOnFirstUse(functools.cache(build))
        return cls(name=name, schema=schema, validator=validator, where=where, fast_check=fast_check)

    @property
    def summary_template(self) -> str:
        return cast(str, self.schema.get("x-summary", DEFAULT_SUMMARY))

    @property
    def label(self) -> str:
        """How a player names the rule set in a sentence ("a standard game", "Advanced")."""
        return cast(str, self.schema.get("x-label", self.name))

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
        if self.fast_check is not None:
            check = schema_checks.fast_check(self.fast_check)
            if check is not None and check(dict(profile)):
                return []  # breaks nothing: no finding to word, so no jsonschema
        findings: dict[tuple[str, str | None, str | None, int | None, str], tuple[Finding, ValidationError]] = {}
        for error in self._errors(profile):
            for finding in findings_of(error, profile, locate, hints or {}):
                item = None if finding.item is None else repr(sorted(finding.item.items()))
                # An error from iter_errors always names its keyword (the stubs also allow "unset").
                key = (finding.code, finding.card, item, finding.line, _family(cast(str, error.validator)))
                kept = findings.pop(key, None)
                if kept is not None and _stricter(kept[1], error):
                    findings[key] = kept
                else:
                    findings[key] = (finding, error)
        return [finding for finding, _error in findings.values()]

    def _errors(self, profile: Mapping[str, Any]) -> list[ValidationError]:
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


class CompiledOnFirstUse:
    """A jsonschema validator compiled when it is first asked for errors: never, for a profile a fast check clears.

    ``compile`` builds the validator (cache it: it is called on every use).
    """

    def __init__(self, compile: Callable[[], Validator]) -> None:
        self._compile = compile

    def iter_errors(self, instance: Any) -> Iterator[ValidationError]:
        """The validator's errors in ``instance`` (jsonschema's ``iter_errors``)."""
        return self._compile().iter_errors(instance)


_UPPER_BOUNDS = {"maximum", "exclusiveMaximum", "maxItems", "maxProperties", "maxLength"}


_LOWER_BOUNDS = {"minimum", "exclusiveMinimum", "minItems", "minProperties", "minLength"}


def _family(validator: str) -> str:
    """Conditions that can replace each other under one code: every upper bound, every lower bound; else itself."""
    if validator in _UPPER_BOUNDS:
        return "upper"
    return "lower" if validator in _LOWER_BOUNDS else validator


def _stricter(kept: ValidationError, other: ValidationError) -> bool:
    """Whether the ``kept`` error's bound is strictly tighter than ``other``'s (both upper or both lower bounds).

    An exclusive bound is tighter than the inclusive bound of the same number.
    """
    bounds = (kept.validator_value, other.validator_value)
    if not all(isinstance(b, (int, float)) and not isinstance(b, bool) for b in bounds):
        return False
    keywords = (cast(str, kept.validator), cast(str, other.validator))
    exclusive = (keywords[0].startswith("exclusive"), keywords[1].startswith("exclusive"))
    if _family(keywords[0]) == "upper":
        return (bounds[0], not exclusive[0]) < (bounds[1], not exclusive[1])
    return _family(keywords[0]) == "lower" and (bounds[0], exclusive[0]) > (bounds[1], exclusive[1])
