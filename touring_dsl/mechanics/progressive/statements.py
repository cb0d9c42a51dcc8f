"""Mechanics, Progressive Touring, the statements: the `progressive` section's lines, parsed and keyed.

The grammar lines are grammar/touring.lark's `progressive` head and its `progressive_rule` alternatives
(with `partner_move`); language.syntax hands each of these aliases here (PROGRESSIVE.parse) with the
parse tree's children already read. Every line is one of its kind in the section, keyed by its kind.
"""
from __future__ import annotations

# grammar alias -> the statement's (kind, data), or the value of a part of one, from the children
PARSE = {
    "progressive": lambda: ("progressive", {}),
    "tables": lambda *sizes: ("tables", {"players": sizes[0], "sizes": list(sizes)}),
    "partners": lambda move: ("partners", {"move": move or "together"}),
    "together": lambda: "together",
    "separate": lambda: "separate",
    "rounds": lambda n: ("rounds", {"minutes": n}),
    "winners_move_up": lambda: ("winners_move_up", {}),
    "score_mileage": lambda: ("score", {}),
    "restart": lambda: ("restart", {}),
    "prizes": lambda n: ("prizes", {"places": n}),
    "umpire": lambda: ("umpire", {}),
}


def parse(alias: str, children: list):
    """What a grammar alias of PARSE stands for."""
    return PARSE[alias](*children)
