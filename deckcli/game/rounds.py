"""A game from the first coin to the last gem or point, in every mode: set-up (§6), turns (§7), the end of a round
(§9, §16, §17) and the five faction abilities (§3).

``new_game`` builds a game from its decks and a seed; the game then waits on a decision
(:class:`deckcli.game.actions.Decision`): :func:`advance` runs the game up to the next one, :func:`legal_actions`
lists its options and :func:`apply_action` takes one (OpenSpiel's ``State`` is the model: ``current_player``,
``legal_actions``, ``apply_action``, ``clone``, ``returns``). Every choice is a decision: a turn's action, each
exchange, who starts, and every choice inside a move. What a move still has to resolve after a decision waits as
frames on ``Game.frames``, run last pushed first, so that a move resolves in the rulebook's order whoever answers.
One seeded random source (``Game.rng``) makes every shuffle and every random pick: a game is reproducible from
its seed, its decks and its players' answers.

The flow is one for every mode; a mode (:mod:`deckcli.game.modes`; Gwent Solo's :mod:`deckcli.game.solo.automaton`)
is asked only at a turn's or a round's boundary. The rulings where the seed is silent are in docs/play.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from deckcli.game.abilities import choose_row, place_returned, play_from_hand, summon
from deckcli.game.actions import KEEP, LEADER, LEADER_ACTION, PASS, PASS_ACTION, PLAY, Decision, continuation
from deckcli.game.cards import DECOY, HERO, HORN, MARDROEME, SPECIAL, SPY, SUMMON, UNIT, WEATHER, GameCards
from deckcli.game.chance import Chance
from deckcli.game.leaders import apply_passives, opening_hand_size, usable, use_leader
from deckcli.game.modes import (
    MONSTERS, NILFGAARD, NORTHERN_REALMS, SCOIATAEL, SKELLIGE, STANDARD, exceeded, ffa_round_points,
    next_ffa_starter, points_to_win,
)
from deckcli.game.state import LOG_FORMAT_VERSION, NO_HORN, Game

if TYPE_CHECKING:
    from collections.abc import Sequence

    from deckcli.game.actions import Action
    from deckcli.game.cards import GameDeck
    from deckcli.game.state import Mode

EXCHANGES = 2
"""Cards a player may exchange at the start (§6)."""
_new_decision = tuple.__new__


def card_table(decks: Sequence[GameDeck]) -> GameCards:
    """The card table of a game between ``decks``: each player's main deck, then side deck, in player order. It is
    the same for every game of these decks, so a run of many games builds it once."""
    cards = GameCards()
    for deck in decks:
        for card in deck.cards + deck.side:
            cards.add(card)
    return cards


def new_game(decks: Sequence[GameDeck], seed: int, *, mode: Mode | None = None,
             log: list[dict[str, Any]] | None = None, game_id: int = 0, table: GameCards | None = None,
             deck_seeds: Sequence[int] | None = None) -> Game:
    """A game of ``mode`` (default: the two-player game) between ``decks`` (player order: the turn order), its
    decks shuffled by ``seed``'s random source, not yet set up (:func:`advance` does that). With ``log`` (a list),
    every event is appended to it (:meth:`Game.emit`). ``table`` is :func:`card_table` of ``decks``, when the
    caller has it already. With ``deck_seeds`` each player's deck is shuffled by a random source of its own seed
    instead, so that a deck's order does not depend on the other decks (paired games: two decks against one
    opponent dealt the same way).

    Raises ``ValueError`` when the mode cannot seat these decks (:meth:`deckcli.game.modes.Mode.seating`)."""
    mode = mode if mode is not None else STANDARD
    seating = mode.seating([deck.faction for deck in decks])
    cards = table if table is not None else card_table(decks)
    game = Game(cards, Chance(seed), mode, seating)
    game.log = log
    game.game_id = game_id
    first = 0
    for player, deck in enumerate(decks):
        middle = first + len(deck.cards)
        game.deck[player] = list(range(first, middle))
        last = middle + len(deck.side)
        game.side_deck[seating.side_of[player]] += range(middle, last)
        game.owner += [player] * (last - first)
        first = last
        game.faction[player] = deck.faction
        game.leader[player] = deck.leader.name if deck.leader is not None else None
    for player in range(len(decks)):
        (game.rng if deck_seeds is None else random.Random(deck_seeds[player])).shuffle(game.deck[player])
    apply_passives(game)
    game.frames.append((start,))
    return game


# The flow ---------------------------------------------------------------------------------------------------


def advance(game: Game) -> None:
    """Run ``game`` up to its next decision (or its end): the frames of the move resolving, then the next turn
    (Gwent Solo's automated opponent takes its turns here, by its rules, §18)."""
    frames = game.frames
    while game.decision is None and not game.over:
        if frames:
            frame = frames.pop()
            frame[0](game, *frame[1:])
            continue
        if game.moving >= 0:  # a move has resolved: its turn is over
            end_turn(game, game.moving)
            continue
        player = game.to_move
        if player == game.mode.automaton:
            game.mode.automaton_turn(game)
        else:
            game.decision = turn_decision(game, player)
            return


def turn_decision(game: Game, player: int) -> Decision:
    """``player``'s turn: the decision of its action among :func:`turn_actions`."""
    # Decision(player, "act", ...), built as the tuple it is: this runs every turn of every game
    return _new_decision(Decision, (player, "act", turn_actions(game, player), -1, _TURNS[player]))


def run_frames(game: Game, depth: int = 0) -> None:
    """Resolve the frames above ``depth`` (what a card played now still has to do) without starting a turn: for the
    rules of Gwent Solo's automaton, which play a card and weigh it at once. Stops at a decision."""
    frames = game.frames
    while len(frames) > depth and game.decision is None:
        frame = frames.pop()
        frame[0](game, *frame[1:])


def legal_actions(game: Game) -> list[Any]:
    """The options of the decision ``game`` waits on (:attr:`Decision.options`): for a turn (``"act"``) every action
    open to the player to move (:func:`turn_actions`); an empty list once the game is over. A game not yet advanced
    to a decision (new, or a position just built) is advanced first."""
    if game.decision is None:
        advance(game)
    return game.decision.options if game.decision is not None else []


def apply_action(game: Game, answer: Any) -> None:
    """Answer the decision ``game`` waits on with ``answer`` (one of its options: not checked here; an agent's
    answer is checked by :class:`deckcli.game.agents.Agents`), then run the game to its next decision."""
    take(game, answer)
    advance(game)


def take(game: Game, answer: Any) -> None:
    """Answer the decision ``game`` waits on with ``answer``, and stop: what follows it is left in the frames
    (:func:`apply_action` runs it). Raises ``ValueError`` once the game is over."""
    decision = game.decision
    if decision is None:
        advance(game)
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over: there is no decision to take")
    game.decision = None
    then = decision.then
    if len(then) == 2:
        then[0](game, then[1], answer)
    else:
        then[0](game, *then[1:], answer)


def returns(game: Game) -> list[float]:
    """What the game gave each player, per player: 1 to a side that won, 0 to a side that lost; a draw shared, 1/k
    to each of the k sides that drew (½ each in a two-sided game; the players with the most points in Free For All);
    teammates share their side's (§17). Raises ``ValueError`` before the game is over."""
    if not game.over:
        raise ValueError("the game is not over")
    sides = game.sides
    if game.winner is not None:
        values = [1.0 if side == game.winner else 0.0 for side in range(sides)]
    else:
        drawn = _drawn_sides(game)
        values = [1.0 / len(drawn) if side in drawn else 0.0 for side in range(sides)]
    return [values[side] for side in game.side_of]


def _drawn_sides(game: Game) -> list[int]:
    """The sides sharing a drawn game: both in a game of gems (§9), the players with the most points (§16)."""
    if game.mode.gems:
        return list(range(game.sides))
    top = max(game.points)
    return [game.side_of[p] for p in range(game.players) if game.points[p] == top]


# Set-up (§6) ------------------------------------------------------------------------------------------------


@continuation
def start(game: Game) -> None:
    """Set-up: the mode's own (Gwent Solo, §18), else the starting player (:func:`choose_starter`), then every
    player's hand and exchanges, each player in turn."""
    if not game.mode.set_up(game):
        choose_starter(game)


def choose_starter(game: Game) -> None:
    """§6: "Flip the coin unless a Leader or faction ability determines who begins" (§16: "Randomly determine who
    begins the game"; §17: a team game's first player is drawn from all four seats, a ruling); a Scoia'tael player
    decides who goes first (§3), and with several of them the coin says which decides (§16, §17: "randomly determine
    which of them chooses"). Then the hands and exchanges of every player."""
    game.frames.append((deal_and_exchange, tuple(range(game.players))))
    players = game.players
    scoiatael = [p for p in range(players) if game.faction[p] == SCOIATAEL]
    coin = game.rng.randrange(players)
    if not scoiatael:
        game.starter = coin
        game.emit("start", game.starter, format_version=LOG_FORMAT_VERSION, chosen_by=None)
        return
    if len(scoiatael) == 1:
        chooser = scoiatael[0]
    else:  # every player Scoia'tael: the coin already says who; else a draw among them
        chooser = coin if len(scoiatael) == players else scoiatael[game.rng.randrange(len(scoiatael))]
    game.decision = Decision(chooser, "starter", list(range(players)), -1, (_starter_chosen, chooser))


@continuation
def _starter_chosen(game: Game, chooser: int, starter: int) -> None:
    game.starter = starter
    game.emit("start", starter, format_version=LOG_FORMAT_VERSION, chosen_by=chooser)


@continuation
def deal_and_exchange(game: Game, players: tuple[int, ...]) -> None:
    """Each of ``players`` dealt an opening hand, then each exchanging in turn (§6); then the first turn."""
    for player in players:
        deal(game, player)
    game.frames.append((begin_turns,))
    for player in reversed(players):
        game.frames.append((_exchange, player, 0))


def deal(game: Game, player: int) -> None:
    """``player``'s opening hand (§6): ten cards from the top of the deck, eleven for Daisy of the Valley."""
    drawn = game.draw(player, opening_hand_size(game, player))
    game.emit("hand", player, cards=[game.cards.name[c] for c in drawn])


@continuation
def _exchange(game: Game, player: int, done: int) -> None:
    """§6: "You may exchange up to two cards ... one at a time": the next exchange asked, ``done`` made so far."""
    game.decision = Decision(player, "exchange", [*game.hand[player], KEEP], -1, (_exchanged, player, done))


@continuation
def _exchanged(game: Game, player: int, done: int, card: int) -> None:
    """A card set aside and replaced from the deck; the cards set aside are shuffled back into it once the player
    is done, never into the discard pile (§6)."""
    if card == KEEP or not game.deck[player]:
        _exchanges_done(game, player)
        return
    game.hand[player].remove(card)
    game.aside[player].append(card)
    drawn = game.draw(player)
    game.emit("exchange", player, card, drawn=game.cards.name[drawn[0]])
    if done + 1 < EXCHANGES:
        _exchange(game, player, done + 1)
    else:
        _exchanges_done(game, player)


def _exchanges_done(game: Game, player: int) -> None:
    set_aside = game.aside[player]
    if set_aside:
        game.deck[player].extend(set_aside)
        set_aside.clear()
        game.rng.shuffle(game.deck[player])
        if game.log:  # the last exchange's event: the cards set aside are back in the deck after it
            game.restamp(game.log[-1])


@continuation
def begin_turns(game: Game) -> None:
    """The set-up is done: the starting player moves."""
    game.to_move = game.starter
    if not game.mode.gems:
        game.opening = _position(game)


# Turns (§7) -------------------------------------------------------------------------------------------------


def turn_actions(game: Game, player: int) -> list[Action]:
    """Every action open to ``player`` on a turn (§7), passing last.

    Units go to a row they may enter (either row of an Agile unit, §10), a Spy once for each opposing side it may
    land on when there are several (§16: its player chooses which opponent receives it); a Commander's Horn to a
    row of the player's side whose Horn zone is empty (one Special Card Horn per row, §11); a Mardroeme to any row
    of the player's side; a Decoy onto a non-Hero unit of the player's side, whichever teammate played it (§11,
    §17; none there: it cannot be played); Weather Cards, Clear Weather and Scorch need no row. The Leader is
    offered while it is unused, not cancelled, and its ability would do something now
    (:func:`deckcli.game.leaders.usable`)."""
    cards = game.cards
    kind, ability, rows, names, plays = cards.kind, cards.ability, cards.rows, cards.name, cards.plays
    base = game.side_of[player] * 3
    opposing = game.opponents[player]
    several = len(opposing) > 1
    actions: list[Action] = []
    seen: set[str] = set()
    for card in game.hand[player]:
        name = names[card]
        if name in seen:
            continue
        seen.add(name)
        fixed = plays[card]
        if fixed:
            if several and ability[card] & SPY and kind[card] <= HERO:
                actions += [(PLAY, card, row, target) for row in rows[card] for target in opposing]
            else:
                actions += fixed
        elif kind[card] == SPECIAL:
            bits = ability[card]
            if bits & DECOY:
                targets: set[tuple[str, int]] = set()
                for row in range(3):
                    for unit in game.rows[base + row]:
                        if kind[unit] == UNIT and (names[unit], row) not in targets:
                            targets.add((names[unit], row))
                            actions.append((PLAY, card, row, unit))
            elif bits & HORN:
                for row in range(3):
                    if game.horn[base + row] == NO_HORN:
                        actions.append((PLAY, card, row, -1))
            elif bits & MARDROEME:
                for row in range(3):
                    actions.append((PLAY, card, row, -1))
    if usable(game, player):
        actions.append(LEADER_ACTION)
    actions.append(PASS_ACTION)
    return actions


@continuation
def take_turn(game: Game, player: int, action: Action) -> None:
    """``player`` plays a card, uses the Leader or passes (§7): the move itself. Its turn is over once what the move
    does has resolved (:func:`advance` then ends it, :func:`end_turn`; a what-if of one move never gets there)."""
    kind, card, row, target = action
    game.moving = player
    if kind == PASS:
        game.passed[player] = True
        if game.log is not None:
            game.emit("pass", player)
    elif kind == LEADER:
        game.plays += 1
        use_leader(game, player)
    else:
        game.plays += 1
        play_from_hand(game, player, card, row, target)


def end_turn(game: Game, player: int) -> None:
    """``player``'s turn is over: the next player in turn order who has not passed moves (§7; §16 clockwise; §17
    A1 → B1 → A2 → B2, a player who passed left out so that the others keep their order); when everyone has passed
    the round ends (§9, §16: "the round ends when everyone passes"; a teammate passing does not pass for the
    other, §17)."""
    game.moving = -1
    if game.mode.automaton >= 0:
        game.mode.after_turn(game, player)
    passed = game.passed
    for other in game.seating.after[player]:
        if not passed[other]:
            game.to_move = other
            return
    game.frames.append((end_round,))


_TURNS = tuple((take_turn, player) for player in range(8))
"""Each player's turn's continuation, made once."""


def next_to_move(game: Game, player: int) -> int:
    """The player after ``player`` in turn order who has not passed (``player`` again when everyone else has), or
    -1 when everyone has passed (as :func:`end_turn` finds it)."""
    passed = game.passed
    return next((other for other in game.seating.after[player] if not passed[other]), -1)


# The end of a round (§9) ------------------------------------------------------------------------------------


@continuation
def end_round(game: Game) -> None:
    """Everyone has passed: what the mode resolves first (Gwent Solo's Decoys and Leader variant), then the round
    scored (:func:`score_round`)."""
    game.frames.append((score_round,))
    game.mode.round_ending(game)


@continuation
def score_round(game: Game) -> None:
    """The round scored: by gems (§9, §17: :func:`score_by_gems`) or by points (§16: :func:`score_by_points`)."""
    if game.mode.gems:
        score_by_gems(game)
    else:
        score_by_points(game)


def round_winner(game: Game, scores: Sequence[int] | None = None) -> int | None:
    """The side winning the round on the current board of a two-sided game (or on ``scores``, both totals): the
    higher total (§9); on a tie nobody, unless exactly one side has a Nilfgaard player, who wins it (§3; §17: "If
    both teams use Nilfgaard, its faction ability has no effect")."""
    first, second = scores if scores is not None else (game.score(0), game.score(1))
    if first != second:
        return 0 if first > second else 1
    nilfgaard = [side for side in (0, 1) if any(game.faction[p] == NILFGAARD for p in game.members(side))]
    return nilfgaard[0] if len(nilfgaard) == 1 else None


def score_by_gems(game: Game) -> None:
    """§9 (§17 for teams): the side with the lower total loses a gem (both on a tie), the battlefield goes to its
    sides' discard piles (Monsters keep one random non-Hero unit, §3; a Summon is replaced, §10), and the game ends
    when a side has no gem left. Otherwise the winner starts the next round (its first player; the tie's: a coin),
    Northern Realms draws for a won round, and Skellige recovers two units at the start of round three (§3)."""
    scores = tuple(game.scores())
    winner = round_winner(game, scores)
    sides = range(game.sides)
    over = any(game.gems[side] == 1 and winner != side for side in sides)
    kept = [monsters_keep(game, side, over) for side in sides]
    totals = game.scores()
    for side in sides:
        if winner != side:
            game.gems[side] -= 1
    game.round_winners.append(winner)
    game.round_scores.append(scores)
    summons = clear_battlefield(game, kept, over)
    game.emit("round_end", winner, totals=totals)
    for side, card in summons:  # the game goes on: the Summons' cards take the field
        summon(game, side, card)
    if over:
        gems = game.gems
        _game_over(game, 0 if gems[0] else 1 if gems[1] else None)
        return
    starter = game.members(winner if winner is not None else game.rng.randrange(game.sides))[0]
    _next_round(game, starter, winner)
    for player in faction_draws(game, winner, scores):
        _faction_draw(game, player)
    _start_effects(game, winner, False)


def score_by_points(game: Game) -> None:
    """§16: one point per opponent exceeded (Nilfgaard's ties, §3, as :func:`deckcli.game.modes.ffa_round_points`);
    the points of the table's size win, the most points among several players who reach them together (equal most:
    a draw between them, a ruling); the player who scored most in the round starts the next
    (:func:`deckcli.game.modes.next_ffa_starter`); Northern Realms draws a card when it exceeds at least two
    opponents. There is no round limit: a game that can no longer change ends as it stands (:func:`stalemate`)."""
    totals = game.scores()
    gained = ffa_round_points(totals, game.faction)
    for player, points in enumerate(gained):
        game.points[player] += points
    game.round_points.append(gained)
    game.round_scores.append(tuple(totals))
    best = next_ffa_starter(gained, game.starter)
    over = max(game.points) >= points_to_win(game.players)
    kept = [monsters_keep(game, side, over) for side in range(game.sides)]
    summons = clear_battlefield(game, kept, over)
    game.emit("round_end", best, totals=totals, round_points=gained)
    if over:
        _game_over(game, _most_points(game))
        return
    for side, card in summons:
        summon(game, side, card)
    quiet = game.plays == 0 and not any(gained)
    _next_round(game, best, None)
    for player in faction_draws(game, None, totals):
        _faction_draw(game, player)
    _start_effects(game, None, quiet)


def faction_draws(game: Game, winner: int | None, totals: Sequence[int]) -> list[int]:
    """The Northern Realms players who draw a card as the next round starts (§3), in turn order: by gems, the
    players of the side that won the round (``winner``; not Gwent Solo's automaton, which plays two cards instead,
    §19); by points, each who exceeds at least two opponents (``totals``: every side's total, §16)."""
    if not game.mode.gems:
        return [player for player in range(game.players)
                if game.faction[player] == NORTHERN_REALMS and exceeded(list(totals), player) >= 2]
    if winner is None:
        return []
    return [player for player in game.members(winner)
            if game.faction[player] == NORTHERN_REALMS and game.mode.draws_for_winning(player)]


def _most_points(game: Game) -> int | None:
    top = max(game.points)
    best = [p for p in range(game.players) if game.points[p] == top]
    return game.side_of[best[0]] if len(best) == 1 else None


def _game_over(game: Game, winner: int | None, **extra: Any) -> None:
    game.over = True
    game.winner = winner
    game.frames.clear()
    game.emit("game_end", winner, winner=winner, **extra)


def _next_round(game: Game, starter: int, winner: int | None) -> None:
    game.round += 1
    game.passed = [False] * game.players
    game.plays = 0
    game.to_move = game.starter = starter


def _faction_draw(game: Game, player: int) -> None:
    drawn = game.draw(player)
    if drawn:
        game.emit("draw", player, cards=[game.cards.name[drawn[0]]], reason="faction")


def _start_effects(game: Game, winner: int | None, quiet: bool) -> None:
    """The start of the next round: Skellige's return at round three (§3), each Skellige player in turn order, then
    what the mode does (:func:`_round_started`)."""
    game.frames.append((_round_started, winner, int(quiet)))
    if game.round == 3:
        for player in reversed(range(game.players)):
            if game.faction[player] == SKELLIGE:
                game.frames.append((_skellige_recovery, player))


@continuation
def _round_started(game: Game, winner: int | None, quiet: int) -> None:
    game.mode.round_started(game, winner)
    if not game.mode.gems:
        stalemate(game, bool(quiet))


def stalemate(game: Game, quiet: bool) -> None:
    """Free For All has no round limit (§16): a game ends when a player reaches the points to win. The seed is
    silent on a game that can no longer change; the ruling (docs/play.md): after a round in which nobody played a
    card or used a Leader and nobody scored a point (``quiet``), the game ends as it stands (the most points win;
    equal most share a draw) when the next round starts from the same position as that round did: the same cards
    in every hand, on the battlefield and in every pile and deck, the same Leaders spent. Nothing is then left that
    would come back (a Skellige return, a Northern Realms draw, a unit Monsters keep scoring) and nobody has acted
    from that very position, so no round can ever score again. A game that can still change, by a card in hand or
    one still to come back, is never ended."""
    position = _position(game)
    if quiet and position == game.opening:
        _game_over(game, _most_points(game), reason="unchanged")
        return
    game.opening = position


def _position(game: Game) -> tuple[Any, ...]:
    """What a round starts from, every zone as a set of cards (for :func:`stalemate`)."""
    def each(zones: list[list[int]]) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sorted(zone)) for zone in zones)

    return (each(game.rows), each(game.hand), each(game.discard), each(game.deck), tuple(game.leader_used),
            each(game.side_deck))


