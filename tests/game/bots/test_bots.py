"""The bots (deckcli/game/bots/): each decides from its player's view alone, the heuristic bot plays a
player's habits (rulebook §6, §7, §9), the search bot finds what the position offers, and the order
random < heuristic holds on a small seeded run."""

from __future__ import annotations

import functools
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.depth import examples
from helpers.repository import DECKS
from deckcli.catalog.loading import default_catalog
from deckcli.game.actions import LEADER_ACTION, PASS_ACTION
from deckcli.game.agents import Agents, PlayerView
from deckcli.game.bots import BOTS, bot_class
from deckcli.game.bots.heuristic_bot import HeuristicBot
from deckcli.game.bots.ismcts_bot import IsmctsBot, action_key
from deckcli.game.bots.strong_bot import StrongBot
from deckcli.game.bots.random_bot import RandomBot
from deckcli.game.bots.search_bot import SearchBot
from deckcli.game.cards import deck_from_resolved
from deckcli.game.rounds import legal_actions, new_game
from deckcli.game.agents import start_game, step
from deckcli.game.solo.automaton import new_solo_game, solo_agents
from deckcli.game.agents import start_game, step
from deckcli.game.state import Game
from deckcli.rules.judging import read_resolved_deck
from helpers.game_positions import played_turns, Scripted, in_hand, position, side

FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")


@functools.cache
def _starter(faction: str) -> Any:
    return deck_from_resolved(read_resolved_deck(str(DECKS / f"{faction}-starter.toml")), default_catalog())


def _played(game: Game) -> str:
    """What the bot's action names, for a failing assertion."""
    return str(game.log[-1] if game.log else None)


def _midgame(seed: int, first: str, second: str, turns: int) -> Game:
    """A game between two starter decks, played ``turns`` turns by heuristic bots (fewer when it ends sooner)."""
    return played_turns((_starter(first), _starter(second)), seed, turns, (HeuristicBot(seed), HeuristicBot(seed + 1)))


def _other_world(game: Game, player: int, rng: random.Random) -> Game:
    """``game`` with what ``player`` cannot see dealt again: the opponent's hand (but the cards shown) and deck
    pooled and dealt at random, ``player``'s own deck shuffled. Everything ``player`` sees is the same."""
    other = game.copy()
    opponent = 1 - player
    known = game.known[player]
    shown = [c for c in game.hand[opponent] if c in known]
    pool = [c for c in game.hand[opponent] if c not in known] + game.deck[opponent]
    rng.shuffle(pool)
    hidden = len(game.hand[opponent]) - len(shown)
    other.hand[opponent] = shown + pool[:hidden]
    rng.shuffle(other.hand[opponent])
    other.deck[opponent] = pool[hidden:]
    rng.shuffle(other.deck[player])
    return other


def _decisions(bot: Any, view: PlayerView) -> tuple[Any, ...]:
    game = view._game  # the test's own access: the bot is handed the view only
    hand = view.hand
    return (bot.act(view, legal_actions(game)), bot.exchange(view),
            bot.choose(view, "discard-from-hand", hand, -1) if hand else None)


def _bot(name: str, seed: int) -> Any:
    if name == "search":
        return SearchBot(seed, rollouts=6)
    if name == "ismcts-classic":
        return IsmctsBot(seed, iterations=6)
    if name in ("strong", "ismcts"):
        return StrongBot(seed, iterations=6)
    return bot_class(name)(seed)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), first=st.sampled_from(FACTIONS), second=st.sampled_from(FACTIONS),
       turns=st.integers(0, 20), name=st.sampled_from(sorted(BOTS)), swap=st.integers(0, 2**32))
def test_a_bot_decides_the_same_whatever_the_hidden_cards(seed, first, second, turns, name, swap):
    """A bot sees only its player's view: dealing the opponent's hand and both decks again, consistently with
    that view, changes none of its decisions (the action, the exchange, an answer)."""
    game = _midgame(seed, first, second, turns)
    if game.over:
        return
    player = game.to_move
    other = _other_world(game, player, random.Random(swap))
    assert _decisions(_bot(name, seed), PlayerView(game, player)) == _decisions(_bot(name, seed), PlayerView(other, player))
    for shuffled in (True, False):  # the search's door to the hidden cards: the same imagined game from both
        made = [PlayerView(world, player).determinized(random.Random(seed), shuffled) for world in (game, other)]
        mine, theirs = [(g.hand, g.deck, g.rng.random()) for g in made]
        assert mine == theirs


