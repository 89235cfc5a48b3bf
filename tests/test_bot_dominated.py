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
from game_positions import in_hand, position, side


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
