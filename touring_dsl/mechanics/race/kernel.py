"""Mechanics, the race, the engine's part: mileage piles, losing a mileage card to a hazard, and how a
race ends.

Construct: `race N miles { pile "Card" needs N ... }` (and a setup's own race), a distance race
`race N km [exact] { at most N "Card" }`, hazards with `removes "Card"`, and the `ending` section (`win by completing every pile`, `when exhausted play out
hands most miles wins`, `turn limit N`). A mileage card goes on its pile while the pile is open; the
side that completes every pile wins at once. A hazard that removes a mileage card takes one from the
victim's pile onto the discards (unless a counter answers it first). A distance race has no piles:
any mileage card counts, at most its cap per side, and the first side to reach the target wins; in an
exact race a card that would pass the target may not be laid. When the cards or the turn limit run
out, the side with the most miles wins, and equal leaders tie.

Like every mechanics module it imports nothing of the engine: the cached legality masks it changes are
recomputed through the Emitter (e.refresh, and e.rules.legality.refresh_running for the running masks
alone), and a counter's answer is offered by e.offer_counter.
"""
from __future__ import annotations

from ..vocabulary import MILEAGE
from ..zones import FORBIDDEN, ZONES

# the run-time names of finish(), which settle writes (the kernel's heading: engine.codegen)
KERNEL_NAMES = {"outcome": "how the race ended", "winner": "the winning side, or None", "best": "the most miles",
                "leaders": "the sides with the most miles", "who": "the result in words", "kind": "the closing event's kind"}
NO_CAP = 255  # distance races: a mileage card with no `at most` limit (engine.tables' need)


# the tables ------------------------------------------------------------------------------------
def tables(t, race) -> None:
    """The race's constants on the Tables `t` (the seating's race, a setup's own where it has one): its
    unit, target and exactness; each mileage card's need (a pile's cards, or a distance race's cap) and
    the piles' order; which piles penalties may not take from; the open piles of a side with nothing laid."""
    t.unit, t.distance, t.target, t.exact = race.unit, race.is_distance, race.miles, race.exact
    if t.distance:
        distance_tables(t, race)
        return
    need = [0] * t.K
    t.pile_order = []
    t.protected = [False] * t.K
    for pile in race.piles:
        c = t.code[pile.card]
        need[c] = pile.needs
        t.pile_order.append(c)
        t.protected[c] = pile.protected
    t.need = tuple(need)
    t.need_total = sum(need)
    t.open_full = t.mask_of(c for c in t.pile_order if need[c] > 0)


def distance_tables(t, race) -> None:
    """A distance race: every mileage card counts, at most its cap per side, up to the target."""
    caps = dict(race.caps)
    t.pile_order = [c for c in range(t.K) if t.kind[c] == MILEAGE]
    t.protected = [False] * t.K
    t.need = tuple(caps.get(t.names[c], NO_CAP) if t.kind[c] == MILEAGE else 0 for c in range(t.K))
    t.need_total = t.target
    t.open_full = t.open_mask([0] * t.K, 0)


# kernel lines ----------------------------------------------------------------------------------


def mileage(e) -> None:
    """Mileage card c for side s: laid on its pile, or, outside what the zone allows, speeding."""
    w, t = e.w, e.t
    if t.speeding == FORBIDDEN:  # never legal outside the zone's allowance: nothing to check
        lay_mileage(e)
        return
    with w.block("if not ALLOW[zone_state[s]] >> c & 1:"):
        ZONES.speeding(e)  # (mechanics.zones)
    with w.block("else:"):
        lay_mileage(e)


