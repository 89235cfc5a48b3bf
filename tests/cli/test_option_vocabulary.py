"""One option vocabulary across the commands (issue 22, item 4), read from the CLI's own command list."""

from __future__ import annotations

import json

import click
import pytest

from helpers.cli_runs import run_cli
from helpers.repository import DECKS
from deckcli.cli.main import cli

COMMANDS = cli.every_command()
"""Every command of ``deckcli``, as the CLI itself lists them."""

OPTIONS = [(name, option) for name, command in sorted(COMMANDS.items())
           for option in command.params if isinstance(option, click.Option)]
"""Every option of every command, with its command's name."""

SPELLINGS = [{"--exchange", "--exchanges"}, {"--color", "--colour"}]
"""Options a player may spell either way: each command that takes one spelling takes all."""

FORMATS = [(name, option) for name, option in OPTIONS if "--format" in option.opts]


def test_the_options_are_read_from_the_cli():
    assert {"stats", "odds", "cards", "diff", "profile", "validate", "draw"} <= {name for name, _ in FORMATS}


@pytest.mark.parametrize(("name", "option"), FORMATS, ids=[name for name, _ in FORMATS])
def test_every_format_option_takes_text_and_json(name, option):
    context = click.Context(COMMANDS[name])
    for value in ("text", "json", "TEXT"):
        option.type.convert(value, option, context)  # raises click.BadParameter when refused


@pytest.mark.parametrize("spelling", sorted(set().union(*SPELLINGS)))
def test_an_option_spelt_either_way_is_taken_both_ways(spelling):
    group = next(group for group in SPELLINGS if spelling in group)
    taking = [(name, option) for name, option in OPTIONS if spelling in option.opts + option.secondary_opts]
    assert taking, f"no command takes {spelling}: SPELLINGS is out of date"
    for name, option in taking:
        assert group <= set(option.opts), f"deckcli {name} takes {spelling} but not all of {sorted(group)}"


TWO_MEANINGS = {"--table": "stats --table NAME picks a table; solo --table is a flag, Gwent Solo at the table "
                             "(issue 30 names it so)"}
"""Spellings that mean two things in two commands, each said; every other one takes one kind of value."""


def test_an_option_name_takes_the_same_kind_of_value_in_every_command():
    kinds: dict[str, set[str]] = {}
    for _, option in OPTIONS:
        if "--format" not in option.opts and not set(option.opts) & set(TWO_MEANINGS):  # --format: text and json
            for spelling in option.opts:
                kinds.setdefault(spelling, set()).add(type(option.type).__name__)
    assert {spelling: found for spelling, found in kinds.items() if len(found) > 1} == {}


@pytest.mark.parametrize(
    "args",
    [["stats", "{deck}"], ["odds", "{deck}", "--card", "Decoy"], ["cards", "--faction", "monsters"],
     ["diff", "{deck}", "{deck}"], ["profile", "{deck}"]],
    ids=lambda args: args[0],
)
def test_format_text_is_the_text_output(args):
    deck = str(DECKS / "monsters-starter.toml")
    typed = [a.format(deck=deck) for a in args]
    text = run_cli([*typed, "--format", "text"]).stdout
    assert text and not text.lstrip().startswith(("{", "["))
    if args[0] != "profile":  # the table commands: text is their default
        assert text == run_cli(typed).stdout


def test_profile_as_text_has_a_line_per_field():
    deck = str(DECKS / "monsters-starter.toml")
    profile = json.loads(run_cli(["profile", deck]).stdout)["profile"]
    lines = run_cli(["profile", deck, "--format", "text", "--wide"]).stdout.splitlines()
    assert [line.split(":", 1)[0] for line in lines] == ["deck", *profile]
    assert f"units: {profile['units']}" in lines and "unknown: none" in lines


@pytest.mark.parametrize("spelling", ["--exchange", "--exchanges"])
def test_draw_and_odds_take_either_spelling_of_exchange(spelling):
    deck = str(DECKS / "monsters-starter.toml")
    assert "1 exchange" in run_cli(["odds", deck, "--card", "Decoy", spelling, "1"]).stdout
    exchanged = run_cli(["draw", deck, "--seed", "3", spelling, "1"]).stdout
    assert exchanged == run_cli(["draw", deck, "--seed", "3", "--exchange", "1"]).stdout
    assert exchanged != run_cli(["draw", deck, "--seed", "3"]).stdout


