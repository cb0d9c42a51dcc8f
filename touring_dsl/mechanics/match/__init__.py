"""Mechanics, the match: a series of races, scored, until a side's running total reaches a target.

Construct: `match to N points`, a line of the `scoring` section.

    scoring {
        1 point per mile
        50 points for completing the race
        match to 500 points           races are dealt until a side's total reaches 500; the highest total wins
    }

Without the line each race is scored on its own. With it, after each race every side adds its race's
score to its total; once a total has reached N, the highest total wins the match, and equal highest
totals play another race. Who leads each race is seat 1's, unless a mechanic of the match (place
"match": `lead rotates`, mechanics/lead_rotation.py) names another.

What is in this package, one file per stage:

    statements.py  the line's grammar alias -> its raw statement and its key's words (language.syntax,
                   language.statements)
    compile.py     the line -> the target and its citations, with E223; mechanics.scoring's compile step
                   calls it, because the model's part is the Scoring's `match` and `match_provenance`
                   fields (mechanics/scoring/model.py: kept there so that the compiled JSON keeps its order)
    words.py       `touring show`'s words, the rulebook's paragraphs (phrases), the differ's comparison
                   and its sentence

Playing a match stays in the engine: engine/match.py deals race after race from one seed (race_seed),
scores each (engine.rules.scoring), keeps the totals and asks the match's mechanics who leads
(engine.mechanics.first_seat). It is shared machinery above the mechanics layer (it builds Games), used by
`touring play`, `touring simulate` and the web's match alike, and has no kernel lines of its own.
"""
from __future__ import annotations

from ..construct import Construct, on_first_call
from . import statements, words


class MatchConstruct(Construct):
    """The match as the stages call it: one object, each attribute a stage's piece."""

    name = "match"  # the Scoring field it fills (the line is in the `scoring` section)

    # the parse (language.syntax hands its grammar alias here)
    parse = staticmethod(statements.parse)  # (alias, children): the statement's (kind, data)
    key_said = staticmethod(statements.key_said)  # its key in messages ("the match")

    # the compiler (pydantic-free, but imported on use like every compile step)
    compile = on_first_call(f"{__name__}.compile", "compile_match")  # (build): (points or None, provenance)

    # words
    target = staticmethod(words.target)  # (ruleset): the points that win, or None
    show = staticmethod(words.show)  # (ruleset): the end of `touring show`'s scoring line
    rulebook = staticmethod(words.rulebook)  # (ruleset): the Scoring section's paragraphs on the match
    def compare(self, comparison, section: str) -> None:
        """The differ's loop: the match's target, where both rulesets are scored (scoring brought in or
        dropped whole is the differ's own change, with its match)."""
        if comparison.a.scoring is not None and comparison.b.scoring is not None:
            words.compare(comparison)

    diff_phrases = words.DIFF_PHRASES  # its sentence (diff.describe, through mechanics.core)
    statements = tuple(statements.PARSE)  # its grammar aliases (last: the name is the module's until here)


MATCH = MatchConstruct()

__all__ = ["MATCH", "MatchConstruct"]
