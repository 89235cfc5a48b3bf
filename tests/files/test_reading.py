"""Reading what the player names: a named pipe that no program writes to is refused at once, never waited on for
ever (a new user's hostile pass found every reader of a deck, a board, a log or a save hanging on one)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS, REPO

STARTER = DECKS / "skellige-starter.toml"
PIPE_READERS = {
    "validate": ("deck.toml", []), "score": ("board.toml", []), "advise": ("board.toml", []),
    "simulate": ("deck.toml", ["--games", "1"]), "replay": ("games.jsonl", []), "solo": ("save.json", ["--resume"]),
}
"""Each kind of file read through a reader of its own, and the command that reads it: (file name, arguments before)."""


@pytest.mark.parametrize("command", sorted(PIPE_READERS))
def test_a_named_pipe_with_no_writer_is_refused_at_once(tmp_path: Path, command: str) -> None:
    name, before = PIPE_READERS[command]
    pipe = tmp_path / name
    os.mkfifo(pipe)
    done = subprocess.run([sys.executable, "-m", "deckcli", command, *before, str(pipe)],
                          capture_output=True, text=True, cwd=REPO, timeout=30, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done.stderr
    message = " ".join(done.stderr.split())
    assert message.startswith(f"{pipe}: is a named pipe that nothing wrote to") and "Traceback" not in message


def test_a_named_pipe_a_program_writes_is_read(tmp_path: Path) -> None:
    pipe = tmp_path / "deck.toml"
    os.mkfifo(pipe)
    writer = threading.Thread(target=lambda: pipe.write_bytes(STARTER.read_bytes()), daemon=True)
    writer.start()  # blocks in open until deckcli opens the pipe to read
    time.sleep(0.2)  # the writer has it open (waiting) before deckcli looks, as `cat deck > pipe &` has
    said = run_cli(["validate", pipe]).stdout
    writer.join(10)
    assert "legal under standard" in said
