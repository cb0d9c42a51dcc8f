"""Benchmark (not a test): `touring simulate` end to end against the hand-written reference simulator.

Usage: python benchmarks/bench_simulate.py [--games 200000] [--rounds 3] [--memory 10000,100000,1000000]
                                           [--editions] [--edition-games 20000]

Every figure is a whole command run as a subprocess, start-up included, exactly as a user types it:

    touring simulate touring-1937 --games N --players 2 --bots random,random --jobs 1     (compiled kernel)
    TOURING_KERNEL=python touring simulate ... --bots random,random --jobs 1             (the Python kernel)
    touring simulate touring-1937 --games N --players 2 --bots greedy,random --jobs 1
    touring simulate touring-1937 --games N --players 2 --bots expert,expert --jobs 1
    touring simulate touring-1937 --games N --players 2 --bots random,random --jobs 2
    python touring1937_ref.py N 1                        (the reference, same interpreter)

The compiled kernel (touring_dsl/bots/compiled, the `fast` extra: numba) plays random, greedy and
expert seats. Before the rounds, one cold run (an empty cache folder: the edition compiled, then the
numba module) reports the compile time the run prints on stderr; then each command's seating is compiled
into the user's own cache (TOURING_KERNEL=compiled, one game), so the rounds are warm. Rounds alternate between the commands, so a change in machine
load hits them all; each figure is the best round; each command's CPU time is also set against the
reference's in the same round (the median of those paired ratios is printed too). The touring package is
byte-compiled first, as installing it does. Games per second are reported by wall clock and by CPU time
(user + system of the command and its workers: steadier on a shared machine; for --jobs 2 only wall clock
shows scaling, so the --jobs 2 ratio is also estimated from CPU times: the CPU of a one-game run is the
start-up one core plays alone, the rest of --jobs 2's CPU is split between two idle cores). --memory runs
random games at growing sizes (--jobs 1) and reports each run's peak resident memory: flat means the
statistics are streamed, no per-game list is kept. --editions reports, for
each archive edition seated for two, the cold compile time and the CPU cost of a turn on both kernels.
"""
from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REFERENCE = Path("/work/shared/bench/touring1937_ref.py")
PACKAGE = Path(__file__).resolve().parents[1] / "touring_dsl"


def touring_command() -> list[str]:
    found = shutil.which("touring", path=str(Path(sys.executable).parent)) or shutil.which("touring")
    return [found] if found else [sys.executable, "-m", "touring_dsl.cli.app"]


def timed(command: list[str], env: dict | None = None) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the command and its children, peak resident KiB of any of them)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss


def simulate(games: int, bots: str, jobs: int, edition: str = "touring-1937") -> list[str]:
    return touring_command() + ["simulate", edition, "--games", str(games), "--players", "2", "--bots", bots,
                                "--jobs", str(jobs)]


PYTHON_KERNEL = {**os.environ, "TOURING_KERNEL": "python"}
COMPILED_KERNEL = {**os.environ, "TOURING_KERNEL": "compiled"}  # compiles whatever the run's size


