"""Shared helpers of the game tests: positions written by card name, scripted agents, and a game's
invariants (rulebook §2–13)."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any, NamedTuple

from deckcli.catalog.loading import default_catalog
from deckcli.catalog.model import Card
from deckcli.game.actions import Action
from deckcli.game.agents import Agents, PlayerView
from deckcli.game.cards import DECOY, HERO, ROW_NUMBERS, GameDeck
from deckcli.game.modes import STANDARD
from deckcli.game.position import BattlefieldSide, Placed, Position, Seat, build_position
from deckcli.game.solo.automaton import Solo
from deckcli.game.state import Game

CATALOG = default_catalog()


def card(name: str) -> Card:
    return CATALOG.cards[name]


def cards(names: list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    return tuple(card(name) for name in names)


class SidePosition(NamedTuple):
    """One player of a two-player position and the side of the battlefield they play on, by cards: ``rows`` the
    cards in Close Combat, Ranged Combat and Siege (a Spy there was played by the other player), ``horns`` and
    ``mardroeme`` rows, ``leader_horn`` the row a Horn Leader doubles (-1: none); the other zones the player's."""

    faction: str
    leader: Card | None = None
    rows: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] = ((), (), ())
    horns: tuple[int, ...] = ()
    leader_horn: int = -1
    mardroeme: tuple[int, ...] = ()
    hand: tuple[Card, ...] = ()
    deck: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    side: tuple[Card, ...] = ()
    gems: int = 2
    passed: bool = False
    leader_used: bool = False


def side(faction: str = "northern-realms", leader: str | None = None, *, close: tuple[str, ...] = (),
         ranged: tuple[str, ...] = (), siege: tuple[str, ...] = (), horns: tuple[str, ...] = (),
         leader_horn: str | None = None, mardroeme: tuple[str, ...] = (), hand: tuple[str, ...] = (),
         deck: tuple[str, ...] = (), discard: tuple[str, ...] = (), side_deck: tuple[str, ...] = (),
         gems: int = 2, passed: bool = False, leader_used: bool = False) -> SidePosition:
    """One side of a position by card names (rows by their catalog codes)."""
    return SidePosition(
        faction=faction,
        leader=card(leader) if leader else None,
        rows=(cards(close), cards(ranged), cards(siege)),
        horns=tuple(ROW_NUMBERS[row] for row in horns),
        leader_horn=ROW_NUMBERS[leader_horn] if leader_horn else -1,
        mardroeme=tuple(ROW_NUMBERS[row] for row in mardroeme),
        hand=cards(hand), deck=cards(deck), discard=cards(discard), side=cards(side_deck),
        gems=gems, passed=passed, leader_used=leader_used,
    )


def position(me: SidePosition, opponent: SidePosition | None = None, weather: tuple[str, ...] = (),
             **options: Any) -> Game:
    """A game at the position: ``me`` is player 0, ``opponent`` player 1; the Weather Cards played by player 0;
    ``options``: ``seed``, ``to_move``, ``round_number``."""
    sides = (me, opponent or side())
    seed = options.pop("seed", 0)
    seats = tuple(Seat(s.faction, s.leader, tuple(Placed(c, player) for c in s.hand),
                       tuple(Placed(c, player) for c in s.deck), s.passed, s.leader_used, s.leader_horn)
                  for player, s in enumerate(sides))
    lying = tuple(BattlefieldSide(
        tuple(tuple(Placed(c, 1 - player if c.is_unit and "spy" in c.abilities else player) for c in row)
              for row in s.rows),  # type: ignore[arg-type]
        tuple((row, player) for row in s.horns), tuple((row, player) for row in s.mardroeme),
        tuple(Placed(c, player) for c in s.discard), tuple(Placed(c, player) for c in s.side), s.gems)
        for player, s in enumerate(sides))
    weathered = tuple(Placed(c, 0) for c in cards(weather))
    return build_position(Position(STANDARD, seats, lying, weathered, **options), CATALOG, seed=seed)


