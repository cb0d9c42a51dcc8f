"""Benchmark (not a test): random two-player games per second for every archive edition, on one core,
beside the hand-written reference simulator of the 1937 game.

Usage: python benchmarks/bench_engine.py [--games N] [--reference PATH]
Times are CPU time of this process (time.process_time), so other load on the machine disturbs them
less; each figure is the best of --rounds rounds.
"""
from __future__ import annotations

import argparse
import importlib.util
import time
from pathlib import Path

from touring_dsl.archive import archive_ids, load
from touring_dsl.engine import new_game, run_random
from touring_dsl.rng import Rng

REFERENCE = Path("/work/shared/bench/touring1937_ref.py")


def bench_edition(edition: str, games: int, rounds: int) -> tuple[float, float]:
    """(games per second, turns per game) for random 2-player games: deal + play, best round."""
    ruleset = load(edition)
    best, turns = 0.0, 0
    for _ in range(rounds):
        start, turns = time.process_time(), 0
        for seed in range(games):
            game = new_game(ruleset, 2, seed)
            run_random(game, Rng(seed))
            turns += game.turns
        best = max(best, games / max(time.process_time() - start, 1e-9))
    return best, turns / games


def bench_reference(path: Path, games: int, rounds: int) -> tuple[float, float] | None:
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("touring1937_ref", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    best, turns = 0.0, 0
    for _ in range(rounds):
        start, turns = time.process_time(), 0
        for game in range(games):
            turns += module.play_game(1_000_003 + game)[1]
        best = max(best, games / max(time.process_time() - start, 1e-9))
    return best, turns / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per edition per round (default 2000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best is reported (default 3)")
    parser.add_argument("--reference", type=Path, default=REFERENCE, help="the reference simulator")
    args = parser.parse_args()
    editions = [e for e in archive_ids() if "/" not in e]
    print(f"{'edition':28} {'games/s':>9} {'turns/s':>10} {'turns/game':>11}")
    results = {}
    for edition in editions:
        rate, turns = bench_edition(edition, args.games, args.rounds)
        results[edition] = rate
        print(f"{edition:28} {rate:9.0f} {rate * turns:10.0f} {turns:11.1f}")
    ref = bench_reference(args.reference, args.games, args.rounds)
    if ref is None:
        print(f"reference simulator not found at {args.reference}")
        return
    rate, turns = ref
    print(f"{'reference (1937, by hand)':28} {rate:9.0f} {rate * turns:10.0f} {turns:11.1f}")
    if "touring-1937" in results:
        print(f"engine / reference on touring-1937: {results['touring-1937'] / rate:.2f}")


if __name__ == "__main__":
    main()
