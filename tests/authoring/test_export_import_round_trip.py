"""``deckcli export`` then ``deckcli import`` gives back the same deck (issue 11, item 2).

Property over generated decks that ``validate`` can read: any faction, Leaders
of any faction (or none, or several, or a card that is no Leader), any card in
``[cards]`` (Leaders and side-deck cards too, by mistake) and in ``[side]``
(main-deck cards too, by mistake), and any name, control characters included.
The same ``[cards]``, ``[side]``, Leader and name come back.
"""

from __future__ import annotations

import tomllib

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.cli_runs import run_cli
from helpers.depth import examples
from deckcli.catalog.loading import default_catalog

CATALOG = default_catalog()
CARD_NAMES = sorted(CATALOG.cards)
FACTIONS = sorted(f.name for f in CATALOG.factions.values())


@st.composite
def decks(draw: st.DrawFn) -> dict:
    document: dict = {}
    name = draw(st.none() | st.text(max_size=30) | st.sampled_from(["Deck #2", "Side\nDeck", " spaced ", '"quoted"',
                                                                    "a__b**c", "- bullet", "Vampire: 3", "", "\x00", "x\x85y"]))
    if name is not None:
        document["name"] = name
    document["faction"] = draw(st.sampled_from(FACTIONS))
    leaders = draw(st.lists(st.sampled_from(CARD_NAMES), unique=True, max_size=2))
    if len(leaders) == 1:
        document["leader"] = leaders[0]
    elif leaders:
        document["leader"] = leaders
    copies = st.integers(min_value=1, max_value=90)
    document["cards"] = draw(st.dictionaries(st.sampled_from(CARD_NAMES), copies, max_size=12))
    side = draw(st.dictionaries(st.sampled_from(CARD_NAMES), copies, max_size=4))
    if side:
        document["side"] = side
    return document


def _leaders(document: dict) -> list[str]:
    leader = document.get("leader", [])
    return [leader] if isinstance(leader, str) else list(leader)


def round_trip(tmp_path, document: dict, to: str) -> dict:
    deck = tmp_path / "deck.toml"
    deck.write_text(tomli_w.dumps(document), encoding="utf-8")
    run_cli(["validate", deck], exit_code=1 if _illegal(deck) else 0)
    exported = run_cli(["export", deck, "--to", to]).stdout
    imported = run_cli(["import", "-", "-o", "-"], input=exported).stdout
    return tomllib.loads(imported)


def _illegal(deck) -> bool:
    from deckcli.rules.builtin import builtin_rule_set
    from deckcli.rules.judging import judge_file

    return not judge_file(str(deck), builtin_rule_set("standard")).legal


@pytest.mark.slow
@pytest.mark.parametrize("to", ["text", "markdown"])
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(document=decks())
def test_export_then_import_gives_back_the_same_deck(tmp_path, to, document):
    again = round_trip(tmp_path, document, to)
    assert again.get("name") == document.get("name")
    assert again["faction"] == document["faction"]
    assert _leaders(again) == _leaders(document)
    assert again["cards"] == document["cards"]
    assert again.get("side", {}) == document.get("side", {})


def test_a_main_deck_card_under_side_stays_there_and_does_not_make_the_deck_legal(tmp_path):
    # A 12-Strength Olaf in [side] must not move into the main deck on the way back.
    document = {"faction": "Skellige", "leader": "King Bran", "cards": {"Clan an Craite Warrior": 3},
                "side": {"Olaf": 1}}
    again = round_trip(tmp_path, document, "text")
    assert again["cards"] == {"Clan an Craite Warrior": 3} and again["side"] == {"Olaf": 1}


def test_export_marks_every_misplaced_card(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(tomli_w.dumps({"faction": "Skellige", "leader": "King Bran",
                                   "cards": {"Hemdall": 1, "Crach an Craite": 1, "Berserker": 1},
                                   "side": {"Olaf": 1, "Transformed Vildkaarl": 1}}), encoding="utf-8")
    text = run_cli(["export", deck]).stdout
    assert "Listed in [cards] by mistake, not counted (2):\n1x Crach an Craite\n1x Hemdall" in text
    assert "Listed in [side] by mistake, they belong in the deck (1):\n1x Olaf" in text
    assert "Side deck (set aside before play):\n1x Transformed Vildkaarl" in text


def test_a_name_with_a_newline_is_quoted_and_reads_back(tmp_path):
    document = {"name": "Side\nDeck\u2028x", "faction": "Monsters", "cards": {"Arachas": 3}}
    deck = tmp_path / "deck.toml"
    deck.write_text(tomli_w.dumps(document), encoding="utf-8")
    assert run_cli(["export", deck]).stdout.startswith('Name: "Side\\nDeck\\u2028x"\n')
    assert round_trip(tmp_path, document, "text")["name"] == "Side\nDeck\u2028x"
