"""The plain-TOML reader gives what tomllib and key_lines give, and leaves everything else to them."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.depth import examples
from helpers.repository import EXAMPLE_DECKS
from helpers.deck_strategies import FAMILIES
from deckcli.files.simple_toml import read_simple_toml
from deckcli.files.toml_lines import key_lines


def assert_same_as_tomllib(text: str) -> bool:
    """When the reader accepts ``text``, its answer is tomllib's document and key_lines' lines; whether it did."""
    simple = read_simple_toml(text)
    if simple is None:
        return False
    assert simple[0] == tomllib.loads(text)
    assert list(simple[0]) == list(tomllib.loads(text))  # and in the same order
    assert simple[1] == key_lines(text)
    return True


@pytest.mark.parametrize("path", EXAMPLE_DECKS, ids=lambda p: p.name)
def test_every_example_file_is_read_the_fast_way(path):
    text = path.read_text("utf-8")
    assert assert_same_as_tomllib(text)
    assert assert_same_as_tomllib(text.replace("\n", "\r\n"))


@pytest.mark.parametrize(
    "text",
    [
        'a = "x"\na = "y"\n',  # a repeated key
        "[cards]\n[cards]\n",  # a table twice
        'cards = 1\n[cards]\n',  # a key that is a table too
        'a = "x\\n"\n',  # an escape
        "a = 1_000\n",
        "a = 03\n",  # a leading zero is not TOML
        "a = 1.5\n",
        "a = true\n",
        "a.b = 1\n",
        "a = 'x'\n",
        "[[cards]]\n",
        'a = "x"\rb = 1\n',  # a lone carriage return
        'a = "x"\r',
        'a = "x"\u2028b = 1\n',  # a line break of str.splitlines(), not of TOML
        '\u00a0a = 1\n',  # white space that is not TOML's
        'a = "x" junk\n',
        'a = "\x01"\n',
        "# \x01\n",
        "a = 1234567890123456789\n",  # long enough to be out of a 64-bit range: tomllib decides
    ],
)
def test_anything_else_is_left_to_tomllib(text):
    assert read_simple_toml(text) is None


_PIECES = st.sampled_from([
    "", " ", "\t", "# note", "[cards]", "[ side ]\t# x", "[x-y_1]", '"Decoy" = 2', "faction = \"Skellige\"",
    'name="A \t deck"', '"" = 0', "a = -0", "a = +12", 'b = ""', 'leader = "Eredin: The Treacherous" # L',
    '"Blue Stripes Commando" = 3', "[cards", 'c = "x', "= 1", "d = 1 2", "e = 1.", "[cards]]", '"#" = 1', "f = 0x1",
])
_TEXTS = st.builds(
    lambda lines, newline, end: newline.join(lines) + end,
    st.lists(_PIECES | st.text(max_size=12), max_size=12),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from(["", "\n", "\r\n", "\r"]),
)


def check(text: str) -> None:
    """Never accepts what TOML refuses; reads what it accepts as tomllib and key_lines do."""
    try:
        tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):  # ValueError: an integer past Python's 4,300 digits
        assert read_simple_toml(text) is None
        return
    assert_same_as_tomllib(text)


@settings(max_examples=examples(500), deadline=None)
@given(text=_TEXTS)
def test_what_it_reads_it_reads_as_tomllib_does(text):
    check(text)


@settings(max_examples=examples(300), deadline=None)
@given(data=st.one_of(*FAMILIES.values()))
def test_any_file_players_feed(data):
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return
    check(text)
