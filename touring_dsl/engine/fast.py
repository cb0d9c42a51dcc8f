"""Engine stage, fast playouts: whole games with the random policy, in the ruleset's generated loop."""
from __future__ import annotations

from ..base.rng import Rng


def run_random(game, rng: Rng) -> None:
    """Play `game` to its end as the random bot would: a uniform distinct legal play, else a
    uniformly random card of the hand discarded. Same choices and generator draws as
    bots.rule_bots.RandomBot; the loop is the ruleset's generated run_random (see codegen)."""
    game.run_random(rng)
