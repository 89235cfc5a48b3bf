"""--rules FILE: a player's own rule set, a JSON Schema over the deck profile, with local $ref only."""

from __future__ import annotations

import json
import socket

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import REPO, DECKS
from helpers.example_decks import copy_example, count_kind, line_of, unit_strength

LEAGUE = REPO / "schemas" / "league-house-rules.schema.json"
STARTER = DECKS / "monsters-starter.toml"
HERO_CAP = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "allOf": [{"$ref": "urn:deckcli:rules:standard"}],
    "properties": {
        "heroes": {"maximum": 3, "x-code": "hero-cap", "x-message": "{value} Heroes; the league allows {limit}"}
    },
}


@pytest.fixture
def no_network(monkeypatch):
    """Every way to open a connection raises, and is recorded."""
    attempts: list[tuple] = []

    def refuse(*args, **kwargs):
        attempts.append(args)
        raise OSError("a test tried to use the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    return attempts


def write_schema(folder, document, name="house.schema.json"):
    path = folder / name
    path.write_text(json.dumps(document) if not isinstance(document, str) else document, encoding="utf-8")
    return path


def test_a_hero_cap_fails_a_deck_over_it(tmp_path):
    deck = copy_example(tmp_path, "northern-realms-starter", "four.toml")
    heroes = count_kind(deck, "hero")
    assert heroes == 4
    rules = write_schema(tmp_path, HERO_CAP)
    result = run_cli(["validate", deck, "--rules", rules], exit_code=1)
    assert result.stdout.splitlines()[0] == f"{deck}: hero-cap: {heroes} Heroes; the league allows 3"


def test_a_house_rule_builds_on_a_sibling_file_without_schema_keyword_and_on_advanced(tmp_path):
    (tmp_path / "rules").mkdir()
    write_schema(tmp_path / "rules", {"properties": {"unit_strength": {"maximum": 100, "x-code": "cap-100"}}}, "cap.schema.json")
    rules = write_schema(
        tmp_path / "rules",
        {"allOf": [{"$ref": "urn:deckcli:rules:advanced"}, {"$ref": "cap.schema.json"}]},
    )
    light = copy_example(tmp_path, "monsters-advanced", "light.toml")
    heavy = copy_example(tmp_path, "skellige-advanced", "heavy.toml", add={"Geralt of Rivia": 1})
    assert unit_strength(light) <= 100 < unit_strength(heavy) <= 130
    run_cli(["validate", light, "--rules", rules])
    result = run_cli(["validate", heavy, "--rules", rules], exit_code=1)
    assert [line.split(": ")[1] for line in result.stdout.splitlines()[:-1]] == ["cap-100"]
    # advanced is in force through the urn: too many Specials breaks it.
    specials = copy_example(tmp_path, "monsters-advanced", "specials.toml", add={"Decoy": 1})
    assert "specials-max" in run_cli(["validate", specials, "--rules", rules], exit_code=1).stdout


def test_the_league_example_bans_scorch_and_caps_heroes_and_strength(tmp_path):
    deck = DECKS / "northern-realms-starter.toml"
    result = run_cli(["validate", deck, "--rules", LEAGUE], exit_code=1)
    lines = result.stdout.splitlines()
    assert f"{deck}:{line_of(deck, 'Scorch')}: league-banned: Scorch is banned in the league: remove it" in lines
    assert f"{deck}: league-heroes: {count_kind(deck, 'hero')} Heroes; the league allows at most 3: remove 1" in lines
    strength = unit_strength(deck)
    assert f"{deck}: league-strength: {strength} combined unit Strength; the league allows at most 120: {strength - 120} too many" in lines
    legal = copy_example(tmp_path, "northern-realms-advanced", "league.toml", drop=("Scorch",))
    run_cli(["validate", legal, "--rules", LEAGUE])


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ({"properties": {"heroes": {"maximum": "three"}}}, "not a valid JSON Schema"),
        ({"type": "deck"}, "not a valid JSON Schema"),
        ([{"heroes": 3}], "must be a JSON Schema object"),
        ('{"properties": {"heroes": {"maximum": 3}}', "not valid JSON"),
    ],
)
def test_a_file_that_is_not_a_json_schema_is_refused(tmp_path, document, expected):
    rules = write_schema(tmp_path, document)
    result = run_cli(["validate", DECKS / "skellige-starter.toml", "--rules", rules], exit_code=2)
    assert result.stdout == ""
    assert result.stderr.startswith(f"{rules}")
    assert expected in result.stderr


