"""Mechanics, the race, the model part: the compiled race (Race, with its mileage piles) and the compiled
`ending` section (language.model imports them from here).

Made with pydantic, so it is imported only by the compile step and the model, never by the engine's
modules (a warm simulation loads no pydantic model). A race's `mechanics` field holds the parts of the
registered race mechanics (the Extension's...): mechanics.parts makes its model from the registry.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...base.model_base import Frozen, Provenance
from ..parts import HidesUnusedMechanics, mechanics_model

Unit = Literal["miles", "km"]


class Pile(Frozen):
    """One mileage pile: the card it takes and how many complete it."""

    card: str
    needs: int
    protected: bool = False  # never taken by penalties
    face_down: bool = False  # turned face down once complete
    tally: int | None = None  # the n-th card is laid crosswise as a counting aid
    provenance: Provenance = Field(default_factory=Provenance)


RaceMechanics = mechanics_model("RaceMechanics", __name__, "race")


class Race(HidesUnusedMechanics):
    """A race of fixed piles, or (no piles) a distance race: any mileage up to `miles`."""

    miles: int
    piles: tuple[Pile, ...]
    unit: Unit = "miles"
    exact: bool = False  # distance races: mileage may not pass the target, which must be reached exactly
    caps: tuple[tuple[str, int], ...] = ()  # distance races: at most N of a mileage card per side
    mechanics: RaceMechanics = Field(default_factory=RaceMechanics)  # the race's mechanics (the Extension...)
    provenance: Provenance = Field(default_factory=Provenance)

    @property
    def is_distance(self) -> bool:
        return not self.piles


class Ending(Frozen):
    """How a race ends: completion, or exhaustion of the cards, or a turn limit."""

    win: Literal["complete-all-piles"] = "complete-all-piles"
    exhausted: Literal["play-out-hands"] = "play-out-hands"
    exhausted_winner: Literal["most-miles"] = "most-miles"
    turn_limit: int = 5000
    provenance: Provenance = Field(default_factory=Provenance)
