"""A small integer program and its exact solution with HiGHS (``highspy``).

Kept apart so that the repair model speaks in cards and the solver library is
imported in one place only, when ``deckcli fix`` runs (start-up cost: numpy).
Every variable is an integer; every coefficient and bound is a whole number, so
an optimum is proven when HiGHS closes the gap with no tolerance (``mip_rel_gap``
0): the answer is exact, not a heuristic.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Any, Mapping

INFINITY = float("inf")


@dataclass
class Program:
    """Integer columns with bounds, and rows ``low <= sum(coef * column) <= high``."""

    lower: list[float] = field(default_factory=list)
    upper: list[float] = field(default_factory=list)
    rows: list[tuple[float, float, dict[int, float]]] = field(default_factory=list)

    def column(self, lower: float, upper: float) -> int:
        """Add an integer column; returns its index."""
        self.lower.append(lower)
        self.upper.append(max(lower, upper))
        return len(self.lower) - 1

    def row(self, terms: Mapping[int, float], low: float = -INFINITY, high: float = INFINITY) -> int:
        """Add ``low <= terms <= high``; returns its index."""
        self.rows.append((low, high, {c: v for c, v in terms.items() if v}))
        return len(self.rows) - 1


class Solver:
    """One HiGHS instance holding a :class:`Program`: solve, tighten, solve again.

    Raises ``RuntimeError`` when HiGHS stops for another reason than an optimum
    or a proof that no solution exists (it never should on these small models).
    """

    def __init__(self, program: Program) -> None:
        try:
            import highspy
        except ImportError as error:
            from deckcli.errors import DeckcliError

            cause: BaseException | None = error
            while cause is not None:  # a Ctrl-C while HiGHS loads comes back as its "initialization failed"
                if isinstance(cause, KeyboardInterrupt):
                    raise KeyboardInterrupt from None
                cause = cause.__cause__ or cause.__context__
            raise DeckcliError(f"deckcli fix needs the HiGHS solver: pip install highspy ({error})") from None

        self._highspy = highspy
        self.highs = _quiet_highs(highspy)
        for option, value in (
            ("output_flag", False), ("mip_rel_gap", 0.0), ("mip_abs_gap", 1e-9), ("threads", 1), ("random_seed", 0),
        ):
            self.highs.setOptionValue(option, value)
        count = len(program.lower)
        self.columns = count
        self.highs.addVars(count, program.lower, program.upper)
        integer = highspy.HighsVarType.kInteger
        for column in range(count):
            self.highs.changeColIntegrality(column, integer)
        for low, high, terms in program.rows:
            self.add_row(terms, low, high)
        self.solutions = 0

    def add_row(self, terms: Mapping[int, float], low: float = -INFINITY, high: float = INFINITY) -> None:
        inf = self._highspy.kHighsInf
        self.highs.addRow(
            -inf if low == -INFINITY else low, inf if high == INFINITY else high,
            len(terms), list(terms), [float(v) for v in terms.values()],
        )

    def bound(self, column: int, lower: float, upper: float) -> None:
        """Change a column's bounds (fixing it when they are equal)."""
        self.highs.changeColBounds(column, lower, upper)

    def minimize(self, cost: Mapping[int, float]) -> tuple[int, list[int]] | None:
        """The least value of ``cost`` and a solution reaching it, or ``None`` when no solution exists."""
        highs = self.highs
        highs.changeColsCost(self.columns, list(range(self.columns)), [float(cost.get(c, 0)) for c in range(self.columns)])
        highs.changeObjectiveSense(self._highspy.ObjSense.kMinimize)
        highs.run()
        self.solutions += 1
        status = highs.getModelStatus()
        kinds = self._highspy.HighsModelStatus
        if status == kinds.kInfeasible:
            return None
        if status != kinds.kOptimal:
            raise RuntimeError(f"HiGHS stopped without an optimum: {highs.modelStatusToString(status)}")
        values = [int(round(v)) for v in highs.getSolution().col_value]
        return int(round(highs.getInfo().objective_function_value)), values


def solver_version() -> str:
    """The HiGHS version ``highspy`` carries ("1.12.0")."""
    import highspy

    return f"{highspy.HIGHS_VERSION_MAJOR}.{highspy.HIGHS_VERSION_MINOR}.{highspy.HIGHS_VERSION_PATCH}"


def _quiet_highs(highspy: Any) -> Any:
    """A ``highspy.Highs()``, its start-up banner kept off standard output.

    HiGHS prints its banner from C++ when the object is made, before any option can turn its log off, so
    the file descriptor itself is pointed at the null device for that moment (``contextlib.redirect_stdout``
    reaches only Python's writes). Only the public class is used (issue 26).
    """
    try:
        sys.stdout.flush()
        saved = os.dup(1)
    except (OSError, ValueError):  # no standard output to protect
        return highspy.Highs()
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            highs = highspy.Highs()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
    return highs