def lay_mileage(e) -> None:
    """Card c goes on side s's pile; the last card still needed wins the race."""
    if e.t.distance:
        lay_distance(e)
        return
    w = e.w
    w("counts = mileage_counts[s]", "n = counts[c] = counts[c] + 1", "miles[s] += MILES[c]")
    with w.block("if n == 1 or n >= NEED[c]:  # a pile opened or filled: the side's masks change"):
        w("has_mileage[s] |= 1 << c")
        with w.block("if n >= NEED[c]:"):
            w("open_piles[s] &= ~(1 << c)")
        e.rules.legality.refresh_running(e, "s")
    e.event('"play"', "seat", "s", "NAMES[c]",
            f'f"player {{seat + 1}} lays {{NAMES[c]}} (side {{s + 1}} now has {{distance(miles[s], {e.t.unit!r})}})"')
    w("left = remaining[s] = remaining[s] - 1")
    with w.block("if not left:"):
        e.hook("target_reached", "s")
        e.finish("completed", "s")


def lay_distance(e) -> None:
    """Card c adds its miles to side s; reaching the target wins, else the cards that still fit change."""
    w, t = e.w, e.t
    target = e.target()
    w("counts = mileage_counts[s]", "counts[c] += 1", "m = miles[s] = miles[s] + MILES[c]", "has_mileage[s] |= 1 << c",
      f"remaining[s] = {target} - m")
    e.event('"play"', "seat", "s", "NAMES[c]",
            f'f"player {{seat + 1}} lays {{NAMES[c]}} (side {{s + 1}} now has {{distance(miles[s], {t.unit!r})}})"')
    with w.block(f"if m >= {target}:"):
        e.hook("target_reached", "s")
        e.finish("completed", "s")
    reopen(e, "s")
    e.rules.legality.refresh_running(e, "s")


def reopen(e, v: str) -> None:
    """open_piles[v] for a distance race: mileage cards under their cap that (if exact) still fit."""
    w, t = e.w, e.t
    w(f"_counts, _left, _open = mileage_counts[{v}], {e.target()} - miles[{v}], 0")
    for c in t.pile_order:
        tests = ([f"_counts[{c}] < {t.need[c]}"] if t.need[c] < NO_CAP else []) + \
                ([f"_left >= {t.miles[c]}"] if t.exact else [])
        if tests:
            with w.block(f"if {' and '.join(tests)}:"):
                w(f"_open |= {1 << c}")
        else:
            w(f"_open |= {1 << c}")
    w(f"open_piles[{v}] = _open")


def removal(e) -> None:
    """Hazard c takes one mileage card from victim v, unless a seat of v answers with a counter."""
    e.hazard_event()
    if e.has_counters:
        e.offer_counter()  # (mechanics.counters)
    remove_mileage(e, "seat", "c")


def remove_mileage(e, attacker: str, hazard: str) -> None:
    w = e.w
    w(f"x = REMOVES[{hazard}]", "counts = mileage_counts[v]", "counts[x] -= 1")
    with w.block("if not counts[x]:"):
        w("has_mileage[v] &= ~(1 << x)")
    w("open_piles[v] |= 1 << x", "miles[v] -= MILES[x]", "remaining[v] += 1", "discard.append(x)",
      f"discard.append({hazard})")
    if e.t.distance:
        reopen(e, "v")
    e.refresh("v")
    e.event('"remove"', attacker, "v", "NAMES[x]", 'f"side {v + 1} loses a {NAMES[x]}"')


def settle(b, unit: str) -> None:
    """The body of finish(self, outcome, ev, winner): the game is over; without a winner named
    (the cards or the turn limit ran out), the side with the most miles wins, none on a tie."""
    b("self.is_over = True", "self.outcome = outcome")
    with b.block("if winner is None:  # the side with most miles, none on a tie"):
        b("best = max(miles)", "leaders = [s for s, m in enumerate(miles) if m == best]",
          "winner = leaders[0] if len(leaders) == 1 else None")
    b("self.winner = winner")
    with b.block("if ev is not None:"):
        b('kind = "win" if outcome == "completed" else outcome',
          f'ev.append(event(kind, None, winner, None, ending_sentence(outcome, winner, miles, {unit!r})))')
