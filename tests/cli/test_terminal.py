"""deckcli in a terminal: text fits 80 columns, --wide keeps one line per record, colour, the pager.

The width test runs every command of the CLI's own list on every deck in decks/: a new
command fails it until it says how it runs on a deck (see ``RUNS``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.cli_runs import WIDTH, deckcli_env, run_cli
from helpers.depth import examples
from helpers.repository import DECKS, REPO
from deckcli.cli.main import cli

ALL_DECKS = sorted(DECKS.glob("*.toml"))
REGISTRATION = DECKS / "tournament-registration.toml"
Run = tuple[list[str], str | None, str]
"""Arguments, standard input, and what the output is: ``text`` (must fit) or ``json`` (a document)."""


def _rel(path: Path) -> str:
    return str(path.relative_to(REPO))


def _deck_facts(deck: Path) -> dict[str, str]:
    data = tomllib.loads(deck.read_text("utf-8"))
    return {"faction": str(data.get("faction", "Skellige")), "leader": str(data.get("leader", "Eredin"))}


def _others(deck: Path, count: int) -> list[str]:
    """``count`` example decks of other factions than ``deck``, for lineups and diffs."""
    faction = _deck_facts(deck)["faction"]
    picked: list[str] = []
    for other in ALL_DECKS:
        facts = _deck_facts(other)
        if other != deck and other != REGISTRATION and facts["faction"] != faction and other.name.endswith(
            "-advanced.toml"
        ) and facts["faction"] not in {_deck_facts(DECKS / p)["faction"] for p in picked}:
            picked.append(other.name)
    return [_rel(DECKS / name) for name in picked[:count]]


def _validate(deck: Path) -> list[Run]:
    return [(["validate", _rel(deck), "--rules", rules], None, "text") for rules in ("standard", "advanced", "solo", "all")] + [
        (["validate", _rel(deck), "--format", "json"], None, "json")
    ]


def _lineup(name: str, count: int) -> Callable[[Path], list[Run]]:
    def runs(deck: Path) -> list[Run]:
        if deck == REGISTRATION:
            return [([name, _rel(deck)], None, "text")] if name == "tournament" else []
        return [([name, _rel(deck), *_others(deck, count - 1)], None, "text")]

    return runs


def _on_deck(name: str, *extra: str) -> Callable[[Path], list[Run]]:
    return lambda deck: [([name, _rel(deck), *extra], None, "text")]


def _export_text(deck: Path) -> str:
    """The deck as ``export`` prints it; a registration is no deck, so its text is read as a list."""
    return deck.read_text("utf-8") if deck == REGISTRATION else run_cli(["export", _rel(deck)]).stdout


def _scratch_copy(deck: Path) -> Path:
    """A copy of ``deck`` in a new temporary folder, for the commands that edit their file."""
    import shutil
    import tempfile

    return Path(shutil.copy(deck, tempfile.mkdtemp()))


def _game_log(deck: Path) -> list[Run]:
    """``replay`` of a game of ``deck`` against itself, logged by ``simulate --log`` in a new temporary folder (the
    registration is no deck: no game)."""
    import tempfile

    if deck == REGISTRATION:
        return []
    log = Path(tempfile.mkdtemp()) / "game.jsonl"
    run_cli(["simulate", _rel(deck), "--vs", _rel(deck), "--games", "1", "--workers", "1", "--log", str(log)])
    return [(["replay", str(log)], None, "text")]


SOLO_REVEALS = [
    [f"decks/boards/solo-{board}.toml", "--reveal", card] for board, card in (
        ("horn", "Commander's Horn"), ("horn", "Arachas"), ("horn", "Decoy"), ("horn", "Scorch"),
        ("horn", "Eredin: King of the Wild Hunt"), ("horn", "Eredin: Bringer of Death"), ("medic", "Dun Banner Medic"),
        ("medic", "Prince Stennis"), ("medic", "Clear Weather"), ("medic", "Foltest: The Siegemaster"),
        ("medic", "Blue Stripes Commando"),
    )
]
"""``deckcli solo`` on the example boards (decks/boards/): a reveal per deck of decks/, so that each runs once."""

RUNS: dict[str, Callable[[Path], list[Run]]] = {
    "validate": _validate,
    "tournament": _lineup("tournament", 3),
    "team": _lineup("team", 2),
    "profile": lambda deck: [(["profile", _rel(deck)], None, "json")],
    "stats": _on_deck("stats"),
    "odds": lambda deck: [(["odds", _rel(deck)], None, "text"),
                          (["odds", _rel(deck), "--all", "Decoy", "--all", "Scorch"], None, "text")],
    "diff": lambda deck: [(["diff", _rel(deck), *_others(deck, 1)], None, "text")],
    "cards": lambda deck: [(["cards", "--faction", _deck_facts(deck)["faction"]], None, "text"), (["cards"], None, "text")],
    "card": lambda deck: [(["card", _deck_facts(deck)["leader"]], None, "text"), (["card", "Cerys"], None, "text"),
                          (["card", "Gaunter O'Dimm"], None, "text")],
    "new": lambda deck: [(["new", "--faction", _deck_facts(deck)["faction"], "-o", "-"], None, "text"),
                         (["new", "--faction", _deck_facts(deck)["faction"], "--starter", "-o", "-"], None, "text")],
    "import": lambda deck: [(["import", "-", "-o", "-"], _export_text(deck), "text")],
    "export": lambda deck: [(["export", _rel(deck)], None, "text"), (["export", _rel(deck), "--to", "markdown"], None, "text")],
    "fmt": lambda deck: [(["fmt", "-"], deck.read_text("utf-8"), "text"), (["fmt", "--check", _rel(deck)], None, "text")],
    # The editor schema is a JSON file (one long description per card): a document, not text to read.
    "schema": lambda deck: [(["schema", "--faction", _deck_facts(deck)["faction"], "-o", "-"], None, "json"),
                            (["schema", "--output-of", "validate"], None, "json")],
    "fix": lambda deck: [(["fix", _rel(deck), "--rules", "advanced"], None, "text")],
    "draw": lambda deck: [(["draw", _rel(deck), "--seed", "7", "--exchange", "2"], None, "text")],
    # A board file, not a deck: each example board once (with the first deck).
    "score": lambda deck: [(["score", _rel(board)], None, "text") for board in sorted((DECKS / "boards").glob("*.toml"))
                           if deck == ALL_DECKS[0]],
    "simulate": lambda deck: [(["simulate", _rel(deck), "--vs", _rel(deck), "--games", "2", "--workers", "1"], None, "text")],
    # Many games a run: the first deck only, made legal for the Advanced rules first (its repair lines shown too).
    "tune": lambda deck: [(["tune", _rel(deck), "--rules", "advanced", "--vs", "monsters", "--budget", "300", "--workers",
                            "1"], None, "text")] if deck == ALL_DECKS[0] else [],
    # A board file, not a deck: each advise example board once (with the first deck).
    "advise": lambda deck: [(["advise", _rel(board), "--budget", "40"], None, "text")
                            for board in sorted((DECKS / "boards").glob("advise-*.toml")) if deck == ALL_DECKS[0]],
    # The page goes to a file (an HTML document); what is said about it must fit.
    "sheet": lambda deck: [(["sheet", _rel(deck), "-o", str(_scratch_copy(deck).with_suffix(".html"))], None, "text")],
    "add": lambda deck: [(["add", str(_scratch_copy(deck)), "Decoy"], None, "text")],
    "remove": lambda deck: [(["remove", str(_scratch_copy(deck)), "Decoy"], None, "text")],
    # A board file, not a deck: each deck of decks/ takes its turn at one of the example boards' reveals.
    "replay": _game_log,
    "solo": lambda deck: [(["solo", *SOLO_REVEALS[ALL_DECKS.index(deck) % len(SOLO_REVEALS)]], None, "text")],
}
"""How each command runs on one deck of decks/ (the registration too, where it can)."""


def test_every_command_says_how_it_runs_on_a_deck():
    assert sorted(RUNS) == sorted(cli.every_command()), "add the new command to RUNS: its text must fit 80 columns too"


def _invoke(args: list[str], stdin: str | None):
    from click.testing import CliRunner

    result = CliRunner().invoke(cli, args, input=stdin, env={"COLUMNS": str(WIDTH)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2)
    return result


@pytest.mark.parametrize("name", sorted(cli.every_command()))
def test_text_output_fits_80_columns_on_every_deck(monkeypatch, name):
    monkeypatch.chdir(REPO)
    ran = 0
    for deck in ALL_DECKS:
        for args, stdin, kind in RUNS[name](deck):
            result = _invoke(args, stdin)
            streams = [("stderr", result.stderr)]
            if kind == "json":
                if result.stdout.strip():
                    json.loads(result.stdout)  # a machine document: tests/files/test_output_schemas.py checks its shape
            else:
                ran += 1
                streams.append(("stdout", result.stdout))
            for stream, text in streams:
                long = [line for line in text.splitlines() if len(line) > WIDTH]
                assert not long, f"deckcli {' '.join(args)}: {stream} lines over {WIDTH} columns:\n" + "\n".join(long)
    help_text = _invoke([name, "--help"], None).stdout
    assert max(len(line) for line in help_text.splitlines()) <= WIDTH
    assert ran or name in ("profile", "schema"), f"{name}: no text output was checked"


def test_main_help_fits_80_columns():
    assert max(len(line) for line in _invoke(["--help"], None).stdout.splitlines()) <= WIDTH


LONG_FINDINGS = ["validate", "decks/nilfgaard-starter.toml", "--rules", "advanced"]


def test_long_findings_wrap_with_an_indented_continuation(monkeypatch):
    monkeypatch.chdir(REPO)
    lines = run_cli(LONG_FINDINGS, exit_code=1, env={"COLUMNS": "80"}).stdout.splitlines()
    starts = [line for line in lines if line.startswith("decks/")]
    continued = [line for line in lines if not line.startswith("decks/")]
    assert len(starts) == 5  # four findings and the verdict, each starting at the margin
    assert continued and all(line.startswith("    ") for line in continued)
    # Nothing is cut: the words are those of the one-line form.
    wide = run_cli([*LONG_FINDINGS, "--wide"], exit_code=1, env={"COLUMNS": "80"}).stdout
    assert " ".join(" ".join(lines).split()) == " ".join(wide.split())


def test_wide_keeps_one_line_per_finding_and_table_row(monkeypatch):
    monkeypatch.chdir(REPO)
    lines = run_cli([*LONG_FINDINGS, "--wide"], exit_code=1, env={"COLUMNS": "80"}).stdout.splitlines()
    assert len(lines) == 5 and max(len(line) for line in lines) > WIDTH
    groups = run_cli(["stats", "decks/monsters-starter.toml", "--table", "groups", "--wide"], env={"COLUMNS": "80"})
    assert any("Vampire: Katakan ×1, Vampire: Bruxa ×1" in line for line in groups.stdout.splitlines())


def test_width_follows_columns(monkeypatch):
    monkeypatch.chdir(REPO)
    narrow = run_cli(LONG_FINDINGS, exit_code=1, env={"COLUMNS": "60"}).stdout
    assert max(len(line) for line in narrow.splitlines()) <= 60
    wide = run_cli(["cards", "--faction", "skellige"], env={"COLUMNS": "200"}).stdout
    assert max(len(line) for line in wide.splitlines()) > 80  # room enough: one line per card


@pytest.mark.parametrize("columns", [None, "", "0", "-3", "x", "60", " 120"])
@pytest.mark.parametrize("lines", [None, "0", "40"])
def test_the_terminal_size_is_what_shutil_gives(monkeypatch, columns, lines):
    import shutil

    from deckcli.cli.terminal import terminal_size

    for name, value in (("COLUMNS", columns), ("LINES", lines)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert terminal_size(80, 24) == tuple(shutil.get_terminal_size((80, 24)))


def test_a_table_cell_wraps_at_list_items_while_it_can():
    from deckcli.render.table_fit import fit_table

    members = ["Vampire: Katakan ×1", "Vampire: Bruxa ×1", "Vampire: Ekimmara ×1"]
    text = fit_table(["group", "cards"], [["Vampire", members]], "simple", 30)
    assert max(len(line) for line in text.splitlines()) <= 30
    assert "Vampire: Katakan ×1," in text and "Vampire: Bruxa ×1," in text  # items kept whole
    assert fit_table(["group", "cards"], [["Vampire", members]], "github", 30).count("\n") == 2  # markup: one row


# --- colour ------------------------------------------------------------------------------------------

RED = "\x1b[31m"


def test_colour_always_marks_violations_and_verdicts(monkeypatch):
    monkeypatch.chdir(REPO)
    out = run_cli([*LONG_FINDINGS, "--color", "always"], exit_code=1).stdout
    assert f"{RED}specials-max:" in out and "\x1b[1;31mnot legal under advanced" in out
    legal = run_cli(["validate", "decks/skellige-advanced.toml", "--rules", "advanced", "--color", "always"]).stdout
    assert "\x1b[32mlegal under advanced" in legal


def test_no_colour_when_piped_or_asked(monkeypatch):
    monkeypatch.chdir(REPO)
    assert "\x1b[" not in run_cli(LONG_FINDINGS, exit_code=1).stdout  # CliRunner's output is no terminal
    assert "\x1b[" not in run_cli([*LONG_FINDINGS, "--color", "never"], exit_code=1).stdout


def _on_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """Run ``deckcli ARGS`` with standard input and output on a pseudo-terminal; return what it shows."""
    import pty

    environment = {name: value for name, value in os.environ.items() if name != "NO_COLOR"}
    environment.update({"COLUMNS": "80", "LINES": "24", "TERM": "xterm", **env})
    main, child = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "deckcli", *args], stdin=child, stdout=child, stderr=child,
                               env=environment, cwd=REPO)
    os.close(child)
    shown = _shown_until_closed(main)
    process.wait(timeout=60)
    return shown


def _shown_until_closed(main: int) -> str:
    """What the pseudo-terminal ``main`` shows until the program on its other end closes it (then it is closed)."""
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal closed: the program ended
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_on_a_terminal_colour_is_on_unless_no_color(monkeypatch):
    shown = _on_a_terminal(LONG_FINDINGS, {})
    assert "\x1b[31mspecials-max:" in shown
    assert "\x1b[" not in _on_a_terminal(LONG_FINDINGS, {"NO_COLOR": "1"})


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_long_listings_page_on_a_terminal_and_never_when_piped():
    pager = f"{sys.executable} -c \"import sys; sys.stdout.write(''.join('PAGED ' + l for l in sys.stdin))\""
    shown = _on_a_terminal(["cards"], {"PAGER": pager})
    assert "PAGED Card" in shown and "PAGED Eredin" in shown.replace("\r", "")
    short = _on_a_terminal(["card", "Cerys"], {"PAGER": pager})
    assert "PAGED" not in short and "Cerys" in short  # shorter than the terminal: printed as it is
    piped = subprocess.run([sys.executable, "-m", "deckcli", "cards"], capture_output=True, text=True, cwd=REPO,
                           env=deckcli_env(PAGER=pager), check=True)
    assert "PAGED" not in piped.stdout and piped.stdout.startswith("Card")


WORD = st.text(alphabet="abcdefghij×:", min_size=1, max_size=7)
CELL = st.one_of(st.integers(0, 999), st.lists(WORD, min_size=1, max_size=8).map(" ".join),
                 st.lists(st.lists(WORD, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=5))


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(st.lists(WORD, min_size=1, max_size=3).map(" ".join), min_size=n, max_size=n),
    st.lists(st.lists(CELL, min_size=n, max_size=n), min_size=1, max_size=6))))
def test_any_table_of_short_words_fits_80_columns_and_keeps_every_word(table):
    from deckcli.render.table_fit import fit_table

    headers, body = table
    text = fit_table(headers, body, "simple", WIDTH)
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    shown = text.split()
    for row in body:
        for cell in row:
            words = cell if isinstance(cell, list) else [str(cell)]
            for word in " ".join(map(str, words)).split():
                assert word in shown or f"{word}," in shown


_NUMBER_LIKE = st.sampled_from(["1", "-2", "3.5", "1,000", "1_000", " 7 ", "inf", "NaN", "1e3", "", "True", "\x1b[31m42\x1b[0m"])
_CELL = st.one_of(_NUMBER_LIKE, st.text(alphabet="ab1.%, -e", max_size=8), st.integers(-99, 999), st.floats(0, 1, allow_nan=False))


@settings(max_examples=examples(200), deadline=None)
@given(
    rows=st.integers(0, 6).flatmap(lambda n: st.lists(st.lists(_CELL, min_size=3, max_size=3), min_size=n, max_size=n)),
    fmt=st.sampled_from(["simple", "grid", "plain"]),
    width=st.sampled_from([None, 12, 30, 80]),
)
def test_columns_of_words_are_drawn_as_tabulate_reads_every_cell(rows, fmt, width):
    from deckcli.render import table_fit

    fitted = table_fit.fit_table(["a", "b", "c"], rows, fmt, width)
    original = table_fit._surely_words
    try:
        table_fit._surely_words = lambda cell: False  # tabulate tries every cell as a number
        assert table_fit.fit_table(["a", "b", "c"], rows, fmt, width) == fitted
    finally:
        table_fit._surely_words = original


_TEXT_WORD = st.text(alphabet="bcdghjkm/-'×:", min_size=1, max_size=30)
"""Words tabulate never reads as numbers, with slashes (paths) and hyphens (codes)."""


@settings(max_examples=examples(80), deadline=None)
@given(
    st.integers(1, 5).flatmap(lambda n: st.tuples(
        st.lists(st.lists(_TEXT_WORD, min_size=1, max_size=3).map(" ".join), min_size=n, max_size=n),
        st.lists(st.lists(st.lists(_TEXT_WORD, max_size=6).map(" ".join), min_size=n, max_size=n).filter(
            lambda row: any(row)), min_size=1, max_size=6))),
    st.sampled_from([None, 10, 30, 50, 80, 120]),
)
def test_a_streamed_table_draws_what_fit_table_draws(table, width):
    from deckcli.render.table_fit import StreamedTable, fit_table

    headers, body = table
    streamed = StreamedTable(headers)
    for row in body:
        streamed.add(row)
    assert "\n".join(streamed.lines(width)) == fit_table(headers, body, "simple", width)


def test_a_long_path_in_a_table_breaks_after_a_slash_only_when_the_table_cannot_fit_otherwise(tmp_path):
    from deckcli.render.table_fit import fit_table

    path = "/tmp/a/very/long/folder/name/for/the/decks/of/the/club/northern-realms-starter.toml"
    rows = [[path, "advanced", "not legal", "specials-max, strength-max"], ["short.toml", "solo", "legal", "128/130"]]
    text = fit_table(["deck", "rules", "verdict", "failing codes"], rows, "simple", 80)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert path in "".join(line.split("  ")[0].strip() for line in text.splitlines()[2:])  # all of it, in order
    assert "128/130" in text  # a short word with a slash stays whole
    roomy = fit_table(["deck", "rules"], [[path, "advanced"]], "simple", 200)
    assert path in roomy  # room enough: the path is never broken


def test_rules_all_of_a_deck_in_a_deep_folder_fits_80_columns(tmp_path):
    deep = tmp_path.joinpath(*"a very long folder name for the decks of the club".split())
    deep.mkdir(parents=True)
    deck = deep / "monsters-starter.toml"
    deck.write_text((DECKS / "monsters-starter.toml").read_text("utf-8"), "utf-8")
    lines = run_cli(["validate", deck, "--rules", "all"], exit_code=1, env={"COLUMNS": "80"}).stdout.splitlines()
    table = lines[: next(n for n, line in enumerate(lines) if line.startswith(f"{deck}:"))]  # the findings name it whole
    assert len(table) >= 5 and max(len(line) for line in table) <= 80


def _run_with_one_stream_on_a_terminal(
    args: list[str], stream: str, columns: int, cwd: Path
) -> subprocess.CompletedProcess[str]:
    """Run ``deckcli ARGS`` in ``cwd`` with ``stream`` (``stdout`` or ``stderr``) on a pseudo-terminal ``columns``
    wide and the other piped, ``COLUMNS`` unset; what the terminal shows is returned as that stream's text."""
    import fcntl
    import pty
    import struct
    import termios

    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    environment = {name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES")}
    process = subprocess.Popen([sys.executable, "-m", "deckcli", *args], stdin=subprocess.DEVNULL,
                               stdout=child if stream == "stdout" else subprocess.PIPE,
                               stderr=child if stream == "stderr" else subprocess.PIPE, env=environment, cwd=cwd)
    os.close(child)
    shown = _shown_until_closed(main).replace("\r\n", "\n")
    piped = (process.stderr if stream == "stdout" else process.stdout).read()  # type: ignore[union-attr]
    process.wait(timeout=60)
    out, err = (shown, piped.decode()) if stream == "stdout" else (piped.decode(), shown)
    return subprocess.CompletedProcess(args, process.returncode, out, err)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_messages_wrap_to_standard_errors_width_not_standard_outputs(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('faction = "Monstres"\n[cards]\n"Ghoul" = 1\n')  # an unknown faction: a long message
    narrow_errors = _run_with_one_stream_on_a_terminal(["validate", "deck.toml"], "stderr", 50, tmp_path).stderr
    assert narrow_errors.count("\n") > 2 and max(len(line) for line in narrow_errors.splitlines()) <= 50
    wide_output = _run_with_one_stream_on_a_terminal(["validate", "deck.toml"], "stdout", 300, tmp_path)
    assert 1 < wide_output.stderr.count("\n") and max(len(line) for line in wide_output.stderr.splitlines()) <= WIDTH


def test_the_terminal_page_lists_every_command_that_takes_wide():
    """docs/terminal-and-ci.md names, in its Width section, each command the CLI gives --wide (read from the CLI)."""
    from deckcli.cli.main import cli

    taking = {name for name, command in cli.every_command().items()
              if any("--wide" in getattr(option, "opts", ()) for option in command.params)}
    assert "simulate" in taking
    page = (REPO / "docs" / "terminal-and-ci.md").read_text("utf-8")
    width = " ".join(page.split("## Width", 1)[1].split("## Colour", 1)[0].split())
    listed = set(re.findall(r"`([a-z]+)`", width.split("`--wide` (on", 1)[1].split(")", 1)[0]))
    assert listed == taking


def test_simulate_pages_on_a_terminal():
    pager = f"{sys.executable} -c \"import sys; sys.stdout.write(''.join('PAGED ' + l for l in sys.stdin))\""
    shown = _on_a_terminal(["simulate", "decks/monsters-starter.toml", "--vs", "monsters", "--games", "1",
                            "--workers", "1"], {"PAGER": pager})
    assert "PAGED opponent" in shown and "PAGED Measured" in shown.replace("\r", "")
