"""``deckcli tune``: the card changes that make a deck win more, found by paired simulated games within the rules.

The climb, one change at a time (up to ``max_changes``):

1. The legal neighbours of the current deck (:mod:`deckcli.tuning.neighbours`: one copy removed, added or
   swapped, a Leader changed; every one legal under the rule set, §2).
2. **Successive halving.** Every neighbour still in the race plays the same games as the current deck (common
   random numbers: the same seeds, so the same deals, coins and bots' choices where the decks agree); the half
   with the best mean paired gain stays, and the next round gives each survivor twice the games, on fresh
   seeds, until one is left. When the budget cannot give every neighbour two games a matchup in the first
   round, the neighbours raced are those with the best change of printed unit Strength (the rest are named as
   not tried).
3. **The check.** The survivor plays the current deck once more on fresh seeds; its gain and 95% interval are
   measured on those games alone, so they carry no bias from being chosen. It is taken when the interval lies
   above 0 (beyond noise); otherwise the climb stops.

Then the **confirmation**, on seeds the climb never used: the deck it started from against the result, paired,
with the default bot and again with the strong bot (:data:`deckcli.game.bots.STRONG`). The result is called an
improvement only when both measure a gain above 0; when their signs differ, the bots disagree.

Every game is seeded from ``seed`` alone (:func:`deckcli.game.simulation.runs.derived_seed`), so the same seed
and budget give the same changes whatever the number of workers, on a Dask cluster too. Library code: nothing
here prints; ``progress(done, total)`` reports the games played.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.game.simulation.statistics import paired_interval, win_rate
from deckcli.game.simulation.runs import Entrant, Plan, derived_seed, run_plan
from deckcli.game.simulation.executor import pool_size
from deckcli.tuning.neighbours import Move, Neighbourhood, apply_move

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from deckcli.catalog.model import Catalog
    from deckcli.deck.resolution import ResolvedDeck
    from deckcli.game.simulation.cluster import ClusterPool
    from deckcli.rules.rule_set import RuleSet

RACE, CHECK, CONFIRM = 1, 2, 3
"""Tags of the seeds of the race's rounds, the checks and the confirmations: never the same games twice."""
CHECK_SHARE = 0.5
"""The part of a step's games that goes to the check of its survivor."""
CONFIRM_SHARE = 0.25
"""The confirmation with the default bot plays this part of ``budget`` (beside the climb's ``budget``)."""
STRONG_GAMES_PER = 4000
"""Games of ``budget`` per game a matchup of the confirmation with the strong bot (a slow bot: 30,000 -> 7)."""
MIN_GAMES = 2
"""The fewest games a matchup a deck plays in a check or confirmation (one in each seat)."""
RACE_GAMES = 8
"""The fewest games a matchup a neighbour plays in a round of the race: fewer, and the first rounds drop good
changes by chance as often as bad ones."""


@dataclass(frozen=True)
class Gain:
    """A paired comparison: the mean gain in win rate of the new deck over the old (fractions of a win, 0–1
    scale, negative for a loss) with its 95% interval, over ``pairs`` paired games, and both win rates."""

    mean: float
    low: float
    high: float
    pairs: int
    old_rate: float
    new_rate: float

    @property
    def beyond_noise(self) -> bool:
        """Whether the interval leaves 0 out."""
        return self.low > 0 or self.high < 0

    def as_dict(self) -> dict[str, Any]:
        return {"gain": self.mean, "ci95": [self.low, self.high], "pairs": self.pairs,
                "old_win_rate": self.old_rate, "new_win_rate": self.new_rate, "beyond_noise": self.beyond_noise}


@dataclass(frozen=True)
class Step:
    """One change taken: the move, its gain on the check's fresh games, the neighbours legal and raced, and the
    games the step played (race and check)."""

    move: Move
    gain: Gain
    legal: int
    raced: int
    games: int


@dataclass(frozen=True)
class Confirmation:
    """The start against the result with one bot, on the confirmation's seeds."""

    bot: str
    games_per_matchup: int
    gain: Gain | None


@dataclass
class Settings:
    """What a tune measures with: the opponents, the bots, the seed, the ``budget`` of games the climb plays
    (``None``: ``seconds`` decide it), the changes at most, and where the games are played."""

    opponents: tuple[Entrant, ...]
    bot: str
    strong_bot: str
    seed: int
    budget: int | None
    seconds: float | None = None
    max_changes: int = 3
    workers: int = 1
    cluster: ClusterPool | None = None
    mode: str = "standard"