def cold_run(command: list[str]) -> tuple[float, str]:
    """(wall seconds, the compile time the run printed) of a run with an empty cache folder of its own."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**COMPILED_KERNEL, "XDG_CACHE_HOME": folder}
        start = time.perf_counter()
        done = subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              env=env)
        wall = time.perf_counter() - start
    said = re.search(r"compiled in ([0-9.]+) s(?: \(([0-9.]+) s of CPU\))?", done.stderr)
    if not said:
        return wall, "(no compile message: " + done.stderr.strip()[:80] + ")"
    return wall, f"{said.group(1)} s" + (f" ({said.group(2)} s)" if said.group(2) else "")


def editions_table(games: int) -> None:
    """Per archive edition seated for two: cold compile, and the CPU cost of a turn on both kernels, taken as
    the difference between a run of `games` and one of a tenth as many (start-up, which the compiled
    kernel's numba import makes longer, cancels out)."""
    import json

    ids = sorted(path.stem for path in (PACKAGE.parent / "editions").glob("*.touring"))  # the archive, not house rules
    print(f"cost per turn, random vs random, two players: CPU of {games} games less CPU of {games // 10}, over the "
          "turns between them; compile (cold): wall (CPU) of the first compilation")
    print(f"  {'edition':28} {'compile (cold)':>18} {'compiled ns/turn':>17} {'Python ns/turn':>15} {'x':>6}")
    for edition in ids:
        _, compile_said = cold_run(simulate(100, "random,random", 1, edition) + ["--matches", "0"])
        subprocess.run(simulate(100, "random,random", 1, edition) + ["--matches", "0"], check=True,
                       capture_output=True, env=COMPILED_KERNEL)  # compiled (or found) in the user's own cache: warm
        costs = []
        for env in (None, PYTHON_KERNEL):
            spent = []
            for size in (games // 10, games):
                command = simulate(size, "random,random", 1, edition) + ["--json", "--matches", "0"]
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                turns = size * json.loads(done.stdout)["length"]["mean"]
                spent.append(((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), turns))
            (cpu_small, turns_small), (cpu_big, turns_big) = spent
            costs.append((cpu_big - cpu_small) / (turns_big - turns_small) * 1e9)
        print(f"  {edition:28} {compile_said:>18} {costs[0]:17.0f} {costs[1]:15.0f} {costs[1] / costs[0]:6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200000)
    parser.add_argument("--editions", action="store_true", help="the cost per turn of each archive edition")
    parser.add_argument("--edition-games", type=int, default=20000)
    parser.add_argument("--only-editions", action="store_true", help="only the table of --editions")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--memory", default="", help="sizes for the memory check, e.g. 10000,100000,1000000")
    args = parser.parse_args()
    if args.only_editions:
        editions_table(args.edition_games)
        return
    n = args.games
    runs = {"reference (by hand, 1937)": ([sys.executable, str(args.reference), str(n), "1"], None),
            "random vs random, --jobs 1": (simulate(n, "random,random", 1), None),
            "  same, Python kernel": (simulate(n, "random,random", 1), PYTHON_KERNEL),
            "greedy vs random, --jobs 1": (simulate(n, "greedy,random", 1), None),
            "expert vs expert, --jobs 1": (simulate(n, "expert,expert", 1), None),
            "random vs random, --jobs 2": (simulate(n, "random,random", 2), None)}
    if not args.reference.is_file():
        sys.exit(f"reference simulator not found at {args.reference}")
    compileall.compile_dir(str(PACKAGE), quiet=1)  # as an install does: no run pays for compiling the package
    cold_wall, compile_said = cold_run(simulate(n, "random,random", 1))
    print(f"cold run (empty cache), random vs random, --jobs 1: {cold_wall:.1f} s wall, numba compile {compile_said}")
    for bots in ("random,random", "greedy,random", "expert,expert"):  # the ruleset cache, and each seating compiled
        subprocess.run(simulate(1, bots, 1), check=True, stdout=subprocess.DEVNULL, env=COMPILED_KERNEL)
    print(f"{n} two-player touring-1937 games per command; best of {args.rounds} rounds; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    best: dict[str, tuple[float, float]] = {}
    paired: dict[str, list[float]] = {label: [] for label in runs}  # CPU ratio to the reference, round by round
    start_up = float("inf")  # CPU of a one-game run: what --jobs 2 cannot split (import, kernel load, exit)
    for _ in range(args.rounds):
        start_up = min(start_up, timed(simulate(1, "random,random", 1))[1])
        this_round = {}
        for label, (command, env) in runs.items():
            wall, cpu, _ = timed(command, env)
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
    idle = start_up + (two_cpu - start_up) / 2  # --jobs 2's wall on two idle cores: its start-up, then half the rest
    print(f"--jobs 2 against --jobs 1 on two idle cores, from CPU times: {one_cpu / idle:.2f}x (start-up, the CPU "
          f"of a one-game run: {start_up:.2f} s, played by one core; the rest split evenly)")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    print("commands: " + " ; ".join(" ".join(Path(c).name if i == 0 else c for i, c in enumerate(cmd))
                                   for cmd, _ in runs.values()) + " (the Python kernel's line with TOURING_KERNEL=python)")
    if args.memory:
        print("peak memory, random vs random, --jobs 1:")
        for size in [int(s) for s in args.memory.split(",")]:
            command = simulate(size, "random,random", 1)
            peak = peak_kib(command)
            print(f"  {size:>9} games: {peak / 1024:7.1f} MiB")
    if args.editions:
        editions_table(args.edition_games)


def peak_kib(command: list[str]) -> int:
    """The peak resident memory of one command, measured in a fresh child so no earlier run counts."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *command], check=True, capture_output=True, text=True)
    return int(out.stdout.strip())


if __name__ == "__main__":
    main()
