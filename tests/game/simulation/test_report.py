"""The simulation's story (issue 30, item 3): how the games went, gathered by the workers as they play; the per-card
table sorted by the size of its change and marked by Holm's correction; the progress bar's times and the notice of
a long run."""

from __future__ import annotations

import json
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.schema_validation import output_validator
from helpers.cli_runs import run_cli
from helpers.depth import examples
from helpers.repository import DECKS
from deckcli.catalog.loading import default_catalog
from deckcli.game.simulation.report import CAVEAT
from deckcli.game.simulation.statistics import difference_p_value, holm

NR = str(DECKS / "northern-realms-starter.toml")
SOLO_DECK = str(DECKS / "skellige-advanced.toml")


def _simulate(*args: str) -> dict:
    document = json.loads(run_cli(["simulate", *args, "--format", "json"]).stdout)
    output_validator("simulate").validate(document)
    return document


def _weather_names() -> set[str]:
    return {card.name for card in default_catalog().cards.values() if card.kind == "weather" and
            "Clear" not in card.name}


def _story_from_the_log(events: list[dict], deck: str) -> dict[str, int]:
    """The story's counts, read from the game log alone (another path than the tally's): per game, the deck's
    seat from its first event, each round's winner from ``round_end``, the game's from ``game_end``, and in the
    deciding (last) round the Scorches that discarded the deck's units and the opponent's Weather Cards."""
    weather = _weather_names()
    games: dict[int, list[dict]] = {}
    for event in events:
        games.setdefault(event["game"], []).append(event)
    found = dict.fromkeys(["games", "wins", "losses", "won_round_1", "lost_round_1", "comeback", "scorch", "weather",
                           "fewer", "advantage"], 0)
    for played in games.values():
        seat = played[0]["deck_names"].index(deck)
        other = 1 - seat
        ends = [e for e in played if e["event"] == "round_end"]
        winner = next(e for e in played if e["event"] == "game_end")["winner"]
        last = ends[-1]["round"]
        found["games"] += 1
        found["wins"] += winner == seat
        found["losses"] += winner == other
        found["won_round_1"] += ends[0]["player"] == seat
        found["lost_round_1"] += ends[0]["player"] == other
        found["comeback"] += ends[0]["player"] == other and winner == seat
        # hands entering the deciding round: the opening hands, or the previous round's end and the draws of
        # the round's start (Northern Realms, §3)
        if last == 1:
            hands = [len(next(e for e in played if e["event"] == "hand" and e["player"] == p)["cards"]) for p in (0, 1)]
        else:
            hands = list(ends[-2]["hands"])
            for e in played:
                if e["event"] == "draw" and e["round"] == last and e.get("reason") == "faction":
                    hands[e["player"]] += len(e["cards"])
        advantage = hands[seat] - hands[other]
        found["advantage"] += advantage
        if winner == other:
            found["fewer"] += advantage < 0
            deciding = [e for e in played if e["round"] == last]
            found["scorch"] += any(e["event"] == "discard" and e["row"] is not None and e["player"] == seat
                                   for e in deciding)
            found["weather"] += any(e["event"] == "play" and e["player"] == other and e["card"] in weather
                                    for e in deciding)
    return found


