"""Every console example in README.md prints what deckcli prints.

A ```console block is a little terminal session: ``$ deckcli ARGS`` lines, each followed by the
output shown for it (standard output and standard error as a terminal shows them), and ``$ cat
FILE`` lines showing a file the session uses. The blocks run in a fresh folder each, holding
``decks/`` and ``schemas/`` (links to the repository's) and the files of
``tests/readme_files/<command>/``, where <command> names the README section (``### `deckcli
import```` → ``import``; ``### House rules`` → ``house-rules``). The commands of a block run in
order in that folder, so a file one writes is there for the next. An output ending in ``...`` or
``…`` shows only its first lines.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO
from deckcli.cli.main import cli

README = REPO / "README.md"
FILES = Path(__file__).resolve().parent / "readme_files"
BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


@dataclass
class Step:
    """One ``$`` line of a console block and the lines shown after it."""

    line: str
    shown: list[str]


@dataclass
class Session:
    """One console block: the section it is in and its steps."""

    section: str
    line: int
    steps: list[Step]


def section_folder(heading: str) -> str:
    """``### `deckcli import``` → ``import``; ``### House rules`` → ``house-rules``."""
    heading = heading.strip("#` \n")
    if heading.startswith("deckcli "):
        return heading.split()[1]
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def sessions() -> list[Session]:
    text = README.read_text("utf-8")
    found = []
    for match in BLOCK.finditer(text):
        before = text[: match.start()]
        headings = re.findall(r"^#{2,3} .*$", before, re.M)
        steps: list[Step] = []
        for line in match.group(1).splitlines():
            if line.startswith("$ "):
                steps.append(Step(line[2:], []))
            else:
                assert steps, f"README.md line {before.count(chr(10)) + 1}: output before any $ line"
                steps[-1].shown.append(line)
        found.append(Session(section_folder(headings[-1]), before.count("\n") + 1, steps))
    return found


def run_step(step: Step, folder: Path) -> list[str]:
    """What the terminal would show for ``step``, run in ``folder``."""
    words = shlex.split(step.line)
    if words[0] == "cat":
        return (folder / words[1]).read_text("utf-8").splitlines()
    assert words[0] == "deckcli", f"a console example runs deckcli or cat, not {words[0]}: {step.line}"
    result = CliRunner().invoke(cli, words[1:])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{step.line} raised {result.exception!r}") from result.exception
    assert "Usage:" not in result.output, f"{step.line}: a usage error\n{result.output}"
    return result.output.splitlines()


@pytest.mark.parametrize("session", [pytest.param(s, id=f"line {s.line}: {s.section}") for s in sessions()])
def test_readme_session_output_is_real(session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = FILES / session.section
    if own.is_dir():
        shutil.copytree(own, tmp_path, dirs_exist_ok=True)
    (tmp_path / "decks").symlink_to(REPO / "decks")
    (tmp_path / "schemas").symlink_to(REPO / "schemas")
    monkeypatch.chdir(tmp_path)
    for step in session.steps:
        printed, shown = run_step(step, tmp_path), step.shown
        if shown and shown[-1].strip() in ("...", "…"):
            shown = shown[:-1]
            printed = printed[: len(shown)]
        assert printed == shown, f"$ {step.line}"


def test_every_example_is_run():
    steps = [step for session in sessions() for step in session.steps]
    dollar_lines = [
        line for block in BLOCK.findall(README.read_text("utf-8")) for line in block.splitlines() if line.startswith("$ ")
    ]
    assert len(steps) == len(dollar_lines)
    assert sum(step.line.startswith("deckcli ") for step in steps) >= 23


def test_every_fixture_folder_belongs_to_a_section():
    used = {session.section for session in sessions()}
    assert {folder.name for folder in FILES.iterdir()} <= used


def test_the_export_example_reads_what_the_import_example_writes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(FILES / "import" / "list.txt", tmp_path)
    CliRunner().invoke(cli, ["import", "list.txt", "-o", "wild-hunt.toml"])
    assert (tmp_path / "wild-hunt.toml").read_text("utf-8") == (FILES / "export" / "wild-hunt.toml").read_text("utf-8")
