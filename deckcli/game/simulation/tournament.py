"""The Tournament match (§15) measured by simulation: ``deckcli tournament --simulate`` (two lineups: the nine
pairings of their decks played, the match solved exactly) and ``deckcli tournament --choose`` (the legal
registrations from a player's decks ranked against a field of lineups).

The games are a :class:`~deckcli.game.simulation.runs.Plan` like ``simulate``'s: my decks the decks under test,
theirs the opponents, seats alternating game by game and who starts decided as the rulebook says, every game
seeded from the run's seed, the pairing and the game alone (the same counts whatever the workers). The match is
solved from the counted games by :mod:`deckcli.rules.match`; its interval is a parametric bootstrap over the
pairings' counts, seeded from the run's seed.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from deckcli.game.simulation.report import MEASURED_RULES, counts_record
from deckcli.game.simulation.runs import Entrant, Plan, derived_seed
from deckcli.render.match_plan import DRAWN_GAME, MatchReport
from deckcli.rules.match import BOOTSTRAP, MatchMatrix, bootstrap_interval, solve_match

if TYPE_CHECKING:
    from deckcli.game.simulation.runs import Counts, Tally
    from deckcli.rules.lineups import LineupReport

BOOTSTRAP_STREAM = 0x7E57
"""Mixed into the run's seed for the bootstrap's generator (apart from every game's seed)."""


def lineup_entrants(report: LineupReport) -> tuple[Entrant, ...]:
    """The decks of a legal lineup brought to the table, in lineup order, each named by its faction (a legal
    Tournament lineup has three factions, §15)."""
    from deckcli.game.simulation.matchups import file_entrant

    return tuple(file_entrant(deck.deck)._replace(label=deck.profile["faction_name"] if deck.profile else deck.deck)
                 for deck in report.decks)


def side(report: LineupReport, entrants: Sequence[Entrant]) -> dict[str, Any]:
    """A lineup as the match document names it: ``lineup`` (the registration file, or ``None``), ``player``,
    ``decks`` (``name``, ``file``, ``faction``)."""
    return {"lineup": report.registration, "player": report.player,
            "decks": [{"name": e.label, "file": e.source, "faction": e.faction} for e in entrants]}


def outcome(counts: Counts) -> tuple[int, int, int]:
    """A pairing's ``(wins, draws, losses)``."""
    return counts.wins, counts.draws, counts.losses


def counted_matrix(mine: Sequence[str], theirs: Sequence[str], counts: Sequence[Sequence[Counts]]) -> MatchMatrix:
    """The matrix of the counted games: ``counts[i][j]`` my deck ``i`` against their deck ``j``."""
    return MatchMatrix.of(mine, theirs, [[c.wins / c.games for c in row] for row in counts],
                          [[c.draws / c.games for c in row] for row in counts])


def bots_phrase(plan: Plan) -> str:
    """The bots of a run, as the measured sentence says them."""
    from deckcli.game.bots import BOTS

    bot = f"the {plan.bot} bot ({BOTS[plan.bot].summary})"
    if plan.opponent_bot in (None, plan.bot):
        return f"{bot} on both sides"
    return f"{bot} against the {plan.opponent_bot} bot ({BOTS[plan.opponent_bot].summary})"


def match_measured(plan: Plan, resamples: int, what: str) -> str:
    """The sentence saying what produced a simulated match's figures (``what``: which pairings were played)."""
    return (f"Measured: {plan.total:,} games ({plan.games:,} for each {what}, seed {plan.seed}), {bots_phrase(plan)}; "
            f"{MEASURED_RULES}. Game-win rate: (wins + draws/2) / games, with its 95% Wilson interval. The match is "
            f"solved exactly (§15) from wins / (wins + losses) of each pairing: {DRAWN_GAME}. Its 95% interval: "
            f"{resamples:,} parametric bootstrap resamples of every pairing's games (seed {plan.seed}). These are "
            "bots' games: they measure the decks in the bots' hands, not in a person's.")


def simulated_report(plan: Plan, tally: Tally, mine: LineupReport, theirs: LineupReport,
                     resamples: int = BOOTSTRAP) -> MatchReport:
    """The report of ``tournament MINE --vs THEIRS --simulate``: ``plan`` played my lineup's decks (the subjects)
    against theirs (the opponents), ``tally`` its counts."""
    names = [e.label for e in plan.subjects], [e.label for e in plan.opponents]
    matrix = counted_matrix(*names, tally.counts)
    decisive = matrix.decisive()
    cells = [{"mine": names[0][i], "theirs": names[1][j], **counts_record(counts), "decisive_win_rate": decisive[i][j]}
             for i, row in enumerate(tally.counts) for j, counts in enumerate(row)]
    low_high = bootstrap_interval([[outcome(c) for c in row] for row in tally.counts],
                                  derived_seed(plan.seed, BOOTSTRAP_STREAM), resamples)
    return MatchReport(
        mine=side(mine, plan.subjects), theirs=side(theirs, plan.opponents), solution=solve_match(matrix),
        cells=cells, ci95=low_high, measured=match_measured(plan, resamples, "pair of decks"),
        extra={"source": "simulate", "bot": plan.bot, "opponent_bot": plan.opponent_bot,
               "games_per_matchup": plan.games, "seed": plan.seed, "bootstrap_resamples": resamples},
    )


# choosing a registration -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """A legal registration of the player's decks: indices into the decks under test, in the order given."""

    decks: tuple[int, int, int]


@dataclass
class Ranking:
    """``tournament --choose``: each legal registration (``candidates``, best first) with its expected match-win
    rate against the field (the mean over the field's lineups, each as likely: ``rates``, 0–1) and its 95%
    interval (``intervals``); ``rejected`` the three-deck sets that are no legal lineup, with the codes they
    break; ``field`` the field's lineups (indices into the opponents)."""

    plan: Plan
    candidates: list[Candidate]
    rates: list[float]
    intervals: list[tuple[float, float]]
    field: list[tuple[int, int, int]]
    field_names: list[str]
    rejected: list[tuple[tuple[str, ...], list[str]]]
    resamples: int

    def best_files(self) -> tuple[str, ...]:
        """The deck files of the best registration."""
        return tuple(self.plan.subjects[i].source for i in self.candidates[0].decks)

    def rows(self) -> list[dict[str, Any]]:
        """One record per legal registration, best first: ``rank``, ``decks`` (files), ``factions``,
        ``match_win_rate``, ``ci95``."""
        subjects = self.plan.subjects
        return [{"rank": rank, "decks": [subjects[i].source for i in candidate.decks],
                 "factions": [subjects[i].faction for i in candidate.decks], "match_win_rate": rate,
                 "ci95": list(low_high)}
                for rank, (candidate, rate, low_high) in enumerate(zip(self.candidates, self.rates, self.intervals), 1)]

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``tournament --choose --format json``."""
        plan = self.plan
        return {"source": "choose", "bot": plan.bot, "opponent_bot": plan.opponent_bot,
                "games_per_matchup": plan.games, "seed": plan.seed, "bootstrap_resamples": self.resamples,
                "field": self.field_names, "registrations": self.rows(),
                "not_legal": [{"decks": list(decks), "codes": codes} for decks, codes in self.rejected],
                "measured": self.measured()}

    def measured(self) -> str:
        """What produced the figures."""
        return (f"Each registration's match-win rate is the mean over the field's {len(self.field)} lineups (each as "
                f"likely) of the match solved exactly. " + match_measured(self.plan, self.resamples, "pair of decks"))

    def render_text(self, width: int | None) -> str:
        """The ranking table, the registrations that are not legal, the field, what was measured."""
        from deckcli.render.formats import render_rows
        from deckcli.render.layout import Layout
        from deckcli.render.match_plan import percent_range

        prose = Layout(width=width)
        shown = [{"rank": str(row["rank"]), "factions": ", ".join(row["factions"]),
                  "decks": ", ".join(row["decks"]),
                  "rate": f"{row['match_win_rate']:.1%} ({percent_range(row['ci95'])})"} for row in self.rows()]
        title = (f"Legal registrations ranked by expected match-win rate (95% CI) against a field of "
                 f"{len(self.field)} lineups:")
        blocks = ["\n".join(prose.wrap(title, continuation="")) + "\n"
                  + render_rows(shown, "simple", CHOICE_COLUMNS, width)]
        if self.rejected:
            codes = ", ".join(dict.fromkeys(code for _decks, broken in self.rejected for code in broken))
            sets = f"{len(self.rejected)} {'set' if len(self.rejected) == 1 else 'sets'} of three decks"
            blocks.append("\n".join(prose.wrap(
                f"Not ranked: {sets} that make no legal Tournament lineup ({codes}); deckcli tournament A.toml "
                "B.toml C.toml says why.", continuation="")))
        blocks.append("\n".join(prose.wrap("Field: " + "; ".join(self.field_names), continuation="  ")))
        blocks.append("\n".join(prose.wrap(self.measured(), continuation="")))
        return "\n\n".join(blocks)


CHOICE_COLUMNS = {"rank": "rank", "factions": "factions", "decks": "decks", "rate": "match win (95% CI)"}


def legal_triples(paths: Sequence[str]) -> tuple[list[tuple[int, int, int]], list[tuple[tuple[str, ...], list[str]]]]:
    """The sets of three of ``paths`` (deck files, in the order given) that make a legal Tournament lineup, judged
    by the lineup rules (:mod:`deckcli.rules.lineups`: three Advanced-legal decks of three factions, no Hero in two),
    and the others with the codes they break. Raises :class:`deckcli.errors.DeckFileError` (exit 2) for a deck file
    that cannot be read."""
    from deckcli.rules.lineups import judge_lineup, lineup_rules

    rules = lineup_rules("tournament")
    legal: list[tuple[int, int, int]] = []
    rejected: list[tuple[tuple[str, ...], list[str]]] = []
    for triple in itertools.combinations(range(len(paths)), 3):
        report = judge_lineup([paths[i] for i in triple], rules)
        unread = next((deck.error for deck in report.decks if deck.error is not None), None)
        if unread is not None:
            raise unread
        if report.legal:
            legal.append((triple[0], triple[1], triple[2]))
        else:
            rejected.append((tuple(paths[i] for i in triple), list(dict.fromkeys(f.code for f in report.violations))))
    return legal, rejected


def rank_registrations(plan: Plan, tally: Tally, candidates: Sequence[tuple[int, int, int]],
                       field: Sequence[tuple[int, int, int]], field_names: list[str],
                       rejected: list[tuple[tuple[str, ...], list[str]]], resamples: int = BOOTSTRAP) -> Ranking:
    """Rank ``candidates`` (triples of subjects of ``plan``) against ``field`` (triples of its opponents) from the
    counted games: each pairing was played once and serves every registration and lineup holding it. The
    intervals resample every pairing once per resample, shared by all registrations."""
    import numpy as np

    from deckcli.rules.match import interval, match_win_samples, resampled_pairings

    rng = np.random.default_rng(derived_seed(plan.seed, BOOTSTRAP_STREAM))
    resampled = [[resampled_pairings(outcome(c), rng, resamples) for c in row] for row in tally.counts]
    labels = [e.label for e in plan.subjects], [e.label for e in plan.opponents]
    rates, intervals = [], []
    for candidate in candidates:
        point, samples = 0.0, np.zeros(resamples)
        for lineup in field:
            counts = [[tally.counts[i][j] for j in lineup] for i in candidate]
            matrix = counted_matrix([labels[0][i] for i in candidate], [labels[1][j] for j in lineup], counts)
            point += solve_match(matrix).match_win_rate
            samples = samples + match_win_samples([[resampled[i][j] for j in lineup] for i in candidate])
        rates.append(point / len(field))
        intervals.append(interval(samples / len(field)))
    order = sorted(range(len(candidates)), key=lambda k: -rates[k])
    return Ranking(plan, [Candidate(candidates[k]) for k in order], [rates[k] for k in order],
                   [intervals[k] for k in order], list(field), field_names, rejected, resamples)


def choose_plan(decks: Sequence[str], field: Sequence[Sequence[str]], games: int, seed: int, bot: str,
                opponent_bot: str) -> tuple[Plan, list[tuple[int, int, int]], list[tuple[int, int, int]],
                                            list[tuple[tuple[str, ...], list[str]]]]:
    """What ``tournament --choose`` plays: every deck of a legal registration of ``decks`` against every deck of
    the ``field``'s lineups (deck files; a file in two lineups is played once). Returns the plan, the legal
    registrations and the field's lineups (as triples of its subjects and opponents) and the rejected sets.

    Raises :class:`deckcli.errors.DeckcliError` (exit 2) when no three of ``decks`` make a legal lineup.
    """
    from deckcli.errors import DeckcliError
    from deckcli.game.simulation.matchups import file_entrant
    from deckcli.files.reading import file_identity

    legal, rejected = legal_triples(decks)
    if not legal:
        raise DeckcliError(f"no three of the {len(decks)} decks make a legal Tournament lineup: "
                           "deckcli tournament A.toml B.toml C.toml shows why")
    used = sorted({i for triple in legal for i in triple})
    subjects = tuple(file_entrant(decks[i]) for i in used)
    position = {deck: index for index, deck in enumerate(used)}
    seen: dict[object, int] = {}
    opponents: list[Entrant] = []
    lineups = []
    for lineup in field:
        indices = []
        for path in lineup:
            key = file_identity(path) or path
            if key not in seen:
                seen[key] = len(opponents)
                opponents.append(file_entrant(path))
            indices.append(seen[key])
        lineups.append((indices[0], indices[1], indices[2]))
    plan = Plan(subjects, tuple(opponents), games, seed, bot, opponent_bot)
    return plan, [(position[a], position[b], position[c]) for a, b, c in legal], lineups, rejected


def shipped_field() -> tuple[list[tuple[str, ...]], list[str]]:
    """The default field of ``--choose``: every legal Tournament lineup of the Advanced decks the package ships
    (``deckcli/decks/*-advanced.toml``), as deck files and names."""
    import os
    from importlib import resources

    paths = sorted(str(entry) for entry in resources.files("deckcli.decks").iterdir()
                   if entry.name.endswith("-advanced.toml"))
    legal, _rejected = legal_triples(paths)
    lineups = [tuple(paths[i] for i in triple) for triple in legal]
    return lineups, [" + ".join(os.path.basename(p).removesuffix("-advanced.toml") for p in lineup)
                     for lineup in lineups]

