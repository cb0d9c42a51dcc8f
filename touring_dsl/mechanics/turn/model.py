"""Mechanics, the turn, the model part: the compiled `turn` and `reshuffle` sections (language.model
imports them from here).

Made with pydantic, so it is imported only by the compile step and the model, never by the engine's
modules (a warm simulation loads no pydantic model): the rest of the construct reads these objects' fields.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...base.model_base import Frozen, Provenance

CardKind = Literal["mileage", "go", "remedy", "hazard", "zone", "counter", "safety"]
Keep = Literal["all", "all-but-top", "none"]  # how much of a go or zone pile a reshuffle gives back


class Turn(Frozen):
    hand: int
    draw: int = 1
    draw_before_play: bool = True
    before_go: tuple[CardKind, ...] = ("hazard", "zone")  # kinds a side may play before its first Go
    provenance: Provenance = Field(default_factory=Provenance)


class Reshuffle(Frozen):
    discard: bool = True
    go_piles: Keep = "all-but-top"
    zone_piles: Keep = "all-but-top"
    provenance: Provenance = Field(default_factory=Provenance)
