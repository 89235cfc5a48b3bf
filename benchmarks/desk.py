"""The tournament desk at scale: time and memory per registration, as ratios against a small desk.

Run from a clone after the README's install command (``pip install .`` in a venv):

    python benchmarks/desk.py                 # about two minutes: up to 4,000 registrations
    python benchmarks/desk.py --sizes 250 1000 10000 100000   # the issue's sizes (100,000: several minutes)

Two desks are written in a temporary folder for each size N: ``shared``, N
registrations side by side naming the same three deck files (the case that
grew quadratically: 1,000: 2.0 s, 56 MB; 4,000: 11.5 s, 458 MB), and
``apart``, N registrations each in its own folder with its own three deck
files (100,000: 56 s, 719 MB). Each is judged by ``deckcli tournament --dir
FOLDER --format csv`` (the summary written as it comes) and by the text form
(findings, then the summary table), the installed console script in a child
process, its output thrown away. Baselines, measured in the same run: the
smallest size for time, a desk of one registration for memory. The figures
are the CPU time per registration (user + system, from ``wait4``) against the
baseline's (a linear desk keeps it near 1x; a quadratic one doubles it each
time N doubles), and the peak resident memory against the one-registration
desk's, with its growth per registration (bounded: a fixed amount, at most
:data:`MEMORY_PER_REGISTRATION`, where keeping each report would cost over 10
KiB). The machine the README's runs come from has two cores shared by several
people: CPU time does not count waiting for a core, wall time (printed beside
it) does. The figures go to ``benchmarks/results/desk.json`` (:mod:`record`: ``--record NAME``, ``--no-record``).
Nothing here is a test: the suite asserts no timings, this script
only reports.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hostile import deckcli  # this folder is on the path of a script run from it
from record import Run, add_options, figure

HERE = Path(__file__).resolve().parent
DECKS = HERE.parent / "decks"
LINEUP = ("monsters-advanced.toml", "nilfgaard-advanced.toml", "skellige-advanced.toml")
TARGET = 1.5
"""Largest ratio of the CPU time per registration against the smallest desk's that still reads as linear."""
MEMORY_PER_REGISTRATION = 4.0
"""KiB of peak memory a registration may add (the summary's row and the paths; never its report)."""


def write_desk(folder: Path, kind: str, count: int) -> Path:
    """``count`` registrations under ``folder``: ``shared`` side by side naming three deck files beside them,
    ``apart`` each in its own folder with its own three deck files."""
    folder.mkdir(parents=True)
    texts = {name: (DECKS / name).read_text("utf-8") for name in LINEUP}
    names = "decks = [" + ", ".join(f'"{name}"' for name in LINEUP) + "]\n"
    if kind == "shared":
        for name, text in texts.items():
            (folder / name).write_text(text, "utf-8")
    for number in range(count):
        home = folder if kind == "shared" else folder / f"p{number}"
        if kind != "shared":
            home.mkdir()
            for name, text in texts.items():
                (home / name).write_text(text, "utf-8")
        registration = home / (f"r{number}.toml" if kind == "shared" else "registration.toml")
        registration.write_text(f'player = "Player {number}"\n' + names, "utf-8")
    return folder


def measured(command: list[str]) -> tuple[float, float, float]:
    """CPU seconds (user + system), wall seconds and peak resident MiB of one run, output thrown away."""
    with open(os.devnull, "wb") as quiet:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=quiet, stderr=quiet)
        _pid, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"benchmarks: {' '.join(command)} exited {os.waitstatus_to_exitcode(status)}")
    peak = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes on macOS, KiB on Linux
    return usage.ru_utime + usage.ru_stime, wall, peak


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[250, 1000, 4000],
                        help="registrations per desk, the first is the baseline (default 250 1000 4000)")
    add_options(parser)
    args = parser.parse_args(argv)
    sizes = sorted(set(args.sizes))
    program = deckcli()
    run = Run("desk", args)
    print(f"deckcli tournament --dir at {', '.join(f'{n:,}' for n in sizes)} registrations; baseline {sizes[0]:,}")
    missed = False
    with tempfile.TemporaryDirectory() as name:
        scratch = Path(name)
        for kind in ("shared", "apart"):
            one = write_desk(scratch / f"{kind}-1", kind, 1)
            for fmt in ("csv", "text"):
                command = [program, "tournament", "--dir"]
                measured([*command, str(one), "--format", fmt])  # warm-up: bytecode caches
                base_cpu, _wall, base_peak = measured([*command, str(one), "--format", fmt])
                run.add(f"{kind}.{fmt}.1", figure(f"{base_cpu * 1e3:.0f} ms, {base_peak:.1f} MiB", base_cpu * 1e3,
                                                  "ms CPU", peak=round(base_peak, 1)))
                print(f"\n{kind}, --format {fmt} (one registration: {base_cpu * 1e3:.0f} ms, {base_peak:.1f} MiB)")
                print(f"  {'registrations':>13}  {'CPU':>8}  {'wall':>8}  {'per reg.':>9}  {'ratio':>5}  "
                      f"{'peak':>9}  {'ratio':>6}  {'growth/reg.':>11}")
                baseline: float | None = None
                for count in sizes:
                    folder = scratch / f"{kind}-{count}"
                    if not folder.exists():
                        write_desk(folder, kind, count)
                    cpu, wall, peak = measured([*command, str(folder), "--format", fmt])
                    per_cpu = (cpu - base_cpu) / (count - 1)
                    baseline = baseline or per_cpu
                    growth = max(peak - base_peak, 0.0) * 1024 / (count - 1)  # KiB per registration
                    missed |= per_cpu / baseline > TARGET or growth > MEMORY_PER_REGISTRATION
                    print(f"  {count:>13,}  {cpu:>7.2f}s  {wall:>7.2f}s  {per_cpu * 1e3:>7.3f}ms  {per_cpu / baseline:>4.2f}x  "
                          f"{peak:>6.1f}MiB  {peak / base_peak:>5.2f}x  {growth:>8.2f}KiB")
                    run.add(f"{kind}.{fmt}.{count}", figure(
                        f"{cpu:.1f} s and {peak:.1f} MiB", cpu, "s CPU", wall=f"{wall:.1f} s",
                        per_registration=f"{per_cpu * 1e3:.2f} ms", ratio=f"{per_cpu / baseline:.2f}×",
                        peak=f"{peak:.1f} MiB", growth=f"{growth:.1f} KiB",
                        met=per_cpu / baseline <= TARGET and growth <= MEMORY_PER_REGISTRATION,
                        label=f"{kind}, --format {fmt}, {count:,} registrations"))
            for count in sizes:
                shutil.rmtree(scratch / f"{kind}-{count}", ignore_errors=True)
    print(f"\ntarget: time per registration at most {TARGET:g}x the baseline's (linear) and memory growing by at "
          f"most {MEMORY_PER_REGISTRATION:g} KiB per registration (bounded): {'MISSED' if missed else 'met'}")
    run.write([("desk", "label"), ("CPU and peak memory", "text"), ("wall", "wall"),
               ("CPU a registration", "per_registration"), ("against the smallest desk's", "ratio"),
               ("memory a registration", "growth"), ("verdict", "verdict")])


if __name__ == "__main__":
    main()
