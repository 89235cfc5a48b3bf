"""The depth of the property tests: ``DECKCLI_TEST_DEPTH`` (quick by default, deep in CI) and the Hypothesis
profile it loads (loaded when this module is imported, as tests/conftest.py does)."""

from __future__ import annotations

import os

from hypothesis import settings

DEEP_EXAMPLES = 100
"""The examples a property test without a count of its own draws in the deep run (Hypothesis's default)."""

TEST_DEPTHS = {"quick": DEEP_EXAMPLES // 4, "deep": DEEP_EXAMPLES}
"""``DECKCLI_TEST_DEPTH`` → the examples a property test without a count of its own draws: ``quick``,
the default, keeps the README's test command fast; ``deep`` is CI's run (``.ci/run`` sets it)."""

TEST_DEPTH = os.environ.get("DECKCLI_TEST_DEPTH", "quick")
if TEST_DEPTH not in TEST_DEPTHS:
    raise ValueError(f"DECKCLI_TEST_DEPTH={TEST_DEPTH!r}: use quick (the default) or deep")
# CI must judge the submitted code, not the luck of the draw: the same examples every run, at either
# depth. Locally the property tests keep exploring new examples.
REPEATABLE = {"derandomize": True, "database": None} if os.environ.get("CI") else {}
for depth, count in TEST_DEPTHS.items():
    settings.register_profile(f"deckcli-{depth}", max_examples=count, **REPEATABLE)
settings.load_profile(f"deckcli-{TEST_DEPTH}")


def examples(written: int) -> int:
    """The examples a property test written for ``written`` of them draws at the loaded depth: all of
    them in the deep run, a quarter by default (at least 1).

    Scaled by the loaded profile's ``max_examples`` against :data:`DEEP_EXAMPLES`, so that a profile
    named on the command line (``pytest --hypothesis-profile deckcli-deep``) scales them too.
    """
    return max(1, written * settings().max_examples // DEEP_EXAMPLES)
