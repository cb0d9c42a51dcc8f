"""Rules of play, counters: a card shown out of turn that cancels a hazard as it is played.

Construct: `card "C" counter cancels "Hazard", ... [responder plays next]` in the deck (and a safety's
`cancels`, see safeties.py). When a hazard (or a zone card played on another side) that a counter
cancels is played on a side, the first seat of that side (in turn order after the attacker) holding
such a counter is asked, before the hazard acts: it may show the counter (the hazard goes to the
discards, and the counter too, or in front of the side if it is a safety; the responder draws back up
to a full hand) or let the hazard pass, and it then acts as played. While the question is open
(`pending`), no turn passes. Afterwards play goes on from the attacker, or, for a counter that says
`responder plays next`, the responder draws and takes the next turn (the seats between lose theirs).
Each side's count of hazards it countered is kept for scoring (rules.scoring).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..codec import COUNTER_WITH, is_action
from ..tables import ZONE
from . import delays, hands, races, safeties, zones

if TYPE_CHECKING:
    from ..codegen import Emitter


def responses(e: Emitter) -> None:
    """codes = the counters the asked seat holds against the pending hazard, then declining."""
    e.w("_fit = hand_mask[seat] & COUNTERS_FOR[pending.hazard]",
        f"codes = tuple(COUNTER_CODE[_c] for _c in BITS[_fit]) + ({e.t.decline_code},)")


def offer(e: Emitter) -> None:
    """Before hazard c acts on side v: if a seat of v holds a counter to it, ask that seat first."""
    w, t = e.w, e.t
    w("fits = COUNTERS_FOR[c]", "responder = -1")
    with w.block("if fits:"):
        with w.block(f"for step in range(1, {t.players}):"):
            w(f"other = (seat + step) % {t.players}")
            with w.block(f"if {e.side('other')} == v and hand_mask[other] & fits:"):
                w("responder = other", "break")
    with w.block("if responder >= 0:"):
        w("pending = CounterOffer(seat, c, v, code)", "seat = responder")
        e.pause()


def respond(e: Emitter) -> None:
    """Answer a pending hazard: counter with card c (action COUNTER_WITH), or decline and let the
    hazard act as played; then the turn goes on from the attacker."""
    w, t = e.w, e.t
    w("attacker, hazard, v, hazard_code = pending", "pending = None")
    with w.block(f"if {is_action(COUNTER_WITH)}:"):
        w("hand = hands[seat]", "hm = hand_mask[seat]")
        hands.leave_hand(e)
        w("discard.append(hazard)", "self.countered[v] += 1  # a fact for scoring")
        e.event('"counter"', "seat", "v", "NAMES[c]",
                'f"player {seat + 1} shows {NAMES[c]}: {NAMES[hazard]} is cancelled"')
        if t.safety_mask & _countering(t):
            with w.block(f"if {t.safety_mask} >> c & 1:  # a safety stays in front of its side"):
                safeties.keep(e, "v")
            with w.block("else:"):
                w("discard.append(c)")
        else:
            w("discard.append(c)")
        with w.block(f"if REDRAW[c] and len(hand) < {t.hand_size}:"):
            hands.draw_cards(e, "seat", f"{t.hand_size} - len(hand)")
        if any(t.responder_next):
            with w.block("if RESPONDER_NEXT[c]:  # the responder draws and takes the next turn"):
                hands.draw_cards(e, "seat", str(t.draw_count))
                with w.block("if hand:"):
                    e.pause()
                w("attacker = seat  # with no card to play, the turn passes on from the responder")
    with w.block("else:"):
        e.event('"decline"', "seat", "v", "None", 'f"player {seat + 1} lets it pass"')
        w("seat, c, code = attacker, hazard, hazard_code")
        hazard_acts(e)
    w("seat = attacker")


def hazard_acts(e: Emitter) -> None:
    """The declined hazard c (move `code` of `seat`) acts on side v: it covers the go, removes mileage,
    or (a zone card) changes v's zone."""
    if against_zones(e):
        with e.w.block(f"if KIND[c] == {ZONE}:"):
            zones.change_zone(e)
        with e.w.block("else:"):
            _hazard_acts(e)
    else:
        _hazard_acts(e)


def _hazard_acts(e: Emitter) -> None:
    t = e.t
    if t.chain_hazards and t.removers:
        with e.w.block(f"if {t.chain_hazards} >> c & 1:"):
            delays.cover(e)
        with e.w.block("else:"):
            races.remove_mileage(e, "seat", "c")
    elif t.chain_hazards:
        delays.cover(e)
    else:
        races.remove_mileage(e, "seat", "c")


def _countering(t) -> int:
    """The cards that may answer some hazard."""
    mask = 0
    for m in t.counters_for:
        mask |= m
    return mask


def against_zones(e: Emitter) -> bool:
    """Whether some counter cancels a zone card (played on another side)."""
    t = e.t
    return any(t.counters_for[c] for c in range(t.K) if t.kind[c] == ZONE)
