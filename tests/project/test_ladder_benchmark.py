"""benchmarks/ladder.py, which writes the package's ladder: its entries are every bot of the registry (a bot added
there is on the next run's ladder) and the yardstick, main's heuristic frozen, the anchor; the strong bot's targets
follow the bot named; the Bradley–Terry fit gives back the strengths that made the games."""

from __future__ import annotations

import importlib
import math
import sys
from types import ModuleType

import pytest

from helpers.repository import REPO
from deckcli.game.bots import BOTS, BotEntry, bot_class
from deckcli.game.bots.heuristic_params import HeuristicParams


@pytest.fixture()
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(REPO / "benchmarks"))
    for name in ("ladder", "yardstick"):
        sys.modules.pop(name, None)
    monkeypatch.setattr("deckcli.game.bots.BOTS", dict(BOTS))  # the yardstick registers itself in a copy
    return importlib.import_module("ladder")


def test_the_entries_are_the_registrys_bots_then_the_yardstick(bench: ModuleType):
    assert bench.entries() == [name for name in BOTS if name != "ismcts"] + ["heuristic (main's params)"]


def test_a_bot_added_to_the_registry_is_on_the_next_runs_ladder(bench: ModuleType, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(bench.REGISTRY, "newer", BotEntry("deckcli.game.bots.newer_bot", "NewerBot", "x"))
    assert "newer" in bench.entries()
    games = {(first, second): count for first, second, count in bench.pairs(bench.entries(), "newer", 1)}
    assert games[("newer", "heuristic (main's params)")] == 400 and games[("newer", "ismcts-classic")] == 400
    assert len(games) == math.comb(len(bench.entries()), 2)
    assert all(count == 100 for pair, count in games.items() if pair[0] != "newer" or pair[1] == "heuristic")


def test_todays_strong_bot_is_held_to_issue_27s_second_target(bench: ModuleType):
    assert bench.default_strong() == "strong"
    assert bench.targets("strong", bench.entries()) == {("strong", "heuristic (main's params)"): 0.75,
                                                        ("strong", "ismcts-classic"): 0.65}
    assert bench.targets("ismcts-classic", bench.entries()) == {
        ("ismcts-classic", "heuristic (main's params)"): 0.75, ("ismcts-classic", "search"): 0.65}
    assert "ismcts" not in bench.entries(), "another name of the strong bot is no entry of its own"
    assert bench.targets("ismcts", ["ismcts", "random"]) == {}


def test_the_yardstick_plays_mains_table_whatever_the_default(bench: ModuleType, monkeypatch: pytest.MonkeyPatch):
    import json

    yardstick = sys.modules["yardstick"]
    frozen = json.loads((REPO / "benchmarks" / "yardstick-params.json").read_text("utf-8"))
    yardstick.register()
    made = bot_class("heuristic (main's params)")(5)
    assert made.params == HeuristicParams.from_dict(frozen["params"])
    retuned = HeuristicParams(card=9.0)
    monkeypatch.setattr("deckcli.game.bots.heuristic_params.DEFAULT", retuned)
    monkeypatch.setattr("deckcli.game.bots.heuristic_bot.DEFAULT", retuned)
    assert bot_class("heuristic (main's params)")(5).params == made.params != retuned
    assert yardstick.differs_from_default() == ["card"]


def test_an_entry_that_is_none_is_refused_with_the_entries(bench: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]):
    monkeypatch.setattr(sys, "argv", ["ladder.py", "--bots", "heuristic", "nosuch"])
    with pytest.raises(SystemExit) as raised:
        bench.main()
    assert raised.value.code == 2
    assert "'nosuch' is no entry of the ladder; the entries: 'random'" in capsys.readouterr().err


def test_the_fit_gives_back_the_strengths_that_made_the_games(bench: ModuleType):
    # three entries; 0 beats 1 three games in four, 1 beats 2 three in four, 0 beats 2 nine in ten
    results = {(0, 1): (7500.0, 10000.0), (1, 2): (7500.0, 10000.0), (0, 2): (9000.0, 10000.0)}
    theta, errors = bench.bradley_terry(results, 3, anchor=1, prior=0.0)
    assert theta[1] == 0.0 and errors[1] == 0.0
    assert theta[0] == pytest.approx(-theta[2], abs=0.02)
    assert 1 / (1 + math.exp(theta[2] - theta[0])) == pytest.approx(0.9, abs=0.01)
    assert 0 < errors[0] < 0.05 and 0 < errors[2] < 0.05


def test_a_default_run_writes_a_ladder_the_package_reads_with_the_yardstick_its_anchor(
        bench: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path):
    import argparse
    import json

    from deckcli.game.bots import ladder as packaged

    record = sys.modules["record"]
    run = record.Run("ladder", argparse.Namespace(record=None, no_record=False, quick=False))
    yard = "heuristic (main's params)"
    run.add("pair.ismcts.heuristic-main", record.rate_figure(560, 400, bots=["ismcts", yard]))
    run.add("pair.heuristic.heuristic-main", record.rate_figure(100, 100, bots=["heuristic", yard]))
    ladder = [{"name": "ismcts", "bot": "ismcts", "rating": 1070, "interval": [1040, 1100], "games": 400},
              {"name": yard, "bot": None, "rating": 1000, "interval": None, "games": 500},
              {"name": "heuristic", "bot": "heuristic", "rating": 1000, "interval": [960, 1040], "games": 100}]
    ranking = {"bots": ["search", "random"], "spearman": 0.5, "games_per_deck": {"search": 10, "random": 10},
               "measured": {"command": "python benchmarks/bots.py", "date": "d", "machine": "m", "code": "c"}}
    (tmp_path / "ladder.json").write_text(json.dumps({"ranking": ranking}), "utf-8")
    monkeypatch.setattr(bench, "LADDER", tmp_path / "ladder.json")
    bench.write_ladder(ladder, run)
    written = json.loads((tmp_path / "ladder.json").read_text("utf-8"))
    assert written["anchor"] == yard and written["ranking"] == ranking  # bots.py's part stays
    assert written["measured"]["command"].startswith("python benchmarks/")
    assert [(p["first"], p["second"], p["games"]) for p in written["pairs"]] == [
        ("ismcts", yard, 400), ("heuristic", yard, 100)]
    monkeypatch.setattr(packaged, "read_ladder", lambda: written)
    said = packaged.standing("ismcts")
    assert said is not None and said.startswith(f"Elo 1070 (1040–1100), the {yard} bot at 1000")
    assert f"above the {yard} bot (it wins 70% (65–74) of 400 games)" in said
    assert "level with" in (packaged.standing("heuristic") or "")