@dataclass
class TuneResult:
    """What a tune found: the ``steps`` taken in order, why the climb ``stopped``, the confirmations, the
    games played (climb and confirmation), the seconds it took, the budget used, and the final deck."""

    start: ResolvedDeck
    final: ResolvedDeck
    steps: list[Step] = field(default_factory=list)
    stopped: str = ""
    confirmations: list[Confirmation] = field(default_factory=list)
    climb_games: int = 0
    confirm_games: int = 0
    seconds: float = 0.0
    budget: int = 0
    processes: int = 1
    """The most local processes a run of the tune played on (never more than the cores, nor the run's tasks)."""

    @property
    def moves(self) -> list[Move]:
        return [step.move for step in self.steps]

    @property
    def verdict(self) -> str:
        """``improvement``: both bots measure a gain above 0; ``worse``: both a loss; ``disagree``: their signs
        differ; ``unchanged``: no change was taken; ``unconfirmed``: a bot's confirmation was not played."""
        if not self.steps:
            return "unchanged"
        gains = [c.gain for c in self.confirmations]
        if len(gains) < 2 or any(g is None for g in gains):
            return "unconfirmed"
        signs = {(g.mean > 0) - (g.mean < 0) for g in gains if g is not None}
        if signs == {1}:
            return "improvement"
        if signs == {-1}:
            return "worse"
        return "disagree"


