"""deckcli new: a skeleton or a starter deck, never overwriting without --force."""

from __future__ import annotations

import tomllib

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS


def test_skeleton_is_a_deck_that_validate_explains(tmp_path):
    out = tmp_path / "temeria.toml"
    result = run_cli(["new", "--faction", "northern realms", "-o", out])
    assert str(out) in result.stdout
    document = tomllib.loads(out.read_text("utf-8"))
    assert document == {"name": "My Northern Realms deck", "faction": "Northern Realms", "cards": {}, "side": {}}
    text = out.read_text("utf-8")
    assert text.startswith("# A Northern Realms deck") and "#   Foltest: The Siegemaster" in text
    checked = run_cli(["validate", out], exit_code=1)
    assert "leader-count" in checked.stdout and "units-min" in checked.stdout


def test_the_skeletons_guidance_stays_above_the_cards_once_fmt_sorts_them(tmp_path):
    out = tmp_path / "deck.toml"
    run_cli(["new", "--faction", "northern realms", "-o", out])
    typed = out.read_text("utf-8").replace("[cards]\n", '[cards]\n"Decoy" = 2\n"Vernon Roche" = 1\n', 1)
    out.write_text(typed, encoding="utf-8")
    run_cli(["fmt", out])
    lines = out.read_text("utf-8").splitlines()
    cards = lines.index("[cards]")
    assert lines[cards + 1 : cards + 3] == ['"Vernon Roche" = 1', '"Decoy" = 2']
    assert all(line.startswith("#") for line in lines[cards - 3 : cards]), "the guidance stays above [cards]"


def test_skeleton_with_leader_and_name(tmp_path):
    out = tmp_path / "wild-hunt.toml"
    run_cli(["new", "--faction", "monsters", "--leader", "eredin - bringer of death", "--name", "Wild Hunt", "-o", out])
    document = tomllib.loads(out.read_text("utf-8"))
    assert document["leader"] == "Eredin: Bringer of Death" and document["name"] == "Wild Hunt"
    assert document["faction"] == "Monsters"


def test_starter_copies_the_packaged_starter_deck(tmp_path):
    out = tmp_path / "skellige.toml"
    run_cli(["new", "--faction", "Skellige", "--starter", "-o", out])
    assert out.read_bytes() == (DECKS / "skellige-starter.toml").read_bytes()
    run_cli(["validate", out])


def test_starter_with_another_leader_keeps_everything_else(tmp_path):
    out = tmp_path / "nilfgaard.toml"
    run_cli(["new", "--faction", "nilfgaard", "--starter", "--leader", "Emhyr var Emreis: The White Flame", "-o", out])
    original = (DECKS / "nilfgaard-starter.toml").read_text("utf-8")
    written = out.read_text("utf-8")
    assert tomllib.loads(written)["leader"] == "Emhyr var Emreis: The White Flame"
    assert tomllib.loads(written)["cards"] == tomllib.loads(original)["cards"]
    assert written.splitlines()[0] == original.splitlines()[0]  # the comment stays


def test_refuses_to_overwrite_without_force(tmp_path):
    out = tmp_path / "mine.toml"
    out.write_text("# my precious deck\n", encoding="utf-8")
    result = run_cli(["new", "--faction", "skellige", "-o", out], exit_code=2)
    assert "already exists" in result.stderr and "--force" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert out.read_text("utf-8") == "# my precious deck\n"
    run_cli(["new", "--faction", "skellige", "--starter", "-o", out, "--force"])
    assert out.read_bytes() == (DECKS / "skellige-starter.toml").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]  # no temporary file left


def test_dash_writes_to_standard_output(tmp_path):
    result = run_cli(["new", "--faction", "scoiatael", "-o", "-"])
    assert tomllib.loads(result.stdout)["faction"] == "Scoia'tael"


@pytest.mark.parametrize("target", ["folder", "missing/deck.toml", "file.toml/deck.toml"])
def test_unwritable_places_are_one_line_errors(tmp_path, target):
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.toml").write_text("x = 1\n", encoding="utf-8")
    result = run_cli(["new", "--faction", "skellige", "-o", tmp_path / target], exit_code=2)
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert (tmp_path / "file.toml").read_text("utf-8") == "x = 1\n"


@pytest.mark.parametrize(
    ("leader", "said"),
    [
        ("Foltest", "may mean"),
        ("Foltest: The Siegemaster", "not in the Nilfgaard set"),
        ("Vreemde", "is a Unit Card, not a Leader"),
        ("Emhyr the Great", '"Emhyr the Great" is not a Nilfgaard Leader; the'),
        ("Crah", '"Crah" is not a Nilfgaard Leader; the'),  # once "did you mean Scorch?": only Leaders are suggested
        ("Emhyr var Emreis: The Whte Flame", "did you mean Emhyr var Emreis: The White Flame?"),
    ],
)
def test_bad_leader_exit_2_naming_the_faction_leaders(tmp_path, leader, said):
    out = tmp_path / "deck.toml"
    result = run_cli(["new", "--faction", "nilfgaard", "--leader", leader, "-o", out], exit_code=2)
    assert said in result.stderr and "Emhyr var Emreis: The White Flame" in result.stderr
    leaders = result.stderr.split("the Nilfgaard Leaders are ")[1]
    assert " and " in leaders and " or " not in leaders, "every Leader is listed, joined with and"
    assert not out.exists()


def test_faction_is_required_and_checked(tmp_path):
    run_cli(["new", "-o", tmp_path / "x.toml"], exit_code=2)
    assert "is not a faction" in run_cli(["new", "--faction", "Redania", "-o", tmp_path / "x.toml"], exit_code=2).stderr


def test_a_name_longer_than_a_deck_file_can_hold_is_refused(tmp_path):
    out = tmp_path / "long.toml"
    result = run_cli(["new", "--faction", "skellige", "--name", "x" * 20_000, "-o", out], exit_code=2)
    assert "a deck's name holds at most 1,000" in result.stderr and not out.exists()
