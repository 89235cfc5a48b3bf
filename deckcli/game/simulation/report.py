"""What a simulated run found, as records, text and JSON (``deckcli simulate``; the matchups of ``sheet
--simulate``; the paired comparison of ``diff --simulate``).

A win rate is ``(wins + draws / 2) / games`` (a fraction 0–1), with its 95% Wilson score interval over those
games. Two decks played on the same seeds against the same opponents are compared game by game: the difference
of their points in each pair of games, its mean and a normal 95% interval of that mean; a difference is beyond
noise when that interval leaves 0 out. The statistics are :mod:`deckcli.game.simulation.statistics`'.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.game.simulation.statistics import (
    average, difference_p_value, holm, paired_interval, percent, proportion, rate_text, wilson, win_rate,
)
from deckcli.text import printable

if TYPE_CHECKING:
    from collections.abc import Sequence

    from deckcli.game.simulation.runs import Counts, Entrant, Plan, Tally

MEASURED_RULES = ("seats alternate game by game; who starts is decided as the rulebook says (a coin, or "
                  "the choice of a Scoia'tael player, §3, §6)")
MEASURED_SOLO_RULES = ("the automaton plays by its own rules and starts every round, but a Scoia'tael player "
                       "starts the first and each after winning one (§18–20)")


def _mode(plan: Plan) -> dict[str, Any]:
    """``mode`` (``standard``, or ``solo`` with ``leader_variant``) of a run's JSON."""
    return {"mode": "solo", "leader_variant": plan.leader_variant} if plan.solo else {"mode": "standard"}


def _deck_record(entrant: Entrant) -> dict[str, Any]:
    """A deck as JSON shows it: ``file`` the path it was read from as given, ``null`` for a starter deck named by
    its faction (``--vs FACTION``, ``starters``: deckcli's own copy, whose path means nothing where the document is
    read; ``faction`` says which) and for Gwent Solo's automaton."""
    return {"file": None if entrant.starter else entrant.source or None, "name": entrant.label, "faction": entrant.faction,
            "leader": entrant.leader}


def _counts_record(counts: Counts) -> dict[str, Any]:
    interval = wilson(counts.points, counts.games)
    return {"games": counts.games, "wins": counts.wins, "draws": counts.draws, "losses": counts.losses,
            "win_rate": win_rate(counts.points, counts.games), "ci95": list(interval) if interval else None}


counts_record = _counts_record
"""A pairing's counts as JSON: ``games``, ``wins``, ``draws``, ``losses``, ``win_rate`` and its ``ci95`` (``tournament
--simulate``'s matrix cells, as ``simulate``'s matchups)."""


def story_record(counts: Counts, hands: bool = True) -> dict[str, Any]:
    """How a matchup's games went (``story`` of ``simulate --format json``): round 1 won, the game won after
    losing round 1, the card advantage entering the deciding round (the last played; ``None`` without ``hands``,
    in Gwent Solo, where the automaton holds no hand), the deciding round's mean margin of won and of lost games
    (Strength, the deck's total less the opponent's), and how the lost games were lost, each a rate of the lost
    games (not exclusive: a game may be lost every way at once)."""
    told = counts.told
    lost = counts.losses
    return {
        "won_round_1": proportion(told("won_round_1"), counts.games),
        "won_after_losing_round_1": proportion(told("won_after_losing_round_1"), told("lost_round_1")),
        "card_advantage": average(told("advantage"), told("advantage_squares"), told("advantage_games"))
        if hands else None,
        "margin_won": average(told("won_margin"), told("won_margin_squares"), counts.wins),
        "margin_lost": average(told("lost_margin"), told("lost_margin_squares"), lost),
        "lost": {"fewer_cards": proportion(told("lost_fewer_cards"), lost) if hands else None,
                 "scorch": proportion(told("lost_to_scorch"), lost),
                 "weather": proportion(told("lost_to_weather"), lost),
                 "tie_against_nilfgaard": proportion(told("lost_on_a_tie"), lost)},
    }


