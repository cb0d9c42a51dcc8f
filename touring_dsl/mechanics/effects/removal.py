"""Mechanics, hazard effects, the removal: the hazard takes one of the side's mileage cards.

Construct: a hazard card's `removes "Mileage card"` attribute (`card "Pothole" hazard count 2 removes
"25 km"`). Played on a side showing go that has such a card on its piles, the hazard does not stop it:
the card named leaves the side's piles, and it and the hazard go to the discard pile (mechanics.race
removes it; engine.rules.legality keeps a side open to it only while it has the card to lose).
"""
from __future__ import annotations

from ...base.i18n import _
from ..race import RACE
from .base import HazardEffect, Named, NameList


class RemovalEffect(HazardEffect):
    name = "removal"
    face = "penalty"  # a hazard that takes mileage is drawn as a penalty
    means = "the hazard takes one mileage card of the named kind from the side's piles"
    attributes = {"removes": "removes"}
    how = "make it `removes` a mileage card"
    errors = {}  # (E270, a card of the wrong kind, is the core's)
    events = {"remove": "A hazard took a mileage card."}
    diff_aspect = "removes"
    diff_names_card = True
    diff_topic = "removals"  # ("Removal hazards and counters")

    # the compiler ------------------------------------------------------------------------------
    def card_fields(self, data: dict) -> dict:
        return {"removes": data["removes"].value}

    def check_statement(self, build, stmt) -> None:
        d = stmt.data
        if d["kind"] != "hazard":
            build.c.error("E270", "only a hazard may remove a mileage card", d["removes"].span)
        build.card_name(d["removes"], "mileage", role="what a hazard removes")

    def recognises(self, card, chained) -> bool:
        return bool(card.removes)

    # the engine --------------------------------------------------------------------------------
    def tables(self, t, cards, mask) -> None:
        t.removers = tuple((c, t.code[t.ruleset.deck[c].removes]) for c in cards)
        for h, x in t.removers:
            t.removes[h] = x
        t.attack_cards |= mask  # (open only to a side with the card to lose: engine.rules.legality.exposure)

    def played(self, e) -> None:
        RACE.removal(e)

    def acts(self, e) -> None:
        RACE.remove_mileage(e, "seat", "c")

    # explain -------------------------------------------------------------------------------------
    def refusal(self, game, s: int, c: int, shielded) -> str:
        t = game.t
        return _("no other side shows a {go} and has a {card} to lose").format(go=t.go_name,
                                                                              card=t.names[t.removes[c]])

    # words -------------------------------------------------------------------------------------
    def role(self, card):
        return ("takes one ", Named(card.removes), " from an opponent")

    def row(self, card, chain):
        return ("takes one ", Named(card.removes)), ("nothing: the side keeps going",)

    def paragraph(self, cards: list):
        each = []
        for i, c in enumerate(cards):
            each += ([", "] if i else []) + [Named(c.name), " takes a ", Named(c.removes or "")]
        return (NameList(tuple(c.name for c in cards)), " does" if len(cards) == 1 else " do",
                " not stop a side. Laid against an opponent, each takes one mileage card from its piles (",
                *each, "); the hazard and the card it took both go to the discard pile.")

    def hindrance(self, cards: list) -> str:
        return "by taking their mileage cards away"

    def play_option(self, cards: list):
        return (NameList(tuple(c.name for c in cards), "or"), ", against an opponent's mileage")

    def show(self, card) -> str:
        return f"Hazard: {card.name} takes one {card.removes}"

    def diff_value(self, card):
        return card.removes

    def diff(self, action: str, name: str, old, new) -> str:
        return {"added": f"{name} takes away one {new} card instead of stopping the side (new)",
                "removed": f"{name} no longer takes away a {old} card"}.get(
            action, f"{name} takes away one {new} card (was {old})")


EFFECT = RemovalEffect()
