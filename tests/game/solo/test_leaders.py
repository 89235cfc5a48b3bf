"""Gwent Solo's Leader variant and each enemy Leader of §20, resolved for the automated opponent on worked boards.

The player is seat 0, the automaton seat 1; a deck lists its top card last.
"""

from __future__ import annotations

import pytest

from deckcli.game.actions import PASS_ACTION
from deckcli.game.leaders import usable
from deckcli.game.solo.automaton import solo_agents
from deckcli.game.agents import resolve, start_game, step
from deckcli.game.solo.leaders import ADAPTATIONS, BY_CARD_TEXT, resolve_leader
from deckcli.game.state import leader_horn
from helpers.game_positions import CATALOG, Scripted, names, row_names, row_values, side
from helpers.game_positions import solo


def reveal(game, leader, player=None):
    resolve_leader(game, leader)
    resolve(game, solo_agents(player or Scripted()))
    return game


# §20, one Leader at a time ------------------------------------------------------------------------------------


@pytest.mark.parametrize("leader", ["Eredin: Destroyer of Worlds", "Francesca Findabair: Daisy of the Valley"])
def test_destroyer_of_worlds_and_daisy_draw_a_card_and_play_it(leader):
    """§20: the opponent draws a card and plays it immediately."""
    game = reveal(solo(side(), side("monsters", deck=("Foglet", "Fiend"))), leader)
    assert row_names(game, 1, "close") == ["Fiend"] and names(game, game.deck[1]) == ["Foglet"]


def test_king_of_the_wild_hunt_plays_the_first_weather_card_of_its_deck():
    """§20: find the first Weather Card in its deck, play it, shuffle. The Leader is revealed as the round is
    scored: the Weather changes the totals but gives it no further card (§9; §18's extra turn is for Weather it
    reveals on its turn)."""
    game = reveal(solo(side(close=("Ves",)), side("monsters", deck=("Foglet", "Biting Frost", "Fiend"))),
                  "Eredin: King of the Wild Hunt")
    assert names(game, game.weather) == ["Biting Frost"] and len(game.deck[1]) == 2
    assert row_names(game, 1, "close") == [] and game.scores() == [1, 0]


def test_bringer_of_death_plays_the_card_of_its_discard_pile_giving_it_the_greatest_advantage():
    """§20: the card of its discard pile that gives it most (a Commander's Horn on 16 Strength, +16, over a
    Fiend, +6), never a Hero (Geralt of Rivia, 15, stays)."""
    game = reveal(solo(side(), side("monsters", close=("Vesemir", "Zoltan Chivay", "Werewolf"),
                                    discard=("Fiend", "Commander's Horn", "Geralt of Rivia"))), "Eredin: Bringer of Death")
    assert game.horn[3] >= 0 and game.score(1) == 32
    assert names(game, game.discard[1]) == ["Fiend", "Geralt of Rivia"]


def test_invader_of_the_north_plays_a_random_non_hero_unit_of_its_discard_pile():
    game = reveal(solo(side(), side("nilfgaard", discard=("Geralt of Rivia", "Rainfarn", "Decoy"))),
                  "Emhyr var Emreis: Invader of the North")
    assert row_names(game, 1, "close") == ["Rainfarn"] and names(game, game.discard[1]) == ["Geralt of Rivia", "Decoy"]


def test_emperor_of_nilfgaard_makes_the_player_discard_a_card_of_their_choice():
    game = reveal(solo(side(hand=("Ves", "Ballista")), side("nilfgaard")), "Emhyr var Emreis: Emperor of Nilfgaard",
                  Scripted(choices={"discard-from-hand": ["Ballista"]}))
    assert names(game, game.hand[0]) == ["Ves"] and names(game, game.discard[0]) == ["Ballista"]


