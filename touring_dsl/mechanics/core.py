"""Mechanics, the core constructs: the one registry the language's stages loop over.

CORE lists every core construct; each is a mechanics.construct.Construct (its grammar aliases, their
parse, each statement's key in its section and its words). language.syntax parses a construct's alias
and keys its statements by looping over CORE, and language.statements names the keys the same way: a
new core construct is one entry here, and its module.
"""
from __future__ import annotations

from .construct import Construct
from .counters import COUNTERS
from .penalties import PENALTIES
from .race import RACE
from .safeties import SAFETIES
from .scoring import SCORING
from .turn import TURN
from .zones import ZONES

CORE: tuple[Construct, ...] = (TURN, RACE, ZONES, PENALTIES, SAFETIES, COUNTERS, SCORING)

_BY_ALIAS: dict[str, Construct] = {alias: construct for construct in CORE for alias in construct.statements}


def construct_of(alias: str) -> Construct | None:
    """The core construct that parses this grammar alias, or None."""
    return _BY_ALIAS.get(alias)


def rule_key(kind: str, data: dict) -> tuple | None:
    """The key a core construct gives a statement of this kind within its section, or None."""
    for construct in CORE:
        key = construct.rule_key(kind, data)
        if key is not None:
            return key
    return None


def key_said(key: tuple) -> str | None:
    """A rule's key in words, where a core construct says it whole, or None."""
    for construct in CORE:
        said = construct.key_said(key)
        if said is not None:
            return said
    return None


def key_words() -> dict[str, tuple[str, int]]:
    """Every core construct's statement kind -> its words in messages and the names of its key they take."""
    return {kind: said for construct in CORE for kind, said in construct.key_words.items()}


def diff_phrases() -> dict:
    """Every core construct's differ aspects -> the sentence of a change (diff.describe)."""
    return {aspect: phrase for construct in CORE for aspect, phrase in construct.diff_phrases.items()}


__all__ = ["CORE", "Construct", "construct_of", "rule_key", "key_said", "key_words", "diff_phrases"]
