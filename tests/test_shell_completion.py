"""Shell completion through Click (issue 11, item 10): files, choices and card names, quoted for bash."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from deckcli.cli.main import cli


def complete(words: str, shell: str = "bash") -> list[str]:
    line = words.split(" ")
    env = {"_DECKCLI_COMPLETE": f"{shell}_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(line) - 1)}
    result = CliRunner().invoke(cli, [], prog_name="deckcli", env=env)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@pytest.mark.parametrize(
    "words",
    ["deckcli validate nr", "deckcli stats nr", "deckcli odds nr", "deckcli export nr", "deckcli fmt nr",
     "deckcli import li", "deckcli diff a nr", "deckcli team a nr", "deckcli tournament nr", "deckcli profile nr",
     "deckcli add nr", "deckcli remove nr", "deckcli new --faction monsters -o nr", "deckcli score bo"],
)
def test_file_arguments_complete_file_names(words):
    assert complete(words) == [f"file,{words.rsplit(' ', 1)[1]}"]


def test_choices_complete():
    assert complete("deckcli validate d --rules adv") == ["plain,advanced"]
    assert complete("deckcli new --faction sk") == ["plain,skellige"]
    assert "plain,rows" in complete("deckcli stats d --table ")
    assert "plain,github" in complete("deckcli stats d --format git")
    assert complete("deckcli validate d --format j") == ["plain,json"]


def test_card_names_complete_quoted_for_bash_and_plain_for_zsh():
    assert complete("deckcli card ger") == ["plain,'Geralt of Rivia'"]
    assert complete("deckcli odds d --card horn") == ["plain,'Commander'\"'\"'s Horn'"]
    assert "plain,'Blue Stripes Commando'" in complete("deckcli add d.toml blue")
    assert "plain,'Foltest: The Siegemaster'" in complete("deckcli new --faction nr --leader Foltest")
    assert complete("deckcli card ger", shell="zsh")[:2] == ["plain", "Geralt of Rivia"]


def test_leaders_complete_for_the_faction_given_before():
    skellige = complete("deckcli new --faction skellige --leader ")
    assert "plain,'King Bran'" in skellige and not any("Foltest" in line for line in skellige)
    assert any("Foltest" in line for line in complete("deckcli new --leader "))
