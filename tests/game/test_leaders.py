"""Every Leader of the catalog in play (rulebook §5, §7 B, §21; each ability as its card's text says)."""

from __future__ import annotations

import pytest

from deckcli.catalog.loading import default_catalog
from deckcli.game.actions import LEADER_ACTION
from deckcli.game.rounds import legal_actions
from deckcli.game.leaders import ACTIVE, KNOWN, PASSIVE
from helpers.game_positions import Scripted, act, agents, names, position, row_names, row_values, side


def _offered(game):
    return LEADER_ACTION in legal_actions(game)


def test_every_leader_of_the_catalog_is_played():
    """Each of the catalog's Leaders has its ability in the engine, Active or Passive as its card says."""
    leaders = [c for c in default_catalog().cards.values() if c.is_leader]
    assert {c.name for c in leaders} == KNOWN
    for leader in leaders:
        assert (leader.name in PASSIVE) == (leader.activation == "passive"), leader.name
        assert (leader.name in ACTIVE) == (leader.activation == "active"), leader.name


def test_an_active_leader_is_used_once_and_takes_the_turn():
    """§5, §7 B: once per game; using it is the whole turn."""
    game = position(side(leader="Foltest: The Siegemaster", siege=("Ballista",), hand=("Ves",)), side(hand=("Ves",)))
    assert _offered(game)
    seats = act(game, 0, "leader")
    assert game.score(0) == 12 and game.to_move == 1 and len(game.hand[0]) == 1
    game.to_move = 0
    assert not _offered(game)


@pytest.mark.parametrize("leader, row, slot_row", [
    ("Foltest: The Siegemaster", "siege", "siege"),
    ("Eredin: Commander of the Red Riders", "close", "close"),
    ("Francesca Findabair: The Beautiful", "ranged", "ranged"),
])
def test_horn_leaders_double_their_row_unless_a_horn_is_there(leader, row, slot_row):
    unit = {"close": "Ves", "ranged": "Milva", "siege": "Ballista"}[row]
    game = position(side(leader=leader, **{row: (unit, unit)}))
    before = game.score(0)
    act(game, 0, "leader")
    assert game.score(0) == 2 * before
    horned = position(side(leader=leader, **{row: (unit,)}, horns=(row,)))
    assert not _offered(horned)
    with_unit = position(side(leader=leader, **{row: (unit,)}))
    with_unit.rows[{"close": 0, "ranged": 1, "siege": 2}[row]].append(with_unit.cards.add(default_catalog().cards["Dandelion"]))
    assert not _offered(with_unit)


@pytest.mark.parametrize("leader, row, strong, left", [
    ("Foltest: Son of Medell", "ranged", ("Milva", "Keira Metz"), ["Keira Metz"]),
    ("Foltest: The Steel-Forged", "siege", ("Ballista", "Trebuchet", "Morvran Voorhis"), ["Morvran Voorhis"]),
    ("Francesca Findabair: Queen of Dol Blathanna", "close", ("Ves", "Siegfried of Denesle", "Geralt of Rivia"),
     ["Geralt of Rivia"]),
])
def test_scorch_leaders_need_10_in_the_opponents_row(leader, row, strong, left):
    """The strongest non-Hero units of the opponent's row go, ties all, Heroes spared (§5)."""
    game = position(side(leader=leader), side(**{row: strong}))
    assert _offered(game)
    act(game, 0, "leader")
    assert row_names(game, 1, row) == left
    weak = position(side(leader=leader), side(**{row: ("Yarpen Zigrin",)}))
    assert not _offered(weak)


@pytest.mark.parametrize("leader, weather", [
    ("Foltest: King of Temeria", "Impenetrable Fog"),
    ("Emhyr var Emreis: His Imperial Majesty", "Torrential Rain"),
    ("Francesca Findabair: Pureblood Elf", "Biting Frost"),
])
def test_weather_leaders_play_their_weather_from_the_deck(leader, weather):
    game = position(side(leader=leader, deck=("Ves", weather, "Ves")), side(close=("Ves",)))
    act(game, 0, "leader")
    assert names(game, game.weather) == [weather] and sorted(names(game, game.deck[0])) == ["Ves", "Ves"]
    assert not _offered(position(side(leader=leader, deck=("Ves",))))


def test_king_of_the_wild_hunt_plays_the_weather_of_its_choice():
    me = Scripted(choices={"weather-from-deck": ["Skellige Storm"]})
    game = position(side("monsters", "Eredin: King of the Wild Hunt", deck=("Biting Frost", "Skellige Storm", "Fiend")))
    act(game, 0, "leader", agents(me))
    assert me.asked == [("weather-from-deck", ["Biting Frost", "Skellige Storm"])]
    assert names(game, game.weather) == ["Skellige Storm"]


def test_lord_commander_clears_the_weather():
    game = position(side(leader="Foltest: Lord Commander of the North", close=("Ves",)), weather=("Biting Frost",))
    assert game.score(0) == 1
    act(game, 0, "leader")
    assert game.score(0) == 5 and names(game, game.discard[0]) == ["Biting Frost"]
    assert not _offered(position(side(leader="Foltest: Lord Commander of the North")))


