"""The files deckcli writes (issue 36, items 6 and 15): never one of the command's own inputs, even with --force; and
``-o -`` is standard output wherever ``-o`` is taken, never a file named ``-``.

Each case names a command that reads a file and writes one, with the output given as that input (also as ``./NAME``
and through a symbolic link): it exits 2 in one line saying so, and the input is unchanged.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS

DECK = DECKS / "nilfgaard-starter.toml"

CASES = {
    "import -o": (["import", "{input}", "--faction", "skellige", "-o", "{output}"], "Cerys\n"),
    "fix -o": (["fix", "{input}", "--rules", "advanced", "-o", "{output}"], None),
    "sheet -o": (["sheet", "{input}", "-o", "{output}"], None),
    "solo -o": (["solo", str(DECKS / "boards" / "solo-horn.toml"), "--reveal", "Commander's Horn", "-o", "{output}"],
                (DECKS / "boards" / "solo-horn.toml").read_text("utf-8")),
    "solo --table --save": (["solo", "--table", "{input}", "--vs", "monsters", "--save", "{output}"],
                            (DECKS / "skellige-advanced.toml").read_text("utf-8")),
    "simulate --log": (["simulate", "{input}", "--vs", "monsters", "--games", "1", "--workers", "1", "--log",
                        "{output}"], None),
    "diff --simulate --log": (["diff", "{input}", str(DECKS / "nilfgaard-advanced.toml"), "--simulate", "--vs",
                               "monsters", "--games", "1", "--workers", "1", "--log", "{output}"], None),
    "replay --html": (["replay", "{input}", "--html", "{output}"], "log"),
    "tournament --choose -o": (["tournament", "--choose", "{input}", *[str(DECKS / f"{slug}-advanced.toml") for slug in
                                ("monsters", "skellige", "scoiatael")], "--games", "1", "--workers", "1", "-o",
                                "{output}"], (DECKS / "nilfgaard-advanced.toml").read_text("utf-8")),
}


@pytest.fixture(scope="module")
def game_log(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("log") / "one.jsonl"
    run_cli(["simulate", DECK, "--vs", "monsters", "--games", "1", "--workers", "1", "--log", path])
    return path.read_text("utf-8")


@pytest.mark.parametrize("spelling", ["same", "dot", "link"])
@pytest.mark.parametrize("case", list(CASES))
def test_no_output_is_an_input_of_the_same_command_even_with_force(tmp_path, monkeypatch, game_log, case, spelling):
    monkeypatch.chdir(tmp_path)
    template, content = CASES[case]
    name = "input.html" if case == "sheet -o" else "input.toml"
    source = tmp_path / name
    source.write_text(game_log if content == "log" else content or DECK.read_text("utf-8"), "utf-8")
    if case == "solo -o":  # the board itself is read: -o names it
        source.write_text(content, "utf-8")
        template = ["solo", "{input}", *template[2:]]
    output = {"same": name, "dot": f"./{name}", "link": "link-" + name}[spelling]
    if spelling == "link":
        (tmp_path / output).symlink_to(source)
    before = source.read_bytes()
    args = [part.replace("{input}", name).replace("{output}", output) for part in template]
    result = run_cli([*args, "--force"], exit_code=2, input="Fiend\n")
    said = " ".join(result.stderr.split())
    assert "which this command reads" in said or "is BOARD itself" in said, said
    assert "Traceback" not in said and source.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({name, output} - {f"./{name}"})


def test_fix_with_o_dash_prints_the_repaired_deck(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_cli(["fix", DECK, "--rules", "advanced", "-o", "-"])
    assert list(tmp_path.iterdir()) == []
    assert result.stdout.startswith(DECK.read_text("utf-8").splitlines()[0]) and "- remove" in result.stderr
    (tmp_path / "fixed.toml").write_text(result.stdout, "utf-8")
    assert "legal under advanced" in run_cli(["validate", "fixed.toml", "--rules", "advanced"]).stdout


def test_solo_with_o_dash_prints_the_board_and_names_no_file_for_the_next_turn(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = shutil.copy(DECKS / "boards" / "solo-horn.toml", tmp_path / "board.toml")
    result = run_cli(["solo", board, "--reveal", "Commander's Horn", "-o", "-"])
    assert list(Path(tmp_path).iterdir()) == [Path(board)]
    assert result.stdout.startswith("# Gwent Solo: the position after the automaton's turn")
    said = " ".join(result.stderr.split())
    assert "reveals Commander's Horn" in said and "deckcli solo - " not in said and "save it as BOARD" in said
    (tmp_path / "next.toml").write_text(result.stdout, "utf-8")
    run_cli(["score", "next.toml"])
