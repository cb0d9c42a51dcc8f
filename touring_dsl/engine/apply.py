"""Engine stage, applying moves: the rarer effects (speeding, zones, delays, removals, counters).

kernel.apply_code handles the common moves inline and calls these for the rest.
"""
from __future__ import annotations

from .legal import Legal
from .moves import Event
from .tables import EMPTY, FORFEIT_CARD


class Apply(Legal):
    __slots__ = ()

    def speeding(self, seat: int, s: int, c: int, ev: list | None) -> None:
        t = self.t
        if t.speeding != FORFEIT_CARD:  # forfeit-all: every mileage card, then the go pile
            counts = self.cnt[s]
            for p in t.pile_order:
                if counts[p]:
                    self.discard.extend([p] * counts[p])
                    counts[p] = 0
            self.discard.extend(self.gopile[s])
            self.gopile[s].clear()
            self.gost[s] = EMPTY
            self.miles[s], self.hasm[s], self.openm[s], self.remaining[s] = 0, 0, t.open_full, t.need_total
            self.refresh(s)
        self.discard.append(c)
        if ev is not None:
            lost = "the card" if t.speeding == FORFEIT_CARD else "every mileage card and its go pile"
            ev.append(Event("speeding", seat, s, t.names[c],
                            f"player {seat + 1} plays {t.names[c]} where the zone forbids it and forfeits {lost}"))

    def lay_zone(self, seat: int, c: int, target: int, ev: list | None) -> None:
        t = self.t
        if t.game_scope:
            self.zpile[0].append(c)
            for s in range(t.sides):
                self.zst[s] = c
            self.refresh_all()
            where = "the whole game"
        else:
            side = t.side_of[seat] if target < 0 else target
            self.zpile[side].append(c)
            self.zst[side] = c
            self.refresh(side)
            where = f"side {side + 1}"
        if ev is not None:
            ev.append(Event("zone", seat, None if target < 0 else target, t.names[c],
                            f"player {seat + 1} plays {t.names[c]} on {where}"))

    # attacks ---------------------------------------------------------------------------------
    def delay(self, seat: int, c: int, victim: int, take_id: int, ev: list | None) -> None:
        """A hazard covers the victim's go; the chosen penalty cards go to the discard pile."""
        t = self.t
        self.gopile[victim].append(c)
        self.gost[victim] = t.haz_state[c]
        if ev is not None:
            ev.append(Event("hazard", seat, victim, t.names[c],
                            f"player {seat + 1} plays {t.names[c]} on side {victim + 1}"))
        if take_id:
            counts = self.cnt[victim]
            for p, n in t.takes[take_id]:
                counts[p] -= n
                if not counts[p]:
                    self.hasm[victim] &= ~(1 << p)
                self.openm[victim] |= 1 << p
                self.miles[victim] -= n * t.miles[p]
                self.remaining[victim] += n
                self.discard.extend([p] * n)
                if ev is not None:
                    ev.append(Event("penalty", seat, victim, t.names[p],
                                    f"side {victim + 1} forfeits {n} x {t.names[p]}"))
        self.refresh(victim)

    def attack_removal(self, seat: int, c: int, victim: int, ev: list | None) -> bool:
        """A hazard that takes a mileage card; True when a seat of the victim may answer first."""
        t = self.t
        if ev is not None:
            ev.append(Event("hazard", seat, victim, t.names[c],
                            f"player {seat + 1} plays {t.names[c]} on side {victim + 1}"))
        counters = t.counters_for[c]
        if counters:
            players = t.players
            for step in range(1, players):
                other = (seat + step) % players
                if t.side_of[other] == victim and self.hmask[other] & counters:
                    self.pending = (seat, c, victim)
                    self.to_act = other
                    return True
        self.remove_mileage(seat, c, victim, ev)
        return False

    def remove_mileage(self, seat: int, c: int, victim: int, ev: list | None) -> None:
        t = self.t
        x = t.removes[c]
        counts = self.cnt[victim]
        counts[x] -= 1
        if not counts[x]:
            self.hasm[victim] &= ~(1 << x)
        self.openm[victim] |= 1 << x
        self.miles[victim] -= t.miles[x]
        self.remaining[victim] += 1
        self.discard.append(x)
        self.discard.append(c)
        self.refresh(victim)
        if ev is not None:
            ev.append(Event("remove", seat, victim, t.names[x], f"side {victim + 1} loses a {t.names[x]}"))

    def counter(self, seat: int, c: int, ev: list | None) -> None:
        t = self.t
        attacker, hazard, victim = self.pending
        self.pending = None
        self.take_from_hand(seat, c)
        self.discard.append(hazard)
        self.discard.append(c)
        if ev is not None:
            ev.append(Event("counter", seat, victim, t.names[c],
                            f"player {seat + 1} shows {t.names[c]}: {t.names[hazard]} is cancelled"))
        if t.redraw[c] and len(self.hands[seat]) < t.hand_size:
            self.draw_cards(seat, t.hand_size - len(self.hands[seat]), ev)
        self.to_act = attacker

    def decline(self, seat: int, ev: list | None) -> None:
        attacker, hazard, victim = self.pending
        self.pending = None
        if ev is not None:
            ev.append(Event("decline", seat, victim, None, f"player {seat + 1} lets it pass"))
        self.remove_mileage(attacker, hazard, victim, ev)
        self.to_act = attacker
