"""deckcli schema: a deck-file JSON Schema naming one faction's cards, for editor completion."""

from __future__ import annotations

import json
import tomllib

import jsonschema
import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS

SLUGS = ["monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige"]


def written_schema(tmp_path, faction: str) -> dict:
    out = tmp_path / f"{faction}.schema.json"
    result = run_cli(["schema", "--faction", faction, "-o", out])
    assert result.stdout.strip().endswith(f"#:schema {out.as_uri()}"), "an absolute -o is named by its file: URI"
    return json.loads(out.read_text("utf-8"))


def test_a_schema_beside_the_deck_is_named_relative(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_cli(["schema", "--faction", "skellige", "-o", "skellige.schema.json"])
    assert result.stdout.strip().endswith("#:schema ./skellige.schema.json")


@pytest.mark.parametrize("slug", SLUGS)
def test_schema_validates_the_faction_decks_and_rejects_a_misspelt_card(tmp_path, slug):
    schema = written_schema(tmp_path, slug)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for kind in ("starter", "advanced"):
        deck = tomllib.loads((DECKS / f"{slug}-{kind}.toml").read_text("utf-8"))
        assert list(validator.iter_errors(deck)) == []
    deck = tomllib.loads((DECKS / f"{slug}-starter.toml").read_text("utf-8"))
    deck["cards"]["Decoyy"] = 1
    errors = list(validator.iter_errors(deck))
    assert len(errors) == 1 and "Decoyy" in errors[0].message


@pytest.mark.parametrize("draft", [jsonschema.Draft4Validator, jsonschema.Draft7Validator])
def test_editors_on_older_drafts_read_it_the_same(tmp_path, draft):
    schema = written_schema(tmp_path, "monsters")
    assert "$ref" not in json.dumps(schema)
    validator = draft(schema)
    deck = tomllib.loads((DECKS / "monsters-starter.toml").read_text("utf-8"))
    assert validator.is_valid(deck)
    assert not validator.is_valid({**deck, "cards": {**deck["cards"], "Arachass": 1}})


def test_names_are_the_faction_set(tmp_path):
    schema = written_schema(tmp_path, "Northern Realms")
    cards = schema["properties"]["cards"]["properties"]
    assert "Síle de Tansarville" in cards and "Geralt of Rivia" in cards
    assert "Arachas" not in cards  # a Monsters card
    assert "Bovine Defense Force" not in cards  # side deck only
    assert "Bovine Defense Force" in schema["properties"]["side"]["properties"]
    assert cards["Blue Stripes Commando"]["maximum"] == 3
    leaders = schema["properties"]["leader"]["enum"]
    assert sorted(leaders) == ["Foltest: King of Temeria", "Foltest: Lord Commander of the North",
                               "Foltest: Son of Medell", "Foltest: The Siegemaster", "Foltest: The Steel-Forged"]
    assert "Síle de Tansarville" in (tmp_path / "Northern Realms.schema.json").read_text("utf-8")


def test_off_faction_leader_and_too_many_copies_are_flagged(tmp_path):
    validator = jsonschema.Draft202012Validator(written_schema(tmp_path, "skellige"))
    deck = tomllib.loads((DECKS / "skellige-starter.toml").read_text("utf-8"))
    assert not validator.is_valid({**deck, "leader": "Foltest: The Siegemaster"})
    assert not validator.is_valid({**deck, "cards": {**deck["cards"], "Decoy": 4}})
    assert not validator.is_valid({**deck, "faction": "Monsters"})
    assert not validator.is_valid({**deck, "leader": ["King Bran"]}), "exactly one Leader, as a name"
    assert not validator.is_valid({**deck, "leader": ["King Bran", "Crach an Craite"]})
    faction_rule = validator.schema["properties"]["faction"]
    assert faction_rule["x-message"] == 'faction must be "Skellige": this schema lists the Skellige set'


def test_refuses_to_overwrite_without_force(tmp_path):
    out = tmp_path / "s.json"
    out.write_text("{}", encoding="utf-8")
    assert "already exists" in run_cli(["schema", "--faction", "skellige", "-o", out], exit_code=2).stderr
    assert out.read_text("utf-8") == "{}"
    run_cli(["schema", "--faction", "skellige", "-o", out, "--force"])
    assert json.loads(out.read_text("utf-8"))["$id"] == "urn:deckcli:deck:skellige"
