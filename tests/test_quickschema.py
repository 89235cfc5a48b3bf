"""The quick check agrees with jsonschema: never "valid" when jsonschema says otherwise, no verdict changed."""

from __future__ import annotations

import tomllib
from unittest import mock

import pytest
import tomli_w
from deck_strategies import (
    DECKS,
    EXAMPLE_TEXTS,
    FACTION_NAMES,
    card_names,
    deck_documents,
    leader_names,
    toml_documents,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli import rules
from deckcli.catalog import default_catalog
from deckcli.deckfile import load_deck, parse_deck
from deckcli.jsonschemas import jsonable, strict_validator_class
from deckcli.profile import deck_profile
from deckcli.quickschema import certainly_valid
from deckcli.resolve import resolve_deck
from deckcli.rules import _builtin_schemas, builtin_rule_set
from deckcli.schema_files import packaged_rule_names, packaged_schema
from deckcli.verdict import hints_for

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
@settings(max_examples=300, deadline=None)
@given(profile=_profiles)
def test_never_valid_where_a_rule_set_disagrees(name, profile):
    if certainly_valid(packaged_schema(f"rules/{name}"), profile, known=_builtin_schemas()):
        assert builtin_rule_set(name).validator.is_valid(profile)


_decks = st.fixed_dictionaries(
    {"faction": st.sampled_from(FACTION_NAMES)},
    optional={
        "leader": leader_names | st.lists(leader_names, max_size=2),
        "cards": st.dictionaries(card_names, st.integers(1, 4), max_size=40),
        "side": st.dictionaries(card_names, st.integers(1, 2), max_size=3),
    },
)



def _with_changes(document: dict, cards: dict[str, int], dropped: int) -> dict:
    """An example deck with a few cards added (maybe mistyped, off-faction or too many) and some dropped."""
    kept = dict(list(document["cards"].items())[dropped:])
    return {**document, "cards": {**kept, **cards}}


_edited_examples = st.builds(
    _with_changes,
    st.sampled_from(EXAMPLE_TEXTS).map(tomllib.loads),
    st.dictionaries(card_names, st.integers(1, 4), max_size=3),
    st.integers(0, 6),
)


@pytest.mark.parametrize("name", packaged_rule_names())
@settings(max_examples=300, deadline=None)
@given(document=_decks | _edited_examples)
def test_every_verdict_is_the_one_jsonschema_gives(name, document):
    """The quick path changes no verdict: the same findings as with jsonschema alone."""
    deck = resolve_deck(parse_deck(tomli_w.dumps(document).encode(), "deck.toml"), default_catalog())
    profile = deck_profile(deck)
    rule_set = builtin_rule_set(name)
    quick = rule_set.judge(profile, deck.line_of, hints_for(deck))
    with mock.patch.object(rules, "certainly_valid", lambda *_args, **_kwargs: False):
        slow = rule_set.judge(profile, deck.line_of, hints_for(deck))
    assert quick == slow


def test_legal_example_decks_take_the_quick_path():
    for path in sorted(DECKS.glob("*.toml")):
        deck = resolve_deck(load_deck(path), default_catalog())
        assert certainly_valid(packaged_schema("rules/standard"), deck_profile(deck), known=_builtin_schemas())


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
