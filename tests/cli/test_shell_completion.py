"""Shell completion through Click (issue 11, item 10; issue 22, item 1): files, choices and card names.

What the shell's script hands deckcli is given here as the script gives it (bash: the line up
to the cursor and readline's word; zsh: the words); tests/cli/test_completion_in_shells.py types
into the real shells.
"""

from __future__ import annotations

import shlex

import pytest
from click.testing import CliRunner
from hypothesis import given, strategies as st

from helpers.repository import DECKS
from deckcli.cli.bash_completion import kept_prefix, shell_words
from deckcli.cli.main import cli


def complete(line: str, shell: str = "bash", replaced: str | None = None) -> list[str]:
    """What deckcli answers ``shell`` completing ``line`` (cut at the cursor); for bash, readline replaces
    ``replaced`` (bash's ``$2``: by default the line's last space-separated part)."""
    if shell == "bash":
        env = {"COMP_LINE": line, "COMP_WORD": line.rsplit(" ", 1)[-1] if replaced is None else replaced}
    else:
        env = {"COMP_WORDS": line, "COMP_CWORD": str(len(line.split(" ")) - 1)}
    result = CliRunner().invoke(cli, [], prog_name="deckcli", env={"_DECKCLI_COMPLETE": f"{shell}_complete", **env})
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@pytest.mark.parametrize(
    "words",
    ["deckcli validate nr", "deckcli stats nr", "deckcli odds nr", "deckcli export nr", "deckcli fmt nr",
     "deckcli import li", "deckcli diff a nr", "deckcli team a nr", "deckcli tournament nr", "deckcli profile nr",
     "deckcli add nr", "deckcli remove nr", "deckcli new --faction monsters -o nr", "deckcli score bo",
     "deckcli solo nr", "deckcli replay ga", "deckcli replay games.jsonl --game 1 --html pa",
     "deckcli advise bo"],
)
def test_file_arguments_complete_file_names(words):
    assert complete(words) == [f"file,{words.rsplit(' ', 1)[1]}"]


def test_choices_complete():
    assert complete("deckcli validate d --rules adv") == ["plain,advanced"]
    assert complete("deckcli new --faction sk") == ["plain,skellige"]
    assert "plain,rows" in complete("deckcli stats d --table ")
    assert "plain,github" in complete("deckcli stats d --format git")
    assert complete("deckcli validate d --format j") == ["plain,json"]
    assert complete("deckcli simulate d --solo sk") == ["plain,skellige"]
    assert complete("deckcli simulate d --solo a") == ["plain,all"]
    assert complete("deckcli simulate d --bot st") == ["plain,strong"]
    assert complete("deckcli simulate d --bot is") == ["plain,ismcts", "plain,ismcts-classic"]
    assert complete("deckcli advise b --format j") == ["plain,json"]


def test_an_opponent_completes_a_faction_else_a_file():
    """--vs takes a faction, starters or a deck file; given with a file item the factions were dropped by bash."""
    assert complete("deckcli simulate d --vs Sco") == ["plain,scoiatael"]
    assert complete("deckcli simulate d --vs st") == ["plain,starters"]
    assert complete("deckcli diff a b --simulate --vs rival") == ["file,rival"]
    assert "plain,monsters" in complete("deckcli sheet d -o x.html --simulate --vs ")


def test_card_names_complete_unquoted_for_every_shell_to_quote():
    assert complete("deckcli card ger") == ["plain,Geralt of Rivia"]
    assert complete("deckcli odds d --card horn") == ["plain,Commander's Horn"]
    assert "plain,Blue Stripes Commando" in complete("deckcli add d.toml blue")
    assert "plain,Foltest: The Siegemaster" in complete("deckcli new --faction nr --leader Foltest")
    assert complete("deckcli card ger", shell="zsh")[:2] == ["plain", "Geralt of Rivia"]
    assert complete("deckcli solo b.toml --reveal ger") == ["plain,Geralt of Rivia"]


def test_bash_gets_what_replaces_readlines_word():
    # readline replaces what follows an opened quote, and what follows a ':' typed unquoted
    assert complete('deckcli card "Commander', replaced="Commander") == ["plain,Commander's Horn"]
    assert complete("deckcli card Gaunter\\ O\\'Dimm:", replaced="") == ["plain, Darkness"]
    assert complete("deckcli validate d --rules=adv", replaced="adv") == ["plain,advanced"]


def test_a_bash_script_of_an_older_deckcli_still_completes():
    env = {"_DECKCLI_COMPLETE": "bash_complete", "COMP_WORDS": "deckcli card ger", "COMP_CWORD": "2"}
    result = CliRunner().invoke(cli, [], prog_name="deckcli", env=env)
    assert result.stdout.splitlines() == ["plain,'Geralt of Rivia'"]


def test_the_bash_script_hands_over_the_line_and_lets_readline_quote():
    script = CliRunner().invoke(cli, [], prog_name="deckcli", env={"_DECKCLI_COMPLETE": "bash_source"}).stdout
    assert 'COMP_LINE="${COMP_LINE:0:COMP_POINT}"' in script and "compopt -o filenames" in script


def test_odds_card_and_remove_complete_the_decks_own_cards():
    deck = DECKS / "northern-realms-starter.toml"
    assert complete(f"deckcli odds {deck} --card Bl") == ["plain,Blue Stripes Commando"]
    assert complete(f"deckcli remove {deck} Bl") == ["plain,Blue Stripes Commando"]
    assert len(complete("deckcli add d.toml Bl")) > 1  # add: any card of the catalog
    assert len(complete("deckcli odds no-such-deck.toml --card Bl")) > 1  # no deck to read: the catalog


_SHELL_TEXT = st.text(st.sampled_from("ab :'\"\\\t"), max_size=12)


@given(_SHELL_TEXT)
def test_shell_words_are_the_words_bash_reads(line):
    try:
        expected = shlex.split(line)
    except ValueError:  # an unclosed quote or a trailing backslash: bash would wait for more
        return
    assert shell_words(line + " ")[:-1] == expected  # the last word: the empty one after the space


def test_bash_keeps_what_precedes_readlines_word():
    assert kept_prefix("deckcli card Gaunter\\ O\\'Dimm:", "") == "Gaunter O'Dimm:"
    assert kept_prefix('deckcli card "Foltest: Th', "Foltest: Th") == ""
    assert kept_prefix("deckcli card Foltest", "Foltest") == ""


def test_leaders_complete_for_the_faction_given_before():
    skellige = complete("deckcli new --faction skellige --leader ")
    assert "plain,King Bran" in skellige and not any("Foltest" in line for line in skellige)
    assert any("Foltest" in line for line in complete("deckcli new --leader "))
