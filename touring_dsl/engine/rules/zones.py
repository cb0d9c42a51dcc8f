"""Rules of play, zones: which mileage a side may lay depends on the zone it (or the whole game) is in.

Construct: the `zones` section (`zones per side | for the whole game`, `zone "Z" allows ...`,
`start in "Z"`, `play "Z" on own side | an opponent | any side`, `speeding forbidden | forfeits the
card | forfeits all mileage`, `zone cards must change | may repeat the zone`). A zone card changes
the zone of one side (or of the game); ALLOW[zone] is the mileage it allows. Where it may be laid
(tables.zone_own / zone_opp) leaves out the zone a side is already in unless the zone may repeat. Under `speeding forbidden` other mileage is simply not playable; otherwise
it may be played and the speeder forfeits the card, or every mileage card and its go pile.
"""
from __future__ import annotations

from ..codec import TARGET
from ..tables import EMPTY, FORFEIT_CARD, ZONE
from ..emitter import Emitter
from . import legality



def zone(e: Emitter) -> None:
    """Zone card c changes the zone of the side it targets (its own by default) or of the whole game."""
    w, t = e.w, e.t
    w(f"target = {TARGET.of()}")
    if t.game_scope:
        w("zone_piles[0].append(c)")
        with w.block(f"for v in range({t.sides}):"):
            w("zone_state[v] = c")
        legality.refresh_all(e)
        event(e, "the whole game")
        return
    w("v = s if target < 0 else target")
    event(e, "side {v + 1}")
    if against_zones(e):  # a zone card played on another side may meet a counter first
        with w.block("if v != s:"):
            e.offer_counter()  # (rules.counters: above this rule)
    change_zone(e)


def event(e: Emitter, where: str) -> None:
    e.event('"zone"', "seat", "None if target < 0 else target", "NAMES[c]",
            f'f"player {{seat + 1}} plays {{NAMES[c]}} on {where}"')


def change_zone(e: Emitter) -> None:
    """Zone card c puts side v in its zone."""
    e.w("zone_piles[v].append(c)", "zone_state[v] = c")
    legality.refresh(e, "v")


def speeding(e: Emitter) -> None:
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
        w("discard.extend(go_piles[s])", "go_piles[s].clear()", f"go_state[s] = {e.go_free('s', str(EMPTY))}",
          "miles[s] = 0", "has_mileage[s] = 0", f"open_piles[s] = {t.open_full}", f"remaining[s] = {e.target() if t.distance else t.need_total}")
        legality.refresh(e, "s")
    w("discard.append(c)")
    e.event('"speeding"', "seat", "s", "NAMES[c]",
            f'f"player {{seat + 1}} plays {{NAMES[c]}} where the zone forbids it and forfeits {lost}"')


def against_zones(e: Emitter) -> bool:
    """Whether some counter cancels a zone card (played on another side)."""
    t = e.t
    return any(t.counters_for[c] for c in range(t.K) if t.kind[c] == ZONE)
