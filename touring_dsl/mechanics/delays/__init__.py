"""Mechanics, delays: a side moves only while a go card shows on its go pile; a hazard that stops it waits
there until the side lays the remedies its chain names, in order.

Construct: the `delays` section of an edition, and the deck's cards of kind go and remedy.

    delays {
        chain "Flat Tire" then "Spare Tire" then "Go"    a hazard, then the steps that repair it, the
                                                         last the go card (each before it a remedy)
        target showing go                                a stopping hazard goes only on a side showing
                                                         an undelayed go card (`target any`: any side)
    }

A hazard that starts a chain covers its victim's go pile (its effect, the delay: mechanics/effects/
delay.py): the victim lays no mileage until each step of the chain follows it, one per turn, in order.
A go card on an empty pile starts a side. The go pile's state is one small int: EMPTY, RUNNING, or the
step of a chain the side waits for.

Everything delay-specific is in this package, one file per stage:

    statements.py  the section's grammar aliases -> raw statements, and each statement's key (language.syntax)
    model.py    the model part (Chain, Delays), which language.model imports from here
    compile.py  the section's statements -> Delays, with the errors (E230, E231); each hazard's effect
                checks its card once the chains are known (E232: mechanics.effects)
    kernel.py   the state (go piles, go_state), the tables (the go pile states, AFTER, HAZ_STATE, onto)
                and the kernel lines of a go or remedy card laid and of a hazard covering a go pile
    words.py    explain's refusal of a go or remedy card, `touring show`'s lines, the differ's comparison
                and sentences, `touring new`'s suggested chain, the rulebook's sources rows, the steps
                of a chain still to come (the terminal table) and the hazards a first step answers (the
                web table's card faces)
    rulebook.py the rulebook's words: the go card's section, a go or remedy card's role, the stopping
                hazards, the plays on the go piles, a house rule's changes, as phrases (mechanics.phrases)

DELAYS below is what the stages call (language.syntax, the compiler, engine.schema, engine.tables,
engine.codegen, the delay effect, engine.derived, engine.explain, cli.show, cli.new, diff, the rulebook's
document, variant and provenance (through its loops over mechanics.core.CORE), play.table_view, web.views). The grammar lines are in grammar/touring.lark (`delay_rule`, `target`;
`stack hazards` is the stacking mechanic's, mechanics/stacking.py). The safeties' tables that read the go
pile states (GO_FREE, STATE_HAZARD) are tabulated here and written into the kernel by the safeties
(mechanics/safeties.py), whose lines read them.
This package imports only touring_dsl.base and touring_dsl.mechanics.
"""
from __future__ import annotations

from ..construct import Construct, on_first_call
from . import kernel, rulebook, statements, words
from ..phrases import Para


