"""Benchmark (not a test): the rollout bot's CPU a move, and the moves it chooses, on the Python playouts
and on the compiled ones.

Usage: python benchmarks/rollout_cpu.py [--edition E] [--deals N] [--first D] [--kernel python|compiled]
                                        [--bot NAME] [--profile] [--moves FILE]
Plays deals D..D+N-1 of edition E (touring-1937 unless named), two players, the rollout bot against
`expert` in each seat in turn (duel_matches.py's deals: game seed 1,000,000 + deal, bots' generator Rng(deal)),
timing each of the rollout bot's choices with time.process_time (the other processes of a shared machine
are not counted). It prints the moves timed, the mean and slowest CPU seconds a move, and a digest of
every move chosen: two runs that print the same digest chose the same moves, move for move. --kernel sets
TOURING_KERNEL for the run (the compiled playouts need numba: the `fast` extra); --moves writes the moves
chosen, one line a decision, to compare two runs line by line; --profile prints where the time went
(cProfile, the top functions by their own time). Beside the mean it prints where a move's CPU went: the
playouts' compiled calls (bots.compiled.playouts.Decision.play), the rest of the search's values
(RolloutBot.values: packing the table, judging the ends) and everything else of a choice (the View read
into a Belief, the expert rule's own choice, the dealt table a won race is looked for on).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="touring-1937")
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--kernel", choices=("python", "compiled"), default=None)
    parser.add_argument("--bot", default="rollout")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--moves", default=None)
    args = parser.parse_args()
    if args.kernel:
        os.environ["TOURING_KERNEL"] = args.kernel
    from touring_dsl.base.rng import Rng
    from touring_dsl.bots.players import make_bot, play
    from touring_dsl.engine import new_game
    from touring_dsl.language.archive import load

    ruleset = load(args.edition)
    split = measured()
    seconds: list[float] = []
    chosen: list[str] = []

    class Timed:
        def __init__(self, bot):
            self.bot, self.name = bot, bot.name

        def choose(self, view, legal_moves, rng):
            start = time.process_time()
            move = self.bot.choose(view, legal_moves, rng)
            seconds.append(time.process_time() - start)
            chosen.append(repr(move))
            return move

    warm = time.process_time()
    bot = make_bot(args.bot, ruleset)
    game = new_game(ruleset, 2, 1)  # the first choice compiles (or loads) what the playouts need: not timed
    legal = game.legal_moves()
    bot.choose(game.view(game.to_act), legal, Rng(0))
    print(f"warm-up (loading the playouts, one choice): {time.process_time() - warm:.2f} s of CPU", flush=True)
    split.update(values=0.0, playouts=0.0)  # the moves timed only
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    results = []
    for deal in range(args.first, args.first + args.deals):
        for seat in (0, 1):
            bots = [make_bot("expert", ruleset), make_bot("expert", ruleset)]
            bots[seat] = Timed(make_bot(args.bot, ruleset))
            game = play(new_game(ruleset, 2, 1_000_000 + deal), bots, Rng(deal))
            results.append(0.5 if game.winner is None else float(game.winner == seat))
    if profiler is not None:
        import pstats

        profiler.disable()
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(18)
    moves = max(1, len(seconds))
    values, playouts = split["values"] / moves, split["playouts"] / moves
    print(f"a move's CPU: {playouts:.4f} s in the compiled playouts' calls, {values - playouts:.4f} s in the rest of "
          f"the values, {sum(seconds) / moves - values:.4f} s in the rest of the choice")
    digest = hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:16]
    print(f"{args.edition}, {args.bot} against expert, deals {args.first}..{args.first + args.deals - 1}, "
          f"kernel {os.environ.get('TOURING_KERNEL') or 'default'}: {len(seconds)} moves, "
          f"{sum(seconds) / max(1, len(seconds)):.4f} s of CPU a move on average, slowest {max(seconds, default=0):.4f} s "
          f"(move {seconds.index(max(seconds, default=0)) + 1 if seconds else 0}); "
          f"score {sum(results)}/{len(results)}; moves digest {digest}")
    if args.moves:
        with open(args.moves, "w", encoding="utf-8") as out:
            out.write("\n".join(chosen) + "\n")


def measured() -> dict:
    """CPU seconds spent in RolloutBot.values and in the compiled playouts' calls, summed as they run."""
    from touring_dsl.bots.compiled.playouts import Decision
    from touring_dsl.bots.search.pimc import RolloutBot

    split = {"values": 0.0, "playouts": 0.0}

    def timed(owner, name: str, key: str) -> None:
        inner = getattr(owner, name)

        def wrapper(*args, **kwargs):
            start = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                split[key] += time.process_time() - start
        setattr(owner, name, wrapper)

    timed(RolloutBot, "values", "values")
    timed(Decision, "play", "playouts")
    return split


if __name__ == "__main__":
    main()
