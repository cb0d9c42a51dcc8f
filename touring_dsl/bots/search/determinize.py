"""Search stage, determinization: whole tables a seat could be facing, built from its View alone.

A seat sees its own hand and every face-up card (go, zone and mileage piles, the discard pile, a
hazard waiting for a counter). Every other card of the deck is unseen: it lies in another hand, in
the draw pile or (in constructed positions) set aside, and the seat knows only how many lie in each
place. A determinization deals the unseen cards at random into those places with their sizes; or,
when the seat has inferred its one rival's hand (infer.py), gives the rival one of the hands inferred
and deals the rest.
"""
from __future__ import annotations

from collections import Counter

from ...engine.game import Game
from ...engine.rebuild import rebuild
from ...engine.tables import tables_for
from ...engine.view import View
from ...base.rng import Rng

TRIES = 400  # rival hands judged per decision by what the rival was seen to play (infer.py), at most
KEPT = 48  # ... stopping once this many were kept


class Belief:
    """What one seat knows at one decision: the table it sees as a kernel game with the hidden places
    empty, and the unseen cards. Sampling reads nothing else, so two games that differ only in hidden
    cards give the same samples for the same generator."""

    def __init__(self, view: View):
        t = tables_for(view.ruleset, view.players, view.setup or None)
        self.seat, self.hand_sizes = view.seat, view.hand_sizes
        self.seen = public_table(t, view)
        # sorted, so that a sample depends on which cards are unseen and never on where they really lie
        self.unseen = sorted(unseen_cards(t, self.seen))
        self.hidden_hands = tuple((seat, n) for seat, n in enumerate(view.hand_sizes) if seat != view.seat)
        self.draw_size = view.draw_size
        dealt = sum(n for _, n in self.hidden_hands) + self.draw_size
        if dealt > len(self.unseen):
            raise ValueError(f"the view hides {dealt} cards but only {len(self.unseen)} are unseen")
        self.rival_hands: list[list[int]] = []  # hands the one rival is thought to hold (see infer), or none

    def hand_size(self, seat: int) -> int:
        return self.hand_sizes[seat]

    def infer(self, record, rng: Rng) -> None:
        """Judge rival hands by what the seat saw the rival play (infer.Record): up to TRIES hands drawn
        at random, keeping the likely ones (up to KEPT), to be sampled from instead of all hands."""
        if len(self.hidden_hands) != 1 or not record.turns:
            return
        rival, n = self.hidden_hands[0]
        pool = self.unseen[:]
        for _ in range(TRIES):
            rng.shuffle(pool)
            hand = pool[:n]
            if record.likely(hand, rival, rng):
                self.rival_hands.append(sorted(hand))
                if len(self.rival_hands) >= KEPT:
                    break

    def sample(self, rng: Rng) -> Game:
        """One table consistent with the view: the unseen cards shuffled into the other hands, the draw
        pile and the set-aside cards. The table reshuffles with `rng` too."""
        game = self.seen.clone(rng)
        if self.rival_hands:
            return self._sample_inferred(game, rng)
        pool = self.unseen[:]
        rng.shuffle(pool)
        at = 0
        for seat, n in self.hidden_hands:
            game.set_hand(seat, pool[at:at + n])
            at += n
        game.draw = pool[at:at + self.draw_size]
        game.aside = pool[at + self.draw_size:]
        return game

    def _sample_inferred(self, game: Game, rng: Rng) -> Game:
        """A table with one of the inferred rival hands, the other unseen cards shuffled into the draw
        pile and the set-aside cards."""
        rival = self.hidden_hands[0][0]
        hand = self.rival_hands[rng.below(len(self.rival_hands))]
        left = Counter(self.unseen)
        left.subtract(hand)
        pool = list(left.elements())
        rng.shuffle(pool)
        game.set_hand(rival, hand)
        game.draw = pool[:self.draw_size]
        game.aside = pool[self.draw_size:]
        return game


def public_table(t, view: View) -> Game:
    """A kernel game holding the face-up cards and the seat's own hand as the view shows them, to act
    as in the view (every public field of the state schema: engine.rebuild); other hands, the draw
    pile and the set-aside cards are empty."""
    game = Game(t, 0)
    rebuild(game, view)
    return game


def unseen_cards(t, seen: Game) -> list[int]:
    """The deck less every card on the table `seen` (the seat's hand and the face-up cards)."""
    left = Counter(t.deck_codes)
    left.subtract(seen.all_cards())
    if any(n < 0 for n in left.values()):
        raise ValueError("the view shows more cards than the deck holds")
    return list(left.elements())
