"""Many Free For All (§16) or two versus two (§17) games of a deck, counted (``deckcli simulate --ffa N``,
``deckcli simulate DECK --team-with DECK2 --vs DECK3 --vs DECK4``): a job of the one executor
(:mod:`deckcli.game.simulation.executor`: this process, a pool of workers or a Dask cluster, the same counts).

Game ``i`` is dealt and played from seeds derived from the run's seed and ``i`` alone
(:func:`deckcli.game.simulation.runs.derived_seed`), never from the worker that plays it: a plan gives the same
counts whatever ``--workers``. The seats rotate game by game so that each deck sits in each seat equally: in Free
For All player ``(e + i) mod N`` is entrant ``e`` (clockwise order kept); at a team table game ``i % 4`` puts the
deck's team at A or B and the deck at A1/B1 or A2/B2, its teammate beside it. Who starts is decided as §16 and
§17 say (at random, or by a Scoia'tael player). Counts are integers, added in game order.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.game.agents import Agents, play_game
from deckcli.game.bots import bot_class
from deckcli.game.modes import MODES
from deckcli.game.rounds import new_game, returns
from deckcli.game.simulation import executor
from deckcli.game.simulation.executor import RunStopped
from deckcli.game.simulation.runs import derived_seed

FFA = "ffa"

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import BinaryIO

    from deckcli.game.simulation.cluster import ClusterPool
    from deckcli.game.simulation.runs import Entrant

CHUNK = 20
"""Games a task plays (any size gives the same counts)."""
_MODE_SEED = {"ffa": 16, "teams": 17}
"""Mixed into each game's seed, so that a Free For All and a team run of one seed deal differently."""


