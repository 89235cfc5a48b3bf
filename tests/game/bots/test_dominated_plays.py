"""Dominated plays the bots no longer make (issue 27, item 2), each on a crafted position: the benchmark
(benchmarks/bots.py) counts them over thousands of games; these tests hold each fix in place."""

from __future__ import annotations

from typing import Any

from deckcli.game.actions import LEADER_ACTION, PASS_ACTION
from deckcli.game.agents import PlayerView
from deckcli.game.bots.heuristic_bot import HeuristicBot
from deckcli.game.bots.search_bot import SearchBot
from deckcli.game.rounds import legal_actions
from deckcli.game.state import Game
from helpers.game_positions import in_hand, position, side


def _act(game: Game, bot: Any = None) -> Any:
    return (bot or HeuristicBot(0)).act(PlayerView(game, game.to_move), legal_actions(game))


def _weather_choice(game: Game, player: int) -> str:
    """What Eredin: King of the Wild Hunt would fetch from ``player``'s deck (§12)."""
    deck = game.deck[player]
    chosen = HeuristicBot(0).choose(PlayerView(game, player), "weather-from-deck", deck, -1)
    return game.cards.name[chosen]


def test_the_wild_hunt_fetches_clear_weather_only_where_weather_strikes_the_player():
    """§12: with Biting Frost striking the player's Close Combat row (Ves, Siegfried: 10 down to 2) Clear Weather
    gains 8; with no Weather in play it gains nothing, and Torrential Rain on the opponent's Siege row gains 6."""
    struck = position(side("monsters", "Eredin: King of the Wild Hunt", close=("Ves", "Siegfried of Denesle"),
                           deck=("Clear Weather", "Torrential Rain")),
                      side(siege=("Ballista",)), weather=("Biting Frost",))
    assert _weather_choice(struck, 0) == "Clear Weather"
    clear = position(side("monsters", "Eredin: King of the Wild Hunt", close=("Ves", "Siegfried of Denesle"),
                          deck=("Clear Weather", "Torrential Rain")),
                     side(siege=("Ballista",)))
    assert _weather_choice(clear, 0) == "Torrential Rain"


def test_it_spends_the_leader_before_passing_the_last_round():
    """§9: round three, the opponent passed 14 ahead, nothing in the hand: the game is lost either way, and the bot
    used to pass with Foltest: The Siegemaster unused. It doubles its Siege row (Ballista, 6 → 12) first: a Leader
    is worth nothing once the game is over, and a game is never lost with the Leader kept while it gains."""
    game = position(side(leader="Foltest: The Siegemaster", siege=("Ballista",), gems=1),
                    side(close=("Esterad Thyssen", "Vernon Roche"), passed=True, gems=1), round_number=3)
    assert _act(game) == LEADER_ACTION


def test_the_leader_wins_a_round_the_hand_would_give_up():
    """Round one, the opponent passed 1 ahead holding two cards more: spending the Hero (the only card) for the round
    costs too much, so the bot used to give the round up; Foltest: The Siegemaster alone (Trebuchet 6 → 12) takes it
    without spending a card."""
    game = position(side(leader="Foltest: The Siegemaster", siege=("Trebuchet",), hand=("Esterad Thyssen",)),
                    side(close=("Ves", "Yarpen Zigrin"), passed=True, hand=("Ves", "Ves", "Ves")))
    assert _act(game) == LEADER_ACTION
    no_leader = position(side(siege=("Trebuchet",), hand=("Esterad Thyssen",)),
                         side(close=("Ves", "Yarpen Zigrin"), passed=True, hand=("Ves", "Ves", "Ves")))
    assert _act(no_leader) == PASS_ACTION  # what it does without the Leader


def test_the_leader_goes_before_a_card_that_does_the_same():
    """§11, §21: a Commander's Horn and Foltest: The Siegemaster both double the Siege row; on the last gem, behind,
    the Leader doubles it and the Horn stays in the hand."""
    game = position(side(leader="Foltest: The Siegemaster", siege=("Ballista", "Trebuchet"),
                         hand=("Commander's Horn",), gems=1),
                    side(close=("Esterad Thyssen", "Vernon Roche", "John Natalis"), hand=("Ves",), gems=1),
                    round_number=3)
    assert _act(game) == LEADER_ACTION


