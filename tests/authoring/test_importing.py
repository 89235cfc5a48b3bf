"""deckcli import: plain lists into deck files; deckcli export: decks into plain lists; the round trip."""

from __future__ import annotations

import tomllib

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.cli_runs import deckcli_env, run_cli
from helpers.depth import examples
from helpers.repository import DECKS, EXAMPLE_DECKS, write_deck

from deckcli.catalog.loading import default_catalog
from deckcli.cli.main import cli

LEADER = "Leader: Foltest: The Siegemaster\n"


def import_text(tmp_path, text: str, *args: str, exit_code: int = 0):
    source = tmp_path / "list.txt"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "deck.toml"
    result = run_cli(["import", source, "-o", out, *args], exit_code=exit_code)
    return result, out


@pytest.mark.parametrize(
    ("line", "copies"),
    [
        ("3 Blue Stripes Commando", 3),
        ("3x Blue Stripes Commando", 3),
        ("3 x Blue Stripes Commando", 3),
        ("2× Blue Stripes Commando", 2),
        ("Blue Stripes Commando x3", 3),
        ("Blue Stripes Commando ×2", 2),
        ("Blue Stripes Commando (x2)", 2),
        ('"Blue Stripes Commando" = 2', 2),
        ("Blue Stripes Commando", 1),
        ("  blue   STRIPES commando  ", 1),
        ("- 2x **Blue Stripes Commando** (Strength 4, Tight Bond)", 2),
        ("3 Blue Stripes Commando   # my favourite", 3),
    ],
)
def test_each_line_form(tmp_path, line, copies):
    _result, out = import_text(tmp_path, LEADER + line + "\n")
    assert tomllib.loads(out.read_text("utf-8"))["cards"] == {"Blue Stripes Commando": copies}


def test_headings_blank_lines_comments_and_repeated_names(tmp_path):
    text = (
        "# Temerian siege, from the forum\n"
        "Name: Temerian Siege\n"
        "\n"
        "Leader: foltest - the siegemaster\n"
        "Units:\n"
        "2 Catapult\n"
        "Catapult\n"
        "catapult x1\n"
        "Sile de Tansarville\n"
        "Special Cards:\n"
        "2x Decoy\n"
    )
    result, out = import_text(tmp_path, text)
    document = tomllib.loads(out.read_text("utf-8"))
    assert document == {
        "name": "Temerian Siege",
        "faction": "Northern Realms",
        "leader": "Foltest: The Siegemaster",
        "cards": {"Catapult": 4, "Síle de Tansarville": 1, "Decoy": 2},
    }
    assert "Síle de Tansarville".encode("utf-8") in out.read_bytes()
    assert "from the Leader Foltest: The Siegemaster" in result.stdout


def test_unknown_name_exit_1_with_its_line_and_nothing_written(tmp_path):
    text = LEADER + "3 Blue Stripes Commando\n\n2 Blue Stripe Comando\nVampire\n"
    result, out = import_text(tmp_path, text, exit_code=1)
    lines = result.stderr.strip().splitlines()
    assert lines[0] == (
        f'{tmp_path / "list.txt"}:4: unknown-card: "Blue Stripe Comando" is not a card of any faction set; '
        "did you mean Blue Stripes Commando?"
    )
    assert lines[1].startswith(f'{tmp_path / "list.txt"}:5: ambiguous-card: "Vampire" may mean Vampire: Bruxa')
    assert "nothing written" in lines[-1]
    assert not out.exists()


def test_partial_writes_the_rest_and_still_reports(tmp_path):
    text = LEADER + "3 Blue Stripes Commando\nBlue Stripe Comando\n"
    result, out = import_text(tmp_path, text, "--partial", exit_code=1)
    assert ":3: unknown-card" in result.stderr
    assert tomllib.loads(out.read_text("utf-8"))["cards"] == {"Blue Stripes Commando": 3}
    assert result.stdout.startswith(f"wrote {out}: 3 cards, Northern Realms (from the Leader Foltest: The Siegemaster), 1 line left out;")


def test_one_card_is_counted_in_the_singular_in_import_and_export(tmp_path):
    result, out = import_text(tmp_path, "Leader: King Bran\nCerys\n")
    assert result.stdout.startswith(f"wrote {out}: 1 card, Skellige (from the Leader King Bran);")
    totals = run_cli(["export", out]).stdout.splitlines()[-1]
    assert totals == "Totals: 1 card: 1 unit (10 Strength), 0 Special Cards (0 Weather)"


