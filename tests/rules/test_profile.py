"""deckcli profile: the document every rule-set schema judges."""

from __future__ import annotations

import json

from helpers.cli_runs import run_cli
from helpers.repository import REPO, write_deck
from helpers.doc_pages import section

from deckcli.files.schemas import packaged_schema, strict_validator_class
from deckcli.rules.profile import profile_fields


def test_profile_prints_the_counts_a_schema_judges(tmp_path):
    deck = write_deck(
        tmp_path,
        {"Blue Stripes Commando": 3, "Geralt of Rivia": 1, "Dun Banner Medic": 1, "Biting Frost": 2, "Decoy": 1},
        side={"Hemdall": 1},
    )
    profile = json.loads(run_cli(["profile", deck]).stdout)["profile"]
    # By hand from the catalog: Blue Stripes Commando 4 Strength, Geralt 15 (Hero), Dun Banner Medic 5 (Medic).
    assert profile["faction"] == "northern-realms" and profile["faction_name"] == "Northern Realms"
    assert profile["leader"] == "Foltest: The Siegemaster" and profile["leaders"] == 1
    assert (profile["units"], profile["heroes"], profile["medics"], profile["spies"]) == (5, 1, 1, 0)
    assert (profile["specials"], profile["weather"]) == (3, 2)
    assert profile["unit_strength"] == 3 * 4 + 15 + 5
    assert profile["hero_names"] == ["Geralt of Rivia"]
    assert profile["weather_names"] == ["Biting Frost"]
    assert profile["cards"]["Blue Stripes Commando"] == 3
    assert profile["off_faction"] == ["Hemdall"]
    assert tuple(profile) == profile_fields(), "house-rule messages are checked against the profile schema's fields"
    assert not list(strict_validator_class()(packaged_schema("profile")).iter_errors(profile))


def test_profile_reads_standard_input_and_refuses_a_missing_file(tmp_path):
    text = write_deck(tmp_path, {"Decoy": 1}).read_text("utf-8")
    assert json.loads(run_cli(["profile", "-"], input=text).stdout)["profile"]["specials"] == 1
    result = run_cli(["profile", tmp_path / "nope.toml"], exit_code=2)
    assert result.stdout == "" and f"{tmp_path / 'nope.toml'}: no such file" in result.stderr


def test_every_example_deck_profile_fits_the_profile_schema():
    validator = strict_validator_class()(packaged_schema("profile"))
    for deck in sorted(REPO.joinpath("decks").glob("*-*.toml")):
        if "registration" not in deck.name:
            profile = json.loads(run_cli(["profile", deck]).stdout)["profile"]
            assert not [e.message for e in validator.iter_errors(profile)], deck


def test_the_documented_profile_table_is_the_profile_schema():
    """The table of docs/rules.md lists every profile field with its schema description, in order."""
    table = section((REPO / "docs" / "rules.md").read_text("utf-8"), "## The profile")
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    fields = packaged_schema("profile")["properties"]
    assert [row.split("`")[1] for row in rows] == list(fields)
    for row, (name, field) in zip(rows, fields.items()):
        assert row.startswith(f"| `{name}` | {field['description']}"), row
