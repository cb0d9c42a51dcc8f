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


def section(edition: str, games: int, seed: int, jobs: int, found: dict) -> list[str]:
    ruleset = load(edition)
    lines = [f"## {ruleset.title}{': ' + ruleset.subtitle if ruleset.subtitle else ''} (`{ruleset.id}`)", ""]
    lines += ["| match-up | players | seat 1 wins | seat 2 wins | ties | mean turns | median | 90th pct | "
              "ended by exhaustion or limit | hazards hit per game | penalty miles per game |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for players, bots in [(2, ["random"]), (2, ["greedy"]), (2, ["greedy", "random"]), (2, ["random", "greedy"])]:
        data = simulate(edition, players, bots, games, seed, jobs)
        found[(edition, tuple(bots))] = data
        seats = data["seats"]
        stalled = sum(v["share"] for k, v in data["outcomes"].items() if k != "completed")
        lines.append(
            f"| {' vs '.join(s['bot'] for s in seats)} | {players} | {_rate(seats[0])} | {_rate(seats[1])} | "
            f"{data['ties']} | {data['length']['mean']:.1f} | {data['length']['median']:.0f} | "
            f"{data['length']['p90']:.0f} | {stalled:.1%} | {sum(data['hazard_hits_per_game'].values()):.2f} | "
            f"{data['penalty_miles_per_game']:.1f} |")
    return lines + [""]


def findings(found: dict, ids: list[str]) -> list[str]:
    """A few plain observations read off the tables, so the page says what the numbers mean."""
    plain = {e: found[(e, ("random",))] for e in ids}
    mixed = {e: (found[(e, ("greedy", "random"))], found[(e, ("random", "greedy"))]) for e in ids}
    by_length = sorted(ids, key=lambda e: plain[e]["length"]["mean"])
    lines = ["## Findings", ""]
    lines.append(f"- Race length: between two random bots the shortest race is `{by_length[0]}` "
                 f"({plain[by_length[0]]['length']['mean']:.0f} turns on average) and the longest "
                 f"`{by_length[-1]}` ({plain[by_length[-1]]['length']['mean']:.0f}).")
    edges = ", ".join(f"`{e}` {plain[e]['first_player_advantage']['edge']:+.1%}" for e in ids)
    lines.append(f"- First player: with two random bots the first seat's edge over an even share is {edges}; "
                 "an edge whose interval includes zero is within chance at this many games.")
    greedy = ", ".join(f"`{e}` {(a['seats'][0]['rate'] + b['seats'][1]['rate']) / 2:.0%}"
                       for e, (a, b) in mixed.items())
    lines.append(f"- Skill: the greedy bot's share of wins against the random bot, averaged over both seats: "
                 f"{greedy}. Where it is highest, choices matter most.")
    for e in ids:
        parent = load(e).parent
        if parent in plain:
            before, after = plain[parent], plain[e]
            if after["penalty_miles_per_game"] or before["penalty_miles_per_game"]:
                cost = (f"lose {after['penalty_miles_per_game']:.0f} miles a game to penalties "
                        f"(was {before['penalty_miles_per_game']:.0f})")
            else:
                cost = (f"see {sum(after['hazard_hits_per_game'].values()):.1f} hazards hit a game "
                        f"(was {sum(before['hazard_hits_per_game'].values()):.1f})")
            lines.append(f"- `{e}` against its parent `{parent}`: random races run {after['length']['mean']:.0f} "
                         f"turns instead of {before['length']['mean']:.0f}, and {cost}.")
    stalled = [e for e in ids if any(k != "completed" for k in plain[e]["outcomes"])]
    lines.append("- Every race ended by completion; none ran out of cards or reached the turn limit."
                 if not stalled else "- Some races stalled until the cards or the turn limit ran out: "
                 + ", ".join(f"`{e}`" for e in stalled) + ".")
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
    body: list[str] = []
    found: dict = {}
    for edition in ids:
        body += section(edition, args.games, args.seed, args.jobs, found)
        print(f"{edition} done", file=sys.stderr)
    body = findings(found, ids) + body
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
