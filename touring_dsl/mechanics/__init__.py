"""Mechanics: the optional rules that are each one module, registered here (engine/mechanics.py has the contract).

REGISTERED lists every mechanic in the order its pieces are numbered (its actions in engine.codec,
its state fields in engine.schema): a new mechanic goes at the end, so that the move codes and the
state of the ones before it do not move.
"""
from __future__ import annotations

from .base import Award, Decision, Finish, Mechanic
from .extension import MECHANIC as EXTENSION
from .discard_draw import MECHANIC as DISCARD_DRAW
from .lead_rotation import MECHANIC as LEAD_ROTATION
from .stacking import MECHANIC as STACKING

REGISTERED: tuple[Mechanic, ...] = (EXTENSION, STACKING, DISCARD_DRAW, LEAD_ROTATION)

_active: list[tuple[Mechanic, ...]] = [REGISTERED]


def registered() -> tuple[Mechanic, ...]:
    """The mechanics in use (all of REGISTERED, unless a test has emptied the registry: without_mechanics)."""
    return _active[-1]


def by_name(name: str) -> Mechanic:
    for mechanic in REGISTERED:
        if mechanic.name == name:
            return mechanic
    raise KeyError(name)


def owner_of_action(action: str) -> Mechanic | None:
    """The mechanic that adds a move of this action, or None for the core's."""
    for mechanic in REGISTERED:
        if any(d.action == action for d in mechanic.decisions):
            return mechanic
    return None


def decision_words(action: str) -> str | None:
    """A mechanic's decision in words ("extend the race"), or None for a core action."""
    for mechanic in REGISTERED:
        for decision in mechanic.decisions:
            if decision.action == action:
                return mechanic.decision_label(decision)
    return None


def finish_of(what: str) -> tuple[Mechanic, Finish] | None:
    """The mechanic and Finish of a completing term's `what`, or None for the core's."""
    for mechanic in REGISTERED:
        for finish in mechanic.finishes:
            if finish.what == what:
                return mechanic, finish
    return None


def match_parts(ruleset) -> tuple[tuple[Mechanic, object], ...]:
    """The mechanics of the match (place "match") the ruleset uses, with their parts, in registry order:
    they play between the races of a match (engine.match), never in a race's kernel."""
    return tuple((mechanic, part) for mechanic in registered() if mechanic.place == "match"
                 for part in [getattr(ruleset.mechanics, mechanic.name, None)] if part is not None)


def names_the_lead(mechanic: Mechanic) -> bool:
    """Whether the mechanic names the seat that leads each race of a match (it has a first_seat hook): where
    one is used, the core's rule (seat 1 leads every race) is not the rule, and is not said."""
    return type(mechanic).first_seat is not Mechanic.first_seat


class without_mechanics:
    """Within this block the engine sees no mechanic (tests: a seating's kernel must not depend on
    mechanics it does not use). Model classes and move actions, made at import, keep them all."""

    def __enter__(self):
        _active.append(())
        return self

    def __exit__(self, *exc) -> None:
        _active.pop()


__all__ = ["Award", "Decision", "Finish", "Mechanic", "REGISTERED", "registered", "by_name", "owner_of_action",
           "decision_words", "finish_of", "match_parts", "names_the_lead", "without_mechanics"]
