"""Nothing from a player's input reaches the terminal, a JSON reader or a written deck file raw.

Text from a deck, a registration, a catalog file, a rule file or the command line can hold
terminal controls: ``ESC ] 0;… BEL`` sets the terminal's title, U+009B (CSI) starts an escape on
its own, bidi overrides (U+202E) reorder what the reader sees. Every output passes one escaping
function at the boundary (:func:`deckcli.text.shown`, through ``deckcli.cli.output.echo``); JSON
writes them as ``\\u`` escapes and deck files deckcli writes as TOML escapes, the same values to
any reader.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from click.testing import CliRunner

from helpers.cli_runs import run_cli
from helpers.depth import examples
from helpers.repository import DECKS, REPO
from deckcli.cli.main import cli
from deckcli.catalog import loading
from deckcli.text import escaped, shown, to_json

HOSTILE = "\x1b]0;owned\x07\x9b31m\u202edesrever\u2066\x85\x7f"
"""A terminal title, a bell, CSI, a bidi override and isolate, NEL, DEL."""
SGR = re.compile("\x1b\\[(?:0|31|32|33|1;31)m")
"""The only escapes deckcli writes itself: its colours (``--color always``)."""


def raw(output: str) -> list[str]:
    """Every character of ``output`` a terminal would act on, but the line breaks, tabs and deckcli's own colours."""
    return [c for c in SGR.sub("", output) if c not in "\n\t" and unicodedata.category(c).startswith("C")]


def assert_nothing_raw(*outputs: str) -> None:
    for output in outputs:
        assert not raw(output), f"raw {raw(output)!r} in:\n{output}"


def hostile_deck(folder: Path, name: str = "deck.toml") -> Path:
    text = (DECKS / "northern-realms-starter.toml").read_text("utf-8")
    deck = folder / name
    controls = toml_escaped(HOSTILE)
    text = re.sub(r'^name = ".*"$', lambda _: f'name = "{controls}"', text, count=1, flags=re.M)
    deck.write_text(text.replace('"Ves" = 1', f'"Ves{controls}" = 1'), "utf-8")
    return deck


def toml_escaped(text: str) -> str:
    """``text`` as the inside of a TOML basic string, its controls as ``\\u`` escapes."""
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)


def test_shown_escapes_what_a_terminal_acts_on_and_nothing_else():
    assert shown("Síle de Tansarville — 3×\n\tCerys 🂡") == "Síle de Tansarville — 3×\n\tCerys 🂡"
    assert shown(HOSTILE) == "\\x1b]0;owned\\x07\\x9b31m\\u202edesrever\\u2066\\x85\\x7f"
    assert shown(shown(HOSTILE)) == shown(HOSTILE)
    assert json.loads(to_json({"name": HOSTILE})) == {"name": HOSTILE}
    assert not raw(to_json({"name": HOSTILE, "emoji": "🂡\U000e0001"}))


@given(st.text())
def test_any_text_is_shown_without_a_control_and_json_keeps_its_value(text):
    assert not raw(shown(text))
    document = to_json({text: [text]})
    assert not raw(document)
    assert json.loads(document) == {text: [text]}


