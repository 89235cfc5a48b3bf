"""Free For All (§16) and two versus two (§17): each change the seed makes to the standard rules, one test each,
from the seed's words; then invariants after every event of random games of each mode."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.depth import examples
from helpers.table_positions import deck, in_hand, lay, names
from deckcli.catalog.loading import default_catalog
from deckcli.game.actions import PASS_ACTION, PLAY
from deckcli.game.agents import Agents, PlayerView, resolve, start_game, step
from deckcli.game.bots import bot_class
from deckcli.game.bots.random_bot import RandomBot
from deckcli.game.cards import GameDeck
from deckcli.game.modes import FREE_FOR_ALL, MODES, POINTS_TO_WIN, ffa_round_points, next_ffa_starter
from deckcli.game.rounds import end_round as end_of_round
from deckcli.game.rounds import legal_actions, new_game, next_to_move, returns, round_winner
from deckcli.game.simulation.matchups import starter_entrant

FFA, TEAMS = "ffa", "teams"

CATALOG = default_catalog()
FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")


def new_table(decks: tuple[GameDeck, ...], mode: str, seed: int, *, log: list | None = None):
    """A game of ``mode`` (``"ffa"`` or ``"teams"``) between ``decks``, not yet set up."""
    return new_game(decks, seed, mode=MODES[mode], log=log)


def position(decks: tuple[GameDeck, ...], mode: str, seed: int = 1):
    """A game of ``mode`` standing at a position the test lays out: no set-up to come."""
    table = new_table(decks, mode, seed)
    table.frames.clear()
    return table


def end_round(table, agents) -> None:
    """Everyone has passed: the round ends, and whatever follows resolves (``agents`` answering)."""
    table.decision = None
    end_of_round(table)
    resolve(table, agents)


def winners(table) -> list[int]:
    """The players the finished game gave a result (a win, or a share of a draw)."""
    return [player for player, result in enumerate(returns(table)) if result > 0]


def check_seating(mode: str, factions: list[str]) -> None:
    MODES[mode].seating(factions)


def team_round_winner(totals: list[int], factions: list[str]) -> int | None:
    table = position(tuple(GameDeck(f, None, ()) for f in factions), TEAMS)
    return round_winner(table, totals)


def bots(count: int, seed: int = 0) -> Agents:
    return Agents(*(RandomBot(seed + n) for n in range(count)))


# §16 Free For All ----------------------------------------------------------------------------------------------


def test_the_four_player_example_scores_3_2_1_and_0() -> None:
    """§16: "total Strengths are 30, 24, 18, and 10. The player at 30 scores 3 points; ... 10 scores none"."""
    assert ffa_round_points([30, 24, 18, 10], ["monsters", "skellige", "scoiatael", "northern-realms"]) == [3, 2, 1, 0]


def test_several_players_score_in_one_round_and_ties_do_not_count() -> None:
    """§16: "More than one player can earn points in the same round. Ties do not count as wins"."""
    assert ffa_round_points([20, 20, 5], ["monsters", "skellige", "scoiatael"]) == [1, 1, 0]


def test_nilfgaard_scores_a_tie_and_two_nilfgaard_players_tied_score_one_each() -> None:
    """§16: "unless Nilfgaard's ability applies"; "If two Nilfgaard players tie, each scores one point for that tie"."""
    assert ffa_round_points([12, 12, 3], ["nilfgaard", "monsters", "skellige"]) == [2, 1, 0]
    assert ffa_round_points([12, 12, 3], ["nilfgaard", "nilfgaard", "skellige"]) == [2, 2, 0]


def test_points_to_win_by_the_number_of_players() -> None:
    """§16's table: 4, 5 or 6 points win for 3, 4 or 5 players; 3 to 5 players sit."""
    assert POINTS_TO_WIN == {3: 4, 4: 5, 5: 6}
    with pytest.raises(ValueError, match="3 to 5"):
        check_seating(FFA, ["monsters", "skellige"])
    with pytest.raises(ValueError, match="3 to 5"):
        check_seating(FFA, list(FACTIONS) + ["monsters"])


