"""validate writes each deck's verdict as soon as it is judged, and keeps no report it has written."""

from __future__ import annotations

import gc
import json
import os
import select
import subprocess
import sys
import threading
import weakref
from pathlib import Path
from typing import Any

import pytest

from helpers.cli_runs import deckcli_env, run_cli
from helpers.repository import DECKS, EXAMPLE_DECKS, write_deck
from deckcli.render.documents import document_json
from deckcli.render.verdicts import render_reports
from deckcli.rules import judging
from deckcli.rules.builtin import builtin_rule_set

STARTER = DECKS / "northern-realms-starter.toml"


def test_the_verdict_is_out_before_the_next_file_is_read(tmp_path: Path):
    later = tmp_path / "later.toml"
    os.mkfifo(later)  # reading it waits until this test writes the deck
    verdict = threading.Event()

    def write_later() -> None:  # a writer that has the pipe open (as `cat deck > pipe &`) and writes once told
        with open(later, "w", encoding="utf-8") as fifo:
            verdict.wait(60)
            fifo.write(STARTER.read_text("utf-8"))

    writer = threading.Thread(target=write_later, daemon=True)
    writer.start()
    child = subprocess.Popen(
        [sys.executable, "-m", "deckcli", "validate", str(STARTER), str(later)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=deckcli_env(),
    )
    try:
        ready, _, _ = select.select([child.stdout], [], [], 60)
        assert ready, "no verdict before the second file was given"
        first = child.stdout.readline().decode()  # type: ignore[union-attr]
        assert first.startswith(f"{STARTER}: legal under standard")
        verdict.set()
        rest, errors = child.communicate(timeout=60)
    finally:
        verdict.set()
        child.kill()
    assert child.returncode == 0, errors
    assert rest.decode().startswith(f"{later}: legal under standard")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_written_report_is_not_kept(fmt: str, monkeypatch: pytest.MonkeyPatch):
    alive: list[Any] = []
    real = judging.judge_file

    def judge(path: str, rule_set: Any, catalog: Any = None) -> Any:
        gc.collect()
        # Two reports back (JSON holds the text of the one before this, never a report): gone.
        assert all(ref() is None for ref in alive[:-1]), f"{sum(r() is not None for r in alive)} reports kept"
        report = real(path, rule_set, catalog)
        alive.append(weakref.ref(report))
        return report

    monkeypatch.setattr(judging, "judge_file", judge)
    # Everything alive before the run is set aside from collection, so that each gc.collect() walks only
    # what the run makes (a worker late in the suite holds hundreds of thousands of objects).
    gc.freeze()
    try:
        run_cli(["validate", *EXAMPLE_DECKS, *EXAMPLE_DECKS, "--format", fmt])
    finally:
        gc.unfreeze()
    assert len(alive) == 2 * len(EXAMPLE_DECKS)


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_streamed_json_is_the_same_bytes_as_one_document(count: int, tmp_path: Path):
    decks = [*EXAMPLE_DECKS, write_deck(tmp_path, {"Decoy": 91}), write_deck(tmp_path, {"Decoy": 2}, name="two.toml")]
    rule_set = builtin_rule_set("standard")
    reports = [judging.judge_file(str(path), rule_set) for path in decks[:count]]
    lines: list[str] = []
    render_reports(iter(reports), "json", out=lines.append, err=lambda line: None)
    assert "\n".join(lines) == document_json({"decks": [report.as_dict() for report in reports]})


def test_unreadable_files_are_told_in_their_turn(tmp_path: Path):
    missing = tmp_path / "missing.toml"
    result = run_cli(["validate", STARTER, missing, STARTER, "--format", "json"], exit_code=2)
    assert [record["deck"] for record in json.loads(result.stdout)["decks"]] == [str(STARTER), str(missing), str(STARTER)]
    assert result.stderr == f"{missing}: no such file\n"
