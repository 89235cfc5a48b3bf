"""A game's rounds (rulebook §6, §7, §9, §13) and the five faction abilities (§3)."""

from __future__ import annotations

from deckcli.game.agents import Agents
from deckcli.game.rounds import new_game
from deckcli.game.agents import play_game, start_game
from helpers.game_positions import Scripted, act, agents, deck, names, position, row_names, side

ANNA = {"Ves": 1, "Siegfried of Denesle": 1, "Puttkammer": 1, "Ballista": 1, "Trebuchet": 1, "Siege Tower": 1,
        "Earth Elemental": 1, "Yarpen Zigrin": 1, "Redanian Foot Soldier": 2}
BEN = {"Sheldon Skaggs": 1, "Bovine Defense Force": 1, "Siege Engineer": 1, "Ice Giant": 1,
       "Black Infantry Archer": 1, "Yarpen Zigrin": 1, "Redanian Foot Soldier": 2, "Vreemde": 1, "Albrich": 1}


ANNA_TURNS = ["Ves", "Siegfried of Denesle", "pass", "Puttkammer", "pass",
              "Ballista", "Trebuchet", "Siege Tower", "Earth Elemental", "pass"]


def _sample_game(ben: dict[str, int], ben_round_three: list[str]):
    """§13's sample game, both players of a faction without an ability that changes it (Scoia'tael: the coin
    picks who chooses the starter, and both choose Anna). Each deck is the ten cards of its hand."""
    log: list[dict] = []
    game = new_game((deck("scoiatael", ANNA), deck("scoiatael", ben)), seed=13, log=log)
    ben_turns = ["Sheldon Skaggs", "pass", "Bovine Defense Force", "pass", *ben_round_three, "pass"]
    winner = play_game(game, Agents(Scripted(ANNA_TURNS, starter=0), Scripted(ben_turns, starter=0)))
    return game, log, winner


def _as_written():
    return _sample_game(BEN, ["Siege Engineer", "Ice Giant", "Black Infantry Archer"])


def test_the_sample_game_of_section_13():
    """§13: Anna wins round one 10 to 4, Ben round two 8 to 3; they keep their hands (8 and 9 cards after
    round one, no draw back up to ten); the winner starts the next round; Anna wins round three 24 to 21."""
    game, log, winner = _as_written()
    ends = [e for e in log if e["event"] == "round_end"]
    assert [(e["totals"], e["player"], e["gems"]) for e in ends] == [
        ([10, 4], 0, [2, 1]), ([3, 8], 1, [1, 1]), ([24, 21], 0, [1, 0])]
    assert [e["scores"] for e in ends] == [[0, 0]] * 3  # the state after the round's end: the battlefield cleared
    round_two = [e for e in log if e["round"] == 2 and e["event"] == "play"]
    assert round_two[0]["player"] == 0  # Anna starts round two: she won round one
    round_three = [e for e in log if e["round"] == 3 and e["event"] == "play"]
    assert round_three[0]["player"] == 1  # Ben starts round three
    assert winner == 0 and log[-1]["event"] == "game_end" and log[-1]["winner"] == 0
    assert len(game.hand[0]) == 10 - 7 and len(game.hand[1]) == 10 - 5
    assert not any(e["event"] == "draw" for e in log)


def test_hands_after_round_one_are_kept():
    game, log, _ = _as_written()
    first_end = next(i for i, e in enumerate(log) if e["event"] == "round_end")
    played = [e["player"] for e in log[:first_end] if e["event"] == "play"]
    assert 10 - played.count(0) == 8 and 10 - played.count(1) == 9


def test_a_tie_in_the_last_round_is_a_draw():
    """§13: if they tie and no ability changes the result, both lose their last gem and the game is a draw."""
    ben = {**BEN, "Earth Elemental": 1}
    del ben["Ice Giant"]
    game, log, winner = _sample_game(ben, ["Siege Engineer", "Earth Elemental", "Black Infantry Archer", "Yarpen Zigrin"])
    assert [e["totals"] for e in log if e["event"] == "round_end"][-1] == [24, 24]
    assert winner is None and game.gems == [0, 0] and log[-1]["winner"] is None


def test_a_tie_costs_both_players_a_gem():
    """§9: on a tie, both players lose a gem."""
    game = position(side(close=("Ves",), hand=("Ves",)), side(close=("Ves",), hand=("Ves",)))
    seats = act(game, 0, "pass")
    act(game, 1, "pass", seats)
    assert game.gems == [1, 1] and game.round_winners == [None]


def test_nilfgaard_wins_a_tie():
    """§3: Nilfgaard wins a round when the total Strength is tied."""
    game = position(side(close=("Ves",), hand=("Ves",)), side("nilfgaard", close=("Ves",), hand=("Ves",)))
    seats = act(game, 0, "pass")
    act(game, 1, "pass", seats)
    assert game.gems == [1, 2] and game.to_move == 1


def test_two_nilfgaard_players_tie_as_anyone():
    game = position(side("nilfgaard", close=("Ves",), hand=("Ves",)), side("nilfgaard", close=("Ves",), hand=("Ves",)))
    seats = act(game, 0, "pass")
    act(game, 1, "pass", seats)
    assert game.gems == [1, 1]


def test_northern_realms_draws_a_card_when_it_wins_a_round():
    """§3: Northern Realms draws a card from its deck whenever it wins a round (not on a tie or a loss)."""
    game = position(side(close=("Ves",), hand=("Ves",), deck=("Ballista",)), side("monsters", hand=("Ghoul",)))
    seats = act(game, 0, "pass")
    act(game, 1, "pass", seats)
    assert names(game, game.hand[0]) == ["Ves", "Ballista"]
    tie = position(side(close=("Ves",), hand=("Ves",), deck=("Ballista",)), side("monsters", close=("Fiend",)))
    seats = act(tie, 1, "pass")
    act(tie, 0, "pass", seats)
    assert len(tie.hand[0]) == 1 and len(tie.deck[0]) == 1


