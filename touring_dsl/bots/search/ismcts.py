"""Search stage, the ismcts bot: information-set Monte Carlo tree search over determinizations of the hidden cards.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree, whose edges are move codes,
is grown over many determinizations (belief.sample: the unseen cards dealt at random). Each iteration
samples a table, walks down the tree choosing by UCB among the children whose moves are legal on that
table, adds one node, plays PLAYOUT_TURNS turns with the kernel's random policy, and credits every node
on the path with the evaluator's estimate of the table where the playout stopped (or the result, if the
game ended) for the side that chose it. A child's exploration term counts the iterations in which it
was available rather than the parent's visits, since different tables allow different moves.

Why so short a playout: a random player wastes the cards a good one keeps, so the results of whole
random playouts hardly depend on the move searched. Early trials against greedy (30 to 40 games each,
with an evaluation that still counted miles rather than cards): whole random playouts won 1 game in 40;
ten random turns and then the evaluation 23%, two turns 13%, one turn 33%.

Short searches are noisy, and the search's estimates are weaker than a good rule: it samples the hidden
cards uniformly (a rule-playing rival keeps its hazards and remedies, so its real hand is not uniform)
and judges tables by a hand-made evaluation. So the bot is given a prior bot (make_bot gives it the
expert rule, greedy.EXPERT) whose move it keeps unless the search values another move higher by
PRIOR_MARGIN. Measured on touring-1937 against greedy (100 duplicate deals, 200 games, at 100
iterations): the expert rule alone won 61.5%; with the search overruling it at a margin of 0.02, 55.5%;
at 0.06, 63.0%; at 0.15, 62.0%. A move's mean is only as good as its visits, so the search must also
beat the prior's move by one standard error of the difference (clearly_better): with the margin alone a
25-iteration search overruled the rule on 15% of its choices in touring-1906 and lost to greedy (46.7% of
1000 games, where the rule alone wins 57.7%). In Touring most of this bot's strength is its prior's,
and the search acts only where it finds a clear difference.

Two things meant to sharpen the search are options, off by default because neither measurably helped:
`infer` (infer.py: a two-seat rival's hand sampled among the hands under which a rule player would have
made the plays it was seen to make; in play it matches a quarter more of the rival's real cards than
uniform sampling) and PLAYOUT (a few turns of the expert rule instead of one random turn). Judged by
benchmarks/ismcts_overrides.py (each move the search chose over the prior scored against the prior's by
rule rollouts from the real table, the rival's hand known), on touring-1937 against greedy at 100
iterations, with the margin alone (before clearly_better): at a margin of 0 the search overrules the
prior on 40% of choices and each overruling loses 0.005 to 0.008 of a game whatever the sampling and
playout; at 0.06 it overrules on 1% of choices and
gains +0.023 (standard error 0.019) without inference, -0.015 (0.013) with it. Even flat Monte Carlo
that knows the rival's hand (30 paired rule rollouts to the end per move, margin 0.1) gained nothing
by that judge: the expert rule leaves little that one move of lookahead can find at this budget.
"""
from __future__ import annotations

import math
import time

from ...engine import Move, View
from ...engine.moves import code_of
from ...base.rng import Rng
from ..greedy import STYLES
from .determinize import Belief
from .evaluate import Evaluator
from .infer import Record, policy

DEFAULT_ITERATIONS = 500  # 0.03-0.04 s of CPU a move; 0.16-0.39 s wall clock (slowest 0.35-0.6 s) on a loaded 2-core machine
EXPLORATION = 0.3  # UCB constant for rewards in [0, 1]
PLAYOUT_TURNS = 1  # random turns played after the tree before the table is evaluated
PLAYOUT = "random"  # the playout's policy: "random", or a rule ("expert:4": four turns of the expert rule)
PRIOR_MARGIN = 0.06  # the search overrules the prior bot's move only when it finds one better by this much


class Node:
    """An edge of the tree: the move into it was chosen by a seat of `side`."""

    __slots__ = ("side", "visits", "available", "reward", "children")

    def __init__(self, side: int):
        self.side = side
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.children: dict[int, Node] = {}


