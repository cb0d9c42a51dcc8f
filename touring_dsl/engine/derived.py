"""Engine stage, derived state: what the public piles of a table imply, recomputed outside the kernel.

A constructed position (engine.position) and a table rebuilt from a View (engine.rebuild) lay out the
piles a seat sees; the state the kernel keeps as a cache of them is worked out here: the go pile state a
go pile implies (a mechanic may read the pile its own way: its go_pile_state) and the mileage totals,
open piles and cards still needed. (A safety's shield: mechanics.safeties, SAFETIES.laid.)
"""
from __future__ import annotations

from .mechanics import target_now
from ..mechanics.delays import DELAYS


def go_pile_state(game, s: int) -> int:
    """The go pile state side s's pile implies: the core's replay, unless a mechanic it uses says otherwise."""
    for mechanic in game.t.mechanics:
        found = mechanic.go_pile_state(game, s)
        if found is not None:
            return found
    return DELAYS.pile_state(game.t, game.go_piles[s])  # the core's replay (mechanics.delays)


def recount(game) -> None:
    """Mileage totals, open and started piles, cards still needed and legality masks from the mileage counts."""
    t = game.t
    target = target_now(game)  # a mechanic (the Extension) may have moved it
    for s in range(t.sides):
        counts = game.mileage_counts[s]
        game.miles[s] = sum(counts[c] * t.miles[c] for c in range(t.K))
        game.has_mileage[s] = t.mask_of(c for c in range(t.K) if counts[c])
        game.open_piles[s] = t.open_mask(counts, game.miles[s], target)
        game.remaining[s] = (target - game.miles[s] if t.distance else
                             sum(max(0, t.need[c] - counts[c]) for c in t.pile_order))
    game.refresh_all()
