"""The card constraints of a rule set, read from its JSON Schema (never written a second time).

A deck rule set judges a deck's *profile* (:mod:`deckcli.rules.profile`). Most of
its conditions are about fields that are sums over the cards (``units``,
``unit_strength``, ``spies``, ...) or lists that must stay empty
(``off_faction``, ``over_copies``, ...), so each becomes a linear constraint of
the integer program that ``deckcli fix`` solves (:mod:`deckcli.repair.model`).
This module walks the schema (``allOf`` and ``$ref`` included, to the built-in
rule sets and to local files) and returns those constraints, each with the rule
it comes from (``x-code`` and schema path). A keyword it cannot turn into a card
constraint raises :class:`~deckcli.errors.RulesError` naming the keyword and
where it is: nothing in a rule set is ever ignored.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import unquote, urldefrag, urljoin, urlparse

from deckcli.errors import RulesError

SUMS = ("leaders", "units", "heroes", "specials", "weather", "spies", "medics", "unit_strength")
"""Profile fields that are sums over the cards: a numeric bound on one is a linear constraint."""
NAME_LISTS = (
    "hero_names", "weather_names", "side_deck_in_main", "leaders_in_main", "not_leaders",
    "main_card_in_side", "off_faction",
)
"""Profile fields listing card names: a name test (``items``) bans cards, a size bound counts distinct cards."""
EMPTY_ONLY = ("over_copies", "unknown", "ambiguous")
"""Profile lists whose only expressible condition is being empty (``maxItems: 0``)."""
CONSTANTS = ("faction", "faction_name")
"""Profile fields no card change alters: a condition on one is checked once, as it stands."""
ANNOTATIONS = frozenset({
    "title", "description", "$comment", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "$schema", "$id", "$anchor", "$dynamicAnchor", "$defs", "definitions", "$vocabulary",
})
"""Keywords that state no condition (``x-`` keywords too)."""


@dataclass(frozen=True)
class Rule:
    """Where a constraint comes from: its finding ``code`` (``x-code``, or field and keyword as
    ``validate`` names it), the schema ``path`` of the keyword, and the ``condition`` in short
    (``units minimum 22``)."""

    code: str
    path: str
    keyword: str
    condition: str = ""


@dataclass(frozen=True)
class Bound:
    """``low <= field <= high`` for a summed profile field (``None``: no bound that side); ``step``:
    the field is a multiple of it; ``values``: the field is one of these numbers."""

    field: str
    rule: Rule
    low: int | None = None
    high: int | None = None
    step: int | None = None
    values: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Size:
    """``low <= number of distinct cards in list field <= high`` (``cards``: distinct cards in the main deck)."""

    field: str
    rule: Rule
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class NameTest:
    """Cards whose name fails ``accepts`` may not be in ``field`` (``cards``, ``leader`` or a name list).

    ``null_ok`` (``leader`` only): whether the profile's ``leader`` may be null (no Leader or several).
    """

    field: str
    rule: Rule
    accepts: Callable[[str], bool]
    null_ok: bool = True


@dataclass(frozen=True)
class Required:
    """The main deck holds at least one copy of each of ``names`` (``cards`` ``required``)."""

    names: tuple[str, ...]
    rule: Rule


@dataclass(frozen=True)
class CopyCap:
    """At most ``high`` copies of each of ``names`` in the main deck (``cards`` ``properties``)."""

    names: tuple[str, ...]
    high: int
    rule: Rule


@dataclass(frozen=True)
class Fixed:
    """A condition no card change alters: ``holds`` tells whether the deck meets it."""

    field: str
    rule: Rule
    holds: Callable[[Any], bool]


@dataclass
class Requirements:
    """Every card constraint of one rule set, in schema order."""

    name: str
    bounds: list[Bound] = field(default_factory=list)
    sizes: list[Size] = field(default_factory=list)
    empty: dict[str, Rule] = field(default_factory=dict)
    names: list[NameTest] = field(default_factory=list)
    required: list[Required] = field(default_factory=list)
    caps: list[CopyCap] = field(default_factory=list)
    fixed: list[Fixed] = field(default_factory=list)


def derive_requirements(schema: dict[str, Any], name: str, where: str | None = None) -> Requirements:
    """The constraints a deck must meet under the rule-set ``schema`` (a deck rule set, draft 2020-12).

    ``where`` is the rule set's file (``None`` for a built-in one); a house rule's
    ``$id`` is its file's URI, so its relative ``$ref`` resolve as when it is judged.
    Raises :class:`RulesError` (exit code 2) naming the keyword and its schema path
    for any condition ``deckcli fix`` cannot express as a card constraint.
    """
    declared = schema.get("$id")
    base = declared if isinstance(declared, str) else ROOT_URI
    walker = _Walker(Requirements(name=name), where, {base: schema})
    walker.profile(schema, _Spot(base, "", ""))
    return walker.found


ROOT_URI = "urn:deckcli:fix:root"
"""The base URI of a schema given without ``$id``."""


@dataclass(frozen=True)
class _Spot:
    """Where a node is: its document's URI, its JSON pointer there, and its path as a player reads it."""

    base: str
    pointer: str
    path: str

    def down(self, *parts: str | int) -> _Spot:
        escaped = [str(p).replace("~", "~0").replace("/", "~1") for p in parts]
        shown = "/".join(str(p) for p in parts)
        return _Spot(self.base, "/".join([self.pointer, *escaped]), f"{self.path}/{shown}" if self.path else shown)

    @property
    def ref(self) -> str:
        return f"{self.base}#{self.pointer}"


