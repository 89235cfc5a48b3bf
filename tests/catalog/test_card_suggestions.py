""""Did you mean": ordinary typos find the card meant, and any name gets at most three catalog names."""

from __future__ import annotations

import pytest
from helpers.deck_strategies import card_names, leader_names
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.depth import examples
from deckcli.catalog.loading import default_catalog


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)  # a weak invariant (at most three names, all the catalog's): 200 is plenty
@given(name=card_names | leader_names | st.text(max_size=120))
def test_suggestions_are_catalog_names(name):
    catalog = default_catalog()
    found = catalog.suggest(name)
    assert len(found) <= 3 and all(s in catalog.cards for s in found)


@pytest.mark.parametrize(
    ("typed", "first"),
    [
        ("Blue Stripe Comando", "Blue Stripes Commando"),
        ("Geralt of Rivea", "Geralt of Rivia"),
        ("Commanders Horn", "Commander's Horn"),
        ("Yenefer of Vengerberg", "Yennefer of Vengerberg"),
        ("Dandelon", "Dandelion"),
        ("Torential Rain", "Torrential Rain"),
        ("Foltest the siegemaster", "Foltest: The Siegemaster"),
        ("Vernon", "Vernon Roche"),  # the start of a name comes before a look-alike (Wyvern)
        ("Yarpen", "Yarpen Zigrin"),
        ("Geralt", "Geralt of Rivia"),
    ],
)
def test_ordinary_typos(typed, first):
    assert default_catalog().suggest(typed)[0] == first


def test_every_list_of_names_reads_a_b_or_c(tmp_path):
    from helpers.cli_runs import run_cli
    from helpers.repository import write_deck

    deck = write_deck(tmp_path, {"Vernon": 1, "Vampire": 1}, faction="Monsters", leader="Eredin: Bringer of Death")
    out = run_cli(["validate", deck], exit_code=1).stdout
    assert "did you mean Vernon Roche, Wyvern or Ermion?" in out
    assert "may mean Vampire: Bruxa, Vampire: Ekimmara, Vampire: Fleder, Vampire: Garkain or Vampire: Katakan" in out
    odds = run_cli(["odds", deck, "--card", "vampire"], exit_code=2).stderr
    assert "may mean Vampire: Bruxa, Vampire: Ekimmara, Vampire: Fleder, Vampire: Garkain or Vampire: Katakan" in odds
