"""Benchmark (not a test): where a bot's points come from, scoring term by scoring term, against another.

Usage: python benchmarks/score_terms.py BOT AGAINST [DEALS] [FIRST] [--edition E]
Each deal (game seed 1,000,000 + deal, bot generator seeded by the deal) is one race played twice, BOT
in seat 1 and then in seat 2; prints each bot's mean points a race for every scoring term of the
edition (docs/bots.md: the scorer against greedy on deals 300000 to 300299).
"""
from __future__ import annotations

import argparse
from collections import Counter

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot, play
from touring_dsl.engine import new_game
from touring_dsl.engine.rules.scoring import score_race
from touring_dsl.base.rng import Rng

from arguments import checked

SEED_BASE = 1_000_000


def read_arguments(description: str) -> argparse.Namespace:
    """BOT AGAINST [DEALS] [FIRST] [--edition E], as this script and race_outcomes.py take them."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("bot")
    parser.add_argument("against")
    parser.add_argument("deals", type=int, nargs="?", default=300)
    parser.add_argument("first", type=int, nargs="?", default=300_000)
    parser.add_argument("--edition", default="mille-bornes")
    return checked(parser, parser.parse_args())


def races_played(ruleset, args: argparse.Namespace):
    """Each deal's race played twice, BOT in seat 1 and then in seat 2: yields (BOT's seat, finished game)."""
    for deal in range(args.first, args.first + args.deals):
        for seat in (0, 1):
            bots = [make_bot(args.against, ruleset), make_bot(args.against, ruleset)]
            bots[seat] = make_bot(args.bot, ruleset)
            yield seat, play(new_game(ruleset, 2, SEED_BASE + deal), bots, Rng(deal))


def main() -> None:
    args = read_arguments(__doc__.splitlines()[0])
    ruleset = load(args.edition)
    tally = {args.bot: Counter(), args.against: Counter()}
    races = 0
    for seat, game in races_played(ruleset, args):
        races += 1
        for side, score in enumerate(score_race(game)):
            counts = tally[args.bot if side == seat else args.against]
            counts["total"] += score.total
            for line in score.lines:
                counts[line.term.what + (f" {line.term.card}" if line.term.card else "")] += line.points
    terms = sorted(set(tally[args.bot]) | set(tally[args.against]))
    print(f"{args.edition}: points a race over {races} races ({args.deals} deals from {args.first}, seats swapped)")
    print(f"{'term':32} {args.bot:>10} {args.against:>10}")
    for term in terms:
        print(f"{term:32} {tally[args.bot][term] / races:10.1f} {tally[args.against][term] / races:10.1f}")


if __name__ == "__main__":
    main()
