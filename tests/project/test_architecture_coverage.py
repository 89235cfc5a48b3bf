"""docs/architecture.md's module map and pyproject.toml's import contracts name every module of deckcli."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "deckcli"


def _modules() -> list[str]:
    """Every module of deckcli, dotted (``deckcli.cli.output``; a package by its own name)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def _contracts() -> list[dict[str, object]]:
    return tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["importlinter"]["contracts"]


def _layered(contract: dict[str, object]) -> set[str]:
    """The modules a layers contract names, each sibling of a ``a | b`` layer apart."""
    layers = contract.get("layers", [])
    assert isinstance(layers, list)
    return {name.strip() for layer in layers for name in str(layer).split("|")}


def test_the_contracts_name_no_exception():
    for contract in _contracts():
        assert not contract.get("ignore_imports"), f"{contract['name']}: an exception without a reason"


def test_every_module_sits_on_a_floor_of_an_import_contract():
    """Each package whose children a layers contract names has every child named there: a new module cannot
    slip between the floors. The top contract names every package of deckcli (data folders aside)."""
    named: dict[str, set[str]] = {}
    for contract in _contracts():
        if contract.get("type") == "layers":
            for module in _layered(contract):
                named.setdefault(module.rpartition(".")[0], set()).add(module)
    modules = _modules()
    unnamed = []
    for module in modules:
        parent = module.rpartition(".")[0]
        if parent and parent in named and module not in named[parent]:
            unnamed.append(module)
    assert unnamed == []
    top = {module for module in modules if module.count(".") == 1}
    assert top == named["deckcli"]
    for package in named:
        assert package == "deckcli" or package in named.get(package.rpartition(".")[0], set()), package


def test_the_module_map_names_every_module():
    """Each module is named by its path (``deckcli/game/solo/card_play.py``), or by its file name in an entry of
    the map that names its folder (``cli/table_play.py`` in the commands' entry)."""
    text = (REPO / "docs" / "architecture.md").read_text("utf-8")
    module_map = text[text.index("## The module map"):text.index("## How to add")]
    entries = re.split(r"\n- ", module_map)
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(REPO).as_posix()
        if relative in module_map or (path.name == "__init__.py" and "`__init__.py` is empty" in module_map):
            continue
        folder = path.parent.relative_to(REPO).as_posix()
        short = f"{path.parent.name}/{path.name}"
        if not any(path.name in entry and (f"{folder}/" in entry or short in entry) for entry in entries):
            missing.append(relative)
    assert missing == []