@functools.cache
def _solo_deck(faction: str) -> Any:
    """The faction's example deck legal under the Solo rules (§18: no Weather Card but Clear Weather)."""
    return deck_from_resolved(read_resolved_deck(str(DECKS / f"{faction}-advanced.toml")), default_catalog())


def _solo_midgame(seed: int, mine: str, automaton: str, turns: int, variant: bool) -> Game:
    """A Gwent Solo game, the player's side played ``turns`` turns by the heuristic bot (fewer when it ends sooner)."""
    game = new_solo_game(_solo_deck(mine), automaton, seed, leader_variant=variant)
    agents = solo_agents(HeuristicBot(seed))
    start_game(game, agents)
    for _ in range(turns):
        if game.over:
            break
        step(game, agents.act(game, 0, legal_actions(game)), agents)
    return game


def _other_solo_world(game: Game, rng: random.Random) -> Game:
    """``game`` with what the player (seat 0) cannot see in Gwent Solo dealt again: the automaton's deck and the
    cards under its Decoys pooled and dealt at random, its face-down Leaders shuffled, the player's deck shuffled."""
    other = game.copy()
    pool = game.deck[1] + [under for _decoy, under in game.mode.decoys if under >= 0]
    rng.shuffle(pool)
    for pair in other.mode.decoys:
        if pair[1] >= 0:
            pair[1] = pool.pop()
    other.deck[1] = pool
    rng.shuffle(other.mode.leaders)
    rng.shuffle(other.deck[0])
    return other


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), mine=st.sampled_from(FACTIONS), automaton=st.sampled_from(FACTIONS),
       turns=st.integers(0, 12), variant=st.booleans(), name=st.sampled_from(sorted(BOTS)), swap=st.integers(0, 2**32))
def test_a_bot_decides_the_same_whatever_the_automatons_hidden_cards(seed, mine, automaton, turns, variant, name, swap):
    """Gwent Solo (§18–19): the automaton's deck order, the cards under its Decoys and its face-down Leaders are
    hidden from the player; dealing them again changes none of a bot's decisions, nor the game a search imagines."""
    game = _solo_midgame(seed, mine, automaton, turns, variant)
    if game.over:
        return
    other = _other_solo_world(game, random.Random(swap))
    assert _decisions(_bot(name, seed), PlayerView(game, 0)) == _decisions(_bot(name, seed), PlayerView(other, 0))
    for shuffled in (True, False):
        made = [PlayerView(world, 0).determinized(random.Random(seed), shuffled) for world in (game, other)]
        mine_made, theirs = [(g.hand, g.deck, g.mode.decoys, g.mode.leaders, g.rng.random()) for g in made]
        assert mine_made == theirs


def test_the_determinised_solo_game_deals_again_the_card_under_a_decoy_and_the_face_down_leaders():
    """§19: the Decoy the automaton reveals takes the top card of its deck under it unseen; §18: its Leaders lie
    face down. An imagined game deals both again from what the player has not seen; the Decoy and the Leaders it
    has revealed stay as they are."""
    from deckcli.game.solo.automaton import Solo
    from helpers.game_positions import automaton_turn

    game = position(side(hand=("Ves",), deck=("Ballista", "Catapult")),
                    side("monsters", close=("Fiend",), deck=("Arachas", "Ghoul", "Nekker", "Foglet", "Decoy")))
    leaders = ["Eredin: Bringer of Death", "Eredin: Destroyer of Worlds", "Eredin: King of the Wild Hunt"]
    game.mode = Solo(leaders, leader_variant=True)
    game.mode.revealed = ["Eredin: Commander of the Red Riders"]
    game.to_move = 1
    automaton_turn(game, solo_agents(Scripted()))
    (decoy, under), = game.mode.decoys
    assert game.cards.name[decoy] == "Decoy" and game.cards.name[under] == "Foglet"
    view = PlayerView(game, 0)
    hidden = sorted(game.deck[1] + [under])
    assert view.opponent_unseen() == hidden
    seen_under, seen_orders = set(), set()
    for seed in range(40):
        imagined = view.determinized(random.Random(seed))
        ((same_decoy, dealt),) = imagined.mode.decoys
        assert same_decoy == decoy and sorted(imagined.deck[1] + [dealt]) == hidden
        assert sorted(imagined.mode.leaders) == sorted(leaders)
        assert imagined.mode.revealed == ["Eredin: Commander of the Red Riders"]
        seen_under.add(dealt)
        seen_orders.add(tuple(imagined.mode.leaders))
    assert len(seen_under) == len(hidden) and len(seen_orders) == 6
    assert game.mode.decoys == [[decoy, under]] and game.mode.leaders == leaders  # the real game untouched


