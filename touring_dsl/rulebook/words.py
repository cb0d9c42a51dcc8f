"""Rulebook stage, wording helpers: numbers, lists and plurals as the reader's language writes them.

Small counts are spelt out, as a printed rule sheet writes them. Each language's number words are here
(not in the catalogues: they are a table, not sentences); French numbers agree with their noun's gender
("une carte", "un joueur"), so a caller counting a feminine French noun says so with `feminine=True`
(the nouns the rulebook counts: carte, équipe, sorte, heure, règle, manche are feminine).
"""
from __future__ import annotations

from collections.abc import Iterable

from ..base.i18n import _, language, ngettext
from ..base.wording import capital, plural  # noqa: F401 - shared with every other stage
from ..base.wording import listed

_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen", "twenty")
_ORDINAL = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth")
_SMALL_FR = ("aucun", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
             "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf", "vingt")
_FEMININE_FR = {0: "aucune", 1: "une"}
_ORDINAL_FR = ("zéroième", "premier", "deuxième", "troisième", "quatrième", "cinquième", "sixième",
               "septième", "huitième", "neuvième", "dixième", "onzième", "douzième")


def number(n: int, feminine: bool = False) -> str:
    """Small counts in words, as a printed rule sheet writes them; larger ones in figures. `feminine`: the
    counted noun is feminine in the reader's language (French "une carte"); English ignores it."""
    if language() == "fr":
        if feminine and n in _FEMININE_FR:
            return _FEMININE_FR[n]
        return _SMALL_FR[n] if 0 <= n < len(_SMALL_FR) else str(n)
    return _SMALL[n] if 0 <= n < len(_SMALL) else str(n)


def ordinal(n: int, feminine: bool = False) -> str:
    if language() == "fr":
        if n == 1:
            return "première" if feminine else "premier"
        return _ORDINAL_FR[n] if 0 <= n < len(_ORDINAL_FR) else f"{n}e"
    return _ORDINAL[n] if 0 <= n < len(_ORDINAL) else f"{n}th"


def join(items, last: str = "and") -> str:
    """Words joined as in prose, in the reader's language: 'a, b and c' ('a, b et c'); `last` "and" or "or"."""
    if language() == "en":
        return listed(items, last)
    return listed(items, _("and") if last == "and" else _("or"))


def counted(n: int, singular: str, many: str | None = None) -> str:
    """'one card', 'six cards' (English); in another language the nouns the rulebook counts, translated."""
    if language() == "en":
        return f"{number(n)} {plural(n, singular, many)}"
    return counted_noun(n, singular)


def counted_noun(n: int, noun: str) -> str:
    """A count of one of the nouns the rulebook counts, in the reader's language, the number spelt."""
    if noun == "card":
        return ngettext("{n} card", "{n} cards", n).format(n=number(n, feminine=True))
    if noun == "point":
        return ngettext("{n} point", "{n} points", n).format(n=number(n))
    if noun == "hour":
        return ngettext("{n} hour", "{n} hours", n).format(n=number(n, feminine=True))
    if noun == "pile":
        return ngettext("{n} pile", "{n} piles", n).format(n=number(n, feminine=True))
    if noun == "rule":
        return ngettext("{n} rule", "{n} rules", n).format(n=number(n, feminine=True))
    if noun == "change":
        return ngettext("{n} change", "{n} changes", n).format(n=number(n, feminine=True))
    if noun == "race":
        return ngettext("{n} race", "{n} races", n).format(n=number(n, feminine=True))
    if noun == "turn":
        return ngettext("{n} turn", "{n} turns", n).format(n=number(n))
    if noun == "player":
        return ngettext("{n} player", "{n} players", n).format(n=number(n))
    return f"{number(n)} {plural(n, noun)}"


def players_phrase(counts: Iterable[int]) -> str:
    """(3, 4) -> 'three or four'."""
    return join([number(n) for n in counts], "or")


def hours(n: int) -> str:
    return counted(n, "hour")


def miles(n: int, unit: str = "miles") -> str:
    """A distance in the race's unit: 'one mile' as '1 mile', or in km."""
    if unit == "km":
        return f"{n} km"
    if language() == "en":
        return f"{n} {plural(n, 'mile')}"
    return ngettext("{n} mile", "{n} miles", n).format(n=n)
