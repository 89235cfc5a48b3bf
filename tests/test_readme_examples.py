"""README.md's console examples print what deckcli prints (those whose files are in the repository)."""

from __future__ import annotations

import re
import shlex

import pytest

from conftest import REPO, run_cli

BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def examples() -> list[tuple[list[str], list[str]]]:
    """Each ``$ deckcli ARGS`` of a console block with the lines shown after it."""
    found = []
    for block in BLOCK.findall((REPO / "README.md").read_text("utf-8")):
        command, shown = None, []
        for line in [*block.splitlines(), "$ end"]:
            if line.startswith("$ "):
                if command and command[0] == "deckcli":
                    found.append((command[1:], shown))
                command, shown = shlex.split(line[2:]), []
            else:
                shown.append(line)
    return found


def runnable(args: list[str]) -> bool:
    files = [a for a in args if a.endswith((".toml", ".json"))]
    return bool(files) and all((REPO / f).is_file() for f in files)


@pytest.mark.parametrize(
    ("args", "shown"),
    [pytest.param(args, shown, id=" ".join(args)) for args, shown in examples() if runnable(args)],
)
def test_readme_example_output_is_real(monkeypatch, args, shown):
    monkeypatch.chdir(REPO)
    broken = any(word in line for line in shown for word in ("not legal", "not a legal"))
    # The README shows what a reader sees in an 80-column terminal (or a pipe).
    printed = run_cli(args, exit_code=1 if broken else 0, env={"COLUMNS": "80"}).stdout.splitlines()
    if shown and shown[-1].strip() == "...":  # an example cut short: compare the lines shown
        shown = shown[:-1]
        printed = printed[: len(shown)]
    assert printed == shown


def test_the_examples_are_found():
    commands = [args[0] for args, _shown in examples() if runnable(args)]
    assert {"validate", "tournament", "team", "profile"} <= set(commands)
