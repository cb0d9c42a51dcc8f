"""Rules of play, counters: a card shown out of turn that cancels a hazard as it is played.

Construct: `card "C" counter cancels "Hazard", ...` in the deck (and the compiled ruleset's counters).
When a hazard a counter cancels is played on a side, the first seat of that side (in turn order after
the attacker) holding such a counter is asked, before the hazard acts: it may show the counter (both
cards go to the discards, the hazard does nothing, and the responder draws back up to a full hand) or
let the hazard pass. While the question is open (`pending`), no turn passes; afterwards play goes on
from the attacker.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..tables import COUNTER_WITH
from . import hands, races

if TYPE_CHECKING:
    from ..codegen import Emitter


def responses(e: Emitter) -> None:
    """codes = the counters the asked seat holds against the pending hazard, then declining."""
    e.w("_fit = hmask[seat] & COUNTERS_FOR[pending[1]]",
        f"codes = tuple(COUNTER_CODE[_c] for _c in BITS[_fit]) + ({e.t.decline_code},)")


def offer(e: Emitter) -> None:
    """Before hazard c acts on side v: if a seat of v holds a counter to it, ask that seat first."""
    w, t = e.w, e.t
    w("fits = COUNTERS_FOR[c]", "responder = -1")
    with w.block("if fits:"):
        with w.block(f"for step in range(1, {t.players}):"):
            w(f"other = (seat + step) % {t.players}")
            with w.block(f"if {e.side('other')} == v and hmask[other] & fits:"):
                w("responder = other", "break")
    with w.block("if responder >= 0:"):
        w("pending = (seat, c, v)", "seat = responder")
        e.pause()


def respond(e: Emitter) -> None:
    """Answer a pending hazard: counter with card c (action COUNTER_WITH) or decline; then the
    turn goes on from the attacker."""
    w, t = e.w, e.t
    w("attacker, hazard, v = pending", "pending = None")
    with w.block(f"if code & 3 == {COUNTER_WITH}:"):
        w("hand = hands[seat]", "hm = hmask[seat]")
        hands.leave_hand(e)
        w("discard.append(hazard)", "discard.append(c)")
        e.event('"counter"', "seat", "v", "NAMES[c]",
                'f"player {seat + 1} shows {NAMES[c]}: {NAMES[hazard]} is cancelled"')
        with w.block(f"if REDRAW[c] and len(hand) < {t.hand_size}:"):
            hands.draw_cards(e, "seat", f"{t.hand_size} - len(hand)")
    with w.block("else:"):
        e.event('"decline"', "seat", "v", "None", 'f"player {seat + 1} lets it pass"')
        races.remove_mileage(e, "attacker", "hazard")
    w("seat = attacker")
