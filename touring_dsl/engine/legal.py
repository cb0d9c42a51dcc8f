"""Engine stage, legal moves: the move codes open to the seat to act, from cached bitmasks.

Each side keeps three masks, refreshed whenever its Go pile, zone or mileage changes:
own[s] (cards a seat of s may play on its own side), atk[s] (attacking cards s may use) and
expo[s] (attacking cards that may be played on s). A seat's plays are then its hand mask ANDed
with these, turned into move codes by per-mask lookup tables.
"""
from __future__ import annotations

from .penalties import penalty_choices
from .state import State
from .tables import EMPTY, PLAY, RUNNING, move_code


class Legal(State):
    __slots__ = ()

    def play_codes(self) -> tuple[int, ...]:
        """Every distinct play (or, while a counter is offered, every response) as move codes.

        Own-side plays come first (lowest card code first), then plays on each other side in turn.
        """
        if self.pending is not None or self.is_over:
            return self.response_codes() if not self.is_over else ()
        t = self.t
        seat = self.to_act
        s = t.side_of[seat]
        hm = self.hmask[seat]
        if t.duel:  # two sides: one lookup keyed by both masks
            v = 1 - s
            attack = hm & self.atk[s] & self.expo[v]
            if not attack & t.pen_hazards:
                key = hm & self.own[s] | attack << 64
                try:
                    return t.duel_codes[s][key]
                except KeyError:
                    return t.fill_duel(s, key)
        m = hm & self.own[s]
        try:
            out = t.own_codes[s][m]
        except KeyError:
            out = t.fill_codes(t.own_codes[s], t.self_code[s], m)
        attack = hm & self.atk[s]
        if attack:
            expo = self.expo
            for victim in t.others[s]:
                m = attack & expo[victim]
                if m:
                    if m & t.pen_hazards:
                        out += self.penalty_plays(m, victim)
                    else:
                        try:
                            out += t.tgt_codes[victim][m]
                        except KeyError:
                            out += t.fill_codes(t.tgt_codes[victim], t.tgt_code[victim], m)
        return out

    def refresh(self, s: int) -> None:
        """Recompute side s's cached masks after its Go pile, zone or mileage changed."""
        t = self.t
        g = self.gost[s]
        z = self.zst[s]
        if g == RUNNING:
            self.own[s] = t.own_gz[g][z] | self.openm[s] & t.mile_ok[z]
            self.atk[s] = t.attack_cards
            mask = t.expo_gz[g][z]
            if t.removers:
                counts = self.cnt[s]
                for hazard, card in t.removers:
                    if counts[card]:
                        mask |= 1 << hazard
            self.expo[s] = mask
        elif g != EMPTY or self.hasm[s]:
            self.own[s] = t.own_gz[g][z]
            self.atk[s] = t.attack_cards
            self.expo[s] = t.expo_gz[g][z]
        else:  # before the side's first Go only some kinds may be played
            self.own[s] = t.own_gz[g][z] & t.before_go
            self.atk[s] = t.attack_cards & t.before_go
            self.expo[s] = t.expo_gz[g][z]

    def refresh_all(self) -> None:
        for s in range(self.t.sides):
            self.refresh(s)

    def penalty_plays(self, mask: int, victim: int) -> tuple[int, ...]:
        """Plays on `victim` when some hazard costs mileage there: one move per penalty choice."""
        t = self.t
        zone = self.zst[victim]
        codes = t.tgt_code[victim]
        out: list[int] = []
        for c in t.bits[mask]:
            owed = t.pen[c][zone]
            if owed:
                out.extend(self.penalty_codes(c, victim, owed))
            else:
                out.append(codes[c])
        return tuple(out)

    def penalty_codes(self, hazard: int, victim: int, owed: int) -> list[int]:
        t = self.t
        counts = self.cnt[victim]
        available = tuple(counts[c] for c, _ in t.pen_piles)
        key = (hazard, victim, owed, available)
        codes = t.choice_cache.get(key)
        if codes is None:
            choices = penalty_choices(t.pen_piles, available, owed, t.larger_card)
            codes = t.choice_cache[key] = [move_code(PLAY, hazard, victim, t.take_id(take)) for take in choices]
        return codes

    def response_codes(self) -> list[int]:
        """While a removal is pending: a counter with each fitting card in hand, or decline."""
        t = self.t
        _, hazard, _ = self.pending
        fitting = self.hmask[self.to_act] & t.counters_for[hazard]
        return tuple(t.counter_code[c] for c in t.bits[fitting]) + (t.decline_code,)

    def legal_codes(self) -> list[int]:
        """Plays, then one discard per distinct card in hand (no discards while a counter is offered)."""
        codes = list(self.play_codes())
        if self.pending is None and not self.is_over:
            discard = self.t.discard_code
            codes.extend(discard[c] for c in self.t.bits[self.hmask[self.to_act]])
        return codes
