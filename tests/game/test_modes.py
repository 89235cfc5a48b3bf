"""One engine for every mode: what the two-player game, Free For All and two versus two once did each their own way
(issue 34's divergences), now one rule each; and when a Free For All game ends (§16: "There is no two- or
three-round limit"; the ruling of a game that can no longer change, docs/play.md)."""

from __future__ import annotations

from deckcli.game.actions import LEADER_ACTION, PASS_ACTION, PLAY
from deckcli.game.agents import Agents, PlayerView, step
from deckcli.game.bots.random_bot import RandomBot
from deckcli.game.cards import GameDeck
from deckcli.game.modes import FREE_FOR_ALL, STANDARD, TEAMS
from deckcli.game.rounds import legal_actions, new_game, returns
from helpers.table_positions import deck, in_hand, lay, names


def _table(mode, *decks: GameDeck, seed: int = 1):
    game = new_game(decks, seed, mode=mode, log=[])
    game.frames.clear()  # a position the test lays out
    for player in range(len(decks)):
        in_hand(game, player)
    return game


def _everyone_passes(game, agents) -> None:
    for _ in range(game.players):
        if game.over:
            return
        step(game, PASS_ACTION, agents)


def _play(game, player: int, card: int, row: int, agents: Agents) -> None:
    """``player`` plays ``card`` into ``row`` (the test gives the turn to whom it lays out)."""
    game.to_move, game.decision = player, None
    step(game, (PLAY, card, row, -1), agents)


def _bots(count: int) -> Agents:
    return Agents(*(RandomBot(n) for n in range(count)))


# §16: the game ends at the points, or when it can no longer change -------------------------------------------


def test_a_kept_monsters_unit_scores_in_a_round_nobody_plays_in_and_the_game_goes_on() -> None:
    """Every hand empty, nobody plays, but the unit Monsters keep (§3) exceeds both opponents: 2 points a round, so
    the game goes on until Monsters reach the 4 that win (main ended it after the first such round, crowning
    Monsters at 2 points)."""
    game = _table(FREE_FOR_ALL, deck("monsters", "Fiend"), deck("skellige"), deck("scoiatael"))
    lay(game, 0, "Fiend", 0)
    agents = _bots(3)
    _everyone_passes(game, agents)
    assert game.points == [2, 0, 0] and not game.over and names(game, game.rows[0]) == ["Fiend"]
    _everyone_passes(game, agents)
    assert game.over and game.points == [4, 0, 0] and returns(game) == [1.0, 0.0, 0.0]


def test_skellige_s_return_in_round_three_keeps_a_game_of_empty_hands_going() -> None:
    """Every hand empty at the end of round two, but Skellige's two units come back in round three (§3) and score:
    the game goes on (main ended it with every hand empty)."""
    game = _table(FREE_FOR_ALL, deck("skellige", "Blueboy Lugos", "Madman Lugos"), deck("monsters", "Fiend"),
                  deck("scoiatael"))
    for card in list(game.hand[0]):
        game.hand[0].remove(card)
        game.discard[0].append(card)
    game.round = 2
    agents = _bots(3)
    _play(game, 1, game.hand[1][0], 0, agents)  # Monsters plays its last card: 2 points for it
    _everyone_passes(game, agents)
    assert not game.over and game.round == 3
    assert sorted(names(game, game.rows[0])) == ["Blueboy Lugos", "Madman Lugos"]


def test_northern_realms_draws_for_exceeding_two_opponents_and_the_game_goes_on() -> None:
    """Every hand empty, but Northern Realms exceeded two opponents and draws a card (§16): it can still play
    (main ended the game before the draw)."""
    game = _table(FREE_FOR_ALL, deck("northern-realms", "Ballista", "Trebuchet"), deck("monsters", "Foglet"),
                  deck("scoiatael"))
    game.deck[0].append(game.hand[0].pop())
    agents = _bots(3)
    _play(game, 0, game.hand[0][0], 2, agents)
    _play(game, 1, game.hand[1][0], 0, agents)
    _everyone_passes(game, agents)
    assert not game.over and game.points == [2, 1, 0] and len(game.hand[0]) == 1


def test_a_game_that_can_no_longer_change_ends_as_it_stands() -> None:
    """The ruling: a round nobody played in and nobody scored in, followed by a round starting from the same
    position, ends the game as it stands (the most points win; here a draw shared by the two at 1 point)."""
    game = _table(FREE_FOR_ALL, deck("monsters"), deck("skellige"), deck("scoiatael"))
    game.points = [1, 1, 0]
    agents = _bots(3)
    _everyone_passes(game, agents)
    assert not game.over  # the position this round started from is not known to the test's position
    _everyone_passes(game, agents)
    assert game.over and game.winner is None and returns(game) == [0.5, 0.5, 0.0]
    assert game.log[-1]["event"] == "game_end" and game.log[-1]["reason"] == "unchanged"


# The divergences: one rule each, whatever the mode -------------------------------------------------------------


def test_the_relentless_shows_the_card_it_takes_to_every_opponent_at_every_table() -> None:
    """A card a Leader takes into the hand from a pile is seen by the players opposing it (two-player games did;
    Free For All tables wrote it and never read it)."""
    relentless = "Emhyr var Emreis: The Relentless"
    for mode, decks in ((STANDARD, (deck("nilfgaard", leader=relentless), deck("monsters", "Fiend"))),
                        (FREE_FOR_ALL, (deck("nilfgaard", leader=relentless), deck("monsters", "Fiend"),
                                        deck("skellige", "Blueboy Lugos")))):
        game = _table(mode, *decks)
        fiend = game.hand[1].pop()
        game.discard[1].append(fiend)
        step(game, LEADER_ACTION, _bots(game.players))
        assert fiend in game.hand[0]
        assert all(fiend in game.known[foe] for foe in game.foes[0])
        assert all(PlayerView(game, foe).known_hand(0) == [fiend] for foe in game.foes[0])


