"""Mechanics, counters, the model part: a compiled counter (language.model imports it from here).

Made with pydantic, so it is imported only by the compile step and the model, never by the engine's
modules (a warm simulation loads no pydantic model): the rest of the construct reads these objects' fields.
"""
from __future__ import annotations

from pydantic import Field

from ...base.model_base import Frozen, Provenance


class Counter(Frozen):
    """A card shown out of turn to cancel a hazard; the holder then draws back up (a counter card is
    discarded with the hazard, a safety stays in play)."""

    card: str
    cancels: tuple[str, ...]
    redraw: bool = True
    responder_next: bool = False  # the responder, not the seat after the attacker, takes the next turn
    provenance: Provenance = Field(default_factory=Provenance)
