"""The test harness itself: the widths it lays text out for, and the depth of the property tests."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from hypothesis import settings

from helpers.cli_runs import CONTENT_WIDTH, deckcli_env
from helpers.depth import DEEP_EXAMPLES, TEST_DEPTHS, examples
from helpers.repository import REPO


def test_pytest_s_own_report_keeps_the_terminal_s_width(pytestconfig: pytest.Config) -> None:
    """Only deckcli's runs are laid out 10,000 columns wide: the test process's COLUMNS is left alone, so
    pytest's report (its progress line, its summary) fits the terminal that runs it."""
    assert os.environ.get("COLUMNS") != str(CONTENT_WIDTH)
    assert pytestconfig.get_terminal_writer().fullwidth < CONTENT_WIDTH


def test_deckcli_in_a_subprocess_is_laid_out_as_run_cli_lays_it_out(tmp_path) -> None:
    missing = tmp_path / ("a-long-folder-name-" * 6) / "none.toml"
    done = subprocess.run([sys.executable, "-m", "deckcli", "validate", str(missing)], capture_output=True,
                          text=True, env=deckcli_env(), timeout=60)
    assert done.stderr == f"{missing}: no such file\n"  # one line, longer than 80 columns
    assert deckcli_env(COLUMNS="80")["COLUMNS"] == "80"


def test_the_property_tests_draw_a_share_of_their_examples_at_the_loaded_depth() -> None:
    loaded = settings().max_examples
    assert loaded in TEST_DEPTHS.values()
    assert examples(DEEP_EXAMPLES) == loaded
    assert examples(300) == 300 * loaded // DEEP_EXAMPLES and examples(1) == 1
    assert TEST_DEPTHS["deep"] == DEEP_EXAMPLES and TEST_DEPTHS["quick"] < DEEP_EXAMPLES


def test_the_depth_is_quick_unless_asked() -> None:
    """Run from another process, so that this session's own depth does not decide the answer."""
    code = "import helpers.depth, hypothesis; print(helpers.depth.TEST_DEPTH, hypothesis.settings().max_examples)"
    environment = {name: value for name, value in os.environ.items() if name != "DECKCLI_TEST_DEPTH"}
    quick = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO / "tests",
                           env=environment, timeout=60, check=True)
    deep = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO / "tests",
                          env={**environment, "DECKCLI_TEST_DEPTH": "deep"}, timeout=60, check=True)
    assert quick.stdout.split() == ["quick", str(TEST_DEPTHS["quick"])]
    assert deep.stdout.split() == ["deep", str(DEEP_EXAMPLES)]


def test_ci_runs_the_readme_s_test_command_at_full_depth() -> None:
    """.ci/run sets the deep depth before it runs the README's test command (``pytest``) in the clone."""
    script = (REPO / ".ci" / "run").read_text("utf-8")
    deep = script.index("export DECKCLI_TEST_DEPTH=deep\n")
    command = script.index("\npip install '.[test]' && pytest\n")
    assert deep < command
    assert not re.search(r"^\s*unset DECKCLI_TEST_DEPTH", script[:command], re.M)
