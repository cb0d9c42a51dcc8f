"""The English words our sentences use, to find any left on a page written in another language.

`english_words_in(text)` returns each such word found in the text (whole words, any case), so that a
test of a French rulebook, table or message can say `assert english_words_in(page) == []` and be told
which words slipped through. The list holds only words that are not also French (no "pile", "table",
"score", "points", "bonus", "stop", "match", "total", "on", "a"), and is kept short: the words our sentences are made of.
"""
from __future__ import annotations

import re

ENGLISH = frozenset("""
the and or of to is are was were be been with for from each every your you yours it its this that these
those which who whom when where while then than not no yes may must can cannot will would should has
have had by at in into onto off out up down over under after before until unless only also
card cards hand hands deck draw draws drawn discard discards discarded play plays played playing
turn turns seat seats side sides player players opponent opponents winner wins won win lose loses lost
game games race races mile miles hazard hazards remedy remedies safety safeties speed limit penalty
penalties rules rule rulebook round rounds waiting wait pass let left right none nothing anyone nobody
someone everyone next first last goes go stopped leads lead leading behind ahead
""".split())

_WORD = re.compile(r"[^\W\d_][\w']*")  # whole words, accented letters included ("notés" is no "not")


def english_words_in(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The English words of the list found in `text`, in order (each once), less those `allowed`."""
    seen = []
    for word in _WORD.findall(text):
        key = word.lower().strip("'")
        if key in ENGLISH and key not in allowed and key not in seen:
            seen.append(key)
    return seen
