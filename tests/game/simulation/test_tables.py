"""``deckcli simulate DECK --ffa N`` (§16) and ``deckcli simulate DECK --team-with DECK2 --vs DECK3 --vs DECK4`` (§17):
seeded runs, the same whatever ``--workers``, their JSON and game log valid against the shipped schemas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.schema_validation import output_validator
from helpers.cli_runs import run_cli
from helpers.depth import quick_first
from helpers.repository import DECKS
from deckcli.game.simulation.tables import TablePlan, seating

FFA, TEAMS = "ffa", "teams"

NILFGAARD = str(DECKS / "nilfgaard-starter.toml")
MONSTERS = str(DECKS / "monsters-starter.toml")


def _json(*args: str) -> dict:
    document = json.loads(run_cli(["simulate", *args, "--format", "json"]).stdout)
    output_validator("simulate").validate(document)
    return document


def test_free_for_all_is_the_same_whatever_workers() -> None:
    args = (NILFGAARD, "--ffa", "3", "--games", "45", "--seed", "11")  # three tasks of 20, 20 and 5 games
    one, two = _json(*args, "--workers", "1"), _json(*args, "--workers", "2")
    assert one == two
    decks = one["decks"]
    assert [d["role"] for d in decks] == ["deck", "opponent", "opponent"]
    assert len({d["faction"] for d in decks}) == 3 and decks[0]["faction"] == "Nilfgaard"  # starters of other factions
    assert all(d["games"] == 45 for d in decks)
    # each game has one winner or a first place shared by two or more
    wins, draws = sum(d["wins"] for d in decks), sum(d["draws"] for d in decks)
    assert wins <= 45 <= wins + draws and draws % 1 == 0
    assert one["mode"] == "ffa" and one["players"] == 3


def test_another_seed_plays_other_games() -> None:
    first = _json(NILFGAARD, "--ffa", "4", "--games", "20", "--seed", "1", "--workers", "1")
    second = _json(NILFGAARD, "--ffa", "4", "--games", "20", "--seed", "2", "--workers", "1")
    assert [d["wins"] for d in first["decks"]] != [d["wins"] for d in second["decks"]] or \
        first["rounds_per_game"] != second["rounds_per_game"]


def test_a_team_run_is_the_same_whatever_workers_and_teammates_share_results() -> None:
    args = (MONSTERS, "--team-with", "skellige", "--vs", "nilfgaard", "--vs", "scoiatael", "--games", "41",
            "--seed", "5")
    one, two = _json(*args, "--workers", "1"), _json(*args, "--workers", "3")
    assert one == two
    deck, mate, first, second = one["decks"]
    assert [d["role"] for d in one["decks"]] == ["deck", "teammate", "opponent", "opponent"]
    assert (deck["wins"], deck["losses"]) == (mate["wins"], mate["losses"])
    assert (deck["wins"], deck["losses"]) == (first["losses"], first["wins"])
    text = run_cli(["simulate", *args, "--workers", "1"], env={"COLUMNS": "80"}).stdout
    assert "Monsters starter + Skellige starter" in text and "% (" in text and "Measured: 41 games (seed 5)" in text
    assert max(map(len, text.splitlines())) <= 80


def test_the_text_says_what_was_measured_with_intervals() -> None:
    text = run_cli(["simulate", NILFGAARD, "--ffa", "4", "--games", "8", "--seed", "3", "--workers", "1",
                    "--bot", "heuristic", "--opponent-bot", "random"], env={"COLUMNS": "80"}).stdout
    assert "Free For All, 4 players (§16): 8 games" in text
    assert "the heuristic bot" in text and "the random bot" in text and "seed 3" in text and "95% Wilson" in text
    assert max(map(len, text.splitlines())) <= 80


def test_the_game_log_covers_the_modes(tmp_path: Path) -> None:
    validator = output_validator("game-log")
    for args, mode in (((NILFGAARD, "--ffa", "5"), "ffa"),
                       ((MONSTERS, "--team-with", "skellige", "--vs", "nilfgaard", "--vs", "scoiatael"), "teams")):
        log = tmp_path / f"{mode}.jsonl"
        run_cli(["simulate", *args, "--games", "3", "--workers", "1", "--log", str(log)])
        records = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
        for record in records:
            validator.validate(record)
        assert {r["mode"] for r in records} == {mode} and {r["game"] for r in records} == {0, 1, 2}
        ends = [r for r in records if r["event"] == "round_end"]
        if mode == "ffa":
            assert all(len(r["round_points"]) == 5 and len(r["scores"]) == 5 for r in ends)
        else:
            assert all(len(r["gems"]) == 2 for r in ends)
        assert len(records[0]["deck_names"]) == (5 if mode == "ffa" else 4)


def test_seats_rotate_so_each_deck_sits_everywhere() -> None:
    plan = TablePlan(FFA, (None,) * 4, 4, 0, "random", "random")  # type: ignore[arg-type]
    assert {tuple(seating(plan, i)).index(0) for i in range(4)} == {0, 1, 2, 3}
    teams = TablePlan(TEAMS, (None,) * 4, 4, 0, "random", "random")  # type: ignore[arg-type]
    for index in range(4):
        seats = seating(teams, index)
        assert seats.index(0) % 2 == seats.index(1) % 2 and seats.index(2) % 2 == seats.index(3) % 2  # teams kept
    assert {seating(teams, i).index(0) for i in range(4)} == {0, 1, 2, 3}


FFA_RUN, TEAMS_RUN = (NILFGAARD, "--ffa", "3"), (MONSTERS, "--team-with", "skellige")


@pytest.mark.parametrize(("args", "bot"), quick_first(
    [(FFA_RUN, "strong"), (TEAMS_RUN, "search"), (FFA_RUN, "search"), (TEAMS_RUN, "strong")],
    "a search bot in the other mode (each bot and each mode are in every run)", keep=2, several=True,
    ids=["ffa-strong", "teams-search", "ffa-search", "teams-strong"]))
def test_every_bot_plays_free_for_all_and_two_versus_two(bot: str, args: tuple[str, ...]) -> None:
    """Issue 34: the search bots play every mode (main refused them: "use random or heuristic")."""
    document = _json(*args, "--games", "1", "--seed", "3", "--workers", "1", "--bot", bot, "--opponent-bot", "heuristic")
    assert sum(d["games"] for d in document["decks"]) == len(document["decks"])


@pytest.mark.parametrize(("args", "said"), [
    ((NILFGAARD, "--ffa", "2"), "--ffa"),
    ((NILFGAARD, "--ffa", "4", "--vs", "monsters"), "--ffa 4 needs 3 opponents"),
    ((MONSTERS, "--team-with", "monsters"), "same faction (§17); give DECK and --team-with decks"),
    ((MONSTERS, "--team-with", "skellige", "--vs", "nilfgaard", "--vs", "nilfgaard"), "give the two --vs decks"),
    ((NILFGAARD, "--ffa", "3", "--vs", "starters"), "the --vs options name 5"),
    (("-", "--team-with", "-"), "read only once"),
    ((MONSTERS, "--team-with", "skellige", "--ffa", "3"), "cannot be combined"),
    ((MONSTERS, "--team-with", "skellige", "--solo", "all"), "--solo does not go with"),
])
def test_usage_errors_exit_2(args: tuple[str, ...], said: str) -> None:
    result = run_cli(["simulate", *args, "--games", "2", "--workers", "1"], exit_code=2)
    assert said in result.stderr


def test_a_team_of_two_long_deck_names_fits_80_columns() -> None:
    """What a new user hit (issue 36): the team results table was 83 columns wide (Nilfgaard starter + Northern
    Realms starter); it is drawn within the width as every deckcli table is, the team's name wrapping."""
    text = run_cli(["simulate", MONSTERS, "--team-with", "skellige", "--games", "4", "--workers", "1"],
                   env={"COLUMNS": "80"}).stdout
    assert max(map(len, text.splitlines())) <= 80, text
    words = " ".join(text.split())
    assert "Nilfgaard starter + Northern" in words and "win rate (95% CI)" in words


def test_a_table_run_is_a_job_of_the_one_executor() -> None:
    """Issue 34: Free For All and team runs go through the executor of every run (workers, --cluster, signals,
    back-pressure): their tasks are shards of games, and a stopped worker's task stops before its next game."""
    import threading

    from deckcli.game.simulation.executor import RunStopped, pool_size
    from deckcli.game.simulation.matchups import starter_entrant

    entrants = tuple(starter_entrant(f) for f in ("monsters", "nilfgaard", "skellige"))
    plan = TablePlan(FFA, entrants, 45, 1, "random", "random")
    assert list(plan.tasks(False)) == [(0, 20, False), (20, 40, False), (40, 45, False)] and plan.task_count() == 3
    assert pool_size(plan, 64) <= 3
    counts, _log = plan.play(plan.setup(), (0, 2, False))
    assert counts.games == 2
    stopped = threading.Event()
    stopped.set()
    with pytest.raises(RunStopped):
        plan.play(plan.setup(), (0, 2, False), stopped)