class TablePlan(NamedTuple):
    """What a run plays: ``mode``; ``entrants``: the deck under test first, then (Free For All) its opponents or
    (teams) its teammate and the two opponents; ``games``; ``seed``; ``bot`` plays the deck under test (and its
    teammate), ``opponent_bot`` the others."""

    mode: str
    entrants: tuple[Entrant, ...]
    games: int
    seed: int
    bot: str
    opponent_bot: str

    @property
    def players(self) -> int:
        return len(self.entrants)

    # a job of the executor (deckcli.game.simulation.executor.Job)

    def tasks(self, logging: bool) -> Iterator[tuple[int, int, bool]]:
        """The games in shards of :data:`CHUNK`: ``(first game, last game excluded, logging)``."""
        for first in range(0, self.games, CHUNK):
            yield first, min(first + CHUNK, self.games), logging

    def task_count(self) -> int:
        return -(-self.games // CHUNK)

    def setup(self) -> None:
        return None

    def play(self, state: None, task: tuple[int, ...], stopped: Any = None) -> tuple[TableCounts, str]:
        return _chunk(self, task[0], task[1], bool(task[2]), stopped)


def seating(plan: TablePlan, index: int) -> list[int]:
    """The entrant at each seat (player order) of game ``index``."""
    count = plan.players
    if plan.mode == FFA:
        return [(seat - index) % count for seat in range(count)]
    variant = index % 4
    team, position = variant % 2, variant // 2
    seats = [0] * 4
    seats[team + 2 * position] = 0          # the deck under test
    seats[team + 2 * (1 - position)] = 1    # its teammate
    seats[1 - team + 2 * position] = 2      # the first opponent across from it
    seats[1 - team + 2 * (1 - position)] = 3
    return seats


class TableCounts:
    """Per entrant: games won, drawn (a shared first place, or a team tie to the last gem) and lost; and the rounds
    of every game together."""

    __slots__ = ("wins", "draws", "losses", "rounds")

    def __init__(self, entrants: int) -> None:
        self.wins = [0] * entrants
        self.draws = [0] * entrants
        self.losses = [0] * entrants
        self.rounds = 0

    @property
    def games(self) -> int:
        return self.wins[0] + self.draws[0] + self.losses[0]

    def add(self, other: TableCounts) -> None:
        for mine, theirs in ((self.wins, other.wins), (self.draws, other.draws), (self.losses, other.losses)):
            for index, value in enumerate(theirs):
                mine[index] += value
        self.rounds += other.rounds


def play_one(plan: TablePlan, index: int, log: list[dict[str, Any]] | None) -> tuple[list[int], list[int], int]:
    """Game ``index``: returns its seating, the winning seats (several: a shared draw; none: a draw of all), rounds."""
    seats = seating(plan, index)
    decks = tuple(plan.entrants[entrant].deck for entrant in seats)
    table = new_game(decks, derived_seed(plan.seed, _MODE_SEED[plan.mode], index), mode=MODES[plan.mode], log=log,
                     game_id=index)
    agents = Agents(*(
        bot_class(plan.bot if entrant in ((0,) if plan.mode == FFA else (0, 1)) else plan.opponent_bot)(
            derived_seed(plan.seed, _MODE_SEED[plan.mode], index, seat + 1))
        for seat, entrant in enumerate(seats)))
    play_game(table, agents)
    results = returns(table)
    winners = [seat for seat, result in enumerate(results) if result > 0]
    if log:
        log[0]["deck_names"] = [plan.entrants[entrant].label for entrant in seats]
    return seats, winners, table.round


def _chunk(plan: TablePlan, first: int, last: int, logging: bool, stopped: Any = None) -> tuple[TableCounts, str]:
    """Games ``first`` to ``last`` (excluded), counted; with ``logging``, their event logs as JSON Lines. ``stopped``
    (a worker's stop event) is looked at before each game (:class:`deckcli.game.simulation.executor.RunStopped`)."""
    counts = TableCounts(plan.players)
    lines: list[str] = []
    for index in range(first, last):
        if stopped is not None and stopped.is_set():
            raise RunStopped
        log: list[dict[str, Any]] | None = [] if logging else None
        seats, winners, rounds = play_one(plan, index, log)
        counts.rounds += rounds
        for seat, entrant in enumerate(seats):
            if seat not in winners:
                counts.losses[entrant] += 1
            elif len(winners) == 1 or (plan.mode != FFA and len(winners) == 2):
                counts.wins[entrant] += 1
            else:
                counts.draws[entrant] += 1
        if plan.mode != FFA and not winners:  # both teams lost their last gem together: a draw (§9)
            for entrant in seats:
                counts.losses[entrant] -= 1
                counts.draws[entrant] += 1
        if log is not None:
            lines += [json.dumps(record, ensure_ascii=False) + "\n" for record in log]
    return counts, "".join(lines)


def run_table_plan(plan: TablePlan, workers: int, log: BinaryIO | None = None,
                   progress: Callable[[int, int], None] | None = None, cluster: ClusterPool | None = None) -> TableCounts:
    """Play ``plan`` on ``workers`` processes (1: here) or on the Dask ``cluster``
    (:func:`deckcli.game.simulation.executor.chunks`); with ``log``, every game's events written to it in game
    order. The counts are the same whatever ``workers`` or ``cluster``."""
    total = TableCounts(plan.players)
    done = 0
    chunks = executor.chunks(plan, log is not None, workers, cluster)
    try:
        for counts, lines in chunks:
            total.add(counts)
            if log is not None:
                log.write(lines.encode("utf-8"))
            done += counts.games
            if progress is not None:
                progress(done, plan.games)
    finally:
        chunks.close()  # an interrupted run stops its workers at once
    return total


# The report -----------------------------------------------------------------------------------------------------


def measured(plan: TablePlan) -> str:
    """What was measured, in words: the mode, the bots, the games, the seed, how the seats and starts were set."""
    from deckcli.game.bots import BOTS

    SUMMARIES = {name: entry.summary for name, entry in BOTS.items()}
    games = f"{plan.games:,} {'game' if plan.games == 1 else 'games'}"
    theirs = "" if plan.mode == FFA else " and its teammate"
    if plan.bot == plan.opponent_bot:
        bots = f"the {plan.bot} bot ({SUMMARIES[plan.bot]}) plays every seat"
    else:
        bots = (f"the {plan.bot} bot ({SUMMARIES[plan.bot]}) plays DECK{theirs}, the {plan.opponent_bot} bot "
                f"({SUMMARIES[plan.opponent_bot]}) the others")
    if plan.mode == FFA:
        setup = (f"Free For All (§16), {plan.players} players, {_points(plan.players)} points win; seats rotate "
                 "clockwise game by game; the first player is drawn at random or chosen by a Scoia'tael player; a "
                 "draw is a first place shared")
    else:
        setup = ("two versus two (§17), teams of two sharing a side, a discard pile and two gems; the teams and "
                 "the seats A1, B1, A2, B2 rotate game by game; who starts: a coin, or a Scoia'tael player")
    return (f"Measured: {games} (seed {plan.seed}) of {setup}; {bots}. Win rate: (wins + "
            "draws/2) / games, with its 95% Wilson interval (CI). These are bots' games: they measure the deck in "
            "the bots' hands, not in a person's.")


def _points(players: int) -> int:
    from deckcli.game.modes import POINTS_TO_WIN

    return POINTS_TO_WIN[players]


def report_dict(plan: TablePlan, counts: TableCounts) -> dict[str, Any]:
    """The JSON document of such a run (``simulate.schema.json``)."""
    from deckcli.game.simulation.statistics import wilson, win_rate

    def result(index: int) -> dict[str, Any]:
        points = 2 * counts.wins[index] + counts.draws[index]
        interval = wilson(points, counts.games)
        return {"games": counts.games, "wins": counts.wins[index], "draws": counts.draws[index],
                "losses": counts.losses[index], "win_rate": win_rate(points, counts.games),
                "ci95": list(interval) if interval else None}

    roles = (["deck"] + ["opponent"] * (plan.players - 1) if plan.mode == FFA
             else ["deck", "teammate", "opponent", "opponent"])
    entrant = plan.entrants[0]
    return {
        "deck": {"file": entrant.source or None, "name": entrant.label, "faction": entrant.faction,
                 "leader": entrant.leader},
        "mode": plan.mode, "bot": plan.bot, "opponent_bot": plan.opponent_bot, "seed": plan.seed,
        "players": plan.players, "games": plan.games,
        "decks": [{"name": e.label, "file": e.source or None, "faction": e.faction, "leader": e.leader,
                   "role": role, **result(index)} for index, (e, role) in enumerate(zip(plan.entrants, roles))],
        "rounds_per_game": counts.rounds / counts.games if counts.games else None,
        "measured": measured(plan),
    }


def render_table_run(plan: TablePlan, counts: TableCounts, width: int | None) -> str:
    """The run as text: a row per deck (Free For All) or per team (two versus two) with its win rate and 95%
    interval, then what was measured, within ``width`` columns (``None``: no limit; a table wider than ``width``,
    two long deck names of a team, drawn again with its widest cells wrapped)."""
    from deckcli.game.simulation.statistics import rate_text
    from deckcli.render.layout import Layout
    from deckcli.render.table_fit import fitted_tables

    layout = Layout(width=width)
    rows: list[tuple[str, str, str, str, str]] = []
    if plan.mode == FFA:
        title = f"Free For All, {plan.players} players (§16): {counts.games:,} games"
        for index, entrant in enumerate(plan.entrants):
            label = entrant.label + (" (DECK)" if index == 0 else "")
            points = 2 * counts.wins[index] + counts.draws[index]
            rows.append((label, str(counts.wins[index]), str(counts.draws[index]), str(counts.losses[index]),
                         rate_text(points, counts.games)))
        chance = f"Alone at random, each of {plan.players} decks would win 1 game in {plan.players}: {1 / plan.players:.1%}."
    else:
        title = f"Two versus two (§17): {counts.games:,} games, DECK's team first"
        for team, (first, second) in enumerate(((0, 1), (2, 3))):
            label = f"{plan.entrants[first].label} + {plan.entrants[second].label}"
            points = 2 * counts.wins[first] + counts.draws[first]
            rows.append((label, str(counts.wins[first]), str(counts.draws[first]), str(counts.losses[first]),
                         rate_text(points, counts.games)))
        chance = ""
    heads = ("deck" if plan.mode == FFA else "team", "wins", "draws", "losses", "win rate (95% CI)")
    widths = [max(len(row[column]) for row in [heads, *rows]) for column in range(5)]
    lines = [title, ""]
    for row in [heads, tuple("-" * w for w in widths), *rows]:
        lines.append("  ".join(cell.ljust(widths[0]) if column == 0 else cell.rjust(widths[column]) if column < 4
                               else cell for column, cell in enumerate(row)).rstrip())
    rounds = counts.rounds / counts.games if counts.games else 0
    lines += ["", f"Rounds a game: {rounds:.2f}"]
    if chance:
        lines += layout.wrap(chance)
    lines += ["", *layout.wrap(measured(plan), continuation="")]
    return fitted_tables("\n".join(lines), width)

