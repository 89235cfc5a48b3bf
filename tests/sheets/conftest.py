"""deckcli/sheets: the HTML sheets, their charts, the replay page; the one headless Chromium tab of the tests that
look at them in a browser.

REACHED_ELSEWHERE: the modules of this folder's package that no test here imports (directly or through the
package's own modules), and where they are reached instead (tests/project/test_layout.py checks it)."""

from collections.abc import Iterator

import pytest

from helpers.headless_chromium import NO_CHROMIUM, Browser, Tab, chromium_path


@pytest.fixture(scope="session")
def tab() -> Iterator[Tab]:
    """One tab of one headless Chromium for the session: the modules that use it share an xdist worker (their
    group, ``browser``), so the browser starts once (about 0.6 s of CPU and 0.9 s a start)."""
    executable = chromium_path()
    if executable is None:
        pytest.skip(NO_CHROMIUM)
    browser = Browser(executable)
    try:
        yield browser.tab()
    finally:
        browser.close()


REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli.sheets.replay_page': (
        'replay --html, run by tests/game/test_replay.py and drawn in a browser by tests/sheets/test_replay_page_in_a_browser.py'
    ),
    'deckcli.sheets.sample_hand': (
        "deckcli draw's hand, run by tests/analysis/test_draw.py"
    ),
}