def test_the_search_bot_counts_the_automatons_final_turn():
    """§18: when the player passes, the automaton takes one final turn. Round three, 5 ahead: passing lets its Fiend
    (6) take the round and the game; Siegfried first (it answers with the Fiend), then passing, wins it."""
    from deckcli.game.solo.automaton import Solo

    game = position(side(close=("Ves", "Yarpen Zigrin"), hand=("Siegfried of Denesle",), gems=1),
                    side("monsters", close=("Foglet",), deck=("Fiend",), gems=1), round_number=3)
    game.mode = Solo()
    view = PlayerView(game, 0)
    assert HeuristicBot(0).act(view, legal_actions(game)) == PASS_ACTION  # it reads the empty hand as no answer
    bot = SearchBot(3, rollouts=8)
    chosen = bot.act(view, legal_actions(game))
    assert chosen[1] == in_hand(game, 0, "Siegfried of Denesle")
    agents = solo_agents(bot)
    step(game, chosen, agents)
    while not game.over:
        step(game, agents.act(game, 0, legal_actions(game)), agents)
    assert game.winner == 0


def test_the_determinised_game_keeps_what_the_player_sees():
    """PlayerView.determinized: the same board, hand, discard piles and sizes; the unseen cards dealt anew."""
    game = _midgame(5, "nilfgaard", "monsters", 9)
    view = PlayerView(game, game.to_move)
    imagined = view.determinized(random.Random(1))
    me, opponent = game.to_move, 1 - game.to_move
    assert imagined.rows == game.rows and imagined.discard == game.discard and imagined.hand[me] == game.hand[me]
    assert sorted(imagined.deck[me]) == sorted(game.deck[me])
    assert len(imagined.hand[opponent]) == len(game.hand[opponent])
    pool = sorted(game.hand[opponent] + game.deck[opponent])
    assert sorted(imagined.hand[opponent] + imagined.deck[opponent]) == pool
    assert imagined.log is None and game.rng is not imagined.rng


def _match(first: Any, second: Any, games: int, faction: str) -> float:
    """The first bot's win rate (a draw counts half) over ``games`` games of a starter mirror, seats alternating."""
    points = 0.0
    deck = _starter(faction)
    for index in range(games):
        seat = index % 2
        game = new_game((deck, deck), 1000 + index)
        mine, theirs = first(2 * index), second(2 * index + 1)
        agents = Agents(mine, theirs) if seat == 0 else Agents(theirs, mine)
        start_game(game, agents)
        while not game.over:
            step(game, agents.act(game, game.to_move, legal_actions(game)), agents)
        points += 1.0 if game.winner == seat else 0.5 if game.winner is None else 0.0
    return points / games


def test_the_heuristic_bot_beats_the_random_bot_by_a_wide_margin():
    assert _match(HeuristicBot, RandomBot, 30, "northern-realms") >= 0.8
    assert _match(HeuristicBot, RandomBot, 30, "monsters") >= 0.8


# the heuristic bot's habits, position by position ----------------------------------------------------------


def _act(game: Game, bot: Any = None) -> Any:
    return (bot or HeuristicBot(0)).act(PlayerView(game, game.to_move), legal_actions(game))


def test_it_plays_a_spy_first():
    """§10: a Spy draws two cards: it goes out early, while the deck has cards."""
    game = position(side(hand=("Ves", "Siegfried of Denesle", "Prince Stennis"), deck=("Ves", "Ves", "Ves")),
                    side(hand=("Ves", "Ves"), close=("Ves",)))
    assert _act(game)[1] == in_hand(game, 0, "Prince Stennis")


def test_it_passes_ahead_once_the_opponent_has_passed():
    game = position(side(close=("Ves",), hand=("Dethmold", "Ballista")), side(close=("Yarpen Zigrin",), passed=True))
    assert _act(game) == PASS_ACTION


