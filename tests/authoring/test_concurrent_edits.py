"""Two edits of one deck at once: both changes land, or the second is refused saying why; never one lost.

``add``, ``remove``, ``fmt`` and ``fix --apply`` read a deck, change it and rename the new text over
it. Two of them at once used to both read the old text, and the last rename won: the other's change
was gone though both said what they did and exited 0. Now each holds a lock on the deck from its
read to its rename (``deckcli.files.safe_write.editing``), and the rename happens only while the
file still holds what the change was made from.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import REPO, write_deck
from deckcli.authoring import add_remove, canonical_form
from deckcli.files import safe_write

START = {"Blue Stripes Commando": 1, "decoy": 1}
"""A deck fmt would change (``decoy`` is written ``Decoy``) and add can add to."""


def _deck(folder: Path) -> Path:
    return write_deck(folder, START)


def _cards(deck: Path) -> dict[str, int]:
    return tomllib.loads(deck.read_text("utf-8"))["cards"]


def _start(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "deckcli", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=REPO)


def _until_it_waits_or_ends(other: subprocess.Popen[str]) -> list[str]:
    """The lines ``other`` says on standard error until it says it waits for this edit (or it ends)."""
    said: list[str] = []
    assert other.stderr is not None
    for line in other.stderr:
        said.append(line)
        if "another deckcli is editing it; waiting" in line:
            break
    return said


SECOND = {
    "add": (["add", "{deck}", "Ballista"], lambda cards: cards.get("Ballista") == 1),
    "fmt": (["fmt", "{deck}"], lambda cards: "Decoy" in cards and "decoy" not in cards),
}
"""The edit that comes second, and how its change shows in the deck's cards."""


@pytest.mark.parametrize(("first", "second"), [("add", "add"), ("add", "fmt"), ("fmt", "add")])
def test_an_edit_started_while_another_is_under_way_waits_and_both_changes_land(tmp_path, monkeypatch, first, second):
    """Deterministic: the first edit (in this process) starts the second between its read and its rename."""
    deck = _deck(tmp_path)
    args, landed = SECOND[second]
    others: list[subprocess.Popen[str]] = []
    said: list[str] = []

    def meanwhile(real):
        def step(*arguments, **keywords):
            result = real(*arguments, **keywords)  # the first edit has read the deck and made its change
            others.append(_start([a.replace("{deck}", str(deck)) for a in args]))
            said.extend(_until_it_waits_or_ends(others[0]))
            return result
        return step

    if first == "add":
        monkeypatch.setattr(add_remove, "edit_copies", meanwhile(add_remove.edit_copies))
        run_cli(["add", deck, "Catapult"])
    else:
        monkeypatch.setattr(canonical_form, "format_file", meanwhile(canonical_form.format_file))
        run_cli(["fmt", deck])
    _stdout, rest = others[0].communicate(timeout=60)
    assert others[0].returncode == 0, "".join(said) + rest
    cards = _cards(deck)
    assert landed(cards), cards  # the second edit's change
    assert (cards.get("Catapult") == 1) if first == "add" else ("Decoy" in cards), cards  # and the first's
    assert any("waiting" in line for line in said)


def test_edits_started_together_all_land(tmp_path):
    """Real processes at once, two rounds: two adds and a fmt of one deck (without the lock, each round lost one)."""
    for round_ in range(2):
        deck = write_deck(tmp_path, START, name=f"round{round_}.toml")
        started = [_start(["add", str(deck), card]) for card in ("Ballista", "Catapult")]
        started.append(_start(["fmt", str(deck)]))
        for process in started:
            _out, err = process.communicate(timeout=60)
            assert process.returncode == 0, err
        cards = _cards(deck)
        assert {"Ballista", "Catapult", "Decoy", "Blue Stripes Commando"} <= set(cards), cards
        assert [name for name in os.listdir(tmp_path) if name.startswith(".")] == []  # no temporary, no lock file


def test_a_change_another_program_writes_meanwhile_is_kept_and_the_edit_refused(tmp_path, monkeypatch):
    deck = _deck(tmp_path)
    saved_by_an_editor = deck.read_text("utf-8").replace('"decoy" = 1', '"decoy" = 2')

    def editor_saves_meanwhile(*arguments, **keywords):
        result = real(*arguments, **keywords)
        deck.write_text(saved_by_an_editor, "utf-8")  # not deckcli: it takes no lock
        return result

    real = add_remove.edit_copies
    monkeypatch.setattr(add_remove, "edit_copies", editor_saves_meanwhile)
    result = run_cli(["add", deck, "Catapult"], exit_code=2)
    assert f"{deck}: {safe_write.CHANGED}" in " ".join(result.stderr.split())
    assert deck.read_text("utf-8") == saved_by_an_editor


def test_an_edit_held_too_long_is_refused_not_waited_on_forever(tmp_path, monkeypatch):
    deck = _deck(tmp_path)
    before = deck.read_bytes()
    monkeypatch.setattr(safe_write, "LOCK_WAIT_SECONDS", 0.2)
    with open(deck, "rb") as other:
        fcntl.flock(other.fileno(), fcntl.LOCK_EX)  # another deckcli in the middle of its edit
        result = run_cli(["add", deck, "Catapult"], exit_code=2)
    assert "another deckcli has been editing it for 0.2 s: nothing written" in result.stderr
    assert "waiting for it to finish" in result.stderr
    assert deck.read_bytes() == before


def test_a_lineup_deck_changed_after_planning_keeps_that_change_and_nothing_is_written(tmp_path, monkeypatch):
    from deckcli.repair import plan

    # the README's Alex: Geralt of Rivia in two decks and 133 Strength in the Skellige one; one removal mends both
    source = REPO / "tests" / "project" / "readme_files" / "fix"
    for name in ("alex.toml", "monsters.toml", "nilfgaard.toml", "skellige.toml"):
        (tmp_path / name).write_bytes((source / name).read_bytes())
    decks = [tmp_path / name for name in ("monsters.toml", "nilfgaard.toml", "skellige.toml")]
    before = {path: path.read_bytes() for path in decks}

    def edited_after_planning(*arguments, **keywords):
        planned = real(*arguments, **keywords)
        with open(decks[2], "a", encoding="utf-8") as deck:
            deck.write("# saved meanwhile\n")
        return planned

    real = plan.plan_lineup_fix
    monkeypatch.setattr(plan, "plan_lineup_fix", edited_after_planning)
    result = run_cli(["tournament", tmp_path / "alex.toml", "--fix", "--apply"], exit_code=2)
    assert f"{decks[2]}: {safe_write.CHANGED}" in " ".join(result.stderr.split())
    assert [path.read_bytes() for path in decks[:2]] == [before[path] for path in decks[:2]]
    assert decks[2].read_bytes() == before[decks[2]] + b"# saved meanwhile\n"