@pytest.mark.parametrize("url", ["http://example.com/league.schema.json", "https://example.com/league.schema.json#/$defs/x"])
def test_a_reference_to_the_network_is_refused_without_fetching(tmp_path, no_network, url):
    rules = write_schema(tmp_path, {"allOf": [{"$ref": url}]})
    result = run_cli(["validate", DECKS / "skellige-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}")
    assert "never fetches schemas over the network" in result.stderr
    assert no_network == []


def test_a_network_reference_inside_a_referenced_file_is_refused_too(tmp_path, no_network):
    inner = write_schema(tmp_path, {"$ref": "http://example.com/base.json"}, "inner.schema.json")
    rules = write_schema(tmp_path, {"$ref": "inner.schema.json"})
    result = run_cli(["validate", DECKS / "skellige-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{inner}: ")
    assert "never fetches schemas over the network" in result.stderr
    assert no_network == []


def test_a_reference_to_a_missing_file_or_unknown_builtin_is_refused(tmp_path):
    rules = write_schema(tmp_path, {"$ref": "base.schema.json"})
    result = run_cli(["validate", DECKS / "skellige-starter.toml", "--rules", rules], exit_code=2)
    assert str(rules) in result.stderr and str(tmp_path / "base.schema.json") in result.stderr
    rules = write_schema(tmp_path, {"$ref": "urn:deckcli:rules:tournament"})
    result = run_cli(["validate", DECKS / "skellige-starter.toml", "--rules", rules], exit_code=2)
    assert "no such built-in rule set" in result.stderr


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ({"maximum": 1, "x-message": "{nope} here"}, "x-message '{nope} here': {nope} is not a field a message can use"),
        ({"maximum": 1, "x-message": "{} Heroes"}, "{} is not a field a message can use"),
        ({"maximum": 1, "x-code": 5}, "x-code must be text, not 5"),
        ({"maximum": 1, "x-message": ["a"]}, 'x-message must be text, not ["a"]'),
        ({"maximum": 1, "x-each": "yes"}, 'x-each must be true or false, not "yes"'),
        ({"maximum": 1, "x-section": "main"}, 'x-section "main": choose leader, cards, side'),
    ],
)
def test_a_misused_deckcli_keyword_is_refused_when_the_rules_are_loaded(tmp_path, rule, expected):
    rules = write_schema(tmp_path, {"properties": {"heroes": rule}})
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stdout == ""
    assert result.stderr.startswith(f"{rules}:1: ")
    assert expected in result.stderr


def test_every_field_a_message_may_name_is_accepted(tmp_path):
    rules = write_schema(tmp_path, {
        "properties": {
            "heroes": {"maximum": 1, "x-message": "{value} of {limit}: {over} over, {short} short, {faction_name}"},
            "over_copies": {"maxItems": 0, "x-each": True, "x-message": "{card}: {copies} of {limit}"},
        }
    })
    deck = copy_example(tmp_path, "northern-realms-starter", "deck.toml")
    result = run_cli(["validate", deck, "--rules", rules], exit_code=1)
    assert f"{deck}: heroes-maximum: 4 of 1: 3 over, 0 short, Northern Realms" in result.stdout


@pytest.mark.parametrize(("judges", "expected"), [("lineup", "judges a lineup of decks, not one deck"), ("banana", "judges one deck")])
def test_a_rule_set_that_does_not_judge_one_deck_is_refused(tmp_path, judges, expected):
    rules = write_schema(tmp_path, {"x-judges": judges, "x-summary": "{deck_count} decks"})
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:") and expected in result.stderr


def test_the_builtin_tournament_schema_given_as_a_file_is_refused():
    tournament = REPO / "schemas" / "rules" / "tournament.schema.json"
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", tournament], exit_code=2)
    assert "judges a lineup of decks" in result.stderr


