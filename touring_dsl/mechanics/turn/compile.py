"""Mechanics, the turn, the compile step: the `turn` and `reshuffle` sections' statements -> Turn and
Reshuffle, with the errors (E260: no hand size; E223: a hand or a draw below one card).

`build` is the compiler's Build (language.build): build.one and build.stmts find the statements,
build.c.error reports, build.merged_provenance gathers a section's citations.
"""
from __future__ import annotations

from .model import Reshuffle, Turn


def compile_turn(build) -> Turn:
    hand = build.one("turn", "hand")
    if hand is None:
        build.c.error("E260", "the edition says no hand size", build.merged.doc.id.span,
                      "add `turn { hand 5 }`")
    elif hand.data["hand"].value < 1:
        build.c.error("E223", "a hand must hold at least one card", hand.data["hand"].span)
    draw = build.one("turn", "draw")
    if draw is not None and draw.data["draw"].value < 1:
        build.c.error("E223", "a turn must draw at least one card", draw.data["draw"].span)
    before = build.one("turn", "before_go")
    kinds = tuple(dict.fromkeys(n.value for n in before.data["kinds"])) if before else ("hazard", "zone")
    return Turn(hand=hand.data["hand"].value if hand else 5,
                draw=draw.data["draw"].value if draw else 1,
                before_go=kinds,  # type: ignore[arg-type]
                provenance=build.merged_provenance("turn", "the turn"))


def compile_reshuffle(build) -> Reshuffle:
    groups = {s.data["group"]: s.data["keep"] for s in build.stmts("reshuffle") if s.kind == "return_group"}
    return Reshuffle(discard=build.one("reshuffle", "return_discards") is not None,
                     go_piles=returned(groups.get("go")), zone_piles=returned(groups.get("zone")),
                     provenance=build.merged_provenance("reshuffle", "the reshuffle"))


def returned(keep: str | None) -> str:
    """What goes back into the deck: a pile group not mentioned stays on the table."""
    return {"all": "all", "all-but-top": "all-but-top", "none": "none", None: "none"}[keep]
