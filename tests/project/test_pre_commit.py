"""The pre-commit hooks (.pre-commit-hooks.yaml), run by pre-commit itself on a temporary Git repository.

pre-commit installs deckcli from a Git copy of this source tree into a virtual environment
of its own (pip, from the package index), as it would for a user's repository of decks.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.repository import DECKS, REPO

if importlib.util.find_spec("pre_commit") is None:
    pytest.skip("pre-commit is not installed (pip install '.[test]' installs it)", allow_module_level=True)
if shutil.which("git") is None:
    pytest.skip("git is not installed: pre-commit works on Git repositories", allow_module_level=True)


SOURCE = ["pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", ".pre-commit-hooks.yaml", "deckcli"]
IDENTITY = ["-c", "user.name=deckcli tests", "-c", "user.email=tests@deckcli.invalid"]
LEGAL = (DECKS / "skellige-advanced.toml").read_text("utf-8")


def _git(folder: Path, *args: str) -> str:
    done = subprocess.run(["git", *IDENTITY, *args], cwd=folder, capture_output=True, text=True, check=True)
    return done.stdout.strip()


# pre-commit installs deckcli from the package index in a virtual environment of its own, once: one
# worker runs this file. A packaging test: run in CI, and locally with DECKCLI_PACKAGING_TESTS=1.
pytestmark = [pytest.mark.slow, pytest.mark.packaging, pytest.mark.xdist_group("pre-commit")]

@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> Path:
    """A Git repository holding this deckcli source, as pre-commit clones a hook repository."""
    folder = tmp_path_factory.mktemp("deckcli-hooks")
    for name in SOURCE:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(source, folder / name)
    _git(folder, "init", "-q")
    _git(folder, "add", "-A")
    _git(folder, "commit", "-q", "-m", "deckcli")
    return folder


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    """pre-commit's cache, shared by this module's tests so deckcli is installed once."""
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def decks_repo(tmp_path) -> Path:
    """A user's repository of deck files (and a pyproject.toml the hooks must leave alone)."""
    folder = tmp_path / "decks-repo"
    (folder / "decks").mkdir(parents=True)
    (folder / "decks" / "skellige.toml").write_text(LEGAL, encoding="utf-8")
    (folder / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    _git(folder, "init", "-q")
    _git(folder, "add", "-A")
    return folder


def _pre_commit(folder: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home)}
    env.pop("COLUMNS", None)
    return subprocess.run([sys.executable, "-m", "pre_commit", *args, "--color", "never"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=900)


def test_validate_hook_passes_legal_decks_and_fails_illegal_ones(hook_repo, pre_commit_home, decks_repo):
    done = _pre_commit(decks_repo, pre_commit_home, "try-repo", str(hook_repo), "deckcli-validate", "--all-files")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "deckcli validate" in done.stdout and "Passed" in done.stdout

    (decks_repo / "decks" / "bad.toml").write_text(
        'faction = "Skellige"\nleader = "King Bran"\n[cards]\n"Cerys" = 2\n', encoding="utf-8")
    _git(decks_repo, "add", "-A")
    done = _pre_commit(decks_repo, pre_commit_home, "try-repo", str(hook_repo), "deckcli-validate", "--all-files")
    assert done.returncode == 1
    assert "decks/bad.toml:4: too-many-copies" in done.stdout and "Failed" in done.stdout
    assert "pyproject.toml" not in done.stdout  # not a deck: excluded by the hook


def test_fmt_hook_rewrites_decks_in_canonical_form(hook_repo, pre_commit_home, decks_repo):
    deck = decks_repo / "decks" / "skellige.toml"
    deck.write_text(LEGAL.replace('"Cerys"', '"cerys"'), encoding="utf-8")
    _git(decks_repo, "add", "-A")
    done = _pre_commit(decks_repo, pre_commit_home, "try-repo", str(hook_repo), "deckcli-fmt", "--all-files")
    assert done.returncode == 1 and "files were modified by this hook" in done.stdout, done.stdout + done.stderr
    assert '"Cerys"' in deck.read_text("utf-8") and '"cerys"' not in deck.read_text("utf-8")


def test_validate_hook_takes_its_rules_from_args(hook_repo, pre_commit_home, decks_repo):
    (decks_repo / "decks" / "starter.toml").write_text((DECKS / "skellige-starter.toml").read_text("utf-8"),
                                                      encoding="utf-8")
    rev = _git(hook_repo, "rev-parse", "HEAD")
    (decks_repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n-   repo: {hook_repo}\n    rev: {rev}\n    hooks:\n"
        "    -   id: deckcli-validate\n        args: [--rules, advanced]\n        files: ^decks/\n",
        encoding="utf-8",
    )
    _git(decks_repo, "add", "-A")
    done = _pre_commit(decks_repo, pre_commit_home, "run", "--all-files")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "decks/starter.toml: not legal under advanced" in done.stdout
    assert "decks/skellige.toml: legal under advanced" in done.stdout
