"""Thousands of random legal games between the example decks, every event checked against the rulebook.

After every event: no card in two places, the cards of the game all somewhere (§2: side decks and the
removed Berserkers counted), gems only falling, every Hero at its printed Strength (§5). Over the whole
log: 10 cards each at the start (11 with Daisy of the Valley, §6), at most 2 exchanges each, a gem lost
by each round's loser and by both on a tie (§9), at most 3 rounds, Northern Realms drawing for a won
round (§3). 2,000 games in CI's deep run, a quarter of them in the README's test command (conftest's
:func:`examples`); ``DECKCLI_FUZZ_SCALE`` multiplies the number of games.
"""

from __future__ import annotations

import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.schema_validation import output_validator
from helpers.depth import examples
from helpers.repository import EXAMPLE_DECKS
from deckcli.game.actions import PASS
from deckcli.game.agents import Agents
from deckcli.game.bots.random_bot import RandomBot
from deckcli.game.rounds import new_game
from deckcli.game.agents import play_game
from helpers.game_positions import CheckedLog, example_game_decks as _decks

SCALE = float(os.environ.get("DECKCLI_FUZZ_SCALE", "1"))
GAMES = examples(max(round(2000 * SCALE), 1))


class _Playing(RandomBot):
    """A random player that passes only one time in ten when it has anything else to do: longer rounds,
    more of the rulebook exercised."""

    def act(self, view, actions):
        if len(actions) > 1 and self.rng.random() < 0.9:
            actions = [a for a in actions if a[0] != PASS]
        return super().act(view, actions)


def _play(seed: int, first: int, second: int, bot: type[RandomBot]) -> tuple[Any, list[dict[str, Any]]]:
    decks = _decks()
    log = CheckedLog()
    game = new_game((decks[first], decks[second]), seed, log=log)
    log.game = game
    log.total = len(game.cards)
    play_game(game, Agents(bot(seed * 2 + 1), bot(seed * 2 + 2)))
    return game, log


def _check_log(game: Any, log: list[dict[str, Any]]) -> None:
    hands = [e for e in log if e["event"] == "hand"]
    for event in hands:
        daisy = game.leader[event["player"]] == "Francesca Findabair: Daisy of the Valley"
        assert len(event["cards"]) == (11 if daisy else 10)
    for player in (0, 1):
        assert len([e for e in log if e["event"] == "exchange" and e["player"] == player]) <= 2
    ends = [e for e in log if e["event"] == "round_end"]
    assert 1 <= len(ends) <= 3
    gems = [2, 2]
    for end in ends:
        winner = end["player"]
        expected = [g - (1 if winner != p else 0) for p, g in enumerate(gems)]
        assert end["gems"] == expected, (end, gems)
        gems = expected
        if min(gems) > 0:
            after = log[log.index(end) + 1:]
            between = after[:next((i for i, e in enumerate(after) if e["event"] == "round_end"), len(after))]
            drew = [e["player"] for e in between if e["event"] == "draw" and e.get("reason") == "faction"]
            northern = winner is not None and game.faction[winner] == "northern-realms"
            assert drew == ([winner] if northern and end["decks"][winner] else []), (end, drew)
    final = log[-1]
    assert final["event"] == "game_end" and final["winner"] == game.winner
    assert min(final["gems"]) == 0
    assert (game.winner is None) == (final["gems"] == [0, 0])


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), first=st.integers(0, len(EXAMPLE_DECKS) - 1),
       second=st.integers(0, len(EXAMPLE_DECKS) - 1), passing=st.booleans())
def test_random_games_keep_the_rules(seed, first, second, passing):
    game, log = _play(seed, first, second, RandomBot if passing else _Playing)
    _check_log(game, log)


def test_every_pair_of_example_decks_plays_to_the_end():
    """The engine plays complete games between any two decks in decks/ (both seats, a few seeds each)."""
    rng = random.Random(19)
    for first in range(len(EXAMPLE_DECKS)):
        for second in range(len(EXAMPLE_DECKS)):
            game, log = _play(rng.randrange(2**32), first, second, _Playing)
            _check_log(game, log)


def test_a_game_is_reproducible_from_its_seed_and_decks():
    first = [e for e in _play(7, 2, 9, _Playing)[1]]
    second = [e for e in _play(7, 2, 9, _Playing)[1]]
    other = [e for e in _play(8, 2, 9, _Playing)[1]]
    assert first == second and first != other


def test_the_log_matches_its_schema():
    """Every event of the log is an object the shipped schema (``deckcli schema --output-of game-log``) accepts."""
    import json

    validator = output_validator("game-log")
    events = 0
    for seed in range(12):
        _, log = _play(seed, seed % len(EXAMPLE_DECKS), (seed * 3) % len(EXAMPLE_DECKS), _Playing)
        for event in log:
            errors = list(validator.iter_errors(json.loads(json.dumps(event))))
            assert not errors, (event, [e.message for e in errors])
            events += 1
    assert events > 12 * 20
    assert not validator.is_valid({**log[0], "event": "shuffle"})
