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
    compile.py  the section -> Penalties, and its errors (E202, E240, E241, E256, E260)
    choices.py  which cards a victim may be made to give up (the arithmetic of the forfeit)
    play.py     its tables, its kernel lines (the plays with takes, the victim's forfeit) and its legal moves
    words.py    `touring show`, the differ's changes and sentences, the rulebook's list of sources
    book.py     the rulebook's Penalties section and a house rule's changes to it

The stages call it at one point each: the compiler (compile_penalties), engine.tables (play.tables),
engine.rules.legality and engine.rules.delays (play's kernel lines), engine.legal (play.penalty_plays),
rulebook.document, rulebook.variant and rulebook.provenance (book, words), cli.show and the differ (words).
The grammar lines are in grammar/touring.lark (`penalties_block`), parsed by language.syntax.
This package imports only touring_dsl.base and touring_dsl.mechanics.
"""
