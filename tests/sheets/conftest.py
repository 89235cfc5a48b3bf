"""deckcli/sheets: the HTML sheets, their charts, the replay page.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.sheets.replay_page': (
        'replay --html, run by tests/game/test_replay.py and drawn in a browser by tests/sheets/test_replay_page_in_a_browser.py'
    ),
    'deckcli.sheets.sample_hand': (
        "deckcli draw's hand, run by tests/analysis/test_draw.py"
    ),
}