def opponent_labels(opponents: Sequence[Entrant]) -> list[str]:
    """Each opponent as a table names it: its deck's name; where two opponents share a name, each one's file too
    (``deckcli's own`` for a starter deck named by its faction), and a deck file met more than once numbered from its second matchup (``Monsters starter (2)``)."""
    # a deck's name is the player's text: a line break in it would split its row of the table in two (the other
    # control characters are escaped where the output is written, line breaks kept for the layout)
    names = Counter(opponent.label for opponent in opponents)
    files = Counter((opponent.label, opponent.source) for opponent in opponents)
    met: Counter[tuple[str, str]] = Counter()
    labels = []
    for opponent in opponents:
        deck = (opponent.label, opponent.source)
        where = "deckcli's own" if opponent.starter else opponent.source
        label = f"{opponent.label} ({where})" if files[deck] < names[opponent.label] else opponent.label
        met[deck] += 1
        labels.append(printable(label if met[deck] == 1 else f"{label} ({met[deck]})", None))
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


class CardRow(NamedTuple):
    """One card of the main deck over every matchup: the games it was in the opening hand after the exchanges and
    the points scored in them (2 a win, 1 a draw), the games it was not and theirs; the ``difference`` of the win
    rates (with less without, a fraction; ``None`` when either has no game), its two-sided ``p_value`` and whether
    it stays ``beyond_noise`` after Holm's correction for the number of rows
    (:func:`deckcli.game.simulation.statistics.holm`)."""

    card: str
    held: int
    held_points: int
    rest: int
    rest_points: int
    difference: float | None
    p_value: float | None
    beyond_noise: bool


CAVEAT = ("An observation of opening hands, not an experiment: a card in a hand the bot kept comes with the rest of "
          "that hand, and the bot exchanged away what it judged weak. To measure a change of the deck, play both "
          "decks on the same seeds: deckcli diff OLD NEW --simulate.")
NOISE_NOTE = ("* beyond noise: the difference stays beyond chance after Holm's correction for the number of rows (at "
              "most a 5% chance that any marked row is noise).")


