"""``deckcli simulate``: the same seed gives the same result whatever the number of workers; the win rate and its
interval are computed as stated; the game log keeps the rulebook (§3, §6, §9); bad input is refused with its
exit code. Runs here are a few games each: the speed and the bots' strength are measured in benchmarks/."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.schema_validation import output_validator
from helpers.cli_runs import deckcli_env, run_cli
from helpers.repository import DECKS, REPO, write_deck
from deckcli.game.simulation.runs import derived_seed
from deckcli.game.simulation.statistics import paired_interval, wilson

NR = str(DECKS / "northern-realms-starter.toml")
MONSTERS = str(DECKS / "monsters-starter.toml")


def _json(*args: str) -> dict:
    return json.loads(run_cli(["simulate", *args, "--format", "json"]).stdout)


def test_the_same_seed_gives_the_same_result_and_another_seed_another():
    first = _json(NR, "--vs", "monsters", "--vs", "skellige", "--games", "6", "--workers", "1")
    assert first == _json(NR, "--vs", "monsters", "--vs", "skellige", "--games", "6", "--workers", "1")
    other = _json(NR, "--vs", "monsters", "--vs", "skellige", "--games", "6", "--workers", "1", "--seed", "2")
    assert other["seed"] == 2 and other["matchups"] != first["matchups"]


def test_one_worker_or_two_give_the_same_document():
    """Games are sharded over processes by their seeds: the result does not depend on who played which game."""
    args = [NR, "--vs", "nilfgaard", "--vs", "scoiatael", "--games", "30"]
    assert _json(*args, "--workers", "1") == _json(*args, "--workers", "2")


def test_the_default_opponents_are_the_five_starter_decks():
    document = _json(NR, "--games", "2", "--workers", "1")
    # a starter deck named by its faction has no file of the player's: null, beside its faction (issue 30, item 6)
    assert [(m["opponent"]["file"], m["opponent"]["faction"]) for m in document["matchups"]] == [
        (None, faction) for faction in ("Monsters", "Nilfgaard", "Northern Realms", "Scoia'tael", "Skellige")]
    assert document["deck"]["file"] == NR
    assert document["overall"]["games"] == 10 and document["bot"] == document["opponent_bot"] == "heuristic"


def test_the_counts_add_up():
    document = _json(MONSTERS, "--vs", "northern-realms", "--vs", "monsters", "--games", "12", "--workers", "1")
    output_validator("simulate").validate(document)
    for result in (*document["matchups"], document["overall"]):
        assert result["wins"] + result["draws"] + result["losses"] == result["games"]
        assert result["win_rate"] == pytest.approx((result["wins"] + result["draws"] / 2) / result["games"])
    assert document["overall"]["games"] == 24
    overall = document["overall"]
    for card in document["cards"]:
        assert card["games_in_hand"] + card["games_not_in_hand"] == overall["games"]
        if card["games_in_hand"] and card["games_not_in_hand"]:
            points = card["win_rate_in_hand"] * card["games_in_hand"] + card["win_rate_not_in_hand"] * card["games_not_in_hand"]
            assert points == pytest.approx(overall["win_rate"] * overall["games"])
    assert [c["card"] for c in document["cards"]][:2] == ["Draug", "Imlerith"]  # the file's order


def test_the_wilson_interval_is_the_textbook_one():
    """Wilson (1927): for 7 wins in 10 games, centre (p + z²/2n) / (1 + z²/n), half-width
    z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n), with z = 1.96: about 0.3968 to 0.8922."""
    z = 1.959963984540054
    n, p = 10, 0.7
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low, high = wilson(14, 10)
    assert (low, high) == pytest.approx((centre - half, centre + half))
    assert (round(low, 4), round(high, 4)) == (0.3968, 0.8922)
    assert wilson(0, 5)[0] == 0.0 and wilson(10, 5)[1] == 1.0 and wilson(0, 0) is None
    low, high = wilson(7, 5)  # a draw counts half: 3 wins and 1 draw of 5 games is a rate of 0.7
    assert low < 0.7 < high and (low, high) != wilson(14, 10)  # over 5 games, wider than over 10
    assert high - low > wilson(14, 10)[1] - wilson(14, 10)[0]


def test_the_paired_interval_is_the_mean_difference_and_its_normal_interval():
    """Four pairs of games, new less old in points (2 a win, 1 a draw): +2, 0, +1, -1 -> mean 0.5 points, a
    quarter of a win; the sample variance of the points 5/3, so the half-width is 1.96·sqrt(5/3/4) points."""
    differences = [2, 0, 1, -1]
    mean, low, high = paired_interval(sum(differences), sum(d * d for d in differences), len(differences))
    half = 1.959963984540054 * math.sqrt((5 / 3) / 4)
    assert mean == pytest.approx(0.25)
    assert (low, high) == pytest.approx(((0.5 - half) / 2, (0.5 + half) / 2))
    assert paired_interval(2, 4, 1) is None


def test_derived_seeds_depend_on_every_part():
    seeds = {derived_seed(1, m, i) for m in range(5) for i in range(200)}
    assert len(seeds) == 1000 and derived_seed(1, 0, 7) == derived_seed(1, 0, 7) != derived_seed(2, 0, 7)


def test_the_text_fits_80_columns_and_says_what_was_measured():
    text = run_cli(["simulate", NR, "--games", "2", "--workers", "1"], env={"COLUMNS": "80"}).stdout
    assert max(len(line) for line in text.splitlines()) <= 80
    lines = text.splitlines()
    assert sum(line.split("  ")[0].endswith("starter") for line in lines) >= 5
    said = " ".join(text.split())
    assert "Measured: 10 games (2 a matchup, seed 1), the heuristic bot" in said
    assert "95% Wilson interval" in said and "(wins + draws/2) / games" in said


def test_no_progress_bar_off_a_terminal():
    result = run_cli(["simulate", NR, "--vs", "skellige", "--games", "2", "--workers", "1"])
    assert result.stderr == ""


def test_the_progress_bar_waits_a_second(monkeypatch, capsys):
    from deckcli.cli.progress import ProgressBar

    now = [100.0]
    monkeypatch.setattr("time.monotonic", lambda: now[0])
    bar = ProgressBar(10, after=1.0)
    bar.show(3, "games")
    assert capsys.readouterr().err == ""
    now[0] = 101.5
    bar.show(4, "games")
    assert "4/10 games" in capsys.readouterr().err


@pytest.mark.parametrize("columns", [12, 30, 80])
def test_the_progress_bar_fits_the_terminal(monkeypatch, capsys, columns):
    """On a terminal of 30 columns the bar took 42 and wrapped: each redraw ("\\r") then began a line lower."""
    from deckcli.cli.progress import ProgressBar

    monkeypatch.setenv("COLUMNS", str(columns))
    bar = ProgressBar(1500)
    for done in (25, 700, 1500):
        bar.show(done, "games")
    drawn = capsys.readouterr().err.split("\r")[1:]
    assert len(drawn) == 3 and all(len(line) < columns for line in drawn)
    if columns >= 30:
        assert drawn[1].endswith("] 700/1,500 games") and drawn[2].startswith("[#")


# the game log ------------------------------------------------------------------------------------------------


def _log(tmp_path, *args: str) -> list[dict]:
    path = tmp_path / "games.jsonl"
    result = run_cli(["simulate", *args, "--log", str(path), "--workers", "1"])
    assert f"wrote {path}" in " ".join(result.stderr.split())
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_the_log_keeps_the_rulebook(tmp_path):
    """Against the log alone: 10 cards each at the start (§6), at most 2 exchanges each, a gem lost by each
    round's loser and by both on a tie (§9), at most 3 rounds, Northern Realms drawing a card for each round it
    wins while the game goes on (§3); every line matches the shipped schema."""
    events = _log(tmp_path, NR, "--vs", "monsters", "--vs", "nilfgaard", "--games", "8")
    validator = output_validator("game-log")
    games: dict[int, list[dict]] = {}
    for event in events:
        assert not list(validator.iter_errors(event)), event
        games.setdefault(event["game"], []).append(event)
    assert len(games) == 16
    for log in games.values():
        start = log[0]
        assert start["event"] == "start"
        northern = [player for player, name in enumerate(start["deck_names"]) if name == "Northern Realms starter"]
        assert len(northern) == 1
        assert [len(e["cards"]) for e in log if e["event"] == "hand"] == [10, 10]
        for player in (0, 1):
            assert len([e for e in log if e["event"] == "exchange" and e["player"] == player]) <= 2
        ends = [i for i, e in enumerate(log) if e["event"] == "round_end"]
        assert 2 <= len(ends) <= 3
        gems = [2, 2]
        for number, index in enumerate(ends):
            winner = log[index]["player"]
            gems = [g - (winner != p) for p, g in enumerate(gems)]
            assert log[index]["gems"] == gems
            after = log[index + 1:ends[number + 1] if number + 1 < len(ends) else len(log)]
            drew = [e["player"] for e in after if e["event"] == "draw" and e.get("reason") == "faction"]
            expected = [winner] if winner in northern and min(gems) > 0 and log[index]["decks"][winner] else []
            assert drew == expected
        assert log[-1]["event"] == "game_end" and min(log[-1]["gems"]) == 0


def test_the_log_is_the_same_whatever_the_workers(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    run_cli(["simulate", NR, "--vs", "skellige", "--vs", "monsters", "--games", "26", "--log", str(one), "--workers", "1"])
    run_cli(["simulate", NR, "--vs", "skellige", "--vs", "monsters", "--games", "26", "--log", str(two), "--workers", "2"])
    assert one.read_bytes() == two.read_bytes()
    numbers = [json.loads(line)["game"] for line in one.read_text("utf-8").splitlines()]
    assert numbers == sorted(numbers) and set(numbers) == set(range(52))


def test_the_log_never_replaces_a_file_without_force(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text("mine\n", encoding="utf-8")
    result = run_cli(["simulate", NR, "--vs", "skellige", "--games", "2", "--log", str(path)], exit_code=2)
    assert "already exists" in result.stderr and "--force" in result.stderr and result.stdout == ""
    assert path.read_text("utf-8") == "mine\n"
    run_cli(["simulate", NR, "--vs", "skellige", "--games", "2", "--log", str(path), "--force"])
    assert path.read_text("utf-8").startswith('{"game": 0')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]  # no temporary file left


@pytest.mark.parametrize("which", ["deck", "opponent", "link", "diff-new"])
def test_the_log_never_replaces_a_deck_the_run_plays_even_with_force(tmp_path, which):
    deck, rival = tmp_path / "mine.toml", tmp_path / "rival.toml"
    deck.write_bytes(Path(NR).read_bytes())
    rival.write_bytes(Path(MONSTERS).read_bytes())
    (tmp_path / "link.jsonl").symlink_to(deck)
    log = {"deck": deck, "opponent": rival, "link": tmp_path / "link.jsonl", "diff-new": rival}[which]
    command = (["diff", deck, rival, "--simulate"] if which == "diff-new" else ["simulate", deck, "--vs", rival])
    before = Path(log).read_bytes()
    result = run_cli([*command, "--games", "2", "--workers", "1", "--log", log, "--force"], exit_code=2)
    said = " ".join(result.stderr.split())
    assert said.startswith(f"{log}: is ") and "which this command reads: the game log would replace it" in said
    assert Path(log).read_bytes() == before and result.stdout == ""


def test_a_log_in_a_missing_folder_is_refused_before_any_game(tmp_path):
    result = run_cli(["simulate", NR, "--games", "2", "--log", str(tmp_path / "no" / "games.jsonl")], exit_code=2)
    assert "does not exist" in result.stderr and result.stdout == ""


# refusals ----------------------------------------------------------------------------------------------------


def test_an_illegal_deck_is_refused_with_its_verdict(tmp_path):
    """Exit 1 with the deck's findings and the verdict validate gives it."""
    deck = write_deck(tmp_path, {"Ves": 3})
    result = run_cli(["simulate", str(deck), "--games", "2"], exit_code=1)
    verdict = run_cli(["validate", str(deck)], exit_code=1).stdout.splitlines()[-1]
    assert verdict in result.stderr.splitlines() and "units-min" in result.stderr
    opponent = run_cli(["simulate", NR, "--vs", str(deck), "--games", "2"], exit_code=1)
    assert verdict in opponent.stderr.splitlines()


