"""``deckcli add`` / ``deckcli remove`` edit a deck file from the shell (issue 11, item 11)."""

from __future__ import annotations

import tomllib

import pytest

from helpers.cli_runs import run_cli
from helpers.repository import write_deck

DECK = '''# my Temeria deck
name = "Temeria"
faction = "Northern Realms"
leader = "Foltest: The Siegemaster"

[cards]
"Ves" = 1  # the captain
# spies
"Sigismund Dijkstra" = 1
"Decoy" = 2
'''


def deck_file(tmp_path, text: str = DECK):
    path = tmp_path / "temeria.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_add_keeps_comments_and_order_and_prints_the_verdict(tmp_path):
    """A deck in an order of its own keeps it (the card added at the end of its table); one in canonical form stays
    in it (issue 36: ``add`` wrote files ``fmt --check`` rejects), the card at its place, comments kept."""
    own = deck_file(tmp_path, DECK.replace('"Ves" = 1  # the captain\n', "").replace('"Decoy" = 2\n',
                                                                                   '"Decoy" = 2\n"Ves" = 1\n'))
    run_cli(["fmt", own, "--check"], exit_code=1)
    before = own.read_text("utf-8")
    run_cli(["add", own, "blue stripes commando", "2"])
    assert own.read_text("utf-8") == before + '"Blue Stripes Commando" = 2\n'
    path = deck_file(tmp_path)
    run_cli(["fmt", path, "--check"])
    result = run_cli(["add", path, "blue stripes commando", "2"])
    text = path.read_text("utf-8")
    assert text == DECK.replace('# the captain\n', '# the captain\n"Blue Stripes Commando" = 2\n')
    run_cli(["fmt", path, "--check"])
    run_cli(["remove", path, "Ves"])
    run_cli(["add", path, "Ves"])
    run_cli(["add", path, "Foltest: King of Temeria"])
    run_cli(["fmt", path, "--check"])
    assert result.stdout.splitlines() == [
        f"{path}: [cards] Blue Stripes Commando: 0 -> 2",
        f"{path}: not legal under standard: 1 violation (4 units, 2 specials, 17 Strength)",
    ]


def test_add_never_passes_what_the_set_prints(tmp_path):
    path = deck_file(tmp_path)
    result = run_cli(["add", path, "Ves"], exit_code=2)
    assert "Ves: 1 + 1 copies; the Northern Realms set prints 1" in result.stderr
    assert path.read_text("utf-8") == DECK


def test_unknown_and_ambiguous_names_are_refused(tmp_path):
    path = deck_file(tmp_path)
    assert "did you mean Geralt of Rivia?" in run_cli(["add", path, "Geralt"], exit_code=2).stderr
    assert "may mean" in run_cli(["remove", path, "Vampire"], exit_code=2).stderr
    assert path.read_text("utf-8") == DECK


def test_a_side_deck_card_goes_under_side(tmp_path):
    path = deck_file(tmp_path, 'faction = "Skellige"\nleader = "King Bran"\n[cards]\n"Young Berserker" = 3\n')
    run_cli(["add", path, "Transformed Young Vildkaarl"])
    assert tomllib.loads(path.read_text("utf-8"))["side"] == {"Transformed Young Vildkaarl": 1}


def test_remove_deletes_the_line_at_zero_and_never_goes_below(tmp_path):
    path = deck_file(tmp_path)
    result = run_cli(["remove", path, "Decoy", "5", "--rules", "advanced"])
    assert '"Decoy"' not in path.read_text("utf-8") and "# spies" in path.read_text("utf-8")
    assert "Decoy: 2 -> 0 (only 2 to remove)" in result.stdout and "under advanced" in result.stdout
    assert "holds no Decoy" in run_cli(["remove", path, "Decoy"], exit_code=2).stderr