class Climber:
    """One tune's climb (see the module): ``run`` returns a :class:`TuneResult`."""

    def __init__(self, start: ResolvedDeck, rule_set: RuleSet, catalog: Catalog, settings: Settings,
                 keep: frozenset[str] = frozenset(), owned: dict[str, int] | None = None, leader: bool | str = False,
                 progress: Callable[[int, int], None] | None = None) -> None:
        self.start = start
        self.rule_set = rule_set
        self.catalog = catalog
        self.settings = settings
        self.keep = keep
        self.owned = owned
        self.leader = leader
        self.progress = progress
        self.played = 0
        self.total = 0
        self.budget = settings.budget or 0
        self.processes = 1

    # -- playing ----------------------------------------------------------------------------------------
    def entrant(self, deck: ResolvedDeck, label: str) -> Entrant:
        from deckcli.game.cards import deck_from_resolved

        game_deck = deck_from_resolved(deck, self.catalog)
        leader = game_deck.leader.name if game_deck.leader is not None else None
        return Entrant(label, deck.where, deck.faction.name, leader, game_deck)

    def play(self, subjects: Sequence[Entrant], games: int, seed: int, bot: str | None = None) -> list[Gain | None]:
        """Each subject after the first against the first, ``games`` a matchup on ``seed``: their gains. ``bot``
        (default: the settings' bot) plays the subjects; the settings' bot always plays the opponents."""
        settings = self.settings
        plan = Plan(tuple(subjects), settings.opponents, games, seed, bot or settings.bot,
                    None if settings.mode != "standard" else settings.bot)
        before = self.played

        def progress(done: int, _total: int) -> None:
            self.played = before + done
            if self.progress is not None:
                self.progress(self.played, max(self.total, self.played))

        if settings.cluster is None:
            self.processes = max(self.processes, pool_size(plan, settings.workers))
        tally = run_plan(plan, settings.workers, progress=progress, cluster=settings.cluster)
        self.played = before + plan.total
        old = tally.total(0)
        gains: list[Gain | None] = []
        for subject in range(1, len(subjects)):
            total = sum(pair[0] for pair in tally.pairs[subject])
            squares = sum(pair[1] for pair in tally.pairs[subject])
            new = tally.total(subject)
            found = paired_interval(total, squares, old.games)
            gains.append(None if found is None else Gain(*found, old.games, win_rate(old.points, old.games) or 0.0,
                                                         win_rate(new.points, new.games) or 0.0))
        return gains

    # -- the climb ------------------------------------------------------------------------------------------
    def run(self) -> TuneResult:
        began = time.monotonic()
        settings = self.settings
        if settings.budget is None:
            self.budget = self.calibrate(settings.seconds or 60.0)
        budget = self.budget
        matchups = len(settings.opponents)
        confirm_games = max(MIN_GAMES, int(budget * CONFIRM_SHARE) // (2 * matchups))
        strong_games = budget // STRONG_GAMES_PER
        # the strong bot's games counted like the others: the estimate of the rest is low while they play
        self.total = self.played + budget + 2 * matchups * (confirm_games + strong_games)
        result = TuneResult(self.start, self.start, budget=budget)
        current = self.start
        climb_start = self.played
        for step in range(settings.max_changes):
            left = budget - (self.played - climb_start)
            share = left // (settings.max_changes - step)
            taken = self.step(current, step, share)
            if isinstance(taken, str):
                result.stopped = taken
                break
            result.steps.append(taken)
            current = apply_move(current, taken.move, self.catalog)
        else:
            result.stopped = f"the most changes asked for ({settings.max_changes}) were taken"
        result.final = current
        result.climb_games = self.played
        self.total = self.played + (2 * matchups * (confirm_games + strong_games) if result.steps else 0)
        if self.progress is not None:
            self.progress(self.played, self.total)
        if result.steps:
            first, last = self.entrant(self.start, "start"), self.entrant(current, "result")
            found = self.play((first, last), confirm_games, derived_seed(settings.seed, CONFIRM, 0))
            result.confirmations.append(Confirmation(settings.bot, confirm_games, found[0]))
            if strong_games >= 1:
                found = self.play((first, last), strong_games, derived_seed(settings.seed, CONFIRM, 1),
                                  settings.strong_bot)
                result.confirmations.append(Confirmation(settings.strong_bot, strong_games, found[0]))
            else:
                result.confirmations.append(Confirmation(settings.strong_bot, 0, None))
        result.confirm_games = self.played - result.climb_games
        result.seconds = time.monotonic() - began
        result.processes = self.processes
        return result

    def calibrate(self, seconds: float) -> int:
        """The budget ``seconds`` allow: the current deck's games timed on one task a matchup (counted as played)."""
        entrant = self.entrant(self.start, "start")
        began = time.monotonic()
        self.play((entrant, entrant), 13, derived_seed(self.settings.seed, 0))
        rate = self.played / max(time.monotonic() - began, 1e-3)
        # the climb, its confirmation with the default bot, and the slow bot's share (about as long again)
        return max(2 * MIN_GAMES * len(self.settings.opponents) * 4, int(rate * seconds / 2.5))

    def step(self, current: ResolvedDeck, step: int, games: int) -> Step | str:
        """One change taken from ``current`` with about ``games`` games, or why none was."""
        neighbourhood = Neighbourhood(current, self.rule_set, self.catalog, self.keep, self.owned, self.leader)
        moves = neighbourhood.legal_moves()
        if not moves:
            return "no legal change is left within the rules, the collection and --keep"
        matchups = len(self.settings.opponents)
        race = int(games * (1 - CHECK_SHARE))
        raced = _affordable(len(moves), race, matchups)
        if raced < 1:
            return f"the budget left ({games:,} games) is too small for another change"
        order = sorted(range(len(moves)), key=lambda i: (-_strength_change(moves[i], self.catalog), i))
        alive = sorted(order[:raced])
        entrants = {i: self.entrant(apply_move(current, moves[i], self.catalog), moves[i].words) for i in alive}
        base = self.entrant(current, "current")
        sums = {i: [0.0, 0] for i in alive}  # sum of (mean gain x pairs), pairs
        rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 0
        played_before = self.played
        for round_ in range(rounds):
            per_round = race // rounds
            each = max(RACE_GAMES, per_round // ((len(alive) + 1) * matchups))
            gains = self.play([base, *(entrants[i] for i in alive)], each,
                              derived_seed(self.settings.seed, RACE, step, round_))
            for i, gain in zip(alive, gains):
                if gain is not None:
                    sums[i][0] += gain.mean * gain.pairs
                    sums[i][1] += gain.pairs
            ranked = sorted(alive, key=lambda i: (-(sums[i][0] / max(sums[i][1], 1)), i))
            alive = sorted(ranked[: max(1, math.ceil(len(alive) / 2))])
        best = alive[0]
        check = max(MIN_GAMES, (games - (self.played - played_before)) // (2 * matchups))
        gain = self.play([base, entrants[best]], check, derived_seed(self.settings.seed, CHECK, step))[0]
        if gain is None or gain.low <= 0:
            shown = "" if gain is None else f" ({gain.mean * 100:+.1f} points, 95% CI {gain.low * 100:+.1f} to {gain.high * 100:+.1f})"
            return f"the best change found, {moves[best].words}, was not beyond noise on fresh games{shown}"
        return Step(moves[best], gain, len(moves), raced, self.played - played_before)


def _affordable(count: int, games: int, matchups: int) -> int:
    """The most neighbours a race of ``games`` games can give :data:`RACE_GAMES` a matchup in each round."""
    for raced in range(count, 0, -1):
        rounds = max(1, math.ceil(math.log2(raced))) if raced > 1 else 1
        if games // rounds >= (raced + 1) * matchups * RACE_GAMES:
            return raced
    return 0


def _strength_change(move: Move, catalog: Catalog) -> int:
    """The printed unit Strength a move adds to the main deck (Heroes included; Special Cards count 0)."""
    def strength(name: str | None) -> int:
        card = catalog.cards[name] if name is not None else None
        return (card.strength or 0) if card is not None and card.is_unit else 0

    return strength(move.added) - strength(move.removed)