@pytest.mark.parametrize(("args", "said"), [
    (["--games", "0"], "0 is not in the range"),
    (["--bot", "heuristc"], "'heuristc' is not a bot; did you mean heuristic?"),
    (["--opponent-bot", "minimax"], "'minimax' is not a bot"),
    (["--vs", "Skelige"], "did you mean Skellige?"),
    (["--vs", "nowhere.toml"], "nowhere.toml"),
    (["--workers", "0"], "0 is not in the range"),
    (["--format", "csv"], "'csv' is not one of"),
    # the games' seeds are 64-bit: 2**64 played the games of --seed 0
    (["--seed", str(2**64)], "18446744073709551616 is not in the range 0<=x<=18446744073709551615"),
])
def test_bad_options_exit_2(args, said):
    result = run_cli(["simulate", NR, *args], exit_code=2)
    assert said in " ".join(result.stderr.split())


def test_the_log_is_never_a_file_named_dash(tmp_path, monkeypatch):
    """``--log -`` wrote a file named ``-`` (where - means standard input or output everywhere else)."""
    monkeypatch.chdir(tmp_path)
    result = run_cli(["simulate", NR, "--vs", "skellige", "--games", "2", "--log", "-"], exit_code=2)
    assert "--log -: the game log is written to a file" in result.stderr and "--log games.jsonl" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_standard_output_closed_stops_the_run_before_its_games(tmp_path):
    """``deckcli simulate DECK >&-`` played every game (16 s for the default run), wrote the log, then said it could
    not print; now it says so before the first game."""
    log = tmp_path / "games.jsonl"
    done = subprocess.run([sys.executable, "-m", "deckcli", "simulate", NR, "--vs", "skellige", "--games", "2",
                           "--workers", "1", "--log", str(log)], stdout=None, stderr=subprocess.PIPE, text=True,
                          cwd=REPO, env=deckcli_env(), timeout=120, preexec_fn=lambda: os.close(1))
    assert done.returncode == 2 and "standard output is closed" in done.stderr and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_standard_input_is_read_once():
    result = run_cli(["simulate", "-", "--vs", "-"], exit_code=2, input="")
    assert "only once" in result.stderr