def test_it_plays_no_card_once_ahead_after_the_opponent_passed():
    """§9: the opponent passed 5 behind in round one: a card more changes nothing but the hand it leaves for the
    next rounds; both bots pass."""
    game = position(side(close=("Ves", "Siegfried of Denesle"), hand=("Dethmold", "Ballista", "Keira Metz")),
                    side(close=("Ves",), passed=True, hand=("Ves", "Ves")))
    assert _act(game) == PASS_ACTION
    assert _act(game, SearchBot(5, rollouts=12)) == PASS_ACTION
    assert in_hand(game, 0, "Dethmold") >= 0


def test_the_ismcts_bot_plays_no_card_once_ahead_after_the_opponent_passed():
    """The same position for the ismcts bot, which shares the search bot's rule: its root holds no dominated action,
    so it passes whatever its imagined deals say, every seed (benchmarks/bots.py counts it over whole games)."""
    from deckcli.game.bots.ismcts_bot import IsmctsBot

    game = position(side(close=("Ves", "Siegfried of Denesle"), hand=("Dethmold", "Ballista", "Keira Metz")),
                    side(close=("Ves",), passed=True, hand=("Ves", "Ves")))
    assert all(_act(game, IsmctsBot(seed, iterations=16)) == PASS_ACTION for seed in range(5))


def _candidates(game: Game) -> list[Any]:
    return SearchBot(5, rollouts=12).candidates(PlayerView(game, game.to_move), legal_actions(game))


def test_the_search_bot_searches_no_card_once_ahead_after_the_opponent_passed():
    """§9: the opponent passed 5 behind in round one: the search weighs passing alone (its rollouts' luck used to
    play a card on in 10 of 100 games); a Spy would still be searched, as it brings two cards back (§10)."""
    game = position(side(close=("Ves", "Siegfried of Denesle"), hand=("Dethmold", "Ballista", "Keira Metz")),
                    side(close=("Ves",), passed=True, hand=("Ves", "Ves")))
    assert _candidates(game) == [PASS_ACTION]
    spy = position(side(close=("Ves", "Siegfried of Denesle"), hand=("Dethmold", "Prince Stennis"),
                        deck=("Ves", "Ves")),
                   side(close=("Ves",), passed=True, hand=("Ves", "Ves")))
    assert in_hand(spy, 0, "Prince Stennis") in {a[1] for a in _candidates(spy)}
    deciding = position(side(close=("Ves", "Siegfried of Denesle"), hand=("Dethmold", "Ballista")),
                        side(close=("Ves",), passed=True, hand=("Ves", "Ves"), gems=1), round_number=2)
    assert len(_candidates(deciding)) > 1  # a round that ends the game: nothing is dominated by that rule


def test_the_search_bot_searches_neither_clear_weather_without_weather_nor_a_leader_without_effect():
    """§12: Clear Weather with no Weather in play does nothing; §5: Foltest: The Siegemaster on an empty Siege row
    neither. Neither is searched; with Biting Frost striking the player's Close Combat row (10 down to 2) Clear Weather
    is."""
    hand = ("Clear Weather", "Ves", "Dethmold")
    them = side(close=("Ves", "Siegfried of Denesle"), hand=("Ves", "Ves"))
    game = position(side(leader="Foltest: The Siegemaster", close=("Yarpen Zigrin",), hand=hand), them)
    clear = in_hand(game, 0, "Clear Weather")
    candidates = _candidates(game)
    assert not any(a[1] == clear for a in candidates) and LEADER_ACTION not in candidates
    frost = position(side(close=("Ves", "Siegfried of Denesle"), hand=hand), side(ranged=("Dethmold",), hand=("Ves",)),
                     weather=("Biting Frost",))
    assert in_hand(frost, 0, "Clear Weather") in {a[1] for a in _candidates(frost)}


# the benchmark's counting (benchmarks/bots.py), on a crafted log and on a bot known to blunder --------------


