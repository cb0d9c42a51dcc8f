"""Mechanics, Progressive Touring, the model part: the compiled `progressive` section (language.model
imports it from here, so the Ruleset and its JSON are as they were).

Made with pydantic, so it is imported only by the compile step and the model, never by the engine.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...base.model_base import Frozen, Provenance


class Progressive(Frozen):
    """Progressive Touring: several tables racing against a clock; a tournament format.

    Each table is seated by the edition's setup for that many players (its sides, removals and race)."""

    table: int  # the number at a table the host is offered first
    tables: tuple[int, ...] = ()  # every number a table may seat, preferred first (empty: `table` alone)
    partners: bool  # some table seats sides of two or more
    partners_stay: bool = True  # partners move together all evening; False: they separate every round
    minutes: int | None
    winners_move_up: bool = False  # False: everyone keeps their table all evening
    score: Literal["mileage"] = "mileage"
    restart: bool = False  # a game finished before the signal is followed by another, its miles added
    prizes: int = 1  # places rewarded at the end
    umpire: bool = False  # an umpire, not the players, records the scores
    provenance: Provenance = Field(default_factory=Provenance)

    def sizes(self) -> tuple[int, ...]:
        return self.tables or (self.table,)
