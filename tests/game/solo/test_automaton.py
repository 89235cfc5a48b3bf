"""Gwent Solo's automated opponent (rulebook §18–19): set-up, turns, and each row of §19's tables, on worked boards.

The player is seat 0 and the automaton seat 1; a deck lists its top card last.
"""

from __future__ import annotations

from collections import Counter

from deckcli.game.actions import LEADER_ACTION, PASS_ACTION
from deckcli.game.solo.automaton import faction_cards, new_solo_game, solo_agents
from deckcli.game.agents import start_game, step
from helpers.schema_validation import output_validator
from helpers.game_positions import automaton_turn, play_solo, CATALOG, Scripted, deck, in_hand, names, row_names, row_values, side, solo


def turn(game, player=None):
    """The automaton takes one turn; returns the seats."""
    seats = solo_agents(player or Scripted())
    game.to_move = 1
    automaton_turn(game, seats)
    return seats


def plays(game, player=1):
    return [e["card"] for e in game.log if e["event"] == "play" and e["player"] == player]


def why(game, card):
    return next(e.get("why", "") for e in game.log if e["card"] == card and e["event"] in ("play", "leader"))


# Set-up (§18) ------------------------------------------------------------------------------------------------


def test_solo_setup_deals_the_whole_faction_to_the_automaton_and_strips_the_players_weather():
    """§18: the automaton's deck is every card of its faction's set, side deck apart; its Leaders a face-down pile;
    the player's deck keeps no Weather Card but Clear Weather."""
    mine = deck("northern-realms", {"Ves": 1, "Biting Frost": 2, "Torrential Rain": 1, "Clear Weather": 1})
    game = new_solo_game(mine, "monsters", 5)
    cards, side_deck, leaders = faction_cards(CATALOG, "monsters")
    assert Counter(names(game, game.deck[1])) == Counter(card.name for card in cards)
    assert len(game.deck[1]) == CATALOG.factions["monsters"].size - 5 - 1
    assert names(game, game.side_deck[1]) == ["Bovine Defense Force"]
    assert sorted(game.mode.leaders) == sorted(card.name for card in leaders) and game.leader[1] is None
    assert sorted(names(game, game.deck[0])) == ["Clear Weather", "Ves"]


def test_the_automaton_has_no_hand_starts_every_round_and_plays_a_card_each_turn():
    """§18: no hand, it starts every round (the player is not Scoia'tael), a turn after each of the player's."""
    mine = deck("northern-realms", {"Ves": 4, "Ballista": 4, "Trebuchet": 4})
    log = []
    game = new_solo_game(mine, "nilfgaard", 11, log=log)
    play_solo(game, Scripted(actions=[("Ves",), ("Ballista",), "pass", ("Trebuchet",), "pass"]))
    assert not [e for e in log if e["player"] == 1 and e["event"] in ("hand", "draw", "exchange")]
    rounds = sorted({e["round"] for e in log})
    for number in rounds:
        acts = [e for e in log if e["round"] == number and e["event"] in ("play", "pass", "leader")]
        assert acts[0]["player"] == 1, f"round {number} started by the player"
    first = [e["player"] for e in log if e["round"] == 1 and e["event"] in ("play", "pass")]
    assert first[:5] == [1, 0, 1, 0, 1]  # one card a turn, turn about (no Spy or Weather among its first cards)


def test_weather_chains_turns_without_limit():
    """§18: it reveals Weather: resolve it and give it another turn, as often as it comes."""
    game = solo(side(), side("monsters", deck=("Foglet", "Fiend", "Biting Frost", "Torrential Rain")))
    turn(game)
    assert plays(game) == ["Torrential Rain", "Biting Frost", "Fiend"]
    assert row_values(game, 1, "close") == [1] and names(game, game.deck[1]) == ["Foglet"]
    assert why(game, "Biting Frost") == "a Weather Card: it plays one more card"


def test_clear_weather_is_a_weather_card_and_gives_another_card():
    game = solo(side(close=("Ves",)), side("monsters", deck=("Fiend", "Clear Weather")), weather=("Biting Frost",))
    turn(game)
    assert plays(game) == ["Clear Weather", "Fiend"] and game.weather == [] and game.scores() == [5, 6]


