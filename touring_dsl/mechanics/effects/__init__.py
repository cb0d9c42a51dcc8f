"""Mechanics, hazard effects: what a hazard does to the side it is played on, one module each (base.py).

REGISTERED lists every effect, in the order they are tried on a hazard card (the first that recognises
it is its effect: a chained hazard is a delay whatever else it says) and numbered in a kernel (new ones
at the end: the kernel of a ruleset that uses the ones before stays the same).
"""
from __future__ import annotations

from .base import Count, HazardEffect, Named, NameList, plain
from .delay import EFFECT as DELAY
from .lose_turn import EFFECT as LOSE_TURN
from .removal import EFFECT as REMOVAL

REGISTERED: tuple[HazardEffect, ...] = (DELAY, REMOVAL, LOSE_TURN)


class UnknownEffect(ValueError):
    """A hazard whose effect no registered module declares (a model made elsewhere, a stale cache)."""


def by_name(name: str) -> HazardEffect:
    for effect in REGISTERED:
        if effect.name == name:
            return effect
    raise UnknownEffect(f"no hazard effect is called {name!r} (registered: "
                        f"{', '.join(e.name for e in REGISTERED)})")


def effect_of(card, chained) -> HazardEffect:
    """The effect of a hazard card (`chained`: the names of the hazards a delay chain names); raises
    UnknownEffect, naming the card and what it says, when no registered effect recognises it."""
    effect_name = getattr(card, "effect", None)
    if effect_name is not None:
        by_name(effect_name)  # an unregistered name is an error, never a fall into another effect
    for effect in REGISTERED:
        if effect.recognises(card, chained):
            return effect
    raise UnknownEffect(f"hazard {card.name!r} has an effect no registered module recognises "
                        f"(effect {effect_name!r}, removes {card.removes!r})")


def chained_of(ruleset) -> frozenset[str]:
    return frozenset(chain.hazard for chain in ruleset.delays.chains)


def effects_of(ruleset) -> dict[str, HazardEffect]:
    """Each hazard card's effect, by card name, in deck order."""
    chained = chained_of(ruleset)
    return {card.name: effect_of(card, chained) for card in ruleset.deck if card.kind == "hazard"}


def attribute_effect(alias: str) -> HazardEffect | None:
    """The effect that declares a card attribute (a grammar alias of `card_attr`), or None."""
    return next((effect for effect in REGISTERED if alias in effect.attributes), None)


__all__ = ["Count", "HazardEffect", "Named", "NameList", "plain", "REGISTERED", "UnknownEffect", "by_name", "effect_of",
           "chained_of", "effects_of", "attribute_effect"]