class _Walker:
    """Walks a deck rule set's schema and collects its card constraints into ``found``."""

    def __init__(self, found: Requirements, where: str | None, documents: dict[str, Any]) -> None:
        self.found = found
        self.where = where
        self.documents = documents
        self.depth = 0

    def refuse(self, keyword: str, spot: _Spot, why: str) -> RulesError:
        at = spot.down(keyword).path
        if len(at) > 60:
            at = "…/" + "/".join(at.split("/")[-4:])
        return RulesError(
            f"deckcli fix cannot turn {keyword} (at {at}) into a card constraint: {why}; "
            "deckcli validate still judges it",
            where=self.where,
        )

    def keywords(self, node: Any, spot: _Spot) -> list[tuple[str, Any]]:
        """The condition keywords of ``node`` (annotations dropped)."""
        if node is True:
            return []
        if not isinstance(node, dict):
            raise self.refuse("false", spot, "a schema that rejects every deck")
        if "$id" in node and spot.pointer:
            raise self.refuse("$id", spot, "an embedded schema document")
        return [(k, v) for k, v in node.items() if k not in ANNOTATIONS and not k.startswith("x-")]

    def follow(self, ref: str, spot: _Spot) -> tuple[Any, _Spot]:
        """The schema ``ref`` points to, with its own spot."""
        from deckcli.files.schemas import packaged_schema

        self.depth += 1
        if self.depth > 100:  # as validate refuses such a rule set: it judges nothing either
            raise RulesError("its $ref goes round in a circle (or it nests too deeply)", where=self.where)
        target, fragment = urldefrag(urljoin(spot.base, ref))
        if target not in self.documents:
            parsed = urlparse(target)
            if target.startswith("urn:deckcli:rules:"):
                self.documents[target] = packaged_schema("rules/" + target.rsplit(":", 1)[1])
            elif parsed.scheme == "file":
                # The rule set was loaded (and this file read and checked) before: see deckcli.rules.
                self.documents[target] = json.loads(Path(unquote(parsed.path)).read_text("utf-8"))
            else:
                raise self.refuse("$ref", spot, f"{ref!r} is not a built-in rule set or a local file")
        node = self.documents[target]
        for part in [p for p in fragment.split("/") if p]:
            key = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, list) and key.isdigit() and int(key) < len(node):
                node = node[int(key)]
            elif isinstance(node, dict) and key in node:
                node = node[key]
            else:
                raise self.refuse("$ref", spot, f"{ref!r} points to nothing")
        return node, _Spot(target, fragment, spot.down("$ref").path)

    def profile(self, node: Any, spot: _Spot) -> None:
        """A schema applied to the whole profile."""
        from deckcli.rules.profile import profile_fields

        for keyword, value in self.keywords(node, spot):
            if keyword == "type":
                if "object" not in (value if isinstance(value, list) else [value]):
                    raise self.refuse(keyword, spot, "a profile is always an object")
            elif keyword == "allOf":
                for index, part in enumerate(value):
                    self.profile(part, spot.down("allOf", index))
            elif keyword == "$ref":
                self.profile(*self.follow(value, spot))
            elif keyword == "properties":
                for name, sub in value.items():
                    self.field(name, sub, spot.down("properties", name))
            elif keyword == "required":
                missing = [name for name in value if name not in profile_fields()]
                if missing:
                    raise self.refuse(keyword, spot, f"a profile never has {', '.join(missing)}")
            else:
                raise self.refuse(keyword, spot, "only properties, required, allOf and $ref are understood on the whole profile")

    def field(self, name: str, node: Any, spot: _Spot) -> None:
        """A schema applied to the profile field ``name``."""
        from deckcli.rules.profile import profile_fields

        code = node.get("x-code") if isinstance(node, dict) else None
        for keyword, value in self.keywords(node, spot):
            rule = Rule(code if isinstance(code, str) else f"{name}-{keyword}", spot.down(keyword).path, keyword,
                        _condition(name, keyword, value))
            if keyword == "allOf":
                for index, part in enumerate(value):
                    self.field(name, part, spot.down("allOf", index))
            elif keyword == "$ref":
                self.field(name, *self.follow(value, spot))
            elif name in SUMS:
                self.count(name, keyword, value, rule, spot)
            elif name in NAME_LISTS or name in EMPTY_ONLY:
                self.names_list(name, keyword, value, rule, spot)
            elif name == "cards":
                self.cards(keyword, value, rule, spot)
            elif name == "leader":
                test = self.tester(spot)
                self.found.names.append(NameTest("leader", rule, test, null_ok=test(None)))
                return  # the whole node is one test on the Leader's name
            elif name in CONSTANTS:
                self.found.fixed.append(Fixed(name, rule, self.tester(spot)))
                return
            elif name in profile_fields():
                raise self.refuse(keyword, spot, f"{name} is not a field deckcli fix can change")
            # Any other name is a field no profile has: its conditions never apply (validate ignores them too).

    def tester(self, spot: _Spot) -> Callable[[Any], bool]:
        """Whether a value meets the schema at ``spot``, asked of jsonschema itself."""
        import jsonschema
        from referencing import Resource
        from referencing.jsonschema import DRAFT202012

        from deckcli.rules.builtin import _builtin_registry

        registry = _builtin_registry()
        for uri, document in self.documents.items():
            if not uri.startswith("urn:deckcli:rules:"):
                registry = registry.with_resource(uri, Resource.from_contents(document, default_specification=DRAFT202012))
        validator = jsonschema.Draft202012Validator({"$ref": spot.ref}, registry=registry)
        return lambda value: bool(validator.is_valid(value))

    def check_type(self, kinds: tuple[str, ...], value: Any, spot: _Spot) -> None:
        if not set(kinds) & set(value if isinstance(value, list) else [value]):
            raise self.refuse("type", spot, f"the field is never of type {value}")

    def count(self, name: str, keyword: str, value: Any, rule: Rule, spot: _Spot) -> None:
        add = self.found.bounds.append
        if keyword == "type":
            self.check_type(("integer", "number"), value, spot)
        elif keyword in ("const", "enum"):
            values = [value] if keyword == "const" else list(value)
            add(Bound(name, rule, values=tuple(sorted({int(v) for v in values if _is_number(v) and float(v).is_integer()}))))
        elif keyword not in ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"):
            raise self.refuse(keyword, spot, f"{name} is a count: only minimum, maximum, the exclusive bounds, const, enum and multipleOf apply")
        elif not _is_number(value):
            raise self.refuse(keyword, spot, "a bound that is not a number")
        elif keyword == "minimum":
            add(Bound(name, rule, low=math.ceil(value)))
        elif keyword == "exclusiveMinimum":
            add(Bound(name, rule, low=math.floor(value) + 1))
        elif keyword == "maximum":
            add(Bound(name, rule, high=math.floor(value)))
        elif keyword == "exclusiveMaximum":
            add(Bound(name, rule, high=math.ceil(value) - 1))
        elif keyword == "multipleOf" and float(value).is_integer():
            add(Bound(name, rule, step=int(value)))
        elif value > 0 and float(1 / value).is_integer():
            return  # multipleOf 1/n: every count is one
        else:
            raise self.refuse(keyword, spot, "a step that is not a whole number or 1/n")

    def names_list(self, name: str, keyword: str, value: Any, rule: Rule, spot: _Spot) -> None:
        if keyword == "type":
            self.check_type(("array",), value, spot)
        elif keyword == "maxItems" and value == 0:
            self.found.empty.setdefault(name, rule)
        elif keyword == "minItems" and value == 0:
            return
        elif name in EMPTY_ONLY or name == "off_faction":
            raise self.refuse(keyword, spot, f"{name} can only be required to be empty (maxItems 0)")
        elif keyword in ("maxItems", "minItems"):
            low, high = (value, None) if keyword == "minItems" else (None, value)
            self.found.sizes.append(Size(name, rule, low=low, high=high))
        elif keyword == "items":
            self.found.names.append(NameTest(name, _own_code(rule, value), self.tester(spot.down("items"))))
        elif keyword == "uniqueItems":
            return  # a list of card names never repeats one
        else:
            raise self.refuse(keyword, spot, f"{name} is a list of card names: only items, maxItems and minItems apply")

    def cards(self, keyword: str, value: Any, rule: Rule, spot: _Spot) -> None:
        if keyword == "type":
            self.check_type(("object",), value, spot)
        elif keyword == "propertyNames":
            self.found.names.append(NameTest("cards", _own_code(rule, value), self.tester(spot.down("propertyNames"))))
        elif keyword in ("maxProperties", "minProperties"):
            low, high = (value, None) if keyword == "minProperties" else (None, value)
            self.found.sizes.append(Size("cards", rule, low=low, high=high))
        elif keyword == "required":
            self.found.required.append(Required(tuple(value), rule))
        elif keyword == "properties":
            for card, sub in value.items():
                self.found.caps.append(CopyCap((card,), self.cap(sub, spot.down("properties", card)), rule))
        else:
            raise self.refuse(
                keyword, spot,
                "cards is a table of copies: only propertyNames, required, maxProperties, minProperties and properties (a maximum) apply",
            )

    def cap(self, node: Any, spot: _Spot) -> int:
        """The most copies a per-card schema allows (``maximum`` / ``exclusiveMaximum``; ``type`` and a minimum up to 1 are always met)."""
        high = 90
        for keyword, value in self.keywords(node, spot):
            if keyword == "maximum" and _is_number(value):
                high = min(high, math.floor(value))
            elif keyword == "exclusiveMaximum" and _is_number(value):
                high = min(high, math.ceil(value) - 1)
            elif keyword == "type" and value in ("integer", "number"):
                continue
            elif (keyword == "minimum" and _is_number(value) and value <= 1) or (
                keyword == "exclusiveMinimum" and _is_number(value) and value < 1
            ):
                continue  # a card in the table has at least one copy
            else:
                raise self.refuse(keyword, spot, "a card's copies can only be capped (maximum)")
        return max(high, 0)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _own_code(rule: Rule, node: Any) -> Rule:
    """The rule of a sub-schema about each item or name: its own ``x-code`` when it has one (as validate reports it)."""
    code = node.get("x-code") if isinstance(node, dict) else None
    return Rule(code, rule.path, rule.keyword, rule.condition) if isinstance(code, str) else rule


