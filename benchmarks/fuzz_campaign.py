"""The surfaces of issue 36's hostile-input campaign, fuzzed: replay logs, ``--matrix`` files, Solo ``--table`` saves,
``advise`` boards and decklists, ``score``'s Free For All and team boards (item 16: the one board reader), ``tune``
options and ``--cluster`` addresses.

Run from a clone, in the venv of the README's test command (``pip install -e '.[test]'``: distributed for --cluster):

    python benchmarks/fuzz_campaign.py                 # about ten minutes on two cores
    python benchmarks/fuzz_campaign.py --scale 0.1     # a tenth as many inputs, a quick look
    python benchmarks/fuzz_campaign.py --seed 7        # other inputs (the same seed: the same inputs)

Each input is generated from a real file (a log ``simulate`` wrote, a save ``solo --table`` wrote, an example
board, a starter deck) changed at random, or from random options, and run in this process through Click's runner
(as the tests run deckcli), in a folder of its own, under a timeout (SIGALRM). Counted per surface:

- an *internal error*: an exception other than deckcli's own errors got out, an exit code other than 0, 1 and 2,
  a traceback or "internal error" on standard error, or an exit 2 without a message;
- a *hang*: the input ran past its timeout;
- a *file changed*: an input file (the deck, the board, the log, the decklist...) holds other bytes afterwards, a
  file was left that the command did not report writing, or a save was written shorter than the one read.

Nothing here is a test: the suite asserts no counts; this script reports them, and each finding with its input.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DECKS = REPO / "decks"
NR = DECKS / "northern-realms-starter.toml"
SKELLIGE = DECKS / "skellige-advanced.toml"
COUNTS = {"replay": 900, "matrix": 900, "save": 400, "advise": 300, "score": 1500, "tune": 150, "cluster": 150}
"""Inputs per surface at ``--scale 1``."""
TIMEOUTS = {"replay": 20, "matrix": 10, "save": 20, "advise": 30, "score": 10, "tune": 60, "cluster": 30}
"""Seconds an input may take before it counts as a hang (the slowest legitimate input takes a few)."""


class Hang(BaseException):
    """Raised by the alarm: the input ran past its timeout (a BaseException, so no ``except Exception`` hides it)."""


class Case(NamedTuple):
    """One input: deckcli's arguments, its standard input, the files it reads (which must not change), and those it
    may write (which must be said in its output when written)."""

    args: list[str]
    stdin: bytes = b""
    inputs: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()


class Tally:
    """The counts of one surface and the first findings of each kind."""

    def __init__(self) -> None:
        self.inputs = self.errors = self.hangs = self.changed = 0
        self.exits: dict[int, int] = {}
        self.findings: list[str] = []
        self.samples: dict[str, int] = {}
        """How often each first message of an exit 2 came (``--verbose`` shows the commonest)."""

    def note(self, kind: str, case: Case, detail: str) -> None:
        if len(self.findings) < 12:
            self.findings.append(f"{kind}: deckcli {' '.join(case.args)[:300]} -> {detail[:400]}")


# -- running one input ---------------------------------------------------------------------------------------------


def run(case: Case, folder: Path, seconds: float, tally: Tally, save_check: Callable[[], str | None] | None = None,
        ) -> None:
    """Run ``case`` in ``folder`` (the current folder meanwhile) and count what went wrong."""
    from click.testing import CliRunner

    from deckcli.cli.main import cli

    before = {path: Path(folder, path).read_bytes() for path in case.inputs if Path(folder, path).is_file()}
    listed = set(os.listdir(folder))
    tally.inputs += 1

    def alarm(_signal: int, _frame: Any) -> None:
        raise Hang()

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    began = time.monotonic()
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(cli, case.args, input=case.stdin, env={"COLUMNS": "80"})
    except Hang:
        tally.hangs += 1
        tally.note("hang", case, f"still running after {seconds} s")
        return
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(cwd)
    spent = time.monotonic() - began
    tally.exits[result.exit_code] = tally.exits.get(result.exit_code, 0) + 1
    stderr = result.stderr
    if result.exit_code != 0:
        first = (_joined(stderr) or [""])[-1][:90]
        tally.samples[first] = tally.samples.get(first, 0) + 1
    problem = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        problem = f"{type(result.exception).__name__}: {result.exception}"
    elif result.exit_code not in (0, 1, 2):
        problem = f"exit {result.exit_code}"
    elif "Traceback" in stderr or "internal error" in stderr:
        problem = stderr.strip()
    elif result.exit_code == 2 and not stderr.strip():
        problem = "exit 2 without a message"
    elif result.exit_code == 2 and "Error:" not in stderr and len(_joined(stderr)) > 1:
        problem = "more than one message for exit 2: " + " | ".join(_joined(stderr))
    if problem is not None:
        tally.errors += 1
        tally.note("internal error", case, f"{problem} ({spent:.1f} s)")
    for path, data in before.items():
        if not Path(folder, path).exists() or Path(folder, path).read_bytes() != data:
            tally.changed += 1
            tally.note("file changed", case, f"{path} changed (exit {result.exit_code})")
    said = result.stdout + stderr
    for name in set(os.listdir(folder)) - listed:
        if name not in case.outputs or name not in said:
            tally.changed += 1
            tally.note("file changed", case, f"{name} left behind (exit {result.exit_code}): {_joined(stderr)[:2]}")
    if save_check is not None:
        found = save_check()
        if found:
            tally.changed += 1
            tally.note("file changed", case, found)


def _joined(stderr: str) -> list[str]:
    """The messages of ``stderr``: a wrapped message's continuation lines (indented) joined to it."""
    messages: list[str] = []
    for line in stderr.splitlines():
        if line.startswith(" ") and messages:
            messages[-1] += " " + line.strip()
        elif line.strip():
            messages.append(line)
    return messages


