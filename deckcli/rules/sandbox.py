"""The sandbox a player's rule-set file (house rules) runs in.

A house-rules file is a program of sorts: its regular expressions, message
templates and references run inside deckcli on every deck it judges. So:

- **Regular expressions run in linear time.** ``pattern``,
  ``patternProperties``, ``additionalProperties`` (which matches the
  ``patternProperties`` of its object) and ``"format": "regex"`` use RE2
  (``google-re2``), an automaton with no backtracking: ``^(a+)+$`` against any
  name takes microseconds, not minutes. A pattern RE2 cannot run
  (backreferences, lookaround) is refused when the rules load, naming the
  pattern. RE2 was chosen over refusing "dangerous" constructs in Python's
  backtracking engine because no static check catches every exponential
  pattern (``(a|a)*``, ``(a|ab)*c``, ``(\\w|\\d)+$``), while RE2 makes the bound a
  property of the engine. ``unevaluatedProperties`` beside
  ``patternProperties`` is refused: jsonschema matches those patterns with
  Python's engine, out of this module's reach.
- **``format`` is checked, never ignored**: the formats jsonschema can check
  here (:data:`checked_formats`) are checked; any other is refused at load.
- **Message templates** may not ask for a width above :data:`MAX_FORMAT_WIDTH`
  or a precision above :data:`MAX_FORMAT_PRECISION` (``{value:>99999999}`` would
  print a 100 MB line).
- **Evaluation has a budget**: at most :data:`MAX_STEPS` keyword evaluations
  and :data:`MAX_SECONDS` seconds per deck judged; past either, the rule set
  is refused with exit code 2 (a schema whose ``$defs`` fan out 10 ways over
  6 levels asks for a million).

Where ``$ref`` may point and what error messages may quote is decided in
:mod:`deckcli.rules.house_rules`.
"""

from __future__ import annotations

import contextlib
import functools
import re
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from deckcli.errors import RulesError

MAX_STEPS = 200_000
"""Keyword evaluations one deck's judging may take (the advanced rule set takes a few hundred)."""
MAX_SECONDS = 1.0
"""Seconds one deck's judging may take, whatever the steps (a slow machine, a costly keyword)."""
MAX_LOAD_STEPS = MAX_STEPS
"""Keyword evaluations loading a rule file may take: its checks against the metaschema and deckcli's keyword
schema, over every file it refers to (the league example takes about 3,000)."""
MAX_LOAD_SECONDS = 1.0
"""Seconds loading a rule file may take, whatever the steps."""
MAX_FORMAT_WIDTH = 80
"""The widest field a message template may ask for (``{value:>80}``): output lines are 80 columns."""
MAX_FORMAT_PRECISION = 20
"""The most digits after the point a message template may ask for (``{value:.20f}``)."""

_FORMAT_SPEC = re.compile(
    r"(?:.?[<>=^])?[-+ ]?z?#?0?(?P<width>[0-9]*)[_,]?(?:\.(?P<precision>[0-9]*))?[bdeEfFgGnosxX%]?", re.DOTALL
)
"""A format spec a message template may use: every standard one but the ``c`` type, which turns a number into the
character of that code (``{value:c}`` of 27 is ESC, a terminal escape)."""
_DATA_KEYWORDS = frozenset({"const", "enum", "default", "examples"})
"""Keywords whose values are data, not schemas: a ``"pattern"`` inside them is no pattern."""


def format_spec_problem(spec: str) -> str | None:
    """Why the format spec of a template field cannot be used (too wide, too precise, not a plain spec), or ``None``.

    ``spec`` is what follows the colon in ``{field:spec}``; the noun form
    ``singular|plural`` is not a format spec and is not judged here.
    """
    found = _FORMAT_SPEC.fullmatch(spec)
    if found is None:
        return "is not a format deckcli can apply"
    width, precision = found["width"], found["precision"]
    # Compared as text lengths first: int() of a 5,000-digit width is what must not happen.
    if width and (len(width) > 3 or int(width) > MAX_FORMAT_WIDTH):
        return f"asks for a field {_shortened(width)} characters wide; at most {MAX_FORMAT_WIDTH}"
    if precision and (len(precision) > 3 or int(precision) > MAX_FORMAT_PRECISION):
        return f"asks for {_shortened(precision)} digits of precision; at most {MAX_FORMAT_PRECISION}"
    return None


def _shortened(digits: str) -> str:
    return digits if len(digits) <= 12 else f"{digits[:6]}…({len(digits)} digits)"


# --- regular expressions: RE2 ---------------------------------------------------------------------


def _re2() -> Any:
    try:
        import re2
    except ImportError:  # pragma: no cover - google-re2 is a dependency; a broken install says so
        raise RulesError(
            "house rules need the google-re2 package (pip install google-re2): "
            "deckcli runs the regular expressions of rule files only with a linear-time engine"
        ) from None
    return re2


