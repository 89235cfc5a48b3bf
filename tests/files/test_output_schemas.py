"""Every JSON document deckcli prints is one object with its versions, and matches its shipped schema.

The commands come from the CLI's own list: a command whose --format takes json (or that
always prints JSON) must have a schema in deckcli/schemas/output/ and a way to run it here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import click
import jsonschema
import pytest

from helpers.schema_validation import output_validator
from helpers.cli_runs import deckcli_env, run_cli
from helpers.depth import TEST_DEPTH
from helpers.repository import DECKS, REPO
from deckcli import __version__
from deckcli.cli.main import cli
from deckcli.files.output_schemas import LOGS, output_schema, output_schema_names
from deckcli.render.documents import FORMAT_VERSION

ALL_DECKS = sorted(DECKS.glob("*.toml"))
EXAMPLES = [d for d in ALL_DECKS if d.name.endswith(("-starter.toml", "-advanced.toml"))]
SHAPE_DECKS = EXAMPLES if TEST_DEPTH == "deep" else EXAMPLES[:2]
"""The decks a command whose shape is the deck's kind, not its cards, runs on: an advanced deck and a starter
(every example deck in the deep run)."""
SOLO_REVEALS = [(f"decks/boards/solo-{board}.toml", card) for board, cards in (
    ("horn", ("Commander's Horn", "Arachas", "Decoy", "Scorch", "Mardroeme", "Eredin: King of the Wild Hunt",
              "Eredin: Bringer of Death", "Emhyr var Emreis: Invader of the North")),
    ("medic", ("Dun Banner Medic", "Prince Stennis", "Clear Weather", "Foltest: The Siegemaster", "Catapult")),
) for card in cards]
"""``deckcli solo`` runs: every kind of step and of next step the example boards (decks/boards/) can show."""
ALWAYS_JSON = {"profile"}
"""Commands that print JSON without being asked (no --format)."""


def _takes_json(command: click.Command) -> bool:
    for param in command.params:
        if param.name == "fmt":
            choices = getattr(param.type, "choices", None)
            if choices is not None:
                return "json" in choices
            return "json" in param.type.convert("json", param, None)  # the tabulate formats plus json and csv
    return False


JSON_COMMANDS = sorted(name for name, command in cli.every_command().items() if _takes_json(command) or name in ALWAYS_JSON)


ADVANCED = next(d for d in EXAMPLES if d.name.endswith("-advanced.toml"))
"""The first advanced example deck: the deck of the runs that need one run per mode."""


def _rel(path: Path) -> str:
    return str(path.relative_to(REPO))


def _each_deck(*args: str) -> Callable[[], list[list[str]]]:
    return lambda: [[_rel(deck), *args] for deck in ALL_DECKS]


JSON_RUNS: dict[str, Callable[[], list[list[str]]]] = {
    "validate": lambda: [[_rel(d), "--rules", rules, "--format", "json"] for d in ALL_DECKS
                         for rules in ("standard", "advanced", "solo", "all", "schemas/league-house-rules.schema.json")]
    + [[*map(_rel, EXAMPLES), "--format", "json"]],
    "tournament": lambda: [["decks/tournament-registration.toml", "--format", "json"],
                           [*map(_rel, EXAMPLES[:3]), "--format", "json"],
                           ["decks/tournament-registration.toml", "--fix", "--format", "json"],
                           ["--matrix", "tests/project/readme_files/the-best-of-three-solved/rates.toml", "--format", "json"],
                           ["decks/tournament-registration.toml", "--vs", "decks/tournament-registration.toml",
                            "--simulate", "--games", "2", "--workers", "1", "--format", "json"],
                           ["--choose", *[_rel(d) for d in EXAMPLES if d.name.endswith("-advanced.toml")][:4],
                            "--games", "1", "--workers", "1", "--format", "json"]],
    "team": lambda: [[_rel(a), _rel(b), "--format", "json"] for a, b in zip(EXAMPLES, EXAMPLES[1:])],
    "profile": _each_deck(),
    "stats": lambda: [[_rel(d), "--format", "json"] for d in SHAPE_DECKS]
    + [[_rel(EXAMPLES[0]), "--table", t, "--format", "json"] for t in
       ("kinds", "rows", "abilities", "strength", "histogram", "groups", "exposure", "scorch", "side-deck")],
    "odds": lambda: [[_rel(d), "--format", "json"] for d in SHAPE_DECKS]
    + [[_rel(d), "--all", "Decoy", "--format", "json"] for d in EXAMPLES if "Decoy" in d.read_text("utf-8")][
        :len(SHAPE_DECKS)],
    "cards": lambda: [["--format", "json"], ["--faction", "skellige", "--format", "json"],
                      ["--search", "nothing like this", "--format", "json"]],
    "card": lambda: [[name, "--format", "json"] for name in
                     ("Cerys", "Eredin: Bringer of Death", "Decoy", "Berserker", "Hemdall", "Geralt of Rivia")]
    + [["Decoy", "--faction", "skellige", "--format", "json"]],
    "diff": lambda: [[_rel(a), _rel(b), "--format", "json"] for a, b in zip(EXAMPLES, EXAMPLES[1:])][
        :len(SHAPE_DECKS)]
    + [[_rel(EXAMPLES[0]), _rel(EXAMPLES[1]), "--simulate", "--games", "3", "--vs", "skellige", "--workers", "1",
        "--format", "json"]],
    "fix": lambda: [[_rel(d), "--rules", "advanced", "--format", "json"] for d in EXAMPLES[:4]],
    "draw": lambda: [[_rel(d), "--seed", "7", "--exchange", "2", "--format", "json"] for d in SHAPE_DECKS],
    "score": lambda: [[_rel(board), "--format", "json"] for board in sorted((DECKS / "boards").glob("*.toml"))],
    "solo": lambda: [[board, "--reveal", card, "--format", "json"] for board, card in SOLO_REVEALS],
    # a climb that takes a change and confirms it (seed 2), and one that repairs the deck first
    "tune": lambda: [[_rel(DECKS / "northern-realms-starter.toml"), "--vs", "monsters", "--budget", "300", "--seed", "2",
                      "--workers", "1", "--format", "json"],
                     [_rel(DECKS / "northern-realms-starter.toml"), "--rules", "advanced", "--vs", "monsters",
                      "--budget", "150", "--workers", "1", "--format", "json"]],
    "advise": lambda: [[_rel(board), "--budget", "40", "--format", "json"]
                       for board in sorted((DECKS / "boards").glob("advise-*.toml"))],
    # One run per mode (the shape is the mode's, not the deck's): two players with each kind of bot, Gwent Solo
    # with and without the Leader variant, Free For All, two versus two. Every example deck is simulated on the
    # command line by tests/cli/test_terminal.py and plays every other in tests/game/test_random_games.py.
    "simulate": lambda: [[_rel(EXAMPLES[0]), "--vs", _rel(EXAMPLES[1]), "--games", "2", "--workers", "1",
                          "--format", "json"],
                         [_rel(EXAMPLES[0]), "--games", "1", "--workers", "1", "--bot", "random", "--format", "json"]]
    + [[_rel(ADVANCED), "--solo", "all", *variant, "--games", "1", "--workers", "1", "--format", "json"]
       for variant in ((), ("--leader-variant",))]
    + [[_rel(ADVANCED), *mode, "--games", "1", "--workers", "1", "--bot", "random", "--format", "json"]
       for mode in (("--ffa", "3"), ("--team-with", "skellige"))],
}
"""How each command that prints JSON runs here (its arguments after the command name)."""


def test_every_json_command_has_a_schema_and_runs_here():
    assert JSON_COMMANDS == [name for name in output_schema_names() if name not in LOGS]
    assert sorted(JSON_RUNS) == JSON_COMMANDS


@pytest.mark.parametrize("name", output_schema_names())
def test_the_schema_is_a_valid_standalone_draft_2020_12_schema(name):
    schema = output_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    printed = json.loads(run_cli(["schema", "--output-of", name]).stdout)
    assert printed == schema
    assert name in LOGS or "deckcli_version" in schema.get("required", []) or "$ref" in schema or all(
        "deckcli_version" in part.get("required", []) or "$ref" in part for part in schema.get("anyOf", [{}])
    )


@pytest.mark.parametrize("name", JSON_COMMANDS)
def test_every_json_output_matches_its_schema(monkeypatch, name):
    monkeypatch.chdir(REPO)
    validator = output_validator(name)
    documents, shown = 0, set()
    for args in JSON_RUNS[name]():
        result = _run(name, args)
        if not result.stdout.strip():
            assert result.stderr  # a file that could not be read: said on stderr, nothing to validate
            continue
        document = json.loads(result.stdout)
        assert isinstance(document, dict), f"{name}: the top level must be an object"
        assert document["deckcli_version"] == __version__ and document["format_version"] == FORMAT_VERSION
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        assert not errors, f"deckcli {name} {' '.join(args)}: " + "; ".join(
            f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])
        documents += 1
        shown.update(key for key, value in document.items() if value not in ([], None))
    assert documents
    assert name != "tune" or {"changes", "confirmation", "repaired_first"} <= shown  # every part drawn once


def _run(name: str, args: list[str]):
    """Run ``deckcli NAME ARGS``: illegal decks (1) and unreadable files (2) are runs too, tracebacks never."""
    from click.testing import CliRunner

    result = CliRunner().invoke(cli, [name, *args], env=deckcli_env())
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2), result.output
    return result


def test_a_schema_is_not_vacuous():
    validator = output_validator("validate")
    good = json.loads(run_cli(["validate", "decks/skellige-advanced.toml", "--format", "json"]).stdout)
    assert validator.is_valid(good)
    assert not validator.is_valid([good["decks"][0]])  # the old shape: a list
    assert not validator.is_valid({k: v for k, v in good.items() if k != "format_version"})
    assert not validator.is_valid({**good, "format_version": FORMAT_VERSION + 1})
    extra = json.loads(json.dumps(good))
    extra["decks"][0]["surprise"] = 1
    assert not validator.is_valid(extra)


def test_schema_needs_a_faction_or_a_command():
    assert "--output-of COMMAND" in run_cli(["schema"], exit_code=2).stderr
    said = run_cli(["schema", "--output-of", "fmt"], exit_code=2).stderr
    assert "is not a command that prints a JSON document" in " ".join(line.strip() for line in said.splitlines())
