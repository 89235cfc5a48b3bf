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
import signal
from collections import deque
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from deckcli.game.agents import Agents
from deckcli.game.bots import bot_class
from deckcli.game.rounds import card_table, legal_actions, new_game, start_game, step

if TYPE_CHECKING:
    from collections.abc import Generator, Iterator
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
    Solo's automaton, which has none), its faction's and Leader's names, the cards, and the ``mode`` of game it
    is played in as an opponent (:data:`GAME_MODES`)."""

    label: str
    source: str
    faction: str
    leader: str | None
    deck: GameDeck
    mode: str = STANDARD

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


def default_workers() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


# counting --------------------------------------------------------------------------------------------------


class Counts:
    """One deck under test in one matchup: games won, drawn, lost, and per card of its main deck (in
    :meth:`Entrant.card_names` order) the games it was in the opening hand after the exchanges and the points
    scored in them (2 a win, 1 a draw)."""

    __slots__ = ("wins", "draws", "losses", "held", "held_points")

    def __init__(self, cards: int) -> None:
        self.wins = self.draws = self.losses = 0
        self.held = [0] * cards
        self.held_points = [0] * cards

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


def play_standard(run: _Run, subject: int, matchup: int, index: int, log: list[dict[str, Any]] | None) -> tuple[int, set[int]]:
    """Game ``index`` of ``matchup`` for deck under test ``subject``, a two-player game (§6–§9): its points for
    that deck (2 a win, 1 a draw, 0 a loss) and the indices of the deck's cards in its opening hand after the
    exchanges."""
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
    game = new_game(decks, seed, log=log, game_id=matchup * plan.games + index, table=table,
                    deck_seeds=(own_seed, other_seed) if seat == 0 else (other_seed, own_seed))
    bot: Agent = run.bots[0](derived_seed(seed, 3))
    opponent: Agent = run.bots[1](derived_seed(seed, 4))
    agents = Agents(bot, opponent) if seat == 0 else Agents(opponent, bot)
    start_game(game, agents)
    if log:
        log[0]["deck_names"] = [mine.label, theirs.label] if seat == 0 else [theirs.label, mine.label]
    held = _held(run, subject, game, seat)
    while not game.over:
        step(game, agents.act(game, game.to_move, legal_actions(game)), agents)
    return (2 if game.winner == seat else 1 if game.winner is None else 0), held


def play_solo(run: _Run, subject: int, matchup: int, index: int, log: list[dict[str, Any]] | None, *,
              leader_variant: bool = False) -> tuple[int, set[int]]:
    """Game ``index`` of ``matchup`` for deck under test ``subject``, a game of Gwent Solo (§18–20): the deck is the
    player's (seat 0), the opponent the automaton of its faction (seat 1, :mod:`deckcli.game.solo.automaton`), which
    starts every round but where a Scoia'tael player does (§19); with ``leader_variant``, the Leader variant.
    Returns what :func:`play_standard` does."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.solo.automaton import new_solo_game, solo_agents, solo_decks, solo_step, start_solo_game

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
                         game_id=matchup * plan.games + index, table=table)
    agents = solo_agents(run.bots[0](derived_seed(seed, 3)))
    start_solo_game(game, agents)
    if log:
        log[0]["deck_names"] = [mine.label, theirs.label]
    # the automaton's first turn has been played: nothing it plays touches the player's hand (§19)
    held = _held(run, subject, game, 0)
    while not game.over:
        solo_step(game, agents.act(game, 0, legal_actions(game)), agents)
    return (2 if game.winner == 0 else 1 if game.winner is None else 0), held


def play_solo_leader_variant(run: _Run, subject: int, matchup: int, index: int,
                             log: list[dict[str, Any]] | None) -> tuple[int, set[int]]:
    """:func:`play_solo` with the Leader variant (§18)."""
    return play_solo(run, subject, matchup, index, log, leader_variant=True)


GAME_MODES: dict[str, Callable[[_Run, int, int, int, list[dict[str, Any]] | None], tuple[int, set[int]]]] = {
    STANDARD: play_standard,
    SOLO: play_solo,
    SOLO_LEADER_VARIANT: play_solo_leader_variant,
}
"""How a matchup's games are made and played, by :attr:`Entrant.mode` of the opponent."""


def _play_chunk(run: _Run, task: tuple[int, int, int, bool]) -> _Chunk:
    matchup, start, stop, logging = task
    plan = run.plan
    play = GAME_MODES[plan.opponents[matchup].mode]
    counts = tuple(Counts(len(index)) for index in run.index)
    lines: list[str] = []
    paired = [[0, 0] for _ in counts]
    for game in range(start, stop):
        points = []
        for subject, tally in enumerate(counts):
            log: list[dict[str, Any]] | None = [] if logging and subject == 0 else None
            won, held = play(run, subject, matchup, game, log)
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
            if log:
                lines.extend(json.dumps(event, ensure_ascii=False) for event in log)
        for subject in range(1, len(points)):
            difference = points[subject] - points[0]
            paired[subject][0] += difference
            paired[subject][1] += difference * difference
    return _Chunk(matchup, counts, tuple((total, squares) for total, squares in paired),
                  "".join(line + "\n" for line in lines))


