"""deckcli/rules: rule sets, house rules, the sandbox, lineups, the desk, the §15 match.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.rules.house_rules': (
        '--rules FILE, run by tests/rules/test_house_rules.py'
    ),
    'deckcli.rules.loading': (
        '--rules of every command, run by tests/rules/test_house_rules.py and tests/rules/test_builtin.py'
    ),
    'deckcli.rules.match_file': (
        'tournament --matrix FILE, run by tests/game/simulation/test_tournament.py'
    ),
    'deckcli.rules.overview': (
        'validate --rules all, run by tests/rules/test_rule_set_overview.py'
    ),
    'deckcli.rules.rule_names': (
        'the rule codes of house rules, checked through validate by tests/rules/test_house_rules.py'
    ),
}