def test_a_rule_without_a_message_says_which_condition_without_printing_the_profile(tmp_path):
    rules = write_schema(tmp_path, {"not": {}, "properties": {"hero_names": {"maxItems": 2}}})
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=1)
    lines = result.stdout.splitlines()
    assert lines[0].endswith("not: deck: breaks the rule set's condition not {} (at not)")
    assert lines[1].endswith("hero_names: breaks the rule set's condition maxItems 2 (at properties/hero_names/maxItems)")
    assert "Foltest" not in result.stdout, "the profile is not printed"


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        ({"$ref": "#/$defs/nope"}, "$ref '#/$defs/nope': nothing at #/$defs/nope"),
        ({"properties": {"heroes": {"$ref": "#/$defs/nope"}}}, "$ref '#/$defs/nope': nothing at #/$defs/nope"),
        ({"$defs": {"unused": {"$ref": "#/$defs/nope"}}}, "$ref '#/$defs/nope': nothing at #/$defs/nope"),
        ({"$ref": "other.json#/$defs/nope"}, "$ref 'other.json#/$defs/nope': nothing at #/$defs/nope in other.json"),
    ],
)
def test_a_dangling_pointer_is_refused_when_the_rules_load(tmp_path, schema, reason):
    write_schema(tmp_path, {"$defs": {"yes": {"type": "object"}}}, "other.json")
    rules = write_schema(tmp_path, schema)
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.strip() == f"{rules}: {reason}"


def test_a_dynamic_reference_to_the_network_is_named_as_such(tmp_path, no_network):
    rules = write_schema(tmp_path, {"$dynamicRef": "http://example.com/x.json"})
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}: $dynamicRef 'http://example.com/x.json' points to")
    assert no_network == []


def _judge(tmp_path, schema, deck_name="northern-realms-starter", exit_code=1):
    rules = write_schema(tmp_path, schema)
    deck = copy_example(tmp_path, deck_name, "deck.toml")
    result = run_cli(["validate", deck, "--rules", rules, "--format", "json"], exit_code=exit_code)
    return json.loads(result.stdout)["decks"][0]["violations"]


def test_an_each_rule_broken_by_too_few_items_is_still_a_violation(tmp_path):
    # The Northern Realms starter holds 4 kinds of Weather Card: at least 5 kinds is broken with no item to blame.
    violations = _judge(tmp_path, {"properties": {"weather_names": {
        "minItems": 5, "x-each": True, "x-code": "need-weather", "x-message": "{card}: need weather"}}})
    assert [v["code"] for v in violations] == ["need-weather"]
    assert violations[0]["message"] == (
        "weather_names: breaks the rule set's condition minItems 5 (at properties/weather_names/minItems)"
    )
    assert "card" not in violations[0]


def test_not_contains_blames_the_deck_not_every_hero(tmp_path):
    violations = _judge(tmp_path, {"properties": {"hero_names": {
        "not": {"contains": {"const": "Vernon Roche"}}, "x-each": True, "x-code": "no-roche",
        "x-message": "Vernon Roche is banned; the deck has {value}"}}})
    (violation,) = violations
    assert violation["message"].startswith("Vernon Roche is banned; the deck has ")
    assert "card" not in violation


def test_every_banned_card_is_its_own_finding_without_x_each_or_x_message(tmp_path):
    violations = _judge(tmp_path, {"properties": {"cards": {"propertyNames": {"not": {"enum": ["Scorch", "Decoy"]}}}}})
    assert sorted((v["code"], v["card"]) for v in violations) == [("cards-not", "Decoy"), ("cards-not", "Scorch")]
    assert all(isinstance(v["line"], int) for v in violations)


def test_codes_without_x_code_are_the_field_and_condition(tmp_path):
    violations = _judge(tmp_path, {"properties": {
        "hero_names": {"items": {"not": {"const": "Vernon Roche"}}},
        "cards": {"additionalProperties": {"maximum": 2}},
    }})
    codes = {v["code"] for v in violations}
    assert codes == {"hero_names-not", "cards-maximum"}
    roche = next(v for v in violations if v["code"] == "hero_names-not")
    assert roche["card"] == "Vernon Roche"


def test_list_values_and_bounds_read_as_words(tmp_path):
    violations = _judge(tmp_path, {"properties": {
        "hero_names": {"maxItems": 2, "x-message": "{value}: remove {over}"},
        "faction": {"enum": ["monsters", "skellige"], "x-message": "{value} is not {limit}"},
    }})
    messages = sorted(v["message"] for v in violations)
    assert messages[1] == "northern-realms is not monsters or skellige"
    assert messages[0].endswith(": remove 2") and "[" not in messages[0] and " and " in messages[0]


