"""Benchmark of the bots' play (issue 27): dominated plays counted from the game log, and the shipped decks ranked
by each bot.

Run from a clone, in the venv where deckcli is installed (``pip install .``):

    python benchmarks/bots.py                     # heuristic: 2,000 games; search: 100 games; rankings (long)
    python benchmarks/bots.py --bot search --games 200 --no-rank
    python benchmarks/bots.py --quick             # a tenth of everything (the figures mean less)

1. **Dominated plays** (:func:`count_dominated`, for any bot of the registry by name): games round-robin over the
   ten shipped decks (decks/*.toml but the registration; every ordered pair, so each deck sits in either seat),
   the bot under test against ``--opponent`` (itself by default: then both sides' plays count). Each game is
   played with its game log on (JSON Lines events, ``schemas/output/game-log.schema.json``); the events each turn
   wrote are read back and counted, per 100 games, by kind:

   - ``clear-without-weather``: Clear Weather played with no Weather Card in play (§12);
   - ``weather-or-scorch-against-self``: a Weather Card or a Scorch (the Special Card) after which the player's
     lead (its score less the opponent's) is lower than before (§10–§12);
   - ``leader-without-effect``: an Active Leader used that changed neither score, no hand (no card drawn, taken,
     returned or discarded) and showed nothing (a reveal) nor moved any card to a deck (§5);
   - ``played-on-ahead``: after the opponent has passed, a card other than a Spy or a Decoy played while the
     player already wins the round (ahead, or level as Nilfgaard against another faction, §3) in a round whose
     win does not end the game (the opponent keeps two gems, §9);
   - ``passed-winnable-deciding-round``: a pass in a round whose loss loses the game (one gem left, §9), after the
     opponent has passed and while behind, where the player's own plays could still have won the round: an exhaustive
     search of every order of its remaining plays (the opponent, passed, plays no more; the choices inside a move
     answered by the bot; positions met twice searched once; a play that draws from the deck, whose cards the
     player cannot know, left out), up to :data:`SEARCH_CAP` positions a pass (a search
     cut off there is counted apart, as ``searches cut off``, never as a dominated play);
   - ``round-given-away-at-0-0``: a pass at 0:0 with a card to play, giving the round to a faction that profits from
     it: Nilfgaard, who wins a tie (§3), or, when it has not passed, Northern Realms, who draws a card for the round
     it then wins with one card (§3);
   - ``lost-leader-unused``: a game lost with the Active Leader never used though, on one of the player's turns, using
     it would have raised the player's lead (a what-if on a copy of the game, the bot answering the Leader's
     questions). Printed as a share of the games lost where it was so usable.

   Targets: each of the first six under 0.5 per 100 games; the last under 10%. Also printed: each Leader the bot
   had, in how many games, and in how many it used it (target: every Active Leader used at least once).
2. **Rankings**: each shipped deck against the five starter decks (``--rank-games`` a matchup for the heuristic bot,
   ``--search-rank-games`` for the other, seats alternating, the same seeds for every deck, the bot on both sides),
   ranked by win rate, under the heuristic bot and under the search bot, with Spearman's rank correlation between
   the two (target ≥ 0.9), printed with both tables.

Win rates carry their 95% Wilson interval. The figures go to ``benchmarks/results/bots.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DECK_FILES = sorted(p for p in (REPO / "decks").glob("*.toml") if p.name != "tournament-registration.toml")
FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")
KINDS = ("clear-without-weather", "weather-or-scorch-against-self", "leader-without-effect", "played-on-ahead",
         "passed-winnable-deciding-round", "round-given-away-at-0-0")
"""The dominated plays counted per 100 games (module docstring)."""
SEARCH_CAP = 20_000
"""Positions the search of a deciding round's pass may visit (``passed-winnable-deciding-round``)."""
PROFITS_FROM_A_TIE, PROFITS_FROM_A_WIN = {"nilfgaard"}, {"nilfgaard", "northern-realms"}
"""The factions a round given away at 0:0 profits (§3): Nilfgaard wins a tie; Northern Realms draws a card for a
round won."""
TARGET_PER_100, TARGET_UNUSED = 0.5, 0.10


