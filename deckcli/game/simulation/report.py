"""What a simulated run found, as records, text and JSON (``deckcli simulate``; the matchups of ``sheet
--simulate``; the paired comparison of ``diff --simulate``).

A win rate is ``(wins + draws / 2) / games`` (a fraction 0–1), with its 95% Wilson score interval
(:func:`wilson`) over those games. Two decks played on the same seeds against the same opponents are
compared game by game: the difference of their points in each pair of games, its mean and a normal 95%
interval of that mean (:func:`paired_interval`); a difference is beyond noise when that interval leaves 0 out.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Sequence

    from deckcli.game.simulation.runs import Counts, Entrant, Plan, Tally

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
MEASURED_RULES = ("seats alternate game by game; who starts is decided as the rulebook says (a coin, or "
                  "the choice of a Scoia'tael player, §3, §6)")
MEASURED_SOLO_RULES = ("the automaton plays by its own rules and starts every round, but a Scoia'tael player "
                       "starts the first and each after winning one (§18–20)")


def win_rate(points: int, games: int) -> float | None:
    """``points / (2 * games)``: the win rate of ``games`` games scored 2 a win and 1 a draw (``None``: no game)."""
    return points / (2 * games) if games else None


def wilson(points: int, games: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of the win rate ``points / (2 * games)`` (a draw counts half a win), as
    ``(low, high)`` fractions 0–1; ``None`` for no game. It stays inside 0–1 and is not empty at a rate of 0 or 1
    (E. B. Wilson, 1927)."""
    if not games:
        return None
    rate = points / (2 * games)
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_interval(total: int, squares: int, pairs: int, z: float = Z95) -> tuple[float, float, float] | None:
    """The mean difference of win rate over ``pairs`` paired games and its 95% interval ``(mean, low, high)``,
    fractions of a win, from the per-pair differences of points (2 a win, 1 a draw): their ``total`` and the
    total of their ``squares``. ``None`` with fewer than 2 pairs (no spread to measure)."""
    if pairs < 2:
        return None
    mean = total / pairs
    variance = max(0.0, (squares - total * total / pairs) / (pairs - 1))
    half = z * math.sqrt(variance / pairs)
    return mean / 2, (mean - half) / 2, (mean + half) / 2


def percent(value: float | None) -> str:
    return "" if value is None else f"{value:.1%}"


def rate_text(points: int, games: int) -> str:
    """``48.6% (45.5–51.7)``: a win rate in per cent with its 95% interval."""
    interval = wilson(points, games)
    if interval is None:
        return "-"
    return f"{points / (2 * games):.1%} ({interval[0] * 100:.1f}–{interval[1] * 100:.1f})"


def _deck_record(entrant: Entrant) -> dict[str, Any]:
    return {"file": entrant.source or None, "name": entrant.label, "faction": entrant.faction,
            "leader": entrant.leader}


def _counts_record(counts: Counts) -> dict[str, Any]:
    interval = wilson(counts.points, counts.games)
    return {"games": counts.games, "wins": counts.wins, "draws": counts.draws, "losses": counts.losses,
            "win_rate": win_rate(counts.points, counts.games), "ci95": list(interval) if interval else None}


def opponent_labels(opponents: Sequence[Entrant]) -> list[str]:
    """Each opponent as a table names it: its deck's name; where two opponents share a name, each one's file too,
    and a deck file met more than once numbered from its second matchup (``Monsters starter (2)``)."""
    names = Counter(opponent.label for opponent in opponents)
    files = Counter((opponent.label, opponent.source) for opponent in opponents)
    met: Counter[tuple[str, str]] = Counter()
    labels = []
    for opponent in opponents:
        deck = (opponent.label, opponent.source)
        label = f"{opponent.label} ({opponent.source})" if files[deck] < names[opponent.label] else opponent.label
        met[deck] += 1
        labels.append(label if met[deck] == 1 else f"{label} ({met[deck]})")
    return labels


