"""Engine stage, derived state: what the public piles of a table imply, recomputed outside the kernel.

A constructed position (engine.position) and a table rebuilt from a View (engine.rebuild) lay out the
piles a seat sees; the state the kernel keeps as a cache of them is worked out here: the go pile state a
go pile implies (a mechanic may read the pile its own way: its go_pile_state) and the mileage totals,
open piles and cards still needed. (A safety's shield: mechanics.safeties, SAFETIES.laid.)
"""
from __future__ import annotations

from .mechanics import target_now
from .tables import EMPTY, GO, HAZARD, REMEDY, RUNNING


def go_pile_state(game, s: int) -> int:
    """The go pile state side s's pile implies: the core's replay, unless a mechanic it uses says otherwise."""
    for mechanic in game.t.mechanics:
        found = mechanic.go_pile_state(game, s)
        if found is not None:
            return found
    return pile_state(game.t, game.go_piles[s])


def pile_state(t, pile: list[int]) -> int:
    """The go pile state its cards imply, replaying them bottom first (leniently)."""
    state = EMPTY
    for c in pile:
        kind = t.kind[c]
        if kind == GO:
            state = RUNNING
        elif kind == HAZARD and t.haz_state[c] >= 0:
            state = t.haz_state[c]
        elif kind == REMEDY:
            nxt = t.after[state][c]
            if nxt < 0:  # a remedy out of turn: find the chain step it completes
                nxt = next((t.after[st][c] for st in range(2, len(t.onto)) if t.after[st][c] >= 0), state)
            state = nxt
    return state


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
