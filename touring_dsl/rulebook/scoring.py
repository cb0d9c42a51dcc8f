"""Rulebook stage, scoring: the rulebook's "Scoring" section, on its own (the chapter a construct writes for the
"scoring" slot of mechanics.core.ORDER["chapter"]; rulebook.document sets it among the others)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Callable

from ..mechanics import core
from ..language.model import Ruleset
from .blocks import Section, Text
from .construct_words import section


def scoring_section(ruleset: Ruleset, refs: Callable[..., Text]) -> Section | None:
    """How each race is scored and, for a match, how the match is won; None without a scoring section."""
    marks = SimpleNamespace(refs=refs)  # the only part of a writer these phrases need
    return next((section(c.chapter(ruleset, "scoring", marks), marks) for c in core.CORE
                 if c.owns("scoring") and core.implements(c, "chapter")), None)