def measured(plan: Plan) -> str:
    """The sentence saying what was measured: the bots, the games, the seed, how the games were set up; for Gwent
    Solo, the automaton's factions and whether the Leader variant was on."""
    from deckcli.game.bots import BOTS
    from deckcli.text import spoken

    games = f"{plan.total:,} {'game' if plan.total == 1 else 'games'}"
    each = f"{plan.games:,} a matchup" + (", each deck" if len(plan.subjects) > 1 else "")
    bot = f"the {plan.bot} bot ({BOTS[plan.bot].summary})"
    if plan.solo:
        factions = spoken(dict.fromkeys(o.faction for o in plan.opponents))
        variant = "on" if plan.leader_variant else "off"
        played = (f"Gwent Solo against the automaton of {factions}, the Leader variant {variant}; {bot} plays the "
                  f"deck; {MEASURED_SOLO_RULES}")
    elif plan.bot == plan.opponent_bot or plan.opponent_bot is None:
        played = f"{bot} on both sides; {MEASURED_RULES}"
    else:
        played = f"{bot} against the {plan.opponent_bot} bot ({BOTS[plan.opponent_bot].summary}); {MEASURED_RULES}"
    if len(plan.subjects) > 1:
        intervals = ("; a change's interval is over the paired games: where a change is nil, about one row in "
                     "twenty is still beyond noise by chance")
    else:
        intervals = ", with its 95% Wilson interval (CI)"
    from deckcli.game.bots.ladder import standing

    place = standing(plan.bot)
    ladder = f" The {plan.bot} bot on the bots' ladder: {place}." if place else ""
    return (f"Measured: {games} ({each}, seed {plan.seed}), {played}. Win rate: (wins + draws/2) / "
            f"games{intervals}. These are bots' games: they measure the deck in the bots' hands, not in a "
            f"person's.{ladder}")


