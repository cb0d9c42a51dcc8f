"""Rules of play, scoring: the points each side scores when a race ends (a match adds them up).

Construct: the `scoring` section (`score distance`, `score N for finishing`, `score N for finishing
after the deck is exhausted`, `score N per safety`, `score N for all safeties`, `score N per counter`,
`score N for a trip without "CARD"`, `score N for a shut out`, `match to N`). When a race ends, each
side scores its distance (a point per mile or km laid), so much per safety in front of it (and a bonus
for every kind), so much per counter it showed; the side that completed the race scores the finishing
bonus, more if it finished after the draw pile ran out, for a trip without the named card, and for a
shut out (no opponent laid any mileage). The scores are left in `self.scores`, side by side; a match
(engine.match) plays races until a side's total reaches `match to N`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..codegen import Emitter


def score(e: Emitter) -> None:
    """Inside finish(): self.scores = each side's points for the race just ended."""
    s, t = e.t.ruleset.scoring, e.t
    if s is None:
        return
    w = e.w
    safety_kinds = len({c for c in range(t.K) if t.safety_mask >> c & 1})
    w("scores = []")
    with w.block(f"for v in range({t.sides}):"):
        w("points = miles[v]" if s.distance else "points = 0")
        if s.safety:
            w(f"points += {s.safety} * len(spile[v])")
        if s.all_safeties and safety_kinds:
            with w.block(f"if len(set(spile[v])) == {safety_kinds}:"):
                w(f"points += {s.all_safeties}")
        if s.counter:
            w(f"points += {s.counter} * coups[v]")
        with w.block('if outcome == "completed" and winner == v:  # the side that finished the race'):
            finishing(e)
        w("scores.append(points)")
    w("self.scores = scores")


def finishing(e: Emitter) -> None:
    """The bonuses of the side that completed the race."""
    s, t, w = e.t.ruleset.scoring, e.t, e.w
    w(f"points += {s.finish}")
    if s.delayed:
        with w.block("if not self.draw:  # finished after the draw pile ran out"):
            w(f"points += {s.delayed}")
    for card, points in s.without:
        with w.block(f"if not cnt[v][{t.code[card]}]:  # a trip without {card!r}"):
            w(f"points += {points}")
    if s.shut_out:
        with w.block(f"if all(not miles[o] for o in range({t.sides}) if o != v):"):
            w(f"points += {s.shut_out}")
