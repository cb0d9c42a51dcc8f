"""Mechanics, their parts of the compiled model: one optional field per registered mechanic, in the
race (mechanics.race.model's Race.mechanics) and in the ruleset (language.model's Ruleset.mechanics).

The parts are made from the registry (touring_dsl.mechanics.REGISTERED) when the model is first imported,
and a dump holds only the parts in use, so a mechanic added to the registry leaves the compiled JSON of
every ruleset that does not use it as it was. Made with pydantic, so the engine never imports this.
"""
from __future__ import annotations

from pydantic import create_model, model_serializer

from ..base.model_base import Frozen


class DumpsUsedMechanics(Frozen):
    """The mechanics of one place: its dump holds only the parts in use, so a mechanic added to the registry
    leaves the compiled JSON of every ruleset that does not use it as it was."""

    @model_serializer(mode="wrap")
    def _dump(self, handler):
        data = handler(self)
        return {k: v for k, v in data.items() if v is not None} if isinstance(data, dict) else data


def mechanics_model(name: str, module: str, *places: str) -> type[Frozen]:
    """The parts the registered mechanics of some places add (touring_dsl.mechanics): one optional field each.
    `module` is where the model is kept under `name` (so that a compiled Ruleset pickles: the disk cache)."""
    from . import REGISTERED  # the registry as it stands when the model is made (a test may add to it)

    fields = {m.name: (m.model | None, None) for m in REGISTERED if m.place in places}
    model = create_model(name, __base__=DumpsUsedMechanics, __module__=module, **fields)
    model.__doc__ = f"The {places[0]}'s mechanics (touring_dsl.mechanics), each part None where it is not used."
    return model


class HidesUnusedMechanics(Frozen):
    """Leaves `mechanics` out of the dump where no mechanic is used, so the compiled form (and its goldens)
    of a ruleset that uses none is what it was before mechanics were modules; and `history` where the
    edition tells none, so that an edition without one compiles as it did before the section existed
    (and `language` where it is English)."""

    @model_serializer(mode="wrap")
    def _dump(self, handler):
        data = handler(self)
        for name in ("mechanics", "history"):
            if isinstance(data, dict) and name in data and not data[name]:
                data.pop(name, None)
        if isinstance(data, dict) and data.get("language") == "en":
            data.pop("language")  # English, the default: an edition in English compiles as it did before
        return data