@pytest.mark.parametrize("template", ["{value.__class__}", "{value[0]}", "{cards}", "{over_copies}", "{units:unit}"])
def test_a_template_that_could_not_be_filled_is_refused_at_load(tmp_path, template):
    rules = write_schema(tmp_path, {"properties": {"heroes": {"maximum": 1, "x-message": template}}})
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:1: x-message")


def test_a_rules_file_is_read_like_a_deck_file_at_most_1_mib(tmp_path):
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", "/dev/zero"], exit_code=2)
    assert result.stderr.strip() == "/dev/zero: is larger than 1 MiB: not a schema file"


def test_nan_is_not_json(tmp_path):
    rules = write_schema(tmp_path, '{"properties": {"heroes": {"maximum": NaN}}}')
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.strip() == f"{rules}: not valid JSON: NaN is not a JSON number"


def test_a_reference_to_a_folder_is_named_a_folder(tmp_path):
    rules = write_schema(tmp_path, {"$ref": "."})
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.strip() == f"{rules}: $ref '.': {tmp_path} is a folder, not a schema file"


@pytest.mark.parametrize("league_first", [True, False])
@pytest.mark.parametrize(
    ("bound", "message"),
    [
        ({"maximum": 3}, "8 Special Cards; the league allows {limit}: remove {over}|8 Special Cards; the league allows 3: remove 5"),
        ({"exclusiveMaximum": 4}, "8 Special Cards; fewer than {limit}: remove {over}|8 Special Cards; fewer than 4: remove 5"),
    ],
)
def test_a_league_limit_sharing_a_code_keeps_the_stricter_bound(tmp_path, league_first, bound, message):
    template, expected = message.split("|")
    league = {"properties": {"specials": {**bound, "x-code": "specials-max", "x-message": template}}}
    advanced = {"allOf": [{"$ref": "urn:deckcli:rules:advanced"}]}
    schema = {**league, **advanced} if league_first else {**advanced, **league}
    violations = _judge(tmp_path, schema)  # the Northern Realms starter holds 8 Special Cards
    (specials,) = [v for v in violations if v["code"] == "specials-max"]
    assert specials["message"] == expected


def test_two_different_conditions_under_one_code_are_both_reported(tmp_path):
    violations = _judge(tmp_path, {"properties": {"heroes": {"maximum": 2, "multipleOf": 3, "x-code": "h"}}})
    assert sorted(v["message"] for v in violations if v["code"] == "h") == [
        "heroes: 4 is greater than the maximum of 2",
        "heroes: 4 is not a multiple of 3",
    ]


def test_a_name_typed_on_several_lines_is_reported_on_each(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('faction = "Monsters"\nleader = "Zzzz"\n[cards]\n"Zzzz" = 1\n[side]\n"Zzzz" = 1\n', encoding="utf-8")
    result = run_cli(["validate", deck, "--format", "json"], exit_code=1)
    unknown = [v for v in json.loads(result.stdout)["decks"][0]["violations"] if v["code"] == "unknown-card"]
    assert [v["line"] for v in unknown] == [2, 4, 6]


@pytest.mark.parametrize(
    ("document", "reason"),
    [
        ('{"properties": {"heroes": {"maximum": 1, "x-message": "{value!z}"}}}', "!z is not a conversion"),
        ('{"properties": {"heroes": {"maximum": 1e400}}}', "1e400 is too large for a number"),
    ],
)
def test_a_bad_conversion_or_an_infinite_number_is_refused(tmp_path, document, reason):
    rules = write_schema(tmp_path, document)
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:") and reason in result.stderr


def test_a_count_format_on_text_falls_back_to_the_plain_message(tmp_path):
    violations = _judge(tmp_path, {"properties": {"faction": {"const": "skellige", "x-message": "{faction_name:a|b}"}}})
    assert violations[0]["message"].startswith("faction: ")


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"properties": {"heros": {"maximum": 3}}}, 'properties/heros: the profile has no field "heros"'),
        ({"allOf": [{"properties": {"unit_strenght": {"maximum": 3}}}]}, "did you mean unit_strength?"),
        ({"properties": {"heroes": {"maximum": 3, "x-mesage": "{value}"}}}, '"x-mesage" is not a deckcli keyword'),
    ],
)
def test_a_rule_deckcli_would_never_judge_or_word_is_refused_when_the_rules_load(tmp_path, schema, expected):
    rules = write_schema(tmp_path, json.dumps(schema, indent=2))
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:") and expected in result.stderr


