"""deckcli/analysis: diff, odds, probability, stats, the main deck.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.analysis.stats': (
        'deckcli stats, run on decks worked out by hand by tests/analysis/test_stats.py'
    ),
}
