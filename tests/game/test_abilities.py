"""Every Unit Card ability (rulebook §10), Special Card (§11) and Weather Card (§12) in play, with the FAQ (§21)."""

from __future__ import annotations

from deckcli.game.rounds import legal_actions
from helpers.game_positions import Scripted, act, agents, in_hand, names, position, row_names, row_values, side


def _rows_offered(game, name):
    return sorted({a[2] for a in legal_actions(game) if a[1] >= 0 and game.cards.name[a[1]] == name})


def test_agile_is_offered_close_or_ranged_and_stays_where_placed():
    """§10 Agile: play it in either the Close Combat or the Ranged Combat row."""
    game = position(side("scoiatael", hand=("Barclay Els",)))
    assert _rows_offered(game, "Barclay Els") == [0, 1]
    act(game, 0, ("Barclay Els", "ranged"))
    assert row_names(game, 0, "ranged") == ["Barclay Els"] and row_names(game, 0, "close") == []


def test_a_unit_is_offered_only_its_own_row():
    game = position(side(hand=("Ballista",)))
    assert _rows_offered(game, "Ballista") == [2]


def test_medic_plays_a_non_hero_unit_from_the_discard_pile_and_it_resolves():
    """§10 Medic: choose a non-Hero Unit Card from the discard pile and play it immediately; a Hero is never
    offered (§5), and the card brought back resolves its own ability (a Spy: two cards drawn)."""
    me = Scripted(choices={"medic": ["Prince Stennis"]})
    game = position(side(hand=("Dun Banner Medic",), discard=("Esterad Thyssen", "Ves", "Prince Stennis"),
                         deck=("Ves", "Ballista", "Trebuchet")))
    seats = agents(me)
    act(game, 0, "Dun Banner Medic", seats)
    assert me.asked[0] == ("medic", ["Ves", "Prince Stennis"])
    assert row_names(game, 1, "close") == ["Prince Stennis"]
    assert sorted(names(game, game.hand[0])) == ["Ballista", "Trebuchet"]
    assert names(game, game.discard[0]) == ["Esterad Thyssen", "Ves"]


def test_medic_with_nothing_to_bring_back_is_still_played():
    game = position(side(hand=("Dun Banner Medic",), discard=("Esterad Thyssen",)))
    act(game, 0, "Dun Banner Medic")
    assert row_names(game, 0, "siege") == ["Dun Banner Medic"]


def test_muster_plays_the_group_from_hand_and_deck_then_shuffles():
    """§10 Muster: find all specified cards in your hand and deck and play them immediately."""
    game = position(side("monsters", hand=("Arachas", "Arachas", "Ghoul"),
                         deck=("Arachas Behemoth", "Arachas", "Fiend")))
    act(game, 0, "Arachas")
    assert sorted(row_names(game, 0, "close")) == ["Arachas", "Arachas", "Arachas"]
    assert row_names(game, 0, "siege") == ["Arachas Behemoth"]
    assert names(game, game.hand[0]) == ["Ghoul"] and names(game, game.deck[0]) == ["Fiend"]


def test_cerys_musters_the_shield_maidens_but_not_the_other_way():
    """Cerys calls the Clan Drummond Shield Maidens (their group); a Shield Maiden has no Muster."""
    game = position(side("skellige", hand=("Clan Drummond Shield Maiden",),
                         deck=("Cerys", "Clan Drummond Shield Maiden")))
    act(game, 0, "Clan Drummond Shield Maiden")
    assert row_names(game, 0, "close") == ["Clan Drummond Shield Maiden"]
    game = position(side("skellige", hand=("Cerys",), deck=("Clan Drummond Shield Maiden",) * 2))
    act(game, 0, "Cerys")
    assert row_names(game, 0, "close") == ["Cerys", "Clan Drummond Shield Maiden", "Clan Drummond Shield Maiden"]
    assert row_values(game, 0, "close") == [10, 8, 8]


def test_spy_lies_on_the_opponents_side_and_draws_two():
    """§10 Spy: its Strength counts for the opponent; its player draws two cards."""
    game = position(side(hand=("Prince Stennis",), deck=("Ves", "Ballista", "Trebuchet")))
    act(game, 0, "Prince Stennis")
    assert row_names(game, 1, "close") == ["Prince Stennis"]
    assert game.scores() == [0, 5]
    assert sorted(names(game, game.hand[0])) == ["Ballista", "Trebuchet"]


def test_spy_draws_what_the_deck_has():
    game = position(side(hand=("Prince Stennis",), deck=("Ves",)))
    act(game, 0, "Prince Stennis")
    assert names(game, game.hand[0]) == ["Ves"]


