"""Benchmark (not a test): `touring simulate` end to end against the hand-written reference simulator.

Usage: python benchmarks/bench_simulate.py [--games 20000] [--rounds 3] [--memory 10000,100000,1000000]

Every figure is a whole command run as a subprocess, start-up included, exactly as a user types it:

    touring simulate touring-1937 --games N --players 2 --bots random,random --jobs 1
    touring simulate touring-1937 --games N --players 2 --bots greedy,random --jobs 1
    touring simulate touring-1937 --games N --players 2 --bots random,random --jobs 2
    python touring1937_ref.py N 1                        (the reference, same interpreter)

Rounds alternate between the commands, so a change in machine load hits them all; each figure is the
best round; each command's CPU time is also set against the reference's in the same round (the median
of those paired ratios is printed too). The touring package is byte-compiled first, as installing it
does (pip writes the .pyc files): where PYTHONDONTWRITEBYTECODE is set and the package was installed
editable, every run would otherwise compile its modules from source again, a cost no installed copy
pays. Games per second are reported by wall clock and by CPU time (user + system of the command and its
workers: steadier on a shared machine; for --jobs 2 only wall clock shows scaling).
--memory runs random games at growing sizes (--jobs 1) and reports each run's peak resident memory:
flat means the statistics are streamed, no per-game list is kept. Before any figure, one short run fills
the compiled-ruleset cache: a run that compiles the edition (a cache miss, as after any change to
touring's code) peaks about 7 MiB higher, whatever its size (TOURING_NO_CACHE=1 shows it), which is
the cost of compiling, not of the games.
"""
from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REFERENCE = Path("/work/shared/bench/touring1937_ref.py")
PACKAGE = Path(__file__).resolve().parents[1] / "touring_dsl"


def touring_command() -> list[str]:
    found = shutil.which("touring", path=str(Path(sys.executable).parent)) or shutil.which("touring")
    return [found] if found else [sys.executable, "-m", "touring_dsl.cli.app"]


def timed(command: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the command and its children, peak resident KiB of any of them)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss


def simulate(games: int, bots: str, jobs: int) -> list[str]:
    return touring_command() + ["simulate", "touring-1937", "--games", str(games), "--players", "2", "--bots", bots,
                                "--jobs", str(jobs)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--memory", default="", help="sizes for the memory check, e.g. 10000,100000,1000000")
    args = parser.parse_args()
    n = args.games
    runs = {"reference (by hand, 1937)": [sys.executable, str(args.reference), str(n), "1"],
            "random vs random, --jobs 1": simulate(n, "random,random", 1),
            "greedy vs random, --jobs 1": simulate(n, "greedy,random", 1),
            "random vs random, --jobs 2": simulate(n, "random,random", 2)}
    if not args.reference.is_file():
        sys.exit(f"reference simulator not found at {args.reference}")
    compileall.compile_dir(str(PACKAGE), quiet=1)  # as an install does: no run pays for compiling the package
    subprocess.run(simulate(1, "random,random", 1), check=True, stdout=subprocess.DEVNULL)  # fills the ruleset cache
    print(f"{n} two-player touring-1937 games per command; best of {args.rounds} rounds; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    best: dict[str, tuple[float, float]] = {}
    paired: dict[str, list[float]] = {label: [] for label in runs}  # CPU ratio to the reference, round by round
    for _ in range(args.rounds):
        this_round = {}
        for label, command in runs.items():
            wall, cpu, _ = timed(command)
            this_round[label] = cpu
            old = best.get(label, (float("inf"), float("inf")))
            best[label] = (min(old[0], wall), min(old[1], cpu))
        for label, cpu in this_round.items():
            paired[label].append(this_round["reference (by hand, 1937)"] / cpu)
    ref_wall, ref_cpu = best["reference (by hand, 1937)"]
    print(f"{'command':30} {'games/s wall':>13} {'x ref':>6} {'games/s CPU':>12} {'x ref':>6}")
    for label, (wall, cpu) in best.items():
        print(f"{label:30} {n / wall:13.0f} {ref_wall / wall:6.2f} {n / cpu:12.0f} {ref_cpu / cpu:6.2f}")
    print("x ref by CPU, round by round (each command beside the reference run of its round; the median is "
          "steadier\nthan the best rounds when the load changes):")
    for label, ratios in list(paired.items())[1:]:
        print(f"  {label:28} median {statistics.median(ratios):.2f}, rounds " + " ".join(f"{r:.2f}" for r in ratios))
    (one, one_cpu), (two, two_cpu) = best["random vs random, --jobs 1"], best["random vs random, --jobs 2"]
    print(f"--jobs 2 against --jobs 1, wall clock: {one / two:.2f}x; CPU spent, --jobs 1 / --jobs 2: "
          f"{one_cpu / two_cpu:.2f} (1.00 would be no cost to splitting the work; the wall-clock gain also "
          "needs two idle cores)")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    print("commands: " + " ; ".join(" ".join(Path(c).name if i == 0 else c for i, c in enumerate(cmd))
                                   for cmd in runs.values()))
    if args.memory:
        print("peak memory, random vs random, --jobs 1:")
        for size in [int(s) for s in args.memory.split(",")]:
            command = simulate(size, "random,random", 1)
            peak = peak_kib(command)
            print(f"  {size:>9} games: {peak / 1024:7.1f} MiB")


def peak_kib(command: list[str]) -> int:
    """The peak resident memory of one command, measured in a fresh child so no earlier run counts."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *command], check=True, capture_output=True, text=True)
    return int(out.stdout.strip())


if __name__ == "__main__":
    main()