def test_a_round_of_the_four_player_example_at_a_real_table() -> None:
    """§16: the example's board, scored at the round's end by the engine: the points go to 3, 2, 1, 0; there is no
    round limit and the player who scored the most starts the next round."""
    decks = (deck("nilfgaard", "Black Infantry Archer", "Black Infantry Archer", "Heavy Zerrikanian Fire Scorpion",
                  "Assire var Anahid"),
             deck("northern-realms", "Ballista", "Ballista", "Dethmold", "Siege Tower"),
             deck("skellige", "Clan Brokvar Archer", "Clan Brokvar Archer", "Clan Brokvar Archer", "Blueboy Lugos"),
             deck("monsters", "Earth Elemental", "Fiend", "Vesemir"))
    table = position(decks, FFA)
    for player in range(4):
        in_hand(table, player)
    for name, row in (("Black Infantry Archer", 1), ("Black Infantry Archer", 1), ("Heavy Zerrikanian Fire Scorpion", 2)):
        lay(table, 0, name, row)                                                    # 30
    for name, row in (("Ballista", 2), ("Ballista", 2), ("Dethmold", 1), ("Siege Tower", 2)):
        lay(table, 1, name, row)                                                    # 24
    for name, row in (("Clan Brokvar Archer", 1), ("Clan Brokvar Archer", 1), ("Clan Brokvar Archer", 1)):
        lay(table, 2, name, row)                                                    # 18
    lay(table, 3, "Fiend", 0)
    lay(table, 3, "Vesemir", 0)                                                     # 12 (the example's 10)
    assert table.scores() == [30, 24, 18, 12]
    agents = bots(4)
    table.passed = [True] * 4
    table.plays = 12  # the cards lying there were played this round
    end_round(table, agents)
    assert table.round_points == [[3, 2, 1, 0]]
    assert table.points == [3, 2, 1, 0]
    assert table.to_move == table.starter == 0
    assert not table.over and table.round == 2


def _ffa(*decks_: GameDeck, seed: int = 1):
    table = position(decks_, FFA, seed)
    for player in range(len(decks_)):
        in_hand(table, player)
    return table


def test_turns_move_clockwise_and_skip_who_passed() -> None:
    """§16: "Turns move clockwise. Each player plays one card per turn until they pass; the round ends when
    everyone passes"."""
    table = _ffa(deck("monsters", "Fiend"), deck("skellige", "Blueboy Lugos"), deck("scoiatael", "Dennis Cranmer"))
    assert [next_to_move(table, p) for p in range(3)] == [1, 2, 0]
    table.passed[1] = True
    assert next_to_move(table, 0) == 2 and next_to_move(table, 2) == 0
    agents = bots(3)
    table.to_move = 0
    step(table, (PLAY, table.hand[0][0], 0, -1), agents)
    assert table.to_move == 2 and table.round == 1
    step(table, PASS_ACTION, agents)
    assert table.to_move == 0
    step(table, PASS_ACTION, agents)
    assert table.round == 2 and not table.over  # everyone has passed: the round is over


def test_a_spy_goes_to_the_opponent_its_player_chooses() -> None:
    """§16 Spy: "Choose which opponent receives the Spy"; its player draws two (§10)."""
    table = position((deck("nilfgaard", "Stefan Skellen", "Vesemir", "Assire var Anahid", "Black Infantry Archer"),
                      deck("monsters", "Fiend"), deck("skellige", "Blueboy Lugos")), FFA, 3)
    spy = next(c for c in table.deck[0] if table.cards.name[c] == "Stefan Skellen")
    table.deck[0].remove(spy)
    table.hand[0].append(spy)
    table.to_move = 0
    offered = [a for a in legal_actions(table) if a[0] == PLAY and a[1] == spy]
    assert sorted(a[3] for a in offered) == [1, 2]  # one action per opponent: the choice is the player's
    step(table, next(a for a in offered if a[3] == 2), bots(3))
    assert spy in table.rows[2 * 3 + 0] and table.scores() == [0, 0, 9]
    assert len(table.hand[0]) == 2 and len(table.deck[0]) == 1


