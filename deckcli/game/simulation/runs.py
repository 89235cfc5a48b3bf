"""Many games of a deck against others, counted (``deckcli simulate``, ``sheet --simulate``, ``diff --simulate``).

A run is a :class:`Plan`: the decks under test (one; two or more for a paired comparison, each with the first), the opponents (a matchup
each), the games per matchup, the seed and the two bots. Game ``i`` of matchup ``m`` is dealt and played from
seeds derived from the run's seed, ``m`` and ``i`` alone (:func:`derived_seed`), never from the worker that
plays it or when: a plan gives the same counts whatever the number of workers. The deck under test sits in
seat 0 for even games and seat 1 for odd ones; who starts is decided as the rulebook says, by a coin or by a
Scoia'tael player's choice (§3, §6). A paired run deals each game of both decks under test from the same
seeds: the same coin, the same opponent's deck order, the same bots' seeds. The games may be played by this
process, by a pool of its own worker processes, or by a Dask cluster (:mod:`deckcli.game.simulation.cluster`):
tasks are shards of consecutive seeds, so where a task is played never changes what it counts. Against Gwent Solo's automated
opponent (:data:`GAME_MODES` ``solo``) the deck under test is always the player, seat 0, and the automaton,
seat 1, plays by its own rules (§18–20): there is no opponent's bot.

Results are counted as they come (:class:`Tally`: integers, so that any order of adding gives the same
sums); nothing is kept per game, and the game log (JSON Lines, ``schemas/output/game-log.schema.json``) is
written to its stream game by game, in game order.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from deckcli.game.agents import Agents, start_game, step
from deckcli.game.simulation import executor
from deckcli.game.simulation.executor import RunStopped
from deckcli.game.bots import bot_class
from deckcli.game.rounds import card_table, legal_actions, new_game

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO

    from deckcli.game.agents import Agent
    from deckcli.game.cards import GameCards, GameDeck
    from deckcli.game.simulation.cluster import ClusterPool
    from deckcli.game.state import Game

STANDARD, SOLO, SOLO_LEADER_VARIANT = "standard", "solo", "solo-leader-variant"
"""The modes of :data:`GAME_MODES`: a two-player game, Gwent Solo, Gwent Solo with the Leader variant."""
SOLO_MODES = (SOLO, SOLO_LEADER_VARIANT)
CHUNK = 25
"""Games a worker plays per task (any size gives the same counts; this one keeps a task's log small)."""
_MASK = (1 << 64) - 1


class Entrant(NamedTuple):
    """A deck at the table: ``label`` (its name, or its file), the ``source`` file it was read from (``""``: Gwent
    Solo's automaton, which has none), its faction's and Leader's names, the cards, the ``mode`` of game it is
    played in as an opponent (:data:`GAME_MODES`), and whether it is a faction's ``starter`` deck as the package
    ships it (``--vs FACTION``, ``starters``: its ``source`` then is the package's own path)."""

    label: str
    source: str
    faction: str
    leader: str | None
    deck: GameDeck
    mode: str = STANDARD
    starter: bool = False

    def card_names(self) -> tuple[str, ...]:
        """The main deck's card names, once each, in the file's order."""
        return tuple(dict.fromkeys(card.name for card in self.deck.cards))


class Plan(NamedTuple):
    """What a run plays: each of ``subjects`` against each of ``opponents``, ``games`` games a matchup; ``bot``
    plays the subjects and ``opponent_bot`` the opponents (``None`` when they are Gwent Solo's automaton)."""

    subjects: tuple[Entrant, ...]
    opponents: tuple[Entrant, ...]
    games: int
    seed: int
    bot: str
    opponent_bot: str | None

    @property
    def total(self) -> int:
        """Every game of the run."""
        return len(self.subjects) * len(self.opponents) * self.games

    @property
    def solo(self) -> bool:
        """Whether the run is Gwent Solo: every opponent the automaton of a faction (§18)."""
        return bool(self.opponents) and all(o.mode in SOLO_MODES for o in self.opponents)

    @property
    def leader_variant(self) -> bool:
        """Whether the automaton plays the Leader variant (§18) in every game of a Solo run."""
        return self.solo and all(o.mode == SOLO_LEADER_VARIANT for o in self.opponents)

    # a job of the executor (deckcli.game.simulation.executor.Job)

    def tasks(self, logging: bool) -> Iterator[tuple[int, int, int, bool]]:
        """Each matchup's games in shards of :data:`CHUNK`: ``(matchup, first game, last game excluded, logging)``."""
        for matchup in range(len(self.opponents)):
            for start in range(0, self.games, CHUNK):
                yield matchup, start, min(start + CHUNK, self.games), logging

    def task_count(self) -> int:
        """How many tasks :meth:`tasks` gives: ``CHUNK`` games each, a matchup's last one shorter."""
        return len(self.opponents) * -(-self.games // CHUNK)

    def setup(self) -> _Run:
        return _Run(self)

    def play(self, state: _Run, task: tuple[int, ...], stopped: Any = None) -> _Chunk:
        return _play_chunk(state, (task[0], task[1], task[2], bool(task[3])), stopped)


def derived_seed(*parts: int) -> int:
    """A 64-bit seed from integers (SplitMix64's finaliser over each in turn): the same numbers, the same seed,
    on every machine and Python; neighbouring numbers give unrelated seeds."""
    state = 0
    for part in parts:
        state = ((state ^ (part & _MASK)) + 0x9E3779B97F4A7C15) & _MASK
        state = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        state = ((state ^ (state >> 27)) * 0x94D049BB133111EB) & _MASK
        state ^= state >> 31
    return state


def game_number(plan: Plan, subject: int, matchup: int, index: int) -> int:
    """The number of game ``index`` of ``matchup`` for deck under test ``subject`` in the game log (``game``): the
    games of the first deck under test numbered from 0, matchup by matchup, then those of the second."""
    return (subject * len(plan.opponents) + matchup) * plan.games + index


# counting --------------------------------------------------------------------------------------------------


STORY = ("won_round_1", "lost_round_1", "won_after_losing_round_1", "advantage_games", "advantage",
         "advantage_squares", "won_margin", "won_margin_squares", "lost_margin", "lost_margin_squares",
         "lost_fewer_cards", "lost_to_scorch", "lost_to_weather", "lost_on_a_tie")
"""What :attr:`Counts.story` counts of the games, by index: games that won round 1, that lost it, won after losing
it; games whose card advantage entering the deciding round was measured (none in Gwent Solo: the automaton holds
no hand, §18), the sum of that advantage (cards in the deck's hand less the opponent's) and of its squares; the
sums of the deciding round's margin (the deck's total less the opponent's) over won games and over lost games,
and of its squares; lost games that entered the deciding round with fewer cards, that had a Scorch discard at
least one of the deck's units in it, that had the opponent play a Weather Card in it, and whose deciding round
was a tie that Nilfgaard won (§3). The deciding round is the last round played."""
_S = {name: index for index, name in enumerate(STORY)}


class Counts:
    """One deck under test in one matchup: games won, drawn, lost, and per card of its main deck (in
    :meth:`Entrant.card_names` order) the games it was in the opening hand after the exchanges and the points
    scored in them (2 a win, 1 a draw); ``story``, how the games went (integers, :data:`STORY`)."""

    __slots__ = ("wins", "draws", "losses", "held", "held_points", "story")

    def __init__(self, cards: int) -> None:
        self.wins = self.draws = self.losses = 0
        self.held = [0] * cards
        self.held_points = [0] * cards
        self.story = [0] * len(STORY)

    def told(self, name: str) -> int:
        """One figure of :attr:`story` by its name in :data:`STORY`."""
        return self.story[_S[name]]

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> int:
        """2 a win, 1 a draw: twice ``wins + draws / 2``."""
        return 2 * self.wins + self.draws

    def add(self, other: Counts) -> None:
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        for index, value in enumerate(other.held):
            self.held[index] += value
        for index, value in enumerate(other.held_points):
            self.held_points[index] += value
        for index, value in enumerate(other.story):
            self.story[index] += value


class Tally:
    """A run's counts: ``counts[subject][matchup]``, and for a paired run (two subjects or more) the sums of
    each subject's points less the first's per game (``pairs[subject][matchup]``: the sum and the sum of squares;
    ``pairs[0]`` is all zeros). ``paired`` is ``pairs[1]``: the second subject against the first."""

    __slots__ = ("counts", "pairs")

    def __init__(self, plan: Plan) -> None:
        self.counts = [[Counts(len(subject.card_names())) for _ in plan.opponents] for subject in plan.subjects]
        self.pairs = [[[0, 0] for _ in plan.opponents] for _ in range(max(len(plan.subjects), 2))]

    @property
    def paired(self) -> list[list[int]]:
        """The second subject's per-matchup sums against the first (``diff --simulate``)."""
        return self.pairs[1]

    def total(self, subject: int) -> Counts:
        """One subject's counts over every matchup."""
        whole = Counts(len(self.counts[subject][0].held) if self.counts[subject] else 0)
        for counts in self.counts[subject]:
            whole.add(counts)
        return whole


class _Chunk(NamedTuple):
    """What a worker sends back for one task: its matchup, the counts per subject, the paired sums per subject
    (each subject's points less the first's: the sum and the sum of squares; the first's are zeros), the log."""

    matchup: int
    counts: tuple[Counts, ...]
    paired: tuple[tuple[int, int], ...]
    log: str


# playing -----------------------------------------------------------------------------------------------------


class _Run:
    """A process's share of a plan: the plan, what makes each bot, the card tables built once per pairing."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.bots = (bot_class(plan.bot), bot_class(plan.opponent_bot or plan.bot))
        self.tables: dict[tuple[int, int, int], GameCards] = {}
        self.index = [{name: i for i, name in enumerate(subject.card_names())} for subject in plan.subjects]


def _held(run: _Run, subject: int, game: Game, seat: int) -> set[int]:
    """The indices (:meth:`Entrant.card_names`) of deck under test ``subject``'s cards in ``seat``'s hand."""
    names = game.cards.name
    where = run.index[subject]
    return {where[names[card]] for card in game.hand[seat] if names[card] in where}


Played = tuple[int, set[int], list[int]]
"""What a game gives the tally: its points for the deck under test (2 a win, 1 a draw, 0 a loss), the indices of
the deck's cards in its opening hand after the exchanges, and how it went (:data:`STORY`, one game's figures)."""


def _entering(game: Game) -> tuple[int, int, int, int, int, int]:
    """What a round starts from: both hands' sizes, both sides' units scorched so far and both players' Weather
    Cards played so far."""
    return (len(game.hand[0]), len(game.hand[1]), game.scorched[0], game.scorched[1], game.weathers[0],
            game.weathers[1])


def _story(game: Game, seat: int, entering: tuple[int, int, int, int, int, int], hands: bool) -> list[int]:
    """One game's :data:`STORY` figures for the deck in ``seat``, ``entering`` what the deciding round (the last)
    started from; ``hands``: whether the card advantage means anything (not in Gwent Solo)."""
    other = 1 - seat
    story = [0] * len(STORY)
    first = game.round_winners[0] if game.round_winners else None
    won, lost = game.winner == seat, game.winner == other
    if first == seat:
        story[_S["won_round_1"]] = 1
    elif first == other:
        story[_S["lost_round_1"]] = 1
        story[_S["won_after_losing_round_1"]] = int(won)
    advantage = entering[seat] - entering[other]
    if hands:
        story[_S["advantage_games"]] = 1
        story[_S["advantage"]] = advantage
        story[_S["advantage_squares"]] = advantage * advantage
    last = game.round_scores[-1] if game.round_scores else (0, 0)
    margin = last[seat] - last[other]
    if won:
        story[_S["won_margin"]], story[_S["won_margin_squares"]] = margin, margin * margin
    elif lost:
        story[_S["lost_margin"]], story[_S["lost_margin_squares"]] = margin, margin * margin
        story[_S["lost_fewer_cards"]] = int(hands and advantage < 0)
        story[_S["lost_to_scorch"]] = int(game.scorched[seat] > entering[2 + seat])
        story[_S["lost_to_weather"]] = int(game.weathers[other] > entering[4 + other])
        story[_S["lost_on_a_tie"]] = int(last[0] == last[1] and game.round_winners[-1] == other)
    return story


def play_standard(run: _Run, subject: int, matchup: int, index: int, log: list[dict[str, Any]] | None) -> Played:
    """Game ``index`` of ``matchup`` for deck under test ``subject``, a two-player game (§6–§9): what it gives
    the tally (:data:`Played`)."""
    plan = run.plan
    seed = derived_seed(plan.seed, matchup, index)
    seat = index % 2
    mine, theirs = plan.subjects[subject], plan.opponents[matchup]
    decks = (mine.deck, theirs.deck) if seat == 0 else (theirs.deck, mine.deck)
    own_seed, other_seed = derived_seed(seed, 1), derived_seed(seed, 2)
    key = (subject, matchup, seat)
    table = run.tables.get(key)
    if table is None:
        table = run.tables[key] = card_table(decks)
    game = new_game(decks, seed, log=log, game_id=game_number(plan, subject, matchup, index), table=table,
                    deck_seeds=(own_seed, other_seed) if seat == 0 else (other_seed, own_seed))
    bot: Agent = run.bots[0](derived_seed(seed, 3))
    opponent: Agent = run.bots[1](derived_seed(seed, 4))
    agents = Agents(bot, opponent) if seat == 0 else Agents(opponent, bot)
    start_game(game, agents)
    if log:
        log[0]["deck_names"] = [mine.label, theirs.label] if seat == 0 else [theirs.label, mine.label]
        log[0]["seed"] = seed
    held = _held(run, subject, game, seat)
    entering = _entering(game)
    round_number = game.round
    while not game.over:
        step(game, agents.act(game, game.to_move, legal_actions(game)), agents)
        if game.round != round_number:
            round_number, entering = game.round, _entering(game)
    return (2 if game.winner == seat else 1 if game.winner is None else 0), held, _story(game, seat, entering, True)


def play_solo(run: _Run, subject: int, matchup: int, index: int, log: list[dict[str, Any]] | None, *,
              leader_variant: bool = False) -> Played:
    """Game ``index`` of ``matchup`` for deck under test ``subject``, a game of Gwent Solo (§18–20): the deck is the
    player's (seat 0), the opponent the automaton of its faction (seat 1, :mod:`deckcli.game.solo.automaton`), which
    starts every round but where a Scoia'tael player does (§19); with ``leader_variant``, the Leader variant.
    Returns what :func:`play_standard` does (with no card advantage: the automaton holds no hand, §18)."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.solo.automaton import new_solo_game, solo_agents, solo_decks

    plan = run.plan
    seed = derived_seed(plan.seed, matchup, index)
    mine, theirs = plan.subjects[subject], plan.opponents[matchup]
    faction = theirs.deck.faction
    catalog = default_catalog()
    key = (subject, matchup, 0)
    table = run.tables.get(key)
    if table is None:
        table = run.tables[key] = card_table(solo_decks(mine.deck, faction, catalog))
    game = new_solo_game(mine.deck, faction, seed, leader_variant=leader_variant, catalog=catalog, log=log,
                         game_id=game_number(plan, subject, matchup, index), table=table)
    agents = solo_agents(run.bots[0](derived_seed(seed, 3)))
    start_game(game, agents)
    if log:
        log[0]["deck_names"] = [mine.label, theirs.label]
        log[0]["seed"] = seed
    # the automaton's first turn has been played: nothing it plays touches the player's hand (§19)
    held = _held(run, subject, game, 0)
    # the round-1 counts from the start: the automaton's first turn may have played a Weather Card already
    entering = (0, 0, 0, 0, 0, 0)
    round_number = game.round
    while not game.over:
        step(game, agents.act(game, 0, legal_actions(game)), agents)
        if game.round != round_number:
            round_number, entering = game.round, _entering(game)
    return (2 if game.winner == 0 else 1 if game.winner is None else 0), held, _story(game, 0, entering, False)


def play_solo_leader_variant(run: _Run, subject: int, matchup: int, index: int,
                             log: list[dict[str, Any]] | None) -> Played:
    """:func:`play_solo` with the Leader variant (§18)."""
    return play_solo(run, subject, matchup, index, log, leader_variant=True)


GAME_MODES: dict[str, Callable[[_Run, int, int, int, list[dict[str, Any]] | None], Played]] = {
    STANDARD: play_standard,
    SOLO: play_solo,
    SOLO_LEADER_VARIANT: play_solo_leader_variant,
}
"""How a matchup's games are made and played, by :attr:`Entrant.mode` of the opponent."""


def _play_chunk(run: _Run, task: tuple[int, int, int, bool], stopped: Any = None) -> _Chunk:
    """Play one task's games; ``stopped`` (a worker's :class:`multiprocessing.Event`) is looked at before each game,
    and :class:`RunStopped` raised once it is set."""
    matchup, start, stop, logging = task
    plan = run.plan
    play = GAME_MODES[plan.opponents[matchup].mode]
    counts = tuple(Counts(len(index)) for index in run.index)
    lines: list[str] = []
    paired = [[0, 0] for _ in counts]
    for game in range(start, stop):
        if stopped is not None and stopped.is_set():
            raise RunStopped
        points = []
        for subject, tally in enumerate(counts):
            log: list[dict[str, Any]] | None = [] if logging else None
            won, held, story = play(run, subject, matchup, game, log)
            points.append(won)
            if won == 2:
                tally.wins += 1
            elif won == 1:
                tally.draws += 1
            else:
                tally.losses += 1
            for card in held:
                tally.held[card] += 1
                tally.held_points[card] += won
            for figure, value in enumerate(story):
                tally.story[figure] += value
            if log:
                lines.extend(json.dumps(event, ensure_ascii=False) for event in log)
        for subject in range(1, len(points)):
            difference = points[subject] - points[0]
            paired[subject][0] += difference
            paired[subject][1] += difference * difference
    return _Chunk(matchup, counts, tuple((total, squares) for total, squares in paired),
                  "".join(line + "\n" for line in lines))


SAMPLE_BUDGET = 0.3
"""Seconds :func:`estimated_seconds` may spend playing sample games (it plays at least one)."""
SAMPLE_GAMES = 4
"""The most sample games :func:`estimated_seconds` plays."""


def estimated_seconds(plan: Plan, workers: int, clock: Callable[[], float] | None = None,
                      load: float | None = None) -> float:
    """How long a run of ``plan`` on ``workers`` processes should take, in seconds of wall-clock time.

    A few of its games are played here (at most :data:`SAMPLE_GAMES`, while they take less than
    :data:`SAMPLE_BUDGET`): the median of their CPU times (``clock``, default :func:`time.process_time`) is one
    game's. The run's games are shared over the processes it gets (:func:`pool_size`), each with its share of
    a core: all of one when the cores outnumber what runs, else ``cores / (load + processes)``, ``load`` being
    the processes already running (default: the one-minute load average, 0 where the system has none). The
    sample games are the plan's first of each matchup in turn, played again by the run: their results are
    thrown away, and nothing of the run depends on them.
    """
    import time

    tick = clock or time.process_time
    run = _Run(plan)
    times: list[float] = []
    began = tick()
    for sample in range(SAMPLE_GAMES):
        matchup, index = sample % len(plan.opponents), sample // len(plan.opponents)
        if index >= plan.games:
            break
        start = tick()
        GAME_MODES[plan.opponents[matchup].mode](run, 0, matchup, index, None)
        times.append(tick() - start)
        if tick() - began >= SAMPLE_BUDGET:
            break
    times.sort()
    middle = len(times) // 2
    per_game = times[middle] if len(times) % 2 else (times[middle - 1] + times[middle]) / 2
    if load is None:
        try:
            load = os.getloadavg()[0]
        except (AttributeError, OSError):  # not on this system
            load = 0.0
    processes = executor.pool_size(plan, workers)
    share = min(1.0, executor.default_workers() / max(load + processes, 1.0))
    return per_game * plan.total / (processes * share)


def run_plan(plan: Plan, workers: int = 1, log: BinaryIO | None = None,
             progress: Callable[[int, int], None] | None = None, cluster: ClusterPool | None = None) -> Tally:
    """Play every game of ``plan`` on ``workers`` processes (1: in this one; never more than the cores, see
    :func:`pool_size`), or on the Dask ``cluster`` when one is given (``workers`` then unused), and count the
    results: the same counts either way.

    With ``log``, the game log of every game is written to it as JSON Lines (UTF-8), game after game in the
    order they are played: a paired run's two games of a deal one after the other (their numbers,
    :func:`game_number`, tell the decks under test apart). ``progress(done, total)`` is called after each task's games.
    """
    tally = Tally(plan)
    done = 0
    per_game = len(plan.subjects)
    chunks = executor.chunks(plan, log is not None, workers, cluster)
    try:
        for chunk in chunks:
            for subject, counts in enumerate(chunk.counts):
                tally.counts[subject][chunk.matchup].add(counts)
            for subject, (total, squares) in enumerate(chunk.paired):
                paired = tally.pairs[subject][chunk.matchup]
                paired[0] += total
                paired[1] += squares
            if log is not None and chunk.log:
                log.write(chunk.log.encode("utf-8"))
            done += chunk.counts[0].games * per_game if chunk.counts else 0
            if progress is not None:
                progress(done, plan.total)
    finally:
        chunks.close()  # now, not when the traceback lets go of it: an interrupted run stops its workers at once
    return tally

