"""Benchmark (not a test): random two-player games per second for every archive edition, on one core,
beside the hand-written reference simulator of the 1937 game.

Usage: python benchmarks/bench_engine.py [--games N] [--rounds R] [--reference PATH]
Every archive edition is timed (house rules included). Times are CPU time of this process
(time.process_time), so other load on the machine disturbs them less; each figure is the best of
--rounds rounds, and for the side-by-side comparison engine and reference rounds alternate.
"""
from __future__ import annotations

import argparse
import importlib.util
import time
from pathlib import Path

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_ids
from touring_dsl.engine import new_game, run_random
from touring_dsl.base.rng import Rng

REFERENCE = Path("/work/shared/bench/touring1937_ref.py")


def engine_round(ruleset, games: int) -> tuple[float, int]:
    """One round of random 2-player games (deal + play): (CPU seconds, turns played)."""
    start, turns = time.process_time(), 0
    for seed in range(games):
        game = new_game(ruleset, 2, seed)
        run_random(game, Rng(seed))
        turns += game.turns
    return time.process_time() - start, turns


def reference_round(module, games: int) -> tuple[float, int]:
    start, turns = time.process_time(), 0
    for game in range(games):
        turns += module.play_game(1_000_003 + game)[1]
    return time.process_time() - start, turns


def best_of(rounds: int, games: int, run) -> tuple[float, float]:
    """(games per second of the fastest round, turns per game)."""
    results = [run(games) for _ in range(rounds)]
    seconds = min(r[0] for r in results)
    return games / max(seconds, 1e-9), results[0][1] / games


def load_reference(path: Path):
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("touring1937_ref", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per edition per round (default 2000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best is reported (default 3)")
    parser.add_argument("--reference", type=Path, default=REFERENCE, help="the reference simulator")
    args = parser.parse_args()
    editions = [e for e in archive_ids() if "/" not in e]
    print(f"{'edition':28} {'games/s':>9} {'turns/s':>10} {'turns/game':>11}")
    for edition in editions:
        ruleset = load(edition)
        rate, turns = best_of(args.rounds, args.games, lambda n: engine_round(ruleset, n))
        print(f"{edition:28} {rate:9.0f} {rate * turns:10.0f} {turns:11.1f}")
    module = load_reference(args.reference)
    if module is None:
        print(f"reference simulator not found at {args.reference}")
        return
    # side by side: engine and reference rounds alternate, so a change in machine load hits both
    ruleset = load("touring-1937")
    ours, ref = [], []
    for _ in range(args.rounds):
        ours.append(engine_round(ruleset, args.games))
        ref.append(reference_round(module, args.games))
    for label, results in (("engine, touring-1937", ours), ("reference (1937, by hand)", ref)):
        rate = args.games / max(min(r[0] for r in results), 1e-9)
        turns = results[0][1] / args.games
        print(f"{label:28} {rate:9.0f} {rate * turns:10.0f} {turns:11.1f}")
    ratio = min(r[0] for r in ref) / max(min(r[0] for r in ours), 1e-9)
    turns_ratio = ours[0][1] / max(ref[0][1], 1)
    print(f"engine / reference games per second on touring-1937: {ratio:.2f} "
          f"(turns per game: engine / reference {turns_ratio:.3f})")


if __name__ == "__main__":
    main()
