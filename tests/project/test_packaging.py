"""Packaging: the sdist carries the tests and their files, its metadata is PEP 639 clean, the version is written once.

.ci/run installs deckcli from the sdist and runs the whole suite in its unpacked folder (here the
sdist's contents are checked; running the suite a second time from it is CI's job).
"""

from __future__ import annotations

import email
import fcntl
import importlib.util
import re
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

import pytest

from helpers.repository import REPO
from deckcli import __version__

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))


def test_the_version_is_written_once():
    assert PYPROJECT["project"]["dynamic"] == ["version"] and "version" not in PYPROJECT["project"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "deckcli.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_license_is_a_pep_639_expression_with_its_file():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (REPO / "LICENSE").read_text("utf-8").startswith("MIT License")
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # the expression replaces them
    assert any(r.startswith("setuptools>=77") for r in PYPROJECT["build-system"]["requires"])


def test_dependency_bounds_admit_todays_releases():
    from packaging.requirements import Requirement  # pip's own parser, installed with pre-commit and build

    bounds = {Requirement(r).name: Requirement(r).specifier for r in PYPROJECT["project"]["dependencies"]}
    for name, version in {"click": "8.5.1", "jsonschema": "4.26.0", "tabulate": "0.10.0", "tomli-w": "1.2.0",
                          "tomlkit": "0.15.2"}.items():
        assert bounds[name].contains(version), f"{name} {version} is excluded by {bounds[name]}"
    assert all(str(spec).count("<") for spec in bounds.values()), "every dependency has an upper bound"


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    if importlib.util.find_spec("build") is None:
        pytest.skip("the build package is not installed (pip install '.[test]' installs it)")
    out = tmp_path_factory.mktemp("dist")
    # Building writes deckcli.egg-info into the clone: one build at a time, whatever the xdist workers.
    with open(Path(tempfile.gettempdir()) / "deckcli-sdist-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(out), str(REPO)],
                              capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (archive,) = out.glob("deckcli-*.tar.gz")
    return archive


@pytest.mark.slow
@pytest.mark.packaging
def test_the_sdist_carries_the_tests_and_their_files(sdist):
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
        metadata = email.message_from_bytes(archive.extractfile(f"deckcli-{__version__}/PKG-INFO").read())
    for needed in ("LICENSE", "README.md", ".pre-commit-hooks.yaml", "tests/conftest.py", "tests/helpers/deck_strategies.py",
                   "tests/helpers/example_decks.py", "decks/skellige-starter.toml", "decks/boards/scorch.toml",
                   "schemas/rules/advanced.schema.json", "deckcli/schemas/output/validate.schema.json", "benchmarks/run.py",
                   "docs/commands.md", "docs/deck-sheet.png", "tools/figures.py", "benchmarks/results/simulate.json",
                   "benchmarks/record.py", "deckcli/game/bots/ladder.json"):
        assert needed in names, f"the sdist lacks {needed}"
    assert not any("__pycache__" in name for name in names)
    assert metadata["License-Expression"] == "MIT" and metadata["Version"] == __version__
    assert "LICENSE" in metadata.get_all("License-File")
