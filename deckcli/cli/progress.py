"""A long run's progress on standard error: the bar redrawn in place, the time taken and the time left."""

from __future__ import annotations

import sys

from deckcli.cli.terminal import terminal_size

PROGRESS_AFTER = 1.0
"""Seconds a run takes before its progress bar shows (on a terminal only)."""


class ProgressBar:
    """A one-line progress bar on standard error, redrawn in place, as wide as the terminal lets it be (the bar
    shorter, or left out, on a narrow one); cleared before any other output. With ``after`` (seconds), nothing
    shows until the work has taken that long (a short run draws nothing). With ``timed``, the time the work has
    taken so far and an estimate of the rest follow the count, while they fit (:func:`remaining`)."""

    WIDTH = 24

    def __init__(self, total: int, after: float = 0.0, timed: bool = False) -> None:
        import time

        self.total = total
        self.shown = False
        self.clock = time.monotonic
        self.began = self.clock()
        self.start = self.began + after
        self.timed = timed

    def show(self, done: int, where: str) -> None:
        now = self.clock()
        if not self.shown and now < self.start:
            return
        from deckcli.text import shown

        # within the terminal, less its last column: a line that wraps is not redrawn by "\r", but piles up
        columns = max(terminal_size(80, 24, err=True)[0] - 1, 1)
        count = f"{done:,}/{self.total:,} {shown(where)}"
        if self.timed:
            elapsed = now - self.began
            left = remaining(elapsed, done, self.total)
            timing = f", {clock_text(elapsed)} so far" + ("" if left is None else f", about {clock_text(left)} left")
            if len(count) + len(timing) <= columns:
                count += timing
        room = min(self.WIDTH, columns - len(count) - 3)
        if room >= 4:
            filled = room * done // self.total
            count = f"[{'#' * filled}{'-' * (room - filled)}] {count}"
        sys.stderr.write("\r" + count[:columns])
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


def remaining(elapsed: float, done: int, total: int) -> float | None:
    """Seconds the rest of the work should take, were it to go on at the pace of the ``done`` items of ``total``
    that took ``elapsed`` seconds; ``None`` before the first is done."""
    if done <= 0:
        return None
    return elapsed * max(total - done, 0) / done


def clock_text(seconds: float) -> str:
    """Seconds as a clock shows a duration: ``0:07``, ``1:05``, ``1:02:03`` (rounded to the second)."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
