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
beside them. Nothing here is a test: the suite asserts no timings.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import child_env, find_deckcli, machine  # noqa: E402  (the benchmark's own helpers)
from simulate import verdict  # noqa: E402

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


def simulate_rate() -> tuple[list[tuple[str, str, bool | None]], float]:
    """Figure 1: the default simulate run's games per second."""
    wall, cpu, _ = timed([*find_deckcli(), "simulate", str(STARTER)])
    rate = 5000 / wall
    return [("deckcli simulate NR starter (5 × 1,000 games, every core)",
             f"{rate:,.0f} games/s ({wall:.1f} s wall, {cpu:.1f} s CPU)", None)], rate


def default_tune(simulate_games_per_second: float, budget: int | None) -> list[tuple[str, str, bool | None]]:
    """Figure 2: the default tune under the Advanced rules."""
    more = [] if budget is None else ["--budget", str(budget)]
    wall, cpu, out = timed([*find_deckcli(), "tune", str(STARTER), "--rules", "advanced", "--format", "json", *more])
    document = json.loads(out)
    games = document["games"]["climb"] + document["games"]["confirmation"]
    changes = "; ".join(change["change"] for change in document["changes"]) or "none"
    return [
        (f"deckcli tune NR starter --rules advanced{' --budget ' + str(budget) if budget else ''}",
         f"{wall:.0f} s wall, {cpu:.0f} s CPU, {games:,} games", wall <= TARGET_SECONDS),
        ("  its games per second (the search bot's confirmation games included)",
         f"{games / wall:,.0f} games/s, {games / wall / simulate_games_per_second:.2f}× simulate's", None),
        ("  its changes, and the result", f"{changes}; {document['result']}", None),
    ]


def planted(budget: int) -> list[tuple[str, str, bool | None]]:
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
    return [
        ("planted weakness: " + "; ".join(swap.words for swap in swaps), "", None),
        ("  tune --max-changes 3 took", "; ".join(step.move.words for step in result.steps) or "nothing", None),
        (f"  win rate on the confirmation seeds ({games:,} games a matchup each)",
         " / ".join(f"{label} {rate_text(tally.total(i).points, tally.total(i).games)}"
                    for i, label in enumerate(("original", "weakened", "tuned"))), None),
        (f"  share of the lost win rate won back (tune: {wall:.0f} s wall, result {result.verdict})",
         f"{share:.2f} ({won * 100:+.1f} of {lost * 100:.1f} points)", share >= 2 / 3),
    ]


def cluster_speed(games: int) -> list[tuple[str, str, bool | None]]:
    """Figure 4: a LocalCluster against the process pool, the same games."""
    try:
        import distributed
    except ImportError:
        return [("local Dask cluster against the process pool", "skipped: pip install 'deckcli[cluster]'", None)]
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
    return [(f"local Dask cluster ({workers} workers) against the process pool, {plan.total:,} games",
             f"{cluster_wall:.1f} s against {pool_wall:.1f} s: {pool_wall / cluster_wall:.2f}× the pool's speed; "
             f"same counts: {'yes' if same else 'NO'}", same)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games (the verdicts mean less)")
    quick = parser.parse_args().quick
    import deckcli

    print(f"deckcli {deckcli.__version__} tune benchmarks on {machine()}\n")
    rows: list[tuple[str, str, bool | None]] = []
    found, rate = simulate_rate()
    parts = [lambda: found, lambda: default_tune(rate, 3000 if quick else None),
             lambda: planted(3000 if quick else 30_000), lambda: cluster_speed(40 if quick else 400)]
    for part in parts:
        shown = part()
        rows += shown
        for name, measured, met in shown:
            print(f"{name}: {measured}: {verdict(met)}", file=sys.stderr, flush=True)
    width = max(len(name) for name, _, _ in rows)
    print(f"{'figure':<{width}}  measured  (verdict)")
    for name, measured, met in rows:
        print(f"{name:<{width}}  {measured}  ({verdict(met)})")


if __name__ == "__main__":
    main()
