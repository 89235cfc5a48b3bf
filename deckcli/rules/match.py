"""The Tournament match (rulebook §15) solved exactly: a best-of-three between two lineups of three decks.

§15 says: "Before game one, flip a coin to decide who selects their first deck first. Win two complete
games to take the best-of-three tournament. For games two and three, the previous winner chooses a new
deck first. The previous loser then decides whether to keep their deck or switch. A winning deck cannot
be used again."

Every choice is made in turn, the second player seeing the first one's deck (a player who "selects first"
only differs from the other if the other then knows the choice), so the match is a finite game of perfect
information and chance: backward induction with a maximum at my choices and a minimum at theirs solves it
exactly; no mixed strategy is needed. The state of the match is the decks each player has won with (they
are retired, §15) and who chooses first; the loser's choice between keeping and switching is a choice of any
deck it has not won with, so the deck it lost with does not change the values, only whether the best choice
is called a keep or a switch.

A drawn game (§13: both lose their last gem) is won by nobody: no deck is retired, there is no previous
winner to choose first, and no player is nearer the two won games §15 asks for. The drawn game is replayed
with the same two decks until one wins it (docs/tournament.md, "A drawn game"); a pairing whose games are
won with probability ``w``, drawn with ``d`` and lost with ``l`` is therefore won with ``w / (w + l)`` (a
half when every game is drawn).

Probabilities are fractions 0–1. This module needs no engine: :mod:`deckcli.game.simulation.tournament`
fills the matrix by simulation, ``tournament --matrix`` from a file.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence, TypeVar, cast

ME, THEM = "me", "them"
"""Who chooses first in a game (:attr:`Decision.first`)."""
DECKS = 3
"""Decks in a Tournament lineup (§15)."""
WINS_NEEDED = 2
"""Won games that take the match (§15: best of three)."""
TIE = 1e-12
"""Values closer than this are equal: the earlier deck (in lineup order) is the one the plan names."""

_Value = TypeVar("_Value")


@dataclass(frozen=True)
class MatchMatrix:
    """How each of my decks fares against each of theirs in one game.

    ``mine`` and ``theirs`` are the three decks' names (lineup order); ``win[i][j]`` is the probability
    (0–1) that my deck ``i`` wins a game against their deck ``j``, ``draw[i][j]`` that the game is drawn
    (``win + draw <= 1``; the rest is their win). Raises ``ValueError`` for another shape or a probability
    outside 0–1.
    """

    mine: tuple[str, ...]
    theirs: tuple[str, ...]
    win: tuple[tuple[float, ...], ...]
    draw: tuple[tuple[float, ...], ...]

    def __post_init__(self) -> None:
        if len(self.mine) != DECKS or len(self.theirs) != DECKS:
            raise ValueError(f"a Tournament lineup is {DECKS} decks (§15)")
        for rows in (self.win, self.draw):
            if len(rows) != DECKS or any(len(row) != DECKS for row in rows):
                raise ValueError(f"the matrix is {DECKS} × {DECKS}")
        for win_row, draw_row in zip(self.win, self.draw):
            for win, draw in zip(win_row, draw_row):
                if not (0 <= win <= 1 and 0 <= draw <= 1 and win + draw <= 1 + 1e-9):
                    raise ValueError(f"win {win} and draw {draw} are not probabilities of one game")

    @classmethod
    def of(cls, mine: Sequence[str], theirs: Sequence[str], win: Sequence[Sequence[float]],
           draw: Sequence[Sequence[float]] | None = None) -> MatchMatrix:
        """A matrix from lists (``draw`` ``None``: no game is drawn)."""
        draws = draw if draw is not None else [[0.0] * DECKS for _ in range(DECKS)]
        return cls(tuple(mine), tuple(theirs), tuple(tuple(map(float, row)) for row in win),
                   tuple(tuple(map(float, row)) for row in draws))

    def decisive(self) -> list[list[float]]:
        """``[i][j]``: the probability that my deck ``i`` wins its pairing with their deck ``j``, a drawn game
        replayed until one wins: ``win / (win + loss)``, a half when every game is drawn."""
        return [[decided(w, 1 - w - d) for w, d in zip(win_row, draw_row)]
                for win_row, draw_row in zip(self.win, self.draw)]

    def swapped(self) -> MatchMatrix:
        """The same match seen from the other side: their decks are mine, my wins their losses."""
        loss = [[max(0.0, 1 - w - d) for w, d in zip(win_row, draw_row)] for win_row, draw_row in zip(self.win, self.draw)]
        return MatchMatrix.of(self.theirs, self.mine, [list(column) for column in zip(*loss)],
                              [list(column) for column in zip(*self.draw)])


def decided(win: float, loss: float) -> float:
    """The probability of winning a pairing whose drawn games are replayed: ``win / (win + loss)`` (0–1), a half
    when neither ever happens (a decided game less likely than :data:`TIE`: every game drawn, but for rounding)."""
    return win / (win + loss) if win + loss > TIE else 0.5


@dataclass(frozen=True)
class Decision:
    """One decision of the plan, made with both players choosing optimally from then on.

    ``game`` is 1–3; ``my_won`` and ``their_won`` the decks each side has won with (retired, §15; their
    number is the score); ``first`` who chooses first (:data:`ME`, :data:`THEM`: the coin in game one, the
    previous winner after). When they choose first, ``their_deck`` is the deck they chose and ``my_deck`` my
    best answer (a keep when it is the deck I lost the last game with, else a switch); when I choose first,
    ``my_deck`` is my best choice and ``their_deck`` their best answer. ``value`` is my probability (0–1) of
    winning the match from this decision on.
    """

    game: int
    my_won: tuple[str, ...]
    their_won: tuple[str, ...]
    first: str
    my_deck: str
    their_deck: str
    value: float

    @property
    def score(self) -> tuple[int, int]:
        """Games won so far: mine, theirs."""
        return len(self.my_won), len(self.their_won)

    def as_dict(self) -> dict[str, Any]:
        """The JSON record of ``tournament --format json``'s ``plan``."""
        return {"game": self.game, "score": list(self.score), "my_won_with": list(self.my_won),
                "their_won_with": list(self.their_won), "first": self.first, "my_deck": self.my_deck,
                "their_deck": self.their_deck, "match_win_rate": self.value}


