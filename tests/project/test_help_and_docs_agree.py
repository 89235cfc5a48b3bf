"""Checks on the project itself: schemas, rule codes, help texts and documented sections of every
command (read from the CLI, never from a hand list), the thin CLI, the installed package."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import deckcli
from deckcli.cli.main import cli
from deckcli.files.schemas import packaged_rule_names, packaged_schema
from helpers.cli_runs import deckcli_env, run_cli
from helpers.repository import DECKS, REPO
from helpers.doc_pages import links, section

PACKAGE = Path(deckcli.__file__).resolve().parent
SCHEMAS = [p for p in (PACKAGE / "schemas").rglob("*.schema.json")]
COMMANDS = sorted(cli.every_command())
"""Every command of ``deckcli``, as the CLI itself lists them."""
LIBRARY_MODULES = sorted(
    str(path.relative_to(PACKAGE))
    for path in PACKAGE.rglob("*.py")
    if "cli" not in path.relative_to(PACKAGE).parts[:1] and path.name != "__main__.py"
)
"""Every library module: all but the Click face (deckcli/cli/) and the ``python -m`` entry point."""


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_schema_passes_its_metaschema(path):
    jsonschema.Draft202012Validator.check_schema(json.loads(path.read_text("utf-8")))


def _coded(node, path=""):
    if isinstance(node, dict):
        if "x-code" in node:
            yield node["x-code"], path
        for key, value in node.items():
            yield from _coded(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _coded(value, f"{path}/{index}")


def test_rule_codes_are_unique_within_each_rule_set_and_kebab_case():
    for name in packaged_rule_names():
        found = list(_coded(packaged_schema(f"rules/{name}")))
        assert found, name
        codes = [code for code, _ in found]
        assert len(codes) == len(set(codes)), f"{name}: a code is used twice: {codes}"
        for code in codes:
            assert code == code.lower() and " " not in code and "_" not in code


def test_each_constraint_has_a_message_and_a_rulebook_section():
    for name in packaged_rule_names():
        for node_path in _coded(packaged_schema(f"rules/{name}")):
            code, path = node_path
            node = packaged_schema(f"rules/{name}")
            for part in [p for p in path.split("/") if p]:
                node = node[int(part)] if isinstance(node, list) else node[part]
            assert node.get("x-message") and node.get("x-rule", "").startswith("§"), f"{name} {code}"


def test_codes_shared_between_rule_sets_mean_the_same_field():
    fields: dict[str, set[str]] = {}
    for name in packaged_rule_names():
        for code, path in _coded(packaged_schema(f"rules/{name}")):
            fields.setdefault(code, set()).add(path.rsplit("/", 1)[-1])
    assert all(len(names) == 1 for names in fields.values()), fields


def test_the_commands_are_read_from_the_cli():
    assert {"validate", "tournament", "team", "profile", "stats", "odds", "cards", "card"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help_with_an_example(name):
    text = run_cli([name, "--help"]).stdout
    assert "Example:" in text and f"deckcli {name}" in text.split("Example:")[1]


@pytest.mark.parametrize("name", COMMANDS)
def test_the_docs_list_and_show_every_command(name):
    """docs/commands.md has a row for the command linking to its section on its subject's page,
    and that section shows it in a console example (run by tests/project/test_readme_examples.py)."""
    index = (REPO / "docs" / "commands.md").read_text("utf-8")
    rows = [line for line in index.splitlines() if line.startswith((f"| [`deckcli {name} ", f"| [`deckcli {name}`"))]
    assert rows, "no row in docs/commands.md"
    for row in rows:
        target = [link for _, link in links(row)][0]
        page = REPO / "docs" / target.partition("#")[0]
        assert page.is_file(), f"{row}: no page {page.name}"
        heading = f"## `deckcli {name}`"
        assert f"\n{heading}\n" in page.read_text("utf-8"), f"{page.name} has no section {heading}"
        assert f"$ deckcli {name}" in section(page.read_text("utf-8"), heading), f"no console example in {page.name}, {heading}"


def test_library_modules_are_found():
    assert "rules/judging.py" in LIBRARY_MODULES and not any(m.startswith("cli/") for m in LIBRARY_MODULES)


@pytest.mark.parametrize("module", LIBRARY_MODULES)
def test_library_modules_never_import_click_print_or_exit(module):
    tree = ast.parse((PACKAGE / module).read_text("utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not any(name.split(".")[0] == "click" for name in imported)
    calls = {
        node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
    }
    assert "print" not in calls and "exit" not in calls


def _installed_command() -> list[str]:
    found = shutil.which("deckcli", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "deckcli"]


def test_installed_deckcli_runs_from_another_folder(tmp_path):
    deck = tmp_path / "mine.toml"
    deck.write_bytes((DECKS / "skellige-advanced.toml").read_bytes())
    done = subprocess.run(
        [*_installed_command(), "validate", "--rules", "advanced", "mine.toml"],
        cwd=tmp_path, capture_output=True, text=True, env=deckcli_env(), timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("mine.toml: legal under advanced")


def test_python_dash_m_deckcli(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "deckcli", "validate", str(tmp_path / "none.toml")],
        cwd=tmp_path, capture_output=True, text=True, env=deckcli_env(), timeout=60,
    )
    assert done.returncode == 2 and done.stderr.strip() == f"{tmp_path / 'none.toml'}: no such file"
    assert "Traceback" not in done.stderr
