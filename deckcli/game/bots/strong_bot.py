"""The ``strong`` bot (also ``ismcts``): a search at every decision point, imagining what the player cannot see.

Every decision the bot is asked, with two options or more, is searched: a turn's action (§7, the pass among the
options at every turn) and each choice inside a move (the unit a Medic brings back, the row of an Agile unit, the
side a Spy goes to, a Leader's pick). An iteration imagines what the player cannot see
(:meth:`PlayerView.determinized`: each opponent's hand dealt at random from their decklist less every card this
player has seen, the decks shuffled, every later shuffle and random pick drawn afresh), takes one of the root's
options in that imagined game and plays on with the heuristic bot answering every decision, for every player.

At the root (at most ``width`` options, :data:`ROOT_WIDTH` by default, in the heuristic bot's order of preference:
its own answer, passing, the Leader, then by the Strength each swings less what it costs) the options race by
sequential halving (:meth:`StrongBot.race`): each round every option left meets the same imagined deals and the
same random draws (common random numbers), and the worse half drops out; the option played is the last one left,
on a tie the earlier in the heuristic bot's order. The budget is :func:`budget` iterations a decision.

What an iteration backs up is a result per player (:func:`deckcli.game.rounds.returns`: 1 a win, 0 a loss, a
draw shared; teammates share their side's), and the root counts the result of the player deciding, so Free For
All (§16) and two versus two (§17) are searched as the two-player game is. Two variants, off by default, were
kept to measure (``benchmarks/strong.py --bot strong:tree=1`` or ``strong:cutoff=1``): ``tree`` grows an
information-set tree below the root (Cowling, Powley and Whitehouse, 2012: one node per option by what it is,
:data:`Key`, whoever decides; UCB1 over the options open in the imagined game, counted by availability;
progressive widening, at most ``WIDEN * visits ** ALPHA`` options open); ``cutoff`` stops a two-player playout at
the first turn of the next round and values it by a model fitted from games between heuristic bots
(:mod:`deckcli.game.bots.round_value`: card advantage against score, per the gems left).

Two actions of a two-player turn are never searched, whatever an imagined deal's luck says (:func:`pruned`): the
dominated ones, Weather or Scorch that lowers the player's own lead, and the 0:0 pass to a faction that profits
from the round given away (§3). A two-player position is searched from seat 0 (the imagined game mirrored for
seat 1), so that the engine's own random draws (a coin for a drawn round, the unit Monsters keep) fall alike from
either seat: the bot plays the same from either seat. Nothing hidden is read: the search depends only on the view
and on the bot's seeded random source. Exchanges (§6) and who starts are the heuristic bot's answers.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from deckcli.game.actions import LEADER, PASS_ACTION, PLAY
from deckcli.game.agents import Agents, PlayerView, step
from deckcli.game.bots.heuristic_bot import HeuristicBot
from deckcli.game.bots.round_value import values as round_values
from deckcli.game.bots.search_tree import Node, upper_confidence_choice
from deckcli.game.cards import DECOY
from deckcli.game.rounds import advance, apply_action, returns

if TYPE_CHECKING:
    from deckcli.game.actions import Action, Decision
    from deckcli.game.state import Game

ITERATIONS = 48
"""Iterations of a decision with two options; each option more adds :data:`PER_OPTION`, up to :data:`MOST`."""
PER_OPTION = 8
MOST = 96
EXPLORATION = 0.6
"""UCB1's exploration constant (rewards are 0–1)."""
WIDEN, ALPHA = 2.0, 0.5
"""Progressive widening below the root: a node visited ``n`` times has at most ``ceil(WIDEN * n ** ALPHA)`` options
open."""
ROOT_WIDTH = 6
"""At most this many options of the root are searched, in the heuristic bot's order."""
CARD_QUESTIONS = frozenset({"act", "exchange", "medic", "discard-to-hand", "discard-from-hand", "deck-to-hand",
                            "weather-from-deck", "bond-from-deck"})
"""The questions whose options are card instances (named in a key); the others' are rows, sides or players."""

Key = tuple[Any, ...]
"""An option by what it is, the same in every imagined deal: ``(player, question, what)``; ``what`` is the card's
name for a card, the action ``(kind, card name, row, target)`` for a turn (the Decoy's target by name), else the
number."""


def option_key(game: Game, decision: Decision, option: Any) -> Key:
    """``option`` of ``decision`` in ``game`` by what it is (:data:`Key`)."""
    names = game.cards.name
    question = decision.question
    if question == "act":
        kind, card, row, target = option
        if target >= 0 and kind == PLAY and game.cards.ability[card] & DECOY:
            return decision.player, question, (kind, names[card], row, names[target])
        return decision.player, question, (kind, names[card] if card >= 0 else "", row, target)
    if question in CARD_QUESTIONS:
        return decision.player, question, names[option] if option >= 0 else ""
    return decision.player, question, option


def budget(options: int) -> int:
    """The iterations spent on a decision of ``options`` options: more where there is more to choose from."""
    return min(MOST, ITERATIONS + PER_OPTION * max(0, options - 2))


