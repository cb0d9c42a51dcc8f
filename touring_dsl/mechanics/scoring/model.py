"""Mechanics, scoring, its part of the compiled model: the terms (ScoreTerm) and the section (Scoring).

language.model imports both from here, so the Ruleset and its JSON are as they were.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...base.model_base import Frozen, Provenance
from ..vocabulary import KIND_CODES
from . import WHATS

CardKind = Literal[tuple(KIND_CODES)]  # type: ignore[valid-type]  # (language.model's CardKind, same order)
ScoreWhat = Literal[WHATS]  # type: ignore[valid-type]


class ScoreTerm(Frozen):
    """Points a side earns when a race ends: per mile, per card in play, per hazard countered, or once
    for completing the race (optionally only without a card, after the draw pile ran out, or while no
    opponent has any mileage)."""

    what: ScoreWhat
    points: int
    card: str | None = None  # the named card counted in play, or the one the race is completed without
    kind: CardKind | None = None  # the kind of card counted in play, or countered
    provenance: Provenance = Field(default_factory=Provenance)


class Scoring(Frozen):
    """How races are scored, and the match: the first side whose total reaches `match` points wins."""

    terms: tuple[ScoreTerm, ...]
    match: int | None = None  # None: each race is scored alone (who leads each race: Ruleset.mechanics)
    provenance: Provenance = Field(default_factory=Provenance)
    match_provenance: Provenance = Field(default_factory=Provenance)