def test_a_faction_names_its_starter_deck_in_any_spelling():
    """--vs Scoia'tael plays the games --vs the starter deck's file plays (the same deck, the same seeds)."""
    by_name = _json(NR, "--vs", "Scoia'tael", "--games", "4", "--workers", "1")
    by_file = _json(NR, "--vs", str(DECKS / "scoiatael-starter.toml"), "--games", "4", "--workers", "1")
    assert by_name == _json(NR, "--vs", "scoiatael", "--games", "4", "--workers", "1")
    assert {k: v for k, v in by_name["matchups"][0].items() if k != "opponent"} == {
        k: v for k, v in by_file["matchups"][0].items() if k != "opponent"}
    assert by_name["matchups"][0]["opponent"]["file"] is None
    assert by_file["matchups"][0]["opponent"]["file"] == str(DECKS / "scoiatael-starter.toml")
    output_validator("simulate").validate(by_name)


@pytest.mark.parametrize("command", ["simulate", "diff"])
def test_a_line_break_in_a_deck_s_name_stays_in_its_row(tmp_path, command):
    evil = tmp_path / "evil.toml"
    text = Path(NR).read_text("utf-8")
    evil.write_text(text.replace('name = "Northern Realms starter"', 'name = "Evil\\nName"'), "utf-8")
    assert "Evil\\nName" in evil.read_text("utf-8")
    args = ["simulate", evil, "--vs", evil] if command == "simulate" else ["diff", NR, NR, "--simulate", "--vs", evil]
    out = run_cli([*args, "--games", "1", "--workers", "1"]).stdout
    lines = out.splitlines()
    assert not any(line.startswith("Name") for line in lines), out  # no row split in two
    assert any(line.startswith("Evil\\nName ") for line in lines), out
    if command == "simulate":
        assert lines[0].startswith(f"{evil}: Evil\\nName (Northern Realms")


