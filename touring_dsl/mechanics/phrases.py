"""Mechanics, phrases: a construct's words for the rulebook, without the rulebook's types.

A construct below the faces cannot build the rulebook's Text, so it says what a rulebook sentence holds
as a PHRASE: a tuple of plain strings and the marks below, which rulebook/construct_words.py sets (a
card's name in the card style, a list of names joined in prose, a count spelt out, the edition's go
pile, the marks of the assumptions behind a rule) and `plain` writes as plain text. A rulebook section is
a Chapter of Para, Items and Grid blocks of phrases. The zones (mechanics/zones) and the hazard effects
(mechanics/effects) say their words so.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..base.wording import counted, listed

_BLANK = re.compile(r"\{(\w+)\}")


def filled(message: str, **blanks) -> tuple:
    """A whole sentence (a translated message, base.i18n) with its named blanks filled by phrase parts: each
    {name} becomes its value (a string, a mark such as Named, or a phrase, spliced in), so that the order of
    the words is the language's own: filled(_("{card} stops an opponent."), card=Named(name))."""
    out: list = []
    for i, piece in enumerate(_BLANK.split(message)):
        if i % 2:
            value = blanks[piece]
            out.extend(value if isinstance(value, tuple) else (value,))
        elif piece:
            out.append(piece)
    return tuple(out)


@dataclass(frozen=True)
class Named:
    """A card's name inside a phrase (the rulebook sets it as a card name)."""

    name: str


@dataclass(frozen=True)
class NameList:
    """Card names inside a phrase, joined as a list: "A", "A and B", "A, B and C" (`last`: "and" or "or")."""

    names: tuple[str, ...]
    last: str = "and"


@dataclass(frozen=True)
class Count:
    """A number of things inside a phrase ("1 hour"; the rulebook spells it: "one hour")."""

    n: int
    singular: str


Phrase = tuple  # of str and the marks here


def plain(phrase: Phrase) -> str:
    """A phrase of names and counts as plain text (card names as written)."""
    return "".join(_plain(part) for part in phrase)


def _plain(part) -> str:
    if isinstance(part, Count):
        return counted(part.n, part.singular)
    if isinstance(part, Named):
        return part.name
    if isinstance(part, NameList):
        return listed(part.names, part.last)
    if isinstance(part, Run):
        return "".join(_plain(x) for x in part.parts)
    if isinstance(part, Ordinal):
        return f"number {part.n}"
    if isinstance(part, Numbers):
        return listed([str(n) for n in part.ns], part.last)
    if isinstance(part, CardCounts):
        return listed([f"{n} {card}" for card, n in part.items])
    return part


@dataclass(frozen=True)
class MileageList:
    """Mileage cards inside a phrase: "every mileage card" when they are all of the deck's, else their names."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class Number:
    """A bare number inside a phrase ("so that you hold seven": the rulebook spells small numbers); `feminine`:
    it counts a noun that is feminine in the reader's language (French "une carte")."""

    n: int
    feminine: bool = False


@dataclass(frozen=True)
class Ordinal:
    """A rank inside a phrase ("the third card": the rulebook spells it)."""

    n: int


@dataclass(frozen=True)
class Run:
    """Words set as one run of text, the marks inside spelt out ("Each round lasts twenty minutes"): the
    rulebook keeps a sentence written whole as one piece (the PDF's source holds one string per piece).
    Only marks that are spelt as words go inside (Number, Numbers, Ordinal, Count, CardCounts)."""

    parts: tuple


@dataclass(frozen=True)
class Numbers:
    """Bare numbers inside a phrase, joined as a list ("three or four": the rulebook spells small numbers)."""

    ns: tuple[int, ...]
    last: str = "or"


@dataclass(frozen=True)
class CardCounts:
    """Cards counted inside a phrase, as plain prose ("two Flat Tire and one Collision": the rulebook spells
    the counts and leaves the names unstyled)."""

    items: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class GoPile:
    """The pile a go card is laid on, as the edition calls it ("Go pile", "battle pile")."""


@dataclass(frozen=True)
class GoCard:
    """The edition's go card, by its name."""


@dataclass(frozen=True)
class Refs:
    """The marks of the assumptions behind a rule (its provenances), where the rulebook shows them."""

    provenances: tuple


@dataclass(frozen=True)
class Para:
    """A paragraph of a section."""

    body: tuple


@dataclass(frozen=True)
class Items:
    """A bulleted list of a section: one phrase per item."""

    items: tuple[tuple, ...]


@dataclass(frozen=True)
class Grid:
    """A table of a section: its header (plain strings) and its rows (one phrase per cell)."""

    header: tuple[str, ...]
    rows: tuple[tuple[tuple, ...], ...]
    numeric: tuple[int, ...] = ()  # the columns holding figures (aligned right)


@dataclass(frozen=True)
class Chapter:
    """A section of the rulebook: its title, its anchor and its blocks (Para, Items and Grid)."""

    title: str
    anchor: str
    blocks: tuple
