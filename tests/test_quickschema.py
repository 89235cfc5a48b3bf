"""The quick shape check agrees with jsonschema: never "valid" when jsonschema says otherwise."""

from __future__ import annotations

import pytest
from deck_strategies import DECKS, deck_documents, toml_documents
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.deckfile import load_deck
from deckcli.jsonschemas import jsonable, strict_validator_class
from deckcli.quickschema import certainly_valid
from deckcli.schema_files import packaged_rule_names, packaged_schema

DECK_SCHEMA = packaged_schema("deck")
DECK_VALIDATOR = strict_validator_class()(DECK_SCHEMA)


@settings(max_examples=1000, deadline=None)
@given(document=(deck_documents | toml_documents).map(jsonable))
def test_deck_schema_answer_is_jsonschemas(document):
    # The deck schema uses only keywords quickschema knows, so the answer is exact both ways.
    assert certainly_valid(DECK_SCHEMA, document) == DECK_VALIDATOR.is_valid(document)


@pytest.mark.parametrize("path", sorted(DECKS.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_deck_takes_the_quick_path(path):
    assert certainly_valid(DECK_SCHEMA, load_deck(path).document)


_profiles = st.dictionaries(
    st.sampled_from(["units", "specials", "spies", "medics", "unit_strength", "leaders", "unknown", "faction"]),
    st.integers(-5, 200) | st.lists(st.text(max_size=5), max_size=3) | st.text(max_size=5),
)


@pytest.mark.parametrize("name", packaged_rule_names())
@settings(max_examples=200, deadline=None)
@given(profile=_profiles)
def test_never_valid_where_a_rule_set_disagrees(name, profile):
    schema = packaged_schema(f"rules/{name}")
    if certainly_valid(schema, profile):
        from deckcli.rules import builtin_rule_set

        assert builtin_rule_set(name).validator.is_valid(profile)


@pytest.mark.parametrize(
    ("schema", "instance"),
    [
        ({"type": "integer"}, True),  # a bool is no count
        ({"type": "integer"}, 2.0),  # nor is 2.0
        ({"minimum": 1}, 0),
        ({"maximum": 90}, 91),
        ({"maximum": 90}, float("nan")),
        ({"required": ["faction"]}, {}),
        ({"minLength": 1}, ""),
        ({"oneOf": [{"type": "string"}, {"minLength": 1}]}, "a"),  # matches both branches
        ({"oneOf": [{"type": "string"}, {"type": "array"}]}, 3),  # matches neither
        ({"additionalProperties": {"type": "integer"}, "properties": {"a": True}}, {"a": "x", "b": "y"}),
        ({"items": {"type": "string"}}, ["a", 1]),
        ({"$ref": "#/$defs/missing"}, 1),
        ({"$ref": "https://example.com/schema.json"}, 1),
        ({"pattern": "^a"}, "b"),  # a keyword it does not know: not sure
        ({"$ref": "#"}, 1),  # refers to itself without end
    ],
)
def test_not_sure_is_not_valid(schema, instance):
    assert not certainly_valid(schema, instance)


@pytest.mark.parametrize(
    ("schema", "instance"),
    [
        (True, object()),
        ({"type": ["string", "null"], "x-message": "ignored"}, None),
        ({"$defs": {"n": {"maximum": 3}}, "properties": {"a": {"$ref": "#/$defs/n"}}}, {"a": 3, "b": 9}),
        ({"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}, ["a", "b"]),
    ],
)
def test_plainly_valid(schema, instance):
    assert certainly_valid(schema, instance)
