"""Mechanics, Progressive Touring: an evening of several tables racing against a clock.

Construct: the `progressive` section of an edition.

    progressive {
        tables of 4 or 6              the numbers a table may seat (each plays the setup for that many)
        partners stay together        (or `partners separate`: how partners move between rounds)
        rounds of 20 minutes          (unsaid: the host sets the length of a round)
        winners move up               the side with most miles at each table moves up a table
        score by mileage
        finished games restart        a game won before the signal is followed by another, miles added
        prizes 3                      places rewarded at the end
        umpire records scores
    }

Each table plays the edition's setup for that many players; when the host gives the signal, play stops at
every table and each player scores their side's miles; the greatest total at the end of the evening wins.

What is in this package, one file per stage:

    statements.py  the section's grammar aliases -> raw statements (language.syntax); each line is one of its kind
    model.py       the model part Progressive (pydantic), which language.model imports from here
    compile.py     the section -> Progressive, each table size checked against the setups (E290, E291, E223)
    words.py       the differ's comparison and its sentences, the rulebook's variant line, `touring new`'s
                   suggestion
    rulebook.py    the rulebook's Progressive play section, as phrases (mechanics.phrases)

Playing a party (seating, rounds, the signal, moving, standings) is touring_dsl.party's, a face above
the engine that `touring party`, `touring simulate --progressive` and the web's party share: it reads
the compiled Progressive and plays each table's game with the engine. The construct has no kernel lines.
"""
from __future__ import annotations

from ...base.i18n import _

from ..construct import Construct, on_first_call
from . import rulebook, statements, words


class ProgressiveConstruct(Construct):
    """Progressive Touring as the stages call it: one object, each attribute a stage's piece."""

    name = "progressive"  # the Ruleset field and the section's word

    # the parse (language.syntax hands each grammar alias of the section here)
    parse = staticmethod(statements.parse)  # (alias, children): the statement's (kind, data), or a part's value
    errors = {"E290": "a progressive table no setup seats",
              "E291": "partners at a progressive table, and how they move, disagree"}

    # the compiler (pydantic: compile.py is imported on use)
    # (build, setups): Progressive or None
    compile_progressive = on_first_call(f"{__name__}.compile", "compile_progressive")

    def compile_fields(self, build, section: str) -> dict:
        """The compiler's loop: the Ruleset's `progressive`, each table seated by the setups compiled before."""
        return {"progressive": self.compile_progressive(build, build.compiled["setups"])}

    # words
    def compare(self, comparison, section: str) -> None:
        words.compare(comparison)  # the differ's changes (diff.compare's loop)

    diff_phrases = words.DIFF_PHRASES  # its sentences (diff.describe, through mechanics.core)
    def suggestions(self, ruleset, section: str) -> list:
        """`touring new`'s: longer rounds, where the edition times them (one way of writing it), or none."""
        found = words.suggest(ruleset)
        return [[found]] if found else []

    section = staticmethod(rulebook.section)  # (ruleset): the rulebook's Progressive play section, or None

    # the rulebook's loops (rulebook.document, rulebook.variant, rulebook.provenance)
    def chapter(self, ruleset, slot: str, book):
        return rulebook.section(ruleset)  # Progressive play, or None

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        return [(_("Progressive play"), ruleset.progressive.provenance)] if ruleset.progressive else []

    def variant_lines(self, old, new, slot: str) -> list[tuple]:
        said = words.variant(old, new)
        return [said] if said else []
    statements = tuple(statements.PARSE)  # its grammar aliases (last: the name is the module's until here)


PROGRESSIVE = ProgressiveConstruct()

__all__ = ["PROGRESSIVE", "ProgressiveConstruct"]
