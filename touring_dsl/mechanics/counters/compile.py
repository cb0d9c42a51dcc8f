"""Mechanics, counters, the compile step: a card's `cancels` and `responder plays next`, their checks, the
counters of the Ruleset, and the check of the counter's name in `piles`.

Errors (docs/errors.md; every code here is shared with other constructs, so COUNTERS.errors is empty):
E200/E270 a name in `cancels` that is no hazard or zone card (build.card_name); E260 a counter card that
cancels nothing; E256 a counter named in an edition whose deck cancels nothing out of turn. Which kinds
of card may carry the attributes (E271) is COUNTERS.attribute_kinds, checked by the compiler with the rest.
"""
from __future__ import annotations

from .model import Counter


def card_fields(d: dict) -> dict:
    """The model.Card fields a card statement's data gives a counter (or a safety that cancels)."""
    return {"counters": tuple(n.value for n in d.get("cancels", [])), "responder_next": bool(d.get("responder_next"))}


def check_statement(build, stmt) -> None:
    """What a card cancels must be a hazard or a zone card; a counter card must cancel something."""
    d = stmt.data
    for name in d.get("cancels", []):
        build.card_name(name, "hazard", "zone", role="what a counter cancels")
    if d["kind"] == "counter" and not d.get("cancels"):
        build.c.error("E260", f'counter card "{d["name"].value}" cancels nothing', d["name"].span,
                      'add `cancels "Hazard", ...`')


def check_name(build, counter) -> None:
    """A counter named in `piles` (the statement, or None) where no card cancels a hazard out of turn."""
    if counter is not None and not any(card.counters for card in build.cards.values()):
        build.c.error("E256", "no card of this edition cancels a hazard out of turn, so there is no counter "
                      "to name", counter.span, "leave the counter unnamed, or give a card `cancels`")


def compile_counters(build) -> tuple[Counter, ...]:
    """Every card played out of turn against a hazard: counter cards, and safeties that cancel."""
    return tuple(Counter(card=c.name, cancels=c.counters, responder_next=c.responder_next,
                         provenance=c.provenance)
                 for c in build.cards.values() if c.kind in ("counter", "safety") and c.counters)
