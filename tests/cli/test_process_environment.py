"""deckcli as a process in an unfriendly environment: standard input closed, an output encoding
that lacks characters, Ctrl-C while it starts. Each ends in a one-line reason (or ``Aborted.``) and
its exit code, never a traceback.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import tomllib

import pytest

from helpers.cli_runs import signals_as_at_a_terminal
from helpers.depth import TEST_DEPTH, quick_first
from helpers.repository import DECKS, REPO
from deckcli.cli.main import cli

STARTER = str(DECKS / "northern-realms-starter.toml")
MONSTERS = str(DECKS / "monsters-advanced.toml")
SKELLIGE = str(DECKS / "skellige-advanced.toml")

READS_STANDARD_INPUT = {
    "validate": ["-"],
    "tournament": ["-", MONSTERS, SKELLIGE],
    "team": ["-", MONSTERS],
    "profile": ["-"],
    "stats": ["-"],
    "odds": ["-"],
    "diff": ["-", MONSTERS],
    "export": ["-"],
    "fmt": ["-"],
    "import": ["-", "--faction", "Skellige", "-o", "-"],
    "fix": ["-"],
    "sheet": ["-", "-o", "-"],
    "draw": ["-"],
    "score": ["-"],
    "simulate": ["-", "--games", "1"],
    "tune": ["-", "--vs", "skellige", "--budget", "20", "--workers", "1"],
    "solo": ["-", "--reveal", "Decoy"],
    "advise": ["-", "--budget", "5"],
}
"""Each command that reads ``-``, with arguments that reach that read."""
STANDARD_INPUT_KINDS = ("validate", "tournament", "import", "score", "simulate")
"""One command for each kind of file read from ``-`` (a deck, a deck beside others, a list to import, a board, a
deck to play): the commands of every run; the deep run tries them all."""

NO_STANDARD_INPUT = {
    "cards": "lists the catalog",
    "card": "looks one name up",
    "new": "writes a new deck from the catalog",
    "schema": "writes a schema",
    "add": "edits a file in place: - is refused before anything is read (tests/authoring/test_add_remove.py)",
    "remove": "edits a file in place, as add",
    "replay": "reads a game log from its file, perhaps twice (the listing, then the game): - is refused",
}


def _deckcli(args: list[str], **options) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=options.pop("capture", True),
                          text=True, cwd=REPO, timeout=60, **options)


def test_every_command_is_listed_as_reading_standard_input_or_not():
    assert set(READS_STANDARD_INPUT) | set(NO_STANDARD_INPUT) == set(cli.every_command())
    assert not set(READS_STANDARD_INPUT) & set(NO_STANDARD_INPUT)


@pytest.mark.parametrize("command", quick_first(
    sorted(READS_STANDARD_INPUT, key=lambda name: (name not in STANDARD_INPUT_KINDS, name)),
    "another command reading standard input through the same reader (a process each)", keep=len(STANDARD_INPUT_KINDS)))
def test_standard_input_closed_is_said_in_one_line(command):
    # `deckcli validate - <&-`: the shell closes descriptor 0 before deckcli starts (Python's sys.stdin is None)
    done = subprocess.run(
        [sys.executable, "-m", "deckcli", command, *READS_STANDARD_INPUT[command]],
        stdin=None, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO, timeout=60,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == 2, done.stderr
    assert "<stdin>: standard input is closed: give the file's name instead of -" in done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr


def test_an_output_encoding_that_lacks_a_character_writes_it_escaped():
    # PYTHONIOENCODING=latin-1 (or an old terminal): no bar character for the Strength table
    args = ["stats", STARTER]
    wide = _deckcli(args, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    done = subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=True, cwd=REPO, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "latin-1"})
    stderr = done.stderr.decode("latin-1")
    assert done.returncode == 0, stderr
    assert "internal error" not in stderr and "Traceback" not in stderr
    shown = done.stdout.decode("latin-1")
    assert shown.count("\n") == wide.stdout.count("\n")
    assert "\u2588" in wide.stdout and "\\u2588" in shown


def test_an_encoding_without_dashes_writes_them_plain(tmp_path):
    """An interval's en dash in Latin-1 was written ``\\u2013``: ``17.9\\u201322.9`` reads as one number. Dashes
    and the ellipsis are written ``-`` and ``...``, on standard output and on standard error alike."""
    latin = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    simulated = subprocess.run([sys.executable, "-m", "deckcli", "simulate", STARTER, "--vs", "skellige", "--games",
                                "4", "--workers", "1"], capture_output=True, cwd=REPO, timeout=60, env=latin)
    shown = simulated.stdout.decode("latin-1")
    assert simulated.returncode == 0 and "\\u" not in shown
    assert re.search(r"\(\d+\.\d-\d+\.\d\)", shown), shown
    refused = subprocess.run([sys.executable, "-m", "deckcli", "tournament", "--dir", str(tmp_path)],
                             capture_output=True, cwd=REPO, timeout=60, env=latin)
    said = refused.stderr.decode("latin-1")
    assert refused.returncode == 2 and 'decks = ["a.toml", ...]' in said and "\\u" not in said


ENTRY = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["scripts"]["deckcli"]
"""The console script players run (``module:function``), read from the packaging itself."""

_STARTED = """
import importlib, os, sys

