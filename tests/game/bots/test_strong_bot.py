"""The strong bot (issue 37): information-set tree search over every decision point, a result per player.

Its hidden-information and seat-symmetry properties are the registry-wide tests' (test_bots.py,
test_seat_symmetry.py: every bot of the registry, the strong bot among them); these are its own.
"""

from __future__ import annotations

import functools
import random

from deckcli.game.actions import PASS_ACTION
from deckcli.game.agents import Agents, PlayerView, play_game
from deckcli.game.bots import BOTS, STRONG, bot_class
from deckcli.game.bots.strong_bot import Node, StrongBot, option_key
from deckcli.game.cards import GameDeck
from deckcli.game.modes import FREE_FOR_ALL, TEAMS
from deckcli.game.rounds import advance, apply_action, legal_actions, new_game
from deckcli.game.simulation.matchups import starter_entrant
from deckcli.game.state import Game
from helpers.game_positions import played_turns, position, side

FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")


@functools.cache
def _starter(faction: str) -> GameDeck:
    return starter_entrant(faction).deck


def _medic_choice() -> Game:
    """Dun Banner Medic just played (§10 Medic): the game waits inside the move on which unit comes back."""
    game = position(side(hand=("Dun Banner Medic", "Ves"), discard=("Dethmold", "Yarpen Zigrin"), close=("Ves",),
                         deck=("Ballista",)),
                    side(close=("Ves", "Ves"), hand=("Ves",), deck=("Ballista",)))
    names = game.cards.name
    apply_action(game, next(a for a in legal_actions(game) if a[1] >= 0 and names[a[1]] == "Dun Banner Medic"))
    return game


def test_the_registry_names_the_strong_bot_and_keeps_ismcts_as_its_alias():
    assert STRONG == "strong"
    assert BOTS["strong"][:2] == BOTS["ismcts"][:2] == ("deckcli.game.bots.strong_bot", "StrongBot")
    assert isinstance(bot_class("ismcts")(1), StrongBot)


def test_a_choice_inside_a_move_is_searched():
    """The Medic's pick is a decision of its own: the root holds each unit of the discard pile, every iteration
    spent on one of them, each valued by the result of the player who chose (0-1 a iteration)."""
    game = _medic_choice()
    decision = game.decision
    assert decision is not None and decision.question == "medic" and decision.player == 0
    view = PlayerView(game, 0)
    root, keys = StrongBot(1, iterations=16).search(view, decision.options, 16)
    assert set(keys.values()) == set(decision.options)
    assert {key[2] for key in root.children} == {"Dethmold", "Yarpen Zigrin"}
    assert sum(child.visits for child in root.children.values()) == root.visits == 16
    assert all(0 <= child.reward <= child.visits for child in root.children.values())
    assert StrongBot(1, iterations=16).choose(view, "medic", decision.options, -1) in decision.options


def test_the_pass_is_searched_at_every_turn():
    """§7: passing is open at every turn, and the root searches it beside the cards (the only turn it leaves out
    is the 0:0 pass to a faction that profits from the round given away, §3)."""
    for seed in range(2):
        game = played_turns((_starter("skellige"), _starter("scoiatael")), seed, 2 + 3 * seed,
                            (bot_class("heuristic")(seed), bot_class("heuristic")(seed + 1)))
        if game.over:
            continue
        actions = legal_actions(game)
        view = PlayerView(game, game.to_move)
        root, _keys = StrongBot(seed, iterations=4).search(view, actions, 4)
        decision = game.decision
        assert decision is not None
        # seat 1 is searched from seat 0 (the position mirrored): a key names its player by that seat
        assert option_key(game, decision, PASS_ACTION)[1:] in {key[1:] for key in root.order}


def _first_turn(decks: tuple[GameDeck, ...], mode: object, seed: int) -> Game:
    game = new_game(decks, seed, mode=mode)  # type: ignore[arg-type]
    bot = bot_class("heuristic")(seed)
    advance(game)
    while game.decision is not None and game.decision.question != "act":
        view = PlayerView(game, game.decision.player)
        question = game.decision.question
        if question == "exchange":
            answer = bot.exchange(view)
            apply_action(game, -1 if answer is None else answer)
        elif question == "starter":
            apply_action(game, bot.starter(view))
        else:
            apply_action(game, game.decision.options[0])
    return game


def _root(bot: StrongBot, world: Game) -> Node:
    root = Node()
    assert world.decision is not None
    root.order = bot._prior(world, world.decision)
    return root


def test_free_for_all_and_teams_back_up_a_result_per_player():
    """Each iteration's values are :func:`deckcli.game.rounds.returns`': one per player, a first place shared in
    Free For All (§16), teammates' equal (§17); each node counts the result of the player who chose it."""
    three = tuple(_starter(f) for f in FACTIONS[:3])
    game = _first_turn(three, FREE_FOR_ALL, 3)
    bot = StrongBot(2, iterations=4)
    me = game.to_move
    view = PlayerView(game, me)
    for index in range(3):
        world = view.determinized(random.Random(index))
        found = bot._iterate(world, _root(bot, world), me, bot._seats(view), None)
        assert len(found) == 3 and abs(sum(found) - 1) < 1e-9 and all(0 <= v <= 1 for v in found)
    four = (_starter("monsters"), _starter("nilfgaard"), _starter("skellige"), _starter("scoiatael"))
    teams = _first_turn(four, TEAMS, 5)
    mover = teams.to_move
    view = PlayerView(teams, mover)
    for index in range(3):
        world = view.determinized(random.Random(index))
        found = bot._iterate(world, _root(bot, world), mover, bot._seats(view), None)
        for player in range(4):
            mate = [p for p in range(4) if p != player and teams.side_of[p] == teams.side_of[player]]
            assert found[player] == found[mate[0]]
        assert sorted(set(found)) in ([0.0, 1.0], [0.5])
    assert StrongBot(2, iterations=6).act(view, legal_actions(teams)) in legal_actions(teams)


def test_a_seeded_strong_bot_repeats_itself_and_another_seed_may_not():
    game = played_turns((_starter("monsters"), _starter("nilfgaard")), 9, 5,
                        (bot_class("heuristic")(9), bot_class("heuristic")(10)))
    view = PlayerView(game, game.to_move)
    actions = legal_actions(game)
    assert StrongBot(4, iterations=10).act(view, actions) == StrongBot(4, iterations=10).act(view, actions)


def test_the_same_seed_plays_the_same_game():
    """The bot's choices come from the view and its own seeded source alone: a game played twice with the same
    seeds is the same game, so the executor's per-game seeds give one result whatever --workers (the executor's
    own property, test_executor.py)."""
    def played() -> list[object]:
        game = new_game((_starter("northern-realms"), _starter("monsters")), 8)
        play_game(game, Agents(StrongBot(3, iterations=2), bot_class("heuristic")(4)))
        return [game.winner, game.scores(), game.round, [list(h) for h in game.discard]]

    assert played() == played()
