"""The ``ismcts`` bot: information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

One tree per decision, grown over a budget of iterations. Each iteration imagines the hidden cards anew
(:meth:`PlayerView.determinized`: the opponent's hand dealt at random from their decklist less every card this
player has seen, both decks shuffled, every later shuffle and random pick drawn afresh), then walks the tree
down from the decision in that imagined game: at each node the player to move (either player: the tree holds
both players' turns, §7) takes the child of the highest upper confidence bound (UCB1) among the actions open
in this imagined game (a child's count of chances is the iterations in which it was open: the "availability"
of single-observer ISMCTS), or a new action not yet tried; then the heuristic bot plays the game out to its
end on both sides (in Gwent Solo, on the player's side, the automated opponent playing by its rules, §18–20),
and every node of the walk counts the result (1 a win, ½ a draw, 0 a loss, for the player who chose it).

Actions are named by what they are, not by card instance (:func:`action_key`: the card's name, the row, the
Decoy's target by name), so that one node stands for one action whatever the imagined deal. Where a player has
many actions, progressive widening opens them one by one as the node is visited more (at most
``WIDEN * visits ** ALPHA`` of them), in the heuristic bot's order of preference: its own choice, passing, the
Leader, then the rest by the Strength each swings less what it costs (:meth:`HeuristicBot.options`).

At the root, the decision, the first few of those actions (the root's widening: about ``sqrt(iterations) / 2``,
at least two) are raced by sequential halving (Karnin, Koren and Somekh, 2013; as in Cazenave's SHOT): the budget
is shared over ``log2`` rounds, each round every action left meets the same imagined deals (common random
numbers, so that a difference is the action's, not the deal's) and walks the shared tree below it, then the
worse half drops out. The action left is played; on a tie, the earlier in the heuristic bot's order, so the
heuristic bot's own choice unless another did better. ``deckcli advise`` grows the same tree with every root
action tried in turn instead (:meth:`IsmctsBot.search`) and measures each (:meth:`IsmctsBot.evaluate`).

Nothing hidden is read: the tree depends only on the view and on the bot's seeded random source. Exchanges
(§6), the starting player and the questions abilities ask are the heuristic bot's answers.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from deckcli.game.actions import LEADER, PASS_ACTION
from deckcli.game.agents import PlayerView
from deckcli.game.bots.search_bot import SearchBot, _rollout_rules
from deckcli.game.bots.search_tree import Node, upper_confidence_choice
from deckcli.game.rounds import legal_actions, returns

if TYPE_CHECKING:
    from collections.abc import Callable

    from deckcli.game.actions import Action
    from deckcli.game.agents import Agents
    from deckcli.game.state import Game

ITERATIONS = 48
"""The default budget: iterations (imagined deals, each walked down the tree and played out) per decision."""
EXPLORATION = 0.7
"""UCB1's exploration constant (rewards are 0–1)."""
WIDEN, ALPHA = 2.0, 0.5
"""Progressive widening: a node visited ``n`` times has at most ``ceil(WIDEN * n ** ALPHA)`` actions open."""

Key = tuple[int, int, str, int, str]
"""An action by what it is: ``(player, kind, card name, row, Decoy target's name)``; ``""`` and -1 where unused."""


def action_key(names: list[str], player: int, action: Action) -> Key:
    """``action`` of ``player`` by names (:data:`Key`; ``names`` the card table's, :attr:`GameCards.name`): the
    same key in every imagined deal."""
    kind, card, row, target = action
    return (player, kind, names[card] if card >= 0 else "", row, names[target] if target >= 0 else "")


def _inside(view: PlayerView) -> bool:
    """Whether the game waits inside a move (a position that cannot be mirrored)."""
    return bool(view.determinized(random.Random(0), shuffled=False).frames)


