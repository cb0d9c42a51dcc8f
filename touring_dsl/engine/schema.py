"""Engine stage, the state schema: every piece of game state, declared once.

Each StateField says what a piece of state is called (its attribute on the State and its local name
inside the generated kernel), what it means, its shape (one value, one per seat, one per side, one per
zone pile, or one pile for the table), its value on an empty table, how it is copied, and what a seat
sees of it, which is how a search rebuilds it from a View:

    public    shown by the View (where: `view`); engine.rebuild puts it back on a table
    own       a seat's own hand: shown to that seat; a search deals the others from the unseen cards
    dealt     face down (the draw pile, cards set aside): a search deals it from the unseen cards
    derived   a cache of other fields, recomputed after a rebuild (`derive` says by which step)

From this list are made: State.__slots__, State.clone (written as Python once, a search calls it
thousands of times a move), snapshot and restore, the generated reset (engine.codegen), the names the
kernel binds as locals, the View's `extra` (public state a mechanic adds that the View's own fields do
not show) and the table a search rebuilds from a View (search.determinize). A mechanic adds state by
declaring StateFields in its state() (the class and its words are in mechanics/vocabulary.py, below
the engine, so a mechanic names them without importing the engine), and nothing else; so does a core
construct (mechanics.core.CORE), whose fields take their place among the engine's own by
mechanics.core.ORDER["state"] (this module names no construct):
tests/test_engine_schema.py checks every field survives a clone, a snapshot, a log and a rebuild.

A move that waits (engine.state's `pending`): None, a CounterOffer (a hazard waits for the answer of a
seat that may counter it), DISCARD_DOWN (the player ends a turn over the hand size and discards first)
or an Offer (a mechanic asks the seat to act to decide, as the Extension does at the target).
"""
from __future__ import annotations

from enum import Enum

# the field vocabulary and the mechanics' Offer live below the engine, where a mechanic can name them
from ..mechanics.vocabulary import (  # noqa: F401 (the schema's own words, imported from here by the engine)
    BYTES, DEALT, DERIVED, LIST, LISTS, ONE, OWN, PUBLIC, SEAT, SIDE, VALUE, ZONE_PILE, Offer, StateField)
from ..mechanics import core
from ..mechanics.counters import CounterOffer  # noqa: F401 (the kernel imports the wait from here)


class Wait(Enum):
    DISCARD_DOWN = "discard down to the hand size before the turn passes"


DISCARD_DOWN = Wait.DISCARD_DOWN


# the state the engine keeps itself, by its slot in mechanics.core.ORDER["state"]; each core construct
# declares its own (its `state`: the go piles, the zones, the safeties, the counters' count)
OWN_FIELDS = {
    "cards": (
        StateField("draw", "the draw pile, top last", ONE, "[]", LIST, DEALT, local=True),
        StateField("hands", "each seat's hand: card codes in the order drawn", SEAT, "bytearray()", BYTES, OWN,
                   local=True),
        StateField("hand_mask", "each seat's distinct cards in hand, one bit per card code", SEAT, "0", LIST,
                   DERIVED, derive="hands", local=True),
        StateField("discard", "the discard pile, top last", ONE, "[]", LIST, PUBLIC, local=True, view="face_up[2]"),
        StateField("aside", "cards out of play (constructed positions only)", ONE, "[]", LIST, DEALT),
    ),
    "mileage": (
        StateField("mileage_counts", "each side's mileage cards laid, per card code", SIDE, "[0] * {t.K}", LISTS,
                   PUBLIC, local=True, view="sides[].piles"),
        StateField("open_piles", "each side's mileage cards it may still lay (piles not full, cards that fit)",
                   SIDE, "{t.open_full}", LIST, DERIVED, derive="mileage", local=True),
        StateField("has_mileage", "each side's mileage cards laid at least once, one bit per card", SIDE, "0", LIST,
                   DERIVED, derive="mileage", local=True),
        StateField("remaining", "each side's cards (or distance) still needed to complete the race", SIDE,
                   "{t.need_total}", LIST, DERIVED, derive="mileage", local=True),
        StateField("miles", "each side's miles laid", SIDE, "0", LIST, DERIVED, derive="mileage", local=True),
    ),
    "table": (
        StateField("pending", "the move the table waits for: None, a CounterOffer, DISCARD_DOWN or an Offer", ONE,
                   "None", VALUE, PUBLIC, view="pending, discarding_down"),
        StateField("to_act", "the seat to act", ONE, "0", VALUE, PUBLIC, view="to_act"),
        StateField("turns", "turns played", ONE, "0", VALUE, PUBLIC, view="turns"),
        StateField("is_over", "whether the race is over", ONE, "False", VALUE, PUBLIC, view="is_over"),
        StateField("winner", "the winning side, or None", ONE, "None", VALUE, DERIVED, derive="race over"),
        StateField("outcome", "how the race ended, or None", ONE, "None", VALUE, DERIVED, derive="race over"),
        StateField("own_mask", "each side's cards its seats may play on it now (legality cache)", SIDE, "0", LIST,
                   DERIVED, derive="masks", local=True),
        StateField("attack_mask", "each side's cards its seats may play on another side now", SIDE, "0", LIST,
                   DERIVED, derive="masks", local=True),
        StateField("exposed_mask", "each side's attacks another side may play on it now", SIDE, "0", LIST, DERIVED,
                   derive="masks", local=True),
    ),
}


def core_fields() -> tuple[StateField, ...]:
    """The core's fields: the engine's own and each core construct's (its `state`), in ORDER["state"]."""
    own = {slot: (lambda fields=fields: fields) for slot, fields in OWN_FIELDS.items()}
    return tuple(f for _, step in core.steps("state", own) for f in step())


CORE_FIELDS = core_fields()  # (fixed at import, like every table's slots: engine.state)


def state_fields() -> tuple[StateField, ...]:
    """Every field: the core's, then each registered mechanic's (touring_dsl.mechanics), in declaration order.
    Every table has them all; a mechanic's are written by the kernel only where a seating uses it."""
    from ..mechanics import REGISTERED
    from ..mechanics.effects import REGISTERED as EFFECTS

    fields = list(CORE_FIELDS)
    for mechanic in (*REGISTERED, *EFFECTS):  # (a hazard effect's state too: mechanics.effects)
        fields.extend(mechanic.state())
    names = [f.name for f in fields]
    duplicated = {n for n in names if names.count(n) > 1}
    if duplicated:
        raise ValueError(f"state fields declared twice: {', '.join(sorted(duplicated))}")
    return tuple(fields)


def field_names() -> tuple[str, ...]:
    return tuple(f.name for f in state_fields())


def kernel_locals() -> tuple[str, ...]:
    """The state the kernel binds as locals where a function uses it (containers changed in place)."""
    return tuple(f.name for f in state_fields() if f.local)


def clone_source() -> str:
    """Python source of State.clone: every field copied, as its declaration says (one line each)."""
    lines = ["def clone(self, rng=None):",
             '    """An independent copy (same Game subclass, same kernel); its reshuffles draw from `rng`',
             '    (a fresh generator if None), so a search never follows the real game\'s future shuffles."""',
             "    twin = _new(type(self))",
             "    twin.t, twin.seed = self.t, self.seed",
             "    twin.rng = rng if rng is not None else Rng(0)"]
    lines += [f"    twin.{f.name} = {f.copy_source('self.' + f.name)}" for f in state_fields()]
    lines.append("    return twin")
    return "\n".join(lines) + "\n"