@functools.lru_cache(maxsize=512)
def compiled_pattern(pattern: str) -> Any:
    """``pattern`` compiled by RE2 (cached). Raises ``re2.error`` when RE2 cannot run it."""
    re2 = _re2()
    options = re2.Options()
    options.log_errors = False  # RE2 would print its own complaint on stderr
    return re2.compile(pattern, options)


def pattern_problem(pattern: str) -> str | None:
    """Why RE2 cannot run ``pattern`` (a backreference, a lookaround, too large), or ``None``."""
    try:
        compiled_pattern(pattern)
    except _re2().error as error:
        reason = error.args[0] if error.args else error
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        return str(reason)
    return None


def _walk_schemas(node: Any) -> Iterator[dict[str, Any]]:
    """Every schema object in ``node``, skipping data (``const``, ``enum``, ``default``, ``examples``)."""
    waiting = [node]
    while waiting:
        current = waiting.pop()
        if isinstance(current, list):
            waiting.extend(current)
        elif isinstance(current, dict):
            yield current
            waiting.extend(value for key, value in current.items() if key not in _DATA_KEYWORDS)


def check_schema_sandbox(schema: dict[str, Any], where: str, quote: bool = True) -> None:
    """Refuse what the sandbox cannot run in ``schema``: a pattern RE2 cannot run, an unchecked ``format``,
    ``unevaluatedProperties`` beside ``patternProperties``.

    With ``quote`` false (a file reached through ``$ref``) the message names
    the keyword and the file but quotes nothing from it. Raises
    :class:`RulesError` (exit code 2).
    """
    has_pattern_properties = has_unevaluated = False
    formats = checked_formats()
    for node in _walk_schemas(schema):
        patterns: list[tuple[str, Any]] = []
        if isinstance(node.get("pattern"), str):
            patterns.append(("pattern", node["pattern"]))
        if isinstance(node.get("patternProperties"), dict):
            has_pattern_properties = True
            patterns.extend(("patternProperties", key) for key in node["patternProperties"])
        has_unevaluated = has_unevaluated or "unevaluatedProperties" in node
        for keyword, pattern in patterns:
            problem = pattern_problem(pattern)
            if problem is not None:
                shown = f" {_quoted(pattern)}" if quote else ""
                raise RulesError(
                    f"{keyword}{shown}: RE2, the linear-time engine house rules run on, cannot run it ({problem}); "
                    "backreferences and lookarounds are not available",
                    where=where,
                )
        name = node.get("format")
        if isinstance(name, str) and name not in formats:
            shown = f" {_quoted(name)}" if quote else ""
            raise RulesError(
                f'"format"{shown} cannot be checked here, and a format deckcli does not check would be '
                f"silently ignored: remove it, or use one of {', '.join(sorted(formats))}",
                where=where,
            )
    if has_pattern_properties and has_unevaluated:
        raise RulesError(
            "unevaluatedProperties beside patternProperties: jsonschema would match those patterns "
            "with a backtracking engine; use additionalProperties in the same object instead",
            where=where,
        )


def _quoted(text: str) -> str:
    from deckcli.text import printable

    return repr(printable(text, limit=60))


# --- the validator class --------------------------------------------------------------------------


@functools.cache
def checked_formats() -> frozenset[str]:
    """The ``format`` names a house rule may use: those jsonschema checks here (``regex`` by RE2)."""
    return frozenset(format_checker().checkers)


@functools.cache
def format_checker() -> Any:
    """The format checker of house rules: jsonschema's own, with ``regex`` checked by RE2, the engine patterns run on."""
    import jsonschema

    builtin = jsonschema.Draft202012Validator.FORMAT_CHECKER
    checker = jsonschema.FormatChecker(formats=[name for name in builtin.checkers if name != "regex"])
    checker.checks("regex", raises=Exception)(lambda instance: not isinstance(instance, str) or _regex_format(instance))
    return checker


def _regex_format(instance: str) -> bool:
    problem = pattern_problem(instance)
    if problem is not None:
        raise ValueError(problem)
    return True


class _Spent(Exception):
    """The evaluation budget of one judging is used up."""


class _Budget:
    """Steps and time left for the work under way: loading a rule file, or judging one deck (one at a time)."""

    def __init__(self) -> None:
        self.steps = MAX_STEPS
        self.deadline = float("inf")

    def start(self, steps: int = MAX_STEPS, seconds: float = MAX_SECONDS) -> None:
        self.steps = steps
        self.deadline = time.monotonic() + seconds

    def spend(self) -> None:
        self.steps -= 1
        if self.steps < 0 or (self.steps % 256 == 0 and time.monotonic() > self.deadline):
            raise _Spent

    def stop(self) -> None:
        self.steps = MAX_STEPS
        self.deadline = float("inf")


_BUDGET = _Budget()


