"""Turns and rounds at a Free For All (§16) or two versus two (§17) table, from the first player to the last
point or gem.

``start_table`` is set-up (§6, with §16's and §17's starting player), ``legal_actions`` and ``step`` one turn
(§7), ``end_round`` a round's end (§9 with §16's points or §17's team gems), ``play_table`` a whole game. The
rulings where the seed is silent are each made in one function here (named in docs/play.md): who starts
after a tie for the most points (:func:`next_ffa_starter`), which teammate starts after a won round
(:func:`next_team_starter`), who wins when several players reach the points together, and when a game that
nobody plays on ends (:func:`ffa_result`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from deckcli.game.actions import LEADER, LEADER_ACTION, PASS, PASS_ACTION, PLAY
from deckcli.game.cards import DECOY, HERO, HORN, MARDROEME, SPECIAL, SPY, SUMMON, UNIT, WEATHER
from deckcli.game.abilities import summon
from deckcli.game.multiplayer.leaders import usable, use_leader
from deckcli.game.multiplayer.play import choose_row, play_from_hand, spy_sides
from deckcli.game.multiplayer.table import FFA, TEAMS
from deckcli.game.rounds import MONSTERS, NILFGAARD, NORTHERN_REALMS, SCOIATAEL, SKELLIGE, deal, exchange
from deckcli.game.state import NO_HORN

if TYPE_CHECKING:
    from deckcli.game.actions import Action
    from deckcli.game.agents import Agents
    from deckcli.game.multiplayer.agents import TableAgents
    from deckcli.game.multiplayer.table import Table


def start_table(table: Table, agents: TableAgents) -> None:
    """Set-up (§6): the starting player, ten cards each (eleven for Daisy of the Valley), each player's exchanges
    (the two-player engine's :func:`~deckcli.game.rounds.deal` and :func:`~deckcli.game.rounds.exchange`, per player).

    The starting player: §16, chosen at random, and §17, a coin; unless a Scoia'tael player chooses (§3). With
    two Scoia'tael players, a random one of them chooses (§16: "randomly determine which of them chooses who
    starts"; §17: "flip a coin between the Scoia'tael players")."""
    scoiatael = [p for p in range(table.players) if table.faction[p] == SCOIATAEL]
    if scoiatael:
        chooser = scoiatael[0] if len(scoiatael) == 1 else table.rng.choice(scoiatael)
        table.starter = agents.choose(table, chooser, "starter", list(range(table.players)), -1)
        table.emit("start", table.starter, chosen_by=chooser)
    else:
        table.starter = table.rng.randrange(table.players)
        table.emit("start", table.starter, chosen_by=None)
    two_player_agents = cast("Agents", agents)  # deal and exchange ask only ``exchange(game, player)``
    for player in range(table.players):
        deal(table, player)
    for player in range(table.players):
        exchange(table, player, two_player_agents)
    table.to_move = table.starter


def legal_actions(table: Table) -> list[Action]:
    """Every action open to the player to move (§7), passing last: as in the two-player game
    (:func:`deckcli.game.rounds.legal_actions`) on the player's side, but a Spy is offered once per side it may
    land on, that side being the action's ``target`` (§16: its player chooses which opponent receives it); a
    Decoy targets a non-Hero unit of the player's side, whichever teammate played it (§17)."""
    player = table.to_move
    side = table.team[player]
    cards = table.cards
    kind, ability, rows, names = cards.kind, cards.ability, cards.rows, cards.name
    actions: list[Action] = []
    seen: set[str] = set()
    for card in table.hand[player]:
        if names[card] in seen:
            continue
        seen.add(names[card])
        kind_of = kind[card]
        if kind_of <= HERO:
            targets = spy_sides(table, player) if ability[card] & SPY else [-1]
            for row in rows[card]:
                for target in targets:
                    actions.append((PLAY, card, row, target))
        elif kind_of == WEATHER:
            actions.append((PLAY, card, -1, -1))
        elif kind_of == SPECIAL:
            bits = ability[card]
            if bits & DECOY:
                taken: set[tuple[str, int]] = set()
                for row in range(3):
                    for unit in table.rows[side * 3 + row]:
                        if kind[unit] == UNIT and (names[unit], row) not in taken:
                            taken.add((names[unit], row))
                            actions.append((PLAY, card, row, unit))
            elif bits & HORN:
                actions += [(PLAY, card, row, -1) for row in range(3) if table.horn[side * 3 + row] == NO_HORN]
            elif bits & MARDROEME:
                actions += [(PLAY, card, row, -1) for row in range(3)]
            else:
                actions.append((PLAY, card, -1, -1))
    if usable(table, player):
        actions.append(LEADER_ACTION)
    actions.append(PASS_ACTION)
    return actions


def next_player(table: Table, player: int) -> int:
    """The player after ``player`` in turn order who has not passed (-1: everyone has). §16: clockwise; §17: A1 →
    B1 → A2 → B2, then again, a player who passed left out so that the others keep their relative order."""
    for offset in range(1, table.players + 1):
        other = (player + offset) % table.players
        if not table.passed[other]:
            return other
    return -1


def step(table: Table, action: Action, agents: TableAgents) -> None:
    """The player to move takes ``action`` (§7); the turn goes to the next player who has not passed; when every
    player has passed the round ends (§16: "the round ends when everyone passes"; one player of a team passing
    does not make the teammate pass, §17)."""
    kind, card, row, target = action
    player = table.to_move
    if kind == PASS:
        table.passed[player] = True
        table.emit("pass", player)
    elif kind == LEADER:
        table.plays += 1
        use_leader(table, player, agents)
    else:
        table.plays += 1
        play_from_hand(table, player, card, row, target, agents)
    following = next_player(table, player)
    if following < 0:
        end_round(table, agents)
    else:
        table.to_move = following


def play_table(table: Table, agents: TableAgents) -> list[int]:
    """Play ``table`` to its end; return the winners (players; several: a draw shared between them; none: a
    draw of all)."""
    start_table(table, agents)
    while not table.over:
        step(table, agents.act(table, table.to_move, legal_actions(table)), agents)
    return winners(table)


def winners(table: Table) -> list[int]:
    """The players who won the finished game: one, or several sharing a draw (Free For All), or a team's two."""
    if table.mode == TEAMS:
        return [] if table.winner is None else table.members(table.winner)
    top = max(table.points)
    best = [p for p in range(table.players) if table.points[p] == top]
    return best if table.winner is None else [table.winner]


# Scoring a round ---------------------------------------------------------------------------------------------


def ffa_round_points(totals: list[int], factions: list[str]) -> list[int]:
    """§16: each player's points for a round: one per opponent whose Strength they exceed. "Ties do not count as
    wins unless Nilfgaard's ability applies": a Nilfgaard player tied with an opponent scores that point (§3),
    and two Nilfgaard players tied score one each. ``totals`` and ``factions`` are per player."""
    points = []
    for player, total in enumerate(totals):
        nilfgaard = factions[player] == NILFGAARD
        points.append(sum(1 for other, theirs in enumerate(totals)
                          if other != player and (total > theirs or (total == theirs and nilfgaard))))
    return points


def exceeded(totals: list[int], player: int) -> int:
    """The opponents whose Strength ``player`` exceeds (strictly: §16 Northern Realms "exceeds")."""
    return sum(1 for other, theirs in enumerate(totals) if other != player and totals[player] > theirs)


def team_round_winner(totals: list[int], factions: list[str]) -> int | None:
    """§17 with §9: the team (side 0 or 1) with the higher total wins; on a tie nobody, unless exactly one team
    has a Nilfgaard player (§3; "If both teams use Nilfgaard, its faction ability has no effect"). ``factions``
    are per player (A1, B1, A2, B2)."""
    if totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    nilfgaard = [side for side in (0, 1) if NILFGAARD in (factions[side], factions[side + 2])]
    return nilfgaard[0] if len(nilfgaard) == 1 else None


def next_ffa_starter(round_points: list[int], previous: int) -> int:
    """§16: "the player who scored the most points in the previous round starts". The seed is silent on a tie for
    the most; the ruling (docs/play.md): of the tied players, the first in turn order from the previous round's
    starter (that starter included)."""
    players = len(round_points)
    top = max(round_points)
    return next(p for p in ((previous + offset) % players for offset in range(players)) if round_points[p] == top)


def next_team_starter(table: Table, winner: int | None) -> int:
    """§9 as §17 keeps it: the winning team starts the next round; the seed does not say which teammate, so the
    ruling (docs/play.md): its first seat, A1 or B1. After a tie a coin picks the team."""
    team = winner if winner is not None else table.rng.randrange(2)
    return team


def ffa_result(table: Table) -> tuple[bool, int | None]:
    """Whether a Free For All game is over after a round, and its winner (``None``: a draw shared by the players
    with the most points). §16: the points of the table's size win; the seed says no more, and the rulings are
    these (docs/play.md, "Rulings the seed leaves open"):

    - several players reaching the points in the same round: the most points win; equal most points share a draw
      (two Nilfgaard players tied round after round would otherwise never part);
    - the game also ends, the most points winning and equal most points sharing a draw, after a round in which
      nobody played a card or used a Leader (every player passed at once: nothing would change in the next), or
      when every hand is empty (no card can be played again).
    """
    top = max(table.points)
    best = [p for p in range(table.players) if table.points[p] == top]
    if top >= table.target or table.plays == 0 or not any(table.hand):
        return True, best[0] if len(best) == 1 else None
    return False, None


def end_round(table: Table, agents: TableAgents) -> None:
    """Every player has passed (§9, §16, §17): the round scored, the battlefield cleared, the next round set up or
    the game ended."""
    if table.mode == FFA:
        _end_ffa_round(table, agents)
    else:
        _end_team_round(table, agents)


def _end_ffa_round(table: Table, agents: TableAgents) -> None:
    """§16: one point per opponent exceeded; Northern Realms draws a card when it exceeds at least two opponents;
    the game is won at 4, 5 or 6 points for 3, 4 or 5 players; the most points of the round start the next."""
    totals = table.scores()
    gained = ffa_round_points(totals, table.faction)
    for player, points in enumerate(gained):
        table.points[player] += points
    table.round_points.append(gained)
    best = next_ffa_starter(gained, table.starter)
    table.emit("round_end", best, hands=[len(h) for h in table.hand], decks=[len(d) for d in table.deck],
               round_points=gained)
    over, winner = ffa_result(table)
    _clear_battlefield(table, over)
    if over:
        table.over, table.winner = True, winner
        table.emit("game_end", winner, winner=winner)
        return
    table.round += 1
    table.plays = 0
    table.passed = [False] * table.players
    table.starter = table.to_move = best
    for player in range(table.players):
        if table.faction[player] == NORTHERN_REALMS and exceeded(totals, player) >= 2:
            drawn = table.draw(player)
            if drawn:
                table.emit("draw", player, cards=[table.cards.name[drawn[0]]], reason="faction")
    _skellige(table, agents)


def _end_team_round(table: Table, agents: TableAgents) -> None:
    """§17 with §9: the losing team loses one of its two gems (both on a tie); a team with no gem left loses; the
    winning team starts the next round; a Northern Realms player of the winning team draws (§3)."""
    totals = table.scores()
    winner = team_round_winner(totals, table.faction)
    for side in (0, 1):
        if winner != side:
            table.gems[side] -= 1
    table.round_winners.append(winner)
    table.emit("round_end", winner, hands=[len(h) for h in table.hand], decks=[len(d) for d in table.deck])
    over = min(table.gems) == 0
    _clear_battlefield(table, over)
    if over:
        table.over = True
        table.winner = 0 if table.gems[0] else 1 if table.gems[1] else None
        table.emit("game_end", table.winner, winner=table.winner)
        return
    table.round += 1
    table.plays = 0
    table.passed = [False] * table.players
    table.starter = table.to_move = next_team_starter(table, winner)
    if winner is not None:
        for player in table.members(winner):
            if table.faction[player] == NORTHERN_REALMS:
                drawn = table.draw(player)
                if drawn:
                    table.emit("draw", player, cards=[table.cards.name[drawn[0]]], reason="faction")
    _skellige(table, agents)


def _clear_battlefield(table: Table, over: bool) -> None:
    """§9: every card of the battlefield to the discard pile of the side it lay on (Weather Cards to their
    player's side), but the unit Monsters keep (:func:`monsters_keep`); then the Summons replaced (§10)."""
    kept = [-1 if over else monsters_keep(table, side) for side in range(table.sides)]
    summons: list[tuple[int, int]] = []
    ability = table.cards.ability
    for slot in range(table.sides * 3):
        side = slot // 3
        pile = table.discard[side]
        for card in table.rows[slot]:
            if card != kept[side]:
                pile.append(card)
                if ability[card] & SUMMON:
                    summons.append((side, card))
        table.rows[slot] = [card for card in table.rows[slot] if card == kept[side]]
        if table.horn[slot] >= 0:
            pile.append(table.horn[slot])
        table.horn[slot] = NO_HORN
        pile.extend(table.mardroeme[slot])
        table.mardroeme[slot] = []
        table.touch(slot)
    for weather, by in zip(table.weather, table.weather_by):
        table.discard[by].append(weather)
    table.weather, table.weather_by = [], []
    table.touch_weather(table.weather_mask)
    table.weather_mask = 0
    if not over:
        for side, card in summons:
            summon(table, side, card)


def _belongs(table: Table, side: int, card: int, faction: str) -> bool:
    """§17: a card of ``faction`` (its home set), or an enemy Spy: a Spy the other team played (one never played,
    the other team's)."""
    cards = table.cards
    if cards.ability[card] & SPY and table.spied.get(card, table.team[table.owner[card]]) != side:
        return True
    return cards.card[card].home == faction


def monsters_keep(table: Table, side: int) -> int:
    """Monsters (§3): one random non-Hero unit of the side stays on the battlefield (-1: none). §17: at a team
    table it must be a Monsters card or an enemy Spy."""
    if not any(table.faction[p] == MONSTERS for p in table.members(side)):
        return -1
    kind = table.cards.kind
    units = [card for slot in range(side * 3, side * 3 + 3) for card in table.rows[slot] if kind[card] == UNIT]
    if table.mode == TEAMS:
        units = [card for card in units if _belongs(table, side, card, MONSTERS)]
    if not units:
        return -1
    kept = table.rng.choice(units)
    table.emit("keep", next(p for p in table.members(side) if table.faction[p] == MONSTERS), kept, reason="faction")
    return kept


def _skellige(table: Table, agents: TableAgents) -> None:
    """Skellige (§3): at the start of round three two random non-Hero units of its discard pile return to the
    battlefield; §17: only Skellige cards or enemy Spies, from the team's shared pile."""
    if table.round != 3:
        return
    kind = table.cards.kind
    for player in range(table.players):
        if table.faction[player] != SKELLIGE:
            continue
        side = table.team[player]
        pile = table.discard[side]
        units = [card for card in pile if kind[card] == UNIT
                 and (table.mode == FFA or _belongs(table, side, card, SKELLIGE))]
        for card in table.rng.sample(units, min(2, len(units))):
            pile.remove(card)
            row = choose_row(table, player, card, agents)
            slot = side * 3 + row
            table.rows[slot].append(card)
            table.touch(slot)
            table.emit("return", player, card, row, reason="faction")