def test_the_story_counts_what_the_game_log_shows(tmp_path):
    log = tmp_path / "games.jsonl"
    document = _simulate(NR, "--vs", "monsters", "--vs", "nilfgaard", "--games", "30", "--workers", "1", "--log",
                         str(log))
    overall = document["overall"]
    story = overall["story"]
    expected = _story_from_the_log([json.loads(line) for line in log.read_text("utf-8").splitlines()],
                                   "Northern Realms starter")
    assert expected["games"] == overall["games"] == 60
    assert (expected["wins"], expected["losses"]) == (overall["wins"], overall["losses"])
    assert story["won_round_1"]["count"] == expected["won_round_1"] and story["won_round_1"]["of"] == 60
    assert story["won_after_losing_round_1"]["of"] == expected["lost_round_1"]
    assert story["won_after_losing_round_1"]["count"] == expected["comeback"]
    assert story["card_advantage"]["of"] == 60
    assert story["card_advantage"]["mean"] == pytest.approx(expected["advantage"] / 60)
    lost = story["lost"]
    assert all(way["of"] == overall["losses"] for way in lost.values())
    assert lost["fewer_cards"]["count"] == expected["fewer"]
    assert lost["scorch"]["count"] == expected["scorch"]
    assert lost["weather"]["count"] == expected["weather"]
    assert expected["scorch"] + expected["weather"] > 0  # the check reads something
    # a won game's deciding round was won (or tied and won by Nilfgaard's rule), a lost one lost
    assert story["margin_won"]["of"] == overall["wins"] and story["margin_won"]["mean"] >= 0
    assert story["margin_lost"]["of"] == overall["losses"] and story["margin_lost"]["mean"] <= 0
    # only Nilfgaard wins a tie (§3)
    monsters, nilfgaard = (m["story"]["lost"]["tie_against_nilfgaard"]["count"] for m in document["matchups"])
    assert monsters == 0 and nilfgaard == lost["tie_against_nilfgaard"]["count"]


def test_the_story_adds_up_over_the_matchups():
    document = _simulate(NR, "--vs", "skellige", "--vs", "scoiatael", "--games", "20", "--workers", "1")
    for key in ("won_round_1", "won_after_losing_round_1"):
        assert sum(m["story"][key]["count"] for m in document["matchups"]) == document["overall"]["story"][key]["count"]
    for way in ("scorch", "weather", "fewer_cards"):
        assert sum(m["story"]["lost"][way]["count"] for m in document["matchups"]) == \
            document["overall"]["story"]["lost"][way]["count"]
    rate = document["overall"]["story"]["won_round_1"]
    assert rate["rate"] == rate["count"] / rate["of"] and rate["ci95"][0] <= rate["rate"] <= rate["ci95"][1]


@pytest.mark.parametrize("args", [[NR, "--vs", "monsters", "--vs", "nilfgaard", "--games", "30"],
                                  [SOLO_DECK, "--solo", "nilfgaard", "--games", "30"]], ids=["standard", "solo"])
def test_the_story_is_the_same_whatever_the_workers(args):
    one, two = _simulate(*args, "--workers", "1"), _simulate(*args, "--workers", "2")
    assert [m["story"] for m in one["matchups"]] == [m["story"] for m in two["matchups"]]
    assert one["overall"]["story"] == two["overall"]["story"] and one["cards"] == two["cards"]


def test_gwent_solo_tells_no_card_advantage():
    """The automaton holds no hand (§18): a card count against it would mean nothing."""
    story = _simulate(SOLO_DECK, "--solo", "monsters", "--games", "6", "--workers", "1")["overall"]["story"]
    assert story["card_advantage"] is None and story["lost"]["fewer_cards"] is None
    text = run_cli(["simulate", SOLO_DECK, "--solo", "monsters", "--games", "6", "--workers", "1"]).stdout
    assert "no card count in Gwent Solo" in text


def _card_table(text: str) -> list[list[str]]:
    block = text.split("the largest change first, either way:")[1].split("\n* beyond noise")[0]
    return [re.split(r"\s{2,}", line.strip()) for line in block.splitlines()[3:]]


def test_the_card_table_is_sorted_by_the_size_of_the_change_and_marked_as_json_says():
    args = [NR, "--vs", "monsters", "--vs", "skellige", "--games", "40", "--workers", "1"]
    text = run_cli(["simulate", *args]).stdout
    cards = {c["card"]: c for c in _simulate(*args)["cards"]}
    rows = _card_table(text)
    assert len(rows) == len(cards)
    changes = [abs(float(row[-1].removesuffix(" pts"))) for row in rows]
    assert changes == sorted(changes, reverse=True)
    for row in rows:
        name = row[0].removesuffix(" *")
        assert row[0].endswith(" *") == cards[name]["beyond_noise"]
        assert float(row[-1].removesuffix(" pts")) == pytest.approx(cards[name]["difference"] * 100, abs=0.051)
    assert holm([c["p_value"] for c in cards.values()]) == [c["beyond_noise"] for c in cards.values()]
    # the caveat is printed under the table, and carried by the JSON
    said = " ".join(text.split())
    assert said.index("* beyond noise") < said.index(" ".join(CAVEAT.split())) < said.index("Measured:")
    assert "diff OLD NEW --simulate" in CAVEAT


