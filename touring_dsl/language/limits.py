"""Compile stage, the language's limits: every number an edition may write, bounded by what the engine can play.

The engine packs a card's code into six bits of a move and a side's into four (engine/tables.py), deals
real decks into memory, and treats a cap of 255 as none; a number the compiler let past those would be
an edition that `check` calls fine and `play` cannot run. So each number has a range, checked here with
an error at the number itself (E223), and docs/language.md lists them as the language's limits.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .compiler import _Build
    from .model import Setup

# the largest number an edition may write at all: nine digits (checked by the parser, syntax.parse)
MOST_DIGITS = 9

MOST_CARDS = 63  # different cards in a deck: a card's code has six bits of a move code, one kept free
MOST_DECK = 10_000  # cards dealt in a setup, every deck counted
MOST_SIDES = 14  # a side's number has four bits of a move code, one kept for "no target"
MOST_PLAYERS = 14

# (statement's field) -> (most, what it is), for fields that hold a whole number; the lower bounds are
# the compiler's own checks, each with its own wording
FIELD_LIMITS: dict[str, tuple[int, str]] = {
    "count": (1_000, "copies of one card"),
    "miles": (100_000, "a distance"),
    "hours": (1_000, "hours a hazard lasts"),
    "most": (254, "an `at most` cap"),  # the engine reads 255 as no cap
    "needs": (1_000, "cards a pile needs"),
    "counts": (MOST_PLAYERS, "players in a setup"),
    "sides": (MOST_SIDES, "sides"),
    "size": (MOST_PLAYERS, "players on a side"),
    "decks": (10, "decks shuffled together"),
    "hand": (100, "cards in a hand"),
    "draw": (100, "cards drawn in a turn"),
    "turns": (1_000_000, "turns in the turn limit"),
    "players": (MOST_PLAYERS, "players at a progressive table"),
    "sizes": (MOST_PLAYERS, "players at a progressive table"),
    "minutes": (1_440, "minutes in a round"),
    "places": (100, "prizes"),
    "points": (1_000_000, "points"),
}
YEARS = (1, 9999)


def check(build: _Build, setups: tuple[Setup, ...]) -> None:
    """Report every number beyond its limit, at the number; then the deck's size and variety."""
    from .syntax import Name

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


def _at_most(build: _Build, name, limit: tuple[int, str]) -> None:
    most, what = limit
    if isinstance(name.value, int) and name.value > most:
        build.c.error("E223", f"{name.value} is too many {what}", name.span,
                      f"the language allows at most {most:,} {what} (docs/language.md, Limits)")


def _deck(build: _Build, setups: tuple[Setup, ...]) -> None:
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
