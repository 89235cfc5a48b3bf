"""Benchmark of ``deckcli tune`` and ``--cluster``: the figures of issue 28, each against its target, in one run.

Run from a clone, in the venv where deckcli is installed with the cluster extra (``pip install '.[cluster]'``):

    python benchmarks/tune.py            # about ten minutes on two cores; --quick: a tenth of the games

1. ``deckcli simulate decks/northern-realms-starter.toml`` (5 × 1,000 games, every core): games per second,
   wall-clock; the yardstick of figure 2.
2. The default ``deckcli tune decks/northern-realms-starter.toml --rules advanced`` (every core): its
   wall-clock and CPU seconds and the games it played (climb and confirmation, the search bot's included),
   games per second beside figure 1's; target: at most 3 minutes wall-clock on two cores.
3. The planted weakness: the Northern Realms starter deck with three of its strongest non-Hero units swapped,
   one at a time, for the faction's weakest legal ones (:func:`deckcli.tuning.neighbours.weakened`); ``tune
   --max-changes 3`` (the default budget) from there; then the original, the weakened and the tuned deck play
   the same games on the confirmation's seeds (never used by the climb): the share of the lost win rate won
   back, target at least 2/3.
4. A local Dask cluster (``LocalCluster``, one worker process a core, one thread each) against the process
   pool, the same 5 × 400 games: wall-clock seconds of each and the speed-up (no target: it says what the
   cluster's scheduling costs on one machine; a cluster's gain comes from more machines).

Wall-clock figures on a machine shared with others include waiting for a core: the CPU seconds are printed
beside them. The figures go to ``benchmarks/results/tune.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no timings.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import child_env, find_deckcli, machine  # noqa: E402  (the benchmark's own helpers)
from record import Run, add_options, figure, table_lines, verdict  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
STARTER = REPO / "decks" / "northern-realms-starter.toml"
TARGET_SECONDS = 180.0


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds of ``command`` (its worker processes included) and its standard output."""
    before, start = children_cpu(), time.perf_counter()
    found = subprocess.run(command, capture_output=True, text=True, env=child_env(), check=False)
    wall = time.perf_counter() - start
    if found.returncode != 0:
        sys.exit(f"benchmarks: {' '.join(command[:3])} … exited {found.returncode}\n{found.stderr}")
    return wall, children_cpu() - before, found.stdout


Rows = dict[str, dict[str, Any]]
"""Figures by key, each a :func:`record.figure` (a labelled one is a row of the printed table)."""


def simulate_rate() -> tuple[Rows, float]:
    """Figure 1: the default simulate run's games per second."""
    wall, cpu, _ = timed([*find_deckcli(), "simulate", str(STARTER)])
    rate = 5000 / wall
    return {"simulate": figure(f"{rate:,.0f} games/s ({wall:.1f} s wall, {cpu:.1f} s CPU)", rate, "games/s",
                               wall=round(wall, 1), cpu=round(cpu, 1), games=5000,
                               label="deckcli simulate NR starter (5 × 1,000 games, every core)")}, rate


def default_tune(simulate_games_per_second: float, budget: int | None) -> Rows:
    """Figure 2: the default tune under the Advanced rules."""
    more = [] if budget is None else ["--budget", str(budget)]
    wall, cpu, out = timed([*find_deckcli(), "tune", str(STARTER), "--rules", "advanced", "--format", "json", *more])
    document = json.loads(out)
    climb, confirmation = document["games"]["climb"], document["games"]["confirmation"]
    games = climb + confirmation
    changes = "; ".join(change["change"] for change in document["changes"]) or "none"
    strong = sum(c["games_per_matchup"] * len(document["opponents"]) for c in document["confirmation"]
                 if c["bot"] == document["strong_bot"])
    return {
        "tune": figure(f"{wall:.0f} s wall, {cpu:.0f} s CPU, {games:,} games", wall, "s wall", cpu=round(cpu, 1),
                       games=games, climb=climb, confirmation=confirmation, strong_bot_games=strong,
                       budget=document["budget"], seed=document["seed"], target=TARGET_SECONDS,
                       met=wall <= TARGET_SECONDS,
                       label=f"deckcli tune NR starter --rules advanced{' --budget ' + str(budget) if budget else ''}"),
        "tune.rate": figure(f"{games / wall:,.0f} games/s, {games / wall / simulate_games_per_second:.2f}× "
                            "simulate's", games / wall, "games/s",
                            of_simulate=round(games / wall / simulate_games_per_second, 3),
                            label="  its games per second (the search bot's confirmation games included)"),
        "tune.changes": figure(f"{changes}; {document['result']}", changes=changes, result=document["result"],
                               stopped=document.get("stopped"), label="  its changes, and the result"),
    }