@contextlib.contextmanager
def loading_budget(where: str) -> Iterator[None]:
    """Load a house-rule file (and every file it refers to) within :data:`MAX_LOAD_STEPS` keyword evaluations and
    :data:`MAX_LOAD_SECONDS` seconds: the checks against the draft 2020-12 metaschema and deckcli's keyword
    schema are metered (:func:`metered_validator_class`), as judging is.

    Raises :class:`RulesError` (exit code 2) naming ``where`` when the budget runs out.
    """
    _BUDGET.start(MAX_LOAD_STEPS, MAX_LOAD_SECONDS)
    try:
        yield
    except _Spent:
        raise RulesError(
            f"loading the rule set took more than {MAX_LOAD_STEPS:,} steps or {MAX_LOAD_SECONDS:g} s (deckcli's "
            "budget for house rules): split it, or give it fewer subschemas",
            where=where,
        ) from None
    finally:
        _BUDGET.stop()


def spend_step() -> None:
    """Count one step of the loading or judging under way (a file read, an object walked); raises when spent."""
    _BUDGET.spend()


@functools.cache
def metered_validator_class() -> Any:
    """jsonschema's draft 2020-12 validator with every keyword counted against the budget under way: what checks a
    house-rule file against the metaschema and deckcli's keyword schema while it loads."""
    import jsonschema

    base = jsonschema.Draft202012Validator
    metered = {keyword: _metered(function) for keyword, function in base.VALIDATORS.items()}
    return _kept_throughout(jsonschema.validators.extend(base, metered))  # type: ignore[no-untyped-call]


def _kept_throughout(validator_class: Any) -> Any:
    """``validator_class``, made to judge every subschema itself.

    jsonschema picks the class of each subschema it descends into by that subschema's own
    ``"$schema"`` (``validator_for``): a subschema, or a file reached by ``$ref``, declaring
    ``"$schema"`` would be judged by plain jsonschema, with Python's backtracking patterns and
    no budget. Here every descent keeps the class it started with.
    """
    import attrs

    def evolve(self: Any, **changes: Any) -> Any:
        return attrs.evolve(self, **changes)

    validator_class.evolve = evolve
    return validator_class


def _metered(keyword: Callable[..., Any]) -> Callable[..., Any]:
    def metered(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        _BUDGET.spend()
        return keyword(validator, value, instance, schema)

    return metered


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    from deckcli.text import printable

    if validator.is_type(instance, "string") and not compiled_pattern(pattern).search(instance):
        yield ValidationError(f"{printable(instance)!r} does not match {printable(pattern)!r}")


def _pattern_properties(validator: Any, patterns: dict[str, Any], instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        compiled = compiled_pattern(pattern)
        for key, value in instance.items():
            if compiled.search(key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional(instance: dict[str, Any], schema: dict[str, Any]) -> Iterable[str]:
    properties = schema.get("properties", {})
    patterns = [compiled_pattern(pattern) for pattern in schema.get("patternProperties", {})]
    for key in instance:
        if key not in properties and not any(pattern.search(key) for pattern in patterns):
            yield key


def _additional_properties(validator: Any, allowed: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema.exceptions import ValidationError

    if not validator.is_type(instance, "object"):
        return
    extras = list(_additional(instance, schema))
    if validator.is_type(allowed, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], allowed, path=extra)
    elif not allowed and extras:
        names = ", ".join(repr(extra) for extra in sorted(extras))
        yield ValidationError(f"Additional properties are not allowed ({names} unexpected)")


@functools.cache
def sandboxed_validator_class() -> Any:
    """deckcli's strict draft 2020-12 validator class with RE2 patterns and every keyword metered."""
    import jsonschema

    from deckcli.files.schemas import strict_validator_class

    strict = strict_validator_class()
    keywords = dict(strict.VALIDATORS)
    keywords.update(
        pattern=_pattern, patternProperties=_pattern_properties, additionalProperties=_additional_properties
    )
    metered = {name: _metered(keyword) for name, keyword in keywords.items()}
    return _kept_throughout(jsonschema.validators.extend(strict, metered))  # type: ignore[no-untyped-call]


class SandboxedValidator:
    """A compiled house rule set: :meth:`iter_errors` as jsonschema's, within the evaluation budget.

    ``where`` names the rule file in the budget's message.
    """

    def __init__(self, schema: dict[str, Any], registry: Any, where: str) -> None:
        self._validator = sandboxed_validator_class()(schema, registry=registry, format_checker=format_checker())
        self._where = where

    def iter_errors(self, instance: Any) -> Iterator[Any]:
        """Every error of ``instance``, gathered within :data:`MAX_STEPS` and :data:`MAX_SECONDS`.

        Raises :class:`RulesError` (exit code 2) when the budget runs out.
        """
        _BUDGET.start(MAX_STEPS, MAX_SECONDS)
        try:
            errors = list(self._validator.iter_errors(instance))
        except _Spent:
            raise RulesError(
                f"judging one deck took more than {MAX_STEPS:,} steps or {MAX_SECONDS:g} s (deckcli's budget "
                "for house rules): simplify the rule set, e.g. fewer $ref reached through anyOf/oneOf",
                where=self._where,
            ) from None
        finally:
            _BUDGET.stop()
        return iter(errors)
