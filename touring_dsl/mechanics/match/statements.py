"""Mechanics, the match, the statement: `match to N points`, a line of the `scoring` section
(grammar/touring.lark's `score_rule` alternative `match_to`), parsed here (MATCH.parse) and keyed by its
kind alone: a scoring section holds one.
"""
from __future__ import annotations

# grammar alias -> the statement's (kind, data), from the parse tree's children (`points` reads as None)
PARSE = {
    "match_to": lambda n, _points: ("match_to", {"points": n}),
}


def parse(alias: str, children: list):
    """What a grammar alias of PARSE stands for."""
    return PARSE[alias](*children)


def key_said(key: tuple) -> str | None:
    """The line's key in words, for messages ("the match")."""
    return "the match" if key and key[0] in PARSE else None