def test_after_the_player_passes_it_takes_one_final_turn_then_the_round_ends():
    """§18: when you pass, it takes one final turn, then the round ends."""
    game = solo(side(close=("Ves",), hand=("Ballista",)), side("monsters", deck=("Griffin", "Foglet", "Fiend")),
                to_move=0)
    step(game, PASS_ACTION, solo_agents(Scripted()))
    events = [(e["player"], e["event"], e["card"]) for e in game.log]
    # Monsters keeps a unit (§3), logged before the round's end
    assert events[:5] == [(0, "pass", None), (1, "play", "Fiend"), (1, "pass", None), (1, "keep", "Fiend"),
                          (1, "round_end", None)]
    assert game.round == 2 and game.round_winners == [1]


def test_its_deck_empty_it_passes_and_the_player_plays_on():
    game = solo(side(hand=("Ves", "Ballista")), side("monsters", close=("Fiend",)))
    seats = turn(game)
    assert game.passed == [False, True] and game.to_move == 0
    step(game, (0, in_hand(game, 0, "Ves"), 0, -1), seats)
    assert game.to_move == 0 and row_names(game, 0, "close") == ["Ves"]


# Factions (§19) -----------------------------------------------------------------------------------------------


def test_northern_realms_winning_a_round_plays_two_cards_on_its_next_first_turn():
    """§19: if it wins a round as Northern Realms, it plays a second card on its first turn of the next round
    (and draws nothing: it has no hand)."""
    game = solo(side(hand=("Ves",)),
                side("northern-realms", close=("Siegfried of Denesle",), deck=("Thaler", "Ballista", "Trebuchet", "Ves")),
                to_move=0)
    step(game, PASS_ACTION, solo_agents(Scripted()))
    assert game.round_winners == [1] and game.hand[1] == []
    second = [e["card"] for e in game.log if e["round"] == 2 and e["event"] == "play"]
    assert second == ["Trebuchet", "Ballista"] and game.to_move == 0


def test_a_scoiatael_player_starts_the_first_round_and_each_round_after_winning_one():
    """§19: if you control Scoia'tael, you start the first round and the round after you win a round."""
    mine = deck("scoiatael", {"Mahakaman Defender": 5, "Dol Blathanna Archer": 1})
    log = []
    game = new_solo_game(mine, "monsters", 3, log=log)
    seats = solo_agents(Scripted())
    start_game(game, seats)
    assert game.starter == 0 and game.to_move == 0 and not [e for e in log if e["event"] == "play"]
    game = solo(side("scoiatael", close=("Mahakaman Defender", "Mahakaman Defender"), hand=("Riordain",)),
                side("monsters", deck=("Ghoul", "Fiend", "Foglet")), to_move=0)
    step(game, PASS_ACTION, seats)  # it plays Foglet: you win 10 to 2, and you start round 2
    assert game.round_winners == [0] and game.to_move == 0 and game.starter == 0
    step(game, PASS_ACTION, seats)  # you pass on an empty board: it plays Fiend and wins
    assert game.round_winners == [0, 1] and game.starter == 1
    assert [e["player"] for e in game.log if e["round"] == 3 and e["event"] == "play"][:1] == [1]


# The automaton's cards (§19) ------------------------------------------------------------------------------------


def test_horn_goes_on_the_most_beneficial_row():
    """§19 Commander's Horn: place it on the most beneficial row (Siege +12 beats Close Combat +11)."""
    game = solo(side(), side("monsters", close=("Fiend", "Frightener"), ranged=("Cockatrice",),
                             siege=("Earth Elemental", "Fire Elemental"), deck=("Commander's Horn",)))
    turn(game)
    assert game.horn[5] >= 0 and game.horn[3] < 0 and game.scores() == [0, 37]
    assert why(game, "Commander's Horn") == "+12; Close Combat would give +11, Ranged Combat +2"


def test_horn_on_a_tie_takes_the_row_with_the_most_cards():
    """§19: on a tie, choose the row with the most cards (Ranged Combat's three 2s against Close Combat's 6)."""
    game = solo(side(), side("monsters", close=("Fiend",), ranged=("Cockatrice", "Endrega", "Gargoyle"),
                             deck=("Commander's Horn",)))
    turn(game)
    assert game.horn[4] >= 0 and game.score(1) == 18