def test_before_passing_a_won_round_it_takes_back_a_unit_with_a_decoy():
    """§11: ahead by 11 once the opponent has passed, a Decoy takes Ballista (6) back to the hand and the lead
    still holds; then it passes. A Decoy that would lose the lead waits."""
    game = position(side(close=("Esterad Thyssen",), siege=("Ballista",), hand=("Decoy", "Ves")),
                    side(close=("Ves",), passed=True, hand=("Ves",)))
    action = _act(game)
    assert action[1] == in_hand(game, 0, "Decoy") and game.cards.name[action[3]] == "Ballista"
    close = position(side(close=("Yarpen Zigrin",), siege=("Ballista",), hand=("Decoy", "Ves")),
                     side(close=("Ves",), passed=True, hand=("Ves",)))
    assert _act(close) == PASS_ACTION


def test_it_takes_back_a_spy_laid_on_its_side_to_play_it_again():
    """§11: a Spy the opponent laid on this side, taken back with a Decoy while the deck has cards to draw."""
    game = position(side(close=("Prince Stennis", "Ves"), hand=("Decoy", "Ballista"), deck=("Ves", "Ves", "Ves")),
                    side(close=("Ves",), hand=("Ves", "Ves")))
    action = _act(game)
    assert action[1] == in_hand(game, 0, "Decoy") and game.cards.name[action[3]] == "Prince Stennis"


def test_it_wins_a_round_with_the_cheapest_card_that_wins_it():
    """The opponent passed 2 ahead: a 5 wins the round; the Hero waits."""
    game = position(side(close=("Ves",), hand=("Esterad Thyssen", "Siegfried of Denesle", "Redanian Foot Soldier")),
                    side(close=("Ves", "Yarpen Zigrin"), passed=True, hand=("Ves",)))
    assert _act(game)[1] == in_hand(game, 0, "Siegfried of Denesle")


def test_it_never_over_commits_to_a_lost_round():
    """Round one, 20 behind after the opponent passed, four cards to catch up and no more cards than they hold: it
    keeps its cards; on its last gem the same deficit is fought for."""
    hand = ("Ves", "Siegfried of Denesle", "Keira Metz", "Dethmold", "Ballista")
    far = ("Esterad Thyssen", "John Natalis")
    game = position(side(hand=hand), side(close=far, passed=True, hand=hand))
    assert _act(game) == PASS_ACTION
    last = position(side(hand=hand, gems=1), side(close=far, passed=True, hand=hand))
    assert _act(last) != PASS_ACTION


def test_it_keeps_scorch_until_it_swings():
    """Scorch on a board where it would burn its own strongest unit waits; where it burns the opponent's, it plays."""
    own = position(side(close=("Siegfried of Denesle",), hand=("Scorch", "Ves")),
                   side(close=("Yarpen Zigrin",), hand=("Ves",)), round_number=1)
    assert _act(own, HeuristicBot(0))[1] != in_hand(own, 0, "Scorch")
    theirs = position(side(close=("Yarpen Zigrin",), hand=("Scorch", "Redanian Foot Soldier"), gems=1),
                      side(close=("Esterad Thyssen",), ranged=("Dethmold", "Dethmold"), hand=("Ves", "Ves")))
    assert _act(theirs)[1] == in_hand(theirs, 0, "Scorch")


def test_it_plays_weather_where_it_hurts_the_opponent():
    game = position(side(siege=("Ballista",), hand=("Biting Frost", "Torrential Rain", "Redanian Foot Soldier"), gems=1),
                    side(close=("Ves", "Siegfried of Denesle", "Ves"), hand=("Ves", "Ves")))
    assert _act(game)[1] == in_hand(game, 0, "Biting Frost")


def test_it_uses_its_leader_when_it_wins_the_round():
    """Foltest: The Siegemaster doubles a big Siege row: the round is won without spending a card."""
    game = position(side(leader="Foltest: The Siegemaster", siege=("Ballista", "Trebuchet"),
                         hand=("Esterad Thyssen", "Ves")),
                    side(close=("Esterad Thyssen", "Ves"), passed=True, hand=("Ves",)))
    assert _act(game) == LEADER_ACTION


