"""Strength on the board (rulebook §8, §5, §12, §21): the order of the modifiers, Heroes, Decoys, Horns."""

from __future__ import annotations

from helpers.game_positions import position, row_values, side

BLUE = "Blue Stripes Commando"  # 4 Strength, Close Combat, Tight Bond


def test_three_bonded_units_of_4_are_worth_12_each():
    """§8's example: three matching Tight Bond units of printed Strength 4 are worth 12 each, 36 in all."""
    game = position(side(close=(BLUE, BLUE, BLUE)))
    assert row_values(game, 0, "close") == [12, 12, 12]
    assert game.score(0) == 36


def test_weather_comes_before_tight_bond():
    """§8: weather reduces their base Strength to 1; they are then worth 3 each, 9 in all."""
    game = position(side(close=(BLUE, BLUE, BLUE)), weather=("Biting Frost",))
    assert row_values(game, 0, "close") == [3, 3, 3]
    assert game.score(0) == 9


def test_a_horn_doubles_after_weather_and_bond():
    """§8: with a Horn as well, they are worth 6 each, 18 in all."""
    game = position(side(close=(BLUE, BLUE, BLUE), horns=("close",)), weather=("Biting Frost",))
    assert game.score(0) == 18


def test_two_copies_of_4_with_tight_bond_are_worth_8_each():
    """§10: "Two copies with Strength 4 are worth 8 each"."""
    assert row_values(position(side(close=(BLUE, BLUE))), 0, "close") == [8, 8]


def test_morale_boost_adds_one_to_every_other_unit_not_itself():
    """§10: Kaedweni Siege Expert (1, Morale Boost) adds 1 to the other Siege units."""
    game = position(side(siege=("Kaedweni Siege Expert", "Ballista", "Trebuchet")))
    assert row_values(game, 0, "siege") == [1, 7, 7]


def test_two_morale_units_boost_each_other():
    game = position(side(siege=("Kaedweni Siege Expert", "Kaedweni Siege Expert", "Ballista")))
    assert row_values(game, 0, "siege") == [2, 2, 8]


def test_morale_comes_after_bond_and_before_horn():
    """§8's order: Tight Bond (×2), then Morale Boost (+1), then Commander's Horn (×2)."""
    game = position(side(siege=("Catapult", "Catapult", "Kaedweni Siege Expert"), horns=("siege",)))
    assert row_values(game, 0, "siege") == [(8 * 2 + 1) * 2, (8 * 2 + 1) * 2, 1 * 2]


def test_a_horn_unit_doubles_every_other_unit_but_not_itself():
    """§10: Dandelion (2, Horn) doubles the others of his row, never himself."""
    game = position(side(close=("Dandelion", "Ves", "Yarpen Zigrin")))
    assert row_values(game, 0, "close") == [2, 10, 4]


def test_two_horns_never_multiply_by_four():
    """§21: a unit's Horn does not apply where a Horn already affects the row; a Special Horn doubles the
    row once, the Horn unit included (it is now the Special Card's row)."""
    game = position(side(close=("Dandelion", "Ves"), horns=("close",)))
    assert row_values(game, 0, "close") == [4, 10]


def test_two_horn_units_in_one_row_double_once():
    """Draig Bon-Dhu and Dandelion together (a Spy-free what-if across rows is impossible, so use the
    Siege Horn unit twice): the first Horn doubles the rest; the second adds nothing."""
    game = position(side(siege=("Draig Bon-Dhu", "Draig Bon-Dhu", "Ballista")))
    assert row_values(game, 0, "siege") == [2, 4, 12]


def test_a_leader_horn_doubles_the_row_like_a_commanders_horn():
    game = position(side(leader="Foltest: The Siegemaster", siege=("Ballista", "Trebuchet"), leader_horn="siege"))
    assert row_values(game, 0, "siege") == [12, 12]


