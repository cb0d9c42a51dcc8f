"""Mechanics, penalties: a hazard that stops a side may also cost it mileage, taken by the attacker.

The construct, in plain words. An edition's `penalties { ... }` section says which hazards cost their
victim mileage, and how much, in each zone:

    penalties {
        take from "15 Miles", "30 Miles"      the piles the cards are taken from (never a protected pile)
        when "Collision" in "Country" take 30 miles    one hazard's price in one zone
        per hour in "Country" take 10 miles   or a rate: a hazard with `hours N` costs N times it there
        never a larger card                   no card worth more than what is still owed is taken
                                              (without it: a larger card may be taken, the victim paying
                                              at least what it owes, with change)
        take the full forfeit                 the attacker takes as much as the piles can pay (the default)
        take up to the forfeit                or any part of it, nothing included
        attacker chooses                      the attacker picks the cards (the only chooser there is)
    }

When such a hazard covers the victim's go pile in a zone with a price, the victim gives up mileage cards
from those piles, worth the price at most (or at least, with a larger card), onto the discard pile. It
pays only what it has and never owes the rest. Which cards is the attacker's choice, so each possible
choice is its own move, carrying a take id (the move codec's `take` field).

Every piece of the construct is in this package; to change penalties, open it:

    model.py    Penalty and Penalties, its part of the compiled Ruleset (touring_dsl.language.model
                re-exports them; a pydantic model, kept apart so a warm simulation never loads it)
    statements.py  each line of the section: its parse, its key in the section, its name in messages
    compile.py  the section -> Penalties, and its errors (E202, E240, E241, E256, E260)
    choices.py  which cards a victim may be made to give up (the arithmetic of the forfeit)
    play.py     its tables, its kernel lines (the plays with takes, the victim's forfeit) and its legal moves
    words.py    `touring show`, the differ's changes and sentences, the rulebook's list of sources
    book.py     the rulebook's Penalties section and a house rule's changes to it

PENALTIES below is what the stages call, each at one point: the compiler (compile_fields), engine.tables
(tables), engine.emitter and engine.codegen (active), engine.rules.legality and mechanics.delays (the
kernel lines), engine.legal (penalty_plays), the rulebook (chapter, hazard_blocks: the hours,
provenance_rows, variant_lines: book.py's phrases, set by rulebook/construct_words.py), cli.show,
cli.new and the differ (show_lines, suggestions, compare, diff_phrases); engine.tables, cli.show, cli.new
and the rulebook reach it through their loops over mechanics.core.CORE (its stage methods: mechanics.construct). The grammar lines are in
grammar/touring.lark (`penalty_rule`); language.syntax hands each to PENALTIES.parse and keys it by
PENALTIES.statement_key, and language.statements names it by PENALTIES.key_words.
This package imports only touring_dsl.base and touring_dsl.mechanics.
"""
from __future__ import annotations

from ...base.i18n import _

from ..construct import Construct, on_first_call
from . import play, statements, words
from . import book as book_words  # (the stage methods' `book` argument is the rulebook's)


class PenaltiesConstruct(Construct):
    """The penalties construct as the stages call it: one object, each attribute a stage's piece."""

    name = "penalties"  # the Ruleset field and the section's word
    topic = "penalties"  # the differ's topic (diff.changes.TOPICS)
    errors = {"E240": "a penalty naming a pile that does not exist",  # (errors.CODES; docs/errors.md)
              "E241": "a penalty for a card that is not a hazard"}
    events = {"penalty": "A penalty was paid."}  # the event its kernel lines report (a worked example may expect it)

    def events_read(self) -> dict[str, str]:
        """Its events' words in the reader's language (a worked example's \"What follows\")."""
        return {"penalty": _("A penalty was paid.")}

    # the language
    parse = staticmethod(statements.parse)  # (alias, children): the statement's (kind, data)
    statement_key = staticmethod(statements.statement_key)  # (kind, data): its key within the section
    key_words = statements.KEY_WORDS  # kind -> (its words in messages, the names of its key they take)
    statements = tuple(statements.PARSE)  # its grammar aliases, each handed to parse by language.syntax

    # (build): the Penalties part, or None
    compile_penalties = on_first_call(f"{__name__}.compile", "compile_penalties")

    def compile_fields(self, build, section: str) -> dict:
        return {"penalties": self.compile_penalties(build)}  # (the compiler's loop; reads build.race's piles)

    # the engine
    def tables(self, t, ruleset, setup) -> None:
        play.tables(t, ruleset)  # the penalty tables on the Tables

    active = staticmethod(play.active)  # (t): whether some hazard costs mileage in this seating

    def features(self, t) -> list[str]:
        return ["penalties" if play.active(t) else "no penalties"]  # the kernel heading's word

    def flags(self, t) -> dict[str, bool]:
        return {"has_penalties": play.active(t)}  # the Emitter's e.has_penalties (the legal plays, a delay's cover)

    duel_plays = staticmethod(play.duel_plays)  # (e, by_victim, lookup): two sides' plays, costly attacks apart
    plays_with_takes = staticmethod(play.plays_with_takes)  # (e): one play per take, in the victims loop
    forfeit_take = staticmethod(play.forfeit_take)  # (e): victim v gives up the take's cards
    penalty_plays = staticmethod(play.penalty_plays)  # (game, mask, victim): engine.legal.Legal's method

    # words
    def show_lines(self, ruleset) -> list[str]:
        return words.show(ruleset)  # `touring show`'s lines

    def suggestions(self, ruleset, section: str) -> list:
        found = words.house_rule(ruleset)  # `touring new`'s suggested change, if any
        return [[found]] if found else []

    def compare(self, comparison, section: str) -> None:
        words.compare(comparison)  # the differ's changes (diff.compare's loop)

    diff_phrases = words.DIFF_WORDS  # the differ's aspect -> sentence

    # the rulebook's loops (rulebook.document, rulebook.variant, rulebook.provenance): book.py's phrases
    provenance_kinds = ("Penalties",)  # its sources rows' kinds that share a line when they cite alike

    def chapter(self, ruleset, slot: str, book):
        return book_words.section(ruleset)  # the Penalties chapter, or None

    def hazard_blocks(self, ruleset, book) -> list:
        return book_words.hours(ruleset)  # the hours each hazard delays, which a penalty may reckon by

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        return words.provenance_rows(ruleset)

    def variant_lines(self, old, new, slot: str) -> list[tuple]:
        return book_words.differences(old, new)


PENALTIES = PenaltiesConstruct()

__all__ = ["PENALTIES", "PenaltiesConstruct"]
