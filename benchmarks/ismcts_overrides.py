"""Benchmark (not a test): how good are the moves the ismcts bot chooses over its prior's?

Usage: python benchmarks/ismcts_overrides.py [--games N] [--first D] [--budget B] [--margin M]
                                             [--playout P] [--infer] [--rollouts R] [--against BOT]
                                             [--edition E]
Plays two-seat games of the search bot (seats alternating, deal numbers from --first, game seed
1,000,000 + deal as in ismcts_vs_greedy.py) against a rule bot. Wherever the search overrules its prior
(the expert rule), both moves are scored by R rule rollouts to the end from the real table: the judge
knows the rival's hand (the draw pile is reshuffled for each rollout, the same way for both moves), the
searching side plays the expert rule and the rival its own. Prints the overrulings, their mean gain in
games won with its standard error, and the gain per game: far less noisy than whole games, since only
the choices that differ are judged. The judge reads hidden cards; the bot it judges does not.
"""
from __future__ import annotations

import argparse
import math
import time

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot
from touring_dsl.engine import new_game
from touring_dsl.engine.moves import code_of
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search import ismcts
from touring_dsl.bots.search.infer import policy
from touring_dsl.bots.greedy import STYLES

from arguments import checked

SEED_BASE = 1_000_000


def judged(game, code: int, side: int, rollouts: int, mine, theirs) -> float:
    """The share of games `side` wins after move `code`, rule against rule, over reshuffled draw piles."""
    t = game.t
    won = 0.0
    for i in range(rollouts):
        table = game.clone(Rng(i + 1))
        Rng(i * 7919 + 13).shuffle(table.draw)
        table.apply_code(code)
        while not table.is_over:
            seat = table.to_act
            s = t.side_of[seat]
            table.apply_code((mine if s == side else theirs)(table, seat, s, table.play_codes()))
        won += 1.0 if table.winner == side else 0.5 if table.winner is None else 0.0
    return won / rollouts


def gains_in_game(ruleset, args, n: int) -> tuple[list[float], int]:
    """Game n: the judged gain of each overruling, and the search bot's decisions."""
    deal, searcher = args.first + n // 2, n % 2
    game = new_game(ruleset, 2, SEED_BASE + deal)
    t = game.t
    bot = make_bot(f"ismcts:{args.budget}", ruleset)
    bot.infer = args.infer
    prior, rival = make_bot("expert", ruleset), make_bot(args.against, ruleset)
    mine, theirs = policy(t, STYLES["expert"]), policy(t, STYLES[args.against])
    rng = Rng(deal)
    gains, decisions = [], 0
    while not game.is_over:
        seat = game.to_act
        view, legal = game.view(seat), game.legal_moves()
        if seat != searcher:
            game.apply(rival.choose(view, legal, rng))
            continue
        move = bot.choose(view, legal, rng)
        favourite = prior.choose(view, legal, rng)  # the expert rule draws nothing from the generator
        decisions += 1
        if move != favourite:
            side = t.side_of[seat]
            gains.append(judged(game, code_of(t, move), side, args.rollouts, mine, theirs)
                         - judged(game, code_of(t, favourite), side, args.rollouts, mine, theirs))
        game.apply(move)
    return gains, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--first", type=int, default=0, help="number of the first deal (default 0)")
    parser.add_argument("--budget", default="100", help="ismcts iterations or seconds (default 100)")
    parser.add_argument("--margin", type=float, default=ismcts.PRIOR_MARGIN)
    parser.add_argument("--playout", default=ismcts.PLAYOUT, help='"random" or a rule with turns ("expert:4")')
    parser.add_argument("--infer", action="store_true", help="the search infers the rival's hand")
    parser.add_argument("--rollouts", type=int, default=60, help="judge's rollouts per move (default 60)")
    parser.add_argument("--against", default="greedy", choices=sorted(STYLES))
    parser.add_argument("--edition", default="touring-1937")
    args = checked(parser, parser.parse_args())
    ismcts.PRIOR_MARGIN, ismcts.PLAYOUT = args.margin, args.playout
    ruleset = load(args.edition)
    start = time.perf_counter()
    gains, decisions = [], 0
    for n in range(args.games):
        more, seen = gains_in_game(ruleset, args, n)
        gains += more
        decisions += seen
    mean = sum(gains) / max(len(gains), 1)
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(len(gains) - 1, 1))
    print(f"{args.edition}, ismcts:{args.budget} (margin {args.margin}, playout {args.playout}, "
          f"{'with' if args.infer else 'without'} inference) against {args.against}, {args.games} games from "
          f"deal {args.first}\n{len(gains)} overrulings in {decisions} decisions; mean gain {mean:+.4f} "
          f"(standard error {spread / math.sqrt(max(len(gains), 1)):.4f}); gain per game "
          f"{sum(gains) / max(args.games, 1):+.4f}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
