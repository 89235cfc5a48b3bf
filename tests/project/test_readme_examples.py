"""Every console example of README.md and of every docs/*.md page prints what deckcli prints.

A ```console block is a little terminal session: ``$ deckcli ARGS`` lines, each followed by the
output shown for it (standard output and standard error as a terminal shows them), and ``$ cat
FILE`` lines showing a file the session uses. The blocks run in a fresh folder each, holding
``decks/`` and ``schemas/`` (links to the repository's) and the files of
``tests/project/readme_files/<section>/``, where <section> names the nearest heading above the block
(``## `deckcli import``` → ``import``; ``## House rules`` → ``house-rules``), whatever the page.
The commands of a block run in order in that folder, so a file one writes is there for the next.
An output ending in ``...`` or ``…`` shows only its first lines. The pages are found on disk
(:func:`doc_pages.pages`), never listed by hand.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from helpers.cli_runs import deckcli_env
from helpers.depth import deep_only
from helpers.repository import REPO
from deckcli.cli.main import cli
from helpers.doc_pages import headings, page_name, pages

FILES = Path(__file__).resolve().parent / "readme_files"
BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


@dataclass
class Step:
    """One ``$`` line of a console block and the lines shown after it."""

    line: str
    shown: list[str]


@dataclass
class Session:
    """One console block: the page and section it is in, its first line and its steps."""

    page: str
    section: str
    line: int
    steps: list[Step]


def section_folder(heading: str) -> str:
    """``## `deckcli import``` → ``import``; ``## House rules`` → ``house-rules``."""
    heading = heading.strip("#` \n")
    if heading.startswith("deckcli "):
        return heading.split()[1]
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def page_sessions(page: Path) -> list[Session]:
    """The console blocks of one page, in order."""
    text = page.read_text("utf-8")
    titles = headings(text)
    found = []
    for match in BLOCK.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        above = [heading for number, _, heading in titles if number < line]
        assert above, f"{page_name(page)}:{line}: a console block before any heading"
        steps: list[Step] = []
        for shown in match.group(1).splitlines():
            if shown.startswith("$ "):
                steps.append(Step(shown[2:], []))
            else:
                assert steps, f"{page_name(page)}:{line}: output before any $ line"
                steps[-1].shown.append(shown)
        found.append(Session(page_name(page), section_folder(above[-1]), line, steps))
    return found


def sessions() -> list[Session]:
    """Every console block of every page."""
    return [session for page in pages() for session in page_sessions(page)]


def run_step(step: Step, folder: Path) -> list[str]:
    """What the terminal would show for ``step``, run in ``folder``."""
    words = shlex.split(step.line)
    if words[0] == "cat":
        return (folder / words[1]).read_text("utf-8").splitlines()
    assert words[0] == "deckcli", f"a console example runs deckcli or cat, not {words[0]}: {step.line}"
    result = CliRunner().invoke(cli, words[1:], env={"COLUMNS": "80"})  # what an 80-column terminal shows
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{step.line} raised {result.exception!r}") from result.exception
    assert "Usage:" not in result.output, f"{step.line}: a usage error\n{result.output}"
    return result.output.splitlines()


LONG_SESSIONS = {"tune"}
"""Commands whose page example is a long run (the default tune: about 5 s), checked in the deep run."""


def _session_param(session: Session) -> Any:
    long = any(shlex.split(step.line)[:2][-1] in LONG_SESSIONS for step in session.steps)
    marks = [deep_only("the page's example is a long run (about 5 s)")] if long else []
    return pytest.param(session, id=f"{session.page}:{session.line}: {session.section}", marks=marks)


@pytest.mark.parametrize("session", [_session_param(s) for s in sessions()])
def test_console_session_output_is_real(session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = FILES / session.section
    if own.is_dir():
        shutil.copytree(own, tmp_path, dirs_exist_ok=True)
    (tmp_path / "decks").symlink_to(REPO / "decks")
    (tmp_path / "schemas").symlink_to(REPO / "schemas")
    monkeypatch.chdir(tmp_path)
    from deckcli.cli import play

    # A long run's notice ("This run plays … games: about 0:12 …") tells this machine's speed and load, not the page.
    monkeypatch.setattr(play, "LONG_RUN", float("inf"))
    for step in session.steps:
        printed, shown = run_step(step, tmp_path), step.shown
        if shown and shown[-1].strip() in ("...", "…"):
            shown = shown[:-1]
            printed = printed[: len(shown)]
        assert printed == shown, f"$ {step.line}"


@pytest.mark.parametrize("page", pages(), ids=page_name)
def test_every_example_of_a_page_is_run(page: Path) -> None:
    """Each ``$`` line of the page's console blocks is a step, and a ``$`` line shown in any other
    kind of block (```sh, a bare ```) would escape the run: there is none."""
    text = page.read_text("utf-8")
    steps = [step for session in page_sessions(page) for step in session.steps]
    dollar_lines = [line for block in BLOCK.findall(text) for line in block.splitlines() if line.startswith("$ ")]
    assert len(steps) == len(dollar_lines)
    assert text.count("\n$ deckcli ") == sum(step.line.startswith("deckcli ") for step in steps)


def test_the_examples_are_found_in_every_page():
    found = sessions()
    assert {session.page for session in found} >= {"README.md", "docs/judging.md", "docs/authoring.md"}
    assert sum(step.line.startswith("deckcli ") for session in found for step in session.steps) >= 30


def test_every_fixture_folder_belongs_to_a_section():
    used = {session.section for session in sessions()}
    assert {folder.name for folder in FILES.iterdir()} <= used


def test_the_export_example_reads_what_the_import_example_writes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(FILES / "import" / "list.txt", tmp_path)
    CliRunner().invoke(cli, ["import", "list.txt", "-o", "wild-hunt.toml"], env=deckcli_env())
    assert (tmp_path / "wild-hunt.toml").read_text("utf-8") == (FILES / "export" / "wild-hunt.toml").read_text("utf-8")
