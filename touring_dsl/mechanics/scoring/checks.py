"""Mechanics, scoring, the compile checks the kinds of term share: points, units, cards counted in play.

`build` is the compiler's (touring_dsl.language.build: its cards, race, statements and error collector),
passed in: this layer does not import the language.
"""
from __future__ import annotations

from typing import Any


def positive(build: Any, points: Any, what: str) -> bool:
    if points.value < 1:
        build.c.error("E223", f"{what} must be worth at least 1 point", points.span)
        return False
    return True


def same_unit(build: Any, unit: Any) -> bool:
    race_unit = build.race.unit
    if unit.value == "mile" and race_unit == "miles" or unit.value == race_unit:
        return True
    said = "km" if race_unit == "km" else "miles"
    build.c.error("E298", f"the scoring counts per {unit.value}, but the race is run in {said}", unit.span,
                  f"write `per {'km' if race_unit == 'km' else 'mile'}`")
    return False


def in_play_kinds(build: Any) -> tuple[str, ...]:
    """The kinds of card a side keeps in front of it (its piles), so that they can be counted there."""
    kinds = ["mileage", "go", "remedy", "safety"]
    if build.one("zones") is not None and build.one("zones").data["scope"] != "game":
        kinds.append("zone")
    return tuple(kinds)


def kept_card(build: Any, name: Any) -> str | None:
    """A named card that lies in a side's play (its piles), so a term can count it there."""
    if build.card_name(name) is None:
        return None
    kind = build.cards[name.value].kind
    if kind == "zone" and only_on_opponents(build, name.value):
        build.c.error("E295", f'"{name.value}" is only ever played on an opponent, so no side keeps it in its own play',
                      name.span, "count the zone cards a side lays on its own side")
        return None
    if kind not in in_play_kinds(build):
        build.c.error("E295", f'"{name.value}" is a {kind} card, which no side keeps in play', name.span,
                      "count cards a side lays in front of it: " + ", ".join(in_play_kinds(build)))
        return None
    return name.value


def only_on_opponents(build: Any, card: str) -> bool:
    plays = [s for s in build.stmts("zones") if s.kind == "zone_play" and s.data["card"].value == card]
    return bool(plays) and plays[0].data["reach"] == "opponent"


def kept_kind(build: Any, kind: Any) -> bool:
    if kind.value not in in_play_kinds(build):
        build.c.error("E295", f"no side keeps {kind.value} cards in play", kind.span,
                      "count cards a side lays in front of it: " + ", ".join(in_play_kinds(build)))
        return False
    return deck_has(build, kind)


def deck_has(build: Any, kind: Any) -> bool:
    if not any(c.kind == kind.value for c in build.cards.values()):
        build.c.error("E295", f"the deck has no {kind.value} cards, so this term never scores", kind.span)
        return False
    return True


def counted_card_or_kind(build: Any, data: dict) -> dict | None:
    """A term counting a named card or a kind in play: its card (checked kept in play) or its kind."""
    if data.get("card") is not None:
        card = kept_card(build, data["card"])
        return None if card is None else {"card": card}
    return {"kind": data["kind"].value} if kept_kind(build, data["kind"]) else None
