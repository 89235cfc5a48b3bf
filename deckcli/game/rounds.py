"""A game from the first coin to the last gem: set-up (§6), turns (§7), the end of a round (§9) and the
five faction abilities (§3).

``new_game`` builds a game from two decks and a seed; ``play_game`` plays it out with two agents. For a
search or a scripted game, ``start_game`` does the set-up and ``step`` applies one action at a time.
One seeded random source (``Game.rng``) makes every shuffle and every random pick: a game is
reproducible from its seed, its two decks and its agents.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from deckcli.game.abilities import choose_row, place_returned, play_from_hand, summon
from deckcli.game.actions import LEADER, LEADER_ACTION, PASS, PASS_ACTION, PLAY
from deckcli.game.cards import DECOY, HERO, HORN, MARDROEME, SPECIAL, SUMMON, UNIT, WEATHER, GameCards
from deckcli.game.leaders import apply_passives, opening_hand_size, usable, use_leader
from deckcli.game.state import NO_HORN, Game

if TYPE_CHECKING:
    from deckcli.game.actions import Action
    from deckcli.game.agents import Agents
    from deckcli.game.cards import GameDeck

MONSTERS, NILFGAARD, NORTHERN_REALMS, SCOIATAEL, SKELLIGE = (
    "monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")
EXCHANGES = 2
"""Cards a player may exchange at the start (§6)."""


def card_table(decks: tuple[GameDeck, GameDeck]) -> GameCards:
    """The card table of a game between ``decks``: player 0's main deck, then side deck, then player 1's.
    It is the same for every game of these decks, so a run of many games builds it once."""
    cards = GameCards()
    for deck in decks:
        for card in deck.cards + deck.side:
            cards.add(card)
    return cards


def new_game(decks: tuple[GameDeck, GameDeck], seed: int, *, log: list[dict[str, Any]] | None = None,
             game_id: int = 0, table: GameCards | None = None, deck_seeds: tuple[int, int] | None = None) -> Game:
    """A game between ``decks[0]`` (player 0) and ``decks[1]``, its decks shuffled by ``seed``'s random
    source, not yet dealt. With ``log`` (a list), every event is appended to it (:meth:`Game.emit`).
    ``table`` is :func:`card_table` of ``decks``, when the caller has it already. With ``deck_seeds`` each
    player's deck is shuffled by a random source of its own seed instead, so that a deck's order does not
    depend on the other deck (paired games: two decks against one opponent dealt the same way)."""
    cards = table if table is not None else card_table(decks)
    game = Game(cards, random.Random(seed))
    game.log = log
    game.game_id = game_id
    first = 0
    for player, deck in enumerate(decks):
        middle = first + len(deck.cards)
        game.deck[player] = list(range(first, middle))
        first = middle + len(deck.side)
        game.side[player] = list(range(middle, first))
        game.faction[player] = deck.faction
        game.leader[player] = deck.leader.name if deck.leader is not None else None
    for player in (0, 1):
        (game.rng if deck_seeds is None else random.Random(deck_seeds[player])).shuffle(game.deck[player])
    apply_passives(game)
    return game


def start_game(game: Game, agents: Agents) -> None:
    """Set-up (§6): the starting player (a coin, or the choice of a Scoia'tael player, §3), ten cards each
    (eleven for Daisy of the Valley), then each player's exchanges, one at a time, up to two: a set-aside
    card is replaced from the deck and shuffled back into it afterwards, never into the discard pile."""
    scoiatael = [p for p in (0, 1) if game.faction[p] == SCOIATAEL]
    coin = game.rng.randrange(2)
    if len(scoiatael) == 1:
        chooser = scoiatael[0]
        game.starter = agents.starter(game, chooser)
        game.emit("start", game.starter, chosen_by=chooser)
    else:
        if len(scoiatael) == 2:  # both choose: the coin says which of them does (as §16 has it)
            game.starter = agents.starter(game, coin)
            game.emit("start", game.starter, chosen_by=coin)
        else:
            game.starter = coin
            game.emit("start", game.starter, chosen_by=None)
    for player in (0, 1):
        deal(game, player)
    for player in (0, 1):
        exchange(game, player, agents)
    game.to_move = game.starter


def deal(game: Game, player: int) -> None:
    """``player``'s opening hand (§6): ten cards from the top of the deck, eleven for Daisy of the Valley."""
    drawn = game.draw(player, opening_hand_size(game, player))
    game.emit("hand", player, cards=[game.cards.name[c] for c in drawn])


def exchange(game: Game, player: int, agents: Agents) -> None:
    """``player``'s exchanges (§6), one at a time, up to two: each card set aside is replaced from the deck, and
    the cards set aside are shuffled back into it afterwards, never into the discard pile."""
    set_aside = game.aside[player]
    for _ in range(EXCHANGES):
        card = agents.exchange(game, player)
        if card is None or not game.deck[player]:
            break
        game.hand[player].remove(card)
        set_aside.append(card)
        drawn = game.draw(player)
        game.emit("exchange", player, card, drawn=game.cards.name[drawn[0]])
    if set_aside:
        game.deck[player].extend(set_aside)
        set_aside.clear()
        game.rng.shuffle(game.deck[player])


def legal_actions(game: Game) -> list[Action]:
    """Every action open to the player to move (§7), passing last.

    Units go to a row they may enter (either row of an Agile unit, §10); a Commander's Horn to a row of
    the player's whose Horn zone is empty (one Special Card Horn per row, §11); a Mardroeme to any row of
    the player's; a Decoy onto a non-Hero unit of the player's side (§11; none there: it cannot be
    played); Weather Cards, Clear Weather and Scorch need no row. The Leader is offered while it is
    unused, not cancelled, and its ability would do something now (:func:`deckcli.game.leaders.usable`).
    """
    player = game.to_move
    cards = game.cards
    kind, ability, rows, names = cards.kind, cards.ability, cards.rows, cards.name
    actions: list[Action] = []
    seen: set[str] = set()
    for card in game.hand[player]:
        name = names[card]
        if name in seen:
            continue
        seen.add(name)
        kind_of = kind[card]
        if kind_of <= HERO:
            for row in rows[card]:
                actions.append((PLAY, card, row, -1))
        elif kind_of == WEATHER:
            actions.append((PLAY, card, -1, -1))
        elif kind_of == SPECIAL:
            bits = ability[card]
            if bits & DECOY:
                targets: set[tuple[str, int]] = set()
                for row in range(3):
                    for unit in game.rows[player * 3 + row]:
                        if kind[unit] == UNIT and (names[unit], row) not in targets:
                            targets.add((names[unit], row))
                            actions.append((PLAY, card, row, unit))
            elif bits & HORN:
                for row in range(3):
                    if game.horn[player * 3 + row] == NO_HORN:
                        actions.append((PLAY, card, row, -1))
            elif bits & MARDROEME:
                for row in range(3):
                    actions.append((PLAY, card, row, -1))
            else:
                actions.append((PLAY, card, -1, -1))
    if usable(game, player):
        actions.append(LEADER_ACTION)
    actions.append(PASS_ACTION)
    return actions


def step(game: Game, action: Action, agents: Agents) -> None:
    """The player to move takes ``action`` (§7); then the turn passes to the opponent unless the opponent
    has passed, and when both have passed the round ends (§9)."""
    kind, card, row, target = action
    player = game.to_move
    if kind == PASS:
        game.passed[player] = True
        game.emit("pass", player)
    elif kind == LEADER:
        use_leader(game, player, agents)
    else:
        play_from_hand(game, player, card, row, target, agents)
    if game.passed[0] and game.passed[1]:
        end_round(game, agents)
    elif not game.passed[1 - player]:
        game.to_move = 1 - player


def play_game(game: Game, agents: Agents) -> int | None:
    """Play ``game`` to its end with ``agents``; return the winner (0 or 1) or ``None`` for a draw."""
    start_game(game, agents)
    while not game.over:
        player = game.to_move
        step(game, agents.act(game, player, legal_actions(game)), agents)
    return game.winner


def round_winner(game: Game, scores: tuple[int, int] | None = None) -> int | None:
    """The round's winner on the current board (or on ``scores``, both totals): the higher total (§9); on a tie
    nobody, unless exactly one player is Nilfgaard, who wins it (§3)."""
    first, second = scores if scores is not None else (game.score(0), game.score(1))
    if first != second:
        return 0 if first > second else 1
    nilfgaard = [p for p in (0, 1) if game.faction[p] == NILFGAARD]
    return nilfgaard[0] if len(nilfgaard) == 1 else None


def end_round(game: Game, agents: Agents) -> None:
    """Both players have passed (§9): the loser loses a gem (both on a tie), the battlefield goes to its
    controllers' discard piles (Monsters keep one random non-Hero unit, §3; a Summon is replaced, §10),
    and the game ends when a player has no gem left. Otherwise the winner starts the next round (the
    tie's: a coin), Northern Realms draws for a won round, and Skellige recovers two units at the start of
    round three (§3). In Gwent Solo the automated opponent first resolves what waits for the round's end (the
    cards under its Decoys, the Leader variant), never draws for Northern Realms, and says who starts the next
    round (:class:`deckcli.game.solo.Automaton`, §18–20)."""
    if game.solo is not None:
        game.solo.round_ending(game, agents)
    scores = (game.score(0), game.score(1))
    winner = round_winner(game, scores)
    for player in (0, 1):
        if winner != player:
            game.gems[player] -= 1
    game.round_winners.append(winner)
    game.round_scores.append(scores)
    game.emit("round_end", winner, hands=[len(game.hand[0]), len(game.hand[1])],
              decks=[len(game.deck[0]), len(game.deck[1])])
    _clear_battlefield(game)
    if min(game.gems) == 0:
        game.over = True
        game.winner = 0 if game.gems[0] else 1 if game.gems[1] else None
        game.emit("game_end", game.winner, winner=game.winner)
        return
    game.round += 1
    game.passed = [False, False]
    game.to_move = winner if winner is not None else game.rng.randrange(2)
    game.starter = game.to_move
    if winner is not None and game.faction[winner] == NORTHERN_REALMS and (game.solo is None or winner != game.solo.seat):
        drawn = game.draw(winner)
        if drawn:
            game.emit("draw", winner, cards=[game.cards.name[drawn[0]]], reason="faction")
    if game.round == 3:
        for player in (0, 1):
            if game.faction[player] == SKELLIGE:
                _skellige_recovery(game, player, agents)
    if game.solo is not None:
        game.solo.round_started(game, winner)


def _clear_battlefield(game: Game) -> None:
    """Every card of the battlefield to the discard pile of the side it lay on (Weather Cards to whoever
    played them), but the unit Monsters keep; then the Summons discarded are replaced (§9, §10)."""
    kept = [_monsters_keep(game, side) for side in (0, 1)]
    summons: list[tuple[int, int]] = []
    ability = game.cards.ability
    for slot in range(6):
        side = slot // 3
        pile = game.discard[side]
        stays = [card for card in game.rows[slot] if card == kept[side]]
        for card in game.rows[slot]:
            if card != kept[side]:
                pile.append(card)
                if ability[card] & SUMMON:
                    summons.append((side, card))
        game.rows[slot] = stays
        if game.horn[slot] >= 0:
            pile.append(game.horn[slot])
        game.horn[slot] = NO_HORN
        pile.extend(game.mardroeme[slot])
        game.mardroeme[slot] = []
        game.touch(slot)
    for weather, by in zip(game.weather, game.weather_by):
        game.discard[by].append(weather)
    game.weather, game.weather_by = [], []
    game.touch_weather(game.weather_mask)
    game.weather_mask = 0
    if min(game.gems) > 0:  # the game goes on: the Summons' cards take the field
        for side, card in summons:
            summon(game, side, card)


def _monsters_keep(game: Game, side: int) -> int:
    """Monsters (§3): one unit chosen at random among the non-Hero units on its side stays (-1: none)."""
    if game.faction[side] != MONSTERS or min(game.gems) == 0:
        return -1
    kind = game.cards.kind
    units = [card for slot in range(side * 3, side * 3 + 3) for card in game.rows[slot] if kind[card] == UNIT]
    if not units:
        return -1
    kept = game.rng.choice(units)
    game.emit("keep", side, kept, reason="faction")
    return kept


def _skellige_recovery(game: Game, player: int, agents: Agents) -> None:
    """Skellige (§3): at the start of round three, two random non-Hero units of its discard pile return to
    its side of the battlefield (their abilities do not resolve: they are not played)."""
    pile = game.discard[player]
    kind = game.cards.kind
    units = [card for card in pile if kind[card] == UNIT]
    for card in game.rng.sample(units, min(2, len(units))):
        pile.remove(card)
        row = choose_row(game, player, card, agents)
        place_returned(game, player, card, row)
        game.emit("return", player, card, row, reason="faction")

