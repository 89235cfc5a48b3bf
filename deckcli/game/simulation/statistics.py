"""The statistics of simulated games: a win rate (a draw half a win) with its 95% Wilson score interval, a mean
with its normal interval, a paired difference of two decks played on the same seeds, the two-proportion test of a
difference and Holm's correction over many. Used by the reports of every mode (:mod:`deckcli.game.simulation.report`,
:mod:`deckcli.game.simulation.tables`), tuning and the advice's search. Rates are fractions 0–1; points count 2 a
win and 1 a draw."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def win_rate(points: int, games: int) -> float | None:
    """``points / (2 * games)``: the win rate of ``games`` games scored 2 a win and 1 a draw (``None``: no game)."""
    return points / (2 * games) if games else None


def wilson(points: int, games: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of the win rate ``points / (2 * games)`` (a draw counts half a win), as
    ``(low, high)`` fractions 0–1; ``None`` for no game. It stays inside 0–1 and is not empty at a rate of 0 or 1
    (E. B. Wilson, 1927)."""
    if not games:
        return None
    rate = points / (2 * games)
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_interval(total: int, squares: int, pairs: int, z: float = Z95) -> tuple[float, float, float] | None:
    """The mean difference of win rate over ``pairs`` paired games and its 95% interval ``(mean, low, high)``,
    fractions of a win, from the per-pair differences of points (2 a win, 1 a draw): their ``total`` and the
    total of their ``squares``. ``None`` with fewer than 2 pairs (no spread to measure)."""
    found = mean_interval(total, squares, pairs, z)
    return None if found is None else (found[0] / 2, found[1] / 2, found[2] / 2)


def percent(value: float | None) -> str:
    return "" if value is None else f"{value:.1%}"


def rate_text(points: int, games: int) -> str:
    """``48.6% (45.5–51.7)``: a win rate in per cent with its 95% interval."""
    interval = wilson(points, games)
    if interval is None:
        return "-"
    return f"{points / (2 * games):.1%} ({interval[0] * 100:.1f}–{interval[1] * 100:.1f})"


NOISE_LEVEL = 0.05
"""The family-wise error rate of the per-card table's marks (:func:`holm`): the chance that any row marked beyond
noise is noise is at most 5%."""


def difference_p_value(points: int, games: int, other_points: int, other_games: int) -> float | None:
    """The two-sided p-value of the difference between the win rates ``points / (2 * games)`` and ``other_points
    / (2 * other_games)`` (pooled two-proportion z-test, a draw half a win); ``None`` when either has no game or
    neither rate can vary (every game won, or none)."""
    if not games or not other_games:
        return None
    pooled = (points + other_points) / (2 * (games + other_games))
    spread = math.sqrt(pooled * (1 - pooled) * (1 / games + 1 / other_games))
    if spread == 0:
        return None
    z = (points / (2 * games) - other_points / (2 * other_games)) / spread
    return math.erfc(abs(z) / math.sqrt(2))


def holm(p_values: Sequence[float | None], level: float = NOISE_LEVEL) -> list[bool]:
    """Holm's step-down correction for many comparisons (S. Holm, 1979): which of ``p_values`` (``None``: not
    tested, never marked) stay beyond noise when the chance of marking any true nil difference, over them all,
    is at most ``level``. The smallest p-value is held to ``level / m``, the next to ``level / (m - 1)``, …,
    stopping at the first that fails; ``m`` counts the tested ones. It assumes nothing about how the tests
    depend on each other (cards share hands)."""
    tested = sorted((p, index) for index, p in enumerate(p_values) if p is not None)
    marked = [False] * len(p_values)
    for rank, (p, index) in enumerate(tested):
        if p > level / (len(tested) - rank):
            break
        marked[index] = True
    return marked


def proportion(count: int, of: int) -> dict[str, Any]:
    """``count`` games of ``of`` as JSON shows a rate: ``count``, ``of``, ``rate`` (a fraction 0–1; ``None`` of no
    game) and ``ci95``, its 95% Wilson interval (``None`` of no game)."""
    interval = wilson(2 * count, of)
    return {"count": count, "of": of, "rate": count / of if of else None,
            "ci95": list(interval) if interval else None}


def mean_interval(total: int, squares: int, count: int, z: float = Z95) -> tuple[float, float, float] | None:
    """The mean of ``count`` integers from their ``total`` and the total of their ``squares``, with a normal 95%
    interval of that mean, as ``(mean, low, high)``; ``None`` with fewer than 2 (no spread to measure)."""
    if count < 2:
        return None
    mean = total / count
    variance = max(0.0, (squares - total * total / count) / (count - 1))
    half = z * math.sqrt(variance / count)
    return mean, mean - half, mean + half


def average(total: int, squares: int, count: int) -> dict[str, Any]:
    """A mean as JSON shows it: ``of`` (how many values), ``mean`` and ``ci95`` (``None`` of fewer than 2)."""
    found = mean_interval(total, squares, count)
    return {"of": count, "mean": found[0] if found else None, "ci95": [found[1], found[2]] if found else None}
