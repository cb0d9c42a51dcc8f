"""Search stage, the rollout bot: flat Monte Carlo over determinizations, every seat playing the expert rule.

At each decision with a choice, the seat deals the cards it cannot see at random (determinize.Belief),
`samples` times. On each dealt table it plays every legal move and then the expert rule for every seat
(the rule's kernel policy: a few microseconds a move) for HORIZON turns, or to the end of the race, the
same table and the same reshuffle generator for every move, so that two moves are compared on the same
cards (common random numbers). A race played out is worth 1 won, 1/2 tied, 0 lost, plus MARGIN times
the margin over the race's length (miles, or race points in an edition that scores races); a table cut
short is judged by the search's evaluator (evaluate.py). The expert rule's own move stands unless
another beats it, over the same tables, by more than GUARD standard errors of the paired difference.

Measured against the expert rule in touring-1937 (docs/bots.md, "The rollout bot"). The former
default, 48 tables judged after 16 turns (0.021 s of CPU a move): 51.5% of 200 games on fresh deals
(44.6% to 58.3%), no measurable gain; 8 turns: 49.5%; guard 1: 47.5% (overruling the rule on a fifth of
its choices); 16 or 32 tables played to the end lost (20% and 37.5% of 20 and 24 games): one move's
effect was lost in the spread of the draw, and the best of several noisy means chosen (the winner's
curse). Spending the budget: 600 tables of 16 turns (0.30 s a move) stayed level, 51.3% of 76 games
on tuning deals; 200 tables played to the end (0.37 s a move on average, up to 1.3 s at a race's first
moves) won 57.5% of 80 games on tuning deals (46.6% to 67.7%), so it is the default; on fresh deals
1109 of 2,000 games (55.5%, 53.3% to 57.6%), with its playouts in the simulator's compiled loop
(bots.playout.rule_playout: the same moves) 0.23 s of CPU a move on average, slowest 1.15 s. With numba
(the `fast` extra) a decision's tables are dealt and played out in the compiled kernel instead
(compiled_values: bots.compiled.playouts, the same tables, games and moves), some eight times less CPU
than that loop on the same deals (0.015 s a move, benchmarks/rollout_cpu.py).
benchmarks/bot_variants.py names variants with other constants for benchmarks
("rollout:600+horizon=16+guard=1.5"); benchmarks/oracle.py deals its tables from what an oracle sees
to measure what each kind of hidden card is worth.
"""
from __future__ import annotations

import math
import time

from ...engine import Move, View
from ...engine.moves import code_of
from ...engine.rules.scoring import score_race
from ..greedy import EXPERT
from ...base.rng import Rng
from ..compiled.playouts import ENDS, playouts_for
from ..playout import rule_playout
from ..rule_bots import ExpertBot
from .determinize import Belief
from .evaluate import Evaluator
from .infer import policy
from .ismcts import read_budget, winning_code

SAMPLES = 200  # tables dealt a decision (0.23 s of CPU a move in touring-1937; 0.015 s compiled: docs/bots.md)
HORIZON = 0  # turns of the rule after the move before the evaluator judges the table (0: to the end)
MARGIN = 0.25  # weight of the margin (as a share of the race's length) beside the win
GUARD = 2.0  # standard errors of the paired difference by which a move must beat the rule's


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """"200" -> 200 tables a decision; "0.5s" -> as many tables as half a second allows."""
    return read_budget(text, "rollout", "tables a decision", SAMPLES)


