"""Hostile inputs against ``deckcli``: the worst time found, as a ratio against an ordinary deck.

Run from a clone after the README's install command (``pip install .`` in a venv):

    python benchmarks/hostile.py            # about a minute; --runs 1 for a quick look

Each case is one command on one generated input of at most 1 MiB (the file
limit), run as the player runs it: the ``deckcli`` console script in a child
process, so start-up is included. The baseline is ``deckcli validate`` of the
Northern Realms starter deck, measured in the same run. Each time is the
median of ``--runs`` runs. The issue's target is an absolute one: every
command answers any input of up to 1 MiB in under 2 s on the 2-core machine.
The figures go to ``benchmarks/results/hostile.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no timings, this script only reports.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

from record import Run, add_options, figure  # noqa: E402

HERE = Path(__file__).resolve().parent
STARTER = (HERE.parent / "decks" / "northern-realms-starter.toml").read_text(encoding="utf-8")
MIB = 1024 * 1024
TARGET_SECONDS = 2.0
TIMEOUT = 120


def deckcli() -> str:
    found = shutil.which("deckcli", path=str(Path(sys.executable).parent)) or shutil.which("deckcli")
    if found is None:
        sys.exit("no deckcli beside this Python: run the README's install command first")
    return found


def padded(text: str, filler: str) -> str:
    """``text`` followed by ``filler`` repeated to just under 1 MiB."""
    room = MIB - len(text.encode("utf-8")) - 1
    return text + filler * (room // len(filler.encode("utf-8")))


class Case(NamedTuple):
    """One hostile run: its label, deckcli's arguments, the environment it adds, and whether standard input is closed."""

    label: str
    args: list[str]
    env: dict[str, str]
    stdin_closed: bool = False