def _benchmark() -> Any:
    import importlib.util

    from helpers.repository import REPO

    spec = importlib.util.spec_from_file_location("bots_benchmark", REPO / "benchmarks" / "bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    import sys

    sys.modules["bots_benchmark"] = module
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_counts_each_dominated_kind_from_the_log():
    """Each kind of dominated play, from the events a turn writes (the game log's records) and the scores before."""
    from deckcli.game.actions import LEADER, PLAY
    from deckcli.game.cards import CLEAR, SCORCH, SPECIAL, SPY, UNIT, WEATHER

    bench = _benchmark()
    facts = {"kind": {"Clear Weather": WEATHER, "Biting Frost": WEATHER, "Scorch": SPECIAL, "Ves": UNIT,
                      "Prince Stennis": UNIT},
             "bits": {"Clear Weather": CLEAR, "Biting Frost": 0, "Scorch": SCORCH, "Ves": 0, "Prince Stennis": SPY},
             "factions": ["northern-realms", "monsters"], "opponent_passed": False, "opponent_gems": 2}

    def event(kind: str, card: str | None, scores: list[int]) -> dict[str, Any]:
        return {"event": kind, "card": card, "scores": scores}

    found = bench.Dominated("test")
    weather = bench.judge_turn([event("play", "Clear Weather", [5, 5])], [5, 5], 0, (PLAY, 1, -1, -1), facts, 0,
                               found, 0)
    assert found.counts["clear-without-weather"] == 1 and weather == 0
    weather = bench.judge_turn([event("play", "Biting Frost", [3, 8])], [10, 9], 0, (PLAY, 1, -1, -1), facts, 0,
                               found, 0)
    assert found.counts["weather-or-scorch-against-self"] == 1 and weather == 1
    bench.judge_turn([event("play", "Clear Weather", [5, 5])], [5, 5], 1, (PLAY, 1, -1, -1), facts, 1, found, 1)
    assert found.counts["clear-without-weather"] == 1  # Weather lay in play
    bench.judge_turn([event("play", "Scorch", [10, 2]), event("discard", "Ves", [5, 2])], [10, 2], 0,
                     (PLAY, 1, -1, -1), facts, 0, found, 0)
    assert found.counts["weather-or-scorch-against-self"] == 2
    bench.judge_turn([event("leader", "Foltest: The Siegemaster", [4, 4])], [4, 4], 0, (LEADER, -1, -1, -1), facts,
                     0, found, 0)
    assert found.counts["leader-without-effect"] == 1
    bench.judge_turn([event("leader", "Foltest: The Siegemaster", [8, 4])], [4, 4], 0, (LEADER, -1, -1, -1), facts,
                     0, found, 0)
    assert found.counts["leader-without-effect"] == 1
    ahead = {**facts, "opponent_passed": True}
    bench.judge_turn([event("play", "Ves", [15, 9])], [10, 9], 0, (PLAY, 1, 0, -1), ahead, 0, found, 0)
    assert found.counts["played-on-ahead"] == 1
    bench.judge_turn([event("play", "Prince Stennis", [10, 14])], [10, 9], 0, (PLAY, 1, 0, -1), ahead, 0, found, 0)
    bench.judge_turn([event("play", "Ves", [15, 9])], [10, 9], 0, (PLAY, 1, 0, -1), {**ahead, "opponent_gems": 1},
                     0, found, 0)
    bench.judge_turn([event("play", "Ves", [8, 9])], [3, 9], 0, (PLAY, 1, 0, -1), ahead, 0, found, 0)
    assert found.counts["played-on-ahead"] == 1  # a Spy, a round that ends the game, a card played behind


def test_the_benchmark_finds_the_random_bots_blunders_and_few_of_the_heuristics():
    """The random bot plays Clear Weather without Weather and its Leader to no effect; in the same games the heuristic
    bot makes none of the dominated plays."""
    bench = _benchmark()
    blunders = bench.count_dominated("random", 8, seed=3)
    assert blunders.games == 8 and sum(blunders.counts.values()) > 0
    clean = bench.count_dominated("heuristic", 8, seed=3)
    assert sum(clean.counts.values()) == 0


def test_the_heuristic_plays_by_the_committed_tuned_table():
    """deckcli/game/bots/heuristic_params.py's defaults are the table tools/tune_heuristic.py wrote
    (benchmarks/heuristic-params.json): the numbers the bot plays by are the ones the tuning measured."""
    import json

    from helpers.repository import REPO
    from deckcli.game.bots.heuristic_params import DEFAULT, HeuristicParams

    tuned = json.loads((REPO / "benchmarks" / "heuristic-params.json").read_text("utf-8"))
    assert HeuristicParams.from_dict(tuned["params"]) == DEFAULT
    assert HeuristicBot(0).params == DEFAULT
    assert tuned["check_games"] > 0 and 0 <= tuned["check_win_rate"]["best"] <= 1
