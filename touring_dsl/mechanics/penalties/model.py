"""Mechanics, penalties, the model: the compiled `penalties` section (touring_dsl.language.model re-exports it).

Its own module because it is a pydantic model: the engine's part of the construct (play.py, choices.py)
is imported by a warm simulation, which loads no pydantic model.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...base.model_base import Frozen, Provenance


class Penalty(Frozen):
    """What the victim of a hazard forfeits in a zone, in miles."""

    hazard: str
    zone: str
    miles: int
    provenance: Provenance = Field(default_factory=Provenance)


class Penalties(Frozen):
    piles: tuple[str, ...]  # piles penalties may take from
    per_hour: tuple[tuple[str, int], ...] = ()  # zone -> miles per hour of delay (hazards with hours)
    table: tuple[Penalty, ...]  # resolved: one entry per hazard and zone that costs anything
    chooser: Literal["attacker"] = "attacker"
    larger_card: bool = False  # True: a card worth more than what is still owed may be taken
    forfeit: Literal["full", "up-to"] = "full"  # full: as much as can be taken; up-to: any part of it, or nothing
    provenance: Provenance = Field(default_factory=Provenance)
