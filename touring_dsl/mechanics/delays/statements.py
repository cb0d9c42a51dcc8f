"""Mechanics, delays, the statements: each line of a `delays` section, parsed, keyed and named.

The grammar lines are grammar/touring.lark's `delay_rule` alternatives (`chain`, `target`; `stack hazards`
is the stacking mechanic's) and the `target` part's; language.syntax hands each of these aliases here
(DELAYS.parse) with the parse tree's children already read, and keys each statement by its kind and
statement_key, so that a section holds one chain per hazard and a variant's `change` or `remove` finds it.
"""
from __future__ import annotations

# grammar alias -> the statement's (kind, data), or the value of a part of one, from the children
PARSE = {
    "chain": lambda *names: ("chain", {"hazard": names[0], "steps": list(names[1:])}),
    "target": lambda value: ("target", {"target": value}),
    "showing_go": lambda: "showing-go",
    "any_side": lambda: "any",
}

# a statement's kind -> its words in messages and change lists, and how many names of its key they take
KEY_WORDS = {"chain": ("the chain for", 1)}


def parse(alias: str, children: list):
    """What a grammar alias of PARSE stands for."""
    return PARSE[alias](*children)


def statement_key(kind: str, data: dict) -> tuple:
    """What tells two statements of a kind apart in the section: one chain per hazard; one `target` line."""
    if kind == "chain":
        return (data["hazard"].value,)
    return ()
