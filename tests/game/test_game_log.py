"""The game log tells the truth: every event's state (scores, gems, hands, decks, the board) is the engine's after it.

Games are played through the engine one action at a time (two-player games between all ten example decks, both
seats; Gwent Solo games of every example deck against the automaton of another faction, the Leader variant on half
of them). Each time the engine is at rest (after the set-up, after every action with all it triggered, the
automaton's turns included) the state that the log's events so far add up to
(:class:`deckcli.game.game_log.Board`, each event's logged parts carried forward) must equal the engine's own, read
here from its zones: whichever event came last, it must carry the state after it. The events in between are held
to the same by the ones that issue 30 found stale, checked one by one below.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from helpers.schema_validation import output_validator
from helpers.repository import EXAMPLE_DECKS
from deckcli.catalog.loading import default_catalog
from deckcli.game.agents import Agents
from deckcli.game.bots.heuristic_bot import HeuristicBot
from deckcli.game.bots.random_bot import RandomBot
from deckcli.game.cards import deck_from_resolved
from deckcli.game.game_log import Board
from deckcli.game.rounds import legal_actions, new_game
from deckcli.game.agents import start_game, step
from deckcli.game.solo.automaton import new_solo_game, solo_agents
from deckcli.game.state import NO_HORN, Game, horn_leader
from deckcli.rules.judging import read_resolved_deck

SEEDS = 3
"""Seeds per pair of decks; every example deck plays every other, both seats."""


@functools.cache
def _decks() -> list[Any]:
    catalog = default_catalog()
    return [deck_from_resolved(read_resolved_deck(str(path)), catalog) for path in EXAMPLE_DECKS]


def _engine_state(game: Game) -> Board:
    """What the engine holds now, read from its zones (§8 Strength by the engine's own rules)."""
    names = game.cards.name
    horns: list[str | None] = []
    for slot in range(6):
        horn = game.horn[slot]
        horns.append(None if horn == NO_HORN else (game.leader[horn_leader(horn)] or "Leader") if horn_leader(horn) >= 0
                     else names[horn])
    assert not game.resolving  # at rest nothing lies on the table resolving
    return Board(
        rows=[[(names[c], v) for c, v in zip(game.rows[slot], game.row_values(slot))] for slot in range(6)],
        horns=horns, mardroeme=[[names[c] for c in row] for row in game.mardroeme],
        weather=[names[c] for c in game.weather], piles=[[names[c] for c in game.discard[side]] for side in (0, 1)],
        scores=[sum(sum(game.row_values(slot)) for slot in range(side * 3, side * 3 + 3)) for side in (0, 1)],
        gems=game.gems[:], hands=[len(game.hand[0]), len(game.hand[1])], decks=[len(game.deck[0]), len(game.deck[1])])


class _Checker:
    """Adds up the log's events as they come and compares them with the engine whenever it is at rest."""

    def __init__(self, game: Game, log: list[dict[str, Any]]) -> None:
        self.game, self.log, self.read, self.board, self.checks = game, log, 0, Board(), 0

    def at_rest(self) -> None:
        for event in self.log[self.read:]:
            self.board = self.board.after(json.loads(json.dumps(event)))  # as a reader of the file gets it
        assert self.read < len(self.log) or self.read == 0, "an action logged nothing"
        self.read = len(self.log)
        assert self.board == _engine_state(self.game), (self.log[-1], self.game.round)
        self.checks += 1


def _two_player(seed: int, first: int, second: int, bots: tuple[type, type]) -> tuple[int, list[dict[str, Any]]]:
    log: list[dict[str, Any]] = []
    decks = _decks()
    game = new_game((decks[first], decks[second]), seed, log=log)
    agents = Agents(bots[0](seed * 2 + 1), bots[1](seed * 2 + 2))
    checker = _Checker(game, log)
    start_game(game, agents)
    checker.at_rest()
    while not game.over:
        step(game, agents.act(game, game.to_move, legal_actions(game)), agents)
        checker.at_rest()
    return checker.checks, log


def _solo(seed: int, mine: int, faction: str, leader_variant: bool) -> tuple[int, list[dict[str, Any]]]:
    log: list[dict[str, Any]] = []
    game = new_solo_game(_decks()[mine], faction, seed, leader_variant=leader_variant, log=log)
    agents = solo_agents(HeuristicBot(seed))
    checker = _Checker(game, log)
    start_game(game, agents)
    checker.at_rest()
    while not game.over:
        step(game, agents.act(game, 0, legal_actions(game)), agents)
        checker.at_rest()
    return checker.checks, log


@pytest.mark.parametrize("first", range(len(EXAMPLE_DECKS)), ids=[p.stem for p in EXAMPLE_DECKS])
def test_every_two_player_games_log_adds_up_to_the_engines_state(first):
    kinds: set[str] = set()
    checks = 0
    for second in range(len(EXAMPLE_DECKS)):
        for seed in range(SEEDS):
            bots = (HeuristicBot, RandomBot) if seed % 2 else (RandomBot, HeuristicBot)
            for a, b in ((first, second), (second, first)) if seed == 0 else ((first, second),):
                done, log = _two_player(seed * 100 + first * 10 + second, a, b, bots)
                checks += done
                kinds.update(e["event"] for e in log)
                assert log[-1]["event"] == "game_end"
    assert checks > len(EXAMPLE_DECKS) * SEEDS * 10
    assert {"play", "pass", "round_end", "game_end"} <= kinds


@pytest.mark.parametrize("mine", range(len(EXAMPLE_DECKS)), ids=[p.stem for p in EXAMPLE_DECKS])
def test_every_solo_games_log_adds_up_to_the_engines_state(mine):
    own = _decks()[mine].faction
    others = [slug for slug in default_catalog().factions if slug != own]
    checks = 0
    for number, faction in enumerate(others):
        done, _ = _solo(mine * 10 + number, mine, faction, leader_variant=number % 2 == 0)
        checks += done
    assert checks > len(others) * 5


def _events(log: list[dict[str, Any]], kind: str, card: str | None = None) -> list[int]:
    return [i for i, e in enumerate(log) if e["event"] == kind and (card is None or e["card"] == card)]


def _played_games() -> list[list[dict[str, Any]]]:
    """A few hundred logged games between the example decks (the Weather decks meet often)."""
    logs = []
    for seed in range(60):
        first, second = seed % len(EXAMPLE_DECKS), (seed * 7 + 3) % len(EXAMPLE_DECKS)
        logs.append(_two_player(seed, first, second, (HeuristicBot, HeuristicBot))[1])
    return logs


@functools.cache
def _logs() -> list[list[dict[str, Any]]]:
    return _played_games()


def test_a_clear_weather_play_carries_the_totals_without_the_weather():
    """Issue 30: a Clear Weather play carried the totals from before the Weather was cleared."""
    seen = 0
    for log in _logs():
        board = Board()
        for event in log:
            before, board = board, board.after(event)
            if event["event"] == "play" and event["card"] == "Clear Weather":
                assert board.weather == []
                if before.weather:
                    seen += 1
                    assert event["board"]["weather"] == []
                    assert board.piles[event["player"]][-1] == "Clear Weather"
                    assert event["scores"] == [sum(v for row in board.rows[s * 3:s * 3 + 3] for _, v in row)
                                               for s in (0, 1)]
    assert seen >= 3


def test_round_end_carries_the_cleared_battlefield_and_the_totals_it_was_decided_on():
    """Issue 30: keep and round_end carried the round's totals, not the state after them."""
    ends = 0
    for log in _logs():
        board = Board()
        for index, event in enumerate(log):
            before, board = board, board.after(event)
            if event["event"] == "keep":
                assert log[index + 1]["event"] in ("keep", "round_end")
                assert board.rows == before.rows and event["gems"] == before.gems  # a keep changes nothing yet
            if event["event"] == "round_end":
                ends += 1
                assert event["totals"] == before.scores
                kept = [(e["player"], e["card"]) for e in log[index - 2:index] if e["event"] == "keep"]
                assert sorted((slot // 3, name) for slot, row in enumerate(board.rows) for name, _ in row) == sorted(kept)
                assert board.weather == [] and board.horns == [None] * 6
                winner = event["player"]
                assert event["gems"] == [g - (winner != p) for p, g in enumerate(before.gems)]
    assert ends > 100


def test_every_event_matches_the_schema_and_the_start_names_the_format():
    validator = output_validator("game-log")
    for log in _logs()[:10]:
        assert log[0]["event"] == "start" and log[0]["format_version"] == 2
        for event in log:
            errors = [e.message for e in validator.iter_errors(json.loads(json.dumps(event)))]
            assert not errors, (event, errors)