def test_horn_takes_only_a_free_horn_zone_and_is_discarded_when_none_is():
    game = solo(side(), side("monsters", close=("Fiend",), ranged=("Cockatrice", "Endrega", "Gargoyle"),
                             horns=("ranged",), deck=("Commander's Horn",)))
    turn(game)
    assert game.horn[3] >= 0 and game.score(1) == 24
    game = solo(side(), side("monsters", close=("Fiend",), horns=("close", "ranged", "siege"),
                             deck=("Commander's Horn",)))
    turn(game)
    assert names(game, game.discard[1]) == ["Commander's Horn"] and game.score(1) == 12


def test_horn_counts_the_agile_units_it_draws_to_its_row():
    """The Horn weighs the Agile moves it sets off: on Ranged Combat it doubles 4 + 4, and Barclay Els moves
    there too (+14), against +6 on Close Combat."""
    game = solo(side(), side("scoiatael", close=("Barclay Els",), ranged=("Dol Blathanna Archer", "Vrihedd Brigade Recruit"),
                             deck=("Commander's Horn",)))
    turn(game)
    assert game.horn[4] >= 0 and row_names(game, 1, "ranged")[-1] == "Barclay Els" and game.score(1) == 28
    moved = [e for e in game.log if e["event"] == "move"]
    assert moved and moved[0]["card"] == "Barclay Els" and moved[0]["from"] == "close" and moved[0]["row"] == "ranged"


def test_scorch_affects_only_the_players_side():
    """§19 Scorch: only your side. The automaton's 10 is the strongest unit on the battlefield and stays; your
    Catapult (8) goes; your Hero neither goes nor counts."""
    game = solo(side(close=("Esterad Thyssen",), ranged=("Keira Metz",), siege=("Catapult",)),
                side("nilfgaard", ranged=("Black Infantry Archer",), deck=("Scorch",)))
    turn(game)
    assert names(game, game.discard[0]) == ["Catapult"] and row_names(game, 1, "ranged") == ["Black Infantry Archer"]
    assert names(game, game.discard[1]) == ["Scorch"] and game.scores() == [15, 10]


def test_clan_dimun_pirate_scorches_only_the_players_side_in_solo():
    """Clan Dimun Pirate's Scorch follows the Special Card's rule (§21), so in Solo it spares the automaton's side."""
    game = solo(side(siege=("Catapult", "Ballista")), side("skellige", close=("Olaf",), deck=("Clan Dimun Pirate",)))
    turn(game)
    assert names(game, game.discard[0]) == ["Catapult"] and "Olaf" in row_names(game, 1, "close") + row_names(game, 1, "ranged")


def test_muster_plays_only_the_first_card_found_in_its_deck_then_shuffles():
    """§19 Muster: find the first specified card in its deck, play it (it does not muster in turn)."""
    game = solo(side(), side("monsters", deck=("Arachas Behemoth", "Fiend", "Arachas", "Arachas")))
    turn(game)
    assert row_names(game, 1, "close") == ["Arachas", "Arachas"] and row_names(game, 1, "siege") == []
    assert sorted(names(game, game.deck[1])) == ["Arachas Behemoth", "Fiend"]
    assert why(game, "Arachas") == ""  # the revealed one; the second was found
    assert [e.get("why") for e in game.log if e["event"] == "play"][1] == "found by Arachas's Muster"


def test_spy_lies_on_the_players_side_and_it_plays_two_more_cards():
    """§19 Spy: on your side as usual; the opponent draws and immediately plays two cards."""
    game = solo(side(), side("northern-realms", deck=("Ves", "Ballista", "Trebuchet", "Prince Stennis")))
    turn(game)
    assert row_names(game, 0, "close") == ["Prince Stennis"] and plays(game) == ["Prince Stennis", "Trebuchet", "Ballista"]
    assert game.hand[1] == [] and names(game, game.deck[1]) == ["Ves"] and game.scores() == [5, 12]


def test_a_revealed_agile_unit_takes_its_better_row():
    game = solo(side(), side("scoiatael", deck=("Barclay Els",)), weather=("Biting Frost",))
    turn(game)
    assert row_names(game, 1, "ranged") == ["Barclay Els"]
    assert why(game, "Barclay Els") == "+6; Close Combat would give +1"


