"""deckcli/game/simulation: simulate, the executor, the cluster, tables, the tournament.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.game.simulation.tournament': (
        'tournament --simulate and --choose, run by tests/game/simulation/test_tournament.py'
    ),
}
