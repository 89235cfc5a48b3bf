"""Meta-tests for the catalog and deck-writing commands: help with an example, lazy imports, thin CLI."""

from __future__ import annotations

import ast

import pytest

from conftest import REPO, run_cli

from deckcli.catalog.loading import default_catalog

COMMANDS = ["cards", "card", "new", "import", "export", "fmt", "diff", "schema"]
MODULES = sorted(
    str(path.relative_to(REPO / "deckcli")) for path in (REPO / "deckcli").rglob("*.py") if path.parts[-2] != "cli"
)
"""Every library module: all but the Click face (deckcli/cli/)."""


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_an_example(command):
    text = run_cli([command, "--help"]).stdout
    assert "Example:" in text and f"deckcli {command}" in text.split("Example:")[1]


@pytest.mark.parametrize("module", MODULES)
def test_library_modules_never_import_click(module):
    tree = ast.parse((REPO / "deckcli" / module).read_text("utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not any(name.split(".")[0] == "click" for name in imported)
    assert "print(" not in (REPO / "deckcli" / module).read_text("utf-8")


def test_import_parsing_assumptions_hold_for_every_card_name():
    # The list reader treats a trailing "(...)" as a note and leading/trailing numbers as counts.
    for name in default_catalog().cards:
        assert "(" not in name and "[" not in name and "#" not in name
        assert not name[0].isdigit() and not name[-1].isdigit()


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_lists_and_shows_each_command(command):
    readme = (REPO / "README.md").read_text("utf-8")
    assert f"| `deckcli {command} " in readme
    section = readme.split(f"### `deckcli {command}`\n", 1)[1]
    assert f"$ deckcli {command} " in section.split("\n### ", 1)[0]
