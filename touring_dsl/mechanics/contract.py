"""Mechanics, the shared contract: what every rule module of the language declares, core or optional.

A core construct (mechanics.construct.Construct, listed in mechanics.core.CORE: the turn, the race,
zones, penalties, safeties, scoring) and an optional mechanic (mechanics.base.Mechanic, listed in
mechanics.REGISTERED: the Extension, stacking hazards...) are both a Contract: they parse their own
grammar aliases, key their own statements within their section, name those keys in messages, declare
their error codes and the differ's sentences for what they compare. Each subclass adds only what
differs: a mechanic its model part, place, hooks and words; a construct its stage methods (tables, show,
explain, `touring new`, the rule bots' facts), each looped over by its stage (in the order
mechanics.core.ORDER declares, where the order shows).

This module also holds the stage marks (`stage`, STAGES) that tell the meta-tests which stage a method
of the contract serves (mechanics.base.contract reads them).
"""
from __future__ import annotations

STAGES = {
    "language": "the compiler's and the model's: read before any race is played",
    "race": "in a race: its tables, kernel lines, bots' answers and table words (every piece not marked)",
    "match": "between the races of a match (engine.match), never in one",
    "words": "the words of a compiled part: rulebook, diff, show and a match's headings",
}


def stage(name: str):
    """Marks a method of the contract with the stage it serves (STAGES); an unmarked one serves the race, so a
    hook added to the contract is held to a race's rules (tests/test_mechanics.py) until it says otherwise."""
    if name not in STAGES:
        raise ValueError(f"no stage {name!r}: one of {', '.join(STAGES)}")

    def mark(method):
        method.stage = name
        return method

    return mark


class Contract:
    """The part of the contract every construct and mechanic shares: its statements, their parse and keys,
    the keys' words in messages, its error codes and the differ's sentences."""

    name: str = ""  # its word: a construct's section (or Ruleset field), a mechanic's id
    # every grammar alias it parses (language.syntax hands each to parse): a construct's tuple, or a
    # mechanic's dict of alias -> the section it is written in; either is read as a collection of aliases
    statements: tuple[str, ...] | dict[str, str] = ()
    kinds: tuple[str, ...] = ()  # the statement kinds its parse gives, where they are not its aliases (rule_key)
    errors: dict[str, str] = {}  # its own error codes -> their summaries (language.errors.CODES takes them in)
    key_words: dict[str, tuple[str, int]] = {}  # a statement kind -> its words in messages, and how many names of its key they take
    diff_phrases: dict = {}  # the differ's aspects it compares -> the sentence of a change (diff.describe)

    @stage("language")
    def parse(self, alias: str, children: list):
        """One of its grammar aliases parsed, from the parse tree's children (language.syntax.ToRaw): a
        construct gives the raw value as the parse keeps it (a statement's (kind, data), or a part's
        value); a mechanic gives a statement's data, which the parse pairs with the alias."""
        raise NotImplementedError(f"{type(self).__name__} {self.name} parses none of its aliases")

    @stage("language")
    def statement_key(self, kind: str, data: dict) -> tuple:
        """What tells two of its statements of this kind apart within one section, after the kind, from
        their parsed data (plain values, never a Name: its place in the file differs). () (the default):
        a section holds one such line."""
        return ()

    @stage("language")
    def rule_key(self, kind: str, data: dict) -> tuple | None:
        """The whole key a statement of this kind is known by within its section: its kind and its
        statement_key (a variant's `change` or `remove` finds the rule of the same key), or None for a
        kind that is not one of its statements. Override statement_key, not this."""
        return (kind, *self.statement_key(kind, data)) if kind in (self.kinds or self.statements) else None

    @stage("language")
    def key_said(self, key: tuple) -> str | None:
        """A key of a rule in its section (rule_key's) in words, where it says the key whole, or None
        (then key_words names it)."""
        return None


__all__ = ["Contract", "STAGES", "stage"]
