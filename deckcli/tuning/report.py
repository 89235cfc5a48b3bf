"""What ``deckcli tune`` prints: the changes in order with their gains, the confirmation, what was measured, the
resulting deck's verdict; as text lines (fitting a width) and as one JSON record (``schemas/output/tune``).

Gains are in points of win rate (a win rate is ``(wins + draws/2) / games``, a fraction 0–1; JSON keeps fractions),
each with its 95% interval over paired games (:func:`deckcli.game.simulation.report.paired_interval`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.errors import EXIT_OK
from deckcli.text import counted

if TYPE_CHECKING:
    from deckcli.repair.plan import Change
    from deckcli.rules.judging import DeckReport
    from deckcli.tuning.search import Gain, Settings, TuneResult

VERDICTS = {
    "improvement": "an improvement: both bots measure a gain clear of 0 on the confirmation's fresh games",
    "worse": "worse: both bots measure a loss clear of 0 on the confirmation's fresh games",
    "disagree": "the bots disagree: one measures a gain, the other a loss, on the confirmation's fresh games",
    "uncertain": "within noise: a bot's 95% interval reaches 0 on the confirmation's games (raise --budget)",
    "unchanged": "no change was taken: the deck stays as it is",
    "unconfirmed": "not confirmed with the strong bot (the budget gives it no game: raise --budget)",
}
"""What each :attr:`TuneResult.verdict` means, in the words the text output prints."""
UNWRITTEN = {
    "worse": "worse (both bots measure a loss)",
    "disagree": "that the bots disagree",
    "uncertain": "within noise (a bot's interval reaches 0)",
    "unconfirmed": "not confirmed with the strong bot (a larger --budget plays it)",
    "unchanged": "no change",
    "improvement": "an improvement",
}
"""Each verdict as ``--apply`` words it when it writes nothing of the climb's."""


def points(gain: Gain | None) -> str:
    """``+6.4 (+3.0 to +9.8)``: a gain in points of win rate with its 95% interval (``-``: not measured)."""
    if gain is None:
        return "-"
    return f"{gain.mean * 100:+.1f} ({gain.low * 100:+.1f} to {gain.high * 100:+.1f})"


