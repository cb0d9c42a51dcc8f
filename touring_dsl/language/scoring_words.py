"""Language stage, words: what a scoring term counts, in words ("per km", "for completing the race").

The scoring section's terms read the same in the rulebook, `touring show`, the diff and the score sheet,
so their words are said once, here, beside the model they word. A mechanic's completing condition
("after an extension") brings its own words (touring_dsl.mechanics Finish).
"""
from __future__ import annotations

from typing import Callable

from ..mechanics import finish_of
from .model import ScoreTerm


def score_words(term: ScoreTerm, unit: str, to_b: Callable[[str], str] = lambda n: n, counter: str = "") -> str:
    """What a scoring term counts, in words and in B's card names ('per "200 km" in play'); `unit` is
    the distance word ("mile", "km", or "mile or km" between a race in miles and one in km); `counter`
    the edition's name for a hazard turned away ("coup fourré"), where the words are for its players."""
    named = f'"{to_b(term.card)}"' if term.card else None
    kinds = {"safety": "safeties", "remedy": "remedies"}
    words = {"distance": f"per {unit}", "completing": "for completing the race",
             "completing-without": f"for completing the race without {named}",
             "completing-exhausted": "for completing the race after the draw pile runs out",
             "shut-out": "for completing the race while no opponent has any mileage",
             "in-play": f"per {named or term.kind} in play",
             "all-in-play": f"for all {kinds.get(term.kind or '', f'{term.kind}s')} in play",
             "countered": f"per {counter}" if counter else "per hazard countered"}
    found = finish_of(term.what)  # a mechanic's condition (touring_dsl.mechanics)
    if found is not None:
        return f"for completing the race {found[1].words}"
    return words[term.what]