class SimulationReport:
    """One deck against its opponents (``deckcli simulate``): per matchup and overall, how the games went, and per
    card of its main deck the games it was in the opening hand after the exchanges, with the win rates with and
    without it."""

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
        for here, there in zip(self.card_rows(), SimulationReport(*self.check).card_rows()):
            flips = here.difference is not None and there.difference is not None and here.difference * there.difference < 0
            found.append((there.difference, flips))
        return found

    def matchups(self) -> list[dict[str, Any]]:
        hands = not self.plan.solo
        return [{"opponent": _deck_record(opponent), **_counts_record(counts), "story": story_record(counts, hands)}
                for opponent, counts in zip(self.plan.opponents, self.tally.counts[0])]

    def overall(self) -> dict[str, Any]:
        whole = self.tally.total(0)
        return {**_counts_record(whole), "story": story_record(whole, not self.plan.solo)}

    def card_rows(self) -> list[CardRow]:
        """Per card of the main deck, in the file's order (:class:`CardRow`)."""
        whole = self.tally.total(0)
        counted = [(name, whole.held[index], whole.held_points[index], whole.games - whole.held[index],
                    whole.points - whole.held_points[index])
                   for index, name in enumerate(self.plan.subjects[0].card_names())]
        p_values = [difference_p_value(held_points, held, rest_points, rest)
                    for _name, held, held_points, rest, rest_points in counted]
        marks = holm(p_values)
        return [CardRow(*figures, _difference(*figures[1:]), p, mark)
                for figures, p, mark in zip(counted, p_values, marks)]

    def cards(self) -> list[dict[str, Any]]:
        """Per card of the main deck (file order): ``games_in_hand``, ``win_rate_in_hand``, ``ci95_in_hand``, the
        same ``_not_in_hand``, the ``difference`` (with less without), its ``p_value`` and ``beyond_noise`` (Holm)."""
        records = []
        for row, (there, flips) in zip(self.card_rows(), self.flips()):
            with_it, without = wilson(row.held_points, row.held), wilson(row.rest_points, row.rest)
            record: dict[str, Any] = {
                "card": row.card,
                "games_in_hand": row.held, "win_rate_in_hand": win_rate(row.held_points, row.held),
                "ci95_in_hand": list(with_it) if with_it else None,
                "games_not_in_hand": row.rest, "win_rate_not_in_hand": win_rate(row.rest_points, row.rest),
                "ci95_not_in_hand": list(without) if without else None,
                "difference": row.difference, "p_value": row.p_value, "beyond_noise": row.beyond_noise,
            }
            if self.check is not None:
                record.update({"difference_under_check_bot": there, "sign_flips": flips})
            records.append(record)
        return records

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``simulate --format json`` (``schemas/output/simulate.schema.json``)."""
        plan = self.plan
        checked: dict[str, Any] = {} if self.check is None else {
            "check_bot": self.check[0].bot, "check_games_per_matchup": self.check[0].games}
        return {"deck": _deck_record(plan.subjects[0]), **_mode(plan), "bot": plan.bot, "opponent_bot": plan.opponent_bot,
                "games_per_matchup": plan.games, "seed": plan.seed, **checked, "matchups": self.matchups(),
                "overall": self.overall(), "cards": self.cards(), "caveat": CAVEAT, "measured": measured(plan)}

    def _labelled(self) -> list[tuple[str, Counts]]:
        rows = list(zip(opponent_labels(self.plan.opponents), self.tally.counts[0]))
        rows.append(("overall", self.tally.total(0)))
        return rows

    def matchup_rows(self) -> list[dict[str, Any]]:
        """The matchups table as text shows it (games with thousands separators, win rates in per cent)."""
        return [{"opponent": label, "games": f"{c.games:,}", "wins": f"{c.wins:,}", "draws": f"{c.draws:,}",
                 "losses": f"{c.losses:,}", "rate": rate_text(c.points, c.games)} for label, c in self._labelled()]

    def story_rows(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The two tables of the story as text shows them: how the games went, and how the lost ones were lost."""
        hands = not self.plan.solo
        went, lost = [], []
        for label, counts in self._labelled():
            story = story_record(counts, hands)
            went.append({"opponent": label, "round_1": _rate_cell(story["won_round_1"]),
                         "comeback": _rate_cell(story["won_after_losing_round_1"]),
                         "cards": _mean_cell(story["card_advantage"], 1), "won": _mean_cell(story["margin_won"], 1),
                         "lost": _mean_cell(story["margin_lost"], 1)})
            ways = story["lost"]
            lost.append({"opponent": label, "games": f"{counts.losses:,}", "fewer": _rate_cell(ways["fewer_cards"]),
                         "scorch": _rate_cell(ways["scorch"]), "weather": _rate_cell(ways["weather"]),
                         "tie": _rate_cell(ways["tie_against_nilfgaard"])})
        return went, lost

    def render_text(self, width: int | None) -> str:
        """The matchups table, the story's two tables, the cards table (the largest difference first, either way)
        with its marks and caveat, and the measured sentence, fitting ``width`` columns."""
        from deckcli.render.formats import render_rows
        from deckcli.render.layout import Layout

        prose = Layout(width=width)

        def paragraph(text: str) -> str:
            return "\n".join(prose.wrap(text, continuation=""))

        subject = self.plan.subjects[0]
        opponents = len(self.plan.opponents)
        against = (f"in Gwent Solo against {opponents} {'automaton' if opponents == 1 else 'automatons'}"
                   if self.plan.solo else f"against {opponents} {'deck' if opponents == 1 else 'decks'}")
        head = f"{subject.source}: {printable(subject.label, None)} ({subject.faction}, {subject.leader or 'no Leader'}) {against}"
        matchups = render_rows(self.matchup_rows(), "simple", MATCHUP_COLUMNS, width)
        went, lost = self.story_rows()
        went_title = ("How the games went (95% CI): round 1 won; the game won after losing round 1; cards in hand "
                      "more than the opponent entering the deciding round (the last played); the mean margin of "
                      "that round's Strength in won and in lost games:")
        if self.plan.solo:
            went_title += " (no card count in Gwent Solo: the automaton holds no hand)"
        lost_title = ("How the lost games were lost, as shares of them (95% CI; a game may count under several): "
                      "entering the deciding round with fewer cards, a Scorch discarding the deck's units in it, "
                      "the opponent's Weather Card in it, a tie in it that Nilfgaard won (§3):")
        games = self.tally.total(0).games
        flipped = {row.card for row, (_there, flips) in zip(self.card_rows(), self.flips()) if flips}
        rows = sorted(self.card_rows(), key=_carrying, reverse=True)
        shown = [{"card": row.card + (" *" if row.beyond_noise else "") + (" ~" if row.card in flipped else ""),
                  "held": percent(row.held / games) if games else "",
                  "with": rate_text(row.held_points, row.held), "without": rate_text(row.rest_points, row.rest),
                  "change": "-" if row.difference is None else f"{row.difference * 100:+.1f} pts"}
                 for row in rows]
        title = ("Cards in the opening hand after the exchanges, over every matchup: the win rate with the card there "
                 "and without it, and the change (with less without) in points of win rate, the largest change first, "
                 "either way:")
        if self.check is not None:
            check = self.check[0]
            title += (f" ~ marks a card whose change has the other sign when the {check.bot} bot plays the same "
                      f"matchups ({check.games:,} games a matchup, --check-bot): its row is about the bot, not the "
                      f"deck ({len(flipped)} of {len(rows)} cards).")
        blocks = [
            "\n".join(prose.wrap(head)),
            matchups,
            paragraph(went_title) + "\n" + render_rows(went, "simple", STORY_COLUMNS, width),
            paragraph(lost_title) + "\n" + render_rows(lost, "simple", LOST_COLUMNS, width),
            paragraph(title) + "\n" + render_rows(shown, "simple", CARD_COLUMNS, width) + "\n" + paragraph(NOISE_NOTE)
            + "\n" + paragraph(CAVEAT),
            paragraph(measured(self.plan)),
        ]
        return "\n\n".join(blocks)