@dataclass
class Dominated:
    """What :func:`count_dominated` found: games, the count of each kind (:data:`KINDS`), the games the bot lost, the
    lost games where its Leader could have changed a score and was never used, and the bot's Weather plays by seat
    (made, and how many lowered its own lead) with its Clear Weather plays."""

    bot: str
    games: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    lost: int = 0
    lost_usable: int = 0
    lost_unused: int = 0
    weather_by_seat: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])
    clears: int = 0
    cpu: float = 0.0
    unused_by_leader: dict[str, int] = field(default_factory=dict)
    leaders: dict[str, list[int]] = field(default_factory=dict)
    """Each Leader the bot had: [games, games it used it in]."""
    searches: int = 0
    cut_off: int = 0
    """Deciding-round passes searched, and those whose search stopped at :data:`SEARCH_CAP` undecided."""
    points: int = 0
    """The studied bot's points against the opponent (2 a win, 1 a draw; against itself, half of every game's)."""

    def per_100(self, kind: str) -> float:
        return 100.0 * self.counts[kind] / max(1, self.games)


def _entrants() -> list[Any]:
    from deckcli.game.simulation.matchups import file_entrant

    return [file_entrant(str(path)) for path in DECK_FILES]


def _lead(scores: list[int], player: int) -> int:
    return scores[player] - scores[1 - player]


def _wins_round(scores: list[int], player: int, factions: list[str]) -> bool:
    """Whether ``player`` wins the round were it to end now (§9; a tie to Nilfgaard against another faction, §3)."""
    lead = _lead(scores, player)
    return lead > 0 or (lead == 0 and factions[player] == "nilfgaard" and factions[1 - player] != "nilfgaard")


def _leader_could_score(game: Any, agents: Any) -> bool:
    """Whether using the Leader now (the player to move's) would raise its lead: played on a copy."""
    from deckcli.game.actions import LEADER_ACTION
    from deckcli.game.agents import step

    what_if = game.copy()
    player = game.to_move
    before = _lead(what_if.scores(), player)
    step(what_if, LEADER_ACTION, agents)
    return _lead(what_if.scores(), player) > before


def _position_key(game: Any) -> tuple[Any, ...]:
    """What a position of a round is, for the search: every zone as a set of cards, the Horns, the Weather, the
    scores, the Leaders used."""
    def each(zones: list[list[int]]) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sorted(zone)) for zone in zones)

    return (each(game.rows), each(game.hand), each(game.discard), tuple(map(str, game.horn)), str(game.weather),
            tuple(game.scores()), tuple(game.leader_used))


def winnable_alone(game: Any, agents: Any, player: int, factions: list[str], cap: int = SEARCH_CAP) -> bool | None:
    """Whether ``player``, to move after its opponent has passed, can still win the round by its own plays (§9): every
    order of them searched (the choices inside a move answered by ``agents``), each position once. ``None`` when the
    search met ``cap`` positions undecided."""
    from deckcli.game.actions import PASS
    from deckcli.game.agents import step
    from deckcli.game.rounds import legal_actions

    seen: set[tuple[Any, ...]] = set()
    stack = [game]
    while stack:
        here = stack.pop()
        children = []
        for action in legal_actions(here):
            if action[0] == PASS:
                continue
            child = here.copy()
            step(child, action, agents)
            if child.over or child.to_move != player or child.passed[player]:
                continue
            if set(child.hand[player]) - set(here.hand[player]) & set(here.deck[player]):
                continue  # a card drawn from the deck (a Spy's draw): the player could not know it
            if _wins_round(child.scores(), player, factions):
                return True
            key = _position_key(child)
            if key in seen:
                continue
            if len(seen) >= cap:
                return None
            seen.add(key)
            children.append(child)
        children.sort(key=lambda child: _lead(child.scores(), player))  # the best lead searched first (popped last)
        stack.extend(children)
    return False


