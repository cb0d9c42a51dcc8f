"""Mechanics, the vocabulary: the words a mechanic and the engine share, kept below both.

A mechanic sits below the language and the engine (every stage reads the registry), so what it needs
to name of the engine's world is declared here, and the engine imports it from here:

    card kinds       MILEAGE, GO, REMEDY, HAZARD, ZONE, COUNTER, SAFETY (Tables.kind[c] is one)
    go pile states   EMPTY and RUNNING (then one state per chain step a side waits for: mechanics.delays)
    state            StateField, with its shapes, copies and what a seat sees of it (engine.schema
                     explains each and builds the State from them)
    questions        Offer, a mechanic's question to the seat to act

What a mechanic's hooks do with the engine goes through what they are given: the Emitter `e` (kernel
lines: e.w, e.t, e.event, e.pause, e.finish, e.side, e.action_test, and the rules' steps e.draw_one,
e.reopen, e.refresh), the Tables `t` (t.action_code, t.offers, the integer tables) and the game.
Nothing in touring_dsl/mechanics imports the engine, not even inside a function.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

# the kernel writer a hook is given (engine.codegen.Emitter) and the seating's Tables (engine.tables),
# named for the annotations only: both are a layer above
Emitter = Any
Tables = Any

# card kinds
MILEAGE, GO, REMEDY, HAZARD, ZONE, COUNTER, SAFETY = range(7)
KIND_CODES = {"mileage": MILEAGE, "go": GO, "remedy": REMEDY, "hazard": HAZARD, "zone": ZONE,
              "counter": COUNTER, "safety": SAFETY}
# go pile states: empty, running (a go shows), then one state per (chain, next step expected)
EMPTY, RUNNING = 0, 1

# a state field's shape, how it is copied, and what a seat sees of it (engine.schema)
ONE, SEAT, SIDE, ZONE_PILE = "one", "seat", "side", "zone pile"
VALUE, LIST, LISTS, BYTES = "value", "list", "lists", "bytes"
PUBLIC, OWN, DEALT, DERIVED = "public", "own", "dealt", "derived"


class Offer(NamedTuple):
    """A mechanic's question to the seat to act: the moves that answer it, and the rule bots' choice
    among them (a function of the side and each side's miles: an index into codes). One per seating
    that uses the mechanic (Tables.offers), so `pending is t.offers[name]` names it."""

    mechanic: str
    codes: tuple[int, ...]
    choose: object


@dataclass(frozen=True)
class StateField:
    """One piece of game state (engine.schema declares the core's; a mechanic's state() adds its own)."""

    name: str
    means: str
    shape: str  # ONE, SEAT, SIDE, ZONE_PILE
    start: str  # Python source of one item's value on an empty table (`t` is the Tables, K its card count)
    copy: str  # VALUE, LIST (a list of ints), LISTS (a list of lists), BYTES (a list of bytearrays)
    seen: str  # PUBLIC, OWN, DEALT, DERIVED
    derive: str = ""  # DERIVED: the step that recomputes it (engine.rebuild.DERIVE)
    local: bool = False  # a container the kernel changes in place: bound as a local where used
    view: str = ""  # PUBLIC: where the View shows it (words); "extra" when only View.extra does

    def items(self, t) -> int:
        return {ONE: 1, SEAT: t.players, SIDE: t.sides, ZONE_PILE: 1 if t.game_scope else t.sides}[self.shape]

    def start_source(self, t) -> str:
        """Python source of the field's value on an empty table, for the generated reset."""
        item = self.start.format(t=t)
        if self.shape == ONE:
            return item
        return "[" + ", ".join([item] * self.items(t)) + "]"

    def copy_source(self, value: str) -> str:
        return {VALUE: value, LIST: f"{value}[:]", LISTS: f"[_p[:] for _p in {value}]",
                BYTES: f"[bytearray(_h) for _h in {value}]"}[self.copy]