def test_opponents_of_one_name_are_told_apart(tmp_path):
    """Two deck files of one name (a rival's deck and its copy) were two rows of that name, and so were two matchups
    against one deck: each is named by its file, and a deck met again is numbered."""
    rival = tmp_path / "rival.toml"
    rival.write_text(Path(MONSTERS).read_text("utf-8"), encoding="utf-8")
    text = run_cli(["simulate", NR, "--vs", "monsters", "--vs", str(rival), "--vs", str(rival), "--vs", "skellige",
                    "--games", "1", "--workers", "1"]).stdout
    matchups = text.split("\n\n")[1]  # the story's tables name them alike
    rows = [line.split("  ")[0] for line in matchups.splitlines() if line.startswith(("Monsters", "Skellige"))]
    assert rows == ["Monsters starter (deckcli's own)", f"Monsters starter ({rival})",
                    f"Monsters starter ({rival}) (2)", "Skellige starter"]
    paired = run_cli(["diff", NR, NR, "--simulate", "--vs", "skellige", "--vs", "skellige", "--games", "1",
                      "--workers", "1"]).stdout
    assert "Skellige starter (2) " in paired


def test_the_deck_files_warnings_are_passed_on(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text((DECKS / "northern-realms-starter.toml").read_text("utf-8") + '"Geralt of Rivia" = 0\n', encoding="utf-8")
    result = run_cli(["simulate", str(deck), "--vs", "monsters", "--games", "2", "--workers", "1"])
    assert "warning" in result.stderr and "Geralt of Rivia" in result.stderr


# Gwent Solo (--solo) -------------------------------------------------------------------------------------------

SOLO_DECK = str(DECKS / "skellige-advanced.toml")
"""A deck legal under the Solo rules: its only Weather Card is Clear Weather (§18)."""


def test_solo_gives_the_same_document_and_log_whatever_the_workers(tmp_path):
    """Solo games are sharded by their seeds as two-player games are: 1 or 2 workers, the same bytes."""
    args = [SOLO_DECK, "--solo", "monsters", "--solo", "Northern Realms", "--games", "26", "--leader-variant"]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    first = _json(*args, "--workers", "1", "--log", str(one))
    assert first == _json(*args, "--workers", "2", "--log", str(two))
    assert one.read_bytes() == two.read_bytes()
    assert first == _json(*args, "--workers", "1")
    assert _json(*args, "--workers", "1", "--seed", "2")["matchups"] != first["matchups"]


def test_solo_all_plays_the_automatons_of_the_other_factions_and_says_what_was_measured():
    """§18: the automaton plays "another" faction: --solo all skips the deck's own (Skellige) and says so; naming
    the deck's own faction is refused."""
    result = run_cli(["simulate", SOLO_DECK, "--solo", "all", "--games", "2", "--workers", "1", "--format", "json"])
    assert result.stderr.startswith("--solo all: the automatons of the other 4 factions, not Skellige, the deck's own")
    document = json.loads(result.stdout)
    output_validator("simulate").validate(document)
    assert document["mode"] == "solo" and document["leader_variant"] is False and document["opponent_bot"] is None
    assert [m["opponent"] for m in document["matchups"]] == [
        {"file": None, "name": f"{name} automaton", "faction": name, "leader": None}
        for name in ("Monsters", "Nilfgaard", "Northern Realms", "Scoia'tael")]
    assert document["overall"]["games"] == 8
    said = " ".join(document["measured"].split())
    assert said.startswith("Measured: 8 games (2 a matchup, seed 1), Gwent Solo against the automaton of Monsters, "
                           "Nilfgaard, Northern Realms and Scoia'tael, the Leader variant off; the heuristic "
                           "bot")
    refused = run_cli(["simulate", SOLO_DECK, "--solo", "monsters", "--solo", "Skellige", "--games", "2"], exit_code=2)
    assert "--solo skellige: in Gwent Solo the automaton plays another faction than yours (§18), and the deck is " \
           "Skellige: name another faction, or all" in " ".join(refused.stderr.split())
    text = run_cli(["simulate", str(DECKS / "monsters-advanced.toml"), "--solo", "skellige", "--leader-variant",
                    "--games", "2", "--workers", "1", "--bot", "random"], env={"COLUMNS": "80"}).stdout
    assert max(len(line) for line in text.splitlines()) <= 80
    said = " ".join(text.split())
    assert "in Gwent Solo against 1 automaton" in said and "Skellige automaton 2" in said
    assert "Measured: 2 games (2 a matchup, seed 1), Gwent Solo against the automaton of Skellige, the Leader " \
           "variant on; the random bot" in said


def test_solo_cards_count_the_opening_hand_after_the_exchanges(tmp_path):
    """Per card, the games it was in the player's hand once the exchanges were made (§6), counted from the log: the
    automaton's first turn, before the player's, takes nothing from it."""
    path = tmp_path / "games.jsonl"
    document = _json(SOLO_DECK, "--solo", "monsters", "--solo", "scoiatael", "--games", "6", "--workers", "1",
                     "--log", str(path))
    held: dict[str, int] = {}
    hands: dict[int, list[str]] = {}
    for line in path.read_text("utf-8").splitlines():
        event = json.loads(line)
        if event["player"] == 0 and event["event"] == "hand":
            hands[event["game"]] = list(event["cards"])
        elif event["player"] == 0 and event["event"] == "exchange":
            hands[event["game"]].remove(event["card"])
            hands[event["game"]].append(event["drawn"])
    for hand in hands.values():
        for name in set(hand):
            held[name] = held.get(name, 0) + 1
    assert len(hands) == 12
    assert {c["card"]: c["games_in_hand"] for c in document["cards"]} == {
        c["card"]: held.get(c["card"], 0) for c in document["cards"]}
    for card in document["cards"]:
        assert card["games_in_hand"] + card["games_not_in_hand"] == 12


def test_the_solo_log_matches_the_game_log_schema(tmp_path):
    """The player is player 0 in every game, the automaton player 1, named as its matchup; the Leader variant's
    Leaders are logged as the automaton's."""
    events = _log(tmp_path, SOLO_DECK, "--solo", "nilfgaard", "--solo", "monsters", "--games", "8", "--leader-variant")
    validator = output_validator("game-log")
    starts = []
    for event in events:
        assert not list(validator.iter_errors(event)), event
        if event["event"] == "start":
            starts.append(event["deck_names"])
        if event["event"] in ("hand", "exchange"):
            assert event["player"] == 0  # the automaton has no hand (§18)
    assert starts == [["Skellige Advanced", "Nilfgaard automaton"]] * 8 + [["Skellige Advanced", "Monsters automaton"]] * 8
    assert {e["player"] for e in events if e["event"] == "leader"} == {1}


def test_a_deck_breaking_the_solo_rules_is_refused_with_the_solo_verdict(tmp_path):
    """§18: no Weather Card but Clear Weather in the player's deck (SOLO_DECK, which plays, holds Clear Weather);
    the refusal is what validate --rules solo says, before any game."""
    rain = tmp_path / "rain.toml"
    rain.write_text(Path(SOLO_DECK).read_text("utf-8").replace('"Clear Weather" = 1\n', '"Clear Weather" = 1\n'
                                                               '"Torrential Rain" = 1\n'), encoding="utf-8")
    for deck in (str(DECKS / "northern-realms-starter.toml"), str(rain)):
        verdict = run_cli(["validate", deck, "--rules", "solo"], exit_code=1)
        refused = run_cli(["simulate", deck, "--solo", "monsters", "--games", "2"], exit_code=1)
        assert refused.stdout == "" and refused.stderr == verdict.stdout + verdict.stderr
        assert "solo-weather" in refused.stderr and "not legal under solo" in refused.stderr
    assert "Biting Frost" in run_cli(["simulate", NR, "--solo", "all"], exit_code=1).stderr


@pytest.mark.parametrize(("args", "said"), [
    (["--solo", "Nilfgard"], "'Nilfgard' is not a faction or all; did you mean Nilfgaard?"),
    (["--solo", "everyone"], "'everyone' is not a faction or all"),
    (["--solo", "all", "--vs", "monsters"], "--solo and --vs cannot be combined"),
    (["--solo", "monsters", "--opponent-bot", "random"], "--opponent-bot does not go with --solo: the automated "
                                                         "opponent plays by its own rules"),
    (["--leader-variant"], "--leader-variant goes with --solo"),
])
def test_bad_solo_options_exit_2(args, said):
    result = run_cli(["simulate", SOLO_DECK, *args], exit_code=2)
    assert said in " ".join(result.stderr.split()) and result.stdout == ""


def test_check_bot_marks_the_cards_whose_row_flips_sign_under_another_bot():
    """simulate --check-bot: the same matchups played again by another bot on both sides, on the same seeds. A card
    is marked where the win rate with it less without it has the other sign under the check bot: exactly the cards
    whose differences in the two bots' own runs have opposite signs."""
    args = [NR, "--vs", "monsters", "--games", "30", "--seed", "5"]
    document = _json(*args, "--check-bot", "random", "--check-games", "20")
    output_validator("simulate").validate(document)
    assert document["check_bot"] == "random" and document["check_games_per_matchup"] == 20
    alone = _json(*args)
    under_random = _json(NR, "--vs", "monsters", "--games", "20", "--seed", "5", "--bot", "random")

    def difference(card: dict) -> float | None:
        if card["win_rate_in_hand"] is None or card["win_rate_not_in_hand"] is None:
            return None
        return card["win_rate_in_hand"] - card["win_rate_not_in_hand"]

    flipped = set()
    for mine, checked, theirs in zip(alone["cards"], document["cards"], under_random["cards"]):
        assert checked["difference_under_check_bot"] == difference(theirs)
        here, there = difference(mine), difference(theirs)
        flips = here is not None and there is not None and here * there < 0
        assert checked["sign_flips"] is flips, mine["card"]
        if flips:
            flipped.add(mine["card"])
    assert flipped, "the random bot disagrees with the heuristic bot on some card"
    text = run_cli(["simulate", *args, "--check-bot", "random", "--check-games", "20"]).stdout
    marked = {line.split(" ~")[0].removesuffix(" *") for line in text.splitlines() if " ~ " in line and "%" in line}
    assert marked == flipped
    # the mark the docs name is the one printed (they said *, which marks a difference beyond noise)
    page = " ".join((REPO / "docs" / "play.md").read_text("utf-8").split())
    assert "`--check-bot NAME` plays the same matchups again" in page and "marks with `~` each card" in page
    assert "~ marks a card whose change has the other sign" in " ".join(text.split())


def test_check_bot_with_the_same_bot_and_games_flips_nothing():
    """The check run with the bot and games of the run itself is the same games (the same seeds): no card flips."""
    document = _json(NR, "--vs", "skellige", "--games", "12", "--check-bot", "heuristic", "--check-games", "12")
    assert not any(card["sign_flips"] for card in document["cards"])


@pytest.mark.parametrize(("args", "said"), [
    (["--check-games", "10"], "--check-games goes with --check-bot"),
    (["--solo", "all", "--check-bot", "search"], "--check-bot does not go with --solo"),
    (["--check-bot", "minimax"], "'minimax' is not a bot"),
])
def test_check_bot_options_exit_2(args, said):
    result = run_cli(["simulate", NR, *args], exit_code=2)
    assert said in " ".join(result.stderr.split())


@pytest.mark.parametrize("command", [["simulate", "{deck}"], ["diff", "{deck}", "{deck}", "--simulate"],
                                     ["tournament", "--choose", "{deck}", "{deck}", "{deck}", "{deck}"]])
def test_games_is_bounded_and_the_help_says_so(command):
    """Also of issue 36: ``--games 10**21`` was accepted, with an estimate of its time no clock could show."""
    from deckcli.cli.simulation_options import MAX_GAMES

    deck = str(DECKS / "monsters-starter.toml")
    args = [part.replace("{deck}", deck) for part in command]
    said = run_cli([*args, "--games", str(10**21)], exit_code=2).stderr
    assert f"1<=x<={MAX_GAMES}" in said
    assert run_cli([*args, "--games", str(MAX_GAMES + 1)], exit_code=2).stderr.count("--games") >= 1
    assert f"at most {MAX_GAMES:,}" in " ".join(run_cli([args[0], "--help"]).stdout.split())
