"""Simulation throughput and memory: games/s of `touring simulate` and peak memory as games grow.

Usage: python benchmarks/bench_simulate.py [--edition touring-1937] [--bots greedy,random] [--sizes 500,5000]
Each size runs in a fresh process on one core; flat memory means the peak hardly moves while the
number of games grows tenfold, because statistics are streamed and no game record is kept.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = """
import json, resource, sys, time
from touring_dsl.archive import load
from touring_dsl.simulate import Plan, run, seat_bots
edition, bots, games = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
load(edition)
plan = Plan(edition=edition, players=2, setup=None, bots=seat_bots(bots, 2), seed=1, games=games)
start = time.perf_counter()
tally = run(plan, jobs=1)
elapsed = time.perf_counter() - start
turns = sum(t * c for t, c in tally.lengths.items())
peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"games": games, "seconds": elapsed, "games_per_s": games / elapsed,
                  "turns_per_s": turns / elapsed, "peak_mib": peak_kib / 1024}))
"""


def measure(edition: str, bots: str, games: int) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, edition, bots, str(games)], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="touring-1937")
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--sizes", default="500,5000")
    args = parser.parse_args()
    rows = [measure(args.edition, args.bots, int(n)) for n in args.sizes.split(",")]
    print(f"{args.edition}, bots {args.bots}, one process")
    for row in rows:
        print(f"  {row['games']:>7} games: {row['games_per_s']:8.1f} games/s {row['turns_per_s']:10.0f} turns/s "
              f"peak memory {row['peak_mib']:6.1f} MiB")
    growth = rows[-1]["peak_mib"] - rows[0]["peak_mib"]
    print(f"  peak memory grew {growth:+.1f} MiB for {rows[-1]['games'] / rows[0]['games']:.0f}x the games")


if __name__ == "__main__":
    main()