def test_a_unit_scorch_affects_each_opponent_individually() -> None:
    """§16 Unit Scorch: "Affects each opponent individually": every opponent's row of 10 or more loses its own
    strongest units; a row under 10 keeps them (§10)."""
    table = _ffa(deck("monsters", "Villentretenmerth"), deck("skellige", "Blueboy Lugos", "Madman Lugos"),
                 deck("scoiatael", "Dennis Cranmer", "Mahakaman Defender"), deck("nilfgaard", "Vattier de Rideaux"))
    lay(table, 1, "Blueboy Lugos", 0)
    lay(table, 1, "Madman Lugos", 0)          # 12: both 6s go
    lay(table, 2, "Dennis Cranmer", 0)
    lay(table, 2, "Mahakaman Defender", 0)    # 11: the 6 goes, the 5 stays
    lay(table, 3, "Vattier de Rideaux", 0)    # 4: under 10, untouched
    table.to_move = 0
    villen = table.hand[0][0]
    step(table, (PLAY, villen, 0, -1), bots(4))
    assert names(table, table.rows[3]) == [] and names(table, table.rows[6]) == ["Mahakaman Defender"]
    assert names(table, table.rows[9]) == ["Vattier de Rideaux"]
    assert sorted(names(table, table.discard[1])) == ["Blueboy Lugos", "Madman Lugos"]
    assert names(table, table.discard[2]) == ["Dennis Cranmer"]


def test_northern_realms_draws_when_it_exceeds_at_least_two_opponents() -> None:
    """§16 Northern Realms: "Draw a card if your Strength exceeds that of at least two opponents"."""
    for laid, draws in (((1, 2), False), ((1,), True)):
        table = position((deck("northern-realms", "Ballista", "Dethmold", "Siege Tower"),
                          deck("monsters", "Fiend", "Earth Elemental"), deck("skellige", "Blueboy Lugos"),
                          deck("scoiatael", "Dennis Cranmer", "Mahakaman Defender")), FFA, 2)
        for player in (1, 2, 3):
            in_hand(table, player)
        table.hand[0].append(table.deck[0].pop())
        lay(table, 0, table.cards.name[table.hand[0][0]], table.cards.rows[table.hand[0][0]][0])  # 6
        for player in laid:  # the opponents laid out exceed or tie this player; the others stay at 0
            lay(table, player, table.cards.name[table.hand[player][0]], 0)
        table.passed = [True] * 4
        table.plays = 1 + len(laid)
        end_round(table, bots(4))
        assert (len(table.hand[0]) == 1) is draws, laid


def test_the_most_points_of_the_round_start_the_next_and_a_tie_goes_clockwise() -> None:
    """§16: "the player who scored the most points in the previous round starts". The tie is a ruling
    (docs/play.md): the first of the tied in turn order from the previous round's starter."""
    assert next_ffa_starter([1, 3, 0, 2], previous=0) == 1
    assert next_ffa_starter([2, 0, 2, 0], previous=1) == 2
    assert next_ffa_starter([2, 0, 2, 0], previous=3) == 0


def test_the_game_is_won_at_the_points_of_the_table_size() -> None:
    """§16: five points win a four-player game; a round reaching them ends the game with its winner."""
    table = _ffa(deck("monsters", "Fiend", "Vesemir"), deck("skellige", "Blueboy Lugos"),
                 deck("scoiatael", "Dennis Cranmer"), deck("northern-realms", "Ballista"))
    table.points = [2, 4, 1, 0]
    lay(table, 0, "Fiend", 0)
    table.passed = [True] * 4
    end_round(table, bots(4))
    assert table.points == [5, 4, 1, 0] and table.over and winners(table) == [0]


def test_two_scoiatael_players_a_random_one_chooses_who_starts() -> None:
    """§16 Scoia'tael: "If two players use this faction, randomly determine which of them chooses who starts"."""
    choosers = set()
    for seed in range(12):
        log: list[dict] = []
        table = new_table((deck("scoiatael", "Dennis Cranmer"), deck("monsters", "Fiend"),
                           deck("scoiatael", "Mahakaman Defender")), FFA, seed, log=log)
        start_game(table, bots(3, seed))
        choosers.add(log[0]["chosen_by"])
    assert choosers == {0, 2}


# §17 two versus two --------------------------------------------------------------------------------------------


def _teams(*decks_: GameDeck, seed: int = 1):
    table = position(decks_, TEAMS, seed)
    for player in range(4):
        in_hand(table, player)
    return table


def test_teammates_cannot_use_the_same_faction() -> None:
    """§17: "Teammates cannot use the same faction"; four players in two teams of two."""
    with pytest.raises(ValueError, match="same faction"):
        check_seating(TEAMS, ["monsters", "skellige", "monsters", "scoiatael"])
    check_seating(TEAMS, ["monsters", "monsters", "skellige", "skellige"])  # the same faction across teams is fine
    with pytest.raises(ValueError, match="4 players"):
        check_seating(TEAMS, ["monsters", "skellige", "scoiatael"])