def test_an_agile_tie_takes_the_row_with_the_most_cards_then_close_combat():
    game = solo(side(), side("scoiatael", ranged=("Dol Blathanna Archer",), deck=("Barclay Els",)))
    turn(game)
    assert row_names(game, 1, "ranged") == ["Dol Blathanna Archer", "Barclay Els"]
    game = solo(side(), side("scoiatael", deck=("Barclay Els",)))
    turn(game)
    assert row_names(game, 1, "close") == ["Barclay Els"]


def test_agile_units_move_as_a_free_action_when_the_players_card_makes_another_row_better():
    """§19 Agile: it may move during your turn when a card effect makes another row more beneficial. Your Clear
    Weather lifts the frost from its Close Combat, where Dandelion's Horn now doubles Barclay Els (12 > 6)."""
    game = solo(side(hand=("Clear Weather", "Ves")),
                side("scoiatael", close=("Dandelion",), ranged=("Barclay Els",), deck=("Riordain",)),
                weather=("Biting Frost",), to_move=0)
    step(game, (0, in_hand(game, 0, "Clear Weather"), -1, -1), solo_agents(Scripted()))
    events = [(e["player"], e["event"], e["card"]) for e in game.log]
    assert events == [(0, "play", "Clear Weather"), (1, "move", "Barclay Els"), (1, "play", "Riordain")]
    assert row_names(game, 1, "close") == ["Dandelion", "Barclay Els"] and game.score(1) == 15


def test_medic_takes_the_unit_adding_most_strength_counting_tight_bond():
    """§19 Medic: the non-Hero unit adding most, Tight Bond counted: a second Catapult (+24) over a Ballista (+6);
    the Hero is never taken."""
    game = solo(side(), side("northern-realms", siege=("Catapult",), discard=("Catapult", "Ballista", "Esterad Thyssen"),
                             deck=("Dun Banner Medic",)))
    turn(game)
    assert row_names(game, 1, "siege") == ["Catapult", "Dun Banner Medic", "Catapult"]
    assert names(game, game.discard[1]) == ["Ballista", "Esterad Thyssen"]
    assert plays(game) == ["Dun Banner Medic", "Catapult"]
    assert why(game, "Catapult").startswith("brought back by its Medic: +24; Ballista would give +6")


def test_medic_counts_weather_and_horns():
    """Under Torrential Rain the second Catapult adds only 3 and Keira Metz (5) is taken; a Horn on Ranged
    Combat makes Keira Metz (10) beat a Trebuchet (6)."""
    rain = solo(side(), side("northern-realms", siege=("Catapult",), discard=("Keira Metz", "Catapult", "Ballista"),
                             deck=("Dun Banner Medic",)), weather=("Torrential Rain",))
    turn(rain)
    assert row_names(rain, 1, "ranged") == ["Keira Metz"]
    horn = solo(side(), side("northern-realms", horns=("ranged",), discard=("Keira Metz", "Trebuchet"),
                             deck=("Dun Banner Medic",)))
    turn(horn)
    assert row_names(horn, 1, "ranged") == ["Keira Metz"]
    plain = solo(side(), side("northern-realms", discard=("Keira Metz", "Trebuchet"), deck=("Dun Banner Medic",)))
    turn(plain)
    assert row_names(plain, 1, "siege") == ["Dun Banner Medic", "Trebuchet"]


def test_medic_under_invader_of_the_north_picks_at_random():
    seen = set()
    for seed in range(12):
        game = solo(side("nilfgaard", leader="Emhyr var Emreis: Invader of the North"),
                    side("northern-realms", discard=("Keira Metz", "Trebuchet"), deck=("Dun Banner Medic",)), seed=seed)
        turn(game)
        seen.add(plays(game)[1])
    assert seen == {"Keira Metz", "Trebuchet"}


def test_decoy_puts_its_top_card_under_it_until_the_round_ends():
    """§19 Decoy: it replaces no unit; the top card of its deck goes under it unseen, and takes effect when the
    round ends: here the Fiend under it turns a lost round (2 to 5) into a won one (8 to 5)."""
    game = solo(side(close=("Ves",), hand=("Ballista",)), side("nilfgaard", deck=("Foglet", "Fiend", "Decoy")))
    seats = turn(game)
    assert game.scores() == [5, 0] and names(game, game.mode.held()) == ["Decoy", "Fiend"]
    assert all(not row for row in game.rows[3:])
    step(game, PASS_ACTION, seats)
    assert plays(game) == ["Decoy", "Foglet", "Fiend"] and game.round_winners == [1]
    assert sorted(names(game, game.discard[1])) == ["Decoy", "Fiend", "Foglet"] and game.mode.held() == []