def test_the_winner_starts_the_next_round_and_passing_keeps_the_other_playing():
    """§7 C: after a pass the opponent may go on playing, one card per turn, until it passes too; §9: the
    winner starts the next round."""
    game = position(side("monsters", hand=("Fiend", "Fiend", "Fiend")), side("monsters", hand=("Ghoul", "Ghoul")))
    seats = act(game, 0, "pass")
    assert game.to_move == 1
    act(game, 1, "Ghoul", seats)
    assert game.to_move == 1
    act(game, 1, "pass", seats)
    assert game.round == 2 and game.to_move == 1 and game.gems == [1, 2]


def test_a_spy_goes_to_the_discard_pile_of_the_side_it_lay_on():
    """§9: a Spy played onto the opponent's side goes to the opponent's discard pile when removed."""
    game = position(side(hand=("Prince Stennis", "Ves"), deck=("Ves", "Ves")), side(hand=("Ves",)))
    seats = act(game, 0, "Prince Stennis")
    act(game, 1, "pass", seats)
    act(game, 0, "pass", seats)
    assert names(game, game.discard[1]) == ["Prince Stennis"] and game.discard[0] == []


def test_every_card_of_the_battlefield_goes_to_its_controllers_discard_pile():
    """§9: Special Cards too: a Horn, a Decoy, a Mardroeme, and the Weather Cards (to who played them)."""
    game = position(side(close=("Decoy", "Ves"), horns=("close",), hand=("Ves",)),
                    side("skellige", mardroeme=("siege",), siege=("Holger Blackhand",), hand=("Ves",)),
                    weather=("Torrential Rain",))
    seats = act(game, 0, "pass")
    act(game, 1, "pass", seats)
    assert sorted(names(game, game.discard[0])) == ["Commander's Horn", "Decoy", "Torrential Rain", "Ves"]
    assert sorted(names(game, game.discard[1])) == ["Holger Blackhand", "Mardroeme"]
    assert game.weather == [] and all(not row for row in game.rows)


def test_monsters_keep_one_random_non_hero_unit():
    """§3: after each round one random unit stays; shuffle the units on its side, excluding Heroes."""
    kept_names = set()
    for seed in range(40):
        game = position(side("monsters", close=("Fiend", "Draug", "Ghoul"), ranged=("Harpy",), hand=("Fiend",)),
                        side(close=("Ves", "Ves"), hand=("Ves",)), seed=seed)
        seats = act(game, 0, "pass")
        act(game, 1, "pass", seats)
        board = [name for row in ("close", "ranged", "siege") for name in row_names(game, 0, row)]
        assert len(board) == 1 and board[0] != "Draug"
        kept_names.add(board[0])
        assert row_names(game, 1, "close") == []
    assert kept_names == {"Fiend", "Ghoul", "Harpy"}


def test_skellige_returns_two_random_units_at_the_start_of_round_three():
    """§3: at the start of the third round, two random non-Hero units of its discard pile return to the
    battlefield; not in round two, and never a Hero."""
    game = position(side("skellige", discard=("Madman Lugos", "Hjalmar", "Svanrige", "Clan Brokvar Archer"),
                         hand=("Ves", "Ves")), side(hand=("Ves", "Ves")))
    seats = agents()
    act(game, 0, "pass", seats)
    act(game, 1, "Ves", seats)
    act(game, 1, "pass", seats)
    assert game.round == 2 and all(not game.rows[s] for s in range(3))
    act(game, 0, "Ves", seats)
    act(game, 0, "pass", seats)
    act(game, 1, "pass", seats)
    assert game.round == 3
    returned = [name for row in ("close", "ranged", "siege") for name in row_names(game, 0, row)]
    assert len(returned) == 2 and "Hjalmar" not in returned


def test_scoiatael_chooses_who_starts():
    """§3: Scoia'tael decides who goes first; without it the coin does."""
    for choice in (0, 1):
        game = new_game((deck("scoiatael", {"Ves": 12}), deck("monsters", {"Fiend": 12})), seed=1)
        start_game(game, Agents(Scripted(starter=choice), Scripted(starter=1 - choice)))
        assert game.to_move == choice
    starters = set()
    for seed in range(20):
        game = new_game((deck("nilfgaard", {"Ves": 12}), deck("monsters", {"Fiend": 12})), seed=seed)
        start_game(game, agents())
        starters.add(game.to_move)
    assert starters == {0, 1}


def test_the_opening_hand_is_ten_and_exchanges_replace_without_redrawing():
    """§6: draw 10; exchange up to two one at a time, each set aside and replaced, the set-aside cards
    shuffled back into the deck afterwards (never into the discard pile)."""
    log: list[dict] = []
    game = new_game((deck("northern-realms", {"Ves": 11, "Ballista": 1}), deck("monsters", {"Fiend": 12})),
                    seed=3, log=log)
    me = Scripted(exchange=["Ves", "Ves", "Ves"])
    start_game(game, agents(me))
    assert [len(e["cards"]) for e in log if e["event"] == "hand"] == [10, 10]
    assert len([e for e in log if e["event"] == "exchange"]) == 2
    assert len(game.hand[0]) == 10 and len(game.deck[0]) == 2 and game.discard[0] == []


def test_daisy_of_the_valley_draws_eleven():
    game = new_game((deck("scoiatael", {"Ves": 15}, "Francesca Findabair: Daisy of the Valley"),
                     deck("monsters", {"Fiend": 15})), seed=0)
    start_game(game, agents())
    assert len(game.hand[0]) == 11 and len(game.hand[1]) == 10
