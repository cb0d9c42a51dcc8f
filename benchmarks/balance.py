"""Balance findings for every archive edition: a fixed-seed simulation written as docs/balance.md.

Usage: python benchmarks/balance.py [--games N] [--seed S] [--jobs J] > docs/balance.md
The page records the exact command, so anyone can make it again and get the same numbers.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from touring_dsl.archive import archive_files, load
from touring_dsl.simulate import Plan, report, run, seat_bots


def simulate(edition: str, players: int, bots: list[str], games: int, seed: int, jobs: int) -> dict:
    ruleset = load(edition)
    setup = ruleset.setup_for(players)
    plan = Plan(edition=edition, players=players, setup=setup.id, bots=seat_bots(bots, players), seed=seed,
                games=games)
    sides = setup.side_count(players)
    return report(run(plan, jobs=jobs), [s % sides for s in range(players)])


def section(edition: str, games: int, seed: int, jobs: int) -> list[str]:
    ruleset = load(edition)
    lines = [f"## {ruleset.title}{': ' + ruleset.subtitle if ruleset.subtitle else ''} (`{ruleset.id}`)", ""]
    lines += ["| match-up | players | seat 1 wins | seat 2 wins | ties | mean turns | median | 90th pct | "
              "ended by exhaustion or limit | hazards hit per game | penalty miles per game |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for players, bots in [(2, ["random"]), (2, ["greedy"]), (2, ["greedy", "random"]), (2, ["random", "greedy"])]:
        data = simulate(edition, players, bots, games, seed, jobs)
        seats = data["seats"]
        stalled = sum(v["share"] for k, v in data["outcomes"].items() if k != "completed")
        lines.append(
            f"| {' vs '.join(s['bot'] for s in seats)} | {players} | {_rate(seats[0])} | {_rate(seats[1])} | "
            f"{data['ties']} | {data['length']['mean']:.1f} | {data['length']['median']:.0f} | "
            f"{data['length']['p90']:.0f} | {stalled:.1%} | {sum(data['hazard_hits_per_game'].values()):.2f} | "
            f"{data['penalty_miles_per_game']:.1f} |")
    return lines + [""]


def _rate(seat: dict) -> str:
    return f"{seat['rate']:.1%} ({seat['ci95'][0]:.1%}-{seat['ci95'][1]:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1937)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    started = time.perf_counter()
    ids = [path.stem for path in archive_files() if path.parent.name != "house"]
    body = []
    for edition in ids:
        body += section(edition, args.games, args.seed, args.jobs)
        print(f"{edition} done", file=sys.stderr)
    elapsed = time.perf_counter() - started
    head = [
        "# Balance findings", "",
        f"Made with `python benchmarks/balance.py --games {args.games} --seed {args.seed}` "
        "(the numbers do not depend on `--jobs`). Each row is that many two-player games between the "
        "named bots; percentages are win rates with 95% confidence intervals. `random` picks uniformly "
        "among the legal plays; `greedy` follows a simple rule-agnostic heuristic.", "",
        "What to read from it: how much the first player gains, how long each edition's race runs, how "
        "often a race stalls until the cards or the turn limit run out, and how much damage hazards and "
        "penalties do. The same tables for a house rule come from "
        "`touring compare EDITION HOUSE-RULE --games N`.", "",
        f"_Generated in {elapsed:.0f} s._", "",
    ]
    sys.stdout.write("\n".join(head + body))


if __name__ == "__main__":
    main()
