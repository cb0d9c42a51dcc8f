"""Benchmark (not a test): two bots in whole matches (or single races), as duplicate deals.

Usage: python benchmarks/duel_matches.py --bot B --against A [--edition E] [--deals N] [--first D]
                                         [--jobs J] [--results FILE]
Each deal is a match seed (1,000,000 + deal number): the match is played twice, bot B in seat 1 and
then in seat 2, with the same races dealt (engine.match: every race's seed comes from the match seed
and the race's number) and the same bot generators, so luck of the cards largely cancels out. A match
won counts 1, undecided 1/2. Prints B's share of the matches with its 95% Wilson interval, the share
of the deals on which B won both matches, lost both or split, the mean races per match, B's mean
points per race over its rival's and B's CPU seconds a move (time.process_time around its choices). In an edition that plays no match, each deal is one race (seed and bot
generator as in ismcts_vs_greedy.py), and the margin is in miles.
With --results every deal is appended to a JSON-lines file as it finishes and a rerun skips the deals
already there (per edition and pair of bots), so a long run can be resumed or split.
A bot may be a variant with its constants changed, "rollout:600+horizon=32+guard=1.5" (bot_variants.py).
"""
from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

from touring_dsl.language.archive import load
from touring_dsl.bots.players import play
from touring_dsl.engine import new_game
from touring_dsl.engine.match import play_match
from touring_dsl.base.rng import Rng
from touring_dsl.simulate.stats import wilson

from arguments import checked
from bot_variants import make_variant as make_bot
from results_file import play_and_keep, results_rows

SEED_BASE = 1_000_000


class Timed:
    """A bot whose choices are timed in CPU seconds (time.process_time: the other processes on a shared
    machine are not counted), to report what bot B costs a move."""

    def __init__(self, bot):
        self.bot, self.name, self.seconds = bot, bot.name, []

    def choose(self, view, legal_moves, rng):
        start = time.process_time()
        move = self.bot.choose(view, legal_moves, rng)
        self.seconds.append(time.process_time() - start)
        return move


def play_deal(task: tuple) -> dict:
    edition, bot, against, deal = task
    ruleset = load(edition)
    scores, races, margins, seconds = [], [], [], []
    for seat in (0, 1):
        bots = [make_bot(against, ruleset), make_bot(against, ruleset)]
        bots[seat] = timed = Timed(make_bot(bot, ruleset))
        seconds.append(timed.seconds)
        if ruleset.scoring is None or ruleset.scoring.match is None:  # an edition of single races
            game = play(new_game(ruleset, 2, SEED_BASE + deal), bots, Rng(deal))
            scores.append(0.5 if game.winner is None else float(game.winner == seat))
            races.append(1)
            margins.append(game.miles[seat] - game.miles[1 - seat])
            continue
        match = play_match(ruleset, 2, SEED_BASE + deal,
                           lambda game: play(game, bots, Rng(game.seed ^ 0x5DEECE66D)))
        scores.append(0.5 if match.winner is None else float(match.winner == seat))
        races.append(len(match.races))
        totals = match.totals
        margins.append((totals[seat] - totals[1 - seat]) / len(match.races))
    return {"edition": edition, "bot": bot, "against": against, "deal": deal, "scores": scores,
            "races": races, "margins": margins,
            "cpu": {"moves": sum(len(t) for t in seconds), "seconds": round(sum(map(sum, seconds)), 4),
                    "slowest": round(max((max(t, default=0.0) for t in seconds), default=0.0), 4)}}



def summary(rows: list[dict]) -> str:
    if not rows:
        return "no deals"
    scores = [s for r in rows for s in r["scores"]]
    wins, games = sum(scores), len(scores)
    low, high = wilson(wins, games)
    both = sum(1 for r in rows if sum(r["scores"]) == 2)
    none = sum(1 for r in rows if sum(r["scores"]) == 0)
    deal_margins = [sum(r["margins"]) / 2 for r in rows]
    m = sum(deal_margins) / len(deal_margins)
    sd = math.sqrt(sum((x - m) ** 2 for x in deal_margins) / max(1, len(deal_margins) - 1))
    races = sum(sum(r["races"]) for r in rows) / games
    # the two matches of a deal are not independent: an interval over deals (each scoring 0, 1/2 or 1)
    per_deal = [sum(r["scores"]) / 2 for r in rows]
    p = sum(per_deal) / len(per_deal)
    spread = math.sqrt(sum((x - p) ** 2 for x in per_deal) / max(1, len(per_deal) - 1)) / math.sqrt(len(per_deal))
    timed = [r["cpu"] for r in rows if "cpu" in r]  # rows written before moves were timed have none
    moves = sum(c["moves"] for c in timed)
    cpu = (f"\nbot {rows[0]['bot']}: {sum(c['seconds'] for c in timed) / moves:.3f} s of CPU a move on average, "
           f"slowest {max(c['slowest'] for c in timed):.3f} s ({moves} moves of {len(timed)} deals)") if moves else ""
    first = rows[0]
    deals = sorted(r["deal"] for r in rows)
    unit = "matches" if any(n > 1 for r in rows for n in r["races"]) else "games"
    return (f"{first['edition']}: {first['bot']} against {first['against']}, {len(rows)} deals "
            f"({deals[0]}-{deals[-1]}), each deal played twice with the seats swapped\n"
            f"{unit} won {wins:g} of {games}: {wins / games:.1%}, 95% Wilson interval {low:.1%} to {high:.1%} "
            f"(over deals: {p - 1.96 * spread:.1%} to {p + 1.96 * spread:.1%})\n"
            f"deals won twice {both}, lost twice {none}, split {len(rows) - both - none}; "
            f"{races:.1f} races per match; points (miles where races score none) per race over the rival {m:+.0f} (95% +- {1.96 * sd / math.sqrt(len(rows)):.0f})"
            f"{cpu}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", required=True)
    parser.add_argument("--against", required=True)
    parser.add_argument("--edition", default="mille-bornes")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=300_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--results", type=Path)
    args = checked(parser, parser.parse_args())
    for name in (args.bot, args.against):
        try:
            make_bot(name)
        except ValueError as error:
            parser.error(str(error))
    key = (args.edition, args.bot, args.against)
    done: dict[int, dict] = {}
    for row in results_rows(args.results) if args.results else ():
        if (row["edition"], row["bot"], row["against"]) == key:
            done.setdefault(row["deal"], row)
    deals = range(args.first, args.first + args.deals)
    rows = [done[d] for d in deals if d in done]
    tasks = [(*key, d) for d in deals if d not in done]
    play_and_keep(play_deal, tasks, args.jobs, rows, args.results, chunksize=2)
    print(summary(rows))


if __name__ == "__main__":
    main()
