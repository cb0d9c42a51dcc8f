"""Mechanics, the race, the statements: the `race` and `ending` sections' lines, parsed and keyed.

The grammar lines are grammar/touring.lark's `race` head (with `exact`), `pile` (with its `pile_flag`s
`protected`, `face down`, `tally N`), `cap` (`at most N "Card"`), the `ending` head and its
`ending_rule` alternatives; language.syntax hands each of these aliases here (RACE.parse) with the
parse tree's children already read (the race's unit is the parse's, shared with a setup's race).
"""
from __future__ import annotations

# grammar alias -> the statement's (kind, data), or the value of a part of one, from the children
PARSE = {
    "race": lambda miles, unit, exact: ("race", {"miles": miles, "unit": unit, "exact": exact is not None}),
    "exact": lambda: True,
    "pile": lambda card, needs, *flags: ("pile", {"card": card, "needs": needs, "flags": dict(flags)}),
    "protected": lambda: ("protected", True),
    "face_down": lambda: ("face_down", True),
    "tally": lambda n: ("tally", n.value),
    "cap": lambda n, card: ("cap", {"card": card, "most": n}),
    "ending": lambda: ("ending", {}),
    "win": lambda: ("win", {}),
    "exhausted": lambda: ("exhausted", {}),
    "turn_limit": lambda n: ("turn_limit", {"turns": n}),
}


def parse(alias: str, children: list):
    """What a grammar alias of PARSE stands for."""
    return PARSE[alias](*children)


def statement_key(kind: str, data: dict) -> tuple:
    """What tells two statements of a kind apart in its section: a pile and a cap by their card; one
    line of every other kind."""
    if kind in ("pile", "cap"):
        return (data["card"].value,)
    return ()