class SimulationReport:
    """One deck against its opponents (``deckcli simulate``): per matchup and overall, and per card of its main
    deck the games it was in the opening hand after the exchanges, with the win rates with and without it."""

    def __init__(self, plan: Plan, tally: Tally, check: tuple[Plan, Tally] | None = None) -> None:
        self.plan = plan
        self.tally = tally
        self.check = check
        """The same matchups played by another bot (``simulate --check-bot``), to tell a card's row that is about the
        bot from one about the deck."""

    def flips(self) -> list[tuple[float | None, bool]]:
        """Per card of the main deck (file order), with a check run: the win rate with it in the opening hand less
        without it under the check bot, and whether that difference has the other sign than under this run's bot
        (a card the two bots disagree on: its row says more about the bot than about the deck). Without a check
        run, ``(None, False)`` each."""
        if self.check is None:
            return [(None, False)] * len(self.plan.subjects[0].card_names())
        found = []
        checked = SimulationReport(*self.check).card_counts()
        for (_name, held, points, rest, rest_points), (_same, c_held, c_points, c_rest, c_rest_points) in zip(
                self.card_counts(), checked):
            here = _difference(held, points, rest, rest_points)
            there = _difference(c_held, c_points, c_rest, c_rest_points)
            found.append((there, here is not None and there is not None and here * there < 0))
        return found

    def matchups(self) -> list[dict[str, Any]]:
        return [{"opponent": _deck_record(opponent), **_counts_record(counts)}
                for opponent, counts in zip(self.plan.opponents, self.tally.counts[0])]

    def overall(self) -> dict[str, Any]:
        return _counts_record(self.tally.total(0))

    def card_counts(self) -> list[tuple[str, int, int, int, int]]:
        """Per card of the main deck (file order): its name, the games it was in the opening hand and the points
        scored in them (2 a win, 1 a draw), the games it was not and their points."""
        whole = self.tally.total(0)
        return [(name, whole.held[index], whole.held_points[index], whole.games - whole.held[index],
                 whole.points - whole.held_points[index])
                for index, name in enumerate(self.plan.subjects[0].card_names())]

    def cards(self) -> list[dict[str, Any]]:
        """Per card of the main deck (file order): ``games_in_hand``, ``win_rate_in_hand``, ``ci95_in_hand`` and the
        same ``_not_in_hand``."""
        records = []
        for (name, held, held_points, rest, rest_points), (there, flips) in zip(self.card_counts(), self.flips()):
            with_it, without = wilson(held_points, held), wilson(rest_points, rest)
            record: dict[str, Any] = {
                "card": name,
                "games_in_hand": held, "win_rate_in_hand": win_rate(held_points, held),
                "ci95_in_hand": list(with_it) if with_it else None,
                "games_not_in_hand": rest, "win_rate_not_in_hand": win_rate(rest_points, rest),
                "ci95_not_in_hand": list(without) if without else None,
            }
            if self.check is not None:
                record.update({"difference_under_check_bot": there, "sign_flips": flips})
            records.append(record)
        return records

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``simulate --format json`` (``schemas/output/simulate.schema.json``)."""
        plan = self.plan
        mode: dict[str, Any] = {"mode": "solo", "leader_variant": plan.leader_variant} if plan.solo else {
            "mode": "standard"}
        checked: dict[str, Any] = {} if self.check is None else {
            "check_bot": self.check[0].bot, "check_games_per_matchup": self.check[0].games}
        return {"deck": _deck_record(plan.subjects[0]), **mode, "bot": plan.bot, "opponent_bot": plan.opponent_bot,
                "games_per_matchup": plan.games, "seed": plan.seed, **checked, "matchups": self.matchups(),
                "overall": self.overall(), "cards": self.cards(), "measured": measured(plan)}

    def matchup_rows(self) -> list[dict[str, Any]]:
        """The matchups table as text shows it (games with thousands separators, win rates in per cent)."""
        rows = list(zip(opponent_labels(self.plan.opponents), self.tally.counts[0]))
        rows.append(("overall", self.tally.total(0)))
        return [{"opponent": label, "games": f"{c.games:,}", "wins": f"{c.wins:,}", "draws": f"{c.draws:,}",
                 "losses": f"{c.losses:,}", "rate": rate_text(c.points, c.games)} for label, c in rows]

    def render_text(self, width: int | None) -> str:
        """The matchups table, the cards table and the measured sentence, fitting ``width`` columns."""
        from deckcli.render.formats import render_rows
        from deckcli.render.layout import Layout

        prose = Layout(width=width)
        subject = self.plan.subjects[0]
        opponents = len(self.plan.opponents)
        against = (f"in Gwent Solo against {opponents} {'automaton' if opponents == 1 else 'automatons'}"
                   if self.plan.solo else f"against {opponents} {'deck' if opponents == 1 else 'decks'}")
        head = f"{subject.source}: {subject.label} ({subject.faction}, {subject.leader or 'no Leader'}) {against}"
        matchups = render_rows(self.matchup_rows(), "simple", MATCHUP_COLUMNS, width)
        games = self.tally.total(0).games
        flipped = {figures[0] for figures, (_there, flips) in zip(self.card_counts(), self.flips()) if flips}
        shown = [{"card": name + (" *" if name in flipped else ""), "held": percent(held / games) if games else "",
                  "with": rate_text(points, held), "without": rate_text(rest_points, rest)}
                 for name, held, points, rest, rest_points in sorted(self.card_counts(), key=_carrying, reverse=True)]
        title = ("Cards in the opening hand after the exchanges, over every matchup (the win rate with the card "
                 "there and without it, the largest difference first):")
        if self.check is not None:
            check = self.check[0]
            title += (f" * marks a card whose difference has the other sign when the {check.bot} bot plays the same "
                      f"matchups ({check.games:,} games a matchup, --check-bot): its row is about the bot, not the "
                      f"deck ({len(flipped)} of {len(self.card_counts())} cards).")
        blocks = [
            "\n".join(prose.wrap(head)),
            matchups,
            "\n".join(prose.wrap(title, continuation="")) + "\n" + render_rows(shown, "simple", CARD_COLUMNS, width),
            "\n".join(prose.wrap(measured(self.plan), continuation="")),
        ]
        return "\n\n".join(blocks)


MATCHUP_COLUMNS = {"opponent": "opponent", "games": "games", "wins": "won", "draws": "drew", "losses": "lost",
                   "rate": "win rate (95% CI)"}
CARD_COLUMNS = {"card": "card", "held": "in hand", "with": "win rate with", "without": "without"}


def _difference(held: int, points: int, rest: int, rest_points: int) -> float | None:
    """The win rate with a card in the opening hand less without it (``None`` when either has no game)."""
    with_it, without = win_rate(points, held), win_rate(rest_points, rest)
    return None if with_it is None or without is None else with_it - without


def _carrying(figures: tuple[str, int, int, int, int]) -> float:
    """How much more often the deck won with the card in the opening hand than without (a card never held, or
    always held, last)."""
    _name, held, points, rest, rest_points = figures
    if not held or not rest:
        return -2.0
    return points / (2 * held) - rest_points / (2 * rest)


class PairedRow(NamedTuple):
    """Two decks against one opponent (or over every matchup), paired game by game."""

    opponent: str
    old: Counts
    new: Counts
    difference: tuple[float, float, float] | None

    @property
    def beyond_noise(self) -> bool:
        """Whether the 95% interval of the difference leaves 0 out."""
        return self.difference is not None and (self.difference[1] > 0 or self.difference[2] < 0)


class PairedReport:
    """Two decks under test (``diff --simulate``: old, new) against the same opponents on the same seeds."""

    def __init__(self, plan: Plan, tally: Tally) -> None:
        self.plan = plan
        self.tally = tally

    def rows(self) -> list[PairedRow]:
        """One row per opponent, then the overall row (every pair of games of every matchup)."""
        rows = []
        total = squares = 0
        for matchup, label in enumerate(opponent_labels(self.plan.opponents)):
            paired = self.tally.paired[matchup]
            total, squares = total + paired[0], squares + paired[1]
            old, new = self.tally.counts[0][matchup], self.tally.counts[1][matchup]
            rows.append(PairedRow(label, old, new, paired_interval(paired[0], paired[1], old.games)))
        old, new = self.tally.total(0), self.tally.total(1)
        rows.append(PairedRow("overall", old, new, paired_interval(total, squares, old.games)))
        return rows

    def as_dict(self) -> dict[str, Any]:
        """The ``simulated`` part of ``diff --simulate --format json``."""
        plan = self.plan
        records = []
        for row in self.rows():
            difference = row.difference
            records.append({
                "opponent": row.opponent, "games": row.old.games, "old": _counts_record(row.old),
                "new": _counts_record(row.new),
                "difference": difference[0] if difference else None,
                "ci95_difference": [difference[1], difference[2]] if difference else None,
                "beyond_noise": row.beyond_noise,
            })
        return {"bot": plan.bot, "opponent_bot": plan.opponent_bot, "games_per_matchup": plan.games,
                "seed": plan.seed, "opponents": [_deck_record(o) for o in plan.opponents],
                "matchups": records[:-1], "overall": records[-1], "measured": measured(plan)}

    def render(self, fmt: str, width: int | None) -> str:
        """The paired table in a tabulate ``fmt`` under its title, then what was measured, fitting ``width``."""
        from deckcli.render.formats import render_rows
        from deckcli.render.layout import Layout

        prose = Layout(width=width)
        shown = []
        for row in self.rows():
            difference = row.difference
            change = "-" if difference is None else (
                f"{difference[0] * 100:+.1f} ({difference[1] * 100:+.1f}, {difference[2] * 100:+.1f})")
            shown.append({"opponent": row.opponent,
                          "old": percent(win_rate(row.old.points, row.old.games)),
                          "new": percent(win_rate(row.new.points, row.new.games)),
                          "change": change, "noise": "yes" if row.beyond_noise else "no"})
        title = ("Simulated: both decks against the same opponents, on the same seeds (paired games). The change is "
                 "new less old in points of win rate, with its 95% interval (CI); beyond noise when that interval "
                 "leaves 0 out:")
        return "\n\n".join([
            "\n".join(prose.wrap(title, continuation="")) + "\n" + render_rows(shown, fmt, PAIRED_COLUMNS, width),
            "\n".join(prose.wrap(measured(self.plan), continuation="")),
        ])


PAIRED_COLUMNS = {"opponent": "opponent", "old": "old", "new": "new", "change": "change (95% CI)",
                  "noise": "beyond noise"}
