"""Rules of play, legality: which cards the seat to act may play now, as move codes.

No construct of its own: every rule keeps a side's cached masks up to date, and this module turns them
into the list of plays. own_mask[v] holds the cards side v may play on itself (a go or the step its delay
asks for, the mileage its open piles and zone allow, zone cards), attack_mask[v] the cards v may play on
another side, exposed_mask[v] the attacks another side may play on v. A card is playable when it is in the hand
and in the mask. The order of the list (own-side plays by lowest card code, then each other side) is
part of the game's replay: the random policy draws by position in it.
"""
from __future__ import annotations

from ..tables import RUNNING
from ..emitter import Emitter
from ...mechanics.penalties import PENALTIES



def refresh(e: Emitter, v: str) -> None:
    """own_mask[v], attack_mask[v], exposed_mask[v] from side v's go pile state, zone, open piles and whether it started."""
    w, t = e.w, e.t
    w(f"_g = go_state[{v}]", f"_z = zone_state[{v}]")
    with w.block(f"if _g == {RUNNING}:"):
        w(f"own_mask[{v}] = OWN_RUN[_z] | open_piles[{v}] & MILE_OK[_z]", f"attack_mask[{v}] = {t.attack_cards}")
        exposure(e, v, "EXPO_RUN[_z]")
    exposed_mask = e.shield(v, "EXPO_GZ[_g][_z]")
    with w.block(f"elif _g or has_mileage[{v}]:"):
        w(f"own_mask[{v}] = OWN_GZ[_g][_z]", f"attack_mask[{v}] = {t.attack_cards}", f"exposed_mask[{v}] = {exposed_mask}")
    with w.block("else:  # before the side's first go card only some kinds may be played"):
        w(f"own_mask[{v}] = OWN_GZ[_g][_z] & {t.before_go}", f"attack_mask[{v}] = {t.attack_cards & t.before_go}",
          f"exposed_mask[{v}] = {exposed_mask}")


def refresh_all(e: Emitter) -> None:
    with e.w.block(f"for v in range({e.t.sides}):"):
        e.refresh("v")


def refresh_running(e: Emitter, v: str) -> None:
    """The masks after a mileage card was laid: the side shows go, so only own (and exposed_mask) change."""
    e.w(f"_z = zone_state[{v}]", f"own_mask[{v}] = OWN_RUN[_z] | open_piles[{v}] & MILE_OK[_z]")
    if e.t.removers:
        exposure(e, v, "EXPO_RUN[_z]")


def exposure(e: Emitter, v: str, base: str) -> None:
    """exposed_mask[v] for a side showing go: hazards that remove a mileage card need one to remove."""
    w = e.w
    if not e.t.removers:
        w(f"exposed_mask[{v}] = {e.shield(v, base)}")
        return
    w(f"_m = {base}", f"_counts = mileage_counts[{v}]")
    for hazard, card in e.t.removers:
        with w.block(f"if _counts[{card}]:"):
            w(f"_m |= {1 << hazard}")
    w(f"exposed_mask[{v}] = {e.shield(v, '_m')}")


def legal(e: Emitter) -> None:
    """codes = the distinct plays of `seat` (side s), or its responses while a counter is offered;
    none while it discards down to its hand size (a discard is always legal: Legal adds them)."""
    if not e.has_pending:
        plays(e)
        return
    with e.w.block("if pending is not None:"):
        if e.offers:  # a mechanic's question: its answers are the only moves (engine.mechanics)
            if e.has_counters or e.hand_limit:
                with e.w.block("if type(pending) is Offer:"):
                    e.w("hm = hand_mask[seat]", "codes = pending.codes")
                with e.w.block("else:"):
                    waits(e)
            else:
                e.w("hm = hand_mask[seat]", "codes = pending.codes")
        else:
            waits(e)
    with e.w.block("else:"):
        plays(e)


def waits(e: Emitter) -> None:
    """codes while a counter is offered (its answers), or while the hand is discarded down (none)."""
    if e.has_counters and e.hand_limit:
        with e.w.block("if pending is DISCARD_DOWN:"):
            e.w("hm = hand_mask[seat]", "codes = ()")
        with e.w.block("else:"):
            e.counter_responses()  # (mechanics.counters, through the Emitter)
    elif e.has_counters:
        e.counter_responses()
    else:
        e.w("hm = hand_mask[seat]", "codes = ()")


def plays(e: Emitter) -> None:
    w, t = e.w, e.t
    w("hm = hand_mask[seat]")
    if t.duel:  # two sides: one lookup keyed by the own-side cards and, above them, the attacks
        if e.has_penalties:
            PENALTIES.duel_plays(e, plays_by_victim, duel_lookup)
        else:  # written inline: this line runs every turn of every simulated game
            duel_lookup(e, "(hm & attack_mask[s] & exposed_mask[1 - s])")
    else:
        plays_by_victim(e)


def duel_lookup(e: Emitter, attack: str) -> None:
    w = e.w
    w(f"key = hm & own_mask[s] | {attack} << {e.t.K}")
    with w.block("if key:"):
        with w.block("try:"):
            w("codes = DUEL_CODES[s][key]")
        with w.block("except KeyError:"):
            w("codes = fill_duel(s, key)")
    with w.block("else:  # no card of the hand can be played"):
        w("codes = ()")


def plays_by_victim(e: Emitter) -> None:
    w = e.w
    w("m = hm & own_mask[s]")
    with w.block("try:"):
        w("codes = OWN_CODES[s][m]")
    with w.block("except KeyError:"):
        w("codes = fill_codes(OWN_CODES[s], SELF_CODE[s], m)")
    w("attack = hm & attack_mask[s]")
    with w.block("if attack:"):
        with w.block("for victim in OTHERS[s]:"):
            w("m = attack & exposed_mask[victim]")
            with w.block("if m:"):
                if e.has_penalties:
                    PENALTIES.plays_with_takes(e)
                with w.block("try:"):
                    w("codes += TGT_CODES[victim][m]")
                with w.block("except KeyError:"):
                    w("codes += fill_codes(TGT_CODES[victim], TGT_CODE[victim], m)")