@pytest.mark.parametrize(
    ("schema", "line"),
    [
        ('{\n  "properties": {\n    "heros": {"maximum": 3}\n  }\n}\n', 3),
        ('{\n  "allOf": [\n    {"properties": {}},\n    {"properties": {\n      "unit_strenght": {}}}\n  ]\n}\n', 5),
        ('{\n  "properties": {\n    "units": {\n      "minimum": "ten"\n    }\n  }\n}\n', 4),
    ],
)
def test_a_refused_rule_is_placed_on_its_line(tmp_path, schema, line):
    rules = write_schema(tmp_path, schema)
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:{line}: ")


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        ({"$ref": "#"}, "its $ref goes round in a circle"),
        ({"$ref": "self.schema.json"}, "its $ref goes round in a circle"),
        (True, "a rule set must be a JSON Schema object"),
        ({"$schema": "http://json-schema.org/draft-04/schema#"}, "deckcli judges with draft 2020-12"),
        ({"properties": {"heroes": {"maximum": 3, "x-message": "{value"}}}, "is not a message template"),
    ],
)
def test_house_rules_that_cannot_work(tmp_path, schema, reason):
    rules = tmp_path / "self.schema.json"
    rules.write_text(json.dumps(schema), encoding="utf-8")
    result = run_cli(["validate", "--rules", rules, STARTER], exit_code=2)
    assert reason in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_schema_nested_too_deeply(tmp_path):
    rules = tmp_path / "deep.schema.json"
    rules.write_text('{"not":' * 3000 + "{}" + "}" * 3000, encoding="utf-8")
    result = run_cli(["validate", "--rules", rules, STARTER], exit_code=2)
    assert result.stderr.strip().startswith(f"{rules}:1:") and "nested more than 32 levels deep" in result.stderr


def test_a_deck_given_as_the_rule_set_is_said_to_be_one(tmp_path):
    deck = DECKS / "monsters-starter.toml"
    said = run_cli(["validate", "--rules", deck, "advanced"], exit_code=2).stderr
    assert said.startswith(f"{deck}: is a TOML file, not a rule set: --rules takes standard, advanced, solo")


@pytest.mark.parametrize("key", ["x-message", "x-summary", "x-short"])
def test_a_control_character_in_a_rule_s_text_is_refused_when_the_rules_load(tmp_path, key):
    node = {"properties": {"units": {"maximum": 1, "x-message": "too many"}}}
    target = node if key == "x-summary" else node["properties"]["units"]
    target[key] = "\u001b]0;pwned\u0007 {units}" if key != "x-short" else "\u202eshort"
    rules = write_schema(tmp_path, node)
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:1: {key} ") and "holds a control or format character" in result.stderr
    assert not any(c in result.output for c in "\x1b\x07\u202e")