def test_weather_under_its_decoy_changes_the_score_but_gives_no_turn_after_the_round():
    """§9, §18: both players have passed and the round is over when the Biting Frost under its Decoy takes effect:
    it lowers your Close Combat, but gives the automaton no further card (the Catapult stays in its deck), so
    the round you lead 13 to 0 is yours, 8 to 0; §18's extra turn is for Weather it reveals on its turn."""
    game = solo(side("monsters", close=("Fiend",), ranged=("Yennefer of Vengerberg",)),
                side("northern-realms", deck=("Catapult", "Biting Frost", "Decoy")), to_move=0)
    step(game, PASS_ACTION, solo_agents(Scripted()))
    end = next(n for n, e in enumerate(game.log) if e["event"] == "round_end")
    assert [e["card"] for e in game.log[:end] if e["event"] == "play"] == ["Decoy", "Biting Frost"]
    assert game.round_winners == [0] and game.log[end]["totals"] == [8, 0]
    assert why(game, "Biting Frost").endswith("a Weather Card as the round is scored: it changes the totals, but "
                                              "both players have passed: no further card (§9)")


# Whole games -------------------------------------------------------------------------------------------------


def test_random_solo_games_keep_every_invariant_and_are_reproducible():
    """Solo games between every starter deck and every faction, the player random, the Leader variant on half:
    the zone invariant holds after every event (the automaton's Decoys counted), it never holds a hand, a game
    replays from its seed."""
    from deckcli.game.bots.random_bot import RandomBot
    from helpers.game_positions import CheckedLog
    from helpers.game_positions import example_game_decks as _decks

    factions = list(CATALOG.factions)
    for number, mine in enumerate(_decks()):
        for faction in factions:
            seed = number * 7 + factions.index(faction)
            logs = []
            for _ in range(2):
                log = CheckedLog()
                game = new_solo_game(mine, faction, seed, leader_variant=seed % 2 == 0, log=log)
                log.game, log.total = game, len(game.cards)
                play_solo(game, RandomBot(seed))
                assert game.over and game.hand[1] == [] and game.mode.held() == []
                logs.append(list(log))
            assert logs[0] == logs[1]


def test_the_solo_log_matches_the_game_log_schema():
    import json
    from deckcli.game.bots.random_bot import RandomBot

    validator = output_validator("game-log")
    mine = deck("scoiatael", {"Barclay Els": 1, "Mahakaman Defender": 5, "Havekar Healer": 3, "Clear Weather": 2,
                              "Dol Blathanna Scout": 3, "Decoy": 2})
    kinds = set()
    for seed in range(8):
        log: list = []
        play_solo(new_solo_game(mine, "scoiatael", seed, leader_variant=True, log=log), RandomBot(seed))
        for event in log:
            assert validator.is_valid(json.loads(json.dumps(event))), event
            kinds.add(event["event"])
    assert {"play", "pass", "round_end", "game_end"} <= kinds


def test_the_player_leader_is_played_through_solo_step():
    game = solo(side(leader="Foltest: The Siegemaster", siege=("Ballista",)), side("monsters", deck=("Fiend",)),
                to_move=0)
    step(game, LEADER_ACTION, solo_agents(Scripted()))
    assert game.scores() == [12, 6] and game.to_move == 0


def test_skellige_recovery_places_its_agile_units_on_their_better_row():
    """§3 Skellige at the start of round three: the automaton, asked nothing, puts a recovered Agile unit on the
    row where it adds most: Olaf's Morale Boost lifts Svanrige in Close Combat."""
    game = solo(side(hand=("Ballista",)), side("skellige", discard=("Olaf", "Hjalmar"), deck=("Svanrige",), gems=1),
                round_number=2, to_move=0)
    step(game, PASS_ACTION, solo_agents(Scripted()))
    assert game.round == 3 and game.round_winners == [1] and game.gems == [1, 1]
    assert sorted(row_names(game, 1, "close")) == ["Olaf", "Svanrige"] and names(game, game.discard[1]) == ["Hjalmar"]