def judge_pass(game: Any, agents: Any, player: int, actions: list[Any], facts: dict[str, Any],
               found: Dominated) -> None:
    """Count the dominated kinds of a pass by ``player`` about to be made in ``game`` (``actions``: its legal
    actions): a winnable deciding round passed, a round given away at 0:0 (module docstring)."""
    from deckcli.game.actions import PASS

    if all(action[0] == PASS for action in actions):
        return
    scores, factions = game.scores(), facts["factions"]
    mine, theirs = factions[player], factions[1 - player]
    opponent_passed = game.passed[1 - player]
    if scores == [0, 0] and (theirs in PROFITS_FROM_A_TIE and mine != theirs if opponent_passed
                             else theirs in PROFITS_FROM_A_WIN):
        found.counts["round-given-away-at-0-0"] += 1
    if opponent_passed and game.gems[player] == 1 and not _wins_round(scores, player, factions):
        found.searches += 1
        winnable = winnable_alone(game, agents, player, factions)
        if winnable is None:
            found.cut_off += 1
        elif winnable:
            found.counts["passed-winnable-deciding-round"] += 1


def judge_turn(events: list[dict[str, Any]], before: list[int], player: int, action: tuple[int, int, int, int],
               facts: dict[str, Any], weather: int, found: Dominated, seat: int) -> int:
    """Count the dominated kinds of one turn of ``player`` from the log ``events`` it wrote, ``before`` the scores
    before it; ``facts`` hold the game's card facts by name (``kind``, ``bits``) and the factions, the opponent's
    passing and gems before the turn; ``weather`` is how many Weather Cards lay in play before it (read from the
    log). Returns the Weather Cards in play after it."""
    from deckcli.game.actions import LEADER, PLAY
    from deckcli.game.cards import CLEAR, DECOY, SCORCH, SPECIAL, SPY, WEATHER

    # each event carries the state after it (format 2): the turn's last event, the scores after the whole turn
    after = events[-1]["scores"] if events else before
    kind, bits = facts["kind"], facts["bits"]
    first = events[0] if events else None
    if action[0] == PLAY and first is not None:
        name = first["card"]
        if kind[name] == WEATHER and bits[name] & CLEAR:
            found.clears += 1
            if not weather:
                found.counts["clear-without-weather"] += 1
        elif kind[name] == WEATHER or (kind[name] == SPECIAL and bits[name] & SCORCH):
            lowered = _lead(after, player) < _lead(before, player)
            if kind[name] == WEATHER:
                found.weather_by_seat[seat][0] += 1
                found.weather_by_seat[seat][1] += lowered
            if lowered:
                found.counts["weather-or-scorch-against-self"] += 1
        if (facts["opponent_passed"] and not bits[name] & (SPY | DECOY) and facts["opponent_gems"] == 2
                and _wins_round(before, player, facts["factions"])):
            found.counts["played-on-ahead"] += 1
    elif action[0] == LEADER:
        touched = any(e["event"] in ("draw", "return", "discard", "reveal") for e in events[1:])
        moved = any(e["event"] == "leader" and e["card"] == "Crach an Craite" for e in events)
        if after == before and not touched and not moved:
            found.counts["leader-without-effect"] += 1
    for event in events:
        if event["event"] == "round_end":
            weather = 0
        elif event["event"] == "play" and event["card"] in kind and kind[event["card"]] == WEATHER:
            weather = 0 if bits[event["card"]] & CLEAR else weather + 1
    return weather