def test_add_keeps_a_files_crlf_line_ends(tmp_path):
    deck = tmp_path / "crlf.toml"
    deck.write_bytes(b'faction = "skellige"\r\nleader = "Crach an Craite"\r\n[cards]\r\n"Cerys" = 1\r\n')
    run_cli(["add", deck, "Olaf"])
    data = deck.read_bytes()
    assert b'"Olaf" = 1\r\n' in data and b"\n" not in data.replace(b"\r\n", b"")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["add", "{deck}", "Blue Stripes Commando", "-2"], "N is 1 or more; to take copies away, type:\n    deckcli remove {deck} 'Blue Stripes Commando' 2\n"),
        (["remove", "--rules", "advanced", "{deck}", "Decoy", "-1"], "N is 1 or more; to add copies, type:\n    deckcli add {deck} Decoy 1\n"),
        (["add", "{deck}", "Decoy", "-0"], "N is 1 or more; to add a copy or take one away, type:\n"
         "    deckcli add {deck} Decoy 1\n    deckcli remove {deck} Decoy 1\n"),
        (["add", "{deck}", "Decoy", "0"], "N is 1 or more; to add a copy or take one away, type:\n"
         "    deckcli add {deck} Decoy 1\n    deckcli remove {deck} Decoy 1\n"),
        (["remove", "{deck}", "Decoy", "00", "--rules", "advanced"], "N is 1 or more; to add a copy or take one away"),
    ],
)
def test_a_count_below_one_says_which_command_to_type(tmp_path, args, said):
    deck = write_deck(tmp_path, {"Decoy": 2})
    before = deck.read_bytes()
    result = run_cli([a.format(deck=deck) for a in args], exit_code=2)
    assert said.format(deck=deck) in result.stderr and "No such option" not in result.stderr
    assert deck.read_bytes() == before


def test_too_many_copies_say_how_many_may_be_added(tmp_path):
    deck = write_deck(tmp_path, {"Decoy": 2})
    said = run_cli(["add", deck, "Decoy", "999"], exit_code=2).stderr
    assert "Decoy: 2 + 999 copies; the Northern Realms set prints 3: add at most 1" in said


def test_another_faction_s_leader_is_refused_as_such(tmp_path):
    deck = write_deck(tmp_path, {"Decoy": 2})
    said = run_cli(["add", deck, "Eredin: Bringer of Death"], exit_code=2).stderr
    assert said.startswith(f"{deck}: Eredin: Bringer of Death is a Monsters Leader: a Northern Realms deck takes a "
                           "Northern Realms Leader")  # the file named, as every problem of a file is
    assert "deckcli cards --faction northern-realms --kind leader lists them" in said
    assert "leader =" not in said


def test_a_byte_order_mark_is_kept(tmp_path):
    deck = write_deck(tmp_path, {"Decoy": 2})
    deck.write_bytes(b"\xef\xbb\xbf" + deck.read_bytes())
    run_cli(["remove", deck, "Decoy"], exit_code=0)
    run_cli(["add", deck, "Scorch"], exit_code=0)
    data = deck.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\xef\xbb\xbf") == 1 and b'"Decoy" = 1' in data


def test_a_misspelt_cards_section_is_named_not_doubled(tmp_path):
    deck = tmp_path / "typo.toml"
    text = 'faction = "Monsters"\nleader = "Eredin: Bringer of Death"\n[card]\n"Decoy" = 2\n'
    deck.write_text(text, "utf-8")
    said = run_cli(["add", deck, "Decoy"], exit_code=2).stderr
    assert said.startswith(f"{deck}:3: [card] is not a section of a deck file: rename it [cards] first")
    assert deck.read_text("utf-8") == text


def test_adding_a_leader_replaces_the_leader_comments_kept(tmp_path):
    deck = deck_file(tmp_path, DECK.replace('leader = "Foltest: The Siegemaster"', 'leader = "foltest: the siegemaster"  # for now'))
    said = run_cli(["add", deck, "Foltest: King of Temeria"]).stdout
    assert said.startswith(f"{deck}: leader: Foltest: King of Temeria (replaces Foltest: The Siegemaster)\n")
    text = deck.read_text("utf-8")
    assert 'leader = "Foltest: King of Temeria"  # for now\n' in text and "# my Temeria deck" in text
    assert "# spies" in text and text.count("leader") == 1
    assert "already the deck's Leader" in run_cli(["add", deck, "Foltest: King of Temeria"]).stdout