def test_a_key_given_twice_in_a_rule_file_is_refused_on_its_line(tmp_path):
    rules = write_schema(tmp_path, '{\n  "properties": {\n    "heroes": {"maximum": 2},\n    "heroes": {"minimum": 0}\n  }\n}\n')
    result = run_cli(["validate", DECKS / "skellige-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f'{rules}:4: the key "heroes" is given twice in one object')


def test_a_count_with_three_nouns_is_refused(tmp_path):
    rules = write_schema(tmp_path, {"properties": {"heroes": {"maximum": 1, "x-message": "{heroes:x|y|z}"}}})
    result = run_cli(["validate", DECKS / "skellige-starter.toml", "--rules", rules], exit_code=2)
    assert "{heroes:x|y|z} has more than two nouns; write {field:singular|plural}" in result.stderr


def test_a_template_deckcli_cannot_fill_is_placed_on_its_line(tmp_path):
    rules = write_schema(tmp_path, '{\n  "properties": {\n    "units": {\n      "maximum": 1,\n      "x-message": "too many {nope}"\n    }\n  }\n}\n')
    result = run_cli(["validate", DECKS / "northern-realms-starter.toml", "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:5: x-message 'too many {{nope}}': {{nope}} is not a field")


# --- card names in a player's spelling (issue 22, item 8) -------------------------------------------

NR_STARTER = DECKS / "northern-realms-starter.toml"


def _banning(names: list[str]) -> dict:
    return {"allOf": [{"$ref": "urn:deckcli:rules:standard"}],
            "properties": {"cards": {"propertyNames": {"not": {"enum": names}, "x-each": True, "x-code": "banned",
                                                       "x-message": "{card} is banned"}}}}


@pytest.mark.parametrize("written", ["scorch", "SCORCH", "  Scorch "])
def test_a_ban_in_any_case_bans_the_card(tmp_path, written):
    result = run_cli(["validate", NR_STARTER, "--rules", write_schema(tmp_path, _banning([written]))], exit_code=1)
    assert f"{NR_STARTER}:{line_of(NR_STARTER, 'Scorch')}: banned: Scorch is banned" in result.stdout


def test_a_ban_with_a_curly_apostrophe_bans_the_card(tmp_path):
    result = run_cli(["validate", NR_STARTER, "--rules", write_schema(tmp_path, _banning(["Commander’s Horn"]))],
                     exit_code=1)
    assert "banned: Commander's Horn is banned" in result.stdout


@pytest.mark.parametrize(
    ("rule", "legal"),
    [
        ({"cards": {"required": ["biting frost"]}}, True),
        ({"cards": {"properties": {"scorch": {"maximum": 0}}}}, False),
        ({"hero_names": {"contains": {"const": "vernon roche"}}}, True),
        ({"leader": {"enum": ["foltest: the siegemaster", "Foltest: King of Temeria"]}}, True),
        ({"cards": {"dependentRequired": {"scorch": ["mardroeme"]}}}, False),
    ],
    ids=["required", "properties", "contains", "leader-enum", "dependentRequired"],
)
def test_names_are_matched_wherever_the_profile_holds_card_names(tmp_path, rule, legal):
    rules = write_schema(tmp_path, {"allOf": [{"$ref": "urn:deckcli:rules:standard"}], "properties": rule})
    run_cli(["validate", NR_STARTER, "--rules", rules], exit_code=0 if legal else 1)


def test_a_ban_the_deck_breaks_is_found_through_not_and_anyof(tmp_path):
    rule = {"anyOf": [{"properties": {"hero_names": {"not": {"contains": {"const": "vernon roche"}}}}}]}
    rules = write_schema(tmp_path, {"allOf": [{"$ref": "urn:deckcli:rules:standard"}, rule]})
    assert "not legal" in run_cli(["validate", NR_STARTER, "--rules", rules], exit_code=1).stdout


@pytest.mark.parametrize(
    ("names", "said"),
    [(["Scorchh"], '"Scorchh" is not a card of any faction set; did you mean Scorch?'),
     (["Foltest"], '"Foltest" may mean Foltest: King of Temeria')],
)
def test_a_name_that_is_no_card_is_refused_at_load_with_its_line(tmp_path, names, said):
    rules = tmp_path / "house.schema.json"
    rules.write_text(json.dumps(_banning(names), indent=2), encoding="utf-8")
    line = rules.read_text("utf-8").splitlines().index(f'            "{names[0]}"') + 1
    result = run_cli(["validate", NR_STARTER, "--rules", rules], exit_code=2)
    assert result.stderr.startswith(f"{rules}:{line}: properties/cards/propertyNames/not/enum: {said}")


def test_two_keys_naming_one_card_are_refused(tmp_path):
    rules = write_schema(tmp_path, {"properties": {"cards": {"properties": {"Scorch": {"maximum": 1},
                                                                            "scorch": {"maximum": 2}}}}})
    said = run_cli(["validate", NR_STARTER, "--rules", rules], exit_code=2).stderr
    assert 'properties/cards/properties: "scorch" names Scorch a second time: merge the two' in said


def test_a_rule_set_without_the_standard_rules_still_reports_names_that_are_no_card(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('faction = "Monsters"\n[cards]\n"Ghoull" = 2\n"Vampire" = 1\n"Ghoul" = 1\n', encoding="utf-8")
    rules = write_schema(tmp_path, {"properties": {"heroes": {"maximum": 9}}})
    out = run_cli(["validate", deck, "--rules", rules], exit_code=1).stdout
    assert f'{deck}:3: unknown-card: "Ghoull" is not a card of any faction set; did you mean Ghoul?' in out
    assert f'{deck}:4: ambiguous-card: "Vampire" may mean' in out
    standard = run_cli(["validate", deck, "--format", "json"], exit_code=1).stdout
    assert json.loads(standard)["decks"][0]["violations"].count(
        next(v for v in json.loads(standard)["decks"][0]["violations"] if v["code"] == "unknown-card")) == 1