def clock(seconds: float) -> str:
    """``1:05``: minutes and seconds."""
    whole = int(round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass
class TuneReport:
    """A tune's result with what the command knows around it: the deck file, the rule set, the changes ``fix``
    made first (when the deck was not legal under the rule set), the final deck's ``verdict`` and its text."""

    deck: str
    rules: str
    result: TuneResult
    settings: Settings
    verdict: DeckReport
    repaired: list[Change] = field(default_factory=list)
    text: str = ""
    applied: bool = False
    not_applied: str = ""
    """With ``--apply``: why the climb's changes were not written (empty: they were, or none was asked for)."""

    @property
    def exit_code(self) -> int:
        return EXIT_OK

    def measured(self) -> str:
        """The sentence saying what was measured: bots, opponents, seed, budget, how games were paired."""
        from deckcli.game.simulation.report import opponent_labels

        settings, result = self.settings, self.result
        opponents = ", ".join(opponent_labels(settings.opponents))
        return (f"Measured: the {settings.bot} bot on both sides against {opponents}; seed {settings.seed}; a budget "
                f"of {result.budget:,} games for the climb (successive halving over the legal neighbours, then a "
                f"check of the survivor on fresh seeds), the confirmation on seeds the climb never used, with the "
                f"{settings.bot} bot and again with the {settings.strong_bot} bot playing the deck; games paired on the same seeds (the same "
                f"deals, coins and bots' seeds). Gains are points of win rate, (wins + draws/2) "
                f"/ games, with 95% intervals. These are bots' games: they measure the deck in the bots' hands.")

    def played(self) -> str:
        """``Played 9,950 games (…) in 1:05 on 2 processes``: the one line that depends on the machine; the
        processes are those the games ran on, fewer than ``--workers`` asked when the cores or the tasks allow no
        more."""
        settings, result = self.settings, self.result
        asked = (f" (--workers {settings.workers:,}: the cores and the tasks allow no more)"
                 if settings.workers > result.processes else "")
        where = f"the Dask cluster at {settings.cluster.address}" if settings.cluster is not None else (
            f"{counted(result.processes, 'process', 'processes')}{asked}")
        games = result.climb_games + result.confirm_games
        return (f"Played {games:,} games ({result.climb_games:,} climbing, {result.confirm_games:,} confirming) in "
                f"{clock(result.seconds)} on {where}.")

    def lines(self, width: int | None) -> list[str]:
        """The text output, each paragraph wrapped to ``width`` columns (``None``: unwrapped)."""
        from deckcli.render.layout import Layout
        from deckcli.render.verdicts import verdict_line

        layout = Layout(width=width)
        result = self.result
        out: list[str] = []
        if self.repaired:
            out += layout.wrap(f"{self.deck}: not legal under {self.rules}; the climb starts from the deck "
                               f"`deckcli fix --rules {self.rules}` makes of it:", continuation="  ")
            out += ["  " + change.line for change in self.repaired]
        if result.steps:
            out += layout.wrap("Changes, in order (gain in points of win rate on the check's fresh paired games, "
                               "95% CI):", continuation="  ")
            for number, step in enumerate(result.steps, 1):
                out += layout.wrap(f"  {number}. {step.move.words}: {points(step.gain)}, {step.gain.pairs:,} pairs; "
                                   f"{step.raced} of {step.legal} legal neighbours raced", indent="  ",
                                   continuation="   ")
        out += layout.wrap(f"Stopped: {result.stopped}.", continuation="  ")
        if result.confirmations:
            out.append("Confirmed on fresh seeds, the start against the result (paired):")
            for confirmation in result.confirmations:
                gain = confirmation.gain
                shown = "not played" if gain is None else (
                    f"{points(gain)}, {gain.old_rate:.1%} -> {gain.new_rate:.1%}, {gain.pairs:,} pairs")
                out += layout.wrap(f"  the {confirmation.bot} bot: {shown}", indent="  ", continuation="  ")
        out += layout.wrap(f"Result: {VERDICTS[result.verdict]}.", continuation="  ")
        out += layout.wrap(verdict_line(self.verdict), continuation="    ")
        out += layout.wrap(self.measured(), continuation="")
        out += layout.wrap(self.played(), continuation="")
        if self.applied or self.not_applied:
            out += layout.wrap(self.applied_line(), continuation="    ")
        return out

    def applied_line(self) -> str:
        """What ``--apply`` wrote, and why (only a confirmed improvement is written; else at most the changes
        ``fix`` made to make the deck legal)."""
        if not self.applied:
            return f"{self.deck}: not rewritten: {self.not_applied}"
        if self.result.verdict == "improvement":
            return f"wrote {self.deck}: the changes above, confirmed by both bots"
        if not self.result.steps:
            return f"wrote {self.deck}: the changes fix made to make it legal under {self.rules} (the climb took none)"
        return (f"wrote {self.deck}: only the changes fix made to make it legal under {self.rules}; the climb's "
                f"{'change is' if len(self.result.steps) == 1 else 'changes are'} not written ({self.not_applied})")

    def as_dict(self) -> dict[str, Any]:
        """The ``tune --format json`` record (``deckcli schema --output-of tune``)."""
        result, settings = self.result, self.settings

        def gain(found: Gain | None) -> dict[str, Any] | None:
            return None if found is None else found.as_dict()

        return {
            "deck": self.deck,
            "rules": self.rules,
            "repaired_first": [change.as_dict() for change in self.repaired],
            "changes": [{**step.move.as_dict(), "change": step.move.words, **step.gain.as_dict(),
                         "legal_neighbours": step.legal, "raced": step.raced, "games": step.games}
                        for step in result.steps],
            "stopped": result.stopped,
            "confirmation": [{"bot": c.bot, "games_per_matchup": c.games_per_matchup, "result": gain(c.gain)}
                             for c in result.confirmations],
            "result": result.verdict,
            "verdict": self.verdict.as_dict(),
            "games": {"climb": result.climb_games, "confirmation": result.confirm_games},
            "seconds": round(result.seconds, 3),
            "bot": settings.bot,
            "strong_bot": settings.strong_bot,
            "seed": settings.seed,
            "budget": result.budget,
            "opponents": [{"name": o.label, "file": o.source or None, "faction": o.faction} for o in settings.opponents],
            "measured": self.measured(),
            "applied": self.applied,
            "processes": None if settings.cluster is not None else result.processes,
        }
