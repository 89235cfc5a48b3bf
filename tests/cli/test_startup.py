"""Start-up: each command imports only what it needs; the catalog and validators are built once per process.

Imports are read from a fresh interpreter (``python -X importtime -m deckcli``),
so nothing imported by the test session itself can hide one.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from helpers.cli_runs import deckcli_env, run_cli
from helpers.repository import DECKS, REPO, write_deck
from deckcli.catalog import loading as catalog
from deckcli.deck import reading as deckfile
from deckcli.files import schemas
from deckcli.rules import builtin as rules
from deckcli.files import schemas

HEAVY = {"jsonschema", "referencing", "tabulate", "tomlkit", "tomli_w"}
STARTERS = [DECKS / f"{slug}-starter.toml" for slug in ("monsters", "nilfgaard", "skellige")]


def imports_of(*args: str) -> tuple[int, set[str]]:
    """Exit code and every module imported by ``python -m deckcli ARGS`` in a fresh interpreter."""
    return _imports(["-m", "deckcli", *args])


def _imports(args: list[str]) -> tuple[int, set[str]]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *args], capture_output=True, text=True, cwd=REPO, env=deckcli_env(),
        timeout=120,
    )
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and not line.rstrip().endswith("imported package")
    }
    assert modules, result.stderr
    return result.returncode, modules


def top_level(modules: set[str]) -> set[str]:
    return {name.split(".")[0] for name in modules}


def test_help_imports_no_jsonschema_tabulate_or_catalog():
    code, modules = imports_of("--help")
    assert code == 0
    assert "click" in top_level(modules)
    assert not HEAVY & top_level(modules)
    assert "difflib" not in modules
    assert not {"deckcli.catalog.loading", "deckcli.catalog.model"} & modules  # no card data is read for --help


def test_help_measures_the_terminal_without_shutil():
    code, modules = imports_of("--help")
    assert code == 0 and "shutil" not in modules


@pytest.mark.parametrize("columns", ["40", "80", "150"])
def test_help_is_as_wide_as_click_makes_it(columns):
    env = deckcli_env(COLUMNS=columns)
    ours = subprocess.run([sys.executable, "-m", "deckcli", "odds", "--help"], capture_output=True, text=True, env=env)
    clicks = subprocess.run(
        [sys.executable, "-c", "from deckcli.cli.main import cli; cli(['odds', '--help'], prog_name='deckcli')"],
        capture_output=True, text=True, env=env,
    )
    assert ours.stdout == clicks.stdout and ours.returncode == clicks.returncode == 0


def test_a_legal_deck_is_judged_without_jsonschema_tables_or_toml_writers():
    code, modules = imports_of("validate", str(DECKS / "northern-realms-starter.toml"))
    assert code == 0
    # The generated checks (deckcli.files.schema_checks_generated) clear a deck that breaks nothing;
    # jsonschema is for wording findings. The catalog comes prebuilt, without a TOML parse of its files.
    assert "deckcli.files.schema_checks_generated" in modules
    assert "deckcli.catalog.packaged_cards" in modules
    assert not HEAVY & top_level(modules)
    assert not {"platformdirs", "importlib.resources", "importlib.metadata", "csv", "tomllib"} & modules
    # Each of these cost a legal deck's start a millisecond or more (issue 13): dataclasses creates
    # its classes by compiling code, shutil brings bz2 and lzma, the utf-8-sig codec is one more import.
    assert not {"dataclasses", "shutil", "bz2", "lzma", "encodings.utf_8_sig"} & modules
    _code, interpreter = _imports(["-c", "pass"])  # an editable install's finder imports more at start
    assert "difflib" not in modules - interpreter  # no unknown name, no "did you mean"


def test_a_command_imports_no_other_command_module():
    code, modules = imports_of("validate", str(DECKS / "northern-realms-starter.toml"))
    assert code == 0
    # simulation_options is no command: it defines the options shared by every command that plays games,
    # tournament --simulate among them, and imports only the shared option types, output and terminal
    # modules and completion (no game code).
    assert {name for name in modules if name.startswith("deckcli.cli.")} == {
        "deckcli.cli.main", "deckcli.cli.output", "deckcli.cli.parameter_types", "deckcli.cli.terminal",
        "deckcli.cli.completion", "deckcli.cli.judging", "deckcli.cli.simulation_options", "deckcli.cli.progress",
    }
    assert not {name for name in modules if name.startswith("deckcli.game.")}


def test_a_board_is_scored_without_jsonschema_tables_toml_writers_or_the_deck_reader():
    code, modules = imports_of("score", str(DECKS / "boards" / "tight-bond.toml"))
    assert code == 0
    assert not HEAVY & top_level(modules)
    assert not {"deckcli.deck.reading", "deckcli.deck.resolution", "dataclasses", "shutil"} & modules
    _code, interpreter = _imports(["-c", "pass"])
    assert "difflib" not in modules - interpreter  # no unknown name, no "did you mean"


def test_every_command_is_found_by_its_name():
    from deckcli.cli.main import COMMANDS, cli

    commands = cli.every_command()
    assert sorted(commands) == sorted(COMMANDS)
    assert all(command.name == name for name, command in commands.items())


def test_a_finding_is_worded_by_jsonschema(tmp_path):
    path = write_deck(tmp_path, {"Decoy": 1})
    code, modules = imports_of("validate", str(path))
    assert code == 1
    assert "jsonschema" in top_level(modules)  # rules are JSON Schemas, judged by jsonschema
    assert not {"tabulate", "tomlkit", "tomli_w"} & top_level(modules)


def test_a_badly_shaped_deck_is_worded_by_jsonschema(tmp_path):
    path = write_deck(tmp_path, {"Decoy": 91})
    code, modules = imports_of("validate", str(path))
    assert code == 2
    assert "jsonschema" in top_level(modules)


def test_a_table_comes_without_importlib_metadata():
    code, modules = imports_of("stats", str(DECKS / "northern-realms-starter.toml"))
    assert code == 0
    assert "tabulate" in modules
    _code, interpreter = _imports(["-c", "pass"])
    assert "importlib.metadata" not in modules - interpreter  # tabulate's own version lookup is skipped


def test_an_unknown_name_brings_difflib(tmp_path):
    path = write_deck(tmp_path, {"Blue Stripe Comando": 3})
    code, modules = imports_of("validate", str(path))
    assert code == 1
    assert {"jsonschema", "difflib"} <= modules


@pytest.fixture
def fresh_caches():
    """Forget the process-wide catalog and validators before and after the test."""
    caches = [
        catalog.default_catalog, rules.builtin_rule_set, rules._builtin_registry,
        deckfile._deck_validator,
    ]
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def test_the_catalog_is_built_once_per_process(monkeypatch, fresh_caches):
    builds = []
    real = catalog.build_catalog
    monkeypatch.setattr(catalog, "build_catalog", lambda *args: builds.append(1) or real(*args))
    run_cli(["validate", *STARTERS])
    run_cli(["validate", *STARTERS, "--rules", "advanced"], exit_code=1)
    assert len(builds) == 1


def test_rule_validators_are_compiled_once_when_first_needed(monkeypatch, fresh_caches):
    compiled = []
    real = schemas.strict_validator_class
    monkeypatch.setattr(schemas, "strict_validator_class", lambda: compiled.append(1) or real())
    run_cli(["validate", *STARTERS])
    run_cli(["validate", *STARTERS])
    assert compiled == []  # six legal decks: the generated check cleared them, nothing to word
    run_cli(["validate", *STARTERS, "--rules", "advanced"], exit_code=1)
    first = len(compiled)
    run_cli(["validate", *STARTERS, "--rules", "advanced"], exit_code=1)
    assert first <= 1 and len(compiled) == first  # Advanced findings: compiled at most once, then reused
    assert rules.builtin_rule_set("advanced") is rules.builtin_rule_set("advanced")


def test_the_deck_schema_validator_is_built_once(tmp_path, fresh_caches):
    bad = [write_deck(tmp_path, {"Decoy": 91 + n}, name=f"bad{n}.toml") for n in range(3)]
    run_cli(["validate", *STARTERS, *bad], exit_code=2)
    info = deckfile._deck_validator.cache_info()
    assert (info.misses, info.hits) == (1, 2)  # asked for the three badly shaped decks only


GAME_FREE = [
    ["validate", str(DECKS / "northern-realms-starter.toml")],
    ["stats", str(DECKS / "northern-realms-starter.toml")],
    ["diff", str(DECKS / "skellige-starter.toml"), str(DECKS / "skellige-advanced.toml")],
    ["sheet", str(DECKS / "monsters-starter.toml"), "-o", "-"],
    ["draw", str(DECKS / "monsters-starter.toml"), "--seed", "3"],
]


@pytest.mark.parametrize("args", GAME_FREE, ids=lambda args: args[0])
def test_other_commands_do_not_import_the_game(args):
    """Only simulate (and diff or sheet with --simulate) plays games: no other command loads the rules engine."""
    code, modules = imports_of(*args)
    assert code == 0
    assert not {name for name in modules if name.startswith("deckcli.game")}


def test_simulate_imports_what_it_plays_with():
    """One worker, the heuristic bot, a legal deck: no process pool, no other bot, no jsonschema, none of the
    analysis, sheets, authoring or repair packages."""
    code, modules = imports_of("simulate", str(DECKS / "northern-realms-starter.toml"), "--vs", "monsters",
                               "--games", "1", "--workers", "1")
    assert code == 0
    assert {"deckcli.game.simulation.runs", "deckcli.game.bots.heuristic_bot"} <= modules
    assert not {"deckcli.game.bots.search_bot", "deckcli.game.bots.random_bot", "concurrent.futures.process"} & modules
    assert not {"jsonschema", "tomlkit", "tomli_w", "jinja2", "highspy"} & top_level(modules)
    assert not {name for name in modules if name.split(".")[1:2] in (["analysis"], ["sheets"], ["authoring"], ["repair"])}
