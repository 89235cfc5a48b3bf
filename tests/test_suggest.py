""""Did you mean": the indexed suggestions give exactly what plain difflib gives, for any name."""

from __future__ import annotations

import difflib

import pytest
from deck_strategies import card_names, leader_names
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.catalog import default_catalog
from deckcli.names import NamePool, fold, head, suggest


def difflib_suggest(name: str, candidates: dict[str, str], limit: int = 3) -> list[str]:
    """The suggestion rule written plainly (as deckcli first had it): the reference."""
    key = fold(name)[:80]
    close = difflib.get_close_matches(key, list(candidates), n=limit, cutoff=0.6)
    if not close:
        close = [k for k in candidates if key and (key in k or head(k) == head(key))][:limit]
    return [candidates[k] for k in close]


@settings(max_examples=1500, deadline=None)
@given(name=card_names | leader_names | st.text(max_size=120))
def test_catalog_suggestions_are_difflibs(name):
    catalog = default_catalog()
    assert catalog.suggest(name) == difflib_suggest(name, catalog.display_names)


@settings(max_examples=500, deadline=None)
@given(
    names=st.lists(st.text(min_size=0, max_size=15), max_size=12, unique_by=fold),
    name=st.text(max_size=20),
    limit=st.integers(1, 5),
)
def test_any_pool_gives_difflibs_answer(names, name, limit):
    candidates = {fold(n): n for n in names}
    assert suggest(name, candidates, limit) == difflib_suggest(name, candidates, limit)
    assert NamePool(candidates).suggest(name, limit) == difflib_suggest(name, candidates, limit)


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


def test_a_remembered_answer_cannot_be_changed_by_a_caller():
    catalog = default_catalog()
    catalog.suggest("Blue Stripe Comando").append("mine")
    assert catalog.suggest("Blue Stripe Comando") == difflib_suggest("Blue Stripe Comando", catalog.display_names)


def test_a_limit_below_one_is_refused_like_difflib():
    with pytest.raises(ValueError):
        NamePool({"decoy": "Decoy"}).suggest("Decoy", 0)
