"""Mechanics, hazard effects, the delay: the hazard covers the side's go pile, which then waits for its chain.

Construct: a hazard card with no effect attribute, and `chain "Hazard" then "Remedy" ... then "Go"` in
the `delays` section. Played on a side showing go (or, with `target any`, on any side), the hazard goes
on the side's go pile: the side lays no mileage until the chain's steps follow it in order (the go pile
states, their tables and kernel lines are the delays construct's: mechanics/delays). The
default effect of a hazard: one with no attribute of another effect needs its chain (E232).
"""
from __future__ import annotations

from ...base.i18n import _
from ..delays import DELAYS
from .base import Count, HazardEffect, Named


class DelayEffect(HazardEffect):
    name = "delay"
    means = "the hazard covers the side's go pile: the side waits for the hazard's chain of remedies"
    attributes = {}  # the default: a hazard with no other effect's attribute
    how = 'add `chain "{card}" then ... then "{go}"` under delays'
    errors = {"E232": "a hazard with no way to recover"}
    events = {"hazard": "A hazard was played on a side."}  # (every effect's play reports it: e.hazard_event)

    # the compiler ------------------------------------------------------------------------------
    def recognises(self, card, chained: frozenset[str]) -> bool:
        return card.name in chained or (card.effect is None and not card.removes)

    def check_hazard(self, build, card, chained: frozenset[str], others: tuple = ()) -> None:
        if card.name in chained:
            return
        go = next((c.name for c in build.cards.values() if c.kind == "go"), "Go")
        hows = [e.how.format(card=card.name, go=go) for e in (self, *others)]
        build.c.error("E232", f'hazard "{card.name}" covers a Go but no chain says how to recover',
                      build.card_span(card), " or ".join(how for how in hows if how))

    # the engine --------------------------------------------------------------------------------
    def tables(self, t, cards, mask) -> None:
        # only a chained hazard has a go pile state to cover (DELAYS.tables numbered them: haz_state >= 0);
        # one with no chain has no effect (a ruleset the compiler refused: E232)
        t.chain_hazards = sum(1 << c for c in cards if t.haz_state[c] >= 0)
        t.attack_cards |= t.chain_hazards
        t.open_running |= t.chain_hazards
        if t.delay_any:
            t.open_empty |= t.chain_hazards

    def played(self, e) -> None:
        DELAYS.delay(e)

    def acts(self, e) -> None:
        DELAYS.cover(e)

    # explain -------------------------------------------------------------------------------------
    def refusal(self, game, s: int, c: int, shielded) -> str:
        t = game.t
        said = shielded()
        if said:
            return said
        targets = [words for m in t.mechanics if (words := m.hazard_targets(t))]  # stacking, say
        if targets:
            return _("no other side shows a {go}, or {targets}, to delay").format(go=t.go_name,
                                                                                targets=", or ".join(targets))
        return _("no other side shows a {go} to delay").format(go=t.go_name)

    # words -------------------------------------------------------------------------------------
    def role(self, card):
        return ("stops an opponent", *_for_hours(card))

    def row(self, card, chain):
        steps = chain.steps if chain else ()
        cure = []
        for i, step in enumerate(steps):
            cure += ([", then "] if i else []) + [Named(step)]
        return ("stops the side", *_for_hours(card)), tuple(cure) or ("-",)

    def hindrance(self, cards: list) -> str:
        return "by stopping them with hazards"

    def show(self, card) -> None:
        return None  # its chain's "Delay:" line says it

    # (no diff_aspect: its chain is compared under delays)


def _for_hours(card) -> tuple:
    return (" for ", Count(card.hours, "hour")) if card.hours else ()


EFFECT = DelayEffect()