def cases(folder: Path) -> list[Case]:
    """Every hostile case, its files written in ``folder``."""
    made: list[Case] = []

    def deck(name: str, text: str, *commands: list[str]) -> None:
        path = folder / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        for command in commands or (["validate"],):
            made.append(Case(f"{' '.join(command)}: {name}", [*command, str(path)], {}))

    every = (["validate"], ["fmt", "--check"], ["stats"], ["export"], ["import", "--faction", "Skellige", "-o", "-"])
    deck("comment lines (1 MiB)", padded(STARTER, "# " + "x" * 77 + "\n"), *every)
    deck("multi-line string (1 MiB)", 'notes = """\n' + ("x" * 79 + "\n") * 12_900 + '"""\n' + STARTER,
         *every)
    deck("a list of 19,000 items", STARTER + "x = [\n" + "1,\n" * 19_000 + "]\n", *every)
    deck("20,000 keys (over the budget)", STARTER + "".join(f"k{n} = 1\n" for n in range(20_000)), *every)
    deck("lists 32 deep, 300 times", STARTER + "".join(
        f"x{n} = " + "[" * 31 + "]" * 31 + "\n" for n in range(300)), *every)
    deck("dotted key of 100 KB", STARTER + ".".join(["a"] * 50_000) + " = 1\n", *every)
    deck("header of 16 parts, many times", STARTER + "".join(
        "[" + ".".join(["a"] * 15) + f".t{n}]\n" for n in range(1200)), *every)
    deck("integer of 100,000 digits", STARTER + "x = 1" + "0" * 99_999 + "\n", *every)
    deck("999 unknown names", 'faction = "Skellige"\nleader = "Crach an Craite"\n[cards]\n' + "".join(
        f'"Zzyzx Blue Stripe Comando {n}" = 1\n' for n in range(999)), *every)
    deck("one 1 MiB line of spaces", "a" + " " * (MIB - 10) + "y\n", ["import", "--faction", "Skellige", "-o", "-"])
    deck("list lines of 10,000 spaces", ("a" + " " * 9_990 + "y\n") * 100, ["import", "--faction", "Skellige", "-o", "-"])
    deck("list lines of 3,300 notes", ("(a)" * 3_300 + "\n") * 100, ["import", "--faction", "Skellige", "-o", "-"])

    registration = folder / "registration.toml"
    registration.write_text('decks = ["a.toml", "b.toml", "c.toml"]\n' + "".join(
        f"k{n} = [" + "[" * 30 + "]" * 30 + "]\n" for n in range(600)), encoding="utf-8")
    made.append(Case("tournament: registration of 600 deep lists", ["tournament", str(registration)], {}))

    packaged = Path(__import__("deckcli").__file__).parent / "catalog" / "cards" / "skellige.toml"
    skellige = packaged.read_text(encoding="utf-8")
    for label, text in (
        ("catalog file 2,000 deep", 'faction = "skellige"\nx = ' + "[" * 2000 + "]" * 2000 + "\n"),
        ("catalog file padded to 1 MiB with comments", padded(skellige, "# " + "x" * 77 + "\n")),
        ("catalog of 3,000 cards more", skellige + "".join(
            f'[[cards]]\nname = "Zzyzx {n}"\nkind = "unit"\nstrength = 1\nrows = ["close"]\ncopies = 1\n'
            for n in range(3_000))),
        ("catalog card names folding to nothing", skellige.replace('name = "Cerys"', 'name = "--"')),
        ("catalog faction name of terminal controls", skellige.replace('name = "Skellige"', 'name = "\\u001b]0;x\\u0007\\u009b"')),
    ):
        catalog = folder / f"catalog{len(made)}"
        catalog.mkdir()
        (catalog / "skellige.toml").write_text(text, encoding="utf-8")
        # the user cache folder unwritable: every run reads and checks the catalog file, as a first run does
        own = {"DECKCLI_CATALOG": str(catalog), "XDG_CACHE_HOME": "/dev/null"}
        for command in (["cards", "--faction", "skellige"], ["validate", str(HERE.parent / "decks" / "skellige-starter.toml")]):
            made.append(Case(f"{command[0]} with DECKCLI_CATALOG: {label}", command, own))
    fifo = folder / "catalog-fifo"
    fifo.mkdir()
    os.mkfifo(fifo / "skellige.toml")
    made.append(Case("cards with DECKCLI_CATALOG: a FIFO nobody writes to", ["cards"], {"DECKCLI_CATALOG": str(fifo)}))
    zero = folder / "catalog-zero"
    zero.mkdir()
    (zero / "skellige.toml").symlink_to("/dev/zero")
    made.append(Case("cards with DECKCLI_CATALOG: a link to /dev/zero", ["cards"], {"DECKCLI_CATALOG": str(zero)}))

    starter = str(HERE.parent / "decks" / "northern-realms-starter.toml")
    for label, env in (
        ("PYTHONIOENCODING=latin-1", {"PYTHONIOENCODING": "latin-1"}),
        ("COLUMNS=1", {"COLUMNS": "1"}),
        ("COLUMNS of 30 digits", {"COLUMNS": "9" * 30}),
        ("DECKCLI_CATALOG=/dev/null", {"DECKCLI_CATALOG": "/dev/null"}),
    ):
        made.append(Case(f"stats, {label}", ["stats", starter], env))
    made.append(Case("validate -, standard input closed", ["validate", "-"], {}, stdin_closed=True))

    long_name = folder / "long-name.toml"
    long_name.write_text(STARTER.replace('"Ves" = 1', '"' + "a" * 9_000 + '!" = 1'), encoding="utf-8")
    for label, schema in (
        ("pattern ^(a+)+$ against a 9,000-character name",
         {"properties": {"unknown": {"items": {"pattern": "^(a+)+$"}}}}),
        ("$defs fanning out 10 ways over 6 levels",
         {"$defs": {f"d{n}": {"anyOf": [{"$ref": f"#/$defs/d{n + 1}"}] * 10} for n in range(6)} | {"d6": {"not": {}}},
          "$ref": "#/$defs/d0"}),
        ("x-message {value:>99999999}", {"properties": {"heroes": {"maximum": 0, "x-message": "{value:>99999999}"}}}),
    ):
        rules = folder / f"rules{len(made)}.json"
        rules.write_text(json.dumps(schema), encoding="utf-8")
        made.append(Case(f"validate --rules: {label}", ["validate", str(long_name), "--rules", str(rules)], {}))
    fan = folder / "rules-metaschema.json"
    fan.write_text(json.dumps({"allOf": [{"not": {"not": {}}} for _ in range(6_000)]}), encoding="utf-8")
    made.append(Case("validate --rules: 6,000 subschemas to check against the metaschema (110 KB)",
                     ["validate", str(long_name), "--rules", str(fan)], {}))
    return made


