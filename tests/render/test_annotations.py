"""--format github: GitHub Actions annotations for validate, tournament and team."""

from __future__ import annotations

import re

from helpers.cli_runs import run_cli
from helpers.repository import REPO, write_deck
from deckcli.findings import Finding
from deckcli.render.annotations import annotation, finding_annotation

ANNOTATION = re.compile(r"^::(error|warning|notice)( [a-z]+=[^,:]*(,[a-zA-Z]+=[^,:]*)*)?::.*$")


def test_each_violation_is_an_error_annotation_on_its_line(tmp_path):
    deck = write_deck(tmp_path, {"Blue Stripes Commando": 4, "Decoy": 1})
    out = run_cli(["validate", deck, "--format", "github"], exit_code=1).stdout.splitlines()
    copies = [line for line in out if "title=too-many-copies" in line]
    assert copies == [f"::error file={_escaped(str(deck))},line=4,title=too-many-copies::"
                      "Blue Stripes Commando: 4 copies; the Northern Realms set prints 3"]
    assert any(line.startswith(f"::error file={_escaped(str(deck))},title=units-min::") for line in out)
    assert out[-1].startswith(f"{deck}: not legal under standard")  # the verdict, plain, for the log
    assert all(ANNOTATION.match(line) for line in out[:-1])


def test_warnings_are_warning_annotations(tmp_path):
    deck = write_deck(tmp_path, {"Blue Stripes Commando": 1, "blue stripes commando": 1})
    out = run_cli(["validate", deck, "--format", "github"], exit_code=1).stdout
    assert "::warning file=" in out and "title=merged-duplicate::" in out


def test_an_unreadable_file_is_an_error_annotation_with_its_position(tmp_path):
    deck = tmp_path / "broken.toml"
    deck.write_text('faction = "Skellige"\nleader = \n', encoding="utf-8")
    result = run_cli(["validate", deck, "--format", "github"], exit_code=2)
    (line,) = result.stdout.splitlines()
    assert line.startswith(f"::error file={_escaped(str(deck))},line=2,col=") and ",title=unreadable::" in line


def test_lineups_annotate_each_deck_and_the_registration(monkeypatch):
    monkeypatch.chdir(REPO)
    out = run_cli(["tournament", "decks/monsters-starter.toml", "decks/nilfgaard-advanced.toml",
                   "decks/skellige-advanced.toml", "--format", "github"], exit_code=1).stdout.splitlines()
    assert "::error file=decks/monsters-starter.toml,title=specials-max::" in "\n".join(out)
    lineup = [line for line in out if "title=deck-illegal" in line]
    assert lineup and lineup[0].startswith("::error file=decks/monsters-starter.toml,title=deck-illegal::")
    team = run_cli(["team", "decks/nilfgaard-starter.toml", "decks/nilfgaard-advanced.toml", "--format", "github"],
                   exit_code=1).stdout
    assert "::error file=decks/nilfgaard-starter.toml,title=same-faction::" in team


def test_rules_all_titles_each_error_with_its_rule_set(monkeypatch):
    monkeypatch.chdir(REPO)
    out = run_cli(["validate", "decks/nilfgaard-starter.toml", "--rules", "all", "--format", "github"],
                  exit_code=1).stdout
    assert "title=specials-max (advanced)::" in out and "title=solo-weather (solo)::" in out


def test_messages_and_properties_are_escaped():
    line = annotation("error", "50% off\nnext", "a,b:c.toml", 3, 7, title="x:y")
    assert line == "::error file=a%2Cb%3Ac.toml,line=3,col=7,title=x%3Ay::50%25 off%0Anext"
    assert finding_annotation("<stdin>", Finding("code", "m", line=2)) == "::error title=code::m"


def _escaped(path: str) -> str:
    return path.replace("%", "%25").replace(":", "%3A").replace(",", "%2C")