def test_adding_a_leader_to_a_deck_without_one_sets_it_after_the_faction(tmp_path):
    deck = deck_file(tmp_path, DECK.replace('leader = "Foltest: The Siegemaster"\n', ""))
    said = run_cli(["add", deck, "Foltest: Son of Medell"]).stdout
    assert said.startswith(f"{deck}: leader: Foltest: Son of Medell (the deck had none)\n")
    assert 'faction = "Northern Realms"\nleader = "Foltest: Son of Medell"\n' in deck.read_text("utf-8")
    assert tomllib.loads(deck.read_text("utf-8"))["cards"] == tomllib.loads(DECK)["cards"]


@pytest.mark.parametrize(
    ("faction_line", "newline"),
    [
        ('faction = "Northern Realms"  # Temeria\n', "\n"),
        ("faction = 'Northern Realms'\n", "\r\n"),
        ('faction = """Northern\nRealms"""\n', "\n"),
    ],
    ids=["comment", "crlf", "multi-line value"],
)
def test_a_leader_set_on_a_deck_without_one_keeps_every_other_line(tmp_path, faction_line, newline):
    """The Leader is placed with tomlkit's public API or a checked text edit, never a private method (issue 26):
    a trailing comment, CRLF line ends and a faction written over two lines all keep the rest of the file."""
    text = DECK.replace('leader = "Foltest: The Siegemaster"\n', "").replace('faction = "Northern Realms"\n', faction_line)
    deck = tmp_path / "temeria.toml"
    deck.write_bytes(text.replace("\n", newline).encode("utf-8"))
    run_cli(["add", deck, "Foltest: Son of Medell"])
    written = deck.read_bytes().decode("utf-8")
    assert tomllib.loads(written.replace("\r\n", "\n")) == {
        **tomllib.loads(text), "leader": "Foltest: Son of Medell"
    }
    assert written.count("\r\n") == (written.count("\n") if newline == "\r\n" else 0)
    for line in text.splitlines():
        assert line in written.replace("\r\n", "\n").splitlines()
    if "#" in faction_line or newline == "\r\n":
        assert faction_line.rstrip("\n") + newline + 'leader = "Foltest: Son of Medell"' + newline in written


def test_a_leader_is_one_card(tmp_path):
    deck = deck_file(tmp_path)
    said = run_cli(["add", deck, "Foltest: Son of Medell", "2"], exit_code=2).stderr
    assert "is a Leader: a deck has one; leave N out" in said
    assert deck.read_text("utf-8") == DECK


@pytest.mark.parametrize(("leader", "said"), [
    ("foltest: the siegemaster", "Foltest: The Siegemaster is the deck's Leader"),
    ("Foltest: King of Temeria", "Foltest: King of Temeria is a Leader, not in [cards]"),
])
def test_removing_a_leader_says_how_to_change_it(tmp_path, leader, said):
    # not "[cards] holds no Foltest: The Siegemaster", which the deck's own leader line contradicts
    deck = deck_file(tmp_path)
    message = " ".join(run_cli(["remove", deck, leader], exit_code=2).stderr.split())
    assert message.startswith(f"{deck}: {said}: a deck has exactly one Leader"), message
    assert f'to change it, add another: deckcli add {deck} "LEADER"' in message
    assert deck.read_text("utf-8") == DECK


def test_a_misspelt_leader_key_is_named_not_doubled(tmp_path):
    text = DECK.replace("leader =", "Leadr =")
    deck = deck_file(tmp_path, text)
    said = run_cli(["add", deck, "Foltest: Son of Medell"], exit_code=2).stderr
    assert said.startswith(f"{deck}:4: Leadr is not a key of a deck file: rename it leader first")
    assert deck.read_text("utf-8") == text


@pytest.mark.parametrize("command", ["add", "remove"])
def test_a_missing_deck_says_how_to_start_one(tmp_path, command):
    """``deckcli add wh.toml Decoy`` on a deck not yet written said only ``no such file``."""
    missing = tmp_path / "my deck.toml"
    result = run_cli([command, missing, "Decoy"], exit_code=2)
    assert result.stderr == f"{missing}: no such file: start a deck with deckcli new --faction FACTION -o '{missing}'\n"
    assert list(tmp_path.iterdir()) == []