def timed(command: list[str], env: dict[str, str], runs: int, stdin_closed: bool = False) -> tuple[float, int, int]:
    """Median seconds of ``runs`` runs, the exit code, and the bytes printed."""
    times, code, printed = [], 0, 0
    for _ in range(runs):
        start = time.perf_counter()
        try:
            done = subprocess.run(command, capture_output=True, env={**os.environ, **env}, timeout=TIMEOUT,
                                  stdin=None if stdin_closed else subprocess.DEVNULL,
                                  preexec_fn=(lambda: os.close(0)) if stdin_closed else None)
        except subprocess.TimeoutExpired:
            print(f"  !! still running after {TIMEOUT} s: stopped")
            return float(TIMEOUT), -1, 0
        times.append(time.perf_counter() - start)
        code, printed = done.returncode, len(done.stdout) + len(done.stderr)
        if b"internal error" in done.stderr or b"Traceback" in done.stderr:
            print(f"  !! internal error: {done.stderr.decode(errors='replace').strip()[:200]}")
    return statistics.median(times), code, printed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per case (median); default 3")
    add_options(parser)
    args = parser.parse_args(argv)
    program = deckcli()
    run = Run("hostile", args)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        baseline_deck = folder / "starter.toml"
        baseline_deck.write_text(STARTER, encoding="utf-8")
        timed([program, "validate", str(baseline_deck)], {}, 2)  # warm-up: bytecode caches
        baseline, _code, _printed = timed([program, "validate", str(baseline_deck)], {}, max(args.runs, 5))
        print(f"baseline: deckcli validate of the starter deck: {baseline * 1000:.0f} ms")
        run.add("baseline", figure(f"{baseline * 1000:.0f} ms", baseline * 1000, "ms wall (median)",
                                   runs=max(args.runs, 5)))
        results: list[tuple[float, str, int, int]] = []
        for label, command, env, stdin_closed in cases(folder):
            seconds, code, printed = timed([program, *command], env, args.runs, stdin_closed)
            results.append((seconds, label, code, printed))
            print(f"  {seconds * 1000:7.0f} ms  {seconds / baseline:5.1f}x  exit {code}  {printed:>9,} bytes out  {label}")
            run.add(f"case.{slug(label)}", figure(
                f"{seconds * 1000:,.0f} ms = {seconds / baseline:.1f}×", seconds * 1000, "ms wall (median)",
                ratio=round(seconds / baseline, 2), exit=code, printed=printed, target=TARGET_SECONDS * 1000,
                met=seconds < TARGET_SECONDS, label=label))
        worst = max(results)
        verdict = "met" if worst[0] < TARGET_SECONDS else "MISSED"
        print(
            f"worst case: {worst[1]}: {worst[0] * 1000:.0f} ms = {worst[0] / baseline:.1f}x the ordinary deck "
            f"({baseline * 1000:.0f} ms); target under {TARGET_SECONDS:g} s: {verdict}"
        )
        run.add("worst", figure(f"{worst[0] * 1000:,.0f} ms = {worst[0] / baseline:.1f}×", worst[0] * 1000,
                                "ms wall (median)", case=worst[1], cases=len(results), target=TARGET_SECONDS * 1000,
                                met=worst[0] < TARGET_SECONDS))
    run.write()


def slug(label: str) -> str:
    """A case's key in the data file: its label in lower case, each run of other characters than letters and
    digits one hyphen (``validate: comment lines (1 MiB)`` → ``validate-comment-lines-1-mib``)."""
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


if __name__ == "__main__":
    main()
