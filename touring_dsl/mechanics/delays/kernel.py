"""Mechanics, delays, in play: the go pile states, their tables and the kernel lines of the go pile.

A side moves only while a go card shows on its go pile. A hazard of a chain, played on another side,
covers that side's go pile; the side may then play only the chain's next step, in order, and moves again
once the last step (or a go card on an empty pile) is on top. `target any` lets a delay be played on a
side that has not started. The go pile's state (EMPTY, RUNNING, or which step a chain waits for) is one
small int: tables() numbers the states, and AFTER[state][card] is the state a card leads to.

Like every mechanics module it imports nothing of the engine: `e` is the Emitter the kernel is written
with (e.w writes lines, e.t is the Tables; the engine's rule modules are e.rules, its steps e.go_free,
e.shield, e.offer_counter, e.hook). The engine calls these through DELAYS:

    STATE                  engine.schema: the go piles and each side's go pile state
    tables(t, delays)      engine.tables.Tables, once per seating (t.chain_of_state, t.haz_state, t.onto,
                           t.after, t.chains, t.delay_any; t.go_free and t.state_hazard, which the
                           safeties' lines read as GO_FREE and STATE_HAZARD)
    kernel_constants(t)    engine.codegen.constants: AFTER and HAZ_STATE (CONSTANTS)
    go_or_remedy(e)        engine.codegen.Emitter.play (DELAYS.plays): a go or remedy card laid
    delay(e), cover(e)     the delay effect (mechanics/effects/delay.py): a hazard played, or let pass
    pile_state(t, pile)    engine.derived: the state a go pile laid out by hand implies
"""
from __future__ import annotations

from ..penalties import PENALTIES
from ..vocabulary import DERIVED, EMPTY, GO, HAZARD, LIST, LISTS, PUBLIC, REMEDY, RUNNING, SIDE, StateField

KINDS = (GO, REMEDY)  # the card kinds laid on a side's own go pile (engine.codegen.Emitter.play's branch)
CONSTANTS = ("AFTER", "HAZ_STATE")  # the kernel constants its lines read (engine.emitter binds them)

# its state (engine.schema): each side's go pile, and the state it shows
STATE = (
    StateField("go_piles", "each side's go pile (go, hazards, remedies), top last", SIDE, "[]", LISTS, PUBLIC,
               local=True, view="face_up[0]"),
    StateField("go_state", "each side's go pile state: EMPTY, RUNNING, or the chain step it waits for", SIDE,
               "0", LIST, DERIVED, derive="go piles", local=True),
)


# the tables ----------------------------------------------------------------------------------------
def tables(t, delays) -> None:
    """Number the go pile states and tabulate which card may follow which: t.chain_of_state[state] is
    (chain index, next step index), t.haz_state[hazard] the state a chained hazard puts a side in (-1:
    none), t.onto[state] the cards that may go on a pile in that state, t.after[state][card] the state
    they lead to (-1: none); t.go_free and t.state_hazard, which the safeties read (below); t.go_pile_cards
    the cards laid on a side's own go pile (explain: a side not yet started may lay them)."""
    K = t.K
    t.go_pile_cards = t.mask_of(c for c in range(K) if t.kind[c] in KINDS)
    t.chain_of_state = [None, None]  # state -> (chain index, next step index)
    t.haz_state = [-1] * K
    for ci, chain in enumerate(delays.chains):
        h = t.code[chain.hazard]
        if t.haz_state[h] < 0:
            t.haz_state[h] = len(t.chain_of_state)
        for p in range(len(chain.steps)):
            t.chain_of_state.append((ci, p))
    t.chains = delays.chains
    n = len(t.chain_of_state)
    t.onto = [0] * n
    t.after = [[-1] * K for _ in range(n)]
    t.onto[EMPTY] = t.go_mask
    for c in range(K):
        if t.kind[c] == GO:
            t.after[EMPTY][c] = RUNNING
    for state in range(2, n):
        ci, p = t.chain_of_state[state]
        steps = t.chains[ci].steps
        c = t.code[steps[p]]
        t.onto[state] |= 1 << c
        t.after[state][c] = RUNNING if p + 1 == len(steps) else state + 1
    t.delay_any = delays.target == "any"
    # what a safety reads of the states (mechanics.safeties writes them as GO_FREE and STATE_HAZARD): the
    # state of a side whose safety acts as go (a wait for the go card is no wait), and the hazard a state
    # is held up by, none once every remedy is laid and the side only waits for its go card (a safety is
    # no go card unless it acts as one)
    t.go_free = [RUNNING if t.onto[state] & t.go_mask else state for state in range(n)]
    t.state_hazard = [-1, -1] + [-1 if remedied(t, ci, p) else t.code[t.chains[ci].hazard]
                                 for ci, p in t.chain_of_state[2:]]