def test_row_scorch_needs_10_strength_in_the_opposite_row():
    """§10 Scorch on a unit: only if the opponent's row totals at least 10; then its strongest non-Hero
    units go, all of those tied."""
    nine = position(side(hand=("Villentretenmerth",)), side(close=("Ves", "Yarpen Zigrin", "Yarpen Zigrin")))
    act(nine, 0, "Villentretenmerth")
    assert row_names(nine, 1, "close") == ["Ves", "Yarpen Zigrin", "Yarpen Zigrin"]
    ten = position(side(hand=("Villentretenmerth",)),
                   side(close=("Ves", "Siegfried of Denesle", "Geralt of Rivia")))
    act(ten, 0, "Villentretenmerth")
    assert row_names(ten, 1, "close") == ["Geralt of Rivia"]
    assert sorted(names(ten, ten.discard[1])) == ["Siegfried of Denesle", "Ves"]


def test_row_scorch_looks_at_its_own_row_only():
    """Toad scorches the opponent's Ranged Combat row, Schirrú the Siege row."""
    game = position(side("monsters", hand=("Toad",)), side(close=("Vesemir", "Vesemir"), ranged=("Milva",)))
    act(game, 0, "Toad")
    assert row_names(game, 1, "ranged") == [] and row_names(game, 1, "close") == ["Vesemir", "Vesemir"]


def test_scorch_special_discards_the_strongest_on_both_sides_and_spares_heroes():
    """§11's example: you have a 10-Strength unit, your opponent two; all three go. A 15-Strength Hero is
    neither discarded nor counted when selecting the strongest."""
    game = position(side(hand=("Scorch",), ranged=("Milva",), close=("Ves",)),
                    side(ranged=("Black Infantry Archer", "Black Infantry Archer"), close=("Geralt of Rivia",)))
    act(game, 0, "Scorch")
    assert row_names(game, 0, "ranged") == [] and row_names(game, 1, "ranged") == []
    assert row_names(game, 1, "close") == ["Geralt of Rivia"] and row_names(game, 0, "close") == ["Ves"]
    assert names(game, game.discard[0]) == ["Milva", "Scorch"]
    assert names(game, game.discard[1]) == ["Black Infantry Archer", "Black Infantry Archer"]


def test_scorch_special_has_no_threshold():
    game = position(side(hand=("Scorch",)), side(close=("Yarpen Zigrin",)))
    act(game, 0, "Scorch")
    assert row_names(game, 1, "close") == []


def test_scorch_counts_current_strength():
    """A Tight Bond trio at 12 each outweighs a 10 printed higher than their 4."""
    game = position(side(hand=("Scorch",), close=("Blue Stripes Commando",) * 3), side(ranged=("Milva",)))
    act(game, 0, "Scorch")
    assert row_names(game, 0, "close") == [] and row_names(game, 1, "ranged") == ["Milva"]


def test_clan_dimun_pirate_scorches_the_whole_battlefield():
    """§21: Clan Dimun Pirate's Scorch follows the Special Card rules, both sides (no threshold)."""
    game = position(side("skellige", hand=("Clan Dimun Pirate",), close=("Madman Lugos",)),
                    side(close=("Yarpen Zigrin",), ranged=("Keira Metz",)))
    act(game, 0, "Clan Dimun Pirate")
    # the Pirate (6) and Madman Lugos (6) are the strongest: both of its own side go
    assert row_names(game, 0, "close") == [] and row_names(game, 0, "ranged") == []
    assert row_names(game, 1, "ranged") == ["Keira Metz"]


def test_summon_replaces_a_scorched_cow_from_the_side_deck():
    """§10 Summon: when this card is discarded from the battlefield, its side-deck card replaces it."""
    game = position(side(hand=("Scorch",)), side(ranged=("Cow",), side_deck=("Bovine Defense Force",)))
    act(game, 0, "Scorch")
    assert row_names(game, 1, "close") == ["Bovine Defense Force"]
    assert names(game, game.discard[1]) == ["Cow"] and game.side_deck[1] == []


def test_summon_at_the_end_of_a_round():
    """§10: including at the end of a round: the replacement starts the next round on the battlefield."""
    game = position(side("skellige", close=("Kambi",), side_deck=("Hemdall",), hand=("Ves",)),
                    side(hand=("Ves",)))
    seats = agents()
    act(game, 0, "pass", seats)
    act(game, 1, "pass", seats)
    assert game.round == 2 and row_names(game, 0, "close") == ["Hemdall"]
    assert names(game, game.discard[0]) == ["Kambi"]


def test_summon_without_its_card_in_the_side_deck_does_nothing():
    game = position(side(hand=("Scorch",)), side(ranged=("Cow",)))
    act(game, 0, "Scorch")
    assert game.rows[3] == game.rows[4] == []


