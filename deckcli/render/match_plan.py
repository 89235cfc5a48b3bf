"""The solved Tournament match (§15) as text and JSON (``deckcli tournament --simulate``, ``--matrix``): the
matrix of game-win rates, the match-win probability and the plan."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckcli.rules.match import MatchSolution

DRAWN_GAME = "a drawn game is replayed with the same two decks (docs/tournament.md, \"A drawn game\")"


def percent_range(interval: tuple[float, float] | list[float] | None) -> str:
    """``45.5–51.7``: a 95% interval of fractions 0–1 in per cent (``""``: none)."""
    return "" if interval is None else f"{interval[0] * 100:.1f}–{interval[1] * 100:.1f}"


@dataclass
class MatchReport:
    """One solved match: each side's lineup (``mine``, ``theirs``: ``lineup`` file or ``None``, ``player``,
    ``decks``: one ``{"name", "file", "faction"}`` each, names as the plan uses them), the ``solution``, the
    nine ``cells`` (row by row, mine down: ``games``, ``wins``, ``draws``, ``losses`` — ``None`` when the
    rates were given — ``win_rate`` (wins + draws/2, 0–1), ``ci95``, ``decisive_win_rate``), the match-win
    rate's ``ci95`` (``None``: given rates carry no uncertainty), ``measured`` (what produced the figures) and
    ``extra`` members of the JSON document (``source``, the bots, the seed…)."""

    mine: dict[str, Any]
    theirs: dict[str, Any]
    solution: MatchSolution
    cells: list[dict[str, Any]]
    ci95: tuple[float, float] | None
    measured: str
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``tournament --simulate/--matrix --format json`` (``schemas/output/tournament.schema.json``)."""
        solution = self.solution
        return {**self.extra, "mine": self.mine, "theirs": self.theirs, "matrix": self.cells,
                "match_win_rate": solution.match_win_rate, "ci95": list(self.ci95) if self.ci95 else None,
                "match_win_rate_selecting_first": solution.me_first,
                "match_win_rate_selecting_second": solution.them_first,
                "draws": "replayed", "plan": [decision.as_dict() for decision in solution.plan],
                "measured": self.measured}

    def render_text(self, width: int | None) -> str:
        """The matrix, the match-win probability and the plan, then what produced them, fitting ``width``."""
        from deckcli.render.formats import render_rows
        from deckcli.render.layout import Layout

        prose = Layout(width=width)

        def wrapped(text: str) -> str:
            return "\n".join(prose.wrap(text, continuation=""))

        solution = self.solution
        matrix = solution.matrix
        rows = []
        for index, name in enumerate(matrix.mine):
            row = {"mine": name}
            for column, theirs in enumerate(matrix.theirs):
                cell = self.cells[index * len(matrix.theirs) + column]
                interval = percent_range(cell["ci95"])
                row[f"c{column}"] = f"{cell['win_rate']:.1%}" + (f" ({interval})" if interval else "")
            rows.append(row)
        headers = {"mine": "you \\ them", **{f"c{column}": name for column, name in enumerate(matrix.theirs)}}
        interval = f" (95% CI {percent_range(self.ci95)})" if self.ci95 else ""
        what = "each with its 95% interval" if self.ci95 else "as given"
        match = (f"Match-win probability: {solution.match_win_rate:.1%}{interval}: {solution.me_first:.1%} when you "
                 f"select first in game one (lead with {solution.lead.my_deck}), {solution.them_first:.1%} when they do (a coin "
                 "decides, §15).")
        plan_title = ("Plan, both players choosing their best at every decision (§15: the coin, then the previous "
                      "winner chooses first; a deck that has won is retired). In parentheses: their best answer when "
                      "you choose first. In games two and three, playing the deck you lost the last game with is "
                      "keeping it, any other deck switching. match: your match-win probability from there.")
        plan_rows = [{"game": str(d.game), "mine": ", ".join(d.my_won) or "-", "theirs": ", ".join(d.their_won) or "-",
                      "they": f"({d.their_deck})" if d.first == "me" else d.their_deck, "you": d.my_deck,
                      "match": f"{d.value:.1%}"} for d in solution.plan]
        blocks = [
            wrapped(f"{_side(self.mine)} against {_side(self.theirs)}: the Tournament match (§15)"),
            wrapped(f"Game-win rates of your decks (rows) against theirs, {what}:") + "\n"
            + render_rows(rows, "simple", headers, width),
            wrapped(match),
            wrapped(plan_title) + "\n" + render_rows(plan_rows, "simple", PLAN_COLUMNS, width),
            wrapped(self.measured),
        ]
        return "\n\n".join(blocks)


PLAN_COLUMNS = {"game": "game", "mine": "you won with", "theirs": "they won with", "they": "they play",
                "you": "you play", "match": "match"}


def _side(side: dict[str, Any]) -> str:
    player, lineup = side.get("player"), side.get("lineup")
    if player and lineup:
        return f"{player} ({lineup})"
    return str(player or lineup or ", ".join(deck["name"] for deck in side["decks"]))


def given_cell(win: float, draw: float, decisive: float) -> dict[str, Any]:
    """A cell of the matrix from rates a player gives: no games counted, no interval."""
    return {"games": None, "wins": None, "draws": None, "losses": None, "win_rate": win + draw / 2, "ci95": None,
            "decisive_win_rate": decisive}


def given_report(solution: MatchSolution, where: str) -> MatchReport:
    """The report of ``tournament --matrix FILE``: the rates the file at ``where`` gives, solved."""
    matrix = solution.matrix
    decisive = matrix.decisive()
    cells = [{"mine": mine, "theirs": theirs, **given_cell(matrix.win[i][j], matrix.draw[i][j], decisive[i][j])}
             for i, mine in enumerate(matrix.mine) for j, theirs in enumerate(matrix.theirs)]
    return MatchReport(
        mine={"lineup": None, "player": None, "decks": [{"name": n, "file": None, "faction": None} for n in matrix.mine]},
        theirs={"lineup": None, "player": None,
                "decks": [{"name": n, "file": None, "faction": None} for n in matrix.theirs]},
        solution=solution, cells=cells, ci95=None,
        measured=(f"From the game-win rates in {where}, solved exactly (§15); {DRAWN_GAME}. Rates given by hand "
                  "carry no interval."),
        extra={"source": "matrix", "matrix_file": where},
    )