@dataclass(frozen=True)
class MatchSolution:
    """The solved match: ``match_win_rate`` (0–1) is my probability of winning it, the coin deciding who
    selects first in game one; ``me_first`` and ``them_first`` the same when I (they) select first; ``plan``
    every decision (:class:`Decision`), game by game."""

    matrix: MatchMatrix
    match_win_rate: float
    me_first: float
    them_first: float
    plan: tuple[Decision, ...]

    @property
    def lead(self) -> Decision:
        """The deck to lead with when I select first in game one."""
        return self.plan[0]


State = tuple[frozenset[int], frozenset[int], str]
"""The decks I have won with, those they have won with (indices), who chooses first."""


def match_values(decisive: Sequence[Sequence[_Value]], best: Callable[[Iterable[_Value]], _Value],
                 worst: Callable[[Iterable[_Value]], _Value], one: _Value, zero: _Value) -> Callable[[State], _Value]:
    """My match-win probability in each state, by backward induction (§15), for values of any kind that add and
    multiply (floats; arrays of bootstrap resamples, ``best`` and ``worst`` their elementwise maximum and
    minimum).

    ``decisive[i][j]`` is the probability that my deck ``i`` wins its pairing with their deck ``j``
    (:meth:`MatchMatrix.decisive`). Returns the memoised value of a state.
    """

    @functools.cache
    def value(state: State) -> _Value:
        mine_won, theirs_won, first = state
        if len(mine_won) == WINS_NEEDED:
            return one
        if len(theirs_won) == WINS_NEEDED:
            return zero
        mine = [i for i in range(DECKS) if i not in mine_won]  # a winning deck cannot be used again (§15)
        theirs = [j for j in range(DECKS) if j not in theirs_won]
        if first == ME:
            return best(worst(played(decisive, value, one, state, i, j) for j in theirs) for i in mine)
        return worst(best(played(decisive, value, one, state, i, j) for i in mine) for j in theirs)

    return value


def played(decisive: Sequence[Sequence[_Value]], value: Callable[[State], _Value], one: _Value, state: State, i: int,
           j: int) -> _Value:
    """My match-win probability when my deck ``i`` plays their ``j`` in ``state``: the game's winner retires that
    deck and chooses first next (§15); ``value`` gives each next state's."""
    mine_won, theirs_won, _first = state
    p = decisive[i][j]
    won, lost = value((mine_won | {i}, theirs_won, ME)), value((mine_won, theirs_won | {j}, THEM))
    return cast(_Value, p * won + (one - p) * lost)  # type: ignore[operator]


START_ME: State = (frozenset(), frozenset(), ME)
START_THEM: State = (frozenset(), frozenset(), THEM)


def solve_match(matrix: MatchMatrix) -> MatchSolution:
    """Solve the §15 match of ``matrix`` exactly: my match-win probability (0–1) and the plan.

    The plan lists, in this order: game one when I select first (my lead, their best answer), game one when
    they select first (my best answer to each lead of theirs), then every state of games two and three: after
    each set of winning decks, who chooses first (the previous winner, §15) and, when they do, each deck they
    may choose. Ties go to the earlier deck in lineup order.
    """
    q = matrix.decisive()
    value = match_values(q, max, min, 1.0, 0.0)
    me_first, them_first = value(START_ME), value(START_THEM)
    plan: list[Decision] = []
    for mine_won, theirs_won in _won_sets():
        game = len(mine_won) + len(theirs_won) + 1
        # game one: the coin; game two: the previous winner; game three: either may have won game two
        firsts = (ME,) if game == 2 and mine_won else (THEM,) if game == 2 else (ME, THEM)
        for first in firsts:
            plan.extend(_choices(matrix, q, value, (mine_won, theirs_won, first), game))
    return MatchSolution(matrix, (me_first + them_first) / 2, me_first, them_first, tuple(plan))


