"""Diff stage: two compiled Rulesets -> their differences in meaning, with renamed cards recognised."""
from __future__ import annotations

from ..language.model import Ruleset
from .changes import TOPICS, Change, Diff, EditionRef
from .compare import Comparison
from .describe import describe
from .match import CardMatch
from .render import render_json, render_markdown, render_text


def diff_rulesets(a: Ruleset, b: Ruleset) -> Diff:
    """What changes from edition A (old) to edition B (new), by meaning rather than by text."""
    match = CardMatch(a, b)
    changes = Comparison(a, b, match).run()
    return Diff(a=_ref(a), b=_ref(b), renames=tuple(match.renames()), changes=tuple(changes))


def _ref(ruleset: Ruleset) -> EditionRef:
    return EditionRef(id=ruleset.id, title=ruleset.title, year=ruleset.year)


__all__ = ["Change", "Diff", "EditionRef", "TOPICS", "CardMatch", "describe", "diff_rulesets",
           "render_json", "render_markdown", "render_text"]
