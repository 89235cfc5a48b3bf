"""Start-up: each command imports only what it needs; the catalog and validators are built once per process.

Imports are read from a fresh interpreter (``python -X importtime -m deckcli``),
so nothing imported by the test session itself can hide one.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import DECKS, REPO, run_cli, write_deck
from deckcli import catalog, deckfile, rules

HEAVY = {"jsonschema", "referencing", "tabulate", "tomlkit", "tomli_w"}
STARTERS = [DECKS / f"{slug}-starter.toml" for slug in ("monsters", "nilfgaard", "skellige")]


def imports_of(*args: str) -> tuple[int, set[str]]:
    """Exit code and every module imported by ``python -m deckcli ARGS`` in a fresh interpreter."""
    return _imports(["-m", "deckcli", *args])


def _imports(args: list[str]) -> tuple[int, set[str]]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", *args], capture_output=True, text=True, cwd=REPO, timeout=120
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
    assert "deckcli.catalog" not in modules  # no card data is read for --help


def test_validating_a_legal_deck_imports_no_jsonschema_tabulate_or_difflib():
    code, modules = imports_of("validate", str(DECKS / "northern-realms-starter.toml"))
    assert code == 0
    assert not HEAVY & top_level(modules)  # quickschema clears a legal deck without jsonschema
    _code, interpreter = _imports(["-c", "pass"])  # an editable install's finder imports more at start
    assert not {"difflib", "importlib.resources"} & (modules - interpreter)


def test_validating_an_illegal_deck_imports_jsonschema_to_word_the_findings(tmp_path):
    path = write_deck(tmp_path, {"Blue Stripe Comando": 3})
    code, modules = imports_of("validate", str(path))
    assert code == 1
    assert {"jsonschema", "difflib"} <= modules
    assert not {"tabulate", "tomlkit", "tomli_w"} & top_level(modules)


def test_reading_a_well_formed_deck_needs_no_jsonschema():
    """What stats and odds do: read and resolve a deck, judge no rule."""
    code = (
        "import sys; from deckcli.verdict import read_resolved_deck; "
        f"deck = read_resolved_deck({str(DECKS / 'skellige-advanced.toml')!r}); "
        "print(len(deck.main), 'jsonschema' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr
    distinct, imported = result.stdout.split()
    assert int(distinct) > 10 and imported == "False"


@pytest.fixture
def fresh_caches():
    """Forget the process-wide catalog and validators before and after the test."""
    caches = [catalog.default_catalog, rules.builtin_rule_set, rules._builtin_registry, deckfile._deck_validator]
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def test_the_catalog_is_parsed_once_per_process(monkeypatch, fresh_caches):
    reads = []
    real = catalog.read_catalog_files
    monkeypatch.setattr(catalog, "read_catalog_files", lambda: reads.append(1) or real())
    run_cli(["validate", *STARTERS])
    run_cli(["validate", *STARTERS, "--rules", "advanced"], exit_code=1)
    assert len(reads) == 1


def test_rule_validators_are_compiled_once_and_reused_across_decks(monkeypatch, fresh_caches):
    compiled = []
    real = rules.strict_validator_class
    monkeypatch.setattr(rules, "strict_validator_class", lambda: compiled.append(1) or real())
    run_cli(["validate", *STARTERS])
    assert compiled == []  # legal decks: quickschema answers, no validator is needed
    run_cli(["validate", *STARTERS, "--rules", "advanced"], exit_code=1)
    run_cli(["validate", *STARTERS, "--rules", "advanced"], exit_code=1)
    assert len(compiled) == 1  # six illegal decks, one compiled validator
    assert rules.builtin_rule_set("advanced") is rules.builtin_rule_set("advanced")


def test_the_deck_schema_validator_is_built_only_for_malformed_decks_and_once(tmp_path, fresh_caches):
    run_cli(["validate", *STARTERS])
    assert deckfile._deck_validator.cache_info().misses == 0
    bad = [write_deck(tmp_path, {"Decoy": 91 + n}, name=f"bad{n}.toml") for n in range(3)]
    run_cli(["validate", *bad], exit_code=2)
    info = deckfile._deck_validator.cache_info()
    assert (info.misses, info.hits) == (1, 2)


def test_package_data_reads_what_importlib_resources_reads(monkeypatch):
    from importlib import resources

    from deckcli import package_data

    for package in ("deckcli.cards", "deckcli.schemas", "deckcli.schemas.rules", "deckcli.decks"):
        names = package_data.data_names(package)
        assert names == sorted(e.name for e in resources.files(package).iterdir() if e.is_file())
        for name in names:
            assert package_data.read_data(package, name) == resources.files(package).joinpath(name).read_text("utf-8")
    with pytest.raises(FileNotFoundError):
        package_data.read_data("deckcli.schemas", "missing.schema.json")
    # Installed as a zip, there is no folder: importlib.resources answers the same.
    cards = package_data.data_names("deckcli.cards")
    monkeypatch.setattr(package_data, "_folders", lambda _package: [])
    assert package_data.data_names("deckcli.cards") == cards
    assert package_data.read_data("deckcli.schemas", "deck.schema.json") == (
        resources.files("deckcli.schemas").joinpath("deck.schema.json").read_text("utf-8")
    )
