"""Mechanics, delays, the compile step: the `delays` section's statements -> Delays, with the errors
(E230: a chain that does not end in the go card; E231: a step before the last that is not a remedy).

`build` is the compiler's Build (language.build): build.stmts and build.one find the statements,
build.card_name checks a named card, build.c.error reports, build.provenance and build.merged_provenance
gather the citations. Once the chains are known, each hazard's effect checks its card (a delay needs
its chain: E232, mechanics.effects).
"""
from __future__ import annotations

from .. import effects
from .model import Chain, Delays


def compile_delays(build) -> Delays:
    chains = []
    chained = set()
    for stmt in (s for s in build.stmts("delays") if s.kind == "chain"):
        hazard = build.card_name(stmt.data["hazard"], "hazard", role="a chain's first card")
        steps = stmt.data["steps"]
        for step in steps[:-1]:
            build.card_name(step, "remedy", role="a step before the last", code="E231")
        last = steps[-1]
        has_go = any(c.kind == "go" for c in build.cards.values())  # else the deck check says it
        if build.card_name(last) and has_go and build.cards[last.value].kind != "go":
            go = next((c.name for c in build.cards.values() if c.kind == "go"), "Go")
            build.c.error("E230", f'the chain for "{stmt.data["hazard"].value}" ends in "{last.value}", '
                          f'not the go card', last.span, f'end it with then "{go}"')
        if hazard:
            chained.add(hazard)
            chains.append(Chain(hazard=hazard, steps=tuple(s.value for s in steps),
                                provenance=build.provenance(stmt, f'the chain for "{hazard}"')))
    frozen = frozenset(chained)
    for card in build.cards.values():  # each hazard's effect checks it (a delay needs its chain: E232)
        if card.kind == "hazard":
            effect = effects.by_name(card.effect) if card.effect else effects.effect_of(card, frozen)
            effect.check_hazard(build, card, frozen, tuple(e for e in effects.REGISTERED if e is not effect))
    target = build.one("delays", "target")
    return Delays(chains=tuple(chains), target=target.data["target"] if target else "showing-go",
                  provenance=build.merged_provenance("delays", "delays"))