def count_dominated(bot: str, games: int, seed: int = 1, opponent: str | None = None,
                    rollouts: int | None = None) -> Dominated:
    """Play ``games`` games round-robin over the ten shipped decks (every ordered pair of decks in turn), bot ``bot``
    (a name of :data:`deckcli.game.bots.BOTS`) against ``opponent`` (``None``: itself), and count the dominated plays
    of ``bot`` from each game's log (module docstring). ``rollouts`` sets a search bot's budget."""
    import resource

    from deckcli.game.agents import Agents
    from deckcli.game.actions import LEADER_ACTION, PASS
    from deckcli.game.rounds import legal_actions, new_game
    from deckcli.game.agents import start_game, step
    from deckcli.game.simulation.runs import derived_seed

    entrants = _entrants()
    pairs = [(a, b) for a in range(len(entrants)) for b in range(len(entrants))]
    found = Dominated(bot)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    start = usage.ru_utime + usage.ru_stime
    for index in range(games):
        first, second = pairs[index % len(pairs)]
        game_seed = derived_seed(seed, index)
        log: list[dict[str, Any]] = []
        game = new_game((entrants[first].deck, entrants[second].deck), game_seed, log=log)
        studied = (index + index // len(pairs)) % 2  # the studied bot's seat alternates game by game and each lap
        seats = [_make(bot, derived_seed(game_seed, 1), rollouts), _make(opponent or bot, derived_seed(game_seed, 2),
                                                                         rollouts)]
        if studied == 1:
            seats.reverse()
        agents = Agents(seats[0], seats[1])
        counted = {0, 1} if opponent in (None, bot) else {studied}
        cards = game.cards
        facts: dict[str, Any] = {"kind": dict(zip(cards.name, cards.kind)),
                                 "bits": dict(zip(cards.name, cards.ability)), "factions": game.faction[:]}
        start_game(game, agents)
        weather = 0
        usable_with_effect = [False, False]
        while not game.over:
            player = game.to_move
            actions = legal_actions(game)
            if (player in counted and not usable_with_effect[player] and LEADER_ACTION in actions
                    and _leader_could_score(game, agents)):
                usable_with_effect[player] = True
            action = agents.act(game, player, actions)
            if player in counted and action[0] == PASS:
                judge_pass(game, agents, player, actions, facts, found)
            facts["opponent_passed"] = game.passed[1 - player]
            facts["opponent_gems"] = game.gems[1 - player]
            before = game.scores()
            mark = len(log)
            step(game, action, agents)
            if player in counted:
                weather = judge_turn(log[mark:], before, player, action, facts, weather, found, player)
            else:
                weather = judge_turn(log[mark:], before, player, action, facts, weather, Dominated(bot), player)
        found.games += 1
        found.points += 1 if len(counted) == 2 else 2 if game.winner == studied else 1 if game.winner is None else 0
        for player in counted:
            seen = found.leaders.setdefault(game.leader[player] or "", [0, 0])
            seen[0] += 1
            seen[1] += bool(game.leader_used[player])
            if game.winner == 1 - player:
                found.lost += 1
                if usable_with_effect[player]:
                    found.lost_usable += 1
                    if not game.leader_used[player]:
                        found.lost_unused += 1
                        name = game.leader[player] or ""
                        found.unused_by_leader[name] = found.unused_by_leader.get(name, 0) + 1
    usage = resource.getrusage(resource.RUSAGE_SELF)
    found.cpu = usage.ru_utime + usage.ru_stime - start
    return found


def dominated_report(found: Dominated) -> list[str]:
    """The lines :func:`count_dominated`'s figures print as, each against its target."""
    from deckcli.game.simulation.statistics import rate_text

    lines = [f"{found.bot}: {found.games:,} games, {found.cpu / max(1, found.games) * 1000:.1f} ms CPU a game "
             f"(every seat it plays counted); its win rate {rate_text(found.points, found.games)}"]
    for kind in KINDS:
        rate = found.per_100(kind)
        lines.append(f"  {kind:<32} {found.counts[kind]:>5}  {rate:6.2f} per 100 games  "
                     f"{'met' if rate < TARGET_PER_100 else 'MISSED'}")
    share = found.lost_unused / found.lost_usable if found.lost_usable else 0.0
    lines.append(f"  {'lost-leader-unused':<32} {found.lost_unused:>5}  of {found.lost_usable:,} lost games where it "
                 f"could gain ({100 * share:.1f}%; {found.lost:,} lost)  "
                 f"{'met' if share < TARGET_UNUSED else 'MISSED'}")
    for seat in (0, 1):
        made, lowered = found.weather_by_seat[seat]
        lines.append(f"  Weather Cards from seat {seat}: {made:,}, of which {lowered:,} lowered its own lead")
    lines.append(f"  Clear Weather played: {found.clears:,}")
    lines.append(f"  deciding-round passes searched: {found.searches:,}, searches cut off at {SEARCH_CAP:,} "
                 f"positions: {found.cut_off:,}")
    never = sorted(name for name, (_games, used) in found.leaders.items() if not used)
    lines.append(f"  Leaders used: {len(found.leaders) - len(never)} of {len(found.leaders)}"
                 + (f"; never: {', '.join(never)}" if never else "  met"))
    if found.unused_by_leader:
        lines.append("  lost with the Leader unused, by Leader: " + ", ".join(
            f"{name} {count}" for name, count in sorted(found.unused_by_leader.items(), key=lambda item: -item[1])))
    return lines


def dominated_figures(found: Dominated) -> dict[str, dict[str, Any]]:
    """:func:`count_dominated`'s figures for the data file (:mod:`record`), by key: ``BOT.games`` (the games, CPU a
    game and win rate), ``BOT.KIND`` per 100 games for each of :data:`KINDS`, ``BOT.lost-leader-unused`` (a share of
    the lost games where the Leader could gain), ``BOT.weather.SEAT`` (Weather Cards played from seat 0 or 1, and
    how many lowered the player's own lead) and ``BOT.clears`` (Clear Weather played)."""
    from record import figure, rate_figure

    bot = found.bot
    cpu = found.cpu / max(1, found.games) * 1000
    rows = {f"{bot}.games": rate_figure(found.points, found.games, cpu_ms=round(cpu, 2), label=f"{bot}: win rate "
                                        f"({found.games:,} games, {cpu:.1f} ms CPU a game)")}
    rows[f"{bot}.cpu"] = figure(f"{cpu:.0f} ms" if cpu >= 100 else f"{cpu:.2f} ms", cpu, "ms CPU a game",
                                games=found.games)
    for kind in KINDS:
        rate = found.per_100(kind)
        rows[f"{bot}.{kind}"] = figure(f"{rate:.2f}", rate, "per 100 games", count=found.counts[kind],
                                       games=found.games, target=TARGET_PER_100, met=rate < TARGET_PER_100,
                                       label=f"  {kind} (per 100 games)")
    share = found.lost_unused / found.lost_usable if found.lost_usable else 0.0
    rows[f"{bot}.lost-leader-unused"] = figure(
        f"{100 * share:.1f}% ({found.lost_unused:,} of {found.lost_usable:,})", share, "of the lost games where it "
        "could gain", count=found.lost_unused, of=found.lost_usable, lost=found.lost, target=TARGET_UNUSED,
        met=share < TARGET_UNUSED, label="  lost-leader-unused")
    for seat in (0, 1):
        made, lowered = found.weather_by_seat[seat]
        rows[f"{bot}.weather.{seat}"] = figure(f"{lowered:,} of {made:,}", lowered, "Weather Cards lowering its "
                                               "own lead", of=made)
    rows[f"{bot}.clears"] = figure(f"{found.clears:,}", found.clears, "Clear Weather played")
    rows[f"{bot}.searches"] = figure(f"{found.cut_off:,} of {found.searches:,}", found.cut_off,
                                     "deciding-round searches cut off", of=found.searches, cap=SEARCH_CAP)
    never = sorted(name for name, (_games, used) in found.leaders.items() if not used)
    used = len(found.leaders) - len(never)
    rows[f"{bot}.leaders"] = figure(f"{used} of {len(found.leaders)}", used, "Leaders used at least once",
                                    of=len(found.leaders), never=never, target=len(found.leaders),
                                    met=not never, by_leader=found.leaders,
                                    label="  Leaders used at least once")
    return rows


# rankings --------------------------------------------------------------------------------------------------


def _make(name: str, seed: int, rollouts: int | None) -> Any:
    """Bot ``name`` seeded with ``seed``; a search bot with ``rollouts`` a decision when given."""
    from deckcli.game.bots import bot_class

    if rollouts is not None and name == "search":
        from deckcli.game.bots.search_bot import SearchBot

        return SearchBot(seed, rollouts=rollouts)
    return bot_class(name)(seed)


_RANKED: dict[str, Any] = {}


def _ranked_game(task: tuple[int, int, int]) -> tuple[int, int]:
    """Game ``index`` of shipped deck ``deck`` against starter ``starter`` (:func:`rank_decks`): ``(deck, points)``."""
    from deckcli.game.agents import Agents
    from deckcli.game.rounds import legal_actions, new_game
    from deckcli.game.agents import start_game, step
    from deckcli.game.simulation.runs import derived_seed

    deck, starter, index = task
    bot, rollouts, seed = _RANKED["bot"], _RANKED["rollouts"], _RANKED["seed"]
    mine, theirs = _RANKED["decks"][deck], _RANKED["starters"][starter]
    game_seed = derived_seed(seed, starter, index)  # every deck meets a starter on the same seeds
    seat = index % 2
    game = new_game((mine, theirs) if seat == 0 else (theirs, mine), game_seed)
    players = [_make(bot, derived_seed(game_seed, 3), rollouts), _make(bot, derived_seed(game_seed, 4), rollouts)]
    agents = Agents(*players) if seat == 0 else Agents(*reversed(players))
    start_game(game, agents)
    while not game.over:
        step(game, agents.act(game, game.to_move, legal_actions(game)), agents)
    return deck, 2 if game.winner == seat else 1 if game.winner is None else 0


def rank_decks(bot: str, games: int, seed: int, workers: int,
               rollouts: int | None = None) -> list[tuple[str, int, int]]:
    """Each shipped deck against the five starters, ``games`` games a matchup (seats alternating, the same seeds for
    every deck), ``bot`` on both sides (a search bot with ``rollouts`` a decision when given): ``(deck, points,
    games)`` per deck (2 a win, 1 a draw), in :data:`DECK_FILES` order."""
    from deckcli.game.simulation.matchups import starter_entrant

    _RANKED.update(bot=bot, rollouts=rollouts, seed=seed, decks=[e.deck for e in _entrants()],
                   starters=[starter_entrant(slug).deck for slug in FACTIONS])
    tasks = [(deck, starter, index) for deck in range(len(DECK_FILES)) for starter in range(len(FACTIONS))
             for index in range(games)]
    points = [0] * len(DECK_FILES)
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_ranked_game, tasks, chunksize=4)
    else:
        results = [_ranked_game(task) for task in tasks]
    for deck, won in results:
        points[deck] += won
    return [(str(path), points[i], games * len(FACTIONS)) for i, path in enumerate(DECK_FILES)]


