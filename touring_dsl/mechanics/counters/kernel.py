"""Mechanics, counters, the engine's part: the counter tables and the kernel lines of the counter question.

Construct: `card "C" counter cancels "Hazard", ... [responder plays next]` in the deck (and a safety's
`cancels`, see mechanics/safeties.py); an edition may name the moment (`counter is called "coup fourré"`).
When a hazard (or a zone card played on another side) that some counter cancels is played on side v,
the seats of v are asked in turn order after the attacker, before the hazard acts: each may show a
counter it holds (the hazard goes to the discards, and the counter too, or in front of the side if it
is a safety; the responder draws back up to a full hand) or let the hazard pass, until one shows a
counter or all have let it pass; then the hazard acts as played. While the question is open
(`pending`), no turn passes. Afterwards play goes on from the attacker, or, for a counter that says
`responder plays next`, the responder draws and takes the next turn (the seats between lose theirs).
Each side's count of hazards it countered is kept for scoring (the `countered` state field below).

Whether and whom the question asks depends only on what every seat sees: a seat is asked whether or
not it holds a counter (its only answer may be to let the hazard pass), so the pause, its wording and
its timing tell the table nothing of its hand. Nobody is asked only when every copy of every counter
to the hazard lies face up (in the discards or laid as a safety), which every seat sees.

The kernel lines take the Emitter `e` (its Tables e.t, its writer e.w, its steps e.pause, e.event,
e.keep_safety, e.by_effect, e.action_test); they import no module of the engine.
"""
from __future__ import annotations

from typing import NamedTuple

from ..turn import TURN
from ..vocabulary import LIST, PUBLIC, SIDE, ZONE, StateField
from ..zones import ZONES
from .words import shown_detail

# the state it keeps: what a side has turned away counts for scoring (mechanics.scoring's `countered`)
STATE = (StateField("countered", "each side's hazards countered out of turn (for scoring)", SIDE, "0", LIST, PUBLIC,
                    view="extra"),)

# the kernel's run-time names of the counter question (engine.codegen.KERNEL_NAMES takes them in)
KERNEL_NAMES = {
    "attacker": "the seat whose hazard waits for an answer",
    "hazard": "the card code of the hazard waiting for an answer",
    "hazard_code": "the move code of the hazard waiting for an answer",
    "fits": "the counter cards that cancel hazard c (0 once every copy of them lies face up)",
    "responder": "the seat asked whether it counters (-1: every seat of the side has been asked)",
    "other": "a seat tried as responder",
    "step": "how far round the table from the attacker",
}


class CounterOffer(NamedTuple):
    """A hazard played on `victim` by `attacker` waits: the seat to act may counter it or let it pass."""

    attacker: int
    hazard: int  # the hazard's card code
    victim: int
    move: int  # the hazard's move code, applied as played if the seat declines


# the tables ----------------------------------------------------------------------------------------
def tables(t, ruleset) -> None:
    """COUNTERS_FOR[hazard]: the cards that cancel it; REDRAW[c], RESPONDER_NEXT[c]: what follows counter c;
    the answers' move codes; what the edition calls a counter shown ("coup fourré"), or ""."""
    K = t.K
    t.counter_name = ruleset.pile_names.counter
    t.counters_for = [0] * K
    t.redraw = [True] * K
    t.responder_next = [False] * K
    pairs = [(c.card, c.cancels, c.redraw, c.responder_next) for c in ruleset.counters]
    pairs += [(card.name, card.counters, True, card.responder_next) for card in ruleset.deck
              if card.kind in ("counter", "safety") and card.counters and card.name not in {p[0] for p in pairs}]
    for name, cancels, redraw, responder_next in pairs:
        cc = t.code[name]
        t.redraw[cc], t.responder_next[cc] = redraw, responder_next
        for hazard in cancels:
            t.counters_for[t.code[hazard]] |= 1 << cc
    t.counter_code = tuple(t.action_code("counter", c) for c in range(K))
    t.decline_code = t.action_code("decline")


def active(t) -> bool:
    """Whether some card of this seating cancels a hazard: the kernel asks the counter question."""
    return any(t.counters_for)


def features(t) -> list[str]:
    """The kernel heading's word for the counters (engine.codegen.source)."""
    return ["counters" if active(t) else "no counters"]


# the kernel's constants its lines read, by its place in mechanics.core.ORDER (the tables of the
# question; after the safeties', who plays after a counter)
CONSTANTS = {"counters": ("COUNTERS_FOR", "REDRAW"), "counters.responders": ("RESPONDER_NEXT",)}


def kernel_constants(t) -> dict[str, list[str]]:
    """The kernel's constant lines for the counter tables, by their place (engine.codegen.constants)."""
    return {"counters": [f"COUNTERS_FOR = {tuple(t.counters_for)!r}", f"REDRAW = {tuple(t.redraw)!r}"],
            "counters.responders": [f"RESPONDER_NEXT = {tuple(t.responder_next)!r}"]}