def test_weather_is_counted_and_clear_weather_logged_after_it_clears_at_every_table() -> None:
    """Weather Cards played are counted, and Clear Weather's event carries the board after the clearing, in every
    mode (the Free For All engine counted none and logged the play before it cleared)."""
    for mode, factions in ((STANDARD, ("monsters", "skellige")), (FREE_FOR_ALL, ("monsters", "skellige", "scoiatael")),
                           (TEAMS, ("monsters", "skellige", "scoiatael", "nilfgaard"))):
        decks = [deck(factions[0], "Biting Frost", "Clear Weather")] + [deck(f, "Blueboy Lugos") if f == "skellige"
                                                                        else deck(f) for f in factions[1:]]
        game = _table(mode, *decks)
        lay(game, 1, "Blueboy Lugos", 0)
        agents = _bots(game.players)
        frost = next(c for c in game.hand[0] if game.cards.name[c] == "Biting Frost")
        step(game, (PLAY, frost, -1, -1), agents)
        assert game.weathers[0] == 1
        clear = next(c for c in game.hand[0] if game.cards.name[c] == "Clear Weather")
        game.to_move, game.decision = 0, None
        step(game, (PLAY, clear, -1, -1), agents)
        played = next(e for e in reversed(game.log) if e["event"] == "play" and e["card"] == "Clear Weather")
        assert played["board"]["weather"] == [] and played["scores"][game.side_of[1]] == 6, mode.name
        assert game.weathers[0] == 1


def test_a_horn_leader_s_event_carries_the_board_it_made_at_every_table() -> None:
    """A Leader whose effect logs no event of its own (a Horn) re-stamps its event with the board after it, in every
    mode (the team engine patched the scores only)."""
    horn = "Foltest: The Siegemaster"
    for mode, others in ((STANDARD, ("monsters",)), (TEAMS, ("monsters", "scoiatael", "skellige"))):
        game = _table(mode, deck("northern-realms", "Ballista", leader=horn), *(deck(f) for f in others))
        lay(game, 0, "Ballista", 2)
        step(game, LEADER_ACTION, _bots(game.players))
        event = next(e for e in reversed(game.log) if e["event"] == "leader")
        assert event["scores"][0] == 12 and event["board"]["horns"][2] == horn
        assert event["board"]["rows"][2] == [["Ballista", 12]]


def test_the_unit_monsters_keep_carries_its_row_at_every_table() -> None:
    """The ``keep`` event names the kept unit's row in every mode (the team engine's had none)."""
    for mode, others in ((STANDARD, ("skellige",)), (TEAMS, ("skellige", "scoiatael", "nilfgaard"))):
        game = _table(mode, deck("monsters", "Fiend"), *(deck(f) for f in others))
        lay(game, 0, "Fiend", 0)
        _everyone_passes(game, _bots(game.players))
        kept = next(e for e in game.log if e["event"] == "keep")
        assert kept["card"] == "Fiend" and kept["row"] == "close"


def test_the_row_scorch_threshold_is_written_once() -> None:
    """The 10 of §10's row-limited Scorch is one constant: no other module of the engine writes the number."""
    import pathlib
    import re

    import deckcli.game

    root = pathlib.Path(deckcli.game.__file__).parent
    found = [f"{path.relative_to(root)}:{number}" for path in root.rglob("*.py")
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(r"row_total\([^)]*\)\s*(>=|<)\s*10\b", line)]
    assert found == []
    assert "ROW_SCORCH_THRESHOLD = 10" in (root / "abilities.py").read_text()


def test_every_mode_plays_through_one_legal_actions_and_one_play_unit() -> None:
    """The rules are written once: ``play_unit``, ``play_card``, ``legal_actions`` and ``use_leader`` are each
    defined once under deckcli/game/, and nothing reaches Gwent Solo through an untyped hook."""
    import pathlib
    import re

    import deckcli.game

    root = pathlib.Path(deckcli.game.__file__).parent
    for name in ("play_unit", "play_card", "legal_actions", "use_leader"):
        defined = [path.name for path in root.rglob("*.py") if re.search(rf"^def {name}\(", path.read_text(), re.M)]
        assert len(defined) == 1, (name, defined)
    assert not [path.name for path in root.rglob("*.py") if re.search(r"\bsolo: Any\b|(?<![\w.])game\.solo\b", path.read_text())]


def test_a_search_copy_of_a_table_game_plays_on_like_the_game() -> None:
    """A Free For All game copies (main's table could not), and the copy played with the same answers ends as the
    game does."""
    from deckcli.game.simulation.matchups import starter_entrant

    decks = tuple(starter_entrant(f).deck for f in ("monsters", "nilfgaard", "skellige"))
    game = new_game(decks, 5, mode=FREE_FOR_ALL)
    legal_actions(game)
    twin = game.copy()
    for played in (game, twin):
        agents = Agents(*(RandomBot(n) for n in range(3)))
        while not played.over:
            step(played, agents.answer(played, played.decision), agents)
    assert game.points == twin.points and returns(game) == returns(twin)

