"""The generated "breaks nothing" checks agree with jsonschema, and are used only while current.

Besides the cases here, every check a test of the suite makes is compared with
jsonschema by conftest's session fixture ``generated_checks_agree_with_jsonschema``.
"""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import run_cli
from helpers.depth import examples
from helpers.repository import DECKS, EXAMPLE_DECKS, write_deck
from helpers.schema_validation import jsonschema_finds_nothing
from helpers.deck_strategies import card_names, counts, deck_documents, leader_names, toml_documents, toml_values
from deckcli.catalog.loading import default_catalog
from deckcli.deck.reading import Entry, parse_deck
from deckcli.deck.resolution import resolve_deck
from deckcli.deck.reading import DeckFile
from deckcli.files import schema_check_generator, schema_checks
from deckcli.files.schemas import strict_validator_class
from deckcli.rules.profile import deck_profile

RULE_SCHEMAS = ["rules/standard", "rules/advanced", "rules/solo"]
LINEUP_SCHEMAS = ["rules/tournament", "rules/team"]


def generated(name: str) -> Any:
    """The generated check itself (not the session's watching wrapper)."""
    from deckcli.files.schema_checks_generated import CHECKS

    return CHECKS[name]


def test_the_generated_module_is_current():
    current = schema_check_generator.GENERATED.read_text("utf-8")
    assert current == schema_check_generator.generate(), "run: python tools/generate.py"


def test_every_deck_lineup_and_registration_schema_has_a_check_in_use():
    assert schema_checks._current_checks() is not None  # every schema file matches what the checks came from
    for name in ["deck", "registration", *RULE_SCHEMAS, *LINEUP_SCHEMAS]:
        assert generated(name) is not None, name
    assert isinstance(schema_checks.fast_check("deck"), functools.partial)  # the session compares every answer


def profile_of(deck: DeckFile) -> dict[str, Any]:
    return deck_profile(resolve_deck(deck, default_catalog()))


@pytest.mark.parametrize("path", EXAMPLE_DECKS, ids=lambda p: p.name)
@pytest.mark.parametrize("name", RULE_SCHEMAS)
def test_example_decks(path: Path, name: str):
    profile = profile_of(parse_deck(path.read_bytes(), str(path)))
    assert generated(name)(profile) == jsonschema_finds_nothing(name, profile)


entries = st.lists(st.tuples(card_names, counts), max_size=30)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    faction=st.sampled_from(sorted(default_catalog().factions)),
    leaders=st.lists(leader_names, max_size=2),
    cards=entries,
    side=st.lists(st.tuples(card_names, counts), max_size=4),
)
def test_generated_decks_under_every_rule_set(faction: str, leaders: list[str], cards: list[Any], side: list[Any]):
    deck = DeckFile(
        where="generated.toml",
        faction=faction,
        faction_line=1,
        leaders=tuple(Entry(name, 1, 2, "leader") for name in leaders),
        cards=tuple(Entry(name, copies, 4 + n, "cards") for n, (name, copies) in enumerate(cards)),
        side=tuple(Entry(name, copies, 40 + n, "side") for n, (name, copies) in enumerate(side)),
    )
    profile = profile_of(deck)
    for name in RULE_SCHEMAS:
        assert generated(name)(profile) == jsonschema_finds_nothing(name, profile), name


@settings(max_examples=examples(300), deadline=None)
@given(document=deck_documents | toml_documents)
def test_generated_deck_documents_against_the_deck_shape(document: dict[str, Any]):
    assert generated("deck")(document) == jsonschema_finds_nothing("deck", document)


profile_like = st.fixed_dictionaries(
    {},
    optional={
        "leaders": st.integers(-1, 3) | st.booleans() | st.floats(0, 2),
        "units": st.integers(0, 40) | st.floats(0, 40),
        "specials": st.integers(0, 12),
        "spies": st.integers(0, 4),
        "medics": st.integers(0, 4),
        "unit_strength": st.integers(0, 200),
        "deck_count": st.integers(0, 4) | st.booleans(),
        "weather_names": st.lists(st.sampled_from(["Clear Weather", "Biting Frost"]) | toml_values, max_size=3),
        "not_leaders": st.lists(st.text(max_size=5), max_size=2) | toml_values,
        "unknown": st.lists(st.text(max_size=5), max_size=2),
        "over_copies": st.lists(st.fixed_dictionaries({"card": st.text(max_size=5)}), max_size=2),
        "illegal_decks": st.lists(st.fixed_dictionaries({"deck": st.text(max_size=5)}), max_size=2),
        "shared_heroes": st.lists(toml_values, max_size=2),
    },
)


@settings(max_examples=examples(300), deadline=None)
@given(document=profile_like | toml_values)
def test_generated_profiles_under_every_rule_and_lineup_schema(document: Any):
    for name in [*RULE_SCHEMAS, *LINEUP_SCHEMAS]:
        assert generated(name)(document) == jsonschema_finds_nothing(name, document), name


@settings(max_examples=examples(200), deadline=None)
@given(document=st.dictionaries(st.sampled_from(["decks", "player", "x"]), toml_values | st.lists(st.text(max_size=3))))
def test_generated_registrations(document: dict[str, Any]):
    assert generated("registration")(document) == jsonschema_finds_nothing("registration", document)


# --- the generator on every keyword it translates, against jsonschema ------------------------------

