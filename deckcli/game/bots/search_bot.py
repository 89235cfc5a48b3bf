"""The ``search`` bot: Monte Carlo over determinised hidden information, the heuristic bot playing it out.

At each turn with a choice it takes a few candidate actions (the heuristic bot's own choice, passing, the
Leader, and the best few by the heuristic's values: see :meth:`SearchBot.candidates`), and spends its budget
of rollouts on them: each rollout imagines the hidden cards (:meth:`PlayerView.determinized`: the
opponent's hand dealt at random from their decklist less every card seen, both decks shuffled), plays the
candidate, then plays the game to its end with the heuristic bot on both sides (in Gwent Solo, on the
player's side, the automated opponent playing by its rules, §18–20). Every candidate meets the
same imagined deals and the same random draws (common random numbers), so a difference between two
candidates is a difference of the action, not of the luck of the deal. It plays the candidate that won most
(a draw counts half); on a tie, the earlier candidate, so the heuristic bot's choice unless another did
better.

The prior over the unseen cards is the opponent's decklist less what this player has seen (the bots take
a decklist as known: see :meth:`PlayerView.opponent_unseen`), each deal of them equally likely; nothing is
inferred from how the opponent has played. Exchanges (§6), the starting player and the questions abilities
ask are the heuristic bot's answers.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from deckcli.game.actions import LEADER, LEADER_ACTION, PASS_ACTION
from deckcli.game.agents import Agents, step
from deckcli.game.bots.heuristic_bot import HeuristicBot
from deckcli.game.cards import CLEAR, DECOY, SPY, WEATHER
from deckcli.game.rounds import legal_actions, returns

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.actions import Action
    from deckcli.game.agents import PlayerView
    from deckcli.game.bots.heuristic_bot import Option
    from deckcli.game.state import Game

ROLLOUTS = 100
"""The default budget: rollouts (games played out) per decision."""
CANDIDATES = 5
"""At most this many actions are searched per decision."""


class SearchBot:
    """Monte Carlo search (module docstring) with a budget of ``rollouts`` games played out per decision."""

    name = "search"

    def __init__(self, seed: int, rollouts: int = ROLLOUTS) -> None:
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.policy = HeuristicBot(seed)
        self._players = HeuristicBot(seed)

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        candidates = self.candidates(view, actions)
        if len(candidates) == 1:
            return candidates[0]
        worlds = max(1, self.rollouts // len(candidates))
        # two-player rollouts are played from seat 0 (the imagined game mirrored for seat 1): the engine's own random
        # draws (a coin for a drawn round, the order Monsters keep a unit in) then fall alike from either seat
        turned = view.player == 1 and view.players == 2 and not view.solo
        me = 0 if turned else view.player
        wins = [0.0] * len(candidates)
        players = self._players
        seats, advance = _rollout_rules(view, players)
        for _ in range(worlds):
            seed = self.rng.getrandbits(64)
            world = view.determinized(random.Random(seed))
            if turned:
                world = world.mirrored()
            for index, action in enumerate(candidates):
                game = world.copy(random.Random(seed))
                players.rng.seed(seed)
                advance(game, action, seats)
                while not game.over:
                    advance(game, seats.act(game, game.to_move, legal_actions(game)), seats)
                wins[index] += returns(game)[me]
        best = max(range(len(candidates)), key=lambda i: (wins[i], -i))
        return candidates[best]

    def candidates(self, view: PlayerView, actions: list[Action]) -> list[Action]:
        """The actions searched, at most :data:`CANDIDATES`, in this order: the heuristic bot's choice, passing,
        the Leader (when offered), the action of the best swing less cost, the strongest, the cheapest that
        swings anything; none of them dominated (:meth:`dominated`), but the heuristic bot's choice. At a table of
        more than two, the heuristic's choice, passing, the Leader and the first actions offered."""
        chosen = [self.policy.act(view, actions), PASS_ACTION]
        if view.players > 2:
            chosen += [a for a in actions if a[0] == LEADER] + actions
            return list(dict.fromkeys(a for a in chosen if a in actions))[:CANDIDATES]
        options = self.policy.options(view, actions)
        if LEADER_ACTION in actions:
            chosen.append(LEADER_ACTION)
        if options:
            chosen.append(max(options, key=lambda o: o[0] - o[1])[2])
            chosen.append(max(options, key=lambda o: o[0])[2])
            helping = [o for o in options if o[0] > 0]
            if helping:
                chosen.append(min(helping, key=lambda o: o[1])[2])
        dominated = self.dominated(view, options)
        kept = [chosen[0]] + [action for action in chosen[1:] if action not in dominated]
        return list(dict.fromkeys(kept))[:CANDIDATES]

    def dominated(self, view: PlayerView, options: list[Option]) -> set[Action]:
        """:func:`dominated` by this bot's heuristic."""
        return dominated(self.policy, view, options)

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        return self.policy.choose(view, question, options, card)

    def exchange(self, view: PlayerView) -> int | None:
        return self.policy.exchange(view)

    def starter(self, view: PlayerView) -> int:
        return self.policy.starter(view)


def dominated(policy: HeuristicBot, view: PlayerView, options: list[Option]) -> set[Action]:
    """The actions of ``options`` (``policy``'s values, :meth:`HeuristicBot.options`) no player should take,
    whatever a rollout's luck says: after the opponent has passed, any card but a Spy or a Decoy while the player already wins a round whose win
    does not end the game (§9: the card is worth more in the next round); Clear Weather with no Weather in play
    (§12); the Leader when it changes neither score nor hand (§5). None at a table of more than two."""
    if view.players > 2:
        return set()
    me = view.player
    cards = view.cards
    lead = view.score(me) - view.score(1 - me)
    wins_ties = view.faction(me) == "nilfgaard" and view.faction(1 - me) != "nilfgaard"
    ahead = lead > 0 or (lead == 0 and wins_ties)
    settled = view.passed[1 - me] and ahead and view.gems[1 - me] == 2
    found: set[Action] = set()
    for swing, cost, action, _draws in options:
        if action[0] == LEADER:
            if swing == 0 and cost == policy.params.leader_keep:
                found.add(action)
        elif settled and not cards.ability[action[1]] & (SPY | DECOY):
            found.add(action)
        elif cards.kind[action[1]] == WEATHER and cards.ability[action[1]] & CLEAR and not view.weather:
            found.add(action)
    return found


def _rollout_rules(view: PlayerView, players: HeuristicBot) -> tuple[Agents, Callable[[Game, Action, Agents], None]]:
    """The seats of a rollout and how it applies an action: the heuristic bot in every seat (§7), or in Gwent Solo
    on the player's side against the automated opponent, which takes its turns after each action (§18)."""
    if not view.solo:
        return Agents(*[players] * view.players), step
    from deckcli.game.solo.automaton import solo_agents

    return solo_agents(players), step
