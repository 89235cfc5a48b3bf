"""What is measured of the bots against each other (issue 27): each bot's place on the ladder, and how far the
ranking of decks by one bot agrees with the ranking by another. ``simulate``'s "Measured:" sentence says it, so that
a table is read for what it is: a deck in these bots' hands.

The figures come from ``benchmarks/bots.py`` and ``benchmarks/ladder.py`` (docs/benchmarks.md has the runs); they are written here by hand when a
run changes them, not computed at run time.
"""

from __future__ import annotations

_STRONG = ("a search at every decision: it wins {strong_vs_heuristic} of games against the heuristic bot's fixed "
           "table and {strong_vs_classic} against the tree search it replaced")
STANDING = {
    "random": "the floor of the ladder: the heuristic bot wins {heuristic_vs_random} of games against it",
    "heuristic": ("the default, fast; the search bot wins {search_vs_heuristic} of games against it, and the ten "
                  "shipped decks ranked by win rate against the five starters under the two bots agree with "
                  "Spearman's rho {spearman}"),
    "search": ("above the heuristic bot, whose games it wins {search_vs_heuristic}; the ten shipped decks ranked by "
               "win rate against the five starters under the two bots agree with Spearman's rho {spearman}"),
    "ismcts-classic": ("information-set Monte Carlo tree search, the strong bot's predecessor: level with the search "
                       "bot ({ismcts_vs_search} of games against it) and above the heuristic bot "
                       "({ismcts_vs_heuristic}); Elo {ismcts_elo} on the ladder where the heuristic bot is 1000"),
    "strong": _STRONG,
    "ismcts": _STRONG,
}
"""Each bot's place on the ladder, by name (a bot not listed has none measured yet)."""
MEASURED = {"heuristic_vs_random": "94% (92–95)", "search_vs_heuristic": "79% (70–86)", "spearman": "0.78 (75 games a deck under the search bot: a rough figure)",
            "ismcts_vs_search": "50% (45–55)", "ismcts_vs_heuristic": "61% (56–66)", "ismcts_elo": "1066 (1035–1097)",
            "strong_vs_heuristic": "65% (58–72, 172 games)", "strong_vs_classic": "62% (50–72, 74 games)"}
"""The figures of :data:`STANDING`, from benchmarks/bots.py (docs/benchmarks.md, "The bots' play")."""


def standing(bot: str) -> str | None:
    """The sentence of bot ``bot``'s place on the ladder (``None``: none measured)."""
    found = STANDING.get(bot)
    return found.format(**MEASURED) if found is not None else None