def test_the_turn_order_a1_b1_a2_b2_and_with_b1_passed() -> None:
    """§17: "A1 → B1 → A2 → B2, then repeat. If B1 passes, everyone else keeps their relative order: A1 → A2 → B2 →
    A1. One player passing does not force their teammate to pass"."""
    table = _teams(deck("monsters", "Fiend", "Earth Elemental", "Fire Elemental"),
                   deck("skellige", "Blueboy Lugos", "Madman Lugos"),
                   deck("scoiatael", "Dennis Cranmer", "Mahakaman Defender", "Ida Emean aep Sivney"),
                   deck("northern-realms", "Ballista", "Dethmold", "Siege Tower"))
    agents = bots(4)
    table.to_move = 0
    seen = [table.to_move]
    for _ in range(4):
        step(table, legal_actions(table)[0], agents)
        seen.append(table.to_move)
    assert seen == [0, 1, 2, 3, 0]  # A1 B1 A2 B2 A1
    step(table, legal_actions(table)[0], agents)   # A1 plays
    step(table, PASS_ACTION, agents)                # B1 passes
    assert not table.passed[3]                      # B2 is still in the round
    seen = [table.to_move]
    for _ in range(3):
        step(table, legal_actions(table)[0], agents)  # each plays a card: nobody else passes
        seen.append(table.to_move)
    assert seen == [2, 3, 0, 2]  # A2 → B2 → A1 → A2


def test_teammates_share_one_side_and_its_total() -> None:
    """§17: "They share one side of the battlefield"; "Played cards contribute to the total Strength of the team
    controlling that side"."""
    table = _teams(deck("monsters", "Fiend"), deck("skellige", "Blueboy Lugos"), deck("scoiatael", "Dennis Cranmer"),
                   deck("nilfgaard", "Vattier de Rideaux"))
    lay(table, 0, "Fiend", 0)
    lay(table, 2, "Dennis Cranmer", 0)
    lay(table, 1, "Blueboy Lugos", 0)
    assert table.scores() == [12, 6] and table.sides == 2


def test_a_horn_doubles_the_whole_teams_row() -> None:
    """§17 Commander's Horn: "Affects the entire team's units in that row"."""
    table = _teams(deck("monsters", "Fiend", "Commander's Horn"), deck("skellige", "Blueboy Lugos"),
                   deck("scoiatael", "Dennis Cranmer"), deck("nilfgaard", "Vattier de Rideaux"))
    lay(table, 2, "Dennis Cranmer", 0)  # the teammate's unit
    horn = next(c for c in table.hand[0] if table.cards.name[c] == "Commander's Horn")
    table.to_move = 0
    step(table, (PLAY, horn, 0, -1), bots(4))
    assert table.scores()[0] == 12


def test_a_decoy_takes_back_a_unit_the_teammate_played() -> None:
    """§17 Decoy: "Can target a unit played by either teammate"; the unit goes to the Decoy's player's hand."""
    table = _teams(deck("monsters", "Decoy"), deck("skellige", "Blueboy Lugos"), deck("scoiatael", "Dennis Cranmer"),
                   deck("nilfgaard", "Vattier de Rideaux"))
    cranmer = lay(table, 2, "Dennis Cranmer", 0)
    table.to_move = 0
    decoys = [a for a in legal_actions(table) if a[0] == PLAY]
    assert decoys and all(a[3] == cranmer for a in decoys)
    step(table, decoys[0], bots(4))
    assert cranmer in table.hand[0] and table.scores()[0] == 0


def test_a_medic_recovers_from_the_teams_shared_discard_pile() -> None:
    """§17: "They share a discard pile"; Medic: "Can recover a unit from the whole team's shared discard pile"."""
    table = _teams(deck("northern-realms", "Dun Banner Medic"), deck("skellige", "Blueboy Lugos"),
                   deck("scoiatael", "Dennis Cranmer"), deck("nilfgaard", "Vattier de Rideaux"))
    cranmer = lay(table, 2, "Dennis Cranmer", 0)
    table.passed = [True] * 4
    end_round(table, bots(4))
    assert cranmer in table.discard[0]  # the teammate's unit went to the team's one pile
    medic = table.hand[0][0]
    table.to_move = 0
    step(table, (PLAY, medic, 2, -1), bots(4))
    assert cranmer in table.rows[0] and table.scores()[0] == 11