# kernel lines --------------------------------------------------------------------------------------
def responses(e) -> None:
    """codes = the counters the asked seat holds against the pending hazard, then declining."""
    e.w("_fit = hand_mask[seat] & COUNTERS_FOR[pending.hazard]",
        f"codes = tuple(COUNTER_CODE[_c] for _c in BITS[_fit]) + ({e.t.decline_code},)")


def offer(e) -> None:
    """Before hazard c acts on side v: while a copy of some counter to it may lie unseen, ask the first
    seat of v after the attacker, whatever it holds (the table cannot tell who holds what)."""
    w = e.w
    w("fits = COUNTERS_FOR[c]")
    with w.block("if fits:"):
        may_be_held(e)
        with w.block("if fits:"):
            first_responder(e)
            w("pending = CounterOffer(seat, c, v, code)", "seat = responder")
            e.pause()


def may_be_held(e) -> None:
    """fits = 0 when every copy of every counter in fits lies face up (in the discards, or laid in
    front of a side as a safety): what every seat sees shows nobody can hold one, so nobody is asked.
    Anything else (a copy in a hand, the draw pile, set aside) may be held: the question is asked."""
    w, t = e.w, e.t
    with w.block("for _x in BITS[fits]:"):
        w("_seen = discard.count(_x)")
        if t.safety_mask & _countering(t):
            with w.block("for _p in safety_piles:"):
                w("_seen += _p.count(_x)")
        with w.block("if _seen < COPIES[_x]:  # a copy is out of sight"):
            w("break")
    with w.block("else:"):
        w("fits = 0")


def first_responder(e) -> None:
    """responder = the first seat of side v in turn order after the attacker `seat`."""
    w, t = e.w, e.t
    if t.players == t.sides:  # one seat a side: the seat is the side
        w("responder = v")
        return
    with w.block(f"for step in range(1, {t.players}):"):
        w(f"responder = (seat + step) % {t.players}")
        with w.block(f"if {e.side('responder')} == v:"):
            w("break")


def next_responder(e) -> None:
    """responder = the next seat of side v after `seat` in turn order, before the turn comes back
    round to the attacker; -1 when every seat of v has been asked."""
    w, t = e.w, e.t
    w("responder = -1")
    with w.block(f"for step in range((seat - attacker) % {t.players} + 1, {t.players}):"):
        w(f"other = (attacker + step) % {t.players}")
        with w.block(f"if {e.side('other')} == v:"):
            w("responder = other", "break")


def respond(e) -> None:
    """Answer a pending hazard: counter with card c (the `counter` action), or decline and let the
    hazard act as played; then the turn goes on from the attacker."""
    w, t = e.w, e.t
    w("attacker, hazard, v, hazard_code = pending", "pending = None")
    with w.block(f"if {e.action_test('counter')}:"):
        w("hand = hands[seat]", "hm = hand_mask[seat]")
        TURN.leave_hand(e)
        w("discard.append(hazard)", "self.countered[v] += 1  # a fact for scoring")
        e.event('"counter"', "seat", "v", "NAMES[c]", shown_detail(t.counter_name))
        if t.safety_mask & _countering(t):
            with w.block(f"if {t.safety_mask} >> c & 1:  # a safety stays in front of its side"):
                e.keep_safety("v")
            with w.block("else:"):
                w("discard.append(c)")
        else:
            w("discard.append(c)")
        with w.block(f"if REDRAW[c] and len(hand) < {t.hand_size}:"):
            TURN.draw_cards(e, "seat", f"{t.hand_size} - len(hand)")
        if any(t.responder_next):
            with w.block("if RESPONDER_NEXT[c]:  # the responder draws and takes the next turn"):
                TURN.draw_cards(e, "seat", str(t.draw_count))
                with w.block("if hand:"):
                    e.pause()
                w("attacker = seat  # with no card to play, the turn passes on from the responder")
    with w.block("else:"):
        e.event('"decline"', "seat", "v", "None", 'f"player {seat + 1} lets it pass"')
        if t.players > t.sides:  # a partner of the side may still answer
            next_responder(e)
            with w.block("if responder >= 0:"):
                w("pending = CounterOffer(attacker, hazard, v, hazard_code)", "seat = responder")
                e.pause()
        w("seat, c, code = attacker, hazard, hazard_code")
        hazard_acts(e)
    w("seat = attacker")


def hazard_acts(e) -> None:
    """The declined hazard c (move `code` of `seat`) acts on side v: it covers the go, removes mileage,
    or (a zone card) changes v's zone."""
    if ZONES.against_zones(e):
        with e.w.block(f"if KIND[c] == {ZONE}:"):
            ZONES.change_zone(e)
        with e.w.block("else:"):
            _hazard_acts(e)
    else:
        _hazard_acts(e)


def _hazard_acts(e) -> None:
    e.by_effect(lambda effect: effect.acts(e))  # what it does is its effect's (mechanics.effects)


def _countering(t) -> int:
    """The cards that may answer some hazard."""
    mask = 0
    for m in t.counters_for:
        mask |= m
    return mask


def counter_tables(t) -> tuple:
    """The counters' codes as one value, for a cache key of a kernel made from these tables
    (the compiled kernel, bots.compiled, keys its modules by them)."""
    return t.counter_code, getattr(t, "decline_code", None)
