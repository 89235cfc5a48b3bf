"""deckcli/game/bots: the bots.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.game.bots.ladder': (
        "the bots' ladder quoted by the simulation report (deckcli/game/simulation/report.py), reached by tests/game/simulation/test_report.py; no test of its own: its figures are written by benchmarks/ladder.py (issue 35, item 4 moves them to data)"
    ),
}