def test_a_card_far_beyond_noise_is_marked_and_one_at_chance_is_not():
    """A tally made by hand: the deck won 90 of the 100 games with Decoy in the opening hand and 10 of the 100
    without; Ves came as often in won games as in lost ones."""
    from deckcli.game.simulation.matchups import opponents, starter_entrant
    from deckcli.game.simulation.report import SimulationReport
    from deckcli.game.simulation.runs import Plan, Tally

    subject = starter_entrant("northern-realms")
    plan = Plan((subject,), opponents(()), 40, 1, "heuristic", "heuristic")
    tally = Tally(plan)
    names = subject.card_names()
    for counts in tally.counts[0]:
        counts.wins, counts.losses = 20, 20
    whole = tally.counts[0][0]
    whole.held[names.index("Decoy")], whole.held_points[names.index("Decoy")] = 100, 180
    whole.held[names.index("Ves")], whole.held_points[names.index("Ves")] = 100, 100
    report = SimulationReport(plan, tally)
    cards = {c["card"]: c for c in report.cards()}
    assert cards["Decoy"]["beyond_noise"] and cards["Decoy"]["difference"] == pytest.approx(0.9 - 0.1)
    assert not cards["Ves"]["beyond_noise"] and cards["Ves"]["difference"] == 0
    rows = _card_table(report.render_text(None))
    assert rows[0][0] == "Decoy *" and rows[0][-1] == "+80.0 pts"
    assert [row[0] for row in rows if row[0].endswith("*")] == ["Decoy *"]


def test_the_story_fits_80_columns():
    text = run_cli(["simulate", NR, "--games", "3", "--workers", "1"], env={"COLUMNS": "80"}).stdout
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "How the games went" in text and "How the lost games were lost" in text


# the per-card test and Holm's correction ----------------------------------------------------------------------


def _chi_square_p(a: int, b: int, c: int, d: int) -> float:
    """An independent p-value: Pearson's chi-square of the 2×2 table (won, lost) × (with, without), one degree of
    freedom, without continuity correction (the square of the pooled z), p = erfc(sqrt(chi² / 2))."""
    n = a + b + c + d
    chi = n * (a * d - b * c) ** 2 / ((a + b) * (c + d) * (a + c) * (b + d))
    return math.erfc(math.sqrt(chi / 2))


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 300), st.integers(1, 300), st.data())
def test_the_p_value_is_pearsons_chi_square(games, other_games, data):
    wins = data.draw(st.integers(0, games))
    other_wins = data.draw(st.integers(0, other_games))
    found = difference_p_value(2 * wins, games, 2 * other_wins, other_games)
    if wins + other_wins in (0, games + other_games):
        assert found is None
    else:
        expected = _chi_square_p(wins, games - wins, other_wins, other_games - other_wins)
        assert found == pytest.approx(expected, rel=1e-9, abs=1e-12)


def _holm_by_definition(p_values: list[float | None], level: float = 0.05) -> list[bool]:
    """Holm (1979) as written: order the m tested p-values; the i-th smallest (from 1) is rejected when it and every
    smaller one satisfy p_(j) <= level / (m - j + 1)."""
    tested = sorted(p for p in p_values if p is not None)
    m = len(tested)
    rejected_up_to = 0
    for j, p in enumerate(tested, 1):
        if p > level / (m - j + 1):
            break
        rejected_up_to = j
    threshold = tested[rejected_up_to - 1] if rejected_up_to else -1.0
    return [p is not None and p <= threshold for p in p_values]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.one_of(st.none(), st.sampled_from([0.0, 0.001, 0.002, 0.01, 0.0125, 0.025, 0.05, 0.2, 1.0]),
                          st.floats(0, 1)), max_size=30))
