"""Mechanics, the turn, the statements: each line of a `turn` and a `reshuffle` section, parsed and keyed.

The grammar lines are grammar/touring.lark's `turn_rule` (hand, draw, before_go; `draw may take the top
discard` is the discard_draw mechanic's) and `reshuffle_rule` alternatives, with their parts (`kinds`,
`pile_group`, `keep`); language.syntax hands each of these aliases here (TURN.parse) with the parse
tree's children already read, and keys each statement by its kind and statement_key.
"""
from __future__ import annotations

# grammar alias -> the statement's (kind, data), or the value of a part of one, from the children
PARSE = {
    "hand": lambda n: ("hand", {"hand": n}),
    "draw": lambda n: ("draw", {"draw": n}),
    "before_go": lambda kinds: ("before_go", {"kinds": kinds}),
    "kinds": lambda *names: list(names),  # (each a kind_name: language.syntax reads it, scoring shares it)
    "return_discards": lambda: ("return_discards", {}),
    "return_group": lambda group, keep: ("return_group", {"group": group, "keep": keep}),
    "go_piles": lambda: "go",
    "zone_piles": lambda: "zone",
    "keep_all": lambda: "all",
    "keep_top": lambda: "all-but-top",
    "keep_none": lambda: "none",
}


def parse(alias: str, children: list):
    """What a grammar alias of PARSE stands for."""
    return PARSE[alias](*children)


def statement_key(kind: str, data: dict) -> tuple:
    """What tells two statements of a kind apart in its section: one `return` line per pile group; one
    line of every other kind."""
    if kind == "return_group":
        return (data["group"],)
    return ()
