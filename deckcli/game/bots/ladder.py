"""Each bot's place on the bots' ladder (issue 27), as ``simulate``'s "Measured:" sentence says it, so that a table is
read for what it is: a deck in these bots' hands.

The ladder is data, ``ladder.json`` beside this module, measured and written by ``benchmarks/ladder.py`` (every
entry's rating, every pair's win rate) and ``benchmarks/bots.py`` (how far two bots' rankings of the shipped decks
agree); it is read once, when a sentence is first asked for, never at start-up. Its shape (:class:`Ladder`)::

    {"format": 1, "anchor": "heuristic",
     "measured": {"command": "python benchmarks/ladder.py", "date": "2026-12-07T09:40Z", "machine": "...", "code": "..."},
     "entries": [{"name": "ismcts", "bot": "ismcts", "rating": 1066, "interval": [1035, 1097], "games": 900}, ...],
     "pairs": [{"first": "ismcts", "second": "heuristic", "win_rate": 0.582, "interval": [0.534, 0.63],
                "games": 400}, ...],
     "ranking": {"bots": ["heuristic", "search"], "spearman": 0.78, "games_per_deck": {"heuristic": 1000, "search": 75},
                 "measured": {...}}}

An entry is named; its ``bot`` is the ``--bot`` that plays it, or null for a yardstick that is no command-line bot
(a frozen table of today's heuristic bot, say: named in the other entries' sentences, given none of its own).
Ratings are Elo, the anchor at 1000 with a null interval; intervals are 95%; a pair's win rate is a fraction 0–1 of
``first``'s games (a draw half a win).
"""

from __future__ import annotations

import functools
from typing import TypedDict, cast


class Measured(TypedDict):
    """What produced a part of the ladder: the benchmark's command, the date (UTC), the machine and the code."""

    command: str
    date: str
    machine: str
    code: str


class Entry(TypedDict):
    """One place on the ladder: ``name``, the ``bot`` playing it (``None``: no command-line bot), its Elo ``rating``,
    the rating's 95% ``interval`` (``None`` for the anchor) and the ``games`` it played in the round-robin."""

    name: str
    bot: str | None
    rating: int
    interval: list[int] | None
    games: int


class Pair(TypedDict):
    """Two entries' games: ``first``'s ``win_rate`` (a fraction 0–1) with its 95% ``interval``, over ``games``."""

    first: str
    second: str
    win_rate: float
    interval: list[float]
    games: int


class Ranking(TypedDict):
    """How far two bots agree on the ten shipped decks ranked by win rate against the five starters: Spearman's
    rank correlation, and the games a deck played under each bot."""

    bots: list[str]
    spearman: float
    games_per_deck: dict[str, int]
    measured: Measured


class _Required(TypedDict):
    format: int
    anchor: str
    measured: Measured
    entries: list[Entry]
    pairs: list[Pair]


class Ladder(_Required, total=False):
    """The whole of ``ladder.json`` (module docstring); ``ranking`` may be missing."""

    ranking: Ranking


@functools.cache
def read_ladder() -> Ladder:
    """The packaged ladder, read once (``ladder.json``; OSError or ValueError when it is missing or not JSON)."""
    import json
    from importlib import resources

    return cast(Ladder, json.loads(resources.files(__package__).joinpath("ladder.json").read_text("utf-8")))


def standing(bot: str) -> str | None:
    """The sentence of bot ``bot``'s place on the ladder: its rating with its interval, then, for every pair it
    played, whether it is above, level with or below the other entry (its win rate's 95% interval above, across or
    below one half) with that win rate; and the ranking agreement when ``bot`` is one of the two ranking bots.
    ``None`` when the ladder has no entry played by ``bot``."""
    ladder = read_ladder()
    entries = {entry["name"]: entry for entry in ladder["entries"]}
    mine = next((entry for entry in ladder["entries"] if entry["bot"] == bot), None)
    if mine is None:
        return None
    anchor = entries[ladder["anchor"]]
    if mine is anchor:
        said = f"Elo {mine['rating']}, the ladder's anchor"
    else:
        bounds = mine["interval"] or [mine["rating"], mine["rating"]]
        said = f"Elo {mine['rating']} ({bounds[0]}–{bounds[1]}), the {anchor['name']} bot at {anchor['rating']}"
    if min(entry["rating"] for entry in entries.values()) == mine["rating"]:
        said += ", the floor of the ladder"
    relations: list[str] = []
    for pair in sorted(ladder["pairs"], key=lambda p: -entries[p["second" if p["first"] == mine["name"] else
                                                                    "first"]]["rating"]):
        if mine["name"] not in (pair["first"], pair["second"]):
            continue
        ours = pair["first"] == mine["name"]
        other = pair["second"] if ours else pair["first"]
        rate = pair["win_rate"] if ours else 1 - pair["win_rate"]
        low, high = pair["interval"] if ours else (1 - pair["interval"][1], 1 - pair["interval"][0])
        relation = "above" if low > 0.5 else "below" if high < 0.5 else "level with"
        won = f"{rate:.0%} ({low * 100:.0f}–{high * 100:.0f}) of {pair['games']:,}"
        relations.append(f"{relation} the {other} bot ({'it wins ' if not relations else ''}{won}"
                         f"{' games' if not relations else ''})")
    if relations:
        said += "; " + (relations[0] if len(relations) == 1 else ", ".join(relations[:-1]) + " and " + relations[-1])
    ranking = ladder.get("ranking")
    if ranking is not None and bot in ranking["bots"]:
        first, second = ranking["bots"]
        fewest = min(ranking["games_per_deck"], key=lambda name: ranking["games_per_deck"][name])
        said += (f"; the ten shipped decks ranked by win rate against the five starters under the {first} and the "
                 f"{second} bot agree with Spearman's rho {ranking['spearman']:.2f} "
                 f"({ranking['games_per_deck'][fewest]:,} games a deck under the {fewest} bot)")
    return said
