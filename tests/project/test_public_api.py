"""deckcli calls only the public API of its dependencies (issue 26): a release within a range may remove a private
name at any time, as tomlkit 0.15 removed ``Container._insert_after`` and broke ``deckcli add`` for every user."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from helpers.repository import REPO

NAMED_TUPLE_API = {"_replace", "_asdict", "_fields", "_make"}
"""Names with a leading underscore that are public by design: a named tuple's methods, ``os._exit``."""
ALLOWED = NAMED_TUPLE_API | {"_exit"}


@cache
def _modules() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text("utf-8")) for path in sorted((REPO / "deckcli").rglob("*.py"))}


def _own_names(modules: dict[Path, ast.Module]) -> set[str]:
    """Every name deckcli itself defines, assigns or imports under: its own private names are its own."""
    names: set[str] = set()
    for tree in modules.values():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
    return names


def private_uses(modules: dict[Path, ast.Module]) -> list[str]:
    allowed = _own_names(modules) | ALLOWED
    found = []
    for path, tree in modules.items():
        where = path.relative_to(REPO)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                name = node.attr
                if name.startswith("_") and not name.startswith("__") and name not in allowed:
                    found.append(f"{where}:{node.lineno}: .{name}")
            elif isinstance(node, ast.ImportFrom) and node.module and not node.module.startswith("deckcli") and node.level == 0:
                parts = node.module.split(".")
                private = [part for part in parts if part.startswith("_") and not part.startswith("__")]
                private += [alias.name for alias in node.names if alias.name.startswith("_") and not alias.name.startswith("__")]
                if private:
                    found.append(f"{where}:{node.lineno}: from {node.module} import {', '.join(a.name for a in node.names)}")
    return sorted(found)


def test_no_private_name_of_a_dependency_is_used():
    assert private_uses(_modules()) == []


def test_the_check_finds_a_private_method_and_a_private_module():
    """The check itself: the call that broke ``add`` (issue 26), and an import from a private module."""
    tree = ast.parse("document._insert_after('faction', 'leader', leader)\nfrom click._compat import term_len\n")
    found = private_uses({REPO / "deckcli" / "example.py": tree})
    assert found == ["deckcli/example.py:1: ._insert_after", "deckcli/example.py:2: from click._compat import term_len"]