class RolloutBot:
    """Chooses by rule rollouts over determinizations (see the module docstring)."""

    def __init__(self, ruleset=None, budget: str | None = None, *, samples: int = SAMPLES, horizon: int = HORIZON,
                 margin: float = MARGIN, guard: float = GUARD, prior=None):
        self.ruleset = ruleset
        self.prior = prior if prior is not None else ExpertBot(ruleset)  # its move stands unless clearly beaten
        self.samples, self.seconds = samples, None
        if budget:
            self.samples, self.seconds = parse_budget(budget)
        self.horizon, self.margin, self.guard = horizon, margin, guard
        self.name = f"rollout:{budget}" if budget else "rollout"

    def choose(self, view: View, legal_moves: list[Move], rng: Rng) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        favourite = self.prior.choose(view, legal_moves, rng.fork(1))
        if view.pending is not None:  # a counter question, answered by the rule at once: a search only
            return favourite          # when the seat holds a counter would let the table time it
        belief = Belief(view)
        t = belief.seen.t
        by_code = {code_of(t, move): move for move in legal_moves}
        # a race won now needs no search; judged on a dealt table, whose draw pile a mechanic's answer
        # may draw from (the public table's is empty), and no hidden card changes a race the seat completes
        won = winning_code(self.deal(belief, rng.fork(3)), by_code)
        if won is not None:
            return by_code[won]
        codes = list(by_code)
        values = self.values(belief, codes, rng)
        best = max(range(len(codes)), key=lambda i: sum(values[i]))
        rule = codes.index(code_of(t, favourite))
        if best == rule or not self.clearly_better(values[best], values[rule]):
            return favourite
        return by_code[codes[best]]

    def deal(self, belief: Belief, rng: Rng):
        """One table the seat could be facing (an oracle deals from what it sees instead)."""
        return belief.sample(rng)

    def twin(self, table, seed: int):
        """A copy of a dealt table to play one move on, reshuffling with a generator seeded by `seed`."""
        return table.clone(Rng(seed))

    def values(self, belief: Belief, codes: list[int], rng: Rng) -> list[list[float]]:
        """Each move's value on each dealt table, the tables shared by the moves: in the compiled playouts
        where they apply (compiled_values: the same games), else here."""
        played = self.compiled_values(belief, codes, rng)
        if played is not None:
            return played
        t = belief.seen.t
        rule, side_of = policy(t, EXPERT), t.side_of
        side = side_of[belief.seen.to_act]
        length = sum(t.need[c] * t.miles[c] for c in t.pile_order) or 1
        evaluator = Evaluator(t) if self.horizon else None
        to_the_end = None if self.horizon else rule_playout(t, "expert")
        values: list[list[float]] = [[] for _ in codes]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        while (n < self.samples) if deadline is None else (n < 2 or time.perf_counter() < deadline):
            table = self.deal(belief, rng)
            seed = rng.below(1 << 30)
            for i, code in enumerate(codes):
                game = self.twin(table, seed)
                game.apply_code(code)
                if to_the_end is not None:
                    to_the_end(game)
                stop = game.turns + self.horizon
                while not game.is_over and game.turns < stop:
                    seat = game.to_act
                    game.apply_code(rule(game, seat, side_of[seat], game.play_codes()))
                if game.is_over or evaluator is None:
                    values[i].append(self.worth(game, side, length))
                else:
                    values[i].append(evaluator.rewards(game)[side])
            n += 1
        return values

    def compiled_values(self, belief: Belief, codes: list[int], rng: Rng) -> list[list[float]] | None:
        """`values` from the compiled playouts (bots.compiled.playouts), which deal the same tables with the
        same generator and play the same games inside one numba call a decision (a call a table against
        a clock); None where they do not apply: no compiled kernel here (numba missing, TOURING_KERNEL=python,
        a kernel the translation refuses), playouts cut short for the evaluator, a rival's inferred hands,
        a table waiting for a discard down to the hand size or a mechanic's answer (the compiled playouts
        start from a turn), or a subclass that deals, copies or judges its tables its own way
        (benchmarks/oracle.py). Where races score points, worth reads score_race over the whole finished
        table: each comes back whole and is judged as a kernel game (Playouts.finished)."""
        t = belief.seen.t
        mine = type(self)
        if (self.horizon or belief.rival_hands or belief.seen.pending is not None
                or mine.deal is not RolloutBot.deal or mine.twin is not RolloutBot.twin
                or mine.worth is not RolloutBot.worth):
            return None
        playouts = playouts_for(t, "expert", background=True)  # the Python playouts while numba compiles
        if playouts is None:
            return None
        decision = playouts.decision(belief.seen, belief.unseen, belief.hidden_hands, belief.draw_size, codes)
        scored = t.ruleset is not None and t.ruleset.scoring is not None
        if self.seconds is None:
            played = [decision.play(self.samples, rng, scored)]
        else:  # a table at a time, against the clock, as `values` deals them
            played, deadline = [], time.perf_counter() + self.seconds
            while len(played) < 2 or time.perf_counter() < deadline:
                played.append(decision.play(1, rng, scored))
        side, length = t.side_of[belief.seen.to_act], sum(t.need[c] * t.miles[c] for c in t.pile_order) or 1
        if not scored:
            return self.worths_of(played, side, length)
        values: list[list[float]] = [[] for _ in codes]
        for _, tables in played:
            for table in tables:
                for i, row in enumerate(table):
                    values[i].append(self.worth(playouts.finished(belief.seen, row), side, length))
        return values

    def worths_of(self, ends: list, side: int, length: int) -> list[list[float]]:
        """worth_of for every table and move of the compiled playouts' ends (arrays: table, move, column) at
        once, with numpy: the same operations on the same doubles as worth_of, so the very same values."""
        import numpy as np

        ends = np.concatenate(ends)
        winner, miles = ends[:, :, 0], ends[:, :, len(ENDS):]
        won = np.where(winner == side, 1.0, np.where(winner < 0, 0.5, 0.0))
        ahead = miles[:, :, side] - np.delete(miles, side, axis=2).max(axis=2)
        return (won + self.margin * ahead / length).T.tolist()

    def worth(self, game, side: int, length: int) -> float:
        """A race played out: 1 won, 1/2 tied, 0 lost, plus MARGIN times the margin over the race's length."""
        if game.t.ruleset is not None and game.t.ruleset.scoring is not None:
            won = 1.0 if game.winner == side else 0.5 if game.winner is None else 0.0
            points = [score.total for score in score_race(game)]
            ahead = points[side] - max(p for s, p in enumerate(points) if s != side)
            return won + self.margin * ahead / length
        return self.worth_of(-1 if game.winner is None else game.winner, game.miles, side, length)

    def worth_of(self, winner: int, miles, side: int, length: int) -> float:
        """worth() of a race that scores no points, from its winning side (-1: none) and each side's miles."""
        won = 1.0 if winner == side else 0.5 if winner < 0 else 0.0
        ahead = miles[side] - max(m for s, m in enumerate(miles) if s != side)
        return won + self.margin * ahead / length

    def clearly_better(self, mine: list[float], theirs: list[float]) -> bool:
        return clearly_better(mine, theirs, self.guard)


def clearly_better(mine: list[float], theirs: list[float], guard: float) -> bool:
    """Whether `mine` beats `theirs` on the same tables by more than `guard` standard errors of the paired
    difference (also the scorer's test when it weighs a mechanic's question: strategy.weigh)."""
    diffs = [a - b for a, b in zip(mine, theirs)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean > 0 and mean > guard * math.sqrt(spread / n)
