"""Benchmark (not a test): the skill headroom, an oracle that sees every hidden card against the expert rule.

Usage: python benchmarks/oracle.py [--edition E ...] [--deals N] [--first D] [--bots B,...] [--jobs J]
                                   [--results FILE] [--plot PNG]
The oracle is a benchmark tool, never a bot a user can pick: at each of its decisions it copies the
real table (every hand, the draw pile in its order, the generator of any reshuffle), plays each legal
move on a copy and then the expert rule for every seat to the end of the race, and keeps the move whose
race came out best for its side (a win, then the miles margin; in an edition that scores races, the
points margin of the race). Against the expert rule that rollout is an exact forecast of the rival, so
the oracle is perfect-information one-move lookahead: a lower bound on what seeing everything is worth.

Two weaker oracles take away one kind of knowledge each, to say what the edge is made of:
`oracle-draw` sees every hand and the draw pile in its order but not the generator of a reshuffle (one
rollout a move, reshuffling afresh); `oracle-hand:N` sees the other hands but not the draw (the rollout
bot, search.pimc, dealing only the draw pile, N tables a move, played to the end). Name them in --bots.

Each deal (game seed 1,000,000 + deal, as in ismcts_vs_greedy.py) is played twice with the seats
swapped by each bot against expert: the oracle and every bot named in --bots (any name make_bot
knows). For each it prints the share of the games won (a tie counts 1/2) with its 95% Wilson interval
and, for editions that score races, the mean race points margin; and the share of the oracle's edge
over expert that each bot captures: (bot - 50%) / (oracle - 50%). With --plot, the same shares as a
chart (one row of markers per edition, 95% intervals as bars) in a PNG file.
"""
from __future__ import annotations

import argparse
import math
from pathlib import Path

from touring_dsl.language.archive import load
from touring_dsl.bots.players import make_bot, play
from touring_dsl.engine import new_game
from touring_dsl.engine.rules.scoring import score_race
from touring_dsl.base.rng import Rng
from touring_dsl.bots.search.pimc import RolloutBot
from touring_dsl.bots.playout import rule_playout
from touring_dsl.simulate.stats import wilson

from arguments import checked
from results_file import play_and_keep, results_rows

SEED_BASE = 1_000_000


class Oracle:
    """Chooses by playing every legal move out to the end on exact copies of the real table."""

    name = "oracle"

    def __init__(self, game, scored: bool):
        self.game, self.scored = game, scored
        self.to_the_end = rule_playout(game.t, "expert")

    def choose(self, view, legal_moves, rng):
        if len(legal_moves) == 1:
            return legal_moves[0]
        game = self.game
        side = game.side_of(game.to_act)
        best, best_value = None, None
        for move in legal_moves:
            value = self.value_after(game, game.code_of(move), side)
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best

    def value_after(self, game, code: int, side: int) -> tuple:
        twin = game.copy()  # the same draw order and the same generator state: the real future
        twin.apply_code(code)
        self.to_the_end(twin)
        won = 1 if twin.winner == side else 0 if twin.winner is None else -1
        margin = twin.miles[side] - max(m for s, m in enumerate(twin.miles) if s != side)
        if self.scored:
            points = [score.total for score in score_race(twin)]
            return (points[side] - max(p for s, p in enumerate(points) if s != side), won, margin)
        return (won, margin)


class SeesHandsAndDraw(RolloutBot):
    """Sees every hand and the draw pile in its order, but not the generator of a reshuffle: one rule
    rollout a move, as the oracle, on a copy whose reshuffles are drawn afresh."""

    def __init__(self, game, scored: bool):
        super().__init__(None, samples=1, horizon=0, margin=2.0, guard=0.0)
        self.game = game
        self.name = "oracle-draw"

    def deal(self, belief, rng):
        table = self.game.copy()
        table.rng = Rng(rng.below(1 << 30))
        return table


class SeesHands(RolloutBot):
    """Sees the other hands but not the draw pile: the rollout bot (search.pimc) dealing only the draw
    pile (and the set-aside cards) at random, played to the end of the race, `samples` tables a move."""

    def __init__(self, game, scored: bool, samples: int):
        super().__init__(None, samples=samples, horizon=0, margin=2.0, guard=1.0)
        self.game = game
        self.name = f"oracle-hand:{samples}"

    def deal(self, belief, rng):
        real = self.game
        table = belief.sample(rng)
        pool = list(belief.unseen)
        for seat, _ in belief.hidden_hands:
            table.set_hand(seat, list(real.hands[seat]))
            for card in real.hands[seat]:
                pool.remove(card)
        rng.shuffle(pool)
        table.draw, table.aside = pool[:belief.draw_size], pool[belief.draw_size:]
        return table


def oracle_for(name: str, game, scored: bool):
    """The oracle a name asks for: oracle, oracle-draw, or oracle-hand:N (N tables a move)."""
    base, _, samples = name.partition(":")
    if base == "oracle-hand":
        return SeesHands(game, scored, int(samples or 16))
    return {"oracle": Oracle, "oracle-draw": SeesHandsAndDraw}[base](game, scored)


