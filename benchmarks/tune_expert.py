"""Benchmark (not a test): how greedy.EXPERT was found, a coordinate search over the rule's weights.

Usage: python benchmarks/tune_expert.py [--edition E] [--deals N] [--first D] [--check D] [--rounds R]
Each candidate Style plays greedy.GREEDY on N duplicate deals (each deal twice, seats swapped, inside
the simulator's kernel, so 2N games take seconds), from deal D on. Starting from GREEDY, every weight is
tried at each of a few values in turn, and a change is kept when it wins at least 0.4 points more of the
games; R passes. The Style found is then played on N deals from --check (deals not used to choose it),
and on every other edition, to see whether it only fits the edition it was tuned on.
EXPERT came from: python benchmarks/tune_expert.py --deals 1500 --first 3000 --check 9000 (touring-1937),
with zone_first and attack_zone added by hand after the first pass showed the zone card mattered.
"""
from __future__ import annotations

import argparse
import dataclasses
import time

from touring_dsl.language.archive import load

from touring_dsl.language.locate import archive_files
from touring_dsl.engine.game import game_class
from touring_dsl.engine.tables import GO, HAZARD, REMEDY, ZONE
from touring_dsl.bots.greedy import EXPERT, GREEDY, Style
from touring_dsl.base.rng import Rng
from touring_dsl.simulate import Plan
from touring_dsl.bots.kernel_rule import KernelRule
from touring_dsl.simulate.fast import loop_for

from arguments import checked

DEAL_BASE = 1_000_000  # the deal seeds of benchmarks/ismcts_vs_greedy.py
KEEP_VALUES = {GO: (25, 40, 55), REMEDY: (20, 30, 40, 55), HAZARD: (35, 50, 65, 80, 95), ZONE: (0, 10, 25)}
FIELD_VALUES = {"second": (25, 50, 75, 90), "barred": (0, 10, 20, 30), "spread": (0, 10, 20),
                "attack_zone": (None, 25, 40, 55), "zone_first": (False, True)}
BETTER_BY = 0.004


def share_against_greedy(edition: str, style: Style, deals: int, first: int) -> float:
    """The share of 2 * deals two-player games that `style` wins against GREEDY, seats swapped per deal."""
    ruleset = load(edition)
    plan = Plan(edition=edition, players=2, setup=None, bots=("greedy", "greedy"), seed=0, games=0)
    t, loop, _, _ = loop_for(ruleset, plan)
    rule, greedy = KernelRule(t, style).parts, KernelRule(t, GREEDY).parts
    counts = ([0] * t.K, [0] * t.K, [0] * t.K)
    cls = game_class(t)
    score = 0.0
    for deal in range(first, first + deals):
        for seat in (0, 1):
            rules = (rule, greedy) if seat == 0 else (greedy, rule)
            game = cls(t, DEAL_BASE + deal)
            game.deal()
            loop(game, Rng(deal), 0b11, rules, *counts)
            side = t.side_of[seat]
            score += 1.0 if game.winner == side else 0.5 if game.winner is None else 0.0
    return score / (2 * deals)


def neighbours(style: Style):
    """Styles that differ from `style` in one weight."""
    keep = dict(style.keep)
    for kind, values in KEEP_VALUES.items():
        for value in values:
            if keep.get(kind) != value:
                yield dataclasses.replace(style, keep=tuple(sorted({**keep, kind: value}.items())))
    for name, values in FIELD_VALUES.items():
        for value in values:
            if getattr(style, name) != value:
                yield dataclasses.replace(style, **{name: value})


def climb(edition: str, start: Style, deals: int, first: int, rounds: int) -> Style:
    best, best_share = start, share_against_greedy(edition, start, deals, first)
    print(f"start {best_share:.4f} {best}", flush=True)
    for _ in range(rounds):
        improved = False
        for candidate in list(neighbours(best)):
            share = share_against_greedy(edition, candidate, deals, first)
            if share > best_share + BETTER_BY:
                best, best_share, improved = candidate, share, True
                print(f"better {best_share:.4f} {best}", flush=True)
        if not improved:
            break
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="touring-1937")
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--first", type=int, default=3000)
    parser.add_argument("--check", type=int, default=9000, help="first of the held-out deals")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--from-expert", action="store_true", help="start from EXPERT rather than GREEDY")
    args = checked(parser, parser.parse_args())
    started = time.perf_counter()
    found = climb(args.edition, EXPERT if args.from_expert else GREEDY, args.deals, args.first, args.rounds)
    print(f"found: {found}")
    print(f"held-out deals of {args.edition}: {share_against_greedy(args.edition, found, args.deals, args.check):.4f}")
    for path in archive_files():
        if path.parent.name != "house" and path.stem != args.edition:
            print(f"{path.stem}: {share_against_greedy(path.stem, found, args.deals, args.check):.4f}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