def _won_sets() -> list[tuple[frozenset[int], frozenset[int]]]:
    """Every pair of sets of winning decks before a game, game by game: none; one of mine or one of theirs; one
    each."""
    singles = [frozenset({i}) for i in range(DECKS)]
    none: frozenset[int] = frozenset()
    return ([(none, none)] + [(s, none) for s in singles] + [(none, s) for s in singles]
            + [(mine, theirs) for mine in singles for theirs in singles])


def _choices(matrix: MatchMatrix, q: list[list[float]], value: Callable[[State], float], state: State,
             number: int) -> list[Decision]:
    """The decisions of ``state``, game ``number``: mine when I choose first, my answer to each of theirs when
    they do."""
    mine_won, theirs_won, first = state
    mine = [i for i in range(DECKS) if i not in mine_won]
    theirs = [j for j in range(DECKS) if j not in theirs_won]

    def game(i: int, j: int) -> float:
        return played(q, value, 1.0, state, i, j)

    won = (tuple(matrix.mine[i] for i in sorted(mine_won)), tuple(matrix.theirs[j] for j in sorted(theirs_won)))
    if first == ME:
        answers = {i: _first_best(theirs, functools.partial(_against, game, i)) for i in mine}
        lead = _first_best(mine, lambda i: game(i, answers[i]))
        return [Decision(number, *won, ME, matrix.mine[lead], matrix.theirs[answers[lead]], game(lead, answers[lead]))]
    decisions = []
    for j in theirs:
        answer = _first_best(mine, functools.partial(_with, game, j))
        decisions.append(Decision(number, *won, THEM, matrix.mine[answer], matrix.theirs[j], game(answer, j)))
    return decisions


def _against(played: Callable[[int, int], float], i: int, j: int) -> float:
    """How good their answer ``j`` to my deck ``i`` is for them."""
    return -played(i, j)


def _with(played: Callable[[int, int], float], j: int, i: int) -> float:
    """How good my answer ``i`` to their deck ``j`` is for me."""
    return played(i, j)


def _first_best(options: Sequence[int], score: Callable[[int], float]) -> int:
    """The earliest option whose score is the highest (within :data:`TIE`)."""
    top = max(score(option) for option in options)
    return next(option for option in options if score(option) >= top - TIE)


BOOTSTRAP = 2000
"""Resamples of a bootstrap interval of the match-win rate."""


def resampled_pairings(counts: tuple[int, int, int], rng: Any, resamples: int) -> Any:
    """``resamples`` draws of a pairing's decisive win probability (:func:`decided`), each from ``games``
    games dealt again from the counted rates (a parametric bootstrap): ``counts`` are ``(wins, draws,
    losses)``; ``rng`` a ``numpy.random.Generator``. Returns a numpy array of fractions 0–1."""
    import numpy as np

    wins, draws, losses = counts
    games = wins + draws + losses
    dealt = rng.multinomial(games, [wins / games, draws / games, losses / games], size=resamples)
    won, lost = dealt[:, 0], dealt[:, 2]
    decisive = won + lost
    return np.where(decisive > 0, won / np.maximum(decisive, 1), 0.5)


def match_win_samples(decisive: Sequence[Sequence[Any]]) -> Any:
    """The match-win rate (the coin deciding who selects first, §15) of each resample: ``decisive[i][j]`` numpy
    arrays of one length (:func:`resampled_pairings`). Returns a numpy array of fractions 0–1."""
    import numpy as np

    def best(values: Iterable[Any]) -> Any:
        return functools.reduce(np.maximum, values)

    def worst(values: Iterable[Any]) -> Any:
        return functools.reduce(np.minimum, values)

    value = match_values(decisive, best, worst, 1.0, 0.0)
    return (value(START_ME) + value(START_THEM)) / 2


def interval(samples: Any) -> tuple[float, float]:
    """The 95% percentile interval ``(low, high)`` of bootstrap samples (fractions 0–1)."""
    import numpy as np

    low, high = np.quantile(samples, [0.025, 0.975])
    return float(low), float(high)


def bootstrap_interval(counts: Sequence[Sequence[tuple[int, int, int]]], seed: int,
                       resamples: int = BOOTSTRAP) -> tuple[float, float]:
    """The 95% interval ``(low, high)`` of the match-win rate from the nine pairings' counted games
    (``counts[i][j]``: my deck ``i``'s ``(wins, draws, losses)`` against their deck ``j``, each at least one
    game): each resample deals every pairing's games again from its counted rates (a parametric bootstrap) and
    solves the match; the same ``seed``, the same interval."""
    import numpy as np

    rng = np.random.default_rng(seed)
    decisive = [[resampled_pairings(cell, rng, resamples) for cell in row] for row in counts]
    return interval(match_win_samples(decisive))
