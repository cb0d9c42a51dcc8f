"""Bots stage, the kernel rule: greedy.py's rule choosing on the generated kernel's lists rather than a View.

The rule bots (rule_bots.GreedyBot, rule_bots.ExpertBot) read a View and a list of Moves; KernelRule
makes the very same choices from a kernel game's lists and move codes, with no Move or View made: the
kernel's game loop (playout.py) calls its `play` and reads its `keeps` as constants (the compiled
backend compiles greedy.choose_play itself and reads the same constants), the search asks it for a
seat's move (greedy_policy), and tests/test_simulate_paths.py holds it to the public bots game by game.
"""
from __future__ import annotations

from ..engine.schema import Offer
from ..engine.codec import action_of, card_of, take_of, target_of
from ..engine.tables import Tables
from .greedy import GREEDY, KEEP_NEEDED_NOW, Style, answer_offer, facts_of, pick_play, spare


class KernelRule:
    """greedy.py's rule on the kernel's lists, for one seating and Style: the choice rule_bots.GreedyBot
    makes from the public view (with another Style, that of the rule bot with that style, such as
    rule_bots.ExpertBot).

    With two sides a play's choice depends only on the plays on offer, the seat's side, the two zones
    and its go pile state (the one rival is every hazard's target): `memo` remembers it per such
    position. A discard reads greedy.spare's tables, the keep of a card other than mileage taken per go
    pile state (whether it would set the side moving is known from the state): `keeps`, which the
    kernel's game loop reads as constants, and `play`, which it calls (playout.rule_policy); `choose`
    is the whole choice, for any position of a game."""

    def __init__(self, t: Tables, style: Style = GREEDY):
        f = facts_of(t)
        self.f, self.style, self.duel, self.t = f, style, t.sides == 2, t
        self.onto, self.takes, self.miles_of = t.onto, t.takes, t.miles
        self.need, self.discard_code, self.bits = t.need, t.discard_code, t.bits
        self.spares = f.spares(style)
        self.memo: dict = {}

    def keeps(self) -> tuple:
        """The discard's tables as the kernel's game loop reads them (playout.rule_constants): the keep of
        each mileage card by zone, of each other card held once and more than once by go pile state (a
        card that would set the side moving keeps KEEP_NEEDED_NOW), and what no card keeps less than."""
        spares, f, t = self.spares, self.f, self.t
        keep_one = tuple(tuple(KEEP_NEEDED_NOW if (needs & spares.needable) >> c & 1 else spares.one[c]
                               for c in range(f.K)) for needs in t.onto)
        keep_more = tuple(tuple(KEEP_NEEDED_NOW if (needs & spares.needable) >> c & 1 else spares.more[c]
                                for c in range(f.K)) for needs in t.onto)
        return spares.mileage, keep_one, keep_more, spares.lowest

    def decoded(self, code: int) -> tuple[int, int, int, int]:
        """A play code as greedy.pick_play reads it: (action, card, target or -1, miles its penalty takes)."""
        take = sum(self.miles_of[p] * n for p, n in self.takes[take_of(code)])
        return (action_of(code), card_of(code), target_of(code), take)

    def play(self, codes, s: int, miles, zone_state, state: int) -> int:
        """The play among `codes` (not empty) for side s in go pile state `state`, or -1 to discard: with two
        sides, remembered for the position (the kernel's game loop asks this: playout.rule_policy)."""
        if self.duel:
            code = self.memo.get((codes, s, zone_state[0], zone_state[1], state))
            if code is not None:
                return code
        return self.pick(codes, s, miles, zone_state, state)

    def pick(self, codes, s: int, miles, zone_state, state: int) -> int:
        """The play among `codes` (not empty), or -1 to discard; remembered for the position with two sides."""
        i = pick_play(self.f, [self.decoded(c) for c in codes], s, miles, zone_state, self.onto[state], self.style)
        code = codes[i] if i >= 0 else -1
        if self.duel:
            memo = self.memo
            if len(memo) > 50_000:
                memo.clear()
            memo[(codes, s, zone_state[0], zone_state[1], state)] = code
        return code

    def choose(self, game, seat: int, s: int, codes) -> int:
        """The move code the rule plays for `seat` (on side s) with these plays on offer; a mechanic's
        question is answered by its own rule (greedy.answer_offer), as the measuring loop does: the codes
        are then answers, not plays (read as plays, a search's playouts of the discard-draw house rule
        took the top discard every turn and ran to the turn limit)."""
        pending = game.pending
        if type(pending) is Offer:
            t = self.t
            top = game.discard[-1] if game.discard else -1
            return pending.codes[answer_offer(t, pending, s, game.miles, top, game.hands[seat],
                                              t.onto[game.go_state[s]])]
        code = self.play(codes, s, game.miles, game.zone_state, game.go_state[s]) if codes else -1
        if code >= 0:
            return code
        return self.discard_code[spare(self.spares, self.f.kind, self.bits[game.hand_mask[seat]], game.hands[seat],
                                       game.zone_state[s], self.onto[game.go_state[s]], self.need,
                                       game.mileage_counts[s])]


def greedy_policy(t: Tables, style: Style = GREEDY):
    """The rule's choice of move for a seat, as a function (game, seat, side, codes) -> move code."""
    return KernelRule(t, style).choose