class DelaysConstruct(Construct):
    """The delays construct as the stages call it: one object, each attribute a stage's piece."""

    name = "delays"  # the Ruleset field and the section's word
    topic = "delays"  # the differ's topic (diff.changes.TOPICS)
    errors = {"E230": "a chain that does not end in the Go card",  # (errors.CODES; docs/errors.md)
              "E231": "a chain step of the wrong kind"}

    # the language
    parse = staticmethod(statements.parse)  # (alias, children): the statement's (kind, data), or a part's value
    statement_key = staticmethod(statements.statement_key)  # (kind, data): its key within the section
    key_words = statements.KEY_WORDS  # kind -> (its words in messages, the names of its key they take)
    statements = tuple(statements.PARSE)  # its grammar aliases, each handed to parse by language.syntax

    compile_delays = on_first_call(f"{__name__}.compile", "compile_delays")  # (build): the Delays part

    def compile_fields(self, build, section: str) -> dict:
        return {"delays": self.compile_delays(build)}  # (the compiler's loop)

    # the engine
    card_kinds = kernel.KINDS  # the card kinds laid on a side's own go pile (its `plays`; not `kinds`, the contract's statement kinds)

    def state(self) -> tuple:
        return kernel.STATE  # its StateFields: the go piles and their states (engine.schema)

    def tables(self, t, ruleset, setup) -> None:
        """The go pile states, AFTER, HAZ_STATE, onto, GO_FREE, STATE_HAZARD (engine.tables' loop)."""
        kernel.tables(t, ruleset.delays)

    def kernel_constants(self, t, slot: str) -> list[str]:
        return kernel.kernel_constants(t)  # AFTER and HAZ_STATE (engine.codegen.constants)

    def constant_names(self, slot: str) -> tuple[str, ...]:
        return kernel.CONSTANTS

    def plays(self, t) -> list:
        return [(self.card_kinds, self.go_or_remedy)]  # a go or remedy card laid on its side's own go pile

    go_or_remedy = staticmethod(kernel.go_or_remedy)  # (e): a go or remedy card laid on side s's go pile
    delay = staticmethod(kernel.delay)  # (e): hazard c played on side v (the delay effect's `played`)
    cover = staticmethod(kernel.cover)  # (e): hazard c covers side v's go pile (the delay effect's `acts`)
    pile_state = staticmethod(kernel.pile_state)  # (t, pile): the state a go pile implies (engine.derived)

    # words
    def card_refusal(self, game, s: int, c: int, asking) -> str | None:
        """Why go or remedy card c cannot be laid now: what holds the side up, and what it needs (explain)."""
        if game.t.kind[c] not in self.card_kinds:
            return None
        return words.refusal(game, s, c, lambda: asking.running_refusal(s))

    rest_of_chain = staticmethod(words.rest_of_chain)  # (ruleset, top, next card): the steps after it (play.table_view)
    first_steps = staticmethod(words.first_steps)  # (ruleset): card -> the hazards it answers first (web card faces)
    show_lines = staticmethod(words.show_lines)  # (ruleset): `touring show`'s lines

    def suggestions(self, ruleset, section: str) -> list:
        """`touring new`'s: the quickest repair made to need a remedy too (one way of writing it), or none."""
        found = words.house_rule(ruleset)
        return [[found]] if found else []

    def compare(self, comparison, section: str) -> None:
        words.compare(comparison)  # the differ's changes (diff.compare's loop)

    diff_phrases = words.DIFF_PHRASES  # the differ's aspect -> sentence
    provenance_kinds = ("Recovery",)  # its sources rows' kinds that share a line when they cite alike

    # the rulebook's loops (rulebook.document, rulebook.variant, rulebook.provenance)
    def card_chapter(self, ruleset, slot: str, book):
        return rulebook.go_section(ruleset)  # the go card's chapter of "The cards"

    def card_role(self, ruleset, card, book) -> tuple | None:
        return rulebook.card_role(ruleset, card) if card.kind in rulebook.CARD_KINDS else None

    def setup_lines(self, ruleset) -> list[tuple]:
        return [rulebook.go_pile_laid(ruleset)]

    def play_options(self, ruleset, book) -> list[tuple]:
        return rulebook.play_options(ruleset)  # on the go piles

    def hazard_blocks(self, ruleset, book) -> list:
        return [Para(said) for said in rulebook.stopping(ruleset)]  # the hazards that stop a side

    def hazard_chain(self, ruleset, hazard: str):
        return rulebook.chain_of(ruleset, hazard)

    def hazard_cure(self, ruleset, hazard: str, cure: tuple) -> tuple:
        return (*cure, *rulebook.chain_marks(ruleset, hazard))  # the marks of the chain's assumptions

    def provenance_rows(self, ruleset, slot: str) -> list[tuple[str, object]]:
        return words.provenance_rows(ruleset)  # what a hazard may be laid on, then each chain

    def variant_lines(self, old, new, slot: str) -> list[tuple]:
        return rulebook.differences(old, new)


DELAYS = DelaysConstruct()

__all__ = ["DELAYS", "DelaysConstruct"]
