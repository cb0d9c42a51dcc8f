"""Mechanics, zones, the model part: the compiled `zones` section (language.model imports it from here).

Made with pydantic, so it is imported only by the compile step and the model, never by the engine's
modules (a warm simulation loads no pydantic model): the rest of the construct reads these objects' fields.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...base.model_base import Frozen, Provenance

Reach = Literal["own", "opponent", "any"]
Speeding = Literal["forbidden", "forfeit-card", "forfeit-all"]
ZoneScope = Literal["side", "game"]


class Zone(Frozen):
    name: str  # the zone card that puts a side (or the game) into this zone
    allows: tuple[str, ...]  # mileage cards playable in it
    provenance: Provenance = Field(default_factory=Provenance)


class ZonePlay(Frozen):
    card: str
    reach: Reach
    provenance: Provenance = Field(default_factory=Provenance)


class Zones(Frozen):
    scope: ZoneScope
    start: str
    zones: tuple[Zone, ...]
    plays: tuple[ZonePlay, ...]
    change_only: bool = True  # a zone card may be played only when it changes the zone
    change_provenance: Provenance = Field(default_factory=Provenance)
    start_provenance: Provenance = Field(default_factory=Provenance)
    speeding: Speeding = "forbidden"
    speeding_provenance: Provenance = Field(default_factory=Provenance)
    provenance: Provenance = Field(default_factory=Provenance)