def test_no_command_writes_past_the_boundary():
    """Every write of the Click face goes through ``echo`` (or ``say``, ``echo_lines``, ``echo_text``, which do)."""
    for path in sorted((REPO / "deckcli" / "cli").glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "click":
                if node.attr in ("echo", "secho", "echo_via_pager"):
                    where = f"{path.name}:{node.lineno}"
                    assert path.name == "output.py", f"{where}: click.{node.attr} past the boundary; use echo()"


def test_a_registration_s_deck_path_never_reaches_the_terminal_raw(tmp_path):
    # ESC ] 0;… BEL in a deck path sets the terminal's title
    registration = tmp_path / "registration.toml"
    registration.write_text('player = "Alex"\ndecks = ["a.toml", "b.toml", "\\u001b]0;owned\\u0007.toml"]\n', "utf-8")
    for args in (["tournament", registration], ["tournament", registration, "--format", "json"],
                 ["tournament", registration, "--fix"]):
        result = run_cli(args, exit_code=2)
        assert_nothing_raw(result.stdout, result.stderr)
        assert "\\x1b]0;owned\\x07.toml" in result.stderr


@pytest.mark.parametrize("option", ["--card", "--all", "--at-least"])
def test_card_names_typed_on_the_command_line_are_escaped(option):
    args = ["odds", DECKS / "northern-realms-starter.toml", option, *(["1"] if option == "--at-least" else []),
            "Ger" + HOSTILE + "alt"]
    if option == "--all":
        args += ["--all", "Decoy"]
    result = run_cli(args, exit_code=2)
    assert_nothing_raw(result.stdout, result.stderr)
    assert shown(HOSTILE) in result.stderr


@pytest.fixture
def hostile_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A player's catalog whose Skellige faction name and first Leader ability hold terminal controls."""
    folder = tmp_path / "catalog"
    folder.mkdir()
    text = (Path(loading.CARDS_FOLDER) / "skellige.toml").read_text("utf-8")
    controls = toml_escaped(HOSTILE)
    text = text.replace('name = "Skellige"', f'name = "Skellige{controls}"', 1)
    text = text.replace('leader_ability = "', f'leader_ability = "{controls}', 1)
    text = text.replace('name = "Cerys"', 'name = "Cer\\u009b\\u202eys"', 1)  # C1 and bidi pass the card schema
    (folder / "skellige.toml").write_text(text, "utf-8")
    monkeypatch.setenv(loading.CATALOG_ENV, str(folder))
    loading.default_catalog.cache_clear()
    yield folder
    loading.default_catalog.cache_clear()


@pytest.mark.parametrize("args", [
    ["cards", "--faction", "skellige"],
    ["cards", "--faction", "skellige", "--format", "json"],
    ["cards", "--faction", "skellige", "--format", "csv"],
    ["card", "Crach an Craite"],
    ["card", "Crach an Craite", "--format", "json"],
    ["validate", DECKS / "skellige-starter.toml", "--format", "json"],
    ["validate", DECKS / "skellige-starter.toml", "--color", "always"],
    ["stats", DECKS / "skellige-starter.toml"],
    ["export", DECKS / "skellige-starter.toml"],
    ["new", "--faction", "skellige", "-o", "-"],
])
def test_a_catalog_s_faction_name_and_leader_ability_are_escaped(hostile_catalog, args):
    result = _any_exit(args)  # the starter deck's Cerys is spelt otherwise in this catalog: exit 1
    assert result.exit_code in (0, 1), result.stderr
    assert_nothing_raw(result.stdout, result.stderr)


def test_c1_controls_and_bidi_overrides_are_unicode_escapes_in_json(tmp_path):
    deck = hostile_deck(tmp_path)
    for args in (["validate", deck, "--format", "json"], ["profile", deck], ["stats", deck, "--format", "json"]):
        result = _any_exit(args)  # the unknown card: exit 1
        assert_nothing_raw(result.stdout, result.stderr)
        assert "\\u009b" in result.stdout or args[0] == "stats", args  # stats names no card it does not know
        json.loads(result.stdout)
    document = json.loads(run_cli(["validate", deck, "--format", "json"], exit_code=1).stdout)
    assert document["decks"][0]["profile"]["unknown"] == ["Ves" + HOSTILE]  # the same value to a JSON reader


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_c1_controls_and_bidi_overrides_never_reach_text_output(tmp_path, fmt):
    deck = hostile_deck(tmp_path)
    for args in (["validate", deck, "--format", fmt], ["stats", deck], ["export", deck], ["odds", deck]):
        result = _any_exit(args)
        assert_nothing_raw(result.stdout, result.stderr)


def test_what_new_writes_holds_escapes_not_controls(tmp_path):
    written = tmp_path / "new.toml"
    run_cli(["new", "--faction", "Monsters", "--name", HOSTILE, "-o", written])
    text = written.read_text("utf-8")
    assert_nothing_raw(text)
    assert tomllib.loads(text)["name"] == HOSTILE  # the same value to any TOML reader
    starter = tmp_path / "starter.toml"
    run_cli(["new", "--faction", "Monsters", "--starter", "--name", HOSTILE, "-o", starter])
    assert_nothing_raw(starter.read_text("utf-8"))
    assert tomllib.loads(starter.read_text("utf-8"))["name"] == HOSTILE


def test_what_fmt_writes_holds_escapes_not_controls(tmp_path, hostile_catalog):
    # the catalog's own spelling of a card (a C1 control in it) is what fmt writes for "cerys..."
    cerys = next(name for name in loading.default_catalog().cards if name.startswith("Cer") and name != "Cerys")
    deck = tmp_path / "deck.toml"
    spelled = toml_escaped(cerys.upper())
    deck.write_text(f'faction = "skellige"\nleader = "crach an craite"\n[cards]\n"{spelled}" = 1\n', "utf-8")
    run_cli(["fmt", deck])
    text = deck.read_text("utf-8")
    assert_nothing_raw(text)
    document = tomllib.loads(text)
    assert document["cards"] == {cerys: 1} and document["faction"].startswith("Skellige")
    run_cli(["remove", deck, cerys])
    run_cli(["add", deck, cerys])  # a key add writes itself
    assert_nothing_raw(deck.read_text("utf-8"))
    assert tomllib.loads(deck.read_text("utf-8"))["cards"] == {cerys: 1}


def test_what_import_writes_holds_escapes_not_controls(tmp_path):
    listing = tmp_path / "list.txt"
    listing.write_text(f"Leader: Foltest: The Siegemaster\n2 Blue Stripes Commando\n1 Zzyzx{HOSTILE[2:]}\n", "utf-8")
    written = tmp_path / "out.toml"
    result = _any_exit(["import", listing, "--faction", "Northern Realms", "--partial", "-o", written])
    assert result.exit_code == 1 and written.exists()  # written, the unknown names left out and told
    assert_nothing_raw(result.stdout, result.stderr, written.read_text("utf-8"))


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(min_size=1, max_size=30))
def test_any_deck_name_or_card_name_is_escaped_in_every_format(tmp_path, name):
    deck = tmp_path / "any.toml"
    key = json.dumps(name)  # a JSON string is a TOML basic string, escapes and all
    deck.write_text(f"name = {key}\nfaction = \"Skellige\"\nleader = \"Crach an Craite\"\n[cards]\n{key} = 1\n", "utf-8")
    for args in (["validate", deck], ["validate", deck, "--format", "json"], ["validate", deck, "--format", "github"],
                 ["stats", deck], ["export", deck], ["fmt", "--check", deck]):
        result = _any_exit(args)
        assert_nothing_raw(result.stdout, result.stderr)


def _any_exit(args):
    """``deckcli ARGS`` at 80 columns, whatever its exit code (0, 1 or 2), never an exception."""
    result = CliRunner().invoke(cli, [str(a) for a in args], env={"COLUMNS": "80"})
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2)
    return result


def test_toml_escapes_keep_the_value():
    from deckcli.text import toml_escape

    line = f'name = "{escaped(HOSTILE + "🂡", toml_escape)}"'
    assert tomllib.loads(line)["name"] == HOSTILE + "🂡"
