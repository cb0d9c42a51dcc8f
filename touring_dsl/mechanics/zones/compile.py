"""Mechanics, zones, the compile step: the `zones` section's statements -> the Zones model part.

Given the compiler's Build (language.build): its statements (`build.one`, `build.stmts`), the deck
compiled so far (`build.cards`), card-name checks (`build.card_name`), provenance, and the collector
every error goes to (`build.c.error`). The codes are the core's (language.errors): E202 unknown zone,
E256 a rule that cannot apply, E260 something missing.
"""
from __future__ import annotations

from .model import Zone, ZonePlay, Zones


def compile_zones(build) -> Zones:
    head = build.one("zones")
    zone_cards = [c.name for c in build.cards.values() if c.kind == "zone"]
    if head is None:
        if zone_cards:
            build.c.error("E260", "the deck has zone cards but there is no zones section",
                          build.merged.doc.id.span)
        return Zones(scope="side", start="", zones=(), plays=())
    if head.data["scope"] is None:
        build.c.error("E260", "the zones section says neither `per side` nor `for the whole game`", head.span,
                      "write `zones per side {` or `zones for the whole game {`")
    zones, plays = [], []
    for stmt in build.stmts("zones"):
        if stmt.kind == "zone":
            zones.append(zone(build, stmt))
        elif stmt.kind == "zone_play":
            if head.data["scope"] == "game" and stmt.data["reach"] != "any":
                reach_cannot_apply(build, stmt, head)
            if build.card_name(stmt.data["card"], "zone", role="a zone play"):
                plays.append(ZonePlay(card=stmt.data["card"].value, reach=stmt.data["reach"],
                                      provenance=build.provenance(stmt)))
    zones = [z for z in zones if z]
    start = build.one("zones", "start")
    names = [z.name for z in zones]
    if start is None:
        build.c.error("E260", "the zones section says no starting zone", head.span, 'add `start in "..."`')
    elif start.data["zone"].value not in names:
        build.c.error("E202", f'unknown zone "{start.data["zone"].value}"', start.data["zone"].span,
                      build.suggest(start.data["zone"].value, names))
    for card in zone_cards:
        if card not in names:
            build.c.error("E260", f'zone card "{card}" has no zone saying what it allows', head.span,
                          f'add `zone "{card}" allows ...`')
        if card not in [p.card for p in plays]:
            build.c.error("E260", f'zone card "{card}" has no rule saying where it is played', head.span,
                          f'add `play "{card}" on {"any" if head.data["scope"] == "game" else "own"} side`')
    speeding = build.one("zones", "speeding")
    change = build.one("zones", "zone_change")
    return Zones(scope=head.data["scope"] or "side", start=start.data["zone"].value if start else "",
                 zones=tuple(zones), plays=tuple(plays),
                 change_only=change.data["change_only"] if change else True,
                 change_provenance=build.provenance(change, "playing a zone card"),
                 start_provenance=build.provenance(start, "the starting zone"),
                 speeding=speeding.data["outcome"] if speeding else "forbidden",
                 speeding_provenance=build.provenance(speeding, "speeding"),
                 provenance=build.provenance(head, "zones"))


def reach_cannot_apply(build, stmt, head) -> None:
    """`play "Z" on own side | an opponent` under zones for the whole game: there is one shared pile."""
    reach = {"own": "own side", "opponent": "an opponent"}[stmt.data["reach"]]
    card = stmt.data["card"].value
    if stmt.span.file == build.merged.doc.file:
        build.c.error("E256", f'"on {reach}" cannot apply: zones govern the whole game, so "{card}" goes on '
                      "the one shared zone pile", stmt.span,
                      f'write `play "{card}" on any side`, or make the zones `per side`')
    else:  # inherited: the variant's new heading is what made the parent's rule meaningless
        build.c.error("E256", f'the parent edition plays "{card}" on {reach}, which cannot apply once zones '
                      "govern the whole game", head.span,
                      f'inside this section, add `change play "{card}" on any side`')


def zone(build, stmt) -> Zone | None:
    if not build.card_name(stmt.data["name"], "zone", role="a zone"):
        return None
    allows = stmt.data["allows"]
    if allows == "all":
        names = tuple(c.name for c in build.cards.values() if c.kind == "mileage")
    else:
        names = tuple(n.value for n in allows if build.card_name(n, "mileage", role="what a zone allows"))
    return Zone(name=stmt.data["name"].value, allows=names, provenance=build.provenance(stmt))
