""""Did you mean": ordinary typos find the card meant, and any name gets at most three catalog names."""

from __future__ import annotations

import pytest
from deck_strategies import card_names, leader_names
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.catalog import default_catalog


@settings(max_examples=1500, deadline=None)
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
    ],
)
def test_ordinary_typos(typed, first):
    assert default_catalog().suggest(typed)[0] == first
