"""The tournament desk: deckcli tournament REG... and --dir FOLDER, with a summary row per player."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from conftest import DECKS, run_cli

LINEUP = ("monsters-advanced.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml")


def register(folder: Path, player: str, decks: tuple[str, ...] = LINEUP, copy: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if copy:
        for name in decks:
            source = DECKS / name
            if source.exists():
                (folder / name).write_text(source.read_text("utf-8"), "utf-8")
    names = ", ".join(f'"{name}"' for name in decks)
    path = folder / "registration.toml"
    path.write_text(f'player = "{player}"\ndecks = [{names}]\n', "utf-8")
    return path


def test_thirty_registrations_give_one_csv_row_per_player(tmp_path):
    for number in range(1, 31):
        register(tmp_path / f"p{number}", f"Player {number}")
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["player"] for row in rows] == [f"Player {n}" for n in range(1, 31)]
    assert {row["verdict"] for row in rows} == {"legal"}
    assert rows[0]["factions"] == "Monsters; Nilfgaard; Skellige"


def test_an_illegal_registration_exits_1_and_shows_its_codes(tmp_path):
    register(tmp_path / "a", "Alex")
    register(tmp_path / "b", "Bo", ("monsters-advanced.toml", "nilfgaard-advanced.toml", "nilfgaard-starter.toml"))
    result = run_cli(["tournament", "--dir", tmp_path], exit_code=1)
    summary = result.stdout[result.stdout.index("Tournament desk:"):]
    assert "2 registrations: 1 legal, 1 not legal" in summary
    bo = next(line for line in summary.splitlines() if line.startswith("Bo "))
    assert "not legal" in bo and "deck-illegal" in bo and "same-faction" in bo


def test_results_stream_before_the_summary(tmp_path):
    first, second = register(tmp_path / "a", "Alex"), register(tmp_path / "b", "Bo")
    out = run_cli(["tournament", first, second]).stdout
    verdicts = [out.index(f"{path}: legal Tournament lineup") for path in (first, second)]
    assert verdicts[0] < verdicts[1] < out.index("Tournament desk:")


def test_one_deck_file_in_two_registrations_is_noted(tmp_path):
    register(tmp_path / "a", "Alex")
    shared = register(tmp_path / "b", "Bo", ("monsters-advanced.toml", "nilfgaard-advanced.toml",
                                             "../a/skellige-advanced.toml"))
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "json"])
    rows = json.loads(result.stdout)["registrations"]
    assert rows[1]["shared_decks"] and str(tmp_path / "a" / "registration.toml") in rows[1]["shared_decks"][0]
    text = run_cli(["tournament", tmp_path / "a" / "registration.toml", shared]).stdout
    assert "note: " in text and "is registered by Alex" in text and "and Bo" in text


def test_an_unusable_registration_is_reported_and_the_others_judged(tmp_path):
    register(tmp_path / "a", "Alex")
    broken = tmp_path / "b" / "registration.toml"
    broken.parent.mkdir()
    broken.write_text('decks = ["missing.toml", "b.toml", "c.toml"]\n', "utf-8")
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"], exit_code=2)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["verdict"] for row in rows] == ["legal", "not judged"]
    assert "missing.toml" in result.stderr


def test_deck_files_in_the_folder_are_not_registrations(tmp_path):
    register(tmp_path / "a", "Alex")
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "json"])
    assert len(json.loads(result.stdout)["registrations"]) == 1


def test_a_folder_without_registrations_exits_2(tmp_path):
    (tmp_path / "deck.toml").write_text((DECKS / "monsters-advanced.toml").read_text("utf-8"), "utf-8")
    result = run_cli(["tournament", "--dir", tmp_path], exit_code=2)
    assert "holds no registration" in result.stderr


def test_one_registration_prints_as_before(tmp_path):
    out = run_cli(["tournament", DECKS / "tournament-registration.toml"]).stdout
    assert "Tournament desk" not in out and out.splitlines()[-1].endswith("no Hero in two decks")


def test_no_progress_bar_when_standard_error_is_not_a_terminal(tmp_path):
    for number in range(8):
        register(tmp_path / f"p{number}", f"P{number}")
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"])
    assert result.stderr == ""


def test_a_progress_bar_on_a_terminal_for_more_than_a_handful(tmp_path, monkeypatch):
    for number in range(8):
        register(tmp_path / f"p{number}", f"P{number}")
    monkeypatch.setattr("deckcli.cli.judging.is_terminal", lambda stream: True)
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"])
    assert "8/8" in result.stderr and "[" + "#" * 24 + "]" in result.stderr
    assert "#" not in result.stdout
    few = run_cli(["tournament", tmp_path / "p0" / "registration.toml", tmp_path / "p1" / "registration.toml"])
    assert few.stderr == ""


def test_an_unjudged_registration_leaves_no_blank_line_on_standard_output(tmp_path):
    broken = tmp_path / "b" / "registration.toml"
    broken.parent.mkdir()
    broken.write_text('decks = ["missing.toml", "b.toml", "c.toml"]\n', "utf-8")
    result = run_cli(["tournament", "--dir", tmp_path], exit_code=2)
    assert result.stdout.startswith("Tournament desk:") and "missing.toml" in result.stderr


def test_an_unjudged_registration_keeps_its_player(tmp_path):
    register(tmp_path / "a", "Alex")
    register(tmp_path / "b", "Cy", ("monsters-advanced.toml",))  # one deck: not a lineup
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"], exit_code=2)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(row["player"], row["verdict"]) for row in rows] == [("Alex", "legal"), ("Cy", "not judged")]


def test_control_characters_in_a_player_name_are_shown_escaped(tmp_path):
    register(tmp_path / "a", "Al\\u001b]0;pwned\\u0007ex\\nline2")
    register(tmp_path / "b", "Bo", ("monsters-advanced.toml", "nilfgaard-advanced.toml", "../a/skellige-advanced.toml"))
    text = run_cli(["tournament", "--dir", tmp_path]).stdout
    assert "\x1b" not in text and "\x07" not in text
    assert "Al\\x1b]0;pwned\\x07ex\\nline2" in text
    assert all(not line.startswith("line2") for line in text.splitlines())
    rows = list(csv.DictReader(io.StringIO(run_cli(["tournament", "--dir", tmp_path, "--format", "csv"]).stdout)))
    assert rows[0]["player"] == "Al\\x1b]0;pwned\\x07ex\\nline2"


def test_the_desk_csv_is_safe_in_a_spreadsheet(tmp_path):
    register(tmp_path / "a", '=HYPERLINK(\\"http://example.invalid\\", \\"x\\")')
    rows = list(csv.DictReader(io.StringIO(run_cli(["tournament", "--dir", tmp_path, "--format", "csv"]).stdout)))
    assert rows[0]["player"] == "'=HYPERLINK(\"http://example.invalid\", \"x\")"  # text, not a formula
    assert rows[0]["legal"] == "true"