_WORKER: _Run | None = None

PARENT_CHECK = 0.5
"""Seconds between a worker's looks at whether the process that started it is still there."""
HELD_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}
"""The signals that stop a run: held while its workers start (:func:`_signals_held`)."""


def _start_worker(plan: Plan, parent: int) -> None:
    """A worker's start: the signals left to the process that started it, then the plan.

    Ctrl-C reaches every process of the terminal's group: the worker ignores it, and the run's own process stops
    the workers (:func:`_stopped`). A worker keeps no handler the starting process set for SIGTERM or SIGHUP (a
    fork copies them). Those signals are held (:func:`_signals_held`) from the fork until they are set here, so
    that none lands in between. A worker ends once that process is gone, however it went (even ``kill -9``): a
    worker waiting for tasks would otherwise wait for ever.
    """
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in HELD_SIGNALS - {signal.SIGINT}:
        signal.signal(number, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_SIGNALS)
    global _WORKER
    _WORKER = _Run(plan)
    threading.Thread(target=_end_with, args=(parent,), name="deckcli-parent-watch", daemon=True).start()


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold :data:`HELD_SIGNALS` in this process while the block runs (they are delivered after it): the workers
    forked meanwhile start with them held too, until :func:`_start_worker` has set what each does."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # not on POSIX
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _end_with(parent: int) -> None:
    import time

    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(1)


def _worker_chunk(task: tuple[int, int, int, bool]) -> _Chunk:
    assert _WORKER is not None, "the worker was started without its plan"
    return _play_chunk(_WORKER, task)


def _tasks(plan: Plan, logging: bool) -> Iterator[tuple[int, int, int, bool]]:
    """The tasks of a plan, one at a time (``--games`` may be far more than a list could hold)."""
    for matchup in range(len(plan.opponents)):
        for start in range(0, plan.games, CHUNK):
            yield matchup, start, min(start + CHUNK, plan.games), logging


def task_count(plan: Plan) -> int:
    """How many tasks :func:`_tasks` gives: ``CHUNK`` games each, a matchup's last one shorter."""
    return len(plan.opponents) * -(-plan.games // CHUNK)


def pool_size(plan: Plan, workers: int) -> int:
    """The processes a run of ``plan`` asked for ``workers`` plays on: never more than its tasks, nor than the
    cores this process may run on (more would only share them, each with its own memory)."""
    return max(1, min(workers, default_workers(), task_count(plan)))


def _chunks(plan: Plan, logging: bool, workers: int, cluster: ClusterPool | None = None) -> Generator[_Chunk, None, None]:
    """The tasks' results in task order: played here, or by ``workers`` processes (:func:`pool_size`), or on
    ``cluster``, at most two tasks a worker ahead of the one awaited (so that memory does not grow with the
    number of games).

    When the run does not end by itself (Ctrl-C, SIGTERM, an error, the generator closed), the workers are killed
    at once rather than left to finish the tasks they hold.
    """
    tasks = _tasks(plan, logging)
    if cluster is not None:
        yield from cluster.chunks(plan, tasks)
        return
    workers = pool_size(plan, workers)
    if workers == 1:
        run = _Run(plan)
        for task in tasks:
            yield _play_chunk(run, task)
        return
    from concurrent.futures import Future, ProcessPoolExecutor

    pending: deque[Future[_Chunk]] = deque()
    pool: ProcessPoolExecutor | None = None
    finished = False
    try:
        with _signals_held():
            pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(plan, os.getpid()))
            pending.append(pool.submit(_worker_chunk, next(tasks)))  # starts the workers (with fork, all of them)
        for task in tasks:
            pending.append(pool.submit(_worker_chunk, task))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
        finished = True
    finally:
        if not finished:
            _stopped()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _stopped() -> None:
    """Kill the pool's worker processes (this process's children: deckcli starts no other) and wait for them."""
    import multiprocessing

    for process in multiprocessing.active_children():
        process.kill()
        process.join()


def run_plan(plan: Plan, workers: int = 1, log: BinaryIO | None = None,
             progress: Callable[[int, int], None] | None = None, cluster: ClusterPool | None = None) -> Tally:
    """Play every game of ``plan`` on ``workers`` processes (1: in this one; never more than the cores, see
    :func:`pool_size`), or on the Dask ``cluster`` when one is given (``workers`` then unused), and count the
    results: the same counts either way.

    With ``log``, the game log of every game of the first deck under test is written to it as JSON Lines
    (UTF-8), game after game in game order. ``progress(done, total)`` is called after each task's games.
    """
    tally = Tally(plan)
    done = 0
    per_game = len(plan.subjects)
    chunks = _chunks(plan, log is not None, workers, cluster)
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

