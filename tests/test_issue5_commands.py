"""Meta-tests for the catalog and deck-writing commands: help with an example, lazy imports, thin CLI."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from conftest import REPO, run_cli

from deckcli.catalog import default_catalog

COMMANDS = ["cards", "card", "new", "import", "export", "fmt", "diff", "schema"]
MODULES = ["abilities", "cardlist", "cardsheet", "lookup", "ordering", "template", "decklist", "printout",
           "formatter", "deckdiff", "editor_schema", "safefile"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_an_example(command):
    text = run_cli([command, "--help"]).stdout
    assert "Example:" in text and f"deckcli {command}" in text.split("Example:")[1]


def test_help_does_not_import_the_heavy_libraries():
    code = (
        "import sys; from deckcli.cli import cli\n"
        "heavy = {'tomlkit', 'tomli_w', 'tabulate', 'jsonschema'} & set(sys.modules)\n"
        "mine = {m for m in sys.modules if m.startswith('deckcli.') and m.split('.')[-1] in %r}\n"
        "print(sorted(heavy | mine))" % (MODULES,)
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("module", MODULES)
def test_library_modules_never_import_click(module):
    tree = ast.parse((REPO / "deckcli" / f"{module}.py").read_text("utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not any(name.split(".")[0] == "click" for name in imported)
    assert "print(" not in (REPO / "deckcli" / f"{module}.py").read_text("utf-8")


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
