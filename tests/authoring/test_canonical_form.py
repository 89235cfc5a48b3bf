"""deckcli fmt: canonical deck files, comments and unknown keys kept, --check changing nothing."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.cli_runs import run_cli
from helpers.depth import examples
from helpers.repository import EXAMPLE_DECKS

from deckcli.catalog.loading import default_catalog
from deckcli.authoring.canonical_form import format_deck

MESSY = """\
# My deck, do not lose this comment
name = "Test"
faction = "northern realms"   # faction comment
leader = "foltest - the siegemaster"
colour = "blue"

[cards]
decoy = 1
# the bond
"blue stripes commando" = 2  # two here
"Vernon Roche" = 1
"BLUE STRIPES COMMANDO" = 1
"Catapult" = 2
"Sile de Tansarville" = 1
"""

# Worked out by hand: Heroes first, then units by row (Close Combat, Ranged Combat, Siege),
# then Special Cards; the two commando lines merged (2 + 1); the comment line moves with
# its card; the inline comment stays; the unknown key and the header comment are kept.
CANONICAL = """\
# My deck, do not lose this comment
name = "Test"
faction = "Northern Realms"   # faction comment
leader = "Foltest: The Siegemaster"
colour = "blue"

[cards]
"Vernon Roche" = 1
# the bond
"Blue Stripes Commando" = 3  # two here
"Síle de Tansarville" = 1
"Catapult" = 2
"Decoy" = 1
"""


def test_fmt_rewrites_in_canonical_form_keeping_comments(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(MESSY, encoding="utf-8")
    result = run_cli(["fmt", deck])
    assert result.stdout.strip() == f"{deck}: reformatted"
    assert deck.read_text("utf-8") == CANONICAL
    assert [p.name for p in tmp_path.iterdir()] == ["deck.toml"]
    checked = run_cli(["validate", deck], exit_code=1).stdout  # 7 units: too few, but no duplicate left
    assert "merged-duplicate" not in checked and "units-min" in checked


def test_check_changes_nothing_and_exits_1(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(MESSY, encoding="utf-8")
    result = run_cli(["fmt", "--check", deck], exit_code=1)
    assert "would be reformatted" in result.stdout
    assert deck.read_text("utf-8") == MESSY


def test_check_exits_0_when_canonical(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(CANONICAL, encoding="utf-8")
    assert run_cli(["fmt", "--check", deck]).stdout == ""
    run_cli(["fmt", deck])
    assert deck.read_text("utf-8") == CANONICAL


def test_check_with_one_file_to_change_among_several(tmp_path):
    good = tmp_path / "good.toml"
    good.write_text(CANONICAL, encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(MESSY, encoding="utf-8")
    result = run_cli(["fmt", "--check", good, bad], exit_code=1)
    assert result.stdout.strip() == f"{bad}: would be reformatted"


def test_unreadable_file_exit_2_and_the_others_still_done(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('faction = "Monsters"\n[cards]\n"Decoy" = "two"\n', encoding="utf-8")
    deck = tmp_path / "deck.toml"
    deck.write_text(MESSY, encoding="utf-8")
    result = run_cli(["fmt", bad, deck], exit_code=2)
    assert result.stderr.startswith(f"{bad}:3:"), "a file's problem starts FILE:LINE:, as in validate"
    assert bad.read_text("utf-8").endswith('"two"\n')
    assert deck.read_text("utf-8") == CANONICAL


def test_unknown_names_stay_last_with_a_warning(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('faction = "Monsters"\n[cards]\n"Blue Stripe Comando" = 2\n"Decoy" = 1\n', encoding="utf-8")
    result = run_cli(["fmt", deck])
    assert "warning: unknown-card" in result.stderr
    assert deck.read_text("utf-8") == 'faction = "Monsters"\n[cards]\n"Decoy" = 1\n"Blue Stripe Comando" = 2\n'


def test_side_table_crlf_and_byte_order_mark_are_kept(tmp_path):
    deck = tmp_path / "deck.toml"
    text = 'faction = "Skellige"\r\n[cards]\r\n"Kambi" = 1\r\n"Berserker" = 1\r\n\r\n[side]\r\nhemdall = 1\r\n'
    deck.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    run_cli(["fmt", deck])
    expected = 'faction = "Skellige"\r\n[cards]\r\n"Berserker" = 1\r\n"Kambi" = 1\r\n\r\n[side]\r\n"Hemdall" = 1\r\n'
    assert deck.read_bytes() == b"\xef\xbb\xbf" + expected.encode("utf-8")


def test_dotted_card_keys_are_refused_unchanged(tmp_path):
    deck = tmp_path / "deck.toml"
    text = 'faction = "Skellige"\ncards.decoy = 1\n'
    deck.write_text(text, encoding="utf-8")
    result = run_cli(["fmt", deck], exit_code=2)
    assert "write it as one [cards] table" in result.stderr and deck.read_text("utf-8") == text


def test_standard_input_is_printed(tmp_path):
    result = run_cli(["fmt", "-"], input=MESSY)
    assert result.stdout == CANONICAL


def test_fmt_keeps_every_example_deck_the_same_deck(tmp_path):
    for source in EXAMPLE_DECKS:
        copy = tmp_path / source.name
        copy.write_bytes(source.read_bytes())
        run_cli(["fmt", copy])
        assert tomllib.loads(copy.read_text("utf-8")) == tomllib.loads(source.read_text("utf-8"))
        assert copy.read_text("utf-8").splitlines()[0] == source.read_text("utf-8").splitlines()[0]
        run_cli(["fmt", "--check", copy])


NAMES = sorted(name for name, card in default_catalog().cards.items() if not card.is_leader)


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 3), st.booleans()), min_size=1, max_size=12))
def test_fmt_is_idempotent_and_keeps_the_copies(entries):
    lines = ['faction = "Skellige"', "[cards]"]
    expected: dict[str, int] = {}
    for index, (name, copies, shout) in enumerate(entries):
        # Each spelling must be a distinct TOML key: vary case and add index spaces.
        spelling = (name.upper() if shout else name.lower()) + " " * index
        lines.append(f'"{spelling}" = {copies}')
        expected[name] = expected.get(name, 0) + copies
    once = format_deck(("\n".join(lines) + "\n").encode("utf-8"), "deck.toml")
    assert tomllib.loads(once.text)["cards"] == expected
    assert not format_deck(once.text.encode("utf-8"), "deck.toml").changed


LINES = [
    'faction = "Skellige"', 'faction = "nilfgaard"  # f', 'leader = "king bran"', 'leader = ["King Bran", "Crach an Craite"]',
    "[cards]", "[side]", "[cards] # main", "", "# a comment", 'name = "Test"', "extra = 1", "[other]",
    '"Decoy" = 2', "decoy = 1", '"BERSERKER" = 3  # three', '"Hemdall" = 1', '"Blue Stripe Comando" = 1',
    "cards.Decoy = 1", 'cards = {Decoy = 1, "Scorch" = 2}', '"Decoy" = "two"', "Scorch = 0", "x = [1,", "  ",
    '"Síle de Tansarville" = 1', "'Kambi' = 1", '"Vampire" = 1',
]


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=14), st.booleans())
def test_no_deck_crashes_fmt_and_fmt_is_stable(lines, crlf):
    from deckcli.errors import DeckcliError

    text = ("\r\n" if crlf else "\n").join(lines) + "\n"
    try:
        once = format_deck(text.encode("utf-8"), "deck.toml")
    except DeckcliError:
        return
    again = format_deck(once.text.encode("utf-8"), "deck.toml")
    assert not again.changed and again.text == once.text


def test_a_merge_past_the_largest_count_is_refused_and_the_file_kept(tmp_path):
    deck = tmp_path / "deck.toml"
    text = 'faction = "Northern Realms"\n[cards]\n"Ves" = 60\n"ves" = 60\n'
    deck.write_text(text, encoding="utf-8")
    result = run_cli(["fmt", deck], exit_code=2)
    assert result.stderr.strip() == (
        f"{deck}:4: Ves: 120 copies once its lines are merged; a deck file holds at most 90: "
        "nothing rewritten, fix the counts by hand"
    )
    assert deck.read_text("utf-8") == text


def test_max_copies_is_the_deck_schemas_maximum():
    from deckcli.deck.reading import MAX_COPIES
    from deckcli.files.schemas import packaged_schema

    assert packaged_schema("deck")["$defs"]["cardTable"]["additionalProperties"]["maximum"] == MAX_COPIES


def test_top_level_keys_are_spaced_as_the_cards_are(tmp_path):
    deck = tmp_path / "tight.toml"
    deck.write_text('faction="Skellige" # mine\nleader  =   "Crach an Craite"\n"name"="x"\n[cards]\n"Decoy"=2\n', "utf-8")
    run_cli(["fmt", deck])
    assert deck.read_text("utf-8") == 'faction = "Skellige" # mine\nleader = "Crach an Craite"\n"name" = "x"\n[cards]\n"Decoy" = 2\n'
    run_cli(["fmt", "--check", deck])
