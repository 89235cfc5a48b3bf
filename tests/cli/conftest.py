"""deckcli/cli: the command line as a player meets it (options, streams, terminal, completion).

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.cli.game_runs': (
        "a run of games from the command line in any mode, its progress and log: tests/game/simulation/test_runs.py "
        "(simulate --log) and tests/game/simulation/test_tables.py (Free For All and team runs)"
    ),
    'deckcli.cli.progress': (
        'the progress bar of long runs: tests/tuning/test_search.py (the progress counts every game) and '
        'tests/game/simulation/test_runs.py'
    ),
    'deckcli.cli.analysis': (
        'stats, odds, diff and draw, registered lazily by deckcli.cli.main: run by tests/analysis/test_stats.py, tests/analysis/test_odds.py, tests/analysis/test_diff.py, tests/analysis/test_draw.py'
    ),
    'deckcli.cli.authoring': (
        'new, import, export, fmt and schema (registered lazily): run by tests/authoring/test_new_deck.py, tests/authoring/test_importing.py, tests/authoring/test_canonical_form.py'
    ),
    'deckcli.cli.catalog': (
        'card and cards (registered lazily): run by tests/catalog/test_card_command.py and tests/catalog/test_listing.py'
    ),
    'deckcli.cli.editing': (
        'add and remove (registered lazily): run by tests/authoring/test_add_remove.py'
    ),
    'deckcli.cli.judging': (
        'validate, profile, team and tournament (registered lazily): run by tests/rules/test_builtin.py, tests/rules/test_lineups.py, tests/rules/test_desk.py'
    ),
    'deckcli.cli.play': (
        'simulate, score, solo and advise (registered lazily): run by tests/game/simulation/test_runs.py, tests/game/test_board.py, tests/game/solo/test_reveal.py, tests/game/test_advice.py'
    ),
    'deckcli.cli.repair': (
        'fix (registered lazily): run by tests/repair/test_fix.py'
    ),
    'deckcli.cli.replay': (
        'replay (registered lazily): run by tests/game/test_replay.py'
    ),
    'deckcli.cli.sheets': (
        "sheet and draw's page (registered lazily): run by tests/sheets/test_pages.py"
    ),
    'deckcli.cli.simulation_options': (
        'the options of simulate, diff --simulate and tune: tests/game/simulation/test_runs.py'
    ),
    'deckcli.cli.solo_table': (
        'solo --table: run by tests/game/solo/test_table.py'
    ),
    'deckcli.cli.table_play': (
        'simulate --ffa and --team-with: run by tests/game/simulation/test_tables.py'
    ),
    'deckcli.cli.tournament_match': (
        'tournament --matrix, --simulate and --choose: run by tests/game/simulation/test_tournament.py'
    ),
    'deckcli.cli.tuning': (
        'tune (registered lazily): run by tests/tuning/test_search.py'
    ),
}