def test_it_exchanges_a_muster_card_another_of_its_group_brings_along():
    """§6, §10: of two Arachas in the hand, one is wasted (the other plays it from the hand anyway)."""
    hand = ("Arachas", "Arachas", "Fiend", "Griffin", "Werewolf", "Imlerith", "Draug", "Leshen", "Forktail", "Fiend")
    game = position(side("monsters", hand=hand, deck=("Earth Elemental", "Fire Elemental", "Ice Giant", "Arachas")),
                    side("monsters", hand=hand))
    chosen = HeuristicBot(0).exchange(PlayerView(game, 0))
    assert chosen is not None and game.cards.name[chosen] == "Arachas"


def test_it_lets_the_opponent_start():
    """§3: a Scoia'tael player chooses who starts; the bot lets the opponent (the second player sees every card
    of round one before deciding to pass)."""
    game = position(side("scoiatael"), side())
    assert HeuristicBot(0).starter(PlayerView(game, 0)) == 1
    assert HeuristicBot(0).starter(PlayerView(game, 1)) == 0


def test_it_answers_every_question_with_one_of_its_options():
    """Every question an ability asks (agents.QUESTIONS) gets one of the options offered, the best by the bot's
    values: the strongest unit back from the discard pile, the weakest card of the hand discarded."""
    from deckcli.game.actions import QUESTIONS

    game = position(side(hand=("Ves", "Redanian Foot Soldier", "Esterad Thyssen"), deck=("Ballista", "Catapult"),
                         discard=("Dethmold", "Yarpen Zigrin"), close=("Ves",)), side())
    view = PlayerView(game, 0)
    bot = HeuristicBot(0)
    names = game.cards.name
    for question in QUESTIONS:
        options = [0, 1, 2] if question in ("row", "mardroeme-row") else view.hand
        assert bot.choose(view, question, options, -1 if question != "row" else view.hand[0]) in options
    discard = game.discard[0]
    assert names[bot.choose(view, "medic", discard, -1)] == "Dethmold"
    assert names[bot.choose(view, "discard-from-hand", view.hand, -1)] == "Redanian Foot Soldier"


def test_the_search_bot_finds_the_winning_play():
    """Round three, the opponent passed 4 ahead: passing loses the game; the search plays a card that wins it."""
    game = position(side(close=("Ves",), hand=("Siegfried of Denesle",), gems=1),
                    side(close=("Esterad Thyssen",), passed=True, gems=1), round_number=3)
    assert SearchBot(3, rollouts=8).act(PlayerView(game, 0), legal_actions(game)) != PASS_ACTION


def test_the_ismcts_bot_finds_the_winning_play():
    """Round three, the opponent passed 4 ahead: passing loses the game; the tree search plays a card that wins it,
    and with the opponent passed and the round won it passes rather than spend another card."""
    game = position(side(close=("Ves",), hand=("Siegfried of Denesle",), gems=1),
                    side(close=("Esterad Thyssen",), passed=True, gems=1), round_number=3)
    assert IsmctsBot(3, iterations=8).act(PlayerView(game, 0), legal_actions(game)) != PASS_ACTION
    ahead = position(side(close=("Ves", "Siegfried of Denesle"), hand=("Prince Stennis",), gems=1),
                     side(close=("Sabrina Glevissig",), passed=True, gems=1), round_number=3)
    assert IsmctsBot(3, iterations=8).act(PlayerView(ahead, 0), legal_actions(ahead)) == PASS_ACTION


def test_the_ismcts_tree_names_actions_alike_in_every_imagined_deal():
    """A node stands for one action whatever the deal: two copies of a card are one key, named by the card."""
    game = _midgame(5, "northern-realms", "monsters", 4)
    view = PlayerView(game, game.to_move)
    actions = legal_actions(game)
    root = IsmctsBot(2, iterations=12).search(view, actions, 12)
    assert sum(child.visits for child in root.children.values()) == 12
    assert all(key[0] == view.player for key in root.children)
    assert set(root.order) == {action_key(game.cards.name, view.player, a) for a in actions}


def test_a_seeded_bot_repeats_itself():
    game = _midgame(11, "skellige", "scoiatael", 6)
    view = PlayerView(game, game.to_move)
    for name in BOTS:
        assert _decisions(_bot(name, 4), view) == _decisions(_bot(name, 4), view)
