"""Engine stage, game state: the piles and hands as int lists, and copies (setting up and playing are generated: codegen)."""
from __future__ import annotations

from ..base.rng import Rng
from .schema import BYTES, LIST, LISTS, DISCARD_DOWN, CounterOffer, Offer, clone_source, field_names, state_fields
from .tables import Tables

FIELDS = state_fields()


def _copy(field, value):
    """A field's value copied as its declaration says (the same copies as clone's)."""
    if field.copy == LIST:
        return list(value)
    if field.copy == LISTS:
        return [list(p) for p in value]
    if field.copy == BYTES:
        return [bytearray(h) for h in value]
    return value


def _compiled_clone():
    """State.clone as written from the schema (compiled on first use: a simulation never clones)."""
    namespace = {"_new": object.__new__, "Rng": Rng}
    exec(compile(clone_source(), "<touring State.clone, from engine.schema>", "exec"), namespace)  # noqa: S102
    return namespace["clone"]


class State:
    """The whole table. A hand is a bytearray of card codes (in the order drawn) plus a bitmask of
    the distinct cards in it; piles are lists with the top last; mileage piles are counts per card.
    Every field is declared once, in engine.schema; the slots and the copies below are made from it."""

    __slots__ = ("t", "seed", "rng", *field_names())

    def __init__(self, tables: Tables, seed: int = 1):
        self.t = tables
        self.seed = seed
        self.rng = Rng(seed)
        for f, value in tables.unused_state:  # the state of mechanics this seating does not use: never changes
            setattr(self, f.name, _copy(f, value))
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
        self.hand_mask[seat] |= 1 << c

    def set_hand(self, seat: int, cards) -> None:
        """Seat's hand becomes exactly `cards` (a search deals the hands a seat cannot see)."""
        hand = self.hands[seat] = bytearray(cards)
        mask = 0
        for c in hand:
            mask |= 1 << c
        self.hand_mask[seat] = mask

    # copies: every field of engine.schema -------------------------------------------------------
    def clone(self, rng: Rng | None = None) -> "State":
        """An independent copy that reshuffles with `rng`; replaced on first use by the copy written from
        the schema, field by field (a search copies a table thousands of times a move)."""
        State.clone = _compiled_clone()
        return State.clone(self, rng)

    def snapshot(self) -> tuple:
        """Every field's value (copied), and the generator's state."""
        return tuple(_copy(f, getattr(self, f.name)) for f in FIELDS) + (self.rng.getstate(),)

    def restore(self, snap: tuple) -> None:
        for f, value in zip(FIELDS, snap):
            setattr(self, f.name, _copy(f, value))
        self.rng.setstate(snap[-1])

    @property
    def counter_offer(self) -> CounterOffer | None:
        """The hazard waiting for a counter's answer, if one is."""
        return self.pending if type(self.pending) is CounterOffer else None

    @property
    def offer(self) -> Offer | None:
        """A mechanic's question waiting for the seat to act's answer, if one is (engine.mechanics)."""
        return self.pending if type(self.pending) is Offer else None

    @property
    def waits_for_answer(self) -> bool:
        """Whether the seat to act must answer (a counter offer, a mechanic's offer): no discard is legal."""
        kind = type(self.pending)
        return kind is CounterOffer or kind is Offer

    @property
    def discarding_down(self) -> bool:
        """Whether the seat to act is discarding down to its hand size before its turn passes."""
        return self.pending is DISCARD_DOWN

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
        for pile in self.go_piles + self.zone_piles + self.safety_piles:
            cards.extend(pile)
        for counts in self.mileage_counts:
            for c, n in enumerate(counts):
                cards.extend([c] * n)
        if self.counter_offer is not None:  # a hazard waiting for a counter's answer
            cards.append(self.counter_offer.hazard)
        return cards