def planted(budget: int) -> Rows:
    """Figure 3: the planted weakness recovered."""
    from deckcli.catalog.loading import default_catalog
    from deckcli.game.simulation.matchups import opponents
    from deckcli.game.simulation.statistics import rate_text
    from deckcli.game.simulation.runs import Plan, derived_seed, run_plan
    from deckcli.game.simulation.executor import default_workers
    from deckcli.rules.judging import read_resolved_deck
    from deckcli.rules.loading import load_rule_set
    from deckcli.tuning.neighbours import weakened
    from deckcli.tuning.search import CONFIRM, Climber, Settings
    from deckcli.game.bots import DEFAULT, STRONG

    catalog, rule_set = default_catalog(), load_rule_set("standard")
    original = read_resolved_deck(str(STARTER))
    weak, swaps = weakened(original, rule_set, catalog)
    seed = 1
    settings = Settings(opponents(()), DEFAULT, STRONG, seed, budget, max_changes=3, workers=default_workers())
    climber = Climber(weak, rule_set, catalog, settings)
    start = time.perf_counter()
    result = climber.run()
    wall = time.perf_counter() - start
    decks = tuple(climber.entrant(deck, label) for deck, label in
                  ((original, "original"), (weak, "weakened"), (result.final, "tuned")))
    games = result.confirmations[0].games_per_matchup if result.confirmations else 1000
    tally = run_plan(Plan(decks, settings.opponents, games, derived_seed(seed, CONFIRM, 0), DEFAULT, DEFAULT),
                     default_workers())
    rates = [tally.total(i).points / (2 * tally.total(i).games) for i in range(3)]
    lost, won = rates[0] - rates[1], rates[2] - rates[1]
    share = won / lost if lost > 0 else float("nan")
    found: Rows = {
        "planted": figure("; ".join(swap.words for swap in swaps), label="planted weakness"),
        "planted.changes": figure("; ".join(step.move.words for step in result.steps) or "nothing",
                                  len(result.steps), "changes", budget=budget, seed=seed,
                                  label="  tune --max-changes 3 took"),
    }
    for i, label in enumerate(("original", "weakened", "tuned")):
        found[f"planted.{label}"] = figure(
            rate_text(tally.total(i).points, tally.total(i).games), rates[i], "fraction of games",
            games=tally.total(i).games, label=f"  win rate on the confirmation seeds, {label} ({games:,} games a matchup)")
    found["planted.share"] = figure(
        f"{share:.2f} ({won * 100:+.1f} of {lost * 100:.1f} points)", share, "of the lost win rate",
        won=f"{won * 100:+.1f}", lost=f"{lost * 100:.1f}", wall=round(wall), result=result.verdict, target="2/3",
        met=share >= 2 / 3, label=f"  share of the lost win rate won back (tune: {wall:.0f} s wall, result "
                                   f"{result.verdict})")
    return found


def cluster_speed(games: int) -> Rows:
    """Figure 4: a LocalCluster against the process pool, the same games."""
    try:
        import distributed
    except ImportError:
        return {"cluster": figure("skipped: pip install 'deckcli[cluster]'",
                                  label="local Dask cluster against the process pool")}
    from deckcli.game.simulation.cluster import ClusterPool
    from deckcli.game.simulation.matchups import opponents, starter_entrant
    from deckcli.game.simulation.runs import Plan, run_plan
    from deckcli.game.simulation.executor import default_workers

    plan = Plan((starter_entrant("northern-realms"),), opponents(()), games, 1, "heuristic", "heuristic")
    workers = default_workers()
    start = time.perf_counter()
    local = run_plan(plan, workers)
    pool_wall = time.perf_counter() - start
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as cluster, distributed.Client(cluster, set_as_default=False) as client:
        pool = ClusterPool(client, cluster.scheduler_address)
        run_plan(plan._replace(games=25), cluster=pool)  # warm-up: the workers import deckcli
        start = time.perf_counter()
        remote = run_plan(plan, cluster=pool)
        cluster_wall = time.perf_counter() - start
    same = remote.total(0).points == local.total(0).points and remote.pairs == local.pairs
    return {"cluster": figure(
        f"{cluster_wall:.1f} s against {pool_wall:.1f} s: {pool_wall / cluster_wall:.2f}× the pool's speed; "
        f"same counts: {'yes' if same else 'NO'}", pool_wall / cluster_wall, "× the pool's speed",
        cluster_wall=round(cluster_wall, 1), pool_wall=round(pool_wall, 1), games=plan.total, workers=workers,
        met=same, label=f"local Dask cluster ({workers} workers) against the process pool, {plan.total:,} games")}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games (the verdicts mean less)")
    add_options(parser)
    options = parser.parse_args()
    quick = options.quick
    import deckcli

    run = Run("tune", options)
    print(f"deckcli {deckcli.__version__} tune benchmarks on {machine()}\n")
    found, rate = simulate_rate()
    parts = [lambda: found, lambda: default_tune(rate, 3000 if quick else None),
             lambda: planted(3000 if quick else 30_000), lambda: cluster_speed(40 if quick else 400)]
    for part in parts:
        for key, shown in part().items():
            run.add(key, shown)
            print(f"{shown['label'].strip()}: {shown['text']}: {verdict(shown.get('met'))}", file=sys.stderr,
                  flush=True)
    print("\n".join(table_lines(run.figures)))
    run.write()


if __name__ == "__main__":
    main()
