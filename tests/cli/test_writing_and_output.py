"""A command that rewrites a file in place and an output that fails: the file changes once or not at all.

Standard output closed (``>&-``) or full (``>/dev/full``) stops ``add``, ``remove`` and
``fix --apply`` before the file changes (exit 2): a script that runs them again never adds a
card twice. A reader that goes away (``| head -1``) stops nothing: the change was asked for.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.cli_runs import deckcli_env
from helpers.repository import DECKS, REPO

COMMANDS = {
    "add": ["add", "{deck}", "Decoy"],
    "remove": ["remove", "{deck}", "Decoy"],
    "fix --apply": ["fix", "{deck}", "--rules", "advanced", "--apply"],
    "tournament --fix --apply": ["tournament", "{registration}", "--fix", "--apply"],
}


def _lineup(folder: Path) -> dict[str, Path]:
    """The example registration and its decks copied into ``folder``, its Skellige deck the starter deck
    (which breaks Advanced rules: ``fix`` and the lineup plan change it)."""
    for name in ("tournament-registration.toml", "monsters-advanced.toml", "nilfgaard-advanced.toml"):
        shutil.copy(DECKS / name, folder / name)
    shutil.copy(DECKS / "skellige-starter.toml", folder / "skellige-advanced.toml")
    return {"registration": folder / "tournament-registration.toml", "deck": folder / "skellige-advanced.toml"}


def _run(args: list[str], paths: dict[str, Path], stdout: object) -> int:
    command = [sys.executable, "-m", "deckcli", *[a.format(**{k: str(v) for k, v in paths.items()}) for a in args]]
    return subprocess.run(command, stdout=stdout, stderr=subprocess.DEVNULL, cwd=REPO, env=deckcli_env(),
                          timeout=120).returncode


def _with_stdout_closed(args: list[str]) -> subprocess.CompletedProcess[str]:
    """``python -m deckcli ARGS`` started with standard output closed (``>&-``)."""
    return subprocess.run(
        [sys.executable, "-c", "import os, sys; os.close(1); os.execvp(sys.argv[1], sys.argv[1:])", sys.executable,
         "-m", "deckcli", *args],
        stderr=subprocess.PIPE, text=True, cwd=REPO, env=deckcli_env(), timeout=120,
    )


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.toml"))}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_or_full_output_changes_no_file(tmp_path, name):
    paths = _lineup(tmp_path)
    before = _snapshot(tmp_path)
    closed = _with_stdout_closed([a.format(**{k: str(v) for k, v in paths.items()}) for a in COMMANDS[name]])
    assert closed.returncode == 2 and "cannot write the output" in closed.stderr
    assert _snapshot(tmp_path) == before
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            code = _run(COMMANDS[name], paths, full)
        assert code == 2
        assert _snapshot(tmp_path) == before


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_reader_that_goes_away_still_gets_the_change(tmp_path, name):
    paths = _lineup(tmp_path)
    before = _snapshot(tmp_path)
    args = [a.format(**{k: str(v) for k, v in paths.items()}) for a in COMMANDS[name]]
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before deckcli writes a byte
    try:
        code = subprocess.run([sys.executable, "-m", "deckcli", *args], stdout=write_end, stderr=subprocess.DEVNULL,
                              cwd=REPO, env=deckcli_env(), timeout=120).returncode
    finally:
        os.close(write_end)
    assert code == 0
    after = _snapshot(tmp_path)
    assert after != before and after[paths["deck"].name] != before[paths["deck"].name]


WRITERS = {
    "fmt": ["fmt", "{deck}"],
    "new": ["new", "--faction", "monsters", "-o", "{folder}/new.toml"],
    "import": ["import", "{listing}", "--faction", "monsters", "-o", "{folder}/imported.toml"],
    "schema": ["schema", "--faction", "monsters", "-o", "{folder}/deck.schema.json"],
    "sheet": ["sheet", "{deck}", "-o", "{folder}/sheet.html"],
}


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_a_closed_output_stops_a_writing_command_before_it_writes(tmp_path, name):
    paths = _lineup(tmp_path)
    deck = paths["deck"]
    deck.write_text(deck.read_text("utf-8").replace(" = ", "="), "utf-8")  # fmt has something to change
    (tmp_path / "list.txt").write_text("Decoy 2\n", "utf-8")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    args = [a.format(deck=deck, folder=tmp_path, listing=tmp_path / "list.txt") for a in WRITERS[name]]
    closed = _with_stdout_closed(args)
    assert closed.returncode == 2 and "cannot write the output" in closed.stderr
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