def test_heroes_are_untouched_by_weather_horn_morale_and_bond():
    """§5, §21: weather does not weaken a Hero, a Horn does not double it, Morale Boost does not raise it."""
    game = position(side(close=("Geralt of Rivia", "Dandelion", "Vernon Roche"), horns=("close",)),
                    weather=("Biting Frost",))
    values = row_values(game, 0, "close")
    assert values[0] == 15 and values[2] == 10
    assert values[1] == 2  # Dandelion: weather 1, doubled by the Special Horn
    hero_morale = position(side(close=("Kayran", "Ves")))
    assert row_values(hero_morale, 0, "close") == [8, 6]  # a Hero's Morale Boost still boosts the others


def test_a_decoy_lies_in_its_row_at_0():
    """§11: the Decoy stays in its place with Strength 0; no Horn or Morale Boost raises it."""
    game = position(side(close=("Decoy", "Ves", "Dandelion"), horns=()))
    assert row_values(game, 0, "close") == [0, 10, 2]


def test_weather_strikes_both_sides_and_only_its_rows():
    """§4, §12: Weather affects the corresponding rows on both players' sides."""
    game = position(side(ranged=("Sheldon Skaggs",), siege=("Ballista",)),
                    side(ranged=("Keira Metz",), close=("Ves",)), weather=("Impenetrable Fog",))
    assert game.scores() == [1 + 6, 1 + 5]


def test_skellige_storm_strikes_ranged_and_siege():
    """§12: Skellige Storm affects the Ranged Combat and Siege rows."""
    game = position(side(close=("Ves",), ranged=("Sheldon Skaggs",), siege=("Ballista",)),
                    weather=("Skellige Storm",))
    assert game.score(0) == 5 + 1 + 1


def test_several_weathers_at_once():
    """§12: Frost and Rain can affect Close Combat and Siege simultaneously."""
    game = position(side(close=("Ves",), ranged=("Sheldon Skaggs",), siege=("Ballista",)),
                    weather=("Biting Frost", "Torrential Rain"))
    assert game.score(0) == 1 + 4 + 1


def test_weather_never_raises_a_strength_below_1():
    """A 0-Strength unit (Cow) stays at 0 under weather: weather reduces, it does not raise (§8, §12)."""
    game = position(side(ranged=("Cow",)), weather=("Impenetrable Fog",))
    assert game.score(0) == 0


def test_king_bran_halves_his_own_units_only():
    """King Bran (Passive): Weather halves his units' Strength (rounded up) instead of setting it to 1; the
    opponent's units under the same weather go to 1."""
    game = position(side("skellige", "King Bran", close=("Clan an Craite Warrior", "Madman Lugos")),
                    side(close=("Ves",)), weather=("Biting Frost",))
    assert row_values(game, 0, "close") == [3, 3]
    assert row_values(game, 1, "close") == [1]


def test_the_treacherous_doubles_every_spy_for_both_players():
    """Eredin Bréacc Glas: The Treacherous (Passive): every Spy counts double its Strength, on both sides."""
    game = position(side("monsters", "Eredin Bréacc Glas: The Treacherous", close=("Prince Stennis",)),
                    side(close=("Stefan Skellen",)))
    assert game.scores() == [10, 18]


def test_under_the_treacherous_a_spy_counts_double_what_it_is_worth_now():
    """"Every Spy counts double its Strength": after Weather (1) and a Horn (2), a Spy counts 4."""
    game = position(side("monsters", "Eredin Bréacc Glas: The Treacherous", close=("Stefan Skellen", "Dandelion")),
                    weather=("Biting Frost",))
    assert row_values(game, 0, "close") == [4, 1]


def test_the_white_flame_cancels_the_treacherous():
    """The White Flame cancels the opponent's Leader, Passive ones included."""
    game = position(side("monsters", "Eredin Bréacc Glas: The Treacherous", close=("Prince Stennis",)),
                    side("nilfgaard", "Emhyr var Emreis: The White Flame"))
    assert game.score(0) == 5


def test_row_totals_update_when_the_row_changes():
    game = position(side(close=(BLUE,)))
    assert game.score(0) == 4
    game.rows[0].append(game.cards.add(game.cards.card[game.rows[0][0]]))
    game.touch(0)
    assert game.score(0) == 16
