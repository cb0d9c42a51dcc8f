"""Engine stage, legal moves: penalty choices and discards around the generated play_codes.

Each side keeps three masks, refreshed (the generated refresh) whenever its go pile, zone or mileage
changes: own_mask[s] (cards a seat of s may play on its own side), attack_mask[s] (attacking cards s may use)
and exposed_mask[s] (attacking cards that may be played on s). The generated play_codes (codegen) ANDs a
hand's mask with these and turns the result into move codes by per-mask lookup tables.
"""
from __future__ import annotations

from .penalties import penalty_choices
from .state import State
from .codec import PLAY, pack


class Legal(State):
    __slots__ = ()

    def refresh_all(self) -> None:
        for s in range(self.t.sides):
            self.refresh(s)

    def penalty_plays(self, mask: int, victim: int) -> tuple[int, ...]:
        """Plays on `victim` when some hazard costs mileage there: one move per penalty choice."""
        t = self.t
        zone = self.zone_state[victim]
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
        counts = self.mileage_counts[victim]
        available = tuple(counts[c] for c, _ in t.pen_piles)
        key = (hazard, victim, owed, available)
        codes = t.choice_cache.get(key)
        if codes is None:
            choices = penalty_choices(t.pen_piles, available, owed, t.larger_card, t.forfeit)
            codes = t.choice_cache[key] = [pack(PLAY, hazard, victim, t.take_id(take)) for take in choices]
        return codes

    def legal_codes(self) -> list[int]:
        """Plays, then one discard per distinct card in hand (no discards while a counter or a mechanic's
        offer waits for an answer; only discards while the hand is discarded down to its size)."""
        codes = list(self.play_codes())
        if not self.waits_for_answer and not self.is_over:
            discard = self.t.discard_code
            codes.extend(discard[c] for c in self.t.bits[self.hand_mask[self.to_act]])
        return codes