def test_the_relentless_plays_the_players_discarded_card_best_for_it_on_its_side():
    """§20: the card of your discard pile that gives the opponent most (Catapult, 8, over Ballista, 6), on its
    side; no Hero."""
    game = reveal(solo(side(discard=("Catapult", "Ballista", "Esterad Thyssen")), side("nilfgaard")),
                  "Emhyr var Emreis: The Relentless")
    assert row_names(game, 1, "siege") == ["Catapult"] and names(game, game.discard[0]) == ["Ballista", "Esterad Thyssen"]


def test_the_white_flame_takes_the_players_leader_ability_for_the_rest_of_the_game():
    """§20: your Leader has no ability for the rest of the game: King Bran's halved Weather is gone (3 -> 1), now
    and after the round."""
    game = solo(side("skellige", leader="King Bran", close=("Clan an Craite Warrior",)), side("nilfgaard"),
                weather=("Biting Frost",))
    assert row_values(game, 0, "close") == [3]
    reveal(game, "Emhyr var Emreis: The White Flame")
    assert row_values(game, 0, "close") == [1] and game.leader_live[0] is False
    game.mode.round_started(game, None)
    assert game.halved == [False, False]
    active = solo(side(leader="Foltest: The Siegemaster", siege=("Ballista",)), side("nilfgaard"))
    assert usable(active, 0)
    reveal(active, "Emhyr var Emreis: The White Flame")
    assert not usable(active, 0)


def test_hope_of_the_aen_seidhe_raises_its_agile_units_by_one():
    game = reveal(solo(side(), side("scoiatael", close=("Barclay Els", "Mahakaman Defender"))),
                  "Francesca Findabair: Hope of the Aen Seidhe")
    assert row_values(game, 1, "close") == [7, 5]


def test_arnjolf_plays_the_tight_bond_unit_of_its_deck_adding_most():
    """§20: the Tight Bond unit giving the greatest boost: a second Clan an Craite Warrior (+18) over a War
    Longship (+6); the deck is shuffled."""
    game = reveal(solo(side(), side("skellige", close=("Clan an Craite Warrior",),
                                    deck=("Clan an Craite Warrior", "War Longship", "Berserker"))), "Arnjolf: The Patricide")
    assert row_names(game, 1, "close") == ["Clan an Craite Warrior"] * 2 and game.score(1) == 24
    assert sorted(names(game, game.deck[1])) == ["Berserker", "War Longship"]


def test_harald_an_craite_plays_a_mardroeme_of_its_deck_on_the_row_gaining_most():
    """§20: on Close Combat the Berserker becomes Transformed Vildkaarl (+10); on Ranged Combat the Young
    Berserker would become Transformed Young Vildkaarl (+6)."""
    game = reveal(solo(side(), side("skellige", close=("Berserker",), ranged=("Young Berserker",), deck=("Mardroeme",),
                                    side_deck=("Transformed Vildkaarl", "Transformed Young Vildkaarl"))),
                  "Harald an Craite: The Cripple")
    assert row_names(game, 1, "close") == ["Transformed Vildkaarl"] and row_names(game, 1, "ranged") == ["Young Berserker"]
    assert game.mardroeme[3] and game.score(1) == 16


def test_king_bran_halves_weather_on_its_units_only():
    game = reveal(solo(side(close=("Ves",)), side("skellige", close=("Clan an Craite Warrior",)), weather=("Biting Frost",)),
                  "King Bran")
    assert row_values(game, 1, "close") == [3] and row_values(game, 0, "close") == [1]


