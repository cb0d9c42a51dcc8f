"""Bots stage, weighing a mechanic's question by playing it out: the scorer's answer to a race-shaping choice.

Some questions change the whole rest of a race (the Extension: stop now and score for certain, or run
longer for more points and risk the rival completing). No fixed rule answers them well, so the scorer
deals the cards it cannot see at random (search.determinize.Belief), plays each answer out to the end
of the race on the same dealt tables with the expert rule's kernel policy for every seat, and compares
the race points margin each answer leaves its side. The safe answer stands unless another beats it on
the same tables by more than `guard` standard errors of the paired difference.
"""
from __future__ import annotations

from ...engine import Move, View
from ...engine.moves import code_of
from ...engine.rules.scoring import score_race
from ...base.rng import Rng
from ..playout import rule_playout
from ..search.determinize import Belief
from ..search.pimc import clearly_better


def weigh_answers(view: View, answers: list[Move], safe: Move, rng: Rng, samples: int, guard: float) -> Move:
    """The answer with the best race points margin over `samples` dealt tables, `safe` unless clearly beaten."""
    belief = Belief(view)
    t = belief.seen.t
    to_the_end = rule_playout(t, "expert")
    side = t.side_of[belief.seen.to_act]
    codes = [code_of(t, move) for move in answers]
    margins: list[list[float]] = [[] for _ in codes]
    for _ in range(samples):
        table = belief.sample(rng)
        seed = rng.below(1 << 30)
        for i, code in enumerate(codes):
            game = table.clone(Rng(seed))
            game.apply_code(code)
            to_the_end(game)
            points = [score.total for score in score_race(game)]
            margins[i].append(points[side] - max(p for s, p in enumerate(points) if s != side))
    base = codes.index(code_of(t, safe))
    best = max(range(len(codes)), key=lambda i: sum(margins[i]))
    if best != base and clearly_better(margins[best], margins[base], guard):
        return answers[best]
    return safe
