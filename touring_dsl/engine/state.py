"""Engine stage, game state: the piles and hands as int lists, dealing, drawing, reshuffling, ending."""
from __future__ import annotations

from ..rng import Rng
from .moves import Event
from .tables import EMPTY, RETURN_ALL, RETURN_ALL_BUT_TOP, Tables


class State:
    """The whole table. A hand is a list of card codes (in the order drawn) plus a bitmask of the
    distinct cards in it; piles are lists with the top last; mileage piles are counts per card."""

    __slots__ = ("t", "seed", "rng", "draw", "hands", "hmask", "discard", "aside", "gopile", "gost", "zpile",
                 "zst", "cnt", "openm", "hasm", "remaining", "miles", "pending", "own", "atk", "expo", "to_act",
                 "turns", "is_over", "winner", "outcome")

    def __init__(self, tables: Tables, seed: int = 1):
        t = self.t = tables
        self.seed = seed
        self.rng = Rng(seed)
        S, P, K = t.sides, t.players, t.K
        self.draw: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(P)]
        self.hmask = [0] * P
        self.discard: list[int] = []
        self.aside: list[int] = []  # out of play (example positions only)
        self.gopile = [[] for _ in range(S)]
        self.gost = [EMPTY] * S
        self.zpile = [[] for _ in range(1 if t.game_scope else S)]
        self.zst = [t.zone_start] * S
        self.cnt = [[0] * K for _ in range(S)]
        self.openm = [t.open_full] * S
        self.hasm = [0] * S
        self.remaining = [t.need_total] * S
        self.miles = [0] * S
        self.pending = None  # (attacker seat, hazard, victim side) while a counter is offered
        self.to_act = 0
        self.turns = 0
        self.is_over = False
        self.winner = None
        self.outcome = None
        self.own = [0] * S
        self.atk = [0] * S
        self.expo = [0] * S
        self.refresh_all()

    def refresh_all(self) -> None:  # per-side masks: see legal.py and kernel.refresh
        raise NotImplementedError

    # dealing and drawing ---------------------------------------------------------------------
    def deal(self) -> None:
        """Shuffle the deck, deal a hand to every seat, and let seat 0 draw for its first turn."""
        t = self.t
        draw = self.draw = list(t.deck_codes)
        self.rng.shuffle(draw)
        # one card at a time round the table from the top (the end of the list), done as slices
        n = min(len(draw), t.hand_size * t.players)
        dealt = draw[len(draw) - n:][::-1]
        del draw[len(draw) - n:]
        for seat in range(t.players):
            hand = self.hands[seat] = dealt[seat::t.players]
            for c in hand:
                self.hmask[seat] |= 1 << c
        self.to_act = 0
        if t.draw_before_play:
            self.draw_cards(0, t.draw_count, None)

    def give(self, seat: int, c: int) -> None:
        self.hands[seat].append(c)
        self.hmask[seat] |= 1 << c

    def take_from_hand(self, seat: int, c: int) -> None:
        hand = self.hands[seat]
        hand.remove(c)
        if c not in hand:
            self.hmask[seat] ^= 1 << c

    def draw_cards(self, seat: int, n: int, ev: list | None) -> None:
        hand = self.hands[seat]
        for _ in range(n):
            draw = self.draw
            if not draw:
                self.reshuffle(ev)
                draw = self.draw
                if not draw:
                    return
            c = draw.pop()
            hand.append(c)
            self.hmask[seat] |= 1 << c
            if ev is not None:
                ev.append(Event("draw", seat, self.t.side_of[seat], self.t.names[c],
                                f"player {seat + 1} draws a card"))

    def reshuffle(self, ev: list | None) -> None:
        """Return the discards and the lower go and zone cards (as the rules say) as a new draw pile."""
        t = self.t
        new: list[int] = []
        if t.return_discard:
            new.extend(self.discard)
            self.discard.clear()
        for s, pile in enumerate(self.gopile):
            if t.return_go == RETURN_ALL and pile:
                new.extend(pile)
                pile.clear()
                self.gost[s] = EMPTY
                self.refresh_all()
            elif t.return_go == RETURN_ALL_BUT_TOP and len(pile) > 1:
                new.extend(pile[:-1])
                del pile[:-1]
        for i, pile in enumerate(self.zpile):
            if t.return_zone == RETURN_ALL and pile:
                new.extend(pile)
                pile.clear()
                self._reset_zone(i)
            elif t.return_zone == RETURN_ALL_BUT_TOP and len(pile) > 1:
                new.extend(pile[:-1])
                del pile[:-1]
        if not new:
            return
        self.rng.shuffle(new)
        self.draw = new
        if ev is not None:
            ev.append(Event("reshuffle", None, None, None, f"{len(new)} cards are shuffled into a new draw pile"))

    def _reset_zone(self, pile_index: int) -> None:
        sides = range(self.t.sides) if self.t.game_scope else (pile_index,)
        for s in sides:
            self.zst[s] = self.t.zone_start
        self.refresh_all()

    # passing the turn and ending -------------------------------------------------------------
    def advance(self, ev: list | None) -> None:
        """Pass the turn to the next seat that can act, drawing for it; end the game if none can."""
        t = self.t
        if self.turns >= t.turn_limit:
            self.finish("turn-limit", ev)
            return
        seat = self.to_act
        players = t.players
        if not t.draw_before_play:
            self.draw_cards(seat, t.draw_count, ev)
        for _ in range(players):
            seat += 1
            if seat == players:
                seat = 0
            if t.draw_before_play:
                self.draw_cards(seat, t.draw_count, ev)
            if self.hands[seat]:
                self.to_act = seat
                return
        self.finish("exhausted", ev)

    def finish(self, outcome: str, ev: list | None, winner: int | None = None) -> None:
        self.is_over = True
        self.outcome = outcome
        if winner is None:
            best = max(self.miles)
            leaders = [s for s, m in enumerate(self.miles) if m == best]
            winner = leaders[0] if len(leaders) == 1 else None
        self.winner = winner
        if ev is not None:
            kind = "win" if outcome == "completed" else outcome
            who = "a tie" if winner is None else f"side {winner + 1} wins"
            ev.append(Event(kind, None, winner, None, f"the game ends ({outcome}): {who}"))

    # copies ----------------------------------------------------------------------------------
    def snapshot(self) -> tuple:
        return (list(self.draw), [list(h) for h in self.hands], list(self.hmask),
                list(self.discard), list(self.aside), [list(p) for p in self.gopile], list(self.gost),
                [list(p) for p in self.zpile], list(self.zst), [list(c) for c in self.cnt], list(self.openm),
                list(self.hasm), list(self.remaining), list(self.miles), self.pending, self.to_act, self.turns,
                self.is_over, self.winner, self.outcome, self.rng.getstate())

    def restore(self, snap: tuple) -> None:
        (draw, hands, hmask, discard, aside, gopile, gost, zpile, zst, cnt, openm, hasm, remaining,
         miles, self.pending, self.to_act, self.turns, self.is_over, self.winner, self.outcome, rng) = snap
        self.draw, self.hands, self.hmask = list(draw), [list(h) for h in hands], list(hmask)
        self.discard, self.aside, self.gopile = list(discard), list(aside), [list(p) for p in gopile]
        self.gost, self.zpile, self.zst = list(gost), [list(p) for p in zpile], list(zst)
        self.cnt, self.openm, self.hasm = [list(c) for c in cnt], list(openm), list(hasm)
        self.remaining, self.miles = list(remaining), list(miles)
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
        for pile in self.gopile + self.zpile:
            cards.extend(pile)
        for counts in self.cnt:
            for c, n in enumerate(counts):
                cards.extend([c] * n)
        if self.pending is not None:
            cards.append(self.pending[1])
        return cards
