"""Rules of play, safeties: a card kept in play that shields its side from named hazards for the race.

Construct: `card "S" safety against "Hazard", ... [acts as go] [extra turn] [cancels "Hazard", ...
[responder plays next]]`. A side may lay a safety on its own turn at any time (even before its first
go card); it stays in front of the side until the race ends. From then on the hazards (and zone cards)
it is against cannot be played on that side; if one of them is holding the side up as the safety is
laid, it is lifted (its card and the remedies on it go to the discards) and the side runs again. A
safety that `acts as go` means the side never waits for a go card. With `extra turn`, the player who
lays it draws and plays again. With `cancels`, the safety may also be laid out of turn the moment one
of those hazards is played on its side (counters.py asks), cancelling that hazard.
"""
from __future__ import annotations

from ..tables import EMPTY, RUNNING
from ..emitter import Emitter



def lay(e: Emitter) -> None:
    """Safety c, from the hand of `seat`, goes in front of side s; an extra turn follows if it says so."""
    keep(e, "s")
    e.event('"safety"', "seat", "s", "NAMES[c]", 'f"player {seat + 1} lays {NAMES[c]} in front of side {s + 1}"')
    if any(e.t.extra_turn):
        with e.w.block("if EXTRA_TURN[c]:  # the same player draws and plays again (if a card is left)"):
            e.draw_cards("seat", str(e.t.draw_count))  # (the turn construct: mechanics.turn)
            with e.w.block("if hands[seat]:"):
                e.pause()


def keep(e: Emitter, v: str) -> None:
    """Safety c joins side v's safeties: v is shielded from now on, and a delay it shields from is lifted."""
    w, t = e.w, e.t
    w(f"safety_piles[{v}].append(c)", f"shield = immune[{v}] = immune[{v}] | IMMUNE[c]", f"_g = go_state[{v}]")
    if t.chain_hazards & _shielded(t):
        with w.block("if STATE_HAZARD[_g] >= 0 and shield >> STATE_HAZARD[_g] & 1:"):
            lift_delay(e, v)
    if t.go_safeties:
        with w.block("if ACTS_AS_GO[c]:"):
            w(f"runs_free[{v}] = 1", f"go_state[{v}] = GO_FREE[go_state[{v}]]")
    if not t.game_scope and t.zone_start < t.K and _shielded_zones(t):
        with w.block(f"if shield >> zone_state[{v}] & 1:  # out of a zone it shields from, back to the start"):
            w(f"zone_state[{v}] = {t.zone_start}")
    e.hook("go_shown", v, "safety")  # a mechanic may change what the go pile shows now (go_state[v]; _g is stale here)
    e.refresh(v)  # (rules.legality: above this rule)


def lift_delay(e: Emitter, v: str) -> None:
    """The hazard holding side v up, and the remedies laid on it, go to the discards: v runs again."""
    w = e.w
    w("_hz = STATE_HAZARD[_g]")
    with w.block(f"while go_piles[{v}]:"):
        w(f"_x = go_piles[{v}].pop()", "discard.append(_x)")
        with w.block("if _x == _hz:"):
            w("break")
    w(f"go_state[{v}] = {RUNNING} if go_piles[{v}] or runs_free[{v}] else {EMPTY}")


def shield(e: Emitter, v: str, exposed_mask: str) -> str:
    """The attacks side v is open to, less what its safeties shield it from."""
    return f"{exposed_mask} & ~immune[{v}]" if e.t.safety_mask else exposed_mask


def go_free(e: Emitter, v: str, state: str) -> str:
    """A go pile state for side v, as a side whose safety acts as go sees it."""
    return f"(GO_FREE[{state}] if runs_free[{v}] else {state})" if e.t.go_safeties else state


def _shielded(t) -> int:
    mask = 0
    for m in t.immune:
        mask |= m
    return mask


def _shielded_zones(t) -> int:
    return _shielded(t) & ~t.mask_of(c for effect, cards, _ in t.effects for c in cards)  # (not a hazard's)
