"""validate --rules all: one row per built-in deck rule set, and one sentence per deck."""

from __future__ import annotations

import json

from helpers.cli_runs import run_cli
from helpers.repository import DECKS
from helpers.example_decks import copy_example, count_kind, unit_strength


def rows(stdout):
    """The table rows of the text output: (deck, rules, verdict, failing codes)."""
    found = []
    for line in stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in ("standard", "advanced", "solo"):
            verdict = "not legal" if parts[2] == "not" else "legal"
            rest = parts[4:] if verdict == "not legal" else parts[3:]
            found.append((parts[0], parts[1], verdict, " ".join(rest)))
    return found


def test_a_deck_legal_everywhere_gets_three_legal_rows_and_exit_0():
    deck = DECKS / "skellige-advanced.toml"
    result = run_cli(["validate", deck, "--rules", "all"])
    assert rows(result.stdout) == [(str(deck), name, "legal", "") for name in ("standard", "advanced", "solo")]
    assert result.stdout.splitlines()[-1] == f"{deck}: legal for a standard game, Advanced and Solo"


def test_the_issue_example_legal_for_standard_not_for_advanced(tmp_path):
    deck = copy_example(
        tmp_path, "northern-realms-advanced", "big.toml",
        add={
            "Decoy": 1, "Commander's Horn": 1, "Geralt of Rivia": 1, "Cirilla Fiona Elen Riannon": 1,
            "Triss Merigold": 1, "Yennefer of Vengerberg": 1, "Villentretenmerth": 1, "Vesemir": 1,
            "Olgierd von Everec": 1, "Dandelion": 1,
        },
    )
    assert count_kind(deck, "special", "weather") == 7
    assert unit_strength(deck) == 141  # 76 + 15 + 15 + 7 + 7 + 7 + 6 + 6 + 2
    result = run_cli(["validate", deck, "--rules", "all"], exit_code=1)
    assert rows(result.stdout) == [
        (str(deck), "standard", "legal", ""),
        (str(deck), "advanced", "not legal", "specials-max, strength-max"),
        (str(deck), "solo", "legal", ""),
    ]
    assert result.stdout.splitlines()[-1] == (
        f"{deck}: legal for a standard game and Solo, not for Advanced: 7 Specials (5 allowed), 141/130 Strength"
    )


def test_a_reason_shared_by_several_rule_sets_is_said_once(tmp_path):
    deck = copy_example(tmp_path, "skellige-starter", "thin.toml", add={"Geralt of Rivia": 1}, drop=tuple(
        name for name in ("Clan Brokvar Archer", "Clan Drummond Shield Maiden", "Clan an Craite Warrior", "Light Longship", "War Longship")
    ))
    units = count_kind(deck, "unit", "hero")
    assert units < 22
    result = run_cli(["validate", deck, "--rules", "all"], exit_code=1)
    sentence = result.stdout.splitlines()[-1]
    assert sentence.startswith(f"{deck}: not legal for a standard game: {units} units (22 needed); not for ")
    assert sentence.count(f"{units} units") == 1
    assert "not for Advanced: also 10 Specials (5 allowed)" in sentence
    assert "Solo: also Biting Frost, Impenetrable Fog, Skellige Storm" in sentence


def test_json_gives_one_object_per_deck_with_one_result_per_rule_set(tmp_path):
    starter = DECKS / "nilfgaard-starter.toml"
    missing = tmp_path / "missing.toml"
    result = run_cli(["validate", starter, missing, "--rules", "all", "--format", "json"], exit_code=2)
    first, second = json.loads(result.stdout)["decks"]
    assert first["deck"] == str(starter) and first["rules"] == "all" and first["legal"] is False
    assert [r["rules"] for r in first["rule_sets"]] == ["standard", "advanced", "solo"]
    assert [r["legal"] for r in first["rule_sets"]] == [True, False, False]
    assert first["rule_sets"][2]["failing"] == ["solo-weather"]
    assert first["verdict"].startswith("legal for a standard game, not for Advanced: ")
    assert first["profile"]["faction"] == "nilfgaard"
    assert second == {"deck": str(missing), "rules": "all", "legal": None, "error": {"message": "no such file", "line": None, "column": None}}
    assert f"{missing}: no such file" in result.stderr


def test_lineup_rule_sets_are_not_deck_rule_sets():
    deck = DECKS / "skellige-advanced.toml"
    result = run_cli(["validate", deck, "--rules", "all"])
    assert "tournament" not in result.stdout and "team" not in result.stdout
    for name in ("tournament", "team"):
        refused = run_cli(["validate", deck, "--rules", name], exit_code=2)
        assert f"run deckcli {name}" in refused.stderr


def test_all_is_a_name_in_any_case_and_listed_among_the_choices():
    deck = DECKS / "skellige-advanced.toml"
    assert run_cli(["validate", deck, "--rules", "All"]).stdout == run_cli(["validate", deck, "--rules", "all"]).stdout
    refused = run_cli(["validate", deck, "--rules", "every"], exit_code=2)
    assert "choose standard, advanced, solo, all," in refused.stderr
