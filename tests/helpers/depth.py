"""The depth of the property tests: ``DECKCLI_TEST_DEPTH`` (quick by default, deep in CI) and the Hypothesis
profile it loads (loaded when this module is imported, as tests/conftest.py does)."""

from __future__ import annotations

import os
from typing import Any, Sequence

import pytest
from hypothesis import settings

DEEP_EXAMPLES = 100
"""The examples a property test without a count of its own draws in the deep run (Hypothesis's default)."""

TEST_DEPTHS = {"quick": DEEP_EXAMPLES // 8, "deep": DEEP_EXAMPLES}
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
    them in the deep run, an eighth by default (at least 1).

    Scaled by the loaded profile's ``max_examples`` against :data:`DEEP_EXAMPLES`, so that a profile
    named on the command line (``pytest --hypothesis-profile deckcli-deep``) scales them too.
    """
    return max(1, written * settings().max_examples // DEEP_EXAMPLES)


def deep_only(why: str) -> pytest.MarkDecorator:
    """The mark of a test that only CI's deep run plays: ``why`` says what it checks and costs (the skip says it).

    The README's test command keeps one run of each behaviour and each mode; the repeats (another width, another
    mode through the same code, a long run) are for the deep run."""
    return pytest.mark.skipif(TEST_DEPTH != "deep", reason=f"{why}: DECKCLI_TEST_DEPTH=deep runs it, as CI does")


def quick_first(values: Sequence[Any], why: str, keep: int = 1, ids: Sequence[str] | None = None,
                several: bool = False) -> list[Any]:
    """``values`` for ``pytest.mark.parametrize``: the first ``keep`` in every run, the others only in the deep
    run (marked :func:`deep_only` with ``why``). ``several``: each value is a tuple of the test's several
    parameters (else each value is one parameter, a tuple or not)."""
    mark = deep_only(why)
    return [pytest.param(*(value if several else (value,)), marks=() if i < keep else mark,
                         id=None if ids is None else ids[i])
            for i, value in enumerate(values)]
