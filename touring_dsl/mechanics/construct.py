"""Mechanics, the construct contract: what every core construct gives the language's stages.

A core construct (the turn, the race, zones, penalties, safeties, scoring, the match, Progressive Touring:
mechanics.core.CORE) parses its own grammar aliases, keys its own statements within their section, and
names its keys in messages. The
parse (language.syntax) and the statements' words (language.statements) loop over CORE through these
few members and never name a construct, and so does the errors' table (language.errors.CODES, from
each construct's `errors`), and the differ's sentences (diff.describe, from `diff_phrases`). Each construct adapts its own entry points to them.
"""
from __future__ import annotations

import importlib


class Construct:
    """The parse's contract of a core construct (subclassed by each construct's object)."""

    name: str = ""  # the construct's word (its section's, or its Ruleset field's)
    statements: tuple[str, ...] = ()  # every grammar alias it parses (language.syntax hands each to parse)
    errors: dict[str, str] = {}  # its own error codes -> their summaries (language.errors.CODES takes them in)
    key_words: dict[str, tuple[str, int]] = {}  # a statement kind -> its words in messages, and how many names of its key they take
    diff_phrases: dict = {}  # the differ's aspects it compares -> the sentence of a change (diff.describe)

    def parse(self, alias: str, children: list):
        """The raw value of one of its grammar aliases (a statement's (kind, data), or a part's value),
        from the parse tree's children (language.syntax.ToRaw)."""
        raise NotImplementedError(f"{type(self).__name__} parses none of its aliases")

    def statement_key(self, kind: str, data: dict) -> tuple:
        """What tells two of its statements of this kind apart within their section (after the kind)."""
        return ()

    def rule_key(self, kind: str, data: dict) -> tuple | None:
        """The whole key a statement of this kind is known by within its section (a variant's `change` or
        `remove` finds the rule of the same key), or None for a kind that is not this construct's."""
        return (kind, *self.statement_key(kind, data)) if kind in self.statements else None

    def key_said(self, key: tuple) -> str | None:
        """A key of a rule in its section (rule_key's) in words, where the construct says it whole, or None."""
        return None


def on_first_call(module: str, name: str):
    """A construct's entry point whose module is imported when it is first called: a compile step needs
    pydantic, which the engine's import of a construct must never load."""
    def call(*args):
        return getattr(importlib.import_module(module), name)(*args)

    call.__name__, call.__doc__ = name, f"{module}.{name}, imported on first call"
    return staticmethod(call)
