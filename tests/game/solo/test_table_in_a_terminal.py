"""``deckcli solo --table`` in a real terminal: driven in tmux (send-keys, capture-pane) through a whole game, with
Tab completing a card's name (readline), Ctrl-C saving the game first (exit 130) and --resume playing it to its end.

Skipped, with the reason, where tmux is not installed (``apt-get install tmux``).
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from helpers.cli_runs import deckcli_env
from helpers.depth import TEST_DEPTH
from deckcli.game.solo.table import play_table_game
from helpers.solo_table_players import SKELLIGE, Player, table_setup

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: apt-get install tmux")]
SEED = 6
"""A short game (Skellige against the automaton of Nilfgaard): its answers, as the scripted player gives them."""


class Pane:
    """One command running in a detached tmux session of 80 columns."""

    def __init__(self, folder: Path, args: list[str]) -> None:
        self.name = f"deckcli-{uuid.uuid4().hex[:8]}"
        command = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "deckcli", *args])
        env = deckcli_env(COLUMNS="80", TERM="xterm")
        env.pop("COLUMNS")  # the terminal's own width: 80
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", "80", "-y", "40", "-c", str(folder),
                        f"{command}; echo EXIT=$?; sleep 60"], check=True, env=env)

    def text(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-J", "-S", "-", "-t", self.name], capture_output=True,
                              text=True, check=True).stdout

    def keys(self, *keys: str, literal: bool = False) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *(["-l"] if literal else []), *keys], check=True)

    def settled(self, timeout: float = 30.0) -> str:
        """The pane once it waits for an answer (its last line a question) or the command has ended."""
        end = time.monotonic() + timeout
        before = None
        while time.monotonic() < end:
            text = self.text()
            last = text.rstrip().splitlines()[-1] if text.strip() else ""
            if "EXIT=" in text or (text == before and last.rstrip().endswith(("?", ":"))):
                return text
            before = text
            time.sleep(0.03)
        raise AssertionError(f"the terminal did not settle:\n{self.text()}")

    def ended(self, timeout: float = 30.0) -> str:
        """The pane once the command has ended (its exit code shown)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.text()
            if "EXIT=" in text:
                return text
            time.sleep(0.05)
        raise AssertionError(f"the command did not end:\n{self.text()}")

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def _game() -> Player:
    player = Player(SEED)
    play_table_game(table_setup(SKELLIGE, "nilfgaard", False, SEED), player.ask, player.tell)
    return player


def _answer(pane: Pane, question, answer: str) -> None:
    """Type ``answer``: a card's name by its first letters and Tab where that is unambiguous (readline completion)."""
    prefix = next((answer[:n] for n in range(3, len(answer))
                   if [o for o in question.options if o.casefold().startswith(answer[:n].casefold())] == [answer]), None)
    if prefix is not None:
        pane.keys(prefix, literal=True)
        pane.keys("Tab")
    else:
        pane.keys(answer, literal=True)
    pane.keys("Enter")


@pytest.mark.skipif(TEST_DEPTH != "deep", reason="a whole game typed in tmux (about 3 s): DECKCLI_TEST_DEPTH=deep "
                                                   "runs it, as CI does; test_table.py plays games without a terminal")
def test_a_whole_game_in_a_terminal_with_completion_ctrl_c_saving_and_resuming(tmp_path):
    player = _game()
    assert 8 <= len(player.answers) <= 60
    args = ["solo", "--table", SKELLIGE, "--vs", "nilfgaard", "--seed", str(SEED), "--save", "game.json"]
    pane = Pane(tmp_path, args)
    half = len(player.answers) // 2  # cut between two decisions, not between a move and its row
    half = next(n for n in range(half, len(player.asked)) if player.asked[n].kind not in ("choose", "confirm"))
    completed = 0
    try:
        screen = pane.settled()
        assert "Gwent Solo at the table: your Skellige against the automaton of Nilfgaard" in screen
        for question, answer in zip(player.asked[:half], player.answers[:half]):
            assert question.text.split()[-1] in pane.settled().rstrip().splitlines()[-1]
            completed += prefix_used(question, answer)
            _answer(pane, question, answer)
        pane.settled()
        pane.keys("C-c")
        screen = pane.ended()
        assert "saved the game to game.json: deckcli solo --resume game.json plays on" in screen
        assert "EXIT=130" in screen
    finally:
        pane.close()
    assert completed >= 1, "no answer was typed with Tab completion"
    pane = Pane(tmp_path, ["solo", "--resume", "game.json"])
    try:
        for question, answer in zip(player.asked[half:], player.answers[half:]):
            pane.settled()
            _answer(pane, question, answer)
        screen = pane.ended()
        assert "Game over: " in screen and "EXIT=0" in screen, screen
        assert "(the saved game is played again up to here)" in screen
    finally:
        pane.close()


def prefix_used(question, answer: str) -> int:
    return int(any([o for o in question.options if o.casefold().startswith(answer[:n].casefold())] == [answer]
                   for n in range(3, len(answer))))
