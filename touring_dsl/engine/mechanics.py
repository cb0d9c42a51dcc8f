"""Engine stage, the mechanics registry: what each optional mechanic adds to the engine, declared in one place.

A MechanicSpec names the state fields it adds (engine.schema.StateField), and the rest of the engine is
generic over them: State's slots and copies, the generated reset, the View's `extra` and the table a
search rebuilds from a View all read this registry. See docs/language.md, "Adding a mechanic".
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class MechanicSpec:
    name: str
    means: str
    state: tuple = field(default=())  # StateFields this mechanic adds


MECHANICS: tuple[MechanicSpec, ...] = ()
