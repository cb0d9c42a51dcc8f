"""Rulebook stage, wording helpers: numbers, lists and plurals in plain English."""
from __future__ import annotations

from collections.abc import Iterable

from ..base.wording import capital, plural  # noqa: F401 - shared with every other stage
from ..base.wording import listed as join  # noqa: F401 - the rulebook's name for it (w.join)

_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen", "twenty")
_ORDINAL = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth")


def number(n: int) -> str:
    """Small counts in words, as a printed rule sheet writes them; larger ones in figures."""
    return _SMALL[n] if 0 <= n < len(_SMALL) else str(n)


def ordinal(n: int) -> str:
    return _ORDINAL[n] if 0 <= n < len(_ORDINAL) else f"{n}th"


def counted(n: int, singular: str, many: str | None = None) -> str:
    """'one card', 'six cards'."""
    return f"{number(n)} {plural(n, singular, many)}"


def players_phrase(counts: Iterable[int]) -> str:
    """(3, 4) -> 'three or four'."""
    return join([number(n) for n in counts], "or")


def hours(n: int) -> str:
    return counted(n, "hour")


def miles(n: int, unit: str = "miles") -> str:
    """A distance in the race's unit: 'one mile' as '1 mile', or in km."""
    return f"{n} km" if unit == "km" else f"{n} {plural(n, 'mile')}"
