"""Shared stage, wording: counted nouns and sentence capitals for every text a player reads.

The engine's events, the terminal, the web table's state strings and the rulebook all say "1 mile",
"2 cards" and start each sentence with a capital through these few functions, so that no message
says "1 miles" or runs two sentences together in lower case.
"""
from __future__ import annotations

import re

from .i18n import _, ngettext, pgettext

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


def flag_changed(yes, no):
    """The differ's sentence for a yes-or-no rule that changed: `yes` or `no` as it is now, then as it was
    (the change `c` has .new and .old, the rule's truth in each edition). `yes` and `no` are read when the
    sentence is: each a function giving its words in the reader's language (lambda: _("...")), or a string."""
    def said(words) -> str:
        return words() if callable(words) else words
    return lambda c: _("{now} (was: {before})").format(now=said(yes if c.new else no), before=said(yes if c.old else no))


def seating_said(c) -> str:
    """Who a differ's change of a way to seat players is about, in the reader's words ("3 or 4 players as
    individuals"): the Change `c` keeps the English label as data (its subject) and the parts in `seating`
    (player counts, sides or None, players a side, decks)."""
    if getattr(c, "seating", None) is None:
        return c.name or ""
    counts, sides, size, decks = c.seating
    players = either(map(str, counts))
    label = _("{players} players as individuals").format(players=players) if sides is None else \
        _("{players} players in {sides} sides of {size}").format(players=players, sides=sides, size=size)
    return label + (_(", with {decks} decks").format(decks=decks) if decks > 1 else "")


def quoted(name) -> str:
    """A name quoted as the reader's language quotes it: "Roll" in English, « Feu vert » in French."""
    return pgettext("quoted name", '"{name}"').format(name=name)


def quoted_names(items) -> str:
    """Names quoted and listed with commas, or "nothing"."""
    return ", ".join(quoted(n) for n in items) if items else pgettext("diff", "nothing")


def quoted_counts(items) -> str:
    """(card, n) pairs said "2 x "200 km"", listed with commas, or "nothing"."""
    return ", ".join(pgettext("counted cards", "{n} x {card}").format(n=n, card=quoted(card))
                     for card, n in items) if items else pgettext("diff", "nothing")


def either(items) -> str:
    """Choices said one after the other: '2 or 3', '2 or 3 or 4', in the reader's language."""
    items = list(items)
    said = items[0] if items else ""
    for item in items[1:]:
        said = _("{first} or {second}").format(first=said, second=item)
    return said


def distance_said(n: int, unit: str) -> str:
    """`distance` in the reader's language: '1 mile', '25 miles' ('25 milles'), '75 km'."""
    return ngettext("{n} mile", "{n} miles", n).format(n=n) if unit == "miles" else f"{n} {unit}"


def kind_cards(kind: str) -> str:
    """Cards of a kind, in the plural, in the reader's language: "hazard cards", "safety cards"."""
    return {"mileage": _("mileage cards"), "go": _("go cards"), "hazard": _("hazard cards"),
            "remedy": _("remedy cards"), "safety": _("safety cards"), "zone": _("zone cards"),
            "counter": _("counter cards")}.get(kind) or _("{kind} cards").format(kind=kind)


def reasons_said(reasons: list[str]) -> str:
    """Reasons one after the other, "a, and b, and c", in the reader's language."""
    said = reasons[0] if reasons else ""
    for reason in reasons[1:]:
        said = _("{first}, and {then}").format(first=said, then=reason)
    return said


def unit_said(unit: str) -> str:
    """A race's unit as the reader's language writes it after a number: "miles" (French "milles"), "km"."""
    return pgettext("unit", "miles") if unit == "miles" else unit


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