# -- values ----------------------------------------------------------------------------------------------------------


NAMES = ["Ghoul", "Arachas", "Geralt of Rivia", "Decoy", "Biting Frost", "Skellige Storm", "Commander's Horn", "Ves",
         "Cérys", "Arachs", "", " ", "\u202e", "\x1b[31m", "A" * 300, "\ud800", "<script>", "Clear Weather", "🃏"]
ROWS = ["close", "ranged", "siege", "Close", "air", ""]


def value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any shape: numbers out of every range, NaN, text, lists, objects."""
    plain = [None, True, False, 0, 1, 2, 3, 5, -1, 2**70, 1.5, rng.choice([math.nan, math.inf, -math.inf]),
             rng.choice(NAMES), rng.choice(ROWS), [], {}]
    pick = rng.randrange(len(plain) + (2 if depth < 2 else 0))
    if pick < len(plain):
        return plain[pick]
    if pick == len(plain):
        return [value(rng, depth + 1) for _ in range(rng.randrange(8))]
    return {rng.choice(["rows", "piles", "weather", "horns", "a", ""]): value(rng, depth + 1)}


def row_value(rng: random.Random) -> Any:
    """A row as a log writes it, often wrong: pairs of a name and a Strength, or not."""
    return rng.choice([
        None, [], [[rng.choice(NAMES), rng.randrange(-2, 30)] for _ in range(rng.randrange(5))],
        [[rng.choice(NAMES)]], [rng.choice(NAMES)], [[1, 2]], [["Ghoul", 1]] * rng.choice([1, 499, 501]), value(rng),
    ])


# -- replay logs -----------------------------------------------------------------------------------------------------


def simulated_log(folder: Path, args: list[str]) -> list[str]:
    """The lines of the game log ``deckcli ARGS --log FILE`` writes."""
    from click.testing import CliRunner

    from deckcli.cli.main import cli

    path = Path(tempfile.mkdtemp(dir=folder)) / "games.jsonl"
    CliRunner().invoke(cli, [*args, "--log", str(path)])
    return path.read_text("utf-8").splitlines()


def replay_cases(rng: random.Random, folder: Path, count: int) -> Iterator[tuple[Case, Path]]:
    logs = [simulated_log(folder, ["simulate", str(NR), "--vs", "monsters", "--games", "2", "--workers", "1"]),
            simulated_log(folder, ["simulate", str(SKELLIGE), "--solo", "monsters", "--leader-variant", "--games",
                                   "1", "--workers", "1"])]
    for _ in range(count):
        events = [json.loads(line) for line in rng.choice(logs)]
        for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
            _mutate_log(rng, events)
        text = "".join(json.dumps(e, allow_nan=True) + "\n" for e in events)
        if rng.random() < 0.1:
            text = text[: rng.randrange(len(text))]
        where = Path(tempfile.mkdtemp(dir=folder))
        (where / "games.jsonl").write_text(text, "utf-8")
        game = rng.choice([None, None, "0", "0", "1", "1", "7", str(10**30)])
        args = ["replay", "games.jsonl", *(["--game", game] if game else [])]
        html = rng.random()
        if html < 0.3:
            args += ["--html", "page.html"]
        elif html < 0.4:
            args += ["--html", "-"]
        yield Case(args, inputs=("games.jsonl",), outputs=("page.html",)), where


def _mutate_log(rng: random.Random, events: list[dict[str, Any]]) -> None:
    if not events:
        return
    event = rng.choice(events)
    op = rng.randrange(9)
    fields = ["game", "round", "player", "event", "card", "row", "scores", "gems", "hands", "decks", "board", "cards",
              "drawn", "side", "target", "replaced", "reason", "chosen_by", "to", "totals", "winner", "from", "seed",
              "deck_names", "mode", "format_version", "points"]
    if op == 0:
        event[rng.choice(fields)] = value(rng)
    elif op == 1 and event:
        event.pop(rng.choice(list(event)))
    elif op == 2:
        board = event.setdefault("board", {}) if isinstance(event.get("board"), dict) else {}
        event["board"] = board
        board["rows"] = [row_value(rng) for _ in range(rng.choice([6, 6, 6, 5, 7, 15]))]
    elif op == 3:
        board = event["board"] if isinstance(event.get("board"), dict) else {}
        event["board"] = board
        part = rng.choice(["piles", "weather", "horns", "mardroeme"])
        size = {"piles": rng.choice([2, 2, 3]), "weather": rng.randrange(4), "horns": rng.choice([6, 5]),
                "mardroeme": rng.choice([6, 7])}[part]
        board[part] = [value(rng) if rng.random() < 0.3 else [rng.choice(NAMES)] for _ in range(size)]
        if part == "weather":
            board[part] = [rng.choice(NAMES) if rng.random() < 0.8 else value(rng) for _ in range(size)]
    elif op == 4:
        events.insert(rng.randrange(len(events) + 1), json.loads(json.dumps(rng.choice(events))))
    elif op == 5 and len(events) > 1:
        events.pop(rng.randrange(len(events)))
    elif op == 6:
        event["event"] = rng.choice(["start", "hand", "exchange", "draw", "play", "leader", "pass", "discard",
                                     "summon", "transform", "return", "reveal", "keep", "round_end", "game_end",
                                     "move", "nosuch"])
    elif op == 7:
        for key in ("scores", "gems", "hands", "decks", "totals"):
            if rng.random() < 0.5:
                event[key] = [rng.choice([0, 1, 2, 3, -1, 10**20, True]) for _ in range(rng.choice([2, 2, 1, 3]))]
    else:
        event["card"] = rng.choice(NAMES + [None, 5, []])


# -- --matrix files --------------------------------------------------------------------------------------------------


def matrix_cases(rng: random.Random, folder: Path, count: int) -> Iterator[tuple[Case, Path]]:
    import tomli_w

    rates = [0, 0.5, 1, 0.25, 1.5, -0.1, math.nan, math.inf, -math.inf, 1e-320, -0.0, True, "0.5", 2, [], 0.999999999]
    for _ in range(count):
        names = (rng.sample(["X", "Y", "Z", "Monsters", "Nilfgaard"], 3) if rng.random() < 0.7 else
                 [rng.choice(NAMES[:10] + ["X", "Y", "Z"]) for _ in range(rng.choice([3, 3, 3, 2, 4]))])
        document: dict[str, Any] = {}
        if rng.random() < 0.95:
            document["theirs"] = names if rng.random() < 0.8 else [rng.choice([5, True, 1.5, "A", ""]) for _ in names]
        for table in ("win", "draw"):
            if table == "win" or rng.random() < 0.4:
                good = rng.random() < 0.6
                mine = (["Monsters", "Nilfgaard", "Skellige"] if good else
                        [rng.choice(["Monsters", "Nilfgaard", "Skellige", "A\nB", " ", "X", "Scoia'tael"])
                         for _ in range(rng.choice([3, 3, 2, 4]))])
                document[table] = {name: [rng.random() * (0.5 if good else 1) if good and rng.random() < 0.9 else
                                          rng.choice(rates) for _ in range(3 if good else rng.choice([3, 3, 2, 4]))]
                                   for name in mine}
        if rng.random() < 0.05:
            document[rng.choice(["player", "extra"])] = 1
        try:
            text = tomli_w.dumps(_tomlable(document))
        except (TypeError, ValueError):
            continue
        if rng.random() < 0.15:  # text edits: a number spelt as TOML may spell it, a line cut
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(["nan", "+nan", "-nan", "inf", "1e999", "0x1", "[", "]", ",", "\n"]) + text[at:]
        where = Path(tempfile.mkdtemp(dir=folder))
        (where / "rates.toml").write_text(text, "utf-8")
        args = ["tournament", "--matrix", "rates.toml", *rng.choice([[], ["--format", "json"], ["--format", "text"]])]
        yield Case(args, inputs=("rates.toml",)), where


def _tomlable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _tomlable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_tomlable(v) for v in value]
    return value


# -- Solo saves ------------------------------------------------------------------------------------------------------


def save_cases(rng: random.Random, folder: Path, count: int) -> Iterator[tuple[Case, Path, dict[str, Any]]]:
    import sys as _sys

    _sys.path.insert(0, str(REPO / "tests"))
    from helpers.solo_table_players import table_game_answers

    from deckcli.game.actions import QUESTIONS as ENGINE_QUESTIONS
    from deckcli.game.solo.table import NAMED

    QUESTIONS = ["act", *NAMED, *ENGINE_QUESTIONS]

    answers = table_game_answers(str(SKELLIGE), "monsters", 3)
    base = Path(tempfile.mkdtemp(dir=folder))
    shutil.copy(SKELLIGE, base / "deck.toml")
    from click.testing import CliRunner

    from deckcli.cli.main import cli

    cwd = os.getcwd()
    os.chdir(base)
    try:
        CliRunner().invoke(cli, ["solo", "--table", "deck.toml", "--vs", "monsters", "--seed", "3", "--save",
                                 "game.json"], input="\n".join(answers[:8]) + "\nquit\n")
    finally:
        os.chdir(cwd)
    saved = json.loads((base / "game.json").read_text("utf-8"))
    keys = list(saved) + ["extra", "moves", "answers"]
    for _ in range(count):
        document = json.loads(json.dumps(saved))
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            op = rng.randrange(7)
            key = rng.choice(keys)
            if op == 0:
                document[key] = value(rng)
            elif op == 1:
                document.pop(key, None)
            elif op == 2:  # decisions of the right shape, in another order or with other cards and options
                decisions = saved["decisions"]
                document["decisions"] = [rng.choice([rng.choice(decisions), [rng.choice(QUESTIONS), value(rng)],
                                                     ["reveal", rng.choice(NAMES)], ["act", [0, rng.randrange(90),
                                                                                             rng.randrange(3), -1]],
                                                     [rng.choice(decisions)[0], rng.randrange(-1, 90)]])
                                         for _ in range(rng.randrange(12))]
            elif op == 5:  # a save of the earlier format, its answers typed
                document = {k: v for k, v in document.items() if k not in ("format", "decisions", "log_sha256")}
                document["answers"] = [rng.choice(answers + NAMES + ["undo", "quit", "save", "yes", "no", "pass"])
                                       for _ in range(rng.randrange(12))]
                if rng.random() < 0.5:
                    document["transcript_sha256"] = rng.choice(["0" * 64, None, "zz"])
            elif op == 6:
                document["decisions"] = saved["decisions"][: rng.randrange(len(saved["decisions"]) + 1)]
            elif op == 3:
                document["seed"] = rng.choice([0, 1, 3, -1, 2**64, 2**64 - 1, "3", 3.0, math.inf])
            else:
                document["deckcli_version"] = rng.choice(["0.0.1", "", 5, None, "0.1.0"])
        text = json.dumps(document, indent=1, allow_nan=True)
        if rng.random() < 0.1:
            text = text[: rng.randrange(len(text) + 1)]
        where = Path(tempfile.mkdtemp(dir=folder))
        shutil.copy(base / "deck.toml", where / "deck.toml")
        (where / "game.json").write_text(text, "utf-8")
        lines = [rng.choice(answers + NAMES + ["undo", "save", "", "clear", "yes", "no", "board", "help"]).encode(
            "utf-8", "surrogatepass") for _ in range(rng.randrange(8))]
        if rng.random() < 0.2:
            lines.insert(rng.randrange(len(lines) + 1), b"C\xe9rys")
        stdin = b"\n".join(lines) + (b"\nquit\n" if rng.random() < 0.7 else b"\n")
        args = ["solo", "--resume", "game.json", *rng.choice([[]] * 6 + [["--seed", "2"], ["--save", "other.json"],
                                                                     ["--leader-variant"],
                                                                     ["--save", "deck.toml", "--force"]])]
        yield Case(args, stdin, inputs=("deck.toml",), outputs=("other.json", "solo-table.json")), where, document


# -- advise boards and decklists -------------------------------------------------------------------------------------


def advise_cases(rng: random.Random, folder: Path, count: int) -> Iterator[tuple[Case, Path]]:
    boards = [(DECKS / "boards" / name).read_text("utf-8") for name in ("advise-round-one.toml",
                                                                         "advise-last-round.toml")]
    deck_lines = (DECKS / "monsters-starter.toml").read_text("utf-8").splitlines()
    for _ in range(count):
        board = rng.choice(boards).replace('decklist = "../monsters-starter.toml"', 'decklist = "theirs.toml"')
        lines = board.splitlines()
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            at = rng.randrange(len(lines))
            op = rng.randrange(5)
            if op == 0:
                lines[at] = lines[at].replace('"', f'"{rng.choice(NAMES)}', 1) if '"' in lines[at] else lines[at]
            elif op == 1:
                lines.pop(at)
            elif op == 2:
                lines.insert(at, rng.choice(["hand_size = 99", "deck_size = -1", 'decklist = "nowhere.toml"',
                                             'decklist = "../deck.toml"', "hand_size = 3", "passed = true",
                                             'to_move = "opponent"', 'weather = ["Biting Frost"]', "round = 3"]))
            elif op == 3:
                lines[at] = lines[at] + rng.choice(["", " 1", ",", "]", "x"])
            else:
                lines = lines[: at + 1] + lines[at:]
        deck = list(deck_lines)
        for _ in range(rng.choice([0, 0, 1, 2])):
            at = rng.randrange(len(deck))
            deck[at] = rng.choice([deck[at].replace("a", "e", 1), f'"{rng.choice(NAMES)}" = 1', '"Ghoul" = 40', "",
                                   'faction = "Nilfgaard"', deck[at] + " 2", "[side]"])
        where = Path(tempfile.mkdtemp(dir=folder))
        # a lone surrogate is written as the bytes it would be (not UTF-8): a file as a broken editor saves it
        (where / "board.toml").write_bytes(("\n".join(lines) + "\n").encode("utf-8", "surrogatepass"))
        (where / "theirs.toml").write_bytes(("\n".join(deck) + "\n").encode("utf-8", "surrogatepass"))
        args = ["advise", "board.toml", "--budget", str(rng.choice([1, 10, 30, 30, 60, 60, 0, 10**7])), "--seed",
                str(rng.randrange(5)), *rng.choice([[], ["--format", "json"]])]
        yield Case(args, inputs=("board.toml", "theirs.toml")), where


# -- score's Free For All and team boards ---------------------------------------------------------------------------

SCORE_LINES = ['[[players]]', 'faction = "Skellige"', 'faction = "Monsters"', 'close = ["Mysterious Elf"]',
               'close = ["Geralt of Rivia", "Geralt of Rivia"]', 'hand = ["Mysterious Elf", "Decoy"]', "points = 4",
               "points = -1", "points = 3", "round = 2", "round = 1000", "gems = 1", "gems = 0", 'to_move = "Ben"',
               'to_move = "Nobody"', "passed = true", 'weather = ["Biting Frost", "Biting Frost"]', 'horns = ["close"]',
               'leader = "Foltest: The Siegemaster"', 'leader_horn = "siege"', "[[team_a.players]]", "[team_b]",
               'name = "Anna"', 'name = ""', 'siege = ["Ballista", "Ballista", "Ballista"]', 'discard = ["Scorch"]']
"""Lines a player might write in such a board, right and wrong (§16, §17)."""


def score_cases(rng: random.Random, folder: Path, count: int) -> Iterator[tuple[Case, Path]]:
    boards = [(DECKS / "boards" / name).read_text("utf-8") for name in ("free-for-all.toml", "two-versus-two.toml")]
    for _ in range(count):
        lines = rng.choice(boards).splitlines()
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            at = rng.randrange(len(lines))
            op = rng.randrange(5)
            if op == 0:
                lines[at] = lines[at].replace('"', f'"{rng.choice(NAMES)}", "', 1) if '"' in lines[at] else lines[at]
            elif op == 1:
                lines.pop(at)
            elif op == 2:
                lines.insert(at, rng.choice(SCORE_LINES))
            elif op == 3:
                lines[at] = lines[at] + rng.choice(["", " 1", ",", "]", "x", "\udcff"])
            else:
                lines = lines[: at + 1] + lines[at:]
        where = Path(tempfile.mkdtemp(dir=folder))
        (where / "board.toml").write_bytes(("\n".join(lines) + "\n").encode("utf-8", "surrogatepass"))
        args = ["score", "board.toml", *rng.choice([[], ["--format", "json"]])]
        yield Case(args, inputs=("board.toml",)), where


# -- tune options ----------------------------------------------------------------------------------------------------


def tune_cases(rng: random.Random, folder: Path, count: int) -> Iterator[tuple[Case, Path]]:
    for _ in range(count):
        where = Path(tempfile.mkdtemp(dir=folder))
        shutil.copy(NR, where / "deck.toml")
        shutil.copy(DECKS / "monsters-starter.toml", where / "rival.toml")
        (where / "owned.toml").write_text(rng.choice(['"Ves" = 2\n', "[cards]\nVes = 99\n", "x = \n", '"Zzz" = 1\n',
                                                       (NR).read_text("utf-8")]), "utf-8")
        args = ["tune", "deck.toml"]
        options = {
            "--budget": ["1", "20", "40", "0", "-5", "x", str(10**8), "10000001", ""],
            "--time": ["1", "0", str(10**6)],
            "--workers": ["1", "2", "1000", "0"],
            "--max-changes": ["1", "2", "0", "51"],
            "--keep": ["Geralt", "", "Foltest", "zzz", "Ves", "\x1b"],
            "--leader": ["Foltest: King of Temeria", "Eredin: King of the Wild Hunt", "nosuch"],
            "--collection": ["owned.toml", "missing.toml", "deck.toml"],
            "--rules": ["standard", "advanced", "solo", "all", "nosuch"],
            "--vs": ["monsters", "starters", "rival.toml", "nosuch", "-", "deck.toml"],
            "--seed": ["1", "2", str(2**64), "-1"],
            "--format": ["json", "text", "csv"],
        }
        valid = {"--budget": ["20", "40"], "--workers": ["1", "2", "1000"], "--max-changes": ["1", "2"],
                 "--keep": ["Geralt", "Ves"], "--leader": ["Foltest: King of Temeria"],
                 "--collection": ["owned.toml"], "--rules": ["standard", "advanced", "solo"],
                 "--vs": ["monsters", "rival.toml"], "--seed": ["1", "2"], "--format": ["json", "text"],
                 "--time": ["1"]}
        chosen = rng.sample(list(options), rng.randrange(1, 5))
        if "--budget" not in chosen and "--time" not in chosen:
            chosen.append("--budget")
        if "--vs" in chosen and "--rules" in chosen:
            chosen.remove("--rules")
        for option in chosen:
            args += [option, rng.choice(options[option] if rng.random() < 0.25 else valid[option])]
        if "--budget" in chosen and "--time" in chosen and rng.random() < 0.8:
            args = args[: args.index("--time")] + args[args.index("--time") + 2:]
        if rng.random() < 0.3:
            args.append("--apply")
        if rng.random() < 0.2:
            args.append(rng.choice(["--leader", "--max-changes", "--budget"]))  # an option given twice, or bare
            args.append(rng.choice(["1", "2", "Foltest: King of Temeria"]))
        inputs = ("rival.toml", "owned.toml") if "--apply" in args else ("deck.toml", "rival.toml", "owned.toml")
        yield Case(args, inputs=inputs), where


# -- --cluster addresses ---------------------------------------------------------------------------------------------


@contextlib.contextmanager
def listeners() -> Iterator[dict[str, str]]:
    """A silent TCP listener, an HTTP server, and a real scheduler with one worker (threads), on 127.0.0.1."""
    import http.server

    import distributed

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(64)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  silence_logs=50, protocol="tcp://", host="127.0.0.1") as cluster:
        with distributed.Client(cluster, set_as_default=False) as client:
            worker = next(iter(client.scheduler_info()["workers"]))
        yield {"silent": f"127.0.0.1:{silent.getsockname()[1]}", "web": f"127.0.0.1:{web.server_address[1]}",
               "scheduler": cluster.scheduler_address.removeprefix("tcp://"), "worker": worker.removeprefix("tcp://")}
    web.shutdown()
    silent.close()


def cluster_cases(rng: random.Random, folder: Path, count: int, places: dict[str, str]) -> Iterator[tuple[Case, Path]]:
    for _ in range(count):
        scheme = rng.choice(["tcp://", "tcp://", "", "tls://", "ucx://", "ws://", "wss://", "inproc://", "http://",
                             "nosuch://", "tcp:/", "TCP://"])
        place = rng.random()
        if place < 0.5:
            host = places[rng.choice(list(places))]
        else:
            host = rng.choice(["127.0.0.1", "localhost", "[::1]", "", "999.1.1.1", "a b", "\x1b", "127.0.0.1:"]) + rng.choice(
                ["", ":0", ":1", ":65536", ":-1", ":x", f":{rng.randrange(1, 65535)}", "/path", ":8786:1"])
        if rng.random() < 0.35:
            scheme, host = "tcp://", places["scheduler"]
        address = rng.choice([scheme + host] * 6 + ["", " ", "-", rng.choice(NAMES)])
        where = Path(tempfile.mkdtemp(dir=folder))
        shutil.copy(NR, where / "deck.toml")
        command = rng.choice([["simulate", "deck.toml", "--vs", "monsters", "--games", rng.choice(["1", "2", "30"])],
                              ["diff", "deck.toml", "deck.toml", "--simulate", "--vs", "monsters", "--games", "2"],
                              ["tune", "deck.toml", "--vs", "monsters", "--budget", "20"]])
        args = [*command, "--cluster", address, *(["--log", "games.jsonl"] if rng.random() < 0.3 and
                                                   command[0] != "tune" else [])]
        yield Case(args, inputs=("deck.toml",), outputs=("games.jsonl",)), where


# -- the campaign ----------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="inputs per surface, times this (default 1)")
    parser.add_argument("--seed", type=int, default=36, help="the inputs' seed (the same seed: the same inputs)")
    parser.add_argument("--only", choices=sorted(COUNTS), action="append", help="fuzz this surface only (repeatable)")
    parser.add_argument("--verbose", action="store_true", help="also the commonest messages of each surface")
    options = parser.parse_args(argv)
    sys.path.insert(0, str(HERE))
    from deckcli.game.simulation import cluster

    cluster.CONNECT_TIMEOUT = 1  # an address that never answers costs a second, not ten
    cluster.NO_WORKER_SECONDS = 2
    cluster.POLL = 0.2
    rng = random.Random(options.seed)
    report: dict[str, Tally] = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for surface in options.only or list(COUNTS):
            count = max(1, int(COUNTS[surface] * options.scale))
            tally = report[surface] = Tally()
            began = time.monotonic()
            if surface == "cluster":
                with listeners() as places:
                    for case, where in cluster_cases(rng, folder, count, places):
                        run(case, where, TIMEOUTS[surface], tally)
            elif surface == "save":
                for case, where, document in save_cases(rng, folder, count):
                    run(case, where, TIMEOUTS[surface], tally,
                        lambda w=where, d=document, c=case: _never_shorter(w, d, c.stdin.count(b"undo")))
            else:
                generate = {"replay": replay_cases, "matrix": matrix_cases, "advise": advise_cases,
                            "score": score_cases, "tune": tune_cases}[surface]
                for case, where in generate(rng, folder, count):
                    run(case, where, TIMEOUTS[surface], tally)
            print(f"{surface:8} {tally.inputs:5} inputs in {time.monotonic() - began:6.1f} s: {tally.errors} internal "
                  f"errors, {tally.hangs} hangs, {tally.changed} files changed; exits "
                  f"{dict(sorted(tally.exits.items()))}", flush=True)
            for finding in tally.findings:
                print(f"    {finding}", flush=True)
            if options.verbose:
                for message, times in sorted(tally.samples.items(), key=lambda item: -item[1])[:8]:
                    print(f"    {times:4}x {message}")
    total = [sum(getattr(t, name) for t in report.values()) for name in ("inputs", "errors", "hangs", "changed")]
    print(f"all      {total[0]:5} inputs: {total[1]} internal errors, {total[2]} hangs, {total[3]} files changed")
    return 1 if any(total[1:]) else 0


def _never_shorter(where: Path, document: dict[str, Any], undone: int) -> str | None:
    """A save rewritten with fewer decisions than it held, less the ``undone`` ones (``undo`` takes one back on
    purpose)."""
    path = where / "game.json"
    try:
        now = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    before = document.get("decisions")  # a save of the earlier format is rewritten as decisions: not comparable
    after = now.get("decisions") if isinstance(now, dict) else None
    if not isinstance(before, list) or not isinstance(after, list) or now == document:
        return None
    if len(after) < len(before) - undone:
        return f"game.json written with {len(after)} decisions, read with {len(before)} ({undone} undo typed)"
    return None


if __name__ == "__main__":
    sys.exit(main())
