"""Mechanics, penalties, the statements: each line of a `penalties` section, parsed, keyed and named.

The grammar lines are grammar/touring.lark's `penalty_rule` alternatives; language.syntax hands each of
their aliases here (PENALTIES.parse) with the parse tree's children already read (names with their
places, numbers), and keys each statement by its kind and statement_key, so that a section holds one
line of each key and a variant's `change` or `remove` finds the line of the same key.
"""
from __future__ import annotations

# grammar alias -> (the statement's kind, its data from the children)
PARSE = {
    "penalty": lambda hazard, zone, miles: ("penalty", {"hazard": hazard, "zone": zone, "miles": miles}),
    "per_hour": lambda zone, miles: ("per_hour", {"zone": zone, "miles": miles}),
    "take_from": lambda names: ("take_from", {"piles": names}),
    "attacker_chooses": lambda: ("attacker_chooses", {}),
    "never_larger": lambda: ("never_larger", {}),
    "forfeit_full": lambda: ("forfeit", {"forfeit": "full"}),  # `take the full forfeit`
    "forfeit_up_to": lambda: ("forfeit", {"forfeit": "up-to"}),  # `take up to the forfeit`
}

# a statement's kind -> its words in messages and change lists, and how many names of its key they take
KEY_WORDS = {"penalty": ("the penalty for", 2), "per_hour": ("the hourly penalty in", 1)}


def parse(alias: str, children: list) -> tuple[str, dict]:
    """The kind and data of the statement a grammar alias of PARSE stands for."""
    return PARSE[alias](*children)


def statement_key(kind: str, data: dict) -> tuple:
    """What tells two statements of a kind apart in the section: one price per hazard and zone, one rate
    per zone; one line of every other kind."""
    if kind == "penalty":
        return (data["hazard"].value, data["zone"].value)
    if kind == "per_hour":
        return (data["zone"].value,)
    return ()