def test_two_gems_per_team_and_a_tie_costs_both_teams_one() -> None:
    """§17: "only two gems per team"; §9: the losing team loses a gem, both on a tie."""
    table = _teams(deck("monsters", "Fiend"), deck("skellige", "Blueboy Lugos"), deck("scoiatael", "Dennis Cranmer"),
                   deck("northern-realms", "Ballista"))
    assert table.gems == [2, 2]
    lay(table, 0, "Fiend", 0)
    lay(table, 1, "Blueboy Lugos", 0)
    table.passed = [True] * 4
    end_round(table, bots(4))
    assert table.gems == [1, 1] and table.round == 2


def test_nilfgaard_wins_a_tie_unless_both_teams_use_it() -> None:
    """§17 Nilfgaard: "If both teams use Nilfgaard, its faction ability has no effect"."""
    assert team_round_winner([5, 5], ["nilfgaard", "monsters", "skellige", "scoiatael"]) == 0
    assert team_round_winner([5, 5], ["skellige", "monsters", "nilfgaard", "scoiatael"]) == 0
    assert team_round_winner([5, 5], ["nilfgaard", "monsters", "skellige", "nilfgaard"]) is None
    assert team_round_winner([6, 5], ["nilfgaard", "monsters", "skellige", "nilfgaard"]) == 0


def test_monsters_keep_only_a_monsters_card_or_an_enemy_spy() -> None:
    """§17 Monsters: "The unit remaining in play must be a Monsters card or an enemy Spy"."""
    for seed in range(8):
        table = _teams(deck("monsters", "Fiend"), deck("northern-realms", "Prince Stennis"),
                       deck("scoiatael", "Dennis Cranmer", "Mahakaman Defender"), deck("skellige", "Blueboy Lugos"),
                       seed=seed)
        fiend = lay(table, 0, "Fiend", 0)
        lay(table, 2, "Dennis Cranmer", 0)
        lay(table, 2, "Mahakaman Defender", 0)
        stennis = lay(table, 1, "Prince Stennis", 0, side=0)  # an enemy Spy on team A's side
        table.passed = [True] * 4
        end_round(table, bots(4))
        kept = table.rows[0]
        assert len(kept) == 1 and kept[0] in (fiend, stennis)


def test_skellige_recovers_only_skellige_cards_or_enemy_spies() -> None:
    """§17 Skellige: "Recovered cards must be Skellige cards or enemy Spies" (at the start of round three, §3)."""
    table = _teams(deck("skellige", "Blueboy Lugos"), deck("northern-realms", "Prince Stennis"),
                   deck("scoiatael", "Dennis Cranmer", "Mahakaman Defender"), deck("monsters", "Fiend"))
    pile = table.discard[0]
    for player, name in ((0, "Blueboy Lugos"), (2, "Dennis Cranmer"), (2, "Mahakaman Defender"), (1, "Prince Stennis")):
        card = next(c for c in table.hand[player] if table.cards.name[c] == name)
        table.hand[player].remove(card)
        pile.append(card)
    table.round = 2
    table.passed = [True] * 4
    end_round(table, bots(4))  # a tie at 0: both teams lose a gem, round three begins
    assert table.round == 3
    assert sorted(names(table, table.rows[0])) == ["Blueboy Lugos", "Prince Stennis"]


def test_the_white_flame_cancels_every_leader_ability() -> None:
    """§17 Emhyr var Emreis: The White Flame: "Cancels every Leader ability" (the teammate's too)."""
    flame = "Emhyr var Emreis: The White Flame"
    table = position((deck("nilfgaard", "Vattier de Rideaux", leader=flame),
                       deck("monsters", "Fiend", leader="Eredin: Commander of the Red Riders"),
                       deck("skellige", "Blueboy Lugos", leader="King Bran"),
                      deck("scoiatael", "Dennis Cranmer", leader="Francesca Findabair: Daisy of the Valley")), TEAMS, 1)
    assert table.leader_live == [True, False, False, False]
    assert table.halved == [False, False]  # King Bran is cancelled
    ffa = position((deck("nilfgaard", "Vattier de Rideaux", leader=flame),
                     deck("monsters", "Fiend", leader="Eredin: Commander of the Red Riders"),
                     deck("skellige", "Blueboy Lugos", leader="King Bran")), FFA, 1)
    assert ffa.leader_live == [True, False, False]


