"""What should I play here? (``deckcli advise``): every legal action of ``[me]`` on a board file ranked by its
estimated chance to win the game, with a 95% interval and a short reason.

The estimate is the strong bot's search (:class:`deckcli.game.bots.ismcts_bot.IsmctsBot`, information-set
Monte Carlo tree search) from the board's position, its root trying every action of ``[me]`` in turn as often as
the others, below it both players choosing by the tree and then the heuristic bot playing each imagined game to
its end. What ``[me]`` cannot see is given as counts (``[opponent]``'s ``hand_size`` and ``deck_size``), never as
names: each iteration deals those cards at random from the opponent's decklist less every card of theirs the
board shows, when the board names a deck file (``decklist``), else from its faction's whole set (every card
printed in it but the Leaders and the side-deck cards), and shuffles ``[me]``'s own deck. A win counts 1, a draw
½ (§9); the interval is Wilson's over the iterations that tried the action.

A position whose outcome is settled (the last round after the opponent has passed, §7, §9) is answered right:
every imagined game ends the same way, so the winning action has a win rate of 1 and the others 0.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.errors import BoardFileError
from deckcli.game.actions import LEADER, PASS
from deckcli.game.cards import CLEAR, DECOY, HERO, HORN, ROW_CODES, ROW_NAMES, SCORCH, SPY, UNIT, WEATHER

if TYPE_CHECKING:
    from deckcli.catalog.model import Card, Catalog
    from deckcli.game.actions import Action
    from deckcli.game.board import Board
    from deckcli.game.state import Game

DEFAULT_BUDGET = 600
"""Iterations of the search, shared among the actions: about a second and a half of one core on a late-round board."""


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
    actions: tuple[Advice, ...]

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``deckcli advise --format json`` (``schemas/output/advise.schema.json``)."""
        return {
            "board": self.where,
            "opponent_unseen": {"dealt_from": self.dealt_from, "source": self.source, "hand": self.hand,
                                "deck": self.deck},
            "search": {"bot": "ismcts", "budget": self.budget, "seed": self.seed},
            "actions": [
                {"action": a.action, "card": a.card, "row": a.row, "target": a.target, "win_rate": round(a.win_rate, 4),
                 "ci95": [round(a.ci95[0], 4), round(a.ci95[1], 4)], "games": a.games, "reason": a.reason}
                for a in self.actions
            ],
        }


def advise(board: Board, path: str, catalog: Catalog, *, seed: int = 0, budget: int = DEFAULT_BUDGET) -> AdviceReport:
    """Every legal action of ``[me]`` on ``board`` (read from ``path``) ranked by its estimated chance to win the
    game (module docstring), the search's ``budget`` iterations shared among them, seeded by ``seed``.

    Raises :class:`BoardFileError` (exit 2) for a board where ``[me]`` is not to move or has passed, a
    ``decklist`` that cannot be read, or more unseen cards than the decklist (or the set) has left; a deck file's
    own errors (:class:`deckcli.errors.DeckFileError`) as they are.
    """
    from deckcli.game.agents import PlayerView
    from deckcli.game.bots.ismcts_bot import IsmctsBot, action_key
    from deckcli.game.rounds import legal_actions
    from deckcli.game.simulation.statistics import wilson

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
            f"[opponent] has {unseen.hand} unseen cards in hand and {unseen.deck} in the deck, but its {source} "
            f"has only {len(pool)} cards the board does not show: lower hand_size or deck_size",
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
    view = PlayerView(start, 0)
    actions = legal_actions(start)
    bot = IsmctsBot(seed)
    grow = max(budget // 2, len(actions))
    root = bot.search(view, actions, grow, every_root_action=True, deal=deal)
    tally = bot.evaluate(view, root, deal, max(budget - grow, len(actions)))

    by_key = {action_key(start.cards.name, 0, a): a for a in actions}
    found: list[tuple[float, int, Advice]] = []
    for index, key in enumerate(root.order):
        points, games = tally.get(key, (0, 0))
        if not games or key not in by_key:
            continue
        low, high = wilson(points, games) or (0.0, 1.0)
        rate = points / (2 * games)
        low, high = min(low, rate), max(high, rate)  # rounding at a rate of 0 or 1
        found.append((-rate, index, _advice(start, by_key[key], rate, (low, high), games)))
    ranked = tuple(advice for _rate, _index, advice in sorted(found, key=lambda f: (f[0], f[1])))
    return AdviceReport(board.where, dealt_from, source, unseen.hand, unseen.deck, budget, seed, ranked)


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


def _advice(game: Game, action: Action, rate: float, ci95: tuple[float, float], games: int) -> Advice:
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
        rate, ci95, games, _reason(game, action),
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
    decides = min(game.gems) == 1
    settled = "the game" if decides else "the round"
    if kind == PASS:
        if game.passed[1]:
            if round_winner(game) == 0:
                return f"wins {settled} now"
            return f"gives up {settled}" + ("" if decides else f", keeps {hand} cards for round {game.round + 1}")
        if not hand:
            return f"passes at {lead:+d}, no card left"
        return f"passes at {lead:+d}, keeps {hand} cards" + ("" if decides else " for the rounds to come")
    bot = HeuristicBot(0)
    step(after, action, Agents(bot, bot))
    swing = after.score(0) - after.score(1) - lead
    if after.over or after.round != game.round:
        return "wins the game now" if after.winner == 0 else "ends the game"
    if game.passed[1] and round_winner(after) == 0:
        return f"wins {settled} now ({swing:+d})"
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
    return f"{swing:+d} Strength" + (f", {hand - 1} cards left" if hand > 1 else ", the last card")


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
    lines += layout.wrap(f"The opponent's {report.hand} unseen cards in hand and {report.deck} in the deck are dealt "
                         f"from {source}. Measured: {report.budget:,} iterations of the ismcts bot's search "
                         f"(--seed {report.seed}), shared among the {len(report.actions)} actions; a draw counts "
                         "half a win.")
    return "\n".join(lines)
