"""The tournament desk: deckcli tournament REG... and --dir FOLDER, with a summary row per player."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.cli_runs import run_cli
from helpers.repository import DECKS

LINEUP = ("monsters-advanced.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml")


def register(folder: Path, player: str, decks: tuple[str, ...] = LINEUP, copy: bool = True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if copy:
        for name in decks:
            source = DECKS / name
            if source.exists():
                (folder / name).write_text(source.read_text("utf-8"), "utf-8")
    names = ", ".join(f'"{name}"' for name in decks)
    path = folder / "registration.toml"
    path.write_text(f'player = "{player}"\ndecks = [{names}]\n', "utf-8")
    return path


def test_thirty_registrations_give_one_csv_row_per_player(tmp_path):
    for number in range(1, 31):
        register(tmp_path / f"p{number}", f"Player {number}")
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["player"] for row in rows] == [f"Player {n}" for n in range(1, 31)]
    assert {row["verdict"] for row in rows} == {"legal"}
    assert rows[0]["factions"] == "Monsters; Nilfgaard; Skellige"


def test_an_illegal_registration_exits_1_and_shows_its_codes(tmp_path):
    register(tmp_path / "a", "Alex")
    register(tmp_path / "b", "Bo", ("monsters-advanced.toml", "nilfgaard-advanced.toml", "nilfgaard-starter.toml"))
    result = run_cli(["tournament", "--dir", tmp_path], exit_code=1)
    summary = result.stdout[result.stdout.index("Tournament desk:"):]
    assert "2 registrations: 1 legal, 1 not legal" in summary
    bo = next(line for line in summary.splitlines() if line.startswith("Bo "))
    assert "not legal" in bo and "deck-illegal" in bo and "same-faction" in bo


def test_results_stream_before_the_summary(tmp_path):
    first, second = register(tmp_path / "a", "Alex"), register(tmp_path / "b", "Bo")
    out = run_cli(["tournament", first, second]).stdout
    verdicts = [out.index(f"{path}: legal Tournament lineup") for path in (first, second)]
    assert verdicts[0] < verdicts[1] < out.index("Tournament desk:")


def test_one_deck_file_in_two_registrations_is_noted(tmp_path):
    register(tmp_path / "a", "Alex")
    shared = register(tmp_path / "b", "Bo", ("monsters-advanced.toml", "nilfgaard-advanced.toml",
                                             "../a/skellige-advanced.toml"))
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "json"])
    rows = json.loads(result.stdout)["registrations"]
    assert rows[1]["shared_decks"] and str(tmp_path / "a" / "registration.toml") in rows[1]["shared_decks"][0]
    text = run_cli(["tournament", tmp_path / "a" / "registration.toml", shared]).stdout
    assert "note: " in text and "is registered by Alex" in text and "and Bo" in text


def test_an_unusable_registration_is_reported_and_the_others_judged(tmp_path):
    register(tmp_path / "a", "Alex")
    broken = tmp_path / "b" / "registration.toml"
    broken.parent.mkdir()
    broken.write_text('decks = ["missing.toml", "b.toml", "c.toml"]\n', "utf-8")
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"], exit_code=2)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["verdict"] for row in rows] == ["legal", "not judged"]
    assert "missing.toml" in result.stderr


def test_deck_files_in_the_folder_are_not_registrations(tmp_path):
    register(tmp_path / "a", "Alex")
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "json"])
    assert len(json.loads(result.stdout)["registrations"]) == 1


def test_a_folder_without_registrations_exits_2(tmp_path):
    (tmp_path / "deck.toml").write_text((DECKS / "monsters-advanced.toml").read_text("utf-8"), "utf-8")
    result = run_cli(["tournament", "--dir", tmp_path], exit_code=2)
    assert "holds no registration" in result.stderr


def test_one_registration_prints_as_before(tmp_path):
    out = run_cli(["tournament", DECKS / "tournament-registration.toml"]).stdout
    assert "Tournament desk" not in out and out.splitlines()[-1].endswith("no Hero in two decks")


def test_no_progress_bar_when_standard_error_is_not_a_terminal(tmp_path):
    for number in range(8):
        register(tmp_path / f"p{number}", f"P{number}")
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"])
    assert result.stderr == ""


def test_a_progress_bar_on_a_terminal_for_more_than_a_handful(tmp_path, monkeypatch):
    for number in range(8):
        register(tmp_path / f"p{number}", f"P{number}")
    monkeypatch.setattr("deckcli.cli.judging.is_terminal", lambda stream: True)
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"])
    assert "8/8" in result.stderr and "[" + "#" * 24 + "]" in result.stderr
    assert "#" not in result.stdout
    few = run_cli(["tournament", tmp_path / "p0" / "registration.toml", tmp_path / "p1" / "registration.toml"])
    assert few.stderr == ""


def test_an_unjudged_registration_leaves_no_blank_line_on_standard_output(tmp_path):
    broken = tmp_path / "b" / "registration.toml"
    broken.parent.mkdir()
    broken.write_text('decks = ["missing.toml", "b.toml", "c.toml"]\n', "utf-8")
    result = run_cli(["tournament", "--dir", tmp_path], exit_code=2)
    assert result.stdout.startswith("Tournament desk:") and "missing.toml" in result.stderr


def test_an_unjudged_registration_keeps_its_player(tmp_path):
    register(tmp_path / "a", "Alex")
    register(tmp_path / "b", "Cy", ("monsters-advanced.toml",))  # one deck: not a lineup
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"], exit_code=2)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(row["player"], row["verdict"]) for row in rows] == [("Alex", "legal"), ("Cy", "not judged")]


def test_control_characters_in_a_player_name_are_shown_escaped(tmp_path):
    register(tmp_path / "a", "Al\\u001b]0;pwned\\u0007ex\\nline2")
    register(tmp_path / "b", "Bo", ("monsters-advanced.toml", "nilfgaard-advanced.toml", "../a/skellige-advanced.toml"))
    text = run_cli(["tournament", "--dir", tmp_path]).stdout
    assert "\x1b" not in text and "\x07" not in text
    assert "Al\\x1b]0;pwned\\x07ex\\nline2" in text
    assert all(not line.startswith("line2") for line in text.splitlines())
    rows = list(csv.DictReader(io.StringIO(run_cli(["tournament", "--dir", tmp_path, "--format", "csv"]).stdout)))
    assert rows[0]["player"] == "Al\\x1b]0;pwned\\x07ex\\nline2"


def test_the_desk_csv_is_safe_in_a_spreadsheet(tmp_path):
    register(tmp_path / "a", '=HYPERLINK(\\"http://example.invalid\\", \\"x\\")')
    rows = list(csv.DictReader(io.StringIO(run_cli(["tournament", "--dir", tmp_path, "--format", "csv"]).stdout)))
    assert rows[0]["player"] == "'=HYPERLINK(\"http://example.invalid\", \"x\")"  # text, not a formula
    assert rows[0]["legal"] == "true"


# A folder of 50 registrations, one of them naming a deck file with a TOML error (issue 22, item 2).

BROKEN_DECK = 'faction = "Monsters"\nleader = "Eredin\n[cards]\n'


@pytest.fixture(scope="module")
def fifty(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("fifty")
    for number in range(1, 51):
        register(folder / f"p{number}", f"Player {number}")
    (folder / "p7" / "monsters-advanced.toml").write_text(BROKEN_DECK, "utf-8")
    return folder


def test_a_broken_deck_file_is_judged_under_its_registration_only(fifty):
    result = run_cli(["tournament", "--dir", fifty, "--format", "csv"], exit_code=2)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 50 and all(row["player"] for row in rows)
    assert [row["registration"] for row in rows if row["verdict"] == "not judged"] == [str(fifty / "p7" / "registration.toml")]
    assert result.stderr.count("not valid TOML") == 1


def test_the_text_summary_gives_the_reason_of_each_row_not_judged(fifty):
    result = run_cli(["tournament", "--dir", fifty], exit_code=2)
    summary = result.stdout[result.stdout.index("Tournament desk:"):]
    assert summary.startswith("Tournament desk: 50 registrations: 49 legal, 1 not judged")
    reason = f"{fifty / 'p7' / 'registration.toml'}: not judged: {fifty / 'p7' / 'monsters-advanced.toml'}:2:"
    assert reason in summary.replace("\n    ", " ")
    assert result.stderr.count("not valid TOML") == 1


def test_a_broken_file_no_registration_names_is_still_a_row(tmp_path):
    register(tmp_path / "a", "Alex")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "registration.toml").write_text('player = "Bo"\ndecks = ["x.toml"\n', "utf-8")
    rows = json.loads(run_cli(["tournament", "--dir", tmp_path, "--format", "json"], exit_code=2).stdout)["registrations"]
    assert [(row["player"], row["verdict"]) for row in rows] == [("Alex", "legal"), ("b", "not judged")]
    assert "not valid TOML" in rows[1]["error"] and rows[1]["notes"] == ["no player could be read: shown by its folder's name, b"]


@pytest.mark.parametrize(("first_line", "note"), [
    ("", "names no player: shown by its folder's name, p3"),
    ('plyer = "Cy"\n', "no player (is 'plyer' meant to be player?): shown by its folder's name, p3"),
    ('Player = "Cy"\n', "no player (is 'Player' meant to be player?): shown by its folder's name, p3"),
])
def test_a_registration_without_its_player_is_shown_by_its_folder_name_with_a_note(tmp_path, first_line, note):
    register(tmp_path / "p1", "Alex")
    path = register(tmp_path / "p3", "Cy")
    path.write_text(first_line + path.read_text("utf-8").split("\n", 1)[1], "utf-8")
    rows = list(csv.DictReader(io.StringIO(run_cli(["tournament", "--dir", tmp_path, "--format", "csv"]).stdout)))
    assert [(row["player"], row["notes"]) for row in rows] == [("Alex", ""), ("p3", note)]
    text = run_cli(["tournament", "--dir", tmp_path]).stdout
    assert f"{path}: note: {note}" in text.replace("\n    ", " ")
    assert any(line.startswith("p3 ") for line in text.splitlines())


def test_registrations_side_by_side_at_the_top_are_shown_by_their_file_names(tmp_path):
    for name in LINEUP:
        (tmp_path / name).write_text((DECKS / name).read_text("utf-8"), "utf-8")
    names = ", ".join(f'"{name}"' for name in LINEUP)
    for stem in ("alex", "bo"):
        (tmp_path / f"{stem}.toml").write_text(f"decks = [{names}]\n", "utf-8")
    rows = json.loads(run_cli(["tournament", "--dir", tmp_path, "--format", "json"]).stdout)["registrations"]
    assert [(row["player"], row["notes"]) for row in rows] == [
        ("alex", ["names no player: shown by its file's name, alex"]),
        ("bo", ["names no player: shown by its file's name, bo"]),
    ]


def test_folder_names_with_digits_int_cannot_read_are_sorted_as_text(tmp_path):
    # "²" and "①" are digits to str.isdigit, not to int(); "٣" (Arabic-Indic three) is a decimal digit to both.
    for name in ("p10", "²", "p2", "①", "p٣", "x²1"):
        register(tmp_path / name, name)
    rows = json.loads(run_cli(["tournament", "--dir", tmp_path, "--format", "json"]).stdout)["registrations"]
    assert [row["player"] for row in rows] == ["p2", "p٣", "p10", "x²1", "²", "①"]


@given(st.lists(st.text(), max_size=6), st.lists(st.integers(0, 10**6), min_size=1, max_size=6))
def test_any_names_sort_without_error_and_numbers_in_them_as_numbers(names, numbers):
    from deckcli.rules.desk import natural_key

    assert sorted(sorted(names, key=natural_key)) == sorted(names)  # any text is a key comparable with any other
    numbered = [f"p{number}.toml" for number in numbers]
    assert sorted(numbered, key=natural_key) == [f"p{number}.toml" for number in sorted(numbers)]


# What the desk reads (issue 23, item 2): every file as a file named on the command line is read.

@pytest.mark.parametrize("text", [
    "decks = []\n" + "#" * (1024 * 1024),  # larger than 1 MiB
    'decks = ["' + "x" * 20_000 + '"]\n',  # a line over the input budget
    "decks = " + "[" * 40 + "]" * 40 + "\n",  # nested deeper than the input budget
    "# a stray file\n" + "x" * 20_000 + "\n",  # no registration, no deck file either
])
def test_the_desk_reads_each_file_within_the_limits_of_a_named_file(tmp_path, text):
    register(tmp_path / "a", "Alex")
    odd = tmp_path / "b" / "odd.toml"
    odd.parent.mkdir()
    odd.write_text(text, "utf-8")
    named = run_cli(["tournament", odd], exit_code=2).stderr.splitlines()[0]
    rows = list(csv.DictReader(io.StringIO(run_cli(["tournament", "--dir", tmp_path, "--format", "csv"], exit_code=2).stdout)))
    assert [row["verdict"] for row in rows] == ["legal", "not judged"]
    assert rows[1]["error"] == named


LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from deckcli.cli.main import cli
sys.exit(cli(sys.argv[1:], prog_name="deckcli"))
"""
"""deckcli in a child process held to 1 GiB, so that reading an endless file fails instead of filling the machine."""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_the_desk_never_opens_a_pipe_or_a_device(tmp_path):
    register(tmp_path / "a", "Alex")
    (tmp_path / "b").mkdir()
    os.mkfifo(tmp_path / "b" / "pipe.toml")  # opening it would wait for a writer forever
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "zero.toml").symlink_to("/dev/zero")  # reading it whole would never end
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "keys.toml").write_text("a." * 50_000 + "decks = 1\n", "utf-8")  # minutes of tomllib
    result = subprocess.run([sys.executable, "-c", LIMITED, "tournament", "--dir", str(tmp_path), "--format", "csv"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(row["player"], row["verdict"]) for row in rows] == [
        ("Alex", "legal"), ("b", "not judged"), ("c", "not judged"), ("d", "not judged")]
    assert all("is not a regular file" in row["error"] for row in rows[1:3])
    assert "a line of 100,009 characters" in rows[3]["error"]


# A sub-folder the desk cannot list (issue 23, item 7): its player must not vanish.

def test_a_sub_folder_that_cannot_be_listed_is_a_row_not_judged(tmp_path, monkeypatch):
    register(tmp_path / "a", "Alex")
    locked = register(tmp_path / "b", "Bo").parent
    real_scandir = os.scandir

    def scandir(path):
        if os.path.normpath(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = run_cli(["tournament", "--dir", tmp_path, "--format", "csv"], exit_code=2)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(row["player"], row["verdict"], row["registration"]) for row in rows] == [
        ("Alex", "legal", str(tmp_path / "a" / "registration.toml")), ("b", "not judged", str(locked))]
    assert rows[1]["error"] == f"{locked}: cannot be listed: permission denied: the registrations in it are not judged"
    assert rows[1]["error"] in result.stderr
    text = run_cli(["tournament", "--dir", tmp_path], exit_code=2).stdout
    assert f"{locked}: not judged: {locked}: cannot be listed" in text.replace("\n    ", " ")


def test_a_folder_that_cannot_be_listed_at_all_exits_2(tmp_path, monkeypatch):
    register(tmp_path / "a", "Alex")

    def scandir(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "scandir", scandir)
    result = run_cli(["tournament", "--dir", tmp_path], exit_code=2)
    assert result.stderr.startswith(f"{tmp_path}: cannot be listed: permission denied")


@pytest.mark.skipif(not shutil.which("setpriv") or not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="needs root and setpriv to run deckcli as the user nobody")
def test_run_as_an_ordinary_user_a_sub_folder_it_cannot_list_is_reported():
    import pwd

    nobody = pwd.getpwnam("nobody")
    as_nobody = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups", sys.executable]
    probe = subprocess.run([*as_nobody, "-c", "import click, deckcli"], capture_output=True, text=True, timeout=60,
                           cwd=tempfile.gettempdir())
    if probe.returncode != 0:  # CI's venv lies in a folder of root's (mktemp -d): nobody cannot read it
        pytest.skip(f"the user nobody cannot run this Python's deckcli ({probe.stderr.strip().splitlines()[-1]})")
    top = Path(tempfile.mkdtemp(prefix="desk-"))  # pytest's own folders are closed to other users
    try:
        register(top / "a", "Alex")
        register(top / "b", "Bo")
        for path in [top, *top.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        (top / "b").chmod(0o700)  # root's: nobody may not list it
        result = subprocess.run(
            [*as_nobody, "-m", "deckcli", "tournament", "--dir", str(top), "--format", "csv"],
            capture_output=True, text=True, timeout=120, env={**os.environ, "XDG_CACHE_HOME": str(top / "cache")},
        )
    finally:
        shutil.rmtree(top)
    assert result.returncode == 2, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(row["player"], row["verdict"]) for row in rows] == [("Alex", "legal"), ("b", "not judged")]
    assert "cannot be listed: permission denied" in rows[1]["error"]


# Scale (issue 23, item 3): no report is kept once its row is out; shared deck files cost each registration the same.

def _side_by_side(folder: Path, count: int) -> Path:
    """``count`` registrations in one folder, all naming the same three deck files beside them."""
    folder.mkdir()
    for name in LINEUP:
        (folder / name).write_text((DECKS / name).read_text("utf-8"), "utf-8")
    names = ", ".join(f'"{name}"' for name in LINEUP)
    for number in range(count):
        (folder / f"r{number}.toml").write_text(f'player = "P{number}"\ndecks = [{names}]\n', "utf-8")
    return folder


def _traced(function) -> tuple[int, int]:
    """The memory ``function()`` allocates (tracemalloc): what it still holds when it returns, and at its peak."""
    import tracemalloc

    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()


def _quietly(args: list[str]) -> None:
    """Run deckcli in this process, its output thrown away as it is written (a test runner would hold it)."""
    import contextlib

    from deckcli.cli.main import cli

    with open(os.devnull, "w", encoding="utf-8") as nowhere, contextlib.redirect_stdout(nowhere), \
            contextlib.redirect_stderr(nowhere):
        try:
            cli.main([str(a) for a in args], prog_name="deckcli", standalone_mode=False)
        except SystemExit:
            pass


def test_the_desk_keeps_no_report_once_its_row_is_out(tmp_path):
    from deckcli.rules.lineups import judge_lineup_files

    small, large = _side_by_side(tmp_path / "small", 4), _side_by_side(tmp_path / "large", 24)
    kept: list[object] = []
    _quietly(["tournament", "--dir", small])  # catalog and rule sets loaded, caches warm
    held, _peak = _traced(lambda: kept.extend(judge_lineup_files([str(small / "r0.toml")], "tournament") for _ in range(4)))
    report = held / 4  # what keeping one registration's report costs
    for fmt in ("csv", "text"):
        peaks = [_traced(lambda: _quietly(["tournament", "--dir", folder, "--format", fmt]))[1] for folder in (small, large)]
        per_registration = (peaks[1] - peaks[0]) / 20
        assert per_registration < report / 4, (fmt, per_registration, report)


def test_shared_deck_files_cost_each_registration_the_same_work(tmp_path, monkeypatch):
    from deckcli.rules import desk

    counts = []
    for count in (10, 40):
        folder = _side_by_side(tmp_path / str(count), count)
        calls = [0]
        shown = desk.display_path

        def counting(path, shown=shown, calls=calls):
            calls[0] += 1
            return shown(path)

        monkeypatch.setattr(desk, "display_path", counting)
        rows = json.loads(run_cli(["tournament", "--dir", folder, "--format", "json"]).stdout)["registrations"]
        assert rows[5]["shared_decks"][0] == (
            f"{folder / LINEUP[0]} (also in {folder / 'r0.toml'}, {folder / 'r1.toml'}, {folder / 'r2.toml'} "
            f"and {count - 4} other registrations)")
        counts.append(calls[0] / count)
    assert counts[1] <= counts[0]  # paths worded per registration: as many for 40 as for 10


@pytest.mark.parametrize(("fmt", "row_of", "behind"), [
    ("csv", "out P{},", 0),
    ("json", 'out     {{\n      "player": "P{}"', 1),  # a record waits for the next: is a comma after it?
])
def test_each_row_is_out_as_soon_as_its_registration_is_judged(tmp_path, monkeypatch, fmt, row_of, behind):
    from deckcli.render.desk_summary import render_desk
    from deckcli.rules import desk

    folder = _side_by_side(tmp_path / "desk", 4)
    events: list[str] = []
    real = desk.judge_registration

    def judge(registration, rules):
        events.append(f"judge {Path(registration.where).name}")
        return real(registration, rules)

    monkeypatch.setattr(desk, "judge_registration", judge)
    render_desk(desk.find_desk((), str(folder)).judge(), fmt, out=lambda text: events.append(f"out {text}"))
    for number in range(3 - behind):
        row = next(i for i, event in enumerate(events) if event.startswith(row_of.format(number)))
        assert events.index(f"judge r{number + behind}.toml") < row < events.index(f"judge r{number + behind + 1}.toml")


@pytest.mark.skipif(not os.path.isdir("/dev/fd"), reason="needs /dev/fd (a pipe named as a file)")
def test_a_registration_from_a_pipe_is_read_once_and_judged(tmp_path):
    register(tmp_path / "a", "Alex")
    names = ", ".join(f'"{tmp_path / "a" / name}"' for name in LINEUP)
    read, write = os.pipe()  # what the shell's <(...) hands over: it can be read once
    os.write(write, f'player = "Bo"\ndecks = [{names}]\n'.encode())
    os.close(write)
    try:
        result = run_cli(["tournament", f"/dev/fd/{read}", tmp_path / "a" / "registration.toml"])
    finally:
        os.close(read)
    assert f"/dev/fd/{read}: legal Tournament lineup" in result.stdout
    assert result.stdout.split("Tournament desk:")[1].startswith(" 2 registrations: 2 legal")


def test_a_player_name_with_emoji_keeps_the_summary_s_columns(tmp_path):
    """Also of issue 36: an emoji takes two columns on a terminal, and the desk's table measured characters, so the
    rows after such a name were shifted. Every row's columns start at the same display column; 80 columns fit."""
    from deckcli.text import columns

    register(tmp_path / "a", "Ana 🃏🃏🃏")
    register(tmp_path / "b", "Bob")
    lines = run_cli(["tournament", "--dir", tmp_path], env={"COLUMNS": "80"}).stdout.splitlines()
    ana = next(line for line in lines if line.startswith("Ana"))
    bob = next(line for line in lines if line.startswith("Bob"))
    assert columns(ana[: ana.index("legal")]) == columns(bob[: bob.index("legal")])
    assert columns(ana[ana.index("legal"):]) == columns(bob[bob.index("legal"):])  # the path columns too
    assert max(columns(ana), columns(bob)) <= 80