def test_teammates_see_each_others_hands_and_no_opponents() -> None:
    """§17: "Teammates may look at each other's hands"; nobody sees an opponent's."""
    table = _teams(deck("monsters", "Fiend"), deck("skellige", "Blueboy Lugos"), deck("scoiatael", "Dennis Cranmer"),
                   deck("nilfgaard", "Vattier de Rideaux"))
    view = PlayerView(table, 0)
    assert view.teammate == 2 and view.teammate_hand() == table.hand[2]
    assert PlayerView(table, 1).teammate_hand() == table.hand[3]


def test_scoiatael_on_both_teams_a_coin_picks_the_chooser() -> None:
    """§17 Scoia'tael: "If both teams use it, flip a coin between the Scoia'tael players to determine who chooses"."""
    choosers = set()
    for seed in range(12):
        log: list[dict] = []
        table = new_table((deck("scoiatael", "Dennis Cranmer"), deck("monsters", "Fiend"),
                           deck("skellige", "Blueboy Lugos"), deck("scoiatael", "Mahakaman Defender")), TEAMS, seed,
                          log=log)
        start_game(table, bots(4, seed))
        choosers.add(log[0]["chosen_by"])
    assert choosers == {0, 3}


# invariants ------------------------------------------------------------------------------------------------------


def _checked_game(mode: str, factions: tuple[str, ...], seed: int, bot: str) -> None:
    """A whole game; after every event: every card in exactly one zone, points only at a round's end and at most
    one per opponent (§16), gems only at a round's end and one at most per team (§17), Strength never negative."""
    entrants = [starter_entrant(f).deck for f in factions]
    table = new_table(tuple(entrants), mode, seed)
    agents = Agents(*(bot_class(bot)(seed * 7 + n) for n in range(len(factions))))
    listing = table.every_zone()
    everything = list(range(len(table.cards)))
    start_game(table, agents)
    assert sorted(listing()) == everything
    nilfgaard = [f == "nilfgaard" for f in factions]
    while not table.over:
        points, gems, round_, totals = table.points[:], table.gems[:], table.round, table.scores()
        step(table, agents.act(table, table.to_move, legal_actions(table)), agents)
        assert sorted(listing()) == everything
        assert all(total >= 0 for total in table.scores())
        if table.round == round_ and not table.over:
            assert table.points == points and table.gems == gems
            continue
        # the round ended on a pass, which changes no Strength: ``totals`` are the round's (§16, §17, §9)
        gained = [now - before for now, before in zip(table.points, points)]
        lost = [before - now for now, before in zip(table.gems, gems)]
        if mode == FFA:
            assert gained == [sum(1 for j, theirs in enumerate(totals) if j != i and (
                mine > theirs or (mine == theirs and nilfgaard[i]))) for i, mine in enumerate(totals)]
            assert lost == [0] * len(gems)
        else:
            teams_nilfgaard = [nilfgaard[0] or nilfgaard[2], nilfgaard[1] or nilfgaard[3]]
            winner = (0 if totals[0] > totals[1] else 1) if totals[0] != totals[1] else (
                teams_nilfgaard.index(True) if teams_nilfgaard.count(True) == 1 else None)
            assert lost == [0 if winner == side else 1 for side in (0, 1)]
    assert table.round < 60
    if mode == TEAMS:
        assert min(table.gems) == 0


@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(0, 2**32), bot=st.sampled_from(["random", "heuristic"]), players=st.sampled_from([3, 4, 5]),
       repeats=st.booleans())
def test_free_for_all_invariants_after_every_event(seed: int, bot: str, players: int, repeats: bool) -> None:
    """Any factions, a faction twice or more included (three Nilfgaard players level score each round, §16)."""
    rng = random.Random(seed)
    factions = tuple(rng.choice(FACTIONS) for _ in range(players)) if repeats else tuple(rng.sample(FACTIONS, players))
    _checked_game(FFA, factions, seed, bot)


@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(0, 2**32), bot=st.sampled_from(["random", "heuristic"]))
def test_two_versus_two_invariants_after_every_event(seed: int, bot: str) -> None:
    factions = tuple(random.Random(seed).sample(FACTIONS, 4))
    _checked_game(TEAMS, factions, seed, bot)