def names(game: Game, zone: list[int]) -> list[str]:
    return [game.cards.name[c] for c in zone]


def row_names(game: Game, player: int, row: str) -> list[str]:
    return names(game, game.rows[player * 3 + ROW_NUMBERS[row]])


def row_values(game: Game, player: int, row: str) -> list[int]:
    return game.row_values(player * 3 + ROW_NUMBERS[row])


def in_hand(game: Game, player: int, name: str) -> int:
    """The instance of ``name`` in ``player``'s hand."""
    return next(c for c in game.hand[player] if game.cards.name[c] == name)


def on_board(game: Game, player: int, name: str) -> int:
    return next(c for slot in range(player * 3, player * 3 + 3) for c in game.rows[slot]
                if game.cards.name[c] == name)


class Scripted:
    """An agent answering from a script: ``choices`` maps a question to the card names (or row codes) it
    answers with, in order; ``actions`` are the turns, each ``(name, row, target)`` or ``"pass"`` or
    ``"leader"``. Anything unscripted takes the first option offered."""

    def __init__(self, actions: list[Any] | None = None, choices: dict[str, list[str]] | None = None,
                 exchange: list[str] | None = None, starter: int = 0) -> None:
        self.actions = list(actions or [])
        self.choices = {question: list(answers) for question, answers in (choices or {}).items()}
        self.exchanges = list(exchange or [])
        self.start = starter
        self.asked: list[tuple[str, list[str]]] = []

    def act(self, view: PlayerView, actions: list[Action]) -> Action:
        from deckcli.game.actions import LEADER_ACTION, PASS_ACTION

        wanted = self.actions.pop(0) if self.actions else "pass"
        if wanted == "pass":
            return PASS_ACTION
        if wanted == "leader":
            return LEADER_ACTION
        name, row, target = (wanted + (None, None))[:3] if isinstance(wanted, tuple) else (wanted, None, None)
        names_of = view.cards.name
        for action in actions:
            if action[1] < 0 or names_of[action[1]] != name:
                continue
            if row is not None and action[2] != ROW_NUMBERS[row]:
                continue
            if target is not None and (action[3] < 0 or names_of[action[3]] != target):
                continue
            return action
        raise AssertionError(f"no action plays {wanted!r}; offered {[self._say(view, a) for a in actions]}")

    @staticmethod
    def _say(view: PlayerView, action: Action) -> str:
        return view.cards.name[action[1]] if action[1] >= 0 else str(action)

    def choose(self, view: PlayerView, question: str, options: list[int], card: int) -> int:
        rows = question in ("row", "mardroeme-row")
        shown = [("close", "ranged", "siege")[o] if rows else view.cards.name[o] for o in options]
        self.asked.append((question, shown))
        answers = self.choices.get(question)
        if answers:
            wanted = answers.pop(0)
            return options[shown.index(wanted)]
        return options[0]

    def exchange(self, view: PlayerView) -> int | None:
        if not self.exchanges:
            return None
        name = self.exchanges.pop(0)
        return next(c for c in view.hand if view.cards.name[c] == name)

    def starter(self, view: PlayerView) -> int:
        return self.start


def agents(first: Scripted | None = None, second: Scripted | None = None) -> Agents:
    return Agents(first or Scripted(), second or Scripted())


def deck(faction: str, names_and_copies: dict[str, int], leader: str | None = None,
         side_deck: dict[str, int] | None = None) -> GameDeck:
    """A game deck from names and copies, in the order given (the top card is the last after no shuffle)."""
    main = tuple(card(n) for n, k in names_and_copies.items() for _ in range(k))
    extra = tuple(card(n) for n, k in (side_deck or {}).items() for _ in range(k))
    return GameDeck(faction, card(leader) if leader else None, main, extra)


