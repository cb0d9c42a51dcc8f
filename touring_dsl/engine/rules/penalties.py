"""Rules of play, penalties: a delay also costs its victim mileage, chosen by the attacker.

Construct: the `penalties` section (`when "Hazard" in "Zone" take N miles`, `per hour in ... take`,
`take from "Pile", ...`, `attacker chooses`, `never a larger card`). A hazard that covers a go pile in
a zone with a price also takes mileage cards from the victim's named piles (protected piles never),
worth at most what is owed (or at least it, with change, when a larger card may be taken), and as
much as that allows (`take the full forfeit`) or any part of it (`take up to the forfeit`). Which
cards is the attacker's choice, so each possible choice ("take") is its own move: the code carries a
take id (TAKES[take] lists (pile card, how many)). The choices are enumerated by engine.penalties and
offered by Legal.penalty_plays; this module offers them and applies the chosen one.
"""
from __future__ import annotations

from ..emitter import Emitter
from ..codec import TAKE



def plays_with_takes(e: Emitter) -> None:
    """Attacks on `victim` that cost mileage: one play per possible take (inside the victims loop)."""
    with e.w.block(f"if m & {e.t.pen_hazards}:"):
        e.w("codes += self.penalty_plays(m, victim)")
        e.w("continue")


def forfeit_take(e: Emitter) -> None:
    """Victim v gives up the cards of the take the move names, onto the discard pile."""
    w = e.w
    w(f"take = {TAKE.of()}")
    with w.block("if take:"):
        w("counts = mileage_counts[v]")
        with w.block("for p, n in TAKES[take]:"):
            w("counts[p] -= n")
            with w.block("if not counts[p]:"):
                w("has_mileage[v] &= ~(1 << p)")
            w("open_piles[v] |= 1 << p", "miles[v] -= n * MILES[p]", "remaining[v] += n", "discard.extend([p] * n)")
            e.event('"penalty"', "seat", "v", "NAMES[p]", 'f"side {v + 1} forfeits {n} x {NAMES[p]}"')