class Started:
    # Says "started" as the first deckcli module after the console script's own is looked for.
    def find_spec(self, name, path=None, target=None):
        if name == "deckcli.cli":
            os.write(2, b"started\\n")
            sys.meta_path.remove(self)
        return None

module, _, function = sys.argv[1].partition(":")
sys.argv = ["deckcli", *sys.argv[2:]]
sys.meta_path.insert(0, Started())
getattr(importlib.import_module(module), function)()
"""


@pytest.mark.parametrize("args", [["validate", STARTER, "--rules", "advanced"], ["fix", STARTER, "--rules", "advanced"]],
                         ids=["validate", "fix"])
def test_ctrl_c_at_any_moment_of_start_up_is_aborted_never_a_traceback(args):
    """SIGINT sent at several delays after the console script has started importing deckcli's command line
    (Click, the command's modules, the catalog, jsonschema, HiGHS for fix): exit 130 and ``Aborted.``, or the
    command's own result when it was done first, and never a traceback. (The interpreter's own start-up and
    the console script's ``import re``, written by pip, run before any of deckcli and are not deckcli's to catch.)"""
    outcomes = []
    for delay in (0.0, 0.002, 0.005, 0.01, 0.02, 0.04, 0.07, 0.1) if TEST_DEPTH == "deep" else (0.0, 0.005, 0.02, 0.07):
        child = subprocess.Popen([sys.executable, "-c", _STARTED, ENTRY, *args], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, cwd=REPO, preexec_fn=signals_as_at_a_terminal)
        assert child.stderr is not None
        assert child.stderr.readline() == b"started\n"
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=60)
        said = stderr.decode()
        assert "Traceback" not in said and "KeyboardInterrupt" not in said, f"SIGINT after {delay} s:\n{said}"
        assert child.returncode in (0, 1, 130), f"SIGINT after {delay} s: exit {child.returncode}\n{said}"
        if child.returncode == 130:
            assert said.strip().endswith("Aborted."), said
        outcomes.append(child.returncode)
    assert 130 in outcomes  # the early delays did land while it started


def test_a_ctrl_c_that_surfaces_as_another_error_is_still_a_ctrl_c(capsys):
    """A Ctrl-C landing while Python creates a class during an import comes out as ``RuntimeError: Error calling
    __set_name__`` (its cause the KeyboardInterrupt), and one inside an import lock's callback is printed as
    "Exception ignored in"; both are the Ctrl-C being answered, not a traceback to show (seen 2 times in 400
    runs of the test above on a loaded machine)."""
    import deckcli.__main__ as entry
    from deckcli.errors import interrupted

    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as cause:
            raise RuntimeError("Error calling __set_name__ on 'cached_property' instance") from cause
    except RuntimeError as error:
        assert interrupted(error)
    assert not interrupted(RuntimeError("a bug"))

    class Unraisable:
        exc_value = KeyboardInterrupt()

    entry._unraisable(Unraisable())
    assert capsys.readouterr().err == ""


def test_a_sigterm_is_told_as_one_whatever_error_it_surfaced_in():
    """A SIGTERM landing in the import machinery surfaces as another error, then as a KeyboardInterrupt raised
    from it (as a Ctrl-C there does): it is still told as a SIGTERM, with its exit code."""
    from deckcli.errors import Terminated, stop_message

    surfaced = RuntimeError("Error calling __set_name__")
    surfaced.__cause__ = Terminated(signal.SIGTERM, "SIGTERM")
    raised = KeyboardInterrupt()
    raised.__cause__ = surfaced
    assert stop_message(raised) == ("Terminated (SIGTERM).", 143)
    assert stop_message(KeyboardInterrupt()) == ("Aborted.", 130)