def check_invariants(game: Game, total: int, previous_gems: list[int]) -> None:
    """After any event: every card of the game in exactly one zone, the count of cards unchanged, gems only
    falling, every Hero at its printed Strength, no row slot holding a Special other than a Decoy."""
    every = game.every_zone()()
    assert len(every) == total, f"{len(every)} cards in the zones, {total} in the game"
    repeated = [c for c, n in Counter(every).items() if n > 1]
    assert not repeated, f"cards in two places: {names(game, repeated)}"
    assert all(0 <= now <= before for now, before in zip(game.gems, previous_gems)), (game.gems, previous_gems)
    table = game.cards
    for slot in range(6):
        for c, value in zip(game.rows[slot], game.row_values(slot)):
            if table.kind[c] == HERO:
                assert value == table.power[c], f"{table.name[c]} is a Hero at {value}, printed {table.power[c]}"
            elif table.kind[c] > HERO:
                assert table.ability[c] & DECOY, f"{table.name[c]} lies in a row"
                assert value == 0


def act(game: Game, player: int, wanted: Any, with_agents: Agents | None = None) -> Agents:
    """Player ``player`` takes one action (as :class:`Scripted` words it) on ``game``; returns the agents used."""
    from deckcli.game.rounds import legal_actions
    from deckcli.game.agents import step

    seats = with_agents or agents()
    if game.decision is None or game.decision.player != player:
        game.to_move = player  # a test's position may give the turn to either player: the turn's decision made anew
        game.decision = None
    script = Scripted([wanted])
    from deckcli.game.agents import PlayerView

    step(game, script.act(PlayerView(game, player), legal_actions(game)), seats)
    return seats


class CheckedLog(list):
    """A game log that checks the game's invariants (:func:`check_invariants`) as each event is appended; set
    ``game`` and ``total`` (the game's card count) before the game starts."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Any = None
        self.total = 0
        self.gems = [2, 2]

    def append(self, event: dict[str, Any]) -> None:
        check_invariants(self.game, self.total, self.gems)
        self.gems = self.game.gems[:]
        super().append(event)


def played_turns(decks: tuple[GameDeck, GameDeck], seed: int, turns: int, bots: tuple[Any, Any]) -> Game:
    """A game of ``decks`` dealt from ``seed``, started and played ``turns`` turns by the agents ``bots`` (fewer
    when it ends sooner): a position bots reach."""
    from deckcli.game.rounds import legal_actions, new_game
    from deckcli.game.agents import start_game, step

    game = new_game(decks, seed)
    agents = Agents(*bots)
    start_game(game, agents)
    for _ in range(turns):
        if game.over:
            break
        step(game, agents.act(game, game.to_move, legal_actions(game)), agents)
    return game


def play_solo(game: Game, player_agent: Any) -> int | None:
    """Play a Gwent Solo game to its end, ``player_agent`` in the player's seat; the winner (0, 1 or ``None``)."""
    from deckcli.game.agents import play_game
    from deckcli.game.solo.automaton import solo_agents

    return play_game(game, solo_agents(player_agent))


def automaton_turn(game: Game, seats: Agents) -> None:
    """One turn of Gwent Solo's automated opponent, and whatever it sets off (a round's end) resolved."""
    from deckcli.game.agents import resolve

    game.mode.automaton_turn(game)
    resolve(game, seats)


def solo(me, opponent, weather=(), *, leaders=(), variant=False, **options):
    """A Gwent Solo game at the position with the automaton in seat 1 (its deck known), logging."""
    game = position(me, opponent, weather, **options)
    game.mode = Solo(leaders, leader_variant=variant)
    game.log = []
    return game


@functools.cache
def example_game_decks() -> list[GameDeck]:
    """The example decks of decks/ (helpers.repository.EXAMPLE_DECKS) as the engine plays them, in that order."""
    from deckcli.game.cards import deck_from_resolved
    from deckcli.rules.judging import read_resolved_deck
    from helpers.repository import EXAMPLE_DECKS

    return [deck_from_resolved(read_resolved_deck(str(path)), CATALOG) for path in EXAMPLE_DECKS]
