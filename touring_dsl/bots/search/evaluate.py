"""Search stage, leaf evaluation: each side's chances read off a table, for playouts cut short.

The race is won by completing every pile, so progress is counted in mileage cards laid (a card a turn),
not in miles. A side's score is the cards it has laid, less one for every card its go pile still needs
before it may lay mileage again (a go, or the remedies of a delay), and one more while its zone forbids
mileage it still needs, each softened when one of its seats holds the card that would help; plus what its hands hold: part of a card for each mileage card that still fits
its piles (less while its zone forbids it), and a little for each kind of card that answers or makes a
delay. Miles break ties. Scores become shares of a win by a softmax, so they sum to 1 as results do,
pulled towards an even share so that an estimate never reaches a result: a race actually won (or lost)
in the search counts for more than any table that merely looks won.
"""
from __future__ import annotations

import math

from ...engine.tables import EMPTY, GO, HAZARD, REMEDY, RUNNING, ZONE, Tables

STEP = 1.0  # a card still needed on the go pile costs as much as a mileage card not yet laid
HELD = 0.6  # ... of which this much is saved when a seat of the side holds that card
FITS = 0.5  # a mileage card in hand that fits a pile, counted as this much of a card laid
BARRED = 0.3  # ... while the side's zone forbids it
KEEP = 0.3  # the first card of each go, remedy or hazard kind in hand
SCALE = 1.5  # a lead of this many cards is worth odds of e to 1
CONFIDENCE = 0.8  # an estimate is this much the softmax share and the rest an even share


class Evaluator:
    """Scores tables of one compiled ruleset seating."""

    def __init__(self, t: Tables):
        self.t = t
        self.race = sum(t.need[c] * t.miles[c] for c in t.pile_order) or 1
        # the price of each go pile state: cards still needed to show a go again
        self.price = [0.0] * len(t.onto)
        self.price[EMPTY] = STEP
        for state in range(2, len(t.onto)):
            chain, at = t.chain_of_state[state]
            self.price[state] = STEP * (len(t.chains[chain].steps) - at)
        self.keep_mask = t.mask_of(c for c in range(t.K) if t.kind[c] in (GO, REMEDY, HAZARD))
        self.zone_cards = t.mask_of(c for c in range(t.K) if t.kind[c] == ZONE)

    def rewards(self, game) -> list[float]:
        t, price, onto, hand_mask = self.t, self.price, self.t.onto, game.hand_mask
        scores = []
        for s, seats in enumerate(t.seats_of):
            state = game.go_state[s]
            score = t.need_total - game.remaining[s] - price[state] + game.miles[s] / self.race
            if state != RUNNING:
                needed = onto[state]
                if any(hand_mask[seat] & needed for seat in seats):
                    score += HELD
            score -= self.zone_price(game, s, seats)
            for seat in seats:
                score += self.hand_value(game, s, seat)
            scores.append(score / SCALE)
        top = max(scores)
        weights = [math.exp(score - top) for score in scores]
        even = (1.0 - CONFIDENCE) / len(scores)
        total = sum(weights) / CONFIDENCE
        return [even + w / total for w in weights]

    def zone_price(self, game, s: int, seats) -> float:
        """A card's price while the side's zone forbids mileage it still needs, less HELD when one of its
        seats holds a zone card it may play on itself that allows some of that mileage."""
        t = self.t
        zone = game.zone_state[s]
        barred = game.open_piles[s] & ~t.allow[zone] & t.mileage_mask
        if not barred:
            return 0.0
        playable = t.zone_own[zone] & self.zone_cards
        for seat in seats:
            for c in t.bits[game.hand_mask[seat] & playable]:
                if t.allow[c] & barred:
                    return STEP - HELD
        return STEP

    def hand_value(self, game, s: int, seat: int) -> float:
        """What seat's hand promises side s: mileage that still fits its piles, and one card of each kind
        that answers or makes a delay."""
        t = self.t
        mask = game.hand_mask[seat]
        value = KEEP * len(t.bits[mask & self.keep_mask])
        mileage = mask & game.open_piles[s]
        if mileage:
            hand, counts, need = game.hands[seat], game.mileage_counts[s], t.need
            allowed = t.allow[game.zone_state[s]]
            for c in t.bits[mileage]:
                fits = min(hand.count(c), need[c] - counts[c])
                value += fits * (FITS if allowed >> c & 1 else BARRED)
        return value