def test_bringer_of_death_returns_a_non_hero_card_of_the_own_discard_pile_to_hand():
    """§21: a Unit Card or Special Card of your choice from your discard pile; Hero immunity applies."""
    me = Scripted(choices={"discard-to-hand": ["Scorch"]})
    game = position(side("monsters", "Eredin: Bringer of Death", discard=("Draug", "Fiend", "Scorch")))
    act(game, 0, "leader", agents(me))
    assert me.asked == [("discard-to-hand", ["Fiend", "Scorch"])]
    assert names(game, game.hand[0]) == ["Scorch"]
    assert not _offered(position(side("monsters", "Eredin: Bringer of Death", discard=("Draug",))))


def test_the_relentless_takes_a_card_from_the_opponents_discard_pile():
    """§21: take a Unit Card or Special Card of your choice from the opponent's discard pile."""
    me = Scripted(choices={"discard-to-hand": ["Ves"]})
    game = position(side("nilfgaard", "Emhyr var Emreis: The Relentless"), side(discard=("Ves", "Vernon Roche")))
    act(game, 0, "leader", agents(me))
    assert names(game, game.hand[0]) == ["Ves"] and names(game, game.discard[1]) == ["Vernon Roche"]
    assert game.known[1] == {game.hand[0][0]}


def test_destroyer_of_worlds_discards_two_and_takes_one_from_the_deck():
    me = Scripted(choices={"discard-from-hand": ["Ghoul", "Nekker"], "deck-to-hand": ["Imlerith"]})
    game = position(side("monsters", "Eredin: Destroyer of Worlds", hand=("Ghoul", "Nekker", "Fiend"),
                         deck=("Fiend", "Imlerith")))
    act(game, 0, "leader", agents(me))
    assert sorted(names(game, game.hand[0])) == ["Fiend", "Imlerith"]
    assert names(game, game.discard[0]) == ["Ghoul", "Nekker"] and names(game, game.deck[0]) == ["Fiend"]
    assert not _offered(position(side("monsters", "Eredin: Destroyer of Worlds", hand=("Ghoul",), deck=("Fiend",))))


def test_emperor_of_nilfgaard_shows_three_random_cards_of_the_opponents_hand():
    game = position(side("nilfgaard", "Emhyr var Emreis: Emperor of Nilfgaard"),
                    side(hand=("Ves", "Ballista", "Trebuchet", "Milva", "Decoy")))
    act(game, 0, "leader")
    assert len(game.known[0]) == 3 and game.known[0] <= set(game.hand[1])


def test_hope_of_the_aen_seidhe_moves_agile_units_to_their_better_row():
    game = position(side("scoiatael", "Francesca Findabair: Hope of the Aen Seidhe", close=("Barclay Els", "Yaevinn")),
                    weather=("Biting Frost",))
    assert game.score(0) == 2
    act(game, 0, "leader")
    assert row_names(game, 0, "ranged") == ["Barclay Els", "Yaevinn"] and game.score(0) == 12
    assert not _offered(position(side("scoiatael", "Francesca Findabair: Hope of the Aen Seidhe", ranged=("Yaevinn",))))


def test_arnjolf_plays_a_tight_bond_unit_from_the_deck():
    me = Scripted(choices={"bond-from-deck": ["War Longship"]})
    game = position(side("skellige", "Arnjolf: The Patricide", siege=("War Longship",),
                         deck=("Clan an Craite Warrior", "War Longship", "Madman Lugos")))
    act(game, 0, "leader", agents(me))
    assert row_values(game, 0, "siege") == [12, 12]


def test_harald_plays_a_mardroeme_from_the_deck_on_the_chosen_row():
    me = Scripted(choices={"mardroeme-row": ["ranged"]})
    game = position(side("skellige", "Harald an Craite: The Cripple", ranged=("Young Berserker",),
                         deck=("Mardroeme", "Madman Lugos"), side_deck=("Transformed Young Vildkaarl",)))
    act(game, 0, "leader", agents(me))
    assert row_names(game, 0, "ranged") == ["Transformed Young Vildkaarl"]
    assert names(game, game.mardroeme[1]) == ["Mardroeme"]


def test_crach_an_craite_shuffles_both_discard_piles_back():
    game = position(side("skellige", "Crach an Craite", discard=("Madman Lugos",), deck=("Svanrige",)),
                    side(discard=("Ves", "Ves")))
    act(game, 0, "leader")
    assert game.discard == [[], []] and len(game.deck[0]) == 2 and len(game.deck[1]) == 2


def test_invader_of_the_north_makes_a_medic_pick_at_random_for_both():
    """Emhyr var Emreis: Invader of the North (Passive): a unit returned from a discard pile is random."""
    picked = set()
    for seed in range(30):
        me = Scripted(choices={"medic": ["Ves"]})
        game = position(side(hand=("Dun Banner Medic",), discard=("Ves", "Ballista", "Trebuchet")),
                        side("nilfgaard", "Emhyr var Emreis: Invader of the North"), seed=seed)
        act(game, 0, "Dun Banner Medic", agents(me))
        assert me.asked == []
        picked.add(names(game, [c for s in range(3) for c in game.rows[s] if game.cards.name[c] != "Dun Banner Medic"])[0])
    assert picked == {"Ves", "Ballista", "Trebuchet"}


def test_the_white_flame_cancels_the_opponents_active_leader():
    game = position(side(leader="Foltest: The Siegemaster", siege=("Ballista",)),
                    side("nilfgaard", "Emhyr var Emreis: The White Flame"))
    assert not _offered(game)
    both = position(side("nilfgaard", "Emhyr var Emreis: The White Flame"),
                    side("nilfgaard", "Emhyr var Emreis: The White Flame"))
    assert both.leader_live == [False, False]
