"""Engine stage, applying moves: what each move code does to the table, with optional events."""
from __future__ import annotations

from .legal import Legal
from .moves import Event
from .tables import (COUNTER_WITH, DISCARD, EMPTY, FORFEIT_CARD, GO, HAZARD, MILEAGE, PLAY, REMEDY,
                     TAKE_SHIFT, TARGET_SHIFT, ZONE)


class Apply(Legal):
    __slots__ = ()

    def apply_code(self, code: int, ev: list | None = None) -> None:
        """Apply a legal move code (unchecked: the caller took it from legal_codes/play_codes).

        The commonest moves (discards, mileage, Go and remedies) and the next seat's single draw
        are written inline: this function runs once per turn of every simulated game.
        """
        action = code & 3
        seat = self.to_act
        c = (code >> 2) & 63
        t = self.t
        if action <= DISCARD:  # the card leaves the hand
            hand = self.hands[seat]
            hand.remove(c)
            if c not in hand:
                self.hmask[seat] ^= 1 << c
            self.turns += 1
            if action == DISCARD:
                self.discard.append(c)
                if ev is not None:
                    ev.append(Event("discard", seat, t.side_of[seat], t.names[c],
                                    f"player {seat + 1} discards {t.names[c]}"))
            else:
                kind = t.kind[c]
                s = t.side_of[seat]
                if kind == MILEAGE:
                    if not t.allow[self.zst[s]] >> c & 1:
                        self.speeding(seat, s, c, ev)
                    else:
                        counts = self.cnt[s]
                        n = counts[c] + 1
                        counts[c] = n
                        self.miles[s] += t.miles[c]
                        if n == 1 or n >= t.need[c]:  # a pile opened or filled: the side's masks change
                            self.hasm[s] |= 1 << c
                            if n >= t.need[c]:
                                self.openm[s] &= ~(1 << c)
                            self.refresh(s)
                        if ev is not None:
                            ev.append(Event("play", seat, s, t.names[c], f"player {seat + 1} lays {t.names[c]} "
                                            f"(side {s + 1} now has {self.miles[s]} miles)"))
                        left = self.remaining[s] - 1
                        self.remaining[s] = left
                        if not left:
                            self.finish("completed", ev, s)
                            return
                elif kind == GO or kind == REMEDY:
                    self.gopile[s].append(c)
                    self.gost[s] = t.after[self.gost[s]][c]
                    self.refresh(s)
                    if ev is not None:
                        ev.append(Event("play", seat, s, t.names[c],
                                        f"player {seat + 1} plays {t.names[c]} on side {s + 1}"))
                elif kind == ZONE:
                    self.lay_zone(seat, c, ((code >> TARGET_SHIFT) & 15) - 1, ev)
                elif kind == HAZARD:
                    victim = ((code >> TARGET_SHIFT) & 15) - 1
                    if t.haz_state[c] >= 0:
                        self.delay(seat, c, victim, code >> TAKE_SHIFT, ev)
                    elif self.attack_removal(seat, c, victim, ev):
                        return  # paused: a seat of the victim side may show a counter card
        elif action == COUNTER_WITH:
            self.counter(seat, c, ev)
            seat = self.to_act
        else:
            self.decline(seat, ev)
            seat = self.to_act
        # the next seat draws one card: advance()'s commonest case, inline
        draw = self.draw
        if ev is None and draw and t.draw_one and self.turns < t.turn_limit:
            seat += 1
            if seat == t.players:
                seat = 0
            c = draw.pop()
            self.hands[seat].append(c)
            self.hmask[seat] |= 1 << c
            self.to_act = seat
            return
        self.advance(ev)

    def speeding(self, seat: int, s: int, c: int, ev: list | None) -> None:
        t = self.t
        if t.speeding != FORFEIT_CARD:  # forfeit-all: every mileage card, then the Go pile
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
            lost = "the card" if t.speeding == FORFEIT_CARD else "every mileage card and its Go pile"
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
        """A hazard covers the victim's Go; the chosen penalty cards go to the discard pile."""
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
