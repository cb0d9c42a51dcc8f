"""Mechanics, the race, the compile step: the `race` section -> Race (its head, piles and caps), a setup's
own race, and the `ending` section -> Ending, with their errors: E220 (the piles do not add up to the
race), E221 (a pile of a card that is not a mileage card), E222 (a pile needs more cards than the deck, or
a setup's pack, holds), E223 (a pile that needs no card, a tally outside its pile, a cap below one, a turn
limit below one), E224 (a distance race's rule in a race of piles, a race in the wrong unit, a pile in a
setup's distance race), E260 (no race, a mileage card without a pile) and E201 (a setup's unknown pile).

`build` is the compiler's Build (language.build): build.one and build.stmts find the statements,
build.card_name checks a card's name and kind, build.cards holds the deck, build.c.error reports,
build.suggest hints, build.provenance and build.merged_provenance gather the citations, build.race is
the edition's race once compiled (a setup's race is checked against it).
"""
from __future__ import annotations

from .model import Ending, Pile, Race


def compile_race(build) -> Race:
    """The `race` section: its head, piles and caps, checked as a whole (a race of piles runs exactly,
    every mileage card has a pile, the piles add up to the race, the deck holds what they need)."""
    head = build.one("race")
    if head is None:
        build.c.error("E260", "the edition has no race", build.merged.doc.id.span,
                      "add `race N miles { pile ... }`")
        return Race(miles=0, piles=())
    piles = tuple(compile_pile(build, s) for s in build.stmts("race") if s.kind == "pile")
    race = Race(miles=head.data["miles"].value, piles=tuple(p for p in piles if p),
                unit=head.data["unit"], exact=head.data["exact"], caps=compile_caps(build),
                provenance=build.provenance(head, "the race"))
    if not any(s.kind == "pile" for s in build.stmts("race")):
        return race  # a distance race: any mileage counts towards the target
    if race.exact or race.caps:
        build.c.error("E224", "`exact` and `at most` are for distance races, but this race has piles",
                      head.span, "a race of piles is always run exactly; leave the piles out for a distance race")
    for card in build.cards.values():
        if card.kind == "mileage" and all(p.card != card.name for p in race.piles):
            build.c.error("E260", f'mileage card "{card.name}" has no pile in the race', head.span,
                          f'add `pile "{card.name}" needs N`')
    check_total(build, race, head.data["miles"], "the race")
    check_supply(build, race, dict((c.name, c.count) for c in build.cards.values()), head.data["miles"], "")
    return race


def check_total(build, race: Race, miles, what: str) -> None:
    """E220: a race of piles is as long as its piles' mileage (`miles`: the Name the error points at)."""
    total = sum(p.needs * (build.cards[p.card].miles or 0) for p in race.piles)
    if total != race.miles:
        detail = " + ".join(f"{p.needs} x {build.cards[p.card].miles}" for p in race.piles)
        build.c.error("E220", f"{what} is {race.miles} miles, but its piles make {total}", miles.span,
                      f"the piles add up to {detail} = {total}")


def check_supply(build, race: Race, supply: dict[str, int], where, label: str = "") -> None:
    """E222: each pile of `race` needs no more cards than `supply` holds (the deck's, or a setup's pack:
    `label` names the setup, " of setup ..."). A shortfall of the edition's race, met again in a setup
    that plays it, is reported once, for the race."""
    deck = {c.name: c.count for c in build.cards.values()}
    race_short = set() if not label else {(p.card, p.needs, deck.get(p.card, 0)) for p in build.race.piles
                                          if p.needs > deck.get(p.card, 0)}
    for pile in race.piles:
        have = supply.get(pile.card, 0)
        if pile.needs <= have or (pile.card, pile.needs, have) in race_short:
            continue
        span, inherited = in_own_file(build, where.span)
        build.c.error("E222", f'pile "{pile.card}" needs {pile.needs} cards but the deck{label} holds '
                      f'{have}{inherited}', span)


def in_own_file(build, span):
    """An error found in a rule the variant inherits is shown at the variant's own change that caused
    it (its race, else its header), and says where the inherited rule was written."""
    own = build.merged.doc
    if span is None or span.file == own.file:
        return span, ""
    race = build.table.get(("race",))
    cause = race.span if race is not None and race.span.file == own.file else own.id.span
    return cause, f" (a rule it inherits, written at {span.file}:{span.line})"


