"""Mechanics, the race, the model part: a compiled mileage pile and the compiled `ending` section
(language.model imports them from here).

Made with pydantic, so it is imported only by the compile step and the model, never by the engine's
modules (a warm simulation loads no pydantic model). The Race itself stays in language.model, because
its `mechanics` field is made there from the registered mechanics (the Extension's part of a race).
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...base.model_base import Frozen, Provenance


class Pile(Frozen):
    """One mileage pile: the card it takes and how many complete it."""

    card: str
    needs: int
    protected: bool = False  # never taken by penalties
    face_down: bool = False  # turned face down once complete
    tally: int | None = None  # the n-th card is laid crosswise as a counting aid
    provenance: Provenance = Field(default_factory=Provenance)


class Ending(Frozen):
    """How a race ends: completion, or exhaustion of the cards, or a turn limit."""

    win: Literal["complete-all-piles"] = "complete-all-piles"
    exhausted: Literal["play-out-hands"] = "play-out-hands"
    exhausted_winner: Literal["most-miles"] = "most-miles"
    turn_limit: int = 5000
    provenance: Provenance = Field(default_factory=Provenance)
