"""Fit the strong bot's value of a round's start (:mod:`deckcli.game.bots.round_value`) from games between two
heuristic bots, and write it to ``deckcli/game/bots/round-value.json``.

Run from a clone, in the venv where deckcli is installed:

    python tools/fit_round_value.py                  # 20,000 games, about a minute on one core
    python tools/fit_round_value.py --games 2000 --check   # refit on fewer games and compare, writing nothing

The games: each of the ten shipped decks (decks/*.toml but the registration) against each of the five starter
decks, seats alternating, and the five starter mirrors, every game seeded (``--seed``). At the first turn of every
round after the first, each player's features (:data:`deckcli.game.bots.round_value.FEATURES`) are noted with the
game's result for that player (1 a win, ½ a draw, 0 a loss). Two logistic regressions are fitted by Newton's method
(iteratively reweighted least squares, a small ridge on the weights): one for a player with two gems against one
(with an intercept) and one for one gem each (none: the model is the same from either seat). Each sample is
counted once, from the seat of the player with more gems (one gem each: both seats, each weighted ½).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "deckcli" / "game" / "bots" / "round-value.json"
FACTIONS = ("monsters", "nilfgaard", "northern-realms", "scoiatael", "skellige")
RIDGE = 1.0


def samples(games: int, seed: int) -> tuple[list[tuple[list[float], float, float]], list[tuple[list[float], float, float]]]:
    """``(ahead, level)``: the samples ``(features, result, weight)`` of :data:`games` heuristic games."""
    from deckcli.game.agents import Agents, start_game, step
    from deckcli.game.bots.heuristic_bot import HeuristicBot
    from deckcli.game.bots.round_value import features
    from deckcli.game.cards import deck_from_resolved
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.rounds import legal_actions, new_game, returns
    from deckcli.game.simulation.matchups import starter_entrant
    from deckcli.game.simulation.runs import derived_seed
    from deckcli.rules.judging import read_resolved_deck

    catalog = default_catalog()
    shipped = [deck_from_resolved(read_resolved_deck(str(p)), catalog)
               for p in sorted((REPO / "decks").glob("*.toml")) if p.name != "tournament-registration.toml"]
    starters = [starter_entrant(slug).deck for slug in FACTIONS]
    pairs = [(a, b) for a in shipped for b in starters] + [(s, s) for s in starters]
    ahead: list[tuple[list[float], float, float]] = []
    level: list[tuple[list[float], float, float]] = []
    for index in range(games):
        first, second = pairs[index % len(pairs)]
        if index // len(pairs) % 2:
            first, second = second, first
        game_seed = derived_seed(seed, index)
        game = new_game((first, second), game_seed)
        agents = Agents(HeuristicBot(derived_seed(game_seed, 1)), HeuristicBot(derived_seed(game_seed, 2)))
        start_game(game, agents)
        noted: list[tuple[int, int, list[float], list[float]]] = []
        seen_round = 1
        while not game.over:
            if game.round != seen_round:
                seen_round = game.round
                noted.append((game.gems[0], game.gems[1], features(game, 0), features(game, 1)))
            step(game, agents.act(game, game.to_move, legal_actions(game)), agents)
        result = returns(game)
        for gems0, gems1, x0, x1 in noted:
            if gems0 == gems1:
                level.append((x0, result[0], 0.5))
                level.append((x1, result[1], 0.5))
            elif gems0 > gems1:
                ahead.append((x0, result[0], 1.0))
            else:
                ahead.append((x1, result[1], 1.0))
    return ahead, level


def fit(rows: list[tuple[list[float], float, float]], intercept: bool) -> list[float]:
    """Logistic regression of results on features by Newton's method, a ridge of :data:`RIDGE` on the weights (not
    the intercept); the intercept first when ``intercept``."""
    from deckcli.game.bots.round_value import logistic

    data = [([1.0, *x] if intercept else list(x), y, w) for x, y, w in rows]
    size = len(data[0][0])
    beta = [0.0] * size
    for _ in range(25):
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        for x, y, w in data:
            p = logistic(sum(b * f for b, f in zip(beta, x)))
            for i in range(size):
                gradient[i] += w * (y - p) * x[i]
                for j in range(size):
                    hessian[i][j] += w * p * (1 - p) * x[i] * x[j]
        for i in range(1 if intercept else 0, size):
            gradient[i] -= RIDGE * beta[i]
            hessian[i][i] += RIDGE
        step = solve(hessian, gradient)
        beta = [b + s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return beta


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` (Gaussian elimination with partial pivoting; a small positive-definite matrix)."""
    size = len(vector)
    work = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        work[column], work[pivot] = work[pivot], work[column]
        for row in range(column + 1, size):
            factor = work[row][column] / work[column][column]
            work[row] = [a - factor * b for a, b in zip(work[row], work[column])]
    result = [0.0] * size
    for row in reversed(range(size)):
        result[row] = (work[row][size] - sum(work[row][k] * result[k] for k in range(row + 1, size))) / work[row][row]
    return result


def log_loss(rows: list[tuple[list[float], float, float]], beta: list[float], intercept: bool) -> float:
    from deckcli.game.bots.round_value import logistic

    total = weight = 0.0
    for x, y, w in rows:
        p = min(1 - 1e-9, max(1e-9, logistic(sum(b * f for b, f in zip(beta, [1.0, *x] if intercept else x)))))
        total -= w * (y * math.log(p) + (1 - y) * math.log(1 - p))
        weight += w
    return total / weight


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--check", action="store_true", help="print the refit beside the packaged model, write nothing")
    options = parser.parse_args()
    from deckcli.game.bots.round_value import FEATURES

    ahead, level = samples(options.games, options.seed)
    fitted = {"ahead": fit(ahead, True), "level": fit(level, False)}
    for name, rows, intercept in (("ahead", ahead, True), ("level", level, False)):
        names = (["intercept"] if intercept else []) + list(FEATURES)
        print(f"{name}: {len(rows):,} samples, log loss {log_loss(rows, fitted[name], intercept):.4f}")
        print("  " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(names, fitted[name])))
    if options.check:
        print(f"packaged: {OUT.read_text('utf-8')}")
        return
    document = {"games": options.games, "seed": options.seed, "samples": len(ahead) + len(level) // 2,
                "features": list(FEATURES), "ahead": [round(w, 4) for w in fitted["ahead"]],
                "level": [round(w, 4) for w in fitted["level"]]}
    OUT.write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    print(f"wrote {OUT.relative_to(REPO)}", file=sys.stderr)


if __name__ == "__main__":
    main()
