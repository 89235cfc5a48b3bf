"""deckcli draw: a sample opening hand, reproducible with --seed, with set-aside exchanges (§6)."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.cli_runs import run_cli
from helpers.depth import examples
from helpers.repository import DECKS, write_deck
from deckcli.analysis.main_deck import main_deck
from deckcli.rules.judging import read_resolved_deck
from deckcli.sheets.sample_hand import draw_hand

STARTER = DECKS / "monsters-starter.toml"


def drawn(*args: object) -> dict:
    return json.loads(run_cli(["draw", STARTER, "--format", "json", *args]).stdout)


def test_the_same_seed_draws_the_same_hand():
    assert drawn("--seed", 7) == drawn("--seed", 7)
    assert drawn("--seed", 7)["opening"] != drawn("--seed", 8)["opening"]


def test_without_a_seed_the_seed_is_shown_and_draws_the_hand_again():
    first = drawn()
    assert first == drawn("--seed", first["seed"])
    text = run_cli(["draw", STARTER]).stdout
    assert "--seed " in text and "draws this hand again" in text


def test_a_hand_is_ten_cards_of_the_main_deck_never_the_leader():
    hand = drawn("--seed", 1)
    assert hand["hand_size"] == len(hand["opening"]) == 10
    assert hand["leader"] not in [c["card"] for c in hand["opening"]]


def test_daisy_of_the_valley_draws_eleven(tmp_path):
    cards = {"Isengrim Faoiltiarna": 1, "Dol Blathanna Archer": 1, "Elven Skirmisher": 3, "Dwarven Skirmisher": 3,
             "Havekar Healer": 3, "Mahakaman Defender": 5, "Vrihedd Brigade Recruit": 1, "Decoy": 2}
    path = write_deck(tmp_path, cards, faction="Scoia'tael", leader="Francesca Findabair: Daisy of the Valley")
    hand = json.loads(run_cli(["draw", path, "--seed", 3, "--format", "json"]).stdout)
    assert len(hand["opening"]) == 11


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**31 - 1), exchanges=st.integers(0, 2))
def test_exchanges_replace_a_card_with_one_not_set_aside(seed, exchanges):
    main = main_deck(read_resolved_deck(str(STARTER)))
    hand = draw_hand(main, seed, exchanges)
    copies = {p.card.name: p.copies for p in main.cards}
    assert len(hand.exchanges) == exchanges and len(hand.hand) == len(hand.opening)
    for cards in (hand.opening, hand.hand, (*hand.opening, *(e.drawn for e in hand.exchanges))):
        assert all(n <= copies[name] for name, n in Counter(c.name for c in cards).items())
    expected = Counter(c.name for c in hand.opening)
    for exchange in hand.exchanges:
        expected[exchange.set_aside.name] -= 1
        expected[exchange.drawn.name] += 1
    assert +expected == Counter(c.name for c in hand.hand)


def test_text_groups_the_hand_by_row_and_says_what_the_exchange_changed():
    text = run_cli(["draw", STARTER, "--seed", 7, "--exchange", 2], env={"COLUMNS": "80"}).stdout
    assert "Close Combat:" in text and "Strength" in text
    assert "1. set aside" in text and "2. set aside" in text and "drew" in text
    assert "Hand after the exchange:" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_more_than_two_exchanges_is_refused():
    result = run_cli(["draw", STARTER, "--exchange", 3], exit_code=2)
    assert "0<=x<=2" in result.stderr or "range" in result.stderr


def test_unknown_names_stop_the_draw(tmp_path):
    path = write_deck(tmp_path, {"Blue Stripe Comando": 2})
    run_cli(["draw", path], exit_code=1)
