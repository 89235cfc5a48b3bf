"""The fixtures and hooks of the whole suite (the helpers the tests share are the package tests/helpers/)."""

from __future__ import annotations

import functools
import os
from typing import Any, Callable

import pytest

import helpers.depth  # noqa: F401  (loads the Hypothesis profile of DECKCLI_TEST_DEPTH)
from helpers.cli_runs import run_cli
from helpers.schema_validation import compared
from helpers.session import COLLECTED


@pytest.fixture(scope="session", autouse=True)
def own_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The user cache folder (platformdirs) of the whole session, and of the deckcli processes it starts: a temporary one."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
    yield
    patch.undo()


@pytest.fixture(scope="session", autouse=True)
def generated_checks_agree_with_jsonschema() -> Any:
    """Every answer a generated schema check gives in the whole session is compared with jsonschema's.

    The checks (deckcli.files.schema_checks) let a document that breaks nothing
    skip jsonschema; here each answer is checked against jsonschema itself, so
    every case of the test suite is also a case of their agreement. A
    disagreement fails the test it happens in (and the session).
    """
    from deckcli.files import schema_checks

    disagreements: list[Any] = []
    real = schema_checks.fast_check

    def watched(name: str) -> Callable[[Any], bool] | None:
        check = real(name)
        return None if check is None else functools.partial(compared, name, check, disagreements)

    patch = pytest.MonkeyPatch()
    patch.setattr(schema_checks, "fast_check", watched)
    yield disagreements
    patch.undo()
    assert not disagreements, f"generated checks disagreed with jsonschema: {disagreements[:3]}"


@pytest.fixture
def run():
    """The :func:`run_cli` helper as a fixture."""
    return run_cli


PACKAGING_TESTS = "DECKCLI_PACKAGING_TESTS"
"""Set (or CI set, as .ci/run runs) to run the packaging tests: they build the sdist and install deckcli
through pre-commit from the package index, which takes a minute and the network."""


@pytest.hookimpl(tryfirst=True)  # before the hooks that deselect: the count is of every test collected
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the count of the tests collected (:data:`COLLECTED`). Packaging tests run in CI and when asked
    (:data:`PACKAGING_TESTS`); elsewhere they are skipped, saying why."""
    config.stash[COLLECTED] = len(items)
    if os.environ.get("CI") or os.environ.get(PACKAGING_TESTS):
        return
    reason = f"a packaging test (sdist, pre-commit from the package index): runs in CI, or with {PACKAGING_TESTS}=1"
    for item in items:
        if item.get_closest_marker("packaging") is not None:
            item.add_marker(pytest.mark.skip(reason=reason))


REACHED_ELSEWHERE: dict[str, str] = {
    'deckcli': (
        "the package's version, printed in every JSON document: tests/files/test_output_schemas.py"
    ),
    'deckcli.__main__': (
        'python -m deckcli, run as a process by tests/cli/test_process_environment.py'
    ),
    'deckcli.errors': (
        'the errors every package raises: their one-line messages and exit codes are checked where they are raised, e.g. tests/cli/test_command_line.py, tests/deck/test_reading.py'
    ),
    'deckcli.findings': (
        'the findings of the rule sets, checked by tests/rules/test_builtin.py and tests/render/test_annotations.py'
    ),
    'deckcli.text': (
        "escaping of a player's text, checked by tests/cli/test_output_escaping.py"
    ),
}
"""The modules of deckcli/*.py no test of this folder imports, and where they are reached instead
(tests/project/test_layout.py checks it)."""