def test_every_leader_of_the_catalog_resolves_for_the_automaton():
    """§20 lists 12 Leaders; every other one resolves by its card text (a Horn Leader doubles its row, a Scorch
    Leader scorches your row, a Weather Leader plays its Weather Card from its deck...)."""
    leaders = sorted(name for name, card in CATALOG.cards.items() if card.is_leader)
    assert sorted({*ADAPTATIONS, *BY_CARD_TEXT}) == leaders and len(ADAPTATIONS) == 12
    for leader in leaders:
        game = solo(side(close=("Ves",), ranged=("Keira Metz", "Dethmold"), discard=("Ballista",), hand=("Thaler",)),
                    side("monsters", close=("Fiend",), siege=("Earth Elemental",), discard=("Foglet",),
                         deck=("Torrential Rain", "Impenetrable Fog", "Biting Frost", "Griffin")))
        reveal(game, leader)
        assert game.log[0]["event"] == "leader" and game.log[0]["card"] == leader
    horn = reveal(solo(side(), side("northern-realms", siege=("Ballista",))), "Foltest: The Siegemaster")
    assert horn.horn[5] == leader_horn(1) and horn.score(1) == 12
    scorch = reveal(solo(side(ranged=("Keira Metz", "Dethmold")), side("northern-realms")), "Foltest: Son of Medell")
    assert names(scorch, scorch.discard[0]) == ["Dethmold"]
    fog = reveal(solo(side(), side("northern-realms", deck=("Ves", "Impenetrable Fog"))), "Foltest: King of Temeria")
    assert names(fog, fog.weather) == ["Impenetrable Fog"] and row_names(fog, 1, "close") == []  # no further card


# The Leader variant (§18) -------------------------------------------------------------------------------------


def _round_end(player_close, leaders, **options):
    game = solo(side(close=player_close, hand=("Ballista",)), side("nilfgaard", deck=("Fiend",), **options),
                leaders=leaders, variant=True, to_move=0)
    game.passed[1] = True  # its deck is down to what its Leader will draw
    step(game, PASS_ACTION, solo_agents(Scripted()))
    return game


def test_the_leader_variant_reveals_its_top_leader_when_the_player_would_win_and_the_player_must_still_be_ahead():
    """§18 Leader variant: your 5 exceeds its 0, so it reveals its top Leader (Destroyer of Worlds: the Fiend, 6);
    you win only if still ahead: you lose the round."""
    game = _round_end(("Ves",), ["King Bran", "Eredin: Destroyer of Worlds"])
    assert game.mode.revealed == ["Eredin: Destroyer of Worlds"] and game.mode.leaders == ["King Bran"]
    assert game.round_winners == [1]


def test_the_leader_variant_reveals_nothing_when_the_player_is_not_ahead():
    game = _round_end((), ["Eredin: Destroyer of Worlds"], close=("Foglet",))
    assert game.mode.revealed == [] and game.round_winners == [1]


def test_the_leader_variant_still_lets_the_player_win_when_still_ahead():
    game = _round_end(("Ves", "Siegfried of Denesle"), ["Eredin: Destroyer of Worlds"])
    assert game.mode.revealed == ["Eredin: Destroyer of Worlds"] and game.round_winners == [0]


def test_without_the_variant_its_leaders_stay_face_down():
    game = solo(side(close=("Ves",), hand=("Ballista",)), side("nilfgaard"), leaders=["Eredin: Destroyer of Worlds"],
                to_move=0)
    step(game, PASS_ACTION, solo_agents(Scripted()))
    assert game.mode.revealed == [] and game.round_winners == [0]


def test_the_players_white_flame_cancels_every_leader_it_reveals():
    game = solo(side("nilfgaard", leader="Emhyr var Emreis: The White Flame", close=("Ves",), hand=("Ballista",)),
                side("nilfgaard", deck=("Fiend",)), leaders=["Eredin: Destroyer of Worlds"], variant=True, to_move=0)
    game.passed[1] = True
    step(game, PASS_ACTION, solo_agents(Scripted()))
    assert game.mode.revealed == ["Eredin: Destroyer of Worlds"] and game.round_winners == [0]
    assert "cancelled" in next(e["why"] for e in game.log if e["event"] == "leader")


def test_what_a_revealed_leader_sets_for_the_score_ends_with_the_round():
    game = _round_end(("Ves",), ["King Bran"])
    assert game.mode.revealed == ["King Bran"] and game.halved == [False, False]
