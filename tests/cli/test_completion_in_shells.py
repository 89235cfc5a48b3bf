"""Completion as a player meets it: keys typed into a real bash, zsh and fish (in tmux), then the line the shell reads.

Each case types a command line with Tabs, then puts ``printf 'N<%s>\\n'`` in front of what the
completion left and runs it: the shell prints each word it read, so a completion that leaves an
unclosed quote or a stray backslash fails here (issue 22, item 1). A shell that is not installed is
skipped, saying so. All cases of one shell share one terminal (and one xdist worker).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from helpers.repository import DECKS

SHELLS = {
    "bash": (["bash", "--norc", "--noprofile", "-i"], 'eval "$(_DECKCLI_COMPLETE=bash_source deckcli)"'),
    "zsh": (["zsh", "-f", "-i"], 'autoload -Uz compinit && compinit -u -D && eval "$(_DECKCLI_COMPLETE=zsh_source deckcli)"'),
    "fish": (["fish", "--no-config", "-i"], "_DECKCLI_COMPLETE=fish_source deckcli | source"),
}

CASES = {
    "an apostrophe, two Tabs": ("deckcli card Gaunter\t\t", ["card", "Gaunter O'Dimm"]),
    "an opened double quote": ('deckcli card "Commander\t', ["card", "Commander's Horn"]),
    "an opened single quote and a colon": ("deckcli card 'Gaunter O'\\''Dimm: D\t", ["card", "Gaunter O'Dimm: Darkness"]),
    "a colon typed unquoted": ("deckcli card Gaunter\t:\t", ["card", "Gaunter O'Dimm: Darkness"]),
    "a colon and spaces in double quotes": ('deckcli card "Foltest: The Si\t', ["card", "Foltest: The Siegemaster"]),
    "a word of the name": ("deckcli card horn\t", ["card", "Commander's Horn"]),
    # the catalog has Black Infantry Archer and Blueboy Lugos too; the starter deck only Blue Stripes Commando
    "odds --card: the deck's cards": ("deckcli odds nr.toml --card Bl\t", ["odds", "nr.toml", "--card", "Blue Stripes Commando"]),
    "remove: the deck's cards": ("deckcli remove nr.toml Bl\t", ["remove", "nr.toml", "Blue Stripes Commando"]),
    "simulate --vs: a faction": ("deckcli simulate nr.toml --vs Sco\t", ["simulate", "nr.toml", "--vs", "scoiatael"]),
}

WAIT = 20.0
"""Seconds a shell may take to answer (a loaded machine); a passing case takes a fraction of one."""


class Terminal:
    """One shell in a tmux server of its own, started in a folder holding ``nr.toml`` (the Northern Realms starter)."""

    def __init__(self, shell: str, home: Path) -> None:
        command, setup = SHELLS[shell]
        bin_folder = home / "bin"
        bin_folder.mkdir()
        script = bin_folder / "deckcli"
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m deckcli "$@"\n', encoding="utf-8")
        script.chmod(0o755)
        shutil.copy(DECKS / "northern-realms-starter.toml", home / "nr.toml")
        # a socket of its own, in a short path (a socket path holds about 100 bytes), removed at close
        self.folder = Path(tempfile.mkdtemp(prefix="deckcli-tmux-"))
        self.socket = str(self.folder / "socket")
        self.count = 0
        environment = {
            "HOME": str(home), "PATH": f"{bin_folder}:/usr/bin:/bin", "LANG": "C.UTF-8", "PS1": "$ ",
            "XDG_CACHE_HOME": str(home / "cache"), "TERM": "xterm-256color",
        }
        subprocess.run(
            ["tmux", "-S", self.socket, "-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50",
             "-c", str(home), *command],
            env=environment, check=True, timeout=WAIT,
        )
        self.keys(setup + "\n")
        self.words("")  # the set-up has run

    def tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True, text=True, timeout=WAIT)
        return done.stdout

    def keys(self, typed: str) -> None:
        """Type ``typed``: ``\\t`` presses Tab, ``\\n`` Enter, ``\\x01`` Control-A, ``\\x05`` Control-E; the rest as it is."""
        special = {"\t": "Tab", "\n": "Enter", "\x01": "C-a", "\x05": "C-e"}
        text = ""
        for char in typed + "\0":
            if char in special or char == "\0":
                if text:
                    self.tmux("send-keys", "-t", "0", "-l", text)
                    text = ""
                if char in special:
                    self.tmux("send-keys", "-t", "0", special[char])
            else:
                text += char

    def words(self, typed: str) -> list[str]:
        """Type ``typed``, then run what is on the line with ``printf`` in front: the words the shell reads."""
        self.count += 1
        mark = f"w{self.count}"
        self.keys(f"{typed}\x01printf '{mark}<%s>\\n' \x05; echo {mark}''-end\n")
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            screen = self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "0").splitlines()
            if f"{mark}-end" in screen:
                return [line[len(mark) + 1 : -1] for line in screen if line.startswith(f"{mark}<") and line.endswith(">")]
            time.sleep(0.05)
        screen = self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "0")
        self.tmux("send-keys", "-t", "0", "C-c")
        raise AssertionError(f"the shell did not run the completed line in {WAIT} s:\n{screen}")

    def close(self) -> None:
        self.tmux("kill-server")
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def terminal(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    shell = request.param
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed: the completion tests type into a real shell through it")
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed: its completion is not tried")
    opened = Terminal(shell, tmp_path_factory.mktemp(f"home-{shell}"))
    yield opened
    opened.close()


@pytest.mark.parametrize(
    "terminal", [pytest.param(shell, marks=pytest.mark.xdist_group(f"shell-{shell}")) for shell in SHELLS], indirect=True,
)
@pytest.mark.parametrize("typed, read", list(CASES.values()), ids=list(CASES))
def test_a_completed_line_reads_as_the_name(terminal: Terminal, typed: str, read: list[str]) -> None:
    assert terminal.words(typed) == ["deckcli", *read]
