"""A run of games played from the command line, in any mode: on the cluster or on this machine's processes, its
progress bar on standard error, its game log written atomically and the line saying so. The two-player runs
(:mod:`deckcli.cli.play`) and the Free For All and team runs (:mod:`deckcli.cli.table_play`) come here."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, BinaryIO, Callable, TypeVar

from deckcli.cli.output import before_writing, say
from deckcli.cli.progress import PROGRESS_AFTER, ProgressBar
from deckcli.cli.terminal import is_terminal

if TYPE_CHECKING:
    from deckcli.game.simulation.cluster import ClusterPool

Played = TypeVar("Played")


def played_on_cluster(cluster: str, games: int,
                      run: Callable[[BinaryIO | None, Callable[[int, int], None], ClusterPool], Played],
                      log: str | None, force: bool) -> Played:
    """``run(stream, progress, pool)`` on the Dask cluster whose scheduler is at ``cluster``: connected (or refused in
    one line: :func:`deckcli.game.simulation.cluster.connected`), what the cluster says printed once, then as
    :func:`played_with_progress`. Every mode's run comes here."""
    from deckcli.game.simulation.cluster import connected

    with connected(cluster) as pool:
        for note in pool.notes:
            say(note, err=True)
        return played_with_progress(games, lambda stream, progress: run(stream, progress, pool), log, force)


def played_with_progress(games: int, run: Callable[[BinaryIO | None, Callable[[int, int], None]], Played],
                         log: str | None, force: bool) -> Played:
    """``run(stream, progress)`` for a run of ``games`` games (:func:`deckcli.cli.play.run_with_progress`, and the
    Free For All and team runs): the progress bar, the log file written atomically, the line saying so."""
    before_writing(lambda: None)  # a closed standard output stops the run before its games, not after them
    bar = ProgressBar(games, after=PROGRESS_AFTER, timed=True) if is_terminal(sys.stderr) else None

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.show(done, "games")

    try:
        if log is None:
            played = run(None, progress)
        else:
            from deckcli.files.safe_write import streamed_file

            with streamed_file(log, force=force) as stream:
                played = run(stream, progress)
    finally:
        if bar is not None:
            bar.clear()
    if log is not None:
        say(f"wrote {log}: the game log of {games:,} {'game' if games == 1 else 'games'} (JSON Lines; "
            "deckcli schema --output-of game-log)", err=True)
    return played