class IsmctsBot(SearchBot):
    """Information-set MCTS (module docstring) with a budget of ``iterations`` per decision; the search bot's
    answers (the heuristic bot's) to everything but the turn's action."""

    name = "ismcts"

    def __init__(self, seed: int, iterations: int = ITERATIONS) -> None:
        super().__init__(seed)
        self.iterations = iterations

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        """The root's actions but the dominated ones (:meth:`SearchBot.dominated`) in the heuristic bot's order, the
        first few of them (the widening: about ``sqrt(iterations) / 2``) raced by sequential halving: each round
        every action left meets the same imagined deals, then the worse half drops out; the one left that did best
        (on a tie, the earlier)."""
        if len(actions) == 1:
            return actions[0]
        dominated = self.dominated(view, self.policy.options(view, actions)) if view.players == 2 else set()
        if dominated:  # never searched, whatever an imagined deal's luck says (the search bot's rule, issue 27)
            kept = self.policy.act(view, actions)
            actions = [action for action in actions if action not in dominated or action == kept]
        # a two-player position is searched from seat 0, the imagined game mirrored for seat 1, so that the
        # engine's own random draws (a drawn round's coin, the unit Monsters keep) fall alike from either seat
        turned = view.players == 2 and view.player == 1 and not view.solo and not _inside(view)
        me = 0 if turned else view.player
        root: Node[Key] = Node()
        root.order = [(me, *key[1:]) for key in self._prior(view, actions)]
        alive = root.order[:min(len(root.order), max(2, math.ceil(math.sqrt(self.iterations) / 2)))]
        rounds = max(1, math.ceil(math.log2(len(alive))))
        players = self._players
        seats, advance = _rollout_rules(view, players)
        total = dict.fromkeys(alive, 0.0)
        for _ in range(rounds):
            for _world in range(max(1, self.iterations // rounds // len(alive))):
                seed = self.rng.getrandbits(64)
                for key in alive:
                    players.rng.seed(seed)
                    world = view.determinized(random.Random(seed))
                    total[key] += self._iterate(world.mirrored() if turned else world, root, me, seats, advance, key)
            alive = sorted(alive, key=lambda k: (-total[k], root.order.index(k)))[:max(1, (len(alive) + 1) // 2)]
        keys = {action_key(view.cards.name, me, a): a for a in actions}
        return keys[alive[0]]

    def search(self, view: PlayerView, actions: list[Action], iterations: int, *, every_root_action: bool = False,
               deal: Callable[[random.Random], Game] | None = None) -> Node[Key]:
        """The tree of ``iterations`` iterations from ``view``'s decision among ``actions``. With
        ``every_root_action`` the root tries its actions in turn, each as often as the others (within one), so
        that each has a win rate of its own (``deckcli advise``); below the root the search is as usual.
        ``deal`` imagines the hidden cards from a random source (default :meth:`PlayerView.determinized`; a
        board whose opponent is known only by counts deals them from a decklist instead)."""
        me = view.player
        root: Node[Key] = Node()
        root.order = self._prior(view, actions)
        players = self._players
        seats, advance = _rollout_rules(view, players)
        for index in range(iterations):
            seed = self.rng.getrandbits(64)
            world = view.determinized(random.Random(seed)) if deal is None else deal(random.Random(seed))
            players.rng.seed(seed)
            forced = root.order[index % len(root.order)] if every_root_action else None
            self._iterate(world, root, me, seats, advance, forced)
        return root

    def evaluate(self, view: PlayerView, root: Node[Key], deal: Callable[[random.Random], Game],
                 iterations: int) -> dict[Key, tuple[int, int]]:
        """Each root action of ``root`` (a tree :meth:`search` grew) played ``iterations`` times in all (in turn,
        as often as the others), then followed by the tree without exploring: at each node the most-visited of
        the actions open, below the tree the heuristic bot; its ``(points, games)``, points 2 a win and 1 a draw
        for ``view``'s player. The games are new imagined deals (``deal``), so the figures are not those the tree
        chose by: an unbiased estimate of playing the action and then the search's choices."""
        me = view.player
        players = self._players
        seats, advance = _rollout_rules(view, players)
        tally = {key: (0, 0) for key in root.order}
        keys = list(tally)
        for index in range(iterations):
            seed = self.rng.getrandbits(64)
            world = deal(random.Random(seed))
            players.rng.seed(seed)
            node: Node[Key] | None = None
            first: Key | None = keys[index % len(keys)]
            names = world.cards.name
            while not world.over:
                actions = legal_actions(world)
                player = world.to_move
                if node is None and first is not None:
                    keyed = {action_key(names, player, a): a for a in actions}
                    advance(world, keyed[first], seats)
                    node, first = root.children.get(first), None
                    continue
                if len(actions) == 1:
                    advance(world, actions[0], seats)
                    continue
                if node is not None:
                    keyed = {action_key(names, player, a): a for a in actions}
                    tried = [(node.children[k].visits, -i, k) for i, k in enumerate(node.order)
                             if k in keyed and k in node.children]
                    if tried:
                        key = max(tried)[2]
                        advance(world, keyed[key], seats)
                        node = node.children[key]
                        continue
                    node = None
                advance(world, seats.act(world, player, actions), seats)
            points, games = tally[keys[index % len(keys)]]
            tally[keys[index % len(keys)]] = (points + round(2 * returns(world)[me]), games + 1)
        return tally

    def _prior(self, view: PlayerView, actions: list[Action]) -> list[Key]:
        """The heuristic bot's order of preference among ``actions`` (module docstring), as keys."""
        policy = self.policy
        chosen = [policy.act(view, actions), PASS_ACTION]
        chosen += [a for a in actions if a[0] == LEADER]
        if view.players == 2:
            options = policy.options(view, actions)
            chosen += [o[2] for o in sorted(options, key=lambda o: (o[1] - o[0], o[1]))]
        chosen += actions
        player, names = view.player, view.cards.name
        return list(dict.fromkeys(action_key(names, player, a) for a in chosen if a in actions))

    def _iterate(self, world: Game, root: Node[Key], me: int, seats: Agents,
                 advance: Callable[[Game, Action, Agents], None], forced: Key | None) -> float:
        """One iteration in the imagined game ``world``: down the tree (the root's action ``forced`` when given),
        one new node, played out, counted; what it was worth to player ``me``."""
        names = world.cards.name
        path: list[tuple[Node[Key], int]] = []
        node: Node[Key] | None = root
        while not world.over:
            actions = legal_actions(world)
            player = world.to_move
            if len(actions) == 1 and node is not root:
                advance(world, actions[0], seats)
                continue
            if node is None:  # below the tree: the heuristic bot plays it out
                advance(world, seats.act(world, player, actions), seats)
                continue
            keyed = {action_key(names, player, a): a for a in actions}
            if not node.order:
                node.order = self._prior(PlayerView(world, player), actions)
            else:
                node.order += [k for k in keyed if k not in node.children and k not in node.order]
            key = forced if forced is not None and forced in keyed else self._select(node, keyed)
            forced = None
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                path.append((child, player))
                advance(world, keyed[key], seats)
                node = None
                continue
            path.append((child, player))
            advance(world, keyed[key], seats)
            node = child
        values = returns(world)
        root.visits += 1
        for child, player in path:
            child.visits += 1
            child.reward += values[player]
        return values[me]

    @staticmethod
    def _select(node: Node[Key], keyed: dict[Key, Action]) -> Key:
        """The action to take at ``node`` among those open (``keyed``): the first untried one within the
        widening, else the best upper confidence bound; each open child's availability is counted."""
        room = math.ceil(WIDEN * (node.visits + 1) ** ALPHA)
        return upper_confidence_choice(node, [k for k in node.order if k in keyed][:room], EXPLORATION)

