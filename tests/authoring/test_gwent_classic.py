"""``deckcli import`` reads gwent-classic deck files (JSON), mapping each id to the catalog (issue 11, item 3)."""

from __future__ import annotations

import json
import tomllib

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.cli_runs import deckcli_env, run_cli
from helpers.depth import examples
from deckcli.cli.main import cli


def import_json(tmp_path, document, *args: str, exit_code: int = 0, indent: int | None = None):
    source = tmp_path / "GwentDeck.json"
    source.write_text(json.dumps(document, indent=indent), encoding="utf-8")
    result = run_cli(["import", source, "-o", "-", *args], exit_code=exit_code)
    return result, (tomllib.loads(result.stdout) if result.stdout.strip() else None)


def test_string_ids_of_the_v3_and_v4_remakes(tmp_path):
    document = {"title": "Spies", "faction": "realms", "leader": "nr_foltest_lord",
                "cards": [["nr_dijkstra", 1], ["spe_decoy", 2], ["nr_blue_stripes_1", 1], ["nr_blue_stripes_2", 1]]}
    _result, deck = import_json(tmp_path, document)
    assert deck["name"] == "Spies" and deck["faction"] == "Northern Realms"
    assert deck["leader"] == "Foltest: Lord Commander of the North"
    assert deck["cards"] == {"Sigismund Dijkstra": 1, "Decoy": 2, "Blue Stripes Commando": 2}


def test_positions_of_the_original_remake(tmp_path):
    _result, deck = import_json(tmp_path, {"faction": "realms", "leader": 24, "cards": [[28, 3], [1, 3]]})
    assert deck["leader"] == "Foltest: The Siegemaster"
    assert deck["cards"] == {"Blue Stripes Commando": 3, "Decoy": 3}


def test_positions_of_the_fork_with_a_second_ballista_are_told_apart(tmp_path):
    # Position 93 is a Monsters Leader in the original list, a Nilfgaard unit in LeonardJouve's fork.
    result, deck = import_json(tmp_path, {"faction": "nilfgaard", "leader": 57, "cards": [[93, 1]]})
    assert deck["leader"] == "Emhyr var Emreis: His Imperial Majesty"
    assert deck["cards"] == {"Zerrikanian Fire Scorpion": 1}
    assert "LeonardJouve" in result.stderr


def test_an_id_the_physical_edition_lacks_is_a_problem_line_never_dropped(tmp_path):
    document = {"faction": "realms", "leader": "nr_foltest_lord",
                "cards": [["nr_dijkstra", 1], ["nr_queen_adalia", 1], ["sk_hjalmar", 1], [999, 1], ["spe_decoy"]]}
    result, deck = import_json(tmp_path, document, exit_code=1, indent=1)
    assert deck is None
    where = str(tmp_path / "GwentDeck.json")
    lines = result.stderr.splitlines()
    text = (tmp_path / "GwentDeck.json").read_text("utf-8")
    adalia = text[: text.index("nr_queen_adalia")].count("\n") + 1
    assert adalia > 5
    assert any(line.startswith(f"{where}:{adalia}: unknown-id:") and "nr_queen_adalia" in line for line in lines), lines
    assert any("sk_hjalmar" in line and "depending on the version" in line for line in lines), lines
    assert any("position 999" in line for line in lines), lines
    assert any("not [ID, COPIES]" in line for line in lines), lines


def test_a_faction_the_physical_edition_lacks_is_a_problem(tmp_path):
    result, _deck = import_json(tmp_path, {"faction": "toussaint", "leader": "nr_foltest_lord", "cards": []},
                                "--partial", exit_code=1)
    assert '"toussaint" has no set in the physical edition' in result.stderr


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["nr_dijkstra", "spe_decoy", "realms", "skellige", "sk_hjalmar"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=examples(150), deadline=None)
@given(faction=JSON, leader=JSON, cards=st.lists(JSON, max_size=8), title=JSON)
def test_no_gwent_classic_file_crashes_import(faction, leader, cards, title):
    text = json.dumps({"faction": faction, "leader": leader, "cards": cards, "title": title})
    result = CliRunner().invoke(cli, ["import", "-", "-o", "-", "--partial"], input=text, env=deckcli_env())
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2)
    if result.exit_code == 2:
        assert result.stderr.strip()


def test_a_gwent_classic_file_cut_short_is_said_to_be_broken_json(tmp_path):
    path = tmp_path / "trunc.json"
    path.write_text('{"faction": "realms",\n "cards": [["nr_dijkstra", 1],\n', "utf-8")
    result = run_cli(["import", path, "-o", tmp_path / "out.toml"], exit_code=2)
    assert result.stderr.startswith(f"{path}:") and "is not valid JSON" in result.stderr
    assert not (tmp_path / "out.toml").exists()


@pytest.mark.parametrize(
    ("text", "shape"),
    [('{"faction": "realms", "cards": {"a": 1}}', "JSON without a cards list"), ("[]", "a JSON list"),
     ('[["x", 1]]', "a JSON list")],
)
def test_json_of_another_shape_is_not_read_as_a_card_list(tmp_path, text, shape):
    listing = tmp_path / "deck.json"
    listing.write_text(text, "utf-8")
    said = run_cli(["import", listing, "-o", "-"], exit_code=2).stderr
    assert said.startswith(f"{listing}: is {shape}, not a gwent-classic deck file") and len(said.splitlines()) == 1


def test_problems_are_named_by_their_place_in_the_json_and_counted_as_entries(tmp_path):
    document = {"faction": "realms", "leader": "sk_bran", "cards": [["nr_dijkstra", 1], ["nr_queen_adalia", 1], [28, 99]]}
    result, deck = import_json(tmp_path, document, exit_code=1)  # minified: one line
    where = str(tmp_path / "GwentDeck.json")
    lines = result.stderr.splitlines()
    assert f'{where}: unknown-id: leader: gwent-classic card id "sk_bran"' in lines[0]
    assert any(line.startswith(f"{where}: unknown-id: cards[1]: ") for line in lines), lines
    assert any(line.startswith(f"{where}: bad-line: cards[2]: 99 copies of Blue Stripes Commando") for line in lines)
    assert not any(line.startswith(f"{where}:1:") for line in lines)  # line 1 of a one-line file tells nothing
    assert lines[-1] == f"{where}: 3 entries not used; nothing written (fix them, or use --partial to write the rest)"


def test_the_faction_comes_from_the_files_faction_key(tmp_path):
    source = tmp_path / "GwentDeck.json"
    source.write_text(json.dumps({"faction": "realms", "leader": 24, "cards": [[28, 3]]}), encoding="utf-8")
    said = run_cli(["import", source, "-o", tmp_path / "deck.toml"]).stdout
    assert '(from the file\'s "faction")' in said and "Faction: line" not in said