def clear_battlefield(game: Game, kept: list[int], over: bool) -> list[tuple[int, int]]:
    """Every card of the battlefield to the discard pile of the side it lay on (Weather Cards to the side of whoever
    played them), but the units Monsters keep (``kept``, per side, -1: none); returns the Summons discarded, as
    ``(side, card)``, whose cards take the field when the game goes on (not when it is ``over``) (§9, §10)."""
    summons: list[tuple[int, int]] = []
    ability = game.cards.ability
    for slot in range(len(game.rows)):
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
    side_of = game.side_of
    for weather, by in zip(game.weather, game.weather_by):
        game.discard[side_of[by]].append(weather)
    game.weather, game.weather_by = [], []
    game.touch_weather(game.weather_mask)
    game.weather_mask = 0
    return [] if over else summons


def monsters_keep(game: Game, side: int, over: bool) -> int:
    """Monsters (§3): one unit chosen at random among the non-Hero units on its side stays (-1: none; none when the
    round ends the game); at a team table it must be a Monsters card or an enemy Spy (§17,
    :meth:`deckcli.game.modes.Mode.keeps`). Logged before the round's end, which it does not change."""
    keeper = next((p for p in game.seating.members[side] if game.faction[p] == MONSTERS), -1)
    if keeper < 0 or over:
        return -1
    kind = game.cards.kind
    units = [card for slot in range(side * 3, side * 3 + 3) for card in game.rows[slot] if kind[card] == UNIT]
    if game.mode.filters_kept:
        units = [card for card in units if game.mode.keeps(game, side, card, MONSTERS)]
    if not units:
        return -1
    kept = game.rng.choice(units)
    game.emit("keep", keeper, kept, next(slot % 3 for slot in range(side * 3, side * 3 + 3) if kept in game.rows[slot]),
              reason="faction")
    return kept


@continuation
def _skellige_recovery(game: Game, player: int) -> None:
    """Skellige (§3): at the start of round three, two random non-Hero units of its side's discard pile return to
    the battlefield (their abilities do not resolve: they are not played); §17: Skellige cards or enemy Spies."""
    side = game.side_of[player]
    pile = game.discard[side]
    kind = game.cards.kind
    units = [card for card in pile if kind[card] == UNIT]
    if game.mode.filters_kept:
        units = [card for card in units if game.mode.keeps(game, side, card, SKELLIGE)]
    _recover(game, player, tuple(game.rng.sample(units, min(2, len(units)))), 0)


@continuation
def _recover(game: Game, player: int, cards: tuple[int, ...], index: int) -> None:
    if index == len(cards):
        return
    card = cards[index]
    game.discard[game.side_of[player]].remove(card)
    game.frames.append((_recover, player, cards, index + 1))
    choose_row(game, player, card, (_returned, player, card))


@continuation
def _returned(game: Game, player: int, card: int, row: int) -> None:
    place_returned(game, game.side_of[player], card, row)
    game.emit("return", player, card, row, reason="faction")