def test_holm_marks_what_its_definition_marks(p_values):
    assert holm(p_values) == _holm_by_definition(p_values)


def test_holm_is_stricter_than_each_row_alone():
    # four rows at p = 0.02: each alone beyond noise at 5%, none after the correction for four rows
    assert holm([0.02] * 4) == [False] * 4
    # three tested: 0.001 <= .05/3, 0.013 <= .05/2, then 0.06 > .05/1 stops
    assert holm([0.001, 0.013, 0.06, None]) == [True, True, False, False]
    assert holm([0.03, 0.001, 0.013]) == [True, True, True]


# the progress bar's times and the notice of a long run -------------------------------------------------------------


def test_the_progress_bar_shows_the_time_so_far_and_an_estimate_of_the_rest(monkeypatch, capsys):
    from deckcli.cli.progress import ProgressBar

    now = [50.0]
    monkeypatch.setattr("time.monotonic", lambda: now[0])
    monkeypatch.setenv("COLUMNS", "100")
    bar = ProgressBar(1000, after=1.0, timed=True)
    now[0] = 60.0
    bar.show(250, "games")
    assert capsys.readouterr().err.endswith("250/1,000 games, 0:10 so far, about 0:30 left")
    now[0] = 125.0
    bar.show(1000, "games")
    assert capsys.readouterr().err.endswith("1,000/1,000 games, 1:15 so far, about 0:00 left")
    monkeypatch.setenv("COLUMNS", "30")  # no room: the count alone, within the terminal
    bar.show(500, "games")
    drawn = capsys.readouterr().err.split("\r")[-1]
    assert drawn.endswith("500/1,000 games") and "so far" not in drawn and len(drawn) < 30


@pytest.mark.parametrize(("seconds", "shown"), [(0, "0:00"), (7.4, "0:07"), (65, "1:05"), (3723, "1:02:03")])
def test_a_duration_is_shown_as_a_clock(seconds, shown):
    from deckcli.cli.progress import clock_text

    assert clock_text(seconds) == shown


def test_the_estimate_is_a_sample_games_time_shared_over_the_cores_left(monkeypatch):
    from deckcli.game.simulation import executor, runs
    from deckcli.game.simulation.matchups import opponents, starter_entrant
    from deckcli.game.simulation.runs import Plan

    ticks = iter(range(10_000))
    monkeypatch.setattr(executor, "default_workers", lambda: 2)
    plan = Plan((starter_entrant("monsters"),), opponents(()), 400, 1, "heuristic", "heuristic")

    def estimate(workers: int, load: float) -> float:
        return runs.estimated_seconds(plan, workers, clock=lambda: float(next(ticks)), load=load)

    # every sample game takes one tick: one game, then the budget is spent
    assert estimate(1, 0.0) == pytest.approx(plan.total)
    assert estimate(2, 0.0) == pytest.approx(plan.total / 2)
    assert estimate(2, 8.0) == pytest.approx(plan.total / (2 * 2 / 10))  # each process gets a fifth of a core


def test_a_long_run_says_so_before_it_starts(monkeypatch):
    from deckcli.cli import play

    monkeypatch.setattr(play, "LONG_RUN", 0.0)
    result = run_cli(["simulate", NR, "--vs", "monsters", "--games", "4", "--workers", "1"])
    assert re.fullmatch(r"This run plays 4 games: about 0:\d\d on 1 process \(fewer --games for less\)\.\n",
                        result.stderr)
    monkeypatch.setattr(play, "LONG_RUN", 10.0)
    assert run_cli(["simulate", NR, "--vs", "monsters", "--games", "4", "--workers", "1"]).stderr == ""