DRAFT = "https://json-schema.org/draft/2020-12/schema"
KEYWORD_SCHEMAS: dict[str, dict[str, Any]] = {
    "types": {"type": ["integer", "null", "boolean"]},
    "number": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 10, "minimum": 0.5, "maximum": 9},
    "strings": {"type": "string", "minLength": 1, "maxLength": 3},
    "const": {"const": 1},
    "const-list": {"const": [1, True, {"a": None}]},
    "enum": {"enum": ["a", 1, False, [0], {"b": 2}]},
    "arrays": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"type": "integer"}},
    "contains": {"contains": {"const": 1}, "minContains": 2, "maxContains": 3},
    "objects": {
        "type": "object",
        "required": ["a"],
        "minProperties": 1,
        "maxProperties": 3,
        "properties": {"a": {"type": "string"}, "b": False},
        "additionalProperties": {"type": "integer"},
        "propertyNames": {"maxLength": 2},
    },
    "closed": {"properties": {"a": True}, "additionalProperties": False},
    "combined": {
        "allOf": [{"minimum": 0}, {"maximum": 5}],
        "anyOf": [{"type": "integer"}, {"type": "string"}],
        "oneOf": [{"type": "integer"}, {"minimum": 3}],
        "not": {"const": 2},
    },
    "conditional": {"if": {"type": "integer"}, "then": {"minimum": 1}, "else": {"type": "string"}},
    "then-only": {"if": {"type": "integer"}, "then": {"maximum": 1}},
    "refs": {
        "$defs": {"small": {"type": "integer", "maximum": 2}, "list": {"type": "array", "items": {"$ref": "#/$defs/small"}}},
        "properties": {"x": {"$ref": "#/$defs/list"}, "y": {"$ref": "urn:test:other#/$defs/word"}},
    },
    "other": {"$schema": DRAFT, "$id": "urn:test:other", "$defs": {"word": {"type": "string", "minLength": 2}}},
    "booleans": {"properties": {"yes": True, "no": False}},
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(-1, 11) | st.text("abc", max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["a", "b", "x", "y", "yes", "no", "long"]), inner, max_size=4),
    max_leaves=10,
)


@functools.cache
def keyword_checks(folder: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(compile(schema_check_generator.generate(Path(folder)), "generated", "exec"), namespace)
    return namespace["CHECKS"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def keyword_folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("schemas")
    (folder / "rules").mkdir()
    for name, schema in KEYWORD_SCHEMAS.items():
        (folder / f"{name}.schema.json").write_text(json.dumps(schema), "utf-8")
    return str(folder)


@functools.cache
def keyword_validator(name: str) -> Any:
    from referencing import Registry, Resource

    registry = Registry().with_resource("urn:test:other", Resource.from_contents(KEYWORD_SCHEMAS["other"]))
    return strict_validator_class()(KEYWORD_SCHEMAS[name], registry=registry)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=json_values)
def test_every_translated_keyword_agrees_with_jsonschema(keyword_folder: str, value: Any):
    checks = keyword_checks(keyword_folder)
    for name in KEYWORD_SCHEMAS:
        expected = next(iter(keyword_validator(name).iter_errors(value)), None) is None
        assert checks[name](value) == expected, (name, value)


@pytest.mark.parametrize(
    ("schema", "why"),
    [
        ({"uniqueItems": True}, "uniqueItems"),
        ({"pattern": "^a"}, "pattern"),
        ({"properties": {"a": {"$id": "urn:x", "type": "string"}}}, "$id below the top"),
        ({"$ref": "urn:nowhere"}, "no schema has that $id"),
        ({"prefixItems": [True], "items": False}, "prefixItems"),
    ],
)
def test_an_untranslated_keyword_gives_no_check(tmp_path: Path, schema: dict[str, Any], why: str):
    (tmp_path / "rules").mkdir()
    (tmp_path / "odd.schema.json").write_text(json.dumps(schema), "utf-8")
    source = schema_check_generator.generate(tmp_path)
    assert "'odd': None,  # not translated:" in source and why in source
    namespace: dict[str, Any] = {}
    exec(compile(source, "generated", "exec"), namespace)
    assert namespace["CHECKS"]["odd"] is None


# --- an edited schema is never met by an old check ----------------------------------------------


def test_an_edited_schema_turns_every_check_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    copy = tmp_path / "schemas"
    shutil.copytree(Path(schema_checks.SCHEMA_FOLDER), copy)
    standard = copy / "rules" / "standard.schema.json"
    schema = json.loads(standard.read_text("utf-8"))
    schema["properties"]["units"]["minimum"] = 30
    standard.write_text(json.dumps(schema), "utf-8")
    monkeypatch.setattr(schema_checks, "SCHEMA_FOLDER", str(copy))
    schema_checks._current_checks.cache_clear()
    try:
        assert schema_checks._current_checks() is None
        assert schema_checks.fast_check("rules/standard") is None
        assert schema_checks.fast_check("deck") is None
    finally:
        schema_checks._current_checks.cache_clear()


def test_a_missing_schema_file_turns_every_check_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(schema_checks, "SCHEMA_FOLDER", str(tmp_path))
    schema_checks._current_checks.cache_clear()
    try:
        assert schema_checks._current_checks() is None
    finally:
        schema_checks._current_checks.cache_clear()


def test_without_checks_the_verdicts_are_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    decks = [*EXAMPLE_DECKS, write_deck(tmp_path, {"Decoy": 3, "Blue Stripes Commando": 4}), DECKS / "tournament-registration.toml"]
    fast = [run_cli(["validate", *decks, "--rules", rules, "--format", fmt], exit_code=2)
            for rules in ("standard", "advanced") for fmt in ("text", "json")]
    monkeypatch.setattr(schema_checks, "fast_check", lambda name: None)
    slow = [run_cli(["validate", *decks, "--rules", rules, "--format", fmt], exit_code=2)
            for rules in ("standard", "advanced") for fmt in ("text", "json")]
    assert [(r.stdout, r.stderr) for r in fast] == [(r.stdout, r.stderr) for r in slow]