def ranks(values: list[float]) -> list[float]:
    """Ranks 1..n of ``values``, highest first, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(first: list[float], second: list[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks (ties at their mean rank)."""
    a, b = ranks(first), ranks(second)
    n = len(a)
    mean = (n + 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(a, b))
    var_a = sum((x - mean) ** 2 for x in a)
    var_b = sum((y - mean) ** 2 for y in b)
    return cov / (var_a * var_b) ** 0.5 if var_a and var_b else 0.0


def ranking_report(tables: dict[str, list[tuple[str, int, int]]]) -> list[str]:
    """Both bots' tables, best deck first, and Spearman's correlation between them."""
    from deckcli.game.simulation.statistics import rate_text

    lines = []
    rates = {}
    for bot, table in tables.items():
        rates[bot] = [points / (2 * games) for _name, points, games in table]
        lines.append(f"{bot}: the shipped decks against the five starters ({table[0][2]:,} games each)")
        order = sorted(range(len(table)), key=lambda i: -rates[bot][i])
        for place, i in enumerate(order, 1):
            name, points, games = table[i]
            lines.append(f"  {place:>2}. {Path(name).name:<32} {rate_text(points, games)}")
    if len(tables) == 2:
        first, second = tables
        rho = spearman(rates[first], rates[second])
        lines.append(f"Spearman's rank correlation, {first} against {second}: {rho:.2f} "
                     f"({'met' if rho >= 0.9 else 'MISSED'}: target 0.9)")
    return lines