class StrongBot:
    """A search at every decision point (module docstring), seeded by ``seed``: ``iterations`` a decision
    (``None``: :func:`budget` of its options); ``halving`` races the root's options by sequential halving (else
    UCB1 from the root); ``tree`` grows a tree below the root; ``cutoff`` values a two-player playout at the next
    round's start instead of playing it to the game's end; ``width`` the most root options (0: :data:`ROOT_WIDTH`)."""

    name = "strong"

    def __init__(self, seed: int, iterations: int | None = None, *, cutoff: bool = False, halving: bool = True,
                 tree: bool = False, width: int = 0) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.cutoff = cutoff
        self.halving = halving
        self.tree = tree
        self.width = width or ROOT_WIDTH
        self.policy = HeuristicBot(seed)
        self._players = HeuristicBot(seed)

    # the agent's answers ------------------------------------------------------------------------------------

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        kept = actions
        if view.players == 2:
            found = pruned(self.policy, view, actions)
            if found:  # never searched, whatever an imagined deal's luck says (issues 27, 37)
                chosen = self.policy.act(view, actions)
                kept = [a for a in actions if a not in found or a == chosen]
        if len(kept) == 1:
            return kept[0]
        answer: Action = self._decide(view, "act", kept)
        return answer

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        """A choice inside a move, searched like a turn when the game waits on it (else the heuristic bot's)."""
        if len(options) < 2:
            return options[0]
        answer: int = self._decide(view, question, options)
        return answer

    def exchange(self, view: PlayerView) -> int | None:
        return self.policy.exchange(view)

    def starter(self, view: PlayerView) -> int:
        return self.policy.starter(view)

    # the search --------------------------------------------------------------------------------------------

    def _decide(self, view: PlayerView, question: str, options: list[Any]) -> Any:
        """The option of ``view``'s decision to take: the root's most visited child after :meth:`search`."""
        probe = view.determinized(random.Random(0), shuffled=False)
        decision = probe.decision
        if decision is None or decision.question != question or decision.player != view.player:
            # asked outside the game's flow (a what-if): the heuristic bot's answer
            return self.policy.act(view, options) if question == "act" else self.policy.choose(
                view, question, options, -1)
        iterations = self.iterations if self.iterations is not None else budget(len(options))
        root, keys = self.search(view, options, iterations)
        return keys[root.order[0]]

    def search(self, view: PlayerView, options: list[Any], iterations: int) -> tuple[Node[Key], dict[Key, Any]]:
        """The tree of about ``iterations`` iterations from ``view``'s decision among ``options`` (the root's, at most
        :data:`ROOT_WIDTH` of them, raced by sequential halving: :meth:`race`), and the root's options by key.
        The root's ``order`` holds what is left of the race, best first."""
        turned = view.players == 2 and view.player == 1 and not view.solo and not self._inside(view)
        me = 0 if turned else view.player
        seats = self._seats(view)
        root: Node[Key] = Node()
        first = self._world(view, random.Random(self.rng.getrandbits(64)), turned)
        decision = first.decision
        assert decision is not None
        keys = {option_key(first, decision, o): o for o in options}
        root.order = [k for k in self._prior(first, decision) if k in keys][:self.width]
        if self.halving:
            root.order = self.race(view, root, me, seats, turned, iterations)
            return root, keys
        for _ in range(iterations):
            seed = self.rng.getrandbits(64)
            world = self._world(view, random.Random(seed), turned)
            self._players.rng.seed(seed)
            self._iterate(world, root, me, seats, None)
        root.order.sort(key=lambda k: -root.children[k].visits if k in root.children else 0)
        return root, keys

    def race(self, view: PlayerView, root: Node[Key], me: int, seats: Agents, turned: bool,
             iterations: int) -> list[Key]:
        """Sequential halving over the root's options (Karnin, Koren and Somekh, 2013): the budget shared over
        ``log2`` rounds; in each, every option left meets the same imagined deals and the same random draws (common
        random numbers: a difference is the option's, not the deal's), then the worse half drops out. Returns the
        options in the order they finished, best first (a tie: the earlier in the heuristic bot's order)."""
        alive = root.order[:]
        place = {key: index for index, key in enumerate(alive)}
        total = dict.fromkeys(alive, 0.0)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        out: list[Key] = []
        for _ in range(rounds):
            for _world in range(max(1, iterations // rounds // len(alive))):
                seed = self.rng.getrandbits(64)
                for key in alive:
                    world = self._world(view, random.Random(seed), turned)
                    self._players.rng.seed(seed)
                    total[key] += self._iterate(world, root, me, seats, key)[me]
            alive.sort(key=lambda k: (-total[k], place[k]))
            keep = max(1, (len(alive) + 1) // 2)
            out = alive[keep:] + out
            alive = alive[:keep]
        return alive + out

    @staticmethod
    def _inside(view: PlayerView) -> bool:
        """Whether the game waits inside a move (a position that cannot be mirrored)."""
        return bool(view.determinized(random.Random(0), shuffled=False).frames)

    @staticmethod
    def _world(view: PlayerView, rng: random.Random, turned: bool) -> Game:
        world = view.determinized(rng)
        return world.mirrored() if turned else world

    def _seats(self, view: PlayerView) -> Agents:
        """The seats of a playout: the heuristic bot in every seat, or in Gwent Solo on the player's side against
        the automated opponent (§18)."""
        if view.solo:
            from deckcli.game.solo.automaton import solo_agents

            return solo_agents(self._players)
        return Agents(*[self._players] * view.players)

    def _prior(self, game: Game, decision: Decision) -> list[Key]:
        """The heuristic bot's order of preference among the options of ``decision``: its own answer, passing, the
        Leader, then (a two-player turn) the rest by the Strength each swings less what it costs."""
        policy = self.policy
        view = PlayerView(game, decision.player)
        options = decision.options
        ordered: list[Any]
        if decision.question == "act":
            chosen = [policy.act(view, options), PASS_ACTION]
            chosen += [a for a in options if a[0] == LEADER]
            if game.players == 2:
                valued = policy.options(view, options)
                chosen += [o[2] for o in sorted(valued, key=lambda o: (o[1] - o[0], o[1]))]
            chosen += options
            ordered = [a for a in dict.fromkeys(chosen) if a in options]
        elif decision.question == "exchange":
            card = policy.exchange(view)
            ordered = list(dict.fromkeys([-1 if card is None else card, *options]))
        elif decision.question == "starter":
            ordered = list(dict.fromkeys([policy.starter(view), *options]))
        else:
            ordered = list(dict.fromkeys([policy.choose(view, decision.question, options, decision.card), *options]))
        return list(dict.fromkeys(option_key(game, decision, o) for o in ordered))

    def _iterate(self, world: Game, root: Node[Key], me: int, seats: Agents, forced: Key | None) -> list[float]:
        """One iteration in the imagined game ``world``: down the tree (the root's option ``forced`` when given),
        one new node, played out, valued, counted. Returns the values per player."""
        path: list[tuple[Node[Key], int]] = []
        node: Node[Key] | None = root
        start = world.round
        cut = self.cutoff and world.players == 2 and world.mode.name == "standard"
        while True:
            if world.decision is None and not world.over:
                advance(world)
            if world.over:
                found = returns(world)
                break
            decision = world.decision
            assert decision is not None
            if cut and world.round > start and decision.question == "act":
                found = round_values(world)
                break
            options = decision.options
            if len(options) == 1 and node is not root:
                apply_action(world, options[0])
                continue
            if node is None:  # below the tree: the heuristic bot answers
                step(world, seats.answer(world, decision), seats)
                continue
            keyed = {option_key(world, decision, o): o for o in options}
            if node is root:
                open_now = [k for k in root.order if k in keyed]
            else:
                if not node.order:
                    node.order = self._prior(world, decision)
                else:
                    node.order += [k for k in keyed if k not in node.order]
                room = math.ceil(WIDEN * (node.visits + 1) ** ALPHA)
                open_now = [k for k in node.order if k in keyed][:room]
            if forced is not None:
                key, forced = forced, None
            else:
                key = upper_confidence_choice(node, open_now, EXPLORATION)
            child = node.children.get(key)
            fresh = child is None
            if child is None:
                child = node.children[key] = Node()
            path.append((child, decision.player))
            apply_action(world, keyed[key])
            node = None if fresh or not self.tree else child
        root.visits += 1
        for child, player in path:
            child.visits += 1
            child.reward += found[player]
        return found


def pruned(policy: HeuristicBot, view: PlayerView, actions: list[Action]) -> set[Action]:
    """The actions of a two-player turn the strong bot never plays: the dominated ones of
    :func:`deckcli.game.bots.search_bot.dominated` (``policy``'s values), a Weather Card or a Scorch that lowers the
    player's own lead now (§11, §12), and passing at 0:0 with the opponent still to pass when the opponent profits
    from the round given away (Northern Realms draws a card for winning it, Nilfgaard wins it level, §3)."""
    from deckcli.game.bots.search_bot import dominated
    from deckcli.game.cards import SCORCH, SPECIAL, WEATHER

    options = policy.options(view, actions)
    found = dominated(policy, view, options)
    kind, ability = view.cards.kind, view.cards.ability
    for swing, _cost, action, _draws in options:
        if action[0] == PLAY and swing < 0 and (kind[action[1]] == WEATHER or (
                kind[action[1]] == SPECIAL and ability[action[1]] & SCORCH)):
            found.add(action)
    me, other = view.player, 1 - view.player
    theirs = view.faction(other)
    profits = theirs == "northern-realms" or (theirs == "nilfgaard" and view.faction(me) != "nilfgaard")
    if (PASS_ACTION in actions and profits and not view.passed[other] and view.score(me) == 0
            and view.score(other) == 0 and view.hand_size(me)):
        found.add(PASS_ACTION)
    return found