def test_a_count_out_of_range_is_a_reported_line(tmp_path):
    result, out = import_text(tmp_path, LEADER + "0 Decoy\n", exit_code=1)
    assert ":2: bad-line: 0 copies of Decoy" in result.stderr and not out.exists()


def test_faction_from_option_line_leader_and_cards(tmp_path):
    # --faction wins over everything; the Faction: line over the Leader; the Leader over the cards.
    text = "Faction: Nilfgaard\nLeader: Eredin: Bringer of Death\n3 Blue Stripes Commando\n"
    # (the Leader then contradicts the faction: kept as written, with a warning; validate reports it)
    _r, out = import_text(tmp_path, text, "--faction", "skellige")
    assert tomllib.loads(out.read_text("utf-8"))["faction"] == "Skellige"
    _r, out = import_text(tmp_path, text, "--force")
    assert tomllib.loads(out.read_text("utf-8"))["faction"] == "Nilfgaard"
    _r, out = import_text(tmp_path, text.split("\n", 1)[1], "--force")
    assert tomllib.loads(out.read_text("utf-8"))["faction"] == "Monsters"
    # No Leader: 3 Northern Realms copies against 1 Skellige copy; neutral cards do not count.
    _r, out = import_text(tmp_path, "3 Blue Stripes Commando\nBerserker\n3 Decoy\nGeralt of Rivia\n", "--force")
    assert tomllib.loads(out.read_text("utf-8"))["faction"] == "Northern Realms"


def test_faction_that_cannot_be_told_exit_2(tmp_path):
    result, out = import_text(tmp_path, "3 Decoy\nGeralt of Rivia\n", exit_code=2)
    assert "--faction" in result.stderr and not out.exists()


def test_leader_listed_as_a_card_and_side_deck_cards(tmp_path):
    text = "King Bran\n3 Berserker\nTransformed Vildkaarl\nSide deck:\nHemdall\n"
    _r, out = import_text(tmp_path, text)
    document = tomllib.loads(out.read_text("utf-8"))
    assert document["leader"] == "King Bran" and document["faction"] == "Skellige"
    assert document["cards"] == {"Berserker": 3}
    assert document["side"] == {"Hemdall": 1, "Transformed Vildkaarl": 1}


def test_reads_standard_input_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "deck.toml"
    out.write_text("# mine\n", encoding="utf-8")
    result = run_cli(["import", "-", "-o", out], exit_code=2, input=LEADER + "Decoy\n")
    assert "already exists" in result.stderr and out.read_text("utf-8") == "# mine\n"
    run_cli(["import", "-", "-o", out, "--force"], input=LEADER + "Decoy\n")
    assert tomllib.loads(out.read_text("utf-8"))["cards"] == {"Decoy": 1}


def test_missing_list_file_exit_2(tmp_path):
    result = run_cli(["import", tmp_path / "nope.txt", "-o", tmp_path / "deck.toml"], exit_code=2)
    assert "no such file" in result.stderr


def test_imported_file_is_canonical(tmp_path):
    _r, out = import_text(tmp_path, LEADER + "Decoy\n3 Blue Stripes Commando\nVernon Roche\n")
    run_cli(["fmt", "--check", out])
    cards = [line.split(" = ")[0] for line in out.read_text("utf-8").splitlines() if line.endswith(("= 1", "= 3"))]
    assert cards == ['"Vernon Roche"', '"Blue Stripes Commando"', '"Decoy"']


def test_export_text_worked_out_by_hand(tmp_path):
    deck = write_deck(
        tmp_path,
        {"Decoy": 2, "Catapult": 2, "Vernon Roche": 1, "Blue Stripes Commando": 3, "Biting Frost": 1},
    )
    assert run_cli(["export", deck]).stdout == (
        "Faction: Northern Realms\n"
        "Leader: Foltest: The Siegemaster\n"
        "\n"
        "Close Combat (4 units, 22 Strength):\n"
        "1x Vernon Roche (Hero, Strength 10)\n"
        "3x Blue Stripes Commando (Strength 4, Tight Bond)\n"
        "\n"
        "Siege (2 units, 16 Strength):\n"
        "2x Catapult (Strength 8, Tight Bond)\n"
        "\n"
        "Special Cards, Weather apart (2):\n"
        "2x Decoy\n"
        "\n"
        "Weather Cards (1):\n"
        "1x Biting Frost\n"
        "\n"
        "Totals: 9 cards: 6 units (38 Strength), 3 Special Cards (1 Weather)\n"
    )


