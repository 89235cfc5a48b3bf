"""What should I play here? (``deckcli advise``): every legal action of ``[me]`` on a board file ranked by its
estimated chance to win the game, with a 95% interval, how far it falls behind the best, and a short reason.

Each action is played in imagined deals and the game played out to its end by the evaluating bot (a name of the
bots' registry, :data:`deckcli.game.bots.BOTS`: the heuristic bot unless told, on both sides). What ``[me]``
cannot see is given as counts (``[opponent]``'s ``hand_size`` and ``deck_size``), never as names: each deal
takes those cards at random from the opponent's decklist less every card of theirs the board shows, when the
board names a deck file (``decklist``), else from its faction's whole set (every card printed in it but the
Leaders and the side-deck cards), and shuffles ``[me]``'s own deck. Every action meets the same deals, the same
later draws of the engine and the same random source of the evaluating bot, drawn afresh for each deal (common
random numbers): two actions that do the same, such as two identical cards, come out alike, and a difference
between two actions is the actions', not the luck of their deals.

A win counts 1, a draw ½ (§9). An action's interval is Wilson's over its deals; its standing against the best is
the mean of the paired differences over the deals both were played in, with a normal 95% interval: every deal
draws the bot's own chances afresh, so that interval holds the evaluating search's own variance as well as the
deal's. The budget is spent in :data:`STAGES` stages, each shared among the actions still within noise of the best
(the interval of their difference holds 0). The actions within noise come first, among them the one that spends
least (:func:`_preferred`: the lead taken after the opponent has passed, passing, then the heuristic bot's cost
of the card), so that which one comes first does not hang on the seed when the search cannot tell them apart;
then the others by win rate.

A position whose outcome is settled (the last round after the opponent has passed, §7, §9) is answered right:
every imagined game ends the same way, so the winning action has a win rate of 1 and the others 0.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.errors import BoardFileError
from deckcli.game.actions import LEADER, PASS
from deckcli.game.bots import bot_class
from deckcli.game.cards import CLEAR, DECOY, HERO, HORN, ROW_CODES, ROW_NAMES, SCORCH, SPY, UNIT, WEATHER
from deckcli.game.simulation.statistics import Z95, wilson
from deckcli.text import counted

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog
    from deckcli.game.actions import Action
    from deckcli.game.agents import Agent, Agents
    from deckcli.game.board import Board
    from deckcli.game.state import Game

DEFAULT_BUDGET = 1200
"""Games imagined, shared among the actions."""
MIN_GAMES = 20
"""Each action is played out in at least this many deals, whatever the budget."""
STAGES = 3
"""The budget is spent in this many stages, each shared among the actions still within noise of the best."""
EVALUATOR = "heuristic"
"""The bot (a name of :data:`deckcli.game.bots.BOTS`) that plays the game out after each action, on both sides."""


class Advice(NamedTuple):
    """One action of ``[me]``: ``action`` (``play``, ``leader`` or ``pass``), the ``card`` played, its ``row``
    (``close``, ``ranged``, ``siege``; ``None`` for a card that takes none), the Decoy's ``target``, the
    estimated ``win_rate`` (a fraction 0–1, a draw counting half) with its ``ci95`` (low, high), the ``games``
    imagined for it and the ``reason`` in a few words."""

    action: str
    card: str | None
    row: str | None
    target: str | None
    win_rate: float
    ci95: tuple[float, float]
    games: int
    reason: str
    behind: tuple[float, float, float]
    """How far it falls behind the best action in the deals both were played in: the mean paired difference and
    its 95% interval (fractions, -1 to 1; ``(0, 0, 0)`` for the best itself)."""
    within_noise: bool
    """Whether the search cannot tell it from the best action: played to the last stage, its paired difference's
    interval holds 0."""

    def label(self) -> str:
        """The action as a player says it: ``Play Ves (Close Combat)``, ``Decoy on Ves (Close Combat)``."""
        if self.action == "pass":
            return "Pass"
        if self.action == "leader":
            return f"Leader: {self.card}"
        where = f" ({ROW_NAMES[ROW_CODES.index(self.row)]})" if self.row is not None else ""
        if self.target is not None:
            return f"Decoy on {self.target}{where}"
        return f"Play {self.card}{where}"


class AdviceReport(NamedTuple):
    """The board ``where``, the source the opponent's unseen cards were dealt from (``dealt_from``: ``decklist``
    or ``faction-set``, and ``source``, the deck file or the set's name), the counts dealt, the ``budget`` and
    ``seed`` of the search, and the ``actions`` best first."""

    where: str
    dealt_from: str
    source: str
    hand: int
    deck: int
    budget: int
    seed: int
    bot: str
    actions: tuple[Advice, ...]

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``deckcli advise --format json`` (``schemas/output/advise.schema.json``)."""
        return {
            "board": self.where,
            "opponent_unseen": {"dealt_from": self.dealt_from, "source": self.source, "hand": self.hand,
                                "deck": self.deck},
            "search": {"bot": self.bot, "budget": self.budget, "seed": self.seed},
            "actions": [
                {"action": a.action, "card": a.card, "row": a.row, "target": a.target, "win_rate": round(a.win_rate, 4),
                 "ci95": [round(a.ci95[0], 4), round(a.ci95[1], 4)], "games": a.games, "reason": a.reason,
                 "behind_best": {"difference": round(a.behind[0], 4),
                                 "ci95": [round(a.behind[1], 4), round(a.behind[2], 4)]},
                 "within_noise": a.within_noise}
                for a in self.actions
            ],
        }


