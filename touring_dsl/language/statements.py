"""Compile stage, statements: what a parsed rule is called in words, and where it is written.

The merge (merge.py) and the build (build.py, compiler.py) both name rules in their messages and change
lists and point at them in provenance; these helpers are what they share, so neither imports the other's.
"""
from __future__ import annotations

from . import model as m
from .errors import Span
from ..mechanics import core
from .syntax import Name, Stmt


def describe_key(key: tuple) -> str:
    """A rule's key in words, for messages and change lists."""
    if key[0] == "scoring" and len(key) > 1:
        return score_key_words(key[1:])
    words = {"card": ("card", 1), "pile": ("pile", 1), "setup": ("setup", 1),
             "note": ("note", 1), "fact": ("history fact", 1), **core.key_words()}  # a kind -> its words, and how many names of the key they take
    parts = []
    i = 0
    while i < len(key):
        part = key[i]
        if part in words and i + 1 < len(key):
            said, names = words[part]
            rest = key[i + 1:i + 1 + names]
            named = " in ".join(f'"{r}"' for r in rest)
            parts.append(f"{said} {named}")
            i += 1 + len(rest)
        elif part in ("deck", "race", "turn", "delays", "zones", "reshuffle", "ending", "notes", "history") and i + 1 < len(key):
            i += 1  # the section is implied by the rule inside it
        else:
            parts.append(str(part).replace("_", " "))
            i += 1
    return ", ".join(parts) if parts else "the edition"


def score_key_words(key: tuple) -> str:
    """A scoring rule's key in words ("points for completing the race without "200 km""), for messages."""
    kind = key[0]
    said = core.key_said(key)  # a core construct's line (the scoring's terms, the match): its construct says it
    if said is not None:
        return said
    return kind.replace("_", " ")  # a mechanic's statement (touring_dsl.mechanics): as it is written


def name_span(stmt: Stmt) -> Span:
    """Where a statement names what it is about (its first quoted name), else the whole statement."""
    for value in stmt.data.values():
        if isinstance(value, Name) and isinstance(value.value, str):
            return value.span
    return stmt.span


def location(span: Span | None) -> m.Location | None:
    """A span as the model keeps it: file, line and column."""
    return m.Location(file=span.file, line=span.line, column=span.column) if span else None
