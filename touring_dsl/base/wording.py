"""Shared stage, wording: counted nouns and sentence capitals for every text a player reads.

The engine's events, the terminal, the web table's state strings and the rulebook all say "1 mile",
"2 cards" and start each sentence with a capital through these few functions, so that no message
says "1 miles" or runs two sentences together in lower case.
"""
from __future__ import annotations

import re

# nouns whose plural is not the singular plus "s"
_IRREGULAR = {"safety": "safeties", "penalty": "penalties", "coup fourré": "coups fourrés"}


def plural(n: int, singular: str, many: str | None = None) -> str:
    """The noun for n of it: 'card' for 1, 'cards' for any other count."""
    return singular if n == 1 else (many or _IRREGULAR.get(singular) or singular + "s")


def counted(n: int, singular: str, many: str | None = None) -> str:
    """'1 card', '0 cards', '2 cards', '1500 miles': the count in figures and the noun that agrees."""
    return f"{n} {plural(n, singular, many)}"


def distance(n: int, unit: str) -> str:
    """A distance in a race's unit: '1 mile', '25 miles', '75 km' (km, an abbreviation, never takes an s)."""
    return counted(n, "mile") if unit == "miles" else f"{n} {unit}"


def read_distance(n: int, unit: str) -> str:
    """A distance in a race's unit as the reader's language writes it (base.i18n): distance()'s English for
    an English reader, "1 mille", "25 milles" for a French one; km is km in both."""
    from .i18n import language, ngettext

    if unit != "miles" or language() == "en":
        return distance(n, unit)
    return ngettext("{n} mile", "{n} miles", n).format(n=n)


def flag_changed(yes: str, no: str):
    """The differ's sentence for a yes-or-no rule that changed: `yes` or `no` as it is now, then as it was
    (the change `c` has .new and .old, the rule's truth in each edition)."""
    return lambda c: f"{yes if c.new else no} (was: {yes if c.old else no})"


def listed(items, last: str = "and") -> str:
    """Words joined as in prose: 'a', 'a and b', 'a, b and c' (`last`: "and" or "or")."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def capital(text: str) -> str:
    """The text with its first letter in capitals ('the race is...' -> 'The race is...')."""
    return text[:1].upper() + text[1:]


# the first letter after a sentence's end: ". x", "! x", "? x" (not after "e.g." or "i.e."; "2.5" has no space)
_SENTENCE_START = re.compile(r"(?<!\be\.g)(?<!\bi\.e)([.!?]\s+)([a-z])")


def sentences(text: str) -> str:
    """Every sentence of the text starting with a capital: 'on side 2. the race' -> 'On side 2. The race'."""
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), capital(text))


def sentence(text: str) -> str:
    """The text as whole sentences: each starting with a capital, the last ending with a full stop, so that
    lines joined into one paragraph still read ('the race is 700 km' -> 'The race is 700 km.')."""
    text = sentences(text.rstrip())
    return text if not text or text[-1] in ".!?" else text + "."
