"""Compile stage, the language's limits: every number an edition may write, bounded by what the engine can play.

The engine packs a card's code into six bits of a move and a side's into four (engine/tables.py), deals
real decks into memory, and treats a cap of 255 as none; a number the compiler let past those would be
an edition that `check` calls fine and `play` cannot run. So each number has a range, checked with an error at
the number itself (E223): the parser checks the digits (syntax.parse), the compiler the rest
(limits_compile.py). docs/language.md lists them as the language's limits.
"""
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