MATCHUP_COLUMNS = {"opponent": "opponent", "games": "games", "wins": "won", "draws": "drew", "losses": "lost",
                   "rate": "win rate (95% CI)"}
STORY_COLUMNS = {"opponent": "opponent", "round_1": "won round 1", "comeback": "won after losing it",
                 "cards": "cards ahead", "won": "margin won", "lost": "margin lost"}
LOST_COLUMNS = {"opponent": "opponent", "games": "lost", "fewer": "fewer cards", "scorch": "Scorch",
                "weather": "Weather", "tie": "Nilfgaard tie"}
CARD_COLUMNS = {"card": "card", "held": "in hand", "with": "win rate with", "without": "without", "change": "change"}


def _rate_cell(record: dict[str, Any] | None) -> str:
    """``62% (52–71)``: a rate of :func:`proportion` in whole per cent with its interval; ``-`` of no game."""
    if record is None or record["rate"] is None:
        return "-"
    low, high = record["ci95"]
    return f"{record['rate']:.0%} ({low * 100:.0f}–{high * 100:.0f})"


def _mean_cell(record: dict[str, Any] | None, digits: int) -> str:
    """``+0.8 ±0.2``: a mean of :func:`average` with the half-width of its interval; ``-`` with fewer than 2."""
    if record is None or record["mean"] is None:
        return "-"
    low, high = record["ci95"]
    return f"{record['mean']:+.{digits}f} ±{(high - low) / 2:.{digits}f}"


def _difference(held: int, held_points: int, rest: int, rest_points: int) -> float | None:
    return held_points / (2 * held) - rest_points / (2 * rest) if held and rest else None


def _carrying(row: CardRow) -> float:
    """How far the win rate with the card in the opening hand is from the rate without, either way (a card never
    held, or always held, last)."""
    return -1.0 if row.difference is None else abs(row.difference)


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
        return {**_mode(plan), "bot": plan.bot, "opponent_bot": plan.opponent_bot, "games_per_matchup": plan.games,
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
