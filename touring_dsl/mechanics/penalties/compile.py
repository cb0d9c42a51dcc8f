"""Mechanics, penalties, the compile step: the `penalties { ... }` section -> model.Penalties, or None.

Errors (docs/errors.md; E240 and E241 are its own, declared in PENALTIES.errors): E260 no `take from`;
E240 a pile that is not the race's, or is protected; E202 an unknown zone; E241 a price for a card that
is not a hazard; E256 a `per hour` rate when no hazard has `hours`. The compiler calls it (PENALTIES.compile_fields)
with its Build once the deck and the race are built.
"""
from __future__ import annotations

from .model import Penalties, Penalty

SECTION = "penalties"


def compile_penalties(build) -> Penalties | None:
    """The penalties of the edition being built (build: touring_dsl.language.build.Build; build.race is set)."""
    head = build.one(SECTION)
    if head is None:
        return None
    piles = _piles(build, head)
    zone_names = [s.data["name"].value for s in build.stmts("zones") if s.kind == "zone"]
    per_hour = [(s.data["zone"].value, s.data["miles"].value) for s in _rules(build, "per_hour")
                if _zone_name(build, s.data["zone"], zone_names)]
    if per_hour and not any(c.hours for c in build.cards.values() if c.kind == "hazard"):
        build.c.error("E256", "a `per hour` penalty cannot apply: no hazard in the deck has `hours`",
                      _rules(build, "per_hour")[0].span, 'give the hazards `hours N`, or price each one with '
                      '`when "HAZARD" in "ZONE" take N miles`')
    table = _table(build, per_hour, zone_names)
    forfeit = build.one(SECTION, "forfeit")
    return Penalties(piles=tuple(piles), per_hour=tuple(per_hour), table=tuple(table),
                     larger_card=build.one(SECTION, "never_larger") is None,
                     forfeit=forfeit.data["forfeit"] if forfeit else "full",
                     provenance=build.merged_provenance(SECTION, "penalties"))


def _rules(build, kind: str) -> list:
    return [s for s in build.stmts(SECTION) if s.kind == kind]


def _piles(build, head) -> list[str]:
    """The piles named by `take from`, each a pile of the race and not protected."""
    race_piles = {p.card: p for p in build.race.piles}
    take = build.one(SECTION, "take_from")
    if take is None:
        build.c.error("E260", "the penalties say no piles to take from", head.span, 'add `take from "..."`')
        return []
    piles = []
    for name in take.data["piles"]:
        if name.value not in race_piles:
            build.c.error("E240", f'penalties take from "{name.value}", which is not a pile of the race',
                          name.span, build.suggest(name.value, list(race_piles)))
        elif race_piles[name.value].protected:
            build.c.error("E240", f'pile "{name.value}" is protected from penalties', name.span)
        else:
            piles.append(name.value)
    return piles


def _zone_name(build, name, zone_names: list[str]) -> bool:
    if name.value not in zone_names:
        build.c.error("E202", f'unknown zone "{name.value}"', name.span, build.suggest(name.value, zone_names))
        return False
    return True


def _table(build, per_hour: list[tuple[str, int]], zone_names: list[str]) -> list[Penalty]:
    """One price per hazard and zone: by the hour first, then each `when ... take` (which overrides it)."""
    table: dict[tuple[str, str], Penalty] = {}
    for card in build.cards.values():
        if card.kind == "hazard" and card.hours:
            for zone, miles in per_hour:
                table[(card.name, zone)] = Penalty(hazard=card.name, zone=zone, miles=card.hours * miles,
                                                   provenance=card.provenance)
    for stmt in _rules(build, "penalty"):
        hazard = build.card_name(stmt.data["hazard"], "hazard", role="a penalty", code="E241")
        if hazard and _zone_name(build, stmt.data["zone"], zone_names):
            zone = stmt.data["zone"].value
            table[(hazard, zone)] = Penalty(hazard=hazard, zone=zone, miles=stmt.data["miles"].value,
                                            provenance=build.provenance(stmt, f'the penalty for "{hazard}"'))
    return [p for p in table.values() if p.miles > 0]