def parse_budget(text: str | None) -> tuple[int | None, float | None]:
    """"1000" -> 1000 iterations; "0.5s" -> half a second; None or "" -> the default iterations."""
    if not text:
        return DEFAULT_ITERATIONS, None
    return read_budget(text, "ismcts", "iterations", 1000)


def read_budget(text: str, bot: str, count: str, example: int) -> tuple[int | None, float | None]:
    """A search bot's budget after its name: a positive count ("1000") or seconds ("0.5s"), as
    (count, None) or (None, seconds); ValueError naming the bot and both forms otherwise."""
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if seconds > 0 and math.isfinite(seconds):
                return None, seconds
        elif int(text) > 0:
            return int(text), None
    except ValueError:
        pass
    raise ValueError(f"{bot} budget {text!r}: give {count} ({bot}:{example}) or seconds ({bot}:0.5s)")


class IsmctsBot:
    """Chooses by information-set Monte Carlo tree search within a budget of iterations or seconds."""

    def __init__(self, ruleset=None, budget: str | None = None, prior=None, infer: bool = False):
        self.ruleset = ruleset
        self.prior = prior  # a bot whose move stands unless the search finds a clearly better one
        self.iterations, self.seconds = parse_budget(budget)
        self.name = f"ismcts:{budget}" if budget else "ismcts"
        self.infer = infer  # sample a two-seat rival's hand by what it was seen to play (infer.py), not uniformly
        self.records: dict[int, Record] = {}  # per seat: the rival turns it saw (a bot may play several seats)

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        if not self.infer:
            if len(legal_moves) == 1:  # a forced move needs no table (inference must still watch it, below)
                return legal_moves[0]
            return self._choose(Belief(view), None, view, legal_moves, rng)
        belief = Belief(view)
        record = self.records.setdefault(view.seat, Record())
        record.observe(belief)  # at every decision, even one with a single move: the record must not miss a turn
        move = self._choose(belief, record, view, legal_moves, rng)
        record.remember(belief, code_of(belief.seen.t, move))
        return move

    def _choose(self, belief: Belief, record: Record | None, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.pending is not None and self.prior is not None:
            # a counter question is answered by the rule at once: a search only when the seat holds a
            # counter would let the table time the bot and learn that it holds one
            return self.prior.choose(view, legal_moves, rng.fork(1))
        t = belief.seen.t
        by_code = {code_of(t, move): move for move in legal_moves}
        # a race won now needs no search (and a noisy one could miss it by the margin); judged on a dealt
        # table, whose draw pile a mechanic's answer may draw from (the public table's is empty)
        won = winning_code(belief.sample(rng.fork(3)), by_code)
        if won is not None:
            return by_code[won]
        if record is not None:
            belief.infer(record, rng.fork(2))
        root = search(belief, rng, self.iterations, self.seconds, playout_for(t))
        # only moves legal at the real table: a view does not show every pause (a discard down to the
        # hand limit looks like a turn's start), so a sample may allow moves the seat cannot make
        children = {c: node for c, node in root.children.items() if c in by_code}
        if not children:
            return self.prior.choose(view, legal_moves, rng) if self.prior is not None else legal_moves[0]
        code = max(children, key=lambda c: (children[c].visits, children[c].reward))
        if self.prior is not None:
            favourite = code_of(t, self.prior.choose(view, legal_moves, rng.fork(1)))
            # a prior's move the search never tried (a tiny budget, or one no sample allowed) stands too
            if favourite not in children or not clearly_better(children[code], children[favourite]):
                code = favourite
        return by_code[code]


def clearly_better(node: Node, than: Node) -> bool:
    """Whether node's mean reward beats than's by PRIOR_MARGIN plus one standard error of the difference.

    A reward lies in [0, 1], so its standard deviation is at most 0.5: with a handful of visits each the
    error term alone is 0.2 or more, and a small search keeps its prior (at 25 iterations the bare margin
    let noise overrule the rule on 15% of its choices in touring-1906, and lose to greedy)."""
    error = 0.5 * math.sqrt(1 / node.visits + 1 / than.visits)
    return mean(node) > mean(than) + PRIOR_MARGIN + error


def winning_code(seen, codes) -> int | None:
    """A move that completes the seat's race at once, found on the table it sees (no hidden card can
    change a race completed by the seat's own card)."""
    side = seen.t.side_of[seen.to_act]
    for code in codes:
        game = seen.clone()
        game.apply_code(code)
        if game.is_over and game.outcome == "completed" and game.winner == side:
            return code
    return None


def mean(node: Node) -> float:
    return node.reward / node.visits if node.visits else 0.0


def playout_for(t) -> "Playout":
    """The playout PLAYOUT names."""
    name, _, turns = PLAYOUT.partition(":")
    if name == "random":
        return Playout(t, int(turns or PLAYOUT_TURNS))
    return RulePlayout(t, int(turns or PLAYOUT_TURNS), policy(t, STYLES[name]))


class Playout:
    """Plays a sampled table on from a leaf and says what each side got."""

    def __init__(self, t, turns: int):
        self.turns, self.limit = turns, t.turn_limit
        self.evaluator = Evaluator(t)

    def rewards(self, game, rng: Rng) -> list[float]:
        if game.is_over:
            return result(game)
        if not self.turns:
            return self.evaluator.rewards(game)
        # the kernel ends a game once its turn count reaches the turn limit: a copy whose count is set
        # that many turns short of the limit is played on for exactly that many turns
        cut = game.turns + self.turns < self.limit
        if cut:
            game.turns = self.limit - self.turns
        game.run_random(rng)
        if cut and game.outcome == "turn-limit":
            return self.evaluator.rewards(game)
        return result(game)


class RulePlayout(Playout):
    """Plays a few turns of a rule (every seat) from a leaf, then evaluates the table."""

    def __init__(self, t, turns: int, choose):
        super().__init__(t, turns)
        self.choose, self.side_of = choose, t.side_of

    def rewards(self, game, rng: Rng) -> list[float]:
        stop = game.turns + self.turns
        choose, side_of = self.choose, self.side_of
        while not game.is_over and game.turns < stop:
            seat = game.to_act
            game.apply_code(choose(game, seat, side_of[seat], game.play_codes()))
        return result(game) if game.is_over else self.evaluator.rewards(game)


def search(belief: Belief, rng: Rng, iterations: int | None, seconds: float | None, playout: Playout) -> Node:
    """Grow the tree for `iterations` iterations, or as many as fit in `seconds`; return its root."""
    root = Node(-1)
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while iterations is None or done < iterations:
        if deadline is not None and done % 8 == 0 and time.perf_counter() > deadline and done:
            break
        iterate(root, belief.sample(rng), rng, playout)
        done += 1
    return root


def iterate(root: Node, game, rng: Rng, playout: Playout) -> None:
    """One iteration on one sampled table: select, expand, play out, credit."""
    side_of = game.t.side_of
    node, path = root, []
    log, sqrt = math.log, math.sqrt
    while not game.is_over:
        codes = game.legal_codes()
        children = node.children
        untried = []
        for c in codes:
            child = children.get(c)
            if child is None:
                untried.append(c)
            else:
                child.available += 1
        if untried:
            code = untried[rng.below(len(untried))]
            node = children[code] = Node(side_of[game.to_act])
            game.apply_code(code)
            path.append(node)
            break
        best, best_score = 0, -1.0
        for c in codes:
            child = children[c]
            score = child.reward / child.visits + EXPLORATION * sqrt(log(child.available) / child.visits)
            if score > best_score:
                best, best_score = c, score
        node = children[best]
        game.apply_code(best)
        path.append(node)
    rewards = playout.rewards(game, rng)
    for node in path:
        node.visits += 1
        node.reward += rewards[node.side]


def result(game) -> list[float]:
    """Each side's share of a finished game: 1 to the winner, split evenly between sides tied on miles."""
    sides = game.t.sides
    if game.winner is not None:
        rewards = [0.0] * sides
        rewards[game.winner] = 1.0
        return rewards
    best = max(game.miles)
    leaders = [s for s in range(sides) if game.miles[s] == best]
    return [1.0 / len(leaders) if s in leaders else 0.0 for s in range(sides)]
