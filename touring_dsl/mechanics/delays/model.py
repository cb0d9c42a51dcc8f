"""Mechanics, delays, the model part: the compiled `delays` section (language.model imports it from here).

Made with pydantic, so it is imported only by the compile step and the model, never by the engine's
modules (a warm simulation loads no pydantic model): the rest of the construct reads these objects' fields.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...base.model_base import Frozen, Provenance


class Chain(Frozen):
    """A hazard covers the victim's Go; the steps are the cards that must follow, in order."""

    hazard: str
    steps: tuple[str, ...]
    provenance: Provenance = Field(default_factory=Provenance)


class Delays(Frozen):
    chains: tuple[Chain, ...]
    target: Literal["showing-go", "any"] = "showing-go"
    provenance: Provenance = Field(default_factory=Provenance)
