"""Shared test helpers: run the CLI on real files and check its exit code."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import settings
from click.testing import CliRunner, Result

from deckcli.cli.main import cli

REPO = Path(__file__).resolve().parent.parent
DECKS = REPO / "decks"
EXAMPLE_DECKS = sorted(p for p in DECKS.glob("*.toml") if p.name.endswith(("-starter.toml", "-advanced.toml")))
"""The example deck files (not the registration) in decks/."""


WIDTH = 80
"""The width deckcli lays text out for when its output is not a terminal (tests/test_terminal.py checks it)."""

CONTENT_WIDTH = 10_000
"""The width most tests run at: a message on one line, so that they can check its words (layout has its own tests)."""


def deckcli_env(**extra: str) -> dict[str, str]:
    """The environment of deckcli run by a test other than through :func:`run_cli` (``python -m deckcli``
    in a subprocess, or Click's runner): this process's, with text laid out for :data:`CONTENT_WIDTH`
    columns as :func:`run_cli` lays it out, and ``extra``.

    Only deckcli's runs get that width: the test process keeps the terminal's own, so that pytest's
    report fits the terminal (tests/test_test_harness.py checks it).
    """
    return {**os.environ, "COLUMNS": str(CONTENT_WIDTH), **extra}


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


def run_cli(
    args: list[str], exit_code: int = 0, input: str | bytes | None = None, env: dict[str, str] | None = None,
) -> Result:
    """Run ``deckcli ARGS``; on an unexpected exit code, fail showing stdout and stderr.

    Text is laid out for ``COLUMNS=10000`` (whatever the terminal running the tests), so
    that each message and table row is one line, unless ``env`` says otherwise (the layout
    tests give ``COLUMNS=80``). A Python exception escaping a command (a traceback for the
    player) always fails.
    """
    environment = {"COLUMNS": str(CONTENT_WIDTH), **(env or {})}
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input, env=environment)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"deckcli {args} raised {result.exception!r}\n{result.output}") from result.exception
    assert result.exit_code == exit_code, (
        f"deckcli {args}: exit {result.exit_code}, expected {exit_code}\n"
        f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
    )
    return result


def write_deck(
    folder: Path,
    cards: dict[str, int] | None = None,
    *,
    faction: str = "Northern Realms",
    leader: str | None = "Foltest: The Siegemaster",
    side: dict[str, int] | None = None,
    name: str = "deck.toml",
) -> Path:
    """Write a deck file from plain values and return its path."""
    lines = [f'faction = "{faction}"']
    if leader is not None:
        lines.append(f'leader = "{leader}"')
    lines.append("[cards]")
    lines.extend(f'"{card}" = {copies}' for card, copies in (cards or {}).items())
    if side:
        lines.append("[side]")
        lines.extend(f'"{card}" = {copies}' for card, copies in side.items())
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="session", autouse=True)
def own_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The user cache folder (platformdirs) of the whole session, and of the deckcli processes it starts: a temporary one."""
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
    yield
    patch.undo()


@functools.cache
def packaged_validator(name: str) -> Any:
    """jsonschema's validator (deckcli's strict one) for the packaged schema ``name``; ``$ref``s resolve among them all."""
    from referencing import Registry, Resource

    from deckcli.files.schema_check_generator import schema_files
    from deckcli.files.schemas import packaged_schema, strict_validator_class

    schemas = [packaged_schema(stem) for stem in schema_files()]
    registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas if "$id" in schema
    )
    return strict_validator_class()(packaged_schema(name), registry=registry)


def jsonschema_finds_nothing(name: str, document: Any) -> bool:
    """Whether jsonschema finds no error in ``document`` under the packaged schema ``name``."""
    return next(iter(packaged_validator(name).iter_errors(document)), None) is None


def _compared(name: str, check: Callable[[Any], bool], disagreements: list[Any], document: Any) -> bool:
    answer = check(document)
    if answer != jsonschema_finds_nothing(name, document):
        disagreements.append((name, document, answer))
        raise AssertionError(f"the generated check of {name} says {answer}, jsonschema says otherwise: {document!r}")
    return answer


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
        return None if check is None else functools.partial(_compared, name, check, disagreements)

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


COLLECTED = pytest.StashKey[int]()
"""The tests this session collected, before ``-k`` or ``-m`` deselected any (tests/test_doc_figures.py compares
them with the README's count)."""


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
