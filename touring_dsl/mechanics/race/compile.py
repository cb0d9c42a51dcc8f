"""Mechanics, the race, the compile step: a race's piles and caps, and the `ending` section -> Pile,
the caps and Ending, with their errors (E221: a pile of a card that is not a mileage card; E223: a pile
that needs no card, a tally outside its pile, a cap below one, a turn limit below one).

`build` is the compiler's Build (language.build): build.one and build.stmts find the statements,
build.card_name checks a card's name and kind, build.c.error reports, build.provenance and
build.merged_provenance gather the citations. The race as a whole (its head, its total and its
supply of cards, a setup's own race: E220, E222, E224, E260) is still checked by language.compiler.
"""
from __future__ import annotations

from .model import Ending, Pile


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
