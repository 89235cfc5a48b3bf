"""The tests are laid out like the package (issue 35, item 3): tests/<package>/ holds the tests of deckcli/<package>/,
each module of deckcli is imported by a test of its own folder or the folder's conftest says where it is reached,
and the helpers the tests share are the package tests/helpers, never a conftest or another test module."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from helpers.repository import REPO, TESTS

PACKAGE = REPO / "deckcli"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
"""Every module of deckcli, by its dotted name."""


def _package(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def _folder(name: str) -> Path:
    """The tests/ folder of a module: the mirror of its package (tests/ itself for the modules of deckcli/)."""
    return TESTS.joinpath(*_package(name).split(".")[1:])


@cache
def _imports(path: Path) -> frozenset[str]:
    """The deckcli modules ``path`` imports (a module's packages too), relative imports resolved."""
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([module] if module else [])])
            named.add(module)
            named.update(f"{module}.{alias.name}" for alias in node.names)
    found = set()
    for name in named:
        parts = name.split(".")
        found.update(".".join(parts[:k]) for k in range(1, len(parts) + 1) if ".".join(parts[:k]) in MODULES)
    return frozenset(found)


def _reached_in_folder(folder: Path) -> set[str]:
    """The modules the tests of ``folder`` import, directly or through the modules of the folder's own package."""
    package = ".".join(["deckcli", *folder.relative_to(TESTS).parts])
    todo = [name for test in folder.glob("test_*.py") for name in _imports(test) if _package(name) == package]
    reached: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(d for d in _imports(MODULES[name]) if _package(d) == package and d not in reached)
    return reached


def _reached_elsewhere(folder: Path) -> dict[str, str]:
    """The folder's conftest's REACHED_ELSEWHERE (read as a literal, not imported)."""
    conftest = folder / "conftest.py"
    if not conftest.is_file():
        return {}
    for node in ast.parse(conftest.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "REACHED_ELSEWHERE":
            assert node.value is not None
            value = ast.literal_eval(node.value)
            assert isinstance(value, dict)
            return value
    return {}


def test_no_test_file_is_left_flat_in_tests():
    assert sorted(path.name for path in TESTS.glob("test_*.py")) == []


def test_every_folder_of_tests_mirrors_a_package_or_is_the_project_s():
    folders = {path.parent for path in TESTS.rglob("test_*.py")}
    packages = {TESTS.joinpath(*_package(name).split(".")[1:]) for name in MODULES}
    assert sorted(str(f.relative_to(TESTS)) for f in folders - packages) == ["project"]


def test_every_module_is_reached_by_a_test_of_its_folder_or_its_conftest_says_where():
    unreached, stale, unproven = [], [], []
    for folder in sorted({_folder(name) for name in MODULES}):
        reached = _reached_in_folder(folder)
        elsewhere = _reached_elsewhere(folder)
        for name in sorted(n for n in MODULES if _folder(n) == folder):
            if name not in reached and name not in elsewhere:
                unreached.append(name)
        for name, reason in elsewhere.items():
            if name not in MODULES or name in reached:
                stale.append(name)  # no such module, or a test of the folder imports it now
            named = [word.strip(",.;:()") for word in reason.split() if word.startswith("tests/")]
            if not named or not all((REPO / path).is_file() for path in named):
                unproven.append((name, reason))  # the reason must name the test files that reach it, and they exist
    assert not unreached, f"no test of their folder imports them, and their folder's conftest does not say why: {unreached}"
    assert not stale, f"REACHED_ELSEWHERE names modules that do not exist or that a test of the folder imports: {stale}"
    assert not unproven, f"reasons that name no existing test file: {unproven}"


def test_the_tests_import_helpers_from_the_helpers_package_only():
    """``from conftest import ...`` or an import of another test module ties a test to where that file lies."""
    wrong = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            wrong.extend(f"{path.relative_to(TESTS)}: {name}" for name in names
                         if name.split(".")[0] == "conftest" or name.split(".")[0].startswith("test_"))
    assert not wrong
