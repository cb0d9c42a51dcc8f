"""Rules of play, delays: a side moves only while a go card shows on its go pile.

Construct: the `delays` section (`chain HAZARD then REMEDY then GO`, each a card name, `target showing go | any`),
and cards of kind go and remedy. A hazard of a chain, played on another side, covers that side's go
pile; the side may then play only the chain's next step, in order, and moves again once the last step
(or a go card on an empty pile) is on top. `target any` lets a delay be played on a side that has not
started. The go pile's state (empty, running, or which step a chain waits for) is one small int, and
AFTER[state][card] is the state a card leads to (tables._chains).
"""
from __future__ import annotations

from ..tables import RUNNING
from ..emitter import Emitter
from . import legality
from ...mechanics.penalties import PENALTIES



def go_or_remedy(e: Emitter) -> None:
    """Card c, a go or the step a delay asks for, goes on side s's go pile."""
    e.w("go_piles[s].append(c)")
    covered(e, "s", e.go_free("s", "AFTER[go_state[s]][c]"))
    e.event('"play"', "seat", "s", "NAMES[c]", 'f"player {seat + 1} plays {NAMES[c]} on side {s + 1}"')


def covered(e: Emitter, v: str, state: str) -> None:
    """The masks once a card went on side v's go pile: it now shows `state`, never the empty pile
    (so the side has started), and only a go card on top is the running state."""
    w, t = e.w, e.t
    w(f"_g = go_state[{v}] = {state}")
    e.hook("go_shown", v, "card")  # a mechanic may change what the pile now shows (both _g and go_state[v])
    w(f"_z = zone_state[{v}]", f"attack_mask[{v}] = {t.attack_cards}")
    with w.block(f"if _g == {RUNNING}:"):
        w(f"own_mask[{v}] = OWN_RUN[_z] | open_piles[{v}] & MILE_OK[_z]")
        legality.exposure(e, v, "EXPO_RUN[_z]")
    with w.block("else:"):
        w(f"own_mask[{v}] = OWN_GZ[_g][_z]", f"exposed_mask[{v}] = {e.shield(v, 'EXPO_GZ[_g][_z]')}")


def delay(e: Emitter) -> None:
    """Hazard c, played on side v, first meets any counter a seat of v holds; then it covers v's go."""
    e.hazard_event()
    if e.has_counters:
        e.offer_counter()  # (rules.counters: above this rule)
    cover(e)


def cover(e: Emitter) -> None:
    """Hazard c covers victim v's go: v now waits for the hazard's chain; with penalties, the
    cards of the attacker's chosen take are forfeited."""
    w, t = e.w, e.t
    e.hook("before_cover")  # go_state[v] still shows what hazard c covers
    w("go_piles[v].append(c)")
    # a delayed side's masks do not depend on its mileage: the takes can follow
    w(f"_g = go_state[v] = {e.go_free('v', 'HAZ_STATE[c]')}", "_z = zone_state[v]", "own_mask[v] = OWN_GZ[_g][_z]",
      f"attack_mask[v] = {t.attack_cards}", f"exposed_mask[v] = {e.shield('v', 'EXPO_GZ[_g][_z]')}")
    if e.has_penalties:
        PENALTIES.forfeit_take(e)