def test_export_markdown(tmp_path):
    deck = write_deck(tmp_path, {"Sile de Tansarville": 1})
    text = run_cli(["export", deck, "--to", "markdown"]).stdout
    assert "- **Leader:** Foltest: The Siegemaster" in text
    assert "### Ranged Combat (1 unit, 5 Strength)" in text
    assert "- 1× Síle de Tansarville (Strength 5)" in text


def test_export_refuses_unknown_names(tmp_path):
    deck = write_deck(tmp_path, {"Decoy": 1, "Blue Stripe Comando": 2})
    result = run_cli(["export", deck], exit_code=1)
    assert f"{deck}:5: unknown-card" in result.stderr and result.stdout == ""
    assert result.stderr.splitlines()[-1] == f"{deck}: fix the card names above first (deckcli validate lists every problem)"


@pytest.mark.parametrize("deck", EXAMPLE_DECKS, ids=lambda p: p.name)
def test_export_then_import_gives_back_the_same_deck(tmp_path, deck):
    exported = run_cli(["export", deck]).stdout
    out = tmp_path / "again.toml"
    run_cli(["import", "-", "-o", out], input=exported)
    assert tomllib.loads(out.read_text("utf-8")) == tomllib.loads(deck.read_text("utf-8"))


def test_markdown_export_reads_back_too(tmp_path):
    deck = DECKS / "skellige-advanced.toml"
    out = tmp_path / "again.toml"
    run_cli(["import", "-", "-o", out], input=run_cli(["export", deck, "--to", "markdown"]).stdout)
    original = tomllib.loads(deck.read_text("utf-8"))
    again = tomllib.loads(out.read_text("utf-8"))
    assert again == original, "name, faction, Leader, cards and side deck all come back"


def test_a_markdown_title_after_the_first_line_or_a_comment_is_not_a_name(tmp_path):
    _r, out = import_text(tmp_path, LEADER + "## not a name\n3 Blue Stripes Commando\n")
    assert "name" not in tomllib.loads(out.read_text("utf-8"))
    _r, out = import_text(tmp_path, "# from the group chat\n" + LEADER + "3 Blue Stripes Commando\n", "--force")
    assert "name" not in tomllib.loads(out.read_text("utf-8"))


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_no_list_crashes_import(text):
    """Whatever the list holds: a deck (exit 0) or reported lines (exit 1), never a traceback.

    Only NUL characters (UTF-16 text, or no text at all), a text that opens like a JSON object (a
    gwent-classic deck file) but is not valid JSON, and a JSON document of another shape (``[]``)
    make the list unreadable (exit 2).
    """
    result = CliRunner().invoke(cli, ["import", "-", "-o", "-", "--faction", "monsters"], input=text, env=deckcli_env())
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if "\x00" in text:
        assert result.exit_code == 2 and ("looks like UTF-16" in result.stderr or "holds NUL bytes" in result.stderr)
        return
    if text.lstrip().startswith("{") and result.exit_code == 2:
        assert "JSON" in result.stderr
        return
    if result.exit_code == 2 and _is_json(text):
        assert "not a gwent-classic deck file" in " ".join(result.stderr.split())
        return
    assert result.exit_code in (0, 1)
    if result.exit_code == 0:
        assert tomllib.loads(result.stdout)["faction"] == "Monsters"


def test_a_leader_of_another_faction_than_the_faction_line_is_kept_with_a_warning(tmp_path):
    result, out = import_text(tmp_path, "Faction: Monsters\nLeader: King Bran\n3 Arachas\n")
    assert result.stderr.splitlines()[0] == (
        f"{tmp_path / 'list.txt'}:2: warning: off-faction: King Bran is not in the Monsters set: every card must show the deck's faction colour "
        "(the faction comes from the Faction: line); kept as written: deckcli validate reports it"
    )
    document = tomllib.loads(out.read_text("utf-8"))
    assert document["leader"] == "King Bran" and document["faction"] == "Monsters"


def test_the_unreadable_lines_are_shown_when_the_faction_cannot_be_told(tmp_path):
    result, out = import_text(tmp_path, "100 Arachas\n", exit_code=2)
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'list.txt'}:1: bad-line: 100 copies of Arachas: a count is a whole number from 1 to 90",
        f"{tmp_path / 'list.txt'}: cannot tell the faction: no Leader and no faction's own cards decide it; give --faction",
    ]
    assert not out.exists()


