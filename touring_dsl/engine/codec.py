"""Engine stage, the move codec: the one place that knows how a move is packed into an int.

A move code is one int with named fields, lowest bits first:

    action   which kind of move (ACTION_NAMES: play, discard, counter, decline, ...)
    card     the card's code (its index in the ruleset's deck)
    target   the side a play names, plus one (0: the player's own side, or no side)
    take     a penalty choice: an index into Tables.takes (0: none), in the bits above the rest

Python code reads a field with action_of / card_of / target_of / take_of and writes a code with pack.
The generated kernel reads the same fields through the expressions below (ACTION, CARD, TARGET, TAKE:
each `.of("code")` is Python source for that field of the int named `code`), so that no shift or mask
is written anywhere else. A new kind of move is one more Decision of a mechanic (touring_dsl.mechanics), which ACTION_NAMES
numbers after the core's (there is room for eight in all).
Logs never store codes: they store Moves (engine.moves), so a change of layout keeps them readable.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..mechanics import REGISTERED

# move actions: the names a Move carries, numbered by their place here: the core's, then each registered
# mechanic's decisions (touring_dsl.mechanics, in the registry's order: a new one goes at the end)
CORE_ACTIONS = ("play", "discard", "counter", "decline")
ACTION_NAMES = CORE_ACTIONS + tuple(d.action for m in REGISTERED for d in m.decisions)
PLAY, DISCARD, COUNTER_WITH, DECLINE = range(4)
FIRST_DECISION = len(CORE_ACTIONS)  # the first mechanic decision's action: every action from here is one
ACTIONS = {name: i for i, name in enumerate(ACTION_NAMES)}
ANSWERS = (COUNTER_WITH, DECLINE)  # the moves that answer a hazard waiting for a counter
CARDLESS = frozenset(("decline", *ACTION_NAMES[FIRST_DECISION:]))  # moves that name no card


@dataclass(frozen=True)
class Field:
    """One field of a move code: `width` bits from `shift` (width None: every bit above), stored plus `offset`."""

    name: str
    shift: int
    width: int | None
    offset: int = 0

    @property
    def mask(self) -> int:
        return -1 if self.width is None else (1 << self.width) - 1

    def get(self, code: int) -> int:
        value = code >> self.shift
        if self.width is not None:
            value &= self.mask
        return value - self.offset

    def put(self, value: int) -> int:
        stored = value + self.offset
        if stored < 0 or (self.width is not None and stored > self.mask):
            raise ValueError(f"a move's {self.name} of {value} does not fit its {self.width} bits")
        return stored << self.shift

    def of(self, code: str = "code") -> str:
        """Python source for this field of the int named `code` (for the generated kernel)."""
        text = code if not self.shift else f"{code} >> {self.shift}"
        if self.width is not None:
            text = f"{text} & {self.mask}"
        if self.offset:
            text = f"({text}) - {self.offset}"
        return text


ACTION = Field("action", 0, 3)
CARD = Field("card", 3, 6)  # the engine handles at most 63 distinct cards (tables._cards)
TARGET = Field("target", 9, 4, offset=1)  # -1: no side named; sides are 0..13
TAKE = Field("take", 13, None)
FIELDS = (ACTION, CARD, TARGET, TAKE)
if len(ACTION_NAMES) > ACTION.mask + 1:
    raise ValueError(f"{len(ACTION_NAMES)} move actions do not fit a move code's {ACTION.width} bits")


def pack(action: int, card: int = 0, target: int | None = None, take: int = 0) -> int:
    """The move code of an action with a card, a target side (None: none) and a take id."""
    return (ACTION.put(action) | CARD.put(card) | TARGET.put(-1 if target is None else target)
            | TAKE.put(take))


def _reader(field: Field):
    """A function reading one field, compiled from the field's own source (as fast as one written out)."""
    reader = eval(f"lambda code: {field.of('code')}")  # noqa: S307 (our own constant text)
    reader.__name__ = reader.__qualname__ = f"{field.name}_of"
    reader.__doc__ = f"The {field.name} of a move code" + (" (-1: no side)." if field.offset else ".")
    return reader


action_of, card_of, target_of, take_of = (_reader(field) for field in FIELDS)


def packed(action: int, card: str) -> str:
    """Python source: the move code of `action` with the card named `card` (no target, no take)."""
    return f"{ACTION.put(action)} | {card} << {CARD.shift}" if ACTION.put(action) else f"{card} << {CARD.shift}"


def is_action(action: int, code: str = "code") -> str:
    """Python source: whether the move `code` is of this action."""
    return f"{ACTION.of(code)} == {action}"


def is_decision(code: str = "code") -> str:
    """Python source: whether the move `code` is a mechanic's decision."""
    return f"{ACTION.of(code)} >= {FIRST_DECISION}"


def is_answer(code: str = "code") -> str:
    """Python source: whether the move `code` answers a hazard waiting for a counter."""
    low, high = min(ANSWERS), max(ANSWERS)
    assert list(ANSWERS) == list(range(low, high + 1)), "the answers are numbered next to each other"
    return f"{low} <= {ACTION.of(code)} <= {high}"