def test_mardroeme_transforms_the_berserkers_of_its_row():
    """§10, §11: a Mardroeme placed on a row transforms every Berserker there; the Berserker leaves the game."""
    game = position(side("skellige", close=("Berserker", "Madman Lugos"), hand=("Mardroeme",),
                         side_deck=("Transformed Vildkaarl",)))
    act(game, 0, ("Mardroeme", "close"))
    assert row_names(game, 0, "close") == ["Madman Lugos", "Transformed Vildkaarl"]
    assert names(game, game.removed) == ["Berserker"] and game.discard[0] == []
    assert row_values(game, 0, "close") == [7, 14]


def test_a_berserker_played_into_a_mardroeme_row_transforms():
    """The Mardroeme's effect is ongoing (§8): a Berserker arriving later transforms too; so does one meeting
    Ermion (Mardroeme on a Hero)."""
    game = position(side("skellige", hand=("Berserker",), mardroeme=("close",),
                         side_deck=("Transformed Vildkaarl",)))
    act(game, 0, "Berserker")
    assert row_names(game, 0, "close") == ["Transformed Vildkaarl"]
    ermion = position(side("skellige", ranged=("Young Berserker", "Young Berserker"), hand=("Ermion",),
                           side_deck=("Transformed Young Vildkaarl",)))
    act(ermion, 0, "Ermion")
    assert row_names(ermion, 0, "ranged") == ["Young Berserker", "Ermion", "Transformed Young Vildkaarl"]


def test_decoy_takes_a_unit_back_and_lies_at_0():
    """§11 Decoy: replace a non-Hero unit on your side and return it to your hand; the Decoy stays at 0."""
    game = position(side(close=("Ves", "Geralt of Rivia"), hand=("Decoy",)))
    targets = [game.cards.name[a[3]] for a in legal_actions(game) if a[3] >= 0]
    assert targets == ["Ves"]
    act(game, 0, ("Decoy", "close", "Ves"))
    assert row_names(game, 0, "close") == ["Decoy", "Geralt of Rivia"]
    assert names(game, game.hand[0]) == ["Ves"] and game.score(0) == 15


def test_decoy_can_take_back_a_spy_laid_on_your_side():
    """§11: you can retrieve a Spy your opponent placed on your side; it is then yours to play."""
    game = position(side(close=("Prince Stennis",), hand=("Decoy",), deck=("Ves", "Ves")))
    act(game, 0, ("Decoy", "close", "Prince Stennis"))
    assert names(game, game.hand[0]) == ["Prince Stennis"]
    act(game, 0, "Prince Stennis")
    assert row_names(game, 1, "close") == ["Prince Stennis"] and len(game.hand[0]) == 2


def test_decoy_with_no_unit_to_take_is_not_offered():
    game = position(side(close=("Geralt of Rivia",), hand=("Decoy",)))
    assert all(a[1] < 0 for a in legal_actions(game))


def test_commanders_horn_is_one_per_row():
    """§11: only one Special Card Horn may be played per row."""
    game = position(side(hand=("Commander's Horn",), horns=("close",), siege=("Ballista",)))
    assert _rows_offered(game, "Commander's Horn") == [1, 2]
    act(game, 0, ("Commander's Horn", "siege"))
    assert game.score(0) == 12


def test_a_special_horn_may_join_a_horn_unit_but_never_makes_x4():
    game = position(side(hand=("Commander's Horn",), close=("Dandelion", "Ves")))
    act(game, 0, ("Commander's Horn", "close"))
    assert row_values(game, 0, "close") == [4, 10]


def test_weather_and_clear_weather_go_to_their_players_discard_piles():
    """§12 Clear Weather: discard every Weather Card and cancel their effects, then discard itself."""
    game = position(side(hand=("Biting Frost", "Clear Weather"), close=("Ves",)),
                    side(hand=("Torrential Rain",), siege=("Ballista",)))
    seats = act(game, 0, "Biting Frost")
    act(game, 1, "Torrential Rain", seats)
    assert game.scores() == [1, 1]
    act(game, 0, "Clear Weather", seats)
    assert game.scores() == [5, 6] and game.weather == []
    assert names(game, game.discard[0]) == ["Biting Frost", "Clear Weather"]
    assert names(game, game.discard[1]) == ["Torrential Rain"]


def test_a_medic_bringing_back_an_agile_unit_asks_its_row():
    me = Scripted(choices={"row": ["ranged"]})
    game = position(side("scoiatael", hand=("Havekar Healer",), discard=("Barclay Els",)))
    act(game, 0, "Havekar Healer", agents(me))
    assert ("row", ["close", "ranged"]) in me.asked and row_names(game, 0, "ranged") == ["Havekar Healer", "Barclay Els"]