def ranking_figures(tables: dict[str, list[tuple[str, int, int]]]) -> dict[str, dict[str, Any]]:
    """:func:`ranking_report`'s figures for the data file, by key: ``rank.BOT.DECK`` (a deck's win rate under a
    bot, with its ``place``, 1 the best) and, for two bots, ``rank.spearman``."""
    from record import figure, rate_figure

    rows: dict[str, dict[str, Any]] = {}
    rates = {}
    for bot, table in tables.items():
        rates[bot] = [points / (2 * games) for _name, points, games in table]
        order = sorted(range(len(table)), key=lambda i: -rates[bot][i])
        for place, i in enumerate(order, 1):
            name, points, games = table[i]
            rows[f"rank.{bot}.{Path(name).stem}"] = rate_figure(points, games, place=place, bots=[bot, bot],
                                                                label=f"{bot}: {place:>2}. {Path(name).name}")
    if len(tables) == 2:
        first, second = tables
        rho = spearman(rates[first], rates[second])
        rows["rank.spearman"] = figure(f"{rho:.2f}", rho, "Spearman's rho", bots=[first, second], target=0.9,
                                       met=rho >= 0.9, games_per_deck={bot: table[0][2] for bot, table in
                                                                       tables.items()},
                                       fewest_games_per_deck=min(table[0][2] for table in tables.values()),
                                       label=f"Spearman's rank correlation, {first} against {second}")
    return rows


