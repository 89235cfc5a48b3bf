"""deckcli/render: output rendering (formats, tables, verdicts, annotations).

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.render.card_sheet': (
        "deckcli card's text, run by tests/catalog/test_card_command.py"
    ),
    'deckcli.render.desk_summary': (
        "the tournament desk's summary rows, run by tests/rules/test_desk.py"
    ),
    'deckcli.render.match_plan': (
        "the §15 match plan's text, run by tests/game/simulation/test_tournament.py"
    ),
    'deckcli.render.profile_lines': (
        'deckcli profile --format text, run by tests/rules/test_profile.py'
    ),
    'deckcli.render.tables': (
        'the stats and odds tables, run by tests/analysis/test_stats.py and tests/analysis/test_odds.py'
    ),
}
