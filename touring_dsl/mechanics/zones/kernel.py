"""Mechanics, zones, the engine's part: the zone tables, and the kernel lines of a zone card and of speeding.

Given the Tables `t` (engine.tables calls `tables` while it builds them) and the Emitter `e` (e.w writes
lines, e.t is the Tables; the engine's rule modules are e.rules, its steps e.refresh, e.offer_counter).
Like every mechanics module it imports nothing of the engine: mechanics.race writes `speeding` where
a mileage card is outside its zone's allowance, mechanics.counters `change_zone` when a zone card
played on another side is let pass, and engine.codegen `play` for a zone card laid.

The tables: ALLOW[zone] the mileage a zone allows (zone K: no zone yet, all mileage); MILE_OK[zone] the
mileage that may be laid there (all of it unless speeding is forbidden); zone_own / zone_opp[zone] the zone
cards a side in that zone may be given by its own side / by an opponent (leaving out the zone it is in
unless the zone may repeat); reach[c] where zone card c may be played.
"""
from __future__ import annotations

from ..vocabulary import EMPTY, LIST, LISTS, PUBLIC, SIDE, ZONE, ZONE_PILE, StateField

FORBIDDEN, FORFEIT_CARD, FORFEIT_ALL = range(3)  # speeding rules
SPEEDING_CODES = {"forbidden": FORBIDDEN, "forfeit-card": FORFEIT_CARD, "forfeit-all": FORFEIT_ALL}


# the state (engine.schema places it among the core's fields) ------------------------------------------
STATE = (
    StateField("zone_piles", "the zone piles (one per side, or one for the whole game), top last", ZONE_PILE, "[]",
               LISTS, PUBLIC, local=True, view="face_up[1]"),
    StateField("zone_state", "each side's zone: the code of its zone card (K: no zone yet)", SIDE,
               "{t.zone_start}", LIST, PUBLIC, local=True, view="sides[].zone"),
)


# the tables -------------------------------------------------------------------------------------
def tables(t, zones) -> None:
    K = t.K
    none = K  # the zone state of a side before any zone exists (no start zone declared)
    t.game_scope = zones.scope == "game"
    t.zone_start = t.code[zones.start] if zones.start in t.code else none
    t.allow = [t.mileage_mask] * (K + 1)
    for zone in zones.zones:
        t.allow[t.code[zone.name]] = t.mask_of(t.code[n] for n in zone.allows)
    t.speeding = SPEEDING_CODES[zones.speeding]
    t.mile_ok = [t.mileage_mask if t.speeding != FORBIDDEN else a for a in t.allow]
    t.reach = {t.code[p.card]: p.reach for p in zones.plays}
    t.zone_own = [0] * (K + 1)
    t.zone_opp = [0] * (K + 1)
    for z in range(K + 1):
        for c, reach in t.reach.items():
            if zones.change_only and c == z:
                continue
            if t.game_scope or reach in ("own", "any"):
                t.zone_own[z] |= 1 << c
            if not t.game_scope and reach in ("opponent", "any"):
                t.zone_opp[z] |= 1 << c
    t.zone_names = tuple(t.names) + (None,)


def targeted(t, c: int) -> bool:
    """Whether playing zone card c names a side: one that may reach another side's own zone pile."""
    return not t.game_scope and t.reach.get(c, "own") != "own"


def features(t) -> list[str]:
    """The kernel's heading words for the zones ("zones per side, speeding forbidden")."""
    return [f"zones {'for the whole game' if t.game_scope else 'per side'}",
            f"speeding {('forbidden', 'forfeit-card', 'forfeit-all')[t.speeding]}"]


# kernel lines -----------------------------------------------------------------------------------
def zone(e) -> None:
    """Zone card c changes the zone of the side it targets (its own by default) or of the whole game."""
    w, t = e.w, e.t
    w(f"target = {e.move_target()}")
    if t.game_scope:
        w("zone_piles[0].append(c)")
        with w.block(f"for v in range({t.sides}):"):
            w("zone_state[v] = c")
        e.rules.legality.refresh_all(e)
        event(e, "the whole game")
        return
    w("v = s if target < 0 else target")
    event(e, "side {v + 1}")
    if against_zones(e):  # a zone card played on another side may meet a counter first
        with w.block("if v != s:"):
            e.offer_counter()  # (mechanics.counters)
    change_zone(e)


def event(e, where: str) -> None:
    e.event('"zone"', "seat", "None if target < 0 else target", "NAMES[c]",
            f'f"player {{seat + 1}} plays {{NAMES[c]}} on {where}"')


def change_zone(e) -> None:
    """Zone card c puts side v in its zone."""
    e.w("zone_piles[v].append(c)", "zone_state[v] = c")
    e.refresh("v")


def speeding(e) -> None:
    """Mileage card c was played where side s's zone forbids it: it is lost, and perhaps more."""
    w, t = e.w, e.t
    if t.speeding == FORFEIT_CARD:
        lost = "the card"
    else:  # forfeit-all: every mileage card (pile by pile), then the whole go pile
        lost = "every mileage card and its go pile"
        w("counts = mileage_counts[s]")
        for p in t.pile_order:
            with w.block(f"if counts[{p}]:"):
                w(f"discard.extend([{p}] * counts[{p}])", f"counts[{p}] = 0")
        w("discard.extend(go_piles[s])", "go_piles[s].clear()",
          f"go_state[s] = {e.go_free('s', str(EMPTY))}",
          "miles[s] = 0", "has_mileage[s] = 0", f"open_piles[s] = {t.open_full}",
          f"remaining[s] = {e.target() if t.distance else t.need_total}")
        e.refresh("s")
    w("discard.append(c)")
    e.event('"speeding"', "seat", "s", "NAMES[c]",
            f'f"player {{seat + 1}} plays {{NAMES[c]}} where the zone forbids it and forfeits {lost}"')


def against_zones(e) -> bool:
    """Whether some counter cancels a zone card (played on another side)."""
    t = e.t
    return any(t.counters_for[c] for c in range(t.K) if t.kind[c] == ZONE)