def write_ranking(rho: dict[str, Any], measured: dict[str, Any]) -> None:
    """The package ladder's ranking agreement (``deckcli/game/bots/ladder.json``'s ``ranking``) from figure ``rho``
    (``rank.spearman``) and the run that ``measured`` it."""
    import json

    path = REPO / "deckcli" / "game" / "bots" / "ladder.json"
    document = json.loads(path.read_text("utf-8"))
    document["ranking"] = {"bots": rho["bots"], "spearman": rho["value"], "games_per_deck": rho["games_per_deck"],
                           "measured": measured}
    from record import write_atomically

    write_atomically(path, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote the ranking agreement into {path.relative_to(REPO)}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--bot", action="append", help="a bot to count dominated plays of (repeatable; default: "
                        "heuristic, and search on --search-games)")
    parser.add_argument("--games", type=int, default=2000, help="games for the heuristic bot (default 2,000)")
    parser.add_argument("--search-games", type=int, default=100, help="games for any other bot (default 100)")
    parser.add_argument("--opponent", default=None, help="the other seat's bot (default: the bot itself)")
    parser.add_argument("--rank-games", type=int, default=100, help="games a matchup for the heuristic's ranking "
                        "(default 100)")
    parser.add_argument("--search-rank-games", type=int, default=10, help="games a matchup for any other bot's ranking "
                        "(default 10)")
    parser.add_argument("--rank-bots", default="heuristic,search",
                        help="the two bots ranked (default heuristic,search)")
    parser.add_argument("--no-rank", action="store_true", help="no rankings")
    parser.add_argument("--rollouts", type=int, default=None, help="the search bot's rollouts a decision (default 100)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the rankings (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from record import Run, add_options

    add_options(parser)
    options = parser.parse_args()
    scale = 10 if options.quick else 1
    import deckcli

    run = Run("bots", options)
    print(f"deckcli {deckcli.__version__}: bots benchmark (issue 27)\n")
    for bot in options.bot or ["heuristic", "search"]:
        games = (options.games if bot == "heuristic" else options.search_games) // scale
        started = time.perf_counter()
        found = count_dominated(bot, games, options.seed, options.opponent, options.rollouts)
        for line in dominated_report(found):
            print(line)
        for key, shown in dominated_figures(found).items():
            run.add(key, {**shown, "seed": options.seed, "bots": [bot, options.opponent or bot]})
        print(f"  ({time.perf_counter() - started:.0f} s wall)\n", file=sys.stderr)
        sys.stdout.flush()
    if not options.no_rank:
        tables = {bot: rank_decks(bot, max(2, (options.rank_games if bot == "heuristic" else options.search_rank_games)
                                           // scale), options.seed, options.workers, options.rollouts)
                  for bot in options.rank_bots.split(",")}
        for line in ranking_report(tables):
            print(line)
        for key, shown in ranking_figures(tables).items():
            run.add(key, {**shown, "seed": options.seed})
    if run.write() is not None and run.name == "default" and "rank.spearman" in run.figures:
        write_ranking(run.figures["rank.spearman"],
                      {field: run.record[field] for field in ("command", "date", "machine", "code")})


if __name__ == "__main__":
    main()
