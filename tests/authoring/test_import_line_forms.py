"""Every count form players paste is read by ``deckcli import`` (issue 11, item 1); a count that cannot be read is a problem line."""

from __future__ import annotations

import re
import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.cli_runs import run_cli
from deckcli.authoring import importing

LEADER = "Leader: Foltest: King of Temeria\n"


def imported(text: str, *args: str, exit_code: int = 0):
    result = run_cli(["import", "-", "-o", "-", *args], input=text, exit_code=exit_code)
    return result, (tomllib.loads(result.stdout) if result.stdout.strip() else None)


@pytest.mark.parametrize(
    "line",
    [
        "3x Blue Stripes Commando",
        "3 x Blue Stripes Commando",
        "3 Blue Stripes Commando",
        "3× Blue Stripes Commando",
        "3,Blue Stripes Commando",
        "3\tBlue Stripes Commando",
        "Blue Stripes Commando x3",
        "Blue Stripes Commando x 3",
        "Blue Stripes Commando ×3",
        "Blue Stripes Commando 3x",
        "Blue Stripes Commando (3x)",
        "Blue Stripes Commando (x3)",
        "Blue Stripes Commando (3)",
        "Blue Stripes Commando [3]",
        "Blue Stripes Commando [x3]",
        "Blue Stripes Commando (3 copies)",
        "Blue Stripes Commando (three)",
        "Blue Stripes Commando x three",
        "Blue Stripes Commando - 3",
        "Blue Stripes Commando – 3",
        "Blue Stripes Commando —3",
        "Blue Stripes Commando: 3",
        "Blue Stripes Commando,3",
        "Blue Stripes Commando, 3",
        "Blue Stripes Commando\t3",
        '"Blue Stripes Commando" = 3',
        "- 3x Blue Stripes Commando",
        "1. 3x Blue Stripes Commando",
        "3x Blue Stripes Commando (Strength 4, Tight Bond)",
        # pasted from chats (issue 22, item 5)
        "▪️ 3x Blue Stripes Commando",
        "👉 3x Blue Stripes Commando",
        "✅ Blue Stripes Commando x3",
        "Blue Stripes Commando ×3 💪",
        "Blue Stripes Commando ×3 🔥🔥",
        "3x Blue Stripes Commando // the Tight Bond",
        "Blue Stripes Commando 3 copies",
        "「Blue Stripes Commando」 x3",
        "『Blue Stripes Commando』 ×3",
    ],
)
def test_every_count_form_gives_three_copies(line):
    _result, document = imported(LEADER + line + "\n")
    assert document["cards"] == {"Blue Stripes Commando": 3}, line


def test_a_numbered_list_is_not_a_count():
    _result, document = imported(LEADER + "1. Vernon Roche\n2. John Natalis\n3) Ves\n")
    assert document["cards"] == {"Vernon Roche": 1, "John Natalis": 1, "Ves": 1}


def test_a_colon_count_only_after_a_whole_card_name():
    # "Vampire: Katakan" is one name, not "Vampire" with a count; "Vampire: 2" is no card and no count.
    result, _document = imported("Leader: Eredin: Bringer of Death\nVampire: Katakan\nVampire: 2\n", exit_code=1)
    assert ":3: " in result.stderr and ":2: " not in result.stderr


def test_leader_with_a_dash_and_a_title_line():
    result, document = imported("My Temeria deck\nLeader - Foltest: King of Temeria\n2x Ves\n")
    assert document["leader"] == "Foltest: King of Temeria"
    assert document["name"] == "My Temeria deck" and document["cards"] == {"Ves": 2}
    assert "taken as the deck's name" in result.stderr


@pytest.mark.parametrize(
    "line",
    ["Blue Stripes Commando (2 of 3)", "Blue Stripes Commando (3 coppies)", "Blue Stripes Commando x3.5",
     "Blue Stripes Commando [lots 3]"],
)
def test_a_count_that_cannot_be_read_is_a_problem_line_never_one_copy(line):
    result, document = imported(LEADER + line + "\n", exit_code=1)
    assert document is None
    assert ":2: bad-line:" in result.stderr, result.stderr


@pytest.mark.parametrize("line", ["Blue Stripes Commando -3", "Blue Stripes Commando -1"])
def test_a_negative_count_is_a_problem_line_never_copies(line):
    result, document = imported(LEADER + line + "\n", exit_code=1)
    assert document is None
    assert f":2: bad-line: {line.rsplit(' ', 1)[1]} copies of Blue Stripes Commando: a count is a whole number" in result.stderr


def test_a_count_with_a_thousands_separator_is_one_count():
    result, document = imported(LEADER + "Blue Stripes Commando 1,000\n", exit_code=1)
    assert document is None
    assert ":2: bad-line: 1000 copies of Blue Stripes Commando: a count is a whole number" in result.stderr


def test_chat_decorations_around_one_copy():
    text = LEADER + "👉 Ves\nDethmold 1 copy\n「Scorch」\nKeira Metz 💜\n// the specials\nDecoy // two later\n"
    _result, document = imported(text)
    assert document["cards"] == {"Ves": 1, "Dethmold": 1, "Scorch": 1, "Keira Metz": 1, "Decoy": 1}


def test_a_line_only_in_bold_is_a_heading():
    text = "**Leader**\nFoltest: King of Temeria\n**Units**\n3x Blue Stripes Commando\n**Side deck:**\nBovine Defense Force\n"
    result, document = imported(text)  # exit 0: no line left out
    assert document["leader"] == "Foltest: King of Temeria"
    assert document["cards"] == {"Blue Stripes Commando": 3} and document["side"] == {"Bovine Defense Force": 1}
    assert "Units" not in result.stderr


def test_a_card_name_in_bold_is_still_a_card():
    _result, document = imported(LEADER + "**Vernon Roche**\n**2x Ves**\n")
    assert document["cards"] == {"Vernon Roche": 1, "Ves": 2}


def test_a_deck_name_keeps_its_emoji_and_its_slashes():
    _result, document = imported("Name: 🔥 Temeria // v2 🔥\n" + LEADER + "Ves\n")
    assert document["name"] == "🔥 Temeria // v2 🔥"


_SEARCHED_NOTE = re.compile(r"\s*(?:\((?:[^()]|\([^()]*\))*\)|\[[^\[\]]*\])$")
"""How a note at the end of a line was found before: a search, which tries every position of the line."""


def _stripped_by_searching(text: str) -> str:
    while True:
        note = _SEARCHED_NOTE.search(text)
        if note is None or (importing._COUNTISH.search(note.group()) and not importing._STRENGTH_NOTE.search(note.group())):
            return text
        if not text[: note.start()]:
            return text
        text = text[: note.start()]


@given(st.text(alphabet="()[] \tax3Strengthcopies", max_size=40))
def test_notes_are_read_from_the_end_as_a_search_for_them_reads_them(text):
    # read backwards, a line of 3,300 notes costs one pass, not one pass a note (0.6 s a line: benchmarks/hostile.py)
    assert importing._strip_notes(text) == _stripped_by_searching(text)
    searched = _SEARCHED_NOTE.search(text)
    found = next(importing._trailing_notes(text), None)
    assert (found is None) == (searched is None)
    if searched is not None and found is not None:
        assert found == (searched.start(), searched.group())