def compile_setup_race(build, stmt, piles: list, race: Race) -> Race:
    """A setup's own race (its `race N miles` line `stmt`, or None, and its `pile` lines): the edition's
    race, to another length and with other needs, in the same unit."""
    if stmt is None and not piles:
        return race
    if race.is_distance:
        return setup_distance(build, stmt, piles, race)
    by_card = {p.card: p for p in race.piles}
    changed = dict(by_card)
    for pile_stmt in piles:
        d = pile_stmt.data
        if d["card"].value not in by_card:
            build.c.error("E201", f'unknown pile "{d["card"].value}"', d["card"].span,
                          build.suggest(d["card"].value, list(by_card)))
            continue
        update = {"needs": d["needs"].value}
        if pile_stmt.annots:  # a setup's own reasons for its target, else the race's pile keeps its own
            update["provenance"] = build.provenance(pile_stmt, f'pile "{d["card"].value}"')
        changed[d["card"].value] = by_card[d["card"].value].model_copy(update=update)
    miles = stmt.data["miles"] if stmt else None
    if stmt is not None and stmt.data["unit"] != race.unit:
        build.c.error("E224", f'this setup\'s race is in {stmt.data["unit"]}, the edition\'s in {race.unit}',
                      stmt.span, f"write {race.unit}")
    result = Race(miles=miles.value if miles else race.miles, piles=tuple(changed.values()), unit=race.unit,
                  provenance=build.provenance(stmt) if stmt else race.provenance)
    check_total(build, result, miles or piles[0].data["card"], "this setup's race")
    return result


def setup_distance(build, stmt, piles: list, race: Race) -> Race:
    """A setup's own target for a distance race: the same race, to another length, in the same unit."""
    for pile in piles:
        build.c.error("E224", "a distance race has no piles", pile.span, "leave the pile out")
    if stmt is None:
        return race
    if stmt.data["unit"] != race.unit:
        build.c.error("E224", f'this setup\'s race is in {stmt.data["unit"]}, the edition\'s in {race.unit}',
                      stmt.span, f"write {race.unit}")
    return race.model_copy(update={"miles": stmt.data["miles"].value, "provenance": build.provenance(stmt)})


def compile_pile(build, stmt) -> Pile | None:
    """One `pile "Card" needs N [protected] [face down] [tally N]` line, or None where its card is not a mileage card."""
    d = stmt.data
    if build.card_name(d["card"], "mileage", role="a pile", code="E221") is None:
        return None
    flags = d["flags"]
    if d["needs"].value < 1:
        build.c.error("E223", f'pile "{d["card"].value}" needs {d["needs"].value} cards', d["needs"].span,
                      "a pile needs at least one card; leave the pile out instead")
    tally = flags.get("tally")
    if tally is not None and not 1 <= tally <= d["needs"].value:
        build.c.error("E223", f'pile "{d["card"].value}" marks card {tally}, but it holds {d["needs"].value}',
                      stmt.span, f"tally takes a number from 1 to {d['needs'].value}")
    return Pile(card=d["card"].value, needs=d["needs"].value, protected=flags.get("protected", False),
                face_down=flags.get("face_down", False), tally=flags.get("tally"),
                provenance=build.provenance(stmt, f'pile "{d["card"].value}"'))


def compile_caps(build) -> tuple[tuple[str, int], ...]:
    """The race's `at most N "Card"` lines (a distance race's caps): (card, most) each."""
    caps = []
    for stmt in (s for s in build.stmts("race") if s.kind == "cap"):
        most = stmt.data["most"]
        if most.value < 1:
            build.c.error("E223", f'at most {most.value} "{stmt.data["card"].value}" would bar the card',
                          most.span, "take the card out of the deck instead")
        if build.card_name(stmt.data["card"], "mileage", role="a card a race caps"):
            caps.append((stmt.data["card"].value, most.value))
    return tuple(caps)


def compile_ending(build) -> Ending:
    """The `ending` section: the turn limit (5000 where unsaid), and the section's citations."""
    limit = build.one("ending", "turn_limit")
    if limit is not None and limit.data["turns"].value < 1:
        build.c.error("E223", "the turn limit must be at least 1", limit.data["turns"].span)
    return Ending(turn_limit=limit.data["turns"].value if limit else 5000,
                  provenance=build.merged_provenance("ending", "the end of the race"))