def _condition(field_name: str, keyword: str, value: Any) -> str:
    """``units minimum 22``: a condition in a few words (a long value is cut)."""
    shown = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return f"{field_name} {keyword} {shown if len(shown) <= 60 else shown[:57] + '...'}"


@dataclass
class LineupRequirements:
    """The constraints of a lineup rule set (``"x-judges": "lineup"``) over several decks.

    ``deck_rules``: the rule set each deck must meet when ``each_legal`` (``illegal_decks``
    empty); ``distinct_heroes``: no Hero name in two decks (``shared_heroes`` empty);
    ``fixed``: conditions on what no card change alters (the number of decks, their factions).
    """

    name: str
    deck_rules: str
    each_legal: Rule | None = None
    distinct_heroes: Rule | None = None
    fixed: list[Fixed] = field(default_factory=list)


LINEUP_CONSTANTS = ("deck_count", "factions", "faction_names", "shared_factions")
"""Lineup profile fields no card change alters."""


def derive_lineup_requirements(schema: dict[str, Any], name: str) -> LineupRequirements:
    """The constraints of the built-in lineup rule set ``schema`` (tournament, team).

    Raises :class:`RulesError` naming the keyword and path for a condition that is
    not one of: a Hero list or an illegal-deck list that must stay empty, or a
    condition on the number of decks or their factions.
    """
    found = LineupRequirements(name=name, deck_rules=str(schema.get("x-deck-rules", "standard")))
    walker = _Walker(Requirements(name=name), None, {ROOT_URI: schema})
    spot = _Spot(ROOT_URI, "", "")
    for keyword, value in walker.keywords(schema, spot):
        if keyword == "type" and value == "object":
            continue
        if keyword != "properties":
            raise walker.refuse(keyword, spot, "only properties are understood on a lineup")
        for field_name, node in value.items():
            at = spot.down("properties", field_name)
            code = node.get("x-code") if isinstance(node, dict) else None
            for key, bound in walker.keywords(node, at):
                rule = Rule(code if isinstance(code, str) else f"{field_name}-{key}", at.down(key).path, key,
                            _condition(field_name, key, bound))
                empty = key == "maxItems" and bound == 0
                if field_name == "illegal_decks" and empty:
                    found.each_legal = rule
                elif field_name == "shared_heroes" and empty:
                    found.distinct_heroes = rule
                elif field_name in LINEUP_CONSTANTS:
                    found.fixed.append(Fixed(field_name, rule, walker.tester(at)))
                    break
                else:
                    raise walker.refuse(key, at, f"{field_name} of a lineup cannot be turned into card constraints")
    return found
