"""Meta-tests of the shipped rule sets and of the issue-3 commands' help."""

from __future__ import annotations

import json

import jsonschema
import pytest

from helpers.cli_runs import run_cli
from helpers.repository import REPO

SCHEMAS = REPO / "schemas"


@pytest.mark.parametrize("path", sorted(SCHEMAS.rglob("*.schema.json")), ids=lambda p: p.name)
def test_every_shipped_schema_passes_its_metaschema(path):
    jsonschema.Draft202012Validator.check_schema(json.loads(path.read_text("utf-8")))


def _codes(node):
    if isinstance(node, dict):
        own = [node["x-code"]] if "x-code" in node else []
        return own + [code for value in node.values() for code in _codes(value)]
    if isinstance(node, list):
        return [code for item in node for code in _codes(item)]
    return []


def test_rule_sets_are_marked_as_judging_a_deck_or_a_lineup():
    judges = {p.name: json.loads(p.read_text("utf-8")).get("x-judges") for p in (SCHEMAS / "rules").glob("*.schema.json")}
    assert judges == {
        "standard.schema.json": "deck",
        "advanced.schema.json": "deck",
        "solo.schema.json": "deck",
        "tournament.schema.json": "lineup",
        "team.schema.json": "lineup",
    }


def test_codes_are_unique_within_each_schema_and_lineup_codes_are_stable():
    for path in (SCHEMAS / "rules").glob("*.schema.json"):
        codes = _codes(json.loads(path.read_text("utf-8")))
        assert len(codes) == len(set(codes)), path.name
    tournament = _codes(json.loads((SCHEMAS / "rules" / "tournament.schema.json").read_text("utf-8")))
    assert set(tournament) == {"deck-count", "deck-illegal", "same-faction", "shared-hero"}


@pytest.mark.parametrize("command", ["tournament", "team", "profile"])
def test_each_new_command_has_help_with_an_example(command):
    result = run_cli([command, "--help"])
    assert "Example:" in result.stdout
    assert f"deckcli {command} " in result.stdout


def _objects(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _objects(value)
    elif isinstance(node, list):
        for item in node:
            yield from _objects(item)


@pytest.mark.parametrize("path", sorted(SCHEMAS.glob("rules/*.schema.json")) + [SCHEMAS / "league-house-rules.schema.json"],
                         ids=lambda p: p.name)
def test_every_rule_schema_uses_deckcli_keywords_as_the_keyword_schema_describes_them(path):
    keywords = jsonschema.Draft202012Validator(json.loads((SCHEMAS / "rule-keywords.schema.json").read_text("utf-8")))
    for node in _objects(json.loads(path.read_text("utf-8"))):
        assert not [e.message for e in keywords.iter_errors(node)], node


def test_the_keyword_schema_describes_every_keyword():
    keywords = json.loads((SCHEMAS / "rule-keywords.schema.json").read_text("utf-8"))
    for name, keyword in keywords["properties"].items():
        assert name.startswith("x-") and keyword["description"] and keyword["x-message"]