def is_oracle(name: str) -> bool:
    return name.partition(":")[0] in ("oracle", "oracle-draw", "oracle-hand")


def play_deal(task: tuple) -> dict:
    """Both games of one deal for one bot against expert: its score, and race points margin, in each seat."""
    edition, bot_name, deal = task
    ruleset = load(edition)
    scored = ruleset.scoring is not None
    scores, margins = [], []
    for seat in (0, 1):
        game = new_game(ruleset, 2, SEED_BASE + deal)
        bot = oracle_for(bot_name, game, scored) if is_oracle(bot_name) else make_bot(bot_name, ruleset)
        bots = [make_bot("expert", ruleset), make_bot("expert", ruleset)]
        bots[seat] = bot
        play(game, bots, Rng(deal))
        side = game.side_of(seat)
        scores.append(1.0 if game.winner == side else 0.5 if game.winner is None else 0.0)
        if scored:
            points = [score.total for score in score_race(game)]
            margins.append(points[side] - points[1 - side])
    return {"edition": edition, "bot": bot_name, "deal": deal, "scores": scores, "margins": margins}



def mean_and_error(values: list[float]) -> tuple[float, float]:
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0), 0.0
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def report(rows: list[dict], editions: list[str], bots: list[str]) -> str:
    lines = []
    for edition in editions:
        share = {}
        for bot in bots:
            mine = [r for r in rows if r["edition"] == edition and r["bot"] == bot]
            if not mine:
                continue
            scores = [s for r in mine for s in r["scores"]]
            wins, games = sum(scores), len(scores)
            low, high = wilson(wins, games)
            share[bot] = wins / games
            text = (f"{edition:24} {bot:10} vs expert: {wins / games:6.1%} [{low:.1%}, {high:.1%}] "
                    f"of {games} games ({len(mine)} deals)")
            margins = [m for r in mine for m in r["margins"]]
            if margins:
                m, e = mean_and_error([sum(r["margins"]) / 2 for r in mine])
                text += f"; race points margin {m:+.0f} +- {e:.0f}"
            lines.append(text)
        edge = share.get("oracle", 0.5) - 0.5
        if edge > 0:
            for bot in bots:
                if bot != "oracle" and bot in share:
                    lines.append(f"{edition:24} {bot:10} captures {(share[bot] - 0.5) / edge:+.0%} of the oracle's edge")
    return "\n".join(lines)


def plot(rows: list[dict], editions: list[str], bots: list[str], path: Path) -> None:
    """Each bot's share against expert per edition, with its 95% interval: the skill headroom at a glance."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no screen on CI or servers
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 0.55 * len(editions) + 1.4))
    markers = "oDs^v<>"
    labelled = set()
    for b, bot in enumerate(bots):
        for e, edition in enumerate(editions):
            scores = [s for r in rows if r["edition"] == edition and r["bot"] == bot for s in r["scores"]]
            if not scores:
                continue
            share = sum(scores) / len(scores)
            low, high = wilson(sum(scores), len(scores))
            y = e + (b - (len(bots) - 1) / 2) * 0.18
            ax.errorbar([share], [y], xerr=[[max(0.0, share - low)], [max(0.0, high - share)]], fmt=markers[b % len(markers)],
                        color=f"C{b}", capsize=3, label=None if bot in labelled else bot)
            labelled.add(bot)
    ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_yticks(range(len(editions)), editions)
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of two-player games won against the expert rule (95% interval)")
    ax.set_title("Skill headroom: an oracle that sees every card, and the bots")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", action="append", help="edition (repeatable; default touring-1937 and mille-bornes)")
    parser.add_argument("--deals", type=int, default=200,
                        help="deals, each played twice (default 200; 0: report the results file only)")
    parser.add_argument("--first", type=int, default=200_000, help="number of the first deal (default 200000)")
    parser.add_argument("--bots", default="greedy,ismcts", help="bots measured beside the oracle (comma-separated)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--results", type=Path, help="JSON-lines file of finished deals (appended, resumed)")
    parser.add_argument("--plot", type=Path, help="write the shares as a chart to this PNG file")
    args = checked(parser, parser.parse_args())
    editions = args.edition or ["touring-1937", "mille-bornes"]
    bots = ["oracle"] + [b for b in args.bots.split(",") if b]
    done = {}
    for row in results_rows(args.results) if args.results else ():
        done.setdefault((row["edition"], row["bot"], row["deal"]), row)
    deals = range(args.first, args.first + args.deals)
    tasks = [(e, b, d) for e in editions for b in bots for d in deals if (e, b, d) not in done]
    rows = [done[(e, b, d)] for e in editions for b in bots for d in deals if (e, b, d) in done]
    if not args.deals:  # --deals 0: report every deal the results file holds
        rows = [row for (e, b, _), row in sorted(done.items()) if e in editions and b in bots]
    play_and_keep(play_deal, tasks, args.jobs, rows, args.results, chunksize=4)
    print(report(rows, editions, bots))
    if args.plot:
        plot(rows, editions, bots, args.plot)


if __name__ == "__main__":
    main()