def test_unknown_names_are_shown_too_when_the_faction_cannot_be_told(tmp_path):
    result, out = import_text(tmp_path, "Vernon\n2 Decoy\n", exit_code=2)
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f'{tmp_path / "list.txt"}:1: unknown-card: "Vernon" is not a card of any faction set')
    assert lines[1].endswith("cannot tell the faction: no Leader and no faction's own cards decide it; give --faction")
    assert not out.exists()


def test_a_deck_name_with_a_hash_comes_back_from_export(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text((DECKS / "skellige-starter.toml").read_text("utf-8").replace('name = "', 'name = "Deck #2 ', 1),
                    encoding="utf-8")
    out = tmp_path / "again.toml"
    run_cli(["import", "-", "-o", out], input=run_cli(["export", deck]).stdout)
    assert tomllib.loads(out.read_text("utf-8"))["name"] == tomllib.loads(deck.read_text("utf-8"))["name"]


@pytest.mark.parametrize("line", ["2.5 Scorch", "Scorch x2.5", "2,5x Scorch"])
def test_a_decimal_count_is_a_bad_line(tmp_path, line):
    result, out = import_text(tmp_path, LEADER + line + "\n", exit_code=1)
    assert ":2: bad-line: " in result.stderr and "a count is a whole number from 1 to 90" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("line", ["“Isengrim Faoiltiarna”", "“Commander’s Horn” = 1", "Thaler\u200b", "Keira\u200b Metz"])
def test_curly_quotes_and_invisible_characters_are_read(tmp_path, line):
    _result, out = import_text(tmp_path, "Leader: Foltest: The Siegemaster\n" + line + "\n")
    assert len(tomllib.loads(out.read_text("utf-8"))["cards"]) == 1


def test_a_line_of_only_invisible_characters_is_blank(tmp_path):
    _result, out = import_text(tmp_path, LEADER + "\u200b\n3 Blue Stripes Commando\n")
    assert tomllib.loads(out.read_text("utf-8"))["cards"] == {"Blue Stripes Commando": 3}


def test_import_puts_every_card_where_it_belongs(tmp_path):
    listed = "Faction: Skellige\nLeader:\nKing Bran\nSide deck:\nMardroeme\nHemdall\nOlaf\n"
    out = run_cli(["import", "-", "-o", "-"], input=listed).stdout
    cards, side = out.split("[cards]")[1].split("[side]")
    assert cards.split() == ['"Olaf"', "=", "1", '"Mardroeme"', "=", "1"]  # Mardroeme is no side-deck card
    assert side.strip() == '"Hemdall" = 1'


def test_import_refuses_a_unit_as_leader_and_a_second_faction(tmp_path):
    listed = "Faction: Skellige\nFaction: Monsters\nLeader: Ermion\nOlaf\n"
    target = tmp_path / "deck.toml"
    result = run_cli(["import", "-", "-o", target], input=listed, exit_code=1)
    assert "<stdin>:2: bad-line: Faction: Monsters contradicts Faction: Skellige on line 1" in result.stdout + result.stderr
    # kept as written (export then import keeps what validate reads), with a warning
    assert "<stdin>:3: warning: not-a-leader: Ermion is not a Leader Card" in result.stderr
    assert "kept as written" in result.stderr
    assert not target.exists()


def test_import_of_a_deck_file(tmp_path):
    result = run_cli(["import", DECKS / "monsters-starter.toml", "-o", tmp_path / "x.toml"], exit_code=2)
    assert "is a deck file (TOML) already, not a card list" in result.stderr


def test_import_parsing_assumptions_hold_for_every_card_name():
    # The list reader treats a trailing "(...)" as a note and leading/trailing numbers as counts.
    for name in default_catalog().cards:
        assert "(" not in name and "[" not in name and "#" not in name
        assert not name[0].isdigit() and not name[-1].isdigit()


def test_export_keeps_misplaced_cards_apart(tmp_path):
    deck = write_deck(tmp_path, {"Hemdall": 1, "Kambi": 1, "Crach an Craite": 1, "Olaf": 1},
                      faction="Skellige", leader="King Bran")
    out = run_cli(["export", deck]).stdout
    assert "Listed in [cards] by mistake, not counted (2):\n1x Crach an Craite\n1x Hemdall" in out
    # Kambi (0) and Olaf (12): the groups add up to the totals
    assert "Totals: 2 cards: 2 units (12 Strength)" in out


def _is_json(text: str) -> bool:
    import json

    try:
        json.loads(text)
    except ValueError:
        return False
    return True