def remedied(t, ci: int, p: int) -> bool:
    """Whether a side at step p of chain ci has laid every remedy and only a go card is still to come."""
    steps = t.chains[ci].steps
    return p > 0 and all(t.kind[t.code[card]] == GO for card in steps[p:])


def kernel_constants(t) -> list[str]:
    """The kernel's constant lines for the go pile's tables (engine.codegen.constants)."""
    return [f"AFTER = {tuple(tuple(row) for row in t.after)!r}", f"HAZ_STATE = {tuple(t.haz_state)!r}"]


def pile_state(t, pile: list[int]) -> int:
    """The go pile state its cards imply, replaying them bottom first (leniently)."""
    state = EMPTY
    for c in pile:
        kind = t.kind[c]
        if kind == GO:
            state = RUNNING
        elif kind == HAZARD and t.haz_state[c] >= 0:
            state = t.haz_state[c]
        elif kind == REMEDY:
            nxt = t.after[state][c]
            if nxt < 0:  # a remedy out of turn: find the chain step it completes
                nxt = next((t.after[st][c] for st in range(2, len(t.onto)) if t.after[st][c] >= 0), state)
            state = nxt
    return state


# the kernel's lines --------------------------------------------------------------------------------
def go_or_remedy(e) -> None:
    """Card c, a go or the step a delay asks for, goes on side s's go pile."""
    e.w("go_piles[s].append(c)")
    covered(e, "s", e.go_free("s", "AFTER[go_state[s]][c]"))
    e.event('"play"', "seat", "s", "NAMES[c]", 'f"player {seat + 1} plays {NAMES[c]} on side {s + 1}"')


def covered(e, v: str, state: str) -> None:
    """The masks once a card went on side v's go pile: it now shows `state`, never the empty pile
    (so the side has started), and only a go card on top is the running state."""
    w, t = e.w, e.t
    w(f"_g = go_state[{v}] = {state}")
    e.hook("go_shown", v, "card")  # a mechanic may change what the pile now shows (both _g and go_state[v])
    w(f"_z = zone_state[{v}]", f"attack_mask[{v}] = {t.attack_cards}")
    with w.block(f"if _g == {RUNNING}:"):
        w(f"own_mask[{v}] = OWN_RUN[_z] | open_piles[{v}] & MILE_OK[_z]")
        e.rules.legality.exposure(e, v, "EXPO_RUN[_z]")
    with w.block("else:"):
        w(f"own_mask[{v}] = OWN_GZ[_g][_z]", f"exposed_mask[{v}] = {e.shield(v, 'EXPO_GZ[_g][_z]')}")


def delay(e) -> None:
    """Hazard c, played on side v, first meets any counter a seat of v holds; then it covers v's go."""
    e.hazard_event()
    if e.has_counters:
        e.offer_counter()  # (mechanics.counters: above this rule)
    cover(e)


def cover(e) -> None:
    """Hazard c covers victim v's go: v now waits for the hazard's chain; with penalties, the
    cards of the attacker's chosen take are forfeited."""
    w, t = e.w, e.t
    e.hook("before_cover")  # go_state[v] still shows what hazard c covers
    w("go_piles[v].append(c)")
    # a delayed side's masks do not depend on its mileage: the takes can follow
    w(f"_g = go_state[v] = {e.go_free('v', 'HAZ_STATE[c]')}", "_z = zone_state[v]", "own_mask[v] = OWN_GZ[_g][_z]",
      f"attack_mask[v] = {t.attack_cards}", f"exposed_mask[v] = {e.shield('v', 'EXPO_GZ[_g][_z]')}")
    if e.has_penalties:
        PENALTIES.forfeit_take(e)
