"""Engine stage, game state: the piles and hands as int lists, and copies (setting up and playing are generated: codegen)."""
from __future__ import annotations

from ..rng import Rng
from .tables import Tables


class State:
    """The whole table. A hand is a bytearray of card codes (in the order drawn) plus a bitmask of
    the distinct cards in it; piles are lists with the top last; mileage piles are counts per card."""

    __slots__ = ("t", "seed", "rng", "draw", "hands", "hmask", "discard", "aside", "gopile", "gost", "zpile",
                 "zst", "cnt", "openm", "hasm", "remaining", "miles", "pending", "own", "atk", "expo", "to_act",
                 "spile", "immune", "freego", "countered",
                 "turns", "is_over", "winner", "outcome")

    def __init__(self, tables: Tables, seed: int = 1):
        self.t = tables
        self.seed = seed
        self.rng = Rng(seed)
        self.reset()

    def refresh_all(self) -> None:  # per-side masks: see legal.py and the generated refresh
        raise NotImplementedError

    # generated for each ruleset (codegen): a fresh table, dealing, drawing
    def reset(self) -> None:
        raise NotImplementedError

    def deal(self) -> None:
        raise NotImplementedError

    def draw_cards(self, seat: int, n: int, ev: list | None = None) -> None:
        raise NotImplementedError

    # hands -----------------------------------------------------------------------------------
    def give(self, seat: int, c: int) -> None:
        self.hands[seat].append(c)
        self.hmask[seat] |= 1 << c

    def set_hand(self, seat: int, cards) -> None:
        """Seat's hand becomes exactly `cards` (a search deals the hands a seat cannot see)."""
        hand = self.hands[seat] = bytearray(cards)
        mask = 0
        for c in hand:
            mask |= 1 << c
        self.hmask[seat] = mask

    # copies ----------------------------------------------------------------------------------
    def clone(self, rng: Rng | None = None) -> "State":
        """An independent copy (same Game subclass, same kernel), written field by field because a
        search copies a table thousands of times a move; the cached legality masks are copied, not
        recomputed. The copy draws its reshuffles from `rng` (a fresh generator if None), so a search
        never follows the real game's future shuffles. Every field of __slots__ is copied here."""
        twin = object.__new__(type(self))
        twin.t, twin.seed = self.t, self.seed
        twin.rng = rng if rng is not None else Rng(0)
        twin.draw, twin.discard, twin.aside = self.draw[:], self.discard[:], self.aside[:]
        twin.hands, twin.hmask = [bytearray(hand) for hand in self.hands], self.hmask[:]
        twin.gopile, twin.zpile = [pile[:] for pile in self.gopile], [pile[:] for pile in self.zpile]
        twin.spile, twin.cnt = [pile[:] for pile in self.spile], [counts[:] for counts in self.cnt]
        twin.gost, twin.zst = self.gost[:], self.zst[:]
        twin.openm, twin.hasm = self.openm[:], self.hasm[:]
        twin.remaining, twin.miles = self.remaining[:], self.miles[:]
        twin.own, twin.atk, twin.expo = self.own[:], self.atk[:], self.expo[:]
        twin.immune, twin.freego, twin.countered = self.immune[:], self.freego[:], self.countered[:]
        twin.pending, twin.to_act, twin.turns = self.pending, self.to_act, self.turns
        twin.is_over, twin.winner, twin.outcome = self.is_over, self.winner, self.outcome
        return twin

    def snapshot(self) -> tuple:
        return (list(self.draw), [list(h) for h in self.hands], list(self.hmask),
                list(self.discard), list(self.aside), [list(p) for p in self.gopile], list(self.gost),
                [list(p) for p in self.zpile], list(self.zst), [list(c) for c in self.cnt], list(self.openm),
                list(self.hasm), list(self.remaining), list(self.miles), self.pending, self.to_act, self.turns,
                self.is_over, self.winner, self.outcome, self.rng.getstate(),
                [list(p) for p in self.spile], list(self.immune), list(self.freego), list(self.countered))

    def restore(self, snap: tuple) -> None:
        (draw, hands, hmask, discard, aside, gopile, gost, zpile, zst, cnt, openm, hasm, remaining,
         miles, self.pending, self.to_act, self.turns, self.is_over, self.winner, self.outcome, rng, spile, immune,
         freego, countered) = snap
        self.spile, self.immune, self.freego = [list(p) for p in spile], list(immune), list(freego)
        self.draw, self.hands, self.hmask = list(draw), [bytearray(h) for h in hands], list(hmask)
        self.discard, self.aside, self.gopile = list(discard), list(aside), [list(p) for p in gopile]
        self.gost, self.zpile, self.zst = list(gost), [list(p) for p in zpile], list(zst)
        self.cnt, self.openm, self.hasm = [list(c) for c in cnt], list(openm), list(hasm)
        self.remaining, self.miles, self.countered = list(remaining), list(miles), list(countered)
        self.rng.setstate(rng)
        self.own, self.atk, self.expo = [0] * self.t.sides, [0] * self.t.sides, [0] * self.t.sides
        self.refresh_all()

    def copy(self):
        twin = object.__new__(type(self))
        twin.t, twin.seed, twin.rng = self.t, self.seed, Rng(0)
        twin.restore(self.snapshot())
        return twin

    def all_cards(self) -> list[int]:
        """Every card on the table, wherever it lies (for conservation checks)."""
        cards = list(self.draw) + list(self.discard) + list(self.aside)
        for hand in self.hands:
            cards.extend(hand)
        for pile in self.gopile + self.zpile + self.spile:
            cards.extend(pile)
        for counts in self.cnt:
            for c, n in enumerate(counts):
                cards.extend([c] * n)
        if self.pending is not None and self.pending[1] >= 0:  # a hazard waiting for a counter's answer
            cards.append(self.pending[1])
        return cards