SIMULATING = {"simulate": "DECK", "diff": "OLD and NEW", "sheet": "DECK"}
"""The commands that play simulated games, and what each calls its decks under test in its help."""
SIMULATION_OPTIONS = {"--vs", "--games", "--seed", "--bot", "--opponent-bot", "--workers", "--solo", "--leader-variant",
                      "--log", "--format"}


def _simulation_options(name):
    """A simulating command's options of the shared set, as {spelling: (help with its subject as DECK, type,
    default, metavar, multiple)}."""
    found = {}
    for option in COMMANDS[name].params:
        if isinstance(option, click.Option) and option.opts[0] in SIMULATION_OPTIONS:
            found[option.opts[0]] = ((option.help or "").replace(SIMULATING[name], "DECK"), type(option.type).__name__,
                                     option.default, option.metavar, option.multiple)
    return found


def test_the_simulating_commands_take_one_set_of_options_with_one_help():
    simulate = _simulation_options("simulate")
    assert set(simulate) == SIMULATION_OPTIONS
    # --format takes the command's own formats: diff's table formats, sheet none (it writes a page, -o)
    for name in ("diff", "sheet"):
        found = _simulation_options(name)
        assert {k: v for k, v in found.items() if k != "--format"} == {
            k: v for k, v in simulate.items() if k != "--format"}, name
    assert "--format" in _simulation_options("diff") and "--format" not in _simulation_options("sheet")


@pytest.mark.parametrize("name", sorted(SIMULATING))
def test_a_simulating_commands_help_names_its_own_decks(name):
    helps = {option.opts[0]: option.help for option in COMMANDS[name].params
             if isinstance(option, click.Option) and option.opts[0] in SIMULATION_OPTIONS}
    assert SIMULATING[name] in helps["--bot"] and SIMULATING[name] in helps["--solo"]
    if name == "diff":
        assert "DECK" not in helps["--bot"] + helps["--solo"] + helps["--log"] + helps["--leader-variant"]


@pytest.mark.parametrize("name", ["diff", "sheet"])
def test_a_simulation_option_without_simulate_is_refused(name, tmp_path):
    deck = str(DECKS / "monsters-starter.toml")
    args = ["diff", deck, deck] if name == "diff" else ["sheet", deck, "-o", str(tmp_path / "s.html")]
    for extra in (["--solo", "monsters"], ["--workers", "1"], ["--bot", "random"], ["--log", str(tmp_path / "g")]):
        result = run_cli([*args, *extra], exit_code=2)
        assert f"{extra[0]} goes with --simulate" in result.stderr


SINGLE_VALUED = [(name, option) for name, option in OPTIONS
                 if not (option.multiple or option.count or option.is_flag) and "--help" not in option.opts]
"""Every option that takes one value (``--games N``, ``-o FILE``, ``--matrix FILE``), with its command's name."""


def test_single_valued_options_are_read_from_the_cli():
    named = {(name, option.opts[0]) for name, option in SINGLE_VALUED}
    assert {("tournament", "--matrix"), ("simulate", "--log"), ("new", "-o"), ("simulate", "--games")} <= named


@pytest.mark.parametrize(("name", "option"), SINGLE_VALUED,
                         ids=[f"{name} {option.opts[0]}" for name, option in SINGLE_VALUED])
def test_an_option_of_one_value_given_twice_is_refused(name, option):
    """Issue 36: Click keeps the last of ``--matrix A --matrix B`` and drops the other without a word; every option
    that takes one value is refused when given twice (each spelling counts), before anything is read or played."""
    short, long = option.opts[0], option.opts[-1]
    for typed in ([short, "one", short, "two"], [short, "one", f"{long}=two"]):
        said = run_cli([name, *typed], exit_code=2).stderr
        assert "is given twice: it takes one value" in said and long in said, said


def test_repeatable_options_and_flags_stay_repeatable():
    deck = str(DECKS / "monsters-starter.toml")
    run_cli(["simulate", deck, "--vs", "monsters", "--vs", "skellige", "--games", "1", "--workers", "1"])
    run_cli(["odds", deck, "--all", "Ghoul", "--all", "Arachas"])
