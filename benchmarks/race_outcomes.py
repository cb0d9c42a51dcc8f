"""Benchmark (not a test): how the races between two bots end, and the points margin each ending leaves.

Usage: python benchmarks/race_outcomes.py BOT AGAINST [DEALS] [FIRST] [--edition E]
Each deal (game seed 1,000,000 + deal, bot generator seeded by the deal, as in score_terms.py) is one
race played twice, BOT in seat 1 and then in seat 2. Every race is classed by who completed it (BOT,
AGAINST, or nobody: the cards ran out) and whether it was lengthened in play (a race extended past the
length dealt); for each class, its share of the races and BOT's mean race points margin over its rival
(docs/bots.md: where the scorer loses races to greedy).
"""
from __future__ import annotations

from collections import Counter

from touring_dsl.language.archive import load
from touring_dsl.engine.rules.scoring import score_race
from touring_dsl.bots.strategy import knowledge_for

from score_terms import races_played, read_arguments


def main() -> None:
    args = read_arguments(__doc__.splitlines()[0])
    ruleset = load(args.edition)
    if ruleset.scoring is None:
        raise SystemExit(f"race_outcomes.py: {args.edition} scores no races")
    dealt = knowledge_for(ruleset, 2, None).target
    races, margins = Counter(), Counter()
    for seat, game in races_played(ruleset, args):
        points = [score.total for score in score_race(game)]
        who = "nobody" if game.outcome != "completed" else args.bot if game.winner == seat else args.against
        lengthened = max(game.miles) > dealt
        key = f"{who} completes{', race extended' if lengthened else ''}"
        races[key] += 1
        margins[key] += points[seat] - points[1 - seat]
    total = sum(races.values())
    print(f"{args.edition}: {total} races ({args.deals} deals from {args.first}, seats swapped), {args.bot} against {args.against}")
    print(f"{'how the race ended':40} {'races':>7} {'margin':>8} {'share of margin':>16}")
    for key in sorted(races):
        print(f"{key:40} {races[key] / total:7.1%} {margins[key] / races[key]:+8.0f} {margins[key] / total:+16.1f}")
    print(f"{'all':40} {1:7.1%} {sum(margins.values()) / total:+8.0f}")


if __name__ == "__main__":
    main()
