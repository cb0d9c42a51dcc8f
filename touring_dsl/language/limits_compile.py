"""Compile stage, the limits checked: every number an edition writes within the range limits.py gives it.

A number beyond its limit is an error at the number itself (E223); so are a deck of more different
cards than a move's code can name, and a setup that deals from more cards than the engine keeps.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .limits import FIELD_LIMITS, MOST_CARDS, MOST_DECK, YEARS
from .syntax import Name

if TYPE_CHECKING:
    from .build import Build
    from .model import Setup


def check(build: Build, setups: tuple[Setup, ...]) -> None:
    """Report every number beyond its limit, at the number; then the deck's size and variety."""
    for stmt in build.table.values():
        if stmt.kind == "without":
            for card, count in stmt.data["removals"]:
                _at_most(build, count, FIELD_LIMITS["count"])
            continue
        for key, value in stmt.data.items():
            if key in FIELD_LIMITS:
                for name in value if isinstance(value, list) else [value]:
                    if isinstance(name, Name):
                        _at_most(build, name, FIELD_LIMITS[key])
    year = build.merged.meta.get("year")
    if year is not None and year.value is not None:
        for value in year.value if isinstance(year.value, tuple) else (year.value,):
            if not YEARS[0] <= value <= YEARS[1]:
                build.c.error("E223", f"the year {value} is not one the rulebook can print", year.span,
                              f"a year runs from {YEARS[0]} to {YEARS[1]}")
    _deck(build, setups)


def _at_most(build: Build, name, limit: tuple[int, str]) -> None:
    most, what = limit
    if isinstance(name.value, int) and name.value > most:
        build.c.error("E223", f"{name.value} is too many {what}", name.span,
                      f"the language allows at most {most:,} {what} (docs/language.md, Limits)")


def _deck(build: Build, setups: tuple[Setup, ...]) -> None:
    deck = build.stmts("deck")
    if len(build.cards) > MOST_CARDS:
        span = deck[MOST_CARDS].data["name"].span if len(deck) > MOST_CARDS else build.merged.doc.id.span
        build.c.error("E223", f"the deck has {len(build.cards)} different cards", span,
                      f"the engine plays at most {MOST_CARDS} different cards")
    if any(card.count > FIELD_LIMITS["count"][0] for card in build.cards.values()):
        return  # said already, at the count
    for setup in setups:
        removed = dict(setup.removals)
        dealt = sum(max(0, card.count * setup.decks - removed.get(card.name, 0)) for card in build.cards.values())
        if dealt > MOST_DECK:
            head = build.table.get(("setup", setup.label))
            span = head.data["name"].span if head is not None else build.merged.doc.id.span
            build.c.error("E223", f'setup "{setup.label}" deals from {dealt:,} cards', span,
                          f"a setup deals from at most {MOST_DECK:,} cards, every deck counted")
