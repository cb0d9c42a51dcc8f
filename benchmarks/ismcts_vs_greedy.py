"""Benchmark (not a test): the ismcts bot against greedy, as duplicate deals with the seats swapped.

Usage: python benchmarks/ismcts_vs_greedy.py [--deals N] [--first D] [--budget B] [--edition E]
                                             [--jobs J] [--results FILE] [--against BOT]
                                             [--infer] [--margin M] [--playout P]
Each deal (game seed 1,000,000 + deal number) is played twice with the same cards and the same bot
generator: ismcts in seat 1 against greedy in seat 2, then the seats swapped, so luck of the deal
cancels out. A win counts 1, a tie 1/2. Prints wins, games, the win rate with its 95% Wilson
interval, and the seconds the ismcts bot spent per move (wall clock, mean and largest).
With --results, every deal is appended to a JSON-lines file as it finishes; deals already in the
file (for the same edition, players and budget) are skipped, so a long run can be resumed or
split into chunks, and the summary covers the whole file.
--against plays another bot (such as expert, the search bot's prior) in greedy's place; --infer,
--margin and --playout set the search bot's inference, PRIOR_MARGIN and playout (for experiments; without
them the bot plays as `--bots ismcts:B` does);
each is part of a row's key, so that one file can hold several settings.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot, play
from touring_dsl.engine import new_game
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search import ismcts
from touring_dsl.simulate.stats import wilson

from arguments import checked
from results_file import play_and_keep, results_lines

SEED_BASE = 1_000_000


class Timed:
    """A bot wrapper that records the wall-clock seconds of each choice, and the CPU seconds in all
    (on a loaded machine the wall clock also counts the time other processes had the cores)."""

    def __init__(self, bot):
        self.bot, self.name, self.seconds, self.cpu = bot, bot.name, [], 0.0

    def choose(self, view, legal_moves, rng):
        start, cpu = time.perf_counter(), time.process_time()
        move = self.bot.choose(view, legal_moves, rng)
        self.seconds.append(time.perf_counter() - start)
        self.cpu += time.process_time() - cpu
        return move


def play_deal(task: tuple) -> dict:
    """Both games of one deal: ismcts's score in each seat, and its seconds per move."""
    edition, players, budget, against, setting, deal = task
    ruleset = load(edition)
    configure(setting)
    scores, seconds, turns, cpu = [], [], [], 0.0
    for seat in range(players):
        bot = make_bot("ismcts" if budget == "default" else f"ismcts:{budget}", ruleset)
        bot.infer = setting["infer"]
        search = Timed(bot)
        bots = [make_bot(against, ruleset) for _ in range(players)]
        bots[seat] = search
        game = play(new_game(ruleset, players, SEED_BASE + deal), bots, Rng(deal))
        side = game.side_of(seat)
        scores.append(1.0 if game.winner == side else 0.5 if game.winner is None else 0.0)
        seconds.extend(search.seconds)
        cpu += search.cpu
        turns.append(game.turns)
        if players > 2:
            break  # seat swaps are a 2-player notion; more seats play ismcts in seat 1 only
    return {"edition": edition, "players": players, "budget": budget, "against": against, **setting,
            "deal": deal, "scores": scores,
            "turns": turns, "moves": len(seconds), "seconds": round(sum(seconds), 4), "cpu": round(cpu, 4),
            "slowest": round(max(seconds, default=0.0), 4)}


def configure(setting: dict) -> None:
    """Set the search's module constants for an experiment (in this process)."""
    if "margin" in setting:
        ismcts.PRIOR_MARGIN = setting["margin"]
    if "playout" in setting:
        ismcts.PLAYOUT = setting["playout"]


def key_of(row: dict) -> tuple:
    """What a row was played with: rows written before --against and the settings existed played greedy
    with the defaults and without inference."""
    setting = {"infer": False, **{name: row[name] for name in SETTINGS if name in row}}  # no inference before
    return (row["edition"], row["players"], row["budget"], row.get("against", "greedy"), tuple(sorted(setting.items())))


SETTINGS = ("infer", "margin", "playout")



def summary(rows: list[dict]) -> str:
    scores = [s for row in rows for s in row["scores"]]
    games, wins = len(scores), sum(scores)
    ties = sum(1 for s in scores if s == 0.5)
    low, high = wilson(wins, games)
    moves = sum(row["moves"] for row in rows)
    per_move = sum(row["seconds"] for row in rows) / max(moves, 1)
    timed = [row for row in rows if "cpu" in row]  # rows written before CPU time was recorded lack it
    cpu = sum(row["cpu"] for row in timed) / max(sum(row["moves"] for row in timed), 1)
    cpu_text = f"; CPU {cpu:.4f} s" if timed else ""
    slowest = max((row["slowest"] for row in rows), default=0.0)
    turns = sum(sum(row["turns"]) for row in rows) / max(games, 1)
    first = rows[0] if rows else {"edition": "?", "players": "?", "budget": "?"}
    setting = "".join(f", {name} {first[name]}" for name in SETTINGS if name in first)
    return (f"{first['edition']}, {first['players']} players, ismcts:{first['budget']}{setting} against "
            f"{first.get('against', 'greedy')}, {len(rows)} deals (seats swapped)\n"
            f"wins {wins:g} of {games} games ({ties} ties count 1/2): rate {wins / max(games, 1):.3f}, "
            f"95% Wilson interval {low:.3f} to {high:.3f}\n"
            f"ismcts: {per_move:.4f} s per move (wall clock, mean{cpu_text}), slowest move {slowest:.3f} s; "
            f"{turns:.1f} turns per game")


def read_rows(path: Path, key: tuple) -> dict[int, dict]:
    """The deals in a results file for one (edition, players, budget), each once (chunks run side by
    side may both have played a deal)."""
    rows: dict[int, dict] = {}
    for line in results_lines(path):
        row = json.loads(line)
        if key_of(row) == key:
            rows.setdefault(row["deal"], row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals, each played twice (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="number of the first deal (default 0)")
    parser.add_argument("--budget", default="200",
                        help='ismcts budget: iterations, seconds ("0.5s") or "default" (default 200)')
    parser.add_argument("--edition", default="touring-1937")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--results", type=Path, help="JSON-lines file of finished deals (appended, resumed)")
    parser.add_argument("--against", default="greedy", help="the bot in the other seats (default greedy)")
    parser.add_argument("--infer", action="store_true", help="infer the rival's hand from its plays (search/infer.py)")
    parser.add_argument("--margin", type=float, help="the search's PRIOR_MARGIN (default: the bot's own)")
    parser.add_argument("--playout", help="the search's playout policy (default: the bot's own)")
    args = checked(parser, parser.parse_args())
    setting = {"infer": args.infer}
    if args.margin is not None:
        setting["margin"] = args.margin
    if args.playout is not None:
        setting["playout"] = args.playout
    key = (args.edition, args.players, args.budget, args.against, tuple(sorted(setting.items())))
    done = read_rows(args.results, key) if args.results else {}
    tasks = [(*key[:4], setting, deal) for deal in range(args.first, args.first + args.deals) if deal not in done]
    rows = [done[d] for d in range(args.first, args.first + args.deals) if d in done]
    play_and_keep(play_deal, tasks, args.jobs, rows, args.results)
    if args.results:
        rows = list(read_rows(args.results, key).values())
    print(summary(rows))


if __name__ == "__main__":
    main()