def test_players_reaching_the_points_level_share_a_draw() -> None:
    """A ruling (docs/play.md): §16 does not say who wins when two reach the points with equal most; they share."""
    table = _ffa(deck("monsters", "Fiend"), deck("skellige", "Blueboy Lugos"), deck("scoiatael", "Mahakaman Defender"),
                 deck("northern-realms", "Ballista"))
    table.points = [4, 4, 0, 0]
    lay(table, 0, "Fiend", 0)
    lay(table, 1, "Blueboy Lugos", 0)  # 6 and 6: each exceeds the two players at 0
    table.plays = 2
    table.passed = [True] * 4
    end_round(table, bots(4))
    assert table.points[:2] == [6, 6] and table.over and table.winner is None and winners(table) == [0, 1]


def test_a_round_nobody_plays_in_that_scores_points_does_not_end_the_game() -> None:
    """§16: the game ends at the points to win. Three Nilfgaard players level at 0 each score 2 a round (a tie is
    a point for Nilfgaard, §16), so a round in which all pass at once changes the game: it goes on to the points
    (main ended it after the first such round, the player at 1 point crowned short of the 4 that win)."""
    table = _ffa(deck("nilfgaard", "Vattier de Rideaux"), deck("nilfgaard", "Assire var Anahid"),
                 deck("nilfgaard", "Black Infantry Archer"))
    table.points = [1, 0, 0]
    agents = bots(3)
    table.to_move = 0
    for _ in range(3):
        step(table, PASS_ACTION, agents)
    assert not table.over and table.points == [3, 2, 2] and table.round == 2
    for _ in range(3):
        step(table, PASS_ACTION, agents)
    assert table.over and table.points == [5, 4, 4] and winners(table) == [0]


def test_there_is_no_round_limit() -> None:
    """§16: "There is no two- or three-round limit": a third round that leaves nobody at the points goes on to a
    fourth."""
    table = _ffa(deck("monsters", "Fiend", "Earth Elemental"), deck("skellige", "Blueboy Lugos", "Madman Lugos"),
                 deck("scoiatael", "Dennis Cranmer", "Mahakaman Defender"))
    table.round = 3
    lay(table, 0, "Fiend", 0)
    table.plays = 1
    table.passed = [True] * 3
    end_round(table, bots(3))
    assert table.points == [2, 0, 0] and not table.over and table.round == 4


def test_the_first_player_is_random() -> None:
    """§16: "Randomly determine who begins the game" (no Scoia'tael player at the table)."""
    starters = set()
    for seed in range(20):
        table = new_table((deck("monsters", "Fiend"), deck("skellige", "Blueboy Lugos"),
                           deck("nilfgaard", "Vattier de Rideaux"), deck("northern-realms", "Ballista")), FFA, seed)
        start_game(table, bots(4, seed))
        starters.add(table.to_move)
    assert starters == {0, 1, 2, 3}


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**32), mode=st.sampled_from([FFA, TEAMS]), stop=st.integers(0, 40))
def test_a_bot_decides_the_same_whatever_the_hidden_cards(seed: int, mode: str, stop: int) -> None:
    """A bot sees only its TableView: dealing the opponents' hands and decks again (their sizes kept) changes
    none of the heuristic bot's decisions; a teammate's hand, which it may see (§17), stays."""
    rng = random.Random(seed)
    factions = tuple(rng.sample(FACTIONS, 4 if mode == TEAMS else 3))
    table = new_table(tuple(starter_entrant(f).deck for f in factions), mode, seed)
    agents = Agents(*(bot_class("heuristic")(n) for n in range(len(factions))))
    start_game(table, agents)
    for _ in range(stop):
        if table.over:
            return
        step(table, agents.act(table, table.to_move, legal_actions(table)), agents)
    if table.over:
        return
    player = table.to_move
    actions = legal_actions(table)
    before = agents.act(table, player, actions)
    for other in range(table.players):
        if table.side_of[other] == table.side_of[player]:
            continue
        pool = table.hand[other] + table.deck[other]
        rng.shuffle(pool)
        table.hand[other], table.deck[other] = pool[: len(table.hand[other])], pool[len(table.hand[other]):]
    assert agents.act(table, player, actions) == before
