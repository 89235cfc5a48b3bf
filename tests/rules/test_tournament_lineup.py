"""deckcli tournament: a three-deck lineup (rulebook §15), from a registration or three deck files."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import run_cli
from helpers.depth import examples
from helpers.repository import DECKS
from helpers.example_decks import copy_example, unit_strength

REGISTRATION = DECKS / "tournament-registration.toml"


def write_registration(folder, decks, name="registration.toml"):
    path = folder / name
    path.write_text('player = "Alex"\ndecks = [' + ", ".join(f'"{d}"' for d in decks) + "]\n", encoding="utf-8")
    return path


def lineup_json(args, exit_code):
    return json.loads(run_cli(["tournament", *args, "--format", "json"], exit_code=exit_code).stdout)


def test_the_registration_in_decks_is_a_legal_lineup():
    result = run_cli(["tournament", REGISTRATION])
    last = result.stdout.splitlines()[-1]
    assert last.startswith(f"{REGISTRATION}: legal Tournament lineup")
    assert "Monsters, Nilfgaard and Skellige" in last
    for deck in ("monsters-advanced.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml"):
        assert f"{DECKS / deck}: legal under advanced" in result.stdout


def test_three_deck_files_given_directly_make_the_same_legal_lineup():
    decks = [DECKS / f"{slug}-advanced.toml" for slug in ("northern-realms", "scoiatael", "skellige")]
    document = lineup_json(decks, exit_code=0)
    assert document["legal"] is True
    assert document["violations"] == []
    assert document["lineup"] is None
    assert [d["deck"] for d in document["decks"]] == [str(d) for d in decks]
    assert all(d["rules"] == "advanced" and d["legal"] for d in document["decks"])


def test_deck_names_in_a_registration_are_relative_to_it(tmp_path, monkeypatch):
    folder = tmp_path / "league" / "alex"
    folder.mkdir(parents=True)
    for slug in ("monsters", "nilfgaard", "skellige"):
        copy_example(folder, f"{slug}-advanced", f"{slug}.toml")
    registration = write_registration(folder, ["monsters.toml", "nilfgaard.toml", "skellige.toml"])
    monkeypatch.chdir(tmp_path)
    document = lineup_json([registration.relative_to(tmp_path)], exit_code=0)
    assert document["player"] == "Alex"
    assert document["lineup"] == "league/alex/registration.toml"
    assert [d["deck"] for d in document["decks"]] == [f"league/alex/{s}.toml" for s in ("monsters", "nilfgaard", "skellige")]


def test_two_decks_of_one_faction_are_not_a_lineup(tmp_path):
    first = copy_example(tmp_path, "nilfgaard-advanced", "ng-one.toml")
    second = copy_example(tmp_path, "nilfgaard-advanced", "ng-two.toml", drop=("Letho of Gulet",))
    third = copy_example(tmp_path, "monsters-advanced", "monsters.toml")
    result = run_cli(["tournament", first, second, third], exit_code=1)
    lines = [line for line in result.stdout.splitlines() if line.startswith("tournament: ")]
    assert len(lines) == 2, result.stdout
    assert lines[0].startswith("tournament: same-faction: Nilfgaard ")
    assert str(first) in lines[0] and str(second) in lines[0] and str(third) not in lines[0]
    assert lines[1] == "tournament: not a legal Tournament lineup: 1 violation"
    document = lineup_json([first, second, third], exit_code=1)
    assert document["legal"] is False
    [violation] = document["violations"]
    assert violation["code"] == "same-faction"
    assert violation["faction"] == "nilfgaard"
    assert violation["decks"] == [str(first), str(second)]


def test_a_hero_shared_across_factions_names_the_hero_and_both_decks(tmp_path):
    realms = copy_example(tmp_path, "northern-realms-advanced", "realms.toml", add={"Geralt of Rivia": 1})
    nilfgaard = copy_example(tmp_path, "nilfgaard-advanced", "nilfgaard.toml", add={"Geralt of Rivia": 1})
    skellige = copy_example(tmp_path, "skellige-advanced", "skellige.toml")
    result = run_cli(["tournament", realms, nilfgaard, skellige], exit_code=1)
    # Each deck is still Advanced-legal on its own: only the lineup breaks a rule.
    assert f"{realms}: legal under advanced" in result.stdout
    assert f"{nilfgaard}: legal under advanced" in result.stdout
    [line] = [line for line in result.stdout.splitlines() if "shared-hero" in line]
    assert "Geralt of Rivia" in line and str(realms) in line and str(nilfgaard) in line
    assert str(skellige) not in line
    assert "Northern Realms" in line and "Nilfgaard" in line
    [violation] = lineup_json([realms, nilfgaard, skellige], exit_code=1)["violations"]
    assert violation == {
        "code": "shared-hero",
        "message": violation["message"],
        "decks": [str(realms), str(nilfgaard)],
        "card": "Geralt of Rivia",
    }


def test_a_hero_is_the_same_hero_whatever_name_the_deck_uses(tmp_path):
    monsters = copy_example(tmp_path, "monsters-advanced", "monsters.toml", add={"Mysterious Elf": 1})
    skellige = copy_example(tmp_path, "skellige-advanced", "skellige.toml", add={"Avallac'h": 1})
    nilfgaard = copy_example(tmp_path, "nilfgaard-advanced", "nilfgaard.toml")
    [violation] = lineup_json([monsters, skellige, nilfgaard], exit_code=1)["violations"]
    assert violation["code"] == "shared-hero"
    assert violation["card"] == "Mysterious Elf"
    assert violation["decks"] == [str(monsters), str(skellige)]


def test_a_deck_over_130_strength_makes_the_lineup_illegal_and_its_findings_show_under_it(tmp_path):
    heavy = copy_example(
        tmp_path, "skellige-advanced", "heavy.toml",
        add={"Geralt of Rivia": 1, "Cirilla Fiona Elen Riannon": 1, "Triss Merigold": 1},
    )
    strength = unit_strength(heavy)
    assert strength > 130  # 96 + 15 + 15 + 7, from the catalog files
    monsters = DECKS / "monsters-advanced.toml"
    nilfgaard = DECKS / "nilfgaard-advanced.toml"
    result = run_cli(["tournament", monsters, heavy, nilfgaard], exit_code=1)
    lines = result.stdout.splitlines()
    verdict = lines.index(next(line for line in lines if line.startswith(f"{heavy}: not legal under advanced")))
    assert f"{strength}/130 Strength" in lines[verdict]
    assert lines[verdict + 1] == (
        f"  {heavy}: strength-max: {strength} combined unit Strength; "
        f"at most 130 under Advanced rules: {strength - 130} too many"
    )
    [illegal] = [line for line in lines if line.startswith("tournament: deck-illegal: ")]
    assert str(heavy) in illegal and "strength-max" in illegal
    document = lineup_json([monsters, heavy, nilfgaard], exit_code=1)
    assert [v["code"] for v in document["violations"]] == ["deck-illegal"]
    assert document["violations"][0]["decks"] == [str(heavy)]
    heavy_report = document["decks"][1]
    assert heavy_report["legal"] is False
    assert [v["code"] for v in heavy_report["violations"]] == ["strength-max"]
    assert heavy_report["profile"]["unit_strength"] == strength


@pytest.mark.parametrize("count", [2, 4])
def test_a_registration_naming_another_number_of_decks_is_refused(tmp_path, count):
    slugs = ["monsters", "nilfgaard", "skellige", "scoiatael"][:count]
    for slug in slugs:
        copy_example(tmp_path, f"{slug}-advanced", f"{slug}.toml")
    registration = write_registration(tmp_path, [f"{slug}.toml" for slug in slugs])
    result = run_cli(["tournament", registration], exit_code=2)
    assert result.stdout == ""
    assert result.stderr.startswith(f"{registration}:2: names {count} deck files")
    assert "exactly 3" in result.stderr


def test_a_registration_naming_a_missing_deck_file_is_refused(tmp_path):
    copy_example(tmp_path, "monsters-advanced", "monsters.toml")
    copy_example(tmp_path, "skellige-advanced", "skellige.toml")
    registration = write_registration(tmp_path, ["monsters.toml", "nilgfaard.toml", "skellige.toml"])
    result = run_cli(["tournament", registration], exit_code=2)
    assert str(registration) in result.stderr
    assert "nilgfaard.toml" in result.stderr and "does not exist" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_every_unusable_deck_file_is_named_at_the_line_of_its_name(tmp_path):
    copy_example(tmp_path, "skellige-advanced", "skellige.toml")
    (tmp_path / "folder.toml").mkdir()
    registration = tmp_path / "registration.toml"
    registration.write_text('decks = [\n  "skellige.toml",\n  "nope.toml",\n  "folder.toml",\n]\n', encoding="utf-8")
    result = run_cli(["tournament", registration], exit_code=2)
    assert result.stderr.strip() == (
        f'{registration}:3: names 2 deck files it cannot use: "nope.toml": {tmp_path / "nope.toml"} does not exist; '
        f'"folder.toml": {tmp_path / "folder.toml"} is a folder, not a deck file'
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('player = "Alex"\n', "no decks"),
        ("decks = [\n", "not valid TOML"),
        ('{"decks": ["a.toml", "b.toml", "c.toml"]}', "not valid TOML"),
        ('decks = "monsters.toml"\n', "decks must be a list of deck file names"),
        ("decks = [1, 2, 3]\n", "decks must be a list of deck file names"),
        ('faction = "Monsters"\nleader = "Eredin: King of the Wild Hunt"\n', "is a deck file, not a registration"),
    ],
)
def test_a_file_that_is_not_a_registration_is_refused_with_its_name(tmp_path, text, expected):
    registration = tmp_path / "registration.toml"
    registration.write_text(text, encoding="utf-8")
    result = run_cli(["tournament", registration], exit_code=2)
    assert result.stderr.startswith(f"{registration}")
    assert expected in result.stderr


def test_a_missing_registration_is_refused(tmp_path):
    result = run_cli(["tournament", tmp_path / "nope.toml"], exit_code=2)
    assert f"{tmp_path / 'nope.toml'}: no such file" in result.stderr


@pytest.mark.parametrize("count", [2, 4])
def test_another_number_of_deck_files_on_the_command_line_is_refused(count):
    decks = [DECKS / f"{s}-advanced.toml" for s in ("monsters", "nilfgaard", "skellige", "scoiatael")][:count]
    result = run_cli(["tournament", *decks], exit_code=2)
    assert f"got {count}" in result.stderr and "exactly 3" in result.stderr


def test_an_unreadable_deck_leaves_the_lineup_unjudged(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text('faction = "Monsters"\n[cards\n', encoding="utf-8")
    monsters = DECKS / "monsters-advanced.toml"
    skellige = DECKS / "skellige-advanced.toml"
    result = run_cli(["tournament", monsters, broken, skellige], exit_code=2)
    assert f"{broken}:2" in result.stderr and "not valid TOML" in result.stderr
    assert "not judged as a Tournament lineup" in result.stderr
    assert "legal Tournament lineup" not in result.stdout
    document = lineup_json([monsters, broken, skellige], exit_code=2)
    assert document["legal"] is None
    assert document["decks"][1]["legal"] is None and "not valid TOML" in document["decks"][1]["error"]["message"]


def test_a_registration_can_come_from_standard_input(monkeypatch):
    monkeypatch.chdir(DECKS)
    registration = REGISTRATION.read_text("utf-8")
    result = run_cli(["tournament", "-"], input=registration)
    assert result.stdout.splitlines()[-1].startswith("<stdin>: legal Tournament lineup")


def test_validate_points_a_registration_to_the_tournament_command():
    result = run_cli(["validate", REGISTRATION], exit_code=2)
    assert "is a Tournament registration, not a deck" in result.stderr


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=200))
def test_no_registration_text_crashes_the_command(tmp_path, text):
    registration = tmp_path / "registration.toml"
    registration.write_text(text, encoding="utf-8")
    # No text names three existing deck files here, so every one is refused with exit 2.
    result = run_cli(["tournament", registration], exit_code=2)
    assert str(registration) in result.stderr


def test_the_tournament_rule_set_itself_counts_the_decks():
    from deckcli.rules.lineups import judge_lineup, lineup_rules

    report = judge_lineup([DECKS / "monsters-advanced.toml", DECKS / "skellige-advanced.toml"], lineup_rules("tournament"))
    assert [f.code for f in report.violations] == ["deck-count"]
    assert report.violations[0].message.startswith("2 decks in the lineup")
    assert report.exit_code == 1


def test_one_deck_named_twice_is_refused_not_judged(tmp_path):
    copy_example(tmp_path, "monsters-advanced", "monsters.toml")
    copy_example(tmp_path, "skellige-advanced", "skellige.toml")
    registration = write_registration(tmp_path, ["monsters.toml", "./monsters.toml", "skellige.toml"])
    result = run_cli(["tournament", registration], exit_code=2)
    assert result.stderr.strip() == (
        f'{registration}:2: names {tmp_path / "monsters.toml"} twice ("monsters.toml" and "./monsters.toml"): '
        "a Tournament lineup is 3 different decks"
    )
    spread = tmp_path / "spread.toml"
    spread.write_text('decks = [\n  "monsters.toml",\n  "skellige.toml",\n  "monsters.toml",\n]\n', encoding="utf-8")
    assert run_cli(["tournament", spread], exit_code=2).stderr.startswith(f"{spread}:4: names ")
    result = run_cli(["tournament", tmp_path / "monsters.toml", tmp_path / "monsters.toml", tmp_path / "skellige.toml"],
                     exit_code=2)
    assert result.stderr.strip() == (
        f"deckcli: {tmp_path / 'monsters.toml'} is given twice: a Tournament lineup is 3 different decks"
    )


def test_registration_paths_are_tidied(tmp_path):
    for slug in ("monsters", "nilfgaard", "skellige"):
        copy_example(tmp_path, f"{slug}-advanced", f"{slug}.toml")
    (tmp_path / "regs").mkdir()
    registration = write_registration(tmp_path / "regs", ["../monsters.toml", "../nilfgaard.toml", "../skellige.toml"])
    decks = lineup_json([registration], exit_code=0)["decks"]
    assert [deck["deck"] for deck in decks] == [str(tmp_path / f"{slug}.toml") for slug in ("monsters", "nilfgaard", "skellige")]


def test_an_unknown_registration_key_is_a_warning_with_its_line(tmp_path):
    for slug in ("monsters", "nilfgaard", "skellige"):
        copy_example(tmp_path, f"{slug}-advanced", f"{slug}.toml")
    registration = tmp_path / "registration.toml"
    registration.write_text('plyer = "Alex"\ndecks = ["monsters.toml", "nilfgaard.toml", "skellige.toml"]\n', encoding="utf-8")
    text = run_cli(["tournament", registration]).stdout
    assert f"{registration}:1: warning: unknown-key: key 'plyer' is not part of a registration (player, decks) and is ignored" in text
    assert lineup_json([registration], exit_code=0)["warnings"] == [
        {"code": "unknown-key", "message": "key 'plyer' is not part of a registration (player, decks) and is ignored", "line": 1}
    ]


def test_a_hard_link_is_the_same_deck(tmp_path):
    copy_example(tmp_path, "monsters-advanced", "monsters.toml")
    copy_example(tmp_path, "skellige-advanced", "skellige.toml")
    os.link(tmp_path / "monsters.toml", tmp_path / "linked.toml")
    result = run_cli(["tournament", tmp_path / "monsters.toml", tmp_path / "linked.toml", tmp_path / "skellige.toml"],
                     exit_code=2)
    assert "is given twice" in result.stderr
