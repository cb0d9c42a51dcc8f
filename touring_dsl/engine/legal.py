"""Engine stage, legal moves: discards, and a costly hazard's plays (mechanics.penalties), around play_codes.

Each side keeps three masks, refreshed (the generated refresh) whenever its go pile, zone or mileage
changes: own_mask[s] (cards a seat of s may play on its own side), attack_mask[s] (attacking cards s may use)
and exposed_mask[s] (attacking cards that may be played on s). The generated play_codes (codegen) ANDs a
hand's mask with these and turns the result into move codes by per-mask lookup tables.
"""
from __future__ import annotations

from ..mechanics.penalties import PENALTIES
from .state import State


class Legal(State):
    __slots__ = ()

    def refresh_all(self) -> None:
        for s in range(self.t.sides):
            self.refresh(s)

    # a costly hazard's plays, one per choice of cards (the kernel's play_codes calls it)
    penalty_plays = PENALTIES.penalty_plays

    def legal_codes(self) -> list[int]:
        """Plays, then one discard per distinct card in hand (no discards while a counter or a mechanic's
        offer waits for an answer; only discards while the hand is discarded down to its size)."""
        codes = list(self.play_codes())
        if not self.waits_for_answer and not self.is_over:
            discard = self.t.discard_code
            codes.extend(discard[c] for c in self.t.bits[self.hand_mask[self.to_act]])
        return codes