def advise(board: Board, path: str, catalog: Catalog, *, seed: int = 0, budget: int = DEFAULT_BUDGET,
           bot: str = EVALUATOR) -> AdviceReport:
    """Every legal action of ``[me]`` on ``board`` (read from ``path``) ranked by its estimated chance to win the
    game (module docstring): ``budget`` games shared among the actions, in imagined deals each action meets alike
    (common random numbers), the game after the action played by ``bot`` (a name of
    :data:`deckcli.game.bots.BOTS`) on both sides, everything seeded by ``seed``.

    Raises :class:`BoardFileError` (exit 2) for a board where ``[me]`` is not to move or has passed, a
    ``decklist`` that cannot be read, or more unseen cards than the decklist (or the set) has left; a deck file's
    own errors (:class:`deckcli.errors.DeckFileError`) as they are; ``KeyError`` for a ``bot`` not registered.
    """
    from deckcli.game.agents import step
    from deckcli.game.rounds import legal_actions, returns

    made = bot_class(bot)
    if board.to_move != 0:
        raise BoardFileError('advise answers for [me], and it is [opponent]\'s turn: write to_move = "me" (or '
                             "leave it out) for the position where you are to play", where=board.where)
    if board.seats[0].passed:
        raise BoardFileError("[me] has passed, so has no action left this round (§7): write passed = false",
                             where=board.where)
    base = board.game(catalog, seed)
    pool, dealt_from, source = _unseen_pool(board, path, base, catalog)
    unseen = board.unseen
    if unseen.hand + unseen.deck > len(pool):
        raise BoardFileError(
            f"[opponent] has {counted(unseen.hand, 'unseen card', 'unseen cards')} in hand and {unseen.deck} in the "
            f"deck, but its {source} has only {counted(len(pool), 'card', 'cards')} the board does not show: lower "
            "hand_size or deck_size",
            where=board.where, line=unseen.line)
    shown = base.hand[1][:]
    listed_deck = base.deck[1][:]
    base.known[0].update(shown)

    def deal(rng: random.Random) -> Game:
        world = base.copy(rng)
        picked = rng.sample(pool, unseen.hand + unseen.deck)
        world.hand[1] = shown + picked[:unseen.hand]
        deck = listed_deck + picked[unseen.hand:]
        rng.shuffle(deck)
        world.deck[1] = deck
        own = world.deck[0][:]
        rng.shuffle(own)
        world.deck[0] = own
        return world

    start = deal(random.Random(seed))
    actions = _preferred(start, legal_actions(start))
    keys = [_key(start, action) for action in actions]
    rng = random.Random(seed)
    results: list[list[float]] = [[] for _ in actions]
    alive = list(range(len(actions)))
    for stage in range(STAGES):
        for _world in range(max(MIN_GAMES if not stage else 1, budget // STAGES // len(alive))):
            drawn = rng.getrandbits(64)
            for index in alive:
                world = deal(random.Random(drawn))
                player = made(drawn)  # the evaluating bot's own chances drawn afresh each deal, alike for each action
                seats = _seats(world, player)
                step(world, {_key(world, a): a for a in legal_actions(world)}[keys[index]], seats)
                while not world.over:
                    step(world, seats.act(world, world.to_move, legal_actions(world)), seats)
                results[index].append(returns(world)[0])
        leader = _best(results, alive)
        alive = [i for i in alive if _paired(results[leader], results[i])[1] <= 0.0]
        if len(alive) == 1:
            break
    rates = [sum(r) / len(r) for r in results]
    best = _best(results, alive)
    found: list[Advice] = []
    for index, action in enumerate(actions):
        games = len(results[index])
        low, high = wilson(round(2 * sum(results[index])), games) or (0.0, 1.0)
        low, high = min(low, rates[index]), max(high, rates[index])  # rounding at a rate of 0 or 1
        behind = _paired(results[best], results[index])
        near = index in alive and behind[1] <= 0.0
        found.append(_advice(start, action, rates[index], (low, high), games, behind, near))
    ranked = _ranked(found)
    return AdviceReport(board.where, dealt_from, source, unseen.hand, unseen.deck, budget, seed, bot, ranked)


def _best(results: list[list[float]], alive: list[int]) -> int:
    """The action of ``alive`` (indices of ``results``, one list of results a deal each) of the highest mean; on a
    tie, the earlier."""
    return max(alive, key=lambda i: (sum(results[i]) / len(results[i]), -i))


def _key(game: Game, action: Action) -> tuple[int, str, int, str]:
    """``action`` by what it is (kind, card name, row, Decoy target's name): the same in every imagined deal."""
    kind, card, row, target = action
    names = game.cards.name
    return kind, names[card] if card >= 0 else "", row, names[target] if target >= 0 else ""


def _preferred(game: Game, actions: list[Action]) -> list[Action]:
    """``actions`` in the order ties are broken in, so that among actions within noise of the best the one that
    spends least comes first: after the opponent has passed, those that take the lead now (the round is then
    [me]'s to end, §7), passing before the rest; then the heuristic bot's cost of each (:meth:`HeuristicBot.options`:
    a card's keeping value less what comes to the hand), then by name."""
    from deckcli.game.agents import Agents, PlayerView, step
    from deckcli.game.bots.heuristic_bot import HeuristicBot
    from deckcli.game.rounds import round_winner

    bot = HeuristicBot(0)
    cost = {option[2]: option[1] for option in bot.options(PlayerView(game, 0), actions)}

    def leads(action: Action) -> bool:
        if not game.passed[1]:
            return False
        after = game.copy(random.Random(0))
        step(after, action, Agents(bot, bot))
        return not after.over and after.round == game.round and round_winner(after) == 0

    return sorted(actions, key=lambda a: (not leads(a), a[0] != PASS, cost.get(a, 0.0), _key(game, a)))


def _seats(game: Game, player: Agent) -> Agents:
    """The seats of the game after the action: ``player`` on both sides (§7), or in Gwent Solo on the player's side
    against the automated opponent (§18)."""
    from deckcli.game.agents import Agents

    if game.mode.automaton < 0:
        return Agents(*[player] * game.players)
    from deckcli.game.solo.automaton import solo_agents

    return solo_agents(player)


def _paired(best: list[float], other: list[float]) -> tuple[float, float, float]:
    """How far ``other``'s results fall behind ``best``'s in the same imagined deals (common random numbers; the
    deals both were played in, the first ``len(other)`` when it was dropped early): the mean of the paired
    differences (a fraction, -1 to 1) with its 95% interval, normal over the deals. Each deal draws the evaluating
    bot's own chances afresh, so the interval holds the search's variance as well as the deal's."""
    games = min(len(best), len(other))
    differences = [b - o for b, o in zip(best[:games], other[:games], strict=True)]
    mean = sum(differences) / games
    spread = sum((d - mean) ** 2 for d in differences) / max(1, games - 1)
    half = Z95 * math.sqrt(spread / games)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)


def _ranked(found: list[Advice]) -> tuple[Advice, ...]:
    """The actions best first: those within noise of the best (the interval of their paired difference with it
    holds 0) in the order of what they spend (:func:`_preferred`), so that which comes first does not hang on the
    seed when the search cannot tell them apart; then the others by win rate."""
    near = [a for a in found if a.within_noise]
    rest = sorted((a for a in found if not a.within_noise), key=lambda a: -a.win_rate)
    return tuple(near + rest)


def _unseen_pool(board: Board, path: str, game: Game, catalog: Catalog) -> tuple[list[int], str, str]:
    """The instances of the opponent's cards ``[me]`` has not seen, added to ``game``'s card table: its decklist
    (or its faction's set) less every card of the opponent's the board shows; with where they came from."""
    listed: list[Card]
    unseen = board.unseen
    if unseen.decklist is not None:
        listed, source = _decklist(board, path, catalog), unseen.decklist
        dealt_from = "decklist"
    else:
        faction = catalog.factions[board.seats[1].faction]
        listed = [catalog.cards[name] for name, copies in faction.copies.items() for _ in range(copies)
                  if not catalog.cards[name].is_leader and not catalog.cards[name].side_deck]
        source, dealt_from = f"{faction.name} set", "faction-set"
    names = game.cards.name
    ability = game.cards.ability
    seen = Counter(names[c] for c in game.hand[1] + game.deck[1] + game.discard[1])
    for slot in range(6):
        side = slot // 3
        for lying in game.rows[slot]:
            spy = bool(ability[lying] & SPY)
            if (side == 1) != spy:  # a Spy lying on a side was played by the other player (§10)
                seen[names[lying]] += 1
    pool: list[int] = []
    for card in listed:
        if seen[card.name]:
            seen[card.name] -= 1
            continue
        pool.append(game.cards.add(card))
    return pool, dealt_from, source


def _decklist(board: Board, path: str, catalog: Catalog) -> list[Card]:
    """The main deck of the deck file ``decklist`` names (relative to the board file's folder), one entry a copy,
    judged as ``simulate`` judges an opponent's deck (legal under the standard rules, every name a card): raises
    :class:`deckcli.game.simulation.matchups.IllegalDeckError` (exit 1) with each finding's line, never dealing the
    unseen cards from a deck the player did not write (a typo dropped)."""
    from deckcli.game.simulation.matchups import entrant
    from deckcli.rules.judging import read_resolved_deck

    unseen = board.unseen
    assert unseen.decklist is not None
    folder = os.path.dirname(path) if path != "-" else ""
    found = os.path.join(folder, unseen.decklist)
    if not os.path.isfile(found):
        raise BoardFileError(f'decklist "{unseen.decklist}" is no file (looked for {found}, beside the board file): '
                             "name the opponent's deck file relative to the board file, or leave decklist out to "
                             "deal from its faction's whole set", where=board.where, line=unseen.line)
    resolved = read_resolved_deck(found)
    deck = entrant(resolved, resolved.where).deck
    if deck.faction != board.seats[1].faction:
        raise BoardFileError(f'decklist "{unseen.decklist}" is a {deck.faction} deck, but [opponent] plays '
                             f"{board.seats[1].faction}: name a deck of the opponent's faction",
                             where=board.where, line=unseen.line)
    return list(deck.cards)


def _advice(game: Game, action: Action, rate: float, ci95: tuple[float, float], games: int,
            behind: tuple[float, float, float], within_noise: bool) -> Advice:
    """One action described, with its reason worked out on ``game`` (a copy plays it)."""
    kind, card, row, target = action
    names = game.cards.name
    leader = game.leader[0]
    what = "pass" if kind == PASS else "leader" if kind == LEADER else "play"
    return Advice(
        what,
        leader if kind == LEADER else names[card] if card >= 0 else None,
        ROW_CODES[row] if row >= 0 else None,
        names[target] if target >= 0 else None,
        rate, ci95, games, _reason(game, action), behind, within_noise,
    )


def _reason(game: Game, action: Action) -> str:
    """A few words on what ``action`` does now: whether it wins or gives up the round, what it swings."""
    from deckcli.game.agents import Agents
    from deckcli.game.bots.heuristic_bot import HeuristicBot
    from deckcli.game.agents import step
    from deckcli.game.rounds import round_winner

    kind, card, _row, target = action
    after = game.copy(random.Random(0))
    lead = game.score(0) - game.score(1)
    hand = len(game.hand[0])
    if kind == PASS:
        if game.passed[1]:
            return _round_ends(game, round_winner(game), hand)
        if not hand:
            return f"passes at {lead:+d}, no card left"
        later = "" if _last_round(game) else " for the rounds to come"
        return f"passes at {lead:+d}, keeps {counted(hand, 'card', 'cards')}{later}"
    bot = HeuristicBot(0)
    step(after, action, Agents(bot, bot))
    swing = after.score(0) - after.score(1) - lead
    if after.over or after.round != game.round:
        return "wins the game now" if after.winner == 0 else "ends the game"
    if game.passed[1] and round_winner(after) == 0:
        return f"wins {_stake(game, 1)} now ({swing:+d})"
    if kind == LEADER:
        return f"Leader swings {swing:+d}"
    cards = game.cards
    bits, sort = cards.ability[card], cards.kind[card]
    if sort == WEATHER:
        return f"{'Clear Weather' if bits & CLEAR else 'Weather'} swings {swing:+d}"
    if sort <= HERO and bits & SPY:
        return f"Spy draws 2, gives {-swing}"
    if bits & DECOY and target >= 0:
        return f"takes back {cards.name[target]} ({swing:+d})"
    if bits & SCORCH and sort not in (UNIT, HERO):
        return f"Scorch swings {swing:+d}"
    if bits & HORN and sort not in (UNIT, HERO):
        return f"Horn swings {swing:+d}"
    return f"{swing:+d} Strength" + (f", {counted(hand - 1, 'card', 'cards')} left" if hand > 1 else ", the last card")


def _stake(game: Game, side: int) -> str:
    """What ``side`` losing this round costs it (§9): ``the game`` when it holds its last gem, else ``the round``."""
    return "the game" if game.gems[side] == 1 else "the round"


def _last_round(game: Game) -> bool:
    """Whether the round ends the game whoever wins it: both sides hold their last gem (§9)."""
    return max(game.gems) == 1


def _round_ends(game: Game, winner: int | None, hand: int) -> str:
    """What passing after the opponent has passed does (§7, §9): ``winner`` (``None`` a tie nobody wins, §3) takes
    the round, and the side that loses it its last gem loses the game; ``hand`` is the cards [me] keeps."""
    keeps = f", keeps {counted(hand, 'card', 'cards')} for round {game.round + 1}" if hand else ""
    if winner == 0:
        return f"wins {_stake(game, 1)} now" + ("" if game.gems[1] == 1 else keeps)
    if winner == 1:
        return f"gives up {_stake(game, 0)}" + ("" if game.gems[0] == 1 else keeps)
    if _last_round(game):
        return "draws the round and the game"
    if game.gems[0] == 1:
        return "draws the round, so loses the game"
    if game.gems[1] == 1:
        return "draws the round, so wins the game"
    return "draws the round, both lose a gem" + keeps


def render_advice(report: AdviceReport, fmt: str = "text", width: int | None = 80) -> str:
    """The report as an 80-column table, best first (``width`` ``None``: no limit), or with ``fmt="json"`` its
    JSON document."""
    if fmt == "json":
        from deckcli.render.documents import document_json

        return document_json(report.as_dict())
    from deckcli.render.layout import Layout
    from deckcli.render.table_fit import fit_table

    body = [[str(n), a.label(), f"{a.win_rate:.0%}", f"{a.ci95[0] * 100:.0f}–{a.ci95[1] * 100:.0f}", a.reason]
            for n, a in enumerate(report.actions, 1)]
    table = fit_table(["#", "Action", "Wins", "95%", "Why"], body, "simple", width)
    source = (f"its decklist, {report.source}" if report.dealt_from == "decklist"
              else f"the whole {report.source} (no decklist on the board)")
    layout = Layout(width=width)
    lines = [f"Board: {report.where}", "What [me] plays, by its chance to win the game:", table, ""]
    near = [n for n, a in enumerate(report.actions, 1) if a.within_noise]
    best = max((a for a in report.actions if a.within_noise), key=lambda a: a.win_rate)
    if len(near) > 1 and all(report.actions[n - 1].behind == (0.0, 0.0, 0.0) for n in near):
        lines += layout.wrap(f"#{near[0]}–#{near[-1]} did alike in every deal; of those, the one that spends least "
                             "comes first.")
    elif len(near) > 1:
        lines += layout.wrap(
            f"#{near[0]}–#{near[-1]} are within noise of the best ({best.label()}, {best.win_rate:.0%}): the 95% "
            "interval of each one's difference from it, over the same deals, holds 0, so this search cannot tell "
            "them apart (a larger --budget may); of those, the one that spends least comes first.")
    played = sum(advice.games for advice in report.actions)
    lines += layout.wrap(f"The opponent's {report.hand} unseen cards in hand and {report.deck} in the deck are dealt "
                         f"from {source}. Measured: {played:,} game{'' if played == 1 else 's'} played out by the "
                         f"{report.bot} bot (--budget {report.budget:,}, at least {MIN_GAMES} an action; "
                         f"--seed {report.seed}), every action in the same deals, the later deals on the actions "
                         "still within noise of the best; a draw counts half a win.")
    return "\n".join(lines)
