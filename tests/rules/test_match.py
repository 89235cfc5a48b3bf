"""The §15 best-of-three match solved exactly (deckcli/rules/match.py): hand-solved matches, an independent
game-tree search, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckcli.rules.match import ME, THEM, MatchMatrix, decided, solve_match

MINE, THEIRS = ("A", "B", "C"), ("X", "Y", "Z")


def matrix(win, draw=None):
    return MatchMatrix.of(MINE, THEIRS, win, draw)


def tree_value(q, first):
    """My match-win probability by searching the match's tree as §15 tells it, written apart from the solver:
    the history is kept (scores, winning decks, the loser's deck), the previous loser's choice is a keep or
    one of the switches, and nothing is memoised."""

    def after(i, j, score, mine_won, theirs_won):
        p = q[i][j]
        won = play((score[0] + 1, score[1]), mine_won + (i,), theirs_won, winner="me", loser_deck=j)
        lost = play((score[0], score[1] + 1), mine_won, theirs_won + (j,), winner="them", loser_deck=i)
        return p * won + (1 - p) * lost

    def play(score, mine_won, theirs_won, winner, loser_deck):
        if score[0] == 2:
            return 1.0
        if score[1] == 2:
            return 0.0
        mine = [i for i in range(3) if i not in mine_won]
        theirs = [j for j in range(3) if j not in theirs_won]
        if winner == "me":  # I choose a new deck first; they keep theirs or switch
            return max(min([after(i, loser_deck, score, mine_won, theirs_won)]
                           + [after(i, j, score, mine_won, theirs_won) for j in theirs if j != loser_deck])
                       for i in mine)
        return min(max([after(loser_deck, j, score, mine_won, theirs_won)]
                       + [after(i, j, score, mine_won, theirs_won) for i in mine if i != loser_deck])
                   for j in theirs)

    if first == ME:
        return max(min(after(i, j, (0, 0), (), ()) for j in range(3)) for i in range(3))
    return min(max(after(i, j, (0, 0), (), ()) for i in range(3)) for j in range(3))


def test_all_even_games_make_an_even_match():
    solution = solve_match(matrix([[0.5] * 3] * 3))
    assert solution.match_win_rate == pytest.approx(0.5)
    assert solution.me_first == pytest.approx(0.5) and solution.them_first == pytest.approx(0.5)


def test_one_deck_that_beats_everything_wins_one_game_for_sure():
    # A always wins, every other game is a coin: A brings one sure win whenever it is played, and one more
    # win is needed from at most two even games: 1 - 1/4 = 3/4 whoever selects first and whatever the lead.
    solution = solve_match(matrix([[1, 1, 1], [0.5] * 3, [0.5] * 3]))
    assert solution.me_first == pytest.approx(0.75) and solution.them_first == pytest.approx(0.75)
    # their deck that beats everything: the same from their side
    theirs = solve_match(matrix([[0, 0.5, 0.5]] * 3))
    assert theirs.match_win_rate == pytest.approx(0.25)


def test_rock_paper_scissors_the_player_who_selects_first_is_behind():
    # R P S against R P S: each beats one deck for sure, the mirror is even. Selecting first in game one, my
    # lead is answered by the deck that beats it (0-1); then they choose first and hold me to 1/4. Selecting
    # second I answer their lead with the deck that beats it: 3/4. The coin evens it: 1/2.
    rps = [[0.5, 0, 1], [1, 0.5, 0], [0, 1, 0.5]]
    solution = solve_match(matrix(rps))
    assert solution.me_first == pytest.approx(0.25)
    assert solution.them_first == pytest.approx(0.75)
    assert solution.match_win_rate == pytest.approx(0.5)
    answers = {d.their_deck: d.my_deck for d in solution.plan if d.game == 1 and d.first == THEM}
    assert answers == {"X": "B", "Y": "C", "Z": "A"}  # the deck that beats each lead
    assert solution.lead.value == pytest.approx(0.25)


def test_the_retirement_of_a_winning_deck_changes_the_best_lead():
    # A is my only deck that beats their Y, and an even game against X; B and C beat X and Z but lose to Y.
    # Game one alone says lead A (it cannot lose to Y). But a deck that wins is retired (§15): lead A, they
    # answer X; if A loses (1/2) I need A to beat Y in game two, and then B and C face Y in game three: 0.
    # So leading A is worth 1/2. Lead B instead: answered by Y it loses, but then A is still there for Y and
    # B or C beat X and Z: I win for sure; answered by X or Z, B wins and A is kept in reserve: 1.
    solution = solve_match(matrix([[0.5, 1, 1], [1, 0, 1], [1, 0, 1]]))
    assert solution.lead.my_deck == "B"
    assert solution.me_first == pytest.approx(1.0)


def test_a_drawn_game_is_replayed_with_the_same_decks():
    assert decided(0.3, 0.3) == pytest.approx(0.5)
    assert decided(0.2, 0.6) == pytest.approx(0.25)
    assert decided(0.0, 0.0) == 0.5  # every game drawn: an even pairing
    drawn = solve_match(matrix([[0.2] * 3] * 3, [[0.6] * 3] * 3))  # 0.2 won, 0.6 drawn, 0.2 lost: even
    assert drawn.match_win_rate == pytest.approx(0.5)
    assert solve_match(matrix([[0.3] * 3] * 3, [[0.4] * 3] * 3)).match_win_rate == pytest.approx(
        solve_match(matrix([[0.5] * 3] * 3)).match_win_rate)


def test_the_plan_has_every_decision_of_games_two_and_three():
    solution = solve_match(matrix([[0.6, 0.4, 0.7], [0.5, 0.55, 0.3], [0.45, 0.8, 0.35]]))
    games = [d.game for d in solution.plan]
    assert games == sorted(games)
    # game one: my lead, then my answer to each of their three leads
    assert [d.first for d in solution.plan if d.game == 1] == [ME, THEM, THEM, THEM]
    # game two: I won (3 winning decks, I choose); they won (3 winning decks × 2 new decks of theirs)
    assert sum(d.game == 2 and d.first == ME for d in solution.plan) == 3
    assert sum(d.game == 2 and d.first == THEM for d in solution.plan) == 6
    # game three: 9 pairs of winning decks, I choose first (9) or they do (9 × 2)
    assert sum(d.game == 3 and d.first == ME for d in solution.plan) == 9
    assert sum(d.game == 3 and d.first == THEM for d in solution.plan) == 18
    for decision in solution.plan:
        assert decision.my_deck not in decision.my_won and decision.their_deck not in decision.their_won
        assert decision.score == (len(decision.my_won), len(decision.their_won))


probability = st.floats(0, 1, allow_nan=False)
cells = st.lists(st.lists(probability, min_size=3, max_size=3), min_size=3, max_size=3)


@st.composite
def matrices(draw):
    win = draw(cells)
    drawn = [[draw(st.floats(0, 1 - w)) if draw(st.booleans()) else 0.0 for w in row] for row in win]
    return matrix(win, drawn)


@given(matrices())
def test_the_solver_agrees_with_a_search_of_the_whole_tree(m):
    solution = solve_match(m)
    q = m.decisive()
    assert solution.me_first == pytest.approx(tree_value(q, ME), abs=1e-9)
    assert solution.them_first == pytest.approx(tree_value(q, THEM), abs=1e-9)
    assert 0 <= solution.match_win_rate <= 1


@given(matrices())
def test_swapping_the_players_gives_one_minus_the_match_win_rate(m):
    assert solve_match(m.swapped()).match_win_rate == pytest.approx(1 - solve_match(m).match_win_rate, abs=1e-9)


@given(matrices(), st.integers(0, 2), st.integers(0, 2), st.floats(0, 1))
def test_raising_a_cell_never_lowers_the_match_win_rate(m, i, j, share):
    win = [list(row) for row in m.win]
    loss = 1 - m.win[i][j] - m.draw[i][j]
    win[i][j] += max(0.0, loss) * share  # part of the losses become wins
    raised = MatchMatrix.of(m.mine, m.theirs, win, m.draw)
    assert solve_match(raised).match_win_rate >= solve_match(m).match_win_rate - 1e-9


@given(matrices())
def test_each_decision_is_worth_what_the_plan_says(m):
    solution = solve_match(m)
    lead = solution.lead
    assert lead.value == pytest.approx(solution.me_first)
    assert min(d.value for d in solution.plan if d.game == 1 and d.first == THEM) == pytest.approx(solution.them_first)


def test_a_matrix_that_is_not_three_by_three_or_not_probabilities_is_refused():
    with pytest.raises(ValueError):
        MatchMatrix.of(MINE, THEIRS, [[0.5] * 3] * 2)
    with pytest.raises(ValueError):
        matrix([[0.7] * 3] * 3, [[0.5] * 3] * 3)
    with pytest.raises(ValueError):
        MatchMatrix.of(("A", "B"), THEIRS, [[0.5] * 3] * 3)

