"""Engine stage, the hot path: play_codes, refresh and apply_code, built once per compiled ruleset.

These three run every turn of every simulated game. They are closures over the ruleset's tables
(bound as local cells, not looked up as attributes) and are installed as methods of a Game subclass
made for that ruleset (see game.game_class). They are the only implementation of these rules:
the public Move/Event API calls them too, with an event list instead of None.
"""
from __future__ import annotations

from .moves import Event
from .tables import (COUNTER_WITH, DISCARD, EMPTY, GO, HAZARD, MILEAGE, REMEDY, RUNNING, TAKE_SHIFT,
                     TARGET_SHIFT, ZONE, Tables)


def make_kernel(t: Tables) -> dict:
    side_of, kind, allow, need, miles, after = t.side_of, t.kind, t.allow, t.need, t.miles, t.after
    haz_state, players, draw_one, turn_limit = t.haz_state, t.players, t.draw_one, t.turn_limit
    own_gz, expo_gz, mile_ok, attack_cards, before_go = t.own_gz, t.expo_gz, t.mile_ok, t.attack_cards, t.before_go
    removers, duel, duel_codes, pen_hazards = t.removers, t.duel, t.duel_codes, t.pen_hazards
    own_codes, tgt_codes, others, self_code, tgt_code = t.own_codes, t.tgt_codes, t.others, t.self_code, t.tgt_code
    fill_duel, fill_codes, names = t.fill_duel, t.fill_codes, t.names
    width = t.K  # duel keys: own-side cards in the low K bits, attacks above (a small int)
    next_seat = tuple((seat + 1) % players for seat in range(players))

    def play_codes(self) -> tuple[int, ...]:
        """Every distinct play (or, while a counter is offered, every response) as move codes.

        Own-side plays come first (lowest card code first), then plays on each other side in turn.
        """
        if self.pending is not None or self.is_over:
            return self.response_codes() if not self.is_over else ()
        seat = self.to_act
        s = side_of[seat]
        hm = self.hmask[seat]
        if duel:  # two sides: one lookup keyed by both masks
            attack = hm & self.atk[s] & self.expo[1 - s]
            if not attack & pen_hazards:
                key = hm & self.own[s] | attack << width
                try:
                    return duel_codes[s][key]
                except KeyError:
                    return fill_duel(s, key)
        m = hm & self.own[s]
        try:
            out = own_codes[s][m]
        except KeyError:
            out = fill_codes(own_codes[s], self_code[s], m)
        attack = hm & self.atk[s]
        if attack:
            expo = self.expo
            for victim in others[s]:
                m = attack & expo[victim]
                if m:
                    if m & pen_hazards:
                        out += self.penalty_plays(m, victim)
                    else:
                        try:
                            out += tgt_codes[victim][m]
                        except KeyError:
                            out += fill_codes(tgt_codes[victim], tgt_code[victim], m)
        return out

    def refresh(self, s: int) -> None:
        """Recompute side s's cached masks after its go pile, zone or mileage changed."""
        g = self.gost[s]
        z = self.zst[s]
        if g == RUNNING:
            self.own[s] = own_gz[g][z] | self.openm[s] & mile_ok[z]
            self.atk[s] = attack_cards
            mask = expo_gz[g][z]
            if removers:
                counts = self.cnt[s]
                for hazard, card in removers:
                    if counts[card]:
                        mask |= 1 << hazard
            self.expo[s] = mask
        elif g != EMPTY or self.hasm[s]:
            self.own[s] = own_gz[g][z]
            self.atk[s] = attack_cards
            self.expo[s] = expo_gz[g][z]
        else:  # before the side's first go card only some kinds may be played
            self.own[s] = own_gz[g][z] & before_go
            self.atk[s] = attack_cards & before_go
            self.expo[s] = expo_gz[g][z]

    def apply_code(self, code: int, ev: list | None = None) -> None:
        """Apply a legal move code (unchecked: the caller took it from legal_codes/play_codes).

        Discards, mileage, go cards and remedies, and the next seat's single draw, are inline;
        the rarer moves call the helpers in apply.py.
        """
        action = code & 3
        seat = self.to_act
        c = code >> 2 & 63
        if action <= DISCARD:  # the card leaves the hand
            hand = self.hands[seat]
            hand.remove(c)
            if c not in hand:
                self.hmask[seat] ^= 1 << c
            turns = self.turns = self.turns + 1
            if action == DISCARD:
                self.discard.append(c)
                if ev is not None:
                    ev.append(Event("discard", seat, side_of[seat], names[c], f"player {seat + 1} discards {names[c]}"))
            else:
                k = kind[c]
                s = side_of[seat]
                if k == MILEAGE:
                    if not allow[self.zst[s]] >> c & 1:
                        self.speeding(seat, s, c, ev)
                    else:
                        counts = self.cnt[s]
                        n = counts[c] = counts[c] + 1
                        self.miles[s] += miles[c]
                        if n == 1 or n >= need[c]:  # a pile opened or filled: the side's masks change
                            self.hasm[s] |= 1 << c
                            if n >= need[c]:
                                self.openm[s] &= ~(1 << c)
                            refresh(self, s)
                        if ev is not None:
                            ev.append(Event("play", seat, s, names[c], f"player {seat + 1} lays {names[c]} "
                                            f"(side {s + 1} now has {self.miles[s]} miles)"))
                        left = self.remaining[s] = self.remaining[s] - 1
                        if not left:
                            self.finish("completed", ev, s)
                            return
                elif k == GO or k == REMEDY:
                    self.gopile[s].append(c)
                    self.gost[s] = after[self.gost[s]][c]
                    refresh(self, s)
                    if ev is not None:
                        ev.append(Event("play", seat, s, names[c], f"player {seat + 1} plays {names[c]} on side {s + 1}"))
                elif k == ZONE:
                    self.lay_zone(seat, c, (code >> TARGET_SHIFT & 15) - 1, ev)
                elif k == HAZARD:
                    victim = (code >> TARGET_SHIFT & 15) - 1
                    if haz_state[c] >= 0:
                        self.delay(seat, c, victim, code >> TAKE_SHIFT, ev)
                    elif self.attack_removal(seat, c, victim, ev):
                        return  # paused: a seat of the victim side may show a counter card
        else:
            if action == COUNTER_WITH:
                self.counter(seat, c, ev)
            else:
                self.decline(seat, ev)
            seat = self.to_act
            turns = self.turns
        # the next seat draws one card: advance()'s commonest case, inline
        draw = self.draw
        if draw and ev is None and draw_one and turns < turn_limit:
            seat = next_seat[seat]
            c = draw.pop()
            self.hands[seat].append(c)
            self.hmask[seat] |= 1 << c
            self.to_act = seat
            return
        self.advance(ev)

    return {"play_codes": play_codes, "refresh": refresh, "apply_code": apply_code}
